"""The AI's reasons say only what is true and what the seat can know: a trick is "safe" or won
"for sure" only when no opponent still to play could beat it in any layout of the unseen cards
— an opponent who has not shown a void in the suit led may still be void and trump; "you
cannot win this trick" only when no card the seat may play beats the trick's winning card,
"you cannot be sure to win it" only when one does; "don't overtake" only when a card could.
Over random positions of every game, each such claim is checked in English and in French
against the real deal (``REASONS_DEEP=20`` checks twenty times as many positions)."""

from __future__ import annotations

import os
import re

import pytest
from helpers import random_positions

from game import i18n
from game.engine import cards as C
from game.engine import cards as TC
from game.engine import learning
from game.engine.ai import make_player
from game.engine.ai import policy as P
from game.engine.ai import tarot_play as TP
from game.engine.ai.player import Player, RulesPlayer
from game.engine.ai.view import SUIT_NAMES, SUIT_ONE, TrickView
from game.engine.cards import EAST, NORTH, SOUTH, WEST, mask_of
from game.engine.hand import HandState
from game.engine.message import Message, Seat
from game.engine.tricks import PACK36, Trick

SPADES, HEARTS, CLUBS = 0, 1, 3
CERTAIN = re.compile(r"nobody left (to play )?can beat it|for sure|the lowest card that takes")
"""The words of a reason that claim the trick is won whatever the unseen cards are."""
UNSURE = re.compile(r"cannot (be )?(won |win )?(for )?sure|cannot be sure")


def face(rank: str, suit: int) -> int:
    """A 36-pack face (natural = ranked in the Somali games)."""
    return suit * 9 + ("6", "7", "8", "9", "10", "J", "Q", "K", "A").index(rank)


def somali_view(voids: list[int]) -> tuple[TrickView, int]:
    """South, third to play (clockwise: North led A♥, East followed 8♥), holds 6♥ 7♥ K♣;
    spades are trump and spades are still out; West is still to play. Returns the view and
    South's legal mask."""
    hand = mask_of([face("6", HEARTS), face("7", HEARTS), face("K", CLUBS)])
    trick = [(NORTH, face("A", HEARTS)), (EAST, face("8", HEARTS))]
    others = ((1 << 36) - 1) & ~hand & ~mask_of(f for _, f in trick)
    own = [hand >> f & 1 for f in range(36)]
    unseen = [others >> f & 1 for f in range(36)]
    view = TrickView(SOUTH, PACK36, SPADES, own, unseen, hand, others, NORTH, trick, voids,
                     [0, 0], 6, (3, 3, 2, 2))
    return view, hand & P.SUIT[HEARTS]


def somali_reason(voids: list[int]) -> tuple[int, str]:
    g = P.trick_rules(1)
    view, legal = somali_view(voids)
    card, code = P.choose(g, P.NORMAL, SOUTH, view.hand, legal, view.others, SPADES, HEARTS,
                          face("A", HEARTS), NORTH, 2, voids)
    return code, P.explain(g, code, card, view)


def test_partner_s_ace_is_not_called_safe_while_west_may_ruff():
    """The issue's case: North's ace is the best heart, but West, still to play, has shown no
    void in trumps and may hold no heart: "nobody left can beat it" would be false."""
    code, reason = somali_reason([0, 0, 0, 0])
    assert code == P.PARTNER_SAFE  # the decision is the same as ever: play low
    assert not CERTAIN.search(reason), reason
    assert "North" in reason and "unlikely to be beaten" in reason and "6♥" in reason


def test_partner_s_ace_is_safe_when_west_has_shown_no_trumps():
    code, reason = somali_reason([0, 1 << SPADES, 0, 0])
    assert code == P.PARTNER_SAFE
    assert "nobody left can beat it" in reason, reason


