"""The auction in view, and dialogs beside the side panel.

While a seat bids (Tarot's bids, Manille's auction and its knock round) the dialog says the bid to beat and who
made it, and stands between the seats, whose bids stay in view under their names. No dialog at the table stands
over the side panel, at any size from 80x24 up (a dialog centred on the terminal left cut pieces of the panel's
lines beside it at 100x32).
"""

from __future__ import annotations

from typing import Any

import pytest
from textual.geometry import Region
from textual.pilot import Pilot
from textual.screen import Screen

from cardtable.engine.game import Action
from cardtable.engine.loop import deal_rng
from cardtable.engine.match import Match
from cardtable.games import find_game
from cardtable.tui.app import CardTableApp
from cardtable.tui.dialogs.choice import ChoiceDialog
from cardtable.tui.dialogs.message import ConfirmDialog, NoticeDialog
from cardtable.tui.games.manille.bid import BidDialog
from cardtable.tui.games.manille.talk import TalkDialog
from cardtable.tui.games.manille.trump_choice import TrumpChoiceDialog
from cardtable.tui.games.tarot.pick_cards import PickCardsDialog
from cardtable.tui.games.truco.call import CallDialog
from cardtable.tui.screens.table import TableScreen
from cardtable.tui.widgets.hand import HandView
from cardtable.tui.widgets.seat import SeatPanel
from tests.tui.driver import table_config, table_of, wait_for
from tests.tui.test_bid import auction_actions

TAROT = find_game("tarot")
MANILLE = find_game("manille")
NAMES = ["You", "East", "North", "West"]
SEATS = ["human", "heuristic", "heuristic", "heuristic"]


#: An action as these tests write it: seat, verb, value and the action's further fields.
Step = tuple[int, str, Any, dict[str, Any]]


def match_after(rules: Any, options: dict[str, Any], actions: list[Step]) -> Match:
    """A 4-seat match, You dealing the first hand, after ``actions`` (seat, verb, value, extra fields)."""
    match = Match(rules, rules.parse_options(options, 4), 4)
    match.deal_new_hand(deal_rng(4, 0), first_dealer=0)
    for seat, verb, value, extra in actions:
        match.apply(Action(seat, verb, value, tuple(sorted(extra.items()))))
    return match


def box(screen: Screen[Any]) -> Region:
    return screen.query_one(".dialog").region


def notes(table: TableScreen[Any]) -> dict[str, str]:
    """Each seat's last line (its note) as it shows under its name, by position."""
    return {seat.id or "": seat.shown.splitlines()[-1] for seat in table.query(SeatPanel) if seat.display}


def clear_of_the_table(app: CardTableApp, dialog: Screen[Any]) -> None:
    """The dialog's box leaves the side panel whole, and the seats (their names and bids) in view."""
    table = table_of(app)
    assert table is not None
    region = box(dialog)
    assert not region.overlaps(table.query_one("#side").region), (region, app.size)
    for seat in table.query(SeatPanel):
        if seat.display:
            assert not region.overlaps(seat.region), (seat.id, region, app.size)
    no_line_cut(table, region)


def no_line_cut(table: TableScreen[Any], region: Region) -> None:
    """The prompt and the notice make way for a dialog over them rather than show cut pieces beside it."""
    for line in (table.prompt_line, table.notice_line):
        assert not (region.overlaps(line.region) and line.visible), (line.id, region)


async def open_table(pilot: Pilot[None], app: CardTableApp, game: str, match: Match, options: dict[str, Any],
                     dialog: type[Screen[Any]]) -> TableScreen[Any]:  # fmt: skip
    await pilot.pause()
    app.push_screen(TableScreen(table_config(game, SEATS, names=NAMES, options=options), match))
    await wait_for(pilot, lambda: isinstance(app.screen, dialog))
    table = table_of(app)
    assert table is not None
    return table


async def test_the_tarot_bid_says_the_bid_to_beat_and_leaves_every_seat_s_bid_in_view() -> None:
    options = {"deals": 1}
    bids: list[Step] = [(1, "bid", "pass", {}), (2, "bid", "garde", {}), (3, "bid", "pass", {})]
    app = CardTableApp()
    async with app.run_test(size=(100, 32)) as pilot:
        table = await open_table(pilot, app, "tarot", match_after(TAROT, options, bids), options, ChoiceDialog)
        dialog = app.screen
        assert "To beat: garde, North" in str(dialog.query_one(".dialog-text").render())
        assert notes(table) == {"right": "pass", "top": "garde", "left": "pass"}
        clear_of_the_table(app, dialog)
        # The terminal grows and shrinks under the dialog: it stays clear of the panel and the seats.
        for size in ((120, 40), (80, 24)):
            await pilot.resize_terminal(*size)

            def resized(size: tuple[int, int] = size) -> bool:
                return table.size == size and box(dialog).right <= table.query_one("#side").region.x

            await wait_for(pilot, resized)
            clear_of_the_table(app, dialog)


async def test_the_manille_auction_says_the_bid_to_beat_and_leaves_every_seat_s_bid_in_view() -> None:
    options = {"auction": True, "doubling": True}
    bids: list[Step] = [(1, "bid", 31, {"suit": "S"}), (2, "bid", 32, {"suit": "H"}), (3, "bid", "pass", {})]
    app = CardTableApp()
    async with app.run_test(size=(80, 24)) as pilot:
        table = await open_table(pilot, app, "manille", match_after(MANILLE, options, bids), options, BidDialog)
        dialog = app.screen
        assert "To beat: 32♥, North" in str(dialog.query_one(".dialog-text").render())
        assert notes(table) == {"right": "bid 31♠", "top": "bid 32♥", "left": "passed"}
        clear_of_the_table(app, dialog)


