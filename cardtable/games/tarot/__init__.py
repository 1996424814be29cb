"""French Tarot (78 cards, 3 to 5 players, bidding, chien, poignées and chelem): the rule book in ``rules.py``
and ``scoring.py``, the worlds a seat deals itself in ``count.py``, the computer players in ``beginner.py``,
``ai.py`` and ``expert.py``, joined here so that the rules never import the players."""

from .ai import TarotHeuristic
from .beginner import TarotBeginner
from .count import sample_hidden
from .expert import TarotExpert
from .rules import RULES
from .tally import TarotTally

RULES.add_sampler(sample_hidden)

RULES.add_level("beginner", TarotBeginner)
RULES.add_level("heuristic", TarotHeuristic, label="Club player")
RULES.add_level("expert", TarotExpert)
RULES.count_with(TarotTally)

__all__ = ["RULES"]
