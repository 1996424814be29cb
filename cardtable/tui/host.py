"""The application as its screens see it, apart from what every Textual app has."""

from __future__ import annotations

from textual.app import App

from cardtable.saves import Settings, TableConfig


class TableHost(App[None]):
    """The player's settings and the keymap in force, and what comes after a match.

    The table screen reaches the application through this class (``CardTableApp`` derives from it), so the
    screen never imports the application that shows it.
    """

    settings: Settings
    #: The player's keymap as far as it could be applied: binding ids to keys.
    keymap: dict[str, str]

    def save_settings(self) -> None:
        raise NotImplementedError

    async def after_match(self, config: TableConfig, choice: str | None) -> None:
        """The player's choice at the end of a match (``Next``): play again, a new game, or quit."""
        raise NotImplementedError
