"""Manille's house rules and table talk at the table: the Belgian choice of trump in its dialog, the partner's
hand face down while the dealer chooses, the side panel, the talk menu and what the others say."""

from __future__ import annotations

import threading
import time
from typing import Any

from textual.pilot import Pilot
from textual.widgets import OptionList, Static

from cardtable.engine.game import Action
from cardtable.engine.loop import resume_match
from cardtable.engine.match import Match
from cardtable.engine.records import parse_record
from cardtable.games import find_game
from cardtable.games.manille.rules import ManilleHand
from cardtable.tui.app import CardTableApp
from cardtable.tui.games.manille.talk import TalkDialog
from cardtable.tui.games.manille.trump_choice import TrumpChoiceDialog
from cardtable.tui.screens.table import TableScreen
from cardtable.tui.widgets.hand import HandView
from cardtable.tui.widgets.seat import SeatPanel
from tests.tui.driver import footer_line, gated_table, press_hint, screen_text, table_config
from tests.tui.hidden import leaks, screen_texts, secret_cards

D1 = [["9S", "8S", "AH", "10H", "10D", "KD", "10C", "8C"], ["KS", "10S", "QH", "7H", "JD", "9D", "9C", "QC"],
      ["JS", "7S", "JH", "KH", "QD", "AD", "7C", "KC"], ["QS", "AS", "8H", "9H", "8D", "7D", "JC", "AC"]]  # fmt: skip
# Example 11's deal: South holds every heart; East has no heart and one trump (8D) when diamonds are trump.
E11 = [["KH", "7H", "8H", "9H", "10H", "JH", "QH", "AH"], ["8D", "7S", "8S", "9S", "JS", "QS", "7C", "8C"],
       ["7D", "10S", "AS", "KS", "10C", "AC", "KC", "9C"],
       ["9D", "10D", "JD", "QD", "KD", "AD", "JC", "QC"]]  # fmt: skip
SEATS = ["human", "heuristic", "heuristic", "heuristic"]


def one_hand(dealer: int, hands: list[list[str]], actions: list[dict[str, Any]], options: dict[str, Any],
             turned: str | None = None) -> Match:  # fmt: skip
    deal: dict[str, Any] = {"hands": hands}
    if turned is not None:
        deal["turned"] = turned
    record = {"format": "cardtable-record/1", "game": "manille", "options": options,
              "hands": [{"dealer": dealer, "deal": deal, "actions": actions}]}  # fmt: skip
    return resume_match(parse_record(record, find_game))


async def open_table(pilot: Pilot[None], match: Match, options: dict[str, Any], log: list[str] | None = None,
                     notices: list[str] | None = None,
                     table_type: type[TableScreen[Any]] = TableScreen) -> TableScreen[Any]:  # fmt: skip
    """The match at a table in the running app; the lines it logs are kept in ``log``, its notices in ``notices``
    (a notice stays only until the turn moves on: kept, a slow machine cannot miss one)."""
    await pilot.pause()
    table = table_type(table_config("manille", SEATS, options=options), match)
    if log is not None:
        write = table.log_line

        def logged(text: str) -> None:
            log.append(text)
            write(text)

        table.log_line = logged  # type: ignore[method-assign]  # this table's log, kept for the test
    if notices is not None:
        say = table.say

        def noted(text: str, wrap: bool = False) -> None:
            if text:
                notices.append(text)
            say(text, wrap)

        table.say = noted  # type: ignore[method-assign]  # this table's notices, kept for the test
    pilot.app.push_screen(table)
    await wait_for(pilot, lambda: table.is_mounted)
    return table


async def wait_for(pilot: Pilot[None], ready: Any, seconds: float = 30.0) -> None:
    """Until ``ready()``; by the clock, since a loaded machine slows the computers' turns, not the test's steps."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        await pilot.pause()
        if ready():
            return
    raise AssertionError("the table never got there")


def info(table: TableScreen[Any]) -> str:
    """The side panel's lines, each as one line again where the panel put what follows a label below it."""
    return str(table.query_one("#info", Static).content).replace(":\n", ": ")


