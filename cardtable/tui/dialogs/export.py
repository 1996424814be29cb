"""Exporting a finished match as a record file: to a path the player types, or to the data folder's exports."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, Static

from cardtable.archive import ArchivedMatch, export_match, export_path
from cardtable.engine.visible import visible
from cardtable.files import describe_os_error
from cardtable.tui.dialogs.beside_panel import BesideThePanel
from cardtable.tui.laid_out import LaidOutOnce
from cardtable.tui.see_through import SeeThrough
from cardtable.tui.styled_once import StyledOnce
from cardtable.tui.widgets.footer import KeysFooter


class ExportDialog(LaidOutOnce, StyledOnce, BesideThePanel, SeeThrough, ModalScreen[None]):
    """Ask where a match's record goes (empty: the data folder's exports), write it, and say where it went."""

    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, archived: ArchivedMatch) -> None:
        super().__init__()
        self.archived = archived

    def compose(self) -> ComposeResult:
        default = export_path(self.archived, None)
        with Vertical(classes="dialog", id="export"):
            yield Label("Export the match as a record", classes="dialog-title")
            yield Static(f"A file or folder to write it to; leave it empty for\n{visible(str(default))}",
                         classes="dialog-text", markup=False)  # fmt: skip
            yield Input(placeholder="path (Enter: the exports folder)", id="export-path")
            yield Static("", id="export-problem", markup=False)
            with Horizontal(classes="buttons"):
                yield Button("Export", variant="primary", id="do-export")
                yield Button("Cancel", id="cancel")
        yield KeysFooter(show_command_palette=False)

    def on_mount(self) -> None:
        self.query_one(Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.export()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "do-export":
            self.export()
        else:
            self.dismiss(None)

    def export(self) -> None:
        typed = self.query_one(Input).value
        try:
            path = export_match(self.archived, export_path(self.archived, typed))
        except (OSError, ValueError) as error:  # ValueError: a path with a NUL character
            reason = describe_os_error(error) if isinstance(error, OSError) else "that is not a path"
            self.query_one("#export-problem", Static).update(f"It could not be written: {reason}.")
            return
        self.app.notify(f"The match was exported to {path}", timeout=10)
        self.dismiss(None)

    def action_cancel(self) -> None:
        self.dismiss(None)
