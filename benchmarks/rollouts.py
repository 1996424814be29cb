"""Rollouts per second in the trick games, beside the machine's calibration row of the same run.

A *rollout* is what the ``expert`` level's search repeats thousands of times a decision: from a world (every
hand filled in) at a decision of the play, the deciding seat plays a card, the rest of the hand is played out
by a playout policy until a few tricks are left, and those are solved exactly.  The positions are the play
decisions of heuristic self-play hands (seeded, the same on every run) where the seat to act holds at least
four cards and has a choice: where the search rolls out rather than solving at once.  The world is the real
deal of the position (any world costs the same to play out).

Two policies are timed:

* ``heuristic``: every seat plays the game's ``heuristic`` tips from its own view (a view, a card count and the
  tips' table at every card): the way a search built on the existing players rolls out;
* ``fast``: the expert's playout (``cardtable.games.playout``): the same strategy on the hand's masks, with an
  incremental card count.

and two lengths of the exact part: the last three tricks and the last four.  Tarot's playouts have no exact part
(its expert plays every deal out to its score; ``exact`` reads 0).  Each of these starts a new
playout and solver per rollout, so no position is shared between rollouts.  A third row, ``decision``, times
rollouts as the expert runs them: each position's decision searched with a fixed number of worlds
(``--worlds``, the default budget's), every candidate card in every world, one playout and solver (and their
table of positions) per decision, the worlds' dealing and rebuilding included; its rate is the rollouts
(worlds times candidates) per second of the whole decision.  The exact part is one solve of the
position when the tricks left reach it (``Solver.value``), or, with ``--per-card``, a solve of each of the
leader's cards (``Solver.value_after``, what the solver offered before it could value a position).

Run: ``python benchmarks/rollouts.py [--seconds 2] [--runs 3] [--game manille] [--policy decision] [--exact 3]``.
"""

from __future__ import annotations

import argparse
import copy
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from bare_reference import bare_deals_per_second

from cardtable.engine.cards import cards_in
from cardtable.engine.players import DEFAULT_BUDGET, Budget
from cardtable.games import find_game
from cardtable.games.endgame import EndgameRules, Solver
from cardtable.games.search import WORLDS

GAMES = ("manille", "malilla", "tarot")
#: Seconds of this process's CPU: other work on the machine slows the wall clock, not this one (both rows use it).
CLOCK = time.process_time
POSITIONS = 300


def clone(state: Any) -> Any:
    if hasattr(state, "clone"):
        return state.clone()
    twin = copy.copy(state)
    twin.hands = list(state.hands)
    twin.trick = list(state.trick)
    return twin


def game_parts(game: str, options: Any, trump: int) -> tuple[EndgameRules, Callable[[Any], int], Any]:
    """The game's solver rules, its heuristic's tips as a function of a view, and its playout data."""
    if game == "manille":
        from cardtable.games.manille import ai
        from cardtable.games.manille.rules import DECK, PIPS, follow_rules

        rules = EndgameRules(DECK, PIPS, trump, follow_rules(options), 4,
                             last_trick_bonus=1 if options.last_trick_bonus else 0)  # fmt: skip
        tips: Callable[[Any], int] = lambda view: ai.tips_choice(ai.Table(view))  # noqa: E731
        fast = None
        try:
            from cardtable.games.manille.expert import playout_game

            fast = playout_game(options, 4, trump)
        except ImportError:
            pass
        return rules, tips, fast
    from cardtable.games.malilla import ai as mai
    from cardtable.games.malilla.rules import FOLLOW_RULES, PLAYERS, TRICK_POINT

    pack = options.pack
    rules = EndgameRules(pack.deck, pack.points, trump, FOLLOW_RULES, PLAYERS, trick_bonus=TRICK_POINT,
                         unled_forbidden=pack.malillas & ~pack.deck.suit_masks[trump])  # fmt: skip
    tips = lambda view: mai.tips_choice(mai.Table(view))  # noqa: E731
    fast = None
    try:
        from cardtable.games.malilla.expert import playout_game as malilla_playout

        fast = malilla_playout(options, trump)
    except ImportError:
        pass
    return rules, tips, fast


