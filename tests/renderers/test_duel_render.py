"""The Duel board renders real positions (played by the engine) as readable PNGs."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from PIL import Image

from engines.duel import catalogue as cat
from engines.duel.scoring import BREAKDOWN_KEYS
from engines.duel.view import DuelView
from engines.registry import get_engine
from i18n import t
from renderers import duel, kit
from tests.renderers.render_helpers import check_render_words, decode, literal_words

NAMES = ["Ana", "陳大文"]


def play_until(seed: int, stop: Callable[[DuelView], bool]) -> DuelView:
    """Play random legal options from a fresh game until ``stop(view)`` (or the game ends)."""
    engine = get_engine("duel")
    rng = random.Random(seed)
    state = engine.new_game(2, seed)
    while True:
        view = engine.view(state, None)
        assert isinstance(view, DuelView)
        prompts = engine.prompts(state)
        if not prompts or stop(view):
            return view
        prompt = prompts[0]
        engine.apply(state, prompt.seat, rng.choice(prompt.options).id)


def taken(view: DuelView) -> int:
    return sum(s.taken for s in view.structure)


POSITIONS: dict[str, Callable[[DuelView], bool]] = {
    "draft_start": lambda v: True,
    "age1_early": lambda v: v.age == 1 and taken(v) >= 3,
    # Age I is over and Age II already laid out while the weaker player chooses who starts
    "age2_choice": lambda v: v.phase == "choose_start" and v.age == 2,
    "age2_mid": lambda v: v.age == 2 and taken(v) >= 8,
    "age3_mid": lambda v: v.age == 3 and taken(v) >= 6,
    "finished": lambda v: False,
}


@pytest.fixture(scope="module")
def views() -> dict[str, DuelView]:
    """One view per position; a seed whose game never reaches it (early supremacy) is skipped."""
    found: dict[str, DuelView] = {}
    for key, stop in POSITIONS.items():
        for seed in range(11, 40):
            view = play_until(seed, stop)
            if stop(view) or (key == "finished" and view.result is not None):
                found[key] = view
                break
    assert set(found) == set(POSITIONS)
    return found


def test_positions_are_what_their_names_say(views: dict[str, DuelView]) -> None:
    assert views["draft_start"].phase == "draft" and len(views["draft_start"].wonder_offer) == 4
    assert views["age1_early"].age == 1
    assert views["age2_mid"].age == 2
    assert views["age3_mid"].age == 3
    assert views["finished"].result is not None


@pytest.mark.parametrize("key", list(POSITIONS))
@pytest.mark.parametrize("lang", ["en", "zh-TW", "zh-CN"])
def test_renders_a_png_of_the_expected_size(
    views: dict[str, DuelView], key: str, lang: str
) -> None:
    im = decode(duel.render_board(views[key], lang, NAMES))
    assert im.format == "PNG" and im.mode == "P"  # kit.encode: an 8-bit palette
    assert im.width == duel.WIDTH
    # header + track + structure + two city panels at least 300 px high, at most a long city
    assert duel.STRUCT_Y + duel.struct_height(views[key]) + 300 <= im.height <= 2400


def _crop(im: Image.Image, box: tuple[int, int, int, int], strip: int) -> bytes:
    """The top ``strip`` px of a card, inside its rounded corners (always left uncovered)."""
    x0, y0, x1, _ = box
    return im.crop((x0 + 12, y0 + 3, x1 - 12, y0 + strip)).tobytes()


def _tile_on_bg(tile: Image.Image) -> Image.Image:
    bg = Image.new("RGB", tile.size, kit.BG)
    bg.paste(tile, (0, 0), tile)
    return bg


def _assert_slots_drawn(view: DuelView) -> None:
    """Every face-down slot shows its back, every face-up slot its own card."""
    im = duel.render_image(view, "en", NAMES)
    boxes = duel.slot_boxes(view)
    down = [s for s in view.structure if not s.taken and s.card is None]
    up = [s for s in view.structure if not s.taken and s.card is not None]
    assert down and up
    for slot in down + up:
        x0, y0, x1, y1 = boxes[slot.slot]
        rendered = _crop(im, boxes[slot.slot], 14)
        back = _crop(_tile_on_bg(duel.back_tile(slot.back)), (0, 0, x1 - x0, y1 - y0), 14)
        if slot.card is None:
            assert rendered == back, f"slot {slot.slot} should show the {slot.back} back"
        else:
            face = duel.card_tile(slot.card, "en", not slot.accessible)
            assert rendered != back, f"slot {slot.slot} is face up but drawn as a back"
            assert rendered == _crop(_tile_on_bg(face), (0, 0, x1 - x0, y1 - y0), 14)


def test_face_down_slots_show_their_back_and_face_up_slots_their_card(
    views: dict[str, DuelView],
) -> None:
    _assert_slots_drawn(views["age2_mid"])


def test_starter_choice_shows_the_next_age_laid_out(views: dict[str, DuelView]) -> None:
    """Rulebook 時代結束: the next Age is prepared before the weaker player chooses who
    starts it, so the image of the choice shows Age II's 12 face-up cards, all untaken."""
    view = views["age2_choice"]
    assert view.prompt_kind == "start" and view.active_seat is not None
    assert not any(s.taken for s in view.structure)
    assert sum(s.card is not None for s in view.structure) == 12
    assert {s.back for s in view.structure} == {"age2"}
    _assert_slots_drawn(view)
    status = duel._status(view, NAMES, "en")
    assert status == f"{NAMES[view.active_seat]} chooses who starts Age II"


