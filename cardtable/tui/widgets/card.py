"""A playing card drawn as a bordered widget: small (``10♥`` on its face), large (its rank and suit in the
corners, its pips or court mark between), a back, or an empty place.

Cards are updated in place (``show``, ``clear``) rather than rebuilt or hidden: a card's box moves only
when its size does, so a new face only repaints it, where mounting, removing or hiding a widget lays the
screen out again.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any, ClassVar, Self

from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.geometry import Region
from textual.message import Message
from textual.strip import Strip
from textual.widgets import Static

from .painted import PaintedByLook, columns_of

#: The classes ``show`` manages (besides the ``suit-*`` class); others, such as ``selected``, are left alone.
FACE_CLASSES = frozenset({"back", "trump", "illegal", "winning", "large", "empty"})
#: Where a card's place mark sits on its bottom edge: after the corner and one stroke of the frame.
PLACE_MARK_COLUMN = 2


def with_place_mark(edge: Strip, mark: str) -> Strip:
    """The card's bottom edge with ``mark`` drawn over it, in the edge's own colours, bold."""
    end = PLACE_MARK_COLUMN + len(mark)
    under = edge.crop(PLACE_MARK_COLUMN, end)
    style = next((segment.style for segment in under if segment.style is not None), None)
    marked = Strip([Segment(mark, (style or Style()) + Style(bold=True))], len(mark))
    return Strip.join([edge.crop(0, PLACE_MARK_COLUMN), marked, edge.crop(end, edge.cell_length)])


#: Where a large card's pips lie, by their number, on the three lines between its corners (seven columns).
PIPS = {
    1: ("", "   p   ", ""),
    2: ("   p   ", "", "   p   "),
    3: ("   p   ", "   p   ", "   p   "),
    4: (" p   p ", "", " p   p "),
    5: (" p   p ", "   p   ", " p   p "),
    6: (" p   p ", " p   p ", " p   p "),
    7: (" p p p ", " p   p ", " p   p "),
    8: (" p p p ", " p   p ", " p p p "),
    9: (" p p p ", " p p p ", " p p p "),
    10: ("p p p p", " p   p ", "p p p p"),
}
#: A large court card's mark, by its rank letter (French, Tarot's cavalier ``N``, the Spanish sota, caballo and
#: rey): a frame round the letter between two suit marks, a crown of three points for a king, two for a queen,
#: one for a knight (who stands on two legs), none for a jack.  ``r`` is the letter, ``p`` the suit.
COURTS = {
    "K": (" ╭┴┴┴╮ ", " │prp│ ", " ╰───╯ "),
    "Q": (" ╭┴─┴╮ ", " │prp│ ", " ╰───╯ "),
    "N": (" ╭─┴─╮ ", " │prp│ ", " ╰┬─┬╯ "),
    "J": (" ╭───╮ ", " │prp│ ", " ╰─┬─╯ "),
}
COURTS |= {"R": COURTS["K"], "C": COURTS["N"], "S": COURTS["J"]}
#: An ace: one pip in a frame.
ACE = ("  ╭─╮  ", "  │p│  ", "  ╰─╯  ")
#: A Tarot trump (no suit): stars round its number; the Excuse, a star above and below its name.
TRUMP = (" ★   ★ ", "  r  ", " ★   ★ ")
EXCUSE = ("   ★   ", "  r  ", "   ★   ")
#: The inside of a large card: seven columns, five lines (its frame makes it nine by seven).
LARGE_WIDTH, LARGE_LINES = 7, 5
#: A large card's back.
LARGE_BACK = "\n".join(["░" * LARGE_WIDTH] * LARGE_LINES)


@cache
def large_face(rank: str, suit: str) -> str:
    """What a large card shows inside its frame: its rank and suit in the top left corner and (suit first) in the
    bottom right one, and between them its pips, its court mark, or a trump's stars.  The top corner starts each
    card's first line, so that a card overlapped by the next in a fanned hand still shows it."""
    pip = suit[:1]
    if not suit:
        art = TRUMP if rank.isdigit() else EXCUSE
        middle = [line.replace("r", rank.center(3)) for line in art]
    elif rank in COURTS:
        middle = [line.replace("p", pip).replace("r", rank) for line in COURTS[rank]]
    elif rank in ("A", "1"):
        middle = [line.replace("p", pip) for line in ACE]
    elif rank.isdigit() and int(rank) in PIPS:
        middle = [line.replace("p", pip) for line in PIPS[int(rank)]]
    else:
        middle = ["", pip, ""]
    lines = [(rank + suit).ljust(LARGE_WIDTH), *(line.center(LARGE_WIDTH) for line in middle)]
    return "\n".join([*lines, (suit + rank).rjust(LARGE_WIDTH)])


