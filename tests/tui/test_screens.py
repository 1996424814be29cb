"""The table's screens and signals: the footer, the notice line, hints for every decision, watching the computers,
the settings screen, ASCII and the size of the terminal."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest
from textual.geometry import Region
from textual.widgets import DataTable, OptionList, Select, Static

from cardtable.engine.game import PLAY_VERB, GameRules
from cardtable.engine.players import RandomPlayer
from cardtable.games import find_game
from cardtable.games.manille.rules import ManilleRules
from cardtable.tui.app import CardTableApp
from cardtable.tui.ascii import terminal_draws_unicode, to_ascii
from cardtable.tui.dialogs.choice import ChoiceDialog
from cardtable.tui.dialogs.message import ConfirmDialog
from cardtable.tui.games.manille.bid import BidDialog
from cardtable.tui.screens.new_game import NewGameScreen, seat_kinds
from cardtable.tui.screens.score_sheet import ScoreSheetScreen
from cardtable.tui.screens.settings import SettingsScreen
from cardtable.tui.screens.start import StartScreen, TooSmallScreen
from cardtable.tui.screens.table import after_its_label, keys_below
from cardtable.tui.widgets.hand import HandView
from tests.tui.driver import footer_line, my_turn, press_hint, screen_text, settled, table_config, table_of
from tests.tui.test_notices import shown_lines

COMPUTERS = ["human", "random", "random", "random"]


async def until(pilot: Any, ready: Any, steps: int = 300, seconds: float = 30.0) -> None:
    """Wait until ``ready()``: at least ``steps`` turns of the event loop and ``seconds`` (a computer thinks in
    a thread, which a busy machine may leave waiting for a core while the loop turns)."""
    deadline = time.monotonic() + seconds
    step = 0
    while step < steps or time.monotonic() < deadline:
        await pilot.pause()
        if ready():
            return
        step += 1
    raise AssertionError(f"never ready; the screen is {pilot.app.screen!r}")


async def open_the_form(pilot: Any, app: CardTableApp) -> None:
    """From the start screen, the new-game form (n), once it has drawn its fields."""
    await until(pilot, lambda: isinstance(app.screen, StartScreen))
    await pilot.press("n")
    await until(pilot, lambda: isinstance(app.screen, NewGameScreen))
    await pilot.pause()


def notice(app: CardTableApp) -> str:
    table = table_of(app)
    assert table is not None
    return table.notice_text


# ------------------------------------------------------------------ levels and the new-game form
def test_levels_have_player_facing_labels_and_a_new_level_appears_by_itself() -> None:
    rules = find_game("manille")
    labels = [label for label, _ in seat_kinds("manille")]
    assert labels == ["Human", "Beginner", "Club player", "Expert"]
    assert rules.level_label("heuristic") == "Club player"

    class Fresh(ManilleRules):  # the rules find_game gave, afresh
        pass

    fresh: GameRules = Fresh()
    fresh.add_level("grandmaster", RandomPlayer)
    assert fresh.level_label("grandmaster") == "Grandmaster"
    assert "grandmaster" in fresh.computer_levels()


async def test_the_new_game_form_starts_on_its_first_field_and_says_on_and_off_in_words() -> None:
    app = CardTableApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_the_form(pilot, app)
        assert app.focused is not None and app.focused.id == "game"
        redeal = app.screen.query_one("#opt-redeal_seven", Select)
        assert redeal.value is True and "on" in screen_text(app)
        kinds = app.screen.query_one("#kind-1", Select)
        assert kinds.value == "heuristic" and "random" not in [value for _, value in seat_kinds("malilla")]
        # Start and Back stay in sight at the smallest size, below the scrolling fields.
        shown = screen_text(app)
        assert "Back (Esc)" in shown and "Start (Ctrl+S)" in shown


def marked(app: CardTableApp) -> list[str]:
    """The ids of the form's fields drawn as having the keyboard: the select reversed, or its row's bar."""
    form = app.screen
    shown = []
    for select in form.query(Select):
        current = select.query_one("SelectCurrent")  # by its type's name: the class is not public
        if "reverse" in str(current.styles.text_style):
            shown.append(select.id or "")
    for row in form.query(".field"):
        if row.styles.border_left[0] not in ("", "none", "blank", "hidden"):
            shown.append(f"row of {','.join(w.id or '' for w in row.query('Select, Input'))}")
    return shown


async def test_the_new_game_form_shows_plainly_which_field_has_the_keyboard() -> None:
    """In every theme and without colour: a bar beside the row and the chosen value reversed, not a tint."""
    app = CardTableApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_the_form(pilot, app)
        assert marked(app) == ["game", "row of game"]
        app.screen.query_one("#name-1").focus()  # a seat's name: typing there renames the seat, so it shows
        await pilot.pause()
        assert marked(app) == ["row of name-1,kind-1"]


async def test_escape_asks_before_it_throws_the_forms_choices_away() -> None:
    app = CardTableApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_the_form(pilot, app)
        form = app.screen
        form.query_one("#kind-1", Select).value = "expert"
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, ConfirmDialog))
        await pilot.press("n")  # stay
        await until(pilot, lambda: app.screen is form)
        assert form.query_one("#kind-1", Select).value == "expert"
        form.query_one("#kind-1", Select).value = "heuristic"  # as it opened: nothing is lost by leaving
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, StartScreen))


async def test_the_last_setup_is_played_again_from_the_start_screen_and_reopens_the_form(table_home: Path) -> None:
    app = CardTableApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, StartScreen))
        assert "Play again" not in screen_text(app)
        await pilot.press("n")
        await until(pilot, lambda: isinstance(app.screen, NewGameScreen))
        form = app.screen
        form.query_one("#game", Select).value = "manille"
        await until(pilot, lambda: form.query("#opt-talk"))
        form.query_one("#opt-house", Select).value = "belgian"
        form.query_one("#opt-talk", Select).value = True
        form.query_one("#kind-2", Select).value = "expert"
        await pilot.press("ctrl+s")
        await until(pilot, lambda: table_of(app) is not None)
    saved = json.loads((table_home / "settings.json").read_text())["last_setup"]
    assert saved["options"] == {"house": "belgian", "talk": True} and "seed" not in saved

    again = CardTableApp()
    async with again.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(again.screen, StartScreen) and again.screen.listed)
        entry = again.screen.query_one(OptionList).get_option("again").prompt
        assert " ".join(str(getattr(entry, "text", entry)).split()) == (
            "Play again (p) Manille, Belgian rules, table talk, you and an Expert partner against two Club players"
        )
        assert "p Play again" in footer_line(again)
        await pilot.press("n", "y")  # a new game, the unfinished one kept: the form opens on the last setup
        await until(pilot, lambda: isinstance(again.screen, NewGameScreen))
        form = again.screen
        assert form.query_one("#game", Select).value == "manille"
        assert form.query_one("#opt-house", Select).value == "belgian" and form.query_one("#opt-talk", Select).value
        assert [form.query_one(f"#kind-{seat}", Select).value for seat in range(4)] == [
            "human", "heuristic", "expert", "heuristic"]  # fmt: skip
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(again.screen, StartScreen) and again.screen.listed)
        await pilot.press("p", "y")  # one key, then the question about the unfinished match
        await until(pilot, lambda: table_of(again) is not None)
        table = table_of(again)
        assert table is not None and table.config.options == {"house": "belgian", "talk": True}
        assert [seat.kind for seat in table.config.seats] == ["human", "heuristic", "expert", "heuristic"]


async def test_the_start_screen_too_small_says_what_comes_back() -> None:
    """Over the start screen there is no game to carry on; over the table there is."""
    app = CardTableApp()
    async with app.run_test(size=(60, 20)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, TooSmallScreen))
        shown = " ".join(screen_text(app).split())
        assert "too small for cardtable" in shown and "the screen you were on comes back" in shown
        assert "game" not in shown
    playing = CardTableApp(table_config("manille", COMPUTERS, seed=3))
    async with playing.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: table_of(playing) is not None)
        await pilot.resize_terminal(60, 20)
        await until(pilot, lambda: isinstance(playing.screen, TooSmallScreen))
        assert "the game carries on where it was" in " ".join(screen_text(playing).split())


# ------------------------------------------------------------------ footer and notices
async def test_the_start_screens_footer_has_no_dead_key_and_no_key_twice() -> None:
    app = CardTableApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, StartScreen))
        await pilot.pause(0.2)
        footer = footer_line(app)
        assert "Resume" not in footer and footer.count("Quit") == 1 and "Settings" in footer


async def test_calls_and_last_trick_say_when_there_is_nothing_and_a_hint_goes_with_its_turn() -> None:
    app = CardTableApp(table_config("manille", COMPUTERS, seed=12, first_dealer=0))
    async with app.run_test(size=(80, 24)) as pilot:
        table = await my_turn(pilot)
        await until(pilot, lambda: table.footer_timer is None)
        await pilot.pause(0.05)
        footer = footer_line(app)
        # Neither key has anything to do yet: the footer leaves them out, and they say so when pressed.
        assert "Calls" not in footer and "Last" not in footer and footer.count("Quit") == 1
        await pilot.press("w")
        assert notice(app) == "No trick has been played yet in this hand."
        await pilot.press("c")
        assert notice(app) == "Nothing to call now."
        await press_hint(pilot, table)
        hinted = notice(app)
        assert hinted.startswith("Hint: play ") and len(hinted) > 60  # the advice and why
        # On its own lines, over nothing: a sentence too long for one line wraps onto the next.
        shown = screen_text(app)
        assert all(word in shown for word in hinted.split()), (hinted, shown)
        line = table.query_one("#notice")
        assert line.size.height == min(3, -(-len(hinted) // line.content_size.width)), (line.size, hinted)
        await pilot.press("enter")
        await until(pilot, lambda: table.waiting is None or table.notice_text != hinted)
        assert table.notice_text != hinted
        await until(pilot, lambda: table.seen_trick() is not None and table.footer_timer is None)
        await pilot.pause(0.05)
        footer = footer_line(app)
        assert footer.count("Quit") == 1 and "Last" in footer  # once a trick is over, w shows it


# ------------------------------------------------------------------ hints for every decision
async def test_a_bid_is_hinted_in_its_dialog_and_enter_takes_the_hint() -> None:
    app = CardTableApp(table_config("tarot", COMPUTERS, seed=12, first_dealer=0))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, ChoiceDialog))
        table = table_of(app)
        assert table is not None
        assert table.view is not None
        advice = table.hint_for(table.view, None).action
        assert advice is not None and advice.verb != PLAY_VERB
        await press_hint(pilot, table)
        dialog = app.screen
        assert isinstance(dialog, ChoiceDialog)
        hint = str(dialog.query_one(".dialog-hint", Static).render())
        assert hint.startswith("Hint: ") and "Enter" in hint
        highlighted = dialog.query_one(OptionList).highlighted
        assert highlighted is not None and dialog.choices[highlighted][1] == advice
        state = table.match.current
        assert state is not None
        before = len(state.history) if hasattr(state, "history") else None
        await pilot.press("enter")
        await until(pilot, lambda: not isinstance(app.screen, ChoiceDialog) or app.screen is not dialog)
        record = table.match.to_record()
        actions = record["hands"][-1]["actions"]
        assert any(a == advice.to_json() for a in actions), (before, advice)


async def test_a_manille_bid_is_hinted_in_the_bid_dialog() -> None:
    app = CardTableApp(table_config("manille", COMPUTERS, options={"auction": True}, seed=3, first_dealer=3))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, BidDialog))
        table = table_of(app)
        assert table is not None
        assert table.view is not None
        advice = table.hint_for(table.view, None).action
        await press_hint(pilot, table)
        dialog = app.screen
        assert isinstance(dialog, BidDialog) and advice is not None
        chosen = dialog.passing if advice == dialog.passing else dialog.legal.get((dialog.value, dialog.suit))
        assert chosen == advice


# ------------------------------------------------------------------ watching the computers
async def test_a_table_of_computers_names_its_bottom_seat_and_offers_no_play() -> None:
    seats = ["random"] * 4
    app = CardTableApp(table_config("manille", seats, seed=12))
    app.settings.speed = "slow"
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: (t := table_of(app)) is not None and t.match.current is not None)
        await pilot.pause(0.3)
        table = table_of(app)
        assert table is not None
        assert table.names[0] == "South" and "You" not in table.names
        assert table.check_action("play", ()) is False and table.check_action("hint", ()) is False
        footer = footer_line(app)
        assert "Play" not in footer and "Hint" not in footer and "Calls" not in footer


# ------------------------------------------------------------------ settings
async def test_settings_open_from_the_start_screen_apply_at_once_and_are_saved(table_home: Path) -> None:
    app = CardTableApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, StartScreen))
        await pilot.press("o")
        await until(pilot, lambda: isinstance(app.screen, SettingsScreen))
        screen = app.screen
        # Every setting says what it does in a line of its own, and at 80x24 all of them and Done fit.
        helps = [str(line.content) for line in screen.query(".help").results(Static)]
        assert len(helps) == len(screen.query(Select)) == 10 and all(helps), helps
        await pilot.pause()
        done = screen.query_one("#done").region
        assert done.height and done.bottom <= 24 and all(line.region.height == 1 for line in screen.query(".help"))
        screen.query_one("#set-theme", Select).value = "day"
        screen.query_one("#set-card_size", Select).value = "large"
        screen.query_one("#set-deck", Select).value = "four"
        await pilot.pause()
        assert app.theme == "textual-light" and app.has_class("four-colour")
        saved = json.loads((table_home / "settings.json").read_text())
        assert saved["theme"] == "day" and saved["card_size"] == "large" and saved["deck"] == "four"
        screen.query_one("#set-theme", Select).value = "high-contrast"
        screen.query_one("#set-deck", Select).value = "two"
        await pilot.pause()
        assert app.theme == "cardtable-high-contrast" and not app.has_class("four-colour")
        assert app.theme_variables["felt"] == "#000000"
        # Hints offer the sound play unless the player lets them suggest bluffs.
        assert app.settings.hint_bluffs is False
        screen.query_one("#set-hint_bluffs", Select).value = True
        await pilot.pause()
        assert json.loads((table_home / "settings.json").read_text())["hint_bluffs"] is True
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, StartScreen))


# ------------------------------------------------------------------ ASCII
@pytest.mark.parametrize(
    ("environ", "unicode"),
    [({"LANG": "en_GB.UTF-8"}, True), ({"LANG": "C", "LC_CTYPE": "C.UTF-8"}, False), ({"LC_ALL": "C"}, False),
     ({"LANG": "fr_FR.ISO-8859-1"}, False), ({}, True), ({"LC_ALL": "pt_BR.utf8", "LANG": "C"}, True)],
)  # fmt: skip
def test_the_terminals_locale_decides_whether_glyphs_can_be_drawn(environ: dict[str, str], unicode: bool) -> None:
    assert terminal_draws_unicode(environ) is unicode


def test_ascii_stand_ins_keep_every_cell() -> None:
    drawn = "╭──╮│10♥│╰──╯ ▶ Mão — écart… ░▒"
    plain = to_ascii(drawn)
    assert plain.isascii() and len(plain) == len(drawn)
    assert plain == ".--.|10H|'--' > Mao - ecart. ##"


def test_ascii_keeps_the_card_frames_apart() -> None:
    """Without colour a card's marks are its frame's shape: plain round, trump square, chosen heavy, winning double."""
    frames = {"plain": "╭──╮╰──╯", "trump": "┌──┐└──┘", "chosen": "┏━━┓┃┃┗━━┛", "winning": "╔══╗║║╚══╝"}
    drawn = {mark: to_ascii(frame) for mark, frame in frames.items()}
    assert drawn == {"plain": ".--.'--'", "trump": "+--++--+", "chosen": "#==####==#", "winning": "+==+||+==+"}
    assert to_ascii("┣┳╋┼├") == "+++++"  # a table's joints stay crosses


async def test_a_c_locale_draws_the_whole_table_in_ascii(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LANG", "C")
    monkeypatch.setenv("LC_CTYPE", "C.UTF-8")  # what Python sets for itself under LANG=C
    app = CardTableApp(table_config("manille", COMPUTERS, seed=12, first_dealer=0))
    async with app.run_test(size=(80, 24)) as pilot:
        await my_turn(pilot)
        await pilot.pause(0.3)
        assert app.ascii_cards and screen_text(app).isascii()


# ------------------------------------------------------------------ size
async def test_a_roomy_terminal_grows_the_table() -> None:
    app = CardTableApp(table_config("manille", COMPUTERS, seed=12, first_dealer=0))
    async with app.run_test(size=(120, 40)) as pilot:
        table = await my_turn(pilot)
        await pilot.press("enter")
        table = await my_turn(pilot)
        hand = table.query_one(HandView)
        assert hand.has_class("large") and all(card.outer_size == (9, 8) for card in hand.cards)  # room to lift
        assert "Last trick" in screen_text(app) and table.query_one("#side").outer_size.width == 44


async def test_the_last_trick_panel_keeps_its_height_without_laying_the_screen_out(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Each trick after the first takes as many lines in the roomy side panel: the panel repaints, and the screen
    is not laid out again (that was most of what the card ending a trick cost to show)."""
    layouts: list[str] = []
    refresh = Static.refresh

    def refreshing(widget: Static, *args: Any, layout: bool = False, **kwargs: Any) -> Any:
        if layout and widget.id == "last-trick":
            layouts.append(str(widget.render()))
        return refresh(widget, *args, layout=layout, **kwargs)

    monkeypatch.setattr(Static, "refresh", refreshing)
    app = CardTableApp(table_config("manille", COMPUTERS, seed=12, first_dealer=0))
    async with app.run_test(size=(120, 40)) as pilot:
        table = await my_turn(pilot)
        panel = table.query_one("#last-trick", Static)
        shown: list[str] = []
        while len(shown) < 3:
            layouts.clear()
            await pilot.press("enter")
            table = await my_turn(pilot)
            if table.last_trick_text and table.last_trick_text not in shown:
                shown.append(table.last_trick_text)
                lines = table.last_trick_text.split("\n")
                assert lines[0] == "Last trick" and len(lines) == 6  # four cards and who won it
                assert panel.size.height == len(lines) and str(panel.render()) == table.last_trick_text
                assert len(shown) == 1 or not layouts, layouts  # the first one makes the panel taller


