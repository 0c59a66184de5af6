"""The log: a rotating file in the log folder (a windowed executable has no console).

:func:`setup` sends the ``game`` loggers (and warnings, and any exception that escapes) to
``<log folder>/four-trumps.log``, rotated at about 1 MB with three older files kept. A log
folder that cannot be made only loses the log, never the game.

Logging never fails into stderr (issue 15): ``logging.raiseExceptions`` is off (a log file that
cannot be written — a full disk — drops the line instead of printing "--- Logging error ---"),
and the ``game`` logger always has a :class:`logging.NullHandler`, so Python's last-resort
handler never prints a warning when the log file could not be made.
"""

from __future__ import annotations

import logging
import logging.handlers
import sys
from types import TracebackType

from .. import storage

MAX_BYTES = 1_000_000
BACKUPS = 3
FORMAT = "%(asctime)s %(levelname)s %(name)s [%(threadName)s] %(message)s"

log = logging.getLogger("game")


def setup(paths: storage.Paths, level: int = logging.INFO) -> logging.Handler | None:
    """Log to the rotating file of ``paths``; returns the handler (``None`` if the folder
    cannot be written). Calling it again replaces the handler it added before."""
    logging.raiseExceptions = False
    if not any(isinstance(h, logging.NullHandler) for h in log.handlers):
        log.addHandler(logging.NullHandler())
    for old in [h for h in log.handlers if getattr(h, "_four_trumps", False)]:
        log.removeHandler(old)
        old.close()
    try:
        paths.logs.mkdir(parents=True, exist_ok=True)
        if paths.log_file.exists() and not paths.log_file.is_file():
            return None      # a named pipe there would block the first line: no file log
        handler = logging.handlers.RotatingFileHandler(
            paths.log_file, maxBytes=MAX_BYTES, backupCount=BACKUPS, encoding="utf-8",
            delay=True)
    except OSError:
        return None
    handler.setFormatter(logging.Formatter(FORMAT))
    handler._four_trumps = True  # type: ignore[attr-defined]
    log.addHandler(handler)
    log.setLevel(level)
    logging.captureWarnings(True)
    logging.getLogger("py.warnings").addHandler(handler)

    def excepthook(kind: type[BaseException], err: BaseException,
                   tb: TracebackType | None) -> None:
        log.critical("uncaught exception", exc_info=(kind, err, tb))
        sys.__excepthook__(kind, err, tb)

    sys.excepthook = excepthook
    return handler
