"""Manille (Belgian and French, 32 cards, the 10 highest): the rule book in ``rules.py``, the computer players
in ``beginner.py`` and ``ai.py``, joined here so that the rules never import the players that read them."""

from .ai import ManilleHeuristic
from .beginner import ManilleBeginner
from .expert import ManilleExpert
from .rules import RULES
from .tally import ManilleTally

RULES.add_level("beginner", ManilleBeginner)
RULES.add_level("heuristic", ManilleHeuristic, label="Club player")
RULES.add_level("expert", ManilleExpert)
RULES.count_with(ManilleTally)

__all__ = ["RULES"]
