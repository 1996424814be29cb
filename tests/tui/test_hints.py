"""The hint key says why, as ``replay --hint expert`` does for the same record: the same advice and the same
sentence, worked out off the event loop, shown on the notice line (wrapped at 80 x 24) or in the dialog that
asks the decision, and counted in the record's ``assisted.hints``."""

from __future__ import annotations

import json
from typing import Any

import pytest
from textual.widgets import Static

from cardtable.engine.loop import resume_match
from cardtable.engine.records import load_record_file
from cardtable.engine.replay import replay
from cardtable.games import find_game
from cardtable.tui.app import CardTableApp
from cardtable.tui.dialogs.choice import ChoiceDialog
from cardtable.tui.screens.table import TableScreen
from tests.support import TESTS
from tests.tui.driver import hint_worked_out, press_hint, screen_text, table_config, table_of
from tests.tui.test_screens import until


def table_at(name: str, human: int) -> tuple[TableScreen[Any], dict[str, Any]]:
    """A table resumed at the end of a record, ``human`` its person and the seats named as replay names them; and
    replay's hint there."""
    path = TESTS / "records" / f"{name}.json"
    record = load_record_file(path, find_game)
    out, _status, _match = replay(record, "expert")
    names = record.rules.seat_names(record.players)
    seats = ["human" if seat == human else "heuristic" for seat in range(record.players)]
    options = json.loads(path.read_text()).get("options") or {}
    config = table_config(record.rules.name, seats, names=names, options=options)
    table: TableScreen[Any] = TableScreen(config, resume_match(load_record_file(path, find_game)))
    return table, out["next"]


async def test_the_hint_key_says_what_replay_says_and_why_on_the_notice_line() -> None:
    # Manille, East to play a card that wins the trick: "It wins the trick and its 2 points: 10♣ is the highest
    # trump still out (best in ... of the 16 deals tried ...)."
    table, upcoming = table_at("manille/trump_lead_must_beat", 1)
    app = CardTableApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.push_screen(table)
        await until(pilot, table.my_card_turn)
        await press_hint(pilot, table)
        assert table.notice_text == f"Hint: play 10♣. {upcoming['hint_reason']}"
        assert upcoming["hint"] == {"seat": 1, "play": "10C"} and "wins the trick" in upcoming["hint_reason"]
        # The sentence wraps onto the lines it needs, whole, over nothing else.
        shown = screen_text(app)
        assert all(word in shown for word in table.notice_text.split())
        line = table.query_one("#notice")
        assert line.size.height == -(-len(table.notice_text) // line.content_size.width) > 1
        # The cursor is on the card, and the hint is counted in the record.
        assert table.hints == 1 and table.record()["assisted"] == {"undos": 0, "hints": 1}
        await pilot.press("enter")
        await until(pilot, lambda: table.notice_text == "" or not table.notice_text.startswith("Hint:"))
        assert table.match.hands[-1].actions[-1].to_json() == upcoming["hint"] or table.match.hands[-1].state.tricks


async def test_a_truco_answer_is_hinted_with_its_reason_in_the_dialog() -> None:
    # Truco: they have raised twice and South holds a manilha: accept, and why.
    table, upcoming = table_at("truco/doze_cannot_be_raised_in_the_answer", 0)
    app = CardTableApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.push_screen(table)
        await until(pilot, lambda: isinstance(app.screen, ChoiceDialog))
        dialog = app.screen
        await press_hint(pilot, table)
        said = str(dialog.query_one(".dialog-hint", Static).render())
        assert said == f"Hint: accept.  (Enter takes it) {upcoming['hint_reason']}"
        assert "they have raised twice" in said and table_of(app) is table and table.hints == 1


async def test_a_hint_that_takes_a_moment_says_it_is_being_worked_out(monkeypatch: pytest.MonkeyPatch) -> None:
    import threading

    table, upcoming = table_at("manille/trump_lead_must_beat", 1)
    worked_out = table.hint_for
    done_thinking = threading.Event()

    def slow(*args: Any) -> Any:
        # In the thread, as a long search would be: the table goes on drawing meanwhile, until the test has seen
        # what it shows (a fixed sleep would race the notice's delay on a busy machine).
        done_thinking.wait(30)
        return worked_out(*args)

    monkeypatch.setattr(table, "hint_for", slow)
    app = CardTableApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.push_screen(table)
        await until(pilot, table.my_card_turn)
        await pilot.press("t")
        await until(pilot, lambda: table.notice_text == "Hint: working it out…" or not table.hinting)
        assert table.notice_text == "Hint: working it out…"
        await pilot.press("t")  # asked again meanwhile: still one hint
        done_thinking.set()
        await hint_worked_out(pilot, table)
        assert table.notice_text == f"Hint: play 10♣. {upcoming['hint_reason']}" and table.hints == 1
