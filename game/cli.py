"""The command line: ``python -m game [replay|hint|deal|daily|arena|saved-game|bench] ...``; with no
command, the game itself.

Every command prints one JSON object on stdout (:func:`emit`): UTF-8 when the console takes
UTF-8, else ASCII with ``\\u`` escapes, so that any console (a redirected Windows ``python.exe``
writes cp1252) and any input (unpaired surrogates in a record's keys) gives valid JSON. A bad
record or argument never shows a traceback: it prints the error object RECORDS.md describes
(``replay``) or one line on stderr, and exits 2.

The command line speaks English; ``hint`` and ``replay`` take ``--lang fr`` to print their
messages (the error's message, the hint's reason, the illegal cards' reasons) in French: the
engine returns :class:`~game.engine.message.Message` objects and :func:`in_language` says them
when the JSON is built (field names and exit codes are the same in every language).
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import sys
from collections.abc import Callable, Sequence
from typing import Any

from .engine import games, records, replay
from .engine.cards import NotationError, quoted
from .engine.message import Message

LANGUAGES = ("en", "fr")
"""What ``--lang`` takes (``hint`` and ``replay``); English is the default."""


def emit(obj: Any) -> None:
    """Print ``obj`` as one line of JSON on stdout, valid whatever the console's encoding:
    UTF-8 text where stdout is UTF-8 and the text encodes (an unpaired surrogate does not),
    else every non-ASCII character escaped (``\\u2660``)."""
    text = records.dumps(obj)
    encoding = (getattr(sys.stdout, "encoding", None) or "ascii").lower().replace("_", "-")
    if encoding not in ("utf-8", "utf8"):
        text = records.dumps(obj, ascii_only=True)
    else:
        try:
            text.encode("utf-8")
        except UnicodeEncodeError:
            text = records.dumps(obj, ascii_only=True)
    sys.stdout.write(text + "\n")
    sys.stdout.flush()


def say(line: str) -> None:
    """One line for a person on stderr, whatever its encoding can show (the rest escaped)."""
    encoding = getattr(sys.stderr, "encoding", None) or "ascii"
    sys.stderr.write(line.encode(encoding, "backslashreplace").decode(encoding) + "\n")


def _read(path: str) -> bytes:
    if path == "-":
        return sys.stdin.buffer.read()
    with open(path, "rb") as f:
        return f.read()


def in_language(obj: Any, lang: str, reader: str | None = None) -> Any:
    """``obj`` (a command's JSON object) with every :class:`~game.engine.message.Message` in
    it said in ``lang`` (``"en"``: as it is, byte for byte), to the player of seat ``reader``
    (a letter) when a message has a form addressed to its subject. Keys and other values are
    unchanged."""
    if lang == "en":
        return obj
    from . import i18n

    i18n.set_language(lang)
    return _said(obj, reader)


def _said(obj: Any, reader: str | None) -> Any:
    from . import i18n

    if isinstance(obj, Message):
        return i18n.say(obj, reader)
    if isinstance(obj, dict):
        return {k: _said(v, reader) for k, v in obj.items()}
    if isinstance(obj, list):
        return [_said(v, reader) for v in obj]
    return obj


def _record_command(path: str, doing: str, report: Callable[[object], dict[str, Any]],
                    lang: str = "en") -> int:
    """Read the record at ``path`` (``-``: standard input), print ``report(record)``; for a bad
    record (or a bug while ``doing`` it) print RECORDS.md's error object and exit 2. Messages
    are printed in ``lang`` (:func:`in_language`)."""
    try:
        try:
            text = _read(path)
        except OSError as err:
            raise records.RecordError(Message("cannot read {path}: {detail}", path=path,
                                              detail=err.strerror or str(err))) from None
        out = report(records.parse(text))
    except records.RecordError as err:
        emit(in_language(err.as_json(), lang))
        return 2
    except (RecursionError, MemoryError):
        emit(in_language(records.RecordError(
            Message("the record is nested too deeply to be read")).as_json(), lang))
        return 2
    except Exception as err:  # a bug must still not show a traceback to the user
        emit({"ok": False, "error": {
            "action": None, "message": f"internal error while {doing}: {quoted(err)}"}})
        return 2
    seat = out.get("seat")
    emit(in_language(out, lang, seat if isinstance(seat, str) else None))
    return 0


def cmd_replay(args: argparse.Namespace) -> int:
    """Replay a record and print the replay object; exit 2 with an error object if invalid."""
    return _record_command(args.file, "replaying", replay.replay_record, args.lang)


def cmd_hint(args: argparse.Namespace) -> int:
    """Print the seat to act, its legal actions, its illegal cards with the reasons and the
    strong player's hint for a record's current position; bad records as replay (exit 2)."""
    from .engine import learning
    from .engine.ai import advisor
    from .engine.ai.spread import Spread, default_workers

    workers = default_workers()
    # a one-shot process with no threads: helpers forked where the system can (no start-up)
    fork = "fork" in multiprocessing.get_all_start_methods()
    spread = Spread(workers, start="fork" if fork else "spawn") if workers > 1 else None
    strong = advisor.Advisor(advisor.ADVISOR_SEED if args.seed is None else args.seed,
                             spread=spread, time_cap=advisor.ADVICE_TIME_CAP)
    try:
        return _record_command(args.file, "hinting",
                               lambda record: learning.hint_report(record, strong), args.lang)
    finally:
        if spread is not None:
            spread.close()


def cmd_deal(args: argparse.Namespace) -> int:
    """Print a fresh hand record with no actions (French Tarot: at the table of
    ``--players``)."""
    options = {} if args.players is None else {"players": args.players}
    try:
        spec = games.get(args.game)
        table = spec.table(spec.full_options(options))
        dealer = None if args.dealer is None else table.index(args.dealer)
    except (NotationError, games.OptionError) as err:
        say(f"deal: {err}")
        return 2
    emit(records.new_deal(args.game, args.seed, dealer, options))
    return 0


def cmd_daily(args: argparse.Namespace) -> int:
    """Print the deal of the day of ``args.game`` (``--date``, default today on this computer's
    clock; French Tarot at ``--players``) as a hand record with no actions
    (:mod:`game.engine.daily`)."""
    import datetime

    from .engine import daily

    try:
        day = datetime.date.today() if args.date is None else daily.parse_day(args.date)
        emit(daily.deal_of(args.game, day, args.players))
    except ValueError as err:
        say(f"daily: {err}")
        return 2
    return 0


def cmd_arena(args: argparse.Namespace) -> int:
    """Play AI levels against each other on duplicate deals, or add up the chunk files of
    such runs (``--merge``); print the statistics as JSON."""
    from .engine import arena

    try:
        if args.merge:
            return arena.merge_main(args.merge)
        missing = [f"--{name}" for name in ("game", "deals", "a", "b")
                   if getattr(args, name) is None]
        if missing:
            say(f"arena: {', '.join(missing)} {'is' if len(missing) == 1 else 'are'} needed "
                "(or --merge FILE ...)")
            return 2
        layouts = (arena.default_layouts(args.game, args.players)
                   if args.layouts == "default" else int(args.layouts or 0))
        return arena.main(args.game, args.deals, args.seed, args.a, args.b, args.budget_ms,
                          args.jobs, workers=args.workers, inference=args.inference,
                          players=args.players, plain=args.plain, layouts=layouts,
                          first=args.first, save=args.save)
    except (ValueError, KeyError) as err:
        say(f"arena: {str(err).strip(chr(39))}")
        return 2
    except OSError as err:
        say(f"arena: {err.filename or ''}: {err.strerror or err}")
        return 2


def cmd_bench(args: argparse.Namespace) -> int:
    """Render the busiest table scene for a fixed number of frames; print frame times (again
    with the AI thinking, ``--ai``, with par under way, ``--par``, and with hands being judged
    for the learner's progress, ``--judge``). With ``--idle``: the
    CPU share of the game's processes at the menu and at a table waiting for South
    (:mod:`game.ui.bench_idle`)."""
    if args.idle:
        from .ui import bench_idle

        emit(bench_idle.run(args.seconds))
        return 0
    from .ui import bench

    emit(bench.run(args.frames, args.ai, args.par, args.judge))
    return 0


def cmd_saved_game(args: argparse.Namespace) -> int:
    """Print a saved game in progress as one match record (``replay`` accepts it): ``--game``'s,
    else the one most recently played — each game's save is kept in pieces
    (:mod:`game.saved_game`). Nothing on disk is changed, not even a
    damaged save. No saved game, or one that is damaged or cannot be read: RECORDS.md's error
    object, exit 2."""
    from . import saved_game, storage

    paths = storage.resolve_paths(args.dir or args.data_dir)
    try:
        found = saved_game.read(paths, move_damaged=False, game=args.game)
    except OSError as err:
        found = saved_game.Found(notice=storage.unreadable_notice("saved game", paths.data, err))
    if found.record is None:
        which = f" of {args.game}" if args.game else ""
        message = found.notice or f"there is no saved game{which} in {paths.data}"
        emit({"ok": False, "error": {"action": None, "message": message}})
        return 2
    emit(found.record)
    return 0


def layouts_budget(text: str) -> str:
    """``--layouts``: a number of layouts (at least 1) or ``default``."""
    if text == "default" or (text.isdigit() and int(text) >= 1):
        return text
    raise argparse.ArgumentTypeError(f"{quoted(text)} is not a number of layouts (at least 1) "
                                     "or 'default'")


def _lang_option(p: argparse.ArgumentParser) -> None:
    p.add_argument("--lang", choices=LANGUAGES, default="en",
                   help="the language of the messages: en (default) or fr")


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of ``python -m game``."""
    parser = argparse.ArgumentParser(
        prog="python -m game", allow_abbrev=False,
        description="Four Trumps: Arba'a Turub, Turup, Tarabish and French Tarot. "
                    "With no command, opens the game.")
    game = parser.add_argument_group("the game window")
    game.add_argument("--data-dir", metavar="DIR",
                      help="keep settings, statistics, the saved game and the logs in DIR "
                           "(also: the FOUR_TRUMPS_DATA_DIR environment variable)")
    game.add_argument("--continue", dest="resume", action="store_true",
                      help="open the saved game at once, as Continue in the menu does")
    game.add_argument("--autoplay", metavar="GAME", choices=games.names(),
                      help="four AI players play GAME through the window and its save path, "
                           "resuming the saved game of GAME if there is one")
    game.add_argument("--hands", type=int, default=1,
                      help="with --autoplay: hands to play before quitting (default 1)")
    game.add_argument("--ai", metavar="LEVEL", choices=("random", "easy", "normal", "hard"),
                      help="with --autoplay: the AI level of all four seats "
                           "(default: the saved setting)")
    game.add_argument("--selftest", action="store_true",
                      help="play one AI hand of each game headless in a throwaway data folder; "
                           "exit 0, or 1 with the reason (no other option goes with it)")
    sub = parser.add_subparsers(dest="command")
    p = sub.add_parser("replay", help="check and replay a hand or match record")
    p.add_argument("file", help="the record file, or - for standard input")
    _lang_option(p)
    p.set_defaults(func=cmd_replay)
    p = sub.add_parser("hint", help="the seat to act in a record, its legal and illegal "
                                    "cards (with reasons) and the strong player's hint")
    p.add_argument("file", help="a hand record, or a match record (its last hand); - for "
                                "standard input")
    _lang_option(p)
    p.add_argument("--seed", type=int, default=None,
                   help="the advice's random stream: which layouts of the unseen cards are "
                        "sampled (default: the game's own)")
    p.set_defaults(func=cmd_hint)
    p = sub.add_parser("deal", help="print a fresh hand record for a seed")
    p.add_argument("game", choices=games.names())
    p.add_argument("--seed", type=int, required=True)
    p.add_argument("--dealer", help="S, W, N or E — at French Tarot for three S, E, W, for five "
                                    "S, E, NE, NW, W (default: the game's draw)")
    p.add_argument("--players", type=int, default=None,
                   help="French Tarot: 3, 4 or 5 players (default 4)")
    p.set_defaults(func=cmd_deal)
    p = sub.add_parser("daily", help="print the deal of the day as a hand record (the same "
                                     "cards for everyone on that date)",
                       description="The deal of the day: the deal command's record for the "
                                   "day's seed (the first four bytes of the SHA-256 of the "
                                   "UTF-8 text 'four-trumps/daily GAME PLAYERS YYYY-MM-DD', "
                                   "PLAYERS 4 or French Tarot's 3 or 5, big-endian, top bit "
                                   "cleared) with the game's standard options.")
    p.add_argument("game", choices=games.names())
    p.add_argument("--date", metavar="YYYY-MM-DD", default=None,
                   help="the day whose deal to print (default: today)")
    p.add_argument("--players", type=int, choices=(3, 4, 5), default=4,
                   help="French Tarot: the table's size (default 4)")
    p.set_defaults(func=cmd_daily)
    p = sub.add_parser("arena", help="play two AI levels against each other on duplicate deals")
    p.add_argument("--game", choices=games.names())
    p.add_argument("--deals", type=int, help="how many deals to play")
    p.add_argument("--first", type=int, default=0,
                   help="the first deal's number: a chunk of a longer run (default 0)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--a", help="level A: random, easy, normal or hard")
    p.add_argument("--b", help="level B")
    p.add_argument("--budget-ms", type=float, default=250.0,
                   help="the hard level's time budget per decision (default 250)")
    p.add_argument("--layouts", type=layouts_budget, default=None, metavar="N|default",
                   help="the hard level's budget in layouts per decision instead of time: the "
                        "same play on any machine; 'default': the median hard gets at 250 ms")
    p.add_argument("--save", metavar="FILE",
                   help="write each deal to FILE as it is played (a chunk for --merge)")
    p.add_argument("--merge", nargs="+", metavar="FILE",
                   help="add up chunk files saved by --save into one result (plays nothing)")
    p.add_argument("--jobs", type=int, default=1,
                   help="deals played at once, each in its own process (default 1)")
    p.add_argument("--workers", type=int, default=1,
                   help="processes each hard search shares its layouts among (default 1)")
    p.add_argument("--players", type=int, choices=(3, 4, 5), default=4,
                   help="French Tarot: the table's size (default 4)")
    p.add_argument("--inference", choices=("a", "b"), default="",
                   help="only this side's hard searches weigh their layouts by what the other "
                        "seats did (default: each game's setting on both sides)")
    p.add_argument("--plain", choices=("a", "b"), default="",
                   help="only this side's hard searches play every layout out to the end; the "
                        "other side's solve the last cards exactly (default: both solve them)")
    p.set_defaults(func=cmd_arena)
    p = sub.add_parser("saved-game", help="print the saved game in progress as one match "
                                          "record (what replay accepts)")
    p.add_argument("--data-dir", dest="dir", metavar="DIR",
                   help="the data folder (default: as the game window finds it)")
    p.add_argument("--game", choices=games.names(), default=None,
                   help="whose saved game (default: the game most recently played)")
    p.set_defaults(func=cmd_saved_game)
    p = sub.add_parser("bench", help="frame times of the busiest table scene (JSON, ms)")
    p.add_argument("--frames", type=int, default=600, help="frames to render (default 600)")
    p.add_argument("--ai", action="store_true",
                   help="measure again while the hard AI thinks in the worker processes")
    p.add_argument("--par", action="store_true",
                   help="measure again while par of a deal of the day is played in the worker "
                        "processes")
    p.add_argument("--judge", action="store_true",
                   help="measure again while finished hands are judged for the learner's "
                        "progress in the worker processes")
    p.add_argument("--idle", action="store_true",
                   help="instead: the CPU share of the game's processes (workers included) "
                        "at the menu and at a table waiting for South, as JSON")
    p.add_argument("--seconds", type=float, default=10.0,
                   help="with --idle: seconds measured in each scene (default 10)")
    p.set_defaults(func=cmd_bench)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status. A reader that stops early (``| head``)
    ends the command quietly."""
    try:
        return _main(argv)
    except BrokenPipeError:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1


def _main(argv: Sequence[str] | None) -> int:
    for stream in (sys.stdout, sys.stderr):  # help and usage lines on a console that cannot
        reconfigure = getattr(stream, "reconfigure", None)  # show "—": escaped, not a crash
        if reconfigure is not None:
            reconfigure(errors="backslashreplace")
    args = build_parser().parse_args(argv)
    if args.selftest:
        if args.command or args.data_dir or args.autoplay or args.resume or args.ai:
            say("--selftest takes no other option or command")
            return 2
        from .ui import selftest

        return selftest.main()
    if args.command is None:
        if args.hands < 1:
            say("--hands must be at least 1")
            return 2
        from .ui.app import run

        return run(args.data_dir, args.autoplay, args.hands, args.resume, args.ai)
    status: int = args.func(args)
    return status
