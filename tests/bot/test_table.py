"""One table for every game, played whole through the bot and counted as a phone receives it.

Each game is played from its lobby to its final scores by the sandbox's automatic players
(``Sandbox.auto`` on SimCord, the real discord.py stack) and counted exactly as
``benchmarks/table_traffic.py`` counts it; every target of the table model holds (pictures
left in the thread, board updates, image bytes, thread messages, new DMs a player). After
every move the table is checked as a player would find it: the live board is the newest
message of the thread and shows the current stretch (its picture, its text as stored), and
no seat has more than one message it can answer from. A restart mid-game goes on with the
same board and panels.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from benchmarks import table_traffic as traffic
from bot.delivery.table import BOARD_NOTE, Board, table_key
from tests.bot.bot_harness import Factory, World
from tests.bot.test_delivery_invariant import GAME_ID, new_table

#: (game, players): every game at its smallest and largest table
FAST = [("duel", 2), ("seven_wonders", 3)]
SLOW = [("innovation", 2), ("seven_wonders", 7), ("innovation", 4), ("tta", 2), ("tta", 4)]


class TableWatch:
    """Checks the thread and the DMs after each move (``Sandbox.auto``'s ``after``)."""

    def __init__(self) -> None:
        self.checked = 0
        self.panels_seen = 0  # live panels found (the check must find what it counts)

    async def __call__(self, env: Any, game_id: int) -> None:
        service = env.bot.service
        info = await service.get(game_id)
        if info.status != "active":
            return
        board = Board.load(await service.get_note(game_id, BOARD_NOTE))
        assert board is not None, "an active game without a live board"
        view = await service.view(game_id, None)
        assert board.key == table_key(view), "the board shows another stretch than the table's"
        backend = env.backend
        bot_id = backend.bot_user.id
        thread = [
            m
            for m in backend.messages[info.thread_id].values()
            if m.author_id == bot_id and not m.is_ephemeral and m.system_metadata is None
        ]
        newest = max(thread, key=lambda m: m.id)
        assert newest.id == board.message, "the live board is not the newest message"
        assert newest.content == board.text
        assert len(newest.attachments) == 1, "the live board shows the position's picture"
        for seat in info.seats:
            channel = backend.dm_channels.get(seat.user_id)
            if channel is None:
                continue
            live = [
                m
                for m in backend.messages.get(channel, {}).values()
                if any(c.get("custom_id", "").startswith("cb:") for c in _controls(m))
            ]
            assert len(live) <= 1, f"seat {seat.seat} can answer from {len(live)} messages"
            self.panels_seen += len(live)
        self.checked += 1


def _controls(message: Any) -> list[dict[str, Any]]:
    return [c for row in message.components or [] for c in row.get("components", [])]


async def _play(game: str, players: int, tmp_path: Path) -> None:
    watch = TableWatch()
    figures = await traffic.play(game, players, 1, [], tmp_path, after=watch)
    assert figures.finished
    assert watch.checked > 0 and watch.panels_seen >= watch.checked
    over = {name: pair for name, pair in figures.targets().items() if pair[0] > pair[1]}
    assert not over, f"{game} {players}p over its targets (value, target): {over}"
    # The final board carries the result and keeps its picture (a milestone).
    assert figures.thread_images_left >= 1


@pytest.mark.parametrize(("game", "players"), FAST)
async def test_a_whole_game_keeps_one_table(game: str, players: int, tmp_path: Path) -> None:
    await _play(game, players, tmp_path)


@pytest.mark.slow
@pytest.mark.parametrize(("game", "players"), SLOW)
async def test_a_whole_game_keeps_one_table_at_every_size(
    game: str, players: int, tmp_path: Path
) -> None:
    await _play(game, players, tmp_path)



def _live(messages: list[Any]) -> list[Any]:
    """The messages a player can still answer from."""
    return [m for m in messages if any(c.get("custom_id", "").startswith("cb:")
                                       for c in _controls(m))]


@pytest.mark.parametrize(("game", "count"), [("duel", 2), ("seven_wonders", 3), ("innovation", 2)])
async def test_a_restart_mid_game_keeps_one_board_and_one_panel_a_seat(
    world: World, bot_factory: Factory, game: str, count: int
) -> None:
    """The board and the panels are where the notes say: a new process edits them, it
    posts neither a second board nor a second panel."""
    table = await new_table(world, bot_factory, game, count, seed=3)
    await table.play(steps=7)
    service = table.bot.service
    board = Board.load(await service.get_note(GAME_ID, BOARD_NOTE))
    assert board is not None
    places = table.places()
    counts = [len(table.stored(place)) for place in places]
    await world.env.restart_bot(bot_factory())
    await table.bot.redelivery
    assert [len(table.stored(place)) for place in places] == counts  # nothing sent again
    after = Board.load(await table.bot.service.get_note(GAME_ID, BOARD_NOTE))
    assert after is not None and after.message == board.message
    for _ in range(6):
        if not await table.step():
            break
        board = Board.load(await table.bot.service.get_note(GAME_ID, BOARD_NOTE))
        assert board is not None
        assert table.stored(table.thread)[0].id == board.message  # the board is the newest
        assert not _live(table.stored(table.thread))  # nothing is answered in the thread
        for channel in places[1:]:
            assert len(_live(table.stored(channel))) <= 1
