"""Options (rules "Options"): defaults, ranges, types, and the metadata the new-game screen shows."""

from __future__ import annotations

import pytest

from cardtable.engine.errors import RecordError
from cardtable.engine.options import option_fields, options_to_json
from cardtable.games import find_game
from cardtable.games.tarot.rules import RULES, TarotOptions


def test_defaults_are_four_deals_with_bonuses() -> None:
    opts = RULES.parse_options(None, 4)
    assert (opts.deals, opts.bonuses) == (4, True)
    assert options_to_json(opts) == {"deals": 4, "bonuses": True}


@pytest.mark.parametrize("deals", [1, 2, 4, 8, 100])
def test_deals_from_1_to_100(deals: int) -> None:
    assert RULES.parse_options({"deals": deals}, 3).deals == deals


@pytest.mark.parametrize(
    ("raw", "words"),
    [
        ({"deals": 0}, "from 1 to 100"),
        ({"deals": 101}, "from 1 to 100"),
        ({"deals": "4"}, "integer"),
        ({"deals": True}, "integer"),
        ({"bonuses": 1}, "true or false"),
        ({"players": 5}, "not an option"),
        ({"colour": "red"}, "not an option"),
    ],
)
def test_bad_options_name_the_field(raw: dict[str, object], words: str) -> None:
    with pytest.raises(RecordError) as error:
        RULES.parse_options(raw, 4)
    assert words in error.value.reason and "options." in error.value.reason


def test_every_option_explains_itself() -> None:
    for spec in option_fields(TarotOptions):
        assert spec.metadata["help"].endswith(".")


def test_the_registry_finds_tarot_with_three_to_five_players() -> None:
    rules = find_game("tarot")
    assert rules is RULES
    assert rules.player_counts == (3, 4, 5) and rules.default_players == 4
