"""The ``beginner`` computer player for French Tarot: a newcomer who knows the rules and follows the obvious.

Its card play is the trick basics of ``cardtable.games.beginner`` counted in half points: it takes a trick
holding a court card or an oudler with its cheapest winning card unless its side is winning it, throws its
lowest card otherwise, and leads its highest suit card, so its kings go out at once.  It knows which seats play
on its side only as the table shows it (the defenders together at 3 and 4 players; at 5 the partner once the
called card is out, or when it holds that card).  What a newcomer is taught about the oudlers it does: the
Excuse goes on a trick it is losing, and before the last trick; the Petit and the 21 are worth as much as a
king, so they are the last cards it gives up.  It counts no card.

Its calls are simple counts: it bids by its trumps, oudlers and kings, calls the king of its longest suit,
discards its lowest cards, never announces a chelem, and shows a poignée only as the taker.  It decides from
its own view and makes no random choice, so a hint is the same every time for the same view.
"""

from __future__ import annotations

from cardtable.engine.cards import cards_in
from cardtable.engine.game import Action
from cardtable.engine.players import ComputerPlayer
from cardtable.games.beginner import TrickSense, trick_worth, winning_card
from cardtable.games.tarot.ai import beats
from cardtable.games.tarot.rules import (
    BID,
    CHELEM,
    DECK,
    DISCARD,
    EXCUSE,
    EXCUSE_BIT,
    HALF_POINTS,
    KING,
    KINGS,
    OUDLERS,
    SUIT_MASKS,
    TRUMPS,
    TarotView,
    card_set_action,
)

SENSE = TrickSense(HALF_POINTS, DECK.strength_of, DECK.suit_of, DECK.suit_masks)
#: A trick whose cards are worth more than this many half points per card holds a court card or an oudler.
LOW_CARD_HALF = 1
#: The Excuse goes before the last trick: at the latest with this many cards left.
EXCUSE_BY_CARDS_LEFT = 2
#: The bid count: a trump counts 1, an oudler 2 more (the Excuse only those 2), a king 1.  Petite from two thirds
#: of the cards dealt (a newcomer bids only with a hand full of trumps), garde from this many more.
OUDLER_COUNT = 2
GARDE_OVER_PETITE = 3


def bid_count(hand: int) -> int:
    """Trumps, twice the oudlers, and the kings: the newcomer's whole count."""
    return (hand & TRUMPS).bit_count() + OUDLER_COUNT * (hand & OUDLERS).bit_count() + (hand & KINGS).bit_count()


def bid_by_count(view: TarotView) -> Action:
    """Petite when the count reaches two thirds of the cards dealt, garde with three more; never garde sans or
    contre.  A bid that is not above the highest one so far is a pass."""
    petite_from = (2 * view.hand.bit_count() + 2) // 3
    count = bid_count(view.hand)
    wanted = "garde" if count >= petite_from + GARDE_OVER_PETITE else "petite" if count >= petite_from else "pass"
    legal = {action.value for action in view.legal_actions()}
    return Action(view.seat, "bid", wanted if wanted in legal else "pass")


def call_longest_suit(view: TarotView) -> Action:
    """The king (or the lowest court card open) of the longest suit the taker holds it not in."""
    cards = [DECK.index[action.value] for action in view.legal_actions()]
    missing = [card for card in cards if not view.hand >> card & 1] or cards

    def length(card: int) -> int:
        return (view.hand & SUIT_MASKS[DECK.suit_of[card]]).bit_count()

    chosen = max(missing, key=lambda card: (length(card), -card))
    return Action(view.seat, "king", DECK.codes[chosen])


def discard_lowest(view: TarotView) -> Action:
    """The lowest cards the rules let it put away: the fewest half points, then the lowest ranks."""
    (_verb, pattern), *_ = view.card_sets()
    pool = sorted(cards_in(pattern.pool), key=lambda card: (HALF_POINTS[card], DECK.strength_of[card], card))
    return card_set_action(view.seat, "discard", pattern.must | sum(1 << card for card in pool[: pattern.choose]))


def poignee_as_taker(view: TarotView) -> Action | None:
    """The taker shows the smallest poignée he holds (his lowest trumps); the others keep their trumps hidden."""
    if view.seat != view.taker:
        return None
    choices = [pattern for verb, pattern in view.card_sets() if verb == "poignee"]
    if not choices:
        return None
    smallest = min(choices, key=lambda pattern: pattern.must.bit_count() + pattern.choose)
    lowest = sorted(cards_in(smallest.pool))[: smallest.choose]
    return card_set_action(view.seat, "poignee", smallest.must | sum(1 << card for card in lowest))


def allies_of(view: TarotView) -> set[int]:
    """The seats it knows play on its side: the defence together at 3 and 4, at 5 a partner once it is known."""
    taker = view.taker
    assert taker is not None
    if view.players < 5:
        return {view.seat} if view.seat == taker else set(range(view.players)) - {taker}
    partner = view.known_partner
    if partner is None:
        return {view.seat}
    attack = {taker, partner}
    return attack if view.seat in attack else set(range(view.players)) - attack


def play_the_obvious(view: TarotView) -> int:
    """The Excuse on a trick it is losing or before the last trick; otherwise lead high, and follow the obvious."""
    legal = view.legal_mask
    others = legal & ~EXCUSE_BIT
    if not others:
        return EXCUSE
    cards_left = view.hand.bit_count()
    if legal & EXCUSE_BIT and cards_left <= EXCUSE_BY_CARDS_LEFT:
        return EXCUSE
    if not view.trick or view.winning_seat is None:
        return SENSE.lead_high(others, view.hand, TRUMPS)
    winning = winning_card(view.trick, view.winning_seat)
    side_winning = view.winning_seat in allies_of(view)
    worth_taking = trick_worth(view.trick, HALF_POINTS) > LOW_CARD_HALF * len(view.trick)
    card = SENSE.follow(others, TRUMPS, winning, side_winning, worth_taking, beats)
    if legal & EXCUSE_BIT and not side_winning and not beats(card, winning) and HALF_POINTS[card] > LOW_CARD_HALF:
        # Losing the trick anyway: the Excuse spares the card worth more.
        return EXCUSE
    return card


class TarotBeginner(ComputerPlayer[TarotView]):
    """Tarot's ``beginner`` level: bids and calls by simple counts, and the obvious card."""

    level = "beginner"

    def decide(self, view: TarotView) -> Action:
        phase = view.phase
        if phase == BID:
            return bid_by_count(view)
        if phase == KING:
            return call_longest_suit(view)
        if phase == DISCARD:
            return discard_lowest(view)
        if phase == CHELEM:
            return Action(view.seat, "declare", "no_chelem")
        if not view.only_plays:
            poignee = poignee_as_taker(view)
            if poignee is not None:
                return poignee
        legal = view.legal_mask
        card = cards_in(legal)[0] if legal & (legal - 1) == 0 else play_the_obvious(view)
        return view.plays[card]
