"""The ``beginner`` computer player for Manille: a newcomer who knows the rules and follows the obvious.

It plays the trick basics of ``cardtable.games.beginner`` with Manille's pips: it takes a trick holding pips
with its cheapest winning card unless its partner is winning it, throws its lowest card otherwise, and leads
its highest side card, so its 10s and aces go out early.  It counts no card.  Its calls are simple counts of
trumps: it knocks and counters with four trumps or more, and bids in the auction with a long suit.  In the
French house every trick is worth a point, so any trick is worth taking.  Naming trump in the Belgian house, it
takes its longest suit when it holds four cards of it, and otherwise leaves the choice to its partner (who must
then name his longest suit); it never dares a hand without trump.  At a talking table it says one obvious
thing: that it is void in a side suit it could trump, asking its partner to lead it; and when it leads after
its partner asked for a suit it holds, it leads that suit.

It decides from its own view and makes no random choice, so a hint is the same every time for the same view.
"""

from __future__ import annotations

from cardtable.engine.cards import cards_in
from cardtable.engine.game import Action, Verb
from cardtable.engine.players import ComputerPlayer
from cardtable.games.beginner import TrickSense, trick_worth, winning_card
from cardtable.games.manille.rules import (
    AUCTION,
    DECK,
    DOUBLING,
    LEAD,
    MIN_BID,
    PIPS,
    SAY_VERB,
    TEN,
    TRUMP_CHOICE,
    TRUMP_VERB,
    Call,
    ManilleView,
)
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
#: The Belgian trump choice: a suit of this many cards is worth naming.
TRUMP_SUIT = 4


def trumps_of(view: ManilleView) -> int:
    return DECK.suit_masks[view.trump] if view.trump is not None else 0


def partner_winning(view: ManilleView) -> bool:
    return view.players == 4 and view.winning_seat == (view.seat + 2) % 4


def play_the_obvious(view: ManilleView) -> int:
    """Lead high; following, low under the partner's trick, the cheapest winner of a trick holding pips, else low."""
    legal, trumps = view.legal_mask, trumps_of(view)
    if not view.trick:
        asked = legal & asked_for(view)
        return SENSE.lead_high(asked or legal, view.hand, trumps)
    winning = winning_card(view.trick, view.winning_seat)

    def takes(card: int, win_card: int) -> bool:
        return beats(DECK, card, win_card, view.trump)

    # In the French house the trick itself is worth a point, whatever its cards.
    worth_taking = view.options.trick_point > 0 or trick_worth(view.trick, PIPS) >= WORTH_TAKING
    return SENSE.follow(legal, trumps, winning, partner_winning(view), worth_taking, takes)


def asked_for(view: ManilleView) -> int:
    """The cards of the suit the partner last asked us to lead (none if he asked for nothing this hand)."""
    partner = (view.seat + 2) % 4
    for statement in reversed(view.talk):
        if statement.seat == partner and statement.say == LEAD and statement.suit is not None:
            return DECK.suit_masks[statement.suit]
    return 0


def ask_for_a_ruff(view: ManilleView) -> Action | None:
    """Void in a side suit while holding a trump: ask the partner to lead it, once a hand for each suit."""
    if view.trump is None or not view.hand & trumps_of(view):
        return None
    asked = {statement.suit for statement in view.talk if statement.seat == view.seat and statement.say == LEAD}
    for suit in range(SUIT_COUNT):
        if suit != view.trump and not view.hand & DECK.suit_masks[suit] and suit not in asked:
            request = Action(view.seat, SAY_VERB, LEAD, (("suit", DECK.suits[suit]),))
            return request if request in view.legal else None
    return None


def name_trump_by_length(view: ManilleView) -> Action:
    """The longest suit (the first of equal ones) if it has four cards; otherwise the dealer passes the choice,
    and the partner, who may not pass, names his longest suit all the same."""
    hand = view.hand
    suit = max(range(SUIT_COUNT), key=lambda s: ((hand & DECK.suit_masks[s]).bit_count(), -s))
    if (hand & DECK.suit_masks[suit]).bit_count() < TRUMP_SUIT and not view.trump_passed:
        return Action(view.seat, TRUMP_VERB, Call.PASS)
    return Action(view.seat, TRUMP_VERB, DECK.suits[suit])


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
            # A card is due; at a talking table a statement may come first.
            request = ask_for_a_ruff(view)
            if request is not None:
                return request
            legal = view.legal_mask
            card = cards_in(legal)[0] if legal & (legal - 1) == 0 else play_the_obvious(view)
            return view.plays[card]
        if view.phase == TRUMP_CHOICE:
            return name_trump_by_length(view)
        if view.phase == AUCTION:
            return bid_by_length(view)
        if view.phase == DOUBLING:
            return knock_by_trumps(view)
        # A decision this level has no rule for (a call a newer version of the game adds): the first legal
        # action, which keeps the level playing every option set rather than failing.
        return view.legal_actions()[0]
