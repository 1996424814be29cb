"""Cards in motion: a played card travels from its seat to its place in the trick, a won trick gathers
towards the seat that took it.

A motion is drawn with cards of its own ("flyers") laid over the table, moved a cell at a time by Textual's
animator; the table underneath is already in its new state, only the place a card is travelling to is kept
empty until it lands.  A motion never holds the match up: a key, a click, a resize or a screen over the table
makes it jump to its end, and the table goes on at once.

The motion runs inside the computers' pause rather than after it: a computer starts thinking as soon as the
card before its own sets off, and the shortest pause there is (0.3 s, "fast") outlasts the motion, so the two
never add up. At the "instant" speed nothing waits: each new card makes the one before it land at once, and a
finished trick gathers straight away.

Motion is off when the settings say so, when ``CARDTABLE_NO_ANIMATION`` is set (to anything but ``0``), and
when Textual's own switch (``TEXTUAL_ANIMATIONS``) asks for less than full animation: a card in flight delays
what it shows, which is what Textual's "basic" level leaves out.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from textual.app import App
from textual.geometry import Offset, Region, Size
from textual.screen import Screen

from .widgets.card import CardWidget, Face

#: How long a card takes to reach its place in the trick, and a won trick to gather towards its winner.
MOTION_SECONDS = 0.2
#: Textual's easing: fast at first, slowing as the card comes to rest.
EASING = "out_cubic"
#: The environment variable that turns motion off whatever the settings say.
NO_ANIMATION = "CARDTABLE_NO_ANIMATION"


def motion_wanted(app: App[Any], setting: bool, environ: Mapping[str, str] | None = None) -> bool:
    """Whether cards move: the player's setting, the environment variable, and Textual's animation level."""
    environ = os.environ if environ is None else environ
    if environ.get(NO_ANIMATION, "") not in ("", "0"):
        return False
    return setting and app.animation_level == "full"


def centred(size: Size, around: Region) -> Offset:
    """Where a card of ``size`` lies when centred on ``around``."""
    return Offset(around.x + (around.width - size.width) // 2, around.y + (around.height - size.height) // 2)


@dataclass(frozen=True)
class Move:
    """A card to move: its face, the region it leaves (it sets off centred on it) and the region it comes to
    rest on, and what lands with it (the trick's place it was travelling to shows its card again)."""

    face: Face
    start: Region
    end: Region
    landed: Callable[[], None] | None = None


@dataclass
class Flight:
    """One card's way across the screen: where it sets off and where it comes to rest (screen cells)."""

    flyer: CardWidget
    start: Offset
    end: Offset
    #: What lands with it: the trick's place it was travelling to shows its card again.
    landed: Callable[[], None] | None = None

    def at(self, progress: float) -> Offset:
        return Offset(round(self.start.x + (self.end.x - self.start.x) * progress),
                      round(self.start.y + (self.end.y - self.start.y) * progress))  # fmt: skip


class CardMotion:
    """The cards moving over one screen; one motion at a time (a new one makes the last one land first).

    ``progress`` goes from 0 to 1 under Textual's animator; every card in flight is placed from it.
    """

    def __init__(self, screen: Screen[Any], seats: int) -> None:
        self.screen = screen
        #: Enough cards for a whole trick gathering at once; laid over the screen on the first motion only,
        #: so that a table without motion has not one widget more.
        self.flyers = [CardWidget(classes="in-trick flyer", empty=True) for _ in range(seats)]
        self.mounted = False
        self.flights: list[Flight] = []
        self._progress = 0.0

    @property
    def moving(self) -> bool:
        return bool(self.flights)

    def is_flyer(self, widget: object) -> bool:
        return any(widget is flyer for flyer in self.flyers)

    def start(self, moves: list[Move], large: bool) -> None:
        """Move every card at once, drawn small or ``large`` (as the trick's cards are)."""
        self.finish()
        if not moves:
            return
        if not self.mounted:
            self.mounted = True
            self.screen.mount(*self.flyers)
        for flyer, move in zip(self.flyers, moves, strict=False):
            flight = Flight(flyer, centred(move.end.size, move.start), move.end.offset, move.landed)
            flyer.show(move.face, large=large)
            flyer.styles.offset = (flight.start.x, flight.start.y)
            flyer.display = True
            self.flights.append(flight)
        self._progress = 0.0
        self.screen.app.animator.animate(self, "progress", 1.0, duration=MOTION_SECONDS, easing=EASING, level="full")

    def show_face(self, index: int, face: Face) -> None:
        """What the ``index``-th card in flight shows now (the table changed what the card may show)."""
        if index < len(self.flights):
            self.flights[index].flyer.show(face)

    @property
    def progress(self) -> float:
        return self._progress

    @progress.setter
    def progress(self, value: float) -> None:
        self._progress = value
        if value >= 1.0:
            self._land()
            return
        for flight in self.flights:
            where = flight.at(value)
            flight.flyer.styles.offset = (where.x, where.y)  # a layout only when the card reaches another cell

    def finish(self) -> None:
        """The motion under way, if any, jumps to its end: every card lands at once."""
        if self.flights:
            # Sets ``progress`` to its end, which lands the cards now, not on the animator's next tick.
            self.screen.app.animator.force_stop_animation(self, "progress")
        if self.flights:  # the animation had already ended on its own
            self._land()

    def _land(self) -> None:
        flights, self.flights = self.flights, []
        for flight in flights:
            flight.flyer.display = False
            if flight.landed is not None:
                flight.landed()
