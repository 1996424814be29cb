"""Manille's options as a record gives them: defaults, types, the 3-player limits and ``options.players``."""

from __future__ import annotations

from typing import Any

import pytest

from cardtable.engine.errors import RecordError
from cardtable.engine.options import OptionError, option_fields, options_to_json
from cardtable.games.manille.rules import RULES, House, ManilleOptions
from tests.support import run_cli


def test_defaults() -> None:
    raw: dict[str, Any] | None
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
    raw: dict[str, Any] = {"target": 50, "partner_exemption": True, "must_beat": False, "last_trick_bonus": True}
    opts = RULES.parse_options({**raw, "doubling": True, "auction": True}, 4)
    assert (opts.doubling, opts.auction, opts.must_beat, opts.target) == (True, True, False, 50)


def test_three_players_allow_the_play_options() -> None:
    raw: dict[str, Any] = {"target": 50, "partner_exemption": True, "must_beat": False, "last_trick_bonus": True}
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


# ===================================================================== house rules and table talk
def test_the_house_is_read_as_its_enum_and_comes_first() -> None:
    opts = RULES.parse_options({"house": "belgian"}, 4)
    assert opts.house is House.BELGIAN and options_to_json(opts)["house"] == "belgian"
    assert next(iter(options_to_json(opts))) == "house"
    # The new-game form lists the options in this order: the house comes first among Manille's.
    assert option_fields(ManilleOptions)[0].name == "house"


@pytest.mark.parametrize("house", ["french", "belgian"])
def test_the_french_and_belgian_houses_always_exempt_the_partner(house: str) -> None:
    for raw in ({"house": house}, {"house": house, "partner_exemption": True}):
        assert RULES.parse_options(raw, 4).partner_exemption is True
    # What a match writes back (the exemption as true) reads again.
    written = options_to_json(RULES.parse_options({"house": house}, 4))
    assert RULES.parse_options(written, 4) == RULES.parse_options({"house": house}, 4)


@pytest.mark.parametrize(
    ("raw", "players", "option", "words"),
    [
        ({"house": "french", "last_trick_bonus": True}, 4, "last_trick_bonus", "french"),
        ({"house": "french", "partner_exemption": False}, 4, "partner_exemption", "french"),
        ({"house": "belgian", "partner_exemption": False}, 4, "partner_exemption", "belgian"),
        ({"house": "belgian", "auction": True}, 4, "auction", "belgian"),
        ({"house": "french"}, 3, "house", "4 players"),
        ({"house": "belgian"}, 3, "house", "4 players"),
        ({"talk": True}, 3, "talk", "4 players"),
        ({"house": "dutch"}, 4, "house", "classic, french, belgian"),
        ({"house": None}, 4, "house", "string"),
        ({"talk": "yes"}, 4, "talk", "true or false"),
    ],
)
def test_contradictory_combinations_are_refused_naming_the_option(
    raw: dict[str, Any], players: int, option: str, words: str
) -> None:
    with pytest.raises(OptionError) as caught:
        RULES.parse_options(raw, players)
    assert caught.value.option == option and f"options.{option}" in caught.value.reason
    assert words in caught.value.reason


@pytest.mark.parametrize(
    "raw",
    [
        {"house": "french", "must_beat": False, "doubling": True, "auction": True, "talk": True, "target": 34},
        {"house": "belgian", "must_beat": False, "doubling": True, "talk": True, "last_trick_bonus": True},
        {"house": "classic", "partner_exemption": True, "doubling": True, "auction": True, "talk": True},
        {"house": "classic", "last_trick_bonus": True, "auction": True},
    ],
)
def test_coherent_combinations_are_allowed(raw: dict[str, Any]) -> None:
    opts = RULES.parse_options(raw, 4)
    assert all(options_to_json(opts)[name] == value for name, value in raw.items())


def test_three_players_keep_the_classic_house_without_talk() -> None:
    assert RULES.parse_options({"house": "classic", "talk": False}, 3) == ManilleOptions()


def test_the_french_quota_and_trick_point() -> None:
    french, classic = RULES.parse_options({"house": "french"}, 4), RULES.parse_options({}, 4)
    assert (french.quota, french.trick_point) == (34, 1)
    assert (classic.quota, classic.trick_point) == (30, 0)
    assert RULES.parse_options({"house": "belgian"}, 4).quota == 30


def test_the_command_line_names_the_option_it_refuses() -> None:
    done = run_cli(["sim", "manille", "--seats", "random,random,random,random", "--hands", "1",
                    "--option", "house=french", "--option", "last_trick_bonus=true"])  # fmt: skip
    assert done.returncode == 2 and "--option last_trick_bonus=true" in done.stderr and "french" in done.stderr
    done = run_cli(["sim", "manille", "--seats", "random,random,random", "--option", "house=belgian"])
    assert done.returncode == 2 and "--option house=belgian" in done.stderr and "4 players" in done.stderr
