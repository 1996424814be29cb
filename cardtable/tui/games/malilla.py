"""Malilla at the table: Spanish suits, the turned card and its bonus, the albur, the redeal call."""

from __future__ import annotations

from cardtable.engine.cards import SPANISH_SUIT_NAMES, SUIT_GLYPHS, split_code
from cardtable.engine.game import Action, View

from .base import TableParts, holder, says

BONUS_NAMES = {"trump": "turned card", "albur": "albur"}


class MalillaParts(TableParts):
    suit_names = SPANISH_SUIT_NAMES

    def face_text(self, code: str) -> str:
        rank, suit = split_code(code)
        return f"{rank}{SUIT_GLYPHS[suit]}"

    def team_name(self, team: int, names: list[str]) -> str:
        return f"{names[team]} & {names[team + 2]}"

    def bonus_line(self, bonus: object, names: list[str]) -> str:
        kind = BONUS_NAMES.get(bonus.kind, bonus.kind)  # type: ignore[attr-defined]
        team = self.team_name(bonus.team, names)  # type: ignore[attr-defined]
        if bonus.held_back and bonus.counted is None:  # type: ignore[attr-defined]
            state = ", held back"
        elif bonus.counted is False:  # type: ignore[attr-defined]
            state = ", lost"
        else:
            state = ""
        return f"+{bonus.points} {team} ({kind}{state})"  # type: ignore[attr-defined]

    def info_lines(self, view: View, names: list[str]) -> list[str]:
        v = view
        lines = super().info_lines(view, names)
        code = v.deck.codes[v.turned]  # type: ignore[attr-defined]
        where = holder(names[v.dealer]) if v.turned_in_hand else "played"  # type: ignore[attr-defined]
        lines.append(f"Turned {self.face_text(code)} ({where})")
        for bonus in v.bonuses:  # type: ignore[attr-defined]
            lines.append(self.bonus_line(bonus, names))
        if v.albur is not None:  # type: ignore[attr-defined]
            drawn = " v ".join(self.face_text(v.deck.codes[c]) for c in v.albur)  # type: ignore[attr-defined]
            lines.append(f"Albur {drawn}, {names[v.albur_winner]} led")  # type: ignore[attr-defined]
        lines.append(f"Dealer {names[v.dealer]}")
        return lines

    def deal_lines(self, view: View, names: list[str]) -> list[str]:
        v = view
        dealer = names[v.dealer]
        code = v.deck.codes[v.turned]  # type: ignore[attr-defined]
        lines = [f"{dealer} {says(dealer, 'turns')} {self.card_name(code)}: {self.suit_names[code[-1]]} are trump."]
        for bonus in v.bonuses:  # type: ignore[attr-defined]
            team = self.team_name(bonus.team, names)
            kind = BONUS_NAMES.get(bonus.kind, bonus.kind)
            if bonus.held_back:
                lines.append(f"The {kind} ({bonus.points}) for {team} is held back: it would reach the target.")
            else:
                lines.append(f"{team} score the {kind}: {bonus.points}.")
        if v.albur is not None:  # type: ignore[attr-defined]
            first, second = (self.card_name(v.deck.codes[c]) for c in v.albur)  # type: ignore[attr-defined]
            winner = names[v.albur_winner]  # type: ignore[attr-defined]
            lines.append(f"Albur: {first} against {second}; {winner} {says(winner, 'wins')} it and leads.")
        return lines

    def seat_note(self, view: View, seat: int) -> str:
        for caller, word in reversed(view.calls):  # type: ignore[attr-defined]
            if caller == seat:
                return {"redeal": "asks redeal", "agree": "agreed", "decline": "declined"}.get(word, word)
        return ""

    def describe_action(self, action: Action, names: list[str]) -> str:
        who = names[action.seat]
        if action.verb == "call":
            if action.value == "redeal":
                return f"{who} {says(who, 'asks')} for a redeal (seven cards of one suit)."
            if action.value == "agree":
                return f"{who} {says(who, 'agrees')}: the cards are dealt again by the same dealer."
            return f"{who} {says(who, 'declines')} the redeal: play goes on."
        return super().describe_action(action, names)

    def choice_label(self, action: Action) -> str:
        labels = {"redeal": "Ask for a redeal", "agree": "Agree to the redeal", "decline": "Decline the redeal"}
        if action.verb == "call" and action.value in labels:
            return labels[action.value]
        return super().choice_label(action)

    def phase_prompt(self, view: View) -> str:
        if view.phase == "answer":
            return "Your partner asks for a redeal: agree, or decline and play on?"
        return "Your turn: pick a card, Enter plays it."

    def calls_to_offer(self, view: View, actions: list[Action]) -> list[Action]:
        # The leader may call too: ask before the first card, so the chance is not lost to a quick lead.
        return [a for a in actions if a.verb == "call" and a.value == "redeal"]

    def offer_prompt(self, view: View, calls: list[Action]) -> str:
        return "You hold seven cards of one suit: ask your partner for a redeal before the first lead?"


PARTS = MalillaParts("malilla")
