"""Finished matches put into an archive, as the table does when a match ends."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from cardtable.saves import TableConfig, default_seats, keep_in_archive
from tests.support import TESTS


def record_of(name: str) -> dict[str, Any]:
    """A record of ``tests/records`` (or ``tests/cases``): ``GAME/NAME``."""
    game, _, stem = name.partition("/")
    for folder in ("records", "cases"):
        path = TESTS / folder / game / f"{stem}.json"
        if path.exists():
            data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
            return data
    raise FileNotFoundError(name)


def archive(home: Path, name: str, match_id: str, finished: str = "2026-12-01T10:00:00Z",
            human: int = 0, others: str | None = None, **extra: Any) -> Path:  # fmt: skip
    """Archive a record as a finished match with the person at ``human`` and the heuristic (or ``others``)
    everywhere else."""
    record = record_of(name)
    game, players = record["game"], record.get("players", 4)
    seats = default_seats(game, players)
    for seat in seats:
        seat.kind = others or "heuristic"
    seats[human].kind = "human"
    table = TableConfig(game, players, seats, record.get("options", {}), 1, 0)
    return keep_in_archive(home, match_id, {**record, "table": table.to_json(), "finished": finished, **extra})
