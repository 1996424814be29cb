"""Truco at the table: the vira and the manilhas, the stake and its raises, mão de onze and mão de ferro.

Truco hands are three cards and tricks have no points, so the side panel shows the stake, the tricks
won and who may raise; the vira lies beside the trick with the manilhas named, and the manilhas in your
hand carry a star; the calls are keys (v for truco and its raises; c only for a call without a key of its
own) and dialogs at the side of the table; a card can be played face down (d).  Truco Argentino has parts
of its own (``argentino``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardtable.engine.cards import bits
from cardtable.engine.game import Action
from cardtable.games.truco.argentino import ArgentinoOptions
from cardtable.games.truco.rules import (
    ACCEPT,
    ANSWER,
    DECIDE,
    FERRO,
    ONZE,
    PLAY_HAND,
    RAISE,
    REFUSE,
    RUN,
    TRUCO,
    TrucoView,
    Variant,
)
from cardtable.games.truco.words import WORDS
from cardtable.tui.dialogs.beside_panel import asked_between_the_seats
from cardtable.tui.dialogs.choice import ChoiceDialog

from ..base import SeenTrick, Table, TableParts, TargetHeading, TrickFacts
from .argentino import ARGENTINO_PARTS
from .call import CallDialog
from .lines import next_raise_line, tricks_line

#: What a seat's last call leaves under its name.
CALL_NOTES: dict[str, str] = {TRUCO: "TRUCO!", RAISE: "raised", ACCEPT: "accepted", REFUSE: "refused",
                              PLAY_HAND: "plays it", RUN: "runs"}  # fmt: skip


class TrucoParts(TargetHeading, TrickFacts, TableParts[TrucoView]):
    brief_hand_ends = True

    def for_options(self, options: object) -> TableParts[Any]:
        if isinstance(options, ArgentinoOptions):
            return ARGENTINO_PARTS
        return self

    def face_text(self, code: str) -> str:
        return self.words.glyph(code)

    def is_marked(self, view: TrucoView, card: int) -> bool:
        return bool(view.manilhas >> card & 1)

    def card_mark(self, view: TrucoView, card: int, ascii_cards: bool) -> str:
        return "*" if ascii_cards else "★"

    def aside(self, view: TrucoView) -> tuple[int | None, str, str]:
        return view.vira, "vira", WORDS.manilha_note(view)

    def variant(self, view: TrucoView) -> Variant:
        return view.options.rules

    def manilha_line(self, view: TrucoView) -> str:
        deck = view.deck
        manilhas = sorted(bits(view.manilhas), key=lambda c: view.strength[c])
        if not manilhas:
            return ""
        if view.vira is not None:
            zap = manilhas[-1]
            # As "Vira 6♦", no colon: "Manilhas queens, zap Q♣" fits one line of the narrow side panel.
            return f"Manilhas {WORDS.rank_plural(deck.codes[zap][:-1])}, zap {self.face_text(deck.codes[zap])}"
        return "Manilhas " + " ".join(self.face_text(deck.codes[c]) for c in reversed(manilhas))

    def info_lines(self, view: TrucoView, names: list[str], private: bool = True) -> list[str]:
        v = view
        variant = self.variant(view)
        lines = [f"{variant.name.capitalize()}"]
        if v.vira is not None:
            lines.append(f"Vira {self.face_text(v.deck.codes[v.vira])}")
        lines.append(self.manilha_line(view))
        kind = {ONZE: variant.brink_hand, FERRO: "mão de ferro (blind)"}.get(v.kind)
        if kind:
            lines.append(kind.capitalize())
        lines.append(f"Hand worth {v.value}" + (f", {v.proposed} asked" if v.proposed else ""))
        if v.results:  # the tricks each side won are under "This hand"
            lines.append(tricks_line(v.results, "tie"))
        raiser = self.next_raiser(view, names)
        if raiser:
            lines.append(raiser)
        lines.append(f"Dealer {names[v.dealer]}")
        return lines

    def next_raiser(self, view: TrucoView, names: list[str]) -> str:
        return next_raise_line(view.raising_teams, view.players, view.seat, names)

    def centre_text(self, view: TrucoView) -> str:
        return f"worth\n{view.value}"

    def hand_points(self, view: TrucoView) -> list[int]:
        return view.points()

    def sorted_hand(self, view: TrucoView) -> list[int]:
        return sorted(bits(view.hand), key=lambda c: view.strength[c])

    def hand_entries(self, view: TrucoView) -> list[tuple[int, int | None]]:
        if view.kind == FERRO:
            return [(slot, None) for slot in range(view.slots)]
        return super().hand_entries(view)

    def legal_keys(self, view: TrucoView) -> set[int]:
        if view.kind == FERRO:
            return set(range(len(view.legal)))  # the blind picks, one a face-down slot, in slot order
        return set(bits(view.legal_mask))

    def play_entry(self, view: TrucoView, key: int, face_down: bool = False) -> Action | None:
        if view.kind == FERRO:
            return None if face_down else view.slot_action(key)
        if not face_down:
            return view.play_action(key)
        return view.hidden_plays[key] if view.face_down_allowed else None

    def face_down_allowed(self, view: TrucoView) -> bool:
        return view.face_down_allowed

    def last_trick(self, view: TrucoView) -> SeenTrick | None:
        tricks = view.tricks
        if not tricks:
            return None
        leader, cards, face_down, winner = tricks[-1]
        return SeenTrick(leader, cards, face_down, winner, None)

    def face_down_now(self, view: TrucoView) -> tuple[int, ...]:
        return view.trick_hidden

    def seat_note(self, view: TrucoView, seat: int) -> str:
        for caller, word in reversed(view.calls):
            if caller == seat:
                return CALL_NOTES.get(word, word)
        return ""

    def phase_prompt(self, view: TrucoView, names: Sequence[str]) -> str:
        if view.phase == ANSWER:
            return WORDS.answer_question(view, names)
        if view.phase == DECIDE:
            return f"{self.variant(view).brink_hand.capitalize()}: play the hand (worth more) or run?"
        if view.kind == FERRO:
            return "Mão de ferro: nobody sees their cards. Pick one blind."
        return "Your turn: pick a card."

    def decision_title(self, view: TrucoView, names: Sequence[str]) -> str:
        """The question of a mão de onze (or de dez) with the partners' cards it lets the deciding seat see."""
        shown = "; ".join(
            f"{names[seat]}: " + " ".join(self.face_text(view.deck.codes[c]) for c in bits(cards))
            for seat, cards in view.partner_cards
        )
        partners = "Your partner holds" if len(view.partner_cards) == 1 else "Your partners hold"
        return f"{self.phase_prompt(view, names)}\n{partners} {shown}."

    async def ask(self, table: Table[TrucoView], view: TrucoView, actions: list[Action]) -> Action | None:
        if view.phase == DECIDE and view.partner_cards:
            title = self.decision_title(view, table.names)
            question = ChoiceDialog(title, [(self.choice_label(a), a) for a in actions])
            return await table.app.push_screen_wait(asked_between_the_seats(question))
        if view.phase == ANSWER:
            labels = [(WORDS.call_label(a, view), a) for a in actions]
            return await table.app.push_screen_wait(CallDialog(WORDS.answer_question(view, table.names), labels))
        return await super().ask(table, view, actions)

    async def ask_calls(self, table: Table[TrucoView], view: TrucoView, calls: list[Action]) -> Action | None:
        choices = [(WORDS.call_label(a, view), a) for a in calls]
        return await table.app.push_screen_wait(CallDialog("Make a call", choices, can_cancel=True))

    def call_key_actions(self, view: TrucoView, key: str) -> list[Action]:
        if key != "truco":
            return []
        return [a for a in view.legal_actions() if a.verb == "call" and a.value in (TRUCO, RAISE)]

    def call_key_label(self, view: TrucoView, key: str) -> str:
        return WORDS.raise_words(view)


PARTS = TrucoParts("truco", TrucoView)
