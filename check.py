"""Run every check: ``python3 check.py`` — ruff, mypy on ``game``, the whole test suite (pytest),
then the standalone bundle: build it and run its self-test (``tools/build_bundle.py``).

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
MOST_PROCESSES = 4
"""The most test processes: the tests that start the AI's worker processes start more."""


def parallel(args: list[str]) -> list[str]:
    """pytest's arguments: ``args``, run on every core unless they say how (``-n``)."""
    if any(a == "-n" or a.startswith(("-n", "--numprocesses")) for a in args):
        return args
    return ["-n", "auto", "--maxprocesses", str(MOST_PROCESSES), *args]


if __name__ == "__main__":
    python = bootstrap.ensure("test")
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    status = bootstrap.run(python, ["-m", "ruff", "check", "."], env)
    if status:
        print("ruff found problems (above).", flush=True)
        sys.exit(status)
    status = bootstrap.run(python, ["-m", "mypy", "game"], env)
    if status:
        print("mypy found problems (above).", flush=True)
        sys.exit(status)
    status = bootstrap.run(python, ["-m", "pytest", *parallel(sys.argv[1:])], env)
    if status or os.environ.get(SKIP_BUNDLE):
        sys.exit(status)
    import build_bundle

    sys.exit(build_bundle.main([]))
