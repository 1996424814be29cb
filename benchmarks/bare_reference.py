"""A calibration loop: random Manille deals played by a bare, inlined bitmask loop with no engine at all.

It knows nothing of records, views or options; it only shows what pure Python can do on this machine,
so the engine's figures can be read as a ratio to it.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

SUIT = [card // 8 for card in range(32)]
SUIT_MASK = [0xFF << (8 * suit) for suit in range(4)]
ABOVE = [SUIT_MASK[SUIT[card]] & ~((2 << card) - 1) for card in range(32)]
PIPS = [0, 0, 0, 1, 2, 3, 4, 5] * 4  # 7 8 9 J Q K A 10


def play_one_deal(rng: random.Random) -> list[int]:
    cards = list(range(32))
    rng.shuffle(cards)
    hands = [0, 0, 0, 0]
    for position, card in enumerate(cards):
        hands[position % 4] |= 1 << card
    trump = SUIT[cards[-1]]
    draw = rng.random
    leader = 0
    pips = [0, 0]
    for _ in range(8):
        win = win_seat = led = -1
        points = 0
        for k in range(4):
            seat = (leader + k) % 4
            hand = hands[seat]
            if k == 0:
                legal = hand
            elif hand & SUIT_MASK[led]:
                legal = hand & SUIT_MASK[led]
                if SUIT[win] == led and legal & ABOVE[win]:
                    legal &= ABOVE[win]
            elif hand & SUIT_MASK[trump]:
                legal = hand & SUIT_MASK[trump]
                if SUIT[win] == trump and legal & ABOVE[win]:
                    legal &= ABOVE[win]
            else:
                legal = hand
            for _ in range(int(draw() * legal.bit_count())):
                legal &= legal - 1
            card = (legal & -legal).bit_length() - 1
            hands[seat] ^= 1 << card
            points += PIPS[card]
            if k == 0:
                win, win_seat, led = card, seat, SUIT[card]
            elif (SUIT[card] == SUIT[win] and card > win) or (SUIT[card] == trump and SUIT[win] != trump):
                win, win_seat = card, seat
        pips[win_seat % 2] += points
        leader = win_seat
    return pips


def bare_deals_per_second(seconds: float, seed: int, clock: Callable[[], float] = time.perf_counter) -> float:
    """Deals per second of ``clock`` (wall time by default; ``time.process_time`` counts this process's CPU)."""
    rng = random.Random(seed)
    deals = 0
    started = clock()
    while clock() - started < seconds:
        for _ in range(50):
            play_one_deal(rng)
        deals += 50
    return deals / (clock() - started)
