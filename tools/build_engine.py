"""Compile the engine (``game/engine``, the AI included) with mypyc, out of the source tree.

    python tools/build_engine.py [--out DIR] [--force] [--opt LEVEL] [--quiet]

The ``.py`` files stay the source. The engine's folder is copied, as it is, into
``DIR/game/engine`` (default ``.native/`` at the repository's root, ignored by git) and every
module of it but those in :data:`INTERPRETED` is compiled there, its extension module written
beside its copy, the code they share in ``DIR`` (``game/engine_choice.py`` says how the game
then runs it: ``game.engine`` is imported from there when it was built from the same sources).
The C files are compiled in parallel, one compiler per core.

:func:`ensure` is what the play and check commands call (through this script, in the set-up
environment): it compiles once (a progress line, the compiler's output to ``DIR/build.log``),
again only when an engine source, Python, mypy or the level changed, and answers ``None`` with
one log line when there is no compiler or the build fails: the pure-Python engine runs then.
Exits 0 when the compiled engine is ready, 1 when the pure one will run.
"""

from __future__ import annotations

import argparse
import json
import logging
import shutil
import subprocess
import sys
import sysconfig
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from game import engine_choice  # noqa: E402  (the repository's game package)

DEFAULT_OUT = ROOT / ".native"
log = logging.getLogger("four_trumps.build_engine")

INTERPRETED = {
    "game/engine/message.py": "its classes subclass str, which mypyc's native classes cannot",
}
"""Engine modules left interpreted, and why (they are not on any hot path)."""

_SETUP = """\
import os
import sys
from concurrent.futures import ThreadPoolExecutor

from setuptools import setup
from setuptools._distutils import ccompiler
from mypyc.build import mypycify


def compile_in_parallel(self, sources, output_dir=None, macros=None, include_dirs=None,
                        debug=0, extra_preargs=None, extra_postargs=None, depends=None):
    # distutils' CCompiler.compile, one source per thread (a compiler process each)
    macros, objects, extra_postargs, pp_opts, build = self._setup_compile(
        output_dir, macros, include_dirs, sources, depends, extra_postargs)
    cc_args = self._get_cc_args(pp_opts, debug, extra_preargs)

    def one(obj):
        src, ext = build[obj]
        self._compile(obj, src, ext, cc_args, extra_postargs, pp_opts)

    with ThreadPoolExecutor(max(1, os.cpu_count() or 1)) as pool:
        list(pool.map(one, objects))
    return objects


ccompiler.CCompiler.compile = compile_in_parallel  # (MSVC's compiler has its own: serial)
paths = sys.argv[1:]
sys.argv[1:] = ["build_ext", "--inplace"]
setup(name="four-trumps-engine",
      ext_modules=mypycify(paths, opt_level={opt!r}, multi_file=True, group_name={group!r},
                           target_dir="mypyc-c"))
"""


def engine_sources(root: Path) -> list[str]:
    """The engine's modules to compile under ``root``, as paths relative to it (sorted)."""
    found = (p.relative_to(root).as_posix() for p in (root / "game" / "engine").rglob("*.py"))
    return sorted(p for p in found if p not in INTERPRETED)


def stamp(opt: str) -> dict[str, str]:
    """What a build is made from: the engine's sources, the Python, mypy and the level."""
    import mypy.version

    return {"sources": engine_choice.sources_digest(), "python": sys.version,
            "mypy": mypy.version.__version__, "opt": opt,
            "interpreted": ",".join(sorted(INTERPRETED))}


def stage(out: Path) -> None:
    """A fresh copy of the engine's folder (no caches) in ``out/game/engine``, under a
    ``game`` package that is empty but for it (mypy's settings beside)."""
    target = out / "game"
    if target.exists():
        shutil.rmtree(target)
    shutil.copytree(ROOT / "game" / "engine", target / "engine",
                    ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.pyd"))
    (target / "__init__.py").write_text('"""Only the engine, to be compiled."""\n',
                                        encoding="utf-8")
    shutil.copy2(ROOT / "pyproject.toml", out / "pyproject.toml")  # mypy's settings


def build(out: Path, opt: str = "3", quiet: bool = False) -> bool:
    """Stage and compile into ``out`` (a progress line unless ``quiet``; the compiler's
    output in ``build.log``); True when built."""
    out.mkdir(parents=True, exist_ok=True)
    (out / engine_choice.STAMP).unlink(missing_ok=True)
    for old in out.glob(f"{engine_choice.GROUP}*"):
        old.unlink()
    stage(out)
    (out / "setup_engine.py").write_text(
        _SETUP.format(opt=opt, group=engine_choice.GROUP.removesuffix("__mypyc")),
        encoding="utf-8")
    sources = engine_sources(out)
    if not quiet:
        print(f"Compiling the game's engine ({len(sources)} modules, once: a minute or a few; "
              f"log in {out / 'build.log'})…", file=sys.stderr, flush=True)
    start = time.monotonic()
    with open(out / "build.log", "w", encoding="utf-8") as output:
        done = subprocess.run([sys.executable, "setup_engine.py", *sources], cwd=out,
                              stdout=output, stderr=subprocess.STDOUT, check=False)
    if done.returncode != 0 or engine_choice.group_file(out) is None:
        return False
    (out / engine_choice.STAMP).write_text(json.dumps(stamp(opt), indent=1), encoding="utf-8")
    if not quiet:
        print(f"Engine compiled in {time.monotonic() - start:.0f} s.", file=sys.stderr,
              flush=True)
    return True


def compiler_missing() -> str:
    """"" when mypyc and a C compiler are here, else what is missing."""
    try:
        import mypyc.build  # noqa: F401  (the compiler ships with mypy)
    except ImportError:
        return "mypyc is not installed"
    if sys.platform == "win32":
        return ""  # MSVC is found by setuptools itself; a failed build says if it is not
    compiler = (sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(compiler) is None:
        return f"no C compiler ({compiler})"
    return ""


def ensure(out: Path = DEFAULT_OUT, opt: str = "3", force: bool = False,
           quiet: bool = False) -> Path | None:
    """The folder holding the compiled engine, built if missing or out of date; ``None`` (one
    warning logged) when it cannot be built here: the pure-Python engine runs then."""
    missing = compiler_missing()
    if missing:
        log.warning("The game runs its pure-Python engine: the compiled one cannot be built "
                    "here (%s).", missing)
        return None
    try:
        built = json.loads((out / engine_choice.STAMP).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        built = None
    if not force and built == stamp(opt) and engine_choice.group_file(out) is not None:
        return out
    if build(out, opt, quiet):
        return out
    log.warning("The game runs its pure-Python engine: the compiled one failed to build "
                "(see %s).", out / "build.log")
    return None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", default=str(DEFAULT_OUT))
    parser.add_argument("--force", action="store_true", help="build even when up to date")
    parser.add_argument("--opt", default="3", help="mypyc's optimisation level (0-3)")
    parser.add_argument("--quiet", action="store_true", help="no progress lines")
    args = parser.parse_args(argv)
    logging.basicConfig(format="%(message)s")
    return 0 if ensure(Path(args.out).resolve(), args.opt, args.force, args.quiet) else 1


if __name__ == "__main__":
    sys.exit(main())
