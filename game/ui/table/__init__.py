"""The table in parts: a pygame-free model (:mod:`.model`), the AI driver (:mod:`.ai_driver`),
the widgets — South's hand (:mod:`.hand`), the seats (:mod:`.seats`), the trick (:mod:`.trick`),
the score panel (:mod:`.score`), the decision panel (:mod:`.decision`), the summary
(:mod:`.summary`) — and the policy that tells the game's table from a practice
(:mod:`.policy`). The scene that puts them together is :mod:`game.ui.scenes.table`."""
