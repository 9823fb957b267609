"""The lobby message: seats, options and the Join / Leave / Start buttons (+ creator's select)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import discord

from bot import ids
from bot.i18n import has, t
from bot.interaction import Refusal, client, run_component, selected_values
from bot.wording import game_title
from games.service import lobby_options

if TYPE_CHECKING:
    from engines.core.contract import Engine
    from games.models import GameInfo


class LobbyButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=ids.LOBBY_TEMPLATE):
    """``cb:l:<game>:<join|leave|start>``."""

    STYLES = {
        "join": discord.ButtonStyle.success,
        "leave": discord.ButtonStyle.secondary,
        "start": discord.ButtonStyle.primary,
    }

    def __init__(self, game_id: int, action: str, label: str = "…") -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                style=self.STYLES.get(action, discord.ButtonStyle.secondary),
                custom_id=ids.lobby(game_id, action),
            )
        )
        self.game_id, self.action = game_id, action

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> LobbyButton:
        return cls(int(match["game"]), match["action"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await run_component(
            interaction,
            (self.game_id,),
            lambda: client(interaction).seating.lobby_action(
                interaction, self.game_id, self.action
            ),
        )


class LobbyOptionSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]], template=ids.LOBBY_OPTION_TEMPLATE
):
    """``cb:lo:<game>``: values are ``<option>=<value>``; only the creator may change them."""

    def __init__(
        self,
        game_id: int,
        options: list[discord.SelectOption] | None = None,
        placeholder: str | None = None,
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=ids.lobby_option(game_id),
                options=options or [],
                placeholder=placeholder,
            )
        )
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> LobbyOptionSelect:
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        async def choose() -> None:
            values = selected_values(interaction)
            if not values or "=" not in values[0]:
                raise Refusal("bad_component")  # not a value this select offers
            name, value = values[0].split("=", 1)
            await client(interaction).seating.lobby_option(interaction, self.game_id, name, value)

        await run_component(interaction, (self.game_id,), choose)


def option_words(game: str, lang: str, name: str, value: str) -> tuple[str, str]:
    """An option's name and value in words (``<game>.option_name.<n>``..., then the
    service's own options under ``lobby.option_name.<n>``...)."""
    out = []
    for key, fallback in (
        (f"option_name.{name}", name),
        (f"option_value.{name}.{value}", value),
    ):
        for full in (f"{game}.{key}", f"lobby.{key}"):
            if has(lang, full):
                out.append(t(lang, full))
                break
        else:
            out.append(fallback)
    return out[0], out[1]


def lobby_embed(info: GameInfo, engine: Engine[Any]) -> discord.Embed:
    lang = info.language
    title = t(lang, "lobby.title", game=game_title(lang, info.game), id=info.id)
    embed = discord.Embed(title=title, colour=discord.Colour.gold())
    if info.status == "lobby":
        if engine.min_players == engine.max_players:
            embed.description = t(lang, "lobby.description_exact", count=engine.min_players)
        else:
            embed.description = t(
                lang, "lobby.description", min=engine.min_players, max=engine.max_players
            )
    seats = "\n".join(t(lang, "lobby.seat_line", seat=s.seat + 1, name=s.name) for s in info.seats)
    embed.add_field(
        name=t(lang, "lobby.field.seats", count=len(info.seats), max=engine.max_players),
        value=seats or "—",
        inline=False,
    )
    chosen = {
        name: info.options.get(name, default)
        for name, (_values, default) in lobby_options(engine).items()
    }
    options = "\n".join(
        t(lang, "lobby.option_value", option=n, value=v)
        for n, v in (option_words(info.game, lang, k, val) for k, val in chosen.items())
    )
    embed.add_field(
        name=t(lang, "lobby.field.options"), value=options or t(lang, "lobby.no_options")
    )
    embed.add_field(name=t(lang, "lobby.field.language"), value=t(lang, f"language.{lang}"))
    embed.add_field(
        name=t(lang, "lobby.field.status"), value=t(lang, f"lobby.status.{info.status}")
    )
    creator = next((s.name for s in info.seats if s.user_id == info.creator_id), None)
    if creator:
        embed.set_footer(text=t(lang, "lobby.footer", name=creator))
    return embed


def lobby_items(info: GameInfo, engine: Engine[Any]) -> list[discord.ui.Item[Any]]:
    """Buttons (and the options select) while the game is in its lobby; none afterwards."""
    if info.status != "lobby":
        return []
    lang = info.language
    items: list[discord.ui.Item[Any]] = [
        LobbyButton(info.id, action, t(lang, f"lobby.button.{action}"))
        for action in ("join", "leave", "start")
    ]
    choices = []
    offered = lobby_options(engine)
    single = len(offered) == 1  # a select may preselect one value only
    for name, (values, _default) in offered.items():
        for value in values:
            n, v = option_words(info.game, lang, name, value)
            choices.append(
                discord.SelectOption(
                    label=t(lang, "lobby.option_value", option=n, value=v)[:100],
                    value=f"{name}={value}"[:100],
                    default=single and info.options.get(name, _default) == value,
                )
            )
    if choices:
        items.append(LobbyOptionSelect(info.id, choices[:25], t(lang, "lobby.option_placeholder")))
    return items
