"""The command line: replay's exit statuses and messages, rules, help, and never a traceback."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from cardtable.cli import main
from tests.support import TESTS, run_cli

SAMPLE = TESTS / "cases" / "manille" / "pips_36_24.json"


def run(args: list[str], stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "cardtable", *args], input=stdin, capture_output=True, text=True)


def test_replay_json_of_a_complete_hand() -> None:
    done = run_cli(["replay", str(SAMPLE), "--json"])
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert out["ok"] and out["scores"] == [6, 0, 6, 0] and out["next"] is None


def test_replay_without_json_prints_a_hand_history(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(SAMPLE)]) == 0
    text = capsys.readouterr().out
    assert "West turns the ace of clubs: clubs are trump." in text
    assert "trick  1: South leads 8♠ K♠ 7♠ A♠  -> West, 7 points" in text
    assert "South & North score their pips above 30: 36 - 30 = 6." in text
    assert "Scores: South 6, East 0, North 6, West 0" in text


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
    done = run_cli(["replay", "-", "--json"], stdin=text)
    assert done.returncode == 2
    out = json.loads(done.stdout)
    assert out["ok"] is False and field in out["error"]["reason"]
    assert out["hands"] == [] and out["scores"] is None and out["next"] is None
    plain = run_cli(["replay", "-"], stdin=text)
    assert plain.returncode == 2 and "Traceback" not in plain.stderr and field in plain.stderr
    assert len(plain.stderr.strip().splitlines()) == 1


def test_a_game_name_is_read_in_any_case() -> None:
    record = json.loads(SAMPLE.read_text())
    record["game"] = "MANille"
    done = run_cli(["replay", "-", "--json"], stdin=json.dumps(record))
    assert done.returncode == 0 and json.loads(done.stdout)["scores"] == [6, 0, 6, 0]


def test_an_illegal_action_exits_1_with_the_rule() -> None:
    done = run_cli(["replay", str(TESTS / "cases" / "manille" / "illegal_must_follow.json"), "--json"])
    assert done.returncode == 1
    out = json.loads(done.stdout)
    assert "must follow suit" in out["error"]["reason"]


def test_a_missing_file_is_a_clear_error(tmp_path: Path) -> None:
    done = run_cli(["replay", str(tmp_path / "nothing.json")])
    assert done.returncode == 2 and "cannot read" in done.stderr and "Traceback" not in done.stderr
    assert "No such file" in done.stderr and len(done.stderr.splitlines()) == 1


def test_a_file_that_is_not_utf8_is_a_clear_error(tmp_path: Path) -> None:
    path = tmp_path / "latin1.json"
    path.write_bytes(b'{"game": "\xe9"}')
    done = run_cli(["replay", str(path)])
    assert done.returncode == 2 and "not UTF-8" in done.stderr and len(done.stderr.splitlines()) == 1
    piped = run_cli(["replay", "-"], stdin=None)  # an empty standard input
    assert piped.returncode == 2 and "not valid JSON" in piped.stderr


def test_an_unknown_hint_level_is_refused() -> None:
    done = run_cli(["replay", str(SAMPLE), "--json", "--hint", "oracle"])
    assert done.returncode == 2 and "oracle" in json.loads(done.stdout)["error"]["reason"]


def test_rules_prints_the_players_guide() -> None:
    done = run_cli(["rules", "manille"])
    assert done.returncode == 0 and "manille" in done.stdout.lower()


def test_help_everywhere() -> None:
    for args in (["--help"], ["replay", "--help"], ["sim", "--help"], ["rules", "--help"]):
        done = run_cli(args)
        assert done.returncode == 0 and "usage:" in done.stdout


def test_unknown_command_or_option_is_an_argparse_message_not_a_traceback() -> None:
    done = run_cli(["replay", str(SAMPLE), "--colour"])
    assert done.returncode == 2 and "unrecognized arguments" in done.stderr and "Traceback" not in done.stderr


# ----------------------------------------------------------------- the readable history


FACE_DOWN = TESTS / "records" / "truco" / "ex7_face_down_zap_counts_zero.json"


def history(args: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    main(["replay", *args])
    return capsys.readouterr().out


def test_a_face_down_card_stays_face_down_unless_revealed(capsys: pytest.CaptureFixture[str]) -> None:
    hidden = history([str(FACE_DOWN)], capsys)
    assert "trick  2: North leads 4♥ (face down)  -> North" in hidden
    assert "7♣" not in hidden and "7C" not in hidden and "clubs" not in hidden
    revealed = history([str(FACE_DOWN), "--reveal"], capsys)
    assert "trick  2: North leads 4♥ (7♣ face down)  -> North" in revealed
    # The JSON keeps the record's form: the face-down card by its code, with the seats that hid theirs.
    main(["replay", str(FACE_DOWN), "--json"])
    trick = json.loads(capsys.readouterr().out)["hands"][0]["tricks"][1]
    assert trick["cards"] == ["4H", "7C"] and trick["hidden"] == [0]


def test_a_refused_face_down_play_is_not_named_either(capsys: pytest.CaptureFixture[str]) -> None:
    record = TESTS / "records" / "truco" / "face_down_card_not_held.json"  # North hides the 2C, not held
    hidden = history([str(record)], capsys)
    said = "Refused at hand 1, action 3: North plays a card face down. Card not held: you do not hold that card."
    assert said in hidden
    assert "2♣" not in hidden and "two of clubs" not in hidden
    revealed = history([str(record), "--reveal"], capsys)
    assert "North plays a card face down (the two of clubs). Card not held: you do not hold 2♣." in revealed


def test_a_hint_is_told_in_words(capsys: pytest.CaptureFixture[str]) -> None:
    text = history([str(TESTS / "cases" / "manille" / "illegal_must_follow.json"), "--hint", "heuristic"], capsys)
    assert text.splitlines()[-2] == "Next: East to act."
    # The hint names the card as the table draws it, as every refusal does: "You must ... beat 7♠: play J♠, ..."
    assert "beat 7♠: play J♠, Q♠ or K♠." in text.splitlines()[-3]
    assert text.splitlines()[-1].startswith(("Hint: play J♠. ", "Hint: play Q♠. ", "Hint: play K♠. "))


# ----------------------------------------------------------------- bad inputs: one line, the documented status


HUGE = "1" * 4301
DEEP = "[" * 1000 + "]" * 1000


@pytest.mark.parametrize(
    ("record", "field"),
    [
        ('{"format": "cardtable-record/1", "game": "manille", "players": HUGE, "hands": []}', "players"),
        ('{"format": "cardtable-record/1", "game": "manille", "start_scores": [HUGE, 0, 0, 0], "hands": []}',
         "start_scores"),
        ('{"format": "cardtable-record/1", "game": "manille", "options": {"target": HUGE}, "hands": []}',
         "options.target"),
        ('{"format": "cardtable-record/1", "game": "manille", "hands": [{"dealer": HUGE, "deal": {}, "actions": []}]}',
         "dealer"),
        ('{"format": "cardtable-record/1", "game": "manille", "options": DEEP, "hands": []}', "options[0][0]"),
        ('{"format": "cardtable-record/1", "game": "manille", "hands": [DEEP]}', "hands[0][0]"),
        ('{"format": "cardtable-record/1", "game": "manille", "hands": [], "x": 1e999}', None),
        ('{"format": "cardtable-record/1", "game": "manille", "start_scores": [NaN, 0, 0, 0], "hands": []}', "NaN"),
        ('{"format": "cardtable-record/1", "game": "' + "x" * 5_000_000 + '", "hands": []}', "game"),
    ],
    ids=["int-players", "int-scores", "int-option", "int-dealer", "deep-options", "deep-hand", "big-float", "nan",
         "long-name"],
)  # fmt: skip
def test_hostile_records_give_exit_2_and_one_short_line(record: str, field: str | None) -> None:
    text = record.replace("HUGE", HUGE).replace("DEEP", DEEP)
    done = run_cli(["replay", "-"], stdin=text)
    if field is None:  # a number out of range in a key replay ignores is no error
        assert done.returncode == 0 and done.stderr == ""
        return
    assert done.returncode == 2, done.stderr[-300:]
    assert len(done.stderr.splitlines()) == 1 and field in done.stderr and len(done.stderr) < 300
    as_json = run_cli(["replay", "-", "--json"], stdin=text)
    assert as_json.returncode == 2 and as_json.stderr == ""
    assert field in json.loads(as_json.stdout)["error"]["reason"]


def test_the_two_traps_in_a_real_process() -> None:
    """Python's int-string limit and its recursion limit, met by the command as it is really run."""
    for hostile in (HUGE, DEEP):
        record = '{"format": "cardtable-record/1", "game": "manille", "players": HOSTILE}'.replace("HOSTILE", hostile)
        done = run(["replay", "-"], stdin=record)
        assert done.returncode == 2 and "players" in done.stderr and len(done.stderr.splitlines()) == 1
        done = run(["sim", "manille", "--seats", "random,random,random,random", "--option", f"target={hostile}"])
        assert done.returncode == 2 and "--option target" in done.stderr and len(done.stderr.splitlines()) == 1