@dataclass(frozen=True)
class Face:
    """What a card shows: its deck index, rank and suit texts, and how it is marked."""

    index: int
    rank: str
    suit: str
    suit_letter: str
    trump: bool = False
    illegal: bool = False
    title: str = ""
    subtitle: str = ""
    winning: bool = False
    #: The card lies face down: its back shows (another player's face-down card, or a blind hand).
    back: bool = False


class CardWidget(PaintedByLook, Static):
    #: Every card's paint by its look, shared by all cards: a table shows a few hundred looks (every card, marked
    #: or not, at two sizes), and they come back all the time (a card legal again, an empty place, the same card
    #: next deal).
    PAINTED: ClassVar[dict[tuple[object, ...], list[Strip]]] = {}
    #: What the card's box was laid out from (see ``refresh``).
    _laid_out: tuple[Any, ...] | None = None
    _text: str | None = None
    #: The key on the card's bottom edge: the one that plays it from your hand (1 to 9, then A to O; "": none).
    #: It is drawn over the edge, not as a border label: a card six columns wide has no room for Textual's.
    place_mark = ""
    #: The columns the card shows when the next card of a fanned hand overlaps it (0: the whole card).
    fanned_to = 0
    #: A card of a hand of large cards has a line of room above or below its frame, to lift it when chosen.
    lift_room = False

    class Clicked(Message):
        def __init__(self, card: CardWidget, chain: int) -> None:
            super().__init__()
            self.card = card
            self.chain = chain

    def __init__(self, face: Face | None = None, *, classes: str = "", empty: bool = False) -> None:
        super().__init__(classes=f"card {classes}".strip())
        self.face: Face | None = None
        #: Drawn large: rank, suit and rank again on three lines (the ``large`` class makes room for them).
        self.large = False
        if empty:
            self.clear()
        elif face is not None:
            self.show(face)

    def _box(self) -> tuple[Any, ...]:
        """What the card's place on screen depends on; its border's look and its face are not part of it."""
        styles = self.styles
        return (styles.width, styles.height, styles.min_width, styles.max_width, styles.min_height,
                styles.max_height, styles.margin, styles.offset, styles.box_sizing, styles.display,
                styles.visibility, styles.dock, styles.layer, styles.position)  # fmt: skip

    def refresh(self, *regions: Region, repaint: bool = True, layout: bool = False, recompose: bool = False) -> Self:
        # A class that gives the card another border (trump, illegal, winning, chosen, empty) sets the border
        # as a layout property, which would lay the whole screen out after every card played.  The card's box
        # is the same, so it only needs repainting; a change of its size (``large``) or place still lays it out.
        if layout:
            box = self._box()
            if box == self._laid_out:
                layout = False
            self._laid_out = box
        return super().refresh(*regions, repaint=repaint, layout=layout, recompose=recompose)

    def mark_place(self, mark: str) -> None:
        """Draw ``mark`` on the card's bottom edge (``""``: nothing)."""
        if mark != self.place_mark:
            self.place_mark = mark
            self.refresh()

    def render_lines(self, crop: Region) -> list[Strip]:
        # The lines painted for a look are shared by every card with that look, wherever it lies in the hand,
        # so the place mark goes on after them, on the whole edge, before the compositor's crop.
        width, height = self.outer_size
        if self.lift_room and height > LARGE_LINES + 2:
            return columns_of(self._with_lift(width, height)[crop.y : crop.bottom], crop, width)
        if not self.place_mark or crop.bottom < height or width < PLACE_MARK_COLUMN + len(self.place_mark) + 1:
            return super().render_lines(crop)
        lines = super().render_lines(Region(0, crop.y, width, crop.height))
        lines[-1] = with_place_mark(lines[-1], self.place_mark)
        return columns_of(lines, crop, width)

    def _with_lift(self, width: int, height: int) -> list[Strip]:
        """A card of a large hand, one line taller than its frame: the frame at the bottom, the chosen card's at
        the top (lifted out of the hand), and the felt in the line left over.  Drawn, not placed: moving the
        card would lay the whole screen out at every step of the cursor."""
        painted = super().render_lines(Region(0, 0, width, height))
        frame = [*painted[: height - 2], painted[-1]]  # the frame without its last line inside, which is blank
        if self.place_mark and width >= PLACE_MARK_COLUMN + len(self.place_mark) + 1:
            frame[-1] = with_place_mark(frame[-1], self.place_mark)
        felt, _face = self.background_colors
        blank = Strip.blank(width, Style(bgcolor=felt.rich_color))
        for line_filter in self.get_line_filters():
            blank = blank.apply_filter(line_filter, felt)
        return [*frame, blank] if "selected" in self.classes else [blank, *frame]

    @property
    def index(self) -> int:
        return self.face.index if self.face is not None else -1

    @property
    def empty(self) -> bool:
        return "empty" in self.classes

    def show(self, face: Face | None, large: bool | None = None) -> None:
        """Show ``face`` (or the card's back for ``None``), changing only what differs; ``large``: the size."""
        resized = large is not None and large != self.large
        if face == self.face and face is not None and not resized and not self.empty:
            return
        self.face = face
        if resized:
            self.large = bool(large)
        wanted = {"back"} if face is None or face.back else {f"suit-{face.suit_letter.lower()}"}
        if self.large:
            wanted.add("large")
        if face is not None:
            for flag, name in ((face.trump, "trump"), (face.illegal, "illegal"), (face.winning, "winning")):
                if flag:
                    wanted.add(name)
        title, subtitle = (face.title, face.subtitle) if face else ("", "")
        self._draw(wanted, self.text(face), title, subtitle)

    def clear(self, large: bool | None = None) -> None:
        """Leave the card's place empty: nothing drawn, the place kept at the card's size (``large``)."""
        resized = large is not None and large != self.large
        if self.empty and not resized:
            return
        if resized:
            self.large = bool(large)
        self.face = None
        self._draw({"empty", "large"} if self.large else {"empty"}, "", "", "")

    def _draw(self, wanted: set[str], text: str, title: str, subtitle: str) -> None:
        # One class change restyles the card once; toggling each class would restyle it every time.
        current = set(self.classes)
        classes = {c for c in current if c not in FACE_CLASSES and not c.startswith("suit-")} | wanted
        if classes != current:
            self.set_classes(classes)
        # Each border label set repaints the card: only set them when they change.
        if self.border_title != title:
            self.border_title = title
        if self.border_subtitle != subtitle:
            self.border_subtitle = subtitle
        if text != self._text:
            self._text = text
            self.update(text, layout=False)  # a card changes size only with its class: no new layout for a face

    def text(self, face: Face | None) -> str:
        if not self.large:
            return "░░" if face is None or face.back else f"{face.rank}{face.suit}"
        if face is None or face.back:
            return LARGE_BACK
        return large_face(face.rank, face.suit)

    def on_click(self, event: events.Click) -> None:
        event.stop()
        self.post_message(self.Clicked(self, event.chain))
