"""settings.json: written atomically, a damaged file kept aside with a notice, each bad value ignored with one."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from cardtable.saves import SETTINGS, Settings, load_settings, setup_from_json, store_settings
from tests.support import pipes_released


def test_settings_round_trip_and_keep_what_a_newer_version_wrote(tmp_path: Path) -> None:
    (tmp_path / SETTINGS).write_text(json.dumps({"speed": "fast", "ascii_cards": True, "sound": "loud"}))
    settings, notices = load_settings(tmp_path)
    assert notices == [] and settings.speed == "fast" and settings.ascii_cards and settings.deck == "theme"
    settings.deck, settings.theme = "four", "high-contrast"
    store_settings(settings, tmp_path)
    assert json.loads((tmp_path / SETTINGS).read_text()) == {
        "sound": "loud", "speed": "fast", "deck": "four", "ascii_cards": True, "theme": "high-contrast",
        "card_size": "auto", "expert_budget": "normal", "animations": True, "brief_hand_ends": True,
        "play_forced_cards": False, "hint_bluffs": False, "keymap": {},
    }  # fmt: skip
    assert load_settings(tmp_path) == (settings, [])


@pytest.mark.parametrize(
    ("former", "deck"), [({"four_colour": True}, "four"), ({"four_colour": False}, "theme"),
                         ({"four_colour": True, "deck": "two"}, "two")],
)  # fmt: skip
def test_the_former_four_colour_switch_is_read_as_the_deck(
    tmp_path: Path, former: dict[str, object], deck: str
) -> None:
    """On was four colours; off was the only other deck there was, which the theme's deck now stands for."""
    (tmp_path / SETTINGS).write_text(json.dumps(former))
    settings, notices = load_settings(tmp_path)
    assert notices == [] and settings.deck == deck
    store_settings(settings, tmp_path)
    assert "four_colour" not in json.loads((tmp_path / SETTINGS).read_text())


def test_a_former_four_colour_switch_that_is_no_switch_is_named(tmp_path: Path) -> None:
    (tmp_path / SETTINGS).write_text(json.dumps({"four_colour": "yes"}))
    settings, notices = load_settings(tmp_path)
    assert settings.deck == "theme" and notices == [
        'In your settings, four colour must be true or false, not "yes": the table draws the theme\'s deck.'
    ]


@pytest.mark.parametrize(
    ("values", "says"),
    [
        ({"speed": []}, 'speed must be slow, normal, fast or instant, not []: the table uses "normal" instead'),
        ({"speed": "warp"}, 'not "warp"'),
        ({"theme": {}}, "theme must be the name of a theme, not {}"),
        ({"theme": ""}, "theme must be the name of a theme"),
        ({"deck": "rainbow"}, 'the deck must be theme, two or four (colours), not "rainbow"'),
        ({"ascii_cards": 1}, "ascii cards must be true or false, not 1"),
        ({"hint_bluffs": "yes"}, 'hint bluffs must be true or false, not "yes": the table uses false instead'),
        ({"card_size": "huge"}, 'card size must be auto, small or large, not "huge"'),
        ({"expert_budget": "forever"}, 'the expert\'s thinking must be fast, normal or strong, not "forever"'),
        ({"animations": "off"}, 'animations must be true or false, not "off"'),
        ({"brief_hand_ends": "yes"}, 'brief hand ends must be true or false, not "yes": the table uses true instead'),
        ({"play_forced_cards": None}, "play forced cards must be true or false, not null: the table uses false"),
    ],
)
def test_a_bad_value_is_ignored_with_a_notice_and_the_others_are_kept(
    tmp_path: Path, values: dict[str, object], says: str
) -> None:
    (tmp_path / SETTINGS).write_text(json.dumps({"speed": "slow", "deck": "four", **values}))
    settings, notices = load_settings(tmp_path)
    assert len(notices) == 1 and says in notices[0], notices
    defaults = Settings()
    for name in ("speed", "deck", "ascii_cards", "theme"):
        expected = defaults if name in values else Settings(speed="slow", deck="four")
        assert getattr(settings, name) == getattr(expected, name)
    assert (tmp_path / SETTINGS).exists()  # nothing is set aside for a bad value


@pytest.mark.parametrize(
    ("keymap", "kept", "says"),
    [
        ([], {}, 'the keymap must map key ids to keys, such as {"calls": "x"}, not []'),
        ({"calls": 5, "hint": "g"}, {"hint": "g"}, 'give "calls" its keys as text, such as "x" or "ctrl+x,f5", not 5'),
        ({"calls": " ", "hint": "g,f2"}, {"hint": "g,f2"}, 'must give "calls" its keys as text'),
        ({"calls": "x" * 61}, {}, 'must give "calls" its keys as text'),
    ],
)
def test_a_keymap_entry_of_the_wrong_form_is_ignored_with_a_notice(
    tmp_path: Path, keymap: object, kept: dict[str, str], says: str
) -> None:
    (tmp_path / SETTINGS).write_text(json.dumps({"speed": "slow", "keymap": keymap}))
    settings, notices = load_settings(tmp_path)
    assert len(notices) == 1 and says in notices[0], notices
    assert settings.keymap == kept and settings.speed == "slow"


def test_a_keymap_full_of_bad_entries_is_named_in_a_few_notices(tmp_path: Path) -> None:
    (tmp_path / SETTINGS).write_text(json.dumps({"keymap": {f"key{n}": n for n in range(500)}}))
    settings, notices = load_settings(tmp_path)
    assert settings.keymap == {} and len(notices) == 4 and "497 more entries" in notices[-1]


