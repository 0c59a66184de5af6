"""``--selftest``: it passes through the real app, and every way it can fail ends with status 1
and one line saying why (the traceback only in the report file); the start-up probe."""

from __future__ import annotations

import logging
import multiprocessing.spawn
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pygame
import pytest

from game import cli, engine_choice
from game.ui import probe, selftest
from game.ui.app import App
from game.ui.autoplay import Autoplay

ROOT = Path(__file__).resolve().parents[2]


def test_a_hand_of_a_game_passes(tmp_path, capsys):
    report = tmp_path / "report.log"
    assert selftest.main(["turup"], report) == 0
    out, err = capsys.readouterr()
    lines = out.splitlines()
    assert lines[0].startswith("Four Trumps ") and "(source)" in lines[0]
    assert lines[1] == engine_choice.describe()  # which engine runs, and why pure if so
    assert lines[2].startswith("selftest workers: a hard decision in a worker process (pid ")
    assert lines[3].startswith("languages: English, Français (") and "messages)" in lines[3]
    assert lines[4] == "guided hands: 5 (arbaa-turub, turup, tarabish, tarot, tarot-5)"
    assert lines[5].startswith("selftest turup: 1 hand, ")
    assert lines[6].startswith("selftest passed: 1 game in ")
    assert err == ""
    assert report.read_text().splitlines() == lines


def test_a_worker_process_that_cannot_start_fails_it(tmp_path, capsys, monkeypatch):
    # what a frozen executable without its multiprocessing start-up would do: the spawned
    # child never becomes a worker
    monkeypatch.setattr(multiprocessing.spawn, "_python_exe", b"/bin/false")
    assert selftest.main(["turup"], tmp_path / "report.log", limit=20) == 1
    out, err = capsys.readouterr()
    assert err.startswith("selftest FAILED: the AI's worker process failed: ")
    assert "selftest turup" not in out


def test_a_bundle_running_the_pure_engine_fails_it(tmp_path, capsys, monkeypatch):
    # issue 37: the bundle ships the compiled engine; one that runs the .py engine is broken
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(engine_choice, "kind", lambda: engine_choice.PURE)
    assert selftest.main(["turup"], tmp_path / "report.log") == 1
    out, err = capsys.readouterr()
    assert err.startswith("selftest FAILED: the bundle's engine is not the compiled one "
                          "(engine: pure Python")
    assert "selftest workers" not in out


@pytest.mark.parametrize(("frozen", "kind", "fails"), [
    (True, engine_choice.PURE, True), (True, engine_choice.COMPILED, False),
    (False, engine_choice.PURE, False), (False, engine_choice.COMPILED, False),
])
def test_only_a_bundle_must_run_the_compiled_engine(monkeypatch, frozen, kind, fails):
    monkeypatch.setattr(engine_choice, "kind", lambda: kind)
    if fails:
        with pytest.raises(selftest.SelfTestError, match="not the compiled one"):
            selftest.check_engine(frozen)
    else:
        selftest.check_engine(frozen)  # no SelfTestError: from the sources either may run


def _raise(monkeypatch: pytest.MonkeyPatch) -> None:
    def tick(self: Autoplay) -> None:
        raise RuntimeError("injected fault")

    monkeypatch.setattr(Autoplay, "tick", tick)


def _log_error(monkeypatch: pytest.MonkeyPatch) -> None:
    original = Autoplay.tick

    def tick(self: Autoplay) -> None:
        logging.getLogger("game.ui.autoplay").error("injected complaint")
        original(self)

    monkeypatch.setattr(Autoplay, "tick", tick)


