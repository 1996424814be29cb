"""French Tarot at the table: bidding, the chien and the écart, the king call, poignées and the chelem.

The écart and the trumps of a poignée are chosen in a card-picking dialog: the view gives the
patterns of what may be chosen, the level of each poignée, and the reason when a card may not.
"""

from __future__ import annotations

from collections.abc import Sequence

from cardtable.engine.cards import bits
from cardtable.engine.game import Action
from cardtable.engine.words import counted
from cardtable.games.tarot.rules import (
    BID,
    CHELEM,
    DECLARE_VERB,
    DISCARD,
    DISCARD_VERB,
    KING,
    KING_VERB,
    NO_CHELEM,
    PASS,
    POIGNEE,
    CardSet,
    TarotView,
    card_set_action,
)
from cardtable.games.tarot.scoring import POIGNEE_NAMES, number
from cardtable.games.tarot.words import WORDS
from cardtable.tui.dialogs.beside_panel import asked_between_the_seats
from cardtable.tui.dialogs.choice import ChoiceDialog
from cardtable.tui.host import TableHost

from ..base import SeenTrick, Table, TableParts, TrickFacts


class TarotParts(TrickFacts, TableParts[TarotView]):
    def suit_letter(self, view: TarotView, card: int) -> str:
        return "t" if view.unsuited >> card & 1 else super().suit_letter(view, card)

    def last_trick(self, view: TarotView) -> SeenTrick | None:
        tricks = view.tricks
        if not tricks:
            return None
        leader, cards, winner, half_points, _winning_card = tricks[-1]
        return SeenTrick(leader, tuple(cards), (), winner, number(half_points))

    def is_marked(self, view: TarotView, card: int) -> bool:
        # The Excuse is not a trump, but it plays outside the suits like one and is drawn with them.
        return bool(view.unsuited >> card & 1)

    def codes(self, view: TarotView, mask: int) -> str:
        return self.words.glyphs(view.deck.codes_of(mask))

    def heading(self, view: TarotView) -> str:
        return f"{self.rules.title} — {counted(view.options.deals, 'deal')}"

    def info_lines(self, view: TarotView, names: list[str], private: bool = True) -> list[str]:
        v = view
        lines = []
        count = v.attack_count if private else v.public_count
        if v.taker is not None and v.contract:
            lines.append(f"{names[v.taker]}: {v.contract.replace('_', ' ')}")
            if count is not None:
                lines.extend(WORDS.count_lines(count))
        if v.called is not None:
            lines.append(f"King called: {self.words.glyph(v.deck.codes[v.called])}")
            partner = v.known_partner if private else v.revealed_partner
            if partner is not None:
                lines.append(f"Partner: {names[partner]}")
        mine = private and v.seat == v.taker
        # While the taker discards the chien lies on the table; then his écart line tells him more.
        if v.chien and v.phase != DISCARD and not (mine and v.discard):
            lines.append(f"Chien: {self.codes(view, v.chien)}")
        if mine and v.discard:
            lines.append(WORDS.ecart_line(v.deck.codes_of(v.discard), count.ecart if count else None))
        if v.chelem:
            lines.append("Chelem announced")
        return lines

    def spread(self, view: TarotView, names: list[str]) -> tuple[str, list[int]] | None:
        """The chien, face up on the table from the moment it is turned until the taker has made his écart."""
        if view.phase != DISCARD or not view.chien or view.taker is None:
            return None
        return WORDS.chien_label(names[view.taker]), list(bits(view.chien))

    def centre_text(self, view: TarotView) -> str:
        contract = view.contract
        return contract.replace("_", "\n") if contract else "bidding"

    def seat_note(self, view: TarotView, seat: int) -> str:
        if view.phase == BID:
            for bidder, word in reversed(view.bids):
                if bidder == seat:
                    return word.replace("_", " ")
        if view.taker == seat:
            return "taker"
        return ""

    def announces(self, action: Action) -> bool:
        # The king called (your partner may be the one who holds it), a poignée shown, a chelem announced.
        return action.verb == KING_VERB or (action.verb == DECLARE_VERB and action.value != NO_CHELEM)

    def phase_prompt(self, view: TarotView, names: Sequence[str]) -> str:
        phase = view.phase
        if phase == BID:
            if all(action.value == PASS for action in view.legal_actions()):
                return "Your bid: pass (no contract is higher than the last one)."
            return "Your bid: pass, or a contract higher than the last one."
        if phase == KING:
            return "Call a king: its holder will be your secret partner."
        if phase == DISCARD:
            return "Make your écart: put cards from your hand aside."
        if phase == CHELEM:
            return "Will you announce a chelem?"
        return "Your turn: pick a card."

    def to_beat(self, view: TarotView, names: Sequence[str]) -> str:
        """The bid to beat and who made it, from the bids the seat heard ("To beat: garde, East")."""
        for bidder, word in reversed(view.bids):
            if word != PASS:
                return f"To beat: {word.replace('_', ' ')}, {names[bidder]}"
        return "No bid to beat yet" if view.bids else "You speak first"

    async def ask(self, table: Table[TarotView], view: TarotView, actions: list[Action]) -> Action | None:
        if view.phase == BID:
            # Between the seats: each seat's bid stays in view under its name while this one is chosen.
            labels = [(self.choice_label(action), action) for action in actions]
            dialog = ChoiceDialog("Your bid", labels, text=self.to_beat(view, table.names))
            return await table.app.push_screen_wait(asked_between_the_seats(dialog))
        if view.phase == DISCARD:
            pattern = next(p for verb, p in view.card_sets() if verb == DISCARD_VERB)
            note = WORDS.chien_heading(view.deck.codes_of(view.chien))
            return await self.pick_set(table, view, DISCARD_VERB, "Your écart", pattern, note)
        if view.phase == KING:
            labels = [(WORDS.king_call_label(a, bool(view.hand >> view.deck.index[a.value] & 1)), a)
                      for a in actions]  # fmt: skip
            king = ChoiceDialog(self.phase_prompt(view, table.names), labels)
            return await table.app.push_screen_wait(asked_between_the_seats(king))
        if view.phase == CHELEM:  # "no chelem" first, under the cursor: an Enter out of habit announces nothing
            actions = sorted(actions, key=lambda action: action.value != NO_CHELEM)
        return await super().ask(table, view, actions)

    async def ask_calls(self, table: Table[TarotView], view: TarotView, calls: list[Action]) -> Action | None:
        levels = [pattern for verb, pattern in view.card_sets() if verb == POIGNEE]
        if not levels:
            return await super().ask_calls(table, view, calls)
        sizes = [(f"A {POIGNEE_NAMES[level]} poignée: show {p.must.bit_count() + p.choose} trumps", p)
                 for level, p in zip(view.poignee_levels, levels, strict=True)]  # fmt: skip
        pattern = await table.app.push_screen_wait(
            asked_between_the_seats(ChoiceDialog("Show a poignée (before your first card)", sizes, can_cancel=True))
        )
        if pattern is None:
            return None
        return await self.pick_set(table, view, POIGNEE, "Which trumps do you show?", pattern)

    async def pick_set(self, table: Table[TarotView], view: TarotView, verb: str, title: str,
                       pattern: CardSet, note: str = "") -> Action | None:  # fmt: skip
        from .pick_cards import PickCardsDialog

        count = pattern.must.bit_count() + pattern.choose
        # The taker's poignée may also show the trumps of his écart: they are offered beside his hand.
        hand = view.hand
        from_ecart = (pattern.pool | pattern.must) & ~hand
        faces = [table.face(view, card) for card in bits(hand | from_ecart)]
        heading = f"{title}: choose {count}"
        if from_ecart:
            kind = "trump" if from_ecart.bit_count() == 1 else "trumps"
            heading += f" ({kind} {self.codes(view, from_ecart)} from your écart)"

        ascii_only = isinstance(table.app, TableHost) and table.app.ascii_cards

        def reason(card: int) -> str:
            return view.refusal(verb, pattern, card)

        chosen = await table.app.push_screen_wait(
            PickCardsDialog(heading, faces, allowed=set(bits(pattern.pool)),
                            must=set(bits(pattern.must)), count=count, reason=reason, can_cancel=verb == POIGNEE,
                            note=note, names=lambda card: WORDS.glyph(view.deck.codes[card]),
                            mark="x" if ascii_only else "✓")
        )  # fmt: skip
        if chosen is None:
            return None
        return card_set_action(view.seat, verb, sum(1 << c for c in chosen))


PARTS = TarotParts("tarot", TarotView)
