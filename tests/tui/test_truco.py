"""Truco at the table: a match to its end at 12 from the keyboard, with raises; the mão de onze and de ferro."""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.visual import VisualType
from textual.widgets import Static

from cardtable.engine.cards import SUIT_GLYPHS, bits
from cardtable.engine.loop import deal_rng
from cardtable.engine.match import Match
from cardtable.games import find_game
from cardtable.games.truco.rules import TrucoHand
from cardtable.saves import default_seats
from cardtable.tui.app import CardTableApp
from cardtable.tui.dialogs.choice import ChoiceDialog
from cardtable.tui.screens.score_sheet import ScoreSheetScreen
from cardtable.tui.screens.table import TableScreen
from cardtable.tui.widgets.hand import HandView
from tests.support import narrowed
from tests.tui.driver import footer_line, play_until_over, screen_text, settled, table_config, table_of, wait_for

TRUCO = find_game("truco")


async def test_a_truco_match_to_12_from_the_keyboard_with_raises() -> None:
    # The match starts at 9 : 9, so that a hand with a raise made from the keyboard (worth 3) takes it to 12; a
    # mão de onze on the way is played by the leak battery and asked in the test below.
    players = 2
    seats = [seat.kind for seat in default_seats("truco", players)]
    match = Match(TRUCO, TRUCO.parse_options(None, players), players, [9, 9])
    app = CardTableApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.push_screen(TableScreen(table_config("truco", seats, seed=9), match))
        result = await play_until_over(pilot, calls=True)
        table = table_of(app)
        assert table is not None and table.match.over and "win" in result
        assert max(table.match.scores) >= 12
        calls = [a for h in table.match.hands for a in h.actions if a.verb == "call" and a.seat == 0]
        assert any(a.value in ("truco", "raise") for a in calls)


async def open_truco(pilot: Pilot[None], app: CardTableApp, scores: list[int | float]) -> TableScreen[Any]:
    match = Match(TRUCO, TRUCO.parse_options(None, 4), 4, scores)
    match.deal_new_hand(deal_rng(2, 0), first_dealer=3)
    await pilot.pause()
    app.push_screen(TableScreen(table_config("truco", ["human", "random", "random", "random"], seed=2), match))
    await pilot.pause()
    table = table_of(app)
    assert table is not None
    return table


async def test_the_mao_de_onze_decision_shows_the_partners_cards_to_the_decider() -> None:
    app = CardTableApp()
    async with app.run_test(size=(80, 24)) as pilot:
        table = await open_truco(pilot, app, [11, 0, 11, 0])
        for _ in range(100):
            await pilot.pause()
            if isinstance(app.screen, ChoiceDialog):
                break
        state = table.match.current
        assert state is not None and isinstance(app.screen, ChoiceDialog)
        shown = screen_text(app)
        north = state.view(2)
        for card in bits(north.hand):
            code = north.deck.codes[card]
            assert code[:-1] + SUIT_GLYPHS[code[-1]] in shown  # the partner's cards, for this decision only
        assert "Play the hand" in shown and "Run" in shown


async def test_in_a_mao_de_ferro_your_own_cards_stay_face_down() -> None:
    app = CardTableApp()
    async with app.run_test(size=(80, 24)) as pilot:
        table = await open_truco(pilot, app, [11, 11, 11, 11])
        for _ in range(200):
            await pilot.pause()
            if table.my_card_turn():
                break
        state = table.match.current
        assert state is not None and table.my_card_turn()
        hand = table.query_one(HandView)
        assert hand.cards and all(card.face is not None and card.face.back for card in hand.cards)
        before = len(table.match.hands[-1].actions)
        await pilot.press("enter")
        await pilot.pause()
        played = table.match.hands[-1].actions[before:]
        assert played and played[0].seat == 0 and played[0].verb == "play"


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
async def test_a_raise_to_answer_leaves_the_vira_and_the_starred_manilhas_in_view(size: tuple[int, int]) -> None:
    from cardtable.engine.game import Action
    from cardtable.tui.games.truco.call import CallDialog
    from cardtable.tui.widgets.trick import TrickArea

    app = CardTableApp()
    async with app.run_test(size=size) as pilot:
        match = Match(TRUCO, TRUCO.parse_options(None, 4), 4)
        state = narrowed(TrucoHand, match.deal_new_hand(deal_rng(7, 0), first_dealer=2))  # you hold a manilha
        match.apply(Action(3, "call", "truco"))  # West leads and calls truco: you answer
        await pilot.pause()
        app.push_screen(TableScreen(table_config("truco", ["human", "random", "random", "random"]), match))
        for _ in range(100):
            await pilot.pause()
            if isinstance(app.screen, CallDialog):
                break
        asked = app.screen
        assert isinstance(asked, CallDialog)
        assert asked.title_text == "West calls truco (3): accept, refuse, or raise to 6?"
        assert asked.choices[0][0] == "Accept: the hand is worth 3"
        table = table_of(app)
        assert table is not None
        vira = table.query_one(TrickArea).aside_card
        assert vira.display and vira.face is not None and vira.face.index == state.vira
        assert vira.border_title == "vira" and "manilhas:" in str(table.query_one(".aside-note", Static).content)
        marked = [card for card in table.query_one(HandView).cards if card.face is not None and card.face.trump]
        assert marked and all(card.face is not None and card.face.suit.endswith("★") for card in marked)
        assert all(card.face is None or "★" not in card.face.suit for card in table.query_one(HandView).cards
                   if card not in marked)  # fmt: skip
        assert "Tricks" not in table.info_text  # "This hand" says the tricks each side won
        # The dialog covers none of it: not the trick's places, the vira and its note, the hand's cards, nor the
        # side panel down to the score.
        await wait_for(pilot, lambda: asked.query_one(".dialog").region.height > 0)  # laid out where it stands
        await pilot.pause()
        dialog = asked.query_one(".dialog").region
        trick = table.query_one(TrickArea)
        kept = [*(card.region for card in trick.cards.values()), vira.region,
                table.query_one(".aside-note", Static).region,
                *(card.region for card in table.query_one(HandView).cards)]  # fmt: skip
        assert not [region for region in kept if region.overlaps(dialog)]
        lines = table.info_text.splitlines()
        score_ends = lines.index("This hand")  # the rows above it hold the score and what the hand is worth
        assert dialog.y >= table.query_one("#info").region.y + score_ends


