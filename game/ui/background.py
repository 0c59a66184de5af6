"""What the app does for the player between frames, besides the scene on top: the deal of the
day's par kept with its day (:mod:`.daily_play`) and each finished hand judged for the
learner's progress (:mod:`.judge`) — started after the first frame, looked at every frame,
stopped before the files are closed. No pygame here."""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Callable
from typing import TYPE_CHECKING

from . import daily_play

if TYPE_CHECKING:  # names for the type checker only: not imported when the game runs
    from .session import Session

log = logging.getLogger(__name__)


def start(session: Session, awake: Callable[[], None] | None = None) -> None:
    """The first frame is on screen: start par again for the days that lack it, and judge
    the hands an earlier session left waiting — ``awake`` (from the judge's thread) wakes the
    frame loop when a hand is judged, so that it is recorded at once even while nothing moves
    on screen."""
    daily_play.resume_pars(session)
    session.judge.on_judged = awake
    session.judge.start()


def settle(session: Session) -> None:
    """Every frame: keep a par just finished with its day, hand the judge the hands just
    finished and record the ones it has judged."""
    daily_play.settle(session)
    session.judge.watch(session)
    session.judge.settle()


def close(session: Session) -> None:
    """The window closes: keep what is finished (before the files are closed), stop par and
    the judge (a hand not judged yet stays waiting for the next start)."""
    with contextlib.suppress(Exception):
        settle(session)
    session.pars.close()
    try:
        session.judge.close()
    except Exception:
        log.exception("could not stop judging")
