"""A match: hands played one after another until a side wins, with the record kept as it goes."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .errors import RecordError
from .game import Action, Deal, GameRules, HandState, Number
from .options import options_to_json

RECORD_FORMAT = "cardtable-record/1"


@dataclass
class PlayedHand:
    dealer: int
    deal: Deal
    state: HandState
    #: The hand's ``resolve`` when its views may offer actions that name no card (asked once per hand).
    resolve: Callable[[Action], Action] | None = None
    actions: list[Action] = field(default_factory=list)
    scored: bool = False
    #: The scores before this hand (what the hand was dealt with): a match can be taken back to it without
    #: adding up the hands before.
    scores_before: list[Number] = field(default_factory=list)
    #: The hand's record entry as one line of JSON, kept once the hand is scored: a finished hand never
    #: changes, and the table saves the whole match after every action.
    line: bytes | None = None


class HandLines(tuple[bytes, ...]):
    """A record's hands, each already one line of compact JSON in UTF-8 (``Match.to_record_lines``).

    A record whose ``hands`` is one is for writing (``records.dump_record``, ``records.save_record``), which
    puts the lines in as they are; reading it back gives the plain record.
    """


class Match:
    """Scores, hands and the winner of one match; every action goes through ``apply``."""

    def __init__(
        self,
        rules: GameRules,
        options: Any,
        players: int,
        start_scores: list[Number] | None = None,
    ) -> None:
        self.rules = rules
        self.options = options
        self.players = players
        self.start_scores: list[Number] = list(start_scores) if start_scores else [0] * players
        self.scores: list[Number] = list(self.start_scores)
        self.hands: list[PlayedHand] = []
        #: The lines of the scored hands from the first on (``to_record_lines``), and the list they are of: a
        #: match's hands are only ever added to (a match taken back is a new one).
        self._lines: list[bytes] = []
        self._lines_of = self.hands
        self.winner: list[int] | None = None
        self.special: str | None = None
        self.deck, self.cards_in_play = rules.deck(options, players)

    @property
    def over(self) -> bool:
        return self.winner is not None

    @property
    def current(self) -> HandState | None:
        """The hand in progress, if any."""
        if self.hands and not self.hands[-1].state.complete:
            return self.hands[-1].state
        return None

    def next_dealer(self, first_dealer: int = 0) -> int:
        if not self.hands:
            return first_dealer % self.players
        return self.rules.next_dealer(self.hands[-1].state)

    def begin_hand(self, dealer: int, deal: Deal) -> HandState:
        """Start a new hand; ``RecordError`` if the match or the previous hand does not allow it."""
        if self.over:
            raise RecordError("a hand comes after the match is over")
        if self.hands and not self.hands[-1].state.complete:
            raise RecordError("a hand comes after a hand that is not complete")
        if self.hands and dealer != self.rules.next_dealer(self.hands[-1].state):
            expected = self.rules.next_dealer(self.hands[-1].state)
            raise RecordError(f"dealer must be {expected} after the previous hand, not {dealer}")
        state = self.rules.new_hand(self.options, self.players, dealer, deal, list(self.scores))
        if self.hands:
            state.follows(self.hands[-1].state)
        resolve = state.resolve if state.resolves_actions else None
        self.hands.append(PlayedHand(dealer, deal, state, resolve, scores_before=list(self.scores)))
        self._settle_if_complete()
        return state

    def deal_new_hand(self, rng: random.Random, first_dealer: int = 0) -> HandState:
        dealer = self.next_dealer(first_dealer)
        return self.begin_hand(dealer, self.rules.random_deal(rng, self.options, self.players, dealer))

    def apply(self, action: Action) -> Action:
        """Verify and apply an action to the hand in progress (``IllegalAction`` if it is not legal).

        Returns the action as the record keeps it (a blind play becomes the card it turned up).
        """
        if not self.hands:
            raise RecordError("no hand has been dealt")
        hand = self.hands[-1]
        state = hand.state
        if hand.resolve is not None:
            action = hand.resolve(action)
        state.apply(action)
        hand.actions.append(action)
        if state.complete:
            self._settle_if_complete()
        return action

    def _settle_if_complete(self) -> None:
        hand = self.hands[-1]
        if hand.scored or not hand.state.complete:
            return
        hand.scored = True
        delta = hand.state.score_delta()
        assert delta is not None
        self.scores = [s + d for s, d in zip(self.scores, delta, strict=True)]
        self.winner, self.special = self.rules.match_result(self.options, self.players, self.scores, hand.state)

    def up_to(self, number: int, actions: int) -> Match:
        """A new match: this one as it stood after the first ``actions`` actions of hand ``number`` (this one is left
        as it is).

        Hand ``number`` is dealt again from its deal and its actions are applied again, as a save is resumed; the
        hands before it are finished and never change, so the new match holds them as they are, and going back
        costs as much at hand 10,000 as at hand 2.
        """
        hand = self.hands[number]
        again = Match(self.rules, self.options, self.players, self.start_scores)
        again.hands = again._lines_of = self.hands[:number]
        if self._lines_of is self.hands:
            again._lines = self._lines[:number]
        again.scores = list(hand.scores_before)
        again.begin_hand(hand.dealer, hand.deal)
        for action in hand.actions[:actions]:
            again.apply(action)
        return again

    def scores_by_hand(self) -> list[list[Number]]:
        """The scores at the start of the match, then after each hand scored: the rows of a score sheet."""
        scores = list(self.start_scores)
        rows = [list(scores)]
        for hand in self.hands:
            delta = hand.state.score_delta() if hand.scored else None
            if delta is not None:
                scores = [s + d for s, d in zip(scores, delta, strict=True)]
                rows.append(list(scores))
        return rows

    def to_record(self) -> dict[str, Any]:
        return {**self._record_head(), "hands": [self.hand_entry(hand) for hand in self.hands]}

    def to_record_lines(self) -> dict[str, Any]:
        """The record as ``to_record`` has it, its hands already put into JSON (``HandLines``): what the save after
        every action writes. A finished hand is put into JSON once, and its line kept in a list that only grows,
        so the cost of this is the hand in play's, however long the match."""
        hands, lines = self.hands, self._lines
        if self._lines_of is not hands or len(lines) > len(hands):
            self._lines = lines = []
            self._lines_of = hands
        while len(lines) < len(hands) and hands[len(lines)].scored:
            lines.append(self.hand_line(hands[len(lines)]))
        in_play = [self.hand_line(hand) for hand in hands[len(lines) :]]
        return {**self._record_head(), "hands": HandLines((*lines, *in_play))}

    def _record_head(self) -> dict[str, Any]:
        return {
            "format": RECORD_FORMAT,
            "game": self.rules.name,
            "options": options_to_json(self.options),
            "players": self.players,
            "start_scores": list(self.start_scores),
        }

    def hand_entry(self, hand: PlayedHand) -> dict[str, Any]:
        """One hand as the record keeps it: its dealer, its deal and its actions."""
        return {
            "dealer": hand.dealer,
            "deal": hand.deal.to_json(self.deck),
            "actions": [a.to_json() for a in hand.actions],
        }

    def hand_line(self, hand: PlayedHand) -> bytes:
        """``hand_entry`` as one line of compact JSON, kept for a hand once it is scored."""
        if hand.line is not None:
            return hand.line
        line = json.dumps(self.hand_entry(hand), ensure_ascii=False, separators=(",", ":")).encode("utf-8")
        if hand.scored:
            hand.line = line
        return line
