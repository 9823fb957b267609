"""The one random-playout loop (``engines.core.playout``) and the simulator built on it."""

from __future__ import annotations

from typing import Any

import pytest

from engines.__main__ import simulate
from engines.core.contract import UNDO, GameResult, Option, Prompt
from engines.core.playout import (
    EndlessGame,
    avoided,
    game_seed,
    lean_choice,
    playout,
    random_choice,
)
from engines.core.rng import Rng
from tests.engines.core.core_toy import ENGINE, CounterEngine, CounterState


def test_a_playout_ends_replays_and_never_undoes() -> None:
    seen: list[tuple[str, int]] = []

    def inspect(state: Any, prompts: list[Prompt], prompt: Prompt, option: Option) -> None:
        assert prompt in prompts and option in prompt.options
        seen.append((ENGINE.dump(state), prompt.seat))

    offered_undo = 0
    for seed in range(30):
        seen.clear()
        game = playout(ENGINE, 2, seed, Rng.from_seed(seed), inspect=inspect)
        assert game.result == ENGINE.result(game.state) and game.result is not None
        assert len(seen) == game.answer_count == len(game.answers)
        assert all(oid != UNDO for _, oid in game.answers)
        assert ENGINE.dump(ENGINE.replay(2, seed, None, game.answers)) == ENGINE.dump(game.state)
        replay = ENGINE.new_game(2, seed)
        for (before, seat), (answer_seat, oid) in zip(seen, game.answers, strict=True):
            assert ENGINE.dump(replay) == before and seat == answer_seat
            offered_undo += UNDO in [o.id for o in ENGINE.prompts(replay)[0].options]
            ENGINE.apply(replay, seat, oid)
    assert offered_undo > 100  # undo was there to be picked, and never was


def test_the_same_draws_play_the_same_game() -> None:
    for choose in (random_choice, lean_choice):
        first = playout(ENGINE, 2, 4, Rng.from_seed(8), choose=choose)
        again = playout(ENGINE, 2, 4, Rng.from_seed(8), choose=choose)
        assert first.answers == again.answers and first.state == again.state


class Scripted:
    """Draws answered from a list, recording each ``n`` asked for."""

    def __init__(self, *values: int) -> None:
        self.values = list(values)
        self.asked: list[int] = []

    def below(self, n: int) -> int:
        self.asked.append(n)
        return self.values.pop(0)


def test_both_choosers_redraw_undo_among_the_others_and_lean_skips_a_lone_prompt() -> None:
    ask = Prompt(seat=0, kind="k", options=[Option(id=i, key=i) for i in (UNDO, "a", "b")])
    other = Prompt(seat=1, kind="k", options=[Option(id="c", key="c")])
    draws = Scripted(1, 0, 1)  # the second prompt, then undo, then the second of the others
    assert random_choice([other, ask], draws) == (ask, ask.options[2])
    assert draws.asked == [2, 3, 2]
    draws = Scripted(0, 1)  # one prompt: no draw for it, then undo, then "b"
    assert lean_choice([ask], draws) == (ask, ask.options[2])
    assert draws.asked == [3, 2]
    draws = Scripted(0, 1)  # two prompts: drawn as random_choice does
    assert lean_choice([ask, other], draws) == (ask, ask.options[1])
    assert draws.asked == [2, 3]


def test_avoided_names_option_ids_and_prefixes_ending_in_a_colon() -> None:
    avoid = frozenset({"resign", "war:", "a:b:"})
    assert avoided("resign", avoid) and avoided("war:x:1", avoid) and avoided("a:b:c", avoid)
    assert not avoided("resign:back", avoid) and not avoided("war", avoid)
    assert not avoided("a:c", avoid) and not avoided("resign", frozenset())


