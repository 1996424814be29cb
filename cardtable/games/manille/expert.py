"""The ``expert`` computer player for Manille: determinized search (``cardtable.games.search``).

Every card it plays is chosen by dealing itself the cards it has not seen in many ways that fit its view,
trying each of its cards in each deal and playing the rest out (``cardtable.games.playout``: a fast policy,
then the last tricks solved exactly), and keeping the card whose average worth for the hand is best.  The
deals that explain the cards seen count most: each card another seat played where the playout policy would
have played another makes a deal count far less (``PlayLikelihood``), and four times the deals are drawn
before the search keeps its worlds among them in proportion to those weights.  The knock round, the auction
and the Belgian choice of trump are decided the same way: the hand is played out in each deal, with the
trump of each suit (or none) for a bid or a choice, and the player knocks, counters, bids or names the trump
the average says the hand is worth.  The playouts follow the house's rules: the
French point a trick and freer trumping, the Belgian ban on under-trumping and its hands without trump.
With table talk it makes the statements the club player would (they tell its partner what it holds), and
its worlds fit every statement heard.  Among equals it plays what the heuristic would.

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
from cardtable.games.playout import CardPlay, Playout, PointTrickGame, PointTrickSearcher
from cardtable.games.search import SearchBudget, in_time, pick

from .ai import (
    ACES,
    TENS,
    ManilleHeuristic,
    Table,
    bid_what_the_hand_covers,
    deal_total,
    hand_worth,
    knock_or_counter_by_strength,
    name_trump_by_the_hand,
    statement_to_make,
    tips_choice,
)
from .rules import (
    AUCTION,
    COUNTER,
    DECK,
    DOUBLING,
    FULL_DECK,
    KNOCK,
    PASS,
    PIPS,
    PLAY,
    QUOTA,
    RULES,
    THREE_PLAYER_DECK,
    TRUMP_CHOICE,
    TRUMP_VERB,
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
def playout_game(options: ManilleOptions, players: int, trump: int | None) -> PointTrickGame:
    """Manille's tricks for the playouts: pips by card, the French point a trick, the last trick's pip when the
    option is on, and the house's duties."""
    rules = EndgameRules(DECK, PIPS, trump, follow_rules(options), players, trick_bonus=options.trick_point,
                         last_trick_bonus=1 if options.last_trick_bonus else 0)  # fmt: skip
    return PointTrickGame(rules, TENS, ACES, lead_from_short=True, feeds_tops=True)


