"""French Tarot at the table: the last deal of a two-deal match from the keyboard, its bid and écart, and its end."""

from __future__ import annotations

import json
import random
from pathlib import Path

from textual.pilot import Pilot
from textual.widgets import Label

from cardtable.engine.game import Action
from cardtable.engine.loop import deal_rng, resume_match
from cardtable.engine.match import Match
from cardtable.engine.players import make_computer
from cardtable.engine.records import parse_record
from cardtable.games import find_game
from cardtable.games.tarot.rules import TarotHand
from cardtable.tui.app import CardTableApp
from cardtable.tui.dialogs.choice import ChoiceDialog
from cardtable.tui.games.tarot.pick_cards import PickCardsDialog
from cardtable.tui.screens.table import TableScreen
from cardtable.tui.widgets.hand import HandView
from tests.support import narrowed
from tests.tui.driver import pick_cards, play_until_over, screen_text, table_config, table_of, wait_for

TAROT = find_game("tarot")
SOUTH_AND_RANDOM = ["human", "random", "random", "random"]


def second_deal_to_bid() -> Match:
    """A two-deal match whose first deal is played (East takes a petite, the rest at random) and whose second
    and last deal waits for South's bid: the three others have passed."""
    match = Match(TAROT, TAROT.parse_options({"deals": 2}, 4), 4)
    first = match.deal_new_hand(deal_rng(4, 0), first_dealer=3)  # South speaks first
    match.apply(Action(0, "bid", "pass"))
    match.apply(Action(1, "bid", "petite"))
    match.apply(Action(2, "bid", "pass"))
    match.apply(Action(3, "bid", "pass"))
    players = [make_computer(TAROT, "random", random.Random(seat)) for seat in range(4)]
    while not first.complete:
        seat = first.to_act
        assert seat is not None
        match.apply(players[seat].decide(first.view(seat)))
    match.deal_new_hand(deal_rng(4, 1))  # South deals: East, North and West speak first
    for seat in (1, 2, 3):
        match.apply(Action(seat, "bid", "pass"))
    return match


async def bid_and_discard_from_the_keyboard(app: CardTableApp, pilot: Pilot[None]) -> None:
    """South's garde and écart in the last deal, from the keyboard, with what the dialogs must show."""
    await wait_for(pilot, lambda: isinstance(app.screen, ChoiceDialog))
    assert "Garde" in screen_text(app)
    await pilot.press("down", "down", "enter")  # Pass, Petite, Garde
    await wait_for(pilot, lambda: isinstance(app.screen, PickCardsDialog))
    dialog = app.screen
    assert isinstance(dialog, PickCardsDialog) and dialog.count == 6
    forbidden = [c.index for c in dialog.query_one("#pick-hand", HandView).cards if c.index not in dialog.allowed]
    assert forbidden, "kings, oudlers and trumps are not allowed in the écart"
    await pick_cards(pilot, dialog)


async def test_the_last_deal_of_a_tarot_match_is_bid_and_discarded_from_the_keyboard() -> None:
    # The first deal comes from a record, as a resumed match does: the last deal is bid and discarded from the
    # keyboard (its end is played by the next test, from the same deal nearly played out).
    match = second_deal_to_bid()
    app = CardTableApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.push_screen(TableScreen(table_config("tarot", SOUTH_AND_RANDOM, seed=4), match))
        await bid_and_discard_from_the_keyboard(app, pilot)
        last = match.hands[-1]
        await wait_for(pilot, lambda: any(a.verb == "discard" for a in last.actions))
        assert any(a.verb == "bid" and a.seat == 0 and a.value == "garde" for a in last.actions)
        assert any(a.verb == "discard" and a.seat == 0 for a in last.actions)


def second_deal_nearly_played() -> Match:
    """The same match with South's garde and écart made, and its last deal played (at random) to its last trick."""
    match = second_deal_to_bid()
    last = narrowed(TarotHand, match.current)
    match.apply(Action(0, "bid", "garde"))
    players = [make_computer(TAROT, "random", random.Random(seat)) for seat in range(4)]
    while last.to_act is not None and not (sum(hand.bit_count() for hand in last.hands) <= 4 and last.to_act == 0):
        seat = last.to_act
        match.apply(players[seat].decide(last.view(seat)))
    return match


