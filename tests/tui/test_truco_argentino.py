"""Truco Argentino at the table: the form offers it with its options; envido, truco and the deck by keys and
dialogs that say what each answer is worth; the counts of a settled envido in the log; a save resumed."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from rich.cells import cell_len
from textual.geometry import Region
from textual.pilot import Pilot
from textual.widgets import Select, Static

from cardtable.engine.loop import resume_match
from cardtable.engine.match import Match
from cardtable.engine.records import parse_record
from cardtable.games import find_game
from cardtable.games.truco.argentino import ArgentinoView
from cardtable.saves import MatchSave
from cardtable.tui.app import CardTableApp
from cardtable.tui.dialogs.message import NoticeDialog
from cardtable.tui.games.truco.argentino import ArgentinoParts
from cardtable.tui.games.truco.call import CallDialog
from cardtable.tui.screens.new_game import NewGameScreen
from cardtable.tui.screens.start import StartScreen
from cardtable.tui.screens.table import TableScreen
from cardtable.tui.widgets.hand import HandView
from cardtable.tui.widgets.log import TableLog
from tests.support import narrowed
from tests.tui.driver import footer_line, my_turn, screen_text, settled, table_config, table_of, wait_for

ARGENTINO = {"variant": "argentino"}


def argentino_match(hands: list[str], actions: list[dict[str, Any]], dealer: int = 0, **more: Any) -> Match:
    """A two-seat match (You, then North) from one dealt hand and its first actions."""
    hand = {"dealer": dealer, "deal": {"hands": [h.split() for h in hands]}, "actions": actions}
    record = {"format": "cardtable-record/1", "game": "truco", "players": 2, "options": {**ARGENTINO, **more},
              "hands": [hand]}  # fmt: skip
    return resume_match(parse_record(record, find_game))


async def open_table(pilot: Pilot[None], match: Match, **more: Any) -> TableScreen[Any]:
    config = table_config("truco", ["human", "heuristic"], names=["You", "North"], options={**ARGENTINO, **more})
    await pilot.pause()
    pilot.app.push_screen(TableScreen(config, match))
    await pilot.pause()
    table = next((s for s in pilot.app.screen_stack if isinstance(s, TableScreen)), None)
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
        await wait_for(pilot, lambda: isinstance(app.screen, NewGameScreen) and app.screen.query("#opt-variant"))
        form = app.screen
        assert isinstance(form, NewGameScreen) and not form.query("#opt-flor")
        form.query_one("#opt-variant", Select).value = "argentino"

        def argentino_drawn() -> bool:
            targets = form.query("#opt-target").results(Select)
            return bool(form.query("#opt-flor")) and any(t.value == 30 for t in targets)

        await wait_for(pilot, argentino_drawn)
        target = form.query_one("#opt-target", Select)
        assert target.value == 30
        assert any("15 malas, then 15 buenas" in str(help.content) for help in form.query(".help").results(Static))
        form.query_one("#opt-flor", Select).value = True
        form.query_one("#players", Select).value = 6

        def redrawn() -> bool:
            # The form is drawn again for six players: its fields are gone for a moment while it is.
            variants = form.query("#opt-variant").results(Select)
            return bool(form.query("#name-5")) and any(v.value != Select.NULL for v in variants)

        await wait_for(pilot, redrawn)
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
        # The dialog asks the prompt's question over it, and leaves no cut piece of it beside it.
        assert table.prompt_line.has_class("-asked-in-dialog") and not table.prompt_line.visible
        await choose(pilot, asked, "Accept")
        await my_turn(pilot)
        assert not table.prompt_line.has_class("-asked-in-dialog")
        said = "Envido accepted (envido counts: You 26, North 33): North's 33 wins, North scores 2."
        shown = screen_text(app)
        assert said in table.logged  # in the log for good (the notice line moves on with the next card)
        assert "North: 2 (malas)" in shown  # envido points count at once
        view = table.parts.seat_view(table.match.current, 0) if table.match.current is not None else None
        assert isinstance(view, ArgentinoView) and view.envido is not None and view.envido.points == 2


def stands_clear(table: TableScreen[Any], dialog: Region) -> None:
    """A call dialog leaves the side panel whole (the score, the vira's line) and covers none of the hand's cards."""
    assert not dialog.overlaps(table.query_one("#side").region)
    assert not [card for card in table.query_one(HandView).cards if card.region.overlaps(dialog)]


async def test_the_answer_to_a_first_truco_may_put_the_envido_first() -> None:
    app = CardTableApp()
    async with app.run_test(size=(80, 24)) as pilot:
        match = argentino_match(["7S 2S AD", "4C KS JH"], [{"seat": 1, "call": "truco"}])
        table = await open_table(pilot, match)
        asked = await dialog(pilot)
        assert asked.title_text == "North calls truco (2): accept, refuse, or raise to retruco (3)?"
        labels = [text for text, _ in asked.choices]
        assert labels[3:] == ["Envido first (truco waits)", "Real envido first (truco waits)",
                              "Falta envido first (truco waits)"]  # fmt: skip
        # Its six choices at 80x24 leave the side panel whole beside it, and the hand's cards in view.
        await wait_for(pilot, lambda: asked.query_one(".dialog").region.height > 0)
        await pilot.pause()
        stands_clear(table, asked.query_one(".dialog").region)
        await choose(pilot, asked, "Envido first")
        again = await dialog(pilot)  # North answered the envido; the truco waits for you
        for _ in range(50):
            if again.title_text.startswith("North calls truco"):
                break
            await pilot.pause()
            again = await dialog(pilot)
        assert again.title_text == "North calls truco (2): accept, refuse, or raise to retruco (3)?"
        assert not any(text.startswith("Envido") for text, _ in again.choices)


async def test_at_four_players_the_envido_first_dialog_leaves_both_sides_scores_in_view() -> None:
    app = CardTableApp()
    async with app.run_test(size=(80, 24)) as pilot:
        hands = [["7S", "2S", "AD"], ["4C", "KS", "JH"], ["7D", "4D", "3S"], ["6C", "5C", "AS"]]
        record = {"format": "cardtable-record/1", "game": "truco", "players": 4, "options": ARGENTINO,
                  "hands": [{"dealer": 2, "deal": {"hands": hands},
                             "actions": [{"seat": 3, "call": "truco"}]}]}  # fmt: skip
        match = resume_match(parse_record(record, find_game))
        config = table_config("truco", ["human", "heuristic", "heuristic", "heuristic"], options=ARGENTINO)
        await pilot.pause()
        app.push_screen(TableScreen(config, match))
        asked = await dialog(pilot)
        table = table_of(app)
        assert table is not None
        await wait_for(pilot, lambda: asked.query_one(".dialog").region.height > 0)
        await pilot.pause()
        lines = table.info_text.splitlines()
        sides = [line for line in lines[lines.index("Score") + 1 : lines.index("This hand")]]
        assert sides == ["  You & North: 0, malas", "  East & West: 0, malas"]  # one row each, at 24 columns
        stands_clear(table, asked.query_one(".dialog").region)


async def test_the_call_keys_make_the_calls() -> None:
    app = CardTableApp()
    async with app.run_test(size=(80, 24)) as pilot:
        table = await open_table(pilot, argentino_match(["7S 2S AD", "4C KS JH"], [], dealer=1))
        await my_turn(pilot)
        assert "e: envido; v: truco; m: to the deck" in table.prompt_text
        await wait_for(pilot, lambda: table.footer_timer is None)
        await pilot.pause(0.05)
        footer = footer_line(app)
        # At 80 columns the footer names each call key and still ends with Quit (the keys screen lists Rules).
        assert "e Envido" in footer and "v Truco" in footer and "Quit" in footer and "Rules" not in footer
        await pilot.press("e")
        envido = await dialog(pilot)
        assert [text for text, _ in envido.choices][:2] == ["Envido (+2)", "Real envido (+3)"]
        await pilot.press("escape")
        await pilot.press("v")
        # A refusal ends the hand, and the next is dealt at once (its line stays): the call is in the first hand.
        for _ in range(100):
            await pilot.pause()
            if any(a.value == "truco" for a in table.match.hands[0].actions):
                break
        assert [(a.seat, a.value) for a in table.match.hands[0].actions][:1] == [(0, "truco")]


async def test_going_to_the_deck_by_its_key_gives_the_hand_and_the_envido_point() -> None:
    app = CardTableApp()
    async with app.run_test(size=(80, 24)) as pilot:
        app.settings.brief_hand_ends = False  # the hand's score sheet, and its title, at once
        table = await open_table(pilot, argentino_match(["7S 2S AD", "4C KS JH"], [], dealer=1))
        await my_turn(pilot)
        await pilot.press("m")
        for _ in range(100):
            await pilot.pause()
            if table.match.hands[0].state.complete:
                break
        assert table.match.hands[0].state.score_delta() == [0, 2]
        for _ in range(100):
            await pilot.pause()
            if "score sheet" in screen_text(app):
                break
        assert "Truco Argentino — score sheet" in screen_text(app)  # the variant's name, as the side panel's
        assert table.query_one("#log", TableLog).texts[0].startswith("Truco Argentino: ")


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


# ----------------------------------------------------------------- the parts, without a table
NAMES = ["Ana", "Bea"]


def hand_after(hands: list[str], actions: list[dict[str, Any]], **more: Any) -> Any:
    state = argentino_match(hands, actions, **more).current
    assert state is not None
    return state


def parts() -> ArgentinoParts:
    chosen = find_game("truco").parse_options(ARGENTINO, 2)
    from cardtable.tui.games import parts_for

    found = parts_for("truco").for_options(chosen)
    assert isinstance(found, ArgentinoParts)
    return found


def test_the_news_of_a_settled_envido_names_every_count_and_who_scores() -> None:
    from cardtable.games.truco.argentino import CALLS, Call

    state = hand_after(["AS 5S 3C", "7D 6D KS"], [{"seat": 1, "call": "envido"}, {"seat": 0, "call": "accept"}])
    news = parts().news(state.view(0), CALLS[0][Call.ACCEPT], NAMES)
    assert news == ["Envido accepted (envido counts: Ana 26, Bea 33): Bea's 33 wins, Bea scores 2."]
    refused = hand_after(["AS 5S 3C", "7D 6D KS"], [{"seat": 1, "call": "envido"}, {"seat": 0, "call": "refuse"}])
    assert parts().news(refused.view(1), CALLS[0][Call.REFUSE], NAMES) == ["Envido refused: Bea scores 1."]
    truco = hand_after(["AS 5S 3C", "7D 6D KS"], [{"seat": 1, "call": "truco"}, {"seat": 0, "call": "accept"}])
    assert parts().news(truco.view(0), CALLS[0][Call.ACCEPT], NAMES) == []  # a truco settles no count


def test_an_uncontested_flor_is_news_and_the_flor_holder_sees_its_own_count() -> None:
    from cardtable.games.truco.argentino import CALLS, Call

    state = hand_after(["AC 6S 3C", "7H 5H 4H"], [{"seat": 1, "call": "flor"}], flor=True, dealer=0)
    assert parts().news(state.view(0), CALLS[1][Call.FLOR], NAMES) == [
        "Bea sings the flor and nobody can answer it: Bea scores 3."
    ]
    lines = parts().info_lines(state.view(1), NAMES, private=True)
    assert "Your flor: 36" in lines and "Flor uncontested: 3 to Bea" in lines
    assert not any(line.startswith("Your") for line in parts().info_lines(state.view(0), NAMES, private=True))
    assert not any(line.startswith("Your") for line in parts().info_lines(state.view(1), NAMES, private=False))


def test_the_score_reads_in_malas_and_buenas_at_30_only() -> None:
    view = hand_after(["AS 5S 3C", "7D 6D KS"], []).view(0)
    assert [parts().standing(view, score) for score in (0, 14, 15, 18)] == ["malas", "malas", "buenas", "3 buenas"]
    to_15 = hand_after(["AS 5S 3C", "7D 6D KS"], [], target=15).view(0)
    assert parts().standing(to_15, 9) == ""


def test_a_seat_note_names_the_raise_it_made() -> None:
    calls = [{"seat": 1, "call": "truco"}, {"seat": 0, "call": "raise"}, {"seat": 1, "call": "raise"}]
    view = hand_after(["AS 5S 3C", "7D 6D KS"], calls).view(0)
    assert (parts().seat_note(view, 0), parts().seat_note(view, 1)) == ("RETRUCO!", "VALE CUATRO!")


def test_a_flor_to_answer_asks_with_the_flor_words_and_their_worth() -> None:
    from cardtable.games.truco.words import ARGENTINO_WORDS

    state = hand_after(["7H 5H 4H", "AC 6C 3C"], [{"seat": 0, "call": "flor"}], flor=True, dealer=1)
    view = state.view(1)
    assert ARGENTINO_WORDS.question(view, NAMES) == "Ana sings flor: accept (4) or refuse (3) or raise?"
    labels = [ARGENTINO_WORDS.call_label_now(action, view) for action in view.legal]
    assert labels[:2] == ["Con flor quiero: 4 points", "Con flor me achico: 3 to them"]
    assert ARGENTINO_WORDS.own_count(view) == "Your flor counts 30."
    contra = hand_after(["7H 5H 4H", "AC 6C 3C"], [{"seat": 0, "call": "flor"}, {"seat": 1, "call": "contraflor"}],
                        flor=True, dealer=1).view(0)  # fmt: skip
    assert ARGENTINO_WORDS.question(contra, NAMES) == "Bea calls contraflor: accept (6) or refuse (4) or raise?"


async def test_a_finished_argentino_match_is_watched_with_its_own_words(table_home: Path) -> None:
    from cardtable.tui.screens.history import HistoryScreen
    from cardtable.tui.screens.watch import WatchScreen
    from tests.stats.support import archive

    archive(table_home, "truco/argentino_contraflor_al_resto_wins_the_match", "m1")
    app = CardTableApp()
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(100):
            await pilot.pause()
            if isinstance(app.screen, StartScreen):
                break
        await pilot.press("h")
        for _ in range(100):
            await pilot.pause()
            if isinstance(app.screen, HistoryScreen):
                break
        await pilot.pause(0.2)
        await pilot.press("enter")
        for _ in range(100):
            await pilot.pause()
            if isinstance(app.screen, WatchScreen):
                break
        watch = app.screen
        assert isinstance(watch, WatchScreen), [n.message for n in app._notifications]
        assert isinstance(watch.parts, ArgentinoParts)
        await pilot.press("right", "right")
        said = str(watch.query_one("#watch-said", Static).render())
        assert "contraflor al resto!" in said  # the Argentine call, as the table names it


@pytest.mark.parametrize(("size", "crowded_out"), [((80, 24), {"w Last", "s Scores"}), ((120, 40), set())])
async def test_the_footer_offers_face_down_and_the_deck_and_makes_room_for_them(
    size: tuple[int, int], crowded_out: set[str]
) -> None:
    app = CardTableApp()
    async with app.run_test(size=size) as pilot:
        # The second trick, North has led: your card may go face down, the retruco is yours, the deck is open.
        actions = [{"seat": 0, "play": "KS"}, {"seat": 1, "call": "truco"}, {"seat": 0, "call": "accept"},
                   {"seat": 1, "play": "3C"}, {"seat": 1, "play": "AS"}]  # fmt: skip
        await open_table(pilot, argentino_match(["7D 6D KS", "AS 5S 3C"], actions, dealer=1))
        await my_turn(pilot)
        await settled(pilot)
        footer = footer_line(app).strip()
        for key in ("⏎ Play", "d Face down", "v Retruco", "m To the deck", "t Hint", "? Keys"):
            assert key in footer, footer
        assert footer.endswith("^q Quit") and cell_len(footer) <= size[0] - 1, footer
        assert {key for key in ("w Last", "s Scores") if key not in footer} == crowded_out
        await pilot.press("w")  # left out of the footer, the key still works
        await wait_for(pilot, lambda: isinstance(app.screen, NoticeDialog))
        last_trick = narrowed(NoticeDialog, app.screen).text
        assert "North won it." in last_trick, last_trick
