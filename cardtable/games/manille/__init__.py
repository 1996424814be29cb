"""Manille (Belgian and French, 32 cards, the 10 highest): the rule book in ``rules.py``, the computer players
in ``beginner.py`` and ``ai.py``, joined here so that the rules never import the players that read them."""

from .ai import ManilleHeuristic, Table
from .beginner import ManilleBeginner
from .expert import ManilleExpert
from .rules import PIPS, RULES
from .tally import ManilleTally
from .words import WORDS

RULES.add_level("beginner", ManilleBeginner)
RULES.add_level("heuristic", ManilleHeuristic, label="Club player")
RULES.add_level("expert", ManilleExpert)
RULES.count_with(ManilleTally)
# A hint says why from the club player's count of the cards.
WORDS.count_cards = lambda view: Table(view).count
WORDS.card_points = PIPS

__all__ = ["RULES"]
