"""``python -m bot sandbox``: try the real bot in a terminal, without a Discord token.

SimCord runs the unmodified bot against an in-process Discord; simulated members type the
same slash commands and press the same buttons a Discord client would. Board images are
written to a folder (default ``sandbox_out/``).

Interactive commands (``help`` lists them)::

    as alice /game new duel            alice runs a slash command (also /hand, /play ..., /help)
    as bob click Join                  bob presses the newest button whose label starts so
    as alice choose Build Lumber       pick the first select option containing those words
    as alice play build:lumber_yard    /play with an option id, or words of its label
    options alice                      the options alice may choose now (autocomplete)
    show                               the newest messages again
    quit

``--auto [--seed S] [--game G] [--players N] [--option NAME=VALUE ...]`` plays a whole game
(default: 7 Wonders Duel for two; the options are chosen in the lobby's menu, e.g.
``--option mode=first`` for Through the Ages' first game) with members choosing random
legal options from where the bot asks them (thread, DMs, ephemeral replies) and prints a
short transcript with the final scores. Like the engines' random playouts, they take an
answer the engine lists in ``playout_avoid`` (Through the Ages: resigning) only when
nothing else is offered.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import random
import re
import shlex
import sys
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any
from unittest import mock

from bot.client import CivBot
from bot.i18n import t
from bot.ids import resolve_ref
from bot.settings import load_settings
from engines.core.playout import avoided
from engines.registry import get_engine

PLAYERS = ("alice", "bob", "carol", "dave", "erin", "frank", "grace")
#: a component answering a seat's question: answer button, select, grouped menu (``cb:g``),
#: the turn panel's Confirm / Back (``cb:k``); not the number modal's button (``cb:n``)
SEAT_OF = re.compile(r"cb:[osgk]:(?P<game>\d+):(?P<version>\d+|t[0-9a-z]+):(?P<seat>\d+):")


def _flatten(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for row in rows:
        out.append(row)
        out.extend(_flatten(row.get("components") or []))
    return out


def _controls(message: Any) -> list[dict[str, Any]]:
    """Buttons and selects of a discord.Message or a SimCord ResponseMessage, as dicts."""
    raw = message.components
    rows = [c if isinstance(c, dict) else c.to_dict() for c in raw]
    return [c for c in _flatten(rows) if c.get("type") in (2, 3)]


class Sandbox:
    """One simulated server with three members and the bot."""

    def __init__(self, env: Any, out: Path, echo: Callable[[str], None] = print) -> None:
        self.env = env
        self.out = out
        self.echo = echo
        self.guild = env.create_guild("Sandbox")
        self.channel = self.guild.create_text_channel("games")
        self.members = {n: self.guild.add_member(env.create_user(n)) for n in PLAYERS}
        self.names = {m.id: n for n, m in self.members.items()}
        self.seen: set[int] = set()
        self.shown: dict[int, list[str]] = {}
        self.ephemeral: dict[str, list[Any]] = {n: [] for n in PLAYERS}
        #: who may press an ephemeral reply: the user itself when it came in a DM
        self.ephemeral_clicker: dict[int, Any] = {}
        self.last_clicker: Any = None
        self.images = 0
        self.quiet_components = False

    # -- output -------------------------------------------------------------------------
    def _channels(self) -> list[tuple[str, Any, Any]]:
        """(tag, channel handle, clicker) for every place a member can read."""
        places: list[tuple[str, Any, Any]] = [("#games", self.channel, None)]
        for thread in self.channel.threads:
            places.append((f"#{thread.name}", thread, None))
        for name, member in self.members.items():
            places.append((f"DM {name}", member.user.dm_channel, member.user))
        return places

    def describe(self, message: Any) -> list[str]:
        lines: list[str] = []
        text = self.readable(message.content or "")
        if text:
            lines.extend(text.split("\n"))
        for embed in message.embeds:
            if embed.title:
                lines.append(f"┃ {embed.title}")
            if embed.description:
                lines.extend("┃ " + line for line in self.readable(embed.description).split("\n"))
            for f in embed.fields:
                lines.append(f"┃ {f.name}: {self.readable(f.value or '').replace(chr(10), ' / ')}")
        if not self.quiet_components:
            buttons = [c for c in _controls(message) if c["type"] == 2]
            if buttons:
                lines.append("  " + " ".join(f"[{c.get('label', '')}]" for c in buttons))
            for select in (c for c in _controls(message) if c["type"] == 3):
                labels = [o["label"] for o in select.get("options", [])]
                lines.append(f"  <{select.get('placeholder') or 'select'}: {len(labels)} options>")
                lines.extend(f"    - {label}" for label in labels[:30])
        return lines

    def readable(self, text: str) -> str:
        def user(m: re.Match[str]) -> str:
            return "@" + self.names.get(int(m[1]), m[1])

        def chan(m: re.Match[str]) -> str:
            for thread in self.channel.threads:
                if thread.id == int(m[1]):
                    return f"#{thread.name}"
            return "#games" if int(m[1]) == self.channel.id else f"#{m[1]}"

        return re.sub(r"<#(\d+)>", chan, re.sub(r"<@!?(\d+)>", user, text))

    async def save_images(self, message: Any) -> list[str]:
        saved = []
        for attachment in message.attachments:
            self.images += 1
            path = self.out / f"{self.images:03d}_{attachment.filename}"
            path.write_bytes(await attachment.read())
            saved.append(str(path))
        return saved

    async def flush(
        self, result: Any = None, actor: str | None = None, clicker: Any = None
    ) -> None:
        """Print every message not shown yet, in order, then the actor's private replies."""
        new: list[tuple[int, str, Any]] = []
        for tag, channel, _ in self._channels():
            for message in channel.history():
                if message.id not in self.seen:
                    self.seen.add(message.id)
                    new.append((message.id, tag, message))
        for _, tag, message in sorted(new, key=lambda x: x[0]):
            author = "bot" if message.author.bot else self.names.get(message.author.id, "?")
            self.echo(f"[{tag}] {author}:")
            self.shown[message.id] = self.describe(message)
            for line in self.shown[message.id]:
                self.echo("    " + line)
            for path in await self.save_images(message):
                self.echo(f"    [image: {path}]")
        if result is not None and actor is not None:
            replies = [r for r in [result.response, *result.followups] if r is not None]
            for reply in replies:
                if reply.id in self.seen:
                    lines = self.describe(reply)
                    if not reply.ephemeral and self.shown.get(reply.id) != lines:
                        self.shown[reply.id] = lines  # a message the click edited (the lobby)
                        self.echo("[updated]")
                        for line in lines:
                            self.echo("    " + line)
                    continue
                self.seen.add(reply.id)
                if reply.ephemeral:
                    self.ephemeral[actor].append(reply)
                    if clicker is not None:
                        self.ephemeral_clicker[reply.id] = clicker
                self.echo(f"[only {actor} sees]" if reply.ephemeral else "[reply]")
                for line in self.describe(reply):
                    self.echo("    " + line)
                for path in await self.save_images(reply):
                    self.echo(f"    [image: {path}]")

    # -- actions ------------------------------------------------------------------------
    def here(self) -> Any:
        """Where commands are typed: the newest game thread, else #games."""
        return self.channel.threads[-1] if self.channel.threads else self.channel

    def _candidates(self, name: str) -> list[tuple[Any, Any]]:
        """(message, clicker) newest first: the member's private replies, DMs, threads."""
        member = self.members[name]
        out: list[tuple[Any, Any]] = [
            (m, self.ephemeral_clicker.get(m.id, member)) for m in reversed(self.ephemeral[name])
        ]
        found: list[tuple[int, Any, Any]] = []
        for _tag, channel, clicker in self._channels():
            if clicker is not None and clicker is not member.user:
                continue
            for message in channel.history():
                found.append((message.id, message, clicker or member))
        out += [(m, c) for _, m, c in sorted(found, key=lambda x: -x[0])]
        return out

    async def slash(self, name: str, words: list[str]) -> Any:
        member = self.members[name]
        command = words[0].lstrip("/")
        args = words[1:]
        if command == "game" and args:
            sub, rest = args[0], args[1:]
            options: dict[str, Any] = {}
            if sub == "new":
                options["game"] = rest[0] if rest else "duel"
                if len(rest) > 1:
                    options["language"] = rest[1]
                return await member.slash(self.channel, "game new", **options)
            if sub == "abandon" and rest:
                options["game_id"] = int(rest[0].lstrip("#"))
            return await member.slash(self.here(), f"game {sub}", **options)
        if command == "play":
            return await self.play(name, " ".join(args))
        if command == "hand":
            return await member.slash(self.here(), "hand")
        return await member.slash(self.here(), command)

    async def play(self, name: str, text: str) -> Any:
        member = self.members[name]
        choices = await member.autocomplete(self.here(), "play", "option", text)
        value = text
        for choice in choices:
            if text.casefold() in (choice["name"].casefold(), choice["value"].casefold()):
                value = choice["value"]
                break
        else:
            if len(choices) == 1:
                value = choices[0]["value"]
        return await member.slash(self.here(), "play", option=value)

    async def click(self, name: str, label: str) -> Any:
        wanted = label.casefold()
        for message, clicker in self._candidates(name):
            for control in _controls(message):
                text = str(control.get("label", "")).casefold()
                if control["type"] == 2 and text.startswith(wanted) and not control.get("disabled"):
                    self.last_clicker = clicker
                    return await clicker.click(message, custom_id=control["custom_id"])
        raise LookupError(f"no button labelled {label!r} for {name}")

    async def choose(self, name: str, words: str) -> Any:
        wanted = words.casefold()
        for message, clicker in self._candidates(name):
            for control in _controls(message):
                if control["type"] != 3:
                    continue
                for option in control.get("options", []):
                    if wanted in option["label"].casefold() or wanted == option["value"].casefold():
                        self.last_clicker = clicker
                        return await clicker.select(
                            message, [option["value"]], custom_id=control["custom_id"]
                        )
        raise LookupError(f"no select option matching {words!r} for {name}")

    async def options(self, name: str) -> list[str]:
        choices = await self.members[name].autocomplete(self.here(), "play", "option", "")
        return [c["name"] for c in choices]

    async def run_line(self, line: str) -> bool:
        """Run one REPL line; False to quit."""
        words = shlex.split(line)
        if not words:
            return True
        if words[0] in ("quit", "exit"):
            return False
        if words[0] == "help":
            self.echo(__doc__ or "")
            return True
        if words[0] == "show":
            for message in self.here().history()[-8:]:
                self.echo("    " + "\n    ".join(self.describe(message)))
            return True
        if words[0] == "options":
            for label in await self.options(words[1] if len(words) > 1 else "alice"):
                self.echo(f"    - {label}")
            return True
        if words[0] == "as":
            words = words[1:]
        if not words or words[0] not in self.members or len(words) < 2:
            self.echo("usage: as <alice|bob|carol> </command ...|click LABEL|choose WORDS|play X>")
            return True
        name, verb, rest = words[0], words[1], words[2:]
        self.last_clicker = None
        try:
            if verb.startswith("/"):
                result = await self.slash(name, [verb, *rest])
            elif verb == "click":
                result = await self.click(name, " ".join(rest))
            elif verb == "choose":
                result = await self.choose(name, " ".join(rest))
            elif verb == "play":
                result = await self.play(name, " ".join(rest))
            else:
                self.echo(f"unknown action {verb!r} (try help)")
                return True
        except Exception as exc:  # the REPL reports and goes on
            self.echo(f"! {type(exc).__name__}: {exc}")
            return True
        await self.flush(result, name, self.last_clicker)
        return True

    # -- automatic game -----------------------------------------------------------------
    async def waiting(self, game_id: int) -> list[tuple[int, str]]:
        """(seat, pin) of the questions the game waits on (read from the bot's service: the
        automatic player needs to know whom to move; a human reads the thread)."""
        bot = self.env.bot
        info = await bot.service.get(game_id)
        if info.status != "active":
            return []
        asked = [p for p in await bot.service.prompts(game_id) if p.blocking]
        pins = await bot.delivery.question_pins(info, asked)
        return [(p.seat, pins[p.seat]) for p in asked]

    def find_prompt(self, name: str, seat: int, pinned: str) -> tuple[Any, Any] | None:
        """(message, clicker) of ``name``'s newest message answering the question ``pinned``."""
        for message, clicker in self._candidates(name):
            for control in _controls(message):
                m = SEAT_OF.match(control.get("custom_id", ""))
                if m and int(m["seat"]) == seat and m["version"] == pinned:
                    return message, clicker
        return None

    async def auto(
        self,
        seed: int,
        language: str | None,
        game: str = "duel",
        players: int = 2,
        options: list[str] | None = None,
        after: Callable[[int], Awaitable[None]] | None = None,
    ) -> int:
        """Play a random game from the lobby to its end; the moves made. ``after`` is
        awaited with the game's id after each move (a test checks the table there)."""
        rng = random.Random(seed)
        avoid = get_engine(game).playout_avoid  # e.g. resigning: only when nothing else is
        self.quiet_components = True
        names = list(PLAYERS[:players])
        # The service draws each game's seed from ``secrets``; pin it so a --seed replays the
        # same deal as well as the same choices.
        with mock.patch("games.service.secrets.randbits", return_value=seed):
            await self.run_line(f"as alice /game new {game} {language or ''}".strip())
        lang = language or "en"
        for option in options or []:  # the creator's lobby menu: value ``name=value``
            await self.run_line(f"as alice choose {option}")
        for other in names[1:]:
            await self.run_line(f"as {other} click {t(lang, 'lobby.button.join')}")
        await self.run_line(f"as alice click {t(lang, 'lobby.button.start')}")
        game_id = len(self.channel.threads)
        moves = 0
        while (asked := await self.waiting(game_id)) and moves < 3000:
            seat, pinned = rng.choice(asked)
            name = names[seat]
            found = self.find_prompt(name, seat, pinned)
            if found is None:  # DMs closed: the thread's "Show my hand / act" button
                await self.flush(await self.click(name, t(lang, "turn.button.hand")), name)
                found = self.find_prompt(name, seat, pinned)
                if found is None:
                    raise LookupError(f"{name} was asked something the sandbox cannot find")
            message, clicker = found
            controls = [c for c in _controls(message) if SEAT_OF.match(c.get("custom_id", ""))]
            shunned = await self.avoided_refs(game_id, seat, avoid, controls)
            control, value = _choose(rng, controls, shunned)
            if value is None:
                result = await clicker.click(message, custom_id=control["custom_id"])
            else:
                result = await clicker.select(message, [value], custom_id=control["custom_id"])
            moves += 1
            await self.flush(result, name, clicker)
            if after is not None:
                await after(game_id)
        return moves

    async def avoided_refs(self, game_id: int, seat: int, avoid: frozenset[str],
                           controls: list[dict[str, Any]]) -> set[str]:
        """The refs among ``controls`` that name an option the engine's random players
        avoid (``Engine.playout_avoid``: e.g. resigning); empty when it avoids nothing."""
        if not avoid:
            return set()
        prompts = await self.env.bot.service.prompts(game_id)
        ids = next(([o.id for o in p.options] for p in prompts if p.seat == seat), [])
        refs = set().union(*(_refs(c) for c in controls))
        return {r for r in refs if avoided(resolve_ref(r, ids) or "", avoid)}


