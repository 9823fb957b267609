"""Asking the open questions: no game may stall on a question nobody saw.

Every open question is tracked in the game's ledger (``Asked``): which question each seat is
asked, whether it reached the seat with live components (or the DM-closed note), whether the
seat still owes its "your turn" mention and its turn notice (the reminder and deadline
clock). ``sync`` delivers whatever the ledger says is missing, one message at a time, so one
failed post never stops the others. Prompt messages whose question is over lose their
components (``close``), even when the bot restarted in between.
"""

from __future__ import annotations

import logging
from collections.abc import Collection
from typing import TYPE_CHECKING, Any

import discord

from bot import ids
from bot.components import static_view
from bot.components.prompt import HandButton, prompt_items
from bot.delivery.boards import RoundStatus, TurnPanels
from bot.delivery.hand import Hands
from bot.delivery.ledger import Asked, Ledger, Panel, Records
from bot.delivery.transport import MENTION_USERS, Transport
from bot.i18n import t
from bot.wording import prompt_text, public_prompt_text, reaction_asker, seat_names
from engines.registry import get_engine
from games.models import GameInfo

if TYPE_CHECKING:
    from bot.client import CivBot
    from engines.core.contract import Prompt

log = logging.getLogger(__name__)


def continues(earlier: Prompt, prompt: Prompt, *, panelled: bool) -> bool:
    """Whether ``prompt``, a seat's new question, goes on with the turn it was answering
    ``earlier`` (no new mention, its turn's clock runs on) rather than being a question of
    its own. A question put out of turn (``reaction``) is always its own: each has its own
    deadline. In a game played on turn panels (``panelled``) the turn goes on on the
    panel: a question outside it (the short game's keep question, raised by the seat's own
    end-of-turn discard and asked of every player at once) is its own too. Otherwise the
    seat's own turn goes on unless it was answering out of turn before."""
    if prompt.reaction:
        return False
    if panelled:
        return prompt.panel
    return not earlier.reaction


