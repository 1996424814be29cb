"""Seeded deals: three cards each, one at a time from the seat after the dealer, then the vira (Paulista)."""

from __future__ import annotations

import random

import pytest

from cardtable.engine.cards import bits, shuffled
from cardtable.engine.errors import RecordError
from cardtable.games.truco.common import TrucoDeal
from cardtable.games.truco.rules import DECK, RULES


@pytest.mark.parametrize("players", [2, 4, 6])
@pytest.mark.parametrize("variant", ["paulista", "mineiro"])
def test_random_deal_shape(players: int, variant: str) -> None:
    options = RULES.parse_options({"variant": variant}, players)
    for seed in range(30):
        deal = RULES.random_deal(random.Random(seed), options, players, seed % players)
        assert all(h.bit_count() == 3 for h in deal.hands)
        together = 0
        for h in deal.hands:
            assert not together & h
            together |= h
        if variant == "paulista":
            assert deal.vira is not None and not together >> deal.vira & 1
        else:
            assert deal.vira is None


@pytest.mark.parametrize("players", [2, 4, 6])
def test_one_card_at_a_time_from_the_seat_after_the_dealer(players: int) -> None:
    options = RULES.parse_options({}, players)
    dealer = 1
    deal = RULES.random_deal(random.Random(7), options, players, dealer)
    order = shuffled(DECK.full, random.Random(7))  # the same draws: the pack in dealing order
    for k in range(3 * players):
        seat = (dealer + 1 + k) % players
        assert deal.hands[seat] >> order[k] & 1
    assert deal.vira == order[3 * players]


def test_seeded_deals_repeat() -> None:
    options = RULES.parse_options({}, 4)
    one = RULES.random_deal(random.Random(42), options, 4, 0)
    two = RULES.random_deal(random.Random(42), options, 4, 0)
    assert one.hands == two.hands and one.vira == two.vira


def test_deal_round_trips_through_its_record_form() -> None:
    options = RULES.parse_options({}, 4)
    deal = RULES.random_deal(random.Random(3), options, 4, 2)
    again = RULES.parse_deal(deal.to_json(DECK), options, 4, 2)
    assert again.hands == deal.hands and again.vira == deal.vira
    mineiro = RULES.parse_options({"variant": "mineiro"}, 2)
    plain = RULES.random_deal(random.Random(3), mineiro, 2, 0)
    assert "vira" not in plain.to_json(DECK)
    assert RULES.parse_deal(plain.to_json(DECK), mineiro, 2, 0).vira is None


def test_vira_any_case_and_errors() -> None:
    options = RULES.parse_options({}, 2)
    raw = {"hands": [["3S", "KD", "6C"], ["2S", "QH", "7D"]], "vira": "4h"}
    deal = RULES.parse_deal(raw, options, 2, 0)
    assert isinstance(deal, TrucoDeal) and DECK.codes[deal.vira or 0] == "4H"
    assert {DECK.codes[c] for c in bits(deal.hands[0])} == {"3S", "KD", "6C"}
    for bad in ({**raw, "vira": None}, {**raw, "vira": "8H"}, {**raw, "vira": "3S"}):
        with pytest.raises(RecordError, match="vira"):
            RULES.parse_deal(bad, options, 2, 0)
