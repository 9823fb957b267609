"""The end of a turn in the 2015 order (scope §12; L1676-L1809, L2140-L2164).

1. discard military cards down to the military action total — the only decision, asked
   before this runs (``prompts``: kind ``discard``; L1680-L1686);
2. uprising check, 3. production phase: science and culture, corruption, food,
   consumption, resources — the economy's ``end_of_turn`` (L1700-L1766);
4. draw one military card per unspent military action, at most 3 (L1783-L1789), not
   skipped by an uprising (L2158-L2160); an empty deck is reshuffled from its age's
   discards (L1791, L1905), nothing drawn when both are empty (ruling C4); no draw in the
   first round (L508) nor in the first game's Age III (L1793);
5. reset all actions (L1805-L1809).
The first round runs the same steps: its full banks give no discontent, corruption or
consumption (L458-L514, X2).

Seams: ``END_OF_TURN_HOOKS`` run after the reset (Genghis Khan's culture, CC);
``BEFORE_RESET_HOOKS`` run just before it, while the turn's marks still tell what was used
(Winston Churchill's unused choice, CC note); ``EXTRA_RESOURCES`` adds production
(Bill Gates' labs); ``FORECASTS`` add to the ``end`` option's forecast.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engines.core.contract import Event
from engines.core.fast import event
from engines.core.rng import Rng
from engines.tta import economy, tokens
from engines.tta.ages import FINAL_AGE
from engines.tta.facts import CUL, HAPPY, MILITARY_DRAW_MAX, SCI, VALUE
from engines.tta.ratings import military_left, ratings, static_tuple
from engines.tta.state import Civ, TtaState

END_OF_TURN_HOOKS: dict[str, Callable[[TtaState, int], list[Event]]] = {}
#: ``PRODUCTION_WORKERS[card in play](civ)``: extra workers that produce on farm/mine cards
#: this production phase only (Transcontinental Railroad: one worker on the best mine twice)
PRODUCTION_WORKERS: dict[str, Callable[[Civ], dict[str, int]]] = {}
#: ``EXTRA_RESOURCES[card in play](civ)``: resources produced besides the mines, gained
#: after them (``economy.end_of_turn``'s ``extra_resources``: Bill Gates' labs)
EXTRA_RESOURCES: dict[str, Callable[[Civ], int]] = {}
#: ``BEFORE_RESET_HOOKS[card in play](st, seat)``: after the draw, before the reset
BEFORE_RESET_HOOKS: dict[str, Callable[[TtaState, int], list[Event]]] = {}
#: ``FORECASTS[card in play](st, seat)``: what such a hook will do, for the ``end`` option's
#: forecast (``undo_window.forecast``; e.g. ``churchill_culture``)
FORECASTS: dict[str, Callable[[TtaState, int], dict[str, int]]] = {}


def extra_workers(civ: Civ) -> dict[str, int]:
    """Workers that produce once more in a production phase, by card (``PRODUCTION_WORKERS``:
    Transcontinental Railroad); production-reading events count them too."""
    extra: dict[str, int] = {}
    if PRODUCTION_WORKERS:
        for c in static_tuple(civ):
            fn = PRODUCTION_WORKERS.get(c)
            if fn is not None:
                for t, n in fn(civ).items():
                    extra[t] = extra.get(t, 0) + n
    return extra


def _extra_resources(civ: Civ) -> int:
    pact = civ.pact_mods.get("resources", 0)  # pacts (``pacts.refresh``)
    if not EXTRA_RESOURCES:
        return pact
    total = pact
    for c in static_tuple(civ):
        fn = EXTRA_RESOURCES.get(c)
        if fn is not None:
            total += fn(civ)
    return total


def hook_forecast(st: TtaState, seat: int) -> dict[str, int]:
    """``FORECASTS`` of the cards ``seat`` has in play, merged."""
    out: dict[str, int] = {}
    if FORECASTS:
        for c in static_tuple(st.civs[seat]):
            fn = FORECASTS.get(c)
            if fn is not None:
                out.update(fn(st, seat))
    return out


def production_forecast(st: TtaState, seat: int) -> economy.EndOfTurn:
    """Steps 2-3 for ``seat`` as they would happen now, without changing the state: what
    ``production_phase`` applies and what the ``end`` option forecasts (platform §5.2)."""
    civ = st.civs[seat]
    r = ratings(civ)
    farms = tokens.cards(civ, "farm")
    mines = tokens.cards(civ, "mine")
    extra = extra_workers(civ)
    args = (civ.yellow_bank, r[HAPPY], civ.pool, civ.blue_bank,
            tuple(VALUE[t] for t in farms), tuple(civ.blue[t] for t in farms),
            tuple(civ.workers[t] + extra.get(t, 0) for t in farms),
            tuple(VALUE[t] for t in mines), tuple(civ.blue[t] for t in mines),
            tuple(civ.workers[t] + extra.get(t, 0) for t in mines),
            civ.science, r[SCI], civ.culture, r[CUL], _extra_resources(civ),
            civ.pact_mods.get("food", 0))
    out = _PRODUCTION.get(args)
    if out is None:
        if len(_PRODUCTION) >= _PRODUCTION_MAX:
            _PRODUCTION.clear()
        (yellow, happy, pool, bank, fv, ft, fw, mv, mt, mw, sci, sci_r, cul, cul_r,
         extra_res, extra_food) = args
        out = _PRODUCTION[args] = economy.end_of_turn(
            yellow_left=yellow, happiness=happy, unused_workers=pool, blue_bank=bank,
            farm_values=fv, farm_tokens=ft, farm_workers=fw,
            mine_values=mv, mine_tokens=mt, mine_workers=mw,
            science=sci, science_rating=sci_r, culture=cul, culture_rating=cul_r,
            extra_resources=extra_res, extra_food=extra_food)
    return out


#: ``economy.end_of_turn`` (a pure function) by its arguments: the ``end`` option's forecast
#: asks after every answer and most answers change none of them (platform §4.8)
_PRODUCTION: dict[tuple[Any, ...], economy.EndOfTurn] = {}
_PRODUCTION_MAX = 20_000


def production_phase(st: TtaState, seat: int) -> economy.EndOfTurn:
    """Steps 2-3 for ``seat``, applied to the state; returns what happened."""
    civ = st.civs[seat]
    out = production_forecast(st, seat)
    farms = tokens.cards(civ, "farm")
    mines = tokens.cards(civ, "mine")
    if not out.uprising:
        civ.science = out.science
        civ.culture = out.culture
        for t, n in zip(farms, out.farm_tokens, strict=True):
            civ.blue[t] = n
        for t, n in zip(mines, out.mine_tokens, strict=True):
            civ.blue[t] = n
        civ.blue_bank = out.blue_bank
    return out


def draw_military(st: TtaState, seat: int, n: int) -> list[str]:
    """Draw up to ``n`` cards of the current age's military deck (L1783-L1791)."""
    age = st.age
    deck = st.military_decks[age] if age < len(st.military_decks) else []
    drawn: list[str] = []
    for _ in range(n):
        if not deck:
            pile = st.military_discards[age]
            if not pile:
                break  # ruling C4
            rng = Rng(st.rng)
            deck.extend(pile)
            pile.clear()
            rng.shuffle(deck)
            st.rng = rng.state
        drawn.append(deck.pop())
    st.civs[seat].military.extend(drawn)
    return drawn


