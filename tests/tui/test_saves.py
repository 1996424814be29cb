"""Never lose a match: a save per match, resumed from the start screen, locked to one window, failures said."""

from __future__ import annotations

import errno
import json
import os
import random
import re
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Input, RichLog

import cardtable.saves
import cardtable.tui.app
import cardtable.tui.screens.start
from cardtable.engine.cards import Deck
from cardtable.engine.loop import deal_rng, resume_match
from cardtable.engine.match import Match
from cardtable.engine.players import RandomPlayer, run_now
from cardtable.engine.records import Record
from cardtable.games import find_game
from cardtable.games.manille.rules import ManilleDeal
from cardtable.saves import (
    ARCHIVE,
    LAST_MATCH,
    SAVES,
    SETTINGS,
    MatchSave,
    SaveSummary,
    SaveWriter,
    find_unfinished,
    read_save,
)
from cardtable.tui.app import FROM_A_NEWER_CARDTABLE, CardTableApp
from cardtable.tui.dialogs.choice import ChoiceDialog
from cardtable.tui.dialogs.message import ConfirmDialog
from cardtable.tui.screens.new_game import NewGameScreen
from cardtable.tui.screens.score_sheet import ScoreSheetScreen
from cardtable.tui.screens.start import (
    READING,
    MenuLines,
    StartScreen,
    TooSmallScreen,
    match_summary,
    saved_when,
)
from cardtable.tui.screens.table import TableScreen
from tests.saves.support import a_match, save_json, saved_match, table_summary
from tests.saves.test_match_saves import DAMAGES, damaged, far_off_time
from tests.saves.test_newer_files import newer_save
from tests.support import narrowed, passed_tarot_match, pipes_released
from tests.tui.driver import last_line, screen_text, table_config, table_of

RANDOM_SEATS = ["human", "random", "random", "random"]


class Watched(CardTableApp):
    """The app, with every notification it shows kept for the test to read."""

    CSS_PATH = str(Path(cardtable.tui.app.__file__).with_name(CardTableApp.CSS_PATH))  # beside the app, not here
    said: list[str]

    def notify(self, message: str, **kwargs: Any) -> None:
        self.__dict__.setdefault("said", []).append(message)
        super().notify(message, **kwargs)


def listed(app: Any) -> bool:
    """The start screen shows, with the unfinished matches read (they are read in a thread)."""
    return isinstance(app.screen, StartScreen) and app.screen.listed


def start_screen(app: CardTableApp) -> StartScreen:
    return narrowed(StartScreen, app.screen)


async def wait_until(pilot: Pilot[None], ready: Callable[[], object], steps: int = 300) -> None:
    for _ in range(steps):
        await pilot.pause()
        if ready():
            await pilot.pause()  # drawn, too
            return
    raise AssertionError(f"never ready; the screen is {pilot.app.screen!r}")


async def play_cards(pilot: Pilot[None], count: int) -> TableScreen[Any]:
    app = pilot.app
    assert isinstance(app, CardTableApp)
    for _ in range(count):
        await wait_until(pilot, lambda: (t := table_of(app)) is not None and t.my_card_turn() and t is app.screen)
        await pilot.press("enter")
    await pilot.pause()
    table = table_of(app)
    assert table is not None
    return table


def saves_in(home: Path) -> list[Path]:
    return sorted((home / SAVES).glob("*.json"))


def log_text(table: TableScreen[Any]) -> str:
    """The whole log as one line of text (its lines are wrapped to the side panel)."""
    return " ".join(" ".join(strip.text.split()) for strip in table.query_one("#log", RichLog).lines)


def in_order(parts: list[str], text: str) -> None:
    at = 0
    for part in parts:
        found = text.find(" ".join(part.split()), at)
        assert found >= 0, f"{part!r} is not in {text[at : at + 300]!r}"
        at = found + len(part)


