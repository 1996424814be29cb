"""Malilla: 40 Spanish cards, the 7 (malilla) highest, trump from the dealer's turned card, 70 points a hand.

Read top to bottom this module is the rule book: the cards and their points, the deal with its trump
bonus and albur, the redeal call, the play with its duties and the forbidden seven, the score of a hand
(its excess over 35, capote, held-back bonuses) and the end of the match (target, zapato).
"""

from __future__ import annotations

import dataclasses
import functools
import random
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, NamedTuple, Self

from cardtable.engine.cards import Deck, bits, deal_masks, shuffled
from cardtable.engine.errors import IllegalAction, RecordError
from cardtable.engine.game import (
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
    check_start_below_target,
    enum_free,
    parse_deal_hands,
    partnership_sides,
    partnership_teams,
    play_actions,
    single_verb,
)
from cardtable.engine.options import option, parse_options
from cardtable.engine.words import counted
from cardtable.games.cardcount import count_cards, sample_trick_hands
from cardtable.games.tricks import (
    Duty,
    FollowRules,
    TrickHand,
    TrickTable,
    cards_held,
    dealt_hands,
    played_actions,
    trick_table,
    tricks_won,
)

from .words import WORDS

# ----------------------------------------------------------------- 1. cards and points

#: Suits in the Spanish order oros, copas, espadas, bastos: also the albur's tie-break, weakest first.
SUITS = ("D", "H", "S", "C")
POINTS_BY_RANK = {"7": 5, "A": 4, "K": 3, "N": 2, "J": 1}
POINTS_BY_RANK_48 = {"9": 5, "A": 4, "K": 3, "N": 2, "J": 1}
PLAYERS = 4
TRICK_POINT = 1
ALBUR_BONUS = 5


@dataclass(frozen=True, eq=False)
class Pack:
    """One of the two decks with everything that changes with it (rules section 9)."""

    #: Ranks from the weakest to the strongest: the bit order of each suit.
    deck: Deck
    #: Card points by card index.
    points: tuple[int, ...]
    #: The top card of every suit: the malilla, forbidden as a discard while its suit is unled.
    malillas: int
    malilla_rank: str
    cards_each: int
    #: A team scores its points above ``half``; ``half`` each is a tie, and a capote scores ``half``.
    half: int
    targets: tuple[int, ...]
    redeal_length: int

    @functools.cached_property
    def plays(self) -> tuple[tuple[Action, ...], ...]:
        """Each seat's card plays, looked up at every decision."""
        return tuple(play_actions(self.deck, seat) for seat in range(PLAYERS))

    @functools.cached_property
    def table(self) -> TrickTable:
        """How tricks are played with this pack."""
        return trick_table(self.deck, FOLLOW_RULES, partnership_sides(PLAYERS))


def _pack(name: str, ranks: tuple[str, ...], points: dict[str, int], cards_each: int, targets: tuple[int, ...],
          redeal_length: int) -> Pack:  # fmt: skip
    deck = Deck(name, ranks=ranks, suits=SUITS)
    top = ranks[-1]
    malillas = sum(1 << deck.index[top + suit] for suit in SUITS)
    card_points = tuple(points.get(code[:-1], 0) for code in deck.codes)
    half = (sum(card_points) + cards_each * TRICK_POINT) // 2
    return Pack(deck, card_points, malillas, top, cards_each, half, targets, redeal_length)


SPANISH40 = _pack("spanish40", ("2", "3", "4", "5", "6", "J", "N", "K", "A", "7"), POINTS_BY_RANK, 10, (35, 70), 7)
SPANISH48 = _pack(
    "spanish48", ("2", "3", "4", "5", "6", "7", "8", "J", "N", "K", "A", "9"), POINTS_BY_RANK_48, 12, (40, 80), 8
)
PACKS = {"spanish40": SPANISH40, "spanish48": SPANISH48}
DECK = SPANISH40.deck

#: Malilla's duties: beat the winning card of the led suit, trump or overtrump when void, but nothing is
#: owed while the partner is winning, and a seat that cannot overtrump is free.
FOLLOW_RULES = FollowRules(must_beat=True, duties_toward_partner=False, undertrump_forced=False)


class Phase(StrEnum):
    """The steps of a hand: the play, a redeal call waiting for the caller's partner, the end."""

    PLAY = "play"
    ANSWER = "answer"
    DONE = "done"


PLAY, ANSWER, DONE = Phase


