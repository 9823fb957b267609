"""Generic wording of the engine contract: prompts, options, events and results.

The engine speaks in keys and params (``<game>.option.<key>``, ``<game>.event.<kind>``);
this module fills the params with words (card names, player names, coins) in the game's
language and asks the game's words (``bot.games``) for the few game-specific choices.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from bot.games import words_for
from bot.i18n import has, raw, t
from engines.core.contract import Event, GameResult, Option, Prompt

#: the names the first three engines gave their seat-valued params before the convention
#: below; kept as a fallback because renaming them means rewording every locale template
#: that uses them (Duel, 7 Wonders, Innovation). New engines follow the convention only.
LEGACY_SEAT_PARAMS = frozenset(
    {
        "first_player",
        "victim",
        "winner",
        "winners",
        "player",
        "neighbour",
        "by",
        "sharers",
        "demanded",
        "executing",
    }
)
LABEL_MAX = 80  # Discord's button label limit (select labels allow 100)


def is_seat_param(key: str) -> bool:
    """Whether the param ``key`` holds a seat (or several): by convention ``seat``,
    ``*_seat`` or ``seats``, else one of the legacy names."""
    return key in ("seat", "seats") or key.endswith("_seat") or key in LEGACY_SEAT_PARAMS


def _word(game: str, lang: str, param: str, value: str) -> str:
    """``value`` of ``param`` in words: ``<game>.<param>.<value>``, then a name, then as is."""
    for key in (f"{game}.{param}.{value}", f"{game}.name.{value}"):
        if has(lang, key):
            return t(lang, key)
    return value


def localize_params(
    game: str, lang: str, params: dict[str, Any], names: dict[int, str]
) -> dict[str, Any]:
    """Turn ids into names and seats into player names, keeping numbers as they are."""
    out: dict[str, Any] = {}
    for key, value in params.items():
        seat = is_seat_param(key)
        if seat and isinstance(value, int) and not isinstance(value, bool):
            out[key] = names.get(value, str(value))
        elif seat and isinstance(value, list):
            out[key] = ", ".join(names.get(v, str(v)) for v in value)
        elif isinstance(value, str):
            out[key] = _word(game, lang, key, value)
        elif isinstance(value, list):
            out[key] = ", ".join(_word(game, lang, key, str(v)) for v in value)
        else:
            out[key] = value
    return out


def game_title(lang: str, game: str) -> str:
    """A game's name in the reader's language (``game.<game>``), else its id."""
    return t(lang, f"game.{game}") if has(lang, f"game.{game}") else game


def join(lang: str, parts: Iterable[str]) -> str:
    """A list in the reader's language ("a, b" / "a、b"), empty parts left out."""
    return t(lang, "list.sep").join(p for p in parts if p)


def cost_text(lang: str, cost: int | None) -> str:
    if not cost:
        return t(lang, "turn.cost.free")
    if cost == 1:
        return t(lang, "turn.cost.one")
    return t(lang, "turn.cost.coins", cost=cost)


def option_text(game: str, lang: str, option: Option, names: dict[int, str]) -> str:
    """The full wording of an option, its cost included."""
    params = localize_params(game, lang, option.params, names)
    params["cost_text"] = cost_text(lang, option.cost)
    key, params = words_for(game).option(lang, option, params)
    full = f"{game}.option.{key}"
    template = raw(lang, full)
    text = t(lang, full, **params) if template is not None else option.id
    # The cost is always shown: appended when the wording does not already carry it.
    if option.cost and "{cost_text}" not in (template or ""):
        text += f" — {params['cost_text']}"
    return text


def short(text: str, limit: int = LABEL_MAX) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def prompt_text(game: str, lang: str, prompt: Prompt, names: dict[int, str]) -> str:
    params = localize_params(game, lang, prompt.params, names)
    kind, params = words_for(game).prompt(lang, prompt, params)
    key = f"{game}.prompt.{kind}"
    return t(lang, key, **params) if has(lang, key) else prompt.kind