async def test_the_match_is_saved_after_every_action_and_resumes_with_the_hand_so_far_in_the_log(
    table_home: Path,
) -> None:
    config = table_config("manille", RANDOM_SEATS, seed=5)
    app = CardTableApp(config)
    async with app.run_test(size=(80, 24)) as pilot:
        table = await play_cards(pilot, 2)
        assert log_text(table).startswith("Manille: You, East, North, West. — Hand 1: ")
        record = table.match.to_record()
    [path] = saves_in(table_home)
    saved = json.loads(path.read_text())
    assert saved["hands"] == record["hands"] and len(saved["hands"][0]["actions"]) >= 5
    assert saved["table"]["seats"][0] == {"name": "You", "kind": "human"}
    # What the table wrote for the start screen is what it would make of the match replayed.
    replayed = resume_match(read_save(path).record)
    assert SaveSummary.from_json(saved["summary"]) == table_summary(config, replayed)

    again = CardTableApp()
    async with again.run_test(size=(120, 40)) as pilot:
        await wait_until(pilot, lambda: listed(again))
        assert "Resume Manille, hand 1" in screen_text(again)
        await pilot.press("u")
        await wait_until(pilot, lambda: (t := table_of(again)) is not None and t.my_card_turn())
        resumed = table_of(again)
        assert resumed is not None and resumed.save.path == path and resumed.config.seed == config.seed
        done = record["hands"][0]["actions"]
        assert resumed.match.to_record()["hands"][0]["actions"][: len(done)] == done
        actions = resumed.match.hands[0].actions[: len(done)]
        told = [
            "Manille: You, East, North, West.",
            "— Resuming hand 1.",
            "— Hand 1: You deal.",
            "You turn",
            *[resumed.parts.describe_action(a, resumed.names) for a in actions[:4]],
            "the trick,",
            *[resumed.parts.describe_action(a, resumed.names) for a in actions[4:]],
        ]
        in_order(told, log_text(resumed))


async def test_a_match_of_ten_thousand_hands_resumes_and_plays_on(table_home: Path) -> None:
    # Resumed, a save of 10,000 hands was ended as abandoned: its record, cut in the middle of the hand in play,
    # went to the archive, and the save was deleted.
    match = passed_tarot_match(10_000, seed=5)
    config = table_config("tarot", ["random", "human", "random", "random"], seed=5)  # you bid first
    app = CardTableApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, StartScreen))
        written = MatchSave.new(table_home)
        written.write(config, match.to_record_lines())
        written.release()
        save = MatchSave(written.path, table_home)
        app.push_screen(TableScreen(config, match, save))
        await wait_until(pilot, lambda: isinstance(app.screen, ChoiceDialog))  # your bid, or the match over
        assert isinstance(app.screen, ChoiceDialog) and app.screen.title_text.startswith("Your bid")
        table = table_of(app)
        assert table is not None and not table.match.over and len(table.match.hands) == 10_001
        table.save_now()
        saved = json.loads(save.path.read_text())
        assert len(saved["hands"]) == 10_001 and saved["hands"][-1]["actions"] == []
    assert saves_in(table_home) == [save.path]
    assert not (table_home / ARCHIVE).exists() and not (table_home / LAST_MATCH).exists()


async def test_each_save_puts_into_json_only_the_hand_in_play(
    table_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The table saves the whole match after every action; a finished hand never changes, so it is put into JSON
    # once, and what a save costs stays the same however many hands came before (it was the whole match each time).
    rules = find_game("manille")
    match = Match(rules, rules.parse_options({}, 4), 4)
    computer = RandomPlayer(random.Random(2))
    while len(match.hands) < 3 or (state := match.current) is None or state.to_act != 0:
        state = match.current or match.deal_new_hand(deal_rng(5, len(match.hands)))
        seat = state.to_act
        assert seat is not None
        match.apply(run_now(computer.choose(state.view(seat))))
    app = CardTableApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, StartScreen))
        app.push_screen(TableScreen(table_config("manille", RANDOM_SEATS), match))
        table = await play_cards(pilot, 0)
        deals: list[object] = []
        records: list[object] = []
        to_json, submit = ManilleDeal.to_json, SaveWriter.submit

        def dealt_to_json(deal: ManilleDeal, deck: Deck) -> dict[str, Any]:
            deals.append(deal)
            return to_json(deal, deck)

        def submitted(writer: SaveWriter, *job: Any) -> None:
            records.append(job)
            return submit(writer, *job)

        monkeypatch.setattr(ManilleDeal, "to_json", dealt_to_json)
        monkeypatch.setattr(SaveWriter, "submit", submitted)
        await play_cards(pilot, 2)  # your card, the computers' after it, your next one
        table.writer.wait()
    first, second, in_play = (hand.deal for hand in match.hands)
    assert len(records) >= 3 and deals == [first, second] + [in_play] * len(records)


