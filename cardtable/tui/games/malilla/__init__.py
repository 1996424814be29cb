"""Malilla at the table: Spanish suits, the turned card and its bonus, the albur, the redeal call."""

from __future__ import annotations

from collections.abc import Sequence

from cardtable.engine.game import CALL_VERB, Action
from cardtable.engine.words import says, whom
from cardtable.games.malilla.rules import AGREE, ANSWER, DECLINE, REDEAL, Bonus, MalillaView
from cardtable.games.malilla.words import WORDS

from ..base import TableParts, TargetHeading, TrumpSuitFacts, holder

#: What a seat's redeal call or answer leaves under its name.
CALL_NOTES: dict[str, str] = {REDEAL: "asks redeal", AGREE: "agreed", DECLINE: "declined"}


class MalillaParts(TargetHeading, TrumpSuitFacts, TableParts[MalillaView]):
    def face_text(self, code: str) -> str:
        return WORDS.glyph(code)

    def bonus_line(self, view: MalillaView, bonus: Bonus, names: list[str]) -> str:
        kind = WORDS.bonus_kind(bonus)
        team = WORDS.team_name(view.teams[bonus.team], names)
        if bonus.held_back and bonus.counted is None:
            state = ", held back"
        elif bonus.counted is False:
            state = ", lost"
        else:
            state = ""
        return f"+{bonus.points} {team} ({kind}{state})"

    def info_lines(self, view: MalillaView, names: list[str], private: bool = True) -> list[str]:
        v = view
        lines = self.trump_lines(view)
        code = v.deck.codes[v.turned]
        where = holder(names[v.dealer]) if v.turned_in_hand else "played"
        lines.append(f"Turned {self.face_text(code)} ({where})")
        for bonus in v.bonuses:
            lines.append(self.bonus_line(view, bonus, names))
        if v.albur is not None and v.albur_winner is not None:
            drawn = " v ".join(self.face_text(v.deck.codes[c]) for c in v.albur)
            # The albur says who leads the first trick: "leads" until its first card, "led" after.
            first = whom(names[v.albur_winner])
            lines.append(f"Albur {drawn}: {first} {'led' if v.tricks or v.trick else says(first, 'leads')}")
        lines.append(f"Dealer {names[v.dealer]}")
        return lines

    def deal_news(self, view: MalillaView, names: list[str]) -> list[str]:
        return WORDS.bonus_lines(view, names)

    def scores_now(self, view: MalillaView) -> tuple[int, ...]:
        # A trump or albur bonus that counts at once is in the score from the deal.
        return view.match_scores

    def seat_note(self, view: MalillaView, seat: int) -> str:
        for caller, word in reversed(view.calls):
            if caller == seat:
                return CALL_NOTES.get(word, word)
        return ""

    def phase_prompt(self, view: MalillaView, names: Sequence[str]) -> str:
        if view.phase == ANSWER:
            return "Your partner asks for a redeal: agree, or decline and play on?"
        if view.optional_calls:
            return WORDS.REDEAL_OFFERED
        if any(a.verb == CALL_VERB and a.value == REDEAL for a in view.legal_actions()):
            return WORDS.REDEAL_AT_LEAD
        return "Your turn: pick a card."

    def waiting_text(self, view: MalillaView, names: list[str]) -> str | None:
        if view.phase == ANSWER and view.caller is not None and view.to_act is not None:
            return WORDS.redeal_waiting(names[view.caller], names[view.to_act])
        return None

    def calls_to_offer(self, view: MalillaView, actions: list[Action]) -> list[Action]:
        # The leader may call too: ask before the first card, so the chance is not lost to a quick lead.
        return [a for a in actions if a.verb == CALL_VERB and a.value == REDEAL]

    def offer_prompt(self, view: MalillaView, calls: list[Action]) -> str:
        return "You hold seven cards of one suit: ask your partner for a redeal before the first lead?"


PARTS = MalillaParts("malilla", MalillaView)
