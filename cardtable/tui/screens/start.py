"""The first screen: resume an unfinished match, start a new one, read the rules, or quit."""

from __future__ import annotations

import textwrap
import threading
import time
from dataclasses import dataclass

from rich.cells import cell_len
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.content import Content
from textual.css.styles import RulesMap
from textual.screen import Screen
from textual.strip import Strip
from textual.style import Style
from textual.visual import RenderOptions, Visual
from textual.widgets import Label, OptionList, Static
from textual.widgets.option_list import Option

from cardtable.engine.errors import RecordError
from cardtable.engine.visible import visible
from cardtable.files import local_time
from cardtable.games import available_games, find_game
from cardtable.saves import FoundMatch, SaveSummary, Settings, TableConfig, find_unfinished
from cardtable.tui.games import parts_for
from cardtable.tui.host import TableHost
from cardtable.tui.laid_out import LaidOutOnce
from cardtable.tui.sides import score_line, score_lines, seating_words
from cardtable.tui.styled_once import StyledOnce
from cardtable.tui.themes import theme_label
from cardtable.tui.widgets.footer import KeysFooter

BANNER = "♠ ♥  cardtable  ♦ ♣"
#: The start screen's lines of text hold this many characters (the dialog's width less its frame and padding).
TEXT_WIDTH = 60
#: The menu's lines hold this many characters (the text's width less the menu's frame and padding).
MENU_WIDTH = 56
#: Shown where the unfinished matches go while their saves are read.
READING = "Reading your unfinished matches…"
#: What a player can learn of a save of a newer cardtable: that it is one.
NEWER = "A match from a newer cardtable"


def summary_of(found: FoundMatch) -> SaveSummary | None:
    """What the start screen says of a match: its save's summary, or else the one the table makes of its replay."""
    if found.summary is not None or found.match is None or found.config is None:
        return found.summary
    return parts_for(found.config.game).for_options(found.match.options).save_summary(found.match, found.config.names)


def read_unfinished(stop: threading.Event | None = None) -> tuple[list[FoundMatch], list[str]]:
    """The unfinished matches, each with its summary, and the notices of saves set aside: the work of a thread
    (a save of an earlier version, which holds no summary, is replayed)."""
    found, notices = find_unfinished(stop=stop)
    for entry in found:
        entry.summary = summary_of(entry)
    return found, notices


def score_text(summary: SaveSummary, width: int | None = None) -> list[str]:
    """Every side's score (names shown as they are, never as markup), on one line or on lines of ``width``."""
    rules = find_game(summary.game)
    names = [visible(name) for name in summary.names]
    if width is None:
        return [score_line(rules, names, summary.scores)]
    return score_lines(rules, names, summary.scores, width)


def match_summary(found: FoundMatch) -> str:
    """ "Manille, hand 3" and every side's score, on two lines (names are shown as they are, never as markup)."""
    if found.newer:
        return NEWER
    summary = summary_of(found)
    if summary is None:
        return "A match open in another window"
    return f"{visible(summary.title)}, hand {summary.hand}\n{score_text(summary)[0]}"


def settings_line(settings: Settings, width: int = TEXT_WIDTH) -> str:
    """The settings a player sits down with, in one line: the computers' speed, the expert's thinking (when the
    line has room for it) and the theme."""
    speed, theme = f"Computers: {settings.speed}", f"Theme: {theme_label(settings.theme)}"
    line = f"{speed} · Expert: {settings.expert_budget} · {theme}"
    return line if len(line) <= width else f"{speed} · {theme}"


def saved_when(modified: float, now: float | None = None) -> str:
    """When a save was last written, as its list says it: "today 14:05", "03 Dec 09:30", or "date unknown"
    for a time no date can be made of."""
    return said_when(modified, local_time(time.time() if now is None else now))


def said_when(modified: float, today: time.struct_time | None) -> str:
    """``saved_when`` with today's date worked out once, for a whole list."""
    when = local_time(modified)
    if when is None:
        return "date unknown"
    if today is not None and when[:3] == today[:3]:
        return time.strftime("today %H:%M", when)
    return time.strftime("%d %b %H:%M", when)


@dataclass(frozen=True)
class StartEntry:
    """An entry of the start screen's menu: what it says, the choice it dismisses the screen with, and its key
    (shown after the words; the screen's bindings press it)."""

    words: str
    choice: str
    key: str = ""

    def option(self) -> Option:
        first, *more = self.words.split("\n")  # the key goes on the first line, whatever follows
        label = "\n".join([f"{first}   ({self.key})" if self.key else first, *more])
        return Option(MenuLines(label) if more else label, id=self.choice)


