"""Damaged statistics, stars and archive entries: named and set aside, the figures rebuilt from the archive.

Whatever ``stats.json`` holds, ``cardtable stats`` and the screens get either summaries of the shape
``summarize`` writes or a notice and the figures worked out again; a named pipe or a bomb is never read.
"""

from __future__ import annotations

import copy
import gzip
import json
import os
import tempfile
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardtable.archive import load_stars
from cardtable.cli import main, rendered
from cardtable.saves import ARCHIVE, printable_name
from cardtable.stats import STATS, MatchSummary, Statistics, load_statistics, statistics_json, statistics_text
from tests.saves.test_fuzz import JSON_VALUES, deleted, paths, replaced
from tests.stats.support import archive
from tests.support import pipes_released

WON = "truco/target_option_match_ends_at_target"
TAROT = "tarot/two_deals_tie_two_winners"


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("CARDTABLE_HOME", str(tmp_path))
    archive(tmp_path, WON, "m1", "2026-12-01T10:00:00Z")
    archive(tmp_path, WON, "m2", "2026-12-01T11:00:00Z", human=1)
    archive(tmp_path, WON, "m3", "2026-12-01T12:00:00Z")
    return tmp_path


def stats_command(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[str, str]:
    assert main(["stats", *args]) == 0
    captured = capsys.readouterr()
    return captured.out, captured.err


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("game", "chess"), ("game", "[/]"), ("game", None),
        ("best_hand", "ten"), ("best_hand", True), ("best_hand_number", 1.5), ("hands", "1"), ("hands", True),
        ("seat", True), ("seat", 4), ("seat", -1), ("won", 1),
        ("names", [1, None, {}, []]), ("names", "You, East"), ("names", ["You", "East", "North"]),
        ("names", ["You", "\x1b]0;owned\x07", "North", "West"]),
        ("level", "[bold]"), ("level", "heuristic+chess"), ("level", 3),
        ("variant", 7), ("variant", "\x1b[31mPaulista"), ("variant", ""),
        pytest.param("variant", "x" * 5000, id="variant-5000-long"),
        ("score", ["6 : 3"]), ("special", {"x": 1}), ("finished", "yesterday"), ("match_id", "../m2"),
        ("counts", {"raises": "2"}), ("counts", {"raises": 2, "raises_accepted": 2, "raises_won": 2, "bluffs": 2,
                                                 "bluffs_won": True}),
        ("assisted", {"undos": -1, "hints": 0}), ("assisted", {"hints": 0}), ("assisted", []),
    ],
    ids=lambda value: value if isinstance(value, str) and value.isprintable() and len(value) < 20 else None,
)  # fmt: skip
def test_a_statistics_file_damaged_in_any_field_is_set_aside_and_the_figures_rebuilt(
    home: Path, capsys: pytest.CaptureFixture[str], field: str, value: object
) -> None:
    right, _ = stats_command(capsys, "--json")
    stored = json.loads((home / STATS).read_text())
    stored["matches"][1][field] = value
    (home / STATS).write_text(json.dumps(stored))
    out, err = stats_command(capsys)
    assert err.startswith("cardtable stats: The statistics file could not be used: ") and err.count("\n") == 1
    assert "it is rebuilt from the archive of finished matches" in err and "\x1b" not in err
    assert "Traceback" not in err and "Truco" in out and "Raises called: 2" in out
    assert len(list(home.glob("stats.unreadable-*.json"))) == 1
    assert stats_command(capsys, "--json") == (right, "")


