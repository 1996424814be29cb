"""The table's themes: every colour defined, text that reads against its ground, a deck colour-blind players can
tell apart, the theme key at the table, and the start screen's line of settings."""

from __future__ import annotations

import itertools
import json
import re
from pathlib import Path

import pytest
from textual.color import Color
from textual.dom import DOMNode
from textual.screen import Screen
from textual.theme import BUILTIN_THEMES
from textual.widgets import Select, Static

from cardtable.saves import SETTINGS, Settings
from cardtable.tui.app import CardTableApp
from cardtable.tui.dialogs.message import NoticeDialog
from cardtable.tui.screens.settings import SettingsScreen
from cardtable.tui.screens.start import StartScreen, settings_line
from cardtable.tui.themes import (
    COLOUR_BLIND,
    HIGH_CONTRAST,
    HIGH_CONTRAST_TEXTUAL,
    TABLE_COLOURS,
    TABLE_THEMES,
    TableTheme,
    next_theme,
    palette_colours,
    table_theme_for_textual,
)
from cardtable.tui.widgets.card import CardWidget
from cardtable.tui.widgets.hand import HandView
from tests.tui.colour_science import contrast, distance, opaque
from tests.tui.driver import table_config, table_of
from tests.tui.test_screens import until

STYLESHEET = Path(__file__).parents[2] / "cardtable" / "tui" / "cardtable.tcss"
SEATS = ["human", "random", "random", "random"]

#: Text and the ground it is drawn on, by colour name: every theme's text reads at 4.5:1 (WCAG AA), and the
#: high-contrast theme's at 7:1 (AAA).
TEXT_ON_GROUND = [
    *((text, ground) for text in ("felt-text", "felt-muted", "felt-acting", "felt-notice", "felt-refused")
      for ground in ("felt", "trick-area")),
    ("side-text", "side-panel"),
    *((ink, face) for ink in ("card-ink", "suit-red", "deck4-diamonds", "deck4-clubs", "spanish-oros",
                              "spanish-espadas", "spanish-bastos") for face in ("card-face", "card-selected-face")),
]  # fmt: skip
#: Marks that are not text, and their ground: 3:1 (WCAG's non-text contrast) in every theme.
MARKS_ON_GROUND = [
    ("card-back", "card-back-face"),
    ("card-selected-edge", "card-selected-face"),
    ("card-trump-edge", "card-face"),
    ("card-winning-edge", "card-face"),
    ("card-edge", "card-face"),
]
FOUR_COLOURS = {"French": ("card-ink", "suit-red", "deck4-diamonds", "deck4-clubs"),
                "Spanish": ("spanish-espadas", "suit-red", "spanish-oros", "spanish-bastos")}  # fmt: skip


OPACITY = "card-illegal-opacity"


def colour(theme: TableTheme, name: str) -> Color:
    return opaque(theme.colours[name])


def dimmed(theme: TableTheme, ink: str) -> Color:
    """An ink as a card you may not play shows it: faded towards the card's face."""
    opacity = int(theme.colours[OPACITY].rstrip("%")) / 100
    return colour(theme, "card-face").blend(colour(theme, ink), opacity)


def stylesheet_variables() -> set[str]:
    return set(re.findall(r"\$([a-z0-9-]+)", STYLESHEET.read_text()))


# ------------------------------------------------------------------ every colour, in every theme
def test_every_theme_defines_every_colour_the_table_uses_and_nothing_else() -> None:
    textual_own = set(BUILTIN_THEMES["textual-dark"].to_color_system().generate())
    used = stylesheet_variables()
    assert used - textual_own <= set(TABLE_COLOURS), "the stylesheet uses a colour no theme defines"
    assert set(TABLE_COLOURS) <= used, "a theme colour the stylesheet never uses"
    for name, theme in TABLE_THEMES.items():
        assert set(theme.colours) == set(TABLE_COLOURS), name
        for key, value in theme.colours.items():
            shape = r"\d{2}%" if key == OPACITY else r"#[0-9A-F]{6}"  # opaque: the contrast figures are exact
            assert re.fullmatch(shape, value), (name, key, value)
    for textual in BUILTIN_THEMES.values():
        made = palette_colours(textual.to_color_system().generate())
        assert set(made) == set(TABLE_COLOURS), textual.name


