"""Build Innovation positions directly, and shortcuts for the rule tests."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from engines.core.contract import Event, Prompt
from engines.innovation.catalogue import CARDS, COLORS, SPECIAL_IDS, SPLAYS
from engines.innovation.engine import InnovationEngine
from engines.innovation.facts import AGE, COLOR
from engines.innovation.state import InnovationState

ENGINE = InnovationEngine()


def position(
    players: int = 2,
    *,
    boards: Mapping[int, Sequence[str]] | None = None,
    hands: Mapping[int, Sequence[str]] | None = None,
    scores: Mapping[int, Sequence[str]] | None = None,
    splays: Mapping[int, Mapping[str, str]] | None = None,
    achievements: Mapping[int, Sequence[str]] | None = None,
    supply_top: Mapping[int, Sequence[str]] | None = None,
    empty_ages: Iterable[int] = (),
    specials: Sequence[str] | None = None,
    current: int = 0,
    actions_left: int = 2,
    seed: int = 0,
) -> InnovationState:
    """A position in the play phase.

    ``boards[seat]`` lists cards bottom→top (grouped by colour automatically);
    ``supply_top[age]`` lists the next cards drawn from that pile, first drawn first;
    ``empty_ages`` are emptied (their cards set aside in ``removed``); every other card is
    in the supply (age achievements kept from the deal unless a listed card is one).
    """
    st = ENGINE.new_game(players, seed)
    boards = boards or {}
    hands = hands or {}
    scores = scores or {}
    achievements = achievements or {}
    supply_top = supply_top or {}
    placed: set[str] = set()
    for mapping in (boards, hands, scores, supply_top):
        for cards in mapping.values():
            placed.update(cards)
    for cards in achievements.values():
        placed.update(c for c in cards if c in CARDS)
    # age achievements: keep unless needed elsewhere
    ach: list[str | None] = []
    for age in range(1, 10):
        card = st.age_achievements[age - 1]
        if card in placed:
            card = next(c for c in CARDS if AGE[c] == age and c not in placed)
        ach.append(card)
        placed.add(card)  # type: ignore[arg-type]
    for seat_achs in achievements.values():
        for a in seat_achs:
            if a in CARDS and a in ach:
                ach[ach.index(a)] = None
    st.age_achievements = ach
    supply: list[list[str]] = [[] for _ in range(10)]
    for cid in CARDS:
        if cid not in placed:
            supply[AGE[cid] - 1].append(cid)
    removed: list[str] = []
    for age in empty_ages:
        removed.extend(supply[age - 1])
        supply[age - 1] = []
    for age, cards in supply_top.items():
        supply[age - 1].extend(reversed(cards))  # top = last
    st.supply = supply
    st.removed = removed
    st.hands = [list(hands.get(s, ())) for s in range(players)]
    st.scores = [list(scores.get(s, ())) for s in range(players)]
    st.boards = [[[] for _ in range(5)] for _ in range(players)]
    for s, cards in boards.items():
        for c in cards:
            st.boards[s][COLOR[c]].append(c)
    st.splays = [[0] * 5 for _ in range(players)]
    for s, by_color in (splays or {}).items():
        for color, direction in by_color.items():
            st.splays[s][COLORS.index(color)] = SPLAYS.index(direction)  # type: ignore[arg-type]
    st.achievements = [list(achievements.get(s, ())) for s in range(players)]
    taken = {a for achs in achievements.values() for a in achs}
    st.specials = [x for x in (specials if specials is not None else SPECIAL_IDS)
                   if x not in taken]
    st.initial = [None] * players
    st.phase = "play"
    st.turn = 5
    st.current = current
    st.actions_left = actions_left
    st.tucked = [0] * players
    st.scored = [0] * players
    return st


def prompt(st: InnovationState) -> Prompt:
    prompts = ENGINE.prompts(st)
    assert len(prompts) == 1, prompts
    return prompts[0]


def option_ids(st: InnovationState) -> list[str]:
    return [o.id for o in prompt(st).options]


def answer(st: InnovationState, option: str, seat: int | None = None) -> list[Event]:
    p = prompt(st)
    if seat is not None:
        assert p.seat == seat, (p.seat, seat, p.kind)
    return ENGINE.apply(st, p.seat, option)


def dogma(st: InnovationState, card: str, *answers: str | tuple[int, str],
          seat: int | None = None) -> list[Event]:
    """Activate ``card`` for the current player, confirm, then give ``answers`` (option ids,
    or ``(seat, option id)`` to also check who is asked)."""
    s = st.current if seat is None else seat
    events = ENGINE.apply(st, s, f"dogma:{card}")
    events += ENGINE.apply(st, s, "confirm")
    for a in answers:
        if isinstance(a, tuple):
            events += answer(st, a[1], a[0])
        else:
            events += answer(st, a)
    return events


def asking(st: InnovationState) -> tuple[int, str] | None:
    """(seat, kind) of the open question of a dogma, None when no dogma question is open."""
    if st.question is None:
        return None
    return st.question["seat"], st.question["kind"]


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]


def total_cards(st: InnovationState) -> int:
    n = sum(len(p) for p in st.supply) + len(st.removed)
    n += sum(1 for c in st.age_achievements if c is not None)
    for s in range(st.players):
        n += len(st.hands[s]) + len(st.scores[s]) + sum(len(p) for p in st.boards[s])
        n += sum(1 for a in st.achievements[s] if a in CARDS)
    return n


def top(st: InnovationState, seat: int, color: str) -> str | None:
    pile = st.boards[seat][COLORS.index(color)]  # type: ignore[arg-type]
    return pile[-1] if pile else None


def pile(st: InnovationState, seat: int, color: str) -> list[str]:
    return st.boards[seat][COLORS.index(color)]  # type: ignore[arg-type]
