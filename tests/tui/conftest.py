from __future__ import annotations

from pathlib import Path

import pytest

from tests.tui.driver import instant_settings


@pytest.fixture(autouse=True)
def table_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every table test keeps its saves and settings in its own folder, with computers playing at once."""
    home = tmp_path / "home"
    instant_settings(home)
    monkeypatch.setenv("CARDTABLE_HOME", str(home))
    return home
