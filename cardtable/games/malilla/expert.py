"""The ``expert`` computer player for Malilla: determinized search (``cardtable.games.search``).

Every card it plays is chosen by dealing itself the cards it has not seen in many ways that fit its view
(a seat that called for a redeal was dealt a long suit, and the worlds know it), trying each of its cards in
each deal and playing the rest out (``cardtable.games.playout``: a fast policy, then the last tricks solved
exactly), and keeping the card whose average worth for the match is best.  The redeal is decided the same way:
the hand as dealt is played out in each deal, and a redeal (worth nothing either way: the same dealer deals a
new hand) is called, or agreed to, when playing the hand is worth less to our side.  Among equals it plays what
the heuristic would.

It sees only its seat's view and draws only from its own generator (or one seeded from the view), so the same
view gives the same decision.
"""

from __future__ import annotations

import functools
import random
import statistics

from cardtable.engine.game import CALL_VERB, Action
from cardtable.engine.hints import Findings, note
from cardtable.engine.players import Budget
from cardtable.games.endgame import EndgameRules
from cardtable.games.playout import CardPlay, Playout, PointTrickGame, PointTrickSearcher
from cardtable.games.search import SearchBudget, in_time, pick

from .ai import MalillaHeuristic, Table, count_the_cards, hand_worth, pack_facts, tips_choice
from .rules import (
    AGREE,
    ANSWER,
    DECLINE,
    FOLLOW_RULES,
    PLAY,
    PLAYERS,
    REDEAL,
    RULES,
    TRICK_POINT,
    MalillaOptions,
    MalillaView,
)

#: A redeal is called (or agreed to) when playing the hand is worth at least this much less than nothing.
REDEAL_MARGIN = 1.0


@functools.cache
def playout_game(options: MalillaOptions, trump: int) -> PointTrickGame:
    """Malilla's tricks for the playouts: card points and a point a trick; unled malillas stay in hand."""
    pack = options.pack
    deck = pack.deck
    rules = EndgameRules(deck, pack.points, trump, FOLLOW_RULES, PLAYERS, trick_bonus=TRICK_POINT,
                         unled_forbidden=pack.malillas & ~deck.suit_masks[trump])  # fmt: skip
    return PointTrickGame(rules, pack.malillas, pack_facts(pack).aces, lead_from_short=False, feeds_tops=False)


class MalillaExpert(PointTrickSearcher[MalillaView]):
    """Malilla's ``expert`` level."""

    level = "expert"
    #: Every world that fits counts alike: weighing them by the plays seen, as Manille's expert does, measured
    #: no stronger in Malilla (on the same 400 deals against the club player) and costs time.
    miss_weight: float | None = None

    def __init__(self, rng: random.Random | None = None, budget: SearchBudget | Budget | None = None) -> None:
        super().__init__(rng, budget)
        self.heuristic = MalillaHeuristic(rng)

    def decide(self, view: MalillaView) -> Action:
        if view.phase == ANSWER:
            word = AGREE if self.hand_worth_played_out(view) <= -REDEAL_MARGIN else DECLINE
            return Action(view.seat, CALL_VERB, word)
        if view.phase != PLAY:
            return self.heuristic.decide(view)
        if not view.only_plays:
            call = Action(view.seat, CALL_VERB, REDEAL)
            if call in view.legal_actions() and self.hand_worth_played_out(view) <= -REDEAL_MARGIN:
                return call
        return self.play(view)

    def consider(self, view: MalillaView, calls: list[Action]) -> Action | None:
        """The redeal out of turn: called when playing the hand is worth less than a new one."""
        for call in calls:
            if call.verb == CALL_VERB and call.value == REDEAL and self.hand_worth_played_out(view) <= -REDEAL_MARGIN:
                return call
        return None

    # ----------------------------------------------------------------- card play
    def play(self, view: MalillaView) -> Action:
        legal = view.legal_mask
        if not legal & (legal - 1):
            return view.plays[legal.bit_length() - 1]
        table = Table(view)
        game = playout_game(view.options, view.trump)
        decision = CardPlay(view, game, table.count, hand_worth(view), self.exact_tricks, self.root_exact)
        if len(decision.candidates) == 1:
            return decision.candidates[0]
        outcome = self.search_cards(RULES, view, decision, game, view.turned, view.dealer)
        return pick(decision, outcome, view.plays[tips_choice(table)], tolerance=self.usual_within)

    # ----------------------------------------------------------------- the redeal
    def hand_worth_played_out(self, view: MalillaView) -> float:
        """What playing this hand out is worth to our side, on average over the budget's worlds."""
        count = count_the_cards(view)
        worth = hand_worth(view)
        rng = self.random_for(view)
        values = []
        game = playout_game(view.options, view.trump)
        for hidden in in_time(RULES.sample_hidden(view, rng, self.budget.worlds), self.budget):
            state = RULES.state_from_view(view, hidden)
            if state.phase == ANSWER:
                # Our partner's call is declined in the worlds where the hand is played.
                state.apply(Action(state.turn, CALL_VERB, DECLINE))
            playout = Playout(game, view.trump, view.seat)
            values.append(worth[playout.final_points(state, list(count.ruled_out))])
        mean = statistics.fmean(values) if values else 0.0
        note(Findings((Action(view.seat, CALL_VERB, REDEAL),), (mean,), len(values), needed=-REDEAL_MARGIN))
        return mean