class Call(StrEnum):
    """The redeal call and its two answers."""

    REDEAL = "redeal"
    AGREE = "agree"
    DECLINE = "decline"


REDEAL, AGREE, DECLINE = Call


TEAMS = partnership_teams(PLAYERS)


# ----------------------------------------------------------------- 9. options


@dataclass(frozen=True)
class MalillaOptions:
    target: int = option(35, "Match score that wins: 35, or 70 for the long game (40 or 80 with the 48-card deck).",
                         label="Target score")  # fmt: skip
    redeal_seven: bool = option(True, "Seven cards of one suit let you ask for a redeal; your partner decides.",
                                label="Redeal on seven")  # fmt: skip
    albur: bool = option(False, "Before play each team draws a card: the higher wins 5 points and leads first.",
                         label="Albur")  # fmt: skip
    deck: str = option(
        "spanish40",
        "The 48-card deck adds the 8s and 9s, the 9 highest: 12 cards each, to 40.",
        ("spanish40", "spanish48"),
        label="Deck",
        names={"spanish40": "Spanish, 40 cards", "spanish48": "Spanish, 48 cards"},
    )

    def __post_init__(self) -> None:
        targets = PACKS[self.deck].targets
        if self.target not in targets:
            listed = " or ".join(map(str, targets))
            raise RecordError(f"options.target must be {listed} with the {self.deck} deck, not {self.target}")

    @property
    def pack(self) -> Pack:
        return PACKS[self.deck]


# ----------------------------------------------------------------- 3. the deal


class MalillaDeal(Deal):
    """The hands, the dealer's turned card (also in the dealer's hand) and, with the albur, the two cards drawn."""

    def __init__(self, hands: Sequence[int], turned: int, albur: tuple[int, int] | None = None) -> None:
        super().__init__(hands)
        self.turned = turned
        #: (card drawn by team 0's drawer, card drawn by team 1's drawer)
        self.albur = albur

    def to_json(self, deck: Deck) -> dict[str, Any]:
        out = super().to_json(deck)
        out["turned"] = deck.codes[self.turned]
        if self.albur is not None:
            out["albur"] = [deck.codes[c] for c in self.albur]
        return out


def albur_drawers(dealer: int) -> tuple[int, int]:
    """The seats that draw for team 0 and team 1: the first seat of each team after the dealer."""
    first, second = (dealer + 1) % PLAYERS, (dealer + 2) % PLAYERS
    return (first, second) if first % 2 == 0 else (second, first)


def albur_winner(deck: Deck, dealer: int, albur: tuple[int, int]) -> int:
    """The seat whose albur card is higher: by rank, then by suit (oros < copas < espadas < bastos)."""
    strength, suit_of = deck.strength_of, deck.suit_of
    team0, team1 = albur
    better = 0 if (strength[team0], suit_of[team0]) > (strength[team1], suit_of[team1]) else 1
    return albur_drawers(dealer)[better]


@dataclass
class Bonus:
    """The trump bonus or the albur bonus of one hand (rules section 7)."""

    kind: str
    team: int
    points: int
    #: It would have reached the target on its own at the deal, so it waits for the end of the hand.
    held_back: bool = False
    #: Whether it went to the match score: decided at the deal, or at the end for a held-back one.
    counted: bool | None = None

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "team": self.team, "points": self.points, "held_back": self.held_back,
                "counted": self.counted}  # fmt: skip


class Outcome(NamedTuple):
    """A scored hand: the team that took every trick, the team it makes win the match, the score by team."""

    capote: int | None
    decided: int | None
    team_delta: tuple[int, int] | None


# ----------------------------------------------------------------- what a seat sees


