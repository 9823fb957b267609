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
from typing import TYPE_CHECKING, Any

import discord

from bot import ids
from bot.components.prompt import (
    NUMBER_FIELD,
    NumberButton,
    NumberModal,
    component_numbers,
    number_options,
)
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
from bot.reach import asked_prompt, maybe_info, own_prompt, pin_of, player_seat, reachable
from bot.wording import option_text, seat_names, short
from engines.core.contract import Prompt
from games.models import GameInfo, Outcome, ServiceError
from games.storage.base import OutcomeUnknown

if TYPE_CHECKING:
    from bot.client import CivBot

log = logging.getLogger(__name__)

PLAY_VALUE = re.compile(r"(?P<game>\d+)\|(?P<version>\d+|t[0-9a-z]+)\|(?P<ref>[=#].+)")


class Play:
    """The handlers of every command and component, built once by the client
    (``bot.play``); components reach them through ``interaction.client``."""

    def __init__(self, bot: CivBot) -> None:
        self.bot = bot

    async def current_prompt(
        self, interaction: discord.Interaction[Any], game_id: int, version: int | str, seat: int
    ) -> tuple[GameInfo, Prompt] | None:
        """The game and the seat's open prompt, if the component (carrying ``version``) still
        asks it and the clicker holds the seat; else the clicker is told why and None."""
        try:
            return await asked_prompt(self.bot.service, interaction, game_id, version, seat)
        except REFUSALS as exc:
            await refuse(interaction, exc, await maybe_info(self.bot.service, game_id))
            return None

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
        await self.bot.looking.show_hand(interaction, game_id)

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
            info = await reachable(self.bot.service, interaction, game_id)
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
            info = await reachable(self.bot.service, interaction, game_id)
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
            info = await reachable(self.bot.service, interaction, button.game_id)
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
