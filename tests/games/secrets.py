"""What each seat may not know, stated from the full hand state for the contract tests (one function per game).

``hidden_cards(state, seat)`` is the mask of the cards whose place the seat cannot know at this moment: the
contract tests swap two of them through the whole record and check that the seat's view does not change.
These functions are written from the rules, apart from the views they check: a game without one fails the
contract tests until it says what its seats may not see.
"""

from __future__ import annotations

from collections.abc import Callable

from cardtable.engine.game import HandState
from cardtable.games.malilla.rules import MalillaHand
from cardtable.games.manille.rules import ManilleHand
from cardtable.games.tarot.rules import TRUMPS, TarotHand
from cardtable.games.truco.argentino import ArgentinoHand
from cardtable.games.truco.rules import FERRO, ONZE, TrucoHand


def others_hands(hands: list[int], seat: int) -> int:
    return sum(hand for other, hand in enumerate(hands) if other != seat)


def others_face_down(state: TrucoHand | ArgentinoHand, seat: int) -> int:
    """The cards other seats played face down, in the trick in progress and the finished ones."""
    hidden = 0
    for player, card, face_down in state.trick:
        if face_down and player != seat:
            hidden |= 1 << card
    for _leader, order, cards, face_down_seats, _winner in state.history:
        for player, card in zip(order, cards, strict=True):
            if player in face_down_seats and player != seat:
                hidden |= 1 << card
    return hidden


def manille(state: HandState, seat: int) -> int:
    """Every other seat's cards, except the dealer's turned card while he still holds it and the cards a seat
    said it holds; the Belgian dealer's partner's own cards too, until the dealer has chosen or passed."""
    assert isinstance(state, ManilleHand)
    hidden = others_hands(state.hands, seat)
    if state.turned is not None:
        hidden &= ~(1 << state.turned)
    for statement in state.talk_log:
        if statement.say == "holds" and statement.card is not None:
            hidden &= ~(1 << statement.card)
    if seat == (state.dealer + 2) % 4 and state.partner_hidden():
        hidden |= state.hands[seat]
    return hidden


def malilla(state: HandState, seat: int) -> int:
    """Every other seat's cards, except the dealer's turned card while he still holds it."""
    assert isinstance(state, MalillaHand)
    return others_hands(state.hands, seat) & ~(1 << state.turned)


def truco(state: HandState, seat: int) -> int:
    """Other seats' cards and the cards they played face down; one's own cards too in a mão de ferro.

    In a mão de onze the team on the brink saw its partners' cards: those are known to its seats.
    """
    if isinstance(state, ArgentinoHand):
        return argentino(state, seat)
    assert isinstance(state, TrucoHand)
    hidden = others_hands(state.hands, seat) | others_face_down(state, seat)
    if state.kind == FERRO:
        hidden |= state.hands[seat]
    if state.kind == ONZE and state.brink_team == seat % 2:
        for partner in range(seat % 2, state.players, 2):
            hidden &= ~state.dealt[partner]
    return hidden


def argentino(state: ArgentinoHand, seat: int) -> int:
    """Other seats' cards and the cards they played face down, but for the seats whose counts were shown.

    An accepted envido shows every seat's envido count, and an accepted flor every flor holder's flor count:
    moving a card of such a seat would change what everybody was told, so its cards are no longer unplaceable.
    """
    hidden = others_hands(state.hands, seat) | others_face_down(state, seat)
    for contest in (state.envido, state.flor):
        if contest is not None and contest.counts is not None:
            for shown, count in enumerate(contest.counts):
                if count is not None:
                    hidden &= ~state.dealt[shown]
    return hidden


def tarot(state: HandState, seat: int) -> int:
    """Other seats' cards, the chien until it is shown, and the cards of the taker's discard but its trumps.

    Cards shown to everyone stay known: the chien once turned up, poignées, a petit sec hand.
    """
    assert isinstance(state, TarotHand)
    hidden = others_hands(state.hands, seat)
    if not state.chien_shown:
        hidden |= state.chien
    if seat != state.taker:
        hidden |= state.discard & ~TRUMPS
    if state.chien_shown:
        hidden &= ~state.chien
    for _player, cards, _level in state.poignees:
        hidden &= ~cards
    for hand in state.shown_hands.values():
        hidden &= ~hand
    return hidden


HIDDEN: dict[str, Callable[[HandState, int], int]] = {
    "malilla": malilla,
    "manille": manille,
    "truco": truco,
    "tarot": tarot,
}
