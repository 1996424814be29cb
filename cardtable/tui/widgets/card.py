"""A playing card drawn as a small bordered widget: ``10♥`` on its face, or a back.

Cards are updated in place (``show``) rather than rebuilt, because restyling a handful of widgets is
far cheaper than mounting new ones after every play.
"""

from __future__ import annotations

from dataclasses import dataclass

from textual import events
from textual.message import Message
from textual.widgets import Static

#: The classes ``show`` manages (besides the ``suit-*`` class); others, such as ``selected``, are left alone.
FACE_CLASSES = frozenset({"back", "trump", "illegal", "winning", "large"})


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


class CardWidget(Static):
    class Clicked(Message):
        def __init__(self, card: CardWidget, chain: int) -> None:
            super().__init__()
            self.card = card
            self.chain = chain

    def __init__(self, face: Face | None = None, *, classes: str = "") -> None:
        super().__init__(classes=f"card {classes}".strip())
        self.face: Face | None = None
        #: Drawn large: rank, suit and rank again on three lines (the ``large`` class makes room for them).
        self.large = False
        if face is not None:
            self.show(face)

    @property
    def index(self) -> int:
        return self.face.index if self.face is not None else -1

    def show(self, face: Face | None, large: bool | None = None) -> None:
        """Show ``face`` (or the card's back for ``None``), changing only what differs; ``large``: the size."""
        resized = large is not None and large != self.large
        if face == self.face and face is not None and not resized:
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
        # One class change restyles the card once; toggling each class would restyle it every time.
        current = set(self.classes)
        classes = {c for c in current if c not in FACE_CLASSES and not c.startswith("suit-")} | wanted
        if classes != current:
            self.set_classes(classes)
        # Border labels are reactive and re-lay the screen out when set: only set them when they change.
        title, subtitle = (face.title, face.subtitle) if face else ("", "")
        if self.border_title != title:
            self.border_title = title
        if self.border_subtitle != subtitle:
            self.border_subtitle = subtitle
        # A card changes size only with its class, so its new face needs no new layout of the screen.
        self.update(self.text(face), layout=False)

    def text(self, face: Face | None) -> str:
        if not self.large:
            return "░░" if face is None or face.back else f"{face.rank}{face.suit}"
        if face is None or face.back:
            return "░░░░\n░░░░\n░░░░"
        return f"{face.rank:<4}\n{face.suit:^4}\n{face.rank:>4}"

    def on_click(self, event: events.Click) -> None:
        event.stop()
        self.post_message(self.Clicked(self, event.chain))