def _choose(rng: random.Random, controls: list[dict[str, Any]],
            shunned: set[str]) -> tuple[dict[str, Any], str | None]:
    """The automatic player's pick among a question's controls: (button, None) or (select,
    value). A turn panel asking to confirm is confirmed (Back would only show the same panel
    again), unless what it confirms is avoided; else a random control, and for a select a
    random answer of it, not "another page" (``&<page>``) of a grouped menu. Answers named
    by ``shunned`` (refs of ``Engine.playout_avoid`` options) only when nothing else is."""
    def only_shunned(c: dict[str, Any]) -> bool:
        refs = _refs(c)
        return bool(refs) and refs <= shunned

    panel = [c for c in controls if c["custom_id"].startswith("cb:k:")]
    confirm = [c for c in panel if not c["custom_id"].endswith(":-")]
    if confirm:
        back = [c for c in panel if c["custom_id"].endswith(":-")]
        return (back[0] if back and only_shunned(confirm[0]) else confirm[0]), None
    control = rng.choice([c for c in controls if not only_shunned(c)] or controls)
    if control["type"] == 2:
        return control, None
    values = [o["value"] for o in control["options"]]
    values = [v for v in values if not v.startswith("&")] or values
    return control, rng.choice([v for v in values if v not in shunned] or values)