@dataclass(slots=True)
class MalillaView(View):
    """What one seat sees: its own cards, the turned card, the calls, the albur and every card played."""

    phase: Phase
    options: MalillaOptions
    turned: int
    #: Whether the dealer still holds the turned card (everyone saw it).
    turned_in_hand: bool
    trump: int
    leader: int
    #: The current trick as (seat, card) pairs, and the finished ones as (leader, cards, winner, points).
    trick: tuple[tuple[int, int], ...]
    tricks: tuple[tuple[int, tuple[int, ...], int, int], ...]
    winning_seat: int | None
    #: Points taken so far by team (cards + 1 a trick): Manille's name for the same thing.
    side_pips: tuple[int, int]
    #: Malillas a seat may not discard now (their suit has not been led); public knowledge.
    forbidden: int
    #: Redeal calls and their answers so far as (seat, word), and the call waiting for its answer.
    calls: tuple[tuple[int, str], ...]
    caller: int | None
    #: This seat's redeal call when it may make one out of turn (before another seat's turn).
    optional_calls: tuple[Action, ...]
    albur: tuple[int, int] | None
    albur_winner: int | None
    #: The trump and albur bonuses of this hand, as the deal settled them (public).
    bonuses: tuple[Bonus, ...]
    #: The match scores as they stand now, by seat: the scores before the hand, the bonuses that counted at
    #: once at the deal, and the hand's result once it is scored.
    match_scores: tuple[int, ...]

    # Facts worked out from the fields above when asked (a view is made at every decision).
    @property
    def card_points(self) -> tuple[int, ...]:
        """Each card's points."""
        return self.options.pack.points

    @property
    def cards_each(self) -> int:
        return self.options.pack.cards_each

    @property
    def trumps(self) -> int:
        """The cards of the trump suit."""
        return self.deck.suit_masks[self.trump]

    @property
    def teams(self) -> tuple[tuple[int, ...], ...]:
        """The seats of each team: partners sit opposite."""
        return TEAMS

    @property
    def held(self) -> tuple[int, ...]:
        """How many cards each seat holds now."""
        return cards_held(PLAYERS, self.cards_each, len(self.tricks), self.trick)

    @property
    def tricks_won(self) -> tuple[int, ...]:
        """Tricks taken so far, by team."""
        return tricks_won(self.teams, self.tricks)

    def points(self) -> list[int]:
        """Per seat, the points its team has taken so far in this hand."""
        return [self.side_pips[s % 2] for s in range(PLAYERS)]

    def fingerprint(self) -> str:
        return repr((self.seat, self.dealer, str(self.phase), self.hand, self.turned, self.trick, self.tricks,
                     enum_free(self.calls), self.albur, self.scores))  # fmt: skip

    @property
    def log(self) -> tuple[Action, ...]:
        """The redeal calls and answers (all made before the first card), then every card played."""
        calls = [Action(seat, CALL_VERB, word) for seat, word in self.calls]
        return (*calls, *played_actions(self.deck, self.tricks, self.trick, PLAYERS))


# ----------------------------------------------------------------- one hand


