"""The styles of the table's busiest widgets, remembered by the classes they and their ancestors have.

A card changes its classes on most actions (played, marked legal or not, winning, cleared), a seat when its
turn comes and goes, and a footer key as the footer builds it.  Textual then matches every rule of the
stylesheet against the widget and its ancestors again, about half a millisecond a widget, although the same
few combinations come back all the time.  So the rules found for a combination are kept, and a widget that
takes it again gets them at once.

A combination is everything the rules can select on: the widget's type, id, classes and the pseudo-classes
Textual itself caches styles by (hover, focus, disabled), the same of each of its ancestors, and the app's
pseudo-classes (dark, no colour, ...).  A widget whose rules use what depends on its place among its siblings
(first or last child, odd or even, focus within) is styled by Textual every time, as Textual's own cache
does.  A new stylesheet (a theme, CSS added as a new kind of widget is first shown) starts afresh.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, TypeGuard

from textual.css.stylesheet import Stylesheet
from textual.dom import DOMNode
from textual.geometry import Region
from textual.widget import Widget
from textual.widgets._footer import FooterKey

from cardtable.tui.widgets.card import CardWidget
from cardtable.tui.widgets.seat import SeatPanel

#: How many combinations are kept (all are forgotten when more come): a table shows a few hundred.
KEPT = 4096


class RestyledWidgets:
    """The rules found for each combination, for one stylesheet at a time."""

    def __init__(self) -> None:
        self.rules_map: object = None
        self.found: dict[tuple[Any, ...], tuple[dict[str, Any], tuple[bool, bool, bool, bool]]] = {}

    @staticmethod
    def combination(node: Widget) -> tuple[Any, ...]:
        path: list[tuple[Any, ...]] = []
        for each in node.ancestors_with_self:
            if isinstance(each, Widget):
                path.append((each._css_type_name, each.id, each.classes, each._pseudo_classes_cache_key))
            else:  # the app
                path.append((each._css_type_name, each.id, each.classes, frozenset(each.pseudo_classes)))
        return tuple(path)

    def restyle(self, stylesheet: Stylesheet, node: Widget) -> None:
        """Style ``node`` (one without children) as the stylesheet would, from a combination seen before if
        it can."""
        if self.rules_map is not stylesheet.rules_map:
            self.found.clear()
            self.rules_map = stylesheet.rules_map
        key = self.combination(node)
        seen = self.found.get(key)
        if seen is not None:
            rules, flags = seen
            node._has_hover_style, node._has_focus_within, node._has_order_style, node._has_odd_or_even = flags
            # Only the rules that differ: setting one of the thirty-odd others again costs as much as a change.
            base = node.styles.base
            now = base._rules
            changed = [name for name in now.keys() | rules.keys() if now.get(name) != rules.get(name)]
            if changed:
                with refreshes_held(node) as asked:
                    for name in changed:
                        setattr(base, name, rules.get(name))
                node.refresh(layout=any(layout for layout, _ in asked), recompose=any(again for _, again in asked))
            node.notify_style_update()
            stylesheet._process_component_classes(node)
            return
        stylesheet.apply(node, animate=False)
        flags = (node._has_hover_style, node._has_focus_within, node._has_order_style, node._has_odd_or_even)
        if not (flags[1] or flags[2] or flags[3]):
            if len(self.found) >= KEPT:
                self.found.clear()
            self.found[key] = (dict(node.styles.base._rules), flags)


@contextmanager
def refreshes_held(node: Widget) -> Iterator[list[tuple[bool, bool]]]:
    """Inside, the refreshes asked of ``node`` are noted (whether each asked for a layout, a recompose), not made.

    Each rule set asks for a refresh of its own, which works out the widget's regions again: a card taking a
    new look changes half a dozen rules, and one refresh of the whole card after them all does what they did.
    """
    asked: list[tuple[bool, bool]] = []

    def held(*regions: Region, repaint: bool = True, layout: bool = False, recompose: bool = False) -> Widget:
        asked.append((layout, recompose))
        return node

    node.refresh = held  # type: ignore[method-assign]  # shadowed on this widget only, until the rules are set
    try:
        yield asked
    finally:
        del node.refresh


def restyled_alone(node: DOMNode) -> TypeGuard[Widget]:
    """Whether ``node`` is styled through ``RestyledWidgets``: a card, a seat or a footer key, without children.

    A footer key is styled three times as the footer builds it (mounted, its compact look set as it mounts, then
    unset when it is bound to the footer's), and the footer builds every key again whenever the keys change.
    """
    return isinstance(node, CardWidget | SeatPanel | FooterKey) and not node._nodes
