"""The game in progress on disk, in pieces, so that saving an action costs the same in the 30th
hand as in the first and the bytes written per hand do not grow with the match.

Each game has its own game in progress, in ``<data dir>/saved-game/<game>/`` (issue 16: starting
one game never loses another's); the layout of each::

    match.json            {"format": "four-trumps/saved-game", "version": 1, "pieces": TOKEN,
                           "match": the match record's header (format, version, game, options,
                           seed, seats — everything but "hands")}
    TOKEN/hand-001.jsonl  the first hand: its hand record without "actions" on the first line,
    TOKEN/hand-002.jsonl  then one action (a JSON object) per line
    ...

* A hand's file is a journal: written atomically when the hand is dealt, then each action is
  appended and fsynced (a few dozen bytes). A finished hand's file is never written again. An
  undo — or any doubt about what is on disk (a failed append, a torn line found at start) —
  rewrites the current hand's file atomically.
* ``match.json`` is the commit point of a match: a new match writes its first hand into a new
  ``TOKEN`` folder, then replaces ``match.json`` (atomically), then removes the old folder. A
  kill at any moment leaves either the old match or the new one, whole.
* A kill during an append leaves a torn last line in the last hand's file: it is ignored (the
  action was not saved; the game resumes just before it). A torn or invalid line anywhere else,
  a missing hand, or pieces that do not replay: the save is damaged and the whole folder is moved
  aside (``saved-game.damaged-<timestamp>``), kept as :func:`game.data.files.read_json` keeps
  files. A symbolic link in place of a piece is damage too: it is never read through.
* Anything that cannot be read (no permission, a special file) blocks the save: nothing in the
  folder is touched this session (:attr:`Found.blocked`).
* A save of an earlier version — the pieces directly in ``saved-game/`` (one save for all
  games), or an ``autosave.json`` (the whole record in one file) — still loads, under its game
  when that game has no save of its own; the app converts it into its game's folder (writes
  the pieces and commits them, then removes the old save: a kill in between leaves both, and
  the next start keeps the game's own and removes the old one).

:func:`read_all` finds every game's save; :func:`read` gives one game's pieces back as one
match record (what ``python -m game saved-game [--game GAME]`` prints, and what ``replay``
accepts). :class:`Files` is the writer thread's side: it knows what
is on disk and writes only what changed (:meth:`Files.save`). Nothing here is pygame.

Its files are read, written, appended and moved aside with the primitives of
:mod:`game.data.files` only (never through :mod:`game.storage`, which re-exports this
module's :func:`load_game`): a symbolic link in place of a piece is never followed — found at
start it is damage, found by an append it is moved aside and the hand written afresh.
"""

from __future__ import annotations

import contextlib
import json
import re
import secrets
import shutil
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .data import files
from .engine.message import Message, Word

FORMAT = "four-trumps/saved-game"
VERSION = 1
HEADER = "match.json"
HAND_FILE = re.compile(r"hand-(\d{3,})\.jsonl")
TOKEN = re.compile(r"[0-9a-f]{12}")


def new_token() -> str:
    """A fresh name for a match's folder of pieces."""
    return secrets.token_hex(6)


def hand_file(folder: Path, index: int) -> Path:
    """The journal of hand ``index`` (0-based) in a match's folder."""
    return folder / f"hand-{index + 1:03d}.jsonl"


def _line(obj: Any) -> str:
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":")) + "\n"


def journal_text(hand: Mapping[str, Any], actions: Sequence[Mapping[str, Any]]) -> str:
    """A hand's whole journal: its record without actions, then one action per line."""
    head = {k: v for k, v in hand.items() if k != "actions"}
    return _line(head) + "".join(_line(a) for a in actions)


def header(record: Mapping[str, Any]) -> dict[str, Any]:
    """A match record's header: everything but its hands."""
    return {k: v for k, v in record.items() if k != "hands"}


# ------------------------------------------------------------------------------------------
# Reading


