"""The interface every game implements.

A *game* (``GameRules``) knows its options, how to deal, how to read a deal and an action from a record,
and how hands combine into a match.  A *hand* (``HandState``) is one deal being played: who acts, what
is legal, why something is not, what each seat may see (its ``View``), and what the hand scores.

Every hook a game may leave out is declared here with its default, so the engine and the table call it
without asking first whether the game has it.
"""

from __future__ import annotations

import functools
import random
from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, Any, ClassVar, NamedTuple, Protocol, Self

from .cards import Deck, cards_in
from .errors import IllegalAction, RecordError, quote
from .words import GameWords

if TYPE_CHECKING:
    from .players import ComputerPlayer

Number = int | float


class Verb(StrEnum):
    """The verbs every game spells alike (a game adds its own, such as Tarot's ``king``).

    Members are strings, so an action read from a record (plain text) equals the one a game makes.
    """

    PLAY = "play"
    CALL = "call"
    BID = "bid"


# The members as globals too: on Python 3.11 a member read through its enum class costs several times a
# global, and these are compared at every action.
PLAY_VERB, CALL_VERB, BID_VERB = Verb


def partnership_side(seat: int, players: int) -> int:
    """The side of a seat where partners sit opposite: seats of one parity at an even table, alone otherwise."""
    return seat % 2 if players % 2 == 0 else seat


@functools.cache
def partnership_sides(players: int) -> tuple[int, ...]:
    """Each seat's ``partnership_side``, seat by seat."""
    return tuple(partnership_side(seat, players) for seat in range(players))


@functools.cache
def partnership_teams(players: int) -> tuple[tuple[int, ...], ...]:
    """The seats of each side, side by side, as ``partnership_side`` pairs them."""
    sides = [partnership_side(seat, players) for seat in range(players)]
    return tuple(tuple(seat for seat in range(players) if sides[seat] == side) for side in sorted(set(sides)))


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
    return tuple(Action(seat, PLAY_VERB, code) for code in deck.codes)


class FinishedTrick(Protocol):
    """A finished trick as replay writes it and the table announces it (real card codes: not for a view)."""

    @property
    def leader(self) -> int: ...

    @property
    def cards(self) -> tuple[str, ...]: ...

    @property
    def winner(self) -> int | None: ...

    @property
    def points(self) -> Number: ...

    def to_json(self) -> dict[str, Any]: ...


class Trick(NamedTuple):
    leader: int
    cards: tuple[str, ...]
    winner: int | None
    points: Number

    def to_json(self) -> dict[str, Any]:
        return {"leader": self.leader, "cards": list(self.cards), "winner": self.winner, "points": self.points}


def enum_free(value: object) -> object:
    """``value`` with every string enum member turned into its text, inside tuples too (for fingerprints)."""
    if isinstance(value, tuple):
        return tuple(enum_free(item) for item in value)
    if isinstance(value, StrEnum):
        return str(value)
    return value


