"""Where a post goes and what happens when it fails: the game's thread, a player's DMs.

A DM refused because the member closed them (Discord error 50007) is not a failure: the
caller offers the same through the thread's "Show my hand / act" button instead. A member
who turned "DM me on my turn" off (``/settings``) is sent no DM at all: to every caller
they look like closed DMs (``try_dm`` returns None), and only the thread's note words it
differently (``dms_off``). Any other
failed post is told once (the log, and the creator's DMs when the thread is out of reach)
and again only after that place has worked in between; the places told are kept in the
game's ledger (``Ledger.told``), so a restart does not tell them again.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import Any, Literal

import discord

from bot.delivery.ledger import Records
from bot.i18n import t
from bot.wording import game_title
from games.models import GameInfo, PlayerSettings

log = logging.getLogger(__name__)

DM_CLOSED = 50007
MESSAGE_MAX = 2000
MENTION_USERS = discord.AllowedMentions(users=True, roles=False, everyone=False)
#: where a post can fail: the game's thread, or one user's DMs (``dm:<user id>``)
THREAD = "thread"


def chunks(lines: list[str], limit: int = MESSAGE_MAX) -> list[str]:
    """Join lines into messages of at most ``limit`` characters."""
    out: list[str] = []
    current = ""
    for line in lines:
        line = line[:limit]
        if current and len(current) + 1 + len(line) > limit:
            out.append(current)
            current = line
        else:
            current = f"{current}\n{line}" if current else line
    if current:
        out.append(current)
    return out


def dm_intro(info: GameInfo) -> str:
    """The line a DM about the game begins with (which game, and its thread)."""
    thread = f"<#{info.thread_id}>" if info.thread_id else f"<#{info.channel_id}>"
    return t(
        info.language,
        "turn.dm_intro",
        id=info.id,
        game=game_title(info.language, info.game),
        thread=thread,
    )


class Transport:
    """Posts to a game's thread and its players' DMs, telling each failure once."""

    def __init__(
        self,
        client: discord.Client,
        records: Records,
        settings: Callable[[int], Awaitable[PlayerSettings]],
    ) -> None:
        self.client = client
        self.records = records
        #: a user's own settings (``GameService.player_settings``)
        self.settings = settings

    async def dms_off(self, user_id: int) -> bool:
        """Whether the user asked for no DMs on their turn (``/settings``). When their
        settings cannot be read they are DMed, as by default (logged)."""
        try:
            return not (await self.settings(user_id)).dm_on_turn
        except Exception:
            log.warning("could not read the settings of user %s", user_id, exc_info=True)
            return False

    async def thread(self, info: GameInfo) -> discord.abc.Messageable | None:
        channel_id = info.thread_id or info.channel_id
        channel = self.client.get_channel(channel_id)
        if channel is None:
            try:
                channel = await self.client.fetch_channel(channel_id)
            except discord.HTTPException:
                log.debug("game %s: channel %s cannot be fetched", info.id, channel_id)
                return None
        return channel if isinstance(channel, discord.abc.Messageable) else None

    async def dm(self, user_id: int, content: str, **kwargs: Any) -> discord.Message | None:
        """DM a user; None if their DMs are closed (50007). Other failures propagate."""
        try:
            user = self.client.get_user(user_id) or await self.client.fetch_user(user_id)
            return await user.send(content, **kwargs)
        except discord.Forbidden as exc:
            if exc.code == DM_CLOSED:
                return None
            raise

    async def post(
        self, info: GameInfo, channel: discord.abc.Messageable | None, text: str, **kwargs: Any
    ) -> discord.Message | None:
        """Post in the game's thread; None when that fails (told once, see ``failed``)."""
        if channel is None:
            await self.failed(info, THREAD, "the thread cannot be found")
            return None
        try:
            message = await channel.send(text, **kwargs)
        except discord.HTTPException as exc:
            await self.failed(info, THREAD, f"{exc.status} {exc.text or exc}")
            return None
        await self.worked(info, THREAD)
        return message

    async def try_dm(
        self, info: GameInfo, user_id: int, text: str, **kwargs: Any
    ) -> discord.Message | Literal[False] | None:
        """DM a user of the game: the message, None if their DMs are closed or they turned
        DMs on their turn off (nothing is sent), or False when the post failed otherwise
        (told once)."""
        if await self.dms_off(user_id):
            return None
        where = f"dm:{user_id}"
        try:
            sent = await self.dm(user_id, text, **kwargs)
        except discord.HTTPException as exc:
            await self.failed(info, where, f"{exc.status} {exc.text or exc}")
            return False
        if sent is not None:
            await self.worked(info, where)
        return sent

    async def failed(self, info: GameInfo, where: str, reason: str) -> None:
        """Tell a failed post once: in the log, and to the creator's DMs when the thread is
        out of reach (a failed DM is told in the thread by the DM-closed note)."""
        ledger = await self.records.ledger(info.id)
        if where in ledger.told:
            return
        ledger.told.add(where)
        await self.records.store_ledger(info.id)
        log.warning("game %s: could not post to %s: %s", info.id, where, reason)
        if where != THREAD:
            return
        thread = f"<#{info.thread_id or info.channel_id}>"
        text = t(
            info.language,
            "turn.thread_failed",
            id=info.id,
            game=game_title(info.language, info.game),
            thread=thread,
            reason=reason,
        )
        try:
            if await self.dm(info.creator_id, text) is None:
                log.warning("game %s: its creator's DMs are closed too", info.id)
        except discord.HTTPException:
            log.warning("game %s: could not tell its creator either", info.id, exc_info=True)

    async def worked(self, info: GameInfo, where: str) -> None:
        """A post to ``where`` went through: its next failure is news again."""
        ledger = await self.records.ledger(info.id)
        if where in ledger.told:
            ledger.told.discard(where)
            await self.records.store_ledger(info.id)