def test_tarot_fellow_defender_s_king_is_not_sure_while_the_declarer_may_trump():
    """A defender (South) third to play: North's K♥ leads the trick, East (the declarer) is
    still to play and has shown no void, trumps are out: it may still trump."""
    hearts = [C.parse_tarot(c) for c in ("3H", "5H")]
    hand = mask_of([*hearts, C.parse_tarot("QC")])
    king, two = C.parse_tarot("KH"), C.parse_tarot("2H")
    trick = [(NORTH, king), (WEST, two)]
    others = C.FULL_TAROT & ~hand & ~mask_of([king, two])
    voids = [0, 0, 0, 0]
    ceiling = [TP.TRUMPS] * 4
    legal = mask_of(hearts)
    card, code = TP.choose(TP.NORMAL, SOUTH, EAST, hand, legal, others, trick, voids, ceiling,
                           False)
    assert code in (TP.SMEAR, TP.SMEAR_LOW)
    reason = TP.explain(code, card, EAST, trick, others, SOUTH, voids, ceiling)
    assert not CERTAIN.search(reason) and "likely" in reason, reason
    voids[EAST] = 1 << 4  # the declarer has shown it holds no trump
    reason = TP.explain(code, card, EAST, trick, others, SOUTH, voids, ceiling)
    assert "for sure" in reason, reason


@pytest.mark.parametrize(("held", "code", "words"), [
    (("6", "7"), P.PARTNER_LOW, "North is winning the trick: play low (6♥)."),
    (("6", "10"), P.PARTNER_WINS, "North is winning the trick: don't overtake, play low (6♥)."),
    (("10", "J"), P.FORCED_CHEAP, "Every card you may play beats North's: 10♥ costs the least."),
])
def test_overtaking_is_mentioned_only_as_the_cards_allow(held, code, words):
    """North leads 9♥ and East follows 8♥; South, third, holds only hearts: "don't overtake"
    only when one of its cards could and another would not; every card overtaking says so."""
    g = P.trick_rules(1)
    hand = mask_of([face(r, HEARTS) for r in held] + [face("K", CLUBS)])
    trick = [(NORTH, face("9", HEARTS)), (EAST, face("8", HEARTS))]
    others = ((1 << 36) - 1) & ~hand & ~mask_of(f for _, f in trick)
    view = TrickView(SOUTH, PACK36, SPADES, [hand >> f & 1 for f in range(36)],
                     [others >> f & 1 for f in range(36)], hand, others, NORTH, trick,
                     [0] * 4, [0, 0], 6, (3, 3, 2, 2))
    legal = hand & P.SUIT[HEARTS]
    card, got = P.choose(g, P.NORMAL, SOUTH, hand, legal, others, SPADES, HEARTS,
                         face("9", HEARTS), NORTH, 2, [0] * 4)
    assert (got, P.explain(g, got, card, view)) == (code, words)


@pytest.mark.parametrize(("held", "code", "words"), [
    (("3H", "5H"), TP.CANNOT_WIN,
     "You cannot win this trick, so give away as little as you can: 3♥."),
    (("3H", "JH"), TP.UNSURE,
     "You cannot be sure to win this trick, so give away as little as you can: 3♥."),
])
def test_tarot_cannot_win_is_said_only_when_no_card_can(held, code, words):
    """South, the declarer, second to play to West's 10♥, with the defence's hearts unseen:
    with 3♥ 5♥ it cannot win the trick; with J♥ it could, but a defender may hold a higher
    heart (the issue's case: "cannot be sure" was said in both)."""
    hand = mask_of([C.parse_tarot(c) for c in (*held, "QC")])
    ten = C.parse_tarot("10H")
    trick = [(WEST, ten)]
    others = C.FULL_TAROT & ~hand & ~(1 << ten)
    legal = hand & TP.SMASK[1]
    voids, ceiling = [0] * 4, [TP.TRUMPS] * 4
    card, got = TP.choose(TP.NORMAL, SOUTH, SOUTH, hand, legal, others, trick, voids, ceiling,
                          True)
    assert (got, TP.explain(got, card, SOUTH, trick, others, SOUTH, voids, ceiling)) == \
        (code, words)


# -- over random positions: every claim of a reason holds in the real deal ------------------
#
# A reason is said in English and in French; each claim below is found in both by its words
# (the same claims in both languages), then checked against the real deal, which the engine's
# hand knows: every seat's cards, the open trick and the cards set aside.

def finished(hand: HandState) -> list[dict]:
    return [t for t in hand.trick_log() if t["winner"] is not None]


