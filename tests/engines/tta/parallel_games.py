"""Thousands of seeded random TTA games played in parallel processes (issue 10's property
tests): one game is a lobby game (``ENGINE.new_game`` with the mode and the global conflict),
answered by :func:`choose` (a busy random policy that resigns now and then), checked after
every answer; :func:`run` splits the seeds into chunks over a ``ProcessPoolExecutor`` with one
worker per core, so a machine with more cores plays them faster.

Each worker returns what it counted (answers, events, chosen options, resignations, how
games ended) and, for a game that failed, its mode, player count, seed, lobby options, the
traceback and the answer log: :func:`replay_log` rebuilds that game answer by answer, and
:func:`play` with the same arguments plays it again (the policy's rng is seeded from the
game's seed), so a failure seen in CI reproduces here in one process.
"""

from __future__ import annotations

import os
import traceback
from collections import Counter
from collections.abc import Iterable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field

from engines.core.contract import UNDO, GameResult, Prompt
from engines.core.rng import Rng
from engines.tta import undo_window, wars
from engines.tta.actions.develop import TECHS
from engines.tta.facts import KIND, NAME
from engines.tta.play import in_play_named
from engines.tta.state import TtaState
from tests.engines.tta.tta_helpers import ENGINE, check_invariants, check_tokens

#: options that end a phase: the busy policy picks something else 9 times in 10
QUIET = ("end", "pass", UNDO)
#: the political option that opens the resignation's confirmation (RESIGN's interface)
RESIGN = "resign"
CONFIRM = "resign:confirm"
BACK = "resign:back"
#: a prompt offering ``resign`` takes it once in this many times; the confirmation is
#: confirmed 3 times in 4
RESIGN_ODDS = 150
#: the age in which a game that nobody left ends: the first game and the short game after
#: Age II (L184, L2220-L2222), the full game in Age IV (L1940-L1949)
LAST_AGE = {"first": 3, "peaceful": 4, "full": 4, "short": 3}
#: ``Outcome.chosen``'s count of pacts offered with two players left after a resignation
PACT_TWO_LEFT = "pact (two left)"
#: a game longer than this many answers does not end
MAX_ANSWERS = 30_000
#: the failures a worker keeps with their logs (the others are only counted)
KEEP_FAILURES = 3


def lobby_options(mode: str, seed: int) -> dict[str, str]:
    """The lobby's options of game ``seed``: the mode, the global conflict in every other
    game but the first game's (L2257-L2259), the peaceful game's pacts without war in every
    other pair of peaceful games (L2253)."""
    if mode == "first":
        return {"mode": "first"}
    options = {"mode": mode, "global_conflict": "on" if seed % 2 else "off"}
    if mode == "peaceful":
        options["peaceful_pacts"] = "on" if seed % 4 >= 2 else "off"
    return options


def policy_rng(players: int, seed: int) -> Rng:
    """The policy's own generator, from the game's seed: a game replays from its seed."""
    return Rng.from_seed(seed * 104_729 + players)


def choose(st: TtaState, rng: Rng) -> tuple[Prompt, str]:
    """A random open prompt and answer, never ``undo``: ``resign`` once in
    :data:`RESIGN_ODDS` where it is offered (then confirmed 3 times in 4); otherwise the
    deadline's default one time in ten (so its effect runs), else a busy policy (an action
    other than ending or passing 9 times in 10). Works with and without resignation in the
    engine: without it no prompt offers ``resign``."""
    prompts = ENGINE.prompts(st)
    assert prompts, "a game in play always asks someone"
    prompt = prompts[rng.below(len(prompts))] if len(prompts) > 1 else prompts[0]
    timeout = ENGINE.timeout_option(st, prompt.seat)
    assert timeout is not None and prompt.option(timeout) is not None, (prompt.kind, timeout)
    ids = [o.id for o in prompt.options if o.id != UNDO]
    if prompt.option(CONFIRM) is not None and prompt.option(BACK) is not None:
        return prompt, CONFIRM if rng.below(4) else BACK
    if RESIGN in ids:
        if rng.below(RESIGN_ODDS) == 0:
            return prompt, RESIGN
        ids.remove(RESIGN)
    if rng.below(10) == 0 and timeout != RESIGN:
        return prompt, timeout
    active = [i for i in ids if i not in QUIET]
    if active and rng.below(10):
        return prompt, rng.choice(active)
    return prompt, rng.choice(ids)


@dataclass
class Failure:
    """A game that broke: enough to play it again (:func:`play`) or replay its log."""

    mode: str
    players: int
    seed: int
    options: dict[str, str]
    error: str
    log: list[tuple[int, str]]
    checks: str = "all"

    def describe(self) -> str:
        tail = self.log[-8:]
        return (f"{self.mode} game, {self.players} players, seed {self.seed}, options "
                f"{self.options}, after {len(self.log)} answers (last: {tail}); reproduce with "
                f"parallel_games.play({self.mode!r}, {self.players}, {self.seed}, "
                f"{self.checks!r}) or replay_log(...)\n{self.error}")


