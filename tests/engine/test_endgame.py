"""Exact endings (:mod:`game.engine.ai.endgame`, :mod:`game.engine.ai.tarot_endgame`): on small
endings of real deals played forward at random, the alpha-beta solver's value of every legal
card equals a plain minimax written here (no pruning, no table, no equivalent cards skipped);
with one card per seat it equals the playout's value; it reads only the layout it is given; a
hard player with ``exact`` on plays whole hands legally."""

from __future__ import annotations

import random
from typing import Any

import pytest
from ai_helpers import check, swap_unseen
from helpers import new_hand

from game.engine import cards as C
from game.engine import records
from game.engine import tarot as T
from game.engine.ai import tarot as tarot_ai
from game.engine.ai.arbaa_turub import ArbaaTurubAI
from game.engine.ai.endgame import Ending, LayoutSolver
from game.engine.ai.player import HardPlayer, NormalPlayer
from game.engine.ai.tarabish import TarabishAI
from game.engine.ai.tarot_endgame import TarotSolver
from game.engine.ai.tarot_play import Playout, collect
from game.engine.ai.turup import TurupAI
from game.engine.tarabish import legal_mask as must_trump_mask
from game.engine.tricks import ABOVE36, PACK36, SUIT36, follow_mask, winning

AIS: dict[str, Any] = {"arbaa-turub": ArbaaTurubAI, "turup": TurupAI, "tarabish": TarabishAI}


# -- endings of real deals ------------------------------------------------------------------


def kort_driver(hand, rng: random.Random) -> dict:
    """Turup: North-South play their strongest card and East-West their weakest until the
    fifth trick, then the kort seat plays on: so that kort endings come up."""
    legal = hand.legal_actions()
    kort = [a for a in legal if a.get("kort") is True]
    if kort:
        return kort[0]
    plays = [a for a in legal if "play" in a]
    if not plays or len(hand.tricks) > 5 or hand.trump is None:
        return rng.choice(legal)

    def strength(a: dict) -> tuple[bool, int]:
        f = PACK36.parse(a["play"])
        return f // 9 == hand.trump, f % 9
    return (max if hand.to_act & 1 == 0 else min)(plays, key=strength)


def endings(game: str, count: int, low: int, high: int, options: dict | None = None,
            drive=None, seed: int = 0):
    """``count`` endings of ``game``: deals ``seed * 10000 + 1``, ``+ 2``, … played forward at
    random (or by ``drive``), each yielding ``(deal, record, hand)`` at every card to play with
    between ``low`` and ``high`` cards left in all hands (the record and hand are the deal's,
    changed after the next ending is asked for)."""
    found = 0
    s = seed * 10_000
    while True:
        s += 1
        record, hand = new_hand(game, s, options=options)
        rng = random.Random(s)
        while not hand.done:
            legal = hand.legal_actions()
            left = sum(h.bit_count() for h in hand.hands)
            if (hand.phase == "play" and low <= left <= high
                    and any("play" in a and len(a) == 2 for a in legal)):
                yield s, record, hand
                found += 1
                if found == count:
                    return
            action = drive(hand, rng) if drive else rng.choice(legal)
            hand.apply(action)
            record["actions"].append(action)


# -- plain minimax, written out ---------------------------------------------------------------


def brute_layout(lay, e: Ending, side: int, first: int) -> float:
    """The minimax value of ``first`` on a partnership :class:`Layout`: every legal face of
    every seat tried, the trick's winner by :func:`~game.engine.tricks.winning`."""
    g, trump = lay.rules, lay.trump
    pts = g.points[trump]
    if lay.counts is not None:
        held = [[lay.counts[s * 36 + f] for f in range(36)] for s in range(4)]
    else:
        held = [[lay.hands[s] >> f & 1 for f in range(36)] for s in range(4)]

    def rec(held, trick, leader, won, points, forced) -> float:
        seat = (trick[-1][0] + g.step) & 3 if trick else leader
        mask = sum(1 << f for f in range(36) if held[seat][f])
        if trick:
            i = winning([f for _, f in trick], trump, ABOVE36)
            led = trick[0][1] // 9
            if g.must_trump:
                mask = must_trump_mask(mask, led, trick[i][1],
                                       lay.free and trick[i][0] == seat ^ 2, trump, ABOVE36)
            else:
                mask = follow_mask(mask, SUIT36[led])
        options = [forced] if forced is not None else [f for f in range(36) if mask >> f & 1]
        values = []
        for f in options:
            h2 = [list(h) for h in held]
            h2[seat][f] -= 1
            t2 = [*trick, (seat, f)]
            if len(t2) < 4:
                values.append(rec(h2, t2, leader, won, points, None))
                continue
            w = t2[winning([x for _, x in t2], trump, ABOVE36)][0]
            won2 = list(won)
            won2[w & 1] += 1
            n = sum(won2)
            p2 = list(points)
            if g.scores_points:
                p2[w & 1] += sum(pts[x] for _, x in t2) + (g.last_trick if n == e.total else 0)
            if (n >= e.total or (e.kort_side >= 0 and w & 1 != e.kort_side)
                    or (e.target and e.kort_side < 0 and max(won2) >= e.target)):
                values.append(e.score(won2, p2))
            else:
                values.append(rec(h2, [], w, won2, p2, None))
        return max(values) if seat & 1 == side else min(values)
    return rec(held, list(lay.trick), lay.leader, list(e.won), list(e.points), first)


