"""The ``heuristic`` player of Truco Argentino: one position per strategy tip, then legality, determinism, the
bluff rates and (slow) its strength against random.

Each tip test builds the position where the tip applies and asks the tip itself, and where the order of
precedence matters, the whole player.  Unless a test says otherwise there are 2 players, seat 1 deals and
seat 0 is the mano.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from cardtable.engine.game import Action
from cardtable.engine.sim import simulate
from cardtable.games.truco import argentino_ai as ai
from cardtable.games.truco.argentino import DECK, ArgentinoHand, ArgentinoView, Call, Phase
from cardtable.games.truco.argentino_ai import ArgentinoHeuristic, HeuristicByVariant, Table
from cardtable.games.truco.rules import RULES
from tests.games.truco.argentino_helpers import new_hand, options


def table_at(hands: list[str], actions: str = "", **kw: Any) -> Table:
    state = new_hand(hands, actions, **kw)
    return Table(state.view(state.turn))


def code(act: Action | None) -> str | None:
    """A card action as its code, with ``!`` for face down; a call as its word."""
    if act is None:
        return None
    if act.verb == "call":
        return str(act.value)
    return str(act.value) + ("!" if act.get("hidden") else "")


def decide(hands: list[str], actions: str = "", **kw: Any) -> str | None:
    state = new_hand(hands, actions, **kw)
    return code(ArgentinoHeuristic().decide(state.view(state.turn)))


# ===================================================================== tips 1 and 2: the card
def test_tip1_keeps_the_ancho_when_a_lower_card_does_the_job() -> None:
    table = table_at(["3S 4C 5H", "AS 7D 4D"], "0:3S")
    assert code(ai.card_play(table)) == "7D"
    assert DECK.codes[ai.keep_the_ancho([DECK.index["AS"], DECK.index["7D"]])] == "7D"


def test_tip2_leads_the_middle_card_to_trick_one() -> None:
    assert code(ai.card_play(table_at(["4C KS 3S", "AS 7D 4D"]))) == "KS"


def test_tip2_follows_with_the_lowest_card_that_beats() -> None:
    assert code(ai.card_play(table_at(["KH 4C 5H", "AS 2C NC"], "0:KH"))) == "2C"


def test_tip2_plays_its_lowest_card_face_up_in_trick_one_when_nothing_beats() -> None:
    assert code(ai.card_play(table_at(["4C 5D 6H", "AS 3S 7D"], "1:AS", dealer=0))) == "4C"


def test_tip2_gives_its_lowest_card_face_down_from_trick_two() -> None:
    assert code(ai.card_play(table_at(["4C 5D 6H", "AS 3S 7D"], "0:4C 1:AS 1:3S"))) == "5D!"


def test_tip2_ties_when_its_team_won_trick_one() -> None:
    hands = ["4C 3D KH", "5C 4H 5H", "AS 4D 6H", "6C 3H 7C"]
    table = table_at(hands, "0:4C 1:5C 2:AS 3:6C 2:4D 3:3H")
    assert ai.play_with_the_partner(table) is None and ai.the_second_trick(table) is None
    assert code(ai.card_play(table)) == "3D"


# ===================================================================== tip 3: the partner
def test_tip3_plays_low_when_last_and_the_partner_wins() -> None:
    hands = ["KH 5C 6C", "3S 5D 6D", "NC 5S 6S", "AS 2C 4D"]
    table = table_at(hands, "0:KH 1:3S 2:NC")
    assert code(ai.play_with_the_partner(table)) == "4D"
    assert code(ai.card_play(table)) == "2C"  # without tip 3 it would beat its partner's card


def test_tip3_plays_low_before_the_last_seat_when_the_partners_card_is_sure() -> None:
    hands = ["AS 5C 6C", "4C 5D 6D", "4S 2D 5S", "KD 2C JD"]
    table = table_at(hands, "0:AS 1:4C")
    assert code(ai.play_with_the_partner(table)) == "4S"
    assert code(ai.card_play(table)) == "5S"


def test_tip3_is_silent_when_the_partners_card_can_still_be_beaten() -> None:
    hands = ["3S 5C 6C", "4C 5D 6D", "4S 2D 5S", "KD 2C JD"]
    assert ai.play_with_the_partner(table_at(hands, "0:3S 1:4C")) is None


# ===================================================================== tip 4: the second trick
def test_tip4_leads_the_highest_card_after_a_parda() -> None:
    assert code(ai.the_second_trick(table_at(["3S KD 2C", "3H 4C 5D"], "0:3S 1:3H"))) == "2C"


def test_tip4_after_a_parda_leads_the_lowest_sure_card() -> None:
    # Holding both anchos, each is sure (the bastos one since this seat holds the espadas one): keep the espadas.
    assert code(ai.the_second_trick(table_at(["3S AS AC", "3H 4C 5D"], "0:3S 1:3H"))) == "AC"


def test_tip4_follows_a_parda_with_the_lowest_card_that_wins_when_last() -> None:
    table = table_at(["3S KD 2C", "3H AS 2D"], "0:3S 1:3H 0:KD")
    assert code(ai.the_second_trick(table)) == "2D"


def test_tip4_keeps_the_sure_card_for_trick_three() -> None:
    assert code(ai.the_second_trick(table_at(["3H AS 5D", "4C 6H 5C"], "0:3H 1:4C"))) == "5D"


def test_tip4_closes_the_hand_without_a_sure_card() -> None:
    assert code(ai.the_second_trick(table_at(["3H 2D 5D", "4C 6H 5C"], "0:3H 1:4C"))) == "2D"


# ===================================================================== tip 5 and tip 9: the flor
def test_tip5_sings_the_flor_first() -> None:
    assert decide(["7H 6H 3H", "AC 6C 4D"], flor=True) == "flor"


@pytest.mark.parametrize(
    ("answerer", "actions", "word"),
    [
        ("7C 6C 3C", "0:flor", "contraflor_al_resto"),  # 36
        ("7C 5C AC", "0:flor", "contraflor"),  # 33
        ("6C 3C AC", "0:flor", "accept"),  # 30
        ("5C 3C AC", "0:flor", "refuse"),  # 29
    ],
)
def test_tip9_answers_a_flor_by_its_count(answerer: str, actions: str, word: str) -> None:
    assert code(ai.flor_contest(table_at(["7H 5H 4H", answerer], actions, flor=True))) == word


@pytest.mark.parametrize(("answerer", "word"), [("7H 6H 3H", "contraflor_al_resto"), ("7H 5H 2H", "accept"),
                                                 ("7H 3H AH", "refuse")])  # fmt: skip
def test_tip9_answers_a_contraflor_by_its_count(answerer: str, word: str) -> None:
    # 4 players: the mano (seat 0) has no flor, seat 1 sings and answers seat 2's contraflor (36, 34, 31).
    hands = ["4D 5S 6D", answerer, "6C 3C AC", "KD JS 2S"]
    table = table_at(hands, "1:flor 2:contraflor", flor=True)
    assert table.seat == 1 and not table.mano
    assert code(ai.flor_contest(table)) == word


@pytest.mark.parametrize(("answerer", "word"), [("7H 6H AH", "accept"), ("7H 5H AH", "refuse")])
def test_tip9_answers_a_contraflor_al_resto_by_its_count(answerer: str, word: str) -> None:
    table = table_at(["6C 3C AC", answerer], "0:flor 1:contraflor 0:contraflor_al_resto", flor=True)
    assert code(ai.flor_contest(table)) == word  # 34 accepts, 33 refuses


def test_tip9_the_mano_answers_with_one_point_less_and_never_refuses_the_match() -> None:
    four = ["7H 3H AH", "KC 5C 2C", "4D 5S 6D", "7S JD 4C"]  # seat 0: 31, seat 1: 27
    table = table_at(four, "0:flor 1:contraflor", flor=True)
    assert table.mano and code(ai.flor_contest(table)) == "accept"  # 31 + 1 >= 32
    table = table_at(["7C 6C 3C", "5H 3H AH"], "0:flor", flor=True, scores=[27, 0])
    assert code(ai.flor_contest(table)) == "accept"  # 29 would refuse, but 27 + 3 reaches 30


# ===================================================================== tips 6 to 8: the envido
@pytest.mark.parametrize(
    ("cards", "word"),
    [("7D 6D KS", "falta_envido"), ("7D 4D KS", "real_envido"), ("6D 4D KS", "real_envido"),
     ("7D AD KS", "envido"), ("7D KD AS", "envido"), ("6D KD AS", None), ("5C JC 4S", None)],
)  # fmt: skip
def test_tip6_opens_the_envido_by_count(cards: str, word: str | None) -> None:
    # 33, 31, 30, 28, 27, 26, 25
    assert code(ai.envido_by_count(table_at([cards, "2H 3C NS"]))) == word


@pytest.mark.parametrize(
    ("actions", "cards", "word"),
    [
        ("0:envido", "7D 6D KS", "falta_envido"),  # 33
        ("0:envido", "7D 4D KS", "real_envido"),  # 31
        ("0:envido", "7D 2D KS", "envido"),  # 29
        ("0:envido", "7D AD KS", "accept"),  # 28
        ("0:envido", "6D KD AS", "accept"),  # 26
        ("0:envido", "5D KD AS", "refuse"),  # 25
        ("0:real_envido", "7D 2D KS", "accept"),  # 29: no envido after a real envido, 28 accepts a chain of 3
        ("0:real_envido", "7D KD AS", "refuse"),  # 27
        ("0:envido 1:envido 0:real_envido", "6D 4D KS", "accept"),  # 30 against 7
        ("0:envido 1:envido 0:real_envido", "7D 2D KS", "refuse"),  # 29
        ("0:falta_envido", "6D 4D KS", "accept"),  # 30 against a falta
        ("0:falta_envido", "7D 2D KS", "refuse"),  # 29
    ],
)
def test_tip7_answers_the_envido_by_count(actions: str, cards: str, word: str) -> None:
    table = table_at(["4C 5H 6S", cards], actions)
    assert table.seat == 1 and not table.mano
    assert code(ai.answer_the_envido(table)) == word


def test_tip7_against_a_chain_worth_four() -> None:
    # Seat 1 opened, seat 0 raised envido-envido (4): 28 accepts, 27 refuses, 30 raises real envido.
    for cards, word in (("7D AD KS", "accept"), ("7D KD AS", "refuse"), ("6D 4D KS", "real_envido")):
        assert code(ai.answer_the_envido(table_at(["4C 5H 6S", cards], "0:4C 1:envido 0:envido"))) == word


def test_tip7_the_mano_answers_with_one_point_less() -> None:
    table = table_at(["5D KD AS", "4C 5H 6S"], "0:KD 1:envido")
    assert table.mano and code(ai.answer_the_envido(table)) == "accept"  # 25 + 1
    assert code(ai.answer_the_envido(table_at(["7D AD KS", "4C 5H 6S"], "0:KS 1:envido"))) == "envido"  # 28+1


def test_tip7_never_refuses_what_would_give_the_opponents_the_match() -> None:
    table = table_at(["4C 5H 6S", "5D KD AS"], "0:envido", scores=[29, 0])
    assert code(ai.answer_the_envido(table)) == "accept"


def test_tip8_puts_the_envido_first_with_the_count_for_it() -> None:
    assert decide(["4C 5H 6S", "7D 4D KS"], "0:truco") == "real_envido"  # 31
    table = table_at(["4C 5H 6S", "5D KD AS"], "0:truco")  # 25: no envido, tip 10 answers the truco
    assert ai.envido_first(table) is None
    assert decide(["4C 5H 6S", "5D KD AS"], "0:truco") == "accept"
    # After the envido, the same seat answers the truco by tip 10 alone.
    assert decide(["4C 5H 6S", "7D 4D KS"], "0:truco 1:real_envido 0:accept") == "accept"


# ===================================================================== tip 10: the truco
def test_tip10_calls_truco_at_level_two_only() -> None:
    assert code(ai.call_truco(table_at(["AS 7S 4C", "5H 6D JC"]))) == "truco"  # two bravas
    assert ai.call_truco(table_at(["AS 4C 5H", "7S 6D JC"])) is None  # one brava: level 1


def test_tip10_near_the_opponents_target_calls_only_a_certain_hand() -> None:
    assert ai.call_truco(table_at(["AS 7S 4C", "5H 6D JC"], scores=[0, 28])) is None
    assert code(ai.call_truco(table_at(["AS AC 4C", "5H 6D JC"], scores=[0, 28]))) == "truco"


def test_tip10_raises_only_at_level_three() -> None:
    assert ai.call_truco(table_at(["4H 6D JC", "AS 7S 5C"], "0:truco 1:accept 0:4H")) is None
    assert code(ai.call_truco(table_at(["4H 6D JC", "AS AC 5C"], "0:truco 1:accept 0:4H"))) == "raise"


@pytest.mark.parametrize(
    ("cards", "scores", "word"),
    [("4C 5D 6H", None, "refuse"), ("2C 5D 6H", None, "accept"), ("AS AC 5D", None, "raise"),
     ("4C 5D 6H", [29, 0], "accept")],
)  # fmt: skip
def test_tip10_answers_a_truco(cards: str, scores: list[int] | None, word: str) -> None:
    table = table_at(["KH 3S JD", cards], "0:truco", scores=scores)
    assert code(ai.answer_truco(table)) == word


def test_tip10_refuses_a_weak_hand_after_losing_a_trick() -> None:
    table = table_at(["3S KH JD", "4C 5D 6H"], "0:3S 1:4C 0:truco")
    assert table.lost_any and code(ai.answer_truco(table)) == "refuse"


def test_the_envido_comes_before_the_truco_on_its_own_turn() -> None:
    # 7S 6S AS: envido 33 and two bravas (level 2): the falta envido first, the truco once it is settled.
    assert decide(["7S 6S AS", "4C 5H JD"]) == "falta_envido"
    assert decide(["7S 6S AS", "4C 5H JD"], "0:falta_envido 1:refuse") == "truco"


# ===================================================================== tips 11 and 12: bluffs, and never the deck
def random_views(players: int, count: int, seed: int, scores: list[int] | None = None) -> Iterator[ArgentinoView]:
    """Views of the seat to act in hands played at random (calls now and then, mostly cards)."""
    rng = random.Random(seed)
    opts = RULES.parse_options({"variant": "argentino"}, players)
    made = 0
    while made < count:
        dealer = rng.randrange(players)
        state = RULES.new_hand(opts, players, dealer, RULES.random_deal(rng, opts, players, dealer),
                               scores or [0] * players)  # fmt: skip
        assert isinstance(state, ArgentinoHand)
        while not state.complete and made < count:
            view = state.view(state.turn)
            yield view
            made += 1
            legal = view.legal_actions()
            quiet = [a for a in legal if a.value not in ("refuse", "mazo")]
            plays = [a for a in quiet if a.verb == "play" and not a.get("hidden")]
            state.apply(rng.choice(plays if plays and rng.random() < 0.8 else quiet or legal))


def bluff_counts() -> dict[str, list[int]]:
    """[bluffs, chances] for the truco bluff (after winning trick 1, otherwise) and the dealer's envido bluff."""
    seen = {"truco after trick 1": [0, 0], "truco otherwise": [0, 0], "envido as dealer": [0, 0],
            "envido otherwise": [0, 0]}  # fmt: skip
    player = ArgentinoHeuristic()  # no generator of its own: seeded from each view, as hints are
    for players in (2, 4, 6):
        for view in random_views(players, 2500, seed=players):
            if view.phase is not Phase.PLAY:
                continue
            table = Table(view)
            chosen = player.decide(view).value
            if view.envido_open and ai.envido_by_count(table) is None:
                kind = "envido as dealer" if table.dealer else "envido otherwise"
                seen[kind][1] += 1
                seen[kind][0] += chosen == Call.ENVIDO
            elif not view.envido_open and table.raise_word() is Call.TRUCO and ai.call_truco(table) is None:
                kind = "truco after trick 1" if table.won_first and not table.lost_any else "truco otherwise"
                seen[kind][1] += 1
                seen[kind][0] += chosen == Call.TRUCO
    return seen


