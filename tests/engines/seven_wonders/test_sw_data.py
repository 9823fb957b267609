"""The engine's card and wonder data against the verified reference facts.

On 2026-11-21 every field of ``engines/seven_wonders/data/cards.json`` (80 cards: id, name,
age, colour, guild, copies per player count, cost, chain in/out, effects) and
``data/wonders.json`` (7 boards: name, city, starting resource, both sides, every stage's
cost and effects) was compared one by one with ``shared/reference/seven_wonders/*.json``
(cards photo-verified; wonder stages from five agreeing secondary sources): identical, the
reference's free-text ``note`` fields and its ``stage`` numbers (here: list position)
aside. ``VERIFIED_DIGEST`` is the fingerprint of those facts; any later change of the data
must be checked against the reference again (then update the digest).

The reference folder does not exist on CI: the direct comparison runs only where it does.
The other tests check that the engine reads its data files faithfully (catalogue and the
flattened hot-path facts).
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import pytest

from engines.seven_wonders.catalogue import CARDS, DATA_DIR, WONDERS, catalogue
from engines.seven_wonders.facts import CARD, COLOR_INDEX, RES_INDEX, STAGE, STARTING

REFERENCE = Path("/work/shared/reference/seven_wonders")
VERIFIED_DIGEST = "00d4af47b6b6c864e9479b3263d687ac7902f3463ac30397bd16b8fb92c7b9e4"
CARD_KEYS = ("id", "name", "age", "color", "guild", "copies_min_players", "cost", "chain_in",
             "chain_out", "effects")


def _strip(effects: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{k: v for k, v in e.items() if k != "note"} for e in effects]


def canonical(cards_doc: dict[str, Any], wonders_doc: dict[str, Any]) -> dict[str, Any]:
    """The rule-relevant facts of a cards.json / wonders.json pair (reference schema)."""
    cards = {c["id"]: {k: (_strip(c[k]) if k == "effects" else c[k]) for k in CARD_KEYS}
             for c in cards_doc["cards"]}
    wonders = {
        w["id"]: {
            "name": w["name"], "city": w["city"], "starting_resource": w["starting_resource"],
            "sides": {side: [{"cost": s["cost"], "effects": _strip(s["effects"])}
                             for s in w["sides"][side]["stages"]]
                      for side in ("day", "night")},
        }
        for w in wonders_doc["wonders"]
    }
    return {"cards": cards, "wonders": wonders}


def digest(doc: dict[str, Any]) -> str:
    text = json.dumps(doc, sort_keys=True, ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()


def _load(folder: Path) -> dict[str, Any]:
    def read(name: str) -> Any:
        return json.loads((folder / name).read_text(encoding="utf-8"))

    return canonical(read("cards.json"), read("wonders.json"))


ENGINE_DATA = _load(DATA_DIR)


def test_data_files_are_the_verified_reference_facts() -> None:
    assert digest(ENGINE_DATA) == VERIFIED_DIGEST


@pytest.mark.skipif(not (REFERENCE / "cards.json").exists(),
                    reason="reference folder only on the development machine")
def test_data_files_equal_the_reference_field_by_field() -> None:
    ref = _load(REFERENCE)
    assert sorted(ref["cards"]) == sorted(ENGINE_DATA["cards"])
    for cid, card in ref["cards"].items():
        for key in CARD_KEYS:
            assert ENGINE_DATA["cards"][cid][key] == card[key], (cid, key)
    assert sorted(ref["wonders"]) == sorted(ENGINE_DATA["wonders"])
    for wid, wonder in ref["wonders"].items():
        mine = ENGINE_DATA["wonders"][wid]
        for key in ("name", "city", "starting_resource"):
            assert mine[key] == wonder[key], (wid, key)
        for side in ("day", "night"):
            assert len(mine["sides"][side]) == len(wonder["sides"][side]), (wid, side)
            for i, stage in enumerate(wonder["sides"][side]):
                assert mine["sides"][side][i] == stage, (wid, side, i + 1)


def _effects(effects: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The catalogue's effects as plain JSON (tuples as lists), without the description."""
    plain: list[dict[str, Any]] = json.loads(json.dumps(effects))
    return [{k: v for k, v in e.items() if k != "text"} for e in plain]