@dataclass
class Outcome:
    """What a chunk of games (or all of them, :meth:`merge`) counted."""

    games: int = 0
    answers: int = 0
    #: event kinds over every game (``war_declared``, ``war_resolved``, ``resigned``…)
    events: Counter[str] = field(default_factory=Counter)
    #: chosen options by prefix (``aggression``, ``war``, ``pact``…), the resignation's
    #: whole (``resign``, ``resign:confirm``, ``resign:back``); :data:`PACT_TWO_LEFT`: pacts
    #: offered after a resignation left two players (ruling C15)
    chosen: Counter[str] = field(default_factory=Counter)
    #: how games ended (``GameResult.victory``)
    victories: Counter[str] = field(default_factory=Counter)
    failed: int = 0
    failures: list[Failure] = field(default_factory=list)

    def merge(self, other: Outcome) -> None:
        self.games += other.games
        self.answers += other.answers
        self.events.update(other.events)
        self.chosen.update(other.chosen)
        self.victories.update(other.victories)
        self.failed += other.failed
        self.failures.extend(other.failures[:KEEP_FAILURES - len(self.failures)])

    def report(self) -> str:
        """The failures for an assertion message."""
        return f"{self.failed} of {self.games} games failed:\n" + "\n\n".join(
            f.describe() for f in self.failures)


def play(mode: str, players: int, seed: int, checks: str = "all",
         out: Outcome | None = None, log: list[tuple[int, str]] | None = None) -> TtaState:
    """One random lobby game to its end, checked after every answer; counts into ``out``.

    ``checks``: ``"all"`` = ``check_invariants`` (tokens, every card in one place),
    ``"tokens"`` = ``check_tokens`` only. Always: the default a deadline takes is legal, a
    resigned seat is never asked, a 2-player game never has or offers a pact (L2035); at the
    end the game is over with a result, in its last age (:data:`LAST_AGE`) unless one player
    was left (``last_standing``), every declared war was resolved or cancelled and none is
    left, resigned seats are no winners and score ``breakdown["resigned"] = 1``
    (platform §4.7)."""
    out = out if out is not None else Outcome()
    log = log if log is not None else []
    check = check_invariants if checks == "all" else check_tokens
    st = ENGINE.new_game(players, seed, lobby_options(mode, seed))
    rng = policy_rng(players, seed)
    events: Counter[str] = Counter()
    while ENGINE.result(st) is None:
        check_asked(st)
        prompt, oid = choose(st, rng)
        log.append((prompt.seat, oid))  # first: a failing answer is the log's last
        if oid.startswith("pact:") and st.count_left() == 2 < st.players:
            out.chosen[PACT_TWO_LEFT] += 1
        events.update(e.kind for e in ENGINE.apply(st, prompt.seat, oid))
        out.chosen[oid if oid.startswith(RESIGN) else oid.partition(":")[0]] += 1
        check(st)
        assert len(log) < MAX_ANSWERS, "the game does not end"
    out.victories[check_end(st, mode, events).victory] += 1
    out.games += 1
    out.answers += len(log)
    out.events.update(events)
    return st


def check_asked(st: TtaState) -> None:
    """Before an answer: no resigned seat is asked anything (L2071, platform §4.7); a
    2-player game has no pact in play and offers none (L2035); the rulings C13-C15 hold
    (:func:`check_rulings`)."""
    prompts = ENGINE.prompts(st)
    for p in prompts:
        assert not st.civs[p.seat].resigned, ("a resigned seat is asked", p.kind, p.seat)
        if st.players == 2:
            assert not any(o.id.startswith("pact:") for o in p.options), p.kind
    if st.players == 2:
        assert not st.pacts, "a pact in a 2-player game (L2035)"
    check_rulings(st, prompts)


#: the option-id markers of a development (the action, an action card's target, an event's
#: choice): the technology's id follows
DEVELOPS = ("develop:", "revolution:")


