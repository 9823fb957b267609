"""An option whose parameters are computed when first read (issue 19).

The ``end`` option carries the end-of-turn forecast (platform §5.2): figures only a person
reads, on the turn panel. Computing them for every answer of a random playout cost a
quarter of its time, so the option is built without them and fills its ``params`` the
first time anything reads them: the attribute (``option.params``, what the bot reads),
its ``__dict__`` (what pydantic reads to dump, compare or copy it), ``==``. To every reader
it is an ordinary :class:`~engines.core.contract.Option` with the same fields and values.

What it computes is the caller's: the ``end`` option computes the figures of the position
it was offered in (``undo_window._end_params``), whenever it is read.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pydantic import BaseModel

from engines.core.contract import Option

#: ``() -> params``: what a lazy option computes on its first read, or raises
Compute = Callable[[], dict[str, Any]]

_slots = BaseModel.__dict__
_set_dict = _slots["__dict__"].__set__
_set_fields = _slots["__pydantic_fields_set__"].__set__
_set_extra = _slots["__pydantic_extra__"].__set__
_set_private = _slots["__pydantic_private__"].__set__
_OPTION_FIELDS = frozenset(Option.model_fields)
_get = object.__getattribute__
_set = object.__setattr__


class LazyOption(Option):
    """An :class:`Option` whose ``params`` are computed on the first read (module
    docstring). Built only by :func:`lazy_option`."""

    __slots__ = ("_compute",)

    def __getattribute__(self, name: str) -> Any:
        if name == "params" or name == "__dict__":
            _fill(self)
        return _get(self, name)

    def __eq__(self, other: object) -> bool:
        """As pydantic compares two models of one class: their fields (filled first)."""
        if not isinstance(other, Option):
            return NotImplemented
        _fill(self)
        return _get(self, "__dict__") == other.__dict__

    #: hashed like any ``Option`` (its ``params`` dict makes that a ``TypeError``)
    __hash__ = Option.__hash__


def _fill(opt: LazyOption) -> None:
    """Compute ``opt``'s params if still owed (a copy or an unpickled one owes nothing)."""
    try:
        compute = _get(opt, "_compute")
    except AttributeError:
        return
    if compute is not None:
        _get(opt, "__dict__")["params"] = compute()
        _set(opt, "_compute", None)


def lazy_option(oid: str, key: str, compute: Compute, card: str | None,
                cost: int | None, group: str | None = None) -> Option:
    """An option like ``engines.core.fast.fast_option``'s whose ``params`` are
    ``compute()``, called on the first read."""
    opt = object.__new__(LazyOption)
    _set_dict(opt, {"id": oid, "key": key, "params": None, "card": card, "cost": cost,
                    "group": group})
    _set_fields(opt, set(_OPTION_FIELDS))
    _set_extra(opt, None)
    _set_private(opt, None)
    _set(opt, "_compute", compute)
    return opt
