"""Time the Through the Ages images (python benchmarks/tta_render.py).

Plays a seeded random 4-player first game (busy policy: 9 answers in 10 are not "end" or
"pass") to its middle, then prints for the table image and for one civilization image (the
owner's view, military hand included) the first render (cold: fonts, text masks and card
tiles not yet cached), the mean and p95 of ``-n`` renders of that position, the drawing /
encoding split and the PNG size. Targets: table < 150 ms, civilization < 120 ms.
``--rich`` uses a hand-made Age II position with something in every section instead;
``--mode peaceful`` plays a peaceful full game instead and takes its last Age III position
(Age III cards, air forces and their armies when the game built them); ``--mode full`` the
same in a full game (random players never resign: ``TtaEngine.playout_avoid``), with a war
pending and two pacts in play when the game left none there (``with_conflict``).
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks import _harness as harness  # noqa: E402
from engines.core.playout import avoided  # noqa: E402
from engines.core.rng import Rng  # noqa: E402
from engines.tta import setup  # noqa: E402
from engines.tta.engine import TtaEngine  # noqa: E402
from engines.tta.state import TtaState  # noqa: E402
from renderers import kit, tta  # noqa: E402

NAMES = ["Ana", "陳大文", "Bob the Builder", "李四"]
ENGINE = TtaEngine()


def mid_game(players: int, seed: int, mode: str = "first") -> TtaState:
    """The position halfway through a seeded busy random game (a peaceful full game: its
    last Age III position)."""
    rng = Rng.from_seed(seed)
    st = ENGINE.new_game(players, seed, {"mode": mode})
    log: list[TtaState] = []
    while ENGINE.result(st) is None:
        prompt = rng.choice(ENGINE.prompts(st))
        options = [o for o in prompt.options
                   if o.id != "undo" and not avoided(o.id, ENGINE.playout_avoid)]
        active = [o for o in options if o.id not in ("end", "pass")]
        ENGINE.apply(st, prompt.seat, rng.choice(active if active and rng.below(10)
                                                 else options).id)
        if st.answers % 20 == 0:
            log.append(st.model_copy(deep=True))
    if mode != "first":
        late = [x for x in log if x.age == 3]
        return late[-1] if late else st
    return log[len(log) // 2] if log else st


def with_conflict(st: TtaState) -> TtaState:
    """``st`` with a war pending and pacts in play for the images (as the renderer tests set
    them; drawn from the view only, so the cards need not leave the decks)."""
    if not st.wars:
        st.wars = [{"card": "III_war_over_culture", "attacker": 0, "defender": 1}]
    if not st.pacts and st.players >= 3:
        st.pacts = [{"card": "III_peace_treaty", "owner": 1, "partner": 2, "owner_side": "a"},
                    {"card": "II_acceptance_of_supremacy", "owner": 0, "partner": 3 % st.players,
                     "owner_side": "b"}]
    return st


def rich() -> TtaState:
    """An Age II position: many buildings, wonders, armies, full hands."""
    st = setup.new_state(4, 5)
    st.age, st.round, st.current = 2, 9, 1
    st.common_tactics = ["I_phalanx", "II_napoleonic_army"]
    st.past_events = ["I_rats", "I_good_harvest", "I_wealthy_territory"]
    c = st.civs[0]
    c.government, c.leader = "II_republic", "II_william_shakespeare"
    c.techs += ["I_irrigation", "I_iron", "I_alchemy", "I_theology", "I_drama", "II_journalism",
                "I_swordsmen", "I_knights", "II_cannon", "I_code_of_laws", "II_architecture"]
    c.workers.update({"I_irrigation": 2, "I_iron": 3, "I_alchemy": 2, "I_theology": 1,
                      "I_drama": 1, "II_journalism": 1, "A_warriors": 2, "I_swordsmen": 1,
                      "I_knights": 2, "II_cannon": 1})
    c.blue.update({"I_irrigation": 3, "I_iron": 2})
    c.wonders, c.wonder, c.stages = ["A_pyramids", "I_great_wall"], "II_eiffel_tower", 2
    c.colonies, c.tactic = ["I_vast_territory"], "I_medieval_army"
    c.hand = ["II_coal", "I_michelangelo", "II_efficient_upgrade", "III_urban_growth"]
    c.military = ["II_fortifications", "I_defense_colonization_bonus", "II_raid"]
    return st


def main() -> None:
    parser = harness.render_parser(__doc__, seed=3)
    parser.add_argument("--rich", action="store_true", help="the hand-made Age II position")
    parser.add_argument("--mode", choices=("first", "peaceful", "full"), default="first",
                        help="the random game's mode (peaceful, full: a late Age III "
                             "position; full: with a war pending and pacts)")
    args = parser.parse_args()
    st = rich() if args.rich else mid_game(4, args.seed, args.mode)
    if args.mode == "full" and not args.rich:
        st = with_conflict(st)
    public, own = ENGINE.view(st, None), ENGINE.view(st, 0)
    print(f"position: 4 players, {st.mode}, age {st.age}, round {st.round}, lang {args.lang}, "
          f"{len(st.wars)} war(s) pending, {len(st.pacts)} pact(s)")
    for label, render, draw, target in (
        ("table", lambda: tta.render_board(public, args.lang, NAMES),
         lambda: tta.table_image(public, args.lang, NAMES), 150),
        ("civilization (owner)", lambda: tta.render_civ(own, 0, args.lang, NAMES),
         lambda: tta.civ_image(own, 0, args.lang, NAMES), 120),
    ):
        kit.clear_caches()
        tta.card_tile.cache_clear()
        cold, times = harness.time_position(args.n, render, draw, tta.encode)
        print(f"\n{label} (target < {target} ms): cold first render {cold:.1f} ms")
        times.print_summary()
        im = times.image
        print(f"  PNG {im.width}x{im.height}, {len(times.png) / 1024:.0f} KiB")
        if args.out:
            Path(args.out).with_suffix(f".{label.split()[0]}.png").write_bytes(times.png)


if __name__ == "__main__":
    main()