@dataclass(slots=True)
class View:
    """What one seat may see at one moment: the only thing a computer player or the table reads of a hand.

    Each game's view is a slots dataclass deriving from this one, made by its hand state (``HandState.view``),
    that holds no reference to the state and no card its seat may not see.  These fields are common to all:

    * ``hand``: this seat's own cards as a deck mask (0 when it may not see them);
    * ``legal_mask``: the cards this seat may play now, as a deck mask;
    * ``only_plays``: the decision is a card play, so a player may work on the mask alone (any other action
      then listed in ``legal`` may be left aside, such as a statement made before the card);
    * ``legal``: the seat's legal actions as the hand listed them, when they are not just the mask's plays
      (the hand's own list: read it through ``legal_actions()``, which copies it);
    * ``plays``: this seat's card plays, indexed by card (actions are immutable, made once per deck).
    """

    seat: int
    to_act: int | None
    #: The step of the hand (each game's own enum of phases, members equal to their names in records).
    phase: str
    players: int
    dealer: int
    #: The match scores before this hand, by seat.
    scores: tuple[Number, ...]
    deck: Deck
    plays: tuple[Action, ...]
    hand: int
    legal_mask: int
    only_plays: bool
    legal: Sequence[Action]

    def legal_actions(self) -> list[Action]:
        """The actions this seat may take now (empty when it is not this seat's decision)."""
        if self.legal:
            return list(self.legal)
        plays = self.plays
        return [plays[card] for card in cards_in(self.legal_mask)]

    def play_action(self, card: int) -> Action:
        return self.plays[card]

    def fingerprint(self) -> str:
        """A text that identifies the view: equal views give equal fingerprints (seeds hints)."""
        raise NotImplementedError

    @property
    def log(self) -> tuple[Action, ...]:
        """Every action of the hand so far that this seat saw, in order, as the record writes them.

        What the seat did not see stays out of the action: a card another seat put face down or aside reads
        ``None`` where the record names it (``UNSEEN``).  With the seat's cards and those it cannot see
        (``Hidden``), the log is enough to play the hand again up to this moment (``GameRules.state_from_view``).
        """
        raise NotImplementedError(f"{type(self).__name__} keeps no action log")


#: What a view's log writes for a card this seat did not see (a face-down play, a discard put aside).
UNSEEN = None


@dataclass(frozen=True, slots=True)
class Hidden:
    """One way the cards a seat cannot see may lie, consistent with its view: what a search deals itself.

    ``hands`` holds every seat's cards now, the viewing seat's own included.  A game that hides cards outside
    the hands (Tarot's chien and discard, Truco's face-down plays) says where they are in a subclass.
    """

    hands: tuple[int, ...]


class HandState(ABC):
    """One hand (one deal) in progress."""

    players: int
    dealer: int
    #: The step of the hand (each game's own enum of phases, members equal to their names in records).
    phase: str

    @property
    @abstractmethod
    def to_act(self) -> int | None:
        """The seat whose decision it is, or ``None`` once the hand is complete."""

    #: Whether the hand is over (an attribute, not a property: search loops test it after every card).
    complete: bool

    @property
    @abstractmethod
    def tricks(self) -> Sequence[FinishedTrick]:
        """The finished tricks, in order, with their real cards (replay's output, the table's last trick)."""

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

    #: The attributes holding a list, set or dict that ``clone`` copies (``None``: every such attribute, found by
    #: looking, the slower way).  Everything else a hand holds is immutable and shared by its clones.
    copied: ClassVar[tuple[str, ...] | None] = None

    def clone(self) -> Self:
        """An independent copy of the hand: what is done to one leaves the other as it was (search plays on it)."""
        twin = object.__new__(type(self))
        attributes = self.__dict__.copy()
        names = self.copied
        if names is None:
            names = tuple(name for name, value in attributes.items() if isinstance(value, list | set | dict))
        for name in names:
            attributes[name] = attributes[name].copy()
        twin.__dict__ = attributes
        return twin

    def hidden(self) -> Hidden:
        """Where the cards lie that some seat may not see, as ``GameRules.state_from_view`` reads them."""
        raise NotImplementedError(f"{type(self).__name__} cannot say where its hidden cards lie")

    #: Whether this hand's views may offer actions that name no card (Truco's blind plays pick a face-down
    #: slot), which ``resolve`` turns into the record's action; the match asks only the hands that do.
    resolves_actions: bool = False

    def resolve(self, action: Action) -> Action:
        """``action`` as the record writes it (a blind play as the card it turns up); most games' already are."""
        return action

    def side(self, seat: int) -> int:
        """The side of ``seat`` in this hand: the seats of a side share the hand's result."""
        return partnership_side(seat, self.players)

    def stats(self) -> dict[str, int]:
        """Counts of this hand that ``cardtable sim`` adds up over a run (Tarot's contracts made)."""
        return {}

    def seat_stats(self, seat: int) -> dict[str, int]:
        """Counts of one seat in this hand that ``cardtable sim`` adds up by level (Tarot's contracts taken)."""
        return {}

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


