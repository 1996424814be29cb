"""The engine, the games, replay and sim never import Textual: the table is the only Textual package."""

from __future__ import annotations

import ast
import functools
import subprocess
import sys
from pathlib import Path

HEADLESS = ["cardtable.engine", "cardtable.engine.sim", "cardtable.engine.replay", "cardtable.engine.loop",
            "cardtable.games.manille", "cardtable.cli", "cardtable.stats", "cardtable.archive"]  # fmt: skip


def test_no_headless_module_nor_command_imports_textual() -> None:
    """Each headless module, every game, and the replay and sim commands run, in one fresh process: Textual never
    arrives (nor can they move a card: motion lives in the table alone).

    A module is imported once in a process, so one process importing them in turn finds the first that brings
    Textual, as a process per module would.
    """
    record = Path(__file__).resolve().parents[1] / "cases" / "manille" / "pips_36_24.json"
    code = (
        "import sys, importlib\n"
        "def check(what):\n"
        "    if any(m == 'textual' or m.startswith('textual.') for m in sys.modules):\n"
        "        sys.exit(f'{what} imports textual')\n"
        f"for module in {HEADLESS!r}:\n"
        "    importlib.import_module(module)\n"
        "    check(module)\n"
        "import cardtable.games as games\n"
        "for game in games.available_games():\n"
        "    games.find_game(game)\n"
        "    check(game)\n"
        "from cardtable.cli import main\n"
        "main(['sim', 'manille', '--matches', '1', '--seats', 'random,random,random,random', '--json'])\n"
        "check('sim')\n"
        f"main(['replay', {str(record)!r}, '--json'])\n"
        "check('replay')\n"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr


# ----------------------------------------------------------------- the import contract, read from the source

PACKAGE = Path(__file__).resolve().parents[2] / "cardtable"


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


@functools.cache
def syntax_tree(path: Path) -> ast.Module:
    """The parsed source of ``path``, read once for all the tests here (each walks every module)."""
    return ast.parse(path.read_text(encoding="utf-8"))


@functools.cache
def imports_of(path: Path, typing_too: bool = False) -> frozenset[str]:
    """Every module ``path`` imports when it runs, at the top or inside a function, absolute names resolved.

    Imports made only for the type checker (under ``if TYPE_CHECKING:``) are not run, so they are left out
    unless ``typing_too``.
    """
    package = module_name(path) if path.name == "__init__.py" else module_name(path).rpartition(".")[0]
    tree = syntax_tree(path)
    typing_only = {id(inner) for node in ast.walk(tree) if isinstance(node, ast.If) and not typing_too
                   and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING"
                   for inner in ast.walk(node)}  # fmt: skip
    found: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in typing_only:
            continue
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, base]) if base else ".".join(anchor)
            found.add(base)
            found.update(f"{base}.{alias.name}" for alias in node.names)
    return frozenset(found)


def sources(folder: str) -> list[Path]:
    return sorted((PACKAGE / folder).rglob("*.py"))


def test_the_engine_imports_no_game_and_no_table() -> None:
    for path in sources("engine"):
        bad = {name for name in imports_of(path) if name.startswith(("cardtable.games", "cardtable.tui", "textual"))}
        assert not bad, f"{module_name(path)} imports {sorted(bad)}"


def test_no_game_imports_the_table_or_textual() -> None:
    for path in sources("games"):
        bad = {name for name in imports_of(path) if name.startswith(("cardtable.tui", "textual", "cardtable.saves"))}
        assert not bad, f"{module_name(path)} imports {sorted(bad)}"


def test_no_shared_dialog_imports_a_game() -> None:
    """The table's shared dialogs serve every game, so none reads a game's rules or a game's table parts, not even
    for the type checker: a dialog only one game asks lives beside that game's parts, in ``tui/games/<game>/``."""
    for path in sources("tui/dialogs"):
        bad = {name for name in imports_of(path, typing_too=True)
               if name.startswith(("cardtable.games", "cardtable.tui.games"))}  # fmt: skip
        assert not bad, f"{module_name(path)} imports {sorted(bad)}"


