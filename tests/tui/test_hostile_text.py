"""Text from outside the program reaches the terminal as text: never parsed as markup, no character acted on.

A settings file, a keymap, a name or a notice may hold Rich markup (``[/]`` ended the table when Settings
opened) and characters a terminal acts on (an OSC 52 sequence wrote to tmux's clipboard, a right-to-left
override turns the text after it around).  Every such text goes through ``cardtable.engine.visible``.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from textual.widgets import Select

from cardtable.engine.errors import one_line, quote
from cardtable.engine.visible import is_visible, visible
from cardtable.files import quote as file_quote
from cardtable.saves import MAX_NAME, SETTINGS, Settings, TableConfig, load_settings, printable_name
from cardtable.tui.app import CardTableApp
from cardtable.tui.keys import KEYMAP_BINDINGS, is_key, key_rows, table_keymap
from cardtable.tui.screens.keys import KeysScreen
from cardtable.tui.screens.settings import SettingsScreen
from cardtable.tui.screens.start import StartScreen
from tests.tui.driver import screen_fingerprint, screen_text, wait_for

#: What must never reach the terminal raw: C0 (tab and newline are laid out by the screen, never written), DEL,
#: C1, the line and paragraph separators, the bidirectional embeddings, overrides and isolates, lone surrogates.
ACTED_ON = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069\ud800-\udfff]")

#: Whole sequences a crafted file would hold, besides single characters.
SEQUENCES = [
    "\x1b]52;c;aGVsbG8=\x07",  # OSC 52: write to the clipboard
    "\x1b]0;owned\x07",  # retitle the window
    "\x1b[2J\x1b[H",  # clear the screen
    "\x9b31m",  # CSI as one C1 character
    "\u202eevil\u202c",  # right-to-left override, then pop
    "\u2067isolate\u2069",
    "[/]",
    "[bold red]loud",
    "[@click=app.quit]x[/]",
    "\\[escaped]",
]
DANGEROUS = [chr(c) for c in (*range(0x20), 0x7F, *range(0x80, 0xA0), 0xAD, 0x2028, 0x2029, *range(0x202A, 0x202F),
                              *range(0x2066, 0x206A))]  # fmt: skip
#: What stays: letters of several scripts, the joiners and variation selectors names need, markup's brackets.
KEPT = ["a", "Z", "é", "ñ", "中", "👩", "\u200d", "\u200c", "\ufe0f", "💻", "[", "]", "/", " ", "=", "@"]

hostile_text = st.lists(st.sampled_from(SEQUENCES) | st.sampled_from(DANGEROUS) | st.sampled_from(KEPT),
                        min_size=1, max_size=12).map("".join)  # fmt: skip


def test_a_name_that_shows_nothing_is_given_its_seat_and_one_with_joiners_is_kept() -> None:
    # Joiners alone would be an empty place at the table (a hidden player); a soft hyphen, which terminals draw
    # as nothing or as a hyphen, is written out as its escape, as a control is.
    for name in ("\u200d\u200c", "\u200d \ufe0f"):
        assert printable_name(name, 2) == "Seat 3", repr(name)
    assert printable_name("\xad", 0) == "\\xad" and printable_name("Ana\xadBel", 0) == "Ana\\xadBel"
    family = "👩\u200d💻"
    assert printable_name(family, 0) == family


@given(hostile_text)
def test_visible_leaves_nothing_a_terminal_acts_on_and_keeps_what_names_need(text: str) -> None:
    shown = visible(text)
    assert not ACTED_ON.search(shown)
    assert is_visible(shown) and visible(shown) == shown  # escaping twice changes nothing more
    # Take the escapes out, and what is left is the text less what a terminal acts on: the joiners, selectors
    # and brackets all stay, in order.
    assert re.sub(r"\\(x[0-9a-f]{2}|u[0-9a-f]{4}|t|n)", "", shown) == "".join(c for c in text if c not in DANGEROUS)
    lines = visible(text, lines=True)
    assert not ACTED_ON.search(lines.replace("\n", "").replace("\t", ""))
    assert lines.count("\n") == text.count("\n") and lines.count("\t") == text.count("\t")


@settings(deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.dictionaries(st.sampled_from(["theme", "speed", "deck", "card_size", "keymap", "animations", "other"]),
                       hostile_text | st.dictionaries(hostile_text, hostile_text, max_size=4)),
       st.dictionaries(st.sampled_from([b.id or "" for b in KEYMAP_BINDINGS]) | hostile_text, hostile_text,
                       max_size=5))  # fmt: skip
def test_every_notice_about_settings_and_keymaps_is_visible_text(
    tmp_path: Path, raw: dict[str, Any], keymap: dict[str, str]
) -> None:
    (tmp_path / SETTINGS).write_text(json.dumps(raw), encoding="utf-8")
    loaded, notices = load_settings(tmp_path)
    usable, keymap_notices = table_keymap({**loaded.keymap, **keymap}, KEYMAP_BINDINGS)
    for notice in [*notices, *keymap_notices]:
        assert not ACTED_ON.search(notice), notice
    for keys in usable.values():  # a key the table accepts is one it can show
        assert all(is_key(key) and is_visible(key) for key in keys.split(","))
    for row in key_rows(KEYMAP_BINDINGS, usable):
        assert not ACTED_ON.search(row.keys)


@given(hostile_text)
def test_names_quotes_and_reasons_are_visible(text: str) -> None:
    for shown in (printable_name(text, 0), quote(text), file_quote(text), one_line(text), one_line(text, 20)):
        assert not ACTED_ON.search(shown), shown
    name = printable_name(text, 0)
    assert name == name.strip() and name
    if len(visible(text.strip())) <= MAX_NAME:  # emoji and scripts keep their joiners
        assert all(char in name for char in text if char in ("\u200d", "\ufe0f"))


def shown_raw(app: CardTableApp) -> list[str]:
    """Every piece of text on screen now that holds a character a terminal would act on."""
    return [segment[0] for line in screen_fingerprint(app) for segment in line if ACTED_ON.search(segment[0])]


async def test_hostile_settings_keymaps_names_and_notices_show_as_text(table_home: Path) -> None:
    rng = random.Random(36)
    theme = "[/]\x1b]52;c;aGk=\x07\u202eemeht"
    keymap = {"calls": "\u202e", "hint": "\x1b", "[/]\x1b[2J": "x", "undo": "t\x9b"}
    (table_home / SETTINGS).write_text(json.dumps({"speed": "instant", "theme": theme, "keymap": keymap}))
    app = CardTableApp()
    async with app.run_test(size=(100, 32)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
        start = app.screen
        assert isinstance(start, StartScreen)
        text = screen_text(app)
        assert r"[/]\x1b[2J" in text and "\\u202e" in text  # the keymap's bad entries, named as they are
        assert not shown_raw(app)
        app.push_screen(SettingsScreen(app.settings))
        await wait_for(pilot, lambda: isinstance(app.screen, SettingsScreen))
        select = app.screen.query_one("#set-theme", Select)
        assert select.value == theme
        shown = screen_text(app)
        assert "[/]\\x1b]52;c;aGk=\\x07\\u202e" in shown and "emeht (from the palette)" in shown  # wrapped
        assert not shown_raw(app)
        app.pop_screen()
        app.push_screen(KeysScreen(key_rows(KEYMAP_BINDINGS, app.keymap)))
        await wait_for(pilot, lambda: isinstance(app.screen, KeysScreen))
        assert not shown_raw(app)
        app.pop_screen()
        for _ in range(8):  # notices and names made of random hostile pieces
            piece = "".join(rng.choice(SEQUENCES + DANGEROUS + KEPT) for _ in range(10))
            seats = [{"name": piece, "kind": "human"}] * 4
            config = TableConfig.from_json(
                {"game": "manille", "players": 4, "seats": seats, "seed": 1, "first_dealer": 0}
            )
            assert not ACTED_ON.search(" ".join(config.names))
            app.push_screen(StartScreen([], notice=f"{piece}\n{piece}"))
            await pilot.pause()
            assert not shown_raw(app), piece
            app.pop_screen()
    assert Settings().theme != theme
