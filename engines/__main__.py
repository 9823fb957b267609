"""Command line for any registered engine.

    python -m engines cards <game> [--json]
    python -m engines simulate <game> [--games N] [--seed S] [--players P]
        [--option NAME=VALUE ...] [--json]
    python -m engines replay FILE [--json]

``cards`` prints the engine's catalogue; ``simulate`` plays N games choosing a random
legal option (seeded) at every prompt, with the game's lobby options (``--option mode=peaceful``),
and reports completion, errors, victory kinds,
answers per game and speed, plus the counts the engine keeps (``Engine.stats``, e.g.
Innovation's dogma executions per card) and the catalogue cards they never reached.

``replay`` reads a game's action log (the JSON file the bot's ``/game log download:True``
attaches once a game is over: game, seed, options, players, every answer), plays it again
with the engine and prints the moves applied and the result (or the position reached:
the table's stretch and who is asked what). Exit 1 when an answer is refused (which
answer, whose, and why) or the replay's result differs from the one the file records;
exit 2 when the file is not a readable action log.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
import traceback
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engines.core.contract import TABLE_KEY, Engine, GameResult
from engines.core.errors import IllegalAnswer
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


#: what an action log file says it is (``games.transcript`` writes it)
LOG_FORMAT = "civbot-action-log"
#: the versions of that format this command reads
LOG_FORMAT_VERSIONS = (1,)


class LogError(ValueError):
    """The file is not an action log this command can read (the message says why)."""


class RefusedAnswer(Exception):  # noqa: N818 - a replay that stopped, reported as such
    """An answer of the log the engine refused: the ``index``-th (0-based) of the log."""

    def __init__(self, index: int, answer: dict[str, Any], refusal: IllegalAnswer,
                 replayed: Replayed) -> None:
        self.index = index
        self.answer = answer
        self.refusal = refusal
        self.replayed = replayed
        who = answer.get("player") or f"seat {answer['seat']}"
        super().__init__(
            f"answer {index + 1} (seq {answer.get('seq', index + 1)}, seat {answer['seat']}, "
            f"{who}): {answer['choice']!r} is refused: {refusal.message}")


@dataclass
class Replayed:
    """A log played again: the engine, the state reached and how many answers it took."""

    engine: Engine[Any]
    state: Any
    players: list[str]
    seed: int
    options: dict[str, str]
    applied: int
    total: int


def _field(data: dict[str, Any], name: str, kind: type | tuple[type, ...]) -> Any:
    value = data.get(name)
    if not isinstance(value, kind) or isinstance(value, bool) and kind is not bool:
        raise LogError(f"the log has no valid {name!r}")
    return value


def _answers(data: dict[str, Any], players: int) -> list[dict[str, Any]]:
    """The log's answers, checked: seats in range, choices as text, seq 1, 2, 3... ."""
    answers = _field(data, "answers", list)
    for i, answer in enumerate(answers):
        if not isinstance(answer, dict):
            raise LogError(f"answer {i + 1} is not an object")
        seat, choice = answer.get("seat"), answer.get("choice")
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < players:
            raise LogError(f"answer {i + 1} has no valid seat (0-{players - 1}): {seat!r}")
        if not isinstance(choice, str):
            raise LogError(f"answer {i + 1} has no valid choice: {choice!r}")
        if answer.get("seq", i + 1) != i + 1:
            raise LogError(f"answer {i + 1} has seq {answer.get('seq')!r}: the log has a gap "
                           "or is out of order")
    return answers


def replay_log(data: Any) -> Replayed:
    """Play an action log again from its seed (``LogError``: not a readable log;
    ``RefusedAnswer``: the engine refused one of its answers)."""
    if not isinstance(data, dict):
        raise LogError("the file does not hold a JSON object")
    if data.get("format") != LOG_FORMAT or data.get("format_version") not in LOG_FORMAT_VERSIONS:
        raise LogError(f"not a {LOG_FORMAT} (version {', '.join(map(str, LOG_FORMAT_VERSIONS))})"
                       f": format {data.get('format')!r}, version {data.get('format_version')!r}")
    game = _field(data, "game", str)
    try:
        engine = get_engine(game)
    except KeyError as exc:
        raise LogError(str(exc.args[0])) from None
    seed = _field(data, "seed", int)
    seats = _field(data, "players", list)
    numbers = [p.get("seat") if isinstance(p, dict) else None for p in seats]
    if sorted(n if isinstance(n, int) else -1 for n in numbers) != list(range(len(seats))):
        raise LogError("the players are not seats 0, 1, 2...")
    if not engine.min_players <= len(seats) <= engine.max_players:
        raise LogError(f"{game} takes {engine.min_players}-{engine.max_players} players, "
                       f"not {len(seats)}")
    names = [str(p.get("name") or f"seat {p['seat']}")
             for p in sorted(seats, key=lambda p: p["seat"])]
    options = _field(data, "options", dict) if "options" in data else {}
    # The bot's own options (turn deadlines) are not the engine's: left out, as the bot does.
    mine = {str(k): str(v) for k, v in options.items() if k in engine.game_options}
    try:
        chosen = engine.chosen_options(mine)  # as the game was dealt, defaults included
    except ValueError as exc:
        raise LogError(f"options: {exc}") from None
    answers = _answers(data, len(seats))
    state = engine.new_game(len(seats), seed, mine)
    replayed = Replayed(engine, state, names, seed, chosen, 0, len(answers))
    for i, answer in enumerate(answers):
        try:
            engine.apply(state, answer["seat"], answer["choice"])
        except IllegalAnswer as exc:
            raise RefusedAnswer(i, answer, exc, replayed) from None
        replayed.applied = i + 1
    return replayed


