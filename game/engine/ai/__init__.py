"""AI players. They read only a seat's :class:`~game.engine.knowledge.Knowledge`.

* :mod:`.player` — the levels (random, easy, normal, hard), :func:`~.player.make_player` and
  :func:`~.player.best_level`; a player asks its game's AI for a decision and its reason.
* **The games' AIs.** The partnership games share :mod:`.policy` (the easy and normal card
  play), :mod:`.view` (a seat's knowledge as ints) and :mod:`.cardplay` (decisions with
  reasons, and the hard level's search); :mod:`.somali` adds what Arba'a Turub
  (:mod:`.arbaa_turub`) and Turup (:mod:`.turup`) share — naming trump, signals, kort;
  :mod:`.tarabish` calls, declares and plays Tarabish. French Tarot is :mod:`.tarot`: bidding,
  the call and the lay-away in :mod:`.tarot_hand`, the card play in :mod:`.tarot_play` (which
  re-exports its parts: :mod:`.tarot_table` what every seat counts, :mod:`.tarot_policy`
  which chooses, :mod:`.tarot_declarer`, :mod:`.tarot_defence`, :mod:`.tarot_partner`,
  :mod:`.tarot_reasons`, :mod:`.tarot_playout`), exact endings in :mod:`.tarot_endgame`.
* **The hard level's search:** :mod:`.search` samples layouts of the unseen cards and plays
  them out; :mod:`.spread` shares the layouts among helper processes; :mod:`.endgame` solves
  late layouts exactly; :mod:`.inference` weighs layouts by what the other seats bid and
  signalled (its tables fitted by :mod:`.inference_fit`, offline).
* **The learning mode's advisor:** :mod:`.advisor`, held to a standard of evidence by
  :mod:`.evidence`.
* :mod:`.workers` — the worker processes every AI job of the window runs in.

The imports go down the list's layers: the games' AIs use the search and the shared policy,
the player uses the games' AIs, the advisor and the workers use the player.
"""

from .player import (
    LEVELS,
    Decision,
    Evidence,
    GameAI,
    Player,
    RandomPlayer,
    best_level,
    make_player,
    supports,
)

__all__ = ["LEVELS", "Decision", "Evidence", "GameAI", "Player", "RandomPlayer", "best_level",
           "make_player", "supports"]
