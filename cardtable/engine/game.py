"""The interface every game implements.

A *game* (``GameRules``) knows its options, how to deal, how to read a deal and an action from a record,
and how hands combine into a match.  A *hand* (``HandState``) is one deal being played: who acts, what
is legal, why something is not, what each seat may see, and what the hand scores.
"""

from __future__ import annotations

import functools
import random
from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import Any, ClassVar, NamedTuple

from .cards import Deck
from .errors import IllegalAction, RecordError, quote
from .words import GameWords

Number = int | float


class Action(NamedTuple):
    """One decision of one seat, exactly as a record writes it.

    ``value`` is the verb's value (a card code, a word, a number, or a tuple of card codes) and
    ``extra`` the verb's own further keys as sorted ``(key, value)`` pairs (a bid's ``suit``, a face-down
    play's ``hidden``, a poignée's ``cards``).
    """

    seat: int
    verb: str
    value: Any
    extra: tuple[tuple[str, Any], ...] = ()

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"seat": self.seat, self.verb: _jsonable(self.value)}
        for key, value in self.extra:
            out[key] = _jsonable(value)
        return out

    def get(self, key: str, default: Any = None) -> Any:
        for k, v in self.extra:
            if k == key:
                return v
        return default

    def __str__(self) -> str:
        return describe_action_json(self.to_json())


def _jsonable(value: Any) -> Any:
    return list(value) if isinstance(value, tuple) else value


def describe_action_json(action: dict[str, Any]) -> str:
    import json

    return json.dumps(action, separators=(", ", ": "))


@functools.cache
def play_actions(deck: Deck, seat: int) -> tuple[Action, ...]:
    """Every card play of one seat, indexed by card: made once, shared by every hand and view."""
    return tuple(Action(seat, "play", code) for code in deck.codes)


class Trick(NamedTuple):
    leader: int
    cards: tuple[str, ...]
    winner: int | None
    points: Number

    def to_json(self) -> dict[str, Any]:
        return {"leader": self.leader, "cards": list(self.cards), "winner": self.winner, "points": self.points}


class View:
    """What one seat may see at one moment.  Each game defines its own fields; these are common.

    Trick games also fill ``legal_mask`` (the cards this seat may play now, as a deck mask) and set
    ``only_plays`` when no other kind of action is open, so that players can work on masks.
    """

    seat: int
    to_act: int | None
    legal_mask: int = 0
    only_plays: bool = False
    deck: Deck

    def legal_actions(self) -> list[Action]:
        """The actions this seat may take now (empty when it is not this seat's decision)."""
        raise NotImplementedError

    #: This seat's card plays, indexed by card (actions are immutable, so they are made once per deck).
    plays: tuple[Action, ...]

    def play_action(self, card: int) -> Action:
        return self.plays[card]

    def fingerprint(self) -> str:
        """A text that identifies the view: equal views give equal fingerprints (seeds hints)."""
        raise NotImplementedError


class HandState(ABC):
    """One hand (one deal) in progress."""

    players: int
    dealer: int
    tricks: list[Trick]

    @property
    @abstractmethod
    def to_act(self) -> int | None:
        """The seat whose decision it is, or ``None`` once the hand is complete."""

    #: Whether the hand is over (an attribute, not a property: search loops test it after every card).
    complete: bool

    @abstractmethod
    def legal_actions(self) -> list[Action]: ...

    @abstractmethod
    def verify(self, action: Action) -> None:
        """Raise ``IllegalAction`` with a player's sentence if ``action`` is not legal now."""

    @abstractmethod
    def apply(self, action: Action) -> None:
        """Verify and carry out ``action``."""

    @abstractmethod
    def view(self, seat: int) -> View: ...

    @abstractmethod
    def points(self) -> list[Number]:
        """Per seat, the points its side has taken so far in this hand."""

    @abstractmethod
    def score_delta(self) -> list[Number] | None:
        """Per seat, what the hand adds to the match score; ``None`` while incomplete."""

    def summary(self) -> dict[str, Any]:
        """Extra per-hand fields for ``replay --json`` (trump, contract, ...)."""
        return {}

    def explain(self, names: Sequence[str] | None = None) -> list[str]:
        """The hand's score in plain sentences (the score sheet shows them); empty while incomplete."""
        delta = self.score_delta()
        if delta is None:
            return []
        return [f"Points {self.points()}, score {delta}."]

    def follows(self, previous: HandState) -> None:
        """Told by the match which complete hand came before this one (a game that counts deals carries it on)."""
        return None

    #: Whether this game has out-of-turn calls at all (lets loops skip asking, hand after hand).
    offers_calls: ClassVar[bool] = False

    def optional_calls(self) -> dict[int, list[Action]]:
        """Calls that seats other than ``to_act`` may make out of turn right now, by seat.

        Malilla's redeal call is the example: any eligible seat may call before the first lead.  The
        game loop offers these to their seats before it asks ``to_act``; replay lists them in ``legal``.
        """
        return {}

    def legal_for_output(self) -> list[dict[str, Any]]:
        """``next.legal`` as written by replay (games with card-set choices write patterns)."""
        return [a.to_json() for a in self.legal_actions()]

    def check_turn(self, action: Action) -> None:
        to_act = self.to_act
        if to_act is None:
            raise IllegalAction("The hand is over: no more actions can be taken in it.")
        if action.seat != to_act:
            raise IllegalAction(f"Out of turn: it is seat {to_act}'s turn, not seat {action.seat}'s.")


