"""Paying for a card or a wonder stage: own production, then buying from the neighbours.

Rules (rulebook "七大奇蹟中的建造", C. 資源費用 and 從鄰國城邦購買資源):

* a city uses its own production first: the starting resource, brown and grey cards,
  and every one-of producer (brown dual cards, Forum, Caravansery, wonder stages), each
  one-of producer for one resource only, each resource symbol once per turn;
* what is still missing is bought from the two neighbours, 2 coins per unit (1 with
  East/West Trading Post for raw materials on that side, Marketplace for manufactured
  goods on both sides), each unit of a neighbour at most once per turn;
* a neighbour sells only its starting resource and its brown and grey cards (a dual
  brown card: one unit of either resource, whatever the neighbour uses it for), never
  yellow cards or wonder stages;
* selling never costs the seller anything and cannot be refused.

``payments`` returns every payment (coins to the left neighbour, coins to the right
neighbour) not beaten on both sides at once by another, cheapest in total first. It is
exact: it enumerates every way the one-of producers (own and the neighbours') can be
used and then splits each resource's purchases between the two neighbours. Three paths,
same answer (tests compare them with an exhaustive search, ``tests/.../sw_reference.py``):

* ``_direct``: no one-of producer can help — each missing resource is bought on its own;
* ``_own_only``: only one or two of the buyer's own one-of producers can help;
* ``_compute``: the general case, cached by the (small, hashable) description of what
  matters for the missing resources, so each such situation is computed once per process.

``memo`` keeps, per market (a seat's trading situation), the payments of each cost seen.

``least`` answers what listing a hand needs (can it be paid, and the least it costs)
without enumerating the payments when no one-of producer can help (the usual case); the
payments themselves are listed (``payments``) only when a one-of producer may help or a
seat picks the card.
"""

from __future__ import annotations

from itertools import product
from typing import cast

from engines.seven_wonders.facts import TRADE_PRICE

Vec = tuple[int, ...]
Payment = tuple[int, int]
#: what a seat may use: own fixed production, own one-of masks, the left neighbour's
#: tradable fixed production and one-of masks, the same for the right neighbour, and the
#: masks of resources bought for 1 coin on the left and on the right.
#: (an optional 9th entry: the union of every one-of mask, a speed-up computed by
#: ``costs.market``)
Market = tuple[Vec, tuple[int, ...], Vec, tuple[int, ...], Vec, tuple[int, ...], int, int]
#: a ``Market`` and the union of all its one-of masks (what ``costs.market`` builds)
FullMarket = tuple[Vec, tuple[int, ...], Vec, tuple[int, ...], Vec, tuple[int, ...], int, int,
                   int]


def with_union(market: Market) -> FullMarket:
    """``market`` with the union of all its one-of masks appended."""
    union = 0
    for group in (market[1], market[3], market[5]):
        for mk in group:
            union |= mk
    return (*market, union)

FREE: tuple[Payment, ...] = ((0, 0),)
_CACHE: dict[tuple[object, ...], tuple[Payment, ...]] = {}
_CACHE_LIMIT = 50_000


def _minimal(vectors: set[Vec]) -> list[Vec]:
    """The vectors not componentwise >= another one (what is still missing)."""
    if len(vectors) == 1:
        return list(vectors)
    out: list[Vec] = []
    for v in sorted(vectors, key=sum):
        if not any(all(a <= b for a, b in zip(o, v, strict=True)) for o in out):
            out.append(v)
    return out


def _maximal(vectors: set[Vec]) -> list[Vec]:
    """The vectors not componentwise <= another one (what a neighbour can supply)."""
    if len(vectors) == 1:
        return list(vectors)
    out: list[Vec] = []
    for v in sorted(vectors, key=sum, reverse=True):
        if not any(all(a >= b for a, b in zip(o, v, strict=True)) for o in out):
            out.append(v)
    return out


def pareto(pairs: set[Payment] | list[Payment]) -> list[Payment]:
    """The payments not beaten on both sides at once, cheapest in total first."""
    out: list[Payment] = []
    best_right = None
    for left, right in sorted(set(pairs)):
        if best_right is None or right < best_right:
            out.append((left, right))
            best_right = right
    out.sort(key=_total_then_left)
    return out


