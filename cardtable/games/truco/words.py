"""How Truco reads: the calls that raise the stake and answer it, and cards played face down."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from cardtable.engine.cards import bits
from cardtable.engine.game import Action, View
from cardtable.engine.words import GameWords, SpanishPack, counted, says

if TYPE_CHECKING:  # the rule books read their words: their views are named for the type checker only
    from cardtable.engine.hints import Findings

    from .argentino import ArgentinoView
    from .rules import TrucoView

CALL_LABELS = {"truco": "Truco! (raise the stake)", "raise": "Raise again", "accept": "Accept",
               "refuse": "Refuse (give up the hand)", "play": "Play the hand", "run": "Run (concede)"}  # fmt: skip


def blind_card(action: Action) -> str:
    """A blind pick of a mão de ferro, before it is turned up: nobody knows the card, only its place."""
    return f"the card in place {action.get('slot', 0) + 1}"


class TrucoWords(GameWords["TrucoView"]):
    # A trick is won or lost; its cards carry no points.
    trick_points = False
    #: Every card's strength where the variant fixes it (the Argentine truco), for the facts of a hint (joined in
    #: the game's package: the rule book reads these words and may not be imported by them).
    strength: Sequence[int] = ()
    #: The least envido count worth calling on (joined in the package, as ``strength``); below it a hint's reason
    #: says the count is low.
    good_envido: int = 0

    def deal_story(self, view: TrucoView, names: Sequence[str]) -> list[str]:
        v = view
        if v.vira is None or not v.manilhas:
            return []
        rank = v.deck.codes[next(bits(v.manilhas))][:-1]
        return [f"The vira is {self.glyph(v.deck.codes[v.vira])}: the {self.rank_plural(rank)} are manilhas."]

    def rank_plural(self, rank: str) -> str:
        """A rank's cards together, as the manilhas are named: "the queens", "the sixes"."""
        name = self.rank_names.get(rank, rank)
        return name + ("es" if name.endswith("x") else "s")

    def describe_action(
        self, action: Action, names: Sequence[str], reveal: bool = False, view: View | None = None
    ) -> str:
        who = names[action.seat]
        if action.verb == "call":
            words = {
                "truco": f"{who} {says(who, 'calls')} TRUCO!",
                "raise": f"{who} {says(who, 'raises')} the stake!",
                "accept": f"{who} {says(who, 'accepts')}.",
                "refuse": f"{who} {says(who, 'refuses')}: the hand ends.",
                "play": f"{who} {says(who, 'decides')} to play the hand.",
                "run": f"{who} {says(who, 'runs')}: the other team scores.",
            }
            return words.get(action.value, f"{who}: {action.value}.")
        if action.verb == "play" and action.value is None:
            return f"{who} {says(who, 'plays')} {blind_card(action)}, unseen."
        return super().describe_action(action, names, reveal, view)

    def choice_label(self, action: Action) -> str:
        if action.verb == "call" and action.value in CALL_LABELS:
            return CALL_LABELS[action.value]
        if action.verb == "play" and action.value is None:
            return f"Play {blind_card(action)}"
        return super().choice_label(action)

    def stake_name(self, view: TrucoView, value: int) -> str:
        """What the ladder calls a stake: "truco" (3), "seis" (6)..."""
        return view.options.rules.call_names.get(value, str(value))

    def raise_words(self, view: TrucoView) -> str:
        """A raise now, as the prompt names it: "truco (3)", "seis (6)"."""
        step = view.next_raise
        return f"{self.stake_name(view, step)} ({step})" if step is not None else "raise"

    def answer_question(self, view: TrucoView, names: Sequence[str]) -> str:
        """The question a raise asks: "North calls truco (3): accept, refuse, or raise to 6"."""
        assert view.raiser is not None and view.proposed is not None
        who = names[view.raiser]
        asked = f"{who} {says(who, 'calls')} {self.stake_name(view, view.proposed)} ({view.proposed})"
        step = view.next_raise
        return f"{asked}: accept, refuse" + (f", or raise to {step}" if step is not None else "") + "?"

    def call_label(self, action: Action, view: TrucoView) -> str:
        """A call in the dialog, with what it is worth at this moment of the hand."""
        if action.verb != "call":
            return self.choice_label(action)
        if action.value in ("truco", "raise") and view.next_raise is not None:
            step = view.next_raise
            return f"Raise to {step} ({self.stake_name(view, step)})" if view.proposed else f"Truco! (to {step})"
        if action.value == "accept" and view.proposed is not None:
            return f"Accept: the hand is worth {view.proposed}"
        if action.value == "refuse" and view.proposed is not None:
            return f"Refuse: they score {view.value}"
        return self.choice_label(action)

    def manilha_note(self, view: TrucoView) -> str:
        """The manilhas beside the trick: their rank and the zap after a vira, else the four fixed cards."""
        manilhas = sorted(bits(view.manilhas), key=lambda c: view.strength[c], reverse=True)
        if not manilhas:
            return ""
        codes = [view.deck.codes[c] for c in manilhas]
        if view.vira is not None:
            return f"manilhas:\n{self.rank_plural(codes[0][:-1])}\nzap {self.glyph(codes[0])}"
        return "manilhas:\n" + "\n".join(" ".join(self.glyph(c) for c in codes[k : k + 2]) for k in (0, 2))

    def advice(self, action: Action, view: View | None = None) -> str:
        if action.verb == "play" and action.value is None:
            return f"play {blind_card(action)}"
        if action.verb == "call" and action.value == "truco":
            return "call truco"
        if action.verb == "call" and action.value == "raise" and isinstance(view, Raising) and view.next_raise:
            return f"raise to {self.raise_words(view)}"  # the one raise it makes now, not the whole ladder
        return super().advice(action, view)

    # ------------------------------------------------------------- why a hint
    def hint_facts(self, view: View, action: Action | None, findings: Findings | None, names: Sequence[str]
                   ) -> list[str]:  # fmt: skip
        if action is None:
            return []
        facts = TrucoFacts(self, view)
        if action.verb == "play":
            return facts.of_card(action)
        return facts.of_call(str(action.value))

    def option_name(self, action: Action, view: View | None = None) -> str:
        if action.verb == "play":
            return "playing " + ("a card face down" if action.get("hidden") else self.card_text(action.value))
        return super().option_name(action, view)


