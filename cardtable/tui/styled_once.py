"""Screens that are styled again when they come back if, and only if, their styles can have changed while away.

Textual styles every widget as it is mounted, and styles a whole screen again as it becomes the active one
(a first show, ``switch_screen``) in case the stylesheet changed while it was away, but not when the screen
over it is popped: a change made while an opaque screen covered it was then never seen (the four-colour deck
chosen from the palette over the rules left the table's clubs black).  The second styling costs the table's
screen some 20 ms, and almost always finds the same rules for every widget: while a screen is away, a widget
whose classes change, or that gains or loses focus, is styled again at once, wherever its screen is.  What a
screen away does not hear of is a change made for the whole app: a theme (the CSS parsed again with its
colours), CSS that may style any widget, or a class or pseudo-class of the app itself (four-colour cards,
NO_COLOR, dark or light).  So the screen notes those as it leaves, and is styled again on its return when one
of them differs.  A screen shown for the first time was styled as its widgets were mounted, a moment ago,
from the stylesheet in force now.
"""

from __future__ import annotations

from typing import Any, cast

from textual import events


class StyledOnce:
    """Put before ``Screen`` or ``ModalScreen`` in a screen's bases.

    Not a widget class itself: Textual finds a screen's inherited CSS along its first base that is one, and this
    mixin must not stand in the way of ``ModalScreen``'s (its see-through background).
    """

    _shown_before = False
    #: What the screen's styles were worked out from, noted as it left (see ``_styled_from``).
    _left_with: tuple[Any, ...] | None = None

    def _styled_from(self) -> tuple[Any, ...]:
        """The stylesheet and its variables (compared by identity: Textual replaces them, never changes them),
        the CSS that may style any widget, and the app's classes and pseudo-classes.

        The CSS of a widget class (scoped to it) joins the sheet when the class is first mounted, and styles only
        that widget and what is inside it: a screen away holds no widget of a class first mounted meanwhile.
        """
        app = cast(Any, self).app  # the mixin is not a DOM node itself: the screen it is mixed into is
        stylesheet = app.stylesheet
        unscoped = tuple((name, source.content) for name, source in stylesheet.source.items() if not source.scope)
        return stylesheet, stylesheet._variables, unscoped, frozenset(app.classes), app.pseudo_classes

    def _on_screen_suspend(self) -> None:
        self._left_with = self._styled_from()

    def _on_screen_resume(self, event: events.ScreenResume) -> None:
        # Textual calls the handler of every class in the screen's lineage, this one first: Screen's own
        # follows and reads the event, so this one only tells it what to do (calling it here would run it twice).
        if not self._shown_before:
            self._shown_before = True
            event.refresh_styles = False
            return
        left_with = self._left_with
        if left_with is not None:
            now = self._styled_from()
            unchanged = now[0] is left_with[0] and now[1] is left_with[1] and now[2:] == left_with[2:]
            # Both ways: Textual asks for a styling on a switch of screens and never when the one over it is popped.
            event.refresh_styles = not unchanged
