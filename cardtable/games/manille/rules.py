"""Manille: 32 cards, the 10 (manille) highest, trump from the dealer's turned card, 60 pips a deal.

Read top to bottom this module is the rule book: the cards and their pips, the three houses (the classic
game, the French one with a point for every trick, the Belgian one where the dealer names trump), the deal,
the optional auction and knock/counter round, the play with its duties and its table talk, the score of a
hand and the match target.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, NamedTuple

from cardtable.engine.cards import Deck, bits, cards_in, deal_masks, shuffled
from cardtable.engine.errors import IllegalAction, RecordError, quote
from cardtable.engine.game import (
    BID_VERB,
    CALL_VERB,
    PLAY_VERB,
    Action,
    Deal,
    GameRules,
    HandState,
    Hidden,
    Number,
    Trick,
    View,
    check_seat,
    enum_free,
    parse_deal_hands,
    partnership_side,
    partnership_sides,
    partnership_teams,
    play_actions,
    single_verb,
)
from cardtable.engine.options import OptionError, option, parse_options
from cardtable.engine.words import counted, listed, says
from cardtable.games.cardcount import CardCount, count_cards, sample_trick_hands
from cardtable.games.tricks import (
    NO_UNDERTRUMP,
    FollowRules,
    TrickHand,
    cards_held,
    dealt_hands,
    played_actions,
    trick_table,
    tricks_won,
)

from .words import WORDS

# Ranks from the weakest to the strongest: the bit order of each suit.
DECK = Deck("piquet32", ranks=("7", "8", "9", "J", "Q", "K", "A", "10"))
PIPS_BY_RANK = {"7": 0, "8": 0, "9": 0, "J": 1, "Q": 2, "K": 3, "A": 4, "10": 5}
PIPS = tuple(PIPS_BY_RANK[code[:-1]] for code in DECK.codes)
SUIT_OF = DECK.suit_of
FULL_DECK = DECK.full
THREE_PLAYER_DECK = DECK.full & ~(1 << DECK.index["7S"]) & ~(1 << DECK.index["7C"])
TEN = 7  # strength index of the 10 within a suit
ACE = 6
QUOTA = {4: 30, 3: 20}
PACKETS = {4: (3, 2, 3), 3: (3, 4, 3)}
MIN_BID = 31
#: The cards a statement may name (``holds`` or ``lacks``): the 10s and aces, suit by suit, the 10 first.
NAMEABLE = tuple(suit * len(DECK.ranks) + rank for suit in range(len(DECK.suits)) for rank in (TEN, ACE))
NAMEABLE_MASK = sum(1 << card for card in NAMEABLE)
#: Each seat's card plays, looked up at every decision.
PLAYS = tuple(play_actions(DECK, seat) for seat in range(4))


def seat_names(players: int) -> list[str]:
    return ["South", "East", "North", "West"] if players == 4 else ["South", "East", "West"]


class House(StrEnum):
    """The named house rules: the rule sheet's game, the French game, the Belgian game."""

    CLASSIC = "classic"
    FRENCH = "french"
    BELGIAN = "belgian"


CLASSIC, FRENCH, BELGIAN = House


class Phase(StrEnum):
    """The steps of a hand: the Belgian trump choice or the auction, the knock round, the play, the end."""

    TRUMP = "trump"
    AUCTION = "auction"
    DOUBLING = "doubling"
    PLAY = "play"
    DONE = "done"


TRUMP_CHOICE, AUCTION, DOUBLING, PLAY, DONE = Phase


class ManilleVerb(StrEnum):
    """Manille's own verbs: the Belgian trump choice and table talk."""

    TRUMP = "trump"
    SAY = "say"


TRUMP_VERB, SAY_VERB = ManilleVerb


class Call(StrEnum):
    """The words of the knock round; ``PASS`` is also the auction's pass."""

    KNOCK = "knock"
    COUNTER = "counter"
    PASS = "pass"


KNOCK, COUNTER, PASS = Call
#: The Belgian dealer's (or his partner's) choice of no trump.
NO_TRUMP = "none"


class Say(StrEnum):
    """The four statements of table talk."""

    COUNT = "count"
    HOLDS = "holds"
    LACKS = "lacks"
    LEAD = "lead"


COUNT, HOLDS, LACKS, LEAD = Say


class Statement(NamedTuple):
    """A statement made at the table, heard by every seat.

    ``suit`` goes with ``count`` and ``lead``, ``card`` with ``holds`` and ``lacks``, ``number`` (the count of
    cards) with ``count``; ``trick`` is the number of tricks finished when it was made.
    """

    seat: int
    say: Say
    suit: int | None
    card: int | None
    number: int | None
    trick: int

    def action(self) -> Action:
        """The statement as a record writes it."""
        if self.say == COUNT:
            assert self.suit is not None
            return Action(self.seat, SAY_VERB, COUNT, (("count", self.number), ("suit", DECK.suits[self.suit])))
        if self.say == LEAD:
            assert self.suit is not None
            return Action(self.seat, SAY_VERB, LEAD, (("suit", DECK.suits[self.suit]),))
        assert self.card is not None
        return Action(self.seat, SAY_VERB, self.say, (("card", DECK.codes[self.card]),))

    def to_json(self) -> dict[str, Any]:
        return {**self.action().to_json(), "trick": self.trick}


def statement_of(action: Action, trick: int) -> Statement:
    """The statement a ``say`` action makes when ``trick`` tricks are finished."""
    word = Say(action.value)
    suit = action.get("suit")
    card = action.get("card")
    return Statement(action.seat, word, DECK.suits.index(suit) if suit is not None else None,
                     DECK.index[card] if card is not None else None, action.get("count"), trick)  # fmt: skip


