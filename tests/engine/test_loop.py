"""The async game loop: whole matches with any mix of players, events, and resuming from a record."""

from __future__ import annotations

import asyncio
import copy
import random

from cardtable.engine.game import Action, View
from cardtable.engine.loop import ActionTaken, GameLoop, HandDealt, HandScored, MatchOver, TrickWon, resume_match
from cardtable.engine.match import Match
from cardtable.engine.players import Player, RandomPlayer
from cardtable.engine.records import parse_record
from cardtable.games import find_game
from tests.support import passed_tarot_match

MANILLE = find_game("manille")


def short_match(target: int = 15) -> Match:
    return Match(MANILLE, MANILLE.parse_options({"target": target}, 4), 4)


async def test_a_match_of_random_players_ends_with_a_winner_and_every_event() -> None:
    events: list[object] = []
    players = [RandomPlayer(random.Random(seat)) for seat in range(4)]
    match = await GameLoop(short_match(), players, seed=3, on_event=events.append).run()
    assert match.over and match.winner in ([0, 2], [1, 3])
    kinds = [type(e) for e in events]
    assert kinds[0] is HandDealt and kinds[-1] is MatchOver
    hands = sum(1 for e in events if isinstance(e, HandDealt))
    assert hands == len(match.hands) == sum(1 for e in events if isinstance(e, HandScored))
    assert sum(1 for e in events if isinstance(e, TrickWon)) == 8 * hands
    assert sum(1 for e in events if isinstance(e, ActionTaken)) == 32 * hands
    final = events[-1]
    assert isinstance(final, MatchOver) and final.scores == match.scores


class ScriptedHuman(Player[View]):
    """A player that first tries an illegal card, then plays legally: the loop must tell it and ask again."""

    def __init__(self) -> None:
        self.refusals: list[str] = []
        self.tried_illegal = False

    async def choose(self, view: View) -> Action:
        await asyncio.sleep(0)  # a human's choice really waits on the event loop
        legal = view.legal_actions()
        if not self.tried_illegal and view.legal_mask and view.legal_mask != view.hand:
            self.tried_illegal = True
            illegal = view.hand & ~view.legal_mask
            return view.play_action((illegal & -illegal).bit_length() - 1)
        return legal[0]

    async def refused(self, reason: str) -> None:
        self.refusals.append(reason)


async def test_a_refused_action_is_explained_to_the_player_who_is_asked_again() -> None:
    human = ScriptedHuman()
    players = [human, RandomPlayer(random.Random(1)), RandomPlayer(random.Random(2)), RandomPlayer(random.Random(3))]
    match = await GameLoop(short_match(), players, seed=5).run()
    assert match.over
    assert human.tried_illegal and len(human.refusals) == 1
    assert human.refusals[0].startswith("You must")


async def test_a_match_resumed_from_its_record_ends_exactly_as_the_uninterrupted_one() -> None:
    # Players seeded from their view decide the same way whenever they see the same thing.
    players = [RandomPlayer() for _ in range(4)]
    whole = await GameLoop(short_match(30), players, seed=11).run()

    record = whole.to_record()
    cut = copy.deepcopy(record["hands"][: len(record["hands"]) // 2 + 1])
    cut[-1]["actions"] = cut[-1]["actions"][:13]  # stop in the middle of a trick
    partial = parse_record({**record, "hands": cut}, find_game)
    resumed = await GameLoop(resume_match(partial), players, seed=11).run()
    assert resumed.to_record() == record
    assert resumed.winner == whole.winner and resumed.scores == whole.scores


async def test_no_number_of_hands_ends_a_match() -> None:
    # A Tarot match whose deals are all passed does not end by itself (an annulled deal does not count). The loop
    # once stopped every match at 10,000 hands, and the table then ended it as abandoned, cut in the middle of
    # the hand in play.
    match = passed_tarot_match(10_000)
    dealt: list[int] = []

    def heard(event: object) -> None:
        if isinstance(event, HandDealt):
            dealt.append(event.hand)

    players = [RandomPlayer(random.Random(seat)) for seat in range(4)]
    await GameLoop(match, players, seed=4, on_event=heard).run()
    assert dealt[0] == 10_000 and len(match.hands) == 10_000 + len(dealt)
    assert match.over and match.winner  # four deals played after all: the best score wins
