"""The ``beginner`` computer player for Manille: a newcomer who knows the rules and follows the obvious.

It plays the trick basics of ``cardtable.games.beginner`` with Manille's pips: it takes a trick holding pips
with its cheapest winning card unless its partner is winning it, throws its lowest card otherwise, and leads
its highest side card, so its 10s and aces go out early.  It counts no card.  Its calls are simple counts of
trumps: it knocks and counters with four trumps or more, and bids in the auction with a long suit.

It decides from its own view and makes no random choice, so a hint is the same every time for the same view.
"""

from __future__ import annotations

from cardtable.engine.cards import cards_in
from cardtable.engine.game import Action, Verb
from cardtable.engine.players import ComputerPlayer
from cardtable.games.beginner import TrickSense, trick_worth, winning_card
from cardtable.games.manille.rules import AUCTION, DECK, DOUBLING, MIN_BID, PIPS, TEN, Call, ManilleView
from cardtable.games.tricks import beats

SENSE = TrickSense(PIPS, DECK.strength_of, DECK.suit_of, DECK.suit_masks)
SUIT_COUNT = len(DECK.suits)
RANKS_PER_SUIT = len(DECK.ranks)
TENS = sum(1 << (suit * RANKS_PER_SUIT + TEN) for suit in range(SUIT_COUNT))

#: Knocks and counters come with this many trumps.
DOUBLING_TRUMPS = 4
#: The auction: a suit of this many cards is worth naming as trump.
AUCTION_SUIT = 4
#: The highest bid a newcomer makes: this much plus so many pips per card of the suit and per 10 held.
AUCTION_BASE, AUCTION_PER_CARD, AUCTION_PER_TEN = 26, 2, 2
#: A trick holding this many pips is worth taking.
WORTH_TAKING = 1


def trumps_of(view: ManilleView) -> int:
    return DECK.suit_masks[view.trump] if view.trump is not None else 0


def partner_winning(view: ManilleView) -> bool:
    return view.players == 4 and view.winning_seat == (view.seat + 2) % 4


def play_the_obvious(view: ManilleView) -> int:
    """Lead high; following, low under the partner's trick, the cheapest winner of a trick holding pips, else low."""
    legal, trumps = view.legal_mask, trumps_of(view)
    if not view.trick:
        return SENSE.lead_high(legal, view.hand, trumps)
    winning = winning_card(view.trick, view.winning_seat)

    def takes(card: int, win_card: int) -> bool:
        return beats(DECK, card, win_card, view.trump)

    worth_taking = trick_worth(view.trick, PIPS) >= WORTH_TAKING
    return SENSE.follow(legal, trumps, winning, partner_winning(view), worth_taking, takes)


def knock_by_trumps(view: ManilleView) -> Action:
    """Knock, or counter after a knock, with four trumps or more; otherwise pass."""
    trumps = (view.hand & trumps_of(view)).bit_count()
    word = Call.KNOCK if view.knocker is None else Call.COUNTER
    return Action(view.seat, Verb.CALL, word if trumps >= DOUBLING_TRUMPS else Call.PASS)


def bid_by_length(view: ManilleView) -> Action:
    """Bid the lowest value allowed in the longest suit of four cards or more, up to a ceiling that grows with
    the suit's length and the 10s held; a newcomer never outbids its partner.  Otherwise pass."""
    hand = view.hand
    suit = max(range(SUIT_COUNT), key=lambda s: ((hand & DECK.suit_masks[s]).bit_count(), -s))
    length = (hand & DECK.suit_masks[suit]).bit_count()
    high = [(seat, value) for seat, value, _suit in view.bids if value is not None]
    lowest = high[-1][1] + 1 if high else MIN_BID
    partner_holds_it = bool(high) and high[-1][0] == (view.seat + 2) % 4
    ceiling = AUCTION_BASE + AUCTION_PER_CARD * length + AUCTION_PER_TEN * (hand & TENS).bit_count()
    legal_bids = {action.value for action in view.legal_actions() if action.value != Call.PASS}
    if length >= AUCTION_SUIT and not partner_holds_it and lowest <= ceiling and lowest in legal_bids:
        return Action(view.seat, Verb.BID, lowest, (("suit", DECK.suits[suit]),))
    return Action(view.seat, Verb.BID, Call.PASS)


class ManilleBeginner(ComputerPlayer[ManilleView]):
    """Manille's ``beginner`` level: the obvious card, and calls by counting trumps."""

    level = "beginner"

    def decide(self, view: ManilleView) -> Action:
        if view.legal_mask:
            # A card is due (any statement the table also allows is optional: a newcomer plays its card).
            legal = view.legal_mask
            card = cards_in(legal)[0] if legal & (legal - 1) == 0 else play_the_obvious(view)
            return view.plays[card]
        if view.phase == AUCTION:
            return bid_by_length(view)
        if view.phase == DOUBLING:
            return knock_by_trumps(view)
        # A decision this level has no rule for (a call a newer version of the game adds): the first legal
        # action, which keeps the level playing every option set rather than failing.
        return view.legal_actions()[0]
