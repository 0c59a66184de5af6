"""What speaking French costs: compiling the catalog when French is first chosen, and a change of
language while a table is shown (the words said again and every scene laid out again).

Usage: ``python benchmarks/language.py [--runs N]``. Prints one JSON line: the median and the
maximum, in milliseconds, of (a) reading and compiling ``game/locale/fr/*.po`` into gettext's
form (:func:`game.i18n.catalog.translations`), and (b) ``App.set_language`` at a French Tarot
table at 1280×720 (SDL's dummy driver, sound off) followed by the next frame. The frame cost of
translating every frame is measured by ``python -m game bench`` run once with ``LANGUAGE=en``
and once with ``LANGUAGE=fr``.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=20)
    runs = parser.parse_args().runs

    from concurrent.futures import ThreadPoolExecutor

    from game.i18n import catalog
    from game.ui.app import App
    from game.ui.session import Settings

    compile_ms = []
    for _ in range(runs):
        start = time.perf_counter()
        catalog.translations("fr")
        compile_ms.append((time.perf_counter() - start) * 1000)

    app = App((1280, 720), Settings(sound=False, language="en"), workers=ThreadPoolExecutor(1))
    switch_ms = []
    try:
        app.start_game("tarot", seed=1)
        app.step(0.016)
        for i in range(runs):
            start = time.perf_counter()
            app.set_language("fr" if i % 2 == 0 else "en")
            app.step(0.016)
            switch_ms.append((time.perf_counter() - start) * 1000)
    finally:
        app.close()
    print(json.dumps({
        "messages": len(catalog.entries("fr")),
        "compile_ms": {"median": round(statistics.median(compile_ms), 2),
                       "max": round(max(compile_ms), 2)},
        "switch_at_table_ms": {"median": round(statistics.median(switch_ms), 2),
                               "max": round(max(switch_ms), 2)},
    }))


if __name__ == "__main__":
    main()
