"""``/game new|status|list|log|abandon``: open a game in a thread, look at it, read its
moves, end it."""

from __future__ import annotations

import asyncio
import io
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.cogs.game_log import DEFAULT_LAST, log_json, pages, transcript_text
from bot.components import static_view
from bot.components.lobby import lobby_embed, lobby_items
from bot.games import words_for
from bot.i18n import LANGUAGES, language_for, t
from bot.interaction import REFUSALS, Refusal, refuse, reply, user_lang
from bot.reach import reachable
from bot.render import board_file
from bot.wording import game_title, public_prompt_text, seat_names
from engines.registry import engine_names
from games.models import GameInfo, ServiceError
from games.storage import DatabaseBusy
from games.transcript import action_log, log_is_public, read_record, replay

if TYPE_CHECKING:
    from bot.client import CivBot

#: the channels a game can live in (``/game status`` elsewhere needs no database)
THREADS = (
    discord.ChannelType.public_thread,
    discord.ChannelType.private_thread,
    discord.ChannelType.news_thread,
)
#: what /game new needs in the channel, named as in Discord's settings.
THREAD_PERMS = "Create Public Threads, Send Messages in Threads, Embed Links"

LANGUAGE_CHOICES = [
    app_commands.Choice(name=t(lang, f"language.{lang}"), value=lang) for lang in LANGUAGES
]


def game_choices() -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=t("en", f"game.{g}"), value=g) for g in engine_names()]