def test_catalogue_reads_every_card_field() -> None:
    cat = {c["id"]: c for c in catalogue()["cards"]}
    assert set(cat) == set(ENGINE_DATA["cards"]) == set(CARDS)
    for cid, raw in ENGINE_DATA["cards"].items():
        mine = cat[cid]
        for key in ("name", "age", "color", "guild", "chain_in", "chain_out"):
            assert mine[key] == raw[key], (cid, key)
        assert mine["copies_min_players"] == (raw["copies_min_players"] or [])
        assert mine["cost"] == raw["cost"], cid
        assert len(mine["effects"]) == len(raw["effects"])
        for got, want in zip(_effects(mine["effects"]), raw["effects"], strict=True):
            for key, value in want.items():
                assert got.get(key) == value, (cid, key)


def test_catalogue_reads_every_wonder_stage() -> None:
    cat = {w["id"]: w for w in catalogue()["wonders"]}
    assert set(cat) == set(ENGINE_DATA["wonders"]) == set(WONDERS)
    for wid, raw in ENGINE_DATA["wonders"].items():
        mine = cat[wid]
        assert (mine["name"], mine["city"], mine["starting_resource"]) == (
            raw["name"], raw["city"], raw["starting_resource"])
        for side in ("day", "night"):
            assert [s["cost"] for s in mine["sides"][side]] == [
                s["cost"] for s in raw["sides"][side]]
            for got_stage, want_stage in zip(mine["sides"][side], raw["sides"][side],
                                             strict=True):
                got = _effects(got_stage["effects"])
                for g, w in zip(got, want_stage["effects"], strict=True):
                    for key, value in w.items():
                        assert g.get(key) == value, (wid, side, key)


def test_hot_path_facts_equal_the_data() -> None:
    for cid, raw in ENGINE_DATA["cards"].items():
        f = CARD[cid]
        assert f.age == raw["age"] and f.color == COLOR_INDEX[raw["color"]]
        assert f.coins == raw["cost"]["coins"]
        need = [0] * 7
        for r, n in raw["cost"]["resources"].items():
            need[RES_INDEX[r]] = n
        assert f.need == tuple(need), cid
        assert f.chain_in == raw["chain_in"] and list(f.chain_out) == raw["chain_out"]
    for wid, raw in ENGINE_DATA["wonders"].items():
        assert STARTING[wid] == RES_INDEX[raw["starting_resource"]]
        for side in ("day", "night"):
            stages = STAGE[(wid, side)]
            assert len(stages) == len(raw["sides"][side])
            for f, s in zip(stages, raw["sides"][side], strict=True):
                need = [0] * 7
                for r, n in s["cost"]["resources"].items():
                    need[RES_INDEX[r]] = n
                assert f.need == tuple(need) and f.coins == s["cost"]["coins"], (wid, side)


def test_fixed_production_is_always_sellable() -> None:
    """The engine sells a city's whole fixed production (``state.fixed``): it must come
    only from the starting resource and brown / grey cards; every one-of producer that is
    not brown is marked not tradable (Forum, Caravansery, wonder stages)."""
    for cid, raw in ENGINE_DATA["cards"].items():
        for e in raw["effects"]:
            if e["type"] == "produce":
                assert raw["color"] in ("brown", "grey") and e["tradable"], cid
            if e["type"] == "produce_choice":
                assert e["tradable"] == (raw["color"] == "brown"), cid
    for wid, raw in ENGINE_DATA["wonders"].items():
        for side in ("day", "night"):
            for s in raw["sides"][side]:
                for e in s["effects"]:
                    assert e["type"] != "produce", wid
                    if e["type"] == "produce_choice":
                        assert e["tradable"] is False, wid
