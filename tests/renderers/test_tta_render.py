"""Through the Ages images (renderers/tta.py): readable on a phone, in three languages, and a
public image never names a hidden card (platform.md §6; scope §31: military hands, decks)."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from bot.render import call_named
from engines.core.contract import GameResult, SeatScore
from engines.core.rng import Rng
from engines.tta import setup
from engines.tta.engine import TtaEngine
from engines.tta.facts import AGE, KIND, SUBTYPE
from engines.tta.state import TtaState
from engines.tta.view import TtaView
from engines.tta.views import build_view
from i18n import catalogue, name
from renderers import tta
from tests.renderers.render_helpers import decode

ENGINE = TtaEngine()
LANGS = ("en", "zh-TW", "zh-CN")
NAMES = ["Alexandra the Magnificent", "陳小明", "bob", "李四"]
LOCALES = Path(__file__).resolve().parents[2] / "bot" / "i18n" / "locales"


def _game(players: int, seed: int) -> list[TtaState]:
    """A seeded random first game (busy: 9 answers in 10 are not "end"/"pass"), kept at its
    start, middle and end."""
    st = ENGINE.new_game(players, seed, {"mode": "first"})
    rng = Rng.from_seed(seed * 31 + players)
    kept = [st.model_copy(deep=True)]
    answers = 0
    snapshots: list[TtaState] = []
    while ENGINE.result(st) is None:
        prompt = rng.choice(ENGINE.prompts(st))
        options = [o for o in prompt.options if o.id != "undo"]
        active = [o for o in options if o.id not in ("end", "pass")]
        opt = rng.choice(active if active and rng.below(10) else options)
        ENGINE.apply(st, prompt.seat, opt.id)
        answers += 1
        if answers % 40 == 0:
            snapshots.append(st.model_copy(deep=True))
        assert answers < 20_000
    kept.append(snapshots[len(snapshots) // 2] if snapshots else st.model_copy(deep=True))
    kept.append(st)
    return kept


@pytest.fixture(scope="module")
def positions() -> list[tuple[int, str, TtaState]]:
    """(players, moment, state) at the start, middle and end of a 2- and a 4-player game."""
    out = []
    for players in (2, 4):
        for moment, st in zip(("start", "middle", "end"), _game(players, 7), strict=True):
            out.append((players, moment, st))
    return out


def _rich() -> TtaState:
    """A hand-made Age II position with something in every section of both images."""
    st = setup.new_state(4, 5)
    st.age, st.round, st.current, st.last_round = 2, 9, 1, 12
    st.future_events, st.future_owners = ["II_wealthy_territory", "I_border_conflict"], [0, 2]
    st.past_events = ["A_development_of_science", "I_rats", "I_good_harvest"]
    st.common_tactics = ["I_phalanx", "II_napoleonic_army"]
    c = st.civs[0]
    c.government, c.leader = "II_republic", "II_william_shakespeare"
    c.techs += ["I_irrigation", "I_iron", "I_alchemy", "I_drama", "I_swordsmen", "I_knights",
                "II_cannon", "I_code_of_laws"]
    c.workers.update({"I_irrigation": 2, "I_iron": 3, "I_alchemy": 2, "I_drama": 1,
                      "A_warriors": 2, "I_swordsmen": 1, "I_knights": 2, "II_cannon": 1})
    c.blue.update({"I_irrigation": 3, "I_iron": 2})
    c.wonders, c.wonder, c.stages = ["A_pyramids"], "II_eiffel_tower", 2
    c.colonies, c.tactic = ["I_vast_territory"], "I_medieval_army"
    c.hand = ["II_coal", "I_michelangelo", "II_transcontinental_railroad"]
    c.military = ["II_raid", "II_fortifications", "I_defense_colonization_bonus"]
    c.culture, c.science = 87, 12
    st.row[2] = None
    return st


def _views(st: TtaState) -> Iterator[tuple[str, TtaView, int]]:
    """(kind, view, seat) of every image the bot can post for ``st``."""
    public = ENGINE.view(st, None)
    yield "table", public, -1
    for seat in range(st.players):
        yield "civ", public, seat
        yield "civ", ENGINE.view(st, seat), seat


def _painter(kind: str, view: TtaView, seat: int, lang: str) -> tta.Painter:
    if kind == "table":
        return tta.table_painter(view, lang, NAMES)[0]
    return tta.civ_painter(view, seat, lang, NAMES)[0]


# -- every image, every language ------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
def test_images_render_at_start_middle_and_end_of_random_games(
    positions: list[tuple[int, str, TtaState]], lang: str
) -> None:
    """Table and civilization PNGs at most 1,000 px wide and taller than wide; the last
    game is over and shows its final scoring."""
    for players, moment, st in positions:
        for kind, view, seat in _views(st):
            png = tta.render_board(view, lang, NAMES) if kind == "table" else \
                tta.render_civ(view, seat, lang, NAMES)
            im = decode(png)
            assert im.width <= 1000, (players, moment, kind)
            assert im.height > im.width, (players, moment, kind)
        if moment == "end":
            texts = tta.board_texts(ENGINE.view(st, None), lang, NAMES)
            assert tta.tr(lang, "final_scoring") in texts


def test_text_and_icons_are_at_least_22_px_at_1000_px(
    positions: list[tuple[int, str, TtaState]]
) -> None:
    """Phone rule: shown ~450 px wide, nothing drawn smaller than 22 px at 1,000 px."""
    states = [st for _, _, st in positions] + [_rich()]
    for st in states:
        for kind, view, seat in _views(st):
            for lang in LANGS:
                pt = _painter(kind, view, seat, lang)
                scale = 1000 / pt.im.width
                assert min(pt.sizes) * scale >= 22, (kind, lang, sorted(pt.sizes))


def test_words_follow_the_language() -> None:
    st = _rich()
    zh = tta.board_texts(ENGINE.view(st, None), "zh-TW", NAMES)
    assert "卡牌列" in zh and "公共陣型區" in zh
    civ = tta.civ_painter(build_view(st, 0), 0, "zh-CN", NAMES)[0].texts
    assert any(t.startswith("农场和矿山") for t in civ)
    assert name("zh-CN", "tta", "A_agriculture") == "农业" and "农业" in civ
    en = tta.civ_painter(build_view(st, 0), 0, "en", NAMES)[0].texts
    assert "Farms and mines · Military units" in en and "Agriculture" in en


# -- hidden cards ---------------------------------------------------------------------------


def _public_ids(st: TtaState) -> set[str]:
    """Every card id anyone may see face up."""
    ids = {c for c in st.row if c} | set(st.past_events) | set(st.common_tactics)
    for civ in st.civs:
        ids |= {civ.government, *civ.techs, *civ.wonders, *civ.colonies, *civ.hand}
        ids |= {c for c in (civ.leader, civ.wonder, civ.tactic) if c}
    return ids


def _hidden_ids(st: TtaState, seat: int | None) -> set[str]:
    """Cards ``seat`` (None: the public) may not see and that are nowhere face up."""
    hidden: set[str] = set(st.boxed)
    for deck in (*st.civil_decks, *st.military_decks, *st.military_discards):
        hidden |= set(deck)
    hidden |= set(st.current_events)
    hidden |= {c for c, o in zip(st.future_events, st.future_owners, strict=True) if o != seat}
    for p, civ in enumerate(st.civs):
        if p != seat:
            hidden |= set(civ.military)
    return hidden - _public_ids(st)


def _assert_no_hidden(st: TtaState, seat: int | None) -> None:
    hidden = _hidden_ids(st, seat)
    view = ENGINE.view(st, seat)
    kinds = [("table", view, -1)] + [("civ", view, p) for p in range(st.players)]
    for kind, v, p in kinds:
        for lang in ("en", "zh-TW"):
            pt = _painter(kind, v, p, lang)
            assert not hidden & set(pt.cards), (kind, p, hidden & set(pt.cards))
            # other ages' copies share a name ("Urban Growth"): only unseen names count
            names = {name(lang, "tta", c) for c in hidden} - {
                name(lang, "tta", c) for c in _public_ids(st)}
            assert not names & set(pt.texts), (kind, p, names & set(pt.texts))


def test_public_images_show_no_hidden_card(positions: list[tuple[int, str, TtaState]]) -> None:
    """The inputs are public views (no military hand, no deck card) and nothing drawn from
    them names a military hand card, a deck card or an unrevealed event."""
    for _, _, st in positions:
        public = ENGINE.view(st, None)
        assert all(p.military is None for p in public.players)
        assert public.my_future_events == []
        _assert_no_hidden(st, None)
    _assert_no_hidden(_rich(), None)


def test_a_seat_sees_only_its_own_military_hand() -> None:
    """Seat 1's images never show seat 0's Raid; seat 0's own civilization image does,
    with the events it prepared."""
    st = _rich()
    _assert_no_hidden(st, 1)
    own = tta.civ_painter(build_view(st, 0), 0, "en", NAMES)[0]
    assert set(st.civs[0].military) <= set(own.cards)
    assert "Raid" in own.texts
    assert "II_wealthy_territory" in own.cards  # prepared by seat 0
    assert "I_border_conflict" not in own.cards  # prepared by seat 2
    other = tta.civ_painter(build_view(st, 1), 0, "en", NAMES)[0]
    assert "II_raid" not in other.cards and "Raid" not in other.texts


def test_private_military_hand_in_random_games(positions: list[tuple[int, str, TtaState]]) -> None:
    for _, _, st in positions:
        for seat in range(st.players):
            pt = tta.civ_painter(ENGINE.view(st, seat), seat, "zh-TW", NAMES)[0]
            assert set(st.civs[seat].military) <= set(pt.cards)


def test_every_card_says_its_age_and_kind_in_words() -> None:
    """Never colour alone: each card's band names its age and kind."""
    st = _rich()
    for lang in LANGS:
        for kind, view, seat in _views(st):
            pt = _painter(kind, view, seat, lang)
            for card in pt.cards:
                band = f"{tta.ROMAN[AGE[card]]} · {tta.tr(lang, 'kind.' + tta.kind_of(card))}"
                assert any(t.startswith(band[:12].rstrip("…")) for t in pt.texts), (card, band)


