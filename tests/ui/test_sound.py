"""The card sounds: made in code from shaped noise, short and quiet, the same every time."""

from __future__ import annotations

import itertools
import math
from array import array

import pytest

from game.ui import sound


def samples(name: str, rate: int = sound.RATE, channels: int = 1) -> array:
    out = array("h")
    out.frombytes(sound.render(name, rate, channels))
    return out


@pytest.mark.parametrize("name", sorted(sound.EFFECTS))
def test_each_effect_is_short_quiet_and_repeatable(name) -> None:
    x = samples(name)
    assert 0.03 < len(x) / sound.RATE < 0.8
    top = max(abs(v) for v in x)
    assert 0.5 * sound.PEAK[name] * 32767 < top <= sound.PEAK[name] * 32767 + 1
    assert abs(x[-1]) < 200  # faded out: no click at the end
    assert samples(name) == x


@pytest.mark.parametrize("name", ["play", "tap", "deal", "trick"])
def test_card_sounds_are_noise_not_a_tone(name) -> None:
    """A tone crosses zero at a steady pace; noise does not. Here the gaps between zero
    crossings vary widely."""
    x = samples(name)
    crossings = [i for i in range(1, len(x)) if (x[i - 1] < 0) != (x[i] < 0)]
    gaps = [b - a for a, b in itertools.pairwise(crossings)]
    mean = sum(gaps) / len(gaps)
    spread = math.sqrt(sum((g - mean) ** 2 for g in gaps) / len(gaps))
    assert spread > 0.5 * mean


def test_effects_follow_the_mixers_rate_and_channels() -> None:
    mono = samples("tap", 44100)
    stereo = samples("tap", 44100, 2)
    assert len(stereo) == 2 * len(mono)
    assert abs(len(mono) / 44100 - len(samples("tap")) / sound.RATE) < 0.002
    assert list(stereo[0::2]) == list(stereo[1::2]) == list(mono)
