"""Time to compute the payment options of a whole 7-card hand (target < 5 ms).

Positions: the first turn of Ages II and III of seeded random 7-player games (full hands,
cities with production and trading cards). For each seat, every card of the hand and the
next wonder stage go through ``trading.payments`` (every non-dominated payment), with
every cache cleared first ("cold") and then again with the caches filled ("warm"); also
the whole hand prompt (``prompts.hand_options``) cold.

    .venv/bin/python benchmarks/seven_wonders_payments.py [--games N]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engines.core.rng import Rng  # noqa: E402
from engines.seven_wonders import trading  # noqa: E402
from engines.seven_wonders.costs import market  # noqa: E402
from engines.seven_wonders.effects import next_stage  # noqa: E402
from engines.seven_wonders.engine import SevenWondersEngine  # noqa: E402
from engines.seven_wonders.facts import CARD  # noqa: E402
from engines.seven_wonders.prompts import hand_options  # noqa: E402
from engines.seven_wonders.state import SevenWondersState  # noqa: E402

TARGET_MS = 5.0


def positions(games: int, seed: int) -> list[SevenWondersState]:
    engine = SevenWondersEngine()
    rng = Rng.from_seed(seed)
    out = []
    for g in range(games):
        st = engine.new_game(7, seed + g, {"sides": "mixed"})
        while st.phase != "over":
            if st.phase == "play" and st.turn == 1 and st.age > 1 and not any(st.choice):
                out.append(engine.copy(st))
            prompts = [p for p in engine.prompts(st) if p.kind != "waiting"]
            p = prompts[rng.below(len(prompts))]
            option = p.options[0] if p.kind == "payment" else p.options[rng.below(len(p.options))]
            engine.apply(st, p.seat, option.id)
    return out


def hand_payments(st: SevenWondersState, seat: int) -> int:
    mk = market(st, seat)
    n = 0
    for card in st.hands[seat]:
        trading.payments(CARD[card].need, mk)
        n += 1
    stage = next_stage(st, seat)
    if stage is not None:
        trading.payments(stage.need, mk)
    return n


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    pos = positions(args.games, args.seed)
    hands = [(st, seat) for st in pos for seat in range(st.players)]
    worst = 0.0
    total = 0.0
    for st, seat in hands:
        trading.clear_cache()
        t = time.perf_counter()
        hand_payments(st, seat)
        dt = time.perf_counter() - t
        worst = max(worst, dt)
        total += dt
    warm_start = time.perf_counter()
    for st, seat in hands:
        hand_payments(st, seat)
    warm = (time.perf_counter() - warm_start) / len(hands)
    prompt_total = 0.0
    for st, seat in hands:
        trading.clear_cache()
        st.cache.clear()
        t = time.perf_counter()
        hand_options(st, seat)
        prompt_total += time.perf_counter() - t
    mean = total / len(hands)
    ok = "ok" if worst * 1000 < TARGET_MS else "MISSED"
    print(f"{len(hands)} hands of 7 cards (7 players, Ages II-III): payments of the hand + "
          f"wonder stage, cold cache: mean {mean * 1000:.3f} ms, worst {worst * 1000:.3f} ms "
          f"(target < {TARGET_MS} ms: {ok}); warm: {warm * 1000:.3f} ms; whole hand prompt "
          f"cold: mean {prompt_total / len(hands) * 1000:.3f} ms")


if __name__ == "__main__":
    main()
