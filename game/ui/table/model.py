"""The table's model: what South sees, may do and has picked — plain Python, no pygame.

A :class:`TableModel` holds the match and asks the engine for everything: South's knowledge
(``knowledge(0)``, the only view the table shows), the legal actions, why a card or a choice
may not be taken (:mod:`game.engine.learning`), and what the decision panel offers
(:meth:`TableModel.offer`, derived from the legal actions). The widgets draw it and the tests
drive it directly, without a window.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from ...engine import learning
from ...engine.cards import Table
from ...engine.hand import Action, HandState
from ...engine.knowledge import Knowledge
from ...engine.tarot import TarotHand
from ...i18n import _, card_words, say
from ...storage import Settings
from .. import order, words
from ..games import presentation
from ..games.base import Presentation
from ..piles import Pile
from ..session import Match
from .handful_choice import HandfulChoice
from .moment import Moment, StateKey, same_state

HIDDEN_GROUP = 9
"""The layout group of a card South may not look at yet (after every suit)."""


@dataclass
class Offer:
    """What South's decision panel offers now.

    ``kind``: ``""`` (nothing to decide by button), ``"discard"`` (pick cards, then the one
    "Lay away" button), ``"handful"`` (choose the trumps of a handful, then Show or No handful in
    the row beside the hand: ``handful`` is the choice), ``"panel"`` (a required decision:
    the centre panel) or ``"side"`` (optional declarations beside the hand while South plays
    a card). ``choices`` are the actions with ``None`` when legal or the engine's reason when
    not (learning mode shows those dimmed); ``bella`` says the Tarabish bella toggle goes with
    the side row."""

    kind: str = ""
    title: str = ""
    hint: str = ""
    choices: list[tuple[Action, str | None]] = field(default_factory=list)
    bella: bool = False
    handful: HandfulChoice | None = None


class Speech(str):
    """What a seat says when it acts (:func:`words.announce`), remembering the ``action`` so
    that a bubble still up when the language changes says it again in the new words
    (:meth:`again`)."""

    action: Action
    players: int

    def __new__(cls, action: Action, players: int = 4) -> Speech:
        self = super().__new__(cls, words.announce(action, players) or "")
        self.action = action
        self.players = players
        return self

    def again(self) -> str:
        """The words in the current language."""
        return words.announce(self.action, self.players) or str(self)


@dataclass
class Outcome:
    """What one applied action did, for the table to show: who acted, what they said, the card
    played (if any), the winner of a trick it completed, and the sound it makes."""

    seat: int
    speech: Speech | None
    played: str | None
    winner: int | None
    sound: str | None
    shown: tuple[str, ...] = ()
    """The cards of a handful the action showed (French Tarot), else none."""


@dataclass
class Summary:
    """The end-of-hand summary: its title, its lines and whether South's side won."""

    title: str
    lines: list[str]
    won: bool | None


