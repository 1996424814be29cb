"""Manille: 32 cards, the 10 (manille) highest, trump from the dealer's turned card, 60 pips a deal.

Read top to bottom this module is the rule book: the cards and their pips, the deal, the optional
auction and knock/counter round, the play with its duties, the score of a hand and the match target.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from cardtable.engine.cards import SUIT_NAMES, Deck, bits, deal_masks, shuffled
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
from cardtable.games.tricks import FollowRules, duty_reason, legal_follow

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

# Phases of a hand.
AUCTION, DOUBLING, PLAY, DONE = "auction", "doubling", "play", "done"


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


@functools.cache
def follow_rules(options: ManilleOptions) -> FollowRules:
    """Manille's duties: owed to everyone (unless partner exemption), and under-trumping is forced."""
    return FollowRules(
        must_beat=options.must_beat, duties_toward_partner=not options.partner_exemption, undertrump_forced=True
    )


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


class ManilleView(View):
    """What one seat sees: its own cards, the turned card, the calls and every card played."""

    __slots__ = (
        "_legal",
        "bids",
        "contract",
        "dealer",
        "hand",
        "knocker",
        "leader",
        "legal_mask",
        "multiplier",
        "only_plays",
        "options",
        "phase",
        "players",
        "plays",
        "scores",
        "seat",
        "side_pips",
        "to_act",
        "trick",
        "tricks",
        "trump",
        "turned",
        "turned_in_hand",
        "winning_seat",
    )  # fmt: skip

    deck = DECK

    def __init__(self, state: ManilleHand, seat: int) -> None:
        phase = state.phase
        self.seat = seat
        self.plays = play_actions(DECK, seat)
        self.players = state.players
        self.dealer = state.dealer
        self.to_act = to_act = state.turn if phase != DONE else None
        self.phase = phase
        self.hand = state.hands[seat]
        self.turned = turned = state.turned
        self.turned_in_hand = turned is not None and bool(state.hands[state.dealer] >> turned & 1)
        self.trump = state.trump
        self.leader = state.leader
        #: The current trick as (seat, card) pairs, and the finished ones as (leader, cards, winner, points).
        # The hand keeps its public sequences as tuples it replaces, so a view can share them.
        self.trick = tuple(state.trick)
        self.tricks = state.trick_history
        self.side_pips = state.side_pips
        self.bids = state.bid_log
        self.contract = state.contract
        self.multiplier = state.multiplier
        self.knocker = state.knocker
        self.winning_seat = state.win_seat if state.trick else None
        self.options = state.options
        self.scores = state.scores
        mine = seat == to_act
        self.legal_mask = state.legal_play_mask() if mine and phase == PLAY else 0
        self.only_plays = phase == PLAY
        self._legal = state.legal_actions() if mine and phase != PLAY else None

    def legal_actions(self) -> list[Action]:
        if self._legal is not None:
            return list(self._legal)
        return [self.plays[c] for c in bits(self.legal_mask)]

    def points(self) -> list[int]:
        """Per seat, the pips its side has taken so far."""
        return [self.side_pips[s % 2 if self.players == 4 else s] for s in range(self.players)]

    def fingerprint(self) -> str:
        return repr((self.seat, self.dealer, self.phase, self.hand, self.turned, self.trick, self.tricks, self.bids,
                     self.multiplier, self.knocker, self.scores))  # fmt: skip


