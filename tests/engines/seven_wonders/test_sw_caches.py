"""Every cached figure equals a cache-free recomputation, after every answer of random games.

What is cached (README "Speed"): the options of each seat's hand and its prompts, per
position (``state.cache``, dropped whenever ``state.step`` moves: every mutation of a city
or a hand bumps it, and a seat's choice is replaced, never mutated, so prompts built from it
are recognised by identity); the least cost and the payments of a cost per trading
situation (``trading``'s memos, keyed by the situation's value, so never stale). Here the
engine's answers are compared, after every answer, with a fresh copy of the state (empty
``state.cache``) and the process-wide memos emptied, and with the reference rules of
``costs.py`` (``card_cost`` / ``stage_cost``, all payments listed).
"""

from __future__ import annotations

import pytest

from engines.core.contract import Option, Prompt
from engines.core.playout import Draws, playout
from engines.core.rng import Rng
from engines.seven_wonders import trading
from engines.seven_wonders.costs import card_cost, stage_cost
from engines.seven_wonders.prompts import action_payments, hand_options
from engines.seven_wonders.state import SevenWondersState, fast_copy
from tests.engines.seven_wonders.sw_helpers import ENGINE


def dumped(prompts: list[Prompt]) -> list[dict[str, object]]:
    return [p.model_dump(mode="json") for p in prompts]


def fresh_prompts(st: SevenWondersState) -> list[dict[str, object]]:
    """The prompts of a copy with no cache at all (the memos emptied too)."""
    trading.clear_cache()
    return dumped(ENGINE.prompts(fast_copy(st)))


def check(st: SevenWondersState, prompts: list[Prompt], prompt: Prompt,
          option: Option) -> None:
    assert dumped(prompts) == fresh_prompts(st)
    assert dumped(ENGINE.prompts(st)) == dumped(prompts)  # cached: the same again
    if st.phase != "play":
        return
    for seat in range(st.players):
        opts, info = hand_options(st, seat)
        for opt in opts:
            if opt.key not in ("build", "wonder"):
                continue
            action, card = opt.key, opt.card
            assert card is not None
            status, bank, pays = (card_cost(st, seat, card) if action == "build"
                                  else stage_cost(st, seat))
            assert pays, (seat, opt.id, status)
            assert info[opt.id][3] == bank
            assert opt.cost == bank + pays[0][0] + pays[0][1]
            assert action_payments(st, seat, action, card) == pays
        for card in st.hands[seat]:  # and nothing payable is left out
            assert (f"build:{card}" in info) == bool(card_cost(st, seat, card)[2])
            assert (f"wonder:{card}" in info) == bool(stage_cost(st, seat)[2])


def anything(prompts: list[Prompt], draws: Draws,
             avoid: frozenset[str] = frozenset()) -> tuple[Prompt, Option]:
    """Any prompt, any option (``undo`` included): every path through the caches."""
    p = prompts[draws.below(len(prompts))]
    return p, p.options[draws.below(len(p.options))]


@pytest.mark.parametrize("players", [3, 4, 7])
def test_cached_figures_equal_a_recomputation_after_every_answer(players: int) -> None:
    for seed in range(3):
        playout(ENGINE, players, 500 + seed, Rng.from_seed(seed), choose=anything,
                options={"sides": "mixed"}, inspect=check)
