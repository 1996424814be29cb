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
from textual.widgets import Button, Input, Label, Select, Static

from cardtable.engine.errors import RecordError
from cardtable.engine.options import option_fields, option_label, value_label
from cardtable.games import find_game
from cardtable.saves import SeatConfig, TableConfig, default_seats
from cardtable.tui.dialogs.message import ConfirmDialog
from cardtable.tui.games import parts_for, playable_games
from cardtable.tui.laid_out import LaidOutOnce
from cardtable.tui.styled_once import StyledOnce
from cardtable.tui.widgets.footer import KeysFooter


class NewGameScreen(LaidOutOnce, StyledOnce, Screen[TableConfig | None]):
    """Opens on ``game`` (else the game of ``setup``, the last one played), with ``setup``'s players, options and
    seats where it is that game; Escape asks before it throws away choices made."""

    BINDINGS = [Binding("escape", "cancel", "Back"), Binding("ctrl+s", "start", "Start")]

    def __init__(self, game: str | None = None, setup: TableConfig | None = None) -> None:
        super().__init__()
        games = playable_games()
        self.setup = setup if setup is not None and setup.game in games else None
        if game not in games:
            game = self.setup.game if self.setup is not None else games[0]
        self.game = game
        self.players = find_game(self.game).default_players
        #: The options chosen in the lists so far: a variant with options of its own redraws the form with them.
        self.chosen: dict[str, Any] = {}
        #: The seats as chosen so far, kept when the form is drawn again for another choice.
        self.seats: list[SeatConfig] = []
        self.take_setup()
        #: What the form's fields held once drawn: leaving with other values asks first.
        self.opened_with: dict[str, object] | None = None
        self.redrawn = False

    def take_setup(self) -> None:
        """The last setup's players, options and seats, where it was a match of the game now chosen."""
        setup = self.setup
        if setup is not None and setup.game == self.game:
            self.players = setup.players
            self.chosen = dict(setup.options)
            self.seats = [SeatConfig(seat.name, seat.kind) for seat in setup.seats]

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
            for spec in self.option_specs():
                yield from self.option_row(spec)
            yield Label("Seats (you are at the bottom; play goes to your right)", classes="section")
            kinds = seat_kinds(self.game)
            for seat, config in enumerate(self.seats_shown()):
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
        yield KeysFooter(show_command_palette=False)

    def on_mount(self) -> None:
        self.query_one("#game", Select).focus()
        self.call_after_refresh(self.note_opening)

    def note_opening(self) -> None:
        self.opened_with = self.fields()

    def fields(self) -> dict[str, object]:
        """Every field's value now, by its id."""
        return {
            widget.id or "": widget.value
            for widget in self.query("Select, Input")
            if isinstance(widget, Select | Input)
        }

    def seats_shown(self) -> list[SeatConfig]:
        """The seats the form shows: as chosen so far (or as last played) for this number of players, else the
        game's usual ones."""
        usual = default_seats(self.game, self.players)
        if len(self.seats) != self.players:
            return usual
        offered = {kind for _label, kind in seat_kinds(self.game)}
        return [
            seat if seat.kind in offered else SeatConfig(seat.name, usual[n].kind) for n, seat in enumerate(self.seats)
        ]

    def option_specs(self) -> list[dataclasses.Field[Any]]:
        """The options of the variant chosen (a variant may have options of its own)."""
        return option_fields(find_game(self.game).options_type_for(self.chosen))

    def option_row(self, spec: dataclasses.Field[Any]) -> ComposeResult:
        name = spec.name
        default = spec.default
        shared = {f.name: f for f in option_fields(find_game(self.game).options_type)}.get(name)
        choices = spec.metadata.get("choices")
        if shared is not None and shared.metadata.get("choices") and choices:
            spec = shared  # the variant list offers every variant, not only the one chosen, and says what each is
            choices = shared.metadata["choices"]
        chosen = self.chosen.get(name, default)
        shown = chosen if choices is None or chosen in choices else default
        if isinstance(default, bool) != isinstance(shown, bool):
            shown = default
        with Vertical(classes="option"):
            with Horizontal(classes="field"):
                yield Label(option_label(spec), classes="field-name")
                if isinstance(default, bool):
                    # "on" and "off" in words: a switch shows its state by colour alone.
                    yield Select([(value_label(spec, v), v) for v in (True, False)], value=bool(shown),
                                 allow_blank=False, id=f"opt-{name}", compact=True)  # fmt: skip
                elif choices:
                    yield Select([(value_label(spec, c), c) for c in choices], value=shown, allow_blank=False,
                                 id=f"opt-{name}", compact=True)  # fmt: skip
                else:
                    kind: Literal["integer", "text"] = "integer" if isinstance(default, int) else "text"
                    yield Input(str(shown), id=f"opt-{name}", type=kind, max_length=60, compact=True)
            yield Static(f"{spec.metadata['help']} (default: {value_label(spec, spec.default)})", classes="help")

    @on(Select.Changed, "#game")
    def game_changed(self, event: Select.Changed) -> None:
        if event.value != self.game and isinstance(event.value, str):
            self.game = event.value
            self.players = find_game(self.game).default_players
            self.chosen, self.seats = {}, []
            self.take_setup()
            self.redraw("#game")

    @on(Select.Changed, ".option Select")
    def option_changed(self, event: Select.Changed) -> None:
        name = (event.select.id or "").removeprefix("opt-")
        rules = find_game(self.game)
        before = rules.options_type_for(self.chosen)
        self.chosen[name] = event.value
        if rules.options_type_for(self.chosen) is not before:
            self.remember_seats()
            self.redraw(f"#{event.select.id}")

    def remember(self) -> None:
        """Keep the options as they stand now, for a form drawn again with another number of players."""
        for spec in self.option_specs():
            for widget in self.query(f"#opt-{spec.name}"):
                if isinstance(widget, Select | Input):
                    self.chosen[spec.name] = widget.value

    def remember_seats(self) -> None:
        """Keep the seats' names and players as they stand now, for a form drawn again with another option."""
        names = {widget.id: widget.value for widget in self.query(".seat-name") if isinstance(widget, Input)}
        kinds = {widget.id: widget.value for widget in self.query("Select") if isinstance(widget, Select)}
        if len(names) == self.players:
            self.seats = [SeatConfig(str(names[f"name-{seat}"]), str(kinds[f"kind-{seat}"]))
                          for seat in range(self.players)]  # fmt: skip

    def redraw(self, focused: str) -> None:
        """Draw the form again for a new choice, keeping the focus on the field that made it."""
        self.redrawn = True
        self.refresh(recompose=True)
        self.call_after_refresh(lambda: [widget.focus() for widget in self.query(focused)])

    @on(Select.Changed, "#players")
    def players_changed(self, event: Select.Changed) -> None:
        if event.value != self.players and isinstance(event.value, int):
            self.players = event.value
            self.remember()
            self.seats = []
            if self.setup is not None and self.setup.game == self.game and self.setup.players == self.players:
                self.seats = list(self.setup.seats)
            self.redraw("#players")

    def collect(self) -> TableConfig:
        rules = find_game(self.game)
        options: dict[str, Any] = {}
        own_defaults = {f.name: f.default for f in option_fields(rules.options_type)}
        for spec in self.option_specs():
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
            # A variant's own default is still a choice where the game's own differs (argentino is no default).
            if value != spec.default or value != own_defaults.get(spec.name, value):
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
        """Back to the start screen; with choices made, only once the player says to throw them away."""
        if not self.redrawn and self.fields() == self.opened_with:
            self.dismiss(None)
            return

        def answered(leave: bool | None) -> None:
            if leave:
                self.dismiss(None)

        question = "Leave the new game? The choices you made in the form are not kept."
        self.app.push_screen(ConfirmDialog(question, yes="Leave", no="Stay"), answered)

    @on(Button.Pressed, "#start")
    def start_pressed(self) -> None:
        self.action_start()

    @on(Button.Pressed, "#back")
    def back_pressed(self) -> None:
        self.action_cancel()


def seat_kinds(game: str) -> list[tuple[str, str]]:
    """Who may sit at a seat, as the form offers it: a person, or one of the game's computer levels by its label.

    The uniformly random player stays out: it is a yardstick for ``cardtable sim``, not an opponent.
    """
    rules = find_game(game)
    return [("Human", "human"), *((rules.level_label(level), level) for level in rules.computer_levels())]
