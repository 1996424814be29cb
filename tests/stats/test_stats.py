"""Statistics from the archive: groups, streaks, the statistics file and its rebuild, damaged files, stars, export."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from cardtable.archive import (
    NewerArchived,
    archived_ids,
    export_match,
    export_path,
    load_stars,
    read_archived,
    set_star,
)
from cardtable.cli import main
from cardtable.files import NewerFile
from cardtable.saves import ARCHIVE, MATCH_SCHEMA, MatchSave, read_save
from cardtable.stats import SCHEMA, STATS, load_statistics, statistics_text
from tests.saves.support import a_match
from tests.stats.support import archive
from tests.support import replay_record

#: Four players, to a target of 5 from 3 : 3: seats 0 and 2 win 6 : 3, after a truco of seat 0's (a bluff) worth 3.
WON = "truco/target_option_match_ends_at_target"


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("CARDTABLE_HOME", str(tmp_path))
    return tmp_path


def three_matches(home: Path) -> None:
    archive(home, WON, "m1", "2026-12-01T10:00:00Z")
    archive(home, WON, "m2", "2026-12-01T11:00:00Z", human=1)  # the player sits on the losing side
    archive(home, WON, "m3", "2026-12-01T12:00:00Z")


def test_groups_count_matches_wins_streaks_and_the_best_hand(home: Path) -> None:
    three_matches(home)
    statistics, notices = load_statistics(home)
    assert notices == []
    [group] = statistics.groups("truco")
    assert (group.game, group.variant, group.level) == ("truco", "Paulista, 4 players", "heuristic")
    assert (group.played, group.won, group.current_streak, group.best_streak) == (3, 2, 1, 1)
    assert group.win_rate == pytest.approx(2 / 3)
    assert (group.best_hand, group.best_hand_match) == (3, "m1")  # the first match to reach it keeps it
    assert group.recent == [True, False, True]
    assert dict(group.counts) == {"raises": 2, "raises_accepted": 2, "raises_won": 2, "bluffs": 2, "bluffs_won": 2}
    assert [s.score for s in statistics.matches] == ["6 : 3", "3 : 6", "6 : 3"]


def test_streaks_follow_the_order_matches_ended_in_not_the_archive_names(home: Path) -> None:
    archive(home, WON, "a", "2026-12-03T10:00:00Z")
    archive(home, WON, "b", "2026-12-01T10:00:00Z")
    archive(home, WON, "c", "2026-12-02T10:00:00Z", human=1)
    group = load_statistics(home)[0].game_totals("truco")
    assert (group.current_streak, group.best_streak) == (1, 1)


def test_opponent_levels_variants_and_hot_seat_are_groups_of_their_own(home: Path) -> None:
    archive(home, WON, "m1")
    archive(home, "truco/mineiro_doze_accepted_pays_12", "m2")
    archive(home, WON, "m3", human=1)  # seat 1 is the player: seats 0 and 2, the opponents, are computers
    archive(home, WON, "m4", others="random")
    archive(home, WON, "m5", others="human")  # hot-seat: the first person's statistics, against people
    statistics = load_statistics(home)[0]
    assert {(g.variant, g.level): g.played for g in statistics.groups()} == {
        ("Paulista, 4 players", "heuristic"): 2, ("Mineiro, 2 players", "heuristic"): 1,
        ("Paulista, 4 players", "random"): 1, ("Paulista, 4 players", "hot-seat"): 1}  # fmt: skip
    assert (found := statistics.by_id("m5")) is not None and found.seat == 0


def test_a_match_played_with_hints_is_counted_and_marked(home: Path) -> None:
    archive(home, WON, "m1", assisted={"undos": 0, "hints": 3})
    archive(home, WON, "m2")
    statistics = load_statistics(home)[0]
    total = statistics.game_totals("truco")
    assert (total.played, total.assisted) == (2, 1)
    assert (found := statistics.by_id("m1")) is not None and found.assisted == {"undos": 0, "hints": 3}


def test_a_match_played_with_undos_only_is_marked_as_one_with_hints_is(home: Path) -> None:
    archive(home, WON, "m1", assisted={"undos": 2, "hints": 0})
    archive(home, WON, "m2", assisted={"undos": 0, "hints": 0})
    statistics = load_statistics(home)[0]
    total = statistics.game_totals("truco")
    assert (total.played, total.assisted) == (2, 1)
    (group,) = statistics.groups()
    assert group.assisted == 1 and group.to_json()["assisted"] == 1
    assert "  1 of these matches was played with hints or undos." in statistics_text(statistics, "truco")
    archive(home, WON, "m3", assisted={"undos": 0, "hints": 1})
    statistics = load_statistics(home)[0]
    assert "  2 of these matches were played with hints or undos." in statistics_text(statistics, "truco")


def test_the_statistics_file_is_kept_with_its_schema_and_read_back_without_replaying(home: Path) -> None:
    three_matches(home)
    first = load_statistics(home)[0]
    stored = json.loads((home / STATS).read_text())
    assert stored["schema"] == SCHEMA and [m["match_id"] for m in stored["matches"]] == ["m1", "m2", "m3"]
    (home / ARCHIVE / "m2.json.gz").write_bytes(gzip.compress(b"{}"))  # the cache is trusted for known matches
    again, notices = load_statistics(home)
    assert notices == [] and again.matches == first.matches


def test_a_match_archived_after_the_file_was_written_is_added_and_a_lost_one_dropped(home: Path) -> None:
    three_matches(home)
    load_statistics(home)
    (home / ARCHIVE / "m1.json.gz").unlink()
    archive(home, WON, "m4", "2026-12-02T09:00:00Z")
    statistics, _ = load_statistics(home)
    assert [s.match_id for s in statistics.matches] == ["m2", "m3", "m4"]
    assert [m["match_id"] for m in json.loads((home / STATS).read_text())["matches"]] == ["m2", "m3", "m4"]


@pytest.mark.parametrize("damage", [b"not json", b'{"schema": 1, "matches": [{"match_id": 3}]}', b"[1, 2]",
                                    b'{"schema": 1, "matches": [{"match_id": "m1", "extra": 1}]}'])  # fmt: skip
def test_a_damaged_statistics_file_is_set_aside_and_rebuilt(home: Path, damage: bytes) -> None:
    three_matches(home)
    expected = load_statistics(home)[0].matches
    (home / STATS).write_bytes(damage)
    statistics, notices = load_statistics(home)
    assert statistics.matches == expected
    assert len(notices) == 1 and "statistics file could not be used" in notices[0] and "rebuilt" in notices[0]
    assert len(list(home.glob("stats.unreadable-*.json"))) == 1
    assert json.loads((home / STATS).read_text())["schema"] == SCHEMA


def test_a_file_of_another_schema_is_rebuilt_quietly(home: Path) -> None:
    three_matches(home)
    (home / STATS).write_text(json.dumps({"schema": SCHEMA + 1, "matches": "whatever it holds"}))
    statistics, notices = load_statistics(home)
    assert notices == [] and len(statistics.matches) == 3


@pytest.mark.parametrize("damage", ["truncated", "not gzip", "not a record", "does not replay", "unfinished"])
def test_a_damaged_archive_entry_is_set_aside_with_a_plain_notice(home: Path, damage: str) -> None:
    three_matches(home)
    path = home / ARCHIVE / "m2.json.gz"
    if damage == "truncated":
        path.write_bytes(path.read_bytes()[:40])
    elif damage == "not gzip":
        path.write_bytes(b"\x00\x01 nothing like it")
    elif damage == "not a record":
        path.write_bytes(gzip.compress(b'{"format": "cardtable-record/1", "game": "chess"}'))
    else:
        raw = json.loads(gzip.decompress(path.read_bytes()))
        actions = raw["hands"][0]["actions"]
        raw["hands"][0]["actions"] = actions[:3] if damage == "unfinished" else [actions[1], *actions]
        path.write_bytes(gzip.compress(json.dumps(raw).encode()))
    statistics, notices = load_statistics(home)
    assert [s.match_id for s in statistics.matches] == ["m1", "m3"]
    assert len(notices) == 1 and notices[0].startswith("A finished match in the archive could not be used: ")
    assert "Traceback" not in notices[0] and "Error" not in notices[0]
    assert not path.exists() and len(list((home / ARCHIVE).glob("m2.json.unreadable-*"))) == 1
    assert load_statistics(home)[1] == []  # set aside once, not reported again


def test_finishing_a_match_archives_it_and_the_statistics_follow(home: Path) -> None:
    config, match = a_match("manille", actions=3)
    save = MatchSave.new(home)
    save.write(config, match.to_record())
    save.finish(config, {**match.to_record(), "assisted": {"undos": 0, "hints": 1}})
    [match_id] = archived_ids(home)
    assert match_id == save.path.stem and not save.path.exists()
    archived = read_archived(match_id, home)
    assert archived.assisted == {"undos": 0, "hints": 1} and archived.config.seats[0].kind == "human"
    # The match stops early (a test's few actions), so the statistics set it aside rather than count it.
    statistics, notices = load_statistics(home)
    assert statistics.matches == [] and "stops before the match is over" in notices[0]


def test_the_hints_given_so_far_come_back_with_a_resumed_match(home: Path) -> None:
    config, match = a_match("manille", actions=3)
    save = MatchSave.new(home)
    save.write(config, {**match.to_record(), "assisted": {"undos": 0, "hints": 4}})
    save.release()
    assert read_save(save.path).hints == 4
    save.write(config, {**match.to_record(), "assisted": {"hints": "many"}})
    save.release()
    assert read_save(save.path).hints == 0  # a count that is not one is no hint


def test_the_undos_so_far_come_back_with_a_resumed_match(home: Path) -> None:
    config, match = a_match("manille", actions=3)
    save = MatchSave.new(home)
    save.write(config, {**match.to_record(), "assisted": {"undos": 2, "hints": 1}})
    save.release()
    assert (read_save(save.path).undos, read_save(save.path).hints) == (2, 1)
    save.write(config, {**match.to_record(), "assisted": {"undos": True}})
    save.release()
    assert read_save(save.path).undos == 0


def test_the_history_lists_the_latest_hundred_and_every_starred_match() -> None:
    from cardtable.stats import MatchSummary, Statistics
    from cardtable.tui.screens.history import LATEST, listed

    names = ["You", "B", "C", "D"]
    summaries = [MatchSummary(f"m{n:03}", f"2026-12-01T10:{n // 60:02}:{n % 60:02}Z", "truco", "v", "heuristic", 0,
                              names, n % 2 == 0, "1 : 0", 1, 1, 0, {}, {}) for n in range(130)]  # fmt: skip
    shown = listed(Statistics(summaries), {"m005", "m129"})
    assert len(shown) == LATEST + 1 and shown[0].match_id == "m129" and shown[-1].match_id == "m005"
    assert [s.match_id for s in shown[:3]] == ["m129", "m128", "m127"]


def test_stars_are_kept_and_a_damaged_file_of_stars_is_set_aside(home: Path) -> None:
    assert set_star("m1", True, home) == {"m1"}
    set_star("m2", True, home)
    set_star("m1", False, home)
    assert load_stars(home) == ({"m2"}, [])
    (home / "stars.json").write_text('{"starred": "m2"}')
    stars, notices = load_stars(home)
    assert stars == set() and "starred matches could not be used" in notices[0]


def test_an_exported_match_is_a_record_that_replays(home: Path, tmp_path: Path) -> None:
    archive(home, WON, "m1", assisted={"undos": 0, "hints": 2})
    archived = read_archived("m1", home)
    default = export_match(archived, export_path(archived, None, home))
    assert default == home / "exports" / "truco-m1.json"
    typed = export_match(archived, export_path(archived, str(tmp_path / "mine.json"), home))
    record = json.loads(typed.read_text())
    assert "table" not in record and "finished" not in record and record["assisted"] == {"undos": 0, "hints": 2}
    out, status = replay_record(record)
    assert status == 0 and out["winner"] == [0, 2]
    into_folder = export_match(archived, export_path(archived, str(tmp_path), home))
    assert into_folder == tmp_path / "truco-m1.json"


def test_stats_command_text_json_and_rebuild(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["stats"]) == 0
    assert "No finished match yet" in capsys.readouterr().out
    three_matches(home)
    assert main(["stats", "TRUCO", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["matches"] == 3 and out["games"]["truco"]["won"] == 2
    assert out["groups"][0]["counts"]["raises"] == 2 and out["groups"][0]["best_hand"]["points"] == 3
    (home / STATS).write_text("{broken")
    assert main(["stats", "--rebuild"]) == 0
    captured = capsys.readouterr()
    assert "Truco" in captured.out and "Raises called: 2" in captured.out and captured.err == ""
    assert json.loads((home / STATS).read_text())["schema"] == SCHEMA
    assert main(["stats", "manille"]) == 0
    assert "No finished Manille match yet" in capsys.readouterr().out


def test_stats_rebuild_that_cannot_write_says_so(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    three_matches(home)
    (home / STATS).mkdir()  # a folder in the way of the file
    assert main(["stats", "--rebuild"]) == 1
    assert "could not be rebuilt" in capsys.readouterr().err


def test_stats_command_refuses_an_unknown_game(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["stats", "chess"])
    assert exit_.value.code == 2 and "unknown game" in capsys.readouterr().err


def test_an_archive_entry_says_the_version_of_its_form_and_an_export_leaves_it_out(home: Path) -> None:
    path = archive(home, WON, "m1")
    raw = json.loads(gzip.decompress(path.read_bytes()))
    assert raw["schema"] == MATCH_SCHEMA
    assert "schema" not in read_archived("m1", home).exported()


def newer_entry(home: Path, match_id: str, finished: str = "2026-12-02T10:00:00Z") -> Path:
    """An archived match as a newer cardtable might write it: a record of a form this version cannot read."""
    path = archive(home, WON, match_id, finished)
    raw = json.loads(gzip.decompress(path.read_bytes()))
    raw.update(schema=MATCH_SCHEMA + 1, format="cardtable-record/2")
    path.write_bytes(gzip.compress(json.dumps(raw).encode()))
    return path


def test_a_match_a_newer_cardtable_archived_is_left_as_it_is_and_out_of_the_statistics(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    three_matches(home)
    path = newer_entry(home, "m4")
    before = path.read_bytes()
    statistics, notices = load_statistics(home)
    assert [s.match_id for s in statistics.matches] == ["m1", "m2", "m3"]
    assert statistics.newer == [NewerArchived("m4", "2026-12-02T10:00:00Z", "truco")]
    assert notices == ["1 finished match in the archive was kept by a newer cardtable: left as it is and out of "
                       "these statistics."]  # fmt: skip
    cache = (home / STATS).read_bytes()
    assert load_statistics(home)[1] == notices and (home / STATS).read_bytes() == cache  # said each time, not cached
    assert main(["stats", "--json"]) == 0
    captured = capsys.readouterr()
    assert json.loads(captured.out)["matches"] == 3 and "kept by a newer cardtable" in captured.err
    assert main(["stats", "--rebuild"]) == 0
    assert path.read_bytes() == before and sorted(p.name for p in (home / ARCHIVE).iterdir()) == [
        "m1.json.gz", "m2.json.gz", "m3.json.gz", "m4.json.gz"]  # fmt: skip
    with pytest.raises(NewerFile):
        read_archived("m4", home)


def test_the_history_lists_a_match_a_newer_cardtable_archived_among_the_others_by_when_it_ended() -> None:
    from cardtable.stats import MatchSummary, Statistics
    from cardtable.tui.screens.history import listed

    names = ["You", "B", "C", "D"]
    summaries = [MatchSummary(f"m{n}", f"2026-12-0{n}T10:00:00Z", "truco", "v", "heuristic", 0, names, True,
                              "1 : 0", 1, 1, 0, {}, {}) for n in (1, 3)]  # fmt: skip
    newer = [NewerArchived("n2", "2026-12-02T10:00:00Z", "truco"), NewerArchived("n0", "", None)]
    shown = listed(Statistics(summaries, newer), set())
    assert [row.match_id for row in shown] == ["m3", "n2", "m1", "n0"]
