"""Malilla (Mexican, 40 Spanish cards, the 7 highest, trump from the dealer's turned card): the rule book in
``rules.py``, the computer players in ``beginner.py`` and ``ai.py``, joined here so that the rules never import
the players."""

from .ai import MalillaHeuristic, count_the_cards
from .beginner import MalillaBeginner
from .expert import MalillaExpert
from .rules import RULES
from .tally import MalillaTally
from .words import WORDS

RULES.add_level("beginner", MalillaBeginner)
RULES.add_level("heuristic", MalillaHeuristic, label="Club player")
RULES.add_level("expert", MalillaExpert)
RULES.count_with(MalillaTally)
# A hint says why from the club player's count of the cards.
WORDS.count_cards = count_the_cards

__all__ = ["RULES"]
