"""Malilla at the table: Spanish suits, the turned card and its bonus, the albur, the redeal call."""

from __future__ import annotations

from cardtable.engine.game import Action, View
from cardtable.games.malilla.words import WORDS

from .base import TableParts, holder


class MalillaParts(TableParts):
    def face_text(self, code: str) -> str:
        return WORDS.glyph(code)

    def team_name(self, team: int, names: list[str]) -> str:
        return WORDS.team_name(team, names)

    def bonus_line(self, bonus: object, names: list[str]) -> str:
        kind = WORDS.bonus_kind(bonus)
        team = self.team_name(bonus.team, names)  # type: ignore[attr-defined]
        if bonus.held_back and bonus.counted is None:  # type: ignore[attr-defined]
            state = ", held back"
        elif bonus.counted is False:  # type: ignore[attr-defined]
            state = ", lost"
        else:
            state = ""
        return f"+{bonus.points} {team} ({kind}{state})"  # type: ignore[attr-defined]

    def info_lines(self, view: View, names: list[str], private: bool = True) -> list[str]:
        v = view
        lines = super().info_lines(view, names, private)
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

    def seat_note(self, view: View, seat: int) -> str:
        for caller, word in reversed(view.calls):  # type: ignore[attr-defined]
            if caller == seat:
                return str({"redeal": "asks redeal", "agree": "agreed", "decline": "declined"}.get(word, word))
        return ""

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
