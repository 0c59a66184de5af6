"""Create and refresh the project's virtual environment (``.venv``) on first use.

Used by ``play.py`` and ``check.py`` so that a fresh machine with only Python 3.11 and pip can
play and test with one command each. The environment is reinstalled only when ``pyproject.toml``
changes (a hash of it is kept in the environment).
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VENV = ROOT / ".venv"


def venv_python() -> Path:
    """The interpreter inside ``.venv`` (Windows and POSIX layouts)."""
    if os.name == "nt":
        return VENV / "Scripts" / "python.exe"
    return VENV / "bin" / "python"


def ensure(extras: str = "") -> Path:
    """Make sure ``.venv`` exists with the project installed (editable, with ``extras``).

    Returns the environment's interpreter. Prints one line when it installs something.
    """
    spec = (ROOT / "pyproject.toml").read_bytes() + extras.encode()
    stamp_value = hashlib.sha256(spec).hexdigest()
    stamp = VENV / ".four-trumps-stamp"
    python = venv_python()
    if python.exists() and stamp.exists() and stamp.read_text().strip() == stamp_value:
        return python
    if not python.exists():
        print("Setting up Four Trumps (first run only)...", flush=True)
        venv.EnvBuilder(with_pip=True).create(VENV)
    target = f".[{extras}]" if extras else "."
    subprocess.run(
        [str(python), "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
         "-e", target],
        cwd=ROOT,
        check=True,
    )
    stamp.write_text(stamp_value)
    return python


def run(python: Path, args: list[str], env: dict[str, str] | None = None) -> int:
    """Run ``python args...`` in the project folder and return its exit status."""
    return subprocess.run([str(python), *args], cwd=ROOT, env=env).returncode


if __name__ == "__main__":
    ensure(sys.argv[1] if len(sys.argv) > 1 else "")
