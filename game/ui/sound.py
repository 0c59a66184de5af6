"""Short card sounds, made in code from shaped noise (no files, nothing to license): a card slid
onto the table (``play``), a card or a button tapped down (``tap``), a riffle shuffle and deal
(``deal``), a trick gathered in (``trick``), and two soft plucked phrases for a hand won or
lost (``won``, ``lost``; a plucked string is filtered noise too). Quiet and short; with no audio
device, or with sound off, every call is silently a no-op.

Every effect is a list of float samples in -1..1 built from noise bursts: white noise through
one-pole low- and high-pass filters (which set the colour: a slide is a hiss, a tap a muffled
knock), under an amplitude envelope (which sets the shape: quick attack, exponential decay).
"""

from __future__ import annotations

import functools
import math
import random
from array import array
from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from .quiet import into_log

if TYPE_CHECKING:  # names for the type checker only: not imported when the game runs
    from .session import Settings

RATE = 22050
PEAK = {"play": 0.22, "tap": 0.25, "deal": 0.2, "trick": 0.2, "won": 0.2, "lost": 0.16}
"""The loudest sample of each effect, as a share of full scale (before the volume setting)."""

Samples = list[float]


def _lowpass(x: Samples, cutoff: float, rate: int) -> Samples:
    """``x`` through a one-pole low-pass filter at ``cutoff`` Hz."""
    a = 1 - math.exp(-2 * math.pi * cutoff / rate)
    y, out = 0.0, []
    for v in x:
        y += a * (v - y)
        out.append(y)
    return out


def _band(x: Samples, low: float, high: float, rate: int) -> Samples:
    """``x`` with what lies below ``low`` Hz and above ``high`` Hz taken away."""
    smooth = _lowpass(x, high, rate)
    return [a - b for a, b in zip(smooth, _lowpass(smooth, low, rate), strict=True)]


def _noise(n: int, rng: random.Random) -> Samples:
    return [rng.uniform(-1, 1) for _ in range(n)]


def _burst(secs: float, low: float, high: float, attack: float, decay: float, rate: int,
           rng: random.Random) -> Samples:
    """A burst of noise between ``low`` and ``high`` Hz, rising over ``attack`` seconds
    (a sine-shaped ramp) and dying away with time constant ``decay`` seconds."""
    n = max(1, int(secs * rate))
    x = _band(_noise(n, rng), low, high, rate)
    out = []
    for i, v in enumerate(x):
        t = i / rate
        rise = math.sin(0.5 * math.pi * min(1.0, t / attack)) if attack > 0 else 1.0
        fall = math.exp(-max(0.0, t - attack) / decay)
        out.append(v * rise * fall)
    return _normal(out)


def _pluck(freq: float, secs: float, rate: int, rng: random.Random) -> Samples:
    """A plucked string (Karplus–Strong): a burst of noise in a delay line that averages
    itself down to a soft tone."""
    period = max(2, round(rate / freq))
    line = _noise(period, rng)
    out = []
    for i in range(int(secs * rate)):
        v = line[i % period]
        line[i % period] = 0.497 * (v + line[(i + 1) % period])
        out.append(v)
    return _normal(out)


def _normal(x: Samples) -> Samples:
    """``x`` scaled so its loudest sample is 1."""
    top = max((abs(v) for v in x), default=0.0) or 1.0
    return [v / top for v in x]


def _mix(parts: list[tuple[float, float, Samples]], rate: int) -> Samples:
    """Each ``(start seconds, gain, samples)`` laid on one track."""
    n = max((int(at * rate) + len(x) for at, _, x in parts), default=0)
    out = [0.0] * n
    for at, gain, x in parts:
        k = int(at * rate)
        for i, v in enumerate(x):
            out[k + i] += gain * v
    return out


def _tap(rate: int, rng: random.Random) -> Samples:
    """A card put down: a short click over a muffled knock."""
    return _mix([(0, 0.5, _burst(0.03, 1500, 6000, 0.001, 0.004, rate, rng)),
                 (0, 1.0, _burst(0.05, 80, 700, 0.002, 0.01, rate, rng))], rate)


