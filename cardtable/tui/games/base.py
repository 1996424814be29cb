"""What the table asks of a game: how its cards read, how its actions are said, what it shows aside.

The defaults serve any trick game whose views carry ``hand``/``trick``/``tricks`` masks and tuples
(Manille, Malilla).  A game overrides what differs; the table itself has no branch per game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardtable.engine.cards import RANK_NAMES, SUIT_GLYPHS, SUIT_NAMES, bits, split_code
from cardtable.engine.game import Action, View
from cardtable.engine.registry import find_game

if TYPE_CHECKING:
    from cardtable.tui.screens.table import TableScreen


def says(who: str, verb: str) -> str:
    """The verb agreeing with its subject: "West plays", but "You play"."""
    if who.lower() != "you":
        return verb
    return verb[:-2] if verb.endswith(("sses", "ches", "shes", "xes")) else verb[:-1]


def holder(who: str) -> str:
    """Whose card it is: "West's", or "yours"."""
    return "yours" if who.lower() == "you" else f"{who}'s"


class TableParts:
    """The default parts: French suit names, cards sorted by suit with trump last, a list of choices."""

    suit_names: dict[str, str] = SUIT_NAMES

    #: Decisions other than card plays are asked in a dialog listing the legal actions.
    def __init__(self, game: str) -> None:
        self.game = game
        self.rules = find_game(game)

    # ------------------------------------------------------------- cards
    def deck(self, view: View) -> Any:
        return view.deck

    def card_face(self, code: str, ascii_cards: bool) -> tuple[str, str]:
        """The rank text and suit mark printed on a card (``("10", "♥")``, or ``("10", "H")`` in ASCII)."""
        rank, suit = split_code(code)
        return rank, suit if ascii_cards else SUIT_GLYPHS[suit]

    def card_name(self, code: str) -> str:
        rank, suit = split_code(code)
        return f"the {RANK_NAMES.get(rank, rank)} of {self.suit_names[suit]}"

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

    def finished_card(self, view: View, trick: Any, k: int) -> int | None:
        """The ``k``-th card of a finished trick as this view may see it (None: face down)."""
        code = trick.cards[k]
        return view.deck.index[code]

    def hint_text(self, action: Action) -> str:
        if action.verb == "play":
            return f"play {self.card_name(action.value)}."
        return f"{self.choice_label(action)}."

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
        who = names[action.seat]
        if action.verb == "play":
            return f"{who} {says(who, 'plays')} {self.card_name(action.value)}."
        if action.verb == "bid":
            if action.value == "pass":
                return f"{who} {says(who, 'passes')}."
            suit = action.get("suit")
            return f"{who} {says(who, 'bids')} {action.value}" + (f" in {self.suit_names[suit]}." if suit else ".")
        return f"{who}: {action.value}."

    def choice_label(self, action: Action) -> str:
        """The label of an action in the choices dialog."""
        if action.verb == "bid" and action.value != "pass":
            suit = action.get("suit")
            return f"Bid {action.value}" + (f" {self.suit_names[suit]}" if suit else "")
        return str(action.value).replace("_", " ").capitalize()

    def info_lines(self, view: View, names: list[str]) -> list[str]:
        """Lines for the side panel (trump, turned card, stake...)."""
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
        return []

    def seat_note(self, view: View, seat: int) -> str:
        """A short public note under a seat's name (a bid, a call)."""
        return ""

    def winning_seat(self, view: View) -> int | None:
        """The seat whose card currently wins the trick, as the engine's view says."""
        return getattr(view, "winning_seat", None)

    def centre_text(self, view: View) -> str:
        trump = self.trump_suit(view)
        return f"trump\n{SUIT_GLYPHS[trump]}" if trump else ""

    def offer_prompt(self, view: View, calls: list[Action]) -> str:
        return "You may make a call now."

    def calls_to_offer(self, view: View, actions: list[Action]) -> list[Action]:
        """Calls worth asking about in a dialog before the player picks a card (none by default)."""
        return []
