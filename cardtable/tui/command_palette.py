"""Textual's command palette, steadied: paging through its list before the list is drawn is not a crash."""

from __future__ import annotations

import contextlib

from textual.binding import Binding
from textual.command import CommandList, CommandPalette


class SteadyCommandPalette(CommandPalette):
    """The palette as Textual makes it, with PgUp and PgDn that wait for the list to be drawn.

    Textual 8.2 pages its option list through a map from options to lines that it fills only when it draws the
    list: PgUp or PgDn pressed as the palette opens, with the commands found but not drawn yet, looked up a
    line that was not there (``KeyError``) and ended the table.  Here a page key pages once the screen has been
    refreshed; a list still not drawn then (hidden, with nothing to show) has no page to turn.
    """

    BINDINGS = [
        Binding("pagedown", "page('down')", "Next page", show=False),
        Binding("pageup", "page('up')", "Previous page", show=False),
    ]

    def action_page(self, direction: str) -> None:
        self.call_after_refresh(self._turn_page, direction)

    def _turn_page(self, direction: str) -> None:
        for commands in self.query(CommandList):  # none once the palette has closed
            with contextlib.suppress(KeyError):  # the list is still not drawn: Textual has no line to page from
                getattr(commands, f"action_page_{direction}")()
