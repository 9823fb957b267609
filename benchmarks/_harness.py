"""What the benchmark scripts share: clocks, percentiles, render timing loops, random games.

Not a benchmark itself (``run_all.py`` skips files starting with ``_``). Scripts import it
after putting the repository root on ``sys.path``.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import statistics
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from engines.core.contract import Option, Prompt
from engines.core.playout import Draws, avoided, playout, random_choice
from engines.registry import get_engine

T = TypeVar("T")
V = TypeVar("V")


# -- clocks and figures ---------------------------------------------------------------
def percentile(samples: list[float], p: float) -> float:
    """The ``p``-th percentile of ``samples`` (nearest rank, no interpolation)."""
    ordered = sorted(samples)
    k = min(len(ordered) - 1, max(0, round(p / 100 * (len(ordered) - 1))))
    return ordered[k]


def p95(samples: list[float]) -> float:
    return percentile(samples, 95)


def timed_ms(run: Callable[[], T]) -> tuple[T, float]:
    """``run()``'s result and its wall time in milliseconds."""
    t0 = time.perf_counter()
    result = run()
    return result, (time.perf_counter() - t0) * 1000


def clocked(run: Callable[[], T]) -> tuple[T, float, float]:
    """``run()``'s result, its wall time and its CPU time (seconds)."""
    start = time.perf_counter()
    cpu_start = time.process_time()
    result = run()
    cpu = time.process_time() - cpu_start
    elapsed = time.perf_counter() - start
    return result, elapsed, cpu


def profile(run: Callable[[], object], top: int = 25) -> None:
    """Run under cProfile and print the ``top`` functions by own time."""
    prof = cProfile.Profile()
    prof.enable()
    run()
    prof.disable()
    pstats.Stats(prof).sort_stats("tottime").print_stats(top)


def render_parser(
    doc: str | None, seed: int, out_help: str = "also write the PNG here"
) -> argparse.ArgumentParser:
    """The options every render benchmark takes: ``-n``, ``--seed``, ``--lang``, ``--out``."""
    parser = argparse.ArgumentParser(description=doc)
    parser.add_argument("-n", type=int, default=50, help="renders to time")
    parser.add_argument("--seed", type=int, default=seed)
    parser.add_argument("--lang", default="zh-TW")
    parser.add_argument("--out", default="", help=out_help)
    return parser


# -- renders ------------------------------------------------------------------------
@dataclass
class RenderTimes:
    """``n`` timed renders of one position: totals and drawing alone (ms), last image/PNG."""

    totals: list[float] = field(default_factory=list)
    draws: list[float] = field(default_factory=list)
    image: Any = None
    png: bytes = b""

    def print_summary(self) -> None:
        """The mean/p95 line and the drawing share (the rest is PNG encoding)."""
        totals, draws = self.totals, self.draws
        print(
            f"render (n={len(totals)}): mean {statistics.mean(totals):.1f} ms, "
            f"p95 {p95(totals):.1f} ms"
        )
        print(f"  of which drawing: mean {statistics.mean(draws):.1f} ms (rest is PNG encoding)")


def time_renders(n: int, draw: Callable[[], Any], encode: Callable[[Any], bytes]) -> RenderTimes:
    """Draw and encode ``n`` times, timing the drawing and the whole."""
    out = RenderTimes()
    for _ in range(n):
        t0 = time.perf_counter()
        out.image = draw()
        t1 = time.perf_counter()
        out.png = encode(out.image)
        t2 = time.perf_counter()
        out.draws.append((t1 - t0) * 1000)
        out.totals.append((t2 - t0) * 1000)
    return out


def time_position(
    n: int,
    render: Callable[[], object],
    draw: Callable[[], Any],
    encode: Callable[[Any], bytes],
    out: str = "",
) -> tuple[float, RenderTimes]:
    """One cold ``render()`` (ms), then ``n`` timed draws and encodings of the same position;
    the last PNG is also written to ``out`` when given."""
    _, cold = timed_ms(render)
    times = time_renders(n, draw, encode)
    if out:
        Path(out).write_bytes(times.png)
    return cold, times


def time_each(items: Iterable[V], render: Callable[[V], object]) -> list[float]:
    """One render per item (e.g. every position of a game), each timed in ms."""
    out = []
    for item in items:
        t0 = time.perf_counter()
        render(item)
        out.append((time.perf_counter() - t0) * 1000)
    return out


def print_spread(head: str, samples: list[float]) -> None:
    """``head: first …, mean …, p95 …, max …`` in milliseconds."""
    print(
        f"{head}: first {samples[0]:.1f} ms, mean {statistics.mean(samples):.1f} ms, "
        f"p95 {p95(samples):.1f} ms, max {max(samples):.1f} ms"
    )


# -- games --------------------------------------------------------------------------
class RandomDraws:
    """Playout draws from a seeded ``random.Random`` (``below(n)`` is ``randrange(n)``):
    cheaper per draw than the engine's ``Rng``, so figures measure the engine."""

    __slots__ = ("_randrange",)

    def __init__(self, seed: int) -> None:
        self._randrange = random.Random(seed).randrange

    def below(self, n: int) -> int:
        return self._randrange(n)


def _first_prompt(prompts: list[Prompt], draws: Draws,
                  avoid: frozenset[str] = frozenset()) -> tuple[Prompt, Option]:
    """A random option of the first prompt (the ``avoid`` ones only when nothing else is)."""
    prompt = prompts[0]
    options = [o for o in prompt.options if not avoided(o.id, avoid)] or prompt.options
    return prompt, options[draws.below(len(options))]


def game_views(
    game: str, players: int, seed: int, view_type: type[V], *, any_prompt: bool = False
) -> list[V]:
    """The public view before every answer of one random game of ``game``, and at its end.

    Each step answers a random option of the first open prompt, or with ``any_prompt`` of a
    random one (the shared playout, drawing from ``RandomDraws(seed)``).
    """
    engine = get_engine(game)
    views: list[V] = []

    def keep(state: object, *_: object) -> None:
        view = engine.view(state, None)
        assert isinstance(view, view_type)
        views.append(view)

    game_over = playout(engine, players, seed, RandomDraws(seed), inspect=keep,
                        choose=random_choice if any_prompt else _first_prompt)
    keep(game_over.state)
    return views
