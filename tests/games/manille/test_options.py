"""Manille's options as a record gives them: defaults, types, the 3-player limits and ``options.players``."""

from __future__ import annotations

from typing import Any

import pytest

from cardtable.engine.errors import RecordError
from cardtable.engine.options import options_to_json
from cardtable.games.manille.rules import RULES, ManilleOptions


def test_defaults() -> None:
    for raw in (None, {}):
        opts = RULES.parse_options(raw, 4)
        assert options_to_json(opts) == {
            "house": "classic",
            "target": 101,
            "partner_exemption": False,
            "must_beat": True,
            "last_trick_bonus": False,
            "doubling": False,
            "auction": False,
            "talk": False,
        }


@pytest.mark.parametrize("target", [1, 50, 101, 201, 1000])
def test_any_positive_target(target: int) -> None:
    assert RULES.parse_options({"target": target}, 4).target == target


def test_every_option_together_with_four_players() -> None:
    raw = {"target": 50, "partner_exemption": True, "must_beat": False, "last_trick_bonus": True}
    opts = RULES.parse_options({**raw, "doubling": True, "auction": True}, 4)
    assert (opts.doubling, opts.auction, opts.must_beat, opts.target) == (True, True, False, 50)


def test_three_players_allow_the_play_options() -> None:
    raw = {"target": 50, "partner_exemption": True, "must_beat": False, "last_trick_bonus": True}
    assert RULES.parse_options(raw, 3) == ManilleOptions(**raw)


@pytest.mark.parametrize(
    ("raw", "players", "field"),
    [
        ({"trump_choice": True}, 4, "trump_choice"),
        ({"no_trump": False}, 4, "no_trump"),
        ({"target": "101"}, 4, "target"),
        ({"target": 101.0}, 4, "target"),
        ({"target": True}, 4, "target"),
        ({"target": 0}, 4, "target"),
        ({"target": -50}, 4, "target"),
        ({"must_beat": 1}, 4, "must_beat"),
        ({"must_beat": "true"}, 4, "must_beat"),
        ({"partner_exemption": None}, 4, "partner_exemption"),
        ({"last_trick_bonus": 0}, 4, "last_trick_bonus"),
        ({"doubling": "yes"}, 4, "doubling"),
        ({"auction": 1}, 4, "auction"),
        ({"doubling": True}, 3, "doubling"),
        ({"auction": True}, 3, "auction"),
        ({"auction": True, "doubling": True}, 3, "4 players"),
        ({"players": 3}, 4, "players"),
        ({"players": 4}, 3, "players"),
        ({"players": "4"}, 4, "players"),
        ({"players": 4.0}, 4, "players"),
        ({"players": True}, 4, "players"),
        (["target", 50], 4, "options"),
        ("doubling", 4, "options"),
    ],
)
def test_malformed_options_name_the_field(raw: Any, players: int, field: str) -> None:
    with pytest.raises(RecordError) as caught:
        RULES.parse_options(raw, players)
    assert field in caught.value.reason


@pytest.mark.parametrize("players", [3, 4])
def test_options_players_equal_to_players_is_accepted(players: int) -> None:
    assert RULES.parse_options({"players": players}, players) == ManilleOptions()


def test_false_doubling_and_auction_are_fine_with_three_players() -> None:
    assert RULES.parse_options({"doubling": False, "auction": False}, 3) == ManilleOptions()
