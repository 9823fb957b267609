"""Plays simultaneous games (7 Wonders) through the bot: each seat answers from its own DMs,
or from the ephemeral "Show my hand / act" path when its DMs are closed."""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field
from typing import Any

import simcord

from bot import ids
from bot.client import CivBot
from tests.bot.bot_helpers import accepted, answer_controls, components

PINNED = re.compile(r"cb:[os]:(?P<game>\d+):(?P<pin>t[0-9a-z]+):(?P<seat>\d+):")


def replies(result: Any) -> list[Any]:
    """Every message an interaction was answered with, the panel it edited included."""
    return [r for r in [result.response, *result.followups] if r is not None]


def pinned(message: Any, seat: int) -> str | None:
    """The pin of the question ``message``'s components answer for ``seat`` (None: none)."""
    for control in answer_controls(message):
        m = PINNED.match(control["custom_id"])
        if m and int(m["seat"]) == seat:
            return m["pin"]
    return None


async def open_game(
    world_channel: simcord.ChannelHandle,
    players: list[simcord.MemberActor],
    game: str,
    options: list[str] | None = None,
) -> simcord.ChannelHandle:
    """Creator opens ``game``, the others join, options are set, the creator starts."""
    creator = players[0]
    await creator.slash(world_channel, "game new", game=game)
    thread = world_channel.threads[-1]
    for member in players[1:]:
        result = await member.click(thread.history()[0], label="Join")
        assert result.acknowledged
    for value in options or []:
        await creator.select(thread.history()[0], [value])
    await creator.click(thread.history()[0], label="Start")
    return thread


