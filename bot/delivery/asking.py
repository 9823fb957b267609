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
from bot.components.prompt import HandButton
from bot.delivery.boards import TurnPanels
from bot.delivery.hand import Hands
from bot.delivery.ledger import Asked, Ledger, Panel, Records
from bot.delivery.transport import MENTION_USERS, Transport
from bot.i18n import t
from bot.wording import join, reaction_asker, seat_names
from engines.registry import get_engine
from games.models import GameInfo

if TYPE_CHECKING:
    from bot.client import CivBot
    from engines.core.contract import Prompt

log = logging.getLogger(__name__)


def own_step(game: str, prompt: Prompt, view: Any) -> bool:
    """Whether ``prompt`` is a step of its seat's own turn (rather than a question put to
    it during another seat's turn): in a game paced by turns the engine says so
    (``Prompt.panel``); elsewhere, unless it is a reaction, a question to the seat whose
    turn it is (the view's ``current``, when it has one)."""
    if get_engine(game).pacing == "turn":
        return prompt.panel
    current = getattr(view, "current", None)
    return not prompt.reaction and (current is None or current == prompt.seat)


def calls(
    prompt: Prompt, own: bool, has_panel: bool, seats_before: Collection[int] | None
) -> bool:
    """Whether a seat's new question calls it back: a new panel message (Discord notifies
    new messages, not edits). So it does when the seat has no panel in this stretch, and
    when it is a question out of its own turn (``own``: ``own_step``) while it was not
    being asked anything: it may be anywhere. A step of its own turn, or a question right
    after its own answer, is an edit of the panel it is looking at."""
    if not has_panel:
        return True
    if own:
        return False
    return seats_before is None or prompt.seat not in seats_before


class Questions:
    """Brings each game's ledger to its open questions and delivers what it owes."""

    def __init__(
        self,
        bot: CivBot,
        records: Records,
        transport: Transport,
        hands: Hands,
        panels: TurnPanels,
    ) -> None:
        self.bot = bot
        self.records = records
        self.transport = transport
        self.hands = hands
        self.panels = panels
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
        close: bool,
        seats_before: Collection[int] | None = None,
        interaction: discord.Interaction[Any] | None = None,
        actor: int | None = None,
        extra: dict[int, list[str]] | None = None,
        panel_click: bool = False,
    ) -> None:
        """Bring the ledger to the game's current questions and deliver what it owes.

        Called under the game's publishing lock. Every question is asked on its seat's
        panel. A question that calls the seat back (``calls``) is a new panel message,
        which notifies it, and begins its turn: its notice (the reminder and deadline
        clock) is recorded once it is delivered; any other edits the panel. ``seats_before``:
        the seats that were being asked before the answer told (None: not known, after a
        restart or a failure). ``close``: strip stale prompt messages first. ``extra``:
        private lines to put at the top of a seat's panel. ``interaction``/``actor``/
        ``panel_click``: the click that produced the answer was pressed on the actor's
        panel, which it edits.
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
        panels: dict[int, Panel] = {}
        view = await service.view(game_id, None)
        via = interaction if panel_click else None
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
            if entry is not None and entry.pin == pinned and (
                not entry.done or (prompt.seat, pinned) in live
            ):
                continue  # delivered and still showing, or still owed
            if entry is not None and entry.pin == pinned:
                entry = None  # its panel closed with a stretch: shown again, not a new turn
            if (prompt.seat, pinned) in live:
                # Its message is still showing (sent before a restart): not posted again.
                ledger.seats[prompt.seat] = Asked(pinned, done=True)
                continue
            own = own_step(info.game, prompt, view)
            panel = panels.get(prompt.seat)
            if own:
                # The seat's turn begins unless its panel of this stretch showed a step of
                # it already; a new message unless the seat is looking at its panel (it
                # was answering something just now).
                begins = panel is None or not panel.own
                was_asked = seats_before is not None and prompt.seat in seats_before
                fresh = begins and (panel is None or not was_asked)
            else:
                begins = True  # a question of its own has its own clock
                # asked of the seat whose turn it is: its panel is where it plays the turn
                current = getattr(view, "current", None) == prompt.seat and not prompt.reaction
                fresh = calls(prompt, current, panel is not None, seats_before)
            # A notice still owed for the seat's previous question is owed for this one
            # (its turn goes on), and so is a new message not sent yet.
            notice = begins or (entry is not None and entry.notice)
            fresh = fresh or (entry is not None and entry.mention)
            ledger.seats[prompt.seat] = Asked(pinned, mention=fresh, notice=notice)
        for prompt in every:
            # A seat that chose may still change its mind: its panel shows what it may do.
            panel = panels.get(prompt.seat)
            pinned = pins[prompt.seat]
            if prompt.blocking or panel is None or panel.pin == pinned:
                continue
            mine = interaction if panel_click and prompt.seat == actor else None
            waiting = join(
                info.language,
                (seat_names(info.seats).get(p.seat, "?") for p in asked if not p.discreet),
            )
            lines = [*(extra or {}).get(prompt.seat, [])]
            if waiting:
                lines.append(t(info.language, "panel.waiting", names=waiting))
            await self.panels.show(info, prompt, pinned, turn, mine, lines)
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
        turn: str,
        panel_click: bool,
    ) -> None:
        """Each question not delivered yet and each turn notice still owed; one failure
        never stops the rest (it stays owed for the next pass). A new panel message
        notifies its seat by itself; the seats no DM reached are told in one thread note
        (with a mention)."""
        lang = info.language
        channel = await self.transport.thread(info)
        view = await self.bot.service.view(info.id, None)
        unreachable: list[Prompt] = []
        for prompt in asked:
            entry = ledger.seats[prompt.seat]
            if entry.done:
                await self._notice(info, prompt.seat, entry)  # a failed write left it owed
                continue
            if info.user_of(prompt.seat) is None:
                continue
            mine = interaction if panel_click and prompt.seat == actor else None
            lines = list(extra.get(prompt.seat, []))
            asker = await self.asked_by(info, prompt)
            if asker:
                lines.insert(0, t(lang, "panel.asked_by", asker=asker))
            own = own_step(info.game, prompt, view)
            entry.done = await self.panels.show(
                info,
                prompt,
                pins[prompt.seat],
                turn,
                mine,
                lines,
                fresh=entry.mention,
                pictures=own,
                own=own,
            )
            if entry.done:
                entry.mention = False  # its own message notified the seat
                await self._notice(info, prompt.seat, entry)
            else:
                unreachable.append(prompt)
        if unreachable:
            # The "Show my hand / act" button answers ephemerally: it is the delivery.
            users = [u for u in (info.user_of(p.seat) for p in unreachable) if u is not None]
            if await self._dm_closed_note(info, channel, users):
                for prompt in unreachable:
                    entry = ledger.seats[prompt.seat]
                    entry.done, entry.mention = True, False
                    await self._notice(info, prompt.seat, entry)

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

    async def asked_by(self, info: GameInfo, prompt: Prompt) -> str | None:
        """Who puts ``prompt`` to its seat when it is a question out of turn (its mention
        and reminders name them, ``GameWords.reaction_source``); None otherwise."""
        if not prompt.reaction:
            return None
        view = await self.bot.service.view(info.id, None)
        return reaction_asker(info.game, info.language, prompt, view, seat_names(info.seats))