@pytest.mark.parametrize(("actions", "hand"), [(None, 1), (5, 1), (32, 2)])
def test_the_start_screen_names_the_hand_to_play(tmp_path: Path, actions: int | None, hand: int) -> None:
    config, match = a_match(actions=actions or 0)
    record = match.to_record() if actions is not None else {**match.to_record(), "hands": []}
    MatchSave.new(tmp_path).write(config, record)
    [found], _ = find_unfinished(tmp_path)
    scores = "You & North 0 · East & West 0" if hand == 1 else "You & North"
    assert match_summary(found).startswith(f"Manille, hand {hand}\n{scores}")


def test_the_start_screen_names_a_variant_that_is_a_game_of_its_own(tmp_path: Path) -> None:
    config, match = a_match("truco", players=2, actions=2, options={"variant": "argentino"})
    MatchSave.new(tmp_path).write(config, match.to_record())
    [found], _ = find_unfinished(tmp_path)
    assert match_summary(found).startswith("Truco Argentino, 2 players, hand 1\n")


async def test_unfinished_matches_are_listed_kept_by_a_new_game_and_open_in_one_window_only(table_home: Path) -> None:
    manille = saved_match(table_home, "manille", actions=6, seed=1)
    tarot = saved_match(table_home, "tarot", players=3, actions=2, seed=2)
    os.utime(manille.path, (1_000_000, 1_000_000))  # the Tarot match was played last
    tarot_before = tarot.path.read_bytes()
    first = CardTableApp()
    async with first.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: listed(first))
        shown = screen_text(first)
        # Each match says when it was last played on its first line, its scores on the next; a game named with
        # its players (three, not Tarot's usual four) too long for that line goes on a line of its own.
        lines = shown.splitlines()
        tarot_line = next(n for n, line in enumerate(lines) if "Resume hand 1 — today " in line)
        assert (
            re.search(r"today \d\d:\d\d   \(u\)", lines[tarot_line])
            and "French Tarot, 3 players" in lines[tarot_line + 1]
            and "You 0 · East 0 · West 0" in lines[tarot_line + 2]
        )
        manille_line = next(n for n, line in enumerate(lines) if "Resume Manille, hand 1 — " in line)
        assert re.search(r"— \d\d \w{3} \d\d:\d\d", lines[manille_line])
        assert "You & North 0 · East & West 0" in lines[manille_line + 1]
        await pilot.press("n")
        await wait_until(pilot, lambda: isinstance(first.screen, ConfirmDialog))
        assert "2 unfinished matches:" in screen_text(first)
        await pilot.press("n")  # back to the start screen
        await wait_until(pilot, lambda: listed(first))
        await pilot.press("down", "enter")  # the Manille match
        await wait_until(pilot, lambda: table_of(first) is not None)
        table = table_of(first)
        assert table is not None and table.save.path == manille.path and table.save.lock.held

        second = CardTableApp()
        async with second.run_test(size=(80, 24)) as other:
            await wait_until(other, lambda: listed(second))
            shown = screen_text(second)
            assert "Manille, hand 1 — open in another window" in shown and "French Tarot, 3 players" in shown
            unfinished = start_screen(second).unfinished
            assert unfinished is not None  # listed: read
            locked = next(found for found in unfinished if found.locked)
            manille_before = manille.path.read_bytes()
            second.resume(locked)  # as if it had been chosen just before the first window took it
            await wait_until(other, lambda: "play it there" in getattr(second.screen, "notice", ""))
            assert "That match is open in another window: play it there" in screen_text(second)
            assert table_of(second) is None
            await other.press("n")
            await wait_until(other, lambda: isinstance(second.screen, ConfirmDialog))
            await other.press("y")
            await wait_until(other, lambda: isinstance(second.screen, NewGameScreen))
            # A fixed deal: a new shuffle may open with a question before the first card (Malilla's redeal).
            second.screen.query_one("#seed", Input).value = "7"
            await other.press("ctrl+s")
            await play_cards(other, 1)
        assert manille.path.read_bytes() == manille_before and len(saves_in(table_home)) == 3
        await play_cards(pilot, 1)  # the first window saves its match as before
    assert manille.path.read_bytes() != manille_before and tarot.path.read_bytes() == tarot_before