def check_rulings(st: TtaState, prompts: list[Prompt]) -> None:
    """Rulings C13-C15 at a position (``prompts``: its open prompts):

    - C14 (L632, L1050): no player holds two technology cards of one name across its hand
      and play area, and no prompt offers a player to develop (or revolt to) a card named
      like one in its play area;
    - C13: a ``war_spoils`` question always offers the finishing "the rest as science"
      (``wars.REST``), which is also its timeout;
    - C15: a political phase offers each pact of the hand to every other player left (also
      when a resignation has left two).
    """
    for seat, civ in enumerate(st.civs):
        held = [NAME[c] for c in (*civ.hand, *civ.techs, civ.government) if KIND[c] in TECHS]
        assert len(held) == len(set(held)), ("two technologies of one name (C14)", seat, held)
    for p in prompts:
        civ = st.civs[p.seat]
        for o in p.options:
            for marker in DEVELOPS:
                _, found, tech = o.id.rpartition(marker)
                if found and tech in KIND:
                    assert not in_play_named(civ, tech), ("develops a duplicate (C14)", o.id)
        if p.kind == "war_spoils":
            rest = p.option(wars.REST)
            assert rest is not None and rest.key == "war_rest_science", p.options
            assert ENGINE.timeout_option(st, p.seat) == wars.REST
        elif p.kind == "politics":
            ids = {o.id for o in p.options}
            for card in {c for c in civ.military if KIND[c] == "pact"}:
                for partner in st.seats_left():
                    if partner != p.seat:
                        assert any(i.startswith(f"pact:{card}:{partner}") for i in ids), (
                            "a pact in hand not offered (C15)", card, partner)


def check_end(st: TtaState, mode: str, events: Counter[str]) -> GameResult:
    """A finished game (``events``: the kinds of every event it emitted): see :func:`play`.
    Returns its result."""
    res = ENGINE.result(st)
    assert st.phase == "over" and res is not None and res.winners
    out = [s for s in range(st.players) if st.civs[s].resigned]
    left = [s for s in range(st.players) if s not in out]
    assert events["resigned"] == len(out)
    if len(left) == 1:
        assert res.victory == "last_standing" and res.winners == left, (res.victory, left)
    else:
        assert res.victory != "last_standing"
        assert st.age == LAST_AGE[mode], (st.age, mode)
        best = max(s.total for s in res.scores if s.seat in left)
        assert sorted(res.winners) == [s.seat for s in res.scores
                                       if s.total == best and s.seat in left]
    for score in res.scores:
        assert (score.breakdown.get("resigned") == 1) == (score.seat in out), score
    assert events["war_declared"] == events["war_resolved"] + events["war_cancelled"], events
    assert st.wars == [], st.wars
    assert st.players > 2 or not st.pacts, "a pact in a 2-player game (L2035)"
    return res


def _chunk(mode: str, players: int, seeds: list[int], checks: str) -> Outcome:
    """A worker: play these games, keep going after a failure (counted, logged)."""
    caching = undo_window.CACHING
    undo_window.CACHING = True  # as in play (tests/engines/tta/conftest.py turns it off)
    out = Outcome()
    try:
        for seed in seeds:
            log: list[tuple[int, str]] = []
            try:
                play(mode, players, seed, checks, out, log)
            except Exception:  # any failure: reported with the seed and the log
                out.failed += 1
                out.games += 1
                if len(out.failures) < KEEP_FAILURES:
                    out.failures.append(Failure(
                        mode, players, seed, lobby_options(mode, seed),
                        traceback.format_exc(limit=8), log, checks))
    finally:
        undo_window.CACHING = caching
    return out


#: at most this many worker processes: each holds a whole engine, and a large CI machine's
#: core count would cost more memory than the games gain
MAX_WORKERS = 8


def default_workers() -> int:
    """The cores this process may use (a container's CPU limit, not the host's), capped."""
    usable = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    return max(1, min(MAX_WORKERS, usable or 1))


def run(mode: str, players: int, seeds: Iterable[int], checks: str = "all",
        workers: int | None = None) -> Outcome:
    """Play every seed's game, the seeds split into chunks over ``workers`` processes (one
    per core by default; in this process when there is one)."""
    seeds = list(seeds)
    workers = workers or default_workers()
    chunks = [seeds[i::workers * 4] for i in range(min(len(seeds), workers * 4))]
    total = Outcome()
    if workers == 1:
        for chunk in chunks:
            total.merge(_chunk(mode, players, chunk, checks))
        return total
    with ProcessPoolExecutor(max_workers=workers) as pool:
        futures = [pool.submit(_chunk, mode, players, chunk, checks) for chunk in chunks]
        for future in futures:
            total.merge(future.result())
    return total


def replay_log(failure: Failure) -> TtaState:
    """Replay a failed game's log (its failing answer is the last), checking as the run did:
    it raises where the run failed."""
    check = check_invariants if failure.checks == "all" else check_tokens
    st = ENGINE.new_game(failure.players, failure.seed, failure.options)
    events: Counter[str] = Counter()
    for seat, oid in failure.log:
        check_asked(st)
        events.update(e.kind for e in ENGINE.apply(st, seat, oid))
        check(st)
    if ENGINE.result(st) is not None:
        check_end(st, failure.mode, events)
    return st
