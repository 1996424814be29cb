"""French Tarot for 3, 4 or 5 players: 78 cards, a bidding round, the chien, trumps you must overtrump, the Excuse.

Read top to bottom this module is the rule book: the cards and their points, the deal with its chien and
the petit sec, the bidding, the king call at 5 players, the discard, the chelem announcement, the play with
its poignées, who wins a trick and where the Excuse goes, and the end of the match.  How a finished hand
scores is in ``scoring.py``.
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from random import Random
from typing import Any, NamedTuple

from cardtable.engine.cards import Deck, bits, shuffled
from cardtable.engine.errors import IllegalAction, RecordError
from cardtable.engine.game import (
    BID_VERB,
    PLAY_VERB,
    UNSEEN,
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
    play_actions,
    single_verb,
)
from cardtable.engine.options import option, parse_options
from cardtable.engine.words import listed
from cardtable.games.tricks import FollowRules, TrickHand, dealt_hands, played_seats, trick_table

from .scoring import (
    ATTACK,
    CONTRACTS,
    DEFENCE,
    NEEDED,
    POIGNEE_NAMES,
    TOTAL_HALF,
    HandFacts,
    HandScore,
    explain_score,
    number,
    score_hand,
    settlement,
)
from .words import WORDS

# ----------------------------------------------------------------- cards and points

SUITS = ("S", "H", "D", "C")
#: Ranks from the weakest to the strongest: the bit order of each suit.
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "N", "Q", "K")
# The deck's numbering follows the record format's deck order: spades, hearts, diamonds, clubs, A..K, then
# T1..T21, then EX.
DECK = Deck("tarot78", ranks=RANKS, suits=SUITS, extra=(*(f"T{k}" for k in range(1, 22)), "EX"))
#: The same numbering without the Excuse (the last card), which follows no suit: the duties are worked out on it.
FOLLOW_DECK = Deck("tarot78-follow", ranks=RANKS, suits=SUITS, extra=tuple(f"T{k}" for k in range(1, 22)))
PETIT = DECK.index["T1"]
MONDE = DECK.index["T21"]
EXCUSE = DECK.index["EX"]
EXCUSE_BIT = 1 << EXCUSE
TRUMPS = sum(1 << DECK.index[f"T{k}"] for k in range(1, 22))
#: The trumps a discard may hold when it must: T2 to T20.
LOW_TRUMPS = TRUMPS & ~(1 << PETIT) & ~(1 << MONDE)
OUDLERS = (1 << PETIT) | (1 << MONDE) | EXCUSE_BIT
SUIT_MASKS = DECK.suit_masks[: len(SUITS)]
SUIT_CARDS = sum(SUIT_MASKS)
#: Court cards by rank, as masks over the four suits: the calls at 5 players, in the order they open up.
COURT = tuple(sum(1 << DECK.index[rank + suit] for suit in SUITS) for rank in ("K", "Q", "N", "J"))
COURT_NAMES = ("king", "queen", "knight", "jack")
KINGS = COURT[0]
TRUMP_SUIT = len(SUITS)
#: For each trump, the trumps above it ("you must overtrump" is one mask).
TRUMPS_ABOVE = tuple(TRUMPS & ~((2 << i) - 1) for i in range(len(DECK)))
#: The cards outside the four suits, drawn as trumps at the table: the 21 trumps and the Excuse.
UNSUITED = TRUMPS | EXCUSE_BIT

#: Tarot's duties, owed to everyone: follow suit; on trumps, and when void of the led suit, trump and
#: overtrump the highest trump played if you can, or play a lower trump; plain suits need not be beaten.
#: The Excuse is always allowed and follows no suit (``TrickHand.excuse``).
FOLLOW_RULES = FollowRules(must_beat=False, duties_toward_partner=True, undertrump_forced=True,
                           beat_when_trumps_led=True)  # fmt: skip
#: Trick play by the number of players: no fixed sides (the attack and the defence are the hand's own).
TABLES = {
    players: trick_table(DECK, FOLLOW_RULES, tuple(range(players)), excuse=EXCUSE, follow_deck=FOLLOW_DECK)
    for players in (3, 4, 5)
}

_HALF_BY_RANK = {"K": 9, "Q": 7, "N": 5, "J": 3}
#: Card points in half points: oudlers and kings 4.5, queens 3.5, knights 2.5, jacks 1.5, the rest 0.5.


def _half_points(card: int) -> int:
    if OUDLERS >> card & 1:
        return 9
    return _HALF_BY_RANK.get(DECK.codes[card][:-1], 1) if card < PETIT else 1


HALF_POINTS = tuple(_half_points(card) for card in range(len(DECK)))
assert sum(HALF_POINTS) == TOTAL_HALF


def half_points_of(mask: int) -> int:
    return sum(HALF_POINTS[i] for i in bits(mask))


def card_text(card: int) -> str:
    """A card in a rule's sentence, as the table draws it: "Q♦", "trump 16", "the Excuse"."""
    return WORDS.card_text(DECK.codes[card])


def suit_name(suit: int) -> str:
    return "trumps" if suit == TRUMP_SUIT else WORDS.suit_names[SUITS[suit]]


def listing(mask: int, last: str = "or") -> str:
    """The cards of ``mask`` in a rule's sentence: "K♥, trumps 3, 5 or the Excuse"."""
    return WORDS.card_list(DECK.codes_of(mask), last)


# ----------------------------------------------------------------- players, deal sizes and options


@dataclass(frozen=True)
class TableSize:
    """Everything that changes with the number of players (rules "Dealing" and "Poignée")."""

    players: int
    cards_each: int
    chien: int
    packet: int
    #: Cards to show for a simple, double and triple poignée.
    poignees: tuple[int, int, int]

    @property
    def packets(self) -> int:
        return self.players * self.cards_each // self.packet


SIZES = {
    3: TableSize(3, 24, 6, 4, (13, 15, 18)),
    4: TableSize(4, 18, 6, 3, (10, 13, 15)),
    5: TableSize(5, 15, 3, 3, (8, 10, 13)),
}


@dataclass(frozen=True)
class TarotOptions:
    deals: int = option(4, "Deals in a match (1-100; annulled deals do not count). The table offers 2, 4 or 8.",
                        label="Deals")  # fmt: skip
    bonuses: bool = option(True, "Poignées and chelem. Off is the beginners' game without them; Petit au bout stays.",
                           label="Bonuses")  # fmt: skip

    def __post_init__(self) -> None:
        if not 1 <= self.deals <= 100:
            raise RecordError(f"options.deals must be from 1 to 100, not {self.deals}")


# ----------------------------------------------------------------- the deal


class TarotDeal(Deal):
    """Each seat's cards and the chien, the cards dealt to nobody."""

    def __init__(self, hands: Sequence[int], chien: int) -> None:
        super().__init__(hands)
        self.chien = chien

    def to_json(self, deck: Deck) -> dict[str, Any]:
        out = super().to_json(deck)
        out["chien"] = deck.codes_of(self.chien)
        return out


def deal_packets(order: Sequence[int], players: int, dealer: int, gaps: set[int]) -> TarotDeal:
    """Deal ``order`` (the shuffled pack, top first) in packets from the seat after the dealer.

    Gap ``g`` (1 to packets - 1) lies between packet ``g - 1`` and packet ``g``: each chosen gap receives one
    chien card, so the chien never takes the first or the last card of the pack.
    """
    size = SIZES[players]
    hands = [0] * players
    chien = 0
    position = 0
    for packet in range(size.packets):
        if packet in gaps:
            chien |= 1 << order[position]
            position += 1
        seat = (dealer + 1 + packet) % players
        for card in order[position : position + size.packet]:
            hands[seat] |= 1 << card
        position += size.packet
    return TarotDeal(hands, chien)


