"""Who the table calls "You": the one person at a table of computers, and nobody else."""

from __future__ import annotations

from cardtable.saves import SeatConfig, TableConfig, default_seats


def table_config(game: str, kinds: list[str], names: list[str] | None = None) -> TableConfig:
    names = names or ["You", "East", "North", "West"][: len(kinds)]
    return TableConfig(game, len(kinds), [SeatConfig(n, k) for n, k in zip(names, kinds, strict=True)], {}, 7, 0)


def test_the_one_person_at_a_table_of_computers_is_you() -> None:
    config = table_config("manille", ["human", "heuristic", "heuristic", "heuristic"])
    assert config.names == ["You", "East", "North", "West"]


def test_at_a_hot_seat_or_watched_table_the_bottom_seat_takes_its_places_name() -> None:
    config = table_config("manille", ["human", "heuristic", "human", "heuristic"])
    assert config.names == ["South", "East", "North", "West"]
    watched = table_config("manille", ["heuristic", "heuristic", "heuristic", "heuristic"])
    assert watched.names == ["South", "East", "North", "West"]


def test_a_name_a_player_typed_is_kept_and_never_taken_twice() -> None:
    config = table_config("truco", ["human", "human"], names=["You", "South"])
    assert config.names == ["Bottom", "South"]
    typed = table_config("truco", ["human", "human"], names=["Ana", "Bo"])
    assert typed.names == ["Ana", "Bo"]


def test_the_new_game_forms_default_names_start_with_you() -> None:
    assert [seat.name for seat in default_seats("truco", 2)] == ["You", "North"]