@pytest.mark.parametrize("name", list(TABLE_THEMES))
def test_each_table_theme_draws_with_its_own_colours_and_no_fallback(name: str) -> None:
    app = CardTableApp()
    app.settings = Settings(theme=name)
    app.register_theme(HIGH_CONTRAST_TEXTUAL)
    app.theme = TABLE_THEMES[name].textual
    variables = app.get_css_variables()
    assert {key: variables[key] for key in TABLE_COLOURS} == dict(TABLE_THEMES[name].colours)


# ------------------------------------------------------------------ contrast
@pytest.mark.parametrize("name", list(TABLE_THEMES))
def test_every_themes_text_reads_at_4_5_to_1_and_its_marks_at_3_to_1(name: str) -> None:
    theme = TABLE_THEMES[name]
    for text, ground in TEXT_ON_GROUND:
        ratio = contrast(colour(theme, text), colour(theme, ground))
        assert ratio >= 4.5, f"{name}: {text} on {ground} is {ratio:.2f}:1"
    for mark, ground in MARKS_ON_GROUND:
        ratio = contrast(colour(theme, mark), colour(theme, ground))
        assert ratio >= 3, f"{name}: {mark} on {ground} is {ratio:.2f}:1"


def test_the_high_contrast_themes_text_and_suits_reach_7_to_1() -> None:
    for text, ground in TEXT_ON_GROUND:
        ratio = contrast(colour(HIGH_CONTRAST, text), colour(HIGH_CONTRAST, ground))
        assert ratio >= 7, f"{text} on {ground} is {ratio:.2f}:1"
    for mark, ground in MARKS_ON_GROUND:
        assert contrast(colour(HIGH_CONTRAST, mark), colour(HIGH_CONTRAST, ground)) >= 4.5, (mark, ground)
    # A card you may not play is dimmed (WCAG asks nothing of what is inactive), and here still reads at 4.5:1;
    # its missing frame says it cannot be played.
    for ink in FOUR_COLOURS["French"] + FOUR_COLOURS["Spanish"]:
        assert contrast(dimmed(HIGH_CONTRAST, ink), colour(HIGH_CONTRAST, "card-face")) >= 4.5, ink
    # Its dialogs and footer: white on black, and the focus yellow.
    system = HIGH_CONTRAST_TEXTUAL.to_color_system().generate()
    black = opaque(system["background"])
    for name in ("foreground", "text-muted", "accent", "primary", "error", "success", "warning"):
        assert contrast(opaque(system[name], system["background"]), black) >= 7, name


# ------------------------------------------------------------------ colour-blind players
@pytest.mark.parametrize("pack", list(FOUR_COLOURS))
def test_the_colour_blind_four_colour_deck_is_told_apart_by_deuteranopes_and_protanopes(pack: str) -> None:
    """Every two suits are at least 30 ΔE apart to normal sight and under deuteranopia and protanopia (20 under
    tritanopia), as black, a deep red, a strong blue and a bluish green are; the first four-colour deck, with
    a yellow-green clubs, fell to 26 under protanopia, and red copas beside gold oros to 10 under deuteranopia."""
    suits = [colour(COLOUR_BLIND, name) for name in FOUR_COLOURS[pack]]
    for one, other in itertools.combinations(suits, 2):
        for sight in (None, "deuteranopia", "protanopia"):
            assert distance(one, other, sight) >= 30, (pack, one.hex, other.hex, sight)
        assert distance(one, other, "tritanopia") >= 20, (pack, one.hex, other.hex)


def test_only_the_colour_blind_theme_draws_four_colours_by_default() -> None:
    assert [name for name, theme in TABLE_THEMES.items() if theme.four_colour] == ["colour-blind"]


def test_the_theme_key_goes_through_every_theme_and_back() -> None:
    seen, theme = [], "green-felt"
    for _ in TABLE_THEMES:
        theme = next_theme(theme)
        seen.append(theme)
    assert seen == [*list(TABLE_THEMES)[1:], "green-felt"]
    assert next_theme("dracula") == "green-felt" and next_theme("textual-dark") == "day"  # former name: night
    assert table_theme_for_textual("nord") == "blue-baize" and table_theme_for_textual("textual-dark") == "night"
    assert table_theme_for_textual(HIGH_CONTRAST_TEXTUAL.name) == "high-contrast"
    assert table_theme_for_textual("dracula") is None


# ------------------------------------------------------------------ at the table
def felt_colour(app: CardTableApp) -> Color:
    table = table_of(app)
    assert table is not None
    return table.query_one("#felt").styles.background


def notice(app: CardTableApp) -> str:
    table = table_of(app)
    return str(table.query_one("#notice", Static).render()) if table is not None else ""


