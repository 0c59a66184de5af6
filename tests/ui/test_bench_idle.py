"""``python -m game bench --idle`` prints the CPU share of the game's processes as JSON."""

from __future__ import annotations

import json
import subprocess
import sys
import time

import pytest

from game.cli import main
from game.ui import bench_idle


def test_bench_idle_prints_the_cpu_share_at_the_menu_and_the_table(capsys) -> None:  # type: ignore[no-untyped-def]
    assert main(["bench", "--idle", "--seconds", "0.5"]) == 0
    out = json.loads(capsys.readouterr().out)
    for scene in ("menu", "table"):
        figures = out[scene]
        assert figures["seconds"] >= 0.5 and figures["cpu_percent"] >= 0
        assert figures["processes"] >= 1 and figures["frames"] >= 0
    assert out["table"]["scene"].endswith("South to act") and out["goal_percent"] == 2.0


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="/proc")
def test_the_cpu_of_a_child_process_is_counted() -> None:
    before, n0, how = bench_idle.cpu_used()
    child = subprocess.Popen([sys.executable, "-c",
                              "import time\nend = time.process_time() + 0.3\n"
                              "while time.process_time() < end: pass\ntime.sleep(5)"])
    try:
        time.sleep(1.0)
        after, n1, _how = bench_idle.cpu_used()
    finally:
        child.kill()
        child.wait()
    assert "/proc" in how and n1 == n0 + 1
    assert after - before >= 0.25
