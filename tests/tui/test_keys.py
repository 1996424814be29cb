"""The table's keys: written once as bindings with ids, listed from them on the keys screen and in README, and
given other keys by the player's keymap in settings.json."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cardtable.tui.app import CardTableApp
from cardtable.tui.dialogs.message import ConfirmDialog, NoticeDialog
from cardtable.tui.keys import KEYMAP_BINDINGS, OTHER_KEYS, KeyRow, is_key, key_label, key_rows, table_keymap
from cardtable.tui.screens.keys import KeysScreen
from cardtable.tui.screens.table import TableScreen
from tests.tui.driver import footer_line, my_turn, settled, table_config, wait_for

README = Path(__file__).resolve().parents[2] / "README.md"


def readme_key_table() -> list[KeyRow]:
    """The rows of README's table under "### Keys", ids without their backquotes."""
    section = README.read_text(encoding="utf-8").split("### Keys\n", 1)[1]
    rows = []
    for line in section.splitlines()[3:]:
        if not line.startswith("|"):
            break
        keys, ids, what = (cell.strip() for cell in line.strip("|").split("|"))
        rows.append(KeyRow(keys, ids.replace("`", ""), what))
    return rows


def test_readmes_key_table_is_the_bindings() -> None:
    assert readme_key_table() == [*key_rows(KEYMAP_BINDINGS, {}), *OTHER_KEYS]


def test_every_table_binding_has_an_id_and_the_face_down_key_is_listed() -> None:
    ids = [binding.id for binding in KEYMAP_BINDINGS]
    assert None not in ids and len(set(ids)) == len(ids)
    assert {binding.id for binding in TableScreen.BINDINGS if not isinstance(binding, tuple)} <= set(ids)
    assert KeyRow("d", "face-down", "play the chosen card face down (Truco)") in key_rows(KEYMAP_BINDINGS, {})


@pytest.mark.parametrize(
    ("key", "label"),
    [("left", "←"), ("enter", "Enter"), ("question_mark", "?"), ("?", "?"), ("plus", "+"), ("ctrl+q", "Ctrl+Q"),
     ("f5", "F5"), ("x", "x"), ("shift+left", "Shift+←")],
)  # fmt: skip
def test_keys_are_written_as_a_player_reads_them(key: str, label: str) -> None:
    assert key_label(key) == label


@pytest.mark.parametrize("key", ["x", "?", "question_mark", "f12", "ctrl+x", "ctrl+shift+left", "enter", "comma"])
def test_keys_textual_can_bind(key: str) -> None:
    assert is_key(key)


@pytest.mark.parametrize("key", ["", "ctrl+", "wibble", "hyper+wibble", "cmd+x", "f1 f2"])
def test_what_is_not_a_key(key: str) -> None:
    assert not is_key(key)


def test_a_keymap_entry_the_table_cannot_use_is_named_and_the_others_apply() -> None:
    wanted = {"calls": "x", "bogus": "y", "rules": "ctrl+", "hint": "?,f2", "faster": "c"}
    keymap, notices = table_keymap(wanted, KEYMAP_BINDINGS)
    # "c" is free once calls has moved to "x"; "?" is still the keys screen's.
    assert keymap == {"calls": "x", "faster": "c"}
    assert len(notices) == 3, notices
    assert "'bogus', which is no key of the table" in notices[0]
    assert "gives rules 'ctrl+', which is not a key: rules keeps r." in notices[1]
    assert "gives ? to hint and to keys: hint keeps t." in notices[2]


def test_two_bindings_may_swap_their_keys() -> None:
    keymap, notices = table_keymap({"calls": "t", "hint": "c"}, KEYMAP_BINDINGS)
    assert keymap == {"calls": "t", "hint": "c"} and notices == []
    rows = {row.ids: row.keys for row in key_rows(KEYMAP_BINDINGS, keymap)}
    assert rows["calls"] == "t" and rows["hint"] == "c"


def test_a_key_given_to_a_binding_that_keeps_it_gives_way() -> None:
    keymap, notices = table_keymap({"hint": "w"}, KEYMAP_BINDINGS)
    assert keymap == {} and notices == ["In your settings, the keymap gives w to hint and to last-trick: hint keeps t."]


async def test_the_players_keymap_reaches_the_keys_the_prompt_and_the_keys_screen(table_home: Path) -> None:
    keymap = {"play": "p", "keys": "f2", "bogus": "x"}
    (table_home / "settings.json").write_text(json.dumps({"speed": "instant", "keymap": keymap}))
    app = CardTableApp(table_config("manille", ["human", "random", "random", "random"], seed=12))
    assert any("'bogus'" in notice for notice in app.notices) and app.keymap == {"play": "p", "keys": "f2"}
    async with app.run_test(size=(80, 24)) as pilot:
        table = await my_turn(pilot)
        assert table.prompt_text.endswith("(p plays it)"), table.prompt_text
        await pilot.press("enter")  # no longer the play key
        await pilot.pause()
        assert table.my_card_turn()
        await pilot.press("f2")
        await pilot.pause()
        assert isinstance(app.screen, KeysScreen)
        shown = {row.ids: row.keys for row in app.screen.rows}
        assert shown["play"] == "p" and shown["keys"] == "F2" and shown["calls"] == "c"
        await pilot.press("escape")
        await pilot.pause()
        state = table.match.current
        assert state is not None
        before = state.view(0).hand.bit_count()
        await pilot.press("p")
        for _ in range(100):
            await pilot.pause()
            if state.view(0).hand.bit_count() < before:
                break
        assert state.view(0).hand.bit_count() == before - 1


async def test_a_notice_and_the_quit_question_show_their_own_keys_not_the_tables() -> None:
    app = CardTableApp(table_config("manille", ["human", "random", "random", "random"], seed=12, first_dealer=0))
    async with app.run_test(size=(80, 24)) as pilot:
        await my_turn(pilot)
        app.push_screen(NoticeDialog("Hint", "Play the ace."))
        await settled(pilot)
        assert footer_line(app).split() == ["esc", "Close"]
        await pilot.press("enter")
        await pilot.press("ctrl+q")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmDialog))
        assert footer_line(app).split() == ["y", "Quit", "n", "Keep", "playing"]


async def test_the_keys_screen_says_more_only_while_rows_are_below_and_has_a_footer() -> None:
    app = CardTableApp()
    async with app.run_test(size=(80, 24)) as pilot:
        app.show_keys()
        await wait_for(pilot, lambda: isinstance(app.screen, KeysScreen) and app.screen.more_below)
        keys = app.screen
        assert isinstance(keys, KeysScreen)
        note = keys.query_one("#keys-note")
        assert str(note.render()).startswith("↓ more.")
        assert "Esc Close" in footer_line(app)
        await pilot.press("end")
        await wait_for(pilot, lambda: not keys.more_below)
        assert not str(note.render()).startswith("↓")
        await pilot.press("home")
        await wait_for(pilot, lambda: str(note.render()).startswith("↓ more."))
