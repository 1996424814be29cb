from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def no_motion(monkeypatch: pytest.MonkeyPatch) -> None:
    """No card moves in a test unless the test turns motion on itself (``monkeypatch.delenv``)."""
    monkeypatch.setenv("CARDTABLE_NO_ANIMATION", "1")


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--run-slow", action="store_true", help="also run the long AI tournaments")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if config.getoption("--run-slow"):
        return
    skip = pytest.mark.skip(reason="a slow tournament: run with --run-slow")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)
