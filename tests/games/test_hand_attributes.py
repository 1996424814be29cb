"""A hand keeps few enough attributes of its own for CPython to share their keys, through the whole of its play.

CPython 3.11 stores an object's attributes in a compact, shared-key form only while its class has seen at most
thirty attribute names; past that, every hand of the game gets an ordinary dict, and every attribute read and
write of play (tens of them at each card) becomes slower: Manille's random play lost a sixth of its speed to it.
Facts that stay at one value in most hands until late therefore start on the class, and a hand takes its own once
they change.  This holds the games of suited tricks (``TrickHand``), whose play runs through the shared trick core
card after card; Truco's hands (three tricks, a handful of decisions) measured no gain from it and are left out.
"""

from __future__ import annotations

import random

import pytest

from cardtable.engine.match import Match
from cardtable.engine.players import RandomPlayer, run_now
from cardtable.games import available_games, find_game
from cardtable.games.tricks import TrickHand

#: CPython's limit of shared keys (``SHARED_KEYS_MAX_SIZE`` in Objects/dictobject.c).
SHARED_KEYS = 30


def deals_tricks(game: str) -> bool:
    """Whether the game's hands are played through the shared trick core."""
    rules = find_game(game)
    players = rules.default_players
    options = rules.parse_options(None, players)
    deal = rules.random_deal(random.Random(0), options, players, 0)
    return isinstance(rules.new_hand(options, players, 0, deal, [0] * players), TrickHand)


TRICK_GAMES = [game for game in available_games() if deals_tricks(game)]


@pytest.mark.parametrize("game", TRICK_GAMES)
def test_a_hand_sets_at_most_thirty_attribute_names_before_its_end(game: str) -> None:
    rules = find_game(game)
    players = rules.default_players
    options = rules.parse_options(None, players)
    rng = random.Random(3)
    seats = [RandomPlayer(random.Random(seat)) for seat in range(players)]
    names: set[str] = set()
    match = Match(rules, options, players)
    for _ in range(30):
        if match.over:
            match = Match(rules, options, players)
        state = match.deal_new_hand(rng)
        while not state.complete:
            names.update(vars(state))
            seat = state.to_act
            assert seat is not None
            match.apply(run_now(seats[seat].choose(state.view(seat))))
    assert len(names) <= SHARED_KEYS, f"{game}: {len(names)} attribute names set in play: {sorted(names)}"