async def test_cardtable_play_asks_first_too(table_home: Path) -> None:
    old = saved_match(table_home)
    before = old.path.read_bytes()
    app = CardTableApp(table_config("manille", RANDOM_SEATS, seed=8))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, ChoiceDialog))
        shown = screen_text(app)
        assert "An unfinished match" in shown and "A new game leaves it as it is" in shown
        assert last_line(shown).split() == ["⏎", "Choose"]  # its key
        await pilot.press("enter")  # start the new game
        await play_cards(pilot, 1)
    assert old.path.read_bytes() == before and len(saves_in(table_home)) == 2


async def test_when_saving_fails_the_table_says_so_once_and_the_quit_dialog_tells_the_truth(
    table_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real_fsync = os.fsync

    def disk_full(fd: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", disk_full)
    app = Watched(table_config("manille", RANDOM_SEATS, seed=5))
    async with app.run_test(size=(80, 24)) as pilot:
        await play_cards(pilot, 1)
        failures = [s for s in app.said if "cannot be saved" in s]
        assert failures == ["The match cannot be saved: the disk is full. The table keeps trying after every move."]
        await pilot.press("ctrl+q")
        await wait_until(pilot, lambda: isinstance(app.screen, ConfirmDialog))
        question = narrowed(ConfirmDialog, app.screen).question
        assert question == "Quit the match? It could not be saved (the disk is full): quitting loses it."
        # Shown whole, wrapped to the dialog's width beside the side panel.
        shown = screen_text(app)
        assert "Quit the match? It could not be saved (the disk" in shown and "is full): quitting loses it." in shown
        await pilot.press("n")
        monkeypatch.setattr(os, "fsync", real_fsync)  # space was freed: the quit dialog's last try succeeds
        await pilot.press("ctrl+q")
        await wait_until(pilot, lambda: isinstance(app.screen, ConfirmDialog))
        question = narrowed(ConfirmDialog, app.screen).question
        assert question == "Quit the match? It is saved, and offered to you next time."
        shown = screen_text(app)
        assert "Quit the match? It is saved, and offered to you" in shown and "next time." in shown
        assert "The match is saved again." in app.said
    assert len(saves_in(table_home)) == 1


@pytest.mark.skipif(os.geteuid() == 0, reason="a read-only folder does not stop root")
async def test_a_read_only_data_folder(table_home: Path) -> None:
    saved_match(table_home)
    for folder in (table_home / SAVES, table_home):
        folder.chmod(0o500)
    try:
        app = Watched(table_config("manille", RANDOM_SEATS, seed=5))
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_until(pilot, lambda: isinstance(app.screen, ChoiceDialog))
            await pilot.press("enter")
            await play_cards(pilot, 2)
            assert sum("cannot be saved" in s for s in app.said) == 2  # the folder, then the match
    finally:
        for folder in (table_home, table_home / SAVES):
            folder.chmod(0o700)


def last_hand_to_play() -> Any:
    """The shared 36 : 24 Manille sample one trick before its end, with 95 points each: that trick ends the match."""
    from tests.support import TESTS

    record = json.loads((TESTS / "cases" / "manille" / "pips_36_24.json").read_text())
    record["hands"][0]["actions"] = record["hands"][0]["actions"][:28]
    record["start_scores"] = [95, 0, 95, 0]
    return record


async def test_a_data_folder_that_is_a_file_plays_to_the_end_and_says_it_cannot_save(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from cardtable.engine.loop import resume_match
    from cardtable.engine.records import parse_record

    home = tmp_path / "a-file"
    home.write_text("not a folder")
    monkeypatch.setenv("CARDTABLE_HOME", str(home))
    app = Watched()
    app.settings.speed = "instant"  # no settings can be read from there
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, StartScreen))
        assert f"Matches cannot be saved: the data folder {home} is a file" in start_screen(app).notice
        assert "Matches cannot be saved: the data folder" in screen_text(app)
        config = table_config("manille", RANDOM_SEATS, seed=1, first_dealer=3)
        app.push_screen(TableScreen(config, resume_match(parse_record(last_hand_to_play(), find_game))))
        await play_cards(pilot, 1)
        await wait_until(pilot, lambda: isinstance(app.screen, ScoreSheetScreen))
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, ChoiceDialog) and "win" in app.screen.title_text)
        assert any(s.startswith("The match cannot be saved: ") for s in app.said)
        assert any(s.startswith("The finished match could not be kept: ") for s in app.said)
    assert home.read_text() == "not a folder"


