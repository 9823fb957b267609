"""Command line for any registered engine.

    python -m engines cards <game> [--json]
    python -m engines simulate <game> [--games N] [--seed S] [--players P]
        [--option NAME=VALUE ...] [--json]

``cards`` prints the engine's catalogue; ``simulate`` plays N games choosing a random
legal option (seeded) at every prompt, with the game's lobby options (``--option mode=peaceful``),
and reports completion, errors, victory kinds,
answers per game and speed, plus the counts the engine keeps (``Engine.stats``, e.g.
Innovation's dogma executions per card) and the catalogue cards they never reached.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
import traceback
from collections import Counter
from typing import Any

from engines.core.contract import Engine
from engines.core.playout import game_seed, playout
from engines.core.rng import Rng
from engines.registry import engine_names, get_engine


def _fmt_cost(cost: Any) -> str:
    if not isinstance(cost, dict):
        return str(cost)
    parts = []
    if cost.get("coins"):
        parts.append(f"{cost['coins']} coin(s)")
    for res, n in (cost.get("resources") or {}).items():
        parts.append(f"{n} {res}")
    return ", ".join(parts) or "free"


def _fmt_item(item: dict[str, Any]) -> list[str]:
    head = f"{item.get('id', '?')}"
    if item.get("name"):
        head += f" — {item['name']}"
    facts = []
    for key, value in item.items():
        if key in ("id", "name", "names", "effects", "cost") or value in (None, [], {}):
            continue
        if isinstance(value, (str, int, float, bool)):
            facts.append(f"{key}={value}")
    if "cost" in item:
        facts.append(f"cost: {_fmt_cost(item['cost'])}")
    lines = [head + (f"  ({'; '.join(facts)})" if facts else "")]
    for eff in item.get("effects") or []:
        text = eff.get("text") if isinstance(eff, dict) else None
        lines.append(f"    - {text or eff}")
    return lines


def cmd_cards(engine: Engine[Any], as_json: bool) -> int:
    data = engine.catalogue()
    if as_json:
        print(json.dumps(data, ensure_ascii=False, indent=1))
        return 0
    for section, items in data.items():
        if not isinstance(items, list):
            continue
        print(f"== {section} ({len(items)}) ==")
        for item in items:
            if isinstance(item, dict):
                for line in _fmt_item(item):
                    print(line)
            else:
                print(item)
        print()
    return 0


def simulate(engine: Engine[Any], games: int, seed: int, players: int,
             options: dict[str, str] | None = None) -> dict[str, Any]:
    """Play ``games`` random legal games (``engines.core.playout``, all draws from one
    ``Rng(seed)``); return the summary. A failing game is reported, never fatal."""
    rng = Rng.from_seed(seed)
    victories: Counter[str] = Counter()
    errors: list[dict[str, Any]] = []
    completed = 0
    answers_total = 0
    stats: Counter[str] = Counter()  # the engine's own counts (Engine.stats), summed
    start = time.perf_counter()
    for i in range(games):
        seed_i = game_seed(rng)
        try:
            game = playout(engine, players, seed_i, rng, options=options)
        except Exception as exc:  # a simulation reports every failure, it never stops
            errors.append({"game": i, "seed": seed_i, "error": repr(exc),
                           "trace": traceback.format_exc(limit=5)})
            continue
        victories[game.result.victory] += 1
        stats.update(engine.stats(game.state))
        completed += 1
        answers_total += game.answer_count
    elapsed = time.perf_counter() - start
    summary: dict[str, Any] = {
        "game": engine.name,
        "games": games,
        "seed": seed,
        "players": players,
        "options": dict(options or {}),
        "completed": completed,
        "errors": len(errors),
        "error_details": errors[:10],
        "victories": dict(sorted(victories.items())),
        "mean_answers": round(answers_total / completed, 2) if completed else 0.0,
        "seconds": round(elapsed, 3),
        "games_per_second": round(games / elapsed, 1) if elapsed > 0 else None,
    }
    if stats:
        summary["execution_counts"] = dict(sorted(stats.items()))
        catalogue_ids = [c["id"] for c in engine.catalogue().get("cards", [])]
        summary["never_executed"] = [c for c in catalogue_ids if c not in stats]
    return summary


def cmd_simulate(engine: Engine[Any], games: int, seed: int, players: int | None,
                 as_json: bool, options: dict[str, str] | None = None) -> int:
    summary = simulate(engine, games, seed, players or engine.min_players, options)
    if as_json:
        print(json.dumps(summary, indent=1))
    else:
        print(f"{summary['game']}: {summary['completed']}/{summary['games']} games completed, "
              f"{summary['errors']} error(s) (seed {summary['seed']}, "
              f"{summary['players']} players)")
        for kind, n in summary["victories"].items():
            print(f"  {kind:<10} {n}")
        print(f"  mean answers per game: {summary['mean_answers']}")
        print(f"  {summary['games_per_second']} games/s ({summary['seconds']} s)")
        if "execution_counts" in summary:
            counts = summary["execution_counts"]
            print(f"  executions: {sum(counts.values())} over {len(counts)} card(s)")
            for card, n in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])):
                print(f"    {card:<22} {n}")
            if summary["never_executed"]:
                print(f"  never executed: {', '.join(summary['never_executed'])}")
        for err in summary["error_details"]:
            print(f"  error in game {err['game']} (seed {err['seed']}): {err['error']}")
    return 1 if summary["errors"] else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engines")
    sub = parser.add_subparsers(dest="command", required=True)
    p_cards = sub.add_parser("cards", help="print a game's catalogue")
    p_cards.add_argument("game", choices=engine_names())
    p_cards.add_argument("--json", action="store_true")
    p_sim = sub.add_parser("simulate", help="play random legal games")
    p_sim.add_argument("game", choices=engine_names())
    p_sim.add_argument("--games", type=int, default=100)
    p_sim.add_argument("--seed", type=int, default=0)
    p_sim.add_argument("--players", type=int, default=None)
    p_sim.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                       help="a lobby option of the game, e.g. mode=peaceful (repeatable)")
    p_sim.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    engine = get_engine(args.game)
    if args.command == "cards":
        return cmd_cards(engine, args.json)
    players = args.players
    if players is not None and not engine.min_players <= players <= engine.max_players:
        parser.error(f"{engine.name} takes {engine.min_players}-{engine.max_players} players")
    options = dict(o.partition("=")[::2] for o in args.option)
    try:
        engine.chosen_options(options)
    except ValueError as exc:
        choices = "; ".join(f"{k}: {', '.join(v)}" for k, (v, _) in engine.game_options.items())
        parser.error(f"{exc} ({engine.name} options: {choices or 'none'})")
    return cmd_simulate(engine, args.games, args.seed, players, args.json, options or None)


if __name__ == "__main__":
    sys.exit(main())
