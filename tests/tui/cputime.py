"""Processor time by test, for ``python -m pytest -n 0 -p tests.tui.cputime tests/tui``.

``--durations`` gives wall time, which on a shared machine is several times the processor time and varies with
the load; the processor time of the test process (its threads included) is what the suite's length on two
cores depends on.  The terminal summary lists the costliest tests, and the sums by file.
"""

from __future__ import annotations

import time
from collections import defaultdict
from collections.abc import Iterator

import pytest

_SPENT: dict[str, float] = {}


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> Iterator[None]:
    began = time.process_time()
    yield
    _SPENT[item.nodeid] = time.process_time() - began


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    if not _SPENT:
        return
    write = terminalreporter.write_line
    by_file: defaultdict[str, float] = defaultdict(float)
    for nodeid, seconds in _SPENT.items():
        by_file[nodeid.split("::")[0]] += seconds
    terminalreporter.section(f"processor time: {sum(_SPENT.values()):.1f} s in {len(_SPENT)} tests")
    for path, seconds in sorted(by_file.items(), key=lambda item: -item[1]):
        write(f"{seconds:7.1f} s  {path}")
    write("")
    for nodeid, seconds in sorted(_SPENT.items(), key=lambda item: -item[1])[:15]:
        write(f"{seconds:7.2f} s  {nodeid}")