async def test_the_table_opens_with_a_notice_over_settings_that_are_a_named_pipe(table_home: Path) -> None:
    (table_home / SETTINGS).unlink()
    os.mkfifo(table_home / SETTINGS)
    with pipes_released(table_home / SETTINGS) as waited_on:
        app = CardTableApp()
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_until(pilot, lambda: isinstance(app.screen, StartScreen))
            screen = app.screen
            assert isinstance(screen, StartScreen)
            assert "Your settings could not be used: it is a named pipe, not a file." in screen.notice
    assert not waited_on, "the table waited for someone to write to its settings"
    assert not (table_home / SETTINGS).exists() and next(table_home.glob("settings.unreadable-*.json")).is_fifo()


async def test_the_start_screen_opens_over_every_kind_of_damaged_save_and_settings(table_home: Path) -> None:
    (table_home / SETTINGS).write_text(json.dumps({"speed": "instant", "theme": "no-such-theme", "ascii_cards": 1}))
    raw = save_json(table_home)
    (table_home / SAVES).mkdir(exist_ok=True)
    for n, (change, _says) in enumerate(DAMAGES.values()):
        (table_home / SAVES / f"20240101-0000{n:02d}-damage.json").write_text(damaged(change)(raw))
    odd = saved_match(table_home)  # and one that is fine, but for its players' names
    content = json.loads(odd.path.read_text())
    for seat, name in zip(content["table"]["seats"], ["[/]", "[red]Cy", "[b]", "\x1b[31mDi\u202e"], strict=True):
        seat["name"] = name
    odd.path.write_text(json.dumps(content))
    app = CardTableApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: listed(app))
        screen = app.screen
        assert isinstance(screen, StartScreen) and screen.unfinished is not None
        assert len(screen.unfinished) == 1 and screen.notice.count("A saved match could not be used") == len(DAMAGES)
        assert 'the theme "no-such-theme" is not one of the table\'s themes' in screen.notice
        assert "ascii cards must be true or false, not 1" in screen.notice
        assert "In your settings" in screen_text(app) and app.theme == "textual-dark"
        assert "[/] & [b] 0 · [red]Cy & \\x1b[31mDi\\u202e 0" in screen_text(app)  # escapes shown, not obeyed
        await pilot.press("u")
        await wait_until(pilot, lambda: (t := table_of(app)) is not None and t.my_card_turn())
        assert "[red]Cy" in screen_text(app)


async def test_a_terminal_too_small_shows_a_notice_until_it_grows() -> None:
    app = CardTableApp(table_config("manille", RANDOM_SEATS))
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        assert "too small" in screen_text(app)
        await pilot.resize_terminal(80, 24)
        await settle_on(pilot, TableScreen)
        await pilot.resize_terminal(79, 24)  # shrinking again brings the notice back
        await settle_on(pilot, TooSmallScreen)


async def settle_on(pilot: Pilot[None], kind: type) -> None:
    """The size guard looks a few times a second: give it up to two seconds."""
    for _ in range(40):
        await pilot.pause(0.05)
        if isinstance(pilot.app.screen, kind):
            return
    raise AssertionError(f"{kind.__name__} did not show; the screen is {pilot.app.screen!r}")


def at(path: Path, seconds: float) -> None:
    os.utime(path, (seconds, seconds))


async def test_the_start_screen_lists_saves_from_their_summaries_and_replays_a_match_only_to_open_it(
    table_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    tarot = saved_match(table_home, "tarot", players=3, actions=2, seed=2, summary=True)
    old = saved_match(table_home, "truco", players=2, actions=2, seed=1)  # a save of the version before summaries
    damaged_manille = saved_match(table_home, "manille", actions=2, seed=3, summary=True)
    raw = json.loads(damaged_manille.path.read_text())
    raw["hands"][0]["actions"].append(raw["hands"][0]["actions"][0])  # its replay fails; its summary does not
    damaged_manille.path.write_text(json.dumps(raw))
    at(old.path, 1_000_000)
    at(damaged_manille.path, 2_000_000)
    replayed: list[str] = []

    def counted(record: Record) -> Any:
        replayed.append(record.rules.name)
        return resume_match(record)

    monkeypatch.setattr(cardtable.saves, "resume_match", counted)
    app = CardTableApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: listed(app))
        assert replayed == ["truco"]  # the old save alone, to be listed
        lines = screen_text(app).splitlines()
        first = next(n for n, line in enumerate(lines) if "Resume hand 1 — today " in line)
        assert "(u)" in lines[first] and "French Tarot, 3 players" in lines[first + 1]
        assert "You 0 · East 0 · West 0" in lines[first + 2] and "Resume Manille, hand 1 — " in lines[first + 3]
        assert "Resume Truco Paulista, 2 players, hand 1 — " in lines[first + 5]
        await pilot.press("down", "enter")  # the Manille match: replayed now, and found damaged
        await wait_until(pilot, lambda: listed(app) and "could not be used" in start_screen(app).notice)
        assert replayed == ["truco", "manille", "truco"] and not damaged_manille.path.exists()
        assert "A saved match could not be used: " in screen_text(app) and "(hand 1)" in start_screen(app).notice
        await pilot.press("u")
        await wait_until(pilot, lambda: table_of(app) is not None)
        table = table_of(app)
        assert table is not None and table.save.path == tarot.path and replayed[-1] == "tarot"


