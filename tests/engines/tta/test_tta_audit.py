"""Every card of the first game and of Age III has a test of its effect (issues T1 and T2;
scope §32).

The T1 scope is the 157 entries of Ages A-II: 18 leaders, 12 wonders, 37 technologies, 25
action-card variants, 40 events, 12 territories, 11 tactics and 2 bonus cards; T2 adds the
55 of Age III: 6 leaders, 4 wonders, 17 technologies, 8 action-card variants, 15 events, 4
tactics and 1 bonus card (the conflict cards — aggressions, wars, pacts — are T3). A card
counts as tested when a test module under ``tests/engines/tta`` names it: its id literally,
or an engine constant bound to it (``leaders.COLUMBUS``). A new card without a test fails
here, with the list.
"""

from __future__ import annotations

import ast
import re
from collections import Counter
from pathlib import Path

from engines.tta.facts import AGE, KIND

TESTS = Path(__file__).parent
ENGINE = Path(__file__).parents[3] / "engines" / "tta"
CONFLICT = ("aggression", "war", "pact")
#: scope §32: T1 entries by kind (technologies: farms, mines, urban, units, special, gov.)
EXPECTED = {"leader": 18, "wonder": 12, "technology": 37, "action": 25, "event": 40,
            "territory": 12, "tactic": 11, "bonus": 2}
EXPECTED_T2 = {"leader": 6, "wonder": 4, "technology": 17, "action": 8, "event": 15,
               "tactic": 4, "bonus": 1}
TECH_KINDS = ("farm", "mine", "urban", "unit", "special", "government")


def t1_cards() -> list[str]:
    return sorted(c for c, age in AGE.items() if age <= 2 and KIND[c] not in CONFLICT)


def t2_cards() -> list[str]:
    return sorted(c for c, age in AGE.items() if age == 3 and KIND[c] not in CONFLICT)


def _kind(card: str) -> str:
    return "technology" if KIND[card] in TECH_KINDS else KIND[card]


def engine_constants() -> dict[str, set[str]]:
    """Card id -> module-level constant names bound to it in ``engines/tta`` (``COLUMBUS =
    "I_christopher_columbus"``)."""
    out: dict[str, set[str]] = {}
    for path in ENGINE.rglob("*.py"):
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            targets: list[ast.expr] = []
            if isinstance(node, ast.Assign):
                targets, value = node.targets, node.value
            elif isinstance(node, ast.AnnAssign) and node.value is not None:
                targets, value = [node.target], node.value
            else:
                continue
            if isinstance(value, ast.Constant) and isinstance(value.value, str) \
                    and value.value in AGE:
                for t in targets:
                    if isinstance(t, ast.Name):
                        out.setdefault(value.value, set()).add(t.id)
    return out


def untested(cards: list[str]) -> list[str]:
    """The cards no test module names (by id or by an engine constant)."""
    source = "\n".join(p.read_text(encoding="utf-8") for p in sorted(TESTS.glob("test_*.py"))
                       if p.name != Path(__file__).name)
    words = set(re.findall(r"[A-Za-z_][A-Za-z0-9_]*", source))
    names = engine_constants()
    return [c for c in cards if c not in words and not names.get(c, set()) & words]


def test_the_t1_scope_has_157_entries_by_kind() -> None:
    cards = t1_cards()
    assert Counter(_kind(c) for c in cards) == Counter(EXPECTED)
    assert len(cards) == 157


def test_every_t1_card_is_named_by_a_test() -> None:
    missing = untested(t1_cards())
    assert missing == [], f"cards without a test: {missing}"


def test_the_t2_scope_has_55_entries_by_kind() -> None:
    cards = t2_cards()
    assert Counter(_kind(c) for c in cards) == Counter(EXPECTED_T2)
    assert len(cards) == 55


def test_every_t2_card_is_named_by_a_test() -> None:
    missing = untested(t2_cards())
    assert missing == [], f"cards without a test: {missing}"


def test_every_conflict_card_is_named_by_a_test() -> None:
    """T3: the 11 aggressions, 3 wars and 10 pacts (the full game's conflict rules)."""
    cards = sorted(c for c in AGE if KIND[c] in CONFLICT)
    assert Counter(KIND[c] for c in cards) == Counter({"aggression": 11, "war": 3, "pact": 10})
    missing = untested(cards)
    assert missing == [], f"cards without a test: {missing}"


def test_the_audit_notices_a_card_without_a_test() -> None:
    """The check itself can fail: an id no test names, or a constant no test uses."""
    # an id only this module names (it is left out of the search): never tested
    assert untested(["III_no_such_card", "I_legion"]) == ["III_no_such_card"]
