"""A game's record for its players: the moves replayed from the seed, public events only,
grouped the way the table was told them; and the action log as a file that
``python -m engines replay FILE`` plays again.

Pure apart from :func:`read_record` (one read of the game and its log): no Discord, no
words. The bot words the events (``bot.wording.event_text``) and decides what to send.

Privacy: a :class:`Stretch` holds only public events (``visible_to is None``) that are not
provisional (inside an open undo window, shown to their actor's panel only), so nothing a
seat saw alone ever reaches the transcript. The action log is another matter: its choices
(a card picked from a hidden hand) and its seed (every deck's order) reveal what the table
never saw, so the bot offers it only once the game is over (:func:`log_is_public`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel

from engines.core.contract import TABLE_KEY, Engine, Event, GameResult
from games.models import GameInfo
from games.service import GameService, engine_options
from games.storage.base import ActionRecord

#: what the action log file says it is (``python -m engines replay`` checks it)
LOG_FORMAT = "civbot-action-log"
LOG_FORMAT_VERSION = 1


@dataclass(frozen=True, slots=True)
class Move:
    """One accepted answer (``seq`` in the log) and the public events it produced."""

    seq: int
    seat: int
    events: tuple[Event, ...]


@dataclass(slots=True)
class Stretch:
    """Consecutive answers made while the table was in one stretch of play (the public
    view's ``table_key``: a turn, a round of simultaneous choices, the seats asked)."""

    key: str
    moves: list[Move] = field(default_factory=list)

    @property
    def seats(self) -> list[int]:
        """The seats that answered in it, in the order of their first answer."""
        return list(dict.fromkeys(m.seat for m in self.moves))

    @property
    def events(self) -> list[Event]:
        return [e for m in self.moves for e in m.events]

    @property
    def first_seq(self) -> int:
        return self.moves[0].seq

    @property
    def last_seq(self) -> int:
        return self.moves[-1].seq


@dataclass(slots=True)
class Transcript:
    """A game replayed: its opening position, its stretches and where it got to."""

    info: GameInfo
    #: the public view of the dealt game, before the first answer
    opening: BaseModel
    stretches: list[Stretch]
    #: the public view after the last answer
    view: BaseModel
    result: GameResult | None
    moves: int


@dataclass(frozen=True, slots=True)
class GameRecord:
    """A game's row and its action log, read together (the log cut at the row's version)."""

    info: GameInfo
    actions: list[ActionRecord]


def public_events(events: list[Event]) -> tuple[Event, ...]:
    """The events the whole table may read: public and no longer provisional."""
    return tuple(e for e in events if e.visible_to is None and not e.provisional)


def table_key(engine: Engine[Any], state: Any) -> str:
    """The stretch of play ``state`` is in (``TABLE_KEY`` of its public view)."""
    return str(getattr(engine.view(state, None), TABLE_KEY, ""))


def replay(engine: Engine[Any], info: GameInfo, actions: list[ActionRecord]) -> Transcript:
    """Replay ``actions`` from the game's seed and options; each answer goes to the stretch
    the table was in when it was made (so a round's resolving answer, and its reveal, stay
    with that round); a game whose views name no stretch gets one per answer. Raises the
    engine's ``IllegalAnswer`` if the log does not replay."""
    state = engine.new_game(len(info.seats), info.seed, engine_options(engine, info.options))
    opening = engine.view(state, None)
    stretches: list[Stretch] = []
    for action in actions:
        key = table_key(engine, state)
        events = engine.apply(state, action.seat, action.choice)
        if not stretches or not key or stretches[-1].key != key:  # no key: per answer
            stretches.append(Stretch(key))
        stretches[-1].moves.append(Move(action.seq, action.seat, public_events(events)))
    return Transcript(
        info=info,
        opening=opening,
        stretches=stretches,
        view=engine.view(state, None),
        result=engine.result(state),
        moves=len(actions),
    )


def log_is_public(info: GameInfo) -> bool:
    """Whether the action log (choices and seed) may be handed out: once the game is over."""
    return info.status in ("finished", "abandoned")


def action_log(
    info: GameInfo, actions: list[ActionRecord], result: GameResult | None = None
) -> dict[str, Any]:
    """The machine-readable log: enough for ``python -m engines replay`` to rebuild the
    game (name, seed, options, seats, every answer). No user ids, no times. Only for a game
    that is over (see the module's docstring)."""
    names = {s.seat: s.name for s in info.seats}
    data: dict[str, Any] = {
        "format": LOG_FORMAT,
        "format_version": LOG_FORMAT_VERSION,
        "game": info.game,
        "game_id": info.id,
        "status": info.status,
        "language": info.language,
        "seed": info.seed,
        "options": dict(sorted(info.options.items())),
        "players": [
            {"seat": s.seat, "name": s.name} for s in sorted(info.seats, key=lambda s: s.seat)
        ],
        "answers": [
            {"seq": a.seq, "seat": a.seat, "player": names.get(a.seat, ""), "choice": a.choice}
            for a in actions
        ],
    }
    if result is not None:
        data["result"] = result.model_dump(mode="json")
    return data


async def read_record(service: GameService, game_id: int) -> GameRecord:
    """The game and its log up to the game's version (an answer committed between the two
    reads is left for the next look). Raises ``ServiceError`` (``game_not_found``)."""
    info = await service.get(game_id)
    actions = [a for a in await service.store.actions(game_id) if a.seq <= info.version]
    return GameRecord(info, actions)
