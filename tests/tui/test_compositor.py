"""The table's compositor sends the terminal what Textual's own would, cell for cell, in every frame of a hand."""

from __future__ import annotations

from typing import Any

import pytest
from rich.cells import cell_len
from textual._compositor import ChopsUpdate, Compositor

from cardtable.tui.app import CardTableApp
from cardtable.tui.compositor import ChangedRegionsCompositor
from cardtable.tui.screens.score_sheet import ScoreSheetScreen
from cardtable.tui.screens.table import TableScreen
from tests.tui.driver import play_until_over, table_config

Cells = dict[tuple[int, int], tuple[str, Any]]


def cells_written(update: ChopsUpdate) -> Cells:
    """Every cell a partial update writes to the terminal: its character and style, by column and row."""
    written: Cells = {}
    for y, x1, x2 in update.spans:
        for end, (x, strip) in zip(update.chop_ends[y], update.chops[y].items(), strict=False):
            if strip is None or x >= x2 or end <= x1:
                continue
            column = x
            for segment in strip:
                for character in segment.text:
                    if x1 <= column < x2:
                        written[column, y] = (character, segment.style)
                    column += cell_len(character)
    return written


class ComparingCompositor(ChangedRegionsCompositor):
    """Paints each partial update both ways, from the same changed regions, and keeps any difference."""

    def __init__(self) -> None:
        super().__init__()
        self.frames = 0
        self.cells = 0
        self.differences: list[str] = []

    def render_partial_update(self) -> ChopsUpdate | None:
        changed = set(self._dirty_regions)
        ours = super().render_partial_update()
        self._dirty_regions.update(changed)
        textuals = Compositor.render_partial_update(self)
        if (ours is None) != (textuals is None):
            self.differences.append(f"frame {self.frames}: one update is empty")
        elif ours is not None and textuals is not None:
            mine, theirs = cells_written(ours), cells_written(textuals)
            if mine != theirs:
                wrong = sorted(set(mine.items()) ^ set(theirs.items()), key=lambda item: item[0][::-1])[:4]
                self.differences.append(f"frame {self.frames}: {wrong}")
            self.cells += len(mine)
        self.frames += 1
        return ours


@pytest.mark.draws_frames
async def test_each_frame_of_a_hand_writes_what_textuals_compositor_would(monkeypatch: pytest.MonkeyPatch) -> None:
    """A Malilla hand at 120x40: large cards, the last trick and the log beside the table."""
    monkeypatch.delenv("CARDTABLE_NO_ANIMATION")  # cards in motion: many small frames
    config = table_config("malilla", ["human", "random", "random", "random"], seed=5, first_dealer=0)
    table: TableScreen[Any] = TableScreen(config)
    compositor = ComparingCompositor()
    table._compositor = compositor
    app = CardTableApp()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        app.push_screen(table)
        await play_until_over(pilot, until=ScoreSheetScreen)  # a whole hand
    assert compositor.differences == []
    assert compositor.frames > 50 and compositor.cells > 10_000, (compositor.frames, compositor.cells)
