"""What the two Somali games share on screen: eldest names trump from its first three cards."""

from __future__ import annotations

from typing import ClassVar

from ...i18n import N_
from .base import PartnershipPresentation


class SomaliPresentation(PartnershipPresentation):
    """Arba'a Turub and Turup: partnerships, trump named by eldest from three cards."""

    phase_titles: ClassVar[dict[str, str]] = {"trump": N_("Name trump")}
    reminders: ClassVar[dict[str, str]] = {
        "trump": N_("Name trump from your first three cards; the rest are dealt after.")}
