"""What a click or a command does, generic over every game: check, call the service, report.

Cogs and components only parse the interaction and call the client's ``Play``, so a slash
command and a button share one path (and one set of refusals). Every refusal is ephemeral
and changes nothing; every accepted answer is committed by the service before anyone is
told.

Every handler defers before it touches storage (Discord allows 3 s for the first answer;
a write may wait on the database's lock), except the "Type a number…" button, whose first
answer must be the modal (it only reads, and reads never wait on a write). A database too
busy to write is told as such (nothing changed, try again); a commit whose connection broke
is told as "may have been saved", with the game as it now is.
"""

from __future__ import annotations

import logging
import re
import unicodedata
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import discord

from bot import ids
from bot.components import static_view
from bot.components.lobby import lobby_embed, lobby_items
from bot.components.prompt import (
    NUMBER_FIELD,
    PAGE_SIZE,
    NumberButton,
    NumberModal,
    component_numbers,
    number_options,
    page_count,
    prompt_items,
)
from bot.components.settings import FIELDS, settings_items, settings_text
from bot.games import words_for
from bot.i18n import t
from bot.interaction import (
    REFUSALS,
    Refusal,
    custom_id,
    modal_value,
    refuse,
    reply,
    run_component,
    user_lang,
)
from bot.render import board_file, extra_file
from bot.wording import game_title, option_text, prompt_text, seat_names, short
from engines.core.contract import Prompt
from games.models import GameInfo, Outcome, ServiceError
from games.storage.base import DatabaseBusy, OutcomeUnknown

if TYPE_CHECKING:
    from bot.client import CivBot

log = logging.getLogger(__name__)

PLAY_VALUE = re.compile(r"(?P<game>\d+)\|(?P<version>\d+|t[0-9a-z]+)\|(?P<ref>[=#].+)")


def own_prompt(prompts: Sequence[Prompt], seat: int | None) -> Prompt | None:
    """The open prompt of ``seat`` among ``prompts``, if any."""
    return next((p for p in prompts if p.seat == seat), None)


def pin_of(info: GameInfo, prompt: Prompt) -> str:
    """What the components answering ``prompt`` carry (``bot.ids.pin``)."""
    return ids.pin(prompt.question, info.version)


def player_seat(info: GameInfo, user_id: int, seat: int | None = None) -> int:
    """The seat ``user_id`` plays in ``info``; refused for outsiders or another ``seat``."""
    my_seat = info.seat_of(user_id)
    if my_seat is None:
        raise Refusal("not_a_player", id=info.id)
    if seat is not None and seat != my_seat:
        raise Refusal("wrong_seat", name=seat_name(info, seat))
    return my_seat


def seat_name(info: GameInfo, seat: int) -> str:
    """The name of ``seat`` in ``info``; refused when the game has no such seat (a forged or
    foreign component), rather than naming nobody."""
    name = seat_names(info.seats).get(seat)
    if name is None:
        raise Refusal("no_such_seat", id=info.id)
    return name


def check_reach(interaction: discord.Interaction[Any], info: GameInfo) -> None:
    """Refuse a game used from where it does not belong.

    Game ids are sequential and custom ids can be forged, so a number proves nothing: in a
    server only that server's games may be read or changed (the game remembers its guild);
    in DMs, where there is no server, only the games the user is seated in.
    """
    if interaction.guild_id is not None:
        if info.guild_id != interaction.guild_id:
            raise Refusal("other_server", id=info.id)
    elif info.seat_of(interaction.user.id) is None:
        raise Refusal("not_your_game", id=info.id)


