"""The engine's pacing fields against the bot's pacing hooks they replace (one table for
every game: ``engines/core/contract.py``, "Pacing").

Until the bot reads ``Engine.pacing``, ``Prompt.blocking`` / ``discreet`` / ``question`` /
``panel`` and the views' ``table_key``, it computes the same from hooks in ``bot/games``
(``done``, ``still_choosing``, ``on_panel``, ``stamp``/``pin``, ``round_key``, ``turn_key``,
``stage_kinds``, ``rounds``). These tests play seeded random games the way the service does
(a version and a per-seat answer count per accepted answer; a repeated 7 Wonders choice is
no answer) and check at every position that the engine says exactly what the hooks say:

- ``blocking`` is ``not done(prompt)``; ``blocking and not discreet`` is
  ``still_choosing(prompt)``; ``panel`` is ``on_panel(prompt)``;
- a seat's ``question`` changes exactly when the pin of its components (``pin``) changes,
  from one time the seat is asked to the next; in the games whose pins count answers
  (Duel by version, Innovation and Through the Ages by the seat's answers) the two name the
  same questions over the whole game;
- the public view's ``table_key`` is ``round_key`` (7 Wonders) or ``turn_key`` (Through the
  Ages) of that view, and in the games told answer by answer it changes exactly when the
  bot posts the board today: another set of seats is asked, or a stage kind
  (``stage_kinds``) is newly asked;
- ``pacing`` is ``round`` where ``rounds``, ``turn`` where ``turn_key`` is defined, else
  ``answer``; Through the Ages' views carry the consumption and discontent the bot computed
  with ``engines.tta.economy``.

Once the hooks leave ``bot/games`` the comparisons skip: the engine is then the only source.
The engine-side guarantees (named questions, round trips, replays) are in
``test_contract.py``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pytest

from engines.core.contract import UNDO, Engine, Prompt
from engines.core.playout import avoided
from engines.core.rng import Rng
from engines.registry import get_engine
from engines.tta import economy

try:  # the bot's hooks, while they exist (this comparison is their only use here)
    from bot.games import GameWords, pin, words_for

    HOOKS = all(hasattr(GameWords, h) for h in (
        "done", "still_choosing", "on_panel", "question_key", "round_key", "turn_key",
        "stage_kinds", "rounds", "stamped", "renewed_by_answer"))
except ImportError:  # pragma: no cover - the bot moved on
    HOOKS = False

pytestmark = pytest.mark.skipif(not HOOKS, reason="the bot's pacing hooks are gone")

#: how often a random Through the Ages player takes an answer back when it may (percent)
UNDO_PCT = 10
#: answers after which a test game is cut short (long enough for many turns)
MAX_ANSWERS = 3000


@dataclass
class Table:
    """What the service and the bot would hold of one game while it is played."""

    engine: Engine[Any]
    words: Any
    version: int = 0
    answered: dict[int, int] = field(default_factory=dict)
    #: seat -> (pin, question) the last time the seat was asked
    last: dict[int, tuple[str, str]] = field(default_factory=dict)
    #: pin -> question and question -> pin, per seat (the games whose pins count answers)
    by_pin: dict[tuple[int, str], str] = field(default_factory=dict)
    by_question: dict[tuple[int, str], str] = field(default_factory=dict)
    checked: dict[str, int] = field(default_factory=dict)

    def count(self, what: str) -> None:
        self.checked[what] = self.checked.get(what, 0) + 1


def _pacing_of(words: Any) -> str:
    if words.rounds:
        return "round"
    if type(words).turn_key is not GameWords.turn_key:
        return "turn"
    return "answer"


def _check_prompts(table: Table, game: str, prompts: list[Prompt]) -> None:
    words = table.words
    whole_game = not words.stamped or words.renewed_by_answer
    for p in prompts:
        assert p.question, (game, p.kind)
        assert p.blocking == (not words.done(p)), (game, p.kind, p.params)
        assert (p.blocking and not p.discreet) == words.still_choosing(p), (game, p.kind)
        assert p.panel == words.on_panel(p), (game, p.kind, p.layout, p.reaction)
        pinned = pin(game, p, table.version, table.answered)
        last = table.last.get(p.seat)
        if last is not None:
            same_pin, same_question = last[0] == pinned, last[1] == p.question
            if same_pin and not same_question and _new_hand(game, last[1], p):
                table.count("new hand, same options")
            else:
                assert same_pin == same_question, (game, p.seat, p.kind, last, pinned,
                                                   p.question)
                table.count("renewed" if not same_pin else "kept")
        table.last[p.seat] = (pinned, p.question)
        if whole_game:
            assert table.by_pin.setdefault((p.seat, pinned), p.question) == p.question
            assert table.by_question.setdefault((p.seat, p.question), pinned) == pinned
        if not p.blocking:
            table.count("not blocking")
        if p.discreet:
            table.count("discreet")
        if p.panel:
            table.count("panel")


def _new_hand(game: str, before: str, prompt: Prompt) -> bool:
    """7 Wonders' one deliberate difference: the stamp names a hand question by its
    options, so a new turn's hand (or the Babylon seat's last card) offering exactly the ids
    of the hand before (a hand of two Arsenals that may only be sold, then the last one) kept
    the old stamp, and the new question was never delivered; ``question`` names the turn."""
    hand = ("hand", "waiting", "last_card")
    return (game == "seven_wonders" and prompt.kind in hand
            and before.partition(".")[0] in ("hand", "last_card"))


def _check_view(table: Table, game: str, state: Any) -> str:
    view: Any = table.engine.view(state, None)
    key = view.table_key
    assert key
    words = table.words
    if words.rounds:
        assert key == words.round_key(view)
    elif type(words).turn_key is not GameWords.turn_key:
        assert key == words.turn_key(view)
    if game == "tta":
        for player in view.players:
            assert player.consumption == economy.consumption(player.yellow_bank)
            assert player.discontent == economy.discontent(player.yellow_bank,
                                                           player.ratings[4])
            table.count("discontent" if player.discontent else "content")
    return str(key)


def _pick(engine: Engine[Any], prompts: list[Prompt], rng: Rng) -> tuple[Prompt, str]:
    prompt = prompts[rng.below(len(prompts))]
    ids = [o.id for o in prompt.options]
    if UNDO in ids and rng.below(100) < UNDO_PCT:
        return prompt, UNDO
    usual = [i for i in ids if i != UNDO and not avoided(i, engine.playout_avoid)]
    return prompt, rng.choice(usual or [i for i in ids if i != UNDO])


def _play(game: str, players: int, seed: int, options: dict[str, str] | None = None,
          ) -> Table:
    engine = get_engine(game)
    words = words_for(game)
    assert engine.pacing == _pacing_of(words)
    table = Table(engine, words)
    rng = Rng.from_seed(seed * 97 + players)
    state = engine.new_game(players, seed, options)
    prompts = engine.prompts(state)
    key = _check_view(table, game, state)
    log: list[tuple[int, str]] = []
    while prompts and len(log) < MAX_ANSWERS:
        _check_prompts(table, game, prompts)
        prompt, option_id = _pick(engine, prompts, rng)
        new, events = engine.answer(state, prompt.seat, option_id)
        if not events and engine.dump(new) == engine.dump(state):
            table.count("no-op")  # the service keeps no log row, no new version
            continue
        log.append((prompt.seat, option_id))
        if option_id == UNDO:
            table.count("undo")
        table.version += 1
        table.answered[prompt.seat] = table.answered.get(prompt.seat, 0) + 1
        state, before = new, prompts
        prompts = engine.prompts(state)
        new_key = _check_view(table, game, state)
        if engine.pacing == "answer" and prompts:
            # the board image follows who is asked, and a stage newly asked (Duel's start)
            kinds = {p.kind for p in before}
            stage = any(p.kind in words.stage_kinds and p.kind not in kinds for p in prompts)
            told = {p.seat for p in prompts} != {p.seat for p in before} or stage
            assert (new_key != key) == told, (game, key, new_key)
            table.count("board" if told else "no board")
        key = new_key
    replayed = engine.replay(players, seed, options, log)
    assert engine.dump(replayed) == engine.dump(state)
    assert [(p.seat, p.question) for p in engine.prompts(replayed)] == [
        (p.seat, p.question) for p in prompts]
    return table


def test_duel_pacing_matches_the_bot_hooks() -> None:
    seen: dict[str, int] = {}
    for seed in range(4):
        options = {"wonders": "first_game"} if seed == 3 else None
        for k, v in _play("duel", 2, seed, options).checked.items():
            seen[k] = seen.get(k, 0) + v
    # the start of an Age asked of the seat that took the last card: a board all the same
    assert seen["board"] and seen["no board"] and seen["renewed"]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_innovation_pacing_matches_the_bot_hooks(players: int) -> None:
    seen: dict[str, int] = {}
    for seed in range(2):
        for k, v in _play("innovation", players, seed).checked.items():
            seen[k] = seen.get(k, 0) + v
    # the setup meld: asked of every seat at once, kept while the others answer
    assert seen["kept"] and seen["renewed"] and seen["board"] and seen["no board"]


@pytest.mark.parametrize(("players", "options"), [
    (3, None), (4, {"wonders": "choose", "sides": "choose"}), (7, None)])
def test_seven_wonders_pacing_matches_the_bot_hooks(players: int,
                                                    options: dict[str, str] | None) -> None:
    seen: dict[str, int] = {}
    for seed in range(2):
        for k, v in _play("seven_wonders", players, seed, options).checked.items():
            seen[k] = seen.get(k, 0) + v
    # chosen seats that may change their mind, a change being paid, repeated choices
    assert seen["not blocking"] and seen["kept"] and seen["renewed"] and seen["no-op"]
    if players == 3:
        assert seen["discreet"]


@pytest.mark.parametrize(("players", "mode"), [(2, "first"), (3, "full"), (4, "full")])
def test_tta_pacing_matches_the_bot_hooks(players: int, mode: str) -> None:
    seen: dict[str, int] = {}
    for seed in range(2):
        for k, v in _play("tta", players, seed, {"mode": mode}).checked.items():
            seen[k] = seen.get(k, 0) + v
    assert seen["panel"] and seen["renewed"] and seen["discontent"] and seen["undo"]
    if mode == "full":  # events and auctions ask several seats
        assert seen["kept"]


#: (game, players, options) of the longer sweep
SWEEP = [("duel", 2, None), ("duel", 2, {"wonders": "first_game"}),
         *(("innovation", n, None) for n in (2, 3, 4)),
         *(("seven_wonders", n, None) for n in (3, 5, 6, 7)),
         ("seven_wonders", 4, {"wonders": "choose", "sides": "choose"}),
         ("seven_wonders", 5, {"sides": "night"}),
         ("tta", 2, {"mode": "first"}), ("tta", 3, {"mode": "peaceful"}),
         ("tta", 4, {"mode": "full"}), ("tta", 2, {"mode": "full", "global_conflict": "on"})]


@pytest.mark.slow
@pytest.mark.parametrize(("game", "players", "options"), SWEEP)
def test_pacing_matches_the_bot_hooks_over_many_games(game: str, players: int,
                                                      options: dict[str, str] | None) -> None:
    for seed in range(100, 115):
        _play(game, players, seed, options)
