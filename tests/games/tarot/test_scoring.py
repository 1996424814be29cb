"""The score of a hand (rules "Scoring a hand"): every worked example, the rounding, each bonus and the settlement."""

from __future__ import annotations

from typing import Any

import pytest

from cardtable.games.tarot.scoring import ATTACK, DEFENCE, HandFacts, score_hand, settlement


def facts(contract: str, points: float, oudlers: int, **more: Any) -> HandFacts:
    return HandFacts(contract, round(points * 2), oudlers, **more)


#: The spec's worked examples: (facts, S, players, taker, partner, taker's settlement).
EXAMPLES = [
    ("seed example 3", facts("garde", 47, 2), 62, 4, None, 186),
    ("garde, taker's poignee, Petit au bout", facts("garde", 49, 2, poignees=(0,), petit_au_bout=ATTACK), 106, 4,
     None, 318),
    ("garde sans won by 4, defender's Petit", facts("garde_sans", 45, 2, petit_au_bout=DEFENCE), 76, 4, None, 228),
    ("petite lost by 7, poignee, taker's Petit", facts("petite", 34, 2, poignees=(0,), petit_au_bout=ATTACK), -42, 4,
     None, -126),
    ("garde won by 11, defender's poignee", facts("garde", 52, 2, poignees=(0,)), 92, 4, None, 276),
    ("chelem announced and made", facts("garde", 87, 2, poignees=(0,), petit_au_bout=ATTACK, chelem_announced=True,
                                        attack_won_all=True), 582, 4, None, 1746),
    ("3 players, 41.5 with 2 oudlers", facts("garde", 41.5, 2), 52, 3, None, 104),
    ("3 players, 40.5 with 2 oudlers", facts("garde", 40.5, 2), -52, 3, None, -104),
    ("5 players, petite with a partner", facts("petite", 59, 0), 28, 5, 3, 56),
    ("5 players, petite alone", facts("petite", 46, 2), 30, 5, None, 120),
    ("garde contre, defence takes every trick", facts("garde_contre", 0, 0, defence_won_all=True), -686, 4, None,
     -2058),
    ("garde lost by 4, taker catches a defender's T1 in the last trick",
     facts("garde", 47, 1, petit_au_bout=ATTACK), -38, 4, None, -114),
    ("garde lost by 10, a defender catches the taker's T1 in the last trick",
     facts("garde", 41, 1, petit_au_bout=DEFENCE), -90, 4, None, -270),
    ("petite, a defender's Excuse changes side to the taker in the last trick",
     facts("petite", 49.5, 2), 34, 4, None, 102),
    ("slam Excuse leads the last trick, the defence's T1 fell in the trick before",
     facts("garde", 91, 3, petit_au_bout=ATTACK, chelem_announced=True, attack_won_all=True), 580, 4, None, 1740),
    ("garde won by 5, triple poignee with a discarded trump", facts("garde", 46, 2, poignees=(2,)), 100, 4, None, 300),
]  # fmt: skip


@pytest.mark.parametrize(
    ("why", "hand", "s", "players", "partner", "taker_gets"), EXAMPLES, ids=[e[0] for e in EXAMPLES]
)
def test_worked_examples(why: str, hand: HandFacts, s: int, players: int, partner: int | None, taker_gets: int) -> None:
    score = score_hand(hand)
    assert score.s == s
    delta = settlement(score.s, players, 1, partner)
    assert delta[1] == taker_gets and sum(delta) == 0
    for seat in range(players):
        if seat not in (1, partner):
            assert delta[seat] == -s
    if partner is not None:
        assert delta[partner] == s


@pytest.mark.parametrize(("oudlers", "needed"), [(0, 56), (1, 51), (2, 41), (3, 36)])
def test_needed_by_oudlers_and_exactly_needed_is_made_by_zero(oudlers: int, needed: int) -> None:
    score = score_hand(facts("petite", needed, oudlers))
    assert (score.needed, score.made, score.margin, score.s) == (needed, True, 0, 25)
    below = score_hand(facts("petite", needed - 0.5, oudlers))
    assert (below.made, below.margin, below.s) == (False, 1, -26)


@pytest.mark.parametrize(("contract", "mult"), [("petite", 1), ("garde", 2), ("garde_sans", 4), ("garde_contre", 6)])
def test_multipliers_apply_to_base_and_petit_not_to_poignees(contract: str, mult: int) -> None:
    score = score_hand(facts(contract, 51, 2, poignees=(0, 1, 2), petit_au_bout=ATTACK))
    assert score.mult == mult
    assert score.s == 35 * mult + 20 + 30 + 40 + 10 * mult


def test_poignees_go_to_the_winning_side() -> None:
    assert score_hand(facts("garde", 40, 2, poignees=(0,))).s == -(26 * 2 + 20)
    assert score_hand(facts("garde", 42, 2, poignees=(2, 0))).s == 26 * 2 + 40 + 20


def test_petit_au_bout_counts_for_the_side_of_the_petit() -> None:
    assert score_hand(facts("garde", 41, 2, petit_au_bout=DEFENCE)).s == 25 * 2 - 20
    assert score_hand(facts("garde", 40, 2, petit_au_bout=ATTACK)).s == -26 * 2 + 20


@pytest.mark.parametrize(
    ("announced", "attack_all", "defence_all", "bonus"),
    [
        (True, True, False, 400),
        (False, True, False, 200),
        (True, False, False, -200),
        (False, False, True, -200),
        # A failed announcement and a defence chelem add up.
        (True, False, True, -400),
        (False, False, False, 0),
    ],
)
def test_chelem_lines(announced: bool, attack_all: bool, defence_all: bool, bonus: int) -> None:
    points = 91 if attack_all else 0 if defence_all else 60
    hand = facts("petite", points, 3 if attack_all else 0, chelem_announced=announced, attack_won_all=attack_all,
                 defence_won_all=defence_all)  # fmt: skip
    assert score_hand(hand).chelem == bonus
    off = facts("petite", points, 3 if attack_all else 0, bonuses=False, attack_won_all=attack_all,
                defence_won_all=defence_all)  # fmt: skip
    assert score_hand(off).chelem == 0


@pytest.mark.parametrize(
    ("players", "partner", "expected"),
    [
        (3, None, [-10, 20, -10]),
        (4, None, [-10, 30, -10, -10]),
        (5, 3, [-10, 20, -10, 10, -10]),
        (5, None, [-10, 40, -10, -10, -10]),
    ],
)
def test_settlement_table(players: int, partner: int | None, expected: list[int]) -> None:
    assert settlement(10, players, 1, partner) == expected
