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
as an argument overrides it. Test paths given as arguments are run again on the pure-Python
engine as far as they hold engine tests (:func:`pure_selection`). A line before each pytest run
names the engine it runs, as the game says it (``game.engine_choice.describe()``).
"""

import os
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent / "tools"))
import bootstrap

SKIP_BUNDLE = "FOUR_TRUMPS_SKIP_BUNDLE"
ENGINE_VARIABLE = "FOUR_TRUMPS_ENGINE"
"""``game.engine_choice.VARIABLE`` (the system's Python that runs this cannot import the game)."""
COMPILED = "engine: compiled"
"""How ``game.engine_choice.describe()`` begins when the compiled engine runs."""
PURE_TESTS = ["tests/engine", "tests/cli/test_replay.py", "tests/lessons/test_lessons.py"]
"""The tests run a second time on the pure-Python engine, the fallback: the rules, the AI's
decisions, the records' and the guided hands' replays (not the comparison of the two engines,
which runs both whichever is asked for; not the other commands' tests, which add time and no
rule: check.py stays under ten minutes)."""
PURE_SKIPS = ["--ignore", "tests/engine/test_engines_agree.py"]
MOST_PROCESSES = 4
"""The most test processes: the tests that start the AI's worker processes start more."""


def parallel(args: list[str]) -> list[str]:
    """pytest's arguments: ``args``, run on every core unless they say how (``-n``)."""
    if any(a == "-n" or a.startswith(("-n", "--numprocesses")) for a in args):
        return args
    return ["-n", "auto", "--maxprocesses", str(MOST_PROCESSES), *args]


def _is_test_path(arg: str, root: Path) -> bool:
    """Whether the pytest argument ``arg`` names tests by their path (``tests/x.py::name``)."""
    return not arg.startswith("-") and (root / arg.split("::")[0]).exists()


def _inside(path: str, folder: str) -> bool:
    """Whether the test path ``path`` is ``folder`` or lies inside it (both relative)."""
    parts, within = Path(path.split("::")[0]).parts, Path(folder).parts
    return parts[:len(within)] == within


def pure_selection(args: list[str], root: Path = bootstrap.ROOT) -> list[str] | None:
    """pytest's arguments for the pure-Python engine's run after a run of ``args`` on the
    compiled one: ``args``' options and, for its test paths, those of :data:`PURE_TESTS` — all
    of them when ``args`` names none (the whole suite ran); else each path of ``args`` inside
    one of them and each of them inside a path of ``args`` (then :data:`PURE_SKIPS`). ``None``
    when that leaves no test (``python3 check.py tests/ui`` has no second run)."""
    paths = [a for a in args if _is_test_path(a, root)]
    options = [a for a in args if a not in paths]
    if not paths:
        return [*options, *PURE_TESTS, *PURE_SKIPS]
    chosen: list[str] = []
    for path in paths:
        if any(_inside(path, folder) for folder in PURE_TESTS):
            chosen.append(path)
        else:
            chosen.extend(f for f in PURE_TESTS if _inside(f, path) and f not in chosen)
    return [*options, *chosen, *PURE_SKIPS] if chosen else None


def engine_line(python: Path, env: dict[str, str]) -> str:
    """The line ``game.engine_choice.describe()`` gives in ``env`` (``engine: compiled
    (mypyc)``, ``engine: pure Python (why)``): the engine a pytest run started there runs."""
    done = subprocess.run(
        [str(python), "-c", "from game import engine_choice; print(engine_choice.describe())"],
        cwd=bootstrap.ROOT, env=env, capture_output=True, text=True, check=False)
    lines = done.stdout.strip().splitlines()
    if done.returncode or not lines:
        return f"engine: unknown (the game did not start, status {done.returncode})"
    return lines[-1]


def run_tests(python: Path, args: list[str], env: dict[str, str]) -> tuple[int, str]:
    """Run pytest (in parallel, :func:`parallel`) after a line naming the engine it runs;
    its exit status and that engine's line (:func:`engine_line`)."""
    engine = engine_line(python, env)
    print(f"Tests on the {engine.removeprefix('engine: ')} engine: "
          f"pytest {' '.join(args) or '(the whole suite)'}", flush=True)
    return bootstrap.run(python, ["-m", "pytest", *parallel(args)], env), engine


def main(args: list[str]) -> int:
    """Every check in turn (see the module's docstring); the first failure's status."""
    python = bootstrap.ensure(f"test,{bootstrap.ENGINE_EXTRA}")
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    env.pop(ENGINE_VARIABLE, None)  # which engine each run tests is this script's choice
    status = bootstrap.run(python, ["-m", "ruff", "check", "."], env)
    if status:
        print("ruff found problems (above).", flush=True)
        return status
    status = bootstrap.run(python, ["-m", "mypy", "game"], env)
    if status:
        print("mypy found problems (above).", flush=True)
        return status
    bootstrap.build_engine(python)  # False: the pure-Python engine runs, and it was said
    status, engine = run_tests(python, args, env)
    again = pure_selection(args) if engine.startswith(COMPILED) else None
    if not status and again is not None:
        status, _ = run_tests(python, again, {**env, ENGINE_VARIABLE: "pure"})
    if status or os.environ.get(SKIP_BUNDLE):
        return status
    import build_bundle

    return build_bundle.main([])


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