def brute_tarot(game: Playout, first: int) -> int:
    """The minimax value (the declarer's unit) of ``first`` on a French Tarot playout: every
    legal card tried, the tricks gathered by :func:`collect`."""
    table, decl = game.seating, game.decl

    def rec(hands, trick, t, leader, pile, adj, taken, petit, ex_slam, forced) -> int:
        if t == game.tricks:
            return game.score(pile, adj, taken, petit[0], petit[1], ex_slam)
        seat = table.next(trick[-1][0]) if trick else leader
        led, best, _ = T.trick_state([c for _, c in trick])
        options = [forced] if forced is not None else list(C.bits(T.legal(hands[seat], led,
                                                                          best)))
        values = []
        for c in options:
            h2 = list(hands)
            h2[seat] ^= 1 << c
            t2 = [*trick, (seat, c)]
            if len(t2) < table.size:
                values.append(rec(h2, t2, t, leader, pile, adj, taken, petit, ex_slam, None))
                continue
            w, pile2, adj2, taken2, flags = collect(t, t2, decl, pile, adj, taken, table.side,
                                                    game.tricks)
            values.append(rec(h2, [], t + 1, w, pile2, adj2, taken2,
                              (t, w) if flags & 1 else petit, ex_slam or flags >= 2, None))
        return max(values) if table.on_side(seat, decl) else min(values)
    return rec(list(game.hands), list(game.trick), game.done, game.leader, game.pile, game.adj,
               game.taken, game.petit, False, first)


# -- one layout of a position, as the hard search builds it ------------------------------------


def layout_case(game: str, hand, seed: int, kort: bool = False):
    """``(layout, ending, side, legal faces, ai, view, k, world)`` of one sampled layout at
    ``hand``'s decision; with ``kort``, a Turup ending that stops at the kort side's first lost
    trick (the side to act, all tricks so far counted as its own)."""
    k = hand.knowledge(hand.to_act)
    ai = AIS[game]()
    view = ai.view(k)
    world = ai.sampler(view, k)(random.Random(seed))
    lay = ai.layout(view, world, k)
    e = ai.ending(view, k)
    side = view.seat & 1
    if kort:
        done = view.won[0] + view.won[1]
        won = (done, 0) if side == 0 else (0, done)
        e = Ending(won, (0, 0), ai.TRICKS, 0, side,
                   lambda w, p: ai.score(w, side, side))
    legal = [f for f in range(36) if ai.legal_of(k, view) >> f & 1]
    return lay, e, side, legal, ai, view, k, world


FAMILIES = [("arbaa-turub", None, 4, 12), ("turup", None, 4, 12), ("tarabish", None, 4, 12)]


@pytest.mark.parametrize(("game", "options", "low", "high"), FAMILIES)
def test_layout_solver_equals_plain_minimax(game, options, low, high):
    compared = 0
    for seed, _, hand in endings(game, 200, low, high, options, seed=1):
        lay, e, side, legal, *_ = layout_case(game, hand, seed)
        solver = LayoutSolver(lay, e, side)
        assert solver.values(legal) == [brute_layout(lay, e, side, f) for f in legal], seed
        compared += 1
    assert compared == 200


