"""The trick basics of the ``beginner`` level (``cardtable.games.beginner``), on Manille's cards and pips.

Then, for every game, player count and option set: the beginner plays whole matches to the end, only legal
actions (the engine would refuse any other), and the same view always gets the same answer.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from cardtable.engine.game import GameRules
from cardtable.engine.players import computer_levels, make_computer
from cardtable.engine.sim import simulate
from cardtable.games import available_games, find_game
from cardtable.games.beginner import TrickSense, trick_worth, winning_card
from cardtable.games.manille.rules import DECK, PIPS
from cardtable.games.tricks import beats

SENSE = TrickSense(PIPS, DECK.strength_of, DECK.suit_of, DECK.suit_masks)
HEARTS = DECK.suit_masks[1]


def mask(codes: str) -> int:
    return DECK.mask_of(codes.split())


def code(card: int) -> str:
    return DECK.codes[card]


def takes(card: int, win_card: int) -> bool:
    return beats(DECK, card, win_card, 1)  # hearts are trumps


def test_throw_low_gives_the_least_worth_then_a_side_card_before_a_trump_then_the_lowest_rank() -> None:
    assert code(SENSE.throw_low(mask("10S JD 9C KH"), HEARTS)) == "9C"
    # A zero-pip trump and a zero-pip side card: the side card goes.
    assert code(SENSE.throw_low(mask("7H 9S JD"), HEARTS)) == "9S"
    assert code(SENSE.throw_low(mask("9S 8D"), HEARTS)) == "8D"


def test_the_cheapest_winner_is_the_least_worth_among_the_winners() -> None:
    assert code(SENSE.cheapest_winner(mask("10S 7H AH"), HEARTS)) == "7H"


def test_lead_high_plays_the_highest_side_card_trumps_only_when_nothing_else_is_held() -> None:
    assert code(SENSE.lead_high(mask("10H AS 8S KD"), mask("10H AS 8S KD"), HEARTS)) == "AS"
    # Equal ranks: the card of the longer suit.
    hand = mask("AS AD 8D 9D 10H")
    assert code(SENSE.lead_high(hand, hand, HEARTS)) == "AD"
    assert code(SENSE.lead_high(mask("7H 10H"), mask("7H 10H"), HEARTS)) == "10H"


def test_lead_top_or_low_cashes_a_top_card_else_leads_low_from_the_shortest_side_suit() -> None:
    hand = mask("10D 7S 8S 9S KC 10H")
    assert code(SENSE.lead_top_or_low(hand, hand, HEARTS)) == "10D"
    hand = mask("7S 8S 9S KC QC 9D 10H")
    assert code(SENSE.lead_top_or_low(hand, hand, HEARTS)) == "9D"


def test_follow_throws_low_under_its_sides_trick_and_takes_a_trick_worth_taking_cheaply() -> None:
    cards = mask("8S KS AS 7H")
    # Its side holds the trick: the lowest card, though a king would win it.
    assert code(SENSE.follow(cards, HEARTS, DECK.index["QS"], True, True, takes)) == "8S"
    # The other side holds a trick worth taking: the cheapest card that wins.
    assert code(SENSE.follow(cards, HEARTS, DECK.index["QS"], False, True, takes)) == "7H"
    # Not worth taking: low.
    assert code(SENSE.follow(cards, HEARTS, DECK.index["QS"], False, False, takes)) == "8S"
    # Nothing wins: low.
    assert code(SENSE.follow(mask("8S 9S"), HEARTS, DECK.index["QS"], False, True, takes)) == "8S"


def test_the_card_winning_the_trick_and_the_worth_of_the_trick_come_from_the_cards_in_front_of_it() -> None:
    trick = ((1, DECK.index["QS"]), (2, DECK.index["AS"]), (3, DECK.index["8S"]))
    assert code(winning_card(trick, 2)) == "AS"
    assert winning_card((), None) == -1
    assert trick_worth(trick, PIPS) == 6


# ===================================================================== every game, every option set
#: (game, players, options): every variant and option the beginner must play.
SETUPS: list[tuple[str, int, dict[str, Any]]] = [
    ("malilla", 4, {}),
    ("malilla", 4, {"albur": True, "target": 70}),
    ("malilla", 4, {"deck": "spanish48"}),
    ("malilla", 4, {"redeal_seven": False}),
    ("manille", 4, {}),
    ("manille", 4, {"doubling": True, "auction": True, "last_trick_bonus": True}),
    ("manille", 4, {"must_beat": False, "partner_exemption": True, "target": 50}),
    ("manille", 3, {}),
    *[("truco", players, {"variant": variant}) for players in (2, 4, 6) for variant in ("paulista", "mineiro")],
    ("truco", 4, {"variant": "paulista", "tied_trick_lead": "first_tying_card", "target": 5}),
    *[("truco", players, {"variant": "argentino", "flor": True, "target": 15}) for players in (2, 4, 6)],
    ("truco", 2, {"variant": "argentino"}),
    *[("tarot", players, {"deals": 1}) for players in (3, 4, 5)],
    ("tarot", 4, {"deals": 1, "bonuses": False}),
]


def rules_and_options(game: str, players: int, raw: dict[str, Any]) -> tuple[GameRules, Any]:
    rules = find_game(game)
    return rules, rules.parse_options(raw, players)


@pytest.mark.parametrize(("game", "players", "raw"), SETUPS)
def test_the_beginner_plays_every_option_set_to_the_end(game: str, players: int, raw: dict[str, Any]) -> None:
    rules, options = rules_and_options(game, players, raw)
    assert "beginner" in computer_levels(rules)
    out = simulate(rules, ["beginner", "random"] * (players // 2) + ["beginner"] * (players % 2), options,
                   matches=2, seed=7)  # fmt: skip
    assert out["unfinished"] == 0
    assert sum(out["wins_by_seat"]) >= 2


@pytest.mark.parametrize("game", available_games())
def test_the_beginner_answers_a_view_the_same_way_every_time(game: str) -> None:
    rules = find_game(game)
    players = rules.default_players
    options = rules.parse_options({}, players)
    rng = random.Random(3)
    state = rules.new_hand(options, players, 0, rules.random_deal(rng, options, players, 0), [0] * players)
    random_player = make_computer(rules, "random", random.Random(4))
    for _ in range(12):
        if state.complete:
            break
        seat = state.to_act
        assert seat is not None
        view = state.view(seat)
        first = make_computer(rules, "beginner").decide(view)
        assert make_computer(rules, "beginner").decide(state.view(seat)) == first
        state.verify(state.resolve(first))  # the engine's own check: it raises on an illegal action
        state.apply(random_player.decide(view))