@dataclass
class Found:
    """What :func:`read` found: the match record (``None``: no save, or damaged, or blocked),
    the calm line for the player if any, whether the save is ``blocked`` (never touch it this
    session), and ``disk`` — what the pieces hold, for :class:`Files` to carry on from
    (``None`` when the record came from an old ``autosave.json``)."""

    record: dict[str, Any] | None = None
    notice: str | None = None
    """The calm line for the player (a :class:`~game.engine.message.Message` when made
    here: its English text, said in the player's language where shown)."""
    blocked: bool = False
    disk: OnDisk | None = None
    legacy: bool = False
    """The record came from a save of an earlier version (one for all games)."""
    folder: Path | None = None
    """The folder of the pieces (``None``: an ``autosave.json``)."""
    played: float = 0.0
    """When it was last written (to find the game most recently played)."""


@dataclass
class OnDisk:
    """What the pieces on disk hold: the match's token and, per hand, the actions written.
    ``None`` for a hand means "not known": its file is rewritten whole at the next save."""

    token: str
    hands: list[list[dict[str, Any]] | None] = field(default_factory=list)


class Damaged(ValueError):
    """The pieces are there and readable, but not a save."""


def _read_pieces(folder: Path) -> tuple[dict[str, Any], OnDisk] | None:
    """The record held by ``folder``'s pieces and what is on disk; ``None`` when there is no
    ``match.json``. Raises ``OSError`` (cannot be read: blocked) or :class:`Damaged` (a
    symbolic link in place of a piece too: never read through)."""
    try:
        raw = files.read_regular_file(folder / HEADER)
    except FileNotFoundError:
        return None
    except files.LinkInPlace:
        raise Damaged("match.json is a symbolic link") from None
    try:
        top = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise Damaged("match.json is not JSON") from None
    if not (isinstance(top, dict) and top.get("format") == FORMAT
            and isinstance(top.get("pieces"), str) and TOKEN.fullmatch(top["pieces"])
            and isinstance(top.get("match"), dict)):
        raise Damaged("match.json is not a saved game's header")
    token = top["pieces"]
    pieces = folder / token
    try:
        names = [p.name for p in pieces.iterdir()]
    except FileNotFoundError:
        raise Damaged("the hands are missing") from None
    numbers = sorted(int(m.group(1)) for name in names if (m := HAND_FILE.fullmatch(name)))
    if numbers != list(range(1, len(numbers) + 1)) or not numbers:
        raise Damaged("the hands are not all there")
    hands: list[dict[str, Any]] = []
    disk = OnDisk(token)
    for n in numbers:
        last = n == numbers[-1]
        try:
            lines = files.read_regular_file(hand_file(pieces, n - 1)).split(b"\n")
        except files.LinkInPlace:
            raise Damaged(f"hand {n} is a symbolic link") from None
        torn = lines[-1] != b""          # a whole file ends with a newline
        body = lines[:-1]
        try:
            objects = [json.loads(line.decode("utf-8")) for line in body]
        except (UnicodeDecodeError, ValueError, RecursionError):
            if not last:
                raise Damaged(f"hand {n} has a damaged line") from None
            objects = []
            for line in body:            # a kill tears only the last line it was writing
                try:
                    objects.append(json.loads(line.decode("utf-8")))
                except (UnicodeDecodeError, ValueError, RecursionError):
                    torn = True
                    break
        if torn and not last:
            raise Damaged(f"hand {n} is cut short")
        if not objects or not all(isinstance(o, dict) for o in objects):
            raise Damaged(f"hand {n} is not a hand")
        hands.append({**objects[0], "actions": objects[1:]})
        disk.hands.append(None if torn else list(objects[1:]))
    return {**top["match"], "hands": hands}, disk


def folder_of(paths: files.Paths, game: str) -> Path:
    """The folder of ``game``'s game in progress: ``<data dir>/saved-game/<game>/``."""
    return paths.saved_game / game


