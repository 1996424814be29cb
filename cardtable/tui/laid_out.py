"""Screens that are not laid out again by a resize that leaves their size as it was.

Textual lays a screen out again whenever the screen hears of a resize, and lays out every screen visible
beneath it too, each with a full frame.  A new screen hears of one just after its first layout, at the size
it was laid out at: a dialog was laid out three times as it opened, the table beneath it once more.  A
resize to the size a screen already has changes no region; what else waits for a layout (a widget mounted,
a size learnt) is laid out by Textual's next frame, as it is between resizes.  A screen beneath another keeps
the layout it has unless something of its own waits for one, since no frame of its own lays it out.
"""

from __future__ import annotations

from typing import Any, cast

from textual.geometry import Size
from textual.screen import Screen


class LaidOutOnce:
    """Put before ``Screen`` or ``ModalScreen`` in a screen's bases (a mixin, as ``StyledOnce`` is)."""

    def _screen_resized(self, size: Size) -> None:
        screen = cast(Screen[Any], self)
        if screen._compositor.size == size and (screen.is_current or not screen._layout_required):
            return
        Screen._screen_resized(screen, size)