TIMES = {2: "twice", 3: "three times"}
#: The calls that raise the stake of a hand, in every variant.
RAISING_CALLS = frozenset({"truco", "raise"})


@runtime_checkable
class Raising(Protocol):
    """A view of any variant, for the raise it offers now: the stake a raise would make (None: none is left)."""

    next_raise: int | None


@runtime_checkable
class WithManilhas(Protocol):
    """A Paulista or Mineiro view: its cards' strength in this hand and its manilhas."""

    strength: tuple[int, ...]
    manilhas: int


@runtime_checkable
class WithPartnersCards(Protocol):
    """A view at a mão de onze (or de dez): the partners' cards, seen at the decision."""

    partner_cards: tuple[tuple[int, int], ...]


@runtime_checkable
class WithEnvido(Protocol):
    """An Argentine view: the seat's own envido and flor counts."""

    phase: str
    envido_count: int
    flor_count: int | None


class TrucoFacts:
    """What a seat's view says that bears on a Truco hint: its best card, the tricks so far, the other team's
    raises (every variant's view holds them alike)."""

    def __init__(self, words: TrucoWords, view: Any) -> None:
        self.words = words
        self.view = view
        self.team = view.seat % 2
        self.manilhas = view.manilhas if isinstance(view, WithManilhas) else 0
        self.strength: Sequence[int] = view.strength if isinstance(view, WithManilhas) else words.strength

    def card(self, card: int) -> str:
        return self.words.card_text(self.view.deck.codes[card])

    def manilha(self, card: int) -> str:
        return " (a manilha)" if self.manilhas >> card & 1 else ""

    def best(self) -> int | None:
        return max(bits(self.view.hand), key=lambda c: self.strength[c], default=None)

    def strong(self, card: int) -> bool:
        """Whether ``card`` is one a raise may stand on: a 2 or better (the 2s and 3s, the manilhas, Argentino's
        top four).  The least of the 2s and 3s is the bar, so that a vira making one rank manilhas leaves the
        other rank in."""
        deck = self.view.deck
        bar = [self.strength[c] for c in range(len(deck.codes)) if deck.codes[c][:-1] in ("2", "3")]
        return self.manilhas >> card & 1 == 1 or self.strength[card] >= min(bar, default=0)

    def best_card(self) -> str:
        best = self.best()
        if best is None:
            return ""
        return f"your best card is {self.card(best)}{self.manilha(best)}"

    def trick_now(self) -> str:
        """The trick in progress, when it bears on a call: the side's card winning it, or the seat's own card that
        would take it ("your partner's 4♣ (a manilha) is winning the trick"); empty when neither."""
        strength = self.strength
        shown = [(s, c) for s, c in self.view.trick if c is not None]
        if not shown:
            return ""
        top = max(strength[c] for _s, c in shown)
        leaders = [(s, c) for s, c in shown if strength[c] == top]
        card = leaders[0][1]
        if all(s % 2 == self.team for s, _c in leaders):
            return f"your partner's {self.card(card)}{self.manilha(card)} is winning the trick"
        mine = max(bits(self.view.hand), key=lambda c: strength[c], default=None)
        if mine is not None and strength[mine] > top:
            return f"your {self.card(mine)}{self.manilha(mine)} beats their {self.card(card)} on the trick"
        return ""

    def their_raises(self) -> str:
        raises = sum(1 for seat, word in self.view.calls if seat % 2 != self.team and word in RAISING_CALLS)
        if not raises:
            return ""
        return "they called truco" if raises == 1 else f"they have raised {TIMES.get(raises, counted(raises, 'time'))}"

    def tricks(self) -> str:
        won = [winner % 2 if winner is not None else None for *_rest, winner in self.view.tricks]
        if not won:
            return ""
        ours = won.count(self.team)
        theirs = len([w for w in won if w is not None and w != self.team])
        if ours and not theirs:
            return f"your team has won {'the first trick' if ours == 1 else counted(ours, 'trick')}"
        if theirs and not ours:
            return f"they have won {'the first trick' if theirs == 1 else counted(theirs, 'trick')}"
        if not ours and not theirs:
            return "the first trick was tied" if len(won) == 1 else "the tricks so far were tied"
        return f"the tricks stand {ours} to {theirs}"

    def of_call(self, word: str) -> list[str]:
        view = self.view
        best, raises, tricks, now = self.best_card(), self.their_raises(), self.tricks(), self.trick_now()
        if isinstance(view, WithEnvido):
            if word in ENVIDO_CALLS or (word in ("accept", "refuse") and view.phase == "answer_envido"):
                # The envido is the count alone: the best card for the tricks says nothing of it.
                count = view.envido_count
                low = count < self.words.good_envido and word != "accept"  # "only" argues against, never for
                return [f"your envido is {'only ' if low else ''}{count}"]
            if word in FLOR_CALLS or (word in ("accept", "refuse") and view.phase == "answer_flor"):
                return [f"your flor is {view.flor_count}"]
        if word in RAISING_CALLS:
            return self.of_raise(now, tricks)
        if word == "accept":
            return ["your cards can win it", now, best, raises]
        if word in ("refuse", "mazo", "run"):
            against = raises or tricks
            return [f"{best} and {against}" if best and against else best or against or "your cards are weak"]
        if word == "play":
            shown = view.partner_cards if isinstance(view, WithPartnersCards) else ()
            codes = [view.deck.codes[c] for _s, cards in shown for c in bits(cards)]
            whose = "your partner holds" if len(shown) == 1 else "your partners hold"
            seen = f"{whose} {self.words.card_list(codes, 'and')}" if codes else ""
            return ["your team's cards are strong enough to play for the stake", best, seen]
        return [best, tricks]

    def of_raise(self, now: str, tricks: str) -> list[str]:
        """Why raise: the trick on the table first (a partner's winning card), then the tricks the team won, then
        the seat's best card; a best card too weak to stand on is named as such, the search's figures being then
        the reason."""
        card = self.best()
        best = self.best_card()
        if card is not None and self.card(card) in now:
            best = ""  # the trick's fact names it already
        elif card is not None and not self.strong(card):
            best = f"your best card is only {self.card(card)}"
        won = tricks if tricks.startswith("your team") else ""
        point = now or won or (best if card is not None and self.strong(card) else "")
        return [f"raise the stake: {point}" if point else "raise the stake", *(f for f in (tricks, best) if f != point)]

    def of_card(self, action: Action) -> list[str]:
        view = self.view
        if action.value is None:
            return ["nobody knows the card in that place: any is as good"]
        card = view.deck.index[action.value]
        trick = [(s, c) for s, c in view.trick if c is not None]
        hidden = " face down" if action.get("hidden") else ""
        strength = self.strength
        if not view.trick:
            if hidden:
                return ["play it face down: it gives nothing away"]
            best = max(bits(view.hand), key=lambda c: strength[c])
            if card == best:
                return ["lead your best card", self.tricks()]
            manilha = " (a manilha)" if self.manilhas >> best & 1 else ""
            return [f"keep {self.card(best)}{manilha} for later", self.tricks()]
        top = max((strength[c] for _s, c in trick), default=-1)
        leaders = [s for s, c in trick if strength[c] == top]
        partner_winning = bool(leaders) and all(s % 2 == self.team for s in leaders)
        if partner_winning and strength[card] <= top:
            return ["your partner is winning the trick", "keep your strong cards" if not hidden else "hide this one"]
        if strength[card] > top:
            last = len(view.trick) == view.players - 1
            return ["it wins the trick" + ("" if last else " so far"), self.tricks()]
        if hidden:
            return ["it cannot win the trick, and face down it tells them nothing"]
        if strength[card] == top:
            return ["it ties the trick", self.tricks()]
        return ["it cannot win the trick: keep your strong cards", self.tricks()]


