"""Looking without answering: a seat's own view (``/hand``, "Show my hand / act"), another
seat's public position, a page of a long question's options. Each reply is ephemeral."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import discord

from bot.components import static_view
from bot.components.prompt import (
    PAGE_SIZE,
    page_count,
    prompt_items,
)
from bot.games import words_for
from bot.i18n import t
from bot.interaction import (
    REFUSALS,
    Refusal,
    refuse,
    reply,
)
from bot.reach import (
    asked_prompt,
    maybe_info,
    own_prompt,
    pin_of,
    player_seat,
    reachable,
    seat_name,
)
from bot.render import board_file, extra_file
from bot.wording import game_title, prompt_text, seat_names
from games.models import GameInfo

if TYPE_CHECKING:
    from bot.client import CivBot

log = logging.getLogger(__name__)


class Looking:
    """The handlers that only show (``bot.looking``)."""

    def __init__(self, bot: CivBot) -> None:
        self.bot = bot

    async def show_hand(self, interaction: discord.Interaction[Any], game_id: int) -> None:
        """The clicker's private view of ``game_id`` and their open prompt, ephemerally
        (deferred first, unless the caller already did: ``/hand``, an answer that may have
        been saved)."""
        bot = self.bot
        if not interaction.response.is_done():
            await interaction.response.defer(ephemeral=True, thinking=True)
        info: GameInfo | None = None
        try:
            info = await reachable(self.bot.service, interaction, game_id)
            seat = player_seat(info, interaction.user.id)
            if info.status == "lobby":
                raise Refusal("game_not_active", id=game_id)
            view = await bot.service.view(game_id, seat)
            prompts = await bot.service.prompts(game_id)
        except REFUSALS as exc:
            await refuse(interaction, exc, info)
            return
        lang, names = info.language, seat_names(info.seats)
        words = words_for(info.game)
        prompt = own_prompt(prompts, seat)
        if prompt is not None:
            # The seat's turn panel, ephemerally: its own clicks edit it (DMs closed).
            await bot.delivery.open_ephemeral_panel(interaction, info, prompt)
            return
        lines = [t(lang, "turn.your_view", id=game_id, game=game_title(lang, info.game))]
        lines += words.hand_lines(lang, view, seat, names)
        kwargs: dict[str, Any] = {}
        items: list[discord.ui.Item[Any]] = []
        seats = bot.delivery.seat_buttons(info, view, seat)  # drawn after the answers' rows
        if prompt is not None:
            lines.append(
                t(
                    lang,
                    "turn.header",
                    name=names.get(seat, "?"),
                    prompt=prompt_text(info.game, lang, prompt, names),
                )
            )
            pinned = pin_of(info, prompt)
            items = prompt_items(
                info.game,
                game_id,
                pinned,
                prompt,
                lang,
                names,
                hand_button=False,
                reserve=len(seats),
            )
        else:
            lines.append(t(lang, "turn.no_prompt", id=game_id))
        items += seats
        if items:
            kwargs["view"] = static_view(*items)
        files: list[discord.File] = []
        for func, args, filename in words.private_images(view, seat):
            extra = await extra_file(
                self.bot.renderer, info.game, func, {**args, "lang": lang, "names": names}, filename
            )
            if extra is not None:
                files.append(extra)
        if not files:
            file = await board_file(self.bot.renderer, info.game, view, lang, names, "view.png")
            if file is not None:
                files.append(file)
        if files:
            kwargs["files"] = files
        await reply(interaction, "\n".join(lines)[:2000], **kwargs)

    async def show_seat(
        self, interaction: discord.Interaction[Any], game_id: int, seat: int
    ) -> None:
        """One seat's public position (a neighbour's city) with its picture, ephemerally."""
        bot = self.bot
        await interaction.response.defer(ephemeral=True, thinking=True)
        info: GameInfo | None = None
        try:
            info = await reachable(self.bot.service, interaction, game_id)
            seat_name(info, seat)
            if info.status == "lobby":
                raise Refusal("game_not_active", id=game_id)
            view = await bot.service.view(game_id, None)
        except REFUSALS as exc:
            await refuse(interaction, exc, info)
            return
        text, file = await self.seat_message(info, view, seat)
        kwargs: dict[str, Any] = {"file": file} if file is not None else {}
        await reply(interaction, text, **kwargs)

    async def seat_message(
        self, info: GameInfo, view: Any, seat: int
    ) -> tuple[str, discord.File | None]:
        """The words and picture of one seat's public position (``view`` is the public view)."""
        lang, names = info.language, seat_names(info.seats)
        words = words_for(info.game)
        lines = words.seat_lines(lang, view, seat, names) or [names.get(seat, "?")]
        file = None
        drawn = words.seat_image(seat)
        if drawn is not None:
            func, args = drawn
            file = await extra_file(
                self.bot.renderer,
                info.game,
                func,
                {**args, "view": view, "lang": lang, "names": names},
                f"seat{seat}.png",
            )
        return "\n".join(lines)[:2000], file

    async def show_page(
        self,
        interaction: discord.Interaction[Any],
        game_id: int,
        version: int | str,
        seat: int,
        page: int,
    ) -> None:
        """Page ``page`` of a long prompt's options, for its seat only."""
        bot = self.bot
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            info, prompt = await asked_prompt(bot.service, interaction, game_id, version, seat)
            if not 0 <= page < page_count(prompt):  # a forged or foreign page number
                raise Refusal("no_such_page")
        except REFUSALS as exc:
            await refuse(interaction, exc, await maybe_info(bot.service, game_id))
            return
        names = seat_names(info.seats)
        pinned = pin_of(info, prompt)
        items = prompt_items(
            info.game, game_id, pinned, prompt, info.language, names, page=page, hand_button=False
        )
        start = page * PAGE_SIZE + 1
        end = min(len(prompt.options), (page + 1) * PAGE_SIZE)
        await reply(
            interaction,
            t(info.language, "turn.page_header", start=start, end=end, total=len(prompt.options)),
            view=static_view(*items),
        )
