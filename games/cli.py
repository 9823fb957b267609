"""Command line for operators: ``python -m games verify-replays [--database URL] [--game ID]``.

The bot wires ``python -m bot verify-replays`` to :func:`main` as well.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
from collections.abc import Sequence

from games.verify import summary, verify_replays

DEFAULT_DATABASE = "sqlite:///civbot.db"


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m games")
    sub = parser.add_subparsers(dest="command", required=True)
    verify = sub.add_parser(
        "verify-replays", help="rebuild every game from its seed and log; compare to snapshots"
    )
    verify.add_argument(
        "--database",
        default=os.environ.get("DATABASE_URL", DEFAULT_DATABASE),
        help="sqlite:///path.db or postgresql://... (default: $DATABASE_URL or "
        f"{DEFAULT_DATABASE})",
    )
    verify.add_argument("--game", type=int, default=None, help="only this game id")
    return parser


async def _verify(database: str, game_id: int | None) -> int:
    """Exit status: 0 every game ok, 1 some game mismatched or unreadable, 2 no database."""
    from games.storage import StorageError, open_store

    try:
        store = await open_store(database)
    except StorageError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    try:
        reports = await verify_replays(store, game_id)
    finally:
        await store.close()
    for r in reports:
        print(r.line())
    print(summary(reports))
    return 0 if all(r.ok for r in reports) else 1


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    if args.command == "verify-replays":
        return asyncio.run(_verify(args.database, args.game))
    return 2


if __name__ == "__main__":
    sys.exit(main())
