"""Per-game words and layout hooks: the only game-specific code in ``bot/``.

Everything else (lobby, prompts, answers, delivery) is generic over the engine contract;
a game whose catalogue entries suffice needs no hook at all.

Two layout choices a game may make here besides its words:

- ``stamped``: answer components are pinned to the *question* (a stamp of the prompt's
  kind, params and option ids, and of how many answers the seat has made) instead of the
  game's version, so a seat's buttons stay valid while other seats answer (simultaneous
  choices), and only the prompts that changed are delivered again. A seat's own answer
  always ends its question (``renewed_by_answer``): asked again, even with the same
  options, it is a new question with new buttons.
- ``round_key``: a game played in simultaneous turns names its current turn from the public
  view; the thread then gets one summary per turn (events, image, a status message edited
  in place with who is still choosing) instead of a line per answer.
- ``on_panel`` / ``turn_key``: a game whose turns are many answers of one seat (Through the
  Ages) asks them on a *turn panel*, one DM message edited in place after each answer, and
  names its turns from the public view, so the table image is posted once per turn (and a
  status line ``turn_status`` edited in place) instead of at every change of who is asked.
- ``warnings``: an option whose params forecast a cost the player may not expect (ending a
  turn with an uprising or unused actions) is confirmed on the panel before it is sent.
"""

from __future__ import annotations

import importlib
import json
import zlib
from collections.abc import Iterable, Mapping
from typing import Any

from bot.i18n import has, t
from engines.core.contract import Event, Option, Prompt


class GameWords:
    """Default hooks: use the engine's keys and params as they are."""

    #: pin answer components to the question instead of the game version (see above).
    stamped = False
    #: a stamped seat's own answer ends its question (the count of its answers is part of
    #: the stamp); False where a seat that has chosen may change its mind from the same
    #: buttons until the turn resolves (7 Wonders).
    renewed_by_answer = True
    #: the function of ``renderers.<game>`` that draws the public board.
    board_renderer = "render_board"
    #: simultaneous turns: one summary and status message per turn (see ``round_key``).
    rounds = False
    #: event kinds never worded for the thread (their news is told another way).
    silent_events: frozenset[str] = frozenset()
    #: prompt kinds that open a new stage of the table even when the seat asked stays the
    #: same (Duel's ``start``: the next Age has just been laid out): the board image is
    #: posted then too, not only when another seat is asked.
    stage_kinds: frozenset[str] = frozenset()
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
        self, lang: str, view: Any, seat: int | None, names: dict[int, str]
    ) -> list[str]:
        """A few text lines summing up ``view`` for ``/hand`` beside the image."""
        return []

    def opening_lines(self, lang: str, view: Any, names: dict[int, str]) -> list[str]:
        """Text lines about the opening position, told with "the game has started"."""
        return []

    def status_lines(self, lang: str, view: Any, names: dict[int, str]) -> list[str]:
        """Text beside the public board image in ``/game status`` (e.g. every board)."""
        return []

    def question_key(self, prompt: Prompt) -> str:
        """What makes two prompts of a seat the same question (see ``stamped``)."""
        return prompt.kind + json.dumps(prompt.params, sort_keys=True, default=str)

    def round_key(self, view: Any) -> str | None:
        """The simultaneous turn the public ``view`` is in; None: no turn summaries."""
        return None

    def done(self, prompt: Prompt) -> bool:
        """Whether ``prompt`` only lets a seat that has chosen change its mind."""
        return False

    def still_choosing(self, prompt: Prompt) -> bool:
        """Whether the table may be told (status line, reminder) that this seat is choosing."""
        return not self.done(prompt)

    def round_title(self, lang: str, view: Any) -> str:
        """The heading of a turn's status message."""
        return ""

    def private_images(self, view: Any, seat: int) -> list[tuple[str, dict[str, Any], str]]:
        """Extra images for a seat's private message: (renderer function, kwargs, filename)."""
        return []

    def seat_image(self, seat: int) -> tuple[str, dict[str, Any]] | None:
        """The renderer function (and kwargs) drawing one seat's part of the public view."""
        return None

    def seat_lines(self, lang: str, view: Any, seat: int, names: dict[int, str]) -> list[str]:
        """Text lines about one seat's public position (beside ``seat_image``)."""
        return []

    def neighbours(self, view: Any, seat: int) -> list[int]:
        """Seats whose public position the seat may open with a button from its hand."""
        return []

    # -- menus and questions out of turn (``bot.components.prompt``, reminders) ---------------
    #: the game's name (set by ``words_for``): the catalogue keys of the default hooks
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
        self, lang: str, prompt: Prompt, view: Any, names: dict[int, str]
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
    def on_panel(self, prompt: Prompt) -> bool:
        """Whether ``prompt`` is asked on its seat's turn panel (one DM message edited in
        place after each answer) rather than as a message of its own: by default every
        prompt with a ``layout`` (the acting seat's menus, picks and numbers), except a
        ``reaction`` asked of another seat, which gets its own DM."""
        return prompt.layout is not None and not prompt.reaction

    def turn_key(self, view: Any) -> str | None:
        """The turn the public ``view`` is in (one seat's whole turn, however many answers
        it takes): the table image is posted and a new turn panel opened when it changes.
        None: no turns (the image follows the changes of who is asked)."""
        return None

    def turn_status(self, lang: str, view: Any, names: dict[int, str]) -> str | None:
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


