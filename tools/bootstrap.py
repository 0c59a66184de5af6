"""Create and refresh the project's virtual environment (``.venv``) on first use.

Used by ``play.py``, ``check.py`` and ``tools/build_bundle.py`` so that a fresh machine with only
Python 3.11 and pip can play, test and build the bundle with one command each. The environment is
reinstalled only when ``pyproject.toml`` changes or an extra not yet installed is asked for (a hash
of it and the extras installed are kept in the environment).

``play.py`` and ``check.py`` then compile the game's engine (:func:`build_engine`: once, again
only when an engine source, Python or mypy changed); where it cannot be compiled they go on with
the pure-Python engine. What the set-up says goes to standard error: the standard output of
``python3 play.py deal ... | python3 play.py replay -`` is the commands' own, even on a first run.
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


ENGINE_EXTRA = "engine"
"""The extra that compiling the engine needs (mypyc, which ships with mypy, and setuptools):
``play.py`` and ``check.py`` ask for it. The game itself imports neither."""


@contextlib.contextmanager
def _locked(name: str = ".venv.lock") -> Iterator[None]:
    """Hold an exclusive lock on the file ``name`` in the project folder so that two first runs
    started together (a pipe of two commands) do not build the same thing at the same time."""
    with open(ROOT / name, "a+b") as f:
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
        print("Setting up Four Trumps (this happens once)...", file=sys.stderr, flush=True)
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
    """Compile the engine with the environment's ``python`` (``tools/build_engine.py``: once, a
    progress line and the time it took on standard error; quiet when up to date). True when the
    compiled engine is ready; False when the pure-Python engine will run — said on one line, by
    the build or here when the build stopped short (a traceback, no interpreter). Never raises
    nor exits: the game runs either way. Two first runs at once (a pipe of two commands) build
    one after the other, the second finding the build up to date."""
    with _locked(".native.lock"):
        try:
            status: int | str = run(python, [str(ROOT / "tools" / "build_engine.py")])
        except OSError as err:
            status = str(err)
    if status == 0:
        return True
    if status != 1:  # 1: the build said why on its own line
        print(f"The game runs its pure-Python engine: the build of the compiled one stopped "
              f"({status}).", file=sys.stderr, flush=True)
    return False


def run(python: Path, args: list[str], env: dict[str, str] | None = None,
        cwd: Path | None = None) -> int:
    """Run ``python args...`` in ``cwd`` (by default the project folder) and return its exit
    status."""
    return subprocess.run([str(python), *args], cwd=cwd or ROOT, env=env).returncode


if __name__ == "__main__":
    ensure(sys.argv[1] if len(sys.argv) > 1 else "")
