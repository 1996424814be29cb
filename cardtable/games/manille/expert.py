"""The ``expert`` computer player for Manille: determinized search (``cardtable.games.search``).

Every card it plays is chosen by dealing itself the cards it has not seen in many ways that fit its view,
trying each of its cards in each deal and playing the rest out (``cardtable.games.playout``: a fast policy,
then the last tricks solved exactly), and keeping the card whose average worth for the hand is best.  The
knock round and the auction are decided the same way: the hand is played out in each deal, with the trump of
each suit for a bid, and the player knocks, counters or bids when the average says the hand is worth it.
Among equals it plays what the heuristic would.

It sees only its seat's view and draws only from its own generator (or one seeded from the view), so the same
view gives the same decision.
"""

from __future__ import annotations

import functools
import random
import statistics

from cardtable.engine.game import BID_VERB, CALL_VERB, Action, HandState
from cardtable.engine.hints import Findings, note
from cardtable.engine.players import Budget
from cardtable.games.cardcount import count_cards
from cardtable.games.endgame import EndgameRules
from cardtable.games.playout import EXACT_TRICKS, CardPlay, Playout, PointTrickGame
from cardtable.games.search import SearchBudget, SearchingPlayer, in_time, pick, search

from .ai import ACES, TENS, ManilleHeuristic, Table, hand_worth, tip11_doubling, tip12_auction, tips_choice
from .rules import (
    AUCTION,
    CLASSIC,
    COUNTER,
    DECK,
    DOUBLING,
    FULL_DECK,
    KNOCK,
    MIN_BID,
    PASS,
    PIPS,
    PLAY,
    QUOTA,
    RULES,
    THREE_PLAYER_DECK,
    ManilleHand,
    ManilleOptions,
    ManilleView,
    follow_rules,
)

#: A knock (or a counter) needs the hand to be worth this much to our side on average, in points: the other
#: side may answer a knock with a counter, so a small edge is not worth doubling.
KNOCK_MARGIN = 2.0
COUNTER_MARGIN = 3.0
#: A bid needs its expected score to be at least this; over a partner's bid, this much better than the
#: partner's own contract is expected to do.
BID_MARGIN = 1.0
OVER_PARTNER = 4.0


@functools.cache
def playout_game(options: ManilleOptions, players: int, trump: int) -> PointTrickGame:
    """Manille's tricks for the playouts: pips by card, the last trick's pip when the option is on."""
    rules = EndgameRules(DECK, PIPS, trump, follow_rules(options), players,
                         last_trick_bonus=1 if options.last_trick_bonus else 0)  # fmt: skip
    return PointTrickGame(rules, TENS, ACES, lead_from_short=True, feeds_tops=True)


