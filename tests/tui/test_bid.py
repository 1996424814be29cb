"""Manille's bid dialog answers with one of the legal bids: Enter bids the value and suit shown."""

from __future__ import annotations

import random

from textual.app import App

from cardtable.engine.game import Action
from cardtable.engine.match import Match
from cardtable.games import find_game
from cardtable.games.manille.rules import PASS
from cardtable.tui.games.manille.bid import BidDialog


def auction_actions() -> list[Action]:
    rules = find_game("manille")
    match = Match(rules, rules.parse_options({"auction": True}, 4), 4)
    return match.deal_new_hand(random.Random(1), 0).legal_actions()


async def test_enter_bids_the_value_and_suit_shown_and_p_passes() -> None:
    actions = auction_actions()
    answers: list[object] = []
    app: App[None] = App()
    async with app.run_test() as pilot:
        app.push_screen(BidDialog(1, actions, {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}),
                        answers.append)  # fmt: skip
        await pilot.pause()
        await pilot.press("up", "h", "enter")
        await pilot.pause()
        app.push_screen(BidDialog(1, actions, {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}),
                        answers.append)  # fmt: skip
        await pilot.pause()
        await pilot.press("p")
        await pilot.pause()
    bid = next(a for a in actions if a.value == 32 and a.get("suit") == "H")
    assert answers == [bid, next(a for a in actions if a.value == PASS)]