@dataclass(frozen=True)
class ManilleOptions:
    # An enum member is immutable: a default like any other.
    house: House = option(  # noqa: RUF009
        CLASSIC,
        "Classic: the dealer's turned card sets trump, you must beat and trump your partner's card"
        " too, and a lower trump is forced when you cannot overtrump. French (4 players): a point for every trick"
        " (68 a deal, 34 to pass), your partner's trick need not be beaten or trumped, and no lower trump is forced"
        " on you. Belgian (4 players): no card is turned, the dealer names trump or no trump (the hand counts"
        " double) or lets his partner choose; a hand after 30 : 30 counts double; your partner's trick is safe; and"
        " you may not play a lower trump on an opponent's while you hold another card.",
        choices=tuple(House),
        label="House rules",
        names={house: house.value.capitalize() for house in House},
    )
    talk: bool = option(
        False,
        "Manille parlée (4 players): at your turn, before your card, you may tell the whole table, opponents"
        " included, one true thing: how many cards of a suit you hold, that you hold or lack an unplayed 10 or"
        " ace, or ask your partner to lead a suit.",
        label="Table talk",
    )
    target: int = option(101, "Match score that wins: 50 is the short game, 201 the long one.", label="Target score")
    partner_exemption: bool = option(
        False,
        "While your partner is winning you must still follow suit, but need not beat or trump"
        " (always so in the French and Belgian houses).",
        label="Partner exempt",
    )
    must_beat: bool = option(True, "When following suit, beat the winning card of that suit if you can.",
                             label="Must beat")  # fmt: skip
    last_trick_bonus: bool = option(False, "The last trick is worth one extra pip (61 in a deal).",
                                    label="Last trick bonus")  # fmt: skip
    doubling: bool = option(False, "Before play the defenders may knock (x2) and the trump side counter (x4).",
                            label="Knock and counter")  # fmt: skip
    auction: bool = option(False, "No turned card: players bid pips with a suit, the highest bid names trump.",
                           label="Auction")  # fmt: skip

    def __post_init__(self) -> None:
        if self.target <= 0:
            raise RecordError(f"options.target must be a positive integer, not {self.target}")
        # A house given as text (a record's) is kept as the enum; the French and Belgian houses always exempt.
        object.__setattr__(self, "house", House(self.house))
        if self.house != CLASSIC:
            object.__setattr__(self, "partner_exemption", True)
        if self.house == FRENCH and self.last_trick_bonus:
            raise OptionError("last_trick_bonus", "cannot be true in the french house: every trick, the last one"
                              " included, already counts a point")  # fmt: skip
        if self.house == BELGIAN and self.auction:
            raise OptionError("auction", "cannot be true in the belgian house: there the dealer names trump")

    @property
    def quota(self) -> int:
        """The points a side must pass to score, at four players."""
        return 34 if self.house == FRENCH else QUOTA[4]

    @property
    def trick_point(self) -> int:
        """What every trick is worth on top of its pips (a point in the French house)."""
        return 1 if self.house == FRENCH else 0


#: Manille's duties by (must_beat, partner_exemption, house): owed to everyone unless the partner exemption is
#: played; a seat that cannot overtrump must play a lower trump (classic), may play anything (French), or must
#: keep its trumps while it holds another card (Belgian).  Looked up by the options that decide them (hashing a
#: whole options object costs more).
FOLLOW_RULES = {
    (must_beat, exemption, house): FollowRules(
        must_beat=must_beat, duties_toward_partner=not exemption, undertrump_forced=house == CLASSIC,
        undertrump_forbidden=house == BELGIAN,
    )
    for must_beat in (False, True)
    for exemption in (False, True)
    for house in House
}  # fmt: skip


def follow_rules(options: ManilleOptions) -> FollowRules:
    """The duties of play under ``options``."""
    return FOLLOW_RULES[options.must_beat, options.partner_exemption, options.house]


#: The trick tables by (must_beat, partner_exemption, house, players).
TABLES = {
    (*key, players): trick_table(DECK, rules, partnership_sides(players))
    for key, rules in FOLLOW_RULES.items()
    for players in (3, 4)
}


def pips_of(mask: int) -> int:
    return sum(PIPS[i] for i in bits(mask))


class ManilleDeal(Deal):
    def __init__(self, hands: Sequence[int], turned: int | None) -> None:
        super().__init__(hands)
        self.turned = turned

    def to_json(self, deck: Deck) -> dict[str, Any]:
        out = super().to_json(deck)
        if self.turned is not None:
            out["turned"] = deck.codes[self.turned]
        return out


@dataclass(frozen=True)
class Bid:
    seat: int
    value: int
    suit: int