class Questions:
    """Brings each game's ledger to its open questions and delivers what it owes."""

    def __init__(
        self,
        bot: CivBot,
        records: Records,
        transport: Transport,
        hands: Hands,
        panels: TurnPanels,
        rounds: RoundStatus,
    ) -> None:
        self.bot = bot
        self.records = records
        self.transport = transport
        self.hands = hands
        self.panels = panels
        self.rounds = rounds
        #: games whose ledger still owes something: retried by the reminder loop
        self._pending: set[int] = set()

    def forget(self, game_id: int) -> None:
        self._pending.discard(game_id)

    def holds(self, game_id: int) -> bool:
        return game_id in self._pending

    async def delivered(self, info: GameInfo, seat: int) -> bool:
        """Whether ``seat``'s current question reached it and its turn notice was recorded
        (a turn deadline may only run then)."""
        prompts = await self.bot.service.prompts(info.id)
        prompt = next((p for p in prompts if p.seat == seat), None)
        if prompt is None:
            return False
        if not prompt.blocking:
            return True  # chosen already; may only change its mind
        asked = (await self.records.ledger(info.id)).seats.get(seat)
        pinned = ids.pin(prompt.question, info.version)
        return asked is not None and asked.pin == pinned and asked.done and not asked.notice

    def pending(self) -> list[int]:
        """Games whose ledger still owes a delivery, a mention or a notice."""
        return sorted(self._pending)

    async def close(self, game_id: int, keep: dict[int, str] | None = None) -> None:
        """Strip the components of prompt messages whose question is over: all of them
        unless ``keep`` names the questions still open, ``{seat: pin}``; with none open
        (the game is over) its turn panels too."""
        entries = await self.records.opened(game_id)
        closing = [e for e in entries if keep is None or keep.get(e[0]) != e[1]]
        if closing:
            # Forget them first: a message that cannot be edited is not tried again.
            still = [e for e in await self.records.opened(game_id) if e not in closing]
            await self.records.store_open(game_id, still)
        for _seat, _pinned, channel_id, message_id in closing:
            message = self.bot.get_partial_messageable(channel_id).get_partial_message(message_id)
            try:
                await message.edit(view=None)
            except (discord.NotFound, discord.Forbidden):
                log.debug("prompt message %s is gone or out of reach", message_id)
            except discord.HTTPException:
                log.warning("could not close prompt message %s", message_id, exc_info=True)
        if not keep:
            await self.panels.close_all(game_id)

    async def sync(
        self,
        game_id: int,
        *,
        seats_before: Collection[int] | None,
        close: bool,
        interaction: discord.Interaction[Any] | None = None,
        actor: int | None = None,
        extra: dict[int, list[str]] | None = None,
        panel_click: bool = False,
        previous: dict[int, Prompt] | None = None,
    ) -> None:
        """Bring the ledger to the game's current questions and deliver what it owes.

        Called under the game's publishing lock. ``seats_before``: the seats asked before
        the answer being told; a seat not among them begins its turn and is mentioned
        (None: not known, after a restart or a failure: a question not delivered yet is
        mentioned). ``previous``: those seats' questions then; a seat among them with a new
        question is asked anew (mentioned, its notice recorded) unless the question goes
        on with its own turn (``continues``). ``close``: strip stale prompt messages first.
        ``interaction``/``actor`` (simultaneous turns): the actor's follow-up question goes
        under its answer. ``extra``: private lines to put at the top of a seat's DM.
        ``panel_click``: ``interaction`` was pressed on the actor's turn panel, which it
        edits.
        """
        service = self.bot.service
        info = await service.get(game_id)
        if info.status != "active":
            self._pending.discard(game_id)
            return
        every = await service.prompts(game_id)
        pins = self.hands.question_pins(info, every)
        if close:
            await self.close(game_id, keep=pins)
        asked = [p for p in every if p.blocking]
        ledger = await self.records.ledger(game_id)
        live = {(e[0], e[1]) for e in await self.records.opened(game_id)}
        turn = ""
        panels: dict[int, Panel] = {}
        via = interaction if panel_click else None
        if self.panels.uses_panels(info.game):
            turn = await self.panels.turn_of(info)
            await self.panels.tidy(info, every, turn, via, actor, extra or {})
            for seat in range(len(info.seats)):
                panel = await self.records.panel(game_id, seat)
                if panel is not None and panel.turn == turn:
                    panels[seat] = panel
                    if panel.pin:
                        live.add((seat, panel.pin))
        for seat in [s for s in ledger.seats if s not in {p.seat for p in asked}]:
            del ledger.seats[seat]
        for prompt in asked:
            pinned = pins[prompt.seat]
            entry = ledger.seats.get(prompt.seat)
            if entry is not None and entry.pin == pinned:
                continue
            if (prompt.seat, pinned) in live:
                # Its message is still showing (sent before a restart): not posted again.
                ledger.seats[prompt.seat] = Asked(pinned, done=True)
                continue
            new_turn = seats_before is None or prompt.seat not in seats_before
            earlier = (previous or {}).get(prompt.seat)
            if not new_turn and earlier is not None:
                new_turn = not continues(earlier, prompt, panelled=bool(turn))
            if prompt.panel and prompt.seat in panels:
                new_turn = False  # its turn goes on, on the same panel: mentioned once
            # A mention or notice still owed for the seat's previous question is owed for
            # this one (its turn goes on).
            mention = new_turn or (entry is not None and entry.mention)
            notice = new_turn or (entry is not None and entry.notice)
            ledger.seats[prompt.seat] = Asked(pinned, mention=mention, notice=notice)
        # Written once, after the posts: a crash before then redelivers what the open
        # prompt messages do not show (mentioning it again rather than never).
        try:
            await self._send_owed(
                info, asked, pins, ledger, interaction, actor, extra or {}, turn, panel_click
            )
        finally:
            # Owed first: a failing write must not leave the game off the retry list.
            if any(a.owed for a in ledger.seats.values()):
                self._pending.add(game_id)
            else:
                self._pending.discard(game_id)
            await self.records.store_ledger(game_id)

    async def _send_owed(
        self,
        info: GameInfo,
        asked: list[Prompt],
        pins: dict[int, str],
        ledger: Ledger,
        interaction: discord.Interaction[Any] | None,
        actor: int | None,
        extra: dict[int, list[str]],
        turn: str = "",
        panel_click: bool = False,
    ) -> None:
        """Each question not delivered yet, each mention and turn notice still owed; one
        failure never stops the rest (it stays owed for the next pass)."""
        lang, names = info.language, seat_names(info.seats)
        rounds = get_engine(info.game).pacing == "round"
        channel = await self.transport.thread(info)
        unreachable: list[Prompt] = []
        for prompt in asked:
            entry = ledger.seats[prompt.seat]
            user_id = info.user_of(prompt.seat)
            if entry.done:
                await self._notice(info, prompt.seat, entry)  # a failed write left it owed
                continue
            if user_id is None:
                continue
            pinned = pins[prompt.seat]
            if prompt.panel:
                # The seat's turn panel, in its DMs (edited in place during the turn).
                mine = interaction if panel_click and prompt.seat == actor else None
                lines = extra.get(prompt.seat)
                entry.done = await self.panels.show(info, prompt, pinned, turn, mine, lines)
                if entry.done:
                    await self._notice(info, prompt.seat, entry)
                else:
                    unreachable.append(prompt)
                continue
            if rounds and prompt.seat == actor and interaction is not None:
                entry.done = await self._follow_up(info, prompt, pinned, interaction)
            if not entry.done and not prompt.private:
                mention = f"<@{user_id}>"
                what = prompt_text(info.game, lang, prompt, names)
                asker = await self.asked_by(info, prompt) if entry.mention else None
                if asker and not rounds:
                    text = t(lang, "turn.reaction", mention=mention, asker=asker, prompt=what)
                elif entry.mention and not rounds:
                    text = t(lang, "turn.your_turn", mention=mention, prompt=what)
                else:
                    text = t(lang, "turn.header", name=names.get(prompt.seat, "?"), prompt=what)
                items = prompt_items(info.game, info.id, pinned, prompt, lang, names)
                message = await self.transport.post(
                    info, channel, text, view=static_view(*items), allowed_mentions=MENTION_USERS
                )
                if message is not None:
                    entry_open = (prompt.seat, pinned, message.channel.id, message.id)
                    await self.records.remember(info.id, entry_open)
                    entry.done = True
                    entry.mention = entry.mention and rounds
            if not entry.done:
                # Private, or the thread failed: the question and its components by DM.
                text, items, files = await self.hands.private_message(
                    info, prompt, pinned, extra.get(prompt.seat)
                )
                kwargs: dict[str, Any] = {"view": static_view(*items)}
                if files:
                    kwargs["files"] = files
                sent = await self.transport.try_dm(info, user_id, text, **kwargs)
                if sent:
                    await self.records.remember(
                        info.id, (prompt.seat, pinned, sent.channel.id, sent.id)
                    )
                    entry.done = True
                else:
                    unreachable.append(prompt)
            if entry.done:
                await self._notice(info, prompt.seat, entry)
        if unreachable:
            # The "Show my hand / act" button answers ephemerally: it is the delivery.
            users = [u for u in (info.user_of(p.seat) for p in unreachable) if u is not None]
            if await self._dm_closed_note(info, channel, users):
                for prompt in unreachable:
                    entry = ledger.seats[prompt.seat]
                    entry.done, entry.mention = True, False
                    await self._notice(info, prompt.seat, entry)
        owed = [p for p in asked if ledger.seats[p.seat].done and ledger.seats[p.seat].mention]
        if not owed:
            return
        if rounds:
            # One status message names (and pings) everyone still choosing.
            service = self.bot.service
            view = await service.view(info.id, None)
            if await self.rounds.update(info, await service.prompts(info.id), view, new=True):
                for prompt in owed:
                    ledger.seats[prompt.seat].mention = False
            return
        for prompt in owed:
            mention = f"<@{info.user_of(prompt.seat)}>"
            text = t(lang, "turn.dm_sent", mention=mention)
            asker = await self.asked_by(info, prompt)
            if asker:  # out of turn: who asks, and what when it is not private
                what = public_prompt_text(info.game, lang, prompt, names)
                text = t(lang, "turn.reaction", mention=mention, asker=asker, prompt=what)
            if (
                await self.transport.post(info, channel, text, allowed_mentions=MENTION_USERS)
                is None
            ):
                break
            ledger.seats[prompt.seat].mention = False

    async def _notice(self, info: GameInfo, seat: int, entry: Asked) -> None:
        """Record the seat's turn notice once its question reached it: reminders and the
        turn deadline count from now, never from a question the seat has not seen."""
        if entry.notice:
            await self.bot.service.record_mention(info.id, seat, info.version)
            entry.notice = False

    async def _dm_closed_note(
        self, info: GameInfo, channel: discord.abc.Messageable | None, user_ids: list[int]
    ) -> bool:
        """One thread message with the "Show my hand / act" button for the seats no DM
        reached: those whose DMs are closed or failing are told so; those who turned DMs
        on their turn off (``/settings``) only that it is their turn."""
        lang = info.language
        button = t(lang, "turn.button.hand")
        quiet = [u for u in user_ids if await self.transport.dms_off(u)]
        closed = [u for u in user_ids if u not in quiet]
        lines = [
            t(lang, key, mention=", ".join(f"<@{u}>" for u in users), button=button)
            for key, users in (("turn.dm_closed", closed), ("turn.dm_off", quiet))
            if users
        ]
        sent = await self.transport.post(
            info,
            channel,
            "\n".join(lines),
            view=static_view(HandButton(info.id, button)),
            allowed_mentions=MENTION_USERS,
        )
        return sent is not None

    async def _follow_up(
        self, info: GameInfo, prompt: Prompt, pinned: str, interaction: discord.Interaction[Any]
    ) -> bool:
        """The next question of the seat that just answered, right under its answer."""
        lang, names = info.language, seat_names(info.seats)
        what = prompt_text(info.game, lang, prompt, names)
        items = prompt_items(info.game, info.id, pinned, prompt, lang, names, hand_button=False)
        try:
            await interaction.followup.send(
                t(lang, "turn.header", name=names.get(prompt.seat, "?"), prompt=what),
                view=static_view(*items),
                ephemeral=True,
            )
        except discord.HTTPException:
            log.warning("game %s: could not answer under the click", info.id, exc_info=True)
            return False
        return True

    async def asked_by(self, info: GameInfo, prompt: Prompt) -> str | None:
        """Who puts ``prompt`` to its seat when it is a question out of turn (its mention
        and reminders name them, ``GameWords.reaction_source``); None otherwise."""
        if not prompt.reaction:
            return None
        view = await self.bot.service.view(info.id, None)
        return reaction_asker(info.game, info.language, prompt, view, seat_names(info.seats))