def _refs(control: dict[str, Any]) -> set[str]:
    """The option refs (``=<id>`` / ``#<index>``) a button or select answers with."""
    if control["type"] == 2:
        ref = control["custom_id"].split(":", 5)[-1]
        return {ref} if ref[:1] in ("=", "#") else set()
    return {o["value"] for o in control.get("options", []) if o["value"][:1] in ("=", "#")}


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m bot sandbox",
        description="Try the bot offline: SimCord runs it; simulated members act for you.",
    )
    parser.add_argument("--auto", action="store_true", help="play a whole random game")
    parser.add_argument("--game", default="duel", help="--auto's game: duel, seven_wonders...")
    parser.add_argument("--players", type=int, default=None, help="--auto's player count")
    parser.add_argument("--seed", type=int, default=1, help="seed of --auto's random choices")
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                        help="--auto's lobby option, e.g. mode=peaceful (repeatable)")
    parser.add_argument("--out", type=Path, default=Path("sandbox_out"), help="image folder")
    parser.add_argument("--language", choices=("en", "zh-TW", "zh-CN"), default=None)
    return parser


async def _run(args: argparse.Namespace) -> int:
    import simcord  # the one function-local import: SimCord is an optional dependency

    logging.basicConfig(level=logging.WARNING)
    out: Path = args.out
    out.mkdir(parents=True, exist_ok=True)
    db = out / "sandbox.db"
    for stale in (db, out / "sandbox.db-wal", out / "sandbox.db-shm"):
        stale.unlink(missing_ok=True)
    settings = load_settings(discord_token="sandbox", database_url=f"sqlite:///{db}")
    bot = CivBot(settings)
    printed: list[str] = []
    echo: Callable[[str], None] = printed.append if args.auto else print
    try:
        async with simcord.run(bot) as env:
            box = Sandbox(env, out, echo)
            if args.auto:
                players = args.players or get_engine(args.game).min_players
                moves = await box.auto(
                    args.seed, args.language, args.game, players, args.option
                )
                _print_transcript(printed, moves, box.images, out)
                return 0
            print("Sandbox ready: members alice, bob, carol in #games. Type `help`.")
            while True:
                try:
                    line = input("> ")
                except EOFError:
                    break
                if not await box.run_line(line):
                    break
    finally:
        store = getattr(bot, "store", None)
        if store is not None:
            await store.close()
    return 0


def _print_transcript(lines: list[str], moves: int, images: int, out: Path) -> None:
    """The game's story without the buttons: thread lines and the final scores."""
    noise = ("[", "<", "- ", "┃", "✅", "@")
    keep = [
        line.strip()
        for line in lines
        if line.startswith("    ") and not line.strip().startswith(noise)
    ]
    for line in keep:
        print(line)
    print(f"\n{moves} moves; {images} images written to {out}/")


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    return asyncio.run(_run(args))


if __name__ == "__main__":
    sys.exit(main())
