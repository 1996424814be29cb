"""The ``beginner`` Malilla player: one position per behaviour, read from the view the table would show it."""

from __future__ import annotations

import dataclasses

from cardtable.engine.game import Action
from cardtable.games.malilla import beginner
from cardtable.games.malilla.beginner import MalillaBeginner
from cardtable.games.malilla.rules import DECK, MalillaHand, MalillaView
from tests.games.malilla.helpers import REDEAL_DEAL, SEED_DEAL, act, cards, new_hand, plays
from tests.support import seat_to_act


def view_of(state: MalillaHand, seat: int | None = None) -> MalillaView:
    return state.view(seat_to_act(state) if seat is None else seat)


def card(state: MalillaHand) -> str:
    return DECK.codes[beginner.play_the_obvious(view_of(state))]


def test_leading_it_cashes_a_side_malilla_at_once() -> None:
    state = new_hand(SEED_DEAL, "7H", redeal_seven=False)
    # Seat 0 holds the 7 of clubs (trump is hearts): it leads it, whatever anyone may trump.
    assert card(state) == "7C"


def test_without_a_malilla_it_leads_low_from_its_shortest_side_suit() -> None:
    state = new_hand(SEED_DEAL, "7H", redeal_seven=False)
    act(state, *plays(0, "7C"), *plays(1, "4C"), *plays(2, "5C"), *plays(3, "3C"))
    act(state, *plays(0, "2S"), *plays(1, "NS"), *plays(2, "3S"), *plays(3, "4S"))
    # Seat 1 won: diamonds AD JD 6D 2D, spades 5S, clubs AC: its shortest side suits hold one card each, and
    # spades come first in the deck's suit order (oros, copas, espadas, bastos).
    assert view_of(state).seat == 1
    assert card(state) == "5S"


def test_under_its_partners_winning_card_it_throws_its_lowest_and_else_beats_with_its_cheapest() -> None:
    state = new_hand(SEED_DEAL, "7H", redeal_seven=False)
    act(state, *plays(0, "7C"))
    # Seat 1 cannot beat the malilla: its cheapest club.
    assert card(state) == "4C"
    act(state, *plays(1, "4C"))
    # Seat 2's partner holds the trick: its lowest club, not the knight.
    assert card(state) == "5C"


def test_it_calls_a_redeal_when_its_long_suit_is_not_trumps() -> None:
    state = new_hand(REDEAL_DEAL, "KH", dealer=0)
    view = view_of(state, 2)
    assert beginner.redeal_when_trumps_are_short(view)
    redeal = Action(2, "call", "redeal")
    assert MalillaBeginner().consider(view, [redeal]) == redeal
    # Seven spades with spades as trumps: no call.
    trumps_long = new_hand(REDEAL_DEAL, "KH", dealer=0)
    assert not beginner.redeal_when_trumps_are_short(dataclasses.replace(view_of(trumps_long, 2), trump=2))


def test_as_the_partner_it_agrees_only_holding_at_most_one_malilla_or_ace() -> None:
    state = new_hand(REDEAL_DEAL, "KH", dealer=0)
    act(state, {"seat": 2, "call": "redeal"})
    view = view_of(state)
    assert view.seat == 0
    # Seat 0 holds 7D AD 7C AC: it declines.
    assert MalillaBeginner().decide(view) == Action(0, "call", "decline")
    poor = dataclasses.replace(view, hand=DECK.mask_of(cards("KH AD KD ND KC 4S 3S 2D 6H 5H")))
    assert beginner.agree_with_little(poor) == Action(0, "call", "agree")
