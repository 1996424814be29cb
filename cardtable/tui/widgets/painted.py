"""Lines painted once for a look and reused: shared by the widgets whose few looks come back all the time."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from textual.geometry import Region
from textual.strip import Strip
from textual.widget import Widget
from textual.widgets import Static

if TYPE_CHECKING:
    _Painted = Static
else:
    _Painted = object  # a mixin: Textual finds a widget's CSS along its bases that are widgets


def styled_look(widget: Widget) -> tuple[object, ...]:
    """The widget's styles as the stylesheet and its own set them, the colours it inherits, the line filters (no
    colour, ASCII), its opacity and the terminal's colours: two widgets of the same size and content that agree
    on these paint the same lines."""
    styles = widget.styles
    app = widget.app
    return (frozenset(styles.base._rules.items()), frozenset(styles.inline._rules.items()),
            widget.background_colors, widget.visual_style, tuple(widget.get_line_filters()), widget.opacity,
            id(app.ansi_theme), app.native_ansi_color)  # fmt: skip


class PaintedByLook(_Painted):
    """Put before the widget class in the bases: a change that brings back a look painted before reuses its lines.

    Painting a small widget through Textual's styles takes most of a millisecond, as long as the rest of a
    frame, and a table's cards, seats and prompt keep coming back to the same few looks (a card legal again, a
    seat's turn, "Waiting for West").  A widget whose look has not changed since its last paint is Textual's
    own cache's to answer.  Each class keeps its own ``PAINTED``.
    """

    #: The lines of each look, by class (each sets its own dict), emptied when ``LOOKS_KEPT`` are held.
    PAINTED: ClassVar[dict[tuple[object, ...], list[Strip]]]
    LOOKS_KEPT: ClassVar[int] = 2048

    def look(self) -> tuple[object, ...]:
        """Everything the paint depends on: the size, the content and border labels, and the styled look.  Two
        widgets with the same look paint the same lines."""
        return (self.outer_size, self.content, self.border_title, self.border_subtitle, *styled_look(self))

    def render_lines(self, crop: Region) -> list[Strip]:
        if not self._dirty_regions:
            return super().render_lines(crop)
        look = self.look()
        painted = self.PAINTED
        lines = painted.get(look)
        if lines is None:
            lines = super().render_lines(self.outer_size.region)
            if len(painted) >= self.LOOKS_KEPT:
                painted.clear()
            painted[look] = lines
        lines = lines[crop.y : crop.bottom]
        if crop.column_span != (0, self.outer_size.width):
            return [line.crop(*crop.column_span) for line in lines]
        return list(lines)


class PaintedText(PaintedByLook, Static):
    """A line of plain text whose few texts come back all the time (the table's prompt, its notice)."""

    PAINTED: ClassVar[dict[tuple[object, ...], list[Strip]]] = {}
