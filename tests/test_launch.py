"""The two commands of the README build and use the compiled engine (issue 37): ``play.py`` and
``check.py`` compile it once (``bootstrap.build_engine``) and go on with the pure-Python engine
when that fails; ``check.py`` runs the suite on the engine built, then the engine's own tests
again on the pure one. No compiler runs here: the build, pip and pytest are stand-ins."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))
import bootstrap  # noqa: E402  (tools/)

import check  # noqa: E402  (the repository's root)
import play  # noqa: E402

PYTHON = Path("/venv/bin/python")


class Calls:
    """What the stand-ins were asked, in order."""

    def __init__(self) -> None:
        self.made: list[tuple[str, object]] = []

    def names(self) -> list[str]:
        return [name for name, _ in self.made]


@pytest.fixture
def calls(monkeypatch: pytest.MonkeyPatch) -> Calls:
    """bootstrap's set-up, build and runs replaced by stand-ins that record their calls (the
    build fails unless a test says otherwise; every run exits 0)."""
    seen = Calls()

    def ensure(extras: str = "") -> Path:
        seen.made.append(("ensure", extras))
        return PYTHON

    def build_engine(python: Path) -> bool:
        seen.made.append(("build", python))
        return False

    def run(python: Path, args: list[str], env: dict[str, str] | None = None,
            cwd: Path | None = None) -> int:
        seen.made.append(("run", (args, env, cwd)))
        return 0

    monkeypatch.setattr(bootstrap, "ensure", ensure)
    monkeypatch.setattr(bootstrap, "build_engine", build_engine)
    monkeypatch.setattr(bootstrap, "run", run)
    return seen


# -- play.py ---------------------------------------------------------------------------------


def test_play_builds_the_engine_then_plays_even_when_the_build_fails(calls, monkeypatch,
                                                                     tmp_path):
    monkeypatch.setattr(bootstrap, "display_missing", lambda args: False)
    monkeypatch.chdir(tmp_path)
    assert play.main(["replay", "hand.json"]) == 0
    assert calls.made == [
        ("ensure", bootstrap.ENGINE_EXTRA), ("build", PYTHON),
        # in the caller's folder (a relative path is the caller's), that folder not on the path
        ("run", (["-P", "-m", "game", "replay", "hand.json"], None, tmp_path))]


def test_play_says_no_display_before_any_set_up(calls, monkeypatch):
    monkeypatch.setattr(bootstrap, "display_missing", lambda args: True)
    assert play.main([]) == bootstrap.NO_DISPLAY
    assert calls.made == []


def test_play_runs_a_relative_path_from_the_callers_folder(tmp_path):
    """``-P -m game`` in another folder finds the game (not a ``game`` folder there) and reads
    the relative path from there: what ``play.py`` runs, with this interpreter."""
    (tmp_path / "game").mkdir()  # a folder named like the package must not shadow it
    deal = subprocess.run([sys.executable, "-P", "-m", "game", "deal", "turup", "--seed", "3"],
                          cwd=tmp_path, capture_output=True, text=True, timeout=60, check=True,
                          env=_game_importable())
    (tmp_path / "hand.json").write_text(deal.stdout, encoding="utf-8")
    done = subprocess.run([sys.executable, "-P", "-m", "game", "replay", "hand.json"],
                          cwd=tmp_path, capture_output=True, text=True, timeout=60,
                          env=_game_importable())
    assert done.returncode == 0, done.stderr
    assert '"phase"' in done.stdout


def _game_importable() -> dict[str, str]:
    """This environment with this checkout's ``game`` importable from any folder (as the
    editable install in ``.venv`` makes it)."""
    import os

    return {**os.environ, "PYTHONPATH": str(ROOT)}


# -- bootstrap.build_engine ------------------------------------------------------------------


@pytest.mark.parametrize(("outcome", "ready", "said"), [
    (0, True, False),                   # compiled (or up to date)
    (1, False, False),                  # the build said why itself, in one line
    (2, False, True),                   # it stopped (a traceback): said here, once
    (OSError("no such file"), False, True),
])
def test_the_build_says_whether_the_compiled_engine_is_ready(tmp_path, monkeypatch, capsys,
                                                             outcome, ready, said):
    monkeypatch.setattr(bootstrap, "ROOT", tmp_path)
    asked = []

    def build(cmd, cwd, env):  # stands in for subprocess.run of the build
        asked.append(cmd)
        assert cwd == tmp_path
        assert (tmp_path / ".native.lock").exists()  # built under the lock
        if isinstance(outcome, OSError):
            raise outcome
        return subprocess.CompletedProcess(cmd, outcome)

    monkeypatch.setattr(bootstrap.subprocess, "run", build)
    assert bootstrap.build_engine(PYTHON) is ready
    assert asked == [[str(PYTHON), str(tmp_path / "tools" / "build_engine.py")]]
    out, err = capsys.readouterr()
    assert out == ""  # the standard output is the game's commands' own
    lines = err.splitlines()
    assert len(lines) == (1 if said else 0)
    assert all(line.startswith("The game runs its pure-Python engine") for line in lines)


def test_the_play_command_installs_what_the_build_needs():
    """The extra ``play.py`` and ``check.py`` ask for holds mypy (mypyc) and setuptools."""
    import tomllib

    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    needed = project["optional-dependencies"][bootstrap.ENGINE_EXTRA]
    assert {d.split(">")[0].split("=")[0] for d in needed} == {"mypy", "setuptools"}
    assert not any(d.startswith("mypy") for d in project["dependencies"])


# -- check.py --------------------------------------------------------------------------------


SKIPS = check.PURE_SKIPS


@pytest.mark.parametrize(("args", "again"), [
    ([], [*check.PURE_TESTS, *SKIPS]),                              # the whole suite ran
    (["-n", "0", "-x"], ["-n", "0", "-x", *check.PURE_TESTS, *SKIPS]),
    (["-k", "tarot"], ["-k", "tarot", *check.PURE_TESTS, *SKIPS]),
    (["tests"], [*check.PURE_TESTS, *SKIPS]),
    (["tests/cli"], [*(p for p in check.PURE_TESTS if p.startswith("tests/cli/")), *SKIPS]),
    (["tests/engine/test_cards.py::test_x", "-q"],
     ["-q", "tests/engine/test_cards.py::test_x", *SKIPS]),
    (["tests/ui/test_autoplay.py", "tests/cli/test_replay.py"],
     ["tests/cli/test_replay.py", *SKIPS]),
    (["tests/ui"], None),                                           # nothing to run again
    (["tests/ui/test_autoplay.py", "-n", "0"], None),
])
def test_the_pure_engine_runs_again_what_of_its_tests_was_chosen(args, again):
    assert check.pure_selection(args, ROOT) == again


def _pytest_runs(calls: Calls) -> list[tuple[list[str], str | None]]:
    """Each pytest run's arguments and its FOUR_TRUMPS_ENGINE."""
    found = []
    for name, made in calls.made:
        if name == "run":
            args, env, _ = made  # type: ignore[misc]
            if args[:2] == ["-m", "pytest"]:
                found.append((args[2:], env.get(check.ENGINE_VARIABLE)))
    return found


