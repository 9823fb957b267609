"""How an answer is told: one pace for every game.

The thread gets the answer's public moves on the live board (``table.LiveBoard``: one
message per stretch of play, ``table_key``); each seat's questions go to its panel in its
DMs (``boards.TurnPanels``: one message per seat and stretch, edited after every click); a
seat's private news goes to its panel too, or waits for its next one (``Panel.last``,
``Panel.news``), never a DM of its own. The result ends the game on its final board.
"""

from __future__ import annotations

from collections import defaultdict
from typing import TYPE_CHECKING, Any

import discord

from bot.delivery.asking import Questions
from bot.delivery.boards import TurnPanels, table_key
from bot.delivery.ledger import Records
from bot.delivery.table import LiveBoard, compose
from bot.delivery.transport import MESSAGE_MAX, Transport, chunks
from bot.games import words_for
from bot.i18n import t
from bot.wording import event_text, result_lines, seat_names
from games.models import GameInfo, Outcome

if TYPE_CHECKING:
    from bot.client import CivBot
    from engines.core.contract import Event, Prompt


class Telling:
    """Tells a committed answer: the board, the panels, the private news, the result."""

    def __init__(
        self,
        bot: CivBot,
        records: Records,
        transport: Transport,
        panels: TurnPanels,
        board: LiveBoard,
        questions: Questions,
    ) -> None:
        self.bot = bot
        self.records = records
        self.transport = transport
        self.panels = panels
        self.board = board
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

    async def publish(
        self,
        outcome: Outcome,
        before: list[Prompt],
        *,
        interaction: discord.Interaction[Any] | None = None,
        actor: int | None = None,
        panel_click: bool = False,
        chosen: str | None = None,
        opening: tuple[str, list[str]] | None = None,
    ) -> bool:
        """The answer's moves on the board, its private news, then the next questions on
        the panels (or the result). ``interaction``/``actor``: the click that produced
        ``outcome``; ``panel_click``: it was pressed on the actor's panel (deferred as an
        update: the panel is edited through it), ``chosen`` the option in words, told at
        the top of the panel. ``opening``: the start's line and the opening lines, for
        the first board. False when the board could not be posted (owed)."""
        info = outcome.info
        service = self.bot.service
        view = await service.view(info.id, None)
        prompts = await service.prompts(info.id)
        lines = self.public_lines(info, outcome.events)
        if outcome.result is not None:
            await self.questions.close(info.id, keep={})
            await self.panels.news(info, self.private_lines(info, outcome.events), None)
            return await self.result(info, outcome, view, lines)
        posted = await self.board.follow(info, view, prompts, lines, opening=opening)
        turn = table_key(view)
        await self.panels.note_provisional(info, outcome.events, actor, turn)
        await self.panels.news(info, self.private_lines(info, outcome.events), turn)
        via = interaction if panel_click else None
        extra: dict[int, list[str]] = {}
        if via is not None and chosen and actor is not None:
            extra[actor] = [t(info.language, "turn.chosen", option=chosen)]
        await self.questions.sync(
            info.id,
            close=True,
            seats_before={p.seat for p in before if p.blocking},
            interaction=via,
            actor=actor,
            extra=extra,
            panel_click=via is not None,
        )
        return posted

    async def result(
        self, info: GameInfo, outcome: Outcome, view: Any, lines: list[str]
    ) -> bool:
        """The final board: the last moves on the board they were played on, then the
        final position with the result (what does not fit follows it)."""
        if outcome.result is None:
            return True
        names = seat_names(info.seats)
        told = result_lines(info.game, info.language, info.id, outcome.result, names)
        title = words_for(info.game).table_title(info.language, view, names)
        shown = list(told)
        while len(shown) > 1 and len(compose(title, [], shown)) > MESSAGE_MAX:
            shown.pop()
        posted = await self.board.follow(info, view, [], lines, result=shown)
        rest = told[len(shown) :]
        if rest:
            channel = await self.transport.thread(info)
            for part in chunks(rest):
                await self.transport.post(info, channel, part)
        return posted

    async def catch_up_table(self, info: GameInfo) -> bool:
        """After a failed telling: the board of the current stretch."""
        return await self.board.catch_up(info)

    async def catch_up_result(self, info: GameInfo, outcome: Outcome) -> bool:
        """After a failed telling of the last answer: the final board, unless it is up."""
        stored = await self.board.stored(info.id)
        if stored is not None and stored.key == "over":
            return True
        view = await self.bot.service.view(info.id, None)
        return await self.result(info, outcome, view, [])