class Play:
    """The handlers of every command and component, built once by the client
    (``bot.play``); components reach them through ``interaction.client``."""

    def __init__(self, bot: CivBot) -> None:
        self.bot = bot

    async def reachable(self, interaction: discord.Interaction[Any], game_id: int) -> GameInfo:
        """The game ``game_id`` names, if it may be used from where ``interaction`` comes."""
        if not ids.in_range(game_id):
            raise Refusal("bad_component")
        info = await self.bot.service.get(game_id)
        check_reach(interaction, info)
        return info

    async def current_prompt(
        self, interaction: discord.Interaction[Any], game_id: int, version: int | str, seat: int
    ) -> tuple[GameInfo, Prompt] | None:
        """The game and the seat's open prompt, if the component (carrying ``version``) still
        asks it and the clicker holds the seat; else the clicker is told why and None."""
        info: GameInfo | None = None
        try:
            info = await self.reachable(interaction, game_id)
            player_seat(info, interaction.user.id, seat)
            if isinstance(version, int) and version != info.version:
                raise Refusal("stale")
            prompt = own_prompt(await self.bot.service.prompts(game_id), seat)
            if prompt is None:
                raise Refusal("stale")  # its question is over, none is open
            if str(version) != pin_of(info, prompt):
                raise Refusal("stale")
        except REFUSALS as exc:
            await refuse(interaction, exc, info)
            return None
        return info, prompt

    # -- answering ---------------------------------------------------------------------------
    async def acknowledge(
        self,
        interaction: discord.Interaction[Any],
        game_id: int,
        seat: int | None,
        *,
        from_message: bool,
    ) -> bool:
        """Defer an answer before its reads and its write (unless already deferred); True when
        it was pressed on the seat's turn panel, then deferred as an update of that message
        (whether it is comes from memory, or once from a note: a read never waits on a write)."""
        bot = self.bot
        panel_click = (
            from_message
            and seat is not None
            and await bot.delivery.is_panel(game_id, seat, interaction.message)
        )
        if not interaction.response.is_done():
            if panel_click:
                await interaction.response.defer()
            else:
                await interaction.response.defer(ephemeral=True, thinking=True)
        return panel_click

    async def maybe_saved(
        self,
        interaction: discord.Interaction[Any],
        game_id: int,
        info: GameInfo | None,
        exc: OutcomeUnknown,
    ) -> None:
        """The connection broke while the answer was committing: it may have been saved, so
        never "nothing was changed". The clicker is told so; the game is caught up (if the
        answer landed, its telling is owed: ``Delivery.catch_up``) and the clicker sees the
        game as it now is. Retrying is safe: the interaction id was committed with the answer,
        and the components carry the question they answer."""
        bot = self.bot
        interaction.extras["saved"] = True  # a later failure must not say "nothing was changed"
        log.warning("game %s: answer %s may or may not be saved: %s", game_id, interaction.id, exc)
        lang = info.language if info else user_lang(interaction)
        await reply(interaction, t(lang, "errors.maybe_saved"))
        await bot.delivery.catch_up(game_id)  # if it landed, its telling is owed
        await self.show_hand(interaction, game_id)

    async def submit(
        self,
        interaction: discord.Interaction[Any],
        game_id: int,
        ref: str,
        *,
        version: int | str | None = None,
        seat: int | None = None,
        from_message: bool = False,
        confirmed: bool = False,
    ) -> None:
        """Answer the clicker's open prompt in ``game_id`` with the option ``ref`` names.

        ``version`` is what the component carried, the pin of the question it answers
        (``bot.ids.pin``): other seats' answers do not make it stale, and it is checked again
        under the service's lock (the question read here must still be the seat's).

        A press on the seat's turn panel (``bot.delivery``) is deferred as an update of that
        message, which is then edited in place: no "thinking" reply, no new message. There an
        option that forecasts a cost (``GameWords.warnings``) is first only shown with its
        warnings and "Confirm" / "Back"; ``confirmed``: pressed on that "Confirm".
        """
        bot = self.bot
        panel_click = await self.acknowledge(interaction, game_id, seat, from_message=from_message)
        info: GameInfo | None = None
        try:
            info = await self.reachable(interaction, game_id)
            my_seat = player_seat(info, interaction.user.id, seat)
            if isinstance(version, int) and version != info.version:
                raise Refusal("stale")
            if info.status != "active":
                raise Refusal("game_not_active", id=game_id)
            prompts = await bot.service.prompts(game_id)
            prompt = own_prompt(prompts, my_seat)
            if prompt is None:
                raise Refusal("not_your_turn" if version is None else "stale")
            if version is not None and str(version) != pin_of(info, prompt):
                raise Refusal("stale")  # another question, or a button of an older bot
            option_id = ids.resolve_ref(ref, [o.id for o in prompt.options])
            if option_id is None:
                raise Refusal("illegal_option")
            words = words_for(info.game)
            picked = prompt.option(option_id)
            if panel_click and not confirmed and picked is not None and words.warnings(picked):
                await bot.delivery.confirm_on_panel(interaction, info, prompt, picked)
                return
            expected: int | None = None
            check = None
            if prompt.question:
                # The question read here must still be the seat's under the lock: a second
                # press cannot answer the next question, even one that looks alike.
                asked = prompt.question
                check = lambda p: p.question == asked  # noqa: E731
            elif version is not None or ref.startswith("#"):
                # Unnamed questions: the version pins the state (an index means nothing else).
                expected = info.version
            outcome = await bot.service.answer(
                game_id,
                interaction.user.id,
                option_id,
                expected_version=expected,
                interaction_id=interaction.id,
                check=check,
            )
        except REFUSALS as exc:
            await refuse(interaction, exc, info)
            return
        except OutcomeUnknown as exc:
            await self.maybe_saved(interaction, game_id, info, exc)
            return
        interaction.extras["saved"] = True  # a later failure must not say "nothing was changed"
        with bot.delivery.owing(game_id):  # from here on, a failure leaves the telling owed
            await self._tell_answer(
                interaction,
                info,
                prompts,
                prompt,
                option_id,
                outcome,
                my_seat,
                panel_click,
                from_message,
            )

    async def _tell_answer(
        self,
        interaction: discord.Interaction[Any],
        info: GameInfo,
        prompts: list[Prompt],
        prompt: Prompt,
        option_id: str,
        outcome: Outcome,
        my_seat: int,
        panel_click: bool,
        from_message: bool,
    ) -> None:
        """The clicker's acknowledgement, the answered message closed, then the news."""
        bot = self.bot
        game_id = info.id
        names = seat_names(info.seats)
        option = prompt.option(option_id)
        assert option is not None
        chosen = option_text(info.game, info.language, option, names)
        if panel_click:
            # Told on the panel itself, edited through this click.
            await bot.delivery.publish(
                outcome,
                before=prompts,
                interaction=interaction,
                actor=my_seat,
                panel_click=True,
                chosen=chosen,
            )
            return
        await reply(interaction, t(info.language, "turn.chosen", option=chosen))
        message = interaction.message
        if from_message and message is not None and not message.flags.ephemeral:
            await bot.delivery.forget(game_id, message.id)
            try:
                await message.edit(
                    content=t(
                        info.language, "turn.answered", name=names.get(my_seat, "?"), option=chosen
                    ),
                    view=None,
                    embeds=[],
                    attachments=[],
                )
            except discord.HTTPException:
                log.warning("could not close the answered prompt message", exc_info=True)
        await bot.delivery.publish(outcome, before=prompts, interaction=interaction, actor=my_seat)

    async def panel_back(
        self, interaction: discord.Interaction[Any], game_id: int, version: int | str, seat: int
    ) -> None:
        """ "Back" from a confirmation on the turn panel: the panel as it was, nothing sent."""
        bot = self.bot
        await interaction.response.defer()
        info: GameInfo | None = None
        try:
            info = await self.reachable(interaction, game_id)
            player_seat(info, interaction.user.id, seat)
            if info.status != "active":
                raise Refusal("game_not_active", id=game_id)
            prompt = own_prompt(await bot.service.prompts(game_id), seat)
            if prompt is None:
                raise Refusal("stale")  # its question is over, none is open
            if str(version) != pin_of(info, prompt):
                raise Refusal("stale")
        except REFUSALS as exc:
            await refuse(interaction, exc, info)
            return
        await bot.delivery.redraw_panel(interaction, info, prompt)

    async def show_hand(self, interaction: discord.Interaction[Any], game_id: int) -> None:
        """The clicker's private view of ``game_id`` and their open prompt, ephemerally
        (deferred first, unless the caller already did: ``/hand``, an answer that may have
        been saved)."""
        bot = self.bot
        if not interaction.response.is_done():
            await interaction.response.defer(ephemeral=True, thinking=True)
        info: GameInfo | None = None
        try:
            info = await self.reachable(interaction, game_id)
            seat = player_seat(info, interaction.user.id)
            if info.status == "lobby":
                raise Refusal("game_not_active", id=game_id)
            view = await bot.service.view(game_id, seat)
            prompts = await bot.service.prompts(game_id)
        except REFUSALS as exc:
            await refuse(interaction, exc, info)
            return
        lang, names = info.language, seat_names(info.seats)
        words = words_for(info.game)
        prompt = own_prompt(prompts, seat)
        if prompt is not None:
            # The seat's turn panel, ephemerally: its own clicks edit it (DMs closed).
            await bot.delivery.open_ephemeral_panel(interaction, info, prompt)
            return
        lines = [t(lang, "turn.your_view", id=game_id, game=game_title(lang, info.game))]
        lines += words.hand_lines(lang, view, seat, names)
        kwargs: dict[str, Any] = {}
        items: list[discord.ui.Item[Any]] = []
        seats = bot.delivery.seat_buttons(info, view, seat)  # drawn after the answers' rows
        if prompt is not None:
            lines.append(
                t(
                    lang,
                    "turn.header",
                    name=names.get(seat, "?"),
                    prompt=prompt_text(info.game, lang, prompt, names),
                )
            )
            pinned = pin_of(info, prompt)
            items = prompt_items(
                info.game,
                game_id,
                pinned,
                prompt,
                lang,
                names,
                hand_button=False,
                reserve=len(seats),
            )
        else:
            lines.append(t(lang, "turn.no_prompt", id=game_id))
        items += seats
        if items:
            kwargs["view"] = static_view(*items)
        files: list[discord.File] = []
        for func, args, filename in words.private_images(view, seat):
            extra = await extra_file(
                self.bot.renderer, info.game, func, {**args, "lang": lang, "names": names}, filename
            )
            if extra is not None:
                files.append(extra)
        if not files:
            file = await board_file(self.bot.renderer, info.game, view, lang, names, "view.png")
            if file is not None:
                files.append(file)
        if files:
            kwargs["files"] = files
        await reply(interaction, "\n".join(lines)[:2000], **kwargs)

    async def show_seat(
        self, interaction: discord.Interaction[Any], game_id: int, seat: int
    ) -> None:
        """One seat's public position (a neighbour's city) with its picture, ephemerally."""
        bot = self.bot
        await interaction.response.defer(ephemeral=True, thinking=True)
        info: GameInfo | None = None
        try:
            info = await self.reachable(interaction, game_id)
            seat_name(info, seat)
            if info.status == "lobby":
                raise Refusal("game_not_active", id=game_id)
            view = await bot.service.view(game_id, None)
        except REFUSALS as exc:
            await refuse(interaction, exc, info)
            return
        text, file = await self.seat_message(info, view, seat)
        kwargs: dict[str, Any] = {"file": file} if file is not None else {}
        await reply(interaction, text, **kwargs)

    async def seat_message(
        self, info: GameInfo, view: Any, seat: int
    ) -> tuple[str, discord.File | None]:
        """The words and picture of one seat's public position (``view`` is the public view)."""
        lang, names = info.language, seat_names(info.seats)
        words = words_for(info.game)
        lines = words.seat_lines(lang, view, seat, names) or [names.get(seat, "?")]
        file = None
        drawn = words.seat_image(seat)
        if drawn is not None:
            func, args = drawn
            file = await extra_file(
                self.bot.renderer,
                info.game,
                func,
                {**args, "view": view, "lang": lang, "names": names},
                f"seat{seat}.png",
            )
        return "\n".join(lines)[:2000], file

    async def show_page(
        self,
        interaction: discord.Interaction[Any],
        game_id: int,
        version: int | str,
        seat: int,
        page: int,
    ) -> None:
        """Page ``page`` of a long prompt's options, for its seat only."""
        bot = self.bot
        await interaction.response.defer(ephemeral=True, thinking=True)
        info: GameInfo | None = None
        try:
            info = await self.reachable(interaction, game_id)
            player_seat(info, interaction.user.id, seat)
            if isinstance(version, int) and version != info.version:
                raise Refusal("stale")
            prompt = own_prompt(await bot.service.prompts(game_id), seat)
            if prompt is None:
                raise Refusal("stale")  # its question is over, none is open
            if str(version) != pin_of(info, prompt):
                raise Refusal("stale")
            if not 0 <= page < page_count(prompt):  # a forged or foreign page number
                raise Refusal("no_such_page")
        except REFUSALS as exc:
            await refuse(interaction, exc, info)
            return
        names = seat_names(info.seats)
        pinned = pin_of(info, prompt)
        items = prompt_items(
            info.game, game_id, pinned, prompt, info.language, names, page=page, hand_button=False
        )
        start = page * PAGE_SIZE + 1
        end = min(len(prompt.options), (page + 1) * PAGE_SIZE)
        await reply(
            interaction,
            t(info.language, "turn.page_header", start=start, end=end, total=len(prompt.options)),
            view=static_view(*items),
        )

    # -- modals ------------------------------------------------------------------------------
    async def modal_submitted(self, interaction: discord.Interaction[Any]) -> None:
        """Every modal submit, answered: none is kept in memory, so each is routed by its custom
        id alone (after a restart too). The number modal answers the question its id names; any
        other (from an older version of the bot, or altered) is told the form has expired, and
        logged, instead of getting no answer at all."""
        modal_id = custom_id(interaction)
        match = re.fullmatch(ids.NUMBER_MODAL_TEMPLATE, modal_id)
        if match is None:
            log.info("modal %r is not one this bot routes: answered as expired", modal_id)

            async def expired() -> None:
                raise Refusal("form_expired")

            await run_component(interaction, (), expired)
            return
        game_id, seat = int(match["game"]), int(match["seat"])
        version = ids.parse_version(match["version"])
        text = modal_value(interaction, NUMBER_FIELD)
        await run_component(
            interaction,
            component_numbers(game_id, version, seat),
            lambda: self.submit_number(interaction, game_id, version, seat, text),
        )

    async def open_number(
        self, interaction: discord.Interaction[Any], button: NumberButton
    ) -> None:
        """The "Type a number…" modal, for the seat's own player only (one quick read: a
        modal must be the interaction's first answer)."""
        try:
            info = await self.reachable(interaction, button.game_id)
            player_seat(info, interaction.user.id, button.seat)
        except ServiceError as exc:  # no such game
            await refuse(interaction, exc)
            return
        modal = NumberModal(button, info.language)
        modal.stop()  # sent, never kept: its submit is routed by its custom id alone
        await interaction.response.send_modal(modal)

    async def submit_number(
        self,
        interaction: discord.Interaction[Any],
        game_id: int,
        version: int | str,
        seat: int,
        text: str,
    ) -> None:
        """Answer the seat's ``number`` prompt with the number ``text`` (typed in the modal).

        Only the question the modal was opened for: ``version`` (the pin or version its
        button carried) must still name the seat's open question, and that question must be
        a ``number`` one. Otherwise a forged "Type a number…" on another prompt would read
        ``take:1`` as the number 1 and answer it. Deferred first: the reads may wait.
        """
        await self.acknowledge(interaction, game_id, seat, from_message=True)
        found = await self.current_prompt(interaction, game_id, version, seat)
        if found is None:
            return
        info, prompt = found
        numbers = number_options(prompt)
        if prompt.layout != "number" or not numbers:  # no "Type a number…" asks this question
            await refuse(interaction, Refusal("bad_component"), info)
            return
        value = ids.number(unicodedata.normalize("NFKC", text).strip())
        if value is None or value not in numbers:
            low, high = min(numbers), max(numbers)
            refusal = Refusal("bad_number", value=short(text.strip(), 20), low=low, high=high)
            await refuse(interaction, refusal, info)
            return
        index = numbers[value]
        ref = ids.option_ref(prompt.options[index].id, index)
        await self.submit(interaction, game_id, ref, version=version, seat=seat, from_message=True)

    # -- /play -------------------------------------------------------------------------------
    async def candidate_games(self, interaction: discord.Interaction[Any]) -> list[GameInfo]:
        """The active games the user plays in, as seen from where the command was typed.

        Inside a game's thread: that game. Elsewhere in a server: that server's games; in DMs:
        all of the user's games.
        """
        bot = self.bot
        channel_id = interaction.channel_id
        if channel_id is not None:
            here = await bot.service.game_for_thread(channel_id)
            if here is not None and here.guild_id == interaction.guild_id:
                return [here] if here.seat_of(interaction.user.id) is not None else []
        # In a server, its games only; in DMs (no guild) every game, filtered to the user's seats.
        games = await bot.service.list_games(interaction.guild_id)
        return [
            g for g in games if g.status == "active" and g.seat_of(interaction.user.id) is not None
        ]

    async def play_choices(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[tuple[str, str]]:
        """(label, value) of the user's legal options matching ``current``, best first."""
        bot = self.bot
        games = await self.candidate_games(interaction)
        out: list[tuple[str, str]] = []
        needle = current.casefold().strip()
        for info in games:
            seat = info.seat_of(interaction.user.id)
            prompt = own_prompt(await bot.service.prompts(info.id), seat)
            if prompt is None:
                continue
            names = seat_names(info.seats)
            for index, option in enumerate(prompt.options):
                text = option_text(info.game, info.language, option, names)
                if needle and needle not in text.casefold() and needle not in option.id.casefold():
                    continue
                label = f"#{info.id} {text}" if len(games) > 1 else text
                head = f"{info.id}|{pin_of(info, prompt)}|"
                value = head + ids.option_ref(option.id, index, room=100 - len(head))
                out.append((label[:100], value))
        return out[:25]

    async def play(self, interaction: discord.Interaction[Any], choice: str) -> None:
        """``/play <option>``: an autocomplete value, an option id, or an option's exact words."""
        await interaction.response.defer(ephemeral=True, thinking=True)  # before any read
        match = PLAY_VALUE.fullmatch(choice)
        if match:
            game_id = ids.number(match["game"])
            version = ids.parse_version(match["version"])
            if game_id is None or (isinstance(version, int) and not ids.in_range(version)):
                # No suggestion carries such numbers: typed by hand or forged.
                await reply(interaction, t(user_lang(interaction), "turn.play_none"))
                return
            await self.submit(interaction, game_id, match["ref"], version=version)
            return
        bot = self.bot
        wanted = choice.casefold().strip()
        for info in await self.candidate_games(interaction):
            seat = info.seat_of(interaction.user.id)
            prompt = own_prompt(await bot.service.prompts(info.id), seat)
            if prompt is None:
                continue
            names = seat_names(info.seats)
            for option in prompt.options:
                text = option_text(info.game, info.language, option, names)
                if wanted in (option.id.casefold(), text.casefold()):
                    await self.submit(interaction, info.id, "=" + option.id)
                    return
        await reply(interaction, t(user_lang(interaction), "turn.play_none"))

    # -- lobby -------------------------------------------------------------------------------
    async def refresh_lobby(self, interaction: discord.Interaction[Any], info: GameInfo) -> None:
        """Redraw the lobby message the component sits on."""
        bot = self.bot
        engine = bot.service.engine(info.game)
        embed = lobby_embed(info, engine)
        view = static_view(*lobby_items(info, engine))
        if interaction.response.is_done():
            await interaction.edit_original_response(embed=embed, view=view)
        else:
            await interaction.response.edit_message(embed=embed, view=view)

    async def lobby_action(
        self, interaction: discord.Interaction[Any], game_id: int, action: str
    ) -> None:
        """Join, leave or start; deferred (as an update of the lobby message) before the lobby
        is read or written, so the press is answered in time even when the write must wait."""
        bot = self.bot
        user = interaction.user
        info: GameInfo | None = None
        await interaction.response.defer()
        try:
            await self.reachable(interaction, game_id)
        except REFUSALS as exc:
            await refuse(interaction, exc)
            return
        try:
            if action == "join":
                info = await bot.service.join(game_id, user.id, user.display_name)
            elif action == "leave":
                info = await bot.service.leave(game_id, user.id)
            else:
                outcome = await bot.service.start(game_id, user.id)
                info = outcome.info
        except (ServiceError, DatabaseBusy) as exc:
            await refuse(interaction, exc, info or await self._maybe_info(game_id))
            return
        interaction.extras["saved"] = True
        if action == "start":
            with bot.delivery.owing(game_id):
                await self.refresh_lobby(interaction, info)
                await bot.delivery.announce_start(outcome)
        else:
            await self.refresh_lobby(interaction, info)

    async def lobby_option(
        self, interaction: discord.Interaction[Any], game_id: int, name: str, value: str
    ) -> None:
        """The creator's choice of an option; deferred first, like :func:`lobby_action`."""
        bot = self.bot
        await interaction.response.defer()
        try:
            await self.reachable(interaction, game_id)
        except REFUSALS as exc:
            await refuse(interaction, exc)
            return
        try:
            info = await bot.service.set_option(game_id, interaction.user.id, name, value)
        except (ServiceError, DatabaseBusy) as exc:
            await refuse(interaction, exc, await self._maybe_info(game_id))
            return
        interaction.extras["saved"] = True
        await self.refresh_lobby(interaction, info)

    # -- /settings ------------------------------------------------------------------------
    async def show_settings(
        self,
        interaction: discord.Interaction[Any],
        dm_on_turn: bool | None = None,
        reminder_pings: bool | None = None,
    ) -> None:
        """``/settings``: the user's own settings with their buttons, only to them; the
        values given are set first. Deferred before the database is read or written."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        service, user_id = self.bot.service, interaction.user.id
        if dm_on_turn is None and reminder_pings is None:
            settings = await service.player_settings(user_id)
        else:
            settings = await service.set_player_settings(
                user_id, dm_on_turn=dm_on_turn, reminder_pings=reminder_pings
            )
            interaction.extras["saved"] = True
        lang = user_lang(interaction)
        await interaction.followup.send(
            settings_text(lang, settings),
            view=static_view(*settings_items(lang, settings)),
            ephemeral=True,
        )

    async def change_setting(
        self, interaction: discord.Interaction[Any], name: str, value: bool
    ) -> None:
        """A ``/settings`` button: the clicker's setting ``name`` set to ``value``, and the
        settings message redrawn in place (deferred as its update first)."""
        await interaction.response.defer()
        changes = {FIELDS[name]: value}
        settings = await self.bot.service.set_player_settings(interaction.user.id, **changes)
        interaction.extras["saved"] = True
        lang = user_lang(interaction)
        await interaction.edit_original_response(
            content=settings_text(lang, settings),
            view=static_view(*settings_items(lang, settings)),
        )

    async def _maybe_info(self, game_id: int) -> GameInfo | None:
        try:
            return await self.bot.service.get(game_id)
        except (ServiceError, DatabaseBusy):
            return None