def _check(calls: Calls, monkeypatch: pytest.MonkeyPatch, args: list[str],
           engine: str) -> int:
    """check.main with ``engine`` as what the game says runs (the pure one when asked)."""
    monkeypatch.setenv(check.SKIP_BUNDLE, "1")
    monkeypatch.delenv(check.ENGINE_VARIABLE, raising=False)
    monkeypatch.setattr(check, "engine_line", lambda python, env: (
        "engine: pure Python (FOUR_TRUMPS_ENGINE=pure)"
        if env.get(check.ENGINE_VARIABLE) == "pure" else engine))
    return check.main(args)


def test_check_runs_the_suite_compiled_then_the_engines_tests_pure(calls, monkeypatch, capsys):
    monkeypatch.setattr(bootstrap, "build_engine", lambda python: calls.made.append(
        ("build", python)) or True)
    assert _check(calls, monkeypatch, [], "engine: compiled (mypyc)") == 0
    assert calls.names()[:4] == ["ensure", "run", "run", "build"]  # ruff, mypy, then the build
    assert calls.made[0] == ("ensure", f"test,{bootstrap.ENGINE_EXTRA}")
    parallel = check.parallel([])
    assert _pytest_runs(calls) == [
        (parallel, None), ([*parallel, *check.PURE_TESTS, *check.PURE_SKIPS], "pure")]
    said = [line for line in capsys.readouterr().out.splitlines() if line.startswith("Tests")]
    assert said == ["Tests on the compiled (mypyc) engine: pytest (the whole suite)",
                    "Tests on the pure Python (FOUR_TRUMPS_ENGINE=pure) engine: pytest "
                    + " ".join([*check.PURE_TESTS, *check.PURE_SKIPS])]


def test_check_goes_on_with_the_pure_engine_when_the_build_fails(calls, monkeypatch, capsys):
    why = "engine: pure Python (the compiled engine is not built)"
    assert _check(calls, monkeypatch, ["-n", "0"], why) == 0
    assert "build" in calls.names()
    assert _pytest_runs(calls) == [(["-n", "0"], None)]  # once: it was the pure engine
    assert ("Tests on the pure Python (the compiled engine is not built) engine: pytest -n 0"
            in capsys.readouterr().out.splitlines())


def test_check_stops_at_the_first_failing_run(calls, monkeypatch):
    monkeypatch.setattr(bootstrap, "run", lambda python, args, env=None, cwd=None: (
        calls.made.append(("run", (args, env, cwd))) or (1 if "pytest" in args else 0)))
    assert _check(calls, monkeypatch, [], "engine: compiled (mypyc)") == 1
    assert len(_pytest_runs(calls)) == 1


def test_check_names_the_engine_the_game_runs():
    """The real line, from a Python started as pytest will be."""
    import os

    env = {**os.environ, check.ENGINE_VARIABLE: "pure"}
    assert check.engine_line(Path(sys.executable), env) == (
        f"engine: pure Python ({check.ENGINE_VARIABLE}=pure)")



@pytest.mark.skipif(not Path("/bin/false").exists(), reason="needs /bin/false")
def test_check_says_when_it_cannot_tell_the_engine():
    assert check.engine_line(Path("/bin/false"), {}) == (
        "engine: unknown (the game did not start, status 1)")


def test_check_knows_the_games_words_for_the_engine():
    """check.py runs on the system's Python, which cannot import the game: its copies of the
    game's words are held the same here."""
    from game import engine_choice

    assert check.ENGINE_VARIABLE == engine_choice.VARIABLE
    assert f"engine: {engine_choice.COMPILED}".startswith(check.COMPILED)
    assert not f"engine: {engine_choice.PURE}".startswith(check.COMPILED)
