"""Writing and checking guided hands (game/lessons/).

    python tools/lessons.py play GAME --seed N [--players P] [--dealer SEAT] [--level normal]
                                                   # a hand dealt by seed N and played out by the
                                                   # AI at every seat: a record to script
    python tools/lessons.py show ID|FILE           # a record action by action, with its tricks
    python tools/lessons.py allow ID               # write into ID.script.json the safe
                                                   # alternatives of South's untaught plays
    python tools/lessons.py check [ID...]          # replay each script (recorded, each allowed
                                                   # card alone, random walks); exit 1 on problems
    python tools/lessons.py time [ID...]           # how long each guided hand takes a reader
                                                   # (game/lessons/duration.py), watching the
                                                   # tricks offered to watch, and playing them

A lesson's files are described in game/lessons/__init__.py.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.engine import records  # noqa: E402
from game.engine.ai.player import make_player  # noqa: E402
from game.engine.cards import SEATS  # noqa: E402
from game.lessons import LESSONS, duration, load, proof  # noqa: E402

FOLDER = ROOT / "game" / "lessons"
WALKS = 20


def play(args: argparse.Namespace) -> int:
    """Print a hand dealt by the seed and played out by the AI at every seat."""
    options = {"players": args.players} if args.players and args.game == "tarot" else None
    dealer = SEATS.index(args.dealer) if args.dealer else None
    record = records.new_deal(args.game, args.seed, dealer, options)  # type: ignore[arg-type]
    _, hand = records.start_hand(record)
    players = [make_player(args.level, args.seed + s) for s in range(hand.table.size)]
    while not hand.done:
        seat = hand.to_act
        assert seat is not None
        action = players[seat].decide(hand.knowledge(seat)).action
        record["actions"].append(action)
        hand.apply(action)
    print(records.dumps(record))
    return 0


def show(args: argparse.Namespace) -> int:
    """Print a record action by action."""
    target = Path(args.what)
    if args.what in LESSONS:
        lines = proof.describe(load(args.what))
    else:
        lines = proof.describe(json.loads(target.read_text(encoding="utf-8")))
    print("\n".join(lines))
    return 0


def script_text(script: dict[str, object]) -> str:
    """A script as JSON text with one step (and one promised situation) a line."""
    lines = []
    for key, value in script.items():
        if isinstance(value, list):
            items = ",\n".join("  " + json.dumps(v, ensure_ascii=False) for v in value)
            lines.append(f" {json.dumps(key)}: [\n{items}\n ]")
        else:
            lines.append(f" {json.dumps(key)}: {json.dumps(value, ensure_ascii=False)}")
    return "{\n" + ",\n".join(lines) + "\n}\n"


def allow(args: argparse.Namespace) -> int:
    """Rewrite the script's allow-only steps with the safe alternatives found now."""
    path = FOLDER / f"{args.id}.script.json"
    script = json.loads(path.read_text(encoding="utf-8"))
    script["steps"] = [s for s in script["steps"] if set(s) - {"at", "allow"}]
    path.write_text(script_text(script), encoding="utf-8")
    lesson = load(args.id)
    added = []
    for at in proof.untaught_south_plays(lesson):
        cards = proof.safe_alternatives(lesson, at)
        if cards:
            added.append({"at": at, "allow": cards})
    script["steps"] = sorted(script["steps"] + added, key=lambda s: s["at"])
    path.write_text(script_text(script), encoding="utf-8")
    print(f"{args.id}: {len(added)} untaught plays widened")
    return 0


def check(args: argparse.Namespace) -> int:
    """Replay each script; print its problems."""
    bad = 0
    for name in args.ids or LESSONS:
        try:
            lesson = load(name)
        except Exception as err:  # a missing or malformed lesson is reported, not raised
            print(f"{name}: {err}")
            bad += 1
            continue
        found = proof.check(lesson) + proof.alternatives_one_at_a_time(lesson)
        for seed in range(WALKS):
            found += [f"walk {seed}: {p}" for p in proof.check(lesson, proof.at_random(seed))]
        for p in found:
            print(f"{name}: {p}")
        bad += bool(found)
        print(f"{name}: {'problems' if found else 'ok'}")
    return 1 if bad else 0


def time(args: argparse.Namespace) -> int:
    """Print each lesson's reading estimate in minutes."""
    for name in args.ids or LESSONS:
        lesson = load(name)
        watched, played = duration.minutes(lesson), duration.minutes(lesson, watch=False)
        extra = f" (playing every trick: {played:.1f})" if lesson.watched() else ""
        print(f"{name}: {watched:.1f} minutes{extra}")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("play")
    p.add_argument("game")
    p.add_argument("--seed", type=int, required=True)
    p.add_argument("--players", type=int)
    p.add_argument("--dealer")
    p.add_argument("--level", default="normal")
    p.set_defaults(run=play)
    s = sub.add_parser("show")
    s.add_argument("what")
    s.set_defaults(run=show)
    a = sub.add_parser("allow")
    a.add_argument("id")
    a.set_defaults(run=allow)
    c = sub.add_parser("check")
    c.add_argument("ids", nargs="*")
    c.set_defaults(run=check)
    m = sub.add_parser("time")
    m.add_argument("ids", nargs="*")
    m.set_defaults(run=time)
    args = parser.parse_args(argv)
    return int(args.run(args))


if __name__ == "__main__":
    sys.exit(main())