class ManilleExpert(SearchingPlayer[ManilleView]):
    """Manille's ``expert`` level."""

    level = "expert"
    #: Playouts solve this many last tricks exactly; with this many cards or fewer in hand the whole decision is.
    exact_tricks = EXACT_TRICKS
    root_exact = EXACT_TRICKS + 1
    #: Whether playouts are played knowing every hand of the world.
    omniscient = False

    def __init__(self, rng: random.Random | None = None, budget: SearchBudget | Budget | None = None) -> None:
        super().__init__(rng, budget)
        self.heuristic = ManilleHeuristic(rng)

    def decide(self, view: ManilleView) -> Action:
        if view.options.house != CLASSIC or view.options.talk:
            # The search's playouts know the classic game only: in the other houses and with table talk the
            # expert plays as the club player does (searched houses are work still to do).
            return self.heuristic.decide(view)
        if view.phase == PLAY:
            return self.play(view)
        if view.phase == DOUBLING:
            return self.call(view)
        if view.phase == AUCTION:
            return self.bid(view)
        return self.heuristic.decide(view)

    # ----------------------------------------------------------------- card play
    def play(self, view: ManilleView) -> Action:
        legal = view.legal_mask
        if not legal & (legal - 1):
            return view.plays[legal.bit_length() - 1]
        table = Table(view)
        assert view.trump is not None
        decision = CardPlay(view, playout_game(view.options, view.players, view.trump), table.count,
                            hand_worth(table), self.exact_tricks, self.root_exact, self.omniscient)  # fmt: skip
        if len(decision.candidates) == 1:
            return decision.candidates[0]
        outcome = search(RULES, view, decision, self.random_for(view), self.budget)
        return pick(decision, outcome, view.plays[tips_choice(table)], tolerance=0.01)

    # ----------------------------------------------------------------- the knock round and the auction
    def _points_played_out(self, view: ManilleView, setup: list[Action]) -> list[float]:
        """Our side's points in each of the budget's worlds, the hand played out after the actions ``setup``
        (the rest of the calls passed)."""
        in_play = THREE_PLAYER_DECK if view.players == 3 else FULL_DECK
        count = count_cards(view, DECK, follow_rules(view.options), in_play)
        rng = self.random_for(view)
        hidden = RULES.sample_hidden(view, rng, self.budget.worlds)
        results = []
        for world in in_time(hidden, self.budget):
            state = RULES.state_from_view(view, world)
            for action in setup:
                state.apply(action)
            pass_to_play(state)
            assert state.trump is not None
            playout = Playout(playout_game(view.options, view.players, state.trump), state.trump, view.seat)
            results.append(float(playout.final_points(state, list(count.ruled_out))))
        return results

    def call(self, view: ManilleView) -> Action:
        """Knock (or counter) when the hand is worth enough to our side played out, else pass."""
        word = KNOCK if view.knocker is None else COUNTER
        pips = self._points_played_out(view, [Action(view.seat, CALL_VERB, PASS)])
        if not pips:
            return tip11_doubling(view)
        worth = hand_worth(Table(view))
        expected = statistics.fmean(worth[round(p)] for p in pips)
        margin = KNOCK_MARGIN if word == KNOCK else COUNTER_MARGIN
        note(Findings((Action(view.seat, CALL_VERB, word),), (expected,), len(pips), needed=margin))
        return Action(view.seat, CALL_VERB, word if expected >= margin else PASS)

    def bid(self, view: ManilleView) -> Action:
        """Bid the lowest legal value in the suit whose contract is worth most, when it is worth a bid."""
        lowest = MIN_BID
        partner_bid: int | None = None
        for seat, value, _suit in view.bids:
            if value is not None:
                lowest = value + 1
                partner_bid = value if seat == (view.seat + 2) % 4 else None
        top = 61 if view.options.last_trick_bonus else 60
        if lowest > top:
            return Action(view.seat, BID_VERB, PASS)
        quota = QUOTA[view.players]
        best: tuple[float, int] | None = None
        tried: list[tuple[Action, float]] = []  # for a hint's reason
        for suit in range(len(DECK.suits)):
            bid = Action(view.seat, BID_VERB, lowest, (("suit", DECK.suits[suit]),))
            pips = self._points_played_out(view, [bid])
            if not pips:
                return tip12_auction(view)
            made = [p - quota for p in pips if p >= lowest]
            total = len(pips) + 0.0
            theirs_over = [max(0.0, (60 - p) - quota) for p in pips if p < lowest]
            expected = (sum(made) - sum((lowest - quota) + t for t in theirs_over)) / total
            tried.append((bid, expected))
            if best is None or expected > best[0]:
                best = (expected, suit)
        assert best is not None
        expected, suit = best
        needed = BID_MARGIN + (OVER_PARTNER if partner_bid is not None else 0.0)
        note(Findings(tuple(a for a, _ in tried), tuple(e for _, e in tried), len(pips), needed=needed))
        if expected < needed:
            return Action(view.seat, BID_VERB, PASS)
        return Action(view.seat, BID_VERB, lowest, (("suit", DECK.suits[suit]),))


def pass_to_play(state: HandState) -> None:
    """Pass every call left before the play (the knock round, the rest of the auction)."""
    assert isinstance(state, ManilleHand)
    while state.phase in (DOUBLING, AUCTION):
        seat = state.turn
        state.apply(Action(seat, CALL_VERB if state.phase == DOUBLING else BID_VERB, PASS))


__all__ = ["ManilleExpert"]
