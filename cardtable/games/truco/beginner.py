"""The ``beginner`` computer player for Truco (Paulista, Mineiro and Argentino): a newcomer who knows the rules.

Its card play follows the obvious: leading, its strongest card (so its best card goes in the first trick);
following, its lowest card while its team's card already beats every opposing one, else its strongest card
when that beats them (it makes sure of the trick, spending its zap on a trick a 3 would have taken), else its
lowest card.  It always plays face up and counts no card.  Its calls are simple counts of
strong cards (a manilha or brava, a 3 or a 2): it calls truco only holding three of them and raises with two
manilhas, and it never bluffs; it accepts every truco (raising back with two manilhas), since a newcomer never
gives a hand up.  In Argentino it calls and accepts the envido by its count, and never goes
to the deck.  In a mão de ferro, where nobody sees his cards, it picks a card at random (from
``random_for(view)``, so a hint is the same every time for the same view); every other choice is fixed by the
view.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import NamedTuple

from cardtable.engine.cards import bits
from cardtable.engine.game import Action, View
from cardtable.engine.players import ComputerPlayer
from cardtable.games.truco import argentino
from cardtable.games.truco.argentino import ArgentinoView
from cardtable.games.truco.argentino_ai import BRAVA
from cardtable.games.truco.rules import (
    ANSWER,
    CALLS,
    DECIDE,
    FERRO,
    FIRST_MANILHA,
    PLAY_HAND,
    RUN,
    Call,
    TrucoView,
)

#: A strong card: a manilha (Argentino: a brava), a 3 or a 2.
STRONG = 9
#: The counts of strong cards (and of manilhas) behind each call.
TRUCO_STRONG_CARDS = 3
RAISE_MANILHAS = 2
#: The mão de onze is played with a manilha or two strong cards in the team's hands.
ONZE_MANILHAS, ONZE_STRONG_CARDS = 1, 2
#: Argentino: the envido count that calls an envido, and the one that accepts an envido or a flor contest.
ENVIDO_CALL, ENVIDO_ACCEPT, FLOR_ACCEPT = 28, 27, 30


class Calls(NamedTuple):
    """One seat's truco calls and answers, in its variant's words."""

    truco: Action
    raise_: Action
    accept: Action
    refuse: Action


BRAZILIAN_CALLS = tuple(Calls(c[Call.TRUCO], c[Call.RAISE], c[Call.ACCEPT], c[Call.REFUSE]) for c in CALLS)
ARGENTINE_CALLS = tuple(
    Calls(c[argentino.Call.TRUCO], c[argentino.Call.RAISE], c[argentino.Call.ACCEPT], c[argentino.Call.REFUSE])
    for c in argentino.CALLS
)


# ===================================================================== the card
def play_the_obvious(hand: int, trick: Sequence[tuple[int, int | None]], seat: int, strength: Sequence[int]) -> int:
    """Lead the strongest card; low under the team's winning card; else take the trick with the strongest card
    (a newcomer makes sure of it, zap or not); else low."""
    cards = sorted(bits(hand), key=lambda card: (strength[card], card))
    if not trick:
        return cards[-1]
    team = seat % 2
    # A face-down card (None to the other seats) has strength 0.
    opposing = max((strength[card] if card is not None else 0 for s, card in trick if s % 2 != team), default=-1)
    ours = max((strength[card] if card is not None else 0 for s, card in trick if s % 2 == team), default=-1)
    if ours > opposing:
        return cards[0]
    beaters = [card for card in cards if strength[card] > opposing]
    return beaters[-1] if beaters else cards[0]


def strong_cards(cards: int, strength: Sequence[int], at_least: int = STRONG) -> int:
    return sum(1 for card in bits(cards) if strength[card] >= at_least)


def call_by_count(legal: Sequence[Action], calls: Calls, cards: int, strength: Sequence[int],
                  top: int) -> Action | None:  # fmt: skip
    """On its own turn: truco only with three strong cards, a raise above it with two manilhas (``top`` and up)."""
    if calls.truco in legal and strong_cards(cards, strength) >= TRUCO_STRONG_CARDS:
        return calls.truco
    if calls.raise_ in legal and strong_cards(cards, strength, top) >= RAISE_MANILHAS:
        return calls.raise_
    return None


def answer_by_count(legal: Sequence[Action], calls: Calls, cards: int, strength: Sequence[int], top: int) -> Action:
    """Raise back with two manilhas, otherwise accept: a newcomer never gives a hand up."""
    if calls.raise_ in legal and strong_cards(cards, strength, top) >= RAISE_MANILHAS:
        return calls.raise_
    return calls.accept


# ===================================================================== Paulista and Mineiro
def mao_de_onze_by_count(view: TrucoView) -> Action:
    """Play the hand with a manilha or two strong cards among the team's cards (the partners' shown ones too)."""
    team_cards = view.hand
    for _seat, cards in view.partner_cards:
        team_cards |= cards
    strength = view.strength
    good = (
        strong_cards(team_cards, strength, FIRST_MANILHA) >= ONZE_MANILHAS
        or strong_cards(team_cards, strength) >= ONZE_STRONG_CARDS
    )
    return CALLS[view.seat][PLAY_HAND if good else RUN]


def blind_card(view: TrucoView, rng: random.Random) -> Action:
    """A mão de ferro: no card is known, so any slot will do."""
    return view.slot_action(int(rng.random() * view.slots))


class TrucoBeginner(ComputerPlayer[TrucoView]):
    """Paulista and Mineiro: calls by counting strong cards, and the obvious card."""

    level = "beginner"

    def decide(self, view: TrucoView) -> Action:
        if view.kind == FERRO:
            return blind_card(view, self.random_for(view))
        if view.phase == DECIDE:
            return mao_de_onze_by_count(view)
        legal = view.legal_actions()
        strength = view.strength
        if view.phase == ANSWER:
            return answer_by_count(legal, BRAZILIAN_CALLS[view.seat], view.hand, strength, FIRST_MANILHA)
        call = call_by_count(legal, BRAZILIAN_CALLS[view.seat], view.hand, strength, FIRST_MANILHA)
        if call is not None:
            return call
        return view.plays[play_the_obvious(view.hand, view.trick, view.seat, strength)]


# ===================================================================== Argentino
def envido_by_count(view: ArgentinoView) -> Action | None:
    """On its own turn, while the envido is open: a plain envido with a count of 28 or more."""
    call = argentino.CALLS[view.seat][argentino.Call.ENVIDO]
    return call if view.envido_open and view.envido_count >= ENVIDO_CALL and call in view.legal else None


def answer_contest_by_count(view: ArgentinoView, count: int | None, needs: int) -> Action:
    """Accept an envido or a flor contest with the count for it, otherwise refuse (never raise the chain)."""
    calls = argentino.CALLS[view.seat]
    accept = count is not None and count >= needs
    return calls[argentino.Call.ACCEPT if accept else argentino.Call.REFUSE]


class ArgentinoBeginner(ComputerPlayer[ArgentinoView]):
    """Argentino: the envido and the truco by simple counts, and the obvious card."""

    level = "beginner"

    def decide(self, view: ArgentinoView) -> Action:
        phase = view.phase
        legal = view.legal
        strength = view.strength
        if phase is argentino.Phase.SING_FLOR:
            # The flor is compulsory: singing it is the only legal action.
            return legal[0]
        if phase is argentino.Phase.ANSWER_FLOR:
            return answer_contest_by_count(view, view.flor_count, FLOR_ACCEPT)
        if phase is argentino.Phase.ANSWER_ENVIDO:
            return answer_contest_by_count(view, view.envido_count, ENVIDO_ACCEPT)
        calls = ARGENTINE_CALLS[view.seat]
        if phase is argentino.Phase.ANSWER:
            return answer_by_count(legal, calls, view.hand, strength, BRAVA)
        call = envido_by_count(view) or call_by_count(legal, calls, view.hand, strength, BRAVA)
        if call is not None:
            return call
        return view.plays[play_the_obvious(view.hand, view.trick, view.seat, strength)]


class BeginnerByVariant(ComputerPlayer[View]):
    """Truco's ``beginner`` level: the Paulista and Mineiro newcomer, or the Argentine one, by the view it gets."""

    level = "beginner"

    def __init__(self, rng: random.Random | None = None) -> None:
        super().__init__(rng)
        self.brazilian = TrucoBeginner(rng)
        self.argentine = ArgentinoBeginner(rng)

    def decide(self, view: View) -> Action:
        if isinstance(view, ArgentinoView):
            return self.argentine.decide(view)
        assert isinstance(view, TrucoView)
        return self.brazilian.decide(view)
