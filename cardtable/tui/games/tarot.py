"""French Tarot at the table: bidding, the chien and the écart, the king call, poignées and the chelem.

The écart and the trumps of a poignée are chosen in a card-picking dialog: the engine gives the
patterns of what may be chosen, and the reason when a card may not.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardtable.engine.cards import bits
from cardtable.engine.errors import IllegalAction
from cardtable.engine.game import Action, View
from cardtable.games.tarot.scoring import number
from cardtable.games.tarot.words import is_trump

from .base import SeenTrick, TableParts

if TYPE_CHECKING:
    from cardtable.tui.screens.table import TableScreen

POIGNEE_NAMES = {0: "single", 1: "double", 2: "triple"}


class TarotParts(TableParts):
    def suit_letter(self, code: str) -> str:
        return "t" if is_trump(code) else code[-1]

    def trump_suit(self, view: View) -> str | None:
        return None

    def last_trick(self, view: View) -> SeenTrick | None:
        tricks = view.tricks  # type: ignore[attr-defined]
        if not tricks:
            return None
        leader, cards, winner, half_points, _winning_card = tricks[-1]
        return SeenTrick(leader, tuple(cards), (), winner, number(half_points))

    def is_marked(self, view: View, card: int) -> bool:
        return is_trump(view.deck.codes[card])

    def sorted_hand(self, view: View) -> list[int]:
        return list(bits(view.hand))  # type: ignore[attr-defined]  # deck order: suits, trumps, the Excuse

    def cards_held(self, view: View, players: int) -> list[int]:
        return list(view.held)  # type: ignore[attr-defined]

    def codes(self, view: View, mask: int) -> str:
        return self.words.glyphs(view.deck.codes_of(mask))

    def info_lines(self, view: View, names: list[str], private: bool = True) -> list[str]:
        v: Any = view
        lines = [f"Deals: {v.options.deals}"]
        if v.taker is not None and v.contract:
            lines.append(f"{names[v.taker]}: {v.contract.replace('_', ' ')}")
        if v.called is not None:
            lines.append(f"King called: {self.card_name(v.deck.codes[v.called])}")
            partner = v.known_partner if private else v.revealed_partner
            if partner is not None:
                lines.append(f"Partner: {names[partner]}")
        if v.chien:
            lines.append(f"Chien: {self.codes(view, v.chien)}")
        if private and v.discard and v.seat == v.taker:
            lines.append(f"Your écart: {self.codes(view, v.discard)}")
        if v.chelem:
            lines.append("Chelem announced")
        lines.append(f"Dealer {names[v.dealer]}")
        return lines

    def centre_text(self, view: View) -> str:
        contract = view.contract  # type: ignore[attr-defined]
        return contract.replace("_", "\n") if contract else "bidding"

    def seat_note(self, view: View, seat: int) -> str:
        v: Any = view
        if v.phase == "bid":
            for bidder, word in reversed(v.bids):
                if bidder == seat:
                    return str(word).replace("_", " ")
        if v.taker == seat:
            return "taker"
        return ""

    def phase_prompt(self, view: View) -> str:
        phase = view.phase
        if phase == "bid":
            return "Your bid: pass, or a contract higher than the last one."
        if phase == "king":
            return "Call a king: its holder will be your secret partner."
        if phase == "discard":
            return "Make your écart: put cards from your hand aside."
        if phase == "chelem":
            return "Will you announce a chelem?"
        return "Your turn: pick a card, Enter plays it."

    async def ask(self, table: TableScreen, view: View, actions: list[Action]) -> Action | None:
        if view.phase == "discard":
            return await self.pick_set(table, view, "discard", "Your écart", None)
        return await super().ask(table, view, actions)

    async def ask_calls(self, table: TableScreen, view: View, calls: list[Action]) -> Action | None:
        levels = [pattern for verb, pattern in view.card_sets() if verb == "poignee"]  # type: ignore[attr-defined]
        if not levels:
            return await super().ask_calls(table, view, calls)
        from cardtable.tui.dialogs.choice import ChoiceDialog

        sizes = [(f"A {POIGNEE_NAMES.get(i, '')} poignée: show {p.must.bit_count() + p.choose} trumps", p)
                 for i, p in enumerate(levels)]  # fmt: skip
        pattern = await table.app.push_screen_wait(
            ChoiceDialog("Show a poignée (before your first card)", sizes, can_cancel=True)
        )
        if pattern is None:
            return None
        return await self.pick_set(table, view, "poignee", "Which trumps do you show?", pattern)

    async def pick_set(self, table: TableScreen, view: View, verb: str, title: str, pattern: Any) -> Action | None:
        from cardtable.tui.dialogs.pick_cards import PickCardsDialog

        if pattern is None:
            pattern = next(p for v, p in view.card_sets() if v == verb)  # type: ignore[attr-defined]
        count = pattern.must.bit_count() + pattern.choose
        # The taker's poignée may also show the trumps of his écart: they are offered beside his hand.
        hand = view.hand  # type: ignore[attr-defined]
        from_ecart = (pattern.pool | pattern.must) & ~hand
        faces = [table.face(view, card) for card in bits(hand | from_ecart)]
        heading = f"{title}: choose {count}"
        if from_ecart:
            kind = "trump" if from_ecart.bit_count() == 1 else "trumps"
            heading += f" ({kind} {self.codes(view, from_ecart)} from your écart)"

        def reason(card: int) -> str:
            state = table.match.current
            others = [c for c in bits(pattern.pool) if c != card][: max(0, pattern.choose - 1)]
            chosen = pattern.must | (1 << card) | sum(1 << c for c in others)
            try:
                if state is not None:
                    state.verify(self.card_set_action(view, verb, chosen))
            except IllegalAction as refused:
                return refused.reason
            return "That card cannot be chosen here."

        chosen = await table.app.push_screen_wait(
            PickCardsDialog(heading, faces, allowed=set(bits(pattern.pool)),
                            must=set(bits(pattern.must)), count=count, reason=reason, can_cancel=verb == "poignee")
        )  # fmt: skip
        if chosen is None:
            return None
        return self.card_set_action(view, verb, sum(1 << c for c in chosen))

    def card_set_action(self, view: View, verb: str, cards: int) -> Action:
        codes = tuple(view.deck.codes_of(cards))
        if verb == "discard":
            return Action(view.seat, "discard", codes)
        return Action(view.seat, "declare", "poignee", (("cards", codes),))


PARTS = TarotParts("tarot")
