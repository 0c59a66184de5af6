"""Run every check: ``python3 check.py`` — ruff, mypy on ``game``, the engine compiled
(``tools/build_engine.py``, once), the whole test suite (pytest) on the compiled engine, the
engine's rule, replay and AI tests again on the pure-Python engine (:data:`PURE_TESTS`), then
the standalone bundle: build it and run its self-test (``tools/build_bundle.py``). Without a C
compiler the suite runs once, on the pure-Python engine, and the bundle (which must ship the
compiled engine) cannot be built.

Sets itself up on the first run. Extra arguments go to pytest. ``FOUR_TRUMPS_SKIP_BUNDLE=1``
leaves the bundle out (a quick local run). Exits non-zero when anything fails.

The tests run in parallel, one pytest-xdist process per core (at most :data:`MOST_PROCESSES`):
every test keeps to its own temporary folders, so they may. ``-n 0`` (or any ``-n``) given
as an argument overrides it.
"""

import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent / "tools"))
import bootstrap

SKIP_BUNDLE = "FOUR_TRUMPS_SKIP_BUNDLE"
PURE_TESTS = ["tests/engine", "tests/cli/test_replay.py", "tests/cli/test_hint.py",
              "tests/cli/test_daily_command.py"]
"""The tests run a second time on the pure-Python engine, the fallback: the rules, the
records' replays, the AI's decisions and the commands built on them (not the comparison of
the two engines, which runs both whichever is asked for)."""
PURE_SKIPS = ["--ignore", "tests/engine/test_engines_agree.py"]
MOST_PROCESSES = 4
"""The most test processes: the tests that start the AI's worker processes start more."""


def parallel(args: list[str]) -> list[str]:
    """pytest's arguments: ``args``, run on every core unless they say how (``-n``)."""
    if any(a == "-n" or a.startswith(("-n", "--numprocesses")) for a in args):
        return args
    return ["-n", "auto", "--maxprocesses", str(MOST_PROCESSES), *args]


if __name__ == "__main__":
    python = bootstrap.ensure("test,engine")
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    env.pop("FOUR_TRUMPS_ENGINE", None)  # which engine each run tests is this script's choice
    status = bootstrap.run(python, ["-m", "ruff", "check", "."], env)
    if status:
        print("ruff found problems (above).", flush=True)
        sys.exit(status)
    status = bootstrap.run(python, ["-m", "mypy", "game"], env)
    if status:
        print("mypy found problems (above).", flush=True)
        sys.exit(status)
    compiled = bootstrap.build_engine(python)
    print(f"Tests on the {'compiled' if compiled else 'pure-Python'} engine:", flush=True)
    status = bootstrap.run(python, ["-m", "pytest", *parallel(sys.argv[1:])], env)
    if not status and compiled and not sys.argv[1:]:
        print("The engine's tests again, on the pure-Python engine:", flush=True)
        status = bootstrap.run(python, ["-m", "pytest", *parallel([*PURE_TESTS, *PURE_SKIPS])],
                               {**env, "FOUR_TRUMPS_ENGINE": "pure"})
    if status or os.environ.get(SKIP_BUNDLE):
        sys.exit(status)
    import build_bundle

    sys.exit(build_bundle.main([]))
