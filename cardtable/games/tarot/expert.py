"""The ``expert`` computer player for French Tarot: determinized search (``cardtable.games.search``) for the
decisions that make or break a deal, the bid and the chelem.

A bid is worth what the deal it leads to scores for this seat.  The player deals itself the cards it has not
seen in ways that fit its view (``count.sample_hidden``: the other hands and the chien), rebuilds the deal in
each world and tries each bid it considers there: the rest of the auction, the king call, the discard, the
chelem and every card are then played out by the heuristic's rules for every seat, and the bid whose mean
score over the worlds is best is made.  Passing is tried the same way (another seat may take, and this one
defends).  The chelem is decided the same way by the taker after the discard.  A hand far from any bid passes
without a search; a bid is credited with ``TAKE_BONUS`` points against passing, and the search must find a
choice better than the heuristic's by ``MARGIN`` points before it departs from it: with few worlds, small
differences are noise.

The rest (the king call, the discard, the poignée and the cards) is the heuristic's.

It sees only its seat's view and draws only from its own generator (or one seeded from the view), so the same
view gives the same decision.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from cardtable.engine.game import Action, HandState
from cardtable.engine.players import Budget
from cardtable.games.search import FixedDecision, Outcome, SearchBudget, SearchingPlayer, search

from .ai import OUDLER_CARDS, OUDLERS_FOR_A_BID, PETITE_FROM, TarotHeuristic, scaled_count, tip1_bid
from .rules import BID, CHELEM, RULES, TarotView
from .scoring import CONTRACTS

#: A hand whose count is this far below the heuristic's lowest bid (and without its oudlers) passes unsearched.
FAR_FROM_A_BID = 8
#: The bids tried besides passing: the heuristic's own, and these when they are still open.
TRIED = ("petite", "garde")
#: A full deal played out costs some 20 ms, so the bid and the chelem play one world for each this many of the
#: budget's.
WORLDS_PER_PLAYOUT = 6
#: The search departs from the heuristic's choice only for a mean better by this many points.
MARGIN = 6.0
#: Points a bid is credited with against passing, so that the player does not give up every close take: at
#: 4 players, 100 deals each way, a credit of 12 or 25 points took 16-18 % of the deals and made 61-62 % of
#: them, +10.7 points a deal over the heuristic; 40 took 19 % and made 55 %, +8.5; 80 took 28 % (as often as
#: the heuristic) but made 47 %, +3.1.
TAKE_BONUS = 25.0


class TarotExpert(SearchingPlayer[TarotView]):
    """French Tarot's ``expert`` level."""

    level = "expert"

    def __init__(self, rng: random.Random | None = None, budget: SearchBudget | Budget | None = None) -> None:
        super().__init__(rng, budget)
        self.heuristic = TarotHeuristic(rng)
        #: How every seat plays the deal out in the worlds.
        self.model = TarotHeuristic()

    def decide(self, view: TarotView) -> Action:
        if view.phase == BID:
            return self.bid(view)
        if view.phase == CHELEM:
            return self.chosen(view, view.legal_actions(), self.heuristic.decide(view))
        return self.heuristic.decide(view)

    def bid(self, view: TarotView) -> Action:
        usual = tip1_bid(view)
        hand = view.hand
        plain = scaled_count(hand, view.players, with_shape=False)
        oudlers = (hand & OUDLER_CARDS).bit_count()
        if usual.value == "pass" and plain < PETITE_FROM[view.players] - FAR_FROM_A_BID and oudlers < OUDLERS_FOR_A_BID:
            return usual
        legal = view.legal_actions()
        candidates = [a for a in legal if a.value == "pass" or a.value in TRIED or a == usual]
        if usual not in candidates:
            candidates.append(usual)
        if len(candidates) == 1:
            return candidates[0]
        return self.chosen(view, candidates, usual)

    def chosen(self, view: TarotView, candidates: Sequence[Action], usual: Action) -> Action:
        """The candidate whose deals played out score best for this seat, unless ``usual`` is nearly as good."""
        outcome = self.weigh(view, candidates)
        if not outcome.worlds:
            return usual
        means = [
            m + (TAKE_BONUS if c.value in CONTRACTS else 0.0) for c, m in zip(candidates, outcome.means, strict=True)
        ]
        best = max(range(len(candidates)), key=lambda i: means[i])
        if usual in candidates and means[best] < means[candidates.index(usual)] + MARGIN:
            return usual
        return candidates[best]

    def weigh(self, view: TarotView, candidates: Sequence[Action]) -> Outcome:
        seat = view.seat
        worlds = max(2, self.budget.worlds // WORLDS_PER_PLAYOUT)
        budget = SearchBudget(self.budget.name, worlds, self.budget.seconds, min(self.budget.fewest, worlds))

        def value(world: HandState, choice: int) -> float:
            state = world.clone()
            state.apply(candidates[choice])
            return self.play_out(state, seat)

        return search(RULES, view, FixedDecision(candidates, value), self.random_for(view), budget)

    def play_out(self, state: HandState, seat: int) -> float:
        """This seat's score for the deal, ``state`` played to its end by the heuristic's rules in every seat."""
        model = self.model
        while state.to_act is not None:
            view = state.view(state.to_act)
            assert isinstance(view, TarotView)
            state.apply(model.decide(view))
        delta = state.score_delta()
        return float(delta[seat]) if delta is not None else 0.0


__all__ = ["TarotExpert"]
