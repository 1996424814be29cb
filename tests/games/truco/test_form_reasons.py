"""The malformed records under tests/records/truco name the faulty field (their ``field``) in the reason."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.support import TESTS, case_files, expect_file, replay_record

FORM_CASES = [p for p in case_files(TESTS / "records" / "truco") if "field" in json.loads(expect_file(p).read_text())]


def test_there_are_form_cases() -> None:
    assert len(FORM_CASES) >= 50


@pytest.mark.parametrize("record", FORM_CASES, ids=lambda p: p.stem)
def test_reason_names_the_field(record: Path) -> None:
    spec = json.loads(expect_file(record).read_text())
    out, status = replay_record(record.read_text())
    assert status == 2 and spec["exit"] == 2
    assert spec["field"].lower() in out["error"]["reason"].lower(), out["error"]["reason"]


def test_not_json_at_all() -> None:
    out, status = replay_record('{"format": "cardtable-record/1", "game": "truco", "hands": [')
    assert status == 2 and "JSON" in out["error"]["reason"]
