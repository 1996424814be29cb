"""How much memory a table of computers keeps as it plays match after match.

The table runs headless under Textual's Pilot at a real terminal's size, every seat a computer at the
"instant" speed, cards in motion as the settings have them by default, and a short target so that a match
lasts a few hands.  The benchmark plays as a person watching would: Enter closes each score sheet, and at
the end of each match Enter takes "Play again", the first choice, which opens a new table for the next match.

When each match is over (its dialog asking what next is showing), the benchmark collects garbage and notes:

* ``rss``: the process's resident memory (``VmRSS`` from ``/proc/self/status``), what the system sees;
* ``traced``: the memory Python's allocator holds for live objects, by ``tracemalloc`` (with ``--traced``;
  tracing slows the table about twofold and adds its own bookkeeping to ``rss``).

The figure is the growth from match 2 to the last: after its first match a table holds nearly everything it
keeps (Textual's styles and widget classes, the painted looks of the cards, bounded caches), and from then on
what it keeps per match should be nothing.  The aim: after match 50, at most 10 MB above after match 2.

To find what is kept: ``--types N`` prints the ``N`` types whose live objects grew most in number from match 2
to the last (a type that grows with every match is a leak; a bounded cache levels off), and ``--top N`` the
``N`` places in the code that allocated most of what is still alive after the last match and was not after
match 2 (tracemalloc, grouped by traceback).

Run: ``python benchmarks/table_memory.py [--game manille] [--players 4] [--matches 50] [--size 100x32]
[--target 10] [--seed 1] [--speed instant] [--no-motion] [--traced] [--top 15] [--types 25] [--json FILE]``.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import tempfile
import time
import tracemalloc
from collections.abc import Awaitable
from pathlib import Path
from typing import Any

from bare_reference import bare_deals_per_second

from cardtable.games import find_game
from cardtable.saves import SeatConfig, TableConfig
from cardtable.tui.app import CardTableApp
from cardtable.tui.dialogs.choice import ChoiceDialog
from cardtable.tui.screens.score_sheet import ScoreSheetScreen
from cardtable.tui.screens.table import TableScreen

#: A short match of each game: the option that sets its length, and a short value of it.
SHORT = {"manille": ("target", 10), "malilla": ("target", 10), "tarot": ("deals", 1), "truco": ("target", 3)}
#: A match that has not ended after this long (seconds) is reported as stuck.
GIVE_UP = 300.0
MB = 1024 * 1024


def rss_bytes() -> int:
    """The process's resident memory, as the system counts it."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    return 0


def make_home(speed: str, animations: bool) -> None:
    """A fresh home for the table's settings, saves and archive (the matches are archived as a player's are)."""
    home = tempfile.mkdtemp(prefix="cardtable-memory-")
    os.environ["CARDTABLE_HOME"] = home
    os.environ.pop("CARDTABLE_NO_ANIMATION", None)
    Path(home, "settings.json").write_text(json.dumps({"speed": speed, "animations": animations}))


def config_for(game: str, players: int, options: dict[str, Any], seed: int) -> TableConfig:
    """A table of the game's club players (the heuristic level) in every seat."""
    rules = find_game(game)
    names = rules.seat_names(players)
    seats = [SeatConfig(name, "heuristic") for name in names]
    return TableConfig(game, players, seats, options, seed, seed % players)


class Measures:
    """The figures noted after each match, printed as they come."""

    def __init__(self, traced: bool) -> None:
        self.traced = traced
        self.rows: list[tuple[int, float, float, float]] = []  # (match, seconds, rss, traced) in MB
        self.snapshots: dict[int, tracemalloc.Snapshot] = {}
        #: Live objects by type name, after each match (``--types``).
        self.types: dict[int, dict[str, int]] = {}
        self.started = time.perf_counter()

    def take(self, match: int, keep_snapshot: bool, count_types: bool = False) -> None:
        gc.collect()
        if count_types:
            # What the table froze is hidden from ``gc.get_objects``: counted unfrozen, then frozen again.
            frozen = gc.get_freeze_count()
            gc.unfreeze()
            gc.collect()
            counts: dict[str, int] = {}
            for each in gc.get_objects():
                name = type(each).__qualname__
                counts[name] = counts.get(name, 0) + 1
            self.types[match] = counts
            if frozen:
                gc.freeze()
        traced = tracemalloc.get_traced_memory()[0] / MB if self.traced else 0.0
        row = (match, time.perf_counter() - self.started, rss_bytes() / MB, traced)
        self.rows.append(row)
        if keep_snapshot and self.traced:
            self.snapshots[match] = tracemalloc.take_snapshot()
        shown = f"{row[3]:>8.1f}" if self.traced else f"{'':>8}"
        print(f"{row[0]:>5} {row[1]:>7.1f} {row[2]:>8.1f} {shown}", flush=True)


async def aside(step: Awaitable[None]) -> None:
    """Run a step of Pilot's in a task of its own.

    Pilot's pause draws the screen from the task that calls it, and Textual notes the screens under the one
    drawn in that task's context: run from the benchmark's own task, a step would keep the table of some
    earlier match alive, which a player's terminal never does.
    """
    await asyncio.create_task(step)