def _compute(key: tuple[object, ...]) -> tuple[Payment, ...]:
    """Payments for a canonical key of ``payments`` (resources renumbered 0..m-1)."""
    missing: tuple[tuple[int, int], ...] = key[0]  # type: ignore[assignment]
    own: tuple[int, ...] = key[1]  # type: ignore[assignment]
    lf: Vec = key[2]  # type: ignore[assignment]
    lc: tuple[int, ...] = key[3]  # type: ignore[assignment]
    rf: Vec = key[4]  # type: ignore[assignment]
    rc: tuple[int, ...] = key[5]  # type: ignore[assignment]
    disc_l: int = key[6]  # type: ignore[assignment]
    disc_r: int = key[7]  # type: ignore[assignment]
    res = [i for i, _ in missing]
    m = len(res)

    def local(masks: tuple[int, ...]) -> list[list[int]]:
        return [[j for j in range(m) if (mask >> res[j]) & 1] for mask in masks]

    price_l = [1 if (disc_l >> i) & 1 else TRADE_PRICE for i in res]
    price_r = [1 if (disc_r >> i) & 1 else TRADE_PRICE for i in res]
    need0 = [n for _, n in missing]
    # every need left after the own one-of producers (each gives one unit)
    if own:
        needs: set[Vec] = set()
        for picks in product(*local(own)):
            need = need0[:]
            for j in picks:
                if need[j]:
                    need[j] -= 1
            needs.add(tuple(need))
        least = _minimal(needs)
    else:
        least = [tuple(need0)]
    # every supply of each neighbour (each dual card sells one unit of either resource)
    lefts = _supplies(lf, local(lc)) if lc else [lf]
    rights = _supplies(rf, local(rc)) if rc else [rf]
    found: set[Payment] = set()
    for left_need in least:
        if not any(left_need):
            return FREE
        for sl in lefts:
            for sr in rights:
                front: list[Payment] | None = [(0, 0)]
                for j in range(m):
                    n = left_need[j]
                    if not n:
                        continue
                    b = sr[j]
                    lo = n - b if n > b else 0
                    a = sl[j]
                    hi = a if a < n else n
                    if lo > hi:
                        front = None
                        break
                    pl, pr = price_l[j], price_r[j]
                    if lo == hi:
                        da, db = lo * pl, (n - lo) * pr
                        front = [(x + da, y + db) for x, y in front]  # type: ignore[union-attr]
                    else:
                        front = pareto({(x + k * pl, y + (n - k) * pr)
                                        for x, y in front  # type: ignore[union-attr]
                                        for k in range(lo, hi + 1)})
                if front:
                    found.update(front)
    return tuple(pareto(found))


def _supplies(fixed: Vec, masks: list[list[int]]) -> list[Vec]:
    """Every supply vector of one neighbour (its fixed units plus one unit per dual card)."""
    if not masks:
        return [fixed]
    out: set[Vec] = set()
    for picks in product(*masks):
        sup = list(fixed)
        for j in picks:
            sup[j] += 1
        out.add(tuple(sup))
    return _maximal(out)


def _direct(missing: list[tuple[int, int]], lf: Vec, rf: Vec, disc_l: int, disc_r: int
            ) -> tuple[Payment, ...]:
    """No one-of producer is involved: each resource is bought on its own."""
    front: list[Payment] | None = None
    for i, n in missing:
        b = rf[i]
        lo = n - b if n > b else 0
        hi = lf[i] if lf[i] < n else n
        if lo > hi:
            return ()
        pl = 1 if (disc_l >> i) & 1 else TRADE_PRICE
        pr = 1 if (disc_r >> i) & 1 else TRADE_PRICE
        if front is None:
            front = [(k * pl, (n - k) * pr) for k in range(lo, hi + 1)]
        elif lo == hi:
            da, db = lo * pl, (n - lo) * pr
            front = [(a + da, b + db) for a, b in front]
        else:
            front = pareto({(a + k * pl, b2 + (n - k) * pr)
                            for a, b2 in front for k in range(lo, hi + 1)})
    assert front is not None
    if len(front) > 1:
        front.sort(key=_total_then_left)
    return tuple(front)


def _own_only(missing: list[tuple[int, int]], masks: list[int], lf: Vec, rf: Vec,
              disc_l: int, disc_r: int) -> tuple[Payment, ...]:
    """Only the buyer's own one-of producers can help: each way of using them, then buy."""
    choices = [[k for k, (i, _) in enumerate(missing) if (mask >> i) & 1] for mask in masks]
    found: set[Payment] = set()
    seen: set[Vec] = set()
    for picks in product(*choices):
        left = [n for _, n in missing]
        for k in picks:
            if left[k]:
                left[k] -= 1
        key = tuple(left)
        if key in seen:
            continue
        seen.add(key)
        rest = [(i, left[k]) for k, (i, _) in enumerate(missing) if left[k]]
        if not rest:
            return FREE
        found.update(_direct(rest, lf, rf, disc_l, disc_r))
    return tuple(pareto(found))


def _total_then_left(p: Payment) -> tuple[int, int]:
    return (p[0] + p[1], p[0])


