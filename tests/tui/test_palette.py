"""The command palette: Textual's own commands that misled at the table are replaced by the table's."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.app import SystemCommand

from cardtable.tui.app import CardTableApp
from cardtable.tui.dialogs.message import ConfirmDialog
from cardtable.tui.screens.start import StartScreen
from tests.support import narrowed
from tests.tui.driver import my_turn, table_config, wait_for


def told(app: CardTableApp, monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, str]]:
    """What the app tells the player from now on (the notices' text and severity)."""
    notices: list[tuple[str, str]] = []

    def notify(message: str, severity: str = "information", **_: object) -> None:
        notices.append((message, severity))

    monkeypatch.setattr(app, "notify", notify)
    return notices


def command(app: CardTableApp, title: str) -> SystemCommand:
    return next(c for c in app.get_system_commands(app.screen) if c.title == title)


@pytest.fixture
def no_pictures_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A home with no pictures folder (a server, a fresh account): the one platformdirs names is not there."""
    home = tmp_path / "user"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home / ".config"))
    return home / "Pictures"


async def test_quit_from_the_palette_asks_first_when_a_match_is_in_play() -> None:
    app = CardTableApp(table_config("manille", ["human", "random", "random", "random"]))
    async with app.run_test(size=(80, 24)) as pilot:
        await my_turn(pilot)
        titles = [c.title for c in app.get_system_commands(app.screen)]
        assert titles.count("Quit") == 1 and titles.count("Keys") == 1
        assert "Maximize" not in titles and "Minimize" not in titles
        await pilot.press("ctrl+p")
        await pilot.press(*"quit", "enter")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmDialog))
        assert app.is_running and "It is saved" in str(narrowed(ConfirmDialog, app.screen).question)


async def test_a_screenshot_goes_to_the_data_folder_when_there_is_no_pictures_folder(
    table_home: Path, no_pictures_folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = CardTableApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
        assert "Maximize" not in [c.title for c in app.get_system_commands(app.screen)]
        assert str(table_home / "screenshots") in command(app, "Screenshot").help
        notices = told(app, monkeypatch)
        saved = app.save_screenshot_told()
        assert saved is not None and saved.parent == table_home / "screenshots"
        assert "<svg" in saved.read_text() and not no_pictures_folder.exists()
        assert notices == [(f"Screenshot {saved.name} saved in {saved.parent}", "information")]
        no_pictures_folder.mkdir()
        in_pictures = app.save_screenshot_told()
        assert in_pictures is not None and in_pictures.parent == no_pictures_folder


async def test_a_screenshot_that_cannot_be_written_says_where_it_was_tried_and_why(
    table_home: Path, no_pictures_folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (table_home / "screenshots").write_text("a file where the folder should be")
    app = CardTableApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
        notices = told(app, monkeypatch)
        assert app.save_screenshot_told() is None
        [(message, severity)] = notices
        assert severity == "error" and "could not be saved" in message and str(table_home / "screenshots") in message
