"""The bot: opens the store (migrations run there), registers persistent components and
commands, and holds the service, delivery and renderer the cogs share."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.delivery import Delivery
from bot.i18n.translator import CommandTranslator
from bot.render import Renderer, default_renderer, warm_up_renderers
from bot.settings import Settings
from bot.views import DYNAMIC_ITEMS
from games.service import GameService
from games.storage import Store, open_store

log = logging.getLogger(__name__)


class CivTree(app_commands.CommandTree["CivBot"]):
    """Never leaves a player without an answer when a command fails; logs the cause."""

    async def on_error(
        self, interaction: discord.Interaction[CivBot], error: app_commands.AppCommandError
    ) -> None:
        from bot.flow import reply, user_lang
        from bot.i18n import t

        lang = user_lang(interaction)
        if isinstance(error, app_commands.NoPrivateMessage):
            text = t(lang, "errors.guild_only")
        elif isinstance(error, app_commands.BotMissingPermissions):
            text = t(
                lang, "errors.missing_permissions", permission=", ".join(error.missing_permissions)
            )
        else:
            log.error("command failed", exc_info=error)
            text = t(lang, "errors.internal")
        try:
            await reply(interaction, text)
        except discord.HTTPException:
            log.warning("could not report a command error", exc_info=True)


COGS = ("bot.cogs.lobby", "bot.cogs.play", "bot.cogs.admin", "bot.cogs.help")


class CivBot(commands.Bot):
    """discord.py client plus the game service; no privileged intents needed."""

    service: GameService
    store: Store

    def __init__(
        self,
        settings: Settings,
        *,
        renderer: Renderer | None = default_renderer,
        reminders: bool = True,
        clock: Callable[[], float] | None = None,
        **kwargs: Any,
    ) -> None:
        intents = discord.Intents.default()
        intents.message_content = False
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents,
            help_command=None,
            tree_cls=CivTree,
            **kwargs,
        )
        self.settings = settings
        self.renderer = renderer
        self.reminders_enabled = reminders
        #: the service's clock (tests inject one to make turn deadlines pass)
        self.clock = clock or time.time
        self.delivery = Delivery(self)

    async def setup_hook(self) -> None:
        self.store = await open_store(self.settings.database_url)
        self.service = GameService(self.store, clock=self.clock)
        self.add_dynamic_items(*DYNAMIC_ITEMS)
        await self.tree.set_translator(CommandTranslator())
        for name in COGS:
            await self.load_extension(name)
        await self.sync_commands()
        self._warm_up = asyncio.create_task(asyncio.to_thread(warm_up_renderers))

    async def sync_commands(self) -> None:
        """Global sync, or instant sync to DEV_GUILD_ID while developing."""
        if self.settings.dev_guild_id:
            guild = discord.Object(self.settings.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
        else:
            synced = await self.tree.sync()
        log.info("synced %d commands", len(synced))

    async def close(self) -> None:
        await super().close()
        store = getattr(self, "store", None)
        if store is not None:
            await store.close()
