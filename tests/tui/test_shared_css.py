"""The table tests' shared CSS parse gives each app the rules Textual's own parse gives it, in any theme."""

from __future__ import annotations

from types import MethodType
from unittest.mock import patch

from textual.css.model import RuleSet
from textual.css.stylesheet import Stylesheet

from cardtable.tui.app import CardTableApp
from tests.tui.shared_css import TEXTUALS_PARSE


def rule_values(rules: list[RuleSet]) -> list[tuple[object, ...]]:
    """What each rule says: where it applies, its place in the cascade, and each style it sets (as text: a
    layout is equal only to itself)."""
    return [(rule.selectors, rule.is_default_rules, rule.tie_breaker, repr(rule.styles.get_rules())) for rule in rules]


def parsed_afresh(stylesheet: Stylesheet) -> list[tuple[object, ...]]:
    """The stylesheet's sources parsed again by Textual alone, with its variables now."""
    again = Stylesheet(variables=stylesheet._variables)
    with patch.object(again, "_parse_rules", MethodType(TEXTUALS_PARSE, again)):
        for location, (css, is_default, tie_breaker, scope) in stylesheet.source.items():
            again.add_source(css, read_from=location, is_default_css=is_default, tie_breaker=tie_breaker, scope=scope)
        again.parse()
        return rule_values(again.rules)


async def test_every_app_gets_the_rules_its_own_parse_would_give_in_any_theme() -> None:
    parsed: list[list[int]] = []
    for _ in range(2):
        app = CardTableApp()
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert rule_values(app.stylesheet.rules) == parsed_afresh(app.stylesheet)
            app.theme = "nord"  # other variables, so other rules (and the second app starts in this theme)
            await pilot.pause()
            assert rule_values(app.stylesheet.rules) == parsed_afresh(app.stylesheet)
            parsed.append([id(rule) for rule in app.stylesheet.rules])
    assert parsed[0] == parsed[1], "the second app parsed its CSS again"
