"""Truco Argentino at the table: the form offers it with its options; envido, truco and the deck by keys and
dialogs that say what each answer is worth; the counts of a settled envido in the log; a save resumed."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.pilot import Pilot
from textual.widgets import Select, Static, Switch

from cardtable.engine.loop import resume_match
from cardtable.engine.match import Match
from cardtable.engine.records import parse_record
from cardtable.games import find_game
from cardtable.saves import MatchSave
from cardtable.tui.app import CardTableApp
from cardtable.tui.dialogs.call import CallDialog
from cardtable.tui.games.truco_argentino import ArgentinoParts
from cardtable.tui.screens.new_game import NewGameScreen
from cardtable.tui.screens.start import StartScreen
from cardtable.tui.screens.table import TableScreen
from tests.tui.driver import my_turn, screen_text, table_config, table_of

ARGENTINO = {"variant": "argentino"}


def argentino_match(hands: list[str], actions: list[dict[str, Any]], dealer: int = 0, **more: Any) -> Match:
    """A two-seat match (You, then North) from one dealt hand and its first actions."""
    hand = {"dealer": dealer, "deal": {"hands": [h.split() for h in hands]}, "actions": actions}
    record = {"format": "cardtable-record/1", "game": "truco", "players": 2, "options": {**ARGENTINO, **more},
              "hands": [hand]}  # fmt: skip
    return resume_match(parse_record(record, find_game))


async def open_table(pilot: Pilot[None], match: Match, **more: Any) -> TableScreen:
    config = table_config("truco", ["human", "heuristic"], names=["You", "North"], options={**ARGENTINO, **more})
    await pilot.pause()
    pilot.app.push_screen(TableScreen(config, match))
    await pilot.pause()
    table = table_of(pilot.app)  # type: ignore[arg-type]
    assert table is not None and isinstance(table.parts, ArgentinoParts)
    return table


async def dialog(pilot: Pilot[None], steps: int = 200) -> CallDialog[Any]:
    for _ in range(steps):
        await pilot.pause()
        if isinstance(pilot.app.screen, CallDialog):
            return pilot.app.screen
    raise AssertionError(f"no call dialog; the screen is {pilot.app.screen!r}")


async def choose(pilot: Pilot[None], screen: CallDialog[Any], label: str) -> None:
    labels = [text for text, _ in screen.choices]
    index = next(k for k, text in enumerate(labels) if text.startswith(label))
    await pilot.press(*["down"] * index, "enter")


async def test_the_new_game_form_offers_the_variant_with_its_own_options() -> None:
    app = CardTableApp()
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(NewGameScreen("truco"))
        for _ in range(50):
            await pilot.pause()
            if isinstance(app.screen, NewGameScreen) and app.screen.query("#opt-variant"):
                break
        form = app.screen
        assert isinstance(form, NewGameScreen) and not form.query("#opt-flor")
        form.query_one("#opt-variant", Select).value = "argentino"
        for _ in range(50):
            await pilot.pause()
            if form.query("#opt-flor"):
                break
        target = form.query_one("#opt-target", Select)
        assert target.value == 30
        assert any("15 malas, then 15 buenas" in str(help.content) for help in form.query(".help").results(Static))
        form.query_one("#opt-flor", Switch).value = True
        form.query_one("#players", Select).value = 6
        for _ in range(50):
            await pilot.pause()
            if form.query("#name-5"):
                break
        assert form.query_one("#opt-variant", Select).value == "argentino"  # kept when the form is redrawn
        config = form.collect()
        assert config.players == 6 and config.options["variant"] == "argentino"
        assert find_game("truco").parse_options(config.options, 6).flor is True


async def test_an_envido_to_answer_says_what_each_answer_is_worth_and_the_counts_go_to_the_log() -> None:
    app = CardTableApp()
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        match = argentino_match(["AS 5S 3C", "7D 6D KS"], [{"seat": 1, "call": "envido"}])
        table = await open_table(pilot, match)
        asked = await dialog(pilot)
        assert asked.title_text == "North calls envido. Envido: accept (2) or refuse (1) or raise?"
        labels = [text for text, _ in asked.choices]
        assert "Accept (quiero): 2 points" in labels and "Refuse (no quiero): 1 to them" in labels
        assert "Real envido (+3)" in labels
        shown = screen_text(app)
        assert "Your envido counts 26." in shown and "A♠" in shown  # your count and your hand stay in view
        await choose(pilot, asked, "Accept")
        await my_turn(pilot)
        said = "Envido accepted (envido counts: You 26, North 33): North's 33 wins, North scores 2."
        shown = screen_text(app)
        assert said in " ".join(shown.split()) or said in [n.message for n in app._notifications]
        assert "North: 2 (malas)" in shown  # envido points count at once
        assert table.match.current is not None and table.match.current.envido.points == 2  # type: ignore[attr-defined]


async def test_the_answer_to_a_first_truco_may_put_the_envido_first() -> None:
    app = CardTableApp()
    async with app.run_test(size=(80, 24)) as pilot:
        match = argentino_match(["7S 2S AD", "4C KS JH"], [{"seat": 1, "call": "truco"}])
        await open_table(pilot, match)
        asked = await dialog(pilot)
        assert asked.title_text.startswith("North calls truco (2): accept, refuse, or raise to retruco (3).")
        assert "The envido comes first" in asked.title_text
        await choose(pilot, asked, "Envido first")
        again = await dialog(pilot)  # North answered the envido; the truco waits for you
        for _ in range(50):
            if again.title_text.startswith("North calls truco"):
                break
            await pilot.pause()
            again = await dialog(pilot)
        assert again.title_text == "North calls truco (2): accept, refuse, or raise to retruco (3)?"
        assert not any(text.startswith("Envido") for text, _ in again.choices)


async def test_the_call_keys_make_the_calls() -> None:
    app = CardTableApp()
    async with app.run_test(size=(80, 24)) as pilot:
        table = await open_table(pilot, argentino_match(["7S 2S AD", "4C KS JH"], [], dealer=1))
        await my_turn(pilot)
        assert "e: envido; v: truco; m: to the deck" in table.prompt_text
        await pilot.press("e")
        envido = await dialog(pilot)
        assert [text for text, _ in envido.choices][:2] == ["Envido (+2)", "Real envido (+3)"]
        await pilot.press("escape")
        await pilot.press("v")
        for _ in range(100):
            await pilot.pause()
            if any(a.value == "truco" for a in table.match.hands[-1].actions):
                break
        assert [(a.seat, a.value) for a in table.match.hands[-1].actions][:1] == [(0, "truco")]


async def test_going_to_the_deck_by_its_key_gives_the_hand_and_the_envido_point() -> None:
    app = CardTableApp()
    async with app.run_test(size=(80, 24)) as pilot:
        table = await open_table(pilot, argentino_match(["7S 2S AD", "4C KS JH"], [], dealer=1))
        await my_turn(pilot)
        await pilot.press("m")
        for _ in range(100):
            await pilot.pause()
            if table.match.hands[0].state.complete:
                break
        assert table.match.hands[0].state.score_delta() == [0, 2]


async def test_a_saved_argentino_match_is_resumed(table_home: Path) -> None:
    rules = find_game("truco")
    match = Match(rules, rules.parse_options(ARGENTINO, 2), 2)
    save = MatchSave.new(table_home)
    save.write(table_config("truco", ["human", "random"], options=ARGENTINO), match.to_record())
    save.release()
    app = CardTableApp()
    async with app.run_test(size=(100, 40)) as pilot:
        for _ in range(50):
            await pilot.pause()
            if isinstance(app.screen, StartScreen):
                break
        await pilot.press("u")
        for _ in range(100):
            await pilot.pause()
            if (table := table_of(app)) is not None and table.info_text:
                break
        assert table is not None and isinstance(table.parts, ArgentinoParts)
        assert table.info_text.startswith("Truco Argentino — to 30")
