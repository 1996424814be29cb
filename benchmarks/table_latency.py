"""How long the table takes to show a computer's card: from the engine applying it to the painted frame.

The table runs headless under Textual's Pilot, with you at the bottom and the game's default computer
players around; you play the first legal card and take the first choice of every dialog.  For every card
a computer plays, the clock starts when the engine is asked to apply it (its thinking and the speed pause
are over by then) and stops at the end of the last frame painted for it: the frames that follow within
``QUIET`` of each other, with the card on the table, the log line, the seat marks and, when your turn
comes next, your hand.  A computer only starts to think once the last card's frames are measured, so its
thread never competes with the drawing.

Headless, Textual does every step of a frame but the last: it composes the screen's update and never turns
it into terminal output.  The benchmark does that step too (``render_segments``, what the terminal driver
writes), so a frame costs here what it costs in a terminal, the write itself aside (a thread does it).

Each total is split into:

* ``table``: our code, from the card applied to the worker's first pause (the log line, the save, the
  widgets' updates, the next turn's set-up);
* ``wait``: Textual's wait for its next frame: it paints at most ``TEXTUAL_FPS`` (60) frames a second,
  on a fixed beat, so a change that comes just after a frame waits for the next beat;
* ``paint``: the frames themselves (layout, compositor, terminal output);
* ``textual``: the rest: Textual's messages and idle handlers between our update and the frame (styles
  recomputed after class changes, layout and repaint requests travelling up to the screen).

``cpu`` is the processor time the process spent over the same span: on a machine shared with other work
it moves far less than the wall-clock figures, which include the time the process waited for a core.

Motion (a card moving into the trick) is turned off: the benchmark measures the table, not the 200 ms a card
takes to travel when motion is on.

With ``--expert`` every computer seat is an Expert, and a second figure is measured: how long a key takes
to show while an Expert thinks in its thread.  A typist thread, as the terminal driver's input thread does,
sends a key every ``KEY_EVERY`` seconds while a computer thinks, and while it pauses after deciding (the table
idle: the figure to compare with); the clock runs from the moment the key is sent to the end of the frame
that shows its answer (the table's notice: ``c`` says there is nothing to call; the benchmark clears the
notice after each).  Only one thread runs Python at a time: while the search thinks, the event loop and the
input thread run only when it lets go of the interpreter.

Run: ``python benchmarks/table_latency.py [--cards 40] [--game tarot:5] [--size 80x24] [--profile] [--expert]``.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import io
import json
import os
import pstats
import statistics
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from table_setup import answer_the_table, begin
from textual.app import App
from textual.pilot import Pilot
from textual.screen import Screen
from textual.timer import Timer

#: Frames closer than this to each other belong to the same card.
QUIET = 0.06
#: A card whose frames have not come after this long is reported as lost (it never is).
GIVE_UP = 2.0
#: (game, players) measured by default.
TABLES = [("manille", 4), ("malilla", 4), ("truco", 4), ("tarot", 4), ("truco", 6), ("tarot", 5)]
#: With ``--expert``: seconds between two keys the typist sends, and how long a key's frame is waited for.
KEY_EVERY = 0.05
KEY_GIVE_UP = 1.0
#: The key sent: its answer is a notice on any turn ("Nothing to call now"), cleared after each frame so that
#: the next key paints one too.
KEY = "c"


@dataclass
class Card:
    """One computer's card: when it was applied and what followed, in seconds from ``perf_counter``."""

    start: float
    cpu_start: float
    cpu_end: float = 0.0
    table_done: float | None = None
    frames: list[tuple[float, float, float]] = field(default_factory=list)  # (resumed, tick start, end)
    spent: dict[str, float] = field(default_factory=dict)

    @property
    def end(self) -> float:
        return self.frames[-1][2]

    def figures(self) -> dict[str, float]:
        total = self.end - self.start
        wait = sum(tick - resumed for resumed, tick, _ in self.frames)
        paint = sum(end - tick for _, tick, end in self.frames)
        table = (self.table_done or self.start) - self.start
        return {
            "total": total * 1000,
            "first": (self.frames[0][2] - self.start) * 1000,
            "frames": len(self.frames),
            "cpu": (self.cpu_end - self.cpu_start) * 1000,
            "table": table * 1000,
            "wait": wait * 1000,
            "paint": paint * 1000,
            "textual": (total - wait - paint - table) * 1000,
            **{name: seconds * 1000 for name, seconds in self.spent.items()},
        }


