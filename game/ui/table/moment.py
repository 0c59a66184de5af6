"""What the table's answers and words are a function of: a hand and how far it has gone
(:data:`StateKey`, compared by :func:`same_state`), and a :data:`Moment` — the state, the cards
picked in it and the learning switch — that a message above the hand speaks of
(:meth:`~.model.TableModel.moment`). Plain Python, no pygame."""

from __future__ import annotations

from ...engine.hand import HandState

StateKey = tuple[HandState, int, str, int | None]
"""A hand and how far it has gone (:meth:`TableModel.state_key`)."""


Moment = tuple[StateKey, tuple[str, ...], bool]
"""A state, the cards picked in it and the learning switch (:meth:`TableModel.moment`)."""


def same_state(a: StateKey, b: StateKey) -> bool:
    """The two keys are of the same hand (the same object, not an equal one) at the same
    point."""
    return a[0] is b[0] and a[1:] == b[1:]
