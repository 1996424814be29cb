"""Where a dialog stands at the table: over the felt and the hand, never over the side panel.

A dialog centred on the whole terminal ran over the side panel at widths between 80 and 120 columns, and left
cut pieces of the panel's lines beside it ("█th deals."). A dialog over the table now stands in the columns
left of the panel, so the panel stays whole and readable beside it at every size, and a dialog too wide for
those columns is made narrower, never pushed over the panel.

A question asked in turn (a bid, a knock) may stand between the seats: over the trick area, below the seats
across the table and between those at the sides, so that every seat's name and the bid noted under it stay
in view while the player decides. A dialog asks for that place with the ``BETWEEN_SEATS`` class.

Nothing here knows a game: the table is found by its side panel (``#side``), its seats by their ids.
"""

from __future__ import annotations

from typing import Any, ClassVar, TypeVar, cast

from textual import events
from textual.css.query import NoMatches
from textual.geometry import Spacing
from textual.screen import Screen
from textual.widget import Widget

#: The class a dialog is given to stand between the seats.
BETWEEN_SEATS = "-between-seats"

S = TypeVar("S", bound=Screen[Any])


def asked_between_the_seats(dialog: S) -> S:
    """``dialog`` (a question asked in turn) given the place between the seats: the seats' names and what is noted
    under them stay whole beside it, where a box centred on the felt cut the side seats' lines in two."""
    dialog.add_class(BETWEEN_SEATS)
    return dialog


#: How many refreshes a dialog waits for the table beneath to be laid out at the terminal's new size.
LAYOUT_TRIES = 20


def table_beneath(dialog: Screen[Any]) -> Screen[Any] | None:
    """The nearest screen under ``dialog`` that has a side panel (the table), or None."""
    stack: list[Screen[Any]] = dialog.app.screen_stack
    below = stack[: stack.index(dialog)] if dialog in stack else stack[:-1]
    return next((screen for screen in reversed(below) if screen.query("#side")), None)


def shown(screen: Screen[Any], selector: str) -> Widget | None:
    """The widget ``selector`` names on ``screen`` when it is shown, or None."""
    try:
        widget = screen.query_one(selector)
    except NoMatches:
        return None
    return widget if widget.display and (not isinstance(widget.parent, Widget) or widget.parent.display) else None


def seats_and_hand(table: Screen[Any]) -> list[Widget]:
    """The table's widgets a dialog between the seats keeps clear of, those shown now."""
    places = ("#left", "#right", "#top-left", "#top", "#top-right", "#hand")
    return [widget for widget in (shown(table, place) for place in places) if widget is not None]


class BesideThePanel:
    """Put before ``ModalScreen`` in a dialog's bases: its box (``.dialog``) stands clear of the table's side
    panel, and between the seats when the dialog has the ``BETWEEN_SEATS`` class.

    The margins are set on the box, each side read from the table beneath as it is laid out now; the box's
    other margins (its place in the style sheet) are kept.
    """

    #: Whether the dialog keeps to the felt's columns (a sheet as wide as the terminal, the score sheet, does not).
    BESIDE_THE_PANEL: ClassVar[bool] = True
    #: Whether the dialog asks the table prompt's question where the prompt is (a call to answer).
    ASKS_OVER_THE_PROMPT: ClassVar[bool] = False
    #: Whether the dialog shows the player's hand itself (cards to pick): the table's hand makes way for it.
    SHOWS_THE_HAND: ClassVar[bool] = False

    def asks_over_the_prompt(self) -> bool:
        """Whether the table's prompt and notice make way for this dialog: it may stand over them, and it asks
        their question itself (a question between the seats reaches down over them at 80x24)."""
        return self.ASKS_OVER_THE_PROMPT or cast(Screen[Any], self).has_class(BETWEEN_SEATS)

    def on_mount(self) -> None:
        self.stand_beside_the_panel()

    def on_resize(self, event: events.Resize) -> None:
        self.stand_beside_the_panel()

    def stand_beside_the_panel(self, tries: int = LAYOUT_TRIES) -> None:
        dialog = cast(Screen[Any], self)
        table = table_beneath(dialog)
        boxes = dialog.query_children(".dialog")
        if not self.BESIDE_THE_PANEL or table is None or not boxes:
            return
        # On a resize this dialog hears of the new size before the table beneath is laid out again: it tries
        # again after the next frame, until the table is.
        laid_out = table.size == dialog.app.size and table.query_one("#side").region.right == dialog.app.size.width
        if not (laid_out and self.stand(boxes.first(), table)) and tries > 0:
            dialog.call_after_refresh(self.stand_beside_the_panel, tries - 1)

    def stand(self, box: Widget, table: Screen[Any]) -> bool:
        """Set the box's margins from the table as it is laid out now; whether the table was laid out enough."""
        width, height = table.app.size
        panel = width - table.query_one("#side").region.x
        margin = box.styles.margin
        if cast(Screen[Any], self).has_class(BETWEEN_SEATS):
            if any(not widget.region for widget in seats_and_hand(table)):
                return False  # a seat or the hand shown again (after the écart) is laid out at the next frame
            left, right, top, bottom = self.between_the_seats(table, width, height)
            margin = Spacing(top, max(panel, right), margin.bottom if bottom is None else bottom, left)
            box.styles.max_height = max(1, height - margin.top - margin.bottom)
        else:
            margin = Spacing(margin.top, panel, margin.bottom, margin.left)
        box.styles.margin = margin
        box.styles.max_width = max(1, width - margin.left - margin.right)
        return self.stand_in_place(box, table)

    def stand_in_place(self, box: Widget, table: Screen[Any]) -> bool:
        """Where a dialog with a place of its own at the table stands, once clear of the panel; whether the table
        was laid out enough to tell (by default there is no such place)."""
        return True

    @staticmethod
    def between_the_seats(table: Screen[Any], width: int, height: int) -> tuple[int, int, int, int | None]:
        """The margins (left, right, top, bottom) that keep a box between the seats and above the hand."""
        left_seat = shown(table, "#left")
        right_seat = shown(table, "#right")
        left = left_seat.region.right if left_seat is not None else 0
        right = width - right_seat.region.x if right_seat is not None else 0
        across = [shown(table, f"#{place}") for place in ("top-left", "top", "top-right")]
        top = max((seat.region.bottom for seat in across if seat is not None), default=0)
        hand = shown(table, "#hand")
        bottom = height - hand.region.y if hand is not None else None
        return left, right, top, bottom