async def test_a_two_deal_tarot_match_is_played_to_its_end_from_the_keyboard() -> None:
    match = second_deal_nearly_played()
    app = CardTableApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.push_screen(TableScreen(table_config("tarot", SOUTH_AND_RANDOM, seed=4), match))
        result = await play_until_over(pilot)
        table = table_of(app)
        assert table is not None and table.match.over and result
        first, last = table.match.hands
        assert first.state.complete and not narrowed(TarotHand, first.state).annulled and last.state.complete
        assert any(a.verb == "bid" and a.seat == 0 and a.value == "garde" for a in last.actions)
        assert any(a.verb == "discard" and a.seat == 0 for a in last.actions)


async def test_a_poignee_is_declared_from_the_keyboard_choosing_the_trumps_to_show() -> None:
    # South takes a garde with four kings and, after the chien, fifteen trumps: T7 had to go to the écart, and a
    # taker may show his discarded trumps again, so the dialog offers it beside his hand.
    path = Path(__file__).parents[1] / "records" / "tarot" / "poignee_taker_shows_his_discarded_trump.json"
    record = json.loads(path.read_text())
    record["hands"][0]["actions"] = record["hands"][0]["actions"][:6]
    match = resume_match(parse_record(record, find_game))
    app = CardTableApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.push_screen(TableScreen(table_config("tarot", ["human", "random", "random", "random"], seed=4), match))
        table = None
        for _ in range(200):
            await pilot.pause()
            table = table_of(app)
            if table is not None and table.my_card_turn():
                break
        assert table is not None and table.my_card_turn() and table.open_calls(table.view)
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceDialog) and "poignée" in screen_text(app)
        await pilot.press("enter")  # the single poignée: 10 of the 15 trumps
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, PickCardsDialog) and dialog.count == 10
        t7 = TAROT.deck(match.options, 4)[0].index["T7"]
        shown = [card.index for card in dialog.query_one("#pick-hand", HandView).cards]
        assert t7 in dialog.allowed and t7 in shown
        # The heading says so (wrapped to the dialog's width beside the side panel at 80x24).
        assert "trump 7 from your écart" in str(dialog.query_one(".dialog-title", Label).render())
        await pick_cards(pilot, dialog)  # the first ten allowed: T7 to T16
        await pilot.pause()
        declared = [a for a in table.match.hands[0].actions if a.verb == "declare" and a.value == "poignee"]
        assert declared and declared[0].seat == 0 and declared[0].get("cards") == tuple(f"T{k}" for k in range(7, 17))


def test_the_bid_prompt_offers_a_higher_contract_only_while_there_is_one() -> None:
    from cardtable.tui.games.tarot import PARTS as parts

    match = Match(TAROT, TAROT.parse_options({}, 4), 4)
    state = narrowed(TarotHand, match.deal_new_hand(deal_rng(4, 0), first_dealer=3))  # South speaks first
    names = ["You", "East", "North", "West"]
    assert parts.phase_prompt(state.view(0), names) == "Your bid: pass, or a contract higher than the last one."
    match.apply(Action(0, "bid", "garde_contre"))
    assert parts.phase_prompt(state.view(1), names) == "Your bid: pass (no contract is higher than the last one)."


def test_the_side_panel_counts_the_petit_every_seat_saw_go_to_the_taker_in_the_chien() -> None:
    from cardtable.tui.games.tarot import PARTS
    from tests.games.tarot.test_attack_count import petit_in_the_chien

    names = ["You", "East", "North", "West"]
    garde = petit_in_the_chien("garde")  # North (seat 2) takes; the chien, turned up, held the Petit
    for seat in range(4):
        for private in (True, False):
            lines = PARTS.info_lines(garde.view(seat), names, private)
            assert "  1 oudler: 51 needed" in lines, lines
    sans = petit_in_the_chien("garde_sans")  # the chien stays face down: nobody counts what it holds
    assert "  0 oudlers: 56 needed" in PARTS.info_lines(sans.view(0), names, False)
