"""Your hand at the table: a card played leaves an empty place, so the hand repaints without laying the screen out."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest
from textual.widget import Widget

from cardtable.engine.game import Action
from cardtable.engine.loop import deal_rng
from cardtable.engine.match import Match
from cardtable.engine.players import make_computer
from cardtable.games import find_game
from cardtable.tui.app import CardTableApp
from cardtable.tui.screens.table import TableScreen
from cardtable.tui.widgets.card import CardWidget
from cardtable.tui.widgets.hand import HandView
from tests.tui.driver import my_turn, settled, table_config, wait_for


def layouts_asked_of_the_hand(monkeypatch: pytest.MonkeyPatch) -> Counter[str]:
    """What the hand asks of Textual that lays the screen out, counted from now: a layout of the hand or of one
    of its cards, a card removed."""
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
    return asked


async def test_a_card_played_leaves_an_empty_place_the_hand_centred_and_nothing_laid_out(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    asked = layouts_asked_of_the_hand(monkeypatch)
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


def tarot_match_at_the_first_card() -> Match:
    """A four-player Tarot deal where you (South, 18 cards) lead the first trick."""
    tarot = find_game("tarot")
    match = Match(tarot, tarot.parse_options({}, 4), 4)
    hand_state = match.deal_new_hand(deal_rng(4, 0), first_dealer=3)  # South speaks first
    for seat, bid in enumerate(["pass", "petite", "pass", "pass"]):
        match.apply(Action(seat, "bid", bid))
    east = make_computer(tarot, "random", random.Random(1))
    while hand_state.to_act == 1:  # East's écart
        match.apply(east.decide(hand_state.view(1)))
    return match


def rows_of(hand: HandView) -> list[list[CardWidget]]:
    """The hand's cards, row by row as they lie on screen."""
    rows: dict[int, list[CardWidget]] = {}
    for card in hand.cards:
        rows.setdefault(card.region.y, []).append(card)
    return [rows[y] for y in sorted(rows)]


async def test_a_card_played_from_two_rows_empties_its_place_and_lays_nothing_out(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Tarot's 18 cards lie on two rows (a grid filled row by row), the second starting where a suit does: a card
    played leaves its place empty, the others keep theirs, and the screen is not laid out again."""
    match = tarot_match_at_the_first_card()
    asked = layouts_asked_of_the_hand(monkeypatch)
    app = CardTableApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.push_screen(TableScreen(table_config("tarot", ["human", "random", "random", "random"]), match))
        table = await my_turn(pilot)
        await settled(pilot)
        hand = table.query_one(HandView)
        assert hand.has_class("two-rows") and len(hand.cards) == 18
        places = len(hand.places)
        for played in range(1, 4):
            asked.clear()
            await pilot.press("enter")
            table = await my_turn(pilot)
            assert not asked, f"card {played}: {asked}"
            assert len(hand.places) == places and len(hand.cards) == 18 - played
            assert all(place.empty and not place.has_class("selected") for place in hand.places
                       if place not in hand.cards)  # fmt: skip
        top, bottom = rows_of(hand)
        assert top[-1].face and bottom[0].face and top[-1].face.suit_letter != bottom[0].face.suit_letter


async def test_every_card_of_a_long_hand_has_a_key_and_its_suit_keeps_to_a_row() -> None:
    """At 80x24 Tarot's 18 cards take two rows: the trumps start the second (none ends the first), and every card
    shows the key that plays it, the digits then the capital letters."""
    match = tarot_match_at_the_first_card()
    app = CardTableApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.push_screen(TableScreen(table_config("tarot", ["human", "random", "random", "random"]), match))
        table = await my_turn(pilot)
        hand = table.query_one(HandView)
        top, bottom = rows_of(hand)
        letters = [card.face.suit_letter for card in hand.cards if card.face]
        assert len(top) + len(bottom) == 18 and letters == sorted(letters, key=letters.index)
        assert {card.face.suit_letter for card in bottom if card.face} == {"t"}  # the trumps and the Excuse
        assert [card.place_mark for card in hand.cards] == list("123456789ABCDEFGHI")
        view = table.view
        assert view is not None
        legal = [k for k, card in enumerate(hand.cards) if k >= 9 and view.legal_mask >> card.index & 1]
        played = hand.cards[legal[0]].index
        await pilot.press(hand.cards[legal[0]].place_mark)
        await wait_for(pilot, lambda: played not in [card.index for card in hand.cards])
