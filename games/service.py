"""The game service: a game's whole life, from lobby to result, over a :class:`Store`.

The bot calls only this. Every refusal is a :class:`ServiceError` with a stable key (listed in
``games/README.md``) raised before anything is written; an engine's ``IllegalAnswer`` passes
through unchanged. An accepted answer is committed (action, snapshot, version, interaction id
in one transaction) before :meth:`GameService.answer` returns, so a player is never told
"accepted" about a move that a crash could lose.

Concurrency: a per-game ``asyncio.Lock`` orders this process's requests; the store's
conditional writes (``UPDATE games ... WHERE version = ?``) settle races with other processes.
A writer that loses such a race retries on the fresh state after a short randomized backoff
(so several processes answering one simultaneous turn do not collide again in lockstep).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import random
import secrets
import time
from collections import OrderedDict
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

from pydantic import BaseModel

from engines.core.contract import Engine, GameResult, Prompt
from games.models import (
    GameFailure,
    GameInfo,
    GameStatus,
    Outcome,
    PlayerSettings,
    ServiceError,
    describe_error,
)
from games.storage.base import Conflict, NewGame, Store

log = logging.getLogger(__name__)

SUPPORTED_LANGUAGES = ("en", "zh-TW", "zh-CN")
MAX_NAME_LENGTH = 100
#: Attempts at an answer whose expected version was not given, when other writers keep winning.
MAX_ANSWER_ATTEMPTS = 8
#: Backoff after the n-th lost race: up to ``RETRY_BASE_SECONDS * 2**n``, at most
#: ``RETRY_MAX_SECONDS``, randomized (all attempts together wait at most about half a second).
RETRY_BASE_SECONDS = 0.005
RETRY_MAX_SECONDS = 0.2
#: Parsed states kept in memory (the latest version of each of the most recent games).
STATE_CACHE_SIZE = 512

EngineLookup = Callable[[str], Engine[Any]]

#: The turn deadline, a lobby option the service adds (never passed to the engine) for every
#: engine that can choose for a late seat (one that overrides ``Engine.timeout_option``).
DEADLINE_OPTION = "deadline"
DEADLINES: dict[str, float | None] = {
    "none": None,
    "1h": 3600.0,
    "6h": 6 * 3600.0,
    "12h": 12 * 3600.0,
    "24h": 24 * 3600.0,
    "48h": 48 * 3600.0,
}


#: The deadline of questions put to a seat whose turn it is not (``Prompt.reaction``: an
#: auction bid, an event's choice), used for them instead of ``deadline``: offered for the
#: engines that ask such questions (``Engine.has_reactions``) and can choose for a late seat.
REACTION_DEADLINE_OPTION = "reaction_deadline"
REACTION_DEADLINES: dict[str, float | None] = {
    key: DEADLINES[key] for key in ("none", "1h", "6h", "12h", "24h")
}


def has_timeout(engine: Engine[Any]) -> bool:
    """Whether the engine names a default choice for a seat whose deadline passed."""
    return type(engine).timeout_option is not Engine.timeout_option


def lobby_options(engine: Engine[Any]) -> dict[str, tuple[tuple[str, ...], str]]:
    """The options a lobby offers: the engine's, plus the turn deadline (and the reaction
    deadline, for engines that ask other seats mid-turn) where they apply."""
    options = dict(engine.game_options)
    if has_timeout(engine):
        options[DEADLINE_OPTION] = (tuple(DEADLINES), "none")
        if engine.has_reactions:
            options[REACTION_DEADLINE_OPTION] = (tuple(REACTION_DEADLINES), "none")
    return options


def engine_options(engine: Engine[Any], options: dict[str, str]) -> dict[str, str]:
    """The part of a game's options its engine knows (what ``new_game``/replays receive)."""
    return {k: v for k, v in options.items() if k in engine.game_options}


def deadline_seconds(info: GameInfo, *, reaction: bool = False) -> float | None:
    """The game's deadline for a question (``reaction``: one put to a seat whose turn it is
    not, which has its own); None: no deadline."""
    if reaction:
        return REACTION_DEADLINES.get(info.options.get(REACTION_DEADLINE_OPTION, "none"))
    return DEADLINES.get(info.options.get(DEADLINE_OPTION, "none"))


