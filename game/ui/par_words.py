"""Par's comparison in words (issue 27; issue 36: one strong player) — no pygame: each play's
result in the game's unit, the difference, and the rows of :func:`compare` (the decisions the
strong player shows worse, and where the two plays begin to differ:
:func:`game.engine.daily.differences`), as :class:`~.scenes.par_compare.ParCompareScene`
shows them."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..engine import daily, games, learning
from ..engine.ai import Decision
from ..engine.hand import Action
from ..i18n import _, card_words, ngettext, say
from . import words
from .games import presentation
from .review_steps import step_at, steps


def tricks_game(game: str) -> bool:
    """Whether ``game``'s measure (:func:`game.engine.daily.score`) counts tricks (else
    points)."""
    return daily.UNITS[game][1] == "tricks"


def yours_line(game: str, value: int) -> str:
    """The player's result in ``game``'s unit: "You: 13 tricks"."""
    n = abs(value)
    if tricks_game(game):
        return ngettext("You: {n} trick", "You: {n} tricks", n).format(n=value)
    return ngettext("You: {n} point", "You: {n} points", n).format(n=value)


def strong_line(game: str, value: int) -> str:
    """Par's result in ``game``'s unit: "The strong player, with your cards: 15 tricks"."""
    n = abs(value)
    if tricks_game(game):
        return ngettext("The strong player, with your cards: {n} trick",
                        "The strong player, with your cards: {n} tricks", n).format(n=value)
    return ngettext("The strong player, with your cards: {n} point",
                    "The strong player, with your cards: {n} points", n).format(n=value)


def difference_line(game: str, diff: int) -> str:
    """The player's result minus par's in ``game``'s unit: "2 tricks fewer than the strong
    player", "3 points more than the strong player", "The same as the strong player"."""
    n = abs(diff)
    if diff == 0:
        return _("The same as the strong player")
    if tricks_game(game):
        if diff > 0:
            return ngettext("{n} trick more than the strong player",
                            "{n} tricks more than the strong player", n).format(n=n)
        return ngettext("{n} trick fewer than the strong player",
                        "{n} tricks fewer than the strong player", n).format(n=n)
    if diff > 0:
        return ngettext("{n} point more than the strong player",
                        "{n} points more than the strong player", n).format(n=n)
    return ngettext("{n} point fewer than the strong player",
                    "{n} points fewer than the strong player", n).format(n=n)


def where_words(step: int) -> str:
    """A row's place, by its review ``step`` (0: before the play): "Trick 4"."""
    return _("Trick {n}").format(n=step) if step else _("Before the play")


def decision_words(step: int, mine: tuple[Action, ...], strong: tuple[Action, ...]) -> str:
    """One decision taken otherwise in the two plays, named by its review ``step`` (0: before
    the play): "Trick 4: you played Q♠ · the strong player played A♠". A lay-away names only
    the cards the two laid away differently."""
    where = where_words(step)
    if all("play" in a for a in (*mine, *strong)) and mine and strong:
        return _("{where}: you played {mine} · the strong player played {strong}").format(
            where=where, mine=card_words(mine[0]["play"]), strong=card_words(strong[0]["play"]))
    if all("discard" in a for a in (*mine, *strong)) and mine and strong:
        ours, theirs = laid_apart(mine, strong)
        return _("{where}: you laid away {mine} · the strong player laid away {strong}").format(
            where=where, mine=ours, strong=theirs)
    return _("{where}: you chose {mine} · the strong player chose {strong}").format(
        where=where, mine=", ".join(say(words.action_label(a)) for a in mine),
        strong=", ".join(say(words.action_label(a)) for a in strong))


def laid_apart(mine: tuple[Action, ...], strong: tuple[Action, ...]) -> tuple[str, str]:
    """The cards of two lay-aways that are not in the other (all of one when none is)."""
    ours = [str(a["discard"]) for a in mine]
    theirs = [str(a["discard"]) for a in strong]
    only_ours = [c for c in ours if c not in theirs] or ours
    only_theirs = [c for c in theirs if c not in ours] or theirs
    return (", ".join(card_words(c) for c in only_ours),
            ", ".join(card_words(c) for c in only_theirs))


