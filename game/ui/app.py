"""The window. Until the table scene lands (its own issue) it shows a title card that says so."""

from __future__ import annotations

import os


def run() -> int:
    """Open the window and run until it is closed; returns the exit status."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    pygame.init()
    try:
        screen = pygame.display.set_mode((1280, 720), pygame.RESIZABLE)
        pygame.display.set_caption("Four Trumps")
        big = pygame.font.Font(None, 72)
        small = pygame.font.Font(None, 32)
        clock = pygame.time.Clock()
        running = True
        while running:
            for event in pygame.event.get():
                if event.type == pygame.QUIT or (
                        event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE):
                    running = False
            screen.fill((18, 92, 52))
            w, h = screen.get_size()
            for surf, y in ((big.render("Four Trumps", True, (245, 235, 200)), h // 2 - 50),
                            (small.render("The table is being built: the rules engine is ready "
                                          "(python -m game replay / deal). Esc to quit.",
                                          True, (220, 230, 220)), h // 2 + 20)):
                screen.blit(surf, surf.get_rect(center=(w // 2, y)))
            pygame.display.flip()
            clock.tick(30)
    finally:
        pygame.quit()
    return 0
