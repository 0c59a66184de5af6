"""Build the standalone game: ``python3 tools/build_bundle.py`` → ``dist/four-trumps/`` (on macOS
``dist/Four Trumps.app``), then run the built program's ``--selftest``.

Sets itself up like ``check.py``: the first run installs the ``build`` extra (PyInstaller, pinned
in ``pyproject.toml``) and the ``test`` one (mypy, whose mypyc compiles the engine) into
``.venv``. PyInstaller's scratch goes to ``.pyinstaller/`` and its output to ``dist/`` (both
git-ignored), never into ``build/``, which holds the spec.

The bundle ships the compiled engine (issue 37): ``tools/build_engine.py`` compiles it first
(quick when up to date), and the spec puts its extension modules in place of the engine's
``.py`` files. **Decision**: where it cannot be compiled (no C compiler, a failed build) no
bundle is built — the build stops with the reason, rather than ship a game whose AI runs two
to four times slower; install a C compiler (gcc or clang; on Windows, the Visual C++ build
tools) and run it again. The bundle's self-test checks it too: a frozen program running the
pure-Python engine fails it.

Options: ``--no-selftest``; ``--zip`` also writes ``dist/four-trumps-<version>-<os>-<arch>.zip``
(the folder, or the .app on macOS) for a release; ``--clean`` drops PyInstaller's cache first.
Exits non-zero with one line saying why when a step fails.

On Linux PyInstaller needs binutils: ``objdump`` (is this file an ELF binary?), ``objcopy`` (to
add its section to the executable) and ``strip``. A machine without binutils still builds:
:mod:`binutils_standin` does what PyInstaller asks of the first two, and nothing is stripped (a
bigger bundle; the output says so).
"""

from __future__ import annotations

import argparse
import os
import platform
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

TOOLS = Path(__file__).resolve().parent
ROOT = TOOLS.parent
sys.path.insert(0, str(TOOLS))
sys.path.insert(0, str(ROOT / "build"))
import binutils_standin  # noqa: E402
import bootstrap  # noqa: E402
import bundle_meta as meta  # noqa: E402

SPEC = ROOT / "build" / "four-trumps.spec"
WORK = ROOT / ".pyinstaller"
DIST = ROOT / "dist"
SELFTEST_REPORT = "four-trumps-selftest.log"
"""The self-test's report file in the game's log folder (``game.ui.selftest.REPORT_NAME``)."""
DATA_DIR_ENV = "FOUR_TRUMPS_DATA_DIR"
"""The variable naming the game's data folder (``game.storage.ENV_DATA_DIR``)."""
SELFTEST_TIMEOUT = 600
EXTRAS = "build,engine"
"""The environment's extras: PyInstaller (``build``) and mypyc with setuptools, which compile
the engine (``engine``)."""
ENGINE_MISSING = ("The bundle could not be built: it ships the compiled engine, which could "
                  "not be compiled here (the reason is above). Install a C compiler (gcc or "
                  "clang; on Windows, the Visual C++ build tools) and run this again.")

def build_env(environ: dict[str, str] | None = None) -> dict[str, str]:
    """The environment PyInstaller runs in (with :mod:`binutils_standin` on PATH when a Linux
    machine lacks binutils); prints what is missing."""
    env = dict(os.environ if environ is None else environ)
    env.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # PyInstaller imports pygame
    path = env.get("PATH")
    if meta.platform_key() == "linux" and not all(shutil.which(tool, path=path)
                                                  for tool in ("objdump", "objcopy")):
        folder = binutils_standin.install(WORK / "no-binutils")
        env["PATH"] = f"{folder}{os.pathsep}{path or ''}"
        print("binutils (objdump, objcopy) is not installed: using the stand-ins in "
              "tools/binutils_standin.py; debug symbols will not be stripped "
              "(apt-get install binutils for a smaller bundle).", flush=True)
    elif meta.platform_key() == "linux" and not meta.strip_binaries():
        print("strip (binutils) is not installed: debug symbols will not be stripped.",
              flush=True)
    return env


def size_of(folder: Path) -> tuple[int, int]:
    """Bytes and number of files under ``folder`` (symbolic links not followed)."""
    total = count = 0
    for path in folder.rglob("*"):
        if path.is_file() and not path.is_symlink():
            total += path.stat().st_size
            count += 1
    return total, count