def reminder_delay(info: GameInfo, delay: float, *, reaction: bool = False) -> float:
    """When a seat waited on is reminded: after ``delay``, or halfway to its deadline when
    that comes sooner, so a player always hears before the bot chooses for them."""
    deadline = deadline_seconds(info, reaction=reaction)
    return delay if deadline is None else min(delay, deadline / 2)


#: the earliest any reminder can be due: halfway to the shortest deadline
SHORTEST_REMINDER = min(v for v in (*DEADLINES.values(), *REACTION_DEADLINES.values())
                        if v is not None) / 2


def any_deadline(info: GameInfo) -> bool:
    """Whether some question of the game has a deadline."""
    return deadline_seconds(info) is not None or deadline_seconds(info, reaction=True) is not None


def retry_delay(attempt: int) -> float:
    """Seconds to wait before retry ``attempt`` (0-based) after a lost race: exponential,
    capped, and jittered between half and all of it so racing writers spread out."""
    ceiling = min(RETRY_MAX_SECONDS, RETRY_BASE_SECONDS * 2**attempt)
    return random.uniform(ceiling / 2, ceiling)


def registry_lookup(name: str) -> Engine[Any]:
    from engines.registry import get_engine

    return get_engine(name)


def _not_found(game_id: int) -> ServiceError:
    return ServiceError("game_not_found", f"There is no game #{game_id}.", game_id=game_id)


def _from_conflict(conflict: Conflict, game_id: int) -> ServiceError:
    """A race lost inside the store, worded as the refusal the service would have given."""
    match conflict.reason:
        case "not_found":
            return _not_found(game_id)
        case "already_joined":
            return ServiceError("already_joined", "You already have a seat in this game.")
        case "thread_taken":
            return ServiceError("thread_taken", "That thread already belongs to another game.")
        case "duplicate_interaction":
            return ServiceError("duplicate_interaction", "This click was already handled.")
        case "stale_version":
            return ServiceError(
                "stale_prompt", "That question is out of date; the game has moved on."
            )
        case "seat_taken" | "seat_count":
            return ServiceError(
                "lobby_changed", "The lobby changed at the same moment; please try again."
            )
        case _:
            return ServiceError(
                "not_in_lobby", f"Game #{game_id} is no longer in its lobby.", game_id=game_id
            )


