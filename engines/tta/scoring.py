"""The first game's final scoring and the result (scope §28; L1910-L1932).

Added to the culture points (L1912-L1926): 1 per Age I and 2 per Age II technology in play,
the government counted double (L1916; "your technologies" are those in play, L936); the
science rating (L1917), strength (L1918), happiness (L1919); food + resource production,
ignoring consumption and corruption (L1920); 3 per colony (L1921); 6 per completed Age II
wonder (L1922). Most culture wins; ties share the victory (L1928-L1932).
"""

from __future__ import annotations

from engines.core.contract import Event, GameResult, SeatScore
from engines.core.fast import event
from engines.tta.catalogue import BOARD
from engines.tta.facts import AGE, FOOD, HAPPY, RES, SCI, STR
from engines.tta.ratings import ratings
from engines.tta.state import Civ, TtaState

_FG = BOARD.first_game_scoring
TECH_CULTURE: tuple[int, ...] = tuple(_FG["technology_culture_by_level"])


def first_game_bonus(civ: Civ) -> dict[str, int]:
    """The first game's bonuses for one civilization, line by line (L1914-L1922)."""
    r = ratings(civ)
    techs = sum(TECH_CULTURE[AGE[t]] for t in civ.techs)
    techs += _FG["government_factor"] * TECH_CULTURE[AGE[civ.government]]
    return {
        "technologies": techs,
        "science": r[SCI],
        "strength": r[STR],
        "happiness": r[HAPPY],
        "production": r[FOOD] + r[RES],
        "colonies": _FG["colony_culture"] * len(civ.colonies),
        "wonders": _FG["age_ii_wonder_culture"] * sum(1 for w in civ.wonders if AGE[w] == 2),
    }


def finish(st: TtaState) -> list[Event]:
    """Score the first game and end it."""
    st.final = []
    for civ in st.civs:
        bonus = first_game_bonus(civ)
        before = civ.culture
        civ.culture += sum(bonus.values())
        st.final.append({"culture_before": before, **bonus, "total": civ.culture})
    best = max(c.culture for c in st.civs)
    st.winners = [s for s, c in enumerate(st.civs) if c.culture == best]
    st.phase = "over"
    return [event("game_over", None, {"winners": st.winners,
                                      "scores": [f["total"] for f in st.final]})]


def result(st: TtaState) -> GameResult | None:
    if st.phase != "over":
        return None
    totals = [c.culture for c in st.civs]
    scores = [SeatScore(seat=s, total=t, breakdown=dict(st.final[s]),
                        rank=1 + sum(1 for x in totals if x > t))
              for s, t in enumerate(totals)]
    return GameResult(victory="culture", winners=list(st.winners), scores=scores)