@dataclass
class SimultaneousDriver:
    bots: list[CivBot]  # the factory's list: the newest is the running bot
    thread: simcord.ChannelHandle
    players: list[simcord.MemberActor]  # by seat
    game_id: int = 1
    rng: random.Random = field(default_factory=lambda: random.Random(7))
    closed: set[int] = field(default_factory=set)  # seats whose DMs are closed
    answers: int = 0
    changes: int = 0
    payments: int = 0
    via_ephemeral: int = 0
    via_play: int = 0
    play_every: int = 0  # every n-th answer is typed with /play in the thread (0: never)

    @property
    def bot(self) -> CivBot:
        return self.bots[-1]

    async def waiting(self) -> list[int]:
        """Seats that must still choose (the service's view; never shown to players)."""
        prompts = await self.bot.service.prompts(self.game_id)
        return [p.seat for p in prompts if p.blocking]

    def dm_prompt(self, seat: int) -> Any | None:
        """The newest DM from the bot to ``seat`` carrying answer components."""
        channel = self.players[seat].user.dm_channel
        for message in reversed(channel.history()):
            if answer_controls(message):
                return message
        return None

    async def current_pin(self, seat: int) -> str:
        info = await self.bot.service.get(self.game_id)
        prompt = next(p for p in await self.bot.service.prompts(self.game_id) if p.seat == seat)
        return ids.pin(prompt.question, info.version)

    async def pinned_prompt(self, seat: int) -> tuple[Any, Any] | None:
        """(message, clicker) of the newest message, in the seat's DMs or the thread, whose
        components answer the seat's current question."""
        wanted = await self.current_pin(seat)
        member = self.players[seat]
        found: list[tuple[int, Any, Any]] = []
        for channel, clicker in ((member.user.dm_channel, member.user), (self.thread, member)):
            for message in channel.history():
                for control in answer_controls(message):
                    m = PINNED.match(control["custom_id"])
                    if m and int(m["seat"]) == seat and m["pin"] == wanted:
                        found.append((message.id, message, clicker))
                        break
        if not found:
            return None
        _, message, clicker = max(found, key=lambda x: x[0])
        return message, clicker

    async def ephemeral_prompt(self, seat: int) -> Any:
        """Press "Show my hand / act" under the newest DM-closed note; the private reply."""
        member = self.players[seat]
        for message in reversed(self.thread.history()):
            if any(c.get("custom_id", "").startswith("cb:h:") for c in components(message)):
                assert member.mention in message.content
                shown = await member.click(message, custom_id=f"cb:h:{self.game_id}")
                private = replies(shown)[-1]
                assert private.ephemeral
                self.via_ephemeral += 1
                return private
        raise AssertionError(f"no DM-closed note for seat {seat}")

    async def choose(self, seat: int) -> Any:
        """Seat answers its open question with a random option (and pays if asked)."""
        if self.play_every and (self.answers + 1) % self.play_every == 0:
            member = self.players[seat]
            choices = await member.autocomplete(self.thread, "play", "option", "")
            assert choices, "autocomplete offered nothing to a seat that must choose"
            choice = self.rng.choice(choices)
            result = await member.slash(self.thread, "play", option=choice["value"])
            self.via_play += 1
            return await self.after(seat, result)
        found = await self.pinned_prompt(seat)
        if found is None and seat in self.closed:
            message: Any = await self.ephemeral_prompt(seat)
            clicker: Any = self.players[seat]
        else:
            assert found is not None, f"seat {seat} was not asked its question anywhere"
            message, clicker = found
        result = await self.press(clicker, message, seat, ephemeral=seat in self.closed)
        return await self.after(seat, result)

    async def after(self, seat: int, result: Any) -> Any:
        """Answer the follow-up question of an answer (a payment: on the seat's panel,
        edited through the click, or on the ephemeral panel), then count it."""
        for _ in range(3):
            assert accepted(result), [r.content for r in replies(result)]
            prompts = await self.bot.service.prompts(self.game_id)
            follow = next((p for p in prompts if p.seat == seat and p.blocking), None)
            if follow is None or follow.kind != "payment":
                break
            self.payments += 1
            wanted = await self.current_pin(seat)
            shown = [r for r in replies(result) if pinned(r, seat) == wanted]
            if shown:  # the panel the click edited (an ephemeral one, DMs closed)
                message, clicker = shown[-1], self.players[seat].user
                if message.ephemeral or message.channel_id == self.thread.id:
                    clicker = self.players[seat]
            else:
                found = await self.pinned_prompt(seat)
                assert found is not None, f"seat {seat} was not asked how to pay"
                message, clicker = found
            result = await self.press(clicker, message, seat, ephemeral=True, avoid_back=True)
        self.answers += 1
        return result

    async def press(
        self, clicker: Any, message: Any, seat: int, *, ephemeral: bool, avoid_back: bool = False
    ) -> Any:
        controls = answer_controls(message)
        assert controls
        for control in controls:
            m = PINNED.match(control["custom_id"])
            assert m and int(m["seat"]) == seat, control["custom_id"]
        if avoid_back:
            # a payment is paid: neither "back" nor "undo" (which takes the choice back)
            controls = [c for c in controls
                        if c.get("custom_id", "").split(":", 5)[5] not in ("=back", "=undo")]
        control = self.rng.choice(controls)
        if control["type"] == 2:
            return await clicker.click(message, custom_id=control["custom_id"])
        options = control["options"]
        if avoid_back:
            options = [o for o in options if o["value"] not in ("=back", "=undo")] or options
        value = self.rng.choice(options)["value"]
        return await clicker.select(message, [value], custom_id=control["custom_id"])

    async def step(self) -> bool:
        """One answer by a random waiting seat (turn-based games); False once over."""
        seats = await self.waiting()
        if not seats:
            return False
        await self.choose(self.rng.choice(seats))
        return True

    async def play_round(self, change_every: int = 5) -> bool:
        """Every waiting seat chooses (some twice: a changed mind); False once over."""
        seats = await self.waiting()
        if not seats:
            return False
        self.rng.shuffle(seats)
        for i, seat in enumerate(seats):
            if seat not in await self.waiting():
                continue  # a turn of its own resolved meanwhile (a 7th card, a revival)
            await self.choose(seat)
            asked = {p.seat for p in await self.bot.service.prompts(self.game_id)}
            if i < len(seats) - 1 and self.answers % change_every == 0 and seat in asked:
                await self.choose(seat)  # changes its mind before the last player chose
                self.changes += 1
        return True

    async def play(self, limit: int = 80, after_round: Any = None) -> int:
        rounds = 0
        while await self.play_round():
            rounds += 1
            if after_round is not None:
                await after_round()
            assert rounds < limit, "the game did not end"
        return rounds
