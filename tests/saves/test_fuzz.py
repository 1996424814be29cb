"""Damaged saves and settings, generated: every one is resumed or set aside with a notice; none crashes."""

from __future__ import annotations

import copy
import json
import tempfile
from functools import cache
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from cardtable.engine.players import make_computer
from cardtable.engine.visible import is_visible, shows_something
from cardtable.files import NewerFile, UnreadableFile, parse_json
from cardtable.games import find_game
from cardtable.saves import (
    DECK_STYLES,
    SAVES,
    SETTINGS,
    FoundMatch,
    MatchSave,
    Settings,
    find_unfinished,
    load_settings,
)
from tests.saves.support import a_match, table_summary

BASES = [("manille", 4, 6), ("tarot", 3, 2), ("truco", 2, 3), ("malilla", 4, 6), ("truco", 6, 4), ("tarot", 5, 1)]


@cache
def base_saves() -> list[dict[str, Any]]:
    """Each match as the versions before summaries saved it, and as this one does (a summary at its start)."""
    saves = []
    for game, players, actions in BASES:
        config, match = a_match(game, players, actions)
        saves.append({**match.to_record(), "table": config.to_json()})
        saves.append(MatchSave(Path("unused.json"), Path()).content(config, match.to_record(),
                                                                    table_summary(config, match)))  # fmt: skip
    return saves