def public_prompt_text(game: str, lang: str, prompt: Prompt, names: dict[int, str]) -> str:
    """What may be said in public about a prompt: its words, unless it is private."""
    if prompt.private:
        return t(lang, "turn.private_prompt")
    return prompt_text(game, lang, prompt, names)


def reaction_asker(
    game: str, lang: str, prompt: Prompt, view: Any, names: dict[int, str]
) -> str | None:
    """Who puts ``prompt`` to its seat, in words, when it is a question out of turn
    (``Prompt.reaction``; ``GameWords.reaction_source``, from the public ``view``); None
    for any other question (worded as a turn)."""
    if not prompt.reaction:
        return None
    return words_for(game).reaction_source(lang, prompt, view, names)


#: the marks that end a sentence, in the languages the bot speaks
SENTENCE_ENDS = ".!?…。！？"
#: those after which the next sentence follows without a space (full-width, CJK)
WIDE_ENDS = "。！？"


def sentences(lang: str, parts: list[str]) -> str:
    """``parts`` (event lines, most ending in their own full stop) as one run of sentences:
    a part without a final mark gets the language's (``panel.full_stop``), and each is
    followed by a space unless it ends in a full-width mark (Chinese "。" needs none), so
    "…political phase. Alice discards…" instead of "…political phase.; Alice discards…"."""
    out = ""
    for part in (p.strip() for p in parts):
        if not part:
            continue
        if out and out[-1] not in WIDE_ENDS:
            out += " "
        out += part if part[-1] in SENTENCE_ENDS else part + t(lang, "panel.full_stop")
    return out


#: the param through which ``event_text`` hands every seat's name to a game's ``event``
#: hook, for values listed per seat (TTA's culture scored by each seat: "Ana +14, Bo +7")
NAMES_PARAM = "_seat_names"


def event_text(game: str, lang: str, event: Event, names: dict[int, str]) -> str:
    params = localize_params(game, lang, event.params, names)
    if event.seat is not None:
        params.setdefault("player", names.get(event.seat, str(event.seat)))
    params[NAMES_PARAM] = names
    if "cost" in event.params:
        params["cost_text"] = cost_text(lang, event.params.get("cost"))
    kind, params = words_for(game).event(lang, event, params)
    if not kind:
        return ""  # the game tells this event with another one
    key = f"{game}.event.{kind}"
    if has(lang, key):
        return t(lang, key, **params)
    detail = ", ".join(f"{k}={v}" for k, v in params.items() if k != NAMES_PARAM)
    return f"{event.kind}: {detail}" if detail else event.kind


def result_lines(
    game: str, lang: str, game_id: int, result: GameResult, names: dict[int, str]
) -> list[str]:
    """Final scores with their breakdown and how the game was won."""
    how = _word(game, lang, "victory", result.victory)
    lines = [t(lang, "result.title", id=game_id, how=how)]
    winners = ", ".join(names.get(s, str(s)) for s in result.winners)
    lines.append(
        t(lang, "result.winners" if len(result.winners) > 1 else "result.winner", names=winners)
    )
    for score in sorted(result.scores, key=lambda s: (s.rank, s.seat)):
        lines.append(
            t(
                lang,
                "result.line",
                rank=score.rank,
                name=names.get(score.seat, str(score.seat)),
                total=score.total,
            )
        )
        items = [
            # a line whose number says nothing by itself (TTA's ``resigned = 1``) has
            # words of its own, ``<game>.score_item.<key>`` (``value`` optional)
            t(lang, f"{game}.score_item.{k}", value=v)
            if has(lang, f"{game}.score_item.{k}")
            else t(lang, "result.item", label=_word(game, lang, "score", k), value=v)
            for k, v in score.breakdown.items()
            if k != "total"
        ]
        if items:
            lines.append("   " + " · ".join(items))
    return lines


def seat_names(seats: list[Any]) -> dict[int, str]:
    """``{seat: name}`` from a game's ``SeatInfo`` list."""
    return {s.seat: s.name for s in seats}
