"""Manille at the table: the turned card, the auction's bids, the knock and the counter."""

from __future__ import annotations

from cardtable.engine.cards import SUIT_GLYPHS
from cardtable.engine.game import Action
from cardtable.games.manille.rules import AUCTION, DOUBLING, ManilleView

from .base import Table, TableParts, TargetHeading, TrumpSuitFacts, holder


class ManilleParts(TargetHeading, TrumpSuitFacts, TableParts[ManilleView]):
    def info_lines(self, view: ManilleView, names: list[str], private: bool = True) -> list[str]:
        v = view
        lines = self.trump_lines(view)
        if v.turned is not None:
            code = v.deck.codes[v.turned]
            where = holder(names[v.dealer]) if v.turned_in_hand else "played"
            lines.append(f"Turned {self.words.glyph(code)} ({where})")
        if v.contract is not None:
            seat, value, suit = v.contract
            lines.append(f"Contract: {names[seat]}, {value} in {self.suit_names[v.deck.suits[suit]]}")
        if v.options.doubling and v.multiplier > 1:
            lines.append(f"Stake: x{v.multiplier} ({'knocked' if v.multiplier == 2 else 'countered'})")
        lines.append(f"Dealer {names[v.dealer]}")
        return lines

    def seat_note(self, view: ManilleView, seat: int) -> str:
        for bidder, value, suit in reversed(view.bids):
            if bidder == seat and view.phase == AUCTION:
                if value is None or suit is None:
                    return "passed"
                return f"bid {value}{SUIT_GLYPHS[view.deck.suits[suit]]}"
        if view.knocker == seat:
            return "knocked"
        return ""

    def phase_prompt(self, view: ManilleView) -> str:
        phase = view.phase
        if phase == AUCTION:
            return "Your bid: how many pips will your side take, and in which trump?"
        if phase == DOUBLING:
            return "Knock to double the stake?" if view.knocker is None else "Counter the knock?"
        return "Your turn: pick a card."

    async def ask(self, table: Table[ManilleView], view: ManilleView, actions: list[Action]) -> Action | None:
        if view.phase != AUCTION:
            return await super().ask(table, view, actions)
        from cardtable.tui.dialogs.bid import BidDialog

        return await table.app.push_screen_wait(BidDialog(view.seat, actions, self.suit_names))


PARTS = ManilleParts("manille", ManilleView)
