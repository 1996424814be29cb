"""A playing card drawn as a small bordered widget: ``10♥`` on its face, a back, or an empty place.

Cards are updated in place (``show``, ``clear``) rather than rebuilt or hidden: a card's box moves only
when its size does, so a new face only repaints it, where mounting, removing or hiding a widget lays the
screen out again.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, Self

from textual import events
from textual.geometry import Region
from textual.message import Message
from textual.strip import Strip
from textual.widgets import Static

from .painted import PaintedByLook

#: The classes ``show`` manages (besides the ``suit-*`` class); others, such as ``selected``, are left alone.
FACE_CLASSES = frozenset({"back", "trump", "illegal", "winning", "large", "empty"})


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
            return "░░░░\n░░░░\n░░░░"
        return f"{face.rank:<4}\n{face.suit:^4}\n{face.rank:>4}"

    def on_click(self, event: events.Click) -> None:
        event.stop()
        self.post_message(self.Clicked(self, event.chain))
