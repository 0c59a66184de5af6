"""A guided hand's script: loading it, checking its shape, and following it while it is played.

A lesson is two files in this folder (see the package's docstring for their fields): the hand
record ``ID.json`` and its script ``ID.script.json``. :func:`load` reads both into a
:class:`Lesson`; :class:`Run` follows one play-through of it — which action comes next from
the script, what South's step teaches, whether a move South tries is the one taught (or one
of the script's allowed alternatives), and what to say when it is not. Plain Python, no
pygame, no I/O but reading the two files: the UI and the tests drive it alike.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..engine import records
from ..engine.hand import Action
from . import situations

FOLDER = Path(__file__).resolve().parent
"""Where the lessons' files are: beside this module (in a source checkout, a wheel and the
bundle alike)."""
LESSON_FORMAT = "four-trumps/lesson"
VERSION = 1

LESSONS: tuple[str, ...] = ("arbaa-turub", "turup", "tarabish", "tarot", "tarot-5")
"""Every lesson, in the order the menu lists them: one per game, and the short extra for
French Tarot at five (the king call)."""

CARD_TOKEN = re.compile(r"\[(T\d{1,2}|EX|(?:10|[1-9AKQJCV])[SHDC])\]")
"""A card written in a lesson's words: ``[QS]``, ``[10H]``, ``[1C]`` (French Tarot's ace),
``[T21]``, ``[EX]`` — shown as the table draws it in the player's language (Q♠, R♠ in French),
:func:`words_of`."""

SOUTH = "S"


class LessonError(ValueError):
    """A lesson's files are missing or malformed (said with the lesson's name)."""


@dataclass(frozen=True)
class Look:
    """What a step points at: South's ``cards`` lifted, the ``trick`` in the middle outlined,
    the ``seats`` whose labels are marked (letters)."""

    cards: tuple[str, ...] = ()
    trick: bool = False
    seats: tuple[str, ...] = ()


@dataclass(frozen=True)
class Step:
    """One point of the script, shown once ``at`` actions of the record have been played.

    ``say``: the words (English, the catalogs' key; cards as ``[QS]`` tokens); ``None`` for a
    step that only widens the choice (``allow``). ``wrong``: what a legal move other than the
    taught one is told (else a generic line). ``allow``: cards South may play here instead of
    the recorded one (each proven safe by the lessons' test). ``look``: what to point at.
    ``watch``: the words offer to let the table play South's moves from ``at`` up to action
    ``watch`` (tricks that teach nothing new) — the player chooses to watch them or to play
    them; no move a step's words teach lies in between."""

    at: int
    say: str | None = None
    wrong: str | None = None
    allow: tuple[str, ...] = ()
    look: Look = Look()
    watch: int | None = None


@dataclass(frozen=True)
class Taught:
    """A situation the lesson promises: ``what`` (a name of :mod:`.situations`) happens at
    the record's action ``at`` (the hand's end when ``at`` is the number of actions)."""

    what: str
    at: int


@dataclass(frozen=True)
class Lesson:
    """A guided hand: its ``id``, its ``game``, its ``title`` and ``summary`` (English, the
    catalogs' keys), the hand ``record`` it plays (with every action), its ``steps`` in
    order and the situations it promises (``taught``)."""

    id: str
    game: str
    title: str
    summary: str
    record: Mapping[str, Any]
    steps: tuple[Step, ...]
    taught: tuple[Taught, ...]
    players: int = 4
    closing: str = ""
    """What the lesson says once the hand is over (English), before its last panel."""
    winners: tuple[str, ...] = ()
    """The seat letter winning each trick of the record."""

    def taught_moves(self) -> set[int]:
        """The record's South actions that a step's words teach (an offer to watch the next
        tricks teaches none)."""
        actions = self.record["actions"]
        return {s.at for s in self.steps if s.say and s.watch is None
                and s.at < len(actions) and actions[s.at].get("seat") == SOUTH}

    def watched(self) -> list[tuple[int, int]]:
        """The stretches the script offers to let the table play: (from, up to) actions."""
        return [(s.at, s.watch) for s in self.steps if s.watch is not None]

    @property
    def actions(self) -> list[Action]:
        """The recorded actions."""
        return list(self.record["actions"])

    def steps_at(self, played: int) -> list[Step]:
        """The steps shown once ``played`` actions have been played, in the script's order."""
        return [s for s in self.steps if s.at == played]

    def fresh(self) -> dict[str, Any]:
        """The hand record as dealt: the deal with no action (what the table starts from)."""
        return dict(self.record, actions=[])

    def words(self) -> list[str]:
        """Every English text of the lesson (for the catalogs)."""
        found = [self.title, self.summary, *([self.closing] if self.closing else [])]
        for step in self.steps:
            found += [t for t in (step.say, step.wrong) if t]
        return found


def words_of(text: str, card_words: Any) -> str:
    """``text`` (already translated) with each ``[QS]`` token written by ``card_words``."""
    return CARD_TOKEN.sub(lambda m: card_words(m.group(1)), text)


def _read(name: str) -> Any:
    try:
        return json.loads((FOLDER / name).read_text(encoding="utf-8"))
    except (OSError, ValueError) as err:
        raise LessonError(f"lesson file {name}: {err}") from None


def _strings(value: object, what: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise LessonError(f"{what} must be a list of strings")
    return tuple(value)


def _step(raw: object, count: int) -> Step:
    if not isinstance(raw, dict) or not isinstance(raw.get("at"), int):
        raise LessonError(f"a step must be an object with an integer \"at\": {raw!r:.60}")
    if not 0 <= raw["at"] <= count:
        raise LessonError(f"step at {raw['at']}: outside the record's {count} actions")
    unknown = set(raw) - {"at", "say", "wrong", "allow", "look", "watch"}
    if unknown:
        raise LessonError(f"step at {raw['at']}: unknown fields {sorted(unknown)}")
    look = raw.get("look") or {}
    if not isinstance(look, dict) or set(look) - {"cards", "trick", "seats"}:
        raise LessonError(f"step at {raw['at']}: \"look\" takes cards, trick and seats")
    for key in ("say", "wrong"):
        if raw.get(key) is not None and not isinstance(raw[key], str):
            raise LessonError(f"step at {raw['at']}: \"{key}\" must be a string")
    watch = raw.get("watch")
    if watch is not None and (not isinstance(watch, int) or not raw["at"] < watch <= count
                              or not raw.get("say")):
        raise LessonError(f"step at {raw['at']}: \"watch\" must be a later action (at most "
                          f"{count}), on a step with words")
    return Step(raw["at"], raw.get("say"), raw.get("wrong"),
                _strings(raw.get("allow", []), "\"allow\""),
                Look(_strings(look.get("cards", []), "\"cards\""), bool(look.get("trick")),
                     _strings(look.get("seats", []), "\"seats\"")), watch)


def load(lesson_id: str) -> Lesson:
    """The lesson ``lesson_id`` (one of :data:`LESSONS`), its record checked by replaying it
    through the engine. Raises :class:`LessonError` for missing or malformed files."""
    script = _read(f"{lesson_id}.script.json")
    record = _read(f"{lesson_id}.json")
    if not isinstance(script, dict) or script.get("format") != LESSON_FORMAT \
            or script.get("version") != VERSION:
        raise LessonError(f"{lesson_id}: not a {LESSON_FORMAT} version {VERSION} script")
    try:
        spec, hand = records.replay_hand(record)
    except records.RecordError as err:
        raise LessonError(f"{lesson_id}: its record does not replay: {err}") from None
    if not hand.done:
        raise LessonError(f"{lesson_id}: its record does not finish the hand")
    count = len(record["actions"])
    steps = tuple(_step(s, count) for s in script.get("steps", []))
    taught = tuple(Taught(str(t["what"]), int(t["at"])) for t in script.get("taught", []))
    for key in ("title", "summary"):
        if not isinstance(script.get(key), str):
            raise LessonError(f"{lesson_id}: the script needs a \"{key}\"")
    players = int((record.get("options") or {}).get("players", 4))
    lesson = Lesson(lesson_id, spec.name, script["title"], script["summary"], record, steps,
                  taught, players, str(script.get("closing", "")),
                  tuple(str(t["winner"]) for t in hand.trick_log()))
    for start, end in lesson.watched():
        inside = sorted(i for i in lesson.taught_moves() if start <= i < end)
        if inside:
            raise LessonError(f"{lesson_id}: the stretch {start}..{end} offered to watch holds "
                              f"the taught move {inside[0]}")
    return lesson


def every_lesson() -> list[Lesson]:
    """Every lesson, in :data:`LESSONS` order."""
    return [load(name) for name in LESSONS]


def lesson_for(game: str) -> str | None:
    """The id of the guided hand that teaches ``game`` (French Tarot: the four-player one,
    whatever the table — the five-player extra is offered beside it); ``None`` if none."""
    return game if game in LESSONS else None


@dataclass(frozen=True)
class Breach:
    """What an alternative South might play would break in the script (:meth:`Run.breach`):
    ``kind`` is ``"taught"`` (the move a step's words teach at action ``at`` would change),
    ``"illegal"`` (the record's action ``at`` would no longer be legal), ``"winner"`` (the
    trick completed at action ``at`` would be won by ``seat`` instead of the record's winner)
    or ``"situation"`` (a promised situation would not happen). ``trick``: the number (from
    0) of the trick where it breaks (the hand's end: the number of tricks)."""

    kind: str
    at: int
    trick: int = -1
    seat: str = ""


@dataclass
class Run:
    """One play-through of ``lesson``: the recorded actions as South's alternatives have
    changed them.

    Every other seat plays exactly the record. When South plays an alternative, South's
    later moves are planned again (:meth:`plan`): each move a step's words teach stays the
    recorded one, and each other move is the recorded card when it still keeps the script,
    else the first card South holds that does — the same suit first — so every trick keeps
    its winner (``line``)."""

    lesson: Lesson
    line: dict[int, Action] = field(default_factory=dict)
    """South's actions where this play-through differs from the record: the alternatives
    played, and the moves planned for later."""

    def expected(self, played: int) -> Action:
        """The record's action number ``played`` as this play-through has it."""
        return dict(self.line.get(played, self.lesson.record["actions"][played]))

    def looked_at(self, step: Step) -> tuple[str, ...]:
        """The South cards ``step`` lifts (a taught move never changes: the step's own)."""
        return step.look.cards

    def history(self, played: int) -> list[Action]:
        """The first ``played`` actions of this play-through."""
        return [self.expected(i) for i in range(played)]

    def choices(self, played: int) -> list[Action]:
        """The actions the script offers South as action number ``played``: the expected
        one, then the step's allowed alternatives (a bella claim goes with either card)."""
        want = self.expected(played)
        out = [want]
        if "play" in want:
            for step in self.lesson.steps_at(played):
                for card in step.allow:
                    if card != want["play"]:
                        out.append({"seat": SOUTH, "play": card})
        return out

    def accepts(self, played: int, action: Mapping[str, Any],
                history: Sequence[Action] | None = None) -> bool:
        """Whether the script takes ``action`` from South as action number ``played``: the
        expected move, or any other card that — after ``history`` (this play-through's when
        not given) — keeps the rest of the script right (:meth:`keeps_script`)."""
        if _same(action, self.expected(played)):
            return True
        if "play" not in action or (played in self.lesson.taught_moves() and not any(
                _same(action, c) for c in self.choices(played))):
            return False
        return self.keeps_script(self.history(played) if history is None else history, action)

    def keeps_script(self, history: Sequence[Action], action: Mapping[str, Any]) -> bool:
        """Whether South's ``action``, played after ``history``, keeps the rest of the script
        right (:meth:`breach` finds nothing).

        **Decision**: any card that keeps the script is taken, whether or not the script's
        ``allow`` lists it (those lists, proven one card at a time by the tests and
        ``tools/lessons.py``, are what the lesson offers by name); the table asks this before
        it takes a card, so a lesson never breaks whatever the player picks."""
        return self.breach(history, action) is None

    def breach(self, history: Sequence[Action], action: Mapping[str, Any]) -> Breach | None:
        """What South's ``action``, played after ``history``, would break in the rest of the
        script (:meth:`plan`), else ``None``."""
        return self.plan(history, action)[1]

    def plan(self, history: Sequence[Action], action: Mapping[str, Any]
             ) -> tuple[dict[int, Action], Breach | None]:
        """South's line (as :attr:`line`) once ``action`` is played after ``history``, and
        the first thing it breaks, in the hand's order: a move a step's words teach that
        South can no longer make (``taught``), a record's action no longer legal
        (``illegal``), a trick won by another seat than in the record (``winner``), a
        promised situation that does not happen (``situation``); ``None`` when nothing."""
        actions = self.lesson.record["actions"]
        played = len(history)
        line = {i: a for i, a in self.line.items() if i < played}
        if not _same(action, actions[played]) or action.get("bella") != actions[played].get(
                "bella"):
            line[played] = dict(action)
        try:
            _, hand = records.start_hand(self.lesson.fresh())
            records.apply_actions(hand, list(history))
        except records.RecordError:
            return line, Breach("illegal", 0)
        taught = self.lesson.taught_moves()
        done = _tricks_done(hand)
        for i in range(played, len(actions)):
            step: Action = dict(action) if i == played else actions[i]
            if i > played and actions[i].get("seat") == SOUTH and i not in taught \
                    and "play" in actions[i]:
                picked = self._pick(hand, i, line)
                if picked is None:
                    return line, Breach("winner" if hand.why_illegal(actions[i]) is None
                                        else "illegal", i, done, "")
                step = picked
                if not _same(step, actions[i]):
                    line[i] = step
            if hand.why_illegal(step) is not None:
                return line, Breach("taught" if i in taught else "illegal", i, done)
            hand.apply(step)
            found = _tricks_done(hand)
            if found > done:
                done = found
                winner = _last_winner(hand)
                if winner != self.lesson.winners[done - 1]:
                    return line, Breach("winner", i, done - 1, winner)
        full = dict(self.lesson.record, actions=[*history, *(
            line.get(i, actions[i]) for i in range(played, len(actions)))])
        missing = situations.happens(full, [(t.what, t.at) for t in self.lesson.taught])
        return line, (Breach("situation", played, len(self.lesson.winners)) if missing else None)

    def _pick(self, hand: Any, at: int, line: Mapping[int, Action]) -> Action | None:
        """South's card at action ``at`` (no step's words teach it) that keeps its trick's
        winner: the one planned, else the record's, else another legal card — of the record
        card's suit first, cards a later taught move needs last; ``None`` when none does.
        When South holds fewer copies of the record's card than the record still plays, a
        spare card (one the record no longer plays: what South kept by playing another) is
        tried before it."""
        actions = self.lesson.record["actions"]
        record = actions[at]
        named = str(record["play"])
        taught = {actions[i].get("play") for i in self.lesson.taught_moves() if i > at}
        held = Counter(hand.PACK.names(hand.hands[0]))
        wanted = Counter(str(a["play"]) for a in actions[at:]
                         if a.get("seat") == SOUTH and "play" in a)
        spare = held - wanted
        legal = [a for a in hand.legal_actions() if "play" in a and not a.get("bella")]
        legal.sort(key=lambda a: (a["play"] not in spare, a["play"] in taught,
                                  _suit(a["play"]) != _suit(named)))
        short = held[named] < wanted[named]  # a copy South played earlier in its place
        first = [a for a in (line.get(at), None if short else record) if a is not None]
        done = _tricks_done(hand)
        for choice in [*first, *legal]:
            if hand.why_illegal(choice) is not None:
                continue
            trial = hand.clone()
            trial.apply(choice)
            i, legal_on = at + 1, True
            while _tricks_done(trial) == done and i < len(actions) \
                    and actions[i].get("seat") != SOUTH:
                legal_on = trial.why_illegal(actions[i]) is None
                if not legal_on:
                    break
                trial.apply(actions[i])
                i += 1
            if legal_on and (_tricks_done(trial) == done
                             or _last_winner(trial) == self.lesson.winners[done]):
                return dict(choice)
        return None

    def accept(self, played: int, action: Mapping[str, Any]) -> None:
        """South made ``action`` (accepted) as action number ``played``: when it is not the
        expected one, South's later moves are planned again."""
        if _same(action, self.expected(played)):
            return
        self.line, _breach = self.plan(self.history(played), action)


def _tricks_done(hand: Any) -> int:
    """How many tricks of ``hand`` are complete."""
    return sum(1 for t in hand.trick_log() if t["winner"])


def _last_winner(hand: Any) -> str:
    """The winner of ``hand``'s last complete trick."""
    return str([t for t in hand.trick_log() if t["winner"]][-1]["winner"])


def _suit(card: str) -> str:
    """A card's suit letter in the records' notation (``T``: a Tarot trump, ``EX``)."""
    return situations.suit_of(card)


def _same(action: Mapping[str, Any], choice: Mapping[str, Any]) -> bool:
    """The same decision, whether or not a bella claim goes with the card."""
    def core(a: Mapping[str, Any]) -> dict[str, Any]:
        return {k: v for k, v in a.items() if k != "bella"}
    return core(action) == core(choice)


def south_moves(lesson: Lesson) -> Sequence[int]:
    """The indices of South's actions in the lesson's record."""
    return [i for i, a in enumerate(lesson.record["actions"]) if a.get("seat") == SOUTH]