async def test_the_too_small_notice_goes_at_once_and_swallows_the_key_that_dismisses_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr("cardtable.tui.app.KEY_GRACE", 30.0)  # however slow the machine, the key comes in time
    app = CardTableApp(table_config("tarot", COMPUTERS, seed=12, first_dealer=0))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, ChoiceDialog))
        dialog = app.screen
        await pilot.resize_terminal(70, 20)
        await until(pilot, lambda: isinstance(app.screen, TooSmallScreen))
        app.size_timer.pause()  # the resize alone must clear the notice, not the next look
        await pilot.resize_terminal(80, 24)
        await until(pilot, lambda: app.screen is dialog, steps=20)
        await pilot.press("enter")  # pressed to get rid of the notice: no bid is made
        await pilot.pause()
        assert app.screen is dialog


async def test_the_ecart_is_hinted_in_its_dialog_and_enter_puts_those_cards_aside() -> None:
    from cardtable.engine.game import Action
    from cardtable.engine.loop import deal_rng
    from cardtable.engine.match import Match
    from cardtable.tui.games.tarot.pick_cards import PickCardsDialog
    from cardtable.tui.screens.table import TableScreen

    tarot = find_game("tarot")
    match = Match(tarot, tarot.parse_options({}, 4), 4)
    match.deal_new_hand(deal_rng(4, 0), first_dealer=0)
    for seat in (1, 2, 3):
        match.apply(Action(seat, "bid", "pass"))
    match.apply(Action(0, "bid", "garde"))
    app = CardTableApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.push_screen(TableScreen(table_config("tarot", ["human", "random", "random", "random"], seed=4), match))
        await until(pilot, lambda: isinstance(app.screen, PickCardsDialog))
        dialog = app.screen
        assert isinstance(dialog, PickCardsDialog)
        table = table_of(app)
        assert table is not None and table.view is not None
        advice = table.hint_for(table.view, None).action
        assert advice is not None and advice.verb == "discard"
        await press_hint(pilot, table)
        assert dialog.chosen == set(table.cards_of(table.view, advice)) and len(dialog.chosen) == dialog.count
        await pilot.press("enter")
        await until(pilot, lambda: any(a.verb == "discard" for a in table.match.hands[-1].actions))
        assert next(a for a in table.match.hands[-1].actions if a.verb == "discard") == advice