def test_turup_kort_endings_equal_plain_minimax():
    found = 0
    for seed, _, hand in endings("turup", 150, 4, 14, drive=kort_driver, seed=2):
        lay, e, side, legal, *_ = layout_case("turup", hand, seed, kort=True)
        solver = LayoutSolver(lay, e, side)
        assert solver.values(legal) == [brute_layout(lay, e, side, f) for f in legal], seed
        found += 1
    assert found == 150


def test_real_kort_endings_come_up():
    """The kort driver reaches real kort play: the AI's own ending then has a kort side."""
    korts = 0
    for seed, _, hand in endings("turup", 3000, 4, 14, drive=kort_driver, seed=3):
        if hand.kort == "playing":
            lay, e, side, legal, *_ = layout_case("turup", hand, seed)
            assert e.kort_side == hand.kort_seat & 1
            solver = LayoutSolver(lay, e, side)
            assert solver.values(legal) == [brute_layout(lay, e, side, f) for f in legal]
            korts += 1
            if korts == 60:
                break
    assert korts == 60


TAROT_TABLES = [(4, None, 4, 12), (3, {"players": 3}, 3, 10), (5, {"players": 5}, 5, 13)]


def tarot_case(hand, seed: int) -> tuple[Playout, list[int], Any, Any]:
    """``(playout, legal cards, seat view, world)`` of one sampled layout at ``hand``'s
    decision."""
    k = hand.knowledge(hand.to_act)
    v = tarot_ai.read(k)
    world = tarot_ai.sampler(v)(random.Random(seed))
    legal = list(C.bits(tarot_ai.mask_of_names([a["play"] for a in k.legal if "play" in a])))
    return tarot_ai.playout(v, world), legal, v, world


@pytest.mark.parametrize(("seats", "options", "low", "high"), TAROT_TABLES)
def test_tarot_solver_equals_plain_minimax(seats, options, low, high):
    compared = 0
    for seed, _, hand in endings("tarot", 200, low, high, options, seed=4):
        game, legal, *_ = tarot_case(hand, seed)
        assert game.seating.size == seats
        solver = TarotSolver(game)
        assert solver.values(legal) == [brute_tarot(game, c) for c in legal], seed
        compared += 1
    assert compared == 200


CLAIM_CASES = [("arbaa-turub", None, 8, 14), ("turup", None, 8, 15), ("tarabish", None, 8, 13),
               ("tarot", None, 8, 11), ("tarot", {"players": 3}, 6, 11),
               ("tarot", {"players": 5}, 10, 13)]


@pytest.mark.parametrize(("game", "options", "low", "high"), CLAIM_CASES)
def test_the_claims_base_settles_positions_and_changes_no_value(game, options, low, high):
    """The claim's proof as the solver's base (:meth:`Solver.claimed`): on endings up to the
    games' thresholds, every card's value is the same with it and without it, it settles
    positions, and the search visits fewer of them."""
    claims = nodes_with = nodes_without = 0
    for seed, _, hand in endings(game, 40, low, high, options, seed=6):
        if game == "tarot":
            play, legal, *_ = tarot_case(hand, seed)
            solvers = [TarotSolver(play), TarotSolver(play, use_claims=False)]
        else:
            lay, e, side, legal, *_ = layout_case(game, hand, seed)
            solvers = [LayoutSolver(lay, e, side), LayoutSolver(lay, e, side, use_claims=False)]
        fast, plain = solvers
        assert fast.values(legal) == plain.values(legal), seed
        assert plain.claims == 0
        claims += fast.claims
        nodes_with += fast.nodes
        nodes_without += plain.nodes
    assert claims > 0
    assert nodes_with < nodes_without


def test_masters_need_the_trumps_drawn():
    """:func:`~game.engine.ai.endgame.masters` (ranked faces, trump spades = suit 0, faces
    ascending in strength): the leader's top cards are masters only when the trumps the
    others hold are drawn first."""
    from game.engine.ai.endgame import masters
    ace_hearts, king_hearts, jack_hearts = 9 + 8, 9 + 7, 9 + 5
    top_trump, low_trump = 8, 0
    for hand, others, drawn, holds in [
            (1 << ace_hearts, 1 << king_hearts, True, True),
            (1 << king_hearts, 1 << ace_hearts, True, False),
            (1 << ace_hearts, 1 << jack_hearts | 1 << low_trump, False, False),
            (1 << ace_hearts | 1 << top_trump, 1 << jack_hearts | 1 << low_trump, True, True),
            (1 << ace_hearts | 1 << top_trump, 1 << jack_hearts | 1 << low_trump, False, False),
            (1 << ace_hearts | 1 << low_trump, 1 << jack_hearts | 1 << top_trump, True, False),
    ]:
        assert masters(hand, others, 0, drawn) is holds, (hand, others, drawn)
    assert masters(1 << ace_hearts, 1 << jack_hearts | 1 << low_trump, 4, False)  # no trump


