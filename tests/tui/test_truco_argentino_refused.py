"""Truco Argentino has its engine but not yet its table: every way in refuses it in one line, without a crash."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Select, Static

from cardtable.cli import main
from cardtable.engine.match import Match
from cardtable.games import find_game
from cardtable.saves import MatchSave
from cardtable.tui.app import CardTableApp
from cardtable.tui.screens.new_game import NewGameScreen
from cardtable.tui.screens.start import StartScreen
from tests.tui.driver import screen_text, table_config


def test_play_refuses_the_variant_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "truco", "--players", "2", "--option", "variant=argentino"]) == 2
    err = capsys.readouterr().err
    assert "not at the table yet" in err and len(err.strip().splitlines()) == 1 and "Traceback" not in err


async def test_the_new_game_form_refuses_the_variant() -> None:
    app = CardTableApp()
    async with app.run_test(size=(100, 40)) as pilot:
        for _ in range(50):
            await pilot.pause()
            if isinstance(app.screen, StartScreen):
                break
        await pilot.press("n")
        for _ in range(50):
            await pilot.pause()
            if isinstance(app.screen, NewGameScreen):
                break
        form = app.screen
        assert isinstance(form, NewGameScreen)
        form.query_one("#game", Select).value = "truco"
        for _ in range(50):
            await pilot.pause()
            if form.query("#opt-variant"):
                break
        form.query_one("#opt-variant", Select).value = "argentino"
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is form
        assert "not at the table yet" in str(form.query_one("#form-error", Static).render())


async def test_a_saved_argentino_match_is_not_resumed(table_home: Path) -> None:
    rules = find_game("truco")
    match = Match(rules, rules.parse_options({"variant": "argentino"}, 2), 2)
    config = table_config("truco", ["human", "random"], options={"variant": "argentino"})
    save = MatchSave.new(table_home)
    save.write(config, match.to_record())
    save.release()
    app = CardTableApp()
    async with app.run_test(size=(100, 40)) as pilot:
        for _ in range(50):
            await pilot.pause()
            if isinstance(app.screen, StartScreen):
                break
        assert isinstance(app.screen, StartScreen)
        await pilot.press("u")
        for _ in range(50):
            await pilot.pause()
            if isinstance(app.screen, StartScreen) and "cannot be resumed: Truco Argentino" in screen_text(app):
                break
        assert isinstance(app.screen, StartScreen) and "cannot be resumed: Truco Argentino" in screen_text(app)
