"""Every module of ``cardtable`` is one a player runs: reached by imports from where the program starts.

Benchmarks, test references and switched-off experiments live in ``benchmarks/`` and ``tests/``; a module left in
the shipped package that nothing of the package imports is one of those (or dead), so it fails here by name.
"""

from __future__ import annotations

import tomllib

from cardtable.games import game_names
from tests.engine.test_import_hygiene import PACKAGE, imports_of, module_name

#: Read as data (``importlib.resources``), never imported: its ``__init__`` only makes the folder a package.
DATA_PACKAGES = ("cardtable.assets",)


def entry_points() -> set[str]:
    """The modules the program starts from: the console scripts pyproject declares, and ``python -m cardtable``."""
    project = tomllib.loads((PACKAGE.parent / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    return {target.partition(":")[0] for target in project["scripts"].values()} | {"cardtable.__main__"}


def discovered() -> set[str]:
    """The modules found by name rather than imported: each game's package and its table parts."""
    return {f"{package}.{game}" for package in ("cardtable.games", "cardtable.tui.games") for game in game_names()}


def unreached_modules() -> list[str]:
    """The modules of ``cardtable`` that no import reaches from the entry points and the discovered games.

    Importing ``a.b.c`` runs the packages ``a`` and ``a.b`` too; an import made only for the type checker
    counts, since the types it brings are the product's own.
    """
    modules = {module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}
    roots = (entry_points() | discovered() | set(DATA_PACKAGES)) & modules.keys()
    reached: set[str] = set()
    waiting = list(roots)
    while waiting:
        name = waiting.pop()
        if name in reached:
            continue
        reached.add(name)
        for imported in imports_of(modules[name], typing_too=True):
            parts = imported.split(".")
            waiting.extend(other for other in (".".join(parts[:n]) for n in range(1, len(parts) + 1))
                           if other in modules)  # fmt: skip
    return sorted(modules.keys() - reached)


def test_every_module_of_the_package_is_reached_from_where_the_program_starts() -> None:
    unreached = unreached_modules()
    assert unreached == [], f"not reached by the program (move to benchmarks/ or tests/): {unreached}"


def test_the_package_imports_neither_the_benchmarks_nor_the_tests() -> None:
    # They may import the package (and the tests the benchmarks' references); never the other way round.
    for path in sorted(PACKAGE.rglob("*.py")):
        outside = {name for name in imports_of(path, typing_too=True) if name.split(".")[0] in ("benchmarks", "tests")}
        assert not outside, f"{module_name(path)} imports {sorted(outside)}"


def test_the_roots_are_real_modules() -> None:
    # A renamed entry point or a missing game package would otherwise leave the check above with nothing to walk.
    modules = {module_name(path) for path in PACKAGE.rglob("*.py")}
    assert "cardtable.cli" in entry_points() and entry_points() <= modules
    assert {f"cardtable.games.{game}" for game in game_names()} <= modules
