"""A save starts with what the start screen says of it, so the list is read without replaying any match."""

from __future__ import annotations

import json
import os
import threading
from pathlib import Path
from typing import Any

import pytest

import cardtable.saves
from cardtable.engine.records import Record
from cardtable.files import HEAD_BYTES, UnreadableFile, read_head
from cardtable.saves import (
    MATCH_SCHEMA,
    SAVE_KEYS,
    SAVES,
    SaveSummary,
    find_unfinished,
    whole_number,
)
from tests.saves.support import a_match, saved_match, table_summary

GAMES = [("manille", 4, 9), ("tarot", 3, 4), ("truco", 2, 3), ("malilla", 4, 8), ("truco", 6, 2), ("tarot", 5, 1)]


def content(path: Path) -> dict[str, Any]:
    raw: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return raw


def rewrite(path: Path, raw: dict[str, Any]) -> None:
    path.write_text(json.dumps(raw, indent=1, ensure_ascii=False), encoding="utf-8")


def test_a_save_starts_with_its_schema_and_what_the_start_screen_says_of_it(tmp_path: Path) -> None:
    save = saved_match(tmp_path, "manille", actions=5, summary=True)
    raw = content(save.path)
    assert list(raw)[:2] == ["schema", "summary"] and raw["schema"] == MATCH_SCHEMA == 1
    assert raw["summary"] == {"game": "manille", "title": "Manille", "players": 4, "hand": 1,
                              "names": ["You", "East", "North", "West"], "scores": [0, 0, 0, 0]}  # fmt: skip
    assert read_head(save.path, ("schema", "summary")) == {"schema": 1, "summary": raw["summary"]}
    assert read_head(save.path, ("schema",)) == {"schema": 1}  # the head ends at the first key not asked for


def test_every_key_a_record_of_this_version_holds_is_one_a_save_knows() -> None:
    _config, match = a_match()
    assert set(match.to_record()) <= SAVE_KEYS


