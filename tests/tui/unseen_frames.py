"""Table tests do not draw the frames nobody sees.

Under ``run_test`` the app runs headless: Textual still has every widget paint its changed lines for each
frame, then drops the frame unseen (``App._display`` writes nothing when headless).  That is nearly a fifth
of a table test's processor time.  Tests that read the screen draw it whole themselves, through the compositor
(``screen_text``, ``screen_fingerprint``, snapshots), and that draw does not depend on the frames before it:
a widget keeps what changed until it is painted.  ``test_unseen_frames.py`` checks this by playing the same
hand both ways and comparing every screen.

A test about the frames themselves (how often a widget paints, what a partial update draws) is marked
``draws_frames`` and gets Textual's frames as they are.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any
from unittest.mock import patch

from textual.screen import Screen

#: Textual's own refresh of the screen's frame, restored after.
TEXTUALS_REFRESH: Callable[[Screen[Any]], None] = Screen._compositor_refresh


def _refresh_unseen(screen: Screen[Any]) -> None:
    """The frame's bookkeeping without its paint, for the top screen of a headless app; Textual's otherwise."""
    app = screen.app
    if not app.is_headless or app.is_inline or screen is not app.screen:
        TEXTUALS_REFRESH(screen)
        return
    screen._dirty_widgets.clear()
    screen._compositor._dirty_regions.clear()
    app._update_mouse_over(screen)


@contextmanager
def unseen_frames_skipped() -> Iterator[None]:
    """While inside, headless apps skip painting their frames."""
    with patch.object(Screen, "_compositor_refresh", _refresh_unseen):
        yield
