"""Replay check: rebuild each game from its seed, options and action log, and compare with
the stored snapshot. A mismatch means the log, the snapshot or the engine changed behind a
game's back (an engine change that breaks old games shows up here before players see it).

Every game gets a verdict, whatever is wrong with the others: ``ok``, ``MISMATCH`` (the
replay disagrees with what is stored) or ``UNREADABLE`` (a row, the snapshot or the replay
cannot even be read; the reason is one line)."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from engines.core.errors import IllegalAnswer
from games.models import GameInfo, describe_error
from games.service import EngineLookup, engine_options, registry_lookup
from games.storage.base import Store


@dataclass(frozen=True, slots=True)
class ReplayReport:
    game_id: int
    game: str
    status: str
    version: int
    ok: bool
    detail: str
    #: the game could not be read at all (as opposed to read and found different)
    unreadable: bool = False

    @property
    def verdict(self) -> str:
        return "ok" if self.ok else "UNREADABLE" if self.unreadable else "MISMATCH"

    def line(self) -> str:
        head = f"game {self.game_id} {self.game} {self.status} v{self.version}"
        return f"{head}: {self.verdict} {self.detail}".rstrip()


def summary(reports: list[ReplayReport]) -> str:
    """The last line of the command: how many games, and how many of each verdict."""
    mismatched = sum(not r.ok and not r.unreadable for r in reports)
    unreadable = sum(r.unreadable for r in reports)
    ok = len(reports) - mismatched - unreadable
    return (
        f"{len(reports)} games checked: {ok} ok, {mismatched} mismatched, {unreadable} unreadable"
    )


def _first_difference(a: Any, b: Any, path: str = "") -> str:
    """Where two JSON values first differ, e.g. ``players[1].coins: 7 != 9``."""
    if isinstance(a, dict) and isinstance(b, dict):
        for key in sorted(set(a) | set(b), key=str):
            if key not in a or key not in b:
                return f"{path}.{key}: present in only one".lstrip(".")
            if a[key] != b[key]:
                return _first_difference(a[key], b[key], f"{path}.{key}")
    if isinstance(a, list) and isinstance(b, list):
        if len(a) != len(b):
            return f"{path or '<root>'}: length {len(a)} != {len(b)}".lstrip(".")
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            if x != y:
                return _first_difference(x, y, f"{path}[{i}]")
    return f"{path or '<root>'}: {json.dumps(a)[:60]} != {json.dumps(b)[:60]}".lstrip(".")


async def verify_game(store: Store, game_id: int, engines: EngineLookup) -> ReplayReport:
    """The verdict on one game; never raises for a bad game (only for a lost database)."""
    try:
        info = await store.get_game(game_id)
    except Exception as exc:  # a row the models refuse (bad options JSON, ...)
        return ReplayReport(game_id, "?", "?", 0, False, describe_error(exc), unreadable=True)
    if info is None:
        return ReplayReport(game_id, "?", "missing", 0, False, "no such game")

    def report(ok: bool, detail: str = "", *, unreadable: bool = False) -> ReplayReport:
        return ReplayReport(game_id, info.game, info.status, info.version, ok, detail, unreadable)

    try:
        return await _verify(store, info, engines, report)
    except Exception as exc:  # the engine or the stored data broke in a way not foreseen
        return report(False, describe_error(exc), unreadable=True)


async def _verify(
    store: Store, info: GameInfo, engines: EngineLookup, report: Callable[..., ReplayReport]
) -> ReplayReport:
    snap = await store.latest_snapshot(info.id)
    if snap is None:
        if info.status == "lobby" or (info.status == "abandoned" and info.version == 0):
            return report(True, "(never started)")
        return report(False, "no snapshot stored")
    actions = await store.actions(info.id)
    if [a.seq for a in actions] != list(range(1, len(actions) + 1)):
        return report(False, "action log has gaps")
    if snap.version != info.version or len(actions) != info.version:
        return report(
            False, f"version {info.version}, snapshot v{snap.version}, {len(actions)} actions"
        )
    try:
        engine = engines(info.game)
    except KeyError:
        return report(False, f"unknown engine '{info.game}'", unreadable=True)
    try:
        # What the service does with the snapshot: if this fails the game cannot be played.
        engine.load(snap.state_json)
        stored = json.loads(snap.state_json)
    except Exception as exc:
        return report(False, f"snapshot does not load: {describe_error(exc)}", unreadable=True)
    try:
        replayed = engine.replay(
            len(info.seats),
            info.seed,
            engine_options(engine, info.options),
            [(a.seat, a.choice) for a in actions],
        )
    except IllegalAnswer as exc:
        return report(False, f"replay refused an answer: {exc}")
    mine = json.loads(engine.dump(replayed))
    if mine != stored:
        return report(False, f"differs at {_first_difference(stored, mine)}")
    finished = engine.result(replayed) is not None
    if finished != (info.status == "finished") and info.status != "abandoned":
        return report(
            False, f"status {info.status} but the replay is {'over' if finished else 'open'}"
        )
    return report(True, f"({len(actions)} actions)")


async def verify_replays(
    store: Store, game_id: int | None = None, *, engines: EngineLookup | None = None
) -> list[ReplayReport]:
    """One report per game (or just ``game_id``), in id order; a bad game never stops the
    check of the others."""
    lookup = engines or registry_lookup
    ids = [game_id] if game_id is not None else await store.game_ids()
    return [await verify_game(store, gid, lookup) for gid in ids]