def menu_entries(again: str | None) -> list[StartEntry]:
    """The start screen's entries after the matches to resume, in order: a feature that adds an entry adds it
    here (and its key to ``StartScreen.BINDINGS``). ``again``: the last setup in words, played again by "p"."""
    entries = [StartEntry(f"Play again\n   {again}", "again", "p")] if again is not None else []
    entries.append(StartEntry("New game", "new", "n"))
    entries.extend(StartEntry(f"Rules of {find_game(game).title}", f"rules:{game}") for game in available_games())
    entries.append(StartEntry("Statistics", "stats", "s"))
    entries.append(StartEntry("Match history", "history", "h"))
    entries.append(StartEntry("Settings", "settings", "o"))
    entries.append(StartEntry("Quit", "quit", "q"))
    return entries


def setup_words(setup: TableConfig, width: int = 50) -> str | None:
    """The last setup as the start screen offers it again ("Manille, you and an Expert partner against two Club
    players"), on lines of ``width`` after an indent; None when it cannot be played here."""
    rules = find_game(setup.game)
    try:
        options = rules.parse_options(setup.options, setup.players)
    except RecordError:
        return None
    parts = parts_for(setup.game).for_options(options)
    if parts.not_at_table(options) is not None:
        return None
    names = [visible(name) for name in setup.names]
    said = f"{parts.setup_title(options, setup.players)}, {seating_words(rules, names, [s.kind for s in setup.seats])}"
    return "\n   ".join(textwrap.wrap(said, width))


class MenuLines(Visual):
    """An entry of the menu: plain lines, whose height is their number wherever the widest fits.

    The option list measures every entry's height before it draws any (at each layout), and Textual's text
    measures by wrapping: some 0.1 ms an entry, a third of a second for a list of 2,000 unfinished matches.
    """

    def __init__(self, text: str) -> None:
        self.text = text
        lines = text.split("\n")
        self.lines = len(lines)
        self.widest = max(cell_len(line) for line in lines)
        self._content: Content | None = None

    @property
    def content(self) -> Content:
        """The text as Textual draws it, made when first drawn (the menu draws only the entries in view)."""
        if self._content is None:
            self._content = Content(self.text)
        return self._content

    def render_strips(self, width: int, height: int | None, style: Style, options: RenderOptions) -> list[Strip]:
        return self.content.render_strips(width, height, style, options)

    def get_optimal_width(self, rules: RulesMap, container_width: int) -> int:
        return self.widest

    def get_height(self, rules: RulesMap, width: int) -> int:
        if self.widest + 2 * rules.get("line_pad", 0) <= width:
            return self.lines
        return self.content.get_height(rules, width)


