"""The whole game in one pydantic model (JSON round-trip via ``model_dump_json``).

Fields are plain lists/ints/strings mutated in place by the rules; ``fast_copy`` is a
hand-written deep copy. Per-seat facts are lists indexed by seat. Piles are lists
bottom→top (the top card is the last element); supply piles ``supply[age-1]`` have
their top card last too (returned cards go to index 0, the bottom).

A dogma suspended on a question keeps, in the state, the position where the dogma
action began (``snapshot``), the answers given since (``answers``) and the open
question (``question``): resuming re-executes the action deterministically from the
snapshot, feeding the recorded answers, until the next unanswered question or the end
(see ``engines/core/suspend.py``). Everything is plain JSON, so a game can be saved mid-dogma.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from engines.core.fast import plain_setattr, unvalidated
from engines.core.undo import UndoWindow


class Window(UndoWindow):
    """The core's undo window (``engines.core.undo``) with plain attribute stores: it opens
    and closes many times a game, and pydantic's assignment hook only costs time there (it
    validates nothing: no assignment validation is configured). Saved like the core's."""

    def clone(self) -> Window:
        """An independent copy (``base`` shared, as the core's ``clone``)."""
        return unvalidated(Window, {"base": self.base, "answers": self.answers[:],
                                    "seat": self.seat}, {"base", "answers", "seat"})


plain_setattr(Window)


class InnovationState(BaseModel):
    model_config = ConfigDict(validate_assignment=False, revalidate_instances="never")

    players: int
    rng: int
    phase: str = "setup"  # setup | play | over
    supply: list[list[str]] = Field(default_factory=list)  # 10 piles, top = last
    age_achievements: list[str | None] = Field(default_factory=list)  # ages 1..9; None taken
    specials: list[str] = Field(default_factory=list)  # special achievements available
    hands: list[list[str]] = Field(default_factory=list)
    scores: list[list[str]] = Field(default_factory=list)
    boards: list[list[list[str]]] = Field(default_factory=list)  # [seat][colour] bottom→top
    splays: list[list[int]] = Field(default_factory=list)  # [seat][colour] 0..3
    achievements: list[list[str]] = Field(default_factory=list)  # card ids (age) / special ids
    removed: list[str] = Field(default_factory=list)  # removed from the game (Fission)
    initial: list[str | None] = Field(default_factory=list)  # setup meld choices (private)
    first_player: int = 0
    current: int = 0
    turn: int = 0
    actions_left: int = 0
    tucked: list[int] = Field(default_factory=list)  # cards tucked this turn, per seat
    scored: list[int] = Field(default_factory=list)  # cards scored this turn, per seat
    confirm: str | None = None  # dogma card chosen, awaiting confirm/back
    preview: dict[str, Any] | None = None  # its sharers/demanded (prompt params)
    changes: int = 0  # counter of game-changing steps (sharing bonus)
    dogma_counts: dict[str, int] = Field(default_factory=dict)
    dogma: dict[str, Any] | None = None  # the dogma being executed, for views
    # suspension of a dogma action
    action: list[Any] | None = None  # ["dogma", seat, card]
    snapshot: dict[str, Any] | None = None
    answers: list[str] = Field(default_factory=list)
    emitted: int = 0
    question: dict[str, Any] | None = None
    answers_count: int = 0
    # the undo window of the seat answering (``undo_window.py``): its base position and
    # kept answers, and the events of those answers, held back from the table until it
    # closes (one ``[kind, seat, params, visible_to]`` list per kept answer)
    undo: Window = Field(default_factory=Window)
    untold: list[list[list[Any]]] = Field(default_factory=list)
    # outcome
    victory: str | None = None
    winners: list[int] = Field(default_factory=list)


