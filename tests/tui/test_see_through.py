"""A dialog's see-through background, drawn from the lines of the screen beneath, is what Textual would draw."""

from __future__ import annotations

from typing import Any

import pytest
from rich.console import Console
from rich.segment import Segment
from rich.style import Style as RichStyle
from textual._compositor import LayoutUpdate
from textual.pilot import Pilot
from textual.screen import Screen

from cardtable.tui.app import CardTableApp
from cardtable.tui.dialogs.message import ConfirmDialog, NoticeDialog
from cardtable.tui.see_through import ScreenBeneath, SeeThrough
from tests.tui.driver import my_turn, settle, table_config


def cells(app: CardTableApp) -> list[list[tuple[str, object]]]:
    """Every cell of the terminal as the compositor draws the whole screen: its character and its style.

    By cell, not by segment: two renders may cut a line into segments differently and still draw the same."""
    update = app.screen._compositor.render_update(full=True, screen_stack=app._background_screens)
    assert isinstance(update, LayoutUpdate)  # a full update is always the whole screen's lines
    lines = []
    for line in update.strips:
        row: list[tuple[str, object]] = []
        for strip in line:
            for segment in strip:
                row.extend((character, segment.style) for character in segment.text)
        lines.append(row)
    return lines


async def drawn_both_ways(pilot: Pilot[None], monkeypatch: pytest.MonkeyPatch) -> tuple[list[Any], list[Any]]:
    """The screen as the dialogs draw it, then as Textual's own translucent background draws it."""
    app = pilot.app
    assert isinstance(app, CardTableApp)
    await settle(pilot)
    ours = cells(app)
    with monkeypatch.context() as patched:
        patched.setattr(SeeThrough, "render", lambda self: Screen.render(self))
        for screen in app.screen_stack:
            screen.refresh()
        theirs = cells(app)
    for screen in app.screen_stack:
        screen.refresh()
    return ours, theirs


async def test_a_dialog_over_the_table_shows_the_table_dimmed_as_textual_does(monkeypatch: pytest.MonkeyPatch) -> None:
    app = CardTableApp(table_config("manille", ["human", "random", "random", "random"], seed=12, first_dealer=0))
    async with app.run_test(size=(80, 24)) as pilot:
        await my_turn(pilot)
        drawn: list[ScreenBeneath] = []
        render = ScreenBeneath.render_strips

        def noted(self: ScreenBeneath, *args: Any) -> Any:
            drawn.append(self)
            return render(self, *args)

        monkeypatch.setattr(ScreenBeneath, "render_strips", noted)
        app.push_screen(NoticeDialog("Hint", "Play the ace."))
        ours, theirs = await drawn_both_ways(pilot, monkeypatch)
        assert drawn, "the dialog drew its background its own way"
        assert ours == theirs
        # No mouse action of the table shows through: a click on the dimmed table does nothing.
        hand_rows = ours[-6:]
        assert not any(style is not None and style._meta for row in hand_rows for _, style in row)
        # Drawn by Rich rather than Textual (which takes it as a Visual), it gives the same characters.
        console = Console(width=80, height=24, color_system=None)
        lines = Segment.split_lines(console.render(drawn[-1], console.options.update(height=24)))
        by_rich = ["".join(segment.text for segment in line) for line in lines]
        assert by_rich == [line.text for line in drawn[-1].lines(80, 24, RichStyle())]
        # A dialog over the dialog shows both, each over the one beneath.
        drawn.clear()
        app.push_screen(ConfirmDialog("Really?"))
        ours, theirs = await drawn_both_ways(pilot, monkeypatch)
        assert {type(screen_beneath.beneath) for screen_beneath in drawn} >= {NoticeDialog}
        assert ours == theirs


async def test_the_dimmed_table_follows_a_resize_and_a_new_theme(monkeypatch: pytest.MonkeyPatch) -> None:
    app = CardTableApp(table_config("truco", ["human", "random"], seed=3, first_dealer=0))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.push_screen(NoticeDialog("Hint", "Call truco."))
        await pilot.resize_terminal(120, 40)
        await settle(pilot)
        ours, theirs = await drawn_both_ways(pilot, monkeypatch)
        assert len(ours) == 40 and len(ours[0]) == 120
        assert ours == theirs
        app.theme = "textual-light" if app.theme != "textual-light" else "nord"
        ours, theirs = await drawn_both_ways(pilot, monkeypatch)
        assert ours == theirs
