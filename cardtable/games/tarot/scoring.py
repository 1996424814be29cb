"""Scoring a Tarot hand: from the facts of a finished hand to ``S`` and the settlement.

Everything here is a pure function of a ``HandFacts``, so worked examples of the scoring can be checked one
line at a time without playing a hand.  Card points are kept in half points (integers) until they are
shown, because 3- and 5-player piles may end in .5 and ``ceil`` must see the exact value.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from cardtable.engine.words import counted

CONTRACTS = ("petite", "garde", "garde_sans", "garde_contre")
MULTIPLIER = {"petite": 1, "garde": 2, "garde_sans": 4, "garde_contre": 6}
#: Card points the attack needs, by the number of oudlers in its pile (0 to 3).
NEEDED = (56, 51, 41, 36)
BASE = 25
#: Simple, double and triple poignée.
POIGNEE_BONUS = (20, 30, 40)
POIGNEE_NAMES = ("simple", "double", "triple")
PETIT_AU_BOUT = 10
CHELEM_ANNOUNCED_MADE = 400
CHELEM_UNANNOUNCED_MADE = 200
CHELEM_ANNOUNCED_FAILED = 200
DEFENCE_CHELEM = 200
#: The 78 cards are worth 91 points: 182 half points.
TOTAL_HALF = 182

ATTACK, DEFENCE = 0, 1


def number(half_points: int) -> int | float:
    """Half points as the number a player reads: ``47`` or ``40.5``."""
    return half_points // 2 if half_points % 2 == 0 else half_points / 2


@dataclass(frozen=True)
class HandFacts:
    """What the score of a played-out hand depends on."""

    contract: str
    #: A, the attack's card points, in half points (the Excuse exchange already applied).
    attack_half: int
    #: O, the oudlers in the attack's pile.
    oudlers: int
    #: The level (0 simple, 1 double, 2 triple) of every poignée shown in the hand, by any seat.
    poignees: tuple[int, ...] = ()
    #: ATTACK or DEFENCE when the Petit won the deciding trick (the last, or the one before a slam Excuse).
    petit_au_bout: int | None = None
    bonuses: bool = True
    chelem_announced: bool = False
    attack_won_all: bool = False
    defence_won_all: bool = False


@dataclass(frozen=True)
class HandScore:
    """Each step of the score, so the score sheet can show the formula."""

    facts: HandFacts
    needed: int
    #: diff = A - needed, in half points.
    diff_half: int
    made: bool
    margin: int
    mult: int
    base: int
    poignees: int
    petit: int
    chelem: int
    #: S, what each defender pays the attack (negative when the defence receives).
    s: int


def score_hand(facts: HandFacts) -> HandScore:
    """Steps 1 to 3 of the rules: base and poignées, Petit au bout, chelem."""
    needed = NEEDED[facts.oudlers]
    diff_half = facts.attack_half - 2 * needed
    made = diff_half >= 0
    # ceil(|diff|): the half point goes to the side that wins the deal.
    margin = (abs(diff_half) + 1) // 2
    mult = MULTIPLIER[facts.contract]
    base = (BASE + margin) * mult
    # Poignées are not multiplied, and go to the side that wins the deal whoever showed them.
    poignees = sum(POIGNEE_BONUS[level] for level in facts.poignees)
    s = base + poignees if made else -(base + poignees)
    petit = 0
    if facts.petit_au_bout is not None:
        petit = PETIT_AU_BOUT * mult * (1 if facts.petit_au_bout == ATTACK else -1)
    s += petit
    chelem = 0
    if facts.bonuses:
        if facts.attack_won_all:
            chelem += CHELEM_ANNOUNCED_MADE if facts.chelem_announced else CHELEM_UNANNOUNCED_MADE
        elif facts.chelem_announced:
            chelem -= CHELEM_ANNOUNCED_FAILED
        # A failed announcement and a defence chelem add up.
        if facts.defence_won_all:
            chelem -= DEFENCE_CHELEM
    s += chelem
    return HandScore(facts, needed, diff_half, made, margin, mult, base, poignees, petit, chelem, s)


def settlement(s: int, players: int, taker: int, partner: int | None) -> list[int]:
    """Step 4: every defender gets ``-S``; the taker (and partner, who gets ``S``) the rest, so the hand sums to 0."""
    delta = [-s] * players
    if partner is None:
        delta[taker] = (players - 1) * s
    else:
        delta[taker] = 2 * s
        delta[partner] = s
    return delta


def explain_score(score: HandScore, names: Sequence[str], taker: int, partner: int | None,
                  delta: Sequence[int]) -> list[str]:  # fmt: skip
    """The score in sentences: oudlers, points, needed, difference, the formula with each bonus, the settlement."""
    f = score.facts
    points = number(f.attack_half)
    diff = number(abs(score.diff_half))
    oudlers = "no oudler" if f.oudlers == 0 else counted(f.oudlers, "oudler")
    contract = f.contract.replace("_", " ")
    attack = names[taker] + (f" and {names[partner]}" if partner is not None else "")
    lines = [f"{attack} played a {contract} (x{score.mult}) against the others."]
    lines.append(f"The attack took {counted(points, 'point')} with {oudlers}, so it needed {score.needed}.")
    verb = "Made" if score.made else "Lost"
    # A difference ending in .5 is rounded up, towards the side that wins the deal.
    rounded = f", which counts as {score.margin}" if score.diff_half % 2 else ""
    lines.append(f"{verb} by {diff}{rounded}.")
    formula = f"(25 + {score.margin}) x {score.mult}"
    if score.poignees:
        formula += f" + {score.poignees} for poignées"
    formula = formula if score.made else f"-({formula})"
    if score.petit:
        formula += f" {'+' if score.petit > 0 else '-'} {abs(score.petit)} for the Petit au bout"
    if score.chelem:
        formula += f" {'+' if score.chelem > 0 else '-'} {abs(score.chelem)} for the chelem"
    lines.append(f"S = {formula} = {score.s}.")
    lines.append("Each defender " + (f"pays {score.s}" if score.s >= 0 else f"receives {-score.s}") + ".")
    for seat, amount in enumerate(delta):
        role = "taker" if seat == taker else "partner" if seat == partner else "defender"
        lines.append(f"{names[seat]} ({role}): {amount:+d}.")
    return lines
