"""Motion at the table: a played card moves to its place in the trick, a won trick gathers towards its winner.

The suite runs with motion off (``CARDTABLE_NO_ANIMATION`` is set for every test); these tests turn it on,
most of them with a motion that lasts a minute, so that a loaded machine still finds the card on its way
when the test looks.  Each opens the shared Manille sample near the end of its hand: before the sixth trick,
which you (South) lead, or before the seventh, which West leads and you take with the last card.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from textual import events
from textual.pilot import Pilot
from textual.widgets import Select

from cardtable.engine.game import Action
from cardtable.engine.loop import deal_rng, resume_match
from cardtable.engine.match import Match
from cardtable.engine.records import parse_record
from cardtable.games import find_game
from cardtable.saves import SPEEDS
from cardtable.tui.app import CardTableApp
from cardtable.tui.motion import NO_ANIMATION, motion_wanted
from cardtable.tui.screens.settings import SettingsScreen
from cardtable.tui.screens.start import StartScreen
from cardtable.tui.screens.table import TableScreen
from cardtable.tui.widgets.hand import HandView
from cardtable.tui.widgets.trick import TrickArea
from tests.support import TESTS
from tests.tui.driver import my_turn, table_config

SEATS = ["human", "random", "random", "random"]
RECORD = TESTS / "cases" / "manille" / "pips_36_24.json"
#: Actions of the sample before its sixth trick (South leads) and before its seventh (South plays last, and wins).
SIXTH, SEVENTH = 20, 24


@pytest.fixture
def motion(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(NO_ANIMATION, raising=False)


@pytest.fixture
def slow_motion(motion: None, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("cardtable.tui.motion.MOTION_SECONDS", 60.0)


@pytest.fixture(autouse=True)
def slow_computers(monkeypatch: pytest.MonkeyPatch) -> None:
    """At the "slow" speed here a computer waits a minute: nothing it plays comes while a test looks."""
    monkeypatch.setitem(SPEEDS, "slow", 60.0)


def sample_before(actions: int) -> tuple[Any, str]:
    """The sample resumed after ``actions`` actions, and the card South plays next in it."""
    record = json.loads(RECORD.read_text())
    played = record["hands"][0]["actions"]
    cut = copy.deepcopy(record)
    cut["hands"][0]["actions"] = played[:actions]
    south = next(a for a in played[actions:] if a["seat"] == 0)
    return resume_match(parse_record(cut, find_game)), str(south["play"])


async def open_table(pilot: Pilot[None], actions: int, speed: str) -> TableScreen[Any]:
    """The table at your turn, with the record's card under the cursor."""
    app = pilot.app
    assert isinstance(app, CardTableApp)
    app.settings.speed = speed
    match, card = sample_before(actions)
    await app.push_screen(TableScreen(table_config("manille", SEATS, seed=1, first_dealer=3), match))
    table: TableScreen[Any] = await my_turn(pilot)
    hand = table.query_one(HandView)
    index = table.match.deck.codes.index(card)
    hand.cursor = next(p for p, shown in enumerate(hand.cards) if shown.index == index)
    return table


async def press(pilot: Pilot[None], key: str) -> None:
    """A key as the terminal sends it (Pilot's own ``press`` waits for every motion to end first)."""
    event = events.Key(key, "\r" if key == "enter" else key)
    event.set_sender(pilot.app)
    pilot.app.post_message(event)
    await pilot.pause(0)
    await pilot.pause(0)


async def until(pilot: Pilot[None], ready: Any, steps: int = 400) -> None:
    for _ in range(steps):
        if ready():
            return
        await pilot.pause(0.005)
    raise AssertionError("it never happened")


