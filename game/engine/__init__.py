"""The rules engine: pure Python, no pygame, no I/O, no clocks, no global randomness.

**The shared core** (each game builds on it):

* :mod:`.cards` — cards, packs, seats and tables (3, 4, 5 players), the notation ("QS",
  "T21", "EX") and bit masks; :mod:`.message` — the sentences the engine says, marked for
  translation.
* :mod:`.hand` — :class:`~.hand.HandState`, a hand in play: legal actions, ``apply``,
  ``result``, and what each seat may know (:mod:`.knowledge`); :mod:`.tricks` — following,
  trumping, the winner of a trick, shared by the 36-card games.
* :mod:`.tally` — the running score of a game of hands; :mod:`.games` — the registry of
  each game's :class:`~.games.GameSpec` (deal, options, tally, new hand).
* :mod:`.records` — hand records: check, replay, build; :mod:`.match` — a game of hands as a
  match record (:func:`~.match.load_match`); :mod:`.replay` — the ``replay`` command's entry
  point, above both.
* :mod:`.claim` — claiming the rest of the tricks, proved; :mod:`.learning` — the learning
  mode's core (why a card may not be played, the review); :mod:`.arena` — AI against AI on
  duplicate deals; :mod:`.daily` — the deal of the day (its seed, the measure, where two plays
  part).

**The games**, one module or package each, its ``GameSpec`` registered in :mod:`.games`:
:mod:`.arbaa_turub` and :mod:`.turup` (what they share in :mod:`.somali`), :mod:`.tarabish`
(a package: rules, declarations — runs and bella —, scoring, the hand, the playout) and
:mod:`.tarot` (a package: the pack, the table layouts, the deal, the auction and the king
call, the dog and the lay-away, the handfuls, the Excuse and petit au bout —
``tarot/excuse.py`` —, the rules of play, scoring and payments, the hand, the playouts).

**The AI** is :mod:`.ai`: players that read a seat's knowledge only.

How they call each other: a game's hand class extends :class:`~.hand.HandState` and uses the
shared rules; :mod:`.records` asks :mod:`.games` for the game of a record and replays it;
:mod:`.match` uses :mod:`.records` to record and check its hands; :mod:`.replay` uses both.
Nothing in the engine imports the AI but :mod:`.arena`, :mod:`.learning` and
:mod:`.match` (the levels' names); nothing imports back up (``tests/test_program_structure.py``).
"""
