"""A card's paint and styles reused from an earlier card with the same look are what Textual would draw and find
for it; so are the paints of a seat and the prompt."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any
from unittest.mock import patch

import pytest
from rich.style import Style
from textual.geometry import Region
from textual.strip import Strip
from textual.widget import Widget
from textual.widgets._footer import FooterKey

from cardtable.tui.app import CardTableApp
from cardtable.tui.widgets.card import CardWidget
from cardtable.tui.widgets.hand import HandView
from cardtable.tui.widgets.painted import PaintedText
from cardtable.tui.widgets.seat import SeatPanel
from cardtable.tui.widgets.trick import TrickArea
from tests.tui.driver import my_turn, settle, settled, table_config

#: These tests are about what each frame paints.
pytestmark = pytest.mark.draws_frames


def drawn(lines: list[Strip]) -> list[list[tuple[str, object]]]:
    return [[(segment.text, segment.style) for segment in line] for line in lines]


def painted_by_textual(widget: Widget) -> list[list[tuple[str, object]]]:
    """The widget painted afresh through Textual's styles, with no look remembered."""
    widget.refresh()
    return drawn(Widget.render_lines(widget, widget.outer_size.region))


def painted(widget: Widget) -> list[list[tuple[str, object]]]:
    """The widget as the compositor asks for it after a change: through the remembered looks."""
    return drawn(widget.render_lines(widget.outer_size.region))


async def test_a_card_marked_and_unmarked_paints_as_textual_draws_it_and_its_look_is_reused() -> None:
    app = CardTableApp(table_config("manille", ["human", "random", "random", "random"], seed=12, first_dealer=0))
    async with app.run_test(size=(80, 24)) as pilot:
        table = await my_turn(pilot)
        # Two cards away from the cursor, so that one look can be shown on both.
        hand = table.query_one(HandView).query(CardWidget)
        card, twin = [card for card in hand if "selected" not in card.classes][:2]
        face = card.face
        assert face is not None
        for each in (card, twin):
            each.mark_place("")  # Textual's paint has no place marks (see the test of those)
        CardWidget.PAINTED.clear()
        for marked in (replace(face, illegal=not face.illegal), replace(face, trump=True, winning=True), face):
            card.show(marked)
            await settle(pilot)
            card.refresh()
            assert painted(card) == painted_by_textual(card)
        # The looks are remembered: showing the first mark again paints without Textual's styles.
        card.show(replace(face, illegal=not face.illegal))
        await settle(pilot)
        card.refresh()
        assert all(key in CardWidget.PAINTED for key, _lines in card.parts())
        assert painted(card) == painted_by_textual(card)
        # Another card of the hand with the same look draws the same lines, at its own place.
        twin.show(replace(face, illegal=not face.illegal))
        await settle(pilot)
        twin.refresh()
        assert twin.look() == card.look()
        assert painted(twin) == painted(card)


