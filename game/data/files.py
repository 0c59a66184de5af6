"""The safe file primitives: where the files are, reading without blocking, atomic writes,
appends that never follow a link, quarantine, and the calm line for a file that cannot be read.

Nothing here knows what a file holds: :mod:`game.data.settings`, :mod:`game.data.statistics`
and :mod:`game.saved_game` (and the interface's books) call these.

* Every write is atomic: a temporary file in the same folder, flushed and fsynced, then renamed
  over the old file (:func:`atomic_write_text`). A rename replaces a symbolic link in the way;
  it never writes through it.
* An append (:func:`append_bytes`, the saved game's hand journals) opens refusing a symbolic
  link (``O_NOFOLLOW``) and raises :class:`LinkInPlace` instead; the caller moves the link
  aside (:func:`move_link_aside`: quarantined, one line in the log) and writes afresh.
* Files are read without blocking and without following a link (:func:`read_regular_file`).
  A file that cannot be read at all (no permission; a folder, a named pipe or a device in its
  place) is *blocked*: reported in one calm line with its full path and never overwritten,
  moved or deleted; the writer refuses to replace such a file even if asked
  (:func:`refuse_to_replace_unreadable`).
* A file that can be read but is not what it should be (empty, truncated, not JSON, the wrong
  shape) — or a symbolic link in its place — is moved aside with a timestamp in its name (kept,
  never deleted) and the caller gets one calm line to show the player (:func:`read_json`).
* Those calm lines are :class:`~game.engine.message.Message` values: their English text, which
  the log and the command line show, and the words the interface says in the player's language
  (:func:`game.i18n.say`).

**Windows** has no ``O_NOFOLLOW``: there a link is refused by looking first
(``os.path.islink``); creating one needs rights a player's programs do not normally have, so
the moment between the look and the open is not guarded there.
"""

from __future__ import annotations

import contextlib
import errno
import json
import logging
import os
import stat
import tempfile
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..engine.message import Message, Word

APP_NAME = "FourTrumps"
ENV_DATA_DIR = "FOUR_TRUMPS_DATA_DIR"
NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
"""``O_NOFOLLOW`` where the system has it (not on Windows: see the module's docstring)."""

log = logging.getLogger(__name__)


# ------------------------------------------------------------------------------------------
# Paths


@dataclass(frozen=True)
class Paths:
    """Where the program keeps its files."""

    config: Path
    data: Path
    logs: Path

    @property
    def settings(self) -> Path:
        return self.config / "settings.json"

    @property
    def statistics(self) -> Path:
        return self.data / "statistics.json"

    @property
    def autosave(self) -> Path:
        return self.data / "autosave.json"

    @property
    def saved_game(self) -> Path:
        """The folder of the games in progress, one folder per game, each kept in pieces
        (:mod:`game.saved_game`)."""
        return self.data / "saved-game"

    @property
    def log_file(self) -> Path:
        return self.logs / "four-trumps.log"


def resolve_paths(data_dir: str | os.PathLike[str] | None = None,
                  environ: Mapping[str, str] = os.environ) -> Paths:
    """The folders to use: ``data_dir`` if given, else ``$FOUR_TRUMPS_DATA_DIR``, else the
    platform's own (platformdirs). Nothing is created here."""
    chosen = data_dir or environ.get(ENV_DATA_DIR)
    if chosen:
        root = Path(chosen).expanduser()
        return Paths(root, root, root / "logs")
    import platformdirs

    return Paths(Path(platformdirs.user_config_dir(APP_NAME, appauthor=False)),
                 Path(platformdirs.user_data_dir(APP_NAME, appauthor=False)),
                 Path(platformdirs.user_log_dir(APP_NAME, appauthor=False)))


# ------------------------------------------------------------------------------------------
# Atomic writes and careful reads


