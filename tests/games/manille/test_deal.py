"""The decks and the random deal: 32 or 30 cards, packets 3-2-3 (3-4-3) from the seat after the dealer."""

from __future__ import annotations

import random

import pytest

from cardtable.engine.cards import bits
from cardtable.games.manille import rules
from cardtable.games.manille.rules import DECK, RULES
from tests.games.manille.helpers import FULL_DECK_CODES, options


def test_four_player_deck_is_the_piquet_pack() -> None:
    deck, in_play = RULES.deck(options(4), 4)
    assert sorted(deck.codes_of(in_play)) == sorted(FULL_DECK_CODES)
    assert len(FULL_DECK_CODES) == 32


def test_three_player_deck_drops_the_black_sevens() -> None:
    deck, in_play = RULES.deck(options(3), 3)
    codes = deck.codes_of(in_play)
    assert len(codes) == 30
    assert "7S" not in codes and "7C" not in codes
    assert "7H" in codes and "7D" in codes


@pytest.mark.parametrize("players", [3, 4])
def test_pips_are_60_a_deal(players: int) -> None:
    in_play = RULES.deck(options(players), players)[1]
    assert sum(rules.PIPS[c] for c in bits(in_play)) == 60
    assert {code: rules.PIPS[DECK.index[code]] for code in ("10S", "AS", "KS", "QS", "JS", "9S", "8S", "7S")} == {
        "10S": 5,
        "AS": 4,
        "KS": 3,
        "QS": 2,
        "JS": 1,
        "9S": 0,
        "8S": 0,
        "7S": 0,
    }


def expected_positions(players: int, packets: tuple[int, ...], dealer: int) -> dict[int, list[int]]:
    """Positions in the pack of each seat's cards: rounds of packets from seat dealer + 1 round to the dealer."""
    out: dict[int, list[int]] = {seat: [] for seat in range(players)}
    position = 0
    for size in packets:
        for k in range(1, players + 1):
            seat = (dealer + k) % players
            out[seat] += list(range(position, position + size))
            position += size
    return out


PACKET_CASES = [(4, (3, 2, 3), dealer) for dealer in range(4)] + [(3, (3, 4, 3), dealer) for dealer in range(3)]


@pytest.mark.parametrize(("players", "packets", "dealer"), PACKET_CASES)
def test_packets_and_turned_card(
    monkeypatch: pytest.MonkeyPatch, players: int, packets: tuple[int, ...], dealer: int
) -> None:
    pack: list[int] = []

    def known_order(mask: int, rng: random.Random) -> list[int]:
        pack[:] = list(bits(mask))
        random.Random(99).shuffle(pack)
        return list(pack)

    monkeypatch.setattr(rules, "shuffled", known_order)
    dealt = RULES.random_deal(random.Random(1), options(players), players, dealer)
    for seat, positions in expected_positions(players, packets, dealer).items():
        assert sorted(bits(dealt.hands[seat])) == sorted(pack[p] for p in positions)
    assert dealt.turned == pack[-1]  # the last card dealt is the dealer's, and it is turned
    assert dealt.hands[dealer] >> pack[-1] & 1


@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize("seed", range(5))
def test_random_deal_is_a_deal_of_the_deck(players: int, seed: int) -> None:
    in_play = RULES.deck(options(players), players)[1]
    for dealer in range(players):
        dealt = RULES.random_deal(random.Random(seed), options(players), players, dealer)
        assert [h.bit_count() for h in dealt.hands] == [32 // players if players == 4 else 10] * players
        union = 0
        for hand in dealt.hands:
            assert union & hand == 0
            union |= hand
        assert union == in_play
        assert dealt.turned is not None and dealt.hands[dealer] >> dealt.turned & 1


def test_same_seed_same_deal_and_different_seeds_differ() -> None:
    opts = options(4)
    first = RULES.random_deal(random.Random(2024), opts, 4, 1)
    again = RULES.random_deal(random.Random(2024), opts, 4, 1)
    assert (first.hands, first.turned) == (again.hands, again.turned)
    others = {tuple(RULES.random_deal(random.Random(seed), opts, 4, 1).hands) for seed in range(20)}
    assert len(others) == 20


def test_auction_deal_turns_no_card() -> None:
    dealt = RULES.random_deal(random.Random(5), options(4, auction=True), 4, 2)
    assert dealt.turned is None
    assert "turned" not in dealt.to_json(DECK)


def test_deal_to_json_round_trips_through_parse_deal() -> None:
    opts = options(4)
    dealt = RULES.random_deal(random.Random(8), opts, 4, 0)
    raw = dealt.to_json(DECK)
    parsed = RULES.parse_deal(raw, opts, 4, 0)
    assert (parsed.hands, parsed.turned) == (dealt.hands, dealt.turned)
