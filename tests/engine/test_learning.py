"""The learning core: the hint is the advisor's choice, every card that may not be used carries
the engine's reason, panels list the legal choices exactly, the tracker adds up, the play
checker and the review agree with the records."""

from __future__ import annotations

import copy
import json
import random
from collections import Counter

import pytest
from ai_helpers import Answers, random_point, swap_unseen
from depth import examples
from helpers import EXPECTED, fixture, new_hand
from hypothesis import given
from hypothesis import strategies as st

from game.engine import games, learning, records
from game.engine.ai import evidence
from game.engine.ai import player as ai_player
from game.engine.ai.player import GAME_AI, Decision, RulesPlayer, make_player
from game.engine.cards import SEATS
from game.engine.hand import IllegalAction
from game.engine.learning import (
    DISCARD_FULL,
    Advisor,
    choices,
    differs,
    hint,
    illegal_cards,
    review,
    same_action,
    tracker,
)
from game.engine.replay import replay_record

GAMES = games.names()
FIXTURES = sorted(EXPECTED)
CARD_VERBS = ("play", "discard")
PHASES = {"arbaa-turub": {"trump", "play"}, "turup": {"trump", "play", "kort"},
          "tarabish": {"call", "play"}, "tarot": {"bid", "discard", "announce", "play"}}
"""The phases in which someone decides, per game: walking the fixtures must meet them all."""


def position(game: str, seed: int, steps: int):
    """A record and its hand after ``steps`` random legal actions from seed ``seed``'s deal
    (counted around the hand's length, so that the hand is never over: see ``random_point``)."""
    return random_point(game, seed, steps)


def walk(record: dict):
    """The hand of ``record`` before each of its actions, and once more at the end."""
    _, hand = records.start_hand(record)
    for action in record["actions"]:
        yield hand
        hand.apply(action)
    yield hand


def non_card(actions) -> list:
    return [a for a in actions if not any(v in a for v in CARD_VERBS)]


# -- the advisor and the hint ------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_advisor_is_the_strongest_level_that_plays_the_game_untimed(game):
    level = Advisor.level_for(game)
    expected = "hard" if game in GAME_AI else "random"
    assert level == expected
    player = Advisor().player_for(game)
    assert player.level == level and player.seed == learning.ADVISOR_SEED
    if isinstance(player, RulesPlayer):
        assert player.timed is False and player.budget_ms == learning.ADVISOR_BUDGET_MS


def test_advisor_falls_back_to_the_strongest_supported_level(monkeypatch):
    """Without the levels above it (taken out of the engine's table of levels, which compiled
    code reads as the sources do), the advisor is the strongest level left."""
    monkeypatch.delitem(ai_player.LEVELS, "hard")
    assert Advisor.level_for("turup") == "normal"
    monkeypatch.delitem(ai_player.LEVELS, "normal")
    assert Advisor.level_for("turup") == "easy"


@examples(12, derandomize=True)
@given(game=st.sampled_from(GAMES), seed=st.integers(0, 10_000), steps=st.integers(0, 150))
def test_hint_is_the_advisors_choice_from_the_seats_knowledge(game, seed, steps):
    _, hand = position(game, seed, steps)
    knowledge = hand.knowledge(hand.to_act)
    decision = hint(knowledge)
    assert decision == Advisor().decide(knowledge)  # a fresh advisor: nothing carried over
    level = Advisor.level_for(game)
    player = make_player(level, learning.ADVISOR_SEED, learning.ADVISOR_BUDGET_MS)
    if isinstance(player, RulesPlayer):
        player.timed = False
        player.advise = player.exact = True
    obvious = make_player("normal", learning.ADVISOR_SEED).decide(knowledge)
    assert decision == learning.judged(knowledge, player.decide(knowledge), obvious)
    assert decision.action in knowledge.legal and decision.reason
    # the advice is the obvious action, or another backed by its layouts
    if decision.evidence is None:
        assert learning.same_action(game, decision.action, obvious.action)
    else:
        assert decision.evidence.compared_with == obvious.action
        assert decision.scores is not None
        mine = decision.scores[evidence.action_key(decision.action)]
        usual = decision.scores[evidence.action_key(obvious.action)]
        assert evidence.backed(mine, usual, decision.tie)
        assert (decision.evidence.better, decision.evidence.worse) == evidence.counts(mine, usual)


