"""A dialog's see-through background: the screen beneath it, dimmed, drawn straight from that screen's lines.

A Textual screen whose background is translucent shows the screen beneath it, tinted by its background
colour.  Textual draws that screen's lines, turns them into a Rich renderable, tints it segment by segment,
and cuts the result into lines again: a third of what a dialog costs to open at 80x24 and 120x40, and paid
again whenever the dialog is laid out (it is, three times as it opens).  The lines come out the same from
here without the round trip through Rich, and each style is tinted once, not once per segment.

What is shown is what Textual would show: the same colours, the tint over them, the base style of the dialog
beneath the segments that have none, and no mouse actions or links (a click on the dimmed table must not
play a card).
"""

from __future__ import annotations

from typing import Any, cast

from rich.console import Console, ConsoleOptions, RenderableType
from rich.console import RenderResult as RichRenderResult
from rich.segment import Segment
from rich.style import Style as RichStyle
from textual._context import visible_screen_stack
from textual.color import Color
from textual.css.styles import RulesMap
from textual.geometry import Size
from textual.screen import Screen
from textual.strip import Strip
from textual.style import Style
from textual.visual import RenderOptions, Visual

#: Tinted styles kept, by (the dialog's base style, the tint, the style beneath): all forgotten when full.
KEPT = 4096
_tinted: dict[tuple[RichStyle, Color, RichStyle | None], RichStyle] = {}


def tinted_style(base: RichStyle, tint: Color, style: RichStyle | None) -> RichStyle:
    """``style`` (a segment's of the screen beneath) as it shows through a dialog of base style ``base`` and
    background ``tint``."""
    key = (base, tint, style)
    found = _tinted.get(key)
    if found is not None:
        return found
    plain = RichStyle() if style is None else style.clear_meta_and_links()
    if tint.a:
        colour = None if plain.color is None else (Color.from_rich_color(plain.color) + tint).rich_color
        background = None if plain.bgcolor is None else (Color.from_rich_color(plain.bgcolor) + tint).rich_color
        plain = plain + RichStyle.from_color(colour, background)
    found = base + plain
    if len(_tinted) >= KEPT:
        _tinted.clear()
    _tinted[key] = found
    return found


def tinted_strip(strip: Strip, base: RichStyle, tint: Color) -> Strip:
    segments = [
        segment if segment.control else Segment(segment.text, tinted_style(base, tint, segment.style))
        for segment in strip
    ]
    return Strip(segments, strip.cell_length)


class ScreenBeneath(Visual):
    """The screen beneath a dialog, tinted by the dialog's background."""

    def __init__(self, beneath: Screen[Any], tint: Color) -> None:
        self.beneath = beneath
        self.tint = tint

    def lines(self, width: int, height: int | None, base: RichStyle) -> list[Strip]:
        size = self.beneath.size
        lines = self.beneath._compositor.render_strips(Size(size.width, size.height if height is None else height))
        return [tinted_strip(line.crop(0, width), base, self.tint) for line in lines]

    def render_strips(self, width: int, height: int | None, style: Style, options: RenderOptions) -> list[Strip]:
        return self.lines(width, height, style.rich_style)

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RichRenderResult:
        # Textual takes the Visual; anything else that draws it (a Rich console) gets the same lines.
        for line in self.lines(options.max_width, options.height, RichStyle()):
            yield from line
            yield Segment.line()

    def get_optimal_width(self, rules: RulesMap, container_width: int) -> int:
        return container_width

    def get_height(self, rules: RulesMap, width: int) -> int:
        return self.beneath.size.height


class SeeThrough:
    """Put before ``ModalScreen`` in a dialog's bases: its translucent background is drawn by ``ScreenBeneath``.

    Not a widget class itself, so that Textual finds the dialog's CSS along ``ModalScreen``.
    """

    def render(self) -> RenderableType:
        screen = cast(Screen[Any], self)
        background = screen.styles.background
        try:
            beneath_stack = visible_screen_stack.get()
        except LookupError:
            beneath_stack = []
        if beneath_stack and beneath_stack[-1] is not screen and background.a < 1:
            # Textual's own render takes the screen beneath from the same list, so that each of several
            # dialogs one over another shows the one beneath it.
            return ScreenBeneath(beneath_stack.pop(), background)
        return Screen.render(screen)
