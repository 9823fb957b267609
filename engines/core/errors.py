"""The single error an engine raises for an answer it cannot accept."""

from __future__ import annotations

from typing import Any


class IllegalAnswer(Exception):
    """An answer the rules refuse; the state it was given is left untouched.

    ``key`` names a message in the bot's translation catalogue (``errors.<key>``) so the
    player reads it in their language; ``params`` fill its placeholders; ``str(err)`` is a
    plain English fallback for logs and the command line.
    """

    def __init__(self, key: str, message: str, **params: Any) -> None:
        super().__init__(message)
        self.key = key
        self.message = message
        self.params = params


def illegal_option(option_id: str) -> IllegalAnswer:
    """``option_id`` is none of the seat's options."""
    return IllegalAnswer("illegal_option", f"'{option_id}' is not one of your options.",
                         option=option_id)


def not_your_turn() -> IllegalAnswer:
    """The seat has nothing to decide now."""
    return IllegalAnswer("not_your_turn", "It is not your turn to choose.")
