"""The ``expert`` computer player for Truco, in all three variants: determinized search
(``cardtable.games.search``).

A Truco decision is worth what the rest of the hand pays.  The player deals itself the cards it has not seen
in many ways that fit its view (``GameRules.sample_hidden``), rebuilds the hand in each world and tries every
legal action there: each card (face up or down), each call (truco or a raise, the envido words, the fold) and
each answer (accept, refuse, raise, play or run a mão de onze or de dez).  The rest of the hand is played out:
cards by a quick rule that looks only at the hand in play and the trick (``playout_card``), every answer and
brink decision by the heuristic's rules (how the opponents answer is what a call is worth).  The action whose
mean score difference over the worlds is best is taken: the equity of the remaining cards, with the stakes of
each call.

What the opponents called says something about their cards: a world in which their heuristic would have made
the very calls seen counts fully, one where it would not counts little (a bluff stays possible), so the answer
to a truco is weighed against the hands that call truco.  On top of the search the player bluffs now and then:
when a raise costs little by the search's measure (``BLUFF_COST``), it raises anyway at a fixed rate
(``BLUFF_RATE``), so its calls are not a sure sign of strong cards.

It sees only its seat's view and draws only from its own generator (or one seeded from the view), so the same
view gives the same decision.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from cardtable.engine.cards import bits
from cardtable.engine.game import CALL_VERB, Action, HandState, Hidden, View
from cardtable.engine.hints import bluffing
from cardtable.engine.players import Budget
from cardtable.games.search import FixedDecision, Outcome, SearchBudget, SearchingPlayer, search
from cardtable.games.truco import argentino
from cardtable.games.truco.argentino_ai import HeuristicByVariant
from cardtable.games.truco.common import TrucoDeal, TrucoHidden, dealt_from_log
from cardtable.games.truco.rules import DECK, FERRO, PLAYS, RULES, TrucoHand, TrucoView

#: The calls that raise the stakes on the caller's own turn (the ones a bluff may make).
RAISES = frozenset({"truco", "raise"})
#: The calls a seat makes of its own accord, which a heuristic bluffs now and then.
VOLUNTARY = RAISES | {"envido", "real_envido", "falta_envido"}
#: How much a world counts when the opponents' heuristic would not have made a call seen in it: a voluntary
#: call may be a bluff; any other answer is simply unlike that player.
BLUFF_LIKELIHOOD = 0.1
UNLIKE = 0.03
#: Worlds drawn for each one kept when the opponents' calls make some worlds likelier than others.
OVERSAMPLE = 4
#: A raise the search values at most this many points below the best action is made anyway this often.
BLUFF_RATE = 0.12
BLUFF_COST = 0.35


class _NeverBluffs(random.Random):
    """A generator whose every draw is near 1: the heuristic's bluffs (drawn below a small chance) never fire."""

    def random(self) -> float:
        return 0.999999