def mine_words(step: int, mine: tuple[Action, ...]) -> str:
    """The player's decision, named by its review ``step``: "Trick 4: you played Q♠"."""
    where = where_words(step)
    if mine and all("play" in a for a in mine):
        return _("{where}: you played {mine}").format(where=where,
                                                      mine=card_words(mine[0]["play"]))
    if mine and all("discard" in a for a in mine):
        return _("{where}: you laid away {mine}").format(
            where=where, mine=", ".join(card_words(str(a["discard"])) for a in mine))
    return _("{where}: you chose {mine}").format(
        where=where, mine=", ".join(say(words.action_label(a)) for a in mine))


def seat_words(step: int, seat: str, mine: tuple[Action, ...],
               strong: tuple[Action, ...]) -> str:
    """Another seat's decision taken otherwise in the two plays: "Trick 3: West played K♠ in
    your hand · Q♠ in the strong player's"."""
    who = say(words.seat_name(seat))
    if mine and strong and all("play" in a for a in (*mine, *strong)):
        template = _("{where}: {seat} played {mine} in your hand · {strong} in the strong "
                     "player's")
        ours, theirs = card_words(mine[0]["play"]), card_words(strong[0]["play"])
    else:
        template = _("{where}: {seat} chose {mine} in your hand · {strong} in the strong "
                     "player's")
        ours = ", ".join(say(words.action_label(a)) for a in mine)
        theirs = ", ".join(say(words.action_label(a)) for a in strong)
    return template.format(where=where_words(step), seat=who, mine=ours, strong=theirs)


@dataclass(frozen=True)
class Row:
    """One row on the screen: its words, the note under them, and where the review opens (an
    index into the player's actions)."""

    text: str
    note: str
    first: bool
    worse: bool
    """The strong player shows the player's choice worse (else: the plays part here)."""
    at: int


@dataclass(frozen=True)
class Comparison:
    """The two plays compared: each one's measure and result lines, and the rows."""

    game: str
    mine: int
    strong: int
    mine_lines: tuple[str, ...]
    strong_lines: tuple[str, ...]
    rows: tuple[Row, ...]


def row_of(d: daily.Difference, step: int, verdict: Decision | None, first: bool,
           south: str = "S") -> Row:
    """How the screen says difference ``d`` at review ``step`` (``verdict``: the checker's
    decision on it when it shows the player's choice worse; ``south``: the player's seat)."""
    if d.worse and verdict is not None:
        return Row(mine_words(step, d.mine), words.checker_line(verdict.action, verdict.reason),
                   first, True, d.at)
    if d.seat != south:
        return Row(seat_words(step, d.seat, d.mine, d.strong),
                   _("From here the cards on the table differ: {seat} chose otherwise in the "
                     "two plays.").format(seat=say(words.seat_name(d.seat))), first, False, d.at)
    return Row(decision_words(step, d.mine, d.strong),
               _("From here the cards on the table differ: the strong player cannot show "
                 "your choice worse."), first, False, d.at)


def compare(mine: Mapping[str, Any], strong: Mapping[str, Any],
            verdicts: Mapping[int, Decision] | None = None) -> Comparison:
    """The comparison of the player's finished hand ``mine`` with par's ``strong`` (hand
    records of the same deal; ``RecordError`` for one that does not replay, ``KeyError`` or
    ``ValueError`` for an unfinished one). ``verdicts``: the checker's decision on each of
    the player's decisions it shows worse, by where the decision begins in ``mine``'s
    actions (:meth:`ParCompareScene.verdicts`)."""
    game = games.get(mine["game"]).name
    spec = games.get(game)
    letters = spec.table(spec.full_options(dict(mine.get("options") or {}))).letters
    ours, theirs = learning.review(mine, 0), learning.review(strong, 0)
    if ours.result is None or theirs.result is None:
        raise ValueError("a hand that is not finished")
    cut = steps(mine, ours)
    shown = presentation(game)
    verdicts = verdicts or {}
    found = daily.differences(mine, strong, {at: v.action for at, v in verdicts.items()},
                              letters[0])
    rows = [row_of(d, step_at(cut, d.at), verdicts.get(d.at), k == 0, letters[0])
            for k, d in enumerate(found)]
    return Comparison(game, daily.score(game, ours.result, letters),
                      daily.score(game, theirs.result, letters),
                      tuple(shown.result_lines(ours.result)),
                      tuple(shown.result_lines(theirs.result)), tuple(rows))
