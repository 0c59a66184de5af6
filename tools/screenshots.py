"""Screenshots of every scene, for looking at the game as a player would and for comparing two
versions of the code: ``python tools/screenshots.py OUT_DIR [--size 1280x720 ...]``.

The app runs headless (SDL's dummy video driver) with the easy AI deciding at once, and is
driven only by posted keyboard and mouse events, as a player would drive it: the main menu,
Settings, the game options, the rules, the statistics, then for each game the table at South's
first decision, a few decisions later (cards on the table), the card tracker, a hint, the
in-game menu, Settings over it, an AI seat thinking, a drag of a card that may not be played
and of one that may, the end-of-hand summary, the menu over it and the review; French Tarot
also its talon and the table after South's lay-away when South takes the contract; a question
(Reset statistics) over its page; then Settings' AI players, Play a deal number…, and each
game played to its end: the last summary, the score sheet and the end-of-game screen; last the
statistics filled with many games played by random players (Arba'a Turub's, then French
Tarot's results over time); a learner's progress over eight judged hands of Turup and the
review its "Show me one" opens; and last French Tarot for three and for five players (the first
decision, the king call, the summary, the score sheet), the main menu again with its games in
progress; last French Tarot's handfuls: South choosing the trumps of its handful, South's
handful shown, an AI seat's handful shown and the card tracker after it; last the deal of the
day: its page, Turup's deal played, its summary, the comparison with par, the review opened
from it, the page with the result and the results page. Each frame is saved as
``OUT_DIR/<width>x<height>/<nn>-<name>.png``. Runs against a throwaway data folder, in the
language ``--lang`` names (``en`` or ``fr``; default: the system's).
"""

from __future__ import annotations

import argparse
import datetime
import os
import sys
import tempfile
from collections.abc import Callable
from concurrent.futures import Executor, Future
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame

from game import i18n, storage
from game.engine import games
from game.engine.ai.player import make_player
from game.engine.match import Match
from game.ui.app import App
from game.ui.persist import game_outcome, hand_outcome
from game.ui.session import Settings

GAMES = ("arbaa-turub", "turup", "tarabish", "tarot")
DAY = datetime.date(2026, 11, 20)
"""The day whose deal of the day the tour plays (the same pictures every run)."""


class NowExecutor(Executor):
    """Runs the AI at once in the calling thread: every run takes the same pictures."""

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        f: Future[Any] = Future()
        try:
            f.set_result(fn(*args, **kwargs))
        except Exception as err:
            f.set_exception(err)
        return f


