"""Through the Ages on Discord: every option, prompt and event worded in three languages,
costs in plain words, the panel text, private twins told only to their seat, the lobby."""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from bot.games import words_for
from bot.games.tta import ABILITY_DETAILS, GROUPS, TtaWords
from bot.i18n import LANGUAGES, catalogue, has, name, t
from bot.views.lobby import option_words
from bot.wording import event_text, option_text, prompt_text, result_lines
from engines.core.contract import Event, GameResult, Option, Prompt, SeatScore
from engines.core.playout import random_choice
from engines.core.rng import Rng
from engines.tta.engine import TtaEngine
from games.service import lobby_options

ENGINE = TtaEngine()
NAMES = {0: "Ana", 1: "Bo", 2: "Cy", 3: "Di"}
WORDS = TtaWords()
#: random first games played for the vocabulary (2, 3 and 4 players in turn)
GAMES = 240
#: random peaceful full games (Ages A-III and Age IV's last round, L1936-L2111, L2249-L2255),
#: half of them with the global conflict (L2257-L2259)
PEACEFUL_GAMES = 60
PEACEFUL = {"mode": "peaceful", "global_conflict": "off"}
PEACEFUL_CONFLICT = {"mode": "peaceful", "global_conflict": "on"}
ENGINE_DIR = Path(__file__).resolve().parents[3] / "engines" / "tta"
#: the reference's Chinese names (``names_zh.json``: ``None`` where none is known)
NAMES_ZH = Path("/work/shared/reference/tta/names_zh.json")


def games(
    count: int, first_seed: int = 0, options: dict[str, str] | None = None
) -> Iterator[tuple[list[Prompt], list[Event]]]:
    """Every position's open prompts and the events of the answer chosen there, over
    ``count`` uniformly random games (the first game unless ``options`` say otherwise)."""
    for n in range(count):
        draws = Rng(first_seed + n + 1)
        state = ENGINE.new_game(2 + n % 3, first_seed + n, options)
        while prompts := ENGINE.prompts(state):
            prompt, option = random_choice(prompts, draws)
            yield prompts, ENGINE.apply(state, prompt.seat, option.id)


