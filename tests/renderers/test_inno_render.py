"""The Innovation board renders real positions (played by the engine) as readable PNGs."""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from PIL import Image, ImageChops

from engines.innovation import catalogue as cat
from engines.innovation.view import InnovationView, PileView
from engines.registry import get_engine
from renderers import innovation as inno
from renderers import kit
from tests.renderers.render_helpers import check_render_words, decode, literal_words

NAMES = ["Ana", "陳大文", "Bob", "李四"]
Stop = Callable[[InnovationView], bool]
Games = dict[tuple[int, str], tuple[Any, Any]]


def play_until(players: int, seed: int, stop: Stop) -> tuple[Any, Any]:
    """Random legal answers from a fresh game until ``stop(public view)`` or the end."""
    engine = get_engine("innovation")
    rng = random.Random(seed)
    state = engine.new_game(players, seed)
    while True:
        view = engine.view(state, None)
        assert isinstance(view, InnovationView)
        prompts = engine.prompts(state)
        if not prompts or stop(view):
            return engine, state
        prompt = rng.choice(prompts)
        engine.apply(state, prompt.seat, rng.choice(prompt.options).id)


def splayed(view: InnovationView) -> bool:
    return any(p.splay != "none" and p.count > 2 for pl in view.players for p in pl.piles)


POSITIONS: dict[str, Stop] = {
    "start": lambda v: True,
    "first_turn": lambda v: v.phase == "play",
    "mid_splayed": lambda v: v.turn >= 12 and splayed(v),
    "end": lambda v: False,
}


@pytest.fixture(scope="module")
def games() -> Games:
    """(engine, state) per player count and position; seeds that never get there are skipped."""
    found: Games = {}
    for players in (2, 3, 4):
        for key, stop in POSITIONS.items():
            for seed in range(1, 30):
                engine, state = play_until(players, seed, stop)
                view = engine.view(state, None)
                if stop(view) or (key == "end" and view.result is not None):
                    found[(players, key)] = (engine, state)
                    break
    assert len(found) == 3 * len(POSITIONS)
    return found


def public(games: Games, players: int, key: str, seat: int | None = None) -> InnovationView:
    engine, state = games[(players, key)]
    view = engine.view(state, seat)
    assert isinstance(view, InnovationView)
    return view


def test_positions_are_what_their_names_say(games: Games) -> None:
    for players in (2, 3, 4):
        assert public(games, players, "start").phase == "setup"
        assert public(games, players, "first_turn").phase == "play"
        assert splayed(public(games, players, "mid_splayed"))
        assert public(games, players, "end").result is not None


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("key", list(POSITIONS))
@pytest.mark.parametrize("lang", ["en", "zh-CN"])
def test_board_renders_a_png(games: Games, players: int, key: str, lang: str) -> None:
    for seat in (None, 0):
        view = public(games, players, key, seat)
        im = decode(inno.render_board(view, lang, NAMES[:players]))
        assert im.width == inno.WIDTH
        assert 600 < im.height < 4000
        assert im.mode == "P"  # kit.encode: an 8-bit palette


def test_zh_tw_and_unknown_language_and_missing_names(games: Games) -> None:
    view = public(games, 4, "mid_splayed")
    decode(inno.render_board(view, "zh-TW"))
    decode(inno.render_board(view, "fr", ["Only one"]))  # falls back to English, "P2"...


def test_result_is_shown(games: Games) -> None:
    view = public(games, 3, "end")
    assert view.result is not None
    texts = inno.board_texts(view, "en", NAMES[:3])
    assert any(t.startswith("Game over") for t in texts)
    kind = cat.name(f"victory_{view.result.victory}", "en")
    assert f"({kind})" in texts
    zh = inno.board_texts(view, "zh-CN", NAMES[:3])
    assert any(t.startswith("游戏结束") for t in zh)


def test_icon_totals_and_supply_are_drawn(games: Games) -> None:
    view = public(games, 4, "mid_splayed")
    texts = inno.board_texts(view, "en", NAMES)
    for p in view.players:
        for icon in cat.ICONS:
            assert str(p.icons[icon]) in texts
    for n in view.supply:
        assert str(n) in texts
    for p in view.players:
        for pile in p.piles:
            if pile.top is not None:
                assert cat.name(pile.top) in texts


def _widest(pile: PileView) -> int:
    """Width of what ``draw_pile`` actually paints for ``pile``."""
    im = Image.new("RGB", (inno.WIDTH, 1200), kit.BG)
    pt = inno.Painter(im, "en")
    inno.draw_pile(pt, 0, 0, pile, inno.STEPS[0], inno.CH + 2)
    bbox = ImageChops.difference(im, Image.new("RGB", im.size, kit.BG)).getbbox()
    assert bbox is not None
    return bbox[2] - bbox[0]


def test_a_pile_splayed_right_is_drawn_wider_than_unsplayed(games: Games) -> None:
    view = public(games, 4, "mid_splayed")
    pile = next(p for pl in view.players for p in pl.piles if p.count >= 3)
    flat = pile.model_copy(update={"splay": "none"})
    right = pile.model_copy(update={"splay": "right"})
    left = pile.model_copy(update={"splay": "left"})
    up = pile.model_copy(update={"splay": "up"})
    assert inno.pile_size(right, 44)[0] > inno.pile_size(flat, 44)[0]
    assert inno.pile_size(left, 44)[0] > inno.pile_size(flat, 44)[0]
    assert inno.pile_size(up, 44)[1] > inno.pile_size(flat, 44)[1]
    assert _widest(right) > _widest(flat) + 2 * 30


