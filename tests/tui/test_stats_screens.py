"""Statistics, match history and watching, as a player uses them: matches finished from records near their end."""

from __future__ import annotations

import copy
import gzip
import json
import os
from pathlib import Path
from typing import Any

from textual.pilot import Pilot
from textual.widgets import DataTable, Input, Static

from cardtable.archive import archived_ids, read_archived
from cardtable.engine.loop import resume_match
from cardtable.engine.records import parse_record
from cardtable.games import find_game
from cardtable.stats import STATS, load_statistics
from cardtable.tui.app import CardTableApp
from cardtable.tui.dialogs.choice import ChoiceDialog
from cardtable.tui.dialogs.export import ExportDialog
from cardtable.tui.screens.history import HistoryScreen
from cardtable.tui.screens.stats import StatsScreen
from cardtable.tui.screens.table import TableScreen
from cardtable.tui.screens.watch import WatchScreen
from tests.stats.support import archive, record_of
from tests.support import pipes_released, replay_record
from tests.tui.driver import footer_line, play_until_over, screen_text, settled, table_config

SEATS = ["human", "random", "random", "random"]


def last_trick_of(name: str) -> Any:
    """A Manille match that ends with its hand's last trick, stopped just before it."""
    record = copy.deepcopy(record_of(name))
    record["hands"][-1]["actions"] = record["hands"][-1]["actions"][:28]
    return resume_match(parse_record(record, find_game))


async def until(pilot: Pilot[None], ready: Any, steps: int = 300) -> None:
    for _ in range(steps):
        await pilot.pause()
        if ready():
            return
    raise AssertionError("the screen never got ready")


async def open_settled(pilot: Pilot[None], app: CardTableApp, name: str, screen_type: type[Any]) -> None:
    """Open the screen the command palette calls ``name`` and wait until it is laid out."""
    app.open_from_palette(name)
    await until(pilot, lambda: isinstance(app.screen, screen_type))
    await settled(pilot)


def text_of(screen: Any, selector: str) -> str:
    return str(screen.query_one(selector, Static).render())


async def finish(pilot: Pilot[None], name: str, hint: bool = False) -> str:
    """Play a match's last trick at the table (the next one opens over the last one's match-over question)."""
    table: TableScreen[Any] = TableScreen(table_config("manille", SEATS, seed=5), last_trick_of(name))
    pilot.app.push_screen(table)
    if hint:
        await until(pilot, table.my_card_turn)
        await pilot.press("t")
    return await play_until_over(pilot)


async def test_statistics_after_two_matches(table_home: Path) -> None:
    app = CardTableApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        first = await finish(pilot, "manille/match_end_101")
        second = await finish(pilot, "manille/target_reached_exactly", hint=True)
        assert "East & West win" in first and "You & North win" in second
        assert len(archived_ids(table_home)) == 2
        app.open_from_palette("stats")
        await until(pilot, lambda: isinstance(app.screen, StatsScreen))
        screen = app.screen
        assert text_of(screen, "#stats-total") == "2 played · 1 won (50 %)"
        groups = text_of(screen, "#stats-groups")
        assert "Manille: 4 players, against Random" in groups and "1 of 2 won (50 %)" in groups
        assert "Streak 1 (best 1)" in groups and "1 with help" in groups
        assert text_of(screen, "#stats-results") == "LW"
        (table_home / STATS).write_text("damaged")
        await pilot.press("r")  # rebuilt from the archive
        await pilot.pause()
        assert any("rebuilt from 2 archived matches" in n.message for n in app._notifications)
        assert text_of(screen, "#stats-total") == "2 played · 1 won (50 %)"
        await pilot.press("h")
        await until(pilot, lambda: isinstance(app.screen, HistoryScreen))
        history = app.screen
        assert isinstance(history, HistoryScreen)
        table = history.query_one(DataTable)
        assert table.row_count == 2
        assert [str(table.get_row_at(n)[3]) for n in range(2)] == ["Won 101 : 0", "Lost 90 : 105"]
        assert footer_line(app).split()[:6] == ["w", "Watch", "s", "Star", "e", "Export"]
        await pilot.press("s")  # star the newest
        await pilot.pause()
        assert json.loads((table_home / "stars.json").read_text())["starred"] == [history.rows[0].match_id]
    statistics, notices = load_statistics(table_home)
    assert notices == [] and [s.assisted["hints"] for s in statistics.matches] == [0, 1]


