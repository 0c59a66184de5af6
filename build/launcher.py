"""The bundle's entry point: ``four-trumps [options]`` is ``python -m game [options]``.

``multiprocessing.freeze_support()`` lets the arena's worker processes (``arena --jobs N``)
start inside a frozen executable on Windows and macOS, where they are spawned afresh.
"""

import multiprocessing
import sys

from game.cli import main

if __name__ == "__main__":
    multiprocessing.freeze_support()
    sys.exit(main())
