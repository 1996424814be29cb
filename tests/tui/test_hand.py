"""Your hand at the table: a card played leaves an empty place, so the hand repaints without laying the screen out."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from textual.widget import Widget

from cardtable.tui.app import CardTableApp
from cardtable.tui.widgets.card import CardWidget
from cardtable.tui.widgets.hand import HandView
from tests.tui.driver import my_turn, settled, table_config


async def test_a_card_played_leaves_an_empty_place_the_hand_centred_and_nothing_laid_out(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # What the hand asks of Textual that lays the screen out: a layout of the row or a card, a card removed.
    asked: Counter[str] = Counter()
    refresh, remove = Widget.refresh, Widget.remove

    def refreshing(widget: Widget, *args: Any, layout: bool = False, **kwargs: Any) -> Any:
        in_hand = isinstance(widget, HandView) or (
            isinstance(widget, CardWidget) and isinstance(widget.parent, HandView)
        )
        if layout and in_hand:
            asked[f"layout of {type(widget).__name__}"] += 1
        return refresh(widget, *args, layout=layout, **kwargs)

    def removing(widget: Widget) -> Any:
        if isinstance(widget.parent, HandView):
            asked["a card removed"] += 1
        return remove(widget)

    monkeypatch.setattr(Widget, "refresh", refreshing)
    monkeypatch.setattr(Widget, "remove", removing)
    app = CardTableApp(table_config("manille", ["human", "random", "random", "random"], seed=12, first_dealer=0))
    async with app.run_test(size=(80, 24)) as pilot:
        table = await my_turn(pilot)
        await settled(pilot)
        hand = table.query_one(HandView)
        assert len(hand.cards) == 8
        for played in range(1, 4):
            asked.clear()
            await pilot.press("enter")
            table = await my_turn(pilot)
            assert not asked, f"card {played}: {asked}"
            assert len(hand.places) == 8 and len(hand.cards) == 8 - played
            empty = [place for place in hand.places if place not in hand.cards]
            assert all(place.empty and not place.has_class("selected") for place in empty)
            # The cards keep to the middle places: centred in the row to within half a card.
            left, right = hand.cards[0].region.x, hand.cards[-1].region.right
            middle = hand.content_region.x + hand.content_region.width / 2
            assert abs((left + right) / 2 - middle) <= hand.cards[0].region.width / 2 + 1
        # An empty place plays nothing when clicked; the number keys count the cards shown.
        cursor, shown = hand.cursor, list(hand.cards)
        await pilot.click(empty[0])
        await pilot.pause()
        assert hand.cursor == cursor and hand.cards == shown and table.my_card_turn()
        await pilot.press("2")
        assert hand.cursor == 1
