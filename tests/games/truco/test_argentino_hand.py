"""Truco Argentino's hand as the table and the players meet it: views, what calls are worth, the match won
mid-hand through ``Match``, ``replay``, the game loop and ``sim``, and the score sheet's sentences."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

from cardtable.engine.cards import bits
from cardtable.engine.history import hand_history
from cardtable.engine.loop import GameLoop, HandScored, MatchOver, resume_match
from cardtable.engine.match import Match
from cardtable.engine.players import RandomPlayer, make_computer
from cardtable.engine.records import parse_record
from cardtable.engine.replay import replay
from cardtable.engine.sim import play_hand, simulate
from cardtable.games import find_game
from cardtable.games.truco.argentino import (
    CALLS,
    DECK,
    ArgentinoHand,
    ArgentinoView,
    Call,
    Phase,
)
from cardtable.games.truco.common import TrucoDeal
from cardtable.games.truco.rules import RULES
from tests.games.truco.argentino_helpers import new_hand, options
from tests.support import replay_record


def view_text(view: ArgentinoView) -> str:
    """Every field of a view as text, but the shared card plays and the deck (which names every card)."""
    return repr({f.name: getattr(view, f.name) for f in dataclasses.fields(view) if f.name not in ("plays", "deck")})


FOUR = ["7D 6D KS", "5C JC 4S", "KH NH 3S", "7S 5H 2C"]


def test_the_view_is_a_slots_dataclass_made_by_the_hand() -> None:
    view = new_hand(FOUR).view(0)
    assert dataclasses.is_dataclass(view) and "__slots__" in type(view).__dict__
    assert not any(isinstance(getattr(view, f.name), ArgentinoHand) for f in dataclasses.fields(view))


def test_a_view_shows_its_own_cards_and_count_only() -> None:
    state = new_hand(FOUR)
    for seat in range(4):
        view = state.view(seat)
        assert view.hand == state.hands[seat] and view.held == (3, 3, 3, 3)
        assert view.envido_count == state.envido_counts[seat]
        text = view_text(view)
        for other in range(4):
            if other != seat:
                assert all(f"'{DECK.codes[c]}'" not in text for c in bits(state.hands[other]))
        assert view.envido is None
        assert (view.legal_actions() != []) == (seat == 0)


def test_envido_counts_become_public_when_accepted_only() -> None:
    refused = new_hand(FOUR, "0:envido 1:refuse")
    envido = refused.view(2).envido
    assert envido is not None and envido.counts is None
    accepted = new_hand(FOUR, "0:envido 1:accept")
    envido = accepted.view(3).envido
    assert envido is not None and envido.counts == (33, 25, 20, 7) and envido.winner == 0


def test_a_face_down_card_is_known_only_to_its_player() -> None:
    state = new_hand(["7D 6D KS", "5C JC 4S"], "0:7D 1:5C 0:KS!")
    ks = DECK.index["KS"]
    assert state.view(0).trick == ((0, ks),)
    assert state.view(1).trick == ((0, None),) and state.view(1).trick_hidden == (0,)
    assert "KS" not in state.view(1).fingerprint()
    state = new_hand(["7D 6D KS", "5C JC 4S"], "0:7D 1:5C 0:KS! 1:JC")
    assert state.view(1).tricks[1][1] == (None, DECK.index["JC"])
    assert state.view(0).tricks[1][1] == (ks, DECK.index["JC"])
    assert state.tricks[1].cards == ("KS", "JC") and state.tricks[1].hidden == (0,)


def test_flor_holders_are_known_by_their_calls() -> None:
    state = new_hand(["7H 5H 4H", "AC 6C 3C"], "0:flor", flor=True)
    assert state.view(1).known_flors == (0,)
    assert state.view(1).flor_count == 30 and state.view(0).flor_count == 36
    state = new_hand(["7H 5H 4H", "AC 6C 3C"], "0:flor 1:refuse", flor=True)
    assert state.view(0).known_flors == (0, 1)
    assert new_hand(["7H 5H 4H", "AC 6C 3C"]).view(0).flor_count is None  # no flor without the option


@pytest.mark.parametrize(
    ("actions", "phase", "accept", "refuse"),
    [
        ("0:envido 1:real_envido", Phase.ANSWER_ENVIDO, 5, 2),
        ("0:falta_envido", Phase.ANSWER_ENVIDO, 15, 1),
        ("0:envido 1:envido 0:real_envido", Phase.ANSWER_ENVIDO, 7, 4),
        ("0:truco", Phase.ANSWER, 2, 1),
        ("0:truco 1:raise", Phase.ANSWER, 3, 2),
        ("", Phase.PLAY, None, None),
    ],
)
def test_what_the_waiting_call_is_worth(actions: str, phase: Phase, accept: int | None, refuse: int | None) -> None:
    state = new_hand(["7D 6D KS", "5C JC 4S"], actions)
    view = state.view(state.turn)
    assert (view.phase, view.accept_worth, view.refuse_worth) == (phase, accept, refuse)


def test_a_flor_chain_is_worth_its_table() -> None:
    state = new_hand(["7H 5H 4H", "AC 6C 3C"], "0:flor 1:contraflor", scores=[10, 20], flor=True)
    view = state.view(0)
    assert (view.phase, view.accept_worth, view.refuse_worth) == (Phase.ANSWER_FLOR, 6, 4)
    state = new_hand(["7H 5H 4H", "AC 6C 3C"], "0:flor 1:contraflor_al_resto", scores=[10, 20], flor=True)
    assert (state.view(0).accept_worth, state.view(0).refuse_worth) == (10, 4)


def test_who_may_raise_and_a_waiting_truco() -> None:
    state = new_hand(["7D 6D KS", "5C JC 4S"])
    assert state.view(1).raising_teams == (0, 1)
    state = new_hand(["7D 6D KS", "5C JC 4S"], "0:truco 1:accept")
    assert state.view(1).raising_teams == (1,)
    state = new_hand(["7D 6D KS", "5C JC 4S"], "0:truco 1:envido")
    view = state.view(0)
    assert view.truco_waiting and view.proposed == 2 and view.phase is Phase.ANSWER_ENVIDO
    assert view.raising_teams == ()
    state = new_hand(["7D 6D KS", "5C JC 4S"], "0:truco 1:raise 0:raise 1:accept")
    assert state.view(0).raising_teams == () and state.view(0).value == 4


def test_the_team_scores_in_the_view_count_the_envido_at_once() -> None:
    state = new_hand(["7D 6D KS", "5C JC 4S"], "0:envido 1:accept", scores=[3, 9])
    view = state.view(1)
    assert view.scores == (3, 9) and view.team_scores == (5, 9)


def test_points_and_score_delta_add_the_parts() -> None:
    state = new_hand(["7D 6D KS", "AS 5S 3C"], "0:envido 1:real_envido 0:accept 0:KS 1:truco 0:accept 1:3C 1:AS 0:6D")
    assert state.complete and state.points() == [0, 2] and state.score_delta() == [5, 2]


def record(hands: list[dict[str, Any]], start: list[int] | None = None, **raw: Any) -> dict[str, Any]:
    out: dict[str, Any] = {"format": "cardtable-record/1", "game": "truco",
                           "options": {"variant": "argentino", **raw}, "players": 2, "hands": hands}  # fmt: skip
    if start is not None:
        out["start_scores"] = start
    return out


def test_a_match_won_mid_hand_through_match_and_replay() -> None:
    match = Match(RULES, options(), 2, [28, 25])
    state = match.begin_hand(1, TrucoDeal([DECK.mask_of(["7D", "6D", "KS"]), DECK.mask_of(["5C", "JC", "4S"])], None))
    match.apply(CALLS[0][Call.ENVIDO])
    assert not match.over
    match.apply(CALLS[1][Call.ACCEPT])
    assert state.complete and match.over and match.winner == [0] and match.scores == [30, 25]
    assert match.current is None
    # The record the match writes replays to the same end.
    out, status = replay_record(match.to_record())
    assert status == 0 and out["winner"] == [0] and out["hands"][0]["summary"]["ending"] == "target"


def test_a_resumed_record_is_the_same_match() -> None:
    rec = record([{"dealer": 1, "deal": {"hands": [["7D", "6D", "KS"], ["5C", "JC", "4S"]]},
                   "actions": [{"seat": 0, "call": "envido"}, {"seat": 1, "call": "accept"}]}])  # fmt: skip
    match = resume_match(parse_record(rec, find_game))
    state = match.current
    assert isinstance(state, ArgentinoHand) and state.gained == [2, 0] and match.scores == [0, 0]


async def test_the_game_loop_ends_a_match_in_the_middle_of_a_hand() -> None:
    # From 29 : 29 at target 30 nearly every hand's first point ends the match; over seeds, some do it by the envido.
    endings = set()
    for seed in range(40):
        events: list[object] = []
        match = Match(RULES, options(), 2, [29, 29])
        players = [RandomPlayer(random.Random(seed * 2 + s)) for s in range(2)]
        await GameLoop(match, players, seed=seed, on_event=events.append).run()
        assert match.over and isinstance(events[-1], MatchOver) and events[-1].winner == match.winner
        scored = [e for e in events if isinstance(e, HandScored)]
        assert len(scored) == len(match.hands) and scored[-1].scores == match.scores
        state = match.hands[-1].state
        assert isinstance(state, ArgentinoHand)
        endings.add(state.ending)
    assert "target" in endings and "mazo" in endings


@pytest.mark.parametrize("players", [2, 4, 6])
@pytest.mark.parametrize("flor", [False, True])
def test_sim_plays_whole_matches(players: int, flor: bool) -> None:
    opts = RULES.parse_options({"variant": "argentino", "flor": flor}, players)
    seats = ["heuristic", "random"] * (players // 2)
    out = simulate(RULES, seats, opts, matches=8, seed=5)
    assert sum(out["wins_by_seat"][:2]) == 8
    assert out["wins_by_seat"] == [out["wins_by_seat"][s % 2] for s in range(players)]
    assert out["options"]["variant"] == "argentino" and out["options"]["flor"] is flor
    again = simulate(RULES, seats, opts, matches=8, seed=5)
    assert {k: v for k, v in out.items() if k not in ("elapsed_s", "hands_per_s")} == {
        k: v for k, v in again.items() if k not in ("elapsed_s", "hands_per_s")
    }


def test_random_deals_hold_three_spanish_cards_each_and_no_vira() -> None:
    for players in (2, 4, 6):
        deal = RULES.random_deal(random.Random(players), options(), players, 0)
        assert deal.vira is None and len(deal.hands) == players
        assert all(hand.bit_count() == 3 for hand in deal.hands)
        union = 0
        for hand in deal.hands:
            assert union & hand == 0
            union |= hand
        assert "vira" not in deal.to_json(DECK)


def test_the_score_sheet_sentences() -> None:
    names = ["Ana", "Bo"]
    state = new_hand(["7D 6D KS", "AS 5S 3C"], "0:envido 1:real_envido 0:accept 0:KS 1:truco 0:accept 1:3C 1:AS 0:6D")
    assert state.explain(names) == [
        "Envido, real envido accepted (envido counts: Ana 33, Bo 26): Ana's 33 wins, Ana scores 5.",
        "Tricks won: Ana 0, Bo 2.",
        "Bo wins the hand, worth 2 (truco accepted).",
    ]
    assert new_hand(["7D 6D KS", "5C JC 4S"], "0:mazo").explain(names) == [
        "Ana went to the deck: Bo scores 2 (the hand, and 1 for the envido never played)."
    ]
    assert new_hand(["7D 6D KS", "5C JC 4S"], "0:truco 1:raise 0:refuse").explain(names) == [
        "Bo's retruco was refused: Bo scores the value before it, 2."
    ]
    state = new_hand(["7D 6D KS", "5C JC 4S"], "0:envido 1:accept", scores=[28, 3])
    assert state.explain(names)[-1] == "Ana reaches 30 during the hand: the match is won, the hand stops."
    state = new_hand(["3S KD AH", "3H KC AD"], "0:3S 1:3H 0:KD 1:KC 0:AH 1:AD")
    three_pardas = "Ana wins the hand (three pardas go to the mano's team), worth 1 (no truco accepted)."
    assert state.explain(names)[-1] == three_pardas
    state = new_hand(["7H 5H 4H", "AC 6D 3C"], "0:flor 0:mazo", flor=True)
    assert state.explain(names)[0] == "Ana sings the flor and nobody can answer it: Ana scores 3."
    assert new_hand(["7D 6D KS", "5C JC 4S"]).explain(names) == []
    four = new_hand(FOUR, "0:envido 1:accept 0:mazo")
    assert four.explain(["You", "Bo", "Cy", "Di"]) == [
        "Envido accepted (envido counts: You 33, Bo 25, Cy 20, Di 7): your 33 wins, You & Cy score 2.",
        "You & Cy went to the deck: Bo & Di score 1.",
    ]


def test_the_hand_history_lists_the_calls() -> None:
    rec = record([{"dealer": 1, "deal": {"hands": [["7D", "6D", "KS"], ["5C", "JC", "4S"]]},
                   "actions": [{"seat": 0, "call": "envido"}, {"seat": 1, "call": "accept"},
                               {"seat": 0, "call": "mazo"}]}])  # fmt: skip
    parsed = parse_record(rec, find_game)
    out, _status, match = replay(parsed)
    text = hand_history(parsed, match, out)
    assert "South calls envido!" in text and "North accepts." in text
    assert "South goes to the deck" in text and "Scores: South 2, North 1" in text


@pytest.mark.parametrize("players", [2, 4, 6])
def test_the_records_of_whole_matches_replay_to_the_same_end(players: int) -> None:
    opts = RULES.parse_options({"variant": "argentino", "flor": True, "target": 15}, players)
    for seed in range(3):
        rng = random.Random(seed)
        levels = ["heuristic", "random"] * (players // 2)
        computers = [make_computer(RULES, level, random.Random(seed + s)) for s, level in enumerate(levels)]
        match = Match(RULES, opts, players)
        while not match.over:
            play_hand(match, computers, rng, seed % players)
        out, status = replay_record(match.to_record())
        assert status == 0 and out["winner"] == match.winner and out["scores"] == match.scores
        assert [h["score_delta"] for h in out["hands"]] == [p.state.score_delta() for p in match.hands]
