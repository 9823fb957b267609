"""The game service: a game's whole life, from lobby to result, over a :class:`Store`.

The bot calls only this. Every refusal is a :class:`ServiceError` with a stable key (listed in
``games/README.md``) raised before anything is written; an engine's ``IllegalAnswer`` passes
through unchanged. An accepted answer is committed (action, snapshot, version, interaction id
in one transaction) before :meth:`GameService.answer` returns, so a player is never told
"accepted" about a move that a crash could lose.

Concurrency: a per-game ``asyncio.Lock`` orders this process's requests; the store's
conditional writes (``UPDATE games ... WHERE version = ?``) settle races with other processes.
"""

from __future__ import annotations

import asyncio
import json
import secrets
import time
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from pydantic import BaseModel

from engines.core.contract import Engine, Prompt
from games.models import GameInfo, GameStatus, Outcome, ServiceError
from games.storage.base import Conflict, NewGame, Store

SUPPORTED_LANGUAGES = ("en", "zh-TW", "zh-CN")
MAX_NAME_LENGTH = 100
#: Attempts at an answer whose expected version was not given, when other writers keep winning.
MAX_ANSWER_ATTEMPTS = 5
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


def has_timeout(engine: Engine[Any]) -> bool:
    """Whether the engine names a default choice for a seat whose deadline passed."""
    return type(engine).timeout_option is not Engine.timeout_option


def lobby_options(engine: Engine[Any]) -> dict[str, tuple[tuple[str, ...], str]]:
    """The options a lobby offers: the engine's, plus the turn deadline where it applies."""
    options = dict(engine.game_options)
    if has_timeout(engine):
        options[DEADLINE_OPTION] = (tuple(DEADLINES), "none")
    return options


def engine_options(engine: Engine[Any], options: dict[str, str]) -> dict[str, str]:
    """The part of a game's options its engine knows (what ``new_game``/replays receive)."""
    return {k: v for k, v in options.items() if k in engine.game_options}


def deadline_seconds(info: GameInfo) -> float | None:
    return DEADLINES.get(info.options.get(DEADLINE_OPTION, "none"))


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
    ) -> None:
        self.store = store
        self._clock = clock
        self._engines = engines or registry_lookup
        self._locks: dict[int, asyncio.Lock] = {}
        self._states: OrderedDict[int, tuple[int, BaseModel]] = OrderedDict()

    # -- helpers ----------------------------------------------------------------------
    def _lock(self, game_id: int) -> asyncio.Lock:
        lock = self._locks.get(game_id)
        if lock is None:
            lock = self._locks[game_id] = asyncio.Lock()
        return lock

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
        for _ in range(MAX_ANSWER_ATTEMPTS):
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
            for _ in range(MAX_ANSWER_ATTEMPTS):
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
        on the fresh state. ``check`` is the alternative for simultaneous games, where other
        seats' answers move the version: it receives the seat's current prompt under the lock
        and refuses the answer as ``stale_prompt`` unless it says the question is still the one
        the player saw.
        """
        async with self._lock(game_id):
            for _ in range(MAX_ANSWER_ATTEMPTS):
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
                        engine.dump(new_state),
                        status,
                        interaction_id,
                        now,
                    )
                except Conflict as c:
                    if c.reason == "stale_version" and expected_version is None:
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
        """(game, seat, version) of mentions older than the delay whose seat still has an open
        question and has not answered since, in active games."""
        notices = await self.store.pending_notices(self._clock() - delay_seconds)
        due: list[tuple[GameInfo, int, int]] = []
        waiting: dict[int, tuple[GameInfo, set[int]]] = {}
        for n in notices:
            if n.game_id not in waiting:
                try:
                    info, state = await self.load(n.game_id)
                except ServiceError:  # gone or ended since the query
                    continue
                seats = {p.seat for p in self.engine(info.game).prompts(state)}
                waiting[n.game_id] = (info, seats)
            info, seats = waiting[n.game_id]
            if n.seat in seats:
                due.append((info, n.seat, n.version))
        return due

    async def mark_reminded(self, game_id: int, seat: int, version: int) -> None:
        await self.store.mark_reminded(game_id, seat, version, self._clock())

    # -- deadlines --------------------------------------------------------------------
    async def due_timeouts(self) -> list[tuple[GameInfo, int]]:
        """(game, seat) of seats whose turn deadline (lobby option ``deadline``, counted from
        the mention that began their turn) has passed and for whom the engine names a default
        choice. Read from the database, so deadlines survive restarts."""
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
                    if info.status == "active" and deadline_seconds(info) is not None:
                        loaded[n.game_id] = await self._state(info)
                except ServiceError:
                    continue
            found = loaded[n.game_id]
            if found is None:
                continue
            info, state = found
            limit = deadline_seconds(info)
            if limit is None or n.mentioned_at + limit > now:
                continue
            if self.engine(info.game).timeout_option(state, n.seat) is not None:
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

    # -- notes ------------------------------------------------------------------------
    async def get_note(self, game_id: int, name: str) -> str | None:
        """A small value the bot keeps with a game (e.g. a message id), or None."""
        return await self.store.get_note(game_id, name)

    async def set_note(self, game_id: int, name: str, value: str) -> None:
        await self.store.set_note(game_id, name, value)