@dataclass
class Key:
    """A key sent while a computer thinks or pauses: when it was sent, and when its answer was painted."""

    sent: float
    thinking: bool
    handled: float | None = None
    painted: float | None = None


class Clock:
    """The benchmark's hooks into the engine, the table and Textual's frame cycle."""

    def __init__(self, profile: cProfile.Profile | None, typing: bool = False) -> None:
        #: Expert computers, and a typist sending keys while they think (``--expert``).
        self.typing = typing
        self.card: Card | None = None
        self.cards: list[Card] = []
        self.computers: set[int] = set()
        self.measured = asyncio.Event()
        self.measured.set()
        self.resumed: float | None = None
        self.tick: float | None = None
        self.painted_in_tick = False
        self.profile = profile
        self.lost = 0
        #: With ``--expert``: what the computer to act is doing ("thinking", "pausing" or None) and since when.
        self.phase: str | None = None
        self.phase_until = 0.0
        self.key: Key | None = None
        self.keys: list[Key] = []
        self.thinking_times: list[float] = []
        #: Called after a key's frame (the notice cleared).
        self.answered: Callable[[], None] | None = None

    # ----------------------------------------------------------------- the card
    def applying(self, action: Any) -> None:
        if action.verb != "play" or action.seat not in self.computers or self.card is not None:
            return
        self.card = Card(time.perf_counter(), time.process_time())
        self.measured.clear()
        loop = asyncio.get_running_loop()
        loop.call_soon(self._table_done, self.card)  # runs once the match's worker first waits
        loop.call_later(GIVE_UP, self._give_up, self.card)
        if self.profile is not None:
            self.profile.enable()

    def _table_done(self, card: Card) -> None:
        card.table_done = time.perf_counter()

    def painted(self, tick: float, end: float) -> None:
        key = self.key
        if key is not None and key.handled is not None and key.painted is None:
            key.painted = end
            self.keys.append(key)
            self.key = None
            if self.answered is not None:
                asyncio.get_running_loop().call_soon(self.answered)
        card = self.card
        if card is None:
            return
        resumed = self.resumed if self.resumed is not None and self.resumed <= tick else tick
        card.frames.append((max(resumed, card.start), tick, end))
        card.cpu_end = time.process_time()
        asyncio.get_running_loop().call_later(QUIET, self._maybe_done, card, len(card.frames))

    def _maybe_done(self, card: Card, frames: int) -> None:
        if self.card is card and len(card.frames) == frames:
            self._close()
            self.cards.append(card)

    def _give_up(self, card: Card) -> None:
        if self.card is card and not card.frames:
            self._close()
            self.lost += 1

    def _close(self) -> None:
        if self.profile is not None:
            self.profile.disable()
        self.card = None
        self.measured.set()

    @contextmanager
    def spending(self, name: str) -> Iterator[None]:
        card = self.card
        started = time.perf_counter()
        try:
            yield
        finally:
            if card is not None and self.card is card:
                card.spent[name] = card.spent.get(name, 0.0) + time.perf_counter() - started