#: Makes a computer player, seeded or (``None``) seeded from each view it is shown.
PlayerFactory = Callable[[random.Random | None], "ComputerPlayer[Any]"]
#: Deals the cards a view hides: (view, generator, how many worlds) to worlds (``GameRules.sample_hidden``).
HiddenSampler = Callable[[Any, random.Random, int], "Sequence[Hidden]"]


class SeatTally:
    """What a game counts of one seat's play in a finished match, for the statistics across matches.

    The statistics replay the match's record and show every action to the tally just before it is applied,
    and every hand once it is complete, so the counts come from the record alone.  A game's own tally (given
    to its rules with ``GameRules.count_with``) adds its facts; this one counts none.
    """

    #: The counts this tally keeps, in the order a player reads them, with their labels.
    labels: ClassVar[dict[str, str]] = {}

    def __init__(self, seat: int, options: Any, players: int) -> None:
        self.seat = seat
        self.options = options
        self.players = players
        self.counts: Counter[str] = Counter()

    def before_action(self, state: HandState, action: Action) -> None:
        """``action`` is about to be applied to ``state``, which still shows the position it was chosen in."""

    def after_hand(self, state: HandState) -> None:
        """``state`` is complete and scored."""

    def after_match(self, winner: list[int] | None, special: str | None) -> None:
        """The whole record has been replayed: the match's winners and its named kind of win, if any."""

    def won_hand(self, state: HandState) -> bool:
        """Whether the seat's side came out of the complete hand ``state`` ahead of every other side."""
        delta = state.score_delta()
        if not delta:
            return False
        side = state.side(self.seat)
        ours = max(d for s, d in enumerate(delta) if state.side(s) == side)
        return all(d < ours for s, d in enumerate(delta) if state.side(s) != side)


TallyFactory = Callable[[int, Any, int], SeatTally]


