"""Driving the table from tests as a player would: keys (or clicks) until the match is over."""

from __future__ import annotations

import asyncio
import html
import json
import re
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from rich.segment import Segment
from textual._compositor import LayoutUpdate
from textual.app import App
from textual.pilot import Pilot
from textual.screen import Screen

from cardtable.engine.game import Action, View
from cardtable.engine.loop import resume_match
from cardtable.engine.match import Match
from cardtable.engine.players import Player
from cardtable.engine.records import parse_record
from cardtable.games import find_game
from cardtable.saves import SeatConfig, TableConfig
from cardtable.tui.app import CardTableApp
from cardtable.tui.dialogs.choice import ChoiceDialog
from cardtable.tui.dialogs.message import HandOverScreen, NoticeDialog
from cardtable.tui.games.manille.bid import BidDialog
from cardtable.tui.games.tarot.pick_cards import PickCardsDialog
from cardtable.tui.players import ThinkingComputer
from cardtable.tui.screens.score_sheet import ScoreSheetScreen
from cardtable.tui.screens.table import TableScreen
from cardtable.tui.widgets.hand import HandView


class GatedComputer(Player[View]):
    """A computer seat that thinks until the test lets it go (a thread, as the table's computers think): a test
    that looks at the table while a computer thinks never races the computer's pause on a loaded machine."""

    def __init__(self, inner: Player[View], gate: threading.Event, started: threading.Event) -> None:
        self.inner = inner
        self.gate = gate
        self.started = started

    async def choose(self, view: View) -> Action:
        def think() -> None:
            self.started.set()
            self.gate.wait(10)

        await asyncio.to_thread(think)
        return await self.inner.choose(view)


def gated_table(gate: threading.Event, started: threading.Event) -> type[TableScreen[Any]]:
    """A table whose computer seats think until ``gate`` is set; ``started`` is set when one begins."""

    class GatedTable(TableScreen[Any]):
        def build_players(self) -> list[Player[Any]]:
            return [p if not isinstance(p, ThinkingComputer) else GatedComputer(p, gate, started)
                    for p in super().build_players()]  # fmt: skip

    return GatedTable


def instant_settings(home: Path, *, animations: bool = True) -> None:
    home.mkdir(parents=True, exist_ok=True)
    settings: dict[str, object] = {"speed": "instant"}
    if not animations:  # cards in motion off too
        settings["animations"] = False
    (home / "settings.json").write_text(json.dumps(settings))


def table_config(game: str, seats: list[str], *, names: list[str] | None = None, options: dict[str, Any] | None = None,
                 seed: int = 7, first_dealer: int = 0) -> TableConfig:  # fmt: skip
    names = names or ["You", "East", "North", "West"][: len(seats)]
    return TableConfig(game, len(seats), [SeatConfig(n, k) for n, k in zip(names, seats, strict=True)],
                       options or {}, seed, first_dealer)  # fmt: skip


def resumed_near_the_end(record_file: Path, actions: int, options: dict[str, Any] | None = None) -> Match:
    """The match of a record file as a save resumes it, its last hand cut to its first ``actions``, and
    ``options`` (a lower target, say) put in: the cheap way to open a table near the moment a test is about."""
    record = json.loads(record_file.read_text())
    record["hands"][-1]["actions"] = record["hands"][-1]["actions"][:actions]
    if options:
        record["options"] = {**record.get("options", {}), **options}
    return resume_match(parse_record(record, find_game))


async def hint_worked_out(pilot: Pilot[None], table: TableScreen[Any], seconds: float = 30.0) -> None:
    """Wait while the table works a hint out (in a thread: a time, not a number of steps, bounds it)."""
    deadline = time.monotonic() + seconds
    while table.hinting:
        assert time.monotonic() < deadline, "the hint was never worked out"
        await pilot.pause(0.01)


async def press_hint(pilot: Pilot[None], table: TableScreen[Any], seconds: float = 30.0) -> None:
    """Press the hint key and wait until the table has given the hint (a busy machine may take a while)."""
    given = table.hints
    await pilot.press("t")
    deadline = time.monotonic() + seconds
    while table.hinting or table.hints == given:
        assert time.monotonic() < deadline, "the hint was never given"
        await pilot.pause(0.01)


def table_of(app: App[Any]) -> TableScreen[Any] | None:
    return next((s for s in app.screen_stack if isinstance(s, TableScreen)), None)


