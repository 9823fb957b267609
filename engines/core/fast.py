"""Fast construction of the contract's pydantic objects on an engine's hot path.

``Option``/``Prompt``/``Event`` built here skip pydantic validation: the engine builds
their inputs itself, so validating them on every ``prompts()``/``apply()`` would only
cost time in random playouts. The objects are ordinary model instances (they dump,
compare and serialise like validated ones).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from pydantic import BaseModel

from engines.core.contract import Event, Layout, Option, Prompt

_OPTION_FIELDS = set(Option.model_fields)
_PROMPT_FIELDS = set(Prompt.model_fields)
_EVENT_FIELDS = set(Event.model_fields)
_new = object.__new__
# the setters of BaseModel's four slots, called directly (cheaper than object.__setattr__,
# which looks each one up again): the instance dict and pydantic's bookkeeping
_slots = BaseModel.__dict__
_set_dict = _slots["__dict__"].__set__
_set_fields = _slots["__pydantic_fields_set__"].__set__
_set_extra = _slots["__pydantic_extra__"].__set__
_set_private = _slots["__pydantic_private__"].__set__


def fast_option(oid: str, key: str, params: dict[str, Any], card: str | None,
                cost: int | None, group: str | None = None) -> Option:
    opt = _new(Option)
    _set_dict(opt, {"id": oid, "key": key, "params": params, "card": card, "cost": cost,
                    "group": group})
    _set_fields(opt, _OPTION_FIELDS)
    _set_extra(opt, None)
    _set_private(opt, None)
    return opt


def fast_prompt(
    seat: int, kind: str, options: list[Option], params: dict[str, Any], private: bool,
    layout: Layout | None = None, reaction: bool = False, *, question: str = "",
    blocking: bool = True, discreet: bool = False, panel: bool = False,
) -> Prompt:
    prompt = _new(Prompt)
    _set_dict(prompt, {"seat": seat, "kind": kind, "options": options, "private": private,
                       "params": params, "layout": layout, "reaction": reaction,
                       "blocking": blocking, "discreet": discreet, "question": question,
                       "panel": panel})
    _set_fields(prompt, _PROMPT_FIELDS)
    _set_extra(prompt, None)
    _set_private(prompt, None)
    return prompt


def name_question(prompt: Prompt, question: str) -> Prompt:
    """``prompt`` (built by the engine a moment ago, not shared) with its ``question`` set
    in place: for prompts built by shared code (``core.suspend``) that the game names."""
    prompt.__dict__["question"] = question
    return prompt


def event(
    kind: str, seat: int | None, params: dict[str, Any], visible_to: list[int] | None = None,
    provisional: bool = False,
) -> Event:
    ev = _new(Event)
    _set_dict(ev, {"kind": kind, "seat": seat, "params": params, "visible_to": visible_to,
                   "provisional": provisional})
    _set_fields(ev, _EVENT_FIELDS)
    _set_extra(ev, None)
    _set_private(ev, None)
    return ev


M = TypeVar("M", bound=BaseModel)


def unvalidated(cls: type[M], data: dict[str, Any], fields_set: set[str]) -> M:
    """An instance of ``cls`` holding ``data`` as its fields (no copy, no validation): how
    the engines' ``fast_copy`` builds a state from its copied fields."""
    out = _new(cls)
    _set_dict(out, data)
    _set_fields(out, fields_set)
    _set_extra(out, None)
    _set_private(out, None)
    return out


def plain_setattr(cls: type[BaseModel]) -> None:
    """Make assigning a declared field of ``cls`` a plain ``__dict__`` store (the state
    models configure no assignment validation, so pydantic's ``__setattr__`` only costs
    time); anything else still goes through pydantic."""
    fields = frozenset(cls.model_fields)
    base_setattr = BaseModel.__setattr__

    def _setattr(self: BaseModel, name: str, value: Any) -> None:
        if name in fields:
            self.__dict__[name] = value
        else:
            base_setattr(self, name, value)

    cls.__setattr__ = _setattr  # type: ignore[method-assign,assignment]


class OptionCache(dict[tuple[Any, ...], Option]):
    """Options built once per key and then shared (identical options are one object):
    ``cache[key]`` is a plain dict look-up, ``build(key)`` makes the missing ones."""

    def __init__(self, build: Callable[[tuple[Any, ...]], Option]) -> None:
        super().__init__()
        self._build = build

    def __missing__(self, key: tuple[Any, ...]) -> Option:
        opt = self[key] = self._build(key)
        return opt


def _check_pydantic_internals() -> None:
    """This module is the one place that sets pydantic's private slots, and it spells out
    every field of the contract's models; if a pydantic release changes the slots, or a
    field is added to the contract but not here, fail loudly at import instead of building
    broken objects."""
    pairs: list[tuple[BaseModel, BaseModel]] = [
        (fast_option("x", "k", {"a": 1}, "c", 2),
         Option(id="x", key="k", params={"a": 1}, card="c", cost=2)),
        (fast_prompt(1, "turn", [], {"n": 2}, True),
         Prompt(seat=1, kind="turn", options=[], params={"n": 2}, private=True)),
        (event("drew", 0, {"n": 1}, [0]), Event(kind="drew", seat=0, params={"n": 1},
                                                 visible_to=[0])),
    ]
    for fast, slow in pairs:
        if (fast != slow or fast.model_dump() != slow.model_dump()
                or set(fast.__dict__) != set(type(slow).model_fields)):
            raise RuntimeError(
                f"engines.core.fast no longer builds {type(slow).__name__} as this pydantic "
                "version and the contract do"
            )


_check_pydantic_internals()