def test_every_game_at_the_table_is_a_package() -> None:
    """One shape for every game's table parts: ``tui/games/<game>/`` (its parts in ``__init__.py``, its own dialogs
    and helpers beside them); beside the games only what they share."""
    from cardtable.games import available_games

    folder = PACKAGE / "tui" / "games"
    shared = {"__init__.py", "base.py", "__pycache__"}
    for entry in folder.iterdir():
        if entry.name in shared:
            continue
        assert entry.is_dir() and entry.name in available_games(), f"tui/games/{entry.name} is not a game's package"
        assert (entry / "__init__.py").is_file(), f"tui/games/{entry.name} has no __init__.py with its parts"


#: Modules of ``cardtable.games`` that only players use, shared by several levels or games: they may read the
#: players' base (the search reads the thinking budget).
SHARED_PLAYER_PARTS = ("trickplay", "endgame", "cardcount", "search", "playout")


def test_a_rule_book_imports_no_player() -> None:
    """A game's players read its rules; only the game's package joins the two.

    A player module is called ``ai``, ``beginner`` or ``expert`` (a level of its own) or ends in ``_ai`` (a
    variant's own player, such as ``argentino_ai``).
    """

    def is_player(module: str) -> bool:
        last = module.split(".")[-1]
        parts = module.split(".")
        return (
            any(part in ("ai", "beginner", "expert") or part.endswith("_ai") for part in parts)
            or last == "ComputerPlayer"
        )

    for path in sources("games"):
        if path.name == "__init__.py" or is_player(path.stem) or path.stem in SHARED_PLAYER_PARTS:
            continue
        players = {name for name in imports_of(path) if is_player(name)
                   or name.startswith(("cardtable.games.trickplay", "cardtable.engine.players"))}  # fmt: skip
        assert not players, f"{module_name(path)} imports {sorted(players)}"


def modules_on_a_circle(folders: tuple[str, ...], typing_too: bool = False) -> list[str]:
    """The modules of ``folders`` that import themselves through others."""
    modules = {module_name(path): path for folder in folders for path in sources(folder)}
    imported = {name: imports_of(path, typing_too) for name, path in modules.items()}
    graph = {name: {other for other in modules if other != name and other in imported[name]} for name in modules}
    # A package imports its own modules (its face); a module importing its package is what can close a circle.
    for name in graph:
        graph[name] -= {other for other in graph[name] if name.startswith(other + ".")}

    def reaches(start: str, goal: str, seen: set[str]) -> bool:
        for nxt in graph[start] - seen:
            seen.add(nxt)
            if nxt == goal or reaches(nxt, goal, seen):
                return True
        return False

    return sorted(name for name in graph if reaches(name, name, set()))


def test_no_import_circle_in_the_engine_and_the_games() -> None:
    circles = modules_on_a_circle(("engine", "games"))
    assert set(circles) <= {"cardtable.games"}, f"modules on an import circle: {circles}"


def test_no_import_circle_in_the_table_not_even_for_the_type_checker() -> None:
    """The table screen and the games' table parts meet through ``base.Table``, a protocol: neither imports it."""
    circles = modules_on_a_circle(("tui",), typing_too=True)
    assert circles == [], f"modules on an import circle: {circles}"


def test_no_hook_is_looked_up_by_name() -> None:
    """The engine and the games call declared hooks; ``getattr``/``hasattr`` read only declared data."""
    allowed = {
        ("cardtable.engine.options", "getattr"),  # an options dataclass's own declared fields
        ("cardtable.games", "getattr"),  # a game package's RULES, found by discovery
    }
    for folder in ("engine", "games"):
        for path in sources(folder):
            for node in ast.walk(syntax_tree(path)):
                name = node.func.id if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) else ""
                if name in ("getattr", "hasattr"):
                    where = f"{module_name(path)}:{getattr(node, 'lineno', '?')}"
                    assert (module_name(path), name) in allowed, f"{where} looks something up by name ({name})"


def test_the_old_place_of_find_game_is_gone() -> None:
    assert not (PACKAGE / "engine" / "registry.py").exists()
