"""No sentence a player reads names a card by its record code, and none of them is bad English.

For every game and variant, over whole random hands and over every record under ``tests/`` (its last decisions in
the suite, every one of them with ``--run-slow``): at each decision every illegal action tried (every card of the
deck played by the seat to act and by another seat, face down too, every call, bid and card set seen in the game,
card sets of the wrong cards) is refused, and its reason is searched; so are every line of the score sheet
(``explain``), every sentence of the log, every choice label and hint, what the table's parts show (side panel,
prompts, seat notes) and the readable hand history.  A record code of the deck
(``QD``, ``10C``, ``T16``, ``EX``, ``NH``) found as a whole token anywhere fails the test.

Form errors of a record (``RecordError``) are not searched: they name the record's own fields and values.
"""

from __future__ import annotations

import functools
import json
import random
import re
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest

from cardtable.engine.cards import Deck
from cardtable.engine.errors import IllegalAction, RecordError
from cardtable.engine.game import Action, GameRules, HandState
from cardtable.engine.history import hand_history
from cardtable.engine.match import Match
from cardtable.engine.options import option_fields
from cardtable.engine.players import make_computer
from cardtable.engine.records import load_record_text, parse_record
from cardtable.engine.replay import replay
from cardtable.engine.words import GameWords
from cardtable.games import available_games, find_game
from cardtable.games.truco.rules import TrucoView
from cardtable.tui.games import parts_for
from cardtable.tui.games.base import TableParts
from cardtable.tui.games.truco import TrucoParts
from tests.support import TESTS

#: (game, players, options, start scores of the matches played): the start scores bring the special hands.
VARIANTS: list[tuple[str, int, dict[str, Any], list[list[int] | None]]] = [
    ("malilla", 4, {}, [None]),
    ("malilla", 4, {"albur": True}, [[30, 30, 30, 30]]),
    ("malilla", 4, {"deck": "spanish48", "target": 40}, [None]),
    ("manille", 4, {}, [None]),
    ("manille", 3, {"last_trick_bonus": True}, [None]),
    ("manille", 4, {"auction": True, "doubling": True}, [None]),
    ("manille", 4, {"doubling": True, "partner_exemption": True, "must_beat": False}, [None]),
    ("manille", 4, {"house": "belgian", "talk": True, "doubling": True}, [None]),
    ("manille", 4, {"house": "french", "talk": True, "auction": True}, [None]),
    ("tarot", 3, {}, [None]),
    ("tarot", 4, {}, [None]),
    ("tarot", 5, {}, [None]),
    ("truco", 2, {}, [None, [11, 7]]),
    ("truco", 4, {"variant": "mineiro"}, [[11, 7, 11, 7], [11, 11, 11, 11]]),
    ("truco", 6, {}, [None, [7, 11, 7, 11, 7, 11]]),
    ("truco", 2, {"variant": "argentino"}, [None, [27, 27]]),
    ("truco", 4, {"variant": "argentino", "flor": True}, [None]),
    ("truco", 6, {"variant": "argentino", "flor": True}, [None]),
]
HANDS_PER_MATCH = 3
#: Sense that a sentence may not make: a verb that does not agree with "You", "You's", one of a plural.
NONSENSE = re.compile(r"\bYou's\b|\bYou (?!pass\b)\w*[^s\W]s\b|\b1 (?:tricks|points|pips|cards|trumps|oudlers)\b")
#: A record's word where a player's belongs ("garde_sans"); a refusal may name an option (``redeal_seven``).
RECORD_WORD = re.compile(r"[a-z]_[a-z]")


@functools.cache
def code_pattern(deck: Deck) -> re.Pattern[str]:
    """The deck's codes as whole tokens (``7S``, but not the ``S`` of a word), longest first."""
    codes = sorted(deck.codes, key=len, reverse=True)
    return re.compile(r"(?<![\w])(?:" + "|".join(map(re.escape, codes)) + r")(?![\w])")


def seat_names(rules: GameRules, players: int) -> list[str]:
    """The table's names: the bottom seat is "You" (the verbs must agree with it)."""
    return ["You", *rules.seat_names(players)[1:]]