def atomic_write_text(path: Path, text: str) -> None:
    """Replace ``path`` with ``text`` so that a reader — or a crash at any moment — sees either
    the old file or the new one, never a mix: write a temporary file beside it, flush, fsync,
    rename over, then fsync the folder (where the system allows it).

    A file that cannot be read, or anything but a regular file, in the way is never replaced
    (``PermissionError``): whatever it holds, it is not this program's to destroy."""
    refuse_to_replace_unreadable(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    if hasattr(os, "O_DIRECTORY"):
        with contextlib.suppress(OSError):
            dir_fd = os.open(path.parent, os.O_RDONLY | os.O_DIRECTORY)
            try:
                os.fsync(dir_fd)
            finally:
                os.close(dir_fd)


def refuse_to_replace_unreadable(path: Path) -> None:
    """Raise ``PermissionError`` when ``path`` exists but is not a regular file this process
    may read (a write would destroy what the game could not even look at). A symbolic link
    is not refused: it is not looked through, and a rename replaces the link itself."""
    try:
        mode = os.lstat(path).st_mode
    except OSError:
        return
    if stat.S_ISLNK(mode):
        return
    if not stat.S_ISREG(mode) or not os.access(path, os.R_OK):
        raise PermissionError(errno.EACCES, "it exists but cannot be read, so it is left alone",
                              str(path))


def write_json(path: Path, data: Any) -> None:
    """Write ``data`` as indented JSON, atomically."""
    atomic_write_text(path, json.dumps(data, indent=1, ensure_ascii=False) + "\n")


def quarantine(path: Path, now: Callable[[], float] = time.time) -> Path:
    """Move a damaged file aside as ``<stem>.damaged-<timestamp><suffix>`` (kept for the
    player or a developer to look at); returns the new path."""
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(now()))
    target = path.with_name(f"{path.stem}.damaged-{stamp}{path.suffix}")
    n = 1
    while target.exists():
        n += 1
        target = path.with_name(f"{path.stem}.damaged-{stamp}-{n}{path.suffix}")
    os.replace(path, target)
    return target


class NotARegularFile(OSError):
    """Something other than a plain file — a folder, a named pipe, a device — is where a data
    file should be."""


class LinkInPlace(OSError):
    """A symbolic link is where a data file should be: it is never read nor written through
    (:func:`read_regular_file`, :func:`append_bytes`); it is moved aside like a damaged file."""


def _refuse_link(path: Path) -> None:
    """Raise :class:`LinkInPlace` when ``path`` is a symbolic link."""
    if os.path.islink(path):
        raise LinkInPlace(errno.ELOOP, "a symbolic link is in its place", str(path))


def open_no_link(path: Path, flags: int, mode: int = 0o666) -> int:
    """``os.open`` refusing a symbolic link: looked for first (every system), then
    ``O_NOFOLLOW`` (where the system has it) closes the moment in between."""
    _refuse_link(path)
    try:
        return os.open(path, flags | NOFOLLOW, mode)
    except OSError as err:
        if err.errno in (errno.ELOOP, errno.EMLINK) and os.path.islink(path):
            raise LinkInPlace(errno.ELOOP, "a symbolic link is in its place",
                              str(path)) from None
        raise


def move_link_aside(path: Path, now: Callable[[], float] = time.time) -> Path:
    """A symbolic link found where a data file is written: moved aside like a damaged file
    (:func:`quarantine`: the link itself, its target untouched) and said in one line of the
    log. Returns where it was kept."""
    target = os.readlink(path)
    kept = quarantine(path, now)
    log.warning("a symbolic link (to %s) was where %s is written; nothing is written through "
                "a link: it was moved aside as %s", target, path, kept.name)
    return kept


def append_bytes(path: Path, data: bytes) -> None:
    """Append ``data`` to the existing file ``path`` and fsync it. Raises
    :class:`LinkInPlace` when a symbolic link is in its place (nothing written),
    ``PermissionError`` for a file it may not read or not a regular file, and ``OSError``
    as the system reports (``FileNotFoundError``: there is no file to append to)."""
    refuse_to_replace_unreadable(path)
    fd = open_no_link(path, os.O_WRONLY | os.O_APPEND | getattr(os, "O_NONBLOCK", 0)
                       | getattr(os, "O_BINARY", 0))
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            raise NotARegularFile(errno.EINVAL, _kind_of(mode), str(path))
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view):]
        os.fsync(fd)
    finally:
        os.close(fd)


def _kind_of(mode: int) -> Word:
    if stat.S_ISDIR(mode):
        return Word("a folder is in its place")
    if stat.S_ISFIFO(mode):
        return Word("a named pipe (FIFO) is in its place")
    if stat.S_ISSOCK(mode):
        return Word("a socket is in its place")
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return Word("a device file is in its place")
    return Word("it is not a plain file")


def read_regular_file(path: Path) -> bytes:
    """The bytes of ``path``, read without ever blocking: opened non-blocking (``O_NONBLOCK``
    where the system has it, so a named pipe cannot hold the game up), then ``fstat``: anything
    but a regular file raises :class:`NotARegularFile` unread; a symbolic link in its place
    raises :class:`LinkInPlace` unread. Other failures raise as the system reports them
    (``FileNotFoundError``, ``PermissionError``, ...)."""
    flags = (os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
             | getattr(os, "O_BINARY", 0))
    fd = open_no_link(path, flags)
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            raise NotARegularFile(errno.EINVAL, _kind_of(mode), str(path))
        chunks = []
        while chunk := os.read(fd, 1 << 20):
            chunks.append(chunk)
        return b"".join(chunks)
    finally:
        os.close(fd)


