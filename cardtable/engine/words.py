"""How a game's cards and actions read, for the table and for ``cardtable replay`` alike.

Each game gives its rules a ``GameWords`` (its own module ``words.py``); this base names French-suited
cards and the actions every trick game shares.  A card has two forms: its *glyph*, as the table draws
it on a card (``Q♦``, ``10♣``), and its *name* in a sentence ("the queen of diamonds").  Record codes
(``QD``) are the record's business and never appear in what a player reads: a rule's sentence names a
card by ``card_text`` (the glyph, or what stands for it in a sentence), a story names it by ``card_name``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, ClassVar, Generic, TypeVar

from .cards import (
    RANK_NAMES,
    SPANISH_ASCII_SUITS,
    SPANISH_RANK_FACES,
    SPANISH_RANK_NAMES,
    SPANISH_SUIT_NAMES,
    SUIT_GLYPHS,
    SUIT_NAMES,
    SUITS,
    split_code,
)

if TYPE_CHECKING:
    from .game import Action, View
    from .hints import Findings, Hint

#: Verbs whose third person adds "es" ("passes", "goes"): "you" and a team take them without it.
_ES_ENDINGS = ("sses", "ches", "shes", "xes", "oes")

#: The view a game's words read (its deal lines take the hand's view of the dealt cards).
V = TypeVar("V", bound="View")


def says(who: str, verb: str) -> str:
    """The verb (given as "West plays" would) agreeing with its subject: "You play", "South & North play"."""
    if who.lower() != "you" and " & " not in who:
        return verb
    return verb[:-2] if verb.endswith(_ES_ENDINGS) else verb[:-1]


def holder(who: str) -> str:
    """Whose card it is: "West's", or "yours"."""
    return "yours" if who.lower() == "you" else f"{who}'s"


def whom(name: str) -> str:
    """A seat's name inside a sentence (not at its start): "to West", but "to you", "; you lead"."""
    return "you" if name.lower() == "you" else name


def whose(who: str, start: bool = False) -> str:
    """Whose a thing is, before its noun: "West's raise", "your raise" ("Your" to ``start`` a sentence)."""
    if who.lower() != "you":
        return f"{who}'s"
    return "Your" if start else "your"


def counted(number: object, noun: str, plural: str | None = None) -> str:
    """A number and its noun, singular for one: "1 trick", "8 points", "0.5 points"."""
    return f"{number} {noun if number == 1 else plural or noun + 's'}"


def listed(items: Sequence[str], last: str = "and") -> str:
    """Items in a sentence: "a", "a and b", "a, b and c" (``last`` joins the last two)."""
    if len(items) < 2:
        return "".join(items)
    return f"{', '.join(items[:-1])} {last} {items[-1]}"


#: Verbs whose last consonant doubles before "-ing".
_DOUBLED = {"run": "running", "put": "putting", "bid": "bidding", "cut": "cutting"}
#: Verbs that begin an advice's gloss in brackets ("run (concede)", "refuse (give up the hand)").
_GLOSS_VERBS = ("give", "concede")


def _ing(verb: str) -> str:
    if verb in _DOUBLED:
        return _DOUBLED[verb]
    if verb.endswith("e") and not verb.endswith(("ee", "ye")):
        return verb[:-1] + "ing"
    return verb + "ing"


def gerund(advice: str) -> str:
    """An advice ("refuse (give up the hand)") as the thing done, for a comparison: "refusing (giving up the
    hand)"; so "0.5 points ahead of refusing", not "ahead of refuse"."""
    if advice.startswith("do not "):
        return "not " + gerund(advice.removeprefix("do not "))
    first, space, rest = advice.partition(" ")
    head, bracket, gloss = rest.partition("(")
    for verb in _GLOSS_VERBS:
        if gloss.startswith((verb + " ", verb + ")")):
            gloss = _ing(verb) + gloss[len(verb) :]
    return _ing(first) + space + head + bracket + gloss


