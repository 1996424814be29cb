from __future__ import annotations

import gc
import sys

import pytest
from hypothesis import settings

# Every xdist worker imports every test module (and the package) before its first test.  Where the environment
# forbids bytecode caches (PYTHONDONTWRITEBYTECODE), each worker of each run would compile them all again and
# pytest would rewrite every test module's asserts again: seconds of processor time per worker.  The caches go in
# the ``__pycache__`` folders that git ignores, and Python checks them against their sources.
sys.dont_write_bytecode = False

#: Examples a property tries: a few in the suite (each run draws new ones, and Hypothesis's database tries again
#: the ones that failed here before), many more under ``--run-slow``.
settings.register_profile("suite", max_examples=50, deadline=None, print_blob=True)
settings.register_profile("thorough", max_examples=400, deadline=None, print_blob=True)


@pytest.fixture(autouse=True)
def no_motion(monkeypatch: pytest.MonkeyPatch) -> None:
    """No card moves in a test unless the test turns motion on itself (``monkeypatch.delenv``)."""
    monkeypatch.setenv("CARDTABLE_NO_ANIMATION", "1")


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--run-slow", action="store_true", help="also run the long AI tournaments and long properties")


#: Python's collector looks at its youngest objects after every 700 allocations not yet freed.  Textual makes
#: and drops objects that point at each other by the hundred thousand (messages, strips, styles), so in a test
#: process that starts hundreds of apps the collector ran some 5,600 times in two table test files alone, its
#: full sweeps through every object Textual and the tests keep among them: a tenth of their processor time.
#: Looking after every 50,000 leaves it a few dozen runs, and the suite about 7 % less processor time.
YOUNG_OBJECTS_BEFORE_A_COLLECTION = 50_000


def pytest_configure(config: pytest.Config) -> None:
    settings.load_profile("thorough" if config.getoption("--run-slow") else "suite")
    gc.set_threshold(YOUNG_OBJECTS_BEFORE_A_COLLECTION)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if config.getoption("--run-slow"):
        return
    skip = pytest.mark.skip(reason="a slow tournament: run with --run-slow")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)
