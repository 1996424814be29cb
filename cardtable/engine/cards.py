"""Card codes, decks and hands as integer bitmasks.

A deck numbers its cards so that each suit occupies a block of consecutive bits ordered from the weakest
to the strongest rank of the game.  "Cards of this suit above that card" is then a single mask, which
keeps legal-move generation to a few integer operations.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field

from .errors import quote

SUITS = ("S", "H", "D", "C")
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
#: The Spanish suits of Malilla's deck under the same letters: D oros, H copas, S espadas, C bastos.
SPANISH_SUIT_NAMES = {"S": "espadas", "H": "copas", "D": "oros", "C": "bastos"}
SUIT_GLYPHS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
RANK_NAMES = {
    "A": "ace",
    "2": "two",
    "3": "three",
    "4": "four",
    "5": "five",
    "6": "six",
    "7": "seven",
    "8": "eight",
    "9": "nine",
    "10": "ten",
    "J": "jack",
    "N": "knight",
    "Q": "queen",
    "K": "king",
}
#: The Spanish pack's court cards by their own names: the sota, the caballo and the rey.
SPANISH_RANK_NAMES = {**RANK_NAMES, "J": "sota", "N": "caballo", "K": "rey"}
#: The letters the Spanish pack's court cards are drawn with, after their names (the record keeps J, N, K).
SPANISH_RANK_FACES = {"J": "S", "N": "C", "K": "R"}
#: The Spanish suits' ASCII marks: their own initials in lower case (oros, copas, espadas, bastos), which no
#: rank letter is, so "Sc" (the sota of copas) and "Ce" (the caballo of espadas) read one way only.
SPANISH_ASCII_SUITS = {"D": "o", "H": "c", "S": "e", "C": "b"}


def split_code(code: str) -> tuple[str, str]:
    """Split a suit-card code such as ``10H`` into its rank and suit."""
    return code[:-1], code[-1]


@dataclass(frozen=True, eq=False)
class Deck:
    """A set of suited cards with a fixed bit numbering.

    ``ranks`` lists the ranks from the weakest to the strongest, so a card's bit index within its suit
    is its strength.  ``extra`` holds unsuited cards (Tarot's trumps and Excuse) placed after the suits.
    """

    name: str
    ranks: tuple[str, ...]
    suits: tuple[str, ...] = SUITS
    extra: tuple[str, ...] = ()
    codes: tuple[str, ...] = field(init=False)
    index: dict[str, int] = field(init=False, repr=False)
    suit_of: tuple[int, ...] = field(init=False, repr=False)
    strength_of: tuple[int, ...] = field(init=False, repr=False)
    suit_masks: tuple[int, ...] = field(init=False, repr=False)
    above: tuple[int, ...] = field(init=False, repr=False)
    full: int = field(init=False, repr=False)

    def __post_init__(self) -> None:
        codes: list[str] = []
        suit_of: list[int] = []
        strength: list[int] = []
        for suit_index, suit in enumerate(self.suits):
            for rank_index, rank in enumerate(self.ranks):
                codes.append(rank + suit)
                suit_of.append(suit_index)
                strength.append(rank_index)
        for extra_index, code in enumerate(self.extra):
            codes.append(code)
            suit_of.append(len(self.suits))
            strength.append(extra_index)
        n_ranks = len(self.ranks)
        suit_masks = [((1 << n_ranks) - 1) << (s * n_ranks) for s in range(len(self.suits))]
        suit_masks.append(((1 << len(self.extra)) - 1) << (len(self.suits) * n_ranks))
        above = []
        for i in range(len(codes)):
            above.append(suit_masks[suit_of[i]] & ~((2 << i) - 1))
        set_ = object.__setattr__
        set_(self, "codes", tuple(codes))
        set_(self, "index", {c: i for i, c in enumerate(codes)})
        set_(self, "suit_of", tuple(suit_of))
        set_(self, "strength_of", tuple(strength))
        set_(self, "suit_masks", tuple(suit_masks))
        set_(self, "above", tuple(above))
        set_(self, "full", (1 << len(codes)) - 1)

    def __len__(self) -> int:
        return len(self.codes)

    def parse(self, code: object, allowed: int | None = None) -> int:
        """Return the bit index of a card code (any case); raise ``ValueError`` if it is not in the deck."""
        if not isinstance(code, str):
            raise ValueError(f"{quote(code)} is not a card code")
        index = self.index.get(code.strip().upper())
        if index is None or (allowed is not None and not (allowed >> index) & 1):
            raise ValueError(f"{quote(code)} is not a card of this deck")
        return index

    def mask_of(self, codes: Iterable[str]) -> int:
        mask = 0
        for code in codes:
            mask |= 1 << self.parse(code)
        return mask

    def codes_of(self, mask: int) -> list[str]:
        """The codes of a mask in deck order (suit by suit, weakest first)."""
        return [self.codes[i] for i in bits(mask)]

    def suit_letter(self, index: int) -> str:
        return self.suits[self.suit_of[index]] if self.suit_of[index] < len(self.suits) else ""


def bits(mask: int) -> Iterator[int]:
    """The set bit indices of ``mask``, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def nth_bit(mask: int, n: int) -> int:
    """The index of the ``n``-th set bit of ``mask`` (0-based, lowest first)."""
    for _ in range(n):
        mask &= mask - 1
    return (mask & -mask).bit_length() - 1


def lowest(mask: int) -> int:
    return (mask & -mask).bit_length() - 1


def highest(mask: int) -> int:
    return mask.bit_length() - 1


POW2 = tuple(1 << i for i in range(128))


@functools.cache
def cards_in(mask: int) -> tuple[int, ...]:
    return tuple(bits(mask))


def shuffled(mask: int, rng: random.Random) -> list[int]:
    """The cards of ``mask`` in a random order drawn from ``rng`` (the same on every machine)."""
    draw = rng.random
    return sorted(cards_in(mask), key=lambda _card: draw())


def mask_of_indices(indices: Iterable[int]) -> int:
    mask = 0
    for index in indices:
        mask |= 1 << index
    return mask


@functools.cache
def _packet_positions(players: int, packets: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """For each seat counted from the first one dealt to, the positions of its cards in the pack."""
    positions: list[list[int]] = [[] for _ in range(players)]
    position = 0
    for size in packets:
        for k in range(players):
            positions[k].extend(range(position, position + size))
            position += size
    return tuple(tuple(p) for p in positions)


def deal_in_packets(order: Sequence[int], players: int, first: int, packets: Sequence[int]) -> list[list[int]]:
    """Deal shuffled cards in rounds of packets, each round starting with seat ``first``."""
    positions = _packet_positions(players, tuple(packets))
    return [[order[p] for p in positions[(seat - first) % players]] for seat in range(players)]


def deal_masks(order: Sequence[int], players: int, first: int, packets: Sequence[int]) -> list[int]:
    """``deal_in_packets`` as hand masks (the fast path of random deals)."""
    positions = _packet_positions(players, tuple(packets))
    pow2 = POW2.__getitem__
    return [sum(map(pow2, map(order.__getitem__, positions[(seat - first) % players]))) for seat in range(players)]
