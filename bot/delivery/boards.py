"""What a seat sees of its game in its DMs, edited in place: its panel.

A panel is one DM message per seat and stretch of play (the public view's ``table_key``: a
turn, a round), edited after each answer (through the click's own interaction when the
seat pressed it, else through the stored message), never one message per answer. Every
game's questions are asked there (``on_panel``); a new message, which is what Discord
notifies, only when a new stretch puts a question to the seat. Its note (``Panel``) keeps
where it is, the stretch and the question it shows, the stretch's private events ("Last:
...") and a digest of its picture, so a restart edits it rather than sending another, and an
edit uploads the picture only when it changed. Private news of a seat that has no panel in
the current stretch waits for its next panel (``Records.news``). An option that forecasts a
cost (``GameWords.warnings``) is first shown there with its warnings and "Confirm" /
"Back".
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import discord

from bot import ids
from bot.components import static_view
from bot.components.panel import confirm_items
from bot.delivery.hand import Hands
from bot.delivery.ledger import Panel, Records
from bot.delivery.table import table_key
from bot.delivery.transport import MESSAGE_MAX, Transport, dm_intro
from bot.games import words_for
from bot.i18n import has, t
from bot.render import files_digest
from bot.wording import event_text, join, option_text, seat_names, sentences
from games.models import GameInfo, ServiceError

if TYPE_CHECKING:
    from bot.client import CivBot
    from engines.core.contract import Event, Option, Prompt

log = logging.getLogger(__name__)


def confirm_line(lang: str, chosen: str, warned: str) -> str:
    """The panel's confirmation question. An option whose own label already tells its costs
    (ending the turn: "End turn — 2 civil actions unused") is not told them twice."""
    key = "panel.confirm_named" if warned and warned in chosen else "panel.confirm"
    return t(lang, key, option=chosen, warnings=warned)


class TurnPanels:
    """Each seat's panel."""

    def __init__(self, bot: CivBot, records: Records, transport: Transport, hands: Hands) -> None:
        self.bot = bot
        self.records = records
        self.transport = transport
        self.hands = hands

    async def is_panel(self, game_id: int, seat: int, message: discord.Message | None) -> bool:
        """Whether ``message`` is the seat's turn panel (its clicks edit it in place)."""
        if message is None:
            return False
        panel = await self.records.stored_panel(game_id, seat)
        return panel is not None and panel.message == message.id

    async def turn_of(self, info: GameInfo) -> str:
        """The turn the game is in (the public view's ``table_key``)."""
        return table_key(await self.bot.service.view(info.id, None))

    async def edit(
        self, panel: Panel, via: discord.Interaction[Any] | None, **changes: Any
    ) -> bool:
        """Edit the panel: through ``via`` (a click on it, deferred as an update), else the
        stored message (not possible for an ephemeral one). False when it failed."""
        try:
            if via is not None:
                await via.edit_original_response(**changes)
            elif panel.ephemeral:
                return False
            else:
                channel = self.bot.get_partial_messageable(panel.channel)
                await channel.get_partial_message(panel.message).edit(**changes)
        except discord.HTTPException:
            log.info("could not edit turn panel %s", panel.message, exc_info=True)
            return False
        return True

    async def close_all(self, game_id: int) -> None:
        """Strip every panel of the game of its components (the game is over), also those
        not read since a restart."""
        try:
            seats = range(len((await self.bot.service.get(game_id)).seats))
        except ServiceError:
            seats = range(0)
        for seat in sorted({*seats, *self.records.panel_seats(game_id)}):
            panel = await self.records.panel(game_id, seat)
            if panel is not None:
                await self.edit(panel, None, view=None)
                await self.records.set_panel(game_id, seat, None)

    def last_lines(self, info: GameInfo, panel: Panel | None) -> list[str]:
        """The panel's "Last: ..." line: the turn's latest provisional events."""
        if panel is None or not panel.last:
            return []
        shown = panel.last[-words_for(info.game).panel_last :]
        return [t(info.language, "panel.last", events=sentences(info.language, shown))]

    async def note_provisional(
        self, info: GameInfo, events: list[Event], actor: int | None, turn: str
    ) -> None:
        """Keep the provisional events for the actor's panel (never told elsewhere; an
        answer chosen for a seat by its deadline has no actor: the event's seat)."""
        names = seat_names(info.seats)
        changed: dict[int, Panel] = {}
        for event in events:
            if not event.provisional:
                continue
            seat = actor if actor is not None else event.seat
            if seat is None or not event.visible_for(seat):
                continue
            panel = await self.records.panel(info.id, seat)
            text = event_text(info.game, info.language, event, names)
            if panel is None or panel.turn != turn or not text:
                continue
            panel.last = [*panel.last, text][-words_for(info.game).panel_last :]
            changed[seat] = panel
        for seat, panel in changed.items():
            await self.records.set_panel(info.id, seat, panel)

    async def news(
        self, info: GameInfo, per_seat: dict[int, list[str]], turn: str | None
    ) -> None:
        """Each seat's private news: on its panel of ``turn`` ("Last: ..."), else kept for
        its next panel (a DM of their own would notify for every small step). At the end
        of the game (``turn`` None) what was kept is dropped: the final board tells all
        that still matters, and nothing is left to decide."""
        for seat, lines in per_seat.items():
            if not lines:
                continue
            panel = await self.records.panel(info.id, seat) if turn is not None else None
            if panel is not None and panel.turn == turn:
                panel.last = [*panel.last, *lines][-words_for(info.game).panel_last :]
                await self.records.set_panel(info.id, seat, panel)
                continue
            if turn is None:
                await self.records.set_news(info.id, seat, [])
                continue
            kept = [*await self.records.news(info.id, seat), *lines]
            await self.records.set_news(info.id, seat, kept)

    async def content(
        self,
        info: GameInfo,
        prompt: Prompt,
        pinned: str,
        lines: list[str] | None = None,
        confirm: Option | None = None,
        *,
        pictures: bool = True,
    ) -> tuple[str, list[discord.ui.Item[Any]], list[discord.File]]:
        """The panel of ``prompt``'s seat: its hand, the turn's last events, the question
        and its components; with ``confirm``, the warnings of that option and "Confirm" /
        "Back" instead of the question's components. ``pictures``: draw its pictures
        (none for an edit, which keeps the ones the panel has)."""
        panel = await self.records.panel(info.id, prompt.seat)
        head = [*(lines or []), *self.last_lines(info, panel)]
        text, items, files = await self.hands.private_message(
            info, prompt, pinned, head, pictures=pictures
        )
        if confirm is None:
            return text, items, files
        lang, names = info.language, seat_names(info.seats)
        chosen = option_text(info.game, lang, confirm, names)
        warned = self.warning_texts(info, confirm)
        text = "\n".join([text, confirm_line(lang, chosen, warned)])
        if len(text) > MESSAGE_MAX:
            text = "…" + text[-(MESSAGE_MAX - 1) :]
        index = next(i for i, o in enumerate(prompt.options) if o.id == confirm.id)
        labels = (
            t(lang, "panel.button.confirm", option=chosen)[:80],
            t(lang, "panel.button.back"),
        )
        version = ids.parse_version(pinned)
        return text, confirm_items(info.id, version, prompt.seat, confirm.id, index, labels), files

    def warning_texts(self, info: GameInfo, option: Option) -> str:
        """``GameWords.warnings`` of ``option`` in words (``<game>.warn.<param>``)."""
        lang = info.language
        parts = []
        for key, value in words_for(info.game).warnings(option).items():
            full = f"{info.game}.warn.{key}"
            parts.append(
                t(lang, full, n=value)
                if has(lang, full)
                else t(lang, "panel.warn", what=key.replace("_", " "), n=value)
            )
        return join(lang, parts)

    async def show(
        self,
        info: GameInfo,
        prompt: Prompt,
        pinned: str,
        turn: str,
        via: discord.Interaction[Any] | None = None,
        lines: list[str] | None = None,
        confirm: Option | None = None,
        *,
        fresh: bool = False,
        pictures: bool = True,
        own: bool = False,
    ) -> bool:
        """Show ``prompt`` on its seat's panel: the stretch's panel edited in place
        (through ``via``, the seat's click on it, if given), else (or when ``fresh``: the
        question calls the seat back) a new DM, the old one stripped, with its pictures
        unless ``pictures`` is False (a question out of the seat's turn is answered from
        its text). ``own``: a step of the seat's own turn (``Panel.own``). False when the
        seat could not be reached (DMs closed or failing)."""
        seat = prompt.seat
        panel = await self.records.panel(info.id, seat)
        if panel is not None and panel.turn != turn:
            await self.edit(panel, via, view=None)
            panel = None
            via = None
        if panel is not None and not fresh:
            # An edit keeps the pictures the panel was sent with (without ``attachments``):
            # drawn and uploaded once a stretch, they stay what the stretch began with
            # (``/hand`` draws the position now), which keeps a game's uploads small.
            text, items, _ = await self.content(
                info, prompt, pinned, lines, confirm, pictures=False
            )
            if panel.picture and via is not None:
                text = "\n".join([text, t(info.language, "panel.picture_then")])[:MESSAGE_MAX]
            changes: dict[str, Any] = {"content": text, "view": static_view(*items)}
            if await self.edit(panel, via, **changes):
                panel.pin, panel.confirm = pinned, confirm.id if confirm is not None else ""
                panel.own = panel.own or own
                await self.records.set_panel(info.id, seat, panel)
                return True
        user_id = info.user_of(seat)
        if user_id is None:
            return False
        waiting = await self.records.news(info.id, seat)
        if waiting:
            lines = [t(info.language, "panel.news", events=sentences(info.language, waiting)),
                     *(lines or [])]
        text, items, files = await self.content(
            info, prompt, pinned, lines, confirm, pictures=pictures
        )
        picture = files_digest(files)  # before the upload closes the files
        kwargs: dict[str, Any] = {"view": static_view(*items)}
        if files:
            kwargs["files"] = files
        sent = await self.transport.try_dm(info, user_id, text, **kwargs)
        if not sent:
            return False
        if waiting:
            await self.records.set_news(info.id, seat, [])
        if panel is not None:
            await self.edit(panel, None, view=None)  # the turn moved to a new message
        last = panel.last if panel is not None else []
        new = Panel(
            sent.channel.id,
            sent.id,
            turn,
            pinned,
            last=last,
            confirm=confirm.id if confirm is not None else "",
            picture=picture,
            own=own,
        )
        await self.records.set_panel(info.id, seat, new)
        return True

    async def redraw(
        self,
        via: discord.Interaction[Any],
        info: GameInfo,
        prompt: Prompt,
        confirm: Option | None = None,
    ) -> None:
        """Redraw the seat's panel through its click ``via`` (deferred as an update): the
        question again ("Back"), or ``confirm``'s warnings with "Confirm" / "Back"."""
        pinned = ids.pin(prompt.question, info.version)
        turn = await self.turn_of(info)
        await self.show(info, prompt, pinned, turn, via, confirm=confirm)

    async def open_ephemeral(
        self, interaction: discord.Interaction[Any], info: GameInfo, prompt: Prompt
    ) -> None:
        """ "Show my hand / act" on a panel question: the panel as an ephemeral reply. When
        the seat has no panel it can be shown on this turn (DMs closed) the reply becomes
        its panel, which its own clicks edit; else it is a copy (the DM panel stays)."""
        seat = prompt.seat
        pinned = ids.pin(prompt.question, info.version)
        turn = await self.turn_of(info)
        waiting = await self.records.news(info.id, seat)
        lines = [t(info.language, "panel.news", events=sentences(info.language, waiting))]
        text, items, files = await self.content(info, prompt, pinned, lines if waiting else None)
        if waiting:
            await self.records.set_news(info.id, seat, [])
        picture = files_digest(files)
        kwargs: dict[str, Any] = {"view": static_view(*items)}
        if files:
            kwargs["files"] = files
        message = await interaction.followup.send(text, ephemeral=True, wait=True, **kwargs)
        panel = await self.records.panel(info.id, seat)
        if panel is not None and panel.turn == turn and not panel.ephemeral and panel.pin:
            return  # its DM panel is live: the reply is only a copy
        last = panel.last if panel is not None and panel.turn == turn else []
        await self.records.set_panel(
            info.id,
            seat,
            Panel(
                message.channel.id,
                message.id,
                turn,
                pinned,
                ephemeral=True,
                last=last,
                picture=picture,
            ),
        )

    async def tidy(
        self,
        info: GameInfo,
        prompts: list[Prompt],
        turn: str,
        via: discord.Interaction[Any] | None,
        actor: int | None,
        extra: dict[int, list[str]],
    ) -> None:
        """A panel whose seat is asked nothing now (its stretch is over, or it waits on
        another seat's answer) shows what it chose, its position and who the table waits
        for, without components; one whose stretch is over also loses its note (the next
        question gets a new panel), while a waiting one is edited again when its question
        comes back."""
        asked = {p.seat: p for p in prompts}
        for seat in range(len(info.seats)):
            panel = await self.records.panel(info.id, seat)
            if panel is None:
                continue
            mine = via if seat == actor else None
            over = panel.turn != turn
            if not over and (not panel.pin or seat in asked):
                continue
            text = await self.waiting_text(info, seat, panel, prompts, extra.get(seat, []))
            edited = await self.edit(panel, mine, content=text, view=None)
            if over:
                await self.records.set_panel(info.id, seat, None)
            elif edited:
                panel.pin, panel.confirm = "", ""
                await self.records.set_panel(info.id, seat, panel)

    async def waiting_text(
        self, info: GameInfo, seat: int, panel: Panel, prompts: list[Prompt], extra: list[str]
    ) -> str:
        """``seat``'s panel asking nothing: ``extra`` (what it chose), its latest events,
        its position in words and who the table waits for."""
        words = words_for(info.game)
        lang, names = info.language, seat_names(info.seats)
        view = await self.bot.service.view(info.id, seat)
        waiting = join(lang, (names.get(p.seat, "?") for p in prompts
                              if p.seat != seat and p.blocking and not p.discreet))
        lines = [dm_intro(info), *extra, *self.last_lines(info, panel)]
        lines += words.hand_lines(lang, view, seat, names)
        if waiting:
            lines.append(t(lang, "panel.waiting", names=waiting))
        text = "\n".join(lines)
        return text if len(text) <= MESSAGE_MAX else text[: MESSAGE_MAX - 1] + "…"
