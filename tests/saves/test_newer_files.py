"""Files of a newer cardtable are left as they are; keys of another version survive this one's rewrite."""

from __future__ import annotations

import gzip
import json
from pathlib import Path
from typing import Any

import pytest

from cardtable.engine.loop import resume_match
from cardtable.files import NewerFile
from cardtable.saves import ARCHIVE, LAST_MATCH, MATCH_SCHEMA, SAVES, SaveWriter, find_unfinished
from tests.saves.support import a_match, save_json, saved_match, table_summary


def newer_save(home: Path, form: str) -> Path:
    """The save of a match as a newer cardtable might write it."""
    raw = save_json(home)
    if form == "a record this version cannot read":
        raw.update(format="cardtable-record/2", clock={"left": [30, 12]})
        raw["hands"][0]["actions"][0]["seconds"] = 4
    newer = {"schema": MATCH_SCHEMA + 1, "summary": {"lines": ["Manille, hand 1"]}, **raw}
    if form == "its schema last":
        newer = {**raw, "format": "cardtable-record/2", "schema": MATCH_SCHEMA + 1}
    path = home / SAVES / "20260101-000000-abcdef.json"
    path.write_text(json.dumps(newer, indent=1))
    return path


def folder(home: Path) -> dict[str, bytes]:
    return {path.name: path.read_bytes() for path in sorted((home / SAVES).iterdir()) if path.suffix != ".lock"}


FORMS = ["a record this version cannot read", "a record this version could read", "its schema last"]


@pytest.mark.parametrize("form", FORMS)
def test_the_save_of_a_newer_cardtable_is_listed_and_left_exactly_as_it_is(tmp_path: Path, form: str) -> None:
    path = newer_save(tmp_path, form)
    mine = saved_match(tmp_path, summary=True)
    before, modified = folder(tmp_path), path.stat().st_mtime_ns
    for _ in range(2):
        found, notices = find_unfinished(tmp_path)
        assert notices == [] and len(found) == 2
        newer = next(f for f in found if f.save.path == path)
        assert newer.newer and not newer.resumable and newer.summary is None and newer.match is None
        assert next(f for f in found if f.save.path == mine.path).resumable
    with pytest.raises(NewerFile):
        newer.save.load()
    assert folder(tmp_path) == before and path.stat().st_mtime_ns == modified


def test_keys_of_another_version_survive_this_ones_rewrite_and_go_into_the_archive(tmp_path: Path) -> None:
    save = saved_match(tmp_path, "manille", actions=5, summary=True)
    raw = json.loads(save.path.read_text())
    raw.update(clock={"left": [30, 12]}, note="from a later version")
    save.path.write_text(json.dumps(raw, indent=1))
    [found], _ = find_unfinished(tmp_path)
    saved, match = found.save.load()  # as the table resumes it
    state = match.current
    assert state is not None and state.to_act is not None
    match.apply(state.view(state.to_act).legal_actions()[0])
    writer = SaveWriter(found.save, lambda failure: None)
    writer.submit(saved.config, match.to_record(), table_summary(saved.config, match))
    writer.wait()
    again = json.loads(found.save.path.read_text())
    assert list(again)[:2] == ["schema", "summary"]
    assert again["clock"] == {"left": [30, 12]} and again["note"] == "from a later version"
    assert len(again["hands"][0]["actions"]) == 6
    found.save.finish(saved.config, match.to_record())
    [entry] = (tmp_path / ARCHIVE).glob("*.json.gz")
    archived = json.loads(gzip.decompress(entry.read_bytes()))
    assert archived["schema"] == MATCH_SCHEMA and archived["clock"] == {"left": [30, 12]}
    assert json.loads((tmp_path / LAST_MATCH).read_text())["note"] == "from a later version"


def test_a_save_of_this_version_without_a_schema_is_one_of_this_version(tmp_path: Path) -> None:
    save = saved_match(tmp_path, "manille", actions=5)  # as the version before schemas wrote it
    raw: dict[str, Any] = json.loads(save.path.read_text())
    assert "schema" not in raw
    [found], notices = find_unfinished(tmp_path)
    assert notices == [] and found.resumable and found.match is not None
    _config, match = a_match("manille", actions=5)
    assert resume_match(found.save.load()[0].record).to_record() == match.to_record()
