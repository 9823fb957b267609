"""The thread of a game: one live board, and above it the log, one message per stretch.

Every game's thread reads the same way. A stretch of play (the public view's ``table_key``:
a player's turn, a round of simultaneous choices) is one thread message:

- when it begins, its message is posted at the bottom of the thread: the stretch's title,
  the table's picture and a status line (who is choosing, until when). A new message, so
  those who follow the thread are notified once a turn, and the newest message is always
  the board: nobody scrolls to find it;
- while it lasts, that message is edited: the stretch's moves (public events, in words)
  are added under the title and the status follows who is still choosing;
- when the next stretch begins, it is edited one last time into its log entry: the title
  and its moves, the picture removed. A picture stays only at the milestones: the first
  board after an age ended (the position the age left) and the final one, which carries
  the result.

Re-posting rather than editing one board in place is deliberate: an edited message does not
move, so in a busy thread the board would drift up out of sight and nobody is notified of
an edit, while a picture a message that then becomes text keeps the thread to one message
per stretch. The board's place and text live in the game's note ``board`` (the
authority: a restart or another process goes on editing the same message).
"""

from __future__ import annotations

import json
import logging
import time
from dataclasses import asdict, dataclass, field
from typing import TYPE_CHECKING, Any

import discord

from bot.delivery.transport import MENTION_USERS, MESSAGE_MAX, Transport
from bot.games import words_for
from bot.i18n import t
from bot.render import board_file
from bot.wording import join, seat_names
from engines.core.contract import TABLE_KEY
from games.service import deadline_seconds

if TYPE_CHECKING:
    from bot.client import CivBot
    from engines.core.contract import Prompt
    from games.models import GameInfo

log = logging.getLogger(__name__)

#: the game note holding the live board (``Board``)
BOARD_NOTE = "board"
#: the view field whose change marks a milestone (an age, an era)
CHAPTER_FIELD = "age"
#: the log lines a board message shows (the rest: ``/game log``)
SHOWN_LINES = 30


def table_key(view: Any) -> str:
    """The stretch of play the public ``view`` is in (``TABLE_KEY``: a turn, a round)."""
    return str(getattr(view, TABLE_KEY, ""))


def chapter(view: Any) -> str:
    """The chapter (an age) the public ``view`` is in; "" for games without one."""
    value = getattr(view, CHAPTER_FIELD, None)
    return "" if value is None or isinstance(value, bool) else str(value)


@dataclass
class Board:
    """The live board: where it is, the stretch it shows and its moves so far.

    ``keep``: its picture stays when the stretch ends (a milestone). ``deadline``: when the
    stretch's first question times out (epoch seconds; 0 none). ``text``: the content it
    shows now (an unchanged board is not edited)."""

    channel: int
    message: int
    key: str
    title: str
    chapter: str = ""
    lines: list[str] = field(default_factory=list)
    keep: bool = False
    deadline: float = 0.0
    text: str = ""
    intro: str = ""
    #: a later stretch's board could not be posted: this one no longer shows the table
    #: (a key that comes round again, Duel's "<age>:<seat>", is not this stretch)
    stale: bool = False

    def dump(self) -> str:
        return json.dumps(asdict(self), ensure_ascii=False)

    @classmethod
    def load(cls, raw: str | None) -> Board | None:
        if not raw:
            return None
        data = json.loads(raw)
        return cls(
            channel=int(data["channel"]),
            message=int(data["message"]),
            key=str(data["key"]),
            title=str(data.get("title", "")),
            chapter=str(data.get("chapter", "")),
            lines=[str(x) for x in data.get("lines", [])],
            keep=bool(data.get("keep", False)),
            deadline=float(data.get("deadline", 0.0)),
            text=str(data.get("text", "")),
            intro=str(data.get("intro", "")),
            stale=bool(data.get("stale", False)),
        )


def compose(title: str, lines: list[str], tail: list[str], intro: str = "") -> str:
    """A board's text: its ``intro`` (the game's start), title, its moves (the latest when
    they are many) and ``tail`` (the status, or the result), within one message."""
    head = [intro] if intro else []
    head += [f"**{title}**"] if title else []
    shown = lines[-SHOWN_LINES:]
    skipped = len(lines) - len(shown)
    body = [f"… (+{skipped})"] if skipped else []
    body += [f"• {line}" for line in shown]
    text = "\n".join([*head, *body, *tail])
    while len(text) > MESSAGE_MAX and body:
        body.pop(1 if body[0].startswith("…") and len(body) > 1 else 0)
        skipped += 1
        text = "\n".join([*head, f"… (+{skipped})", *body, *tail])
    return text[:MESSAGE_MAX]


