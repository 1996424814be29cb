"""The table's log: a RichLog that takes a new line in the same frame as the rest of the table."""

from __future__ import annotations

from math import ceil
from typing import Self, cast

from rich.color import Color as RichColor
from rich.console import RenderableType
from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.geometry import Region, Size
from textual.reactive import Reactive
from textual.scrollbar import ScrollBar, ScrollBarRender
from textual.strip import Strip
from textual.widgets import RichLog

from .painted import columns_of, styled_look

#: How many painted lines ``PAINTED_BAR_LINES`` keeps: a bar has a few kinds of line, in each look it takes.
PAINTED_BAR_KEPT = 512
#: Each line of a log's scroll bar as Textual painted it, by the bar's look and the line's cell (shared by all
#: bars: the same cells come back all the time).
PAINTED_BAR_LINES: dict[tuple[object, ...], Strip] = {}


#: How many rows a log keeps painted before it starts again (a long match writes a few hundred lines).
PAINTED_ROWS = 2048


class SteppedScrollBar(ScrollBar):
    """A vertical scroll bar that repaints only when the thumb it draws moves or changes length.

    Textual's repaints whenever the log's length or scroll changes: every new line.  Drawn in eighths of a
    cell, the thumb of a long log moves far less often than that, and each repaint of the bar also asks the
    compositor for every line beside it.
    """

    window_virtual_size: Reactive[int] = Reactive(100, repaint=False)
    window_size: Reactive[int] = Reactive(0, repaint=False)
    position: Reactive[float] = Reactive(0, repaint=False)
    #: The bar's cells as last asked for (``None``: not yet).
    _drawn: tuple[object, ...] | None = None

    def cells(self) -> tuple[object, ...]:
        """The bar as it would be drawn now, in the renderer's default colours (they do not move)."""
        window_size = self.window_size if self.window_size < self.window_virtual_size else 0
        bar = self.renderer.render_bar(
            size=self.size.height,
            virtual_size=ceil(self.window_virtual_size),
            window_size=ceil(window_size),
            position=self.position,
            thickness=self.thickness,
            vertical=self.vertical,
        )
        return tuple(bar.segments)

    def render_lines(self, crop: Region) -> list[Strip]:
        # Textual paints a repainted bar through Rich's console, about a millisecond each time the thumb moves
        # (most new lines of a log of a few screens).  Each of the bar's lines is one of a handful of cells
        # (above the thumb, below it, the thumb, an eighth-cell end of it), so each is painted once, by
        # Textual, and reused; a bar unchanged since Textual's last paint is its own cache's to answer.
        renderable = self.render()
        if not self._dirty_regions or not self.vertical or not isinstance(renderable, ScrollBarRender):
            return super().render_lines(crop)
        width, height = self.size
        cells = self.coloured_cells(renderable, width, height)
        look = self.look()
        painted = PAINTED_BAR_LINES
        lines = [painted.get((look, cell)) for cell in cells]
        if None in lines:
            fresh = super().render_lines(Region(0, 0, width, height))
            if len(painted) >= PAINTED_BAR_KEPT:
                painted.clear()
            painted.update(((look, cell), line) for cell, line in zip(cells, fresh, strict=True))
            lines = list(fresh)
        return columns_of(cast(list[Strip], lines)[crop.y : crop.bottom], crop, width)

    @staticmethod
    def coloured_cells(renderable: ScrollBarRender, width: int, height: int) -> list[Segment]:
        """The bar's cell on each line, in its colours, as its renderer gives them to Rich."""
        style = renderable.style if isinstance(renderable.style, Style) else Style.parse(str(renderable.style))
        bar = type(renderable).render_bar(
            size=height,
            virtual_size=renderable.virtual_size,
            window_size=renderable.window_size,
            position=renderable.position,
            thickness=width,
            vertical=True,
            back_color=style.bgcolor or RichColor.parse("#555555"),
            bar_color=style.color or RichColor.parse("bright_magenta"),
        )
        return list(bar.segments)

    def look(self) -> tuple[object, ...]:
        """Everything a line's paint depends on besides its cell: the bar's width and box, its styles, the colours
        it inherits, the line filters (no colour, ASCII) and its opacity."""
        return (self.outer_size.width, self.styles.gutter, self.styles.outline, *styled_look(self))

    def repaint_if_moved(self) -> None:
        drawn = self.cells()
        if drawn != self._drawn:
            self._drawn = drawn
            self.refresh()

    def watch_window_virtual_size(self) -> None:
        self.repaint_if_moved()

    def watch_window_size(self) -> None:
        self.repaint_if_moved()

    def watch_position(self) -> None:
        self.repaint_if_moved()