async def play_until_over(pilot: Pilot[None], *, mouse: bool = False, calls: bool = False,
                          seconds: float = 120.0, until: type[Screen[Any]] | None = None) -> str:  # fmt: skip
    """Answer every question the table asks with keys (or mouse clicks) until the match-over dialog (or a
    screen of the kind ``until``, say the score sheet at the end of the first hand).

    With ``calls``, the player also makes the first call offered on each turn (Truco's raises) by keys.
    """
    app = pilot.app
    called: set[object] = set()
    deadline = time.monotonic() + seconds  # a time, not a number of steps: a step may take no time at all
    while time.monotonic() < deadline:
        await settle(pilot)
        screen = app.screen
        if until is not None and isinstance(screen, until):
            return type(screen).__name__
        if isinstance(screen, ChoiceDialog) and screen.choices and screen.choices[0][1] == "again":
            return screen.title_text
        if isinstance(screen, ScoreSheetScreen | NoticeDialog):
            await (pilot.click("#continue") if mouse and isinstance(screen, ScoreSheetScreen) else pilot.press("enter"))
        elif isinstance(screen, HandOverScreen):
            await (pilot.click("#ready") if mouse else pilot.press("enter"))
        elif isinstance(screen, BidDialog):
            await pilot.press("p")
        elif isinstance(screen, PickCardsDialog):
            await pick_cards(pilot, screen)
        elif isinstance(screen, ChoiceDialog):
            await pilot.press("enter")
        elif isinstance(screen, TableScreen) and screen.my_card_turn():
            turn = (len(screen.match.hands), screen.view.legal_mask if screen.view else 0)
            if calls and turn not in called and screen.view is not None and screen.open_calls(screen.view):
                called.add(turn)
                await pilot.press("c")
                await pilot.pause()
                await pilot.press("enter")
                continue
            if mouse:
                hand = screen.query_one(HandView)
                legal = screen.view.legal_mask if screen.view else 0
                card = next(c for c in hand.cards if legal >> c.index & 1)
                await pilot.click(card)
                await pilot.click(card)
            else:
                await pilot.press("enter")
        else:
            await asyncio.sleep(0.002)  # the computers think in a thread
    raise AssertionError("the match did not end")


async def settle(pilot: Pilot[None]) -> None:
    """Let the screen handle what it was sent and paint it: Pilot's pause without its wait for an idle CPU.

    That wait sleeps a fiftieth of a second at least, again and again while anything runs (a computer's
    thread): the drivers ask the table what it waits for instead, and come back.
    """
    await pilot.pause(0)


def screen_fingerprint(app: App[Any]) -> tuple[tuple[Segment, ...], ...]:
    """What the terminal shows now, cell styles included, as the compositor draws it for a screenshot.

    Much cheaper than a screenshot (no SVG is written): two of them agree exactly when two screenshots would.
    """
    update = app.screen._compositor.render_update(full=True, screen_stack=app._background_screens)
    assert isinstance(update, LayoutUpdate)  # a full update is always the whole screen's lines
    return tuple(tuple(segment for strip in line for segment in strip) for line in update.strips)


def footer_pending(app: App[Any]) -> bool:
    """Whether a table will look at its keys again in a moment (it redraws its footer a little after a change)."""
    return any(isinstance(screen, TableScreen) and screen.footer_timer is not None for screen in app.screen_stack)


async def settled(pilot: Pilot[None], steps: int = 200) -> None:
    """Wait until nothing more will change on screen: the table's footer has settled and two frames drawn a
    moment apart, with the app idle between them, agree.

    Each step is Pilot's pause (the screen handles what it was sent, then the process is idle for a fiftieth
    of a second): far quicker than comparing screenshots taken at fixed intervals, and it waits as long as a
    loaded machine needs.
    """
    before: tuple[tuple[object, ...], ...] | None = None
    for _ in range(steps):
        await pilot.pause()
        if footer_pending(pilot.app):
            before = None
            continue
        now = screen_fingerprint(pilot.app)
        if now == before:
            return
        before = now


async def wait_for(pilot: Pilot[None], ready: Callable[[], object], seconds: float = 60.0) -> None:
    """Wait until ``ready()`` is true, then until the screen has settled.

    By the clock, not a number of steps: on a loaded machine a step may end before the app had its turn.
    """
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        await pilot.pause()
        if ready():
            await settled(pilot)
            return
    raise AssertionError(f"the screen never got ready; it is {pilot.app.screen!r}")


def screen_text(app: CardTableApp) -> str:
    """Everything a person sees on the terminal now, as plain text (from the app's own screenshot)."""
    svg = app.export_screenshot()
    body = svg[svg.find("<g") :] if "<g" in svg else svg
    text = re.sub(r"<[^>]+>", "", body)
    return html.unescape(text).replace("\xa0", " ")


def last_line(shown: str) -> str:
    """The last line with anything on it of what a terminal shows (``screen_text``): the footer's keys."""
    return [line for line in shown.splitlines() if line.strip()][-1]


def footer_line(app: CardTableApp) -> str:
    """The keys the footer shows now."""
    return last_line(screen_text(app))


async def pick_cards(pilot: Pilot[None], dialog: PickCardsDialog) -> None:
    """Choose the first allowed cards with the arrow keys and Space, then Enter."""
    hand = dialog.query_one(HandView)
    for position, card in enumerate(hand.cards):
        if len(dialog.chosen) >= dialog.count:
            break
        if card.index in dialog.allowed and card.index not in dialog.chosen:
            while hand.cursor != position:
                await pilot.press("right")
            await pilot.press("space")
    await pilot.press("enter")


async def my_turn(pilot: Pilot[None], steps: int = 200) -> TableScreen[Any]:
    """The table once it waits for the bottom person to play a card."""
    for _ in range(steps):
        await pilot.pause()
        table = table_of(pilot.app)
        if table is not None and table.my_card_turn():
            return table
    raise AssertionError(f"never my turn; the screen is {pilot.app.screen!r}")
