"""The cardtable application: the start screen, new games, the table, settings and the size guard."""

from __future__ import annotations

import asyncio
import os
import random
import signal
import threading
import time
import weakref
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from rich.console import RenderableType
from textual import events, work
from textual.actions import ActionParseResult
from textual.app import SystemCommand
from textual.binding import Binding
from textual.command import CommandPalette
from textual.dom import DOMNode
from textual.filter import LineFilter
from textual.notifications import SeverityLevel
from textual.screen import Screen
from textual.worker import WorkerFailed

from cardtable.engine.records import write_atomically
from cardtable.engine.visible import visible
from cardtable.files import NewerFile, UnreadableFile, describe_os_error, quote, write_crash_log
from cardtable.saves import (
    FoundMatch,
    SaveFailed,
    Settings,
    TableConfig,
    data_dir,
    load_settings,
    matches_folder_problem,
    set_aside_notice,
    setup_json,
    shorten,
    store_settings,
)
from cardtable.tui.ascii import AsciiFilter, terminal_draws_unicode
from cardtable.tui.command_palette import SteadyCommandPalette
from cardtable.tui.dialogs.choice import ChoiceDialog
from cardtable.tui.dialogs.message import ConfirmDialog
from cardtable.tui.games import parts_for
from cardtable.tui.host import TableHost
from cardtable.tui.keys import KEYMAP_BINDINGS, QUIT_BINDING, first_key, key_label, key_rows, table_keymap
from cardtable.tui.released import release_styles_caches
from cardtable.tui.restyled import RestyledWidgets, restyled_alone
from cardtable.tui.screens.start import StartScreen, TooSmallScreen, match_summary, read_unfinished
from cardtable.tui.screens.table import Next, TableScreen
from cardtable.tui.themes import (
    OWN_TEXTUAL_THEMES,
    TABLE_THEMES,
    next_theme,
    palette_colours,
    table_theme_for_textual,
    table_theme_name,
    theme_label,
)

MIN_WIDTH, MIN_HEIGHT = 80, 24
#: The signals that end the table as a closed terminal or a ``kill`` does: the match is saved and the terminal
#: given back as it was before the process ends as the signal says.
ENDING_SIGNALS = (signal.SIGTERM, signal.SIGHUP) if hasattr(signal, "SIGHUP") else (signal.SIGTERM,)
#: A fault the table survives is written to a crash log this many times at most in one run: a fault that comes
#: back at every key must not fill the data folder.
FAULT_LOGS = 3
#: After the "too small" notice goes, keys are ignored this long: one pressed to dismiss it must not answer the
#: dialog it uncovers.
KEY_GRACE = 0.6
#: What the player is told on choosing a match saved by a newer cardtable.
FROM_A_NEWER_CARDTABLE = ("That match was saved by a newer cardtable: resume it there. This version leaves its "
                          "file as it is.")  # fmt: skip


