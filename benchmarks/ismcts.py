"""A first measure of information-set Monte Carlo tree search (ISMCTS) for Manille's card play, against the
expert's determinized search (PIMC) on the same deals.

The expert plays each candidate card out in every world it deals itself, and each world's playout knows that
world: the choices after the first card are made as if the cards lay as dealt.  Single-observer ISMCTS grows
one tree over the cards played from here, shared by every world: each iteration deals a world (the expert's
weighed worlds, in turn), walks down the tree by the bandit rule among the cards legal in that world (the
deciding seat's side maximising its points, the other side minimising them), adds one card, and plays the
rest out with the expert's playout (its policy, then the last tricks solved exactly).  A card the tree prefers
has to be good across the worlds, not in each one apart.  It spends the same number of playouts as the expert
(worlds times candidates) and, like it, solves the whole decision exactly with four cards in hand.

It is a measuring stick, not a level: ``--seats ismcts,expert,ismcts,expert`` plays it against the expert.

Run: ``python benchmarks/ismcts.py sim manille --seats ismcts,expert,ismcts,expert --duplicate --hands 100
--seed 13 --json --time-decisions`` (``--exploration C`` sets the bandit's constant, in points; ``--depths``
prints to stderr how deep the tree grew: by decision, the most cards and the mean cards below the root that an
iteration walked in the tree before its playout).
"""

from __future__ import annotations

import argparse
import math
import sys
from dataclasses import dataclass, field
from typing import Any

from cardtable.cli import main
from cardtable.engine.cards import cards_in
from cardtable.engine.game import Action
from cardtable.games.manille.ai import tips_choice
from cardtable.games.manille.expert import ManilleExpert
from cardtable.games.manille.rules import RULES, ManilleView
from cardtable.games.playout import Playout
from cardtable.games.search import take_a_break
from cardtable.games.tricks import TrickHand


@dataclass
class Node:
    """The cards played from the decision on, as every seat saw them (one node for all the worlds)."""

    visits: int = 0
    #: Our side's worth summed over the playouts through this node.
    total: float = 0.0
    #: Playouts in which this node's card was legal when its parent was reached.
    available: int = 0
    children: dict[int, Node] = field(default_factory=dict)


class ManilleIsmcts(ManilleExpert):
    """The Manille expert with its card play searched by single-observer ISMCTS (see the module's docstring)."""

    level = "ismcts"
    #: The bandit's exploration constant, in points of the hand's worth.
    exploration = 8.0
    #: By decision searched: the deepest walk in the tree and the mean walk, in cards below the root.
    depths: list[tuple[int, float]] = []

    def play(self, view: ManilleView) -> Action:
        legal = view.legal_mask
        if not legal & (legal - 1) or view.hand.bit_count() <= self.root_exact:
            return super().play(view)
        table, game, decision = self.card_decision(view)
        if len(decision.candidates) == 1:
            return decision.candidates[0]
        rng = self.random_for(view)
        weighed = self.weigher(RULES, view, game, view.trump, view.turned, view.dealer)
        worlds: list[TrickHand[Any]] = []
        for _hidden, world, times in self.drawn_worlds(RULES, view, weighed, rng):
            assert isinstance(world, TrickHand)
            worlds.extend([world] * times)
        rng.shuffle(worlds)
        if not worlds:
            return super().play(view)
        seat = view.seat
        playout = Playout(game, view.trump, seat, self.exact_tricks)
        worth = decision.worth
        root_cards = set(decision.cards)
        root = Node()
        iterations = self.budget.worlds * len(decision.candidates)
        exploration = self.exploration
        walked: list[int] = []
        for iteration in range(iterations):
            take_a_break()
            world = worlds[iteration % len(worlds)].clone()
            assert isinstance(world, TrickHand)
            excluded = list(decision.excluded)
            node = root
            path = [root]
            cards_each = world.cards_each
            while not world.complete and cards_each - len(world.trick_history) > self.exact_tricks:
                mover = world.turn
                cards = [c for c in cards_in(world.legal_play_mask()) if node is not root or c in root_cards]
                for card in cards:
                    child = node.children.get(card)
                    if child is not None:
                        child.available += 1
                untried = [c for c in cards if c not in node.children]
                if untried:
                    card = untried[rng.randrange(len(untried))]
                    child = node.children[card] = Node(available=1)
                else:
                    sign = 1.0 if (mover - seat) % 2 == 0 else -1.0

                    def score(card: int, parent: Node = node, sign: float = sign) -> float:
                        child = parent.children[card]
                        mean = child.total / child.visits
                        return sign * mean + exploration * math.sqrt(math.log(child.available) / child.visits)

                    card = max(cards, key=score)
                    child = node.children[card]
                playout.note_play(world, mover, card, excluded)
                world.play_card(card)
                path.append(child)
                node = child
                if untried:
                    break
            walked.append(len(path) - 1)
            value = worth[playout.final_points(world, excluded)]
            for visited in path:
                visited.visits += 1
                visited.total += value
        if walked:
            self.depths.append((max(walked), sum(walked) / len(walked)))
        usual = tips_choice(table)
        best = max(root.children, key=lambda c: (root.children[c].visits, c == usual))
        return view.plays[best]


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--exploration", type=float, default=ManilleIsmcts.exploration)
    parser.add_argument("--depths", action="store_true", help="print how deep the tree grew, to stderr")
    args, rest = parser.parse_known_args()
    ManilleIsmcts.exploration = args.exploration
    RULES.add_level("ismcts", ManilleIsmcts)
    status = main(rest)
    if args.depths and ManilleIsmcts.depths:
        deepest = sorted(most for most, _mean in ManilleIsmcts.depths)
        means = sorted(mean for _most, mean in ManilleIsmcts.depths)
        middle = len(deepest) // 2
        print(
            f"{len(deepest)} decisions searched: deepest walk median {deepest[middle]} cards (most "
            f"{deepest[-1]}), mean walk median {means[middle]:.2f} cards",
            file=sys.stderr,
        )
    sys.exit(status)