def selftest_report(data: Path) -> Path:
    """Where the self-test writes its report when the game's data folder is ``data``: the
    game's log folder under it (``game.ui.selftest.report_path``)."""
    return data / "logs" / SELFTEST_REPORT


def run_selftest(program: Path) -> int:
    """Run ``program --selftest`` and show what it printed — or its report file, when a windowed
    program had no console to print to; returns its exit status. **Decision**: the program
    runs with a throwaway data folder of its own (``FOUR_TRUMPS_DATA_DIR``), so its report is
    read exactly where it was written (:func:`selftest_report`) and the builder's own game
    files are never touched."""
    with tempfile.TemporaryDirectory(prefix="four-trumps-bundle-selftest-") as data:
        report = selftest_report(Path(data))
        print(f"Self-test: {program} --selftest", flush=True)
        try:
            done = subprocess.run([str(program), "--selftest"], capture_output=True, text=True,
                                  timeout=SELFTEST_TIMEOUT,
                                  env={**os.environ, DATA_DIR_ENV: data})
        except (OSError, subprocess.TimeoutExpired) as err:
            print(f"The bundle's self-test did not run to its end: {err}", flush=True)
            return 1
        shown = (done.stdout + done.stderr).strip()
        if not shown and report.exists():
            shown = report.read_text(encoding="utf-8", errors="replace").strip()
    print(shown or "(the self-test printed nothing and left no report)", flush=True)
    if done.returncode == 0 and "Traceback" in shown:
        print("The bundle's self-test passed but printed a traceback: no traceback may reach "
              "a terminal.", flush=True)
        return 1
    return done.returncode


def make_zip(version: str) -> Path:
    """Zip what a player downloads (the folder, or the .app on macOS) into ``dist/``."""
    target = meta.shipped(DIST)
    machine = platform.machine().lower() or "unknown"
    out = DIST / f"{meta.NAME}-{version}-{meta.platform_key()}-{machine}.zip"
    out.unlink(missing_ok=True)
    if meta.platform_key() == "macos":  # ditto keeps the .app's links and attributes
        subprocess.run(["ditto", "-c", "-k", "--sequesterRsrc", "--keepParent", str(target),
                        str(out)], check=True)
    else:  # zipfile keeps the executable bit for unzip on Linux
        shutil.make_archive(str(out.with_suffix("")), "zip", root_dir=DIST, base_dir=target.name)
    return out


def main(argv: Sequence[str] | None = None) -> int:
    """Build (and self-test, and zip) the bundle; returns the exit status."""
    parser = argparse.ArgumentParser(prog="tools/build_bundle.py", description=__doc__.split(
        "\n\n")[0], allow_abbrev=False)
    parser.add_argument("--no-selftest", action="store_true",
                        help="do not run the built program's self-test")
    parser.add_argument("--zip", action="store_true", help="also zip the bundle into dist/")
    parser.add_argument("--clean", action="store_true", help="drop PyInstaller's cache first")
    args = parser.parse_args(argv)
    python = bootstrap.ensure(EXTRAS)
    version = meta.version()
    if bootstrap.run(python, [str(TOOLS / "build_engine.py")]):
        print(ENGINE_MISSING, flush=True)
        return 1
    print(f"Building Four Trumps {version} for {meta.platform_key()} "
          f"(strip: {'yes' if meta.strip_binaries() else 'no'})...", flush=True)
    command = ["-m", "PyInstaller", str(SPEC), "--workpath", str(WORK), "--distpath", str(DIST),
               "--noconfirm", "--log-level", "WARN"]
    if args.clean:
        command.append("--clean")
    if bootstrap.run(python, command, build_env()):
        print("The bundle could not be built (PyInstaller failed, see above).", flush=True)
        return 1
    program = meta.executable(DIST)
    if not program.is_file():
        print(f"The build finished but {program} is not there.", flush=True)
        return 1
    size, files = size_of(meta.shipped(DIST))
    print(f"Built {meta.shipped(DIST)}: {size / 1e6:.1f} MB in {files} files.", flush=True)
    if not args.no_selftest and run_selftest(program):
        print("The bundle's self-test failed (above).", flush=True)
        return 1
    if args.zip:
        print(f"Zipped: {make_zip(version)}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