def test_several_bad_values_give_a_notice_each(tmp_path: Path) -> None:
    (tmp_path / SETTINGS).write_text(json.dumps({"speed": [], "theme": {}, "ascii_cards": None}))
    settings, notices = load_settings(tmp_path)
    assert len(notices) == 3 and settings == Settings()


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ('{"speed": "fast",', "it is not valid JSON"),
        ("[1, 2]", "it does not hold settings"),
        ('{"speed": ' + "1" * 5000 + "}", "speed holds a number 5,000 digits long"),
        ("[" * 5000 + "]" * 5000, "nested more than 64 levels deep"),
        ('{"speed": NaN}', "speed holds NaN"),
    ],
)
def test_a_damaged_settings_file_is_kept_aside_with_a_notice(tmp_path: Path, text: str, says: str) -> None:
    (tmp_path / SETTINGS).write_text(text)
    settings, notices = load_settings(tmp_path)
    assert settings == Settings() and len(notices) == 1
    assert says in notices[0] and "the defaults are used" in notices[0]
    kept = list(tmp_path.glob("settings.unreadable-*.json"))
    assert len(kept) == 1 and kept[0].read_text() == text and str(kept[0]) in notices[0]
    assert not (tmp_path / SETTINGS).exists()


def test_settings_that_are_a_named_pipe_are_kept_aside_without_waiting_for_a_writer(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / SETTINGS)
    with pipes_released(tmp_path / SETTINGS) as waited_on:
        settings, notices = load_settings(tmp_path)
    assert not waited_on, "the settings waited for someone to write to the named pipe"
    assert settings == Settings() and len(notices) == 1
    assert notices[0].startswith("Your settings could not be used: it is a named pipe, not a file.")
    [kept] = tmp_path.glob("settings.unreadable-*.json")
    assert kept.is_fifo() and str(kept) in notices[0] and not (tmp_path / SETTINGS).exists()


def test_settings_are_written_atomically(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store_settings(Settings(speed="fast"), tmp_path)
    before = (tmp_path / SETTINGS).read_text()

    def interrupted(*args: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", interrupted)
    with pytest.raises(OSError):
        store_settings(Settings(speed="slow"), tmp_path)
    assert (tmp_path / SETTINGS).read_text() == before
    assert [p.name for p in tmp_path.iterdir()] == [SETTINGS]  # no half-written file left behind


def test_settings_in_a_data_folder_that_is_a_file_are_the_defaults(tmp_path: Path) -> None:
    home = tmp_path / "home"
    home.write_text("")
    assert load_settings(home) == (Settings(), [])
    with pytest.raises(OSError):
        store_settings(Settings(), home)


SETUP: dict[str, Any] = {"game": "manille", "players": 4, "options": {"house": "belgian", "talk": True},
         "seats": [{"name": "You", "kind": "human"}, {"name": "East", "kind": "heuristic"},
                   {"name": "North", "kind": "expert"}, {"name": "West", "kind": "heuristic"}]}  # fmt: skip


def test_the_last_setup_is_kept_without_its_seed_and_read_back(tmp_path: Path) -> None:
    (tmp_path / SETTINGS).write_text(json.dumps({"last_setup": SETUP}))
    settings, notices = load_settings(tmp_path)
    assert notices == [] and settings.last_setup is not None
    assert (settings.last_setup.game, settings.last_setup.players) == ("manille", 4)
    assert [seat.kind for seat in settings.last_setup.seats] == ["human", "heuristic", "expert", "heuristic"]
    settings.last_setup.seed = 123  # the match's seed is not the setup's: playing again is a new shuffle
    store_settings(settings, tmp_path)
    assert json.loads((tmp_path / SETTINGS).read_text())["last_setup"] == SETUP
    assert load_settings(tmp_path)[0].last_setup == setup_from_json(SETUP)


@pytest.mark.parametrize(
    "setup",
    [
        [], "manille", {**SETUP, "game": "belote"}, {**SETUP, "players": 5}, {**SETUP, "players": True},
        {**SETUP, "seats": SETUP["seats"][:3]}, {**SETUP, "seats": [{"name": 5, "kind": "human"}] * 4},
        {**SETUP, "seats": [{"name": "A", "kind": "god"}] * 4}, {**SETUP, "options": {"house": "swiss"}},
        {**SETUP, "options": [1]}, {**SETUP, "options": {"talk": [[[[]]]]}},
    ],
)  # fmt: skip
def test_a_last_setup_that_cannot_be_played_is_dropped_with_a_notice(tmp_path: Path, setup: object) -> None:
    (tmp_path / SETTINGS).write_text(json.dumps({"speed": "slow", "last_setup": setup}))
    settings, notices = load_settings(tmp_path)
    assert settings.last_setup is None and settings.speed == "slow"
    assert len(notices) == 1 and notices[0].startswith("In your settings, the last game's setup cannot be used (")
    assert notices[0].endswith("the new-game form opens on a game's usual setup.") and len(notices[0]) < 400


def test_a_last_setup_with_a_name_no_terminal_should_print_is_kept_as_its_escapes(tmp_path: Path) -> None:
    seats = [{"name": "\x1b[2J" + "x" * 500, "kind": "human"}, *SETUP["seats"][1:]]
    (tmp_path / SETTINGS).write_text(json.dumps({"last_setup": {**SETUP, "seats": seats}}))
    settings, notices = load_settings(tmp_path)
    assert notices == [] and settings.last_setup is not None
    name = settings.last_setup.seats[0].name
    assert "\x1b" not in name and len(name) <= 40
