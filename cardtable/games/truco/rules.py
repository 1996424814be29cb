"""Truco: 40 cards, three each, two tricks of three win the hand, and raises from truco up to twelve.

Read top to bottom this module is the rule book: the cards and their strength (the vira and its manilhas in
Paulista, the four fixed manilhas in Mineiro), the options, the deal, the kinds of hand (normal, mão de onze,
mão de ferro), the calls and who answers them, the play with its face-down cards, who wins a trick and a hand,
what a hand scores and how the match ends.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from cardtable.engine.cards import Deck, bits, cards_in, deal_masks, shuffled
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
    View,
    check_seat,
    check_start_below_target,
    enum_free,
    parse_deal_hands,
    partnership_teams,
    play_actions,
    single_verb,
)
from cardtable.engine.options import option, parse_options
from cardtable.engine.words import GameWords, listed, says, whose
from cardtable.games.worlds import UniformDealer, draw_deals

from . import argentino
from .common import (
    TIED_TRICK_LEAD_HELP,
    TIED_TRICK_LEAD_NAMES,
    UNDECIDED,
    VARIANT_NAMES,
    TrucoDeal,
    TrucoHidden,
    TrucoTrick,
    best_of,
    cards_played,
    dealt_from_log,
    hand_result,
    truco_log,
    viewed_plays,
)
from .words import ARGENTINO_WORDS, WORDS

# ----------------------------------------------------------------- 1. cards and their strength

#: The ordinary order, weakest first (the queen is below the jack): the bit order of each suit.
RANKS = ("4", "5", "6", "7", "Q", "J", "K", "A", "2", "3")
DECK = Deck("truco40", ranks=RANKS)
CARDS_EACH = 3
#: Manilha suits from the weakest to the strongest: pica-fumo ♦, espadilha ♠, copas ♥, zap ♣.
MANILHA_SUITS = ("D", "S", "H", "C")
FIRST_MANILHA = 11  # ordinary cards are 1 to 10, manilhas 11 to 14


def _strength_table(manilhas: dict[str, int]) -> tuple[int, ...]:
    """Strength by card index: rank order + 1 for ordinary cards, 11 + suit order for the manilhas."""
    return tuple(manilhas.get(code, DECK.strength_of[i] + 1) for i, code in enumerate(DECK.codes))


def _paulista_table(vira: int) -> tuple[int, ...]:
    """The vira's rank is followed, cyclically, by the manilhas' rank (after the 3 comes the 4 again)."""
    rank = RANKS[(DECK.strength_of[vira] + 1) % len(RANKS)]
    return _strength_table({rank + suit: FIRST_MANILHA + k for k, suit in enumerate(MANILHA_SUITS)})


#: Paulista strength tables, one per possible vira (built once: play only looks numbers up).
PAULISTA_STRENGTH = tuple(_paulista_table(vira) for vira in range(len(DECK)))
#: Mineiro's fixed manilhas: 4C (zap) > 7H (copeta) > AS (espadilha) > 7D (pica-fumo).
MINEIRO_STRENGTH = _strength_table({"7D": 11, "AS": 12, "7H": 13, "4C": 14})


def manilha_mask(strength: Sequence[int]) -> int:
    return sum(1 << i for i, s in enumerate(strength) if s >= FIRST_MANILHA)


# ----------------------------------------------------------------- 2. variants and options


@dataclass(frozen=True)
class Variant:
    """What changes between Paulista and Mineiro besides the manilhas."""

    name: str
    #: The ladder of hand values: base, truco, seis, nove/dez, doze.
    ladder: tuple[int, ...]
    #: The name of each raised value, as players call it.
    call_names: dict[int, str]
    #: What the hand at the brink is called (mão de onze / mão de dez).
    brink_hand: str

    @property
    def base(self) -> int:
        return self.ladder[0]

    @property
    def brink_value(self) -> int:
        """A played mão de onze (dez) is worth the first raise: 3 (Mineiro 4)."""
        return self.ladder[1]

    def next_value(self, value: int) -> int:
        return self.ladder[self.ladder.index(value) + 1]


PAULISTA = Variant("paulista", (1, 3, 6, 9, 12), {3: "truco", 6: "seis", 9: "nove", 12: "doze"}, "mão de onze")
MINEIRO = Variant("mineiro", (2, 4, 6, 10, 12), {4: "truco", 6: "seis", 10: "dez", 12: "doze"}, "mão de dez")
VARIANTS = {"paulista": PAULISTA, "mineiro": MINEIRO}
TOP_VALUE = 12
MIN_TARGET, MAX_TARGET = 3, 99


@dataclass(frozen=True)
class TrucoOptions:
    """Paulista's and Mineiro's options; ``variant`` = ``argentino`` reads ``argentino.ArgentinoOptions`` instead."""

    variant: str = option(
        "paulista",
        "Paulista: a turned-up vira picks the manilhas, hands go 1-3-6-9-12; "
        "Mineiro: fixed manilhas 4♣ 7♥ A♠ 7♦, no vira, hands go 2-4-6-10-12; "
        "Argentino: Spanish cards in a fixed order, envido and flor, hands go 1-2-3-4, to 30 or 15.",
        ("paulista", "mineiro", "argentino"),
        label="Variant",
        names=VARIANT_NAMES,
    )
    target: int = option(12, "Match points needed to win (3 to 99; Argentino: 30 or 15).", label="Target score")
    tied_trick_lead: str = option("opener", TIED_TRICK_LEAD_HELP, ("opener", "first_tying_card"),
                                  label="Lead after a tie", names=TIED_TRICK_LEAD_NAMES)  # fmt: skip

    def __post_init__(self) -> None:
        if not MIN_TARGET <= self.target <= MAX_TARGET:
            raise RecordError(f"options.target must be from {MIN_TARGET} to {MAX_TARGET}, not {self.target}")

    @property
    def rules(self) -> Variant:
        return VARIANTS[self.variant]


# ----------------------------------------------------------------- 3. the deal


# ----------------------------------------------------------------- 4. kinds of hand and phases


class HandKind(StrEnum):
    """A normal hand, a mão de onze (one team on the brink) or a mão de ferro (both teams, played blind)."""

    NORMAL = "normal"
    ONZE = "mao_de_onze"
    FERRO = "mao_de_ferro"


NORMAL, ONZE, FERRO = HandKind


class Phase(StrEnum):
    """The mão de onze decision, play, a raise waiting for its answer, and the end."""

    DECIDE = "decide"
    PLAY = "play"
    ANSWER = "answer"
    DONE = "done"


DECIDE, PLAY, ANSWER, DONE = Phase


class Ending(StrEnum):
    """How a finished hand ended."""

    WON = "won"
    TIED = "tied"
    REFUSED = "refused"
    RAN = "ran"


WON, TIED, REFUSED, RAN = Ending


def hand_kind(team_scores: Sequence[Number], target: int, base: int) -> tuple[HandKind, int | None]:
    """The kind of hand from the match score before it, and the team on the brink in a mão de onze.

    A team is on the brink when one unraised hand would win it the match: score >= target - base.
    """
    brink = [score >= target - base for score in team_scores]
    if brink[0] and brink[1]:
        return FERRO, None
    if brink[0] or brink[1]:
        return ONZE, 0 if brink[0] else 1
    return NORMAL, None


def may_raise(kind: HandKind, value: int, last_raise_team: int | None, team: int) -> bool:
    """Whether ``team`` may call truco or raise on its next turn to play: only in a normal hand below twelve,
    and never twice in a row."""
    return kind == NORMAL and value < TOP_VALUE and (last_raise_team is None or last_raise_team != team)


def face_down_open(kind: HandKind, tricks_played: int) -> bool:
    """Whether a card may be played face down: from the second trick on, never in a mão de ferro."""
    return tricks_played > 0 and kind != FERRO


# ----------------------------------------------------------------- trick output


class Call(StrEnum):
    """The words of Truco: the raises and their answers, and the decision of a mão de onze."""

    TRUCO = "truco"
    RAISE = "raise"
    ACCEPT = "accept"
    REFUSE = "refuse"
    PLAY = "play"
    RUN = "run"


# ``PLAY_HAND``: the decision to play a mão de onze (``PLAY`` names the phase in this module).
TRUCO, RAISE, ACCEPT, REFUSE, PLAY_HAND, RUN = Call

#: A blind play of a mão de ferro names no card: its ``slot`` is the place (0-based) of the face-down card the
#: seat picks, so no view needs to hold the card.  The match records the card it turns up (``TrucoHand.resolve``).
SLOT = "slot"

# Every action is immutable, so each one is made once per seat and shared by every hand and view.
MAX_PLAYERS = 6
HIDDEN = (("hidden", True),)
HIDDEN_PLAYS = tuple(tuple(Action(s, PLAY_VERB, code, HIDDEN) for code in DECK.codes) for s in range(MAX_PLAYERS))
PLAYS = tuple(play_actions(DECK, s) for s in range(MAX_PLAYERS))
BLIND_PLAYS = tuple(
    tuple(Action(s, PLAY_VERB, None, ((SLOT, k),)) for k in range(CARDS_EACH)) for s in range(MAX_PLAYERS)
)
CALL_WORDS = tuple(Call)
CALLS = tuple({word: Action(s, CALL_VERB, word) for word in Call} for s in range(MAX_PLAYERS))


def seat_names(players: int) -> list[str]:
    if players == 4:
        return ["South", "East", "North", "West"]
    if players == 2:
        return ["South", "North"]
    return [f"Seat {i}" for i in range(players)]


def blind_order(seat: int, dealer: int, hands: Sequence[int], vira: int | None) -> tuple[int, ...]:
    """The order of a blind seat's face-down cards (its "slots") in a mão de ferro.

    It comes from a hash of the whole deal, so a slot's position says nothing about the card in it to a
    seat that does not know the deal, yet it is the same every time the hand is replayed.
    """
    deal = repr((seat, dealer, tuple(hands), vira))
    return tuple(sorted(bits(hands[seat]), key=lambda card: hashlib.sha256(f"{deal}|{card}".encode()).digest()))


# ----------------------------------------------------------------- what a seat sees


@dataclass(slots=True)
class TrucoView(View):
    """What one seat may see: its own cards (not in a mão de ferro), the vira, every card played face up.

    Face-down cards of other seats appear as ``None``.  In a mão de onze each seat of the team on the brink
    also sees ``partner_cards``: its partners' cards as they were at the decision.  In a mão de ferro the
    seat's own ``hand`` is 0 and it acts blind: ``slots`` says how many face-down cards lie before it and
    ``slot_action(k)`` (also ``legal_actions()``, in slot order) picks the ``k``-th without naming it.
    """

    options: TrucoOptions
    phase: Phase
    kind: HandKind
    brink_team: int | None
    vira: int | None
    #: Every card's strength in this hand (from the vira, or Mineiro's fixed manilhas), and the manilhas.
    strength: tuple[int, ...]
    manilhas: int
    #: The hand's value, a raise waiting for its answer (its value and who made it), the last team to raise.
    value: int
    proposed: int | None
    raiser: int | None
    last_raise_team: int | None
    #: Every call so far as (seat, word).
    calls: tuple[tuple[int, str], ...]
    leader: int
    #: Each finished trick's winning team (None for a tie), and the tricks won by each team.
    results: tuple[int | None, ...]
    tricks_won: tuple[int, int]
    #: How many cards each seat holds now.
    held: tuple[int, ...]
    #: The trick in progress as (seat, card) pairs, a card played face down by another seat as None; the seats
    #: that played face down in it.
    trick: tuple[tuple[int, int | None], ...]
    trick_hidden: tuple[int, ...]
    winning_seat: int | None
    #: Finished tricks as (leader, cards, face-down seats, winner), others' face-down cards as None.
    tricks: tuple[tuple[int, tuple[int | None, ...], tuple[int, ...], int | None], ...]
    partner_cards: tuple[tuple[int, int], ...]
    #: How many cards had been played when each of ``calls`` was made.
    call_cards: tuple[int, ...]
    #: In a mão de ferro, how many face-down cards lie before this seat (0 otherwise).
    slots: int
    #: This seat's face-down plays, indexed by card.
    hidden_plays: tuple[Action, ...]

    @property
    def teams(self) -> tuple[tuple[int, ...], ...]:
        """The seats of each team: partners sit one apart from each other."""
        return partnership_teams(self.players)

    @property
    def raising_teams(self) -> tuple[int, ...]:
        """The teams that may raise next (on their own turn to play): public, and shown at the table."""
        if self.phase != PLAY:
            return ()
        return tuple(team for team in (0, 1) if may_raise(self.kind, self.value, self.last_raise_team, team))

    @property
    def next_raise(self) -> int | None:
        """What a raise now would propose: the ladder's next step above the call waiting (or the hand's value)."""
        base = self.proposed if self.proposed is not None else self.value
        return self.options.rules.next_value(base) if base < TOP_VALUE else None

    @property
    def face_down_allowed(self) -> bool:
        """Whether this seat may play a card face down now."""
        return self.to_act == self.seat and self.phase == PLAY and face_down_open(self.kind, len(self.tricks))

    def slot_action(self, slot: int) -> Action:
        """In a mão de ferro: play the card lying in ``slot`` (0-based), unseen."""
        return BLIND_PLAYS[self.seat][slot]

    def points(self) -> list[int]:
        """Per seat, the tricks its team has won so far in this hand."""
        won = self.tricks_won
        return [won[s % 2] for s in range(self.players)]

    def fingerprint(self) -> str:
        return repr((self.seat, self.dealer, str(self.phase), str(self.kind), self.hand, self.slots, self.vira,
                     self.trick, self.tricks, enum_free(self.calls), self.value, self.partner_cards,
                     self.scores))  # fmt: skip

    @property
    def log(self) -> tuple[Action, ...]:
        """The calls and the cards in order; another seat's face-down card is unseen."""
        return truco_log(self.players, self.tricks, self.trick, self.trick_hidden, self.calls, self.call_cards,
                         PLAYS, HIDDEN_PLAYS, CALLS)  # fmt: skip