def test_a_statistics_file_counting_a_match_twice_is_rebuilt(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    right, _ = stats_command(capsys, "--json")
    stored = json.loads((home / STATS).read_text())
    stored["matches"].append(stored["matches"][0])
    (home / STATS).write_text(json.dumps(stored))
    assert "it counts a match twice" in stats_command(capsys)[1]
    assert stats_command(capsys, "--json") == (right, "")


def test_markup_in_a_variant_is_shown_as_it_is_written(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Brackets are text a variant may hold: shown, never taken for Rich's markup (``[/]`` closed nothing)."""
    load_statistics(home)
    stored = json.loads((home / STATS).read_text())
    for entry, variant in zip(stored["matches"], ["[/]", "[bold]x", "[/]"], strict=True):
        entry["variant"] = variant
    (home / STATS).write_text(json.dumps(stored))
    out, err = stats_command(capsys)
    assert err == "" and "[/]" in out and "[bold]x" in out
    assert "│ [/]     │ Club player │      2 │   2 │ 100 % │" in out  # the first and the last match, both won


def test_a_named_pipe_for_statistics_stars_or_an_archive_entry_is_set_aside_without_waiting(home: Path) -> None:
    right = load_statistics(home)[0].matches
    (home / STATS).unlink()
    pipes = [home / STATS, home / "stars.json", home / ARCHIVE / "m9.json.gz"]
    for pipe in pipes:
        os.mkfifo(pipe)
    with pipes_released(*pipes) as waited_on:
        statistics, notices = load_statistics(home)
        stars, star_notices = load_stars(home)
    assert not waited_on, "the statistics waited for someone to write to a named pipe"
    assert statistics.matches == right and stars == set()
    assert [n.split(":")[0] for n in notices] == ["The statistics file could not be used",
                                                  "A finished match in the archive could not be used"]  # fmt: skip
    assert all("it is a named pipe, not a file" in n for n in [*notices, *star_notices])
    assert not any(pipe.is_fifo() for pipe in pipes) and (home / STATS).is_file()  # rebuilt
    assert len([p for p in home.rglob("*.unreadable-*") if p.is_fifo()]) == 3


def test_an_archive_entry_that_unpacks_to_far_more_than_a_match_is_refused(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("cardtable.archive.MAX_MATCH_BYTES", 1 << 20)
    (home / ARCHIVE / "m9.json.gz").write_bytes(gzip.compress(b" " * (4 << 20)))  # 4 KB unpacking to 4 MB
    statistics, notices = load_statistics(home)
    assert len(statistics.matches) == 3 and len(notices) == 1
    assert "it unpacks to far more than a match holds" in notices[0]


# ---------------------------------------------------------------------------------------------- fuzzed
@cache
def good_summaries() -> list[dict[str, Any]]:
    """What ``stats.json`` holds for a few matches: two games, a win and a loss, a Tarot best hand of halves."""
    with tempfile.TemporaryDirectory() as folder:
        home = Path(folder)
        archive(home, WON, "m1")
        archive(home, WON, "m2", "2026-12-02T10:00:00Z", human=1)
        archive(home, TAROT, "t1", "2026-12-03T10:00:00Z")
        load_statistics(home)
        matches: list[dict[str, Any]] = json.loads((home / STATS).read_text())["matches"]
        return matches


@st.composite
def damaged_summary(draw: st.DrawFn) -> object:
    raw: Any = copy.deepcopy(draw(st.sampled_from(good_summaries())))
    for _ in range(draw(st.integers(1, 3))):
        where = draw(st.sampled_from(paths(raw))) if isinstance(raw, dict | list) else ()
        kind = draw(st.sampled_from(["replace", "replace", "delete", "add"]))
        if kind == "delete" and where:
            raw = deleted(raw, where)
        elif kind == "add" and isinstance(raw, dict):
            raw[draw(st.text(max_size=8))] = draw(JSON_VALUES)
        else:
            raw = replaced(raw, where, draw(JSON_VALUES))
    return raw


@settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(damaged_summary())
def test_a_summary_is_either_one_the_statistics_can_show_or_refused_as_damage(raw: object) -> None:
    from cardtable.tui.screens.history import result_text
    from cardtable.tui.screens.stats import group_text

    try:
        summary = MatchSummary.from_json(raw)
    except ValueError:
        return  # the documented way: the file is set aside and rebuilt
    statistics = Statistics([summary, *map(MatchSummary.from_json, good_summaries())])
    json.dumps(statistics_json(statistics))
    rendered(*statistics_text(statistics))
    for group in statistics.groups():
        group_text(group, 20, with_game=True)
    result_text(summary)
    assert summary.names[summary.seat] is not None


@settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.one_of(
        JSON_VALUES,
        st.builds(lambda matches: {"schema": 1, "matches": matches}, JSON_VALUES),
        st.builds(lambda extra: {"schema": 1, "matches": [*good_summaries(), extra]}, damaged_summary()),
    )
)
def test_whatever_the_statistics_file_holds_it_is_read_or_set_aside_with_a_notice(content: object) -> None:
    with tempfile.TemporaryDirectory() as folder:
        home = Path(folder)
        (home / STATS).write_text(json.dumps(content))
        statistics, notices = load_statistics(home)
        assert statistics.matches == []  # the archive is empty: whatever the file said is dropped
        if notices:
            assert len(notices) == 1 and notices[0].startswith("The statistics file could not be used: ")
            assert len(list(home.glob("stats.unreadable-*.json"))) == 1


# ---------------------------------------------------------------------------------------------- never damaged
@pytest.mark.parametrize(
    ("record", "extra"),
    [
        ("manille/match_end_101", {}),
        ("malilla/albur_held_counts_at_end", {"others": "random"}),
        (TAROT, {"human": 2}),
        ("truco/argentino_contraflor_al_resto_wins_the_match", {"others": "human"}),
        (WON, {"assisted": {"undos": 1, "hints": 2}}),
    ],
)
def test_every_summary_the_statistics_write_is_read_back_as_it_was(
    tmp_path: Path, record: str, extra: dict[str, Any]
) -> None:
    """Else a file this version wrote would be set aside and rebuilt every time it is read."""
    path = archive(tmp_path, record, "m1", **extra)
    raw = json.loads(gzip.decompress(path.read_bytes()))
    raw["table"]["seats"][0]["name"] = "A" * 39 + " tail"  # cut to 40 characters, the last a space
    path.write_bytes(gzip.compress(json.dumps(raw).encode()))
    first, notices = load_statistics(tmp_path)
    assert notices == [] and len(first.matches) == 1
    written = (home_stats := tmp_path / STATS).read_text()
    again, notices = load_statistics(tmp_path)
    assert notices == [] and again.matches == first.matches and home_stats.read_text() == written


@given(st.text(max_size=60), st.integers(0, 5))
def test_a_name_kept_once_is_kept_as_it_is(name: str, seat: int) -> None:
    kept = printable_name(name, seat)
    assert printable_name(kept, seat) == kept
