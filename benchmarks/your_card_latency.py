"""How long your own card takes to show: from the key that plays it to the end of the last frame painted for it.

The table runs headless under Textual's Pilot with you at the bottom and the game's default computers around,
at the slow speed (so the next computer's card comes long after yours has been drawn); every dialog on the
way is answered with its first choice.  At each of your card turns the benchmark waits for the screen to be
still, presses Enter (your card under the cursor), and times from the key to the end of the last frame painted
within ``QUIET`` of each other, each frame turned into what the terminal driver would write (as
``table_latency.py`` does).  ``cpu`` is the process's processor time over the same span, the computers'
threads included (the next computer starts thinking as soon as your card is in).  ``layouts`` counts the
screen layouts in that span.

Run: ``python benchmarks/your_card_latency.py [--cards 16] [--game manille:4] [--size 120x40]``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import time
from typing import Any

from dialog_latency import Frames, to_your_first_card
from table_setup import begin
from textual.screen import Screen

TABLES = [("manille", 4), ("malilla", 4), ("truco", 4), ("tarot", 4)]


async def measure(
    game: str, players: int, size: tuple[int, int], wanted: int, frames: Frames
) -> list[tuple[float, ...]]:
    from cardtable.saves import SeatConfig, TableConfig, default_seats
    from cardtable.tui.app import CardTableApp

    layouts = [0]
    refresh_layout = Screen._refresh_layout

    def counted(screen: Screen[Any], *args: Any, **kwargs: Any) -> None:
        layouts[0] += 1
        refresh_layout(screen, *args, **kwargs)

    Screen._refresh_layout = counted  # type: ignore[method-assign]
    cards: list[tuple[float, ...]] = []
    seed = 1
    try:
        while len(cards) < wanted:
            seats = [SeatConfig("You" if n == 0 else f"P{n}", seat.kind)
                     for n, seat in enumerate(default_seats(game, players))]  # fmt: skip
            app = CardTableApp(TableConfig(game, players, seats, {}, seed, 0))
            seed += 1
            async with app.run_test(size=size) as pilot:
                for _ in range(6):  # a few cards a deal: the first of a table is its first layout's
                    try:
                        await to_your_first_card(pilot)
                    except SystemExit:
                        break
                    await frames.quiet()
                    layouts[0] = 0
                    cpu, started = time.process_time(), time.perf_counter()
                    await pilot.press("enter")
                    end = await frames.settled_since(started)
                    cards.append(((end - started) * 1000, (time.process_time() - cpu) * 1000, float(layouts[0])))
                    if len(cards) >= wanted:
                        break
    finally:
        Screen._refresh_layout = refresh_layout  # type: ignore[method-assign]
    return cards


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--cards", type=int, default=16, help="your cards measured per table (default 16)")
    args, tables, sizes, reference = begin(parser, TABLES, "cardtable-your-card-", "slow")
    frames = Frames()
    frames.install()
    print(f"{'table':<10} {'size':>7} {'cards':>5} {'median':>7} {'p95':>7} {'cpu':>6} {'layouts':>7}"
          "   (ms; medians but p95; layouts: mean a card)")  # fmt: skip
    results = []
    for game, players in tables:
        for size in sizes:
            cards = asyncio.run(measure(game, players, size, args.cards, frames))
            walls = sorted(card[0] for card in cards)
            figures = {
                "cards": len(cards),
                "median": statistics.median(walls),
                "p95": walls[min(len(walls) - 1, round(0.95 * (len(walls) - 1)))],
                "cpu": statistics.median(card[1] for card in cards),
                "layouts": statistics.mean(card[2] for card in cards),
            }
            print(f"{game + ' ' + str(players):<10} {size[0]:>3}x{size[1]:<3} {figures['cards']:>5}"
                  f" {figures['median']:>7.1f} {figures['p95']:>7.1f} {figures['cpu']:>6.1f}"
                  f" {figures['layouts']:>7.2f}", flush=True)  # fmt: skip
            results.append({"game": game, "players": players, "size": f"{size[0]}x{size[1]}", **figures})
    if args.json:
        args.json.write_text(json.dumps({"calibration": reference, "tables": results}, indent=1))


if __name__ == "__main__":
    main()