class LobbyCog(commands.GroupCog, group_name="game", group_description="Play a game"):
    """Generic over games: the engine registry names them, the service runs them."""

    def __init__(self, bot: CivBot) -> None:
        self.bot = bot
        super().__init__()

    def default_language(self, interaction: discord.Interaction[Any]) -> str:
        """The server's preferred locale when Chinese, else the configured default."""
        guild = interaction.guild
        preferred = language_for(guild.preferred_locale) if guild else None
        if preferred in ("zh-TW", "zh-CN"):
            return preferred
        return self.bot.settings.default_language

    async def game_here(self, interaction: discord.Interaction[Any]) -> GameInfo | None:
        """The game whose thread the command was used in (never another server's)."""
        if interaction.channel_id is None:
            return None
        info = await self.bot.service.game_for_thread(interaction.channel_id)
        if info is None or info.guild_id != interaction.guild_id:
            return None
        return info

    @app_commands.command(name="new", description="Open a new game in a thread of this channel")
    @app_commands.describe(game="Which game", language="Language of the game's messages")
    @app_commands.choices(game=game_choices(), language=LANGUAGE_CHOICES)
    @app_commands.guild_only()
    async def new(
        self, interaction: discord.Interaction[Any], game: str, language: str | None = None
    ) -> None:
        channel = interaction.channel
        if not isinstance(channel, discord.TextChannel):
            await reply(interaction, t(user_lang(interaction), "errors.not_in_text_channel"))
            return
        await interaction.response.defer()
        lang = language or self.default_language(interaction)
        user = interaction.user
        try:
            info = await self.bot.service.create(
                game, interaction.guild_id, channel.id, user.id, user.display_name, lang, {}
            )
        except ServiceError as exc:
            await refuse(interaction, exc)
            return
        engine = self.bot.service.engine(info.game)
        title = game_title(lang, info.game)
        try:
            thread = await channel.create_thread(
                name=t(lang, "lobby.thread_name", game=title, id=info.id)[:100],
                type=discord.ChannelType.public_thread,
                auto_archive_duration=10080,
            )
            lobby = await thread.send(
                embed=lobby_embed(info, engine), view=static_view(*lobby_items(info, engine))
            )
        except discord.Forbidden:
            # Without a thread the game cannot be played: drop it and say what is missing.
            await self.bot.service.abandon(info.id, user.id, can_manage=True)
            await reply(interaction, t(lang, "errors.missing_permissions", permission=THREAD_PERMS))
            return
        await self.bot.service.set_thread(info.id, thread.id, lobby.id)
        await interaction.followup.send(
            t(
                lang,
                "lobby.created",
                user=user.mention,
                game=title,
                id=info.id,
                thread=thread.mention,
            ),
            allowed_mentions=discord.AllowedMentions.none(),
        )

    @app_commands.command(name="status", description="Post the current board in this game's thread")
    @app_commands.describe(player="Show this player's city instead of the whole table")
    async def status(
        self, interaction: discord.Interaction[Any], player: discord.User | None = None
    ) -> None:
        kind = getattr(interaction.channel, "type", None)
        if kind is not None and kind not in THREADS:  # games live in threads only
            await reply(interaction, t(user_lang(interaction), "status.no_game"))
            return
        await interaction.response.defer()  # before any read: answered in time
        info = await self.game_here(interaction)
        if info is None:
            await reply(interaction, t(user_lang(interaction), "status.no_game"))
            return
        if player is not None:
            await self.status_of(interaction, info, player)
            return
        lang, names = info.language, seat_names(info.seats)
        lines = [
            t(
                lang,
                "status.caption",
                game=game_title(lang, info.game),
                id=info.id,
                status=t(lang, f"lobby.status.{info.status}"),
            )
        ]
        file = None
        if info.status in ("active", "finished"):
            prompts = await self.bot.service.prompts(info.id)
            waiting = [p for p in prompts if p.blocking and not p.discreet]
            if waiting:
                # Never a private question's words here: they could name a hand's cards.
                who = ", ".join(
                    f"{names.get(p.seat, '?')} ({public_prompt_text(info.game, lang, p, names)})"
                    for p in waiting
                )
                lines.append(t(lang, "turn.waiting_for", names=who))
            view = await self.bot.service.view(info.id, None)
            lines += words_for(info.game).status_lines(lang, view, names)
            file = await board_file(self.bot.renderer, info.game, view, lang, names)
        text = "\n".join(lines)
        if len(text) > 2000:
            text = text[:1999] + "…"
        if file is not None:
            await interaction.followup.send(text, file=file)
        else:
            await interaction.followup.send(text)

    async def status_of(
        self, interaction: discord.Interaction[Any], info: GameInfo, player: discord.abc.User
    ) -> None:
        """One player's public position (their city), posted in the thread."""
        seat = info.seat_of(player.id)
        if seat is None or info.status == "lobby":
            key = "errors.no_such_player" if seat is None else "errors.game_not_active"
            await reply(interaction, t(info.language, key, name=player.display_name, id=info.id))
            return
        view = await self.bot.service.view(info.id, None)
        text, file = await self.bot.looking.seat_message(info, view, seat)
        if file is not None:
            await interaction.followup.send(text, file=file)
        else:
            await interaction.followup.send(text)

    @app_commands.command(name="list", description="The games running in this server")
    @app_commands.guild_only()
    async def list_(self, interaction: discord.Interaction[Any]) -> None:
        lang = user_lang(interaction)
        if interaction.guild_id is None:  # the service would list every server's games
            await reply(interaction, t(lang, "errors.guild_only"))
            return
        await interaction.response.defer(ephemeral=True, thinking=True)  # reads every game
        games = await self.bot.service.list_games(interaction.guild_id)
        if not games:
            await reply(interaction, t(lang, "list.empty"))
            return
        embed = discord.Embed(title=t(lang, "list.title"), colour=discord.Colour.blurple())
        lines = []
        for info in games:
            names = seat_names(info.seats)
            players = ", ".join(names.values())
            if info.status == "active":
                prompts = await self.bot.service.prompts(info.id)
                waiting = ", ".join(
                    names.get(p.seat, "?") for p in prompts if p.blocking and not p.discreet
                )
                if waiting:
                    players += " — " + t(lang, "list.waiting", names=waiting)
            where = f"<#{info.thread_id}>" if info.thread_id else f"<#{info.channel_id}>"
            lines.append(
                t(
                    lang,
                    "list.line",
                    id=info.id,
                    game=game_title(lang, info.game),
                    status=t(lang, f"lobby.status.{info.status}"),
                    players=players,
                    thread=where,
                )
            )
        embed.description = "\n".join(lines)[:4000]
        await reply(interaction, "", embed=embed)

    @app_commands.command(name="log", description="The game's moves in words (only you see them)")
    @app_commands.describe(
        last=f"How many of the latest turns to show (default {DEFAULT_LAST})",
        download="Attach the whole game as a file (and its action log once it is over)",
        game_id="The game's number (not needed inside its thread)",
    )
    async def log(
        self,
        interaction: discord.Interaction[Any],
        last: app_commands.Range[int, 1, 200] = DEFAULT_LAST,
        download: bool = False,
        game_id: int | None = None,
    ) -> None:
        """Public information only, replayed from the seed and the action log (never a
        snapshot, never a private event); ephemeral, so reading it floods no thread."""
        await interaction.response.defer(ephemeral=True, thinking=True)  # before any read
        info: GameInfo | None = None
        try:
            if game_id is None:
                here = await self.game_here(interaction)
                if here is None:
                    await reply(interaction, t(user_lang(interaction), "status.no_game"))
                    return
                game_id = here.id
            info = await reachable(self.bot.service, interaction, game_id)
            record = await read_record(self.bot.service, game_id)
            info = record.info
            if info.status == "lobby":
                raise Refusal("not_started", game_id=info.id)
        except REFUSALS as exc:
            await refuse(interaction, exc, info)
            return
        engine = self.bot.service.engine(info.game)
        # A whole game replays in well under a second, off the event loop all the same.
        transcript = await asyncio.to_thread(replay, engine, info, record.actions)
        lang = info.language
        if not download:
            for page in pages(transcript, last):
                await reply(interaction, page)
            return
        name = f"{info.game}-{info.id}"
        text = transcript_text(transcript, engine).encode("utf-8")
        files = [discord.File(io.BytesIO(text), filename=f"{name}.txt")]
        if log_is_public(info):
            data = log_json(action_log(info, record.actions, transcript.result)).encode("utf-8")
            files.append(discord.File(io.BytesIO(data), filename=f"{name}.json"))
            note = t(lang, "log.download_json", file=f"{name}.json")
        else:
            # Its choices (a card from a hidden hand) and its seed (every deck's order)
            # would tell what the table never saw: the log waits for the game's end.
            note = t(lang, "log.download_later")
        await reply(interaction, t(lang, "log.download", id=info.id) + "\n" + note, files=files)

    @app_commands.command(name="abandon", description="Stop a game (its creator or Manage Server)")
    @app_commands.describe(game_id="The game's number (not needed inside its thread)")
    async def abandon(
        self, interaction: discord.Interaction[Any], game_id: int | None = None
    ) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)  # before any read
        info = await self.game_here(interaction) if game_id is None else None
        target = game_id if game_id is not None else (info.id if info else None)
        if target is None:
            await reply(interaction, t(user_lang(interaction), "status.no_game"))
            return
        # Manage Server counts in the server the game belongs to only (checked first).
        perms = getattr(interaction.user, "guild_permissions", None)
        can_manage = bool(perms and perms.manage_guild)
        try:
            info = await reachable(self.bot.service, interaction, target)
            info = await self.bot.service.abandon(
                target, interaction.user.id, can_manage=can_manage
            )
        except Refusal as exc:
            await refuse(interaction, exc)
            return
        except (ServiceError, DatabaseBusy) as exc:
            await refuse(interaction, exc, info)
            return
        interaction.extras["saved"] = True
        await reply(interaction, t(info.language, "abandon.ok", id=info.id))
        await self.bot.delivery.close_open_prompts(info.id)
        channel = await self.bot.delivery.thread(info)
        if channel is not None:
            await channel.send(
                t(info.language, "game.abandoned", id=info.id, name=interaction.user.display_name)
            )
            if info.lobby_message_id and isinstance(channel, discord.Thread):
                engine = self.bot.service.engine(info.game)
                try:
                    message = channel.get_partial_message(info.lobby_message_id)
                    await message.edit(embed=lobby_embed(info, engine), view=None)
                except discord.HTTPException:
                    pass


async def setup(bot: CivBot) -> None:
    await bot.add_cog(LobbyCog(bot))