class CardTableApp(TableHost):
    CSS_PATH = "cardtable.tcss"
    TITLE = "cardtable"
    BINDINGS = [QUIT_BINDING]

    def __init__(self, start: TableConfig | None = None) -> None:
        super().__init__()
        for theme in OWN_TEXTUAL_THEMES:
            self.register_theme(theme)
        self.start_config = start
        self.settings: Settings
        self.settings, self.notices = load_settings()
        # As posting does: the player's keymap, by binding id, over the bindings' own keys.
        self.keymap, keymap_notices = table_keymap(self.settings.keymap, KEYMAP_BINDINGS)
        self.notices.extend(keymap_notices)
        self.set_keymap(self.keymap)
        #: Where the traceback of a crash was written, if the table crashed.
        self.crash_log: Path | None = None
        self.settings_problem: str | None = None
        #: Whether the terminal's locale can draw suit glyphs and box lines; if not, the table is ASCII.
        self.unicode_terminal = terminal_draws_unicode(os.environ)
        #: The ASCII filter of each pack's suit marks, by the words that give them (``get_line_filters``).
        self.ascii_filters: dict[type, AsciiFilter] = {}
        #: Whether the screens were last painted in ASCII (a change repaints them all).
        self.drawn_in_ascii = False
        self.keys_held_until = 0.0
        #: The styles of cards and seats, by the classes they come back with (see ``cardtable.tui.restyled``).
        self.restyled = RestyledWidgets()
        #: Whether a fault in a key's action is survived (logged, told, and the match goes on) rather than the
        #: end of the table. Under tests (headless) a fault still fails the test, unless a test turns this on.
        self.survives_faults: bool | None = None
        self.faults_survived = 0
        #: The signal that ended the table (SIGTERM, SIGHUP), if one did: the process then ends by it.
        self.ended_by: int | None = None
        self.tables = weakref.WeakSet()

    def exit(self, result: None = None, return_code: int = 0, message: RenderableType | None = None) -> None:
        # The computers stop before the widgets go: a table still playing while its screen is taken down made
        # Textual's shutdown end on a cancelled task now and then.
        for screen in self.screen_stack:
            if isinstance(screen, TableScreen):
                screen.stop_computers()
        super().exit(result, return_code, message)

    @property
    def ascii_cards(self) -> bool:
        return self.settings.ascii_cards or not self.unicode_terminal

    def update_styles(self, node: DOMNode, animate: bool = True) -> None:
        # No rule of the table's stylesheet (nor of Textual's own) has a transition, so a node's new rules are
        # set as they are: asking for animation builds and compares a second set of styles at every class
        # change (a card marked, a seat acting), a third of what the change costs, for nothing.
        if restyled_alone(node):
            self.restyled.restyle(self.stylesheet, node)
        else:
            super().update_styles(node, animate=False)

    def get_line_filters(self) -> Sequence[LineFilter]:
        """Textual's filters (NO_COLOR's among them), then ASCII's when the table is drawn in ASCII.

        Textual keeps its filters in a private list; this public method is what every widget asks for the
        filters it paints through, so ASCII joins them here. Its suit marks are those of the table in play
        (the Spanish suits have letters of their own), or the record's letters where no table is showing.
        """
        filters = super().get_line_filters()
        if not self.drawn_in_ascii:
            return filters
        words = next((screen.parts.words for screen in reversed(self.screen_stack) if isinstance(screen, TableScreen)),
                     None)  # fmt: skip
        kind = type(words)
        if kind not in self.ascii_filters:
            self.ascii_filters[kind] = AsciiFilter(words.ascii_suit_marks() if words is not None else None)
        return [*filters, self.ascii_filters[kind]]

    # ------------------------------------------------------------------ start-up
    def on_mount(self) -> None:
        self.catch_ending_signals()
        if not self.apply_theme():
            self.notices.append(f"In your settings, the theme {quote(self.settings.theme)} is not one of the "
                                f"table's themes: the table uses {quote(self.theme)} instead.")  # fmt: skip
        if self.start_config is not None:
            self.play_now(self.start_config)
        else:
            self.main_menu()
        # A widget's lines stay as long as Textual's styles remember the widget (see ``release_styles_caches``):
        # the widgets of the screens closed are forgotten each time another screen shows.
        self.screen_change_signal.subscribe(self, lambda _screen: release_styles_caches())
        # Resize events reach only the active screen, so the size guard simply looks a few times a second.
        self.call_after_refresh(self.check_size)
        self.size_timer = self.set_interval(0.25, self.check_size)

    def take_notices(self) -> list[str]:
        """What the player must be told before playing: settings, the data folder, saves set aside."""
        notices, self.notices = self.notices, []
        problem = matches_folder_problem()
        if problem:
            notices.append(f"Matches cannot be saved: {problem}. You can play, but a match is lost when you quit.")
        return notices

    @work(exclusive=True, group="menu")
    async def main_menu(self, notice: str = "") -> None:
        text = "\n".join(part for part in (notice, *self.take_notices()) if part)
        screen = StartScreen(notice=text, last_setup=self.settings.last_setup)
        chosen = self.push_screen(screen, wait_for_dismiss=True)
        # The saves are read in a thread while the screen answers; a choice that needs no list stops the reading.
        stop = threading.Event()
        reading = asyncio.ensure_future(asyncio.to_thread(read_unfinished, stop))
        try:
            either: list[asyncio.Future[Any]] = [chosen, reading]
            await asyncio.wait(either, return_when=asyncio.FIRST_COMPLETED)
            if reading.done() and screen.is_attached:
                screen.list_unfinished(*reading.result())
            choice = await chosen
            if choice in ("new", "again") or choice.startswith("resume:"):
                unfinished, set_aside = await reading
                if set_aside and not screen.listed:  # chosen before the screen could say so
                    self.notify("\n\n".join(set_aside), severity="warning", timeout=15)
        finally:
            stop.set()
        if choice == "quit":
            self.exit()
        elif choice.startswith("resume:"):
            self.resume(unfinished[int(choice[7:])])
        elif choice == "settings":
            from cardtable.tui.screens.settings import SettingsScreen

            await self.push_screen_wait(SettingsScreen(self.settings, self.unicode_terminal))
            self.main_menu()
        elif choice in ("stats", "history"):
            await self.push_screen_wait(self.stats_screen() if choice == "stats" else self.history_screen())
            self.main_menu()
        elif choice.startswith("rules:"):
            from cardtable.tui.screens.rules import RulesScreen

            await self.push_screen_wait(RulesScreen(choice[6:]))
            self.main_menu()
        else:
            await self.new_game(unfinished=unfinished, again=choice == "again")

    @work(exclusive=True, group="menu")
    async def play_now(self, config: TableConfig) -> None:
        """``cardtable play``: straight to the table, once the player knows about their unfinished matches."""
        notices = self.take_notices()
        unfinished, set_aside = await asyncio.to_thread(read_unfinished)
        if notices or set_aside:
            self.notify("\n\n".join([*notices, *set_aside]), severity="warning", timeout=15)
        if unfinished:
            title, text = unfinished_question(unfinished)
            choices = [("Start the new game", "new"), ("Go to the start screen", "menu"), ("Quit", "quit")]
            choice = await self.push_screen_wait(ChoiceDialog(title, choices, text=text))
            if choice == "menu":
                self.main_menu()
                return
            if choice == "quit":
                self.exit()
                return
        self.push_screen(TableScreen(config))

    def resume(self, found: FoundMatch) -> None:
        """Open an unfinished match at the table, once this table holds its lock."""
        save = found.save
        if found.newer:
            self.main_menu(FROM_A_NEWER_CARDTABLE)
            return
        try:
            claimed: bool | None = save.claim()
        except OSError:
            claimed = None  # the folder cannot be written: play on, the table says it cannot save
        if claimed is False:
            self.main_menu("That match is open in another window: play it there, or choose another one.")
            return
        try:
            saved, match = save.load()
            table: TableScreen[Any] = TableScreen(saved.config, match, save, hints=saved.hints, undos=saved.undos)
        except FileNotFoundError:
            save.release()
            self.main_menu("That match is no longer saved here: it was finished in another window.")
            return
        except NewerFile:  # a newer cardtable saved it since the list was read
            save.release()
            self.main_menu(FROM_A_NEWER_CARDTABLE)
            return
        except Exception as error:  # whatever is wrong with a save, the start screen opens again
            reason = error.reason if isinstance(error, UnreadableFile) else shorten(str(error)) or "it does not replay"
            notice = set_aside_notice(save, reason) if claimed else f"That match cannot be resumed: {reason}."
            save.release()
            self.main_menu(notice)
            return
        if match.over:
            try:
                save.finish(saved.config, match.to_record())
            except SaveFailed:
                save.release()
            self.main_menu("That match was already over.")
            return
        not_here = parts_for(match.rules.name).not_at_table(match.options)
        if not_here is not None:
            save.release()
            self.main_menu(f"That match cannot be resumed: {not_here}")
            return
        self.push_screen(table)

    async def new_game(self, game: str | None = None, unfinished: list[FoundMatch] | None = None,
                       again: bool = False) -> None:  # fmt: skip
        """A new match: set up in the form, or (``again``) the last setup played again with a new shuffle."""
        from cardtable.tui.screens.new_game import NewGameScreen

        if unfinished:
            title, text = unfinished_question(unfinished)
            sure = await self.push_screen_wait(ConfirmDialog(f"{title}:\n{text}", yes="New game", no="Back"))
            if not sure:
                self.main_menu()
                return
        last = self.settings.last_setup
        if again and last is not None:
            config: TableConfig | None = new_shuffle(last)
        else:
            config = await self.push_screen_wait(NewGameScreen(game, last))
        if config is None:
            self.main_menu()
            return
        self.remember_setup(config)
        self.push_screen(TableScreen(config))

    def remember_setup(self, config: TableConfig) -> None:
        """Keep the setup of the game about to start, for the form and the start screen's "Play again"."""
        last = self.settings.last_setup
        if last is None or setup_json(config) != setup_json(last):
            self.settings.last_setup = config
            self.save_settings()

    async def after_match(self, config: TableConfig, choice: str | None) -> None:
        if choice == Next.QUIT:
            self.exit()
            return
        if choice == Next.AGAIN:
            self.switch_screen(TableScreen(new_shuffle(config)))
            return
        self.pop_screen()
        self.run_worker(self.new_game(config.game), group="menu", exclusive=True)

    # ------------------------------------------------------------------ quitting, crashing, size, settings
    async def action_quit_table(self) -> None:
        table = next((s for s in self.screen_stack if isinstance(s, TableScreen)), None)
        if table is not None and not table.match.over:
            self.run_worker(self._confirm_quit(table), group="quit", exclusive=True)
            return
        self.exit()

    async def _confirm_quit(self, table: TableScreen[Any]) -> None:
        if table.match.hands:
            table.autosave()  # one more try: the question must tell the truth
        if table.save_problem is not None:
            question = f"Quit the match? It could not be saved ({table.save_problem}): quitting loses it."
        elif not table.saved:
            question = "Quit the match? Nothing has been played yet."
        else:
            question = "Quit the match? It is saved, and offered to you next time."
        if await self.push_screen_wait(ConfirmDialog(question, yes="Quit", no="Keep playing")):
            self.exit()

    def catch_ending_signals(self) -> None:
        """On SIGTERM or SIGHUP the table closes as a quit does: the match saved, the terminal given back.

        Python's own way with these signals ends the process at once, leaving the terminal in the table's
        alternate screen with mouse reporting on and echo off.
        """
        loop = asyncio.get_running_loop()
        for number in ENDING_SIGNALS:
            try:
                loop.add_signal_handler(number, self.end_by_signal, number)
            except (NotImplementedError, RuntimeError, ValueError):  # no signals here (Windows, another thread)
                return

    def end_by_signal(self, number: int) -> None:
        if self.ended_by is None:
            self.ended_by = number
            self.exit(return_code=128 + number)

    async def run_action(self, action: str | ActionParseResult, default_namespace: DOMNode | None = None,
                         namespaces: Mapping[str, DOMNode] | None = None) -> bool:  # fmt: skip
        # Every key's binding runs through here, on every screen: a fault inside one (ours or the toolkit's)
        # costs that key, not the match.
        try:
            return await super().run_action(action, default_namespace, namespaces)
        except Exception as error:
            if not self.survive(error):
                raise
            return True

    def survive(self, error: Exception) -> bool:
        """Whether the table goes on after ``error`` in a key's action; if so the fault is logged and told."""
        survives = self.survives_faults if self.survives_faults is not None else not self.is_headless
        if not survives:
            return False
        self.faults_survived += 1
        where = write_crash_log(error, data_dir()) if self.faults_survived <= FAULT_LOGS else None
        logged = f" What happened is written in {where}." if where is not None else ""
        self.notify(f"Something went wrong with that key; the match goes on.{logged}", severity="error", timeout=10)
        return True

    def action_command_palette(self) -> None:
        if self.use_command_palette and not any(isinstance(s, CommandPalette) for s in self.screen_stack):
            self.push_screen(SteadyCommandPalette(id="--command-palette"))

    def _handle_exception(self, error: Exception) -> None:
        # Textual prints the traceback (with local variables: a hidden hand among them) when it exits;
        # the player gets one line instead, and the traceback goes to a log file.
        if self.crash_log is None:
            cause = error.error if isinstance(error, WorkerFailed) else error  # the match runs in a worker
            self.crash_log = write_crash_log(cause, data_dir())
        super()._handle_exception(error)
        if self.crash_log is not None:
            self._exit_renderables.clear()

    def notify(self, message: str, *, title: str = "", severity: SeverityLevel = "information",
               timeout: float | None = None, markup: bool = True) -> None:  # fmt: skip
        # Notifications quote names and file names, which are text, never markup; one at a time.
        self.clear_notifications()
        super().notify(visible(message, lines=True), title=visible(title), severity=severity, timeout=timeout,
                       markup=False)  # fmt: skip

    def check_size(self) -> None:
        small = self.size.width < MIN_WIDTH or self.size.height < MIN_HEIGHT
        on_top = isinstance(self.screen, TooSmallScreen) if self.screen_stack else False
        if small and not on_top:
            playing = any(isinstance(screen, TableScreen) for screen in self.screen_stack)
            self.push_screen(TooSmallScreen(MIN_WIDTH, MIN_HEIGHT, playing))
        elif not small and on_top:
            self.pop_screen()
            self.keys_held_until = time.monotonic() + KEY_GRACE

    def get_key_display(self, binding: Binding) -> str:
        if self.ascii_cards:  # "Enter", not the ⏎ symbol
            return key_label(binding.key.split(",")[0])
        return super().get_key_display(binding)

    def on_resize(self, event: events.Resize) -> None:
        self.call_after_refresh(self.check_size)  # at once, not at the next look

    async def on_event(self, event: events.Event) -> None:
        if isinstance(event, events.Key) and time.monotonic() < self.keys_held_until:
            return
        if isinstance(event, events.Key | events.MouseDown) and self.screen_stack:
            # A card in motion lands before the key acts: the key is never held up by it, nor lost.
            screen = self.screen
            if isinstance(screen, TableScreen):
                screen.end_motion()
        await super().on_event(event)

    def save_settings(self) -> None:
        for screen in self.screen_stack:
            if isinstance(screen, StartScreen):
                screen.show_settings()
        try:
            store_settings(self.settings)
        except OSError as error:
            problem = describe_os_error(error, data_dir())
            if problem != self.settings_problem:
                self.notify(f"Your settings cannot be saved: {problem}.", severity="warning", timeout=8)
            self.settings_problem = problem
            return
        self.settings_problem = None

    def textual_theme_of(self, setting: str) -> str:
        """The Textual theme a theme setting is drawn in: a table theme's own, or the palette's choice itself."""
        chosen = table_theme_name(setting)
        return TABLE_THEMES[chosen].textual if chosen is not None else setting

    def get_theme_variable_defaults(self) -> dict[str, str]:
        # The table's colours: the chosen table theme's, or made from a Textual theme chosen in the palette.
        settings: Settings | None = getattr(self, "settings", None)
        chosen = table_theme_name(settings.theme) if settings is not None else None
        if chosen is not None and TABLE_THEMES[chosen].textual == self.theme:
            return dict(TABLE_THEMES[chosen].colours)
        return palette_colours(self.current_theme.to_color_system().generate())

    def apply_theme(self) -> bool:
        """Draw in the settings' theme: a table theme (the table's colours and a Textual theme) or a Textual
        theme alone; False if the settings name no theme this table has."""
        textual = self.textual_theme_of(self.settings.theme)
        if textual not in self.available_themes:
            self.apply_card_style()
            return False
        if self.theme != textual:
            self.theme = textual
        elif any(self.theme_variables.get(name) != value for name, value in self.get_theme_variable_defaults().items()):
            self.refresh_css(animate=False)  # another table theme on the same Textual theme: its colours change
        self.apply_card_style()  # a theme may draw its own deck
        return True

    def watch_theme(self, theme: str) -> None:
        # A Textual theme chosen in the palette: the table theme made for it, or the Textual theme alone.
        if self.textual_theme_of(self.settings.theme) != theme:
            self.settings.theme = table_theme_for_textual(theme) or theme
            self.apply_card_style()
            self.save_settings()
            self.redraw_table()

    def next_theme(self) -> str:
        self.settings.theme = next_theme(self.settings.theme)
        self.settings_changed("theme")
        said = f"Theme: {theme_label(self.settings.theme)}"
        if self.no_color:  # one line at 80 columns: the notice line is a line
            return said + " (NO_COLOR: in greys)."
        return said + (" (four-colour deck)." if self.four_colour_deck else ".")

    def settings_changed(self, name: str) -> None:
        if name == "theme":
            self.apply_theme()
        elif name in ("deck", "ascii_cards"):
            self.apply_card_style()
        self.save_settings()
        self.redraw_table()

    def show_keys(self) -> None:
        from cardtable.tui.screens.keys import KeysScreen

        if not isinstance(self.screen, KeysScreen):
            self.push_screen(KeysScreen(key_rows(KEYMAP_BINDINGS, self.keymap)))

    def open_settings(self) -> None:
        from cardtable.tui.screens.settings import SettingsScreen

        if not isinstance(self.screen, SettingsScreen):
            self.push_screen(SettingsScreen(self.settings, self.unicode_terminal))

    def apply_card_style(self) -> None:
        self.set_class(self.four_colour_deck, "four-colour")
        if self.drawn_in_ascii != self.ascii_cards:
            self.drawn_in_ascii = self.ascii_cards
            self.set_class(self.ascii_cards, "ascii")
            for screen in self.screen_stack:  # every widget paints its cached lines again, through the filter
                for widget in screen.walk_children(with_self=True):
                    widget.refresh()
                screen.refresh_bindings()  # the footer writes its keys again ("Enter", not ⏎)

    def toggle_four_colour(self) -> None:
        self.settings.deck = "two" if self.four_colour_deck else "four"
        self.apply_card_style()
        self.save_settings()
        self.redraw_table()

    def toggle_ascii(self) -> None:
        self.settings.ascii_cards = not self.settings.ascii_cards
        self.apply_card_style()
        self.save_settings()
        self.redraw_table()

    def save_screenshot_told(self) -> Path | None:
        """Write the screen as an SVG file and tell the player where it went, or why it could not be written.

        The first folder that takes it wins: the pictures folder where the player keeps such files, then the data
        folder, which cardtable always makes.
        """
        picture = self.export_screenshot().encode("utf-8")
        name = time.strftime("cardtable-%Y-%m-%d-%H%M%S.svg")
        problems = []
        for folder in screenshot_folders():
            try:
                write_atomically(folder / name, picture)
            except OSError as error:
                problems.append(f"{folder}: {describe_os_error(error)}")
                continue
            self.notify(f"Screenshot {name} saved in {folder}", timeout=10)
            return folder / name
        self.notify("The screenshot could not be saved. " + "; ".join(problems) + ".", severity="error", timeout=15)
        return None

    def palette_next_theme(self) -> None:
        said = self.next_theme()
        table = self.screen if isinstance(self.screen, TableScreen) else None
        if table is not None:
            table.say(said)
        else:
            self.notify(said, timeout=4)

    def redraw_table(self) -> None:
        for screen in self.screen_stack:
            if isinstance(screen, TableScreen):
                screen.refresh_table()

    def stats_screen(self) -> Screen[None]:
        from cardtable.tui.screens.stats import StatsScreen

        return StatsScreen()

    def history_screen(self) -> Screen[None]:
        from cardtable.engine.visible import visible
        from cardtable.stats import load_statistics
        from cardtable.tui.screens.history import HistoryScreen

        statistics, notices = load_statistics()
        for notice in notices:
            self.notify(visible(notice), severity="warning", timeout=10, markup=False)
        return HistoryScreen(statistics)

    def open_from_palette(self, which: str) -> None:
        """The statistics or the history over whatever screen is showing (a match in play carries on under it)."""
        from cardtable.tui.screens.history import HistoryScreen
        from cardtable.tui.screens.stats import StatsScreen

        if not isinstance(self.screen, StatsScreen | HistoryScreen):
            self.push_screen(self.stats_screen() if which == "stats" else self.history_screen())

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        # Of Textual's own commands only "Theme" is kept as it is. Its "Quit" ends the app at once, skipping the
        # question a match in play asks; its "Keys" docks a help panel that squeezes the table; its "Maximize"
        # blows a focused list up over the table, which no player needs; its "Screenshot" writes to a Downloads
        # folder that may not exist and says nothing when it fails. The table's own versions replace them.
        for command in super().get_system_commands(screen):
            if command.title == "Theme":
                yield command
        yield SystemCommand("Quit", "Quit cardtable (a match in play asks first, and is kept for next time)",
                            self.action_quit_table)  # fmt: skip
        yield SystemCommand("Keys", "Every key of the table (the keys screen)", self.show_keys)
        yield SystemCommand("Screenshot", f"Save the screen as an SVG picture in {screenshot_folders()[0]}",
                            lambda: self.set_timer(0.1, self.save_screenshot_told))  # fmt: skip
        yield SystemCommand("Statistics", "Your results by game, variant and opponent level",
                            lambda: self.open_from_palette("stats"))  # fmt: skip
        yield SystemCommand("Match history", "Watch, star or export your finished matches",
                            lambda: self.open_from_palette("history"))  # fmt: skip
        four, ascii_ = on_off(self.four_colour_deck), on_off(self.ascii_cards)
        yield SystemCommand("Settings", "Computer speed, theme, deck style, card size, animations", self.open_settings)
        yield SystemCommand(f"Table theme: {theme_label(self.settings.theme)}",
                            f"The next of the table's themes ({first_key('theme', self.keymap)} at the table)",
                            self.palette_next_theme)  # fmt: skip
        yield SystemCommand(f"Four-colour deck: {four}", f"Give each suit its own colour (now {four})",
                            self.toggle_four_colour)  # fmt: skip
        if self.unicode_terminal:
            yield SystemCommand(f"ASCII cards: {ascii_}", f"Plain ASCII: suit letters, no box lines (now {ascii_})",
                                self.toggle_ascii)  # fmt: skip