def paths(value: Any, where: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [where]
    if isinstance(value, dict):
        for key, item in value.items():
            found += paths(item, (*where, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            found += paths(item, (*where, i))
    return found


def replaced(value: Any, where: tuple[Any, ...], new: Any) -> Any:
    if not where:
        return new
    value[where[0]] = replaced(value[where[0]], where[1:], new)
    return value


def deleted(value: Any, where: tuple[Any, ...]) -> Any:
    parent = value
    for step in where[:-1]:
        parent = parent[step]
    del parent[where[-1]]
    return value


ODD_TEXT = st.sampled_from(["[/]", "[red]Cy", "[b]", "", " ", "\x1b[31m", "\u202e", "human", "random", "heuristic",
                            "manille", "x" * 300, "\t\n", "é", "🂡"])  # fmt: skip
JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**40), 10**40) | st.floats(allow_nan=False, allow_infinity=False)
    | ODD_TEXT | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(ODD_TEXT | st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)  # fmt: skip
TEXT_DAMAGE = st.sampled_from(["Infinity", "NaN", "-Infinity", "9" * 5000, "1e999", "[" * 1000 + "]" * 1000,
                               '"\\ud800"', "{", "", "}", ",", "null"])  # fmt: skip


@st.composite
def damaged_save(draw: st.DrawFn) -> bytes:
    raw = copy.deepcopy(draw(st.sampled_from(base_saves())))
    for _ in range(draw(st.integers(1, 3))):
        kind = draw(st.sampled_from(["name", "replace", "delete", "text", "cut", "bytes"]))
        where = draw(st.sampled_from(paths(raw))) if isinstance(raw, dict | list) else ()
        table = raw.get("table") if isinstance(raw, dict) else None
        if kind == "name" and isinstance(table, dict) and isinstance(table.get("seats"), list) and table["seats"]:
            seat = draw(st.sampled_from(table["seats"]))
            if isinstance(seat, dict):
                seat["name"] = draw(ODD_TEXT | st.text(max_size=50))
        elif kind == "replace":
            raw = replaced(raw, where, draw(JSON_VALUES))
        elif kind == "delete" and where:
            raw = deleted(raw, where)
        elif kind in ("text", "cut", "bytes"):
            text = json.dumps(raw, ensure_ascii=False)
            at = draw(st.integers(0, len(text)))
            if kind == "text":
                return (text[:at] + draw(TEXT_DAMAGE) + text[at:]).encode()
            if kind == "cut":
                return text[:at].encode()
            return text.encode()[:at] + draw(st.binary(max_size=8)) + text.encode()[at:]
    return json.dumps(raw, ensure_ascii=False).encode("utf-8", "surrogatepass")


def check_notice(notice: str) -> None:
    assert notice.startswith("A saved match could not be used: "), notice
    assert not any(s in notice for s in ("Error", "Traceback", "<class", " object at 0x")), notice
    assert "does not replay (" not in notice, f"an unexpected failure in the rules: {notice}"
    assert len(notice) < 700, notice


@settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(damaged_save())
def test_any_damaged_save_is_resumed_or_set_aside_with_a_plain_notice(content: bytes) -> None:
    with tempfile.TemporaryDirectory() as folder:
        home = Path(folder)
        (home / SAVES).mkdir()
        (home / SAVES / "20240101-000000-abcdef.json").write_bytes(content)
        found, notices = find_unfinished(home)
        assert len(found) + len(notices) <= 1
        event("listed" if found else "set aside" if notices else "not a save")
        for entry in found:
            if entry.summary is not None:  # listed from its summary: opening it replays it, and may set it aside
                opened(entry, notices)
        for notice in notices:
            check_notice(notice)
        for entry in found:  # resumed: the table can seat everyone and play on from where it is
            if entry.newer or entry.config is None:
                continue
            assert entry.match is not None and not entry.match.over
            rules = entry.match.rules
            rules.parse_options(entry.config.options, entry.config.players)
            for seat in entry.config.seats:
                # Shown as it is (joiners kept, nothing a terminal acts on) and not an empty place on the screen.
                assert is_visible(seat.name) and shows_something(seat.name), seat.name
                if not seat.human:
                    make_computer(rules, seat.kind)
            state = entry.match.current
            if state is not None and state.to_act is not None:
                entry.match.apply(state.view(state.to_act).legal_actions()[0])


def opened(entry: FoundMatch, notices: list[str]) -> None:
    """What choosing a match listed from its summary comes to: the match replayed, or a notice."""
    event("listed from its summary")
    assert entry.summary is not None and entry.summary.players == len(entry.summary.names)
    try:
        saved, match = entry.save.load()
    except UnreadableFile as error:
        notices.append(f"A saved match could not be used: {error.reason}.")
        event("set aside when opened")
        return
    except NewerFile:
        return
    entry.config, entry.match = saved.config, match
    if match.over:
        entry.config = None


SETTING_NAMES = st.sampled_from(
    ["speed", "deck", "four_colour", "ascii_cards", "theme", "unknown", "pause", "SPEEDS", "x", "last_setup"]
)
#: A last setup of the new-game form, whole or with any field replaced by any value.
SETUPS = st.fixed_dictionaries(
    {"game": st.sampled_from(["manille", "tarot", "truco", "belote"]) | JSON_VALUES,
     "players": st.integers(0, 7) | JSON_VALUES,
     "seats": st.lists(st.fixed_dictionaries({"name": ODD_TEXT | JSON_VALUES,
                                              "kind": st.sampled_from(["human", "expert", "x"]) | JSON_VALUES}),
                       max_size=6) | JSON_VALUES,
     "options": st.dictionaries(st.sampled_from(["house", "talk", "variant", "deals"]), JSON_VALUES, max_size=2)},
)  # fmt: skip


@st.composite
def damaged_settings(draw: st.DrawFn) -> bytes:
    raw = draw(st.dictionaries(SETTING_NAMES, JSON_VALUES | st.sampled_from(["fast", "slow", "four", True, False])
                               | SETUPS, max_size=6))  # fmt: skip
    text = json.dumps(raw)
    if draw(st.booleans()):
        at = draw(st.integers(0, len(text)))
        text = text[:at] + draw(TEXT_DAMAGE) + text[at:]
    return text.encode()


@settings(deadline=None)
@given(damaged_settings())
def test_any_damaged_settings_file_gives_valid_settings_and_a_notice_per_problem(content: bytes) -> None:
    with tempfile.TemporaryDirectory() as folder:
        home = Path(folder)
        (home / SETTINGS).write_bytes(content)
        loaded, notices = load_settings(home)
        assert loaded.speed in Settings.SPEEDS and isinstance(loaded.theme, str) and loaded.theme
        assert loaded.deck in DECK_STYLES and isinstance(loaded.ascii_cards, bool)
        for notice in notices:
            assert "Error" not in notice and "Traceback" not in notice and len(notice) < 700, notice
        try:
            raw = parse_json(content.decode())
        except (UnreadableFile, UnicodeDecodeError):
            raw = None
        if isinstance(raw, dict) and not (home / SETTINGS).exists():
            raise AssertionError("settings that could be read were set aside")
        if (home / SETTINGS).exists():
            known = ("speed", "deck", "ascii_cards", "theme")
            kept = {name: getattr(loaded, name) for name in known}
            assert raw is None or isinstance(raw, dict)  # kept: it was settings, or no JSON at all
            bad = [n for n, v in (raw or {}).items() if n in known and (type(kept[n]) is not type(v) or kept[n] != v)]
            # The former four-colour switch: read when no deck is given, a notice when it is not a switch.
            former = (raw or {}).get("four_colour", False)
            if "deck" not in (raw or {}) and not isinstance(former, bool):
                bad.append("four_colour")
            if "deck" not in (raw or {}) and former is True:
                assert loaded.deck == "four"
            # A last setup that is not one a table can start is dropped with its notice.
            if "last_setup" in (raw or {}) and loaded.last_setup is None:
                bad.append("last_setup")
            if loaded.last_setup is not None:
                setup = loaded.last_setup
                find_game(setup.game).parse_options(setup.options, setup.players)
                assert len(setup.seats) == setup.players and all(seat.name.isprintable() for seat in setup.seats)
            assert len(notices) == len(bad), (raw, notices)
        else:
            assert len(notices) == 1 and "kept as" in notices[0]
