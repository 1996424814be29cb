"""Card tracking for the trick games that share ``tricks.py`` (Manille, Malilla).

From one seat's view it works out which cards are gone, which are still out, and what each other seat
may or must hold.  Every inference comes from the follow rules themselves: each card a follower played is
checked against ``legal_follow``, and any card whose presence in that hand would have made the play illegal
is ruled out for that seat.  This covers voids, "void and did not trump, so no trumps" and "did not beat, so
nothing higher" with one mechanism, whatever the game's ``FollowRules`` say.

Everything is kept as deck masks because a computer player builds a count before each card it plays.
"""

from __future__ import annotations

import functools
import itertools
import random
from collections.abc import Sequence
from typing import Protocol

from cardtable.engine.cards import Deck
from cardtable.engine.game import Hidden
from cardtable.games.tricks import Duty, FollowRules, beats, legal_follow
from cardtable.games.worlds import Dealer, MixedDealer, UniformDealer, draw_deals


@functools.cache
def ruled_out_by_play(
    deck: Deck,
    led_suit: int,
    win_card: int,
    trump: int | None,
    partner_winning: bool,
    rules: FollowRules,
    card: int,
    forbidden: int = 0,
) -> int:
    """The cards a follower cannot have held when it played ``card`` onto a trick won so far by ``win_card``.

    A card ``other`` is ruled out when the hand {card, other} would already have forbidden ``card``.  The
    duties form a chain (beat in suit, follow, overtrump, trump, free), so a larger hand holding ``other``
    forbids ``card`` too: the pairwise test is exact.  ``forbidden`` holds the cards a free seat may not
    discard while it has anything else (Malilla's sevens of unled suits): a seat that discarded one of them
    held nothing else, while any other discard says nothing about them.  The answer depends on a handful of
    small integers, so it is cached and costs a dictionary look-up per card played.
    """
    ruled_out = 0
    only_card = 1 << card
    for other in range(len(deck.suit_of)):
        if other == card:
            continue
        pair = only_card | 1 << other
        legal, duty = legal_follow(deck, pair, led_suit, win_card, trump, partner_winning, rules)
        if duty is Duty.FREE:
            legal = pair & ~forbidden or pair
        if not legal & only_card:
            ruled_out |= 1 << other
    return ruled_out


class CardCount:
    """What one seat knows about where the cards are.

    - ``played``: every card played this hand, the current trick included.
    - ``unseen``: cards in play that this seat has not seen (not in its hand, not played, not the dealer's
      turned card while the dealer still holds it).
    - ``possible[s]``: the cards seat ``s`` may still hold (for this seat, exactly its hand).
    - ``known[s]``: the cards seat ``s`` surely holds (this seat's hand, the dealer's turned card, and cards
      that only one seat can hold).
    - ``remaining[s]``: how many cards seat ``s`` still holds.
    - ``played_by[s]``: the cards seat ``s`` has played.
    - ``ruled_out[s]``: the cards seat ``s`` showed it does not hold by the way it followed (public: every seat
      can tell).
    """

    __slots__ = ("deck", "known", "played", "played_by", "players", "possible", "remaining", "ruled_out", "seat",
                 "trump", "unseen")  # fmt: skip

    def __init__(
        self,
        deck: Deck,
        seat: int,
        players: int,
        trump: int | None,
        played: int,
        unseen: int,
        possible: list[int],
        known: list[int],
        remaining: list[int],
        played_by: list[int] | None = None,
        ruled_out: list[int] | None = None,
    ) -> None:
        self.deck = deck
        self.seat = seat
        self.players = players
        self.trump = trump
        self.played = played
        self.unseen = unseen
        self.possible = possible
        self.known = known
        self.remaining = remaining
        self.played_by = played_by if played_by is not None else [0] * players
        self.ruled_out = ruled_out if ruled_out is not None else [0] * players

    # ----------------------------------------------------------------- questions about seats
    def is_void(self, seat: int, suit: int) -> bool:
        """Whether ``seat`` is known to hold no card of ``suit``."""
        return not self.possible[seat] & self.deck.suit_masks[suit]

    def voids(self, seat: int) -> int:
        """The suits ``seat`` is known to be void in, as a mask of suit indices."""
        possible = self.possible[seat]
        out = 0
        for suit, mask in enumerate(self.deck.suit_masks[: len(self.deck.suits)]):
            if not possible & mask:
                out |= 1 << suit
        return out

    def may_hold_trump(self, seat: int) -> bool:
        return self.trump is not None and bool(self.possible[seat] & self.deck.suit_masks[self.trump])

    def trumps_possible(self, seat: int) -> int:
        """The trumps ``seat`` may still hold."""
        return 0 if self.trump is None else self.possible[seat] & self.deck.suit_masks[self.trump]

    def highest_possible(self, seat: int, suit: int) -> int:
        """The strongest card of ``suit`` that ``seat`` may hold, or -1 when it is known void there."""
        return (self.possible[seat] & self.deck.suit_masks[suit]).bit_length() - 1

    def others_may_hold(self, seats: Sequence[int]) -> int:
        out = 0
        for other in seats:
            out |= self.possible[other]
        return out

    # ----------------------------------------------------------------- what a seat was heard to say
    def place(self, seat: int, cards: int) -> None:
        """``seat`` is known to hold ``cards`` (it said so): no other seat may hold them."""
        cards &= self.unseen | self.known[seat]
        if not cards or seat == self.seat:
            return
        self.known[seat] |= cards
        self.possible[seat] |= cards
        for other in range(self.players):
            if other != seat and other != self.seat:
                self.possible[other] &= ~cards
        self.settle()

    def rule_out(self, seat: int, cards: int) -> None:
        """``seat`` is known not to hold ``cards`` (it said so)."""
        cards &= self.possible[seat] & ~self.known[seat]
        if not cards or seat == self.seat:
            return
        self.possible[seat] &= ~cards
        self.settle()

    def settle(self) -> None:
        """Place what the narrowed seats leave to only one seat (after ``place`` or ``rule_out``)."""
        _settle_forced_holdings(self.seat, self.players, self.unseen, self.possible, self.known, self.remaining)

    # ----------------------------------------------------------------- questions about cards
    def outstanding(self) -> int:
        """Cards still held by the other seats (unseen ones and known ones alike)."""
        out = self.unseen
        for other in range(self.players):
            if other != self.seat:
                out |= self.known[other]
        return out

    def masters(self) -> int:
        """For each suit, its highest card not yet played (wherever it is, this seat's hand included)."""
        unplayed = self.outstanding() | self.possible[self.seat]
        out = 0
        for mask in self.deck.suit_masks[: len(self.deck.suits)]:
            in_suit = unplayed & mask
            if in_suit:
                out |= 1 << (in_suit.bit_length() - 1)
        return out

    def my_masters(self) -> int:
        """This seat's cards that are the highest unplayed card of their suit."""
        return self.masters() & self.possible[self.seat]