def is_petit_sec(hand: int) -> bool:
    """The Petit is the hand's only trump and the Excuse is not with it: a Petit guarded by the Excuse is played."""
    return bool(hand >> PETIT & 1) and not hand & (TRUMPS | EXCUSE_BIT) & ~(1 << PETIT)


# ----------------------------------------------------------------- card-set choices (the discard, the poignée)

#: How many concrete card sets ``legal_actions`` offers for one pattern: enough for random play to vary, few
#: enough that a random player still mostly plays cards at its first turn.
DISCARD_SAMPLE = 24
POIGNEE_SAMPLE = 2


@dataclass(frozen=True)
class CardSet:
    """Every set made of all ``must`` cards plus exactly ``choose`` distinct cards of ``pool`` (masks)."""

    must: int
    choose: int
    pool: int

    def to_json(self) -> dict[str, Any]:
        return {"must": DECK.codes_of(self.must), "choose": self.choose, "from": DECK.codes_of(self.pool)}

    def count(self) -> int:
        return math.comb(self.pool.bit_count(), self.choose)

    # Inside this class ``random`` names the method below, so the generator type is imported by its own name.
    def random(self, rng: Random) -> int:
        """One member, uniformly at random."""
        return self.must | sum(1 << c for c in rng.sample(list(bits(self.pool)), self.choose))

    def sample(self, rng: Random, limit: int) -> list[int]:
        """Every member when there are at most ``limit``, otherwise ``limit`` distinct ones drawn uniformly."""
        if self.count() <= limit:
            pool = list(bits(self.pool))
            return [self.must | sum(1 << c for c in combo) for combo in itertools.combinations(pool, self.choose)]
        found: dict[int, None] = {}
        while len(found) < limit:
            found[self.random(rng)] = None
        return list(found)


class TarotVerb(StrEnum):
    """Tarot's own verbs, beside ``bid`` and ``play``: the king call, the discard and the declarations."""

    KING = "king"
    DISCARD = "discard"
    DECLARE = "declare"


# As globals (the phases of this module have the same names; an enum member read through its class is slow).
KING_VERB, DISCARD_VERB, DECLARE_VERB = TarotVerb


class Declaration(StrEnum):
    """What a seat may declare: a poignée (in the play), a chelem or none (the taker, before the play)."""

    POIGNEE = "poignee"
    CHELEM = "chelem"
    NO_CHELEM = "no_chelem"


POIGNEE, CHELEM_CALL, NO_CHELEM = Declaration


def card_set_action(seat: int, verb: str, cards: int) -> Action:
    codes = tuple(DECK.codes_of(cards))
    if verb == DISCARD_VERB:
        return Action(seat, DISCARD_VERB, codes)
    return Action(seat, DECLARE_VERB, POIGNEE, (("cards", codes),))


def discard_choice(hand: int, need: int) -> CardSet:
    """Suit cards other than kings first; trumps T2-T20 only when those are too few, and only as many as needed."""
    plain = hand & SUIT_CARDS & ~KINGS
    if plain.bit_count() >= need:
        return CardSet(0, need, plain)
    return CardSet(plain, need - plain.bit_count(), hand & LOW_TRUMPS)


def discard_refusal(hand: int, cards: int, listed: int, need: int) -> str | None:
    """Why ``cards`` (``listed`` codes long) are not a legal discard of ``need`` cards from ``hand``, or None."""
    if listed != need:
        return f"The discard is exactly {need} cards, not {listed}."
    if cards.bit_count() != listed:
        return "The discard lists the same card twice."
    for card in bits(cards):
        if not hand >> card & 1:
            return f"You do not hold {card_text(card)}."
    if cards & KINGS:
        return f"Kings can never be discarded: not {listing(cards & KINGS)}."
    if cards & OUDLERS:
        return (f"The oudlers (trumps 1 and 21, and the Excuse) can never be discarded: "
                f"not {listing(cards & OUDLERS)}.")  # fmt: skip
    choice = discard_choice(hand, need)
    if choice.must == 0 and cards & TRUMPS:
        return (f"You may discard trumps only when you have too few other cards: "
                f"discard suit cards other than kings instead of {listing(cards & TRUMPS, 'and')}.")  # fmt: skip
    missing = choice.must & ~cards
    if missing:
        return (f"Discard every suit card other than kings before a trump, and only as many trumps "
                f"as needed: {listing(missing, 'and')} must go first.")  # fmt: skip
    return None


def showable_trumps(hand: int, discard: int) -> int:
    """The trumps a seat may show: those in its hand and, for the taker (``discard`` 0 for the others), the trumps
    of his discard, which were shown when they went there and which his poignée counts again."""
    return (hand | discard) & TRUMPS


def poignee_refusal(hand: int, cards: int, listed: int, size: TableSize, discard: int = 0) -> str | None:
    """Why ``cards`` (``listed`` codes long) are not a poignée ``hand`` may show at this table, or None.

    ``discard`` is the taker's discard (0 for any other seat): its trumps may be shown again.
    """
    sizes = size.poignees
    if listed not in sizes:
        return (f"A poignée shows exactly {sizes[0]}, {sizes[1]} or {sizes[2]} cards at "
                f"{size.players} players, not {listed}.")  # fmt: skip
    if cards.bit_count() != listed:
        return "The poignée lists the same card twice."
    showable = showable_trumps(hand, discard)
    for card in bits(cards & ~showable):
        if not hand >> card & 1:
            where = "in your hand, and the trumps of your discard," if discard else "in your hand"
            return f"You do not hold {card_text(card)} (only cards {where} can be shown)."
    if cards & ~TRUMPS & ~EXCUSE_BIT:
        return f"A poignée shows trumps, not {listing(cards & ~TRUMPS & ~EXCUSE_BIT)}."
    if cards & EXCUSE_BIT and showable & ~cards:
        every = "every trump you hold and every trump of your discard" if showable & ~hand else "every trump you hold"
        missing = showable & ~cards
        return (f"The Excuse may stand in for a trump only when you show {every} "
                f"({listing(missing, 'and')} {'is' if missing.bit_count() == 1 else 'are'} missing).")  # fmt: skip
    return None


SIDE_NAMES = {ATTACK: "attack", DEFENCE: "defence"}

#: Each seat's card plays, looked up at every decision.
PLAYS = tuple(play_actions(DECK, seat) for seat in range(5))


# ----------------------------------------------------------------- the sides' piles