def draws_due(st: TtaState, seat: int) -> int:
    """Military cards ``seat`` will draw at this end of turn (L1783-L1793)."""
    # none in round 1 (L508), the first and short game's Age III (L1793, L2222) or Age IV
    # (PB ``age_iv``): the game-ending age has no decks
    if st.round == 1 or st.age >= FINAL_AGE[st.mode]:
        return 0
    return max(0, min(MILITARY_DRAW_MAX, military_left(st.civs[seat])))


def end_turn(st: TtaState, seat: int) -> list[Event]:
    """Steps 2-5 (the discards are done)."""
    civ = st.civs[seat]
    out = production_phase(st, seat)
    events = [event("production", seat, {
        "uprising": out.uprising, "discontent": out.discontent,
        "corruption": out.corruption_resources + out.corruption_food,
        "food": out.food_produced, "consumption": out.consumption,
        "famine_culture": out.famine_culture, "resources": out.resources_produced})]
    n = draws_due(st, seat)
    if n:
        drawn = draw_military(st, seat, n)
        # a public event without the cards and a private twin naming them (platform §4.6)
        events.append(event("drew_military", seat, {"count": len(drawn)}))
        events.append(event("drew_military_cards", seat, {"cards": drawn}, [seat]))
    if BEFORE_RESET_HOOKS:
        for c in static_tuple(civ):  # as they were before the hooks
            hook = BEFORE_RESET_HOOKS.get(c)
            if hook is not None:
                events.extend(hook(st, seat))
    civ.ca_spent = 0
    civ.ma_spent = 0
    civ.taken.clear()
    civ.marks.clear()
    if END_OF_TURN_HOOKS:
        for c in static_tuple(civ):  # as they were before the hooks
            hook = END_OF_TURN_HOOKS.get(c)
            if hook is not None:
                events.extend(hook(st, seat))
    return events
