"""French Tarot defence conventions of the normal policy (issue 29), on hand-built positions,
table-driven: the call by the first discard (sent and read), returning a fellow defender's
suit, the Excuse kept for a bare king, chasing the Petit together; each switched off by
:attr:`~game.engine.ai.tarot_table.Seating.conventions`; and the public :class:`Talk` they read,
the same for every seat."""

from __future__ import annotations

import dataclasses

import pytest
from ai_helpers import random_point
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from game.engine import cards as C
from game.engine.ai import tarot as TA
from game.engine.ai import tarot_play as TP
from game.engine.cards import EAST, NORTH, SOUTH, WEST

NO_TRUMP = 1 << 4
SPADES, HEARTS, DIAMONDS, CLUBS = range(4)


def mask(*names: str) -> int:
    return C.mask_of(C.parse_tarot(n) for n in names)


def card(name: str) -> int:
    return C.parse_tarot(name)


def table(off: int = 0) -> TP.Seating:
    """The four-player table with the conventions ``off`` switched off."""
    return dataclasses.replace(TP.FOUR, conventions=TP.CONVENTIONS & ~off)


def talk(calls: dict[int, int] | None = None, opened: dict[int, int] | None = None,
         hunters: int = 0) -> TP.Talk:
    out = TP.Talk(4)
    for s, suit in (calls or {}).items():
        out.calls[s] = suit
    for s, suit in (opened or {}).items():
        out.opened[s] = suit
    out.hunters = hunters
    return out


# South (a defender) has neither clubs nor trumps on East's (the declarer's) 2♣: its first
# discard calls the suit of its king.
APPEL_ROWS = [
    # (what, hand, East's voids, South's call so far, conventions off, expected, code)
    ("first discard: a low heart calls hearts, where South holds the king",
     ("KH", "3H", "4H", "4S", "5S", "6D"), 0, TP.NOT_YET, 0, "3H", TP.APPEL_DISCARD),
    ("two kings: the suit with the queen too",
     ("KH", "3H", "KS", "QS", "4S", "6D"), 0, TP.NOT_YET, 0, "4S", TP.APPEL_DISCARD),
    ("the declarer is out of hearts: no call there (it would trump the king)",
     ("KH", "3H", "4H", "4S", "5S", "6D"), 1 << HEARTS, TP.NOT_YET, 0, "6D", TP.DISCARD),
    ("South has discarded before: later discards call nothing",
     ("KH", "3H", "4H", "4S", "5S", "6D"), 0, DIAMONDS, 0, "6D", TP.DISCARD),
    ("no king: the usual discard", ("QH", "3H", "4H", "4S", "5S", "6D"), 0, TP.NOT_YET, 0,
     "6D", TP.DISCARD),
    ("the call switched off: the usual discard (keep the king's guards)",
     ("KH", "3H", "4H", "4S", "5S", "6D"), 0, TP.NOT_YET, TP.APPEL, "6D", TP.DISCARD),
]


@pytest.mark.parametrize("what,names,void_e,called,off,expected,code", APPEL_ROWS,
                         ids=[r[0][:40] for r in APPEL_ROWS])
def test_first_discard_calls_the_suit_of_a_king(what, names, void_e, called, off, expected,
                                                code):
    hand = mask(*names)
    trick = [(EAST, card("2C"))]
    others = C.FULL_TAROT & ~hand & ~mask("2C")
    voids = [1 << CLUBS | NO_TRUMP, 0, 0, void_e]
    got = TP.choose(TP.NORMAL, SOUTH, EAST, hand, hand, others, trick, voids,
                    [TP.TRUMPS] * 4, False, seating=table(off), talk=talk({SOUTH: called}))
    assert got == (card(expected), code), what
    reason = TP.explain(got[1], got[0], EAST, trick, others, SOUTH, voids, [TP.TRUMPS] * 4,
                        hand)
    assert C.card_words(expected) in reason


