"""Fast playouts of the point-trick games that share ``tricks.py``: Manille and Malilla (with or without trump).

A search deals itself a world (every hand filled in), plays a candidate card in it, and plays the rest of the
hand out to see what the card is worth: that is a *rollout*.  It plays thousands per decision, so the playout
policy here works on the hand state's own masks and never builds a view: each seat plays the strategy the
heuristic players of both games share (cash sure winners, draw trumps with the master trump, win a trick
cheaply or only with a sure card, feed a partner's safe trick, otherwise throw the cheapest card), judging
only from its own cards and what everyone saw.  What everyone saw is an incremental card count: the cards a
seat showed it does not hold by the way it followed (``ruled_out_by_play``, one cached look-up per card).
The last tricks are not guessed but solved exactly (``endgame.Solver``) in the world being played.

The two games differ here only in data (``PointTrickGame``): the points of each card and of each trick, the
top two cards of a suit (10 and ace in Manille, malilla and ace in Malilla), and the side suit a seat leads
low from (Manille its shortest, Malilla its longest).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Generic, Protocol, TypeVar

from cardtable.engine.cards import cards_in
from cardtable.engine.game import PLAY_VERB, Action, GameRules, HandState, Hidden, View
from cardtable.engine.players import Budget
from cardtable.games.cardcount import CardCount, TrickView, ruled_out_by_play
from cardtable.games.endgame import EndgameRules, Solver, representatives
from cardtable.games.search import CHEAP_WORLDS, Outcome, SearchingPlayer, search, take_a_break
from cardtable.games.tricks import FollowRules, TrickHand

#: A playout plays each seat's cards by the policy until this many tricks are left, then solves them exactly.
EXACT_TRICKS = 3
#: A trick worth this many points is worth spending a master (or the top trump) on.
RICH_TRICK = 4
#: How much less a world counts for each card seen played in it that the playout policy would not have played
#: there (``PlayLikelihood``): the others are not the policy, so a miss makes a world less likely, not impossible.
MISS_WEIGHT = 0.03
#: Weighed worlds are dealt this many times over and drawn again in proportion to their weights (``resampled``).
PROPOSALS = 4


@dataclass(frozen=True, eq=False)
class PointTrickGame:
    """What a playout of one game reads besides the hand state."""

    rules: EndgameRules
    #: Each suit's top card and its second (Manille's 10 and ace, Malilla's malilla and ace), as masks.
    tops: int
    seconds: int
    #: Lead low from the shortest side suit (Manille) or from the longest (Malilla).
    lead_from_short: bool
    #: A side suit's top card goes to a partner's safe trick like any rich card (Manille), or only when it is
    #: alone in its suit (Malilla, where it is the suit's master for good).
    feeds_tops: bool
    suit_masks: tuple[int, ...] = field(init=False)
    #: Sort keys: the cheapest card first (points, then rank); the richest first.
    cheap_key: tuple[int, ...] = field(init=False)

    def __post_init__(self) -> None:
        deck = self.rules.deck
        set_ = object.__setattr__
        set_(self, "suit_masks", deck.suit_masks[: len(deck.suits)])
        set_(self, "cheap_key", tuple(self.rules.points[c] * 1000 + deck.strength_of[c] * 10 + deck.suit_of[c]
                                      for c in range(len(deck.codes))))  # fmt: skip


class Playout:
    """Plays hands of one game out from worlds of one decision, for the seat ``seat`` (whose side is "ours").

    ``excluded[s]`` starts as what the deciding seat's view showed about each seat (the cards it showed it lacks)
    and grows as the playout goes on.  One solver serves every playout of the decision, so its transposition
    table is shared.
    """

    def __init__(self, game: PointTrickGame, trump: int | None, seat: int, exact_tricks: int = EXACT_TRICKS,
                 omniscient: bool = False) -> None:  # fmt: skip
        self.game = game
        #: Each seat plays knowing every hand of the world (a cheaper, more optimistic playout) rather than
        #: only its own and what was seen.
        self.omniscient = omniscient
        rules = game.rules
        self.deck = rules.deck
        self.points = rules.points
        self.follow: FollowRules = rules.follow
        self.players = rules.players
        self.trump = trump
        #: No card is a trump in a hand without trump (Manille's Belgian "none").
        self.trump_mask = rules.deck.suit_masks[trump] if trump is not None else 0
        self.seat = seat
        self.exact_tricks = exact_tricks
        self.solver = Solver(rules, seat)
        self.suit_of = rules.deck.suit_of
        self.above = rules.deck.above
        #: The top trump and the trump second card: spent only on a rich trick.
        self.top_trumps = (game.tops | game.seconds) & self.trump_mask
        self.hands_now: list[int] = []

    # ----------------------------------------------------------------- a whole playout
    def final_points(self, state: TrickHand[tuple[int, tuple[int, ...], int, int]], excluded: list[int]) -> int:
        """Play ``state`` (a clone: it is played on) to the end; our side's points for the whole hand."""
        exact = self.exact_tricks
        cards_each = state.cards_each
        while not state.complete and cards_each - len(state.trick_history) > exact:
            seat = state.turn
            card = self.choose(state, seat, excluded)
            self.note_play(state, seat, card, excluded)
            state.play_card(card)
        if state.complete:
            return self._our_points(state)
        trick = state.trick
        taken = 0
        for _seat, card in trick:
            taken += self.points[card]
        rest = self.solver.value(state.hands, state.turn, len(trick), state.led_suit, state.win_card, state.win_seat,
                                 taken, cards_each - len(state.trick_history), state.held_until_led)  # fmt: skip
        return self._our_points(state) + rest

    def note_play(self, state: TrickHand[tuple[int, tuple[int, ...], int, int]], seat: int, card: int,
                  excluded: list[int]) -> None:  # fmt: skip
        """Before ``seat`` plays ``card`` in ``state``: add to ``excluded`` what the card shows it lacks."""
        if state.win_card >= 0:
            partner_winning = self.players == 4 and (state.win_seat - seat) % 4 == 2
            excluded[seat] |= ruled_out_by_play(self.deck, state.led_suit, state.win_card, state.trump,
                                                partner_winning, self.follow, card,
                                                state.held_until_led)  # fmt: skip

    def _our_points(self, state: TrickHand[tuple[int, tuple[int, ...], int, int]]) -> int:
        """Our side's points in the tricks finished so far."""
        seat = self.seat
        players = self.players
        total = 0
        for _leader, _cards, winner, points in state.trick_history:
            if winner == seat or (players == 4 and (winner - seat) % 2 == 0):
                total += points
        return total

    # ----------------------------------------------------------------- the policy
    def choose(self, state: TrickHand[tuple[int, tuple[int, ...], int, int]], seat: int, excluded: Sequence[int]
               ) -> int:  # fmt: skip
        """The card ``seat`` plays, judging from its own hand and what everyone has seen."""
        legal = state.legal_play_mask()
        if not legal & (legal - 1):
            return legal.bit_length() - 1
        hands = self.hands_now = state.hands
        hand = hands[seat]
        players = self.players
        live = 0
        for other in hands:
            live |= other
        others_live = live & ~hand
        partner = (seat + 2) % 4 if players == 4 else -1
        if state.win_card < 0:
            return self._lead(seat, partner, hand, legal, live, others_live, excluded)
        return self._follow(state, seat, partner, hand, legal, others_live, excluded)

    def _lead(self, seat: int, partner: int, hand: int, legal: int, live: int, others_live: int,
              excluded: Sequence[int]) -> int:  # fmt: skip
        game = self.game
        trump_mask = self.trump_mask
        suit_masks = game.suit_masks
        players = self.players
        opponents = [s for s in range(players) if s != seat and s != partner]
        hands = self.hands_now
        may = [hands[o] for o in opponents] if self.omniscient else [others_live & ~excluded[o] for o in opponents]
        may_trump = [bool(m & trump_mask) for m in may]
        # 1. Cash a side-suit master no opponent is known to trump.
        masters = 0
        for mask in suit_masks:
            in_suit = live & mask
            if in_suit:
                masters |= 1 << (in_suit.bit_length() - 1)
        safe = 0
        for mask in suit_masks:
            if mask == trump_mask or not legal & masters & mask:
                continue
            if not any(may_trump[i] and not may[i] & mask for i in range(len(opponents))):
                safe |= legal & masters & mask
        if safe:
            return max(cards_in(safe), key=self.points.__getitem__)
        # 2. Holding the master trump and two more, draw the opponents' trumps with the lowest.
        trumps = legal & trump_mask
        if trumps & masters and trumps.bit_count() >= 3 and any(may_trump):
            return (trumps & -trumps).bit_length() - 1
        # 3. Lead low from a side suit: the shortest (or longest), away from suits an opponent trumps.
        side = legal & ~trump_mask
        if not side:
            return self._cheapest(legal & ~self.top_trumps or legal)
        best_suit = -1
        best_key: tuple[int, int] = (0, 0)
        for suit, mask in enumerate(suit_masks):
            cards = side & mask
            if not cards:
                continue
            trumped = any(may_trump[i] and not may[i] & mask for i in range(len(opponents)))
            length = (hand & mask).bit_count()
            key = (trumped, length if game.lead_from_short else -length)
            if best_suit < 0 or key < best_key:
                best_suit, best_key = suit, key
        pool = side & suit_masks[best_suit]
        low = pool & ~(game.tops | game.seconds) or pool
        return (low & -low).bit_length() - 1

    def _follow(self, state: TrickHand[tuple[int, tuple[int, ...], int, int]], seat: int, partner: int, hand: int,
                legal: int, others_live: int, excluded: Sequence[int]) -> int:  # fmt: skip
        points = self.points
        players = self.players
        trump = self.trump
        trump_mask = self.trump_mask
        trick = state.trick
        led_suit = state.led_suit
        led_mask = self.game.suit_masks[led_suit]
        win_card = state.win_card
        win_seat = state.win_seat
        trick_points = 0
        for _seat, card in trick:
            trick_points += points[card]
        later = [(seat + k) % players for k in range(1, players - len(trick))]
        later_opponents = [o for o in later if o != partner]
        if self.omniscient:
            may = [state.hands[o] for o in later_opponents]
        else:
            may = [others_live & ~excluded[o] for o in later_opponents]
        above = self.above
        suit_of = self.suit_of

        def beatable(card: int) -> bool:
            """Whether a later opponent may take the trick from ``card``: a higher card of its suit, or a trump
            from a seat known to be out of the led suit."""
            for possible in may:
                if possible & above[card]:
                    return True
                if suit_of[card] != trump and possible & trump_mask and not possible & led_mask:
                    return True
            return False

        partner_winning = win_seat == partner
        if partner_winning and not beatable(win_card):
            # Feed a safe trick the richest card, never the top trumps.
            gifts = legal & ~self.top_trumps
            if not self.game.feeds_tops:
                for top in cards_in(gifts & self.game.tops):
                    if hand & self.game.suit_masks[suit_of[top]] & ~(1 << top):
                        gifts &= ~(1 << top)
            gifts = gifts or legal
            return max(cards_in(gifts), key=lambda c: (points[c], -c))
        win_suit = suit_of[win_card]
        winners = legal & above[win_card] if win_suit == trump else legal & (above[win_card] | trump_mask)
        if winners and (not partner_winning or trick_points >= RICH_TRICK):
            if trick_points < RICH_TRICK and winners & ~self.top_trumps:
                winners &= ~self.top_trumps
            if not later:
                cheapest = self._cheapest(winners)
                if trick_points or not points[cheapest] or self.game.rules.trick_bonus:
                    return cheapest
            else:
                sure = 0
                for card in cards_in(winners):
                    if not beatable(card):
                        sure |= 1 << card
                if sure:
                    return self._cheapest(sure)
        # Lose cheaply: the fewest points, keeping the top cards and the trumps when there is a choice.
        pool = legal
        if pool & ~(self.game.tops | self.game.seconds):
            pool &= ~(self.game.tops | self.game.seconds)
        if pool & ~trump_mask:
            pool &= ~trump_mask
        return self._cheapest(pool)

    def _cheapest(self, mask: int) -> int:
        return min(cards_in(mask), key=self.game.cheap_key.__getitem__)


