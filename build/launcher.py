"""The bundle's entry point: ``four-trumps [options]`` is ``python -m game [options]``.

``multiprocessing.freeze_support()`` comes first, before anything of the game is imported: in a
frozen executable a worker process (the AI's workers, :mod:`game.engine.ai.workers`, and the
arena's ``--jobs N``) is this same executable started again, and ``freeze_support()`` is where
it becomes the worker instead of a second game — no window, no pygame.
"""

import multiprocessing
import sys

if __name__ == "__main__":
    multiprocessing.freeze_support()
    from game.cli import main

    sys.exit(main())