# -- one card per seat: the playout's value ------------------------------------------------------


@pytest.mark.parametrize("game", ["arbaa-turub", "turup", "tarabish"])
def test_layout_one_card_each_is_the_playout(game):
    for seed, _, hand in endings(game, 40, 1, 4, seed=5):
        lay, e, side, legal, ai, view, k, world = layout_case(game, hand, seed)
        assert all(h.bit_count() <= 1 for h in lay.hands)
        f = legal[0]
        won, points = list(e.won), list(e.points)
        lay.play_out(f, won, points, e.total, e.target, e.kort_side)
        playout = e.score(won, points)
        assert LayoutSolver(lay, e, side).value(f) == playout
        ai.exact = True  # the search's evaluator, exact and not
        exact = ai.evaluator(view, k)(world, f)
        ai.exact = False
        assert exact == ai.evaluator(view, k)(world, f) == playout


@pytest.mark.parametrize(("seats", "options"), [(4, None), (3, {"players": 3}),
                                                (5, {"players": 5})])
def test_tarot_one_card_each_is_the_playout(seats, options):
    for seed, _, hand in endings("tarot", 40, 1, seats, options, seed=6):
        game, legal, v, world = tarot_case(hand, seed)
        assert all(h.bit_count() <= 1 for h in game.hands)
        c = legal[0]
        assert TarotSolver(game).value(c) == game.run(c)
        exact = tarot_ai.TarotAI.solver(v)(world, c)
        assert exact == tarot_ai.TarotAI.playout_value(v, world, c)


# -- no peeking, legality ------------------------------------------------------------------------


def test_solver_reads_only_its_layout():
    """The same layout gives the same values whatever the real hands were, and solving leaves
    the layout as it was."""
    for seed, _, hand in endings("tarabish", 30, 6, 12, seed=7):
        lay, e, side, legal, *_ = layout_case("tarabish", hand, seed)
        before = (list(lay.hands), list(lay.trick), list(lay.voids), lay.out, lay.leader)
        values = LayoutSolver(lay, e, side).values(legal)
        assert (list(lay.hands), list(lay.trick), list(lay.voids), lay.out, lay.leader) == before
        assert LayoutSolver(lay, e, side).values(legal) == values


GAMES = [("turup", None), ("arbaa-turub", None), ("tarabish", None), ("tarot", None),
         ("tarot", {"players": 3}), ("tarot", {"players": 5})]


@pytest.mark.parametrize(("game", "options"), GAMES[:4])  # the twins are of four seats
def test_exact_decisions_do_not_depend_on_unseen_cards(game, options):
    compared = 0
    for seed, record, hand in endings(game, 12, 6, 14, options, seed=8):
        me = hand.to_act
        twin = swap_unseen(record, hand, me, random.Random(seed))
        if twin is None:
            continue
        _, other = records.replay_hand(twin)
        assert other.hands != hand.hands
        k1, k2 = hand.knowledge(me), other.knowledge(me)
        assert k1 == k2
        p1 = HardPlayer(seed, budget_ms=4, timed=False, exact=True)
        p2 = HardPlayer(seed, budget_ms=4, timed=False, exact=True)
        assert p1.decide(k1) == p2.decide(k2)
        compared += 1
    assert compared >= 3