def test_hint_without_a_decision_raises():
    _, hand = new_hand("turup", 3)
    with pytest.raises(ValueError, match="nothing to decide"):
        hint(hand.knowledge((hand.to_act + 1) % 4))


# -- illegal cards -------------------------------------------------------------------------------


def check_illegal_cards(hand) -> None:
    """Every held card that may not be used now is listed with the engine's reason, no legal
    card is, and only the seat's own visible cards appear."""
    legal_names = {a[v] for a in hand.legal_actions() for v in CARD_VERBS if v in a}
    verb = learning.card_verb(hand)
    for seat in range(4):
        held = set(hand.knowledge(seat).hand)
        out = illegal_cards(hand, seat)
        assert set(out) <= held
        for name in held:
            action = {"seat": SEATS[seat], verb: name}
            if hand.to_act == seat and name in legal_names:
                assert name not in out
            else:
                assert out[name] == learning.addressed(hand.why_illegal(action), seat) and out[name]


def test_the_fixtures_reach_every_phase_of_every_game():
    seen: dict[str, set[str]] = {g: set() for g in GAMES}
    for name in FIXTURES:
        for hand in walk(fixture(name)):
            if not hand.done:
                seen[hand.GAME].add(hand.phase)
    assert seen == PHASES


@pytest.mark.parametrize(("game", "seed", "steps"), [
    ("arbaa-turub", 1, 30), ("turup", 2, 9), ("tarabish", 3, 12), ("tarot", 4, 30)])
def test_illegal_cards_never_peek_at_other_seats(game, seed, steps):
    record, hand = position(game, seed, steps)
    rng = random.Random(seed)
    for seat in range(4):
        twin_record = swap_unseen(record, hand, seat, rng)
        assert twin_record is not None, f"no twin of this position for seat {seat}"
        _, twin = records.replay_hand(twin_record)
        assert illegal_cards(twin, seat) == illegal_cards(hand, seat)


def test_illegal_cards_of_a_discard_with_cards_already_picked():
    """South keeps in tarot-seed-5: after the bidding it lays away six cards; the table
    picks them one by one before confirming."""
    record = fixture("tarot-seed-5.json")
    first = next(i for i, a in enumerate(record["actions"]) if "discard" in a)
    _, hand = records.replay_hand({**record, "actions": record["actions"][:first]})
    assert hand.phase == "discard" and hand.to_act == 0
    discards = [a["discard"] for a in record["actions"] if "discard" in a]
    plain = illegal_cards(hand, 0)
    assert any("a king may not be discarded" in r for r in plain.values())
    for k in range(1, 6):
        picked = discards[:k]
        out = illegal_cards(hand, 0, picked)
        trial = hand.clone()
        for name in picked:
            trial.apply({"seat": "S", "discard": name})
        assert out == illegal_cards(trial, 0)
        assert not set(picked) & set(out)
    full = illegal_cards(hand, 0, discards)
    assert full and set(full.values()) == {DISCARD_FULL}
    assert not set(discards) & set(full)
    assert hand.phase == "discard" and len(hand.history) == first  # the hand is untouched
    king = next(c for c, r in plain.items() if "king" in r)
    with pytest.raises(IllegalAction, match="a king may not be discarded"):
        illegal_cards(hand, 0, [king])
    with pytest.raises(ValueError, match="only for a discard"):
        illegal_cards(_at("tarot-seed-5.json", 0), 0, [king])


# -- panel choices --------------------------------------------------------------------------------


def check_choices(hand) -> None:
    for seat in range(4):
        listed = choices(hand, seat)
        assert not any(v in a for a, _ in listed for v in CARD_VERBS)
        for action, reason in listed:
            assert reason == learning.why_not(hand, action)
            assert reason is None or reason
        if hand.to_act == seat:
            assert [a for a, r in listed if r is None] == non_card(hand.legal_actions())
        else:
            assert all(r is not None for _, r in listed)


def _at(name: str, index: int):
    record = fixture(name)
    return records.replay_hand({**record, "actions": record["actions"][:index]})[1]


