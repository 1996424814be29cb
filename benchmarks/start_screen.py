"""How long the start screen takes to list many unfinished matches: from the app's start, and on coming back to it.

Makes ``--saves`` unfinished matches (2,000 by default) in a fresh data folder: ``--kinds`` different matches
spread over every game and player count (random play for one to four hands, the last one stopped at a random
action), each written as the table writes a save, under as many names as it takes, each with a time of its
own and its lock file. Then ``--runs`` times, headless under Textual's Pilot: the app from its making to the
start screen listing every match (*listed*) and to the end of the first frame painted after (*shown*), and the
way back from the settings screen (Escape) to the start screen listing them again; *cpu* is the process's
processor time over the same span (the main thread's and the reading thread's). Medians, in milliseconds.

``--old`` writes the saves as the version before summaries did, so that each one is replayed to be listed;
it uses no function that version lacks, so it also times that version
(``PYTHONPATH=../before python benchmarks/start_screen.py --old``).

Run: ``python benchmarks/start_screen.py [--saves 2000] [--kinds 45] [--runs 5] [--old] [--json FILE]``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import time
from pathlib import Path
from typing import Any

from bare_reference import bare_deals_per_second
from table_setup import table_home
from textual.app import App

#: Every game and player count the table offers, with a variant that is a game of its own.
TABLES: list[tuple[str, int, dict[str, Any]]] = [
    ("manille", 4, {}), ("malilla", 4, {}), ("truco", 2, {}), ("truco", 4, {}), ("truco", 6, {}),
    ("truco", 2, {"variant": "argentino"}), ("tarot", 3, {}), ("tarot", 4, {}), ("tarot", 5, {}),
]  # fmt: skip
#: Seconds after which a start screen that has not listed the matches stops the run.
GIVE_UP = 120.0


def played(game: str, players: int, options: dict[str, Any], seed: int) -> tuple[Any, Any]:
    """A match of one to four hands of random play, stopped at a random action of its last hand (unfinished)."""
    from cardtable.engine.loop import deal_rng
    from cardtable.engine.match import Match
    from cardtable.games import find_game
    from cardtable.saves import TableConfig, default_seats

    rng = random.Random(seed)
    rules = find_game(game)
    config = TableConfig(game, players, default_seats(game, players), dict(options), seed, rng.randrange(players))
    match = Match(rules, rules.parse_options(options, players), players)
    hands = rng.randint(1, 4)
    for number in range(hands):
        match.deal_new_hand(deal_rng(seed, number), config.first_dealer)
        stop = rng.randrange(1, 40) if number == hands - 1 else None
        while (state := match.current) is not None and state.to_act is not None:
            if stop is not None and len(match.hands[-1].actions) >= stop:
                break
            match.apply(rng.choice(state.view(state.to_act).legal_actions()))
        if match.over:
            return played(game, players, options, seed + 1000)
    return config, match


def save_content(config: Any, match: Any, old: bool) -> bytes:
    """A save's bytes as the table writes it (``old``: as the version before summaries did)."""
    from cardtable.engine.records import dump_record

    record = {**match.to_record(), "table": config.to_json()}
    if not old:
        from cardtable.saves import MatchSave
        from cardtable.tui.games import parts_for

        summary = parts_for(config.game).for_options(match.options).save_summary(match, config.names)
        record = MatchSave(Path("unused.json"), Path()).content(config, match.to_record(), summary)
    return dump_record(record).encode("utf-8")


def make_saves(home: Path, count: int, kinds: int, old: bool) -> float:
    """``count`` saves of ``kinds`` matches in ``home``; their mean size in kilobytes."""
    contents = []
    for kind in range(kinds):
        game, players, options = TABLES[kind % len(TABLES)]
        contents.append(save_content(*played(game, players, options, kind), old))
    folder = home / "saves"
    folder.mkdir(parents=True, exist_ok=True)
    now = time.time()
    for n in range(count):
        path = folder / f"20261201-000000-{n:06x}.json"
        path.write_bytes(contents[n % kinds])
        path.with_suffix(".lock").touch()
        os.utime(path, (now - 60 * n, now - 60 * n))
    return sum(len(content) for content in contents) / kinds / 1000


