"""Small builders shared by the Tarot tests: deals from card codes, hands, actions from record JSON."""

from __future__ import annotations

from typing import Any

from cardtable.games.tarot.rules import DECK, RULES, SIZES, TarotDeal, TarotHand, TarotOptions


def cards(text: str) -> list[str]:
    return text.split()


def trumps(*numbers: int) -> list[str]:
    return [f"T{k}" for k in numbers]


def options(**raw: Any) -> TarotOptions:
    return RULES.parse_options(raw, 4)


def fill(players: int, fixed: dict[int, list[str]], chien: list[str]) -> TarotDeal:
    """A whole deal: each seat gets its fixed cards, then the rest of the deck in deck order, seat by seat."""
    used = set(chien) | {c for held in fixed.values() for c in held}
    rest = [c for c in DECK.codes if c not in used]
    hands = []
    for seat in range(players):
        held = list(fixed.get(seat, []))
        while len(held) < SIZES[players].cards_each:
            held.append(rest.pop(0))
        hands.append(DECK.mask_of(held))
    assert not rest
    return TarotDeal(hands, DECK.mask_of(chien))


def new_hand(deal: TarotDeal, players: int = 4, dealer: int | None = None, **raw: Any) -> TarotHand:
    opts = RULES.parse_options(raw, players)
    state = RULES.new_hand(opts, players, players - 1 if dealer is None else dealer, deal, [0] * players)
    assert isinstance(state, TarotHand)
    return state


def act(state: TarotHand, *raws: dict[str, Any]) -> None:
    for raw in raws:
        state.apply(RULES.parse_action(raw, state.options, state.players))


def bids(players: int, first: int, taker: int, contract: str) -> list[dict[str, Any]]:
    """One bid per seat from ``first``: ``contract`` for the taker, pass for the others."""
    seats = [(first + i) % players for i in range(players)]
    return [{"seat": s, "bid": contract if s == taker else "pass"} for s in seats]


#: The seed's worked example (rules "Worked examples"): dealer 3, seat 2 takes a garde.
SEED_HANDS = [
    cards("7S 8S 6H 9H 10H JH KH AD 2D ND 2C JC NC T2 T11 T16 T17 EX"),
    cards("AS 3S 10S NS 7D 10D 4C 5C 6C 7C 9C T5 T6 T7 T9 T13 T14 T19"),
    cards("T1 T3 T4 T8 T10 T12 T15 T18 T21 9S QS KS 2H 5H 4D KD 3C 8C"),
    cards("2S 4S 6S JS AH 4H 7H NH QH 3D 5D 8D 9D QD AC QC KC T20"),
]
SEED_CHIEN = cards("5S 3H 8H 6D JD 10C")


def seed_deal() -> TarotDeal:
    return TarotDeal([DECK.mask_of(h) for h in SEED_HANDS], DECK.mask_of(SEED_CHIEN))