def _reasons(hand, seat: int) -> dict[str, str | None]:
    return {json.dumps({k: v for k, v in a.items() if k != "seat"}): r
            for a, r in choices(hand, seat)}


def test_tarot_bids_below_the_current_bid_are_shown_with_the_reason():
    hand = _at("tarot-seed-6.json", 2)  # E took, N passed; W to bid
    shown = _reasons(hand, 1)
    assert list(shown) == ['{"bid": "pass"}', '{"bid": "take"}', '{"bid": "keep"}',
                           '{"bid": "keep-without"}', '{"bid": "keep-against"}']
    assert "Take has been bid" in shown['{"bid": "take"}']
    assert shown['{"bid": "keep"}'] is None and shown['{"bid": "pass"}'] is None


def test_turup_kort_panels_by_role():
    record = fixture("turup-kort-made.json")
    index = next(i for i, a in enumerate(record["actions"]) if "kort" in a or "ask" in a)
    hand = _at("turup-kort-made.json", index)
    kort_seat = hand.to_act
    assert [json.loads(k) for k in _reasons(hand, kort_seat)] == [
        {"ask": True}, {"kort": True}, {"kort": False}]
    partner = _reasons(hand, kort_seat ^ 2)
    assert [json.loads(k)["estimate"] for k in partner] == [0, 1, 2, 3, 4]
    assert all("out of turn" in r for r in partner.values())
    assert choices(hand, kort_seat ^ 1) == []


def test_tarabish_dealer_forced_to_call_sees_why_pass_is_dimmed():
    for seed in range(40):
        _, hand = new_hand("tarabish", seed)
        while hand.phase == "call" and hand.to_act != hand.dealer:
            hand.apply({"seat": SEATS[hand.to_act], "call": "pass"})
        if hand.phase == "call":
            break
    shown = _reasons(hand, hand.dealer)
    assert "the dealer must call trump" in shown['{"call": "pass"}']
    assert [r for r in shown.values() if r is None] == [None] * 4


# -- the play checker ------------------------------------------------------------------------------


@pytest.mark.parametrize(("game", "a", "b", "same"), [
    ("tarabish", {"seat": "S", "play": "QH"}, {"seat": "S", "play": "QH", "bella": False},
     True),
    ("tarabish", {"seat": "S", "play": "QH"}, {"seat": "S", "play": "QH", "bella": True},
     False),
    ("tarabish", {"seat": "S", "call": "h"}, {"seat": "s", "call": "H"}, True),
    ("tarabish", {"seat": "S", "runs": [["9S", "10S", "JS"], ["6H", "7H", "8H"]]},
     {"seat": "S", "runs": [["8H", "7H", "6H"], ["JS", "10S", "9S"]]}, True),
    ("tarabish", {"seat": "S", "runs": [["9S", "10S", "JS"]]},
     {"seat": "S", "runs": [["9S", "10S", "JS", "QS"]]}, False),
    ("arbaa-turub", {"seat": "W", "play": "7d"}, {"seat": "W", "play": "7D"}, True),
    ("arbaa-turub", {"seat": "W", "play": "7D"}, {"seat": "W", "play": "8D"}, False),
    ("arbaa-turub", {"seat": "W", "play": "7D"}, {"seat": "E", "play": "7D"}, False),
    ("tarot", {"seat": "N", "handful": [f"T{i}" for i in range(1, 11)]},
     {"seat": "N", "handful": [f"T{i}" for i in range(2, 12)]}, True),
    ("tarot", {"seat": "N", "handful": [f"T{i}" for i in range(1, 11)]},
     {"seat": "N", "handful": [f"T{i}" for i in range(1, 14)]}, False),
    ("tarot", {"seat": "N", "slam": False}, {"seat": "N", "slam": True}, False),
    ("turup", {"seat": "S", "estimate": 1}, {"seat": "S", "estimate": 1}, True),
    ("turup", {"seat": "S", "play": "XX"}, {"seat": "S", "play": "XX"}, True),
])
def test_same_action(game, a, b, same):
    assert same_action(game, a, b) is same
    assert same_action(game, b, a) is same


@pytest.mark.parametrize(("game", "seed", "steps"), [
    ("arbaa-turub", 5, 12), ("turup", 5, 3), ("tarabish", 5, 6), ("tarot", 6, 10)])
