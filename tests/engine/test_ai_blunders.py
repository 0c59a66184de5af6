"""The partner's blunders (game.engine.ai.blunders): each kind, positive and negative, in
hand-built views and in real hands."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from helpers import random_positions

from game.engine import records
from game.engine.ai import blunders
from game.engine.ai.blunders import OVERTAKE, POINTS_AWAY, RUFF_LEAD, classify, classify_view
from game.engine.ai.policy import NORMAL, SIGNALLED, CardRules, choose
from game.engine.ai.somali import CLOCKWISE
from game.engine.ai.tarabish import RULES as TARABISH
from game.engine.ai.view import TrickView
from game.engine.cards import SEATS, SUITS
from game.engine.tricks import PACK36

ROOT = Path(__file__).resolve().parents[2]
POSITIONS = ROOT / "tests" / "ai_positions"


def build(rules: CardRules, trump: str, hand: str, trick: str = "", voids: str = "",
          gone: str = "", legal: str = "") -> tuple[TrickView, int]:
    """North's view (ranked faces) and legal mask: ``hand`` the cards North holds, ``trick``
    the open trick as ``"S:KS W:6S"``, ``voids`` the voids shown as ``"E:S S:SH"``, ``gone``
    cards already played in finished tricks (every other card is out); ``legal`` North's
    legal cards (default: follow suit, else anything)."""
    t = SUITS.index(trump)

    def ranked(names: str) -> list[int]:
        return [rules.ranked(PACK36.parse(n), t) for n in names.split()]
    own = [0] * 36
    mask = 0
    for f in ranked(hand):
        own[f] += 1
        mask |= 1 << f
    played = [(SEATS.index(p.split(":")[0]), ranked(p.split(":")[1])[0]) for p in trick.split()]
    seen = mask | sum(1 << f for _, f in played) | sum(1 << f for f in ranked(gone))
    unseen = [0 if seen >> f & 1 else 1 for f in range(36)]
    others = sum(1 << f for f in range(36) if unseen[f])
    void_bits = [0, 0, 0, 0]
    for v in voids.split():
        seat, letters = v.split(":")
        for letter in letters:
            void_bits[SEATS.index(seat)] |= 1 << SUITS.index(letter)
    view = TrickView(2, PACK36, t, own, unseen, mask, others, played[0][0] if played else 2,
                     played, void_bits, [0, 0], 0, (9, 9, 9, 9))
    if legal:
        allowed = sum(1 << f for f in ranked(legal))
    elif played and mask & (0x1FF << (played[0][1] // 9 * 9)):
        allowed = mask & (0x1FF << (played[0][1] // 9 * 9))
    else:
        allowed = mask
    return view, allowed


CASES = [
    # (why, rules, trump, hand, trick, voids, gone, legal, card, kind)
    # -- overtake (North plays third after partner South led; East plays after)
    ("overtakes partner's sure king with the ace", CLOCKWISE, "H", "AS 7S 8D", "S:KS W:6S",
     "", "", "", "AS", OVERTAKE),
    ("follows low under partner's sure king", CLOCKWISE, "H", "AS 7S 8D", "S:KS W:6S",
     "", "", "", "7S", ""),
    ("forced: the ace is its only spade", CLOCKWISE, "H", "AS 8D", "S:KS W:6S",
     "", "", "", "AS", ""),
    ("trumps partner's sure king (the ace is gone) when it could discard", CLOCKWISE, "H",
     "7H 8D", "S:KS W:6S", "", "AS", "", "7H", OVERTAKE),
    ("partner not sure: East has shown no spades and may ruff", CLOCKWISE, "H", "7H 8D",
     "S:KS W:6S", "E:S", "AS", "", "7H", ""),
    ("partner sure again: East has shown no spades and no trumps", CLOCKWISE, "H", "7H 8D",
     "S:KS W:6S", "E:SH", "AS", "", "7H", OVERTAKE),
    ("partner not sure: East may hold the ace of spades", CLOCKWISE, "H", "7H 8D",
     "S:KS W:6S", "", "", "", "7H", ""),
    ("last to play, partner's king wins: taking it with the ace", CLOCKWISE, "H", "AS 8S",
     "E:6S S:KS W:7S", "", "", "", "AS", OVERTAKE),
    ("the opponent is winning: the ace wins the trick", CLOCKWISE, "H", "AS 8S",
     "S:6S W:KS", "", "", "", "AS", ""),
    # -- ruff_lead (North leads; trump hearts)
    ("leads spades into East's void while East may ruff", CLOCKWISE, "H", "AS 7D", "",
     "E:S", "", "", "AS", RUFF_LEAD),
    ("leads spades into West's void", CLOCKWISE, "H", "AS 7D", "", "W:S", "", "", "AS",
     RUFF_LEAD),
    ("cross-ruff: partner is void in spades too and may ruff", CLOCKWISE, "H", "AS 7D", "",
     "E:S S:S", "", "", "AS", ""),
    ("partner is void in spades but also in trumps: no cross-ruff", CLOCKWISE, "H", "AS 7D",
     "", "E:S S:SH", "", "", "AS", RUFF_LEAD),
    ("East is void in trumps too: cannot ruff", CLOCKWISE, "H", "AS 7D", "", "E:SH", "", "",
     "AS", ""),
    ("no trump is out", CLOCKWISE, "H", "AS 7D", "", "E:S", "6H 7H 8H 9H 10H JH QH KH AH", "",
     "AS", ""),
    ("no other lead: diamonds are ruffable too", CLOCKWISE, "H", "AS 7D", "", "E:SD", "", "",
     "AS", ""),
    ("a trump lead was the other lead", CLOCKWISE, "H", "AS 7H", "", "E:S", "", "", "AS",
     RUFF_LEAD),
    ("leads the safe suit", CLOCKWISE, "H", "AS 7D", "", "E:S", "", "", "7D", ""),
    ("nobody else holds spades: partner may ruff as well", CLOCKWISE, "H", "AS 7D", "", "",
     "6S 7S 8S 9S 10S JS QS KS", "", "AS", ""),
    # -- Tarabish (trump clubs; plain A 10 K Q J 9 8 7 6)
    ("overtakes partner's sure king with the master ten", TARABISH, "C", "10S 7S",
     "S:KS W:6S", "", "AS", "", "10S", OVERTAKE),
    ("smears the ten on partner's sure king while the ace is out", TARABISH, "C", "10S 7S",
     "S:KS W:6S", "E:SC", "", "", "10S", ""),
    ("must trump: every legal card beats partner's", TARABISH, "C", "7C 9D", "S:KS W:6S",
     "", "AS", "7C", "7C", ""),
    # -- points_away (Tarabish)
    ("throws the ten under East's ace, last to play", TARABISH, "C", "10S 8S",
     "E:AS S:7S W:6S", "", "", "", "10S", POINTS_AWAY),
    ("plays low under East's ace", TARABISH, "C", "10S 8S", "E:AS S:7S W:6S", "", "", "",
     "8S", ""),
    ("partner after may ruff West's ace", TARABISH, "C", "10S 8S", "W:AS", "S:S", "", "",
     "10S", ""),
    ("partner after is void in spades and in trumps: the ace is sure", TARABISH, "C",
     "10S 8S", "W:AS", "S:SC", "", "", "10S", POINTS_AWAY),
    ("East after may overruff its partner's ruff: the trick is EW's all the same", TARABISH,
     "C", "10S 8S", "S:KS W:9C", "W:S E:S", "", "", "10S", POINTS_AWAY),
    ("the cheaper card is a master king, kept back", TARABISH, "C", "KS 10H",
     "E:AD S:7D W:6D", "N:DC", "AS 10S", "", "10H", ""),
    ("a cheaper card than the ten that is no master", TARABISH, "C", "KS 10H 7H",
     "E:AD S:7D W:6D", "N:DC", "AS 10S", "", "10H", POINTS_AWAY),
    ("North could beat the king: not a sure winner", TARABISH, "C", "AS QS JS", "E:KS S:7S "
     "W:6S", "", "10S", "", "QS", ""),
    ("no card points in the Somali games", CLOCKWISE, "C", "10S 8S", "E:AS S:7S W:6S", "",
     "", "", "10S", ""),
]


@pytest.mark.parametrize(("why", "rules", "trump", "hand", "trick", "voids", "gone", "legal",
                          "card", "kind"), CASES, ids=[c[0] for c in CASES])
def test_hand_built_positions(why, rules, trump, hand, trick, voids, gone, legal, card, kind):
    view, allowed = build(rules, trump, hand, trick, voids, gone, legal)
    face = rules.ranked(PACK36.parse(card), SUITS.index(trump))
    assert allowed >> face & 1, "the card must be legal"
    assert classify_view(rules, view, allowed, face) == kind, why


REAL = [
    # (position file, card, kind): real hands (tests/ai_positions), the seat to act
    ("arbaa-turub-overtake-1", "AH", OVERTAKE), ("arbaa-turub-overtake-1", "6H", ""),
    ("arbaa-turub-overtake-2", "KD", OVERTAKE), ("arbaa-turub-overtake-2", "JD", ""),
    ("arbaa-turub-no-ruff-2", "KD", OVERTAKE), ("arbaa-turub-no-ruff-2", "KC", ""),
    ("turup-overtake-1", "7C", OVERTAKE), ("turup-overtake-1", "AH", ""),
    ("turup-no-ruff-1", "KC", OVERTAKE), ("turup-no-ruff-1", "KH", ""),
    ("tarabish-overtake-1", "AS", OVERTAKE), ("tarabish-overtake-1", "QS", ""),
    ("tarabish-overtake-2", "AC", OVERTAKE), ("tarabish-overtake-2", "6C", ""),
    ("tarabish-smear-2", "10H", ""),
    # trumping low under partner's ruff takes nothing: no overtake
    ("tarabish-no-ruff-1", "6C", ""),
]


@pytest.mark.parametrize(("name", "card", "kind"), REAL)
def test_real_positions(name, card, kind):
    pos = json.loads((POSITIONS / f"{name}.json").read_text())
    _, hand = records.replay_hand(pos["position"])
    k = hand.knowledge(hand.to_act)
    assert classify(k, {"seat": k.seat_name, "play": card}) == kind


def test_only_card_plays_are_judged_and_only_legal_ones():
    pos = json.loads((POSITIONS / "turup-overtake-1.json").read_text())
    _, hand = records.replay_hand(pos["position"])
    k = hand.knowledge(hand.to_act)
    assert classify(k, {"seat": k.seat_name, "signal": "weak"}) == ""
    held = set(k.hand) - {a["play"] for a in k.legal if "play" in a}
    if held:
        with pytest.raises(ValueError):
            classify(k, {"seat": k.seat_name, "play": sorted(held)[0]})
    with pytest.raises(ValueError):
        blunders.game_ai("tarot")


@pytest.mark.parametrize("game", blunders.GAMES)
def test_an_overtake_takes_the_trick_and_a_ruff_lead_leads_a_plain_suit(game):
    """In random positions, every legal card: an overtake leaves the seat winning the trick
    (by the engine's rules), a ruff lead is a lead of a plain suit."""
    for record in random_positions(game, 15, 38):
        _, hand = records.replay_hand(record)
        if hand.phase != "play":
            continue
        seat = hand.to_act
        k = hand.knowledge(seat)
        for action in k.legal:
            if "play" not in action:
                continue
            kind = classify(k, action)
            assert kind in ("", *blunders.KINDS)
            if kind == RUFF_LEAD:
                assert not hand.trick or not hand.trick.cards
                assert action["play"][-1] != k.trump
            if kind == OVERTAKE:
                _, after = records.replay_hand({**record, "actions": [*record["actions"],
                                                                      action]})
                t = after.trick if after.trick is not None and after.trick.cards \
                    else after.tricks[-1]
                assert (after.trick_winner(t) if t.winner is None else t.winner) == seat


def test_the_benchmark_counts_north_plays():
    sys.path.insert(0, str(ROOT / "benchmarks"))
    import partner_blunders

    line = partner_blunders.measure("turup", "normal", 3, 1, 0, 1)
    assert line["hands"] == 3 and line["north_card_plays"] > 0
    assert set(line["kinds"]) == set(blunders.KINDS)
    assert all(v["count"] >= 0 and len(v["ci95"]) == 2 for v in line["kinds"].values())


@pytest.mark.parametrize("rules", [CLOCKWISE, TARABISH], ids=["somali", "tarabish"])
def test_the_normal_policy_leads_low_away_from_a_known_ruff(rules):
    """North has no sure winner; East has shown no spades but may hold trumps (clubs): the
    normal policy's low lead is a diamond, not a spade from the longer suit."""
    view, legal = build(rules, "C", "7S 8S 9S 7D", voids="E:S")
    face, _ = choose(rules, NORMAL, 2, view.hand, legal, view.others, 3, 0, 0, 0, 0,
                     view.voids)
    assert face // 9 == 2 and classify_view(rules, view, legal, face) == ""


def test_the_normal_policy_does_not_lead_a_signalled_suit_into_a_known_ruff():
    """Partner signalled spades strong, but East has shown no spades and may ruff: before issue
    38 the normal policy led the spade anyway (a ruff lead); now it leads a diamond."""
    view, legal = build(CLOCKWISE, "C", "7S 8S 7D", voids="E:S")
    face, code = choose(CLOCKWISE, NORMAL, 2, view.hand, legal, view.others, 3, 0, 0, 0, 0,
                        view.voids, strong=1)
    assert code != SIGNALLED and face // 9 == 2
    view, legal = build(CLOCKWISE, "C", "7S 8S 7D")
    assert choose(CLOCKWISE, NORMAL, 2, view.hand, legal, view.others, 3, 0, 0, 0, 0,
                  view.voids, strong=1)[1] == SIGNALLED