class Moments:
    """When each frame the app paints ends, and when a start screen was given its matches (the version before
    summaries gave them as it made the screen: then, when the screen mounts)."""

    def __init__(self) -> None:
        from cardtable.tui.screens.start import StartScreen

        self.frames: list[float] = []
        self.listed: list[float] = []
        #: Set at the end of the first frame after a listing: the run waits for it rather than polling the app
        #: (a poll every few milliseconds would take the reading thread's time).
        self.shown = asyncio.Event()
        moments = self
        display = App._display

        def timed_display(app: App[Any], screen: Any, renderable: Any) -> None:
            display(app, screen, renderable)
            moments.frames.append(time.perf_counter())
            if moments.listed and moments.listed[-1] < moments.frames[-1]:
                moments.shown.set()

        App._display = timed_display  # type: ignore[method-assign]
        if hasattr(StartScreen, "list_unfinished"):
            listing = StartScreen.list_unfinished

            def timed_listing(screen: Any, *args: Any) -> None:
                listing(screen, *args)
                moments.listed.append(time.perf_counter())

            StartScreen.list_unfinished = timed_listing  # type: ignore[method-assign]
        else:
            mounted = StartScreen.on_mount

            def timed_mount(screen: Any) -> None:  # Textual hands a handler the arguments it names: none here
                mounted(screen)
                moments.listed.append(time.perf_counter())

            StartScreen.on_mount = timed_mount  # type: ignore[method-assign]

    def reset(self) -> None:
        """Forget what came before: the next listing and its frame are the ones waited for."""
        self.frames.clear()
        self.listed.clear()
        self.shown = asyncio.Event()

    def since(self, moment: float) -> tuple[float, float] | None:
        """The first listing since ``moment``, and the end of the first frame after it."""
        listed = next((when for when in self.listed if when > moment), None)
        shown = None if listed is None else next((end for end in self.frames if end > listed), None)
        return None if listed is None or shown is None else (listed, shown)


def listing(app: Any, count: int) -> bool:
    """The start screen shows, its matches read (a version that reads them first has no ``listed``)."""
    from cardtable.tui.screens.start import StartScreen

    screen = app.screen
    return isinstance(screen, StartScreen) and getattr(screen, "listed", True) and len(screen.unfinished) == count


async def until(pilot: Any, ready: Any) -> None:
    deadline = time.perf_counter() + GIVE_UP
    while not ready():
        if time.perf_counter() > deadline:
            raise SystemExit(f"gave up after {GIVE_UP:.0f} s; the screen is {pilot.app.screen!r}")
        await pilot.pause(0.05)


async def listed_since(moments: Moments, moment: float) -> tuple[float, float]:
    """When the start screen was given its matches since ``moment``, and when the frame after it ended."""
    await asyncio.wait_for(moments.shown.wait(), GIVE_UP)
    found = moments.since(moment)
    assert found is not None
    return found


async def one_run(count: int, moments: Moments) -> dict[str, float]:
    from cardtable.tui.app import CardTableApp
    from cardtable.tui.screens.settings import SettingsScreen

    figures = {}
    moments.reset()
    started, cpu = time.perf_counter(), time.process_time()
    app = CardTableApp()
    async with app.run_test(size=(80, 24)) as pilot:
        listed, shown = await listed_since(moments, started)
        cpu = time.process_time() - cpu
        await until(pilot, lambda: listing(app, count))
        figures.update(start=(listed - started) * 1000, start_shown=(shown - started) * 1000, start_cpu=cpu * 1000)
        await pilot.press("o")
        await until(pilot, lambda: isinstance(app.screen, SettingsScreen))
        await pilot.pause(0.2)
        moments.reset()
        started, cpu = time.perf_counter(), time.process_time()
        await pilot.press("escape")
        listed, shown = await listed_since(moments, started)
        cpu = time.process_time() - cpu
        await until(pilot, lambda: listing(app, count))
        figures.update(back=(listed - started) * 1000, back_shown=(shown - started) * 1000, back_cpu=cpu * 1000)
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--saves", type=int, default=2000, help="unfinished matches in the data folder")
    parser.add_argument("--kinds", type=int, default=45, help="different matches among them")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--old", action="store_true", help="saves as the version before summaries wrote them")
    parser.add_argument("--json", type=Path, help="also write the figures to this file")
    args = parser.parse_args()
    home = Path(table_home("cardtable-start-", "instant"))
    reference = bare_deals_per_second(1.0, 0)
    print(f"load average {os.getloadavg()[0]:.2f}; calibration: bare Manille loop {reference:,.0f} deals/s")
    size = make_saves(home, args.saves, args.kinds, args.old)
    form = "as the version before summaries wrote them" if args.old else "with summaries"
    print(f"{args.saves:,} saves of {args.kinds} matches, {size:.1f} kB each on average, {form}")
    moments = Moments()
    runs = [asyncio.run(one_run(args.saves, moments)) for _ in range(args.runs)]
    medians = {name: statistics.median(run[name] for run in runs) for name in runs[0]}
    print(f"{'':<7} {'listed':>8} {'shown':>8} {'cpu':>8}   (ms, medians of {args.runs} runs)")
    for step, label in (("start", "start"), ("back", "back")):
        print(f"{label:<7} {medians[step]:>8.0f} {medians[step + '_shown']:>8.0f} {medians[step + '_cpu']:>8.0f}")
    if args.json:
        args.json.write_text(json.dumps({"calibration": reference, "saves": args.saves, "old": args.old,
                                         "medians": medians, "runs": runs}, indent=1))  # fmt: skip


if __name__ == "__main__":
    main()
