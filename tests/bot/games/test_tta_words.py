"""Through the Ages on Discord: every option, prompt and event worded in three languages,
costs in plain words, the panel text, private twins told only to their seat, the lobby."""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from bot.components.lobby import option_words
from bot.games import words_for
from bot.games.tta import ABILITY_DETAILS, GROUPS, SUMMARY_SKIPS, TtaWords
from bot.i18n import LANGUAGES, catalogue, has, name, t
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
#: the book's first game (the engine's default is the full game)
FIRST = {"mode": "first"}
#: random peaceful full games (Ages A-III and Age IV's last round, L1936-L2111, L2249-L2255),
#: half of them with the global conflict (L2257-L2259)
PEACEFUL_GAMES = 60
PEACEFUL = {"mode": "peaceful", "global_conflict": "off"}
PEACEFUL_CONFLICT = {"mode": "peaceful", "global_conflict": "on"}
#: random full games with aggressions, wars and pacts (L1936-L2111), a player resigning
#: now and then (``RESIGN_RATE`` of the times it may, L2066-L2073)
FULL_GAMES = 60
FULL = {"mode": "full"}
RESIGN_RATE = 100
#: random short games (L2218-L2247), once the engine has the mode
SHORT_GAMES = 30
SHORT = {"mode": "short"}
ENGINE_DIR = Path(__file__).resolve().parents[3] / "engines" / "tta"
#: the reference's Chinese names (``names_zh.json``: ``None`` where none is known)
NAMES_ZH = Path("/work/shared/reference/tta/names_zh.json")


def games(
    count: int, first_seed: int = 0, options: dict[str, str] | None = None
) -> Iterator[tuple[list[Prompt], list[Event]]]:
    """Every position's open prompts and the events of the answer chosen there, over
    ``count`` uniformly random games (the first game unless ``options`` say otherwise);
    a seat resigns once in ``RESIGN_RATE`` times it may, and then confirms."""
    for n in range(count):
        draws = Rng(first_seed + n + 1)
        state = ENGINE.new_game(2 + n % 3, first_seed + n, options or FIRST)
        while prompts := ENGINE.prompts(state):
            prompt, option = choose(prompts, draws)
            yield prompts, ENGINE.apply(state, prompt.seat, option.id)


def choose(prompts: list[Prompt], draws: Rng) -> tuple[Prompt, Option]:
    """``random_choice``, but resigning is rare: chosen once in ``RESIGN_RATE`` times it is
    offered (else never), and confirmed at once (the game plays on with the others)."""
    for prompt in prompts:
        if prompt.kind == "resign":
            return prompt, next(o for o in prompt.options if o.key == "resign_confirm")
        resign = next((o for o in prompt.options if o.key == "resign"), None)
        if resign is not None and draws.below(RESIGN_RATE) == 0:
            return prompt, resign
    return random_choice(prompts, draws, ENGINE.playout_avoid | {"resign"})