@pytest.mark.parametrize("dealer", [3, 2], ids=["offered-on-your-lead", "offered-out-of-turn"])
async def test_malillas_redeal_question_is_hinted_in_its_dialog(dealer: int) -> None:
    from cardtable.engine.loop import resume_match
    from cardtable.engine.records import parse_record
    from cardtable.tui.screens.table import TableScreen
    from tests.tui.test_malilla import SEATS, seven_espadas_record

    match = resume_match(parse_record(seven_espadas_record(dealer), find_game))
    app = CardTableApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.push_screen(TableScreen(table_config("malilla", SEATS), match))
        await until(pilot, lambda: isinstance(app.screen, ChoiceDialog))
        dialog = app.screen
        assert isinstance(dialog, ChoiceDialog)
        table = table_of(app)
        assert table is not None
        assert table.view is not None and table.waiting is not None
        advice = table.hint_for(table.view, list(table.waiting.offered) or None).action
        await press_hint(pilot, table)
        highlighted = dialog.query_one(OptionList).highlighted
        assert highlighted is not None
        offered = [value for _, value in dialog.choices]
        expected = advice if advice in offered else None  # a card to play: "No, thanks" to the redeal
        assert dialog.choices[highlighted][1] == expected
        assert "Enter" in str(dialog.query_one(".dialog-hint", Static).render())


