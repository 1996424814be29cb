"""The player's guides shipped with the package (``assets/`` in the source tree).

An installed package holds them as ``cardtable.assets``.  Python run from a source checkout imports the
checkout's own ``cardtable`` (the current folder comes first on the path), and there the guides are the
``assets`` folder beside the package: both places are looked at, so the guides are found either way.
"""

from __future__ import annotations

from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path

SOURCE_ASSETS = Path(__file__).resolve().parent.parent / "assets"


def _assets() -> Traversable:
    try:
        return resources.files("cardtable.assets")
    except ModuleNotFoundError:
        return SOURCE_ASSETS


def rules_text(game: str) -> str:
    """The Markdown guide of ``game``; ``FileNotFoundError`` if there is none."""
    path = _assets().joinpath("rules", f"{game}.md")
    if not path.is_file():
        raise FileNotFoundError(game)
    return path.read_text(encoding="utf-8")