class Piles:
    """What each side (ATTACK, DEFENCE) has taken trick by trick: card points in half points, oudlers, tricks.

    The Excuse is counted where it goes: back to its own side for a 0.5 card when another side wins the
    trick, and, played to the last trick outside a chelem of its own side, over to the other side.
    """

    __slots__ = ("excuse_to", "half", "oudlers", "tricks")

    def __init__(self) -> None:
        self.half = [0, 0]
        self.oudlers = [0, 0]
        self.tricks = [0, 0]
        #: The side the Excuse went over to when it was played to the last trick outside a chelem of its own side.
        self.excuse_to: int | None = None

    def copy(self) -> Piles:
        """An independent copy (a cloned hand counts on in its own)."""
        twin = Piles()
        twin.half, twin.oudlers, twin.tricks, twin.excuse_to = (
            self.half[:],
            self.oudlers[:],
            self.tricks[:],
            self.excuse_to,
        )
        return twin

    def take(self, cards: Sequence[int], winner_side: int, excuse_side: int | None, last: bool,
             excuse_won: bool, half: int | None = None) -> None:  # fmt: skip
        """Count a finished trick (``excuse_side``: the side of the seat that played the Excuse, if it is in it;
        ``half``: its half points, when the caller has them)."""
        if half is None:
            half = sum(HALF_POINTS[c] for c in cards)
        oudlers = 0
        for card in cards:
            if OUDLERS >> card & 1:
                oudlers += 1
        if excuse_side is not None:
            moved = self._move_excuse(excuse_side, winner_side, last, excuse_won)
            if moved:
                half -= moved
                oudlers -= 1
        self.half[winner_side] += half
        self.oudlers[winner_side] += oudlers
        self.tricks[winner_side] += 1

    def _move_excuse(self, excuse_side: int, winner_side: int, last: bool, excuse_won: bool) -> int:
        """Count the Excuse for another side than the trick's winner where it must; returns the half points moved."""
        if not last:
            if excuse_side == winner_side:
                return 0
            # The Excuse goes back to its side, which gives a 0.5 card in exchange: 4 points one way.
            self.half[excuse_side] += HALF_POINTS[EXCUSE] - 1
            self.oudlers[excuse_side] += 1
            return HALF_POINTS[EXCUSE] - 1
        # In the last trick it stays only in a chelem of its own side: led and winning (the slam exception), or
        # its side takes every trick, this one included.
        if excuse_won or (excuse_side == winner_side and self.tricks[winner_side] == sum(self.tricks)):
            return 0
        # Otherwise it changes side, whole and as an oudler, to the opponents of its player, whoever wins the trick.
        self.excuse_to = other = DEFENCE if excuse_side == ATTACK else ATTACK
        if other == winner_side:
            return 0
        self.half[other] += HALF_POINTS[EXCUSE]
        self.oudlers[other] += 1
        return HALF_POINTS[EXCUSE]


class AttackCount(NamedTuple):
    """The count a player keeps of the attack in the play: its oudlers and card points so far, and its target.

    Only what the seat may know goes in: the tricks it has seen won, with the seats it knows to be the attack
    (at 5 players the partner stays out until he is known), the oudlers the whole table saw the taker take with
    a chien turned face up (until they are played), and the écart's points for the taker alone.
    """

    #: The seats counted as the attack: the taker, and the partner once this seat knows him.
    seats: tuple[int, ...]
    oudlers: int
    points: Number
    #: The card points these oudlers need: 56, 51, 41 or 36.
    needed: int
    #: The écart's points, included in ``points`` (None for every seat but the taker, who alone has seen it,
    #: until the hand is scored).
    ecart: Number | None


Finished = tuple[int, tuple[int, ...], int, int, int]


def piles_seen(tricks: Sequence[Finished], players: int, attack: int) -> Piles:
    """The tricks counted again with ``attack`` (a mask of seats) as the attack: a seat's guess of the sides."""
    piles = Piles()
    last_trick = SIZES[players].cards_each

    def side(seat: int) -> int:
        return ATTACK if attack >> seat & 1 else DEFENCE

    for number_, (leader, cards, winner, _half, win_card) in enumerate(tricks, start=1):
        excuse_side = next((side((leader + k) % players) for k, c in enumerate(cards) if c == EXCUSE), None)
        last = number_ == last_trick
        piles.take(cards, side(winner), excuse_side, last, last and win_card == EXCUSE)
    return piles


def oudlers_shown_unplayed(chien_shown: int, trick: Sequence[tuple[int, int]], tricks: Sequence[Finished]) -> int:
    """The oudlers of a chien turned face up (``chien_shown``, 0 when it was not) not played since (a mask)."""
    if not chien_shown:
        return 0
    unplayed = chien_shown & OUDLERS
    for _seat, card in trick:
        unplayed &= ~(1 << card)
    for _leader, cards, *_rest in tricks:
        for card in cards:
            unplayed &= ~(1 << card)
    return unplayed


def count_seen(players: int, tricks: Sequence[Finished], trick: Sequence[tuple[int, int]], taker: int,
               partner: int | None, chien_shown: int, ecart: int | None) -> AttackCount:  # fmt: skip
    """The attack's count in the play from public facts: the tricks seen won by the taker and the ``partner`` a
    seat knows, the oudlers of the chien shown still to be played, and the ``ecart`` the taker alone has seen."""
    known = 1 << taker | (0 if partner is None else 1 << partner)
    piles = piles_seen(tricks, players, known)
    half = piles.half[ATTACK]
    oudlers = piles.oudlers[ATTACK] + oudlers_shown_unplayed(chien_shown, trick, tricks).bit_count()
    ecart_points: Number | None = None
    if ecart is not None:
        extra = half_points_of(ecart)
        half += extra
        ecart_points = number(extra)
    seats = tuple(s for s in range(players) if known >> s & 1)
    return AttackCount(seats, oudlers, number(half), NEEDED[oudlers], ecart_points)


# ----------------------------------------------------------------- phases of a hand


class Phase(StrEnum):
    """The steps of a hand: bidding, the king call (5 players), the discard, the chelem, the play, the end."""

    BID = "bid"
    KING = "king"
    DISCARD = "discard"
    CHELEM = "chelem"
    PLAY = "play"
    DONE = "done"


BID, KING, DISCARD, CHELEM, PLAY, DONE = Phase
PASS = "pass"
BIDS = (PASS, *CONTRACTS)
DECLARATIONS = tuple(Declaration)
#: What a player is told when the verb does not belong to the current step.
#: The verb each step expects.
STEP_VERBS = {BID: BID_VERB, KING: KING_VERB, DISCARD: DISCARD_VERB, CHELEM: DECLARE_VERB,
              PLAY: PLAY_VERB}  # fmt: skip
STEP_REASONS = {
    BID: "It is the bidding: bid a contract or pass.",
    KING: "The bidding is over: the taker now calls a king.",
    DISCARD: "The bidding is over: the taker now takes the chien and discards.",
    CHELEM: "The taker must first say whether he announces a chelem (a chelem or no chelem).",
    PLAY: "It is the play: play a card.",
}


# ----------------------------------------------------------------- what a seat sees


