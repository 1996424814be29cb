"""The table's notice line: a hint goes with its turn; an announcement stays while the computers play on, until
the person at the keyboard acts or the trick after it ends."""

from __future__ import annotations

from typing import Any

import pytest
from textual.geometry import Region
from textual.pilot import Pilot
from textual.widget import Widget

from cardtable.engine.game import Action
from cardtable.engine.loop import deal_rng
from cardtable.engine.match import Match
from cardtable.games import find_game
from cardtable.games.malilla.rules import MalillaHand
from cardtable.games.malilla.words import WORDS as MALILLA_WORDS
from cardtable.games.tarot.rules import TarotHand
from cardtable.saves import SPEEDS, default_seats
from cardtable.tui.app import CardTableApp
from cardtable.tui.screens.table import TableScreen, keys_below
from cardtable.tui.widgets.footer import KeysFooter
from tests.support import narrowed
from tests.tui.driver import footer_line, my_turn, screen_text, settle, settled, table_config, table_of, wait_for
from tests.tui.test_truco_argentino import argentino_match, choose, dialog, open_table

COMPUTERS = ["human", "random", "random", "random"]


async def test_a_hint_goes_when_its_card_is_played_and_does_not_come_back() -> None:
    app = CardTableApp(table_config("manille", COMPUTERS, seed=12, first_dealer=0))
    async with app.run_test(size=(80, 24)) as pilot:
        table = await my_turn(pilot)
        await pilot.press("t")
        for _ in range(300):  # the hint is worked out in a thread
            await pilot.pause()
            if table.notice_text.startswith("Hint: play "):
                break
        hinted = table.notice_text
        assert hinted.startswith("Hint: play ") and hinted[:12] in screen_text(app)
        actions = len(table.match.hands[-1].actions)
        await pilot.press("enter")  # the hinted card is under the cursor
        for _ in range(200):  # until the turn comes round again, the hint never shows
            await pilot.pause()
            assert table.notice_text != hinted
            if table.my_card_turn():
                break
        assert len(table.match.hands[-1].actions) > actions + 1  # yours, then the computers'


async def test_an_envido_result_stays_through_the_next_card_until_you_act() -> None:
    app = CardTableApp()
    async with app.run_test(size=(80, 24)) as pilot:
        match = argentino_match(["AS 5S 3C", "7D 6D KS"], [{"seat": 1, "call": "envido"}])
        table = await open_table(pilot, match)
        await choose(pilot, await dialog(pilot), "Accept")
        await my_turn(pilot)
        said = "Envido accepted (envido counts: You 26, North 33): North's 33 wins, North scores 2."
        last = table.match.hands[-1].actions[-1]
        assert last.verb == "play" and last.seat == 1
        # North has played a card since: the result is still on the notice line, whole (on two lines).
        assert table.notice_text == said and table.notice_lasts
        notice = table.query_one("#notice")
        shown = " ".join(strip.text.strip() for strip in notice.render_lines(Region(0, 0, *notice.size)))
        assert notice.size.height == 2 and shown == said
        await pilot.press("enter")
        await pilot.pause()
        assert table.notice_text != said  # you acted: it has been read (North's next call may follow)


def dealer_team_bonus_seed() -> int:
    """A seed whose first deal (dealer North) turns a card that scores the trump bonus for You & North."""
    malilla = find_game("malilla")
    for seed in range(100):
        match = Match(malilla, malilla.parse_options(None, 4), 4)
        state = narrowed(MalillaHand, match.deal_new_hand(deal_rng(seed, 0), first_dealer=2))
        if state.view(0).bonuses:
            return seed
    raise AssertionError("no deal with a trump bonus")


async def bonus_table(pilot: Pilot[None], app: CardTableApp) -> TableScreen[Any]:
    """A Malilla table at your first turn, its deal's trump bonus scored for You & North."""
    malilla = find_game("malilla")
    seats = [seat.kind for seat in default_seats("malilla", 4)]
    await pilot.pause()
    app.push_screen(TableScreen(table_config("malilla", seats, seed=dealer_team_bonus_seed(), first_dealer=2),
                                Match(malilla, malilla.parse_options(None, 4), 4)))  # fmt: skip
    return await my_turn(pilot)


async def test_a_bonus_scored_at_the_deal_is_announced_until_you_act() -> None:
    app = CardTableApp()
    async with app.run_test(size=(80, 24)) as pilot:
        table = await bonus_table(pilot, app)
        state = table.match.current
        assert state is not None and [a.seat for a in table.match.hands[-1].actions] == [3]  # West led first
        names = table.names
        assert table.notice_text == " ".join(MALILLA_WORDS.bonus_lines(narrowed(MalillaHand, state).view(0), names))
        assert table.notice_text.startswith("You & North score the turned card: ")
        await pilot.press("enter")
        await pilot.pause()
        assert table.notice_text == ""