def test_tip11_bluffs_at_the_intended_rates() -> None:
    seen = bluff_counts()
    assert all(chances > 150 for _bluffs, chances in seen.values()), seen
    rate = {kind: bluffs / chances for kind, (bluffs, chances) in seen.items()}
    assert 0.09 < rate["truco after trick 1"] < 0.21, seen
    assert 0.02 < rate["truco otherwise"] < 0.08, seen
    assert 0.06 < rate["envido as dealer"] < 0.14, seen
    assert rate["envido otherwise"] == 0, seen


def test_tip11_never_bluffs_when_the_opponents_could_reach_the_target() -> None:
    for view in random_views(2, 1500, seed=9, scores=[28, 28]):
        if view.phase is Phase.PLAY:
            table = Table(view)
            rng = random.Random(0)
            for _ in range(20):
                assert ai.bluff_truco(table, rng) is None and ai.bluff_envido(table, rng) is None


def test_tip11_never_bluffs_a_raise_or_a_bigger_envido() -> None:
    table = table_at(["4H 6D JC", "5S 4C 5C"], "0:truco 1:accept 0:4H")  # seat 1 may only raise: no bluff
    assert all(ai.bluff_truco(table, random.Random(k)) is None for k in range(200))
    dealer = table_at(["4H 6D JC", "5S 4C KD"], "0:4H")
    words = {code(ai.bluff_envido(dealer, random.Random(k))) for k in range(200)}
    assert words == {None, "envido"}