async def play(config: TableConfig, size: tuple[int, int], matches: int, measures: Measures, top: int,
               types: int) -> None:  # fmt: skip
    app = CardTableApp(config)
    async with app.run_test(size=size) as pilot:
        done = 0
        measured: tuple[int, int] | None = None  # the last match-over dialog measured: (its id, its match)
        deadline = time.monotonic() + GIVE_UP
        while True:
            screen = app.screen
            over = isinstance(screen, ChoiceDialog) and match_over(app)
            if over and (measured is None or measured[0] != id(screen)):
                done += 1
                measured = (id(screen), done)
                del screen  # the benchmark holds no screen while it measures
                measures.take(done, keep_snapshot=top > 0 and done in (2, matches),
                              count_types=types > 0 and done in (2, matches))  # fmt: skip
                deadline = time.monotonic() + GIVE_UP
                if done == matches:
                    break
                continue
            if over or isinstance(screen, ScoreSheetScreen):
                del screen
                await aside(pilot.pause())  # its widgets mounted, so that the key reaches it
                await aside(pilot.press("enter"))  # the score sheet closed, or "Play again"
            if time.monotonic() > deadline:
                raise SystemExit(f"match {done + 1} has not ended in {GIVE_UP:.0f} s")
            await asyncio.sleep(0.005)


def match_over(app: CardTableApp) -> bool:
    """Whether the table showing has played its match to the end."""
    return any(isinstance(screen, TableScreen) and screen.match.over for screen in app.screen_stack)


def report_kept(measures: Measures, first: int, last: int, top: int) -> None:
    """What was allocated after match ``first`` and is still alive after match ``last``, by traceback."""
    before, after = measures.snapshots.get(first), measures.snapshots.get(last)
    if before is None or after is None:
        return
    filters = [tracemalloc.Filter(False, tracemalloc.__file__), tracemalloc.Filter(False, "<frozen importlib.*")]
    differences = after.filter_traces(filters).compare_to(before.filter_traces(filters), "traceback")
    print(f"\nKept from match {first} to match {last}, by where it was allocated (tracemalloc, the {top} largest):")
    for difference in differences[:top]:
        print(f"{difference.size_diff / 1024:>9.1f} KiB {difference.count_diff:>+8} blocks")
        for line in difference.traceback.format(limit=8, most_recent_first=True)[:16]:
            print("      " + line)


def report_types(measures: Measures, first: int, last: int, top: int) -> None:
    """The types whose live objects grew most in number from match ``first`` to match ``last``."""
    before, after = measures.types.get(first), measures.types.get(last)
    if before is None or after is None:
        return
    grown = sorted(((after.get(name, 0) - before.get(name, 0), name) for name in after), reverse=True)
    print(f"\nLive objects (tracked by the collector) grown from match {first} to match {last}, by type:")
    for count, name in grown[:top]:
        print(f"{count:>+9} {name} ({after[name]} alive)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", default="manille", help="the game (default manille)")
    parser.add_argument("--players", type=int, help="the number of players (default: the game's usual)")
    parser.add_argument("--matches", type=int, default=50, help="matches played (default 50)")
    parser.add_argument("--size", default="100x32", help="the terminal, WIDTHxHEIGHT (default 100x32)")
    parser.add_argument("--target", type=int, help="the match's target (Tarot: its deals; default: a short match)")
    parser.add_argument("--seed", type=int, default=1, help="the first match's seed (default 1)")
    parser.add_argument("--speed", default="instant", choices=["slow", "normal", "fast", "instant"],
                        help="the computers' speed (default instant)")  # fmt: skip
    parser.add_argument("--no-motion", action="store_true", help="cards in motion off (on by default)")
    parser.add_argument("--traced", action="store_true", help="also trace Python's allocations (slower)")
    parser.add_argument("--top", type=int, default=0, help="with --traced: the N largest kept places")
    parser.add_argument("--types", type=int, default=0, help="the N types whose live objects grew most")
    parser.add_argument("--json", type=Path, help="also write the figures to this file")
    args = parser.parse_args()
    if args.top:
        args.traced = True
    rules = find_game(args.game)
    players = args.players or rules.player_counts[0]
    name, short = SHORT.get(args.game, ("target", 10))
    options = {name: args.target if args.target is not None else short}
    width, height = (int(part) for part in args.size.split("x"))
    make_home(args.speed, not args.no_motion)
    reference = bare_deals_per_second(1.0, 0)
    print(f"load average {os.getloadavg()[0]:.2f}; calibration: bare Manille loop {reference:,.0f} deals/s")
    print(f"{args.game} {players} players, {options}, {width}x{height}, motion {'off' if args.no_motion else 'on'},"
          f" speed {args.speed}")  # fmt: skip
    if args.traced:
        tracemalloc.start(12 if args.top else 1)
    measures = Measures(args.traced)
    print(f"{'match':>5} {'seconds':>7} {'rss MB':>8} {'traced':>8}")
    config = config_for(args.game, players, options, args.seed)
    asyncio.run(play(config, (width, height), args.matches, measures, args.top, args.types))
    rows = {row[0]: row for row in measures.rows}
    last = max(rows)
    if 2 in rows and last > 2:
        growth = rows[last][2] - rows[2][2]
        traced = f"; traced {rows[last][3] - rows[2][3]:+.1f} MB" if args.traced else ""
        print(f"after match {last} minus after match 2: rss {growth:+.1f} MB{traced}")
    if args.top:
        report_kept(measures, 2, last, args.top)
    if args.types:
        report_types(measures, 2, last, args.types)
    if args.json:
        args.json.write_text(json.dumps({"calibration": reference, "game": args.game, "players": players,
                                         "options": options, "size": args.size, "motion": not args.no_motion,
                                         "rows": measures.rows}, indent=1))  # fmt: skip


if __name__ == "__main__":
    main()
