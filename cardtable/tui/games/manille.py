"""Manille at the table: the turned card, the auction's bids, the knock and the counter."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardtable.engine.cards import SUIT_GLYPHS
from cardtable.engine.game import Action, View

from .base import TableParts, holder

if TYPE_CHECKING:
    from cardtable.tui.screens.table import TableScreen


class ManilleParts(TableParts):
    def info_lines(self, view: View, names: list[str], private: bool = True) -> list[str]:
        v = view
        lines = super().info_lines(view, names, private)
        if v.turned is not None:  # type: ignore[attr-defined]
            code = v.deck.codes[v.turned]  # type: ignore[attr-defined]
            where = holder(names[v.dealer]) if v.turned_in_hand else "played"  # type: ignore[attr-defined]
            lines.append(f"Turned {code[:-1]}{SUIT_GLYPHS[code[-1]]} ({where})")
        if v.contract is not None:  # type: ignore[attr-defined]
            seat, value, suit = v.contract  # type: ignore[attr-defined]
            lines.append(f"Contract: {names[seat]}, {value} in {self.suit_names[v.deck.suits[suit]]}")
        if v.options.doubling and v.multiplier > 1:  # type: ignore[attr-defined]
            lines.append(f"Stake: x{v.multiplier} ({'knocked' if v.multiplier == 2 else 'countered'})")  # type: ignore[attr-defined]
        lines.append(f"Dealer {names[v.dealer]}")
        return lines

    def seat_note(self, view: View, seat: int) -> str:
        for bidder, value, suit in reversed(view.bids):  # type: ignore[attr-defined]
            if bidder == seat and view.phase == "auction":
                return "passed" if value is None else f"bid {value}{SUIT_GLYPHS[view.deck.suits[suit]]}"
        if view.knocker == seat:  # type: ignore[attr-defined]
            return "knocked"
        return ""

    def phase_prompt(self, view: View) -> str:
        phase = view.phase
        if phase == "auction":
            return "Your bid: how many pips will your side take, and in which trump?"
        if phase == "doubling":
            return "Knock to double the stake?" if view.knocker is None else "Counter the knock?"  # type: ignore[attr-defined]
        return "Your turn: pick a card, Enter plays it."

    async def ask(self, table: TableScreen, view: View, actions: list[Action]) -> Action | None:
        if view.phase != "auction":
            return await super().ask(table, view, actions)
        from cardtable.tui.dialogs.bid import BidDialog

        return await table.app.push_screen_wait(BidDialog(view.seat, actions, self.suit_names))


PARTS = ManilleParts("manille")
