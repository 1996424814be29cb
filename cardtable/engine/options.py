"""Game options: a frozen dataclass per game, read from JSON with a clear error per field.

Each field carries ``metadata={"help": ..., "choices": ...}`` so the command line and the new-game
screen can describe it without a second list of options.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any, TypeVar

from .errors import RecordError, quote
from .jsontext import NestedTooDeep, read_json

OptionsT = TypeVar("OptionsT")

_NO_VALUE = object()


class OptionError(RecordError):
    """An option that is unknown or has a value it may not take; ``option`` and ``problem`` say which and why.

    The command line reports it against what was typed (``--option target=1e3``), a record against its field.
    """

    def __init__(self, option: str, problem: str, value: object = _NO_VALUE) -> None:
        shown = "" if value is _NO_VALUE else f", not {quote(value)}"
        super().__init__(f"options.{option} {problem}{shown}")
        self.option = option
        self.problem = problem


def option(default: Any, help: str, choices: tuple[Any, ...] | None = None, *, label: str | None = None,
           names: dict[Any, str] | None = None) -> Any:  # fmt: skip
    """Declare an option field with its one-line explanation and, if restricted, its allowed values.

    ``label`` is how the new-game form names the option, and ``names`` how it names some of its values (a record
    and the command line use the field's name and the values themselves).
    """
    return dataclasses.field(default=default, metadata={"help": help, "choices": choices, "label": label,
                                                        "names": names or {}})  # fmt: skip


def option_label(spec: dataclasses.Field[Any]) -> str:
    """How a form names an option: its label, else its name in words."""
    label = spec.metadata.get("label")
    return label if isinstance(label, str) else spec.name.replace("_", " ").capitalize()


def value_label(spec: dataclasses.Field[Any], value: Any) -> str:
    """How a form names one value of an option: on and off for a switch, a value's own name, else the value."""
    if isinstance(value, bool):
        return "on" if value else "off"
    names = spec.metadata.get("names") or {}
    return str(names.get(value, value))


def option_phrase(spec: dataclasses.Field[Any], value: Any) -> str:
    """An option's value in a list of what sets a match apart: "table talk" (a switch on), "no albur" (off),
    "house rules: Belgian", "target score 50"."""
    label = option_label(spec).lower()
    if isinstance(value, bool):
        return label if value else f"no {label}"
    if spec.metadata.get("choices"):
        return f"{label}: {value_label(spec, value)}"
    return f"{label} {value_label(spec, value)}"


def options_in_words(options: object, parse: Callable[[dict[str, Any]], object]) -> tuple[str | None, list[str]]:
    """The options of a match that a player would name: the variant's name (None for a game without variants),
    and a phrase for each other option not at its default, unless the others set it (``parse`` reads options
    from JSON: Belgian house rules make partners exempt, so naming the house says it)."""
    variant: str | None = None
    phrases = []
    chosen = options_to_json(options)
    for spec in option_fields(type(options)):
        value = getattr(options, spec.name)
        if spec.name == "variant":
            variant = value_label(spec, value)
        elif value != spec.default and not _implied(spec.name, value, chosen, parse):
            phrases.append(option_phrase(spec, value))
    return variant, phrases


def _implied(name: str, value: Any, chosen: dict[str, Any], parse: Callable[[dict[str, Any]], object]) -> bool:
    """Whether the other options give option ``name`` this value (without it they may also not hold at all)."""
    try:
        return bool(getattr(parse(without(chosen, name)), name) == value)
    except RecordError:
        return False


def without(raw: dict[str, Any], name: str) -> dict[str, Any]:
    return {key: value for key, value in raw.items() if key != name}


def option_fields(cls: type) -> list[dataclasses.Field[Any]]:
    return [f for f in dataclasses.fields(cls) if "help" in f.metadata]


def _check_type(name: str, value: Any, default: Any) -> None:
    if isinstance(default, bool):
        if not isinstance(value, bool):
            raise OptionError(name, "must be true or false", value)
    elif isinstance(default, int):
        if isinstance(value, bool) or not isinstance(value, int):
            raise OptionError(name, "must be an integer", value)
    elif isinstance(default, str) and not isinstance(value, str):
        raise OptionError(name, "must be a string", value)


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
            raise OptionError(name, f"is not an option of this game (options: {allowed})")
        _check_type(name, value, spec.default)
        choices = spec.metadata.get("choices")
        if choices is not None and value not in choices:
            listed = ", ".join(str(c).lower() if isinstance(c, bool) else str(c) for c in choices)
            raise OptionError(name, f"must be one of {listed}", value)
        values[name] = value
    return cls(**values)


def options_to_json(options: object) -> dict[str, Any]:
    return {f.name: getattr(options, f.name) for f in option_fields(type(options))}


def parse_option_value(text: str) -> Any:
    """Read a command-line option value: JSON when it parses (``true``, ``70``), else the plain string.

    JSON nested too deeply is not taken for a plain string: it is refused (``RecordError``).
    """
    try:
        return read_json(text, "the value")
    except NestedTooDeep:
        raise
    except RecordError:
        return text
