"""What the engine keeps or defers to be fast (issue 19) equals what a recomputation from
scratch gives, after every answer of random games of every mode:

- the ``end`` option's params, computed when first read (``engines/tta/lazy.py``): the
  forecast and ``final`` computed eagerly on a JSON copy with every cache emptied, read
  before the answer and, from a second option of the same position, after it was applied
  in place (the position rebuilt from the undo window, ``undo_window.rebuild``);
- the static cards and their summed symbols kept across answers by what they are read
  from (``ratings._statics``), and the ratings kept by everything they read
  (``ratings._rating_key``): recomputed without them; a rating modifier added or replaced
  empties the kept ratings;
- the options listed with what they read of a civilization found once (``row.takeable``,
  the build / upgrade / destroy options; the build costs kept for a ``reading`` pass in
  ``ratings.pass_scratch``) and shared between prompts (``OptionCache``): the rules'
  one-card checks outside any pass (``row.can_take``, ``build.can_build``,
  ``upgrade_cost``);
- the hidden-card signature kept from the answer before (``undo_window._hidden_before``):
  recomputed;
- the lazy option behaves as an ``Option`` for every reader (dump, compare, copy, pickle)
  and, read late, tells the figures of the position it was offered in.
"""

from __future__ import annotations

import copy
import pickle
import random
from typing import Any

import pytest

from engines.core.contract import UNDO, Option, Prompt
from engines.core.fast import fast_option
from engines.tta import armies, economy, end_of_turn, ratings, row, tokens, undo_window
from engines.tta import prompts as questions
from engines.tta.actions import build
from engines.tta.actions.costs import build_cost, military_funds, same_line, upgrade_cost
from engines.tta.facts import AGE, KIND
from engines.tta.lazy import LazyOption
from engines.tta.ratings import civil_left, military_left
from engines.tta.state import TtaState
from tests.engines.tta.tta_helpers import ENGINE

MODES = ("first", "peaceful", "full", "short")


@pytest.fixture(autouse=True)
def _caching(monkeypatch: pytest.MonkeyPatch) -> None:
    """The engine as the bot runs it: the prompt cache on (the TTA conftest turns it off)."""
    monkeypatch.setattr(undo_window, "CACHING", True)


def _fresh(st: TtaState) -> TtaState:
    """A JSON copy with every cache emptied."""
    undo_window._forget()
    end_of_turn._PRODUCTION.clear()
    armies._best.cache_clear()
    economy._packs.cache_clear()
    economy._pay.cache_clear()
    economy._gain.cache_clear()
    ratings._STATICS.clear()
    ratings._RATINGS.clear()
    return ENGINE.load(ENGINE.dump(st))


def _end_params(st: TtaState, seat: int, end: Option) -> dict[str, Any]:
    """The ``end`` option's params computed eagerly, as before they were deferred."""
    params = {**undo_window.forecast(st, seat)}
    if undo_window.FINAL_RULES["end"](st, seat):
        params["final"] = True
    return params


def _check_options(st: TtaState, prompt: Prompt) -> None:
    """The action prompt's take / build / upgrade / destroy options are the one-card
    rules' (each checked on its own)."""
    seat = prompt.seat
    civ = st.civs[seat]
    ids = {o.id: o for o in prompt.options}
    takes = {i for i in ids if i.startswith("take:")}
    assert takes == {f"take:{s + 1}" for s in range(13) if row.can_take(st, seat, s)}
    for i in takes:
        assert ids[i].params["ca"] == row.take_cost(st, seat, int(i[5:]) - 1)
    if st.round == 1:
        return
    builds = {i for i in ids if i.startswith("build:")}
    assert builds == {f"build:{t}" for t in civ.workers if build.can_build(civ, t)}
    for i in builds:
        assert ids[i].params["res"] == build_cost(civ, i[6:])
    ca, ma = civil_left(civ) >= 1, military_left(civ) >= 1
    want = {}
    for src, n in civ.workers.items():
        unit = KIND[src] == "unit"
        if n and (ma if unit else ca):
            for dst in civ.workers:
                if AGE[dst] > AGE[src] and same_line(src, dst):
                    cost = upgrade_cost(civ, src, dst)
                    funds = military_funds(civ) if unit else tokens.resources(civ)
                    if cost <= funds:
                        want[f"upgrade:{src}:{dst}"] = cost
    got = {i: o.params["res"] for i, o in ids.items() if i.startswith("upgrade:")}
    assert got == want
    gone = {i for i in ids if i.startswith(("destroy:", "disband:"))}
    assert gone == {f"{'disband' if KIND[t] == 'unit' else 'destroy'}:{t}"
                    for t, n in civ.workers.items()
                    if n and (ma if KIND[t] == "unit" else ca)}


