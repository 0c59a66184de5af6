"""Play Four Trumps: ``python3 play.py`` (sets itself up on the first run: the environment,
then the compiled engine, ``tools/build_engine.py``)."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent / "tools"))
import bootstrap

if __name__ == "__main__":
    if bootstrap.display_missing(sys.argv[1:]):  # said at once, before any set-up
        sys.exit(bootstrap.NO_DISPLAY)
    python = bootstrap.ensure("engine")
    bootstrap.build_engine(python)  # without a C compiler the pure-Python engine runs
    sys.exit(bootstrap.run(python, ["-m", "game", *sys.argv[1:]]))