@dataclass(slots=True)
class ManilleView(View):
    """What one seat sees: its own cards, the turned card or the trump choice, the calls, every card played
    and every statement made."""

    phase: Phase
    options: ManilleOptions
    #: The dealer's turned card (None with the auction) and whether the dealer still holds it.
    turned: int | None
    turned_in_hand: bool
    trump: int | None
    leader: int
    #: The current trick as (seat, card) pairs, and the finished ones as (leader, cards, winner, points).
    trick: tuple[tuple[int, int], ...]
    tricks: tuple[tuple[int, tuple[int, ...], int, int], ...]
    winning_seat: int | None
    #: Points taken so far, by side: pips, and the French house's point for every trick.
    side_pips: tuple[int, ...]
    cards_each: int
    #: The auction so far as (seat, value, suit), a pass with value and suit None; the contract it made.
    bids: tuple[tuple[int, int | None, int | None], ...]
    contract: tuple[int, int, int] | None
    #: The knock factor: 1, 2 after a knock, 4 after a counter.
    multiplier: int
    knocker: int | None
    #: The seat that fixed trump (the dealer with a turned card, the Belgian chooser, the declarer), once known.
    trump_maker: int | None
    #: The Belgian dealer passed the choice of trump to his partner.
    trump_passed: bool
    #: The hand is played without trump (the Belgian "none"): it counts double.
    no_trump: bool
    #: The Belgian hand comes after a 30 : 30 hand: it counts double.
    after_tie: bool
    #: The statements made so far in the hand, in order.
    talk: tuple[Statement, ...]
    #: The knock round's words so far as (seat, word).
    doubling_calls: tuple[tuple[int, str], ...]

    # Facts worked out from the fields above when asked (a view is made at every decision).
    @property
    def trumps(self) -> int:
        """The cards of the trump suit (0 before the auction names one)."""
        return DECK.suit_masks[self.trump] if self.trump is not None else 0

    @property
    def teams(self) -> tuple[tuple[int, ...], ...]:
        """The seats of each side: partners opposite at four, each seat alone at three."""
        return partnership_teams(self.players)

    @property
    def held(self) -> tuple[int, ...]:
        """How many cards each seat holds now."""
        return cards_held(self.players, self.cards_each, len(self.tricks), self.trick)

    @property
    def tricks_won(self) -> tuple[int, ...]:
        """Tricks taken so far, by side."""
        return tricks_won(self.teams, self.tricks)

    def points(self) -> list[int]:
        """Per seat, the points its side has taken so far."""
        return [self.side_pips[partnership_side(s, self.players)] for s in range(self.players)]

    def partner(self, seat: int) -> int:
        """The seat's partner, opposite it at four (who names trump after a Belgian dealer's pass)."""
        return (seat + 2) % 4

    @property
    def house_factor(self) -> int:
        """What the Belgian house multiplies the hand by: 2 without trump, 2 after a 30 : 30 hand."""
        return (2 if self.no_trump else 1) * (2 if self.after_tie else 1)

    @property
    def stake(self) -> int:
        """Everything the hand's score is multiplied by: the knock factor and the house's."""
        return self.multiplier * self.house_factor

    @property
    def spoke(self) -> bool:
        """Whether the seat to act has already made its statement at this turn."""
        return spoke_at_turn(self.talk, self.to_act, len(self.tricks))

    def stands(self, statement: Statement) -> bool:
        """Whether what ``statement`` said is still so, as the cards played since show every seat.

        A count stands while its seat plays no card of the suit, "I hold C" until C is played, "Partner, lead
        X" until that partner leads a trick (the request has had its answer); "I do not hold C" stays true.
        A statement is made before its seat's card of the trick, so every card it plays from that trick on
        comes after it.
        """
        say = statement.say
        if say == LACKS:
            return True
        players = self.players
        since = [(leader, cards) for leader, cards, _, _ in self.tricks[statement.trick :]]
        if self.trick:
            since.append((self.trick[0][0], tuple(card for _, card in self.trick)))
        if say == LEAD:
            partner = self.partner(statement.seat)
            return not any(leader == partner for leader, _ in since[1:])
        if say == HOLDS:
            return not any(statement.card in cards for _, cards in since)
        suit = DECK.suit_masks[statement.suit] if statement.suit is not None else 0
        mine = [cards[(statement.seat - leader) % players] for leader, cards in since
                if len(cards) > (statement.seat - leader) % players]  # fmt: skip
        return statement.number == 0 or not any(suit >> card & 1 for card in mine)

    def fingerprint(self) -> str:
        key: tuple[object, ...] = (
            self.seat,
            self.dealer,
            str(self.phase),
            self.hand,
            self.turned,
            self.trick,
            self.tricks,
            enum_free(self.bids),
            self.multiplier,
            self.knocker,
            self.scores,
        )
        # The Belgian choice and the statements exist only in those games: the classic game's fingerprints (and
        # so its seeded hints and random plays) stay what they were before them.
        if self.options.house != CLASSIC or self.options.talk:
            key += (self.trump_passed, self.no_trump, self.after_tie, enum_free(self.talk))
        return repr(key)

    @property
    def log(self) -> tuple[Action, ...]:
        """The auction, the choice of trump, the knock round, and every statement and card played, in order
        (everything in Manille is public)."""
        actions = [
            Action(seat, BID_VERB, PASS)
            if suit is None
            else Action(seat, BID_VERB, value, (("suit", DECK.suits[suit]),))
            for seat, value, suit in self.bids
        ]
        if self.options.house == BELGIAN:
            choice = NO_TRUMP if self.no_trump else None if self.trump is None else DECK.suits[self.trump]
            if self.trump_passed:
                actions.append(Action(self.dealer, TRUMP_VERB, PASS))
            if choice is not None:
                chooser = self.partner(self.dealer) if self.trump_passed else self.dealer
                actions.append(Action(chooser, TRUMP_VERB, choice))
        actions.extend(Action(seat, CALL_VERB, word) for seat, word in self.doubling_calls)
        # A statement is made at its speaker's turn, just before that seat's card in the same trick.
        statements = list(self.talk)
        plays = played_actions(DECK, self.tricks, self.trick, self.players)
        for index, play in enumerate(plays):
            while statements and statements[0].trick == index // self.players and statements[0].seat == play.seat:
                actions.append(statements.pop(0).action())
            actions.append(play)
        actions.extend(statement.action() for statement in statements)
        return tuple(actions)


def spoke_at_turn(talk: Sequence[Statement], seat: int | None, trick: int) -> bool:
    """Whether ``seat`` made a statement during trick number ``trick`` (a seat has one turn in each trick)."""
    for statement in reversed(talk):
        if statement.trick != trick:
            return False
        if statement.seat == seat:
            return True
    return False


#: How a refusal names what each verb is (a verb that does not fit the phase).
VERB_NOUNS: dict[str, str] = {
    PLAY_VERB: "a card play",
    BID_VERB: "a bid",
    CALL_VERB: "a doubling call (knock, counter or pass)",
    TRUMP_VERB: "a trump choice",
    SAY_VERB: "a statement",
}
PHASE_VERBS = {PLAY: PLAY_VERB, AUCTION: BID_VERB, DOUBLING: CALL_VERB, TRUMP_CHOICE: TRUMP_VERB}