# ----------------------------------------------------------------- one hand


class TrucoHand(HandState):
    phase: Phase
    copied = ("hands", "trick", "_public", "_slot_orders")
    #: How many cards had been played when each call was made (on the class until the first call).
    call_cards: tuple[int, ...] = ()

    def __init__(
        self, options: TrucoOptions, players: int, dealer: int, deal: TrucoDeal, scores: Sequence[Number]
    ) -> None:
        variant = options.rules
        self.options = options
        self.variant = variant
        self.players = players
        self.dealer = dealer
        self.scores = tuple(scores)
        self.hands = list(deal.hands)
        self.dealt = tuple(deal.hands)
        self.vira = deal.vira
        self.strength = PAULISTA_STRENGTH[deal.vira] if deal.vira is not None else MINEIRO_STRENGTH
        self.manilhas = manilha_mask(self.strength)
        self.opener_leads_after_tie = options.tied_trick_lead == "opener"
        self.kind, self.brink_team = hand_kind((scores[0], scores[1]), options.target, variant.base)
        # A blind seat of a mão de ferro picks a face-down slot, not a card: the match has it resolved.
        self.resolves_actions = self.kind == FERRO
        #: The hand's value: the base, the last accepted raise, or a played mão de onze's value.
        self.value = variant.base
        #: While a raise waits for its answer: the value proposed, who raised, and who plays after it.
        self.proposed: int | None = None
        self.raiser: int | None = None
        self.resume = -1
        self.last_raise_team: int | None = None
        #: Every call so far as (seat, word).
        self.calls: tuple[tuple[int, str], ...] = ()
        #: The trick in progress as (seat, card, face down) triples.
        self.trick: list[tuple[int, int, bool]] = []
        #: Finished tricks as (leader, seats in order, cards, seats that played face down, winner).
        self.history: tuple[tuple[int, tuple[int, ...], tuple[int, ...], tuple[int, ...], int | None], ...] = ()
        #: Each finished trick's winning team, or None for a tie (a tuple replaced, so views can share it).
        self.results: tuple[int | None, ...] = ()
        #: Finished tricks as each seat may see them, made on first need (views are built on every decision).
        self._public: dict[int, tuple[tuple[int, tuple[int | None, ...], tuple[int, ...], int | None], ...]] = {}
        #: Tricks won by each team (a tuple replaced, so views can share it).
        self.won: tuple[int, int] = (0, 0)
        self.leader = (dealer + 1) % players
        self.turn = self.leader
        self._slot_orders: dict[int, tuple[int, ...]] = {}
        #: Once finished: how the hand ended, the scoring team (None: nobody) and its points.
        self.ending: Ending | None = None
        self.scoring_team: int | None = None
        self.hand_points = 0
        self.complete = False
        if self.kind == ONZE:
            self.phase = DECIDE
            self.turn = self.decider
        else:
            self.phase = PLAY

    @property
    def to_act(self) -> int | None:
        return None if self.complete else self.turn

    @property
    def decider(self) -> int:
        """The first seat of the team on the brink in playing order from the seat after the dealer."""
        first = (self.dealer + 1) % self.players
        return first if first % 2 == self.brink_team else (self.dealer + 2) % self.players

    def public_tricks(self, seat: int) -> tuple[tuple[int, tuple[int | None, ...], tuple[int, ...], int | None], ...]:
        """The finished tricks as (leader, cards, face-down seats, winner), others' face-down cards as None."""
        known = self._public.get(seat)
        if known is None:
            known = self._public[seat] = tuple(
                (leader, tuple(None if s in hidden and s != seat else c for s, c in zip(order, cards, strict=True)),
                 hidden, winner)
                for leader, order, cards, hidden, winner in self.history
            )  # fmt: skip
        return known

    def slot_order(self, seat: int) -> tuple[int, ...]:
        """A blind seat's cards still held, in the order of their slots (mão de ferro)."""
        order = self._slot_orders.get(seat)
        if order is None:
            order = self._slot_orders[seat] = blind_order(seat, self.dealer, self.dealt, self.vira)
        held = self.hands[seat]
        return tuple(c for c in order if held >> c & 1)

    # ----------------------------------------------------------------- 5. legal actions
    def may_raise(self, seat: int) -> bool:
        """Whether ``seat``, about to play, may call truco or raise now."""
        return may_raise(self.kind, self.value, self.last_raise_team, seat % 2)

    def legal_actions(self) -> list[Action]:
        if self.complete:
            return []
        seat = self.turn
        calls = CALLS[seat]
        if self.phase == DECIDE:
            return [calls[PLAY_HAND], calls[RUN]]
        if self.phase == ANSWER:
            assert self.proposed is not None
            answers = [calls[ACCEPT], calls[REFUSE]]
            return [*answers, calls[RAISE]] if self.proposed < TOP_VALUE else answers
        cards = cards_in(self.hands[seat])
        plays = PLAYS[seat]
        actions = [plays[c] for c in cards]
        if face_down_open(self.kind, len(self.history)):
            hidden = HIDDEN_PLAYS[seat]
            actions += [hidden[c] for c in cards]
        if may_raise(self.kind, self.value, self.last_raise_team, seat % 2):
            actions.append(calls[TRUCO if self.last_raise_team is None else RAISE])
        return actions

    def blind_actions(self) -> list[Action]:
        """In a mão de ferro, the seat to act's plays as face-down slots, in slot order (they name no card)."""
        return list(BLIND_PLAYS[self.turn][: self.hands[self.turn].bit_count()])

    def resolve(self, action: Action) -> Action:
        """A blind play as the card it turns up (the record's play); any other action as it is."""
        if action.value is not None or not self.resolves_actions or self.complete:
            return action
        order = self.slot_order(action.seat)
        slot = action.get(SLOT)
        if not isinstance(slot, int) or not 0 <= slot < len(order):
            return action
        return PLAYS[action.seat][order[slot]]

    def verify(self, action: Action) -> None:
        if self.complete:
            raise IllegalAction("The hand is over: no more actions can be taken in it.")
        if self.resolves_actions:
            action = self.resolve(action)
        if action.verb == PLAY_VERB and action.value is None:
            if self.kind != FERRO:
                raise IllegalAction("Cards are played blind only in a mão de ferro: pick one of your cards.")
            raise IllegalAction(f"There is no face-down card in slot {action.get(SLOT)!r}: "
                                f"pick one of the {self.hands[action.seat].bit_count()} before you.")  # fmt: skip
        if self.phase == DECIDE:
            self._verify_decision(action)
        elif self.phase == ANSWER:
            self._verify_answer(action)
        elif action.verb == PLAY_VERB:
            self._verify_play(action)
        else:
            self._verify_call(action)

    def _verify_decision(self, action: Action) -> None:
        brink_hand = self.variant.brink_hand
        decider = self.turn
        if action.seat != decider:
            raise IllegalAction(
                f"Out of turn: this is a {brink_hand}, and seat {decider} must first decide to play it or run."
            )
        if action.verb == PLAY_VERB:
            raise IllegalAction(f"This is a {brink_hand}: first decide to play it or run (call play or run).")
        if action.value in (TRUCO, RAISE):
            raise IllegalAction(f"No raises in a {brink_hand}: decide to play it or run.")
        if action.value not in (PLAY_HAND, RUN):
            raise IllegalAction(f"There is no raise to answer: this is a {brink_hand}, call play or run.")

    def _verify_answer(self, action: Action) -> None:
        raiser, answerer = self.raiser, self.turn
        assert self.proposed is not None and raiser is not None
        what = self.variant.call_names[self.proposed]
        if action.seat != answerer:
            raise IllegalAction(
                f"Out of turn: seat {raiser}'s {what} waits for its answer, and only seat {answerer} answers it."
            )
        if action.verb == PLAY_VERB:
            raise IllegalAction(f"Answer the {what} first: accept, refuse or raise.")
        word = action.value
        if word == RAISE and self.proposed >= TOP_VALUE:
            raise IllegalAction("Nothing raises beyond 12: accept or refuse the doze.")
        if word not in (ACCEPT, REFUSE, RAISE):
            if word == TRUCO:
                raise IllegalAction(f"Truco has already been called: answer the {what} (accept, refuse or raise).")
            raise IllegalAction(f"The {what} waits for its answer: accept, refuse or raise.")

    def _verify_play(self, action: Action) -> None:
        seat = self.turn
        if action.seat != seat:
            raise IllegalAction(f"Out of turn: it is seat {seat}'s turn to play, not seat {action.seat}'s.")
        card = DECK.index[action.value]
        if not self.hands[seat] >> card & 1:
            raise IllegalAction(f"Card not held: you do not hold {WORDS.card_text(action.value)}.")
        if action.get("hidden"):
            if self.kind == FERRO:
                raise IllegalAction("No face-down cards in a mão de ferro: every card is turned face up.")
            if not self.history:
                raise IllegalAction("Face down only from the second trick on: play this card face up.")

    def _verify_call(self, action: Action) -> None:
        seat, word = action.seat, action.value
        if word in (ACCEPT, REFUSE):
            raise IllegalAction(f"There is no raise to answer: {word} only answers a truco or a raise.")
        if word in (PLAY_HAND, RUN):
            if self.kind == ONZE:
                raise IllegalAction(f"The {self.variant.brink_hand} is already decided: it is being played.")
            raise IllegalAction(f"There is no {self.variant.brink_hand} to decide: call {word} only answers one.")
        if self.kind == ONZE:
            raise IllegalAction(f"No raises in a {self.variant.brink_hand}: the hand is played for its fixed value.")
        if self.kind == FERRO:
            raise IllegalAction("No calls in a mão de ferro: it is played blind for its base value.")
        if seat != self.turn:
            raise IllegalAction(
                f"Out of turn: only the seat about to play, seat {self.turn}, may call {word}, before its card."
            )
        if self.value >= TOP_VALUE:
            raise IllegalAction("The hand is already worth 12: nothing raises beyond it.")
        if word == TRUCO and self.last_raise_team is not None:
            raise IllegalAction("Truco has already been called in this hand: call raise to go higher.")
        if word == RAISE:
            if self.last_raise_team is None:
                raise IllegalAction("No truco has been called yet: the first raise of a hand is called truco.")
            if self.last_raise_team == seat % 2:
                raise IllegalAction(
                    "A team may not raise twice in a row: your team made the last raise, the other team must."
                )

    # ----------------------------------------------------------------- 6. applying actions
    def apply(self, action: Action) -> None:
        if action.verb == PLAY_VERB and self.phase == PLAY and action.seat == self.turn and action.value is not None:
            card = DECK.index[action.value]
            hidden = action.extra == HIDDEN
            if self.hands[self.turn] >> card & 1 and (not hidden or (self.history and self.kind != FERRO)):
                self.play_card(card, hidden)
                return
        if self.resolves_actions:
            action = self.resolve(action)
        self.verify(action)
        if action.verb == PLAY_VERB:
            self.play_card(DECK.index[action.value], bool(action.get("hidden")))
        else:
            self._apply_call(action.seat, action.value)

    def _apply_call(self, seat: int, word: str) -> None:
        self.calls = (*self.calls, (seat, word))
        self.call_cards = (*self.call_cards, cards_played(len(self.history), len(self.trick), self.players))
        if word == PLAY_HAND:
            self.value = self.variant.brink_value
            self.phase = PLAY
            self.turn = self.leader
        elif word == RUN:
            assert self.brink_team is not None
            self._finish(RAN, 1 - self.brink_team, self.variant.base)
        elif word in (TRUCO, RAISE):
            if self.phase == PLAY:
                # The seat about to play called: play resumes with it once the exchange is accepted.
                self.resume = seat
            else:
                # A counter-raise accepts the value it answers before proposing the next.
                assert self.proposed is not None
                self.value = self.proposed
            self.proposed = self.variant.next_value(self.value)
            self.raiser = seat
            self.phase = ANSWER
            self.turn = (seat + 1) % self.players
        elif word == ACCEPT:
            assert self.proposed is not None and self.raiser is not None
            self.value = self.proposed
            self.last_raise_team = self.raiser % 2
            self.proposed = None
            self.phase = PLAY
            self.turn = self.resume
        else:  # refuse: the raiser's team scores the value before the refused raise
            assert self.raiser is not None
            self._finish(REFUSED, self.raiser % 2, self.value)

    def play_card(self, card: int, hidden: bool = False) -> None:
        """Play a card of the seat to act, face up or down (no checks: the fast path)."""
        seat = self.turn
        self.hands[seat] &= ~(1 << card)
        trick = self.trick
        trick.append((seat, card, hidden))
        if len(trick) < self.players:
            self.turn = (seat + 1) % self.players
            return
        self._close_trick()

    # ----------------------------------------------------------------- 7. winning a trick
    def _close_trick(self) -> None:
        trick = self.trick
        winner, first = best_of(trick, self.strength)
        leader = trick[0][0]
        if winner is not None:
            team: int | None = winner % 2
            next_leader = winner
        else:
            team = None
            next_leader = leader if self.opener_leads_after_tie else trick[first][0]
        self.history = (
            *self.history,
            (leader, tuple(s for s, _c, _h in trick), tuple(c for _s, c, _h in trick),
             tuple(s for s, _c, h in trick if h), winner),
        )  # fmt: skip
        self.results = (*self.results, team)
        self._public = {}
        if team is not None:
            self.won = (self.won[0] + 1, self.won[1]) if team == 0 else (self.won[0], self.won[1] + 1)
        self.trick = []
        self.turn = self.leader = next_leader
        # 8: the hand ends as soon as the tricks settle it.
        result = hand_result(self.results)
        if result is None:
            self._finish(TIED, None, 0)
        elif result != UNDECIDED:
            self._finish(WON, result, self.value)

    @property
    def tricks(self) -> list[TrucoTrick]:
        codes = DECK.codes
        return [TrucoTrick(leader, tuple(codes[c] for c in cards), hidden, winner)
                for leader, _order, cards, hidden, winner in self.history]  # fmt: skip

    # ----------------------------------------------------------------- 8. scoring a hand
    def _finish(self, ending: Ending, team: int | None, points: int) -> None:
        self.ending = ending
        self.scoring_team = team
        self.hand_points = points if team is not None else 0
        self.proposed = None
        self.phase = DONE
        self.complete = True

    def view(self, seat: int) -> TrucoView:
        """What ``seat`` may see now (built field by field: a view is made at every decision)."""
        players = self.players
        phase = self.phase
        to_act = self.to_act
        kind = self.kind
        blind = kind == FERRO
        mine = seat == to_act
        playing = mine and phase == PLAY
        # A dataclass __init__ taking every field costs four times these assignments; views are made at
        # every decision, so the hand fills a blank one (the contract tests check that every field is set).
        view = object.__new__(TrucoView)
        view.seat = seat
        view.to_act = to_act
        view.deck = DECK
        view.plays = PLAYS[seat]
        view.players = players
        view.dealer = self.dealer
        view.options = self.options
        view.scores = self.scores
        view.phase = phase
        view.kind = kind
        view.brink_team = self.brink_team
        view.vira = self.vira
        view.strength = self.strength
        view.manilhas = self.manilhas
        view.value = self.value
        view.proposed = self.proposed
        view.raiser = self.raiser
        view.last_raise_team = self.last_raise_team
        view.calls = self.calls
        view.call_cards = self.call_cards
        view.leader = self.leader
        view.results = self.results
        view.tricks_won = self.won
        view.held = tuple(map(int.bit_count, self.hands))
        view.hand = 0 if blind else self.hands[seat]
        # Only the seat that played a face-down card knows it.
        view.trick = tuple((s, None if hidden and s != seat else c) for s, c, hidden in self.trick)
        view.trick_hidden = tuple(s for s, _c, hidden in self.trick if hidden)
        view.winning_seat = best_of(self.trick, self.strength)[0] if self.trick else None
        view.tricks = self.public_tricks(seat)
        if kind == ONZE and self.brink_team == seat % 2:
            view.partner_cards = tuple((s, self.dealt[s]) for s in range(seat % 2, players, 2) if s != seat)
        else:
            view.partner_cards = ()
        view.hidden_plays = HIDDEN_PLAYS[seat]
        if blind:
            view.slots = self.hands[seat].bit_count()
            view.legal_mask = 0
            view.only_plays = False
            view.legal = self.blind_actions() if playing else ()
        else:
            view.slots = 0
            view.legal_mask = self.hands[seat] if playing else 0
            view.only_plays = playing and not self.history and not self.may_raise(seat)
            view.legal = self.legal_actions() if mine and not view.only_plays else ()
        return view

    def hidden(self) -> TrucoHidden:
        face_down = [card for _leader, order, cards, hidden, _winner in self.history
                     for seat, card in zip(order, cards, strict=True) if seat in hidden]  # fmt: skip
        face_down.extend(card for _seat, card, hidden in self.trick if hidden)
        return TrucoHidden(tuple(self.hands), tuple(face_down))

    def points(self) -> list[Number]:
        won = self.won
        return [won[s % 2] for s in range(self.players)]

    def score_delta(self) -> list[Number] | None:
        if not self.complete:
            return None
        team, points = self.scoring_team, self.hand_points
        return [points if s % 2 == team else 0 for s in range(self.players)]

    def explain(self, names: Sequence[str] | None = None) -> list[str]:
        """The hand's score in sentences, as the score sheet shows it."""
        if not self.complete:
            return []
        names = list(names) if names is not None else seat_names(self.players)
        # A team of three as the table names it: "You, Cy & Eli".
        teams = [listed([names[s] for s in range(t, self.players, 2)], last="&") for t in (0, 1)]
        variant = self.variant
        team = self.scoring_team
        lines = []
        if self.ending == RAN:
            assert self.brink_team is not None and team is not None
            scorers = teams[team]
            lines.append(f"{teams[self.brink_team]} ran from the {variant.brink_hand}: "
                         f"{scorers} {says(scorers, 'scores')} the base value, {self.hand_points}.")  # fmt: skip
            return lines
        if self.history:
            lines.append(f"Tricks won: {teams[0]} {self.won[0]}, {teams[1]} {self.won[1]}"
                         f"{', tied ' + str(self.results.count(None)) if None in self.results else ''}.")  # fmt: skip
        if self.ending == REFUSED:
            assert self.raiser is not None and team is not None
            scorers = teams[team]
            lines.append(f"{whose(names[self.raiser], start=True)} raise was refused: {scorers} "
                         f"{says(scorers, 'scores')} the value before it, {self.hand_points}.")  # fmt: skip
        elif self.ending == TIED:
            lines.append("Three tied tricks: nobody scores, and the deal passes on.")
        else:
            assert team is not None
            if self.kind == ONZE:
                why = f"a played {variant.brink_hand}"
            elif self.kind == FERRO:
                why = "a mão de ferro"
            elif self.value == variant.base:
                why = "no raise accepted"
            else:
                why = f"{variant.call_names[self.value]} accepted"
            winners = teams[team]
            lines.append(f"{winners} {says(winners, 'wins')} the hand, worth {self.hand_points} ({why}).")
        return lines

    def summary(self) -> dict[str, Any]:
        return {
            "vira": DECK.codes[self.vira] if self.vira is not None else None,
            "kind": self.kind,
            "value": self.value,
            "ending": self.ending,
        }