#: The stakes of the Argentine truco: the hand is worth 1, then these.
ARGENTINO_STAKES = {2: "truco", 3: "retruco", 4: "vale cuatro"}
#: The Argentine calls in sentences; a waiting call is answered by "accept"/"refuse" as in the other variants.
ARGENTINO_SAYINGS = {
    "truco": ("calls", "TRUCO!"),
    "raise": ("raises", "the stake!"),
    "accept": ("accepts", ""),
    "refuse": ("refuses", ""),
    "envido": ("calls", "envido!"),
    "real_envido": ("calls", "real envido!"),
    "falta_envido": ("calls", "falta envido!"),
    "flor": ("sings", "flor!"),
    "contraflor": ("calls", "contraflor!"),
    "contraflor_al_resto": ("calls", "contraflor al resto!"),
    "mazo": ("goes", "to the deck: the hand is given up."),
}
#: The Argentine calls as advice (the hint); the answers read as their labels do.
ARGENTINO_ADVICE = {
    "truco": "call truco",
    "envido": "call envido",
    "real_envido": "call real envido",
    "falta_envido": "call falta envido",
    "flor": "sing flor",
    "contraflor": "call contraflor",
    "contraflor_al_resto": "call contraflor al resto",
}
ARGENTINO_LABELS = {
    "truco": "Truco!",
    "raise": "Raise (retruco, vale cuatro)",
    "accept": "Accept",
    "refuse": "Refuse",
    "envido": "Envido",
    "real_envido": "Real envido",
    "falta_envido": "Falta envido",
    "flor": "Flor",
    "contraflor": "Contraflor",
    "contraflor_al_resto": "Contraflor al resto",
    "mazo": "Go to the deck (give up the hand)",
}


