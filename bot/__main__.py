"""``python -m bot`` runs the bot; ``sandbox`` tries it offline; ``verify-replays`` checks logs."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import sys

from bot.client import CivBot
from bot.sandbox import main as sandbox_main
from bot.settings import load_settings
from games.cli import main as games_main
from games.storage import StorageError, open_store


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv and argv[0] == "sandbox":
        return sandbox_main(argv[1:])
    if argv and argv[0] == "verify-replays":
        rest = argv[1:]
        if not any(a == "--database" or a.startswith("--database=") for a in rest):
            rest = ["--database", load_settings().database_url, *rest]
        return int(games_main(["verify-replays", *rest]) or 0)
    parser = argparse.ArgumentParser(
        prog="python -m bot",
        description="Run the Discord bot (settings from .env). Subcommands: "
        "sandbox [--auto] [--game G] [--players N] [--seed S] [--language L] [--out DIR], "
        "verify-replays [...]",
    )
    parser.parse_args(argv)
    settings = load_settings()
    logging.basicConfig(
        level=settings.log_level.upper(),
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )
    if not settings.discord_token:
        print(
            "error: DISCORD_TOKEN is not set. Put it in .env (see .env.example) or the "
            "environment, or try the bot offline with `python -m bot sandbox`.",
            file=sys.stderr,
        )
        return 2

    async def check_database() -> None:
        """Open (and migrate) the database before connecting to Discord, so a bad
        DATABASE_URL is reported as such, not after a login or as a hung process."""
        store = await open_store(settings.database_url)
        await store.close()

    async def run() -> None:
        async with CivBot(settings) as bot:
            await bot.start(settings.discord_token)

    try:
        with contextlib.suppress(KeyboardInterrupt):
            asyncio.run(check_database())
            asyncio.run(run())
    except StorageError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
