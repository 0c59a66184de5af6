"""The log: a rotating file in the log folder (a windowed executable has no console).

:func:`setup` sends the ``game`` loggers (and warnings, and any exception that escapes) to
``<log folder>/four-trumps.log``, rotated at about 1 MB with three older files kept. A log
folder that cannot be made only loses the log, never the game.

Logging never fails into stderr (issue 15): ``logging.raiseExceptions`` is off (a log file that
cannot be written — a full disk — drops the line instead of printing "--- Logging error ---"),
and the ``game`` logger always has a :class:`logging.NullHandler`, so Python's last-resort
handler never prints a warning when the log file could not be made.

No line is written through a symbolic link (issue 28): the log file is opened refusing one
(:class:`NoLinkFileHandler`, ``O_NOFOLLOW``); a link found in its place — at start or at any
later opening (a rotation) — is moved aside like a damaged file
(:func:`game.data.files.move_link_aside`) and the fresh log's first line says so. A rotation
renames files, which moves a link rather than following it.
"""

from __future__ import annotations

import io
import logging
import logging.handlers
import os
import sys
from pathlib import Path
from types import TracebackType

from .. import storage
from ..data import files

MAX_BYTES = 1_000_000
BACKUPS = 3
FORMAT = "%(asctime)s %(levelname)s %(name)s [%(threadName)s] %(message)s"

log = logging.getLogger("game")


class NoLinkFileHandler(logging.handlers.RotatingFileHandler):
    """The rotating log file, opened refusing a symbolic link (see the module's docstring)."""

    def _open(self) -> io.TextIOWrapper:
        """Open the log for appending; a link in its place is moved aside first and the new
        file's first line says where it went (the line is dropped if that fails too)."""
        path = Path(self.baseFilename)
        moved = ""
        flags = (os.O_WRONLY | os.O_APPEND | os.O_CREAT | getattr(os, "O_NONBLOCK", 0)
                 | getattr(os, "O_BINARY", 0))
        try:
            fd = files.open_no_link(path, flags, 0o644)
        except files.LinkInPlace:
            target = os.readlink(path)
            kept = files.quarantine(path)
            moved = self.format(logging.makeLogRecord({
                "name": log.name, "levelno": logging.WARNING, "levelname": "WARNING",
                "threadName": "-", "msg": f"a symbolic link (to {target}) was where the log is "
                f"written; nothing is written through a link: it was moved aside as "
                f"{kept.name}"})) + "\n"
            fd = files.open_no_link(path, flags, 0o644)
        stream = os.fdopen(fd, "a", encoding=self.encoding, errors=self.errors)
        if moved:
            stream.write(moved)
        return stream


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
        if (not paths.log_file.is_symlink() and paths.log_file.exists()
                and not paths.log_file.is_file()):
            return None      # a named pipe there would block the first line: no file log
        handler = NoLinkFileHandler(
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
