"""The command line: replay's exit statuses and messages, rules, help, and never a traceback."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from cardtable.cli import main
from tests.support import TESTS

SAMPLE = TESTS / "cases" / "manille" / "pips_36_24.json"


def run(args: list[str], stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "cardtable", *args], input=stdin, capture_output=True, text=True)


def test_replay_json_of_a_complete_hand() -> None:
    done = run(["replay", str(SAMPLE), "--json"])
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert out["ok"] and out["scores"] == [6, 0, 6, 0] and out["next"] is None


def test_replay_without_json_prints_a_hand_history(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(SAMPLE)]) == 0
    text = capsys.readouterr().out
    assert "trick  1: South leads 8S KS 7S AS" in text and "score [6, 0, 6, 0]" in text


@pytest.mark.parametrize(
    ("text", "field"),
    [
        ("not json", "not valid JSON"),
        ('{"format": "cardtable-record/2", "game": "manille", "hands": []}', "format"),
        ('{"format": "cardtable-record/1", "game": "whist", "hands": []}', "game"),
        ('{"format": "cardtable-record/1", "game": "manille", "players": 5, "hands": []}', "players"),
        ('{"format": "cardtable-record/1", "game": "manille", "hands": {}}', "hands"),
        ('{"format": "cardtable-record/1", "game": "manille", "options": {"speed": 1}, "hands": []}', "options.speed"),
        ('{"format": "cardtable-record/1", "game": "manille", "start_scores": [1, 2], "hands": []}', "start_scores"),
        ('{"format": "cardtable-record/1", "game": "manille", "hands": [{"dealer": 0, "actions": []}]}', "deal"),
    ],
)
def test_a_malformed_record_exits_2_with_a_reason_naming_the_field(text: str, field: str) -> None:
    done = run(["replay", "-", "--json"], stdin=text)
    assert done.returncode == 2
    out = json.loads(done.stdout)
    assert out["ok"] is False and field in out["error"]["reason"]
    assert out["hands"] == [] and out["scores"] is None and out["next"] is None
    plain = run(["replay", "-"], stdin=text)
    assert plain.returncode == 2 and "Traceback" not in plain.stderr and field in plain.stderr
    assert len(plain.stderr.strip().splitlines()) == 1


def test_an_illegal_action_exits_1_with_the_rule() -> None:
    done = run(["replay", str(TESTS / "cases" / "manille" / "illegal_must_follow.json"), "--json"])
    assert done.returncode == 1
    out = json.loads(done.stdout)
    assert "must follow suit" in out["error"]["reason"]


def test_a_missing_file_is_a_clear_error(tmp_path: Path) -> None:
    done = run(["replay", str(tmp_path / "nothing.json")])
    assert done.returncode == 2 and "cannot read" in done.stderr and "Traceback" not in done.stderr


def test_an_unknown_hint_level_is_refused() -> None:
    done = run(["replay", str(SAMPLE), "--json", "--hint", "oracle"])
    assert done.returncode == 2 and "oracle" in json.loads(done.stdout)["error"]["reason"]


def test_rules_prints_the_players_guide() -> None:
    done = run(["rules", "manille"])
    assert done.returncode == 0 and "manille" in done.stdout.lower()


def test_help_everywhere() -> None:
    for args in (["--help"], ["replay", "--help"], ["sim", "--help"], ["rules", "--help"]):
        done = run(args)
        assert done.returncode == 0 and "usage:" in done.stdout


def test_unknown_command_or_option_is_an_argparse_message_not_a_traceback() -> None:
    done = run(["replay", str(SAMPLE), "--colour"])
    assert done.returncode == 2 and "unrecognized arguments" in done.stderr and "Traceback" not in done.stderr