async def test_a_card_is_remembered_in_three_parts_and_a_new_label_paints_only_its_line() -> None:
    app = CardTableApp(table_config("manille", ["human", "random", "random", "random"], seed=12, first_dealer=0))
    async with app.run_test(size=(120, 40)) as pilot:
        table = await my_turn(pilot)
        face = table.query_one(HandView).cards[0].face
        assert face is not None
        card = table.query_one(TrickArea).cards["top"]  # a card in the trick is wide enough for its labels
        card.show(replace(face, title="", subtitle=""))
        await settle(pilot)
        top, between, bottom = card.parts()
        assert [region.height for _key, region in (top, between, bottom)] == [1, card.outer_size.height - 2, 1]
        CardWidget.PAINTED.clear()
        card.refresh()
        assert painted(card) == painted_by_textual(card)
        assert len(CardWidget.PAINTED) == 3
        painted_lines: list[Region] = []
        paint = Widget.render_lines

        def counted(widget: Widget, crop: Region) -> list[Strip]:
            if widget is card:
                painted_lines.append(crop)
            return paint(widget, crop)

        with patch.object(Widget, "render_lines", counted):
            # The card wins the trick: only the bottom line, which says so, is painted afresh.
            card.show(replace(face, title="", subtitle="wins"))
            await settle(pilot)
            card.refresh()
            lines = painted(card)
            assert [crop.y for crop in painted_lines] == [card.outer_size.height - 1]
            assert "wins" in "".join(text for text, _style in lines[-1])
            # It was led too: its top line as well, and nothing between.
            painted_lines.clear()
            card.show(replace(face, title="lead", subtitle="wins"))
            await settle(pilot)
            card.refresh()
            lines = painted(card)
            assert [crop.y for crop in painted_lines] == [0]
        assert lines == painted_by_textual(card)
        assert len(CardWidget.PAINTED) == 5


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_every_label_the_table_puts_on_a_card_is_drawn(size: tuple[int, int]) -> None:
    """A border label that does not fit (Textual draws none on an edge too short for it) would only make the
    card's look differ from its twin's for nothing."""
    app = CardTableApp(table_config("manille", ["human", "random", "random", "random"], seed=3, first_dealer=1))
    async with app.run_test(size=size) as pilot:
        table = await my_turn(pilot)
        labelled = 0
        for card in table.query(CardWidget):
            if not card.outer_size.area:
                continue  # a place not on screen
            card.refresh()
            lines = painted(card)
            for label, line in ((card.border_title, lines[0]), (card.border_subtitle, lines[-1])):
                if label:
                    labelled += 1
                    assert str(label) in "".join(text for text, _style in line), (card, label)
        assert labelled  # the card led says so


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_every_card_of_your_hand_shows_its_key_on_its_bottom_edge(size: tuple[int, int]) -> None:
    """The digits, then the capital letters; at 120x40 the chosen card is drawn a line higher than the others."""
    app = CardTableApp(table_config("malilla", ["human", "random", "random", "random"], seed=12, first_dealer=3))
    async with app.run_test(size=size) as pilot:
        table = await my_turn(pilot)
        hand = table.query_one("#hand", HandView)
        assert len(hand.cards) == 10
        lifted = size == (120, 40)
        for position, card in enumerate(hand.cards):
            chosen = position == hand.cursor
            lines = painted(card)
            # A large hand's card: the felt below the chosen card's frame, above the others'.
            frame = (lines[:-1] if chosen else lines[1:]) if lifted else lines
            if lifted:
                blank = lines[-1] if chosen else lines[0]
                assert "".join(text for text, _style in blank).strip() == ""
            bottom = frame[-1]
            edge = "".join(text for text, _style in bottom)
            key = "123456789A"[position]
            assert edge[2] == key, edge
            marked = [style for text, style in bottom if text == key]
            assert marked and isinstance(marked[0], Style) and marked[0].bold  # the edge's colours, in bold
            # Only the edge: the lines above are the look's, shared with the same card anywhere else (a large
            # hand's card is painted a line taller than its frame, the last line inside it blank).
            card.refresh()
            assert frame[:-1] == painted_by_textual(card)[: len(frame) - 1]


async def test_a_seat_and_the_prompt_paint_their_looks_as_textual_draws_them_and_reuse_them() -> None:
    app = CardTableApp(table_config("manille", ["human", "random", "random", "random"], seed=12, first_dealer=0))
    async with app.run_test(size=(80, 24)) as pilot:
        table = await my_turn(pilot)
        seat = table.query_one("#left", SeatPanel)
        prompt = table.query_one("#prompt", PaintedText)
        SeatPanel.PAINTED.clear()
        PaintedText.PAINTED.clear()
        changes: list[Callable[[], object]] = [
            lambda: seat.show("West", 7, dealer=False, acting=True),
            lambda: seat.show("West", 6, dealer=True, acting=False),
            lambda: prompt.update("Waiting for West…", layout=False),
            lambda: prompt.update("Your turn", layout=False),
        ]
        held: tuple[int, int] | None = None
        for round in (1, 2):  # the second time round, every look has been painted before
            for change in changes:
                change()
                seat.refresh()
                prompt.refresh()
                await settle(pilot)  # the compositor paints both through their looks
                assert seat.look() in SeatPanel.PAINTED and prompt.look() in PaintedText.PAINTED
                for widget in (seat, prompt):
                    widget.refresh()
                    assert painted(widget) == painted_by_textual(widget)
            if round == 1:
                held = len(SeatPanel.PAINTED), len(PaintedText.PAINTED)
        assert (len(SeatPanel.PAINTED), len(PaintedText.PAINTED)) == held


