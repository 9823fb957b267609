"""/game log: a game's moves in words (ephemeral, paged, public information only), the last
N turns, and the download (the transcript always; the action log only once it is over)."""

from __future__ import annotations

import json
from typing import Any

import pytest
import simcord

from bot.client import CivBot
from bot.cogs import game_log
from bot.cogs.game_log import MAX_PAGES, entries, pages, transcript_text
from bot.i18n import has, t
from engines.__main__ import replay_log
from engines.core.contract import Event
from engines.core.playout import playout
from engines.core.rng import Rng
from engines.registry import engine_names, get_engine
from games.models import GameInfo, SeatInfo
from games.storage.base import ActionRecord
from games.transcript import replay
from tests.bot.bot_harness import World
from tests.bot.bot_helpers import replies

DUEL = 1  # the game id of the first game opened in a test


async def started(world: World, language: str | None = None) -> simcord.ChannelHandle:
    options = {"language": language} if language else {}
    await world.alice.slash(world.channel, "game new", game="duel", **options)
    thread = world.channel.threads[-1]
    await world.bob.click(thread.history()[0], custom_id="cb:l:1:join")
    await world.alice.click(thread.history()[0], custom_id="cb:l:1:start")
    return thread


def bot(world: World) -> CivBot:
    running = world.env.bot
    assert isinstance(running, CivBot)
    return running


async def play(world: World, thread: simcord.ChannelHandle, answers: int) -> None:
    """``answers`` answers typed with /play by whoever is asked (its first option)."""
    players = [world.alice, world.bob]
    for _ in range(answers):
        prompt = (await bot(world).service.prompts(DUEL))[0]
        result = await players[prompt.seat].slash(thread, "play", option=prompt.options[0].id)
        assert replies(result)[-1].content.startswith("✅"), replies(result)[-1].content


async def finish(world: World) -> None:
    """Play the game to its end through the service (what is told meanwhile is not the
    point here)."""
    service = bot(world).service
    users = [world.alice.user.id, world.bob.user.id]
    while prompts := await service.prompts(DUEL):
        await service.answer(DUEL, users[prompts[0].seat], prompts[0].options[0].id)


async def log(member: Any, where: simcord.ChannelHandle, **params: Any) -> list[Any]:
    result = await member.slash(where, "game log", **params)
    out = replies(result)
    assert out and all(r.ephemeral for r in out), [(r.content, r.ephemeral) for r in out]
    return out


async def test_log_tells_the_moves_in_the_thread(world: World) -> None:
    thread = await started(world)
    empty = await log(world.carol, thread)  # anyone may read it: public information
    assert "has no moves yet" in empty[-1].content
    await play(world, thread, 8)  # the wonder draft
    before = len(thread.history())
    shown = await log(world.carol, thread)
    text = "\n".join(r.content for r in shown)
    assert len(thread.history()) == before  # ephemeral: the thread is not flooded
    assert text.startswith("📜 **7 Wonders Duel #1** (In progress) — turns 1–")
    assert {"**1.** alice", "**1.** bob"} & set(text.splitlines())  # who drafted first
    assert {"**2.** alice", "**2.** bob"} & set(text.splitlines())
    assert text.count(" takes ") == 8  # every wonder taken, in the thread's words
    assert "Earlier turns" not in text
    assert all(len(r.content) <= 2000 and not r.attachments for r in shown)


async def test_log_last_shows_the_latest_turns(world: World) -> None:
    thread = await started(world)
    await play(world, thread, 14)
    info, actions = await _record(bot(world).service)
    total = len(entries(replay(get_engine("duel"), info, actions)))
    shown = await log(world.alice, thread, last=5)
    text = "\n".join(r.content for r in shown)
    assert f"turns {total - 4}–{total} of {total}" in text
    assert text.count("\n**") == 5 and f"**{total}.**" in text
    assert f"**{total - 5}.**" not in text
    assert "Earlier turns: a larger `last`" in text


async def _record(service: Any) -> tuple[GameInfo, list[ActionRecord]]:
    info = await service.get(DUEL)
    return info, await service.store.actions(DUEL)


async def test_log_by_game_id_outside_the_thread(world: World) -> None:
    thread = await started(world)
    await play(world, thread, 2)
    nowhere = await log(world.alice, world.channel)
    assert "There is no game in this thread" in nowhere[-1].content
    by_id = await log(world.alice, world.channel, game_id=DUEL)
    assert "takes" in by_id[0].content
    missing = await log(world.alice, world.channel, game_id=99)
    assert "99" in missing[-1].content


async def test_a_lobby_has_no_log(world: World) -> None:
    await world.alice.slash(world.channel, "game new", game="duel")
    thread = world.channel.threads[-1]
    shown = await log(world.alice, thread)
    assert "has not started yet" in shown[-1].content


async def test_download_of_a_running_game_keeps_its_action_log(world: World) -> None:
    thread = await started(world)
    await play(world, thread, 6)
    shown = await log(world.bob, thread, download=True)
    message = shown[-1]
    assert [a.filename for a in message.attachments] == ["duel-1.txt"]
    assert "comes once the game is over" in message.content
    text = (await message.attachments[0].read()).decode("utf-8")
    assert text.startswith("7 Wonders Duel — game #1\nPlayers: alice, bob\n")
    assert "Options: Wonders: draft" in text and "Language: English" in text
    assert "Status: In progress" in text and "Moves: 6" in text
    assert "Wonders on offer" in text and "\n[1] " in text and "**" not in text
    assert "seed" not in text.casefold()


