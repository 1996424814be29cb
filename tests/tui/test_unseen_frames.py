"""Skipping the frames nobody sees changes nothing a test can read on the screen."""

from __future__ import annotations

from contextlib import AbstractContextManager, nullcontext
from pathlib import Path

import pytest

from cardtable.tui.app import CardTableApp
from cardtable.tui.games.tarot.pick_cards import PickCardsDialog
from cardtable.tui.screens.score_sheet import ScoreSheetScreen
from cardtable.tui.screens.table import TableScreen
from tests.tui.driver import instant_settings, pick_cards, screen_fingerprint, settled, table_config
from tests.tui.unseen_frames import unseen_frames_skipped


async def screens_of_a_hand(
    game: str,
    seats: int,
    size: tuple[int, int],
    frames: AbstractContextManager[None],
    home: Path,
    decisions: int,
    monkeypatch: pytest.MonkeyPatch,
) -> list[object]:
    """Each settled screen the bottom seat is asked to act on, up to the first score sheet or ``decisions``
    screens, each table in a home of its own (a second table in one home would first offer the unfinished match)."""
    seen: list[object] = []
    # Cards in motion: where two frames a moment apart first agree would depend on the machine's speed.
    instant_settings(home, animations=False)
    monkeypatch.setenv("CARDTABLE_HOME", str(home))
    config = table_config(game, ["human"] + ["random"] * (seats - 1), seed=5, first_dealer=0)
    with frames:
        app = CardTableApp(config)
        async with app.run_test(size=size) as pilot:
            for _ in range(60):
                await settled(pilot)
                screen = app.screen
                if isinstance(screen, TableScreen) and not screen.my_card_turn():
                    continue  # the computers' turns: where a step catches them depends on the machine
                seen.append(screen_fingerprint(app))
                if isinstance(screen, ScoreSheetScreen) or len(seen) == decisions:
                    return seen
                if isinstance(screen, PickCardsDialog):
                    await pick_cards(pilot, screen)
                else:
                    await pilot.press("enter")
    raise AssertionError("the hand did not end")


@pytest.mark.draws_frames
@pytest.mark.parametrize(
    ("game", "seats", "size", "decisions"),
    [("manille", 4, (80, 24), 20), ("tarot", 3, (120, 40), 8)],  # a whole hand; the bids, the chien, first cards
)
async def test_a_hand_shows_the_same_screens_whether_or_not_its_frames_were_painted(
    game: str, seats: int, size: tuple[int, int], decisions: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    painted = await screens_of_a_hand(game, seats, size, nullcontext(), tmp_path / "painted", decisions, monkeypatch)
    unpainted = await screens_of_a_hand(
        game, seats, size, unseen_frames_skipped(), tmp_path / "unpainted", decisions, monkeypatch
    )
    assert len(painted) > 6
    assert unpainted == painted
