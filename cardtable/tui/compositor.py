"""A compositor that paints, for each frame, only the widgets under the parts of the screen that changed.

Textual paints a frame from the rectangle around every region that changed since the last one, and asks every
widget in that rectangle for all of its lines.  A computer's card changes a seat, a place in the trick and the
last line of the log: on a table the rectangle around them is most of the screen, so each such frame asked
some fifteen widgets for every line, though only the lines under the changed regions reach the terminal.

This compositor asks only the widgets that lie under a changed region, and of each only the rows from the
first changed row over it to the last (whole rows: a widget's left and right edges are where Textual cuts
each line of the screen, so a row of a widget is always a whole piece of the frame).  What reaches the
terminal is the same, cell for cell (``tests/tui/test_compositor.py`` checks every frame of a hand).

It replaces a private part of Textual (the compositor's ``_get_renders``), which the project pins to its 8.2
series.
"""

from __future__ import annotations

from collections.abc import Iterable

from textual._compositor import ChopsUpdate, Compositor
from textual.geometry import Region
from textual.strip import Strip


class ChangedRegionsCompositor(Compositor):
    """Paints a partial update from the widgets under its changed regions only (a full one as Textual does)."""

    #: The regions that changed, while a partial update is painted.
    _painting: list[Region] | None = None

    def render_partial_update(self) -> ChopsUpdate | None:
        self._painting = list(self._dirty_regions)
        try:
            return super().render_partial_update()
        finally:
            self._painting = None

    def _get_renders(self, crop: Region | None = None) -> Iterable[tuple[Region, Region, list[Strip]]]:
        changed = self._painting
        if changed is None or crop is None:
            yield from super()._get_renders(crop)
            return
        for widget, (region, clip) in self.visible_widgets.items():
            shown = region.intersection(clip)
            under = [part for part in changed if part.overlaps(shown)]
            if not under:
                continue
            top = max(shown.y, min(part.y for part in under))
            bottom = min(shown.bottom, max(part.bottom for part in under))
            if bottom <= top:
                continue
            rows = Region(shown.x, top, shown.width, bottom - top)
            own_rows = Region(rows.x - region.x, rows.y - region.y, rows.width, rows.height)
            yield region, rows, widget.render_lines(own_rows)