def test_real_splayed_piles_show_their_covered_cards(games: Games) -> None:
    for players in (2, 3, 4):
        view = public(games, players, "mid_splayed")
        for p in view.players:
            for pile in p.piles:
                w, h = inno.pile_size(pile, 44)
                if pile.splay in ("left", "right") and pile.count > 1:
                    assert w > inno.CW
                if pile.splay == "up" and pile.count > 1:
                    assert h > inno.CH


def test_public_view_names_no_hand_card(games: Games) -> None:
    checked = 0
    for players in (2, 3, 4):
        for key in ("first_turn", "mid_splayed"):
            pub = inno.board_texts(public(games, players, key), "en", NAMES)
            for seat in range(players):
                own_view = public(games, players, key, seat)
                mine = own_view.players[seat]
                assert mine.hand is not None
                hidden = {cat.name(c) for c in mine.hand + (mine.score or [])}
                own = inno.board_texts(own_view, "en", NAMES)
                assert not hidden & set(pub)
                assert {cat.name(c) for c in mine.hand} <= set(own)
                if mine.hand:
                    assert "Your hand" in own
                    checked += 1
                # another seat's view never names this seat's hand either
                other = inno.board_texts(public(games, players, key, (seat + 1) % players))
                assert not {cat.name(c) for c in mine.hand} & set(other)
    assert checked > 0
    assert "Your hand" not in inno.board_texts(public(games, 2, "mid_splayed"), "en")


def test_hand_picture_shows_the_own_hand_and_score_pile_only(games: Games) -> None:
    """Issue 18: the private panel's picture draws each hand and score card (age, colour,
    icons, name); drawn from another seat's view it shows only what the table shows."""
    for players in (2, 4):
        own_view = public(games, players, "mid_splayed", 0)
        mine = own_view.players[0]
        assert mine.hand is not None and mine.score is not None
        texts = inno.hand_painter(own_view, "zh-TW", NAMES).texts
        assert {cat.name(c) for c in mine.hand + mine.score} <= set(texts)
        other = inno.hand_painter(public(games, players, "mid_splayed", 1), "en", NAMES)
        assert not {cat.name(c) for c in mine.hand + mine.score} & set(other.texts)
        im = decode(inno.render_hand(own_view, "en", NAMES))
        assert im.width == inno.WIDTH


def test_setup_view_shows_who_is_still_choosing(games: Games) -> None:
    view = public(games, 3, "start")
    texts = inno.board_texts(view, "en", NAMES[:3])
    assert any("waiting for" in t for t in texts)
    assert "choosing" in texts


@pytest.mark.parametrize("card_id", list(cat.CARD_IDS))
def test_every_card_renders(card_id: str) -> None:
    im = decode(inno.render_card(card_id, "en"))
    assert im.width > 600 and im.height > 300


@pytest.mark.parametrize("lang", ["zh-TW", "zh-CN"])
@pytest.mark.parametrize("card_id", ["oars", "archery", "industrialization", "monument"])
def test_card_in_chinese_keeps_english_names(card_id: str, lang: str) -> None:
    decode(inno.render_card(card_id, lang))
    # the card's name and paraphrase stay English; UI words are Chinese
    assert card_id in cat.CARDS or card_id in cat.SPECIALS


@pytest.mark.parametrize("card_id", list(cat.SPECIAL_IDS))
def test_special_achievements_render(card_id: str) -> None:
    decode(inno.render_card(card_id, "en"))


# -- the translation layer ------------------------------------------------------------------

ENGINE_DIR = Path(cat.__file__).resolve().parent


def _question_kinds() -> set[str]:
    """Every question kind the engine asks: the string kind given to ``ask`` / ``may`` /
    ``choose_*`` in its source, and the ``splay_<direction>`` questions."""
    kinds = {f"splay_{d}" for d in cat.SPLAYS if d != "none"}
    for path in ENGINE_DIR.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        kinds |= set(re.findall(r'\b(?:ask|may|choose_\w+)\(\s*[^,()]+,\s*"(\w+)"', text))
    return kinds


def _yes_or_no_kinds() -> set[str]:
    """The README's all-or-nothing "you may" questions: the image says "choose" for them."""
    readme = (ENGINE_DIR / "README.md").read_text(encoding="utf-8")
    row = next(line for line in readme.splitlines() if 'all-or-nothing "you may"' in line)
    return set(re.findall(r"`(\w+)`", row.split("|")[1]))


def test_every_board_word_is_in_every_language() -> None:
    """The images' words are ``innovation.render.*`` keys in English, 繁體 and 简体 with the
    same placeholders: the ones written in the source, the own-view rows, the result columns,
    and a few words for every question the engine asks (a yes-or-no question says "choose");
    and no key the images never ask for."""
    literal = literal_words(inno)
    assert {"turn", "to_play", "asked", "game_over", "wins", "tie", "removed"} <= literal
    kinds = _question_kinds()
    yes_no = _yes_or_no_kinds()
    assert {"return", "splay_left", "rocketry_return", "meld_order"} <= kinds
    assert {"return_three", "stem_cells_score_all"} <= yes_no <= kinds
    words = literal | set(inno.OWN_ROWS) | set(inno.RESULT_COLUMNS) | {"ask.default"}
    check_render_words("innovation", words | {f"ask.{k}" for k in kinds - yes_no})


def test_a_question_is_worded_in_the_viewers_language() -> None:
    assert inno.ask("splay_up", "en") == "splay up?"
    assert inno.ask("splay_up", "zh-TW") == "向上延伸展開？"
    assert inno.ask("splay_up", "zh-CN") == "向上延伸展开？"
    assert inno.ask("return_three", "zh-CN") == inno.ui("ask.default", "zh-CN") == "选择"
    assert inno.ask("meld", "fr") == "meld a card"
