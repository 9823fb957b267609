"""What a seat is shown of its question: the pin its components carry, and its hand.

A pin names the question a component answers (``bot.ids.pin``: a digest of the engine's
``Prompt.question``). The hand message (the seat's view, its question and components, its
pictures) is one and the same in a DM, an ephemeral reply and a turn panel.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord

from bot import ids
from bot.components.prompt import SeatButton, prompt_items
from bot.delivery.transport import MESSAGE_MAX, dm_intro
from bot.games import words_for
from bot.i18n import t
from bot.render import extra_file
from bot.wording import prompt_text, seat_names
from games.models import GameInfo

if TYPE_CHECKING:
    from bot.client import CivBot
    from engines.core.contract import Prompt


class Hands:
    """Pins and hand messages of a bot's games."""

    def __init__(self, bot: CivBot) -> None:
        self.bot = bot

    @staticmethod
    def question_pins(info: GameInfo, prompts: list[Prompt]) -> dict[int, str]:
        """``{seat: pin}`` of ``prompts``, the open questions of ``info`` (at its version)."""
        return {p.seat: ids.pin(p.question, info.version) for p in prompts}

    async def private_message(
        self,
        info: GameInfo,
        prompt: Prompt,
        pinned: str,
        extra: list[str] | None = None,
        *,
        pictures: bool = True,
    ) -> tuple[str, list[discord.ui.Item[Any]], list[discord.File]]:
        """A seat's hand as text, components and pictures (DM or ephemeral alike; none
        unless ``pictures``); ``pinned``: what the components carry (``question_pins``)."""
        lang, names = info.language, seat_names(info.seats)
        words = words_for(info.game)
        view = await self.bot.service.view(info.id, prompt.seat)
        lines = [dm_intro(info), *(extra or [])]
        lines += words.hand_lines(lang, view, prompt.seat, names)
        what = prompt_text(info.game, lang, prompt, names)
        lines.append(t(lang, "turn.header", name=names.get(prompt.seat, "?"), prompt=what))
        seats = self.seat_buttons(info, view, prompt.seat)
        items = prompt_items(
            info.game, info.id, pinned, prompt, lang, names, hand_button=False, reserve=len(seats)
        )
        items += seats
        files: list[discord.File] = []
        for func, args, filename in words.private_images(view, prompt.seat) if pictures else []:
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