def screenshot_folders() -> list[Path]:
    """Where a screenshot goes: the player's pictures folder if there is one (none is made), else the data
    folder's ``screenshots``."""
    from platformdirs import user_pictures_dir

    pictures = Path(user_pictures_dir())
    return [pictures, data_dir() / "screenshots"] if pictures.is_dir() else [data_dir() / "screenshots"]


def on_off(flag: bool) -> str:
    return "on" if flag else "off"


def new_shuffle(config: TableConfig) -> TableConfig:
    """The same table dealt afresh: a new seed, and the first dealer it draws."""
    seed = random.randrange(1_000_000_000)
    return TableConfig(config.game, config.players, config.seats, config.options, seed,
                       random.Random(seed).randrange(config.players))  # fmt: skip


def unfinished_question(unfinished: list[FoundMatch]) -> tuple[str, str]:
    """Before a new game: a title, and the unfinished matches with the promise that a new game keeps them."""
    one = len(unfinished) == 1
    listed = ["• " + match_summary(found).replace("\n", ": ") for found in unfinished[:3]]
    if len(unfinished) > 3:
        listed.append(f"…and {len(unfinished) - 3} more.")
    kept = "it as it is: resume it" if one else "them as they are: resume them"
    title = "An unfinished match" if one else f"{len(unfinished)} unfinished matches"
    return title, "\n".join(listed) + f"\n\nA new game leaves {kept} from the start screen."