class GameRules(ABC):
    """A game: its options, its deal, its record form, and how hands add up to a match.

    The rule book knows no player: a game's package joins its computer levels to its rules
    (``add_level``), so the rules module never imports the players that read it.
    """

    name: ClassVar[str]
    title: ClassVar[str]
    options_type: ClassVar[type]
    player_counts: ClassVar[tuple[int, ...]]
    default_players: ClassVar[int]
    #: How the game's cards and actions read (its ``words`` module), for the table and for replay.
    words: ClassVar[GameWords[Any]] = GameWords()

    def words_for(self, options: Any) -> GameWords[Any]:
        """The words of a game played with ``options`` (a variant may name its cards its own way)."""
        return self.words

    def options_type_for(self, chosen: dict[str, Any]) -> type:
        """The options a variant plays with, given the options ``chosen`` so far (a variant may have its own)."""
        return self.options_type

    #: Where the game comes in menus and lists (lower first); games with equal positions go by name.
    position: ClassVar[int] = 100
    #: When true the dealer of hand h+1 is always dealer(h) + 1, checked with the record's form;
    #: otherwise it depends on the play (checked during replay through ``next_dealer``).
    fixed_rotation: ClassVar[bool] = True

    def __init__(self) -> None:
        self._levels: dict[str, PlayerFactory] = {}
        self._sampler: HiddenSampler | None = None
        self._level_labels: dict[str, str] = {}
        self._tally: TallyFactory | None = None

    def add_level(self, name: str, factory: PlayerFactory, label: str | None = None) -> None:
        """Offer a computer level of this game (its package does it, beside the rules).

        ``label`` is how a player's menu names the level ("Club player"); by default, its name capitalised.
        """
        self._levels[name] = factory
        self._level_labels[name] = label or name.replace("_", " ").capitalize()

    def level_label(self, name: str) -> str:
        """How a player's menu names the computer level ``name``."""
        return self._level_labels.get(name) or name.replace("_", " ").capitalize()

    def add_sampler(self, sampler: HiddenSampler) -> None:
        """Join a sampler of hidden cards kept in a module of its own (its package does it, beside the rules):
        ``sample_hidden`` then asks it."""
        self._sampler = sampler

    def computer_levels(self) -> Mapping[str, PlayerFactory]:
        """The game's own computer levels by name, in the order they were added."""
        return dict(self._levels)

    def count_with(self, factory: TallyFactory) -> None:
        """Count the game's own facts for the statistics across matches (its package does it, like levels)."""
        self._tally = factory

    def tally(self, seat: int, options: Any, players: int) -> SeatTally:
        """What the statistics count of ``seat``'s play in a match of this game (wins and hands only, by default)."""
        return self._tally(seat, options, players) if self._tally is not None else SeatTally(seat, options, players)

    def variant_name(self, options: Any, players: int) -> str:
        """How the statistics tell this game's forms apart: by the number of players where it may vary."""
        return f"{players} players" if len(self.player_counts) > 1 else "standard"

    def sim_summary(self, totals: Mapping[str, Number]) -> dict[str, Any]:
        """The fields ``cardtable sim`` adds from the hands' ``stats()`` added up (only when there are some)."""
        return {"stats": dict(totals)}

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

    def state_from_view(self, view: Any, hidden: Hidden) -> HandState:
        """The hand ``view`` was made from, with the cards it hides placed as ``hidden`` says.

        The view's log is played again on a deal made of what the view shows and what ``hidden`` adds, so the
        hand is rebuilt in every phase.  ``IllegalAction`` means ``hidden`` does not fit the view.  A game
        that cannot rebuild its hands keeps this default, which says so (``NotImplementedError``).
        """
        raise NotImplementedError(f"{self.title} cannot rebuild a hand from a view")

    def dealt_from_view(self, view: Any, hidden: Hidden) -> HandState:
        """The hand ``view`` was made from as it was dealt, the cards it hides placed as ``hidden`` says: what
        ``state_from_view`` plays the log on (a search that weighs a world by its plays plays it itself)."""
        raise NotImplementedError(f"{self.title} cannot rebuild a deal from a view")

    def sample_hidden(self, view: Any, rng: random.Random, count: int) -> list[Hidden]:
        """Up to ``count`` ways the cards ``view`` hides may lie, each drawn uniformly among those that fit it.

        "Fit" is everything the view shows: the cards played, the voids and duties they reveal, the cards shown
        to everyone.  Fewer come back only when fewer exist.  The default asks the sampler the game's package
        joined (``add_sampler``), if any.
        """
        if self._sampler is None:
            raise NotImplementedError(f"{self.title} has no sampler of hidden cards")
        return list(self._sampler(view, rng, count))

    @abstractmethod
    def match_result(
        self, options: Any, players: int, scores: Sequence[Number], hand: HandState
    ) -> tuple[list[int] | None, str | None]:
        """After a complete hand with the new ``scores``: the winning seats (or ``None``) and a special win."""

    def side_of(self, seat: int, players: int) -> int:
        """The side (team) a seat keeps for the whole match; partnership games pair seats by parity."""
        return partnership_side(seat, players)

    def seat_names(self, players: int) -> list[str]:
        if players == 4:
            return ["South", "East", "North", "West"]
        return [f"Seat {i}" for i in range(players)]


def check_start_below_target(scores: Sequence[Number], target: int) -> None:
    """``RecordError`` unless every start score is a whole number from 0 below ``target``: in a game the first
    side to reach the target wins (Malilla, Truco), a match begun at it would be over before its first deal."""
    for value in scores:
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise RecordError(f"start_scores must hold whole numbers from 0, not {value!r}")
        if value >= target:
            raise RecordError(f"start_scores must be below the target ({target}): {value} would have won already")


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
