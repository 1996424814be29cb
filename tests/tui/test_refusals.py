"""One check per action: the engine refuses, the table says why, and the match goes on."""

from __future__ import annotations

from cardtable.engine.cards import bits
from cardtable.tui.app import CardTableApp
from cardtable.tui.widgets.hand import HandView
from tests.tui.driver import my_turn, table_config, wait_for


async def test_an_illegal_action_the_screen_lets_through_is_refused_by_the_engine_and_the_turn_asked_again() -> None:
    app = CardTableApp(table_config("manille", ["human", "random", "random", "random"], seed=12))
    async with app.run_test(size=(80, 24)) as pilot:
        table = await my_turn(pilot)
        while (view := table.view) is not None and view.hand == view.legal_mask:  # every card may be played
            await pilot.press("enter")
            table = await my_turn(pilot)
        assert view is not None and table.waiting is not None
        illegal = next(card for card in bits(view.hand) if not view.legal_mask >> card & 1)
        before = len(table.match.hands[-1].actions)
        # Straight to the player, as a message from elsewhere (a remote seat) would come: the engine checks it.
        table.waiting.answer(view.play_action(illegal))
        await wait_for(pilot, lambda: table.my_card_turn() and table.prompt_text.startswith("✗"))
        assert app.is_running and len(table.match.hands[-1].actions) == before
        # The same by keys: the refused card keeps the cursor, and a legal one is played.
        hand = table.query_one(HandView)
        place = next(i for i, card in enumerate(hand.cards) if card.index == illegal)
        hand.cursor = place
        table.message = ""
        table.refresh_prompt()
        await pilot.press("enter")
        await wait_for(pilot, lambda: table.my_card_turn() and table.prompt_text.startswith("✗"))
        assert hand.cursor == place and len(table.match.hands[-1].actions) == before
