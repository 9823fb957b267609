"""The custom-id scheme of every persistent component (buttons and selects survive restarts).

A custom id names everything needed to route a click with no memory of the message:
the game, the question it answers (its pin), the seat it was asked of and the option. DM
interactions have no guild, so the game id in the id is the only route. All ids are at most
100 characters (Discord's limit): an option whose id would not fit is referenced by its
index within the prompt instead, which the pin ties to one question (the engine keeps a
question's options while it is asked) and which is re-checked when pressed.

``<v>``, the pin (:func:`pin`): ``t`` + 8 base-36 digits, a digest of the question the
engine names (``Prompt.question``), so a seat's buttons stay valid while other seats answer;
or the game version, for an engine that does not name its questions. Pins of an older bot
(a version, or ``t`` + at most 7 digits) never equal a digest: their buttons are stale.

================================  ============================================================
``cb:l:<game>:<action>``          lobby button: join, leave, start
``cb:lo:<game>``                  lobby option select (values ``<name>=<value>``)
``cb:o:<g>:<v>:<s>:<ref>``        answer button; ``ref`` is ``=<option id>`` or ``#<index>``
``cb:s:<g>:<v>:<s>:<p>``          answer select, page ``p`` (values are refs)
``cb:p:<g>:<v>:<s>:<p>``          "more options": shows page ``p`` ephemerally
``cb:g:<g>:<v>:<s>:<r>:<m>:<p>``  menu ``m`` of a grouped prompt drawn with ``r`` select rows,
                                  at its page ``p``; values are refs, or ``&<page>``: that
                                  page of the menu, drawn in place
``cb:n:<g>:<v>:<s>:<lo>:<hi>``    "type a number": opens a modal (``lo``-``hi`` only word its
                                  hint; the number typed is checked against the options)
``cb:nm:<g>:<v>:<s>``             that modal (not a component): the question it was opened
                                  for, so its submit is routed and checked by its id alone,
                                  after a restart too
``cb:h:<g>``                      "show my hand / act": the clicker's view and prompt,
                                  ephemeral
``cb:c:<g>:<s>``                  one seat's public position (a neighbour's city), ephemeral
``cb:k:<g>:<v>:<s>:<ref>``        turn panel: confirm the option ``ref`` names, or ``-``: back
``cb:st:<name>:<0|1>``            ``/settings``: set the clicker's own setting ``name``
                                  (``dm``: DM me on my turn, ``pings``: reminder pings) to
                                  off (0) or on (1); no game, settings are per user
================================  ============================================================

A custom id comes from the client and can be forged or left over from an old message: every
number in it is checked with :func:`in_range` before it reaches the database (which stores
signed 64-bit integers), and the game it names is checked to belong where it was clicked
(``Play.reachable``).
"""

from __future__ import annotations

import hashlib
import re

MAX_ID = 100
PREFIX = "cb"
#: The largest number a custom id or a ``/play`` value may carry: the database's signed 64-bit
#: integer (game ids, versions; Discord snowflakes fit too). Larger means forged or corrupt.
MAX_NUMBER = 2**63 - 1

LOBBY_TEMPLATE = r"cb:l:(?P<game>\d+):(?P<action>join|leave|start)"
LOBBY_OPTION_TEMPLATE = r"cb:lo:(?P<game>\d+)"
VERSION = r"(?P<version>\d+|t[0-9a-z]+)"
ANSWER_TEMPLATE = r"cb:o:(?P<game>\d+):" + VERSION + r":(?P<seat>\d+):(?P<ref>[=#].+)"
SELECT_TEMPLATE = r"cb:s:(?P<game>\d+):" + VERSION + r":(?P<seat>\d+):(?P<page>\d+)"
PAGE_TEMPLATE = r"cb:p:(?P<game>\d+):" + VERSION + r":(?P<seat>\d+):(?P<page>\d+)"
#: a layout draws at most 4 menus; a menu page is bounded by its options (checked when used)
GROUP_TEMPLATE = (
    r"cb:g:(?P<game>\d+):" + VERSION
    + r":(?P<seat>\d+):(?P<room>[1-4]):(?P<menu>[0-3]):(?P<page>\d+)"
)
NUMBER_TEMPLATE = (
    r"cb:n:(?P<game>\d+):" + VERSION + r":(?P<seat>\d+):(?P<low>\d+):(?P<high>\d+)"
)
#: the number modal's own id: modals are not components, so not among ``TEMPLATES``
NUMBER_MODAL_TEMPLATE = r"cb:nm:(?P<game>\d+):" + VERSION + r":(?P<seat>\d+)"
HAND_TEMPLATE = r"cb:h:(?P<game>\d+)"
SEAT_TEMPLATE = r"cb:c:(?P<game>\d+):(?P<seat>\d+)"
CONFIRM_TEMPLATE = r"cb:k:(?P<game>\d+):" + VERSION + r":(?P<seat>\d+):(?P<ref>[=#].+|-)"
#: ``cb:k``'s ref for "Back": leave the confirmation without answering
BACK_REF = "-"
SETTINGS_TEMPLATE = r"cb:st:(?P<name>dm|pings):(?P<value>[01])"
TEMPLATES = (
    CONFIRM_TEMPLATE,
    LOBBY_TEMPLATE,
    LOBBY_OPTION_TEMPLATE,
    ANSWER_TEMPLATE,
    SELECT_TEMPLATE,
    PAGE_TEMPLATE,
    GROUP_TEMPLATE,
    NUMBER_TEMPLATE,
    HAND_TEMPLATE,
    SEAT_TEMPLATE,
    SETTINGS_TEMPLATE,
)
#: Any other ``cb:`` id (an older scheme, or an altered id): matched by no template above, it
#: would go unanswered ("This interaction failed"); this one routes it to a refusal instead.
UNKNOWN_TEMPLATE = (
    r"(?!(?:"
    + "|".join(re.sub(r"\(\?P<\w+>", "(?:", t) for t in TEMPLATES)
    + r")\Z)cb:[\s\S]*"
)


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


