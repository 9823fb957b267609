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
from bot.games.tta import GROUPS, TtaWords
from bot.i18n import LANGUAGES, catalogue, name, t
from bot.views.lobby import option_words
from bot.wording import event_text, option_text, prompt_text
from engines.core.contract import Event, Option, Prompt
from engines.core.playout import random_choice
from engines.core.rng import Rng
from engines.tta.engine import TtaEngine
from games.service import lobby_options

ENGINE = TtaEngine()
NAMES = {0: "Ana", 1: "Bo", 2: "Cy", 3: "Di"}
WORDS = TtaWords()
#: random games played for the vocabulary (2, 3 and 4 players in turn)
GAMES = 240
ENGINE_DIR = Path(__file__).resolve().parents[3] / "engines" / "tta"


def games(count: int, first_seed: int = 0) -> Iterator[tuple[list[Prompt], list[Event]]]:
    """Every position's open prompts and the events of the answer chosen there, over
    ``count`` uniformly random games."""
    for n in range(count):
        draws = Rng(first_seed + n + 1)
        state = ENGINE.new_game(2 + n % 3, first_seed + n)
        while prompts := ENGINE.prompts(state):
            prompt, option = random_choice(prompts, draws)
            yield prompts, ENGINE.apply(state, prompt.seat, option.id)


@cache
def vocabulary() -> tuple[dict[Any, Prompt], dict[Any, Option], dict[Any, Event]]:
    """One prompt, option and event per distinct kind and param names (what the hooks
    branch on) met in ``GAMES`` random games."""
    prompts: dict[Any, Prompt] = {}
    options: dict[Any, Option] = {}
    events: dict[Any, Event] = {}
    for open_prompts, answered in games(GAMES):
        for prompt in open_prompts:
            prompts.setdefault((prompt.kind, prompt.params.get("bidder_seat") is None), prompt)
            for option in prompt.options:
                sign = tuple(sorted(k for k, v in option.params.items() if v))
                options.setdefault((prompt.kind, option.key, sign), option)
        for event in answered:
            sign = tuple(sorted(k for k, v in event.params.items() if v))
            events.setdefault((event.kind, sign), event)
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
def test_lobby_offers_the_mode_first_and_a_deadline_in_words(lang: str) -> None:
    offered = lobby_options(ENGINE)
    assert list(offered)[:2] == ["mode", "deadline"]
    assert offered["mode"] == (("first",), "first")
    for option in ("mode", "deadline"):
        for value in offered[option][0]:
            label, shown = option_words("tta", lang, option, value)
            worded = [f"{scope}.option_value.{option}.{value}" for scope in ("tta", "lobby")]
            assert any(own_key(lang, k) for k in worded), (option, value)
            assert label != option, option
    assert option_words("tta", "zh-TW", "mode", "first")[1] == "入門遊戲（規則書的第一局）"
    assert own_key(lang, "game.tta")
    assert own_key(lang, "tta.option_name.mode") and own_key(lang, "tta.option_value.mode.first")


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
