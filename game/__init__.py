"""Four Trumps: four traditional trick-taking card games at one felt table.

The program in parts, each a package or module whose docstring says what is inside:

* :mod:`game.engine` — the rules of the four games, the records (RECORDS.md), the AI players
  (:mod:`game.engine.ai`), the learning mode's core, the deal of the day. Pure Python: no
  pygame, no I/O, no clock, randomness only from a seed.
* :mod:`game.data` — the player's files: safe reads and atomic writes, settings, statistics
  (:mod:`game.storage` is its face); :mod:`game.saved_game` — the games in progress, kept in
  pieces.
* :mod:`game.lessons` — the guided hands, as data (a hand record and its script).
* :mod:`game.i18n` with ``locale/`` — the player's language (English, French).
* :mod:`game.ui` — the pygame-ce interface: the window, the scenes, the table, the saving in
  the background.
* :mod:`game.cli` and ``__main__`` — the commands (``replay``, ``hint``, ``deal``, ``daily``,
  ``arena``, ``saved-game``, ``bench``) and the window.

The imports go one way: the commands and the interface call the engine, the data layer, the
lessons and the languages; the data layer calls the engine, the lessons and the languages;
the lessons call the engine; the engine calls none of them (its messages are marked for
translation, not translated). No two modules import
each other (``tests/test_program_structure.py``).
"""

__version__ = "0.1.0"

from game import engine_choice as _engine_choice

_engine_choice.choose(__path__)
