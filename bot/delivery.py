"""Posting what happened and what is asked next: the thread, DMs, and the DM-closed fallback.

Public events, board images and public prompts go to the game's thread; private events and
private prompts go to the seat's DMs. When a DM is refused (Discord error 50007, DMs
closed), the thread says so and offers the "Show my hand / act" button, which answers
ephemerally with the same information and components.

Games played in simultaneous turns (``GameWords.rounds``, 7 Wonders) are told per turn:
while a turn is open the thread only sees one status message, edited in place, naming who
is still choosing (never what anyone chose); once the engine resolves the turn the thread
gets the summary and the table image, and every seat gets its new hand in DMs. The status
message id and the turn last announced are kept as game notes, so a restart goes on
editing the same message.

Prompt messages that still carry answer components are remembered per game (seat, what
the components answer, channel and message id), in memory and in the game note
``open_prompts``: once their question is over their components are stripped, even when the
bot restarted in between.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections import defaultdict
from typing import TYPE_CHECKING, Any

import discord

from bot.games import pin, words_for
from bot.i18n import t
from bot.render import board_file, extra_file
from bot.views import static_view
from bot.views.lobby import game_title
from bot.views.prompt import HandButton, SeatButton, prompt_items
from bot.wording import event_text, prompt_text, public_prompt_text, result_lines, seat_names

if TYPE_CHECKING:
    from bot.client import CivBot
    from engines.core.contract import Event, Prompt
    from games.models import GameInfo, Outcome

log = logging.getLogger(__name__)

DM_CLOSED = 50007
MESSAGE_MAX = 2000
MENTION_USERS = discord.AllowedMentions(users=True, roles=False, everyone=False)
ROUND_NOTE = "round"
STATUS_NOTE = "status_message"
OPEN_NOTE = "open_prompts"

#: a prompt message still showing components: (seat, pin, channel id, message id)
OpenPrompt = tuple[int, str, int, int]


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


def pins(game: str, prompts: list[Prompt], version: int) -> dict[int, str]:
    """``{seat: what its components carry}`` for a list of prompts at ``version``."""
    return {p.seat: pin(game, p, version) for p in prompts}


class Delivery:
    """Sends a game's news where each reader may see it."""

    def __init__(self, bot: CivBot) -> None:
        self.bot = bot
        #: prompt messages still showing components, per game, with the seat and pin they
        #: answer: closed once that seat's question changes. Kept in the note ``OPEN_NOTE``
        #: too (loaded on first use per game), so a restart still closes them.
        self._open: dict[int, list[OpenPrompt]] = {}
        self._publishing: dict[int, asyncio.Lock] = defaultdict(asyncio.Lock)

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

    # -- open prompt messages ---------------------------------------------------------
    async def _opened(self, game_id: int) -> list[OpenPrompt]:
        """The game's open prompt messages (read from its note the first time)."""
        if game_id not in self._open:
            raw = await self.bot.service.get_note(game_id, OPEN_NOTE)
            entries: list[OpenPrompt] = []
            try:
                for seat, pinned, channel_id, message_id in json.loads(raw or "[]"):
                    entries.append((int(seat), str(pinned), int(channel_id), int(message_id)))
            except (TypeError, ValueError):
                log.warning("game %s: unreadable note %s", game_id, OPEN_NOTE)
            # Another task may have loaded (and changed) it meanwhile: memory wins.
            self._open.setdefault(game_id, entries)
        return self._open[game_id]

    async def _store_open(self, game_id: int, entries: list[OpenPrompt]) -> None:
        self._open[game_id] = entries
        await self.bot.service.set_note(game_id, OPEN_NOTE, json.dumps(entries))

    async def remember(
        self, game_id: int, seat: int, pinned: str, message: discord.Message
    ) -> None:
        """Note a prompt message just sent, to close it once its question is over."""
        entries = await self._opened(game_id)
        await self._store_open(game_id, [*entries, (seat, pinned, message.channel.id, message.id)])

    async def forget(self, game_id: int, message_id: int) -> None:
        """Stop tracking a prompt message (it was closed another way)."""
        entries = await self._opened(game_id)
        kept = [e for e in entries if e[3] != message_id]
        if len(kept) != len(entries):
            await self._store_open(game_id, kept)

    async def close_open_prompts(self, game_id: int, keep: dict[int, str] | None = None) -> None:
        """Strip the components of prompt messages whose question is over (all of them
        unless ``keep`` names the questions still open, ``{seat: pin}``)."""
        entries = await self._opened(game_id)
        closing = [e for e in entries if keep is None or keep.get(e[0]) != e[1]]
        if not closing:
            return
        # Forget them first: a message that cannot be edited is not tried again.
        await self._store_open(game_id, [e for e in self._open[game_id] if e not in closing])
        for _seat, _pinned, channel_id, message_id in closing:
            message = self.bot.get_partial_messageable(channel_id).get_partial_message(message_id)
            try:
                await message.edit(view=None)
            except (discord.NotFound, discord.Forbidden):
                log.debug("prompt message %s is gone or out of reach", message_id)
            except discord.HTTPException:
                log.warning("could not close prompt message %s", message_id, exc_info=True)

    # -- news -------------------------------------------------------------------------
    async def announce_start(self, outcome: Outcome) -> None:
        info = outcome.info
        channel = await self.thread(info)
        if channel is not None:
            lang, names = info.language, seat_names(info.seats)
            players = ", ".join(f"<@{s.user_id}>" for s in info.seats)
            view = await self.bot.service.view(info.id, None)
            opening = words_for(info.game).opening_lines(lang, view, names)
            for text in chunks([t(lang, "lobby.started", players=players), *opening]):
                await channel.send(text, allowed_mentions=MENTION_USERS)
        await self.publish(outcome, before=[])

    async def publish(
        self,
        outcome: Outcome,
        *,
        before: list[Prompt],
        interaction: discord.Interaction[Any] | None = None,
        actor: int | None = None,
    ) -> None:
        """Events, board image (when the turn changes), result or next prompts.

        ``interaction``/``actor``: the click that produced ``outcome``, so a follow-up
        question of the same seat (a payment) can answer it directly.
        """
        if words_for(outcome.info.game).rounds:
            # One turn's news at a time per game: two answers told at once must not interleave.
            async with self._publishing[outcome.info.id]:
                await self._publish_round(outcome, before, interaction, actor)
            return
        info = outcome.info
        lang, names = info.language, seat_names(info.seats)
        after = pins(info.game, outcome.prompts, info.version)
        await self.close_open_prompts(info.id, keep=after)
        channel = await self.thread(info)
        lines = self._public_lines(info, outcome.events)
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
            await self._result(info, outcome, channel)
            return
        old = pins(info.game, before, info.version - 1)
        changed = [p for p in outcome.prompts if old.get(p.seat) != after[p.seat]]
        await self.deliver_prompts(info, changed, seats_before)

    def _public_lines(self, info: GameInfo, events: list[Event]) -> list[str]:
        silent = words_for(info.game).silent_events
        names = seat_names(info.seats)
        lines = [
            event_text(info.game, info.language, e, names)
            for e in events
            if e.visible_to is None and e.kind not in silent
        ]
        return [line for line in lines if line]

    def _private_lines(self, info: GameInfo, events: list[Event]) -> dict[int, list[str]]:
        silent = words_for(info.game).silent_events
        names = seat_names(info.seats)
        per_seat: dict[int, list[str]] = defaultdict(list)
        for event in events:
            if event.kind in silent:
                continue
            text = event_text(info.game, info.language, event, names)
            for seat in event.visible_to or [] if text else []:
                per_seat[seat].append(text)
        return per_seat

    async def _result(
        self, info: GameInfo, outcome: Outcome, channel: discord.abc.Messageable | None
    ) -> None:
        if channel is None or outcome.result is None:
            return
        names = seat_names(info.seats)
        text = "\n".join(result_lines(info.game, info.language, info.id, outcome.result, names))
        for part in chunks(text.split("\n")):
            await channel.send(part)

    async def _private_events(self, info: GameInfo, events: list[Event]) -> None:
        for seat, lines in self._private_lines(info, events).items():
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
            pinned = pin(info.game, prompt, info.version)
            if prompt.private:
                text, private_items, files = await self.private_message(info, prompt)
                kwargs: dict[str, Any] = {"view": static_view(*private_items)}
                if files:
                    kwargs["files"] = files
                sent = await self.dm(user_id, text, **kwargs)
                if sent is not None:
                    await self.remember(info.id, prompt.seat, pinned, sent)
                    if new_turn and channel is not None:
                        await channel.send(
                            t(lang, "turn.dm_sent", mention=mention), allowed_mentions=MENTION_USERS
                        )
                elif channel is not None:
                    await self._dm_closed_note(info, channel, [user_id])
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
            await self.remember(info.id, prompt.seat, pinned, message)

    async def _dm_closed_note(
        self, info: GameInfo, channel: discord.abc.Messageable, user_ids: list[int]
    ) -> None:
        lang = info.language
        button = t(lang, "turn.button.hand")
        await channel.send(
            t(
                lang,
                "turn.dm_closed",
                mention=", ".join(f"<@{u}>" for u in user_ids),
                button=button,
            ),
            view=static_view(HandButton(info.id, button)),
            allowed_mentions=MENTION_USERS,
        )

    # -- simultaneous turns -------------------------------------------------------------
    async def _publish_round(
        self,
        outcome: Outcome,
        before: list[Prompt],
        interaction: discord.Interaction[Any] | None,
        actor: int | None,
    ) -> None:
        info = outcome.info
        words = words_for(info.game)
        lang, names = info.language, seat_names(info.seats)
        service = self.bot.service
        view = await service.view(info.id, None)
        key = words.round_key(view) or ""
        if outcome.result is not None:
            key = "over"
        last = await service.get_note(info.id, ROUND_NOTE)
        after = pins(info.game, outcome.prompts, info.version)
        channel = await self.thread(info)
        lines = self._public_lines(info, outcome.events)
        if key == last:
            # Nothing closes inside a turn: a hand stays answerable (to change a choice) even
            # while its payment is asked; a press then is refused as stale until paid.
            if channel is not None and lines:
                for text in chunks(lines):
                    await channel.send(text)
            # Who is still choosing *now* (another answer may have been told meanwhile).
            await self.update_status(info, await service.prompts(info.id), view)
            old = pins(info.game, before, info.version - 1)
            for prompt in outcome.prompts:
                if old.get(prompt.seat) == after[prompt.seat] or words.done(prompt):
                    continue
                if prompt.seat == actor and interaction is not None:
                    await self._follow_up(info, prompt, interaction)
                else:
                    await self.deliver_hands(info, [prompt], channel, mention=False)
            return
        # The turn resolved (or the game began): close it, tell it, deal the next one.
        finished = await service.get_note(info.id, STATUS_NOTE + "_title")
        if finished and lines:
            lines.insert(0, t(lang, "turn.summary", title=finished))
        await self.update_status(info, [], None, final=True)
        await self.close_open_prompts(info.id, keep=after)
        file = None
        if self.bot.settings.board_images:
            file = await board_file(self.bot.renderer, info.game, view, lang, names, "table.png")
        if channel is not None and (lines or file):
            messages = chunks(lines) or [words.round_title(lang, view)]
            for i, text in enumerate(messages):
                if i == len(messages) - 1 and file is not None:
                    await channel.send(text, file=file)
                else:
                    await channel.send(text)
        await service.set_note(info.id, ROUND_NOTE, key)
        if outcome.result is not None:
            await self._private_events(info, outcome.events)
            await self._result(info, outcome, channel)
            return
        private = self._private_lines(info, outcome.events)
        await self.update_status(info, outcome.prompts, view, new=True)
        asked = [p for p in outcome.prompts if not words.done(p)]
        await self.deliver_hands(info, asked, channel, mention=True, private=private)

    async def update_status(
        self,
        info: GameInfo,
        prompts: list[Prompt],
        view: Any,
        *,
        new: bool = False,
        final: bool = False,
    ) -> None:
        """Post (``new``) or edit the turn's status message: who is still choosing."""
        channel = await self.thread(info)
        if channel is None:
            return
        lang, names = info.language, seat_names(info.seats)
        service = self.bot.service
        words = words_for(info.game)
        stored = await service.get_note(info.id, STATUS_NOTE)
        title_text = await service.get_note(info.id, STATUS_NOTE + "_title")
        if final:
            if not stored or not title_text:
                return
            text = t(lang, "turn.status_done", title=title_text)
        else:
            title_text = words.round_title(lang, view)
            waiting = [p.seat for p in prompts if words.still_choosing(p)]
            if new:
                who = ", ".join(f"<@{info.user_of(s)}>" for s in waiting)
            else:
                who = ", ".join(names.get(s, "?") for s in waiting)
            text = (
                t(lang, "turn.status_new" if new else "turn.status", title=title_text, names=who)
                if waiting
                else t(lang, "turn.status_done", title=title_text)
            )
        if new or not stored:
            if not prompts:
                return
            message = await channel.send(text, allowed_mentions=MENTION_USERS)
            await service.set_note(info.id, STATUS_NOTE, str(message.id))
            await service.set_note(info.id, STATUS_NOTE + "_title", title_text)
            return
        if not isinstance(channel, discord.Thread | discord.TextChannel):
            return
        try:
            await channel.get_partial_message(int(stored)).edit(
                content=text, allowed_mentions=discord.AllowedMentions.none()
            )
        except discord.HTTPException:
            log.debug("could not edit the status message of game %s", info.id)
        if final:
            await service.set_note(info.id, STATUS_NOTE, "")

    async def private_message(
        self, info: GameInfo, prompt: Prompt, extra: list[str] | None = None
    ) -> tuple[str, list[discord.ui.Item[Any]], list[discord.File]]:
        """A seat's hand as text, components and pictures (DM or ephemeral alike)."""
        lang, names = info.language, seat_names(info.seats)
        words = words_for(info.game)
        view = await self.bot.service.view(info.id, prompt.seat)
        lines = [self._dm_intro(info), *(extra or [])]
        lines += words.hand_lines(lang, view, prompt.seat, names)
        what = prompt_text(info.game, lang, prompt, names)
        lines.append(t(lang, "turn.header", name=names.get(prompt.seat, "?"), prompt=what))
        items = prompt_items(
            info.game, info.id, info.version, prompt, lang, names, hand_button=False
        )
        items += self.seat_buttons(info, view, prompt.seat)
        files: list[discord.File] = []
        for func, args, filename in words.private_images(view, prompt.seat):
            file = await extra_file(
                self.bot.renderer, info.game, func, {**args, "lang": lang, "names": names}, filename
            )
            if file is not None:
                files.append(file)
        text = "\n".join(lines)
        if len(text) > MESSAGE_MAX:
            text = text[: MESSAGE_MAX - 1] + "…"
        return text, items, files

    def seat_buttons(self, info: GameInfo, view: Any, seat: int) -> list[discord.ui.Item[Any]]:
        names = seat_names(info.seats)
        return [
            SeatButton(
                info.id, other, t(info.language, "turn.button.city", name=names.get(other, "?"))
            )
            for other in words_for(info.game).neighbours(view, seat)
        ]

    async def deliver_hands(
        self,
        info: GameInfo,
        prompts: list[Prompt],
        channel: discord.abc.Messageable | None,
        *,
        mention: bool,
        private: dict[int, list[str]] | None = None,
    ) -> None:
        """Each seat's question in its DMs (new turn: its deadline starts now)."""
        closed: list[int] = []
        for prompt in prompts:
            user_id = info.user_of(prompt.seat)
            if user_id is None:
                continue
            if mention:
                await self.bot.service.record_mention(info.id, prompt.seat, info.version)
            text, items, files = await self.private_message(
                info, prompt, (private or {}).get(prompt.seat)
            )
            kwargs: dict[str, Any] = {"view": static_view(*items)}
            if files:
                kwargs["files"] = files
            sent = await self.dm(user_id, text, **kwargs)
            if sent is None:
                closed.append(user_id)
            else:
                await self.remember(
                    info.id, prompt.seat, pin(info.game, prompt, info.version), sent
                )
        if closed and channel is not None:
            await self._dm_closed_note(info, channel, closed)

    async def _follow_up(
        self, info: GameInfo, prompt: Prompt, interaction: discord.Interaction[Any]
    ) -> None:
        """The next question of the seat that just answered, right under its answer."""
        lang, names = info.language, seat_names(info.seats)
        what = prompt_text(info.game, lang, prompt, names)
        items = prompt_items(
            info.game, info.id, info.version, prompt, lang, names, hand_button=False
        )
        await interaction.followup.send(
            t(lang, "turn.header", name=names.get(prompt.seat, "?"), prompt=what),
            view=static_view(*items),
            ephemeral=True,
        )

    async def remind(self, info: GameInfo, seat: int) -> bool:
        """Post a reminder for ``seat`` in the thread; False if there is nothing to remind."""
        prompts = await self.bot.service.prompts(info.id)
        prompt = next((p for p in prompts if p.seat == seat), None)
        user_id = info.user_of(seat)
        channel = await self.thread(info)
        if prompt is None or user_id is None or channel is None:
            return False
        if not words_for(info.game).still_choosing(prompt):
            return False
        what = public_prompt_text(info.game, info.language, prompt, seat_names(info.seats))
        await channel.send(
            t(info.language, "turn.reminder", mention=f"<@{user_id}>", id=info.id, prompt=what),
            allowed_mentions=MENTION_USERS,
        )
        return True

    async def timed_out(self, info: GameInfo, seat: int, chosen: str) -> None:
        """Say in the thread that the bot chose for ``seat`` (never what), and tell the
        seat privately what was chosen (``chosen``, already in words)."""
        channel = await self.thread(info)
        user_id = info.user_of(seat)
        if user_id is None:
            return
        lang = info.language
        if channel is not None:
            await channel.send(
                t(lang, "turn.timed_out", mention=f"<@{user_id}>", id=info.id),
                allowed_mentions=MENTION_USERS,
            )
        await self.dm(
            user_id,
            f"{self._dm_intro(info)}\n" + t(lang, "turn.timed_out_dm", option=chosen),
        )