async def test_the_belgian_dealer_chooses_trump_in_a_dialog_beside_his_hand() -> None:
    options = {"house": "belgian"}
    app = CardTableApp()
    async with app.run_test(size=(80, 24)) as pilot:
        table = await open_table(pilot, one_hand(0, D1, [], options), options)
        await wait_for(pilot, lambda: isinstance(app.screen, TrumpChoiceDialog))
        dialog = app.screen
        assert isinstance(dialog, TrumpChoiceDialog)
        labels = [label for label, _action in dialog.choices]
        assert labels == ["Spades ♠ trump  (S)", "Hearts ♥ trump  (H)", "Diamonds ♦ trump  (D)", "Clubs ♣ trump  (C)",
                          "No trump (the hand counts double)  (N)", "Pass the choice to North  (P)"]  # fmt: skip
        assert dialog.title_text == "You deal: choose trump"
        # The hand stays in view, face up, below the dialog.
        hand = table.query_one(HandView)
        assert [card.face.index for card in hand.cards if card.face] == table.parts.sorted_hand(table.view)
        assert not any(card.face and card.face.back for card in hand.cards)
        box = dialog.query_one(".dialog").region
        assert box.bottom <= hand.region.y and box.right <= table.query_one("#side").region.x
        assert "Belgian rules" in info(table) and "Trump: You to choose" in info(table)
        await pilot.press("h")
        await wait_for(pilot, lambda: isinstance(app.screen, TableScreen))
        state = table.match.current
        assert isinstance(state, ManilleHand) and state.trump == 1 and state.trump_maker == 0
        assert "Trump ♥ hearts" in info(table) and "Trump named by you" in info(table)


async def test_the_partner_after_a_pass_may_not_pass_back_and_no_trump_counts_double() -> None:
    options = {"house": "belgian"}
    app = CardTableApp()
    async with app.run_test(size=(80, 24)) as pilot:
        table = await open_table(pilot, one_hand(2, D1, [{"seat": 2, "trump": "pass"}], options), options)
        await wait_for(pilot, lambda: isinstance(app.screen, TrumpChoiceDialog))
        dialog = app.screen
        assert isinstance(dialog, TrumpChoiceDialog)
        assert dialog.title_text == "North leaves the choice of trump to you"
        assert [action.value for _label, action in dialog.choices] == ["S", "H", "D", "C", "none"]
        await pilot.press("p")  # not offered: nothing happens
        assert app.screen is dialog
        await pilot.press("n")
        await wait_for(pilot, lambda: isinstance(app.screen, TableScreen))
        assert "No trump" in info(table) and "Counts x2: no trump" in info(table)
        assert table.query_one("#trick").query(".centre") and "no\ntrump" in table.parts.centre_text(table.view)


async def test_the_dealers_partner_sees_his_cards_face_down_until_the_dealer_chooses() -> None:
    options = {"house": "belgian"}
    gate, started = threading.Event(), threading.Event()
    app = CardTableApp()
    async with app.run_test(size=(80, 24)) as pilot:
        # North thinks until the face-down hand has been looked at, however loaded the machine.
        table = await open_table(pilot, one_hand(2, D1, [], options), options, table_type=gated_table(gate, started))
        await wait_for(pilot, lambda: started.is_set() and len(table.query_one(HandView).cards) == 8)
        hand = table.query_one(HandView)
        assert all(card.face is not None and card.face.back for card in hand.cards)
        assert "Your cards stay face down until North chooses" in info(table)
        state = table.match.current
        assert state is not None and state.to_act == 2
        found = leaks(secret_cards("manille", state, 0), table.match.deck.codes, screen_texts(app, table, []))
        assert found == []
        gate.set()
        await wait_for(pilot, lambda: state.phase != "trump" or isinstance(app.screen, TrumpChoiceDialog))
        if not isinstance(app.screen, TrumpChoiceDialog):  # North named trump himself
            await wait_for(pilot, lambda: not any(c.face and c.face.back for c in hand.cards))


