"""The plays a player calls blunders in the partnership games (Arba'a Turub, Turup, Tarabish),
judged from what the deciding seat knew: :func:`classify` reads a seat's
:class:`~game.engine.knowledge.Knowledge` (the public play and its own hand, never a hidden
card) and the card it chose, and names the blunder the play is, if any (issue 38, item 5).

Everything is read through the AI's own public view of a position (:func:`.view.read` in ranked
faces, :func:`.policy.trick_state`, :func:`.policy.beatable`, :func:`~..tricks.beats` and the
game's :class:`~.policy.CardRules` table with its card points), so a rule of play is stated
once. Below, *out* means a card another seat may still hold (unseen by the deciding seat), and a
seat is *known void* in a suit when it has shown the void by play (``Knowledge.voids``: under
Tarabish's must-trump rule a discard on a plain suit shows trumps gone too) or when no card of
the suit is out at all.

**Sure winner.** The card winning an open trick is a *sure winner against* some seats still to
play when none of them can beat it as far as the public play tells (:func:`.policy.beatable`, the
normal policy's own test): no card of its suit above it is out while one of those seats is not
known void in the suit led, and none of them may trump it — known void in the suit led while
trumps are out and it is not known void in trumps. **Decision**: a seat not known void in the
suit led is taken to follow suit (the brief's reading, and the policy's); a stricter test
(:func:`.policy.proven`: a seat may be void without having shown it) would call fewer cards
sure.

**The kinds** (:data:`KINDS`):

* ``overtake`` — partner's card is winning the trick and is a sure winner against the opponents
  still to play after us, and we play a card that takes the trick from it although we held a
  legal card that does not (not forced, e.g. by must-trump or must-overtrump). Overtaking a sure
  winner never loses the trick (our card is then sure too), so what it costs is the card spent:
  a high card or trump that could win a trick of its own. **Decision**: in a game where cards
  carry points (Tarabish), overtaking with a plain card that is not the highest of its suit
  still out is a *smear* — it banks the card's points on a trick that is ours anyway, before
  the higher card can catch it — and is not counted; overtaking with a trump or with the master
  of a plain suit is. (Overtaking only to take the lead, to unblock a suit, is not told apart:
  rare, and not readable from the public view.)
* ``ruff_lead`` — we lead a plain suit that an opponent may ruff (known void in it, not known
  void in trumps, trumps out) while partner may not ruff it too (partner known void in it, not
  known void in trumps: a cross-ruff is no blunder), although we held a lead that is not such a
  lead (a trump, or a suit no opponent may ruff). **Reading of "while a partner's winner
  waits"**: partner's hand is hidden, so the classifier cannot see a winner of partner's;
  leading into the ruff gives the opponents a trick, and the lead, that another lead would not,
  and whatever partner holds waits the longer. So every such lead is counted, whether or not
  partner holds a winner; a count is an upper bound on the leads a player would blame, as it
  includes the rare deliberate *force* (making a long-trump opponent ruff).
* ``points_away`` — only where cards carry points (:attr:`.policy.CardRules.scores_points`:
  Tarabish; Arba'a Turub and Turup count tricks): an opponent's card is winning the trick and
  the trick is surely the opponents' — no legal card of ours beats the card, and it is a sure
  winner against partner if partner is still to play after us — and we play a card worth more
  points than the cheapest legal card we could have played instead. **Decision**: the brief
  says "a sure winner against the seats after us, partner included"; an opponent after us who
  might beat its own partner's card is left out of the test, since the trick and our points go
  to the opponents either way (with it in, a card thrown under a ruff that the last opponent
  might overruff would not count). A plain card that is
  the highest of its suit still out (a sure winner of a later trick led in it) is not counted as
  the cheaper card to keep back, unless every other legal card is one too: throwing a 10 rather
  than a master king keeps a trick for later, which a strong player would do.

Only card plays are classified; a decision that is not a card (a call, a signal, runs) is never a
blunder here. French Tarot has no fixed partners and is not classified.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Final, cast

from ..cards import bits
from ..hand import Action
from ..knowledge import Knowledge
from ..tricks import beats
from .player import GAME_AI
from .policy import ABOVE, LATER, NO_TRUMP, SUIT, CardRules, beatable, ruff_risk, trick_state
from .view import TrickView

if TYPE_CHECKING:  # the hard search asks this module (cardplay imports it): no cycle
    from .cardplay import CardPlayAI

OVERTAKE: Final = "overtake"
RUFF_LEAD: Final = "ruff_lead"
POINTS_AWAY: Final = "points_away"
KINDS: Final = (OVERTAKE, RUFF_LEAD, POINTS_AWAY)
"""The kinds of blunder :func:`classify` names (see the module docstring)."""
GAMES: Final = ("arbaa-turub", "turup", "tarabish")
"""The partnership games :func:`classify` judges."""


def game_ai(game: str) -> CardPlayAI:
    """The card-play AI of partnership ``game`` (its rules table, pack and view of a seat's
    knowledge); ``ValueError`` for any other game."""
    if game not in GAMES:
        raise ValueError(f"no partnership card play to judge in {game!r}")
    module, name = GAME_AI[game]  # by name, as the players load them
    return cast("CardPlayAI", getattr(importlib.import_module(f"{__package__}.{module}"),
                                      name)())


def classify(k: Knowledge, action: Action) -> str:
    """The blunder kind (one of :data:`KINDS`) that ``action``, chosen by ``k``'s seat in the
    position ``k`` describes, is; ``""`` when it is none (or is not a card play)."""
    if k.phase != "play" or "play" not in action:
        return ""
    ai = game_ai(k.game)
    g = ai.RULES
    view = ai.view(k)
    legal = ai.legal_of(k, view)
    face = g.ranked(ai.PACK.parse(action["play"]), view.trump)
    if not legal >> face & 1:
        raise ValueError(f"{action} is not a legal play here")
    return classify_view(g, view, legal, face)


def classify_view(g: CardRules, view: TrickView, legal: int, face: int) -> str:
    """:func:`classify` on the seat's ``view`` in ranked faces: ``legal`` the ranked faces it
    may play, ``face`` the one it played."""
    trump = NO_TRUMP if view.trump is None else view.trump
    if not view.trick:
        return RUFF_LEAD if ruff_lead(view, trump, legal, face) else ""
    if overtakes(g, view, trump, legal, face):
        return OVERTAKE
    if points_away(g, view, trump, legal, face):
        return POINTS_AWAY
    return ""


def ruffable(view: TrickView, suit: int, trump: int) -> bool:
    """Whether a lead of ``suit`` by the seat is a lead into the ruff (the policy's own
    :func:`.policy.ruff_risk`)."""
    return ruff_risk(view.seat, suit, trump, view.others, view.voids)


def ruff_lead(view: TrickView, trump: int, legal: int, face: int) -> bool:
    """Whether leading ``face`` is a ``ruff_lead`` (see the module docstring)."""
    suit = face // 9
    if not ruffable(view, suit, trump):
        return False
    return any(s != suit and (s == trump or not ruffable(view, s, trump))
               for s in range(4) if legal & SUIT[s])


def after(g: CardRules, view: TrickView) -> list[int]:
    """The seats still to play to the open trick after the seat, in order."""
    return [(view.seat + g.step * j) & 3 for j in range(1, 4 - len(view.trick))]


def overtakes(g: CardRules, view: TrickView, trump: int, legal: int, face: int) -> bool:
    """Whether playing ``face`` to the open trick is an ``overtake`` (see the module
    docstring)."""
    led, best, winner = trick_state(view.trick, trump)
    if winner != view.partner or not beats(face, best, trump, ABOVE):
        return False
    if all(beats(f, best, trump, ABOVE) for f in bits(legal)):
        return False  # forced
    if beatable(best, led, trump, LATER[g.step][view.seat][len(view.trick)], view.others,
                view.voids):
        return False
    # a smear: a plain card that is not its suit's master banks its points on our trick
    return not (g.scores_points and face // 9 != trump and view.others & ABOVE[face])


def points_away(g: CardRules, view: TrickView, trump: int, legal: int, face: int) -> bool:
    """Whether playing ``face`` to the open trick is ``points_away`` (see the module
    docstring)."""
    if not g.scores_points:
        return False
    led, best, winner = trick_state(view.trick, trump)
    if winner & 1 == view.seat & 1 or any(beats(f, best, trump, ABOVE) for f in bits(legal)):
        return False
    if view.partner in after(g, view) and beatable(best, led, trump, [view.partner],
                                                    view.others, view.voids):
        return False
    pts = g.points[trump]
    spare = [f for f in bits(legal)
             if f // 9 == trump or view.others & ABOVE[f]]  # not a plain suit's master
    cheapest = min(pts[f] for f in (spare or bits(legal)))
    return pts[face] > cheapest

