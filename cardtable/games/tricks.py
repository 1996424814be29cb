"""The trick core shared by Manille, Malilla and Tarot: the trick in progress, who leads and who is winning
it, the finished tricks, the cards a seat may play and why a card is refused.

The three games oblige a player to follow suit, to beat or overtrump, and to trump when void.  They differ in
whom the duties are owed to, in what a seat that cannot overtrump must do and in a few cards with a rule of
their own; ``FollowRules`` and the masks of ``TrickHand`` name those differences so each game states its own
choice, and each game keeps only its points, its sentences and its scoring.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any, ClassVar, Generic, TypeVar

from cardtable.engine.cards import Deck
from cardtable.engine.errors import IllegalAction
from cardtable.engine.game import Action, HandState, play_actions
from cardtable.engine.words import GameWords


class Duty(Enum):
    """Which obligation decided a seat's legal cards (used to explain a refused card)."""

    LEAD = "lead"
    FOLLOW = "follow"
    BEAT = "beat"
    TRUMP = "trump"
    OVERTRUMP = "overtrump"
    UNDERTRUMP = "undertrump"
    #: Void, unable to overtrump, and holding cards that are not trumps: one of those, never a lower trump.
    NO_UNDERTRUMP = "no_undertrump"
    FREE = "free"


# The members as globals: on Python 3.11 a member read through its enum class costs several times a global,
# and one of these is returned for every card a seat follows with.
LEAD, FOLLOW, BEAT, TRUMP, OVERTRUMP, UNDERTRUMP, NO_UNDERTRUMP, FREE = Duty


