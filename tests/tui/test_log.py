"""The table's log keeps its lines wrapped to its width: from the first line at a roomy size, and after a resize
under a dialog."""

from __future__ import annotations

from typing import Any
from unittest.mock import patch

import pytest
from rich.text import Text
from textual.app import App, ComposeResult
from textual.geometry import Region
from textual.strip import Strip
from textual.widget import Widget

from cardtable.engine.game import Action
from cardtable.tui.app import CardTableApp
from cardtable.tui.games.truco.call import CallDialog
from cardtable.tui.screens.table import TableScreen
from cardtable.tui.widgets.log import PAINTED_BAR_LINES, SteppedScrollBar, TableLog
from tests.tui.driver import table_config
from tests.tui.test_snapshots import RANDOM_SEATS, truco_match


def wrapped_as_they_should_be(app: CardTableApp, table: TableScreen[Any]) -> list[str]:
    """The log's lines on screen, checked against its texts wrapped to its width now."""
    log = table.query_one(TableLog)
    width = log.scrollable_content_region.width
    expected = [line.plain for text in log.texts for line in Text(text).wrap(app.console, width)]
    shown = [strip.text.rstrip() for strip in log.lines]
    assert shown == [line.rstrip() for line in expected]
    return shown


async def test_the_log_is_wrapped_to_the_wide_side_panel_from_its_first_line_and_after_a_resize(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    widths: list[int] = []  # the width of the log each line is wrapped at, once the log knows it
    write = TableLog.write

    def noted_write(log: TableLog, content: object, *args: Any, **kwargs: Any) -> TableLog:
        if log._size_known:
            widths.append(log.scrollable_content_region.width)
        return write(log, content, *args, **kwargs)

    monkeypatch.setattr(TableLog, "write", noted_write)
    app = CardTableApp()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        match = truco_match(4, 2, [Action(3, "call", "truco")], seed=7)  # a dialog opens at once
        table: TableScreen[Any] = TableScreen(table_config("truco", RANDOM_SEATS, seed=2, first_dealer=2), match)
        app.push_screen(table)
        for _ in range(200):
            await pilot.pause()
            if isinstance(app.screen, CallDialog):
                break
        assert isinstance(app.screen, CallDialog)
        assert wrapped_as_they_should_be(app, table)[0] == "Truco: You, East, North, West."
        # The table was laid out wide from the start: no line was ever wrapped to the narrow panel first.
        assert widths and set(widths) == {40}
        await pilot.resize_terminal(80, 24)  # under the dialog: wrapped again, to the narrow panel
        await pilot.pause()
        assert wrapped_as_they_should_be(app, table)[:2] == ["Truco: You, East,", "North, West."]
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        assert wrapped_as_they_should_be(app, table)[0] == "Truco: You, East, North, West."


class LogApp(App[None]):
    """A log alone, sized by ``css``."""

    def __init__(self, css: str) -> None:
        self.CSS = css  # type: ignore[misc]  # Textual reads CSS through the app: each app here has its own size
        super().__init__()

    def compose(self) -> ComposeResult:
        yield TableLog(id="log")


def cells(strips: list[Any]) -> list[list[tuple[str, object]]]:
    """Each cell run of painted lines with its style (meta included)."""
    return [[(segment.text, segment.style) for segment in strip] for strip in strips]


@pytest.mark.draws_frames
async def test_the_logs_scroll_bar_repaints_when_its_thumb_moves_and_only_then() -> None:
    def painted(bar: Widget) -> list[list[tuple[str, object]]]:
        return [
            [(segment.text, segment.style) for segment in strip] for strip in Widget.render_lines(bar, bar.size.region)
        ]

    app = LogApp("TableLog { height: 10; width: 30; }")
    async with app.run_test(size=(40, 12)) as pilot:
        log = app.query_one(TableLog)
        assert log.size.height == 10
        moves = 0
        for n in range(1, 120):
            drawn_before = getattr(log.vertical_scrollbar, "_drawn", None)
            log.add(f"line {n}")
            await pilot.pause(0)
            bar = log.vertical_scrollbar
            assert isinstance(bar, SteppedScrollBar)
            if not bar.display:
                assert n <= 10
                continue
            moves += bar._drawn != drawn_before
            shown = painted(bar)  # what the bar holds since it last repainted
            bar.refresh()
            assert shown == painted(bar), f"the bar did not repaint after line {n}"
        # The thumb of a long log moves in eighths of a cell: far fewer repaints than lines.
        assert 5 < moves < 60


@pytest.mark.draws_frames
async def test_the_scroll_bar_paints_each_line_as_textual_does_and_reuses_its_lines() -> None:
    PAINTED_BAR_LINES.clear()
    app = LogApp("TableLog { height: 12; width: 30; }")
    async with app.run_test(size=(40, 14)) as pilot:
        log = app.query_one(TableLog)
        for n in range(1, 160):
            log.add(f"line {n}")
            await pilot.pause(0)
            bar = log.vertical_scrollbar
            if not bar.display:
                continue
            for crop in (bar.size.region, Region(0, 3, bar.size.width, 5), Region(1, 0, 1, bar.size.height)):
                bar.refresh()
                ours = cells(bar.render_lines(crop))
                bar.refresh()
                assert ours == cells(Widget.render_lines(bar, crop)), f"line {n}, {crop}"
            if n == 80:  # in another theme's colours and under the mouse, too
                app.theme = "textual-light"
                bar.mouse_over = True
                await pilot.pause(0)
            if n == 120:  # the bar's own text colour: its scroll bar colours are the same
                log.vertical_scrollbar.styles.color = "red"
                await pilot.pause(0)
        # A few kinds of line in each of the three looks, not one line per thumb position.
        assert 0 < len(PAINTED_BAR_LINES) <= 3 * 24


@pytest.mark.draws_frames
async def test_the_log_paints_each_row_as_textual_does_and_each_line_once() -> None:
    painted: list[int] = []
    render_lines = Widget.render_lines

    def counted(widget: Widget, crop: Region) -> list[Strip]:
        if isinstance(widget, TableLog):
            painted.append(crop.height)
        return render_lines(widget, crop)

    app = LogApp("TableLog { height: 8; width: 24; }")
    async with app.run_test(size=(40, 12)) as pilot:
        log = app.query_one(TableLog)
        for n in range(1, 60):
            log.add(f"line {n}" + (" that is long enough to wrap" if n % 7 == 0 else ""))
            await pilot.pause(0)
            if n == 20:  # narrower: every line wrapped again, and shown in the same places
                log.styles.width = 18
                await pilot.pause()
            if n == 30:
                app.theme = "textual-light"
                await pilot.pause(0)
            if n == 40:
                log.focus()
                await pilot.pause(0)
            full = Region(0, 0, log.size.width, log.size.height)
            for crop in (full, Region(0, 2, log.size.width, 3), Region(3, 0, 5, log.size.height)):
                log.refresh()
                ours = cells(log.render_lines(crop))
                log.refresh()
                assert ours == cells(render_lines(log, crop)), f"line {n}, {crop}"
        # Scrolled up by a new line, the log's next frame paints the new row alone.
        await pilot.pause()
        with patch.object(Widget, "render_lines", counted):
            log.add("one more")
            await pilot.pause()
        assert painted == [1]
