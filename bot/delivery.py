"""Posting what happened and what is asked next: the thread, DMs, and the DM-closed fallback.

Public events, board images and public prompts go to the game's thread; private events and
private prompts go to the seat's DMs. When a DM is refused (Discord error 50007, DMs
closed), the thread says so and offers the "Show my hand / act" button, which answers
ephemerally with the same information and components.
"""

from __future__ import annotations

import logging
from collections import defaultdict
from typing import TYPE_CHECKING, Any

import discord

from bot.i18n import t
from bot.render import board_file
from bot.views import static_view
from bot.views.lobby import game_title
from bot.views.prompt import HandButton, prompt_items
from bot.wording import event_text, prompt_text, result_lines, seat_names

if TYPE_CHECKING:
    from bot.client import CivBot
    from engines.core.contract import Event, Prompt
    from games.models import GameInfo, Outcome

log = logging.getLogger(__name__)

DM_CLOSED = 50007
MESSAGE_MAX = 2000
MENTION_USERS = discord.AllowedMentions(users=True, roles=False, everyone=False)


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


class Delivery:
    """Sends a game's news where each reader may see it."""

    def __init__(self, bot: CivBot) -> None:
        self.bot = bot
        #: prompt messages still showing components, per game: closed when the game moves on
        #: (in memory only: after a restart, old buttons are refused as stale when pressed).
        self._open: dict[int, list[discord.Message]] = defaultdict(list)

    # -- channels ---------------------------------------------------------------------
    async def thread(self, info: GameInfo) -> discord.abc.Messageable | None:
        channel_id = info.thread_id or info.channel_id
        channel = self.bot.get_channel(channel_id)
        if channel is None:
            try:
                channel = await self.bot.fetch_channel(channel_id)
            except discord.HTTPException:
                log.warning("game %s: channel %s is gone", info.id, channel_id)
                return None
        return channel if isinstance(channel, discord.abc.Messageable) else None

    async def dm(self, user_id: int, content: str, **kwargs: Any) -> discord.Message | None:
        """DM a user; None if their DMs are closed (50007). Other failures propagate."""
        try:
            user = self.bot.get_user(user_id) or await self.bot.fetch_user(user_id)
            return await user.send(content, **kwargs)
        except discord.Forbidden as exc:
            if exc.code == DM_CLOSED:
                return None
            raise

    def forget(self, game_id: int, message_id: int) -> None:
        self._open[game_id] = [m for m in self._open[game_id] if m.id != message_id]

    async def close_open_prompts(self, game_id: int) -> None:
        """Strip the components of prompt messages the game has moved past."""
        for message in self._open.pop(game_id, []):
            try:
                await message.edit(view=None)
            except discord.HTTPException:
                log.debug("could not close prompt message %s", message.id)

    # -- news -------------------------------------------------------------------------
    async def announce_start(self, outcome: Outcome) -> None:
        info = outcome.info
        channel = await self.thread(info)
        if channel is not None:
            players = ", ".join(f"<@{s.user_id}>" for s in info.seats)
            await channel.send(
                t(info.language, "lobby.started", players=players), allowed_mentions=MENTION_USERS
            )
        await self.publish(outcome, before=[])

    async def publish(self, outcome: Outcome, *, before: list[Prompt]) -> None:
        """Events, board image (when the turn changes), result or next prompts."""
        info = outcome.info
        lang, names = info.language, seat_names(info.seats)
        await self.close_open_prompts(info.id)
        channel = await self.thread(info)
        public: list[Event] = [e for e in outcome.events if e.visible_to is None]
        lines = [event_text(info.game, lang, e, names) for e in public]
        seats_before = {p.seat for p in before}
        seats_after = {p.seat for p in outcome.prompts}
        turn_changed = outcome.result is not None or seats_after != seats_before
        file = None
        if turn_changed and self.bot.settings.board_images:
            view = await self.bot.service.view(info.id, None)
            file = await board_file(self.bot.renderer, info.game, view, lang, names)
        if channel is not None and (lines or file):
            messages = chunks(lines) or [t(lang, "turn.board_caption", version=info.version)]
            for i, text in enumerate(messages):
                last = i == len(messages) - 1
                if last and file is not None:
                    await channel.send(text, file=file)
                else:
                    await channel.send(text)
        await self._private_events(info, outcome.events)
        if outcome.result is not None:
            if channel is not None:
                text = "\n".join(result_lines(info.game, lang, info.id, outcome.result, names))
                for part in chunks(text.split("\n")):
                    await channel.send(part)
            return
        await self.deliver_prompts(info, outcome.prompts, seats_before)

    async def _private_events(self, info: GameInfo, events: list[Event]) -> None:
        names = seat_names(info.seats)
        per_seat: dict[int, list[str]] = defaultdict(list)
        for event in events:
            for seat in event.visible_to or []:
                per_seat[seat].append(event_text(info.game, info.language, event, names))
        for seat, lines in per_seat.items():
            user_id = info.user_of(seat)
            if user_id is None:
                continue
            head = self._dm_intro(info)
            for text in chunks([head, *lines]):
                if await self.dm(user_id, text) is None:
                    break  # DMs closed: /hand shows the same

    def _dm_intro(self, info: GameInfo) -> str:
        thread = f"<#{info.thread_id}>" if info.thread_id else f"<#{info.channel_id}>"
        return t(
            info.language,
            "turn.dm_intro",
            id=info.id,
            game=game_title(info.language, info.game),
            thread=thread,
        )

    async def deliver_prompts(
        self, info: GameInfo, prompts: list[Prompt], seats_before: set[int] | None = None
    ) -> None:
        """Ask each open prompt: DMs if private, else the thread; mention new turns once."""
        seats_before = seats_before or set()
        lang, names = info.language, seat_names(info.seats)
        channel = await self.thread(info)
        for prompt in prompts:
            user_id = info.user_of(prompt.seat)
            if user_id is None:
                continue
            mention = f"<@{user_id}>"
            what = prompt_text(info.game, lang, prompt, names)
            new_turn = prompt.seat not in seats_before and await self.bot.service.record_mention(
                info.id, prompt.seat, info.version
            )
            items = prompt_items(info.game, info.id, info.version, prompt, lang, names)
            if prompt.private:
                sent = await self.dm(
                    user_id,
                    f"{self._dm_intro(info)}\n"
                    + t(lang, "turn.header", name=names.get(prompt.seat, "?"), prompt=what),
                    view=static_view(*items),
                )
                if sent is not None:
                    self._open[info.id].append(sent)
                    if new_turn and channel is not None:
                        await channel.send(
                            t(lang, "turn.dm_sent", mention=mention), allowed_mentions=MENTION_USERS
                        )
                elif channel is not None:
                    button = t(lang, "turn.button.hand")
                    await channel.send(
                        t(lang, "turn.dm_closed", mention=mention, button=button),
                        view=static_view(HandButton(info.id, button)),
                        allowed_mentions=MENTION_USERS,
                    )
                continue
            if channel is None:
                continue
            if new_turn:
                text = t(lang, "turn.your_turn", mention=mention, prompt=what)
            else:
                text = t(lang, "turn.header", name=names.get(prompt.seat, "?"), prompt=what)
            message = await channel.send(
                text, view=static_view(*items), allowed_mentions=MENTION_USERS
            )
            self._open[info.id].append(message)

    async def remind(self, info: GameInfo, seat: int) -> bool:
        """Post a reminder for ``seat`` in the thread; False if there is nothing to remind."""
        prompts = await self.bot.service.prompts(info.id)
        prompt = next((p for p in prompts if p.seat == seat), None)
        user_id = info.user_of(seat)
        channel = await self.thread(info)
        if prompt is None or user_id is None or channel is None:
            return False
        what = prompt_text(info.game, info.language, prompt, seat_names(info.seats))
        await channel.send(
            t(info.language, "turn.reminder", mention=f"<@{user_id}>", id=info.id, prompt=what),
            allowed_mentions=MENTION_USERS,
        )
        return True
