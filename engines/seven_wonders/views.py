"""What a seat (or the public) may see: builds ``engines.seven_wonders.view.SevenWondersView``.

Never shown: decks, unused guilds, the discard pile's cards (only its size; the
Halikarnassos seat choosing from it gets them in ``private_discard``), cards tucked under
wonder stages, other seats' hands, and anybody's choice before the turn resolves (the
viewer sees its own in ``my_choice``).
"""

from __future__ import annotations

from engines.seven_wonders.costs import card_cost, market, stage_cost
from engines.seven_wonders.facts import CARD, RESOURCE_IDS, SELL_COINS, STAGE, SYMBOL_IDS
from engines.seven_wonders.prompts import prompts, table_key, waiting_for
from engines.seven_wonders.scoring import breakdown, result
from engines.seven_wonders.setup import direction
from engines.seven_wonders.state import SevenWondersState, left_of, right_of
from engines.seven_wonders.trading import TRADE_PRICE
from engines.seven_wonders.turn import CHOSEN
from engines.seven_wonders.view import (
    ChoiceView,
    CityView,
    HandCardView,
    ProductionChoice,
    SevenWondersView,
    StageView,
)


def _resources(mask: int) -> list[str]:
    return [RESOURCE_IDS[i] for i in range(7) if (mask >> i) & 1]


def _prices(disc: int) -> dict[str, int]:
    return {r: 1 if (disc >> i) & 1 else TRADE_PRICE for i, r in enumerate(RESOURCE_IDS)}


def _city(st: SevenWondersState, seat: int, waiting: list[int]) -> CityView:
    board, side = st.board[seat] or None, st.side[seat] or None
    built = len(st.stage_cards[seat])
    stages: list[StageView] = []
    if board and side:
        for i in range(len(STAGE[(board, side)])):
            stages.append(StageView(stage=i + 1, built=i < built,
                                    built_in_age=st.stage_ages[seat][i] if i < built else None))
    choices: list[ProductionChoice] = []
    for card in st.buildings[seat]:
        for mask, tradable in CARD[card].choices:
            choices.append(ProductionChoice(resources=_resources(mask), tradable=tradable,
                                            source=card))
    if board and side:
        for f in STAGE[(board, side)][:built]:
            for mask, tradable in f.choices:
                choices.append(ProductionChoice(resources=_resources(mask), tradable=tradable,
                                                source=f"{board}:{f.stage}"))
    return CityView(
        seat=seat,
        left=left_of(st, seat),
        right=right_of(st, seat),
        board=board,
        side=side,  # type: ignore[arg-type]
        stages=stages,
        stages_built=built,
        buildings=list(st.buildings[seat]),
        coins=st.coins[seat],
        shields=st.shields[seat],
        military_tokens=list(st.tokens[seat]),
        science=dict(zip(SYMBOL_IDS, st.science[seat], strict=True)),
        science_wildcards=st.wildcards[seat],
        production={r: n for r, n in zip(RESOURCE_IDS, st.fixed[seat], strict=True) if n},
        production_choices=choices,
        trade_prices={"left": _prices(st.disc_left[seat]), "right": _prices(st.disc_right[seat])},
        chains=sorted(set(st.chains[seat])),
        hand_size=len(st.hands[seat]) if st.hands else 0,
        choosing=seat in waiting,
        victory_points=breakdown(st, seat)["total"] if board and side else 0,
    )


def _hand(st: SevenWondersState, seat: int) -> list[HandCardView]:
    if st.phase not in ("play", "last_card") or not st.hands[seat]:
        return []
    mk = market(st, seat)
    s_status, s_bank, s_pays = stage_cost(st, seat, mk)
    s_cost = s_bank + s_pays[0][0] + s_pays[0][1] if s_pays else None
    out = []
    for card in st.hands[seat]:
        status, bank, pays = card_cost(st, seat, card, mk)
        out.append(HandCardView(
            card=card,
            build=status,  # type: ignore[arg-type]
            build_cost=bank + pays[0][0] + pays[0][1] if pays else None,
            wonder=s_status,  # type: ignore[arg-type]
            wonder_cost=s_cost,
            sell_coins=SELL_COINS,
        ))
    return out


def build_view(st: SevenWondersState, seat: int | None) -> SevenWondersView:
    waiting = waiting_for(st)
    mine = seat is not None and 0 <= seat < st.players
    my_choice = None
    my_prompt = None
    hand: list[HandCardView] = []
    private_discard: list[str] = []
    if mine:
        assert seat is not None
        choice = st.choice[seat] if st.choice else []
        if len(choice) >= CHOSEN:  # chosen (and maybe picking the payment of a change)
            action, card, left, right, bank = choice[:5]
            my_choice = ChoiceView(action=action, card=card, left=left, right=right, bank=bank)
        for p in prompts(st):
            if p.seat == seat:
                my_prompt = p.kind
        hand = _hand(st, seat)
        if st.phase == "revive" and st.revive_queue[0] == seat:
            private_discard = sorted(st.discard)
    return SevenWondersView(
        seat=seat,
        players=st.players,
        phase=st.phase,  # type: ignore[arg-type]
        age=st.age,
        turn=st.turn,
        direction=direction(st.age),  # type: ignore[arg-type]
        discard_size=len(st.discard),
        waiting_for=waiting,
        boards_offered=list(st.boards_offered),
        cities=[_city(st, s, waiting) for s in range(st.players)],
        hand=hand,
        my_choice=my_choice,
        my_prompt=my_prompt,
        private_discard=private_discard,
        result=result(st),
        table_key=table_key(st),
    )
