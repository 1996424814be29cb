"""Game options: a frozen dataclass per game, read from JSON with a clear error per field.

Each field carries ``metadata={"help": ..., "choices": ...}`` so the command line and the new-game
screen can describe it without a second list of options.
"""

from __future__ import annotations

import dataclasses
from typing import Any, TypeVar

from .errors import RecordError

OptionsT = TypeVar("OptionsT")


def option(default: Any, help: str, choices: tuple[Any, ...] | None = None) -> Any:
    """Declare an option field with its one-line explanation and, if restricted, its allowed values."""
    return dataclasses.field(default=default, metadata={"help": help, "choices": choices})


def option_fields(cls: type) -> list[dataclasses.Field[Any]]:
    return [f for f in dataclasses.fields(cls) if "help" in f.metadata]


def _check_type(name: str, value: Any, default: Any) -> None:
    if isinstance(default, bool):
        if not isinstance(value, bool):
            raise RecordError(f"options.{name} must be true or false, not {value!r}")
    elif isinstance(default, int):
        if isinstance(value, bool) or not isinstance(value, int):
            raise RecordError(f"options.{name} must be an integer, not {value!r}")
    elif isinstance(default, str) and not isinstance(value, str):
        raise RecordError(f"options.{name} must be a string, not {value!r}")


def parse_options(cls: type[OptionsT], raw: object, defaults: dict[str, Any] | None = None) -> OptionsT:
    """Build ``cls`` from a JSON object: unknown keys and values of the wrong type are errors.

    ``defaults`` overrides the class defaults for keys that ``raw`` leaves out (a default that depends
    on another option, such as Malilla's target with the 48-card deck).
    """
    if raw is None:
        raw = {}
    if not isinstance(raw, dict):
        raise RecordError("options must be an object")
    known = {f.name: f for f in option_fields(cls)}
    values: dict[str, Any] = dict(defaults or {})
    for name, value in raw.items():
        spec = known.get(name)
        if spec is None:
            allowed = ", ".join(sorted(known)) or "none"
            raise RecordError(f"options.{name} is not an option of this game (options: {allowed})")
        _check_type(name, value, spec.default)
        choices = spec.metadata.get("choices")
        if choices is not None and value not in choices:
            listed = ", ".join(str(c).lower() if isinstance(c, bool) else str(c) for c in choices)
            raise RecordError(f"options.{name} must be one of {listed}, not {value!r}")
        values[name] = value
    return cls(**values)


def options_to_json(options: object) -> dict[str, Any]:
    return {f.name: getattr(options, f.name) for f in option_fields(type(options))}


def parse_option_value(text: str) -> Any:
    """Read a command-line option value: JSON when it parses (``true``, ``70``), else the plain string."""
    import json

    try:
        return json.loads(text)
    except json.JSONDecodeError:
        return text