async def test_the_log_says_which_call_a_pass_declines() -> None:
    seats = ["heuristic"] * 4  # seed 12: a pass in the knock round
    app = CardTableApp(table_config("manille", seats, options={"doubling": True}, seed=12, first_dealer=0))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: (t := table_of(app)) is not None and any("trick" in line for line in t.logged))
        table = table_of(app)
        assert table is not None
        knock_round = [line for line in table.logged if "knock" in line or "stake" in line or "counter" in line]
        assert knock_round and not any("lets the stake stand" in line for line in knock_round)
        assert any(line.endswith(("does not knock.", "does not counter.")) for line in knock_round)
        # Closed while the computers play on, as a person quitting closes it: the app stops them first (its
        # shutdown ended on a cancelled task about one time in forty when they played on).
        await pilot.exit(None)


async def test_the_experts_budget_is_a_setting_the_table_passes_to_its_expert_seats(table_home: Path) -> None:
    """Strong on the settings screen: an Expert seat at the next table thinks over the strong budget's worlds."""
    from cardtable.engine.players import Budget
    from cardtable.games.search import CHEAP_WORLDS, search_budget
    from cardtable.saves import load_settings
    from cardtable.tui.players import ThinkingComputer
    from cardtable.tui.screens.table import TableScreen

    app = CardTableApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, StartScreen))
        await pilot.press("o")
        await until(pilot, lambda: isinstance(app.screen, SettingsScreen))
        app.screen.query_one("#set-expert_budget", Select).value = "strong"
        await pilot.pause()
        assert load_settings(table_home)[0].expert_budget == "strong"
        app.push_screen(TableScreen(table_config("manille", ["human", "expert", "expert", "expert"], seed=3)))
        await until(pilot, lambda: table_of(app) is not None)
        table = table_of(app)
        assert table is not None
        expert = table.build_players()[1]
        assert isinstance(expert, ThinkingComputer)
        assert getattr(expert.computer, "budget", None) == search_budget(Budget.STRONG, True, CHEAP_WORLDS)


