"""``python -m game``: see :mod:`game.cli`.

``multiprocessing.freeze_support()`` comes first and everything else under the main guard: the
AI's worker processes are spawned afresh (:mod:`game.engine.ai.workers`), and a spawned child
imports this module as ``__mp_main__`` — it must not start the program (nor import pygame).
"""

import multiprocessing
import sys

if __name__ == "__main__":
    multiprocessing.freeze_support()
    from game.cli import main

    sys.exit(main())
