"""Game setup (rulebook 遊戲設置): shuffle the ten age piles, set one card of each age
1-9 aside face down as the age achievements, the five special achievements beside them,
deal two age-1 cards to each player; each player secretly chooses one to meld, all
reveal together; the owner of the alphabetically first melded card (English title)
starts; the first player — the first two in a 4-player game — take a single action on
their first turn.
"""

from __future__ import annotations

from engines.core.rng import Rng
from engines.innovation.catalogue import SPECIAL_IDS
from engines.innovation.context import Ctx
from engines.innovation.facts import CARDS_BY_AGE, NAME
from engines.innovation.state import InnovationState
from engines.innovation.zones import meld


def new_state(players: int, seed: int) -> InnovationState:
    rng = Rng.from_seed(seed)
    supply = []
    for age in range(1, 11):
        pile = list(CARDS_BY_AGE[age - 1])
        rng.shuffle(pile)
        supply.append(pile)
    achievements: list[str | None] = [supply[age - 1].pop() for age in range(1, 10)]
    hands = []
    for _ in range(players):
        hands.append([supply[0].pop(), supply[0].pop()])
    return InnovationState(
        players=players,
        rng=rng.state,
        phase="setup",
        supply=supply,
        age_achievements=achievements,
        specials=list(SPECIAL_IDS),
        hands=hands,
        scores=[[] for _ in range(players)],
        boards=[[[] for _ in range(5)] for _ in range(players)],
        splays=[[0] * 5 for _ in range(players)],
        achievements=[[] for _ in range(players)],
        initial=[None] * players,
        tucked=[0] * players,
        scored=[0] * players,
    )


def choose_initial(g: Ctx, seat: int, card: str) -> None:
    st = g.st
    st.initial[seat] = card
    g.emit("initial_choice", seat, {})
    if any(c is None for c in st.initial):
        return
    chosen = [c for c in st.initial if c is not None]
    for s, c in enumerate(chosen):
        meld(g, s, c)
    first = min(range(st.players), key=lambda s: NAME[chosen[s]])
    st.first_player = first
    st.current = first
    st.initial = [None] * st.players
    st.phase = "play"
    start_turn(g, first)


def actions_for_turn(st: InnovationState) -> int:
    return 1 if st.turn == 1 or (st.players == 4 and st.turn == 2) else 2


def start_turn(g: Ctx, seat: int) -> None:
    st = g.st
    st.turn += 1
    st.current = seat
    st.actions_left = actions_for_turn(st)
    st.tucked = [0] * st.players
    st.scored = [0] * st.players
    g.emit("turn", seat, {"turn": st.turn, "actions": st.actions_left})