def side(hand: HandState, seat: int) -> int:
    """The seat's side in the real deal: its partnership, or in French Tarot 1 for the
    declarer and its partner (at five), 0 for the defence."""
    if hand.GAME == "tarot":
        return int(seat in (hand.declarer, hand.partner))
    return seat & 1


def always_won_by(hand: HandState, letters: set[str], done: int) -> bool:
    """Whether the trick that follows the ``done`` finished ones is won by one of the seats
    ``letters`` in every way the others (with their real cards) may legally finish it
    (``hand`` is left as it was)."""
    over = finished(hand)
    if len(over) > done:
        return over[done]["winner"] in letters
    for action in plays(hand):
        hand.push(action)
        try:
            if not always_won_by(hand, letters, done):
                return False
        finally:
            hand.pop()
    return True


def seat_index_of(hand: HandState, letter: str) -> int:
    return [hand.seat_letter(i) for i in range(len(hand.hands))].index(letter)


Claim = tuple[str, re.Pattern[str], re.Pattern[str]]
CLAIMS: list[Claim] = [
    ("certain", re.compile(CERTAIN.pattern + r"|it wins the trick"),
     re.compile(r"personne ne peut plus (la |le )?battre|aucun joueur restant ne peut le "
                r"battre|à coup sûr|la plus petite carte qui remporte|remporte (donc )?le pli")),
    ("cannot win", re.compile(r"cannot win this trick"),
     re.compile(r"ne pouvez pas remporter ce pli|sans pouvoir remporter ce pli")),
    ("unsure", re.compile(r"cannot be sure to win(?! every)|cannot win for sure"),
     re.compile(r"pas sûr de (remporter ce pli|gagner)|sans être sûr de gagner")),
    ("no overtake", re.compile(r"don't overtake"), re.compile(r"ne passez pas par-dessus")),
    ("forced", re.compile(r"Every card you may play beats"),
     re.compile(r"Toutes les cartes que vous pouvez jouer battent")),
    ("winning", re.compile(r"is (already )?winning (this|the) trick|is likely to win this trick|"
                           r"is winning this trick for sure|even though .* is winning"),
     re.compile(r"tient (déjà )?(ce|le) pli|remporte ce pli à coup sûr|"
                r"(?<!qui )devrait remporter ce pli|même si .* tient le pli")),
    ("only trumps to play", re.compile(r"You must trump|may only play trumps"),
     re.compile(r"Vous devez couper|ne pouvez jouer que de l'atout")),
    ("void", re.compile(r"you are out of|You have neither|You have no trumps"),
     re.compile(r"vous n'avez plus de|Vous n'avez ni|Vous n'avez plus d'atout")),
    ("other void", re.compile(r"(?<!you )(?<!You )is out of|is out of them"),
     re.compile(r"\w n'a plus de|n'en a plus")),
    ("master", re.compile(r"the highest (\w+ )?still out|nobody can beat it in"),
     re.compile(r"le plus haut (\w+ )?encore en jeu|personne ne peut la battre dans")),
    ("only card", re.compile(r"is the only card you may play"),
     re.compile(r"Vous ne pouvez jouer que")),
    ("partner not winning", re.compile(r"is not winning"), re.compile(r"ne tient pas le pli")),
    ("takes now", re.compile(r"it wins for now|it takes this trick"),
     re.compile(r"elle gagne pour l'instant|elle remporte ce pli")),
    ("only trumps held", re.compile(r"You hold only"),
     re.compile(r"Vous n'avez plus que des")),
    ("no trumps elsewhere", re.compile(r"nobody else has a trump left"),
     re.compile(r"plus personne d'autre n'a d'atout")),
    ("Petit out", re.compile(r"hunt the Petit: it is still out"),
     re.compile(r"chasser le Petit\W+il est encore en jeu")),
    ("unseen trumps", re.compile(r"\((\d+) other trumps? still unseen\)"),
     re.compile(r"\((\d+) autres? atouts? pas encore vus?\)")),
]
"""Claim → its words in English and in French."""


