"""Undo at the table: your last decision and what the computers did after it taken back, in every game.

Each test starts from a match a few decisions from the point it tests, and the computers play at once.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from textual.pilot import Pilot
from textual.widgets import Static

from cardtable.engine.game import Action
from cardtable.engine.loop import deal_rng, resume_match
from cardtable.engine.match import Match
from cardtable.engine.records import parse_record
from cardtable.games import find_game
from cardtable.saves import SAVES, find_unfinished
from cardtable.tui.app import CardTableApp
from cardtable.tui.dialogs.choice import ChoiceDialog
from cardtable.tui.dialogs.hinted import HintedDialog
from cardtable.tui.screens.score_sheet import ScoreSheetScreen
from cardtable.tui.screens.table import TableScreen
from cardtable.tui.widgets.hand import HandView
from tests.support import narrowed
from tests.tui.driver import gated_table, table_config, table_of

FOUR = ["human", "random", "random", "random"]


def dealt(game: str, players: int, seed: int, options: dict[str, Any] | None = None, dealer: int = 0) -> Match:
    rules = find_game(game)
    match = Match(rules, rules.parse_options(options or {}, players), players)
    match.deal_new_hand(deal_rng(seed, 0), first_dealer=dealer)
    return match


async def wait_for(pilot: Pilot[None], ready: Callable[[], object], seconds: float = 20.0) -> None:
    """Until ``ready()``; by the clock, since a loaded machine slows the computers' turns, not the test's steps."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        await pilot.pause()
        if ready():
            return
    raise AssertionError(f"the table never got there; the screen is {pilot.app.screen!r}")


async def open_table(pilot: Pilot[None], game: str, seats: list[str], match: Match, seed: int = 7,
                     options: dict[str, Any] | None = None, table_type: type[TableScreen[Any]] = TableScreen
                     ) -> TableScreen[Any]:  # fmt: skip
    await pilot.pause()
    table = table_type(table_config(game, seats, seed=seed, options=options), match)
    pilot.app.push_screen(table)
    await wait_for(pilot, lambda: table.is_mounted)
    return table


def my_card_turn(table: TableScreen[Any]) -> Callable[[], bool]:
    return lambda: table.my_card_turn() and table.app.screen is table


def footer_keys(table: TableScreen[Any]) -> set[str]:
    return {active.binding.action for active in table.active_bindings.values() if active.binding.show}


def actions_of(match: Match) -> list[list[dict[str, Any]]]:
    return [hand["actions"] for hand in match.to_record()["hands"]]


def notice(table: TableScreen[Any]) -> str:
    return str(table.query_one("#notice", Static).content)


def saved_record(home: Path) -> dict[str, Any]:
    (path,) = sorted((home / SAVES).glob("*.json"))
    saved: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return saved


# ----------------------------------------------------------------------------- a card, across the computers' turns
async def test_undo_takes_back_your_card_and_the_computers_plays_after_it_in_manille(table_home: Path) -> None:
    app = CardTableApp()
    async with app.run_test(size=(80, 24)) as pilot:
        table = await open_table(pilot, "manille", FOUR, dealt("manille", 4, 5, dealer=3))
        await wait_for(pilot, my_card_turn(table))
        assert "undo" not in footer_keys(table)  # nothing to undo yet: the footer leaves the key out
        await pilot.press("u")
        assert notice(table) == "Nothing to undo yet: no decision of yours so far."
        before = actions_of(table.match)
        cards = [card.face.index for card in table.query_one(HandView).cards if card.face is not None]
        played = len(table.match.hands[-1].actions)
        await pilot.press("enter")
        # Your card, then the three computers' and the next trick's lead come round to you again.
        await wait_for(pilot, lambda: my_card_turn(table)() and len(table.match.hands[-1].actions) > played + 1)
        assert any(a.seat != 0 for a in table.match.hands[-1].actions[played + 1 :])
        await wait_for(pilot, lambda: "undo" in footer_keys(table))
        await pilot.press("u")
        await wait_for(pilot, my_card_turn(table))
        assert actions_of(table.match) == before
        assert [card.face.index for card in table.query_one(HandView).cards if card.face is not None] == cards
        assert notice(table).startswith("Undone: You ")
        assert table.undos == 1
        saved = saved_record(table_home)
        assert saved["assisted"] == {"undos": 1, "hints": 0}
        assert [hand["actions"] for hand in saved["hands"]] == before  # the save is the match taken back
        # Once more: back before the decision before (here none is left).
        await pilot.press("ctrl+z")
        assert notice(table) == "Nothing to undo yet: no decision of yours so far."
        assert table.undos == 1


