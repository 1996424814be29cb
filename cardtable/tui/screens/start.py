"""The first screen: resume the unfinished match, start a new one, read the rules, or quit."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, Label, OptionList, Static
from textual.widgets.option_list import Option

from cardtable.engine.registry import available_games, find_game

BANNER = "♠ ♥  cardtable  ♦ ♣"


class StartScreen(Screen[str]):
    """Dismisses with "resume", "new", "rules:GAME" or "quit"."""

    BINDINGS = [
        Binding("n", "choose('new')", "New game"),
        Binding("u", "choose('resume')", "Resume"),
        Binding("q", "choose('quit')", "Quit"),
    ]

    def __init__(self, resumable: str | None, notice: str = "") -> None:
        super().__init__()
        self.resumable = resumable
        self.notice = notice

    def compose(self) -> ComposeResult:
        entries = []
        if self.resumable:
            entries.append(Option(f"Resume: {self.resumable}   (u)", id="resume"))
        entries.append(Option("New game   (n)", id="new"))
        for game in available_games():
            entries.append(Option(f"Rules of {find_game(game).title}", id=f"rules:{game}"))
        entries.append(Option("Quit   (q)", id="quit"))
        with Vertical(id="start", classes="dialog"):
            yield Label(BANNER, classes="dialog-title")
            yield Static("Traditional card games at your terminal, against the computer or hot-seat.",
                         classes="dialog-text")  # fmt: skip
            if self.notice:
                yield Static(self.notice, id="notice")
            yield OptionList(*entries, id="menu")
        yield Footer(show_command_palette=False)

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "choose" and parameters and parameters[0] == "resume" and not self.resumable:
            return None
        return True

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option.id or "quit")

    def action_choose(self, what: str) -> None:
        if what == "resume" and not self.resumable:
            return
        self.dismiss(what)


class TooSmallScreen(Screen[None]):
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
