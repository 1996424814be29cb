"""Manille's house rules and table talk at the table: the Belgian choice of trump in its dialog, the partner's
hand face down while the dealer chooses, the side panel, the talk menu and what the others say."""

from __future__ import annotations

import threading
import time
from typing import Any

from textual.pilot import Pilot
from textual.widgets import OptionList, Static

from cardtable.engine.loop import resume_match
from cardtable.engine.match import Match
from cardtable.engine.records import parse_record
from cardtable.games import find_game
from cardtable.games.manille.rules import ManilleHand
from cardtable.tui.app import CardTableApp
from cardtable.tui.dialogs.talk import TalkDialog
from cardtable.tui.dialogs.trump_choice import TrumpChoiceDialog
from cardtable.tui.screens.table import TableScreen
from cardtable.tui.widgets.hand import HandView
from cardtable.tui.widgets.seat import SeatPanel
from tests.tui.driver import footer_line, gated_table, table_config
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
                     table_type: type[TableScreen] = TableScreen) -> TableScreen:  # fmt: skip
    """The match at a table in the running app; the lines it logs are kept in ``log``, its notices in ``notices``
    (a notice stays only until the turn moves on: kept, a slow machine cannot miss one)."""
    await pilot.pause()
    table = table_type(table_config("manille", SEATS, options=options), match)
    if log is not None:
        write = table.log_line

        def logged(text: str) -> None:
            log.append(text)
            write(text)

        table.log_line = logged  # type: ignore[method-assign]
    if notices is not None:
        say = table.say

        def noted(text: str) -> None:
            if text:
                notices.append(text)
            say(text)

        table.say = noted  # type: ignore[method-assign]
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


def info(table: TableScreen) -> str:
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
        # Its own keys below it, not the table's (which do nothing while it is open).
        assert footer_line(app).split() == ["esc", "Back"]
        await pilot.press("escape")  # back to the hand: nothing said
        await wait_for(pilot, lambda: isinstance(app.screen, TableScreen))
        state = table.match.current
        assert isinstance(state, ManilleHand) and state.talk_log == ()
        await pilot.press("c")
        await wait_for(pilot, lambda: isinstance(app.screen, TalkDialog))
        await pilot.press("down", "down", "down", "down", "down", "down", "enter")  # "I hold the 10♥"
        await wait_for(pilot, lambda: isinstance(app.screen, TableScreen) and bool(state.talk_log))
        assert state.talk_log[0].action().to_json() == {"seat": 0, "say": "holds", "card": "10H"}
        assert "You say: “I hold the 10♥.”" in log
        await pilot.pause()
        assert table.view is not None and table.open_calls(table.view) == []  # one statement per turn: now a card
        assert "c: say" not in str(table.query_one("#prompt", Static).content)


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
