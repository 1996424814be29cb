"""The footer every screen shows: Textual's, rebuilt only when the keys it shows change."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.widgets import Footer

if TYPE_CHECKING:
    from textual.screen import Screen


class KeysFooter(Footer):
    """Textual's footer, which builds all its keys again whenever its screen's bindings are refreshed: on each
    focus change, each dialog opened or closed over the screen, each key greyed out.  Most of those leave the
    keys as they were, and building them is dear (every key is a widget styled anew), so this footer compares
    what it would show with what it shows, and builds again only when they differ.
    """

    #: What the footer shows now: each key's binding, whether it is enabled, its tooltip and how it is written.
    _keys_shown: tuple[object, ...] | None = None

    def bindings_changed(self, screen: Screen[object]) -> None:
        if screen.app.app_focus and self.is_attached and screen is self.screen:
            shown = tuple(
                (binding, enabled, tooltip, self.app.get_key_display(binding))
                for _node, binding, enabled, tooltip in screen.active_bindings.values()
            )
            if self._bindings_ready and shown == self._keys_shown:
                return
            self._keys_shown = shown
        super().bindings_changed(screen)
