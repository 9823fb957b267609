"""The six Age III leaders' abilities (scope §14 [T2]; CC ``abilities`` and ``notes``).

Like the Ages A-II leaders (``leaders.py``, which imports this module and merges its
``ACTIONS``), each effect is keyed by the leader in play, so it starts when he enters play
(L786) and stops when he leaves (replaced, L802-L829). Age III leaders are never antiquated:
the game ends in Age IV (L1940-L1949).

* Albert Einstein — the best lab or library gives extra science equal to its level (the
  same ``best_lab_or_library`` bonus as Leonardo and Newton, registered by ``leaders``);
  +3 culture per technology developed (``develop.ON_DEVELOP``: like Newton's, a peaceful
  change or a revolution counts, L999; so does developing through an action card).
* Bill Gates — each lab building also produces resources equal to its level (level ×
  buildings: "each of your labs"; a level-0 Philosophy lab adds nothing), gained after the
  mines in the production phase (``end_of_turn.EXTRA_RESOURCES`` → ``economy.end_of_turn``
  ``extra_resources``; skipped by an uprising like all production) and counted in the
  resource rating; when he leaves play, and at the end of the full game if still in play
  (``scoring.FINAL_SCORING["bill_gates"]``), culture equal to that extra production.
* Charlie Chaplin — +2 happy (printed, counted by ``ratings``); the best theater (highest
  level with a building) produces double culture: one building's printed culture once more
  (leaders' bonuses per theater, e.g. Bach's, are not the theater's production).
* Mahatma Gandhi — +2 culture (printed, counted by ``ratings``). His other two parts belong to
  the conflict rules and live in ``conflict.py``: his owner may not play aggressions or declare
  wars, and whoever attacks him pays double military actions (``conflict.attack_cost``).
* Sid Meier — each lab building produces culture equal to its level and 1 science less. No
  floor per lab is needed: every lab prints at least 1 science (Philosophy 1, Alchemy 2,
  Scientific Method 3, Computers 5), so the −1 never takes a lab below 0.
* Winston Churchill — once per turn (option group ``other``): ``churchill:culture`` scores 3
  culture, or ``churchill:military`` gives 3 science and 3 resources usable only this turn:
  the science only to develop unit technologies (``marks['mil_sci']``, ``develop.
  pay_science``), the resources only to build or upgrade units (Patriotism's credit
  ``marks['mil_credit']``, ``costs.pay_military``); both are lost at the end of the turn
  (the reset clears the marks) and stay if he is replaced after choosing (they were
  gained). Unused in the turn: 3 culture at the end of the turn (CC note: BGA; ruling B19),
  shown in the ``end`` forecast as ``churchill_culture``. The choice reveals nothing, so it
  keeps the undo window open (no ``final``).
"""

from __future__ import annotations

from collections.abc import Callable

from engines.core.contract import Event, Option
from engines.core.fast import event, fast_option
from engines.core.seams import add_once
from engines.tta import end_of_turn, play, prompts, ratings, scoring
from engines.tta.actions import develop
from engines.tta.facts import AGE, CUL, KIND, OUT, RES, SCI, SUBTYPE
from engines.tta.state import Civ, TtaState

EINSTEIN = "III_albert_einstein"
GATES = "III_bill_gates"
CHAPLIN = "III_charlie_chaplin"
GANDHI = "III_mahatma_gandhi"
MEIER = "III_sid_meier"
CHURCHILL = "III_winston_churchill"

EINSTEIN_CULTURE = 3
MEIER_SCIENCE_PER_LAB = -1
CHURCHILL_CULTURE = 3
CHURCHILL_SCIENCE = 3
CHURCHILL_RESOURCES = 3


def _labs(civ: Civ) -> list[tuple[str, int]]:
    """``(lab card, buildings on it)`` for every lab card with a building."""
    return [(t, n) for t, n in civ.workers.items()
            if n and KIND[t] == "urban" and SUBTYPE[t] == "lab"]


# -- Albert Einstein ----------------------------------------------------------------------
def _einstein(st: TtaState, seat: int, card: str) -> None:
    st.civs[seat].culture += EINSTEIN_CULTURE


# -- Bill Gates ---------------------------------------------------------------------------
def gates_production(civ: Civ) -> int:
    """The resources Gates' labs add per turn: each lab building its level."""
    return sum(AGE[t] * n for t, n in _labs(civ))


def _gates_rating(civ: Civ, r: list[int]) -> None:
    r[RES] += gates_production(civ)


