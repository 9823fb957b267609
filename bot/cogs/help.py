"""``/help``: the commands and how a turn works; ``/card``: one Innovation card and what its
dogmas do (our paraphrase), with its picture. In the reader's language."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.client import CivBot
from bot.flow import reply, user_lang
from bot.i18n import name, t
from bot.render import extra_file
from bot.views.lobby import game_title
from engines.registry import engine_names


class HelpCog(commands.Cog):
    def __init__(self, bot: CivBot) -> None:
        self.bot = bot

    @app_commands.command(name="help", description="How to play with this bot")
    async def help(self, interaction: discord.Interaction[Any]) -> None:
        lang = user_lang(interaction)
        embed = discord.Embed(
            title=t(lang, "help.title"),
            description=t(lang, "help.body"),
            colour=discord.Colour.green(),
        )
        games = ", ".join(game_title(lang, g) for g in engine_names())
        embed.set_footer(text=t(lang, "help.games", games=games))
        await reply(interaction, "", embed=embed)

    @app_commands.command(name="card", description="An Innovation card and what its dogmas do")
    @app_commands.describe(name="Start typing a card's name")
    @app_commands.allowed_contexts(guilds=True, dms=True, private_channels=False)
    async def card(self, interaction: discord.Interaction[Any], name: str) -> None:
        lang = user_lang(interaction)
        card_id = find_card(name)
        if card_id is None:
            await reply(interaction, t(lang, "errors.unknown_card", name=name))
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        embed = card_embed(lang, card_id)
        file = await extra_file(
            self.bot.renderer, GAME, "render_card", {"card_id": card_id, "lang": lang}, "card.png"
        )
        if file is not None:
            embed.set_image(url="attachment://card.png")
            await reply(interaction, "", embed=embed, file=file)
        else:
            await reply(interaction, "", embed=embed)

    @card.autocomplete("name")
    async def card_autocomplete(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        lang = user_lang(interaction)
        needle = current.casefold().strip()
        out = []
        for card_id, (title, age) in sorted(_cards(lang).items(), key=lambda x: (x[1][1], x[1][0])):
            if needle and needle not in title.casefold() and needle not in card_id:
                continue
            out.append(app_commands.Choice(name=f"{title} ({age})"[:100], value=card_id))
        return out[:25]


GAME = "innovation"


def _cards(lang: str) -> dict[str, tuple[str, int]]:
    from engines.innovation.catalogue import CARDS

    return {c.id: (name(lang, GAME, c.id), c.age) for c in CARDS.values()}


def find_card(text: str) -> str | None:
    """A card id from an autocomplete value, an id, or a card's name in any language."""
    from engines.innovation.catalogue import CARDS

    wanted = text.casefold().strip()
    if wanted in CARDS:
        return wanted
    for lang in ("en", "zh-TW", "zh-CN"):
        for card_id, (title, _age) in _cards(lang).items():
            if title.casefold() == wanted:
                return card_id
    return None


def card_embed(lang: str, card_id: str) -> discord.Embed:
    """The card's facts and its dogmas as our paraphrase (the catalogue's summaries)."""
    from engines.innovation.catalogue import CARDS, POSITIONS

    card = CARDS[card_id]
    title = t(
        lang,
        "innovation.card.title",
        card=name(lang, GAME, card_id),
        age=card.age,
        color=name(lang, GAME, card.color),
    )
    icons = " ".join(
        name(lang, GAME, spot) if spot != "hex" else "⬡"
        for spot in (card.icons.at(p) for p in POSITIONS)
    )
    lines = [t(lang, "innovation.card.icons", icons=icons, icon=name(lang, GAME, card.dogma_icon))]
    for dogma in card.dogmas:
        lines.append(t(lang, f"innovation.card.{dogma.kind}", text=dogma.summary))
    return discord.Embed(title=title, description="\n".join(lines)[:4000], colour=0x8E6FBF)


async def setup(bot: CivBot) -> None:
    await bot.add_cog(HelpCog(bot))
