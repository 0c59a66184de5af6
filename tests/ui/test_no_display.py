"""Issue 36, "no display, no silence": started where there is no display, the game says so on one
line of standard error within two seconds and exits non-zero (it ran on unseen: SDL 2.32 falls
back to its ``offscreen`` driver), ``play.py`` before any set-up; the C libraries' start-up
noise (ALSA's "cannot find card") goes to the log, not the terminal."""

from __future__ import annotations

import argparse
import logging
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game import cli
from game.ui import window
from game.ui.quiet import into_log

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))
import bootstrap  # noqa: E402

unix_only = pytest.mark.skipif(sys.platform.startswith(("win", "darwin")),
                               reason="Windows and macOS always have a display")


def _headless() -> dict[str, str]:
    """This environment without a display nor a chosen video driver."""
    env = {k: v for k, v in os.environ.items()
           if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER", "SDL_AUDIODRIVER")}
    env["PYTHONPATH"] = str(ROOT)
    return env


def _started(args: list[str], tmp_path: Path) -> tuple[subprocess.CompletedProcess[str], float]:
    began = time.monotonic()
    done = subprocess.run([sys.executable, *args], cwd=ROOT, env=_headless(), text=True,
                          capture_output=True, timeout=60)
    return done, time.monotonic() - began


@unix_only
@pytest.mark.parametrize("args", [["play.py"], ["-m", "game", "--data-dir", "{tmp}"]],
                         ids=["play.py", "python -m game"])
def test_no_display_is_said_on_one_line_at_once(args: list[str], tmp_path: Path) -> None:
    done, took = _started([a.format(tmp=tmp_path) for a in args], tmp_path)
    assert done.returncode != 0
    assert done.stdout == ""
    assert done.stderr.splitlines() == [window.NO_DISPLAY]  # nothing else: no ALSA, no SDL
    assert took < 2.0


def test_play_py_and_the_game_say_the_same_and_know_the_same_commands() -> None:
    assert bootstrap.NO_DISPLAY == window.NO_DISPLAY
    commands = next(a for a in cli.build_parser()._actions
                    if isinstance(a, argparse._SubParsersAction)).choices
    assert set(commands) <= bootstrap.WINDOWLESS


@pytest.mark.parametrize(("platform", "environ", "args", "missing"), [
    ("linux", {}, [], True),
    ("linux", {}, ["--data-dir", "/tmp/x", "--resume"], True),
    ("linux", {"DISPLAY": ":0"}, [], False),
    ("linux", {"WAYLAND_DISPLAY": "wayland-0"}, [], False),
    ("linux", {"SDL_VIDEODRIVER": "kmsdrm"}, [], False),  # a console, chosen by name
    ("linux", {"DISPLAY": ""}, [], True),
    ("freebsd14", {}, [], True),
    ("linux", {}, ["hint", "record.json"], False),  # a command: no window
    ("linux", {}, ["--help"], False),
    ("win32", {}, [], False),
    ("darwin", {}, [], False),
])
def test_play_py_knows_a_session_without_a_display(
        platform: str, environ: dict[str, str], args: list[str], missing: bool) -> None:
    assert bootstrap.display_missing(args, platform, environ) is missing


def test_start_up_noise_goes_to_the_log(capfd: pytest.CaptureFixture[str],
                                        caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.INFO, logger="game.ui.quiet"), into_log("sound"):
        os.write(2, b"ALSA lib confmisc.c:855:(parse_card) cannot find card '0'\n")
        os.write(2, b"error: XDG_RUNTIME_DIR is invalid\n\n")
    os.write(2, b"after\n")
    assert capfd.readouterr().err == "after\n"  # descriptor 2 is back, the noise is not
    assert [r.getMessage() for r in caplog.records] == [
        "sound: ALSA lib confmisc.c:855:(parse_card) cannot find card '0'",
        "sound: error: XDG_RUNTIME_DIR is invalid"]


def test_standard_error_comes_back_when_the_start_fails(
        capfd: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(RuntimeError), into_log("display"):
        raise RuntimeError("no driver")
    os.write(2, b"still here\n")
    assert capfd.readouterr().err == "still here\n"