class Reader:
    """Reads every sentence of one game variant as a player would, and fails on a code or on nonsense."""

    def __init__(self, rules: GameRules, options: Any, players: int) -> None:
        self.rules, self.options, self.players = rules, options, players
        self.words: GameWords[Any] = rules.words_for(options)
        self.deck = rules.deck(options, players)[0]
        self.codes = code_pattern(self.deck)
        self.names = seat_names(rules, players)
        # Truco Argentino is not at the table yet: its parts are the table's, not written for its views.
        own_words = rules.words_for(options) is rules.words
        self.parts: TableParts[Any] | None = parts_for(rules.name) if own_words else None
        #: Every action offered so far, tried again at other decisions (where most are illegal).
        self.seen: dict[str, Action] = {}
        self.plays: dict[int, tuple[Action, ...]] = {}
        self.read = 0
        self.refusals = 0
        #: Decisions of the record passed so far (read or not).
        self.decisions = 0
        #: The texts already read and found clean (most reasons come again and again).
        self.clean: set[str] = set()

    def check(self, text: str, where: object, refusal: bool = False) -> None:
        """Fail on a code or on nonsense in ``text``; ``where`` (said only on failure) tells what it was."""
        self.read += 1
        if text in self.clean:
            return
        found = self.codes.search(text)
        assert found is None, f"{where}: record code {found.group()!r} in {text!r}"
        bad = NONSENSE.search(text) or (None if refusal else RECORD_WORD.search(text))
        assert bad is None, f"{where}: {bad.group()!r} in {text!r}"
        self.clean.add(text)

    # ------------------------------------------------------------- one decision
    def decision(self, state: HandState, rng: random.Random) -> None:
        seat = state.to_act
        assert seat is not None
        view = state.view(seat)
        offered = state.legal_actions()
        for action in offered:
            # One of each kind: a card set is tried again with other cards anyway.
            kind = (action.verb, "set" if isinstance(action.value, tuple) or action.get("cards") else action.value)
            if action.verb != "play":
                self.seen.setdefault(repr(kind), action)
            self.check(self.words.describe_action(action, self.names), "log")
            self.check(self.words.choice_label(action), "choice")
            self.check(self.words.hint_text(action, view), "hint")
        for action in self.attempts(state, seat, rng):
            try:
                state.verify(action)
            except IllegalAction as refused:
                self.check(refused.reason, action, refusal=True)
                self.refusals += 1
        self.table(state, seat)

    def attempts(self, state: HandState, seat: int, rng: random.Random) -> Iterator[Action]:
        """Actions to try now, in the record's form: most of them illegal.

        Every card of the deck by the seat to act (face down too, in Truco), a card out of turn, and each kind of
        call, bid or card set seen so far by this seat and by the next (a card set of other cards, too).
        """
        other = (seat + 1) % self.players
        yield from self.card_plays(seat)
        raw: list[dict[str, Any]] = [{"seat": other, "play": self.deck.codes[0]}]
        held = self.deck.codes_of(state.view(seat).hand) or list(self.deck.codes)
        for action in self.seen.values():
            for who in (seat, other):
                form = action.to_json() | {"seat": who}
                raw.append(form)
                # A card set (an écart, a poignée) of other cards: held ones and any of the deck.
                for key in ("discard", "cards"):
                    if isinstance(form.get(key), list):
                        size = len(form[key])
                        for pool in (held, list(self.deck.codes)):
                            raw.append(form | {key: rng.sample(pool, min(size, len(pool)))})
                        raw.append(form | {key: rng.sample(held, min(size + 1, len(held)))})
        yield from self.parsed(raw)

    def card_plays(self, seat: int) -> tuple[Action, ...]:
        """Every card of the deck in play, played by ``seat`` (face down too in Truco), as the records write them."""
        if seat not in self.plays:
            raw: list[dict[str, Any]] = [{"seat": seat, "play": code} for code in self.deck.codes]
            if self.rules.name == "truco":
                raw += [{"seat": seat, "play": code, "hidden": True} for code in self.deck.codes]
            self.plays[seat] = tuple(self.parsed(raw))
        return self.plays[seat]

    def parsed(self, raw: list[dict[str, Any]]) -> Iterator[Action]:
        """The actions of ``raw`` that have a record's form (a card out of play, say, has not)."""
        for form in raw:
            try:
                yield self.rules.parse_action(form, self.options, self.players)
            except RecordError:
                continue

    def table(self, state: HandState, seat: int) -> None:
        """What the table's parts show at this decision: the side panel, the prompt, the notes, the centre."""
        parts = self.parts
        if parts is None:
            return
        view = state.view(seat)
        for private in (True, False):
            for line in parts.info_lines(view, self.names, private):
                self.check(line, "side panel")
        self.check(parts.phase_prompt(view, self.names), "prompt")
        self.check(parts.centre_text(view), "centre")
        for other in range(self.players):
            self.check(parts.seat_note(view, other), "seat note")
        if not (isinstance(parts, TrucoParts) and isinstance(view, TrucoView)):
            return
        if view.partner_cards and view.phase == "decide":
            self.check(parts.decision_title(view, self.names), "decision")

    # ------------------------------------------------------------- hands and matches
    def dealt(self, state: HandState) -> None:
        view = state.view(0)
        for line in self.words.deal_story(view, self.names) + self.words.deal_lines(view, self.names):
            self.check(line, "deal")

    def taken(self, state: HandState, action: Action) -> None:
        self.check(self.words.describe_action(action, self.names, view=state.view(action.seat)), "log")
        if state.complete:
            for line in state.explain(self.names):
                self.check(line, "score sheet")

    def history(self, record: dict[str, Any] | str) -> None:
        parsed = load_record_text(record, find_game) if isinstance(record, str) else parse_record(record, find_game)
        out, _status, match = replay(parsed)
        for reveal in (False, True):
            for line in hand_history(parsed, match, out, reveal).splitlines():
                if line.startswith("Stopped before hand"):
                    continue  # a form error of the record's deal: it names the record's own values
                self.check(line, "hand history", refusal=line.startswith("Refused at"))


