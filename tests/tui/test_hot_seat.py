"""Hot-seat: two people share the keyboard, and neither ever sees the other's cards."""

from __future__ import annotations

from cardtable.engine.cards import SUIT_GLYPHS, bits
from cardtable.tui.app import CardTableApp
from cardtable.tui.dialogs.message import HandOverScreen
from cardtable.tui.screens.score_sheet import ScoreSheetScreen
from cardtable.tui.screens.table import TableScreen
from tests.tui.driver import screen_text, table_config, table_of


def faces_of(table: TableScreen, seat: int) -> list[str]:
    """How the secret cards still in ``seat``'s hand would be printed (``10♥``).

    The turned trump card is left out: everyone saw it turned, and everyone knows the dealer holds it.
    """
    state = table.match.current
    assert state is not None
    view = state.view(seat)
    secret = view.hand & ~(1 << view.turned if view.turned is not None else 0)
    return [view.deck.codes[c][:-1] + SUIT_GLYPHS[view.deck.codes[c][-1]] for c in bits(secret)]


async def test_no_human_ever_sees_the_other_humans_cards() -> None:
    config = table_config("manille", ["human", "random", "human", "random"], names=["Ana", "East", "Bo", "West"])
    app = CardTableApp(config)
    handovers = 0
    checks = 0
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(400):
            await pilot.pause()
            table = table_of(app)
            assert table is not None
            if table.match.current is None or isinstance(app.screen, ScoreSheetScreen) or handovers >= 6:
                break
            if isinstance(app.screen, HandOverScreen):
                handovers += 1
                shown = screen_text(app)
                assert "Pass to" in shown
                for seat in (0, 2):  # the hand-over screen shows nobody's cards
                    for face in faces_of(table, seat):
                        assert face not in shown, f"{face} of seat {seat} is visible on the hand-over screen"
                checks += 1
                await pilot.press("enter")
            elif isinstance(app.screen, TableScreen) and table.my_card_turn():
                assert table.waiting is not None
                other = 2 if table.waiting.seat == 0 else 0
                shown = screen_text(app)
                for face in faces_of(table, other):
                    assert face not in shown, f"{face} of seat {other} is visible during seat {table.waiting.seat}"
                checks += 1
                await pilot.press("enter")
            else:
                await pilot.pause(0.02)
    assert handovers >= 6 and checks >= 12  # several tricks, each human's turn checked both ways
