"""Final scoring (rulebook "遊戲結束" / "統計得分") and the result.

Categories (the breakdown's key order; the book's 統計得分 lists them wonders, coins,
military, blue, yellow, green, purple): ``military`` (conflict tokens), ``coins`` (1 VP per 3
coins), ``wonders`` (VP of the built stages), ``blue``, ``yellow`` (end-of-game VP of
yellow cards), ``green`` (science, wildcards chosen optimally), ``purple`` (guilds; the
Scientists Guild's symbol counts in ``green``). Highest total wins; a tie goes to the
most coins; a tie on both shares the victory.
"""

from __future__ import annotations

from engines.core.contract import GameResult, SeatScore
from engines.seven_wonders.effects import count, stages_total
from engines.seven_wonders.facts import BLUE, CARD, PURPLE, STAGE, YELLOW
from engines.seven_wonders.military import military_points
from engines.seven_wonders.science import science_score
from engines.seven_wonders.state import SevenWondersState

CATEGORIES = ("military", "coins", "wonders", "blue", "yellow", "green", "purple")


def breakdown(st: SevenWondersState, seat: int) -> dict[str, int]:
    out = dict.fromkeys(CATEGORIES, 0)
    out["military"] = military_points(st, seat)
    out["coins"] = st.coins[seat] // 3
    if st.board[seat] and st.side[seat]:
        stages = STAGE[(st.board[seat], st.side[seat])]
        out["wonders"] = sum(stages[i].vp for i in range(len(st.stage_cards[seat])))
    complete = bool(st.side[seat]) and len(st.stage_cards[seat]) == stages_total(st, seat)
    for card in st.buildings[seat]:
        f = CARD[card]
        if f.color == BLUE:
            out["blue"] += f.vp
        elif f.color == YELLOW:
            out["yellow"] += sum(count(st, seat, rule) for rule in f.vp_per)
        elif f.color == PURPLE:
            out["purple"] += sum(count(st, seat, rule) for rule in f.vp_per)
            if f.decorators and complete:
                out["purple"] += f.decorators
    out["green"] = science_score(st.science[seat], st.wildcards[seat])
    out["total"] = sum(out[c] for c in CATEGORIES)
    return out


def _keys(st: SevenWondersState, scores: list[dict[str, int]]) -> list[tuple[int, int]]:
    """Ranking keys: total, then coins (the tie-break)."""
    return [(scores[s]["total"], st.coins[s]) for s in range(st.players)]


def ranking(st: SevenWondersState) -> list[SeatScore]:
    scores = [breakdown(st, s) for s in range(st.players)]
    keys = _keys(st, scores)
    return [
        SeatScore(seat=s, total=scores[s]["total"], breakdown=scores[s],
                  rank=1 + sum(1 for k in keys if k > keys[s]))
        for s in range(st.players)
    ]


def winners(st: SevenWondersState) -> list[int]:
    """Seats with the best total, ties broken by coins; a full tie shares the victory."""
    keys = _keys(st, [breakdown(st, s) for s in range(st.players)])
    best = max(keys)
    return [s for s in range(st.players) if keys[s] == best]


def result(st: SevenWondersState) -> GameResult | None:
    if st.phase != "over":
        return None
    return GameResult(victory="points", winners=list(st.winners), scores=ranking(st))