class ManilleHand(TrickHand[tuple[int, tuple[int, ...], int, int]]):
    phase: Phase
    words = WORDS
    copied = ("hands", "trick", "passed", "doubling_queue")
    #: The knock round's words so far as (seat, word): on the class until the first one, so that a hand without
    #: the knock round keeps under thirty attributes of its own.
    doubling_calls: tuple[tuple[int, str], ...] = ()
    # So are the facts below until they change: a hand of more than thirty attributes of its own loses CPython's
    # shared-key instance dict, and every attribute read and write in play becomes slower.
    #: The auction so far as (seat, value, suit); a pass has value and suit None.
    bid_log: tuple[tuple[int, int | None, int | None], ...] = ()
    high_bid: Bid | None = None
    contract: tuple[int, int, int] | None = None  # (declarer, value, suit)
    #: The knock factor (1, 2 or 4).
    multiplier = 1
    knocker: int | None = None
    #: The seat that fixed trump, once it is fixed.
    trump_maker: int | None = None
    #: The Belgian choice of trump: passed to the dealer's partner; named "none".
    trump_passed = False
    no_trump = False
    #: The Belgian hand after a 30 : 30 hand counts double (told by ``follows``).
    after_tie = False
    #: The statements made so far (a tuple the hand replaces, so that views can share it).
    talk_log: tuple[Statement, ...] = ()

    def __init__(self, options: ManilleOptions, players: int, dealer: int, deal: ManilleDeal, scores: Sequence[Number]):
        self.options = options
        self.players = players
        self.dealer = dealer
        self.scores = tuple(scores)
        self.turned = deal.turned
        self.start_tricks(TABLES[options.must_beat, options.partner_exemption, options.house, players], deal.hands,
                          (dealer + 1) % players, None)  # fmt: skip
        #: What every trick is worth on top of its pips (the French house's point).
        self.trick_point = options.trick_point
        #: The points taken so far by side (pips, and trick points in the French house).
        self.side_pips: tuple[int, ...] = (0,) * (2 if players == 4 else players)
        self.passed: set[int] = set()
        self.doubling_queue: list[int] = []
        self.complete = False
        self.phase = AUCTION
        if options.house == BELGIAN:
            self.phase = TRUMP_CHOICE
            self.turn = dealer
        elif not options.auction:
            assert deal.turned is not None
            self.trump = DECK.suit_of[deal.turned]
            self._after_trump_known(maker=dealer)

    # ----------------------------------------------------------------- phases
    def _after_trump_known(self, maker: int) -> None:
        self.trump_maker = maker
        if self.options.doubling:
            self.phase = DOUBLING
            self.doubling_queue = [(maker + 1) % 4, (maker + 3) % 4]
            self.turn = self.doubling_queue[0]
        else:
            self._start_play()

    def _start_play(self) -> None:
        self.phase = PLAY
        self.turn = self.contract[0] if self.contract else (self.dealer + 1) % self.players
        self.leader = self.turn

    def follows(self, previous: HandState) -> None:
        """A Belgian hand after a hand played to 30 : 30 counts double (twice, never four times, after two)."""
        if (
            self.options.house == BELGIAN
            and isinstance(previous, ManilleHand)
            and previous.complete
            and previous.trick_history
            and previous.side_pips == (QUOTA[4], QUOTA[4])
        ):
            self.after_tie = True

    @property
    def to_act(self) -> int | None:
        return None if self.phase == DONE else self.turn

    @property
    def house_factor(self) -> int:
        """What the Belgian house multiplies the hand by: 2 without trump, 2 after a 30 : 30 hand."""
        return (2 if self.no_trump else 1) * (2 if self.after_tie else 1)

    def quota(self) -> int:
        """The points a side (a seat at three) must pass to score."""
        return self.options.quota if self.players == 4 else QUOTA[self.players]

    def deal_total(self) -> int:
        """The points in the whole deal: 60 pips, a point a trick in the French house, the last-trick bonus."""
        return 60 + self.trick_point * self.cards_each + (1 if self.options.last_trick_bonus else 0)

    def partner_hidden(self) -> bool:
        """Whether the dealer's partner may not look at his cards yet (the Belgian dealer is still choosing)."""
        return self.phase == TRUMP_CHOICE and not self.trump_passed

    # ----------------------------------------------------------------- legal actions
    def legal_actions(self) -> list[Action]:
        seat = self.turn
        if self.phase == PLAY:
            plays = PLAYS[seat]
            actions = [plays[c] for c in bits(self.legal_play_mask())]
            if self.options.talk and not self.spoke():
                actions.extend(self.true_statements())
            return actions
        if self.phase == TRUMP_CHOICE:
            choices = [Action(seat, TRUMP_VERB, suit) for suit in DECK.suits] + [Action(seat, TRUMP_VERB, NO_TRUMP)]
            if not self.trump_passed:
                choices.append(Action(seat, TRUMP_VERB, PASS))
            return choices
        if self.phase == AUCTION:
            actions = [Action(seat, BID_VERB, PASS)]
            for value in range(self._lowest_bid(), self._max_bid() + 1):
                for suit in DECK.suits:
                    actions.append(Action(seat, BID_VERB, value, (("suit", suit),)))
            return actions
        if self.phase == DOUBLING:
            word = KNOCK if self.knocker is None else COUNTER
            return [Action(seat, CALL_VERB, word), Action(seat, CALL_VERB, PASS)]
        return []

    def spoke(self) -> bool:
        """Whether the seat to play has made its statement at this turn already."""
        return spoke_at_turn(self.talk_log, self.turn, len(self.trick_history))

    def unplayed(self) -> int:
        """The cards no one has played yet (every card in play is in some hand until it is played)."""
        out = 0
        for hand in self.hands:
            out |= hand
        return out

    def true_statements(self) -> list[Action]:
        """Every statement the seat to play may make now: its counts, its unplayed 10s and aces, the requests."""
        seat = self.turn
        hand = self.hands[seat]
        trick = len(self.trick_history)
        unplayed = self.unplayed()
        said = [Statement(seat, COUNT, suit, None, (hand & DECK.suit_masks[suit]).bit_count(), trick)
                for suit in range(len(DECK.suits))]  # fmt: skip
        said += [Statement(seat, HOLDS if hand >> card & 1 else LACKS, None, card, None, trick)
                 for card in NAMEABLE if unplayed >> card & 1]  # fmt: skip
        said += [Statement(seat, LEAD, suit, None, None, trick) for suit in range(len(DECK.suits))]
        return [statement.action() for statement in said]

    def _lowest_bid(self) -> int:
        return self.quota() + 1 if self.high_bid is None else self.high_bid.value + 1

    def _max_bid(self) -> int:
        return self.deal_total()

    def verify(self, action: Action) -> None:
        if action.verb == SAY_VERB:
            self._verify_statement(action)
            return
        self.check_turn(action)
        expected = PHASE_VERBS[self.phase]
        if action.verb != expected:
            raise IllegalAction(f"{VERB_NOUNS[expected].capitalize()} is expected now, not {VERB_NOUNS[action.verb]}.")
        if self.phase == PLAY:
            self.verify_play(DECK.index[action.value])
        elif self.phase == AUCTION:
            self._verify_bid(action)
        elif self.phase == TRUMP_CHOICE:
            if action.value == PASS and self.trump_passed:
                raise IllegalAction("The dealer's partner must name trump: a suit or no trump (the choice cannot be"
                                    " passed back).")  # fmt: skip
        else:
            allowed = KNOCK if self.knocker is None else COUNTER
            if action.value not in (allowed, PASS):
                if action.value == COUNTER:
                    raise IllegalAction("A counter is only possible after a knock: knock or pass.")
                raise IllegalAction(f"The other side has already knocked: {allowed} or pass.")

    def _verify_statement(self, action: Action) -> None:
        if not self.options.talk:
            raise IllegalAction("Table talk is off in this game: no statements can be made.")
        self.check_turn(action)
        if self.phase != PLAY:
            expected = VERB_NOUNS[PHASE_VERBS[self.phase]]
            raise IllegalAction(f"{expected.capitalize()} is expected now, not a statement: table talk comes only"
                                " at your turn to play a card.")  # fmt: skip
        if self.spoke():
            raise IllegalAction("One statement per turn: you have spoken already, now play a card.")
        hand = self.hands[self.turn]
        word = action.value
        if word in (HOLDS, LACKS):
            card = DECK.index[action.get("card")]
            named = WORDS.card_text(DECK.codes[card])
            if not NAMEABLE_MASK >> card & 1:
                raise IllegalAction(f"Only a 10 or an ace may be named in a statement, not {named}.")
            if not self.unplayed() >> card & 1:
                raise IllegalAction(f"That card has already been played: {named} cannot be named.")
            held = bool(hand >> card & 1)
            if held != (word == HOLDS):
                raise IllegalAction(f"False statement: you hold {named}." if held
                                    else f"False statement: you do not hold {named}.")  # fmt: skip
        elif word == COUNT:
            suit = action.get("suit")
            held_count = (hand & DECK.suit_masks[DECK.suits.index(suit)]).bit_count()
            if action.get("count") != held_count:
                cards = "card" if held_count == 1 else "cards"
                raise IllegalAction(f"False statement: you hold {held_count} {cards} of {WORDS.suit_names[suit]},"
                                    f" not {action.get('count')}.")  # fmt: skip

    def _refusal(self, card: int) -> str:
        legal, duty = self.follow_duty()
        if duty is NO_UNDERTRUMP and self.hands[self.turn] >> card & 1:
            win = WORDS.card_text(DECK.codes[self.win_card])
            return (f"You may not under-trump {win} while you hold other cards: play"
                    f" {WORDS.card_list(DECK.codes_of(legal))}.")  # fmt: skip
        return super()._refusal(card)

    def _verify_bid(self, action: Action) -> None:
        if action.value == PASS:
            return
        value = action.value
        if value < self._lowest_bid():
            if self.high_bid is None:
                raise IllegalAction(f"Bid too low: the first bid must be at least {self._lowest_bid()}.")
            raise IllegalAction(f"Bid too low: you must bid more than {self.high_bid.value}.")
        if value > self._max_bid():
            unit = "points" if self.trick_point else "pips"
            raise IllegalAction(f"Bid too high: a deal holds only {self._max_bid()} {unit}.")

    # ----------------------------------------------------------------- applying actions
    def apply(self, action: Action) -> None:
        if self.phase == PLAY and action.verb == PLAY_VERB and action.seat == self.turn:
            card = DECK.index[action.value]
            if self.legal_play_mask() >> card & 1:
                self.play_card(card)
                return
        self.verify(action)
        if action.verb == SAY_VERB:
            self.talk_log = (*self.talk_log, statement_of(action, len(self.trick_history)))
        elif self.phase == PLAY:
            self.play_card(DECK.index[action.value])
        elif self.phase == AUCTION:
            self._apply_bid(action)
        elif self.phase == TRUMP_CHOICE:
            self._apply_trump_choice(action)
        else:
            self._apply_doubling(action.value)

    def _apply_trump_choice(self, action: Action) -> None:
        if action.value == PASS:
            self.trump_passed = True
            self.turn = (self.dealer + 2) % 4
            return
        if action.value == NO_TRUMP:
            self.no_trump = True
        else:
            self.trump = DECK.suits.index(action.value)
        self._after_trump_known(maker=action.seat)

    def _end_trick(self) -> tuple[int, tuple[int, tuple[int, ...], int, int]]:
        trick = self.trick
        winner = self.win_seat
        cards: tuple[int, ...]
        if len(trick) == 4:
            cards = (trick[0][1], trick[1][1], trick[2][1], trick[3][1])
            points = PIPS[cards[0]] + PIPS[cards[1]] + PIPS[cards[2]] + PIPS[cards[3]]
        else:
            cards = (trick[0][1], trick[1][1], trick[2][1])
            points = PIPS[cards[0]] + PIPS[cards[1]] + PIPS[cards[2]]
        points += self.trick_point
        if self.options.last_trick_bonus and len(self.trick_history) + 1 == self.cards_each:
            points += 1
        side = self.table.sides[winner]
        pips = self.side_pips
        self.side_pips = (*pips[:side], pips[side] + points, *pips[side + 1 :])
        return winner, (trick[0][0], cards, winner, points)

    def _end_hand(self) -> None:
        self.phase = DONE
        self.complete = True

    @property
    def tricks(self) -> list[Trick]:
        return [Trick(leader, tuple(DECK.codes[c] for c in cards), winner, points)
                for leader, cards, winner, points in self.trick_history]  # fmt: skip

    def _apply_bid(self, action: Action) -> None:
        seat = action.seat
        if action.value == PASS:
            self.passed.add(seat)
            self.bid_log = (*self.bid_log, (seat, None, None))
        else:
            suit = DECK.suits.index(str(action.get("suit")).upper())
            self.high_bid = Bid(seat, action.value, suit)
            self.bid_log = (*self.bid_log, (seat, action.value, suit))
        if len(self.passed) == 4:
            self.phase = DONE
            self.complete = True
            return
        if len(self.passed) == 3 and self.high_bid is not None:
            bid = self.high_bid
            self.contract = (bid.seat, bid.value, bid.suit)
            self.trump = bid.suit
            self._after_trump_known(maker=bid.seat)
            return
        nxt = (seat + 1) % 4
        while nxt in self.passed:
            nxt = (nxt + 1) % 4
        self.turn = nxt

    def _apply_doubling(self, word: str) -> None:
        queue = self.doubling_queue
        speaker = queue.pop(0)
        self.doubling_calls = (*self.doubling_calls, (speaker, word))
        if word == KNOCK:
            self.multiplier = 2
            self.knocker = speaker
            self.doubling_queue = [(speaker + 1) % 4, (speaker + 3) % 4]
            self.turn = self.doubling_queue[0]
        elif word == COUNTER:
            self.multiplier = 4
            self._start_play()
        elif queue:
            self.turn = queue[0]
        else:
            self._start_play()

    # ----------------------------------------------------------------- views and results
    def view(self, seat: int) -> ManilleView:
        """What ``seat`` may see now (built field by field: a view is made at every decision)."""
        phase = self.phase
        to_act = self.turn if phase != DONE else None
        mine = seat == to_act
        turned = self.turned
        trump = self.trump
        talk_open = mine and phase == PLAY and self.options.talk and not self.spoke()
        # A dataclass __init__ taking every field costs four times these assignments; views are made at
        # every decision, so the hand fills a blank one (the contract tests check that every field is set).
        view = object.__new__(ManilleView)
        view.seat = seat
        view.to_act = to_act
        view.deck = DECK
        view.plays = PLAYS[seat]
        view.legal_mask = self.legal_play_mask() if mine and phase == PLAY else 0
        # A statement is optional: the decision is still a card, so a player may work on the mask alone.
        view.only_plays = phase == PLAY
        view.legal = self.legal_actions() if mine and (phase != PLAY or talk_open) else ()
        view.players = self.players
        view.dealer = self.dealer
        view.phase = phase
        view.options = self.options
        view.scores = self.scores
        # The Belgian dealer's partner does not look at his cards while the dealer is choosing trump.
        view.hand = 0 if seat == (self.dealer + 2) % 4 and self.partner_hidden() else self.hands[seat]
        view.turned = turned
        view.turned_in_hand = turned is not None and bool(self.hands[self.dealer] >> turned & 1)
        view.trump = trump
        view.leader = self.leader
        # The hand keeps its public sequences as tuples it replaces, so a view can share them.
        view.trick = tuple(self.trick)
        view.tricks = self.trick_history
        view.winning_seat = self.win_seat if self.win_card >= 0 else None
        view.side_pips = self.side_pips
        view.cards_each = self.cards_each
        view.bids = self.bid_log
        view.contract = self.contract
        view.multiplier = self.multiplier
        view.knocker = self.knocker
        view.trump_maker = self.trump_maker
        view.trump_passed = self.trump_passed
        view.no_trump = self.no_trump
        view.after_tie = self.after_tie
        view.talk = self.talk_log
        view.doubling_calls = self.doubling_calls
        return view

    def hidden(self) -> Hidden:
        return Hidden(tuple(self.hands))

    def side_pips_by_seat(self) -> list[int]:
        return [self.side_pips[side] for side in self.table.sides]

    def points(self) -> list[Number]:
        return list(self.side_pips_by_seat())

    def side_deltas(self) -> list[int]:
        """What each side scores for this (complete) hand, before the multipliers."""
        pips = self.side_pips
        quota = self.quota()
        if self.options.auction:
            if self.contract is None:
                return [0] * len(pips)
            declarer, value, _ = self.contract
            attack, defence = declarer % 2, 1 - declarer % 2
            result = [0, 0]
            if pips[attack] >= value:
                result[attack] = pips[attack] - quota
            else:
                result[defence] = (value - quota) + max(0, pips[defence] - quota)
            return result
        return [p - quota if p > quota else 0 for p in pips]

    def score_delta(self) -> list[Number] | None:
        if self.phase != DONE:
            return None
        sides = self.side_deltas()
        stake = self.multiplier * self.house_factor
        return [sides[self.side(s)] * stake for s in range(self.players)]

    def explain(self, names: Sequence[str] | None = None) -> list[str]:
        """The hand's score in sentences, as the score sheet shows it."""
        if not self.complete:
            return []
        names = list(names) if names is not None else seat_names(self.players)
        sides = [[s for s in range(self.players) if self.side(s) == side] for side in range(len(self.side_pips))]
        side_names = [" & ".join(names[s] for s in seats) for seats in sides]
        quota = self.quota()
        if self.options.auction and self.contract is None:
            return ["Everybody passed: the hand is thrown in and nobody scores."]
        if self.trick_point:
            won = tricks_won(sides, self.trick_history)
            pips = [points - self.trick_point * tricks for points, tricks in zip(self.side_pips, won, strict=True)]
            took = [f"{n} took {counted(p, 'pip')} and {counted(t, 'trick')}: {counted(p + t, 'point')}"
                    for n, p, t in zip(side_names, pips, won, strict=True)]  # fmt: skip
        else:
            took = [f"{n} took {counted(p, 'pip')}" for n, p in zip(side_names, self.side_pips, strict=True)]
        lines = [", ".join(took) + "."]
        unit = "points" if self.trick_point else "pips"
        deltas = self.side_deltas()
        if self.contract is not None:
            declarer, value, suit = self.contract
            attack = self.side(declarer)
            made = self.side_pips[attack] >= value
            lines.append(f"{names[declarer]} bid {value} in {WORDS.suit_names[DECK.suits[suit]]}: "
                         + ("made." if made else "failed."))  # fmt: skip
            if made:
                team = side_names[attack]
                lines.append(f"{team} {says(team, 'scores')} {self.side_pips[attack]} - {quota} = {deltas[attack]}.")
            else:
                defence = 1 - attack
                extra = max(0, self.side_pips[defence] - quota)
                team = side_names[defence]
                lines.append(f"{team} {says(team, 'scores')} the bid's {value - quota} + their own {extra} above "
                             f"{quota} = {deltas[defence]}.")  # fmt: skip
        else:
            scorers = [(n, p, d) for n, p, d in zip(side_names, self.side_pips, deltas, strict=True) if d > 0]
            if not scorers:
                lines.append(f"Nobody took more than {quota}: nobody scores.")
            for name, taken, delta in scorers:
                lines.append(f"{name} {says(name, 'scores')} their {unit} above {quota}: {taken} - {quota} = {delta}.")
        factors = WORDS.stake_factors(self.multiplier, self.no_trump, self.after_tie, full=True)
        if factors:
            lines.append(f"The hand was {listed(factors)}: every score counts x{self.multiplier * self.house_factor}.")
        if self.options.house == BELGIAN and self.side_pips == (quota, quota) and self.trick_history:
            lines.append("The hand ended 30 : 30: the next hand counts double.")
        return lines

    def summary(self) -> dict[str, Any]:
        trump = NO_TRUMP if self.no_trump else DECK.suits[self.trump] if self.trump is not None else None
        out: dict[str, Any] = {"trump": trump}
        if self.options.doubling or self.options.house == BELGIAN:
            out["multiplier"] = self.multiplier * self.house_factor
        if self.options.house == BELGIAN:
            out["trump_maker"] = self.trump_maker
        if self.options.auction:
            out["contract"] = (
                None
                if self.contract is None
                else {"seat": self.contract[0], "bid": self.contract[1], "suit": DECK.suits[self.contract[2]]}
            )
        if self.options.talk:
            out["talk"] = [statement.to_json() for statement in self.talk_log]
        return out