def test_a_crowded_civilization_grows_the_canvas() -> None:
    """Many technologies and full hands: the image grows past the first canvas and the
    last section (the military hand) is still drawn."""
    st = _rich()
    civ = st.civs[0]
    civ.techs += ["I_theology", "II_journalism", "I_printing_press", "II_organized_religion",
                  "II_scientific_method", "I_bread_and_circuses", "II_opera", "II_riflemen",
                  "II_cavalrymen", "II_architecture", "I_cartography", "II_strategy"]
    civ.hand = ["II_coal", "III_oil", "II_opera", "III_movies", "I_drama", "II_republic",
                "III_computers", "II_selective_breeding", "I_theocracy", "III_democracy",
                "II_eiffel_tower", "III_fast_food_chains", "II_james_cook", "III_urban_growth"] * 2
    civ.military += ["II_annex", "II_spy", "III_raid", "II_conquistadors", "III_shock_troops",
                     "III_entrenchments", "II_war_over_territory", "III_armed_intervention"]
    pt, bottom = tta.civ_painter(build_view(st, 0), 0, "en", NAMES)
    assert bottom > 4000
    assert set(civ.military) <= set(pt.cards)
    im = decode(tta.render_civ(build_view(st, 0), 0, "en", NAMES))
    last = im.crop((0, im.height - 70, im.width, im.height - 20)).convert("RGB")
    assert len(last.getcolors(100_000) or []) > 10  # the last tiles drawn, not cut off


