"""The ``beginner`` Truco player (Paulista, Mineiro and Argentino): one position per behaviour."""

from __future__ import annotations

import random
from typing import Any

from cardtable.engine.game import Action, HandState
from cardtable.games.truco import argentino, beginner
from cardtable.games.truco.beginner import ArgentinoBeginner, BeginnerByVariant, TrucoBeginner
from cardtable.games.truco.rules import DECK, PAULISTA_STRENGTH, TrucoView
from tests.games.truco import argentino_helpers
from tests.games.truco.helpers import new_hand, play
from tests.support import seat_to_act

# Vira 4H: the 5s are the manilhas (5C the zap).
STRENGTH = PAULISTA_STRENGTH[DECK.index["4H"]]


def mask(codes: str) -> int:
    return DECK.mask_of(codes.split())


def code(card: int) -> str:
    return DECK.codes[card]


def trick(*steps: tuple[int, str | None]) -> tuple[tuple[int, int | None], ...]:
    return tuple((seat, None if card is None else DECK.index[card]) for seat, card in steps)


def view_of(state: HandState) -> TrucoView:
    view = state.view(seat_to_act(state))
    assert isinstance(view, TrucoView)
    return view


def test_leading_it_plays_its_strongest_card() -> None:
    assert code(beginner.play_the_obvious(mask("3S 5C 6H"), (), 0, STRENGTH)) == "5C"


def test_following_it_takes_the_trick_with_its_strongest_card_or_throws_its_lowest() -> None:
    hand = mask("3S 5C 6H")
    # An opposing king: the 3 would do, the newcomer makes sure with the zap.
    assert code(beginner.play_the_obvious(hand, trick((1, "KD")), 0, STRENGTH)) == "5C"
    # Its partner's 2 (seat 1's) beats the opponent's king: low.
    assert code(beginner.play_the_obvious(hand, trick((1, "2D"), (2, "KD")), 3, STRENGTH)) == "6H"
    # Nothing beats the opposing zap: low.
    assert code(beginner.play_the_obvious(mask("3S 6H"), trick((1, "5C")), 0, STRENGTH)) == "6H"
    # A face-down card counts nothing: any card beats it.
    assert code(beginner.play_the_obvious(mask("4S 6H"), trick((1, None)), 0, STRENGTH)) == "6H"


def test_it_calls_truco_only_with_three_strong_cards_and_raises_with_two_manilhas() -> None:
    state = new_hand(["3S 2H 5D", "4C 6S 7D"], dealer=1)
    view = view_of(state)
    assert beginner.call_by_count(view.legal_actions(), beginner.BRAZILIAN_CALLS[0], view.hand, view.strength,
                                  11) == Action(0, "call", "truco")  # fmt: skip
    two_strong = new_hand(["3S 2H 6D", "4C 6S 7D"], dealer=1)
    assert TrucoBeginner().decide(view_of(two_strong)) == Action(0, "play", "3S")
    raising = new_hand(["5S 5D 6D", "3C 2S 5H"], dealer=1)
    play(raising, "0:truco 1:accept 0:6D")
    # Seat 1 holds 5H and no other manilha: no raise; its strongest card (the 5H) takes the 6.
    assert TrucoBeginner().decide(view_of(raising)) == Action(1, "play", "5H")


def test_it_accepts_every_truco_and_raises_back_with_two_manilhas() -> None:
    weak = new_hand(["3S 2H 5D", "4C 6S 7D"], dealer=1)
    play(weak, "0:truco")
    assert TrucoBeginner().decide(view_of(weak)) == Action(1, "call", "accept")
    strong = new_hand(["3S 2H 7D", "5C 5S 7C"], dealer=1)
    play(strong, "0:truco")
    assert TrucoBeginner().decide(view_of(strong)) == Action(1, "call", "raise")


def test_the_mao_de_onze_is_played_with_a_manilha_or_two_strong_cards() -> None:
    state = new_hand(["3S 4D 6D", "4C 6S 7D"], dealer=1, scores=[11, 5])
    assert TrucoBeginner().decide(view_of(state)) == Action(0, "call", "run")
    state = new_hand(["3S 2D 6D", "4C 6S 7D"], dealer=1, scores=[11, 5])
    assert TrucoBeginner().decide(view_of(state)) == Action(0, "call", "play")
    # Four players: the partner's shown manilha counts for the team.
    state = new_hand(["4S 4D 6D", "4C 6S 7D", "5D 7S QS", "JC JD JH"], dealer=3, scores=[11, 5, 11, 5])
    assert TrucoBeginner().decide(view_of(state)) == Action(0, "call", "play")


def test_in_a_mao_de_ferro_it_picks_a_slot_from_the_views_own_generator() -> None:
    state = new_hand(["3S 4D 6D", "4C 6S 7D"], dealer=1, scores=[11, 11])
    view = view_of(state)
    action = beginner.blind_card(view, random.Random(1))
    assert action in view.legal_actions()
    assert BeginnerByVariant().decide(view) == BeginnerByVariant().decide(view)


# ===================================================================== Argentino
def argentino_view(hands: list[str], actions: str = "", **options: Any) -> argentino.ArgentinoView:
    state = argentino_helpers.new_hand(hands, actions, **options)
    view = state.view(seat_to_act(state))
    assert isinstance(view, argentino.ArgentinoView)
    return view


def test_argentino_it_calls_an_envido_with_28_and_accepts_one_with_27() -> None:
    # 7S and 6S: 20 + 7 + 6 = 33.
    view = argentino_view(["7S 6S 4C", "4H 5D 6C"])
    assert beginner.envido_by_count(view) == Action(0, "call", "envido")
    low = argentino_view(["7S 2C 4H", "4S 5D 6C"])
    assert beginner.envido_by_count(low) is None
    answering = argentino_view(["7S 6S 4C", "4H 5H 6C"], "0:envido")
    # Seat 1: 4H and 5H, 20 + 4 + 5 = 29: accepted.
    assert ArgentinoBeginner().decide(answering) == Action(1, "call", "accept")
    refusing = argentino_view(["7S 6S 4C", "4H 5D 6C"], "0:envido")
    assert ArgentinoBeginner().decide(refusing) == Action(1, "call", "refuse")


def test_argentino_it_accepts_every_truco_and_never_goes_to_the_deck() -> None:
    view = argentino_view(["7S 6S 4C", "4H 5D 6C"], "0:truco")
    assert ArgentinoBeginner().decide(view) == Action(1, "call", "accept")
    playing = argentino_view(["4S 5D 6C", "4H 5H 6H"])
    action = BeginnerByVariant().decide(playing)
    assert action.verb == "play"
