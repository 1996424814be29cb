"""The table's themes: one choice sets the colours of the felt and the Textual theme the rest is drawn in."""

from __future__ import annotations

from typing import NamedTuple


class TableTheme(NamedTuple):
    label: str
    #: The Textual theme of the dialogs, the footer and the cards' colours.
    textual: str
    #: The app's class that colours the felt (none: the Textual theme's own surface).
    felt: str


TABLE_THEMES = {
    "green-felt": TableTheme("Green felt", "textual-dark", "felt-green"),
    "blue-baize": TableTheme("Blue baize", "nord", "felt-blue"),
    "night": TableTheme("Night", "textual-dark", ""),
    "day": TableTheme("Day (light)", "textual-light", ""),
}
FELT_CLASSES = frozenset(theme.felt for theme in TABLE_THEMES.values() if theme.felt)
