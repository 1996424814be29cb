"""Truco Argentino's cards: the fixed order, envido and flor counts, the falta and resto, the envido and flor tables."""

from __future__ import annotations

import itertools

import pytest

from cardtable.engine.options import option_fields, options_to_json
from cardtable.games.truco.argentino import (
    DECK,
    STRENGTH,
    ArgentinoOptions,
    Call,
    envido_accepted_worth,
    envido_allows,
    envido_count,
    envido_refused_worth,
    falta,
    flor_accepted_worth,
    flor_count,
    flor_refused_worth,
    resto,
)
from cardtable.games.truco.rules import RULES
from tests.support import narrowed

E, R, F = Call.ENVIDO, Call.REAL_ENVIDO, Call.FALTA_ENVIDO


def strength(code: str) -> int:
    return STRENGTH[DECK.index[code]]


def test_the_deck_is_the_spanish_forty() -> None:
    assert len(DECK) == 40
    assert {code[:-1] for code in DECK.codes} == {"A", "2", "3", "4", "5", "6", "7", "J", "N", "K"}
    for code in ("QH", "8S", "9C", "10D"):
        with pytest.raises(ValueError):
            DECK.parse(code)
    assert DECK.parse("nh") == DECK.index["NH"]


def test_the_order_table() -> None:
    table = {"AS": 14, "AC": 13, "7S": 12, "7D": 11, "AH": 8, "AD": 8, "7H": 4, "7C": 4}
    by_rank = {"3": 10, "2": 9, "K": 7, "N": 6, "J": 5, "6": 3, "5": 2, "4": 1}
    for code in DECK.codes:
        assert strength(code) == table.get(code, by_rank.get(code[:-1])), code


def test_worked_example_1_the_order_of_the_cards() -> None:
    chain = ["AS", "AC", "7S", "7D", "3S"]
    assert all(strength(a) > strength(b) for a, b in itertools.pairwise(chain))
    assert all(strength("7D") > strength("3" + suit) for suit in "SHDC")
    assert strength("2D") > strength("AH") == strength("AD") > strength("KS") > strength("NS") > strength("JS")
    assert strength("JS") > strength("7H") == strength("7C") > strength("6S")
    assert min(STRENGTH) == strength("4S")
    # The four bravas never tie: each strength from 11 up belongs to one card.
    assert [STRENGTH.count(s) for s in (11, 12, 13, 14)] == [1, 1, 1, 1]


@pytest.mark.parametrize(
    ("cards", "count"),
    [("7D 6D KS", 33), ("5C JC 4S", 25), ("KH NH 3S", 20), ("7S 5H 2C", 7), ("NS JD KC", 0), ("AS 7S 6S", 33),
     ("AS 2C 3H", 3), ("7S 7C 7D", 7), ("AS AC JD", 1)],
)  # fmt: skip
def test_worked_example_2_envido_counts(cards: str, count: int) -> None:
    assert envido_count(DECK.mask_of(cards.split())) == count


@pytest.mark.parametrize(
    ("cards", "count"), [("AS 7S 6S", 34), ("KH NH JH", 20), ("7D 6D 5D", 38), ("7H 5H 4H", 36), ("7S 5H 2C", None)]
)
def test_flor_counts(cards: str, count: int | None) -> None:
    assert flor_count(DECK.mask_of(cards.split())) == count


@pytest.mark.parametrize(
    ("scores", "target", "value"),
    [((9, 4), 30, 6), ((14, 14), 30, 1), ((0, 0), 30, 15), ((20, 12), 30, 10), ((12, 27), 30, 3), ((15, 14), 30, 15),
     ((11, 7), 15, 4), ((0, 0), 15, 15)],
)  # fmt: skip
def test_worked_example_4_the_falta(scores: tuple[int, int], target: int, value: int) -> None:
    assert falta(scores, target) == value


def test_the_resto_is_what_the_leader_lacks_in_either_half() -> None:
    assert resto((10, 20), 30) == 10 and resto((3, 5), 30) == 25 and resto((11, 7), 15) == 4


# The envido table: chain, accepted (falta written as None), refused.
ENVIDO_TABLE = [
    ((E,), 2, 1), ((R,), 3, 1), ((F,), None, 1), ((E, E), 4, 2), ((E, R), 5, 2), ((E, F), None, 2), ((R, F), None, 3),
    ((E, E, R), 7, 4), ((E, E, F), None, 4), ((E, R, F), None, 5), ((E, E, R, F), None, 7),
]  # fmt: skip


@pytest.mark.parametrize(("chain", "accepted", "refused"), ENVIDO_TABLE)
def test_the_envido_table(chain: tuple[Call, ...], accepted: int | None, refused: int) -> None:
    scores = (9, 4)  # the falta is 6 here
    assert envido_accepted_worth(chain, scores, 30) == (6 if accepted is None else accepted)
    assert envido_refused_worth(chain) == refused


def test_the_eleven_chains_are_exactly_those_the_rules_allow() -> None:
    chains: set[tuple[Call, ...]] = set()

    def grow(chain: tuple[Call, ...]) -> None:
        if chain:
            chains.add(chain)
        for word in (E, R, F):
            if envido_allows(chain, word):
                grow((*chain, word))

    grow(())
    assert chains == {chain for chain, _a, _r in ENVIDO_TABLE}


def test_the_flor_table() -> None:
    flor, contra, rest = Call.FLOR, Call.CONTRAFLOR, Call.CONTRAFLOR_AL_RESTO
    chains = ((flor,), (flor, contra), (flor, rest), (flor, contra, rest))
    assert [flor_accepted_worth(chain, (10, 20), 30) for chain in chains] == [4, 6, 10, 10]
    assert [flor_refused_worth(chain) for chain in chains] == [3, 4, 4, 6]


def test_options_defaults_and_help() -> None:
    options = RULES.parse_options({"variant": "argentino"}, 4)
    assert isinstance(options, ArgentinoOptions)
    assert options_to_json(options) == {"variant": "argentino", "target": 30, "tied_trick_lead": "opener",
                                        "flor": False}  # fmt: skip
    fields = {f.name: f for f in option_fields(ArgentinoOptions)}
    assert fields["target"].metadata["choices"] == (15, 30)
    assert all(f.metadata["help"] for f in fields.values())
    assert narrowed(ArgentinoOptions, RULES.parse_options({"variant": "argentino", "target": 15, "flor": True}, 2)).flor
    # A record written from the options reads back the same.
    assert RULES.parse_options(options_to_json(options), 4) == options
    assert options_to_json(RULES.parse_options({}, 4)) == {"variant": "paulista", "target": 12,
                                                           "tied_trick_lead": "opener"}  # fmt: skip
