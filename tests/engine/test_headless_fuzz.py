"""Damaged records and options thrown at ``replay`` and ``sim``: never a traceback, always exit 0, 1 or 2.

Real records from ``tests/records`` and ``tests/cases`` are mutated in their structure (keys dropped, values
replaced by wrong types, unicode, numbers too long for Python, nesting too deep for it, lists cut or
repeated) and in their text (cut short, a character slipped in), then replayed in-process through
``cli.main`` with captured output; a few run as real processes too.  ``sim``'s options get the same values.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from collections import Counter
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.support import TESTS, run_cli


def _parses(path: Path) -> bool:
    try:
        json.loads(path.read_text(encoding="utf-8"))
    except ValueError:  # a record kept broken on purpose, for its own test
        return False
    return True


RECORDS = sorted(p for p in [*(TESTS / "records").rglob("*.json"), *(TESTS / "cases").rglob("*.json")]
                 if not p.name.endswith(".expect.json") and _parses(p))  # fmt: skip

#: Values JSON can write but Python cannot simply hold: spliced into the text in place of their marker.
RAW = {
    "\x00huge-int\x00": "1" * 4301,
    "\x00huge-negative\x00": "-" + "9" * 5000,
    "\x00huge-float\x00": "1e999",
    "\x00deep-list\x00": "[" * 1000 + "]" * 1000,
    "\x00deep-object\x00": '{"a":' * 1000 + "1" + "}" * 1000,
    "\x00nan\x00": "NaN",
}

junk = st.recursive(
    st.one_of(
        st.none(),
        st.booleans(),
        st.integers(),
        st.integers(min_value=-(10**40), max_value=10**40),
        st.floats(allow_nan=False, allow_infinity=False),
        st.text(max_size=12),
        st.sampled_from(["S", "H", "7H", "10D", "T21", "EX", "play", "call", "truco", "pass", "human", "\u202e", "é"]),
        st.sampled_from(list(RAW)),
    ),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=8,
)


@cache
def record_json(path: Path) -> Any:
    return json.loads(path.read_text(encoding="utf-8"))


def paths_of(value: Any, here: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in a JSON value, the top included."""
    found = [here]
    if isinstance(value, dict):
        for key, item in value.items():
            found.extend(paths_of(item, (*here, key)))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found.extend(paths_of(item, (*here, index)))
    return found


def mutate(value: Any, path: tuple[Any, ...], how: str, new: Any) -> Any:
    if not path:
        return new if how == "replace" else value
    parent = value
    for step in path[:-1]:
        parent = parent[step]
    last = path[-1]
    if how == "replace":
        parent[last] = new
    elif how == "delete":
        del parent[last]
    elif how == "wrap":
        parent[last] = [parent[last]]
    elif how == "stringify":
        parent[last] = json.dumps(parent[last])
    elif how == "repeat" and isinstance(parent, list):
        parent.insert(last, json.loads(json.dumps(parent[last])))
    elif how == "add-key" and isinstance(parent, dict):
        parent[f"extra{len(parent)}"] = new
    return value


def to_text(value: Any, ascii_only: bool) -> str:
    text = json.dumps(value, ensure_ascii=ascii_only)
    for marker, raw in RAW.items():
        text = text.replace(json.dumps(marker, ensure_ascii=ascii_only), raw)
    return text