# ------------------------------------------------------------------ one key for each call, wherever it is named
async def hinted_as(pilot: Pilot[None], table: TableScreen[Any], advice: Action) -> str:
    """The notice the table shows for a hint that advises ``advice`` (without a reason)."""
    from cardtable.engine.hints import Hint

    assert table.view is not None
    table.show_hint(Hint(advice, ""), table.view)
    await pilot.pause()
    return table.notice_text


async def test_a_truco_hint_names_the_key_the_prompt_and_the_footer_offer() -> None:
    from tests.tui.test_snapshots import truco_match

    app = CardTableApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        config = table_config("truco", ["human", "random"], names=["You", "North"], seed=2, first_dealer=1)
        app.push_screen(TableScreen(config, truco_match(2, 1, [])))
        table = await my_turn(pilot)
        view = table.view
        assert view is not None
        truco = next(a for a in view.legal_actions() if a.verb == "call")
        assert "v: truco" in table.prompt_text and "c:" not in table.prompt_text
        assert await hinted_as(pilot, table, truco) == "Hint: call truco (key v)."
        await until_footer(pilot, app, "v Truco")
        assert "Calls" not in footer_line(app)  # v is the one key for it


async def test_argentino_hints_name_e_v_and_m_as_the_prompt_and_the_footer_do() -> None:
    app = CardTableApp()
    async with app.run_test(size=(80, 24)) as pilot:
        table = await open_table(pilot, argentino_match(["7S 2S AD", "4C KS JH"], [], dealer=1))
        await my_turn(pilot)
        assert "e: envido; v: truco; m: to the deck" in table.prompt_text
        view = table.view
        assert view is not None
        calls = {a.value: a for a in view.legal_actions() if a.verb == "call"}
        for value, key in (("real_envido", "e"), ("truco", "v"), ("mazo", "m")):
            assert (await hinted_as(pilot, table, calls[value])).endswith(f"(key {key}).")
        await until_footer(pilot, app, "v Truco")
        shown = footer_line(app)
        assert "e Envido" in shown and "v Truco" in shown and "Calls" not in shown  # m and d: in the prompt


async def until_footer(pilot: Pilot[None], app: CardTableApp, key: str) -> None:
    for _ in range(100):  # the footer settles a moment after the turn
        await pilot.pause(0.02)
        if key in footer_line(app):
            return
    raise AssertionError(f"{key!r} never in the footer: {footer_line(app)}")


async def test_the_score_sheet_during_a_hand_shows_the_bonus_the_side_panel_counts() -> None:
    app = CardTableApp()
    async with app.run_test(size=(80, 24)) as pilot:
        table = await bonus_table(pilot, app)
        state = table.match.current
        assert state is not None and table.match.scores == [0, 0, 0, 0]
        bonus = narrowed(MalillaHand, state).view(0).match_scores[0]
        assert bonus > 0
        await pilot.press("s")  # no hand is over yet, but the turned card has scored: the sheet opens
        await pilot.pause()
        text = screen_text(app)
        assert "score sheet" in text and "No hand has been scored yet." not in text
        assert "Last hand" not in text  # no hand is over: nothing to explain of one
        row = next(line.split() for line in text.splitlines() if "so far" in line)
        assert row[row.index("far") + 1 :][:2] == [str(bonus), "0"]  # the hand in play, as the side panel counts it
        chart = str(table.app.screen.query_one("#chart").render())
        assert chart.splitlines()[1].split()[-1] == str(bonus)  # and the chart's total, after You & North's bar


async def test_at_a_table_of_computers_an_announcement_goes_when_the_trick_after_it_ends() -> None:
    """Nobody at the keyboard acts, so the king called before the first card would stay all hand."""
    seats = ["heuristic"] * 5
    names = ["South", "East", "North-east", "North-west", "West"]
    app = CardTableApp(table_config("tarot", seats, names=names, seed=9))
    async with app.run_test(size=(80, 24)) as pilot:
        seen_after: set[int] = set()  # tricks ended when the call was seen on the notice line
        call = ""
        for _ in range(3000):
            await settle(pilot)
            table = table_of(app)
            state = table.match.current if table is not None else None
            if table is None or state is None:
                if call:
                    break  # the hand is over
                continue
            if not call and " calls the king of " in table.notice_text:
                call = table.notice_text
            if call and table.notice_text == call:
                seen_after.add(len(narrowed(TarotHand, state).trick_history))
            if call and len(narrowed(TarotHand, state).trick_history) >= 4:
                break
        assert call and seen_after and max(seen_after) <= 1, (call, seen_after)
        assert table is not None and table.notice_text != call


