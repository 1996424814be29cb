"""Hints that say why: the reason of each game's main kinds of decision, read from records near the point, its
determinism, its invariance under swaps of the cards the seat cannot see, and ``replay --hint``'s
``next.hint_reason``."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from cardtable.engine.game import Action
from cardtable.engine.hints import HINT_LEVEL, Findings, Hint, advise, hint_level
from cardtable.engine.records import load_record_file, parse_record
from cardtable.engine.replay import replay
from cardtable.games import find_game
from cardtable.games.tarot.words import WORDS as TAROT_WORDS
from tests.games.test_contract import swapped, view_after
from tests.support import TESTS, narrowed

RECORDS = TESTS / "records"

#: (record, the advised action's verb and value, what its reason must say): one or more records near each main
#: kind of decision of each game.
REASONS = [
    # Manille: a card that wins the trick, and why nobody after can take it (the top club is not one nobody holds a
    # club above); a partner's trick fed; the knock
    # round's counter against its threshold; the auction's best contract.
    (
        "manille/trump_lead_must_beat",
        ("play", "10C"),
        # The 10 is the highest trump: nobody lacks a club "above" it, it is simply the top one still out.
        ["It wins the trick and its 2 points: 10♣ is the highest trump still out", "of the 16 deals tried"],
    ),
    (
        "manille/equal_best_scores_play_on",
        ("play", "KD"),
        ["Your partner is winning the trick", "K♦ adds 3 points to it"],
    ),
    (
        "manille/doubling_second_counter_seat",
        ("call", "counter"),
        ["you hold 2 trumps", "played out in 16 deals", "a counter needs +3.0"],
    ),
    (
        "manille/auction_suit_any_case",
        ("bid", 41),
        ["Hearts as trump make your best contract", "41 in hearts scores", "a bid needs +1.0"],
    ),
    # Malilla: the redeal asked for and declined, against what the hand played out is worth; a card that wins.
    (
        "malilla/redeal_two_eligible",
        ("call", "redeal"),
        ["Your hand is weak", "played out in 16 deals", "a redeal is worth it at -1.0 or less"],
    ),
    (
        "malilla/ex7_redeal_answer",
        ("call", "decline"),
        ["Your partner asked for a redeal, but your hand is worth playing", "often wins the match for your side"],
    ),
    # The 7♣ and A♣ are gone: R♣ is the top trump, not a card East merely lacks one above.
    ("malilla/must_trump_plain_lead", ("play", "KC"), ["It wins the trick and its 2 points: R♣ is the highest trump"]),
    # Truco: an answer to raises, a refusal, the envido, the mão de onze, a card behind a partner's.
    (
        "truco/doze_cannot_be_raised_in_the_answer",
        ("call", "accept"),
        ["Your cards can win it", "Q♣ (a manilha)", "they have raised twice", "ahead of refusing (giving up the hand)"],
    ),
    (
        "truco/counter_raise_answered_by_the_raisers_partner",
        ("call", "refuse"),
        ["Your best card is A♥ and they called truco", "ahead of accepting"],
    ),
    ("truco/argentino_no_card_while_a_truco_waits", ("call", "envido"), ["Your envido is 30"]),
    ("truco/mao_de_onze_other_team_seat_first", ("call", "play"), ["strong enough to play", "your partner"]),
    ("truco/after_accept_the_caller_plays", ("play", "4C"), ["Your partner is winning the trick"]),
    # Tarot: the bid and the chelem searched (the chosen and the two best other choices' scores over the deals
    # played out), the king call, the écart and the cards. Twelve low trumps with the top nine in one other hand:
    # passing scores best.
    (
        "tarot/illegal_poignee_in_bidding",
        ("bid", "pass"),
        [
            "not strong enough to take",
            "12 trumps and 1 oudler",
            "played out in 8 deals",
            "pass (no bid) +27.5, bid petite -6.0, bid garde -52.5",
        ],
    ),
    (
        "tarot/illegal_bid_out_of_turn",
        ("bid", "petite"),
        ["a petite scores best in the deals played out", "4 trumps and 1 oudler"],
    ),
    ("tarot/discard_with_trumps_legal", ("declare", "chelem"), ["take every trick", "announce a chelem"]),
    ("tarot/five_king_call_kings_only", ("king", "KS"), ["you hold 4 spades", "K♠"]),
    (
        "tarot/illegal_discard_oudler",
        ("discard", None),
        # Nine discards weighed; the reason names none of the others' six cards, only the gap to the next best.
        [
            "The écart puts 4 points out of the defence's reach",
            "void in clubs",
            "8 deals, this écart scores +213.8, 24.8 ahead of the next best).",
        ],
    ),
    ("tarot/illegal_not_following_suit", ("play", "AH"), ["You cannot take the trick from trump 12"]),
]


def hint_of(name: str) -> tuple[dict[str, Any], str]:
    """``replay --hint expert``'s advice and reason for a record."""
    out, _status, _match = replay(load_record_file(RECORDS / f"{name}.json", find_game), HINT_LEVEL)
    return out["next"]["hint"], out["next"]["hint_reason"]


