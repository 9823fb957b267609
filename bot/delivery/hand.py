"""What a seat is shown of its question: the pin its components carry, and its hand.

A pin names the question a component answers (``bot.games.pin``): the game version, or a
stamp of the question for games whose seats answer at once. The hand message (the seat's
view, its question and components, its pictures) is one and the same in a DM, an ephemeral
reply and a turn panel.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord

from bot.components.prompt import SeatButton, prompt_items
from bot.delivery.transport import MESSAGE_MAX, dm_intro
from bot.games import pin, words_for
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
        #: answers per seat, with the version they describe (names stamped questions)
        self._answered: dict[int, tuple[int, dict[int, int]]] = {}

    def forget(self, game_id: int) -> None:
        self._answered.pop(game_id, None)

    def holds(self, game_id: int) -> bool:
        return game_id in self._answered

    async def question_pins(self, info: GameInfo, prompts: list[Prompt]) -> dict[int, str]:
        """``{seat: pin}`` of ``prompts``, the open questions of ``info`` (at its version)."""
        words = words_for(info.game)
        answered: dict[int, int] | None = None
        if words.stamped and words.renewed_by_answer:
            cached = self._answered.get(info.id)
            if cached is not None and cached[0] == info.version:
                answered = cached[1]
            else:
                answered = await self.bot.service.answers_by_seat(info.id)
                if sum(answered.values()) == info.version:
                    self._answered[info.id] = (info.version, answered)
        return {p.seat: pin(info.game, p, info.version, answered) for p in prompts}

    async def pin_of(self, info: GameInfo, prompt: Prompt) -> str:
        """What the components answering ``prompt`` carry (see ``question_pins``)."""
        return (await self.question_pins(info, [prompt]))[prompt.seat]

    async def private_message(
        self, info: GameInfo, prompt: Prompt, pinned: str, extra: list[str] | None = None
    ) -> tuple[str, list[discord.ui.Item[Any]], list[discord.File]]:
        """A seat's hand as text, components and pictures (DM or ephemeral alike);
        ``pinned``: what the components carry (``question_pins``)."""
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
