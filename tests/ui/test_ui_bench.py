"""``python -m game bench`` prints frame-time statistics as JSON."""

from __future__ import annotations

import json

from game.cli import main


def test_bench_prints_frame_times(capsys) -> None:  # type: ignore[no-untyped-def]
    assert main(["bench", "--frames", "40"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["frames"] == 40 and out["size"] == [1280, 720]
    assert 0 < out["median"] <= out["p95"] <= out["p99"] <= out["max"]


def test_bench_with_the_ai_thinking_in_the_worker_processes(capsys) -> None:  # type: ignore[no-untyped-def]
    assert main(["bench", "--frames", "60", "--ai"]) == 0
    out = json.loads(capsys.readouterr().out)
    loaded = out["with_ai"]
    assert loaded["level"] == "hard" and loaded["workers"] >= 1 and loaded["decisions"] >= 1
    assert 0 < loaded["median"] <= loaded["p95"] <= loaded["p99"] <= loaded["max"]
    assert out["p99_ratio"] == round(loaded["p99"] / out["p99"], 2)


def test_bench_with_par_under_way_in_the_worker_processes(capsys) -> None:  # type: ignore[no-untyped-def]
    assert main(["bench", "--frames", "30", "--par"]) == 0
    out = json.loads(capsys.readouterr().out)
    loaded = out["with_par"]
    assert loaded["game"] == "arbaa-turub" and loaded["levels"]["S"] == "advisor"
    assert {loaded["levels"][s] for s in "WNE"} == {"normal"}
    assert loaded["workers"] >= 1 and loaded["pars"] >= 1
    assert 0 < loaded["median"] <= loaded["p95"] <= loaded["p99"] <= loaded["max"]
    assert out["p99_ratio_par"] == round(loaded["p99"] / out["p99"], 2)
    assert "with_ai" not in out
