"""Suspension (``engines.core.suspend``): an effect that asks questions stops, is saved as
plain JSON, and resumes by re-running from its snapshot with the answers given so far."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from pydantic import BaseModel, Field

from engines.core.contract import Event
from engines.core.errors import IllegalAnswer
from engines.core.suspend import Ctx, Resumable, question_prompt


class ToyState(BaseModel):
    value: int = 0
    taken: list[str] = Field(default_factory=list)
    # the suspension bookkeeping (engines.core.suspend.Suspendable)
    question: dict[str, Any] | None = None
    snapshot: dict[str, Any] | None = None
    answers: list[str] = Field(default_factory=list)
    emitted: int = 0


GAME = ("value", "taken")


def take(st: ToyState) -> dict[str, Any]:
    return {k: copy.deepcopy(getattr(st, k)) for k in GAME}


def restore(st: ToyState, snap: dict[str, Any]) -> None:
    for key, value in snap.items():
        setattr(st, key, copy.deepcopy(value))


RESUME: Resumable[ToyState] = Resumable(take, restore)


class ToyCtx(Ctx[ToyState]):
    __slots__ = ()

    def question_params(self) -> dict[str, Any]:
        return {"source": "toy", "picked": -1}


def effect(g: ToyCtx) -> None:
    st = g.st
    st.value += 100  # changed before the first question: a re-run must not add it twice
    g.emit("started", None, {})
    card = g.choose_card(0, "pick", ["a", "b", "c"])
    assert card is not None
    st.taken.append(card)
    assert g.choose_value(1, "forced", [7]) == 7  # one value: never asked
    st.taken += g.choose_cards(1, "several", ["x", "y", "z"], 1, 2)
    if g.may(0, "bonus"):
        st.value += 10
    g.emit("finished", None, {"value": st.value})


def start(st: ToyState) -> list[Event]:
    RESUME.begin(st)
    g = ToyCtx(st)
    RESUME.run(st, g, lambda: effect(g))
    return g.events


def answer(st: ToyState, seat: int, option_id: str) -> list[Event]:
    answers, emitted = RESUME.resume(st, seat, option_id)
    g = ToyCtx(st, answers)
    RESUME.run(st, g, lambda: effect(g))
    return g.events[emitted:]


def test_an_effect_stops_on_each_question_and_resumes_where_it_stopped() -> None:
    st = ToyState()
    assert [e.kind for e in start(st)] == ["started"]
    prompt = question_prompt(st.question or {})
    assert (prompt.seat, prompt.kind, [o.id for o in prompt.options]) == (
        0, "pick", ["card:a", "card:b", "card:c"])
    assert prompt.params == {"source": "toy", "picked": -1}
    assert st.value == 100 and st.snapshot == {"value": 0, "taken": []}
    assert answer(st, 0, "card:b") == []  # "started" is not told twice
    q = st.question or {}
    assert (q["seat"], q["kind"]) == (1, "several")  # the forced value was not asked
    assert q["params"] == {"source": "toy", "picked": 0, "min": 1, "max": 2}  # asker wins
    answer(st, 1, "card:z")
    assert [r[0] for r in (st.question or {})["options"]] == ["card:x", "card:y", "done"]
    answer(st, 1, "done")
    assert st.answers == ["card:b", "card:z", "done"] and st.emitted == 1
    events = answer(st, 0, "yes")
    assert [(e.kind, e.params) for e in events] == [("finished", {"value": 110})]
    assert (st.value, st.taken) == (110, ["b", "z"])
    assert (st.question, st.snapshot, st.answers, st.emitted) == (None, None, [], 0)


def test_a_wrong_answer_changes_nothing() -> None:
    st = ToyState()
    start(st)
    before = st.model_dump_json()
    with pytest.raises(IllegalAnswer) as err:
        answer(st, 0, "card:q")
    assert err.value.key == "illegal_option"
    with pytest.raises(IllegalAnswer) as err:
        answer(st, 1, "card:a")
    assert err.value.key == "not_your_turn"
    assert st.model_dump_json() == before


def test_a_saved_state_resumes_like_the_live_one() -> None:
    st = ToyState()
    start(st)
    answer(st, 0, "card:a")
    loaded = ToyState.model_validate_json(st.model_dump_json())
    assert loaded == st
    for seat, oid in ((1, "card:y"), (1, "card:x"), (0, "decline")):
        assert answer(loaded, seat, oid) == answer(st, seat, oid)
    assert loaded == st and (st.value, st.taken) == (100, ["a", "y", "x"])
