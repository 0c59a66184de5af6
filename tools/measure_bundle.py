"""Measure the built game: the time from starting its process to its first frame on screen, and
its size on disk — the figures of ``benchmarks/RESULTS.md``.

    python3 tools/measure_bundle.py [--runs N] [--source]

Starts ``dist/four-trumps/four-trumps`` (``--source``: ``.venv/bin/python -m game`` instead)
``N`` times with ``FOUR_TRUMPS_FIRST_FRAME=1`` (:mod:`game.ui.probe`: the game prints the wall
time of its first flip and quits) and a fresh data folder each time, in a real window when
``DISPLAY`` is set (e.g. under Xvfb), else with SDL's dummy driver. Prints one JSON object:
the load average, each run's seconds to the first frame (the first run may include a cold disk
cache) and CPU seconds (the whole run), their medians, and the bundle's bytes and files.
POSIX only (it reads the children's CPU time).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

TOOLS = Path(__file__).resolve().parent
ROOT = TOOLS.parent
sys.path.insert(0, str(TOOLS))
sys.path.insert(0, str(ROOT / "build"))
import bootstrap  # noqa: E402
import build_bundle  # noqa: E402
import bundle_meta as meta  # noqa: E402

PROBE_ENV = "FOUR_TRUMPS_FIRST_FRAME"
PREFIX = "first-frame "


def _cpu() -> float:
    """CPU seconds (user and system) used so far by the children this process waited for."""
    import resource  # POSIX only

    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def first_frame(command: list[str], env: dict[str, str]) -> tuple[float, float]:
    """Seconds from starting ``command`` to the first frame it reports, and the CPU seconds
    the whole run took (start, first frame, closing: on a busy machine the wall time grows
    with the load, the CPU time hardly)."""
    with tempfile.TemporaryDirectory(prefix="four-trumps-measure-") as data:
        cpu = _cpu()
        started = time.time()
        done = subprocess.run([*command, "--data-dir", data], env=env, capture_output=True,
                              text=True, timeout=120, cwd=ROOT)
        cpu = _cpu() - cpu
    for line in done.stdout.splitlines():
        if line.startswith(PREFIX):
            return float(line.removeprefix(PREFIX)) - started, cpu
    raise RuntimeError(f"no first frame reported (status {done.returncode}): "
                       f"{done.stderr.strip()[-300:]}")


def main(argv: Sequence[str] | None = None) -> int:
    """Measure and print the JSON object; returns the exit status."""
    parser = argparse.ArgumentParser(prog="tools/measure_bundle.py", allow_abbrev=False)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--source", action="store_true",
                        help="measure python -m game from the source instead of the bundle")
    args = parser.parse_args(argv)
    if args.source:
        command = [str(bootstrap.venv_python()), "-m", "game"]
    else:
        command = [str(meta.executable(build_bundle.DIST))]
        if not Path(command[0]).is_file():
            print(f"{command[0]} is not built: python3 tools/build_bundle.py", file=sys.stderr)
            return 2
    env = {**os.environ, PROBE_ENV: "1"}
    env.pop("FOUR_TRUMPS_DATA_DIR", None)
    if not env.get("DISPLAY"):
        env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    runs = [first_frame(command, env) for _ in range(args.runs)]
    walls = [round(wall, 3) for wall, _ in runs]
    cpus = [round(cpu, 3) for _, cpu in runs]
    out: dict[str, object] = {
        "program": " ".join(command), "display": env.get("DISPLAY") or "dummy",
        "load": round(os.getloadavg()[0], 2), "first_frame_s": walls,
        "median_s": round(statistics.median(walls), 3), "cpu_s": cpus,
        "median_cpu_s": round(statistics.median(cpus), 3)}
    if not args.source:
        size, files = build_bundle.size_of(meta.shipped(build_bundle.DIST))
        out.update(bytes=size, files=files)
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
