"""Watching a finished match from the archive: every action, forward and back, with every hand face up.

Nothing here plays: the screen replays the record through the engine to the chosen point each time, and
neither counts the match again nor writes a save (it holds no ``MatchSave``).
"""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Label, Static

from cardtable.archive import ArchivedMatch
from cardtable.engine.cards import bits
from cardtable.engine.game import PLAY_VERB, HandState
from cardtable.engine.match import Match
from cardtable.engine.visible import visible
from cardtable.tui.dialogs.choice import ChoiceDialog
from cardtable.tui.dialogs.export import ExportDialog
from cardtable.tui.games import parts_for
from cardtable.tui.games.base import TableParts, says
from cardtable.tui.host import TableHost
from cardtable.tui.laid_out import LaidOutOnce
from cardtable.tui.sides import score_line
from cardtable.tui.styled_once import StyledOnce
from cardtable.tui.widgets.footer import KeysFooter

#: How a suit's cards are drawn here (by suit letter), and the four-colour deck's own colours.
SUIT_STYLES = {"H": "bold red", "D": "bold red", "S": "bold", "C": "bold"}
FOUR_COLOUR_STYLES = {"H": "bold red", "D": "bold blue", "S": "bold", "C": "bold green"}


def when(finished: str) -> str:
    """``2026-12-01T10:00:00Z`` as "2026-12-01 10:00" (UTC, as archived)."""
    return finished.replace("T", " ")[:16]


#: Moving a step and moving a hand: each group's two keys are shown together under one name.
STEP, HAND = Binding.Group("Step"), Binding.Group("Hand")