async def test_download_once_over_attaches_the_action_log_that_replays(world: World) -> None:
    thread = await started(world)
    await play(world, thread, 4)
    await finish(world)
    service = bot(world).service
    info = await service.get(DUEL)
    assert info.status == "finished"
    shown = await log(world.alice, thread, download=True)
    message = shown[-1]
    names = [a.filename for a in message.attachments]
    assert names == ["duel-1.txt", "duel-1.json"]
    assert "python -m engines replay duel-1.json" in message.content
    text = (await message.attachments[0].read()).decode("utf-8")
    assert "Status: Finished" in text and "is over" in text and "Winner" in text
    data = json.loads(await message.attachments[1].read())
    assert data["seed"] == info.seed and len(data["answers"]) == info.version
    assert [p["name"] for p in data["players"]] == ["alice", "bob"]
    assert data["answers"][0]["player"] in ("alice", "bob")
    replayed = replay_log(data)
    snapshot = await service.store.latest_snapshot(DUEL)
    assert snapshot is not None
    assert json.loads(get_engine("duel").dump(replayed.state)) == json.loads(snapshot.state_json)
    assert data["result"]["winners"]
    shown = await log(world.alice, thread)
    assert "(Finished)" in shown[0].content and "Winner" in shown[-1].content


async def test_download_of_an_abandoned_game_attaches_its_log(world: World) -> None:
    thread = await started(world)
    await play(world, thread, 3)
    await world.alice.slash(thread, "game abandon")
    shown = await log(world.bob, thread, download=True)
    assert [a.filename for a in shown[-1].attachments] == ["duel-1.txt", "duel-1.json"]
    data = json.loads(await shown[-1].attachments[1].read())
    assert data["status"] == "abandoned" and "result" not in data
    assert replay_log(data).applied == 3


async def test_log_speaks_the_games_language(world: World) -> None:
    thread = await started(world, language="zh-TW")
    await play(world, thread, 6)
    shown = await log(world.alice, thread, last=2)
    assert shown[0].content.startswith("📜 **七大奇蹟：對決 #1**")
    assert "（進行中）— 第 " in shown[0].content and "更早的回合" in shown[-1].content
    download = await log(world.alice, thread, download=True)
    assert "遊戲結束才提供" in download[-1].content
    text = (await download[-1].attachments[0].read()).decode("utf-8")
    assert "玩家：alice, bob" in text and "語言：繁體中文" in text


# -- the words, without Discord -------------------------------------------------------------
GAMES = [("duel", 2), ("seven_wonders", 3), ("innovation", 3), ("tta", 3)]


def random_game(game: str, players: int, seed: int) -> tuple[GameInfo, list[ActionRecord]]:
    played = playout(get_engine(game), players, seed, Rng.from_seed(seed))
    names = ["alice", "bob", "carol"]
    info = GameInfo(
        id=4,
        game=game,
        status="finished",
        guild_id=1,
        channel_id=2,
        creator_id=10,
        language="en",
        seed=seed,
        version=len(played.answers),
        seats=[SeatInfo(seat=i, user_id=10 + i, name=names[i]) for i in range(players)],
        created_at=0.0,
        updated_at=0.0,
    )
    actions = [
        ActionRecord(i + 1, seat, 10 + seat, choice, 0.0)
        for i, (seat, choice) in enumerate(played.answers)
    ]
    return info, actions


@pytest.mark.parametrize(("game", "players"), GAMES, ids=[g for g, _ in GAMES])
def test_no_private_event_is_ever_worded(
    game: str, players: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Whole random games worded for the chat and the file: every event handed to the
    wording is public and final, and every page fits in a Discord message."""
    worded: list[Event] = []
    real = game_log.event_text

    def spy(game_name: str, lang: str, event: Event, names: dict[int, str]) -> str:
        assert event.visible_to is None and not event.provisional, event
        worded.append(event)
        return real(game_name, lang, event, names)

    monkeypatch.setattr(game_log, "event_text", spy)
    engine = get_engine(game)
    info, actions = random_game(game, players, 3)
    transcript = replay(engine, info, actions)
    chat = pages(transcript, 200)
    assert 1 <= len(chat) <= MAX_PAGES and all(len(p) <= 2000 for p in chat)
    text = transcript_text(transcript, engine)
    assert worded and f"game #{info.id}" in text.splitlines()[0]
    # what the engine told some seats only never reaches the file
    state = engine.new_game(players, info.seed, None)
    private: set[str] = set()
    public: set[str] = set()
    names = {s.seat: s.name for s in info.seats}
    for action in actions:
        for event in engine.apply(state, action.seat, action.choice):
            line = real(game, "en", event, names)
            (public if event.visible_to is None else private).add(line)
    leaks = [line for line in private - public if line and line in text.splitlines()]
    assert leaks == []


def test_paging_drops_older_turns_until_it_fits() -> None:
    info, actions = random_game("tta", 3, 5)
    transcript = replay(get_engine("tta"), info, actions)
    chat = pages(transcript, 200)
    assert len(chat) <= MAX_PAGES and "Earlier turns" in chat[-1]
    everything = entries(transcript)
    assert f"of {len(everything)}" in chat[0] and f"**{len(everything)}.**" in "\n".join(chat)


async def test_help_tells_of_the_log(world: World) -> None:
    result = await world.alice.slash(world.channel, "help")
    body = replies(result)[-1].embeds[0].description or ""
    assert "**/game log**" in body and "`download:True` attaches" in body
    for lang, words in (("zh-TW", "`下載:True`"), ("zh-CN", "`下载:True`")):
        paragraphs = [t(lang, "help.body")]
        paragraphs += [t(lang, f"{g}.help") for g in engine_names() if has(lang, f"{g}.help")]
        assert "**/game log**" in paragraphs[0] and words in paragraphs[0]
        assert len("\n".join(paragraphs)) <= 4096  # an embed's description
