"""Compile the engine (``game/engine``, the AI included) with mypyc, out of the source tree.

    python tools/build_engine.py [--out DIR] [--force] [--opt LEVEL]

The ``.py`` files stay the source: the ``game`` package is copied, as it is, into ``DIR/game``
(default ``.native/`` at the repository's root, ignored by git) and every module of
``game/engine`` but those in :data:`INTERPRETED` is compiled there, its extension module written
beside its copy. With ``DIR`` first on ``PYTHONPATH`` the compiled engine runs (Python prefers an
extension module to a ``.py`` file of the same name in one folder) and the rest of ``game`` from
its copies. Which engine runs is visible: ``game.engine.cards.__file__`` ends in ``.so``
(``.pyd`` on Windows) when compiled.

:func:`ensure` is what a launcher calls: it compiles once (a progress line, the compiler's
output to ``DIR/build.log``), again only when an engine source, Python or mypy changed, copies
the rest of ``game`` afresh every time, and answers ``None`` with one log line when there is no
compiler or the build fails (the pure-Python engine then runs). Nothing calls it yet.
"""

from __future__ import annotations

import argparse
import hashlib
import logging
import os
import shutil
import subprocess
import sys
import sysconfig
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_OUT = ROOT / ".native"
STAMP = "engine.stamp"
"""The file in the build folder naming what its extension modules were compiled from."""
log = logging.getLogger("four_trumps.build_engine")

INTERPRETED = {
    "game/engine/message.py": "its classes subclass str, which mypyc's native classes cannot",
}
"""Engine modules left interpreted, and why (they are not on any hot path)."""

_SETUP = """\
import sys
from setuptools import setup
from mypyc.build import mypycify

paths = sys.argv[1:]
sys.argv[1:] = ["build_ext", "--inplace"]
setup(name="four-trumps-engine", ext_modules=mypycify(paths, opt_level={opt!r},
      target_dir="mypyc-c"))
"""


def engine_sources(root: Path) -> list[str]:
    """The engine's modules to compile under ``root``, as paths relative to it (sorted)."""
    found = (p.relative_to(root).as_posix() for p in (root / "game" / "engine").rglob("*.py"))
    return sorted(p for p in found if p not in INTERPRETED)


def stamp(opt: str) -> str:
    """What a build is made from: every engine source, the Python, mypy and the level."""
    import mypy.version

    digest = hashlib.sha256()
    for path in sorted((ROOT / "game" / "engine").rglob("*.py")):
        digest.update(path.relative_to(ROOT).as_posix().encode())
        digest.update(path.read_bytes())
    digest.update(f"{sys.version}|{mypy.version.__version__}|{opt}|{sorted(INTERPRETED)}"
                  .encode())
    return digest.hexdigest()


def stage(out: Path, with_engine: bool) -> None:
    """Copy the ``game`` package (no caches, no build outputs) into ``out``; the engine's
    folder too only when ``with_engine`` (else its compiled modules are kept as they are)."""
    target = out / "game"
    target.mkdir(parents=True, exist_ok=True)
    for entry in (ROOT / "game").iterdir():
        if entry.name == "__pycache__" or (entry.name == "engine" and not with_engine):
            continue
        dest = target / entry.name
        if dest.is_dir():
            shutil.rmtree(dest)
        if entry.is_dir():
            shutil.copytree(entry, dest, ignore=shutil.ignore_patterns("__pycache__", "*.so",
                                                                       "*.pyd"))
        else:
            shutil.copy2(entry, dest)
    shutil.copy2(ROOT / "pyproject.toml", out / "pyproject.toml")  # mypy's settings


def compiled(out: Path) -> bool:
    """True when ``out`` holds a compiled engine (its cards module at least)."""
    suffix = sysconfig.get_config_var("EXT_SUFFIX") or ".so"
    return (out / "game" / "engine" / f"cards{suffix}").exists()


def build(out: Path, opt: str = "3") -> bool:
    """Stage and compile into ``out`` (a progress line; the compiler's output in
    ``build.log``); True when built."""
    out.mkdir(parents=True, exist_ok=True)
    (out / STAMP).unlink(missing_ok=True)
    stage(out, with_engine=True)
    (out / "setup_engine.py").write_text(_SETUP.format(opt=opt), encoding="utf-8")
    sources = engine_sources(out)
    print(f"Compiling the game's engine ({len(sources)} modules, once: a few minutes; "
          f"log in {out / 'build.log'})…", flush=True)
    start = time.monotonic()
    with open(out / "build.log", "w", encoding="utf-8") as output:
        done = subprocess.run([sys.executable, "setup_engine.py", *sources], cwd=out,
                              stdout=output, stderr=subprocess.STDOUT, check=False)
    if done.returncode != 0 or not compiled(out):
        return False
    (out / STAMP).write_text(stamp(opt), encoding="utf-8")
    print(f"Engine compiled in {time.monotonic() - start:.0f} s.", flush=True)
    return True


def ensure(out: Path = DEFAULT_OUT, opt: str = "3", force: bool = False) -> Path | None:
    """The folder to put first on ``sys.path`` for the compiled engine, built if missing or
    out of date; ``None`` (one warning logged) when it cannot be built here: the pure-Python
    engine runs then."""
    try:
        import mypyc.build  # noqa: F401  (the compiler ships with mypy)

        compiler = (sysconfig.get_config_var("CC") or "cc").split()[0]
        if shutil.which(compiler) is None:  # (Windows' MSVC is not looked for yet)
            raise RuntimeError(f"no C compiler ({compiler})")
        current = stamp(opt)
    except (ImportError, RuntimeError) as err:
        log.warning("pure-Python engine: the compiled one cannot be built here (%s)", err)
        return None
    stamp_file = out / STAMP
    fresh = (not force and compiled(out) and stamp_file.exists()
             and stamp_file.read_text(encoding="utf-8") == current)
    if fresh:
        stage(out, with_engine=False)
        return out
    if build(out, opt):
        return out
    log.warning("pure-Python engine: the engine's build failed (see %s)", out / "build.log")
    return None


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", default=str(DEFAULT_OUT))
    parser.add_argument("--force", action="store_true", help="build even when up to date")
    parser.add_argument("--opt", default="3", help="mypyc's optimisation level (0-3)")
    args = parser.parse_args()
    logging.basicConfig(format="%(message)s")
    path = ensure(Path(args.out).resolve(), args.opt, args.force)
    if path is None:
        return 1
    print(f"compiled engine in {path}: PYTHONPATH={path}{os.pathsep}… runs it", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