def all_games() -> Iterator[tuple[list[Prompt], list[Event]]]:
    """The first games and the peaceful full games the vocabulary is read from."""
    yield from games(GAMES)
    yield from games(PEACEFUL_GAMES // 2, 10_000, PEACEFUL)
    yield from games(PEACEFUL_GAMES // 2, 20_000, PEACEFUL_CONFLICT)


@cache
def vocabulary() -> tuple[dict[Any, Prompt], dict[Any, Option], dict[Any, Event]]:
    """One prompt, option and event per distinct kind and param names (what the hooks
    branch on) met in the random games; an event also per distinct age (Age IV's
    beginning is worded apart)."""
    prompts: dict[Any, Prompt] = {}
    options: dict[Any, Option] = {}
    events: dict[Any, Event] = {}
    for open_prompts, answered in all_games():
        for prompt in open_prompts:
            prompts.setdefault((prompt.kind, prompt.params.get("bidder_seat") is None), prompt)
            for option in prompt.options:
                sign = tuple(sorted(k for k, v in option.params.items() if v))
                options.setdefault((prompt.kind, option.key, sign), option)
        for event in answered:
            sign = tuple(sorted(k for k, v in event.params.items() if v))
            events.setdefault((event.kind, sign, event.params.get("age")), event)
    return prompts, options, events


def engine_vocabulary() -> tuple[set[str], set[str], set[str]]:
    """The option keys, event kinds and prompt kinds written in the engine's source (the
    rare ones too, that random games may not reach), plus the undo window's."""
    source = "\n".join(p.read_text(encoding="utf-8") for p in ENGINE_DIR.rglob("*.py"))
    options = set(re.findall(r'fast_option\(\s*[^,()]+(?:\([^)]*\))?,\s*"([a-z_]+)"', source))
    options |= set(re.findall(r'\[\s*f?"[^"\]]*",\s*"([a-z_]+)",\s*\{', source))  # rows
    events = set(re.findall(r'(?:\bevent|\bemit)\(\s*"([a-z_]+)"', source))
    events |= set(re.findall(r'Event\(kind="([a-z_]+)"', source))
    prompts = set(re.findall(r'fast_prompt\(\s*[^,]+,\s*"([a-z_]+)"', source))
    prompts |= set(re.findall(r'\b(?:ask|Question|choose_card)\(\s*[^,]+,\s*"([a-z_]+)"',
                              source))
    return options | {"undo"}, events | {"undone"}, prompts


def own_key(lang: str, key: str) -> bool:
    """``key`` is in ``lang``'s catalogue itself (no English fallback)."""
    return key in catalogue(lang)


@pytest.mark.slow
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_option_prompt_and_event_of_random_games_is_worded(lang: str) -> None:
    """Every kind random games produce has its own catalogue key in every language (not
    the generic fallback), and its text has no unfilled placeholder nor a raw id."""
    prompts, options, events = vocabulary()
    missing: list[str] = []
    for prompt in prompts.values():
        kind, _ = WORDS.prompt(lang, prompt, dict(prompt.params))
        text = prompt_text("tta", lang, prompt, NAMES)
        if kind == "generic" or not own_key(lang, f"tta.prompt.{kind}") or "{" in text:
            missing.append(f"prompt {prompt.kind}: {text}")
    for option in options.values():
        key, _ = WORDS.option(lang, option, dict(option.params))
        text = option_text("tta", lang, option, NAMES)
        if key.startswith("generic") or not own_key(lang, f"tta.option.{key}") or (
                "{" in text or text == option.id):
            missing.append(f"option {option.key} ({option.id}): {text}")
    for event in events.values():
        kind, _ = WORDS.event(lang, event, dict(event.params))
        text = event_text("tta", lang, event, NAMES)
        if event.kind in WORDS.silent_events:
            continue
        if kind == "generic" or not own_key(lang, f"tta.event.{kind}") or "{" in text:
            missing.append(f"event {event.kind}: {text}")
        # what a gain or an ability carries is worded key by key, never as a raw name
        gains = event.params.get("gained") if event.kind == "action_card" else (
            event.params if event.kind == "event_effect" else {})
        for key in gains or {}:
            if not own_key(lang, f"tta.gain.{key}"):
                missing.append(f"gain {key} of {event.kind}: {text}")
        if event.kind == "ability":
            for key in set(event.params) - {"card"}:
                if key not in ABILITY_DETAILS or not own_key(lang, f"tta.ability.{key}"):
                    missing.append(f"ability {key}: {text}")
    assert missing == []


#: the least params of an event kind that has something to say only with them (a summary
#: of nothing is not told at all)
BARE: dict[str, dict[str, Any]] = {
    "turn_actions": {"actions": [{"key": "pass", "card": None, "params": {}}]}}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_kind_in_the_engine_source_has_its_own_words(lang: str) -> None:
    """Rare kinds too (Ravages of Time's wonder, Homer's tuck, undo): each has a key of
    its own in every language, not the generic fallback."""
    options, events, prompts = engine_vocabulary()
    assert {"take", "bach_theater", "mix"} <= options and "wonder_flipped" in events
    assert "flip_wonder" in prompts
    missing = []
    for key in options:
        worded, _ = WORDS.option(lang, Option(id=key, key=key), {})
        if worded.startswith("generic") or not own_key(lang, f"tta.option.{worded}"):
            missing.append(f"option {key}")
    for kind in events - WORDS.silent_events:
        worded, _ = WORDS.event(lang, Event(kind=kind, seat=0, params=BARE.get(kind, {})), {})
        if worded == "generic" or not own_key(lang, f"tta.event.{worded}"):
            missing.append(f"event {kind}")
    for kind in prompts:
        worded, _ = WORDS.prompt(lang, Prompt(seat=0, kind=kind, options=[]), {})
        if worded == "generic" or not own_key(lang, f"tta.prompt.{worded}"):
            missing.append(f"prompt {kind}")
    assert missing == []


@pytest.mark.slow
def test_random_games_meet_the_documented_vocabulary() -> None:
    """The vocabulary test above is only as good as the games: they reach every prompt of
    the action phase and the main event questions, and most event kinds."""
    prompts, options, events = vocabulary()
    kinds = {k[0] for k in prompts}
    assert {"action", "politics", "discard", "event_choice", "bid", "colonize"} <= kinds
    keys = {k[1] for k in options}
    assert {"take", "build", "upgrade", "develop", "play_leader", "play_action", "play_tactic",
            "copy_tactic", "wonder_stage", "increase_population", "end_turn", "undo",
            "prepare_event", "discard"} <= keys
    assert {"turn", "took", "production", "drew_military", "drew_military_cards",
            "event_prepared", "event_prepared_card", "event_revealed", "turn_actions",
            "colonized"} <= {k[0] for k in events}
    # the peaceful full games: Age IV began, Age III events scored at the end, conflicts
    assert ("age_began", ("age",), 4) in events
    assert any(k[0] == "impact_scored" and "final" in k[1] for k in events)
    assert "global_conflict" in {k[0] for k in events}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_unknown_kinds_fall_back_to_readable_words(lang: str) -> None:
    """An option, prompt or event kind added to the engine later reads as words, never as
    a raw id or a key."""
    option = Option(id="new_power:A_agriculture", key="new_power", card="A_agriculture",
                    params={"card": "A_agriculture", "ca": 1})
    text = option_text("tta", lang, option, NAMES)
    assert text.startswith("New power") and name(lang, "tta", "A_agriculture") in text
    assert "new_power" not in text and "tta." not in text
    prompt = Prompt(seat=0, kind="new_question", options=[option], params={"event": "foray"})
    text = prompt_text("tta", lang, prompt, NAMES)
    assert text.startswith("New question") and name(lang, "tta", "I_foray") in text
    event = Event(kind="new_thing", seat=1, params={"card": "A_agriculture", "count": 2})
    text = event_text("tta", lang, event, NAMES)
    assert text.startswith("Bo") and "New thing" in text and "2" in text
    assert "A_agriculture" not in text and "tta." not in text


def test_costs_are_plain_words_with_english_singulars() -> None:
    take = Option(id="take:3", key="take", card="A_agriculture",
                  params={"card": "A_agriculture", "slot": 3, "ca": 1})
    assert option_text("tta", "en", take, NAMES) == "Take Agriculture (1 civil action)"
    build = Option(id="build:A_warriors", key="build", card="A_warriors", group="build",
                   params={"card": "A_warriors", "res": 2, "ma": 1})
    assert option_text("tta", "en", build, NAMES) == (
        "Build Warriors (1 military action, 2 resources)")
    develop = Option(id="develop:I_alchemy", key="develop",
                     params={"card": "I_alchemy", "ca": 1, "sci": 1})
    assert option_text("tta", "en", develop, NAMES).endswith("(1 civil action, 1 science point)")
    free = Option(id="take:1", key="take", params={"card": "A_agriculture", "ca": 0})
    assert option_text("tta", "en", free, NAMES) == "Take Agriculture (free)"
    zh = option_text("tta", "zh-TW", build, NAMES)
    assert zh == "建造 戰士（1 軍事行動點、2 資源）"
    assert t("en", "tta.event.drew_military", player="Bo", count=1) == (
        "Bo draws 1 military card.")
    assert t("en", "tta.event.drew_military", player="Bo", count=3) == (
        "Bo draws 3 military cards.")


def test_end_turn_carries_the_forecast_warnings() -> None:
    quiet = Option(id="end", key="end_turn", group="turn",
                   params={"uprising": False, "famine_culture": 0, "corruption": 0,
                           "unused_ca": 0, "unused_ma": 0, "discards_needed": 0, "draws": 1})
    assert option_text("tta", "en", quiet, NAMES) == "End turn"
    costly = quiet.model_copy(update={"params": {**quiet.params, "uprising": True,
                                                 "corruption": 2, "unused_ca": 1}})
    assert option_text("tta", "en", costly, NAMES) == (
        "End turn — uprising!, corruption −2, 1 civil action unused")


def test_action_cards_say_what_they_do() -> None:
    ordered = Option(id="action:A_rich_land:build:A_bronze", key="play_action",
                     params={"card": "A_rich_land", "ca": 1, "order": "build",
                             "target": "A_bronze", "res": 1})
    assert option_text("tta", "en", ordered, NAMES) == (
        "Play Rich Land (1 civil action): build Bronze for 1 resource")
    gain = Option(id="action:I_reserves:food", key="play_action",
                  params={"card": "I_reserves", "ca": 1, "food": 2})
    assert option_text("tta", "en", gain, NAMES) == "Play Reserves (1 civil action): +2 food"
    many = Option(id="action:I_breakthrough", key="play_action",
                  params={"card": "I_breakthrough", "ca": 1, "choices": 8})
    assert option_text("tta", "en", many, NAMES) == (
        "Play Breakthrough (1 civil action): 8 choices…")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_menu_has_a_label_with_its_count(lang: str) -> None:
    words = words_for("tta")
    for group in GROUPS:
        assert own_key(lang, f"tta.group.{group}")
        assert "7" in words.group_label(lang, group, 7)
    assert words.group_label("en", "take", 13) == "Take a card (13)"


def test_seats_are_player_names_by_convention() -> None:
    """``bidder_seat``, ``target_seat`` and ``from_seat`` read as player names."""
    bid = Prompt(seat=1, kind="bid", options=[], private=True,
                 params={"card": "I_wealthy_territory", "bid": 3, "bidder_seat": 0, "max": 5})
    assert prompt_text("tta", "en", bid, NAMES) == (
        "Colonizing Wealthy Territory: Ana bids 3. Bid more (at most 5) or pass.")
    first = bid.model_copy(update={"params": {**bid.params, "bid": 0, "bidder_seat": None}})
    assert prompt_text("tta", "en", first, NAMES) == (
        "Colonizing Wealthy Territory: bid (at most 5) or pass.")
    terror = Prompt(seat=2, kind="destroy_urban", options=[],
                    params={"event": "terrorism", "target_seat": 1})
    assert "Bo" in prompt_text("tta", "en", terror, NAMES)
    taken = Event(kind="yellow_taken", seat=0, params={"from_seat": 3})
    assert event_text("tta", "en", taken, NAMES) == "Ana takes a yellow token from Di."


def first_position(test: Any) -> tuple[Any, list[Event]]:
    """The first position of the random games where ``test(state)`` holds, with the events
    that led to it."""
    for n in range(40):
        draws = Rng(n + 7)
        state = ENGINE.new_game(3, n)
        while prompts := ENGINE.prompts(state):
            prompt, option = random_choice(prompts, draws)
            events = ENGINE.apply(state, prompt.seat, option.id)
            if test(state, events):
                return state, events
    raise AssertionError("no such position")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_drawn_military_cards_are_named_only_to_their_seat(lang: str) -> None:
    state, events = first_position(
        lambda st, evs: any(e.kind == "drew_military_cards" and e.params["cards"]
                            for e in evs))
    private = next(e for e in events if e.kind == "drew_military_cards")
    public = next(e for e in events if e.kind == "drew_military")
    assert public.visible_to is None and private.visible_to == [private.seat]
    cards = [name(lang, "tta", c) for c in private.params["cards"]]
    told = event_text("tta", lang, private, NAMES)
    assert all(c in told for c in cards)
    shown = event_text("tta", lang, public, NAMES)
    assert str(len(cards)) in shown and not any(c in shown for c in cards)
    # the panel: the military hand by name to its owner, by count and age to the others
    seat = private.seat
    assert seat is not None
    own = "\n".join(WORDS.hand_lines(lang, ENGINE.view(state, seat), seat, NAMES))
    public_view = ENGINE.view(state, None)
    other = "\n".join(WORDS.seat_lines(lang, public_view, seat, NAMES))
    hand = state.civs[seat].military
    assert all(name(lang, "tta", c) in own for c in hand)
    assert not any(name(lang, "tta", c) in other for c in hand
                   if c not in state.civs[seat].hand)
    assert re.search(rf"\b{len(hand)}\b", other)


def test_the_panel_text_tells_round_actions_economy_and_hand() -> None:
    state = ENGINE.new_game(2, 3)
    seat = state.current
    view = ENGINE.view(state, seat)
    lines = WORDS.hand_lines("en", view, seat, NAMES)
    assert lines[0].startswith("Round 1 · Age A · your action phase — ")
    me = view.players[seat]
    assert f"{me.civil_left}/{me.civil_actions} civil" in lines[0]
    assert lines[1].startswith(f"Food {me.food} (+{me.ratings[0]}, consumption ")
    assert f"Culture {me.culture}" in lines[1]
    assert lines[2].startswith(f"Happiness {me.ratings[4]} / {me.happy_required} needed")
    assert lines[3].startswith("Hand: ")
    other = 1 - seat
    theirs = WORDS.hand_lines("zh-CN", ENGINE.view(state, other), other, NAMES)
    assert NAMES[seat] in theirs[0]
    assert WORDS.hand_lines("en", view, None, NAMES) == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_lobby_offers_the_mode_the_global_conflict_and_deadlines_in_words(lang: str) -> None:
    """``mode`` = the first game or the peaceful full game, ``global_conflict`` off/on,
    then the service's deadlines: every name and value in words of the language itself."""
    offered = lobby_options(ENGINE)
    assert list(offered)[:3] == ["mode", "global_conflict", "deadline"]
    assert offered["mode"] == (("first", "peaceful"), "first")
    assert offered["global_conflict"] == (("off", "on"), "off")
    for option in offered:
        for value in offered[option][0]:
            label, shown = option_words("tta", lang, option, value)
            worded = [f"{scope}.option_value.{option}.{value}" for scope in ("tta", "lobby")]
            assert any(own_key(lang, k) for k in worded), (option, value)
            assert label != option, option
            # the lobby's select label ("option: value") fits Discord's 100 characters
            assert len(t(lang, "lobby.option_value", option=label, value=shown)) <= 100
    assert option_words("tta", "en", "mode", "first")[1] == "first game (Ages A-II)"
    assert option_words("tta", "en", "mode", "peaceful")[1] == (
        "full game, peaceful (no aggressions, wars or pacts)")
    assert option_words("tta", "zh-TW", "mode", "first")[1] == "入門遊戲（時代 A 至 II）"
    assert option_words("tta", "zh-CN", "global_conflict", "on")[0] == "全球冲突"
    assert own_key(lang, "game.tta")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_help_tells_both_modes(lang: str) -> None:
    """``/help``'s paragraph names the first game and the peaceful full game with the
    lobby's own words for them."""
    text = t(lang, "tta.help")
    first = {"en": "first game", "zh-TW": "入門遊戲", "zh-CN": "入门游戏"}[lang]
    peaceful = {"en": "full game, peaceful", "zh-TW": "和平遊戲", "zh-CN": "和平游戏"}[lang]
    conflict = t(lang, "tta.option_name.global_conflict").lower()
    assert first in text and peaceful in text and conflict in text.lower()


# -- the full game's words (issue 9) ---------------------------------------------------------
FULL_NAMES = {0: "Ana", 1: "Bo", 2: "Cy"}


def test_an_age_iii_event_s_impact_names_every_seat_s_culture() -> None:
    """``impact_scored``: an Age III event scored (L2081-L2101) reads as the card and each
    player's culture in seat order, zeros included; at the end it says it is the final
    scoring."""
    impact = Event(kind="impact_scored", seat=None,
                   params={"card": "III_impact_of_science", "culture": [14, 7, 0]})
    assert event_text("tta", "en", impact, FULL_NAMES) == (
        "Impact of Science: Ana +14, Bo +7, Cy +0.")
    final = impact.model_copy(update={"params": {**impact.params, "final": True}})
    assert event_text("tta", "en", final, FULL_NAMES) == (
        "Final scoring — Impact of Science: Ana +14, Bo +7, Cy +0.")
    assert event_text("tta", "zh-CN", final, FULL_NAMES) == (
        "终局计分 — 科学的影响：Ana +14、Bo +7、Cy +0。")
    assert event_text("tta", "zh-TW", impact, FULL_NAMES) == "科學的影響：Ana +14、Bo +7、Cy +0。"


def test_the_global_conflict_names_the_weakest_strength_and_each_seat_s_culture() -> None:
    """``global_conflict`` (L2257-L2259): strength over the weakest, as culture."""
    conflict = Event(kind="global_conflict", seat=None,
                     params={"age": 2, "culture": [0, 5, 2], "weakest": 3})
    assert event_text("tta", "en", conflict, FULL_NAMES) == (
        "Global conflict at the end of Age II (weakest strength 3): Ana +0, Bo +5, Cy +2.")
    assert event_text("tta", "zh-TW", conflict, FULL_NAMES) == (
        "時代 II 結束時的全球衝突（最低軍力 3）：Ana +0、Bo +5、Cy +2。")


def test_a_final_scoring_line_names_its_card_or_its_line() -> None:
    """``final_scored``: one seat's culture from one line of the full game's end (Bill
    Gates, or any ``FINAL_SCORING`` line a card registers: worded by ``tta.score.<line>``,
    else the card of that name, else the id made readable)."""
    gates = Event(kind="final_scored", seat=1, params={"line": "bill_gates", "culture": 12})
    assert event_text("tta", "en", gates, FULL_NAMES) == (
        "Final scoring — Bo: Bill Gates +12 culture points.")
    assert event_text("tta", "zh-CN", gates, FULL_NAMES) == (
        "终局计分 — Bo：Bill Gates +12 文化点数。")
    card = gates.model_copy(update={"params": {"line": "hollywood", "culture": 1}})
    assert event_text("tta", "en", card, FULL_NAMES) == (
        "Final scoring — Bo: Hollywood +1 culture point.")
    other = gates.model_copy(update={"params": {"line": "space_race", "culture": 3}})
    assert event_text("tta", "en", other, FULL_NAMES) == (
        "Final scoring — Bo: Space race +3 culture points.")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_age_iv_begins_without_cards_before_the_last_round(lang: str) -> None:
    """Age IV has no decks: no new cards, and the game ends after the last round, which is
    this one or the next (L1948, L1879-L1886: the ``last_round`` event says which); other
    ages begin plainly."""
    four = event_text("tta", lang, Event(kind="age_began", seat=None, params={"age": 4}), NAMES)
    assert four == t(lang, "tta.event.age_began_last", age="IV")
    assert own_key(lang, "tta.event.age_began_last") and "IV" in four
    three = event_text("tta", lang, Event(kind="age_began", seat=None, params={"age": 3}), NAMES)
    assert three == t(lang, "tta.event.age_began", age="III")
    assert event_text("tta", "en", Event(kind="age_began", seat=None, params={"age": 4}),
                      NAMES) == (
        "Age IV begins: no new cards from now on; the game ends after the last round.")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_full_game_s_result_breakdown_is_worded(lang: str) -> None:
    """The full game's result lines: culture before the final scoring, the Age III events,
    Bill Gates, each a word of the language (``tta.score.<key>``), never a raw key."""
    result = GameResult(victory="culture", winners=[0], scores=[
        SeatScore(seat=0, total=120, rank=1, breakdown={
            "culture_before": 100, "age_iii_events": 8, "bill_gates": 12, "total": 120}),
        SeatScore(seat=1, total=90, rank=2, breakdown={
            "culture_before": 85, "age_iii_events": 5, "total": 90})])
    text = "\n".join(result_lines("tta", lang, 1, result, NAMES))
    for key in ("culture_before", "age_iii_events", "bill_gates", "total"):
        assert own_key(lang, f"tta.score.{key}"), key
    for key in ("culture_before", "age_iii_events", "bill_gates"):
        assert t(lang, f"tta.score.{key}") in text
    assert "age_iii_events" not in text and "bill_gates" not in text
    if lang == "en":
        assert "culture before scoring 100 · Age III events 8 · Bill Gates 12" in text


@pytest.mark.skipif(not NAMES_ZH.exists(), reason="the reference's names are not here")
@pytest.mark.parametrize("lang", ["zh-TW", "zh-CN"])
def test_every_card_has_the_reference_s_chinese_name_else_english(lang: str) -> None:
    """Every card (Age III's leaders, wonders, technologies, events, tactics too) reads
    with the Chinese name the reference knows; where it knows none, the English name
    (reference README "Chinese names")."""
    import json

    from engines.tta.catalogue import CARDS

    reference = json.loads(NAMES_ZH.read_text(encoding="utf-8"))["names"]
    script = lang.replace("-", "_")
    assert set(CARDS) <= set(reference)
    for card in CARDS:
        known = reference[card][script]
        assert name(lang, "tta", card) == (known or reference[card]["en"]), card
    assert name(lang, "tta", "III_impact_of_science") == reference[
        "III_impact_of_science"][script]
    assert name(lang, "tta", "III_bill_gates") == "Bill Gates"


def test_the_game_uses_the_tta_hooks() -> None:
    words = words_for("tta")
    assert isinstance(words, TtaWords) and words.stamped
    assert words.private_images(object(), 0)[0][0] == "render_hand"
    assert words.seat_image(2) == ("render_civ", {"seat": 2})


def test_a_turn_is_one_seat_s_whole_turn_with_a_status_line() -> None:
    state = ENGINE.new_game(3, 5)
    words = words_for("tta")
    view = ENGINE.view(state, None)
    key = words.turn_key(view)
    seat = state.current
    ENGINE.apply(state, seat, "end")  # the first round: take or end (L363)
    assert words.turn_key(ENGINE.view(state, None)) != key
    status = words.turn_status("en", ENGINE.view(state, None), NAMES)
    assert status is not None and status.startswith(f"{NAMES[state.current]} is playing")


def test_ending_the_turn_asks_for_a_confirmation_only_when_it_costs() -> None:
    words = words_for("tta")
    end = Option(id="end", key="end_turn", params={"uprising": False, "corruption": 0,
                                                 "unused_ca": 2, "draws": 1})
    assert words.warnings(end) == {"unused_ca": 2}
    assert t("en", "tta.warn.unused_ca", n=2) == "2 civil actions unused"
    assert words.warnings(end.model_copy(update={"params": {"unused_ca": 0}})) == {}


def test_an_answer_that_cannot_be_undone_asks_for_a_confirmation_platform_4_1() -> None:
    """``params.final`` (it closes the undo window: a card shown, a seat asked) is confirmed
    on the panel; ending the turn has its own forecast and the last discard ends the turn."""
    words = words_for("tta")
    prepare = Option(id="event:I_foray", key="prepare_event",
                     params={"card": "I_foray", "culture": 1, "final": True})
    assert words.warnings(prepare) == {"final": True}
    tactic = Option(id="tactic:I_legion", key="play_tactic", params={"ma": 1, "final": True})
    assert words.warnings(tactic) == {"final": True}
    undoable = Option(id="build:A_warriors", key="build", params={"res": 2, "ca": 1})
    assert words.warnings(undoable) == {}
    end = Option(id="end", key="end_turn", params={"unused_ca": 0, "final": True})
    assert words.warnings(end) == {}
    last = Option(id="discard:I_foray", key="discard", params={"final": True})
    assert words.warnings(last) == {}
    for lang in ("en", "zh-TW", "zh-CN"):
        assert has(lang, "tta.warn.final")


def test_event_questions_name_the_event_card_and_say_gain_or_loss() -> None:
    """Event questions carry the event's id without its age (``religion``): the name is
    the event's (Development of Religion), not the temple's; a split reads the same for
    Foray's gain and Raiders' loss, the prompt says which."""
    mix = Option(id="mix:1", key="mix", params={"food": 1, "resources": 1})
    assert option_text("tta", "en", mix, NAMES) == "1 food, 1 resource"
    for event, says in (("foray", "gain"), ("raiders", "lose")):
        prompt = Prompt(seat=0, kind="event_choice", options=[mix], params={"event": event})
        assert says in prompt_text("tta", "en", prompt, NAMES)
    religion = Prompt(seat=0, kind="event_choice", options=[], params={"event": "religion"})
    assert prompt_text("tta", "en", religion, NAMES).startswith("Development of Religion:")
    assert prompt_text("tta", "zh-CN", religion, NAMES).startswith(
        name("zh-CN", "tta", "A_development_of_religion"))


def test_the_turn_summary_names_public_cards_only() -> None:
    """``turn_actions``: a private answer (an event prepared, a face-down discard) comes
    with its key only and is told without a card (platform §4.2)."""
    summary = Event(kind="turn_actions", seat=1, params={"actions": [
        {"key": "prepare_event", "card": None, "params": {}},
        {"key": "take", "card": "A_agriculture",
         "params": {"card": "A_agriculture", "slot": 2, "ca": 1}},
        {"key": "wonder_stage", "card": "A_colossus",
         "params": {"card": "A_colossus", "stages": 2, "ca": 1, "res": 4}},
        {"key": "brand_new", "card": None, "params": {}},
        {"key": "end_turn", "card": None, "params": {"unused_ca": 1}},
        {"key": "discard", "card": None, "params": {}},
    ]})
    assert event_text("tta", "en", summary, NAMES) == (
        "Bo's turn: prepared an event, took Agriculture, built 2 stages of Colossus, "
        "brand new, discarded a military card.")


def test_a_summary_of_what_goes_without_saying_is_not_posted() -> None:
    """A ``turn_actions`` left with nothing to tell (only ``end_turn``, as a state saved
    before the engine left it out may hold) is not worded ("Bo's turn: nothing.")."""
    summary = Event(kind="turn_actions", seat=1, params={"actions": [
        {"key": "end_turn", "card": None, "params": {"unused_ca": 1}}]})
    for lang in LANGUAGES:
        assert event_text("tta", lang, summary, NAMES) == ""
    kept = Event(kind="turn_actions", seat=1, params={"actions": [
        {"key": "pass", "card": None, "params": {}},
        {"key": "end_turn", "card": None, "params": {}}]})
    assert event_text("tta", "en", kept, NAMES) == "Bo's turn: passed."
    many = Event(kind="discarded", seat=1, params={"count": 2})
    assert event_text("tta", "en", many, NAMES) == "Bo discards 2 military cards."


def test_a_reaction_names_the_event_or_auction_of_the_seat_whose_turn_it_is() -> None:
    """A question out of turn is put by the event the current seat revealed or the
    territory it put up for auction, not by the player alone ("Ana asks you: Development
    of Markets: …"); any other reaction names the player."""
    from types import SimpleNamespace

    from bot.wording import reaction_asker

    view = SimpleNamespace(current=0)
    markets = Prompt(seat=1, kind="event_choice", options=[], params={"event": "markets"},
                     reaction=True)
    bid = Prompt(seat=2, kind="bid", options=[], reaction=True,
                 params={"card": "I_vast_territory", "bid": 0, "bidder_seat": 0, "max": 3})
    other = Prompt(seat=1, kind="brand_new", options=[], params={}, reaction=True)
    event = name("en", "tta", "A_development_of_markets")
    assert event == "Development of Markets"
    assert reaction_asker("tta", "en", markets, view, NAMES) == (
        "Ana's event Development of Markets")
    land = name("en", "tta", "I_vast_territory")
    assert reaction_asker("tta", "en", bid, view, NAMES) == f"Ana's colonization of {land}"
    assert reaction_asker("tta", "en", other, view, NAMES) == "Ana"
    mention = t("en", "turn.reaction", mention="@Bo",
                asker=reaction_asker("tta", "en", markets, view, NAMES),
                prompt=prompt_text("tta", "en", markets, NAMES))
    assert mention.startswith("@Bo, Ana's event Development of Markets asks you: ")
    for lang in ("zh-TW", "zh-CN"):
        asker = reaction_asker("tta", lang, markets, view, NAMES)
        assert asker is not None and asker.startswith("Ana ")
        assert name(lang, "tta", "A_development_of_markets") in asker
        assert asker != t(lang, "tta.asker.event")  # a template filled, not a raw key
    # the seat whose turn it is asks nobody out of turn: no source
    own = Prompt(seat=0, kind="event_choice", options=[], params={"event": "markets"},
                 reaction=True)
    assert reaction_asker("tta", "en", own, view, NAMES) is None


def test_churchill_s_choice_and_the_science_it_restricts_are_worded() -> None:
    """Winston Churchill's once-per-turn choice (scope §14): 3 culture, or 3 science and 3
    resources for the military this turn; a technology paid partly with that science says
    so; his ``ability`` event tells either gain."""
    churchill = "III_winston_churchill"
    culture = Option(id="churchill:culture", key="churchill_culture", card=churchill,
                     group="other", params={"card": churchill, "culture": 3})
    assert option_text("tta", "en", culture, NAMES) == "Winston Churchill: +3 culture points"
    military = Option(id="churchill:military", key="churchill_military", card=churchill,
                      group="other", params={"card": churchill, "mil_sci": 3, "mil_res": 3})
    assert option_text("tta", "en", military, NAMES) == (
        "Winston Churchill: +3 science points for unit technologies and +3 resources for "
        "units, this turn")
    develop = Option(id="develop:III_rockets", key="develop", card="III_rockets",
                     params={"card": "III_rockets", "ca": 1, "sci": 6, "mil_sci": 3})
    assert option_text("tta", "en", develop, NAMES) == (
        "Develop Rockets (1 civil action, 6 science points; 3 of the science from "
        "Winston Churchill)")
    plain = develop.model_copy(update={"params": {"card": "III_rockets", "ca": 1, "sci": 6}})
    assert option_text("tta", "en", plain, NAMES) == (
        "Develop Rockets (1 civil action, 6 science points)")
    gained = Event(kind="ability", seat=1,
                   params={"card": churchill, "mil_sci": 3, "mil_res": 3})
    assert event_text("tta", "en", gained, NAMES) == (
        "Bo — Winston Churchill: +3 science points for unit technologies this turn, "
        "+3 resources for military units this turn.")
    scored = Event(kind="ability", seat=1, params={"card": churchill, "culture": 3})
    assert event_text("tta", "zh-TW", scored, NAMES) == "Bo — Winston Churchill：+3 文化點數。"


def test_every_result_breakdown_key_is_worded_for_the_thread_and_the_image() -> None:
    """The result's breakdown keys of random first and peaceful games, and every line a
    card registers for the full game's end (``scoring.FINAL_SCORING``): each has words of
    its own in every language for the thread (``tta.score.<key>``) and the final scoring
    image (``tta.render.score.<key>``), which draws it (``renderers.tta.SCORE_KEYS``)."""
    from engines.tta import scoring
    from renderers.tta import SCORE_KEYS

    keys: set[str] = set(scoring.FINAL_SCORING)
    for options in (None, PEACEFUL):
        for n in range(3):
            draws = Rng(n + 1)
            state = ENGINE.new_game(2 + n, 900 + n, options)
            while prompts := ENGINE.prompts(state):
                prompt, option = random_choice(prompts, draws)
                ENGINE.apply(state, prompt.seat, option.id)
            result = ENGINE.result(state)
            assert result is not None
            keys |= {k for score in result.scores for k in score.breakdown}
    keys.discard("total")
    assert {"culture_before", "technologies", "age_iii_events", "bill_gates"} <= keys
    assert keys <= set(SCORE_KEYS), keys - set(SCORE_KEYS)
    for lang in LANGUAGES:
        for key in keys:
            assert own_key(lang, f"tta.score.{key}"), (lang, key)
            assert own_key(lang, f"tta.render.score.{key}"), (lang, key)


def test_ending_the_turn_tells_what_churchill_gives_if_unused() -> None:
    """Churchill's choice unused in the turn scores 3 culture at its end (ruling B19): the
    ``end`` option's forecast (``churchill_culture``) shows on the button, warnings or not,
    and asks no confirmation by itself (it costs nothing)."""
    end = Option(id="end", key="end_turn", group="turn",
                 params={"uprising": False, "unused_ca": 0, "churchill_culture": 3})
    assert option_text("tta", "en", end, NAMES) == (
        "End turn (Winston Churchill: +3 culture points)")
    assert words_for("tta").warnings(end) == {}
    costly = end.model_copy(update={"params": {**end.params, "unused_ca": 2}})
    assert option_text("tta", "en", costly, NAMES) == (
        "End turn — 2 civil actions unused (Winston Churchill: +3 culture points)")
    assert option_text("tta", "zh-CN", end, NAMES) == (
        "结束回合（Winston Churchill：+3 文化点数）")
