"""Strength of the cards: the ordinary order, the vira's manilhas in Paulista, the fixed ones in Mineiro."""

from __future__ import annotations

import pytest

from cardtable.games.truco.rules import DECK, MINEIRO_STRENGTH, PAULISTA_STRENGTH, RANKS, manilha_mask

ORDER = ["4", "5", "6", "7", "Q", "J", "K", "A", "2", "3"]
NEXT = dict(zip(ORDER, ORDER[1:] + ORDER[:1], strict=True))  # the table of the Cards section
SUIT_RANK = {"D": 11, "S": 12, "H": 13, "C": 14}


def test_deck_has_the_forty_truco_cards() -> None:
    assert len(DECK) == 40
    assert set(DECK.codes) == {r + s for r in ORDER for s in "SHDC"}
    for code in ("8H", "10S", "NH", "T1", "9C"):
        with pytest.raises(ValueError):
            DECK.parse(code)


def test_rank_order_is_the_ordinary_order() -> None:
    assert list(RANKS) == ORDER


@pytest.mark.parametrize("vira", DECK.codes)
def test_paulista_strengths_for_every_vira(vira: str) -> None:
    table = PAULISTA_STRENGTH[DECK.index[vira]]
    manilha_rank = NEXT[vira[:-1]]
    for i, code in enumerate(DECK.codes):
        rank, suit = code[:-1], code[-1]
        expected = SUIT_RANK[suit] if rank == manilha_rank else ORDER.index(rank) + 1
        assert table[i] == expected, (vira, code)
    assert len(list(filter(None, (manilha_mask(table) >> i & 1 for i in range(40))))) == 4


@pytest.mark.parametrize(("vira", "manilha"), list(NEXT.items()))
def test_manilha_rank_table(vira: str, manilha: str) -> None:
    table = PAULISTA_STRENGTH[DECK.index[vira + "D"]]
    assert {DECK.codes[i] for i in range(40) if table[i] >= 11} == {manilha + s for s in "SHDC"}


def test_vira_rank_cards_stay_ordinary() -> None:
    table = PAULISTA_STRENGTH[DECK.index["6D"]]
    assert [table[DECK.index[c]] for c in ("6S", "6H", "6C")] == [3, 3, 3]
    assert table[DECK.index["7C"]] == 14  # worked example 1: the zap


def test_mineiro_fixed_manilhas() -> None:
    s = {code: MINEIRO_STRENGTH[i] for i, code in enumerate(DECK.codes)}
    assert (s["4C"], s["7H"], s["AS"], s["7D"]) == (14, 13, 12, 11)
    assert s["4H"] == s["4S"] == s["4D"] == 1
    assert s["7C"] == s["7S"] == 4
    assert s["AH"] == s["AD"] == s["AC"] == 8
    assert s["3C"] == 10 and s["QH"] == 5 and s["JH"] == 6


def test_worked_example_8_comparisons() -> None:
    s = {code: MINEIRO_STRENGTH[i] for i, code in enumerate(DECK.codes)}
    assert s["7H"] > s["AS"]
    assert all(s["4C"] > s[c] for c in DECK.codes if c != "4C")
    assert s["AH"] > s["KS"] and s["5S"] > s["4D"] and s["7D"] > s["3C"] and s["7C"] == s["7S"]
