"""French Tarot (78 cards, 3 to 5 players, bidding, chien, poignées and chelem): the rule book in ``rules.py``
and ``scoring.py``, the worlds a seat deals itself in ``count.py``, the computer players in ``beginner.py``,
``ai.py`` and ``expert.py``, joined here so that the rules never import the players."""

from .ai import TarotHeuristic
from .beginner import TarotBeginner
from .count import sample_hidden
from .expert import TarotExpert
from .rules import OUDLERS, RULES, half_points_of
from .tally import TarotTally
from .words import WORDS

RULES.add_sampler(sample_hidden)

RULES.add_level("beginner", TarotBeginner)
RULES.add_level("heuristic", TarotHeuristic, label="Club player")
RULES.add_level("expert", TarotExpert)
RULES.count_with(TarotTally)
# A hint counts oudlers and points as the rules do.
WORDS.oudlers = OUDLERS
WORDS.card_half_points = half_points_of

__all__ = ["RULES"]