def test_both_choosers_redraw_an_avoided_option_and_take_it_when_nothing_else_is() -> None:
    avoid = frozenset({"x"})
    ask = Prompt(seat=0, kind="k", options=[Option(id=i, key=i) for i in ("x", UNDO, "a")])
    draws = Scripted(0, 0)  # "x", then the only other option but undo
    assert lean_choice([ask], draws, avoid) == (ask, ask.options[2])
    assert draws.asked == [3, 1]
    draws = Scripted(0, 1, 0)  # the prompt, undo, then the only other option
    assert random_choice([ask], draws, avoid) == (ask, ask.options[2])
    only = Prompt(seat=0, kind="k", options=[Option(id=i, key=i) for i in ("x", UNDO)])
    draws = Scripted(1, 0)  # undo: redrawn among the avoided ones, never undo
    assert lean_choice([only], draws, avoid) == (only, only.options[0])
    assert lean_choice([ask], Scripted(0), frozenset()) == (ask, ask.options[0])


class Shy(CounterEngine):
    """Random players should only draw while they may: ``end`` and the adds are avoided."""

    playout_avoid = frozenset({"end", "add:"})


def test_a_playout_picks_avoided_options_only_when_nothing_else_is_open() -> None:
    engine = Shy()
    for seed in range(10):
        passed_over = 0

        def inspect(state: Any, prompts: list[Prompt], prompt: Prompt, option: Option,
                    ) -> None:
            nonlocal passed_over
            ids = [o.id for o in prompt.options]
            assert option.id == ("draw" if "draw" in ids else "end")
            passed_over += "end" in ids and "add:1" in ids

        playout(engine, 2, seed, Rng.from_seed(seed), inspect=inspect)
        assert passed_over == 3 * 6  # three draws a turn, each with end and adds open
        plain = playout(engine, 2, seed, Rng.from_seed(seed), avoid=frozenset())
        assert any(oid.startswith("add:") for _, oid in plain.answers)  # avoid=: nothing


class NeverEnds(CounterEngine):
    def result(self, state: CounterState) -> GameResult | None:
        return None


class Stuck(CounterEngine):
    def prompts(self, state: CounterState) -> list[Prompt]:
        return []


def test_a_game_that_does_not_end_is_reported() -> None:
    with pytest.raises(EndlessGame, match="no result after 5 answers"):
        playout(ENGINE, 2, 1, Rng.from_seed(1), max_answers=5)
    with pytest.raises(EndlessGame, match="no prompt left but no result"):
        playout(Stuck(), 2, 1, Rng.from_seed(1))
    summary = simulate(NeverEnds(), 3, 1, 2)
    assert (summary["completed"], summary["errors"]) == (0, 3)
    assert "EndlessGame" in summary["error_details"][0]["error"]


class Counted(CounterEngine):
    def stats(self, state: CounterState) -> dict[str, int]:
        return {"draws": state.rng % 2, "turns": state.turn}

    def catalogue(self) -> dict[str, Any]:
        return {"cards": [{"id": "turns"}, {"id": "never"}]}


def test_simulate_plays_the_shared_playouts_and_sums_the_engine_stats() -> None:
    summary = simulate(Counted(), 6, 3, 2)
    assert (summary["completed"], summary["errors"]) == (6, 0)
    assert summary["execution_counts"]["turns"] == 36
    assert summary["never_executed"] == ["never"]
    rng = Rng.from_seed(3)
    games = [playout(ENGINE, 2, game_seed(rng), rng) for _ in range(6)]
    assert summary["mean_answers"] == round(sum(g.answer_count for g in games) / 6, 2)
    assert "execution_counts" not in simulate(ENGINE, 2, 3, 2)  # no stats: nothing listed


def test_simulate_takes_lobby_options_and_refuses_unknown_ones(
        capsys: pytest.CaptureFixture[str]) -> None:
    from engines.__main__ import main

    assert main(["simulate", "tta", "--games", "1", "--players", "2", "--seed", "3",
                 "--option", "mode=peaceful", "--json"]) == 0
    out = capsys.readouterr().out
    assert '"mode": "peaceful"' in out and '"completed": 1' in out
    with pytest.raises(SystemExit):
        main(["simulate", "tta", "--games", "1", "--option", "mode=endless"])
    assert "mode: first, peaceful" in capsys.readouterr().err