async def test_watching_a_finished_match_step_by_step(table_home: Path) -> None:
    archive(table_home, "manille/equal_best_scores_then_decided", "m1")
    record = record_of("manille/equal_best_scores_then_decided")
    stats_before = load_statistics(table_home)[0].matches
    app = CardTableApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: app.screen.__class__.__name__ == "StartScreen")
        titles = [command.title for command in app.get_system_commands(app.screen)]
        assert "Statistics" in titles and "Match history" in titles
        await pilot.press("h")
        await until(pilot, lambda: isinstance(app.screen, HistoryScreen))
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, WatchScreen))
        watch = app.screen
        assert isinstance(watch, WatchScreen)
        first_deal = record["hands"][0]["deal"]["hands"]
        assert [sorted(cards) for cards in watch.shown_hands] == [sorted(hand) for hand in first_deal]
        for _ in range(3):
            await pilot.press("right")
        assert (watch.hand, watch.done) == (0, 3)
        played = record["hands"][0]["actions"][2]
        assert played["play"] not in watch.shown_hands[played["seat"]]
        assert watch.parts.describe_action(watch.record.hands[0].actions[2], watch.names) in text_of(
            watch, "#watch-said"
        )
        await pilot.press("left")
        assert (watch.hand, watch.done) == (0, 2)
        assert played["play"] in watch.shown_hands[played["seat"]]
        await pilot.press("pagedown")
        assert (watch.hand, watch.done) == (1, 0)
        assert "hand 2 of 2, action 0 of 32" in str(watch.query_one("#watch-title").render())
        await pilot.press("left")
        assert (watch.hand, watch.done) == (0, 32)
        await pilot.press("j")
        await until(pilot, lambda: isinstance(app.screen, ChoiceDialog))
        await pilot.press("down", "enter")
        await until(pilot, lambda: app.screen is watch)
        assert (watch.hand, watch.done) == (1, 0)
        await pilot.press("end")
        assert "won the match" in text_of(watch, "#watch-said")
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, HistoryScreen))
    # Watching is no match: nothing saved, nothing counted again.
    assert not (table_home / "saves").exists() or not list((table_home / "saves").glob("*.json"))
    assert load_statistics(table_home)[0].matches == stats_before and archived_ids(table_home) == ["m1"]


async def test_exporting_a_match_from_the_history(table_home: Path, tmp_path: Path) -> None:
    archive(table_home, "manille/match_end_101", "m1")
    app = CardTableApp()
    target = tmp_path / "mine.json"
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: app.screen.__class__.__name__ == "StartScreen")
        await pilot.press("h")
        await until(pilot, lambda: isinstance(app.screen, HistoryScreen))
        await pilot.press("e")
        await until(pilot, lambda: isinstance(app.screen, ExportDialog))
        app.screen.query_one(Input).value = str(tmp_path / "no-such-folder" / "x" / "\0")
        await pilot.press("enter")
        await pilot.pause()
        assert "could not be written" in text_of(app.screen, "#export-problem")
        app.screen.query_one(Input).value = str(target)
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, HistoryScreen))
        assert any(str(target) in n.message for n in app._notifications)
        await pilot.press("e")
        await until(pilot, lambda: isinstance(app.screen, ExportDialog))
        await pilot.press("enter")  # nothing typed: the data folder's exports
        await until(pilot, lambda: isinstance(app.screen, HistoryScreen))
    out, status = replay_record(json.loads(target.read_text()))
    assert status == 0 and out["winner"] is not None
    assert (table_home / "exports" / "manille-m1.json").exists()
    assert not (table_home / STATS).with_suffix(".unreadable").exists()