def _gates_leave(st: TtaState, seat: int) -> list[Event]:
    """Leaving play (replaced, or removed by an event): culture = the extra production."""
    civ = st.civs[seat]
    n = gates_production(civ)
    civ.culture += n
    return [event("ability", seat, {"card": GATES, "culture": n})] if n else []


def gates_final(st: TtaState, seat: int) -> int:
    """The full game's end: Gates still in play scores his extra production."""
    civ = st.civs[seat]
    return gates_production(civ) if civ.leader == GATES else 0


# -- Charlie Chaplin ----------------------------------------------------------------------
def best_theater(civ: Civ) -> str | None:
    """The highest-level theater card with a building."""
    best = None
    for t, n in civ.workers.items():
        if n and KIND[t] == "urban" and SUBTYPE[t] == "theater" and (
                best is None or AGE[t] > AGE[best]):
            best = t
    return best


def _chaplin(civ: Civ, r: list[int]) -> None:
    theater = best_theater(civ)
    if theater is not None:
        r[CUL] += OUT[theater][CUL]


# -- Sid Meier ----------------------------------------------------------------------------
def _meier(civ: Civ, r: list[int]) -> None:
    for t, n in _labs(civ):
        r[CUL] += AGE[t] * n
        r[SCI] += MEIER_SCIENCE_PER_LAB * n


# -- Winston Churchill --------------------------------------------------------------------
def churchill_options(st: TtaState, seat: int) -> list[Option]:
    civ = st.civs[seat]
    if civ.leader != CHURCHILL or civ.marks.get("churchill"):
        return []
    return [
        fast_option("churchill:culture", "churchill_culture",
                    {"card": CHURCHILL, "culture": CHURCHILL_CULTURE}, CHURCHILL, None,
                    "other"),
        fast_option("churchill:military", "churchill_military",
                    {"card": CHURCHILL, "mil_sci": CHURCHILL_SCIENCE,
                     "mil_res": CHURCHILL_RESOURCES}, CHURCHILL, None, "other"),
    ]


def churchill(st: TtaState, seat: int, arg: str) -> list[Event]:
    """``churchill:culture`` or ``churchill:military`` (legal: it was offered)."""
    civ = st.civs[seat]
    civ.marks["churchill"] = 1
    if arg == "culture":
        civ.culture += CHURCHILL_CULTURE
        return [event("ability", seat, {"card": CHURCHILL, "culture": CHURCHILL_CULTURE})]
    civ.marks["mil_sci"] = civ.marks.get("mil_sci", 0) + CHURCHILL_SCIENCE
    civ.marks["mil_credit"] = civ.marks.get("mil_credit", 0) + CHURCHILL_RESOURCES
    return [event("ability", seat, {"card": CHURCHILL, "mil_sci": CHURCHILL_SCIENCE,
                                    "mil_res": CHURCHILL_RESOURCES})]


def _churchill_unused(st: TtaState, seat: int) -> bool:
    civ = st.civs[seat]
    return civ.leader == CHURCHILL and not civ.marks.get("churchill")


def _churchill_default(st: TtaState, seat: int) -> list[Event]:
    """End of turn, the choice unused: 3 culture (CC note, BGA; ruling B19)."""
    if not _churchill_unused(st, seat):
        return []
    st.civs[seat].culture += CHURCHILL_CULTURE
    return [event("ability", seat, {"card": CHURCHILL, "culture": CHURCHILL_CULTURE})]


def _churchill_forecast(st: TtaState, seat: int) -> dict[str, int]:
    return {"churchill_culture": CHURCHILL_CULTURE} if _churchill_unused(st, seat) else {}


#: action-phase option id prefix -> what applies it (merged into ``leaders.ACTIONS``)
ACTIONS: dict[str, Callable[[TtaState, int, str], list[Event]]] = {
    "churchill": churchill,
}


def register() -> None:
    """Plug every ability into its seam (idempotent). Einstein's lab/library bonus is
    ``leaders``' (shared with Leonardo and Newton)."""
    ratings.MODIFIERS.update({GATES: _gates_rating, CHAPLIN: _chaplin, MEIER: _meier})
    develop.ON_DEVELOP[EINSTEIN] = _einstein
    end_of_turn.EXTRA_RESOURCES[GATES] = gates_production
    play.ON_LEAVE[GATES] = _gates_leave
    scoring.FINAL_SCORING["bill_gates"] = gates_final
    end_of_turn.BEFORE_RESET_HOOKS[CHURCHILL] = _churchill_default
    end_of_turn.FORECASTS[CHURCHILL] = _churchill_forecast
    add_once(prompts.OPTION_SOURCES, churchill_options)


register()
