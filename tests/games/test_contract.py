"""The contract every discovered game keeps, checked by one battery for all of them.

Random play always ends; every legal action (the hand's and each view's) verifies; no view holds the hand state
or anything a seat may not see (two hidden cards swapped through the whole record leave the seat's view equal,
and every field of the view is filled); every phase of the game is reached; and the game has records that replay
as expected.  A game added under ``cardtable/games`` is checked here without being named.
"""

from __future__ import annotations

import dataclasses
import json
import random
from collections.abc import Iterator
from enum import Enum, StrEnum
from typing import Any

import pytest

from cardtable.engine.errors import IllegalAction, RecordError
from cardtable.engine.game import GameRules, HandState, View
from cardtable.engine.hints import advise
from cardtable.engine.match import Match
from cardtable.engine.options import option_fields, option_label, value_label
from cardtable.engine.players import RandomPlayer, computer_levels
from cardtable.engine.records import parse_record
from cardtable.engine.replay import EXIT_MALFORMED, replay
from cardtable.games import available_games, find_game
from tests.games.secrets import HIDDEN
from tests.support import TESTS, case_files, check_case

GAMES = available_games()
#: Decisions played per option set and player count, hand after hand and match after match (a short game such
#: as Truco plays many hands, so that its brink hands come up), and at most this many hands; ``--run-slow``
#: plays longer.
DECISIONS = 50
LONG_DECISIONS = 200
HANDS = 60
#: Decisions of each level that searches compared across a swap of unseen cards, per option set.
HINTS = 2


def option_sets(rules: GameRules, players: int) -> Iterator[dict[str, Any]]:
    """The defaults, then each option changed alone to each other value it may take (those the game accepts)."""
    yield {}
    for field in option_fields(rules.options_type):
        values = field.metadata.get("choices") or ((not field.default,) if isinstance(field.default, bool) else ())
        for value in values:
            if value == field.default:
                continue
            try:
                rules.parse_options({field.name: value}, players)
            except RecordError:
                continue
            yield {field.name: value}


def reachable(value: object, seen: set[int] | None = None) -> Iterator[object]:
    """Every object reachable from ``value`` through containers, dataclasses and attributes (cycles cut)."""
    seen = set() if seen is None else seen
    if id(value) in seen or isinstance(value, int | str | float | bool | type(None) | Enum):
        return
    seen.add(id(value))
    yield value
    children: list[object] = []
    if isinstance(value, dict):
        children = [*value.keys(), *value.values()]
    elif isinstance(value, tuple | list | set | frozenset):
        children = list(value)
    elif dataclasses.is_dataclass(value):
        children = [getattr(value, field.name) for field in dataclasses.fields(value)]
    elif hasattr(value, "__dict__"):
        children = list(vars(value).values())
    if callable(value) and hasattr(value, "__self__"):
        children.append(value.__self__)
    for child in children:
        yield from reachable(child, seen)


def check_view_form(view: View) -> None:
    """A filled slots dataclass that reaches no hand state."""
    assert dataclasses.is_dataclass(view) and not hasattr(view, "__dict__"), f"{type(view).__name__} is not slotted"
    for field in dataclasses.fields(view):
        getattr(view, field.name)  # an unfilled slot raises AttributeError
    for part in reachable(view):
        assert not isinstance(part, HandState), f"{type(view).__name__} reaches a hand state ({type(part).__name__})"


def swapped(record: dict[str, Any], first: str, second: str) -> dict[str, Any]:
    """``record`` with two card codes exchanged in its last hand's deal and in the cards its actions play or put aside.

    Calls that name a card (Tarot's king) and cards shown to everyone (the turned card, the vira, the albur,
    a poignée) are left as they are: only where a card lies changes.
    """
    swap = {first: second, second: first}
    out: dict[str, Any] = json.loads(json.dumps(record))
    hand = out["hands"][-1]
    deal = hand["deal"]
    deal["hands"] = [[swap.get(code, code) for code in cards] for cards in deal["hands"]]
    if "chien" in deal:
        deal["chien"] = [swap.get(code, code) for code in deal["chien"]]
    for action in hand["actions"]:
        if "play" in action:
            action["play"] = swap.get(action["play"], action["play"])
        if "discard" in action:
            action["discard"] = [swap.get(code, code) for code in action["discard"]]
    return out


def view_after(record: dict[str, Any], seat: int) -> View | None:
    """The seat's view at the end of ``record``, or None when the record does not replay cleanly."""
    try:
        _out, status, match = replay(parse_record(record, find_game))
    except (RecordError, IllegalAction):
        return None
    if status != 0 or match.current is None:
        return None
    return match.current.view(seat)