# -- armies, banks, the bot's protocol ------------------------------------------------------


def test_civilization_shows_armies_tokens_and_banks() -> None:
    st = _rich()
    view = build_view(st, None)
    me = view.players[0]
    assert me.armies and sum(a.bonus for a in me.armies) > 0
    texts = tta.civ_painter(view, 0, "en", NAMES)[0].texts
    for a in me.armies:
        units = tta.join([name("en", "tta", u) for u in a.units], "en")
        assert any(units in t for t in texts)
    assert "×3" in texts  # three workers on Iron
    assert tta.tr("en", "yellow_bank", n=me.yellow_bank) in texts
    assert tta.tr("en", "blue_bank", n=me.blue_bank) in texts
    assert tta.tr("en", "stages", built=2, total=3) in texts


def test_bot_finds_both_images() -> None:
    """bot/render.py calls ``renderers.tta.render_board`` and, by name, ``render_civ``."""
    st = _rich()
    png = call_named("tta", "render_civ", {"view": build_view(st, 0), "seat": 0,
                                           "lang": "zh-TW", "names": NAMES})
    assert png is not None and decode(png).width <= 1000
    board = call_named("tta", "render_board", {"view": build_view(st, None), "lang": "en",
                                               "player_names": NAMES})
    assert board is not None and decode(board).width <= 1000
    assert tta.render_hand(build_view(st, None), "en", NAMES) is None


# -- the translation layer ------------------------------------------------------------------


def _render_keys() -> set[str]:
    """Every ``tta.render.*`` key the renderer can ask for."""
    source = Path(tta.__file__).read_text(encoding="utf-8")
    keys = set(re.findall(r'\btr\(\s*\w+,\s*"([\w.]+)"', source))
    keys |= {f"kind.{tta.kind_of(c)}" for c in KIND}
    keys |= {f"col.{k}" for k, _, _ in tta.COLUMNS}
    keys |= {f"score.{k}" for k in tta.SCORE_KEYS}
    engine = Path(tta.__file__).resolve().parents[1] / "engines" / "tta"
    steps = {s for f in engine.rglob("*.py")
             for s in re.findall(r'\.step = "(\w+)"', f.read_text(encoding="utf-8"))}
    assert {"politics", "action", "discard"} <= steps
    keys |= {f"step.{s}" for s in steps}
    keys |= {"current_events", "future_events", "past_events", "past_count"}  # in variables
    assert {f"kind.{SUBTYPE['A_warriors']}", "kind.farm", "card_row", "to_act"} <= keys
    return {f"tta.render.{k}" for k in keys}


