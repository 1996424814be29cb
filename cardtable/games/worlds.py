"""Dealing the cards a seat has not seen, uniformly among the ways its card count allows.

A card count says, for each place a hidden card may be (another seat's hand, a chien, a discard), which
cards may be there and how many are.  ``UniformDealer`` counts every way to fill the places that respects
both and draws among them with equal chances, so a search that deals itself worlds from it weighs each
possible arrangement of the unseen cards alike (a game may weigh them afterwards by how likely the plays seen
were in each).

Counting goes by classes of cards: cards that the same places may hold are interchangeable for the count, so
the ways to fill the places are a sum over how many cards of each class each place takes.  There are few
classes (the cards no void or duty has ruled out anywhere form one big class, dealt last in closed form), so
the count is exact and cheap, and drawing a deal costs a few random numbers per class.
"""

from __future__ import annotations

import functools
import itertools
import math
import random
from collections.abc import Iterator, Sequence
from typing import Protocol

from cardtable.engine.cards import cards_in


class Dealer(Protocol):
    """Deals the unseen cards into places, every deal it allows equally likely."""

    def count(self) -> int:
        """How many deals there are."""

    def deal(self, rng: random.Random) -> list[int] | None:
        """One deal (a mask per place), or ``None`` when there is none."""

    def every_deal(self) -> Iterator[list[int]]:
        """Every deal once."""