async def test_undo_in_malilla_goes_back_one_more_decision_each_time(table_home: Path) -> None:
    app = CardTableApp()
    async with app.run_test(size=(80, 24)) as pilot:
        table = await open_table(
            pilot,
            "malilla",
            FOUR,
            dealt("malilla", 4, 3, {"redeal_seven": False}, dealer=3),
            options={"redeal_seven": False},
        )
        moments = []
        for _ in range(2):
            await wait_for(pilot, my_card_turn(table))
            moments.append(actions_of(table.match))
            done = len(table.match.hands[-1].actions)
            await pilot.press("enter")

            def played_on(n: int = done) -> bool:
                return my_card_turn(table)() and len(table.match.hands[-1].actions) > n + 1

            await wait_for(pilot, played_on)
        for moment in reversed(moments):
            await pilot.press("u")

            def back_at(m: list[list[dict[str, Any]]] = moment) -> bool:
                return my_card_turn(table)() and actions_of(table.match) == m

            await wait_for(pilot, back_at)
        assert table.undos == 2 and table.record()["assisted"]["undos"] == 2


# ----------------------------------------------------------------------------- decisions other than a card
async def test_undo_takes_back_a_tarot_bid_and_opens_the_bid_again(table_home: Path) -> None:
    app = CardTableApp()
    async with app.run_test(size=(80, 24)) as pilot:
        # Seat 0 bids second; after its bid the others bid, then the game goes on to its next decision.
        table = await open_table(pilot, "tarot", FOUR, dealt("tarot", 4, 4, dealer=2))
        await wait_for(pilot, lambda: isinstance(app.screen, HintedDialog) and table.waiting is not None)
        bid = app.screen
        assert isinstance(bid, ChoiceDialog)
        choices = list(bid.choices)
        before = actions_of(table.match)
        assert "undo" not in {a.binding.action for a in bid.active_bindings.values()}  # nothing to undo yet
        await pilot.press("enter")  # the first choice
        await wait_for(pilot, lambda: any(a["seat"] == 0 for a in actions_of(table.match)[-1]))
        mine = next(a for a in table.match.hands[-1].actions if a.seat == 0)
        assert mine.verb == "bid"
        await wait_for(pilot, lambda: table.waiting is not None and table.can_undo())
        await pilot.press("u")  # at the table or in the dialog of the next decision
        await wait_for(pilot, lambda: isinstance(app.screen, ChoiceDialog) and actions_of(table.match) == before)
        assert list(narrowed(ChoiceDialog, app.screen).choices) == choices
        assert notice(table).startswith("Undone: ")


async def test_undo_takes_back_a_truco_call_and_the_computers_answer(table_home: Path) -> None:
    app = CardTableApp()
    async with app.run_test(size=(80, 24)) as pilot:
        table = await open_table(pilot, "truco", FOUR, dealt("truco", 4, 2, dealer=3), seed=2)
        await wait_for(pilot, my_card_turn(table))
        before = actions_of(table.match)
        assert table.key_calls("truco")
        await pilot.press("v")  # truco! (a refusal ends the hand, and the next is dealt: it goes on in hands[1])
        await wait_for(pilot, lambda: len(table.match.hands[0].actions) >= len(before[0]) + 2)
        called = table.match.hands[0].actions[len(before[0])]
        assert called.seat == 0 and called.verb == "call"
        answer = table.match.hands[0].actions[len(before[0]) + 1]
        assert answer.seat in (1, 3)  # the other side answered
        await wait_for(pilot, lambda: table.waiting is not None or table.match.current is None)
        await pilot.press("u")
        await wait_for(pilot, lambda: my_card_turn(table)() and actions_of(table.match) == before)
        assert table.key_calls("truco")  # the call is yours to make again


# ----------------------------------------------------------------------------- a computer thinking or pausing
GATE = threading.Event()
STARTED = threading.Event()
GatedTable = gated_table(GATE, STARTED)