@dataclass(slots=True)
class TarotView(View):
    """What one seat sees: its cards, the bids, the call, the chien when shown, poignées, and every card played."""

    options: TarotOptions
    phase: Phase
    bids: tuple[tuple[int, str], ...]
    taker: int | None
    contract: str | None
    called: int | None
    #: The called king's holder, once this seat knows it (it is that seat, or the card has been played).
    known_partner: int | None
    #: The partner as every seat knows it: once the called card is played (the partner himself knows sooner).
    revealed_partner: int | None
    #: The chien, once it is turned face up (petite and garde); never for garde sans or garde contre.
    chien: int
    #: The taker sees his whole discard; the others only the trumps in it.
    discard: int
    chelem: bool | None
    #: Poignées shown so far as (seat, cards, level 0-2).
    poignees: tuple[tuple[int, int, int], ...]
    #: Hands shown to everyone: the petit sec that annulled the deal.
    shown_hands: dict[int, int]
    #: The current trick as (seat, card) pairs, and the finished ones as (leader, cards, winner, half points,
    #: winning card).
    trick: tuple[tuple[int, int], ...]
    tricks: tuple[tuple[int, tuple[int, ...], int, int, int], ...]
    leader: int
    winning_seat: int | None
    #: How many cards each seat holds now (public: everyone sees the cards played and the chien's size).
    held: tuple[int, ...]
    #: The card-set decisions open to this seat now, as ("discard" or "poignee", pattern), and the level
    #: (0 simple, 1 double, 2 triple) of each poignée pattern among them, in the same order.
    set_choices: tuple[tuple[str, CardSet], ...]
    poignee_levels: tuple[int, ...]
    #: Whether the attack is counted now: from the end of the discard on, in a deal not annulled.
    counting: bool
    #: The attack's count once the hand is scored (everything is public then; None before).
    scored_count: AttackCount | None

    # The counts are worked out from the fields above when read: the table reads one, a computer player none.
    @property
    def attack_count(self) -> AttackCount | None:
        """The attack's count as this seat may keep it, from the end of the discard on (None before, and when
        the deal is annulled)."""
        return self._count(self.known_partner, self.discard if self.seat == self.taker else None)

    @property
    def public_count(self) -> AttackCount | None:
        """The same count as every seat may keep it (the partner once he is known to all, no écart): what the
        table shows when nobody in particular is looking."""
        return self._count(self.revealed_partner, None)

    def _count(self, partner: int | None, ecart: int | None) -> AttackCount | None:
        if self.scored_count is not None or not self.counting:
            return self.scored_count
        assert self.taker is not None
        return count_seen(self.players, self.tricks, self.trick, self.taker, partner, self.chien, ecart)

    @property
    def trumps(self) -> int:
        """The 21 trumps."""
        return TRUMPS

    @property
    def unsuited(self) -> int:
        """The cards outside the four suits, drawn as trumps at the table: the trumps and the Excuse."""
        return UNSUITED

    @property
    def excuse(self) -> int:
        return EXCUSE

    def card_sets(self) -> list[tuple[str, CardSet]]:
        """Every legal discard or poignée of this seat as patterns: ("discard" or "poignee", pattern)."""
        return list(self.set_choices)

    def refusal(self, verb: str, pattern: CardSet, card: int) -> str:
        """Why ``card`` of this seat's hand cannot be part of a ``verb`` set of ``pattern``: the hand's sentence."""
        others = [c for c in bits(pattern.pool) if c != card][: max(0, pattern.choose - 1)]
        chosen = pattern.must | (1 << card) | sum(1 << c for c in others)
        listed = chosen.bit_count()
        size = SIZES[self.players]
        if verb == DISCARD_VERB:
            reason = discard_refusal(self.hand, chosen, listed, size.chien)
        else:
            reason = poignee_refusal(self.hand, chosen, listed, size, self.discard if self.seat == self.taker else 0)
        return reason or "That card cannot be chosen here."

    def fingerprint(self) -> str:
        return repr((self.seat, self.dealer, str(self.phase), self.hand, enum_free(self.bids), self.called, self.chien,
                     self.discard, self.chelem, self.poignees, self.trick, self.tricks, self.scores))  # fmt: skip

    @property
    def chien_taken(self) -> bool:
        """Whether the taker has taken the chien into his hand: it is turned up then (a petite or a garde)."""
        return bool(self.chien)

    @property
    def discarded(self) -> bool:
        """Whether the taker has made his discard."""
        return self.chien_taken and self.phase != DISCARD

    @property
    def log(self) -> tuple[Action, ...]:
        """The bids, the king call, the discard (its cards for the taker alone), the chelem, then the play with
        each poignée before its seat's first card."""
        actions = [Action(seat, BID_VERB, word) for seat, word in self.bids]
        taker = self.taker
        if taker is None or self.shown_hands:
            return tuple(actions)
        if self.called is not None:
            actions.append(Action(taker, KING_VERB, DECK.codes[self.called]))
        if self.discarded:
            codes = tuple(DECK.codes_of(self.discard)) if self.seat == taker else UNSEEN
            actions.append(Action(taker, DISCARD_VERB, codes))
        if self.chelem is not None:
            actions.append(Action(taker, DECLARE_VERB, CHELEM_CALL if self.chelem else NO_CHELEM))
        shown = {seat: Action(seat, DECLARE_VERB, POIGNEE, (("cards", tuple(DECK.codes_of(cards))),))
                 for seat, cards, _level in self.poignees}  # fmt: skip
        for seat, card in played_seats(self.tricks, self.trick, self.players):
            poignee = shown.pop(seat, None)
            if poignee is not None:
                actions.append(poignee)
            actions.append(PLAYS[seat][card])
        # A poignée shown by the seat to play, before its card.
        actions.extend(shown.values())
        return tuple(actions)


# ----------------------------------------------------------------- one hand


@dataclass(frozen=True, slots=True)
class TarotHidden(Hidden):
    """Where a seat's unseen cards lie: the hands, the chien (while face down) and the taker's discard."""

    chien: int
    discard: int


def dealt_from_view(view: TarotView, hidden: TarotHidden) -> list[int]:
    """The hands as dealt in the world ``hidden`` of ``view``: the hands now, the cards played since, and for the
    taker his discard back and the chien out."""
    dealt = dealt_hands(hidden.hands, view.tricks, view.trick, view.players)
    if view.taker is not None and view.chien_taken:
        taker = view.taker
        dealt[taker] = (dealt[taker] | (hidden.discard if view.discarded else 0)) & ~hidden.chien
    return dealt


