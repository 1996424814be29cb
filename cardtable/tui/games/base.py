"""What the table asks of a game: how its cards read and sort, what it shows aside, how it asks a decision.

Each game's parts are typed with the game's own view (``ManilleParts(TableParts[ManilleView])``) and take
every fact they show from it, or from the game's words: the table works out no rule. The facts most trick
games share come from two mixins, typed with the few fields they read: ``TrickFacts`` (cards held, the trick
in progress, its winner) and ``TrumpSuitFacts`` (a trump suit, the last trick's points, the hand's points).
The parts never import the table screen: what they need of it is the ``Table`` protocol below.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Generic, NamedTuple, Protocol, TypeVar

from cardtable.engine.cards import SUIT_GLYPHS, Deck, bits
from cardtable.engine.game import CALL_VERB, Action, GameRules, HandState, Number, View
from cardtable.engine.match import Match
from cardtable.engine.options import options_in_words
from cardtable.engine.words import GameWords, holder, says
from cardtable.games import find_game
from cardtable.saves import SaveSummary
from cardtable.tui.dialogs.beside_panel import asked_between_the_seats
from cardtable.tui.dialogs.choice import ChoiceDialog

if TYPE_CHECKING:
    from textual.app import App

    from cardtable.tui.widgets.card import Face

__all__ = ["Table", "TableParts", "TargetHeading", "TrickFacts", "TrumpSuitFacts", "holder", "says"]

V = TypeVar("V", bound=View)
V_contra = TypeVar("V_contra", bound=View, contravariant=True)


class Table(Protocol[V_contra]):
    """What a game's parts need of the table screen: the players' names, a card's face, the app's dialogs."""

    @property
    def names(self) -> Sequence[str]: ...

    @property
    def app(self) -> App[Any]: ...

    def face(self, view: V_contra, card: int) -> Face: ...


class SeenTrick(NamedTuple):
    """A trick as one seat may see it: a card it may not see is None (played face down by another seat)."""

    leader: int
    cards: tuple[int | None, ...]
    #: The seats that played their card face down (everyone sees that they did).
    face_down: tuple[int, ...]
    winner: int | None
    #: What the trick is worth, or None in a game whose tricks have no points.
    points: Number | None


class TableParts(ABC, Generic[V]):
    """A game's parts at the table, reading views of type ``V`` (``view_type``).

    How cards and actions read is the game's own words module (``rules.words``); the word methods here
    hand over to it, so the table and ``cardtable replay`` say the same things.
    """

    #: A hand may end with a line of its result, play going on by itself (the "brief hand ends" setting): a
    #: game of short hands (Truco's take a minute) would otherwise stop for its score sheet every minute.
    brief_hand_ends = False

    def __init__(self, game: str, view_type: type[V]) -> None:
        self.game = game
        self.view_type = view_type
        self.rules = find_game(game)
        self.words: GameWords[V] = self.rules.words

    @property
    def suit_names(self) -> dict[str, str]:
        return self.words.suit_names

    def not_at_table(self, options: object) -> str | None:
        """Why these options cannot be played at the table yet (a variant whose parts are still to come), or None."""
        return None

    def for_options(self, options: object) -> TableParts[Any]:
        """The parts that play these options: a variant with a table of its own has parts of its own."""
        return self

    # ------------------------------------------------------------- views
    def own(self, view: View) -> V:
        """``view`` as this game's view: the table draws only the views of the game it was made for."""
        if not isinstance(view, self.view_type):
            raise TypeError(f"{self.game}'s table reads {self.view_type.__name__}, not {type(view).__name__}")
        return view

    def seat_view(self, state: HandState, seat: int) -> V:
        """What ``seat`` may see of the hand ``state`` now."""
        return self.own(state.view(seat))

    # ------------------------------------------------------------- cards
    def card_face(self, code: str, ascii_cards: bool) -> tuple[str, str]:
        """The rank text and suit mark printed on a card (``("10", "♥")``, or ``("10", "H")`` in ASCII)."""
        return self.words.face(code, ascii_cards)

    def card_name(self, code: str) -> str:
        return self.words.card_name(code)

    def sorted_hand(self, view: V) -> list[int]:
        """The seat's cards in the order the hand shows them (the deck's own order by default)."""
        return list(bits(view.hand))

    def suit_letter(self, view: V, card: int) -> str:
        """The suit a card is coloured by."""
        deck = view.deck
        return deck.suits[deck.suit_of[card]]

    def is_marked(self, view: V, card: int) -> bool:
        """Whether a card is drawn with the trump mark (trump suit, manilhas...)."""
        return False

    def card_mark(self, view: V, card: int, ascii_cards: bool) -> str:
        """A mark written after the suit of a marked card in the hand, beside its colour (a manilha's star)."""
        return ""

    def hand_entries(self, view: V) -> list[tuple[int, int | None]]:
        """The hand as shown: (key, card) pairs, ``card`` None for a card whose face its holder may not see."""
        return [(card, card) for card in self.sorted_hand(view)]

    def legal_keys(self, view: V) -> set[int]:
        """The keys of the hand entries that may be played now."""
        return set(bits(view.legal_mask))

    def play_entry(self, view: V, key: int, face_down: bool = False) -> Action | None:
        """The action that plays the hand entry ``key`` (face down where the view allows it)."""
        return None if face_down else view.play_action(key)

    def face_down_allowed(self, view: V) -> bool:
        """Whether this seat may play a card face down now (the view says, in a game that has it)."""
        return False

    @abstractmethod
    def cards_held(self, view: V) -> Sequence[int]:
        """How many cards each seat holds now."""

    @abstractmethod
    def trick_cards(self, view: V) -> list[tuple[int, int | None]]:
        """The trick in progress as (seat, card) pairs, as the view shows it (None: a card face down)."""

    @abstractmethod
    def winning_seat(self, view: V) -> int | None:
        """The seat whose card currently wins the trick, as the view says."""

    @abstractmethod
    def last_trick(self, view: V) -> SeenTrick | None:
        """The last finished trick of the hand, as the view shows it; None before the first one."""

    def face_down_now(self, view: V) -> tuple[int, ...]:
        """The seats whose card in the trick in progress lies face down."""
        return ()

    def aside(self, view: V) -> tuple[int | None, str, str]:
        """What lies on the table beside the trick: a card face up and its label (a vira), and a short note."""
        return None, "", ""

    def scores_now(self, view: V) -> Sequence[Number] | None:
        """Per seat, the match score with what this hand has scored already (points that count at once);
        None where only finished hands score."""
        return None

    def hand_result_line(self, sides: Sequence[tuple[str, Number, Number]]) -> str:
        """A hand's result in one line: who won it, what it gained, and the score, the winner's first ("You &
        North win the hand: +3 — 9 to 6").  ``sides``: each side's name, the points it gained in the hand and its
        score now; a side that gained less than the winner is named with its points in brackets."""
        ranked = sorted(sides, key=lambda side: side[1], reverse=True)
        score = " to ".join(str(side_score) for _name, _gained, side_score in ranked)
        name, gained, _score = ranked[0]
        if gained <= 0:
            return f"Nobody scores in this hand — {score}"
        others = "".join(f" ({other} +{points})" for other, points, _score in ranked[1:] if points > 0)
        return f"{name} {says(name, 'wins')} the hand: +{gained}{others} — {score}"

    def standing(self, view: V, score: Number) -> str:
        """What a side's match score means beside the number (the malas or buenas), or empty."""
        return ""

    def hand_points(self, view: V) -> Sequence[Number] | None:
        """Per seat, the points its side has taken in this hand so far, where the table shows them."""
        return None

    def spread(self, view: V, names: list[str]) -> tuple[str, list[int]] | None:
        """Cards lying face up on the table in place of a trick, and the line that says what they are."""
        return None

    # ------------------------------------------------------------- words
    def hint_text(self, action: Action, view: V | None = None) -> str:
        """What follows "Hint: " for ``action`` ("play Q♦."), whatever kind of decision it is."""
        return self.words.hint_text(action, view)

    def describe_action(self, action: Action, names: list[str], view: V | None = None) -> str:
        """A plain sentence for the log: "West plays the ace of hearts." (``view``: the hand once it is taken)."""
        return self.words.describe_action(action, names, view=view)

    def choice_label(self, action: Action) -> str:
        """The label of an action in the choices dialog."""
        return self.words.choice_label(action)

    def news(self, view: V, action: Action, names: list[str]) -> list[str]:
        """What ``action`` settled, for the log and a notice to all (an envido's counts); ``view``: after it."""
        return []

    def deal_news(self, view: V, names: list[str]) -> list[str]:
        """What a deal settles for everyone, announced as well as logged (a bonus scored at once)."""
        return []

    def deal_lines(self, view: V, names: list[str]) -> list[str]:
        """What the log says when a hand is dealt (the turned card, say)."""
        return self.words.deal_lines(view, names)

    def game_title(self) -> str:
        """The game's name as the table writes it: its variant's, where the variant is a game of its own."""
        return self.rules.title

    def setup_title(self, options: object, players: int) -> str:
        """The game as a player names a match of it: its variant, the number of players where it is not the game's
        usual, and the options not at their default ("Manille, house rules: Belgian, table talk"; "Truco Paulista, 6
        players")."""
        title = self.game_title()
        variant, phrases = options_in_words(options, lambda raw: self.rules.parse_options(raw, players))
        if variant is not None and variant not in title:
            title = f"{title} {variant}"
        if players != self.rules.default_players:
            phrases.insert(0, f"{players} players")
        return ", ".join([title, *phrases])

    def save_summary(self, match: Match, names: Sequence[str]) -> SaveSummary:
        """What the start screen says of ``match`` unfinished: the game, the hand to play (between two hands, the
        next one) and every seat's name and score as the table shows them now (points that count at once
        included)."""
        state = match.current
        now = self.scores_now(self.seat_view(state, 0)) if state is not None else None
        hand = len(match.hands) + (state is None)
        scores = tuple(now if now is not None else match.scores)
        title = self.setup_title(match.options, match.players)
        return SaveSummary(match.rules.name, title, match.players, hand, tuple(names), scores)

    def heading(self, view: V) -> str:
        """The first line of the side panel: the game, and what wins the match where the options say."""
        return self.game_title()

    def info_lines(self, view: V, names: list[str], private: bool = True) -> list[str]:
        """Lines for the side panel (trump, turned card, stake...); only public ones unless ``private``."""
        return []

    def phase_prompt(self, view: V, names: Sequence[str]) -> str:
        """What the human is asked to do now (the table adds the keys that do it)."""
        return "Your turn: pick a card."

    def waiting_text(self, view: V, names: list[str]) -> str | None:
        """What the status line says while a seat not at the keyboard decides (None: "Waiting for NAME…")."""
        return None

    def seat_note(self, view: V, seat: int) -> str:
        """A short public note under a seat's name (a bid, a call)."""
        return ""

    def centre_text(self, view: V) -> str:
        return ""

    # ------------------------------------------------------------- decisions
    async def ask(self, table: Table[V], view: V, actions: list[Action]) -> Action | None:
        """A decision that is not a card play: the default dialog lists the legal actions."""
        labels = [(self.choice_label(a), a) for a in actions]
        question = ChoiceDialog(self.phase_prompt(view, table.names), labels)
        return await table.app.push_screen_wait(asked_between_the_seats(question))

    async def ask_calls(self, table: Table[V], view: V, calls: list[Action]) -> Action | None:
        """The calls key: choose one of the calls open now, or none."""
        choices = [(self.choice_label(a), a) for a in calls]
        question = ChoiceDialog("Make a call", choices, can_cancel=True)
        return await table.app.push_screen_wait(asked_between_the_seats(question))

    def calls_hint(self, view: V, calls: list[Action]) -> str:
        """What the prompt says the calls key offers beside the cards now (after the key's name)."""
        return ", ".join(self.words.advice(a, view) for a in calls)

    def announces(self, action: Action) -> bool:
        """Whether a computer seat's action is announced in a notice as well as in the log (a call, say)."""
        return action.verb == CALL_VERB

    def offer_prompt(self, view: V, calls: list[Action]) -> str:
        return "You may make a call now."

    def call_key_actions(self, view: V, key: str) -> list[Action]:
        """The legal calls the call key ``key`` (``envido``, ``truco``, ``mazo``: binding ids) makes now."""
        return []

    def call_key_label(self, view: V, key: str) -> str:
        """What the prompt says the call key ``key`` does now ("truco", "retruco")."""
        return key

    def calls_to_offer(self, view: V, actions: list[Action]) -> list[Action]:
        """Calls worth asking about in a dialog before the player picks a card (none by default)."""
        return []