async def test_the_theme_key_recolours_the_table_names_the_theme_and_saves_it(table_home: Path) -> None:
    (table_home / SETTINGS).write_text(json.dumps({"speed": "instant", "theme": "high-contrast"}))
    app = CardTableApp(table_config("manille", SEATS, seed=12))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: (t := table_of(app)) is not None and t.my_card_turn())
        assert felt_colour(app) == Color.parse(HIGH_CONTRAST.colours["felt"]) and not app.has_class("four-colour")
        await pilot.press("b")  # the last theme but one: the colour-blind theme, and its four-colour deck
        await until(pilot, lambda: felt_colour(app) == Color.parse(COLOUR_BLIND.colours["felt"]))
        assert notice(app) == "Theme: Colour-blind safe (four-colour deck)." and app.has_class("four-colour")
        assert app.theme == COLOUR_BLIND.textual
        table = table_of(app)
        assert table is not None
        clubs = [card for card in table.query_one(HandView).cards if card.has_class("suit-c")]
        assert clubs and clubs[0].styles.color == Color.parse(COLOUR_BLIND.colours["deck4-clubs"])
        assert json.loads((table_home / SETTINGS).read_text())["theme"] == "colour-blind"
    again = CardTableApp()
    async with again.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(again.screen, StartScreen))
        assert again.settings.theme == "colour-blind" and again.four_colour_deck
        assert again.theme_variables["felt"] == COLOUR_BLIND.colours["felt"]


async def test_no_style_rule_has_a_transition_since_the_table_applies_styles_without_animation(
    table_home: Path,
) -> None:
    app = CardTableApp(table_config("manille", SEATS, seed=12))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: (t := table_of(app)) is not None and t.my_card_turn())
        assert app.stylesheet.rules
        assert [str(rule.selector_names) for rule in app.stylesheet.rules if rule.styles.transitions] == []


async def test_under_no_color_the_theme_key_changes_shades_of_grey_only(
    table_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    app = CardTableApp(table_config("manille", SEATS, seed=12))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: (t := table_of(app)) is not None and t.my_card_turn())
        for theme in ("Blue baize", "Night"):
            await pilot.press("b")
            await until(pilot, lambda theme=theme: notice(app).startswith(f"Theme: {theme}"))
            assert notice(app) == f"Theme: {theme} (NO_COLOR: in greys)."
            await pilot.pause()
            fills = re.findall(r"fill: #([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})", app.export_screenshot())
            hues = {fill for fill in fills if len(set(fill)) > 1} - {("c5", "c8", "c6")}  # the export's plain text
            assert fills and not hues, theme
        assert json.loads((table_home / SETTINGS).read_text())["theme"] == "night"


async def test_a_spanish_pack_in_four_colours_has_its_own_suit_colours(table_home: Path) -> None:
    (table_home / SETTINGS).write_text(json.dumps({"speed": "instant", "theme": "green-felt", "deck": "four"}))
    app = CardTableApp(table_config("malilla", SEATS, seed=3))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: (t := table_of(app)) is not None and t.my_card_turn())
        table = table_of(app)
        assert table is not None and table.has_class("spanish-pack")
        theme = TABLE_THEMES["green-felt"].colours
        wanted = {"s": "spanish-espadas", "h": "suit-red", "d": "spanish-oros", "c": "spanish-bastos"}
        cards: list[CardWidget] = table.query_one(HandView).cards
        seen = {suit for card in cards for suit in wanted if card.has_class(f"suit-{suit}")}
        assert len(seen) >= 3
        for card in cards:
            for suit, name in wanted.items():
                if card.has_class(f"suit-{suit}"):
                    assert card.styles.color == Color.parse(theme[name]), (suit, name)


async def test_a_textual_theme_from_the_palette_draws_the_table_in_its_own_colours(table_home: Path) -> None:
    app = CardTableApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, StartScreen))
        app.theme = "dracula"
        await until(pilot, lambda: app.settings.theme == "dracula")
        assert (
            app.theme_variables["felt"]
            == palette_colours(BUILTIN_THEMES["dracula"].to_color_system().generate())["felt"]
        )
        assert json.loads((table_home / SETTINGS).read_text())["theme"] == "dracula"
        await until(pilot, lambda: "Theme: dracula" in start_line(app))
        app.theme = "nord"  # the Textual theme of one table theme: that table theme
        await until(pilot, lambda: app.settings.theme == "blue-baize")


