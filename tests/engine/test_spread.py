"""The hard search shared among processes (:mod:`game.engine.ai.spread`): the same answer
with one worker and with two, parts that merge into the whole, a failed helper that does not
break the decision, cancellation that reaches the helpers."""

from __future__ import annotations

import concurrent.futures as cf
import random
import time
from pathlib import Path
from types import SimpleNamespace

import pytest

from game.engine import records
from game.engine.ai import make_player, search
from game.engine.ai.player import HardPlayer
from game.engine.ai.spread import Spread, default_workers
from game.engine.knowledge import Knowledge

GAMES = ["tarot", "turup", "arbaa-turub", "tarabish"]


def hard_positions(game: str, seed: int, want: int = 2, phases: tuple[str, ...] = ("play", "trump")
                   ) -> list[Knowledge]:
    """Positions of a hand played by normal players where the hard level may search (more
    than two cards to choose from, or Turup's trump)."""
    _, hand = records.replay_hand(records.new_deal(game, seed, dealer=0))
    players = [make_player("normal", s) for s in range(4)]
    found: list[Knowledge] = []
    while not hand.done:
        seat = hand.to_act
        assert seat is not None
        k = hand.knowledge(seat)
        plays = [a for a in k.legal if "play" in a or "trump" in a]
        if k.phase in phases and len(plays) > 2 and len(found) < want:
            found.append(k)
        hand.apply(players[seat].decide(k).action)
    return found


@pytest.fixture(scope="module")
def spread():
    with Spread(2, scale=False) as s:
        yield s


@pytest.fixture(scope="module")
def scaled():
    with Spread(2) as s:
        yield s


def test_default_workers_is_at_least_one():
    assert default_workers() >= 1


@pytest.mark.parametrize("game", GAMES)
def test_untimed_search_is_the_same_with_one_and_two_workers(game, spread):
    checked = 0
    for k in hard_positions(game, 3):
        alone = HardPlayer(7, 20, timed=False).decide(k)
        shared = HardPlayer(7, 20, timed=False, spread=spread).decide(k)
        assert shared == alone
        checked += alone.samples > 0
    assert checked  # at least one position searched


def test_scaled_spread_samples_twice_the_layouts_and_is_reproducible(scaled):
    k = hard_positions("tarabish", 5, want=1)[0]
    alone = HardPlayer(3, 20, timed=False).decide(k)
    first = HardPlayer(3, 20, timed=False, spread=scaled).decide(k)
    again = HardPlayer(3, 20, timed=False, spread=scaled).decide(k)
    assert first == again
    assert alone.samples > 0 and first.samples == 2 * alone.samples


def _toy(world, c):
    return float(world[0][0] % 7) * (1 if c == "a" else -1) + (0.5 if c == "b" else 0.0)


def _toy_sample(rng):
    return [[rng.randrange(100)]]


@pytest.mark.parametrize("parts", [1, 2, 3])
def test_parts_merge_into_the_whole(parts):
    whole = search.determinized(["a", "b", "c"], _toy_sample, _toy, random.Random(4), 20)
    base = random.Random(4).getrandbits(64)
    partials = [search.run_part(["a", "b", "c"], _toy_sample, _toy, base, 20, p, parts)
                for p in range(parts)]
    assert sorted(i for p in partials for i in p.indices) == list(range(20))
    merged = search.merge(["a", "b", "c"], partials)
    assert merged == whole
    assert merged.scores["a"] == [_toy(_toy_sample(search.layout_rng(base, i)), "a")
                                  for i in range(20)]


class _FailingPool:
    """A pool whose helpers all fail (or, with ``refuse``, cannot even take a job)."""

    def __init__(self, refuse: bool = False) -> None:
        self.refuse = refuse
        self.jobs = 0

    def submit(self, fn, *args):
        if self.refuse:
            raise RuntimeError("no helpers here")
        self.jobs += 1
        future: cf.Future = cf.Future()
        future.set_exception(RuntimeError("the helper died"))
        return future

    def shutdown(self, wait=True, cancel_futures=False):
        pass


@pytest.mark.parametrize("refuse", [False, True])
def test_a_failing_helper_does_not_break_the_decision(refuse):
    k = hard_positions("turup", 3, want=2)[1]
    alone = HardPlayer(7, 20, timed=False).decide(k)
    broken = Spread(3, scale=False)
    pool = _FailingPool(refuse)
    broken._pool = pool  # type: ignore[assignment]
    broken._stop = SimpleNamespace(value=0)
    shared = HardPlayer(7, 20, timed=False, spread=broken).decide(k)
    assert shared == alone  # untimed: the lead scored the failed parts itself
    assert pool.jobs == (0 if refuse else 2)
    timed = HardPlayer(7, 20, spread=broken)
    assert timed.decide(k).action in k.legal