# ----------------------------------------------------------------- the game


def sample_truco_hidden(view: TrucoView, rng: random.Random, count: int) -> list[Hidden]:
    """Worlds that fit a Paulista or Mineiro view, each equally likely: Truco's play shows nothing of the hands
    (no suit to follow), so the unseen cards go anywhere but where the view places them.

    The places are the other hands (and this seat's own in a mão de ferro), every face-down card another seat
    played, and the rest of the pack; in a mão de onze the partners' cards this seat saw stay theirs.
    """
    seat = view.seat
    players = view.players
    own = view.hand
    seen = own
    face_down_places: list[int | None] = []
    for player, seen_card, played_down in viewed_plays(players, view.tricks, view.trick, view.trick_hidden):
        if seen_card is None:
            face_down_places.append(player)
        else:
            seen |= 1 << seen_card
            if played_down:
                face_down_places.append(None)
    if view.vira is not None:
        seen |= 1 << view.vira
    pool = DECK.full & ~seen
    # A partner's cards, seen at a mão de onze: its hand now and its face-down cards hold what it has not shown.
    partner_dealt = {partner: dealt & pool for partner, dealt in view.partner_cards}
    shown = 0
    for cards in partner_dealt.values():
        shown |= cards
    places: list[tuple[str, int]] = []
    possible: list[int] = []
    need: list[int] = []
    for other in range(players):
        if other == seat and view.kind != FERRO:
            continue
        places.append(("hand", other))
        possible.append(partner_dealt.get(other, pool & ~shown))
        need.append(view.held[other])
    for index, owner in enumerate(face_down_places):
        if owner is not None:
            places.append(("face_down", index))
            possible.append(partner_dealt.get(owner, pool & ~shown))
            need.append(1)
    places.append(("stock", 0))
    possible.append(pool & ~shown)
    need.append(pool.bit_count() - sum(need))
    worlds: list[Hidden] = []
    own_list = [card for _player, card, played_down in
                viewed_plays(players, view.tricks, view.trick, view.trick_hidden)
                if played_down and card is not None]  # fmt: skip
    for deal in draw_deals(UniformDealer(pool, possible, need), rng, count):
        hands = [own] * players
        face_down = [-1] * len(face_down_places)
        for (kind, where), cards in zip(places, deal, strict=True):
            if kind == "hand":
                hands[where] = cards
            elif kind == "face_down":
                face_down[where] = cards.bit_length() - 1
        known = iter(own_list)
        for index, owner in enumerate(face_down_places):
            if owner is None:
                face_down[index] = next(known)
        worlds.append(TrucoHidden(tuple(hands), tuple(face_down)))
    return worlds