async def test_undo_while_a_computer_thinks_drops_its_answer(table_home: Path) -> None:
    GATE.clear()
    STARTED.clear()
    app = CardTableApp()
    async with app.run_test(size=(80, 24)) as pilot:
        match = dealt("manille", 4, 5, dealer=3)
        table = await open_table(pilot, "manille", FOUR, match, table_type=GatedTable)
        GATE.set()  # the computers before you play at once
        await wait_for(pilot, my_card_turn(table))
        GATE.clear()
        STARTED.clear()
        before = actions_of(table.match)
        await pilot.press("enter")
        await wait_for(pilot, STARTED.is_set)  # East is thinking
        mine = len(before[-1])
        assert len(table.match.hands[-1].actions) == mine + 1
        await pilot.press("u")
        await wait_for(pilot, my_card_turn(table))
        GATE.set()  # East's thought comes back now, to a loop the undo stopped
        for _ in range(20):
            await pilot.pause()
        assert actions_of(table.match) == before and table.my_card_turn()
        assert actions_of(resume_match(parse_record(saved_record(table_home), find_game))) == before


async def test_undo_during_the_computers_pause_stops_it(table_home: Path) -> None:
    (table_home / "settings.json").write_text(json.dumps({"speed": "slow"}))
    app = CardTableApp()
    async with app.run_test(size=(80, 24)) as pilot:
        table = await open_table(pilot, "manille", FOUR, dealt("manille", 4, 5, dealer=0))
        await wait_for(pilot, my_card_turn(table), seconds=30)  # seat 0 leads: nothing before it
        before = actions_of(table.match)
        await pilot.press("enter")
        await wait_for(pilot, lambda: len(table.match.hands[-1].actions) == len(before[-1]) + 1)
        await pilot.press("u")  # East is still in its pause
        await wait_for(pilot, my_card_turn(table))
        # The key that skips a pause ends at once any pause still running (a stale one would then play East's
        # card): no need to sit through the pause's length.
        table.skip.set()
        for _ in range(5):
            await pilot.pause()
        assert actions_of(table.match) == before and table.my_card_turn()


# ----------------------------------------------------------------------------- across the end of a hand
def last_trick_of_manille(options: dict[str, Any] | None = None) -> Match:
    """A Manille hand with one card left each, seat 0 to play last in the trick (its last card ends the hand)."""
    match = dealt("manille", 4, 5, options, dealer=0)
    state = match.current
    assert state is not None
    while True:
        seat = state.to_act
        assert seat is not None
        view = state.view(seat)
        if seat == 0 and view.legal_mask and view.hand.bit_count() == 1:
            return match
        match.apply(view.legal_actions()[0])


async def test_undo_on_the_score_sheet_takes_back_the_last_card_of_the_hand(table_home: Path) -> None:
    app = CardTableApp()
    async with app.run_test(size=(80, 24)) as pilot:
        match = last_trick_of_manille()
        table = await open_table(pilot, "manille", FOUR, match)
        await wait_for(pilot, my_card_turn(table))
        before, scores = actions_of(table.match), list(table.match.scores)
        await pilot.press("enter")  # the last card: the hand is scored
        await wait_for(pilot, lambda: isinstance(app.screen, ScoreSheetScreen))
        assert len(table.history) == 2
        sheet = app.screen
        assert "undo" in {a.binding.action for a in sheet.active_bindings.values()}
        await pilot.press("u")
        await wait_for(pilot, my_card_turn(table))
        assert actions_of(table.match) == before and table.match.scores == scores and len(table.history) == 1


async def test_undo_reaches_back_into_the_hand_before_once_the_next_is_dealt(table_home: Path) -> None:
    app = CardTableApp()
    async with app.run_test(size=(80, 24)) as pilot:
        table = await open_table(pilot, "manille", FOUR, last_trick_of_manille())
        await wait_for(pilot, my_card_turn(table))
        before = actions_of(table.match)
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, ScoreSheetScreen))
        await pilot.press("enter")
        await wait_for(pilot, lambda: len(table.match.hands) == 2 and table.waiting is not None)
        await pilot.press("u")
        await wait_for(pilot, lambda: my_card_turn(table)() and len(table.match.hands) == 1)
        assert actions_of(table.match) == before
        assert notice(table).startswith("Undone (hand 1): You play ")


# ----------------------------------------------------------------------------- resume, hot-seat, watching, the end
async def test_a_match_resumed_after_an_undo_is_at_the_moment_taken_back_to(table_home: Path) -> None:
    app = CardTableApp()
    async with app.run_test(size=(80, 24)) as pilot:
        table = await open_table(pilot, "manille", FOUR, dealt("manille", 4, 5, dealer=3))
        await wait_for(pilot, my_card_turn(table))
        before = actions_of(table.match)
        await pilot.press("enter")
        await wait_for(pilot, lambda: table.can_undo() and my_card_turn(table)())
        await pilot.press("u")
        await wait_for(pilot, my_card_turn(table))
        view = table.view
    (found,) = find_unfinished()[0]
    app = CardTableApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.resume(found)
        await wait_for(pilot, lambda: (t := table_of(app)) is not None and my_card_turn(t)())
        resumed = table_of(app)
        assert resumed is not None
        assert actions_of(resumed.match) == before and resumed.view == view
        assert resumed.undos == 1 and resumed.record()["assisted"] == {"undos": 1, "hints": 0}