def shown_lines(widget: Widget) -> list[str]:
    """The lines a widget paints now, each stripped."""
    return [strip.text.strip() for strip in widget.render_lines(Region(0, 0, *widget.outer_size))]


#: A hint as long as the longest the table gives: four lines beside the side panel at 80 columns.
LONG_HINT = ("Hint: play 5♦. A low oro gives nothing away — it keeps R♦ for later, and your partner is winning the"
             " trick for now (best in 9 of the 16 deals tried, 0.3 points a hand ahead of 7♠).")  # fmt: skip


async def test_a_long_hint_wraps_whole_into_the_room_the_table_leaves() -> None:
    app = CardTableApp(table_config("malilla", COMPUTERS, seed=12))
    async with app.run_test(size=(80, 24)) as pilot:
        table = await my_turn(pilot)
        table.say(LONG_HINT, wrap=True)
        await settled(pilot)
        notice = table.query_one("#notice")
        assert notice.size.height == 4
        assert " ".join(shown_lines(notice)) == LONG_HINT
        assert notice.size.height <= table.notice_room()  # within what the trick leaves


async def test_a_hint_with_no_room_for_its_figures_shows_them_on_the_hint_key() -> None:
    app = CardTableApp(table_config("malilla", COMPUTERS, seed=12))
    async with app.run_test(size=(80, 24)) as pilot:
        table = await my_turn(pilot)
        longer = LONG_HINT.replace(
            "for now", "for now, and East showed out of oros and bastos two tricks ago while West has no trump left"
        )
        table.say(longer, wrap=True)
        await settled(pilot)
        shown = " ".join(shown_lines(table.query_one("#notice")))
        assert shown.split() == (longer.partition(" (best in")[0] + ".  (t: the figures)").split()
        hints = table.hints
        await pilot.press("t")
        await settled(pilot)
        shown = " ".join(shown_lines(table.query_one("#notice")))
        assert shown == "The figures: best in 9 of the 16 deals tried, 0.3 points a hand ahead of 7♠."
        assert table.hints == hints  # nothing worked out again


async def test_the_prompt_and_the_notice_are_laid_out_again_on_a_resize_mid_turn() -> None:
    app = CardTableApp(table_config("manille", COMPUTERS, options={"talk": True}, seed=6))
    async with app.run_test(size=(120, 40)) as pilot:
        table = await my_turn(pilot)
        table.say(LONG_HINT, wrap=True)
        await settled(pilot)
        await pilot.resize_terminal(80, 24)
        await settled(pilot)
        prompt, notice = table.query_one("#prompt"), table.query_one("#notice")
        assert " ".join(line for line in shown_lines(prompt) if line) == table.prompt_text
        assert " ".join(shown_lines(notice)) == LONG_HINT
        await pilot.resize_terminal(120, 40)
        await settled(pilot)
        width = prompt.content_region.width
        assert [line for line in shown_lines(prompt) if line] == keys_below(table.prompt_text, width).split("\n")
        assert " ".join(shown_lines(notice)).strip() == LONG_HINT


@pytest.mark.draws_frames  # the frames themselves are the point
async def test_the_footers_keys_come_in_the_frame_that_says_your_turn(monkeypatch: pytest.MonkeyPatch) -> None:
    # The computers wait a little longer than the footer did before it looked again at its keys (0.2 s): long
    # enough for the hint key to leave the footer while they play.
    monkeypatch.setitem(SPEEDS, "fast", 0.25)
    app = CardTableApp(table_config("manille", COMPUTERS, seed=6))
    async with app.run_test(size=(80, 24)) as pilot:
        table = await my_turn(pilot)
        app.settings.speed = "fast"
        footer = table.query_one(KeysFooter)
        drawn: list[tuple[str, set[str]]] = []
        render = table._compositor.render_update

        def noted(*args: Any, **kwargs: Any) -> Any:
            drawn.append((table.prompt_text, {getattr(key, "action", "") for key in footer.query("FooterKey")}))
            return render(*args, **kwargs)

        monkeypatch.setattr(table._compositor, "render_update", noted)
        for _ in range(1):
            await pilot.press("enter")
            await wait_for(pilot, lambda: table.my_card_turn() and not table.prompt_text.startswith("✗"))
        turns = [keys for prompt, keys in drawn if prompt.startswith("Your turn")]
        assert turns and all("hint" in keys and "play" in keys for keys in turns)
        assert all(keys for _, keys in drawn)  # and never a frame with no keys at all