def test_saves_are_listed_from_their_summaries_without_replaying_any(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    made = {}
    for seed, (game, players, actions) in enumerate(GAMES):
        config, match = a_match(game, players, actions, seed=seed)
        made[saved_match(tmp_path, game, players, actions, seed=seed, summary=True).path] = table_summary(config, match)

    def no_replay(record: Record) -> None:
        raise AssertionError("a save was replayed to be listed")

    monkeypatch.setattr(cardtable.saves, "resume_match", no_replay)
    found, notices = find_unfinished(tmp_path)
    assert notices == [] and len(found) == len(GAMES)
    assert all(f.match is None and f.config is None and not f.locked and f.resumable for f in found)
    assert {f.save.path: f.summary for f in found} == made


def test_a_save_without_a_summary_is_replayed_into_the_same_summary(tmp_path: Path) -> None:
    for seed, (game, players, actions) in enumerate(GAMES):
        save = saved_match(tmp_path, game, players, actions, seed=seed, summary=True)
        [found], _ = find_unfinished(tmp_path)
        written = found.summary
        raw = content(save.path)
        del raw["summary"], raw["schema"]  # as a save of the version before summaries
        rewrite(save.path, raw)
        [replayed], notices = find_unfinished(tmp_path)
        assert notices == [] and replayed.summary is None and replayed.config is not None and replayed.match
        assert table_summary(replayed.config, replayed.match) == written, game
        save.path.unlink()


def test_a_summary_counts_the_hand_to_play_and_the_scores_so_far(tmp_path: Path) -> None:
    config, match = a_match("manille", actions=32)  # the first hand is over: the second is the one to play
    assert match.current is None and match.scores != [0, 0, 0, 0]
    summary = table_summary(config, match)
    assert summary.hand == 2 and summary.scores == tuple(match.scores)


SUMMARY = {"game": "manille", "title": "Manille", "players": 4, "hand": 1,
           "names": ["You", "East", "North", "West"], "scores": [0, 0, 0, 0]}  # fmt: skip
UNTRUSTED = {
    "not an object": "Manille, hand 1",
    "an unknown game": {**SUMMARY, "game": "chess"},
    "players as text": {**SUMMARY, "players": "4"},
    "players true": {**SUMMARY, "players": True},
    "a player count of another game": {**SUMMARY, "players": 5},
    "hand 0": {**SUMMARY, "hand": 0},
    "hand 1.5": {**SUMMARY, "hand": 1.5},
    "a million hands": {**SUMMARY, "hand": 10**6},
    "no title": {**SUMMARY, "title": ""},
    "a title that moves the cursor": {**SUMMARY, "title": "Manille\x1b[2J"},
    "a title reversed": {**SUMMARY, "title": "\u202eellinaM"},
    "a long title": {**SUMMARY, "title": "M" * 500},
    "a summary past the head": {**SUMMARY, "title": "M" * HEAD_BYTES},
    "a name short": {**SUMMARY, "names": ["You", "East", "North"]},
    "a name that is a number": {**SUMMARY, "names": ["You", 2, "North", "West"]},
    "a name with a control character": {**SUMMARY, "names": ["You", "Ea\x07st", "North", "West"]},
    "an empty name": {**SUMMARY, "names": ["", "East", "North", "West"]},
    "scores as text": {**SUMMARY, "scores": ["0", "0", "0", "0"]},
    "a score true": {**SUMMARY, "scores": [True, 0, 0, 0]},
    "a score of 1e300": {**SUMMARY, "scores": [1e300, 0, 0, 0]},
    "a score of 40 digits": {**SUMMARY, "scores": [10**40, 0, 0, 0]},
    "scores missing": {key: value for key, value in SUMMARY.items() if key != "scores"},
}


@pytest.mark.parametrize("summary", UNTRUSTED.values(), ids=list(UNTRUSTED))
def test_a_summary_that_cannot_be_trusted_is_left_for_the_replay(tmp_path: Path, summary: object) -> None:
    save = saved_match(tmp_path, "manille", actions=5, summary=True)
    raw = content(save.path)
    assert raw["summary"] == SUMMARY
    raw["summary"] = summary
    rewrite(save.path, raw)
    assert SaveSummary.from_json(summary) is None
    [found], notices = find_unfinished(tmp_path)
    assert notices == [] and found.summary is None and found.config is not None and found.match is not None
    assert content(save.path) == raw  # listed as it is


@pytest.mark.parametrize("text", ['{"schema": 1, "summary": {"game": "manille", "title": "Man', "{", "", "\ufeff",
                                  '["schema", 1]', '{"schema": 1 "summary": 2}', '{"schema": 1, "summary": '
                                  + "[" * 5000, '{1: 2}', '{"schema": 1e999}', '{"schema": 1,'])  # fmt: skip
def test_the_head_of_a_file_cut_short_or_damaged_is_what_could_be_read_of_it(tmp_path: Path, text: str) -> None:
    path = tmp_path / "a.json"
    path.write_text(text, encoding="utf-8")
    head = read_head(path, ("schema", "summary"))
    assert set(head) <= {"schema"} and (head.get("schema", 1) == 1 or not whole_number(head["schema"]))


def test_a_save_whose_head_holds_a_number_no_file_may_hold_is_set_aside(tmp_path: Path) -> None:
    save = saved_match(tmp_path, "manille", summary=True)
    save.path.write_text(save.path.read_text().replace('"schema": 1', '"schema": 1e999', 1))
    found, notices = find_unfinished(tmp_path)
    assert found == [] and len(notices) == 1 and "schema holds the number 1e999, which is too large" in notices[0]


def test_the_head_of_a_file_that_is_not_text_is_empty_and_of_one_cut_in_a_character_is_what_came_before(
    tmp_path: Path,
) -> None:
    path = tmp_path / "a.json"
    path.write_bytes(b'{"schema": 1, "summary": "\xff\xfe"}')
    assert read_head(path, ("schema", "summary")) == {}
    path.write_bytes(b'{"schema": 1, "summary": "' + "é".encode() * HEAD_BYTES + b'"}')  # a character cut in two
    assert read_head(path, ("schema", "summary")) == {"schema": 1}


def test_a_summary_trusted_for_the_list_is_not_trusted_for_the_match(tmp_path: Path) -> None:
    """A save damaged after its summary is listed; opening it replays every action, and finds the damage."""
    save = saved_match(tmp_path, "manille", actions=5, summary=True)
    raw = content(save.path)
    raw["hands"][0]["actions"].append(raw["hands"][0]["actions"][0])
    rewrite(save.path, raw)
    [found], notices = find_unfinished(tmp_path)
    assert notices == [] and found.summary == SaveSummary.from_json(SUMMARY)
    with pytest.raises(UnreadableFile, match=r"\(hand 1\)"):
        found.save.load()


def test_a_schema_that_is_no_versions_sets_the_save_aside(tmp_path: Path) -> None:
    save = saved_match(tmp_path, "manille", summary=True)
    raw = content(save.path)
    rewrite(save.path, {**raw, "schema": "1"})
    found, notices = find_unfinished(tmp_path)
    assert found == [] and len(notices) == 1
    assert 'A saved match could not be used: schema must be a whole number from 1, not "1".' in notices[0]


def test_a_reading_stopped_early_lists_what_it_had_read(tmp_path: Path) -> None:
    for seed in range(3):
        saved_match(tmp_path, seed=seed, summary=True)
    stop = threading.Event()
    stop.set()
    assert find_unfinished(tmp_path, stop) == ([], [])
    assert len(find_unfinished(tmp_path)[0]) == 3


def test_the_saves_folder_is_read_once_however_many_saves_it_holds(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each claim of a save looked through the whole folder for its temporary files: 2,000 saves, 4 million names."""
    for seed in range(5):
        saved_match(tmp_path, seed=seed, summary=True)
    stale = next((tmp_path / SAVES).glob("*.json"))
    temporary = stale.with_name(stale.name + "x1y2z3.tmp")
    temporary.write_text("half a save")
    scans = []
    real = os.scandir

    def counted(path: Any) -> Any:
        scans.append(path)
        return real(path)

    monkeypatch.setattr(os, "scandir", counted)
    found, _ = find_unfinished(tmp_path)
    assert len(found) == 5 and not temporary.exists() and len(scans) == 1


@pytest.mark.parametrize(
    ("game", "players", "options", "title"),
    [
        ("manille", 4, {"house": "belgian", "talk": True}, "Manille, Belgian rules, table talk"),
        ("truco", 6, {}, "Truco Paulista, 6 players"),
        ("truco", 2, {"variant": "argentino", "flor": True}, "Truco Argentino, 2 players, flor"),
        ("malilla", 4, {"albur": True, "deck": "spanish48"}, "Malilla, albur, deck: Spanish, 48 cards"),
        ("tarot", 4, {}, "French Tarot"),
    ],
)
def test_the_start_screen_names_the_variant_the_options_and_the_players_of_a_match(
    game: str, players: int, options: dict[str, Any], title: str
) -> None:
    """The options a player chose, not their defaults nor what another option implies (Belgian partners are
    exempt), and the players where they are not the game's usual number."""
    config, match = a_match(game, players, 0, 3, options)
    assert table_summary(config, match).title == title


def test_the_start_screen_shows_the_score_the_table_shows_with_points_that_count_at_once() -> None:
    """Malilla's albur and turned card score at the deal: the table says "You & North: 9", and so does the list."""
    from cardtable.tui.games import parts_for
    from tests.tui.test_truco_argentino import argentino_match

    config, match = a_match("malilla", 4, 0, 5, {"albur": True})
    assert table_summary(config, match).scores == (9, 0, 9, 0) and match.scores == [0, 0, 0, 0]
    argentino = argentino_match(
        ["AS 5S 3C", "7D 6D KS"], [{"seat": 1, "call": "envido"}, {"seat": 0, "call": "accept"}]
    )
    state = argentino.current
    assert state is not None
    parts = parts_for("truco").for_options(argentino.options)
    shown = parts.scores_now(parts.seat_view(state, 0))
    summary = parts.save_summary(argentino, ["You", "North"])
    assert shown is not None and summary.scores == tuple(shown) and sum(summary.scores) > 0
