"""The ``expert`` level (determinized search) of Manille and Malilla, and the search pieces it stands on.

Every moment the records stop at (the auction, the knock round, the redeal question and answer, the play in
every variant) gets a legal decision; whole hands in every option set end; the budget is what the table or
``sim`` asks for; the worlds the sampler deals are uniform among those that fit.
"""

from __future__ import annotations

import collections
import functools
import itertools
import json
import random
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest

from cardtable.engine.cards import cards_in
from cardtable.engine.players import Budget, make_computer
from cardtable.engine.records import parse_record
from cardtable.engine.replay import replay
from cardtable.engine.sim import simulate
from cardtable.games import find_game
from cardtable.games.malilla.rules import MalillaView
from cardtable.games.manille.expert import ManilleExpert
from cardtable.games.manille.rules import ManilleView
from cardtable.games.search import CHEAP_WORLDS, SearchBudget, in_time, search_budget
from cardtable.games.worlds import MixedDealer, UniformDealer, draw_deals
from tests.support import TESTS, case_files, narrowed, seat_to_act

EXPERT_GAMES = ("manille", "malilla")
#: Option sets whose hands the expert plays through (each at one hand, the fast budget).
OPTION_SETS: dict[str, list[tuple[int, dict[str, Any]]]] = {
    "manille": [(3, {}), (4, {}), (4, {"doubling": True, "auction": True, "last_trick_bonus": True}),
                (4, {"partner_exemption": True, "must_beat": False}), (4, {"house": "french", "auction": True}),
                (4, {"house": "belgian", "talk": True, "doubling": True})],
    "malilla": [(4, {}), (4, {"albur": True}), (4, {"deck": "spanish48", "redeal_seven": False})],
}  # fmt: skip


@pytest.mark.parametrize("game", EXPERT_GAMES)
def test_the_expert_decides_legally_wherever_a_record_stops(game: str) -> None:
    rules = find_game(game)
    decided = collections.Counter[str]()
    moments: set[tuple[str, str]] = set()
    for path in case_files(TESTS / "records" / game):
        try:
            _out, status, match = replay(parse_record(json.loads(path.read_text()), find_game))
        except (ValueError, KeyError):
            continue
        state = match.current
        if status or state is None or state.complete or match.over:
            continue
        seat = state.to_act
        assert seat is not None
        view = state.view(seat)
        assert isinstance(view, ManilleView | MalillaView)  # the games with an expert
        moment = (str(view.phase), repr(view.options))
        if moment in moments:
            continue  # one record per phase and option set keeps this quick
        moments.add(moment)
        expert = make_computer(rules, "expert", random.Random(1), budget=Budget.FAST)
        state.verify(state.resolve(expert.decide(view)))
        for other, calls in state.optional_calls().items():
            call = expert.consider(state.view(other), calls)
            assert call is None or call in calls
        decided[str(view.phase)] += 1
    # The auction, the knock round, the redeal answer and the play all came up.
    wanted = {"manille": {"auction", "doubling", "play"}, "malilla": {"answer", "play"}}[game]
    assert wanted <= set(decided), decided


def variant_cases() -> list[Any]:
    """Every option set of ``OPTION_SETS``; all but each game's first are slow."""
    cases = []
    for game in EXPERT_GAMES:
        for index, (players, raw) in enumerate(OPTION_SETS[game]):
            marks = [pytest.mark.slow] if index else []
            cases.append(pytest.param(game, players, raw, marks=marks, id=f"{game}-{players}-{index}"))
    return cases


@pytest.mark.parametrize(("game", "players", "raw"), variant_cases())
def test_the_expert_plays_whole_hands_in_every_variant(game: str, players: int, raw: dict[str, Any]) -> None:
    rules = find_game(game)
    seats = ["expert", "heuristic"] * 2 if players == 4 else ["expert", "heuristic", "heuristic"]
    result = simulate(rules, seats, rules.parse_options(raw, players), hands=1, seed=3, budget=Budget.FAST)
    assert result["hands"] == 1


def test_the_budget_is_the_one_asked_for_and_a_deadline_only_at_the_table() -> None:
    rules = find_game("manille")
    expert = narrowed(ManilleExpert, make_computer(rules, "expert"))
    assert expert.budget == search_budget(Budget.NORMAL, worlds=CHEAP_WORLDS)
    fast = narrowed(ManilleExpert, make_computer(rules, "expert", budget=Budget.FAST))
    assert fast.budget.worlds < search_budget(worlds=CHEAP_WORLDS).worlds and fast.budget.seconds is None
    at_table = narrowed(ManilleExpert, make_computer(rules, "expert", deadline=True))
    assert at_table.budget.seconds is not None
    assert make_computer(rules, "heuristic", budget=Budget.STRONG, deadline=True).searches is False


def test_a_deadline_still_plays_the_fewest_worlds() -> None:
    rushed = SearchBudget(Budget.FAST, 16, seconds=0.0, fewest=3)
    assert list(in_time(range(10), rushed)) == [0, 1, 2]
    assert list(in_time(range(10), SearchBudget(Budget.FAST, 16))) == list(range(10))