@pytest.mark.parametrize(("size", "whole"), [((80, 24), False), ((120, 40), True)], ids=["80x24", "120x40"])
async def test_a_tall_terminal_shows_a_long_score_sheet_whole_and_a_short_one_no_taller_than_its_lines(
    size: tuple[int, int], whole: bool
) -> None:
    names = ["You", "East", "North", "West"]
    # The last hand of a Tarot match of four deals: nine lines of how it scored, five rows of totals, the chart.
    explanation = ["North played a garde (x2) against the others."] + [f"Line {n} of the scoring." for n in range(8)]
    history = [[n * 10, -n * 30, n * 10, n * 10] for n in range(5)]
    sides = [([seat], history[-1][seat]) for seat in range(4)]
    app = CardTableApp()
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        sheet = ScoreSheetScreen("French Tarot", lambda seats: names[seats[0]], sides, history, explanation)
        app.push_screen(sheet)
        await settled(pilot)
        body = sheet.query_one("#sheet-body")
        assert sheet.query_one("#score-sheet").outer_size.height <= size[1] - 1  # above the footer
        assert (body.max_scroll_y == 0) is whole
        # A Manille hand's sheet is short: the sheet is as tall as its lines on a tall terminal.
        app.pop_screen()
        short = ScoreSheetScreen("Manille", lambda seats: names[seats[0]], sides[:2], history[:2], explanation[:2])
        app.push_screen(short)
        await settled(pilot)
        height = short.query_one("#score-sheet").outer_size.height
        assert height < 22 if whole else height == 22


