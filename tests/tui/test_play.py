"""Whole matches at the table, as a player plays them: keyboard only, mouse only."""

from __future__ import annotations

from cardtable.saves import default_seats
from cardtable.tui.app import CardTableApp
from cardtable.tui.screens.table import TableScreen
from tests.support import TESTS
from tests.tui.driver import play_until_over, resumed_near_the_end, table_config, table_of


def strongest_seats(game: str) -> list[str]:
    """You, and the game's strongest computer level everywhere else (the table's default)."""
    return [seat.kind for seat in default_seats(game, 4)]


HEURISTIC = strongest_seats("manille")


async def test_a_whole_manille_match_from_the_keyboard() -> None:
    app = CardTableApp(table_config("manille", HEURISTIC, options={"target": 5}))
    async with app.run_test(size=(80, 24)) as pilot:
        result = await play_until_over(pilot)
        table = table_of(app)
        assert table is not None and table.match.over
        assert "win" in result
        await pilot.press("down", "down", "enter")  # Quit
    assert app.return_code == 0 or app.return_code is None


async def test_a_manille_match_is_won_with_the_mouse() -> None:
    # The rule sheet's scoring example (36 : 24 scores 6) in a match to 5, three tricks from its end: the cards are
    # clicked, and so is the score sheet's Continue (the keyboard plays a whole match above).
    match = resumed_near_the_end(TESTS / "cases" / "manille" / "pips_36_24.json", 20, {"target": 5})
    app = CardTableApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.push_screen(TableScreen(table_config("manille", HEURISTIC, seed=7), match))
        await play_until_over(pilot, mouse=True)
        table = table_of(app)
        assert table is not None and table.match.over