class StartScreen(LaidOutOnce, StyledOnce, Screen[str]):
    """Dismisses with "resume:N" (the Nth of the unfinished matches), "new", "rules:GAME", "stats", "history",
    "settings" or "quit".

    Made without its unfinished matches (None), it says it is reading them until ``list_unfinished`` brings them:
    the saves are read in a thread, so the screen answers meanwhile.
    """

    BINDINGS = [
        Binding("p", "choose('again')", "Play again"),
        Binding("n", "choose('new')", "New game"),
        Binding("u", "choose('resume')", "Resume"),
        Binding("s", "choose('stats')", "Stats"),  # short: the footer holds every key at 80 columns
        Binding("h", "choose('history')", "History"),
        Binding("o", "choose('settings')", "Settings"),
        # The menu says "Quit (q)"; the footer shows the application's Ctrl+Q once, not Quit twice.
        Binding("q", "choose('quit')", "Quit", show=False),
    ]

    def __init__(self, unfinished: list[FoundMatch] | None = None, notice: str = "",
                 last_setup: TableConfig | None = None) -> None:  # fmt: skip
        super().__init__()
        self.unfinished = unfinished
        self.notice = visible(notice, lines=True)
        #: The last game's setup in words, when it can be played again here.
        self.again = setup_words(last_setup) if last_setup is not None else None

    @property
    def listed(self) -> bool:
        """Whether the unfinished matches have been read."""
        return self.unfinished is not None

    @property
    def resumable(self) -> list[int]:
        return [n for n, found in enumerate(self.unfinished or []) if found.resumable]

    def entries(self) -> list[Option]:
        if self.unfinished is None:
            entries = [Option(READING, id="reading", disabled=True)]
        else:
            latest = next(iter(self.resumable), None)
            today = local_time(time.time())
            entries = [self.entry(n, found, n == latest, today) for n, found in enumerate(self.unfinished)]
        entries.extend(entry.option() for entry in menu_entries(self.again))
        return entries

    def first_choice(self) -> str:
        """What the menu points at when it opens: the latest match to resume, else playing the last game again."""
        if self.resumable:
            return f"resume:{self.resumable[0]}"
        return "again" if self.again is not None else "new"

    def entry(self, n: int, found: FoundMatch, latest: bool, today: time.struct_time | None) -> Option:
        """One unfinished match: what it is and when it was last played (``today`` or another day), its scores
        on the lines below; the ``latest`` one is what ``u`` resumes."""
        summary = summary_of(found)
        if found.newer:  # chosen, it says it cannot be opened here
            return Option(MenuLines(f"{NEWER} — {said_when(found.modified, today)}"), id=f"resume:{n}")
        if summary is None:
            return Option(MenuLines(match_summary(found)), id=f"resume:{n}", disabled=True)
        head = f"{visible(summary.title)}, hand {summary.hand}"
        # Each line of the menu holds about 46 characters after its indent.
        scores = "\n   ".join(score_text(summary, 46))
        if found.locked:
            return Option(MenuLines(f"{head} — open in another window\n   {scores}"), id=f"resume:{n}", disabled=True)
        key = "   (u)" if latest else ""
        # The time goes on the first line: after a long line of scores it would be cut in two. A game named with
        # its options takes lines of its own below it.
        when = f" — {said_when(found.modified, today)}{key}"
        label = f"Resume {head}{when}"
        if cell_len(label) > MENU_WIDTH:
            label = f"Resume hand {summary.hand}{when}\n   " + "\n   ".join(textwrap.wrap(visible(summary.title), 50))
        return Option(MenuLines(f"{label}\n   {scores}"), id=f"resume:{n}")

    def compose(self) -> ComposeResult:
        with Vertical(id="start", classes="dialog"):
            yield Label(BANNER, classes="dialog-title")
            yield Static("Traditional card games at your terminal, against the computer or hot-seat.",
                         classes="dialog-text")  # fmt: skip
            yield Static("", id="start-settings", markup=False)
            with VerticalScroll(id="notices") as notices:
                notices.display = bool(self.notice)
                yield Static(self.notice, id="notice", markup=False)
            yield OptionList(*self.entries(), id="menu", markup=False)
        yield KeysFooter(show_command_palette=False)

    def on_mount(self) -> None:
        self.show_settings()
        menu = self.query_one(OptionList)
        menu.focus()
        menu.highlighted = menu.get_option_index(self.first_choice())

    def list_unfinished(self, unfinished: list[FoundMatch], notices: list[str]) -> None:
        """The unfinished matches, read, in the menu (the latest one highlighted, unless the player has moved on
        meanwhile), and what the reading had to say."""
        menu = self.query_one(OptionList)
        chosen = menu.highlighted_option
        self.unfinished = unfinished
        said = [visible(notice, lines=True) for notice in notices]
        self.notice = "\n".join(part for part in (self.notice, *said) if part)
        self.query_one("#notice", Static).update(self.notice)
        self.query_one("#notices").display = bool(self.notice)
        menu.set_options(self.entries())
        if chosen is not None and chosen.id not in (None, "new", "again"):
            menu.highlighted = menu.get_option_index(chosen.id)
        else:
            menu.highlighted = menu.get_option_index(self.first_choice())
        self.refresh_bindings()  # "u Resume" comes to the footer

    def show_settings(self) -> None:
        """The line of settings, as they are now (the settings screen or the palette may have changed them)."""
        if isinstance(self.app, TableHost):
            self.query_one("#start-settings", Static).update(settings_line(self.app.settings))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # False: nothing to resume or play again leaves the footer, rather than its key greyed out.
        if action == "choose" and parameters and parameters[0] == "again":
            return self.again is not None
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
    """Shown instead of a broken layout while the terminal is below the table's minimum size; ``playing`` says
    whether a match lies beneath, waiting."""

    def __init__(self, width: int, height: int, playing: bool = False) -> None:
        super().__init__()
        self.need = (width, height)
        self.playing = playing

    def compose(self) -> ComposeResult:
        yield Static("", id="too-small")

    def on_mount(self) -> None:
        self.show_size()

    def on_resize(self) -> None:
        self.show_size()

    def show_size(self) -> None:
        width, height = self.app.size
        what, then = (
            ("the table", "the game carries on where it was")
            if self.playing
            else ("cardtable", "the screen you were on comes back")
        )
        self.query_one("#too-small", Static).update(
            f"The terminal is too small for {what}.\n\n"
            f"It is {width} x {height}; {what} needs at least {self.need[0]} x {self.need[1]}.\n"
            f"Make the window larger (or the font smaller): {then}."
        )
