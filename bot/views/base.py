"""Small helpers shared by the component modules."""

from __future__ import annotations

from typing import Any

import discord


def selected_values(interaction: discord.Interaction[Any]) -> list[str]:
    """The values chosen in a select interaction (read from the raw payload, which is
    authoritative even when the component was rebuilt from its custom id)."""
    data: Any = interaction.data or {}
    return [str(v) for v in data.get("values") or []]