class TrickView(Protocol):
    """The view fields of the trick games that share the card count (Manille and Malilla)."""

    @property
    def seat(self) -> int: ...
    @property
    def players(self) -> int: ...
    @property
    def dealer(self) -> int: ...
    @property
    def hand(self) -> int: ...
    @property
    def trump(self) -> int | None: ...
    @property
    def trick(self) -> Sequence[tuple[int, int]]: ...
    @property
    def tricks(self) -> Sequence[tuple[int, tuple[int, ...], int, int]]: ...
    @property
    def turned(self) -> int | None: ...
    @property
    def turned_in_hand(self) -> bool: ...


def count_cards(
    view: TrickView,
    deck: Deck,
    rules: FollowRules,
    in_play: int,
    cards_each: int | None = None,
    unled_forbidden: int = 0,
) -> CardCount:
    """Build the ``CardCount`` of ``view``'s seat.

    ``in_play`` is the mask of the cards dealt this hand.
    ``unled_forbidden`` holds the cards a free seat may not discard until their suit has been led (Malilla's
    forbidden sevens), each one freed by the first lead of its suit.
    """
    seat = view.seat
    players = view.players
    hand = view.hand
    trump = view.trump
    partnership = players == 4
    ruled_out = [0] * players
    played_by = [0] * players
    played = 0
    forbidden = unled_forbidden
    for leader, cards, _winner, _points in view.tricks:
        forbidden &= ~deck.suit_masks[deck.suit_of[cards[0]]]
        played = _read_trick(deck, rules, trump, partnership, players, leader, cards, ruled_out, played_by, played,
                             forbidden)  # fmt: skip
    if view.trick:
        leader = view.trick[0][0]
        cards = tuple(card for _seat, card in view.trick)
        forbidden &= ~deck.suit_masks[deck.suit_of[cards[0]]]
        played = _read_trick(deck, rules, trump, partnership, players, leader, cards, ruled_out, played_by, played,
                             forbidden)  # fmt: skip

    if cards_each is None:
        cards_each = in_play.bit_count() // players
    remaining = [cards_each - played_by[s].bit_count() for s in range(players)]
    known = [0] * players
    known[seat] = hand
    unseen = in_play & ~played & ~hand
    turned = view.turned
    if turned is not None and view.turned_in_hand:
        dealer = view.dealer
        if dealer != seat:
            known[dealer] |= 1 << turned
            unseen &= ~(1 << turned)
    possible = [0] * players
    for other in range(players):
        possible[other] = hand if other == seat else (unseen & ~ruled_out[other]) | known[other]
    _settle_forced_holdings(seat, players, unseen, possible, known, remaining)
    return CardCount(deck, seat, players, trump, played, unseen, possible, known, remaining, played_by, ruled_out)


