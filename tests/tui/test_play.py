"""Whole matches at the table, as a player plays them: keyboard only, mouse only."""

from __future__ import annotations

from cardtable.saves import default_seats
from cardtable.tui.app import CardTableApp
from tests.tui.driver import play_until_over, table_config, table_of


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


async def test_a_whole_manille_match_with_the_mouse() -> None:
    app = CardTableApp(table_config("manille", HEURISTIC, options={"target": 5}, seed=7))
    async with app.run_test(size=(80, 24)) as pilot:
        await play_until_over(pilot, mouse=True)
        table = table_of(app)
        assert table is not None and table.match.over
