"""One parse of each piece of CSS for every app a test process starts.

Textual parses the CSS of every widget class and screen again for each new App (a third of an app's start)
and again on each change of theme, although the same text with the same variables always gives the same
rules.  Textual keeps such a cache already, but for one stylesheet only: this keeps it for the process, keyed
by everything the parse reads (the text, where it comes from, its place in the cascade, and the variables).
The rule sets are read, never changed, once parsed (Textual itself hands the same ones out again for one
stylesheet), so sharing them changes nothing that is drawn; ``test_shared_css.py`` checks that against a
fresh parse.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any
from unittest.mock import patch

from textual.css.model import RuleSet
from textual.css.stylesheet import Stylesheet

ParseRules = Callable[..., list[RuleSet]]
#: Textual's own parse, for a check against it.
TEXTUALS_PARSE: ParseRules = Stylesheet._parse_rules

#: Parsed rules by (variables, text, location, defaults, tie breaker, scope).
_PARSED: dict[tuple[object, ...], list[RuleSet]] = {}


#: The variables' key by the identity of the dict a stylesheet holds (Textual replaces it, never changes it).
_VARIABLES: dict[int, tuple[dict[str, str], tuple[tuple[str, str], ...]]] = {}


def _variables_key(stylesheet: Stylesheet) -> tuple[tuple[str, str], ...]:
    variables: dict[str, str] = stylesheet._variables
    known = _VARIABLES.get(id(variables))
    if known is None or known[0] is not variables:
        known = _VARIABLES[id(variables)] = variables, tuple(sorted(variables.items()))
    return known[1]


def sharing(parse_rules: ParseRules) -> ParseRules:
    """``Stylesheet._parse_rules`` answering from the process's cache when it has parsed the same before."""

    def parse_once(self: Stylesheet, css: str, read_from: Any, is_default_rules: bool = False,
                   tie_breaker: int = 0, scope: str = "") -> list[RuleSet]:  # fmt: skip
        key = (_variables_key(self), css, read_from, is_default_rules, tie_breaker, scope)
        rules = _PARSED.get(key)
        if rules is None:
            rules = _PARSED[key] = parse_rules(self, css, read_from, is_default_rules, tie_breaker, scope)
        return list(rules)

    return parse_once


@contextmanager
def shared_css() -> Iterator[None]:
    """Parse each piece of CSS once for the process while inside (Textual's own parse again after)."""
    with patch.object(Stylesheet, "_parse_rules", sharing(TEXTUALS_PARSE)):
        yield
