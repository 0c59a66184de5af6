"""What a scene may use: the :class:`Scene` base and the small :class:`Host` it talks to.

A scene never imports the app. It is given a host — the scene stack as the scene sees it —
and reaches everything through it: the stack (``push``, ``pop``, ``replace_all``, ``quit``,
``top``, ``below``), the window's ``size``, and the :attr:`Host.session` that outlives the
scenes (settings, the match in progress, saving, the AI workers, sound). A scene opens another
by *name* through :func:`open_scene` and the registry (:func:`register`), so no scene module
needs to import another one either.

The design follows Tuxemon's ``state.py``: ``update(dt)``, ``draw(surface)`` and
``handle_event(event)``, which returns ``None`` to consume an input or the event to pass it
down the stack.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

import pygame

if TYPE_CHECKING:  # names for the type checker only: not imported when the game runs
    from .session import Session


class Scene:
    """One screen (or overlay) of the game, drawn and driven by its :class:`Host`."""

    opaque = True
    """False for an overlay that lets the scene below show."""
    name = ""
    """The name the scene is registered under (:func:`register`), if any."""

    def __init__(self, host: Host) -> None:
        self.host = host

    def resume(self) -> None:
        """The scene is on top again."""

    def pause(self) -> None:
        """Another scene was pushed over this one."""

    def close(self) -> None:
        """The scene leaves the stack for good."""

    def resize(self, size: tuple[int, int]) -> None:
        """The window changed size."""

    def update(self, dt: float) -> None:
        """Advance by ``dt`` seconds."""

    def wake_in(self) -> float | None:
        """How soon this scene's look changes by itself, asked by the frame loop after each
        frame while the scene is on top: ``0.0`` while something moves (a frame at the frame
        rate), the seconds until its next scheduled change (a bubble that goes, a timer, a job
        it polls), or ``None`` when only an event (input, the window) changes it. The loop
        sleeps until then (:meth:`game.ui.app.App.run`), and the next :meth:`update` gets the
        whole time slept as ``dt``.

        **Decision**: the default is ``0.0`` — a scene that does not say is drawn every frame,
        as before the loop learnt to sleep; every scene of the game says."""
        return 0.0

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the scene."""

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        """Consume ``event`` (return ``None``) or pass it down (return it)."""
        return event


class Host(Protocol):
    """The scene stack as a scene sees it."""

    @property
    def session(self) -> Session:
        """What outlives the scenes: settings, the match, saving, the AI workers, sound."""
        ...

    @property
    def size(self) -> tuple[int, int]:
        """The window's size in pixels."""
        ...

    @property
    def top(self) -> Scene | None:
        """The scene on top, or ``None``."""
        ...

    def below(self, scene: Scene) -> Scene | None:
        """The scene right under ``scene`` on the stack (``None`` at the bottom or when
        ``scene`` is not on the stack)."""
        ...

    def on_stack(self, scene: Scene) -> bool:
        """True while ``scene`` is on the stack."""
        ...

    def push(self, scene: Scene) -> None:
        """Put ``scene`` on top."""
        ...

    def pop(self) -> None:
        """Remove the top scene; the one below resumes."""
        ...

    def replace_all(self, scene: Scene) -> None:
        """Clear the stack and show ``scene``."""
        ...

    def quit(self) -> None:
        """Leave the frame loop."""
        ...

    def set_language(self, code: str) -> None:
        """Speak ``code`` from the next frame on, without a restart: the player's setting
        (saved), the catalog, the cached texts forgotten and every scene laid out again."""
        ...

    @property
    def table(self) -> Scene | None:
        """The table of the game in progress once shown (kept while that game goes on)."""
        ...

    def show_table(self, game: str | None = None) -> Scene:
        """Show the table of ``game``'s game in progress (default: ``session.match``) as the
        only scene."""
        ...

    def start_game(self, game: str, seed: int | None = None) -> Scene:
        """Make a new game of ``game`` the game in progress and show its table."""
        ...


SceneClass = TypeVar("SceneClass", bound=type[Scene])
_REGISTRY: dict[str, Callable[..., Scene]] = {}


def register(name: str) -> Callable[[SceneClass], SceneClass]:
    """Class decorator: make a scene class openable as ``name``
    (``open_scene(host, name, ...)``) and give it that :attr:`Scene.name`."""

    def wrap(cls: SceneClass) -> SceneClass:
        cls.name = name
        _REGISTRY[name] = cls
        return cls

    return wrap


def open_scene(host: Host, name: str, **kwargs: Any) -> Scene:
    """A new scene of the kind registered as ``name``, for ``host`` (the scene modules are
    imported on first use, so that a scene can name any other without importing it)."""
    if name not in _REGISTRY:
        from . import scenes

        scenes.load_all()
    return _REGISTRY[name](host, **kwargs)


def leave(host: Host, scene: Scene) -> None:
    """Close ``scene`` and every scene over it: back to what was under it, else (nothing was)
    the main menu. A one-hand table pushed over a page (a guided hand, a deal of the day) is
    left so, its progress kept by its own book."""
    while host.top is not None and host.top is not scene and host.on_stack(scene):
        host.pop()
    if host.below(scene) is None:
        host.replace_all(open_scene(host, "menu"))
    else:
        host.pop()