async def test_the_start_screen_says_it_is_reading_the_saves_while_a_thread_reads_them(
    table_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    saved_match(table_home, summary=True)
    go_on = threading.Event()
    real = cardtable.saves.find_unfinished

    def slow(*args: Any, **kwargs: Any) -> Any:
        go_on.wait(10)
        return real(*args, **kwargs)

    monkeypatch.setattr(cardtable.tui.screens.start, "find_unfinished", slow)
    app = CardTableApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, StartScreen))
        shown = screen_text(app)
        assert READING in shown and "Resume" not in shown and not start_screen(app).listed
        go_on.set()
        await wait_until(pilot, lambda: listed(app))
        shown = screen_text(app)
        assert READING not in shown and "Resume Manille, hand 1" in shown and "u Resume" in last_line(shown)


async def test_the_start_screen_lists_a_save_of_a_newer_cardtable_and_leaves_it_as_it_is(table_home: Path) -> None:
    newer = newer_save(table_home, "a record this version cannot read")
    mine = saved_match(table_home, summary=True)
    at(newer, 1_000_000)
    before = newer.read_bytes()
    app = CardTableApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: listed(app))
        shown = screen_text(app)
        assert f"A match from a newer cardtable — {saved_when(1_000_000)}" in shown and "could not be used" not in shown
        assert re.search(r"Resume Manille, hand 1 — today \d\d:\d\d   \(u\)", shown)
        await pilot.press("down", "enter")  # the newer one
        await wait_until(pilot, lambda: listed(app) and FROM_A_NEWER_CARDTABLE in start_screen(app).notice)
        assert "That match was saved by a newer cardtable" in screen_text(app)
        assert table_of(app) is None
    assert newer.read_bytes() == before and {p.name for p in saves_in(table_home)} == {newer.name, mine.path.name}


def test_a_time_no_date_can_be_made_of_reads_date_unknown() -> None:
    assert saved_when(1e18) == saved_when(-1e18) == saved_when(float(2**63)) == "date unknown"
    assert saved_when(0, now=1e18) != "date unknown"


async def test_the_start_screen_opens_over_a_save_of_a_time_far_out_of_range(
    table_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    far = saved_match(table_home, "tarot", players=3, seed=1, summary=True)
    near = saved_match(table_home, "manille", seed=2, summary=True)
    at(near.path, 1_000_000)
    far_off_time(far.path, 1e18, monkeypatch)
    app = CardTableApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: listed(app))
        lines = screen_text(app).splitlines()
        manille = next(n for n, line in enumerate(lines) if "Resume Manille, hand 1 — " in line)
        assert "(u)" in lines[manille]
        assert "Resume French Tarot, 3 players, hand 1 — date unknown" in lines[manille + 2]


@pytest.mark.parametrize("text", ["Resume Manille, hand 1 — today 10:00   (u)\n   You & North 0 · East & West 0",
                                  "One line", "A line far too wide for the width the menu gives it " * 3 + "\n   0",
                                  "Wide cards 🂡🂱🂡🂱 and accents é\n\n   a blank line above"])  # fmt: skip
def test_a_menu_entry_is_as_high_as_textual_would_make_it(text: str) -> None:
    from textual.content import Content

    for width in (20, 46, 58, 200):
        assert MenuLines(text).get_height({}, width) == Content(text).get_height({}, width), (text, width)