def said(reason: str, seat: str, language: str) -> str:
    """``reason`` said to ``seat`` in ``language``."""
    i18n.set_language(language)
    try:
        return i18n.say(reason, seat)
    finally:
        i18n.set_language("en")


def claims(reason: str, seat: str) -> dict[str, re.Match[str]]:
    """The claims ``reason`` makes, each with its English match; the French says the same
    claims (checked here)."""
    english, french = said(reason, seat, "en"), said(reason, seat, "fr")
    found = {name: m for name, en, _ in CLAIMS if (m := en.search(english))}
    in_french = {name for name, _, fr in CLAIMS if fr.search(french)}
    assert set(found) == in_french, (english, french)
    return found


def plays(hand: HandState) -> list[dict]:
    """The seat's legal card plays, one per card."""
    return list({a["play"]: a for a in hand.legal_actions() if "play" in a}.values())


def takes_now(hand: HandState, seat: int, action: dict) -> bool:
    """Whether ``action`` by ``seat`` would be winning the open trick once played (the trick's
    winner when it completes it)."""
    done = len(finished(hand))
    hand.push(action)
    try:
        over = finished(hand)
        if len(over) > done:
            return bool(over[done]["winner"] == hand.seat_letter(seat))
        return bool(hand.trick_winner(hand.trick) == seat)
    finally:
        hand.pop()


def cards_of(hand: HandState, mask: int) -> list[int]:
    return [b for b in range(mask.bit_length()) if mask >> b & 1]


def elsewhere(hand: HandState, seat: int) -> int:
    """The physical cards ``seat`` cannot see: the other seats' hands and, in French Tarot,
    the cards set aside it has not been shown."""
    out = 0
    for s, h in enumerate(hand.hands):
        if s != seat:
            out |= h
    if hand.GAME == "tarot":
        k = hand.knowledge(seat)
        seen = TC.mask_of(TC.parse_tarot(c) for c in [*(k.public.get("discard") or ()),
                                                      *(k.public.get("discard_trumps") or ())])
        aside = hand.discard | (0 if k.public.get("contract") in ("take", "keep") else hand.talon)
        out |= aside & ~seen & ~(hand.hands[seat] if seat == hand.declarer else 0)
    return out


def suit_index(hand: HandState, word: str) -> int:
    """The pack's suit index of a suit named in a reason ("hearts", "trumps")."""
    return list(SUIT_NAMES).index(word) if word in SUIT_NAMES else list(SUIT_ONE).index(word)


def value(reason: Message, *names: str) -> object:
    """The first of the values ``names`` that ``reason`` or a message inside it holds."""
    for name in names:
        if name in reason.values:
            return reason.values[name]
    for inner in reason.values.values():
        if isinstance(inner, Message) and (found := value(inner, *names)) is not None:
            return found
    return None


