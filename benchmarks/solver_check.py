"""The exact endgame solver against an older one and against a plain search of the engine, on random endings.

Each ending is a Manille or Malilla hand played at random (seeded) until a few tricks are left; every legal
card of the seat to act is valued by the solver of this tree (``Solver.value_after``) and by

* the solver of an older commit (``--against``, default the commit before the solver's rewrite), read from git,
  in the rule sets that solver knew (every one but the Belgian house, where it let a seat under-trump);
* a plain minimax over the real engine (every card tried, the hand state's own legal moves), on fewer endings
  because it is slow.

Any difference is printed and the run fails.

Run: ``python benchmarks/solver_check.py [--endings 2000] [--plain 300] [--against COMMIT]``.
"""

from __future__ import annotations

import argparse
import importlib.util
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from types import ModuleType
from typing import Any

from endgame_check import plain_points, random_endings, side_points

from cardtable.engine.cards import cards_in
from cardtable.games import endgame

ROOT = Path(__file__).resolve().parent.parent
#: The commit whose solver the new one must agree with (the last before its rewrite).
BEFORE = "134b8af"
#: (game, options, whether the older solver knew these rules).
RULE_SETS: list[tuple[str, dict[str, Any], bool]] = [
    ("manille", {}, True),
    ("manille", {"must_beat": False}, True),
    ("manille", {"partner_exemption": True, "last_trick_bonus": True}, True),
    ("manille", {"house": "french"}, True),
    ("manille", {"house": "belgian"}, False),
    ("malilla", {}, True),
    ("malilla", {"deck": "spanish48"}, True),
]


def older_endgame(commit: str) -> ModuleType:
    source = subprocess.run(["git", "show", f"{commit}:cardtable/games/endgame.py"], cwd=ROOT, check=True,
                            capture_output=True, text=True).stdout  # fmt: skip
    path = Path(tempfile.mkdtemp()) / "older_endgame.py"
    path.write_text(source)
    spec = importlib.util.spec_from_file_location("older_endgame", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["older_endgame"] = module
    spec.loader.exec_module(module)
    return module


def solver_rules(game: str, state: Any) -> tuple[endgame.EndgameRules, int]:
    view = state.view(state.to_act)
    if game == "manille":
        from cardtable.games.manille import ai

        return ai.endgame_rules(ai.Table(view)), 0
    from cardtable.games.malilla import ai as malilla_ai

    table = malilla_ai.Table(view)
    return malilla_ai.endgame_rules(table), table.forbidden


def values(module: Any, rules: Any, state: Any, forbidden: int) -> list[int]:
    seat = state.to_act
    solver = module.Solver(rules, seat, list(state.trick), state.hands[seat].bit_count(), forbidden)
    return [solver.value_after(tuple(state.hands), card) for card in cards_in(state.legal_play_mask())]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--endings", type=int, default=2000, help="endings per rule set against the older solver")
    parser.add_argument("--plain", type=int, default=300, help="endings per rule set against the plain search")
    parser.add_argument("--against", default=BEFORE, help=f"the older solver's commit (default {BEFORE})")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    older = older_endgame(args.against)
    failures = 0
    for game, raw, older_knows in RULE_SETS:
        label = f"{game} {raw or 'default'}"
        checked = cards = 0
        started = time.process_time()
        if older_knows:
            for state in random_endings(game, raw, args.endings, args.seed, (2, 5)):
                rules, forbidden = solver_rules(game, state)
                new, old = values(endgame, rules, state, forbidden), values(older, rules, state, forbidden)
                checked += 1
                cards += len(new)
                if new != old:
                    failures += 1
                    print(f"  differs from {args.against}: {label} {state.hands} trick {state.trick}: {new} != {old}")
            print(f"{label}: {checked} endings (2-4 tricks), {cards} cards, equal to {args.against}'s solver"
                  f" ({time.process_time() - started:.1f} s)")  # fmt: skip
        checked = cards = older_wrong = 0
        for state in random_endings(game, raw, args.plain, args.seed + 1, (2, 4)):
            rules, forbidden = solver_rules(game, state)
            seat = state.to_act
            new = values(endgame, rules, state, forbidden)
            done = side_points(state, seat % 2)
            plain = []
            for card in cards_in(state.legal_play_mask()):
                child = state.clone()
                child.play_card(card)
                plain.append(plain_points(child, seat % 2) - done)
            checked += 1
            cards += len(new)
            if not older_knows and values(older, rules, state, forbidden) != plain:
                older_wrong += 1
            if new != plain:
                failures += 1
                print(f"  differs from the plain search: {label} {state.hands} trick {state.trick}: {new} != {plain}")
        print(f"{label}: {checked} endings (2-3 tricks), {cards} cards, equal to a plain search of the engine")
        if not older_knows:
            print(f"  ({args.against}'s solver differs from the plain search in {older_wrong} of them)")
    print("all equal" if not failures else f"{failures} endings differ")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