@dataclass(frozen=True)
class FollowRules:
    #: Beat the winning card of the led suit when you can.
    must_beat: bool
    #: The duties to beat, trump and overtrump apply even while your partner is winning.
    duties_toward_partner: bool
    #: A seat void in the led suit that cannot overtrump must still play a (lower) trump.
    undertrump_forced: bool
    #: When trumps are led, beat the winning trump if you can (even where plain suits need not be beaten).
    beat_when_trumps_led: bool = False
    #: A seat void in the led suit that cannot overtrump may not play a lower trump while it holds another card
    #: (the opposite of ``undertrump_forced``; with neither, such a seat plays any card).
    undertrump_forbidden: bool = False


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

    ``Duty.FREE`` means no obligation binds: the caller returns ``hand`` (less the cards a free seat may
    still not play, such as Malilla's unled sevens).  Cards of a suit are numbered weakest first, so
    ``deck.above[c]`` is every card of ``c``'s suit that beats ``c``.
    """
    suit_masks = deck.suit_masks
    win_suit = deck.suit_of[win_card]
    duties = rules.duties_toward_partner or not partner_winning
    in_suit = hand & suit_masks[led_suit]
    if in_suit:
        if duties and win_suit == led_suit and (rules.must_beat or (led_suit == trump and rules.beat_when_trumps_led)):
            higher = in_suit & deck.above[win_card]
            if higher:
                return higher, BEAT
        return in_suit, FOLLOW
    if not duties or trump is None:
        return hand, FREE
    trumps = hand & suit_masks[trump]
    if not trumps:
        return hand, FREE
    if win_suit == trump:
        higher = trumps & deck.above[win_card]
        if higher:
            return higher, OVERTRUMP
        if rules.undertrump_forced:
            return trumps, UNDERTRUMP
        others = hand & ~trumps
        if rules.undertrump_forbidden and others:
            return others, NO_UNDERTRUMP
        return hand, FREE
    return trumps, TRUMP


def beats(deck: Deck, card: int, win_card: int, trump: int | None) -> bool:
    """Whether ``card`` takes the trick from ``win_card`` (same suit and stronger, or a first trump)."""
    card_suit = deck.suit_of[card]
    win_suit = deck.suit_of[win_card]
    if card_suit == win_suit:
        return card > win_card
    return card_suit == trump


def duty_reason(
    deck: Deck, duty: Duty, legal: int, card: int, win_card: int, led_suit: int, words: GameWords[Any]
) -> str:
    """A sentence telling a player why ``card`` is refused, naming the duty it breaks first, in the game's words."""
    cards = words.card_list(deck.codes_of(legal))
    held = words.card_list(deck.codes_of(legal), "and")
    led = words.suit_names[deck.suits[led_suit]]
    win = words.card_text(deck.codes[win_card])
    off_suit = deck.suit_of[card] != led_suit
    if duty is Duty.FOLLOW:
        return f"You must follow suit ({led}): you hold {held}."
    if duty is Duty.BEAT:
        if off_suit:
            return f"You must follow suit ({led}) and beat {win}: play {cards}."
        return f"You must beat {win}: play {cards}."
    if duty is Duty.TRUMP:
        trumps = "trump" if legal.bit_count() == 1 else "trumps"
        return f"You must trump: you have no {led}, and you hold the {trumps} {held}."
    if duty is Duty.OVERTRUMP:
        if deck.suit_of[card] != deck.suit_of[win_card]:
            return f"You must trump, and overtrump {win}: play {cards}."
        return f"You must overtrump {win}: play {cards}."
    if duty is Duty.UNDERTRUMP:
        return f"You must trump even though you cannot overtrump {win}: play {cards}."
    return f"That card is not allowed here: play {cards}."


@dataclass(frozen=True, slots=True, eq=False)
class TrickTable:
    """What trick play reads that stays the same for a whole hand: the deck, the duties, the seating.

    A game makes its tables once (``trick_table``), so a new hand holds one of them rather than a dozen copied
    attributes: a hand with more than thirty attributes is slower to make and to change in CPython.
    """

    deck: Deck
    #: The deck the duties are worked out on: ``deck`` less its Excuse, which belongs to no suit.
    follow_deck: Deck
    rules: FollowRules
    #: Each card's suit as play reads it: an Excuse's is -1, so it neither leads a suit nor beats a card.
    suit_of: tuple[int, ...]
    #: A card that follows no suit and never wins a trick (Tarot's Excuse) as a mask, 0 where there is none.
    excuse_bit: int
    #: Partners sit opposite at four: the duties a game does not owe a winning partner are owed to the others.
    partners_opposite: bool
    #: Each seat's side (the hand's points are kept by side).
    sides: tuple[int, ...]
    # ``follow_deck``'s masks and ``rules``' duties one attribute away: the legal cards read them at every card.
    follow_suit_masks: tuple[int, ...]
    follow_suit_of: tuple[int, ...]
    follow_above: tuple[int, ...]
    owes_partner: bool
    must_beat: bool
    beat_when_trumps_led: bool
    undertrump_forced: bool
    undertrump_forbidden: bool


def trick_table(deck: Deck, rules: FollowRules, sides: Sequence[int], *, excuse: int = -1,
                follow_deck: Deck | None = None) -> TrickTable:  # fmt: skip
    """The table of a game played with ``deck`` under ``rules``, its seats on ``sides``."""
    suit_of = tuple(-1 if card == excuse else suit for card, suit in enumerate(deck.suit_of))
    opposite = len(sides) == 4 and sides[0] == sides[2] != sides[1] == sides[3]
    follow = follow_deck or deck
    return TrickTable(deck, follow, rules, suit_of, 1 << excuse if excuse >= 0 else 0, opposite, tuple(sides),
                      follow.suit_masks, follow.suit_of, follow.above, rules.duties_toward_partner, rules.must_beat,
                      rules.beat_when_trumps_led, rules.undertrump_forced, rules.undertrump_forbidden)  # fmt: skip


#: A finished trick as a game keeps it: (leader, cards in playing order, winner, points, ...).
HistoryT = TypeVar("HistoryT", bound=tuple[object, ...])


class TrickHand(HandState, Generic[HistoryT]):
    """A hand played in tricks: the trick in progress, the leader and the winning card, the finished tricks.

    A game sets its table and trump with ``start_tricks``, names its ``words`` (how its refusals name cards and
    suits) and supplies ``_end_trick`` (what a finished trick scores) and ``_end_hand`` (after the last trick);
    it overrides ``_refusal`` where a card is refused for a reason of its own.
    ``play_card`` and ``legal_play_mask`` are the fast path of random play and search: no checks, one cache.
    """

    #: How the game names its cards and suits in the sentences that refuse a card.
    words: ClassVar[GameWords[Any]]
    table: TrickTable
    #: ``table.deck`` and ``table.suit_of``, read at every card.
    deck: Deck
    suit_of: tuple[int, ...]
    #: Each seat's cards, as deck masks, and how many each was dealt (the tricks in a hand).
    hands: list[int]
    cards_each: int
    #: The trump suit's index, or ``None`` while (or where) there is none.
    trump: int | None
    #: The trick in progress as (seat, card) pairs.
    trick: list[tuple[int, int]]
    #: Finished tricks, oldest first (a tuple the hand replaces, so that views can share it).
    trick_history: tuple[HistoryT, ...]
    leader: int
    turn: int
    #: The winning card of the trick in progress and its seat; ``win_card`` is -1 until a suit is led.
    win_card: int
    win_seat: int
    led_suit: int
    #: The seat to act's legal cards, or -1 when they must be worked out again.
    legal_cache: int
    #: Cards a seat free of every duty may still not play while their suit has not been led (Malilla's
    #: unled malillas), unless it holds nothing else; a suit's cards leave the mask once it is led.
    held_until_led: int = 0
    #: Cards the first lead of the hand may not be, unless nothing else is held (Tarot's called suit).
    first_lead_forbidden: int = 0

    def start_tricks(self, table: TrickTable, hands: Sequence[int], leader: int, trump: int | None) -> None:
        self.table = table
        self.deck = table.deck
        self.suit_of = table.suit_of
        self.hands = list(hands)
        self.cards_each = hands[0].bit_count()
        self.trump = trump
        self.trick = []
        self.trick_history = ()
        self.leader = self.turn = leader
        self.win_card = self.win_seat = self.led_suit = -1
        self.legal_cache = -1

    @property
    def follow_rules(self) -> FollowRules:
        return self.table.rules

    # ----------------------------------------------------------------- which cards are legal
    def legal_play_mask(self) -> int:
        """The cards the seat to act may play.

        Following, this is ``legal_follow`` written out in place (a call per card costs random play and search
        a twentieth of their speed); ``follow_duty`` calls the function itself, and the trick-core tests check
        on random hands that the two always agree.
        """
        cached = self.legal_cache
        if cached >= 0:
            return cached
        turn = self.turn
        hand = self.hands[turn]
        win_card = self.win_card
        if win_card < 0:
            # Leading (or following a lone Excuse): any card, but the hand's first lead may be restricted.
            forbidden = self.first_lead_forbidden
            legal = hand & ~forbidden or hand if forbidden and not self.trick_history and not self.trick else hand
            self.legal_cache = legal
            return legal
        table = self.table
        led_suit = self.led_suit
        suit_masks = table.follow_suit_masks
        legal = hand & suit_masks[led_suit]
        if legal:
            # Follow suit, and beat the winning card of the led suit where the game asks it of this suit.
            if (
                (table.must_beat or (table.beat_when_trumps_led and led_suit == self.trump))
                and table.follow_suit_of[win_card] == led_suit
                and (table.owes_partner or not (table.partners_opposite and (self.win_seat - turn) % 4 == 2))
            ):
                legal = legal & table.follow_above[win_card] or legal
            legal |= hand & table.excuse_bit
        else:
            trump = self.trump
            trumps = hand & suit_masks[trump] if trump is not None else 0
            if trumps and (table.owes_partner or not (table.partners_opposite and (self.win_seat - turn) % 4 == 2)):
                # Trump, and overtrump the winning trump if you can (or, where the game says so, trump anyway).
                legal = trumps
                if table.follow_suit_of[win_card] == trump:
                    higher = trumps & table.follow_above[win_card]
                    if higher:
                        legal = higher
                    elif table.undertrump_forbidden:
                        legal = hand & ~trumps  # nothing but trumps (0 here) leaves the seat free
                    elif not table.undertrump_forced:
                        legal = 0
            if legal:
                legal |= hand & table.excuse_bit
            else:
                # Free of every duty.
                held = self.held_until_led
                legal = hand & ~held or hand if held else hand
        self.legal_cache = legal
        return legal

    def follow_duty(self) -> tuple[int, Duty]:
        """The seat to act's legal cards and the duty that decided them (``Duty.LEAD`` when it leads)."""
        legal = self.legal_play_mask()
        if self.win_card < 0:
            return legal, LEAD
        table = self.table
        turn = self.turn
        partner_winning = table.partners_opposite and (self.win_seat - turn) % 4 == 2
        return legal, legal_follow(table.follow_deck, self.hands[turn], self.led_suit, self.win_card, self.trump,
                                   partner_winning, table.rules)[1]  # fmt: skip

    def verify_play(self, card: int) -> None:
        """Raise ``IllegalAction`` with the game's sentence if the seat to act may not play ``card``."""
        if not self.legal_play_mask() >> card & 1:
            raise IllegalAction(self._refusal(card))

    def _refusal(self, card: int) -> str:
        """Why the seat to act may not play ``card``: not held, or the duty it breaks (a game adds its own cases)."""
        return self.not_held_reason(card) or self.duty_reason(card)

    def not_held_reason(self, card: int) -> str | None:
        """The sentence "You do not hold K♥." when the seat to act does not hold ``card``, else None."""
        if self.hands[self.turn] >> card & 1:
            return None
        return f"You do not hold {self.words.card_text(self.deck.codes[card])}."

    def duty_reason(self, card: int) -> str:
        """The duty of the seat to act that ``card`` breaks, in the game's words."""
        legal, duty = self.follow_duty()
        return duty_reason(self.deck, duty, legal, card, self.win_card, self.led_suit, self.words)

    # ----------------------------------------------------------------- playing a card
    def play_card(self, card: int) -> None:
        """Play a legal card for the seat to act (no checks: the fast path)."""
        seat = self.turn
        self.hands[seat] &= ~(1 << card)
        self.legal_cache = -1
        trick = self.trick
        trick.append((seat, card))
        win = self.win_card
        suit = self.suit_of[card]
        if win < 0:
            # The first card that is not an Excuse (of no suit, -1) leads.
            if suit >= 0:
                self.led_suit = suit
                self.win_card = card
                self.win_seat = seat
                if self.held_until_led:
                    self.held_until_led &= ~self.table.deck.suit_masks[suit]
        elif (card > win) if suit == self.suit_of[win] else suit == self.trump:
            # A stronger card of the winning suit, or a first trump, takes the lead (an Excuse never does).
            self.win_card = card
            self.win_seat = seat
        if len(trick) < self.players:
            self.turn = (seat + 1) % self.players
            return
        winner, played = self._end_trick()
        self.trick_history = history = (*self.trick_history, played)
        self.trick = []
        self.win_card = -1
        self.turn = self.leader = winner
        if len(history) == self.cards_each:
            self._end_hand()

    @abstractmethod
    def _end_trick(self) -> tuple[int, HistoryT]:
        """Score the finished trick in ``trick``: its winner, and what the history keeps of it."""

    @abstractmethod
    def _end_hand(self) -> None:
        """After the last trick: the hand is complete."""

    def winning_seat(self) -> int | None:
        """The seat whose card wins the trick in progress (public), ``None`` before a suit is led."""
        return self.win_seat if self.win_card >= 0 else None


def cards_held(players: int, cards_each: int, played: int, trick: Sequence[tuple[int, int]]) -> tuple[int, ...]:
    """How many cards each seat holds when every seat was dealt ``cards_each`` and ``played`` tricks are over.

    Public: everyone sees the cards played.  Views work it out when asked rather than at every decision.
    """
    left = cards_each - played
    in_trick = {seat for seat, _card in trick}
    return tuple(left - (seat in in_trick) for seat in range(players))


def played_seats(tricks: Sequence[tuple[Any, ...]], trick: Sequence[tuple[int, int]], players: int
                 ) -> Iterator[tuple[int, int]]:  # fmt: skip
    """Every card played so far as (seat, card), in order: the finished ``tricks`` (each ``(leader, cards, ...)``)
    and then the ``trick`` in progress."""
    for finished in tricks:
        leader = finished[0]
        for offset, card in enumerate(finished[1]):
            yield (leader + offset) % players, card
    yield from trick


def played_actions(deck: Deck, tricks: Sequence[tuple[Any, ...]], trick: Sequence[tuple[int, int]], players: int
                   ) -> list[Action]:  # fmt: skip
    """The card plays of a view's log, in order."""
    return [play_actions(deck, seat)[card] for seat, card in played_seats(tricks, trick, players)]


def dealt_hands(hands: Sequence[int], tricks: Sequence[tuple[Any, ...]], trick: Sequence[tuple[int, int]],
                players: int) -> list[int]:  # fmt: skip
    """The hands as dealt, from the hands now and the cards each seat has played since."""
    dealt = list(hands)
    for seat, card in played_seats(tricks, trick, players):
        dealt[seat] |= 1 << card
    return dealt


def tricks_won(teams: Sequence[Sequence[int]], tricks: Sequence[tuple[object, ...]]) -> tuple[int, ...]:
    """How many of ``tricks`` (each ``(leader, cards, winner, ...)``) each team has won."""
    winners = [trick[2] for trick in tricks]
    return tuple(sum(winners.count(seat) for seat in team) for team in teams)