def test_cancelling_stops_the_helpers(spread):
    k = hard_positions("tarot", 3, want=1)[0]
    huge = HardPlayer(1, 10**7, timed=False, spread=spread)  # would search for minutes
    start = time.perf_counter()
    decision = huge.decide(k, lambda: time.perf_counter() - start > 0.3)
    took = time.perf_counter() - start
    assert decision.action in k.legal and took < 3.0
    # the helper is free again at once: a small search right after is not queued behind it
    start = time.perf_counter()
    small = HardPlayer(7, 20, timed=False, spread=spread).decide(k)
    assert small.samples and time.perf_counter() - start < 2.0


def test_timed_spread_search_keeps_its_deadline(scaled):
    k = hard_positions("arbaa-turub", 2, want=1, phases=("play",))[0]
    player = HardPlayer(5, 60, spread=scaled)
    player.decide(k)  # the helpers are up
    start = time.perf_counter()
    decision = player.decide(k)
    assert decision.samples > 0 and time.perf_counter() - start < 0.06 + 0.25


def test_arena_reports_workers_and_samples():
    from game.engine import arena

    out = arena.run("turup", 1, 2, "hard", "normal", budget_ms=10, workers=2)
    assert out["workers"] == 2
    assert set(out["samples"]) == {"hard"} and out["samples"]["hard"]["mean"] > 0


def test_cli_takes_workers():
    from game.cli import build_parser

    args = build_parser().parse_args(["arena", "--game", "turup", "--deals", "1", "--a",
                                      "hard", "--b", "normal", "--workers", "2"])
    assert args.workers == 2


LEAD_WITHOUT_CLOSE = '''
import multiprocessing, sys
sys.path.insert(0, {root!r})
from game.engine import records
from game.engine.ai.player import HardPlayer
from game.engine.ai.spread import Spread

KEPT = []


def lead():
    _, hand = records.replay_hand(records.new_deal("tarabish", 5, dealer=0))
    spread = Spread(2)  # never closed, and still held when the process exits
    KEPT.append(spread)
    while hand.to_act is not None and hand.knowledge(hand.to_act).phase != "play":
        k = hand.knowledge(hand.to_act)
        hand.apply(HardPlayer(1, 10, spread=spread).decide(k).action)
    HardPlayer(1, 10, spread=spread).decide(hand.knowledge(hand.to_act))

if __name__ == "__main__":
    p = multiprocessing.get_context("spawn").Process(target=lead)
    p.start()
    p.join(60)
    print("exit", p.exitcode)
'''


def test_a_lead_that_never_closes_its_spread_still_exits(tmp_path):
    import subprocess
    import sys

    script = tmp_path / "lead.py"
    script.write_text(LEAD_WITHOUT_CLOSE.format(root=str(Path(__file__).parents[2])))
    out = subprocess.run([sys.executable, str(script)], capture_output=True, text=True,
                         timeout=90)
    assert "exit 0" in out.stdout, out.stderr


KILLED_LEAD = '''
import multiprocessing, sys, time
sys.path.insert(0, {root!r})
from game.engine.ai.spread import Spread

def lead(queue):
    spread = Spread(3)
    spread.start()
    time.sleep(1.0)
    queue.put(sorted(spread._pool._processes))
    time.sleep(60)

if __name__ == "__main__":
    ctx = multiprocessing.get_context("spawn")
    queue = ctx.Queue()
    p = ctx.Process(target=lead, args=(queue,))
    p.start()
    print("helpers", *queue.get(timeout=60), flush=True)
    p.kill()
    p.join()
    time.sleep(1.0)
'''


@pytest.mark.skipif(not Path("/proc/self").exists(), reason="reads /proc")
def test_helpers_end_when_their_lead_is_killed(tmp_path):
    import subprocess
    import sys

    script = tmp_path / "killed.py"
    script.write_text(KILLED_LEAD.format(root=str(Path(__file__).parents[2])))
    out = subprocess.run([sys.executable, str(script)], capture_output=True, text=True,
                         timeout=90)
    pids = [int(x) for x in out.stdout.split()[1:]]
    assert len(pids) == 2, out.stderr
    deadline = time.perf_counter() + 10
    alive = pids
    while alive and time.perf_counter() < deadline:
        alive = [p for p in pids if Path(f"/proc/{p}").exists()
                 and Path(f"/proc/{p}/stat").read_text().split()[2] != "Z"]
        time.sleep(0.1)
    assert not alive


@pytest.mark.parametrize(("game", "seed", "steps"), [("tarabish", 0, 5), ("arbaa-turub", 11, 82)])
def test_the_advisors_growing_batches_are_the_same_with_two_workers(game, seed, steps, scaled):
    """The advisor samples in several batches here (more layouts than the hard player's
    first): helpers replay the lead's earlier batches and score their part of the next, so the
    advice and its layouts are the same as one process's, with a spread that scales or not."""
    from ai_helpers import random_point

    from game.engine.learning import Advisor

    _, hand = random_point(game, seed, steps)
    k = hand.knowledge(hand.to_act)
    alone = Advisor().decide(k)
    first = HardPlayer(7, 250, timed=False).decide(k)
    assert alone.samples > first.samples  # more than one batch
    assert Advisor(spread=scaled).decide(k) == alone