def learn_from_talk(count: CardCount, view: ManilleView) -> None:
    """What the other seats said goes into the count: the 10s and aces they hold or lack, and the suits their
    counts leave them void in or holding in full."""
    trick_cards = [*view.tricks, (view.trick[0][0], tuple(c for _s, c in view.trick), -1, 0)] if view.trick else [
        *view.tricks]  # fmt: skip
    for statement in view.talk:
        seat = statement.seat
        if seat == view.seat:
            continue
        if statement.say == HOLDS and statement.card is not None:
            count.place(seat, 1 << statement.card)
        elif statement.say == LACKS and statement.card is not None:
            count.rule_out(seat, 1 << statement.card)
        elif statement.say == COUNT and statement.suit is not None and statement.number is not None:
            suit_mask = DECK.suit_masks[statement.suit]
            played_since = 0
            for leader, cards, _winner, _points in trick_cards[statement.trick :]:
                offset = (seat - leader) % view.players
                if offset < len(cards) and (1 << cards[offset]) & suit_mask:
                    played_since += 1
            left = statement.number - played_since
            candidates = count.possible[seat] & suit_mask
            if left == 0:
                count.rule_out(seat, candidates)
            elif left == candidates.bit_count():
                count.place(seat, candidates)


def deal_evenly(cards: int, players: int, rng: random.Random) -> tuple[int, ...]:
    """``cards`` shuffled and dealt out evenly, as hands."""
    deck = list(cards_in(cards))
    rng.shuffle(deck)
    each = len(deck) // players
    return tuple(sum(1 << card for card in deck[seat * each : (seat + 1) * each]) for seat in range(players))


