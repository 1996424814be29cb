"""The first screen: resume an unfinished match, start a new one, read the rules, or quit."""

from __future__ import annotations

import time

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Label, OptionList, Static
from textual.widgets.option_list import Option

from cardtable.engine.visible import visible
from cardtable.files import local_time
from cardtable.games import available_games, find_game
from cardtable.saves import FoundMatch, Settings
from cardtable.tui.games import parts_for
from cardtable.tui.host import TableHost
from cardtable.tui.laid_out import LaidOutOnce
from cardtable.tui.sides import score_line, score_lines
from cardtable.tui.styled_once import StyledOnce
from cardtable.tui.themes import theme_label
from cardtable.tui.widgets.footer import KeysFooter

BANNER = "♠ ♥  cardtable  ♦ ♣"
#: The start screen's lines of text hold this many characters (the dialog's width less its frame and padding).
TEXT_WIDTH = 60


def match_summary(found: FoundMatch) -> str:
    """ "Manille, hand 3" and every side's score, on two lines (names are shown as they are, never as markup)."""
    if found.match is None or found.config is None:
        return "A match open in another window"
    match = found.match
    number = len(match.hands) + (match.current is None)  # between two hands, the next one is the one to play
    names = found.config.names
    title = parts_for(match.rules.name).for_options(match.options).game_title()
    return f"{title}, hand {number}\n{score_line(match.rules, names, match.scores)}"


def settings_line(settings: Settings, width: int = TEXT_WIDTH) -> str:
    """The settings a player sits down with, in one line: the computers' speed, the expert's thinking (when the
    line has room for it) and the theme."""
    speed, theme = f"Computers: {settings.speed}", f"Theme: {theme_label(settings.theme)}"
    line = f"{speed} · Expert: {settings.expert_budget} · {theme}"
    return line if len(line) <= width else f"{speed} · {theme}"


def saved_when(modified: float, now: float | None = None) -> str:
    """When a save was last written, as its list says it: "today 14:05", "03 Dec 09:30", or "date unknown"
    for a time no date can be made of."""
    when, today = local_time(modified), local_time(time.time() if now is None else now)
    if when is None:
        return "date unknown"
    if today is not None and when[:3] == today[:3]:
        return time.strftime("today %H:%M", when)
    return time.strftime("%d %b %H:%M", when)


class StartScreen(LaidOutOnce, StyledOnce, Screen[str]):
    """Dismisses with "resume:N" (the Nth of the unfinished matches), "new", "rules:GAME", "stats", "history",
    "settings" or "quit"."""

    BINDINGS = [
        Binding("n", "choose('new')", "New game"),
        Binding("u", "choose('resume')", "Resume"),
        Binding("s", "choose('stats')", "Statistics"),
        Binding("h", "choose('history')", "History"),
        Binding("o", "choose('settings')", "Settings"),
        # The menu says "Quit (q)"; the footer shows the application's Ctrl+Q once, not Quit twice.
        Binding("q", "choose('quit')", "Quit", show=False),
    ]

    def __init__(self, unfinished: list[FoundMatch], notice: str = "") -> None:
        super().__init__()
        self.unfinished = unfinished
        self.notice = visible(notice, lines=True)

    @property
    def resumable(self) -> list[int]:
        return [n for n, found in enumerate(self.unfinished) if not found.locked]

    def compose(self) -> ComposeResult:
        entries = []
        first = self.resumable[0] if self.resumable else None
        for n, found in enumerate(self.unfinished):
            head, _, scores = match_summary(found).partition("\n")
            if found.match is not None and found.config is not None:
                names = found.config.names
                # Each line of the menu holds about 46 characters after its indent.
                scores = "\n   ".join(score_lines(found.match.rules, names, found.match.scores, 46))
            if found.locked:
                label = f"{head} — open in another window" + (f"\n   {scores}" if scores else "")
            else:
                key = "   (u)" if n == first else ""
                # The time goes on the first line: after a long line of scores it would be cut in two.
                label = f"Resume {head} — {saved_when(found.modified)}{key}\n   {scores}"
            entries.append(Option(Text(label), id=f"resume:{n}", disabled=found.locked))
        entries.append(Option("New game   (n)", id="new"))
        for game in available_games():
            entries.append(Option(f"Rules of {find_game(game).title}", id=f"rules:{game}"))
        entries.append(Option("Statistics   (s)", id="stats"))
        entries.append(Option("Match history   (h)", id="history"))
        entries.append(Option("Settings   (o)", id="settings"))
        entries.append(Option("Quit   (q)", id="quit"))
        with Vertical(id="start", classes="dialog"):
            yield Label(BANNER, classes="dialog-title")
            yield Static("Traditional card games at your terminal, against the computer or hot-seat.",
                         classes="dialog-text")  # fmt: skip
            yield Static("", id="start-settings", markup=False)
            if self.notice:
                with VerticalScroll(id="notices"):
                    yield Static(self.notice, id="notice", markup=False)
            yield OptionList(*entries, id="menu", markup=False)
        yield KeysFooter(show_command_palette=False)

    def on_mount(self) -> None:
        self.show_settings()
        menu = self.query_one(OptionList)
        menu.focus()
        menu.highlighted = self.resumable[0] if self.resumable else len(self.unfinished)

    def show_settings(self) -> None:
        """The line of settings, as they are now (the settings screen or the palette may have changed them)."""
        if isinstance(self.app, TableHost):
            self.query_one("#start-settings", Static).update(settings_line(self.app.settings))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # False: nothing to resume leaves the footer, rather than showing "u Resume" greyed out.
        return not (action == "choose" and parameters and parameters[0] == "resume" and not self.resumable)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option.id or "quit")

    def action_choose(self, what: str) -> None:
        if what == "resume":
            if not self.resumable:
                return
            what = f"resume:{self.resumable[0]}"
        self.dismiss(what)


class TooSmallScreen(LaidOutOnce, StyledOnce, Screen[None]):
    """Shown instead of a broken layout while the terminal is below the table's minimum size."""

    def __init__(self, width: int, height: int) -> None:
        super().__init__()
        self.need = (width, height)

    def compose(self) -> ComposeResult:
        yield Static("", id="too-small")

    def on_mount(self) -> None:
        self.show_size()

    def on_resize(self) -> None:
        self.show_size()

    def show_size(self) -> None:
        width, height = self.app.size
        self.query_one("#too-small", Static).update(
            f"The terminal is too small for the table.\n\n"
            f"It is {width} x {height}; the table needs at least {self.need[0]} x {self.need[1]}.\n"
            "Make the window larger (or the font smaller): the game carries on where it was."
        )