def strings_in(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    items = value.values() if isinstance(value, dict) else value if isinstance(value, list) else []
    return [text for item in items for text in strings_in(item)]


@st.composite
def misplayed(draw: st.DrawFn, value: Any) -> Any:
    """A record of the right form whose play has gone wrong: cards, seats and order changed, cards hidden."""
    hands = value.get("hands") if isinstance(value, dict) else None
    if not isinstance(hands, list) or not all(isinstance(hand, dict) for hand in hands) or not hands:
        return value  # a record malformed on purpose: its form is damaged enough
    codes = sorted({c for hand in hands for c in strings_in(hand.get("deal"))}) or ["AS"]
    for _ in range(draw(st.integers(min_value=1, max_value=3))):
        hand = draw(st.sampled_from(hands))
        actions = hand.get("actions")
        if not isinstance(actions, list) or not actions or not all(isinstance(a, dict) for a in actions):
            continue
        i = draw(st.integers(min_value=0, max_value=len(actions) - 1))
        action = actions[i]
        how = draw(st.sampled_from(["card", "seat", "swap", "drop", "hide", "cut", "cut-hands"]))
        if how == "card" and "play" in action:
            action["play"] = draw(st.sampled_from(codes))
        elif how == "seat" and isinstance(action.get("seat"), int):
            players = value.get("players")
            action["seat"] = (action["seat"] + draw(st.integers(1, 5))) % (players if isinstance(players, int) and
                                                                           players > 0 else 4)  # fmt: skip
        elif how == "swap":
            j = draw(st.integers(min_value=0, max_value=len(actions) - 1))
            actions[i], actions[j] = actions[j], actions[i]
        elif how == "drop":
            del actions[i]
        elif how == "hide" and "play" in action:
            action["hidden"] = True
        elif how == "cut":
            del actions[i:]
        elif how == "cut-hands":
            del hands[hands.index(hand) + 1 :]
    return value


@st.composite
def damaged_records(draw: st.DrawFn) -> str:
    source = draw(st.sampled_from(RECORDS))
    value = json.loads(json.dumps(record_json(source)))
    if draw(st.booleans()):
        return to_text(draw(misplayed(value)), draw(st.booleans()))
    for _ in range(draw(st.integers(min_value=1, max_value=3))):
        # A depth first, then a place at that depth: the few fields near the top (players, a hand's dealer, its
        # actions) are damaged as often as the many card codes deep in the deals.
        places = paths_of(value)
        depth = draw(st.sampled_from(sorted({len(place) for place in places})))
        path = draw(st.sampled_from([place for place in places if len(place) == depth]))
        how = draw(st.sampled_from(["replace", "replace", "delete", "wrap", "stringify", "repeat", "add-key"]))
        value = mutate(value, path, how, draw(junk))
    text = to_text(value, draw(st.booleans()))
    damage = draw(st.sampled_from(["none", "none", "none", "cut", "insert"]))
    if damage == "cut":
        text = text[: draw(st.integers(min_value=0, max_value=len(text)))]
    elif damage == "insert":
        at = draw(st.integers(min_value=0, max_value=len(text)))
        text = text[:at] + draw(st.sampled_from(["}", "]", ",", '"', "\\", "\x00", "\ud800", "é"])) + text[at:]
    return text


def run_in_process(args: list[str], stdin: bytes = b"") -> tuple[int, str, str]:
    ran = run_cli(args, stdin)
    return ran.returncode, ran.stdout, ran.stderr


TRIED = {"replay": 0, "sim": 0}
STATUSES: Counter[int] = Counter()


def check_outcome(status: int, out: str, err: str, as_json: bool) -> None:
    assert status in (0, 1, 2), (status, err[-500:])
    assert "Traceback" not in err
    if as_json:
        assert len(out.splitlines()) == 1
        answer = json.loads(out)
        assert answer["ok"] is (status == 0)
        if status:
            assert answer["error"]["reason"].strip()
    elif status == 2 and not out:
        assert len(err.splitlines()) == 1 and len(err) < 400, err[:500]


@settings(deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(text=damaged_records(), as_json=st.booleans(), reveal=st.booleans())
def test_replay_survives_damaged_records(text: str, as_json: bool, reveal: bool) -> None:
    args = ["replay", "-", *(["--json"] if as_json else []), *(["--reveal"] if reveal else [])]
    status, out, err = run_in_process(args, text.encode("utf-8", "surrogatepass"))
    TRIED["replay"] += 1
    STATUSES[status] += 1
    check_outcome(status, out, err, as_json)


OPTION_NAMES = ["target", "variant", "deals", "auction", "doubling", "albur", "deck", "bonuses", "x", "", "é"]


@st.composite
def option_values(draw: st.DrawFn) -> str:
    value = draw(junk)
    if isinstance(value, str) and value in RAW:
        return RAW[value]
    if draw(st.booleans()):
        return to_text(value, draw(st.booleans()))
    return draw(st.text(max_size=20))


@settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    game=st.sampled_from(["malilla", "manille", "truco", "tarot", "TAROT", "whist"]),
    pairs=st.lists(st.tuples(st.sampled_from(OPTION_NAMES), option_values()), min_size=1, max_size=3),
    seats=st.sampled_from(["random,random,random,random", "random,,random,random", "random", "heuristic,x"]),
)
def test_sim_survives_any_options(game: str, pairs: list[tuple[str, str]], seats: str) -> None:  # fmt: skip
    args = ["sim", game, "--seats", seats, "--hands", "1", "--json"]
    for name, value in pairs:
        args += ["--option", f"{name}={value}"]
    status, out, err = run_in_process(args)
    TRIED["sim"] += 1
    assert status in (0, 2) and "Traceback" not in err
    if status == 2:
        assert out == "" and len(err.splitlines()) == 1 and len(err) < 400, err[:500]
    else:
        assert json.loads(out)["hands"] == 1


def test_damaged_records_as_real_processes(tmp_path: Path) -> None:
    """The same damage through the real command: a file and standard input, with and without --json."""
    rng = random.Random(9)
    for n in range(2):
        value = json.loads(json.dumps(record_json(rng.choice(RECORDS))))
        place = rng.choice(paths_of(value)[1:])
        text = to_text(mutate(value, place, "replace", rng.choice(list(RAW))), ascii_only=False)
        path = tmp_path / f"damaged{n}.json"
        path.write_text(text, encoding="utf-8")
        for args, stdin in ((["replay", str(path)], None), (["replay", "-", "--json"], text)):
            done = subprocess.run([sys.executable, "-m", "cardtable", *args], input=stdin, capture_output=True,
                                  text=True)  # fmt: skip
            check_outcome(done.returncode, done.stdout, done.stderr, "--json" in args)


@pytest.fixture(scope="module", autouse=True)
def report_how_many_were_tried() -> Any:
    yield
    statuses = ", ".join(f"{count} exit {status}" for status, count in sorted(STATUSES.items()))
    print(f"\nfuzz: {TRIED['replay']} damaged records replayed ({statuses}), {TRIED['sim']} option sets given to sim")
