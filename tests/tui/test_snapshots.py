"""Snapshots of the screens a player sees, at the smallest supported size and a roomy one.

Update them after a deliberate change with ``pytest tests/tui/test_snapshots.py --snapshot-update``
and look at the SVGs before committing them.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

from cardtable.engine.loop import resume_match
from cardtable.engine.records import parse_record
from cardtable.games import find_game
from cardtable.tui.app import CardTableApp
from cardtable.tui.screens.new_game import NewGameScreen
from cardtable.tui.screens.score_sheet import ScoreSheetScreen
from cardtable.tui.screens.table import TableScreen
from tests.support import TESTS
from tests.tui.driver import table_config, table_of, wait_for

SIZES = [(80, 24), (120, 40)]
RANDOM_SEATS = ["human", "random", "random", "random"]


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_new_game_screen(snap_compare: Any, size: tuple[int, int]) -> None:
    async def open_new_game(pilot: Pilot[None]) -> None:
        await wait_for(pilot, lambda: pilot.app.screen.__class__.__name__ == "StartScreen")
        await pilot.press("n")
        await wait_for(pilot, lambda: isinstance(pilot.app.screen, NewGameScreen))

    assert snap_compare(CardTableApp(), terminal_size=size, run_before=open_new_game)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_table_on_your_turn(snap_compare: Any, size: tuple[int, int]) -> None:
    app = CardTableApp(table_config("manille", RANDOM_SEATS, seed=12, first_dealer=0))

    async def your_turn(pilot: Pilot[None]) -> None:
        await wait_for(pilot, lambda: (t := table_of(app)) is not None and t.my_card_turn())

    assert snap_compare(app, terminal_size=size, run_before=your_turn)


def nearly_finished_match() -> Any:
    """The shared 36 : 24 sample, stopped before its last trick (South leads the 10♥)."""
    record = json.loads((TESTS / "cases" / "manille" / "pips_36_24.json").read_text())
    cut = copy.deepcopy(record)
    cut["hands"][0]["actions"] = cut["hands"][0]["actions"][:28]
    return resume_match(parse_record(cut, find_game))


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_score_sheet_after_a_hand(snap_compare: Any, size: tuple[int, int]) -> None:
    config = table_config("manille", RANDOM_SEATS, seed=1, first_dealer=3)
    app = CardTableApp()

    async def finish_the_hand(pilot: Pilot[None]) -> None:
        await pilot.pause()
        app.push_screen(TableScreen(config, nearly_finished_match()))
        await wait_for(pilot, lambda: (t := table_of(app)) is not None and t.my_card_turn())
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, ScoreSheetScreen))

    assert snap_compare(app, terminal_size=size, run_before=finish_the_hand)


@pytest.mark.parametrize("size", [(79, 24), (60, 20)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_terminal_too_small(snap_compare: Any, size: tuple[int, int]) -> None:
    app = CardTableApp(table_config("manille", RANDOM_SEATS))

    async def settle(pilot: Pilot[None]) -> None:
        await pilot.pause(0.3)

    assert snap_compare(app, terminal_size=size, run_before=settle)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_settings_screen(snap_compare: Any, size: tuple[int, int]) -> None:
    async def open_settings(pilot: Pilot[None]) -> None:
        await wait_for(pilot, lambda: pilot.app.screen.__class__.__name__ == "StartScreen")
        await pilot.press("o")
        await wait_for(pilot, lambda: pilot.app.screen.__class__.__name__ == "SettingsScreen")

    assert snap_compare(CardTableApp(), terminal_size=size, run_before=open_settings)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_table_without_colour(snap_compare: Any, size: tuple[int, int], monkeypatch: pytest.MonkeyPatch) -> None:
    """NO_COLOR: the cards you may not play have no frame, the chosen one a heavy frame, trumps a square one."""
    monkeypatch.setenv("NO_COLOR", "1")
    app = CardTableApp(table_config("manille", RANDOM_SEATS, seed=12, first_dealer=0))

    async def your_turn(pilot: Pilot[None]) -> None:
        await wait_for(pilot, lambda: (t := table_of(app)) is not None and t.my_card_turn())

    assert snap_compare(app, terminal_size=size, run_before=your_turn)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_table_in_ascii(snap_compare: Any, size: tuple[int, int], monkeypatch: pytest.MonkeyPatch) -> None:
    """A C locale: the table turns to ASCII by itself (borders, backs, arrows, suit letters)."""
    monkeypatch.setenv("LANG", "C")
    monkeypatch.setenv("LC_CTYPE", "C.UTF-8")
    app = CardTableApp(table_config("manille", RANDOM_SEATS, seed=12, first_dealer=0))

    async def your_turn(pilot: Pilot[None]) -> None:
        await wait_for(pilot, lambda: (t := table_of(app)) is not None and t.my_card_turn())

    assert snap_compare(app, terminal_size=size, run_before=your_turn)


def truco_match(players: int, first_dealer: int, scripted: list[Any], seed: int = 2) -> Any:
    """A Truco (Paulista) match at its first hand, after ``scripted`` actions."""
    from cardtable.engine.loop import deal_rng
    from cardtable.engine.match import Match

    truco = find_game("truco")
    match = Match(truco, truco.parse_options(None, players), players)
    match.deal_new_hand(deal_rng(seed, 0), first_dealer=first_dealer)
    for action in scripted:
        match.apply(action)
    return match


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_truco_table_with_a_truco_to_answer(snap_compare: Any, size: tuple[int, int]) -> None:
    from cardtable.engine.game import Action
    from cardtable.tui.games.truco.call import CallDialog

    app = CardTableApp()
    match = truco_match(4, 2, [Action(3, "call", "truco")], seed=7)  # West calls truco; you hold a manilha

    async def the_call(pilot: Pilot[None]) -> None:
        await pilot.pause()
        app.push_screen(TableScreen(table_config("truco", RANDOM_SEATS, seed=2, first_dealer=2), match))
        await wait_for(pilot, lambda: isinstance(app.screen, CallDialog))

    assert snap_compare(app, terminal_size=size, run_before=the_call)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_six_player_truco_table(snap_compare: Any, size: tuple[int, int]) -> None:
    app = CardTableApp()
    names = ["You", "Bea", "Cy", "Dee", "Eli", "Fay"]
    config = table_config("truco", ["human"] + ["random"] * 5, names=names, seed=2, first_dealer=5)

    async def your_turn(pilot: Pilot[None]) -> None:
        await pilot.pause()
        app.push_screen(TableScreen(config, truco_match(6, 5, [])))
        await wait_for(pilot, lambda: (t := table_of(app)) is not None and t.my_card_turn())

    assert snap_compare(app, terminal_size=size, run_before=your_turn)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_truco_argentino_table_with_an_envido_to_answer(snap_compare: Any, size: tuple[int, int]) -> None:
    from cardtable.tui.games.truco.call import CallDialog
    from tests.tui.test_truco_argentino import ARGENTINO, argentino_match

    app = CardTableApp()
    config = table_config("truco", ["human", "random"], names=["You", "North"], options=ARGENTINO)

    async def the_envido(pilot: Pilot[None]) -> None:
        await pilot.pause()
        match = argentino_match(["AS 5S 3C", "7D 6D KS"], [{"seat": 1, "call": "envido"}])
        app.push_screen(TableScreen(config, match))
        await wait_for(pilot, lambda: isinstance(app.screen, CallDialog))

    assert snap_compare(app, terminal_size=size, run_before=the_envido)


def four_finished_matches(home: Path) -> None:
    from tests.stats.support import archive

    archive(home, "manille/match_end_101", "m1", "2026-11-30T20:15:00Z")
    archive(home, "truco/target_option_match_ends_at_target", "m2", "2026-12-01T09:05:00Z")
    archive(home, "malilla/capote_wins_at_once", "m3", "2026-12-01T09:40:00Z", assisted={"undos": 0, "hints": 2})
    archive(home, "manille/target_reached_exactly", "m4", "2026-12-01T10:30:00Z")


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_statistics_screen(snap_compare: Any, size: tuple[int, int], table_home: Path) -> None:
    from cardtable.tui.screens.stats import StatsScreen

    four_finished_matches(table_home)

    async def open_statistics(pilot: Pilot[None]) -> None:
        await wait_for(pilot, lambda: pilot.app.screen.__class__.__name__ == "StartScreen")
        await pilot.press("s")
        await wait_for(pilot, lambda: isinstance(pilot.app.screen, StatsScreen))

    assert snap_compare(CardTableApp(), terminal_size=size, run_before=open_statistics)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_history_list(snap_compare: Any, size: tuple[int, int], table_home: Path) -> None:
    from cardtable.archive import set_star
    from cardtable.tui.screens.history import HistoryScreen

    four_finished_matches(table_home)
    set_star("m2", True, table_home)

    async def open_history(pilot: Pilot[None]) -> None:
        await wait_for(pilot, lambda: pilot.app.screen.__class__.__name__ == "StartScreen")
        await pilot.press("h")
        await wait_for(pilot, lambda: isinstance(pilot.app.screen, HistoryScreen))

    assert snap_compare(CardTableApp(), terminal_size=size, run_before=open_history)


@pytest.mark.parametrize(
    ("theme", "game"), [("high-contrast", "manille"), ("colour-blind", "manille"), ("night", "malilla")]
)
def test_table_in_a_theme(snap_compare: Any, table_home: Path, theme: str, game: str) -> None:
    """The default green felt is in every other table snapshot; these are the themes a player turns to."""
    (table_home / "settings.json").write_text(json.dumps({"speed": "instant", "theme": theme}))
    app = CardTableApp(table_config(game, RANDOM_SEATS, seed=12, first_dealer=0))

    async def your_turn(pilot: Pilot[None]) -> None:
        await wait_for(pilot, lambda: (t := table_of(app)) is not None and t.my_card_turn())

    assert snap_compare(app, terminal_size=(80, 24), run_before=your_turn)
