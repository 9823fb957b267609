"""The 7 Wonders renderer draws real positions (played by the engine) as readable PNGs."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, get_args

import pytest
from PIL import ImageStat

from engines.registry import get_engine
from engines.seven_wonders import catalogue as cat
from engines.seven_wonders.view import BuildStatus, ChoiceView, CityView, SevenWondersView
from i18n import LANGUAGES
from renderers import kit
from renderers import seven_wonders as sw
from tests.renderers.render_helpers import check_render_words, decode, literal_words

NAMES = ["Ana", "陳大文", "Bartholomew the Long-Named", "李小龍", "Eve", "Fátima", "Gus"]
#: how often each kind of option is picked: mostly builds, so cities fill up as in real games
WEIGHTS = {"build": 8, "wonder": 3, "sell": 1}

Stop = Callable[[Any], bool]


def play(players: int, seed: int, stop: Stop | None, options: dict[str, str] | None = None) -> Any:
    """A game state after weighted random legal answers until ``stop(state)`` or the end."""
    engine = get_engine("seven_wonders")
    state = engine.new_game(players, seed, options)
    rng = random.Random(seed)
    while engine.result(state) is None:
        if stop is not None and stop(state):
            break
        prompts = [p for p in engine.prompts(state) if p.kind != "waiting" and p.options]
        prompt = rng.choice(prompts)
        weights = [WEIGHTS.get(o.id.split(":")[0], 1) for o in prompt.options]
        engine.apply(state, prompt.seat, rng.choices(prompt.options, weights)[0].id)
    return state


POSITIONS: dict[str, Stop | None] = {
    "start": lambda s: s.phase == "play" and s.age == 1,
    "mid": lambda s: s.phase == "play" and s.age == 2 and s.turn >= 3,
    "end": None,
}


@pytest.fixture(scope="module")
def states() -> dict[tuple[int, str], Any]:
    return {(n, key): play(n, 20 + n, stop) for n in (3, 7) for key, stop in POSITIONS.items()}


def view(state: Any, seat: int | None) -> SevenWondersView:
    v = get_engine("seven_wonders").view(state, seat)
    assert isinstance(v, SevenWondersView)
    return v


def test_positions_are_what_their_names_say(states: dict[tuple[int, str], Any]) -> None:
    for n in (3, 7):
        start, mid, end = (view(states[(n, k)], None) for k in ("start", "mid", "end"))
        assert start.age == 1 and start.turn == 1 and start.players == n
        assert mid.age == 2 and mid.turn >= 3
        assert end.result is not None and len(end.result.scores) == n


@pytest.mark.parametrize("players", [3, 7])
@pytest.mark.parametrize("key", list(POSITIONS))
@pytest.mark.parametrize("lang", ["en", "zh-TW"])
def test_table_hand_and_city_render_valid_pngs(
    states: dict[tuple[int, str], Any], players: int, key: str, lang: str
) -> None:
    state = states[(players, key)]
    names = NAMES[:players]
    table = decode(sw.render_table(view(state, None), lang, names))
    assert table.format == "PNG" and table.mode == "P"  # kit.encode: an 8-bit palette
    assert table.width == sw.WIDTH
    assert sw.header_height(view(state, None)) + 300 <= table.height <= 3200
    hand = decode(sw.render_hand(view(state, 0), lang, names))
    assert hand.width == sw.WIDTH and hand.height > sw.CARD_H
    city = decode(sw.render_city(view(state, None), players - 1, lang, names))
    assert city.width == sw.CITY_IMAGE_W


def test_seven_players_get_a_compact_scoreboard(states: dict[tuple[int, str], Any]) -> None:
    """Issue 18: at seven the table is a scoreboard (each board its own picture, on demand);
    every board is named in full on it."""
    v = view(states[(7, "end")], None)
    assert not sw.table_shows_cities(v)
    im = sw.table_image(v, "en", NAMES)
    assert im.width == 1000
    assert im.height < 1.5 * im.width
    assert sw.table_shows_cities(view(states[(3, "end")], None))


def test_no_stage_count_before_a_side_is_chosen() -> None:
    """The board choice shows the boards; a city without a side shows no "0/0" stages."""
    state = play(3, 5, lambda s: True, {"wonders": "choose", "sides": "choose"})
    own = view(state, 0)
    assert own.phase == "choose_board" and own.boards_offered
    with kit.glyph_sizes() as sizes:
        im = sw.sides_image(own, "en", NAMES[:3])
    assert im.width == 1000 and min(sizes) >= kit.MIN_GLYPH
    assert im.height > len(own.boards_offered) * sw.STAGE_H * 2


def test_language_changes_the_picture(states: dict[tuple[int, str], Any]) -> None:
    v = view(states[(3, "mid")], None)
    en = sw.table_image(v, "en", NAMES)
    tw = sw.table_image(v, "zh-TW", NAMES)
    header = (0, 0, sw.WIDTH, sw.HEADER_H)
    assert en.crop(header).tobytes() != tw.crop(header).tobytes()


def _swap_hidden_hands(state: Any) -> Any:
    """The same position with different hidden hands: seats 0 and 1 swap theirs (same sizes,
    so every public fact is unchanged) and every hand is reversed."""
    engine = get_engine("seven_wonders")
    other = engine.copy(state)
    other.hands[0], other.hands[1] = other.hands[1], other.hands[0]
    for hand in other.hands:
        hand.reverse()
    return other


@pytest.mark.parametrize("players", [3, 7])
def test_table_shows_only_the_public_view(states: dict[tuple[int, str], Any], players: int) -> None:
    state = states[(players, "mid")]
    other = _swap_hidden_hands(state)
    assert other.hands != state.hands
    public = sw.render_table(view(state, None), "en", NAMES)
    assert sw.render_table(view(other, None), "en", NAMES) == public
    # a seat's private view handed to the table renderer still draws only public facts
    assert sw.render_table(view(state, 0), "en", NAMES) == public
    # while the private hand image does show the hand (so the comparison above means something)
    assert sw.render_hand(view(state, 0), "en", NAMES) != sw.render_hand(
        view(other, 0), "en", NAMES
    )


def test_choices_made_are_not_shown_on_the_table(states: dict[tuple[int, str], Any]) -> None:
    """Once a seat has chosen, the table only stops saying it is choosing: which card or
    action it picked does not change the picture."""
    engine = get_engine("seven_wonders")
    state = states[(3, "mid")]
    pictures = set()
    prompt = next(p for p in engine.prompts(state) if p.seat == 0)
    for option in prompt.options[:6]:
        s = engine.copy(state)
        engine.apply(s, 0, option.id)
        follow = next((p for p in engine.prompts(s) if p.seat == 0), None)
        if follow is not None and follow.kind == "payment":
            engine.apply(s, 0, follow.options[0].id)
        assert 0 not in view(s, None).waiting_for
        pictures.add(sw.render_table(view(s, None), "en", NAMES))
    assert len(pictures) == 1


def _hand_view_with(state: Any, status: str) -> tuple[SevenWondersView, tuple[int, ...]]:
    v = view(state, 0)
    assert v.hand
    first = v.hand[0].model_copy(
        update={"build": status, "build_cost": None if status == "cannot_afford" else 0}
    )
    v = v.model_copy(update={"hand": [first, *v.hand[1:]]})
    return v, sw.hand_card_boxes(v)[0]


def test_unbuildable_card_is_drawn_differently_from_a_free_one(
    states: dict[tuple[int, str], Any],
) -> None:
    state = states[(7, "mid")]
    free_view, box = _hand_view_with(state, "free")
    blocked_view, box2 = _hand_view_with(state, "cannot_afford")
    assert box == box2
    free = sw.hand_image(free_view, "en", NAMES).crop(box)
    blocked = sw.hand_image(blocked_view, "en", NAMES).crop(box)
    assert free.tobytes() != blocked.tobytes()
    # the card body (above the status strip) is dimmed, not just relabelled
    body = (8, sw.BAND_H + 4, sw.CARD_W - 8, sw.CARD_H - sw.STATUS_H - 4)
    free_light = sum(ImageStat.Stat(free.crop(body).convert("L")).mean)
    blocked_light = sum(ImageStat.Stat(blocked.crop(body).convert("L")).mean)
    assert blocked_light < free_light * 0.8


def test_real_hands_carry_their_build_status(states: dict[tuple[int, str], Any]) -> None:
    """Every status the engine gives draws (no KeyError on a label), in both languages."""
    seen: set[str] = set()
    for (n, key), state in states.items():
        if key == "end":
            continue
        for seat in range(n):
            v = view(state, seat)
            seen.update(h.build for h in v.hand)
            sw.hand_image(v, "zh-TW", NAMES)
    assert {"coins", "free"} & seen


def test_result_shows_the_score_table(states: dict[tuple[int, str], Any]) -> None:
    v = view(states[(7, "end")], None)
    assert v.result is not None
    playing = v.model_copy(update={"result": None})
    with_scores = sw.table_image(v, "en", NAMES)
    without = sw.table_image(playing, "en", NAMES)
    top = sw.header_height(v) + 8
    assert sw.header_height(v) < sw.header_height(playing)  # no "who is choosing" line
    assert with_scores.height - sw.score_height(v) - top == without.height - (
        sw.header_height(playing) + 8
    )
    area = (0, top, sw.WIDTH, top + sw.score_height(v))
    assert with_scores.crop(area).tobytes() != without.crop(area).tobytes()


def test_setup_phases_render() -> None:
    """Boards offered in turn, then both sides shown while sides are chosen."""
    options = {"wonders": "choose", "sides": "choose"}
    boards = play(4, 3, lambda s: True, options)
    assert boards.phase == "choose_board"
    sides = play(4, 3, lambda s: s.phase == "choose_side", options)
    assert sides.phase == "choose_side"
    for state in (boards, sides):
        for lang in ("en", "zh-TW"):
            decode(sw.render_table(view(state, None), lang, NAMES))
            decode(sw.render_hand(view(state, 0), lang, NAMES))


def test_missing_names_and_unknown_language_fall_back(
    states: dict[tuple[int, str], Any],
) -> None:
    im = decode(sw.render_table(view(states[(3, "start")], None), "fr", None))
    assert im.width == sw.WIDTH


def test_every_card_and_stage_draws() -> None:
    """Each card's tile and chip, and each wonder stage built and unbuilt, in every language."""
    for lang in LANGUAGES:
        for cid in cat.CARDS:
            assert sw.card_tile(cid, lang).size == (sw.CARD_W, sw.CARD_H)
            assert sw.building_chip(cid, lang).height == sw.CHIP_H
        for wid, wonder in cat.WONDERS.items():
            for side, sd in wonder.sides.items():
                for i in range(len(sd.stages)):
                    for age in (0, 2):
                        assert sw.stage_tile(wid, side, i + 1, age, 200, lang).width == 200


