from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.tui.driver import instant_settings
from tests.tui.shared_css import shared_css
from tests.tui.unseen_frames import unseen_frames_skipped


@pytest.fixture(autouse=True, scope="session")
def css_parsed_once() -> Iterator[None]:
    """The apps of a test process share their parsed CSS (see ``tests.tui.shared_css``)."""
    with shared_css():
        yield


@pytest.fixture(autouse=True)
def frames_nobody_sees(request: pytest.FixtureRequest) -> Iterator[None]:
    """Headless tables skip painting frames (see ``tests.tui.unseen_frames``), unless a test ``draws_frames``."""
    if request.node.get_closest_marker("draws_frames"):
        yield
        return
    with unseen_frames_skipped():
        yield


@pytest.fixture(autouse=True)
def table_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every table test keeps its saves and settings in its own folder, with computers playing at once.

    The locale is a UTF-8 one whatever the runner's: a C locale would turn the table to ASCII by itself.
    """
    home = tmp_path / "home"
    instant_settings(home)
    monkeypatch.setenv("CARDTABLE_HOME", str(home))
    monkeypatch.setenv("LANG", "C.UTF-8")
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_CTYPE", raising=False)
    monkeypatch.delenv("NO_COLOR", raising=False)
    return home