class PlayLikelihood:
    """How likely the cards seen played are in a world, were every other seat playing the playout policy.

    The hand is played again from its first card; before each card another seat played with a choice, the
    policy chooses for that seat from its cards in the world and what everyone had seen by then.  A card it
    would have played (or one playing exactly like it: same suit, same points, no other seat holding a card
    between them) leaves the world's weight as it is; any other multiplies it by ``miss``.  So a world in which
    an opponent's discard would have been a blunder counts less than one in which it was the natural card.
    """

    def __init__(self, game: PointTrickGame, trump: int | None, observer: int, miss: float = MISS_WEIGHT,
                 turned: int | None = None, dealer: int = -1, partner_miss: float | None = None) -> None:  # fmt: skip
        self.playout = Playout(game, trump, observer)
        self.observer = observer
        players = game.rules.players
        partner = (observer + 2) % 4 if players == 4 else -1
        #: The factor of a miss by each seat (the partner's may differ: ``partner_miss``).
        self.misses = [partner_miss if seat == partner and partner_miss is not None else miss
                       for seat in range(players)]  # fmt: skip
        #: What every seat knew at the first card: the dealer's turned card is in the dealer's hand.
        self.known = [1 << turned if turned is not None and seat != dealer else 0 for seat in range(players)]

    def replay(self, hand: TrickHand[tuple[int, tuple[int, ...], int, int]], log: Iterable[Action]) -> float:
        """Apply ``log`` to ``hand`` (the deal of a world, before its first action); the plays' weight."""
        playout = self.playout
        index = playout.deck.index
        points, above, suit_of = playout.points, playout.above, playout.suit_of
        excluded = list(self.known)
        weight = 1.0
        for action in log:
            if action.verb != PLAY_VERB:
                hand.apply(action)
                continue
            seat = action.seat
            card = index[action.value]
            if seat != self.observer:
                legal = hand.legal_play_mask()
                if legal & (legal - 1):
                    choice = playout.choose(hand, seat, excluded)
                    if choice != card:
                        low, high = (choice, card) if choice < card else (card, choice)
                        others = 0
                        for other, cards in enumerate(hand.hands):
                            if other != seat:
                                others |= cards
                        if (suit_of[low] != suit_of[high] or points[low] != points[high]
                                or others & above[low] & ~above[high] & ~(1 << high)):  # fmt: skip
                            weight *= self.misses[seat]
            playout.note_play(hand, seat, card, excluded)
            hand.apply(action)
        return weight


