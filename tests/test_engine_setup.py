"""Which engine runs (``game/engine_choice.py``) and how the play and check commands build the
compiled one (``tools/bootstrap.py``, ``check.py``), without compiling anything."""

from __future__ import annotations

import importlib.util
import json
import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from game import engine_choice

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

import bootstrap  # noqa: E402

import check  # noqa: E402


def fake_build(tmp_path: Path, sources: str) -> Path:
    """A build folder whose stamp names ``sources`` and whose shared code is no library."""
    build = tmp_path / ".native"
    (build / "game" / "engine").mkdir(parents=True)
    (build / engine_choice.STAMP).write_text(json.dumps({"sources": sources}))
    suffix = engine_choice.importlib.machinery.EXTENSION_SUFFIXES[0]
    (build / f"{engine_choice.GROUP}{suffix}").write_bytes(b"not a library")
    return build


@pytest.fixture
def chooser(monkeypatch: pytest.MonkeyPatch) -> None:
    """``choose`` run from the sources, asked for nothing in particular."""
    monkeypatch.delenv(engine_choice.VARIABLE, raising=False)
    monkeypatch.setattr(engine_choice, "why_pure", "")
    monkeypatch.delitem(sys.modules, engine_choice.GROUP, raising=False)


@pytest.mark.usefixtures("chooser")
@pytest.mark.parametrize(("case", "why"), [
    ("pure asked", f"{engine_choice.VARIABLE}=pure"),
    ("not built", "the compiled engine is not built"),
    ("other sources", "the compiled engine was built from other sources (rebuild it)"),
    ("cannot load", "the compiled engine cannot be loaded"),
])
def test_the_pure_engine_runs_and_says_why(case: str, why: str, tmp_path: Path,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    build = fake_build(tmp_path, engine_choice.sources_digest() if case in (
        "pure asked", "cannot load") else "another digest")
    if case == "pure asked":
        monkeypatch.setenv(engine_choice.VARIABLE, "pure")
    if case == "not built":
        (build / engine_choice.STAMP).unlink()
    path = ["the sources"]
    engine_choice.choose(path, build)
    assert path == ["the sources"]
    assert engine_choice.why_pure.startswith(why)
    assert engine_choice.GROUP not in sys.modules


@pytest.mark.usefixtures("chooser")
def test_no_build_folder_no_reason(tmp_path: Path) -> None:
    path = ["the sources"]
    engine_choice.choose(path, tmp_path / "nowhere")
    assert path == ["the sources"] and engine_choice.why_pure == ""


@pytest.mark.usefixtures("chooser")
def test_a_bundle_chooses_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    path = ["the bundle"]
    engine_choice.choose(path, fake_build(tmp_path, engine_choice.sources_digest()))
    assert path == ["the bundle"] and engine_choice.why_pure == ""


@pytest.mark.usefixtures("chooser")
def test_a_fresh_build_goes_first_on_the_packages_path(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """Built from these very sources: its shared code is loaded (here a stand-in module in
    place of the library) and its ``game`` folder goes first on the package's path."""
    build = fake_build(tmp_path, engine_choice.sources_digest())
    stand_in = tmp_path / "group.py"
    stand_in.write_text("LOADED = True\n")
    real = importlib.util.spec_from_file_location
    monkeypatch.setattr(importlib.util, "spec_from_file_location",
                        lambda name, path: real(name, stand_in))
    monkeypatch.setitem(sys.modules, engine_choice.GROUP, None)  # taken away again after
    path = ["the sources"]
    engine_choice.choose(path, build)
    assert path == [str(build / "game"), "the sources"]
    assert engine_choice.why_pure == ""
    assert sys.modules[engine_choice.GROUP].LOADED


@pytest.mark.usefixtures("chooser")
def test_the_variable_is_read_whatever_its_case(tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(engine_choice.VARIABLE, "PURE")
    path = ["the sources"]
    engine_choice.choose(path, fake_build(tmp_path, engine_choice.sources_digest()))
    assert path == ["the sources"] and engine_choice.why_pure == f"{engine_choice.VARIABLE}=pure"


@pytest.mark.parametrize(("running", "why", "line"), [
    (engine_choice.COMPILED, "", "engine: compiled (mypyc)"),
    (engine_choice.COMPILED, "not said when compiled", "engine: compiled (mypyc)"),
    (engine_choice.PURE, "", "engine: pure Python"),
    (engine_choice.PURE, "the compiled engine is not built",
     "engine: pure Python (the compiled engine is not built)"),
])
def test_the_line_says_which_engine_runs_and_why_pure(monkeypatch: pytest.MonkeyPatch,
                                                      running: str, why: str,
                                                      line: str) -> None:
    monkeypatch.setattr(engine_choice, "kind", lambda: running)
    monkeypatch.setattr(engine_choice, "why_pure", why)
    assert engine_choice.describe() == line


def test_the_engine_this_process_runs_is_the_one_chosen() -> None:
    """What :func:`kind` reads from the imported modules agrees with the choice made when
    ``game`` was imported here: compiled when the checkout's build is fresh and the pure
    engine was not asked for."""
    asked_pure = os.environ.get(engine_choice.VARIABLE, "").lower() == "pure"
    fresh = (engine_choice.DEFAULT_BUILD.is_dir()
             and not engine_choice.usable(engine_choice.DEFAULT_BUILD))
    expected = engine_choice.COMPILED if fresh and not asked_pure else engine_choice.PURE
    assert engine_choice.kind() == expected


def test_a_python_asked_for_the_pure_engine_says_so() -> None:
    env = {**os.environ, engine_choice.VARIABLE: "pure"}
    done = subprocess.run(
        [sys.executable, "-c", "from game import engine_choice; print(engine_choice.describe())"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=60, check=True)
    assert done.stdout.strip() == f"engine: pure Python ({engine_choice.VARIABLE}=pure)"


def test_the_digest_follows_every_engine_source(tmp_path: Path) -> None:
    package = tmp_path / "game"
    (package / "engine" / "ai").mkdir(parents=True)
    (package / "engine" / "cards.py").write_text("A = 1\n")
    (package / "engine" / "ai" / "search.py").write_text("B = 2\n")
    before = engine_choice.sources_digest(package)
    (package / "engine" / "ai" / "search.py").write_text("B = 3\n")
    assert engine_choice.sources_digest(package) != before


def test_describe_names_the_engine_that_runs() -> None:
    line = engine_choice.describe()
    assert line.startswith(f"engine: {engine_choice.kind()}")
    assert engine_choice.kind() in (engine_choice.COMPILED, engine_choice.PURE)


def fake_python(tmp_path: Path, status: int) -> Path:
    """A stand-in interpreter that exits with ``status`` whatever it is asked."""
    script = tmp_path / f"python-{status}"
    script.write_text(f"#!/bin/sh\nexit {status}\n")
    script.chmod(script.stat().st_mode | stat.S_IEXEC)
    return script


@pytest.mark.skipif(os.name == "nt", reason="the stand-in interpreter is a shell script")
def test_the_build_result_decides_the_engine_and_the_game_goes_on(tmp_path: Path) -> None:
    assert bootstrap.build_engine(fake_python(tmp_path, 0)) is True
    assert bootstrap.build_engine(fake_python(tmp_path, 1)) is False


def test_the_pure_engine_tests_exist() -> None:
    for path in check.PURE_TESTS:
        assert (ROOT / path).exists(), path
    assert (ROOT / check.PURE_SKIPS[1]).exists()
    assert check.parallel(["-n", "0", "x"]) == ["-n", "0", "x"]