async def test_at_80x24_the_sheet_after_a_truco_hand_shows_the_row_of_the_hand_just_scored() -> None:
    names = ["You & North", "East & West"]
    # Five lines of how the hand scored, as a Truco Argentino hand with a flor and a refused truco has.
    explanation = [f"Line {n} of how the hand scored." for n in range(5)]
    history = [[0, 0], [3, 2], [4, 3], [4, 7]]
    sides = [([0], 4), ([1], 7)]
    app = CardTableApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.push_screen(ScoreSheetScreen("Truco Argentino", lambda seats: names[seats[0]], sides, history, explanation))
        await settled(pilot)
        rows = [line.split("█")[1].split() for line in screen_text(app).splitlines() if line.count("█") >= 2]
        assert ["Line", "0", "of", "how", "the", "hand", "scored."] in rows
        assert ["3", "4", "7"] in rows


async def test_the_sheet_of_a_long_match_lists_and_charts_its_last_hundred_hands() -> None:
    # A row costs the sheet's opening a fraction of a millisecond: after hand 10,000 of a match the sheet took
    # a second and a half to open, and its chart was 10,000 bars long.
    names = ["You & North", "East & West"]
    history = [[n, 2 * n] for n in range(10_001)]
    app = CardTableApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        sheet = ScoreSheetScreen("Manille", lambda seats: names[seats[0]], [([0], 10_000), ([1], 20_000)], history, [])
        app.push_screen(sheet)
        await settled(pilot)
        table = sheet.query_one(DataTable)
        rows = [[str(cell) for cell in table.get_row_at(row)] for row in range(table.row_count)]
        assert rows[:3] == [["start", "0", "0"], ["…", "…", "…"], ["9901", "9901", "19802"]]
        assert len(rows) == 102 and rows[-1] == ["10000", "10000", "20000"]
        chart = str(sheet.query_one("#chart", Static).render()).splitlines()
        assert chart[0] == "Totals over the last 100 hands:"
        assert [len(line.split()[-2]) for line in chart[1:]] == [100, 100]  # a bar a hand