def playout_card(state: Any, strength: Sequence[int]) -> int:
    """The card the seat to act plays in a playout: a quick rule that sees only its hand and the trick.

    Lead the middle card to the first trick and the highest later; follow low when the partner holds the trick
    with a strong card or plays last behind it; otherwise win as cheaply as possible, tie after winning the first
    trick, or throw the lowest card.
    """
    seat = state.turn
    cards = sorted(bits(state.hands[seat]), key=lambda card: strength[card])
    trick = state.trick
    if not trick:
        return cards[(len(cards) - 1) // 2] if not state.history else cards[-1]
    team = seat % 2
    opposing = max((0 if down else strength[card] for s, card, down in trick if s % 2 != team), default=-1)
    ours = max((0 if down else strength[card] for s, card, down in trick if s % 2 == team), default=-1)
    last = len(trick) == state.players - 1
    if ours > opposing and (last or ours >= 9):
        return cards[0]
    for card in cards:
        if strength[card] > opposing:
            return card
    results = state.results
    if results and results[0] == team:
        for card in cards:
            if strength[card] == opposing:
                return card
    return cards[0]


def strength_of(view: View) -> Sequence[int]:
    """Every card's strength in the hand ``view`` shows (Argentino's is fixed)."""
    if isinstance(view, argentino.ArgentinoView):
        return argentino.STRENGTH
    assert isinstance(view, TrucoView)
    return view.strength


class TrucoExpert(SearchingPlayer[View]):
    """Truco's ``expert`` level, for Paulista, Mineiro and Argentino views alike."""

    level = "expert"

    def __init__(self, rng: random.Random | None = None, budget: SearchBudget | Budget | None = None) -> None:
        super().__init__(rng, budget)
        self.heuristic = HeuristicByVariant(rng)
        #: How the other seats answer in the playouts, and what their calls say of their cards.
        self.model = HeuristicByVariant(_NeverBluffs())

    def decide(self, view: View) -> Action:
        legal = view.legal_actions()
        if len(legal) == 1:
            return legal[0]
        if isinstance(view, TrucoView) and view.kind == FERRO:
            # Played blind: no slot is better than another.
            return self.heuristic.decide(view)
        rng = self.random_for(view)
        decision, outcome = self.weigh(view, legal, rng)
        return self.pick_action(decision.candidates, outcome, rng)

    def weigh(self, view: View, legal: Sequence[Action], rng: random.Random) -> tuple[FixedDecision, Outcome]:
        """Every legal action's mean worth over the budget's worlds."""
        seat = view.seat
        strength = strength_of(view)

        def value(world: HandState, choice: int) -> float:
            state = world.clone()
            state.apply(decision.candidates[choice])
            return self.play_out(state, seat, strength)

        decision = FixedDecision(legal, value)
        return decision, search(RULES, view, decision, rng, self.budget, worlds=self.worlds(view, rng))

    def worlds(self, view: View, rng: random.Random) -> list[Hidden]:
        """The budget's worlds, drawn in proportion to how likely the opponents' calls seen were in each.

        Uniform worlds are weighed by ``likelihood`` and ``OVERSAMPLE`` times as many are drawn as are kept, so
        that a few worlds do not stand for all when the calls seen make most of them unlikely.
        """
        wanted = self.budget.worlds
        team = view.seat % 2
        if not any(a.verb == CALL_VERB and a.seat % 2 != team for a in view.log):
            return RULES.sample_hidden(view, rng, wanted)
        drawn = RULES.sample_hidden(view, rng, wanted * OVERSAMPLE)
        if len(drawn) <= wanted:
            return drawn
        weights = [self.likelihood(view, RULES.state_from_view(view, hidden)) for hidden in drawn]
        # Systematic resampling: one draw, evenly spaced through the cumulated weights.
        step = sum(weights) / wanted
        point = rng.random() * step
        kept: list[Hidden] = []
        total = 0.0
        for hidden, weight in zip(drawn, weights, strict=True):
            total += weight
            while point < total and len(kept) < wanted:
                kept.append(hidden)
                point += step
        return kept

    def pick_action(self, candidates: Sequence[Action], outcome: Outcome, rng: random.Random) -> Action:
        """The best action, or now and then a raise that costs little: the measured bluff."""
        if not outcome.worlds:
            return candidates[0]
        best = max(range(len(candidates)), key=lambda i: (outcome.means[i], -i))
        action = candidates[best]
        if action.verb != CALL_VERB or action.value not in RAISES:
            for i, candidate in enumerate(candidates):
                cheap = outcome.means[i] >= outcome.means[best] - BLUFF_COST
                if candidate.verb == CALL_VERB and candidate.value in RAISES and cheap and rng.random() < BLUFF_RATE:
                    return bluffing(self, candidate) or action
        return action

    # ----------------------------------------------------------------- playing a world out
    def play_out(self, state: HandState, seat: int, strength: Sequence[int]) -> float:
        """Our team's score minus theirs for the hand, ``state`` played to its end (cards by ``playout_card``,
        every call and answer by the model)."""
        assert isinstance(state, TrucoHand | argentino.ArgentinoHand)
        plays = argentino.PLAYS if isinstance(state, argentino.ArgentinoHand) else PLAYS
        while not state.complete:
            turn = state.turn
            if state.phase == "play":
                state.apply(plays[turn][playout_card(state, strength)])
            else:
                state.apply(self.model.decide(state.view(turn)))
        delta = state.score_delta()
        assert delta is not None
        return float(delta[seat] - delta[(seat + 1) % len(delta)])

    # ----------------------------------------------------------------- what the calls seen say
    def likelihood(self, view: View, world: HandState) -> float:
        """How likely the opponents' calls seen were in ``world``, as their heuristic would have made them."""
        team = view.seat % 2
        log = view.log
        if not any(a.verb == CALL_VERB and a.seat % 2 != team for a in log):
            return 1.0
        hidden = world.hidden()
        assert isinstance(hidden, TrucoHidden)
        hand: TrucoHand | argentino.ArgentinoHand
        if isinstance(view, argentino.ArgentinoView):
            dealt, filled = dealt_from_log(hidden.hands, log, hidden.face_down, argentino.DECK)
            hand = argentino.ArgentinoHand(view.options, view.players, view.dealer, TrucoDeal(dealt, None), view.scores)
        else:
            assert isinstance(view, TrucoView)
            dealt, filled = dealt_from_log(hidden.hands, log, hidden.face_down, DECK)
            hand = TrucoHand(view.options, view.players, view.dealer, TrucoDeal(dealt, view.vira), view.scores)
        weight = 1.0
        for action in filled:
            if action.verb == CALL_VERB and action.seat % 2 != team:
                expected = self.model.decide(hand.view(action.seat))
                if expected != action:
                    weight *= BLUFF_LIKELIHOOD if action.value in VOLUNTARY else UNLIKE
            hand.apply(action)
        return weight


__all__ = ["TrucoExpert", "playout_card"]
