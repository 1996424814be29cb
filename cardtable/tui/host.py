"""The application as its screens see it, apart from what every Textual app has."""

from __future__ import annotations

import weakref

from textual.app import App
from textual.screen import Screen

from cardtable.saves import Settings, TableConfig
from cardtable.tui.themes import TABLE_THEMES, table_theme_name


class TableHost(App[None]):
    """The player's settings and the keymap in force, and what comes after a match.

    The table screen reaches the application through this class (``CardTableApp`` derives from it), so the
    screen never imports the application that shows it.
    """

    settings: Settings
    #: The player's keymap as far as it could be applied: binding ids to keys.
    keymap: dict[str, str]
    #: Every table the app has shown that is still alive: the one showing, and the one it replaced while that is
    #: being taken down (a table waits for it to go before it freezes what is alive: ``keep_out_of_sweeps``).
    tables: weakref.WeakSet[Screen[None]]

    @property
    def ascii_cards(self) -> bool:
        """Whether the table draws in ASCII only: the player's choice, or a terminal that cannot draw more."""
        return self.settings.ascii_cards

    @property
    def four_colour_deck(self) -> bool:
        """Whether the cards are drawn in four colours: the player's deck style, or the theme's when left to it."""
        deck = self.settings.deck
        if deck != "theme":
            return deck == "four"
        chosen = table_theme_name(self.settings.theme)
        return chosen is not None and TABLE_THEMES[chosen].four_colour

    def save_settings(self) -> None:
        raise NotImplementedError

    def next_theme(self) -> str:
        """Go on to the next table theme, save it, and say which it is (a line for the notice)."""
        raise NotImplementedError

    def open_settings(self) -> None:
        """The settings screen, over whatever is showing."""
        raise NotImplementedError

    def show_keys(self) -> None:
        """The keys screen: every key of the table, after the player's keymap."""
        raise NotImplementedError

    def settings_changed(self, name: str) -> None:
        """Apply the setting ``name`` the player has just changed, and save the settings."""
        raise NotImplementedError

    async def after_match(self, config: TableConfig, choice: str | None) -> None:
        """The player's choice at the end of a match (``Next``): play again, a new game, or quit."""
        raise NotImplementedError