def replay_summary(replayed: Replayed) -> dict[str, Any]:
    """What ``replay`` prints: the game, the answers applied, the result or the position."""
    engine, state = replayed.engine, replayed.state
    result = engine.result(state)
    names = replayed.players
    summary: dict[str, Any] = {
        "game": engine.name,
        "players": names,
        "seed": replayed.seed,
        "options": replayed.options,
        "applied": replayed.applied,
        "answers": replayed.total,
        "over": result is not None,
    }
    if result is not None:
        summary["result"] = result.model_dump(mode="json")
    else:
        summary["table_key"] = str(getattr(engine.view(state, None), TABLE_KEY, ""))
        summary["waiting"] = [
            {"seat": p.seat, "player": names[p.seat], "prompt": p.kind}
            for p in engine.prompts(state)
        ]
    return summary


def _result_lines(result: GameResult, names: list[str]) -> list[str]:
    winners = ", ".join(names[s] for s in result.winners)
    label = "winners" if len(result.winners) > 1 else "winner"
    lines = [f"over: {result.victory} victory — {label}: {winners}"]
    for score in sorted(result.scores, key=lambda s: (s.rank, s.seat)):
        detail = ", ".join(f"{k} {v}" for k, v in score.breakdown.items() if k != "total")
        lines.append(f"  {score.rank}. {names[score.seat]} {score.total}"
                     + (f" ({detail})" if detail else ""))
    return lines


def summary_lines(summary: dict[str, Any]) -> list[str]:
    names = summary["players"]
    options = ", ".join(f"{k}={v}" for k, v in summary["options"].items()) or "none"
    lines = [f"{summary['game']}, {len(names)} players ({', '.join(names)}), "
             f"seed {summary['seed']}, options: {options}",
             f"{summary['applied']} of {summary['answers']} answers applied"]
    if summary["over"]:
        lines += _result_lines(GameResult.model_validate(summary["result"]), names)
    else:
        lines.append(f"not over; table at {summary['table_key'] or '-'}")
        waiting = ", ".join(f"{w['player']} ({w['prompt']})" for w in summary["waiting"])
        lines.append(f"waiting for: {waiting or 'no one'}")
    return lines


def cmd_replay(path: str, as_json: bool) -> int:
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
        replayed = replay_log(data)
    except (OSError, UnicodeDecodeError, json.JSONDecodeError, LogError) as exc:
        print(f"{path}: cannot replay: {exc}", file=sys.stderr)
        return 2
    except RefusedAnswer as exc:
        summary = replay_summary(exc.replayed)
        summary["refused"] = {"index": exc.index, **exc.answer, "key": exc.refusal.key,
                              "message": exc.refusal.message}
        if as_json:
            print(json.dumps(summary, ensure_ascii=False, indent=1))
        else:
            print("\n".join(summary_lines(summary)))
        print(f"{path}: illegal move: {exc}", file=sys.stderr)
        return 1
    summary = replay_summary(replayed)
    status = 0
    recorded = data.get("result")
    if recorded is not None and recorded != summary.get("result"):
        summary["mismatch"] = "the replayed result differs from the one the file records"
        status = 1
    if as_json:
        print(json.dumps(summary, ensure_ascii=False, indent=1))
    else:
        print("\n".join(summary_lines(summary)))
    if status:
        print(f"{path}: {summary['mismatch']}", file=sys.stderr)
    return status


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
    p_replay = sub.add_parser("replay", help="play a game's action log (JSON) again")
    p_replay.add_argument("file", help="the action log, as /game log download:True gives it")
    p_replay.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    if args.command == "replay":
        return cmd_replay(args.file, args.json)
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
