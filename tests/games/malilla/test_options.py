"""Malilla's options: defaults, the deck-dependent target, and every bad value a format error."""

from __future__ import annotations

from typing import Any

import pytest

from cardtable.engine.errors import RecordError
from cardtable.engine.options import option_fields, options_to_json
from cardtable.games.malilla.rules import RULES, SPANISH40, SPANISH48, MalillaOptions


def parse(raw: Any) -> MalillaOptions:
    return RULES.parse_options(raw, 4)


@pytest.mark.parametrize("raw", [None, {}])
def test_defaults(raw: Any) -> None:
    opts = parse(raw)
    assert (opts.target, opts.redeal_seven, opts.albur, opts.deck) == (35, True, False, "spanish40")
    assert opts.pack is SPANISH40


def test_the_48_card_deck_defaults_to_target_40() -> None:
    opts = parse({"deck": "spanish48"})
    assert opts.target == 40 and opts.pack is SPANISH48
    assert parse({"deck": "spanish48", "target": 80}).target == 80
    assert parse({"target": 70}).target == 70


@pytest.mark.parametrize(
    "raw",
    [
        {"target": 40},
        {"target": 80},
        {"target": 50},
        {"target": 0},
        {"deck": "spanish48", "target": 35},
        {"deck": "spanish48", "target": 70},
    ],
)
def test_target_must_fit_the_deck(raw: dict[str, Any]) -> None:
    with pytest.raises(RecordError, match=r"options\.target"):
        parse(raw)


@pytest.mark.parametrize(
    ("raw", "field"),
    [
        ({"deck": "spanish52"}, "options.deck"),
        ({"deck": 40}, "options.deck"),
        ({"target": "35"}, "options.target"),
        ({"target": True}, "options.target"),
        ({"redeal_seven": "yes"}, "options.redeal_seven"),
        ({"albur": 1}, "options.albur"),
        ({"players": 4}, "options.players"),
        ({"doubling": True}, "options.doubling"),
    ],
)
def test_bad_option_names_the_field(raw: dict[str, Any], field: str) -> None:
    with pytest.raises(RecordError) as error:
        parse(raw)
    assert field in error.value.reason


def test_options_must_be_an_object() -> None:
    with pytest.raises(RecordError):
        parse(["target", 35])


def test_every_option_has_a_one_line_help() -> None:
    fields = option_fields(MalillaOptions)
    assert [f.name for f in fields] == ["target", "redeal_seven", "albur", "deck"]
    for field in fields:
        text = field.metadata["help"]
        assert text and "\n" not in text and len(text) <= 100


@pytest.mark.parametrize("raw", [{}, {"deck": "spanish48", "albur": True}, {"target": 70, "redeal_seven": False}])
def test_options_survive_a_round_trip_through_a_record(raw: dict[str, Any]) -> None:
    opts = parse(raw)
    assert parse(options_to_json(opts)) == opts


def test_the_deck_follows_the_option() -> None:
    deck40, in_play40 = RULES.deck(parse({}), 4)
    deck48, in_play48 = RULES.deck(parse({"deck": "spanish48"}), 4)
    assert in_play40.bit_count() == 40 and in_play48.bit_count() == 48
    assert "8D" not in deck40.index and "9D" in deck48.index
    # The malilla is the top of every suit: the 7, or the 9 with the 48-card deck.
    assert deck40.codes_of(deck40.above[deck40.index["AC"]]) == ["7C"]
    assert deck48.codes_of(deck48.above[deck48.index["AC"]]) == ["9C"]
    assert deck48.codes_of(deck48.above[deck48.index["6C"]]) == ["7C", "8C", "JC", "NC", "KC", "AC", "9C"]


def test_card_points_and_hand_totals() -> None:
    for pack, half, total in ((SPANISH40, 35, 70), (SPANISH48, 36, 72)):
        assert sum(pack.points) == 60
        assert pack.half == half and sum(pack.points) + pack.cards_each == total
    points = dict(zip(SPANISH40.deck.codes, SPANISH40.points, strict=True))
    assert [points[c] for c in ("7H", "AH", "KH", "NH", "JH", "6H", "2H")] == [5, 4, 3, 2, 1, 0, 0]
    points48 = dict(zip(SPANISH48.deck.codes, SPANISH48.points, strict=True))
    assert [points48[c] for c in ("9S", "AS", "KS", "NS", "JS", "8S", "7S")] == [5, 4, 3, 2, 1, 0, 0]
