"""Per-game words: the only game-specific code in ``bot/``.

Everything else (lobby, prompts, answers, delivery and its pacing) is generic over the
engine contract (``engines/core/contract.py``, "Pacing"): a game whose catalogue entries
suffice needs no words of its own. ``GameWords[ViewT]`` words a game's options, events and
prompts, and the lines and pictures beside them, from its view model ``ViewT`` (one type
for the public view and the seats' views). Besides words, a game may name the pictures a
seat is shown and the option params that ask for a confirmation on the turn panel
(``warnings``: ending a turn with an uprising or unused actions).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, Generic, TypeVar

from pydantic import BaseModel

from bot.i18n import has, t
from engines.core.contract import Event, Option, Prompt

#: a game's view model (``Engine.view``)
ViewT = TypeVar("ViewT", bound=BaseModel)


class GameWords(Generic[ViewT]):
    """Default words: the engine's keys and params as they are."""

    #: the function of ``renderers.<game>`` that draws the public board.
    board_renderer = "render_board"
    #: event kinds never worded for the thread (their news is told another way).
    silent_events: frozenset[str] = frozenset()
    #: option params that forecast a cost of choosing it (any positive value asks for a
    #: confirmation on the panel, see ``warnings``); worded ``<game>.warn.<param>`` (``n``).
    warn_params: tuple[str, ...] = ()
    #: how many of the turn's provisional events the panel shows ("Last: ...").
    panel_last = 4

    def option(
        self, lang: str, option: Option, params: dict[str, Any]
    ) -> tuple[str, dict[str, Any]]:
        """The catalogue key suffix and params that word ``option``."""
        return option.key, params

    def event(self, lang: str, event: Event, params: dict[str, Any]) -> tuple[str, dict[str, Any]]:
        """The catalogue key suffix and params that word ``event``."""
        return event.kind, params

    def prompt(
        self, lang: str, prompt: Prompt, params: dict[str, Any]
    ) -> tuple[str, dict[str, Any]]:
        """The catalogue key suffix and params that word ``prompt``."""
        return prompt.kind, params

    def hand_lines(
        self, lang: str, view: ViewT, seat: int | None, names: dict[int, str]
    ) -> list[str]:
        """A few text lines summing up ``view`` for ``/hand`` beside the image."""
        return []

    def opening_lines(self, lang: str, view: ViewT, names: dict[int, str]) -> list[str]:
        """Text lines about the opening position, told with "the game has started"."""
        return []

    def status_lines(self, lang: str, view: ViewT, names: dict[int, str]) -> list[str]:
        """Text beside the public board image in ``/game status`` (e.g. every board)."""
        return []

    def round_title(self, lang: str, view: ViewT) -> str:
        """The heading of a round's status message (games paced by rounds)."""
        return ""

    def table_title(self, lang: str, view: ViewT, names: dict[int, str]) -> str:
        """The heading of a stretch's board and log entry ("Age II, turn 3", "Turn 12 ·
        Ana"): by default the round's title, else the name of the seat whose turn it is."""
        title = self.round_title(lang, view)
        if title:
            return title
        if getattr(view, "result", None) is not None:
            return t(lang, "board.final")
        current = getattr(view, "current", None)
        if isinstance(current, int) and not isinstance(current, bool):
            return names.get(current, "?")
        return ""

    def private_images(self, view: ViewT, seat: int) -> list[tuple[str, dict[str, Any], str]]:
        """Extra images for a seat's private message: (renderer function, kwargs, filename)."""
        return []

    def seat_image(self, seat: int) -> tuple[str, dict[str, Any]] | None:
        """The renderer function (and kwargs) drawing one seat's part of the public view."""
        return None

    def seat_lines(self, lang: str, view: ViewT, seat: int, names: dict[int, str]) -> list[str]:
        """Text lines about one seat's public position (beside ``seat_image``)."""
        return []

    def neighbours(self, view: ViewT, seat: int) -> list[int]:
        """Seats whose public position the seat may open with a button from its hand."""
        return []

    # -- menus and questions out of turn (``bot.components.prompt``, reminders) ---------------
    #: the game's name (set by ``words_for``): the catalogue keys of the default words
    game = ""

    def group_label(self, lang: str, group: str, n: int) -> str:
        """The label of the menu of ``group`` (``Option.group``) holding ``n`` options,
        e.g. "Take a card (13)": ``<game>.group.<group>``, else the common
        ``turn.group.<group>``, else the group's id made readable (``count`` = ``n``)."""
        for key in (f"{self.game}.group.{group}", f"turn.group.{group}"):
            if has(lang, key):
                return t(lang, key, count=n)
        readable = group.replace("_", " ").strip().capitalize()
        return t(lang, "turn.group.generic", group=readable, count=n)

    def reaction_source(
        self, lang: str, prompt: Prompt, view: ViewT, names: dict[int, str]
    ) -> str | None:
        """Who puts a question out of turn (``Prompt.reaction``) to ``prompt.seat``, for its
        mention and reminders ("Ana's event Development of Markets asks you: ..."): by
        default the seat whose turn it is, when the public ``view`` names it (``current``).
        None: worded like any other question."""
        current = getattr(view, "current", None)
        if isinstance(current, int) and not isinstance(current, bool) and current != prompt.seat:
            return names.get(current)
        return None

    def menu_group(self, prompt: Prompt, option: Option) -> str | None:
        """The menu ``option`` is listed in when ``prompt`` is drawn as menus: by default its
        ``group``; a game may split a group the engine shares between several questions
        into menus of their own for one kind of question (TTA's political phase)."""
        return option.group

    # -- the turn panel (one DM message per seat and turn) ------------------------------
    def turn_status(self, lang: str, view: ViewT, names: dict[int, str]) -> str | None:
        """The turn's status line in the thread, edited in place while the turn lasts
        ("Ana is playing: 3 civil, 1 military left"); None: no status message."""
        return None

    def warnings(self, option: Option) -> dict[str, Any]:
        """What choosing ``option`` would cost that the player may not expect, by param:
        the ``warn_params`` with a positive value, plus the convention any game may use,
        ``params["warn"] = {name: value}``. Non-empty: the panel asks for a confirmation
        (bot-side; the engine is told nothing until it is confirmed)."""
        params = option.params
        found = {k: params[k] for k in self.warn_params if _positive(params.get(k))}
        extra = params.get("warn")
        if isinstance(extra, Mapping):
            found.update({str(k): v for k, v in extra.items() if v})
        return found

    # -- /card: one catalogue entry and what it does ------------------------------------
    #: the colour of ``/card``'s embed
    card_colour = 0x5865F2

    def card_entries(self, catalogue: Mapping[str, Any]) -> dict[str, Mapping[str, Any]]:
        """The entries of ``engine.catalogue()`` a player may look up, by id: by default
        every entry with an ``id`` and its ``names`` in the catalogue's lists."""
        found: dict[str, Mapping[str, Any]] = {}
        for value in catalogue.values():
            for entry in value if isinstance(value, list) else []:
                if isinstance(entry, Mapping) and "id" in entry and "names" in entry:
                    found.setdefault(str(entry["id"]), entry)
        return found

    def card_title(self, lang: str, card_id: str, entry: Mapping[str, Any]) -> str:
        """An entry's name in ``lang`` (its ``names``), as the autocomplete lists it."""
        names = entry.get("names") or {}
        title = str(names.get(lang) or names.get("en") or entry.get("name") or card_id)
        return f"{title} ({entry['age']})" if "age" in entry else title

    def card_text(
        self, lang: str, card_id: str, entry: Mapping[str, Any]
    ) -> tuple[str, list[str]]:
        """``/card``'s title and lines: by default the name and the effects' texts."""
        lines = [str(e["text"]) for e in entry.get("effects") or []
                 if isinstance(e, Mapping) and e.get("text")]
        return self.card_title(lang, card_id, entry), lines

    def card_image(self, card_id: str) -> tuple[str, dict[str, Any]] | None:
        """The renderer function (and kwargs) drawing the card for ``/card``, if any."""
        return None


def _positive(value: Any) -> bool:
    """A forecast worth a warning: ``True`` or a number above zero."""
    if isinstance(value, bool):
        return value
    return isinstance(value, int | float) and value > 0


def of_seat(entries: Iterable[Any], seat: int | None) -> Any | None:
    """The entry (a view's player or city) that belongs to ``seat``, if any."""
    if seat is None:
        return None
    return next((e for e in entries if e.seat == seat), None)
