"""``InnovationView`` per seat: what each seat may see (see ``view.py``)."""

from __future__ import annotations

from engines.innovation.catalogue import ACHIEVEMENTS_TO_WIN, COLORS, ICONS, SPLAYS
from engines.innovation.facts import AGE, COVERED_ICONS
from engines.innovation.icons import fresh_icon_counts
from engines.innovation.prompts import table_key
from engines.innovation.scoring import result, score_total
from engines.innovation.state import InnovationState
from engines.innovation.view import (
    AchievementView,
    DogmaView,
    InnovationView,
    PendingView,
    PileView,
    PlayerView,
)


def _achievement(item: str) -> AchievementView:
    if item in AGE:
        return AchievementView(id=f"age_{AGE[item]}", kind="age", age=AGE[item])
    return AchievementView(id=item, kind="special")


def _player(st: InnovationState, p: int, seat: int | None) -> PlayerView:
    own = seat == p
    over = st.phase == "over"
    piles = []
    for color, pile in enumerate(st.boards[p]):
        splay = st.splays[p][color]
        covered = COVERED_ICONS[splay]
        piles.append(PileView(
            color=COLORS[color],
            splay=SPLAYS[splay],  # type: ignore[arg-type]
            count=len(pile),
            top=pile[-1] if pile else None,
            covered_icons=[[ICONS[i] for i in covered[c]] for c in reversed(pile[:-1])],
            cards=list(pile) if own else None,
        ))
    counts = fresh_icon_counts(st, p)  # views are for people: counted afresh
    initial = st.initial[p] if st.phase == "setup" else None
    return PlayerView(
        seat=p,
        piles=piles,
        icons={ICONS[i]: counts[i] for i in range(6)},
        hand_count=len(st.hands[p]),
        hand_ages=sorted(AGE[c] for c in st.hands[p]),
        hand=sorted(st.hands[p], key=lambda c: (AGE[c], c)) if own else None,
        score_count=len(st.scores[p]),
        score_ages=sorted(AGE[c] for c in st.scores[p]),
        score=sorted(st.scores[p], key=lambda c: (AGE[c], c)) if own else None,
        score_total=score_total(st, p) if own or over else None,
        achievements=[_achievement(a) for a in st.achievements[p]],
        initial_choice=initial if own else None,
        has_chosen=initial is not None,
    )


def build_view(st: InnovationState, seat: int | None) -> InnovationView:
    pending = None
    if st.phase == "setup":
        pending = PendingView(seats=[s for s in range(st.players) if st.initial[s] is None],
                              kind="initial_meld")
    elif st.phase == "play":
        q = st.question
        if q is not None:
            params = dict(q["params"]) if (not q["private"] or seat == q["seat"]) else {}
            pending = PendingView(seats=[q["seat"]], kind=q["kind"], params=params)
        elif st.confirm is not None:
            pending = PendingView(seats=[st.current], kind="dogma_confirm",
                                  params={"card": st.confirm})
        else:
            pending = PendingView(seats=[st.current], kind="turn",
                                  params={"actions_left": st.actions_left})
    dogma = None
    if st.dogma is not None and st.phase == "play":
        d = st.dogma
        dogma = DogmaView(card=d["card"], seat=d["seat"], effect=d["effect"],
                          executing=d["executing"], sharers=d["sharers"],
                          demanded=d["demanded"])
    return InnovationView(
        seat=seat,
        players_count=st.players,
        phase=st.phase,  # type: ignore[arg-type]
        turn=st.turn,
        current=st.current if st.phase == "play" else None,
        actions_left=st.actions_left,
        first_player=st.first_player if st.phase != "setup" else None,
        supply=[len(p) for p in st.supply],
        age_achievements=[a + 1 for a, c in enumerate(st.age_achievements) if c is not None],
        special_achievements=list(st.specials),
        achievements_to_win=ACHIEVEMENTS_TO_WIN[st.players],
        players=[_player(st, p, seat) for p in range(st.players)],
        removed_count=len(st.removed),
        pending=pending,
        dogma=dogma,
        result=result(st),
        table_key=table_key(st),
    )