def _read_folder(folder: Path, move_damaged: bool, whole: bool) -> Found:
    """The save in pieces in ``folder`` (``Found()`` when there is none). Damaged: moved
    aside (the whole ``folder`` when ``whole``, else its ``match.json``, its pieces then being
    left over) unless ``move_damaged`` is false; unreadable: ``blocked``."""
    try:
        pieces = _read_pieces(folder) if folder.exists() or folder.is_symlink() else None
        if pieces is not None and not autosave_valid(pieces[0]):
            raise Damaged("the saved game does not replay")
    except Damaged:
        if not move_damaged:
            return Found(notice=Message("Your saved game is damaged: {folder}.",
                                        folder=str(folder)))
        try:
            kept = files.quarantine(folder if whole else folder / HEADER)
        except OSError:
            return Found(notice=Message("Your saved game was damaged and could not be moved "
                                        "aside; starting without it."), blocked=True)
        if not whole:
            _remove_other_folders(folder, "")
        return Found(notice=Message("Your saved game was damaged; it was kept as {name} and a "
                                    "fresh one will be started.", name=kept.name))
    except OSError as err:
        where = Path(err.filename) if isinstance(err.filename, str) else folder
        return Found(notice=files.unreadable_notice(
            Word("saved game"), where, err, Word("the game you play now is not saved")),
            blocked=True)
    if pieces is None:
        if move_damaged and folder.is_dir():    # a first save killed before its commit
            _remove_other_folders(folder, "")
        return Found()
    record, disk = pieces
    if move_damaged:
        _remove_other_folders(folder, disk.token)
    return Found(record, disk=disk, folder=folder, played=_last_written(folder, disk.token))


def _last_written(folder: Path, token: str) -> float:
    """When the save in ``folder`` was last written (its newest piece's time)."""
    times = [0.0]
    with contextlib.suppress(OSError):
        times += [p.stat().st_mtime for p in (folder / token).iterdir()]
    return max(times)


@dataclass
class Saves:
    """Every game's save as :func:`read_all` found them: per game, its :class:`Found` (with a
    record, or a notice); ``notices`` about the saves as a whole, and ``blocked`` when the
    ``saved-game`` folder itself cannot be read (nothing is saved this session)."""

    games: dict[str, Found] = field(default_factory=dict)
    notices: list[str] = field(default_factory=list)
    blocked: bool = False

    def latest(self) -> str | None:
        """The game most recently played of those with a save (``None``: no save)."""
        held = [(f.played, g) for g, f in self.games.items() if f.record is not None]
        return max(held)[1] if held else None


def read_all(paths: files.Paths, move_damaged: bool = True) -> Saves:
    """Every game's save in progress: ``saved-game/<game>/`` for each game, and a save of an
    earlier version — pieces directly in ``saved-game/`` (one game for all), else an
    ``autosave.json`` — under its game when that game has no save of its own (``legacy``: the
    app converts it). With ``move_damaged``, damaged saves are moved aside and a legacy save
    shadowed by its game's own (a kill during its conversion) is removed."""
    from .engine import games

    saves = Saves()
    root = paths.saved_game
    for game in games.names():
        found = _read_folder(folder_of(paths, game), move_damaged, whole=True)
        if found.record is not None or found.notice:
            saves.games[game] = found
    has_games = any(folder_of(paths, g).is_dir() for g in games.names())
    old = _read_folder(root, move_damaged, whole=not has_games)
    if old.notice:
        saves.notices.append(old.notice)
    saves.blocked = old.blocked
    if old.record is None and not old.blocked:
        kept = files.read_json(paths.autosave, "saved game", autosave_valid,
                                 move_damaged=move_damaged)
        if kept.error is not None:   # the games go on being saved in pieces, beside it
            saves.notices.append(files.unreadable_notice(
                Word("earlier saved game"), paths.autosave, kept.error,
                Message("new games are saved in {folder}", folder=str(root))))
        elif kept.notice:
            saves.notices.append(kept.notice)
        old = Found(kept.data, played=-1.0)
    if old.record is not None:
        owner = old.record.get("game")
        mine = saves.games.get(owner) if isinstance(owner, str) else None
        if mine is None or mine.record is None:
            if mine is not None and mine.notice:
                saves.notices.append(mine.notice)
            saves.games[str(owner)] = Found(old.record, disk=old.disk, legacy=True,
                                           folder=old.folder, played=old.played)
        elif move_damaged:
            remove_legacy(paths)
    return saves


