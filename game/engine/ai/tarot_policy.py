"""French Tarot card play: the easy and normal policy (:func:`choose`) — the card a seat plays
and its reason code, whatever its role. It asks the role modules for what only one side does
(:mod:`.tarot_declarer`: the slam's Excuse, drawing trumps; :mod:`.tarot_defence`: the charge,
forcing the declarer, hunting the Petit, leading through) and reads the count in
:mod:`.tarot_table`. The playouts (:mod:`.tarot_playout`) call :func:`choose` for every seat;
the public face is :mod:`.tarot_play`."""

from __future__ import annotations

from collections.abc import Callable

from .. import tarot as T
from ..cards import bits, highest, lowest
from ..tarot import EXB, KINGS, PETITB, PLAIN
from .tarot_declarer import draw_trumps, keeps_excuse
from .tarot_defence import (
    CHARGE_RISK,
    appel_discard,
    called_lead,
    chase_lead,
    force_or_hunt,
    lead_terms,
    needy_king,
    return_lead,
    smear,
)
from .tarot_table import (
    APPEL_DISCARD,
    CALLED_LEAD,
    CANNOT_WIN,
    CASH,
    CHASE_LEAD,
    DISCARD,
    DRAW_TRUMPS,
    EASY,
    EXCUSE,
    EXCUSE_FOR_KING,
    EXCUSE_LATE,
    EXCUSE_LOST,
    EXCUSE_PETIT,
    EXCUSE_SAVE,
    FOUR,
    FRIEND_WINS,
    KEEP_EXCUSE,
    KING_GUARD,
    KING_LEAD,
    KING_PTS,
    LEAD_THROUGH,
    LOW_LEAD,
    MONDE,
    ONLY,
    ONLY_TRUMPS,
    OVERTRUMP,
    PETIT,
    PETIT_BOUT,
    PETIT_RISK,
    PETIT_SAVED,
    PETIT_SAVED_RISK,
    PETIT_WINS,
    PTS,
    RETURN_LEAD,
    RUFF,
    SECURE,
    SMASK,
    SUIT,
    TRUMP_LOST,
    TRUMP_LOST_PETIT,
    TRUMP_LOW,
    TRUMP_LOW_PETIT,
    TRUMPS,
    UNSURE,
    WIN,
    Seating,
    Talk,
    beatable,
    cheapest,
    is_master,
    opponents_after,
    petit_risk_ok,
    ruff_chance,
    slots,
    trick_state,
)


