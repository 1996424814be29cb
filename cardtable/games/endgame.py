"""The exact endgame of the trick games that share ``tricks.py`` (Manille, Malilla).

In the last tricks a computer player stops guessing: it deals the cards it has not seen to the other seats in
the ways its card count allows (``consistent_deals`` lists them all, ``sample_deals`` draws some when there
are too many to list), solves each deal exactly with every hand open (``Solver``), and keeps the card whose
results average best (``best_cards``; each game weighs the results and breaks ties its own way).  What the
games differ in is gathered in ``EndgameRules``: the deck, the points of each card and of each trick, the
follow duties, and the cards a free seat may not discard.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

from cardtable.engine.cards import Deck, cards_in
from cardtable.games.cardcount import CardCount
from cardtable.games.tricks import FollowRules, beats


@dataclass(frozen=True, eq=False)
class EndgameRules:
    """How the tricks of one game are played and counted, as far as the search needs to know."""

    deck: Deck
    #: Points by card index.
    points: Sequence[int]
    trump: int | None
    follow: FollowRules
    players: int
    #: Points every trick is worth on top of its cards (Malilla's 1).
    trick_bonus: int = 0
    #: Points the last trick is worth on top of its cards (Manille's option).
    last_trick_bonus: int = 0
    #: Cards a free seat may not discard while it holds anything else, until their suit is led (Malilla's
    #: sevens).
    unled_forbidden: int = 0


def trick_winner(deck: Deck, trick: Sequence[tuple[int, int]], trump: int | None) -> tuple[int, int]:
    """The (seat, card) winning a trick in progress."""
    win_seat, win_card = trick[0]
    for seat, card in trick[1:]:
        if beats(deck, card, win_card, trump):
            win_seat, win_card = seat, card
    return win_seat, win_card


def interchangeable(points: Sequence[int], suit_of: Sequence[int], card: int, previous: int, others: int) -> bool:
    """Whether ``card`` plays exactly like the weaker ``previous`` of the same hand.

    Two cards of a suit without points are interchangeable when no live card of another hand ranks between
    them: whichever is played, every other card compares with it the same way.
    """
    return (
        previous >= 0
        and not points[card]
        and not points[previous]
        and suit_of[previous] == suit_of[card]
        and not others & ((1 << card) - 1) & ~((2 << previous) - 1)
    )


def representatives(rules: EndgameRules, legal: int, hand: int, live_elsewhere: int) -> dict[int, int]:
    """For each card of ``legal``, the card that stands for it in the search (see ``interchangeable``)."""
    standing_for: dict[int, int] = {}
    previous = -1
    others = live_elsewhere & ~hand
    for card in cards_in(legal):
        if interchangeable(rules.points, rules.deck.suit_of, card, previous, others):
            standing_for[card] = previous
            continue
        standing_for[card] = previous = card
    return standing_for


def _needs_and_free(count: CardCount) -> tuple[list[int], list[int], int]:
    seats = [s for s in range(count.players) if s != count.seat]
    needs = [count.remaining[s] - count.known[s].bit_count() for s in seats]
    claimed = 0
    for s in seats:
        claimed |= count.known[s]
    return seats, needs, count.unseen & ~claimed


def consistent_deals(count: CardCount) -> list[tuple[int, ...]]:
    """Every way to give the unseen cards to the other seats that fits the count (hands indexed by seat)."""
    seats, needs, free = _needs_and_free(count)
    deals: list[tuple[int, ...]] = []
    base = list(count.known)
    base[count.seat] = count.possible[count.seat]

    def place(position: int, pool: int) -> None:
        if position == len(seats) - 1:
            seat = seats[position]
            if pool & ~count.possible[seat] or pool.bit_count() != needs[position]:
                return
            base[seat] = count.known[seat] | pool
            deals.append(tuple(base))
            return
        seat = seats[position]
        for chosen in combinations(cards_in(pool & count.possible[seat] & ~count.known[seat]), needs[position]):
            mask = sum(1 << card for card in chosen)
            base[seat] = count.known[seat] | mask
            place(position + 1, pool & ~mask)

    if all(need >= 0 for need in needs):
        place(0, free)
    return deals


def deal_count_bound(count: CardCount) -> int:
    """An upper bound of ``len(consistent_deals(count))``: the deals that ignore what each seat may hold."""
    _seats, needs, free = _needs_and_free(count)
    bound = 1
    left = free.bit_count()
    for need in needs:
        if need < 0 or need > left:
            return 0
        bound *= _choose(left, need)
        left -= need
    return bound


def _choose(n: int, k: int) -> int:
    out = 1
    for i in range(k):
        out = out * (n - i) // (i + 1)
    return out


def sample_deals(count: CardCount, rng: random.Random, wanted: int, enumerate_up_to: int) -> list[tuple[int, ...]]:
    """Up to ``wanted`` deals that fit the count, drawn with ``rng``.

    When at most ``enumerate_up_to`` deals are possible, they are all listed and a plain sample is taken, so
    each consistent deal is equally likely.  Beyond that, each deal is built card by card, the cards that
    fewest seats may hold first, each going to a seat that may hold it in proportion to the room that seat
    has left; a dead end starts the deal again.
    """
    if deal_count_bound(count) <= enumerate_up_to:
        every = consistent_deals(count)
        return every if len(every) <= wanted else rng.sample(every, wanted)
    seats, needs, free = _needs_and_free(count)
    possible = [count.possible[s] & ~count.known[s] for s in seats]
    cards = sorted(cards_in(free), key=lambda card: sum(p >> card & 1 for p in possible))
    base = list(count.known)
    base[count.seat] = count.possible[count.seat]
    deals: list[tuple[int, ...]] = []
    attempts = 0
    while len(deals) < wanted and attempts < wanted * 4:
        attempts += 1
        room = list(needs)
        hands = [0] * len(seats)
        for card in cards:
            open_seats = [i for i in range(len(seats)) if room[i] and possible[i] >> card & 1]
            if not open_seats:
                break
            pick = rng.random() * sum(room[i] for i in open_seats)
            for i in open_seats:
                pick -= room[i]
                if pick < 0:
                    break
            hands[i] |= 1 << card
            room[i] -= 1
        else:
            for i, seat in enumerate(seats):
                base[seat] = count.known[seat] | hands[i]
            deals.append(tuple(base))
    return deals


def best_cards(
    rules: EndgameRules,
    count: CardCount,
    trick: Sequence[tuple[int, int]],
    legal: int,
    deals: Sequence[Sequence[int]],
    worth: Sequence[float],
    so_far: int,
    forbidden: int = 0,
) -> int:
    """The cards of ``legal`` whose worth, averaged over ``deals``, is best (as a mask; ties all kept).

    ``worth[p]`` is what ending the hand with ``p`` points is worth to our side and ``so_far`` the points it
    holds already.  Each card is solved in every deal (``Solver``), and interchangeable cards only once.
    """
    seat = count.seat
    hand = count.possible[seat]
    trick_cards = sum(1 << card for _seat, card in trick)
    standing_for = representatives(rules, legal, hand, count.outstanding() | trick_cards)
    candidates = sorted(set(standing_for.values()))
    totals = dict.fromkeys(candidates, 0.0)
    solver = Solver(rules, seat, trick, hand.bit_count(), forbidden)
    for deal in deals:
        for card in candidates:
            totals[card] += worth[so_far + solver.value_after(deal, card)]
    best = max(totals.values())
    return sum(1 << card for card, standing in standing_for.items() if totals[standing] >= best - 1e-9)


@functools.cache
def points_by_byte(points: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """The points of the cards of each byte of a mask, byte by byte: a mask's points in a few look-ups."""
    return tuple(
        tuple(sum(points[8 * k + b] for b in range(8) if value >> b & 1 and 8 * k + b < len(points))
              for value in range(256))
        for k in range((len(points) + 7) // 8)
    )  # fmt: skip


@functools.cache
def ordering_keys(
    points: tuple[int, ...], strength: tuple[int, ...]
) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """The solver's sort keys by card: the richest first, the cheapest first, the strongest first."""
    cards = range(len(points))
    return (
        tuple(-points[c] * 64 - c for c in cards),
        tuple(points[c] * 64 + c for c in cards),
        tuple(-strength[c] * 64 + c for c in cards),
    )


class Solver:
    """An exact (double-dummy) solver for the last tricks of one deal, over hand masks.

    Our side maximises the points it takes from here on and the other side minimises them; with three
    players the two others are treated as one side against us, the cautious assumption.  Cards of one hand
    that ``interchangeable`` pairs lead to the same result, so only one of them is tried.

    What keeps it fast enough to start four tricks from the end: a transposition table of the positions met at
    the start of a trick (the same hands can be reached by playing earlier tricks in another order, and the
    deals of one decision share positions: the table is kept between calls on one solver); move ordering that
    tries first the card a player would usually choose (the cheapest card that wins when the other side is
    winning, the richest card when one's own side is), so that alpha-beta cuts early; bounds on the points
    left that settle a window at once; and a shorter path for the last two tricks (``_last_two``), where most
    positions are and no ordering or table pays for itself.
    """

    def __init__(
        self,
        rules: EndgameRules,
        seat: int,
        trick: Sequence[tuple[int, int]] = (),
        tricks_left: int = 0,
        forbidden: int = 0,
    ) -> None:
        self.rules = rules
        self.deck = rules.deck
        self.points = rules.points
        self.suit_of = rules.deck.suit_of
        self.suit_masks = rules.deck.suit_masks
        self.above = rules.deck.above
        self.players = rules.players
        self.seat = seat
        self.trump = rules.trump
        self.trump_mask = rules.deck.suit_masks[rules.trump] if rules.trump is not None else 0
        follow = self.follow = rules.follow
        self.must_beat = follow.must_beat
        self.owes_partner = follow.duties_toward_partner
        self.beat_trumps = follow.beat_when_trumps_led
        self.undertrump = follow.undertrump_forced
        self.no_undertrump = follow.undertrump_forbidden
        self.trick_bonus = rules.trick_bonus
        self.last_bonus = rules.last_trick_bonus + rules.trick_bonus
        self.ours = tuple(s == seat or (self.players == 4 and s % 2 == seat % 2) for s in range(self.players))
        self.trick = tuple(trick)
        self.tricks_left = tricks_left
        #: The forbidden discards as the trick in progress leaves them.
        self.forbidden = forbidden
        #: Bounds (lowest, highest) of our side's points from the start of a trick, by (hands, leader, forbidden).
        self.table: dict[tuple[int, ...], tuple[int, int]] = {}
        points = tuple(self.points)
        self.points_by_byte = points_by_byte(points)
        richest, cheapest, strongest = ordering_keys(points, self.deck.strength_of)
        self.richest_first = richest.__getitem__
        self.cheapest_first = cheapest.__getitem__
        self.strongest_first = strongest.__getitem__

    def value_after(self, deal: Sequence[int], card: int) -> int:
        """Our side's points from now on, with best play by all once we have played ``card`` in ``deal``."""
        hands = list(deal)
        hands[self.seat] &= ~(1 << card)
        trick = self.trick
        points = self.points
        forbidden = self.forbidden
        if trick:
            led_suit = self.suit_of[trick[0][1]]
            win_seat, win_card = trick_winner(self.deck, trick, self.trump)
            if beats(self.deck, card, win_card, self.trump):
                win_seat, win_card = self.seat, card
            taken = sum(points[c] for _s, c in trick) + points[card]
        else:
            led_suit, win_seat, win_card, taken = self.suit_of[card], self.seat, card, points[card]
            forbidden &= ~self.suit_masks[led_suit]
        following = (self.seat + 1) % self.players
        return self._search(hands, following, len(trick) + 1, led_suit, win_card, win_seat, taken,
                            self.tricks_left, forbidden, -1, 1 << 20)  # fmt: skip

    def value(self, hands: Sequence[int], seat: int, played: int, led_suit: int, win_card: int, win_seat: int,
              taken: int, tricks_left: int, forbidden: int = 0) -> int:  # fmt: skip
        """Our side's points from a position: ``seat`` plays the trick's card number ``played + 1``.

        ``led_suit``, ``win_card`` and ``win_seat`` describe the trick so far (anything when ``played`` is 0),
        ``taken`` its points, ``tricks_left`` the tricks still to finish, this one included.
        """
        return self._search(list(hands), seat, played, led_suit, win_card, win_seat, taken, tricks_left, forbidden,
                            -1, 1 << 20)  # fmt: skip

    def _search(
        self,
        hands: list[int],
        seat: int,
        played: int,
        led_suit: int,
        win_card: int,
        win_seat: int,
        taken: int,
        tricks_left: int,
        forbidden: int,
        alpha: int,
        beta: int,
    ) -> int:
        """The value for our side of the position where ``seat`` plays the trick's card number ``played + 1``."""
        players = self.players
        if played == players:
            if tricks_left == 1:
                return taken + self.last_bonus if self.ours[win_seat] else 0
            gained = taken + self.trick_bonus if self.ours[win_seat] else 0
            return gained + self._search(
                hands, win_seat, 0, -1, -1, -1, 0, tricks_left - 1, forbidden, alpha - gained, beta - gained
            )
        if tricks_left <= 2:
            return self._last_two(hands, seat, played, led_suit, win_card, win_seat, taken, tricks_left, forbidden,
                                  alpha, beta)  # fmt: skip
        trump = self.trump
        suit_of = self.suit_of
        points = self.points
        key: tuple[int, ...] = ()
        most = 1 << 20
        if not played:
            # Our side takes at most every point left: a window above that, or below nothing, is settled at once.
            live = 0
            for other in hands:
                live |= other
            chunks = self.points_by_byte
            most = sum(chunks[k][live >> (8 * k) & 255] for k in range(len(chunks)))
            most += self.trick_bonus * tricks_left + self.last_bonus - self.trick_bonus
            if alpha >= most:
                return most
            if beta <= 0:
                return 0
            key = (*hands, seat, forbidden)
            bounds = self.table.get(key)
            if bounds is not None:
                low, high = bounds
                if low >= beta:
                    return low
                if high <= alpha:
                    return high
                if low > alpha:
                    alpha = low
                if high < beta:
                    beta = high
                if alpha >= beta:
                    return low
        alpha_in, beta_in = alpha, beta
        hand = hands[seat]
        maximising = self.ours[seat]
        suit_masks = self.suit_masks
        if played:
            # The duties, written out (``legal_follow``): this is the search's hot path.
            duties = self.owes_partner or not (players == 4 and (win_seat - seat) % 4 == 2)
            legal = hand & suit_masks[led_suit]
            if legal:
                if (
                    duties
                    and suit_of[win_card] == led_suit
                    and (self.must_beat or (led_suit == trump and self.beat_trumps))
                ):
                    legal = legal & self.above[win_card] or legal
            else:
                trumps = hand & self.trump_mask if duties else 0
                if trumps:
                    if suit_of[win_card] == trump:
                        legal = trumps & self.above[win_card]
                        if not legal:
                            if self.undertrump:
                                legal = trumps
                            elif self.no_undertrump:
                                legal = hand & ~trumps
                    else:
                        legal = trumps
                if not legal:
                    legal = hand & ~forbidden or hand if forbidden else hand
            live_elsewhere = 1 << win_card
            # Move ordering: the side winning the trick feeds it, the other side tries its cheapest winner first.
            our_trick = self.ours[win_seat] == maximising
        else:
            legal = hand
            live_elsewhere = 0
            our_trick = False
        for other in hands:
            live_elsewhere |= other
        live_elsewhere &= ~hand
        if our_trick:
            # The side winning the trick feeds it: the richest cards first.
            order: tuple[int, ...] = (legal,)
            by_points = self.richest_first
        elif played:
            # The other side tries its winners first, the cheapest first, then its cheapest losers.
            win_suit = suit_of[win_card]
            if win_suit == trump:
                winners = legal & self.above[win_card]
            else:
                winners = legal & (self.above[win_card] | self.trump_mask)
            order = (winners, legal & ~winners)
            by_points = self.cheapest_first
        else:
            # Leading: the strongest cards first (masters take tricks).
            order = (legal,)
            by_points = self.strongest_first
        cards = []
        for group in order:
            previous = -1
            kept = []
            for card in cards_in(group):
                if (  # ``interchangeable``, written out
                    previous >= 0
                    and not points[card]
                    and not points[previous]
                    and suit_of[previous] == suit_of[card]
                    and not live_elsewhere & ((1 << card) - 1) & ~((2 << previous) - 1)
                ):
                    continue
                previous = card
                kept.append(card)
            if len(kept) > 1:
                kept.sort(key=by_points)
            cards.extend(kept)
        best = -1 if maximising else 1 << 20
        next_seat = (seat + 1) % players
        for card in cards:
            hands[seat] = hand & ~(1 << card)
            if not played:
                value = self._search(hands, next_seat, 1, suit_of[card], card, seat, points[card], tricks_left,
                                     forbidden & ~suit_masks[suit_of[card]], alpha, beta)  # fmt: skip
            elif (card > win_card) if suit_of[card] == suit_of[win_card] else suit_of[card] == trump:
                value = self._search(hands, next_seat, played + 1, led_suit, card, seat, taken + points[card],
                                     tricks_left, forbidden, alpha, beta)  # fmt: skip
            else:
                value = self._search(hands, next_seat, played + 1, led_suit, win_card, win_seat,
                                     taken + points[card], tricks_left, forbidden, alpha, beta)  # fmt: skip
            if maximising:
                if value > best:
                    best = value
                    if best > alpha:
                        alpha = best
                    if best >= most:
                        break
            elif value < best:
                best = value
                if best < beta:
                    beta = best
                if best <= 0:
                    break
            if alpha >= beta:
                break
        hands[seat] = hand
        if not played:
            low, high = self.table.get(key, (-1, 1 << 20))
            if best <= alpha_in:
                high = min(high, best)
            elif best >= beta_in:
                low = max(low, best)
            else:
                low = high = best
            self.table[key] = (low, high)
        return best

    def _last_two(
        self,
        hands: list[int],
        seat: int,
        played: int,
        led_suit: int,
        win_card: int,
        win_seat: int,
        taken: int,
        tricks_left: int,
        forbidden: int,
        alpha: int,
        beta: int,
    ) -> int:
        """``_search`` in the last two tricks, where most of the positions are.

        With two cards in hand at most, there is nothing to order or merge and no position repeats within a
        solve, so this goes without the table, and the last trick, where nobody has a choice, is counted at once.
        """
        players = self.players
        suit_of = self.suit_of
        points = self.points
        trump = self.trump
        ours = self.ours
        if tricks_left == 1:
            while played < players:
                card = hands[seat].bit_length() - 1
                if not played or ((card > win_card) if suit_of[card] == suit_of[win_card] else suit_of[card] == trump):
                    win_card, win_seat = card, seat
                taken += points[card]
                played += 1
                seat = (seat + 1) % players
            return taken + self.last_bonus if ours[win_seat] else 0
        hand = hands[seat]
        if played:
            # The duties, as in ``_search``.
            duties = self.owes_partner or not (players == 4 and (win_seat - seat) % 4 == 2)
            legal = hand & self.suit_masks[led_suit]
            if legal:
                if (
                    duties
                    and suit_of[win_card] == led_suit
                    and (self.must_beat or (led_suit == trump and self.beat_trumps))
                ):
                    legal = legal & self.above[win_card] or legal
            else:
                trumps = hand & self.trump_mask if duties else 0
                if trumps:
                    if suit_of[win_card] == trump:
                        legal = trumps & self.above[win_card]
                        if not legal:
                            if self.undertrump:
                                legal = trumps
                            elif self.no_undertrump:
                                legal = hand & ~trumps
                    else:
                        legal = trumps
                if not legal:
                    legal = hand & ~forbidden or hand if forbidden else hand
        else:
            # Our side takes at most every point left, and at least nothing: a window outside is settled at once.
            if beta <= 0:
                return 0
            live = 0
            for other in hands:
                live |= other
            chunks = self.points_by_byte
            most = self.trick_bonus + self.last_bonus
            for k in range(len(chunks)):
                most += chunks[k][live >> (8 * k) & 255]
            if alpha >= most:
                return most
            legal = hand
        maximising = ours[seat]
        best = -1 if maximising else 1 << 20
        next_seat = (seat + 1) % players
        last = played + 1 == players
        while legal:
            low = legal & -legal
            legal ^= low
            card = low.bit_length() - 1
            hands[seat] = hand ^ low
            if not played:
                card_suit, card_win, card_seat = suit_of[card], card, seat
                card_forbidden = forbidden & ~self.suit_masks[card_suit] if forbidden else 0
            else:
                card_suit, card_forbidden = led_suit, forbidden
                if (card > win_card) if suit_of[card] == suit_of[win_card] else suit_of[card] == trump:
                    card_win, card_seat = card, seat
                else:
                    card_win, card_seat = win_card, win_seat
            card_taken = taken + points[card]
            if last:
                # The trick is over: its winner leads the last trick, where every card is forced.
                value = card_taken + self.trick_bonus if ours[card_seat] else 0
                lead = card_seat
                top = hands[lead].bit_length() - 1
                top_seat = lead
                final = points[top]
                for step in range(1, players):
                    other = (lead + step) % players
                    card_last = hands[other].bit_length() - 1
                    final += points[card_last]
                    if (card_last > top) if suit_of[card_last] == suit_of[top] else suit_of[card_last] == trump:
                        top, top_seat = card_last, other
                if ours[top_seat]:
                    value += final + self.last_bonus
            else:
                value = self._last_two(hands, next_seat, played + 1, card_suit, card_win, card_seat, card_taken, 2,
                                       card_forbidden, alpha, beta)  # fmt: skip
            if maximising:
                if value > best:
                    best = value
                    if best > alpha:
                        alpha = best
            elif value < best:
                best = value
                if best < beta:
                    beta = best
            if alpha >= beta:
                break
        hands[seat] = hand
        return best