class CardView(TrickView, Protocol):
    """The view fields a card decision reads besides the card count's."""

    @property
    def legal_mask(self) -> int: ...
    @property
    def plays(self) -> tuple[Action, ...]: ...


class CardPlay:
    """A card decision of Manille or Malilla for the search (``search.Decision``).

    The candidates are the legal cards less those that play exactly like a weaker card of the same suit (see
    ``endgame.representatives``).  In a world, a candidate is played on a copy of the hand and the rest is
    played out (``Playout``); the worth of the points our side ends with is its value.  With ``exact_tricks``
    cards or fewer in hand, that playout is the exact solver from the first card on.
    """

    def __init__(self, view: CardView, game: PointTrickGame, count: CardCount, worth: Sequence[float],
                 exact_tricks: int = EXACT_TRICKS, root_exact: int = EXACT_TRICKS + 1,
                 omniscient: bool = False) -> None:  # fmt: skip
        self.seat = seat = view.seat
        trick_cards = 0
        for _seat, card in view.trick:
            trick_cards |= 1 << card
        standing = representatives(game.rules, view.legal_mask, view.hand, count.outstanding() | trick_cards)
        self.cards = sorted(set(standing.values()))
        self._candidates = [view.plays[card] for card in self.cards]
        exact = root_exact if view.hand.bit_count() <= root_exact else exact_tricks
        self.playout = Playout(game, view.trump, seat, exact, omniscient)
        self.worth = worth
        # What every seat saw of the others: what they showed they lack, and the dealer's turned card.
        excluded = list(count.ruled_out)
        turned = view.turned
        if turned is not None and view.turned_in_hand:
            for other in range(view.players):
                if other != view.dealer:
                    excluded[other] |= 1 << turned
        self.excluded = excluded

    @property
    def candidates(self) -> Sequence[Action]:
        return self._candidates

    def value(self, world: HandState, choice: int) -> float:
        assert isinstance(world, TrickHand)
        twin = world.clone()
        twin.play_card(self.cards[choice])
        return self.worth[self.playout.final_points(twin, list(self.excluded))]


