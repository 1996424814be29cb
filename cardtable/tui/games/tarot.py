"""French Tarot at the table: bidding, the chien and the écart, the king call, poignées and the chelem.

The écart and the trumps of a poignée are chosen in a card-picking dialog: the engine gives the
patterns of what may be chosen, and the reason when a card may not.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardtable.engine.cards import RANK_NAMES, SUIT_NAMES, bits
from cardtable.engine.errors import IllegalAction
from cardtable.engine.game import Action, View

from .base import TableParts, says

if TYPE_CHECKING:
    from cardtable.tui.screens.table import TableScreen

CONTRACT_LABELS = {
    "pass": "Pass",
    "petite": "Petite",
    "garde": "Garde",
    "garde_sans": "Garde sans (the chien is not taken)",
    "garde_contre": "Garde contre (the chien goes to the defence)",
}
POIGNEE_NAMES = {0: "single", 1: "double", 2: "triple"}


def is_trump(code: str) -> bool:
    return code.startswith("T") or code == "EX"


class TarotParts(TableParts):
    def card_face(self, code: str, ascii_cards: bool) -> tuple[str, str]:
        if is_trump(code):
            return code, ""
        return super().card_face(code, ascii_cards)

    def suit_letter(self, code: str) -> str:
        return "t" if is_trump(code) else code[-1]

    def card_name(self, code: str) -> str:
        if code == "EX":
            return "the Excuse"
        if code.startswith("T"):
            return f"trump {code[1:]}" + (" (the Petit)" if code == "T1" else "")
        rank, suit = code[:-1], code[-1]
        return f"the {RANK_NAMES.get(rank, rank)} of {SUIT_NAMES[suit]}"

    def trump_suit(self, view: View) -> str | None:
        return None

    def is_marked(self, view: View, card: int) -> bool:
        return is_trump(view.deck.codes[card])

    def sorted_hand(self, view: View) -> list[int]:
        return list(bits(view.hand))  # deck order: the four suits, then the trumps, then the Excuse

    def cards_held(self, view: View, players: int) -> list[int]:
        return list(view.held)  # type: ignore[attr-defined]

    def codes(self, view: View, mask: int) -> str:
        return " ".join(view.deck.codes_of(mask))

    def info_lines(self, view: View, names: list[str]) -> list[str]:
        v: Any = view
        lines = [f"Deals: {v.options.deals}"]
        if v.taker is not None and v.contract:
            lines.append(f"{names[v.taker]}: {v.contract.replace('_', ' ')}")
        if v.called is not None:
            lines.append(f"King called: {self.card_name(v.deck.codes[v.called])}")
            if v.known_partner is not None:
                lines.append(f"Partner: {names[v.known_partner]}")
        if v.chien:
            lines.append(f"Chien: {self.codes(view, v.chien)}")
        if v.discard and v.seat == v.taker:
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
                    return word.replace("_", " ")
        if v.taker == seat:
            return "taker"
        return ""

    def describe_action(self, action: Action, names: list[str]) -> str:
        who = names[action.seat]
        if action.verb == "bid":
            if action.value == "pass":
                return f"{who} {says(who, 'passes')}."
            return f"{who} {says(who, 'bids')} {action.value.replace('_', ' ')}."
        if action.verb == "king":
            return f"{who} {says(who, 'calls')} {self.card_name(action.value)}."
        if action.verb == "discard":
            shown = [c for c in action.value if is_trump(c)]
            extra = f" (trumps shown: {' '.join(shown)})" if shown else ""
            return f"{who} {says(who, 'puts')} {len(action.value)} cards in the écart{extra}."
        if action.verb == "declare":
            if action.value == "poignee":
                cards = action.get("cards") or ()
                return f"{who} {says(who, 'shows')} a poignée of {len(cards)}: {' '.join(cards)}."
            if action.value == "chelem":
                return f"{who} {says(who, 'announces')} a chelem!"
            return f"{who} {says(who, 'announces')} no chelem."
        return super().describe_action(action, names)

    def choice_label(self, action: Action) -> str:
        if action.verb == "bid":
            return CONTRACT_LABELS.get(action.value, str(action.value))
        if action.verb == "king":
            return f"Call {self.card_name(action.value)}"
        if action.verb == "declare":
            if action.value == "poignee":
                return f"Show a poignée of {len(action.get('cards') or ())} trumps"
            return {"chelem": "Announce a chelem (all the tricks)", "no_chelem": "No chelem"}[action.value]
        return super().choice_label(action)

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
        faces = [table.face(view, card) for card in self.sorted_hand(view)]

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
            PickCardsDialog(f"{title}: choose {count}", faces, allowed=set(bits(pattern.pool)),
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
