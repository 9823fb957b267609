"""What the engines share in ``engines.core``: catalogue loading, option checks, the fast
constructors (every contract field included), the error helpers and the generator's
shuffle."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pydantic import ValidationError

from engines.core import contract
from engines.core.catalogue import Frozen, name_in, read_json, validated_names
from engines.core.contract import RESERVED_OPTION_IDS, Event, Option, Prompt
from engines.core.errors import illegal_option, not_your_turn
from engines.core.fast import OptionCache, event, fast_option, fast_prompt, unvalidated
from engines.core.rng import Rng
from engines.duel.engine import DuelEngine
from engines.innovation.engine import InnovationEngine
from engines.seven_wonders.engine import SevenWondersEngine
from engines.seven_wonders.state import SevenWondersState, fast_copy


def test_names_are_read_validated_and_looked_up(tmp_path: Path) -> None:
    entry = {"en": "Altar", "zh-TW": "祭壇", "zh-CN": ""}
    (tmp_path / "names.json").write_text(json.dumps({"altar": entry}), encoding="utf-8")
    assert read_json(tmp_path, "names.json") == {"altar": entry}
    names = validated_names(tmp_path)
    assert names == {"altar": entry}
    assert name_in(names, "altar", "zh-TW") == "祭壇"
    assert name_in(names, "altar", "zh-CN") == "Altar"  # empty: English stands in
    assert name_in(names, "nothing", "en") == "nothing"
    (tmp_path / "names.json").write_text(json.dumps({"x": {"en": "X"}}), encoding="utf-8")
    with pytest.raises(ValidationError):
        validated_names(tmp_path)


def test_frozen_entries_refuse_unknown_keys_and_changes() -> None:
    class Entry(Frozen):
        id: str

    with pytest.raises(ValidationError):
        Entry.model_validate({"id": "a", "typo": 1})
    entry = Entry(id="a")
    with pytest.raises(ValidationError):
        entry.id = "b"  # type: ignore[misc]


def test_game_options_are_checked_and_defaulted() -> None:
    assert DuelEngine().chosen_options(None) == {"wonders": "draft"}
    assert SevenWondersEngine().chosen_options({"sides": "night"}) == {
        "wonders": "random", "sides": "night"}
    assert InnovationEngine().chosen_options({}) == {}
    with pytest.raises(ValueError, match=r"unknown option\(s\): a, b"):
        SevenWondersEngine().chosen_options({"b": "1", "a": "2", "sides": "day"})
    with pytest.raises(ValueError, match="unknown option"):
        InnovationEngine().new_game(2, 1, {"wonders": "draft"})


def test_error_helpers() -> None:
    err = illegal_option("build:x")
    assert (err.key, err.params, str(err)) == (
        "illegal_option", {"option": "build:x"}, "'build:x' is not one of your options.")
    assert not_your_turn().key == "not_your_turn"


def test_option_cache_builds_each_option_once() -> None:
    built: list[tuple[object, ...]] = []

    def build(key: tuple[object, ...]) -> Option:
        built.append(key)
        return fast_option(f"sell:{key[1]}", "sell", {"card": key[1]}, str(key[1]), 0)

    cache = OptionCache(build)
    first = cache[("sell", "altar")]
    assert cache[("sell", "altar")] is first
    assert built == [("sell", "altar")]
    assert first == Option(id="sell:altar", key="sell", params={"card": "altar"},
                           card="altar", cost=0)


def test_unvalidated_copy_and_plain_assignment() -> None:
    st = SevenWondersEngine().new_game(3, 5)
    copy = fast_copy(st)
    assert copy == st and copy is not st and copy.hands is not st.hands
    copy.turn = 99  # a declared field: a plain store
    assert copy.__dict__["turn"] == 99 and st.turn != 99
    with pytest.raises(ValueError):
        copy.not_a_field = 1  # type: ignore[attr-defined]  # not a field: pydantic refuses
    again = unvalidated(SevenWondersState, dict(copy.__dict__), set(copy.model_fields_set))
    assert again == copy


def test_shuffle_is_fisher_yates_with_below() -> None:
    for seed in range(200):
        fast, slow = Rng.from_seed(seed), Rng.from_seed(seed)
        items = list(range(seed % 40))
        expected = items[:]
        for i in range(len(expected) - 1, 0, -1):
            j = slow.below(i + 1)
            expected[i], expected[j] = expected[j], expected[i]
        fast.shuffle(items)
        assert items == expected and fast.state == slow.state


def test_fast_builders_equal_validated_models_new_fields_included() -> None:
    """The fast builders spell out every field; a field added to the contract but not to
    them would make fast objects differ from validated ones (and fail at import)."""
    pairs = [
        (fast_option("x", "k", {}, None, None), Option(id="x", key="k")),
        (fast_option("x", "k", {"a": 1}, "c", 2, "build"),
         Option(id="x", key="k", params={"a": 1}, card="c", cost=2, group="build")),
        (fast_prompt(0, "turn", [], {}, False), Prompt(seat=0, kind="turn", options=[])),
        (fast_prompt(1, "bid", [fast_option("pass", "pass", {}, None, None)], {"n": 1}, True,
                     "number", True),
         Prompt(seat=1, kind="bid", options=[Option(id="pass", key="pass")], params={"n": 1},
                private=True, layout="number", reaction=True)),
        (event("built", 0, {}), Event(kind="built", seat=0)),
        (event("built", 0, {"c": "x"}, [0], True),
         Event(kind="built", seat=0, params={"c": "x"}, visible_to=[0], provisional=True)),
    ]
    for fast, slow in pairs:
        assert fast == slow and fast.model_dump() == slow.model_dump()
        assert fast.model_dump_json() == slow.model_dump_json()
        assert type(slow).model_validate_json(fast.model_dump_json()) == fast
    defaults = fast_prompt(0, "turn", [fast_option("x", "k", {}, None, None)], {}, False)
    assert (defaults.layout, defaults.reaction, defaults.options[0].group) == (None, False, None)
    assert event("e", None, {}).provisional is False
    with pytest.raises(ValidationError):
        Prompt(seat=0, kind="turn", options=[], layout="grid")  # type: ignore[arg-type]


def test_every_reserved_option_id_is_documented() -> None:
    doc = contract.__doc__ or ""
    for option_id in RESERVED_OPTION_IDS:
        assert f"- ``{option_id}``: " in doc, option_id
