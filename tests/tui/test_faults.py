"""The table survives a fault in a key's action, Textual's palette paging included, and closes cleanly on a signal."""

from __future__ import annotations

import fcntl
import os
import pty
import select
import signal
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path
from typing import Any

import pytest
from textual.command import CommandList, CommandPalette
from textual.pilot import Pilot

from cardtable.saves import SAVES
from cardtable.tui.app import CardTableApp
from cardtable.tui.command_palette import SteadyCommandPalette
from cardtable.tui.screens.start import StartScreen
from cardtable.tui.screens.table import TableScreen
from tests.support import TESTS
from tests.tui.driver import my_turn, table_config, wait_for


async def page_before_the_list_is_drawn(pilot: Pilot[None], palette: CommandPalette, action: str) -> None:
    """Page through the palette's commands while its list has options but no room yet (as when PgUp follows
    Ctrl+P at once: the commands are found before the list is shown)."""
    app = palette.app
    commands = palette.query_one(CommandList)
    commands.display = False
    await pilot.pause()
    commands.clear_options()
    commands.add_option("a command")
    commands.highlighted = 0
    await app.run_action(action, palette)


async def test_paging_the_palette_before_its_list_is_drawn_is_no_crash(table_home: Path) -> None:
    # Textual's own palette fails here (KeyError: 0), which is why the table opens its steadied one.
    app = CardTableApp()
    with pytest.raises(KeyError):
        async with app.run_test(size=(100, 32)) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
            app.push_screen(CommandPalette(id="--command-palette"))
            await pilot.pause()
            assert isinstance(app.screen, CommandPalette)
            await page_before_the_list_is_drawn(pilot, app.screen, "command_list('page_down')")
            await pilot.pause()
    app = CardTableApp()
    async with app.run_test(size=(100, 32)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
        await pilot.press("ctrl+p")
        await wait_for(pilot, lambda: isinstance(app.screen, SteadyCommandPalette))
        assert isinstance(app.screen, SteadyCommandPalette)
        for action in ("page('down')", "page('up')"):
            await page_before_the_list_is_drawn(pilot, app.screen, action)
            await pilot.pause()
        await pilot.press("pagedown", "pageup", "escape")
        await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
    assert not list(table_home.glob("crash-*.log"))


def failing_hint(self: TableScreen[Any]) -> None:
    raise RuntimeError("a fault in the hint")


async def test_a_fault_in_a_key_action_is_logged_told_and_the_match_goes_on(
    table_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(TableScreen, "action_hint", failing_hint)
    app = CardTableApp(table_config("manille", ["human", "random", "random", "random"]))
    app.survives_faults = True  # as outside tests: a headless app lets a fault fail its test
    async with app.run_test(size=(80, 24)) as pilot:
        table = await my_turn(pilot)
        played = len(table.match.hands[-1].actions)
        await pilot.press("t")
        await wait_for(pilot, lambda: app.faults_survived == 1)
        [told] = [note.message for note in app._notifications]
        assert told.startswith("Something went wrong with that key; the match goes on. What happened is written in")
        await pilot.press("enter")  # the match goes on: the chosen card is played
        await wait_for(pilot, lambda: len(table.match.hands[-1].actions) > played)
    [log] = table_home.glob("crash-*.log")
    assert "RuntimeError: a fault in the hint" in log.read_text()


async def test_under_tests_a_fault_in_a_key_action_still_fails(
    table_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(TableScreen, "action_hint", failing_hint)
    app = CardTableApp(table_config("manille", ["human", "random", "random", "random"]))
    with pytest.raises(RuntimeError, match="a fault in the hint"):
        async with app.run_test(size=(80, 24)) as pilot:
            await my_turn(pilot)
            await pilot.press("t")
            await pilot.pause()


LEAVE_ALTERNATE_SCREEN = b"\x1b[?1049l"
MOUSE_OFF = b"\x1b[?1000l"


def read_until(fd: int, run: subprocess.Popen[bytes], done: bytes | None, seconds: float) -> bytes:
    """What the terminal receives until ``done`` comes (or, with ``done`` None, until the process ends)."""
    out = b""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        ready, _, _ = select.select([fd], [], [], 0.2)
        if ready:
            try:
                chunk = os.read(fd, 65536)
            except OSError:
                break
            out += chunk
            if done is not None and done in out:
                break
        elif done is None and run.poll() is not None:
            break
    return out


@pytest.mark.parametrize("number", [signal.SIGTERM, signal.SIGHUP], ids=["SIGTERM", "SIGHUP"])
def test_a_signal_saves_the_match_gives_the_terminal_back_and_ends_the_process_by_it(
    table_home: Path, number: signal.Signals
) -> None:
    parent, child = pty.openpty()
    fcntl.ioctl(child, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    before = termios.tcgetattr(child)
    env = {**os.environ, "PYTHONPATH": str(TESTS.parent), "TERM": "xterm-256color"}
    command = [sys.executable, "-m", "cardtable", "play", "manille", "--seed", "3",
               "--seats", "human,random,random,random"]  # fmt: skip
    run = subprocess.Popen(command, stdin=child, stdout=child, stderr=child, env=env, start_new_session=True)
    try:
        shown = read_until(parent, run, b"Quit", 30)  # the table's footer: the table is up
        assert b"Quit" in shown
        assert termios.tcgetattr(child)[3] & termios.ECHO == 0  # the table has the terminal
        run.send_signal(number)
        shown = read_until(parent, run, None, 30)
        assert run.wait(timeout=10) == -number  # ended by the signal, as a shell expects (143 for SIGTERM)
        after = termios.tcgetattr(child)
    finally:
        if run.poll() is None:
            run.kill()
        os.close(parent)
        os.close(child)
    assert LEAVE_ALTERNATE_SCREEN in shown and MOUSE_OFF in shown
    assert after[3] & termios.ECHO and after[3] & termios.ICANON  # echo and line editing are back
    assert after[3] == before[3]
    assert list((table_home / SAVES).glob("*.json"))  # the match is kept for next time
    assert not list(table_home.glob("crash-*.log"))