def stamp(game: str, prompt: Prompt, answered: int | None = None) -> str:
    """``t`` + a short base-36 hash naming the question ``prompt`` asks (see ``stamped``);
    ``answered``: how many answers the seat has made, for games whose answers renew it."""
    words = words_for(game)
    text = words.question_key(prompt) + "|" + ",".join(o.id for o in prompt.options)
    if answered is not None and words.renewed_by_answer:
        text += f"|{answered}"
    value = zlib.crc32(text.encode("utf-8"))
    digits = ""
    while True:
        value, rest = divmod(value, 36)
        digits = "0123456789abcdefghijklmnopqrstuvwxyz"[rest] + digits
        if not value:
            break
    return "t" + digits


def pin(
    game: str, prompt: Prompt, version: int, answered: Mapping[int, int] | None = None
) -> str:
    """What a component of ``prompt`` carries in its version slot: a stamp or the version.

    ``answered``: answers made per seat (``GameService.answers_by_seat``); a stamped game
    whose answers renew questions needs it, or a question answered and asked again with
    the same options would keep the stamp, and its new buttons would never be delivered.
    """
    words = words_for(game)
    if not words.stamped:
        return str(version)
    if not words.renewed_by_answer:
        return stamp(game, prompt)
    if answered is None:
        raise ValueError(f"{game} names its questions by the seats' answers: pass answered")
    return stamp(game, prompt, answered.get(prompt.seat, 0))


_HOOKS: dict[str, GameWords] = {}


def words_for(game: str) -> GameWords:
    """The hooks of ``game``: the ``GameWords`` subclass its module ``bot.games.<game>``
    defines (found by name, like ``renderers.<game>``), else the defaults."""
    words = _HOOKS.get(game)
    if words is None:
        words = _HOOKS[game] = _find_words(game)
        words.game = game
    return words


def _find_words(game: str) -> GameWords:
    name = f"{__name__}.{game}"
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name != name:
            raise  # the module exists but imports something missing: a bug, not "no hooks"
        return GameWords()
    found = [cls for cls in vars(module).values()
             if isinstance(cls, type) and issubclass(cls, GameWords)
             and cls.__module__ == name]
    if len(found) > 1:
        raise TypeError(f"{name} defines several GameWords classes: "
                        f"{', '.join(c.__name__ for c in found)}")
    return found[0]() if found else GameWords()
