"""Answer components: a prompt's options as buttons or paged selects, plus "Show my hand".

Layout (Discord allows 5 rows, 5 buttons or one select of 25 entries per row), by the
prompt's ``layout`` and its options' ``group`` (``engines.core.contract``):

- plain (no layout, no groups): up to ``BUTTONS_MAX`` options become buttons; more become
  string selects of 25 options, four per message, with a "More options" button leading to
  the next hundred (an ephemeral message).
- grouped (options with a ``group``; the ``panel`` layout): one select per group, labelled
  by ``GameWords.group_label`` ("Take a card (13)"); the ``turn`` group as buttons. A group
  above 25 options pages *inside* its select: the last entry turns the select to its next
  page on the same message. Groups beyond the rows left fold, smallest first, into one
  "More actions" select.
- ``number`` (``bid:<n>`` options and ``pass``): one select when there are at most 25
  numbers, else buttons for the lowest, +1, +2, +5 and the highest, and "Type a number…",
  which opens a modal checked against the options.
- ``pick`` (one item at a time until ``done``): tiles (buttons) for up to ``TILES_MAX``
  options, ``done``/``auto`` highlighted; more become a select with those as buttons.

Every label carries the option's full cost (see ``bot.wording``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Self

import discord

from bot import ids
from bot.games import words_for
from bot.i18n import t
from bot.interaction import Refusal, client, custom_id, refuse, run_component, selected_values
from bot.wording import option_text, seat_names, short
from engines.core.contract import AUTO, BACK, DONE, PASS, UNDO

if TYPE_CHECKING:
    from engines.core.contract import Prompt

BUTTONS_MAX = 10
SELECT_SIZE = 25
SELECTS_PER_PAGE = 4
PAGE_SIZE = SELECT_SIZE * SELECTS_PER_PAGE
ROWS = 5
ROW_BUTTONS = 5
#: selects a grouped prompt may draw (the fifth row keeps its buttons)
MENUS_MAX = 4
#: the group drawn as buttons, when it has at most ``ROW_BUTTONS`` options
TURN_GROUP = "turn"
#: options of a menu page that pages: the 25th entry turns to the next page
MENU_PAGE = SELECT_SIZE - 1
#: a ``pick`` prompt draws its options as tiles up to this many (four rows of buttons)
TILES_MAX = 20
#: a ``number`` prompt with more numbers than this draws buttons and "Type a number…"
NUMBERS_IN_SELECT = SELECT_SIZE
#: the numbers a ``number`` prompt's buttons offer, as steps above the lowest
NUMBER_STEPS = (1, 2, 5)
#: the number modal's one text field
NUMBER_FIELD = "number"
#: a number option's id: ``<name>:<n>`` (``bid:7``)
NUMBER_ID = re.compile(r"[a-z_]+:(?P<n>[0-9]{1,18})")
#: reserved options drawn as highlighted tiles (stop picking / let the engine pick)
HIGHLIGHTED = frozenset({DONE, AUTO})
#: reserved options drawn as quiet buttons
QUIET = frozenset({UNDO, BACK, PASS})


def _prompt_key(match: re.Match[str]) -> tuple[int, int | str, int]:
    """The game, pin (a version or a question's digest) and seat a component's custom id
    names."""
    return int(match["game"]), ids.parse_version(match["version"]), int(match["seat"])


def component_numbers(game_id: int, version: int | str, seat: int, *more: int) -> tuple[int, ...]:
    """The numbers a prompt component's custom id carries (checked by ``run_component``)."""
    return (game_id, seat, *more) + ((version,) if isinstance(version, int) else ())


async def submit_answer(
    interaction: discord.Interaction[Any],
    game_id: int,
    version: int | str,
    seat: int,
    ref: str,
    *more: int,
    confirmed: bool = False,
) -> None:
    """Answer from a prompt message's component: ``Play.submit`` for that seat and version
    (``more``: the component's other numbers, checked with these; ``confirmed``: the
    panel's confirmation of an option that forecasts a cost)."""
    await run_component(
        interaction,
        component_numbers(game_id, version, seat, *more),
        lambda: client(interaction).play.submit(
            interaction,
            game_id,
            ref,
            version=version,
            seat=seat,
            from_message=True,
            confirmed=confirmed,
        ),
    )


def _one_choice(
    custom_id: str, options: list[discord.SelectOption] | None, placeholder: str | None
) -> discord.ui.Select[Any]:
    """A select of a prompt message: one choice answers (or turns a menu's page)."""
    return discord.ui.Select(
        custom_id=custom_id,
        options=options or [],
        placeholder=placeholder,
        min_values=1,
        max_values=1,
    )


class AnswerButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=ids.ANSWER_TEMPLATE):
    """One option of one prompt: ``cb:o:<game>:<version>:<seat>:<ref>`` (the panel's
    ``ConfirmButton`` is one with its own kind, style and callback)."""

    #: the custom id's kind (``cb:<kind>:…``) and the style when none is given
    KIND: ClassVar[str] = "o"
    STYLE: ClassVar[discord.ButtonStyle] = discord.ButtonStyle.primary

    def __init__(
        self,
        game_id: int,
        version: int | str,
        seat: int,
        ref: str,
        label: str = "…",
        style: discord.ButtonStyle | None = None,
    ) -> None:
        head = f"cb:{self.KIND}:{game_id}:{version}:{seat}:"
        super().__init__(
            discord.ui.Button(
                label=label, style=self.STYLE if style is None else style, custom_id=head + ref
            )
        )
        self.game_id, self.version, self.seat, self.ref = game_id, version, seat, ref

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> Self:
        return cls(*_prompt_key(match), match["ref"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await submit_answer(interaction, self.game_id, self.version, self.seat, self.ref)


class AnswerSelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=ids.SELECT_TEMPLATE):
    """A page of a prompt's options: ``cb:s:<game>:<version>:<seat>:<page>``."""

    def __init__(
        self,
        game_id: int,
        version: int | str,
        seat: int,
        page: int,
        options: list[discord.SelectOption] | None = None,
        placeholder: str | None = None,
    ) -> None:
        select = _one_choice(ids.select(game_id, version, seat, page), options, placeholder)
        super().__init__(select)
        self.game_id, self.version, self.seat, self.page = game_id, version, seat, page

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> AnswerSelect:
        return cls(*_prompt_key(match), int(match["page"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        values = selected_values(interaction)
        # An empty choice is not one this select offers: submit refuses it as illegal.
        ref = (values or [""])[0]
        await submit_answer(interaction, self.game_id, self.version, self.seat, ref, self.page)


class MoreButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=ids.PAGE_TEMPLATE):
    """Shows the next hundred options of a long prompt, ephemerally."""

    def __init__(
        self, game_id: int, version: int | str, seat: int, page: int, label: str = "…"
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                style=discord.ButtonStyle.secondary,
                custom_id=ids.page(game_id, version, seat, page),
            )
        )
        self.game_id, self.version, self.seat, self.page = game_id, version, seat, page

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> MoreButton:
        return cls(*_prompt_key(match), int(match["page"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await run_component(
            interaction,
            component_numbers(self.game_id, self.version, self.seat, self.page),
            lambda: client(interaction).looking.show_page(
                interaction, self.game_id, self.version, self.seat, self.page
            ),
        )


class HandButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=ids.HAND_TEMPLATE):
    """ "Show my hand / act": the clicker's private view and open prompt, ephemerally."""

    def __init__(self, game_id: int, label: str = "…") -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                style=discord.ButtonStyle.secondary,
                custom_id=ids.hand(game_id),
                emoji="🂠",
            )
        )
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> HandButton:
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await run_component(
            interaction,
            (self.game_id,),
            lambda: client(interaction).looking.show_hand(interaction, self.game_id),
        )


class SeatButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=ids.SEAT_TEMPLATE):
    """One seat's public position (e.g. a neighbour's city), ephemerally: ``cb:c:<g>:<s>``."""

    def __init__(self, game_id: int, seat: int, label: str = "…") -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                style=discord.ButtonStyle.secondary,
                custom_id=ids.seat_view(game_id, seat),
            )
        )
        self.game_id, self.seat = game_id, seat

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> SeatButton:
        return cls(int(match["game"]), int(match["seat"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await run_component(
            interaction,
            (self.game_id, self.seat),
            lambda: client(interaction).looking.show_seat(interaction, self.game_id, self.seat),
        )


def page_count(prompt: Prompt) -> int:
    n = len(prompt.options)
    return 1 if n <= BUTTONS_MAX else (n + PAGE_SIZE - 1) // PAGE_SIZE


# -- grouped menus, number pickers and pick tiles ---------------------------------------------
class GroupSelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=ids.GROUP_TEMPLATE):
    """One menu of a grouped prompt, at one of its pages: ``cb:g:<g>:<v>:<s>:<r>:<m>:<p>``.

    Choosing an option answers; choosing the page entry (``&<page>``) draws that page of
    the same menu in place, so a long group never needs another message.
    """

    def __init__(
        self,
        game_id: int,
        version: int | str,
        seat: int,
        room: int,
        menu: int,
        page: int,
        options: list[discord.SelectOption] | None = None,
        placeholder: str | None = None,
    ) -> None:
        super().__init__(
            _one_choice(
                ids.group_select(game_id, version, seat, room, menu, page), options, placeholder
            )
        )
        self.game_id, self.version, self.seat = game_id, version, seat
        self.room, self.menu, self.page = room, menu, page

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> GroupSelect:
        return cls(*_prompt_key(match), int(match["room"]), int(match["menu"]), int(match["page"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        values = selected_values(interaction)
        ref = (values or [""])[0]
        if ref.startswith(ids.PAGE_VALUE):
            target = ids.number(ref[len(ids.PAGE_VALUE) :])
            await run_component(
                interaction,
                component_numbers(self.game_id, self.version, self.seat, self.page)
                + (() if target is not None else (-1,)),  # unreadable: refused
                lambda: self.turn_page(interaction, target or 0),
            )
            return
        await submit_answer(interaction, self.game_id, self.version, self.seat, ref, self.page)

    async def turn_page(self, interaction: discord.Interaction[Any], target: int) -> None:
        """Draw page ``target`` of this menu on the message it sits on (nothing else
        changes: the other menus keep their pages). Answered once: the edit itself, or a
        refusal only the clicker sees. Deferred first (as an update of that message): the
        reads may wait on the database."""
        await interaction.response.defer()
        play = client(interaction).play
        found = await play.current_prompt(interaction, self.game_id, self.version, self.seat)
        if found is None:
            return
        info, prompt = found
        plan = menu_plan(info.game, prompt, info.language, self.room)
        message = interaction.message
        if (
            self.menu >= len(plan.menus)
            or target >= menu_pages(len(plan.menus[self.menu].indexes))
            or message is None
        ):
            await refuse(interaction, Refusal("no_such_page"), info)
            return
        drawing = Drawing(
            info.game, self.game_id, self.version, prompt, info.language, seat_names(info.seats)
        )
        select = drawing.menu_select(plan, self.menu, target)
        view = _replaced(message, custom_id(interaction), select)
        await interaction.edit_original_response(view=view)


class NumberButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=ids.NUMBER_TEMPLATE):
    """ "Type a number…" of a ``number`` prompt: ``cb:n:<g>:<v>:<s>:<lo>:<hi>`` opens a modal
    (``lo``-``hi`` only word its hint; the number typed is checked against the options)."""

    def __init__(
        self,
        game_id: int,
        version: int | str,
        seat: int,
        low: int,
        high: int,
        label: str = "…",
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                style=discord.ButtonStyle.secondary,
                custom_id=ids.number_button(game_id, version, seat, low, high),
                emoji="🔢",
            )
        )
        self.game_id, self.version, self.seat = game_id, version, seat
        self.low, self.high = low, high

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> NumberButton:
        return cls(*_prompt_key(match), int(match["low"]), int(match["high"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await run_component(
            interaction,
            component_numbers(self.game_id, self.version, self.seat, self.low, self.high),
            lambda: client(interaction).play.open_number(interaction, self),
        )


class NumberModal(discord.ui.Modal):
    """The number a player types for a ``number`` prompt; refused, changing nothing, unless
    it is one of the prompt's numbers.

    Never kept in memory (a modal kept there went unanswered after a restart or its
    timeout): its custom id, ``cb:nm:<g>:<v>:<s>``, carries the question it was opened for,
    and every modal submit is routed by it (``Play.modal_submitted``) to
    ``Play.submit_number``, which checks it against the seat's open question."""

    def __init__(self, button: NumberButton, lang: str) -> None:
        super().__init__(
            title=short(t(lang, "turn.number.title"), 45),
            timeout=None,
            custom_id=ids.number_modal(button.game_id, button.version, button.seat),
        )
        self.number: discord.ui.TextInput[Any] = discord.ui.TextInput(
            label=short(t(lang, "turn.number.field", low=button.low, high=button.high), 45),
            placeholder=f"{button.low}–{button.high}",
            min_length=1,
            max_length=20,
            custom_id=NUMBER_FIELD,
        )
        self.add_item(self.number)


def _replaced(message: discord.Message, old_id: str, new: discord.ui.Item[Any]) -> discord.ui.View:
    """The message's components with the one named ``old_id`` replaced by ``new`` (in its
    row), as a view to send but never keep."""
    view = discord.ui.View.from_message(message, timeout=None)
    assert isinstance(view, discord.ui.View)
    for child in list(view.children):
        if getattr(child, "custom_id", None) == old_id:
            new.row = child.row
            view.remove_item(child)
    view.add_item(new)
    view.stop()
    return view


@dataclass
class Menu:
    """One select of a grouped prompt: its label and its options (indexes in the prompt);
    ``notes``: the group each option came from, for a folded "More actions" menu."""

    label: str
    indexes: list[int]
    notes: dict[int, str] = field(default_factory=dict)


@dataclass
class MenuPlan:
    """How a grouped (or long ``pick``) prompt is drawn with ``room`` select rows."""

    room: int
    menus: list[Menu]
    buttons: list[int]


def grouped(prompt: Prompt) -> bool:
    """Whether the prompt is drawn as one menu per group (plain prompts keep their list)."""
    return prompt.layout not in ("number", "pick") and any(o.group for o in prompt.options)


def number_options(prompt: Prompt) -> dict[int, int]:
    """``{number: option index}`` of a ``number`` prompt's numeric options (``bid:<n>``)."""
    found: dict[int, int] = {}
    for index, option in enumerate(prompt.options):
        match = NUMBER_ID.fullmatch(option.id)
        if match:
            found.setdefault(int(match["n"]), index)
    return found


def _sections(game: str, prompt: Prompt, lang: str) -> tuple[list[Menu], list[int]]:
    """The prompt's menus before folding, and the options drawn as buttons."""
    if prompt.layout == "pick":
        special = [i for i, o in enumerate(prompt.options) if o.id in HIGHLIGHTED | QUIET]
        rest = [i for i in range(len(prompt.options)) if i not in special]
        return [Menu(t(lang, "turn.pick_placeholder", count=len(rest)), rest)], special
    words = words_for(game)
    by_group: dict[str, list[int]] = {}
    for index, option in enumerate(prompt.options):
        by_group.setdefault(words.menu_group(prompt, option) or "", []).append(index)
    buttons = by_group.pop(TURN_GROUP, [])
    if len(buttons) > ROW_BUTTONS:  # too many for a row of buttons: a menu like the others
        by_group[TURN_GROUP], buttons = buttons, []
    menus = [
        Menu(
            words.group_label(lang, group, len(indexes))
            if group
            else t(lang, "turn.group.other", count=len(indexes)),
            indexes,
        )
        for group, indexes in by_group.items()
    ]
    return menus, buttons


def menu_room(buttons: int) -> int:
    """Select rows left beside ``buttons`` buttons (at most ``MENUS_MAX``, at least one)."""
    button_rows = -(-buttons // ROW_BUTTONS)
    return max(1, min(MENUS_MAX, ROWS - button_rows))


def menu_plan(game: str, prompt: Prompt, lang: str, room: int) -> MenuPlan:
    """The menus of a grouped prompt in ``room`` select rows: one per group, the smallest
    folded into one "More actions" menu when there are more groups than rows."""
    menus, buttons = _sections(game, prompt, lang)
    menus = [m for m in menus if m.indexes]
    if len(menus) > room:
        by_size = sorted(range(len(menus)), key=lambda i: -len(menus[i].indexes))
        kept = set(by_size[: room - 1])
        folded = [m for i, m in enumerate(menus) if i not in kept]
        more = Menu(
            t(lang, "turn.group.more", count=sum(len(m.indexes) for m in folded)),
            [i for m in folded for i in m.indexes],
            {i: m.label for m in folded for i in m.indexes},
        )
        menus = [m for i, m in enumerate(menus) if i in kept] + [more]
    return MenuPlan(room, menus, buttons)


def menu_pages(size: int) -> int:
    """Pages of a menu of ``size`` options (``MENU_PAGE`` per page once it pages)."""
    return 1 if size <= SELECT_SIZE else -(-size // MENU_PAGE)


def _style(option_id: str) -> discord.ButtonStyle:
    if option_id in HIGHLIGHTED:
        return discord.ButtonStyle.success
    if option_id in QUIET:
        return discord.ButtonStyle.secondary
    return discord.ButtonStyle.primary


@dataclass(frozen=True)
class Drawing:
    """One prompt drawn for one message: what each of its components needs (the game's
    words, the ids its custom ids carry, the language and the seats' names)."""

    game: str
    game_id: int
    version: int | str
    prompt: Prompt
    lang: str
    names: dict[int, str]

    def choice(self, index: int, note: str | None = None) -> discord.SelectOption:
        """Option ``index`` as a select entry (``note``: its line below)."""
        option = self.prompt.options[index]
        return discord.SelectOption(
            label=short(option_text(self.game, self.lang, option, self.names), 100),
            value=ids.option_ref(option.id, index),
            description=short(note, 100) if note else None,
        )

    def button(self, index: int, *, styled: bool = False) -> AnswerButton:
        """Option ``index`` as a button (``styled``: reserved options highlighted or quiet)."""
        option, seat = self.prompt.options[index], self.prompt.seat
        ref = ids.option_ref(
            option.id, index, room=ids.MAX_ID - len(f"cb:o:{self.game_id}:{self.version}:{seat}:")
        )
        style = _style(option.id) if styled else discord.ButtonStyle.primary
        label = short(option_text(self.game, self.lang, option, self.names))
        return AnswerButton(self.game_id, self.version, seat, ref, label, style)

    def menu_select(self, plan: MenuPlan, number: int, page: int = 0) -> GroupSelect:
        """Menu ``number`` of ``plan`` at ``page``: its options, then (when it pages) the
        entry turning to the next page (the first after the last)."""
        lang = self.lang
        menu = plan.menus[number]
        size = len(menu.indexes)
        pages = menu_pages(size)
        shown = (
            menu.indexes if pages == 1 else menu.indexes[page * MENU_PAGE : (page + 1) * MENU_PAGE]
        )
        choices = [self.choice(index, menu.notes.get(index)) for index in shown]
        placeholder = menu.label
        if pages > 1:
            start = page * MENU_PAGE
            placeholder = t(
                lang, "turn.group.page", label=menu.label, start=start + 1, end=start + len(shown)
            )
            target = (page + 1) % pages
            first = target * MENU_PAGE
            key = "turn.group.next" if target else "turn.group.first"
            end = min(size, first + MENU_PAGE)
            choices.append(
                discord.SelectOption(
                    label=short(t(lang, key, start=first + 1, end=end), 100),
                    value=f"{ids.PAGE_VALUE}{target}",
                )
            )
        return GroupSelect(
            self.game_id,
            self.version,
            self.prompt.seat,
            plan.room,
            number,
            page,
            choices,
            short(placeholder, 150),
        )

    def menu_items(self, extra_buttons: int) -> list[discord.ui.Item[Any]]:
        """A grouped (or long ``pick``) prompt: its menus, then its buttons."""
        _, buttons = _sections(self.game, self.prompt, self.lang)
        room = menu_room(len(buttons) + extra_buttons)
        plan = menu_plan(self.game, self.prompt, self.lang, room)
        items: list[discord.ui.Item[Any]] = [
            self.menu_select(plan, number) for number in range(len(plan.menus))
        ]
        items += [self.button(i, styled=True) for i in plan.buttons]
        return items

    def number_items(self) -> list[discord.ui.Item[Any]]:
        """A ``number`` prompt: a select of its numbers when they fit, else buttons for the
        lowest, a few steps above it and the highest, and "Type a number…"; its other
        options (``pass``) as buttons."""
        prompt, lang = self.prompt, self.lang
        numbers = number_options(prompt)
        others = [i for i in range(len(prompt.options)) if i not in numbers.values()]
        low, high = min(numbers), max(numbers)
        items: list[discord.ui.Item[Any]] = []
        if len(numbers) <= NUMBERS_IN_SELECT:
            choices = [self.choice(i) for _, i in sorted(numbers.items())]
            placeholder = short(t(lang, "turn.number.placeholder", low=low, high=high), 150)
            select = AnswerSelect(self.game_id, self.version, prompt.seat, 0, choices, placeholder)
            items.append(select)
        else:
            shown = sorted({low, *(low + step for step in NUMBER_STEPS), high} & set(numbers))
            items += [self.button(numbers[n]) for n in shown]
        items += [self.button(i, styled=True) for i in others]
        if len(numbers) > NUMBERS_IN_SELECT:
            label = t(lang, "turn.number.type")
            items.append(NumberButton(self.game_id, self.version, prompt.seat, low, high, label))
        return items


def prompt_items(
    game: str,
    game_id: int,
    version: int | str,
    prompt: Prompt,
    lang: str,
    names: dict[int, str],
    *,
    page: int = 0,
    hand_button: bool = True,
    reserve: int = 0,
) -> list[discord.ui.Item[Any]]:
    """The components answering ``prompt`` (page ``page`` when it has over a hundred options).

    The components carry ``version``: the pin naming the question (``bot.ids.pin``, a
    string), or the game version (an int), from which the pin is made.
    ``reserve``: buttons the caller adds after these (a grouped prompt leaves them room).
    """
    pinned = version if isinstance(version, str) else ids.pin(prompt.question, version)
    version = ids.parse_version(pinned)
    drawing = Drawing(game, game_id, version, prompt, lang, names)
    opts = prompt.options
    items: list[discord.ui.Item[Any]] = []
    extra = reserve + (1 if hand_button else 0)
    if prompt.layout == "number" and number_options(prompt):
        items = drawing.number_items()
    elif prompt.layout == "pick" and len(opts) <= min(TILES_MAX, ROWS * ROW_BUTTONS - extra):
        items = [drawing.button(i, styled=True) for i in range(len(opts))]
    elif prompt.layout == "pick" or grouped(prompt):
        items = drawing.menu_items(extra)
    elif len(opts) <= BUTTONS_MAX:
        items = [drawing.button(i) for i in range(len(opts))]
    else:
        start = page * PAGE_SIZE
        chunk = opts[start : start + PAGE_SIZE]
        for s in range(0, len(chunk), SELECT_SIZE):
            group = chunk[s : s + SELECT_SIZE]
            first = start + s
            choices = [drawing.choice(first + i) for i in range(len(group))]
            placeholder = t(
                lang,
                "turn.select_placeholder",
                start=first + 1,
                end=first + len(group),
                total=len(opts),
            )
            items.append(
                AnswerSelect(
                    game_id,
                    version,
                    prompt.seat,
                    first // SELECT_SIZE,
                    choices,
                    short(placeholder, 150),
                )
            )
        pages = page_count(prompt)
        if page + 1 < pages:
            items.append(
                MoreButton(
                    game_id,
                    version,
                    prompt.seat,
                    page + 1,
                    t(lang, "turn.button.more", page=page + 2, pages=pages),
                )
            )
    if hand_button:
        items.append(HandButton(game_id, t(lang, "turn.button.hand")))
    return items
