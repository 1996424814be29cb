"""What a table keeps from one match to the next: nothing of the match before, once the next one shows.

The figures (memory after each of fifty matches) are ``benchmarks/table_memory.py``'s; these tests hold the
causes it found to account, by what is alive rather than by how much memory there is.
"""

from __future__ import annotations

import asyncio
import gc
import time
import weakref
from collections.abc import Callable, Coroutine
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.screen import Screen

from cardtable.tui.app import CardTableApp
from cardtable.tui.dialogs.choice import ChoiceDialog
from cardtable.tui.screens.score_sheet import ScoreSheetScreen
from cardtable.tui.screens.table import TableScreen
from cardtable.tui.widgets.card import CardWidget
from cardtable.tui.widgets.painted import painting_rules
from tests.support import TESTS
from tests.tui.driver import resumed_near_the_end, table_config, table_of

#: Textual's styles remember widgets only while they are painted: these tests paint their frames.
pytestmark = pytest.mark.draws_frames


async def aside(step: Coroutine[Any, Any, None]) -> None:
    """One step of Pilot's in a task of its own.

    Pilot's pause draws the screen from the task that calls it, and Textual notes the screens drawn in that
    task's context; the timers that task sets later (Pilot's own time limits, half a minute) keep a copy of
    the context, and with it a table of the match before, which a player's terminal never keeps.
    """
    await asyncio.create_task(step)


async def watch_until(pilot: Pilot[None], ready: Callable[[], bool], *answered: type[Screen[Any]]) -> None:
    """Watch the computers play until ``ready()``, pressing Enter on each dialog of the kinds ``answered`` (again
    while it shows: a key pressed as it opens may come before its keys)."""
    deadline = time.monotonic() + 60
    while not ready():
        assert time.monotonic() < deadline, f"the screen never got ready; it is {pilot.app.screen!r}"
        await aside(pilot.pause())
        if isinstance(pilot.app.screen, answered):
            await aside(pilot.press("enter"))


async def test_once_the_next_match_shows_nothing_of_the_table_before_is_alive() -> None:
    # Three tricks from the end of a match to 5, all four seats computers; then "Play again".
    match = resumed_near_the_end(TESTS / "cases" / "manille" / "pips_36_24.json", 20, {"target": 5})
    config = table_config("manille", ["heuristic"] * 4, options={"target": 5})
    app = CardTableApp()
    async with app.run_test(size=(100, 32)) as pilot:
        await aside(pilot.pause())
        app.push_screen(TableScreen(config, match))
        await watch_until(pilot, lambda: isinstance(app.screen, ChoiceDialog), ScoreSheetScreen)
        first = table_of(app)
        assert first is not None and first.match.over
        table_ref = weakref.ref(first)
        cards = [weakref.ref(card) for card in first.query(CardWidget)]
        # What each card painted, as Textual's styles keep it (see ``cardtable.tui.released``).
        paint = [weakref.ref(card._styles_cache) for card in first.query(CardWidget)]
        del first

        def next_table_frozen() -> bool:
            table = table_of(app)
            return table is not None and table_ref() is not table and gc.get_freeze_count() > 0

        # Enter on the match's last dialog plays again.
        await watch_until(pilot, next_table_frozen, ScoreSheetScreen, ChoiceDialog)
        gc.collect()
        assert table_ref() is None, "the table of the match before is kept"
        assert cards and all(card() is None for card in cards), "a card of the match before is kept"
        assert all(lines() is None for lines in paint), "the paint of the match before is kept"


async def test_a_card_in_motion_paints_one_look_wherever_it_is() -> None:
    app = CardTableApp()
    async with app.run_test(size=(100, 32)) as pilot:
        card = CardWidget(classes="in-trick flyer")
        await app.screen.mount(card)
        card.styles.offset = (3, 4)
        moving = card.look()
        card.styles.offset = (9, 11)
        await aside(pilot.pause())
        assert card.look() == moving


def test_the_looks_remembered_share_one_copy_of_each_set_of_rules() -> None:
    # A look's key holds its widget's rules: the looks of a table share a few dozen sets, each once.
    rules = {"color": "red", "width": 6, "offset": (1, 2)}
    first, second = painting_rules(dict(rules)), painting_rules(dict(rules, offset=(5, 9)))
    assert first == frozenset({("color", "red"), ("width", 6)})
    assert first is second
