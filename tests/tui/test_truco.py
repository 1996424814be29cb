"""Truco at the table: a whole match to 12 from the keyboard, with raises."""

from __future__ import annotations

from cardtable.saves import default_seats
from cardtable.tui.app import CardTableApp
from tests.tui.driver import play_until_over, table_config, table_of


async def test_a_whole_truco_match_to_12_from_the_keyboard_with_raises() -> None:
    players = 2
    seats = [seat.kind for seat in default_seats("truco", players)]
    app = CardTableApp(table_config("truco", seats, seed=9))
    async with app.run_test(size=(80, 24)) as pilot:
        result = await play_until_over(pilot, calls=True)
        table = table_of(app)
        assert table is not None and table.match.over and "win" in result
        assert max(table.match.scores) >= 12
        calls = [a for h in table.match.hands for a in h.actions if a.verb == "call" and a.seat == 0]
        assert any(a.value in ("truco", "raise") for a in calls)
