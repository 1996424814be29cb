"""Manille: 32 cards, the 10 (manille) highest, trump from the dealer's turned card, 60 pips a deal.

Read top to bottom this module is the rule book: the cards and their pips, the deal, the optional
auction and knock/counter round, the play with its duties, the score of a hand and the match target.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from cardtable.engine.cards import Deck, bits, deal_masks, shuffled
from cardtable.engine.errors import IllegalAction, RecordError
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
from cardtable.engine.options import option, parse_options
from cardtable.engine.words import counted, says
from cardtable.games.cardcount import count_cards, sample_trick_hands
from cardtable.games.tricks import (
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
#: Each seat's card plays, looked up at every decision.
PLAYS = tuple(play_actions(DECK, seat) for seat in range(4))


def seat_names(players: int) -> list[str]:
    return ["South", "East", "North", "West"] if players == 4 else ["South", "East", "West"]


class Phase(StrEnum):
    """The steps of a hand: the optional auction and knock round, the play, the end."""

    AUCTION = "auction"
    DOUBLING = "doubling"
    PLAY = "play"
    DONE = "done"


AUCTION, DOUBLING, PLAY, DONE = Phase


class Call(StrEnum):
    """The words of the knock round; ``PASS`` is also the auction's pass."""

    KNOCK = "knock"
    COUNTER = "counter"
    PASS = "pass"


KNOCK, COUNTER, PASS = Call


@dataclass(frozen=True)
class ManilleOptions:
    target: int = option(101, "Match score that wins: 50 is the short game, 201 the long one.")
    partner_exemption: bool = option(
        False, "While your partner is winning you must still follow suit, but need not beat or trump."
    )
    must_beat: bool = option(True, "When following suit, beat the winning card of that suit if you can.")
    last_trick_bonus: bool = option(False, "The last trick is worth one extra pip (61 in a deal).")
    doubling: bool = option(False, "Before play the defenders may knock (x2) and the trump side counter (x4).")
    auction: bool = option(False, "No turned card: players bid pips with a suit, the highest bid names trump.")

    def __post_init__(self) -> None:
        if self.target <= 0:
            raise RecordError(f"options.target must be a positive integer, not {self.target}")


#: Manille's duties by (must_beat, partner_exemption): owed to everyone unless the partner exemption is played,
#: and under-trumping is forced.  Looked up by the two options (hashing a whole options object costs more).
FOLLOW_RULES = {
    (must_beat, exemption): FollowRules(
        must_beat=must_beat, duties_toward_partner=not exemption, undertrump_forced=True
    )
    for must_beat in (False, True)
    for exemption in (False, True)
}


def follow_rules(options: ManilleOptions) -> FollowRules:
    """The duties of play under ``options``."""
    return FOLLOW_RULES[options.must_beat, options.partner_exemption]


#: The trick tables by (must_beat, partner_exemption, players).
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
    """What one seat sees: its own cards, the turned card, the calls and every card played."""

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
    #: Pips taken so far, by side.
    side_pips: tuple[int, ...]
    cards_each: int
    #: The auction so far as (seat, value, suit), a pass with value and suit None; the contract it made.
    bids: tuple[tuple[int, int | None, int | None], ...]
    contract: tuple[int, int, int] | None
    multiplier: int
    knocker: int | None
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
        """Per seat, the pips its side has taken so far."""
        return [self.side_pips[partnership_side(s, self.players)] for s in range(self.players)]

    def fingerprint(self) -> str:
        return repr((self.seat, self.dealer, str(self.phase), self.hand, self.turned, self.trick, self.tricks,
                     enum_free(self.bids), self.multiplier, self.knocker, self.scores))  # fmt: skip

    @property
    def log(self) -> tuple[Action, ...]:
        """The auction, the knock round and every card played, in order (everything in Manille is public)."""
        actions = [
            Action(seat, BID_VERB, PASS)
            if suit is None
            else Action(seat, BID_VERB, value, (("suit", DECK.suits[suit]),))
            for seat, value, suit in self.bids
        ]
        actions.extend(Action(seat, CALL_VERB, word) for seat, word in self.doubling_calls)
        actions.extend(played_actions(DECK, self.tricks, self.trick, self.players))
        return tuple(actions)


