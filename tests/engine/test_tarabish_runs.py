"""Tarabish runs (RULES.md section 3, "Runs") as a rules table, played through whole hands.

A sequence longer than four cards splits into fours from the top, then a three; it scores the
sum of its parts (5 or 6 cards 50, 7 cards 70, 8 or 9 cards 100) and competes as its best part,
the top four. Best run: a fifty beats any twenty; between equal kinds the higher top card wins;
then trump beats plain; two equal best plain runs held by different seats cancel.

Each row deals the listed runs to the listed seats (South calls trump, dealer East), every seat
declares exactly its listed runs before its first card, the rest of the hand is random legal
play, and the row says what each side scores for runs; the bait verdict must be the one of the
card points plus those runs.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from game.engine import cards as C
from game.engine import tarabish as T

Runs = dict[str, str]


def deal_with(runs: Runs) -> dict[str, list[str]]:
    """A full deal in record form: each seat gets the cards of its runs (``"KD QD JD / AC KC
    QC"``), then every seat is filled up to nine from the rest of the pack in pack order."""
    given = {s: runs.get(s, "").replace("/", " ").split() for s in C.SEATS}
    used = {C.parse36(c) for cards in given.values() for c in cards}
    rest = [c for c in range(36) if c not in used]
    deal = {}
    for s in C.SEATS:
        cards = [C.format36(C.parse36(c)) for c in given[s]]
        assert len(cards) <= 9, f"{s} is given more than nine cards"
        while len(cards) < 9:
            cards.append(C.format36(rest.pop(0)))
        deal[s] = cards
    return deal


def declaration(text: str) -> list[list[str]]:
    """``"KD QD JD / AC KC QC"`` as a ``runs`` action's value."""
    return [run.split() for run in text.split("/") if run.strip()]


def play_hand(trump: str, runs: Runs, seed: int = 1) -> T.TarabishHand:
    """South calls ``trump`` (dealer East); each seat declares its ``runs`` with its first card;
    then seeded random legal cards (no other declaration, no bella claim) to the end."""
    h = T.new_hand(deal_with(runs), C.EAST, T.SPEC.full_options({}))
    h.apply({"seat": "S", "call": trump})
    rng = random.Random(seed)
    while not h.done:
        seat = C.SEATS[h.to_act]
        legal = h.legal_actions()
        if seat in runs and any("runs" in a for a in legal):
            h.apply({"seat": seat, "runs": declaration(runs[seat])})
            continue
        h.apply(rng.choice([a for a in legal if "runs" not in a and "bella" not in a]))
    return h


def verdict(h: T.TarabishHand, runs_points: dict[str, int]) -> str:
    """The bait verdict of ``h``'s card points plus ``runs_points`` (South's side called)."""
    res = h.result()
    assert res is not None
    totals = [res["card_points"][side] + runs_points[side] for side in C.TEAMS]
    return T.settle(0, totals)[0]


# -- the table ----------------------------------------------------------------------------------

RUN_TABLE = [
    # (trump, each seat's declared runs, runs scored {NS, EW}); plain runs unless noted
    # 5 cards: a fifty topped by its top card, worth 50
    ("H", {"S": "KD QD JD 10D 9D", "W": "AC KC QC JC"}, (0, 50)),      # lower top loses
    ("H", {"S": "AD KD QD JD 10D", "W": "KC QC JC 10C"}, (50, 0)),     # higher top wins
    ("H", {"S": "9D 8D 7D 6D 10D", "W": "AC KC QC"}, (50, 0)),         # beats any twenty
    ("H", {"S": "KH QH JH 10H 9H", "W": "KD QD JD 10D"}, (50, 0)),     # trump 5 > plain four
    # 6 cards: still a fifty, worth 50
    ("H", {"S": "AD KD QD JD 10D 9D", "W": "AC KC QC JC"}, (0, 0)),    # equal plain: cancel
    ("H", {"S": "QD JD 10D 9D 8D 7D", "W": "AC KC QC"}, (50, 0)),      # beats a higher twenty
    ("H", {"S": "KD QD JD 10D 9D 8D", "W": "AC KC QC JC"}, (0, 50)),   # lower top loses
    # 7 cards: a fifty and a twenty, worth 70, competing as the top four
    ("H", {"S": "QD JD 10D 9D 8D 7D 6D", "W": "AC KC QC JC"}, (0, 50)),  # the deal
    ("H", {"S": "QD JD 10D 9D 8D 7D 6D", "W": "JC 10C 9C 8C"}, (70, 0)),  # higher top wins
    ("H", {"S": "QD JD 10D 9D 8D 7D 6D", "W": "AC KC QC"}, (70, 0)),   # any twenty loses
    ("H", {"S": "AD KD QD JD 10D 9D 8D", "W": "AH KH QH JH"}, (0, 50)),  # trump at equal top
    ("D", {"S": "AD KD QD JD 10D 9D 8D", "W": "AH KH QH JH"}, (70, 0)),  # now S's is trump
    ("H", {"S": "QD JD 10D 9D 8D 7D 6D", "W": "KC QC JC 10C 9C 8C 7C"}, (0, 70)),
    ("H", {"S": "AD KD QD JD 10D 9D 8D", "W": "AC KC QC JC 10C 9C 8C"}, (0, 0)),  # cancel
    # 8 cards: two fifties, worth 100
    ("H", {"S": "KD QD JD 10D 9D 8D 7D 6D", "W": "AC KC QC JC"}, (0, 50)),
    ("H", {"S": "AD KD QD JD 10D 9D 8D 7D", "W": "KC QC JC 10C"}, (100, 0)),
    ("H", {"S": "KD QD JD 10D 9D 8D 7D 6D", "W": "KS QS JS 10S"}, (0, 0)),  # cancel
    ("S", {"S": "KD QD JD 10D 9D 8D 7D 6D", "W": "KS QS JS 10S"}, (0, 50)),  # trump wins
    # 9 cards: two fifties (the ninth card is no run), worth 100
    ("H", {"S": "AD KD QD JD 10D 9D 8D 7D 6D", "W": "AC KC QC JC"}, (0, 0)),  # cancel
    ("H", {"S": "AD KD QD JD 10D 9D 8D 7D 6D", "W": "AH KH QH JH"}, (0, 50)),  # trump wins
    ("D", {"S": "AD KD QD JD 10D 9D 8D 7D 6D", "W": "AH KH QH JH"}, (100, 0)),
    ("H", {"S": "AD KD QD JD 10D 9D 8D 7D 6D", "W": "AC KC QC"}, (100, 0)),
    # twenties
    ("H", {"S": "KD QD JD", "W": "AC KC QC"}, (0, 20)),                # higher top wins
    ("S", {"S": "KH QH JH", "W": "KD QD JD"}, (0, 0)),                 # equal plain: cancel
    ("H", {"S": "KH QH JH", "W": "KD QD JD"}, (20, 0)),                # trump at equal top
    ("H", {"S": "KD QD JD", "N": "KC QC JC"}, (0, 0)),                 # partners cancel too
    ("H", {"S": "KD QD JD", "W": "KC QC JC", "E": "8S 7S 6S"}, (0, 0)),  # a lower one: no help
    ("H", {"S": "KD QD JD", "W": "KC QC JC", "E": "9S 8S 7S 6S"}, (0, 50)),  # a fifty wins
    # the holder scores all its declared runs, whatever their parts
    ("H", {"S": "KD QD JD 10D 9D / AC KC QC", "W": "QS JS 10S"}, (70, 0)),
    ("H", {"S": "QD JD 10D 9D 8D 7D 6D", "W": "KS QS JS / AC KC QC"}, (70, 0)),
    ("H", {"S": "9D 8D 7D", "W": "KC QC JC 10C 9C / AS KS QS"}, (0, 70)),
]


@pytest.mark.parametrize(("trump", "runs", "scored"), RUN_TABLE)
def test_runs_table(trump: str, runs: Runs, scored: tuple[int, int]) -> None:
    h = play_hand(trump, runs)
    res = h.result()
    assert res is not None
    expected = {"NS": scored[0], "EW": scored[1]}
    assert res["runs"] == expected
    assert res["bait"] == verdict(h, expected)


@pytest.mark.parametrize(("length", "parts", "kinds", "value"), [
    (2, [], [], 0),
    (3, [3], ["twenty"], 20),
    (4, [4], ["fifty"], 50),
    (5, [4], ["fifty"], 50),
    (6, [4], ["fifty"], 50),
    (7, [4, 3], ["fifty", "twenty"], 70),
    (8, [4, 4], ["fifty", "fifty"], 100),
    (9, [4, 4], ["fifty", "fifty"], 100),
])
def test_parts_kinds_and_values(length: int, parts: list[int], kinds: list[str],
                                value: int) -> None:
    assert T.run_parts(length) == parts
    assert T.run_kinds(length) == kinds
    assert T.run_value(length) == value
    assert sum(T.KIND_VALUES[k] for k in kinds) == value


@pytest.mark.parametrize(("run", "key"), [
    ("QD JD 10D 9D 8D 7D 6D", (50, C.rank36(C.parse36("QD")), 0)),  # a fifty topped by the Q
    ("AH KH QH JH 10H 9H 8H 7H 6H", (50, 8, 1)),
    ("8S 7S 6S", (20, 2, 0)),
])
def test_run_key_is_the_top_part(run: str, key: tuple[int, int, int]) -> None:
    assert T.run_key([C.parse36(c) for c in run.split()], C.suit_index("H")) == key


def test_unshown_declaration_is_seen_as_its_parts() -> None:
    """A 7-card run, seen by another seat before it is shown: a fifty and a twenty (worth 70
    together, but the best of it is a fifty); a 5-card run and a twenty: the same kinds."""
    for runs in ("QD JD 10D 9D 8D 7D 6D", "KD QD JD 10D 9D / AC KC QC"):
        _seen_as(runs, ["fifty", "twenty"])


def _seen_as(runs: str, kinds: list[str]) -> None:
    h = T.new_hand(deal_with({"S": runs}), C.EAST, T.SPEC.full_options({}))
    h.apply({"seat": "S", "call": "H"})
    h.apply({"seat": "S", "runs": declaration(runs)})
    assert h.knowledge(C.WEST).history[-1] == {
        "seat": "S", "runs": None, "declared": kinds}
    assert h.public_facts(C.NORTH)["runs_declared"] == {"S": kinds}
    assert h.knowledge(C.SOUTH).history[-1]["runs"] == declaration(runs)


def _first_seed(trump: str, runs: Runs, flips: Any) -> int:
    """The first seed below 200 whose hand satisfies ``flips`` (the test fails without one)."""
    found = [s for s in range(200) if flips(play_hand(trump, runs, s))]
    assert found, "no seed below 200 gives a deal where the run holder decides the verdict"
    return found[0]


def test_the_wrong_holder_would_flip_the_bait_verdict() -> None:
    """The issue's deal: S's 7-card run against W's ace-high fifty. On a deal where counting
    S's 70 instead of W's 50 changes the verdict, the engine gives the verdict of W's 50."""
    trump, runs = "H", {"S": "QD JD 10D 9D 8D 7D 6D", "W": "AC KC QC JC"}
    right, wrong = {"NS": 0, "EW": 50}, {"NS": 70, "EW": 0}
    seed = _first_seed(trump, runs, lambda h: verdict(h, right) != verdict(h, wrong))
    h = play_hand(trump, runs, seed)
    res = h.result()
    assert res is not None and res["runs"] == right
    assert res["bait"] == verdict(h, right) != verdict(h, wrong)


# -- several hundred crafted deals against RULES.md, read independently ------------------------

RULES_MD_VALUE = {3: 20, 4: 50, 5: 50, 6: 50, 7: 70, 8: 100, 9: 100}
"""RULES.md: "Three cards: 20; four: 50 ... 5 or 6 cards = 50, 7 = 70, 8 or 9 = 100"."""


def rules_md_best(length: int, top: int, suit: int, trump: int) -> tuple[int, int, int]:
    """RULES.md's best run of one sequence: its top four (a fifty) when it has four cards or
    more, else a twenty; then the top card; then trump over plain."""
    return (1 if length >= 4 else 0), top, int(suit == trump)


@pytest.mark.parametrize("batch", range(6))
def test_crafted_long_sequences_against_rules_md(batch: int) -> None:
    """50 deals a batch: two seats of different sides or partners each declare one sequence
    of 3 to 9 cards (random suit and top); the runs scored and the bait verdict are RULES.md's."""
    rng = random.Random(1000 + batch)
    for _ in range(50):
        a, b = rng.sample(range(4), 2)
        sa, sb = rng.sample(range(4), 2)
        trump = rng.randrange(4)
        runs: Runs = {}
        keys = {}
        for seat, suit in ((a, sa), (b, sb)):
            n = rng.randint(3, 9)
            top = rng.randint(n - 1, 8)
            runs[C.SEATS[seat]] = " ".join(C.format36(suit * 9 + r)
                                           for r in range(top, top - n, -1))
            keys[seat] = (rules_md_best(n, top, suit, trump), RULES_MD_VALUE[n])
        h = play_hand(C.SUITS[trump], runs, rng.randrange(10**6))
        best = max(k for k, _ in keys.values())
        holders = [s for s, (k, _) in keys.items() if k == best]
        expected = {"NS": 0, "EW": 0}
        if len(holders) == 1:
            expected[C.TEAMS[holders[0] & 1]] = keys[holders[0]][1]
        res = h.result()
        assert res is not None
        assert res["runs"] == expected, runs
        assert res["bait"] == verdict(h, expected)
