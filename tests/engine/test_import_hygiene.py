"""The engine, the games, replay and sim never import Textual: the table is the only Textual package."""

from __future__ import annotations

import subprocess
import sys

import pytest

HEADLESS = ["cardtable.engine", "cardtable.engine.sim", "cardtable.engine.replay", "cardtable.engine.loop",
            "cardtable.games.manille", "cardtable.cli"]  # fmt: skip


@pytest.mark.parametrize("module", HEADLESS)
def test_module_does_not_import_textual(module: str) -> None:
    code = (
        f"import sys, importlib; importlib.import_module({module!r}); "
        "import cardtable.engine.registry as r; [r.find_game(g) for g in r.available_games()]; "
        "sys.exit(1 if any(m == 'textual' or m.startswith('textual.') for m in sys.modules) else 0)"
    )
    assert subprocess.run([sys.executable, "-c", code]).returncode == 0


def test_replay_and_sim_commands_do_not_import_textual(tmp_path: object) -> None:
    code = (
        "import sys; from cardtable.cli import main; "
        "main(['sim', 'manille', '--matches', '1', '--seats', 'random,random,random,random', '--json']); "
        "sys.exit(3 if 'textual' in sys.modules else 0)"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
