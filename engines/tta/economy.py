"""Through the Ages (2015): the token economy and the end-of-turn numbers, as pure functions.

Everything here takes plain numbers (ints and tuples of ints, one entry per farm or mine
card of one kind) and returns plain numbers, so the state model can call it on the hot path
and the tests can check it against brute force. Book = ``shared/rules/002_226be1480c28be9b.txt``
(``L…`` are its lines); PB = ``shared/reference/tta/player_board.json``; C1-C12 are the open
rulings of the scope (``shared/tta/scope.md`` §33).

API change from the brief (listed as the brief asks): ``pay`` takes the blue bank as a fourth
argument, ``pay(values, tokens, amount, bank)``. Making change takes tokens from the bank
(L1102, L1108), so whether an exact payment exists depends on it (PB ``blue_bank.rules[1]``:
overpay only when exact payment is impossible, e.g. an empty bank and a single 3-token for a
cost of 1). ``population_cost`` returns ``None`` for an empty yellow bank (L681: no increase).

Public:

* bank tables (PB ``yellow_bank.table``, ``blue_bank.table``, read from
  ``engines/tta/data/board.json``): ``population_cost``, ``consumption``,
  ``happiness_needed``, ``corruption``; ``discontent``, ``uprising``;
* tokens on cards: ``total``, ``pay``, ``payment_value`` (the legality checker),
  ``gain``, ``production``, ``lose_tokens``;
* the production phase of the end of turn in the 2015 order: ``end_of_turn`` ->
  ``EndOfTurn``.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import lru_cache
from itertools import accumulate
from pathlib import Path
from typing import NamedTuple

Vec = tuple[int, ...]

_BOARD = json.loads((Path(__file__).parent / "data" / "board.json").read_text(encoding="utf-8"))

#: yellow bank squares (L92) and blue bank squares (L80)
YELLOW_CAPACITY: int = _BOARD["yellow_bank"]["capacity"]
BLUE_CAPACITY: int = _BOARD["blue_bank"]["capacity"]
#: culture lost per missing food at consumption (L1748, L1758; not "4 workers", A2)
CULTURE_PER_MISSING_FOOD: int = _BOARD["end_of_turn"]["hunger_culture_per_missing_food"]
#: the happiness rating never exceeds 8 (L887-L893)
MAX_HAPPINESS = 8

_Y_ROWS = _BOARD["yellow_bank"]["table"]
_B_ROWS = _BOARD["blue_bank"]["table"]
_POPULATION_COST: tuple[int | None, ...] = tuple(r["population_cost"] for r in _Y_ROWS)
_CONSUMPTION: Vec = tuple(r["consumption"] for r in _Y_ROWS)
_HAPPY_NEEDED: Vec = tuple(r["happy_required"] for r in _Y_ROWS)
_CORRUPTION: Vec = tuple(r["corruption"] for r in _B_ROWS)
if len(_CONSUMPTION) != YELLOW_CAPACITY + 1 or len(_CORRUPTION) != BLUE_CAPACITY + 1:
    raise ValueError("board.json: one bank row per token count 0..capacity")


# -- bank tables ------------------------------------------------------------------------


def _yellow_row(yellow_left: int) -> int:
    """Row of the yellow table; more than 18 tokens (colonies) read as 18 (README #7, PB
    ``yellow_bank.rules[4]``)."""
    if yellow_left < 0:
        raise ValueError(f"yellow bank cannot hold {yellow_left} tokens")
    return min(yellow_left, YELLOW_CAPACITY)


def population_cost(yellow_left: int) -> int | None:
    """Food to increase population with ``yellow_left`` tokens in the yellow bank: the number
    under the section of the rightmost token (L655-L661, L677); ``None`` when the bank is
    empty and the population cannot grow (L681)."""
    return _POPULATION_COST[_yellow_row(yellow_left)]


def consumption(yellow_left: int) -> int:
    """Food eaten at the end of turn: the leftmost uncovered negative number of the yellow
    bank, 0 while all are covered (L1742-L1750)."""
    return _CONSUMPTION[_yellow_row(yellow_left)]


def happiness_needed(yellow_left: int) -> int:
    """Happy faces needed: the number over the leftmost completely empty subsection of the
    yellow bank; partly emptied subsections do not count (L1624-L1628, L1636)."""
    return _HAPPY_NEEDED[_yellow_row(yellow_left)]


def corruption(blue_left: int) -> int:
    """Resources lost to corruption: the leftmost uncovered negative number of the blue bank,
    none with 11 or more tokens (L1714-L1722). A bank above 16 (Civil Service, Taj Mahal
    …) has no uncovered number either."""
    if blue_left < 0:
        raise ValueError(f"blue bank cannot hold {blue_left} tokens")
    return _CORRUPTION[min(blue_left, BLUE_CAPACITY)]


def discontent(yellow_left: int, happiness: int) -> int:
    """Discontent workers = faces needed − happiness rating, never below 0; the rating is the
    net faces clamped to 0..8 (L887-L893, L1624-L1628, PB ``yellow_bank.rules[2-3]``)."""
    return max(0, happiness_needed(yellow_left) - min(max(happiness, 0), MAX_HAPPINESS))


def uprising(yellow_left: int, happiness: int, unused_workers: int) -> bool:
    """An uprising happens when discontent workers outnumber unused workers (L1630,
    L1654, L1702); the unused worker marking a discontent one is still unused (L1654)."""
    return discontent(yellow_left, happiness) > unused_workers


# -- tokens on cards ----------------------------------------------------------------------


def total(values: Vec, tokens: Vec) -> int:
    """Food (farms) or resources (mines) stored: each blue token is worth its card's value,
    with or without workers on the card (L1084-L1092, L1106)."""
    return sum(v * t for v, t in zip(values, tokens, strict=True))


def _check(values: Vec, tokens: Vec) -> None:
    if len(values) != len(tokens):
        raise ValueError("one token count per card")
    if any(v < 1 for v in values) or any(t < 0 for t in tokens):
        raise ValueError(f"bad card values {values} or token counts {tokens}")


def _order(values: Vec) -> Vec:
    """Card indexes from the highest value down (ties by position)."""
    return tuple(sorted(range(len(values)), key=lambda i: (-values[i], i)))


@lru_cache(maxsize=1 << 16)
def _packs(items: Vec, bins: Vec) -> bool:
    """Whether the new tokens (``items``, their values, largest first) fit into the broken
    tokens (``bins``, their remaining values, sorted): each higher-value token may be changed
    into lower-value tokens worth at most as much (L1096, L1112-L1114)."""
    if not items:
        return True
    if not bins or items[0] > bins[-1]:
        return False
    if sum(items) > sum(bins):
        return False
    first, rest = items[0], items[1:]
    tried: set[int] = set()
    for k, cap in enumerate(bins):
        if cap < first or cap in tried:
            continue
        tried.add(cap)
        left = cap - first
        new_bins = bins[:k] + bins[k + 1:]
        if left >= (rest[-1] if rest else 1):
            new_bins = tuple(sorted((*new_bins, left)))
        if _packs(rest, new_bins):
            return True
    return False


def payment_value(values: Vec, tokens: Vec, after: Vec, bank: int) -> int | None:
    """What going from ``tokens`` to ``after`` pays, or ``None`` when the rules do not allow
    it: tokens are returned to the bank, a token may be exchanged for lower-value tokens worth
    at most as much, by moving it down or through the bank (L1096-L1110, L1777), never for a
    higher-value token (L1112-L1116, L1778); the bank must hold the tokens taken as change.
    The engine's legality checker for the book's moves (worked example X18)."""
    _check(values, tokens)
    _check(values, after)
    if bank + sum(tokens) - sum(after) < 0:
        return None
    items: list[int] = []
    bins: list[int] = []
    for v, t, a in zip(values, tokens, after, strict=True):
        if a > t:
            items += [v] * (a - t)
        elif t > a:
            bins += [v] * (t - a)
    if not _packs(tuple(sorted(items, reverse=True)), tuple(sorted(bins))):
        return None
    return total(values, tokens) - total(values, after)


def _fewest(values: Vec, worth: int, most: int, room: Vec | None = None,
            accept: Callable[[Vec], bool] | None = None) -> Vec | None:
    """Token counts per card worth exactly ``worth``, at most ``most`` tokens: the fewest,
    ties with the most on the higher-value cards; ``None`` if there is none.

    ``room[k]``: the most value the ``k+1`` highest-value cards may hold (value only moves
    down, L1112-L1114); ``accept``: a last check of a candidate (``payment_value``).
    Branch and bound from the highest value down, each count tried from the largest, so the
    first layout found with a token count is the preferred one; a branch stops when even its
    best case needs as many tokens as the best found so far."""
    order = _order(values)
    n = len(order)
    if not n:
        return () if worth == 0 else None
    cur = [0] * n
    best: list[int] | None = None
    best_n = most + 1

    def rec(pos: int, left: int, count: int) -> None:
        nonlocal best, best_n
        i = order[pos]
        v = values[i]
        if pos == n - 1:
            if left % v == 0 and count + left // v < best_n:
                cur[i] = left // v
                if accept is None or accept(tuple(cur)):
                    best, best_n = cur.copy(), count + left // v
                cur[i] = 0
            return
        nxt = values[order[pos + 1]]
        top = left if room is None else min(left, room[pos] - (worth - left))
        for c in range(top // v, -1, -1):
            rest = left - c * v
            if count + c + -(-rest // nxt) >= best_n:
                break  # fewer here only needs more tokens below
            cur[i] = c
            rec(pos + 1, rest, count + c)
        cur[i] = 0

    rec(0, worth, 0)
    return None if best is None else tuple(best)


@lru_cache(maxsize=1 << 16)
def _pay(values: Vec, tokens: Vec, amount: int, bank: int) -> tuple[Vec, int] | None:
    stored = total(values, tokens)
    if amount <= 0:
        return tokens, 0
    if stored < amount:
        return None
    room = tuple(accumulate(values[i] * tokens[i] for i in _order(values)))

    def reachable(after: Vec) -> bool:
        return payment_value(values, tokens, after, bank) is not None

    for worth in range(stored - amount, -1, -1):  # exact first, then the least overpaid
        after = _fewest(values, worth, sum(tokens) + bank, room, reachable)
        if after is not None:
            return after, sum(tokens) - sum(after)
    raise AssertionError("returning every token is always a payment")  # pragma: no cover


def pay(values: Vec, tokens: Vec, amount: int, bank: int) -> tuple[Vec, int] | None:
    """The canonical payment of ``amount`` food (farms) or resources (mines).

    ``values``: each card's value per token (1, 2, 3, 5 by level: its ``per_worker`` output);
    ``tokens``: blue tokens on each card; ``bank``: tokens in the blue bank (change is taken
    from it, L1102, L1108). Returns the tokens left on each card and the number of tokens
    returned to the bank (negative when the change took more than was returned), or ``None``
    when the cards hold less than ``amount``.

    The plan (``platform.md`` §4.4): exact payment when possible, overpaying as little as
    possible only when it is not (PB ``blue_bank.rules[1]``); then the fewest tokens left on
    cards (the most in the bank: less corruption, room for gains); ties keep tokens on the
    higher-value cards; change is made by moving value down, never up (L1090-L1116). Exact:
    a branch and bound over the layouts of the value left, each checked by
    ``payment_value``; memoised.
    """
    _check(values, tokens)
    return _pay(tuple(values), tuple(tokens), amount, max(bank, 0))


@lru_cache(maxsize=1 << 14)
def _gain(values: Vec, amount: int, bank: int) -> Vec:
    for worth in range(amount, 0, -1):  # all of it, else the best sum that fits
        add = _fewest(values, worth, bank)
        if add is not None:
            return add
    return (0,) * len(values)


def gain(values: Vec, tokens: Vec, amount: int, bank: int) -> tuple[Vec, int]:
    """Gain ``amount`` food or resources: tokens move from the bank onto the cards, with or
    without workers, never by moving tokens up (L1220-L1228). The plan (``platform.md``
    §4.4): the highest value not above ``amount`` (all of it when possible; only what fits
    when the bank is short, PB ``blue_bank.rules[2]``), with the fewest tokens, ties on the
    higher-value cards. Returns the new tokens per card and the number taken from the bank."""
    _check(values, tokens)
    if amount <= 0 or bank <= 0:
        return tuple(tokens), 0
    add = _gain(tuple(values), amount, bank)
    return tuple(t + a for t, a in zip(tokens, add, strict=True)), sum(add)


def production(workers: Vec, values: Vec, bank: int) -> Vec:
    """Tokens produced on each card: one per worker on it, from the blue bank (L490, L502,
    L1740, L1766, L1772). When the bank cannot cover every worker the highest-value (highest
    level) cards produce first (ruling C2, ptarjan RULES_SPEC 6.6 citing the Code of Laws)."""
    if len(workers) != len(values) or any(w < 0 for w in workers):
        raise ValueError(f"bad workers {workers} for cards {values}")
    left = max(bank, 0)
    if sum(workers) <= left:
        return tuple(workers)
    out = [0] * len(values)
    for i in _order(values):
        out[i] = min(workers[i], left)
        left -= out[i]
    return tuple(out)


def lose_tokens(values: Vec, tokens: Vec, count: int) -> Vec:
    """Blue tokens leaving the game when the bank is empty (a card with a blue symbol leaves
    play, Civil Unrest, Crime Wave; L1454-L1458) come from the cards, lowest value first
    (ruling C3, ptarjan RULES_SPEC 6.5); only what the cards hold is lost."""
    _check(values, tokens)
    out = list(tokens)
    for i in reversed(_order(values)):
        take = min(out[i], max(count, 0))
        out[i] -= take
        count -= take
    return tuple(out)


# -- the end of turn ----------------------------------------------------------------------


class EndOfTurn(NamedTuple):
    """What the uprising check and the production phase did (L1700-L1766), for the state and
    the end-turn warnings. Amounts are food / resources (value), not tokens."""

    uprising: bool  # production phase skipped (L1702); nothing below changed
    discontent: int
    science: int  # science points after scoring the rating (L1706-L1712)
    culture: int  # culture points after the rating and famine, never below 0
    corruption: int  # the corruption due (L1720)
    corruption_resources: int  # resources actually lost to it
    corruption_food: int  # food lost for the resources missing (L1730)
    food_produced: int
    consumption: int  # food due (L1750)
    food_missing: int  # consumption not paid
    famine_culture: int  # culture lost: 4 per missing food (L1758), before the 0 floor
    resources_produced: int  # mines and ``extra_resources``
    farm_tokens: Vec
    mine_tokens: Vec
    blue_bank: int


def _pay_or_all(values: Vec, tokens: Vec, amount: int, bank: int) -> tuple[Vec, int, int]:
    """Pay ``amount`` if the cards hold it, else return every token. Returns (tokens left,
    new bank, value paid)."""
    paid = pay(values, tokens, amount, bank)
    if paid is None:
        return (0,) * len(tokens), bank + sum(tokens), total(values, tokens)
    after, back = paid
    return after, bank + back, total(values, tokens) - total(values, after)


def end_of_turn(*, yellow_left: int, happiness: int, unused_workers: int, blue_bank: int,
                farm_values: Vec, farm_tokens: Vec, farm_workers: Vec,
                mine_values: Vec, mine_tokens: Vec, mine_workers: Vec,
                science: int, science_rating: int, culture: int, culture_rating: int,
                extra_resources: int = 0, extra_food: int = 0) -> EndOfTurn:
    """The uprising check and the production phase of one player's end of turn, in the 2015
    order (L1700-L1766, L2144-L2150, PB ``turn_structure.end_of_turn``):

    1. uprising if discontent workers > unused workers: the whole phase is skipped (L1702);
    2. science and culture points += ratings (L1706-L1712);
    3. corruption from the blue bank as it stands: resources, then food for the rest, and
       nothing more when food is short too (L1714-L1732, PB ``blue_bank.rules[0]``);
    4. food: one token per farm worker (L1736-L1740; a short bank: C2);
    5. consumption from the yellow bank; 4 culture per missing food (L1742-L1760);
    6. resources: one token per mine worker (L1762-L1766), then ``extra_resources`` (Bill
       Gates' labs, pacts) as a gain; a negative one (Acceptance of Supremacy's B: "1 fewer")
       is paid from the mines afterwards when they can pay it exactly.

    ``extra_food`` (International Trade Agreement's B) is gained after the farms produce,
    before consumption.

    ``happiness`` is the net faces (clamped here to 0..8). The military discard before and
    the draw and reset after are not economy (TTA-ARCH). The first round needs no flag: its
    full banks give no discontent, corruption or consumption (L466-L514, worked example X2).
    """
    farm_values, farm_tokens, farm_workers = tuple(farm_values), tuple(farm_tokens), tuple(
        farm_workers)
    mine_values, mine_tokens, mine_workers = tuple(mine_values), tuple(mine_tokens), tuple(
        mine_workers)
    unhappy = discontent(yellow_left, happiness)
    if unhappy > unused_workers:
        return EndOfTurn(True, unhappy, science, culture, 0, 0, 0, 0, 0, 0, 0, 0,
                         farm_tokens, mine_tokens, blue_bank)
    science += science_rating
    culture += culture_rating
    bank = blue_bank

    due = corruption(bank)
    lost_res = lost_food = 0
    if due:
        mine_tokens, bank, lost_res = _pay_or_all(mine_values, mine_tokens, due, bank)
        if lost_res < due:
            farm_tokens, bank, lost_food = _pay_or_all(farm_values, farm_tokens,
                                                       due - lost_res, bank)

    made = production(farm_workers, farm_values, bank)
    bank -= sum(made)
    farm_tokens = tuple(t + m for t, m in zip(farm_tokens, made, strict=True))
    food_made = total(farm_values, made)
    if extra_food > 0:
        before = total(farm_values, farm_tokens)
        farm_tokens, taken = gain(farm_values, farm_tokens, extra_food, bank)
        bank -= taken
        food_made += total(farm_values, farm_tokens) - before

    eat = consumption(yellow_left)
    missing = 0
    if eat:
        farm_tokens, bank, eaten = _pay_or_all(farm_values, farm_tokens, eat, bank)
        missing = max(0, eat - eaten)
    famine = CULTURE_PER_MISSING_FOOD * missing
    culture = max(0, culture - famine)

    made = production(mine_workers, mine_values, bank)
    bank -= sum(made)
    mine_tokens = tuple(t + m for t, m in zip(mine_tokens, made, strict=True))
    res_made = total(mine_values, made)
    if extra_resources > 0:
        before = total(mine_values, mine_tokens)
        mine_tokens, taken = gain(mine_values, mine_tokens, extra_resources, bank)
        bank -= taken
        res_made += total(mine_values, mine_tokens) - before
    elif extra_resources < 0:
        paid = pay(mine_values, mine_tokens, -extra_resources, bank)
        if paid is not None and (total(mine_values, mine_tokens)
                                 - total(mine_values, paid[0]) == -extra_resources):
            mine_tokens, back = paid  # exactly (no change in the bank: nothing lost)
            bank += back
            res_made += extra_resources

    return EndOfTurn(False, unhappy, science, culture, due, lost_res, lost_food, food_made,
                     eat, missing, famine, res_made, farm_tokens, mine_tokens, bank)