async def test_the_footer_names_the_raise_the_truco_key_makes_now() -> None:
    from cardtable.engine.game import Action
    from cardtable.tui.games.truco.call import CallDialog

    app = CardTableApp()
    async with app.run_test(size=(80, 24)) as pilot:
        match = Match(TRUCO, TRUCO.parse_options(None, 4), 4)
        match.deal_new_hand(deal_rng(7, 0), first_dealer=2)
        match.apply(Action(3, "call", "truco"))  # West leads and calls truco: you accept, and may raise to 6
        await pilot.pause()
        app.push_screen(TableScreen(table_config("truco", ["human", "random", "random", "random"]), match))
        await wait_for(pilot, lambda: isinstance(app.screen, CallDialog))
        await pilot.press("enter")  # accept
        table = table_of(app)
        assert table is not None

        def truco_key() -> str:
            return next((a.binding.description for a in table.active_bindings.values() if a.binding.id == "truco"), "")

        await wait_for(pilot, lambda: table.my_card_turn() and truco_key() == "Seis" and table.footer_timer is None)
        footer = footer_line(app)
        assert "v: seis (6)" in table.prompt_text and "v Seis" in footer and "Truco" not in footer


async def test_at_a_hot_seat_table_the_hand_over_calls_the_bottom_seat_south_as_the_table_does() -> None:
    from cardtable.tui.dialogs.message import HandOverScreen

    app = CardTableApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.push_screen(TableScreen(table_config("truco", ["human", "human"], names=["You", "North"], first_dealer=1),
                                    Match(TRUCO, TRUCO.parse_options(None, 2), 2)))  # fmt: skip
        await wait_for(pilot, lambda: isinstance(app.screen, HandOverScreen))
        handed = app.screen
        assert isinstance(handed, HandOverScreen) and handed.player_name == "South"  # North deals
        shown = screen_text(app)
        assert f"Pass to {handed.player_name}" in shown and f"{handed.player_name}'s cards come next" in shown
        assert "You" not in shown


async def test_the_info_panel_keeps_its_height_within_a_hand_so_a_line_that_goes_lays_nothing_out_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    app = CardTableApp()
    async with app.run_test(size=(80, 24)) as pilot:
        table = await open_truco(pilot, app, [0, 0])
        await wait_for(pilot, table.my_card_turn)
        info = table.query_one("#info", Static)
        view = table.view
        assert view is not None
        laid_out: list[bool] = []
        update = info.update

        def watched(content: VisualType = "", *, layout: bool = True) -> None:
            laid_out.append(layout)
            update(content, layout=layout)

        monkeypatch.setattr(info, "update", watched)
        lines: list[str] = []
        monkeypatch.setattr(table.parts, "info_lines", lambda *_: list(lines))
        rows = []
        for shown in (["one", "two", "three"], ["one"], ["one", "two"], ["one", "two", "three", "four"]):
            lines[:] = shown
            table.refresh_info(view, True)
            await pilot.pause()
            rows.append(len(str(info.render()).split("\n")))
        assert laid_out == [True, False, False, True]  # only the first height and the one that grew
        assert rows[1:3] == [rows[0], rows[0]] and rows[3] == rows[0] + 1
        assert str(info.render()).splitlines()[1:5] == ["one", "two", "three", "four"]
        table.info_rows = (table.info_rows[0] - 1, table.info_rows[1])  # as at the next hand's deal
        lines[:] = ["one"]
        table.refresh_info(view, True)
        assert laid_out[-1] is True  # a new hand starts from its own height