@pytest.mark.parametrize("lang", LANGS)
def test_every_renderer_word_is_in_every_language(lang: str) -> None:
    own = json.loads((LOCALES / lang / "tta.json").read_text(encoding="utf-8"))
    missing = sorted(k for k in _render_keys() if k not in own)
    assert missing == []
    en = json.loads((LOCALES / "en" / "tta.json").read_text(encoding="utf-8"))
    assert set(own) == set(en)
    for key, text in own.items():
        assert set(re.findall(r"{(\w+)}", text)) == set(re.findall(r"{(\w+)}", en[key])), key
        assert key in catalogue(lang)


# -- Age III: air forces in armies, Age IV on the table ---------------------------------------


def _air_position() -> TtaState:
    """X37's Shock Troops position (L1963-L1975, units as reconstructed in scope §34) in
    Age III: one obsolete army doubled by an air force, the other air force in no army."""
    st = _rich()
    st.age = 3
    c = st.civs[0]
    c.techs += ["II_riflemen", "II_cavalrymen", "III_air_forces"]
    c.workers.update({"A_warriors": 2, "II_riflemen": 1, "I_knights": 2, "II_cavalrymen": 2,
                      "III_air_forces": 2, "I_swordsmen": 0, "II_cannon": 0})
    c.tactic = "III_shock_troops"
    return st


@pytest.mark.parametrize("lang", LANGS)
def test_civilization_names_the_air_force_joining_each_army_L1957_L1975(lang: str) -> None:
    """The army line names the air force that joined it and the doubled bonus; an air force
    in no army is counted apart (X37: the second one keeps only its own strength, L1973)."""
    st = _air_position()
    view = build_view(st, None)
    (army,) = view.players[0].armies
    assert (army.obsolete, army.bonus, army.air_force) == (True, 12, "III_air_forces")
    texts = " ".join(tta.civ_painter(view, 0, lang, NAMES)[0].texts)
    air = tta.card_name("III_air_forces", lang)
    units = tta.join([tta.card_name(u, lang) for u in army.units], lang)
    line = tta.tr(lang, "army_obsolete_air", n=1, units=units, air=air, bonus=12)
    assert line.replace(" ", "") in texts.replace(" ", "")
    assert tta.tr(lang, "air_idle", air=air, n=1) in texts
    st.civs[0].workers.update({"I_knights": 1, "II_cavalrymen": 3})  # X37's upgrade: 22
    texts = " ".join(tta.civ_painter(build_view(st, None), 0, lang, NAMES)[0].texts)
    (army,) = build_view(st, None).players[0].armies
    units = tta.join([tta.card_name(u, lang) for u in army.units], lang)
    line = tta.tr(lang, "army_air", n=1, units=units, air=air, bonus=22)
    assert line.replace(" ", "") in texts.replace(" ", "")


def test_negative_printed_numbers_keep_one_sign() -> None:
    """Kremlin and Communism print -1 happy, Fundamentalism -2 science: "-1", never "+-1"."""
    assert ("happy", "-1") in tta._facts("II_kremlin", True)
    assert ("happy", "-1") in tta._facts("III_communism", False)
    assert ("sci", "-2") in tta._facts("III_fundamentalism", True)
    assert not any("+-" in text for card in KIND for _, text in tta._facts(card, False))


@pytest.mark.parametrize("lang", LANGS)
def test_table_shows_age_iv_and_the_age_iii_decks(lang: str) -> None:
    """A peaceful game's Age III shows its decks' counts; Age IV (no decks, the last round)
    is written "IV", never a raw number, and the decks read 0 (view: ``min(age, 3)``)."""
    st = setup.new_state(3, 5, "peaceful")
    st.age, st.round = 3, 14
    st.row = [st.civil_decks[3].pop() for _ in range(13)]
    texts = tta.board_texts(build_view(st, None), lang, NAMES)
    assert tta.tr(lang, "age_round", age="III", round=14) in texts
    assert tta.tr(lang, "civil_deck", n=len(st.civil_decks[3])) in texts
    assert len(st.civil_decks[3]) > 0
    st.age, st.last_round = 4, 14
    st.civil_decks[3], st.military_decks[3] = [], []
    view = build_view(st, None)
    assert (view.age, view.civil_deck, view.military_deck) == (4, 0, 0)
    texts = tta.board_texts(view, lang, NAMES)
    assert tta.tr(lang, "age_round", age="IV", round=14) in texts
    assert tta.tr(lang, "civil_deck", n=0) in texts
    assert decode(tta.render_board(view, lang, NAMES)).width <= 1000
    civ = tta.civ_painter(view, 0, lang, NAMES)[0].texts
    assert tta.tr(lang, "age_round", age="IV", round=14) in civ