#: How many batches of worlds a sampler draws before it settles for fewer fitting worlds than asked.
REJECTION_ROUNDS = 8


class ManilleRules(GameRules):
    name = "manille"
    title = "Manille"
    words = WORDS
    position = 2
    options_type = ManilleOptions
    player_counts = (4, 3)
    default_players = 4

    def parse_options(self, raw: object, players: int) -> ManilleOptions:
        if isinstance(raw, dict) and "players" in raw:
            given = raw["players"]
            if isinstance(given, bool) or not isinstance(given, int) or given != players:
                raise RecordError(f"options.players ({raw['players']!r}) must equal players ({players})")
            raw = {k: v for k, v in raw.items() if k != "players"}
        if isinstance(raw, dict) and raw.get("partner_exemption") is False and raw.get("house") in (FRENCH, BELGIAN):
            raise OptionError("partner_exemption", f"cannot be false in the {raw['house']} house, which always"
                              " frees you from beating or trumping your partner's winning card")  # fmt: skip
        options = parse_options(ManilleOptions, raw)
        if players == 3:
            for name, on in (("doubling", options.doubling), ("auction", options.auction), ("talk", options.talk)):
                if on:
                    raise OptionError(name, "needs 4 players (two partnerships)")
            if options.house != CLASSIC:
                raise OptionError("house", f"{options.house} needs 4 players (two partnerships)")
        return options

    def validate_start_scores(self, scores: list[Number], options: Any, players: int) -> None:
        """Manille scores are whole points: one integer per seat, partners equal."""
        for value in scores:
            if isinstance(value, bool) or not isinstance(value, int):
                raise RecordError(f"start_scores must hold one integer per seat, not {value!r}")
        super().validate_start_scores(scores, options, players)

    def deck(self, options: Any, players: int) -> tuple[Deck, int]:
        return DECK, THREE_PLAYER_DECK if players == 3 else FULL_DECK

    def random_deal(self, rng: random.Random, options: ManilleOptions, players: int, dealer: int) -> ManilleDeal:
        order = shuffled(self.deck(options, players)[1], rng)
        hands = deal_masks(order, players, (dealer + 1) % players, PACKETS[players])
        # The dealer receives the last card of every round, so the pack's last card is his turned card.
        return ManilleDeal(hands, None if options.auction or options.house == BELGIAN else order[-1])

    def parse_deal(self, raw: object, options: ManilleOptions, players: int, dealer: int) -> ManilleDeal:
        in_play = self.deck(options, players)[1]
        hands = parse_deal_hands(raw, DECK, in_play, players)
        assert isinstance(raw, dict)
        turned_raw = raw.get("turned")
        if options.auction:
            if turned_raw is not None:
                raise RecordError("deal.turned must be absent with the auction option (no card is turned)")
            return ManilleDeal(hands, None)
        if options.house == BELGIAN:
            if turned_raw is not None:
                raise RecordError("deal.turned must be absent in the belgian house (the dealer names trump)")
            return ManilleDeal(hands, None)
        if turned_raw is None:
            raise RecordError("deal.turned is missing: the dealer's turned card sets trump")
        try:
            turned = DECK.parse(turned_raw, in_play)
        except ValueError as error:
            raise RecordError(f"deal.turned: {error}") from None
        if not hands[dealer] >> turned & 1:
            raise RecordError(f"deal.turned ({DECK.codes[turned]}) must be one of the dealer's cards")
        return ManilleDeal(hands, turned)

    def new_hand(
        self, options: ManilleOptions, players: int, dealer: int, deal: Deal, scores: Sequence[Number]
    ) -> ManilleHand:
        assert isinstance(deal, ManilleDeal)
        return ManilleHand(options, players, dealer, deal, scores)

    def parse_action(self, raw: object, options: ManilleOptions, players: int) -> Action:
        verb = single_verb(raw, (PLAY_VERB, CALL_VERB, BID_VERB, TRUMP_VERB, SAY_VERB),
                           {BID_VERB: ("suit",), SAY_VERB: ("suit", "count", "card")})  # fmt: skip
        assert isinstance(raw, dict)
        seat = check_seat(raw, players)
        value = raw[verb]
        if verb == PLAY_VERB:
            try:
                return play_actions(DECK, seat)[DECK.parse(value, self.deck(options, players)[1])]
            except ValueError as error:
                raise RecordError(f"action.play: {error}") from None
        if verb == TRUMP_VERB:
            if isinstance(value, str) and value.upper() in DECK.suits:
                return Action(seat, TRUMP_VERB, value.upper())
            if value in (NO_TRUMP, PASS):
                return Action(seat, TRUMP_VERB, value)
            raise RecordError(f'action.trump must be a suit (S, H, D, C), "none" or "pass", not {quote(value)}')
        if verb == SAY_VERB:
            return self._parse_statement(raw, seat, options, players)
        if verb == CALL_VERB:
            if value not in tuple(Call):
                raise RecordError(f"action.call must be knock, counter or pass, not {value!r}")
            return Action(seat, CALL_VERB, value)
        if value == PASS:
            if "suit" in raw:
                raise RecordError("action.suit does not go with a pass")
            return Action(seat, BID_VERB, PASS)
        if isinstance(value, bool) or not isinstance(value, int):
            raise RecordError(f'action.bid must be "pass" or a number of pips, not {value!r}')
        suit = raw.get("suit")
        if not isinstance(suit, str) or suit.upper() not in DECK.suits:
            raise RecordError(f"action.suit must be one of S, H, D, C, not {suit!r}")
        return Action(seat, BID_VERB, value, (("suit", suit.upper()),))

    def _parse_statement(self, raw: dict[str, Any], seat: int, options: ManilleOptions, players: int) -> Action:
        """A ``say`` action's form: its word and exactly that word's keys."""
        word = raw[SAY_VERB]
        if word not in tuple(Say):
            raise RecordError(f"action.say must be count, holds, lacks or lead, not {quote(word)}")
        wanted = {COUNT: ("count", "suit"), HOLDS: ("card",), LACKS: ("card",), LEAD: ("suit",)}[Say(word)]
        for key in ("suit", "count", "card"):
            if key in wanted and key not in raw:
                raise RecordError(f"action.{key} is missing: a {word} statement names one")
            if key not in wanted and key in raw:
                raise RecordError(f"action.{key} does not go with a {word} statement")
        extra: list[tuple[str, Any]] = []
        if "card" in wanted:
            try:
                card = DECK.parse(raw["card"], self.deck(options, players)[1])
            except ValueError as error:
                raise RecordError(f"action.card: {error}") from None
            extra.append(("card", DECK.codes[card]))
        if "count" in wanted:
            count = raw["count"]
            if isinstance(count, bool) or not isinstance(count, int):
                raise RecordError(f"action.count must be a whole number of cards, not {quote(count)}")
            extra.append(("count", count))
        if "suit" in wanted:
            suit = raw["suit"]
            if not isinstance(suit, str) or suit.upper() not in DECK.suits:
                raise RecordError(f"action.suit must be one of S, H, D, C, not {quote(suit)}")
            extra.append(("suit", suit.upper()))
        return Action(seat, SAY_VERB, Say(word), tuple(extra))

    def state_from_view(self, view: ManilleView, hidden: Hidden) -> ManilleHand:
        hand = self.dealt_from_view(view, hidden)
        for action in view.log:
            hand.apply(action)
        return hand

    def dealt_from_view(self, view: ManilleView, hidden: Hidden) -> ManilleHand:
        """The hand ``view`` was made from as it was dealt, the cards it hides placed as ``hidden`` says
        (``state_from_view`` before the view's log is played on it)."""
        deal = ManilleDeal(dealt_hands(hidden.hands, view.tricks, view.trick, view.players), view.turned)
        return ManilleHand(view.options, view.players, view.dealer, deal, view.scores)

    def sample_hidden(self, view: ManilleView, rng: random.Random, count: int) -> list[Hidden]:
        in_play = self.deck(view.options, view.players)[1]
        if view.phase == TRUMP_CHOICE and view.hand == 0:
            # The Belgian dealer's partner before the choice: even his own cards are face down to him.
            return [Hidden(deal_evenly(in_play, view.players, rng)) for _world in range(count)]
        card_count = count_cards(view, DECK, follow_rules(view.options), in_play)
        learn_from_talk(card_count, view)
        if not view.talk and view.options.house == CLASSIC:
            return sample_trick_hands(card_count, rng, count)
        # The count does not read statements or the houses' duties: worlds are drawn from it and those the hand
        # seen refutes (a statement false in them, a card a duty forbade) are thrown back, which keeps the
        # worlds that fit uniform.
        fitting: list[Hidden] = []
        for _attempt in range(REJECTION_ROUNDS):
            for world in sample_trick_hands(card_count, rng, count * 16):
                if self._fits(view, world):
                    fitting.append(world)
                    if len(fitting) == count:
                        return fitting
        return fitting

    def _fits(self, view: ManilleView, world: Hidden) -> bool:
        try:
            return self.state_from_view(view, world).view(view.seat) == view
        except IllegalAction:
            return False

    def match_result(
        self, options: ManilleOptions, players: int, scores: Sequence[Number], hand: HandState
    ) -> tuple[list[int] | None, str | None]:
        best = max(scores)
        if best < options.target:
            return None, None
        leaders = {partnership_side(s, players) for s in range(players) if scores[s] == best}
        if len(leaders) != 1:
            return None, None
        side = leaders.pop()
        return [s for s in range(players) if partnership_side(s, players) == side], None

    def seat_names(self, players: int) -> list[str]:
        return seat_names(players)


RULES = ManilleRules()
