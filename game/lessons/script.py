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


@dataclass
class Run:
    """One play-through of ``lesson``: the recorded actions as South's allowed alternatives
    have changed them.

    When South plays an allowed card ``A`` where the record played ``R``, South still holds
    ``R``: wherever the record later has South play ``A``, South plays ``R`` instead
    (:meth:`expected`). Every other seat plays exactly the record."""

    lesson: Lesson
    swaps: list[tuple[str, str]] = field(default_factory=list)
    """(card the record names, card South plays in its place) still pending."""

    def expected(self, played: int) -> Action:
        """The record's action number ``played`` as this play-through has it."""
        action = dict(self.lesson.record["actions"][played])
        swap = self._swap_for(played)
        if swap is not None:
            action["play"] = self.swaps[swap][1]
        return action

    def _swap_for(self, played: int) -> int | None:
        """The pending swap that changes South's card at action ``played``, if any."""
        action = self.lesson.record["actions"][played]
        if action.get("seat") != SOUTH or "play" not in action:
            return None
        for i, (named, _instead) in enumerate(self.swaps):
            if named == action["play"]:
                return i
        return None

    def looked_at(self, step: Step) -> tuple[str, ...]:
        """The South cards ``step`` lifts, as this play-through has them."""
        out = list(step.look.cards)
        for named, instead in self.swaps:
            if named in out:
                out[out.index(named)] = instead
        return tuple(out)

    def choices(self, played: int) -> list[Action]:
        """The actions the script accepts from South as action number ``played``: the
        expected one, then the allowed alternatives (a bella claim goes with either card)."""
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
        expected move, or an allowed alternative that — given the ``history`` of the actions
        played so far — keeps the rest of the script right (:meth:`keeps_script`; not
        checked without ``history``)."""
        if _same(action, self.expected(played)):
            return True
        return any(_same(action, choice) for choice in self.choices(played)) \
            and (history is None or self.keeps_script(history, action))

    def keeps_script(self, history: Sequence[Action], action: Mapping[str, Any]) -> bool:
        """Whether South's ``action``, played after ``history``, keeps the rest of the script
        right: with the swap it makes, every later action of the record is legal, every
        trick is won by the seat that wins it in the record, every move a step's words teach
        is still the recorded one (its words name that card) and every promised situation
        still happens.

        **Decision**: a script's ``allow`` lists are proven one card at a time; two allowed
        cards played in one hand might together change a trick's winner. The table asks this
        before it takes an alternative, so a lesson never breaks whatever the player picks:
        a card that would break it is refused like any other not taught."""
        played = len(history)
        actions = self.lesson.record["actions"]
        trial = Run(self.lesson, list(self.swaps))
        trial.accept(played, action)
        rest: list[Action] = []
        for i in range(played + 1, len(actions)):
            step = trial.expected(i)
            if actions[i].get("seat") == SOUTH:
                if i in self.lesson.taught_moves() and step != actions[i]:
                    return False
                trial.accept(i, step)
            rest.append(step)
        full = dict(self.lesson.record, actions=[*history, dict(action), *rest])
        try:
            _, hand = records.replay_hand(full)
        except records.RecordError:
            return False
        if [t["winner"] for t in hand.trick_log()] != list(self.lesson.winners):
            return False
        return not situations.happens(full, [(t.what, t.at) for t in self.lesson.taught])

    def accept(self, played: int, action: Mapping[str, Any]) -> None:
        """South made ``action`` (accepted) as action number ``played``: the swap that gave
        this card is used up, and playing an alternative makes a new one."""
        want = self.expected(played)
        swap = self._swap_for(played)
        if swap is not None:
            del self.swaps[swap]
        if "play" in want and action.get("play") != want["play"]:
            self.swaps.append((str(action["play"]), str(want["play"])))


def _same(action: Mapping[str, Any], choice: Mapping[str, Any]) -> bool:
    """The same decision, whether or not a bella claim goes with the card."""
    def core(a: Mapping[str, Any]) -> dict[str, Any]:
        return {k: v for k, v in a.items() if k != "bella"}
    return core(action) == core(choice)


def south_moves(lesson: Lesson) -> Sequence[int]:
    """The indices of South's actions in the lesson's record."""
    return [i for i, a in enumerate(lesson.record["actions"]) if a.get("seat") == SOUTH]