async def test_the_manille_knock_round_says_who_knocked_and_leaves_every_seat_s_word_in_view() -> None:
    options = {"house": "belgian", "doubling": True}
    calls: list[Step] = [(0, "trump", "S", {}), (1, "call", "knock", {}), (2, "call", "pass", {})]
    app = CardTableApp()
    async with app.run_test(size=(80, 24)) as pilot:
        table = await open_table(pilot, app, "manille", match_after(MANILLE, options, calls), options, ChoiceDialog)
        dialog = app.screen
        assert "East knocked: the hand counts x2" in str(dialog.query_one(".dialog-text").render())
        assert notes(table)["right"] == "knocked" and notes(table)["top"] == "no counter"
        clear_of_the_table(app, dialog)


def dialogs_at_the_table(table: TableScreen[Any]) -> list[Screen[Any]]:
    """One of every kind of dialog the table opens (a bid, cards to pick, a call, trump, talk, messages)."""
    passing = Action(0, "bid", "pass")
    dealt = table.match.current
    assert dealt is not None
    faces = [table.face(table.parts.seat_view(dealt, 0), card) for card in range(18)]
    return [
        BidDialog(0, auction_actions(), {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}),
        PickCardsDialog(
            "Your écart: choose 6", faces, allowed=set(range(18)), must=set(), count=6, reason=lambda card: ""
        ),
        CallDialog("Truco! Do you accept?", [("Accept", passing), ("Fold", passing)], text="Your envido: 27"),
        TrumpChoiceDialog("You deal: choose trump", "Name a suit.", [("Spades ♠ trump", Action(0, "trump", "S"))]),
        TalkDialog([("How many cards you hold", [("I hold 3 spades", passing)])], "Everyone hears it."),
        NoticeDialog("Last trick", "East led 7♠, North played K♠ and took the trick."),
        ConfirmDialog("Take back your last card?"),
    ]


@pytest.mark.parametrize("size", [(80, 24), (90, 30), (100, 32), (120, 40)], ids=lambda s: f"{s[0]}x{s[1]}")
async def test_no_dialog_at_the_table_stands_over_the_side_panel(size: tuple[int, int]) -> None:
    options = {"deals": 1}
    app = CardTableApp()
    async with app.run_test(size=size) as pilot:
        table = await open_table(pilot, app, "tarot", match_after(TAROT, options, []), options, ChoiceDialog)
        side = table.query_one("#side").region
        assert not box(app.screen).overlaps(side), (box(app.screen), side)
        no_line_cut(table, box(app.screen))
        for dialog in dialogs_at_the_table(table):
            app.push_screen(dialog)

            def shown(dialog: Screen[Any] = dialog) -> bool:
                return app.screen is dialog

            await wait_for(pilot, shown)
            assert not box(dialog).overlaps(side), (type(dialog).__name__, box(dialog), side)
            if isinstance(dialog, TalkDialog | TrumpChoiceDialog | CallDialog):
                assert box(dialog).x == 0, "no sliver of the table's lines left beside a dialog at the left"
            app.pop_screen()


async def test_a_three_player_taker_s_ecart_shows_every_card_beside_the_side_panel() -> None:
    """30 cards in the columns left of the panel at 80x24 (eight a row), each whole, and the Done button."""
    options = {"deals": 1}
    match = Match(TAROT, TAROT.parse_options(options, 3), 3)
    match.deal_new_hand(deal_rng(3, 3), first_dealer=2)
    for seat in range(3):
        match.apply(Action(seat, "bid", "garde" if seat == 0 else "pass"))
    app = CardTableApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.push_screen(TableScreen(table_config("tarot", SEATS[:3], names=NAMES[:3], options=options), match))
        await wait_for(pilot, lambda: isinstance(app.screen, PickCardsDialog))
        dialog = app.screen
        for size in ((80, 24), (100, 32)):
            await pilot.resize_terminal(*size)
            table = table_of(app)
            assert table is not None

            def resized(table: TableScreen[Any] = table, size: tuple[int, int] = size) -> bool:
                return table.size == size

            await wait_for(pilot, resized)
            inside = dialog.query_one("#pick-cards").content_region
            assert not dialog.query_one("#pick-cards").region.overlaps(table.query_one("#side").region)
            cards = dialog.query_one("#pick-hand", HandView).cards
            assert len(cards) == 30
            assert all(inside.contains_region(card.region) for card in cards), size
            assert inside.contains_region(dialog.query_one("#done").region), size
            # The table's own hand makes way (the dialog shows it): no cut cards beside the dialog.
            assert not table.query_one("#hand").visible


async def test_every_question_asked_in_turn_stands_whole_between_the_seats_even_after_the_ecart() -> None:
    # The chelem question comes as the table's hand shows again after the écart: a box placed before the hand was
    # laid out again had no room left (2 rows, its choices gone); centred, it cut "West" and "East" in two.
    options = {"deals": 1}
    passes: list[Step] = [(seat, "bid", "pass", {}) for seat in (1, 2, 3)]
    app = CardTableApp()
    async with app.run_test(size=(80, 24)) as pilot:
        table = await open_table(pilot, app, "tarot", match_after(TAROT, options, passes), options, ChoiceDialog)
        await pilot.press("down", "down", "enter")  # garde
        await wait_for(pilot, lambda: isinstance(app.screen, PickCardsDialog))
        await pilot.press("t")
        await wait_for(pilot, lambda: "Hint" in str(app.screen.query_one(".dialog-hint").render()))
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, ChoiceDialog))
        chelem = app.screen
        await wait_for(pilot, lambda: box(chelem).height >= 6)  # title, two choices, the hint line, its frame
        clear_of_the_table(app, chelem)
        assert box(chelem).y >= table.query_one("#top").region.bottom
