"""Play Four Trumps: ``python3 play.py`` (sets itself up on the first run: the environment,
then the compiled engine, ``tools/build_engine.py``).

Arguments go to the game (``python3 play.py replay FILE`` …), which runs in the folder the
command was given in: a relative path means what it says there.
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent / "tools"))
import bootstrap


def main(args: list[str]) -> int | str:
    """Set up (once), build the engine (once), then run ``python -m game args``; its exit
    status, or the no-display line (status 1) said at once, before any set-up."""
    if bootstrap.display_missing(args):
        return bootstrap.NO_DISPLAY
    python = bootstrap.ensure(bootstrap.ENGINE_EXTRA)
    bootstrap.build_engine(python)  # False: the pure-Python engine runs, and it was said
    # -P: the caller's folder is not put first on the path (a "game" folder there is not the game)
    return bootstrap.run(python, ["-P", "-m", "game", *args], cwd=Path.cwd())


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