def _read_trick(
    deck: Deck,
    rules: FollowRules,
    trump: int | None,
    partnership: bool,
    players: int,
    leader: int,
    cards: Sequence[int],
    ruled_out: list[int],
    played_by: list[int],
    played: int,
    forbidden: int = 0,
) -> int:
    """Record one trick's cards and what each follower's card rules out; return the new played mask.

    ``forbidden`` is the mask of cards a free seat could not discard during this trick.
    """
    led_suit = deck.suit_of[cards[0]]
    win_card = cards[0]
    win_seat = leader
    played_by[leader] |= 1 << win_card
    played |= 1 << win_card
    for offset in range(1, len(cards)):
        card = cards[offset]
        follower = (leader + offset) % players
        partner_winning = partnership and (win_seat - follower) % 4 == 2
        ruled_out[follower] |= ruled_out_by_play(
            deck, led_suit, win_card, trump, partner_winning, rules, card, forbidden
        )
        played_by[follower] |= 1 << card
        played |= 1 << card
        if beats(deck, card, win_card, trump):
            win_card = card
            win_seat = follower
    return played


def _settle_forced_holdings(
    seat: int, players: int, unseen: int, possible: list[int], known: list[int], remaining: list[int]
) -> None:
    """Place the cards that only one seat can hold, and give a seat all its candidates once they just fit.

    Each placement can narrow another seat, so the two rules run until nothing changes (a few rounds at most).
    """
    others = [s for s in range(players) if s != seat]
    changed = True
    while changed:
        changed = False
        for other in others:
            if possible[other] != known[other]:
                if possible[other].bit_count() <= remaining[other]:
                    known[other] = possible[other]
                    changed = True
                elif known[other].bit_count() >= remaining[other]:
                    possible[other] = known[other]
                    changed = True
        claimed = 0
        for other in others:
            claimed |= known[other]
        for other in others:
            narrowed = possible[other] & ~(claimed & ~known[other])
            if narrowed != possible[other]:
                possible[other] = narrowed
                changed = True
        # A card that no other seat may hold is known to be with the only seat that may.
        seen_once = 0
        seen_twice = 0
        for other in others:
            seen_twice |= seen_once & possible[other]
            seen_once |= possible[other]
        single = unseen & seen_once & ~seen_twice
        for other in others:
            newly_known = single & possible[other] & ~known[other]
            if newly_known:
                known[other] |= newly_known
                changed = True


def hidden_dealer(count: CardCount, long_suits: Sequence[tuple[int, int]] = ()) -> Dealer:
    """Every way the other seats' hands may be that fits ``count``, equally likely (places: the other seats in
    seat order).

    ``long_suits`` adds what calls showed, as (seat, length): that seat was dealt at least ``length`` cards of
    one suit (Malilla's redeal call), a condition on the hand as dealt, its cards played since included.  More
    than half a hand, so the suit is one only: each suit, and each number of its cards the seat holds now, is a
    family of deals counted exactly (the seat's place split in two: the suit, and the rest).
    """
    others = [s for s in range(count.players) if s != count.seat]
    pool = count.outstanding()
    possible = [count.possible[s] for s in others]
    need = [count.remaining[s] for s in others]
    conditions = [(others.index(seat), length) for seat, length in long_suits if seat != count.seat]
    if not conditions:
        return UniformDealer(pool, possible, need)
    suit_masks = count.deck.suit_masks[: len(count.deck.suits)]
    # Per conditioned seat, its families: (suit mask, cards of that suit it holds now).
    options: list[list[tuple[int, int]]] = []
    for place, length in conditions:
        seat = others[place]
        families: list[tuple[int, int]] = []
        for mask in suit_masks:
            shown = (count.played_by[seat] & mask).bit_count()
            most = min(need[place], (possible[place] & mask).bit_count())
            families.extend((mask, k) for k in range(max(0, length - shown), most + 1))
        options.append(families)
    parts = []
    for chosen in itertools.product(*options):
        part_possible = list(possible)
        part_need = list(need)
        into = list(range(len(others)))
        for (place, _length), (mask, k) in zip(conditions, chosen, strict=True):
            part_possible.append(possible[place] & mask)
            part_need.append(k)
            into.append(place)
            part_possible[place] = possible[place] & ~mask
            part_need[place] = need[place] - k
        parts.append((UniformDealer(pool, part_possible, part_need), into))
    return MixedDealer(len(others), parts)


def sample_trick_hands(count: CardCount, rng: random.Random, wanted: int,
                       long_suits: Sequence[tuple[int, int]] = ()) -> list[Hidden]:  # fmt: skip
    """``wanted`` arrangements of the other seats' hands drawn uniformly among those that fit ``count`` (every
    arrangement once when there are at most ``wanted``), each as the hands of every seat; ``long_suits`` as
    ``hidden_dealer`` reads it."""
    others = [s for s in range(count.players) if s != count.seat]
    worlds = []
    for deal in draw_deals(hidden_dealer(count, long_suits), rng, wanted):
        hands = [count.possible[count.seat]] * count.players
        for seat, hand in zip(others, deal, strict=True):
            hands[seat] = hand
        worlds.append(Hidden(tuple(hands)))
    return worlds
