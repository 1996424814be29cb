"""The player's guides shipped with the package (``cardtable/assets/rules/``)."""

from __future__ import annotations

from importlib import resources


def rules_text(game: str) -> str:
    """The Markdown guide of ``game``; ``FileNotFoundError`` if there is none."""
    path = resources.files("cardtable.assets").joinpath("rules", f"{game}.md")
    if not path.is_file():
        raise FileNotFoundError(game)
    return path.read_text(encoding="utf-8")