class UniformDealer:
    """Every way to give each place ``need[p]`` cards of ``possible[p]``, each card of ``pool`` to one place.

    ``pool`` is the cards to deal (every card of it goes somewhere); a card outside every ``possible`` makes the
    deal impossible (``count()`` is 0).  The count goes class by class and, within a class, place by place:
    how many of the class's cards the place takes, the rest going on to the next place.
    """

    def __init__(self, pool: int, possible: Sequence[int], need: Sequence[int]) -> None:
        self.pool = pool
        self.places = len(possible)
        self.need = tuple(need)
        by_places: dict[int, int] = {}
        for card in cards_in(pool):
            places = 0
            for place, mask in enumerate(possible):
                if mask >> card & 1:
                    places |= 1 << place
            by_places[places] = by_places.get(places, 0) | 1 << card
        # The most widely held (and largest) class last: it is dealt in closed form once the others are placed.
        ordered = sorted(by_places.items(), key=lambda item: (item[0].bit_count(), item[1].bit_count()))
        self.classes: tuple[tuple[tuple[int, ...], int], ...] = tuple(
            (tuple(p for p in range(self.places) if places >> p & 1), cards) for places, cards in ordered
        )
        self._ways = functools.lru_cache(maxsize=None)(self._count_from)

    def exact_work(self) -> int:
        """A bound on the positions the exact count visits: the splits of every class but the last, multiplied."""
        work = 1
        for places, cards in self.classes[:-1]:
            work *= math.comb(cards.bit_count() + len(places) - 1, len(places) - 1)
        return work

    def count(self) -> int:
        """How many deals there are."""
        if sum(self.need) != self.pool.bit_count() or any(n < 0 for n in self.need):
            return 0
        if any(not places for places, _cards in self.classes):
            return 0  # a card no place may hold
        if not self.classes:
            return 1 if not any(self.need) else 0
        return self._ways(0, 0, self.classes[0][1].bit_count(), self.need)

    def _count_from(self, index: int, slot: int, left: int, room: tuple[int, ...]) -> int:
        """The ways to deal what is left: ``left`` cards of class ``index`` to its places from number ``slot`` on,
        then the later classes, into places with ``room`` cards still to take."""
        places = self.classes[index][0]
        if index == len(self.classes) - 1:
            # The last class fills exactly the room left, which must lie in its places only.
            rest = places[slot:]
            if sum(room[p] for p in rest) != left or any(room[p] for p in range(self.places) if p not in rest):
                return 0
            return multinomial(left, [room[p] for p in rest])
        return sum(ways for _taken, _after, ways in self._choices(index, slot, left, room))

    def _choices(self, index: int, slot: int, left: int, room: tuple[int, ...]
                 ) -> Iterator[tuple[int, tuple[int, ...], int]]:  # fmt: skip
        """Each number of cards place ``slot`` of class ``index`` may take, the room after, and the ways that
        follow (not the last class)."""
        places = self.classes[index][0]
        place = places[slot]
        last_slot = slot == len(places) - 1
        low = left if last_slot else 0
        for taken in range(low, min(left, room[place]) + 1):
            after = (*room[:place], room[place] - taken, *room[place + 1 :])
            if last_slot:
                nxt = index + 1
                ways = self._ways(nxt, 0, self.classes[nxt][1].bit_count(), after)
            else:
                ways = self._ways(index, slot + 1, left - taken, after)
            if ways:
                yield taken, after, math.comb(left, taken) * ways

    def deal(self, rng: random.Random) -> list[int] | None:
        """One deal (a mask per place), every deal equally likely; ``None`` when there is none."""
        total = self.count()
        if not total:
            return None
        hands = [0] * self.places
        room = self.need
        for index, (places, cards) in enumerate(self.classes):
            order = list(cards_in(cards))
            rng.shuffle(order)
            left = len(order)
            start = 0
            for slot, place in enumerate(places):
                if index == len(self.classes) - 1:
                    taken = room[place] if slot < len(places) - 1 else left
                    after = (*room[:place], room[place] - taken, *room[place + 1 :])
                else:
                    # How many cards this place takes, in proportion to the deals that follow each count.
                    # The loop's ``taken`` and ``after`` are read after it ends.
                    pick = rng.randrange(total)
                    for taken, after, ways in self._choices(index, slot, left, room):  # noqa: B007
                        if pick < ways:
                            total = ways // math.comb(left, taken)
                            break
                        pick -= ways
                for card in order[start : start + taken]:
                    hands[place] |= 1 << card
                start += taken
                left -= taken
                room = after
        return hands

    def every_deal(self) -> Iterator[list[int]]:
        """Every deal once (use it when ``count()`` is small)."""
        if not self.count():
            return
        yield from self._every_from(0, self.need, [0] * self.places)

    def _every_from(self, index: int, room: tuple[int, ...], hands: list[int]) -> Iterator[list[int]]:
        if index == len(self.classes):
            if not any(room):
                yield list(hands)
            return
        places, cards = self.classes[index]
        for split in splits(cards.bit_count(), [room[p] for p in places]):
            rest = list(room)
            for place, taken in zip(places, split, strict=True):
                rest[place] -= taken
            if index + 1 < len(self.classes):
                nxt = index + 1
                if not self._ways(nxt, 0, self.classes[nxt][1].bit_count(), tuple(rest)):
                    continue
            elif any(rest):
                continue
            for chosen in _assignments(cards_in(cards), places, split):
                yield from self._every_from(index + 1, tuple(rest), [h | chosen.get(p, 0) for p, h in enumerate(hands)])


class MixedDealer:
    """The deals of several disjoint families together, each family a ``UniformDealer`` over places of its own.

    ``parts`` pairs each family with the real place each of its places fills: a family may split one real place
    in two (the cards of one suit in a hand, and the rest), so that a condition on a hand ("at least seven cards
    of one suit") becomes a few families whose counts are exact.  Families must share no deal.
    """

    def __init__(self, places: int, parts: Sequence[tuple[UniformDealer, Sequence[int]]]) -> None:
        self.places = places
        self.parts = [(dealer, tuple(into)) for dealer, into in parts]

    def count(self) -> int:
        return sum(dealer.count() for dealer, _into in self.parts)

    def deal(self, rng: random.Random) -> list[int] | None:
        total = self.count()
        if not total:
            return None
        pick = rng.randrange(total)
        for dealer, into in self.parts:
            ways = dealer.count()
            if pick < ways:
                deal = dealer.deal(rng)
                assert deal is not None
                return self._merged(deal, into)
            pick -= ways
        raise AssertionError("the families' counts add up to the total")

    def every_deal(self) -> Iterator[list[int]]:
        for dealer, into in self.parts:
            for deal in dealer.every_deal():
                yield self._merged(deal, into)

    def _merged(self, deal: Sequence[int], into: Sequence[int]) -> list[int]:
        hands = [0] * self.places
        for cards, place in zip(deal, into, strict=True):
            hands[place] |= cards
        return hands