async def test_hot_seat_offers_no_undo(table_home: Path) -> None:
    app = CardTableApp()
    async with app.run_test(size=(80, 24)) as pilot:
        seats = ["human", "random", "human", "random"]
        table = await open_table(pilot, "manille", seats, dealt("manille", 4, 5, dealer=3))
        # Both people play a card, each in turn after the "Pass to" screen.
        while {a.seat for a in table.match.hands[-1].actions} < {0, 2} or not table.my_card_turn():
            await wait_for(pilot, lambda: app.screen is not table or table.my_card_turn())
            await pilot.press("enter")
            await pilot.pause()
        await wait_for(pilot, my_card_turn(table))
        before = actions_of(table.match)
        assert not table.can_undo() and "undo" not in footer_keys(table)
        await pilot.press("u")
        assert notice(table) == "Undo is only for you alone against computers."
        assert actions_of(table.match) == before and table.undos == 0 and "assisted" not in table.record()


async def test_watching_the_computers_offers_no_undo(table_home: Path) -> None:
    app = CardTableApp()
    async with app.run_test(size=(80, 24)) as pilot:
        # The computers take their time: at once, they would still be finishing the match as the app closes.
        app.settings.speed = "slow"
        watched = await open_table(pilot, "manille", ["random"] * 4, dealt("manille", 4, 5))
        assert not watched.undo_offered() and "undo" not in footer_keys(watched)
        assert watched.undo_refusal() == "Nothing to undo: you are watching the computers."
        await pilot.press("u")
        assert watched.undos == 0


async def test_nothing_is_undone_once_the_match_is_over(table_home: Path) -> None:
    app = CardTableApp()
    async with app.run_test(size=(80, 24)) as pilot:
        table = await open_table(pilot, "manille", FOUR, last_trick_of_manille({"target": 1}), options={"target": 1})
        await wait_for(pilot, my_card_turn(table))
        await pilot.press("enter")  # the last card ends the match
        await wait_for(pilot, lambda: table.match.over and isinstance(app.screen, ScoreSheetScreen | ChoiceDialog))
        assert not table.can_undo() and "undo" not in {a.binding.action for a in app.screen.active_bindings.values()}
        await pilot.press("u")
        assert notice(table) == "Nothing to undo: the match is finished."
        assert table.undos == 0 and table.match.over


# ----------------------------------------------------------------------------- Malilla's redeal, offered before a card
async def test_the_redeal_offered_before_your_card_comes_again_only_when_the_call_is_taken_back(
    table_home: Path,
) -> None:
    from tests.tui.test_malilla import seven_espadas_record

    app = CardTableApp()
    async with app.run_test(size=(80, 24)) as pilot:
        match = resume_match(parse_record(seven_espadas_record(dealer=3), find_game))
        table = await open_table(pilot, "malilla", FOUR, match)
        await wait_for(pilot, lambda: isinstance(app.screen, ChoiceDialog))
        await pilot.press("enter")  # "Ask for a redeal"
        await wait_for(pilot, lambda: len(table.match.hands) > 1 or len(table.match.hands[0].actions) >= 2)
        assert table.match.hands[0].actions[0] == Action(0, "call", "redeal")
        # North agrees (the hand is over: its score sheet) or declines (your card, or the offer of your redeal).
        await wait_for(pilot, lambda: table.waiting is not None or isinstance(app.screen, ScoreSheetScreen))
        await pilot.press("u")  # the call and North's answer go: the offer is made again
        await wait_for(pilot, lambda: isinstance(app.screen, ChoiceDialog) and not table.match.hands[-1].actions)
        assert len(table.match.hands) == 1
        await pilot.press("down", "enter")  # "No, thanks: play a card"
        await wait_for(pilot, my_card_turn(table))
        await pilot.press("enter")
        await wait_for(pilot, lambda: my_card_turn(table)() and len(table.match.hands[-1].actions) > 1)
        await pilot.press("u")  # the card goes; the offer answered before it is not made again
        await wait_for(pilot, lambda: my_card_turn(table)() and not table.match.hands[-1].actions)
        for _ in range(5):
            await pilot.pause()
        assert app.screen is table and table.my_card_turn()
