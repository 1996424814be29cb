"""What the table asks of a game: how its cards read, how its actions are said, what it shows aside.

The defaults serve any trick game whose views carry ``hand``/``trick``/``tricks`` masks and tuples
(Manille, Malilla).  A game overrides what differs; the table itself has no branch per game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

from cardtable.engine.cards import SUIT_GLYPHS, bits
from cardtable.engine.game import Action, View
from cardtable.engine.words import holder, says
from cardtable.games import find_game

__all__ = ["TableParts", "holder", "says"]

if TYPE_CHECKING:
    from cardtable.tui.screens.table import TableScreen


class SeenTrick(NamedTuple):
    """A trick as one seat may see it: a card it may not see is None (played face down by another seat)."""

    leader: int
    cards: tuple[int | None, ...]
    #: The seats that played their card face down (everyone sees that they did).
    face_down: tuple[int, ...]
    winner: int | None
    #: What the trick is worth, or None in a game whose tricks have no points.
    points: Any


class TableParts:
    """The default parts: cards sorted by suit with trump last, a list of choices.

    How cards and actions read is the game's own words module (``rules.words``); the word methods here
    hand over to it, so the table and ``cardtable replay`` say the same things.
    """

    #: Decisions other than card plays are asked in a dialog listing the legal actions.
    def __init__(self, game: str) -> None:
        self.game = game
        self.rules = find_game(game)
        self.words = self.rules.words

    @property
    def suit_names(self) -> dict[str, str]:
        return self.words.suit_names

    def not_at_table(self, options: Any) -> str | None:
        """Why these options cannot be played at the table yet (a variant whose parts are still to come), or None."""
        return None

    # ------------------------------------------------------------- cards
    def deck(self, view: View) -> Any:
        return view.deck

    def card_face(self, code: str, ascii_cards: bool) -> tuple[str, str]:
        """The rank text and suit mark printed on a card (``("10", "♥")``, or ``("10", "H")`` in ASCII)."""
        return self.words.face(code, ascii_cards)

    def card_name(self, code: str) -> str:
        return self.words.card_name(code)

    def trump_suit(self, view: View) -> str | None:
        trump = getattr(view, "trump", None)
        return None if trump is None else view.deck.suits[trump]

    def sorted_hand(self, view: View) -> list[int]:
        """The seat's cards grouped by suit, the trump suit last, each suit from low to high."""
        deck = view.deck
        trump = getattr(view, "trump", None)
        order = [s for s in range(len(deck.suits)) if s != trump] + ([trump] if trump is not None else [])
        cards: list[int] = []
        for suit in order:
            cards.extend(bits(view.hand & deck.suit_masks[suit]))
        return cards

    def suit_letter(self, code: str) -> str:
        """The suit a card is coloured by (its code's last letter for suited cards)."""
        return code[-1]

    async def ask_calls(self, table: TableScreen, view: View, calls: list[Action]) -> Action | None:
        """The calls key: choose one of the calls open now, or none."""
        from cardtable.tui.dialogs.choice import ChoiceDialog

        choices: list[tuple[str, Action | None]] = [(self.choice_label(a), a) for a in calls]
        return await table.app.push_screen_wait(ChoiceDialog("Make a call", choices, can_cancel=True))

    def hand_entries(self, view: View) -> list[tuple[int, int | None]]:
        """The hand as shown: (key, card) pairs, ``card`` None for a card whose face its holder may not see."""
        return [(card, card) for card in self.sorted_hand(view)]

    def legal_keys(self, view: View) -> set[int]:
        """The keys of the hand entries that may be played now."""
        return set(bits(view.legal_mask))

    def play_entry(self, view: View, key: int, face_down: bool = False) -> Action | None:
        """The action that plays the hand entry ``key`` (face down where the game allows it)."""
        return None if face_down else view.play_action(key)

    def can_play_face_down(self, view: View | None) -> bool:
        return False

    def is_marked(self, view: View, card: int) -> bool:
        """Whether a card is drawn with the trump mark (trump suit, manilhas...)."""
        trump = self.trump_suit(view)
        return trump is not None and view.deck.codes[card][-1] == trump

    def trick_cards(self, view: View) -> list[tuple[int, int | None]]:
        """The trick in progress as (seat, card) pairs, as the view shows it (None: a card face down)."""
        return list(view.trick)  # type: ignore[attr-defined]

    def face_down_now(self, view: View) -> tuple[int, ...]:
        """The seats whose card in the trick in progress lies face down."""
        return ()

    def last_trick(self, view: View) -> SeenTrick | None:
        """The last finished trick of the hand, as the view shows it; None before the first one."""
        tricks = view.tricks  # type: ignore[attr-defined]
        if not tricks:
            return None
        leader, cards, winner, points = tricks[-1][:4]
        return SeenTrick(leader, tuple(cards), (), winner, points)

    def hint_text(self, action: Action) -> str:
        return self.words.hint_text(action)

    def cards_held(self, view: View, players: int) -> list[int]:
        """How many cards each seat holds, from what the view shows (everyone starts with as many)."""
        played = [0] * players
        for trick in view.tricks:  # type: ignore[attr-defined]
            leader = trick[0]
            for k in range(len(trick[1])):
                played[(leader + k) % players] += 1
        for seat, _card in view.trick:  # type: ignore[attr-defined]
            played[seat] += 1
        start = view.hand.bit_count() + played[view.seat]
        return [start - n for n in played]

    # ------------------------------------------------------------- words
    def describe_action(self, action: Action, names: list[str]) -> str:
        """A plain sentence for the log: "West plays the ace of hearts."."""
        return self.words.describe_action(action, names)

    def choice_label(self, action: Action) -> str:
        """The label of an action in the choices dialog."""
        return self.words.choice_label(action)

    def info_lines(self, view: View, names: list[str], private: bool = True) -> list[str]:
        """Lines for the side panel (trump, turned card, stake...); only public ones unless ``private``."""
        lines = []
        trump = self.trump_suit(view)
        if trump:
            lines.append(f"Trump {SUIT_GLYPHS[trump]} {self.suit_names[trump]}")
        return lines

    def phase_prompt(self, view: View) -> str:
        """What the human is asked to do now."""
        return "Your turn: pick a card, Enter plays it."

    async def ask(self, table: TableScreen, view: View, actions: list[Action]) -> Action | None:
        """A decision that is not a card play: the default dialog lists the legal actions."""
        from cardtable.tui.dialogs.choice import ChoiceDialog

        title = self.phase_prompt(view)
        labels = [(self.choice_label(a), a) for a in actions]
        return await table.app.push_screen_wait(ChoiceDialog(title, labels))

    def deal_lines(self, view: View, names: list[str]) -> list[str]:
        """What the log says when a hand is dealt (the turned card, say)."""
        return self.words.deal_lines(view, names)

    def seat_note(self, view: View, seat: int) -> str:
        """A short public note under a seat's name (a bid, a call)."""
        return ""

    def winning_seat(self, view: View) -> int | None:
        """The seat whose card currently wins the trick, as the engine's view says."""
        return getattr(view, "winning_seat", None)

    def centre_text(self, view: View) -> str:
        trump = self.trump_suit(view)
        return f"trump\n{SUIT_GLYPHS[trump]}" if trump else ""

    def calls_hint(self, view: View, calls: list[Action]) -> str:
        """What the prompt says the calls key (c) offers beside the cards now."""
        return "c: " + ", ".join(self.choice_label(a).lower() for a in calls)

    def announces(self, action: Action) -> bool:
        """Whether a computer seat's action is announced in a notice as well as in the log (a call, say)."""
        return action.verb == "call"

    def offer_prompt(self, view: View, calls: list[Action]) -> str:
        return "You may make a call now."

    def calls_to_offer(self, view: View, actions: list[Action]) -> list[Action]:
        """Calls worth asking about in a dialog before the player picks a card (none by default)."""
        return []
