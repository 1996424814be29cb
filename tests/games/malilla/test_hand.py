"""A hand seen from the code: reason sentences, the redeal call out of turn, views, bonuses, match results."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

from cardtable.engine.errors import IllegalAction, RecordError
from cardtable.engine.game import Action
from cardtable.engine.match import Match
from cardtable.engine.players import RandomPlayer
from cardtable.engine.sim import simulate
from cardtable.games.malilla.rules import ANSWER, DONE, PLAY, RULES, MalillaHand, MalillaView
from cardtable.games.manille.rules import ManilleView
from tests.games.malilla.helpers import REDEAL_DEAL, SEED_DEAL, act, cards, legal_json, new_hand, options, plays
from tests.support import replay_record

REDEAL = {"seat": 2, "call": "redeal"}


def refusal(state: MalillaHand, raw: dict[str, object]) -> str:
    action = RULES.parse_action(raw, state.options, 4)
    with pytest.raises(IllegalAction) as error:
        state.verify(action)
    with pytest.raises(IllegalAction):
        state.apply(action)
    return error.value.reason


# ----------------------------------------------------------------- reason sentences


def test_the_forbidden_seven_sentence() -> None:
    # Example 6: clubs led in trick 1, spades never; seat 2 is free but may not discard 7S.
    state = new_hand(
        [
            cards("KC AC KD 7D AD ND AS KS NC JC"),
            cards("3C 2D JD 6D 5D AH KH JS 6S 5C"),
            cards("7C 6C 2C 7S 5S 4S NS JH 3H 7H"),
            cards("4C 2H 4D 3D NH 6H 5H 4H 3S 2S"),
        ],
        "2H",
    )
    act(state, *plays(0, "KC"), *plays(1, "3C"), *plays(2, "2C"), *plays(3, "4C"), *plays(0, "KD"), *plays(1, "2D"))
    assert refusal(state, {"seat": 2, "play": "7S"}) == (
        "You may not play 7♠, a forbidden seven: espadas have not been led yet."
    )
    state.apply(RULES.parse_action({"seat": 2, "play": "7C"}, state.options, 4))


def test_the_forbidden_nine_sentence_with_the_48_card_deck() -> None:
    state = new_hand([["9C", "3C"], ["6H", "5H"], ["9H", "AH"], ["2C", "4H"]], "2C", deck="spanish48")
    act(state, *plays(0, "9C"), *plays(1, "6H"))
    refused = refusal(state, {"seat": 2, "play": "9H"})
    assert refused == "You may not play 9♥, a forbidden nine: copas have not been led yet."


@pytest.mark.parametrize(
    ("before", "attempt", "words"),
    [
        ([], {"seat": 1, "play": "AD"}, "Out of turn: it is seat 0's turn"),
        ([], {"seat": 0, "play": "AD"}, "You do not hold A♦."),
        (plays(0, "KD"), {"seat": 1, "play": "KH"}, "You must follow suit (oros) and beat R♦"),
        (plays(0, "KD") + plays(1, "AD"), {"seat": 2, "play": "5D"}, "You must beat A♦: play 7♦."),
        (plays(0, "KD") + plays(1, "AD") + plays(2, "7D"), {"seat": 3, "play": "KC"}, "You must trump"),
    ],
)
def test_play_reasons_are_sentences(before: list[dict[str, object]], attempt: dict[str, object], words: str) -> None:
    state = new_hand(SEED_DEAL, "7H")
    act(state, *before)
    reason = refusal(state, attempt)
    assert reason.startswith(words) and reason.endswith(".")


def test_a_card_after_the_hand_is_over() -> None:
    state = new_hand(REDEAL_DEAL, "KH", dealer=0)
    act(state, REDEAL, {"seat": 0, "call": "agree"})
    assert refusal(state, {"seat": 1, "play": "JD"}) == "The hand is over: no more actions can be taken in it."


@pytest.mark.parametrize(
    ("before", "attempt", "words", "raw_options"),
    [
        ([], REDEAL, "Redeal calls are not played in this game", {"redeal_seven": False}),
        (
            [],
            {"seat": 3, "call": "redeal"},
            "A redeal needs at least 7 cards of one suit: your longest suit has 5.",
            {},
        ),
        (plays(1, "JD"), REDEAL, "A redeal can only be called before the first card", {}),
        ([REDEAL, {"seat": 0, "call": "decline"}], REDEAL, "You have already called for a redeal", {}),
        ([REDEAL], {"seat": 1, "call": "redeal"}, "Seat 2's redeal call is waiting for seat 0's answer", {}),
        ([REDEAL], {"seat": 0, "call": "redeal"}, "Your partner has called for a redeal", {}),
        ([], {"seat": 0, "call": "agree"}, "There is no redeal call to answer", {}),
        ([REDEAL], {"seat": 3, "call": "decline"}, "Only seat 0, the partner of the caller (seat 2)", {}),
        ([REDEAL], {"seat": 1, "play": "JD"}, "Out of turn: seat 0 must first answer seat 2's redeal call.", {}),
        ([REDEAL], {"seat": 0, "play": "7D"}, "Your partner has called for a redeal", {}),
    ],
)
def test_redeal_reasons(
    before: list[dict[str, object]], attempt: dict[str, object], words: str, raw_options: dict[str, Any]
) -> None:
    state = new_hand(REDEAL_DEAL, "KH", dealer=0, **raw_options)
    act(state, *before)
    assert refusal(state, attempt).startswith(words)


# ----------------------------------------------------------------- the redeal call out of turn


def test_optional_calls_offer_the_redeal_to_other_eligible_seats() -> None:
    state = new_hand(REDEAL_DEAL, "KH", dealer=0)
    assert state.to_act == 1 and state.phase == PLAY
    assert state.optional_calls() == {2: [Action(2, "call", "redeal")]}
    assert {"seat": 2, "call": "redeal"} in legal_json(state)
    act(state, REDEAL)
    assert state.phase == ANSWER and state.to_act == 0 and state.optional_calls() == {}
    assert legal_json(state) == [{"seat": 0, "call": "agree"}, {"seat": 0, "call": "decline"}]
    act(state, {"seat": 0, "call": "decline"})
    assert state.to_act == 1 and state.optional_calls() == {}
    assert state.calls == ((2, "redeal"), (0, "decline"))


def test_the_leaders_own_call_is_a_legal_action_not_an_optional_one() -> None:
    # Dealer 0: seat 2 draws for team 0 and wins the albur (KS over NS), so the seat with seven spades leads.
    state = new_hand(REDEAL_DEAL, "KH", dealer=0, albur=("KS", "NS"))
    assert state.to_act == 2 and state.optional_calls() == {}
    view = state.view(2)
    assert not view.only_plays
    assert Action(2, "call", "redeal") in view.legal_actions()
    assert len(view.legal_actions()) == 11


def test_optional_calls_end_with_the_first_card() -> None:
    state = new_hand(REDEAL_DEAL, "KH", dealer=0)
    act(state, *plays(1, "JD"))
    assert state.optional_calls() == {}
    assert all(a.verb == "play" for a in state.legal_actions())


def test_an_agreed_redeal_keeps_the_dealer() -> None:
    state = new_hand(REDEAL_DEAL, "KH", dealer=0)
    act(state, REDEAL, {"seat": 0, "call": "agree"})
    assert state.complete and state.phase == DONE and state.redealt
    assert state.score_delta() == [0, 0, 0, 0] and state.points() == [0, 0, 0, 0]
    assert RULES.next_dealer(state) == 0
    assert RULES.match_result(state.options, 4, [0, 0, 0, 0], state) == (None, None)
    assert state.summary()["bonuses"] == [{"kind": "trump", "team": 0, "points": 3, "held_back": False,
                                           "counted": False}]  # fmt: skip
    played = new_hand(SEED_DEAL, "7H")
    assert RULES.next_dealer(played) == 0


# ----------------------------------------------------------------- views


def test_a_view_holds_only_what_its_seat_may_see() -> None:
    state = new_hand(REDEAL_DEAL, "KH", dealer=0)
    deck = state.deck
    view = state.view(3)
    assert "hands" not in field_names(MalillaView)
    assert view.hand == deck.mask_of(REDEAL_DEAL[3])
    assert view.turned == deck.index["KH"] and view.turned_in_hand and view.trump == deck.suits.index("H")
    assert view.to_act == 1 and view.legal_mask == 0 and view.legal_actions() == []
    assert view.optional_calls == ()
    other = state.view(2)
    assert other.optional_calls == (Action(2, "call", "redeal"),)
    leader = state.view(1)
    assert leader.only_plays and leader.legal_mask == deck.mask_of(REDEAL_DEAL[1])
    assert len(leader.legal_actions()) == 10


def test_the_turned_card_is_known_until_played() -> None:
    state = new_hand(SEED_DEAL, "7H")
    act(state, *plays(0, "KD"), *plays(1, "AD"), *plays(2, "7D"), *plays(3, "2H"))
    view = state.view(1)
    assert view.turned_in_hand
    assert view.tricks == ((0, tuple(state.deck.index[c] for c in ("KD", "AD", "7D", "2H")), 3, 13),)
    assert view.side_pips == (0, 13) and view.points() == [0, 13, 0, 13]
    act(state, *plays(3, "7H"))
    later = state.view(1)
    assert not later.turned_in_hand
    assert later.trick == ((3, state.deck.index["7H"]),)


def test_view_fields_mirror_manille_where_they_mean_the_same() -> None:
    shared = {"dealer", "hand", "leader", "legal_mask", "only_plays", "options", "phase", "players", "plays", "scores",
              "seat", "side_pips", "to_act", "trick", "tricks", "trump", "turned", "turned_in_hand"}  # fmt: skip
    assert shared <= field_names(MalillaView) and shared <= field_names(ManilleView)


def field_names(view_type: type) -> set[str]:
    return {field.name for field in dataclasses.fields(view_type)}


def test_an_answer_is_the_partners_decision_in_its_view() -> None:
    state = new_hand(REDEAL_DEAL, "KH", dealer=0)
    act(state, REDEAL)
    view = state.view(0)
    assert not view.only_plays and view.legal_mask == 0
    assert view.legal_actions() == [Action(0, "call", "agree"), Action(0, "call", "decline")]
    assert state.view(2).calls == ((2, "redeal"),) and state.view(2).caller == 2
    choice = RandomPlayer(random.Random(1)).decide(view)
    assert choice in view.legal_actions()


def test_fingerprints_differ_by_seat_and_by_moment() -> None:
    state = new_hand(SEED_DEAL, "7H")
    before = state.view(0).fingerprint()
    assert before != state.view(1).fingerprint()
    act(state, *plays(0, "KD"))
    assert state.view(0).fingerprint() != before


# ----------------------------------------------------------------- bonuses and the match


def test_bonus_bookkeeping_at_the_deal() -> None:
    # Team 1 deals at 32 with AC turned: 36 would reach 35, so it waits; team 0's albur (5 from 10) counts.
    hands = [["AS"], ["KS"], ["JS"], ["AC"]]
    state = new_hand(hands, "AC", scores=[10, 32, 10, 32], albur=("7D", "AD"))
    assert [b.to_json() for b in state.bonuses] == [
        {"kind": "trump", "team": 1, "points": 4, "held_back": True, "counted": None},
        {"kind": "albur", "team": 0, "points": 5, "held_back": False, "counted": True},
    ]
    assert state.now == [5, 0]
    assert state.summary()["albur_winner"] == 0 and state.summary()["redealt"] is False


def test_a_bonus_that_counts_at_once_is_in_the_views_match_score_from_the_deal() -> None:
    # Team 1 deals at 32: its trump bonus (4) waits for the end; team 0's albur (5 from 10) counts at once.
    hands = [["AS"], ["KS"], ["JS"], ["AC"]]
    state = new_hand(hands, "AC", scores=[10, 32, 10, 32], albur=("7D", "AD"))
    assert all(state.view(seat).match_scores == (15, 32, 15, 32) for seat in range(4))
    # The seed's hand: 7H turned by dealer 3, so team 1 has its 5 at once; at the end the delta says it all.
    played = new_hand(SEED_DEAL, "7H")
    assert played.view(0).match_scores == (0, 5, 0, 5)
    # An agreed redeal voids the bonus: the score goes back.
    redealt = new_hand(REDEAL_DEAL, "KH", dealer=0)
    assert redealt.view(1).match_scores == (3, 0, 3, 0)
    act(redealt, REDEAL, {"seat": 0, "call": "agree"})
    assert redealt.view(1).match_scores == (0, 0, 0, 0)


def test_a_bonus_already_counted_is_part_of_the_check() -> None:
    # Dealer 2 (team 0) turns JC: 29 + 1 = 30 counts; albur 29 + 1 + 5 = 35 reaches the target: held back.
    state = new_hand([["AS"], ["KS"], ["JC"], ["JS"]], "JC", dealer=2, scores=[29, 0, 29, 0], albur=("7D", "AD"))
    assert [(b.kind, b.held_back) for b in state.bonuses] == [("trump", False), ("albur", True)]


def test_match_result_after_a_short_hand() -> None:
    # One card each: seat 0 leads 7H (trump) and takes the only trick: a capote, whatever the target.
    state = new_hand([["7H"], ["2H"], ["3H"], ["4H"]], "4H", scores=[0, 60, 0, 60], target=70)
    state.cards_each = 1
    act(state, *plays(0, "7H"), *plays(1, "2H"), *plays(2, "3H"), *plays(3, "4H"))
    assert state.complete and state.capote == 0
    assert state.score_delta() == [35, 0, 35, 0]
    assert RULES.match_result(state.options, 4, [35, 60, 35, 60], state) == ([0, 2], "capote")


@pytest.mark.parametrize(
    ("scores", "message"),
    [([35, 0, 35, 0], "below the target"), ([1, 2, 3, 2], "partners"), ([-1, 0, -1, 0], "whole numbers"),
     ([0.5, 0, 0.5, 0], "whole numbers")],
)  # fmt: skip
def test_start_scores(scores: list[float], message: str) -> None:
    with pytest.raises(RecordError, match=message):
        RULES.validate_start_scores(scores, options(), 4)
    RULES.validate_start_scores([34, 0, 34, 0], options(), 4)
    RULES.validate_start_scores([39, 0, 39, 0], options(deck="spanish48"), 4)


def test_a_record_that_is_not_json_is_a_form_error() -> None:
    out, status = replay_record('{"format": "cardtable-record/1", "game": "malilla", ')
    assert status == 2 and out["ok"] is False and out["hands"] == [] and out["scores"] is None


def test_a_match_played_from_a_record_round_trip() -> None:
    rng = random.Random(4)
    match = Match(RULES, options(albur=True), 4)
    players = [RandomPlayer(random.Random(s)) for s in range(4)]
    while not match.over:
        state = match.deal_new_hand(rng, 1)
        while not state.complete:
            seat = state.to_act
            assert seat is not None
            match.apply(players[seat].decide(state.view(seat)))
    out, status = replay_record(match.to_record())
    assert status == 0 and out["winner"] == match.winner and out["scores"] == match.scores
    assert out["special"] == match.special


@pytest.mark.parametrize("raw", [{}, {"deck": "spanish48"}, {"albur": True, "target": 70}])
def test_simulated_matches_all_end(raw: dict[str, object]) -> None:
    result = simulate(RULES, ["random"] * 4, options(**raw), matches=20, seed=2)
    wins = result["wins_by_seat"]
    assert wins[0] == wins[2] and wins[1] == wins[3] and wins[0] + wins[1] == 20