def all_games() -> Iterator[tuple[list[Prompt], list[Event]]]:
    """The first games, the peaceful full games, the full games (with resignations) and
    the short games the vocabulary is read from."""
    yield from games(GAMES)
    yield from games(PEACEFUL_GAMES // 2, 10_000, PEACEFUL)
    yield from games(PEACEFUL_GAMES // 2, 20_000, PEACEFUL_CONFLICT)
    yield from games(FULL_GAMES, 30_000, FULL)
    yield from games(SHORT_GAMES, 40_000, SHORT)


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
            if event.kind == "turn_actions":  # each kind of answer a turn summary tells
                for action in event.params["actions"]:
                    events.setdefault(
                        ("turn_actions", ("key", action["key"]), action["card"] is None),
                        event.model_copy(update={"params": {"actions": [action]}}))
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
        if event.kind == "turn_actions":  # each answer in past-tense words of its own
            for action in event.params["actions"]:
                did = f"tta.did.{action['key']}"
                if action["key"] not in SUMMARY_SKIPS and not own_key(lang, did) and not (
                        action["card"] is None and own_key(lang, f"{did}_hidden")):
                    missing.append(f"turn summary {action['key']}: {text}")
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
    # the full games: aggressions defended, wars declared and resolved, pacts offered
    assert {"defend", "pact_offer"} <= kinds
    assert {"aggression", "declare_war", "offer_pact", "accept_pact"} <= keys
    assert {"aggression", "defended", "war_declared", "war_resolved", "pact_offered",
            "pact_accepted"} <= {k[0] for k in events}


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
        state = ENGINE.new_game(3, n, FIRST)
        while prompts := ENGINE.prompts(state):
            prompt, option = choose(prompts, draws)
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
    """``mode`` = the full game (the default), the short game, the peaceful full game or
    the first game, ``global_conflict`` off/on, ``peaceful_pacts`` off/on, then the
    service's deadlines: every name and value in words of the language itself."""
    offered = lobby_options(ENGINE)
    assert list(offered)[:2] == ["mode", "global_conflict"]
    modes, default = offered["mode"]
    assert {"first", "peaceful", "full"} <= set(modes) <= {"first", "peaceful", "full", "short"}
    assert default == "full"
    assert offered["global_conflict"] == (("off", "on"), "off")
    # every mode the engine knows has words, whether the lobby offers it yet or not
    from engines.tta import setup

    for mode in setup.MODES:
        assert own_key(lang, f"tta.option_value.mode.{mode}"), mode
    for option, value in (("mode", "short"), ("peaceful_pacts", "off"),
                          ("peaceful_pacts", "on")):
        assert own_key(lang, f"tta.option_value.{option}.{value}")
    assert own_key(lang, "tta.option_name.peaceful_pacts")
    for option, value in [*(("mode", m) for m in setup.MODES),
                          ("peaceful_pacts", "off"), ("peaceful_pacts", "on")]:
        label, shown = option_words("tta", lang, option, value)
        assert len(t(lang, "lobby.option_value", option=label, value=shown)) <= 100
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
    assert option_words("tta", "en", "mode", "full")[1] == (
        "full game (Ages A-IV, with aggressions, wars and pacts)")
    assert option_words("tta", "zh-CN", "mode", "short")[1].startswith("简易模式")
    assert option_words("tta", "zh-TW", "peaceful_pacts", "on")[0] == "和平遊戲的條約牌"
    assert option_words("tta", "zh-CN", "global_conflict", "on")[0] == "全球冲突"
    assert own_key(lang, "game.tta")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_help_tells_every_mode_and_how_to_resign(lang: str) -> None:
    """``/help``'s paragraph names the full game (the default), the short game, the
    peaceful full game with its pacts option and the first game with the lobby's own
    words for them, and resignation: a political action, confirmed twice, not in Age IV
    (L2071)."""
    text = t(lang, "tta.help").lower()
    words = {
        "en": ["full game", "the default", "short game", "full game, peaceful",
               "pacts in the peaceful game", "first game", "resigning", "political action",
               "confirmed twice", "age iv"],
        "zh-TW": ["完整模式", "預設", "簡易模式", "和平遊戲", "和平遊戲的條約牌", "入門遊戲",
                  "體面退出", "政治行動", "確認兩次", "時代 iv"],
        "zh-CN": ["完整模式", "默认", "简易模式", "和平游戏", "和平游戏的条约牌", "入门游戏",
                  "体面退出", "政治行动", "确认两次", "时代 iv"],
    }[lang]
    missing = [w for w in words if w not in text]
    assert missing == []
    assert t(lang, "tta.option_name.global_conflict").lower() in text
    assert t(lang, "tta.option_name.peaceful_pacts").lower() in text
    # ``/help`` is one embed: every game's paragraph within its description's 4096
    from engines.registry import engine_names

    paragraphs = [t(lang, "help.body"), *(t(lang, f"{g}.help") for g in engine_names()
                                          if has(lang, f"{g}.help"))]
    assert len("\n".join(paragraphs)) <= 4096


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
    # both branches are met: cards no source names (2015-only ones such as Cultural
    # Heritage) read in English, the community names (Bill Gates's too) in Chinese
    unnamed = {card for card in CARDS if reference[card][script] is None}
    assert "A_cultural_heritage" in unnamed and "III_bill_gates" not in unnamed
    assert name(lang, "tta", "A_cultural_heritage") == "Cultural Heritage"
    assert name(lang, "tta", "III_bill_gates") != "Bill Gates"


def test_the_game_uses_the_tta_hooks() -> None:
    words = words_for("tta")
    assert isinstance(words, TtaWords)
    assert words.private_images(object(), 0)[0][0] == "render_hand"
    assert words.seat_image(2) == ("render_civ", {"seat": 2})


def test_a_turn_is_one_seat_s_whole_turn_with_a_status_line() -> None:
    state = ENGINE.new_game(3, 5)
    words = words_for("tta")
    key = ENGINE.view(state, None).table_key
    seat = state.current
    ENGINE.apply(state, seat, "end")  # the first round: take or end (L363)
    assert ENGINE.view(state, None).table_key != key
    status = words.turn_status("en", ENGINE.view(state, None), NAMES)
    assert status is not None and status.startswith(f"{NAMES[state.current]} is playing")


def test_ending_the_turn_asks_for_a_confirmation_only_when_it_costs() -> None:
    words = words_for("tta")
    end = Option(id="end", key="end_turn", params={"uprising": False, "corruption": 0,
                                                 "unused_ca": 2, "draws": 1})
    assert words.warnings(end) == {"unused_ca": 2}
    assert t("en", "tta.warn.unused_ca", n=2) == "2 civil actions unused"
    assert words.warnings(end.model_copy(update={"params": {"unused_ca": 0}})) == {}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_end_turn_confirmation_tells_its_costs_once(lang: str) -> None:
    """The "End turn — 2 civil actions unused" label already names the costs: the panel's
    question does not repeat them (the sandbox showed them twice)."""
    from bot.delivery.boards import confirm_line

    end = Option(id="end", key="end_turn", params={"unused_ca": 2, "unused_ma": 1})
    chosen = option_text("tta", lang, end, NAMES)
    warned = t(lang, "tta.warn.unused_ca", n=2)
    assert warned in chosen
    line = confirm_line(lang, chosen, ", ".join([warned]))
    assert line.count(warned) == 1
    other = confirm_line(lang, "Spy", warned)  # a label without its costs still tells them
    assert warned in other


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
    assert event_text("tta", "zh-TW", scored, NAMES) == (
        f"Bo — {name('zh-TW', 'tta', churchill)}：+3 文化點數。")


def test_every_result_breakdown_key_is_worded_for_the_thread_and_the_image() -> None:
    """The result's breakdown keys of random first and peaceful games, and every line a
    card registers for the full game's end (``scoring.FINAL_SCORING``): each has words of
    its own in every language for the thread (``tta.score.<key>``) and the final scoring
    image (``tta.render.score.<key>``), which draws it (``renderers.tta.SCORE_KEYS``)."""
    from engines.tta import scoring
    from renderers.tta import SCORE_KEYS

    keys: set[str] = set(scoring.FINAL_SCORING)
    for options in (FIRST, PEACEFUL, FULL):
        for n in range(3):
            draws = Rng(n + 1)
            state = ENGINE.new_game(2 + n, 900 + n, options)
            while prompts := ENGINE.prompts(state):
                prompt, option = choose(prompts, draws)
                ENGINE.apply(state, prompt.seat, option.id)
            result = ENGINE.result(state)
            assert result is not None
            keys |= {k for score in result.scores for k in score.breakdown}
    keys.discard("total")
    assert {"culture_before", "technologies", "age_iii_events", "bill_gates"} <= keys
    # a resigned seat's line is worded for the thread; the image draws that seat's row
    # apart ("resigned", no score lines: ``renderers.tta``)
    drawn = keys - {"resigned"}
    assert drawn <= set(SCORE_KEYS), drawn - set(SCORE_KEYS)
    for lang in LANGUAGES:
        for key in keys:
            assert own_key(lang, f"tta.score.{key}"), (lang, key)
        for key in drawn:
            assert own_key(lang, f"tta.render.score.{key}"), (lang, key)
        assert own_key(lang, "tta.render.resigned")


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
        f"结束回合（{name('zh-CN', 'tta', 'III_winston_churchill')}：+3 文化点数）")


# -- resignation, the short game, Scientific Cooperation (issue 10) -------------------------
def resign_prompt(remaining: int = 2) -> Prompt:
    """The engine's confirmation of a resignation (``resign``: confirm or back)."""
    return Prompt(seat=1, kind="resign", private=True,
                  params={"remaining": remaining, "war_culture": 7}, options=[
        Option(id="resign:confirm", key="resign_confirm", group="turn",
               params={"final": True, "remaining": remaining}),
        Option(id="resign:back", key="resign_back", group="turn", params={})])


@pytest.mark.parametrize("lang", LANGUAGES)
def test_resigning_is_worded_and_confirmed_twice(lang: str) -> None:
    """Resignation (L2066-L2073): the option in the "Other" menu, the engine's question
    (it cannot be undone; the wars are cancelled and each declarer on you scores 7
    culture), then the panel's confirmation of the final answer, which says the seat
    leaves the game for good instead of "the others will see it"."""
    words = words_for("tta")
    resign = Option(id="resign", key="resign", group="other", params={})
    assert words.warnings(resign) == {}  # the first step can still go back
    text = option_text("tta", lang, resign, NAMES)
    assert own_key(lang, "tta.option.resign") and text == t(lang, "tta.option.resign")
    prompt = resign_prompt()
    asked = prompt_text("tta", lang, prompt, NAMES)
    assert WORDS.prompt(lang, prompt, {})[0] == "resign" and "7" in asked and "{" not in asked
    confirm, back = prompt.options
    assert words.warnings(confirm) == {"resign": True}  # the panel's second confirmation
    assert own_key(lang, "tta.warn.resign")
    assert "2" in option_text("tta", lang, confirm, NAMES)
    assert option_text("tta", lang, back, NAMES) == t(lang, "tta.option.resign_back")
    last = confirm.model_copy(update={"params": {"final": True, "remaining": 1}})
    assert WORDS.option(lang, last, {})[0] == "resign_confirm_last"
    if lang == "en":
        assert asked == (
            "Resign from the game? Your civilization and all your cards leave the game for "
            "good; this cannot be undone. Every war declared by you or on you is cancelled; "
            "each player who declared war on you scores 7 culture points.")
        assert option_text("tta", lang, confirm, NAMES) == (
            "Yes, resign for good (2 players play on)")
        assert option_text("tta", lang, last, NAMES) == (
            "Yes, resign for good (the last player left wins)")
    assert own_key(lang, "tta.step.resign")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_resignation_is_told_in_the_thread(lang: str) -> None:
    """``resigned``: who left, how many play on, the 7 culture of each declarer of a war on
    them; each cancelled war and each of their pacts that ends; the last one left wins."""
    resigned = Event(kind="resigned", seat=1,
                     params={"remaining": 2, "declarers": [0, 2], "culture": 7})
    text = event_text("tta", lang, resigned, NAMES)
    assert text.startswith("Bo") and "2" in text and "7" in text
    assert "Ana" in text and "Cy" in text and "{" not in text
    quiet = Event(kind="resigned", seat=1, params={"remaining": 3, "declarers": [],
                                                   "culture": 7})
    alone = Event(kind="resigned", seat=1, params={"remaining": 1, "declarers": [],
                                                   "culture": 7})
    assert WORDS.event(lang, alone, {})[0] == "resigned_last"
    cancelled = Event(kind="war_cancelled", seat=None, params={
        "card": "II_war_over_territory", "attacker_seat": 1, "defender_seat": 3})
    ended = Event(kind="pact_ended", seat=None, params={
        "card": "II_scientific_cooperation", "owner_seat": 1, "partner_seat": 2,
        "reason": "resigned"})
    assert WORDS.event(lang, ended, {})[0] == "pact_ended_resigned"
    for event in (quiet, alone, cancelled, ended):
        worded = event_text("tta", lang, event, NAMES)
        assert "{" not in worded and "Bo" in worded, worded
    assert name(lang, "tta", "II_scientific_cooperation") in event_text("tta", lang, ended, NAMES)
    if lang == "en":
        assert text == ("Bo resigns and leaves the game; 2 players play on. Ana, Cy, who "
                        "declared war on them, score 7 culture points each.")
        assert event_text("tta", lang, quiet, NAMES) == (
            "Bo resigns and leaves the game; 3 players play on.")
        one = resigned.model_copy(update={"params": {**resigned.params, "declarers": [3]}})
        assert event_text("tta", lang, one, NAMES) == (
            "Bo resigns and leaves the game; 2 players play on. Di, who declared war on "
            "them, scores 7 culture points.")
        assert event_text("tta", lang, cancelled, NAMES) == (
            "War over Territory declared by Bo on Di is cancelled.")
    if lang == "zh-CN":
        assert "体面退出" in text


@pytest.mark.parametrize("lang", LANGUAGES)
def test_war_over_technology_s_spoils_tell_technologies_and_the_rest_as_science_C13(
        lang: str) -> None:
    """Ruling C13: the winner takes special technologies, then the rest as science — the
    option says "the rest as science" with its amount, and the resolution names both the
    technologies and the science taken (or either alone)."""
    rest = Option(id="science", key="war_rest_science", params={"science": 2})
    worded = option_text("tta", lang, rest, NAMES)
    assert "2" in worded and "{" not in worded and "war_rest_science" not in worded
    both = Event(kind="war_resolved", seat=None, params={
        "card": "II_war_over_technology", "attacker_seat": 0, "defender_seat": 1,
        "winner_seat": 0, "advantage": 12, "strengths": [14, 2],
        "technologies": ["I_code_of_laws", "I_cartography"], "science": 2})
    text = event_text("tta", lang, both, NAMES)
    for card in ("I_code_of_laws", "I_cartography"):
        assert name(lang, "tta", card) in text
    assert t(lang, "tta.spoils.science", n=2) in text and "{" not in text
    techs_only = both.model_copy(update={"params": {**both.params, "science": 0}})
    assert t(lang, "tta.spoils.science", n=0) not in event_text("tta", lang, techs_only, NAMES)
    science_only = both.model_copy(update={"params": {
        k: v for k, v in both.params.items() if k != "technologies"}})
    assert t(lang, "tta.spoils.science", n=2) in event_text("tta", lang, science_only, NAMES)
    nothing = both.model_copy(update={"params": {**science_only.params, "science": 0}})
    assert event_text("tta", lang, nothing, NAMES) == t(
        lang, "tta.event.war_resolved_empty", card=name(lang, "tta", "II_war_over_technology"),
        winner_seat="Ana", advantage=12, loser="Bo")  # never "takes nothing" in Chinese
    if lang == "en":
        assert worded == "Take the rest as science (2)"
        assert text == ("War over Technology: Ana wins by 12 and takes Code of Laws, "
                        "Cartography and 2 science points from Bo.")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_last_player_standing_wins_and_the_resigned_rank_last(lang: str) -> None:
    """The result of a game won by the last player left (``last_standing``): the victory
    and the resigned seats' ``resigned`` line in words, never the raw key or "resigned 1"."""
    result = GameResult(victory="last_standing", winners=[2], scores=[
        SeatScore(seat=2, total=40, rank=1, breakdown={"total": 40}),
        SeatScore(seat=0, total=55, rank=2, breakdown={"resigned": 1, "total": 55}),
        SeatScore(seat=1, total=30, rank=2, breakdown={"resigned": 1, "total": 30})])
    lines = result_lines("tta", lang, 4, result, NAMES)
    text = "\n".join(lines)
    assert t(lang, "tta.victory.last_standing") in lines[0] and "last_standing" not in text
    assert text.count(t(lang, "tta.score_item.resigned")) == 2
    assert "resigned 1" not in text and own_key(lang, "tta.score.resigned")
    if lang == "en":
        assert lines[0] == "🏁 Game #4 is over — the last player left in the game"
        assert lines[1] == "Winner: Cy"
        assert "   resigned (ranked last)" in lines


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_short_game_s_words(lang: str) -> None:
    """The short game (L2218-L2247): the Age III event kept at the end of Age I (public:
    that one was kept; private: which, and which was discarded), War over Culture
    declared with another war card, the Age II wonders' line of the final scoring."""
    keep = Prompt(seat=0, kind="short_keep", private=True, reaction=True, params={}, options=[
        Option(id="keep:III_impact_of_science", key="short_keep",
               params={"card": "III_impact_of_science", "discard": "III_impact_of_wonders"}),
        Option(id="keep:III_impact_of_wonders", key="short_keep",
               params={"card": "III_impact_of_wonders", "discard": "III_impact_of_science"})])
    assert "{" not in prompt_text("tta", lang, keep, NAMES)
    assert WORDS.prompt(lang, keep, {})[0] == "short_keep"
    science = name(lang, "tta", "III_impact_of_science")
    wonders = name(lang, "tta", "III_impact_of_wonders")
    kept = option_text("tta", lang, keep.options[0], NAMES)
    assert science in kept and wonders in kept and kept.index(science) < kept.index(wonders)
    public = Event(kind="short_event_kept", seat=2, params={})
    private = Event(kind="short_event_kept_card", seat=2, visible_to=[2],
                    params={"card": "III_impact_of_science", "discard": "III_impact_of_wonders"})
    told = event_text("tta", lang, public, NAMES)
    assert "Cy" in told and science not in told and wonders not in told
    assert science in event_text("tta", lang, private, NAMES)
    war = Option(id="war_culture:II_war_over_territory:1", key="declare_war_over_culture",
                 params={"card": "II_war_over_territory", "war": "III_war_over_culture",
                         "ma": 2, "target_seat": 1, "final": True})
    culture = name(lang, "tta", "III_war_over_culture")
    territory = name(lang, "tta", "II_war_over_territory")
    declared = Event(kind="war_declared", seat=0, params={
        "card": "III_war_over_culture", "played": "II_war_over_territory", "target_seat": 1,
        "ma": 2})
    for text in (option_text("tta", lang, war, NAMES), event_text("tta", lang, declared, NAMES)):
        assert culture in text and territory in text and "Bo" in text and "{" not in text
    assert own_key(lang, "tta.score.age_ii_wonders")
    line = Event(kind="final_scored", seat=0, params={"line": "age_ii_wonders", "culture": 12})
    assert t(lang, "tta.score.age_ii_wonders") in event_text("tta", lang, line, NAMES)
    if lang == "en":
        assert kept == "Keep Impact of Science (discard Impact of Wonders)"
        assert option_text("tta", lang, war, NAMES) == (
            "Declare War over Culture on Bo, playing War over Territory (2 military actions)")
        assert event_text("tta", lang, declared, NAMES) == (
            "Ana plays War over Territory to declare War over Culture on Bo (2 military "
            "actions); it is resolved at the start of Ana's next turn.")
        assert event_text("tta", lang, line, NAMES) == (
            "Final scoring — Ana: Age II wonders +12 culture points.")


def test_scientific_cooperation_s_share_is_told_on_develop_and_revolution() -> None:
    """A development a Scientific Cooperation partner pays part of says so, on the option
    and in the thread (``partner_seat``, ``partner_sci``; ``develop.SCIENCE_SHARES``)."""
    develop = Option(id="develop:I_alchemy", key="develop", card="I_alchemy", group="play",
                     params={"card": "I_alchemy", "ca": 1, "sci": 2, "partner_seat": 0,
                             "partner_sci": 1})
    assert option_text("tta", "en", develop, NAMES) == (
        "Develop Alchemy (1 civil action, 2 science points; Ana adds 1 science point)")
    revolution = Option(id="revolution:I_monarchy", key="revolution", card="I_monarchy",
                        params={"card": "I_monarchy", "ca": 4, "sci": 1, "partner_seat": 2,
                                "partner_sci": 1})
    assert option_text("tta", "zh-CN", revolution, NAMES).endswith("；Cy 另付 1 科学点数）")
    developed = Event(kind="developed", seat=1, params={
        "card": "I_alchemy", "sci": 2, "partner_seat": 0, "partner_sci": 1})
    assert event_text("tta", "en", developed, NAMES) == (
        "Bo develops Alchemy (2 science points; Ana adds 1 science point).")
    alone = develop.model_copy(update={"params": {"card": "I_alchemy", "ca": 1, "sci": 3}})
    assert option_text("tta", "en", alone, NAMES) == (
        "Develop Alchemy (1 civil action, 3 science points)")


def test_the_partner_of_an_unequal_pact_is_told_its_side() -> None:
    """L2055: the offerer names its side of an unequal pact, so the partner's question says
    which side it would take; a symmetric pact's question names none."""
    unequal = Prompt(seat=1, kind="pact_offer", params={
        "card": "II_acceptance_of_supremacy", "offerer_seat": 0, "side": "b"}, options=[])
    assert prompt_text("tta", "en", unequal, NAMES) == (
        "Ana offers you Acceptance of Supremacy; you would take side B. Accept or refuse?")
    symmetric = Prompt(seat=1, kind="pact_offer", params={
        "card": "III_peace_treaty", "offerer_seat": 0}, options=[])
    assert prompt_text("tta", "en", symmetric, NAMES) == (
        "Ana offers you Peace Treaty. Accept or refuse?")


def test_the_political_phase_names_the_full_game_s_actions() -> None:
    """With an aggression, a war, a pact or resigning among its options, the political
    phase's question names the kinds of political action offered, not just events."""
    plain = Prompt(seat=0, kind="politics", options=[
        Option(id="pass", key="pass", group="turn"),
        Option(id="event:I_foray", key="prepare_event", params={"card": "I_foray"})])
    assert prompt_text("tta", "en", plain, NAMES) == (
        "Your political phase: prepare an event, or pass.")
    more = plain.model_copy(update={"options": [
        *plain.options, Option(id="resign", key="resign", group="other"),
        Option(id="war:II_war_over_territory:1", key="declare_war",
               params={"card": "II_war_over_territory", "target_seat": 1, "ma": 2})]})
    assert prompt_text("tta", "en", more, NAMES) == (
        "Your political phase: prepare an event, declare a war, resign — or pass.")
    assert prompt_text("tta", "zh-CN", more, NAMES) == (
        "你的政治阶段：筹划事件、宣战、体面退出，或跳过。")
    for lang in LANGUAGES:
        assert WORDS.prompt(lang, more, {})[0] == "politics_more"
        for kind in ("event", "aggression", "war", "pact", "cancel_pact", "resign"):
            assert own_key(lang, f"tta.politics.{kind}")


@pytest.mark.slow
def test_random_full_games_resign() -> None:
    """The vocabulary's full games reach a resignation (option, question, event, the
    ranks of a finished game), so the words test above checks them in every language."""
    prompts, options, events = vocabulary()
    assert "resign" in {k[0] for k in prompts}
    assert {"resign", "resign_confirm", "resign_back"} <= {k[1] for k in options}
    assert "resigned" in {k[0] for k in events}


@pytest.mark.slow
def test_random_short_games_keep_their_events() -> None:
    """The vocabulary's short games reach the events kept at the end of Age I and the
    final scoring's Age II wonders, so the words test above checks them too."""
    prompts, options, events = vocabulary()
    assert "short_keep" in {k[0] for k in prompts}
    assert "short_keep" in {k[1] for k in options}
    assert {"short_event_kept", "short_event_kept_card"} <= {k[0] for k in events}
    assert any(k[0] == "impact_scored" and "final" in k[1] for k in events)


def test_the_political_phase_has_a_menu_per_kind_of_card() -> None:
    """Platform §5.3: the political phase's panel has a menu of events to prepare, one of
    aggressions and wars, one of pacts to offer, "Other" (cancel a pact, resign…), and
    its buttons (pass, undo); the action phase's ``play`` menu is left as it is."""
    from bot.components.prompt import menu_plan

    def option(ident: str, key: str, group: str, **params: Any) -> Option:
        return Option(id=ident, key=key, group=group, params=params)

    politics = Prompt(seat=0, kind="politics", layout="panel", options=[
        option("event:I_foray", "prepare_event", "play", card="I_foray", culture=1),
        option("aggression:I_raid:1", "aggression", "play", card="I_raid", target_seat=1,
               ma=2),
        option("war:II_war_over_territory:1", "declare_war", "play",
               card="II_war_over_territory", target_seat=1, ma=2),
        option("pact:II_open_borders_agreement:1", "offer_pact", "play",
               card="II_open_borders_agreement", partner_seat=1),
        option("resign", "resign", "other"),
        option("pass", "pass", "turn")])
    plan = menu_plan("tta", politics, "en", 4)
    assert [m.label for m in plan.menus] == [
        "Prepare an event (1)", "Aggression / war (2)", "Offer a pact (1)", "Other (1)"]
    assert plan.buttons == [5]
    action = Prompt(seat=0, kind="action", layout="panel", options=[
        option("tactic:I_legion", "play_tactic", "play", card="I_legion", ma=1)])
    assert [m.label for m in menu_plan("tta", action, "en", 4).menus] == ["Play a card (1)"]