class TarotHand(TrickHand[tuple[int, tuple[int, ...], int, int, int]]):
    phase: Phase
    words = WORDS
    copied = ("hands", "trick", "piles")
    # The facts below start on the class, and a hand gets its own only when they change: a hand that sets more
    # than thirty attributes of its own before the end of its play loses CPython's shared-key instance dict,
    # and every attribute read and write in play becomes slower.
    complete = False
    #: Counted deals of the match before this one (set by ``follows``).
    deals_before = 0
    contract: str | None = None
    taker: int | None = None
    #: The attack's seats as a mask: the taker, and at 5 players his partner from the call on.
    attack = 0
    chien_shown = False
    discard = 0
    #: Hands shown to everyone (the petit sec's): never changed once set, so every hand without one shares this.
    shown_hands: dict[int, int] = {}
    #: The called king (-1 before the call, and at 3 and 4 players), and the seat that holds it.
    called = -1
    partner: int | None = None
    chelem: bool | None = None
    poignees: tuple[tuple[int, int, int], ...] = ()
    #: The seats that have shown a poignée (a mask).
    declared = 0
    excuse_won_last = False
    #: The seats dealt a petit sec (the deal is then annulled).
    petit_sec: tuple[int, ...] = ()
    annulled: str | None = None
    result: HandScore | None = None
    delta: list[int] | None = None

    def __init__(
        self, options: TarotOptions, players: int, dealer: int, deal: TarotDeal, scores: Sequence[Number]
    ) -> None:
        self.options = options
        self.players = players
        self.dealer = dealer
        self.scores = tuple(scores)
        self.dealt = tuple(deal.hands)
        self.start_tricks(TABLES[players], deal.hands, (dealer + 1) % players, TRUMP_SUIT)
        self.chien = deal.chien
        # Public sequences are tuples the hand replaces, so that every view can share them.
        self.bids: tuple[tuple[int, str], ...] = ()
        # Finished tricks are (leader, cards in playing order, winner, half points, winning card).
        #: By side (ATTACK, DEFENCE): card points in half points, oudlers and tricks won.
        self.piles = Piles()
        self.phase = BID
        petit_sec = tuple(s for s in range(players) if is_petit_sec(self.dealt[s]))
        if petit_sec:
            self.petit_sec = petit_sec
            self.shown_hands = {s: self.dealt[s] for s in petit_sec}
            self._annul("petit_sec")

    def _annul(self, why: str) -> None:
        """Petit sec or all pass: nothing is played and nothing scores; the next seat deals."""
        self.annulled = why
        self.phase = DONE
        self.complete = True
        self.delta = [0] * self.players

    @property
    def size(self) -> TableSize:
        return SIZES[self.players]

    def follows(self, previous: HandState) -> None:
        assert isinstance(previous, TarotHand)
        self.deals_before = previous.deals_before + (0 if previous.annulled else 1)

    @property
    def to_act(self) -> int | None:
        return None if self.phase == DONE else self.turn

    def side(self, seat: int) -> int:
        """The side of ``seat`` in this hand (0 attack, 1 defence); in an annulled hand every seat is alone."""
        if self.annulled:
            return seat
        return ATTACK if self.attack >> seat & 1 else DEFENCE

    @property
    def started(self) -> int:
        """The seats that have played a card in this hand (a mask): they may no longer show a poignée."""
        return sum(1 << seat for seat in range(self.players) if self.has_played(seat))

    def has_played(self, seat: int) -> bool:
        # In the play every seat holds as many cards as it was dealt (the taker discarded the chien's worth).
        return self.phase in (PLAY, DONE) and self.hands[seat].bit_count() < self.cards_each

    @property
    def partner_revealed(self) -> bool:
        """Whether the called card has been played: everyone knows the partner from then on."""
        return self.partner is not None and not self.hands[self.partner] >> self.called & 1

    def partner_known_to(self, seat: int) -> int | None:
        """The partner as ``seat`` knows it: the partner knows from the deal, the others once the card is played."""
        if self.partner is None:
            return None
        if seat == self.partner or self.partner_revealed or self.complete:
            return self.partner
        return None

    # ----------------------------------------------------------------- bidding
    def highest_bid(self) -> int:
        """The index in CONTRACTS of the highest contract bid so far, -1 when everyone has passed."""
        return CONTRACTS.index(self.contract) if self.contract else -1

    def legal_bids(self) -> list[str]:
        return [PASS, *CONTRACTS[self.highest_bid() + 1 :]]

    def _verify_bid(self, word: str) -> None:
        if word in self.legal_bids():
            return
        if self.contract == "garde_contre":
            raise IllegalAction("After a garde contre nobody can bid higher: you can only pass.")
        higher = listed([word.replace("_", " ") for word in self.legal_bids() if word != PASS], "or")
        raise IllegalAction(f"Your bid must be higher than {str(self.contract).replace('_', ' ')}: "
                            f"bid {higher}, or pass.")  # fmt: skip

    def _apply_bid(self, seat: int, word: str) -> None:
        self.bids = (*self.bids, (seat, word))
        if word != PASS:
            self.contract = word
            self.taker = seat
        if len(self.bids) < self.players:
            self.turn = (seat + 1) % self.players
            return
        if self.taker is None:
            self._annul("all_pass")
            return
        self.attack = 1 << self.taker
        self.turn = self.taker
        if self.players == 5:
            self.phase = KING
        else:
            self._take_chien()

    # ----------------------------------------------------------------- the king call (5 players)
    def callable_cards(self) -> int:
        """Kings; queens too with all four kings; knights with all kings and queens; jacks with those and knights."""
        assert self.taker is not None
        dealt = self.dealt[self.taker]
        allowed = 0
        for rank in COURT:
            allowed |= rank
            if dealt & rank != rank:
                break
        return allowed

    def _verify_call(self, card: int) -> None:
        if self.callable_cards() >> card & 1:
            return
        for level, rank in enumerate(COURT[1:], start=1):
            if rank >> card & 1:
                needed = " and ".join(f"{n}s" for n in COURT_NAMES[:level])
                raise IllegalAction(f"You may call a {COURT_NAMES[level]} only when you hold all four {needed}.")
        raise IllegalAction(f"You must call a king (or a lower court card when you hold all four kings), "
                            f"not {card_text(card)}.")  # fmt: skip

    def _apply_call(self, card: int) -> None:
        assert self.taker is not None
        self.called = card
        holder = next((s for s in range(self.players) if self.dealt[s] >> card & 1), None)
        # Calling yourself, or a card in the chien, means playing alone.
        if holder is not None and holder != self.taker:
            self.partner = holder
            self.attack |= 1 << holder
        self._take_chien()

    # ----------------------------------------------------------------- the chien and the discard
    def _take_chien(self) -> None:
        assert self.taker is not None
        if self.contract in ("petite", "garde"):
            self.chien_shown = True
            self.hands[self.taker] |= self.chien
            self.phase = DISCARD
            self.turn = self.taker
        else:
            # Garde sans and garde contre: the chien stays face down.
            self._announce_or_play()

    def discard_choice(self) -> CardSet:
        """The sets the taker may discard (``discard_choice`` of his hand)."""
        assert self.taker is not None
        return discard_choice(self.hands[self.taker], self.size.chien)

    def _verify_discard(self, cards: int, listed: int) -> None:
        assert self.taker is not None
        reason = discard_refusal(self.hands[self.taker], cards, listed, self.size.chien)
        if reason is not None:
            raise IllegalAction(reason)

    def _apply_discard(self, cards: int) -> None:
        assert self.taker is not None
        self.discard = cards
        self.hands[self.taker] &= ~cards
        self._announce_or_play()

    # ----------------------------------------------------------------- the chelem announcement
    def _announce_or_play(self) -> None:
        if self.options.bonuses:
            assert self.taker is not None
            self.phase = CHELEM
            self.turn = self.taker
        else:
            self._start_play(False)

    def _start_play(self, chelem: bool) -> None:
        self.chelem = chelem if self.options.bonuses else None
        self.phase = PLAY
        # A taker who announces a chelem leads; otherwise the seat after the dealer does.
        self.leader = self.turn = self.taker if chelem and self.taker is not None else (self.dealer + 1) % self.players
        self.legal_cache = -1
        if self.called >= 0:
            # The hand's first card may not be of the called suit, unless it is the called card itself.
            self.first_lead_forbidden = SUIT_MASKS[DECK.suit_of[self.called]] & ~(1 << self.called)

    # ----------------------------------------------------------------- play: which cards are legal
    def _refusal(self, card: int) -> str:
        """Rules "Card rules": the step a refused card breaks (the legal cards themselves are the trick core's)."""
        legal = self.legal_play_mask()
        hand = self.hands[self.turn]
        not_held = self.not_held_reason(card)
        if not_held:
            return not_held
        if self.win_card < 0:
            called = card_text(self.called)
            return (f"The first card of the hand may not be a {suit_name(DECK.suit_of[self.called])[:-1]}, "
                    f"the suit of the called {called}, unless it is {called} itself.")  # fmt: skip
        others = listing(legal)
        led = self.led_suit
        # Once a trump is played it wins the trick, so the winning card is the highest trump played.
        high_trump = self.win_card if DECK.suit_of[self.win_card] == TRUMP_SUIT else -1
        if led != TRUMP_SUIT and hand & SUIT_MASKS[led]:
            return f"You must follow suit ({suit_name(led)}): play {others}."
        if high_trump >= 0 and legal & TRUMPS_ABOVE[high_trump]:
            return f"You must overtrump the {WORDS.glyph(DECK.codes[high_trump])}: play {others}."
        if led == TRUMP_SUIT:
            return f"Trumps were led: play {others}."
        return f"You have no {suit_name(led)}, so you must trump: play {others}."

    # ----------------------------------------------------------------- the poignée
    def taker_discard(self, seat: int) -> int:
        """The discard whose trumps ``seat`` may show again in a poignée: the taker's own, nothing for the others."""
        return self.discard if seat == self.taker else 0

    def poignee_choices(self, seat: int) -> list[tuple[int, CardSet]]:
        """Per level the seat qualifies for: k of its showable trumps, or all its k - 1 of them and the Excuse."""
        hand = self.hands[seat]
        trumps = showable_trumps(hand, self.taker_discard(seat))
        held = trumps.bit_count()
        out = []
        for level, k in enumerate(self.size.poignees):
            if held >= k:
                out.append((level, CardSet(0, k, trumps)))
            elif held == k - 1 and hand & EXCUSE_BIT:
                out.append((level, CardSet(trumps | EXCUSE_BIT, 0, 0)))
        return out

    def may_declare(self, seat: int) -> bool:
        """Bonuses on, the seat's turn in the play, before its first card, no poignée yet, and enough trumps."""
        return (
            self.phase == PLAY
            and self.options.bonuses
            and seat == self.turn
            and not self.declared >> seat & 1
            # In the play a seat that has not played yet holds as many cards as it was dealt.
            and self.hands[seat].bit_count() == self.cards_each
            and bool(self.poignee_choices(seat))
        )

    def _verify_poignee(self, seat: int, cards: int, listed: int) -> None:
        if not self.options.bonuses:
            raise IllegalAction("Poignées are not played in this game (the bonuses option is off).")
        if self.phase != PLAY:
            raise IllegalAction("A poignée is shown in the play, at your first turn, before your first card.")
        self.check_turn(Action(seat, DECLARE_VERB, POIGNEE))
        if self.has_played(seat):
            raise IllegalAction("Too late: a poignée is shown before your first card, and you have played one.")
        if self.declared >> seat & 1:
            raise IllegalAction("You have already shown a poignée in this hand.")
        reason = poignee_refusal(self.hands[seat], cards, listed, self.size, self.taker_discard(seat))
        if reason is not None:
            raise IllegalAction(reason)

    def _apply_poignee(self, seat: int, cards: int) -> None:
        self.poignees = (*self.poignees, (seat, cards, self.size.poignees.index(cards.bit_count())))
        self.declared |= 1 << seat

    # ----------------------------------------------------------------- legal actions
    def card_set_choices(self) -> list[tuple[str, CardSet]]:
        """The card-set decisions open to the seat to act, as patterns."""
        if self.phase == DISCARD:
            return [(DISCARD_VERB, self.discard_choice())]
        if self.phase == PLAY and self.may_declare(self.turn):
            return [(POIGNEE, choice) for _level, choice in self.poignee_choices(self.turn)]
        return []

    def legal_actions(self) -> list[Action]:
        """Every legal action, except that a discard or poignée pattern is represented by a sample of its sets.

        The sample is drawn from a generator seeded by the seat's cards, so the same position always offers
        the same sets (``legal_for_output`` and ``card_set_choices`` give the complete patterns).
        """
        phase = self.phase
        seat = self.turn
        if phase == DONE:
            return []
        if phase == BID:
            return [Action(seat, BID_VERB, word) for word in self.legal_bids()]
        if phase == KING:
            return [Action(seat, KING_VERB, DECK.codes[c]) for c in bits(self.callable_cards())]
        if phase == CHELEM:
            return [Action(seat, DECLARE_VERB, CHELEM_CALL),
                    Action(seat, DECLARE_VERB, NO_CHELEM)]  # fmt: skip
        actions: list[Action] = []
        if phase == PLAY:
            plays = PLAYS[seat]
            actions = [plays[c] for c in bits(self.legal_play_mask())]
        choices = self.card_set_choices()
        if choices:
            rng = random.Random(f"tarot:{phase}:{seat}:{self.hands[seat]}")
            for verb, choice in choices:
                limit = DISCARD_SAMPLE if verb == DISCARD_VERB else POIGNEE_SAMPLE
                actions.extend(card_set_action(seat, verb, cards) for cards in choice.sample(rng, limit))
        return actions

    def legal_for_output(self) -> list[dict[str, Any]]:
        """``next.legal``: the discard and each poignée level as one pattern, everything else as in a record."""
        if self.phase == DONE:
            return []
        seat = self.turn
        if self.phase == DISCARD:
            return [{"seat": seat, "discard": self.discard_choice().to_json()}]
        out = [a.to_json() for a in self.legal_actions()
               if a.verb != DECLARE_VERB or a.value != POIGNEE]  # fmt: skip
        for verb, choice in self.card_set_choices():
            if verb == POIGNEE:
                out.append({"seat": seat, "declare": "poignee", "cards": choice.to_json()})
        return out

    # ----------------------------------------------------------------- checking an action
    def verify(self, action: Action) -> None:
        if self.complete:
            if self.annulled:
                raise IllegalAction("This deal was annulled: no action can be taken in it.")
            raise IllegalAction("The hand is over: no more actions can be taken in it.")
        verb, value = action.verb, action.value
        if verb == DECLARE_VERB and value == POIGNEE:
            self._verify_poignee(action.seat, *self._card_mask(action.get("cards", ())))
            return
        if self.players != 5 and verb == KING_VERB:
            raise IllegalAction(f"There is no king call at {self.players} players.")
        if verb == DECLARE_VERB and not self.options.bonuses:
            raise IllegalAction("There is no chelem announcement in this game (the bonuses option is off).")
        expected = STEP_VERBS[self.phase]
        if verb != expected:
            raise IllegalAction(STEP_REASONS[self.phase])
        if self.phase == CHELEM and action.seat != self.turn:
            raise IllegalAction(f"Only the taker (seat {self.turn}) announces a chelem or not.")
        self.check_turn(action)
        if verb == BID_VERB:
            self._verify_bid(value)
        elif verb == KING_VERB:
            self._verify_call(DECK.index[value])
        elif verb == DISCARD_VERB:
            self._verify_discard(*self._card_mask(value))
        elif verb == PLAY_VERB:
            self.verify_play(DECK.index[value])

    @staticmethod
    def _card_mask(codes: Sequence[str]) -> tuple[int, int]:
        """The cards of an action's list as a mask, and how many were listed (duplicates show as a difference)."""
        mask = 0
        for code in codes:
            mask |= 1 << DECK.index[code]
        return mask, len(codes)

    # ----------------------------------------------------------------- applying an action
    def apply(self, action: Action) -> None:
        if action.verb == PLAY_VERB and self.phase == PLAY and action.seat == self.turn:
            card = DECK.index[action.value]
            if self.legal_play_mask() >> card & 1:
                self.play_card(card)
                return
        self.verify(action)
        verb, value, seat = action.verb, action.value, action.seat
        if verb == PLAY_VERB:
            self.play_card(DECK.index[value])
        elif verb == BID_VERB:
            self._apply_bid(seat, value)
        elif verb == KING_VERB:
            self._apply_call(DECK.index[value])
        elif verb == DISCARD_VERB:
            self._apply_discard(self._card_mask(value)[0])
        elif value == POIGNEE:
            self._apply_poignee(seat, self._card_mask(action.get("cards", ()))[0])
            self.legal_cache = -1
        else:
            self._start_play(value == CHELEM_CALL)

    # ----------------------------------------------------------------- who wins a trick, and where the Excuse goes
    def _end_trick(self) -> tuple[int, tuple[int, tuple[int, ...], int, int, int]]:
        trick = self.trick
        # One pass over the trick (this runs at every trick of every playout of a search).
        listed = []
        trick_half = 0
        excuse_seat = None
        for seat, card in trick:
            listed.append(card)
            trick_half += HALF_POINTS[card]
            if card == EXCUSE:
                excuse_seat = seat
        cards = tuple(listed)
        winner, win_card = self.win_seat, self.win_card
        last = len(self.trick_history) + 1 == self.cards_each
        if last and cards[0] == EXCUSE:
            # The slam exception: an Excuse led to the last trick by a side that won every earlier trick wins it.
            leader_side = self.side(trick[0][0])
            if self.piles.tricks[leader_side] == len(self.trick_history):
                winner, win_card = trick[0][0], EXCUSE
                self.excuse_won_last = True
        excuse_side = None if excuse_seat is None else self.side(excuse_seat)
        self.piles.take(cards, self.side(winner), excuse_side, last, self.excuse_won_last, trick_half)
        return winner, (trick[0][0], cards, winner, trick_half, win_card)

    @property
    def excuse_to(self) -> int | None:
        return self.piles.excuse_to

    def _end_hand(self) -> None:
        self._score()

    @property
    def tricks(self) -> list[Trick]:
        codes = DECK.codes
        return [Trick(leader, tuple(codes[c] for c in cards), winner, number(half))
                for leader, cards, winner, half, _win in self.trick_history]  # fmt: skip

    # ----------------------------------------------------------------- the score of the hand
    def attack_pile_extra(self) -> int:
        """What counts for the attack besides its tricks: the discard, or the chien in a garde sans."""
        if self.contract == "garde_sans":
            return self.chien
        if self.contract == "garde_contre":
            return 0
        return self.discard

    def _petit_au_bout(self) -> int | None:
        """The side that won the last trick when the Petit is in it, whoever played the Petit.

        When a slam Excuse led and won the last trick, the trick before counts as the Petit's last as well.
        """
        history = self.trick_history
        deciding = history[-2:] if self.excuse_won_last else history[-1:]
        for _leader, cards, winner, _half, _win in deciding:
            if PETIT in cards:
                return self.side(winner)
        return None

    def facts(self) -> HandFacts:
        assert self.contract is not None
        extra = self.attack_pile_extra()
        tricks = self.size.cards_each
        return HandFacts(
            contract=self.contract,
            attack_half=self.piles.half[ATTACK] + half_points_of(extra),
            oudlers=self.piles.oudlers[ATTACK] + (extra & OUDLERS).bit_count(),
            poignees=tuple(level for _seat, _cards, level in self.poignees),
            petit_au_bout=self._petit_au_bout(),
            bonuses=self.options.bonuses,
            chelem_announced=bool(self.chelem),
            attack_won_all=self.piles.tricks[ATTACK] == tricks,
            defence_won_all=self.piles.tricks[DEFENCE] == tricks,
        )

    def _score(self) -> None:
        assert self.taker is not None
        self.result = score_hand(self.facts())
        self.delta = settlement(self.result.s, self.players, self.taker, self.partner)
        self.phase = DONE
        self.complete = True

    # ----------------------------------------------------------------- views and results
    def attack_count(self, seat: int) -> AttackCount | None:
        """The attack's oudlers and points as ``seat`` may count them: the tricks it saw won by the seats it
        knows to be the attack, and the écart for the taker alone; everything once the hand is scored."""
        if self.taker is None or self.annulled or self.phase in (BID, KING, DISCARD):
            return None
        if self.result is not None:
            facts = self.result.facts
            extra = half_points_of(self.attack_pile_extra())
            seats = tuple(s for s in range(self.players) if self.attack >> s & 1)
            return AttackCount(seats, facts.oudlers, number(facts.attack_half), self.result.needed, number(extra))
        # Only the taker has seen his écart (it holds no oudler); a garde sans's chien nobody has seen.
        chien = self.chien if self.chien_shown else 0
        ecart = self.discard if seat == self.taker else None
        return count_seen(self.players, self.trick_history, self.trick, self.taker, self.partner_known_to(seat),
                          chien, ecart)  # fmt: skip

    def scored_count(self) -> AttackCount | None:
        """The attack's count once the hand is scored, the same for every seat (None before)."""
        if self.result is None or self.taker is None or self.annulled:
            return None
        return self.attack_count(-1)

    def shown_oudlers_unplayed(self) -> int:
        """The oudlers every seat saw go to the taker in a chien turned face up and not played since (a mask).

        An oudler may not go to the écart, so the whole table knows the taker holds them: a player's count has
        them on the attack's side until a trick takes them.  Only public facts go in (the chien shown, the
        cards played), never the taker's hand.
        """
        return oudlers_shown_unplayed(self.chien if self.chien_shown else 0, self.trick, self.trick_history)

    def piles_as_seen(self, attack: int) -> Piles:
        """The tricks counted again with ``attack`` (a mask of seats) as the attack: a seat's guess of the sides."""
        return piles_seen(self.trick_history, self.players, attack)

    def view(self, seat: int) -> TarotView:
        """What ``seat`` may see now (built field by field: a view is made at every decision)."""
        phase = self.phase
        to_act = self.to_act
        mine = seat == to_act
        only_plays = phase == PLAY and not self.may_declare(seat)
        choices = self.card_set_choices() if mine and not only_plays else []
        # A dataclass __init__ taking every field costs four times these assignments; views are made at
        # every decision, so the hand fills a blank one (the contract tests check that every field is set).
        view = object.__new__(TarotView)
        view.seat = seat
        view.to_act = to_act
        view.deck = DECK
        view.plays = PLAYS[seat]
        view.legal_mask = self.legal_play_mask() if mine and phase == PLAY else 0
        view.only_plays = only_plays
        view.legal = self.legal_actions() if mine and not only_plays else ()
        view.players = self.players
        view.dealer = self.dealer
        view.options = self.options
        view.scores = self.scores
        view.phase = phase
        view.hand = self.hands[seat]
        view.bids = self.bids
        view.taker = self.taker
        view.contract = self.contract
        view.called = self.called if self.called >= 0 else None
        view.known_partner = self.partner_known_to(seat)
        view.revealed_partner = self.partner_known_to(-1)
        view.chien = self.chien if self.chien_shown else 0
        view.discard = self.discard if seat == self.taker else self.discard & TRUMPS
        view.chelem = self.chelem
        view.poignees = self.poignees
        view.shown_hands = self.shown_hands
        view.trick = tuple(self.trick)
        view.tricks = self.trick_history
        view.leader = self.leader
        view.winning_seat = self.win_seat if self.win_card >= 0 else None
        view.held = tuple(map(int.bit_count, self.hands))
        view.set_choices = tuple(choices)
        view.poignee_levels = (
            tuple(level for level, _choice in self.poignee_choices(seat)) if any(choices) and phase == PLAY else ()
        )
        view.counting = not (self.taker is None or self.annulled or phase in (BID, KING, DISCARD))
        view.scored_count = self.scored_count()
        return view

    def hidden(self) -> TarotHidden:
        return TarotHidden(tuple(self.hands), self.chien, self.discard)

    def points(self) -> list[Number]:
        if self.taker is None or self.annulled:
            return [0] * self.players
        if self.result is not None:
            attack = self.result.facts.attack_half
            halves = (attack, TOTAL_HALF - attack)
        else:
            halves = (self.piles.half[ATTACK], self.piles.half[DEFENCE])
        return [number(halves[self.side(s)]) for s in range(self.players)]

    def score_delta(self) -> list[Number] | None:
        return list(self.delta) if self.delta is not None else None

    def stats(self) -> dict[str, int]:
        """Per-hand counts that ``cardtable sim`` adds up: contracts played and contracts made."""
        if self.result is None:
            return {}
        return {"contracts": 1, "contracts_made": int(self.result.made)}

    def seat_stats(self, seat: int) -> dict[str, int]:
        """By seat: the deals it played (annulled ones aside), the contracts it took and those it made."""
        if self.annulled or not self.complete:
            return {}
        if self.result is None or seat != self.taker:
            return {"deals": 1}
        return {"deals": 1, "contracts_taken": 1, "contracts_made": int(self.result.made)}

    def explain(self, names: Sequence[str] | None = None) -> list[str]:
        """The hand's score in sentences, as the score sheet shows it."""
        if not self.complete:
            return []
        names = list(names) if names is not None else [f"Seat {s}" for s in range(self.players)]
        if self.annulled == "petit_sec":
            who = " and ".join(names[s] for s in self.petit_sec)
            return [f"Petit sec: {who} held the Petit with no other trump. The deal is annulled, nobody scores, "
                    "and the next seat deals."]  # fmt: skip
        if self.annulled == "all_pass":
            return ["Everybody passed. The deal is annulled, nobody scores, and the next seat deals."]
        assert self.result is not None and self.taker is not None and self.delta is not None
        lines = explain_score(self.result, names, self.taker, self.partner, self.delta)
        if self.called >= 0 and self.partner is None:
            lines.insert(1, f"{names[self.taker]} called {WORDS.card_name(DECK.codes[self.called])} and played alone.")
        details = []
        for seat, cards, level in self.poignees:
            details.append(f"{names[seat]} showed a {POIGNEE_NAMES[level]} poignée ({cards.bit_count()} cards).")
        if self.excuse_to is not None:
            details.append(f"The Excuse, played to the last trick, changed side: it counts for the "
                           f"{SIDE_NAMES[self.excuse_to]}.")  # fmt: skip
        if self.result.petit:
            side = SIDE_NAMES[ATTACK if self.result.petit > 0 else DEFENCE]
            if PETIT in self.trick_history[-1][1]:
                details.append(f"Petit au bout: the Petit was in the last trick, and the {side} won it.")
            else:
                details.append(f"Petit au bout: the slam's Excuse won the last trick, so the trick before counts; "
                               f"the Petit was in it, and the {side} won it.")  # fmt: skip
        if self.chelem:
            details.append(f"{names[self.taker]} announced a chelem.")
        # The bonuses' details go before the settlement: "Each defender ..." and one line per seat.
        cut = len(lines) - 1 - self.players
        return lines[:cut] + details + lines[cut:]

    def summary(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "annulled": self.annulled,
            "taker": self.taker,
            "contract": self.contract,
        }
        if self.players == 5:
            out["called"] = DECK.codes[self.called] if self.called >= 0 else None
            out["partner"] = self.partner_known_to(-1)
        if self.options.bonuses:
            out["chelem_announced"] = self.chelem
            out["poignees"] = [{"seat": s, "cards": DECK.codes_of(c), "level": POIGNEE_NAMES[level]}
                               for s, c, level in self.poignees]  # fmt: skip
        if self.result is not None:
            r = self.result
            out.update(oudlers=r.facts.oudlers, needed=r.needed, made=r.made, margin=r.margin, s=r.s)
        return out