class Deal:
    """The cards as dealt.  Each game extends it with its parts (turned card, vira, chien, ...)."""

    def __init__(self, hands: Sequence[int]) -> None:
        self.hands = list(hands)

    def to_json(self, deck: Deck) -> dict[str, Any]:
        return {"hands": [deck.codes_of(h) for h in self.hands]}


class GameRules(ABC):
    """A game: its options, its deal, its record form, and how hands add up to a match."""

    name: ClassVar[str]
    title: ClassVar[str]
    options_type: ClassVar[type]
    player_counts: ClassVar[tuple[int, ...]]
    default_players: ClassVar[int]
    #: How the game's cards and actions read (its ``words`` module), for the table and for replay.
    words: ClassVar[GameWords] = GameWords()

    def words_for(self, options: Any) -> GameWords:
        """The words of a game played with ``options`` (a variant may name its cards its own way)."""
        return self.words

    #: When true the dealer of hand h+1 is always dealer(h) + 1, checked with the record's form;
    #: otherwise it depends on the play (checked during replay through ``next_dealer``).
    fixed_rotation: ClassVar[bool] = True

    @abstractmethod
    def parse_options(self, raw: object, players: int) -> Any:
        """Options from a record's ``options`` (``RecordError`` naming the field)."""

    @abstractmethod
    def deck(self, options: Any, players: int) -> tuple[Deck, int]:
        """The deck and the mask of the cards in play for this option set and player count."""

    @abstractmethod
    def random_deal(self, rng: random.Random, options: Any, players: int, dealer: int) -> Deal: ...

    @abstractmethod
    def parse_deal(self, raw: object, options: Any, players: int, dealer: int) -> Deal:
        """A deal from a record (``RecordError`` naming the field)."""

    @abstractmethod
    def new_hand(self, options: Any, players: int, dealer: int, deal: Deal, scores: Sequence[Number]) -> HandState:
        """Start playing ``deal``; ``scores`` are the match scores before the hand."""

    @abstractmethod
    def parse_action(self, raw: object, options: Any, players: int) -> Action:
        """An action's form (``RecordError``): its seat, its single verb and the value's shape."""

    def validate_start_scores(self, scores: list[Number], options: Any, players: int) -> None:
        """Raise ``RecordError`` if ``start_scores`` cannot begin a match of this game."""
        by_side: dict[int, Number] = {}
        for seat in range(players):
            side_score = by_side.setdefault(self.side_of(seat, players), scores[seat])
            if scores[seat] != side_score:
                raise RecordError("start_scores must give partners equal scores")

    def next_dealer(self, hand: HandState) -> int:
        return (hand.dealer + 1) % hand.players

    @abstractmethod
    def match_result(
        self, options: Any, players: int, scores: Sequence[Number], hand: HandState
    ) -> tuple[list[int] | None, str | None]:
        """After a complete hand with the new ``scores``: the winning seats (or ``None``) and a special win."""

    def side_of(self, seat: int, players: int) -> int:
        """The side (team) of a seat; partnership games pair seats by parity."""
        return seat % 2 if players in (2, 4, 6) else seat

    def seat_names(self, players: int) -> list[str]:
        if players == 4:
            return ["South", "East", "North", "West"]
        return [f"Seat {i}" for i in range(players)]


def check_seat(raw: dict[str, Any], players: int) -> int:
    seat = raw.get("seat")
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
        raise RecordError(f"action.seat must be a seat number from 0 to {players - 1}, not {quote(seat)}")
    return seat


def single_verb(raw: object, verbs: Sequence[str], allowed_extra: dict[str, Sequence[str]]) -> str:
    """Check that an action object has exactly one of ``verbs`` and only that verb's extra keys."""
    if not isinstance(raw, dict):
        raise RecordError("action must be an object")
    present = [v for v in verbs if v in raw]
    if len(present) != 1:
        listed = ", ".join(verbs)
        if not present:
            raise RecordError(f"action must have one verb ({listed})")
        raise RecordError(f"action has more than one verb ({', '.join(present)})")
    verb = present[0]
    extras = set(allowed_extra.get(verb, ()))
    for key in raw:
        if key not in ("seat", verb) and key not in extras:
            raise RecordError(f"action has an unexpected key {quote(key)}")
    return verb


def parse_deal_hands(raw: object, deck: Deck, in_play: int, players: int, size: int | None = None) -> list[int]:
    """``deal.hands`` as masks: equal hands that together hold every card in play exactly once."""
    if not isinstance(raw, dict):
        raise RecordError("deal must be an object")
    lists = raw.get("hands")
    if not isinstance(lists, list) or len(lists) != players:
        raise RecordError(f"deal.hands must be a list of {players} hands")
    size = size or in_play.bit_count() // players
    seen = 0
    hands = []
    for seat, cards in enumerate(lists):
        if not isinstance(cards, list) or len(cards) != size:
            count = len(cards) if isinstance(cards, list) else "no list"
            raise RecordError(f"deal.hands[{seat}] must hold {size} cards, not {count}")
        mask = 0
        for code in cards:
            try:
                card = deck.parse(code, in_play)
            except ValueError as error:
                raise RecordError(f"deal.hands[{seat}]: {error}") from None
            if seen >> card & 1:
                raise RecordError(f"deal.hands[{seat}]: {deck.codes[card]} is dealt twice")
            seen |= 1 << card
            mask |= 1 << card
        hands.append(mask)
    return hands