class GameService:
    """Create, join, start and play games; the only holder of per-game locks."""

    def __init__(
        self,
        store: Store,
        *,
        clock: Callable[[], float] = time.time,
        engines: EngineLookup | None = None,
        sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
    ) -> None:
        self.store = store
        self._clock = clock
        self._engines = engines or registry_lookup
        self._sleep = sleep
        self._locks: dict[int, asyncio.Lock] = {}
        #: holders plus waiters of each lock in ``_locks``
        self._lock_users: dict[int, int] = {}
        self._states: OrderedDict[int, tuple[int, BaseModel]] = OrderedDict()
        #: games the periodic passes could not read, and why (each reported once)
        self._failed: dict[int, str] = {}
        self._new_failures: list[GameFailure] = []

    # -- helpers ----------------------------------------------------------------------
    @contextlib.asynccontextmanager
    async def _lock(self, game_id: int) -> AsyncIterator[None]:
        """Hold this process's lock of one game.

        A lock lives only while someone holds or waits for it, so the locks of ended games
        do not pile up. Users are counted before waiting (no ``await`` in between), so a lock
        is never dropped and replaced while a holder or a waiter still uses it.
        """
        lock = self._locks.get(game_id)
        if lock is None:
            lock = self._locks[game_id] = asyncio.Lock()
        self._lock_users[game_id] = self._lock_users.get(game_id, 0) + 1
        try:
            async with lock:
                yield
        finally:
            users = self._lock_users[game_id] - 1
            if users:
                self._lock_users[game_id] = users
            else:
                del self._lock_users[game_id]
                del self._locks[game_id]

    async def _backoff(self, attempt: int) -> None:
        await self._sleep(retry_delay(attempt))

    def engine(self, game: str) -> Engine[Any]:
        """The engine for a game name; ``unknown_game`` if there is none."""
        try:
            return self._engines(game)
        except KeyError:
            raise ServiceError(
                "unknown_game", f"There is no game called '{game}'.", game=game
            ) from None

    async def _info(self, game_id: int) -> GameInfo:
        info = await self.store.get_game(game_id)
        if info is None:
            raise _not_found(game_id)
        return info

    @staticmethod
    def _require_lobby(info: GameInfo) -> None:
        if info.status != "lobby":
            raise ServiceError(
                "not_in_lobby", f"Game #{info.id} has already started.", game_id=info.id
            )

    @staticmethod
    def _require_creator(info: GameInfo, user_id: int) -> None:
        if user_id != info.creator_id:
            raise ServiceError("not_creator", "Only the game's creator can do that.")

    @staticmethod
    def _require_active(info: GameInfo) -> None:
        if info.status == "lobby":
            raise ServiceError(
                "not_started", f"Game #{info.id} has not started yet.", game_id=info.id
            )
        if info.status == "finished":
            raise ServiceError("game_over", f"Game #{info.id} is over.", game_id=info.id)
        if info.status == "abandoned":
            raise ServiceError("game_abandoned", f"Game #{info.id} was abandoned.", game_id=info.id)

    def _checked_options(self, engine: Engine[Any], options: dict[str, str]) -> dict[str, str]:
        """Options validated against the engine's, with every default filled in."""
        offered = lobby_options(engine)
        full = {name: default for name, (_, default) in offered.items()}
        for name, value in options.items():
            if name not in offered:
                raise ServiceError(
                    "unknown_option",
                    f"{engine.name} has no option '{name}'.",
                    option=name,
                    known=", ".join(sorted(offered)),
                )
            allowed = offered[name][0]
            if value not in allowed:
                raise ServiceError(
                    "invalid_option_value",
                    f"'{value}' is not allowed for {name} (one of: {', '.join(allowed)}).",
                    option=name,
                    value=value,
                    allowed=", ".join(allowed),
                )
            full[name] = value
        return full

    @staticmethod
    def _clean_name(name: str) -> str:
        name = " ".join(name.split())[:MAX_NAME_LENGTH]
        if not name:
            raise ServiceError("invalid_name", "A player needs a name.")
        return name

    def _remember(self, game_id: int, version: int, state: BaseModel) -> None:
        self._states[game_id] = (version, state)
        self._states.move_to_end(game_id)
        while len(self._states) > STATE_CACHE_SIZE:
            self._states.popitem(last=False)

    async def _state(self, info: GameInfo) -> tuple[GameInfo, BaseModel]:
        """The state at ``info.version``, from the cache or the latest snapshot.

        If another process committed since ``info`` was read, the snapshot is newer: the game
        row is re-read so the pair returned is always consistent.
        """
        engine = self.engine(info.game)
        for attempt in range(MAX_ANSWER_ATTEMPTS):
            if attempt:  # another process committed between our two reads
                await self._backoff(attempt - 1)
            cached = self._states.get(info.id)
            if cached is not None and cached[0] == info.version:
                self._states.move_to_end(info.id)
                return info, cached[1]
            snap = await self.store.latest_snapshot(info.id)
            if snap is None:
                raise ServiceError("not_started", f"Game #{info.id} has not started yet.")
            if snap.version == info.version:
                state = engine.load(snap.state_json)
                self._remember(info.id, snap.version, state)
                return info, state
            info = await self._info(info.id)
        raise ServiceError("busy", "The game is changing too fast; please try again.")

    # -- lobby ------------------------------------------------------------------------
    async def create(
        self,
        game: str,
        guild_id: int | None,
        channel_id: int,
        creator_id: int,
        creator_name: str,
        language: str,
        options: dict[str, str] | None = None,
    ) -> GameInfo:
        """Open a lobby; the creator takes seat 0. The seed is drawn now and never changes."""
        engine = self.engine(game)
        full = self._checked_options(engine, options or {})
        if language not in SUPPORTED_LANGUAGES:
            raise ServiceError(
                "unsupported_language",
                f"Language '{language}' is not supported.",
                language=language,
                supported=", ".join(SUPPORTED_LANGUAGES),
            )
        game_id = await self.store.create_game(
            NewGame(
                game=engine.name,
                guild_id=guild_id,
                channel_id=channel_id,
                creator_id=creator_id,
                creator_name=self._clean_name(creator_name),
                language=language,
                options_json=json.dumps(full, sort_keys=True),
                seed=secrets.randbits(63),
                now=self._clock(),
            )
        )
        return await self._info(game_id)

    async def set_thread(
        self, game_id: int, thread_id: int | None, lobby_message_id: int | None
    ) -> GameInfo:
        """Remember the game's thread and lobby message (so buttons and threads find it)."""
        async with self._lock(game_id):
            try:
                await self.store.set_thread(game_id, thread_id, lobby_message_id, self._clock())
            except Conflict as c:
                raise _from_conflict(c, game_id) from None
            return await self._info(game_id)

    async def join(self, game_id: int, user_id: int, name: str) -> GameInfo:
        async with self._lock(game_id):
            for attempt in range(MAX_ANSWER_ATTEMPTS):
                info = await self._info(game_id)
                self._require_lobby(info)
                if info.seat_of(user_id) is not None:
                    raise ServiceError("already_joined", "You already have a seat in this game.")
                engine = self.engine(info.game)
                if len(info.seats) >= engine.max_players:
                    raise ServiceError(
                        "game_full",
                        f"Game #{game_id} is full ({engine.max_players} players).",
                        max_players=engine.max_players,
                    )
                try:
                    await self.store.add_seat(
                        game_id, len(info.seats), user_id, self._clean_name(name), self._clock()
                    )
                except Conflict as c:
                    if c.reason == "seat_taken":  # another process seated someone: re-read
                        await self._backoff(attempt)
                        continue
                    raise _from_conflict(c, game_id) from None
                return await self._info(game_id)
            raise ServiceError("busy", "The lobby is changing too fast; please try again.")

    async def leave(self, game_id: int, user_id: int) -> GameInfo:
        """Give up a lobby seat; later seats move up. The creator abandons instead."""
        async with self._lock(game_id):
            info = await self._info(game_id)
            self._require_lobby(info)
            if info.seat_of(user_id) is None:
                raise ServiceError("not_a_player", "You are not playing in this game.")
            if user_id == info.creator_id:
                raise ServiceError(
                    "creator_cannot_leave", "The creator cannot leave; abandon the game instead."
                )
            try:
                await self.store.remove_seat(game_id, user_id, self._clock())
            except Conflict as c:
                raise _from_conflict(c, game_id) from None
            return await self._info(game_id)

    async def set_option(self, game_id: int, user_id: int, name: str, value: str) -> GameInfo:
        async with self._lock(game_id):
            info = await self._info(game_id)
            self._require_creator(info, user_id)
            self._require_lobby(info)
            options = self._checked_options(self.engine(info.game), {**info.options, name: value})
            try:
                await self.store.set_options(
                    game_id, json.dumps(options, sort_keys=True), self._clock()
                )
            except Conflict as c:
                raise _from_conflict(c, game_id) from None
            return await self._info(game_id)

    async def start(self, game_id: int, user_id: int) -> Outcome:
        """Deal the game from its seed for the seated players (creator only)."""
        async with self._lock(game_id):
            info = await self._info(game_id)
            self._require_creator(info, user_id)
            self._require_lobby(info)
            engine = self.engine(info.game)
            players = len(info.seats)
            if players < engine.min_players:
                raise ServiceError(
                    "not_enough_players",
                    f"{engine.name} needs at least {engine.min_players} players.",
                    min_players=engine.min_players,
                    players=players,
                )
            if players > engine.max_players:
                raise ServiceError(
                    "too_many_players",
                    f"{engine.name} takes at most {engine.max_players} players.",
                    max_players=engine.max_players,
                    players=players,
                )
            state = engine.new_game(players, info.seed, engine_options(engine, info.options))
            try:
                await self.store.start_game(game_id, players, engine.dump(state), self._clock())
            except Conflict as c:
                raise _from_conflict(c, game_id) from None
            self._remember(game_id, 0, state)
            info = await self._info(game_id)
            return Outcome(info=info, prompts=engine.prompts(state), result=engine.result(state))

    async def abandon(self, game_id: int, user_id: int, *, can_manage: bool) -> GameInfo:
        """End a lobby or game without result (its creator, or a member who can manage the
        server)."""
        async with self._lock(game_id):
            info = await self._info(game_id)
            if user_id != info.creator_id and not can_manage:
                raise ServiceError(
                    "not_creator", "Only the creator or a server manager can abandon a game."
                )
            if info.status in ("finished", "abandoned"):
                self._require_active(info)
            try:
                await self.store.set_status(
                    game_id, "abandoned", ("lobby", "active"), self._clock()
                )
            except Conflict as c:
                raise _from_conflict(c, game_id) from None
            self._states.pop(game_id, None)
            return await self._info(game_id)

    # -- play -------------------------------------------------------------------------
    async def answer(
        self,
        game_id: int,
        user_id: int,
        option_id: str,
        *,
        expected_version: int | None = None,
        interaction_id: int | None = None,
        check: Callable[[Prompt], bool] | None = None,
    ) -> Outcome:
        """Apply a player's choice and commit it before returning.

        ``expected_version`` is the version the prompt was shown at (a button carries it): if
        the game moved on, the choice is refused as ``stale_prompt`` rather than applied to a
        question the player never saw. Without it, a race lost to another process is retried
        on the fresh state after a short randomized backoff (``busy`` once
        ``MAX_ANSWER_ATTEMPTS`` races in a row were lost). ``check`` is the alternative for
        simultaneous games, where other seats' answers move the version: it receives the
        seat's current prompt under the lock and refuses the answer as ``stale_prompt`` unless
        it says the question is still the one the player saw.

        The store's ``OutcomeUnknown`` (connection lost during COMMIT) passes through as is,
        never as a refusal: the answer may have been applied. Nothing is cached from it, and
        ``interaction_id`` (recorded in the same transaction) makes a retry of the same
        interaction a ``duplicate_interaction`` refusal if it was. ``DatabaseBusy`` passes
        through too: nothing was written.
        """
        async with self._lock(game_id):
            for attempt in range(MAX_ANSWER_ATTEMPTS):
                info = await self._info(game_id)
                if interaction_id is not None and await self.store.interaction_seen(interaction_id):
                    raise ServiceError("duplicate_interaction", "This click was already handled.")
                self._require_active(info)
                seat = info.seat_of(user_id)
                if seat is None:
                    raise ServiceError("not_a_player", "You are not playing in this game.")
                if expected_version is not None and expected_version != info.version:
                    raise ServiceError(
                        "stale_prompt",
                        "That question is out of date; the game has moved on.",
                        expected=expected_version,
                        current=info.version,
                    )
                info, state = await self._state(info)
                if expected_version is not None and expected_version != info.version:
                    continue  # _state saw a newer commit: refuse on the next pass
                engine = self.engine(info.game)
                if check is not None:
                    prompt = engine.prompt_for(state, seat)
                    if prompt is None or not check(prompt):
                        raise ServiceError(
                            "stale_prompt", "That question is out of date; the game has moved on."
                        )
                new_state, events = engine.answer(state, seat, option_id)
                snapshot = engine.dump(new_state)
                if not events and snapshot == engine.dump(state):
                    # A repeated identical choice (a double click) changes nothing: no log
                    # row, no new version, nothing to announce.
                    return Outcome(
                        info=info, events=[], prompts=engine.prompts(state), result=None
                    )
                result = engine.result(new_state)
                status: GameStatus = "finished" if result is not None else "active"
                now = self._clock()
                try:
                    await self.store.commit_answer(
                        game_id,
                        info.version,
                        seat,
                        user_id,
                        option_id,
                        snapshot,
                        status,
                        interaction_id,
                        now,
                    )
                except Conflict as c:
                    if c.reason == "stale_version" and expected_version is None:
                        # Another process won this version: retry on its state, after a
                        # short randomized wait so the racers do not meet again at once.
                        await self._backoff(attempt)
                        continue
                    raise _from_conflict(c, game_id) from None
                version = info.version + 1
                self._remember(game_id, version, new_state)
                info = info.model_copy(
                    update={"version": version, "status": status, "updated_at": now}
                )
                return Outcome(
                    info=info, events=events, prompts=engine.prompts(new_state), result=result
                )
            raise ServiceError("busy", "The game is changing too fast; please try again.")

    # -- reading ----------------------------------------------------------------------
    async def get(self, game_id: int) -> GameInfo:
        return await self._info(game_id)

    async def game_for_thread(self, thread_id: int) -> GameInfo | None:
        return await self.store.game_for_thread(thread_id)

    async def list_games(
        self, guild_id: int | None, *, include_finished: bool = False
    ) -> list[GameInfo]:
        """Open games of a guild (``None``: all guilds), oldest first."""
        statuses: tuple[GameStatus, ...] = ("lobby", "active")
        if include_finished:
            statuses += ("finished", "abandoned")
        return await self.store.list_games(guild_id, statuses)

    async def load(self, game_id: int) -> tuple[GameInfo, Any]:
        """The game and its current state. The state is shared with the cache: do not mutate
        it (``engine.copy`` it first)."""
        info = await self._info(game_id)
        if info.status == "lobby":
            self._require_active(info)
        return await self._state(info)

    async def prompts(self, game_id: int) -> list[Prompt]:
        """Open questions; none in a lobby or an abandoned game."""
        info = await self._info(game_id)
        if info.status in ("lobby", "abandoned"):
            return []
        info, state = await self._state(info)
        return self.engine(info.game).prompts(state)

    async def view(self, game_id: int, seat: int | None) -> BaseModel:
        """What ``seat`` may see (``None``: the public)."""
        info, state = await self.load(game_id)
        return self.engine(info.game).view(state, seat)

    # -- turn notices -----------------------------------------------------------------
    async def record_mention(self, game_id: int, seat: int, version: int) -> bool:
        """Note that ``seat`` was mentioned for the prompt at ``version``. False if exactly this
        mention was recorded already (so a redelivered update does not ping twice)."""
        return await self.store.record_mention(game_id, seat, version, self._clock())

    async def due_reminders(self, delay_seconds: float) -> list[tuple[GameInfo, int, int]]:
        """(game, seat, version) of mentions older than the delay (or than half the seat's
        deadline when that is shorter, :func:`reminder_delay`) whose seat still has an open
        question and has not answered since, in active games.

        A game that cannot be read is skipped (and reported once, see :meth:`take_failures`);
        it never stops the reminders of the others.
        """
        now = self._clock()
        notices = await self.store.pending_notices(
            now - min(delay_seconds, SHORTEST_REMINDER)
        )
        due: list[tuple[GameInfo, int, int]] = []
        #: game -> (info, {seat: its open question is a reaction}) or None (unreadable)
        waiting: dict[int, tuple[GameInfo, dict[int, bool]] | None] = {}
        for n in notices:
            if n.game_id not in waiting:
                waiting[n.game_id] = None
                try:
                    info, state = await self.load(n.game_id)
                    seats: dict[int, bool] = {}
                    for p in self.engine(info.game).prompts(state):
                        seats[p.seat] = seats.get(p.seat, True) and p.reaction
                except ServiceError as exc:
                    if exc.key == "unknown_game":
                        await self._game_failed(n.game_id, exc)
                    continue  # else gone or ended since the query
                except Exception as exc:
                    await self._game_failed(n.game_id, exc)
                    continue
                self._game_readable(n.game_id)
                waiting[n.game_id] = (info, seats)
            found = waiting[n.game_id]
            if found is None or n.seat not in found[1]:
                continue
            wait = reminder_delay(found[0], delay_seconds, reaction=found[1][n.seat])
            if n.mentioned_at <= now - wait:
                due.append((found[0], n.seat, n.version))
        return due

    async def mark_reminded(self, game_id: int, seat: int, version: int) -> None:
        await self.store.mark_reminded(game_id, seat, version, self._clock())

    # -- deadlines --------------------------------------------------------------------
    async def due_timeouts(self) -> list[tuple[GameInfo, int]]:
        """(game, seat) of seats whose turn deadline (lobby option ``deadline``, counted from
        the mention that began their turn; ``reaction_deadline`` when the seat's question is
        a reaction, see ``Prompt.reaction``) has passed and for whom the engine names a
        default choice. Read from the database, so deadlines survive restarts.

        A game that cannot be read is skipped (and reported once, see :meth:`take_failures`);
        it never stops the deadlines of the others.
        """
        now = self._clock()
        shortest = min(v for v in DEADLINES.values() if v is not None)
        notices = await self.store.turn_notices(now - shortest)
        due: list[tuple[GameInfo, int]] = []
        loaded: dict[int, tuple[GameInfo, Any] | None] = {}
        for n in notices:
            if n.game_id not in loaded:
                loaded[n.game_id] = None
                try:
                    info = await self._info(n.game_id)
                    if info.status == "active" and any_deadline(info):
                        loaded[n.game_id] = await self._state(info)
                        self._game_readable(n.game_id)
                except ServiceError as exc:
                    if exc.key == "unknown_game":
                        await self._game_failed(n.game_id, exc)
                    continue
                except Exception as exc:
                    await self._game_failed(n.game_id, exc)
                    continue
            found = loaded[n.game_id]
            if found is None:
                continue
            info, state = found
            try:
                engine = self.engine(info.game)
                prompt = engine.prompt_for(state, n.seat)
                limit = deadline_seconds(info, reaction=prompt is not None and prompt.reaction)
                if limit is None or n.mentioned_at + limit > now:
                    continue
                option = engine.timeout_option(state, n.seat)
            except Exception as exc:
                loaded[n.game_id] = None
                await self._game_failed(n.game_id, exc)
                continue
            if option is not None:
                due.append((info, n.seat))
        return due

    async def answer_timeout(self, game_id: int, seat: int) -> tuple[Outcome, str] | None:
        """Answer for ``seat`` with the engine's ``timeout_option`` (its deadline passed).

        Returns the outcome and the option chosen, or None when the seat has nothing to
        decide any more (it answered meanwhile). Committed like a player's answer.
        """
        async with self._lock(game_id):
            info = await self._info(game_id)
            if info.status != "active":
                return None
            info, state = await self._state(info)
            option_id = self.engine(info.game).timeout_option(state, seat)
            user_id = info.user_of(seat)
            if option_id is None or user_id is None:
                return None
        try:
            outcome = await self.answer(game_id, user_id, option_id, expected_version=info.version)
        except ServiceError as exc:
            if exc.key == "stale_prompt":  # the seat (or another) answered at that moment
                return None
            raise
        return outcome, option_id

    # -- unreadable games and housekeeping --------------------------------------------
    async def _game_failed(self, game_id: int, exc: BaseException) -> None:
        """Remember that a periodic pass could not read a game: logged (with the traceback)
        and queued for :meth:`take_failures` the first time only, not on every pass."""
        reason = describe_error(exc)
        if game_id in self._failed:
            return
        self._failed[game_id] = reason
        log.error("game %s cannot be read; skipped until it can: %s", game_id, reason, exc_info=exc)
        info: GameInfo | None
        try:
            info = await self.store.get_game(game_id)
        except Exception:
            info = None
        self._new_failures.append(GameFailure(game_id=game_id, info=info, reason=reason))

    def _game_readable(self, game_id: int) -> None:
        """A game read fine (again): a later failure is news once more."""
        if self._failed.pop(game_id, None) is not None:
            log.info("game %s can be read again", game_id)

    def take_failures(self) -> list[GameFailure]:
        """Games that became unreadable since the last call (each once), so the bot can tell
        their threads; reminders and deadlines skip them until they read again."""
        new, self._new_failures = self._new_failures, []
        return new

    @property
    def unreadable_games(self) -> dict[int, str]:
        """``{game_id: reason}`` of the games currently skipped as unreadable."""
        return dict(self._failed)

    async def prune(self) -> int:
        """Forget the processed interaction ids of ended games (their duplicates are refused
        as ``game_over``/``game_abandoned`` anyway); returns rows deleted. The store already
        does this when a game ends; this pass also clears rows from before that, or written
        by another process running older code."""
        return await self.store.prune_interactions()

    # -- notes ------------------------------------------------------------------------
    async def get_note(self, game_id: int, name: str) -> str | None:
        """A small value the bot keeps with a game (e.g. a message id), or None."""
        return await self.store.get_note(game_id, name)

    async def set_note(self, game_id: int, name: str, value: str) -> None:
        await self.store.set_note(game_id, name, value)

    # -- deliveries owed ----------------------------------------------------------------
    async def mark_delivered(self, game_id: int, version: int) -> None:
        """The bot has told everything up to ``version`` (see :meth:`undelivered`)."""
        await self.store.mark_delivered(game_id, version)

    async def undelivered(self, grace_seconds: float = 0.0) -> list[int]:
        """Games with a committed answer (or start) whose telling never completed: the
        commit moved the version on, and the bot marks it told only once every post and
        note of it is done. ``grace_seconds``: leave out games changed more recently (their
        telling may still be under way)."""
        return await self.store.undelivered(self._clock() - grace_seconds)

    async def result(self, game_id: int) -> GameResult | None:
        """The outcome of a finished game (None while it is being played)."""
        info, state = await self.load(game_id)
        return self.engine(info.game).result(state)

    # -- player settings --------------------------------------------------------------
    async def player_settings(self, user_id: int) -> PlayerSettings:
        """A user's own settings (``/settings``), the defaults (both on) until they change."""
        return await self.store.get_player_settings(user_id) or PlayerSettings()

    async def set_player_settings(
        self,
        user_id: int,
        *,
        dm_on_turn: bool | None = None,
        reminder_pings: bool | None = None,
    ) -> PlayerSettings:
        """Change the settings given (None: unchanged); returns them all as now stored."""
        return await self.store.set_player_settings(
            user_id, dm_on_turn, reminder_pings, self._clock()
        )
