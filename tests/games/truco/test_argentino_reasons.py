"""Truco Argentino refuses what its rules forbid with a plain sentence saying why, for every action it refuses.

The records under tests/records/truco whose expectation lists ``reason_has`` must be refused with a reason
holding those words; and over many positions played at random, every action of the variant that is not in
the legal set is refused (by ``verify`` and by ``apply``) with a sentence, while every legal one is accepted.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from cardtable.engine.errors import IllegalAction
from cardtable.engine.game import Action
from cardtable.games.truco.argentino import CALLS, DECK, HIDDEN_PLAYS, PLAYS, ArgentinoHand, Call
from cardtable.games.truco.rules import RULES
from tests.support import TESTS, case_files, expect_file, replay_record

REASON_CASES = [
    p for p in case_files(TESTS / "records" / "truco") if "reason_has" in json.loads(expect_file(p).read_text())
]


def test_there_are_reason_cases() -> None:
    assert len(REASON_CASES) >= 30


@pytest.mark.parametrize("record", REASON_CASES, ids=lambda p: p.stem)
def test_the_reason_says_why(record: Path) -> None:
    spec = json.loads(expect_file(record).read_text())
    out, status = replay_record(record.read_text())
    assert status == 1
    reason = out["error"]["reason"]
    assert_a_sentence(reason)
    for words in spec["reason_has"]:
        assert words.lower() in reason.lower(), reason


def assert_a_sentence(reason: str) -> None:
    assert reason[:1].isupper() and reason.rstrip().endswith("."), reason
    for internal in ("Action(", "None", "{", "[", "mask", "Traceback", "_", "Call."):
        assert internal not in reason, reason


@pytest.mark.parametrize("players", [2, 4, 6])
@pytest.mark.parametrize("flor", [False, True])
def test_every_refusal_has_a_reason_and_every_legal_action_applies(players: int, flor: bool) -> None:
    rng = random.Random(players * 10 + flor)
    options = RULES.parse_options({"variant": "argentino", "flor": flor}, players)
    everything = [a for seat in range(players) for a in (*PLAYS[seat], *HIDDEN_PLAYS[seat], *CALLS[seat].values())]
    positions = 0
    for number in range(60 if players == 2 else 30):
        dealer = number % players
        scores = [rng.choice([0, 10, 14, 20, 27])] * 2
        state = RULES.new_hand(options, players, dealer, RULES.random_deal(rng, options, players, dealer),
                               [scores[s % 2] for s in range(players)])  # fmt: skip
        assert isinstance(state, ArgentinoHand)
        while not state.complete:
            legal = state.legal_actions()
            assert legal and len(set(legal)) == len(legal)
            for action in rng.sample(everything, 25):
                if action in legal:
                    state.verify(action)
                    continue
                with pytest.raises(IllegalAction) as refused:
                    state.verify(action)
                assert_a_sentence(refused.value.reason)
            positions += 1
            state.apply(rng.choice(legal))
        assert state.legal_actions() == []
        with pytest.raises(IllegalAction, match="hand is over"):
            state.apply(PLAYS[0][DECK.index["AS"]])
    assert positions > 100


def test_a_word_outside_the_variant_is_refused_in_words() -> None:
    options = RULES.parse_options({"variant": "argentino"}, 2)
    state = RULES.new_hand(options, 2, 1, RULES.random_deal(random.Random(1), options, 2, 1), [0, 0])
    assert isinstance(state, ArgentinoHand)
    with pytest.raises(IllegalAction) as refused:
        state.verify(Action(0, "call", "run"))
    assert_a_sentence(refused.value.reason)
    assert Call.MAZO in {a.value for a in state.legal_actions()}
