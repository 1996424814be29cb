"""Truco's options as a record gives them: defaults, choices, the target's range, and the player counts."""

from __future__ import annotations

from typing import Any

import pytest

from cardtable.engine.errors import RecordError
from cardtable.engine.options import option_fields, options_to_json
from cardtable.games import available_games, find_game
from cardtable.games.truco.rules import MINEIRO, PAULISTA, RULES, TrucoOptions
from tests.support import narrowed


def test_registered_by_name() -> None:
    assert find_game("truco") is RULES
    assert "truco" in available_games()
    assert RULES.player_counts == (2, 4, 6) and RULES.default_players == 4


def test_defaults() -> None:
    raw: dict[str, Any] | None
    for raw in (None, {}):
        assert options_to_json(RULES.parse_options(raw, 4)) == {
            "variant": "paulista",
            "target": 12,
            "tied_trick_lead": "opener",
        }


def test_every_option_has_help_and_choices_where_restricted() -> None:
    fields = {f.name: f for f in option_fields(TrucoOptions)}
    assert set(fields) == {"variant", "target", "tied_trick_lead"}
    assert all(f.metadata["help"] for f in fields.values())
    assert fields["variant"].metadata["choices"] == ("paulista", "mineiro", "argentino")
    assert fields["tied_trick_lead"].metadata["choices"] == ("opener", "first_tying_card")


@pytest.mark.parametrize("target", [3, 12, 24, 99])
def test_targets_3_to_99(target: int) -> None:
    assert RULES.parse_options({"target": target}, 2).target == target


def test_variants_carry_their_ladders() -> None:
    assert narrowed(TrucoOptions, RULES.parse_options({"variant": "paulista"}, 4)).rules is PAULISTA
    assert narrowed(TrucoOptions, RULES.parse_options({"variant": "mineiro"}, 6)).rules is MINEIRO
    assert PAULISTA.ladder == (1, 3, 6, 9, 12) and MINEIRO.ladder == (2, 4, 6, 10, 12)
    assert (PAULISTA.base, PAULISTA.brink_value, MINEIRO.base, MINEIRO.brink_value) == (1, 3, 2, 4)
    assert [PAULISTA.next_value(v) for v in (1, 3, 6, 9)] == [3, 6, 9, 12]
    assert [MINEIRO.next_value(v) for v in (2, 4, 6, 10)] == [4, 6, 10, 12]


@pytest.mark.parametrize(
    ("raw", "field"),
    [
        ({"variant": "gaucho"}, "variant"),
        ({"variant": "Mineiro"}, "variant"),
        ({"target": 2}, "target"),
        ({"target": 100}, "target"),
        ({"target": "12"}, "target"),
        ({"target": 12.0}, "target"),
        ({"target": True}, "target"),
        ({"tied_trick_lead": "winner"}, "tied_trick_lead"),
        ({"players": 4}, "players"),
        ({"envido": True}, "envido"),
        ({"flor": False}, "flor"),
    ],
)
def test_bad_options_name_the_field(raw: dict[str, Any], field: str) -> None:
    with pytest.raises(RecordError) as caught:
        RULES.parse_options(raw, 4)
    assert field in caught.value.reason


def test_options_must_be_an_object() -> None:
    with pytest.raises(RecordError, match="options"):
        RULES.parse_options([1], 4)
