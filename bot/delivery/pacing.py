"""The three paces at which a game is told, chosen by its engine (``Engine.pacing``).

Each is keyed by the public view's ``table_key`` (``engines.core.contract.TABLE_KEY``): the
stretch of play told at once, kept in a game note once told.

- ``PerAnswer`` (``answer``: Duel, Innovation): each answer's events as they come; the board
  when the table key changes (another seat is asked, or a new stage begins for the same
  seat).
- ``PerRound`` (``round``, 7 Wonders: simultaneous turns): inside a round only the status
  message changes; once the engine resolves it, the summary, the table image and every
  seat's new hand.
- ``PerTurnPanel`` (``turn``, Through the Ages): the table image and a status line once per
  turn; each seat's many answers on its turn panel, where its provisional events
  (``Event.provisional``) are shown, never in the thread.

Each also knows the picture a failed telling may have left unposted (``catch_up_table``).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

import discord

from bot.delivery.asking import Questions
from bot.delivery.boards import STATUS_NOTE, RoundStatus, TurnPanels, table_key
from bot.delivery.ledger import Records
from bot.delivery.transport import Transport, chunks, dm_intro
from bot.games import words_for
from bot.i18n import t
from bot.render import board_file
from bot.wording import event_text, result_lines, seat_names
from games.models import GameInfo, Outcome

if TYPE_CHECKING:
    from bot.client import CivBot
    from engines.core.contract import Event, Prompt

#: the round (``table_key``) whose summary was told last (pacing ``round``)
ROUND_NOTE = "round"
#: the ``table_key`` whose table image was posted last (pacing ``answer`` and ``turn``)
TURN_NOTE = "turn"


class Pacing(Protocol):
    async def publish(
        self,
        outcome: Outcome,
        before: list[Prompt],
        *,
        interaction: discord.Interaction[Any] | None = None,
        actor: int | None = None,
        panel_click: bool = False,
        chosen: str | None = None,
    ) -> None:
        """Events, board image (when the pace says so), result or next questions.

        ``interaction``/``actor``: the click that produced ``outcome``; ``panel_click``: it
        was pressed on the actor's turn panel (deferred as an update: the panel is edited
        through it), ``chosen`` the option in words, told at the top of the panel."""
        ...

    async def catch_up_table(self, info: GameInfo) -> None:
        """The picture a failed telling may have left unposted (known by the game's notes)."""
        ...

    async def result(
        self, info: GameInfo, outcome: Outcome, channel: discord.abc.Messageable | None
    ) -> None: ...


class Telling:
    """What every pace tells alike: public and private event lines, the result."""

    def __init__(
        self,
        bot: CivBot,
        records: Records,
        transport: Transport,
        panels: TurnPanels,
        rounds: RoundStatus,
        questions: Questions,
    ) -> None:
        self.bot = bot
        self.records = records
        self.transport = transport
        self.panels = panels
        self.rounds = rounds
        self.questions = questions

    def public_lines(self, info: GameInfo, events: list[Event]) -> list[str]:
        silent = words_for(info.game).silent_events
        names = seat_names(info.seats)
        lines = [
            event_text(info.game, info.language, e, names)
            for e in events
            if e.visible_to is None and e.kind not in silent and not e.provisional
        ]
        return [line for line in lines if line]

    def private_lines(self, info: GameInfo, events: list[Event]) -> dict[int, list[str]]:
        silent = words_for(info.game).silent_events
        names = seat_names(info.seats)
        per_seat: dict[int, list[str]] = defaultdict(list)
        for event in events:
            if event.kind in silent or event.provisional:
                continue  # a provisional event is shown on its actor's panel only
            text = event_text(info.game, info.language, event, names)
            for seat in event.visible_to or [] if text else []:
                per_seat[seat].append(text)
        return per_seat

    async def post_told(
        self,
        info: GameInfo,
        channel: discord.abc.Messageable | None,
        lines: list[str],
        file: discord.File | None,
        caption: str,
    ) -> None:
        """The lines in as few messages as fit, the picture on the last (alone: ``caption``)."""
        if not lines and file is None:
            return
        messages = chunks(lines) or [caption]
        for i, text in enumerate(messages):
            if i == len(messages) - 1 and file is not None:
                await self.transport.post(info, channel, text, file=file)
            else:
                await self.transport.post(info, channel, text)

    async def post_missed_picture(
        self, info: GameInfo, note: str, filename: str, caption: Callable[[Any], str]
    ) -> discord.abc.Messageable | None:
        """After a failed telling: the table's picture when ``note`` shows it was not posted
        for the current table key, then the note; the thread (None: nothing was missed)."""
        service = self.bot.service
        lang, names = info.language, seat_names(info.seats)
        view = await service.view(info.id, None)
        key = table_key(view)
        if key == await service.get_note(info.id, note):
            return None
        channel = await self.transport.thread(info)
        if self.bot.settings.board_images:
            file = await board_file(self.bot.renderer, info.game, view, lang, names, filename)
            if file is not None:
                await self.transport.post(info, channel, caption(view), file=file)
        await service.set_note(info.id, note, key)
        return channel

    async def result(
        self, info: GameInfo, outcome: Outcome, channel: discord.abc.Messageable | None
    ) -> None:
        if outcome.result is None:
            return
        names = seat_names(info.seats)
        text = "\n".join(result_lines(info.game, info.language, info.id, outcome.result, names))
        for part in chunks(text.split("\n")):
            await self.transport.post(info, channel, part)

    async def private_events(
        self, info: GameInfo, events: list[Event], turn: str | None = None
    ) -> None:
        """Each seat's private events by DM; on its panel instead (``Panel.last``) while
        it has one for ``turn``, so a turn stays one message."""
        for seat, lines in self.private_lines(info, events).items():
            user_id = info.user_of(seat)
            if user_id is None:
                continue
            panel = await self.records.panel(info.id, seat) if turn is not None else None
            if panel is not None and panel.turn == turn:
                panel.last = [*panel.last, *lines][-words_for(info.game).panel_last :]
                await self.records.set_panel(info.id, seat, panel)
                continue
            head = dm_intro(info)
            for text in chunks([head, *lines]):
                if not await self.transport.try_dm(info, user_id, text):
                    break  # DMs closed or failing: /hand shows the same


class PerAnswer(Telling):
    """Told answer by answer; the board when the table key changes."""

    #: the turn's status line and provisional events (a turn of many answers, on panels)
    panels_told = False

    async def publish(
        self,
        outcome: Outcome,
        before: list[Prompt],
        *,
        interaction: discord.Interaction[Any] | None = None,
        actor: int | None = None,
        panel_click: bool = False,
        chosen: str | None = None,
    ) -> None:
        info = outcome.info
        lang, names = info.language, seat_names(info.seats)
        service = self.bot.service
        channel = await self.transport.thread(info)
        lines = self.public_lines(info, outcome.events)
        via = interaction if panel_click else None
        view = await service.view(info.id, None)
        key = table_key(view)
        told = await service.get_note(info.id, TURN_NOTE)
        changed = outcome.result is not None or key != told
        file = None
        if changed and self.bot.settings.board_images:
            file = await board_file(self.bot.renderer, info.game, view, lang, names)
        caption = t(lang, "turn.board_caption", version=info.version)
        await self.post_told(info, channel, lines, file, caption)
        if key != told:
            await service.set_note(info.id, TURN_NOTE, key)
        turn = key if self.panels_told else None
        if turn is not None:
            await self.panels.turn_status(info, channel, view, new=key != told)
            await self.panels.note_provisional(info, outcome.events, actor, turn)
        await self.private_events(info, outcome.events, turn)
        if outcome.result is not None:
            await self.questions.close(info.id, keep={})
            await self.result(info, outcome, channel)
            return
        extra: dict[int, list[str]] = {}
        if via is not None and chosen and actor is not None:
            extra[actor] = [t(lang, "turn.chosen", option=chosen)]
        await self.questions.sync(
            info.id,
            seats_before={p.seat for p in before},
            close=True,
            interaction=via,
            actor=actor,
            extra=extra,
            panel_click=via is not None,
            previous={p.seat: p for p in before},
        )

    async def catch_up_table(self, info: GameInfo) -> None:
        """Nothing: these games post their picture before any write."""


class PerTurnPanel(PerAnswer):
    """Told once per turn in the thread; the turn itself is played on panels."""

    panels_told = True

    async def catch_up_table(self, info: GameInfo) -> None:
        caption = t(info.language, "turn.board_caption", version=info.version)
        channel = await self.post_missed_picture(info, TURN_NOTE, "board.png", lambda _: caption)
        if channel is not None:
            view = await self.bot.service.view(info.id, None)
            await self.panels.turn_status(info, channel, view, new=True)


class PerRound(Telling):
    """Simultaneous turns: a status message while a turn is open, a summary once resolved."""

    async def publish(
        self,
        outcome: Outcome,
        before: list[Prompt],
        *,
        interaction: discord.Interaction[Any] | None = None,
        actor: int | None = None,
        panel_click: bool = False,
        chosen: str | None = None,
    ) -> None:
        info = outcome.info
        words = words_for(info.game)
        lang, names = info.language, seat_names(info.seats)
        service = self.bot.service
        view = await service.view(info.id, None)
        key = table_key(view)
        if outcome.result is not None:
            key = "over"
        last = await service.get_note(info.id, ROUND_NOTE)
        channel = await self.transport.thread(info)
        lines = self.public_lines(info, outcome.events)
        if key == last:
            # Nothing closes inside a turn: a hand stays answerable (to change a choice) even
            # while its payment is asked; a press then is refused as stale until paid.
            for text in chunks(lines):
                await self.transport.post(info, channel, text)
            # Who is still choosing *now* (another answer may have been told meanwhile).
            await self.rounds.update(info, await service.prompts(info.id), view)
            await self.questions.sync(
                info.id,
                seats_before=range(len(info.seats)),  # inside a turn nobody begins one
                close=False,
                interaction=interaction,
                actor=actor,
                previous={p.seat: p for p in before},
            )
            return
        # The turn resolved (or the game began): close it, tell it, deal the next one.
        finished = await service.get_note(info.id, STATUS_NOTE + "_title")
        if finished and lines:
            lines.insert(0, t(lang, "turn.summary", title=finished))
        await self.rounds.update(info, [], None, final=True)
        if outcome.result is not None:
            await self.questions.close(info.id, keep={})
        file = None
        if self.bot.settings.board_images:
            file = await board_file(self.bot.renderer, info.game, view, lang, names, "table.png")
        await self.post_told(info, channel, lines, file, words.round_title(lang, view))
        await service.set_note(info.id, ROUND_NOTE, key)
        if outcome.result is not None:
            await self.private_events(info, outcome.events)
            await self.result(info, outcome, channel)
            return
        private = self.private_lines(info, outcome.events)
        await self.questions.sync(info.id, seats_before=None, close=True, extra=private)

    async def catch_up_table(self, info: GameInfo) -> None:
        words = words_for(info.game)
        view = await self.bot.service.view(info.id, None)
        if table_key(view) != await self.bot.service.get_note(info.id, ROUND_NOTE):
            await self.rounds.update(info, [], None, final=True)  # the round's status closes
        await self.post_missed_picture(
            info, ROUND_NOTE, "table.png", lambda v: words.round_title(info.language, v)
        )
