"""``/settings``: a player's own settings, each with a button that turns it on or off.

The button carries the value it sets (``cb:st:<name>:<0|1>``), so a press is the same
however often it is repeated, after a restart too; the settings belong to whoever presses.
"""

from __future__ import annotations

import re
from typing import Any

import discord

from bot import ids
from bot.i18n import t
from bot.interaction import client, run_component
from games.models import PlayerSettings

#: the custom id's name of each setting -> its field in :class:`PlayerSettings`
FIELDS = {"dm": "dm_on_turn", "pings": "reminder_pings"}


class SettingButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=ids.SETTINGS_TEMPLATE):
    """``cb:st:<dm|pings>:<0|1>``: sets the clicker's setting to off (0) or on (1)."""

    def __init__(self, name: str, value: bool, label: str = "…") -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                style=discord.ButtonStyle.success if value else discord.ButtonStyle.secondary,
                custom_id=ids.setting(name, value),
            )
        )
        self.name, self.value = name, value

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> SettingButton:
        return cls(match["name"], match["value"] == "1")

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await run_component(
            interaction,
            (),
            lambda: client(interaction).seating.change_setting(interaction, self.name, self.value),
        )


def settings_text(lang: str, settings: PlayerSettings) -> str:
    """The settings in words, each with what it means."""

    def state(on: bool) -> str:
        return t(lang, "settings.on" if on else "settings.off")

    return "\n".join(
        [
            t(lang, "settings.title"),
            t(lang, "settings.dm_on_turn", state=state(settings.dm_on_turn)),
            t(lang, "settings.reminder_pings", state=state(settings.reminder_pings)),
            t(lang, "settings.hint"),
        ]
    )


def settings_items(lang: str, settings: PlayerSettings) -> list[discord.ui.Item[Any]]:
    """One button a setting, turning it to the other value."""
    items: list[discord.ui.Item[Any]] = []
    for name, field in FIELDS.items():
        target = not getattr(settings, field)
        label = t(lang, f"settings.button.{name}_{'on' if target else 'off'}")
        items.append(SettingButton(name, target, label))
    return items
