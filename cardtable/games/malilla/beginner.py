"""The ``beginner`` computer player for Malilla: a newcomer who knows the rules and follows the obvious.

It plays the trick basics of ``cardtable.games.beginner`` with Malilla's card points: it takes a trick holding
points with its cheapest winning card unless its partner is winning it, throws its lowest card otherwise, and
cashes its side malillas as soon as it leads, whether or not anyone can trump them (else it leads low from its
shortest suit).  It counts no card.  The redeal is a simple
count too: it asks for one when its long suit is not trumps, and agrees when it holds little.

It decides from its own view and makes no random choice, so a hint is the same every time for the same view.
"""

from __future__ import annotations

import functools

from cardtable.engine.cards import cards_in
from cardtable.engine.game import Action, Verb
from cardtable.engine.players import ComputerPlayer
from cardtable.games.beginner import TrickSense, trick_worth, winning_card
from cardtable.games.malilla.rules import ANSWER, Call, MalillaView, Pack
from cardtable.games.tricks import beats

#: A trick holding this many card points is worth taking.
WORTH_TAKING = 1
#: The partner agrees to a redeal holding at most this many cards of 4 points or more (malillas and aces).
REDEAL_AGREE_TOP_CARDS = 1
TOP_CARD_POINTS = 4


@functools.cache
def sense_of(pack: Pack) -> TrickSense:
    deck = pack.deck
    return TrickSense(pack.points, deck.strength_of, deck.suit_of, deck.suit_masks)


def play_the_obvious(view: MalillaView) -> int:
    """Lead a malilla, else low; following, low under the partner's trick, the cheapest winner of a trick holding
    points, else low."""
    pack = view.options.pack
    sense = sense_of(pack)
    legal, trumps = view.legal_mask, view.trumps
    if not view.trick:
        return sense.lead_top_or_low(legal, view.hand, trumps)
    winning = winning_card(view.trick, view.winning_seat)
    deck = pack.deck

    def takes(card: int, win_card: int) -> bool:
        return beats(deck, card, win_card, view.trump)

    partner_winning = view.winning_seat == (view.seat + 2) % 4
    worth_taking = trick_worth(view.trick, pack.points) >= WORTH_TAKING
    return sense.follow(legal, trumps, winning, partner_winning, worth_taking, takes)


def redeal_when_trumps_are_short(view: MalillaView) -> bool:
    """Ask for a redeal when the long suit that allows it is not trumps."""
    pack = view.options.pack
    deck = pack.deck
    return any(
        (view.hand & mask).bit_count() >= pack.redeal_length
        for suit, mask in enumerate(deck.suit_masks[: len(deck.suits)])
        if suit != view.trump
    )


def agree_with_little(view: MalillaView) -> Action:
    """As the partner, agree to the redeal holding at most one malilla or ace; otherwise decline."""
    points = view.card_points
    top_cards = sum(1 for card in cards_in(view.hand) if points[card] >= TOP_CARD_POINTS)
    return Action(view.seat, Verb.CALL, Call.AGREE if top_cards <= REDEAL_AGREE_TOP_CARDS else Call.DECLINE)


class MalillaBeginner(ComputerPlayer[MalillaView]):
    """Malilla's ``beginner`` level: the obvious card, and the redeal by a simple count."""

    level = "beginner"

    def decide(self, view: MalillaView) -> Action:
        if view.phase == ANSWER:
            return agree_with_little(view)
        if not view.only_plays:
            call = Action(view.seat, Verb.CALL, Call.REDEAL)
            if call in view.legal_actions() and redeal_when_trumps_are_short(view):
                return call
        legal = view.legal_mask
        card = cards_in(legal)[0] if legal & (legal - 1) == 0 else play_the_obvious(view)
        return view.plays[card]

    def consider(self, view: MalillaView, calls: list[Action]) -> Action | None:
        """The redeal out of turn, by the same count."""
        for call in calls:
            if call.verb == Verb.CALL and call.value == Call.REDEAL and redeal_when_trumps_are_short(view):
                return call
        return None
