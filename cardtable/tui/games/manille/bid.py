"""A points-and-suit bid (Manille's auction): the lowest legal value first, then up or down.

Its lines are few and its buttons one row high, so that it stands between the seats at 80x24 with every seat's
bid in view; ``text`` is the auction so far as the game's parts word it (the bid to beat, and whose it is).
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Label, Static

from cardtable.engine.cards import SUIT_GLYPHS
from cardtable.engine.game import Action
from cardtable.engine.visible import visible
from cardtable.games.manille.rules import PASS
from cardtable.tui.dialogs.hinted import HINT_BINDING, HintedDialog
from cardtable.tui.keys import UNDO_BINDING


class BidDialog(HintedDialog[Action]):
    # Enter bids: with a suit button focused first, Enter pressed that button and the bid never went.
    AUTO_FOCUS = "#bid"
    BINDINGS = [
        Binding("up,plus,k", "change(1)", "+1"),
        Binding("down,minus,j", "change(-1)", "-1"),
        Binding("s,S", "suit('S')", "♠", show=False),
        Binding("h,H", "suit('H')", "♥", show=False),
        Binding("d,D", "suit('D')", "♦", show=False),
        Binding("c,C", "suit('C')", "♣", show=False),
        Binding("enter", "bid", "Bid"),
        Binding("p", "pass_", "Pass"),
        HINT_BINDING,
        UNDO_BINDING,
    ]

    def __init__(self, seat: int, actions: list[Action], suit_names: dict[str, str], text: str = "") -> None:
        super().__init__()
        self.seat = seat
        self.text = visible(text)
        self.suit_names = suit_names
        #: The legal bids by (value, suit), and the pass: the dialog only ever answers one of them.
        self.legal: dict[tuple[int, str], Action] = {(a.value, a.get("suit")): a for a in actions if a.value != PASS}
        self.passing = next((a for a in actions if a.value == PASS), None)
        values = sorted({value for value, _ in self.legal})
        self.low, self.high = (values[0], values[-1]) if values else (0, 0)
        self.value = self.low
        self.suit = "S"

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label("Your bid", classes="dialog-title")
            if self.text:
                yield Static(self.text, classes="dialog-text", markup=False)
            yield Static("", id="bid-value")
            yield Static(f"↑/↓ the value ({self.low} to {self.high}), S H D C the trump suit", id="bid-help")
            with Horizontal(classes="buttons"):
                for suit in "SHDC":
                    yield Button(f"{SUIT_GLYPHS[suit]} {suit}", id=f"suit-{suit}", compact=True)
            with Horizontal(classes="buttons"):
                yield Button("Bid (Enter)", variant="primary", id="bid", compact=True)
                yield Button("Pass (p)", id="pass", compact=True)
            yield self.hint_line()
        yield self.footer()

    def on_mount(self) -> None:
        self.show()

    def show(self) -> None:
        text = f"{self.value} pips, {SUIT_GLYPHS[self.suit]} {self.suit_names[self.suit]} trump"
        self.query_one("#bid-value", Static).update(text)

    def point_at(self, action: Action | None, cards: frozenset[int]) -> bool:
        if action is None:
            return False
        if action == self.passing:
            self.query_one("#pass", Button).focus()  # Enter on the focused Pass button passes
            return True
        for (value, suit), bid in self.legal.items():
            if bid == action:
                self.value, self.suit = value, suit
                self.query_one("#bid", Button).focus()
                self.show()
                return True
        return False

    def action_change(self, step: int) -> None:
        self.value = max(self.low, min(self.high, self.value + step))
        self.show()

    def action_suit(self, suit: str) -> None:
        self.suit = suit
        self.show()

    def action_bid(self) -> None:
        bid = self.legal.get((self.value, self.suit))
        if bid is not None:
            self.dismiss(bid)

    def action_pass_(self) -> None:
        if self.passing is not None:
            self.dismiss(self.passing)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        button = event.button.id or ""
        if button.startswith("suit-"):
            self.action_suit(button[5:])
        elif button == "bid":
            self.action_bid()
        else:
            self.action_pass_()
