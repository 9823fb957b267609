"""Localises slash-command names and descriptions for Discord's zh-TW / zh-CN clients.

Keys are derived from where a string sits, so commands are declared with plain English
strings: ``commands.<qualified name>.name|description``, ``commands.<command>.<param>.name|
description`` and ``choices.<value>``. A missing key leaves Discord's English default.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.app_commands import TranslationContextLocation as Where

from bot.i18n import catalogue, language_for


def translation_key(
    string: app_commands.locale_str, context: app_commands.TranslationContext[Any, Any]
) -> str | None:
    """The catalogue key for a command string, from its location in the command tree."""
    data: Any = context.data
    where = context.location
    if where in (Where.command_name, Where.group_name):
        return f"commands.{data.qualified_name}.name"
    if where in (Where.command_description, Where.group_description):
        return f"commands.{data.qualified_name}.description"
    if where is Where.parameter_name:
        return f"commands.{data.command.qualified_name}.{data.name}.name"
    if where is Where.parameter_description:
        return f"commands.{data.command.qualified_name}.{data.name}.description"
    if where is Where.choice_name:
        return f"choices.{data.value}"
    return None


class CommandTranslator(app_commands.Translator):
    """Chinese names and descriptions from the same catalogues as every other string."""

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContext[Any, Any],
    ) -> str | None:
        lang = language_for(locale)
        if lang is None or lang == "en":
            return None
        key = string.extras.get("key") or translation_key(string, context)
        if key is None:
            return None
        return catalogue(lang).get(key)