async def test_the_talk_menu_offers_the_true_statements_in_words() -> None:
    options = {"talk": True, "house": "french"}
    app = CardTableApp()
    log: list[str] = []
    async with app.run_test(size=(80, 24)) as pilot:
        table = await open_table(pilot, one_hand(3, D1, [], options, turned="AC"), options, log)
        await wait_for(pilot, table.my_card_turn)
        prompt = str(table.query_one("#prompt", Static).content)
        assert "c: say something to the table first" in prompt
        assert "French rules, table talk" in info(table) and "A point a trick: 68, pass 34" in info(table)
        await pilot.press("c")
        await wait_for(pilot, lambda: isinstance(app.screen, TalkDialog))
        dialog = app.screen
        assert isinstance(dialog, TalkDialog)
        options_list = dialog.query_one(OptionList)
        prompts = [str(options_list.get_option_at_index(i).prompt).strip() for i in range(options_list.option_count)]
        assert prompts == ["How many cards you hold", "I hold 2 spades", "I hold 2 hearts", "I hold 2 diamonds",
                           "I hold 2 clubs", "Your 10s and aces", "I have no 10♠", "I have no A♠", "I hold the 10♥",
                           "I hold the A♥", "I hold the 10♦", "I have no A♦", "I hold the 10♣", "I have no A♣",
                           "Ask your partner", "Please lead spades", "Please lead hearts", "Please lead diamonds",
                           "Please lead clubs"]  # fmt: skip
        box = dialog.query_one("#talk").region
        assert box.bottom <= table.query_one(HandView).region.y  # the hand stays in view below the menu
        # Its own keys below it, not the table's (which do nothing while it is open): the hint's among them.
        assert footer_line(app).split() == ["esc", "Back", "t", "Hint"]
        await pilot.press("escape")  # back to the hand: nothing said
        await wait_for(pilot, lambda: isinstance(app.screen, TableScreen))
        state = table.match.current
        assert isinstance(state, ManilleHand) and not state.talk_log
        await pilot.press("c")
        await wait_for(pilot, lambda: isinstance(app.screen, TalkDialog))
        await pilot.press("down", "down", "down", "down", "down", "down", "enter")  # "I hold the 10♥"
        await wait_for(pilot, lambda: isinstance(app.screen, TableScreen) and bool(state.talk_log))
        assert state.talk_log[0].action().to_json() == {"seat": 0, "say": "holds", "card": "10H"}
        assert "You say: “I hold the 10♥.”" in log
        await pilot.pause()
        assert table.view is not None and table.open_calls(table.view) == []  # one statement per turn: now a card
        assert "c: say" not in str(table.query_one("#prompt", Static).content)


def highlighted_statement(dialog: TalkDialog) -> str:
    """The statement under the menu's cursor, which must be in view (the list scrolls at 24 rows)."""
    options = dialog.query_one(OptionList)
    assert options.highlighted is not None
    assert 0 <= options.highlighted - options.scroll_offset.y < options.scrollable_content_region.height
    return str(options.get_option_at_index(options.highlighted).prompt).strip()


