"""Random legal play of whole matches: every variant, tie rule, player count and starting score."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.engine.match import Match
from cardtable.games.truco.rules import FERRO, ONZE, RULES, TrucoHand, TrucoOptions
from tests.support import narrowed, replay_record

MAX_DECISIONS = 60  # a hand has at most 18 cards, 1 decision and a ladder of 4 raises with their answers
PAYS = {"paulista": {0, 1, 3, 6, 9, 12}, "mineiro": {0, 2, 4, 6, 10, 12}}


@st.composite
def setups(draw: st.DrawFn) -> tuple[TrucoOptions, int, list[int | float]]:
    players = draw(st.sampled_from([2, 4, 6]))
    raw = {
        "variant": draw(st.sampled_from(["paulista", "mineiro"])),
        "target": draw(st.integers(min_value=3, max_value=30)),
        "tied_trick_lead": draw(st.sampled_from(["opener", "first_tying_card"])),
    }
    options = RULES.parse_options(raw, players)
    team = [draw(st.integers(min_value=0, max_value=options.target - 1)) for _ in range(2)]
    return narrowed(TrucoOptions, options), players, [team[s % 2] for s in range(players)]


def check_decision(state: TrucoHand) -> None:
    legal = state.legal_actions()
    assert legal, "no legal action while the hand is not complete"
    seat = state.to_act
    assert seat is not None and all(a.seat == seat for a in legal)
    for act in legal:
        state.verify(act)
    # The same actions: a blind seat's pick face-down slots, in slot order, which the hand turns into its cards.
    offered = state.view(seat).legal_actions()
    for act in offered:
        state.verify(act)
    resolved = [state.resolve(a) for a in offered]
    assert len(resolved) == len(legal) and set(resolved) == set(legal)
    assert sum(a.verb == "call" and a.value in ("truco", "raise") for a in legal) <= 1
    if state.kind != "normal":
        assert not any(a.value in ("truco", "raise") for a in legal)
    if state.kind == FERRO or not state.history:
        assert not any(a.extra for a in legal)


@settings(deadline=None, database=None)
@given(setups(), st.integers(min_value=0, max_value=2**32))
def test_random_legal_play(setup: tuple[TrucoOptions, int, list[int | float]], seed: int) -> None:
    options, players, start = setup
    rng = random.Random(seed)
    match = Match(RULES, options, players, start)
    for _hand in range(6):
        if match.over:
            break
        state = match.deal_new_hand(rng, seed % players)
        assert isinstance(state, TrucoHand)
        before = list(match.scores)
        for _ in range(MAX_DECISIONS):
            if state.complete:
                break
            check_decision(state)
            assert state.score_delta() is None
            match.apply(rng.choice(state.legal_actions()))
        assert state.complete, "the hand did not end"
        assert state.legal_actions() == [] and state.to_act is None
        delta = state.score_delta()
        assert delta is not None
        assert all(d in PAYS[options.variant] for d in delta)
        assert min(delta[0], delta[1 % players]) == 0  # at most one team scores
        assert all(delta[s] == delta[s % 2] for s in range(players))
        if state.kind == ONZE and state.ending != "ran":
            assert max(delta) in (0, options.rules.brink_value)
        if state.kind == FERRO:
            assert max(delta) in (0, options.rules.base)
        points = state.points()
        assert all(points[s] == points[s % 2] for s in range(players)) and points[0] + points[1 % players] <= 3
        assert all(after >= old for after, old in zip(match.scores, before, strict=True))  # never decrease
        reached = [t for t in (0, 1) if match.scores[t] >= options.target]
        assert match.winner == ([s for s in range(players) if s % 2 == reached[0]] if reached else None)
    out, status = replay_record(match.to_record())
    assert status == 0, out["error"]
    assert out["scores"] == match.scores and out["winner"] == match.winner
