"""Small builders shared by the Truco Argentino tests: options, and a hand from card codes and short actions."""

from __future__ import annotations

from typing import Any

from cardtable.games.truco.argentino import DECK, ArgentinoHand, ArgentinoOptions, Call
from cardtable.games.truco.common import TrucoDeal
from cardtable.games.truco.rules import RULES


def options(**raw: Any) -> ArgentinoOptions:
    parsed = RULES.parse_options({"variant": "argentino", **raw}, 2)
    assert isinstance(parsed, ArgentinoOptions)
    return parsed


def new_hand(hands: list[str], actions: str = "", dealer: int | None = None, scores: list[int] | None = None,
             **raw: Any) -> ArgentinoHand:  # fmt: skip
    """A hand from one string of codes per seat (the dealer defaults to the last seat), then ``actions``."""
    players = len(hands)
    deal = TrucoDeal([DECK.mask_of(h.split()) for h in hands], None)
    state = RULES.new_hand(options(**raw), players, players - 1 if dealer is None else dealer, deal,
                           scores or [0] * players)  # fmt: skip
    assert isinstance(state, ArgentinoHand)
    for text in actions.split():
        seat, what = text.split(":")
        raw_action: dict[str, Any] = {"seat": int(seat)}
        if what in {w.value for w in Call}:
            raw_action["call"] = what
        else:
            raw_action["play"] = what.rstrip("!")
            if what.endswith("!"):
                raw_action["hidden"] = True
        state.apply(RULES.parse_action(raw_action, options(**raw), players))
    return state
