"""What an action at the table costs late in a long match against early in it: at hand 10,000 and at hand 20.

A match keeps everything it played, and the table saves the whole match after every action: whatever the table
does per action that grows with the match shows here. The aim: an action at hand 10,000 costs at most twice
one at hand 20.

Each game's match is played hand after hand by the ``random`` level, from a fixed seed, every hand dealt as the
table deals it (``deal_rng(seed, hand)``). In ordinary play only a Tarot match can last 10,000 hands (its
annulled deals do not count towards its deals); to take every game there, each match starts a million points
below zero, so that no target is reached and the hands play as they do far from it (Truco's and Malilla's
hands read the score), and Tarot's count of deals is lifted (its rules' ``match_result`` is replaced, in this
process only). At hand 20 and again at the last hand the benchmark measures, in processor time of the whole
process (threads included):

* ``engine``: what the table does for an action outside Textual, headless, for every action of the next hand:
  the engine applies it, the view the table is drawn from, the undo key's question (``last_decision``), the
  record as the table saves it (``Match.to_record_lines``, what ``TableScreen.record_to_save`` takes; the table
  took ``Match.to_record`` until 2026-12-07) with the summary the start screen reads, and the save written
  (``MatchSave.write``: the record laid out in JSON, written into the save's spare copy, flushed to the disk
  and renamed over the save; a temporary file written whole until 2026-12-07).
* ``table``: the table itself (``--table``), under Pilot: a ``TableScreen`` opened on the match, you at the
  bottom playing the card under the cursor and the first choice of every dialog, ``random`` computers at
  instant speed, for 200 actions and two hands' ends at least. Each action is saved as it is applied, in the
  event loop's thread: at a person's pace every action has its save, written by the table's writer thread
  after the action's frame, while at instant speed the table would save once for all the actions of a frame
  and the writer thread skip a save while the one before is being written. An action is the time from one
  action applied to the next (the save, the log, the table's widgets updated, the next decision, and a frame's
  paint now and then); ``hand end`` from a hand scored to the first action of the next (the score sheet shown
  and closed, the deal and its save, whose summary at the start of the file says the new hand's number);
  ``undo`` from the undo key to your turn again (the match taken back, the table shown again, the save).

Medians (ms); ``x`` is the ratio of hand N to hand 20. Run from the repository's root:
``python benchmarks/long_match.py [--hands 10000] [--game tarot:4] [--table] [--profile]``.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import dataclasses
import os
import pstats
import random
import shutil
import statistics
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from bare_reference import bare_deals_per_second
from table_setup import answer_the_table, table_home

from cardtable.engine.game import Action, GameRules
from cardtable.engine.loop import deal_rng
from cardtable.engine.match import Match
from cardtable.engine.players import ComputerPlayer, make_computer
from cardtable.engine.sim import derived_rng, play_hand
from cardtable.engine.undo import last_decision
from cardtable.games import find_game
from cardtable.saves import MatchSave, SeatConfig, TableConfig

GAMES = [("manille", 4), ("malilla", 4), ("truco", 4), ("tarot", 4)]
SEED = 7
#: Where every match starts: far enough below any target that 10,000 hands never reach it.
FAR_BELOW = -1_000_000
#: The hand measured early in the match.
EARLY = 20
#: At the table: at least this many actions timed (and two hands' ends), and this many undos.
TABLE_ACTIONS = 200
UNDOS = 3
CLOCK = time.process_time


@contextmanager
def endless(rules: GameRules) -> Iterator[None]:
    """No result ends a match of ``rules`` while this lasts (Tarot's count of deals among them), and its start
    scores may be below zero (the table's undo of earlier versions read them again)."""
    rules.match_result = lambda *_: (None, None)  # type: ignore[method-assign]
    rules.validate_start_scores = lambda *_: None  # type: ignore[method-assign]
    try:
        yield
    finally:
        del rules.match_result  # type: ignore[attr-defined]
        del rules.validate_start_scores  # type: ignore[attr-defined]


def new_match(rules: GameRules, players: int) -> tuple[Match, TableConfig]:
    """A match with the default options starting ``FAR_BELOW``, and the table of it: you and ``random`` computers."""
    options = rules.parse_options({}, players)
    seats = [SeatConfig("You" if seat == 0 else f"P{seat}", "human" if seat == 0 else "random")
             for seat in range(players)]  # fmt: skip
    config = TableConfig(rules.name, players, seats, {}, SEED, 0)
    return Match(rules, options, players, [FAR_BELOW] * players), config


def computers(rules: GameRules, players: int) -> list[ComputerPlayer[Any]]:
    return [make_computer(rules, "random", derived_rng(SEED, "seat", seat)) for seat in range(players)]


def play_to(match: Match, players: list[ComputerPlayer[Any]], hands: int) -> None:
    """Play ``match`` on until it has ``hands`` hands, each dealt as the table deals it."""
    while len(match.hands) < hands:
        play_hand(match, players, deal_rng(SEED, len(match.hands)), 0)


def engine_costs(match: Match, players: list[ComputerPlayer[Any]], save: MatchSave, config: TableConfig) -> list[float]:
    """Play the next hand, timing what the table does for each action outside Textual (seconds each)."""
    from cardtable.tui.games import parts_for

    costs: list[float] = []
    apply = match.apply
    parts = parts_for(config.game).for_options(match.options)  # the save's summary, as the table writes it

    def applied_as_the_table_does(action: Action) -> Action:
        started = CLOCK()
        recorded = apply(action)
        state = match.current
        if state is not None:
            state.view(0)
        last_decision(match, [0])
        save.write(config, match.to_record_lines(), parts.save_summary(match, config.names))
        costs.append(CLOCK() - started)
        return recorded

    match.apply = applied_as_the_table_does  # type: ignore[method-assign]
    try:
        play_hand(match, players, deal_rng(SEED, len(match.hands)), 0)
    finally:
        del match.apply  # type: ignore[method-assign]
    return costs


def save_size(save: MatchSave) -> int:
    return save.path.stat().st_size if save.path.exists() else 0


# ----------------------------------------------------------------------------------------- the table, under Pilot
@dataclasses.dataclass
class TableCosts:
    """What the table spent (seconds of processor time): per action, per hand's end, per undo."""

    actions: list[float] = dataclasses.field(default_factory=list)
    hand_ends: list[float] = dataclasses.field(default_factory=list)
    undos: list[float] = dataclasses.field(default_factory=list)
    #: When the last action was applied, and the last hand scored (None: an action came since).
    action_at: float | None = None
    scored_at: float | None = None

    def heard(self, event: Any) -> None:
        from cardtable.engine.loop import ActionTaken, HandScored

        now = CLOCK()
        if isinstance(event, ActionTaken):
            if self.scored_at is not None:  # the first action after a hand's end: the end, the deal and its save
                self.hand_ends.append(now - self.scored_at)
                self.scored_at = None
            elif self.action_at is not None:
                self.actions.append(now - self.action_at)
            self.action_at = now
        elif isinstance(event, HandScored):
            self.scored_at = now


def install_table_clock(costs: TableCosts) -> Callable[[], None]:
    """Time the table's events, and write its saves at once (see the module's note); returns the undoing."""
    from cardtable.saves import SaveWriter
    from cardtable.tui.screens.table import TableScreen

    on_game_event = TableScreen.on_game_event
    submit = SaveWriter.submit
    save_after_frame = TableScreen.save_after_frame

    async def timed(self: TableScreen[Any], event: Any) -> None:
        costs.heard(event)
        await on_game_event(self, event)

    def write_now(self: SaveWriter, *job: Any) -> None:  # what the table hands the writer, written at once
        self.write(*job)

    def save_now(self: TableScreen[Any]) -> None:
        self.save_pending = True
        self.save_soon()

    TableScreen.on_game_event = timed  # type: ignore[method-assign]
    SaveWriter.submit = write_now  # type: ignore[method-assign]
    TableScreen.save_after_frame = save_now  # type: ignore[method-assign]

    def uninstall() -> None:
        TableScreen.on_game_event = on_game_event  # type: ignore[method-assign]
        SaveWriter.submit = submit  # type: ignore[method-assign]
        TableScreen.save_after_frame = save_after_frame  # type: ignore[method-assign]

    return uninstall


async def table_costs(match: Match, config: TableConfig, actions: int, undos: int) -> TableCosts:
    """Open the table on ``match`` and play on until ``actions`` actions and two hands' ends are timed, taking
    ``undos`` of your decisions back on the way (each at your card's turn, where you have decided before)."""
    from cardtable.tui.app import CardTableApp
    from cardtable.tui.screens.start import StartScreen
    from cardtable.tui.screens.table import TableScreen

    home = table_home("cardtable-long-", "instant")
    costs = TableCosts()
    uninstall = install_table_clock(costs)
    app = CardTableApp()
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            while not isinstance(app.screen, StartScreen):
                await asyncio.sleep(0.02)
            table = TableScreen[Any](config, match, MatchSave.new())
            app.push_screen(table)
            undone_at: set[tuple[int, int]] = set()
            while len(costs.actions) < actions or len(costs.hand_ends) < 2:
                await asyncio.sleep(0.01)
                turn = (len(table.match.hands), len(table.match.hands[-1].actions))
                mine = app.screen is table and table.my_card_turn()
                if mine and len(costs.undos) < undos and turn not in undone_at and table.can_undo():
                    undone_at.add(turn)
                    started = CLOCK()
                    table.action_undo()
                    while table.waiting is None:  # your decision again: a card, or a dialog's
                        await asyncio.sleep(0.002)
                    costs.undos.append(CLOCK() - started)
                    costs.action_at = None  # the next action's time is not the undo's
                    continue
                if not await answer_the_table(pilot):
                    break
            table.stop_computers()
    finally:
        uninstall()
        shutil.rmtree(home, ignore_errors=True)  # a long match's save: tens of megabytes
    return costs


# ----------------------------------------------------------------------------------------- the report
def ms(values: list[float]) -> str:
    return f"{statistics.median(values) * 1000:8.2f}" if values else f"{'-':>8}"


def ratio(late: list[float], early: list[float]) -> str:
    if not late or not early:
        return f"{'-':>6}"
    return f"{statistics.median(late) / statistics.median(early):6.2f}"


def measure(game: str, players: int, hands: int, table: bool, profile: cProfile.Profile | None) -> None:
    rules = find_game(game)
    with endless(rules), tempfile.TemporaryDirectory(prefix="cardtable-long-") as home:
        match, config = new_match(rules, players)
        seated = computers(rules, players)
        save = MatchSave.new(Path(home))
        play_to(match, seated, EARLY)
        early_table = asyncio.run(table_costs(copy_of(match), config, TABLE_ACTIONS, UNDOS)) if table else TableCosts()
        early = engine_costs(match, seated, save, config)
        early_size = save_size(save)
        started = time.perf_counter()
        play_to(match, seated, hands)
        built = time.perf_counter() - started
        if profile is not None:
            profile.enable()
        late = engine_costs(match, seated, save, config)
        if profile is not None:
            profile.disable()
        late_size = save_size(save)
        late_table = asyncio.run(table_costs(copy_of(match), config, TABLE_ACTIONS, UNDOS)) if table else TableCosts()
        save.release()
    per_hand = (late_size - early_size) / (len(match.hands) - EARLY - 1)
    name = f"{game} {players}"
    print(f"{name:<10} {'engine':<9} {ms(early)} {ms(late)} {ratio(late, early)}   "
          f"save {early_size / 1e3:,.0f} kB at hand {EARLY + 1}, {late_size / 1e6:,.1f} MB at hand {len(match.hands)}"
          f" ({per_hand:,.0f} B a hand); {hands - EARLY:,} hands built in {built:.0f} s", flush=True)  # fmt: skip
    if table:
        for label, first, last in (("table", early_table.actions, late_table.actions),
                                   ("hand end", early_table.hand_ends, late_table.hand_ends),
                                   ("undo", early_table.undos, late_table.undos)):  # fmt: skip
            print(f"{'':<10} {label:<9} {ms(first)} {ms(last)} {ratio(last, first)}   "
                  f"({len(first)} and {len(last)} timed)", flush=True)  # fmt: skip


def copy_of(match: Match) -> Match:
    """The match as it stands, to open at the table while the benchmark's own goes on (hands are shared: the
    finished ones never change, and the table plays a new hand after them)."""
    copy = Match(match.rules, match.options, match.players, match.start_scores)
    copy.hands = list(match.hands)
    copy.scores = list(match.scores)
    return copy


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--hands", type=int, default=10_000, help="how long the long match is (default 10,000)")
    parser.add_argument("--game", action="append", help="GAME or GAME:PLAYERS (repeatable)")
    parser.add_argument("--table", action="store_true", help="also measure the table under Pilot (slower)")
    parser.add_argument("--profile", action="store_true", help="profile the engine's actions at the last hand")
    args = parser.parse_args()
    games = [(g.split(":")[0], int(g.split(":")[1]) if ":" in g else 4) for g in args.game] if args.game else GAMES
    random.seed(SEED)
    reference = statistics.median(bare_deals_per_second(0.5, run, CLOCK) for run in range(3))
    print(f"load average {os.getloadavg()[0]:.2f}; calibration: bare Manille loop {reference:,.0f} deals/s "
          f"(processor time)")  # fmt: skip
    print(
        f"{'game':<10} {'what':<9} {'hand ' + str(EARLY):>8} {'hand N':>8} {'x':>6}   (ms of processor time, medians)"
    )
    profile = cProfile.Profile() if args.profile else None
    for game, players in games:
        measure(game, players, args.hands, args.table, profile)
    if profile is not None:
        pstats.Stats(profile).sort_stats("cumulative").print_stats(30)


if __name__ == "__main__":
    main()