@pytest.mark.parametrize(
    ("option", "message"),
    [
        (f"target={HUGE}", "--option target=1111"),
        (f"target={DEEP}", "nests deeper than 100 levels"),
        ("target=1e3", "--option target=1e3: target must be an integer"),
        ("target=" + "9" * 5000, "target must be an integer"),
        ("x" * 100_000 + "=1", "is not an option of this game"),
    ],
    ids=["huge-int", "deep", "float-typed", "5000-digits", "long-name"],
)
def test_hostile_options_give_exit_2_and_one_short_line(option: str, message: str) -> None:
    done = run_cli(["sim", "manille", "--seats", "random,random,random,random", "--hands", "1", "--option", option])
    assert done.returncode == 2 and message in done.stderr
    assert len(done.stderr.splitlines()) == 1 and len(done.stderr) < 300


def test_argument_errors_are_one_short_line() -> None:
    for args in (["sim", "x" * 100_000, "--seats", "random"], ["sim", "manille", "--seats", "random", "--seed", HUGE],
                 ["replay", "-", "--colour", "y" * 100_000]):  # fmt: skip
        done = run_cli(args)
        assert done.returncode == 2 and len(done.stderr.splitlines()) == 1 and len(done.stderr) < 400, done.stderr


def test_a_write_error_is_one_line_and_not_zero() -> None:
    if not Path("/dev/full").exists():
        pytest.skip("no /dev/full here")
    for args in (["replay", str(SAMPLE)], ["replay", str(SAMPLE), "--json"], ["rules", "manille"],
                 ["sim", "manille", "--seats", "random,random,random,random", "--hands", "2"]):  # fmt: skip
        with open("/dev/full", "w") as full:
            done = subprocess.run([sys.executable, "-m", "cardtable", *args], stdout=full, stderr=subprocess.PIPE,
                                  text=True)  # fmt: skip
        assert done.returncode == 74, done.stderr
        assert done.stderr.splitlines() == [f"cardtable {args[0]}: cannot write the output: No space left on device"]