# West (a defender) leads; its fellows are South and North, the declarer East (or South).
# Nothing of West's cashes (the spade, heart and diamond honours are out).
LEAD_HAND = mask("3S", "4S", "5S", "5H", "8H", "2D", "T5", "T9")
CALL_ROWS = [
    # (what, declarer, calls, played, declarer's voids, off, expected, code)
    ("North called hearts with its first discard: lead a heart", EAST, {NORTH: HEARTS}, (),
     0, 0, "5H", TP.CALLED_LEAD),
    ("the king of hearts is already played: the call is answered", EAST, {NORTH: HEARTS},
     ("KH",), 0, 0, None, None),
    ("the call is the declarer's own discard: not read", EAST, {EAST: HEARTS}, (), 0, 0,
     None, None),
    ("North's first discard was a face card: no call", EAST, {NORTH: TP.NO_CALL}, (), 0, 0,
     None, None),
    ("the call switched off: not read", EAST, {NORTH: HEARTS}, (), 0, TP.APPEL, None, None),
]


@pytest.mark.parametrize("what,decl,calls,played,void_d,off,expected,code", CALL_ROWS,
                         ids=[r[0][:40] for r in CALL_ROWS])
def test_a_defender_leads_the_suit_a_fellow_called(what, decl, calls, played, void_d, off,
                                                   expected, code):
    others = C.FULL_TAROT & ~LEAD_HAND & ~mask(*played)
    voids = [0] * 4
    voids[decl] = void_d
    got = TP.choose(TP.NORMAL, WEST, decl, LEAD_HAND, LEAD_HAND, others, [], voids,
                    [TP.TRUMPS] * 4, False, seating=table(off), talk=talk(calls))
    if expected is None:
        assert got[1] not in (TP.CALLED_LEAD, TP.RETURN_LEAD, TP.CHASE_LEAD), what
    else:
        assert got == (card(expected), code), what


RETURN_ROWS = [
    # (what, opened, declarer's voids, off, expected, code)
    ("North led diamonds low first: return a diamond", {NORTH: DIAMONDS}, 0, 0, "2D",
     TP.RETURN_LEAD),
    ("South (first after West) led spades, North diamonds: return South's spades",
     {SOUTH: SPADES, NORTH: DIAMONDS}, 0, 0, "3S", TP.RETURN_LEAD),
    ("the declarer led diamonds first itself: never return its suit",
     {NORTH: DIAMONDS, EAST: DIAMONDS}, 0, 0, None, None),
    ("the declarer is out of diamonds: force it to trump instead", {NORTH: DIAMONDS},
     1 << DIAMONDS, 0, "2D", TP.FORCE_RUFF),
    ("returning switched off", {NORTH: DIAMONDS}, 0, TP.RETURN, None, None),
]


@pytest.mark.parametrize("what,opened,void_d,off,expected,code", RETURN_ROWS,
                         ids=[r[0][:40] for r in RETURN_ROWS])
def test_a_defender_returns_the_suit_a_fellow_led(what, opened, void_d, off, expected, code):
    others = C.FULL_TAROT & ~LEAD_HAND
    voids = [0, 0, 0, void_d]
    got = TP.choose(TP.NORMAL, WEST, EAST, LEAD_HAND, LEAD_HAND, others, [], voids,
                    [TP.TRUMPS] * 4, False, seating=table(off), talk=talk(opened=opened))
    if expected is None:
        assert got[1] not in (TP.CALLED_LEAD, TP.RETURN_LEAD, TP.CHASE_LEAD), what
    else:
        assert got == (card(expected), code), what


# East (the declarer) leads K♥; South's only heart is Q♥. Spending the Excuse saves the queen;
# with a bare K♠ in a suit East is out of, the Excuse is kept for the king.
KING_ROWS = [
    # (what, hand, East's voids, off, expected, code)
    ("bare K♠, East out of spades with trumps: give Q♥, keep the Excuse for the king",
     ("QH", "KS", "EX", "4D", "5D"), 1 << SPADES, 0, "QH", TP.EXCUSE_FOR_KING),
    ("East may still follow spades: the Excuse saves the queen",
     ("QH", "KS", "EX", "4D", "5D"), 0, 0, "EX", TP.EXCUSE_LOST),
    ("K♠ guarded by 3♠: the Excuse saves the queen",
     ("QH", "KS", "3S", "EX", "4D"), 1 << SPADES, 0, "EX", TP.EXCUSE_LOST),
    ("East has no trumps left: the king is safe, the Excuse saves the queen",
     ("QH", "KS", "EX", "4D", "5D"), 1 << SPADES | NO_TRUMP, 0, "EX", TP.EXCUSE_LOST),
    ("the convention switched off: the Excuse saves the queen",
     ("QH", "KS", "EX", "4D", "5D"), 1 << SPADES, TP.KING_GUARD, "EX", TP.EXCUSE_LOST),
]


