"""``/help``: the commands and how a turn works; ``/card``: one card of any game and what it
does (each game's hooks word it: ``GameWords.card_text``; Innovation adds its picture), found
by name in any language, optionally within one ``game``. In the reader's language."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.games import words_for
from bot.i18n import has, t
from bot.interaction import reply, user_lang
from bot.render import extra_file
from bot.wording import game_title
from engines.registry import engine_names, get_engine

if TYPE_CHECKING:
    from bot.client import CivBot


class HelpCog(commands.Cog):
    def __init__(self, bot: CivBot) -> None:
        self.bot = bot

    @app_commands.command(name="help", description="How to play with this bot")
    async def help(self, interaction: discord.Interaction[Any]) -> None:
        lang = user_lang(interaction)
        # each game adds its own paragraph (``<game>.help`` in its locale file), if it has one
        paragraphs = [t(lang, "help.body")]
        paragraphs += [t(lang, f"{g}.help") for g in engine_names() if has(lang, f"{g}.help")]
        embed = discord.Embed(
            title=t(lang, "help.title"),
            description="\n".join(paragraphs),
            colour=discord.Colour.green(),
        )
        games = ", ".join(game_title(lang, g) for g in engine_names())
        embed.set_footer(text=t(lang, "help.games", games=games))
        await reply(interaction, "", embed=embed)

    @app_commands.command(name="card", description="A card of any game and what it does")
    @app_commands.describe(name="Start typing a card's name", game="Only this game's cards")
    @app_commands.allowed_contexts(guilds=True, dms=True, private_channels=False)
    async def card(
        self, interaction: discord.Interaction[Any], name: str, game: str | None = None
    ) -> None:
        lang = user_lang(interaction)
        found = find_card(name, game)
        if found is None:
            await reply(interaction, t(lang, "errors.unknown_card", name=name))
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        game_name, card_id = found
        embed = card_embed(lang, game_name, card_id)
        drawn = words_for(game_name).card_image(card_id)
        file = None
        if drawn is not None:
            func, args = drawn
            file = await extra_file(
                self.bot.renderer, game_name, func, {**args, "lang": lang}, "card.png"
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
        game = getattr(interaction.namespace, "game", None)
        return [
            app_commands.Choice(name=label[:100], value=value[:100])
            for label, value in card_choices(lang, current, game)
        ]

    @card.autocomplete("game")
    async def game_autocomplete(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        lang = user_lang(interaction)
        needle = current.casefold().strip()
        return [
            app_commands.Choice(name=game_title(lang, g)[:100], value=g)
            for g in engine_names()
            if needle in g or needle in game_title(lang, g).casefold()
        ][:25]


LANGS = ("en", "zh-TW", "zh-CN")


@cache
def entries(game: str) -> dict[str, Mapping[str, Any]]:
    """The entries ``/card`` may show of ``game`` (its hooks pick them from the engine's
    catalogue, which never changes while the bot runs)."""
    return words_for(game).card_entries(get_engine(game).catalogue())


def _games(game: str | None) -> list[str]:
    """The registered games to search: ``game`` if it is one, else all of them."""
    names = engine_names()
    return [game] if game in names else names


def find_card(text: str, game: str | None = None) -> tuple[str, str] | None:
    """(game, card id) from an autocomplete value (``id`` or ``game:id``), an id, or an
    entry's name in any language; the first game in name order wins a tie."""
    wanted = text.casefold().strip()
    games = _games(game)
    prefix, sep, rest = wanted.partition(":")
    if sep and prefix in games:
        games, wanted = [prefix], rest
    for g in games:
        for card_id in entries(g):
            if card_id.casefold() == wanted:
                return g, card_id
    for g in games:
        words = words_for(g)
        for card_id, entry in entries(g).items():
            names = {str(n).casefold() for n in (entry.get("names") or {}).values()}
            titles = {words.card_title(lang, card_id, entry).casefold() for lang in LANGS}
            if wanted in names | titles:
                return g, card_id
    return None


def card_choices(lang: str, current: str, game: str | None = None) -> list[tuple[str, str]]:
    """Up to 25 (label, value) pairs whose name in any language, or id, contains
    ``current``: names that start with it first; the label in ``lang`` (with the name that
    matched, when it is another language's); the value is the id, or ``game:id`` when
    several games share it."""
    needle = current.casefold().strip()
    games = _games(game)
    several = len(games) > 1
    owners: dict[str, int] = {}
    for g in games:
        for card_id in entries(g):
            owners[card_id] = owners.get(card_id, 0) + 1
    found = []
    for g in games:
        words = words_for(g)
        for card_id, entry in entries(g).items():
            title = words.card_title(lang, card_id, entry)
            # Found by its name in any language ("圣女贞德" in an English client too).
            other = next(
                (
                    name
                    for name in (words.card_title(x, card_id, entry) for x in LANGS)
                    if needle and needle in name.casefold()
                ),
                None,
            )
            if needle and other is None and needle not in card_id.casefold():
                continue
            if other is not None and needle not in title.casefold():
                title = f"{title} · {other}"
            label = f"{title} — {game_title(lang, g)}" if several else title
            value = f"{g}:{card_id}" if owners[card_id] > 1 else card_id
            found.append((not title.casefold().startswith(needle), title.casefold(), label, value))
    found.sort()
    return [(label, value) for _, _, label, value in found[:25]]


def card_embed(lang: str, game: str, card_id: str) -> discord.Embed:
    """The entry as the game's hooks word it (``GameWords.card_text``)."""
    words = words_for(game)
    title, lines = words.card_text(lang, card_id, entries(game)[card_id])
    return discord.Embed(
        title=title[:256], description="\n".join(lines)[:4000], colour=words.card_colour
    )


async def setup(bot: CivBot) -> None:
    await bot.add_cog(HelpCog(bot))
