"""Small builders shared by the Manille tests: hands from card codes, actions from record JSON."""

from __future__ import annotations

from typing import Any

from cardtable.games.manille.rules import DECK, RULES, ManilleDeal, ManilleHand, ManilleOptions

SUITS = "SHDC"
RANKS = ("7", "8", "9", "10", "J", "Q", "K", "A")
FULL_DECK_CODES = [rank + suit for suit in SUITS for rank in RANKS]


def options(players: int = 4, **raw: Any) -> ManilleOptions:
    return RULES.parse_options(raw, players)


def new_hand(
    hands: list[list[str]], turned: str | None = None, dealer: int = 3, players: int = 4, **raw_options: Any
) -> ManilleHand:
    """A hand in progress from card codes (the deal need not be complete: only the listed cards are held)."""
    opts = options(players, **raw_options)
    masks = [DECK.mask_of(cards) for cards in hands]
    deal = ManilleDeal(masks, None if turned is None else DECK.parse(turned))
    state = RULES.new_hand(opts, players, dealer, deal, [0] * players)
    assert isinstance(state, ManilleHand)
    return state


def play(state: ManilleHand, *raws: dict[str, Any]) -> None:
    for raw in raws:
        state.apply(RULES.parse_action(raw, state.options, state.players))


def legal_json(state: ManilleHand) -> list[dict[str, Any]]:
    return [a.to_json() for a in state.legal_actions()]


def deal(fixed: dict[int, list[str]], voids: dict[int, str] | None = None, players: int = 4) -> list[list[str]]:
    """A full deal: the ``fixed`` cards, then the rest of the deck to the first seats not void in its suit.

    The suits that the most seats are void in are handed out first, so that they find room.
    """
    voids = voids or {}
    codes = [c for c in FULL_DECK_CODES if players == 4 or c not in ("7S", "7C")]
    size = len(codes) // players
    hands = [list(fixed.get(seat, [])) for seat in range(players)]
    taken = {c for cards in hands for c in cards}
    codes.sort(key=lambda code: -sum(code[-1] in void for void in voids.values()))
    for code in codes:
        if code in taken:
            continue
        seat = next(s for s in range(players) if len(hands[s]) < size and code[-1] not in voids.get(s, ""))
        hands[seat].append(code)
    assert all(len(cards) == size for cards in hands)
    return hands