def test_concurrent_renders_match(states: dict[tuple[int, str], Any]) -> None:
    """The bot renders in worker threads: shared caches must not garble a picture."""
    from concurrent.futures import ThreadPoolExecutor

    kit.clear_caches()
    sw.building_chip.cache_clear()
    jobs = [view(states[(7, k)], None) for k in ("mid", "end")] * 3
    with ThreadPoolExecutor(max_workers=4) as pool:
        results = list(pool.map(lambda v: sw.render_table(v, "zh-TW", NAMES), jobs))
    for v, png in zip(jobs, results, strict=True):
        assert png == sw.render_table(v, "zh-TW", NAMES)


# -- the translation layer ------------------------------------------------------------------


def test_every_table_and_hand_word_is_in_every_language() -> None:
    """The images' words are ``seven_wonders.render.*`` keys in English, 繁體 and 简体 with the
    same placeholders: the ones written in the source, the two board sides, a label per hand
    card status (a price says "costs n") and per chosen action, a score column per category,
    a letter per resource; and no key the images never ask for."""
    literal = literal_words(sw)
    assert {"over", "wins", "tie", "cost_n", "pass_left", "neighbours"} <= literal
    side = get_args(CityView.model_fields["side"].annotation)[0]
    action = ChoiceView.model_fields["action"].annotation
    words = literal | set(get_args(side)) | (set(get_args(BuildStatus)) - {"coins"})
    words |= {f"act_{a}" for a in get_args(action)} | set(sw.SCORE_KEYS)
    check_render_words("seven_wonders", words | {f"res.{r}" for r in cat.RESOURCES})


def test_resource_letters_follow_the_language() -> None:
    assert [sw.res_letters("en")[r] for r in ("ore", "textile")] == ["O", "T"]
    assert sw.res_letters("zh-TW")["ore"] == "礦" and sw.res_letters("zh-CN")["ore"] == "矿"
    assert set(sw.res_letters("zh-CN")) == set(cat.RESOURCES)
