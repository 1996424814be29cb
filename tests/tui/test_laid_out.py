"""A resize that leaves a screen's size as it was lays nothing out again; a real one lays out every screen; a table
starts without styling its widgets twice; a seat whose note comes or goes is laid out again."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from textual.screen import Screen
from textual.widgets import Static

from cardtable.tui.app import CardTableApp
from cardtable.tui.dialogs.message import NoticeDialog
from cardtable.tui.screens.table import TableScreen
from cardtable.tui.widgets.seat import SeatPanel
from tests.tui.driver import my_turn, settle, settled, table_config


@pytest.fixture
def layouts(monkeypatch: pytest.MonkeyPatch) -> Counter[str]:
    counted: Counter[str] = Counter()
    refresh_layout = Screen._refresh_layout

    def counting(screen: Screen[Any], *args: Any, **kwargs: Any) -> None:
        counted[type(screen).__name__] += 1
        refresh_layout(screen, *args, **kwargs)

    monkeypatch.setattr(Screen, "_refresh_layout", counting)
    return counted


async def test_a_dialog_is_laid_out_four_times_as_it_opens_and_the_table_beneath_not_for_its_resize(
    layouts: Counter[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # The resizes that went on to Textual's layout of a screen already at that size with nothing waiting to be
    # laid out: layouts that change nothing.
    resized: Counter[str] = Counter()
    screen_resized = Screen._screen_resized

    def counting(screen: Screen[Any], size: Any) -> None:
        if screen._compositor.size == size and not screen._layout_required:
            resized[type(screen).__name__] += 1
        screen_resized(screen, size)

    monkeypatch.setattr(Screen, "_screen_resized", counting)
    app = CardTableApp(table_config("manille", ["human", "random", "random", "random"], seed=12, first_dealer=0))
    async with app.run_test(size=(80, 24)) as pilot:
        table = await my_turn(pilot)
        await settled(pilot)
        layouts.clear()
        resized.clear()
        app.push_screen(NoticeDialog("Hint", "Play the ace."))
        for _ in range(5):
            await settle(pilot)
        # As it mounts, once its widgets know their sizes, and twice as its footer builds its keys (the table's
        # keys beneath would not work while it is open): not again for the resize a new screen hears of, nor the
        # table beneath it (which only the table's own changes may lay out).
        assert not resized
        assert layouts["NoticeDialog"] == 4
        # A widget mounted on the table beneath the dialog is laid out, and shows, once the dialog closes.
        await table.mount(Static("under the dialog", id="beneath"))
        app.pop_screen()
        await settle(pilot)
        await settle(pilot)
        assert table.query_one("#beneath").region.height == 1


async def test_a_resize_under_a_dialog_lays_out_the_dialog_and_the_table(layouts: Counter[str]) -> None:
    app = CardTableApp(table_config("manille", ["human", "random", "random", "random"], seed=12, first_dealer=0))
    async with app.run_test(size=(80, 24)) as pilot:
        table = await my_turn(pilot)
        app.push_screen(NoticeDialog("Hint", "Play the ace."))
        for _ in range(3):
            await settle(pilot)
        layouts.clear()
        await pilot.resize_terminal(120, 40)
        await settle(pilot)
        assert layouts["NoticeDialog"] >= 1 and layouts["TableScreen"] >= 1
        assert isinstance(table, TableScreen) and table.size == app.screen.size == (120, 40)


@pytest.mark.parametrize(("game", "size"), [("malilla", (80, 24)), ("manille", (120, 40))])
async def test_a_table_starts_without_styling_its_widgets_twice(
    game: str, size: tuple[int, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    # The classes that style the whole table (its size, a Spanish pack) are on the screen before its widgets: set
    # once they were mounted, each styled every widget of the table again as it started.
    styled_whole: list[int] = []
    update_styles = CardTableApp.update_styles

    def watching(app: CardTableApp, node: Any, animate: bool = True) -> None:
        if isinstance(node, TableScreen):
            styled_whole.append(len(list(node.walk_children())))
        update_styles(app, node, animate)

    monkeypatch.setattr(CardTableApp, "update_styles", watching)
    app = CardTableApp(table_config(game, ["human", "random", "random", "random"], seed=12, first_dealer=0))
    async with app.run_test(size=size) as pilot:
        table = await my_turn(pilot)
        await settled(pilot)
        assert table.has_class("-wide" if size[0] >= 120 else "-narrow")
        assert table.has_class("spanish-pack") == (game == "malilla")
    assert styled_whole and not any(styled_whole), f"the table's widgets were styled again: {styled_whole}"


async def test_a_seat_grows_by_a_line_for_its_note_and_shows_it_whatever_else_is_laid_out() -> None:
    # Tarot at three: North's "pass" used to be left out of the table behind the bid dialog whenever nothing
    # else happened to lay the table out after it.
    app = CardTableApp(table_config("manille", ["human", "random", "random", "random"], seed=12, first_dealer=0))
    async with app.run_test(size=(80, 24)) as pilot:
        table = await my_turn(pilot)
        seat = table.query_one("#left", SeatPanel)
        await settled(pilot)
        height = seat.size.height
        for note, grown in (("pass", 1), ("garde sans", 1), ("", 0)):
            seat.show("West", 7, dealer=False, acting=False, note=note)
            await settle(pilot)
            assert seat.size.height == height + grown, note
            assert [line.text.strip() for line in seat.render_lines(seat.outer_size.region)][-1] == (note or "7 cards")