# -- pending wars and pacts (issue 10) --------------------------------------------------------


def _conflict() -> TtaState:
    """A full game with seat 0's war pending on seat 1, a symmetric pact between seats 1 and 2
    and an unequal one (seat 0 plays side B, seat 2 side A); pacts.py writes ``owner_side``
    "a" for a symmetric pact."""
    st = setup.new_state(3, 1, "full")
    st.wars = [{"card": "III_war_over_culture", "attacker": 0, "defender": 1}]
    st.pacts = [{"card": "III_peace_treaty", "owner": 1, "partner": 2, "owner_side": "a"},
                {"card": "II_acceptance_of_supremacy", "owner": 0, "partner": 2,
                 "owner_side": "b"}]
    return st


@pytest.mark.parametrize("lang", LANGS)
def test_pending_war_and_pacts_show_on_the_scoreboard(lang: str) -> None:
    """Both sides of a pending war are marked under their scoreboard rows, and every pact in
    play is listed with its parties (and the sides of an unequal one)."""
    view = build_view(_conflict(), None)
    texts = tta.board_texts(view, lang, NAMES)
    war, alex, ming, bob = (name(lang, "tta", "III_war_over_culture"), NAMES[0], NAMES[1],
                            NAMES[2])
    assert tta.tr(lang, "war_on", card=war, name=ming) in texts
    assert tta.tr(lang, "war_by", card=war, name=alex) in texts
    assert tta.tr(lang, "pacts") in texts
    joined = "".join(texts)
    assert tta.tr(lang, "pact_between", card=name(lang, "tta", "III_peace_treaty"), owner=ming,
                  partner=bob) in joined
    assert tta.tr(lang, "pact_sides", card=name(lang, "tta", "II_acceptance_of_supremacy"),
                  owner=alex, partner=bob, owner_side="B", partner_side="A") in joined
    assert decode(tta.render_board(view, lang, NAMES)).width <= 1000


@pytest.mark.parametrize("lang", LANGS)
def test_pending_war_and_pacts_show_on_each_partys_civilization(lang: str) -> None:
    """Attacker and defender both show the war card, who declared on whom and when it
    resolves; each party shows its pacts with the partner and, when unequal, its own side."""
    view = build_view(_conflict(), None)
    war, alex, ming, bob = (name(lang, "tta", "III_war_over_culture"), NAMES[0], NAMES[1],
                            NAMES[2])
    resolves = tta.tr(lang, "war_resolves", name=alex)
    painted = {seat: tta.civ_painter(view, seat, lang, NAMES)[0] for seat in range(3)}
    texts = {seat: "".join(pt.texts) for seat, pt in painted.items()}
    assert all(tta.tr(lang, "wars_pacts") in painted[s].texts for s in range(3))
    assert tta.tr(lang, "war_on", card=war, name=ming) in texts[0] and resolves in texts[0]
    assert tta.tr(lang, "war_by", card=war, name=alex) in texts[1] and resolves in texts[1]
    assert "III_war_over_culture" not in painted[2].cards and resolves not in texts[2]
    assert {"III_war_over_culture", "II_acceptance_of_supremacy"} <= set(painted[0].cards)
    assert {"III_war_over_culture", "III_peace_treaty"} <= set(painted[1].cards)
    assert {"III_peace_treaty", "II_acceptance_of_supremacy"} <= set(painted[2].cards)
    assert tta.tr(lang, "pact_partner", name=bob) in texts[0]
    assert tta.tr(lang, "pact_side", side="B") in texts[0]
    assert tta.tr(lang, "pact_partner", name=bob) in texts[1]
    assert tta.tr(lang, "pact_side", side="A") not in texts[1]  # symmetric: no side named
    assert tta.tr(lang, "pact_partner", name=ming) in texts[2]
    assert tta.tr(lang, "pact_partner", name=alex) in texts[2]
    assert tta.tr(lang, "pact_side", side="A") in texts[2]  # the other side of B
    for seat in range(3):
        assert decode(tta.render_civ(view, seat, lang, NAMES)).width <= 1000


def test_no_wars_or_pacts_draw_no_section() -> None:
    """Without wars or pacts neither image grows a section for them."""
    st = _conflict()
    st.wars, st.pacts = [], []
    view = build_view(st, None)
    assert tta.tr("en", "pacts") not in tta.board_texts(view, "en", NAMES)
    assert not any("declared" in t for t in tta.board_texts(view, "en", NAMES))
    for seat in range(3):
        assert tta.tr("en", "wars_pacts") not in tta.civ_painter(view, seat, "en", NAMES)[0].texts