class ManilleHand(TrickHand[tuple[int, tuple[int, ...], int, int]]):
    phase: Phase
    words = WORDS
    copied = ("hands", "trick", "passed", "doubling_queue")
    #: The knock round's words so far as (seat, word): on the class until the first one, so that a hand without
    #: the knock round keeps under thirty attributes of its own.
    doubling_calls: tuple[tuple[int, str], ...] = ()

    def __init__(self, options: ManilleOptions, players: int, dealer: int, deal: ManilleDeal, scores: Sequence[Number]):
        self.options = options
        self.players = players
        self.dealer = dealer
        self.scores = tuple(scores)
        self.turned = deal.turned
        self.start_tricks(TABLES[options.must_beat, options.partner_exemption, players], deal.hands,
                          (dealer + 1) % players, None)  # fmt: skip
        #: The pips taken so far by side.
        self.side_pips: tuple[int, ...] = (0,) * (2 if players == 4 else players)
        #: The auction so far as (seat, value, suit); a pass has value and suit None.
        self.bid_log: tuple[tuple[int, int | None, int | None], ...] = ()
        self.passed: set[int] = set()
        self.high_bid: Bid | None = None
        self.contract: tuple[int, int, int] | None = None  # (declarer, value, suit)
        self.multiplier = 1
        self.knocker: int | None = None
        self.doubling_queue: list[int] = []
        self.complete = False
        self.phase = AUCTION
        if not options.auction:
            assert deal.turned is not None
            self.trump = DECK.suit_of[deal.turned]
            self._after_trump_known(maker=dealer)

    # ----------------------------------------------------------------- phases
    def _after_trump_known(self, maker: int) -> None:
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

    @property
    def to_act(self) -> int | None:
        return None if self.phase == DONE else self.turn

    # ----------------------------------------------------------------- legal actions
    def legal_actions(self) -> list[Action]:
        seat = self.turn
        if self.phase == PLAY:
            plays = PLAYS[seat]
            return [plays[c] for c in bits(self.legal_play_mask())]
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

    def _lowest_bid(self) -> int:
        return MIN_BID if self.high_bid is None else self.high_bid.value + 1

    def _max_bid(self) -> int:
        return 61 if self.options.last_trick_bonus else 60

    def verify(self, action: Action) -> None:
        self.check_turn(action)
        expected = {PLAY: PLAY_VERB, AUCTION: BID_VERB, DOUBLING: CALL_VERB}[self.phase]
        if action.verb != expected:
            noun = {"play": "a card play", "bid": "a bid", "call": "a doubling call (knock, counter or pass)"}
            raise IllegalAction(f"{noun[expected].capitalize()} is expected now, not {noun[action.verb]}.")
        if self.phase == PLAY:
            self.verify_play(DECK.index[action.value])
        elif self.phase == AUCTION:
            self._verify_bid(action)
        else:
            allowed = KNOCK if self.knocker is None else COUNTER
            if action.value not in (allowed, PASS):
                if action.value == COUNTER:
                    raise IllegalAction("A counter is only possible after a knock: knock or pass.")
                raise IllegalAction(f"The other side has already knocked: {allowed} or pass.")

    def _verify_bid(self, action: Action) -> None:
        if action.value == PASS:
            return
        value = action.value
        if value < self._lowest_bid():
            if self.high_bid is None:
                raise IllegalAction(f"Bid too low: the first bid must be at least {MIN_BID}.")
            raise IllegalAction(f"Bid too low: you must bid more than {self.high_bid.value}.")
        if value > self._max_bid():
            raise IllegalAction(f"Bid too high: a deal holds only {self._max_bid()} pips.")

    # ----------------------------------------------------------------- applying actions
    def apply(self, action: Action) -> None:
        if self.phase == PLAY and action.verb == PLAY_VERB and action.seat == self.turn:
            card = DECK.index[action.value]
            if self.legal_play_mask() >> card & 1:
                self.play_card(card)
                return
        self.verify(action)
        if self.phase == PLAY:
            self.play_card(DECK.index[action.value])
        elif self.phase == AUCTION:
            self._apply_bid(action)
        else:
            self._apply_doubling(action.value)

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
        # A dataclass __init__ taking every field costs four times these assignments; views are made at
        # every decision, so the hand fills a blank one (the contract tests check that every field is set).
        view = object.__new__(ManilleView)
        view.seat = seat
        view.to_act = to_act
        view.deck = DECK
        view.plays = PLAYS[seat]
        view.legal_mask = self.legal_play_mask() if mine and phase == PLAY else 0
        view.only_plays = phase == PLAY
        view.legal = self.legal_actions() if mine and phase != PLAY else ()
        view.players = self.players
        view.dealer = self.dealer
        view.phase = phase
        view.options = self.options
        view.scores = self.scores
        view.hand = self.hands[seat]
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
        view.doubling_calls = self.doubling_calls
        return view

    def hidden(self) -> Hidden:
        return Hidden(tuple(self.hands))

    def side_pips_by_seat(self) -> list[int]:
        return [self.side_pips[side] for side in self.table.sides]

    def points(self) -> list[Number]:
        return list(self.side_pips_by_seat())

    def side_deltas(self) -> list[int]:
        """What each side scores for this (complete) hand, before the doubling multiplier."""
        pips = self.side_pips
        quota = QUOTA[self.players]
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
        return [sides[self.side(s)] * self.multiplier for s in range(self.players)]

    def explain(self, names: Sequence[str] | None = None) -> list[str]:
        """The hand's score in sentences, as the score sheet shows it."""
        if not self.complete:
            return []
        names = list(names) if names is not None else seat_names(self.players)
        sides = [[s for s in range(self.players) if self.side(s) == side] for side in range(len(self.side_pips))]
        side_names = [" & ".join(names[s] for s in seats) for seats in sides]
        quota = QUOTA[self.players]
        if self.options.auction and self.contract is None:
            return ["Everybody passed: the hand is thrown in and nobody scores."]
        took = [f"{name} took {counted(pips, 'pip')}" for name, pips in zip(side_names, self.side_pips, strict=True)]
        lines = [", ".join(took) + "."]
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
            for name, pips, delta in scorers:
                lines.append(f"{name} {says(name, 'scores')} their pips above {quota}: {pips} - {quota} = {delta}.")
        if self.multiplier > 1:
            how = "knocked" if self.multiplier == 2 else "knocked and countered"
            lines.append(f"The hand was {how}: every score counts x{self.multiplier}.")
        return lines

    def summary(self) -> dict[str, Any]:
        out: dict[str, Any] = {"trump": DECK.suits[self.trump] if self.trump is not None else None}
        if self.options.doubling:
            out["multiplier"] = self.multiplier
        if self.options.auction:
            out["contract"] = (
                None
                if self.contract is None
                else {"seat": self.contract[0], "bid": self.contract[1], "suit": DECK.suits[self.contract[2]]}
            )
        return out


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
        options = parse_options(ManilleOptions, raw)
        if players == 3 and (options.doubling or options.auction):
            raise RecordError("options.doubling and options.auction need 4 players (partnerships)")
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
        return ManilleDeal(hands, None if options.auction else order[-1])

    def parse_deal(self, raw: object, options: ManilleOptions, players: int, dealer: int) -> ManilleDeal:
        in_play = self.deck(options, players)[1]
        hands = parse_deal_hands(raw, DECK, in_play, players)
        assert isinstance(raw, dict)
        turned_raw = raw.get("turned")
        if options.auction:
            if turned_raw is not None:
                raise RecordError("deal.turned must be absent with the auction option (no card is turned)")
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
        verb = single_verb(raw, (PLAY_VERB, CALL_VERB, BID_VERB), {BID_VERB: ("suit",)})
        assert isinstance(raw, dict)
        seat = check_seat(raw, players)
        value = raw[verb]
        if verb == PLAY_VERB:
            try:
                return play_actions(DECK, seat)[DECK.parse(value, self.deck(options, players)[1])]
            except ValueError as error:
                raise RecordError(f"action.play: {error}") from None
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

    def state_from_view(self, view: ManilleView, hidden: Hidden) -> ManilleHand:
        deal = ManilleDeal(dealt_hands(hidden.hands, view.tricks, view.trick, view.players), view.turned)
        hand = ManilleHand(view.options, view.players, view.dealer, deal, view.scores)
        for action in view.log:
            hand.apply(action)
        return hand

    def sample_hidden(self, view: ManilleView, rng: random.Random, count: int) -> list[Hidden]:
        in_play = self.deck(view.options, view.players)[1]
        return sample_trick_hands(count_cards(view, DECK, follow_rules(view.options), in_play), rng, count)

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
