"""Score, the three ways the game ends, and the result (rulebook 遊戲結束)."""

from __future__ import annotations

from engines.core.contract import GameResult, SeatScore
from engines.innovation.catalogue import ACHIEVEMENTS_TO_WIN
from engines.innovation.context import Ctx, GameOver
from engines.innovation.facts import AGE
from engines.innovation.state import InnovationState

_AGE_OF = AGE.__getitem__


def score_total(st: InnovationState, seat: int) -> int:
    return sum(map(_AGE_OF, st.scores[seat]))


def finish(g: Ctx, victory: str, winners: list[int]) -> None:
    """End the game now (raises ``GameOver``)."""
    st = g.st
    st.phase = "over"
    st.victory = victory
    st.winners = sorted(winners)
    st.question = None
    st.confirm = None
    st.preview = None
    g.emit("game_over", None, {"victory": victory, "winners": st.winners})
    raise GameOver()


def end_by_score(g: Ctx) -> None:
    """A draw above age 10 (or "the game ends"): most points, then most achievements."""
    st = g.st
    seats = range(st.players)
    best = max(score_total(st, s) for s in seats)
    tied = [s for s in seats if score_total(st, s) == best]
    most = max(len(st.achievements[s]) for s in tied)
    finish(g, "score", [s for s in tied if len(st.achievements[s]) == most])


def check_achievement_victory(g: Ctx, seat: int) -> None:
    if len(g.st.achievements[seat]) >= ACHIEVEMENTS_TO_WIN[g.st.players]:
        finish(g, "achievements", [seat])


def win(g: Ctx, seat: int) -> None:
    """A dogma's "you win"."""
    finish(g, "dogma", [seat])


def result(st: InnovationState) -> GameResult | None:
    if st.phase != "over" or st.victory is None:
        return None
    winners = st.winners
    scores = []
    for s in range(st.players):
        total = score_total(st, s)
        scores.append(SeatScore(
            seat=s, total=total,
            breakdown={"score": total, "achievements": len(st.achievements[s]),
                       "cards_in_score_pile": len(st.scores[s])},
            rank=1 if s in winners else 2,
        ))
    others = sorted({(sc.total, len(st.achievements[sc.seat])) for sc in scores
                     if sc.seat not in winners}, reverse=True)
    for sc in scores:
        if sc.seat not in winners:
            sc.rank = 2 + others.index((sc.total, len(st.achievements[sc.seat])))
    return GameResult(victory=st.victory, winners=list(winners), scores=scores)
