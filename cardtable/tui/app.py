"""The cardtable application: the start screen, new games, the table, settings and the size guard."""

from __future__ import annotations

import random
from collections.abc import Iterable
from pathlib import Path

from textual import work
from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.screen import Screen

from cardtable.engine.errors import RecordError
from cardtable.engine.loop import resume_match
from cardtable.saves import (
    SavedTable,
    Settings,
    TableConfig,
    load_settings,
    move_aside,
    read_autosave,
    store_settings,
)
from cardtable.tui.dialogs.message import ConfirmDialog
from cardtable.tui.games import parts_for
from cardtable.tui.screens.start import StartScreen, TooSmallScreen
from cardtable.tui.screens.table import TableScreen

MIN_WIDTH, MIN_HEIGHT = 80, 24


class CardTableApp(App[None]):
    CSS_PATH = "cardtable.tcss"
    TITLE = "cardtable"
    BINDINGS = [Binding("ctrl+q", "quit_table", "Quit", priority=True, show=True)]

    def __init__(self, start: TableConfig | None = None) -> None:
        super().__init__()
        self.start_config = start
        self.settings: Settings = load_settings()
        self.saved: SavedTable | None = None

    # ------------------------------------------------------------------ start-up
    def on_mount(self) -> None:
        if self.settings.theme in self.available_themes:
            self.theme = self.settings.theme
        self.apply_card_style()
        if self.start_config is not None:
            self.push_screen(TableScreen(self.start_config))
        else:
            self.main_menu()
        # Resize events reach only the active screen, so the size guard simply looks a few times a second.
        self.call_after_refresh(self.check_size)
        self.set_interval(0.25, self.check_size)

    @work(exclusive=True, group="menu")
    async def main_menu(self, notice: str = "") -> None:
        resumable, problem = self.find_saved()
        notice = "\n".join(part for part in (notice, problem) if part)
        choice = await self.push_screen_wait(StartScreen(resumable, notice))
        if choice == "quit":
            self.exit()
        elif choice == "resume" and self.saved is not None:
            self.open_saved(self.saved)
        elif choice.startswith("rules:"):
            from cardtable.tui.screens.rules import RulesScreen

            await self.push_screen_wait(RulesScreen(choice[6:]))
            self.main_menu()
        else:
            await self.new_game()

    def find_saved(self) -> tuple[str | None, str]:
        """A description of the unfinished match, and a notice if the save file had to be moved aside."""
        self.saved = None
        try:
            saved = read_autosave()
        except RecordError as error:
            kept = move_aside()
            return None, f"Your saved match could not be read: {error.reason}\nThe file was kept as {kept}."
        if saved is None:
            return None, ""
        try:
            match = resume_match(saved.record)
        except RecordError as error:
            kept = move_aside()
            return None, f"Your saved match could not be replayed: {error.reason}\nThe file was kept as {kept}."
        if match.over:
            return None, ""
        reason = parts_for(match.rules.name).not_at_table(match.options)
        if reason is not None:
            return None, f"Your saved match cannot be resumed: {reason}"
        self.saved = saved
        scores = " : ".join(str(match.scores[s]) for s in range(min(2, match.players)))
        return f"{match.rules.title}, hand {max(1, len(match.hands))}, {scores}", ""

    def open_saved(self, saved: SavedTable) -> None:
        match = resume_match(saved.record)
        self.push_screen(TableScreen(saved.config, match))

    async def new_game(self, game: str | None = None) -> None:
        from cardtable.tui.screens.new_game import NewGameScreen

        config = await self.push_screen_wait(NewGameScreen(game))
        if config is None:
            self.main_menu()
            return
        self.push_screen(TableScreen(config))

    async def after_match(self, table: TableScreen, choice: str | None) -> None:
        if choice == "quit":
            self.exit()
            return
        if choice == "again":
            old = table.config
            seed = random.randrange(1_000_000_000)
            config = TableConfig(old.game, old.players, old.seats, old.options, seed,
                                 random.Random(seed).randrange(old.players))  # fmt: skip
            self.switch_screen(TableScreen(config))
            return
        self.pop_screen()
        self.run_worker(self.new_game(table.config.game), group="menu", exclusive=True)

    # ------------------------------------------------------------------ quitting, size, settings
    async def action_quit_table(self) -> None:
        table = next((s for s in self.screen_stack if isinstance(s, TableScreen)), None)
        if table is not None and not table.match.over:
            self.run_worker(self._confirm_quit(), group="quit", exclusive=True)
            return
        self.exit()

    async def _confirm_quit(self) -> None:
        sure = await self.push_screen_wait(
            ConfirmDialog("Quit the match? It is saved, and offered to you next time.", yes="Quit", no="Keep playing")
        )
        if sure:
            self.exit()

    def check_size(self) -> None:
        small = self.size.width < MIN_WIDTH or self.size.height < MIN_HEIGHT
        on_top = isinstance(self.screen, TooSmallScreen) if self.screen_stack else False
        if small and not on_top:
            self.push_screen(TooSmallScreen(MIN_WIDTH, MIN_HEIGHT))
        elif not small and on_top:
            self.pop_screen()

    def save_settings(self) -> None:
        try:
            store_settings(self.settings)
        except OSError as error:
            self.notify(f"Could not save the settings: {error}", severity="warning")

    def watch_theme(self, theme: str) -> None:
        if self.settings.theme != theme:
            self.settings.theme = theme
            self.save_settings()

    def apply_card_style(self) -> None:
        self.set_class(self.settings.four_colour, "four-colour")

    def toggle_four_colour(self) -> None:
        self.settings.four_colour = not self.settings.four_colour
        self.apply_card_style()
        self.save_settings()
        self.redraw_table()

    def toggle_ascii(self) -> None:
        self.settings.ascii_cards = not self.settings.ascii_cards
        self.save_settings()
        self.redraw_table()

    def redraw_table(self) -> None:
        for screen in self.screen_stack:
            if isinstance(screen, TableScreen):
                screen.refresh_table()

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:  # type: ignore[type-arg]
        yield from super().get_system_commands(screen)
        yield SystemCommand("Four-colour deck", "Give each suit its own colour (on/off)", self.toggle_four_colour)
        yield SystemCommand("ASCII cards", "Suit letters instead of suit symbols (on/off)", self.toggle_ascii)


def run_app(start: TableConfig | None = None, home: Path | None = None) -> None:
    CardTableApp(start).run()