def read(paths: files.Paths, move_damaged: bool = True, game: str | None = None) -> Found:
    """The saved game of ``game`` (default: the most recently played) as one match record,
    from :func:`read_all`, with every notice about the saves. Damaged (does not replay, pieces
    missing): moved aside unless ``move_damaged`` is false, with a notice. Unreadable:
    ``blocked``, left as it is, with a notice naming the full path and what to do."""
    saves = read_all(paths, move_damaged)
    if game is None:
        game = saves.latest()
    found = saves.games.get(game, Found()) if game is not None else Found()
    notices = saves.notices + [f.notice for f in saves.games.values() if f.notice]
    notice = notices[0] if len(notices) == 1 else " ".join(notices) or None  # one: a Message
    return Found(found.record, notice, found.blocked or saves.blocked,
                 found.disk, found.legacy, found.folder, found.played)


def remove_legacy(paths: files.Paths) -> None:
    """Forget a save of an earlier version: the pieces directly in ``saved-game/`` (its
    ``match.json`` first), and ``autosave.json``."""
    remove(paths)
    with contextlib.suppress(FileNotFoundError):
        paths.autosave.unlink()


def _remove_other_folders(folder: Path, token: str) -> None:
    """Remove the match folders in ``folder`` other than ``token``'s (best effort)."""
    with contextlib.suppress(OSError):
        for other in folder.iterdir():
            if other.name != token and TOKEN.fullmatch(other.name) and other.is_dir():
                shutil.rmtree(other, ignore_errors=True)


def remove(paths: files.Paths, game: str | None = None) -> None:
    """Forget the save in pieces of ``game`` (``None``: the pieces of an earlier version,
    directly in ``saved-game/``): ``match.json`` first (the commit point), then the
    folders."""
    remove_folder(folder_of(paths, game) if game is not None else paths.saved_game)


def remove_folder(folder: Path) -> None:
    """Forget the save in pieces in ``folder``: ``match.json`` first, then the pieces."""
    with contextlib.suppress(FileNotFoundError):
        (folder / HEADER).unlink()
    with contextlib.suppress(FileNotFoundError):
        for other in folder.iterdir():
            if TOKEN.fullmatch(other.name) and other.is_dir():
                shutil.rmtree(other, ignore_errors=True)


def autosave_valid(data: Any) -> bool:
    """True when ``data`` is a match record that replays without error."""
    from .engine import records, replay

    if not isinstance(data, dict) or data.get("format") != records.MATCH_FORMAT:
        return False
    try:
        replay.replay_record(data)
    except records.RecordError:
        return False
    return True


def load_game(paths: files.Paths, move_damaged: bool = True
              ) -> tuple[dict[str, Any] | None, str | None]:
    """The saved game in progress as one match record (``None`` if there is none, or it is
    damaged or unreadable) and a notice if so: the save in pieces
    (:func:`read`) or else an older single-file ``autosave.json``. A save that
    does not replay is damaged (moved aside unless ``move_damaged`` is false)."""
    found = read(paths, move_damaged=move_damaged)
    return found.record, found.notice


# ------------------------------------------------------------------------------------------
# Writing (the writer thread)


@dataclass(frozen=True)
class Snapshot:
    """The game in progress as handed to the writer: cheap to make every action (references to
    the finished hands' records, a copy of the current hand's actions)."""

    token: str
    header: Mapping[str, Any]
    hands: Sequence[Mapping[str, Any]]
    """Every hand's record; the last one's ``actions`` is a copy taken for this snapshot."""


def snapshot(token: str, head: Mapping[str, Any], hands: Sequence[Mapping[str, Any]]
             ) -> Snapshot:
    """A :class:`Snapshot` of a match whose header is ``head`` and hands ``hands`` (the
    match's own list: only the last hand's actions may still change, so only they are
    copied)."""
    hands = list(hands)
    hands[-1] = dict(hands[-1], actions=list(hands[-1]["actions"]))
    return Snapshot(token, head, hands)