def payments(need: Vec, market: Market | FullMarket, idx: tuple[int, ...] | None = None
             ) -> tuple[Payment, ...]:
    """Non-dominated (left, right) payments for ``need``; empty if it cannot be bought.

    ``idx`` optionally lists the resources ``need`` asks for (a speed-up). Coins to the
    bank (a card's printed coin cost) are not included: they are the same for every
    payment.
    """
    full = (cast(FullMarket, market) if len(market) > 8
            else with_union(cast(Market, market)))
    fixed, own, lf, lc, rf, rc, disc_l, disc_r, union = full
    if idx is None:
        idx = tuple(i for i in range(7) if need[i])
    missing = []
    support = 0
    for i in idx:
        n = need[i] - fixed[i]
        if n > 0:
            # quick refusal (the usual case): nobody can supply the quantity missing
            if n > lf[i] + rf[i]:
                bit = 1 << i
                if not union & bit:
                    return ()
                extra = 0
                for group in (own, lc, rc):
                    for mk in group:
                        if mk & bit:
                            extra += 1
                if n > lf[i] + rf[i] + extra:
                    return ()
            missing.append((i, n))
            support |= 1 << i
    if not support:
        return FREE
    if not union & support:  # no one-of producer can help: each resource on its own
        return _direct(missing, lf, rf, disc_l, disc_r)
    sold = 0  # can a neighbour's dual card help?
    for mk in lc:
        sold |= mk
    for mk in rc:
        sold |= mk
    if not sold & support:
        own_masks = [mk for mk in own if mk & support]
        if len(own_masks) <= 2:  # the usual case: try each use of the own producers
            return _own_only(missing, own_masks, lf, rf, disc_l, disc_r)
    # the cache key keeps only what matters for what is missing
    key = (
        tuple(missing),
        tuple(sorted([m & support for m in own if m & support])) if own else (),
        tuple([lf[i] if lf[i] < n else n for i, n in missing]),
        tuple(sorted([m & support for m in lc if m & support])) if lc else (),
        tuple([rf[i] if rf[i] < n else n for i, n in missing]),
        tuple(sorted([m & support for m in rc if m & support])) if rc else (),
        disc_l & support,
        disc_r & support,
    )
    hit = _CACHE.get(key)
    if hit is not None:
        return hit
    if len(_CACHE) > _CACHE_LIMIT:
        _CACHE.clear()
    res = _CACHE[key] = _compute(key)
    return res


#: ``least``'s answer when a one-of producer may help: ask ``payments``
SEARCH = -1


def least(need: Vec, idx: tuple[int, ...], fixed: Vec | list[int], lf: Vec | list[int],
          rf: Vec | list[int], disc_l: int, disc_r: int, union: int) -> int | None:
    """The least total of ``payments`` (None: none), from the seat's and its neighbours'
    fixed production, when no one-of producer (``union``: all their masks) can supply a
    missing resource; else ``SEARCH`` (unless another missing resource cannot be had at
    all). Each missing resource is then bought on its own, as much as possible from the
    cheaper side (``_direct``'s cheapest payment)."""
    total = 0
    search = False
    for i in idx:
        n = need[i] - fixed[i]
        if n <= 0:
            continue
        if (union >> i) & 1:
            search = True
            continue
        a, b = lf[i], rf[i]
        if n > a + b:
            return None
        if search:
            continue
        pl = 1 if (disc_l >> i) & 1 else TRADE_PRICE
        pr = 1 if (disc_r >> i) & 1 else TRADE_PRICE
        if pl < pr:
            k = a if a < n else n  # from the left
            total += k * pl + (n - k) * pr
        elif pr < pl:
            k = b if b < n else n  # from the right
            total += k * pr + (n - k) * pl
        else:
            total += n * pl
    return SEARCH if search else total


#: per market: ``facts.need_key`` of a cost -> payments
Memo = dict[int, tuple[Payment, ...]]
_MEMOS: dict[Market | FullMarket, Memo] = {}
_MEMO_LIMIT = 4096


def memo(market: Market | FullMarket) -> Memo:
    """A per-market memo ``item -> payments`` (fill it with ``cached_payments``)."""
    m = _MEMOS.get(market)
    if m is None:
        if len(_MEMOS) > _MEMO_LIMIT:
            _MEMOS.clear()
        m = _MEMOS[market] = {}
    return m


def cached_payments(item: int, need: Vec, market: Market | FullMarket, mem: Memo,
                    idx: tuple[int, ...] | None = None) -> tuple[Payment, ...]:
    """``payments`` of cost ``item`` (a ``need_key``), memoised in ``mem`` (see ``memo``)."""
    hit = mem.get(item)
    if hit is None:
        hit = mem[item] = payments(need, market, idx)
    return hit


def clear_cache() -> None:
    _CACHE.clear()
    _MEMOS.clear()