def test_a_closed_pipe_ends_quietly() -> None:
    """Output into a pipe nobody reads any more, as after `| head -1`: no message, the status of Unix tools."""
    import os

    for args in (["replay", str(SAMPLE)], ["replay", str(SAMPLE), "--json"], ["rules", "tarot"],
                 ["sim", "manille", "--seats", "random,random,random,random", "--hands", "2"]):  # fmt: skip
        read_end, write_end = os.pipe()
        os.close(read_end)  # the reader has gone before the first line is written
        try:
            done = subprocess.run([sys.executable, "-m", "cardtable", *args], stdout=write_end,
                                  stderr=subprocess.PIPE, text=True)  # fmt: skip
        finally:
            os.close(write_end)
        assert done.returncode == 141 and done.stderr == "", (args, done.stderr)


# ----------------------------------------------------------------- sim's corners


def sim_error(args: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    with pytest.raises(SystemExit) if args[:1] == ["!"] else _no_exit():
        assert main(args) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and len(captured.err.splitlines()) == 1
    return captured.err


class _no_exit:
    def __enter__(self) -> None:
        return None

    def __exit__(self, *exc: object) -> None:
        return None


SEATS = ["--seats", "random,random,random,random"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--seats", "random,,random,random,random"], "--seats: entry 2 is empty"),
        (["--seats", "random,random,random,random,"], "--seats: entry 5 is empty"),
        ([*SEATS, "--option", "target=50", "--option", "target=101"], "--option target is given twice"),
        ([*SEATS, "--option", "target=1e3"], "--option target=1e3: target must be an integer"),
    ],
)
def test_sim_refuses_what_it_used_to_pass_over(args: list[str], message: str,
                                               capsys: pytest.CaptureFixture[str]) -> None:  # fmt: skip
    assert message in sim_error(["sim", "manille", *args], capsys)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--matches", "0", "--hands", "5"], "argument --matches: must be a whole number from 1 to 100,000, not '0'"),
        (["--hands", "0"], "argument --hands: must be a whole number from 1 to 1,000,000, not '0'"),
        (["--matches", "100001"], "argument --matches"),
        (["--hands", "1000001"], "argument --hands"),
        (["--matches", "5", "--hands", "5"], "not allowed with argument"),
    ],
)
def test_sim_counts_have_documented_bounds(args: list[str], message: str) -> None:
    done = run_cli(["sim", "manille", *SEATS, *args])
    assert done.returncode == 2 and message in done.stderr and len(done.stderr.splitlines()) == 1