def choose(level: int, me: int, decl: int, hand: int, legal: int, others: int,
           trick: list[tuple[int, int]], voids: list[int], ceiling: list[int],
           won_all: bool, state: tuple[int, int, int] | None = None,
           seating: Seating = FOUR, talk: Talk | None = None) -> tuple[int, int]:
    """The card ``me`` plays (one of ``legal``) and a reason code, by the easy or normal rules.

    ``seating``: the table and the sides as the seat knows them (a partner at five plays as the
    declarer's side, a defender counts a seat it knows or has read as the partner among the
    opponents); ``decl``: the declarer; ``others``: cards another seat (or the unseen
    discard/talon) may still hold; ``trick``: the open trick's ``(seat, card)``;
    ``voids``/``ceiling``: see the module; ``won_all``: the declarer has won every trick so
    far (its slam is alive);
    ``state``: the trick's :func:`trick_state` when the caller has it already;
    ``talk``: the defence's public signals so far (:class:`~.tarot_table.Talk`), read by the
    conventions that ``seating`` switches on (``None``: no signal read or kept track of — the
    conventions that need none still apply).
    """
    if not legal & (legal - 1):
        return lowest(legal), ONLY
    left = hand.bit_count()
    if legal & EXB and left <= 2:
        if keeps_excuse(me, decl, legal, won_all):
            return lowest(hand & ~EXB), KEEP_EXCUSE
        return EXCUSE, EXCUSE_LATE
    led, winner, best = state or trick_state(trick)
    if led < 0:
        card, code = _lead(level, me, decl, hand, others, voids, ceiling, seating, talk)
        if not legal >> card & 1:  # five players' first trick: the called suit is barred
            card, code = _lead(level, me, decl, legal, others, voids, ceiling, seating, talk)
        return card, code
    defender = not seating.on_side(me, decl)
    opps = opponents_after(me, decl, trick, seating)
    friend = seating.on_side(winner, decl) == (not defender)
    cards = legal & ~EXB
    following = led != 4 and cards & SMASK[led]
    if level == EASY:
        return _follow_easy(cards, legal, led, best, friend, following)
    sizes = slots(me, hand, others, trick, seating)
    if friend and not beatable(best, led, opps, others, voids, ceiling):
        risk = ruff_chance(best, led, opps, others, voids, ceiling, sizes)
        if cards & PETITB:
            if not risk:
                return PETIT, PETIT_SAVED
            if petit_risk_ok(risk, hand, others):
                return PETIT, PETIT_SAVED_RISK
        if risk <= CHARGE_RISK:
            return smear(cards & ~PETITB if cards & ~PETITB else cards, following)
    winners = list(bits(cards & T.BEATEN_BY[best]))
    sure = [c for c in winners if not beatable(c, led, opps, others, voids, ceiling)]
    if PETIT in sure:
        risk = ruff_chance(PETIT, led, opps, others, voids, ceiling, sizes)
        if not risk:
            return PETIT, PETIT_WINS
        if petit_risk_ok(risk, hand, others):
            return PETIT, PETIT_RISK
        sure.remove(PETIT)
    if sure:
        c = min(sure, key=lambda c: (c >= 56, c == MONDE, PTS[c] if c < 56 else 0, c))
        if friend:
            return c, SECURE
        if following:
            return c, WIN
        return c, OVERTRUMP if best >= 56 else RUFF
    beats = cards & T.BEATEN_BY[best]
    if following:
        c = cheapest(cards)
        code = FRIEND_WINS if friend else CANNOT_WIN if not beats else UNSURE
    elif cards & TRUMPS:
        c, code = _low_trump(cards & TRUMPS, beats)
        code = FRIEND_WINS if friend else code
    else:
        c = appel_discard(me, decl, hand, cards, voids, talk, seating) if defender else -1
        code = APPEL_DISCARD
        if c < 0:
            c = _least_useful(cards, hand, others)
            code = DISCARD
    if legal & EXB and (c == PETIT or (PTS[c] >= 5 and not friend)):
        if (c != PETIT and PTS[c] < KING_PTS and defender
                and seating.conventions & KING_GUARD
                and needy_king(hand, decl, others, voids, ceiling) >= 0):
            return c, EXCUSE_FOR_KING
        return EXCUSE, EXCUSE_PETIT if c == PETIT else EXCUSE_SAVE if beats else EXCUSE_LOST
    return c, code


def _low_trump(tr: int, beats: int) -> tuple[int, int]:
    """The trump to play from the legal trumps ``tr`` when the seat plays low (its lowest, but
    the Petit only when it is the only one) and the code that says so: ``TRUMP_LOST`` when
    no legal card beats the trick (``beats``: the legal cards that do), else ``TRUMP_LOW``;
    the ``_PETIT`` form when the Petit is kept."""
    if tr & ~PETITB:
        c = lowest(tr & ~PETITB)
        if tr & PETITB:
            return c, TRUMP_LOW_PETIT if beats else TRUMP_LOST_PETIT
        return c, TRUMP_LOW if beats else TRUMP_LOST
    return PETIT, TRUMP_LOW if beats else TRUMP_LOST


def _follow_easy(cards: int, legal: int, led: int, best: int, friend: bool,
                 following: int) -> tuple[int, int]:
    """Easy following: play low under a fellow defender's winning card, else win with the
    cheapest winner, else play low; the Excuse rather than lose the Petit."""
    trumps = cards & TRUMPS
    if not friend:
        winners = list(bits(cards & T.BEATEN_BY[best] & ~PETITB))
        if winners:
            c = min(winners)
            return c, WIN if following else (OVERTRUMP if best >= 56 else RUFF)
    if following:
        return cheapest(cards), (
            FRIEND_WINS if friend else CANNOT_WIN)
    if trumps:
        if trumps == PETITB and legal & EXB:
            return EXCUSE, EXCUSE_PETIT
        c, code = _low_trump(trumps, trumps & T.BEATEN_BY[best])
        return c, FRIEND_WINS if friend else code
    return cheapest(cards), DISCARD


def _least_useful(cards: int, hand: int, others: int) -> int:
    """The card to throw away when neither following nor trumping: not a master, not the last
    guard of a king, the fewest points, from the shortest suit (to make a void).

    **Decision** (keep guards on kings): a small card kept with a king lets its holder play
    low when the suit is trumped, rather than give the king away; so a card whose suit holds
    the seat's king and at most two other cards is thrown only when nothing else is left."""
    def key(c: int) -> tuple[int, int, int, int, int]:
        suit = hand & SMASK[SUIT[c]]
        guard = int(c < 56 and not (1 << c) & KINGS and bool(suit & KINGS)
                    and suit.bit_count() <= 3)
        return (int(is_master(c, others)), guard, PTS[c], suit.bit_count(), c)
    return min(bits(cards), key=key)


