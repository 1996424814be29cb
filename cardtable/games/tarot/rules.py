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
from collections.abc import Sequence
from dataclasses import dataclass
from random import Random
from typing import Any

from cardtable.engine.cards import SUIT_NAMES, Deck, bits, shuffled
from cardtable.engine.errors import IllegalAction, RecordError
from cardtable.engine.game import (
    Action,
    Deal,
    GameRules,
    HandState,
    Number,
    Trick,
    View,
    check_seat,
    parse_deal_hands,
    play_actions,
    single_verb,
)
from cardtable.engine.options import option, parse_options

from .scoring import (
    ATTACK,
    CONTRACTS,
    DEFENCE,
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
# The deck's numbering is the spec's deck order: spades, hearts, diamonds, clubs, A..K, then T1..T21, then EX.
DECK = Deck("tarot78", ranks=RANKS, suits=SUITS, extra=(*(f"T{k}" for k in range(1, 22)), "EX"))
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


def card_name(card: int) -> str:
    return "the Excuse" if card == EXCUSE else f"the {DECK.codes[card]}"


def suit_name(suit: int) -> str:
    return "trumps" if suit == TRUMP_SUIT else SUIT_NAMES[SUITS[suit]]


def listing(mask: int) -> str:
    names = [DECK.codes[c] for c in bits(mask & ~EXCUSE_BIT)]
    if mask & EXCUSE_BIT:
        names.append("the Excuse")
    return ", ".join(names[:-1]) + " or " + names[-1] if len(names) > 1 else names[0]


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
    deals: int = option(4, "Deals in a match (1-100; annulled deals do not count). The table offers 2, 4 or 8.")
    bonuses: bool = option(True, "Poignées and chelem. Off is the beginners' game without them; Petit au bout stays.")

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


def card_set_action(seat: int, verb: str, cards: int) -> Action:
    codes = tuple(DECK.codes_of(cards))
    if verb == "discard":
        return Action(seat, "discard", codes)
    return Action(seat, "declare", "poignee", (("cards", codes),))


SIDE_NAMES = {ATTACK: "attack", DEFENCE: "defence"}

# ----------------------------------------------------------------- phases of a hand

BID, KING, DISCARD, CHELEM, PLAY, DONE = "bid", "king", "discard", "chelem", "play", "done"
BIDS = ("pass", *CONTRACTS)
DECLARATIONS = ("poignee", "chelem", "no_chelem")
#: What a player is told when the verb does not belong to the current step.
STEP_REASONS = {
    BID: "It is the bidding: bid a contract or pass.",
    KING: "The bidding is over: the taker now calls a king.",
    DISCARD: "The bidding is over: the taker now takes the chien and discards.",
    CHELEM: "The taker must first say whether he announces a chelem (chelem or no_chelem).",
    PLAY: "It is the play: play a card.",
}


# ----------------------------------------------------------------- what a seat sees


class TarotView(View):
    """What one seat sees: its cards, the bids, the call, the chien when shown, poignées, and every card played."""

    __slots__ = (
        "_legal",
        "_state",
        "bids",
        "called",
        "chelem",
        "chien",
        "contract",
        "dealer",
        "deck",
        "discard",
        "hand",
        "held",
        "known_partner",
        "leader",
        "legal_mask",
        "only_plays",
        "options",
        "phase",
        "players",
        "plays",
        "poignees",
        "revealed_partner",
        "scores",
        "seat",
        "shown_hands",
        "taker",
        "to_act",
        "trick",
        "tricks",
        "winning_seat",
    )  # fmt: skip

    def __init__(self, state: TarotHand, seat: int) -> None:
        phase = state.phase
        self.seat = seat
        self.deck = DECK
        self.plays = play_actions(DECK, seat)
        self.players = state.players
        self.dealer = state.dealer
        self.options = state.options
        self.scores = state.scores
        self.to_act = to_act = state.to_act
        self.phase = phase
        self.hand = state.hands[seat]
        self.bids = state.bids
        self.taker = state.taker
        self.contract = state.contract
        self.called = state.called if state.called >= 0 else None
        self.known_partner = state.partner_known_to(seat)
        #: The partner as every seat knows it: once the called card is played (the partner himself knows sooner).
        self.revealed_partner = state.partner_known_to(-1)
        #: The chien, once it is turned face up (petite and garde); never for garde sans or garde contre.
        self.chien = state.chien if state.chien_shown else 0
        #: The taker sees his whole discard; the others only the trumps in it.
        self.discard = state.discard if seat == state.taker else state.discard & TRUMPS
        self.chelem = state.chelem
        #: Poignées shown so far as (seat, cards, level 0-2).
        self.poignees = state.poignees
        #: Hands shown to everyone: the petit sec that annulled the deal.
        self.shown_hands = state.shown_hands
        #: The current trick as (seat, card) pairs, and the finished ones as (leader, cards, winner, half points).
        self.trick = tuple(state.trick)
        self.tricks = state.trick_history
        self.leader = state.leader
        self.winning_seat = state.win_seat if state.win_card >= 0 else None
        #: How many cards each seat holds now (public: everyone sees the cards played and the chien's size).
        self.held = tuple(hand.bit_count() for hand in state.hands)
        self._state = None
        mine = seat == to_act
        self.legal_mask = state.legal_play_mask() if mine and phase == PLAY else 0
        self.only_plays = phase == PLAY and not state.may_declare(seat)
        self._legal: tuple[Action, ...] | None = None
        if mine and not self.only_plays:
            self._legal = tuple(state.legal_actions())
            # Kept only for the patterns of the card-set choices, which a computer level may ask for.
            self._state = state

    def legal_actions(self) -> list[Action]:
        """The seat's legal actions; a discard or a poignée is offered as a sample (see ``card_sets``)."""
        if self._legal is not None:
            return list(self._legal)
        return [self.plays[c] for c in bits(self.legal_mask)]

    def card_sets(self) -> list[tuple[str, CardSet]]:
        """Every legal discard or poignée of this seat as patterns: ("discard" or "poignee", pattern)."""
        state = self._state
        if state is None:
            return []
        return state.card_set_choices()

    def fingerprint(self) -> str:
        return repr((self.seat, self.dealer, self.phase, self.hand, self.bids, self.called, self.chien, self.discard,
                     self.chelem, self.poignees, self.trick, self.tricks, self.scores))  # fmt: skip


# ----------------------------------------------------------------- one hand


class TarotHand(HandState):
    def __init__(
        self, options: TarotOptions, players: int, dealer: int, deal: TarotDeal, scores: Sequence[Number]
    ) -> None:
        self.options = options
        self.players = players
        self.size = SIZES[players]
        self.dealer = dealer
        self.scores = tuple(scores)
        self.dealt = tuple(deal.hands)
        self.hands = list(deal.hands)
        self.chien = deal.chien
        #: Counted deals of the match before this one (set by ``follows``).
        self.deals_before = 0
        # Public sequences are tuples the hand replaces, so that every view can share them.
        self.bids: tuple[tuple[int, str], ...] = ()
        self.contract: str | None = None
        self.taker: int | None = None
        self.called = -1
        self.partner: int | None = None
        self.partner_revealed = False
        #: The attack's seats as a mask: the taker, and at 5 players his partner from the call on.
        self.attack = 0
        self.chien_shown = False
        self.discard = 0
        self.chelem: bool | None = None
        self.poignees: tuple[tuple[int, int, int], ...] = ()
        self.declared = 0
        #: Seats that have played a card (a mask): they may no longer show a poignée.
        self.started = 0
        self.trick: list[tuple[int, int]] = []
        #: Finished tricks as (leader, cards in playing order, winner, half points, winning card).
        self.trick_history: tuple[tuple[int, tuple[int, ...], int, int, int], ...] = ()
        self.leader = (dealer + 1) % players
        self.turn = self.leader
        self.win_card = -1
        self.win_seat = -1
        self.led = -1
        self.high_trump = -1
        self.legal_cache = -1
        #: By side (ATTACK, DEFENCE): card points in half points, oudlers and tricks won.
        self.side_half = [0, 0]
        self.side_oudlers = [0, 0]
        self.side_tricks = [0, 0]
        self.excuse_won_last = False
        #: The side the Excuse went over to when it was played to the last trick outside a chelem of its own side.
        self.excuse_to: int | None = None
        self.result: HandScore | None = None
        self.delta: list[int] | None = None
        self.annulled: str | None = None
        self.phase = BID
        self.complete = False
        self.petit_sec = tuple(s for s in range(players) if is_petit_sec(self.dealt[s]))
        self.shown_hands = {s: self.dealt[s] for s in self.petit_sec}
        if self.petit_sec:
            self._annul("petit_sec")

    def _annul(self, why: str) -> None:
        """Petit sec or all pass: nothing is played and nothing scores; the next seat deals."""
        self.annulled = why
        self.phase = DONE
        self.complete = True
        self.delta = [0] * self.players

    def follows(self, previous: HandState) -> None:
        assert isinstance(previous, TarotHand)
        self.deals_before = previous.deals_before + (0 if previous.annulled else 1)

    @property
    def to_act(self) -> int | None:
        return None if self.phase == DONE else self.turn

    def side(self, seat: int) -> int:
        return ATTACK if self.attack >> seat & 1 else DEFENCE

    def hand_side(self, seat: int) -> int:
        """The side of ``seat`` in this hand (0 attack, 1 defence); in an annulled hand every seat is alone."""
        if self.annulled:
            return seat
        return self.side(seat)

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
        return ["pass", *CONTRACTS[self.highest_bid() + 1 :]]

    def _verify_bid(self, word: str) -> None:
        if word in self.legal_bids():
            return
        if self.contract == "garde_contre":
            raise IllegalAction("After a garde contre nobody can bid higher: you can only pass.")
        higher = ", ".join(self.legal_bids())
        raise IllegalAction(f"Your bid must be higher than {self.contract}: {higher}.")

    def _apply_bid(self, seat: int, word: str) -> None:
        self.bids = (*self.bids, (seat, word))
        if word != "pass":
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
                            f"not {card_name(card)}.")  # fmt: skip

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
        """Suit cards other than kings first; trumps T2-T20 only when those are too few, and only as many as needed."""
        assert self.taker is not None
        hand = self.hands[self.taker]
        plain = hand & SUIT_CARDS & ~KINGS
        need = self.size.chien
        if plain.bit_count() >= need:
            return CardSet(0, need, plain)
        return CardSet(plain, need - plain.bit_count(), hand & LOW_TRUMPS)

    def _verify_discard(self, cards: int, listed: int) -> None:
        assert self.taker is not None
        need = self.size.chien
        if listed != need:
            raise IllegalAction(f"The discard is exactly {need} cards, not {listed}.")
        if cards.bit_count() != listed:
            raise IllegalAction("The discard lists the same card twice.")
        hand = self.hands[self.taker]
        for card in bits(cards):
            if not hand >> card & 1:
                raise IllegalAction(f"You do not hold {card_name(card)}.")
        if cards & KINGS:
            raise IllegalAction(f"Kings can never be discarded: not the {listing(cards & KINGS)}.")
        if cards & OUDLERS:
            raise IllegalAction(f"The oudlers (T1, T21 and the Excuse) can never be discarded: "
                                f"not {card_name(next(bits(cards & OUDLERS)))}.")  # fmt: skip
        choice = self.discard_choice()
        if choice.must == 0 and cards & TRUMPS:
            raise IllegalAction(
                f"You may discard trumps only when you have too few other cards: "
                f"discard suit cards other than kings instead of the {listing(cards & TRUMPS)}."
            )
        missing = choice.must & ~cards
        if missing:
            raise IllegalAction(f"Discard every suit card other than kings before a trump, and only as many trumps "
                                f"as needed: the {listing(missing)} must go first.")  # fmt: skip

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

    # ----------------------------------------------------------------- play: which cards are legal
    def legal_play_mask(self) -> int:
        """The cards the seat to act may play (rules "Card rules", steps 1 to 4)."""
        if self.legal_cache >= 0:
            return self.legal_cache
        hand = self.hands[self.turn]
        if self.win_card < 0:
            # 1. Nothing led yet (or only the Excuse): any card, except the called suit on the hand's first card.
            legal = hand
            if self.called >= 0 and not self.trick and not self.trick_history:
                called_suit = SUIT_MASKS[DECK.suit_of[self.called]]
                legal = (hand & ~called_suit) | (hand & (1 << self.called)) or hand
        else:
            in_suit = hand & SUIT_MASKS[self.led] if self.led != TRUMP_SUIT else 0
            if in_suit:
                # 2. Follow suit; the Excuse is always allowed.
                legal = in_suit | (hand & EXCUSE_BIT)
            else:
                trumps = hand & TRUMPS
                if trumps:
                    # 3. Trump, and overtrump the highest trump played if you can, even your partner's.
                    higher = trumps & TRUMPS_ABOVE[self.high_trump] if self.high_trump >= 0 else 0
                    legal = (higher or trumps) | (hand & EXCUSE_BIT)
                else:
                    # 4. Neither the suit nor a trump: any card.
                    legal = hand
        self.legal_cache = legal
        return legal

    def _verify_play(self, card: int) -> None:
        legal = self.legal_play_mask()
        if legal >> card & 1:
            return
        hand = self.hands[self.turn]
        if not hand >> card & 1:
            raise IllegalAction(f"You do not hold {card_name(card)}.")
        if self.win_card < 0:
            called = DECK.codes[self.called]
            raise IllegalAction(f"The first card of the hand may not be a {suit_name(DECK.suit_of[self.called])[:-1]}, "
                                f"the suit of the called {called}, unless it is the {called} itself.")  # fmt: skip
        others = listing(legal)
        if self.led != TRUMP_SUIT and hand & SUIT_MASKS[self.led]:
            raise IllegalAction(f"You must follow suit ({suit_name(self.led)}): play {others}.")
        if self.high_trump >= 0 and legal & TRUMPS_ABOVE[self.high_trump]:
            raise IllegalAction(f"You must overtrump the {DECK.codes[self.high_trump]}: play {others}.")
        if self.led == TRUMP_SUIT:
            raise IllegalAction(f"Trumps were led: play a trump ({others}).")
        raise IllegalAction(f"You have no {suit_name(self.led)}, so you must trump: play {others}.")

    # ----------------------------------------------------------------- the poignée
    def showable_trumps(self, seat: int) -> int:
        """The trumps ``seat`` may show: those in its hand and, for the taker, the trumps of his discard.

        Discarded trumps were shown when they went to the discard; a taker's poignée counts them again.
        """
        showable = self.hands[seat] & TRUMPS
        if seat == self.taker:
            showable |= self.discard & TRUMPS
        return showable

    def poignee_choices(self, seat: int) -> list[tuple[int, CardSet]]:
        """Per level the seat qualifies for: k of its showable trumps, or all its k - 1 of them and the Excuse."""
        trumps = self.showable_trumps(seat)
        held = trumps.bit_count()
        out = []
        for level, k in enumerate(self.size.poignees):
            if held >= k:
                out.append((level, CardSet(0, k, trumps)))
            elif held == k - 1 and self.hands[seat] & EXCUSE_BIT:
                out.append((level, CardSet(trumps | EXCUSE_BIT, 0, 0)))
        return out

    def may_declare(self, seat: int) -> bool:
        """Bonuses on, the seat's turn in the play, before its first card, no poignée yet, and enough trumps."""
        return (
            self.phase == PLAY
            and self.options.bonuses
            and seat == self.turn
            and not (self.started | self.declared) >> seat & 1
            and bool(self.poignee_choices(seat))
        )

    def _verify_poignee(self, seat: int, cards: int, listed: int) -> None:
        if not self.options.bonuses:
            raise IllegalAction("Poignées are not played in this game (the bonuses option is off).")
        if self.phase != PLAY:
            raise IllegalAction("A poignée is shown in the play, at your first turn, before your first card.")
        self.check_turn(Action(seat, "declare", "poignee"))
        if self.started >> seat & 1:
            raise IllegalAction("Too late: a poignée is shown before your first card, and you have played one.")
        if self.declared >> seat & 1:
            raise IllegalAction("You have already shown a poignée in this hand.")
        sizes = self.size.poignees
        if listed not in sizes:
            raise IllegalAction(f"A poignée shows exactly {sizes[0]}, {sizes[1]} or {sizes[2]} cards at "
                                f"{self.players} players, not {listed}.")  # fmt: skip
        if cards.bit_count() != listed:
            raise IllegalAction("The poignée lists the same card twice.")
        hand = self.hands[seat]
        showable = self.showable_trumps(seat)
        for card in bits(cards & ~showable):
            if not hand >> card & 1:
                where = "in your hand, and the trumps of your discard," if seat == self.taker else "in your hand"
                raise IllegalAction(f"You do not hold {card_name(card)} (only cards {where} can be shown).")
        if cards & ~TRUMPS & ~EXCUSE_BIT:
            raise IllegalAction(f"A poignée shows trumps, not the {listing(cards & ~TRUMPS & ~EXCUSE_BIT)}.")
        if cards & EXCUSE_BIT and showable & ~cards:
            every = (
                "every trump you hold and every trump of your discard" if showable & ~hand else "every trump you hold"
            )
            missing = DECK.codes_of(showable & ~cards)
            left_out = " and ".join([", ".join(missing[:-1]), missing[-1]] if len(missing) > 1 else missing)
            raise IllegalAction(f"The Excuse may stand in for a trump only when you show {every} "
                                f"({left_out} {'is' if len(missing) == 1 else 'are'} missing).")  # fmt: skip

    def _apply_poignee(self, seat: int, cards: int) -> None:
        self.poignees = (*self.poignees, (seat, cards, self.size.poignees.index(cards.bit_count())))
        self.declared |= 1 << seat

    # ----------------------------------------------------------------- legal actions
    def card_set_choices(self) -> list[tuple[str, CardSet]]:
        """The card-set decisions open to the seat to act, as patterns."""
        if self.phase == DISCARD:
            return [("discard", self.discard_choice())]
        if self.phase == PLAY and self.may_declare(self.turn):
            return [("poignee", choice) for _level, choice in self.poignee_choices(self.turn)]
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
            return [Action(seat, "bid", word) for word in self.legal_bids()]
        if phase == KING:
            return [Action(seat, "king", DECK.codes[c]) for c in bits(self.callable_cards())]
        if phase == CHELEM:
            return [Action(seat, "declare", "chelem"), Action(seat, "declare", "no_chelem")]
        actions: list[Action] = []
        if phase == PLAY:
            plays = play_actions(DECK, seat)
            actions = [plays[c] for c in bits(self.legal_play_mask())]
        choices = self.card_set_choices()
        if choices:
            rng = random.Random(f"tarot:{phase}:{seat}:{self.hands[seat]}")
            for verb, choice in choices:
                limit = DISCARD_SAMPLE if verb == "discard" else POIGNEE_SAMPLE
                actions.extend(card_set_action(seat, verb, cards) for cards in choice.sample(rng, limit))
        return actions

    def legal_for_output(self) -> list[dict[str, Any]]:
        """``next.legal``: the discard and each poignée level as one pattern, everything else as in a record."""
        if self.phase == DONE:
            return []
        seat = self.turn
        if self.phase == DISCARD:
            return [{"seat": seat, "discard": self.discard_choice().to_json()}]
        out = [a.to_json() for a in self.legal_actions() if a.verb != "declare" or a.value != "poignee"]
        for verb, choice in self.card_set_choices():
            if verb == "poignee":
                out.append({"seat": seat, "declare": "poignee", "cards": choice.to_json()})
        return out

    # ----------------------------------------------------------------- checking an action
    def verify(self, action: Action) -> None:
        if self.complete:
            if self.annulled:
                raise IllegalAction("This deal was annulled: no action can be taken in it.")
            raise IllegalAction("The hand is over: no more actions can be taken in it.")
        verb, value = action.verb, action.value
        if verb == "declare" and value == "poignee":
            self._verify_poignee(action.seat, *self._card_mask(action.get("cards", ())))
            return
        if self.players != 5 and verb == "king":
            raise IllegalAction(f"There is no king call at {self.players} players.")
        if verb == "declare" and not self.options.bonuses:
            raise IllegalAction("There is no chelem announcement in this game (the bonuses option is off).")
        expected = {BID: "bid", KING: "king", DISCARD: "discard", CHELEM: "declare", PLAY: "play"}[self.phase]
        if verb != expected:
            raise IllegalAction(STEP_REASONS[self.phase])
        if self.phase == CHELEM and action.seat != self.turn:
            raise IllegalAction(f"Only the taker (seat {self.turn}) announces a chelem or not.")
        self.check_turn(action)
        if verb == "bid":
            self._verify_bid(value)
        elif verb == "king":
            self._verify_call(DECK.index[value])
        elif verb == "discard":
            self._verify_discard(*self._card_mask(value))
        elif verb == "play":
            self._verify_play(DECK.index[value])

    @staticmethod
    def _card_mask(codes: Sequence[str]) -> tuple[int, int]:
        """The cards of an action's list as a mask, and how many were listed (duplicates show as a difference)."""
        mask = 0
        for code in codes:
            mask |= 1 << DECK.index[code]
        return mask, len(codes)

    # ----------------------------------------------------------------- applying an action
    def apply(self, action: Action) -> None:
        if action.verb == "play" and self.phase == PLAY and action.seat == self.turn:
            card = DECK.index[action.value]
            if self.legal_play_mask() >> card & 1:
                self.play_card(card)
                return
        self.verify(action)
        verb, value, seat = action.verb, action.value, action.seat
        if verb == "play":
            self.play_card(DECK.index[value])
        elif verb == "bid":
            self._apply_bid(seat, value)
        elif verb == "king":
            self._apply_call(DECK.index[value])
        elif verb == "discard":
            self._apply_discard(self._card_mask(value)[0])
        elif value == "poignee":
            self._apply_poignee(seat, self._card_mask(action.get("cards", ()))[0])
            self.legal_cache = -1
        else:
            self._start_play(value == "chelem")

    def play_card(self, card: int) -> None:
        """Play a legal card for the seat to act (no checks: the fast path)."""
        seat = self.turn
        self.hands[seat] &= ~(1 << card)
        self.started |= 1 << seat
        self.legal_cache = -1
        if card == self.called:
            self.partner_revealed = True
        trick = self.trick
        trick.append((seat, card))
        if card != EXCUSE:
            suit = DECK.suit_of[card]
            win = self.win_card
            if win < 0:
                # The first card that is not the Excuse sets the led suit.
                self.led = suit
                self.win_card, self.win_seat = card, seat
            elif (card > win) if suit == DECK.suit_of[win] else suit == TRUMP_SUIT:
                self.win_card, self.win_seat = card, seat
            if suit == TRUMP_SUIT and card > self.high_trump:
                self.high_trump = card
        if len(trick) < self.players:
            self.turn = (seat + 1) % self.players
            return
        self._end_trick()

    # ----------------------------------------------------------------- who wins a trick, and where the Excuse goes
    def _end_trick(self) -> None:
        trick = self.trick
        cards = tuple(card for _seat, card in trick)
        winner, win_card = self.win_seat, self.win_card
        last = len(self.trick_history) + 1 == self.size.cards_each
        excuse_seat = next((s for s, c in trick if c == EXCUSE), None)
        if last and cards[0] == EXCUSE:
            # The slam exception: an Excuse led to the last trick by a side that won every earlier trick wins it.
            leader_side = self.side(trick[0][0])
            if self.side_tricks[leader_side] == len(self.trick_history):
                winner, win_card = trick[0][0], EXCUSE
                self.excuse_won_last = True
        half = sum(HALF_POINTS[c] for c in cards)
        oudlers = sum(1 for c in cards if OUDLERS >> c & 1)
        side = self.side(winner)
        if excuse_seat is not None:
            moved = self._move_excuse(excuse_seat, side, last)
            if moved:
                half -= moved
                oudlers -= 1
        self.side_half[side] += half
        self.side_oudlers[side] += oudlers
        self.side_tricks[side] += 1
        trick_half = sum(HALF_POINTS[c] for c in cards)
        self.trick_history = (*self.trick_history, (trick[0][0], cards, winner, trick_half, win_card))
        self.trick = []
        self.win_card = self.win_seat = self.led = self.high_trump = -1
        self.leader = self.turn = winner
        if last:
            self._score()

    def _move_excuse(self, excuse_seat: int, winner_side: int, last: bool) -> int:
        """Count the Excuse for another side than the trick's winner where it must; returns the half points moved."""
        excuse_side = self.side(excuse_seat)
        if not last:
            if excuse_side == winner_side:
                return 0
            # The Excuse goes back to its side, which gives a 0.5 card in exchange: 4 points one way.
            self.side_half[excuse_side] += HALF_POINTS[EXCUSE] - 1
            self.side_oudlers[excuse_side] += 1
            return HALF_POINTS[EXCUSE] - 1
        # In the last trick it stays only in a chelem of its own side: led and winning (the slam exception), or
        # its side takes every trick, this one included.
        if self.excuse_won_last or (
            excuse_side == winner_side and self.side_tricks[winner_side] == len(self.trick_history)
        ):
            return 0
        # Otherwise it changes side, whole and as an oudler, to the opponents of its player, whoever wins the trick.
        self.excuse_to = other = DEFENCE if excuse_side == ATTACK else ATTACK
        if other == winner_side:
            return 0
        self.side_half[other] += HALF_POINTS[EXCUSE]
        self.side_oudlers[other] += 1
        return HALF_POINTS[EXCUSE]

    @property
    def tricks(self) -> list[Trick]:  # type: ignore[override]
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
            attack_half=self.side_half[ATTACK] + half_points_of(extra),
            oudlers=self.side_oudlers[ATTACK] + (extra & OUDLERS).bit_count(),
            poignees=tuple(level for _seat, _cards, level in self.poignees),
            petit_au_bout=self._petit_au_bout(),
            bonuses=self.options.bonuses,
            chelem_announced=bool(self.chelem),
            attack_won_all=self.side_tricks[ATTACK] == tricks,
            defence_won_all=self.side_tricks[DEFENCE] == tricks,
        )

    def _score(self) -> None:
        assert self.taker is not None
        self.result = score_hand(self.facts())
        self.delta = settlement(self.result.s, self.players, self.taker, self.partner)
        self.phase = DONE
        self.complete = True

    # ----------------------------------------------------------------- views and results
    def view(self, seat: int) -> TarotView:
        return TarotView(self, seat)

    def points(self) -> list[Number]:
        if self.taker is None or self.annulled:
            return [0] * self.players
        if self.result is not None:
            attack = self.result.facts.attack_half
            halves = (attack, TOTAL_HALF - attack)
        else:
            halves = (self.side_half[ATTACK], self.side_half[DEFENCE])
        return [number(halves[self.side(s)]) for s in range(self.players)]

    def score_delta(self) -> list[Number] | None:
        return list(self.delta) if self.delta is not None else None

    def stats(self) -> dict[str, int]:
        """Per-hand counts that ``cardtable sim`` adds up: contracts played and contracts made."""
        if self.result is None:
            return {}
        return {"contracts": 1, "contracts_made": int(self.result.made)}

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
            lines.insert(1, f"{names[self.taker]} called the {DECK.codes[self.called]} and played alone.")
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
        verb = single_verb(raw, ("bid", "king", "discard", "declare", "play"), {"declare": ("cards",)})
        assert isinstance(raw, dict)
        seat = check_seat(raw, players)
        value = raw[verb]
        if verb == "play":
            return play_actions(DECK, seat)[_card(value, "action.play")]
        if verb == "king":
            return Action(seat, "king", DECK.codes[_card(value, "action.king")])
        if verb == "bid":
            if not isinstance(value, str) or value not in BIDS:
                raise RecordError(f"action.bid must be one of {', '.join(BIDS)}, not {value!r}")
            return Action(seat, "bid", value)
        if verb == "discard":
            return Action(seat, "discard", _cards(value, "action.discard"))
        if not isinstance(value, str) or value not in DECLARATIONS:
            raise RecordError(f"action.declare must be one of {', '.join(DECLARATIONS)}, not {value!r}")
        if value != "poignee":
            if "cards" in raw:
                raise RecordError("action.cards belongs only to a poignée")
            return Action(seat, "declare", value)
        if "cards" not in raw:
            raise RecordError("action.cards is missing: a poignée lists the trumps it shows")
        return Action(seat, "declare", "poignee", (("cards", _cards(raw["cards"], "action.cards")),))

    def validate_start_scores(self, scores: list[Number], options: TarotOptions, players: int) -> None:
        # No fixed partners, and scores may be negative: only whole numbers are required.
        for value in scores:
            if not isinstance(value, int):
                raise RecordError(f"start_scores must be whole numbers, not {value!r}")

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

    def sim_summary(self, totals: dict[str, Number]) -> dict[str, Any]:
        """The fields ``cardtable sim`` adds for Tarot: how often the taker's contract is made."""
        played = totals.get("contracts", 0)
        return {
            "contracts": played,
            "contract_success_rate": round(totals.get("contracts_made", 0) / played, 4) if played else None,
        }

    def computer_levels(self) -> dict[str, Any]:
        from .ai import TarotHeuristic

        return {"heuristic": TarotHeuristic}


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
