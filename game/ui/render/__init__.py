"""Drawing in code: fonts, card faces and backs, the felt — each cached per size."""


def reset_caches() -> None:
    """Forget every cached font, text, card face and felt (before ``pygame.quit``: they
    belong to the pygame session that made them)."""
    from . import cards, felt, fonts

    fonts.clear_caches()
    felt._felt.cache_clear()
    cards._ARTS.clear()