async def test_your_card_moves_from_your_hand_to_its_place(slow_motion: None) -> None:
    app = CardTableApp()
    async with app.run_test(size=(80, 24)) as pilot:
        table = await open_table(pilot, SIXTH, speed="slow")
        trick = table.query_one(TrickArea)
        hand = table.query_one(HandView)
        played = hand.cards[hand.cursor]
        card, from_hand = played.index, played.region
        await press(pilot, "enter")
        assert table.motion.moving and trick.held == {"bottom"} and trick.cards["bottom"].empty
        flight = table.motion.flights[0]
        landing = trick.place("bottom")
        assert flight.flyer.face is not None and flight.flyer.face.index == card
        assert flight.end == landing.offset and from_hand.contains(flight.start.x + landing.width // 2, flight.start.y)
        table.motion.progress = 0.5
        assert landing.y < table.motion.flights[0].flyer.styles.offset.y.value < flight.start.y  # on its way up
        await until(pilot, lambda: bool(flight.flyer.region))
        # A click goes through the moving card to what lies under it.
        assert table.get_widget_at(*flight.flyer.region.offset)[0] is not flight.flyer
        table.end_motion()
        assert not trick.held and not flight.flyer.display
        assert trick.cards["bottom"].face is not None and trick.cards["bottom"].face.index == card


async def test_a_card_lands_by_itself(motion: None) -> None:
    app = CardTableApp()
    async with app.run_test(size=(80, 24)) as pilot:
        table = await open_table(pilot, SIXTH, speed="slow")
        assert not table.motion.mounted  # your lead is the first card to move
        await press(pilot, "enter")
        trick = table.query_one(TrickArea)
        assert table.motion.mounted
        await until(pilot, lambda: not table.motion.moving)
        assert not trick.held and trick.cards["bottom"].face is not None
        assert not any(flyer.display for flyer in table.motion.flyers)


async def test_a_key_lands_the_card_on_its_way_and_acts_at_once(slow_motion: None) -> None:
    app = CardTableApp()
    async with app.run_test(size=(80, 24)) as pilot:
        table = await open_table(pilot, SEVENTH, speed="fast")  # the table is laid out by West's card
        trick = table.query_one(TrickArea)
        # West's card, the last before your turn, is on its way from West's panel to West's place.
        assert table.motion.moving and trick.held == {"left"}
        flight = table.motion.flights[0]
        assert table.seat_region(3).contains(flight.start.x + 5, flight.start.y + 1)
        assert flight.end == trick.place("left").offset
        played = len(table.match.hands[-1].actions)
        await press(pilot, "enter")
        # Your card is played at once, and West's had landed: the whole trick is there when it gathers.
        assert len(table.match.hands[-1].actions) == played + 1
        assert trick.cards["left"].face is not None or len(table.motion.flights) == 4
        await until(pilot, lambda: len(table.motion.flights) == 4)


async def test_the_last_card_lands_then_the_trick_gathers_towards_its_winner(slow_motion: None) -> None:
    app = CardTableApp()
    async with app.run_test(size=(80, 24)) as pilot:
        table = await open_table(pilot, SEVENTH, speed="fast")
        trick = table.query_one(TrickArea)
        await press(pilot, "enter")
        # Your card, the last of the trick, moves to its place with the trick shown won.
        await until(pilot, lambda: trick.held == {"bottom"})
        assert all(trick.cards[place].face is not None for place in ("left", "top", "right"))
        # Then the trick gathers towards you (you took it), its places emptied, and your lead is not held up.
        await until(pilot, lambda: len(table.motion.flights) == 4)
        assert not trick.held and all(card.empty for card in trick.cards.values())
        hand = table.query_one(HandView).region
        assert all(hand.contains(flight.end.x + 5, flight.end.y + 1) for flight in table.motion.flights)
        await until(pilot, table.my_card_turn)
        assert len(table.motion.flights) == 4
        app.settings.speed = "slow"  # the computers wait long after your lead: nothing moves but your card
        # A key in the middle of the gathering: the trick is gone at once, your lead is on its way.
        lead = table.query_one(HandView).cards[table.query_one(HandView).cursor].index
        await press(pilot, "enter")
        assert len(table.motion.flights) == 1 and trick.held == {"bottom"}
        # A resize in the middle of a motion lands the card in its place, at the new size.
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        assert not table.motion.moving and not trick.held and not any(flyer.display for flyer in table.motion.flyers)
        landed = trick.cards["bottom"]
        assert landed.face is not None and landed.face.index == lead and landed.large


async def test_a_screen_over_the_table_lands_every_card(slow_motion: None) -> None:
    app = CardTableApp()
    async with app.run_test(size=(80, 24)) as pilot:
        table = await open_table(pilot, SIXTH, speed="slow")
        await press(pilot, "enter")
        assert table.motion.moving
        await press(pilot, "w")  # the last trick, over the table
        await until(pilot, lambda: app.screen is not table)
        assert not table.motion.moving and not table.query_one(TrickArea).held


async def test_the_settings_turn_motion_off_and_keep_it_off(motion: None, table_home: Path) -> None:
    app = CardTableApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, StartScreen))
        await pilot.press("o")
        await until(pilot, lambda: isinstance(app.screen, SettingsScreen))
        choice = app.screen.query_one("#set-animations", Select)
        assert choice.value is True
        choice.value = False
        await until(pilot, lambda: not app.settings.animations)
        assert json.loads((table_home / "settings.json").read_text())["animations"] is False
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, StartScreen))
        table = await open_table(pilot, SIXTH, speed="slow")
        await press(pilot, "enter")
        assert not table.motion.moving and not table.motion.mounted


