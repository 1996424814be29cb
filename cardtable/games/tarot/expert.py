"""The ``expert`` computer player for French Tarot: determinized search (``cardtable.games.search``) for its
cards, its bid, the king call, the discard and the chelem.

The player deals itself the cards it has not seen in ways that fit its view (``count.sample_hidden``: the
other hands, the chien while it is face down, the taker's discard for everyone but the taker, the voids and
poignées shown), rebuilds the deal in each world and tries each of its choices there, every choice in the
same worlds.  A choice is worth what the deal it leads to scores for this seat, played out to its end: the
calls left by the heuristic's rules in every seat, the cards by the fast playout (``playout.py``).

* A card: every legal card but those that surely play like a lower one (``representatives``); among cards
  the worlds cannot tell apart the heuristic's is played.
* The bid: where the heuristic would bid, the search chooses only how high (never lower, never a pass, so
  the player takes at least the deals the heuristic takes); where it would pass with a hand near a bid,
  passing (another seat may take, and this one defends) is weighed against a petite and a garde, a bid
  credited with ``TAKE_BONUS`` points.  A hand far from any bid passes without a search.
* The king call (5 players), the discard (the heuristic's beside discards of other shapes, ``discards``)
  and the chelem: the search departs from the heuristic's choice only for a mean better by a margin
  (``MARGIN``, ``SET_UP_MARGIN``): with few worlds, small differences are noise.

The poignée is the heuristic's.  It sees only its seat's view and draws only from its own generator (or one
seeded from the view), so the same view gives the same decision.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence

from cardtable.engine.cards import cards_in
from cardtable.engine.game import Action, HandState
from cardtable.engine.players import Budget
from cardtable.games.search import FixedDecision, Outcome, SearchBudget, SearchingPlayer, pick, search

from .ai import (
    OUDLER_CARDS,
    OUDLERS_FOR_A_BID,
    PETITE_FROM,
    Table,
    TarotHeuristic,
    bid_by_the_count,
    choose_card,
    scaled_count,
    show_the_largest_poignee,
)
from .playout import TarotPlayout
from .rules import (
    BID,
    CHELEM,
    DECK,
    DISCARD,
    EXCUSE,
    HALF_POINTS,
    KING,
    PLAY,
    RULES,
    SUIT_MASKS,
    TarotHand,
    TarotView,
    card_set_action,
)
from .scoring import CONTRACTS

#: A hand whose count is this far below the heuristic's lowest bid (and without its oudlers) passes unsearched.
FAR_FROM_A_BID = 8
#: The bids tried besides passing: the heuristic's own, and these when they are still open.
TRIED = ("petite", "garde")
#: Played out by the fast playout, a deal costs some 2 ms: the bid, the call, the discard and the chelem play one
#: world for each this many of the budget's.
WORLDS_PER_FAST_PLAYOUT = 2
#: The search departs from the heuristic's king call or discard only for a mean better by this many points.
SET_UP_MARGIN = 12.0
#: The search departs from the heuristic's choice only for a mean better by this many points.
MARGIN = 6.0
#: Points a bid is credited with against passing, where the heuristic would pass a hand near a bid.  Before
#: the search kept the heuristic's takes it weighed every bid so: at 4 players, 100 deals each way, a credit
#: of 12 or 25 points took 16-18 % of the deals and made 61-62 % of them; 80 took 28 % (as often as the
#: heuristic) but made 47 %, with the heuristic's card play.
TAKE_BONUS = 25.0
#: A card decision plays one world for each this many of the budget's (24 at the normal budget: some 25 ms a
#: decision on this machine, the deal rolled out to its end for every card in every world).
WORLDS_PER_CARD = 2
#: Cards whose means are this close to the best count as equals, and the heuristic's card is played among them.
CARD_MARGIN = 0.5


def representatives(view: TarotView) -> dict[int, int]:
    """For each legal card, the lowest card of the hand that plays exactly like it: the same suit (the Excuse
    has none) and the same points, with no card between them that another seat may hold or that lies in the
    trick."""
    hand = view.hand
    played = 0
    for _leader, cards, *_rest in view.tricks:
        for card in cards:
            played |= 1 << card
    elsewhere = DECK.full & ~hand & ~played & ~view.discard
    suit_of = DECK.suit_of
    standing: dict[int, int] = {}
    previous = -1
    for card in cards_in(view.legal_mask):
        if (
            previous >= 0
            and card != EXCUSE
            and suit_of[card] == suit_of[previous]
            and HALF_POINTS[card] == HALF_POINTS[previous]
            and not elsewhere & ((1 << card) - (2 << previous))
        ):
            standing[card] = standing[previous]
        else:
            standing[card] = card
        previous = card
    return standing


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
        if view.phase == PLAY:
            return self.play(view)
        if view.phase == KING:
            return self.call(view)
        if view.phase == DISCARD:
            return self.discard(view)
        return self.heuristic.decide(view)

    # ----------------------------------------------------------------- card play
    def play(self, view: TarotView) -> Action:
        """The card whose deals played out score best for this seat (the poignée is the heuristic's)."""
        if not view.only_plays:
            poignee = show_the_largest_poignee(view)
            if poignee is not None:
                return poignee
        legal = view.legal_mask
        if not legal & (legal - 1):
            return view.plays[legal.bit_length() - 1]
        standing = representatives(view)
        cards = sorted(set(standing.values()))
        usual = view.plays[standing[choose_card(Table(view))]]
        if len(cards) == 1:
            return usual
        playout = TarotPlayout(view.seat)

        def value(world: HandState, choice: int) -> float:
            assert isinstance(world, TarotHand)
            twin = world.clone()
            twin.play_card(cards[choice])
            return playout.final_score(twin)

        decision = FixedDecision([view.plays[card] for card in cards], value)
        worlds = max(2, self.budget.worlds // WORLDS_PER_CARD)
        budget = SearchBudget(self.budget.name, worlds, self.budget.seconds, min(self.budget.fewest, worlds))
        outcome = search(RULES, view, decision, self.random_for(view), budget)
        if not outcome.worlds:
            return usual
        return pick(decision, outcome, usual, tolerance=CARD_MARGIN)

    # ----------------------------------------------------------------- the bid, the king call, the discard
    def bid(self, view: TarotView) -> Action:
        usual = bid_by_the_count(view)
        hand = view.hand
        plain = scaled_count(hand, view.players, with_shape=False)
        oudlers = (hand & OUDLER_CARDS).bit_count()
        if usual.value == "pass" and plain < PETITE_FROM[view.players] - FAR_FROM_A_BID and oudlers < OUDLERS_FOR_A_BID:
            return usual
        legal = view.legal_actions()
        candidates = [a for a in legal if a.value == "pass" or a.value in TRIED or a == usual]
        if usual not in candidates:
            candidates.append(usual)
        if usual.value in CONTRACTS:
            # Where the heuristic takes, the search chooses only how high: never lower, never a pass.
            lowest = CONTRACTS.index(usual.value)
            candidates = [a for a in candidates if a.value in CONTRACTS and CONTRACTS.index(a.value) >= lowest]
        if len(candidates) == 1:
            return candidates[0]
        return self.chosen(view, candidates, usual)

    def call(self, view: TarotView) -> Action:
        """The king (or court card) whose deals played out score best, unless the heuristic's is nearly as good."""
        usual = self.heuristic.decide(view)
        candidates = view.legal_actions()
        if len(candidates) == 1:
            return usual
        return self.chosen(view, candidates, usual, SET_UP_MARGIN)

    def discard(self, view: TarotView) -> Action:
        """The discard whose deals played out score best, among the heuristic's and a few of other shapes."""
        usual = self.heuristic.decide(view)
        candidates = [usual, *discards(view)]
        candidates = list(dict.fromkeys(candidates))
        if len(candidates) == 1:
            return usual
        return self.chosen(view, candidates, usual, SET_UP_MARGIN)

    def chosen(self, view: TarotView, candidates: Sequence[Action], usual: Action, margin: float = MARGIN) -> Action:
        """The candidate whose deals played out score best for this seat, unless ``usual`` is nearly as good
        (within ``margin``, the bid's ``MARGIN`` by default)."""
        outcome = self.weigh(view, candidates)
        if not outcome.worlds:
            return usual
        means = [
            m + (TAKE_BONUS if c.value in CONTRACTS else 0.0) for c, m in zip(candidates, outcome.means, strict=True)
        ]
        best = max(range(len(candidates)), key=lambda i: means[i])
        if usual in candidates and means[best] < means[candidates.index(usual)] + margin:
            return usual
        return candidates[best]

    def weigh(self, view: TarotView, candidates: Sequence[Action]) -> Outcome:
        seat = view.seat
        worlds = max(2, self.budget.worlds // WORLDS_PER_FAST_PLAYOUT)
        budget = SearchBudget(self.budget.name, worlds, self.budget.seconds, min(self.budget.fewest, worlds))

        def value(world: HandState, choice: int) -> float:
            state = world.clone()
            state.apply(candidates[choice])
            return self.play_out(state, seat)

        return search(RULES, view, FixedDecision(candidates, value), self.random_for(view), budget)

    def play_out(self, state: HandState, seat: int) -> float:
        """This seat's score for the deal, ``state`` played to its end: the calls by the heuristic's rules in
        every seat, the cards by the fast playout."""
        model = self.model
        while state.to_act is not None:
            if isinstance(state, TarotHand) and state.phase == PLAY:
                return TarotPlayout(seat).final_score(state)
            view = state.view(state.to_act)
            assert isinstance(view, TarotView)
            state.apply(model.decide(view))
        delta = state.score_delta()
        return float(delta[seat]) if delta is not None else 0.0


def discards(view: TarotView) -> list[Action]:
    """Discards of other shapes than the heuristic's: for each order of the suits, empty them in that order
    (their court cards first, whose points the discard banks), until the discard is full."""
    (_verb, pattern), *_ = view.card_sets()
    need = pattern.choose
    if pattern.must:
        return []
    pool = pattern.pool
    found = []
    for order in itertools.permutations(range(len(SUIT_MASKS))):
        chosen = 0
        for suit in order:
            for card in sorted(cards_in(pool & SUIT_MASKS[suit]), key=lambda c: (-HALF_POINTS[c], c)):
                if chosen.bit_count() == need:
                    break
                chosen |= 1 << card
        found.append(card_set_action(view.seat, "discard", chosen))
    return list(dict.fromkeys(found))


__all__ = ["TarotExpert"]