# -- resigned seats and the short game (issue 10) ---------------------------------------------

SHORT_FACE_UP = ["III_impact_of_agriculture", "III_impact_of_architecture",
                 "III_impact_of_technology"]


def _squeezed(*texts: str) -> str:
    """Drawn strings joined without spaces: a sentence wrapped over lines reads whole again."""
    return "".join(texts).replace(" ", "")


def _resigned_view(seat: int | None = None) -> TtaView:
    """A 4-player full game's view in Age II with seat 1 resigned (set on the view by hand, as
    views.py fills ``PlayerView.resigned``)."""
    st = setup.new_state(4, 1, "full")
    st.age, st.round = 2, 8
    view = build_view(st, seat)
    view.players[1].resigned = True
    return view


@pytest.mark.parametrize("lang", LANGS)
def test_resigned_seat_is_a_dimmed_row_without_ratings_L2071(lang: str) -> None:
    """The scoreboard names the resigned seat and says so, and draws none of its numbers:
    its civilization left the game (L2071), there is nothing to compare."""
    view = _resigned_view()
    pt = tta.table_painter(view, lang, NAMES)[0]
    assert NAMES[1] in pt.texts
    assert tta.tr(lang, "resigned") in pt.texts and tta.tr(lang, "resigned_row") in pt.texts
    # every playing row draws its military hand count once; the resigned row draws none
    mil = [tta.tr(lang, "military_n", n=p.military_count) for p in view.players]
    assert sum(pt.texts.count(m) for m in set(mil)) == 3
    view.players[1].resigned = False
    texts = tta.board_texts(view, lang, NAMES)
    assert tta.tr(lang, "resigned") not in texts
    assert sum(texts.count(m) for m in set(mil)) == 4


@pytest.mark.parametrize("lang", LANGS)
def test_resigned_civilization_is_only_a_banner(lang: str) -> None:
    """A resigned seat's civilization image is its header and the "resigned" banner: no card,
    no rating, no bank that would read as still in play."""
    view = _resigned_view(1)
    view.start = 1  # a resigned first player: no first-player mark, no "only you see this"
    pt, bottom = tta.civ_painter(view, 1, lang, NAMES)
    assert tta.tr(lang, "resigned_banner") in pt.texts
    assert tta.tr(lang, "resigned") in pt.texts
    assert tta.tr(lang, "first_player") not in pt.texts
    assert tta.tr(lang, "private") not in pt.texts
    assert _squeezed(tta.tr(lang, "resigned_detail")) in _squeezed(*pt.texts)
    assert pt.cards == []
    for word in ("col.culture", "banks", "civil_hand", "military_hand"):
        assert tta.tr(lang, word) not in pt.texts
    assert bottom < 400
    assert min(pt.sizes) >= 22
    assert decode(tta.render_civ(view, 1, lang, NAMES)).width <= 1000
    # the seats still playing keep their full image
    assert tta.tr(lang, "resigned_banner") not in tta.civ_painter(view, 0, lang, NAMES)[0].texts


def _short_result(victory: str = "culture") -> GameResult:
    """A short game's result: seat 0 scored its Age II wonders, seats 1 and 3 resigned and
    rank last (platform §4.7)."""
    return GameResult(victory=victory, winners=[0], scores=[
        SeatScore(seat=0, total=120, rank=1, breakdown={
            "culture_before": 90, "age_ii_wonders": 12, "age_iii_events": 18, "total": 120}),
        SeatScore(seat=2, total=80, rank=2, breakdown={"culture_before": 70,
                                                       "age_iii_events": 10, "total": 80}),
        SeatScore(seat=1, total=31, rank=3, breakdown={"resigned": 1}),
        SeatScore(seat=3, total=0, rank=3, breakdown={"resigned": 1}),
    ])


@pytest.mark.parametrize("lang", LANGS)
def test_final_scoring_ranks_resigned_seats_last_and_shows_age_ii_wonders_L2243(
        lang: str) -> None:
    """Resigned seats come after every player still in the game, marked "resigned" instead of
    points; the short game's Age II wonders line (L2243) is written out."""
    view = _resigned_view()
    view.players[3].resigned = True
    view.result = _short_result()
    texts = tta.board_texts(view, lang, NAMES)
    heads = [t for t in texts if re.match(r"\d\. ", t)]
    assert heads == [f"1. {NAMES[0]}", f"2. {NAMES[2]}", f"3. {NAMES[1]}", f"3. {NAMES[3]}"]
    assert texts.count(tta.tr(lang, "resigned")) >= 2 + 2  # two result rows, two scoreboard rows
    assert tta.tr(lang, "points", n=31) not in texts  # a resigned seat shows no score
    joined = " ".join(texts)
    assert f"{tta.tr(lang, 'score.age_ii_wonders')} 12" in joined
    assert tta.tr(lang, "game_over", names=NAMES[0]) in texts
    view.result = _short_result("last_standing")
    texts = tta.board_texts(view, lang, NAMES)
    assert tta.tr(lang, "game_over_last", names=NAMES[0]) in texts


