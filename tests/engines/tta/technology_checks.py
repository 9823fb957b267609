"""What every technology table test checks, for the Ages A-II tables
(``test_tta_technologies.py``) and Age III's (``test_tta_age_iii_cards.py``): developing pays
the printed science and one civil action (L924-L942), building pays the printed resources and
one worker gives the printed symbols (L689-L770), a special technology's symbols count once
(L844-L851), a revolution pays the lower science and every civil action (L1020-L1044).
Each test builds its own position; these run the engine's own options on it."""

from __future__ import annotations

from engines.tta import colonization, tokens
from engines.tta.actions.costs import build_cost
from engines.tta.facts import KIND, STR
from engines.tta.ratings import (
    civil_left,
    civil_total,
    military_left,
    military_total,
    ratings,
    urban_limit,
)
from engines.tta.state import Civ, TtaState
from tests.engines.tta.tta_helpers import ENGINE, answer, check_tokens


def params(st: TtaState, oid: str) -> dict[str, object]:
    """The params of the current seat's option ``oid`` (which must be offered)."""
    opt = ENGINE.prompts(st)[0].option(oid)
    assert opt is not None, oid
    return dict(opt.params)


def develop_pays(st: TtaState, civ: Civ, card: str, science: int) -> None:
    """Refused one science short; then the printed science and one civil action; a new
    government's or law technology's civil actions are usable at once (L1014)."""
    civ.hand = [card]
    civ.science = science - 1
    assert ENGINE.prompts(st)[0].option(f"develop:{card}") is None
    civ.science = science
    assert params(st, f"develop:{card}") == {"card": card, "ca": 1, "sci": science}
    ca, total = civil_left(civ), civil_total(civ)
    answer(st, f"develop:{card}")
    assert civ.science == 0 and card not in civ.hand
    assert card == civ.government or card in civ.techs
    if KIND[card] in ("farm", "mine", "urban", "unit"):
        assert civ.workers[card] == 0  # a new technology has no worker yet (L938)
    assert civil_left(civ) == ca - 1 + civil_total(civ) - total
    check_tokens(st)


def build_pays(st: TtaState, civ: Civ, card: str, cost: int,
               out: tuple[int, int, int, int, int, int]) -> None:
    """The printed cost, a civil action (a military one for units, L755-L770), and one
    worker's symbols in the ratings (the position has the resources and the urban room)."""
    assert build_cost(civ, card) == cost
    offered = params(st, f"build:{card}")
    assert offered["res"] == cost
    assert offered.get("ma" if KIND[card] == "unit" else "ca") == 1
    before, stock = ratings(civ), tokens.resources(civ)
    answer(st, f"build:{card}")
    assert [a - b for a, b in zip(ratings(civ), before, strict=True)] == list(out)
    assert stock - tokens.resources(civ) == cost
    check_tokens(st)


def special_symbols_count_once(st: TtaState, civ: Civ, card: str, science: int,
                               symbols: tuple[int, int, int, int, int]) -> None:
    """Developed, a special technology adds (strength, civil actions, military actions,
    blue tokens, colonization) once, with no worker (L844-L851)."""
    def totals() -> tuple[int, ...]:
        return (ratings(civ)[STR], civil_total(civ), military_total(civ), civ.blue_bank,
                colonization.modifier(civ))

    before = totals()
    civ.hand = [card]
    civ.science = science
    answer(st, f"develop:{card}")
    assert [a - b for a, b in zip(totals(), before, strict=True)] == list(symbols)
    check_tokens(st)


def revolution_pays(st: TtaState, civ: Civ, card: str, science: int,
                    actions: tuple[int, int, int], symbols: dict[int, int]) -> None:
    """A revolution: the lower science and every civil action (L1029-L1038); the new
    government's (civil actions, military actions, urban limit) at once, its red tokens
    usable (L1040); its printed symbols change the ratings by ``symbols`` (rating index ->
    change)."""
    before = ratings(civ)
    civ.hand = [card]
    civ.science = science
    assert params(st, f"revolution:{card}") == {"card": card, "ca": civil_left(civ),
                                                "sci": science}
    answer(st, f"revolution:{card}")
    assert civ.government == card and civ.science == 0
    assert (civil_total(civ), military_total(civ), urban_limit(civ)) == actions
    assert civil_left(civ) == 0 and military_left(civ) == actions[1]  # L1038, L1040
    after = ratings(civ)
    assert {i: after[i] - before[i] for i in symbols} == symbols
    check_tokens(st)
