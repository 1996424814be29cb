"""``cardtable sim``: whole matches between computer levels, headless and reproducible from a seed."""

from __future__ import annotations

import math
import random
import statistics
import time
from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

from .game import Action, GameRules, HandState, Number
from .match import Match
from .options import options_to_json
from .players import Budget, ComputerPlayer, make_computer
from .quantiles import QuantileSketch

#: A match that has not ended after this many hands is abandoned (no winner) rather than run forever.
MAX_HANDS_PER_MATCH = 10_000
#: The most matches, or single hands, one run plays: hours of work at the slowest game, not days.
MAX_MATCHES = 100_000
MAX_HANDS = 1_000_000


def derived_rng(seed: int, *parts: object) -> random.Random:
    """A generator for one purpose of one match, the same on every machine (string seeds are hashed)."""
    return random.Random(":".join(["cardtable", str(seed), *map(str, parts)]))


class DecisionClock:
    """Wall and processor time of each computer decision, by level (reported apart from the reproducible fields).

    The processor time is the deciding thread's own: on a machine busy with other work the wall time grows with
    the wait for a core, while the processor time stays what the decision costs on one core of its own.
    """

    def __init__(self, seats: Sequence[str]) -> None:
        #: The level in each seat now (the seats turn with ``--duplicate``).
        self.seated = list(seats)
        # Summaries, not lists: a million hands make millions of decisions, and the memory must not grow with them.
        self.by_level = {level: QuantileSketch() for level in seats}
        self.cpu_by_level = {level: QuantileSketch() for level in seats}

    def add(self, seat: int, seconds: float, cpu_seconds: float) -> None:
        level = self.seated[seat]
        self.by_level[level].add(seconds)
        self.cpu_by_level[level].add(cpu_seconds)

    def summary(self) -> dict[str, dict[str, float]]:
        out = {}
        for level, wall in self.by_level.items():
            if not wall.count:
                continue
            cpu = self.cpu_by_level[level]
            out[level] = {
                "mean_ms": round(wall.mean * 1000, 4),
                "p99_ms": round(wall.quantile(0.99) * 1000, 4),
                "cpu_mean_ms": round(cpu.mean * 1000, 4),
                "cpu_p99_ms": round(cpu.quantile(0.99) * 1000, 4),
                "decisions": wall.count,
            }
        return out


def play_hand(match: Match, players: Sequence[ComputerPlayer[Any]], rng: random.Random, first_dealer: int,
              clock: DecisionClock | None = None) -> None:  # fmt: skip
    """Deal the next hand of ``match`` and play it to the end with computer players."""
    state = match.deal_new_hand(rng, first_dealer)
    perf, cpu = time.perf_counter, time.thread_time
    offered: set[int] = set()
    while not state.complete:
        # Out-of-turn calls (Malilla's redeal) are offered once to each seat, as the table does.
        if state.offers_calls:
            calls = state.optional_calls()
            if calls and offer_calls(match, players, calls, offered):
                continue
        seat = state.to_act
        assert seat is not None
        # Computer players decide synchronously; their coroutine would only wrap ``decide``.
        if clock is None:
            action = players[seat].decide(state.view(seat))
        else:
            started, cpu_started = perf(), cpu()
            action = players[seat].decide(state.view(seat))
            clock.add(seat, perf() - started, cpu() - cpu_started)
        match.apply(action)


def offer_calls(match: Match, players: Sequence[ComputerPlayer[Any]], calls: dict[int, list[Action]],
                offered: set[int]) -> bool:  # fmt: skip
    """Offer each seat its out-of-turn calls once; True if one was made (the state then moved on)."""
    state = match.hands[-1].state
    for seat, options in calls.items():
        if seat in offered:
            continue
        offered.add(seat)
        action = players[seat].consider(state.view(seat), options)
        if action is not None:
            match.apply(action)
            return True
    return False


def add_hand_stats(totals: dict[str, Number], state: HandState) -> None:
    """Add a hand's own counts (``stats()``, e.g. Tarot's contracts made) to ``totals``."""
    for key, value in state.stats().items():
        totals[key] = totals.get(key, 0) + value


def rotations(rules: GameRules, players: int) -> int:
    """How many rotations of the seat list put every level on every side once: one per side of the game."""
    return len({rules.side_of(seat, players) for seat in range(players)})


class Round(NamedTuple):
    """One match (or one hand) played: by seat, its score, whether it won and whether alone; the hands it took."""

    scores: list[float]
    wins: list[bool]
    sole_wins: list[bool]
    hands: int
    unfinished: bool
    match: Match


def play_round(rules: GameRules, options: Any, computers: Sequence[ComputerPlayer[Any]], deal_rng: random.Random,
               first_dealer: int, single_hand: bool, start_scores: list[Number] | None, clock: DecisionClock | None,
               max_hands_per_match: int) -> Round:  # fmt: skip
    """Play one match, or one hand of one, with ``computers`` in their seats."""
    players = len(computers)
    match = Match(rules, options, players, start_scores)
    if single_hand:
        play_hand(match, computers, deal_rng, first_dealer, clock)
        state = match.hands[-1].state
        delta = state.score_delta() or [0] * players
        # The hand says who sat with whom: Tarot's attack and defence change from hand to hand.
        best = max(delta)
        best_sides = {state.side(s) for s in range(players) if delta[s] == best}
        wins = [len(best_sides) == 1 and state.side(s) in best_sides for s in range(players)]
        return Round([float(d) for d in delta], wins, wins, 1, False, match)
    while not match.over and len(match.hands) < max_hands_per_match:
        play_hand(match, computers, deal_rng, first_dealer, clock)
    wins = [bool(match.winner and s in match.winner) for s in range(players)]
    # A tie for first place (Tarot's winners are every seat with the highest score) is no sole win.
    sole = bool(match.winner) and len({rules.side_of(w, players) for w in match.winner or ()}) == 1
    sole_wins = [won and sole for won in wins]
    return Round([float(score) for score in match.scores], wins, sole_wins, len(match.hands), not match.over, match)