class Tour:
    """One app at one size, driven by events, saving a picture of each scene visited."""

    def __init__(self, out: Path, size: tuple[int, int], language: str | None = None) -> None:
        self.out = out / f"{size[0]}x{size[1]}"
        self.out.mkdir(parents=True, exist_ok=True)
        self.count = 0
        settings = Settings(ai_level="easy", speed="fast", sound=False)
        if language is not None:
            settings.language = language
        self.app = App(size, settings, workers=NowExecutor())
        self.app.session.rng.seed(2026)  # the same deals every run

    def step(self, dt: float = 0.0, frames: int = 1) -> None:
        for _ in range(frames):
            self.app.step(dt)

    def shot(self, name: str) -> None:
        self.app.draw()
        self.count += 1
        pygame.image.save(self.app.screen, str(self.out / f"{self.count:02d}-{name}.png"))

    def key(self, k: int, mod: int = 0) -> None:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="",
                                             scancode=0))
        self.step()

    def click(self, pos: tuple[int, int]) -> None:
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                             buttons=(0, 0, 0)))
        self.step()
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
        self.step()

    def press(self, label: str) -> bool:
        """Click the button labelled ``label`` — in English: the label is looked up in the
        current language (a menu entry or a button of the top scene)."""
        label = i18n._(label)
        self.step()
        top = self.app.top
        found = []
        for attr in ("items", "summary", "top_buttons", "buttons"):
            items = getattr(top, attr, None)
            for item in items if isinstance(items, list) else []:
                b = item[0] if isinstance(item, tuple) else item
                if getattr(b, "label", None) == label:
                    found.append(b)
        panel = getattr(top, "panel", None)  # the table's decision panel
        coach = getattr(top, "coach", None)
        extra = [*getattr(panel, "panel_buttons", []), *getattr(panel, "side_buttons", []),
                 *getattr(coach, "buttons", [])]
        found += [b for b in extra if b.label == label]
        if not found:
            return False
        self.click(found[0].rect.center)
        return True

    def table(self) -> Any:
        return self.app.top

    def south_turn(self, limit: int = 600) -> bool:
        """Step until South must decide or the summary is up; True when South decides."""
        for _ in range(limit):
            t = self.table()
            if getattr(t, "summary", None) is not None:
                return False
            if t.hand.to_act == 0 and not t.busy():
                self.step()
                return True
            self.step(0.1)
        return False

    def decide(self) -> None:
        """South's decision by the keyboard: Enter on the focused choice (a panel's first legal
        button, or the focused legal card)."""
        t = self.table()
        legal = t.legal()
        if not legal:
            return
        if any("play" in a or "discard" in a for a in legal):
            self.key(pygame.K_RETURN)
            if t.hand.to_act == 0 and len(t.hand.history) and legal == t.legal():
                # the focused card was not legal: move right until one plays
                for _ in range(40):
                    self.key(pygame.K_RIGHT)
                    self.key(pygame.K_RETURN)
                    if legal != t.legal():
                        break
        else:
            action = legal[0]
            t.choose(action)
            self.step()

    def drag(self, legal: bool, short: str) -> bool:
        """Take a card of South's hand that may (``legal``) or may not be played, drag it over
        the trick and picture it there, then let it fly back home; False when there is none."""
        t = self.table()
        m = t.model
        cards = t.fan.cards
        pick = next((i for i, name in enumerate(cards) if name is not None
                     and (m.why_not(m.play_action(name)) is None) == legal), None)
        if pick is None or not m.plays_cards():
            return False
        start = t.fan.card_rect(pick).center
        self.mouse(pygame.MOUSEMOTION, start)
        self.mouse(pygame.MOUSEBUTTONDOWN, start)
        self.mouse(pygame.MOUSEMOTION, (start[0], start[1] - 40))
        self.mouse(pygame.MOUSEMOTION, t.geo.drop_zone.center)
        self.shot(f"{short}-drag-" + ("legal" if legal else "illegal"))
        self.mouse(pygame.MOUSEMOTION, start)
        self.mouse(pygame.MOUSEBUTTONUP, start)  # let go off the table: it goes home
        self.step(0.1, 5)
        return True

    def mouse(self, kind: int, pos: tuple[int, int]) -> None:
        """Post one mouse event at ``pos`` (the left button) and run a frame."""
        extra = {"rel": (0, 0), "buttons": (1, 0, 0)} if kind == pygame.MOUSEMOTION else \
            {"button": 1}
        pygame.event.post(pygame.event.Event(kind, pos=pos, **extra))
        self.step()

    def thinking(self, limit: int = 100) -> bool:
        """Step until an AI seat is seen thinking; True when one is."""
        for _ in range(limit):
            t = self.table()
            if getattr(t, "summary", None) is not None:
                return False
            if t.thinking() is not None and not t.busy():
                return True
            self.step(0.02)
        return False

    def take_contract(self) -> bool:
        """French Tarot: South's bid, the strongest that takes the talon ("keep", else "take"),
        when legal; True when bid."""
        t = self.table()
        for bid in ("keep", "take"):
            action = {"seat": "S", "bid": bid}
            if action in t.legal():
                t.choose(action)
                self.step()
                return True
        return False

    def lay_away(self) -> None:
        """French Tarot, South the declarer: picture the talon, pick six cards that may go by
        the keyboard, lay them away and picture the table after."""
        if not self.south_turn() or self.table().hand.phase != "discard":
            return
        self.shot("tarot-talon")
        t = self.table()
        for _ in range(len(t.fan.cards)):
            if len(t.model.selected) >= 6:
                break
            before = len(t.model.selected)
            self.key(pygame.K_RETURN)
            if len(t.model.selected) == before or len(t.model.selected) < 6:
                self.key(pygame.K_RIGHT)
        self.press("Lay away")
        self.step(0.1, 3)
        self.south_turn()
        self.shot("tarot-after-lay-away")

    def menus(self) -> None:
        self.step(frames=2)
        self.shot("menu")
        if self.press("Settings"):
            self.shot("settings")
            if self.press("Game options…"):
                self.shot("options")
                self.key(pygame.K_ESCAPE)
            self.key(pygame.K_ESCAPE)
        if self.press("Rules"):
            self.shot("rules")
            self.key(pygame.K_ESCAPE)
        guided = getattr(self.app.top, "guided", {})
        if guided:  # a game row's "Guided hand": the Guided hands page
            self.click(next(iter(guided.values())).rect.center)
            self.shot("guided-hands")
            self.key(pygame.K_ESCAPE)
        if self.press("Statistics"):
            self.shot("statistics")
            ask = getattr(self.app.top, "ask_reset", None)
            if ask is not None:
                ask("tarot")
                self.step()
                self.shot("statistics-confirm")
                self.key(pygame.K_ESCAPE)
            self.key(pygame.K_ESCAPE)

    def play(self, game: str) -> None:
        self.press(games.get(game).title)  # looked up: "French Tarot" is "Tarot" in French
        short = game.replace("arbaa-turub", "arbaa")
        if getattr(self.app.top, "name", "") != "table":  # its guided hand offered first
            self.shot(f"{short}-offer")
            self.press("No thanks")
        self.south_turn()
        self.shot(f"{short}-first")
        if game == "tarot" and self.take_contract():
            self.lay_away()
        for _ in range(3):
            self.decide()
            if not self.south_turn():
                break
        self.shot(f"{short}-later")
        self.drag(False, short)
        self.drag(True, short)
        self.decide()
        if self.thinking():
            self.shot(f"{short}-thinking")
        self.south_turn()
        self.key(pygame.K_t)
        self.shot(f"{short}-tracker")
        self.key(pygame.K_t)
        self.key(pygame.K_h)
        self.step(0.1, 3)
        self.shot(f"{short}-hint")
        self.press("Last trick")
        self.shot(f"{short}-last-trick")
        self.press("Last trick")
        self.key(pygame.K_ESCAPE)
        self.shot(f"{short}-pause")
        if self.press("Settings"):
            self.shot(f"{short}-settings-over-pause")
            self.key(pygame.K_ESCAPE)
        self.key(pygame.K_ESCAPE)
        for _ in range(200):
            if not self.south_turn():
                break
            self.decide()
        self.step(0.1, 5)
        self.shot(f"{short}-summary")
        self.key(pygame.K_ESCAPE)
        self.shot(f"{short}-pause-over-summary")
        self.key(pygame.K_ESCAPE)
        if self.press("Review"):
            self.step(0.1, 3)
            self.shot(f"{short}-review")
            self.key(pygame.K_ESCAPE)
        self.key(pygame.K_ESCAPE)
        self.press("Main menu")
        self.step()

    def ends(self) -> None:
        """After the games (so the pictures before keep their numbers): Settings' AI players,
        Play a deal number…, and for each game a whole game played out by random players —
        its last summary, its score sheet and its end-of-game screen."""
        if self.press("Settings"):
            if self.press(self.app.top.items[1].label):  # the AI players' row (after Language)
                self.shot("ai-players")
                self.key(pygame.K_ESCAPE)
            self.key(pygame.K_ESCAPE)
        if self.press("Play a deal number…"):
            for k in (pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_MINUS, pygame.K_2):
                self.key(k)
            self.shot("deal-number")
            self.key(pygame.K_ESCAPE)
        for game in GAMES:
            short = game.replace("arbaa-turub", "arbaa")
            self.app.session.match = played_out(game, 2026)
            self.app.show_table()
            self.step(0.1, 40)
            self.shot(f"{short}-game-over-summary")
            self.key(pygame.K_s)
            self.shot(f"{short}-score-sheet")
            self.key(pygame.K_ESCAPE)
            self.key(pygame.K_RETURN)
            self.shot(f"{short}-game-over")
            self.press("Main menu")
            self.step()

    def celebration(self, game: str = "tarabish") -> None:
        """The end-of-game screen of a game South's side won: the cards cascading (a frame a
        second and a half in), then at rest once the cascade is over."""
        seed = next(s for s in range(2026, 2126)
                    if game_outcome(played_out(game, s).tally.winner()) == "won")
        self.app.session.match = played_out(game, seed)
        self.app.show_table()
        self.step(0.1, 40)
        self.key(pygame.K_RETURN)
        self.step(1 / 30, 45)
        self.shot(f"{game}-cascade")
        self.step(1 / 30, 300)
        self.shot(f"{game}-cascade-over")
        self.press("Main menu")
        self.step()

    def filled_statistics(self) -> None:
        """The statistics page over a file of many random games of each game (its history
        full), with the first game's plot and then French Tarot's."""
        keeper = self.app.session.keeper
        if keeper is not None:
            keeper.writer.flush(5.0)
        stats = storage.Statistics()
        for game in GAMES:
            for seed in range(40 if game == "tarot" else 12):
                match = played_out(game, seed)
                stats.count_match(game, seed, [hand_outcome(game, r) for r in match.results],
                                  game_outcome(match.tally.winner()))
        storage.save_statistics(storage.resolve_paths(None), stats)
        if self.press("Statistics"):
            self.shot("statistics-filled")
            for _ in GAMES[1:]:
                self.key(pygame.K_RIGHT)
            self.shot("statistics-filled-tarot")
            self.key(pygame.K_ESCAPE)

    def progress(self) -> None:
        """A learner's progress (issue 39) over eight hands of Turup played by random players,
        each judged by the strong player as the judge does it, then "Show me one" of the
        first kind listed."""
        from game.engine import learning
        from game.engine.judging import judge

        book = self.app.session.progress.load()
        strong = learning.advisor()
        for seed in range(8):
            record = played_out("turup", seed).hands[0]
            name = f"turup/tour/{seed}"
            book.add_pending(name, "turup", record)
            book.record(name, [(p.index, judge(p.knowledge, list(p.lay_away) or p.taken,
                                               strong))
                               for p in learning.review(record, 0).decisions
                               if not p.part and len(p.knowledge.legal) > 1])
        menu = self.app.top
        button = next(iter(getattr(menu, "progress_button", {}).values()), None)
        if button is None:
            return
        self.click(button.rect.center)
        self.shot("progress-empty")  # Arba'a Turub's tab: nothing judged
        self.key(pygame.K_TAB)
        self.shot("progress")
        page = self.app.top
        shown = getattr(page, "show_buttons", [])
        if shown:
            view = page.view
            self.click((view.left + shown[0].rect.centerx, view.top + shown[0].rect.centery))
            self.shot("progress-show-me-one")
            self.key(pygame.K_ESCAPE)
        self.key(pygame.K_ESCAPE)

    def tarot_tables(self) -> None:
        """Last (the pictures before keep their numbers): French Tarot for three and for
        five, chosen in its options — the first decision, at five South's king call (the
        first deal where South takes and calls), the end-of-hand summary."""
        settings = self.app.session.settings
        for players in (3, 5):
            settings.options = {**settings.options, "tarot": {"players": players}}
            called = players != 5
            for seed in range(30):
                self.app.start_game("tarot", seed)
                if not self.south_turn():
                    continue
                if seed == 0:
                    self.shot(f"tarot{players}-first")
                if not called and self.highest_bid() and self.south_turn() \
                        and self.table().hand.phase == "call":
                    self.shot("tarot5-call")
                    called = True
                if called:
                    break
            for _ in range(300):
                if not self.south_turn():
                    break
                self.lay_away_any()
                self.decide()
            self.step(0.1, 5)
            self.shot(f"tarot{players}-summary")
            self.key(pygame.K_s)
            self.step(0.1, 2)
            self.shot(f"tarot{players}-score-sheet")
            self.key(pygame.K_ESCAPE)
            self.key(pygame.K_ESCAPE)
            self.press("Main menu")
            self.step()
        settings.options = {g: o for g, o in settings.options.items() if g != "tarot"}

    def tarot_handfuls(self) -> None:
        """Last: French Tarot's handfuls — deal 375, where South (Guard) holds eleven trumps:
        the choice of the trumps (seven of ten chosen), the handful shown; deal 11, where East
        shows one: it on the table, then the card tracker."""
        self.app.start_game("tarot", 375)
        for _ in range(40):
            if not self.south_turn() or any("handful" in a for a in self.table().legal()):
                break
            if not self.take_contract():
                self.lay_away_any()
                if self.table().hand.phase != "play":
                    self.decide()
        t = self.table()
        offer = next((b for b in t.panel.side_buttons if b.choice and "handful" in b.choice),
                     None)
        if offer is not None:
            self.click(offer.rect.center)
            trumps = [i for i, n in enumerate(t.fan.cards) if n and n.startswith("T")]
            for i in trumps[:7]:
                r = t.fan.card_rect(i)
                self.click((r.left + 4, r.centery))
            self.shot("tarot-handful-choice")
            for i in trumps[7:10]:
                r = t.fan.card_rect(i)
                self.click((r.left + 4, r.centery))
            self.press("Show")
            self.step(0.1, 2)
            self.shot("tarot-handful-shown-south")
        self.press("Main menu") if t.summary else None
        self.key(pygame.K_ESCAPE)
        self.press("Main menu")
        self.step()
        self.app.start_game("tarot", 11)
        for _ in range(400):
            t = self.table()
            if t.middle.handful.current is not None or getattr(t, "summary", None):
                break
            if t.hand.to_act == 0 and not t.busy():
                self.decide()
            self.step(0.1)
        if t.middle.handful.current is not None:
            self.step(0.1, 2)
            self.shot("tarot-handful-shown-ai")
            self.south_turn()
            self.key(pygame.K_t)
            self.shot("tarot-handful-tracker")
            self.key(pygame.K_t)
        self.key(pygame.K_ESCAPE)
        self.press("Main menu")
        self.step()

    def daily(self) -> None:
        """Last: the deal of the day (of a fixed day, :data:`DAY`) — its page, Turup's deal
        played by the keyboard to its summary, the comparison with par (played with a small
        budget), the review opened at the first difference, the page again with the result,
        and the results page."""
        session = self.app.session
        session.today = lambda: DAY
        session.pars.budget_ms = 20
        self.step()
        if not self.press("Deal of the day"):
            return
        self.shot("daily")
        self.click(self.app.top.rows[1][2].rect.center)  # Turup's Play
        self.south_turn()
        self.shot("daily-table")
        while self.south_turn():
            self.decide()
        self.step(0.1, 20)
        self.shot("daily-summary")
        run = session.pars.get(f"daily:turup:{DAY.isoformat()}")
        if run is not None:
            run.future.result(120)
        if self.press("Compare with par"):
            self.step(0.0, 2)
            self.shot("daily-par")
            if getattr(self.app.top, "reviews", []):
                self.key(pygame.K_RETURN)  # the first difference's Review
                self.shot("daily-par-review")
                self.key(pygame.K_ESCAPE)
            self.key(pygame.K_ESCAPE)
        self.press("Deal of the day")
        self.shot("daily-played")
        self.click(self.app.top.foot[0].rect.center)  # Your results
        self.shot("daily-results")
        self.key(pygame.K_ESCAPE)
        self.key(pygame.K_ESCAPE)
        self.step()

    def highest_bid(self) -> bool:
        """French Tarot: South's highest legal bid (none can top it); True when bid."""
        t = self.table()
        bids = [a for a in t.legal() if a.get("bid", "pass") != "pass"]
        if bids:
            t.choose(bids[-1])
            self.step()
        return bool(bids)

    def lay_away_any(self) -> None:
        """French Tarot, South to lay away: the first six cards that may go, by the
        keyboard."""
        t = self.table()
        if t.hand.phase != "discard" or t.hand.to_act != 0:
            return
        for _ in range(2 * len(t.fan.cards)):
            if len(t.model.selected) >= 6:
                break
            before = len(t.model.selected)
            self.key(pygame.K_RETURN)
            if len(t.model.selected) == before:
                self.key(pygame.K_RIGHT)
        self.press("Lay away")
        self.step(0.1, 3)

    def menu_continue(self) -> None:
        """Last: the main menu again, its games in progress ("Continue …" and their scores;
        French Tarot's for five players)."""
        self.step(frames=2)
        self.shot("menu-continue")

    def tour(self, names: tuple[str, ...] = GAMES) -> None:
        """Every picture, in order (the games played: ``names``)."""
        self.menus()
        for game in names:
            self.play(game)
        self.ends()
        self.celebration()
        self.filled_statistics()
        self.progress()
        self.tarot_tables()
        self.menu_continue()
        self.tarot_handfuls()
        self.daily()

    def close(self) -> None:
        self.app.close()


