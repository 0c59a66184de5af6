"""Compile the engine (``game/engine``, the AI included) with mypyc, out of the source tree.

    python tools/build_engine.py [--out DIR] [--opt LEVEL]

The ``.py`` files stay the source: they are copied, as they are, into ``DIR/game`` (default
``.native/`` at the repository's root, ignored by git) and every module of ``game/engine`` is
compiled there, its extension module written beside its copy. Putting ``DIR`` first on
``PYTHONPATH`` runs the compiled engine (Python prefers an extension module to a ``.py`` file of
the same name in one folder); the rest of ``game`` runs from its copies. Which engine runs is
visible: ``game.engine.cards.__file__`` ends in ``.so`` (``.pyd`` on Windows) when compiled.

Prints one progress line per step; the compiler's own output goes to ``DIR/build.log``.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_OUT = ROOT / ".native"

_SETUP = """\
import sys
from setuptools import setup
from mypyc.build import mypycify

paths = sys.argv[1:]
sys.argv[1:] = ["build_ext", "--inplace"]
setup(name="four-trumps-engine", ext_modules=mypycify(paths, opt_level={opt!r},
      target_dir="mypyc-c"))
"""


INTERPRETED = {
    "game/engine/message.py": "its classes subclass str, which mypyc's native classes cannot",
}
"""Engine modules left interpreted, and why (they are not on any hot path)."""


def engine_sources(root: Path) -> list[str]:
    """The engine's modules to compile under ``root``, as paths relative to it (sorted)."""
    found = (p.relative_to(root).as_posix() for p in (root / "game" / "engine").rglob("*.py"))
    return sorted(p for p in found if p not in INTERPRETED)


def stage(out: Path) -> None:
    """Copy the ``game`` package (sources and data, no caches, no old builds) into ``out``."""
    target = out / "game"
    if target.exists():
        shutil.rmtree(target)
    shutil.copytree(ROOT / "game", target,
                    ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.pyd"))
    shutil.copy2(ROOT / "pyproject.toml", out / "pyproject.toml")  # mypy's settings


def build(out: Path, opt: str) -> int:
    """Stage and compile into ``out``; the compiler's exit status (0: built)."""
    out.mkdir(parents=True, exist_ok=True)
    stage(out)
    (out / "setup_engine.py").write_text(_SETUP.format(opt=opt), encoding="utf-8")
    sources = engine_sources(out)
    print(f"compiling {len(sources)} engine modules with mypyc into {out} "
          f"(a few minutes; log: {out / 'build.log'})", flush=True)
    with open(out / "build.log", "w", encoding="utf-8") as log:
        done = subprocess.run([sys.executable, "setup_engine.py", *sources], cwd=out,
                              stdout=log, stderr=subprocess.STDOUT, check=False)
    return done.returncode


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", default=str(DEFAULT_OUT))
    parser.add_argument("--opt", default="3", help="mypyc's optimisation level (0-3)")
    args = parser.parse_args()
    out = Path(args.out).resolve()
    start = time.monotonic()
    code = build(out, args.opt)
    took = time.monotonic() - start
    if code:
        print(f"engine build failed after {took:.0f} s (see {out / 'build.log'})", flush=True)
    else:
        print(f"engine compiled in {took:.0f} s: PYTHONPATH={out}{os.pathsep}... runs it",
              flush=True)
    return code


if __name__ == "__main__":
    sys.exit(main())
