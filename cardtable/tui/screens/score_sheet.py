"""The score sheet: how the last hand scored, the running totals, and a small chart of them."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.widgets import Button, DataTable, Label, Static

from cardtable.tui.dialogs.undoable import UndoableDialog
from cardtable.tui.keys import UNDO_BINDING
from cardtable.tui.widgets.footer import KeysFooter

#: A total's heights, lowest first: the lowest is a bar too, so that a side's line never shows nothing.
BARS = "▁▂▃▄▅▆▇█"
#: From this many lines the sheet grows (``-tall`` in the CSS).
TALL_SHEET = 36
#: The most hands the sheet lists and charts, the newest: each row costs the sheet's opening a fraction of a
#: millisecond, and a match may last thousands of hands.
SHEET_HANDS = 100


def sparkline(values: list[float], lowest: float, highest: float) -> str:
    """One text bar per value, scaled between ``lowest`` and ``highest`` (never colour alone)."""
    span = highest - lowest or 1
    top = len(BARS) - 1
    return "".join(BARS[max(0, min(top, round((v - lowest) / span * top)))] for v in values)


class ScoreSheetScreen(UndoableDialog[None]):
    # After a hand, the undo key takes back its last card: the score sheet goes, and the hand is played on.
    BINDINGS = [Binding("enter,escape,space,s", "close", "Continue"), UNDO_BINDING]
    #: The sheet's columns need the terminal's width: it covers the side panel whole rather than stand beside it.
    BESIDE_THE_PANEL = False
    #: A terminal this tall holds the whole sheet of a Tarot hand (its scoring lines, the totals and the chart)
    #: without scrolling; on a shorter one the sheet keeps to 22 lines and scrolls.
    VERTICAL_BREAKPOINTS = [(0, "-short"), (TALL_SHEET, "-tall")]

    def __init__(self, title: str, side_name: Callable[[list[int]], str], sides: list[tuple[list[int], Any]],
                 history: list[list[Any]], explanation: list[str], *, final: bool = False,
                 in_play_label: str | None = None, heading: str = "Last hand") -> None:  # fmt: skip
        """``history``: the scores at the start and after each hand; with ``in_play_label``, its last row is the
        hand in play so far (points that count at once), labelled so.  ``explanation``: how the last hand
        scored and what the scores mean, under ``heading``."""
        super().__init__()
        self.heading = heading
        self.in_play_label = in_play_label
        self.title_text = title
        self.side_name = side_name
        self.sides = sides
        self.history = history
        self.explanation = explanation
        self.final = final

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog wide", id="score-sheet"):
            yield Label(f"{self.title_text} — score sheet", classes="dialog-title", markup=False)
            with VerticalScroll(id="sheet-body"):
                if self.explanation:
                    yield Label(self.heading, classes="section")
                    yield Static("\n".join(self.explanation), id="explanation", markup=False)
                yield Label("Match", classes="section")
                yield DataTable(id="totals", show_cursor=False, zebra_stripes=True)
                yield Static(self.chart(), id="chart", markup=False)
            yield Button("Continue (Enter)", variant="primary", id="continue")
        # Its own keys: without a footer of its own, the table's would show under it, keys that do nothing here.
        yield KeysFooter(show_command_palette=False)

    def on_mount(self) -> None:
        tables = self.query(DataTable)
        if not tables:  # shown by a match the computers play on while the app closes: its widgets went first
            return
        table = tables.first()
        table.add_column("Hand")
        for seats, _ in self.sides:
            table.add_column(Text(self.side_name(seats)))  # a name is text, never markup
        first = self.first_listed()
        for number in (0, *range(first, len(self.history))):
            label = "start" if number == 0 else str(number)
            if self.in_play_label is not None and number == len(self.history) - 1:
                label = self.in_play_label
            if number == first and first > 1:
                table.add_row("…", *["…" for _ in self.sides])  # the hands left out
            table.add_row(label, *[str(self.history[number][seats[0]]) for seats, _ in self.sides])
        # A long match scrolls its table: the newest hands (the one just scored among them) are the ones in view.
        self.call_after_refresh(table.scroll_end, animate=False)

    def first_listed(self) -> int:
        """The first row of ``history`` after the start that the sheet lists: the newest ``SHEET_HANDS`` are."""
        return max(1, len(self.history) - SHEET_HANDS)

    def chart(self) -> str:
        if len(self.history) < 2:
            return ""
        first = self.first_listed()
        charted = self.history if first == 1 else self.history[first:]
        values = [[float(scores[seats[0]]) for scores in charted] for seats, _ in self.sides]
        lowest = min(min(v) for v in values)
        highest = max(max(v) for v in values)
        width = max(len(self.side_name(seats)) for seats, _ in self.sides)
        lines = ["Totals over the hands:" if first == 1 else f"Totals over the last {len(charted)} hands:"]
        for (seats, score), series in zip(self.sides, values, strict=True):
            lines.append(f"{self.side_name(seats):>{width}} {sparkline(series, lowest, highest)} {score}")
        return "\n".join(lines)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(None)

    def action_close(self) -> None:
        self.dismiss(None)