def simulate(
    rules: GameRules,
    seats: Sequence[str],
    options: Any,
    *,
    matches: int = 100,
    seed: int = 0,
    hands: int | None = None,
    start_scores: list[Number] | None = None,
    progress: Callable[[int, int], None] | None = None,
    time_decisions: bool = False,
    max_hands_per_match: int = MAX_HANDS_PER_MATCH,
    duplicate: bool = False,
    budget: Budget | None = None,
) -> dict[str, Any]:
    """Play ``matches`` matches (or ``hands`` single hands) and return the ``sim --json`` summary.

    A match still undecided after ``max_hands_per_match`` hands is stopped: it counts in no seat's wins
    and in ``unfinished``; its scores so far still count in the mean scores.

    With ``duplicate`` each match (or hand) is played once per rotation of the seat list that puts every level
    on every side (``rotations``), with the same cards: luck of the deal falls alike on every level.  Wins and
    mean scores then count by position in ``seats``, and a ``duplicate`` object compares the levels.

    ``budget`` is how long the levels that search think (their fixed work, never a deadline: runs stay
    reproducible); ``None`` is their default.
    """
    players = len(seats)
    clock = DecisionClock(seats) if time_decisions else None
    wins = [0] * players
    sole_wins = [0] * players
    final_scores = [0.0] * players
    hands_played = 0
    unfinished = 0
    stats: dict[str, Number] = {}
    by_level: dict[str, dict[str, Number]] = {}
    rounds = hands if hands is not None else matches
    turns = rotations(rules, players) if duplicate else 1
    levels = list(dict.fromkeys(seats))
    #: Per round, each level's mean score (over its positions and the rotations): kept for ``duplicate`` alone,
    #: whose confidence interval needs each deal's difference, so a plain run's memory does not grow with its length.
    level_scores: list[dict[str, float]] = []
    started = time.perf_counter()
    for m in range(rounds):
        round_scores = dict.fromkeys(levels, 0.0)
        for turn in range(turns):
            # Position p of ``seats`` sits at seat (p + turn) % players.
            seated = [seats[(s - turn) % players] for s in range(players)]
            # The first rotation draws the seats' generators as a plain run does, so its games are the same.
            turned = ("rotation", turn) if turn else ()
            computers = [make_computer(rules, level, derived_rng(seed, "seat", m, s, *turned), budget=budget)
                         for s, level in enumerate(seated)]  # fmt: skip
            if clock is not None:
                clock.seated = seated
            played = play_round(rules, options, computers, derived_rng(seed, "deal", m), m % players, hands is not None,
                                start_scores, clock, max_hands_per_match)  # fmt: skip
            hands_played += played.hands
            unfinished += played.unfinished
            for s in range(players):
                position = (s - turn) % players
                final_scores[position] += played.scores[s]
                wins[position] += played.wins[s]
                sole_wins[position] += played.sole_wins[s]
                round_scores[seated[s]] += played.scores[s] / (seats.count(seated[s]) * turns)
            for hand in played.match.hands:
                add_hand_stats(stats, hand.state)
                for s in range(players):
                    level_stats = by_level.setdefault(seated[s], {})
                    for key, value in hand.state.seat_stats(s).items():
                        level_stats[key] = level_stats.get(key, 0) + value
        if duplicate:
            level_scores.append(round_scores)
        if progress is not None:
            progress(m + 1, rounds)
    elapsed = time.perf_counter() - started
    games = rounds * turns
    out: dict[str, Any] = {
        "game": rules.name,
        "players": players,
        "seats": list(seats),
        "seed": seed,
        "options": options_to_json(options),
        "matches": 0 if hands is not None else matches,
        "hands": hands_played,
        "wins_by_seat": wins,
        "sole_wins_by_seat": sole_wins,
        "unfinished": unfinished,
        "mean_score_by_seat": [round(total / games, 3) if games else 0.0 for total in final_scores],
        "elapsed_s": round(elapsed, 3),
        "hands_per_s": round(hands_played / elapsed, 1) if elapsed > 0 else 0.0,
    }
    if stats:
        out.update(rules.sim_summary(stats))
    if by_level and any(by_level.values()):
        out["stats_by_level"] = {level: dict(sorted(by_level.get(level, {}).items())) for level in levels}
    if duplicate:
        out["duplicate"] = duplicate_summary(levels, level_scores)
    if clock is not None:
        out["decision_time"] = clock.summary()
    return out


def duplicate_summary(levels: Sequence[str], level_scores: Sequence[dict[str, float]]) -> dict[str, Any]:
    """The levels' mean score per deal (or match), and the first level's lead over the others' mean with its 95 %
    confidence interval (normal approximation over the deals, each played in every rotation)."""
    pairs = len(level_scores)
    means = {level: round(statistics.fmean(r[level] for r in level_scores), 4) if pairs else 0.0 for level in levels}
    first, others = levels[0], levels[1:]
    if not others or not pairs:
        return {"pairs": pairs, "levels": means, "mean_diff": 0.0, "ci95": [0.0, 0.0]}
    diffs = [r[first] - statistics.fmean(r[o] for o in others) for r in level_scores]
    mean = statistics.fmean(diffs)
    half = 1.96 * statistics.stdev(diffs) / math.sqrt(pairs) if pairs > 1 else 0.0
    return {"pairs": pairs, "levels": means, "mean_diff": round(mean, 4),
            "ci95": [round(mean - half, 4), round(mean + half, 4)]}  # fmt: skip