#: the instance-dict key of the cached icon counts (``icons.py``): not a field, so never
#: dumped, compared nor kept in a snapshot; copies and restores start without it
ICON_CACHE = "_icons"
#: the instance-dict key a rule sets when it shows anyone a card they could not see
#: (``Ctx.reveal``; the undo window closes on it): not a field either
REVEALED = "_revealed"
#: the instance-dict key where ``confirm`` leaves the dogma's snapshot for the undo window
#: (the position before ``confirm`` is that snapshot with the card still to confirm)
BEGUN = "_begun"
#: the icon cache as it was when the dogma snapshot was taken, with that snapshot:
#: ``(snapshot, per-seat counts)``; restoring that very snapshot restores it too
SNAPSHOT_ICONS = "_snapshot_icons"
#: every such key: copies, snapshots and undo bases never carry them
TRANSIENT = (ICON_CACHE, SNAPSHOT_ICONS, REVEALED, BEGUN)

#: how many fields a state has (its instance dict holds more while caches are kept)
FIELD_COUNT = len(InnovationState.model_fields)

#: fields a dogma snapshot leaves out: the suspension bookkeeping and the undo window
NOT_IN_SNAPSHOT = ("snapshot", "answers", "emitted", "question", "answers_count", "undo",
                   "untold")
#: fields a dogma snapshot keeps (all game facts)
GAME_FIELDS = tuple(f for f in InnovationState.model_fields if f not in NOT_IN_SNAPSHOT)


# Plain attribute assignment (no validation is configured anyway): fields live in the
# instance ``__dict__`` and pydantic installs no descriptors for them, so the C-level
# ``object.__setattr__`` stores them exactly where pydantic reads them.
InnovationState.__setattr__ = object.__setattr__  # type: ignore[method-assign,assignment]

def copy_fields(d: dict[str, Any], window: bool = True) -> dict[str, Any]:
    """A copy of the fields in ``d`` deep enough that the rules' in-place changes never
    reach it (the caches left out; the undo window only with ``window``); spelled out
    field by field: it runs at every dogma."""
    new = dict(d)
    if len(new) > FIELD_COUNT:  # the caches and notes kept beside the fields
        for key in TRANSIENT:
            new.pop(key, None)
    new["age_achievements"] = d["age_achievements"][:]
    new["specials"] = d["specials"][:]
    new["removed"] = d["removed"][:]
    new["initial"] = d["initial"][:]
    new["tucked"] = d["tucked"][:]
    new["scored"] = d["scored"][:]
    new["winners"] = d["winners"][:]
    copy = list.copy
    new["supply"] = list(map(copy, d["supply"]))
    new["hands"] = list(map(copy, d["hands"]))
    new["scores"] = list(map(copy, d["scores"]))
    new["splays"] = list(map(copy, d["splays"]))
    new["achievements"] = list(map(copy, d["achievements"]))
    new["boards"] = [list(map(copy, b)) for b in d["boards"]]
    new["dogma_counts"] = dict(d["dogma_counts"])
    if "answers" in d:
        new["answers"] = d["answers"][:]
    if window and "undo" in d:
        new["undo"] = d["undo"].clone()
        new["untold"] = d["untold"][:]  # its lists are never changed in place
    dogma = d["dogma"]
    if dogma is not None:
        new["dogma"] = dict(dogma)
    action = d["action"]
    if action is not None:
        new["action"] = list(action)
    return new


def fast_copy(s: InnovationState) -> InnovationState:
    """An independent deep copy, without pydantic validation."""
    new = copy_fields(s.__dict__)
    # snapshot/question are never mutated in place: sharing them is safe
    return unvalidated(InnovationState, new, set(s.__pydantic_fields_set__))


def take_snapshot(s: InnovationState) -> dict[str, Any]:
    d = s.__dict__
    snap = copy_fields(d, window=False)
    for key in NOT_IN_SNAPSHOT:
        snap.pop(key, None)
    icons = d.get(ICON_CACHE)
    d[SNAPSHOT_ICONS] = (snap, icons[:] if icons is not None else None)
    return snap


def restore_snapshot(s: InnovationState, snap: dict[str, Any]) -> None:
    """Write a copy of ``snap`` back, and the icon counts cached when it was taken (the
    per-seat lists are never changed in place, only replaced: sharing them is safe)."""
    d = s.__dict__
    d.update(copy_fields(snap))
    saved = d.get(SNAPSHOT_ICONS)
    if saved is not None and saved[0] is snap and saved[1] is not None:
        d[ICON_CACHE] = saved[1][:]
    else:
        d.pop(ICON_CACHE, None)