def install(clock: Clock) -> None:
    """Wrap the few functions the clock listens to (only in this benchmark's process)."""
    from textual._compositor import CompositorUpdate

    from cardtable.engine.match import Match
    from cardtable.tui.players import ThinkingComputer
    from cardtable.tui.screens.table import TableScreen

    apply = Match.apply

    def timed_apply(self: Match, action: Any) -> Any:
        clock.applying(action)
        return apply(self, action)

    Match.apply = timed_apply  # type: ignore[method-assign]

    choose = ThinkingComputer.choose

    async def gated_choose(self: ThinkingComputer, view: Any) -> Any:
        await clock.measured.wait()  # the last card's frames first: thinking is not what is measured
        if not clock.typing:
            return await choose(self, view)
        # As ``ThinkingComputer.choose`` does, with the phases marked for the typist.
        clock.phase, started = "thinking", time.perf_counter()
        try:
            action = await asyncio.to_thread(self.computer.decide, view)
            clock.thinking_times.append(time.perf_counter() - started)
            pause = self.pause()
            clock.phase, clock.phase_until = "pausing", time.perf_counter() + pause
            await self._wait()
        finally:
            clock.phase = None
        return action

    ThinkingComputer.choose = gated_choose  # type: ignore[method-assign]

    def spent(owner: type, name: str, label: str) -> None:
        original: Callable[..., Any] = getattr(owner, name)

        def timed(*args: Any, **kwargs: Any) -> Any:
            with clock.spending(label):
                return original(*args, **kwargs)

        setattr(owner, name, timed)

    say = TableScreen.say

    def heard_say(self: TableScreen[Any], text: str, wrap: bool = False) -> None:
        say(self, text, wrap)
        if clock.key is not None and clock.key.handled is None and text.startswith("Nothing to"):
            clock.key.handled = time.perf_counter()

    TableScreen.say = heard_say  # type: ignore[method-assign]

    spent(TableScreen, "refresh_table", "refresh_table")
    spent(TableScreen, "log_line", "log_line")
    spent(TableScreen, "autosave", "autosave")
    spent(Screen, "_refresh_layout", "layout")

    resume = Timer.resume

    def timed_resume(self: Timer) -> None:
        if self.name == "screen_update" and not self._active.is_set() and clock.resumed is None:
            clock.resumed = time.perf_counter()
        resume(self)

    Timer.resume = timed_resume  # type: ignore[method-assign]

    on_timer_update = Screen._on_timer_update

    def timed_timer_update(self: Screen[Any]) -> None:
        clock.tick = time.perf_counter()
        clock.painted_in_tick = False
        try:
            on_timer_update(self)
        finally:
            tick, clock.tick = clock.tick, None
            if clock.painted_in_tick:
                clock.painted(tick, time.perf_counter())
                clock.resumed = None

    Screen._on_timer_update = timed_timer_update  # type: ignore[method-assign]

    display = App._display

    def timed_display(self: App[Any], screen: Screen[Any], renderable: Any) -> None:
        started = time.perf_counter()
        display(self, screen, renderable)
        if renderable is None or self._batch_count or not isinstance(renderable, CompositorUpdate):
            return
        if self.is_headless:
            with clock.spending("output"):
                renderable.render_segments(self.console)  # what the terminal driver would be sent
        if clock.tick is not None:
            clock.painted_in_tick = True
        else:  # a frame painted outside the beat (a layout after a resize)
            clock.painted(started, time.perf_counter())

    App._display = timed_display  # type: ignore[method-assign]


# --------------------------------------------------------------------- playing the human seat
async def play_your_turns(pilot: Pilot[None], clock: Clock, wanted: int) -> bool:
    """Answer the table as a player would until ``wanted`` cards are measured; False when the match ends."""
    while len(clock.cards) < wanted:
        # Plain sleeps: Pilot's own pause forces a frame and waits for the CPU to go idle.
        await asyncio.sleep(0.05)
        if clock.measured.is_set() and not await answer_the_table(pilot):
            return False
    return True


def clear_notice(app: App[Any]) -> None:
    from cardtable.tui.screens.table import TableScreen

    if isinstance(app.screen, TableScreen):
        app.screen.say("")


def type_keys(app: App[Any], clock: Clock, stop: threading.Event) -> None:
    """The typist (a thread, as the terminal's input is read): a key every ``KEY_EVERY`` seconds while a
    computer thinks or pauses, never while a card is measured; each key waits for its frame before the next."""
    from textual import events

    from cardtable.tui.screens.table import TableScreen

    due = time.perf_counter()
    while not stop.is_set():
        due += KEY_EVERY
        time.sleep(max(0.0, due - time.perf_counter()))
        key = clock.key
        if key is not None:
            if due - key.sent < KEY_GIVE_UP:
                continue
            clock.key = None  # no frame came for it: given up
        phase = clock.phase
        quiet = phase == "thinking" or (phase == "pausing" and clock.phase_until - due > 0.15)
        driver = app._driver
        if not quiet or clock.card is not None or driver is None or not isinstance(app.screen, TableScreen):
            due = time.perf_counter()
            continue
        # The key's clock starts when it was due: waiting for the interpreter's lock is part of its delay.
        clock.key = Key(due, thinking=phase == "thinking")
        event = events.Key(KEY, KEY)
        event.set_sender(app)
        driver.send_message(event)