class Files:
    """The save in pieces as the writer thread sees it: what is on disk (:class:`OnDisk`, or
    ``None`` for nothing of ours) and the writes that bring it up to a :class:`Snapshot`. Used
    from one thread at a time (the keeper's at start, then the writer's)."""

    def __init__(self, paths: files.Paths, disk: OnDisk | None = None,
                 game: str | None = None) -> None:
        self.paths = paths
        self.folder = folder_of(paths, game) if game is not None else paths.saved_game
        """``saved-game/<game>/``; without a game, ``saved-game/`` as an earlier version
        kept its one save."""
        self.disk = disk
        self.bytes_written = 0
        """Bytes handed to the system so far (for the benchmark)."""

    def save(self, snap: Snapshot) -> None:
        """Bring the disk up to ``snap``: a new match writes all its hands into a new folder
        and then commits ``match.json``; the same match appends the new actions of its last
        hand (or rewrites a hand's file when what is on disk is not a prefix of it). Raises
        ``OSError`` when the disk refuses; what did reach the disk is remembered, so a retry
        carries on from there."""
        if self.disk is None or self.disk.token != snap.token:
            self._begin(snap)
            return
        pieces = self.folder / snap.token
        on = self.disk.hands
        last = len(snap.hands) - 1
        for i, hand in enumerate(snap.hands):
            actions = hand["actions"]
            written = on[i] if i < len(on) else None
            if written is not None and len(written) == len(actions) and i < last:
                continue                       # a finished hand is never written again
            if written is not None and written == actions[:len(written)]:
                if len(written) == len(actions):
                    continue
                new = actions[len(written):]
                self._set(i, None)            # until the append is on disk: rewrite if asked
                try:
                    self._append(hand_file(pieces, i), new)
                except files.LinkInPlace:     # moved aside, said; the hand is written afresh
                    files.move_link_aside(hand_file(pieces, i))
                else:
                    self._set(i, [*written, *new])
                    continue
            text = journal_text(hand, actions)
            files.atomic_write_text(hand_file(pieces, i), text)
            self.bytes_written += len(text.encode("utf-8"))
            self._set(i, list(actions))

    def _set(self, i: int, actions: list[dict[str, Any]] | None) -> None:
        assert self.disk is not None
        while len(self.disk.hands) <= i:
            self.disk.hands.append(None)
        self.disk.hands[i] = actions

    def _append(self, path: Path, actions: Sequence[Mapping[str, Any]]) -> None:
        """Append ``actions`` to a hand's journal and fsync it (:func:`files.append_bytes`:
        a symbolic link in its place raises :class:`files.LinkInPlace`, nothing written)."""
        data = "".join(_line(a) for a in actions).encode("utf-8")
        files.append_bytes(path, data)
        self.bytes_written += len(data)

    def _begin(self, snap: Snapshot) -> None:
        pieces = self.folder / snap.token
        for i, hand in enumerate(snap.hands):
            text = journal_text(hand, hand["actions"])
            files.atomic_write_text(hand_file(pieces, i), text)
            self.bytes_written += len(text.encode("utf-8"))
        top = {"format": FORMAT, "version": VERSION, "pieces": snap.token,
               "match": dict(snap.header)}
        text = json.dumps(top, ensure_ascii=False, indent=1) + "\n"
        files.atomic_write_text(self.folder / HEADER, text)
        self.bytes_written += len(text.encode("utf-8"))
        self.disk = OnDisk(snap.token, [list(h["actions"]) for h in snap.hands])
        _remove_other_folders(self.folder, snap.token)

    def end(self, token: str) -> None:
        """The match ``token`` is over: remove its save — unless the disk already holds
        another match (a new game was saved meanwhile)."""
        if self.disk is not None and self.disk.token != token:
            return
        remove_folder(self.folder)
        self.disk = None