FILE_WORDS = {"settings": Word("settings file"), "statistics": Word("statistics file"),
              "saved game": Word("saved game file")}
"""The data files as the calm lines name them (by :func:`read_json`'s ``what``)."""


def unreadable_notice(what: str, path: Path, err: OSError,
                      consequence: str = Word("nothing is saved over it")) -> Message:
    """The one calm line for a data file that cannot be read: what is wrong, where (the full
    path), that it is left alone and what follows (``consequence``), and what to do. ``what``
    and ``consequence`` are words the catalogs know (a :class:`~game.engine.message.Word` or
    a :class:`~game.engine.message.Message`)."""
    why: str
    if isinstance(err, NotARegularFile):
        why, todo = err.strerror or str(err), Word("move it out of the way")
    elif isinstance(err, PermissionError):
        why, todo = Word("permission denied"), Word("give your user permission to read and "
                                                    "write it")
    else:
        why, todo = (err.strerror or str(err)), Word("check the disk")
    return Message("Your {what} cannot be read ({why}): {path}. It is left untouched and "
                   "{consequence}; {todo}, then restart the game.",
                   what=what if isinstance(what, Message) else Word(what), why=why,
                   path=str(path), todo=todo,
                   consequence=(consequence if isinstance(consequence, Message)
                                else Word(consequence)))


@dataclass
class ReadResult:
    """What :func:`read_json` found: the data (``None`` when missing or damaged) and, when the
    file was damaged or cannot be read, the one line to tell the player. ``blocked``: the file
    is there but cannot be read (no permission, not a regular file) — it must never be
    overwritten, moved or deleted this session."""

    data: Any = None
    notice: Message | None = None
    blocked: bool = False
    error: OSError | None = None
    """Why a blocked file could not be read."""


def read_json(path: Path, what: str, valid: Callable[[Any], bool] = lambda d: True,
              now: Callable[[], float] = time.time, move_damaged: bool = True) -> ReadResult:
    """Read JSON from ``path`` (without blocking: :func:`read_regular_file`). Missing: no data,
    no notice. Cannot be read (no permission, a folder or a special file in its place, an I/O
    error): left exactly as it is, ``blocked``, and the notice says what and where
    (:func:`unreadable_notice`). Not JSON, data that ``valid`` rejects, or a symbolic link in
    its place (**decision**: like a damaged file, with the same words; the log names the
    link's target): the file (the link itself) is moved aside (:func:`quarantine`, unless
    ``move_damaged`` is false) and the notice says so, calmly, naming ``what`` ("settings",
    "statistics", "saved game")."""
    link = False
    try:
        raw = read_regular_file(path)
    except FileNotFoundError:
        return ReadResult()
    except LinkInPlace:
        link, raw = True, b""
    except OSError as err:
        return ReadResult(notice=unreadable_notice(FILE_WORDS.get(what, what), path, err),
                          blocked=True, error=err)
    try:
        data = None if link else json.loads(raw.decode("utf-8"))
        ok = not link and valid(data)
    except (UnicodeDecodeError, ValueError, RecursionError):
        ok, data = False, None
    if ok:
        return ReadResult(data)
    file = Word(FILE_WORDS.get(what, what))
    if not move_damaged:
        return ReadResult(notice=Message("Your {what} is damaged: {path}.", what=file,
                                         path=str(path)))
    try:
        kept = move_link_aside(path, now) if link else quarantine(path, now)
    except OSError:
        return ReadResult(notice=Message("Your {what} was damaged and could not be moved "
                                         "aside; starting without it.", what=file))
    return ReadResult(notice=Message("Your {what} was damaged; it was kept as {name} and a "
                                     "fresh one was started.", what=file, name=kept.name))



def clean_temporaries(paths: Paths) -> list[Path]:
    """Remove the temporary files that an interrupted :func:`atomic_write_text` left behind
    (the process was killed between creating and renaming one); they never hold the only copy
    of anything. Returns what was removed."""
    removed = []
    leftovers = [tmp for folder in {paths.config, paths.data}
                 for name in ("settings.json", "statistics.json", "autosave.json")
                 for tmp in folder.glob(f".{name}.*.tmp")]
    with contextlib.suppress(OSError):
        leftovers += paths.saved_game.glob(".*.tmp")
        leftovers += paths.saved_game.glob("*/.*.tmp")
        leftovers += paths.saved_game.glob("*/*/.*.tmp")
    for tmp in leftovers:
        with contextlib.suppress(OSError):
            tmp.unlink()
            removed.append(tmp)
    return removed
