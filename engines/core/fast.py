"""Fast construction of the contract's pydantic objects on an engine's hot path.

``Option``/``Prompt``/``Event`` built here skip pydantic validation: the engine builds
their inputs itself, so validating them on every ``prompts()``/``apply()`` would only
cost time in random playouts. The objects are ordinary model instances (they dump,
compare and serialise like validated ones).
"""

from __future__ import annotations

from typing import Any

from engines.core.contract import Event, Option, Prompt

_OPTION_FIELDS = set(Option.model_fields)
_PROMPT_FIELDS = set(Prompt.model_fields)
_EVENT_FIELDS = set(Event.model_fields)
_new = object.__new__
_set = object.__setattr__


def fast_option(oid: str, key: str, params: dict[str, Any], card: str | None,
                cost: int | None) -> Option:
    opt = _new(Option)
    _set(opt, "__dict__", {"id": oid, "key": key, "params": params, "card": card, "cost": cost})
    _set(opt, "__pydantic_fields_set__", _OPTION_FIELDS)
    _set(opt, "__pydantic_extra__", None)
    _set(opt, "__pydantic_private__", None)
    return opt


def fast_prompt(
    seat: int, kind: str, options: list[Option], params: dict[str, Any], private: bool
) -> Prompt:
    prompt = _new(Prompt)
    _set(prompt, "__dict__", {"seat": seat, "kind": kind, "options": options,
                              "private": private, "params": params})
    _set(prompt, "__pydantic_fields_set__", _PROMPT_FIELDS)
    _set(prompt, "__pydantic_extra__", None)
    _set(prompt, "__pydantic_private__", None)
    return prompt


def event(
    kind: str, seat: int | None, params: dict[str, Any], visible_to: list[int] | None = None
) -> Event:
    ev = _new(Event)
    _set(ev, "__dict__", {"kind": kind, "seat": seat, "params": params, "visible_to": visible_to})
    _set(ev, "__pydantic_fields_set__", _EVENT_FIELDS)
    _set(ev, "__pydantic_extra__", None)
    _set(ev, "__pydantic_private__", None)
    return ev