class ManilleExpert(PointTrickSearcher[ManilleView]):
    """Manille's ``expert`` level."""

    level = "expert"

    def __init__(self, rng: random.Random | None = None, budget: SearchBudget | Budget | None = None) -> None:
        super().__init__(rng, budget)
        self.heuristic = ManilleHeuristic(rng)

    def decide(self, view: ManilleView) -> Action:
        if view.phase == PLAY:
            # The card is searched at most once, and only if a statement would name one.
            planned = functools.cache(lambda: self.play(view))
            statement = statement_to_make(view, planned)
            if statement is not None:
                return statement
            return planned()
        if view.phase == TRUMP_CHOICE:
            return self.name_trump(view)
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
        table, game, decision = self.card_decision(view)
        if len(decision.candidates) == 1:
            return decision.candidates[0]
        outcome = self.search_cards(RULES, view, decision, game, view.turned, view.dealer)
        return pick(decision, outcome, view.plays[tips_choice(table)], tolerance=self.usual_within)

    def card_decision(self, view: ManilleView) -> tuple[Table, PointTrickGame, CardPlay]:
        """The card to play as the search sees it: the club player's table, the playouts' game, the candidates."""
        table = Table(view)
        game = playout_game(view.options, view.players, view.trump)
        decision = CardPlay(view, game, table.count, hand_worth(table), self.exact_tricks, self.root_exact)
        return table, game, decision

    # ----------------------------------------------------------------- the knock round and the auction
    def _points_played_out(self, view: ManilleView, setup: list[Action]) -> list[float]:
        """Our side's points in each of the budget's worlds, the hand played out after the actions ``setup``
        (the rest of the calls passed)."""
        return [points for points, _factor in self._played_out(view, setup)]

    def _played_out(self, view: ManilleView, setup: list[Action]) -> list[tuple[float, int]]:
        """For each of the budget's worlds: our side's points with the hand played out after the actions
        ``setup`` (a trump still to name named as the club player would, the other calls passed), and the
        house's factor on the hand's score (2 for a Belgian hand without trump)."""
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
            playout = Playout(playout_game(view.options, view.players, state.trump), state.trump, view.seat)
            factor = 2 if state.no_trump else 1
            results.append((float(playout.final_points(state, list(count.ruled_out))), factor))
        return results

    def name_trump(self, view: ManilleView) -> Action:
        """The Belgian choice of trump: the suit (or none, which doubles the hand) whose hand, played out, is worth
        most to our side; passing the choice is valued with the partner naming trump as the club player would."""
        worth = hand_worth(Table(view))
        best: tuple[float, Action] | None = None
        for choice in view.legal:
            if choice.verb != TRUMP_VERB:
                continue
            played = self._played_out(view, [choice])
            if not played:
                return name_trump_by_the_hand(view)
            expected = statistics.fmean(factor * worth[round(points)] for points, factor in played)
            if best is None or expected > best[0] + 1e-9:
                best = (expected, choice)
        assert best is not None
        return best[1]

    def call(self, view: ManilleView) -> Action:
        """Knock (or counter) when the hand is worth enough to our side played out, else pass."""
        word = KNOCK if view.knocker is None else COUNTER
        pips = self._points_played_out(view, [Action(view.seat, CALL_VERB, PASS)])
        if not pips:
            return knock_or_counter_by_strength(view)
        worth = hand_worth(Table(view))
        expected = statistics.fmean(worth[round(p)] for p in pips)
        margin = KNOCK_MARGIN if word == KNOCK else COUNTER_MARGIN
        note(Findings((Action(view.seat, CALL_VERB, word),), (expected,), len(pips), needed=margin))
        return Action(view.seat, CALL_VERB, word if expected >= margin else PASS)

    def bid(self, view: ManilleView) -> Action:
        """Bid the lowest legal value in the suit whose contract is worth most, when it is worth a bid."""
        quota = view.options.quota if view.players == 4 else QUOTA[view.players]
        lowest = quota + 1
        partner_bid: int | None = None
        for seat, value, _suit in view.bids:
            if value is not None:
                lowest = value + 1
                partner_bid = value if seat == (view.seat + 2) % 4 else None
        top = deal_total(view)
        if lowest > top:
            return Action(view.seat, BID_VERB, PASS)
        best: tuple[float, int] | None = None
        tried: list[tuple[Action, float]] = []  # for a hint's reason
        for suit in range(len(DECK.suits)):
            bid = Action(view.seat, BID_VERB, lowest, (("suit", DECK.suits[suit]),))
            pips = self._points_played_out(view, [bid])
            if not pips:
                return bid_what_the_hand_covers(view)
            made = [p - quota for p in pips if p >= lowest]
            total = len(pips) + 0.0
            theirs_over = [max(0.0, (top - p) - quota) for p in pips if p < lowest]
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
    """Pass every call left before the play (the knock round, the rest of the auction); a trump still to name is
    named as the club player would."""
    assert isinstance(state, ManilleHand)
    while state.phase in (TRUMP_CHOICE, DOUBLING, AUCTION):
        seat = state.turn
        if state.phase == TRUMP_CHOICE:
            state.apply(name_trump_by_the_hand(state.view(seat)))
        else:
            state.apply(Action(seat, CALL_VERB if state.phase == DOUBLING else BID_VERB, PASS))


__all__ = ["ManilleExpert"]