def _slide(rate: int, rng: random.Random, secs: float = 0.1, high: float = 5000) -> Samples:
    """A card slid over the cloth: a hiss that swells and fades, then a soft tap."""
    swish = _burst(secs, 900, high, secs * 0.4, secs * 0.25, rate, rng)
    return _mix([(0, 1.0, swish), (secs * 0.8, 0.45, _tap(rate, rng))], rate)


def _riffle(rate: int, rng: random.Random) -> Samples:
    """A riffle shuffle: some thirty cards flicking past, thickest at the start and the end,
    over a soft rustle, squared up with a tap."""
    secs, clicks = 0.5, 30
    parts: list[tuple[float, float, Samples]] = [
        (0, 0.25, _burst(secs, 1200, 5000, 0.05, 0.3, rate, rng))]
    for k in range(clicks):
        u = k / (clicks - 1)
        at = secs * (0.5 - 0.5 * math.cos(math.pi * u)) + rng.uniform(-0.004, 0.004)
        parts.append((max(0.0, at), rng.uniform(0.5, 1.0),
                      _burst(0.012, 2000, 7000, 0.0005, 0.0025, rate, rng)))
    parts.append((secs + 0.02, 0.8, _tap(rate, rng)))
    return _mix(parts, rate)


def _gather(rate: int, rng: random.Random) -> Samples:
    """A trick gathered in: four cards swept together, lower and longer than one slide."""
    return _mix([(i * 0.035, 1.0 - 0.12 * i, _slide(rate, rng, 0.13, 3000)) for i in range(4)],
                rate)


def _phrase(notes: tuple[float, ...], gap: float) -> Callable[[int, random.Random], Samples]:
    """Plucked ``notes`` (Hz) one after another, ``gap`` seconds apart."""
    def make(rate: int, rng: random.Random) -> Samples:
        return _mix([(i * gap, 1.0, _pluck(f, 0.45, rate, rng)) for i, f in enumerate(notes)],
                    rate)
    return make


EFFECTS: dict[str, Callable[[int, random.Random], Samples]] = {
    "play": _slide, "tap": _tap, "deal": _riffle, "trick": _gather,
    "won": _phrase((523.3, 659.3, 784.0), 0.11), "lost": _phrase((392.0, 311.1), 0.16)}
"""How each effect is made, at a sample rate, from a random source."""


@functools.cache
def render(name: str, rate: int = RATE, channels: int = 1) -> bytes:
    """Effect ``name`` as signed 16-bit samples at ``rate`` Hz (interleaved when
    ``channels`` > 1), at its :data:`PEAK` level. The same bytes every time (a fixed seed), so
    they are made once per process (a few tenths of a second of pure Python) however many
    windows open: the tests open hundreds."""
    samples = _normal(EFFECTS[name](rate, random.Random(7)))
    fade = min(len(samples), rate // 200)  # no click at the end
    for i in range(fade):
        samples[-1 - i] *= i / fade
    peak = 32767 * PEAK[name]
    out = array("h")
    for v in samples:
        out.extend([int(peak * v)] * channels)
    return out.tobytes()


class Sound:
    """The effects, or silence."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.sounds: dict[str, pygame.mixer.Sound] = {}
        try:
            if not pygame.mixer.get_init():
                with into_log("sound"):  # ALSA's "cannot find card" goes to the log
                    pygame.mixer.init(frequency=RATE, size=-16, channels=1)
            init = pygame.mixer.get_init()
            if init is None:  # no sound card: silence
                return
            freq, size, channels = init
            if size != -16:
                return
            for name in EFFECTS:
                self.sounds[name] = pygame.mixer.Sound(buffer=render(name, freq, channels))
        except (pygame.error, TypeError):
            self.sounds = {}

    def play(self, name: str) -> None:
        """Play effect ``name`` at the set volume (nothing when muted or without audio)."""
        snd = self.sounds.get(name)
        if snd is None or not self.settings.sound:
            return
        try:
            snd.set_volume(max(0.0, min(1.0, self.settings.volume)))
            snd.play()
        except pygame.error:
            pass

    def close(self) -> None:
        """Release the audio device."""
        try:
            if pygame.mixer.get_init():
                pygame.mixer.quit()
        except pygame.error:
            pass