async def test_the_hint_key_in_the_talk_menu_points_at_the_hinted_statement_and_the_menu_opens_on_it() -> None:
    options = {"talk": True}
    app = CardTableApp()
    async with app.run_test(size=(80, 24)) as pilot:
        table = await open_table(pilot, one_hand(3, D1, [], options, turned="AC"), options)
        await wait_for(pilot, table.my_card_turn)
        await pilot.press("c")
        await wait_for(pilot, lambda: isinstance(app.screen, TalkDialog))
        dialog = app.screen
        assert isinstance(dialog, TalkDialog) and highlighted_statement(dialog) == "I hold 2 spades"
        await press_hint(pilot, table)
        # The hint points at its statement (Enter says it) and says why, as in every dialog that asks a decision.
        assert highlighted_statement(dialog) == "I hold the 10♥"
        said = str(dialog.query_one(".dialog-hint", Static).render())
        assert said.startswith("Hint: say “I hold the 10♥”.  (Enter takes it) Your partner then knows the 10♥")
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, TableScreen))
        # Opened again for the same decision, the menu opens on the hinted statement, in view.
        await pilot.press("c")
        await wait_for(pilot, lambda: isinstance(app.screen, TalkDialog))
        again = app.screen
        await pilot.pause()
        assert isinstance(again, TalkDialog) and highlighted_statement(again) == "I hold the 10♥"
        assert str(again.query_one(".dialog-hint", Static).render()).startswith("Hint: say “I hold the 10♥”.")
        state = table.match.current
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(state, ManilleHand) and bool(state.talk_log))
        assert isinstance(state, ManilleHand)
        assert state.talk_log[0].action().to_json() == {"seat": 0, "say": "holds", "card": "10H"}


