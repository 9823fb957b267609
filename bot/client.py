"""The bot: opens the store (migrations run there), registers persistent components and
commands, and holds what the cogs and components share: the service, the delivery, the
handlers (``play``) and the renderer."""

from __future__ import annotations

import asyncio
import logging
import time
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.components import DYNAMIC_ITEMS
from bot.delivery import Delivery
from bot.i18n import t
from bot.i18n.translator import CommandTranslator
from bot.interaction import reply, report_failure, user_lang
from bot.looking import Looking
from bot.play import Play
from bot.render import Renderer, default_renderer, warm_up_renderers
from bot.seating import Seating
from bot.settings import Settings
from games.service import GameService
from games.storage import Store, open_store

log = logging.getLogger(__name__)

#: How many interaction ids are remembered to recognise one delivered twice.
RECENT_INTERACTIONS = 4096


class CivTree(app_commands.CommandTree["CivBot"]):
    """Never leaves a player without an answer when a command fails; logs the cause."""

    async def interaction_check(self, interaction: discord.Interaction[CivBot], /) -> bool:
        """Drops, quietly, a command delivered a second time (it was answered the first)."""
        if interaction.client.first_delivery(interaction.id):
            return True
        log.info("interaction %s delivered twice; the repeat is ignored", interaction.id)
        return False

    async def on_error(
        self, interaction: discord.Interaction[CivBot], error: app_commands.AppCommandError
    ) -> None:
        lang = user_lang(interaction)
        if isinstance(error, app_commands.NoPrivateMessage):
            text = t(lang, "errors.guild_only")
        elif isinstance(error, app_commands.BotMissingPermissions):
            text = t(
                lang, "errors.missing_permissions", permission=", ".join(error.missing_permissions)
            )
        else:
            command = interaction.command
            what = f"command /{command.qualified_name}" if command else "a command"
            await report_failure(interaction, error, what)
            return
        try:
            await reply(interaction, text)
        except discord.HTTPException:
            log.warning("could not report a command error", exc_info=True)


COGS = (
    "bot.cogs.lobby",
    "bot.cogs.play",
    "bot.cogs.settings",
    "bot.cogs.admin",
    "bot.cogs.help",
)


class CivBot(commands.Bot):
    """discord.py client plus the game service; no privileged intents needed."""

    service: GameService
    store: Store
    #: the start-up delivery of every active game's open questions (see setup_hook)
    redelivery: asyncio.Task[None]

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
        self.play = Play(self)
        self.looking = Looking(self)
        self.seating = Seating(self)
        self._recent_interactions: OrderedDict[int, None] = OrderedDict()

    async def on_interaction(self, interaction: discord.Interaction[Any]) -> None:
        """Modal submits: discord.py only answers those of modals it keeps in memory (lost
        on a restart or a timeout, and then silently dropped); this bot keeps none and
        routes every submit by its custom id (``Play.modal_submitted``)."""
        if interaction.type is discord.InteractionType.modal_submit:
            await self.play.modal_submitted(interaction)

    def first_delivery(self, interaction_id: int) -> bool:
        """True the first time an interaction id is seen. Discord may deliver an interaction
        twice (after a gateway resume); only the first may answer it, a second answer fails."""
        if interaction_id in self._recent_interactions:
            return False
        self._recent_interactions[interaction_id] = None
        while len(self._recent_interactions) > RECENT_INTERACTIONS:
            self._recent_interactions.popitem(last=False)
        return True

    async def setup_hook(self) -> None:
        self.store = await open_store(self.settings.database_url)
        self.service = GameService(self.store, clock=self.clock)
        self.add_dynamic_items(*DYNAMIC_ITEMS)
        await self.tree.set_translator(CommandTranslator())
        for name in COGS:
            await self.load_extension(name)
        await self.sync_commands()
        self._warm_up = asyncio.create_task(asyncio.to_thread(warm_up_renderers))
        self.redelivery = asyncio.create_task(self.deliver_open_questions())

    async def deliver_open_questions(self) -> None:
        """Once connected: every active game's open questions delivered (those already
        showing are not posted again). An answer committed just before a crash, or whose
        delivery failed, must not leave its game waiting on a question nobody saw."""
        await self.wait_until_ready()
        await self.delivery.deliver_all()

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