def group_select(
    game_id: int, version: int | str, seat: int, room: int, menu: int, page_no: int
) -> str:
    return f"cb:g:{game_id}:{version}:{seat}:{room}:{menu}:{page_no}"


def number_button(game_id: int, version: int | str, seat: int, low: int, high: int) -> str:
    return f"cb:n:{game_id}:{version}:{seat}:{low}:{high}"


def number_modal(game_id: int, version: int | str, seat: int) -> str:
    return f"cb:nm:{game_id}:{version}:{seat}"


#: the select value that turns a grouped menu to another of its pages (``&<page>``)
PAGE_VALUE = "&"


def hand(game_id: int) -> str:
    return f"cb:h:{game_id}"


def seat_view(game_id: int, seat: int) -> str:
    return f"cb:c:{game_id}:{seat}"


def confirm(game_id: int, version: int | str, seat: int, option_id: str, index: int) -> str:
    """The panel's "Confirm" of an option with warnings; an empty ``option_id`` gives
    its "Back" (``BACK_REF``)."""
    head = f"cb:k:{game_id}:{version}:{seat}:"
    if not option_id:
        return head + BACK_REF
    return head + option_ref(option_id, index, room=MAX_ID - len(head))


def setting(name: str, value: bool) -> str:
    """``/settings``' button setting the clicker's ``name`` (``dm`` or ``pings``) to ``value``."""
    return f"cb:st:{name}:{int(value)}"


def in_range(*numbers: int) -> bool:
    """Whether every number is one a real component could carry (0 to ``MAX_NUMBER``)."""
    return all(0 <= n <= MAX_NUMBER for n in numbers)


def number(text: str) -> int | None:
    """An ASCII decimal within ``MAX_NUMBER``, else None (the caller refuses it)."""
    if not (text.isascii() and text.isdigit()):
        return None
    value = int(text)
    return value if in_range(value) else None


#: the base-36 digits of a question's digest (40 bits: ``36**8 > 2**40``)
DIGEST_DIGITS = 8
BASE36 = "0123456789abcdefghijklmnopqrstuvwxyz"


def digest(question: str) -> str:
    """``t`` + ``DIGEST_DIGITS`` base-36 digits naming ``question`` (a custom id has no room
    for the question itself: 7 Wonders' reach ~46 characters)."""
    value = int.from_bytes(hashlib.blake2b(question.encode("utf-8"), digest_size=5).digest())
    digits = ""
    for _ in range(DIGEST_DIGITS):
        value, rest = divmod(value, 36)
        digits = BASE36[rest] + digits
    return "t" + digits


def pin(question: str, version: int) -> str:
    """What the components of a prompt carry in their version slot: the digest of its
    ``question``, or ``version`` when the engine does not name its questions (``""``:
    every answer ends every question)."""
    return digest(question) if question else str(version)


def parse_version(value: str) -> int | str:
    """A version slot as read from a custom id: the version (int) or a digest (``t...``).

    Any run of digits reads as an int, however large: the component is rebuilt from it and
    then refused by :func:`in_range` with an answer, rather than failing while it is parsed.
    """
    return int(value) if value.isdigit() else value


def resolve_ref(ref: str, option_ids: list[str]) -> str | None:
    """The option id a ``ref`` names among the prompt's current options, or None."""
    if ref.startswith("="):
        return ref[1:] if ref[1:] in option_ids else None
    index = number(ref[1:]) if ref.startswith("#") else None
    if index is not None and index < len(option_ids):
        return option_ids[index]
    return None