@pytest.mark.parametrize(("game", "options"), GAMES)
def test_exact_hard_player_plays_whole_hands(game, options):
    """Two seats of hard players with ``exact`` on play whole hands legally, and their searches
    solve layouts exactly only near the end: each of their decisions is the one a hard player
    with ``exact`` off makes while more than the game's threshold of cards are left in all
    hands, and some differ at or under it (layouts solved there rather than played out)."""
    ai = tarot_ai.TarotAI if game == "tarot" else AIS[game]
    limit = ai.EXACT_CARDS[(options or {}).get("players", 4)] if game == "tarot" else \
        ai.EXACT_CARDS
    solved = 0
    for seed in (1, 2, 3):  # until a hand had a search changed near its end
        if solved:
            break
        _, hand = new_hand(game, seed, options=options)
        n = len(hand.hands)
        hard = {s for s in range(n) if s % 2 == seed % 2}
        players = [HardPlayer(seed, budget_ms=4, timed=False, exact=True) if s in hard
                   else NormalPlayer(seed + s) for s in range(n)]
        played_out = HardPlayer(seed, budget_ms=4, timed=False, exact=False)
        while not hand.done:
            k = hand.knowledge(hand.to_act)
            decision = players[hand.to_act].decide(k)
            check(decision, k)
            # by seat, not isinstance: compiled (mypyc 2.4), every ABC subclass shares one
            # ABCMeta cache, so a NormalPlayer once checked as a RulesPlayer passes for a HardPlayer
            if hand.to_act in hard:
                plain = played_out.decide(k)
                if sum(k.hand_sizes) > limit:
                    assert decision == plain, sum(k.hand_sizes)
                elif decision != plain:
                    solved += 1
            hand.apply(decision.action)
    assert solved


# -- the search's interchangeable cards are interchangeable ----------------------------------------


@pytest.mark.parametrize("game", ["arbaa-turub", "turup", "tarabish"])
def test_search_candidates_stand_for_equal_cards(game):
    """A legal card the hard search leaves out (:meth:`CardPlayAI.candidates`) has the exact
    value of the lower candidate it is merged with, on any layout the seat thinks possible."""
    for seed, _, hand in endings(game, 100, 4, 12, seed=9):
        lay, e, side, legal, ai, view, k, _ = layout_case(game, hand, seed)
        cands = ai.candidates(view, ai.legal_of(k, view))
        solver = LayoutSolver(lay, e, side)
        for f in legal:
            rep = max(c for c in cands if c <= f and c // 9 == f // 9)
            assert solver.value(f) == solver.value(rep), (seed, f, rep)


@pytest.mark.parametrize(("seats", "options"), [(4, None), (3, {"players": 3}),
                                                (5, {"players": 5})])
def test_tarot_search_candidates_stand_for_equal_cards(seats, options):
    """The same for French Tarot's :func:`candidates` (the Petit is never merged with the
    21)."""
    for seed, _, hand in endings("tarot", 100, seats, 12, options, seed=10):
        game, legal, v, _ = tarot_case(hand, seed)
        cands = tarot_ai.search_candidates(v, sum(1 << c for c in legal))
        solver = TarotSolver(game)
        for c in legal:
            rep = max(x for x in cands if x <= c)
            assert solver.value(c) == solver.value(rep), (seed, c, rep)


@pytest.mark.parametrize(("seats", "taken", "slam"), [(3, 18, 0), (3, 24, 200), (4, 18, 200),
                                                      (5, 15, 200), (5, 14, 0)])
def test_playout_slam_is_every_trick_of_the_table(seats, taken, slam):
    """The playouts' (and so the solver's) score counts a slam as the engine does: every trick
    of the table's hand (24 at three, 18 at four, 15 at five)."""
    lay = T.LAYOUTS[seats]
    game = Playout([0] * seats, 0, "take", False, 0, 0, 0, (-1, -1), 0, lay.tricks, 0, [],
                   [0] * seats, tricks=lay.tricks)
    pile = C.FULL_TAROT
    assert game.score(pile, 0, taken, -1, -1, False) == T.settle(
        "take", T.half_points(pile), 3, 0, 0, taken, False, lay.tricks)[3]
    assert T.settle("take", T.half_points(pile), 3, 0, 0, taken, False, lay.tricks)[2] == slam


def test_a_spread_exact_search_is_the_same_as_alone():
    """The helpers of a search shared among processes solve exactly as the lead does: the
    merged search equals the one made alone (its values would mix playouts otherwise)."""
    from game.engine.ai.spread import Spread

    with Spread(2, scale=False) as spread:
        searched = 0
        for game in ("tarabish", "tarot"):
            for seed, _, hand in endings(game, 6, 6, 11, seed=11):
                k = hand.knowledge(hand.to_act)
                alone = HardPlayer(seed, 20, timed=False, exact=True).decide(k)
                shared = HardPlayer(seed, 20, timed=False, exact=True, spread=spread).decide(k)
                assert shared == alone
                searched += alone.samples > 0
    assert searched >= 4