class LiveBoard:
    """Keeps each game's live board and log in its thread."""

    def __init__(self, bot: CivBot, transport: Transport) -> None:
        self.bot = bot
        self.transport = transport

    async def stored(self, game_id: int) -> Board | None:
        """The game's live board (its note); None when none was posted or it is unreadable."""
        raw = await self.bot.service.get_note(game_id, BOARD_NOTE)
        try:
            return Board.load(raw)
        except (TypeError, ValueError, KeyError):
            log.warning("game %s: unreadable note %s", game_id, BOARD_NOTE)
            return None

    async def _store(self, game_id: int, board: Board) -> None:
        await self.bot.service.set_note(game_id, BOARD_NOTE, board.dump())

    def status(self, info: GameInfo, view: Any, prompts: list[Prompt], board: Board) -> list[str]:
        """Who the table waits for and until when (never what a seat is choosing)."""
        lang, names = info.language, seat_names(info.seats)
        waiting = [p.seat for p in prompts if p.blocking and not p.discreet]
        if not waiting:
            return []
        detail = words_for(info.game).turn_status(lang, view, names)
        if detail and waiting == [getattr(view, "current", None)]:
            text = detail
        else:
            text = t(lang, "board.waiting", names=join(lang, (names.get(s, "?") for s in waiting)))
        if board.deadline:
            text += " " + t(lang, "board.deadline", when=f"<t:{int(board.deadline)}:R>")
        return [f"⏳ {text}"]

    async def _edit(self, board: Board, **changes: Any) -> bool:
        channel = self.bot.get_partial_messageable(board.channel)
        try:
            await channel.get_partial_message(board.message).edit(
                allowed_mentions=discord.AllowedMentions.none(), **changes
            )
        except discord.HTTPException:
            log.info("could not edit board message %s", board.message, exc_info=True)
            return False
        return True

    async def follow(
        self,
        info: GameInfo,
        view: Any,
        prompts: list[Prompt],
        lines: list[str],
        result: list[str] | None = None,
        opening: tuple[str, list[str]] | None = None,
    ) -> bool:
        """Bring the thread to the position ``view``: ``lines``, the public moves of the
        answer just told, go to the board of the stretch they were played in; a new
        stretch (or the end, with its ``result`` lines) gets a new board; the first one
        heads with ``opening`` (the start's line, which mentions the players, and the
        opening position's lines). False when the new board could not be posted (the
        telling is then owed)."""
        board = await self.stored(info.id)
        key = "over" if result is not None else table_key(view)
        if board is not None and board.key == key and not board.stale:
            board.lines += lines
            status = self.status(info, view, prompts, board)
            text = compose(board.title, board.lines, status, board.intro)
            if text != board.text and await self._edit(board, content=text):
                board.text = text
                await self._store(info.id, board)
            elif lines:
                await self._store(info.id, board)
            return True
        posted = await self._post(info, view, prompts, key, board, result, opening)
        if posted is None:
            if board is not None:
                board.lines += lines  # told with the board that is still live
                board.stale = True
                await self._store(info.id, board)
            return False
        if board is not None:
            board.lines += lines
            await self._close(board)
        await self._store(info.id, posted)
        return True

    async def _post(
        self,
        info: GameInfo,
        view: Any,
        prompts: list[Prompt],
        key: str,
        previous: Board | None,
        result: list[str] | None,
        opening: tuple[str, list[str]] | None = None,
    ) -> Board | None:
        """The board of a new stretch, posted at the bottom of the thread."""
        lang, names = info.language, seat_names(info.seats)
        channel = await self.transport.thread(info)
        title = words_for(info.game).table_title(lang, view, names)
        now_chapter = chapter(view)
        # The first board after an age ended shows what the age left: a milestone.
        keep = result is not None or (
            previous is not None
            and previous.chapter not in ("", "0")
            and previous.chapter != now_chapter
        )
        seconds = deadline_seconds(info)
        deadline = time.time() + seconds if seconds and result is None else 0.0
        board = Board(0, 0, key, title, now_chapter, keep=keep, deadline=deadline)
        tail = result if result is not None else self.status(info, view, prompts, board)
        quiet = discord.AllowedMentions.none()
        kwargs: dict[str, Any] = {"allowed_mentions": quiet}
        if opening is not None and (opening[0] or opening[1]):
            board.intro, board.lines = opening[0], list(opening[1])
            kwargs["allowed_mentions"] = MENTION_USERS  # the start mentions its players
        text = compose(title, board.lines, tail, board.intro)
        if self.bot.settings.board_images:
            file = await board_file(self.bot.renderer, info.game, view, lang, names)
            if file is not None:
                kwargs["file"] = file
        message = await self.transport.post(info, channel, text, **kwargs)
        if message is None:
            return None
        board.channel, board.message, board.text = message.channel.id, message.id, text
        return board

    async def _close(self, board: Board) -> None:
        """The board of a stretch that ended becomes its log entry: its title and moves,
        its picture removed unless it is a milestone."""
        changes: dict[str, Any] = {
            "content": compose(board.title, board.lines, [], board.intro)
        }
        if not board.keep:
            changes["attachments"] = []
        await self._edit(board, **changes)

    async def catch_up(self, info: GameInfo) -> bool:
        """After a failed telling: a new board when the live one is not the current
        stretch's (its status refreshed otherwise)."""
        service = self.bot.service
        view = await service.view(info.id, None)
        return await self.follow(info, view, await service.prompts(info.id), [])
