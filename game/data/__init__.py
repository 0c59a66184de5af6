"""The data layer: the player's files on disk — never half written, never fatal when damaged,
never written through a link.

Inside, each part calling only those above it:

* :mod:`game.data.files` — the safe file primitives: where the files are (:class:`Paths`,
  ``--data-dir`` / ``FOUR_TRUMPS_DATA_DIR`` or platformdirs), reading without blocking or
  following a link, atomic writes (temporary file + rename), appends refusing a link
  (``O_NOFOLLOW``), quarantine of a damaged file (``<stem>.damaged-<timestamp><suffix>``) and
  the calm line for a file that cannot be read. It knows nothing of what a file holds.
* :mod:`game.data.settings` — the settings object, its migration and field-by-field reading
  (the statistics writer is its sibling, not its user).
* :mod:`game.data.statistics` — South's record per game and table, its history, and the
  count of the games in progress (each hand counted once).
* :mod:`game.saved_game` (beside this package) — the game in progress, in pieces; it uses
  :mod:`game.data.files` only.

:mod:`game.storage` is the face every caller uses: it re-exports the public names of these
parts (and :func:`~game.storage.load_game`), so ``storage.Settings`` and
``storage.atomic_write_text`` still work. A test that replaces a primitive patches it in
:mod:`game.data.files`, where the other parts look it up.

Saves are data only: JSON, no pickle, nothing executed.
"""
