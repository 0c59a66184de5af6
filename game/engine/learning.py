"""The learning mode's engine side: everything the table, the review and the ``hint`` command
show a learner, computed in one place so the three always agree.

* :func:`advisor` and :func:`hint` — the strong AI's choice from one seat's knowledge;
* :func:`illegal_cards` and :func:`choices` — what the seat may not do now, with the engine's
  reason (the dimmed cards and the dimmed panel buttons);
* :func:`differs` — the play checker;
* :func:`tracker` — the card tracker (cards still out, trumps out, voids shown);
* :func:`review` — a hand record as tricks and decision points, for the end-of-hand review.

Nothing here imports pygame. Every rule question goes to the hand state
(:meth:`~game.engine.hand.HandState.why_illegal`, ``legal_actions``, ``vocabulary``); every
advice question to an AI player that reads only a seat's :class:`Knowledge`.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from . import games, judging, records, replay
from .ai.advisor import ADVISOR_BUDGET_MS as ADVISOR_BUDGET_MS
from .ai.advisor import ADVISOR_SEED as ADVISOR_SEED
from .ai.advisor import CARD_VERBS
from .ai.advisor import STRONG as STRONG
from .ai.advisor import Advisor as Advisor
from .ai.advisor import judged as judged
from .ai.advisor import same_action as same_action
from .ai.player import (
    Decision,
    Player,
    never,
)
from .cards import (
    SUIT_SYMBOLS,
    SUITS,
    TABLE4,
    NotationError,
    Table,
    cards_in_words,
    full_seat_name,
    named_card,
    named_cards,
)
from .hand import Action, HandState
from .knowledge import Knowledge
from .message import N_, Card, Cards, Message, Seat, Word, counted
from .native import mypyc_attr
from .tricks import Pack

DISCARD_FULL = Message("Six cards are picked: click one to put it back")
"""The reason every other card gets once the picked cards fill the discard (French Tarot)."""

SUIT_LABELS = {"S": Word("Spades"), "H": Word("Hearts"), "D": Word("Diamonds"),
               "C": Word("Clubs"), "T": Word("Trumps")}
"""Display names of the suits by letter (``"T"``: French Tarot's trumps with the Excuse), in
the order voids are listed: English words, said in the reader's language where shown."""

SYMBOLS = {**dict(zip(SUITS, SUIT_SYMBOLS, strict=True)), "T": ""}
"""Suit glyphs by letter (French Tarot's trumps have none)."""


@functools.cache
def advisor() -> Player:
    """The one :class:`Advisor` of this process (it keeps no state between decisions besides
    the per-game players it builds, so sharing it changes no answer)."""
    return Advisor()


def hint(knowledge: Knowledge, cancelled: Callable[[], bool] = never, *,
         strong: Player | None = None) -> Decision:
    """The strong AI's choice (one of ``knowledge.legal``, with a one-sentence reason) from
    this seat's knowledge only. May take about a second: call it from a worker. Raises
    ``ValueError`` when the seat has nothing to decide. ``strong``: the :class:`Advisor` to
    ask (default: this process's, :func:`advisor`; a worker process gives its own, whose
    searches share its helper processes — the same answer, sooner)."""
    return (strong or advisor()).decide(knowledge, cancelled)


def differs(knowledge: Knowledge, taken: Action | Sequence[Action],
            cancelled: Callable[[], bool] = never, *,
            strong: Player | None = None) -> Decision | None:
    """The play checker: ``None`` when the strong AI, from the same knowledge, would have done
    ``taken`` or an equivalent (see :func:`same_action`), else its :class:`Decision`.

    ``taken`` may be a whole lay-away (the French Tarot discard: a list of discard actions,
    ``knowledge`` the seat's before the first). **Decision**: six cards laid away are one set
    chosen in no order, so they are judged as a set — ``None`` when the strong AI's first card
    to lay away is among them (comparing card by card in the order picked would blame a good
    set for its order).

    **Decision**: an optional declaration made before a card (an Arba'a Turub signal, a Tarot
    handful) is not called a mistake merely because the AI would have played its card without
    one — the card that follows is checked on its own. The other way round (a card played where
    the AI would first have declared) is reported.

    **Decision**: a mistake is called on the advice's own standard of evidence
    (:mod:`.ai.evidence`). When the strong AI's search weighed the action taken, the checker
    speaks only when the layouts back its advice over that action — a one-sided sign test and
    a mean gain of at least the game's near-tie margin (0.15 of a trick changing sides in
    Arba'a Turub, five chances in a hundred of winning the hand in Turup, a jack's two points
    changing sides in Tarabish, one card point of what each defender pays in French Tarot —
    see each game's ``NEAR_TIE``); otherwise the difference is within the search's noise and
    the checker stays silent. A choice no search weighed (a bid, a call) is reported when it
    differs from the advice. ``strong``: as for :func:`hint`."""
    return judging.judge(knowledge, taken, strong or advisor(), cancelled).better


# -- what may not be done now ----------------------------------------------------------------


def held_cards(hand: HandState, seat: int) -> list[str]:
    """The distinct cards ``seat`` holds and may look at (Tarabish: not its three hidden cards
    before trump), in pack order: its knowledge's hand."""
    return list(dict.fromkeys(hand.knowledge(seat).hand))


def card_verb(hand: HandState) -> str:
    """The verb of the current card decision: ``discard`` in a discard phase, else ``play``."""
    return "discard" if hand.phase == "discard" else "play"


SENTENCES = frozenset({
    N_("The hand is over: no more actions"),
    N_("Nobody is to act"),
    N_("No {verb} now: the hand is in its {phase} phase"),
    N_("An action must be a JSON object such as {example}"),
    N_("The action has no \"seat\""),
    N_("The action has no verb known to {game} (expected one of {verbs})"),
    N_("The action has more than one verb: {verbs}"),
    N_("Unexpected key(s) in a {verb} action: {keys}"),
    N_("Signals are off in this game"),
    N_("Only the leader of a trick may signal, once, before leading"),
    N_("A signal is \"strong\" or \"weak\", not {value}"),
    N_("No {verb} now: kort is decided only after one side has won each of the first five "
       "tricks"),
    N_("An estimate is a whole number of tricks from 0 to 4, not {value}"),
    N_("An ask action is {example}"),
    N_("Kort is true (play on for all nine tricks) or false, not {value}"),
    N_("Runs must be a list of runs, each a list of cards, such as {example}"),
    N_("The run {cards} names a card twice"),
    N_("Bella must be true or false, not {value}"),
    N_("A slam announcement is true or false, not {value}"),
    N_("A handful is a list of cards, such as {example}"),
    N_("The handful shows {cards} more than once"),
    N_("A handful shows trumps only (and the Excuse when needed): {cards} is not a trump"),
    N_("A handful shows exactly {single}, {double} or {triple} trumps (single, double, triple); "
       "this one shows {n}"),
})
"""The engine's reasons that begin with a small letter ("the hand is over…", said after
"hand 2: " in a record's error), as a sentence said to a player: their own message ids, so
that every language starts them with a capital (:func:`addressed`)."""


def addressed(reason: str, seat: int | None, table: Table = TABLE4) -> str:
    """The engine's ``reason`` (a :class:`~.message.Message` naming seats by letter and cards
    in notation: "S must follow suit ♥ (holds 9H)") as the table says it to the player of
    ``seat``: a new Message, "You must follow suit ♥ (you hold 9♥)" — the reason's ``you``
    form when ``seat`` is its subject, else its own words; every seat in it by name ("West is
    to act"), every card as the table draws it (:func:`~.cards.named_card`); a capital
    first letter in every language (:data:`SENTENCES`). ``seat`` ``None``: nobody's (names
    and the capital only). A plain ``str`` reason is reworded in English as before
    (:func:`_addressed_text`).

    **Decision**: the engine's reasons stay in notation — they are also the replay command's
    error messages, and a record is notation (RECORDS.md: "N must follow suit ♥ (holds 9H,
    QH)"); what a player reads (the table, the hint command's ``illegal`` reasons) passes
    through here. ``table``: the seats ``seat`` is numbered at (French Tarot for three or
    five)."""
    if not isinstance(reason, Message):
        if seat is None:
            return sentence(cards_in_words(reason))
        return _addressed_text(reason, seat, table)
    subject = reason.values.get("seat")
    mine = (seat is not None and reason.you is not None and isinstance(subject, Seat)
            and subject.letter == table.letters[seat])
    template = reason.you if mine and reason.you else reason.template
    return _reworded(reason, _capital(template), named_values(reason.values))


def named_values(values: Mapping[str, Any]) -> dict[str, Any]:
    """A message's ``values`` as a player reads them: seats by name, cards as the table draws
    them, inner messages likewise (the rest as they are)."""
    return {key: _named(value) for key, value in values.items()}


def _named(value: Any) -> Any:
    if isinstance(value, Seat):
        return Seat(value.letter, full_seat_name(value.letter))
    if isinstance(value, Card):
        return named_card(value.code)
    if isinstance(value, Cards):
        return named_cards(value.codes)
    if isinstance(value, Message):
        return _reworded(value, value.template, named_values(value.values))
    return value


def _reworded(original: Message, template: str, values: dict[str, Any]) -> Message:
    """A message like ``original`` (its plural, if any) with ``template`` and ``values``."""
    if original.plural is None:
        return Message(template, **values)
    return counted(template, original.plural if template == original.template
                   else _capital(original.plural), **values)


def _capital(template: str) -> str:
    """``template`` as a sentence: its capitalised message id from :data:`SENTENCES` when it
    begins with a small letter (else as it is; a template missing from the table is a
    defect the tests catch)."""
    upper = sentence(template)
    return upper if upper in SENTENCES else template


_SUBJECT = re.compile(r"\b([SWNE]) (must|may|cannot|acted|has|does|was|is)\b")
_YOU = {"has": "have", "does": "do", "was": "were", "is": "are"}


def _addressed_text(reason: str, seat: int, table: Table = TABLE4) -> str:
    """A plain English ``reason`` (not a Message) addressed to ``seat``'s player (at
    ``table``) by rewording it: seats by name or "you", cards in words, a capital first
    letter."""
    me = table.letters[seat]

    def subject(m: re.Match[str]) -> str:
        who, verb = m.group(1), m.group(2)
        if who == me:
            return "you " + _YOU.get(verb, verb)
        return f"{full_seat_name(who)} {verb}"

    text = _SUBJECT.sub(subject, reason)
    text = text.replace("(holds ", "(you hold ").replace(": does not hold", ": you do not hold")
    return sentence(cards_in_words(text))


def sentence(text: str) -> str:
    """``text`` with a capital first letter (the rest as it is)."""
    return text[:1].upper() + text[1:]


def why_not(hand: HandState, action: Action) -> str | None:
    """``None`` when ``action`` is legal now, else the engine's reason addressed to the player
    of the acting seat (:func:`addressed`: a :class:`~.message.Message`) — what the table
    says for an illegal drop or click."""
    reason = hand.why_illegal(action)
    if reason is None:
        return None
    try:
        seat: int | None = hand.table.index(action.get("seat", ""))
    except (NotationError, AttributeError):
        seat = None
    return addressed(reason, seat, hand.table)


def illegal_cards(hand: HandState, seat: int, picked: Sequence[str] = ()) -> dict[str, str]:
    """Every card ``seat`` holds that it may not use for the current card decision (play; in a
    discard phase, discard), mapped to the engine's reason (:meth:`HandState.why_illegal`,
    :func:`addressed` to the seat's player), in pack order. In a phase whose decision is not
    a card, and for a seat not to act, every held card is listed with the reason for playing
    it now. Only ``seat``'s own cards are
    asked about.

    ``picked``: the cards already chosen for a discard not yet laid away (the table picks six
    before confirming); they are laid away on a copy first and are not listed. Once they fill
    the discard, every other card gets :data:`DISCARD_FULL`. ``ValueError`` for picked cards
    outside a discard phase, :class:`~game.engine.hand.IllegalAction` for one that may not be
    laid away. ``hand`` is left as it was (the picks are tried with
    :meth:`~game.engine.hand.HandState.push` and taken back)."""
    verb = card_verb(hand)
    if picked and verb != "discard":
        raise ValueError(f"cards are picked only for a discard, not in the {hand.phase} phase")
    phase = hand.phase
    pushed = 0
    try:
        for name in picked:  # laid away on the hand itself, taken back below
            hand.push({"seat": hand.seat_letter(seat), verb: name})
            pushed += 1
        if hand.phase != phase:
            return {name: DISCARD_FULL for name in held_cards(hand, seat)}
        out: dict[str, str] = {}
        for name in held_cards(hand, seat):
            reason = why_not(hand, {"seat": hand.seat_letter(seat), verb: name})
            if reason is not None:
                out[name] = reason
        return out
    finally:
        for _ in range(pushed):
            hand.pop()


def choices(hand: HandState, seat: int) -> list[tuple[Action, str | None]]:
    """For a panel: every non-card action of the current phase that ``seat`` could think of
    (the game's :meth:`~HandState.vocabulary`, then any other legal non-card action such as a
    handful or runs), each with ``None`` when legal now or the engine's reason when not
    (:func:`addressed` to the seat's player).
    Card verbs (play, discard) are never listed. When ``seat`` is to act, the legal entries
    are exactly its legal non-card actions."""
    listed = list(hand.vocabulary(seat))
    if hand.to_act == seat:
        listed += [a for a in hand.legal_actions()
                   if not any(v in a for v in CARD_VERBS) and a not in listed]
    return [(a, why_not(hand, a)) for a in listed]


# -- the card tracker ------------------------------------------------------------------------


@mypyc_attr(native_class=False)  # copied and pickled: see native.py
@dataclass(frozen=True)
class SuitOut:
    """One suit of the tracker: ``letter`` (``"T"``: French Tarot's trumps and the Excuse),
    display ``name`` and ``symbol``, whether it is ``trump``, and ``cards``: ``(card, copies
    out)`` from the highest card down."""

    letter: str
    name: str
    symbol: str
    trump: bool
    cards: tuple[tuple[str, int], ...]

    @property
    def out(self) -> int:
        """How many cards of the suit are still out."""
        return sum(n for _, n in self.cards)


@mypyc_attr(native_class=False)  # copied and pickled: see native.py
@dataclass(frozen=True)
class Tracker:
    """What one seat can count: ``trump`` (letter or ``None``), ``suits`` (display order: trump
    first once known, then S H D C; French Tarot: S H D C then trumps), ``trumps_out`` (trump
    cards still out, ``None`` before trump is known; French Tarot: of T1..T21 and the Excuse),
    ``laid_away`` (cards the seat knows are in a discard: French Tarot's declarer its own,
    everyone the trumps shown) and ``voids`` (seat letter → suit letters it has shown it
    lacks, for all four seats)."""

    trump: str | None
    suits: tuple[SuitOut, ...]
    trumps_out: int | None
    laid_away: tuple[str, ...]
    voids: Mapping[str, tuple[str, ...]]


def _pack(game: str) -> Pack:
    pack = games.get(game).pack
    assert pack is not None, f"{game} names no pack"
    return pack


def tracker(knowledge: Knowledge) -> Tracker:
    """The card tracker of ``knowledge``'s seat: every card of the pack that is not in the
    seat's visible hand, not seen played and not known laid away is *out*.

    **Decisions**: Arba'a Turub lists every face of each suit with its copies out (0..4), so
    the panel is a fixed grid; one-copy packs list only the cards out (copies 1). Cards go
    from the highest down in natural rank (the pack's order), not each game's trick order.
    The trump suit comes first; French Tarot's Excuse is counted with the trumps."""
    pack = _pack(knowledge.game)
    out = [pack.copies] * pack.faces
    gone = [*knowledge.hand, *(c for t in knowledge.tricks for c in t["cards"])]
    laid = _laid_away(knowledge)
    for name in [*gone, *laid]:
        out[pack.parse(name)] -= 1
    groups: dict[str, list[int]] = {}
    for face in reversed(range(pack.faces)):
        if out[face] or pack.copies > 1:
            groups.setdefault(_suit_letter(pack.suit_of_face(face)), []).append(face)
    own_trumps = len(pack.suit_masks) > 4  # French Tarot: trumps are a suit of their own
    trump = "T" if own_trumps else knowledge.trump
    order = [*SUITS, "T"] if own_trumps else sorted(SUITS, key=lambda s: s != trump)
    suits = tuple(
        SuitOut(letter, SUIT_LABELS[letter], SYMBOLS[letter], letter == trump,
                tuple((pack.format(f), out[f]) for f in groups.get(letter, [])))
        for letter in order)
    trumps_out = next((s.out for s in suits if s.trump), None)
    voids = {letter: tuple(v for v in SUIT_LABELS if v in knowledge.voids[s])
             for s, letter in enumerate(knowledge.seats)}
    return Tracker(knowledge.trump, suits, trumps_out, tuple(laid), voids)


def _suit_letter(suit: int) -> str:
    """A pack's suit index as a tracker letter (French Tarot's trumps and Excuse: ``"T"``)."""
    return SUITS[suit] if suit < 4 else "T"


def _laid_away(knowledge: Knowledge) -> list[str]:
    """The cards ``knowledge``'s seat knows were laid away (French Tarot's discard: all of it
    for the declarer, the trumps shown for everyone)."""
    public = knowledge.public
    own = public.get("discard") or []
    shown = public.get("discard_trumps") or []
    return list(dict.fromkeys([*own, *shown]))


# -- the review -------------------------------------------------------------------------------


@mypyc_attr(native_class=False)  # copied and pickled: see native.py
@dataclass(frozen=True)
class Point:
    """One decision of the reviewed seat: its index in the hand record's ``actions``, what the
    seat knew just before it, and the action it took."""

    index: int
    knowledge: Knowledge
    taken: Action
    lay_away: tuple[Action, ...] = ()
    """For the first discard of a lay-away: all its discards (judged together with
    :func:`differs`); empty otherwise."""
    part: bool = False
    """True for the second to last discards of a lay-away (judged with the first)."""


@mypyc_attr(native_class=False)  # copied and pickled: see native.py
@dataclass(frozen=True)
class ReviewTrick:
    """One trick: who led, ``(seat letter, card)`` in the order played, the winner (``None``
    for a trick left unfinished)."""

    leader: str
    cards: tuple[tuple[str, str], ...]
    winner: str | None


@mypyc_attr(native_class=False)  # copied and pickled: see native.py
@dataclass(frozen=True)
class Review:
    """A hand for the end-of-hand review: ``game``, the reviewed ``seat`` (letter), ``trump``
    (letter or ``None``), ``tricks``, ``decisions`` of that seat, and ``result`` (the replay
    command's, ``None`` when the hand is unfinished)."""

    game: str
    seat: str
    trump: str | None
    tricks: tuple[ReviewTrick, ...]
    decisions: tuple[Point, ...]
    result: dict[str, Any] | None


def last_hand_record(record: object) -> tuple[dict[str, Any], dict[str, Any] | None]:
    """Check ``record`` (a hand or a match record, exactly as the replay command does, raising
    the same :class:`~game.engine.records.RecordError`) and return the hand record to look at
    with the match's full options (``None`` for a hand record).

    **Decision**: a match record means its last hand — the hand in progress, or the one just
    finished."""
    replay.replay_record(record)
    assert isinstance(record, dict)
    if record.get("format") != records.MATCH_FORMAT:
        return record, None
    spec = games.get(record["game"])
    last = dict(record["hands"][-1], game=spec.name)
    return last, spec.full_options(record.get("options"))


def current_hand(record: object) -> HandState:
    """The hand at the end of ``record`` (a match record: its last hand); raises
    :class:`~game.engine.records.RecordError` for anything invalid, as replay does."""
    last, options = last_hand_record(record)
    return records.replay_hand(last, options=options)[1]


def review(record: Mapping[str, Any], seat: int = 0) -> Review:
    """The review of a finished or unfinished hand record (a match record: its last hand) for
    ``seat`` (default South): tricks with the seat of every card, and every decision of that
    seat with the knowledge it had just before. The AI's choice at a point is
    ``hint(point.knowledge)`` (slow: the UI computes it in a worker); a lay-away is judged
    once, at its first discard, with ``differs(point.knowledge, point.lay_away)``. Raises
    :class:`~game.engine.records.RecordError` for an invalid record."""
    last, options = last_hand_record(record)
    _, hand = records.start_hand(last, options=options)
    points: list[Point] = []
    actions = last["actions"]
    for i, action in enumerate(actions):
        if hand.table.index(action["seat"]) == seat:
            points.append(_point(hand, actions, i))
        hand.apply(action)
    return Review(
        game=hand.GAME, seat=hand.seat_letter(seat), trump=hand.trump_name(),
        tricks=tuple(_review_trick(hand, t) for t in hand.trick_log()),
        decisions=tuple(points), result=hand.result())


def _point(hand: HandState, actions: Sequence[Action], i: int) -> Point:
    """The decision of action ``i``'s seat in ``hand`` (just before that action): a lay-away
    whole at its first discard, its later discards marked as parts."""
    seat = hand.table.index(actions[i]["seat"])

    def discard_of_seat(k: int) -> bool:
        return "discard" in actions[k] and hand.table.index(actions[k]["seat"]) == seat

    lay: tuple[Action, ...] = ()
    part = discard_of_seat(i) and i > 0 and discard_of_seat(i - 1)
    if discard_of_seat(i) and not part:
        end = i
        while end < len(actions) and discard_of_seat(end):
            end += 1
        lay = tuple(dict(a) for a in actions[i:end])
    return Point(i, hand.knowledge(seat), dict(actions[i]), lay, part)


def point_at(record: Mapping[str, Any], index: int) -> Point:
    """The decision at action ``index`` of the hand record ``record`` (its seat's, as
    :func:`review` gives it) — replayed from the deal up to it, without checking the rest
    of the record (the judge's job in a worker, :func:`game.engine.judging.judged_at`)."""
    _, hand = records.start_hand(record)
    actions = record["actions"]
    for action in actions[:index]:
        hand.apply(action)
    return _point(hand, actions, index)


def _review_trick(hand: HandState, trick: Mapping[str, Any]) -> ReviewTrick:
    """One trick of :meth:`~game.engine.hand.HandState.trick_log` with the seat of each card
    (the leader's, then each next seat's in the game's direction)."""
    seats = [hand.table.index(trick["leader"])]
    while len(seats) < len(trick["cards"]):
        seats.append(hand.next_seat(seats[-1]))
    return ReviewTrick(trick["leader"],
                       tuple((hand.seat_letter(s), c)
                             for s, c in zip(seats, trick["cards"], strict=True)),
                       trick["winner"])


# -- the hint command -------------------------------------------------------------------------


def hint_report(record: object, strong: Player | None = None) -> dict[str, Any]:
    """The ``hint`` command's object for a parsed record (a match record: its last hand):
    ``ok``, ``game``, ``phase``, ``seat`` (the seat to act, a letter), ``legal`` (exactly as
    replay prints it), ``illegal`` (:func:`illegal_cards` of that seat), ``hint`` (the strong
    AI's ``{"action", "reason", "alternatives", "evidence"}`` from that seat's knowledge,
    RECORDS.md) and ``result`` (``None``). ``strong``: the :class:`Advisor` to ask (default:
    this process's, :func:`advisor`).
    Raises :class:`~game.engine.records.RecordError` for an invalid record, as replay does.
    The reasons are :class:`~.message.Message` objects (English as they are; the command line
    says them in the language asked for).

    **Decision**: a hand that is over is a valid record with nothing to advise: ``seat``
    and ``hint`` are ``None``, ``legal`` and ``illegal`` empty, ``result`` the hand's result
    (the command exits 0)."""
    hand = current_hand(record)
    out: dict[str, Any] = {"ok": True, "game": hand.GAME, "phase": hand.phase, "seat": None,
                           "legal": hand.legal_actions(), "illegal": {}, "hint": None,
                           "result": hand.result()}
    seat = hand.to_act
    if seat is None:
        return out
    decision = hint(hand.knowledge(seat), strong=strong)
    proof = decision.evidence
    out.update(seat=hand.seat_letter(seat), illegal=illegal_cards(hand, seat),
               hint={"action": decision.action, "reason": decision.reason,
                     "alternatives": [dict(a) for a in decision.alternatives],
                     "evidence": None if proof is None else proof.as_json()})
    return out