class ManilleHand(HandState):
    def __init__(self, options: ManilleOptions, players: int, dealer: int, deal: ManilleDeal, scores: Sequence[Number]):
        self.options = options
        self.players = players
        self.dealer = dealer
        self.scores = tuple(scores)
        self.hands = list(deal.hands)
        self.turned = deal.turned
        self.cards_each = self.hands[0].bit_count()
        self.follow_rules = follow_rules(options)
        #: Finished tricks as (leader, cards in playing order, winner, points).
        self.trick_history: tuple[tuple[int, tuple[int, ...], int, int], ...] = ()
        #: The trick in progress as (seat, card) pairs.
        self.trick: list[tuple[int, int]] = []
        #: Pips taken so far, by side.
        self.side_pips: tuple[int, ...] = (0,) * (2 if players == 4 else players)
        #: The auction so far as (seat, value, suit); a pass has value and suit None.
        self.bid_log: tuple[tuple[int, int | None, int | None], ...] = ()
        self.passed: set[int] = set()
        self.high_bid: Bid | None = None
        self.contract: tuple[int, int, int] | None = None  # (declarer, value, suit)
        self.multiplier = 1
        self.knocker: int | None = None
        self.doubling_queue: list[int] = []
        self.trump: int | None = None
        self.leader = (dealer + 1) % players
        self.win_card = -1
        self.win_seat = -1
        self.led_suit = -1
        self.turn = self.leader
        self.legal_cache = -1
        self.complete = False
        if options.auction:
            self.phase = AUCTION
        else:
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

    def side(self, seat: int) -> int:
        return seat % 2 if self.players == 4 else seat

    # ----------------------------------------------------------------- legal actions
    def legal_play_mask(self) -> int:
        """The cards the seat to act may play (the fast path of random play and search)."""
        cached = self.legal_cache
        if cached >= 0:
            return cached
        turn = self.turn
        legal = self.hands[turn]
        if self.trick:
            partner_winning = self.players == 4 and (self.win_seat - turn) % 4 == 2
            legal = legal_follow(
                DECK, legal, self.led_suit, self.win_card, self.trump, partner_winning, self.follow_rules
            )[0]
        self.legal_cache = legal
        return legal

    def legal_actions(self) -> list[Action]:
        seat = self.turn
        if self.phase == PLAY:
            plays = play_actions(DECK, seat)
            return [plays[c] for c in bits(self.legal_play_mask())]
        if self.phase == AUCTION:
            actions = [Action(seat, "bid", "pass")]
            for value in range(self._lowest_bid(), self._max_bid() + 1):
                for suit in DECK.suits:
                    actions.append(Action(seat, "bid", value, (("suit", suit),)))
            return actions
        if self.phase == DOUBLING:
            word = "knock" if self.knocker is None else "counter"
            return [Action(seat, "call", word), Action(seat, "call", "pass")]
        return []

    def _lowest_bid(self) -> int:
        return MIN_BID if self.high_bid is None else self.high_bid.value + 1

    def _max_bid(self) -> int:
        return 61 if self.options.last_trick_bonus else 60

    def verify(self, action: Action) -> None:
        self.check_turn(action)
        expected = {PLAY: "play", AUCTION: "bid", DOUBLING: "call"}[self.phase]
        if action.verb != expected:
            noun = {"play": "a card play", "bid": "a bid", "call": "a doubling call (knock, counter or pass)"}
            raise IllegalAction(f"{noun[expected].capitalize()} is expected now, not {noun[action.verb]}.")
        if self.phase == PLAY:
            self._verify_play(DECK.index[action.value])
        elif self.phase == AUCTION:
            self._verify_bid(action)
        else:
            allowed = "knock" if self.knocker is None else "counter"
            if action.value not in (allowed, "pass"):
                if action.value == "counter":
                    raise IllegalAction("A counter is only possible after a knock: knock or pass.")
                raise IllegalAction(f"The other side has already knocked: {allowed} or pass.")

    def _verify_play(self, card: int) -> None:
        if self.legal_play_mask() >> card & 1:
            return
        hand = self.hands[self.turn]
        if not hand >> card & 1:
            raise IllegalAction(f"You do not hold the {DECK.codes[card]}.")
        partner_winning = self.players == 4 and (self.win_seat - self.turn) % 4 == 2
        legal, duty = legal_follow(
            DECK, hand, self.led_suit, self.win_card, self.trump, partner_winning, self.follow_rules
        )
        raise IllegalAction(duty_reason(DECK, duty, legal, card, self.win_card, self.led_suit, SUIT_NAMES))

    def _verify_bid(self, action: Action) -> None:
        if action.value == "pass":
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
        if self.phase == PLAY and action.verb == "play" and action.seat == self.turn:
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

    def play_card(self, card: int) -> None:
        """Play a legal card for the seat to act (no checks: the fast path)."""
        seat = self.turn
        self.hands[seat] &= ~(1 << card)
        self.legal_cache = -1
        trick = self.trick
        trick.append((seat, card))
        if len(trick) == 1:
            self.led_suit = SUIT_OF[card]
            self.win_card = card
            self.win_seat = seat
        else:
            # Inline ``beats``: a stronger card of the winning suit, or a first trump.
            win_suit = SUIT_OF[self.win_card]
            suit = SUIT_OF[card]
            if (card > self.win_card) if suit == win_suit else suit == self.trump:
                self.win_card = card
                self.win_seat = seat
        if len(trick) < self.players:
            self.turn = (seat + 1) % self.players
            return
        winner = self.win_seat
        cards = tuple([c for _, c in trick])
        points = PIPS[cards[0]] + PIPS[cards[1]] + PIPS[cards[2]] + (PIPS[cards[3]] if len(cards) == 4 else 0)
        last = len(self.trick_history) + 1 == self.cards_each
        if last and self.options.last_trick_bonus:
            points += 1
        side = winner % 2 if self.players == 4 else winner
        pips = self.side_pips
        self.side_pips = (*pips[:side], pips[side] + points, *pips[side + 1 :])
        self.trick_history = (*self.trick_history, (trick[0][0], cards, winner, points))
        self.trick = []
        self.turn = self.leader = winner
        if last:
            self.phase = DONE
            self.complete = True

    @property
    def tricks(self) -> list[Trick]:  # type: ignore[override]
        return [Trick(leader, tuple(DECK.codes[c] for c in cards), winner, points)
                for leader, cards, winner, points in self.trick_history]  # fmt: skip

    def _apply_bid(self, action: Action) -> None:
        seat = action.seat
        if action.value == "pass":
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
        if word == "knock":
            self.multiplier = 2
            self.knocker = speaker
            self.doubling_queue = [(speaker + 1) % 4, (speaker + 3) % 4]
            self.turn = self.doubling_queue[0]
        elif word == "counter":
            self.multiplier = 4
            self._start_play()
        elif queue:
            self.turn = queue[0]
        else:
            self._start_play()

    # ----------------------------------------------------------------- views and results
    def view(self, seat: int) -> ManilleView:
        return ManilleView(self, seat)

    def side_pips_by_seat(self) -> list[int]:
        return [self.side_pips[self.side(s)] for s in range(self.players)]

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
        names = list(names) if names is not None else RULES.seat_names(self.players)
        sides = [[s for s in range(self.players) if self.side(s) == side] for side in range(len(self.side_pips))]
        side_names = [" & ".join(names[s] for s in seats) for seats in sides]
        quota = QUOTA[self.players]
        if self.options.auction and self.contract is None:
            return ["Everybody passed: the hand is thrown in and nobody scores."]
        lines = [", ".join(f"{n} took {p} pips" for n, p in zip(side_names, self.side_pips, strict=True)) + "."]
        deltas = self.side_deltas()
        if self.contract is not None:
            declarer, value, suit = self.contract
            attack = self.side(declarer)
            made = self.side_pips[attack] >= value
            lines.append(f"{names[declarer]} bid {value} in {SUIT_NAMES[DECK.suits[suit]]}: "
                         + ("made." if made else "failed."))  # fmt: skip
            if made:
                lines.append(f"{side_names[attack]} score {self.side_pips[attack]} - {quota} = {deltas[attack]}.")
            else:
                defence = 1 - attack
                extra = max(0, self.side_pips[defence] - quota)
                lines.append(f"{side_names[defence]} score the bid's {value - quota} + their own {extra} above {quota}"
                             f" = {deltas[defence]}.")  # fmt: skip
        else:
            scorers = [(n, p, d) for n, p, d in zip(side_names, self.side_pips, deltas, strict=True) if d > 0]
            if not scorers:
                lines.append(f"Nobody took more than {quota}: nobody scores.")
            for name, pips, delta in scorers:
                lines.append(f"{name} score their pips above {quota}: {pips} - {quota} = {delta}.")
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
        verb = single_verb(raw, ("play", "call", "bid"), {"bid": ("suit",)})
        assert isinstance(raw, dict)
        seat = check_seat(raw, players)
        value = raw[verb]
        if verb == "play":
            try:
                return play_actions(DECK, seat)[DECK.parse(value, self.deck(options, players)[1])]
            except ValueError as error:
                raise RecordError(f"action.play: {error}") from None
        if verb == "call":
            if value not in ("knock", "counter", "pass"):
                raise RecordError(f"action.call must be knock, counter or pass, not {value!r}")
            return Action(seat, "call", value)
        if value == "pass":
            if "suit" in raw:
                raise RecordError("action.suit does not go with a pass")
            return Action(seat, "bid", "pass")
        if isinstance(value, bool) or not isinstance(value, int):
            raise RecordError(f'action.bid must be "pass" or a number of pips, not {value!r}')
        suit = raw.get("suit")
        if not isinstance(suit, str) or suit.upper() not in DECK.suits:
            raise RecordError(f"action.suit must be one of S, H, D, C, not {suit!r}")
        return Action(seat, "bid", value, (("suit", suit.upper()),))

    def match_result(
        self, options: ManilleOptions, players: int, scores: Sequence[Number], hand: HandState
    ) -> tuple[list[int] | None, str | None]:
        best = max(scores)
        if best < options.target:
            return None, None
        leaders = {s % 2 if players == 4 else s for s in range(players) if scores[s] == best}
        if len(leaders) != 1:
            return None, None
        side = leaders.pop()
        return [s for s in range(players) if (s % 2 if players == 4 else s) == side], None

    def side_of(self, seat: int, players: int) -> int:
        return seat % 2 if players == 4 else seat

    def seat_names(self, players: int) -> list[str]:
        return ["South", "East", "North", "West"] if players == 4 else ["South", "East", "West"]

    def computer_levels(self) -> dict[str, Any]:
        from cardtable.games.manille.ai import ManilleHeuristic

        return {"heuristic": ManilleHeuristic}


RULES = ManilleRules()
