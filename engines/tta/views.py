"""``TtaView`` per seat (see ``view.py`` for what is hidden)."""

from __future__ import annotations

from engines.tta import economy, interrupts, tokens
from engines.tta.facts import AGE, KIND, SUBTYPE
from engines.tta.ratings import (
    civil_left,
    civil_total,
    formed_armies,
    military_left,
    military_total,
    ratings,
    urban_limit,
)
from engines.tta.scoring import result
from engines.tta.state import Civ, TtaState
from engines.tta.view import ArmyView, PactView, PlayerView, TechView, TtaView, WarView


def _armies(civ: Civ) -> list[ArmyView]:
    """The armies ``ratings.army_bonus`` counts, each unit named by its technology in play."""
    if civ.tactic is None:
        return []
    card = {(SUBTYPE[t], AGE[t]): t for t, n in civ.workers.items() if n and KIND[t] == "unit"}
    air = next((c for (kind, _), c in card.items() if kind == "air_force"), None)
    _, formed = formed_armies(civ)  # the same armies as the rating (air forces, Genghis)
    return [ArmyView(units=[card[u] for u in a.units], obsolete=a.obsolete, bonus=a.bonus,
                     air_force=air if a.air_forces else None)
            for a in formed]


def _player(st: TtaState, p: int, seat: int | None) -> PlayerView:
    civ = st.civs[p]
    techs = [TechView(card=t, workers=civ.workers.get(t), blue=civ.blue.get(t))
             for t in civ.techs]
    rated = ratings(civ)
    return PlayerView(
        seat=p, government=civ.government, leader=civ.leader, techs=techs,
        wonders=list(civ.wonders), wonder=civ.wonder, wonder_stages=civ.stages,
        colonies=list(civ.colonies), tactic=civ.tactic,
        tactic_exclusive=civ.tactic_exclusive, yellow_bank=civ.yellow_bank,
        unused_workers=civ.pool, blue_bank=civ.blue_bank, food=tokens.food(civ),
        resources=tokens.resources(civ), culture=civ.culture, science=civ.science,
        ratings=rated, happy_required=economy.happiness_needed(civ.yellow_bank),
        consumption=economy.consumption(civ.yellow_bank),
        discontent=economy.discontent(civ.yellow_bank, rated[4]),
        civil_actions=civil_total(civ), civil_left=civil_left(civ),
        military_actions=military_total(civ), military_left=military_left(civ),
        urban_limit=urban_limit(civ), hand=list(civ.hand),
        military_count=len(civ.military), military_ages=sorted(AGE[c] for c in civ.military),
        military=list(civ.military) if seat == p else None, armies=_armies(civ),
        resigned=civ.resigned,
        # the short game's dealt events: nobody sees them before Age I ends (L2228)
        short_events=list(civ.short_events) if seat == p and st.age >= 2 else None,
        short_events_count=len(civ.short_events),
    )


def build_view(st: TtaState, seat: int | None) -> TtaView:
    age = min(st.age, 3)
    return TtaView(
        seat=seat, players_count=st.players, mode=st.mode, phase=st.phase, step=st.step,
        round=st.round, age=st.age, start=st.start,
        current=st.current if st.phase == "play" else None, last_round=st.last_round,
        row=list(st.row), civil_deck=len(st.civil_decks[age]),
        military_deck=len(st.military_decks[age]),
        military_discards=len(st.military_discards[age]),
        current_events=[AGE[c] for c in reversed(st.current_events)],
        future_events=sorted(AGE[c] for c in st.future_events),
        my_future_events=[c for c, o in zip(st.future_events, st.future_owners, strict=True)
                          if o == seat],
        past_events=list(st.past_events), common_tactics=list(st.common_tactics),
        removed_count=len(st.removed),
        players=[_player(st, p, seat) for p in range(st.players)],
        result=result(st),
        revealed=st.revealed,
        asked=[p.seat for p in interrupts.prompts(st)] if st.interrupt is not None else [],
        wars=[WarView(card=w["card"], attacker=w["attacker"], defender=w["defender"])
              for w in st.wars],
        pacts=[PactView(card=p["card"], owner=p["owner"], partner=p["partner"],
                        owner_side=p["owner_side"]) for p in st.pacts],
        short_face_up=list(st.short_face_up), short_war=st.short_war,
        table_key=table_key(st),
    )


def table_key(st: TtaState) -> str:
    """``TtaView.table_key``: ``"<round>:<current>"``, ``"over:<round>"`` (README "Pacing")."""
    return f"{st.round}:{st.current}" if st.phase == "play" else f"over:{st.round}"