def test_in_a_thread_the_search_sleeps_a_moment_every_millisecond_and_never_in_the_main_thread(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import cardtable.games.search as search_module

    slept: list[str] = []
    monkeypatch.setattr(time, "sleep", lambda seconds: slept.append(threading.current_thread().name))
    # The search's clock runs with the work, not with the machine: a busy machine that takes the thread off its
    # core for a while must not change how many breaks it takes (it once took 12 for 10 ms of work).
    clock = [0.0]
    monkeypatch.setattr(time, "perf_counter", lambda: clock[0])
    monkeypatch.setattr(search_module, "_last_break", [0.0])

    def slow_worlds() -> Iterator[int]:
        for world in range(20):
            clock[0] += 0.0006  # 0.6 ms of work a world
            yield world

    assert list(in_time(slow_worlds(), SearchBudget(Budget.FAST, 20))) == list(range(20))
    assert slept == []  # the main thread: sim and replay never wait
    thinker = threading.Thread(target=lambda: list(in_time(slow_worlds(), SearchBudget(Budget.FAST, 20))), name="x")
    thinker.start()
    thinker.join()
    assert slept == ["x"] * 10  # 12 ms of work: a break each time a millisecond has passed since the last


def test_the_same_view_gets_the_same_decision() -> None:
    rules = find_game("malilla")
    options = rules.parse_options({}, 4)
    state = rules.new_hand(options, 4, 0, rules.random_deal(random.Random(8), options, 4, 0), [0, 0, 0, 0])
    for _ in range(9):  # into the second trick
        state.apply(state.legal_actions()[0])
    seat = state.to_act
    assert seat is not None
    decisions = {make_computer(rules, "expert", budget=Budget.FAST).decide(state.view(seat)) for _ in range(3)}
    assert len(decisions) == 1


def brute_force(pool: int, possible: list[int], need: list[int]) -> list[tuple[int, ...]]:
    """Every deal of ``pool`` into the places, found the slow way."""
    cards = list(cards_in(pool))
    found = []
    for owners in itertools.product(range(len(possible)), repeat=len(cards)):
        hands = [0] * len(possible)
        for card, owner in zip(cards, owners, strict=True):
            hands[owner] |= 1 << card
        if all(h & ~p == 0 and h.bit_count() == n for h, p, n in zip(hands, possible, need, strict=True)):
            found.append(tuple(hands))
    return found


def test_the_dealer_counts_every_deal_that_fits_and_draws_them_alike() -> None:
    pool = 0b1111111
    # Card 0 is void for place 0, cards 5 and 6 may only go to place 2.
    possible = [0b0011110, 0b0011111, 0b1111111]
    need = [2, 2, 3]
    dealer = UniformDealer(pool, possible, need)
    every = brute_force(pool, possible, need)
    assert dealer.count() == len(every) and sorted(map(tuple, dealer.every_deal())) == sorted(every)
    rng = random.Random(4)
    drawn = collections.Counter(tuple(dealer.deal(rng) or ()) for _ in range(len(every) * 300))
    assert set(drawn) == set(every)
    # Uniform: every deal within a generous band around its expected 300 draws.
    assert all(200 < times < 400 for times in drawn.values()), drawn
    assert len(draw_deals(dealer, rng, 1000)) == len(every)  # fewer deals than asked: each once


def test_a_condition_on_a_hand_is_families_of_deals() -> None:
    """Place 0 holds both cards of one of two suits: one family per suit, place 0 split into that suit and
    the rest."""
    suits = (0b0011, 0b1100)
    families = [(UniformDealer(0b1111, [0b1111 & ~suit, 0b1111, suit], [0, 2, 2]), (0, 1, 0)) for suit in suits]
    mixed = MixedDealer(2, families)
    assert mixed.count() == 2
    assert sorted(mixed.every_deal()) == [[0b0011, 0b1100], [0b1100, 0b0011]]
    assert mixed.deal(random.Random(1)) in ([0b0011, 0b1100], [0b1100, 0b0011])


@pytest.mark.parametrize(
    ("cards", "named"),
    [(["10H", "AH", "KH", "QH", "JH", "9H", "8H", "7H"], "H"),  # every heart: hearts
     (["10S", "10H", "10D", "10C", "AS", "AH", "AD", "AC"], "none"),  # every 10 and ace: no trump, the hand doubled
     (["7S", "8S", "7H", "8H", "7D", "8D", "7C", "9C"], "pass")],  # nothing: the partner chooses
)  # fmt: skip
def test_the_belgian_dealer_names_the_trump_its_played_out_worlds_favour(cards: list[str], named: str) -> None:
    from cardtable.games.manille.rules import DECK, RULES, ManilleDeal

    options = RULES.parse_options({"house": "belgian"}, 4)
    rest = [code for code in DECK.codes if code not in cards]
    random.Random(1).shuffle(rest)
    hands = [DECK.mask_of(cards)] + [DECK.mask_of(rest[8 * i : 8 * i + 8]) for i in range(3)]
    state = RULES.new_hand(options, 4, 0, ManilleDeal(hands, None), [0] * 4)
    view = state.view(0)
    decision = make_computer(RULES, "expert", budget=Budget.FAST).decide(view)
    assert decision.verb == "trump" and decision.value == named


def test_with_table_talk_the_expert_says_what_the_club_player_would_then_searches_its_card() -> None:
    from cardtable.games.manille.ai import statement_to_make
    from cardtable.games.manille.expert import ManilleExpert
    from cardtable.games.manille.rules import RULES

    options = RULES.parse_options({"talk": True}, 4)
    rng = random.Random(2)
    spoke = played = 0
    for dealer in range(4):
        state = RULES.new_hand(options, 4, dealer, RULES.random_deal(rng, options, 4, dealer), [0] * 4)
        while not state.complete and (not spoke or not played):
            view = state.view(seat_to_act(state))
            action = make_computer(RULES, "expert", random.Random(1), budget=Budget.FAST).decide(view)
            searcher = make_computer(RULES, "expert", random.Random(1), budget=Budget.FAST)
            assert isinstance(searcher, ManilleExpert)
            statement = statement_to_make(view, functools.partial(searcher.play, view))
            if statement is not None:
                assert action == statement
                spoke += 1
            else:
                assert action.verb == "play" and action in state.legal_actions()
                played += 1
            state.apply(action)
    assert spoke and played
