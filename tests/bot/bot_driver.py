"""Plays a game through the bot's own messages: find the open question (on its seat's DM
panel), press what it offers, or now and then type it with ``/play`` in the thread."""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field
from typing import Any

import simcord

from tests.bot.bot_helpers import accepted, answer_controls

SEAT_OF = re.compile(r"cb:[os]:(?P<game>\d+):(?P<version>\d+|t[0-9a-z]+):(?P<seat>\d+):")


@dataclass
class Driver:
    env: simcord.Env
    thread: simcord.ChannelHandle
    players: list[simcord.MemberActor]  # by seat
    rng: random.Random = field(default_factory=lambda: random.Random(7))
    play_every: int = 4  # every n-th move uses /play instead of a component
    moves: int = 0
    via_play: int = 0
    via_button: int = 0
    via_select: int = 0

    def open_prompt(self) -> tuple[Any, str, int, bool] | None:
        """(message, pin, seat, in_dm) of the newest message offering answers."""
        best: tuple[Any, str, int, bool] | None = None
        sources: list[tuple[list[Any], bool]] = [(self.thread.history(), False)]
        sources += [(p.user.dm_channel.history(), True) for p in self.players]
        for history, in_dm in sources:
            for message in history:
                for control in answer_controls(message):
                    m = SEAT_OF.match(control["custom_id"])
                    if m and (best is None or message.id > best[0].id):
                        best = (message, m["version"], int(m["seat"]), in_dm)
        return best

    async def step(self) -> bool:
        """Make one move; False when no prompt is open (the game is over)."""
        found = self.open_prompt()
        if found is None:
            return False
        message, _pin, seat, in_dm = found
        actor = self.players[seat]
        self.moves += 1
        if self.moves % self.play_every == 0:
            choices = await actor.autocomplete(self.thread, "play", "option", "")
            assert choices, "autocomplete offered nothing on the player's turn"
            choice = self.rng.choice(choices)
            result = await actor.slash(self.thread, "play", option=choice["value"])
            self.via_play += 1
        else:
            controls = answer_controls(message)
            control = self.rng.choice(controls)
            clicker: Any = actor.user if in_dm else actor
            if control["type"] == 2:
                result = await clicker.click(message, custom_id=control["custom_id"])
                self.via_button += 1
            else:
                value = self.rng.choice(control["options"])["value"]
                result = await clicker.select(message, [value], custom_id=control["custom_id"])
                self.via_select += 1
        replies = [r for r in [result.response, *result.followups] if r is not None]
        assert accepted(result), replies
        return True

    async def play(self, limit: int = 400) -> int:
        for _ in range(limit):
            if not await self.step():
                return self.moves
        raise AssertionError("the game did not end")