def the_hand_alone(match: Match) -> dict[str, Any]:
    """The record the swaps are made in: the hand in progress alone, begun from the scores the match has reached,
    when it shows every seat what the whole match shows (earlier hands hold none of the swapped cards, and a long
    Truco match replayed for every swap would cost more than all the rest); the whole match's record otherwise."""
    record = match.to_record()
    if len(record["hands"]) > 1:
        alone = record | {"start_scores": list(match.scores), "hands": record["hands"][-1:]}
        state = match.hands[-1].state
        if all(view_after(alone, seat) == state.view(seat) for seat in range(match.players)):
            return alone
    return record


def check_secrecy(match: Match, rng: random.Random, tally: dict[str, int]) -> None:
    """Every seat's view equals the one it gets once two cards it cannot place are swapped."""
    state = match.hands[-1].state
    record = the_hand_alone(match)
    hidden_of = HIDDEN[match.rules.name]
    for seat in range(match.players):
        view = state.view(seat)
        hidden = match.deck.codes_of(hidden_of(state, seat))
        for _ in range(2):
            if len(hidden) < 2:
                break
            first, second = rng.sample(hidden, 2)
            other = view_after(swapped(record, first, second), seat)
            if other is None:
                tally["illegal"] += 1
                continue
            tally["swaps"] += 1
            assert other == view, f"seat {seat}'s view changes when {first} and {second} swap places"
            if seat == state.to_act and tally["hints"] < HINTS:
                check_hints_agree(match.rules, view, other, tally)


def check_hints_agree(rules: GameRules, view: View, other: View, tally: dict[str, int]) -> None:
    """Every level that searches decides alike in a view and in the same view reached with two unseen cards
    swapped, and says the same reason for it: it reads nothing but the view (the same hint, for the same reason,
    wherever the hidden cards are)."""
    words = rules.words_for(getattr(view, "options", None))
    names = rules.seat_names(view.players)
    for level in searching_levels(rules):
        first = advise(rules, words, view, names, level=level)
        again = advise(rules, words, other, names, level=level)
        assert again.action == first.action, f"{level} reads past its view"
        assert again.reason == first.reason, f"{level}'s reason reads past its view: {first.reason} / {again.reason}"
        tally["hints"] += 1


def searching_levels(rules: GameRules) -> list[str]:
    return [name for name, factory in computer_levels(rules).items() if getattr(factory, "searches", False)]


def check_rebuilding(match: Match, rng: random.Random) -> None:
    """What a search does with a hand keeps it intact, and what it rebuilds from a view is the hand seen.

    A clone played on leaves the hand as it was; the hand rebuilt from a seat's view and the real hidden cards
    shows every seat what the hand shows it; every world the seat's sampler deals rebuilds a hand that shows the
    seat its very view (so the world fits everything the view shows).
    """
    state = match.hands[-1].state
    rules = match.rules
    views = [state.view(seat) for seat in range(match.players)]
    if not state.complete:
        twin = state.clone()
        twin.apply(rng.choice(twin.legal_actions()))
        assert [state.view(seat) for seat in range(match.players)] == views, "playing on a clone changed the hand"
    for seat, view in enumerate(views):
        rebuilt = rules.state_from_view(view, state.hidden())
        assert [rebuilt.view(other) for other in range(match.players)] == views, f"seat {seat}'s rebuilt hand differs"
        worlds = rules.sample_hidden(view, rng, 2)
        assert worlds or state.complete, f"no world fits seat {seat}'s view"
        for world in worlds:
            assert rules.state_from_view(view, world).view(seat) == view, f"a world dealt for seat {seat} does not fit"


def enum_values(view: View) -> set[Enum]:
    """The enum members a view shows (its phase, Truco's kind of hand...)."""
    return {value for field in dataclasses.fields(view) if isinstance(value := getattr(view, field.name), Enum)}


