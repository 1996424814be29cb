"""French Tarot at the table: a whole two-deal match from the keyboard, with a bid and an écart."""

from __future__ import annotations

from cardtable.engine.game import Action
from cardtable.engine.loop import deal_rng, resume_match
from cardtable.engine.match import Match
from cardtable.engine.records import parse_record
from cardtable.engine.registry import find_game
from cardtable.tui.app import CardTableApp
from cardtable.tui.dialogs.choice import ChoiceDialog
from cardtable.tui.dialogs.pick_cards import PickCardsDialog
from cardtable.tui.screens.table import TableScreen
from tests.tui.driver import pick_cards, play_until_over, screen_text, table_config, table_of

TAROT = find_game("tarot")


async def test_a_two_deal_tarot_match_from_the_keyboard_with_a_bid_and_an_ecart() -> None:
    match = Match(TAROT, TAROT.parse_options({"deals": 2}, 4), 4)
    match.deal_new_hand(deal_rng(4, 0), first_dealer=0)
    for seat in (1, 2, 3):  # the others pass, so South's bid takes the contract
        match.apply(Action(seat, "bid", "pass"))
    app = CardTableApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.push_screen(TableScreen(table_config("tarot", ["human", "random", "random", "random"], seed=4), match))
        for _ in range(200):
            await pilot.pause()
            if isinstance(app.screen, ChoiceDialog):
                break
        assert "Garde" in screen_text(app)
        await pilot.press("down", "down", "enter")  # Pass, Petite, Garde
        for _ in range(200):
            await pilot.pause()
            if isinstance(app.screen, PickCardsDialog):
                break
        dialog = app.screen
        assert isinstance(dialog, PickCardsDialog) and dialog.count == 6
        forbidden = [c.index for c in dialog.query_one("#pick-hand").cards if c.index not in dialog.allowed]
        assert forbidden, "kings, oudlers and trumps are not allowed in the écart"
        await pick_cards(pilot, dialog)
        result = await play_until_over(pilot)
        table = table_of(app)
        assert table is not None and table.match.over and result
        first = table.match.hands[0]
        assert any(a.verb == "bid" and a.seat == 0 and a.value == "garde" for a in first.actions)
        assert any(a.verb == "discard" and a.seat == 0 for a in first.actions)
        assert len([h for h in table.match.hands if h.state.complete]) >= 2


async def test_a_poignee_is_declared_from_the_keyboard_choosing_the_trumps_to_show() -> None:
    # South holds thirteen trumps: with four players, ten make a single poignée.
    suits = [r + s for s in "SHDC" for r in ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "N", "Q", "K"]]
    trumps = [f"T{n}" for n in range(1, 22)]
    south = trumps[:13] + suits[:5]
    rest = [*trumps[13:], "EX", *suits[5:]]
    chien, rest = rest[:6], rest[6:]
    hands = [south, rest[0::3], rest[1::3], rest[2::3]]
    bids = [*({"seat": s, "bid": "pass"} for s in (0, 1, 2)), {"seat": 3, "bid": "garde_sans"}]
    hand = {"dealer": 3, "deal": {"hands": hands, "chien": chien}, "actions": bids}
    record = {"format": "cardtable-record/1", "game": "tarot", "players": 4, "options": {"deals": 1}, "hands": [hand]}
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
        assert table is not None and table.my_card_turn() and table.check_action("calls", ())
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceDialog) and "poignée" in screen_text(app)
        await pilot.press("enter")  # the single poignée
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, PickCardsDialog) and dialog.count == 10
        await pick_cards(pilot, dialog)
        await pilot.pause()
        declared = [a for a in table.match.hands[0].actions if a.verb == "declare" and a.value == "poignee"]
        assert declared and declared[0].seat == 0 and len(declared[0].get("cards")) == 10
