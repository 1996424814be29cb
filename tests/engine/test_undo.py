"""Undo in the engine: a seat's last decision and all that followed taken back, the match as it stood then.

The seat taking back plays seat 0 here, the computers the others; every game and its forms are played.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from cardtable.engine.game import Action, GameRules, View
from cardtable.engine.loop import GameLoop, deal_rng, resume_match
from cardtable.engine.match import Match
from cardtable.engine.players import Budget, ComputerPlayer, RandomPlayer, computer_levels, make_computer, run_now
from cardtable.engine.records import dump_record, parse_record
from cardtable.engine.undo import Place, last_decision, take_back
from cardtable.games import find_game
from tests.support import seat_to_act

YOU = 0
#: Each game in the forms whose hands differ most: (game, options, players).
FORMS = [
    ("manille", {}, 4),
    ("manille", {"auction": True}, 4),
    ("malilla", {}, 4),
    ("truco", {}, 4),
    ("truco", {"variant": "argentino"}, 2),
    ("tarot", {}, 4),
    ("tarot", {}, 5),
]


def new_match(game: str, options: dict[str, Any], players: int) -> Match:
    rules = find_game(game)
    return Match(rules, rules.parse_options(options, players), players)


def play(match: Match, actions: int, seed: int = 3, chooser: RandomPlayer | None = None) -> list[tuple[Place, View]]:
    """Play ``actions`` actions (dealing as the game loop deals); the view seat 0 had before each of its own."""
    chooser = chooser or RandomPlayer()  # seeded by the view it sees: the same choice in the same place
    seen: list[tuple[Place, View]] = []
    for _ in range(actions):
        if match.over:
            break
        state = match.current
        if state is None:
            state = match.deal_new_hand(deal_rng(seed, len(match.hands)))
            continue
        seat = state.to_act
        assert seat is not None
        view = state.view(seat)
        if seat == YOU:
            seen.append((Place(len(match.hands) - 1, len(match.hands[-1].actions)), view))
        match.apply(run_now(chooser.choose(view)))
    return seen


@pytest.mark.parametrize(("game", "options", "players"), FORMS)
def test_undo_goes_back_to_your_last_decision_with_your_hand_and_the_table_as_they_were(
    game: str, options: dict[str, Any], players: int
) -> None:
    match = new_match(game, options, players)
    seen = play(match, 20 if game == "truco" else 60)  # a Truco match to 12 may be over in 60
    assert not match.over
    place, view = seen[-1]
    record = match.to_record()
    taken = take_back(match, [YOU])
    assert taken is not None and taken.place == place
    assert taken.decision == match.hands[place.hand].actions[place.index] and taken.decision.seat == YOU
    again = taken.match
    state = again.current
    assert state is not None and state.to_act == YOU and state.view(YOU) == view
    # The history is clean: what was taken back is not in the record, what came before is as it was.
    kept = again.to_record()["hands"]
    assert len(kept) == place.hand + 1
    assert kept[:-1] == record["hands"][: place.hand]
    assert kept[-1]["actions"] == record["hands"][place.hand]["actions"][: place.index]
    assert kept[-1]["deal"] == record["hands"][place.hand]["deal"]
    assert match.to_record() == record  # the match taken back from is left as it was
    later = sum(len(h.actions) for h in match.hands[place.hand :]) - place.index
    assert taken.actions == later and taken.hands == len(match.hands) - 1 - place.hand


def test_each_undo_goes_one_decision_further_back_to_the_start_of_the_match() -> None:
    match = new_match("manille", {}, 4)
    seen = play(match, 40)
    for place, view in reversed(seen):
        taken = take_back(match, [YOU])
        assert taken is not None and taken.place == place
        match = taken.match
        state = match.current
        assert state is not None and state.view(YOU) == view
    assert take_back(match, [YOU]) is None  # nothing left: you have not decided anything yet
    assert last_decision(match, [YOU]) is None


def test_undo_reaches_back_into_the_hand_before_with_its_score_taken_back() -> None:
    match = new_match("manille", {}, 4)
    seen: list[tuple[Place, View]] = []
    while len(match.hands) < 2:
        seen += play(match, 1)
    assert len(match.hands) == 2 and match.hands[0].scored and match.scores != match.start_scores
    computer = RandomPlayer()
    while (state := match.current) is not None and state.to_act != YOU:  # the computers act first in it
        match.apply(run_now(computer.choose(state.view(seat_to_act(state)))))
    place, view = seen[-1]
    taken = take_back(match, [YOU])
    assert taken is not None and taken.place == place and place.hand == 0 and taken.hands == 1
    again = taken.match
    assert len(again.hands) == 1 and not again.hands[0].scored and again.scores == again.start_scores
    state = again.current
    assert state is not None and state.view(YOU) == view


def test_taking_back_plays_again_only_the_hand_of_the_decision() -> None:
    # Going back costs as much late in a long match as early: the finished hands before the decision's never
    # change, and the match gone back to keeps them as they are rather than dealing and playing them again.
    match = new_match("manille", {}, 4)
    seen = play(match, 100)
    place, view = seen[-1]
    assert place.hand >= 2
    saved = match.to_record_lines()  # the finished hands' lines kept, as the table's saves keep them
    taken = take_back(match, [YOU])
    assert taken is not None and taken.place == place
    again = taken.match
    assert all(kept is hand for kept, hand in zip(again.hands[: place.hand], match.hands, strict=False))
    assert again.hands[place.hand] is not match.hands[place.hand] and again.hands[place.hand].state.view(YOU) == view
    assert again.scores == match.scores_by_hand()[place.hand] != match.start_scores
    assert json.loads(dump_record(again.to_record_lines())) == again.to_record()
    assert json.loads(dump_record(saved)) == match.to_record()  # the match gone back from is left as it was


async def test_the_hand_dealt_again_after_an_undo_is_the_same_deal() -> None:
    # The loop deals each hand from the seed and the hand's number: once the undone hand is over, the next
    # one comes with the cards it had before the undo.
    players = [RandomPlayer() for _ in range(4)]
    match = new_match("manille", {"target": 30}, 4)
    await GameLoop(match, players, seed=8, max_hands=2).run()
    second = match.to_record()["hands"][1]["deal"]
    last_of_first = max(i for i, a in enumerate(match.hands[0].actions) if a.seat == YOU)
    match.hands[1].actions.clear()  # only the deal of the second hand matters here
    rewound = take_back(match, [YOU])
    assert rewound is not None and rewound.place == Place(0, last_of_first)
    replayed = await GameLoop(rewound.match, players, seed=8, max_hands=2).run()
    assert replayed.to_record()["hands"][1]["deal"] == second


def test_nothing_is_taken_back_at_the_start_or_once_the_match_is_over() -> None:
    match = new_match("manille", {"target": 15}, 4)
    assert take_back(match, [YOU]) is None  # no hand dealt
    play(match, 1)
    assert take_back(match, [YOU]) is None  # dealt, nothing decided
    play(match, 5000)
    assert match.over and last_decision(match, [YOU]) is not None
    assert take_back(match, [YOU]) is None  # a finished match is final


# ----------------------------------------------------------------------------- computer players after an undo
def level_players(rules: GameRules) -> list[tuple[str, ComputerPlayer[Any]]]:
    # Fixed work and no time limit, so that the same view gets the same decision.
    return [(level, make_computer(rules, level, budget=Budget.FAST)) for level in computer_levels(rules)
            if level != "random"]  # fmt: skip


def decisions(match: Match, players: dict[int, ComputerPlayer[Any]], count: int) -> list[Action]:
    """The next ``count`` actions, each seat's by ``players`` (seat 0 by a view-seeded random player)."""
    you = RandomPlayer()
    made: list[Action] = []
    while len(made) < count and not match.over:
        state = match.current
        if state is None:
            match.deal_new_hand(deal_rng(3, len(match.hands)))
            continue
        seat = state.to_act
        assert seat is not None
        view = state.view(seat)
        action = run_now((players[seat] if seat != YOU else you).choose(view))
        made.append(action)
        match.apply(action)
    return made


