"""Whole-game properties over thousands of seeded random games at 3..7 players."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from engines.core.contract import Event, Option, Prompt
from engines.core.rng import Rng
from engines.seven_wonders.catalogue import CARDS, GUILDS, age_cards
from engines.seven_wonders.effects import rebuild_derived
from engines.seven_wonders.state import SevenWondersState, fast_copy
from tests.engines.seven_wonders.sw_helpers import ENGINE

GAMES_PER_COUNT = 1000
DETAILED = 15  # games per player count whose positions are also checked for leaks etc.
OPTIONS = [
    None,
    {"sides": "night"},
    {"sides": "mixed"},
    {"wonders": "choose", "sides": "choose"},
    {"wonders": "choose"},
    {"sides": "choose"},
]
DUMMY = "lumber_yard"


def all_cards(players: int) -> Counter[str]:
    c: Counter[str] = Counter()
    for age in (1, 2, 3):
        c.update(age_cards(age, players))
    c.update(GUILDS)
    return c


def card_places(st: SevenWondersState) -> Counter[str]:
    c: Counter[str] = Counter()
    for deck in st.decks:
        c.update(deck)
    for hand in st.hands:
        c.update(hand)
    for s in range(st.players):
        c.update(st.buildings[s])
        c.update(st.stage_cards[s])
    c.update(st.discard)
    c.update(st.unused_guilds)
    return c


def derived(st: SevenWondersState) -> str:
    d = st.model_dump()
    keys = ("fixed", "choices", "trade_choices", "colors", "shields", "science", "wildcards",
            "disc_left", "disc_right", "free_rules", "last_card")
    out = {k: d[k] for k in keys}
    for k in ("choices", "trade_choices", "free_rules"):  # order of building is irrelevant
        out[k] = [sorted(x) for x in out[k]]
    return json.dumps(out, sort_keys=True)


def check_position(st: SevenWondersState, expected_cards: Counter[str]) -> None:
    assert all(c >= 0 for c in st.coins)
    assert sum(st.coins) == st.bank_out - st.bank_in  # coins are conserved
    assert card_places(st) == expected_cards  # every card in exactly one place
    for s in range(st.players):
        # never two identical buildings: by name (Loom, Glassworks, Press: Ages I and II)
        names = [CARDS[c].name for c in st.buildings[s]]
        assert len(set(names)) == len(names)
    again = fast_copy(st)
    rebuild_derived(again)
    assert derived(again) == derived(st)


def scrambled(st: SevenWondersState, keep: int | None) -> SevenWondersState:
    """The same position with everything ``keep`` may not see replaced by dummies."""
    x = fast_copy(st)
    for s in range(x.players):
        if s != keep:
            x.hands[s] = [DUMMY] * len(x.hands[s])
            ch = x.choice[s]
            if len(ch) == 8:  # chosen, paying for a change
                x.choice[s] = ["sell", DUMMY, 0, 0, 0, "sell", "sell", DUMMY]
            elif len(ch) == 6:
                x.choice[s] = ["sell", DUMMY, 0, 0, 0, "sell"]
            elif len(ch) == 2:
                x.choice[s] = ["sell", DUMMY]
        x.stage_cards[s] = [DUMMY] * len(x.stage_cards[s])
    reviving = x.phase == "revive" and x.revive_queue[0] == keep
    if not reviving:
        x.discard = [DUMMY] * len(x.discard)
    x.decks = [[DUMMY] * len(d) for d in x.decks]
    x.unused_guilds = [DUMMY] * len(x.unused_guilds)
    return x


def check_views(st: SevenWondersState) -> None:
    for seat in [None, *range(st.players)]:
        real = ENGINE.view(st, seat).model_dump(mode="json")
        fake = ENGINE.view(scrambled(st, seat), seat).model_dump(mode="json")
        assert real == fake, seat
        if seat is not None:
            own = {h["card"] for h in real["hand"]}
            assert own == set(st.hands[seat]) if st.phase in ("play", "last_card") else True


def check_events(events: list[Event]) -> None:
    for e in events:
        if e.visible_to is None:
            assert "card" not in e.params or e.kind in ("building_built",), e
        if e.kind == "chosen":
            assert e.visible_to is None and "card" not in e.params


def repeats_the_choice(prompt: Prompt, opt: Option) -> bool:
    """``opt`` of a ``waiting`` prompt is the choice already made, complete as it is (a
    double click: a no-op; one with several payments opens a payment change instead)."""
    return (
        prompt.kind == "waiting"
        and opt.id == f"{prompt.params['action']}:{prompt.params['card']}"
        and (opt.key == "sell" or opt.params.get("payments") == 1)
    )


def play_game(players: int, seed: int, detailed: bool) -> tuple[SevenWondersState, int]:
    options = OPTIONS[seed % len(OPTIONS)]
    st = ENGINE.new_game(players, seed, options)
    expected = all_cards(players)
    rng = Rng.from_seed(seed * 7919 + players)
    log: list[tuple[int, str]] = []
    turns = 0
    while True:
        prompts = ENGINE.prompts(st)
        if not prompts:
            break
        assert len({p.seat for p in prompts}) == len(prompts)
        p = prompts[rng.below(len(prompts))]
        assert p.options
        opt = p.options[rng.below(len(p.options))]
        if repeats_the_choice(p, opt):
            before = ENGINE.dump(st)
            assert ENGINE.apply(st, p.seat, opt.id) == []  # legal, and changes nothing
            assert ENGINE.dump(st) == before
            log.append((p.seat, opt.id))  # a log holding it still replays (checked below)
            continue
        if detailed and rng.below(8) == 0:
            check_views(st)
            before = ENGINE.dump(st)
            new, _ = ENGINE.answer(st, p.seat, opt.id)
            assert ENGINE.dump(st) == before  # answer() leaves its input alone
            loaded = ENGINE.load(ENGINE.dump(st))  # JSON round trip
            assert ENGINE.dump(loaded) == before
            ENGINE.apply(loaded, p.seat, opt.id)
            assert ENGINE.dump(loaded) == ENGINE.dump(new)
        public = ENGINE.view(st, None) if detailed and p.kind == "waiting" else None
        events = ENGINE.apply(st, p.seat, opt.id)
        log.append((p.seat, opt.id))
        if public is not None and len(st.choice[p.seat]) == 8:
            # a chosen seat began a change that needs a payment: the table sees nothing
            assert events == [] and ENGINE.view(st, None) == public
        turns += sum(1 for e in events if e.kind in ("hands_passed", "age_ended"))
        if detailed:
            check_events(events)
            check_position(st, expected)
        elif any(e.kind == "age_ended" for e in events):
            check_position(st, expected)
    check_position(st, expected)
    assert turns == 18 and st.age == 3 and st.phase == "over"
    result = ENGINE.result(st)
    assert result is not None and result.winners
    assert sorted(s.seat for s in result.scores) == list(range(players))
    if detailed:
        replayed = ENGINE.replay(players, seed, options, log)
        assert ENGINE.dump(replayed) == ENGINE.dump(st)
    return st, len(log)


@pytest.mark.slow
@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
def test_random_games_keep_every_invariant(players: int) -> None:
    winners: Counter[int] = Counter()
    for seed in range(GAMES_PER_COUNT):
        st, _ = play_game(players, seed, detailed=seed < DETAILED)
        winners.update(st.winners)
        if seed % 50 == 0:
            check_position(st, all_cards(players))
    assert set(winners) == set(range(players))  # every seat wins sometimes


def test_simulate_cli_summary() -> None:
    from engines.__main__ import simulate

    summary = simulate(ENGINE, 20, 3, 5)
    assert summary["completed"] == 20 and summary["errors"] == 0
    assert summary["victories"] == {"points": 20}