def positions(game: str, count: int, seed: int) -> list[Any]:
    """Play decisions of heuristic self-play hands where the seat to act holds four cards or more, with a choice."""
    from cardtable.engine.players import make_computer

    rules = find_game(game)
    options = rules.parse_options(None, 4)
    rng = random.Random(seed)
    players = [make_computer(rules, "heuristic", random.Random(seed + seat)) for seat in range(4)]
    found: list[Any] = []
    dealer = 0
    while len(found) < count:
        state = rules.new_hand(options, 4, dealer, rules.random_deal(rng, options, 4, dealer), [0] * 4)
        dealer = (dealer + 1) % 4
        while not state.complete:
            seat = state.to_act
            view = state.view(seat)
            if view.only_plays and view.hand.bit_count() >= 4 and view.legal_mask & (view.legal_mask - 1):
                found.append(clone(state))
            state.apply(players[seat].decide(view))
    return found[:count]


def exact_points(state: Any, rules: EndgameRules, seat: int, per_card: bool) -> int:
    """Our side's points in the tricks left (``state`` at the start of a trick), solved exactly."""
    tricks_left = state.cards_each - len(state.trick_history)
    leader = state.turn
    forbidden = getattr(state, "held_until_led", 0)
    if not per_card and hasattr(Solver, "value"):
        return int(Solver(rules, seat).value(state.hands, leader, 0, -1, -1, -1, 0, tricks_left, forbidden))
    solver = Solver(rules, leader, [], tricks_left, forbidden)
    values = [solver.value_after(tuple(state.hands), card) for card in cards_in(state.hands[leader])]
    # The solver counts for the leader's side: turn it into the deciding seat's.
    total_left = sum(rules.points[c] for hand in state.hands for c in cards_in(hand))
    total_left += rules.trick_bonus * tricks_left + rules.last_trick_bonus
    best = max(values)
    return int(best if (leader - seat) % 2 == 0 else total_left - best)


def our_points(state: Any, seat: int) -> int:
    return sum(trick[3] for trick in state.trick_history if (trick[2] - seat) % 2 == 0)


def heuristic_rollout(state: Any, rules: EndgameRules, tips: Callable[[Any], int], exact: int, per_card: bool) -> int:
    seat = state.turn
    state.play_card((state.legal_play_mask() & -state.legal_play_mask()).bit_length() - 1)
    while not state.complete and (state.trick or state.cards_each - len(state.trick_history) > exact):
        view = state.view(state.turn)
        legal = view.legal_mask
        state.play_card(legal.bit_length() - 1 if not legal & (legal - 1) else tips(view))
    if state.complete:
        return our_points(state, seat)
    return our_points(state, seat) + exact_points(state, rules, seat, per_card)


def tarot_rollout(state: Any, policy: str) -> float:
    """A Tarot rollout to the end of the deal (no exact part: the deal's score is the worth of the rollout)."""
    from cardtable.games.tarot.ai import Table, choose_card
    from cardtable.games.tarot.playout import TarotPlayout

    seat = state.turn
    state.play_card((state.legal_play_mask() & -state.legal_play_mask()).bit_length() - 1)
    if policy == "fast":
        return TarotPlayout(seat).final_score(state)
    while not state.complete:
        view = state.view(state.turn)
        legal = view.legal_mask
        state.play_card(legal.bit_length() - 1 if not legal & (legal - 1) else choose_card(Table(view)))
    return float(state.delta[seat])


def measure(game: str, policy: str, exact: int, seconds: float, run: int, per_card: bool) -> float | None:
    """Rollouts per second over the positions, cycling through them for ``seconds``."""
    found = positions(game, POSITIONS, seed=1)
    if game == "tarot":
        done = 0
        started = CLOCK()
        deadline = started + seconds
        index = run
        while CLOCK() < deadline:
            for _ in range(20):
                tarot_rollout(found[index % len(found)].clone(), policy)
                index += 1
                done += 1
        return done / (CLOCK() - started)
    rules_for = find_game(game)
    options = rules_for.parse_options(None, 4)
    from cardtable.games.cardcount import count_cards

    try:
        from cardtable.games.playout import Playout
    except ImportError:
        Playout = None
    prepared = []
    for state in found:
        rules, tips, fast = game_parts(game, options, state.trump)
        if policy == "fast":
            if fast is None or Playout is None:
                return None
            view = state.view(state.turn)
            count = count_cards(view, rules.deck, rules.follow, rules.deck.full, None, rules.unled_forbidden)
            prepared.append((state, (fast, state.trump, state.turn, exact), list(count.ruled_out)))
        else:
            prepared.append((state, rules, tips))
    done = 0
    started = CLOCK()
    deadline = started + seconds
    index = run
    while CLOCK() < deadline:
        for _ in range(20):
            entry = prepared[index % len(prepared)]
            index += 1
            twin = clone(entry[0])
            if policy == "fast":
                # A new playout (and solver) each time: no transposition table carried over from another world.
                playout = Playout(*entry[1])
                twin.play_card((twin.legal_play_mask() & -twin.legal_play_mask()).bit_length() - 1)
                playout.final_points(twin, list(entry[2]))
            else:
                heuristic_rollout(twin, entry[1], entry[2], exact, per_card)
            done += 1
    return done / (CLOCK() - started)


