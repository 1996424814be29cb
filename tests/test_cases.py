"""Every record under tests/cases (the shared samples) and tests/records (ours) replays as its .expect.json says."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support import TESTS, case_files, check_case

CASES = case_files(TESTS / "cases") + case_files(TESTS / "records")


@pytest.mark.parametrize("record", CASES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_record_replays_as_expected(record: Path) -> None:
    check_case(record)