class TableModel:
    """One match at the table, as South sees it; ``settings`` are the player's (learning mode,
    trumps at the right)."""

    def __init__(self, match: Match, settings: Settings) -> None:
        self.match = match
        self.settings = settings
        self._picks: tuple[StateKey | None, list[str]] = (None, [])
        self.bella = True
        """Tarabish: claim bella with the card that shows it."""
        self.handful: HandfulChoice | None = None
        """French Tarot: the trumps South is choosing to show in a handful, if it is."""
        self._knowledge: tuple[StateKey, Knowledge] | None = None
        self._illegal: tuple[StateKey, tuple[str, ...], dict[str, str]] | None = None
        self.piloted: HandState | None = None
        """The hand whose South cards the AI plays for the player (the table's autopilot):
        South's cards then neither rise nor take input."""

    # -- what South sees ---------------------------------------------------------------------

    @property
    def hand(self) -> HandState:
        """The current hand (the engine's state)."""
        return self.match.hand

    @property
    def table(self) -> Table:
        """The seats of the match (four, or French Tarot's three or five)."""
        return self.match.table

    @property
    def game(self) -> str:
        """The game's name."""
        return self.match.game

    @property
    def shown(self) -> Presentation:
        """How the game is presented: its words for results, scores, panels."""
        return presentation(self.match.game)

    @property
    def learning_on(self) -> bool:
        """Learning mode is on for this game and a person plays South."""
        return self.match.player_for(0) == "human" and self.settings.learning_for(self.game)

    def state_key(self) -> StateKey:
        """What South's view and the dimmed cards are a function of: the hand itself (the
        object: a new hand, or a hand rebuilt by an undo, is another) and how far it has
        gone. Its parts are compared by :func:`same_state`.

        The two answers the table asks for most (:meth:`knowledge`, :meth:`illegal_cards`)
        are kept for the state they were asked in and asked again for any other — never
        refreshed on an event (issue 36: keyed on the record's length alone, the dimmed
        cards of an earlier hand with as many actions were shown in a later one once the AI
        had played South's cards in between, so none was dimmed)."""
        hand = self.hand
        return hand, len(hand.history), hand.phase, hand.to_act

    def moment(self) -> Moment:
        """What a message about the table now speaks of: the state (:meth:`state_key`), the
        cards picked and whether learning mode is on. The message goes once any of them
        changes (:meth:`still`)."""
        return self.state_key(), self.picked(), self.learning_on

    def still(self, moment: Moment) -> bool:
        """The table is still at ``moment`` (:meth:`moment`): what was said then holds."""
        now = self.moment()
        return same_state(moment[0], now[0]) and moment[1:] == now[1:]

    @property
    def selected(self) -> list[str]:
        """The cards picked for a lay-away (copies repeated): picks belong to the state they
        were made in (:meth:`state_key`) — once anything is applied (the AI laying away for
        the player, say) or taken back, none is picked (an undo picks its lay-away again)."""
        key = self.state_key()
        if self._picks[0] is None or not same_state(self._picks[0], key):
            self._picks = (key, [])
        return self._picks[1]

    @selected.setter
    def selected(self, cards: Sequence[str]) -> None:
        self._picks = (self.state_key(), list(cards))

    def knowledge(self) -> Knowledge:
        """South's view (kept per state, :meth:`state_key`)."""
        key = self.state_key()
        if self._knowledge is None or not same_state(self._knowledge[0], key):
            self._knowledge = (key, self.hand.knowledge(0))  # type: ignore[attr-defined]
        return self._knowledge[1]

    def forget(self) -> None:
        """Drop what was kept (not needed for correctness: every answer is kept for its own
        state only; this lets the old hand go at once)."""
        self._knowledge = self._illegal = None

    def legal(self) -> list[Action]:
        """South's legal actions now (empty when another seat is to act)."""
        return list(self.knowledge().legal)

    def plays_cards(self) -> bool:
        """South is to play or lay away a card (the hand takes the input) — the player, not the
        AI playing South's cards for this hand."""
        return self.hand.to_act == 0 and self.piloted is not self.hand \
            and any("play" in a or "discard" in a for a in self.legal())

    def held(self) -> int:
        """How many cards South holds, seen or not yet seen."""
        kn = self.knowledge()
        return len(kn.hand) + kn.unseen_own

    def hand_cards(self) -> list[str | None]:
        """South's cards in display order; ``None`` for a card not yet seen."""
        kn = self.knowledge()
        names: list[str | None] = list(order.sort_hand(self.game, kn.hand, kn.trump,
                                                       self.settings.trumps_right))
        return names + [None] * kn.unseen_own

    def group_of(self, name: str | None) -> int:
        """The sort group the hand layout keeps together."""
        return order.group_of(self.game, name) if name else HIDDEN_GROUP

    # -- the selection -----------------------------------------------------------------------

    def choosing(self) -> HandfulChoice | None:
        """The handful South is choosing the trumps of, while the choice stands (any action
        closes it)."""
        if self.handful is not None and not self.handful.open_in(self.hand):
            self.handful = None
        return self.handful

    def picking(self) -> bool:
        """South's clicks on the hand pick cards (for the lay-away or a handful) rather than
        play them."""
        return self.hand.to_act == 0 and (self.hand.phase == "discard"
                                          or self.choosing() is not None)

    def start_handful(self, action: Action) -> None:
        """Open the choice of the trumps to show for the handful ``action`` stands for (one
        of South's legal handfuls: its size is the handful's)."""
        if isinstance(self.hand, TarotHand):
            self.handful = HandfulChoice(self.hand, len(action["handful"]))

    def cancel_handful(self) -> None:
        """Close the handful's choice without showing anything."""
        self.handful = None

    def picked(self) -> tuple[str, ...]:
        """The cards picked now: a handful's chosen trumps while choosing, else the
        lay-away's."""
        choice = self.choosing()
        return tuple(choice.chosen if choice is not None else self.selected)

    def is_picked(self, cards: Sequence[str | None], i: int) -> bool:
        """Card ``i`` of the displayed ``cards`` is picked for the lay-away or chosen for a
        handful (copies count from the left)."""
        name, picked = cards[i], self.picked()
        return name in picked and picked.count(name) > cards[:i].count(name)

    def illegal_cards(self) -> dict[str, str]:
        """South's cards that may not be played (or picked) now, with the engine's reason
        (the engine's answer for the current state and picks; kept for that state only,
        :meth:`state_key`)."""
        key, picked = self.state_key(), tuple(self.selected)
        if self._illegal is None or not same_state(self._illegal[0], key) \
                or self._illegal[1] != picked:
            self._illegal = (key, picked, learning.illegal_cards(self.hand, 0, self.selected))
        return self._illegal[2]

    @staticmethod
    def told(reason: str) -> str:
        """The engine's ``reason`` as South's player reads it, in the current language."""
        return say(reason, reader="S")

    def dim_reasons(self, cards: Sequence[str | None]) -> dict[int, str]:
        """Index in ``cards`` → why that card may not be played (or laid away) now, in the
        current language: in learning mode, on South's turn to play or lay away.

        **Decision**: while South decides something else (a bid, trump), the hand stays
        lit — the player reads it to decide; trying to play a card still says why not."""
        if not self.learning_on or not self.plays_cards():
            return {}
        choice = self.choosing()
        if choice is not None:  # the cards that may not be chosen for the handful
            why = {n: choice.why_not(n) for n in set(cards) if n is not None}
            return {i: self.told(why[n] or "") for i, n in enumerate(cards)
                    if n is not None and why[n] is not None}
        illegal = self.illegal_cards()
        return {i: self.told(illegal[name]) for i, name in enumerate(cards)
                if name in illegal and not self.is_picked(cards, i)}

    def toggle_pick(self, cards: Sequence[str | None], i: int) -> str | None:
        """Pick card ``i`` for the lay-away or put it back; the reason (in the current
        language) when it may not be picked."""
        name = cards[i]
        if name is None:
            return None
        choice = self.choosing()
        if choice is not None:
            reason = choice.toggle(name)
            return None if reason is None else self.told(reason)
        if self.is_picked(cards, i):
            self.selected.remove(name)
            return None
        reason = self.illegal_cards().get(name)
        if reason:
            return self.told(reason)
        self.selected.append(name)
        return None

    def lay_away_size(self) -> int:
        """How many cards South lays away, as the engine's table has it (French Tarot: as
        many as the dog held — six, or three at five players; no game else lays away)."""
        return self.hand.layout.talon if isinstance(self.hand, TarotHand) else 0

    def lay_away(self) -> list[Action]:
        """The lay-away's actions for the picked cards (the selection is emptied)."""
        laid = [{"seat": "S", "discard": name} for name in self.selected]
        self.selected = []
        return laid

    # -- deciding ----------------------------------------------------------------------------

    def play_action(self, name: str) -> Action:
        """South's action for playing ``name`` (claiming bella with it when chosen and legal)."""
        action: Action = {"seat": "S", "play": name}
        claim = dict(action, bella=True)
        if self.bella and claim in self.legal():
            return claim
        return action

    def why_not(self, action: Action) -> str | None:
        """``None`` when ``action`` is legal now, else the engine's reason in the current
        language."""
        reason = learning.why_not(self.hand, action)
        return None if reason is None else self.told(reason)

    def offer(self) -> Offer:
        """What the decision panel offers for South's current decision, from the legal
        actions: a lay-away, a required decision, or the optional declarations beside the hand
        while a card is to be played."""
        if self.hand.to_act != 0:
            return Offer()
        legal = self.legal()
        verbs = {k for a in legal for k in a if k not in ("seat", "bella")}
        choice = self.choosing()
        if choice is not None:
            title = _("{handful}: {counter}").format(
                handful=words.handful_name(choice.size, self.table.size),
                counter=choice.counter())
            hint = choice.excuse_note() or _("Click trumps in your hand to choose them, then "
                                             "Show.")
            return Offer("handful", title, hint, handful=choice)
        if "discard" in verbs:
            title = _("Lay away {all} cards ({picked} of {all} picked)")
            return Offer("discard", title.format(picked=len(self.selected),
                                                 all=self.lay_away_size()),
                         self.shown.reminder("discard"))
        if "play" in verbs:
            return Offer("side", choices=self.choices(legal),
                         bella=any(a.get("bella") for a in legal))
        phase = "estimate" if "estimate" in verbs else self.hand.phase
        if phase == "call" and not any(a.get("call") == "pass" for a in legal):
            phase = "call-forced"
        hint = self.shown.reminder(phase)
        own = self.own_calls(legal)
        said = [_("{seat}: {words}").format(seat=words.seat_name(a["seat"]),
                                            words=words.announce(a))
                for a in self.knowledge().history if ("bid" in a or "call" in a)]
        if own:
            hint += "\n" + _("Call a card you hold ({cards}) and you play alone against the "
                             "other four.").format(cards=", ".join(card_words(c) for c in own))
        elif said:
            hint += "\n" + _("So far — {bids}").format(bids=", ".join(said))
        return Offer("panel", self.shown.phase_title(phase), hint,
                     self.choices(legal))

    def own_calls(self, legal: Sequence[Action]) -> list[str]:
        """The cards South could call at French Tarot's king call (five players) that South
        holds — calling one means playing alone against the other four (RULES.md section 5).

        **Decision**: when there are any, the panel's second line says so, naming them, in
        place of the bids so far (the bidding is over: its outcome is in the score panel's
        contract line and the seats' bubbles)."""
        held = set(self.knowledge().hand)
        return [str(a["call"]) for a in legal if words.called_card(a) and a["call"] in held]

    def choice_note(self, action: Action) -> str | None:
        """A word about a legal choice, said where its button is hovered or focused (it is
        not dimmed): calling a card South holds at the king call. ``None`` for any other."""
        if not words.called_card(action) or action["call"] not in self.knowledge().hand:
            return None
        return _("You hold {card}: call it and you play alone against the other "
                 "four.").format(card=card_words(action["call"]))

    def choices(self, legal: list[Action]) -> list[tuple[Action, str | None]]:
        """The non-card choices: the legal ones, and in learning mode also those that may not
        be made now, with the engine's reason in the current language — except at French
        Tarot's card call, where only the legal calls are offered (the sixteen kings, queens,
        knights and jacks would not fit; the reminder says which rank may be called)."""
        if self.learning_on and not any(words.called_card(a) for a in legal):
            return [(a, None if why is None else self.told(why))
                    for a, why in learning.choices(self.hand, 0)]
        return [(a, None) for a in legal if "play" not in a and "discard" not in a]

    def apply(self, action: Action) -> Outcome:
        """Apply ``action`` (already known legal) and say what it did."""
        hand = self.hand
        seat = self.table.index(action["seat"])
        before = len(hand.tricks)  # type: ignore[attr-defined]
        self.match.apply(action)
        said = action if seat == 0 else self.hand.knowledge(0).history[-1]  # type: ignore
        tricks = hand.tricks  # type: ignore[attr-defined]
        winner = tricks[-1].winner if len(tricks) > before else None
        if "play" in action:
            sound: str | None = "play"
        elif "discard" in action:
            sound = None
        else:
            sound = "play" if "bid" in action else "deal"
        speech = Speech(said, self.table.size)
        return Outcome(seat, speech or None, action.get("play"), winner, sound,
                       tuple(said.get("handful") or ()))

    # -- what the panels show ----------------------------------------------------------------

    def open_trick(self) -> list[tuple[str, int]]:
        """The cards of the trick in progress with their seats (none between tricks)."""
        tricks = self.knowledge().tricks
        if not tricks or tricks[-1]["winner"] is not None:
            return []
        out = []
        seat = self.table.index(tricks[-1]["leader"])
        for name in tricks[-1]["cards"]:
            out.append((name, seat))
            seat = self.hand.next_seat(seat)  # type: ignore[attr-defined]
        return out

    def last_trick(self) -> tuple[str, list[tuple[str, int]]] | None:
        """The last finished trick: its winner's letter and its cards with their seats."""
        done = [t for t in self.knowledge().tricks if t["winner"]]
        if not done:
            return None
        t = done[-1]
        seat = self.table.index(t["leader"])
        cards = []
        for name in t["cards"]:
            cards.append((name, seat))
            seat = self.hand.next_seat(seat)  # type: ignore[attr-defined]
        return t["winner"], cards

    def seat_counts(self) -> list[int]:
        """How many cards each seat holds as South sees it (the engine's count: while a
        Somali deal is paused for naming trump, eldest's three only)."""
        return list(self.knowledge().hand_sizes)

    def roles(self) -> dict[int, str]:
        """Seat → its role words in the current language: dealer, caller or declarer, and at
        French Tarot for five the declarer's partner once South knows it (the called card
        played, or South holding it)."""
        facts = self.knowledge().public
        roles: dict[int, str] = {self.hand.dealer: _("dealer")}
        lead = facts.get("caller") or facts.get("declarer")
        marks = [(lead, _("caller") if "caller" in facts else _("declarer"))] if lead else []
        if facts.get("partner"):
            marks.append((facts["partner"], _("partner")))
        for letter, word in marks:
            s = self.table.index(letter)
            roles[s] = f"{roles[s]}, {word}" if s in roles else word
        return roles

    def talon(self) -> list[str]:
        """The talon shown face up while the declarer lays away (Tarot); once the lay-away is
        done its cards are in the declarer's hand and it leaves the table."""
        if self.hand.phase == "discard":
            return list(self.knowledge().public.get("talon") or [])
        return []

    def score_lines(self) -> list[tuple[str, bool]]:
        """The score panel's lines (text, bold): the game and the hand's number, trump or
        contract, the bids (French Tarot), tricks, the game score and the goal. The hand has
        one number: the goal is told the hands finished before this one (a finished hand is
        not yet the next), and when the goal names the hand ("Hand 2 of 4": it changes from
        hand to hand) the first line does not repeat it."""
        m, shown, knowledge = self.match, self.shown, self.knowledge()
        tricks, bids = shown.tricks_line(knowledge), shown.auction_line(knowledge)
        number = len(m.hands)
        goal = shown.goal(m.options, number - 1)
        plain = [shown.contract_line(knowledge), *([bids] if bids else []),
                 *([tricks] if tricks else []),
                 shown.scores_line(m.tally.scores()), goal]
        names_hand = shown.goal(m.options, 0) != shown.goal(m.options, 1)
        game = say(m.spec.title)
        title = game if names_hand else _("{game} — hand {number}").format(game=game,
                                                                             number=number)
        return [(title, True), *((s, False) for s in plain)]

    def piles(self) -> list[Pile]:
        """Each side's winnings in the finished hand, as the game's presentation shows them
        (retold in the current language)."""
        result = self.hand.result()
        return self.shown.result_piles(self.hand, result) if result is not None else []

    def summary(self) -> Summary:
        """The finished hand's summary in a game: the result, the game score, and at the end
        of the game the winner."""
        result = self.hand.result()
        assert result is not None
        shown = self.shown
        won = shown.south_won(result)
        lines = [*shown.result_lines(result),
                 _("Game score: {scores}").format(
                     scores=words.after_colon(shown.scores_line(self.match.tally.scores(),
                                                                ", ")))]  # as its lines
        title = shown.summary_title(won)
        if self.match.over:
            title = _("Game over")
            lines.append(words.winner_line(self.match.tally.winner()))
        return Summary(title, lines, won)
