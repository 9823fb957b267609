"""Table setup for 2-4 players (scope §1, §2; book L33-L321).

Eight decks sorted by back and shuffled separately (L180-L182, L203); the first game boxes
the Age III decks and keeps only events, territories, tactics and bonus cards in the Age I
and II military decks (L184-L201). Civil decks lose their "3+" / "4" cards at 2 / 3 players
(L194-L199; Age III too, PB — ruling B1). The full game uses all eight decks (L1940-L1944);
the peaceful one without aggressions, wars and pacts (L2249-L2255). 13 Age A cards face up
in the row (L209-L213); the current events deck is the top *players + 2* Age A military
cards, the rest boxed unseen (L293-L300). A random starting player (L308-L310) and the first
round's 1/2/3/4 civil actions, no military action (L312-L321).
"""

from __future__ import annotations

from engines.core.rng import Rng
from engines.tta import short_game
from engines.tta.facts import (
    BLUE_TOTAL,
    BOARD_TECHS,
    CURRENT_EVENTS,
    FIRST_ROUND_CA,
    KIND,
    ROW_SIZE,
    START_GOVERNMENT,
    START_WORKERS,
    civil_deck,
    military_deck,
)
from engines.tta.ratings import civil_total, military_total
from engines.tta.state import Civ, TtaState

#: ``first``: the book's first game (Ages A-II, L184-L201); ``peaceful``: the full game
#: without aggressions, wars and pacts (L1936-L2111, L2249-L2255); ``full``: the full game
#: with them (the lobby's default); ``short``: the short game, Ages I and II with them
#: (L2218-L2247, ``short_game.py``)
MODES = ("first", "peaceful", "full", "short")
#: the modes the lobby offers
LOBBY_MODES = ("first", "peaceful", "full", "short")


def new_civ() -> Civ:
    """A player's start (L64-L76, L94-L161): the six board technologies with 6 workers,
    1 unused worker, 18 yellow and 16 blue tokens in the banks, Despotism."""
    techs = list(BOARD_TECHS)
    return Civ(
        government=START_GOVERNMENT,
        techs=techs,
        workers={t: START_WORKERS.get(t, 0) for t in techs},
        blue={t: 0 for t in techs if KIND[t] in ("farm", "mine")},
        yellow_bank=18,
        pool=1,
        blue_bank=BLUE_TOTAL,
    )


def new_state(players: int, seed: int, mode: str = "first",
              global_conflict: bool = False, peaceful_pacts: bool = False) -> TtaState:
    """A shuffled table; ``peaceful_pacts`` keeps the four pacts without war in a peaceful
    game's military decks (L2253, ruling C9) and is ignored in the other modes."""
    if not 2 <= players <= 4:
        raise ValueError("Through the Ages is played by 2 to 4 players")
    if mode not in MODES:
        raise ValueError(f"unknown mode {mode!r}")
    rng = Rng.from_seed(seed)
    first = mode == "first"
    ages = 3 if first else 4  # the first game has no Age III decks (L184)
    civil = [civil_deck(a, players) if a < ages else [] for a in range(4)]
    peaceful_pacts = peaceful_pacts and mode == "peaceful"
    military = [military_deck(a, players, mode, peaceful_pacts) if a < ages else []
                for a in range(4)]
    for deck in (*civil, *military):
        rng.shuffle(deck)
    row: list[str | None] = [civil[0].pop() for _ in range(ROW_SIZE)]
    age_a = military[0]
    n = CURRENT_EVENTS[players]
    current_events = age_a[-n:]
    boxed = age_a[:-n]
    military[0] = []  # nobody ever draws Age A military cards (L267-L269)
    start = rng.below(players)
    st = TtaState(
        players=players,
        rng=0,
        mode=mode,
        global_conflict=global_conflict,
        peaceful_pacts=peaceful_pacts,
        start=start,
        current=start,
        row=row,
        civil_decks=civil,
        military_decks=military,
        military_discards=[[] for _ in range(4)],
        current_events=current_events,
        boxed=boxed,
        civs=[new_civ() for _ in range(players)],
        answered=[0] * players,
    )
    for seat in range(players):
        civ = st.civs[seat]
        order = (seat - start) % players
        # first round: only 1, 2, 3, 4 civil actions and no military action (L312-L321);
        # the tokens not available are marked spent, so the reset gives them all back
        civ.ca_spent = civil_total(civ) - FIRST_ROUND_CA[order]
        civ.ma_spent = military_total(civ)
    if mode == "short":  # the Age III events dealt and laid out (L2224-L2231)
        short_game.deal(st, rng)
    st.rng = rng.state
    return st
