"""Create and refresh the project's virtual environment (``.venv``) on first use.

Used by ``play.py``, ``check.py`` and ``tools/build_bundle.py`` so that a fresh machine with only
Python 3.11 and pip can play, test and build the bundle with one command each. The environment is
reinstalled only when ``pyproject.toml`` changes or an extra not yet installed is asked for (a hash
of it and the extras installed are kept in the environment).
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import subprocess
import sys
import venv
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VENV = ROOT / ".venv"


def venv_python() -> Path:
    """The interpreter inside ``.venv`` (Windows and POSIX layouts)."""
    if os.name == "nt":
        return VENV / "Scripts" / "python.exe"
    return VENV / "bin" / "python"


@contextlib.contextmanager
def _locked() -> Iterator[None]:
    """Hold an exclusive lock on ``.venv.lock`` so that two first runs started together (a pipe
    of two commands) do not build the environment at the same time."""
    with open(ROOT / ".venv.lock", "a+b") as f:
        if os.name == "nt":
            import msvcrt

            f.seek(0)
            while True:
                try:
                    msvcrt.locking(f.fileno(), msvcrt.LK_LOCK, 1)
                    break
                except OSError:
                    continue
        else:
            import fcntl

            fcntl.flock(f.fileno(), fcntl.LOCK_EX)
        yield


NO_DISPLAY = ("Four Trumps needs a display to open its window, and this session has none "
              "(no DISPLAY or WAYLAND_DISPLAY): run it from a desktop.")
"""The game's own line for a session without a display (``game.ui.window.NO_DISPLAY``, which
cannot be imported before the set-up; a test holds the two the same)."""
DISPLAY_VARIABLES = ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")
"""Any of these set: a display (X11, Wayland) or a video driver the player chose by name."""


WINDOWLESS = frozenset({"replay", "hint", "deal", "daily", "arena", "saved-game", "bench",
                        "--selftest", "-h", "--help"})
"""Words of ``python -m game``'s command line that open no window (its commands; the self-test
and the help): no display is needed for them (a test holds this to ``game.cli``'s commands)."""


def display_missing(args: list[str], platform: str = sys.platform,
                    environ: os._Environ[str] | dict[str, str] = os.environ) -> bool:
    """Whether the game's command line ``args`` asks for the window (no word of
    :data:`WINDOWLESS` in it) and this session plainly has no display to open it on: a Unix
    session other than macOS with none of :data:`DISPLAY_VARIABLES` set (a server, an SSH
    login without X forwarding). Only the environment is read — instant, and before anything
    is installed (``play.py`` says so rather than set up for minutes a game it cannot show).

    **Decision**: Windows and macOS always have a display; a Linux console with SDL's
    ``kmsdrm`` is played by naming it in ``SDL_VIDEODRIVER``. The game itself checks again
    with SDL (``game.ui.window.screen_missing``) for every other way of starting it."""
    if platform.startswith(("win", "darwin", "cygwin", "msys")) or WINDOWLESS & set(args):
        return False
    return not any(environ.get(name) for name in DISPLAY_VARIABLES)


def _wanted(extras: str) -> set[str]:
    """The extras named in ``extras`` (comma-separated, e.g. ``"test,build"``)."""
    return {e.strip() for e in extras.split(",") if e.strip()}


def _read_stamp(stamp: Path) -> tuple[str, set[str]]:
    """The ``pyproject.toml`` hash and the extras recorded in ``stamp`` (empty when absent or
    written by an older version of this script)."""
    try:
        lines = stamp.read_text().splitlines()
    except OSError:
        return "", set()
    if len(lines) != 2:
        return "", set()
    return lines[0].strip(), _wanted(lines[1])


def ensure(extras: str = "") -> Path:
    """Make sure ``.venv`` exists with the project installed (editable, with ``extras``).

    ``extras`` is comma-separated (``"test"``, ``"build"``, ``"test,build"``). The extras
    installed before are kept, so ``check.py`` (test) and ``tools/build_bundle.py`` (build) can
    take turns without reinstalling each time; everything is installed again when
    ``pyproject.toml`` changes. Returns the environment's interpreter. Prints one line when it
    installs something; exits with a clear message (no traceback) when the installation fails.
    """
    digest = hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()
    stamp = VENV / ".four-trumps-stamp"
    python = venv_python()

    def ready() -> bool:
        done, installed = _read_stamp(stamp)
        return python.exists() and done == digest and _wanted(extras) <= installed

    if ready():
        return python
    with _locked():
        if ready():  # another run finished the set-up while this one waited
            return python
        print("Setting up Four Trumps (this happens once)...", flush=True)
        if not stamp.exists():  # a new or interrupted environment: build it afresh
            venv.EnvBuilder(with_pip=True, clear=True).create(VENV)
        union = sorted(_wanted(extras) | _read_stamp(stamp)[1])
        target = f".[{','.join(union)}]" if union else "."
        status = subprocess.run(
            [str(python), "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
             "-e", target],
            cwd=ROOT,
        ).returncode
        if status:
            stamp.unlink(missing_ok=True)
            sys.exit("Four Trumps could not install what it needs (pip failed, see above). "
                     "Check the internet connection and run the same command again.")
        stamp.write_text(f"{digest}\n{','.join(union)}\n")
    return python


def build_engine(python: Path) -> bool:
    """Compile the engine with ``python`` (``tools/build_engine.py``: once, a progress line;
    quiet when up to date). False when the pure-Python engine will run (it said why on one
    line); the game runs either way."""
    return run(python, [str(ROOT / "tools" / "build_engine.py")]) == 0


def run(python: Path, args: list[str], env: dict[str, str] | None = None) -> int:
    """Run ``python args...`` in the project folder and return its exit status."""
    return subprocess.run([str(python), *args], cwd=ROOT, env=env).returncode


if __name__ == "__main__":
    ensure(sys.argv[1] if len(sys.argv) > 1 else "")
