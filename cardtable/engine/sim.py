"""``cardtable sim``: whole matches between computer levels, headless and reproducible from a seed."""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable, Sequence
from typing import Any

from .game import Action, GameRules, HandState, Number
from .match import Match
from .options import options_to_json
from .players import ComputerPlayer, make_computer

#: A match that has not ended after this many hands is abandoned (no winner) rather than run forever.
MAX_HANDS_PER_MATCH = 10_000
#: The most matches, or single hands, one run plays: hours of work at the slowest game, not days.
MAX_MATCHES = 100_000
MAX_HANDS = 1_000_000


def derived_rng(seed: int, *parts: object) -> random.Random:
    """A generator for one purpose of one match, the same on every machine (string seeds are hashed)."""
    return random.Random(":".join(["cardtable", str(seed), *map(str, parts)]))


class DecisionClock:
    """Wall time of each computer decision, per seat (reported apart from the reproducible fields)."""

    def __init__(self, players: int) -> None:
        self.samples: list[list[float]] = [[] for _ in range(players)]

    def summary(self, seats: Sequence[str]) -> dict[str, dict[str, float]]:
        by_level: dict[str, list[float]] = {}
        for level, samples in zip(seats, self.samples, strict=True):
            by_level.setdefault(level, []).extend(samples)
        out = {}
        for level, samples in by_level.items():
            if not samples:
                continue
            ordered = sorted(samples)
            p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
            out[level] = {
                "mean_ms": round(statistics.fmean(ordered) * 1000, 4),
                "p99_ms": round(p99 * 1000, 4),
                "decisions": len(ordered),
            }
        return out


def play_hand(match: Match, players: Sequence[ComputerPlayer[Any]], rng: random.Random, first_dealer: int,
              clock: DecisionClock | None = None) -> None:  # fmt: skip
    """Deal the next hand of ``match`` and play it to the end with computer players."""
    state = match.deal_new_hand(rng, first_dealer)
    perf = time.perf_counter
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
            started = perf()
            action = players[seat].decide(state.view(seat))
            clock.samples[seat].append(perf() - started)
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
) -> dict[str, Any]:
    """Play ``matches`` matches (or ``hands`` single hands) and return the ``sim --json`` summary.

    A match still undecided after ``max_hands_per_match`` hands is stopped: it counts in no seat's wins
    and in ``unfinished``; its scores so far still count in the mean scores.
    """
    players = len(seats)
    clock = DecisionClock(players) if time_decisions else None
    wins = [0] * players
    sole_wins = [0] * players
    final_scores = [0.0] * players
    hands_played = 0
    unfinished = 0
    stats: dict[str, Number] = {}
    rounds = hands if hands is not None else matches
    started = time.perf_counter()
    for m in range(rounds):
        deal_rng = derived_rng(seed, "deal", m)
        computers = [make_computer(rules, level, derived_rng(seed, "seat", m, s)) for s, level in enumerate(seats)]
        match = Match(rules, options, players, start_scores)
        first_dealer = m % players
        if hands is not None:
            play_hand(match, computers, deal_rng, first_dealer, clock)
            hands_played += 1
            state = match.hands[-1].state
            delta = state.score_delta() or [0] * players
            # The hand says who sat with whom: Tarot's attack and defence change from hand to hand.
            best = max(delta)
            best_sides = {state.side(s) for s in range(players) if delta[s] == best}
            for s in range(players):
                final_scores[s] += delta[s]
                if len(best_sides) == 1 and state.side(s) in best_sides:
                    wins[s] += 1
                    sole_wins[s] += 1
        else:
            while not match.over and len(match.hands) < max_hands_per_match:
                play_hand(match, computers, deal_rng, first_dealer, clock)
            hands_played += len(match.hands)
            if not match.over:
                unfinished += 1
            # A tie for first place (Tarot's winners are every seat with the highest score) is no sole win.
            sole = bool(match.winner) and len({rules.side_of(w, players) for w in match.winner or ()}) == 1
            for s in range(players):
                final_scores[s] += match.scores[s]
                if match.winner and s in match.winner:
                    wins[s] += 1
                    sole_wins[s] += sole
        for played in match.hands:
            add_hand_stats(stats, played.state)
        if progress is not None:
            progress(m + 1, rounds)
    elapsed = time.perf_counter() - started
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
        "mean_score_by_seat": [round(total / rounds, 3) if rounds else 0.0 for total in final_scores],
        "elapsed_s": round(elapsed, 3),
        "hands_per_s": round(hands_played / elapsed, 1) if elapsed > 0 else 0.0,
    }
    if stats:
        out.update(rules.sim_summary(stats))
    if clock is not None:
        out["decision_time"] = clock.summary(seats)
    return out
