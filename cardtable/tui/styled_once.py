"""Screens that are styled once when they are first shown, not twice.

Textual styles every widget as it is mounted, then, when the new screen becomes the active one, styles the
whole screen again in case the stylesheet changed while it was away.  A screen shown for the first time has
not been away: its second styling finds the same rules for every widget and costs the table's screen some
20 ms at each start (a dialog a few ms at each question).  Later returns to the screen keep Textual's styling.
A change of theme while the screen is new is still seen: a theme change restyles every screen in the stack.
"""

from __future__ import annotations

from textual import events


class StyledOnce:
    """Put before ``Screen`` or ``ModalScreen`` in a screen's bases.

    Not a widget class itself: Textual finds a screen's inherited CSS along its first base that is one, and this
    mixin must not stand in the way of ``ModalScreen``'s (its see-through background).
    """

    _shown_before = False

    def _on_screen_resume(self, event: events.ScreenResume) -> None:
        # Textual calls the handler of every class in the screen's lineage, this one first: Screen's own
        # follows and reads the event, so this one only tells it what to do (calling it here would run it twice).
        if not self._shown_before:
            self._shown_before = True
            # Its widgets were styled as they were mounted, a moment ago, from the stylesheet in force now.
            event.refresh_styles = False
