"""Trick logic shared by the games that truly share it (Manille and Malilla).

Both games oblige a player to follow suit, to beat the winning card of the led suit, and to trump or
overtrump when void.  They differ only in who the duties are owed to and in what a player who cannot
overtrump must do; ``FollowRules`` names those differences so each game states its own choice.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from cardtable.engine.cards import Deck


class Duty(Enum):
    """Which obligation decided a seat's legal cards (used to explain a refused card)."""

    LEAD = "lead"
    FOLLOW = "follow"
    BEAT = "beat"
    TRUMP = "trump"
    OVERTRUMP = "overtrump"
    UNDERTRUMP = "undertrump"
    FREE = "free"


@dataclass(frozen=True)
class FollowRules:
    #: Beat the winning card of the led suit when you can.
    must_beat: bool
    #: The duties to beat, trump and overtrump apply even while your partner is winning.
    duties_toward_partner: bool
    #: A seat void in the led suit that cannot overtrump must still play a (lower) trump.
    undertrump_forced: bool


def legal_follow(
    deck: Deck,
    hand: int,
    led_suit: int,
    win_card: int,
    trump: int | None,
    partner_winning: bool,
    rules: FollowRules,
) -> tuple[int, Duty]:
    """The cards a follower may play, and the duty that decided them.

    ``Duty.FREE`` means no obligation binds: the caller returns ``hand`` (or, in Malilla, the hand less
    its forbidden sevens).  Cards of a suit are numbered weakest first, so ``deck.above[c]`` is every
    card of ``c``'s suit that beats ``c``.
    """
    suit_masks = deck.suit_masks
    win_suit = deck.suit_of[win_card]
    duties = rules.duties_toward_partner or not partner_winning
    in_suit = hand & suit_masks[led_suit]
    if in_suit:
        if duties and rules.must_beat and win_suit == led_suit:
            higher = in_suit & deck.above[win_card]
            if higher:
                return higher, Duty.BEAT
        return in_suit, Duty.FOLLOW
    if not duties or trump is None:
        return hand, Duty.FREE
    trumps = hand & suit_masks[trump]
    if not trumps:
        return hand, Duty.FREE
    if win_suit == trump:
        higher = trumps & deck.above[win_card]
        if higher:
            return higher, Duty.OVERTRUMP
        if rules.undertrump_forced:
            return trumps, Duty.UNDERTRUMP
        return hand, Duty.FREE
    return trumps, Duty.TRUMP


def beats(deck: Deck, card: int, win_card: int, trump: int | None) -> bool:
    """Whether ``card`` takes the trick from ``win_card`` (same suit and stronger, or a first trump)."""
    card_suit = deck.suit_of[card]
    win_suit = deck.suit_of[win_card]
    if card_suit == win_suit:
        return card > win_card
    return card_suit == trump


def duty_reason(
    deck: Deck, duty: Duty, legal: int, card: int, win_card: int, led_suit: int, suit_name: dict[str, str]
) -> str:
    """A sentence telling a player why ``card`` is refused, naming the duty it breaks first."""
    cards = ", ".join(deck.codes_of(legal))
    led = suit_name[deck.suits[led_suit]]
    win = deck.codes[win_card]
    off_suit = deck.suit_of[card] != led_suit
    if duty is Duty.FOLLOW:
        return f"You must follow suit ({led}): you hold {cards}."
    if duty is Duty.BEAT:
        if off_suit:
            return f"You must follow suit ({led}) and beat the {win}: play one of {cards}."
        return f"You must beat the {win}: play one of {cards}."
    if duty is Duty.TRUMP:
        return f"You must trump: you have no {led}, and you hold the trumps {cards}."
    if duty is Duty.OVERTRUMP:
        if deck.suit_of[card] != deck.suit_of[win_card]:
            return f"You must trump, and overtrump the {win}: play one of {cards}."
        return f"You must overtrump the {win}: play one of {cards}."
    if duty is Duty.UNDERTRUMP:
        return f"You must trump even though you cannot overtrump the {win}: play one of {cards}."
    return f"That card is not allowed here: play one of {cards}."