# ------------------------------------------------------------------ the start screen's line of settings
def start_line(app: CardTableApp) -> str:
    return str(app.screen.query_one("#start-settings", Static).render()) if isinstance(app.screen, StartScreen) else ""


def test_the_start_line_names_speed_expert_and_theme_and_leaves_the_expert_out_when_it_is_too_long() -> None:
    assert settings_line(Settings()) == "Computers: normal · Expert: normal · Theme: Green felt"
    assert settings_line(Settings(speed="instant", expert_budget="strong", theme="high-contrast")) == (
        "Computers: instant · Expert: strong · Theme: High contrast"
    )
    long = Settings(speed="instant", expert_budget="strong", theme="colour-blind")
    assert settings_line(long) == "Computers: instant · Theme: Colour-blind safe"
    assert settings_line(Settings(theme="catppuccin-macchiato")) == "Computers: normal · Theme: catppuccin-macchiato"


async def test_the_start_screen_shows_the_settings_and_follows_their_changes(table_home: Path) -> None:
    app = CardTableApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, StartScreen))
        assert start_line(app) == "Computers: instant · Expert: normal · Theme: Green felt"
        region = app.screen.query_one("#start-settings").region
        assert region.height == 1 and region.right <= 80 and region.bottom <= 24  # one line, in sight at 80x24
        await pilot.press("o")
        await until(pilot, lambda: isinstance(app.screen, SettingsScreen))
        app.screen.query_one("#set-theme", Select).value = "high-contrast"
        app.screen.query_one("#set-speed", Select).value = "slow"
        await pilot.press("escape")
        await until(pilot, lambda: start_line(app) == "Computers: slow · Expert: normal · Theme: High contrast")
        assert app.theme == HIGH_CONTRAST_TEXTUAL.name


async def test_a_screen_is_styled_as_it_mounts_and_again_only_when_its_styles_can_have_changed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    app = CardTableApp()
    whole_screens: list[object] = []
    restyle = app.update_styles

    def watched(node: DOMNode, animate: bool = True) -> None:
        if isinstance(node, Screen):
            whole_screens.append(node)
        restyle(node, animate)

    monkeypatch.setattr(app, "update_styles", watched)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, StartScreen))
        dialog = NoticeDialog("Title", "Text")
        whole_screens.clear()
        await app.push_screen(dialog)
        await pilot.pause()
        assert dialog not in whole_screens
        assert dialog.query_one(".dialog").styles.border.top[0] != ""  # styled all the same, by the stylesheet
        assert 0 < dialog.styles.background.a < 1  # and a dialog still lets the table show through, dimmed
        # Another dialog over it and gone again: nothing changed for the whole app meanwhile, no second styling.
        await app.push_screen(NoticeDialog("Over", "it"))
        await pilot.pause()
        app.pop_screen()
        await pilot.pause()
        assert app.screen is dialog and dialog not in whole_screens
        # A change for the whole app while it is under a screen that hides it (the four-colour deck here):
        # Textual styles the screens in sight only, and this one again on its return.
        await app.push_screen(Screen())
        await pilot.pause()
        whole_screens.clear()
        app.set_class(not app.has_class("four-colour"), "four-colour")
        await pilot.pause()
        assert dialog not in whole_screens  # away: Textual styles the screens on top only
        app.pop_screen()
        await pilot.pause()
        assert app.screen is dialog and dialog in whole_screens


async def test_a_deck_chosen_from_the_palette_over_the_rules_recolours_the_table(table_home: Path) -> None:
    # The rules screen hides the table: Textual styles the screens in sight only, and not the table again when
    # the rules are closed, so the table must see for itself that the app changed while it was away.
    (table_home / SETTINGS).write_text(json.dumps({"speed": "instant", "deck": "two"}))
    app = CardTableApp(table_config("manille", SEATS, seed=12))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: (t := table_of(app)) is not None and t.my_card_turn())
        table = table_of(app)
        assert table is not None
        clubs = [card for card in table.query_one(HandView).cards if card.has_class("suit-c")]
        assert clubs
        two_colour = clubs[0].styles.color
        table.action_rules()
        await until(pilot, lambda: app.screen is not table)
        assert app.screen.styles.background.a == 1  # it hides the table
        app.toggle_four_colour()  # what the palette's "Four-colour deck" does
        await pilot.pause()
        app.pop_screen()
        await until(pilot, lambda: app.screen is table)
        await pilot.pause()
        assert clubs[0].styles.color == Color.parse(TABLE_THEMES["green-felt"].colours["deck4-clubs"]) != two_colour