def test_the_watch_screen_names_a_variant_that_is_a_game_of_its_own(table_home: Path) -> None:
    archive(table_home, "truco/argentino_contraflor_al_resto_wins_the_match", "a1")
    watch = WatchScreen(read_archived("a1", table_home))
    assert watch.heading().startswith("Watching Truco Argentino, 2026-12-01 10:00 — hand 1 of ")


async def test_an_empty_history_offers_only_its_way_back() -> None:
    app = CardTableApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await open_settled(pilot, app, "history", HistoryScreen)
        assert "No finished match yet" in text_of(app.screen, "#history-empty")
        assert footer_line(app).split() == ["esc", "Back", "^q", "Quit"]
        await pilot.press("enter", "s", "e")  # nothing to watch, star or export: nothing happens
        await pilot.pause()
        assert isinstance(app.screen, HistoryScreen)


async def test_statistics_with_no_match_offer_no_rebuild() -> None:
    app = CardTableApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await open_settled(pilot, app, "stats", StatsScreen)
        assert "Rebuild" not in footer_line(app) and "Match history" in footer_line(app)
        await pilot.press("r")  # nothing happens, and nothing is said
        await pilot.pause()
        assert isinstance(app.screen, StatsScreen) and not app._notifications


async def test_a_rebuild_from_one_match_says_so_in_the_singular(table_home: Path) -> None:
    archive(table_home, "manille/match_end_101", "m1", "2026-12-01T10:00:00Z")
    app = CardTableApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await open_settled(pilot, app, "stats", StatsScreen)
        await pilot.press("r")
        await until(pilot, lambda: bool(app._notifications))
        assert "Statistics rebuilt from 1 archived match." in notices_of(app)


# ------------------------------------------------------------------ damaged files under the screens
def two_manille_matches(home: Path) -> dict[str, Any]:
    """Two finished matches, counted: what the statistics file holds for them."""
    archive(home, "manille/match_end_101", "m1", "2026-12-01T10:00:00Z")
    archive(home, "manille/target_reached_exactly", "m2", "2026-12-01T11:00:00Z")
    load_statistics(home)
    stored: dict[str, Any] = json.loads((home / STATS).read_text())
    return stored


def notices_of(app: CardTableApp) -> str:
    return "\n".join(n.message for n in app._notifications)


async def test_statistics_and_history_open_over_a_damaged_statistics_file(table_home: Path) -> None:
    stored = two_manille_matches(table_home)
    stored["matches"][0]["game"] = "chess"
    stored["matches"][1]["names"] = [1, None, [], {}]
    (table_home / STATS).write_text(json.dumps(stored))
    app = CardTableApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await open_settled(pilot, app, "stats", StatsScreen)
        assert text_of(app.screen, "#stats-total") == "2 played · 1 won (50 %)"
        assert 'The statistics file could not be used: the game of match m1 is "chess"' in notices_of(app)
        await pilot.press("h")
        await until(pilot, lambda: isinstance(app.screen, HistoryScreen))
        assert app.screen.query_one(DataTable).row_count == 2


async def test_what_the_statistics_file_says_is_shown_as_written(table_home: Path) -> None:
    """Brackets and a line separator in a score, a variant or names: neither markup nor a broken line."""
    stored = two_manille_matches(table_home)
    newest = stored["matches"][1]
    # A line separator in a name is kept by the table as its escape (engine.visible): the file holds it so.
    newest.update(variant="[/]", score="[/] : [b]", names=["[/]", "[bold]B", "C\\u2028D", "E"])
    (table_home / STATS).write_text(json.dumps(stored))
    app = CardTableApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await open_settled(pilot, app, "stats", StatsScreen)
        # The level as the new-game form names it, not its name in the file.
        assert "Manille: [/], against Club player" in text_of(app.screen, "#stats-groups") and not app._notifications
        await pilot.press("h")
        await until(pilot, lambda: isinstance(app.screen, HistoryScreen))
        row = [str(cell) for cell in app.screen.query_one(DataTable).get_row_at(0)]
        assert row[3:] == ["Won [/] : [b]", "[/] (you), [bold]B, C\\u2028D, E"]