class TrucoRules(GameRules):
    name = "truco"
    title = "Truco"
    words = WORDS
    position = 3
    options_type = TrucoOptions

    def words_for(self, options: Any) -> GameWords[Any]:
        return ARGENTINO_WORDS if isinstance(options, argentino.ArgentinoOptions) else WORDS

    def options_type_for(self, chosen: dict[str, Any]) -> type:
        return argentino.ArgentinoOptions if chosen.get("variant") == "argentino" else TrucoOptions

    player_counts = (2, 4, 6)
    default_players = 4

    def parse_options(self, raw: object, players: int) -> AnyOptions:
        if isinstance(raw, dict) and raw.get("variant") == "argentino":
            return parse_options(argentino.ArgentinoOptions, raw)
        if isinstance(raw, dict) and "flor" in raw:
            raise RecordError("options.flor is an option of the argentino variant only")
        return parse_options(TrucoOptions, raw)

    def deck(self, options: Any, players: int) -> tuple[Deck, int]:
        deck = argentino.DECK if isinstance(options, argentino.ArgentinoOptions) else DECK
        return deck, deck.full

    def random_deal(self, rng: random.Random, options: AnyOptions, players: int, dealer: int) -> TrucoDeal:
        deck, _full = self.deck(options, players)
        order = shuffled(deck.full, rng)
        # One card at a time from the seat after the dealer, three rounds; then the vira is turned up.
        hands = deal_masks(order, players, (dealer + 1) % players, (1,) * CARDS_EACH)
        vira = order[players * CARDS_EACH] if options.variant == "paulista" else None
        return TrucoDeal(hands, vira)

    def parse_deal(self, raw: object, options: AnyOptions, players: int, dealer: int) -> TrucoDeal:
        if isinstance(options, argentino.ArgentinoOptions):
            hands = parse_deal_hands(raw, argentino.DECK, argentino.DECK.full, players, CARDS_EACH)
            if isinstance(raw, dict) and "vira" in raw:
                raise RecordError("deal.vira must be absent in Truco Argentino: nothing is turned up")
            return TrucoDeal(hands, None)
        hands = parse_deal_hands(raw, DECK, DECK.full, players, CARDS_EACH)
        assert isinstance(raw, dict)
        vira_raw = raw.get("vira")
        if options.variant == "mineiro":
            if vira_raw is not None:
                raise RecordError("deal.vira must be absent in Mineiro (its manilhas are fixed)")
            return TrucoDeal(hands, None)
        if vira_raw is None:
            raise RecordError("deal.vira is missing: in Paulista the turned-up vira sets the manilhas")
        try:
            vira = DECK.parse(vira_raw)
        except ValueError as error:
            raise RecordError(f"deal.vira: {error}") from None
        for seat, hand in enumerate(hands):
            if hand >> vira & 1:
                raise RecordError(f"deal.vira ({DECK.codes[vira]}) is also dealt in deal.hands[{seat}]")
        return TrucoDeal(hands, vira)

    def new_hand(
        self, options: AnyOptions, players: int, dealer: int, deal: Deal, scores: Sequence[Number]
    ) -> TrucoHand | argentino.ArgentinoHand:
        assert isinstance(deal, TrucoDeal)
        if isinstance(options, argentino.ArgentinoOptions):
            return argentino.ArgentinoHand(options, players, dealer, deal, scores)
        return TrucoHand(options, players, dealer, deal, scores)

    def parse_action(self, raw: object, options: AnyOptions, players: int) -> Action:
        verb = single_verb(raw, (PLAY_VERB, CALL_VERB), {PLAY_VERB: ("hidden",)})
        assert isinstance(raw, dict)
        seat = check_seat(raw, players)
        value = raw[verb]
        if isinstance(options, argentino.ArgentinoOptions):
            return argentino.parse_action(seat, verb, value, raw.get("hidden", False))
        if verb == CALL_VERB:
            if value not in CALL_WORDS:
                raise RecordError(f"action.call must be one of {', '.join(CALL_WORDS)}, not {value!r}")
            return CALLS[seat][value]
        try:
            card = DECK.parse(value)
        except ValueError as error:
            raise RecordError(f"action.play: {error}") from None
        hidden = raw.get("hidden", False)
        if not isinstance(hidden, bool):
            raise RecordError(f"action.hidden must be true or false, not {hidden!r}")
        return HIDDEN_PLAYS[seat][card] if hidden else play_actions(DECK, seat)[card]

    def validate_start_scores(self, scores: list[Number], options: AnyOptions, players: int) -> None:
        check_start_below_target(scores, options.target)
        super().validate_start_scores(scores, options, players)

    def state_from_view(self, view: Any, hidden: Hidden) -> HandState:
        if isinstance(view, argentino.ArgentinoView):
            return argentino.state_from_view(view, hidden)
        assert isinstance(view, TrucoView) and isinstance(hidden, TrucoHidden)
        dealt, log = dealt_from_log(hidden.hands, view.log, hidden.face_down, DECK)
        hand = TrucoHand(view.options, view.players, view.dealer, TrucoDeal(dealt, view.vira), view.scores)
        for action in log:
            hand.apply(action)
        return hand

    def sample_hidden(self, view: Any, rng: random.Random, count: int) -> list[Hidden]:
        if isinstance(view, argentino.ArgentinoView):
            return argentino.sample_hidden(view, rng, count)
        assert isinstance(view, TrucoView)
        return sample_truco_hidden(view, rng, count)

    def match_result(
        self, options: AnyOptions, players: int, scores: Sequence[Number], hand: HandState
    ) -> tuple[list[int] | None, str | None]:
        # Only one team reaches the target: in Paulista and Mineiro only one team scores in a hand; in Argentino
        # flor or envido points that reach it end the hand at once, and later points go to one team.
        for team in (0, 1):
            if scores[team] >= options.target:
                return [s for s in range(players) if s % 2 == team], None
        return None, None

    def variant_name(self, options: AnyOptions, players: int) -> str:
        return f"{options.variant.capitalize()}, {players} players"

    def seat_names(self, players: int) -> list[str]:
        return seat_names(players)


AnyOptions = TrucoOptions | argentino.ArgentinoOptions

RULES = TrucoRules()