# ----------------------------------------------------------------- the game


class TarotRules(GameRules):
    name = "tarot"
    title = "French Tarot"
    words = WORDS
    position = 4
    options_type = TarotOptions
    player_counts = (3, 4, 5)
    default_players = 4
    # Every hand, annulled or not, passes the deal to the next seat.
    fixed_rotation = True

    def parse_options(self, raw: object, players: int) -> TarotOptions:
        return parse_options(TarotOptions, raw)

    def deck(self, options: TarotOptions, players: int) -> tuple[Deck, int]:
        return DECK, DECK.full

    def random_deal(self, rng: random.Random, options: TarotOptions, players: int, dealer: int) -> TarotDeal:
        size = SIZES[players]
        order = shuffled(DECK.full, rng)
        gaps = set(rng.sample(range(1, size.packets), size.chien))
        return deal_packets(order, players, dealer, gaps)

    def parse_deal(self, raw: object, options: TarotOptions, players: int, dealer: int) -> TarotDeal:
        size = SIZES[players]
        hands = parse_deal_hands(raw, DECK, DECK.full, players, size.cards_each)
        assert isinstance(raw, dict)
        listed = raw.get("chien")
        if listed is None:
            raise RecordError("deal.chien is missing: it holds the cards dealt to nobody")
        if not isinstance(listed, list) or len(listed) != size.chien:
            count = len(listed) if isinstance(listed, list) else "no list"
            raise RecordError(f"deal.chien must hold {size.chien} cards at {players} players, not {count}")
        seen = sum(hands)
        chien = 0
        for code in listed:
            try:
                card = DECK.parse(code)
            except ValueError as error:
                raise RecordError(f"deal.chien: {error}") from None
            if (seen | chien) >> card & 1:
                raise RecordError(f"deal.chien: {DECK.codes[card]} is dealt twice")
            chien |= 1 << card
        return TarotDeal(hands, chien)

    def new_hand(
        self, options: TarotOptions, players: int, dealer: int, deal: Deal, scores: Sequence[Number]
    ) -> TarotHand:
        assert isinstance(deal, TarotDeal)
        return TarotHand(options, players, dealer, deal, scores)

    def parse_action(self, raw: object, options: TarotOptions, players: int) -> Action:
        verb = single_verb(raw, (BID_VERB, KING_VERB, DISCARD_VERB, DECLARE_VERB, PLAY_VERB),
                           {DECLARE_VERB: ("cards",)})  # fmt: skip
        assert isinstance(raw, dict)
        seat = check_seat(raw, players)
        value = raw[verb]
        if verb == PLAY_VERB:
            return play_actions(DECK, seat)[_card(value, "action.play")]
        if verb == KING_VERB:
            return Action(seat, KING_VERB, DECK.codes[_card(value, "action.king")])
        if verb == BID_VERB:
            if not isinstance(value, str) or value not in BIDS:
                raise RecordError(f"action.bid must be one of {', '.join(BIDS)}, not {value!r}")
            return Action(seat, BID_VERB, value)
        if verb == DISCARD_VERB:
            return Action(seat, DISCARD_VERB, _cards(value, "action.discard"))
        if not isinstance(value, str) or value not in DECLARATIONS:
            raise RecordError(f"action.declare must be one of {', '.join(DECLARATIONS)}, not {value!r}")
        if value != POIGNEE:
            if "cards" in raw:
                raise RecordError("action.cards belongs only to a poignée")
            return Action(seat, DECLARE_VERB, value)
        if "cards" not in raw:
            raise RecordError("action.cards is missing: a poignée lists the trumps it shows")
        return Action(seat, DECLARE_VERB, POIGNEE, (("cards", _cards(raw["cards"], "action.cards")),))

    def validate_start_scores(self, scores: list[Number], options: TarotOptions, players: int) -> None:
        # No fixed partners, and scores may be negative: only whole numbers are required.
        for value in scores:
            if not isinstance(value, int):
                raise RecordError(f"start_scores must be whole numbers, not {value!r}")

    def state_from_view(self, view: TarotView, hidden: Hidden) -> TarotHand:
        assert isinstance(hidden, TarotHidden)
        deal = TarotDeal(dealt_from_view(view, hidden), hidden.chien)
        hand = TarotHand(view.options, view.players, view.dealer, deal, view.scores)
        for action in view.log:
            if action.verb == DISCARD_VERB and action.value is UNSEEN:
                action = Action(action.seat, DISCARD_VERB, tuple(DECK.codes_of(hidden.discard)))
            hand.apply(action)
        return hand

    def match_result(
        self, options: TarotOptions, players: int, scores: Sequence[Number], hand: HandState
    ) -> tuple[list[int] | None, str | None]:
        assert isinstance(hand, TarotHand)
        if hand.annulled or hand.deals_before + 1 < options.deals:
            return None, None
        best = max(scores)
        return [s for s in range(players) if scores[s] == best], None

    def side_of(self, seat: int, players: int) -> int:
        # No fixed teams: the attack and the defence change with every hand (``TarotHand.hand_side``).
        return seat

    def sim_summary(self, totals: Mapping[str, Number]) -> dict[str, Any]:
        """The fields ``cardtable sim`` adds for Tarot: how often the taker's contract is made."""
        played = totals.get("contracts", 0)
        return {
            "contracts": played,
            "contract_success_rate": round(totals.get("contracts_made", 0) / played, 4) if played else None,
        }


def _card(value: object, field: str) -> int:
    try:
        return DECK.parse(value)
    except ValueError as error:
        raise RecordError(f"{field}: {error}") from None


def _cards(value: object, field: str) -> tuple[str, ...]:
    if not isinstance(value, list):
        raise RecordError(f"{field} must be a list of card codes")
    return tuple(DECK.codes[_card(code, field)] for code in value)


RULES = TarotRules()