def test_motion_follows_the_setting_the_variable_and_textuals_own_level() -> None:
    app = CardTableApp()
    assert motion_wanted(app, True, {}) and not motion_wanted(app, False, {})
    assert not motion_wanted(app, True, {NO_ANIMATION: "1"}) and not motion_wanted(app, True, {NO_ANIMATION: "yes"})
    assert motion_wanted(app, True, {NO_ANIMATION: "0"}) and motion_wanted(app, True, {NO_ANIMATION: ""})
    for level in ("none", "basic"):
        app.animation_level = level  # what TEXTUAL_ANIMATIONS sets
        assert not motion_wanted(app, True, {})


async def test_the_suite_sees_no_motion() -> None:
    """Without the ``motion`` fixture no card moves, and no card for a motion is ever added to the table."""
    app = CardTableApp()
    async with app.run_test(size=(80, 24)) as pilot:
        table = await open_table(pilot, SIXTH, speed="slow")
        await press(pilot, "enter")
        assert table.query_one(TrickArea).cards["bottom"].face is not None
        assert not table.motion_on() and not table.motion.mounted


async def test_a_card_played_face_down_moves_face_down_even_to_its_holder(slow_motion: None) -> None:
    """Truco, two players: you take the first trick and lead the second face down."""
    rules = find_game("truco")
    match = Match(rules, rules.parse_options({"target": 3}, 2), 2)
    match.deal_new_hand(deal_rng(1, 0), 0)
    for action in (Action(1, "play", "6S"), Action(0, "play", "3C")):
        match.apply(action)
    app = CardTableApp()
    async with app.run_test(size=(80, 24)) as pilot:
        app.settings.speed = "slow"
        config = table_config("truco", ["human", "random"], options={"target": 3}, seed=1)
        await app.push_screen(TableScreen(config, resume_match(parse_record(match.to_record(), find_game))))
        table: TableScreen[Any] = await my_turn(pilot)
        await press(pilot, "d")
        trick = table.query_one(TrickArea)
        assert trick.held == {"bottom"}
        flyer = table.motion.flights[0].flyer
        assert flyer.face is not None and flyer.face.back and "░" in str(flyer.render())
        assert table.match.hands[-1].actions[-1].get("hidden") is True
        table.end_motion()
        landed = trick.cards["bottom"].face
        assert landed is not None and not landed.back  # once it lies there, you see your own card