def rules_found_by_textual(app: CardTableApp, widget: Widget) -> dict[str, object]:
    """The widget's rules as Textual's stylesheet matches them afresh (which also sets them)."""
    app.stylesheet.apply(widget, animate=False)
    return dict(widget.styles.base._rules)


async def test_cards_seats_and_footer_keys_restyled_from_combinations_seen_before_get_the_rules_textual_finds() -> None:
    app = CardTableApp(table_config("manille", ["human", "random", "random", "random"], seed=12, first_dealer=0))
    async with app.run_test(size=(80, 24)) as pilot:
        table = await my_turn(pilot)
        hand = table.query_one(HandView).query(CardWidget)
        card = next(card for card in hand if "selected" not in card.classes)
        face = card.face
        assert face is not None
        app.restyled.found.clear()
        marks = (replace(face, illegal=not face.illegal), replace(face, trump=True, winning=True), face)
        for marked in (*marks, *marks):  # the second time round, every combination has been seen
            seen = len(app.restyled.found)
            card.show(marked)
            restyled = dict(card.styles.base._rules)
            assert restyled == rules_found_by_textual(app, card)
        assert len(app.restyled.found) == seen  # the second round found every combination kept
        seat = table.query_one("#left", SeatPanel)
        for acting in (True, False, True, False):
            seat.set_class(acting, "acting")
            assert dict(seat.styles.base._rules) == rules_found_by_textual(app, seat)
        key = table.query(FooterKey).first()
        for compact in (True, False, True, False):  # as the footer builds its keys
            key.set_class(compact, "-compact")
            assert dict(key.styles.base._rules) == rules_found_by_textual(app, key)
        # A new stylesheet starts afresh: here Night, a table theme on the same Textual theme as Green felt, so
        # that no class of the app changes, only the colours its rules give.
        before = dict(card.styles.base._rules)
        app.settings.theme = "night"
        app.apply_theme()
        await settle(pilot)
        assert dict(card.styles.base._rules) != before  # the theme draws cards in colours of its own
        card.show(marks[0])
        assert dict(card.styles.base._rules) == rules_found_by_textual(app, card)


async def test_a_restyle_from_a_combination_seen_before_refreshes_the_widget_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    app = CardTableApp(table_config("manille", ["human", "random", "random", "random"], seed=12, first_dealer=0))
    async with app.run_test(size=(80, 24)) as pilot:
        table = await my_turn(pilot)
        card = next(card for card in table.query_one(HandView).query(CardWidget) if "selected" not in card.classes)
        seat = table.query_one("#left", SeatPanel)
        asked: list[tuple[str, bool]] = []
        refresh = Widget.refresh

        def counted(widget: Widget, *regions: Any, layout: bool = False, **kwargs: Any) -> Any:
            if widget in (card, seat):
                asked.append((type(widget).__name__, layout))
            return refresh(widget, *regions, layout=layout, **kwargs)

        monkeypatch.setattr(Widget, "refresh", counted)
        for widget, name in ((card, "winning"), (card, "selected"), (seat, "acting")):
            for turn, on in enumerate((True, False, True, False)):
                asked.clear()
                widget.set_class(on, name)
                if turn >= 2:  # the second time round, each combination has been seen
                    assert asked == [(type(widget).__name__, False)], f"{name} {on}: {asked}"
                assert dict(widget.styles.base._rules) == rules_found_by_textual(app, widget)
        # A card drawn large from a combination seen before is laid out again: its box has grown.
        card.show(card.face, large=True)
        card.show(card.face, large=False)
        asked.clear()
        card.show(card.face, large=True)
        assert ("CardWidget", True) in asked
        await settled(pilot)  # one step may come before the layout on a busy machine
        assert card.outer_size == (9, 7)
