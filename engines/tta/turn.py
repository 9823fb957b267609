"""Turn structure (scope §4; L355-L378, L518-L528, L1318-L1326).

A turn: (from round 2) replenish the card row (``row.replenish``), move the player's
exclusive tactic to the common area (L1525-L1535), the political phase (``politics``),
the action phase (``actions``), then the end of turn: the military discards (the one
decision, L1680-L1686) and the automatic rest (``end_of_turn``). The first round is take-only
with no replenish and no politics (L355-L378, PB ``first_round.skips``). ``step`` says where
the current seat is: ``politics`` | ``action`` | ``discard``.
"""

from __future__ import annotations

from engines.core.contract import Event
from engines.core.fast import event
from engines.tta import ages, interrupts, politics, row, scoring, short_game, wars
from engines.tta.actions import tactics
from engines.tta.end_of_turn import end_turn
from engines.tta.ratings import military_hand_limit
from engines.tta.state import TtaState


def begin_turn(st: TtaState) -> list[Event]:
    """The automatic start of the current seat's turn."""
    seat = st.current
    events = [event("turn", seat, {"round": st.round, "age": st.age})]
    if st.round == 1:
        st.step = "action"
        return events
    events.extend(row.replenish(st))
    # the war declared last turn (PB, ruling B3): its winner may be asked (War over
    # Technology); the short game's events kept after Age I (L2237): every seat is asked.
    # Then the rest of the turn's start runs in the effect
    if wars.due(st, seat) or short_game.keep_due(st):
        events.extend(interrupts.start(st, "turn_start", seat))
        return events
    events.extend(_after_wars(st, seat))
    return events


def _turn_start(ctx: interrupts.TtaCtx, seat: int) -> None:
    """The effect: the short game's events are kept (Age I just ended), the seat's wars
    resolve, then its turn starts as usual."""
    short_game.keep(ctx)
    wars.resolve_in(ctx, seat)
    ctx.events.extend(_after_wars(ctx.gs, seat))


interrupts.EFFECTS["turn_start"] = _turn_start


def _after_wars(st: TtaState, seat: int) -> list[Event]:
    """The start of the turn after the replenish and the wars: tactics, the politics."""
    events: list[Event] = []
    civ = st.civs[seat]
    tactics.make_common(st, civ)  # exclusive -> common (L1525-L1535; C6: merge)
    # the political phase is skipped when there is nothing to play: an empty military
    # hand is public knowledge, so skipping it reveals nothing (L1328-L1334); a leader's
    # political action (Alexander's retirement) keeps it
    if seat in st.forfeit_politics:  # International Agreement: this political phase is lost
        st.forfeit_politics = [s for s in st.forfeit_politics if s != seat]
        st.step = "action"
        events.append(event("politics_forfeited", seat, {}))
    elif politics.worth_opening(st, seat):
        st.step = "politics"
        events.extend(politics.start(st, seat))
    else:
        st.step = "action"
        if politics.quiet_options(st, seat):  # resigning moves to the action phase
            civ.marks["politics_unused"] = 1
    return events


def end_action_phase(st: TtaState) -> list[Event]:
    """The player ends the action phase: discards next if the hand is over the limit."""
    civ = st.civs[st.current]
    if st.round > 1 and len(civ.military) > military_hand_limit(civ):
        st.step = "discard"
        return []
    return finish_turn(st)


def discards_needed(st: TtaState) -> int:
    civ = st.civs[st.current]
    return max(0, len(civ.military) - military_hand_limit(civ))


def finish_turn(st: TtaState) -> list[Event]:
    """The automatic end of turn, then the next seat's turn (or the end of the game)."""
    seat = st.current
    events = end_turn(st, seat)
    if ages.is_last_turn(st):
        events.extend(scoring.finish(st))
        return events
    advance(st)
    events.extend(begin_turn(st))
    return events


def advance(st: TtaState) -> None:
    """Play passes to the next seat still in the game; the round advances whenever play
    passes the starting player's position, even when the starting player has resigned
    (L2071-L2073, platform §4.7)."""
    seat = st.current
    while True:
        seat = (seat + 1) % st.players
        if seat == st.start:
            st.round += 1
        if not st.civs[seat].resigned:
            break
    st.current = seat
