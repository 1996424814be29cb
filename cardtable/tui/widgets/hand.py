"""The viewer's hand: a row of cards with a cursor; illegal cards are dimmed, and clicks select."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from textual.containers import Horizontal
from textual.content import Content
from textual.message import Message
from textual.reactive import reactive

from .card import LARGE_WIDTH, CardWidget, Face

#: A large card's width with its frame, and the least of it a fanned card shows: its left edge and a corner as
#: wide as "10♥".
LARGE_CARD_WIDTH = LARGE_WIDTH + 2
FAN_LEAST = 4


class HandView(Horizontal):
    """Cards in display order; ``cursor`` is the selected position."""

    #: The cards show the cursor (their ``selected`` class); the row itself has nothing to repaint.
    cursor: reactive[int] = reactive(0, repaint=False)

    class Chosen(Message):
        """The player wants to play the card at ``position`` (Enter, a digit, or a second click)."""

        def __init__(self, position: int) -> None:
            super().__init__()
            self.position = position

    def __init__(self, id: str | None = None, *, place_keys: Sequence[str] = ()) -> None:
        super().__init__(id=id)
        #: The key drawn on each place's card, in order (the table's hand: the keys that play them; none elsewhere).
        self.place_keys = place_keys
        #: Every card widget of the hand, in order: those showing a card and, in a hand that has been played
        #: from, empty places (at both ends of one row; at the end of two).
        self.places: list[CardWidget] = []
        #: The places showing the hand's cards, in display order (what a position counts from).
        self.cards: list[CardWidget] = []
        self.title_text: str | None = None
        #: The columns each card of a fanned hand shows (a whole large card's width: the cards lie side by side).
        self.fan_columns = LARGE_CARD_WIDTH

    def show_title(self, title: str) -> None:
        """Name the hand in its top border (plain text, never markup)."""
        # A new border title repaints the whole row, every card in it: only set it when it changes.
        if title != self.title_text:
            self.title_text = title
            self.border_title = Content(title)

    def show(
        self, faces: list[Face], legal: set[int] | None, *, large: bool = False, row: int = 12, width: int = 0
    ) -> None:
        """Show ``faces``; ``legal`` holds the playable card indexes (None: nothing to play now).

        ``large`` draws the cards large, fanned when they do not fit side by side in ``width`` columns; small,
        more than ``row`` cards (Tarot's 18 and 24) go on two rows.
        """
        two_rows = len(faces) > row and not large
        places = self.places
        # A card played leaves an empty place rather than a widget fewer: a widget removed lays the whole screen
        # out again (most of what your card costs to show), an empty place only repaints.  In one row the cards
        # keep to the middle places, so the hand stays centred to within half a card; on two rows (a grid filled
        # row by row) the second row starts where a suit does (``row_break``), the first padded with empty places.
        if two_rows:
            first_row = row_break(faces, row)
            shown = [*range(first_row), *range(row, row + len(faces) - first_row)]
        else:
            first = (max(len(places), len(faces)) - len(faces)) // 2
            shown = list(range(first, first + len(faces)))
        needed = shown[-1] + 1 if shown else 0
        kept = two_rows == self.has_class("two-rows") and large == self.has_class("large")
        if not kept or needed > len(places):
            if not two_rows:
                needed, shown = len(faces), list(range(len(faces)))
            while len(places) < needed:
                card = CardWidget()
                places.append(card)
                self.mount(card)
            while len(places) > needed:
                places.pop().remove()
        self.set_class(two_rows, "two-rows")
        self.set_class(large, "large")
        self.cards = [places[i] for i in shown]
        showing = set(shown)
        for i, place in enumerate(places):
            if i not in showing:
                place.clear(large)
                place.mark_place("")
        self.fan_columns = fan_step(len(places), width) if large else LARGE_CARD_WIDTH
        self._fan()
        keys = self.place_keys
        for position, (card, face) in enumerate(zip(self.cards, faces, strict=True)):
            illegal = legal is not None and face.index not in legal
            card.show(replace(face, illegal=illegal), large)
            card.mark_place(keys[position] if position < len(keys) else "")
        if self.cards:
            self.cursor = min(self.cursor, len(self.cards) - 1)
            if legal:
                positions = [i for i, f in enumerate(faces) if f.index in legal]
                if self.cursor not in positions:
                    self.cursor = positions[0]
        self._mark_cursor()

    def _fan(self) -> None:
        """Overlap the cards, each shown ``fan_columns`` wide but the last, whole.  The widths stay as the cursor
        moves (a width changed lays the whole screen out): the chosen card is lifted, not widened."""
        step = self.fan_columns
        last = self.cards[-1] if self.cards else None
        large = self.has_class("large")
        for place in self.places:
            if place.lift_room != large:
                place.lift_room = large
                place.refresh()
            wanted = step if step < LARGE_CARD_WIDTH and place is not last else 0
            if place.fanned_to != wanted:
                place.fanned_to = wanted
                place.set_class(bool(wanted), "fanned")
                place.styles.width = wanted or None

    def watch_cursor(self) -> None:
        self._mark_cursor()

    def _mark_cursor(self) -> None:
        selected = self.cards[self.cursor] if 0 <= self.cursor < len(self.cards) else None
        for place in self.places:
            place.set_class(place is selected, "selected")

    def move(self, step: int) -> None:
        if self.cards:
            self.cursor = (self.cursor + step) % len(self.cards)

    def on_card_widget_clicked(self, message: CardWidget.Clicked) -> None:
        if message.card not in self.cards:
            return
        position = self.cards.index(message.card)
        if position == self.cursor or message.chain >= 2:
            self.cursor = position
            self.post_message(self.Chosen(position))
        else:
            self.cursor = position


def row_break(faces: Sequence[Face], row: int) -> int:
    """How many of ``faces`` go on the first of two rows of ``row`` places: as many as fit without parting a suit
    from the rest of it (Tarot's trumps start the second row rather than end the first), else a full row."""
    count = len(faces)
    starts = [k for k in range(1, count) if faces[k].suit_letter != faces[k - 1].suit_letter]
    fitting = [k for k in starts if count - row <= k <= row]
    return max(fitting) if fitting else min(row, count)


def fan_step(count: int, width: int) -> int:
    """How many columns each of ``count`` large cards but the last (whole) takes in ``width`` columns: a whole
    card's when they fit side by side, less when they overlap (never under ``FAN_LEAST``: the hand is then too
    long)."""
    if count <= 1 or count * LARGE_CARD_WIDTH <= width:
        return LARGE_CARD_WIDTH
    return max(FAN_LEAST, min(LARGE_CARD_WIDTH, (width - LARGE_CARD_WIDTH) // (count - 1)))


def fits_large(count: int, width: int) -> bool:
    """Whether ``count`` large cards fit in ``width`` columns, fanned if they must."""
    return count <= 1 or (count - 1) * FAN_LEAST + LARGE_CARD_WIDTH <= width