@pytest.mark.parametrize(("game", "options", "players"), FORMS)
def test_computer_players_keep_nothing_of_the_plays_taken_back(
    game: str, options: dict[str, Any], players: int
) -> None:
    """Every level decides from its view alone: after an undo, and another decision of yours, a player that saw
    the plays taken back decides as one that never saw them."""
    rules = find_game(game)
    for level in computer_levels(rules):
        # From the deal, seat 0 first to act: the computers' bids, calls and first cards come after its decision.
        match = new_match(game, options, players)
        match.deal_new_hand(deal_rng(3, 0), first_dealer=players - 1)
        used = {seat: make_computer(rules, level, budget=Budget.FAST) for seat in range(1, players)}
        decisions(match, used, 2 * players)  # they see, and make, plays that will be taken back
        taken = take_back(match, [YOU])
        assert taken is not None, level
        after = taken.match
        state = after.current
        assert state is not None and state.to_act == YOU
        legal = state.view(YOU).legal_actions()
        after.apply(next((a for a in legal if a != taken.decision), legal[0]))  # you choose otherwise this time
        fresh_match = resume_match(parse_record(after.to_record(), find_game))
        fresh = {seat: make_computer(rules, level, budget=Budget.FAST) for seat in range(1, players)}
        assert decisions(after, used, 2 * players) == decisions(fresh_match, fresh, 2 * players), level


def test_an_undo_passes_over_the_actions_it_is_told_were_no_decision() -> None:
    match = new_match("manille", {}, 4)
    seen = play(match, 40)
    mine = [place for place, _view in seen]
    assert len(mine) >= 2
    last, before = mine[-1], mine[-2]
    assert last_decision(match, [YOU]) == last
    assert last_decision(match, [YOU], passed_over=lambda place: place == last) == before
    taken = take_back(match, [YOU], passed_over=lambda place: place == last)
    assert taken is not None and taken.place == before
    assert last_decision(match, [YOU], passed_over=lambda place: True) is None
