"""What a seat (or the public) may see: builds ``engines.duel.view.DuelView``.

Never shown: face-down structure cards, the prepared decks of later Ages, the 3 cards per
Age removed at setup, unused guilds, wonders not (yet) revealed in the draft or returned
by the 7-wonder limit, the set-aside progress tokens; the Library's drawn tokens only to
the seat choosing among them.
"""

from __future__ import annotations

from engines.duel.catalogue import LAYOUTS
from engines.duel.facts import (
    CARD,
    COVERED_BY,
    RESOURCE_IDS,
    SYMBOL_IDS,
    WONDER,
)
from engines.duel.prompts import prompts, table_key
from engines.duel.scoring import breakdown, result
from engines.duel.state import DuelState
from engines.duel.trading import prices
from engines.duel.view import DuelView, PlayerView, SlotView, WonderView

_RAW = ["wood", "clay", "stone"]
_GOODS = ["glass", "papyrus"]


def _structure(st: DuelState) -> list[SlotView]:
    if st.age < 1 or not st.structure:
        return []
    layout = LAYOUTS[st.age]
    covered_by = COVERED_BY[st.age]
    out = []
    for s in layout.slots:
        card = st.structure[s.slot]
        taken = card is None
        if taken:
            back = f"age{st.age}"
        else:
            back = "guild" if CARD[card].deck == "guild" else f"age{st.age}"  # type: ignore[index]
        accessible = not taken and all(st.structure[c] is None for c in covered_by[s.slot])
        out.append(
            SlotView(
                slot=s.slot,
                row=s.row,
                col=s.col,
                card=card if (not taken and st.face_up[s.slot]) else None,
                back=back,  # type: ignore[arg-type]
                taken=taken,
                accessible=accessible,
            )
        )
    return out


def _player(st: DuelState, seat: int) -> PlayerView:
    built = st.wonder_cards[seat]
    flexible: list[list[str]] = []
    for card in st.buildings[seat]:
        f = CARD[card]
        flexible += [_RAW] * f.flex_raw + [_GOODS] * f.flex_man
    for w in built:
        f2 = WONDER[w]
        flexible += [_RAW] * f2.flex_raw + [_GOODS] * f2.flex_man
    price = prices(st, seat)
    mask = st.fixed_mask[seat]
    return PlayerView(
        seat=seat,
        coins=st.coins[seat],
        buildings=list(st.buildings[seat]),
        wonders=[
            WonderView(id=w, built=w in built,
                       built_with_age=CARD[built[w]].age if w in built else None)
            for w in st.wonders[seat]
        ],
        progress_tokens=list(st.tokens[seat]),
        science={SYMBOL_IDS[i]: n for i, n in enumerate(st.science[seat]) if n},
        production={RESOURCE_IDS[i]: n for i, n in enumerate(st.production[seat]) if n},
        flexible_production=[list(x) for x in flexible],
        fixed_prices=[RESOURCE_IDS[i] for i in range(5) if mask >> i & 1],
        trade_prices={RESOURCE_IDS[i]: price[i] for i in range(5)},
        chains=list(st.chains[seat]),
        victory_points=breakdown(st, seat)["total"],
    )


def build_view(st: DuelState, seat: int | None) -> DuelView:
    open_prompts = prompts(st)
    prompt = open_prompts[0] if open_prompts else None
    offer: list[str] = []
    if (
        seat is not None
        and st.pending
        and st.pending[0][0] == "great_library"
        and st.pending[0][1] == seat
    ):
        offer = list(st.library_offer)
    return DuelView(
        seat=seat,
        phase=st.phase,  # type: ignore[arg-type]
        age=st.age,
        active_seat=prompt.seat if prompt else None,
        prompt_kind=prompt.kind if prompt else None,
        first_player=st.first_player,
        structure=_structure(st),
        military_position=st.military,
        military_tokens=list(st.military_tokens),
        progress_tokens=list(st.board_tokens),
        wonder_offer=list(st.wonder_offer) if st.phase == "draft" else [],
        discard=list(st.discard),
        wonders_built=len(st.wonder_cards[0]) + len(st.wonder_cards[1]),
        players=[_player(st, 0), _player(st, 1)],
        private_token_offer=offer,
        result=result(st),
        table_key=table_key(st),
    )
