"""What a newcomer to a trick game does: the card play of the ``beginner`` level in Manille, Malilla and Tarot.

A newcomer knows the rules and the worth of the cards, and follows the obvious: while its side is winning the
trick it throws its lowest card; otherwise it takes a trick worth taking with its cheapest card that beats the
one winning now, and throws its lowest card when it cannot or the trick is not worth it; leading, it plays its
highest card (so its aces and tens go early, before it knows whether anyone can trump them).  It counts no
card: nothing here reads a finished trick, so it never knows who is void, which cards are masters or whether a
later seat can still beat it.  Each game's ``beginner`` module adds its own calls and what its special cards
ask (Tarot's Excuse and Petit) and hands the rest to a ``TrickSense``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from cardtable.engine.cards import cards_in

#: Whether ``card`` takes the trick from the card winning it now.
Beats = Callable[[int, int], bool]


@dataclass(frozen=True)
class TrickSense:
    """A trick game as a newcomer sees it: what each card is worth and how it ranks within its suit."""

    #: Each card's worth in the game's own count (pips, card points, half points).
    worth: Sequence[int]
    #: Each card's rank within its suit (higher is stronger).
    rank: Sequence[int]
    #: Each card's suit, and each suit's cards.
    suit_of: Sequence[int]
    suit_masks: Sequence[int]

    def throw_low(self, cards: int, trumps: int) -> int:
        """The card a newcomer gives up: the least worth, a side card before a trump, then the lowest rank."""
        worth, rank = self.worth, self.rank
        return min(cards_in(cards), key=lambda card: (worth[card], trumps >> card & 1, rank[card], card))

    def cheapest_winner(self, winners: int, trumps: int) -> int:
        """The card a newcomer takes a trick with: the least worth of those that win, a side card before a trump."""
        return self.throw_low(winners, trumps)

    def lead_high(self, cards: int, hand: int, trumps: int) -> int:
        """The lead of a newcomer: its highest-ranked side card (of its longest suit on a tie), a trump only when
        it holds nothing else, and then its highest."""
        side = cards & ~trumps
        pool = side or cards
        rank, suit_of, suit_masks = self.rank, self.suit_of, self.suit_masks
        return max(cards_in(pool), key=lambda card: (rank[card], (hand & suit_masks[suit_of[card]]).bit_count(), -card))

    def lead_top_or_low(self, cards: int, hand: int, trumps: int) -> int:
        """The other lead of a newcomer: a side suit's top card whenever it holds one (cashed at once, whether or
        not anyone can trump it), else the lowest card of its shortest side suit; trumps only when it holds
        nothing else."""
        side = cards & ~trumps
        pool = side or cards
        rank, suit_of, suit_masks = self.rank, self.suit_of, self.suit_masks
        top = max(rank)
        tops = [card for card in cards_in(pool) if rank[card] == top]
        if tops:
            return tops[0]

        def length(card: int) -> int:
            return (hand & suit_masks[suit_of[card]]).bit_count()

        return min(cards_in(pool), key=lambda card: (length(card), suit_of[card], rank[card]))

    def follow(self, cards: int, trumps: int, winning: int, side_winning: bool, worth_taking: bool,
               beats: Beats) -> int:  # fmt: skip
        """Follow the obvious: low under a trick the side holds; the cheapest winner of a trick worth taking;
        else low.  ``winning`` is the card winning the trick now."""
        if side_winning:
            return self.throw_low(cards, trumps)
        if worth_taking:
            winners = sum(1 << card for card in cards_in(cards) if beats(card, winning))
            if winners:
                return self.cheapest_winner(winners, trumps)
        return self.throw_low(cards, trumps)


def winning_card(trick: Sequence[tuple[int, int]], winning_seat: int | None) -> int:
    """The card the winning seat played to the trick in progress (-1 when nothing is winning yet)."""
    for seat, card in trick:
        if seat == winning_seat:
            return card
    return -1


def trick_worth(trick: Sequence[tuple[int, int]], worth: Sequence[int]) -> int:
    """What the cards in the trick so far are worth (the newcomer's only count: the cards in front of it)."""
    return sum(worth[card] for _seat, card in trick)
