"""New game: the game, its options (each with its default and a line of help), the players and the seats."""

from __future__ import annotations

import dataclasses
import random
from typing import Any, Literal

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Footer, Input, Label, Select, Static

from cardtable.engine.errors import RecordError
from cardtable.engine.options import option_fields
from cardtable.games import find_game
from cardtable.saves import SeatConfig, TableConfig, default_seats
from cardtable.tui.games import parts_for, playable_games


class NewGameScreen(Screen[TableConfig | None]):
    BINDINGS = [Binding("escape", "cancel", "Back"), Binding("ctrl+s", "start", "Start")]

    def __init__(self, game: str | None = None) -> None:
        super().__init__()
        games = playable_games()
        self.game = game if game in games else games[0]
        self.players = find_game(self.game).default_players

    def compose(self) -> ComposeResult:
        games = playable_games()
        rules = find_game(self.game)
        with VerticalScroll(id="new-game"):
            yield Label("New game", classes="dialog-title")
            with Horizontal(classes="field"):
                yield Label("Game", classes="field-name")
                yield Select(
                    [(find_game(g).title, g) for g in games],
                    value=self.game,
                    allow_blank=False,
                    id="game",
                    compact=True,
                )
            if len(rules.player_counts) > 1:
                with Horizontal(classes="field"):
                    yield Label("Players", classes="field-name")
                    yield Select([(str(n), n) for n in sorted(rules.player_counts)], value=self.players,
                                 allow_blank=False, id="players", compact=True)  # fmt: skip
            yield Label("Options", classes="section")
            for spec in option_fields(rules.options_type):
                yield from self.option_row(spec)
            yield Label("Seats (you are at the bottom; play goes to your right)", classes="section")
            kinds = seat_kinds(self.game)
            for seat, config in enumerate(default_seats(self.game, self.players)):
                with Horizontal(classes="field"):
                    yield Input(config.name, id=f"name-{seat}", classes="seat-name", max_length=16, compact=True)
                    yield Select(kinds, value=config.kind, allow_blank=False, id=f"kind-{seat}", compact=True)
            with Horizontal(classes="field"):
                yield Label("Seed", classes="field-name")
                yield Input("", placeholder="blank: a new shuffle", id="seed", type="integer", max_length=18,
                            compact=True)  # fmt: skip
        # Below the scrolling fields, so that Start and Back are in sight at any terminal size.
        with Vertical(id="form-foot"):
            yield Static("", id="form-error", markup=False)
            with Horizontal(classes="buttons"):
                yield Button("Start (Ctrl+S)", variant="primary", id="start", compact=True)
                yield Button("Back (Esc)", id="back", compact=True)
        yield Footer(show_command_palette=False)

    def on_mount(self) -> None:
        self.query_one("#game", Select).focus()

    def option_row(self, spec: dataclasses.Field[Any]) -> ComposeResult:
        name = spec.name
        default = spec.default
        choices = spec.metadata.get("choices")
        with Vertical(classes="option"):
            with Horizontal(classes="field"):
                yield Label(name.replace("_", " "), classes="field-name")
                if isinstance(default, bool):
                    # "on" and "off" in words: a switch shows its state by colour alone.
                    yield Select([("on", True), ("off", False)], value=default, allow_blank=False, id=f"opt-{name}",
                                 compact=True)  # fmt: skip
                elif choices:
                    yield Select([(str(c), c) for c in choices], value=default, allow_blank=False, id=f"opt-{name}",
                                 compact=True)  # fmt: skip
                else:
                    kind: Literal["integer", "text"] = "integer" if isinstance(default, int) else "text"
                    yield Input(str(default), id=f"opt-{name}", type=kind, max_length=60, compact=True)
            yield Static(f"{spec.metadata['help']} (default: {_shown(default)})", classes="help")

    @on(Select.Changed, "#game")
    def game_changed(self, event: Select.Changed) -> None:
        if event.value != self.game and isinstance(event.value, str):
            self.game = event.value
            self.players = find_game(self.game).default_players
            self.refresh(recompose=True)

    @on(Select.Changed, "#players")
    def players_changed(self, event: Select.Changed) -> None:
        if event.value != self.players and isinstance(event.value, int):
            self.players = event.value
            self.refresh(recompose=True)

    def collect(self) -> TableConfig:
        rules = find_game(self.game)
        options: dict[str, Any] = {}
        for spec in option_fields(rules.options_type):
            widget = self.query_one(f"#opt-{spec.name}")
            if isinstance(widget, Select):
                value: Any = widget.value
            else:
                assert isinstance(widget, Input)
                text = widget.value.strip()
                if isinstance(spec.default, int):
                    try:
                        value = int(text)
                    except ValueError:
                        raise RecordError(f"{spec.name.replace('_', ' ')} must be a whole number") from None
                else:
                    value = text
            if value != spec.default:
                options[spec.name] = value
        parsed = rules.parse_options(options, self.players)  # the engine checks the combination
        reason = parts_for(self.game).not_at_table(parsed)
        if reason is not None:
            raise RecordError(reason)
        seats = []
        for seat in range(self.players):
            name = self.query_one(f"#name-{seat}", Input).value.strip() or f"Seat {seat + 1}"
            kind = self.query_one(f"#kind-{seat}", Select).value
            seats.append(SeatConfig(name, str(kind)))
        if len({s.name for s in seats}) != len(seats):
            raise RecordError("each seat needs its own name")
        seed_text = self.query_one("#seed", Input).value.strip()
        try:
            seed = int(seed_text) if seed_text else random.randrange(1_000_000_000)
        except ValueError:
            raise RecordError("the seed must be a whole number") from None
        first_dealer = random.Random(seed).randrange(self.players)
        return TableConfig(self.game, self.players, seats, options, seed, first_dealer)

    def action_start(self) -> None:
        try:
            config = self.collect()
        except RecordError as error:
            shown = self.query_one("#form-error", Static)
            shown.update(f"✗ {error.reason}")
            shown.scroll_visible()  # on a small terminal the message sits below the fold
            return
        self.dismiss(config)

    def action_cancel(self) -> None:
        self.dismiss(None)

    @on(Button.Pressed, "#start")
    def start_pressed(self) -> None:
        self.action_start()

    @on(Button.Pressed, "#back")
    def back_pressed(self) -> None:
        self.action_cancel()


def _shown(value: Any) -> str:
    if isinstance(value, bool):
        return "on" if value else "off"
    return str(value)


def seat_kinds(game: str) -> list[tuple[str, str]]:
    """Who may sit at a seat, as the form offers it: a person, or one of the game's computer levels by its label.

    The uniformly random player stays out: it is a yardstick for ``cardtable sim``, not an opponent.
    """
    rules = find_game(game)
    return [("Human", "human"), *((rules.level_label(level), level) for level in rules.computer_levels())]
