"""The rules always shown (issue 36, item 2): in learning mode, whenever South may play (or lay
away) a card, exactly the cards the engine refuses are dimmed — in every game and French Tarot
at three, four and five, across hands, after the AI played South's cards and gave them back,
after an undo, beside the declarations of the side row.

The table scene is driven directly (its own ``perform``, the coach's undo, the autopilot's start
and stop, the next hand) with random legal actions for every seat; at each South decision the
hand widget's dimmed cards are checked against the engine's legal actions, asked afresh (not
through the table's model)."""

from __future__ import annotations

import random

import pytest
from depth import examples
from hypothesis import assume, given
from hypothesis import strategies as st
from ui_driver import make_app

from game.engine import learning
from game.engine.hand import Action, HandState
from game.storage import Settings
from game.ui.scenes.table import TableScene
from game.ui.session import Match
from game.ui.table.model import TableModel

TABLES = [("turup", 4), ("tarabish", 4), ("arbaa-turub", 4), ("tarot", 3), ("tarot", 4),
          ("tarot", 5)]
"""Every game, and French Tarot at each of its table sizes: (game, players)."""
CARD_VERBS = ("play", "discard")


def engine_allows(hand: HandState, picked: list[str]) -> set[str] | None:
    """The cards South may play or lay away now by the engine's legal actions (the ``picked``
    cards of a lay-away laid away first, on the hand itself, then taken back); ``None`` when
    South has no card to play or lay away now."""
    if hand.to_act != 0:
        return None
    for name in picked:
        hand.push({"seat": "S", "discard": name})
    try:
        legal = hand.legal_actions() if hand.to_act == 0 else []
        names = {str(a[v]) for a in legal for v in CARD_VERBS if v in a}
        verbs = {v for a in legal for v in CARD_VERBS if v in a}
    finally:
        for _ in picked:
            hand.pop()
    if picked and not verbs:  # the picks fill the lay-away: nothing more may be picked
        return set()
    return names if verbs else None


def any_action(legal: list[Action], rng: random.Random) -> Action:
    """A random one of the ``legal`` actions — a bid or call rather than a pass half the time
    (every seat passing would throw most French Tarot hands in before a card is played)."""
    bolder = [a for a in legal if a.get("bid", "pass") != "pass" and a.get("call") != "pass"]
    return rng.choice(bolder if bolder and rng.random() < 0.5 else legal)


def check_dimmed(table: TableScene) -> bool:
    """The dimmed cards are exactly the cards the engine refuses when South may play them (none
    while the AI plays South's cards or South decides something else), and the cards that
    rise for South's turn are the others. True when South could play or lay away a card."""
    fan, model, hand = table.fan, table.model, table.hand
    fan.show_all()
    table.layout()
    assert sorted(c for c in fan.cards if c) == sorted(hand.knowledge(0).hand)
    allowed = engine_allows(hand, list(model.selected))
    dim = set(fan.dim_reasons())
    if allowed is None or model.piloted is hand:
        assert dim == set()
        assert not any(fan.playable(i) for i in range(len(fan.cards)))
        return False
    picked = {i for i in range(len(fan.cards)) if model.picking() and fan.is_picked(i)}
    refused = {i for i, n in enumerate(fan.cards) if n is None or n not in allowed} - picked
    assert dim == refused, (hand.phase, [fan.cards[i] for i in dim],
                            [fan.cards[i] for i in refused])
    if not model.picking():
        assert {i for i in range(len(fan.cards)) if fan.playable(i)} == \
            set(range(len(fan.cards))) - refused
    return True


def south_turn(table: TableScene, rng: random.Random, undo: bool) -> bool:
    """South (the player, or the AI for the player) takes a random step and always acts or
    takes back: the AI plays South's card, or is given the cards and plays, or gives them
    back (checked at once) and the player acts; the player undoes (when ``undo`` allows, and
    the match does), lays away card by card, or takes a legal action. True when it undid."""
    autopilot, model, hand = table.plays.autopilot, table.model, table.hand
    if autopilot.on and rng.random() < 0.2:
        autopilot.stop()
        check_dimmed(table)
    elif not autopilot.on and rng.random() < 0.08 and autopilot.offered():
        autopilot.start()
    if autopilot.on:
        table.perform(any_action(table.legal(), rng), check=False)  # as the autopilot does
        return False
    if undo and rng.random() < 0.15 and table.coach.undo_refusal() is None:
        table.coach.undo()
        return True
    if hand.phase == "discard":
        allowed = [i for i, n in enumerate(table.fan.cards)
                   if i not in model.dim_reasons(table.fan.cards) and not table.fan.is_picked(i)]
        if len(model.selected) < model.lay_away_size() and allowed:
            table.toggle_discard(rng.choice(allowed))
        else:
            table.confirm_discard()
        return False
    table.perform(any_action(table.legal(), rng))
    return False


