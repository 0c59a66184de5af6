"""The pygame-ce user interface.

* **The window and its scenes:** :mod:`.app` (the frame loop, which sleeps while nothing
  moves: :mod:`.wake`), :mod:`.host` (what a scene may ask of the window, scenes opened by
  name), :mod:`.scenes` (the menu, the table, the pages, the review, the guided hand, the deal
  of the day, par's comparison…). A scene never imports the app.
* **The table in parts:** :mod:`.table` (a pygame-free model, the AI driver, the widgets, the
  table's policy); :mod:`.games` — what the screens say and show for each game, one module per
  game; :mod:`.words`, :mod:`.entries`, :mod:`.order`, :mod:`.sheet`, :mod:`.rules_text` —
  the words and orders every game shares.
* **The learning mode:** :mod:`.coach` (hint, undo, the play checker, the tracker:
  :mod:`.tracker_panel`, :mod:`.coach_layout`, :mod:`.coach_table`), :mod:`.advice`, the
  review's steps and checks
  (:mod:`.review_steps`, :mod:`.review_checks`, :mod:`.review_trick`), practice hands
  (:mod:`.practice`).
* **Drawing:** :mod:`.render` (fonts, cards, felt), :mod:`.theme` (colours, sizes),
  :mod:`.layout` (where things go), :mod:`.widgets`, :mod:`.anim`, :mod:`.piles`,
  :mod:`.plot`, :mod:`.celebrate`, :mod:`.notices`, :mod:`.window`, :mod:`.assets`;
  :mod:`.report` — what a frame drew where (the overlap tests).
* **The session and its files:** :mod:`.session` (settings, the games in progress, the
  workers, the sound), :mod:`.persist` (saving in the background), :mod:`.lesson_book`,
  :mod:`.daily_book`, :mod:`.daily_play` and :mod:`.par` (the deal of the day and par),
  :mod:`.sound`, :mod:`.logging_setup`.
* **Commands with a window of their own:** :mod:`.autoplay`, :mod:`.probe`,
  :mod:`.selftest`, :mod:`.bench`, :mod:`.bench_idle`.

The interface never decides a rule: it asks the engine (legal actions, reasons, results) and
the AI's workers (decisions, hints). Modules without pygame here (the table's model, the
session, par, the books) can be tested without a window.
"""