class MalillaHand(TrickHand[tuple[int, tuple[int, ...], int, int]]):
    phase: Phase
    words = WORDS
    copied = ("hands", "trick")
    offers_calls = True  # the seven-of-a-suit redeal may be called out of turn
    # What changes only once a call is made or the hand is scored starts here, on the class: a hand with
    # more than thirty attributes of its own is slower to make and to change (CPython shares up to thirty).
    #: The seats that have called for a redeal (a mask), the call awaiting its answer, an agreed redeal.
    called = 0
    caller: int | None = None
    redealt = False
    # Who holds a long enough suit to call is worked out on first need: random play never asks.
    _long_suit: tuple[bool, ...] | None = None
    #: Once scored: the team that took every trick, the team this hand makes win the match, the score by team.
    outcome: Outcome = Outcome(None, None, None)
    #: The albur (when the option is on) and the seat it makes lead.
    albur: tuple[int, int] | None = None
    albur_winner: int | None = None
    #: The outcome ``match_scores`` was last worked out for, and what it gave (one attribute: see above).
    _match_scores: tuple[Outcome, tuple[int, ...]] | None = None

    def __init__(self, options: MalillaOptions, dealer: int, deal: MalillaDeal, scores: Sequence[Number]) -> None:
        pack = options.pack
        deck = pack.deck
        self.options = options
        self.pack = pack
        self.players = PLAYERS
        self.dealer = dealer
        self.scores = tuple(scores)
        self.turned = deal.turned
        trump = deck.suit_of[deal.turned]
        leader = (dealer + 1) % PLAYERS
        if deal.albur is not None:
            self.albur = deal.albur
            self.albur_winner = leader = albur_winner(deck, dealer, deal.albur)
        self.start_tricks(pack.table, deal.hands, leader, trump)
        # A free seat may not discard the malilla of a plain suit that has not been led yet.
        self.held_until_led = pack.malillas & ~deck.suit_masks[trump]
        #: Points taken so far (cards + 1 a trick), by team.
        self.side_pips: tuple[int, int] = (0, 0)
        #: Redeal calls and their answers so far as (seat, word).
        self.calls: tuple[tuple[int, str], ...] = ()
        self.phase = PLAY
        self.complete = False
        self.bonuses = self._settle_bonuses()

    # ----------------------------------------------------------------- 3.3 and 4.2: bonuses at the deal
    def _settle_bonuses(self) -> list[Bonus]:
        """Trump bonus first, then albur: each counts at once unless it alone would reach the target."""
        bonuses = []
        value = self.pack.points[self.turned]
        if value:
            bonuses.append(Bonus("trump", self.dealer % 2, value))
        if self.albur_winner is not None:
            bonuses.append(Bonus("albur", self.albur_winner % 2, ALBUR_BONUS))
        now = [0, 0]
        for bonus in bonuses:
            if self.scores[bonus.team] + now[bonus.team] + bonus.points >= self.options.target:
                bonus.held_back = True
            else:
                now[bonus.team] += bonus.points
                bonus.counted = True
        return bonuses

    @property
    def now(self) -> list[int]:
        """The bonuses that counted at once, at the deal, by team."""
        now = [0, 0]
        for bonus in self.bonuses:
            if not bonus.held_back:
                now[bonus.team] += bonus.points
        return now

    @property
    def capote(self) -> int | None:
        return self.outcome.capote

    @property
    def decided(self) -> int | None:
        return self.outcome.decided

    @property
    def team_delta(self) -> tuple[int, int] | None:
        return self.outcome.team_delta

    @property
    def to_act(self) -> int | None:
        return None if self.phase == DONE else self.turn

    @property
    def trump_suit(self) -> int:
        """The trump suit, always known in Malilla (the dealer's turned card)."""
        assert self.trump is not None
        return self.trump

    @property
    def forbidden(self) -> int:
        """Malillas of the plain suits not led yet in this hand: no discard for a seat free of duties."""
        return self.held_until_led

    @property
    def started(self) -> bool:
        """Whether the first card of the hand has been played."""
        return bool(self.trick or self.trick_history)

    # ----------------------------------------------------------------- 4.1: the redeal call
    def longest_suit(self, seat: int) -> int:
        """How many cards ``seat`` holds of its longest suit."""
        return max((self.hands[seat] & mask).bit_count() for mask in self.deck.suit_masks[: len(SUITS)])

    @property
    def long_suit(self) -> tuple[bool, ...]:
        """Per seat, whether it was dealt enough cards of one suit to call for a redeal."""
        if self._long_suit is None:
            length = self.pack.redeal_length
            self._long_suit = tuple(self.longest_suit(seat) >= length for seat in range(PLAYERS))
        return self._long_suit

    def may_call(self, seat: int) -> bool:
        """Whether ``seat`` may call for a redeal now."""
        return (
            self.options.redeal_seven
            and not self.trick
            and not self.trick_history
            and self.phase == PLAY
            and not self.called >> seat & 1
            and self.long_suit[seat]
        )

    def optional_calls(self) -> dict[int, list[Action]]:
        if self.trick or self.trick_history or self.phase != PLAY:
            return {}
        return {s: [Action(s, CALL_VERB, REDEAL)] for s in range(PLAYERS) if s != self.turn and self.may_call(s)}

    def _verify_call(self, action: Action) -> None:
        seat, word = action.seat, action.value
        if word == REDEAL:
            if not self.options.redeal_seven:
                raise IllegalAction("Redeal calls are not played in this game (the redeal_seven option is off).")
            if self.phase == ANSWER:
                if seat == self.turn:
                    raise IllegalAction("Your partner has called for a redeal: answer it (agree or decline).")
                raise IllegalAction(
                    f"Seat {self.caller}'s redeal call is waiting for seat {self.turn}'s answer: "
                    "no other call can be made until then."
                )
            if self.started:
                raise IllegalAction("A redeal can only be called before the first card of the hand is played.")
            if self.called >> seat & 1:
                raise IllegalAction("You have already called for a redeal in this deal: each seat may call once.")
            if not self.long_suit[seat]:
                raise IllegalAction(
                    f"A redeal needs at least {self.pack.redeal_length} cards of one suit: "
                    f"your longest suit has {self.longest_suit(seat)}."
                )
            return
        if self.phase != ANSWER:
            raise IllegalAction(f"There is no redeal call to answer: {word} is only a reply to one.")
        if seat != self.turn:
            raise IllegalAction(
                f"Only seat {self.turn}, the partner of the caller (seat {self.caller}), answers the redeal call."
            )

    def _apply_call(self, action: Action) -> None:
        seat, word = action.seat, action.value
        self.calls = (*self.calls, (seat, word))
        self.legal_cache = -1
        if word == REDEAL:
            self.called |= 1 << seat
            self.caller = seat
            self.phase = ANSWER
            self.turn = (seat + 2) % PLAYERS
        elif word == AGREE:
            # The deal is cancelled: no tricks, no points, and its bonuses are void.
            self.caller = None
            self.redealt = True
            for bonus in self.bonuses:
                bonus.counted = False
            self.outcome = Outcome(None, None, (0, 0))
            self.phase = DONE
            self.complete = True
        else:
            self.caller = None
            self.phase = PLAY
            self.turn = self.leader

    # ----------------------------------------------------------------- 5: legal cards
    def legal_actions_of(self, seat: int) -> list[Action]:
        """What ``seat`` itself may do now: its plays or answer when it acts, its redeal call if eligible."""
        if self.phase == DONE:
            return []
        if self.phase == ANSWER:
            if seat != self.turn:
                return []
            return [Action(seat, CALL_VERB, AGREE), Action(seat, CALL_VERB, DECLINE)]
        actions: list[Action] = []
        if seat == self.turn:
            plays = self.pack.plays[seat]
            actions = [plays[c] for c in bits(self.legal_play_mask())]
        if self.may_call(seat):
            actions.append(Action(seat, CALL_VERB, REDEAL))
        return actions

    def legal_actions(self) -> list[Action]:
        """The decision of ``to_act``, plus before the first lead the redeal calls of the other seats."""
        actions = self.legal_actions_of(self.turn)
        for calls in self.optional_calls().values():
            actions.extend(calls)
        return actions

    def verify(self, action: Action) -> None:
        if self.complete:
            raise IllegalAction("The hand is over: no more actions can be taken in it.")
        if action.verb == CALL_VERB:
            self._verify_call(action)
            return
        if self.phase == ANSWER:
            if action.seat == self.turn:
                raise IllegalAction("Your partner has called for a redeal: answer it (agree or decline) first.")
            raise IllegalAction(f"Out of turn: seat {self.turn} must first answer seat {self.caller}'s redeal call.")
        self.check_turn(action)
        self.verify_play(self.deck.index[action.value])

    def _refusal(self, card: int) -> str:
        not_held = self.not_held_reason(card)
        if not_held:
            return not_held
        if self.follow_duty()[1] is Duty.FREE:
            deck = self.deck
            rank = WORDS.rank_names[self.pack.malilla_rank]
            suit = WORDS.suit_names[deck.suits[deck.suit_of[card]]]
            forbidden = WORDS.card_text(deck.codes[card])
            return f"You may not play {forbidden}, a forbidden {rank}: {suit} have not been led yet."
        return self.duty_reason(card)

    # ----------------------------------------------------------------- applying actions
    def apply(self, action: Action) -> None:
        if action.verb == PLAY_VERB and action.seat == self.turn and self.phase == PLAY:
            card = self.deck.index[action.value]
            if self.legal_play_mask() >> card & 1:
                self.play_card(card)
                return
        self.verify(action)
        if action.verb == PLAY_VERB:
            self.play_card(self.deck.index[action.value])
        else:
            self._apply_call(action)

    def _end_trick(self) -> tuple[int, tuple[int, tuple[int, ...], int, int]]:
        trick = self.trick
        winner = self.win_seat
        cards = (trick[0][1], trick[1][1], trick[2][1], trick[3][1])
        p = self.pack.points
        points = p[cards[0]] + p[cards[1]] + p[cards[2]] + p[cards[3]] + TRICK_POINT
        pips = self.side_pips
        self.side_pips = (pips[0] + points, pips[1]) if winner % 2 == 0 else (pips[0], pips[1] + points)
        return winner, (trick[0][0], cards, winner, points)

    def _end_hand(self) -> None:
        self._score_hand()

    @property
    def tricks(self) -> list[Trick]:
        codes = self.deck.codes
        return [Trick(leader, tuple(codes[c] for c in cards), winner, points)
                for leader, cards, winner, points in self.trick_history]  # fmt: skip

    # ----------------------------------------------------------------- 7: scoring a hand
    def _score_hand(self) -> None:
        """Section 7 after the last trick: the excess over half (or a capote), then any held-back bonus."""
        half = self.pack.half
        target = self.options.target
        before = (self.scores[0], self.scores[1])
        won = [0, 0]
        for _leader, _cards, winner, _points in self.trick_history:
            won[winner % 2] += 1
        result = [0, 0]
        capote: int | None = None
        for team in (0, 1):
            if won[team] == self.cards_each:
                capote = team
                result[team] = half
            elif self.side_pips[team] > half:
                result[team] = self.side_pips[team] - half
        now = self.now
        new = [before[t] + now[t] + result[t] for t in (0, 1)]
        held = [b for b in self.bonuses if b.held_back]
        decided: int | None = None
        if capote is not None:
            decided = capote
        elif max(new) >= target:
            decided = 0 if new[0] >= target else 1
        elif held:
            # Nobody won with the hand itself: the first held-back bonus counts, and it wins the match.
            first = held[0]
            new[first.team] += first.points
            first.counted = True
            decided = first.team
        for bonus in held:
            if bonus.counted is None:
                bonus.counted = False
        self.outcome = Outcome(capote, decided, (int(new[0] - before[0]), int(new[1] - before[1])))
        self.phase = DONE
        self.complete = True

    # ----------------------------------------------------------------- views and results
    def view(self, seat: int) -> MalillaView:
        """What ``seat`` may see now (built field by field: a view is made at every decision)."""
        phase = self.phase
        to_act = self.turn if phase != DONE else None
        mine = seat == to_act
        deck = self.deck
        trump = self.trump
        assert trump is not None  # Malilla's trump is the turned card's suit, known from the deal
        # The redeal call is open only before the first card: most views need not ask.
        own_call = mine and phase == PLAY and not self.trick_history and not self.trick and self.may_call(seat)
        only_plays = phase == PLAY and not own_call
        # A dataclass __init__ taking every field costs four times these assignments; views are made at
        # every decision, so the hand fills a blank one (the contract tests check that every field is set).
        view = object.__new__(MalillaView)
        view.seat = seat
        view.to_act = to_act
        view.deck = deck
        view.plays = self.pack.plays[seat]
        view.legal_mask = self.legal_play_mask() if mine and phase == PLAY else 0
        view.only_plays = only_plays
        view.legal = self.legal_actions_of(seat) if mine and not only_plays else ()
        view.players = PLAYERS
        view.dealer = self.dealer
        view.phase = phase
        view.options = self.options
        view.scores = self.scores
        view.hand = self.hands[seat]
        view.turned = turned = self.turned
        view.turned_in_hand = bool(self.hands[self.dealer] >> turned & 1)
        view.trump = trump
        view.leader = self.leader
        # The hand keeps its public sequences as tuples it replaces, so a view can share them.
        view.trick = tuple(self.trick)
        view.tricks = self.trick_history
        view.winning_seat = self.win_seat if self.win_card >= 0 else None
        view.side_pips = self.side_pips
        view.forbidden = self.held_until_led
        view.calls = self.calls
        view.caller = self.caller
        view.optional_calls = tuple(self.optional_calls().get(seat, ())) if not mine else ()
        view.albur = self.albur
        view.albur_winner = self.albur_winner
        view.bonuses = tuple(self.bonuses)
        view.match_scores = self.match_scores()
        return view

    def match_scores(self) -> tuple[int, ...]:
        """The match scores now: a bonus that counts at once is in them from the deal on."""
        # They change only when the outcome does (every bonus learns whether it counted as the outcome is set):
        # worked out once per outcome, not at each of the hand's forty views.
        known = self._match_scores
        if known is None or known[0] is not self.outcome:
            known = self._match_scores = (self.outcome, self._match_scores_now())
        return known[1]

    def _match_scores_now(self) -> tuple[int, ...]:
        by_team = self.team_delta
        if by_team is None:
            now = [0, 0]
            for bonus in self.bonuses:
                if bonus.counted:
                    now[bonus.team] += bonus.points
            by_team = (now[0], now[1])
        return tuple(int(self.scores[s]) + by_team[s % 2] for s in range(PLAYERS))

    def clone(self) -> Self:
        twin = super().clone()
        # A bonus learns at the end of the hand whether it counted.
        if self.bonuses:
            twin.bonuses = [dataclasses.replace(bonus) for bonus in self.bonuses]
        return twin

    def hidden(self) -> Hidden:
        return Hidden(tuple(self.hands))

    def points(self) -> list[Number]:
        pips = self.side_pips
        return [pips[0], pips[1], pips[0], pips[1]]

    def score_delta(self) -> list[Number] | None:
        delta = self.team_delta
        if delta is None:
            return None
        return [delta[0], delta[1], delta[0], delta[1]]

    def explain(self, names: Sequence[str] | None = None) -> list[str]:
        """The hand's score in sentences, as the score sheet shows it."""
        if not self.complete:
            return []
        names = list(names) if names is not None else ["South", "East", "North", "West"]
        teams = [f"{names[0]} & {names[2]}", f"{names[1]} & {names[3]}"]
        if self.redealt:
            return ["The deal was cancelled by an agreed redeal: nothing scores, the same dealer deals again."]
        half = self.pack.half
        won = tricks_won(TEAMS, self.trick_history)
        pips = self.side_pips
        lines = [f"{teams[t]}: {counted(pips[t], 'point')} ({counted(won[t], 'trick')})." for t in (0, 1)]
        if self.capote is not None:
            lines.append(f"Capote! {teams[self.capote]} won every trick: {half} points and the match.")
        elif pips[0] == pips[1]:
            lines.append(f"{half} : {half}: nobody scores.")
        else:
            best = 0 if pips[0] > pips[1] else 1
            lines.append(f"{teams[best]} score the points above {half}: {pips[best]} - {half} = {pips[best] - half}.")
        for bonus in self.bonuses:
            what = f"{WORDS.bonus_kind(bonus)} bonus"  # "the turned card bonus", as the deal's line calls it
            if not bonus.held_back:
                lines.append(f"{teams[bonus.team]} counted the {what} of {bonus.points} at the deal.")
            elif bonus.counted:
                lines.append(f"The held-back {what} of {bonus.points} counts for {teams[bonus.team]}, and wins.")
            else:
                lines.append(f"The held-back {what} of {bonus.points} for {teams[bonus.team]} is lost.")
        return lines

    def summary(self) -> dict[str, Any]:
        codes = self.deck.codes
        out: dict[str, Any] = {
            "trump": self.deck.suits[self.trump_suit],
            "turned": codes[self.turned],
            "redealt": self.redealt,
            "bonuses": [b.to_json() for b in self.bonuses],
        }
        if self.albur is not None:
            out["albur_winner"] = self.albur_winner
        if self.complete and not self.redealt:
            out["capote"] = self.capote is not None
        return out