ViewT = TypeVar("ViewT", bound=View)


class PointTrickSearcher(SearchingPlayer[ViewT], Generic[ViewT]):
    """The search settings the point-trick experts (Manille, Malilla) share: cheap playouts allow many worlds."""

    budget_worlds = CHEAP_WORLDS
    #: Playouts solve this many last tricks exactly; with this many cards or fewer in hand the whole decision is.
    exact_tricks = EXACT_TRICKS
    root_exact = EXACT_TRICKS + 1
    #: Whether playouts are played knowing every hand of the world.
    omniscient = False
    #: A world counts this much less for each card seen that the playout policy would not have played in it
    #: (``PlayLikelihood``); ``None``: every world that fits counts alike.  A light weighing (0.3 a miss, each
    #: world dealt played) measured no stronger than none; this one, with the worlds drawn again by weight, is
    #: 0.7 points a deal stronger in Manille against the club player, and no stronger in Malilla, whose expert
    #: turns it off (docs/STRENGTH.md has the figures).  The fast budget (hints) weighs no world: 16 drawn again
    #: would be worth too few.
    miss_weight: float | None = MISS_WEIGHT
    #: The partner's misses count this much instead (``None``: as the others').
    partner_miss_weight: float | None = None

    #: Weighed worlds are dealt this many times over and drawn again in proportion to their weights, so that the
    #: playouts go to the likely worlds (1: each world dealt is played, with its weight).
    proposals = PROPOSALS
    #: The usual card (the club player's) is played when its mean is within this many points of the best: only
    #: a tie, since trusting it over a search that finds a card 0.3 points better measured weaker in both games.
    usual_within = 0.01
    #: Whether a card is valued by what the hand's end does to the chance of winning the match
    #: (``cardtable.games.match_odds``) rather than by the points it adds to ours less theirs.  Off: it won no
    #: more matches against the club player in either game, nor head to head in short matches
    #: (docs/STRENGTH.md).
    plays_for_the_match = False

    def search_cards(self, rules: GameRules, view: ViewT, decision: CardPlay, game: PointTrickGame,
                     turned: int | None, dealer: int) -> Outcome:  # fmt: skip
        """``search`` of a card decision, its worlds weighed by how likely the plays seen were in each (unless
        ``miss_weight`` is ``None`` or the budget is the fast one)."""
        rng = self.random_for(view)
        budget = self.budget
        if self.miss_weight is None or budget.name == Budget.FAST:
            return search(rules, view, decision, rng, budget)
        weighed = self.weigher(rules, view, game, decision.playout.trump, turned, dealer)
        if self.proposals <= 1:
            return search(rules, view, decision, rng, budget, rebuild=weighed)
        kept = self.drawn_worlds(rules, view, weighed, rng)
        worlds = {id(hidden): (hand, float(times)) for hidden, hand, times in kept}
        return search(rules, view, decision, rng, budget, [hidden for hidden, _hand, _times in kept],
                      rebuild=lambda hidden: worlds[id(hidden)])  # fmt: skip

    def weigher(self, rules: GameRules, view: ViewT, game: PointTrickGame, trump: int | None, turned: int | None,
                dealer: int) -> Callable[[Hidden], tuple[HandState, float]]:  # fmt: skip
        """A world's hand at the decision, rebuilt from ``view`` and its hidden cards, and how likely the plays
        seen were in it (``PlayLikelihood``; every world alike without ``miss_weight``)."""
        miss = self.miss_weight if self.miss_weight is not None else 1.0
        likelihood = PlayLikelihood(game, trump, view.seat, miss, turned, dealer, self.partner_miss_weight)
        log = view.log

        def weighed(hidden: Hidden) -> tuple[HandState, float]:
            hand = rules.dealt_from_view(view, hidden)
            assert isinstance(hand, TrickHand)
            return hand, likelihood.replay(hand, log)

        return weighed

    def drawn_worlds(self, rules: GameRules, view: ViewT, weighed: Callable[[Hidden], tuple[HandState, float]],
                     rng: random.Random) -> list[tuple[Hidden, HandState, int]]:  # fmt: skip
        """The budget's worlds: ``proposals`` times as many dealt and weighed, then drawn again by weight."""
        proposed = []
        for hidden in rules.sample_hidden(view, rng, self.budget.worlds * self.proposals):
            take_a_break()
            proposed.append((hidden, *weighed(hidden)))
        return resampled(proposed, self.budget.worlds, rng)


def resampled(proposed: Sequence[tuple[Hidden, HandState, float]], count: int, rng: random.Random
              ) -> list[tuple[Hidden, HandState, int]]:  # fmt: skip
    """``count`` draws among weighed worlds in proportion to their weights (systematic resampling: one random
    offset, then evenly spaced), each world drawn once with the number of times it was drawn."""
    total = sum(weight for _hidden, _hand, weight in proposed)
    if total <= 0:
        return []
    step = total / count
    point = rng.random() * step
    kept: list[tuple[Hidden, HandState, int]] = []
    reached = 0.0
    drawn = 0
    for hidden, hand, weight in proposed:
        reached += weight
        times = 0
        while point < reached and drawn < count:
            times += 1
            drawn += 1
            point += step
        if times:
            kept.append((hidden, hand, times))
    return kept