async def measure_table(game: str, players: int, size: tuple[int, int], wanted: int, clock: Clock) -> None:
    from cardtable.saves import SeatConfig, TableConfig, default_seats
    from cardtable.tui.app import CardTableApp

    seed = 1
    while len(clock.cards) < wanted:
        seats = [SeatConfig(f"P{n}" if n else "You", "expert" if clock.typing and seat.kind != "human" else seat.kind)
                 for n, seat in enumerate(default_seats(game, players))]  # fmt: skip
        clock.computers = {n for n, seat in enumerate(seats) if not seat.human}
        app = CardTableApp(TableConfig(game, players, seats, {}, seed, 0))
        async with app.run_test(size=size) as pilot:
            clock.answered = partial(clear_notice, app)
            stop = threading.Event()
            typist = threading.Thread(target=type_keys, args=(app, clock, stop), daemon=True)
            if clock.typing:
                typist.start()
            try:
                await play_your_turns(pilot, clock, wanted)
                await clock.measured.wait()
            finally:
                stop.set()
                if clock.typing:
                    typist.join()
        seed += 1


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * (len(ordered) - 1))))]


def key_summary(clock: Clock) -> dict[str, float]:
    """The keys' delays (ms, from sent to painted), while the computer paused and while it thought."""
    out: dict[str, float] = {"thinking_median": statistics.median(clock.thinking_times) * 1000 if clock.thinking_times
                             else 0.0}  # fmt: skip
    for name, thinking in (("idle", False), ("busy", True)):
        delays = [(k.painted - k.sent) * 1000 for k in clock.keys if k.thinking == thinking and k.painted is not None]
        out[f"{name}_keys"] = float(len(delays))
        out[f"{name}_median"] = statistics.median(delays) if delays else 0.0
        out[f"{name}_p95"] = percentile(delays, 0.95) if delays else 0.0
    return out


def summary(cards: list[Card]) -> dict[str, float]:
    figures = [card.figures() for card in cards]
    keys = sorted({key for f in figures for key in f})
    out = {"cards": float(len(cards))}
    for key in keys:
        values = [f.get(key, 0.0) for f in figures]
        out[f"{key}_median"] = statistics.median(values)
        out[f"{key}_p95"] = percentile(values, 0.95)
    return out


CATEGORIES = [
    ("cardtable", "our table code"),
    ("textual/css", "styles (CSS)"),
    ("textual/_compositor", "compositor"),
    ("textual/_arrange", "layout"),
    ("textual/layouts", "layout"),
    ("textual/_layout", "layout"),
    ("textual/widgets/_rich_log", "RichLog"),
    ("textual/widgets/_footer", "footer"),
    ("textual/_styles_cache", "rendering widgets"),
    ("textual/strip", "rendering widgets"),
    ("textual/content", "rendering widgets"),
    ("textual/widget.py", "widgets (Textual)"),
    ("textual/dom.py", "DOM"),
    ("textual/message_pump", "messages"),
    ("textual/", "Textual (other)"),
    ("rich/", "Rich"),
    ("json/", "saving (json)"),
    ("asyncio/", "asyncio"),
]


