"""Draw the application icon and write it in every format the bundle needs.

``python3 tools/make_icon.py`` (inside the environment: ``.venv/bin/python tools/make_icon.py``)
draws the icon with pygame — four cards, one of each suit, fanned on the felt inside a gold rim —
and writes:

* ``build/icon/four-trumps.png`` — the 512-pixel master;
* ``build/icon/four-trumps.ico`` — Windows (16 to 256 pixels, each a PNG inside the ICO);
* ``build/icon/four-trumps.icns`` — macOS (16 to 512 pixels, PNG entries);
* ``assets/icon.png`` — the window icon the game sets at run time.

Both container formats may hold PNG images, so they are written here with :mod:`struct` and no
imaging library. The generated files are committed; run this again only to change the drawing.
"""

from __future__ import annotations

import io
import math
import os
import struct
import sys
from collections.abc import Mapping
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame

ROOT = Path(__file__).resolve().parent.parent
ICON_DIR = ROOT / "build" / "icon"
MASTER = 512
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
ICNS_TYPES: dict[bytes, int] = {
    b"icp4": 16, b"icp5": 32, b"icp6": 64, b"ic07": 128, b"ic08": 256, b"ic09": 512,
    b"ic11": 32, b"ic12": 64, b"ic13": 256, b"ic14": 512,
}
"""macOS icon types holding PNG data, and their pixel size (ic11–ic14 are the @2x ones)."""
WINDOW_ICON = 128

sys.path.insert(0, str(ROOT))
from game.ui import assets  # noqa: E402
from game.ui.render.cards import SUIT_GLYPH  # noqa: E402
from game.ui.theme import CARD_BLACK as BLACK  # noqa: E402
from game.ui.theme import CARD_BORDER as BORDER  # noqa: E402
from game.ui.theme import CARD_RED as RED  # noqa: E402
from game.ui.theme import CARD_WHITE as CARD  # noqa: E402
from game.ui.theme import FELT_CENTRE as FELT_IN  # noqa: E402
from game.ui.theme import FELT_EDGE as FELT_OUT  # noqa: E402
from game.ui.theme import GOLD  # noqa: E402

SUITS = tuple((SUIT_GLYPH[s], BLACK if s in "SC" else RED) for s in "SHCD")
"""The fan's suits, left to right, in the game's own colours."""


def ico_bytes(pngs: Mapping[int, bytes]) -> bytes:
    """An ICO file holding one PNG image per size (``{pixels: png bytes}``, at most 256)."""
    sizes = sorted(pngs)
    head = struct.pack("<HHH", 0, 1, len(sizes))
    offset = len(head) + 16 * len(sizes)
    entries, images = b"", b""
    for size in sizes:
        if not 0 < size <= 256:
            raise ValueError(f"an ICO image is 1 to 256 pixels, not {size}")
        data = pngs[size]
        edge = size % 256  # 0 stands for 256
        entries += struct.pack("<BBBBHHII", edge, edge, 0, 0, 1, 32, len(data),
                               offset + len(images))
        images += data
    return head + entries + images


def icns_bytes(entries: Mapping[bytes, bytes]) -> bytes:
    """An ICNS file of ``{four-byte type: png bytes}`` entries."""
    body = b"".join(struct.pack(">4sI", kind, 8 + len(data)) + data
                    for kind, data in entries.items())
    return struct.pack(">4sI", b"icns", 8 + len(body)) + body


def draw(size: int = MASTER) -> pygame.Surface:
    """The icon at ``size`` pixels square, on a transparent background (needs
    ``pygame.init()``; the suit glyphs come from the game's own DejaVu Sans)."""
    s = size / 512
    icon = pygame.Surface((size, size), pygame.SRCALPHA)
    felt = pygame.Surface((size, size), pygame.SRCALPHA)
    for r in range(int(size * 0.72), 0, -2):  # a radial gradient, light in the middle
        t = r / (size * 0.72)
        color = [round(a + (b - a) * t) for a, b in zip(FELT_IN, FELT_OUT, strict=True)]
        pygame.draw.circle(felt, color, (size // 2, int(size * 0.45)), r)
    mask = pygame.Surface((size, size), pygame.SRCALPHA)
    rim = pygame.Rect(round(8 * s), round(8 * s), size - round(16 * s), size - round(16 * s))
    pygame.draw.rect(mask, (255, 255, 255, 255), rim, border_radius=round(92 * s))
    felt.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    icon.blit(felt, (0, 0))
    pygame.draw.rect(icon, GOLD, rim, width=max(1, round(14 * s)), border_radius=round(92 * s))
    font = pygame.font.Font(str(assets.path("fonts", "DejaVuSans-Bold.ttf")), round(120 * s))
    w, h = round(170 * s), round(250 * s)
    pivot = (size / 2, size * 0.86)
    for i, (suit, color) in enumerate(SUITS):
        angle = 36 - 24 * i
        card = pygame.Surface((w, h), pygame.SRCALPHA)
        pygame.draw.rect(card, CARD, card.get_rect(), border_radius=round(18 * s))
        pygame.draw.rect(card, BORDER, card.get_rect(), width=max(1, round(3 * s)),
                         border_radius=round(18 * s))
        glyph = font.render(suit, True, color)
        card.blit(glyph, glyph.get_rect(center=(round(w * 0.3), round(h * 0.22))))
        turned = pygame.transform.rotozoom(card, angle, 1.0)
        rad = math.radians(angle)
        reach = h * 0.62  # from the pivot to the card's centre
        centre = (pivot[0] - reach * math.sin(rad), pivot[1] - reach * math.cos(rad))
        icon.blit(turned, turned.get_rect(center=(round(centre[0]), round(centre[1]))))
    return icon


def png(surface: pygame.Surface, size: int) -> bytes:
    """``surface`` scaled to ``size`` pixels square, as PNG bytes."""
    scaled = surface if surface.get_width() == size else pygame.transform.smoothscale(
        surface, (size, size))
    out = io.BytesIO()
    pygame.image.save(scaled, out, "png")
    return out.getvalue()


def main() -> int:
    """Draw the icon and write the four files; prints what it wrote."""
    pygame.init()
    pygame.display.set_mode((1, 1))
    master = draw(MASTER)
    ICON_DIR.mkdir(parents=True, exist_ok=True)
    pngs = {n: png(master, n) for n in {*ICO_SIZES, *ICNS_TYPES.values(), WINDOW_ICON}}
    outputs = {
        ICON_DIR / "four-trumps.png": pngs[MASTER],
        ICON_DIR / "four-trumps.ico": ico_bytes({n: pngs[n] for n in ICO_SIZES}),
        ICON_DIR / "four-trumps.icns": icns_bytes({k: pngs[n] for k, n in ICNS_TYPES.items()}),
        ROOT / "assets" / "icon.png": pngs[WINDOW_ICON],
    }
    for path, data in outputs.items():
        path.write_bytes(data)
        print(f"wrote {path.relative_to(ROOT)} ({len(data):,} bytes)")
    pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
