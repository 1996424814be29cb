"""A save per unfinished match, each locked by the table that has it open; damaged ones set aside with a reason."""

from __future__ import annotations

import copy
import gzip
import json
import os
from pathlib import Path
from typing import Any

import pytest

from cardtable.archive import read_archived
from cardtable.engine.loop import deal_rng
from cardtable.engine.records import RewrittenFile, record_pieces
from cardtable.files import MAX_FILE_BYTES, UnreadableFile
from cardtable.saves import (
    LAST_MATCH,
    LEGACY_AUTOSAVE,
    SAVE_HEAD_ROOM,
    SAVES,
    MatchSave,
    SaveFailed,
    SaveWriter,
    find_unfinished,
    keep_in_archive,
    matches_folder_problem,
)
from tests.saves.support import a_match, save_json, saved_match, table_summary


def bytes_written(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The bytes each ``os.writev`` call writes from now on (a save's writes go through it)."""
    written: list[int] = []
    writev = os.writev

    def counted(fd: int, pieces: list[bytes]) -> int:
        written.append(sum(map(len, pieces)))
        return writev(fd, pieces)

    monkeypatch.setattr(os, "writev", counted)
    return written


def test_every_unfinished_match_has_its_own_save_and_all_are_found_most_recent_first(tmp_path: Path) -> None:
    older = saved_match(tmp_path, "manille", seed=1)
    newer = saved_match(tmp_path, "tarot", players=3, seed=2)
    os.utime(older.path, (1_000_000, 1_000_000))
    found, notices = find_unfinished(tmp_path)
    assert notices == []
    assert [f.save.path for f in found] == [newer.path, older.path]
    assert [f.config.game for f in found if f.config] == ["tarot", "manille"]
    assert all(f.match is not None and len(f.match.hands[0].actions) == 5 and not f.locked for f in found)
    assert {p.parent for p in (older.path, newer.path)} == {tmp_path / SAVES}


def test_the_single_save_of_earlier_versions_joins_the_others(tmp_path: Path) -> None:
    raw = save_json(tmp_path)
    (tmp_path / LEGACY_AUTOSAVE).write_text(json.dumps(raw))
    saved_match(tmp_path, seed=9)
    found, notices = find_unfinished(tmp_path)
    assert notices == [] and len(found) == 2
    assert not (tmp_path / LEGACY_AUTOSAVE).exists()
    assert all(f.save.path.parent == tmp_path / SAVES for f in found)
    assert any(json.loads(f.save.path.read_text()) == raw for f in found)


def damaged(change: Any) -> Any:
    def apply(raw: dict[str, Any]) -> str:
        raw = copy.deepcopy(raw)
        out = change(raw)
        return out if isinstance(out, str) else json.dumps(raw)

    return apply


DAMAGES = {
    "a 5,000-digit integer": (
        lambda raw: json.dumps(raw).replace('"seed": 3', '"seed": ' + "7" * 5000),
        "table.seed holds a number 5,000 digits long",
    ),
    "nesting 1,000 deep": (
        lambda raw: json.dumps(raw).replace('"options": {}', '"options": ' + "[" * 1000 + "]" * 1000, 1),
        "nested more than 64 levels deep",
    ),
    "seed Infinity": (
        lambda raw: json.dumps(raw).replace('"seed": 3', '"seed": Infinity'),
        "table.seed holds Infinity",
    ),
    "an unknown seat kind": (
        lambda raw: raw["table"]["seats"][1].update(kind="wizard"),
        'table.seats[1].kind must be one of human, random, beginner, heuristic, expert, not "wizard"',
    ),
    "an unknown table option": (lambda raw: raw["table"].update(options={"speed": 3}), "table.options.speed"),
    "a table option of the wrong type": (lambda raw: raw["table"].update(options={"target": "high"}), "target"),
    "no table": (lambda raw: raw.pop("table"), "does not say who sits at the table"),
    "seats not a list": (lambda raw: raw["table"].update(seats="four"), "table.seats must list 4 seats"),
    "a name that is a number": (
        lambda raw: raw["table"]["seats"][0].update(name=5),
        "table.seats[0].name must be text",
    ),
    "players as text": (lambda raw: raw["table"].update(players="4"), "table.players must be a whole number"),
    "a seed with decimals": (lambda raw: raw["table"].update(seed=1.5), "table.seed must be a whole number, not 1.5"),
    "a dealer off the table": (lambda raw: raw["table"].update(first_dealer=9), "table.first_dealer"),
    "a table of another game": (lambda raw: raw["table"].update(game="malilla"), "not of the same game"),
    "a table with other options": (lambda raw: raw["table"].update(options={"target": 50}), "different options"),
    "hands not a list": (lambda raw: raw.update(hands={}), "hands must be a list"),
    "an illegal action": (lambda raw: raw["hands"][0]["actions"].append(raw["hands"][0]["actions"][0]), "hand 1"),
    "a list instead of a match": (lambda raw: "[1, 2, 3]", "does not hold a match"),
    "a string": (lambda raw: '"a"', "does not hold a match"),
    "cut short": (lambda raw: json.dumps(raw)[:200], "it is not valid JSON"),
    "empty": (lambda raw: "", "it is not valid JSON"),
    "an unknown game": (lambda raw: raw.update(game="x" * 5_000_000), "game must be one of"),
}


@pytest.mark.parametrize("damage", DAMAGES, ids=list(DAMAGES))
def test_a_damaged_save_is_set_aside_with_what_is_wrong(tmp_path: Path, damage: str) -> None:
    change, says = DAMAGES[damage]
    text = damaged(change)(save_json(tmp_path))
    path = tmp_path / SAVES / "20240101-000000-abcdef.json"
    path.write_text(text)
    found, notices = find_unfinished(tmp_path)
    assert found == [] and len(notices) == 1
    notice = notices[0]
    assert says in notice, notice
    assert "Error" not in notice and "Traceback" not in notice and len(notice) < 600
    kept = list((tmp_path / SAVES).glob("20240101-000000-abcdef.unreadable-*.json"))
    assert not path.exists() and len(kept) == 1 and kept[0].read_text() == text and str(kept[0]) in notice
    assert find_unfinished(tmp_path) == ([], [])  # said once: what is set aside is no longer looked at


def test_a_match_open_at_another_table_is_shown_as_such_and_never_written_by_this_one(tmp_path: Path) -> None:
    config, match = a_match()
    theirs = MatchSave.new(tmp_path)
    theirs.write(config, match.to_record())  # that table keeps the lock while it plays
    before = theirs.path.read_bytes()
    found, _ = find_unfinished(tmp_path)
    assert len(found) == 1 and found[0].locked and found[0].match is not None
    mine = found[0].save
    assert not mine.claim()
    with pytest.raises(SaveFailed, match="open in another window"):
        mine.write(config, match.to_record())
    mine.finish(config, match.to_record())
    assert theirs.path.read_bytes() == before and not (tmp_path / LAST_MATCH).exists()
    theirs.release()
    found, _ = find_unfinished(tmp_path)
    assert not found[0].locked and found[0].save.claim()


def test_a_damaged_save_open_at_another_table_is_left_alone(tmp_path: Path) -> None:
    theirs = saved_match(tmp_path)
    theirs.path.write_text("{")
    assert theirs.claim()
    found, notices = find_unfinished(tmp_path)
    assert notices == [] and len(found) == 1 and found[0].locked and found[0].match is None
    assert theirs.path.read_text() == "{"
    theirs.release()


def test_a_finished_match_is_kept_as_the_last_match_and_offered_no_more(tmp_path: Path) -> None:
    config, match = a_match()
    save = MatchSave.new(tmp_path)
    save.write(config, match.to_record())
    save.finish(config, match.to_record())
    assert not save.path.exists() and not save.lock.path.exists() and not save.lock.held
    last = json.loads((tmp_path / LAST_MATCH).read_text())
    assert last["hands"] == match.to_record()["hands"] and last["table"] == config.to_json()
    assert find_unfinished(tmp_path) == ([], [])


def test_temporary_files_left_by_a_killed_table_are_cleared_by_the_next_one(tmp_path: Path) -> None:
    save = saved_match(tmp_path)
    stale = save.path.with_name(save.path.name + "k3j2_x.tmp")
    stale.write_text("half a save")
    other = tmp_path / SAVES / "not-a-save.tmp"
    other.write_text("")
    unborn = tmp_path / SAVES / "20240101-000000-abcdef.jsonq1w2e3.tmp"  # killed during a match's first save
    unborn.write_text("{")
    writing = MatchSave(tmp_path / SAVES / "20240101-000000-fedcba.json", tmp_path)
    assert writing.claim()  # another table is writing this one's first save right now
    in_flight = tmp_path / SAVES / "20240101-000000-fedcba.jsonz9x8c7.tmp"
    in_flight.write_text("{")
    found, _ = find_unfinished(tmp_path)
    assert len(found) == 1 and not stale.exists() and not unborn.exists()
    assert in_flight.exists() and other.exists()
    writing.release()


def test_a_data_folder_that_is_a_file_says_so_and_saving_fails_in_plain_words(tmp_path: Path) -> None:
    home = tmp_path / "home"
    home.write_text("a file")
    assert matches_folder_problem(home) == f"the data folder {home} is a file, not a folder"
    assert find_unfinished(home) == ([], [])
    config, match = a_match()
    with pytest.raises(SaveFailed) as failed:
        MatchSave.new(home).write(config, match.to_record())
    assert failed.value.reason == f"{home} is a file, where a folder should be"
    missing = tmp_path / "missing" / "home"
    assert matches_folder_problem(missing) is None  # a missing folder is made
    MatchSave.new(missing).write(config, match.to_record())
    assert len(find_unfinished(missing)[0]) == 1


def test_a_full_disk_fails_the_save_in_plain_words_and_keeps_the_last_good_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import errno

    save = saved_match(tmp_path)
    before = save.path.read_bytes()
    config, match = a_match(actions=7)

    def disk_full(fd: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", disk_full)
    with pytest.raises(SaveFailed, match="the disk is full"):
        save.write(config, match.to_record())
    assert save.path.read_bytes() == before
    assert list((tmp_path / SAVES).glob("*.tmp")) == []


@pytest.mark.skipif(os.geteuid() == 0, reason="a read-only folder does not stop root")
def test_in_a_read_only_folder_a_damaged_save_stays_where_it_is_and_the_others_resume(tmp_path: Path) -> None:
    good = saved_match(tmp_path)
    bad = tmp_path / SAVES / "20240101-000000-abcdef.json"
    bad.write_text("{")
    (tmp_path / SAVES).chmod(0o500)
    try:
        assert matches_folder_problem(tmp_path) is not None
        found, notices = find_unfinished(tmp_path)
        assert [f.save.path for f in found] == [good.path] and not found[0].locked
        assert len(notices) == 1
        assert f"the folder {tmp_path / SAVES} may not be written (permission denied)" in notices[0]
        assert f"so it stays as {bad}" in notices[0]
        config, match = a_match(actions=7)
        with pytest.raises(SaveFailed, match="permission denied"):
            found[0].save.write(config, match.to_record())
        with pytest.raises(SaveFailed):
            found[0].save.finish(config, match.to_record())
    finally:
        (tmp_path / SAVES).chmod(0o700)


@pytest.mark.skipif(os.geteuid() == 0, reason="a read-only folder does not stop root")
def test_a_save_in_a_read_only_folder_without_its_lock_file_says_the_folder_may_not_be_written(tmp_path: Path) -> None:
    save = saved_match(tmp_path)
    save.lock.path.unlink()
    (tmp_path / SAVES).chmod(0o500)
    try:
        config, match = a_match(actions=7)
        with pytest.raises(SaveFailed) as failed:
            save.write(config, match.to_record())
        assert failed.value.reason == f"the folder {tmp_path / SAVES} may not be written (permission denied)"
    finally:
        (tmp_path / SAVES).chmod(0o700)


def test_the_save_writer_writes_the_newest_record_in_its_thread_and_waits_for_it(tmp_path: Path) -> None:
    save = MatchSave.new(tmp_path)
    heard: list[SaveFailed | None] = []
    writer = SaveWriter(save, heard.append)
    for actions in (3, 5, 7):
        config, match = a_match(actions=actions)
        writer.submit(config, match.to_record())
    writer.wait()
    record = json.loads(save.path.read_text())
    assert len(record["hands"][0]["actions"]) == 7  # the last one asked for is the one on disk
    assert heard and all(failure is None for failure in heard)
    save.release()


def test_the_save_writer_reports_a_save_that_fails(tmp_path: Path) -> None:
    save = MatchSave.new(tmp_path)
    (tmp_path / SAVES).write_text("a file where the saves' folder should be")
    heard: list[SaveFailed | None] = []
    writer = SaveWriter(save, heard.append)
    config, match = a_match(actions=2)
    writer.submit(config, match.to_record())
    writer.wait()
    assert len(heard) == 1 and isinstance(heard[0], SaveFailed)


def test_a_save_of_a_time_no_date_can_be_made_of_is_listed_after_the_others(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    far = saved_match(tmp_path, "tarot", players=3, seed=1)
    near = saved_match(tmp_path, "manille", seed=2)
    os.utime(near.path, (1_000_000, 1_000_000))
    far_off_time(far.path, 1e18, monkeypatch)
    found, notices = find_unfinished(tmp_path)
    assert notices == [] and [f.save.path for f in found] == [near.path, far.path]
    assert found[1].modified == 1e18


def far_off_time(path: Path, seconds: float, monkeypatch: pytest.MonkeyPatch) -> None:
    """Give ``path`` a modification time of ``seconds``: on the disk where the file system keeps such a time
    (tmpfs does), else as ``os.stat`` reports it (ext4 stops in 2446)."""
    os.utime(path, (seconds, seconds))
    if os.stat(path).st_mtime == seconds:
        return
    real = os.stat

    def stat(target: Any, *args: Any, **kwargs: Any) -> os.stat_result:
        found = real(target, *args, **kwargs)
        if os.fspath(target) != os.fspath(path):
            return found
        times = {"st_atime": seconds, "st_mtime": seconds, "st_ctime": found.st_ctime}
        return os.stat_result(tuple(found)[:10], times)

    monkeypatch.setattr(os, "stat", stat)
    assert path.stat().st_mtime == seconds


def test_a_save_holds_each_hand_on_a_line_and_reads_back_as_its_record(tmp_path: Path) -> None:
    # The hands are most of a save, and all that grows: each is one line of compact JSON, half the bytes of an
    # indented one. The rest is indented as before, and a save indented throughout (earlier versions) loads too.
    config, match = a_match(actions=32)  # the first hand played out
    match.deal_new_hand(deal_rng(3, 1))
    for _ in range(3):
        state = match.current
        assert state is not None and state.to_act is not None
        match.apply(state.view(state.to_act).legal_actions()[0])
    record = {**match.to_record(), "table": config.to_json()}
    save = MatchSave.new(tmp_path)
    save.write(config, match.to_record_lines())
    text = save.path.read_text()
    assert json.loads(text) == {"schema": 1, **record}
    lines = [line.strip().removesuffix(",") for line in text.splitlines() if line.startswith('  {"dealer":')]
    assert [json.loads(line) for line in lines] == record["hands"]
    assert text.startswith('{\n "schema": 1,\n "format": "cardtable-record/1",\n "game": "manille",\n')
    for written in (text, json.dumps(record, indent=1)):
        save.path.write_text(written)
        saved, resumed = save.load()
        assert resumed.to_record() == match.to_record() and saved.config == config


def test_a_long_match_is_read_past_the_bound_of_other_files_and_no_further(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # No number of hands ends a match, and a 10,000-hand Tarot match takes 20 to 28 MB: a save, or a finished
    # match in the archive, is read past the bound of other files (here a short match followed by that many
    # spaces, which JSON allows), up to a bound of its own.
    save = saved_match(tmp_path)
    text = save.path.read_bytes() + b" " * MAX_FILE_BYTES
    save.path.write_bytes(text)
    _, match = save.load()
    assert len(match.hands[0].actions) == 5
    entry = keep_in_archive(tmp_path, "long", {**json.loads(text), "finished": "2026-12-08T10:00:00Z"})
    entry.write_bytes(gzip.compress(gzip.decompress(entry.read_bytes()) + b" " * MAX_FILE_BYTES))
    assert len(read_archived("long", tmp_path).record.hands[0].actions) == 5
    monkeypatch.setattr("cardtable.saves.MAX_MATCH_BYTES", MAX_FILE_BYTES)
    monkeypatch.setattr("cardtable.archive.MAX_MATCH_BYTES", MAX_FILE_BYTES)
    with pytest.raises(UnreadableFile, match="far too large"):
        save.load()
    with pytest.raises(UnreadableFile, match="more than a match holds"):
        read_archived("long", tmp_path)


def test_a_file_written_again_puts_on_the_disk_only_what_changed_since_the_write_before_the_last(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A long match's save is written whole after every action, and the lines of its finished hands are the same
    # objects each time: written into the spare copy of two writes before, only the rest reaches the disk.
    path = tmp_path / "match.json"
    file = RewrittenFile(path)
    lines = [f"hand {n}\n".encode() for n in range(2_000)]
    written = bytes_written(monkeypatch)
    contents: list[list[bytes]] = []
    sizes: list[int] = []

    def write(pieces: list[bytes]) -> None:
        before = len(written)
        file.write(pieces)
        assert path.read_bytes() == b"".join(pieces)
        contents.append(pieces)
        sizes.append(sum(written[before:]))

    for hands in (100, 300, 300, 1_900, 500, 2_000):  # longer, the same, back a few hands, ...
        write([b"{head}\n", *lines[:hands], f"in play after {hands} hands".encode()])
    before_last = [None, None, *contents[:-2]]  # the first two writes have no spare of theirs
    for pieces, older, size in zip(contents, before_last, sizes, strict=True):
        same = 0 if older is None else min(len(older), len(pieces)) - 1  # all but the last piece in common
        assert size == sum(map(len, pieces[same:]))
    # An equal piece is as good as the same one; a piece that changed is written, and all that follows.
    changed = [b"{head}\n", *lines[:1_000], b"hand 1000 played otherwise\n", *lines[1_001:], b"in play"]
    copies = [b"{head}\n", *(bytes(line) for line in lines[:1_000]), *changed[1_001:]]
    write(copies)  # the write before the last had 500 hands
    write(changed)
    assert sizes[-2:] == [sum(map(len, copies[501:])), sum(map(len, changed[1_001:]))]
    # A first piece that changed but kept its length (a save's head) is written in its place, and only it.
    head = b"{HEAD}\n"
    write([head, *changed[1:-1], b"in play again"])
    write([head, *changed[1:]])  # the write before the last wrote the same after its head
    assert sizes[-1] == len(head)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["match.json", "match.json.spare.tmp"]
    file.discard_spare()
    assert [p.name for p in tmp_path.iterdir()] == ["match.json"]


def test_a_failed_write_leaves_the_file_as_it_was_and_no_spare_and_the_next_is_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "match.json"
    file = RewrittenFile(path)
    for n in range(3):
        file.write([b"head", b"x" * 100, str(n).encode()])
    fsync = os.fsync

    def disk_full(fd: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", disk_full)
    with pytest.raises(OSError):
        file.write([b"head", b"x" * 100, b"lost"])
    assert path.read_bytes() == b"head" + b"x" * 100 + b"2" and [p.name for p in tmp_path.iterdir()] == ["match.json"]
    monkeypatch.setattr(os, "fsync", fsync)
    file.write([b"head", b"x" * 100, b"3"])
    file.write([b"head", b"y" * 100, b"4"])  # its spare holds what the write before the last wrote: not the lost one
    assert path.read_bytes() == b"head" + b"y" * 100 + b"4"


def test_a_save_after_a_hand_ends_writes_its_head_and_that_hand_not_the_hands_before(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A save begins with the summary of the hand in play, which changes from hand to hand (its number, the
    # scores): the text before the hands takes a multiple of SAVE_HEAD_ROOM bytes, so it keeps its length and
    # is written in its place, and the hands before the one that changed are not written again.
    config, match = a_match(actions=32)  # the first hand played out
    match.deal_new_hand(deal_rng(3, 1))
    save = MatchSave.new(tmp_path)

    def play(actions: int) -> None:
        for _ in range(actions):
            state = match.current
            assert state is not None and state.to_act is not None
            match.apply(state.view(state.to_act).legal_actions()[0])
            save.write(config, match.to_record_lines(), table_summary(config, match))

    play(31)  # the second hand but its last card, saved after every action
    before = save.path.read_bytes()
    written = bytes_written(monkeypatch)
    play(1)
    text = save.path.read_bytes()
    head = text[: text.index(b'{"dealer":')]
    assert len(head) % SAVE_HEAD_ROOM == 0 and len(head) == before.index(b'{"dealer":')
    assert b'"hand": 3' in head and b'"hand": 2' in before  # the summary names the next hand now
    assert json.loads(text)["hands"] == match.to_record()["hands"]
    first = match.hands[0].line
    assert first is not None and sum(written) == len(text) - len(first) - len(b",\n  ")


def test_a_saves_head_keeps_its_length_when_a_score_in_its_summary_gains_a_digit() -> None:
    hand = {"dealer": 0, "deal": {"hands": [["7S"]]}, "actions": []}
    heads = []
    for score in (9, 10, 100):
        record = {"schema": 1, "summary": {"hand": 3, "scores": [score, 0]}, "hands": [hand], "table": {}}
        pieces = record_pieces(record, SAVE_HEAD_ROOM)
        assert json.loads(b"".join(pieces)) == record
        heads.append(len(pieces[0]))
    assert heads == [SAVE_HEAD_ROOM * 2] * 3  # the text before the hands, padded with spaces
    assert len(record_pieces(record)[0]) < heads[0]  # other files are not padded
