"""Malilla at the table: a whole match from the keyboard, the redeal call offered, a forbidden seven refused."""

from __future__ import annotations

from typing import Any

import pytest
from textual.pilot import Pilot

from cardtable.engine.loop import resume_match
from cardtable.engine.match import Match
from cardtable.engine.records import parse_record
from cardtable.games import find_game
from cardtable.saves import default_seats
from cardtable.tui.app import CardTableApp
from cardtable.tui.dialogs.choice import ChoiceDialog
from cardtable.tui.screens.table import TableScreen
from tests.tui.driver import play_until_over, screen_text, table_config, table_of

MALILLA = find_game("malilla")
SEATS = [seat.kind for seat in default_seats("malilla", 4)]
RANKS = ["A", "2", "3", "4", "5", "6", "7", "J", "N", "K"]


async def open_table(pilot: Pilot[None], app: CardTableApp, match: Match, **config: Any) -> TableScreen[Any]:
    await pilot.pause()
    app.push_screen(TableScreen(table_config("malilla", SEATS, **config), match))
    await pilot.pause()
    table = table_of(app)
    assert table is not None
    return table


async def test_a_whole_malilla_match_from_the_keyboard() -> None:
    # The match starts near its end (30 : 30 of 35) so that the test plays one or two hands, not ten.
    match = Match(MALILLA, MALILLA.parse_options(None, 4), 4, [30, 30, 30, 30])
    app = CardTableApp()
    async with app.run_test(size=(80, 24)) as pilot:
        table = await open_table(pilot, app, match, seed=3)
        result = await play_until_over(pilot)
        assert table.match.over and "win" in result
        assert any(score >= 35 for score in table.match.scores)


def seven_espadas_record(dealer: int = 3) -> dict[str, Any]:
    """South (seat 0, you) holds seven espadas and may call for a redeal before the first lead."""
    south = ["7S", "AS", "KS", "NS", "JS", "6S", "5S", "2D", "2C", "2H"]
    rest = [r + s for s in "SHDC" for r in RANKS if r + s not in south]
    # Dealt round the other three seats, so none of them holds seven of a suit and may call too.
    hands = [south, rest[0::3], rest[1::3], rest[2::3]]
    deal = {"hands": hands, "turned": hands[dealer][-1]}
    hand = {"dealer": dealer, "deal": deal, "actions": []}
    return {"format": "cardtable-record/1", "game": "malilla", "hands": [hand]}


@pytest.mark.parametrize("dealer", [3, 2], ids=["you-lead", "another-seat-leads"])
async def test_the_redeal_call_is_offered_to_a_human_with_seven_of_a_suit(dealer: int) -> None:
    app = CardTableApp()
    async with app.run_test(size=(80, 24)) as pilot:
        table = await open_table(pilot, app, resume_match(parse_record(seven_espadas_record(dealer), find_game)))
        for _ in range(100):
            await pilot.pause()
            if isinstance(app.screen, ChoiceDialog):
                break
        assert isinstance(app.screen, ChoiceDialog)
        assert "redeal" in screen_text(app)
        await pilot.press("enter")  # "Ask for a redeal"
        for _ in range(100):
            await pilot.pause()
            if len(table.match.hands) > 1 or len(table.match.hands[0].actions) >= 2:
                break
        first = table.match.hands[0]
        assert first.actions[0].value == "redeal" and first.actions[0].seat == 0
        assert first.actions[1].seat == 2 and first.actions[1].value in ("agree", "decline")


async def test_a_forbidden_seven_is_refused_with_the_engine_reason() -> None:
    # Dealer South turns the 5 of espadas. East leads copas, North wins with the king; South has no copas,
    # so South is free to discard, but not the 7 of oros or of bastos: those suits were never led.
    south = ["7S", "AS", "KS", "NS", "JS", "6S", "5S", "7D", "7C", "2D"]
    east = ["2H", "4H", "5H", "AD", "3D", "4D", "5D", "AC", "2C", "3C"]
    north = ["KH", "7H", "AH", "6H", "6D", "JD", "ND", "4C", "5C", "6C"]
    west = ["3H", "JH", "NH", "KD", "JC", "NC", "KC", "2S", "3S", "4S"]
    plays = [{"seat": 1, "play": "2H"}, {"seat": 2, "play": "KH"}, {"seat": 3, "play": "3H"}]
    deal = {"hands": [south, east, north, west], "turned": "5S"}
    record = {"format": "cardtable-record/1", "game": "malilla", "options": {"redeal_seven": False},
              "hands": [{"dealer": 0, "deal": deal, "actions": plays}]}  # fmt: skip
    app = CardTableApp()
    async with app.run_test(size=(80, 24)) as pilot:
        table = await open_table(
            pilot, app, resume_match(parse_record(record, find_game)), options={"redeal_seven": False}
        )
        for _ in range(200):
            await pilot.pause()
            if table.my_card_turn():
                break
        view = table.view
        assert view is not None and table.my_card_turn()
        seven_of_oros = view.deck.index["7D"]
        assert not view.legal_mask >> seven_of_oros & 1
        table.submit(view.play_action(seven_of_oros))
        await pilot.pause()
        assert table.message == "You may not play 7♦, a forbidden seven: oros have not been led yet."
        assert "forbidden seven" in screen_text(app)
        assert len(table.match.hands[0].actions) == 3  # nothing was played


def test_the_status_line_says_whose_redeal_decision_it_is() -> None:
    from cardtable.tui.games.malilla import PARTS
    from tests.games.malilla.helpers import REDEAL_DEAL, act, new_hand

    names = ["South", "East", "You", "West"]
    state = new_hand(REDEAL_DEAL, "KH", dealer=0)
    # Before East's lead, North (seat 2) may ask: its own screen says the decision is its own.
    assert PARTS.phase_prompt(state.view(2), names).startswith("Your decision: ask your partner for a redeal")
    act(state, {"seat": 2, "call": "redeal"})
    assert PARTS.waiting_text(state.view(2), names) == "You ask for a redeal: South decides…"
    assert PARTS.waiting_text(state.view(1), ["You", "East", "North", "West"]) == (
        "North asks for a redeal: You decide…"
    )


def test_the_albur_lines_say_you_lead_and_then_you_led() -> None:
    from cardtable.games.malilla.words import WORDS
    from cardtable.tui.games.malilla import PARTS
    from tests.games.malilla.helpers import REDEAL_DEAL, new_hand

    names = ["South", "East", "You", "West"]
    # Dealer 0: seat 2 (you) draws for team 0 and wins the albur (K♠ over N♠), so you lead the first trick.
    state = new_hand(REDEAL_DEAL, "KH", dealer=0, albur=("KS", "NS"))
    view = state.view(2)
    albur = next(line for line in PARTS.info_lines(view, names) if line.startswith("Albur"))
    assert albur.endswith(": you lead")
    assert WORDS.deal_lines(view, names)[-1].endswith("; you win it and lead.")
    state.apply(next(action for action in state.view(2).legal_actions() if action.verb == "play"))
    albur = next(line for line in PARTS.info_lines(state.view(2), names) if line.startswith("Albur"))
    assert albur.endswith(": you led")
    others = ["South", "East", "North", "You"]
    assert WORDS.deal_lines(state.view(3), others)[-1].endswith("; North wins it and leads.")