@pytest.mark.parametrize("what,names,void_e,off,expected,code", KING_ROWS,
                         ids=[r[0][:40] for r in KING_ROWS])
def test_the_excuse_is_kept_for_a_bare_king_the_declarer_would_trump(what, names, void_e, off,
                                                                     expected, code):
    hand = mask(*names)
    trick = [(EAST, card("KH"))]
    others = C.FULL_TAROT & ~hand & ~mask("KH")
    voids = [0, 0, 0, void_e]
    legal = mask("QH", "EX")
    got = TP.choose(TP.NORMAL, SOUTH, EAST, hand, legal, others, trick, voids,
                    [TP.TRUMPS] * 4, False, seating=table(off), talk=talk())
    assert got == (card(expected), code), what


# West leads with two trumps (T5, T9 or T21, T9): too few to hunt alone. West plays, then
# South, East and North.
CHASE_HAND = mask("3S", "4S", "5S", "5H", "8H", "2D")
CHASE_ROWS = [
    # (what, trumps, declarer, hunters, played, fellows void of trumps, off, expected, code)
    ("North hunts and plays after East, the declarer: lead a low trump through East",
     ("T5", "T9"), EAST, 1 << NORTH, (), False, 0, "T5", TP.CHASE_LEAD),
    ("the master trump: lead it to help the hunt", ("T21", "T9"), EAST, 1 << NORTH, (),
     False, 0, "T21", TP.CHASE_LEAD),
    ("South hunts but North, the declarer, plays after it: no low trump into the declarer",
     ("T5", "T9"), NORTH, 1 << SOUTH, (), False, 0, None, None),
    ("the Petit is played: no chase", ("T5", "T9"), EAST, 1 << NORTH, ("T1",), False, 0,
     None, None),
    ("nobody hunts: no chase", ("T5", "T9"), EAST, 0, (), False, 0, None, None),
    ("the chase switched off", ("T5", "T9"), EAST, 1 << NORTH, (), False, TP.PETIT_CHASE,
     None, None),
    ("every fellow is out of trumps: the Petit is the declarer's, hunt with two trumps",
     ("T21", "T9"), EAST, 0, (), True, 0, "T21", TP.HUNT_PETIT),
    ("the same with the chase switched off: no hunt with two trumps", ("T21", "T9"), EAST, 0,
     (), True, TP.PETIT_CHASE, None, None),
]


@pytest.mark.parametrize("what,trumps,decl,hunters,played,bare,off,expected,code", CHASE_ROWS,
                         ids=[r[0][:40] for r in CHASE_ROWS])
def test_defenders_chase_the_petit_together(what, trumps, decl, hunters, played, bare, off,
                                            expected, code):
    hand = CHASE_HAND | mask(*trumps)
    others = C.FULL_TAROT & ~hand & ~mask(*played)
    voids = [NO_TRUMP if bare and s not in (WEST, decl) else 0 for s in range(4)]
    got = TP.choose(TP.NORMAL, WEST, decl, hand, hand, others, [], voids, [TP.TRUMPS] * 4,
                    False, seating=table(off), talk=talk(hunters=hunters))
    if expected is None:
        assert got[1] not in (TP.CHASE_LEAD, TP.HUNT_PETIT), what
    else:
        assert got == (card(expected), code), what


NOTE_ROWS = [
    # (what, plays as (seat, card, suit led before it), calls, opened, hunters)
    ("a low first discard calls its suit; a later one does not",
     [(SOUTH, "3H", CLUBS), (SOUTH, "4D", SPADES)], {SOUTH: HEARTS}, {}, 0),
    ("a face card first discard calls nothing", [(SOUTH, "QH", CLUBS), (SOUTH, "3D", CLUBS)],
     {SOUTH: TP.NO_CALL}, {}, 0),
    ("a discard on a trump lead counts", [(WEST, "2S", 4)], {WEST: SPADES}, {}, 0),
    ("following suit is no discard", [(WEST, "2S", SPADES)], {}, {}, 0),
    ("the first low lead is kept; a king cashed is no low lead",
     [(NORTH, "KH", -1), (NORTH, "4D", -1), (NORTH, "5S", -1)], {}, {NORTH: DIAMONDS}, 0),
    ("a trump led before the Petit hunts; after it, not",
     [(EAST, "T10", -1), (SOUTH, "T1", 4), (NORTH, "T12", -1)], {}, {}, 1 << EAST),
]


