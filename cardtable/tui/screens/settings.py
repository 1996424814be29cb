"""Settings: computer speed, theme, deck style, card faces, card size, motion and whether hints may bluff; each change
is saved at once."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Label, Select, Static

from cardtable.saves import CARD_SIZES, DECK_STYLES, EXPERT_BUDGETS, SPEEDS, Settings
from cardtable.tui.host import TableHost
from cardtable.tui.keys import first_key
from cardtable.tui.laid_out import LaidOutOnce
from cardtable.tui.see_through import SeeThrough
from cardtable.tui.styled_once import StyledOnce
from cardtable.tui.themes import TABLE_THEMES, table_theme_name, theme_label
from cardtable.tui.widgets.footer import KeysFooter

SPEED_LABELS = {"slow": "Slow", "normal": "Normal", "fast": "Fast", "instant": "Instant (no pause)"}
SIZE_LABELS = {"auto": "By the terminal's size", "small": "Small", "large": "Large (from 37 lines)"}
DECK_LABELS = {"theme": "As the theme draws it", "two": "Two colours", "four": "Four colours"}


#: The expert's budgets as the screen offers them: the choice says what it costs.
BUDGET_LABELS = {"fast": "Fast (quick, weaker)", "normal": "Normal", "strong": "Strong (slower, stronger)"}


class SettingsScreen(LaidOutOnce, StyledOnce, SeeThrough, ModalScreen[None]):
    """Each choice is applied and saved as it is made; Esc or Done closes the screen."""

    BINDINGS = [Binding("escape", "close", "Done")]
    #: Each setting has a line of help; below 28 lines (80x24) the rows go without a blank line between them.
    VERTICAL_BREAKPOINTS = [(0, "-short"), (28, "-tall")]

    def __init__(self, settings: Settings, unicode_terminal: bool = True) -> None:
        super().__init__()
        self.settings = settings
        self.unicode_terminal = unicode_terminal

    def rows(self) -> list[tuple[str, str, list[tuple[str, Any]], Any, str]]:
        """(id, label, choices, value, help) of each setting."""
        settings = self.settings
        themes = [(theme.label, name) for name, theme in TABLE_THEMES.items()]
        theme = table_theme_name(settings.theme) or settings.theme
        if theme not in TABLE_THEMES:
            themes.append((f"{theme_label(theme)} (from the palette)", theme))
        theme_key = first_key("theme", self.app.keymap) if isinstance(self.app, TableHost) else "b"
        scores_key = first_key("scores", self.app.keymap) if isinstance(self.app, TableHost) else "s"
        faces_help = "ASCII: suit letters and plain lines everywhere."
        if not self.unicode_terminal:
            faces_help = "This terminal cannot draw suit symbols: always ASCII."
        return [
            ("speed", "Computer speed", [(SPEED_LABELS[s], s) for s in SPEEDS], settings.speed,
             "The computers' pause before each card."),
            ("expert_budget", "Expert thinks", [(BUDGET_LABELS[b], b) for b in EXPERT_BUDGETS], settings.expert_budget,
             "How long an Expert seat weighs each decision."),
            ("theme", "Theme", themes, theme, f"Felt and card colours ({theme_key} at the table)."),
            ("deck", "Deck style", [(DECK_LABELS[d], d) for d in DECK_STYLES], settings.deck,
             "The colour-blind theme draws four colours."),
            ("ascii_cards", "Card faces", [("Suit symbols", False), ("ASCII letters", True)], settings.ascii_cards,
             faces_help),
            ("card_size", "Card size", [(SIZE_LABELS[s], s) for s in CARD_SIZES], settings.card_size,
             "Large: cards drawn with pips and figures."),
            ("animations", "Animations", [("On: cards move", True), ("Off", False)], settings.animations,
             "Cards glide to the trick, and on to its winner."),
            ("brief_hand_ends", "Truco hand ends", [("A line, then play on", True), ("The score sheet", False)],
             settings.brief_hand_ends, f"Who won and the score, then on ({scores_key}: the sheet)."),
            ("play_forced_cards", "Forced cards", [("You play them", False), ("Played by themselves", True)],
             settings.play_forced_cards, "Your one legal card plays when no call is open."),
            ("hint_bluffs", "Hints may bluff", [("No: the sound play", False), ("Yes, named as bluffs", True)],
             settings.hint_bluffs, "A bluff: a call your cards do not back."),
        ]  # fmt: skip

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog wide", id="settings"):
            yield Label("Settings", classes="dialog-title")
            for name, label, choices, value, help_text in self.rows():
                with Horizontal(classes="field"):
                    yield Label(label, classes="field-name")
                    # Each choice is plain text: a theme's name comes from the settings file, never as markup.
                    prompts = [(Text(prompt), choice) for prompt, choice in choices]
                    yield Select(prompts, value=value, allow_blank=False, id=f"set-{name}", compact=True)
                yield Static(help_text, classes="help", markup=False)
            with Horizontal(classes="buttons"):
                yield Button("Done (Esc)", variant="primary", id="done", compact=True)
        yield KeysFooter(show_command_palette=False)

    def on_mount(self) -> None:
        self.query_one("#set-speed", Select).focus()

    @on(Select.Changed)
    def changed(self, event: Select.Changed) -> None:
        name = (event.select.id or "").removeprefix("set-")
        # Select.NULL, not Select.BLANK: that is Widget.BLANK (False), which dropped every choice of "off".
        if not hasattr(self.settings, name) or event.value is Select.NULL:
            return
        if getattr(self.settings, name) == event.value or (name == "theme" and table_theme_name(self.settings.theme)
                                                           == event.value):  # fmt: skip
            return
        setattr(self.settings, name, event.value)
        if isinstance(self.app, TableHost):
            self.app.settings_changed(name)

    @on(Button.Pressed, "#done")
    def done(self) -> None:
        self.dismiss(None)

    def action_close(self) -> None:
        self.dismiss(None)
