"""Names are text, settings are checked, a crash leaves a log, and the log tells everything from the start."""

from __future__ import annotations

import json
import os
import pty
import re
import select
import struct
import subprocess
import sys
import time
from pathlib import Path

from cardtable.engine.loop import resume_match
from cardtable.engine.records import parse_record
from cardtable.games import find_game
from cardtable.saves import LAST_MATCH, SAVES, SETTINGS
from cardtable.tui.app import CardTableApp
from cardtable.tui.dialogs.choice import ChoiceDialog
from cardtable.tui.dialogs.message import HandOverScreen, NoticeDialog
from cardtable.tui.screens.score_sheet import ScoreSheetScreen
from cardtable.tui.screens.start import StartScreen
from cardtable.tui.screens.table import TableScreen
from tests.support import TESTS
from tests.tui.driver import last_line, screen_text, table_config, table_of
from tests.tui.test_saves import last_hand_to_play, log_text, wait_until

RANDOM_SEATS = ["human", "random", "random", "random"]
MARKUP_NAMES = ["[/]", "[red]Cy", "[b]", "Di"]


async def test_names_are_shown_as_they_were_typed_never_as_markup(table_home: Path) -> None:
    config = table_config("manille", ["human", "random", "human", "random"], names=MARKUP_NAMES, first_dealer=3)
    app = CardTableApp()
    seen: set[str] = set()
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, StartScreen))
        app.push_screen(TableScreen(config, resume_match(parse_record(last_hand_to_play(), find_game))))
        for _ in range(400):
            await pilot.pause()
            screen = app.screen
            my_turn = isinstance(screen, TableScreen) and screen.my_card_turn()
            if not my_turn and not isinstance(screen, ChoiceDialog | HandOverScreen | ScoreSheetScreen | NoticeDialog):
                continue  # the computers play
            shown = screen_text(app)
            if isinstance(screen, ChoiceDialog) and "match" in screen.title_text:
                assert "[/] & [b] win the match!" in shown
                break
            if isinstance(screen, HandOverScreen):
                seen.add("hand-over")
                assert f"Pass to {screen.player_name} — press Enter" in shown
                assert f"I am {screen.player_name}" in shown and screen.player_name in ("[/]", "[b]")
                assert f"look away: {screen.player_name}'s cards come next" in shown
                footer = last_line(shown)
                assert footer.split() == ["⏎", "I", "am", screen.player_name], footer  # the key, named as typed
                await pilot.press("enter")
            elif isinstance(screen, ScoreSheetScreen):
                seen.add("score sheet")
                assert "[/] & [b]" in shown and "[red]Cy & Di" in shown
                await pilot.press("enter")
            elif isinstance(screen, NoticeDialog):
                seen.add("last trick")
                assert all(name in shown for name in MARKUP_NAMES)
                await pilot.press("enter")
            elif isinstance(screen, TableScreen):
                assert screen.waiting is not None
                me = screen.names[screen.waiting.seat]
                assert f"▔{me}" in shown  # the hand's title
                assert all(name in shown for name in MARKUP_NAMES if name != me)  # the seats around
                assert "[/] & [b]: 95" in shown  # the score
                if "last trick" not in seen:
                    await pilot.press("w")
                else:
                    seen.add("table")
                    await pilot.press("enter")
        else:
            raise AssertionError("the match did not end")
        table = table_of(app)
        assert table is not None and "[/] plays the" in log_text(table)
    assert {"hand-over", "score sheet", "last trick", "table"} <= seen
    assert not list((table_home / SAVES).glob("*.json"))  # the finished match is offered no more, but kept:
    assert len(json.loads((table_home / LAST_MATCH).read_text())["hands"][0]["actions"]) == 32


async def test_bad_settings_are_announced_on_the_start_screen(table_home: Path) -> None:
    settings = {"speed": [], "theme": {}, "four_colour": True}
    notices = ["speed must be slow, normal, fast or instant, not []", "theme must be the name of a theme, not {}"]
    (table_home / SETTINGS).write_text(json.dumps(settings))
    app = CardTableApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, StartScreen))
        screen = app.screen
        assert isinstance(screen, StartScreen)
        for notice in notices:
            assert notice in screen.notice
        assert "In your settings" in screen_text(app)
        assert app.settings.speed == "normal" and app.theme == "textual-dark"
        assert app.settings.deck == "four" and app.four_colour_deck


CRASHING_TABLE = """
import sys
from cardtable.tui.screens.start import StartScreen

def broken(self):
    raise RuntimeError("a bug in the table")

StartScreen.on_mount = broken
from cardtable.cli import main
sys.exit(main([]))
"""


def test_a_crash_exits_non_zero_and_prints_one_line_saying_where_its_log_is(table_home: Path) -> None:
    import fcntl
    import termios

    parent, child = pty.openpty()
    fcntl.ioctl(child, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    env = {**os.environ, "PYTHONPATH": str(TESTS.parent), "TERM": "xterm-256color"}
    run = subprocess.Popen([sys.executable, "-c", CRASHING_TABLE], stdin=child, stdout=child, stderr=child, env=env)
    os.close(child)
    out = b""
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        ready, _, _ = select.select([parent], [], [], 0.5)
        if ready:
            try:
                chunk = os.read(parent, 65536)
            except OSError:  # the terminal closed with the process
                break
            if not chunk:
                break
            out += chunk
        elif run.poll() is not None:
            break
    os.close(parent)
    assert run.wait(timeout=10) == 70
    text = re.sub(r"\x1b(\[[0-9;?<>=]*[A-Za-z~]|\][^\x07\x1b]*(\x07|\x1b\\)|[()][A-Z0-9]|[=>78])", "", out.decode(
        "utf-8", "replace"))  # fmt: skip
    [log] = list(table_home.glob("crash-*.log"))
    assert f"cardtable crashed: what happened is written in {log}" in text
    assert "Traceback" not in text and "RuntimeError" not in text
    assert "RuntimeError: a bug in the table" in log.read_text() and "in broken" in log.read_text()
