"""What each game counts of a player's match, replayed from records of tests/records."""

from __future__ import annotations

import pytest

from cardtable.engine.game import Number
from cardtable.engine.records import parse_record
from cardtable.engine.tally import tally_match
from cardtable.games import find_game
from tests.stats.support import record_of


def counts(name: str, seat: int) -> dict[str, int]:
    tallied = tally_match(parse_record(record_of(name), find_game), seat)
    return {key: value for key, value in tallied.counts.items() if value}


@pytest.mark.parametrize(
    ("name", "seat", "expected"),
    [
        # A truco called from a weak position (no manilha, one strong card), accepted and won: a bluff that worked.
        ("truco/target_option_match_ends_at_target", 0,
         {"raises": 1, "raises_accepted": 1, "raises_won": 1, "bluffs": 1, "bluffs_won": 1}),
        # Truco, then doze after the other side's raise: both accepted, both won, neither from a weak position.
        ("truco/paulista_doze_accepted_pays_12_and_wins", 0, {"raises": 2, "raises_accepted": 2, "raises_won": 2}),
        ("truco/paulista_doze_accepted_pays_12_and_wins", 1, {"raises": 2, "raises_accepted": 2}),
        # A refused raise is won at once, and was not accepted.
        ("truco/mineiro_truco_refused_pays_2", 0, {"raises": 1, "raises_won": 1}),
        # Three tied tricks: nobody takes the hand, so the raise is not won.
        ("truco/tie_rule_three_ties_nobody_scores_even_raised", 0, {"raises": 1, "raises_accepted": 1, "bluffs": 1}),
        # Argentino counts its raises; it judges no bluff.
        ("truco/argentino_target_15_match", 0, {"raises": 1, "raises_accepted": 1, "raises_won": 1}),
        ("manille/doubling_example_8_knock_and_counter", 0, {"knocks": 1}),
        ("manille/doubling_example_8_knock_and_counter", 3, {"counters": 1, "counters_won": 1}),
        ("manille/auction_then_doubling_failed_x2", 2, {"knocks": 1, "knocks_won": 1}),
        ("manille/doubling_example_8_knock_and_counter", 1, {}),
        ("tarot/petit_last_trick_won_by_a_fellow_defender", 2, {"taken_petite": 1, "made_petite": 1}),
        ("tarot/excuse_last_trick_stays_in_defence_chelem", 1, {"taken_garde_contre": 1}),
        ("tarot/excuse_last_trick_defender_to_taker", 0, {"taken_garde_sans": 1, "made_garde_sans": 1}),
        ("tarot/excuse_last_trick_defender_to_taker", 1, {}),
        ("malilla/capote_wins_at_once", 2, {"capotes": 1}),
        ("malilla/capote_wins_at_once", 1, {"capotes_against": 1}),
        ("malilla/ex3_zapato", 1, {"zapatos": 1}),
        ("malilla/ex3_zapato", 2, {"zapatos_against": 1}),
    ],
    ids=lambda value: value if isinstance(value, str) else None,
)  # fmt: skip
def test_counts_of_a_game(name: str, seat: int, expected: dict[str, int]) -> None:
    assert counts(name, seat) == expected


def test_every_count_of_a_game_is_reported_even_at_zero() -> None:
    tallied = tally_match(parse_record(record_of("tarot/one_deal_match_over"), find_game), 0)
    assert list(tallied.counts) == [f"{what}_{contract}" for contract in ("petite", "garde", "garde_sans",
                                    "garde_contre") for what in ("taken", "made")]  # fmt: skip


def test_the_best_hand_is_the_one_that_added_most_to_the_seat() -> None:
    tallied = tally_match(parse_record(record_of("truco/mao_de_onze"), find_game), 0)
    assert tallied.hands == 2
    deltas: list[list[Number]] = []
    for hand in tallied.match.hands:
        delta = hand.state.score_delta()
        assert delta is not None  # every hand of the match was scored
        deltas.append(delta)
    best = max(range(2), key=lambda h: deltas[h][0])
    assert (tallied.best_hand, tallied.best_hand_number) == (deltas[best][0], best)