class TableLog(RichLog):
    """A RichLog of plain lines that keeps them wrapped to its width, and repaints a new one without laying
    the screen out again.

    A plain RichLog makes its length a layout property, so every line lays the whole screen out, and it
    scrolls to its end only after the next frame, which paints a second frame a frame later.  The log's box
    never changes with its length: only the scrollbar does, and a layout is asked for when it comes or goes.
    A plain RichLog also keeps each line wrapped at the width it was written at: this one keeps the texts and
    wraps them all again when its width changes (a resize, a breakpoint that widens the side panel).
    """

    virtual_size = Reactive(Size(0, 0), layout=False)
    #: The log's style, scroll offset and width while it paints (see ``render_lines``).
    _painting: tuple[Style, int, int, int] | None = None
    #: The width every line in ``lines`` was wrapped at (0 before the first).
    _wrapped_width = 0
    #: How many times the lines were cleared (and written again).
    _generation = 0
    #: What the rows in ``_painted_rows`` were painted in (see ``_rows``).
    _rows_look: tuple[object, ...] | None = None

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id, wrap=True, markup=False, auto_scroll=True, min_width=10)
        #: Every line written, in order: what the log shows, before wrapping.
        self.texts: list[str] = []
        #: Each row painted, by the line it shows (-1: below the last), in the look of ``_rows_look``.
        self._painted_rows: dict[int, Strip] = {}

    def add(self, text: str) -> None:
        """Write ``text`` as the newest line, in sight."""
        self.texts.append(text)
        if self._size_known and self.lines and self.scrollable_content_region.width != self._wrapped_width:
            self.rewrap()  # the width changed and the resize has not been heard yet: every line again
        else:
            self.write(text)

    def rewrap(self) -> None:
        """Every line wrapped again to the log's width, the newest in sight."""
        self.clear()
        for text in self.texts:
            self.write(text, scroll_end=False)
        self.scroll_end(animate=False, immediate=True, x_axis=False)

    def write(
        self,
        content: RenderableType | object,
        width: int | None = None,
        expand: bool = False,
        shrink: bool = True,
        scroll_end: bool | None = None,
        animate: bool = False,
    ) -> Self:
        if not self._size_known:  # held back until the log knows its width, then written again through here
            return super().write(content, width, expand, shrink, scroll_end, animate)
        height = self.scrollable_content_region.height
        self._wrapped_width = self.scrollable_content_region.width
        overflowed = self.virtual_size.height > height
        super().write(content, width, expand, shrink, scroll_end=False)
        if overflowed != (self.virtual_size.height > height):
            self.refresh(layout=True)  # the lines no longer fit: the scrollbar may change, so the layout
        elif self.show_vertical_scrollbar:
            # The bar's length and its position change together: it compares what it draws once both are set
            # (compared between the two, the thumb would seem to move on every line).
            bar = self.vertical_scrollbar
            bar.set_reactive(ScrollBar.window_virtual_size, self.virtual_size.height)
            if self.auto_scroll if scroll_end is None else scroll_end:
                self.scroll_end(animate=animate, immediate=True, x_axis=False)
            if isinstance(bar, SteppedScrollBar):
                bar.repaint_if_moved()
            return self
        if self.auto_scroll if scroll_end is None else scroll_end:
            self.scroll_end(animate=animate, immediate=True, x_axis=False)
        return self

    @property
    def vertical_scrollbar(self) -> ScrollBar:
        # Textual's own property, with the stepped bar in place of its ScrollBar.
        if self._vertical_scrollbar is None:
            bar = SteppedScrollBar(vertical=True, name="vertical", thickness=self.scrollbar_size_vertical)
            bar.display = False
            self._vertical_scrollbar = bar
            self.app._start_widget(self, bar)
        return self._vertical_scrollbar

    def on_resize(self, event: events.Resize) -> None:
        # Before the first size, RichLog's own handler writes the held-back lines at it, after this one.
        if self.lines and self.scrollable_content_region.width != self._wrapped_width:
            self.rewrap()
        elif self._size_known:
            self.scroll_end(animate=False, immediate=True, x_axis=False)  # taller or shorter: the newest in sight

    def clear(self) -> Self:
        self._generation += 1  # the lines are written again: a line's place may hold another line now
        return super().clear()

    def render_lines(self, crop: Region) -> list[Strip]:
        # A RichLog works out its style, scroll and width again for every line it paints (its style is a
        # walk up to the screen, dearer than the line): once a paint is enough.
        scroll_x, scroll_y = self.scroll_offset
        style = self.rich_style
        self._painting = (style, scroll_x, scroll_y, self.scrollable_content_region.width)
        try:
            if self.styles.gutter:  # a border or padding: a row's paint depends on where it is
                return super().render_lines(crop)
            return self._rows(crop, style, scroll_x, scroll_y)
        finally:
            self._painting = None

    def _rows(self, crop: Region, style: Style, scroll_x: int, scroll_y: int) -> list[Strip]:
        """The rows of ``crop``: each line of the log is painted once in a look, by Textual, and reused.

        A new line scrolls the log up a row, and Textual then paints every row again, about a millisecond
        for the side panel's log at every card: now only the new one is painted.
        """
        look = (self.size, crop.column_span, style, scroll_x, self._widest_line_width, self._generation,
                *styled_look(self))  # fmt: skip
        if look != self._rows_look or len(self._painted_rows) > PAINTED_ROWS:
            self._painted_rows = {}
            self._rows_look = look
        painted = self._painted_rows
        first = scroll_y + self._start_line
        below = len(self.lines) - scroll_y  # the first row below the last line
        rows = []
        for y in crop.line_range:
            line = first + y if y < below else -1
            row = painted.get(line)
            if row is None:
                row = painted[line] = super().render_lines(Region(crop.x, y, crop.width, 1))[0]
            rows.append(row)
        return rows

    def render_line(self, y: int) -> Strip:
        if self._painting is None:
            return super().render_line(y)
        style, scroll_x, scroll_y, width = self._painting
        if scroll_y + y >= len(self.lines):
            return Strip.blank(width, style).apply_style(style)  # below the last line
        return self._render_line(scroll_y + y, scroll_x, width).apply_style(style)
