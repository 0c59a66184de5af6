"""Short sound effects, generated in code (no files, nothing to license): deal, play, trick won,
hand won, hand lost. With no audio device, or with sound off, every call is silently a no-op."""

from __future__ import annotations

import math
import random
from array import array
from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from .session import Settings

RATE = 22050


def _tone(parts: list[tuple[float, float, float]], noise: float = 0.0) -> bytes:
    """Mono 16-bit samples: each part is (frequency Hz, seconds, loudness 0..1) with a quick
    attack and an exponential decay; ``noise`` mixes in a little rustle (card sounds)."""
    out = array("h")
    rng = random.Random(7)
    for freq, secs, loud in parts:
        n = int(RATE * secs)
        for i in range(n):
            t = i / RATE
            env = min(1.0, i / 80) * math.exp(-5.0 * t / max(secs, 1e-3))
            v = math.sin(2 * math.pi * freq * t) * (1 - noise) + (rng.random() * 2 - 1) * noise
            out.append(int(32767 * loud * env * v))
    return out.tobytes()


EFFECTS: dict[str, tuple[list[tuple[float, float, float]], float]] = {
    "deal": ([(900, 0.05, 0.25)], 0.8),
    "play": ([(500, 0.07, 0.35)], 0.6),
    "trick": ([(660, 0.08, 0.3), (880, 0.1, 0.3)], 0.0),
    "won": ([(523, 0.12, 0.3), (659, 0.12, 0.3), (784, 0.25, 0.3)], 0.0),
    "lost": ([(392, 0.15, 0.3), (330, 0.15, 0.3), (262, 0.3, 0.3)], 0.0),
}


class Sound:
    """The effects, or silence."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.sounds: dict[str, pygame.mixer.Sound] = {}
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(frequency=RATE, size=-16, channels=1)
            init = pygame.mixer.get_init()
            if init is None:  # no sound card: silence
                return
            freq, _, channels = init
            for name, (parts, noise) in EFFECTS.items():
                data = _tone(parts, noise) if freq == RATE and channels == 1 else b""
                if data:
                    self.sounds[name] = pygame.mixer.Sound(buffer=data)
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