def test_a_panel_line_too_wide_goes_on_after_its_label_when_the_rest_fits_a_line() -> None:
    chien = "Chien: 5♠ 6♥ K♥ 5♣ J♣ K♣"  # 24 cells: wrapped word by word at 22, K♣ would stand alone
    assert after_its_label(chien, 22) == "Chien:\n5♠ 6♥ K♥ 5♣ J♣ K♣"
    assert after_its_label(chien, 24) == chien  # it fits
    assert after_its_label("Partner: " + "x" * 30, 22).startswith("Partner: x")  # the rest would not fit either
    assert after_its_label("Your cards stay face down until North chooses", 22).startswith("Your cards")  # no label


def test_a_prompt_too_wide_puts_its_keys_on_the_second_line_when_they_fit_there() -> None:
    prompt = "Your turn: pick a card.  (Enter plays it; v: truco (3))"  # 55 cells
    assert keys_below(prompt, 53) == "Your turn: pick a card.\n(Enter plays it; v: truco (3))"
    assert keys_below(prompt, 55) == prompt  # it fits
    assert keys_below(prompt, 29) == prompt  # the keys alone (30 cells) would not fit either: wrapped as words
    assert keys_below("You must follow suit (clubs): you hold 5♣.", 20).startswith("You must")  # no keys
    long_question = "Your turn: pick a card, and think of your partner's calls.  (Enter plays it)"
    assert keys_below(long_question, 40) == long_question  # on three lines the keys would be cut off


async def test_a_seats_label_keeps_clear_of_the_side_panel_and_a_long_name_ends_in_an_ellipsis() -> None:
    names = ["You", "Eve", "North", "Bartholomew-Smith"]
    app = CardTableApp(table_config("manille", COMPUTERS, names=names, seed=6, first_dealer=1))
    async with app.run_test(size=(80, 24)) as pilot:
        table = await my_turn(pilot)
        await settled(pilot)
        east, west = (table.query_one(f"#{table.position_of(seat)}") for seat in (1, 3))
        assert [line.rstrip() for line in shown_lines(east)][:2] == ["Eve", "(dealer)"]
        assert shown_lines(west)[0] == "Bartholom…"
        # The seat on the right ends a column short of the side panel's rule, whatever it shows.
        for strip in east.render_lines(Region(0, 0, *east.outer_size)):
            assert strip.text[-1] == " "
