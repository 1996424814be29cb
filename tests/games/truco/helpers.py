"""Small builders shared by the Truco tests: hands from card codes, actions from the records' short forms."""

from __future__ import annotations

from typing import Any

from cardtable.engine.game import Action
from cardtable.games.truco.common import TrucoDeal
from cardtable.games.truco.rules import DECK, RULES, TrucoHand

CALL_WORDS = {"truco", "raise", "accept", "refuse", "play", "run"}


def new_hand(
    hands: list[str],
    vira: str | None = "4H",
    dealer: int | None = None,
    scores: list[int] | None = None,
    **raw_options: Any,
) -> TrucoHand:
    """A hand from one string of codes per seat; the dealer defaults to the last seat (seat 0 then leads)."""
    players = len(hands)
    options = RULES.parse_options(raw_options, players)
    deal = TrucoDeal([DECK.mask_of(h.split()) for h in hands], None if vira is None else DECK.parse(vira))
    state = RULES.new_hand(options, players, players - 1 if dealer is None else dealer, deal, scores or [0] * players)
    assert isinstance(state, TrucoHand)
    return state


def action(text: str) -> Action:
    """``"0:7C"`` a play, ``"0:7C!"`` a face-down play, ``"0:truco"`` a call."""
    seat, what = text.split(":")
    if what in CALL_WORDS:
        raw: dict[str, Any] = {"seat": int(seat), "call": what}
    elif what.endswith("!"):
        raw = {"seat": int(seat), "play": what[:-1], "hidden": True}
    else:
        raw = {"seat": int(seat), "play": what}
    return RULES.parse_action(raw, RULES.parse_options({}, 6), 6)


def play(state: TrucoHand, actions: str) -> None:
    for text in actions.split():
        state.apply(action(text))


def legal_json(state: TrucoHand) -> list[dict[str, Any]]:
    return [a.to_json() for a in state.legal_actions()]