def test_differs_is_none_for_the_hint_and_the_hint_otherwise(game, seed, steps):
    _, hand = position(game, seed, steps)
    knowledge = hand.knowledge(hand.to_act)
    decision = hint(knowledge)
    assert differs(knowledge, decision.action) is None
    other = next((a for a in knowledge.legal if not same_action(game, a, decision.action)
                  and ("play" not in decision.action or any(v in a for v in CARD_VERBS))
                  and not ("play" in a and decision.near_best(a["play"]))),  # a near-tie
                 None)
    assert other is not None, "this position has no other action than the hint"
    verdict = differs(knowledge, other)
    if decision.scores and evidence.action_key(other) in decision.scores:  # weighed: evidence
        mine = decision.scores[evidence.action_key(decision.action)]
        theirs = decision.scores[evidence.action_key(other)]
        if not evidence.backed(mine, theirs, decision.tie, evidence.look_alpha()):
            assert verdict is None
            return
        assert verdict is not None and verdict.evidence is not None
        assert verdict.evidence.compared_with == other
        assert (verdict.action, verdict.scores) == (decision.action, decision.scores)
    else:
        assert verdict == decision


def test_a_near_tie_is_not_called_a_mistake():
    """The checker is silent when the strong AI's own search found the card played within its
    margin of the card it chose, and speaks when the card is clearly worse or not weighed."""
    _, hand = position("turup", 5, 3)
    knowledge = hand.knowledge(hand.to_act)
    cards = [a["play"] for a in knowledge.legal if "play" in a]
    assert len(cards) >= 3
    best, close, far = cards[:3]
    chosen = Decision({"seat": SEATS[knowledge.seat], "play": best}, "because",
                      {best: 1.0, close: 0.95, far: 0.5}, 0.1)
    seat = SEATS[knowledge.seat]
    strong = Answers(chosen)
    assert differs(knowledge, {"seat": seat, "play": close}, strong=strong) is None
    assert differs(knowledge, {"seat": seat, "play": close.lower()}, strong=strong) is None
    assert differs(knowledge, {"seat": seat, "play": far}, strong=strong) == chosen  # no layouts
    unweighed = Decision(chosen.action, "because", {best: 1.0}, 0.1)
    assert differs(knowledge, {"seat": seat, "play": close}, strong=Answers(unweighed)) == \
        unweighed


@pytest.mark.parametrize("game", ["arbaa-turub", "turup", "tarabish", "tarot"])
def test_the_strong_ai_weighs_every_legal_card_it_searched(game):
    """The hard search hands its values to the decision: every legal card (interchangeable
    ones sharing a value), the chosen card among the best within the margin, and a margin."""
    seen = 0
    for seed in range(30):
        _, hand = position(game, seed, 6 if game != "arbaa-turub" else 40)
        if hand.phase != "play":
            continue
        k = hand.knowledge(hand.to_act)
        decision = hint(k)
        if decision.values is None or "play" not in decision.action:
            continue
        seen += 1
        legal = {a["play"] for a in k.legal if "play" in a}
        assert set(decision.values) == legal
        assert decision.tie > 0 and decision.near_best(decision.action["play"])
        if seen >= 3:
            break
    assert seen


def test_a_declaration_before_the_card_is_not_called_a_mistake():
    """An Arba'a Turub signal where the strong AI would simply play: no note (the card that
    follows is checked); a card where the AI would have signalled first: a note."""
    seen = {"signal-vs-play": 0, "play-vs-signal": 0}
    for seed in range(40):
        _, hand = position("arbaa-turub", seed, 4)
        for _ in range(60):
            k = hand.knowledge(hand.to_act)
            signals = [a for a in k.legal if "signal" in a]
            if signals:
                decision = hint(k)
                if "play" in decision.action:
                    assert differs(k, signals[0]) is None
                    seen["signal-vs-play"] += 1
                else:
                    card = next(a for a in k.legal if "play" in a)
                    assert differs(k, card) == decision
                    seen["play-vs-signal"] += 1
                break
            hand.apply(k.legal[0])
        if seen["signal-vs-play"]:
            break
    assert seen["signal-vs-play"]


# -- the card tracker ------------------------------------------------------------------------------


