"""Resignation (scope §26, §27-§28 [T3]; book L2066-L2073; platform §4.7; research §3.2).

Resigning is a political action (L2071), offered in every mode but the first game (whose
only political actions are events, L1304-L1334) and never in Age IV (PB ``ages.age_iv``),
also with an empty military hand: the option comes through ``politics.OPTION_SOURCES``; it is
``politics.QUIET``, so a phase with nothing else to play is still skipped and ``resign`` is
offered in that turn's action phase instead (the political action was not used). Choosing
``resign`` (undoable) asks for a confirmation (step ``resign``, prompt ``resign``:
``resign:confirm``, ``final``, or ``resign:back`` to the phase it came from; the timeout
goes back).

On confirmation (L2071): every war declared by or against the resigner is cancelled, its
card out of the game (``war_cancelled``), and each declarer of a war **against** the
resigner scores 7 culture (the book only says "some culture"; ptarjan's tested ruling,
research §3.2, scope §26); every pact the resigner is party to ends (``pact_ended``, reason
``resigned``); the civilization and every card of its area leave the game — technologies,
government, leader, wonders, colonies, both hands, a tactic still in its area (one already in
the common area stays there for the others) — and its tokens go back to the box, so the
civilization is empty (``Civ.resigned``; token conservation holds with ``yellow_box`` /
``blue_box`` at −25 / −16). Events it prepared stay in the future deck: they are the table's.

The others go on under the 2- or 3-player rules (L2072): every table read by player count
reads ``TtaState.count_left()`` and every "each player" loop skips resigned seats
(``targets.clockwise``); ruling C8 re-trims only the decks of ages not yet begun, as a
multiset difference that keeps the shuffled order (``retrim``): with two players left those
decks lose their pacts (L2035). Ruling C15 (FAQ pp. 11, 16): a resignation makes no pact
unplayable — the pacts in hands and in the current military deck (its discards too) may
still be offered between the two left (``pacts.options``), and a pact in play between them
stays.

The resigner's turn ends at once, without production; the next seat still in the game
begins its turn (``turn.advance``: the round still advances at the starting player's
position) or, when the resigner played the last turn, the game is scored. A single player
left wins at once (L2071): the game is over without a final scoring (``last_standing``).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from engines.core.contract import Event, Option, Prompt
from engines.core.fast import event, fast_option, fast_prompt
from engines.core.seams import add_once
from engines.tta import ages, pacts, politics, prompts, scoring, turn
from engines.tta.facts import START_GOVERNMENT, civil_deck, military_deck
from engines.tta.play import PRINTED
from engines.tta.state import TtaState

#: culture each declarer of a war against the resigner scores (research §3.2, scope §26)
WAR_CULTURE = 7
#: the ``resign`` option (one shared object)
RESIGN = fast_option("resign", "resign", {}, None, None, "other")


def options(st: TtaState, seat: int) -> list[Option]:
    """``politics.OPTION_SOURCES``: ``resign`` — not in the first game, not once the
    game-ending age has begun (Age IV; the short game's Age III, ``ages.FINAL_AGE``)."""
    if st.mode == "first" or st.age >= ages.FINAL_AGE.get(st.mode, 4):
        return []
    return [RESIGN]


def action_options(st: TtaState, seat: int) -> list[Option]:
    """``prompts.OPTION_SOURCES``: the same ``resign`` in the action phase of a turn whose
    political phase was skipped for having nothing else to play (``politics.QUIET``): the
    player still has the political action, and is not asked to pass every turn."""
    if not st.civs[seat].marks.get("politics_unused"):
        return []
    return options(st, seat)


def choose(st: TtaState, seat: int, arg: str) -> list[Event]:
    """The political option: ask for the confirmation (nothing happens yet)."""
    st.step = "resign"
    return []


def prompt(st: TtaState) -> Prompt:
    """The confirmation (private, to the current seat): confirm (``final``) or go back; its
    params say what resigning gives each declarer of a war against the seat."""
    seat = st.current
    remaining = st.count_left() - 1
    return fast_prompt(seat, "resign", [
        fast_option("resign:confirm", "resign_confirm", {"final": True, "remaining": remaining},
                    None, None, "turn"),  # a button beside "back" on the panel (BOT)
        fast_option("resign:back", "resign_back", {}, None, None, "turn"),
    ], {"remaining": remaining, "war_culture": WAR_CULTURE}, True)


def answer(st: TtaState, seat: int, arg: str) -> list[Event]:
    """``resign`` from the action phase (``action_options``), then ``resign:confirm`` or
    ``resign:back`` (back to the phase it was chosen in)."""
    marks = st.civs[seat].marks
    if arg == "":
        marks["resign_from_action"] = 1
        return choose(st, seat, arg)
    if arg == "back":
        st.step = "action" if marks.pop("resign_from_action", 0) else "politics"
        return []
    return resign(st, seat)


def resign(st: TtaState, seat: int) -> list[Event]:
    """``seat`` leaves the game (L2071-L2073; module docstring)."""
    before = st.count_left()
    cancelled = [w for w in st.wars if seat in (w["attacker"], w["defender"])]
    st.wars = [w for w in st.wars if w not in cancelled]
    declarers: list[int] = []
    for w in cancelled:
        if "played" not in w:  # the short game's face-up War over Culture stays (C11)
            st.removed.append(w["card"])
        if w["defender"] == seat:  # history records the victor's stance (L2071)
            declarers.append(w["attacker"])
            st.civs[w["attacker"]].culture += WAR_CULTURE
    ended = [p for p, _, _ in pacts.parties(st, seat)]
    st.pacts = [p for p in st.pacts if all(p is not e for e in ended)]
    st.removed.extend(p["card"] for p in ended)
    _clear(st, seat)
    if ended:
        pacts.refresh(st)
    st.forfeit_politics = [s for s in st.forfeit_politics if s != seat]
    left = st.seats_left()
    events = [event("resigned", seat, {"remaining": len(left), "declarers": declarers,
                                       "culture": WAR_CULTURE})]
    events += [event("war_cancelled", None, {"card": w["card"], "attacker_seat": w["attacker"],
                                             "defender_seat": w["defender"]})
               for w in cancelled]
    events += [event("pact_ended", None, {"card": p["card"], "owner_seat": p["owner"],
                                          "partner_seat": p["partner"], "reason": "resigned"})
               for p in ended]
    retrim(st, before, len(left))
    st.step = "action"
    if len(left) == 1:
        events.extend(last_standing(st, left[0]))
    elif ages.is_last_turn(st):  # the resigner played the game's last turn
        events.extend(scoring.finish(st))
    else:
        turn.advance(st)
        events.extend(turn.begin_turn(st))
    return events


def _clear(st: TtaState, seat: int) -> None:
    """Every card of the seat's area out of the game, its tokens back to the box."""
    civ = st.civs[seat]
    gone = [t for t in civ.techs if t not in PRINTED]
    if civ.government not in PRINTED:
        gone.append(civ.government)
    gone += [c for c in (civ.leader, civ.wonder) if c is not None]
    gone += civ.wonders + civ.colonies + civ.hand + civ.military + civ.short_events
    if civ.tactic is not None and civ.tactic_exclusive:  # still in its area (L1525)
        gone.append(civ.tactic)
    st.removed.extend(gone)
    civ.yellow_box -= civ.yellow_bank + civ.pool + sum(civ.workers.values())
    civ.blue_box -= civ.blue_bank + sum(civ.blue.values()) + civ.stages
    civ.government = START_GOVERNMENT  # printed on the board, no card
    civ.techs, civ.workers, civ.blue = [], {}, {}
    civ.yellow_bank = civ.pool = civ.blue_bank = civ.stages = 0
    civ.leader = civ.wonder = civ.tactic = civ.tucked = None
    civ.tactic_exclusive = False
    civ.wonders, civ.colonies, civ.flipped = [], [], []
    civ.hand, civ.taken, civ.military, civ.short_events = [], [], [], []
    civ.ca_spent = civ.ma_spent = 0
    civ.marks, civ.pact_mods = {}, {}
    civ.resigned = True


def retrim(st: TtaState, before: int, after: int) -> None:
    """Ruling C8: the decks of the ages not yet begun lose the cards a game of ``after``
    players has fewer of than one of ``before`` (civil "3+" / "4" marks, L194-L199;
    military copies, pacts at 2, L2035), as a multiset difference keeping the shuffled
    order; those cards leave the game. Decks already in play are left alone: their pacts
    stay playable (ruling C15)."""
    if after >= before or after < 2:
        return
    for age in range(st.age + 1, min(4, len(st.civil_decks))):
        _trim(st, st.civil_decks[age], civil_deck(age, before), civil_deck(age, after))
        _trim(st, st.military_decks[age], military_deck(age, before, st.mode, st.peaceful_pacts),
              military_deck(age, after, st.mode, st.peaceful_pacts))


def _trim(st: TtaState, deck: list[str], old: list[str], new: list[str]) -> None:
    extra = Counter(old) - Counter(new)
    if not extra or not deck:
        return
    kept: list[str] = []
    for card in deck:
        if extra.get(card, 0) > 0:
            extra[card] -= 1
            st.removed.append(card)
        else:
            kept.append(card)
    deck[:] = kept


def last_standing(st: TtaState, winner: int) -> list[Event]:
    """A single player left wins at once (L2071): no final scoring; each seat's ``total``
    is its culture, resigned seats marked (``scoring.result``: ``last_standing``)."""
    st.phase = "over"
    st.winners = [winner]
    st.final = []
    for civ in st.civs:
        line: dict[str, Any] = {"total": civ.culture}
        if civ.resigned:
            line["resigned"] = 1
        st.final.append(line)
    return [event("game_over", None, {"winners": [winner],
                                      "scores": [f["total"] for f in st.final],
                                      "victory": "last_standing"})]


def register() -> None:
    """Plug the resignation into the political phase and the prompts (idempotent)."""
    add_once(politics.OPTION_SOURCES, options)
    politics.ACTIONS["resign"] = choose
    politics.CONFIRMED.add("resign")
    politics.QUIET.add("resign")
    add_once(prompts.OPTION_SOURCES, action_options)
    prompts.STEPS["resign"] = prompt
    prompts.RULE_ACTIONS["resign"] = answer


register()