def _short_view(seat: int | None) -> TtaView:
    """A short game's Age II view (fields set by hand as views.py fills them): three face-up
    Age III events, the face-up War over Culture, one event kept by each seat but seat 2
    (still two), seat 1 resigned; seat 0's own view names its kept event."""
    view = _resigned_view(seat)
    view.short_face_up = list(SHORT_FACE_UP)
    view.short_war = "III_war_over_culture"
    for p in view.players:
        p.short_events_count = 0 if p.resigned else 2 if p.seat == 2 else 1
    if seat == 0:
        view.players[0].short_events = ["III_impact_of_balance"]
    return view


@pytest.mark.parametrize("lang", LANGS)
def test_short_game_table_shows_the_face_up_events_and_war_over_culture_L2229(
        lang: str) -> None:
    """The table's short-game area draws the three face-up Age III events and the face-up War
    over Culture as named tiles, what that war card allows, and each playing seat's count of
    face-down Age III events."""
    view = _short_view(None)
    pt = tta.table_painter(view, lang, NAMES)[0]
    assert tta.tr(lang, "short_game") in pt.texts
    assert set(SHORT_FACE_UP) | {"III_war_over_culture"} <= set(pt.cards)
    for card in [*SHORT_FACE_UP, "III_war_over_culture"]:
        assert name(lang, "tta", card) in pt.texts
    assert _squeezed(tta.tr(lang, "short_war")) in _squeezed(*pt.texts)
    counts = " · ".join(tta.tr(lang, "name_count", name=NAMES[s], n=n)
                        for s, n in ((0, 1), (2, 2), (3, 1)))
    assert _squeezed(tta.tr(lang, "short_counts", list=counts)) in _squeezed(*pt.texts)
    assert "III_impact_of_balance" not in pt.cards  # seat 0's kept event stays hidden
    assert min(pt.sizes) >= 22
    assert decode(tta.render_board(view, lang, NAMES)).width <= 1000
    # a full game has no such area
    plain = tta.board_texts(_resigned_view(), lang, NAMES)
    assert tta.tr(lang, "short_game") not in plain


@pytest.mark.parametrize("lang", LANGS)
def test_short_events_are_named_only_in_their_owners_view_L2228(lang: str) -> None:
    """Seat 0's own civilization names its kept Age III event; the public image and another
    seat's image show only backs and the count — even if a view carried the cards by mistake
    (the renderer draws them only in the owner's view, like the military hand)."""
    own = tta.civ_painter(_short_view(0), 0, lang, NAMES)[0]
    assert "III_impact_of_balance" in own.cards
    assert name(lang, "tta", "III_impact_of_balance") in own.texts
    assert tta.tr(lang, "short_events") in own.texts
    assert tta.tr(lang, "face_down_n", n=1) in own.texts
    assert _squeezed(tta.tr(lang, "short_own")) in _squeezed(*own.texts)
    choosing = _short_view(0)  # Age I's end asks which of the two to keep (L2237-L2239)
    choosing.players[0].short_events = ["III_impact_of_balance", "III_impact_of_colonies"]
    two = tta.civ_painter(choosing, 0, lang, NAMES)[0]
    assert {"III_impact_of_balance", "III_impact_of_colonies"} <= set(two.cards)
    assert _squeezed(tta.tr(lang, "short_choose")) in _squeezed(*two.texts)
    leaked = _short_view(None)
    leaked.players[0].short_events = ["III_impact_of_balance"]
    for view in (leaked, _short_view(2)):
        other = tta.civ_painter(view, 0, lang, NAMES)[0]
        assert "III_impact_of_balance" not in other.cards
        assert name(lang, "tta", "III_impact_of_balance") not in other.texts
        assert tta.tr(lang, "face_down_n", n=1) in other.texts
        assert tta.tr(lang, "short_hidden") in other.texts
    # the owner before Age I ends: still face down for them too (L2228)
    early = _short_view(2)
    early.age, early.players[2].short_events = 1, None  # what views.py gives in Age I
    mine = tta.civ_painter(early, 2, lang, NAMES)[0]
    assert tta.tr(lang, "face_down_n", n=2) in mine.texts
    assert _squeezed(tta.tr(lang, "short_hidden_own")) in _squeezed(*mine.texts)
    assert not {c for c in mine.cards if c.startswith("III_impact")}
    assert min(own.sizes) >= 22 and min(mine.sizes) >= 22


