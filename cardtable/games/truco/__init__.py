"""Truco (Paulista, with the Mineiro and Argentino variants; 2, 4 or 6 players): the rule books in ``rules.py``
and ``argentino.py``, the computer players in ``beginner.py``, ``ai.py``, ``argentino_ai.py`` and
``expert.py``, joined here so that the rules never import the players that read them."""

from .ai import weak_position
from .argentino import STRENGTH
from .argentino_ai import ENVIDO_BY_COUNT, HeuristicByVariant
from .beginner import BeginnerByVariant
from .expert import TrucoExpert
from .rules import RULES
from .tally import TrucoTally
from .words import ARGENTINO_WORDS

# Each level hands Paulista and Mineiro views to their player, Argentino views to its own.
RULES.add_level("beginner", BeginnerByVariant)
RULES.add_level("heuristic", HeuristicByVariant, label="Club player")
RULES.add_level("expert", TrucoExpert)
RULES.count_with(lambda seat, options, players: TrucoTally(seat, options, players, weak_position))

# A hint judges the Argentine cards by their fixed strength.
ARGENTINO_WORDS.strength = STRENGTH
# and an envido count by the least the club player opens the envido with.
ARGENTINO_WORDS.good_envido = min(count for count, _word in ENVIDO_BY_COUNT)

__all__ = ["RULES"]