# ----------------------------------------------------------------- what trick games share


class PlayedView(Protocol):
    """The cards in play, as every trick game's view shows them."""

    @property
    def held(self) -> Sequence[int]: ...

    @property
    def trick(self) -> Sequence[tuple[int, int | None]]: ...

    @property
    def winning_seat(self) -> int | None: ...


class TrickFacts:
    """Cards held, the trick in progress and its winner, straight from the view."""

    def cards_held(self, view: PlayedView) -> Sequence[int]:
        return view.held

    def trick_cards(self, view: PlayedView) -> list[tuple[int, int | None]]:
        return list(view.trick)

    def winning_seat(self, view: PlayedView) -> int | None:
        return view.winning_seat


class TrumpSuitView(PlayedView, Protocol):
    """A trick game with a trump suit and card points: Manille and Malilla."""

    @property
    def deck(self) -> Deck: ...

    @property
    def hand(self) -> int: ...

    @property
    def trump(self) -> int | None: ...

    @property
    def trumps(self) -> int: ...

    @property
    def tricks(self) -> Sequence[tuple[int, tuple[int, ...], int, int]]: ...

    def points(self) -> Sequence[Number]: ...


class TrumpSuitFacts(TrickFacts):
    """The hand sorted by suit with trump last, the trump mark, the last trick and its points."""

    words: GameWords[Any]

    def trump_suit(self, view: TrumpSuitView) -> str | None:
        """The trump suit's letter, or None before it is known."""
        return None if view.trump is None else view.deck.suits[view.trump]

    def sorted_hand(self, view: TrumpSuitView) -> list[int]:
        """The seat's cards grouped by suit, the trump suit last, each suit from low to high."""
        deck, trump = view.deck, view.trump
        order = [s for s in range(len(deck.suits)) if s != trump] + ([trump] if trump is not None else [])
        cards: list[int] = []
        for suit in order:
            cards.extend(bits(view.hand & deck.suit_masks[suit]))
        return cards

    def is_marked(self, view: TrumpSuitView, card: int) -> bool:
        return bool(view.trumps >> card & 1)

    def last_trick(self, view: TrumpSuitView) -> SeenTrick | None:
        if not view.tricks:
            return None
        leader, cards, winner, points = view.tricks[-1]
        return SeenTrick(leader, tuple(cards), (), winner, points)

    def hand_points(self, view: TrumpSuitView) -> Sequence[Number] | None:
        return view.points()

    def trump_lines(self, view: TrumpSuitView) -> list[str]:
        """The side panel's line for the trump suit, once it is known."""
        trump = self.trump_suit(view)
        return [f"Trump {SUIT_GLYPHS[trump]} {self.words.suit_names[trump]}"] if trump else []

    def centre_text(self, view: TrumpSuitView) -> str:
        trump = self.trump_suit(view)
        return f"trump\n{SUIT_GLYPHS[trump]}" if trump else ""


class Targeted(Protocol):
    @property
    def target(self) -> int: ...


class TargetView(Protocol):
    @property
    def options(self) -> Targeted: ...


class TargetHeading:
    """The heading of a game played to a target score: "Manille — to 101"."""

    rules: GameRules

    def heading(self, view: TargetView) -> str:
        return f"{self.rules.title} — to {view.options.target}"