async def test_named_pipes_for_statistics_stars_and_an_archive_entry_are_never_waited_on(table_home: Path) -> None:
    two_manille_matches(table_home)
    (table_home / STATS).unlink()
    pipes = [table_home / STATS, table_home / "stars.json", table_home / "archive" / "m9.json.gz"]
    for pipe in pipes:
        os.mkfifo(pipe)
    app = CardTableApp()
    with pipes_released(*pipes) as waited_on:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await open_settled(pilot, app, "stats", StatsScreen)
            assert text_of(app.screen, "#stats-total") == "2 played · 1 won (50 %)"
            assert notices_of(app).count("it is a named pipe, not a file") == 2  # the statistics and m9
            await pilot.press("h")
            await until(pilot, lambda: isinstance(app.screen, HistoryScreen))
            assert app.screen.query_one(DataTable).row_count == 2
            assert "Your starred matches could not be used: it is a named pipe, not a file." in notices_of(app)
    assert not waited_on, "a screen waited for someone to write to a named pipe"


async def test_a_match_damaged_since_it_was_counted_is_named_and_set_aside_when_watched(table_home: Path) -> None:
    two_manille_matches(table_home)
    path = table_home / "archive" / "m2.json.gz"
    raw = json.loads(gzip.decompress(path.read_bytes()))
    actions = raw["hands"][0]["actions"]
    raw["hands"][0]["actions"] = [actions[1], *actions]  # no longer replays
    path.write_bytes(gzip.compress(json.dumps(raw).encode()))
    kept = table_home / "archive" / "m1.json.gz"
    raw = json.loads(gzip.decompress(kept.read_bytes()))
    raw["table"]["seats"][1]["name"], raw["table"]["seats"][2]["name"] = "[/]", "C\u2028D"  # a name, not markup
    kept.write_bytes(gzip.compress(json.dumps(raw).encode()))
    app = CardTableApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: app.screen.__class__.__name__ == "StartScreen")
        await pilot.press("h")
        await until(pilot, lambda: isinstance(app.screen, HistoryScreen))
        history = app.screen
        await pilot.press("enter")  # the newest: m2
        await pilot.pause()
        assert app.screen is history and history.query_one(DataTable).row_count == 1
        assert "A finished match in the archive could not be used: it does not replay" in notices_of(app)
        assert "m2.json.unreadable-" in notices_of(app) and not path.exists()
        await pilot.press("enter")  # the one left is watched
        await until(pilot, lambda: isinstance(app.screen, WatchScreen))
        await settled(pilot)
        shown = screen_text(app)
        assert "[/]" in shown and "C\\u2028D" in shown


async def test_the_history_lists_a_match_a_newer_cardtable_archived_and_neither_watches_nor_exports_it(
    table_home: Path,
) -> None:
    from tests.stats.test_stats import newer_entry

    archive(table_home, "manille/match_end_101", "m1", "2026-12-01T10:00:00Z")
    path = newer_entry(table_home, "m2", "2026-12-02T10:00:00Z")
    before = path.read_bytes()
    app = CardTableApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await open_settled(pilot, app, "history", HistoryScreen)
        table = app.screen.query_one(DataTable)
        row = [str(cell) for cell in table.get_row_at(0)[1:4]]
        assert row == ["2026-12-02 10:00", "Truco", "From a newer cardtable"]
        for key in ("enter", "e"):  # the newer one is the first row
            await pilot.press(key)
            await until(pilot, lambda: any("archived by a newer cardtable" in n.message for n in app._notifications))
            assert isinstance(app.screen, HistoryScreen)
            app.clear_notifications()
    assert path.read_bytes() == before and sorted(archived_ids(table_home)) == ["m1", "m2"]


async def test_the_watch_footer_shows_every_key_whole_at_80_columns(table_home: Path) -> None:
    archive(table_home, "manille/equal_best_scores_then_decided", "m1")
    app = CardTableApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: app.screen.__class__.__name__ == "StartScreen")
        await pilot.press("h")
        await until(pilot, lambda: isinstance(app.screen, HistoryScreen))
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, WatchScreen))
        await pilot.pause()
        footer = footer_line(app)
        for shown in ("Step", "Hand", "Jump", "Export", "Close", "^q Quit"):
            assert shown in footer, footer