@pytest.mark.parametrize("what,plays,calls,opened,hunters", NOTE_ROWS,
                         ids=[r[0][:40] for r in NOTE_ROWS])
def test_talk_notes_the_public_signals(what, plays, calls, opened, hunters):
    t = TP.Talk(4)
    for seat, name, led in plays:
        t.note(seat, card(name), led)
    assert t.calls == [calls.get(s, TP.NOT_YET) for s in range(4)], what
    assert t.opened == [opened.get(s, TP.NOT_YET) for s in range(4)], what
    assert t.hunters == hunters, what


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 200))
def test_every_seat_reads_the_same_talk_from_its_knowledge(seed, steps):
    """The signals are public: every seat's reading of the play gives the same :class:`Talk`
    (no seat's hidden cards enter it)."""
    _, hand = random_point("tarot", seed, steps)
    ks = [hand.knowledge(s) for s in range(4)]
    assume(all(k.phase == "play" for k in ks))
    talks = [TA.read(k).talk for k in ks]
    first = talks[0]
    assert first is not None
    for t in talks[1:]:
        assert t is not None
        assert (t.calls, t.opened, t.hunters, t.petit) == (
            first.calls, first.opened, first.hunters, first.petit)


@pytest.mark.parametrize("with_talk,first", [(True, "5H"), (False, "3S")])
def test_the_hard_players_playouts_read_the_talk(with_talk, first):
    """A :class:`~game.engine.ai.tarot_play.Playout` plays its seats with the same conventions:
    West, on lead in the last two tricks, answers North's call for hearts (without the talk it
    leads its first suit); the playout's talk is its own copy."""
    hands = [mask("6H", "7S"), mask("5H", "3S"), mask("KH", "4S"), mask("8H", "9S")]
    voids = [0, 0, NO_TRUMP, 0]
    t = talk({NORTH: HEARTS})
    game = TP.Playout(hands, EAST, "take", False, 0, 0, 16, (-1, -1), 0, 16, WEST, [], voids,
                      TP.FOUR, 18, None, -1, t if with_talk else None)
    trace: list[tuple[int, int]] = []
    game.run(-1, trace)
    assert trace[0] == (WEST, card(first))
    assert t.calls[NORTH] == HEARTS and t.opened == [TP.NOT_YET] * 4


FELLOW_ROWS = [
    # (what, seating, me, declarer, expected fellows in order of play)
    ("four players: the two other defenders", TP.FOUR, WEST, EAST, [SOUTH, NORTH]),
    ("three players: the other defender", TP.Seating(3, 6), 0, 1, [2]),
    ("five, the partner secret: nobody is sure to be a fellow",
     TP.Seating(5, 3, 0, doubt=0b11010), 0, 2, []),
    ("five, the partner known (seat 3): the other two defenders",
     TP.Seating(5, 3, 1 << 3), 0, 2, [4, 1]),
]


@pytest.mark.parametrize("what,seating,me,decl,expected", FELLOW_ROWS,
                         ids=[r[0][:40] for r in FELLOW_ROWS])
def test_fellow_defenders_are_the_seats_sure_to_defend(what, seating, me, decl, expected):
    assert TP.fellows(me, decl, seating) == expected, what


RETURN_TABLE_ROWS = [
    # (what, seating, me, declarer, opened, expected)
    ("three players: return the other defender's diamonds", TP.Seating(3, 6), 0, 1,
     {2: DIAMONDS}, "2D"),
    ("three players: the declarer's first suit is never returned", TP.Seating(3, 6), 0, 1,
     {2: DIAMONDS, 1: DIAMONDS}, None),
    ("five players (partner 3 known): not played at five", TP.Seating(5, 3, 1 << 3), 0, 2,
     {4: DIAMONDS}, None),
]


@pytest.mark.parametrize("what,seating,me,decl,opened,expected", RETURN_TABLE_ROWS,
                         ids=[r[0][:40] for r in RETURN_TABLE_ROWS])
def test_returning_a_suit_at_three_and_five(what, seating, me, decl, opened, expected):
    t = TP.Talk(seating.size)
    for s, suit in opened.items():
        t.opened[s] = suit
    got = TP.return_lead(me, decl, LEAD_HAND, [0] * seating.size, t, seating)
    assert got == (card(expected) if expected else -1), what