def _drive(st: TtaState, stop: Callable[[TtaState], bool], seed: int) -> None:
    """Answer quietly (pass, end, done…, else a seeded random option; never ``resign``)
    until ``stop(st)`` holds."""
    rng = Rng.from_seed(seed)
    for _ in range(20_000):
        if stop(st):
            return
        assert ENGINE.result(st) is None
        prompt = ENGINE.prompts(st)[0]
        ids = [o.id for o in prompt.options if o.id not in ("undo", "resign")]
        quiet = next((i for i in ("pass", "end", "done", "decline", "auto") if i in ids), None)
        ENGINE.apply(st, prompt.seat, quiet or rng.choice(ids))
    raise AssertionError("never reached")


def _resign(st: TtaState, seed: int,
            asked: Callable[[TtaState], None] | None = None) -> int:
    """The next seat offered ``resign`` resigns (``asked`` sees the state while the engine
    asks for the confirmation); returns that seat."""
    _drive(st, lambda s: any(o.id == "resign" for p in ENGINE.prompts(s) for o in p.options),
           seed)
    seat = st.current
    assert seat is not None
    ENGINE.apply(st, seat, "resign")
    if asked is not None:
        asked(st)
    ENGINE.apply(st, seat, "resign:confirm")
    return seat


@pytest.mark.parametrize("lang", ("en", "zh-TW"))
def test_engine_resignations_render_L2071_L2073(lang: str) -> None:
    """A real 3-player full game: the first resigner's row and image say "resigned"; when a
    second one resigns the last player standing wins and both resigners rank last."""
    st = ENGINE.new_game(3, 5, {"mode": "full"})

    def asked(st: TtaState) -> None:
        """The confirmation is private: the table still reads "political phase"."""
        assert st.step == "resign" and st.current is not None
        texts = tta.board_texts(ENGINE.view(st, None), lang, NAMES)
        assert tta.tr(lang, "to_act", name=NAMES[st.current],
                      step=tta.tr(lang, "step.politics")) in texts

    first = _resign(st, 1, asked)
    view = ENGINE.view(st, None)
    assert view.players[first].resigned and view.result is None
    pt = tta.table_painter(view, lang, NAMES)[0]
    assert tta.tr(lang, "resigned_row") in pt.texts
    civ = tta.civ_painter(view, first, lang, NAMES)[0]
    assert tta.tr(lang, "resigned_banner") in civ.texts and civ.cards == []
    second = _resign(st, 2)
    view = ENGINE.view(st, None)
    assert view.result is not None and view.result.victory == "last_standing"
    (winner,) = view.result.winners
    texts = tta.board_texts(view, lang, NAMES)
    assert tta.tr(lang, "game_over_last", names=NAMES[winner]) in texts
    heads = [t for t in texts if re.match(r"\d\. ", t)]
    assert heads[0] == f"1. {NAMES[winner]}"
    assert {h.split(". ", 1)[1] for h in heads[1:]} == {NAMES[first], NAMES[second]}
    assert texts.count(tta.tr(lang, "resigned")) == 4  # two result rows, two scoreboard rows
    for seat in range(3):
        assert decode(tta.render_civ(view, seat, lang, NAMES)).width <= 1000


@pytest.mark.parametrize("lang", ("en", "zh-TW"))
def test_engine_short_game_renders_L2224_L2239(lang: str) -> None:
    """A real 4-player short game: the table shows the engine's face-up events and War over
    Culture from the start; once Age I has ended and every seat kept one event, a seat's
    own image names it and the public images only count it."""
    st = ENGINE.new_game(4, 3, {"mode": "short"})
    public = ENGINE.view(st, None)
    assert len(public.short_face_up) == 3 and public.short_war == "III_war_over_culture"
    cards = tta.table_painter(public, lang, NAMES)[0].cards
    assert set(public.short_face_up) | {"III_war_over_culture"} <= set(cards)
    dealt = {c for civ in st.civs for c in civ.short_events}
    assert not dealt & set(cards)
    assert not dealt & set(tta.civ_painter(ENGINE.view(st, 0), 0, lang, NAMES)[0].cards)
    _drive(st, lambda s: s.age >= 2 and all(len(c.short_events) == 1 for c in s.civs), 3)
    (kept,) = st.civs[0].short_events
    own = tta.civ_painter(ENGINE.view(st, 0), 0, lang, NAMES)[0]
    assert kept in own.cards and tta.tr(lang, "face_down_n", n=1) in own.texts
    for seat in (None, 1):
        view = ENGINE.view(st, seat)
        assert kept not in tta.civ_painter(view, 0, lang, NAMES)[0].cards
        assert kept not in tta.table_painter(view, lang, NAMES)[0].cards
