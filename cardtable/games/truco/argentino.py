"""Truco Argentino: the Spanish 40-card deck in its fixed order, the envido (or the flor) and the truco.

Read top to bottom this module is the rule book of the variant: the cards with their strength and their
envido value, the envido and flor counts of a hand, the options, what the calls are worth, the hand in play
(who acts, what is legal and why not, what each call does, who wins a trick and the hand, what it scores,
and the moment the match is won, possibly in the middle of a hand), and what one seat may see of it.

The trick itself (the best card of a trick, who wins the hand from its tricks, the deal and the finished
tricks as replay prints them) is shared with Paulista and Mineiro in ``rules.py``.
"""

from __future__ import annotations

import functools
import itertools
import random
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from cardtable.engine.cards import Deck, bits, cards_in
from cardtable.engine.errors import IllegalAction, RecordError
from cardtable.engine.game import Action, HandState, Hidden, Number, View, play_actions
from cardtable.engine.options import option
from cardtable.engine.words import listed, says, whose
from cardtable.games.truco.common import (
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
from cardtable.games.truco.words import ARGENTINO_STAKES, ARGENTINO_WORDS

# ----------------------------------------------------------------- 1. cards: strength and envido value

#: The ranks as Spanish cards number them: 1 (the ace) to 7, then the sota (10), caballo (11) and rey (12).
RANKS = ("A", "2", "3", "4", "5", "6", "7", "J", "N", "K")
DECK = Deck("spanish40", ranks=RANKS)
CARDS_EACH = 3
#: Suit by suit: espadas, copas, oros, bastos.
SUIT_NAMES = {"S": "espadas", "H": "copas", "D": "oros", "C": "bastos"}

#: The four bravas and the cards whose strength depends on their suit (the false aces and sevens).
_BY_CARD = {"AS": 14, "AC": 13, "7S": 12, "7D": 11, "AH": 8, "AD": 8, "7H": 4, "7C": 4}
_BY_RANK = {"3": 10, "2": 9, "K": 7, "N": 6, "J": 5, "6": 3, "5": 2, "4": 1}
#: Strength by card index for the tricks; the higher wins, equal strengths tie.
STRENGTH = tuple(_BY_CARD.get(code, _BY_RANK.get(code[:-1], 0)) for code in DECK.codes)
BRAVA = 11  # the four bravas (AS AC 7S 7D) are 11 to 14 and never tie

#: Envido value by card index: the ace 1, the 2 to 7 their number, the figures (J N K) nothing.
ENVIDO_VALUE = tuple(RANKS.index(code[:-1]) + 1 if code[0] not in "JNK" else 0 for code in DECK.codes)
ENVIDO_BASE = 20  # two or three cards of a suit add 20


# Cached: a search tries thousands of hands against the counts a seat showed.
@functools.lru_cache(maxsize=1 << 14)
def envido_count(hand: int) -> int:
    """20 + the two best envido values of a suit held twice or more; otherwise the best single value."""
    for suit_mask in DECK.suit_masks[: len(DECK.suits)]:
        values = sorted((ENVIDO_VALUE[card] for card in bits(hand & suit_mask)), reverse=True)
        if len(values) >= 2:
            return ENVIDO_BASE + values[0] + values[1]
    return max((ENVIDO_VALUE[card] for card in bits(hand)), default=0)


@functools.lru_cache(maxsize=1 << 14)
def flor_count(hand: int) -> int | None:
    """Three cards of one suit: 20 + the envido values of all three; ``None`` for a hand without flor."""
    for suit_mask in DECK.suit_masks[: len(DECK.suits)]:
        if hand & suit_mask == hand and hand.bit_count() == CARDS_EACH:
            return ENVIDO_BASE + sum(ENVIDO_VALUE[card] for card in bits(hand))
    return None


# ----------------------------------------------------------------- 2. options

MALAS = 15  # at 30 points a team's first 15 are its malas, the rest its buenas
TARGETS = (15, 30)


@dataclass(frozen=True)
class ArgentinoOptions:
    variant: str = option(
        "argentino", "Argentino: the Spanish deck in a fixed order, with the envido and the flor.", ("argentino",),
        label="Variant", names=VARIANT_NAMES,
    )  # fmt: skip
    target: int = option(30, "Match points: 30 (15 malas, then 15 buenas) or 15 (a single half).", TARGETS,
                         label="Target score")  # fmt: skip
    tied_trick_lead: str = option("opener", TIED_TRICK_LEAD_HELP, ("opener", "first_tying_card"),
                                  label="Lead after a tie", names=TIED_TRICK_LEAD_NAMES)  # fmt: skip
    flor: bool = option(
        False,
        "Play the flor: three cards of one suit must be sung first, worth 3, or more when another flor "
        "answers it (contraflor, contraflor al resto); a hand with a flor has no envido.",
        label="Flor",
    )


# ----------------------------------------------------------------- 3. calls, phases and endings


class Verb(StrEnum):
    PLAY = "play"
    CALL = "call"


class Call(StrEnum):
    """The eleven words of this variant, as records write them."""

    TRUCO = "truco"
    RAISE = "raise"  # retruco (to 3) and vale cuatro (to 4), also as a counter-raise
    ACCEPT = "accept"
    REFUSE = "refuse"
    ENVIDO = "envido"
    REAL_ENVIDO = "real_envido"
    FALTA_ENVIDO = "falta_envido"
    FLOR = "flor"
    CONTRAFLOR = "contraflor"
    CONTRAFLOR_AL_RESTO = "contraflor_al_resto"
    MAZO = "mazo"


ENVIDO_WORDS = (Call.ENVIDO, Call.REAL_ENVIDO, Call.FALTA_ENVIDO)
FLOR_WORDS = (Call.FLOR, Call.CONTRAFLOR, Call.CONTRAFLOR_AL_RESTO)
ANSWERS = (Call.ACCEPT, Call.REFUSE)


class Phase(StrEnum):
    """What the hand waits for: the compulsory flor, an answer (flor, envido, truco), a card, or nothing."""

    SING_FLOR = "sing_flor"
    ANSWER_FLOR = "answer_flor"
    ANSWER_ENVIDO = "answer_envido"
    ANSWER = "answer"  # a truco or a raise
    PLAY = "play"
    DONE = "done"


class Ending(StrEnum):
    TRICKS = "tricks"  # decided by the tricks, three pardas included
    REFUSED = "refused"  # a truco or raise refused
    MAZO = "mazo"  # a team went to the deck
    TARGET = "target"  # flor or envido points won the match during the hand


class Result(StrEnum):
    """Where an envido or a flor stands."""

    PENDING = "pending"
    ACCEPTED = "accepted"
    REFUSED = "refused"
    UNCONTESTED = "uncontested"  # a flor that no opposing flor could answer


#: The truco ladder: the hand is worth 1, then truco 2, retruco 3, vale cuatro 4.
TOP_VALUE = 4
TRUCO_NAMES = ARGENTINO_STAKES
CALL_NAMES = {word: word.value.replace("_", " ") for word in Call}
#: Envido points of the calls that add up (a falta envido replaces the sum).
ENVIDO_POINTS = {Call.ENVIDO: 2, Call.REAL_ENVIDO: 3}
FLOR_UNCONTESTED = 3
#: A contested flor: accepted, the best flor's team scores; refused, the last caller's team does.
FLOR_ACCEPTED = {Call.FLOR: 4, Call.CONTRAFLOR: 6}
FLOR_REFUSED = 3  # con flor me achico; a refused contraflor pays what the flor would have, and so on


def falta(team_scores: Sequence[int], target: int) -> int:
    """The falta envido: what the leading team lacks to finish its malas, or, in the buenas, the match."""
    lead = max(team_scores)
    if target > MALAS and lead < MALAS:
        return MALAS - lead
    return target - lead


def resto(team_scores: Sequence[int], target: int) -> int:
    """The contraflor al resto: what the leading team lacks to win the match."""
    return target - max(team_scores)


def envido_allows(chain: Sequence[Call], word: Call) -> bool:
    """Whether ``word`` may open (empty ``chain``) or raise the envido chain.

    At most two envidos, and only before anything else; one real envido, after the envidos; the falta last.
    """
    if Call.FALTA_ENVIDO in chain:
        return False
    if word is Call.ENVIDO:
        return tuple(chain) in ((), (Call.ENVIDO,))
    if word is Call.REAL_ENVIDO:
        return Call.REAL_ENVIDO not in chain
    return word is Call.FALTA_ENVIDO


def envido_accepted_worth(chain: Sequence[Call], team_scores: Sequence[int], target: int) -> int:
    """An accepted chain: the falta if it holds one, else the sum of its calls."""
    if Call.FALTA_ENVIDO in chain:
        return falta(team_scores, target)
    return sum(ENVIDO_POINTS[word] for word in chain)


def envido_refused_worth(chain: Sequence[Call]) -> int:
    """A refused chain: every call but the refused last one, or 1 for a lone call (a falta is always last)."""
    if len(chain) == 1:
        return 1
    return sum(ENVIDO_POINTS[word] for word in chain[:-1])


def flor_accepted_worth(chain: Sequence[Call], team_scores: Sequence[int], target: int) -> int:
    last = chain[-1]
    return resto(team_scores, target) if last is Call.CONTRAFLOR_AL_RESTO else FLOR_ACCEPTED[last]


def flor_refused_worth(chain: Sequence[Call]) -> int:
    """A refused flor pays 3; a refused contraflor or contraflor al resto pays the stake it raised (4 or 6)."""
    if len(chain) == 1:
        return FLOR_REFUSED
    return FLOR_ACCEPTED[chain[-2]]


# ----------------------------------------------------------------- 4. actions (each made once per seat)

MAX_PLAYERS = 6
HIDDEN = (("hidden", True),)
PLAYS = tuple(play_actions(DECK, seat) for seat in range(MAX_PLAYERS))
HIDDEN_PLAYS = tuple(tuple(Action(s, Verb.PLAY, code, HIDDEN) for code in DECK.codes) for s in range(MAX_PLAYERS))
CALLS = tuple({word: Action(s, Verb.CALL, word) for word in Call} for s in range(MAX_PLAYERS))


def parse_action(seat: int, verb: str, value: object, hidden: object) -> Action:
    """An action's form in a record: one of the eleven call words, or a Spanish card face up or down."""
    if verb == Verb.CALL:
        if not isinstance(value, str) or value not in CALL_NAMES:
            raise RecordError(f"action.call must be one of {', '.join(Call)}, not {value!r}")
        return CALLS[seat][Call(value)]
    try:
        card = DECK.parse(value)
    except ValueError as error:
        raise RecordError(f"action.play: {error} (the Spanish deck: A 2-7 J N K)") from None
    if not isinstance(hidden, bool):
        raise RecordError(f"action.hidden must be true or false, not {hidden!r}")
    return HIDDEN_PLAYS[seat][card] if hidden else PLAYS[seat][card]


@dataclass(frozen=True, slots=True)
class Contest:
    """An envido or a flor as everybody knows it: the calls, where it stands, and, once settled, its score.

    ``counts`` are public only once the contest is accepted: every seat's envido count, or every flor
    holder's flor count (``None`` for the seats without one).
    """

    calls: tuple[Call, ...]
    callers: tuple[int, ...]
    result: Result = Result.PENDING
    counts: tuple[int | None, ...] | None = None
    winner: int | None = None
    team: int | None = None
    points: int | None = None

    def called(self, seat: int, word: Call) -> Contest:
        return Contest((*self.calls, word), (*self.callers, seat))

    def to_json(self) -> dict[str, Any]:
        return {
            "calls": [str(word) for word in self.calls],
            "callers": list(self.callers),
            "result": str(self.result),
            "counts": list(self.counts) if self.counts is not None else None,
            "winner": self.winner,
            "team": self.team,
            "points": self.points,
        }


PublicTrick = tuple[int, tuple[int | None, ...], tuple[int, ...], int | None]


# ----------------------------------------------------------------- 5. the hand


class ArgentinoHand(HandState):
    """One hand of Truco Argentino; the match scores before it come in ``scores`` (one per seat)."""

    phase: Phase
    copied = ("hands", "trick", "_public", "gained", "won")
    #: How many cards had been played when each call was made (on the class until the first call).
    call_cards: tuple[int, ...] = ()

    def __init__(
        self, options: ArgentinoOptions, players: int, dealer: int, deal: TrucoDeal, scores: Sequence[Number]
    ) -> None:
        self.options = options
        self.players = players
        self.dealer = dealer
        #: The mano leads the first trick and wins every tie of counts (the seat nearest it in playing order).
        self.mano = (dealer + 1) % players
        self.order = tuple((self.mano + k) % players for k in range(players))
        self.target = options.target
        self.scores = tuple(int(s) for s in scores)
        self.hands = list(deal.hands)
        self.dealt = tuple(deal.hands)
        self.envido_counts = tuple(envido_count(hand) for hand in self.dealt)
        self.flor_counts = tuple(flor_count(hand) if options.flor else None for hand in self.dealt)
        self.opener_leads_after_tie = options.tied_trick_lead == "opener"
        #: The hand value (1, or the last accepted truco, retruco, vale cuatro) and a raise awaiting its answer.
        self.value = 1
        self.proposed: int | None = None
        self.raiser: int | None = None
        self.last_raise_team: int | None = None
        #: Who plays once the calls made on a seat's turn are settled.
        self.resume = self.mano
        self.envido: Contest | None = None
        self.flor: Contest | None = None
        #: The seats that sang or answered the flor: they have shown that they hold one.
        self.known_flors: tuple[int, ...] = ()
        #: Flor and envido points scored so far in this hand, by team (they count at once).
        self.gained = [0, 0]
        #: Every call so far as (seat, word).
        self.calls: tuple[tuple[int, Call], ...] = ()
        self.trick: list[tuple[int, int, bool]] = []
        #: Finished tricks as (leader, seats in order, cards, seats that played face down, winner).
        self.history: tuple[tuple[int, tuple[int, ...], tuple[int, ...], tuple[int, ...], int | None], ...] = ()
        self.results: tuple[int | None, ...] = ()
        self._public: dict[int, tuple[PublicTrick, ...]] = {}
        self.won = [0, 0]
        self.leader = self.turn = self.mano
        self.ending: Ending | None = None
        #: The team that scores the hand points (tricks, a refused raise, a fold) and those points.
        self.hand_team: int | None = None
        self.hand_points = 0
        self.complete = False
        self._legal: list[Action] | None = None
        singer = next((s for s in self.order if self.flor_counts[s] is not None), None)
        if singer is not None:
            self.phase, self.turn = Phase.SING_FLOR, singer
        else:
            self.phase = Phase.PLAY

    @property
    def to_act(self) -> int | None:
        return None if self.complete else self.turn

    def team_scores(self) -> tuple[int, int]:
        """Each team's match score now: before the hand, plus the flor and envido points it has scored."""
        return (self.scores[0] + self.gained[0], self.scores[1] + self.gained[1])

    @property
    def envido_open(self) -> bool:
        """The envido may still be called: first trick, no envido or flor yet, no truco accepted."""
        return not self.history and self.envido is None and self.flor is None and self.value == 1

    def first_in_order(self, seats: Sequence[int], counts: Sequence[int | None]) -> int:
        """The best count among ``seats``; equal counts go to the seat nearest the mano."""
        ranked = [s for s in self.order if s in seats]
        return max(ranked, key=lambda s: counts[s] or 0)

    def flor_answerer(self, caller: int) -> int | None:
        """The first seat of the other team holding a flor, in playing order after ``caller``."""
        for k in range(1, self.players):
            seat = (caller + k) % self.players
            if seat % 2 != caller % 2 and self.flor_counts[seat] is not None:
                return seat
        return None

    def may_raise(self, team: int) -> bool:
        """Whether a seat of ``team``, about to play, may call truco or raise now."""
        if self.value >= TOP_VALUE:
            return False
        return self.last_raise_team is None or self.last_raise_team != team

    def public_tricks(self, seat: int) -> tuple[PublicTrick, ...]:
        """The finished tricks as (leader, cards, face-down seats, winner), others' face-down cards as None."""
        known = self._public.get(seat)
        if known is None:
            known = self._public[seat] = tuple(
                (leader, tuple(None if s in hidden and s != seat else c for s, c in zip(order, cards, strict=True)),
                 hidden, winner)
                for leader, order, cards, hidden, winner in self.history
            )  # fmt: skip
        return known

    # ----------------------------------------------------------------- 6. legal actions
    def legal_actions(self) -> list[Action]:
        return list(self._legal_now())

    def _legal_now(self) -> list[Action]:
        """The legal actions, found once per position (views and ``verify`` ask for them again and again)."""
        if self._legal is None:
            self._legal = self._find_legal()
        return self._legal

    def _find_legal(self) -> list[Action]:
        if self.complete:
            return []
        seat, phase = self.turn, self.phase
        calls = CALLS[seat]
        if phase is Phase.SING_FLOR:
            return [calls[Call.FLOR]]
        answers = [calls[Call.ACCEPT], calls[Call.REFUSE]]
        if phase is Phase.ANSWER_FLOR:
            assert self.flor is not None
            last = self.flor.calls[-1]
            if last is Call.FLOR:
                answers.append(calls[Call.CONTRAFLOR])
            if last is not Call.CONTRAFLOR_AL_RESTO:
                answers.append(calls[Call.CONTRAFLOR_AL_RESTO])
            return answers
        if phase is Phase.ANSWER_ENVIDO:
            assert self.envido is not None
            chain = self.envido.calls
            return answers + [calls[word] for word in ENVIDO_WORDS if envido_allows(chain, word)]
        if phase is Phase.ANSWER:
            assert self.proposed is not None
            if self.proposed < TOP_VALUE:
                answers.append(calls[Call.RAISE])
            if self.envido_open:  # el envido está primero: only against the first truco, which keeps the value 1
                answers.extend(calls[word] for word in ENVIDO_WORDS)
            return answers
        cards = list(bits(self.hands[seat]))
        plays = PLAYS[seat]
        actions = [plays[c] for c in cards]
        if self.history:
            hidden = HIDDEN_PLAYS[seat]
            actions.extend(hidden[c] for c in cards)
        if self.may_raise(seat % 2):
            actions.append(calls[Call.TRUCO if self.value == 1 else Call.RAISE])
        if self.envido_open:
            actions.extend(calls[word] for word in ENVIDO_WORDS)
        actions.append(calls[Call.MAZO])
        return actions

    def verify(self, action: Action) -> None:
        if action not in self._legal_now():
            raise IllegalAction(self.refusal(action))

    # ----------------------------------------------------------------- 7. why an action is not legal
    def refusal(self, action: Action) -> str:
        """The sentence that tells a player why ``action`` is not legal now."""
        if self.complete:
            return "The hand is over: no more actions can be taken in it."
        if action.verb == Verb.CALL and action.value not in CALL_NAMES:
            return f"Truco Argentino has no call {action.value!r}."
        reason = {
            Phase.SING_FLOR: self._refuse_before_the_flor,
            Phase.ANSWER_FLOR: self._refuse_during_the_flor,
            Phase.ANSWER_ENVIDO: self._refuse_during_the_envido,
            Phase.ANSWER: self._refuse_during_the_truco,
            Phase.PLAY: self._refuse_in_play,
        }[self.phase](action)
        return reason or f"Seat {self.turn} acts now, and that is not one of its choices."

    def _answer_words(self) -> str:
        words = [CALL_NAMES[Call(a.value)] for a in self._legal_now()]
        return ", ".join(words[:-1]) + " or " + words[-1]

    def _refuse_before_the_flor(self, action: Action) -> str:
        singer = self.turn
        if action.value == Call.FLOR and action.seat != singer and self.flor_counts[action.seat] is not None:
            return (f"Seat {singer} is the first flor from the mano and sings it; the other flors take part in "
                    "the answers.")  # fmt: skip
        return f"Seat {singer} holds a flor and must call flor before anything else."

    def _refuse_during_the_flor(self, action: Action) -> str | None:
        assert self.flor is not None
        last, caller, answerer = self.flor.calls[-1], self.flor.callers[-1], self.turn
        what = CALL_NAMES[last]
        if action.seat != answerer:
            return (f"Out of turn: seat {caller}'s {what} waits for its answer, and only seat {answerer}, the "
                    "first opponent after it holding a flor, answers it.")  # fmt: skip
        word = action.value
        if action.verb == Verb.PLAY:
            return f"Answer the {what} first: {self._answer_words()}."
        if word in (Call.CONTRAFLOR, Call.CONTRAFLOR_AL_RESTO):
            if last is Call.CONTRAFLOR_AL_RESTO:
                return "Nothing raises a contraflor al resto: accept or refuse it."
            return "The contraflor has been called: accept, refuse or raise to contraflor al resto."
        if word == Call.FLOR:
            return f"The flor has been sung already: answer the {what} ({self._answer_words()})."
        if word in ENVIDO_WORDS:
            return "No envido in a hand with a flor: the flor replaces it."
        return f"The {what} is settled first: {self._answer_words()}."

    def _refuse_during_the_envido(self, action: Action) -> str | None:
        assert self.envido is not None
        chain = self.envido.calls
        last, caller, answerer = chain[-1], self.envido.callers[-1], self.turn
        what = CALL_NAMES[last]
        if action.seat != answerer:
            return f"Out of turn: seat {caller}'s {what} waits for its answer, and only seat {answerer} answers it."
        word = action.value
        if action.verb == Verb.PLAY:
            return f"Answer the {what} first: {self._answer_words()}."
        if word in ENVIDO_WORDS:
            if Call.FALTA_ENVIDO in chain:
                return "Nothing raises a falta envido: accept or refuse it."
            if word == Call.ENVIDO and Call.REAL_ENVIDO in chain:
                return f"Envido cannot follow a real envido: {self._answer_words()}."
            if word == Call.ENVIDO:
                return f"Envido may be called at most twice: {self._answer_words()}."
            return f"Real envido is called once in an envido: {self._answer_words()}."
        if word in FLOR_WORDS:
            return self._flor_refusal(action.seat)
        if word == Call.MAZO:
            return f"Answer the {what} first: a seat may go to the deck only when no call waits."
        return f"The envido is settled first: {self._answer_words()}."

    def _refuse_during_the_truco(self, action: Action) -> str | None:
        assert self.proposed is not None and self.raiser is not None
        what = TRUCO_NAMES[self.proposed]
        answerer = self.turn
        if action.seat != answerer:
            return (f"Out of turn: seat {self.raiser}'s {what} waits for its answer, and only seat {answerer} "
                    "answers it.")  # fmt: skip
        word = action.value
        if action.verb == Verb.PLAY:
            return f"Answer the {what} first: {self._answer_words()}."
        if word == Call.RAISE:
            return "Nothing raises beyond vale cuatro: accept or refuse it."
        if word == Call.TRUCO:
            return f"Truco was already called in this hand: answer the {what} ({self._answer_words()})."
        if word in ENVIDO_WORDS:
            if self.proposed != 2:
                return f"The envido can be put first only against the first truco, not against a {what}."
            return self._envido_closed()
        if word in FLOR_WORDS:
            return self._flor_refusal(action.seat)
        if word == Call.MAZO:
            return f"The {what} waits for seat {answerer}'s answer: refuse it rather than going to the deck."
        return None

    def _refuse_in_play(self, action: Action) -> str | None:
        seat, word, turn = action.seat, action.value, self.turn
        if action.verb == Verb.CALL:
            if word in ANSWERS:
                return f"There is no call to answer: {word} answers a truco, an envido or a flor."
            if word in (Call.CONTRAFLOR, Call.CONTRAFLOR_AL_RESTO):
                return f"There is no flor to answer: {CALL_NAMES[Call(word)]} answers a flor."
            if word == Call.FLOR:
                return self._flor_refusal(seat)
        if seat != turn:
            if action.verb == Verb.PLAY:
                return f"Out of turn: it is seat {turn}'s turn to play, not seat {seat}'s."
            return f"Out of turn: only seat {turn}, about to play, may call {CALL_NAMES[Call(word)]} now."
        if action.verb == Verb.PLAY:
            card = DECK.index[action.value]
            if not self.hands[seat] >> card & 1:
                return f"Card not held: seat {seat} does not hold {ARGENTINO_WORDS.card_text(action.value)}."
            return "Face down only from the second trick on: play this card face up."
        if word == Call.TRUCO:
            return "Truco was already called in this hand: call raise to go higher."
        if word == Call.RAISE:
            if self.value == 1:
                return "No truco has been called yet: the first raise of a hand is called truco."
            if self.value >= TOP_VALUE:
                return "The hand is already worth 4 (vale cuatro): nothing raises beyond it."
            return "A team may not raise twice in a row: your team made the last raise, the other team must."
        if word in ENVIDO_WORDS:
            return self._envido_closed()
        return None

    def _envido_closed(self) -> str:
        if self.flor is not None:
            return "No envido in a hand with a flor: the flor replaces it."
        if self.history:
            return "The envido may be called only during the first trick."
        if self.envido is not None:
            return "The envido was already played in this hand."
        return "No envido once a truco has been accepted."

    def _flor_refusal(self, seat: int) -> str:
        if not self.options.flor:
            return "The flor is not played at this table (the option flor is off)."
        if self.flor is not None:
            return "The flor was already sung in this hand: it is sung once."
        return f"Seat {seat} has no flor."

    # ----------------------------------------------------------------- 8. applying actions
    def apply(self, action: Action) -> None:
        self.verify(action)
        self._legal = None
        if action.verb == Verb.PLAY:
            self.play_card(DECK.index[action.value], bool(action.get("hidden")))
            return
        seat, word = action.seat, Call(action.value)
        self.calls = (*self.calls, (seat, word))
        self.call_cards = (*self.call_cards, cards_played(len(self.history), len(self.trick), self.players))
        if self.phase in (Phase.SING_FLOR, Phase.ANSWER_FLOR) and seat not in self.known_flors:
            self.known_flors = tuple(sorted((*self.known_flors, seat)))
        if word in FLOR_WORDS:
            self._call_flor(seat, word)
        elif word in ENVIDO_WORDS:
            self._call_envido(seat, word)
        elif word in ANSWERS:
            accepted = word is Call.ACCEPT
            if self.phase is Phase.ANSWER_FLOR:
                self._settle_flor(accepted)
            elif self.phase is Phase.ANSWER_ENVIDO:
                self._settle_envido(accepted)
            else:
                self._answer_truco(accepted)
        elif word is Call.MAZO:
            # The whole team folds: the others score the hand value, and the envido point it forfeits.
            self._finish(Ending.MAZO, 1 - seat % 2, self.value + (1 if self.envido_open else 0))
        else:
            self._raise(seat)

    def _award(self, team: int, points: int) -> None:
        """Flor and envido points count at once: reaching the target wins the match then and there."""
        self.gained[team] += points
        if self.team_scores()[team] >= self.target:
            self._finish(Ending.TARGET, None, 0)

    def _call_flor(self, seat: int, word: Call) -> None:
        if word is Call.FLOR:
            self.flor = Contest((Call.FLOR,), (seat,))
        else:
            assert self.flor is not None
            self.flor = self.flor.called(seat, word)
        answerer = self.flor_answerer(seat)
        if answerer is None:  # only a flor answers a flor: nobody on the other side holds one
            team = seat % 2
            self.flor = Contest(self.flor.calls, self.flor.callers, Result.UNCONTESTED, None, None, team,
                                FLOR_UNCONTESTED)  # fmt: skip
            self._award(team, FLOR_UNCONTESTED)
            self._start_play()
        else:
            self.phase, self.turn = Phase.ANSWER_FLOR, answerer

    def _settle_flor(self, accepted: bool) -> None:
        flor = self.flor
        assert flor is not None
        if accepted:
            holders = [s for s in range(self.players) if self.flor_counts[s] is not None]
            winner: int | None = self.first_in_order(holders, self.flor_counts)
            assert winner is not None
            team = winner % 2
            points = flor_accepted_worth(flor.calls, self.team_scores(), self.target)
            self.flor = Contest(flor.calls, flor.callers, Result.ACCEPTED, self.flor_counts, winner, team, points)
        else:
            team = flor.callers[-1] % 2
            points = flor_refused_worth(flor.calls)
            self.flor = Contest(flor.calls, flor.callers, Result.REFUSED, None, None, team, points)
        self._award(team, points)
        self._start_play()

    def _start_play(self) -> None:
        if not self.complete:
            self.phase, self.turn = Phase.PLAY, self.leader

    def _call_envido(self, seat: int, word: Call) -> None:
        if self.envido is None:
            if self.phase is Phase.PLAY:
                self.resume = seat  # called on its own turn: it plays (or calls truco) once the envido is settled
            self.envido = Contest((word,), (seat,))
        else:
            self.envido = self.envido.called(seat, word)
        self.phase, self.turn = Phase.ANSWER_ENVIDO, (seat + 1) % self.players

    def _settle_envido(self, accepted: bool) -> None:
        envido = self.envido
        assert envido is not None
        if accepted:
            counts = self.envido_counts
            winner = self.first_in_order(range(self.players), counts)
            team = winner % 2
            points = envido_accepted_worth(envido.calls, self.team_scores(), self.target)
            self.envido = Contest(envido.calls, envido.callers, Result.ACCEPTED, counts, winner, team, points)
        else:
            team = envido.callers[-1] % 2
            points = envido_refused_worth(envido.calls)
            self.envido = Contest(envido.calls, envido.callers, Result.REFUSED, None, None, team, points)
        self._award(team, points)
        if self.complete:
            return
        if self.proposed is not None:  # the truco that waited behind the envido is answered now
            assert self.raiser is not None
            self.phase, self.turn = Phase.ANSWER, (self.raiser + 1) % self.players
        else:
            self.phase, self.turn = Phase.PLAY, self.resume

    def _raise(self, seat: int) -> None:
        if self.phase is Phase.PLAY:
            self.resume = seat
        else:
            # A counter-raise accepts the value it answers before proposing the next.
            assert self.proposed is not None
            self.value = self.proposed
        self.proposed = self.value + 1
        self.raiser = seat
        self.phase, self.turn = Phase.ANSWER, (seat + 1) % self.players

    def _answer_truco(self, accepted: bool) -> None:
        assert self.proposed is not None and self.raiser is not None
        if not accepted:
            self._finish(Ending.REFUSED, self.raiser % 2, self.value)
            return
        self.value = self.proposed
        self.last_raise_team = self.raiser % 2
        self.proposed = None
        self.phase, self.turn = Phase.PLAY, self.resume

    def play_card(self, card: int, hidden: bool = False) -> None:
        seat = self.turn
        self.hands[seat] &= ~(1 << card)
        self.trick.append((seat, card, hidden))
        if len(self.trick) < self.players:
            self.turn = (seat + 1) % self.players
            return
        self._close_trick()

    # ----------------------------------------------------------------- 9. winning a trick and the hand
    def _close_trick(self) -> None:
        trick = self.trick
        winner, first = best_of(trick, STRENGTH)
        leader = trick[0][0]
        team = winner % 2 if winner is not None else None
        # After a parda the option says who leads: the seat that led it, or the first seat that tied it.
        parda_leader = leader if self.opener_leads_after_tie else trick[first][0]
        next_leader = winner if winner is not None else parda_leader
        self.history = (
            *self.history,
            (leader, tuple(s for s, _c, _h in trick), tuple(c for _s, c, _h in trick),
             tuple(s for s, _c, h in trick if h), winner),
        )  # fmt: skip
        self.results = (*self.results, team)
        self._public = {}
        if team is not None:
            self.won[team] += 1
        self.trick = []
        self.turn = self.leader = next_leader
        result = hand_result(self.results)
        if result is None:  # three pardas go to the mano's team
            self._finish(Ending.TRICKS, self.mano % 2, self.value)
        elif result != UNDECIDED:
            self._finish(Ending.TRICKS, result, self.value)

    @property
    def tricks(self) -> list[TrucoTrick]:
        codes = DECK.codes
        return [TrucoTrick(leader, tuple(codes[c] for c in cards), hidden, winner)
                for leader, _order, cards, hidden, winner in self.history]  # fmt: skip

    # ----------------------------------------------------------------- 10. scoring
    def _finish(self, ending: Ending, team: int | None, points: int) -> None:
        self.ending = ending
        self.hand_team = team
        self.hand_points = points if team is not None else 0
        self.proposed = None
        self.phase = Phase.DONE
        self.complete = True
        self._legal = None

    def points(self) -> list[Number]:
        won = self.won
        return [won[s % 2] for s in range(self.players)]

    def hidden(self) -> TrucoHidden:
        face_down = [card for _leader, order, cards, hidden, _winner in self.history
                     for seat, card in zip(order, cards, strict=True) if seat in hidden]  # fmt: skip
        face_down.extend(card for _seat, card, hidden in self.trick if hidden)
        return TrucoHidden(tuple(self.hands), tuple(face_down))

    def score_delta(self) -> list[Number] | None:
        if not self.complete:
            return None
        by_team = list(self.gained)
        if self.hand_team is not None:
            by_team[self.hand_team] += self.hand_points
        return [by_team[s % 2] for s in range(self.players)]

    def summary(self) -> dict[str, Any]:
        """Replay's ``hands[].summary``: the hand value, how the hand ended, the envido and the flor."""
        return {
            "summary": {
                "value": self.value,
                "ending": str(self.ending) if self.ending is not None else None,
                "envido": self.envido.to_json() if self.envido is not None else None,
                "flor": self.flor.to_json() if self.flor is not None else None,
            }
        }

    def pending_worth(self) -> tuple[int | None, int | None]:
        """What the call awaiting an answer is worth accepted and refused (the truco: the hand's new value)."""
        scores = self.team_scores()
        if self.phase is Phase.ANSWER_FLOR and self.flor is not None:
            chain = self.flor.calls
            return flor_accepted_worth(chain, scores, self.target), flor_refused_worth(chain)
        if self.phase is Phase.ANSWER_ENVIDO and self.envido is not None:
            chain = self.envido.calls
            return envido_accepted_worth(chain, scores, self.target), envido_refused_worth(chain)
        if self.phase is Phase.ANSWER:
            return self.proposed, self.value
        return None, None

    def explain(self, names: Sequence[str] | None = None) -> list[str]:
        """The hand's score in sentences, as the score sheet shows it."""
        if not self.complete:
            return []
        names = list(names) if names is not None else [f"Seat {s}" for s in range(self.players)]
        # A team of three as the table names it: "You, Cy & Eli".
        teams = [listed([names[s] for s in range(t, self.players, 2)], last="&") for t in (0, 1)]

        def does(team: int, verb: str) -> str:
            """A team and its verb (given as one player would say it): "Ana & Cy score", "Bo scores", "You score"."""
            return f"{teams[team]} {says(teams[team], verb)}"

        lines = []
        if self.flor is not None:
            lines.append(describe_contest("flor", self.flor, names, teams))
        if self.envido is not None:
            lines.append(describe_contest("envido", self.envido, names, teams))
        if self.ending is Ending.TARGET:
            leader = 0 if self.team_scores()[0] >= self.target else 1
            lines.append(f"{does(leader, 'reaches')} {self.target} during the hand: the match is won, the hand stops.")
            return lines
        team = self.hand_team
        assert team is not None
        if self.history:
            pardas = self.results.count(None)
            lines.append(f"Tricks won: {teams[0]} {self.won[0]}, {teams[1]} {self.won[1]}"
                         + (f", pardas {pardas}" if pardas else "") + ".")  # fmt: skip
        if self.ending is Ending.REFUSED:
            assert self.raiser is not None and self.proposed is None
            raise_ = f"{whose(names[self.raiser], start=True)} {TRUCO_NAMES[self.value + 1]}"
            lines.append(f"{raise_} was refused: {does(team, 'scores')} the value before it, {self.hand_points}.")
        elif self.ending is Ending.MAZO:
            folded = teams[1 - team]
            forfeit = " (the hand, and 1 for the envido never played)" if self.hand_points > self.value else ""
            lines.append(f"{folded} went to the deck: {does(team, 'scores')} {self.hand_points}{forfeit}.")
        else:
            why = "no truco accepted" if self.value == 1 else f"{TRUCO_NAMES[self.value]} accepted"
            three = " (three pardas go to the mano's team)" if self.results.count(None) == len(self.results) else ""
            lines.append(f"{does(team, 'wins')} the hand{three}, worth {self.hand_points} ({why}).")
        return lines

    def view(self, seat: int) -> ArgentinoView:
        mine = seat == self.to_act
        legal = tuple(self._legal_now()) if mine else ()
        accept_worth, refuse_worth = self.pending_worth()
        envido_pending = self.envido is not None and self.envido.result is Result.PENDING
        return ArgentinoView(
            seat=seat,
            players=self.players,
            dealer=self.dealer,
            mano=self.mano,
            target=self.target,
            options=self.options,
            flor_option=self.options.flor,
            phase=self.phase,
            to_act=self.to_act,
            hand=self.hands[seat],
            held=tuple(h.bit_count() for h in self.hands),
            envido_count=self.envido_counts[seat],
            flor_count=self.flor_counts[seat],
            scores=self.scores,
            team_scores=self.team_scores(),
            value=self.value,
            proposed=self.proposed,
            raiser=self.raiser,
            last_raise_team=self.last_raise_team,
            raising_teams=tuple(t for t in (0, 1) if self.phase is Phase.PLAY and self.may_raise(t)),
            truco_waiting=envido_pending and self.proposed is not None,
            envido_open=self.envido_open and not self.complete,
            envido=self.envido,
            flor=self.flor,
            known_flors=self.known_flors,
            accept_worth=accept_worth,
            refuse_worth=refuse_worth,
            calls=self.calls,
            call_cards=self.call_cards,
            leader=self.leader,
            trick=tuple((s, None if hidden and s != seat else c) for s, c, hidden in self.trick),
            trick_hidden=tuple(s for s, _c, hidden in self.trick if hidden),
            winning_seat=best_of(self.trick, STRENGTH)[0] if self.trick else None,
            tricks=self.public_tricks(seat),
            results=self.results,
            ending=self.ending,
            legal=legal,
            legal_mask=self.hands[seat] if mine and self.phase is Phase.PLAY else 0,
            only_plays=False,  # going to the deck is always open beside the cards
            plays=PLAYS[seat],
            deck=DECK,
        )


def describe_contest(kind: str, contest: Contest, names: Sequence[str], teams: Sequence[str]) -> str:
    """A settled envido or flor in a sentence: the calls, the answer, the counts shown and who scores."""
    chain = ", ".join(CALL_NAMES[word] for word in contest.calls)
    chain = chain[0].upper() + chain[1:]
    who = names[contest.callers[0]]
    team = teams[contest.team] if contest.team is not None else ""
    scores = f"{team} {says(team, 'scores')} {contest.points}"
    if contest.result is Result.UNCONTESTED:
        return f"{who} {says(who, 'sings')} the flor and nobody can answer it: {scores}."
    if contest.result is Result.REFUSED:
        return f"{chain} refused: {scores}."
    if contest.result is Result.ACCEPTED:
        assert contest.counts is not None and contest.winner is not None
        shown = ", ".join(f"{names[s]} {c}" for s, c in enumerate(contest.counts) if c is not None)
        best = whose(names[contest.winner])
        return f"{chain} accepted ({kind} counts: {shown}): {best} {contest.counts[contest.winner]} wins, {scores}."
    return f"{chain}: waiting for an answer."


# ----------------------------------------------------------------- 11. what one seat sees


@dataclass(slots=True, kw_only=True)
class ArgentinoView(View):
    """What one seat may see: its own cards and counts, every card played face up, every call and its result.

    Other seats' face-down cards appear as ``None``.  The envido and flor counts of the other seats appear
    only once their contest is accepted (in ``envido.counts`` and ``flor.counts``); ``known_flors`` are the
    seats that sang or answered a flor, which shows they hold one.  ``legal`` holds this seat's legal
    actions when it is its decision, from the hand itself.
    """

    seat: int
    players: int
    dealer: int
    mano: int
    target: int
    #: The options of the hand, and whether the flor is played at this table (an option).
    options: ArgentinoOptions
    flor_option: bool
    phase: Phase
    to_act: int | None
    #: This seat's cards still held (a mask) and how many each seat holds.
    hand: int
    held: tuple[int, ...]
    #: This seat's own envido count and, with the flor option, its flor count (None without a flor).
    envido_count: int
    flor_count: int | None
    #: Match scores per seat before the hand, and each team's score now (with this hand's flor and envido).
    scores: tuple[int, ...]
    team_scores: tuple[int, int]
    #: The hand value, a raise waiting (its value and who called it), the last raising team, who may raise.
    value: int
    proposed: int | None
    raiser: int | None
    last_raise_team: int | None
    raising_teams: tuple[int, ...]
    #: A first truco waits behind the envido that its answerer put first.
    truco_waiting: bool
    envido_open: bool
    envido: Contest | None
    flor: Contest | None
    known_flors: tuple[int, ...]
    #: What the call awaiting an answer is worth if accepted and if refused.
    accept_worth: int | None
    refuse_worth: int | None
    calls: tuple[tuple[int, Call], ...]
    #: How many cards had been played when each of ``calls`` was made.
    call_cards: tuple[int, ...]
    leader: int
    trick: tuple[tuple[int, int | None], ...]
    trick_hidden: tuple[int, ...]
    winning_seat: int | None
    tricks: tuple[PublicTrick, ...]
    results: tuple[int | None, ...]
    ending: Ending | None
    legal: tuple[Action, ...]
    legal_mask: int
    only_plays: bool
    plays: tuple[Action, ...]

    strength = STRENGTH

    def legal_actions(self) -> list[Action]:
        return list(self.legal)

    @property
    def next_raise(self) -> int | None:
        """What a raise now would propose: one above the call waiting (or the hand's value), up to vale cuatro."""
        base = self.proposed if self.proposed is not None else self.value
        return base + 1 if base < TOP_VALUE else None

    @property
    def face_down_allowed(self) -> bool:
        """Whether this seat may play a card face down now (from the second trick on)."""
        return any(action.get("hidden") for action in self.legal)

    def half(self, score: int) -> tuple[str, int] | None:
        """Where a match score stands at 30: ("malas", points) below 15, ("buenas", points past 15) from 15 on."""
        if self.target != MALAS * 2:
            return None
        return ("malas", score) if score < MALAS else ("buenas", score - MALAS)

    def points(self) -> list[int]:
        """Per seat, the tricks its team has won so far in this hand."""
        won = [sum(1 for r in self.results if r == team) for team in (0, 1)]
        return [won[s % 2] for s in range(self.players)]

    def fingerprint(self) -> str:
        return repr((self.seat, self.dealer, self.phase, self.hand, self.trick, self.tricks, self.calls,
                     self.value, self.team_scores))  # fmt: skip

    @property
    def log(self) -> tuple[Action, ...]:
        """The calls and the cards in order; another seat's face-down card is unseen."""
        return truco_log(self.players, self.tricks, self.trick, self.trick_hidden, self.calls, self.call_cards,
                         PLAYS, HIDDEN_PLAYS, CALLS)  # fmt: skip


# ----------------------------------------------------------------- 12. rebuilding a hand from a view


def state_from_view(view: ArgentinoView, hidden: Hidden) -> ArgentinoHand:
    """The hand ``view`` was made from, the unseen cards placed as ``hidden`` says (its log played again)."""
    assert isinstance(hidden, TrucoHidden)
    dealt, log = dealt_from_log(hidden.hands, view.log, hidden.face_down, DECK)
    hand = ArgentinoHand(view.options, view.players, view.dealer, TrucoDeal(dealt, None), view.scores)
    for action in log:
        hand.apply(action)
    return hand


#: Candidate worlds drawn per world wanted before the sampler gives up.
ATTEMPTS = 60


def sample_hidden(view: ArgentinoView, rng: random.Random, count: int) -> list[Hidden]:
    """Worlds that fit an Argentino view, each equally likely among those that do.

    The counts shown (an accepted envido shows every seat's envido count, an accepted flor the flor counts) and
    the flors sung say much of a hand, so each other seat's cards are drawn among the three-card hands that give
    its shown counts; hands drawn so are kept when they share no card, and when the hand they make replays to
    this very view (who sang a flor and who did not, every call in its place): a uniform draw of the worlds that
    fit, by rejection.
    """
    seat = view.seat
    players = view.players
    seen = view.hand
    played_by = [0] * players
    unseen_plays = [0] * players
    own_face_down: list[int] = []
    order: list[int | None] = []
    for player, card, face_down in viewed_plays(players, view.tricks, view.trick, view.trick_hidden):
        if card is None:
            unseen_plays[player] += 1
            order.append(player)
        else:
            seen |= 1 << card
            played_by[player] |= 1 << card
            if face_down:
                own_face_down.append(card)
                order.append(None)
    pool = DECK.full & ~seen
    envido_shown = view.envido.counts if view.envido is not None and view.envido.counts is not None else None
    flor_shown = view.flor.counts if view.flor is not None and view.flor.counts is not None else None
    # Per other seat: how many of its cards are unknown, and the hands its shown counts allow (None: any).
    unknown = {other: view.held[other] + unseen_plays[other] for other in range(players) if other != seat}
    candidates: dict[int, list[int] | None] = {}
    for other, size in unknown.items():
        envido_known = envido_shown is not None and envido_shown[other] is not None
        flor_known = flor_shown is not None or other in view.known_flors
        if not envido_known and not flor_known:
            candidates[other] = None
            continue
        fits: list[int] = []
        for chosen in itertools.combinations(cards_in(pool), size):
            cards = sum(1 << card for card in chosen)
            dealt = cards | played_by[other]
            if envido_known and envido_shown is not None and envido_count(dealt) != envido_shown[other]:
                continue
            flor = flor_count(dealt) if view.flor_option else None
            if flor_shown is not None and flor_shown[other] != flor:
                continue
            if other in view.known_flors and flor is None:
                continue
            fits.append(cards)
        if not fits:
            return []
        candidates[other] = fits
    pool_cards = list(cards_in(pool))
    worlds: list[Hidden] = []
    for _ in range(ATTEMPTS * count):
        if len(worlds) >= count:
            break
        picked: dict[int, int] = {}
        for other, allowed in candidates.items():
            if allowed is None:
                picked[other] = sum(1 << card for card in rng.sample(pool_cards, unknown[other]))
            else:
                picked[other] = rng.choice(allowed)
        taken = 0
        clash = False
        for cards in picked.values():
            if taken & cards:
                clash = True
                break
            taken |= cards
        if clash:
            continue
        world = _world_of(view, picked, order, own_face_down, rng)
        try:
            if state_from_view(view, world).view(seat) != view:
                continue
        except IllegalAction:
            continue
        worlds.append(world)
    return worlds


def _world_of(view: ArgentinoView, picked: dict[int, int], order: Sequence[int | None], own_face_down: Sequence[int],
              rng: random.Random) -> TrucoHidden:  # fmt: skip
    """The world where each other seat's unknown cards are ``picked``: its face-down plays drawn among them."""
    hands = [view.hand] * view.players
    remaining = dict(picked)
    face_down: list[int] = []
    known = iter(own_face_down)
    for player in order:
        if player is None:
            face_down.append(next(known))
            continue
        card = rng.choice(cards_in(remaining[player]))
        face_down.append(card)
        remaining[player] &= ~(1 << card)
    for other, cards in remaining.items():
        hands[other] = cards
    return TrucoHidden(tuple(hands), tuple(face_down))