def _assignments(cards: Sequence[int], places: Sequence[int], split: Sequence[int]) -> Iterator[dict[int, int]]:
    """Every way to give ``split[i]`` of ``cards`` to ``places[i]``."""
    if not places:
        yield {}
        return
    first, taken = places[0], split[0]
    for chosen in itertools.combinations(cards, taken):
        mask = sum(1 << card for card in chosen)
        rest = [card for card in cards if not mask >> card & 1]
        for others in _assignments(rest, places[1:], split[1:]):
            yield {first: mask, **others}


def splits(size: int, limits: Sequence[int]) -> Iterator[tuple[int, ...]]:
    """Every way to write ``size`` as a sum of one count per place, each at most its limit."""
    if len(limits) == 1:
        if size <= limits[0]:
            yield (size,)
        return
    head, rest = limits[0], limits[1:]
    room_after = sum(rest)
    for taken in range(max(0, size - room_after), min(head, size) + 1):
        for tail in splits(size - taken, rest):
            yield (taken, *tail)


def multinomial(size: int, parts: Sequence[int]) -> int:
    """The ways to split ``size`` distinct cards into groups of the sizes ``parts`` (which sum to ``size``)."""
    out = 1
    left = size
    for part in parts:
        out *= math.comb(left, part)
        left -= part
    return out


#: Above this many positions (``UniformDealer.exact_work``) the exact count costs too much for one decision, and
#: deals are drawn by importance resampling instead.
EXACT_WORK = 20_000
#: Importance resampling draws this many proposals per deal it keeps.
PROPOSALS = 6


def proposed_deal(dealer: UniformDealer, rng: random.Random) -> tuple[list[int], float] | None:
    """A deal built card by card (the cards fewest places may hold first, each to a place that may hold it in
    proportion to the room left there), and its weight: one over the chance of building it so.  ``None`` when
    the building is stuck (a card with no room left where it may go)."""
    hands = [0] * dealer.places
    room = list(dealer.need)
    weight = 1.0
    for places, cards in dealer.classes:
        for card in cards_in(cards):
            open_room = sum(room[p] for p in places)
            if not open_room:
                return None
            pick = rng.randrange(open_room)
            for place in places:
                if pick < room[place]:
                    break
                pick -= room[place]
            weight *= open_room / room[place]
            hands[place] |= 1 << card
            room[place] -= 1
    return hands, weight


def resampled_deals(dealer: UniformDealer, rng: random.Random, count: int) -> list[list[int]]:
    """``count`` deals close to uniform: proposals (``proposed_deal``) resampled in proportion to their weights.

    With many proposals a deal of the allowed set is as likely as any other; the places' classes are dealt from
    the most constrained one, so few proposals are stuck.
    """
    proposals = []
    for _ in range(count * PROPOSALS):
        found = proposed_deal(dealer, rng)
        if found is not None:
            proposals.append(found)
    if not proposals:
        return []
    deals = [deal for deal, _weight in proposals]
    weights = [weight for _deal, weight in proposals]
    return [list(deal) for deal in rng.choices(deals, weights, k=count)]


def draw_deals(dealer: Dealer, rng: random.Random, count: int) -> list[list[int]]:
    """``count`` deals drawn independently, or every deal once when there are at most ``count`` of them.

    A ``UniformDealer`` whose exact count would cost too much draws by importance resampling instead.
    """
    if isinstance(dealer, UniformDealer) and dealer.exact_work() > EXACT_WORK:
        return resampled_deals(dealer, rng, count)
    total = dealer.count()
    if total == 0:
        return []
    if total <= count:
        return list(dealer.every_deal())
    deals = []
    for _ in range(count):
        deal = dealer.deal(rng)
        assert deal is not None
        deals.append(deal)
    return deals