def test_accessible_cards_are_highlighted(views: dict[str, DuelView]) -> None:
    view = views["age1_early"]
    im = duel.render_image(view, "en", NAMES)
    boxes = duel.slot_boxes(view)
    for slot in view.structure:
        x0, y0, x1, _ = boxes[slot.slot]
        pixel = im.getpixel(((x0 + x1) // 2, y0 - 2))  # on the frame just above the card
        if slot.accessible and not slot.taken:
            assert pixel == kit.HIGHLIGHT
        elif slot.row > 0 and not slot.taken:
            assert pixel != kit.HIGHLIGHT


def test_guild_backs_differ_from_age_backs() -> None:
    guild = duel.back_tile("guild").tobytes()
    assert all(duel.back_tile(b).tobytes() != guild for b in ("age1", "age2", "age3"))


def test_chinese_text_uses_real_glyphs() -> None:
    """Every character of a Chinese card name has a glyph (not the missing-glyph box)."""
    missing = kit.text_mask("\ue000", 24, "zh-TW")[0].tobytes()  # private use: no glyph
    for ch in "伐木場時代輪到奇蹟":
        mask = kit.text_mask(ch, 24, "zh-TW")[0]
        assert mask.getbbox() is not None
        assert mask.tobytes() != missing


def test_language_changes_the_picture(views: dict[str, DuelView]) -> None:
    view = views["age1_early"]
    en = duel.render_image(view, "en", NAMES)
    tw = duel.render_image(view, "zh-TW", NAMES)
    assert en.size == tw.size
    assert en.tobytes() != tw.tobytes()
    # the English header differs from the Chinese one: the status line is translated
    header = (0, 0, duel.WIDTH, duel.HEADER_H)
    assert en.crop(header).tobytes() != tw.crop(header).tobytes()


def test_result_shows_a_score_table(views: dict[str, DuelView]) -> None:
    view = views["finished"]
    assert view.result is not None
    with_result = duel.render_image(view, "en", NAMES)
    without = duel.render_image(view.model_copy(update={"result": None}), "en", NAMES)
    area = (0, duel.STRUCT_Y, duel.WIDTH, duel.STRUCT_Y + duel.struct_height(view))
    assert with_result.crop(area).tobytes() != without.crop(area).tobytes()


def test_wrap_breaks_chinese_without_spaces() -> None:
    lines = kit.wrap("哈利卡納斯的摩索拉斯陵墓", 18, 100, "zh-TW", max_lines=3)
    assert len(lines) >= 2
    assert "".join(lines) == "哈利卡納斯的摩索拉斯陵墓"
    assert all(kit.text_width(line, 18, "zh-TW") <= 100 for line in lines)


def test_wrap_keeps_english_words_whole() -> None:
    lines = kit.wrap("The Temple of Artemis", 18, 120)
    assert len(lines) == 2
    assert " ".join(lines) == "The Temple of Artemis"  # broken at spaces, never inside a word


def test_missing_names_and_unknown_language_fall_back() -> None:
    view = play_until(3, lambda v: v.age == 1)
    im = decode(duel.render_board(view, "fr", None))
    assert im.width == duel.WIDTH


def test_png_encoder_round_trips_pixels(views: dict[str, DuelView]) -> None:
    image = duel.render_image(views["age2_mid"], "zh-TW", NAMES)
    decoded = decode(kit.png_bytes(image))
    assert decoded.size == image.size and decoded.mode == "RGB"
    assert decoded.tobytes() == image.tobytes()
    rgba = Image.new("RGBA", (3, 2), (10, 20, 30, 40))
    assert decode(kit.png_bytes(rgba)).tobytes() == rgba.tobytes()


def test_concurrent_renders_match(views: dict[str, DuelView]) -> None:
    """The bot renders in worker threads: shared caches and fonts must not garble a picture."""
    from concurrent.futures import ThreadPoolExecutor

    kit.clear_caches()
    duel.card_tile.cache_clear()
    jobs = [(views[k], lang) for k in ("age1_early", "age3_mid") for lang in ("en", "zh-CN")] * 3
    with ThreadPoolExecutor(max_workers=4) as pool:
        results = list(pool.map(lambda job: duel.render_board(job[0], job[1], NAMES), jobs))
    for (view, lang), png in zip(jobs, results, strict=True):
        assert png == duel.render_board(view, lang, NAMES)


# -- the translation layer ------------------------------------------------------------------


def test_every_board_word_is_in_every_language() -> None:
    """The board's words are ``duel.render.*`` keys in English, 繁體 and 简体 with the same
    placeholders: the ones written in the source, a status line per prompt kind, a label per
    score category and a letter per resource; and no key the board never asks for."""
    literal = literal_words(duel)
    assert {"over", "turn", "start", "total", "cards_left", "library_offer", "progress"} <= literal
    words = literal | set(duel.STATUS_KINDS) | set(duel.SCALE_ORDER) | set(BREAKDOWN_KEYS)
    check_render_words("duel", words | {f"res.{r}" for r in cat.RESOURCES})


def test_resource_letters_follow_the_language() -> None:
    assert duel.res_letters("en")["papyrus"] == "P"
    assert duel.res_letters("zh-TW")["papyrus"] == "紙"
    assert duel.res_letters("zh-CN")["papyrus"] == "纸"
    assert duel.res_letters("fr") == duel.res_letters("en")


def test_board_words_come_from_the_translation_layer() -> None:
    """The words are the layer's, with its rules: English says "1 card left", not "1 cards"."""
    assert duel.ui("cards_left", "en", n=1) == "1 card left"
    assert duel.ui("cards_left", "en", n=3) == "3 cards left"
    assert duel.ui("cards_left", "zh-TW", n=1) == "剩餘 1 張"
    assert duel.ui("turn", "zh-CN", name="Ana", age="II") == "轮到 Ana — 时代 II"


def test_remembered_words_are_the_layers_words() -> None:
    """``kit.word`` caches ``i18n.t``: same text, fresh for new params, and an unhashable
    value is formatted rather than refused."""
    for n in (1, 2, 1):
        key = "duel.render.cards_left"
        assert kit.word("en", key, n=n) == t("en", key, n=n)
    assert kit.word("zh-CN", "duel.render.wins", name="Ana") == "Ana 获胜"
    assert kit.word("en", "duel.render.wins", name=["Ana"]) == "['Ana'] wins"  # type: ignore[arg-type]
    assert kit.word("fr", "duel.render.over") == "Game over"


def test_every_discarded_card_is_shown_or_counted(views: dict[str, DuelView]) -> None:
    """Issue 18: the discard pile lists every card, or as many as fit and "+N" for the rest."""
    view = views["finished"]
    many = view.model_copy(update={"discard": view.discard * 3})
    for v in (view, many):
        for lang in ("en", "zh-TW"):
            rows, more = duel._discard_rows(v, lang)
            assert sum(len(r) for r in rows) + more == len(v.discard)
            assert len(rows) <= duel.DISCARD_ROWS
    assert duel._discard_rows(many, "en")[1] > 0


def test_a_covered_card_still_shows_what_it_does(views: dict[str, DuelView]) -> None:
    """The effect row sits right under the band, inside what the next row leaves visible."""
    assert duel.EFFECT_Y + 17 <= duel.ROW_STEP