def play_randomly(table: TableScene, rng: random.Random, actions: int) -> int:
    """Drive the table ``actions`` steps; the South decisions checked with a card to play."""
    checked, undid = 0, False
    for _ in range(actions):
        if table.hand.done:
            if table.match.over:
                break
            table.next_hand()
            continue
        if table.hand.to_act == 0:
            checked += check_dimmed(table)
            undid = south_turn(table, rng, not undid)
        else:
            check_dimmed(table)
            table.perform(any_action(table.hand.legal_actions(), rng))
        table.anim.finish_all()
    return checked


@pytest.mark.parametrize(("game", "players"), TABLES)
@examples(4)
@given(seed=st.integers(0, 2**31 - 1), rng=st.randoms(use_true_random=False))
def test_exactly_the_illegal_cards_are_dimmed(game: str, players: int, seed: int,
                                              rng: random.Random) -> None:
    app = make_app(claims=False, checker=False)
    try:
        app.session.settings.options = {"tarot": {"players": players}}
        app.session.settings.learning[game] = True
        table = app.start_game(game, seed)
        assert table.model.learning_on
        checked = play_randomly(table, rng, 260)
        assume(checked > 0)  # a draw whose every hand was thrown in showed South no card
    finally:
        app.close()


def test_a_later_hand_at_the_same_length_has_its_own_dimmed_cards() -> None:
    """The issue's Tarabish game, made certain: the dimmed cards were kept per record length,
    so a later hand reaching South's card at as many actions as the last one asked showed that
    one's dimmed cards (the AI had played South's cards in between, so nothing was asked
    since). Such a pair of moments is found among a few seeds, and the later one must dim what
    the engine refuses there."""
    met = 0
    for seed in range(40):
        model = TableModel(Match("tarabish", seed), Settings(learning={"tarabish": True}))
        rng = random.Random(seed)
        asked: tuple[int, set[str]] | None = None  # (length, the engine's refused cards)
        while len(model.match.hands) < 4 and not model.match.over:
            hand = model.hand
            if hand.done:
                model.match.next_hand()
                continue
            if model.plays_cards():
                refused = set(learning.illegal_cards(hand, 0))
                if asked is not None and asked[0] == len(hand.history) \
                        and asked[1] != refused:
                    met += 1
                assert set(model.illegal_cards()) == refused
                asked = (len(hand.history), refused)
                model.piloted = hand if rng.random() < 0.3 else None  # the AI takes over
            model.apply(rng.choice(hand.legal_actions()))
    assert met > 0


@pytest.mark.parametrize("game", ["tarabish", "arbaa-turub"])
def test_the_deal_of_the_day_dims_exactly_the_illegal_cards(game: str) -> None:
    """The deal of the day's table (its own kind of table, the same hand and model): South's
    random hand, checked at every step, the AI's cards handed over and back once."""
    from test_daily_tour import daily_app, open_table

    app = daily_app()
    try:
        app.session.settings.learning[game] = True
        table = open_table(app, game, fresh=True)
        rng = random.Random(3)
        checked = 0
        for _ in range(120):
            if table.hand.done:
                break
            if table.hand.to_act == 0:
                checked += check_dimmed(table)
                south_turn(table, rng, undo=False)
            else:
                check_dimmed(table)
                table.perform(any_action(table.hand.legal_actions(), rng))
            table.anim.finish_all()
        assert checked > 0
    finally:
        app.close()


@pytest.mark.parametrize("lesson_id", ["tarabish", "tarot"])
def test_a_guided_hand_dims_exactly_the_illegal_cards(lesson_id: str) -> None:
    """A guided hand played to its end as its script has it: the dimmed cards at each of
    South's turns are those the engine refuses."""
    from test_lesson_table import open_lesson, south_move
    from test_lesson_table import south_turn as lesson_turn

    app = make_app(claims=False, checker=False)
    try:
        table = open_lesson(app, lesson_id, fresh=True)
        checked = 0
        while lesson_turn(app, table):
            checked += check_dimmed(table)
            south_move(app, table, by_keys=False)
        assert checked > 0
    finally:
        app.close()
