"""Random deals: one card at a time from the seat after the dealer, the dealer's tenth card turned, the albur."""

from __future__ import annotations

import random

import pytest

from cardtable.engine.cards import shuffled
from cardtable.engine.errors import RecordError
from cardtable.games.malilla.rules import RULES, MalillaDeal, albur_drawers, albur_winner
from tests.games.malilla.helpers import SEED_DEAL, options


@pytest.mark.parametrize("deck", ["spanish40", "spanish48"])
@pytest.mark.parametrize("dealer", range(4))
def test_cards_go_one_at_a_time_from_the_seat_after_the_dealer(deck: str, dealer: int) -> None:
    opts = options(deck=deck)
    full = opts.pack.deck.full
    deal = RULES.random_deal(random.Random(11), opts, 4, dealer)
    order = shuffled(full, random.Random(11))  # the same shuffle the deal drew
    size = opts.pack.cards_each
    assert [h.bit_count() for h in deal.hands] == [size] * 4
    for position, card in enumerate(order):
        assert deal.hands[(dealer + 1 + position) % 4] >> card & 1
    # The last card dealt is the dealer's tenth (twelfth) card, and it is the turned card.
    assert (dealer + 1 + len(order) - 1) % 4 == dealer
    assert deal.turned == order[-1]
    assert deal.hands[dealer] >> deal.turned & 1
    assert deal.albur is None


def test_a_seed_gives_the_same_deal_and_other_seeds_other_deals() -> None:
    opts = options(albur=True)
    first = RULES.random_deal(random.Random(5), opts, 4, 2)
    again = RULES.random_deal(random.Random(5), opts, 4, 2)
    other = RULES.random_deal(random.Random(6), opts, 4, 2)
    assert (first.hands, first.turned, first.albur) == (again.hands, again.turned, again.albur)
    assert first.hands != other.hands


@pytest.mark.parametrize("deck", ["spanish40", "spanish48"])
def test_the_albur_draws_two_different_cards_of_the_same_deck(deck: str) -> None:
    opts = options(albur=True, deck=deck)
    for seed in range(30):
        deal = RULES.random_deal(random.Random(seed), opts, 4, seed % 4)
        assert deal.albur is not None
        team0, team1 = deal.albur
        assert team0 != team1
        assert 0 <= team0 < len(opts.pack.deck) and 0 <= team1 < len(opts.pack.deck)


def test_albur_drawers_are_the_first_seat_of_each_team_after_the_dealer() -> None:
    assert albur_drawers(3) == (0, 1)
    assert albur_drawers(0) == (2, 1)
    assert albur_drawers(1) == (2, 3)
    assert albur_drawers(2) == (0, 3)


@pytest.mark.parametrize(
    ("pair", "dealer", "winner"),
    [
        (("7D", "7C"), 3, 1),  # equal rank: bastos beat oros
        (("7C", "7S"), 3, 0),  # bastos beat espadas
        (("2H", "2D"), 3, 0),  # copas beat oros
        (("AC", "7D"), 3, 1),  # rank first: 7 > A
        (("KS", "NS"), 0, 2),  # team 0 draws at seat 2 when seat 0 deals
        (("2D", "JD"), 0, 1),
    ],
)
def test_the_albur_winner(pair: tuple[str, str], dealer: int, winner: int) -> None:
    deck = options().pack.deck
    assert albur_winner(deck, dealer, (deck.parse(pair[0]), deck.parse(pair[1]))) == winner


def test_a_random_deal_round_trips_through_the_record_form() -> None:
    opts = options(albur=True)
    deck = opts.pack.deck
    deal = RULES.random_deal(random.Random(3), opts, 4, 1)
    raw = deal.to_json(deck)
    assert set(raw) == {"hands", "turned", "albur"}
    back = RULES.parse_deal(raw, opts, 4, 1)
    assert (back.hands, back.turned, back.albur) == (deal.hands, deal.turned, deal.albur)


def test_parse_deal_checks_turned_and_albur() -> None:
    opts = options()
    good = {"hands": SEED_DEAL, "turned": "7h"}
    deal = RULES.parse_deal(good, opts, 4, 3)
    assert isinstance(deal, MalillaDeal) and opts.pack.deck.codes[deal.turned] == "7H"
    for raw, dealer, message in [
        ({"hands": SEED_DEAL}, 3, "turned is missing"),
        (good, 0, "must be one of the dealer's cards"),
        ({"hands": SEED_DEAL, "turned": "8H"}, 3, "deal.turned"),
        ({"hands": SEED_DEAL, "turned": "7H", "albur": ["7D", "7C"]}, 3, "albur must be absent"),
    ]:
        with pytest.raises(RecordError, match=message):
            RULES.parse_deal(raw, opts, 4, dealer)
    with pytest.raises(RecordError, match="albur is missing"):
        RULES.parse_deal(good, options(albur=True), 4, 3)