def check_claim(name: str, match: re.Match[str], reason: Message, hand: HandState, seat: int,
                action: dict) -> None:
    """Assert that claim ``name`` of ``reason`` (for ``action`` by ``seat``) holds in the
    real deal of ``hand`` (left as it was)."""
    legal = plays(hand)
    pack = hand.PACK
    mine = hand.hands[seat]
    what = (name, str(reason))
    if name == "certain":
        # the seat's side, or the seat it names as winning, wins whatever the others play
        # (Decision: "your card takes it for sure" holds when a fellow defender's forced
        # overtrump takes it instead; a named fellow defender may be the hidden partner at five)
        letters = {hand.seat_letter(s) for s in range(len(hand.hands))
                   if side(hand, s) == side(hand, seat)}
        named = value(reason, "partner", "friend")
        if isinstance(named, Seat):
            letters.add(named.letter)
        done = len(finished(hand))
        hand.push(action)
        try:
            assert always_won_by(hand, letters, done), what
        finally:
            hand.pop()
    elif name == "cannot win":
        assert not any(takes_now(hand, seat, a) for a in legal), what
    elif name in ("unsure", "no overtake"):
        assert any(takes_now(hand, seat, a) for a in legal), what
    elif name == "forced":
        assert all(takes_now(hand, seat, a) for a in legal), what
    elif name == "winning":
        who = value(reason, "partner", "friend")
        assert who is not None and hand.trick is not None, what
        assert hand.seat_letter(hand.trick_winner(hand.trick)) == who.letter, what
    elif name == "only trumps to play":  # (French Tarot's Excuse may always be played)
        trump = 4 if hand.GAME == "tarot" else hand.trump
        assert all(pack.suit_of_face(pack.parse(a["play"])) == trump for a in legal
                   if a["play"] != "EX"), what
    elif name == "void":
        led = hand.led_suit()
        assert led is not None and not mine & pack.suit_masks[led], what
        if "neither" in match.group(0):
            assert not mine & pack.suit_masks[4 if hand.GAME == "tarot" else hand.trump], what
    elif name == "other void":
        who = value(reason, "partner", "taker")
        suit = suit_index(hand, str(value(reason, "suit")))
        s = seat_index_of(hand, who.letter)
        assert not hand.hands[s] & pack.suit_masks[suit], what
    elif name == "master":
        bit = next(b for b in cards_of(hand, mine) if pack.format(pack.face(b)) ==
                   action["play"])
        lead = Trick(seat, [seat], [bit])
        rivals = [x for x in cards_of(hand, elsewhere(hand, seat) & pack.suit_masks[
            pack.suit(bit)])]
        assert not any(hand.beats(x, bit, lead) for x in rivals), what
    elif name == "only card":
        assert len(legal) == 1, what
    elif name == "partner not winning":
        who = value(reason, "partner")
        assert hand.trick is not None and hand.seat_letter(hand.trick_winner(hand.trick)) != \
            who.letter, what
    elif name == "takes now":
        assert takes_now(hand, seat, action), what
    elif name == "only trumps held":  # (French Tarot's Excuse aside)
        trump = 4 if hand.GAME == "tarot" else hand.trump
        assert all(pack.suit(b) in (trump, 5) for b in cards_of(hand, mine)), what
    elif name == "no trumps elsewhere":
        assert not elsewhere(hand, seat) & pack.suit_masks[4], what
    elif name == "Petit out":
        assert elsewhere(hand, seat) & (1 << TP.PETIT), what
    elif name == "unseen trumps":
        trumps = elsewhere(hand, seat) & pack.suit_masks[4]
        assert int(match.group(1)) == trumps.bit_count(), what


TABLES = [("turup", None), ("tarabish", None), ("arbaa-turub", None), ("tarot", None),
          ("tarot", {"players": 3}), ("tarot", {"players": 5})]
DEEP = int(os.environ.get("REASONS_DEEP", "1"))
"""How many times more positions to check (``REASONS_DEEP=20`` for a long run)."""


def player_for(level: str) -> Player:
    """The player of ``level``; the hard one untimed, with a small budget (its fixed number of
    samples)."""
    p = make_player(level, 2, budget_ms=30 if level == "hard" else None)
    if isinstance(p, RulesPlayer):
        p.timed = False
    return p


@pytest.mark.parametrize(("game", "options"), TABLES,
                         ids=["turup", "tarabish", "arbaa-turub", "tarot", "tarot3", "tarot5"])
def test_every_claim_of_a_reason_is_right_in_the_real_deal(game, options):
    """Over random positions, at the easy and normal levels (and a few at the hard level,
    untimed), every claim a play's reason makes about the trick and the cards holds in the
    real deal, in English and in French."""
    seen: dict[str, int] = {}
    small = game == "arbaa-turub" or (options or {}).get("players") == 5
    count = (20 if small else 40) * DEEP
    for level, n in (("easy", count), ("normal", count), ("hard", max(3, count // 10))):
        player = player_for(level)
        for record in random_positions(game, n, seed=29 + n, options=options):
            hand = learning.current_hand(record)
            if hand.phase != "play":
                continue
            seat = hand.to_act
            decision = player.decide(hand.knowledge(seat))
            if "play" not in decision.action:
                continue
            for name, match in claims(decision.reason, hand.seat_letter(seat)).items():
                check_claim(name, match, decision.reason, hand, seat, decision.action)
                seen[name] = seen.get(name, 0) + 1
    assert seen, "no reason made a claim: the test saw nothing"
    if os.environ.get("REASONS_SHOW"):
        print(game, options, seen)
