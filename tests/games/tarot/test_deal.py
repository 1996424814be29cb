"""Cards, points and the deal (rules "Cards" and "Dealing"): deck order, packets, the chien's gaps, petit sec."""

from __future__ import annotations

import itertools
import random

import pytest

from cardtable.engine.cards import bits
from cardtable.engine.errors import RecordError
from cardtable.games.tarot.rules import (
    DECK,
    HALF_POINTS,
    RULES,
    SIZES,
    deal_packets,
    half_points_of,
    is_petit_sec,
)
from tests.games.tarot.helpers import cards, options, trumps


def test_deck_order_is_the_rules_order() -> None:
    suit = cards("A 2 3 4 5 6 7 8 9 10 J N Q K")
    expected = [r + s for s in "SHDC" for r in suit] + trumps(*range(1, 22)) + ["EX"]
    assert list(DECK.codes) == expected
    assert DECK.codes_of(DECK.mask_of(["EX", "T1", "KC", "AS"])) == ["AS", "KC", "T1", "EX"]


def test_card_points_total_91() -> None:
    assert sum(HALF_POINTS) == 182
    points = {code: HALF_POINTS[DECK.index[code]] / 2 for code in ("T1", "T21", "EX", "KH", "QH", "NH", "JH", "10H",
                                                                     "AS", "T2", "T20")}  # fmt: skip
    assert points == {"T1": 4.5, "T21": 4.5, "EX": 4.5, "KH": 4.5, "QH": 3.5, "NH": 2.5, "JH": 1.5, "10H": 0.5,
                      "AS": 0.5, "T2": 0.5, "T20": 0.5}  # fmt: skip
    # Seed example 2's trick: KH + T5 + T12 + 7H = 6.
    assert half_points_of(DECK.mask_of(cards("KH T5 T12 7H"))) == 12


@pytest.mark.parametrize("players", [3, 4, 5])
def test_random_deals_have_the_right_counts(players: int) -> None:
    size = SIZES[players]
    assert size.packets == {3: 18, 4: 24, 5: 25}[players]
    rng = random.Random(players)
    for dealer in range(players):
        deal = RULES.random_deal(rng, options(), players, dealer)
        assert [h.bit_count() for h in deal.hands] == [size.cards_each] * players
        assert deal.chien.bit_count() == size.chien
        assert sum(deal.hands) + deal.chien == DECK.full


def test_the_same_seed_deals_the_same_cards() -> None:
    first = RULES.random_deal(random.Random("x"), options(), 4, 2)
    second = RULES.random_deal(random.Random("x"), options(), 4, 2)
    assert (first.hands, first.chien) == (second.hands, second.chien)
    third = RULES.random_deal(random.Random("y"), options(), 4, 2)
    assert (first.hands, first.chien) != (third.hands, third.chien)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_packets_go_round_from_the_seat_after_the_dealer(players: int) -> None:
    size = SIZES[players]
    order = list(range(78))
    dealer = 1
    gaps = set(range(1, size.chien + 1))
    deal = deal_packets(order, players, dealer, gaps)
    # Packet 0 is the top of the pack and goes to the seat after the dealer; then one chien card (gap 1).
    first = (dealer + 1) % players
    assert list(bits(deal.hands[first]))[: size.packet] == list(range(size.packet))
    assert size.packet in bits(deal.chien)
    second = (dealer + 2) % players
    assert next(iter(bits(deal.hands[second]))) == size.packet + 1
    # Each round ends with the dealer.
    assert (dealer + 1 + players - 1) % players == dealer


@pytest.mark.parametrize("seed", range(20))
def test_chien_cards_sit_between_packets_one_per_gap(seed: int) -> None:
    rng = random.Random(seed)
    players = rng.choice([3, 4, 5])
    size = SIZES[players]
    gaps = set(rng.sample(range(1, size.packets), size.chien))
    deal = deal_packets(list(range(78)), players, rng.randrange(players), gaps)
    positions = sorted(bits(deal.chien))
    assert positions[0] != 0 and positions[-1] != 77
    assert all(b - a > size.packet for a, b in itertools.pairwise(positions))


@pytest.mark.parametrize(
    ("held", "sec"),
    [
        ("T1 AS 2S", True),
        # The Excuse guards the Petit: not sec.
        ("T1 EX AS", False),
        ("T1 T2 AS", False),
        ("T2 EX AS", False),
        ("AS 2S", False),
    ],
)
def test_petit_sec(held: str, sec: bool) -> None:
    assert is_petit_sec(DECK.mask_of(cards(held))) is sec


def test_a_deal_record_needs_a_chien_of_the_right_size() -> None:
    deal = RULES.random_deal(random.Random(1), options(), 5, 0)
    raw = deal.to_json(DECK)
    assert [len(h) for h in raw["hands"]] == [15] * 5 and len(raw["chien"]) == 3
    assert RULES.parse_deal(raw, options(), 5, 0).chien == deal.chien
    with pytest.raises(RecordError, match="chien"):
        RULES.parse_deal({"hands": raw["hands"], "chien": raw["chien"][:2]}, options(), 5, 0)
