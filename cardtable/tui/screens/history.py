"""The match history: the last finished matches and the starred ones, to watch, star or export.

What the rows show came from the statistics file: it goes in as ``Text``, made visible, never as markup.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import DataTable, Label, Static

from cardtable.archive import ArchivedMatch, NewerArchived, load_stars, read_replayable, set_aside_archived, set_star
from cardtable.engine.visible import visible
from cardtable.files import NewerFile, UnreadableFile, describe_os_error
from cardtable.games import find_game
from cardtable.stats import MatchSummary, Statistics
from cardtable.tui.dialogs.export import ExportDialog
from cardtable.tui.laid_out import LaidOutOnce
from cardtable.tui.screens.watch import when
from cardtable.tui.styled_once import StyledOnce
from cardtable.tui.widgets.footer import KeysFooter

#: How many of the latest matches the history lists (starred ones are listed whatever their age).
LATEST = 100
#: What the history says of a match a newer cardtable archived, in place of its result.
NEWER = "From a newer cardtable"


def listed(statistics: Statistics, stars: set[str]) -> list[MatchSummary | NewerArchived]:
    """The last ``LATEST`` matches and every starred one, newest first, those a newer cardtable archived among
    them (one that does not say when it ended, last)."""
    rows: list[MatchSummary | NewerArchived] = [*statistics.matches, *statistics.newer]
    newest = sorted(rows, key=lambda row: (row.finished, row.match_id), reverse=True)
    return [s for n, s in enumerate(newest) if n < LATEST or s.match_id in stars]


def you(name: str) -> str:
    """The player's own name in a list of players, marked unless it already says so."""
    return name if name.casefold() == "you" else f"{name} (you)"


def result_text(summary: MatchSummary) -> Text:
    special = f" ({summary.special})" if summary.special else ""
    return Text(visible(f"{'Won' if summary.won else 'Lost'} {summary.score}{special}"))


class HistoryScreen(LaidOutOnce, StyledOnce, Screen[None]):
    BINDINGS = [
        Binding("enter,w", "watch", "Watch"),
        Binding("s", "star", "Star"),
        Binding("e", "export", "Export"),
        Binding("escape,q", "close", "Back"),
    ]

    def __init__(self, statistics: Statistics) -> None:
        super().__init__()
        self.statistics = statistics
        self.stars, self.notices = load_stars()
        self.rows = listed(statistics, self.stars)

    def compose(self) -> ComposeResult:
        with Vertical(id="history"):
            count = len(self.rows)
            yield Label(f"Match history — {count} match{'es' if count != 1 else ''}", classes="dialog-title")
            if self.rows:
                yield DataTable(id="history-table", cursor_type="row", zebra_stripes=True)
            else:
                yield Static("No finished match yet: every match you finish at the table is listed here.",
                             id="history-empty")  # fmt: skip
        yield KeysFooter(show_command_palette=False)

    def on_mount(self) -> None:
        for notice in self.notices:
            self.notify(visible(notice), severity="warning", timeout=10, markup=False)
        if not self.rows:
            return
        table = self.query_one(DataTable)
        table.add_column("★", key="star")
        table.add_column("Ended (UTC)")
        table.add_column("Game")
        table.add_column("Result")
        table.add_column("Players")
        for row in self.rows:
            if isinstance(row, NewerArchived):
                game = find_game(row.game).title if row.game is not None else ""
                table.add_row(self.star_mark(row), when(row.finished), game, NEWER, "", key=row.match_id)
                continue
            names = ", ".join(you(name) if seat == row.seat else name for seat, name in enumerate(row.names))
            table.add_row(self.star_mark(row), when(row.finished), find_game(row.game).title,
                          result_text(row), Text(visible(names)), key=row.match_id)  # fmt: skip
        table.focus()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # With no match listed, the keys that act on one leave the footer.
        if action in ("watch", "star", "export"):
            return bool(self.rows)
        return True

    def star_mark(self, summary: MatchSummary | NewerArchived) -> str:
        return "★" if summary.match_id in self.stars else " "

    def chosen(self) -> MatchSummary | NewerArchived | None:
        if not self.rows:
            return None
        row = self.query_one(DataTable).cursor_row
        return self.rows[row] if 0 <= row < len(self.rows) else None

    def open_chosen(self) -> ArchivedMatch | None:
        summary = self.chosen()
        if summary is None:
            return None
        try:
            return read_replayable(summary.match_id)
        except NewerFile:  # archived by a newer cardtable: left as it is, for that version
            self.notify("That match was archived by a newer cardtable: watch or export it there. This version "
                        "leaves its file as it is.", severity="warning", timeout=8)  # fmt: skip
        except OSError as error:
            self.notify(visible(f"That match cannot be opened: {describe_os_error(error)}."), severity="warning",
                        timeout=8, markup=False)  # fmt: skip
        except UnreadableFile as damaged:  # damaged since the statistics counted it: set aside, as they would
            self.notify(visible(set_aside_archived(summary.match_id, damaged.reason)), severity="warning",
                        timeout=10, markup=False)  # fmt: skip
            self.rows.remove(summary)
            self.query_one(DataTable).remove_row(summary.match_id)
            self.refresh_bindings()
        return None

    def action_watch(self) -> None:
        archived = self.open_chosen()
        if archived is not None:
            from cardtable.tui.screens.watch import WatchScreen

            self.app.push_screen(WatchScreen(archived))

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        self.action_watch()

    def action_star(self) -> None:
        summary = self.chosen()
        if summary is None:
            return
        try:
            self.stars = set_star(summary.match_id, summary.match_id not in self.stars)
        except OSError as error:
            self.notify(f"The star could not be saved: {describe_os_error(error)}.", severity="warning", timeout=8)
            return
        self.query_one(DataTable).update_cell(summary.match_id, "star", self.star_mark(summary))

    def action_export(self) -> None:
        archived = self.open_chosen()
        if archived is not None:
            self.app.push_screen(ExportDialog(archived))

    def action_close(self) -> None:
        self.dismiss(None)
