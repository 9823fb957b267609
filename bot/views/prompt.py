"""Answer components: a prompt's options as buttons or paged selects, plus "Show my hand".

Layout (Discord allows 5 rows): up to ``BUTTONS_MAX`` options become buttons; more become
string selects of 25 options, four per message, with a "More options" button leading to
the next hundred. Every label carries the option's full cost (see ``bot.wording``).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import discord

from bot import ids
from bot.i18n import t
from bot.views.base import selected_values
from bot.wording import option_text, short

if TYPE_CHECKING:
    from engines.core.contract import Prompt

BUTTONS_MAX = 10
SELECT_SIZE = 25
SELECTS_PER_PAGE = 4
PAGE_SIZE = SELECT_SIZE * SELECTS_PER_PAGE


def _prompt_key(match: re.Match[str]) -> tuple[int, int | str, int]:
    """The game, version (or stamp) and seat a component's custom id names."""
    return int(match["game"]), ids.parse_version(match["version"]), int(match["seat"])


async def _submit(
    interaction: discord.Interaction[Any], game_id: int, version: int | str, seat: int, ref: str
) -> None:
    """Answer from a prompt message's component: ``flow.submit`` for that seat and version."""
    from bot import flow

    await flow.submit(interaction, game_id, ref, version=version, seat=seat, from_message=True)


class AnswerButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=ids.ANSWER_TEMPLATE):
    """One option of one prompt: ``cb:o:<game>:<version>:<seat>:<ref>``."""

    def __init__(
        self,
        game_id: int,
        version: int | str,
        seat: int,
        ref: str,
        label: str = "…",
        style: discord.ButtonStyle = discord.ButtonStyle.primary,
    ) -> None:
        head = f"cb:o:{game_id}:{version}:{seat}:"
        super().__init__(discord.ui.Button(label=label, style=style, custom_id=head + ref))
        self.game_id, self.version, self.seat, self.ref = game_id, version, seat, ref

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> AnswerButton:
        return cls(*_prompt_key(match), match["ref"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await _submit(interaction, self.game_id, self.version, self.seat, self.ref)


class AnswerSelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=ids.SELECT_TEMPLATE):
    """A page of a prompt's options: ``cb:s:<game>:<version>:<seat>:<page>``."""

    def __init__(
        self,
        game_id: int,
        version: int | str,
        seat: int,
        page: int,
        options: list[discord.SelectOption] | None = None,
        placeholder: str | None = None,
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=ids.select(game_id, version, seat, page),
                options=options or [],
                placeholder=placeholder,
                min_values=1,
                max_values=1,
            )
        )
        self.game_id, self.version, self.seat = game_id, version, seat

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> AnswerSelect:
        return cls(*_prompt_key(match), int(match["page"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        values = selected_values(interaction)
        if not values:
            return
        await _submit(interaction, self.game_id, self.version, self.seat, str(values[0]))


class MoreButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=ids.PAGE_TEMPLATE):
    """Shows the next hundred options of a long prompt, ephemerally."""

    def __init__(
        self, game_id: int, version: int | str, seat: int, page: int, label: str = "…"
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                style=discord.ButtonStyle.secondary,
                custom_id=ids.page(game_id, version, seat, page),
            )
        )
        self.game_id, self.version, self.seat, self.page = game_id, version, seat, page

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> MoreButton:
        return cls(*_prompt_key(match), int(match["page"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        from bot import flow

        await flow.show_page(interaction, self.game_id, self.version, self.seat, self.page)


class HandButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=ids.HAND_TEMPLATE):
    """ "Show my hand / act": the clicker's private view and open prompt, ephemerally."""

    def __init__(self, game_id: int, label: str = "…") -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                style=discord.ButtonStyle.secondary,
                custom_id=ids.hand(game_id),
                emoji="🂠",
            )
        )
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> HandButton:
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        from bot import flow

        await flow.show_hand(interaction, self.game_id)


class SeatButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=ids.SEAT_TEMPLATE):
    """One seat's public position (e.g. a neighbour's city), ephemerally: ``cb:c:<g>:<s>``."""

    def __init__(self, game_id: int, seat: int, label: str = "…") -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                style=discord.ButtonStyle.secondary,
                custom_id=ids.seat_view(game_id, seat),
            )
        )
        self.game_id, self.seat = game_id, seat

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> SeatButton:
        return cls(int(match["game"]), int(match["seat"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        from bot import flow

        await flow.show_seat(interaction, self.game_id, self.seat)


def page_count(prompt: Prompt) -> int:
    n = len(prompt.options)
    return 1 if n <= BUTTONS_MAX else (n + PAGE_SIZE - 1) // PAGE_SIZE


def prompt_items(
    game: str,
    game_id: int,
    version: int | str,
    prompt: Prompt,
    lang: str,
    names: dict[int, str],
    *,
    page: int = 0,
    hand_button: bool = True,
) -> list[discord.ui.Item[Any]]:
    """The components answering ``prompt`` (page ``page`` when it has over a hundred options).

    The components carry ``version`` or, for a stamped game, the prompt's stamp.
    """
    from bot.games import pin

    version = ids.parse_version(pin(game, prompt, version if isinstance(version, int) else 0))
    opts = prompt.options
    items: list[discord.ui.Item[Any]] = []
    if len(opts) <= BUTTONS_MAX:
        for index, option in enumerate(opts):
            ref = ids.option_ref(
                option.id, index, room=ids.MAX_ID - len(f"cb:o:{game_id}:{version}:{prompt.seat}:")
            )
            items.append(
                AnswerButton(
                    game_id,
                    version,
                    prompt.seat,
                    ref,
                    short(option_text(game, lang, option, names)),
                )
            )
    else:
        start = page * PAGE_SIZE
        chunk = opts[start : start + PAGE_SIZE]
        for s in range(0, len(chunk), SELECT_SIZE):
            group = chunk[s : s + SELECT_SIZE]
            first = start + s
            choices = [
                discord.SelectOption(
                    label=short(option_text(game, lang, option, names), 100),
                    value=ids.option_ref(option.id, first + i),
                )
                for i, option in enumerate(group)
            ]
            placeholder = t(
                lang,
                "turn.select_placeholder",
                start=first + 1,
                end=first + len(group),
                total=len(opts),
            )
            items.append(
                AnswerSelect(
                    game_id,
                    version,
                    prompt.seat,
                    first // SELECT_SIZE,
                    choices,
                    short(placeholder, 150),
                )
            )
        pages = page_count(prompt)
        if page + 1 < pages:
            items.append(
                MoreButton(
                    game_id,
                    version,
                    prompt.seat,
                    page + 1,
                    t(lang, "turn.button.more", page=page + 2, pages=pages),
                )
            )
    if hand_button:
        items.append(HandButton(game_id, t(lang, "turn.button.hand")))
    return items
