"""Small builders shared by the Malilla tests: hands from card codes, actions from record JSON."""

from __future__ import annotations

from typing import Any

from cardtable.games.malilla.rules import RULES, MalillaDeal, MalillaHand, MalillaOptions


def cards(text: str) -> list[str]:
    """Card codes written as one string, as a deal table shows them."""
    return text.split()


#: The deal of the rules' worked examples 1-3 (dealer 3, turned 7H).
SEED_DEAL = [
    cards("KD ND 4D AH 3H KS 2S 7C JC 2C"),
    cards("AD JD 6D 2D KH 6H NS 5S AC 4C"),
    cards("7D 3D 5D JH 4H JS 6S 3S NC 5C"),
    cards("7H 2H 5H NH 7S AS 4S KC 3C 6C"),
]
#: Example 7: dealer 0 (turned KH); seat 2 holds seven spades, nobody else seven of a suit.
REDEAL_DEAL = [
    cards("KH 7D AD KD ND 7C AC KC 4S 3S"),
    cards("JD 6D 5D 4D 3D AH NH JH NC JC"),
    cards("7S AS KS NS JS 6S 5S 2D 2C 2H"),
    cards("7H 6H 5H 4H 3H 6C 5C 4C 3C 2S"),
]


def options(**raw: Any) -> MalillaOptions:
    return RULES.parse_options(raw, 4)


def new_hand(
    hands: list[list[str]],
    turned: str,
    dealer: int = 3,
    scores: list[int] | None = None,
    albur: tuple[str, str] | None = None,
    **raw_options: Any,
) -> MalillaHand:
    """A hand from card codes (the listed cards only: a deal need not be complete for the rules of play)."""
    opts = options(**raw_options)
    deck = opts.pack.deck
    pair = None if albur is None else (deck.parse(albur[0]), deck.parse(albur[1]))
    deal = MalillaDeal([deck.mask_of(cards) for cards in hands], deck.parse(turned), pair)
    state = RULES.new_hand(opts, 4, dealer, deal, scores or [0, 0, 0, 0])
    assert isinstance(state, MalillaHand)
    return state


def act(state: MalillaHand, *raws: dict[str, Any]) -> None:
    for raw in raws:
        state.apply(RULES.parse_action(raw, state.options, 4))


def plays(seat: int, *cards: str) -> list[dict[str, Any]]:
    return [{"seat": seat, "play": card} for card in cards]


def legal_json(state: MalillaHand) -> list[dict[str, Any]]:
    return [a.to_json() for a in state.legal_actions()]