class GameWords(Generic[V]):
    """French suit and rank names; plays, bids and passes in plain sentences.

    A game's words are typed with its own view (``MalillaWords(GameWords[MalillaView])``), which they read
    for the lines of a deal.
    """

    suit_names: ClassVar[dict[str, str]] = SUIT_NAMES
    rank_names: ClassVar[dict[str, str]] = RANK_NAMES
    #: The letter a card's rank is drawn with, where it is not the record's (the Spanish pack's courts).
    rank_faces: ClassVar[dict[str, str]] = {}
    #: Each suit's mark where glyphs cannot be drawn (ASCII), on a card and in a sentence alike.
    ascii_suits: ClassVar[dict[str, str]] = {suit: suit for suit in SUITS}
    #: Whether a trick's card points are worth saying (in Truco a trick is only won or lost).
    trick_points: ClassVar[bool] = True

    # ------------------------------------------------------------- cards
    @property
    def spanish_pack(self) -> bool:
        """Whether the cards are Spanish-suited (oros, copas, espadas, bastos), whose colours are their own."""
        return self.suit_names == SPANISH_SUIT_NAMES

    def face(self, code: str, ascii_cards: bool = False) -> tuple[str, str]:
        """The rank text and suit mark printed on a card (``("10", "♥")``, or ``("10", "H")`` in ASCII).

        Every glyph the table and ``replay`` write comes from here, so a card reads the same on its face and in
        a sentence.
        """
        rank, suit = split_code(code)
        return self.rank_faces.get(rank, rank), self.ascii_suits[suit] if ascii_cards else SUIT_GLYPHS[suit]

    def ascii_suit_marks(self) -> dict[str, str]:
        """What each suit glyph is drawn as in ASCII: ``{"♠": "S", ...}``."""
        return {SUIT_GLYPHS[suit]: mark for suit, mark in self.ascii_suits.items()}

    def glyph(self, code: str) -> str:
        """A card as the table draws it: ``Q♦``."""
        rank, suit = self.face(code)
        return rank + suit

    def glyphs(self, codes: Iterable[str]) -> str:
        """Cards as the table draws them, side by side: ``Q♦ 10♣ 7♠``."""
        return " ".join(self.glyph(code) for code in codes)

    def card_name(self, code: str) -> str:
        """A card in a sentence: "the queen of diamonds"."""
        rank, suit = split_code(code)
        return f"the {self.rank_names.get(rank, rank)} of {self.suit_names[suit]}"

    def card_text(self, code: str) -> str:
        """A card in a rule's sentence, as the table draws it: "You must beat Q♦"."""
        return self.glyph(code)

    def card_list(self, codes: Iterable[str], last: str = "or") -> str:
        """Cards in a rule's sentence, as the table draws them: "play J♠, Q♠ or K♠"."""
        return listed([self.card_text(code) for code in codes], last)

    def played_card(self, action: Action, reveal: bool = False) -> str:
        """The glyph of a played card, or ``(face down)`` for a card its player hid (named when ``reveal``)."""
        if action.get("hidden"):
            return f"({self.glyph(action.value)} face down)" if reveal else "(face down)"
        return self.glyph(action.value)

    # ------------------------------------------------------------- actions
    def describe_action(
        self, action: Action, names: Sequence[str], reveal: bool = False, view: View | None = None
    ) -> str:
        """A plain sentence for the log: "West plays the ace of hearts."

        A card played face down is not named, unless ``reveal`` (a replay asked to show everything).  ``view`` is
        the hand seen around the action, for a sentence that depends on the moment (what a pass declined).
        """
        who = names[action.seat]
        if action.verb == "play":
            if action.get("hidden"):
                card = f" ({self.card_name(action.value)})" if reveal else ""
                return f"{who} {says(who, 'plays')} a card face down{card}."
            return f"{who} {says(who, 'plays')} {self.card_name(action.value)}."
        if action.verb == "bid":
            if action.value == "pass":
                return f"{who} {says(who, 'passes')} (no bid)."
            suit = action.get("suit")
            return f"{who} {says(who, 'bids')} {action.value}" + (f" in {self.suit_names[suit]}." if suit else ".")
        return f"{who}: {action.value}."

    def choice_label(self, action: Action) -> str:
        """The label of an action in the choices dialog."""
        if action.verb == "play":
            return f"Play {self.glyph(action.value)}" + (" face down" if action.get("hidden") else "")
        if action.verb == "bid" and action.value != "pass":
            suit = action.get("suit")
            return f"Bid {action.value}" + (f" {self.suit_names[suit]}" if suit else "")
        return str(action.value).replace("_", " ").capitalize()

    def hint_text(self, action: Action, view: View | None = None) -> str:
        """What the hint key suggests, in one form in every game: "play Q♦.", "call truco.", "pass (no bid)."

        The table puts "Hint: " before it; ``view`` is the hand the hint is given in.
        """
        return self.advice(action, view) + "."

    def advice(self, action: Action, view: View | None = None) -> str:
        """An action as advice, without its full stop: "play Q♦ face down", "bid 34 in hearts"."""
        if action.verb == "play":
            return f"play {self.card_text(action.value)}" + (" face down" if action.get("hidden") else "")
        if action.verb == "bid":
            if action.value == "pass":
                return "pass (no bid)"
            suit = action.get("suit")
            return f"bid {action.value}" + (f" in {self.suit_names[suit]}" if suit else "")
        label = self.choice_label(action)
        return label[:1].lower() + label[1:]

    # ------------------------------------------------------------- why a hint
    def hint_reason(self, view: View, action: Action | None, findings: Findings | None, names: Sequence[str]) -> str:
        """Why the hint advises ``action`` (None: none of the calls offered), in one sentence.

        It is made of the facts the view holds that bear on the decision (``hint_facts``: the first is the point,
        the rest support it) and what the search found (``search_figures``), so it depends on nothing the seat
        may not know.
        """
        facts: list[str] = []
        legal = view.legal_actions()
        if action is not None and len(legal) == 1:
            facts.append("it is your only choice")
        elif action is not None and action.verb == "play" and sum(1 for a in legal if a.verb == "play") == 1:
            facts.append("it is the only card you may play")  # beside calls or statements that are no card
        else:
            facts = self.hint_facts(view, action, findings, names)
        return reason_sentence(facts, self.search_figures(view, action, findings))

    def hint_facts(self, view: View, action: Action | None, findings: Findings | None, names: Sequence[str]
                   ) -> list[str]:  # fmt: skip
        """The facts of ``view`` behind the advice, the point first (each game says its own)."""
        return []

    def bluff_reason(self, view: View, action: Action | None, findings: Findings | None, names: Sequence[str]
                     ) -> str:  # fmt: skip
        """Why a hint offers a bluff (only when the person allowed hints to): it says it is one, since the cards
        alone do not call for it, and what the search found it costs ("a small price for keeping them guessing")."""
        return reason_sentence(["a bluff: your cards alone do not call for it"],
                               self.search_figures(view, action, findings))  # fmt: skip

    def search_figures(self, view: View, action: Action | None, findings: Findings | None) -> str:
        """What the search found, in a clause: "best in 11 of 16 deals tried, 1.5 points ahead of passing"."""
        if findings is None or not findings.worlds:
            return ""
        deals = counted(findings.worlds, "deal")
        chosen = findings.index(action)
        if findings.needed is not None and len(findings.options) == 1:
            mean = findings.means[0]
            said = f"played out in {deals}, the hand is worth {signed(mean)} {findings.unit} to your side on average"
            threshold = self.threshold(findings.options[0], findings.needed)
            return f"{said}; {threshold}" if threshold else said
        if chosen is None:
            return f"in {deals} tried, no choice here did better"
        share = findings.best_in[chosen] if findings.best_in else None
        said = f"best in {share} of the {deals} tried" if share else f"best on average over the {deals} tried"
        other = findings.runner_up(action)
        if other is None:
            return said
        margin = findings.means[chosen] - findings.means[other]
        option = findings.options[other]
        rival = self.option_name(option, view)
        if option.verb != "play":
            rival = gerund(rival)  # "ahead of refusing", of a card "ahead of K♣"
        if margin >= 0.05:
            return f"{said}, {margin:.1f} {findings.unit} a hand ahead of {rival}"
        if margin > -0.05:
            return f"{said}, as good as {rival}"
        return f"{said}; {rival} did {-margin:.1f} {findings.unit} better, a small price for keeping them guessing"

    def threshold(self, option: Action, needed: float) -> str:
        """When a threshold decision is taken: "a knock needs +2.0" (each game says its own)."""
        return ""

    def option_name(self, action: Action, view: View | None = None) -> str:
        """Another choice, named in a hint's reason: "K♠", "pass (no bid)"."""
        if action.verb == "play" and not action.get("hidden"):
            return self.card_text(action.value)
        return self.advice(action, view)

    def hint_said(self, hint: Hint, view: View | None = None) -> str:
        """The whole hint after "Hint: ": the advice and its reason, "play 10♥. It wins the trick."."""
        advice = self.hint_text(hint.action, view) if hint.action is not None else "no, thanks."
        return f"{advice} {hint.reason}" if hint.reason else advice

    def deal_lines(self, view: V, names: Sequence[str]) -> list[str]:
        """What the table's log says when a hand is dealt (the turned card, say), from what every seat may see."""
        return []

    def deal_story(self, view: V, names: Sequence[str]) -> list[str]:
        """What a hand history says of a deal: the log's lines, and what the table shows aside at a glance."""
        return self.deal_lines(view, names)