class WatchScreen(LaidOutOnce, StyledOnce, Screen[None]):
    """The table of a finished match, at a point chosen with the keys: (hand, actions done in it)."""

    BINDINGS = [
        Binding("left,backspace", "step(-1)", "Back", group=STEP),
        Binding("right,space,l", "step(1)", "Next", group=STEP),
        Binding("pageup,leftsquarebracket", "hand(-1)", "Hand back", key_display="PgUp", group=HAND),
        Binding("pagedown,rightsquarebracket", "hand(1)", "Next hand", key_display="PgDn", group=HAND),
        Binding("home", "ends(0)", "Start", show=False),
        Binding("end", "ends(1)", "End", show=False),
        Binding("j", "jump", "Jump"),
        Binding("e", "export", "Export"),
        Binding("escape,q", "close", "Close"),
    ]

    def __init__(self, archived: ArchivedMatch) -> None:
        super().__init__()
        self.archived = archived
        self.record = archived.record
        self.parts: TableParts[Any] = parts_for(self.record.rules.name).for_options(self.record.options)
        #: The names as they are shown: what a terminal would act on written out (the archive is a file).
        self.names = [visible(name) for name in archived.config.names]
        self.hand = 0
        self.done = 0
        #: The codes of the cards each seat holds at the point shown (every hand face up).
        self.shown_hands: list[list[str]] = []
        #: The hand shown, told so far (its actions and who took each trick).
        self.told: list[str] = []

    def compose(self) -> ComposeResult:
        with Vertical(id="watch"):
            yield Label("", id="watch-title", markup=False)
            with Horizontal(id="watch-row"):
                yield Static("", id="watch-table")
                yield Static("", id="watch-log")
            yield Static("", id="watch-said", markup=False)
        yield KeysFooter(show_command_palette=False)

    def on_mount(self) -> None:
        self.show()

    def on_resize(self) -> None:
        self.show()

    # ------------------------------------------------------------------ moving
    def actions_in(self, hand: int) -> int:
        return len(self.record.hands[hand].actions)

    def action_step(self, step: int) -> None:
        hand, done = self.hand, self.done + step
        if done > self.actions_in(hand) and hand + 1 < len(self.record.hands):
            hand, done = hand + 1, 0
        elif done < 0 and hand > 0:
            hand, done = hand - 1, self.actions_in(hand - 1)
        self.go(hand, done)

    def action_hand(self, step: int) -> None:
        self.go(self.hand + step, 0)

    def action_ends(self, end: int) -> None:
        last = len(self.record.hands) - 1
        self.go(last, self.actions_in(last)) if end else self.go(0, 0)

    def go(self, hand: int, done: int) -> None:
        hand = max(0, min(len(self.record.hands) - 1, hand))
        done = max(0, min(self.actions_in(hand), done))
        if (hand, done) != (self.hand, self.done):
            self.hand, self.done = hand, done
            self.show()

    async def action_jump(self) -> None:
        self.run_worker(self._jump(), group="dialog", exclusive=True)

    async def _jump(self) -> None:
        match = self.replayed(len(self.record.hands) - 1, self.actions_in(len(self.record.hands) - 1))
        choices = []
        for number, played in enumerate(match.hands):
            dealer = self.names[played.dealer]
            delta = played.state.score_delta()
            scored = "" if delta is None else " — " + score_line(self.record.rules, self.names, delta)
            choices.append((f"Hand {number + 1}: {dealer} deals{scored}", number))
        chosen = await self.app.push_screen_wait(ChoiceDialog("Jump to a hand", choices, can_cancel=True))
        if chosen is not None:
            self.go(chosen, 0)

    def action_export(self) -> None:
        self.app.push_screen(ExportDialog(self.archived))

    def action_close(self) -> None:
        self.dismiss(None)

    # ------------------------------------------------------------------ drawing
    def replayed(self, hand: int, done: int) -> Match:
        """The match as it stood after ``done`` actions of hand ``hand`` (the archive's record replays cleanly).

        ``self.told`` gets the story of that hand so far: each action, and who won each trick.
        """
        match = self.record.new_match()
        self.told = []
        for number, entry in enumerate(self.record.hands[: hand + 1]):
            state = match.begin_hand(entry.dealer, entry.deal)
            for action in entry.actions if number < hand else entry.actions[:done]:
                tricks = len(state.tricks)
                match.apply(action)
                if number == hand:
                    self.told.append(self.parts.describe_action(action, self.names))
                    if len(state.tricks) > tricks and (winner := state.tricks[-1].winner) is not None:
                        self.told.append(f"— {self.names[winner]} {says(self.names[winner], 'takes')} the trick.")
        return match

    def heading(self) -> str:
        """The game as the table names it (a variant that is a game of its own by its name), and the point shown."""
        return (
            f"Watching {self.parts.game_title()}, {when(self.archived.finished)} — hand {self.hand + 1} of "
            f"{len(self.record.hands)}, action {self.done} of {self.actions_in(self.hand)}"
        )

    def show(self) -> None:
        match = self.replayed(self.hand, self.done)
        state = match.hands[self.hand].state
        self.query_one("#watch-title", Label).update(self.heading())
        self.query_one("#watch-table", Static).update(self.table_text(match, state))
        self.query_one("#watch-log", Static).update(self.log_text())
        said = "The deal." if self.done == 0 else self.parts.describe_action(
            self.record.hands[self.hand].actions[self.done - 1], self.names)  # fmt: skip
        if state.complete:
            said += "  " + " ".join(state.explain(self.names))
        if match.over and self.hand == len(self.record.hands) - 1 and self.done == self.actions_in(self.hand):
            winners = " & ".join(self.names[s] for s in match.winner or [])
            said += f"  {winners} won the match." if winners else ""
        self.query_one("#watch-said", Static).update(said)

    def styles_for(self) -> dict[str, str]:
        app = self.app
        four = isinstance(app, TableHost) and app.four_colour_deck
        return FOUR_COLOUR_STYLES if four else SUIT_STYLES

    def card_text(self, view: Any, card: int) -> Text:
        ascii_cards = isinstance(self.app, TableHost) and self.app.settings.ascii_cards
        rank, suit = self.parts.card_face(view.deck.codes[card], ascii_cards)
        style = self.styles_for().get(self.parts.suit_letter(view, card).upper(), "bold")
        return Text(f"{rank}{suit}", style=style)

    def held_cards(self, state: HandState, view: Any, seat: int) -> list[int]:
        """The seat's cards, face up; a hand blind even to its holder comes from the deal, less what it played."""
        cards = self.parts.sorted_hand(view)
        held = self.parts.cards_held(view)[seat]
        if cards or not held:
            return cards
        entry = self.record.hands[self.hand]
        played = {a.value for a in entry.actions[: self.done] if a.seat == seat and a.verb == PLAY_VERB}
        codes = view.deck.codes
        return [card for card in bits(entry.deal.hands[seat]) if codes[card] not in played]

    def table_text(self, match: Match, state: HandState) -> Group:
        top = Text()
        first_view = self.parts.seat_view(state, 0)
        top.append(self.parts.heading(first_view) + "\n", style="bold")
        for line in self.parts.info_lines(first_view, self.names, False)[:3]:
            top.append(line + "\n")
        hands = Table.grid(padding=(0, 1))
        hands.add_column(no_wrap=True)
        hands.add_column()
        self.shown_hands = []
        for seat, name in enumerate(self.names):
            view = self.parts.seat_view(state, seat)
            marks = Text(("▶ " if state.to_act == seat else "  ") + name, style="bold" if state.to_act == seat else "")
            marks.append(" (dealer)" if state.dealer == seat else "")
            held = self.held_cards(state, view, seat)
            self.shown_hands.append([view.deck.codes[card] for card in held])
            cards = Text(" ").join(self.card_text(view, card) for card in held)
            hands.add_row(marks, cards)
        text = Text()
        text.append("On the table: ")
        trick = self.parts.trick_cards(first_view)
        last = self.parts.last_trick(first_view) if not trick else None
        if last is not None:  # between tricks: the one just taken, with its face-down cards turned up
            players = self.record.players
            trick = [((last.leader + k) % players, card) for k, card in enumerate(last.cards)]
            text = Text("Last trick: ")
        elif not trick:
            text.append("nothing yet")
        for seat, shown in trick:
            if shown is None:  # face down to seat 0: its player's own view shows it
                shown = self.own_card(state, seat, last is not None)
            text.append(f"{self.names[seat]} ")
            if shown is None:
                text.append("▒▒")
            else:
                text.append_text(self.card_text(first_view, shown))
            text.append("  ")
        if last is not None and last.winner is not None:
            text.append(f"— {self.names[last.winner]} took it")
        text.append("\n\n" + score_line(self.record.rules, self.names, match.scores))
        return Group(top, hands, Text(), text)

    def own_card(self, state: HandState, seat: int, last_trick: bool) -> int | None:
        """The card ``seat`` played face down to this trick (or the last one), as its own view shows it."""
        view = self.parts.seat_view(state, seat)
        if not last_trick:
            return dict(self.parts.trick_cards(view)).get(seat)
        seen = self.parts.last_trick(view)
        if seen is None:
            return None
        return seen.cards[(seat - seen.leader) % self.record.players]

    def log_text(self) -> Text:
        """The hand so far, the latest at the bottom and marked."""
        room = max(8, self.query_one("#watch-log").size.height - 2)  # an action may take two lines
        lines = self.told[-room:]
        text = Text()
        for number, line in enumerate(lines):
            text.append(line + "\n", style="bold" if number == len(lines) - 1 else "dim")
        return text or Text("Nobody has acted yet.", style="dim")