def _lead(level: int, me: int, decl: int, hand: int, others: int, voids: list[int],
          ceiling: list[int], seating: Seating = FOUR,
          talk: Talk | None = None) -> tuple[int, int]:
    """The lead (or the first card after a led Excuse) and its reason code: a hand of trumps
    only, the easy lead; then (normal) the declarer's side draws trumps
    (:func:`.tarot_declarer.draw_trumps`), a master that cashes, the suit a fellow defender
    called (:func:`.tarot_defence.called_lead`), the defence's force or hunt
    (:func:`.tarot_defence.force_or_hunt`), the chase of the Petit with a fellow's hunt
    (:func:`.tarot_defence.chase_lead`), the suit a fellow led first
    (:func:`.tarot_defence.return_lead`), else a low card of the best suit to lead — for a
    defender through the declarer, not into it (:func:`.tarot_defence.lead_terms`).

    **Decision** (the order of the conventions): a call names a king that wins when the
    declarer follows, so it comes before forcing the declarer; returning a fellow's suit only
    promises less, so it comes after the force and the chase."""
    trumps = hand & TRUMPS
    plain = hand & PLAIN
    trumps_out = others & TRUMPS
    if not plain:
        if not trumps:
            return EXCUSE, ONLY
        if trumps == PETITB:
            return (EXCUSE, EXCUSE_PETIT) if hand & EXB else (PETIT, ONLY)
        top = highest(trumps)
        if level != EASY and is_master(top, others) and trumps_out:
            return top, DRAW_TRUMPS
        if not trumps_out and trumps & PETITB and level != EASY:
            return lowest(trumps & ~PETITB), PETIT_BOUT
        return lowest(trumps & ~PETITB), ONLY_TRUMPS
    suits = [s for s in range(4) if plain & SMASK[s]]
    if level == EASY:
        kings = plain & KINGS
        if kings:
            return lowest(kings), KING_LEAD
        s = max(suits, key=lambda s: ((plain & SMASK[s]).bit_count(), -s))
        return cheapest(plain & SMASK[s]), LOW_LEAD
    defender = not seating.on_side(me, decl)
    opps = [o for o in range(seating.size) if seating.on_side(o, decl) == defender and o != me]
    if not defender:
        draw = draw_trumps(trumps, plain, others)
        if draw is not None:
            return draw

    def ruff_risk(s: int) -> bool:
        out = others & SMASK[s]
        return any((voids[o] >> s & 1 or not out) and not voids[o] >> 4 & 1
                   and trumps_out & ceiling[o] for o in opps)

    cash = [max(bits(plain & SMASK[s])) for s in suits]
    cash = [c for c in cash if is_master(c, others) and not ruff_risk(SUIT[c])
            and others & SMASK[SUIT[c]]]
    if cash:
        return max(cash, key=lambda c: (PTS[c], (others & SMASK[SUIT[c]]).bit_count())), CASH
    into: Callable[[int], int] = _nowhere
    through: Callable[[int], int] = _nowhere
    if defender:
        card = called_lead(me, decl, plain, others, voids, talk, seating)
        if card >= 0:
            return card, CALLED_LEAD
        play = force_or_hunt(me, decl, hand, plain, suits, others, voids, ceiling, seating)
        if play is not None:
            return play
        card = chase_lead(me, decl, hand, others, voids, ceiling, talk, seating)
        if card >= 0:
            return card, CHASE_LEAD
        card = return_lead(me, decl, plain, voids, talk, seating)
        if card >= 0:
            return card, RETURN_LEAD
        into, through = lead_terms(me, decl, others, voids, seating)

    def key(s: int) -> tuple[int, int, int, int, int]:
        mine = plain & SMASK[s]
        return (int(ruff_risk(s)), int(bool(mine & KINGS)), into(s), -through(s),
                -mine.bit_count())
    s = min(suits, key=key)
    mine = plain & SMASK[s]
    low = cheapest(mine)
    return low, LEAD_THROUGH if through(s) and not ruff_risk(s) else LOW_LEAD


def _nowhere(suit: int) -> int:
    """No suit runs into or through the declarer for its own side's lead (0)."""
    return 0