def play_and_check(game: str, players: int, raw: dict[str, Any], seed: int, tally: dict[str, int],
                   decisions_wanted: int) -> set[Enum]:  # fmt: skip
    """Random play, checking every decision; the enum members (phases, kinds of hand) its views showed.

    Every legal action of the hand and of the acting seat's view verifies at every decision; at a few points in
    each hand every seat's view is checked for its form and its secrets.
    """
    rules = find_game(game)
    options = rules.parse_options(raw, players)
    rng = random.Random(seed)
    seats = [RandomPlayer(random.Random(seed * 10 + seat)) for seat in range(players)]
    shown: set[Enum] = set()
    match = Match(rules, options, players)
    decisions = 0
    for _hand in range(HANDS):
        if decisions >= decisions_wanted:
            break
        if match.over:
            match = Match(rules, options, players)
        state = match.deal_new_hand(rng)
        checks = {rng.randrange(players), rng.randrange(players, 4 * players)}
        step = 0
        while not state.complete:
            assert step < 1000, "the hand does not end"
            seat = state.to_act
            assert seat is not None
            legal = state.legal_actions()
            assert legal and all(a.seat == seat for a in legal)
            for action in legal:
                state.verify(action)
            view = state.view(seat)
            shown |= enum_values(view)
            for action in view.legal_actions():
                state.verify(action)
                assert state.resolve(action) in legal
            if step in checks:
                for other in range(players):
                    check_view_form(state.view(other))
                    assert bool(state.view(other).legal_actions()) == (other == seat)
                check_secrecy(match, rng, tally)
                check_rebuilding(match, rng)
            match.apply(seats[seat].decide(view))
            step += 1
        decisions += step
        shown |= enum_values(state.view(0))
    return shown


def record_ends(game: str, rng: random.Random, tally: dict[str, int]) -> set[Enum]:
    """The views at the end of the game's records (they stop at moments random play seldom reaches: a redeal
    answer, a blind hand...), one record per kind of moment, checked like those of random play."""
    shown: set[Enum] = set()
    moments: set[tuple[str, ...]] = set()
    for path in case_files(TESTS / "records" / game):
        try:
            _out, status, match = replay(parse_record(json.loads(path.read_text()), find_game))
        except (RecordError, ValueError):
            continue
        state = match.current
        if status == EXIT_MALFORMED or state is None:
            continue
        view = state.view(state.to_act or 0)
        moment = (*sorted(map(str, enum_values(view))), str(getattr(view, "contract", "")))
        if moment in moments:
            continue
        moments.add(moment)
        for seat in range(match.players):
            check_view_form(state.view(seat))
            shown |= enum_values(state.view(seat))
        check_secrecy(match, rng, tally)
        check_rebuilding(match, rng)
    return shown


def check_the_contract(game: str, decisions: int) -> None:
    rules = find_game(game)
    shown: set[Enum] = set()
    for players in rules.player_counts:
        for raw in option_sets(rules, players):
            tally = {"swaps": 0, "illegal": 0, "hints": 0}
            shown |= play_and_check(game, players, raw, seed=players * 7 + len(raw), tally=tally,
                                    decisions_wanted=decisions)  # fmt: skip
            assert tally["swaps"] >= 3, f"{players} players {raw}: too few swaps replayed ({tally}) to prove anything"
            if searching_levels(rules):
                assert tally["hints"], f"{players} players {raw}: no decision of a searching level compared"
    tally = {"swaps": 0, "illegal": 0, "hints": 0}
    shown |= record_ends(game, random.Random(5), tally)
    assert tally["swaps"] >= 3, f"the records' ends: too few swaps replayed ({tally}) to prove anything"
    assert any(isinstance(value, StrEnum) and value == "play" for value in shown), "a view's phase is an enum"
    # Every member of every enum a view shows (each phase, each kind of hand) comes up.
    members = {member for kind in {type(value) for value in shown} for member in kind}
    missing = sorted(f"{type(member).__name__}.{member.name}" for member in members - shown)
    assert not missing, f"neither random play nor the records reach {missing}"


@pytest.mark.parametrize("game", GAMES)
def test_every_moment_of_the_game_keeps_the_contract(game: str) -> None:
    check_the_contract(game, DECISIONS)


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_every_moment_of_longer_play_keeps_the_contract(game: str) -> None:
    check_the_contract(game, LONG_DECISIONS)


@pytest.mark.parametrize("game", GAMES)
def test_the_game_has_records_and_they_replay(game: str) -> None:
    records = case_files(TESTS / "records" / game)
    assert len(records) >= 5, f"{game} has no records of its rules"
    for record in records[:: max(1, len(records) // 10)]:
        check_case(record)


@pytest.mark.parametrize("game", GAMES)
def test_the_new_game_form_names_every_option_and_every_choice_in_words(game: str) -> None:
    rules = find_game(game)
    variants = next((f for f in option_fields(rules.options_type) if f.name == "variant"), None)
    kinds = {rules.options_type_for({"variant": v}) for v in (variants.metadata["choices"] if variants else ())}
    for kind in {rules.options_type, *kinds}:
        for field in option_fields(kind):
            assert option_label(field)[0].isupper() and field.metadata.get("label"), (kind, field.name)
            for choice in field.metadata.get("choices") or ():
                if isinstance(choice, str):  # a record's word (spanish40, first_tying_card), never shown as such
                    shown = value_label(field, choice)
                    assert shown != choice and "_" not in shown, (field.name, choice)