def played_out(game: str, seed: int) -> Match:
    """A whole game of ``game`` played by random players, South's seat then given to the
    player (the table shows its last summary)."""
    match = Match(game, seed, {}, "random", south="random")
    players = [make_player("random", seat) for seat in range(4)]
    while True:
        hand = match.hand
        while not hand.done:
            seat = hand.to_act
            match.apply(players[seat].decide(hand.knowledge(seat)).action)
        if match.over:
            match.seats["S"] = "human"
            return match
        match.next_hand()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--size", action="append", default=[],
                        help="WIDTHxHEIGHT (default: 1280x720 and 1024x600)")
    parser.add_argument("--game", action="append", choices=GAMES, default=[])
    parser.add_argument("--lang", choices=tuple(i18n.LANGUAGES), default=None,
                        help="the language of the pictures (default: the system's)")
    args = parser.parse_args(argv)
    sizes = [tuple(int(v) for v in s.split("x")) for s in args.size] or [(1280, 720),
                                                                        (1024, 600)]
    with tempfile.TemporaryDirectory() as data:
        os.environ["FOUR_TRUMPS_DATA_DIR"] = data
        for size in sizes:
            tour = Tour(args.out, (size[0], size[1]), args.lang)
            try:
                tour.tour(tuple(args.game) or GAMES)
            finally:
                tour.close()
            print(f"{tour.count} pictures in {tour.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
