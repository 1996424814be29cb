"""How long a dialog takes to show over the table, and the table to come back when it closes.

The table runs headless under Textual's Pilot until your first card (you at the bottom, the game's default
computers around, every dialog on the way answered with its first choice); then a notice dialog is opened
and closed again ``--times`` times.  The clock runs from the call (``push_screen`` or ``pop_screen``) to the
end of the last frame painted for it, frames within ``QUIET`` of each other counting as one change; each
frame is also turned into what the terminal driver would write, as in ``table_latency.py``.  ``cpu`` is the
process's processor time over the same span.

Each table is measured two ways in the same run, one after the other at every opening: the table's way
(the dialog's dimmed background drawn from the lines of the table beneath, ``cardtable.tui.see_through``,
and no layout for a resize that changes no size, ``cardtable.tui.laid_out``) and Textual's (the table's
lines through Rich and back for the background, every screen laid out again on the resize a new screen
hears of): the difference between the two rows is what those two change, the load of the machine being the
same for both.

Run: ``python benchmarks/dialog_latency.py [--times 30] [--game manille:4] [--size 120x40]``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import time
from typing import Any

from table_setup import begin
from textual.app import App
from textual.pilot import Pilot

QUIET = 0.06
#: Seconds after which a change whose frames have not settled stops the run.
GIVE_UP = 5.0
TABLES = [("manille", 4), ("truco", 4), ("tarot", 4)]


class Frames:
    """The end of every frame the app paints (``App._display``, with the terminal output worked out)."""

    def __init__(self) -> None:
        self.ends: list[float] = []

    def install(self) -> None:
        from textual._compositor import CompositorUpdate

        display = App._display
        frames = self

        def timed_display(app: App[Any], screen: Any, renderable: Any) -> None:
            display(app, screen, renderable)
            if isinstance(renderable, CompositorUpdate):
                renderable.render_segments(app.console)  # what the terminal driver would be sent
                frames.ends.append(time.perf_counter())

        App._display = timed_display  # type: ignore[method-assign]

    async def quiet(self) -> None:
        """Until no frame has come for ``QUIET``."""
        while not self.ends or time.perf_counter() - self.ends[-1] < QUIET:
            await asyncio.sleep(QUIET / 4)

    async def settled_since(self, started: float) -> float:
        """The end of the last frame after ``started``, once no other has come for ``QUIET``."""
        while True:
            await asyncio.sleep(QUIET / 4)
            after = [end for end in self.ends if end >= started]
            if after and time.perf_counter() - after[-1] >= QUIET:
                return after[-1]
            if time.perf_counter() - started > GIVE_UP:
                raise SystemExit(f"the frames never settled: {len(after)} since the change")


async def to_your_first_card(pilot: Pilot[None]) -> None:
    from cardtable.tui.games.manille.bid import BidDialog
    from cardtable.tui.screens.table import TableScreen

    app = pilot.app
    for _ in range(2000):
        await asyncio.sleep(0.02)
        screen = app.screen
        if isinstance(screen, TableScreen) and screen.my_card_turn():
            return
        if isinstance(screen, BidDialog):
            await pilot.press("p")
        elif not isinstance(screen, TableScreen):
            await pilot.press("enter")
    raise SystemExit("the table never came to your first card")


async def measure(game: str, players: int, size: tuple[int, int], times: int, frames: Frames) -> dict[str, Any]:
    from textual.screen import Screen

    from cardtable.saves import SeatConfig, TableConfig, default_seats
    from cardtable.tui.app import CardTableApp
    from cardtable.tui.dialogs.message import NoticeDialog
    from cardtable.tui.laid_out import LaidOutOnce
    from cardtable.tui.see_through import SeeThrough

    seats = [SeatConfig("You" if n == 0 else f"P{n}", seat.kind) for n, seat in enumerate(default_seats(game, players))]
    app = CardTableApp(TableConfig(game, players, seats, {}, 1, 0))
    ours = SeeThrough.render, LaidOutOnce._screen_resized
    textuals = Screen.render, Screen._screen_resized
    figures: dict[str, dict[str, list[float]]] = {
        way: {"open": [], "open_cpu": [], "close": [], "close_cpu": []} for way in ("the table's", "Textual's")
    }
    async with app.run_test(size=size) as pilot:
        await to_your_first_card(pilot)
        await frames.quiet()
        for _ in range(times):
            for way in figures:
                SeeThrough.render, LaidOutOnce._screen_resized = ours if way == "the table's" else textuals  # type: ignore[method-assign,assignment]
                for step in ("open", "close"):
                    cpu, started = time.process_time(), time.perf_counter()
                    if step == "open":
                        app.push_screen(NoticeDialog("Notice", "A dialog over the table."))
                    else:
                        app.pop_screen()
                    end = await frames.settled_since(started)
                    figures[way][step].append((end - started) * 1000)
                    figures[way][f"{step}_cpu"].append((time.process_time() - cpu) * 1000)
        SeeThrough.render, LaidOutOnce._screen_resized = ours  # type: ignore[method-assign,assignment]
    return {
        way: {name: statistics.median(values) for name, values in by_step.items()} for way, by_step in figures.items()
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--times", type=int, default=30, help="dialogs opened and closed per table and way")
    args, tables, sizes, reference = begin(parser, TABLES, "cardtable-dialogs-", "instant")
    frames = Frames()
    frames.install()
    print(f"{'table':<10} {'size':>7} {'way':<11} {'open':>6} {'cpu':>6} {'close':>6} {'cpu':>6}"
          "   (ms, medians)")  # fmt: skip
    results = []
    for game, players in tables:
        for size in sizes:
            measured = asyncio.run(measure(game, players, size, args.times, frames))
            for way, figures in measured.items():
                print(f"{game + ' ' + str(players):<10} {size[0]:>3}x{size[1]:<3} {way:<11} {figures['open']:>6.1f}"
                      f" {figures['open_cpu']:>6.1f} {figures['close']:>6.1f} {figures['close_cpu']:>6.1f}",
                      flush=True)  # fmt: skip
                results.append({"game": game, "players": players, "size": f"{size[0]}x{size[1]}", "way": way,
                                **figures})  # fmt: skip
    if args.json:
        args.json.write_text(json.dumps({"calibration": reference, "tables": results}, indent=1))


if __name__ == "__main__":
    main()