def measure_decisions(game: str, exact: int, seconds: float, run: int, worlds: int) -> float:
    """Rollouts per second inside whole decisions of the expert's search (see the module's docstring)."""
    from cardtable.games.playout import CardPlay
    from cardtable.games.search import SearchBudget, search

    rules_for = find_game(game)
    if game == "manille":
        from cardtable.games.manille import ai
        from cardtable.games.manille.expert import playout_game

        def decision(view: Any) -> Any:
            table = ai.Table(view)
            return CardPlay(view, playout_game(view.options, view.players, view.trump), table.count,
                            ai.hand_worth(table), exact, exact + 1)  # fmt: skip
    else:
        from cardtable.games.malilla import ai as mai
        from cardtable.games.malilla.expert import playout_game as malilla_playout

        def decision(view: Any) -> Any:
            table = mai.Table(view)
            return CardPlay(view, malilla_playout(view.options, view.trump), table.count, mai.hand_worth(view),
                            exact, exact + 1)  # fmt: skip

    views = [state.view(state.turn) for state in positions(game, POSITIONS, seed=1)]
    budget = SearchBudget(Budget.NORMAL, worlds)
    done = 0
    started = CLOCK()
    index = run
    while CLOCK() < started + seconds:
        view = views[index % len(views)]
        index += 1
        chosen = decision(view)
        outcome = search(rules_for, view, chosen, random.Random(index), budget)
        done += outcome.worlds * len(chosen.candidates)
    return done / (CLOCK() - started)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=2.0, help="length of each run (default 2 s)")
    parser.add_argument("--runs", type=int, default=3, help="runs per figure; the median is printed (default 3)")
    parser.add_argument("--game", action="append", help="only this game (repeatable); default: manille and malilla")
    parser.add_argument("--per-card", action="store_true", help="solve the exact part card by card")
    parser.add_argument("--policy", action="append",
                        help="heuristic, fast or decision (repeatable; default all three)")  # fmt: skip
    parser.add_argument("--worlds", type=int, default=WORLDS[DEFAULT_BUDGET],
                        help="worlds per decision of the decision row (default: the default budget's)")  # fmt: skip
    parser.add_argument("--exact", type=int, action="append",
                        help="tricks solved exactly (repeatable; default 3 and 4)")  # fmt: skip
    args = parser.parse_args()
    games = args.game or list(GAMES)
    policies = args.policy or ["heuristic", "fast", "decision"]
    header = f"{'game':<10} {'policy':<10} {'exact':>5} {'rollouts/s':>11}"
    print(f"{header}   (median of {args.runs} runs of {args.seconds} s of CPU)")
    for game in games:
        for policy in policies:
            for exact in (0,) if game == "tarot" else (args.exact or (3, 4)):
                if policy == "decision" and game == "tarot":
                    continue  # the decision row times the Manille and Malilla experts' searches
                if policy == "decision":
                    rates: list[float | None] = [measure_decisions(game, exact, args.seconds, run, args.worlds)
                                                 for run in range(args.runs)]  # fmt: skip
                else:
                    rates = [measure(game, policy, exact, args.seconds, run, args.per_card) for run in range(args.runs)]
                if any(rate is None for rate in rates):
                    print(f"{game:<10} {policy:<10} {exact:>5} {'(none)':>11}")
                    continue
                print(f"{game:<10} {policy:<10} {exact:>5} {statistics.median(r for r in rates if r):>11,.0f}")
    bare = statistics.median(bare_deals_per_second(args.seconds / 2, run, CLOCK) for run in range(args.runs))
    print(f"{'reference':<10} {'':<10} {'':>5} {bare:>11,.0f}   (bare inlined random Manille deals/s: calibration)")


if __name__ == "__main__":
    main()
