"""Lines painted once for a look and reused: shared by the widgets whose few looks come back all the time."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, ClassVar

from textual.geometry import Region
from textual.strip import Strip
from textual.widget import Widget
from textual.widgets import Static

if TYPE_CHECKING:
    _Painted = Static
else:
    _Painted = object  # a mixin: Textual finds a widget's CSS along its bases that are widgets


#: Rules that place a widget on screen without changing what it paints: a card in motion takes a new offset at
#: every cell it crosses, and each would otherwise be remembered as a look of its own (hundreds a match).
PLACING_RULES = frozenset({"offset"})


def styled_look(widget: Widget) -> tuple[object, ...]:
    """The widget's styles as the stylesheet and its own set them (less where they place it), the colours it
    inherits, the line filters (no colour, ASCII), its opacity and the terminal's colours: two widgets of the same
    size and content that agree on these paint the same lines."""
    styles = widget.styles
    app = widget.app
    return (painting_rules(styles.base.get_rules()), painting_rules(styles.inline.get_rules()),
            widget.background_colors, widget.visual_style, tuple(widget.get_line_filters()), widget.opacity,
            id(app.ansi_theme), app.native_ansi_color)  # fmt: skip


#: Each set of rules a look was made with, as one object: a look's key holds its widget's rules, some sixty, and
#: the few hundred looks a table remembers share a few dozen sets (each its own copy, they took half their memory).
RULE_SETS: dict[frozenset[tuple[str, object]], frozenset[tuple[str, object]]] = {}
RULE_SETS_KEPT = 1024


def painting_rules(rules: Mapping[str, object]) -> frozenset[tuple[str, object]]:
    """The rules that may change what a widget paints: all but those that only place it (``PLACING_RULES``)."""
    if PLACING_RULES.isdisjoint(rules):
        found = frozenset(rules.items())
    else:
        found = frozenset((name, value) for name, value in rules.items() if name not in PLACING_RULES)
    kept = RULE_SETS.get(found)
    if kept is None:
        if len(RULE_SETS) >= RULE_SETS_KEPT:
            RULE_SETS.clear()
        kept = RULE_SETS[found] = found
    return kept


#: A part of a widget's paint: what its lines depend on, and where they are in the widget.
Part = tuple[tuple[object, ...], Region]


def columns_of(lines: list[Strip], crop: Region, width: int) -> list[Strip]:
    """The columns of ``crop`` from a widget's whole-width ``lines`` (the rows of ``crop`` already taken)."""
    if crop.column_span != (0, width):
        return [line.crop(*crop.column_span) for line in lines]
    return lines


class PaintedByLook(_Painted):
    """Put before the widget class in the bases: a change that brings back a look painted before reuses its lines.

    Painting a small widget through Textual's styles takes most of a millisecond, as long as the rest of a
    frame, and a table's cards, seats and prompt keep coming back to the same few looks (a card legal again, a
    seat's turn, "Waiting for West").  A widget whose look has not changed since its last paint is Textual's
    own cache's to answer.  Each class keeps its own ``PAINTED``.

    A widget framed above and below is remembered in three parts, each painted by Textual alone when it is new:
    its top line (the border and its title), its bottom line (the border and its subtitle) and the lines
    between (the content).  A card in the trick that is led or starts winning then repaints one line, and a
    face seen before under other labels none.
    """

    #: The lines of each look, by class (each sets its own dict), emptied when ``LOOKS_KEPT`` are held.
    PAINTED: ClassVar[dict[tuple[object, ...], list[Strip]]]
    LOOKS_KEPT: ClassVar[int] = 2048

    def look(self) -> tuple[object, ...]:
        """Everything the paint depends on: the size, the content and border labels, and the styled look.  Two
        widgets with the same look paint the same lines."""
        return (self.outer_size, self.content, self.border_title, self.border_subtitle, *styled_look(self))

    def parts(self) -> list[Part]:
        """The parts the widget's paint is remembered in: three for a widget framed above and below, with at
        least a line between (each labelled by what it depends on), else the whole look."""
        size = self.outer_size
        width, height = size
        top, _right, bottom, _left = self.styles.border
        if not (top[0] and bottom[0]) or height < 3:
            return [(self.look(), size.region)]
        styled = styled_look(self)
        return [
            (("top", size, self.border_title, *styled), Region(0, 0, width, 1)),
            (("between", size, self.content, *styled), Region(0, 1, width, height - 2)),
            (("bottom", size, self.border_subtitle, *styled), Region(0, height - 1, width, 1)),
        ]

    def render_lines(self, crop: Region) -> list[Strip]:
        if not self._dirty_regions:
            return super().render_lines(crop)
        painted = self.PAINTED
        lines: list[Strip] = []
        for key, region in self.parts():
            part = painted.get(key)
            if part is None:
                part = super().render_lines(region)
                if len(painted) >= self.LOOKS_KEPT:
                    painted.clear()
                painted[key] = part
            lines += part
        return columns_of(lines[crop.y : crop.bottom], crop, self.outer_size.width)


class PaintedText(PaintedByLook, Static):
    """A line of plain text whose few texts come back all the time (the table's prompt, its notice)."""

    PAINTED: ClassVar[dict[tuple[object, ...], list[Strip]]] = {}