def _blank(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(App, "draw", lambda self: self.screen.fill((0, 0, 0)))


def _no_save(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(selftest.storage, "load_game", lambda paths: (None, None))


FAULTS: list[tuple[str, Callable[[pytest.MonkeyPatch], None], float, str]] = [
    ("an exception in a frame", _raise, 60.0, "RuntimeError: injected fault"),
    ("an error in the log", _log_error, 60.0, "logged an error: injected complaint"),
    ("a hand that takes too long", lambda mp: None, 0.0, "did not finish within 0 s"),
    ("nothing drawn", _blank, 60.0, "the last frame is blank"),
    ("no autosave", _no_save, 60.0, "the autosave did not load back"),
]


@pytest.mark.parametrize(("fault", "inject", "limit", "reason"), FAULTS,
                         ids=[f[0] for f in FAULTS])
def test_a_failure_gives_status_1_and_one_line(tmp_path, capsys, monkeypatch, fault, inject,
                                               limit, reason):
    inject(monkeypatch)
    report = tmp_path / "report.log"
    assert selftest.main(["turup"], report, limit) == 1
    out, err = capsys.readouterr()
    assert err.count("\n") == 1, err
    assert err.startswith("selftest FAILED: turup: ") and reason in err
    assert str(report) in err
    assert "Traceback" not in out + err
    kept = report.read_text()
    assert err.strip() in kept and "Traceback" in kept


def test_it_names_the_assets_folder_and_fails_without_a_font(tmp_path, capsys, monkeypatch):
    from game.ui import assets

    assert selftest.describe().endswith(f"; assets: {assets.root()}")
    shutil.copytree(assets.root(), tmp_path / "assets")
    (tmp_path / "assets" / "fonts" / "DejaVuSans-Bold.ttf").unlink()
    monkeypatch.setattr(assets, "root", lambda: tmp_path / "assets")
    report = tmp_path / "report.log"
    assert selftest.main(["turup"], report) == 1
    out, err = capsys.readouterr()
    assert f"; assets: {tmp_path / 'assets'}" in out
    assert err.startswith(f"selftest FAILED: assets missing from {tmp_path / 'assets'}: "
                          "fonts/DejaVuSans-Bold.ttf ")
    assert "selftest turup" not in out


def test_it_fails_without_the_french_catalog(tmp_path, capsys, monkeypatch):
    from game.i18n import catalog

    monkeypatch.setattr(catalog, "LOCALE", tmp_path / "locale")
    assert selftest.main(["turup"], tmp_path / "report.log") == 1
    out, err = capsys.readouterr()
    assert err.startswith(f"selftest FAILED: the Français catalog is missing from "
                          f"{tmp_path / 'locale'}")
    assert "selftest turup" not in out


def test_a_guided_hand_missing_from_the_program_fails_it(tmp_path, capsys, monkeypatch):
    from game.lessons import script
    monkeypatch.setattr(script, "FOLDER", tmp_path / "lessons")
    assert selftest.main(["turup"], tmp_path / "report.log") == 1
    out, err = capsys.readouterr()
    assert err.startswith("selftest FAILED: a guided hand does not load: lesson file "
                          "arbaa-turub.script.json")
    assert "selftest turup" not in out


def test_the_command_line_runs_it_headless_even_with_a_display_set(tmp_path):
    env = {**os.environ, "SDL_VIDEODRIVER": "x11", "DISPLAY": ":4711", "TMPDIR": str(tmp_path),
           "FOUR_TRUMPS_DATA_DIR": str(tmp_path / "data")}
    done = subprocess.run([sys.executable, "-m", "game", "--selftest"], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=180)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Traceback" not in done.stdout + done.stderr  # not even from a quitting worker's helper
    lines = done.stdout.splitlines()
    assert [line.split(":")[0] for line in lines[1:9]] == [
        "engine", "selftest workers", "languages", "guided hands", "selftest arbaa-turub",
        "selftest turup", "selftest tarabish", "selftest tarot"]
    assert lines[-1].startswith("selftest passed: 4 games")
    # the report is in the game's log folder; the throwaway data folders are gone
    assert (tmp_path / "data" / "logs" / selftest.REPORT_NAME).is_file()
    assert [p.name for p in tmp_path.iterdir()] == ["data"]
    assert [p.name for p in (tmp_path / "data").iterdir()] == ["logs"]


def test_the_report_replaces_a_link_in_its_place_and_never_follows_it(tmp_path, monkeypatch):
    monkeypatch.setenv("FOUR_TRUMPS_DATA_DIR", str(tmp_path / "data"))
    target = tmp_path / "victim.txt"
    target.write_text("keep me")
    report = selftest.report_path()
    report.parent.mkdir(parents=True)
    report.symlink_to(target)
    assert selftest.main(["turup"]) == 0
    assert target.read_text() == "keep me"
    assert not report.is_symlink() and "selftest passed" in report.read_text()


@pytest.mark.parametrize("extra", [["--data-dir", "x"], ["--autoplay", "turup"], ["--continue"],
                                   ["--ai", "easy"], ["deal", "turup", "--seed", "1"]])
def test_other_options_are_refused(capsys, extra):
    assert cli.main(["--selftest", *extra]) == 2
    assert "--selftest takes no other option" in capsys.readouterr().err


def test_the_probe_prints_the_first_frame_and_quits(capsys):
    app = App(size=(800, 600))
    try:
        assert not probe.install(app, {})
        assert app.after_frame == []
        assert probe.install(app, {probe.ENV: "1"})
        before = time.time()
        app.run()
        after = time.time()
    finally:
        app.close()
    out = capsys.readouterr().out.strip()
    assert out.startswith(probe.PREFIX)
    assert before <= float(out.removeprefix(probe.PREFIX)) <= after
    assert not app.running


def test_the_window_gets_the_icon():
    pygame.display.init()
    try:
        from game.ui import assets

        assert assets.set_window_icon()
    finally:
        pygame.display.quit()
