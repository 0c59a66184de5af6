"""The deal of the day's flow (issue 27), between the daily page, the daily table, par and the
results kept — no pygame.

* :func:`daily_match` — the one-hand match of a game's deal of a day (:mod:`game.engine.daily`):
  the day's seed and standard options, South the person, the other seats the levels the player
  chose (kept with the day's progress so a resumed hand and par face the same players);
* :func:`start_par` — par of that deal (:mod:`.par`), started as soon as the hand is opened,
  so that it is usually played by the time the player's hand ends;
* :func:`finish` — the player's finished hand: its result kept in the
  :class:`~.daily_book.DailyBook` (the first finished play of a day counts), and par's when it
  is there;
* :func:`settle` — called every frame by the app: a par that has finished is kept with its day
  (a par that finishes while the player is elsewhere is kept all the same);
* :func:`resume_pars` — at start-up, par of every played day whose par was lost (a kill, a
  quit before it finished) is started again.

**Decision** (which deal of French Tarot): its deal of the day is dealt at the table size the
player plays French Tarot at (Settings' option), each size having its own deal and its own
results (``"tarot-5"``).
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ..engine import daily, games, records
from ..engine.ai.player import best_level
from .par import ParRun
from .session import Match, wanted_levels

if TYPE_CHECKING:  # names for the type checker only: not imported when the game runs
    from .session import Session, Settings


def players_of(settings: Settings, game: str) -> int:
    """The table size ``game``'s deal of the day is played at for this player (French Tarot:
    the size chosen in the settings; 4 for the others)."""
    size = settings.game_options(game).get("players", 4) if game in daily.TABLE_SIZES else 4
    return size if size in daily.sizes_of(game) else 4


def par_name(key: str, day: datetime.date) -> str:
    """The name par of a day's deal runs under in :class:`~.par.Pars`."""
    return f"daily:{key}:{day.isoformat()}"


def seats_for(settings: Settings, game: str, players: int) -> dict[str, str]:
    """Who plays each seat of a new deal of the day: South the person, the others the levels
    the player chose (the best level there is at that table)."""
    spec = games.get(game)
    table = spec.table(spec.full_options(daily.options_of(game, players)))
    wanted = wanted_levels(settings, table)
    return {"S": "human", **{s: best_level(wanted[s], game, table.size)
                             for s in table.letters[1:]}}


def daily_match(game: str, players: int, day: datetime.date, seats: Mapping[str, str],
                actions: list[dict[str, Any]] | None = None) -> Match:
    """The one-hand match of ``game``'s deal of ``day`` at ``players`` with ``actions`` played
    (raises ``records.RecordError`` when they do not replay)."""
    deal = daily.deal_of(game, day, players)
    record = {"format": records.MATCH_FORMAT, "version": records.VERSION, "game": game,
              "options": deal["options"], "seed": daily.seed_of(game, day, players),
              "seats": dict(seats),
              "hands": [dict(deal, actions=[dict(a) for a in actions or []])]}
    return Match.from_record(record)


def start_par(session: Session, key: str, day: datetime.date,
              seats: Mapping[str, str]) -> ParRun:
    """Par of ``key``'s deal of ``day`` against ``seats``' levels (the run under way, if
    any)."""
    game, players = daily.game_of(key)
    return session.pars.start(par_name(key, day), daily.deal_of(game, day, players), seats,
                              daily.seed_of(game, day, players))


def measure(record: Mapping[str, Any]) -> int:
    """What South's side made of a finished hand record, in its game's unit
    (:func:`game.engine.daily.score`)."""
    _, hand = records.replay_hand(dict(record))
    result = hand.result()
    assert result is not None
    return daily.score(record["game"], result, hand.table.letters)


def finish(session: Session, key: str, day: datetime.date, match: Match) -> bool:
    """The player's play of ``key``'s deal of ``day`` is over: keep its result (the day's
    first finished play counts; returns whether this one did), drop its progress, and keep
    par's result when par has finished."""
    record = dict(match.hands[-1])
    counted = session.daily.record_play(key, day, measure(record), day == session.today(),
                                        match.seats, record)
    session.daily.drop_progress(key)
    settle(session)
    if counted and match.seats.get("S") == "human":  # judged for the learner's progress
        session.judge.add(f"daily/{key}/{day.isoformat()}", key, record)
    return counted


def settle(session: Session) -> bool:
    """Keep the result of every finished par whose day was played and lacks it; returns
    whether anything was kept."""
    kept = False
    for name, run in list(session.pars.runs.items()):
        if not name.startswith("daily:") or not run.done:
            continue
        _, key, text = name.split(":")
        day = datetime.date.fromisoformat(text)
        found = session.daily.result(key, day)
        par = run.result()
        if found is None or found.par is not None or par is None:
            continue
        session.daily.record_par(key, day, measure(par), par)
        kept = True
    return kept


def resume_pars(session: Session) -> None:
    """Start par again for every played day whose par is missing (its hand still kept)."""
    for key, day in session.daily.waiting_par():
        found = session.daily.result(key, day)
        if found is not None:
            start_par(session, key, day, found.seats)
