"""The custom-id scheme of every persistent component (buttons and selects survive restarts).

A custom id names everything needed to route a click with no memory of the message:
the game, the prompt version (the game's count of accepted answers when the prompt was
asked), the seat it was asked of and the option. DM interactions have no guild, so the
game id in the id is the only route. All ids are at most 100 characters (Discord's limit):
an option whose id would not fit is referenced by its index within the prompt instead,
which the version pins to a single state and which is re-checked when pressed.

``<v>`` is the game version, or for games that pin components to the question (simultaneous
choices, see ``bot.games``) ``t`` + a base-36 stamp of the prompt.

=========================  ==========================================================
``cb:l:<game>:<action>``   lobby button: join, leave, start
``cb:lo:<game>``           lobby option select (values ``<name>=<value>``)
``cb:o:<g>:<v>:<s>:<ref>`` answer button; ``ref`` is ``=<option id>`` or ``#<index>``
``cb:s:<g>:<v>:<s>:<p>``   answer select, page ``p`` (values are refs)
``cb:p:<g>:<v>:<s>:<p>``   "more options": shows page ``p`` ephemerally
``cb:h:<g>``               "show my hand / act": the clicker's view and prompt, ephemeral
``cb:c:<g>:<s>``           one seat's public position (a neighbour's city), ephemeral
=========================  ==========================================================
"""

from __future__ import annotations

MAX_ID = 100
PREFIX = "cb"

LOBBY_TEMPLATE = r"cb:l:(?P<game>\d+):(?P<action>join|leave|start)"
LOBBY_OPTION_TEMPLATE = r"cb:lo:(?P<game>\d+)"
VERSION = r"(?P<version>\d+|t[0-9a-z]+)"
ANSWER_TEMPLATE = r"cb:o:(?P<game>\d+):" + VERSION + r":(?P<seat>\d+):(?P<ref>[=#].+)"
SELECT_TEMPLATE = r"cb:s:(?P<game>\d+):" + VERSION + r":(?P<seat>\d+):(?P<page>\d+)"
PAGE_TEMPLATE = r"cb:p:(?P<game>\d+):" + VERSION + r":(?P<seat>\d+):(?P<page>\d+)"
HAND_TEMPLATE = r"cb:h:(?P<game>\d+)"
SEAT_TEMPLATE = r"cb:c:(?P<game>\d+):(?P<seat>\d+)"


def lobby(game_id: int, action: str) -> str:
    return f"cb:l:{game_id}:{action}"


def lobby_option(game_id: int) -> str:
    return f"cb:lo:{game_id}"


def option_ref(option_id: str, index: int, *, room: int = MAX_ID) -> str:
    """``=<id>`` when it fits in ``room`` characters, else ``#<index>``."""
    ref = f"={option_id}"
    return ref if len(ref) <= room else f"#{index}"


def answer(game_id: int, version: int | str, seat: int, option_id: str, index: int) -> str:
    head = f"cb:o:{game_id}:{version}:{seat}:"
    return head + option_ref(option_id, index, room=MAX_ID - len(head))


def select(game_id: int, version: int | str, seat: int, page: int) -> str:
    return f"cb:s:{game_id}:{version}:{seat}:{page}"


def page(game_id: int, version: int | str, seat: int, page_no: int) -> str:
    return f"cb:p:{game_id}:{version}:{seat}:{page_no}"


def hand(game_id: int) -> str:
    return f"cb:h:{game_id}"


def seat_view(game_id: int, seat: int) -> str:
    return f"cb:c:{game_id}:{seat}"


def parse_version(value: str) -> int | str:
    """A version slot as read from a custom id: the version (int) or a stamp (``t...``)."""
    return int(value) if value.isdigit() else value


def resolve_ref(ref: str, option_ids: list[str]) -> str | None:
    """The option id a ``ref`` names among the prompt's current options, or None."""
    if ref.startswith("="):
        return ref[1:] if ref[1:] in option_ids else None
    if ref.startswith("#") and ref[1:].isdigit():
        index = int(ref[1:])
        return option_ids[index] if 0 <= index < len(option_ids) else None
    return None