def check_tracker(hand) -> None:
    pack = hand.PACK
    for seat in range(4):
        k = hand.knowledge(seat)
        t = tracker(k)
        counts = Counter(pack.parse(c) for c in k.hand)
        counts.update(pack.parse(c) for tr in k.tricks for c in tr["cards"])
        counts.update(pack.parse(c) for c in t.laid_away)
        for suit in t.suits:
            for name, n in suit.cards:
                assert 0 <= n <= pack.copies and (n > 0 or pack.copies > 1)
                counts[pack.parse(name)] += n
        assert counts == Counter({f: pack.copies for f in range(pack.faces)})
        assert [s.letter for s in t.suits if s.trump] == ([] if t.trump is None and
                                                          hand.GAME != "tarot" else
                                                          [t.trump or "T"])
        if t.trump is not None:
            assert t.suits[0].letter == t.trump
        trumps = [s.out for s in t.suits if s.trump]
        assert t.trumps_out == (trumps[0] if trumps else None)
        assert {s: set(v) for s, v in t.voids.items()} == {
            SEATS[i]: set(k.voids[i]) for i in range(4)}


CHECKS = {"illegal cards": check_illegal_cards, "choices": check_choices,
          "tracker": check_tracker}
"""What must hold in every position, for every seat."""


@pytest.mark.parametrize("check", CHECKS)
@pytest.mark.parametrize("name", FIXTURES)
def test_every_position_of_the_fixtures(check, name):
    for hand in walk(fixture(name)):
        CHECKS[check](hand)


@pytest.mark.parametrize("check", CHECKS)
@examples(40, derandomize=True)
@given(game=st.sampled_from(GAMES), seed=st.integers(0, 10_000), steps=st.integers(0, 160))
def test_random_positions(check, game, seed, steps):
    _, hand = position(game, seed, steps)
    CHECKS[check](hand)


def test_tracker_of_arbaa_turub_counts_copies():
    _, hand = position("arbaa-turub", 11, 40)
    t = tracker(hand.knowledge(0))
    assert [len(s.cards) for s in t.suits] == [9, 9, 9, 9]
    assert all(0 <= n <= 4 for s in t.suits for _, n in s.cards)
    assert t.suits[0].trump and t.trumps_out == t.suits[0].out
    assert [s.name for s in t.suits[1:]] == [learning.SUIT_LABELS[s.letter] for s in t.suits[1:]]


def test_tracker_of_tarot_counts_the_excuse_with_the_trumps_and_the_discard_as_laid_away():
    record = fixture("tarot-seed-5.json")  # South keeps and lays away six cards
    last = max(i for i, a in enumerate(record["actions"]) if "discard" in a)
    _, hand = records.replay_hand({**record, "actions": record["actions"][:last + 1]})
    south = tracker(hand.knowledge(0))
    assert len(south.laid_away) == 6
    assert [s.letter for s in south.suits] == ["S", "H", "D", "C", "T"]
    def trumps(cards):
        return sum(1 for c in cards if c.startswith("T") or c == "EX")

    assert south.trumps_out == 22 - trumps(hand.knowledge(0).hand) - trumps(south.laid_away)
    west = tracker(hand.knowledge(1))
    assert set(west.laid_away) == set(hand.public_facts(1)["discard_trumps"])


# -- the review -----------------------------------------------------------------------------------


@pytest.mark.parametrize("name", FIXTURES)
def test_review_of_each_fixture_replays_the_hand(name):
    record = fixture(name)
    replay = replay_record(record)
    for seat in (0, 2):
        r = review(record, seat)
        assert r.result == replay["result"] == EXPECTED[name]
        assert r.trump == replay["trump"] and r.game == record["game"]
        assert [{"leader": t.leader, "cards": [c for _, c in t.cards], "winner": t.winner}
                for t in r.tricks] == replay["tricks"]
        assert [p.index for p in r.decisions] == [
            i for i, a in enumerate(record["actions"]) if a["seat"] == SEATS[seat]]
        for t in r.tricks:
            assert t.cards[0][0] == t.leader
        # each point's knowledge is the seat's, just before its action, which it then takes
        knows = [hand.knowledge(seat) for hand in walk(record)]
        for p in r.decisions:
            assert p.taken == record["actions"][p.index]
            assert p.knowledge == knows[p.index] and p.knowledge.legal