def _play(players: int, mode: str, seed: int) -> int:
    """A random game (an undo now and then) checking every deferred or shared figure
    against a recomputation before every answer; returns the ``end`` options checked."""
    st = ENGINE.new_game(players, seed, {"mode": mode})
    rnd = random.Random(seed)
    checked = 0
    while ENGINE.result(st) is None:
        prompts = ENGINE.prompts(st)
        # a second ``end`` option of this position, read only after the answer is applied
        # in place: rebuilt from the undo window (``undo_window.rebuild``) or kept
        late = [o for p in undo_window.decorate(st, questions.prompts(st)) for o in p.options
                if o.id == "end"]
        kept = [(ratings._statics(c), ratings.ratings(c)) for c in st.civs]
        # the hidden-card signature kept from the last answer is this position's
        assert undo_window._hidden_before(st) == undo_window._hidden(st)
        fresh = _fresh(st)
        assert kept == [((tuple(ratings._static_cards(c)),
                          ratings._sum_static(tuple(ratings._static_cards(c)))),
                         ratings._rate(c)) for c in fresh.civs]
        wanted = []
        for p in prompts:
            end = p.option("end")
            if end is not None:
                assert isinstance(end, LazyOption)
                wanted.append(_end_params(fresh, p.seat, end))
                assert end.params == wanted[-1]
                checked += 1
            if p.kind == "action" and p.seat == st.current:
                _check_options(st, p)
        prompt = prompts[rnd.randrange(len(prompts))]
        ids = [o.id for o in prompt.options]
        oid = UNDO if UNDO in ids and rnd.random() < 0.05 else rnd.choice(
            [i for i in ids if i != UNDO and not i.startswith("resign")] or ids)
        ENGINE.apply(st, prompt.seat, oid)
        assert [o.params for o in late] == wanted
    return checked


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("players", [2, 4])
def test_deferred_and_shared_figures_equal_a_recomputation(players: int, mode: str) -> None:
    assert _play(players, mode, 1_000 + players) > 20


@pytest.mark.slow
@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_deferred_and_shared_figures_in_more_games(players: int, mode: str) -> None:
    for seed in range(3):
        assert _play(players, mode, 2_000 + 10 * seed + players) > 20


def _end_of_new_turn() -> tuple[TtaState, Option]:
    st = ENGINE.new_game(2, 5, {"mode": "full"})
    end = ENGINE.prompts(st)[0].option("end")
    assert isinstance(end, LazyOption)
    return st, end


def test_the_lazy_option_reads_dumps_compares_and_copies_as_an_option() -> None:
    st, end = _end_of_new_turn()
    plain = fast_option("end", "end_turn", _end_params(_fresh(st), 0, end), None, None, "turn")
    assert end == plain and plain == end
    assert end.model_dump() == plain.model_dump()
    assert end.model_dump_json() == plain.model_dump_json()
    _, other = _end_of_new_turn()
    prompt = ENGINE.prompts(st)[0]
    assert prompt.model_dump()["options"][-1] == plain.model_dump()
    assert copy.deepcopy(other).params == plain.params
    _, other = _end_of_new_turn()
    assert pickle.loads(pickle.dumps(other)) == plain
    _, other = _end_of_new_turn()
    assert other.model_copy() == plain and repr(other).endswith(repr(plain)[6:])


def test_a_lazy_option_read_after_its_position_was_answered_tells_that_position() -> None:
    """Read after answers were applied to its state in place (as tests and simulations
    do), or to a copy (``Engine.answer``, what the bot does), the ``end`` option still
    tells the figures of the position it was offered in."""
    st, end = _end_of_new_turn()
    want = _end_params(_fresh(st), 0, end)
    ENGINE.answer(st, 0, "end")
    assert end.params == want
    st, end = _end_of_new_turn()
    for _ in range(3):  # the turn ends, the next ones are played in place
        prompt = ENGINE.prompts(st)[0]
        ENGINE.apply(st, prompt.seat, "end")
    assert end.params == want
    assert isinstance(end, LazyOption)


def test_a_final_rule_registered_or_replaced_later_marks_at_once(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The options' rules are looked up once per id (``undo_window._rules_by_id``), again
    whenever ``FINAL_RULES`` changes: a rule added or replaced marks the next prompt."""
    monkeypatch.setattr(undo_window, "CACHING", False)
    st = ENGINE.new_game(2, 3, {"mode": "full"})

    def takes() -> set[bool]:
        return {o.params.get("final", False) for o in ENGINE.prompts(st)[0].options
                if o.id.startswith("take:")}

    assert takes() == {False}
    monkeypatch.setitem(undo_window.FINAL_RULES, "take", lambda s, seat: True)
    assert takes() == {True}
    monkeypatch.setitem(undo_window.FINAL_RULES, "take", lambda s, seat: False)
    assert takes() == {False}


def test_a_rating_modifier_added_or_replaced_empties_the_kept_ratings(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The kept ratings were computed with the modifiers of their time: changing
    ``ratings.MODIFIERS`` (a module registering, a test patching) rates again."""
    st = ENGINE.new_game(2, 3, {"mode": "full"})
    civ = st.civs[0]
    before = ratings.ratings(civ)

    def plus_one(c: Any, r: list[int]) -> None:
        r[ratings.CUL] += 1

    monkeypatch.setitem(ratings.MODIFIERS, civ.government, plus_one)
    assert ratings.ratings(civ)[ratings.CUL] == before[ratings.CUL] + 1
    monkeypatch.undo()
    assert ratings.ratings(civ) == before