class SpanishPack:
    """The Spanish pack's words, for a game's words to take first among its bases: its suits (oros, copas,
    espadas, bastos) and court cards (sota, caballo, rey) by their own names, the courts drawn S, C and R."""

    suit_names: ClassVar[dict[str, str]] = SPANISH_SUIT_NAMES
    rank_names: ClassVar[dict[str, str]] = SPANISH_RANK_NAMES
    rank_faces: ClassVar[dict[str, str]] = SPANISH_RANK_FACES
    ascii_suits: ClassVar[dict[str, str]] = SPANISH_ASCII_SUITS


def signed(number: float) -> str:
    """A mean with its sign, to one decimal: "+2.3", "-0.5", "0"."""
    if abs(number) < 0.05:
        return "0"
    return f"{number:+.1f}"


def reason_sentence(facts: Sequence[str], figures: str = "") -> str:
    """A hint's reason from its facts (the point, then what supports it) and the search's figures:
    "It wins the trick — East showed out of hearts and North has no trumps left (best in 12 of the 16 deals
    tried)."; empty when there is nothing to say."""
    facts = [fact for fact in facts if fact]
    if not facts and not figures:
        return ""
    if not facts:
        text = figures
    else:
        text = facts[0]
        if len(facts) > 1:
            text += " — " + listed(list(facts[1:]))
        if figures:
            text += f" ({figures})"
    return text[:1].upper() + text[1:] + "."