def test_review_of_an_unfinished_hand_and_of_a_match():
    record = copy.deepcopy(fixture("turup-five-tricks.json"))
    record["actions"] = record["actions"][:7]
    r = review(record)
    assert r.result is None and r.tricks[-1].winner is None
    match = {"format": "four-trumps/match", "version": 1, "game": "turup", "options": {},
             "seed": 1, "seats": {s: "hard" for s in SEATS}, "hands": [record]}
    assert review(match) == r


def test_review_of_a_bad_record_raises_the_replay_error():
    record = copy.deepcopy(fixture("turup-five-tricks.json"))
    record["actions"][1] = {"seat": "N", "play": "QD"}
    with pytest.raises(records.RecordError) as err:
        review(record)
    assert err.value.action == 1


# -- reasons in the player's words ------------------------------------------------------------


@pytest.mark.parametrize(("reason", "seat", "said"), [
    ("S must follow suit ♥ (holds 9H, QH)", 0, "You must follow suit ♥ (you hold 9♥, Q♥)"),
    ("S cannot bid take: take has been bid, so S must bid higher or pass", 0,
     "You cannot bid take: take has been bid, so you must bid higher or pass"),
    ("S acted out of turn: W is to act", 0, "You acted out of turn: West is to act"),
    ("S has already signalled for this trick", 0, "You have already signalled for this trick"),
    ("S cannot claim bella: does not hold the king and queen of trump", 0,
     "You cannot claim bella: you do not hold the king and queen of trump"),
    ("S was not asked for an estimate", 0, "You were not asked for an estimate"),
    ("W must play a trump (holds T3, T9)", 1, "You must play a trump (you hold trump 3, trump 9)"),
    ("N does not hold QS", 2, "You do not hold Q♠"),
    ("S must beat the T7 (holds T8, EX)", 0,
     "You must beat trump 7 (you hold trump 8, the Excuse)"),
    ("no play now: the hand is in its bid phase", 0, "No play now: the hand is in its bid phase"),
    ("'X' is not a call (expected a suit S, H, D, C or \"pass\")", 0,
     "'X' is not a call (expected a suit S, H, D, C or \"pass\")"),
])
def test_reasons_are_said_to_the_player(reason: str, seat: int, said: str) -> None:
    assert learning.addressed(reason, seat) == said


def test_why_not_is_none_for_a_legal_action_and_addressed_otherwise() -> None:
    _, hand = new_hand("tarabish", seed=3)
    legal = hand.legal_actions()[0]
    assert learning.why_not(hand, legal) is None
    other = next(s for s in SEATS if s != legal["seat"])
    reason = learning.why_not(hand, dict(legal, seat=other))
    assert reason is not None and reason.startswith("You acted out of turn")


def test_a_lay_away_is_reviewed_as_one_set_in_any_order():
    """South lays away the strong AI's own six cards in reverse order: one review point for
    the lay-away (the others are its parts), and the checker agrees with the set."""
    for seed in range(60):
        record, hand = new_hand("tarot", seed)
        rng = random.Random(seed)
        while hand.phase != "discard" and not hand.done:
            k = hand.knowledge(hand.to_act)
            legal = list(k.legal)
            wanted = [a for a in legal if a.get("bid") == "take" and a["seat"] == "S"]
            action = wanted[0] if wanted else next(
                (a for a in legal if a.get("bid") == "pass"), rng.choice(legal))
            hand.apply(action)
            record["actions"].append(action)
        if hand.phase != "discard" or hand.to_act != 0:
            continue
        trial, picks = hand.clone(), []
        for _ in range(6):
            a = hint(trial.knowledge(0)).action
            picks.append(a)
            trial.apply(a)
        for a in reversed(picks):
            hand.apply(a)
            record["actions"].append(a)
        r = learning.review(record)
        laid = [p for p in r.decisions if "discard" in p.taken]
        assert len(laid) == 6 and laid[0].lay_away == tuple(reversed(picks))
        assert not laid[0].part and all(p.part and not p.lay_away for p in laid[1:])
        assert differs(laid[0].knowledge, list(laid[0].lay_away)) is None
        return
    pytest.fail("no deal where South takes and lays away in the seeds tried")
