"""Autosave, resume, an unreadable save moved aside, and the too-small notice."""

from __future__ import annotations

import json
from pathlib import Path

from textual.pilot import Pilot

from cardtable.saves import AUTOSAVE
from cardtable.tui.app import CardTableApp
from cardtable.tui.screens.start import StartScreen, TooSmallScreen
from cardtable.tui.screens.table import TableScreen
from tests.tui.driver import screen_text, table_config, table_of


async def test_the_match_is_saved_after_every_action_and_resumes_where_it_was(table_home: Path) -> None:
    config = table_config("manille", ["human", "random", "random", "random"], seed=5)
    app = CardTableApp(config)
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(3):
            for _ in range(100):
                await pilot.pause()
                table = table_of(app)
                if table is not None and table.my_card_turn():
                    break
            await pilot.press("enter")
        await pilot.pause()
        table = table_of(app)
        assert table is not None
        record = table.match.to_record()
    saved = json.loads((table_home / AUTOSAVE).read_text())
    assert saved["hands"] == record["hands"] and len(saved["hands"][0]["actions"]) >= 9
    assert saved["table"]["seats"][0] == {"name": "You", "kind": "human"}

    again = CardTableApp()
    async with again.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(again.screen, StartScreen) and again.screen.resumable
        assert "Resume" in screen_text(again)
        await pilot.press("u")
        await pilot.pause()
        resumed = table_of(again)
        assert isinstance(resumed, TableScreen)
        assert (
            resumed.match.to_record()["hands"][0]["actions"][: len(record["hands"][0]["actions"])]
            == (record["hands"][0]["actions"])
        )
        assert resumed.config.seed == config.seed


async def test_an_unreadable_save_is_explained_and_moved_aside(table_home: Path) -> None:
    broken = '{"format": "cardtable-record/1", "game": "manille", "hands": [ oops'
    (table_home / AUTOSAVE).write_text(broken)
    app = CardTableApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)
        assert "could not be read" in screen_text(app)
        assert not app.screen.resumable
    assert not (table_home / AUTOSAVE).exists()
    kept = list(table_home.glob("autosave.unreadable-*.json"))
    assert len(kept) == 1 and kept[0].read_text() == broken


async def test_a_save_that_does_not_replay_is_moved_aside_too(table_home: Path) -> None:
    record = {"format": "cardtable-record/1", "game": "manille", "hands": [], "table": {"nonsense": 1}}
    (table_home / AUTOSAVE).write_text(json.dumps(record))
    app = CardTableApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "could not be read" in screen_text(app)
    assert len(list(table_home.glob("autosave.unreadable-*.json"))) == 1


async def test_a_terminal_too_small_shows_a_notice_until_it_grows() -> None:
    app = CardTableApp(table_config("manille", ["human", "random", "random", "random"]))
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        assert "too small" in screen_text(app)
        await pilot.resize_terminal(80, 24)
        await settle_on(pilot, TableScreen)
        await pilot.resize_terminal(79, 24)  # shrinking again brings the notice back
        await settle_on(pilot, TooSmallScreen)


async def settle_on(pilot: Pilot[None], kind: type) -> None:
    """The size guard looks a few times a second: give it up to two seconds."""
    for _ in range(40):
        await pilot.pause(0.05)
        if isinstance(pilot.app.screen, kind):
            return
    raise AssertionError(f"{kind.__name__} did not show; the screen is {pilot.app.screen!r}")