def profile_report(profile: cProfile.Profile, cards: int) -> str:
    stats = pstats.Stats(profile)
    by_category: dict[str, float] = {}
    for (filename, _line, name), (_cc, _nc, tottime, _ct, _callers) in stats.stats.items():  # type: ignore[attr-defined]
        if "poll" in name and filename == "~":
            continue  # the event loop waiting: idle, not work
        path = filename.replace(os.sep, "/")
        label = next((label for key, label in CATEGORIES if key in path), "Python (other)")
        if "cardtable/saves" in path or "cardtable/files" in path:
            label = "saving"
        by_category[label] = by_category.get(label, 0.0) + tottime
    lines = [f"Where the time went (cProfile, own time per card, {cards} cards; profiling slows all of it):"]
    for label, seconds in sorted(by_category.items(), key=lambda item: -item[1]):
        lines.append(f"  {label:<22} {seconds / cards * 1000:7.2f} ms")
    text = io.StringIO()
    stats.stream = text  # type: ignore[attr-defined]
    stats.sort_stats("cumulative").print_stats(45)
    lines.append(text.getvalue())
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--cards", type=int, default=30, help="computer cards measured per table (default 30)")
    parser.add_argument("--speed", default="normal", choices=["slow", "normal", "fast", "instant"],
                        help="the computers' speed setting (default normal, the table's own)")  # fmt: skip
    parser.add_argument("--profile", action="store_true", help="profile the measured windows (slower)")
    parser.add_argument("--expert", action="store_true",
                        help="Expert computers, and keys timed while they think and while they pause")  # fmt: skip
    args, tables, sizes, reference = begin(parser, TABLES, "cardtable-latency-")
    profile = cProfile.Profile() if args.profile else None
    print(f"{'table':<10} {'size':>7} {'cards':>5} {'median':>7} {'p95':>7} {'first':>6} {'frames':>6}"
          f" {'table':>6} {'wait':>6} {'paint':>6} {'textual':>7} {'cpu':>6}   (ms; medians but p95)")  # fmt: skip
    results = []
    all_cards: list[Card] = []
    for game, players in tables:
        for size in sizes:
            clock = Clock(profile, typing=args.expert)
            install_once(clock)
            asyncio.run(measure_table(game, players, size, args.cards, clock))
            figures = summary(clock.cards)
            all_cards.extend(clock.cards)
            keys = key_summary(clock) if args.expert else {}
            results.append({"game": game, "players": players, "size": f"{size[0]}x{size[1]}", **figures,
                            "lost": clock.lost, **keys})  # fmt: skip
            print(f"{game + ' ' + str(players):<10} {size[0]:>3}x{size[1]:<3} {len(clock.cards):>5}"
                  f" {figures['total_median']:>7.1f} {figures['total_p95']:>7.1f} {figures['first_median']:>6.1f}"
                  f" {figures['frames_median']:>6.0f} {figures['table_median']:>6.1f} {figures['wait_median']:>6.1f}"
                  f" {figures['paint_median']:>6.1f} {figures['textual_median']:>7.1f}"
                  f" {figures['cpu_median']:>6.1f}", flush=True)  # fmt: skip
            if keys:
                print(f"{'':<10} {'':>7} a key while the computer pauses: {keys['idle_median']:.1f} / "
                      f"{keys['idle_p95']:.1f} ms ({keys['idle_keys']:.0f} keys); while an Expert thinks "
                      f"({keys['thinking_median']:.0f} ms a decision): {keys['busy_median']:.1f} / "
                      f"{keys['busy_p95']:.1f} ms ({keys['busy_keys']:.0f} keys)  (median / p95)",
                      flush=True)  # fmt: skip
    overall = summary(all_cards)
    parts = ", ".join(f"{name} {overall.get(name + '_median', 0.0):.2f}"
                      for name in ("refresh_table", "log_line", "autosave", "layout", "output"))  # fmt: skip
    print(f"all cards: median {overall['total_median']:.1f} ms, p95 {overall['total_p95']:.1f} ms,"
          f" cpu median {overall['cpu_median']:.1f} ms;"
          f" inside them (medians, ms): {parts}")  # fmt: skip
    if args.json:
        args.json.write_text(json.dumps({"calibration": reference, "tables": results, "all": overall}, indent=1))
    if profile is not None:
        print()
        print(profile_report(profile, len(all_cards)))


_installed: list[Clock] = []


def install_once(clock: Clock) -> None:
    """The wrappers go in once; each table gets a fresh clock behind them."""
    if not _installed:
        _installed.append(clock)
        install(_Proxy())  # type: ignore[arg-type]
    else:
        _installed[0] = clock


class _Proxy:
    """Hands every hook to the current table's clock."""

    def __getattr__(self, name: str) -> Any:
        return getattr(_installed[0], name)

    def __setattr__(self, name: str, value: Any) -> None:
        setattr(_installed[0], name, value)


if __name__ == "__main__":
    main()