# ----------------------------------------------------------------- the game


class MalillaRules(GameRules):
    name = "malilla"
    title = "Malilla"
    words = WORDS
    position = 1
    options_type = MalillaOptions
    player_counts = (4,)
    default_players = 4
    # An agreed redeal keeps the dealer, so the rotation depends on the play (checked by the match).
    fixed_rotation = False

    def parse_options(self, raw: object, players: int) -> MalillaOptions:
        defaults = None
        if isinstance(raw, dict) and "target" not in raw and raw.get("deck") == "spanish48":
            defaults = {"target": SPANISH48.targets[0]}
        return parse_options(MalillaOptions, raw, defaults)

    def deck(self, options: MalillaOptions, players: int) -> tuple[Deck, int]:
        deck = options.pack.deck
        return deck, deck.full

    def random_deal(self, rng: random.Random, options: MalillaOptions, players: int, dealer: int) -> MalillaDeal:
        pack = options.pack
        full = pack.deck.full
        order = shuffled(full, rng)
        # One card at a time from the seat after the dealer: the pack's last card is the dealer's, turned up.
        hands = deal_masks(order, PLAYERS, (dealer + 1) % PLAYERS, (1,) * pack.cards_each)
        albur = None
        if options.albur:
            # A separate pack: the seat after the dealer draws first, then the next seat.
            first, second = shuffled(full, rng)[:2]
            albur = (first, second) if (dealer + 1) % 2 == 0 else (second, first)
        return MalillaDeal(hands, order[-1], albur)

    def parse_deal(self, raw: object, options: MalillaOptions, players: int, dealer: int) -> MalillaDeal:
        deck = options.pack.deck
        hands = parse_deal_hands(raw, deck, deck.full, PLAYERS)
        assert isinstance(raw, dict)
        turned_raw = raw.get("turned")
        if turned_raw is None:
            raise RecordError("deal.turned is missing: the dealer's turned card sets trump")
        try:
            turned = deck.parse(turned_raw)
        except ValueError as error:
            raise RecordError(f"deal.turned: {error}") from None
        if not hands[dealer] >> turned & 1:
            raise RecordError(f"deal.turned ({deck.codes[turned]}) must be one of the dealer's cards")
        albur_raw = raw.get("albur")
        if not options.albur:
            if albur_raw is not None:
                raise RecordError("deal.albur must be absent: the albur option is off")
            return MalillaDeal(hands, turned)
        if albur_raw is None:
            raise RecordError("deal.albur is missing: with the albur option it holds the two cards drawn")
        if not isinstance(albur_raw, list) or len(albur_raw) != 2:
            raise RecordError("deal.albur must be a list of two cards (team 0's draw, team 1's draw)")
        try:
            albur = (deck.parse(albur_raw[0]), deck.parse(albur_raw[1]))
        except ValueError as error:
            raise RecordError(f"deal.albur: {error}") from None
        if albur[0] == albur[1]:
            raise RecordError(f"deal.albur must hold two different cards, not {deck.codes[albur[0]]} twice")
        return MalillaDeal(hands, turned, albur)

    def new_hand(
        self, options: MalillaOptions, players: int, dealer: int, deal: Deal, scores: Sequence[Number]
    ) -> MalillaHand:
        assert isinstance(deal, MalillaDeal)
        return MalillaHand(options, dealer, deal, scores)

    def parse_action(self, raw: object, options: MalillaOptions, players: int) -> Action:
        verb = single_verb(raw, (PLAY_VERB, CALL_VERB), {})
        assert isinstance(raw, dict)
        seat = check_seat(raw, PLAYERS)
        value = raw[verb]
        deck = options.pack.deck
        if verb == PLAY_VERB:
            try:
                return play_actions(deck, seat)[deck.parse(value)]
            except ValueError as error:
                raise RecordError(f"action.play: {error}") from None
        if value not in tuple(Call):
            raise RecordError(f"action.call must be redeal, agree or decline, not {value!r}")
        return Action(seat, CALL_VERB, value)

    def validate_start_scores(self, scores: list[Number], options: MalillaOptions, players: int) -> None:
        check_start_below_target(scores, options.target)
        super().validate_start_scores(scores, options, players)

    def state_from_view(self, view: MalillaView, hidden: Hidden) -> MalillaHand:
        hand = self.dealt_from_view(view, hidden)
        for action in view.log:
            hand.apply(action)
        return hand

    def dealt_from_view(self, view: MalillaView, hidden: Hidden) -> MalillaHand:
        """The hand ``view`` was made from as it was dealt, the cards it hides placed as ``hidden`` says
        (``state_from_view`` before the view's log is played on it)."""
        deal = MalillaDeal(dealt_hands(hidden.hands, view.tricks, view.trick, PLAYERS), view.turned, view.albur)
        return MalillaHand(view.options, view.dealer, deal, view.scores)

    def sample_hidden(self, view: MalillaView, rng: random.Random, count: int) -> list[Hidden]:
        pack = view.options.pack
        deck = pack.deck
        forbidden_sevens = pack.malillas & ~deck.suit_masks[view.trump]
        card_count = count_cards(view, deck, FOLLOW_RULES, deck.full, pack.cards_each, forbidden_sevens)
        # A seat that called for a redeal was dealt a long suit.
        callers = {seat for seat, word in view.calls if word == REDEAL}
        return sample_trick_hands(card_count, rng, count, [(seat, pack.redeal_length) for seat in sorted(callers)])

    def next_dealer(self, hand: HandState) -> int:
        # After an agreed redeal the same dealer deals again.
        if isinstance(hand, MalillaHand) and hand.redealt:
            return hand.dealer
        return (hand.dealer + 1) % PLAYERS

    def match_result(
        self, options: MalillaOptions, players: int, scores: Sequence[Number], hand: HandState
    ) -> tuple[list[int] | None, str | None]:
        assert isinstance(hand, MalillaHand)
        team = hand.decided
        if team is None:
            return None, None
        winners = [s for s in range(PLAYERS) if s % 2 == team]
        if hand.capote is not None:
            return winners, "capote"
        if scores[1 - team] == 0:
            return winners, "zapato"
        return winners, None

    def variant_name(self, options: MalillaOptions, players: int) -> str:
        return f"{options.pack.cards_each * PLAYERS} cards"

    def seat_names(self, players: int) -> list[str]:
        return ["South", "East", "North", "West"]


RULES = MalillaRules()