@pytest.mark.parametrize(("name", "advised", "said"), REASONS, ids=[r[0] for r in REASONS])
def test_a_hint_says_why_from_the_view_and_the_search(name: str, advised: tuple[str, Any], said: list[str]) -> None:
    hint, reason = hint_of(name)
    verb, value = advised
    assert verb in hint and (value is None or hint[verb] == value), hint
    for part in said:
        assert part.lower() in reason.lower(), (part, reason)
    # One sentence, with the cards named as the table draws them, never by their record codes.
    assert reason[0].isupper() and reason.endswith(".") and reason.count(". ") == 0, reason
    record = load_record_file(RECORDS / f"{name}.json", find_game)
    codes = set(record.rules.deck(record.options, record.players)[0].codes)
    assert not {word for word in re.findall(r"[\w]+", reason) if word in codes} - {"EX"}, reason


def test_a_hint_and_its_reason_are_the_same_every_time() -> None:
    for name, _advised, _said in REASONS[::3]:
        assert hint_of(name) == hint_of(name)


def test_each_game_hints_with_its_expert() -> None:
    for game in ("manille", "malilla", "truco", "tarot"):
        assert hint_level(find_game(game)) == "expert"


# --------------------------------------------------------------------- what the seat may not know
def swaps_of_unseen(record: dict[str, Any], seat: int, codes: list[str]) -> list[tuple[str, str]]:
    """Pairs of cards held by other seats (not the deciding seat's, none played yet), to swap."""
    hands = record["hands"][-1]["deal"]["hands"]
    played = {a.get("play") for a in record["hands"][-1]["actions"]}
    others = [code for s, hand in enumerate(hands) if s != seat for code in hand if code not in played]
    return [(others[i], others[-1 - i]) for i in range(min(3, len(others) // 2)) if others[i] in codes]


@pytest.mark.parametrize("name", ["manille/trump_lead_must_beat", "malilla/must_trump_plain_lead",
                                  "truco/argentino_envido_chain_e_answers", "truco/after_accept_the_caller_plays",
                                  "tarot/all_pass_annulled_next_dealer", "tarot/first_lead_any_card"])  # fmt: skip
def test_a_hints_reason_is_the_same_whichever_way_the_unseen_cards_lie(name: str) -> None:
    path = RECORDS / f"{name}.json"
    record = json.loads(path.read_text())
    rules = find_game(record["game"])
    parsed = parse_record(record, find_game)
    _out, _status, match = replay(parsed)
    state = match.current
    assert state is not None and state.to_act is not None
    seat = state.to_act
    words = rules.words_for(match.options)
    names = rules.seat_names(match.players)
    hint = advise(rules, words, state.view(seat), names)
    compared = 0
    for first, second in swaps_of_unseen(record, seat, list(rules.deck(match.options, match.players)[0].codes)):
        other = view_after(swapped(record, first, second), seat)
        if other is None:
            continue
        assert other == state.view(seat)
        again = advise(rules, words, other, names)
        assert (again.action, again.reason) == (hint.action, hint.reason), (first, second)
        compared += 1
    assert compared, "no swap of unseen cards replayed"


# --------------------------------------------------------------------- replay
def test_replay_puts_the_reason_in_next_hint_reason(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from cardtable.cli import main

    path = RECORDS / "truco" / "doze_cannot_be_raised_in_the_answer.json"
    assert main(["replay", str(path), "--json", "--hint", "expert"]) == 0
    upcoming = json.loads(capsys.readouterr().out)["next"]
    assert upcoming["hint"] == {"seat": 0, "call": "accept"}
    assert upcoming["hint_reason"].startswith("Your cards can win it")
    assert main(["replay", str(path), "--hint", "expert"]) == 0
    told = capsys.readouterr().out.splitlines()
    assert told[-1] == f"Hint: accept. {upcoming['hint_reason']}"
    # Without --hint there is neither.
    assert main(["replay", str(path), "--json"]) == 0
    assert "hint_reason" not in json.loads(capsys.readouterr().out)["next"]


def test_a_hint_is_a_typed_value_with_its_action_and_reason() -> None:
    rules = find_game("manille")
    _out, _status, match = replay(load_record_file(RECORDS / "manille" / "trump_lead_must_beat.json", find_game))
    state = match.current
    assert state is not None and state.to_act is not None
    hint = advise(rules, rules.words, state.view(state.to_act), rules.seat_names(4))
    assert isinstance(hint, Hint) and hint.action is not None and hint.findings is not None
    assert hint.findings.worlds == 16 and sum(hint.findings.best_in) >= 16
    assert hint.findings.index(hint.action) is not None


def test_an_ecart_the_count_keeps_against_a_better_search_figure_says_why_without_naming_the_others() -> None:
    kept = Action(2, "discard", ("4D", "6D", "JD", "3C", "8C", "10C"))
    better = Action(2, "discard", ("2H", "3H", "5H", "4D", "6D", "JD"))
    findings = Findings(options=(kept, better), means=(10.0, 22.5), worlds=8)
    said = TAROT_WORDS.search_figures(None, kept, findings)  # type: ignore[arg-type]  # an écart is named without a view
    assert said == ("played out in 8 deals, this écart scores +10.0; another scored 12.5 more, too few deals to "
                    "overrule the count of your hand")  # fmt: skip


# --------------------------------------------------------------------- what a hint's reason names (issue #37)
def truco_names(players: int) -> list[str]:
    return find_game("truco").seat_names(players)


def test_a_hint_offers_the_sound_play_and_a_bluff_only_when_allowed_and_named_as_one() -> None:
    from tests.games.truco import argentino_helpers
    from tests.games.truco.helpers import new_hand, play

    rules = find_game("truco")
    # Paulista, two players: North led 7♠; the expert's measured bluff would call truco (best in 7 of 16 deals).
    paulista = new_hand(["6S 5D 5C", "7S 4D 3D"], vira="5H", dealer=0)
    play(paulista, "1:7S")
    # Argentino: South called truco after the first trick; North's measured bluff would raise to retruco.
    argentino = argentino_helpers.new_hand(["JS 3H JH", "7H 5D KC"], "0:JH 1:KC 1:7H 0:JS 0:truco", dealer=1)
    for state, words in ((paulista, rules.words), (argentino, rules.words_for(argentino.options))):
        assert state.to_act is not None
        view = state.view(state.to_act)
        sound = advise(rules, words, view, truco_names(2))
        assert not sound.bluff and sound.action is not None and sound.action.value not in ("truco", "raise")
        assert "bluff" not in sound.reason
        assert sound.findings is not None and sound.findings.is_best(sound.action)
        bluff = advise(rules, words, view, truco_names(2), bluffs=True)
        assert bluff.bluff and bluff.action is not None and bluff.action.value in ("truco", "raise")
        assert bluff.reason.startswith("A bluff: your cards alone do not call for it"), bluff.reason
        assert "a small price for keeping them guessing" in bluff.reason


def test_a_raise_hint_names_the_one_raise_it_makes() -> None:
    from tests.games.truco import argentino_helpers
    from tests.games.truco.helpers import new_hand, play

    rules = find_game("truco")
    paulista = new_hand(["3S KD 6C", "2S QH 7D"], dealer=1)
    play(paulista, "0:truco")
    argentino = argentino_helpers.new_hand(["JS 3H JH", "7H 5D KC"], "0:JH 1:KC 1:7H 0:JS 0:truco", dealer=1)
    for state, words, said in ((paulista, rules.words, "raise to seis (6)"),
                               (argentino, rules.words_for(argentino.options), "raise to retruco (3)")):  # fmt: skip
        assert state.to_act is not None
        view = state.view(state.to_act)
        raise_now = next(a for a in view.legal_actions() if a.value == "raise")
        assert words.advice(raise_now, view) == said
        assert words.hint_text(raise_now, view) == said + "."


def test_a_truco_call_behind_a_partners_winning_manilha_names_that_card() -> None:
    from tests.games.truco.helpers import new_hand, play

    # Vira 4♥: the fives are manilhas. South leads the 5♣ (the zap), East plays 2♠: North, to play, may call truco.
    state = new_hand(["5C KD 6C", "2S QH 7D", "AH JS 4C", "KS JD 6H"], vira="4H", dealer=3)
    play(state, "0:5C 1:2S")
    view = state.view(2)
    truco = next(a for a in view.legal_actions() if a.value == "truco")
    reason = find_game("truco").words.hint_reason(view, truco, None, truco_names(4))
    assert reason.startswith("Raise the stake: your partner's 5♣ (a manilha) is winning the trick"), reason


def test_an_envido_reason_is_the_count_and_says_when_it_is_low() -> None:
    from tests.games.truco import argentino_helpers

    rules = find_game("truco")
    state = argentino_helpers.new_hand(["JS 3H 5D", "7H 4C KC"], dealer=1)  # South: three suits, 5 the best
    words = rules.words_for(state.options)
    view = state.view(0)
    envido = next(a for a in view.legal_actions() if a.value == "real_envido")
    # The count alone: the best card for the tricks says nothing of the envido.
    assert words.hint_reason(view, envido, None, truco_names(2)) == "Your envido is only 5."
    # Answering, "only" argues for a refusal and never for an acceptance.
    state = argentino_helpers.new_hand(["JS 3H 5D", "7H 4C KC"], "0:envido", dealer=1)
    view = state.view(1)
    accept, refuse = (next(a for a in view.legal_actions() if a.value == word) for word in ("accept", "refuse"))
    assert words.hint_reason(view, accept, None, truco_names(2)) == "Your envido is 24."
    assert words.hint_reason(view, refuse, None, truco_names(2)) == "Your envido is only 24."


def manille_hand(options: dict[str, Any], hands: list[list[str]], actions: list[dict[str, Any]], dealer: int = 3,
                 turned: str | None = None) -> Any:  # fmt: skip
    from cardtable.engine.loop import resume_match

    deal: dict[str, Any] = {"hands": hands} | ({"turned": turned} if turned else {})
    record = {"format": "cardtable-record/1", "game": "manille", "options": options,
              "hands": [{"dealer": dealer, "deal": deal, "actions": actions}]}  # fmt: skip
    return resume_match(parse_record(record, find_game)).current


def test_a_manille_statement_says_what_it_tells_the_partner() -> None:
    rules = find_game("manille")
    d1 = [
        ["9S", "8S", "AH", "10H", "10D", "KD", "10C", "8C"],
        ["KS", "10S", "QH", "7H", "JD", "9D", "9C", "QC"],
        ["JS", "7S", "JH", "KH", "QD", "AD", "7C", "KC"],
        ["QS", "AS", "8H", "9H", "8D", "7D", "JC", "AC"],
    ]
    state = manille_hand({"talk": True}, d1, [], turned="AC")
    hint = advise(rules, rules.words_for(state.options), state.view(0), rules.seat_names(4))
    assert hint.action is not None and hint.action.to_json() == {"seat": 0, "say": "holds", "card": "10H"}
    assert hint.reason == "Your partner then knows the 10♥, the highest heart, is yours and can lead hearts to it."
    # East holds no heart and a trump: it asks for hearts, to trump them.
    e11 = [
        ["KH", "7H", "8H", "9H", "10H", "JH", "QH", "AH"],
        ["8D", "7S", "8S", "9S", "JS", "QS", "7C", "8C"],
        ["7D", "10S", "AS", "KS", "10C", "AC", "KC", "9C"],
        ["9D", "10D", "JD", "QD", "KD", "AD", "JC", "QC"],
    ]
    state = manille_hand({"talk": True}, e11, [{"seat": 0, "play": "KH"}], turned="9D")
    hint = advise(rules, rules.words_for(state.options), state.view(1), rules.seat_names(4))
    assert hint.action is not None and hint.action.to_json() == {"seat": 1, "say": "lead", "suit": "H"}
    assert hint.reason == "You have no hearts but hold a trump: if your partner leads hearts, you can trump them."
    # East's one diamond must follow South's K♦: with statements still offered it is the only card, not a choice.
    plays = ["0:say:holds:10H", "0:10H", "1:say:holds:10S", "1:7H", "2:JH", "3:8H", "0:say:holds:10D", "0:10D", "1:9D",
             "2:QD", "3:7D", "0:KD"]  # fmt: skip
    actions = [{"seat": int(p[0]), "say": p.split(":")[2], "card": p.split(":")[3]} if ":say:" in p
               else {"seat": int(p[0]), "play": p[2:]} for p in plays]  # fmt: skip
    state = manille_hand({"talk": True}, d1, actions, turned="AC")
    view = state.view(1)
    assert len(view.legal_actions()) > 1
    hint = advise(rules, rules.words_for(state.options), view, rules.seat_names(4))
    assert hint.action is not None and hint.action.to_json() == {"seat": 1, "play": "JD"}
    assert hint.reason.startswith("It is the only card you may play"), hint.reason
    # The Belgian dealer's choice of trump: a suit named in the plural takes a plural verb.
    state = manille_hand({"house": "belgian"}, d1, [])
    view = state.view(state.to_act)
    spades = next(a for a in view.legal_actions() if a.value == "S")
    said = rules.words.hint_reason(view, spades, None, rules.seat_names(4))
    assert said.startswith("Spades are your strongest suit"), said


def test_a_tarot_hint_never_says_play_low_of_a_high_trump_nor_zero_oudlers() -> None:
    import random

    from cardtable.engine.players import make_computer
    from cardtable.games.tarot.rules import TarotView
    from cardtable.games.tarot.words import TarotWords

    rules = find_game("tarot")
    words = narrowed(TarotWords, rules.words)
    options = rules.parse_options({}, 4)
    high_trumps = zero_oudlers = 0
    for seed in range(6):
        rng = random.Random(seed)
        state = rules.new_hand(options, 4, 3, rules.random_deal(rng, options, 4, 3), [0] * 4)
        players = [make_computer(rules, "heuristic", random.Random(s)) for s in range(4)]
        while state.to_act is not None:
            seat = state.to_act
            view = state.view(seat)
            assert isinstance(view, TarotView)
            legal = view.legal_actions()
            if view.phase == "bid" and not (view.hand & words.oudlers):
                said = words.hint_reason(view, next(a for a in legal if a.value == "pass"), None, rules.seat_names(4))
                assert "no oudlers" in said and "0 oudler" not in said, said
                zero_oudlers += 1
            trick = [c for _s, c in view.trick if c != view.excuse]
            trumps = sorted(view.deck.index[a.value] for a in legal if a.verb == "play" and a.value.startswith("T")
                            and a.value not in ("T1", "T21"))  # fmt: skip
            if trick and words.same_side(view, view.winning_seat) and len(trumps) > 1:
                highest = " ".join(words.play_facts(view, trumps[-1], 1))
                assert "play low" not in highest, highest
                assert "play low" in " ".join(words.play_facts(view, trumps[0], 1))
                high_trumps += 1
            state.apply(players[seat].decide(view))
    assert high_trumps and zero_oudlers


def test_a_king_call_counts_a_single_card_of_its_suit_in_the_singular() -> None:
    from tests.games.tarot.helpers import act, bids, fill, new_hand

    rules = find_game("tarot")
    taker = ["2H", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "AD", "2D", "3D", "T1", "T2", "T3", "T4"]
    state = new_hand(fill(5, {0: taker}, ["9S", "10S", "JS"]), players=5)
    act(state, *bids(5, 0, 0, "garde"))
    view = state.view(0)
    hearts = next(a for a in view.legal_actions() if a.value == "KH")
    said = rules.words.hint_reason(view, hearts, None, rules.seat_names(5))
    assert said.startswith("You hold 1 heart: the holder of K♥ will help you win them"), said


def test_a_truco_call_calls_a_best_card_below_the_twos_only_that_card() -> None:
    from tests.games.truco.helpers import new_hand

    words = find_game("truco").words
    # Vira A♥: the 2s are manilhas, so the 3s are the best plain cards and still one a raise stands on.
    cases = [("3S KD 6C", "AH", "Raise the stake: your best card is 3♠"),
             ("2S KD 6C", "4H", "Raise the stake: your best card is 2♠"),
             ("AS KD 6C", "4H", "Raise the stake — your best card is only A♠")]  # fmt: skip
    for hand, vira, said in cases:
        state = new_hand([hand, "4S QH 7D"], vira=vira, dealer=1)
        view = state.view(0)
        truco = next(a for a in view.legal_actions() if a.value == "truco")
        assert words.hint_reason(view, truco, None, truco_names(2)).startswith(said)