def play_variant(game: str, players: int, raw_options: dict[str, Any], starts: Sequence[list[int] | None]) -> Reader:
    rules = find_game(game)
    options = rules.parse_options(raw_options, players)
    reader = Reader(rules, options, players)
    rng = random.Random(f"codes:{game}:{players}:{sorted(raw_options.items())}")
    for start in starts:
        match = Match(rules, options, players, list(start) if start else None)
        computers = [make_computer(rules, "random", random.Random(seat)) for seat in range(players)]
        for number in range(HANDS_PER_MATCH):
            if match.over:
                break
            state = match.deal_new_hand(rng, number)
            reader.dealt(state)
            while not state.complete:
                reader.decision(state, rng)
                seat = state.to_act
                assert seat is not None
                action = computers[seat].decide(state.view(seat))
                match.apply(action)
                reader.taken(state, action)
        reader.history(match.to_record())
    return reader


@pytest.mark.parametrize(
    ("game", "players", "raw_options", "starts"),
    VARIANTS,
    ids=[f"{g}-{p}-{'-'.join(f'{k}={v}' for k, v in o.items()) or 'defaults'}" for g, p, o, _s in VARIANTS],
)
def test_random_hands_read_without_a_record_code(
    game: str, players: int, raw_options: dict[str, Any], starts: list[list[int] | None]
) -> None:
    reader = play_variant(game, players, raw_options, starts)
    assert reader.refusals > 200 and reader.read > 500


def record_files(game: str) -> list[Path]:
    folders = (TESTS / "records" / game, TESTS / "cases" / game)
    return sorted(p for folder in folders for p in folder.glob("*.json") if not p.name.endswith(".expect.json"))


def replay_hand(reader: Reader, match: Match, state: HandState, actions: Sequence[Action], rng: random.Random,
                name: str, place: str, read_from: int, read_before: set[str]) -> bool:  # fmt: skip
    """Read a record's hand action by action; False where an action is refused (the record stops there).

    Decisions are read from the record's ``read_from``-th on.  Many records share their start (a match played on,
    a hand cut at another action): a decision reached by the same actions from the same start (``place`` says
    which) is read once, in the first record that reaches it.
    """
    for action in actions:
        if not state.complete and place not in read_before and reader.decisions >= read_from:
            read_before.add(place)
            reader.decision(state, rng)
        reader.decisions += 1
        try:
            match.apply(action)
        except IllegalAction as refused:
            reader.check(refused.reason, f"{name}: refusal", refusal=True)
            return False
        reader.taken(state, action)
        place += json.dumps(action.to_json(), sort_keys=True)
    return True


#: The decisions read at the end of each record in the suite, where the moment it was written for comes (random
#: hands read whole hands); ``--run-slow`` reads every decision of every record.
QUICK_TAIL = 8


def read_records(game: str, tail: int | None) -> int:
    """Each record replayed as far as it goes, with the illegal actions tried at its last ``tail`` decisions (all of
    them if None) and its history read; how many texts were read."""
    read = 0
    read_before: set[str] = set()
    for path in record_files(game):
        text = path.read_text()
        try:
            record = load_record_text(text, find_game)
        except RecordError:
            continue  # a malformed record has nothing to say to a player
        match = record.new_match()
        reader = Reader(match.rules, match.options, match.players)
        rng = random.Random(path.name)
        total = sum(len(entry.actions) for entry in record.hands)
        read_from = 0 if tail is None else total - tail
        for entry in record.hands:
            try:
                state = match.begin_hand(entry.dealer, entry.deal)
            except RecordError:
                break
            reader.dealt(state)
            place = json.dumps(match.to_record(), sort_keys=True)  # the start, every hand so far, this one's deal
            if not replay_hand(reader, match, state, entry.actions, rng, path.name, place, read_from, read_before):
                break
        reader.history(text)
        read += reader.read
    return read


@pytest.mark.parametrize("game", available_games())
def test_every_record_reads_without_a_record_code(game: str) -> None:
    """The end of each record, with the illegal actions tried at each decision there, and its whole history."""
    read = read_records(game, QUICK_TAIL)
    assert read > 1000, json.dumps(read)


@pytest.mark.slow
@pytest.mark.parametrize("game", available_games())
def test_every_decision_of_every_record_reads_without_a_record_code(game: str) -> None:
    read = read_records(game, None)
    assert read > 1000, json.dumps(read)


@pytest.mark.parametrize(("game", "players", "chosen"), [(g, p, o) for g, p, o, _ in VARIANTS])
def test_the_options_help_names_cards_as_the_table_draws_them(game: str, players: int, chosen: dict[str, Any]) -> None:
    """The new-game form's help under each option is read by a player too (it may name option values)."""
    rules = find_game(game)
    options = rules.parse_options(chosen, players)
    reader = Reader(rules, options, players)
    for kind in {rules.options_type, rules.options_type_for(chosen)}:
        for field in option_fields(kind):
            reader.check(field.metadata["help"], f"{game} option {field.name}", refusal=True)
    assert reader.read >= 2