def test_bounds_are_in_the_help() -> None:
    text = " ".join(run_cli(["sim", "--help"]).stdout.split())
    assert "at most 100,000" in text and "at most 1,000,000" in text


def test_game_names_are_case_insensitive(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["sim", "Manille", *SEATS, "--hands", "2", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["game"] == "manille"
    assert main(["rules", "TRUCO"]) == 0 and "Truco" in capsys.readouterr().out


def test_a_match_stopped_at_the_hand_limit_counts_for_nobody() -> None:
    from cardtable.engine.sim import simulate
    from cardtable.games import find_game

    rules = find_game("manille")
    options = rules.parse_options({}, 4)
    stopped = simulate(rules, ["random"] * 4, options, matches=3, max_hands_per_match=1)
    assert stopped["unfinished"] == 3 and stopped["wins_by_seat"] == [0, 0, 0, 0] and stopped["hands"] == 3
    finished = simulate(rules, ["random"] * 4, options, matches=3)
    assert finished["unfinished"] == 0 and sum(finished["wins_by_seat"]) == 2 * 3


def test_the_guides_live_inside_the_package() -> None:
    """A checkout imports its own ``cardtable`` ahead of an installed one: the guides must be part of it."""
    import cardtable
    from cardtable import assets_access

    assert (Path(cardtable.__file__).parent / "assets" / "rules" / "manille.md").is_file()
    assert assets_access.rules_text("manille").startswith("# Manille")
    with pytest.raises(FileNotFoundError):
        assets_access.rules_text("whist")


def test_rules_works_from_any_folder(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "cardtable", "rules", "tarot"], capture_output=True, text=True,
                          cwd=tmp_path)  # fmt: skip
    assert done.returncode == 0 and "Tarot" in done.stdout
