"""Who may use a game from where, and which of its questions is a seat's: the checks every
handler shares (``Play``, ``Looking``, ``Seating``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import discord

from bot import ids
from bot.interaction import Refusal
from bot.wording import seat_names
from engines.core.contract import Prompt
from games.models import GameInfo, ServiceError
from games.service import GameService
from games.storage.base import DatabaseBusy


def own_prompt(prompts: Sequence[Prompt], seat: int | None) -> Prompt | None:
    """The open prompt of ``seat`` among ``prompts``, if any."""
    return next((p for p in prompts if p.seat == seat), None)


def pin_of(info: GameInfo, prompt: Prompt) -> str:
    """What the components answering ``prompt`` carry (``bot.ids.pin``)."""
    return ids.pin(prompt.question, info.version)


def player_seat(info: GameInfo, user_id: int, seat: int | None = None) -> int:
    """The seat ``user_id`` plays in ``info``; refused for outsiders or another ``seat``."""
    my_seat = info.seat_of(user_id)
    if my_seat is None:
        raise Refusal("not_a_player", id=info.id)
    if seat is not None and seat != my_seat:
        raise Refusal("wrong_seat", name=seat_name(info, seat))
    return my_seat


def seat_name(info: GameInfo, seat: int) -> str:
    """The name of ``seat`` in ``info``; refused when the game has no such seat (a forged or
    foreign component), rather than naming nobody."""
    name = seat_names(info.seats).get(seat)
    if name is None:
        raise Refusal("no_such_seat", id=info.id)
    return name


def check_reach(interaction: discord.Interaction[Any], info: GameInfo) -> None:
    """Refuse a game used from where it does not belong.

    Game ids are sequential and custom ids can be forged, so a number proves nothing: in a
    server only that server's games may be read or changed (the game remembers its guild);
    in DMs, where there is no server, only the games the user is seated in.
    """
    if interaction.guild_id is not None:
        if info.guild_id != interaction.guild_id:
            raise Refusal("other_server", id=info.id)
    elif info.seat_of(interaction.user.id) is None:
        raise Refusal("not_your_game", id=info.id)


async def reachable(
    service: GameService, interaction: discord.Interaction[Any], game_id: int
) -> GameInfo:
    """The game ``game_id`` names, if it may be used from where ``interaction`` comes."""
    if not ids.in_range(game_id):
        raise Refusal("bad_component")
    info = await service.get(game_id)
    check_reach(interaction, info)
    return info


async def maybe_info(service: GameService, game_id: int) -> GameInfo | None:
    """The game, when it can be read (for the words of a refusal)."""
    if not ids.in_range(game_id):
        return None  # a forged number the database could not even hold
    try:
        return await service.get(game_id)
    except (ServiceError, DatabaseBusy):
        return None


async def asked_prompt(
    service: GameService,
    interaction: discord.Interaction[Any],
    game_id: int,
    version: int | str,
    seat: int,
) -> tuple[GameInfo, Prompt]:
    """The game and the seat's open prompt, if the component (carrying ``version``) still
    asks it and the clicker holds the seat; else a refusal saying why (``Refusal``,
    ``ServiceError``)."""
    info = await reachable(service, interaction, game_id)
    player_seat(info, interaction.user.id, seat)
    if isinstance(version, int) and version != info.version:
        raise Refusal("stale")
    prompt = own_prompt(await service.prompts(game_id), seat)
    if prompt is None:
        raise Refusal("stale")  # its question is over, none is open
    if str(version) != pin_of(info, prompt):
        raise Refusal("stale")
    return info, prompt
