"""The final scoring and the result (scope §28; L1910-L1932, L2075-L2111).

The full game (L2075-L2111): no first-game bonuses (L1926, L2079); every Age III event left
in the current and future event decks is revealed and scored, one by one, in any order
(L2081-L2083; ``event_cards.age_iii``), older events are ignored (L2085), ranked ones with
the starting player as the current player for ties (L2099-L2101); then the cards that score
at game end (``FINAL_SCORING``: Bill Gates, PB ``ages.final_scoring``). Most culture wins,
ties share (L2107-L2109). A mode with its own final scoring registers it in ``MODE_SCORING``
(the short game, L2241-L2247: ``short_game.final_scoring``, sharing ``score_impact`` and
``final_lines``).

Added to the culture points (L1912-L1926): 1 per Age I and 2 per Age II technology in play,
the government counted double (L1916; "your technologies" are those in play, L936); the
science rating (L1917), strength (L1918), happiness (L1919); food + resource production,
ignoring consumption and corruption (L1920); 3 per colony (L1921); 6 per completed Age II
wonder (L1922). Most culture wins; ties share the victory (L1928-L1932).
"""

from __future__ import annotations

from collections.abc import Callable

from engines.core.contract import Event, GameResult, SeatScore
from engines.core.fast import event
from engines.tta.catalogue import BOARD
from engines.tta.facts import AGE, FOOD, HAPPY, RES, SCI, STR
from engines.tta.ratings import ratings
from engines.tta.state import Civ, TtaState

_FG = BOARD.first_game_scoring
TECH_CULTURE: tuple[int, ...] = tuple(_FG["technology_culture_by_level"])

#: the full game's end-of-game lines: name -> (state, seat) -> culture that seat scores
#: (cards register here at import: Bill Gates)
FINAL_SCORING: dict[str, Callable[[TtaState, int], int]] = {}
#: a mode's own final scoring instead of the full game's (``short_game.final_scoring``)
MODE_SCORING: dict[str, Callable[[TtaState], list[Event]]] = {}


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
    """Score the game and end it."""
    if st.mode == "first":
        events = _score_first_game(st)
    else:
        events = MODE_SCORING.get(st.mode, _score_full_game)(st)
    # resigned seats are out: never winners, ranked last (L2071; platform §4.7)
    for seat, civ in enumerate(st.civs):
        if civ.resigned:
            st.final[seat]["resigned"] = 1
    best = max(c.culture for c in st.civs if not c.resigned)
    st.winners = [s for s, c in enumerate(st.civs) if c.culture == best and not c.resigned]
    st.phase = "over"
    events.append(event("game_over", None, {"winners": st.winners,
                                            "scores": [f["total"] for f in st.final]}))
    return events


def _score_first_game(st: TtaState) -> list[Event]:
    st.final = []
    for civ in st.civs:
        bonus = first_game_bonus(civ)
        before = civ.culture
        civ.culture += sum(bonus.values())
        st.final.append({"culture_before": before, **bonus, "total": civ.culture})
    return []


def _score_full_game(st: TtaState) -> list[Event]:
    """The Age III events of both event decks, then ``FINAL_SCORING`` (L2079-L2101)."""
    from engines.tta.event_cards.age_iii import final_scores

    events: list[Event] = []
    st.final = [{"culture_before": c.culture, "age_iii_events": 0} for c in st.civs]
    for card, culture in final_scores(st):
        events.append(score_impact(st, card, culture))
    # the scored events are revealed: they leave the event decks face up (L2081-L2083)
    scored = [c for c in st.current_events if AGE[c] == 3]
    scored += [c for c in st.future_events if AGE[c] == 3]
    st.current_events = [c for c in st.current_events if AGE[c] != 3]
    st.future_owners = [o for c, o in zip(st.future_events, st.future_owners, strict=True)
                        if AGE[c] != 3]
    st.future_events = [c for c in st.future_events if AGE[c] != 3]
    st.past_events.extend(scored)
    events.extend(final_lines(st))
    return events


def score_impact(st: TtaState, card: str, culture: list[int]) -> Event:
    """An Age III event scored at the end: each seat's culture (never below 0: Impact of
    Happiness) into its ``age_iii_events`` line; the public ``impact_scored`` event."""
    for seat, n in enumerate(culture):
        civ = st.civs[seat]
        before = civ.culture
        civ.culture = max(0, before + n)
        st.final[seat]["age_iii_events"] += civ.culture - before
    return event("impact_scored", None, {"card": card, "culture": list(culture), "final": True})


def final_lines(st: TtaState) -> list[Event]:
    """The ``FINAL_SCORING`` lines (after the events), then each seat's ``total``."""
    events: list[Event] = []
    for line, score in FINAL_SCORING.items():
        for seat, civ in enumerate(st.civs):
            n = score(st, seat)
            if not n:
                continue
            civ.culture += n
            st.final[seat][line] = st.final[seat].get(line, 0) + n
            events.append(event("final_scored", seat, {"line": line, "culture": n}))
    for seat, civ in enumerate(st.civs):
        st.final[seat]["total"] = civ.culture
    return events


def result(st: TtaState) -> GameResult | None:
    if st.phase != "over":
        return None
    totals = [c.culture for c in st.civs]
    # a resigned seat ranks after every player still in the game (platform §4.7); a single
    # player left won at once (L2071)
    left = [t for t, c in zip(totals, st.civs, strict=True) if not c.resigned]
    scores = [SeatScore(seat=s, total=t, breakdown=dict(st.final[s]),
                        rank=(len(left) + 1 if st.civs[s].resigned
                              else 1 + sum(1 for x in left if x > t)))
              for s, t in enumerate(totals)]
    victory = "last_standing" if len(left) == 1 else "culture"
    return GameResult(victory=victory, winners=list(st.winners), scores=scores)