class NotingEast(TableScreen[Any]):
    """A table that keeps every note East's seat has shown."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.east_notes: list[str] = []

    def refresh_table(self, finished: bool = False) -> None:
        super().refresh_table(finished)
        if self.is_mounted:
            self.east_notes.append(self.query_one("#right", SeatPanel).shown)


async def test_a_computers_statement_is_announced_logged_and_noted_by_its_seat() -> None:
    options = {"talk": True}
    app = CardTableApp()
    log: list[str] = []
    notices: list[str] = []
    async with app.run_test(size=(80, 24)) as pilot:
        table = await open_table(pilot, one_hand(3, E11, [{"seat": 0, "play": "KH"}], options, turned="9D"),
                                 options, log, notices, NotingEast)  # fmt: skip
        assert isinstance(table, NotingEast)
        # East, void in hearts with a trump, asks West to lead hearts (so that it can trump them).
        await wait_for(pilot, lambda: any("East says" in message for message in notices))
        assert next(message for message in notices if "East says" in message) == "East says: “Please lead hearts.”"
        # West, East's partner, wins the trick and leads the next, which answers the request and takes its note
        # away: what East's seat showed meanwhile is kept as it was drawn.
        await wait_for(pilot, lambda: "asks for ♥" in "".join(table.east_notes))
        assert "East says: “Please lead hearts.”" in log


def at_a_forced_card(options: dict[str, Any], with_statements: bool, decided_before: bool = False) -> Match:
    """A Manille hand played at random up to a turn of yours with one legal card (and, ``with_statements``, the
    talk menu open beside it; ``decided_before``: after a choice of yours between several cards)."""
    from cardtable.engine.game import PLAY_VERB
    from cardtable.engine.loop import deal_rng
    from cardtable.engine.players import RandomPlayer, run_now

    rules = find_game("manille")
    for seed in range(50):
        match = Match(rules, rules.parse_options(options, 4), 4)
        state = match.deal_new_hand(deal_rng(seed, 0))
        chooser = RandomPlayer()
        chose = False
        while not state.complete:
            legal = state.legal_actions()
            plays = [action for action in legal if action.verb == PLAY_VERB]
            forced = state.to_act == 0 and len(plays) == 1 and (len(legal) > 1) == with_statements
            if forced and (chose or not decided_before):
                return match
            chose = chose or (state.to_act == 0 and len(legal) > 1)
            seat = state.to_act
            assert seat is not None
            match.apply(run_now(chooser.choose(state.view(seat))))
    raise AssertionError("no forced card in 50 deals")


async def test_a_forced_card_plays_itself_when_the_settings_ask() -> None:
    from cardtable.saves import Settings

    assert not Settings().play_forced_cards  # off unless asked
    match = at_a_forced_card({}, with_statements=False, decided_before=True)
    before = len(match.hands[0].actions)
    app = CardTableApp()
    async with app.run_test(size=(80, 24)) as pilot:
        app.settings.play_forced_cards = True
        table = await open_table(pilot, match, {})
        await wait_for(pilot, lambda: len(table.match.hands[0].actions) > before)
        mine = table.match.hands[0].actions[before]
        assert mine.seat == 0 and mine.verb == "play"
        assert table.notice_text.endswith(": the only card you could play.")
        # Undo goes back past it, to your last choice: going back to the card would see it played again at once.
        await pilot.press("u")
        await wait_for(pilot, table.my_card_turn)
        assert len(table.match.hands[0].actions) < before


async def test_a_forced_card_waits_when_there_is_a_statement_to_make() -> None:
    match = at_a_forced_card({"talk": True}, with_statements=True)
    before = len(match.hands[0].actions)
    app = CardTableApp()
    async with app.run_test(size=(80, 24)) as pilot:
        app.settings.play_forced_cards = True
        table = await open_table(pilot, match, {"talk": True})
        await wait_for(pilot, table.my_card_turn)
        for _ in range(5):
            await pilot.pause()
        assert len(match.hands[0].actions) == before and table.my_card_turn()


async def test_in_hot_seat_a_forced_card_waits_for_its_player_at_the_keyboard() -> None:
    from cardtable.tui.dialogs.message import HandOverScreen

    match = at_a_forced_card({}, with_statements=False)
    before = len(match.hands[0].actions)
    app = CardTableApp()
    async with app.run_test(size=(80, 24)) as pilot:
        app.settings.play_forced_cards = True
        await pilot.pause()
        app.push_screen(TableScreen(table_config("manille", ["human", "random", "human", "random"]), match))
        await wait_for(pilot, lambda: isinstance(app.screen, HandOverScreen))
        for _ in range(5):
            await pilot.pause()
        assert isinstance(app.screen, HandOverScreen) and len(match.hands[0].actions) == before
        await pilot.press("enter")
        await wait_for(pilot, lambda: len(match.hands[0].actions) > before)
        assert match.hands[0].actions[before].seat == 0


async def test_a_statements_label_goes_once_the_play_makes_it_untrue() -> None:
    options = {"talk": True}
    app = CardTableApp()
    # East says it holds the 10♠ and plays it at once; West asks for hearts and East, its partner, leads them.
    said = [{"seat": 0, "play": "9S"}, {"seat": 1, "say": "holds", "card": "10S"}, {"seat": 1, "play": "10S"},
            {"seat": 2, "play": "7S"}, {"seat": 3, "say": "lead", "suit": "H"}, {"seat": 3, "play": "QS"},
            {"seat": 1, "play": "QH"}, {"seat": 2, "play": "KH"}, {"seat": 3, "play": "8H"}]  # fmt: skip
    async with app.run_test(size=(80, 24)) as pilot:
        table = await open_table(pilot, one_hand(3, D1, said, options, turned="AC"), options)
        await wait_for(pilot, lambda: table.waiting is not None)
        notes = [table.query_one(f"#{table.position_of(seat)}", SeatPanel).shown for seat in (1, 3)]
        assert not any("10♠" in note or "asks for" in note for note in notes), notes
        assert "West says: “Please lead hearts.”" in table.logged  # the log keeps what was said


async def test_the_trump_choice_takes_the_capital_letter_its_labels_show() -> None:
    choices = [(f"{suit} trump", Action(0, "trump", suit)) for suit in "SHDC"]
    chosen: list[Action | None] = []
    app = CardTableApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        dialog = TrumpChoiceDialog("You deal: choose trump", "Name a suit.", choices)
        app.push_screen(dialog, chosen.append)
        await wait_for(pilot, lambda: app.screen is dialog)
        assert "H trump  (H)" in screen_text(app)
        await pilot.press("H")
        await wait_for(pilot, lambda: bool(chosen))
    assert chosen == [Action(0, "trump", "H")]