#: The answers' own words at an Argentine table, beside "accept" and "refuse".
QUIERO = {"accept": "quiero", "refuse": "no quiero"}
FLOR_QUIERO = {"accept": "con flor quiero", "refuse": "con flor me achico"}
#: What a seat's last call leaves under its name.
ARGENTINO_NOTES = {"truco": "TRUCO!", "accept": "quiero", "refuse": "no quiero", "envido": "envido!",
                   "real_envido": "real envido!", "falta_envido": "falta envido!", "flor": "FLOR!",
                   "contraflor": "contraflor!", "contraflor_al_resto": "al resto!", "mazo": "to the deck"}  # fmt: skip
ENVIDO_CALLS = ("envido", "real_envido", "falta_envido")
#: What each envido call adds to the chain, as its label says it.
ENVIDO_WORTH = {"envido": "+2", "real_envido": "+3", "falta_envido": "the falta"}
FLOR_CALLS = ("flor", "contraflor", "contraflor_al_resto")


def chain_text(calls: Sequence[str]) -> str:
    """An envido or flor chain as it was called: "Envido, real envido"."""
    text = ", ".join(str(word).replace("_", " ") for word in calls)
    return text[:1].upper() + text[1:]


class ArgentinoWords(SpanishPack, TrucoWords):
    """Truco Argentino is played with the Spanish pack (``SpanishPack``): its suits and courts by their own names."""

    def deal_story(self, view: View, names: Sequence[str]) -> list[str]:
        return []  # nothing is turned up: the order of the cards is fixed

    def deal_lines(self, view: Any, names: Sequence[str]) -> list[str]:
        mano = names[view.mano]
        return [f"{mano} {says(mano, 'leads')} the first trick and {says(mano, 'wins')} tied counts (the mano)."]

    def stake(self, value: int) -> str:
        """A stake in words: "truco (2)", "vale cuatro (4)"."""
        return f"{ARGENTINO_STAKES[value]} ({value})"

    def standing(self, half: tuple[str, int] | None) -> str:
        """A match score's half: "malas" below 15, "3 buenas" above (none when the match is played to 15)."""
        if half is None:
            return ""
        name, points = half
        return name if name == "malas" or points == 0 else f"{points} {name}"

    def question(self, view: ArgentinoView, names: Sequence[str]) -> str:
        """What the seat to act is asked when it has no card to play: the flor, or a call to answer."""
        phase, legal = str(view.phase), {str(a.value) for a in view.legal}
        if phase == "sing_flor":
            return "You hold a flor: sing it. It comes before any other call or card."
        worth = f"accept ({view.accept_worth}) or refuse ({view.refuse_worth})"
        if phase == "answer_flor" and view.flor is not None:
            who = names[view.flor.callers[-1]]
            raises = " or raise" if legal & {"contraflor", "contraflor_al_resto"} else ""
            verb = "sings" if len(view.flor.calls) == 1 else "calls"
            return f"{who} {says(who, verb)} {chain_text(view.flor.calls[-1:]).lower()}: {worth}{raises}?"
        if phase == "answer_envido" and view.envido is not None:
            who = names[view.envido.callers[-1]]
            said = chain_text(view.envido.calls[-1:]).lower()
            raises = " or raise" if legal & set(ENVIDO_CALLS) else ""
            return f"{who} {says(who, 'calls')} {said}. {chain_text(view.envido.calls)}: {worth}{raises}?"
        if phase == "answer" and view.raiser is not None and view.proposed is not None:
            who = names[view.raiser]
            text = f"{who} {says(who, 'calls')} {self.stake(view.proposed)}: accept, refuse"
            if view.next_raise is not None:
                text += f", or raise to {self.stake(view.next_raise)}"
            # The envido calls open now say in their own labels that they come first.
            return text + "?"
        return "Your turn: pick a card."

    def own_count(self, view: ArgentinoView) -> str:
        """The seat's own count, beside a question about the envido or the flor (only its own seat sees it)."""
        if view.flor_count is not None:
            return f"Your flor counts {view.flor_count}."
        return f"Your envido counts {view.envido_count}."

    def call_label_now(self, action: Action, view: ArgentinoView) -> str:
        """A call in the dialog, with what it is worth at this moment of the hand."""
        word, phase = str(action.value), str(view.phase)
        if action.verb != "call":
            return self.choice_label(action)
        if word in QUIERO:
            said = FLOR_QUIERO[word].capitalize() if phase == "answer_flor" else f"{word.capitalize()} ({QUIERO[word]})"
            if phase == "answer":
                return f"{said}: " + (f"worth {view.proposed}" if word == "accept" else f"{view.value} to them")
            accepted, refused = view.accept_worth, view.refuse_worth
            return f"{said}: " + (f"{accepted} points" if word == "accept" else f"{refused} to them")
        if word in ("truco", "raise") and view.next_raise is not None:
            return f"{ARGENTINO_STAKES[view.next_raise].capitalize()}! (to {view.next_raise})"
        if word in ENVIDO_CALLS and phase == "answer":
            return f"{ARGENTINO_LABELS[word]} first (truco waits)"
        if word in ENVIDO_WORTH:
            return f"{ARGENTINO_LABELS[word]} ({ENVIDO_WORTH[word]})"
        return self.choice_label(action)

    def contest_line(self, kind: str, contest: Any, names: Sequence[str], team: str) -> str:
        """Where the envido or the flor stands, for the side panel: "Envido: Bea 31 won, 5 to Bea & Dee"."""
        result = str(contest.result)
        if result == "pending":
            return f"{kind.capitalize()}: {chain_text(contest.calls).lower()}, to answer"
        if result == "accepted":
            best = names[contest.winner]
            return f"{kind.capitalize()}: {best} {contest.counts[contest.winner]} won, {contest.points} to {team}"
        return f"{kind.capitalize()} {result}: {contest.points} to {team}"

    def describe_action(
        self, action: Action, names: Sequence[str], reveal: bool = False, view: View | None = None
    ) -> str:
        who = names[action.seat]
        if action.verb == "call" and action.value in ARGENTINO_SAYINGS:
            verb, rest = ARGENTINO_SAYINGS[action.value]
            return f"{who} {says(who, verb)} {rest}" if rest else f"{who} {says(who, verb)}."
        return super().describe_action(action, names, reveal, view)

    def choice_label(self, action: Action) -> str:
        if action.verb == "call" and action.value in ARGENTINO_LABELS:
            return ARGENTINO_LABELS[action.value]
        return super().choice_label(action)

    def raise_words(self, view: Any) -> str:
        return self.stake(view.next_raise) if view.next_raise is not None else "raise"

    def advice(self, action: Action, view: View | None = None) -> str:
        if action.verb == "call" and action.value in ARGENTINO_ADVICE:
            return ARGENTINO_ADVICE[action.value]
        return super().advice(action, view)


WORDS = TrucoWords()
ARGENTINO_WORDS = ArgentinoWords()
