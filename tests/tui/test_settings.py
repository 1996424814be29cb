"""Card styles and the command line's way into a table: ASCII cards, NO_COLOR, and ``cardtable play`` errors."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from cardtable.cli import main
from cardtable.tui.app import CardTableApp
from cardtable.tui.widgets.hand import HandView
from tests.tui.driver import my_turn, screen_text, table_config, table_of


async def test_ascii_cards_print_suit_letters(table_home: Path) -> None:
    (table_home / "settings.json").write_text(json.dumps({"speed": "instant", "ascii_cards": True}))
    app = CardTableApp(table_config("manille", ["human", "random", "random", "random"], seed=12))
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(200):
            await pilot.pause()
            table = table_of(app)
            if table is not None and table.my_card_turn():
                break
        shown = screen_text(app)
        hand = table.view.hand if table and table.view else 0
        codes = [table.view.deck.codes[c] for c in range(32) if hand >> c & 1] if table and table.view else []
        assert codes and all(code in shown for code in codes)
        assert not any(glyph in shown.split("You")[-1] for glyph in "♠♥♦♣")


async def test_every_card_mark_reads_in_ascii_without_colour(table_home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """NO_COLOR and ASCII: the chosen card, a plain card, one you may not play and the winning card read apart."""
    monkeypatch.setenv("NO_COLOR", "1")
    (table_home / "settings.json").write_text(json.dumps({"speed": "instant", "ascii_cards": True}))
    app = CardTableApp(table_config("malilla", ["human", "heuristic", "heuristic", "heuristic"], seed=2))
    async with app.run_test(size=(80, 24)) as pilot:
        table = await my_turn(pilot)
        hand = table.query_one(HandView)
        trick = screen_text(app)
        hand.cursor = 0
        await pilot.pause()
        shown = screen_text(app).splitlines()
    hand_lines = "\n".join(shown[shown.index(next(line for line in shown if line.startswith("-You"))) + 1 :])
    assert hand_lines.count("#====#") == 1 and "#=1==#" in hand_lines  # the chosen card, heavy
    assert ".----." in hand_lines and "'-2--'" in hand_lines  # a plain card, round corners, its key below
    assert "3b" in hand_lines and "'-4--'" not in hand_lines  # a card you may not play: no frame at all
    assert "+= wins =+" in trick  # the card winning the trick, double (a trump's square frame: test_screens)


async def test_no_color_is_respected(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    app = CardTableApp(table_config("manille", ["human", "random", "random", "random"]))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.no_color


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["play", "manille", "--seats", "human,random"], "--players"),
        (["play", "manille", "--players", "4", "--seats", "human,random,random"], "--seats"),
        (["play", "manille", "--seats", "human,wizard,random,random"], "unknown seat kind"),
        (["play", "manille", "--names", "Ana,Bo"], "--names"),
        (["play", "manille", "--option", "speed=3"], "--option speed=3: speed is not an option"),
        (["play", "manille", "--seats", "human,,random,random"], "--seats: entry 2 is empty"),
        (["play", "manille", "--names", "Ana,Bo,,Di"], "--names: entry 3 is empty"),
        (["play", "malilla", "--players", "3"], "--players"),
    ],
)
def test_play_refuses_bad_arguments_clearly(capsys: pytest.CaptureFixture[str], args: list[str], message: str) -> None:
    assert main(args) == 2
    assert message in capsys.readouterr().err


def test_the_table_without_a_terminal_says_so() -> None:
    done = subprocess.run([sys.executable, "-m", "cardtable"], capture_output=True, text=True, stdin=subprocess.DEVNULL)
    assert done.returncode == 2 and "needs a terminal" in done.stderr and "Traceback" not in done.stderr


def test_a_game_without_its_table_parts_is_refused_clearly(capsys: pytest.CaptureFixture[str]) -> None:
    from cardtable.games import available_games
    from cardtable.tui.games import playable_games

    waiting = [game for game in available_games() if game not in playable_games()]
    assert set(playable_games()) >= {"malilla", "manille"}
    for game in waiting:
        assert main(["play", game]) == 2
        assert "cannot be played at the table yet" in capsys.readouterr().err
