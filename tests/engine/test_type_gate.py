"""What the type gate (``mypy --strict cardtable tests`` in ``.ci/run``) may be told to overlook: little, and why."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
IGNORE = re.compile(r"#\s*type:\s*ignore")
#: An ignore names its error codes and says why after it: ``# type: ignore[attr-defined]  # reason``.
EXPLAINED = re.compile(r"#\s*type:\s*ignore\[[a-z-]+(,\s*[a-z-]+)*\]\s+#\s*\S")
#: The command that type-checks the product and its tests together, in one strict run.
TYPE_GATE = "mypy --strict cardtable tests"


@pytest.mark.parametrize("tree", ["cardtable", "tests"])
def test_few_type_ignores_and_each_says_why(tree: str) -> None:
    found = []
    for path in sorted((ROOT / tree).rglob("*.py")):
        if path == Path(__file__).resolve():
            continue  # this file writes about ignores, it has none
        lines = path.read_text(encoding="utf-8").splitlines()
        found += [(f"{path.relative_to(ROOT)}:{n}", line) for n, line in enumerate(lines, 1) if IGNORE.search(line)]
    assert len(found) <= 10, f"{len(found)} type ignores in {tree}/"
    unexplained = [where for where, line in found if not EXPLAINED.search(line)]
    assert not unexplained, f"type ignores without their codes and reason: {unexplained}"


def test_the_ci_runs_the_type_gate_on_the_tests_too_after_readmes_test_command() -> None:
    script = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    tests = "python3 -m venv .venv && .venv/bin/pip install -e '.[test]' && .venv/bin/python -m pytest"
    assert tests in readme and tests in script
    assert script.index(tests) < script.index(TYPE_GATE)