def test_tip12_never_goes_to_the_deck() -> None:
    player = ArgentinoHeuristic(random.Random(3))
    for players in (2, 4, 6):
        for view in random_views(players, 2000, seed=20 + players):
            assert player.decide(view).value != Call.MAZO


# ===================================================================== every decision is legal and repeatable
@pytest.mark.parametrize("players", [2, 4, 6])
@pytest.mark.parametrize("flor", [False, True])
def test_the_heuristic_only_returns_legal_actions(players: int, flor: bool) -> None:
    rng = random.Random(players)
    opts = RULES.parse_options({"variant": "argentino", "flor": flor}, players)
    player = ArgentinoHeuristic(random.Random(1))
    for number in range(60):
        dealer = number % players
        team = [rng.choice([0, 10, 14, 20, 27, 29]), rng.choice([0, 10, 14, 20, 27, 29])]
        state = RULES.new_hand(opts, players, dealer, RULES.random_deal(rng, opts, players, dealer),
                               [team[s % 2] for s in range(players)])  # fmt: skip
        while not state.complete:
            seat = state.to_act
            assert seat is not None
            view = state.view(seat)
            chosen = player.decide(view)
            assert chosen in view.legal_actions()
            if seat % 2:  # half the seats play at random, so the heuristic meets odd positions too
                chosen = rng.choice(view.legal_actions())
            state.apply(chosen)


def test_hints_are_deterministic() -> None:
    for view in random_views(4, 400, seed=41):
        assert ArgentinoHeuristic().decide(view) == ArgentinoHeuristic().decide(view)


def test_the_truco_level_hands_argentine_views_to_this_player() -> None:
    state = new_hand(["7S 6S AS", "4C 5H JD"])
    assert code(HeuristicByVariant().decide(state.view(0))) == "falta_envido"
    assert options().variant == "argentino"


# ===================================================================== strength (measured, slow)
@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 4, 6])
def test_the_heuristic_beats_random(players: int) -> None:
    seats = ["heuristic", "random"] * (players // 2)
    out = simulate(RULES, seats, RULES.parse_options({"variant": "argentino"}, players), matches=500, seed=1)
    assert out["wins_by_seat"][0] >= 0.9 * 500
