"""The situations a lesson promises to show, each a check on the replayed hand.

A script's ``taught`` list names a situation and the record's action where it happens;
:func:`happens` replays the record and asks the check named. Each check reads the engine's own
account of the hand (its tricks, its result, its legal actions) — never a rule of its own.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..engine import records
from ..engine.hand import Action, HandState


@dataclass(frozen=True)
class Moment:
    """The hand around one action: ``before`` it (the state it was chosen in), the
    ``action`` itself (``None`` at the hand's end), ``after`` it, and the hand's ``end``."""

    before: HandState
    action: Action | None
    after: HandState
    end: HandState

    @property
    def trump(self) -> str:
        """The trump suit's letter (``T`` in French Tarot, where trumps are their own suit)."""
        return self.before.trump_name() or "T"

    def completed(self) -> dict[str, Any] | None:
        """The trick this action completed, if it did (its leader, cards and winner)."""
        done_before = [t for t in self.before.trick_log() if t["winner"]]
        done_after = [t for t in self.after.trick_log() if t["winner"]]
        return done_after[-1] if len(done_after) > len(done_before) else None

    def trick_of_action(self) -> dict[str, Any] | None:
        """The finished trick (from the hand's end) the action's card was played to."""
        if self.action is None or "play" not in self.action:
            return None
        number = len([t for t in self.before.trick_log() if t["winner"]])
        tricks = self.end.trick_log()
        return tricks[number] if number < len(tricks) else None

    def seat_of(self, trick: Mapping[str, Any], index: int) -> str:
        """The letter of the seat that played card ``index`` of ``trick``."""
        table = self.before.table  # type: ignore[attr-defined]
        seat = table.index(trick["leader"])
        for _ in range(index):
            seat = self.before.next_seat(seat)
        return str(table.letters[seat])


def suit_of(card: str) -> str:
    """A card's suit letter as the records write it (``T`` for a Tarot trump; ``EX`` the
    Excuse, which is no suit)."""
    if card == "EX":
        return "EX"
    return "T" if card.startswith("T") and card[1:].isdigit() else card[-1]


def _winning_index(m: Moment, trick: Mapping[str, Any]) -> int:
    cards = trick["cards"]
    for i in range(len(cards)):
        if m.seat_of(trick, i) == trick["winner"]:
            return i
    raise ValueError("the trick's winner played no card")


def trump_wins(m: Moment) -> bool:
    """The action completes a trick of another suit that a trump wins."""
    trick = m.completed()
    if trick is None:
        return False
    led = suit_of(trick["cards"][0])
    won = trick["cards"][_winning_index(m, trick)]
    return led != m.trump and suit_of(won) == m.trump


def overtrump(m: Moment) -> bool:
    """The action's card is a trump played over a trump already in the trick, and wins it."""
    trick = m.trick_of_action()
    if trick is None or m.action is None:
        return False
    card = m.action["play"]
    cards = trick["cards"]
    i = cards.index(card)
    return suit_of(card) == m.trump and any(suit_of(c) == m.trump for c in cards[:i]) \
        and _winning_index(m, trick) == i


def follows(m: Moment) -> bool:
    """The action plays a card of the suit led (not leading)."""
    trick = m.trick_of_action()
    if trick is None or m.action is None:
        return False
    i = trick["cards"].index(m.action["play"])
    return i > 0 and suit_of(trick["cards"][0]) == suit_of(m.action["play"])


def first_copy_wins(m: Moment) -> bool:
    """The action completes a trick where two identical cards are the best, and the first
    played wins."""
    trick = m.completed()
    if trick is None:
        return False
    cards = trick["cards"]
    won = _winning_index(m, trick)
    return cards.count(cards[won]) > 1 and cards.index(cards[won]) == won


def verb(name: str, value: Any = None) -> Callable[[Moment], bool]:
    """The action has verb ``name`` (with ``value``, when given)."""
    def check(m: Moment) -> bool:
        return m.action is not None and name in m.action \
            and (value is None or m.action[name] == value)
    check.__doc__ = f"The action is a {name}" + (f" of {value!r}." if value is not None else ".")
    return check


def forced_call(m: Moment) -> bool:
    """The action names trump when passing is not allowed (the Tarabish dealer)."""
    return m.action is not None and "call" in m.action and m.action["call"] != "pass" \
        and not any(a.get("call") == "pass" for a in m.before.legal_actions())


def result_is(key: str, test: Callable[[Any], bool]) -> Callable[[Moment], bool]:
    """The finished hand's result ``key`` passes ``test``."""
    def check(m: Moment) -> bool:
        result = m.end.result() or {}
        return key in result and bool(test(result[key]))
    check.__doc__ = f"The hand's result has {key} as the lesson needs."
    return check


def runs_score(m: Moment) -> bool:
    """The action declares runs and its side scores runs in the end."""
    if m.action is None or "runs" not in m.action:
        return False
    result = m.end.result() or {}
    side = "NS" if m.action["seat"] in "NS" else "EW"
    return int((result.get("runs") or {}).get(side, 0)) > 0


def excuse(m: Moment) -> bool:
    """The action plays the Excuse."""
    return m.action is not None and m.action.get("play") == "EX"


def petit_au_bout(m: Moment) -> bool:
    """The action plays the Petit to the last trick, and the hand scores petit au bout."""
    return m.action is not None and m.action.get("play") == "T1" \
        and bool((m.end.result() or {}).get("petit_au_bout"))


def bid_made(m: Moment) -> bool:
    """The action is a bid (not a pass)."""
    return m.action is not None and m.action.get("bid") not in (None, "pass")


def partner_revealed(m: Moment) -> bool:
    """The card played shows every seat who the declarer's partner is (the called card)."""
    if m.action is None or "play" not in m.action:
        return False
    seats = range(m.before.table.size)  # type: ignore[attr-defined]

    def known(state: HandState) -> list[bool]:
        return [state.knowledge(s).public.get("alone") is not None for s in seats]
    return not all(known(m.before)) and all(known(m.after))


def last_trick(m: Moment) -> bool:
    """The action completes the hand's last trick."""
    return m.completed() is not None and m.after.done


def side_reaches_five(m: Moment) -> bool:
    """The action completes a trick that brings the winner's side to exactly five tricks
    (Turup: where the hand ends, or where kort may be chosen)."""
    trick = m.completed()
    if trick is None:
        return False
    side = _side(trick["winner"])
    won = [t for t in m.after.trick_log() if t["winner"]]
    return sum(_side(t["winner"]) == side for t in won) == 5


def _side(seat: str) -> str:
    """The partnership of a seat letter of a four-seat table."""
    return "NS" if seat in ("N", "S") else "EW"


CHECKS: dict[str, Callable[[Moment], bool]] = {
    "trump-named": lambda m: m.action is not None and (
        "trump" in m.action or m.action.get("call") not in (None, "pass")),
    "follows": follows,
    "trump-wins": trump_wins,
    "overtrump": overtrump,
    "first-copy-wins": first_copy_wins,
    "signal": verb("signal"),
    "pass": lambda m: m.action is not None and "pass" in (m.action.get("call"),
                                                        m.action.get("bid")),
    "forced-call": forced_call,
    "runs-score": runs_score,
    "bella": verb("bella", True),
    "last-trick": last_trick,
    "bait": result_is("bait", lambda v: v == "bait"),
    "kort": verb("kort", True),
    "ask": verb("ask"),
    "bid": bid_made,
    "lay-away": verb("discard"),
    "slam-announce": verb("slam"),
    "handful": verb("handful"),
    "king-call": verb("call"),
    "excuse": excuse,
    "petit-au-bout": petit_au_bout,
    "hand-won": result_is("winner", lambda v: v is not None),
    # Turup
    "five-tricks": side_reaches_five,
    # French Tarot
    "contract-made": result_is("won", lambda v: v is True),
    "partner-revealed": partner_revealed,
}
"""Every situation a script may promise, by name."""


def moments(record: Mapping[str, Any], indices: Sequence[int]) -> dict[int, Moment]:
    """The :class:`Moment` at each of ``indices`` of ``record``'s actions (replayed)."""
    _, hand = records.start_hand(record)
    actions = list(record["actions"])
    wanted = set(indices)
    before: dict[int, HandState] = {}
    after: dict[int, HandState] = {}
    for i, action in enumerate(actions):
        if i in wanted:
            before[i] = hand.clone()
        hand.apply(action)
        if i in wanted:
            after[i] = hand.clone()
    end = hand
    out = {}
    for i in wanted:
        if i >= len(actions):
            out[i] = Moment(end, None, end, end)
        else:
            out[i] = Moment(before[i], actions[i], after[i], end)
    return out


def happens(record: Mapping[str, Any], taught: Sequence[tuple[str, int]]) -> list[str]:
    """Each promised (situation, action index) of ``taught`` that does not happen in
    ``record`` (replayed through the engine), said in one line; empty when all do."""
    found = moments(record, [at for _, at in taught])
    missing = []
    for what, at in taught:
        check = CHECKS.get(what)
        if check is None:
            missing.append(f"{what} at {at}: no such situation")
        elif not check(found[at]):
            missing.append(f"{what} at {at}: does not happen ({check.__doc__})")
    return missing