def test_argentino_s_own_envido_count_goes_once_the_envido_is_settled() -> None:
    from cardtable.tui.games.truco import PARTS
    from tests.games.truco.argentino_helpers import new_hand, options

    parts = PARTS.for_options(options())
    names = ["You", "North"]
    hands = ["7D 6D KS", "5C JC 4S"]

    def envido_line(actions: str, seat: int) -> list[str]:
        return [line for line in parts.info_lines(new_hand(hands, actions).view(seat), names) if "envido:" in line]

    assert envido_line("", 0) == ["Your envido: 33"]
    assert envido_line("0:envido", 1) == ["Your envido: 25"]  # asked, the count is what the answer weighs
    assert envido_line("0:envido 1:accept", 0) == []
    assert envido_line("0:envido 1:refuse", 0) == []


async def answer_until(
    pilot: Pilot[None], table: TableScreen[Any], done: Callable[[], bool], seconds: float = 60
) -> None:
    """Answer every question (Enter) and end each computer's pause until ``done()``; never past a score sheet."""
    deadline = time.monotonic() + seconds
    while not done():
        assert time.monotonic() < deadline, f"never done; the screen is {pilot.app.screen!r}"
        assert not isinstance(pilot.app.screen, ScoreSheetScreen), "a score sheet between two hands"
        if table.my_card_turn() or isinstance(pilot.app.screen, ChoiceDialog):
            await pilot.press("enter")
        elif not table.between_hands:
            table.skip.set()
        await pilot.pause(0.01)


async def test_a_truco_hand_ends_with_a_line_and_the_sheet_is_a_key_away_before_the_next_deal() -> None:
    match = Match(TRUCO, TRUCO.parse_options(None, 2), 2)
    app = CardTableApp()
    async with app.run_test(size=(80, 24)) as pilot:
        app.settings.speed = "slow"  # the line stays 4.8 s: time to look at it; the computers' pauses are skipped
        await pilot.pause()
        app.push_screen(TableScreen(table_config("truco", ["human", "random"], seed=3), match))
        await pilot.pause()
        table = table_of(app)
        assert table is not None
        await answer_until(pilot, table, lambda: table.between_hands)
        assert len(match.hands) == 1 and match.hands[0].state.complete and not match.over
        line = table.notice_text
        assert re.fullmatch(r"(You win|East wins) the hand: \+\d+ — \d+ to \d+", line), line
        assert table.logged[-1] == line
        assert table.prompt_text == "Next hand in a moment  (s: score sheet; Enter: deal now)"
        await settled(pilot)
        assert "s Scores" in footer_line(app)
        await pilot.press("s")
        await wait_for(pilot, lambda: isinstance(app.screen, ScoreSheetScreen))
        assert len(match.hands) == 1  # the next deal waits for the sheet
        await pilot.press("enter")
        await wait_for(pilot, lambda: len(match.hands) == 2)
        assert table.notice_text == line  # the result stays over the deal until you act
        # The sheet of that hand is a key away in the next one too.
        await pilot.press("s")
        await wait_for(pilot, lambda: isinstance(app.screen, ScoreSheetScreen))
        assert "Last hand" in screen_text(app)


async def test_the_match_s_last_truco_hand_shows_the_whole_sheet_and_the_others_do_not() -> None:
    match = Match(TRUCO, TRUCO.parse_options(None, 2), 2, [8, 8])
    app = CardTableApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.push_screen(TableScreen(table_config("truco", ["human", "random"], seed=3), match))
        await pilot.pause()
        table = table_of(app)
        assert table is not None
        await answer_until(pilot, table, lambda: match.over)
        await wait_for(pilot, lambda: isinstance(app.screen, ScoreSheetScreen))
        assert len(match.hands) >= 2  # a hand ended with its line before the last one
        assert sum(" the hand: +" in line for line in table.logged) == len(match.hands) - 1


async def test_with_brief_hand_ends_off_every_truco_hand_shows_the_sheet() -> None:
    match = Match(TRUCO, TRUCO.parse_options(None, 2), 2)
    app = CardTableApp()
    async with app.run_test(size=(80, 24)) as pilot:
        app.settings.brief_hand_ends = False
        await pilot.pause()
        app.push_screen(TableScreen(table_config("truco", ["human", "random"], seed=3), match))
        await play_until_over(pilot, until=ScoreSheetScreen)
        assert not match.over and len(match.hands) == 1


async def test_between_argentino_hands_the_side_panel_shows_the_score_the_line_gives() -> None:
    from cardtable.engine.game import Action

    options = TRUCO.parse_options({"variant": "argentino"}, 2)
    match = Match(TRUCO, options, 2)
    match.deal_new_hand(deal_rng(4, 0), first_dealer=1)
    match.apply(Action(0, "call", "envido"))
    match.apply(Action(1, "call", "accept"))  # the envido's points count at once; the hand's come at its end
    app = CardTableApp()
    async with app.run_test(size=(80, 24)) as pilot:
        app.settings.speed = "slow"
        await pilot.pause()
        config = table_config("truco", ["human", "random"], options={"variant": "argentino"})
        app.push_screen(TableScreen(config, match))
        await pilot.pause()
        table = table_of(app)
        assert table is not None
        await answer_until(pilot, table, lambda: table.between_hands)
        await settled(pilot)
        you, east = match.scores
        assert table.notice_text.endswith(f" — {max(you, east)} to {min(you, east)}")
        assert f"  You: {you}" in table.info_text and f"  East: {east}" in table.info_text
