"""The short game, lobby mode ``short`` (scope §30 "Short game", ruling C11; book
L2218-L2247).

Only Ages I and II are played, with every other rule of the full game, aggressions, wars and
pacts included (L2222). What this module adds:

* **Setup** (L2224-L2231, :func:`deal`): the full game's setup, then every event of the
  Age III military deck is shuffled and two are dealt face down to each player
  (``Civ.short_events``: nobody may look at them until Age I has ended, not even the owner,
  L2228); three more lie face up (``TtaState.short_face_up``) and one War over Culture
  beside them (``TtaState.short_war``). Every other Age III civil and military card is out
  of the game, unseen (``TtaState.boxed``): no Age III deck exists.
* **The end**: ``ages.FINAL_AGE["short"] = 3``. When Age II's civil deck runs out, Age II
  ends as usual (antiquation, −2 yellow, the global conflict, Age I pacts leave) and Age III
  begins without decks — no refill, no military draws — and the last round follows, as in
  the first game (L1873-L1886).
* **Age I's end** (L2237-L2239, :func:`keep`): every player looks at their two events, keeps
  one and discards the other face down (out of the game, ``boxed``: nobody ever sees it). All
  seats are asked at once (``interrupts``, private question ``short_keep``: ``keep:<card>``,
  timeout the first option), at the start of the turn whose replenish ended Age I
  (``turn.begin_turn`` runs it in its ``turn_start`` effect, before the wars resolve).
* **War** (L2233-L2235, ruling C11 — the book's sentence is cut off, A5): a war is declared
  by playing a war card from the hand; the player may declare it, or the face-up War over
  Culture instead (``war_culture:<played>:<defender>``, key ``declare_war_over_culture``):
  War over Culture's military actions are paid (Gandhi's double, ``conflict.attack_cost``),
  the played card goes to the military discards, and the face-up card stays where it is,
  for any number of wars at once. The entry in ``TtaState.wars`` names it and the played
  card (``{"card": "III_war_over_culture", "attacker", "defender", "played"}``), so
  ``wars.release`` leaves the face-up card in place when the war ends.
* **Final scoring** (L2241-L2247, :func:`final_scoring`): 6 culture per completed Age II
  wonder (line ``age_ii_wonders``), then the three face-up events, then every player's kept
  event, shuffled, each scored for everyone with the starting player as the current player
  for ties (L2101); Impact of Technology counts Age II technologies here (MC
  ``culture_formula``). Then ``scoring.FINAL_SCORING`` as in the full game.
"""

from __future__ import annotations

from engines.core.contract import Event, Option
from engines.core.fast import event, fast_option
from engines.core.rng import Rng
from engines.core.seams import add_once
from engines.core.suspend import OptionRow
from engines.tta import conflict, politics, scoring, wars
from engines.tta.catalogue import BOARD
from engines.tta.event_cards.age_ii import discard_military
from engines.tta.event_cards.age_iii import IMPACT
from engines.tta.facts import AGE, KIND
from engines.tta.interrupts import Question, TtaCtx
from engines.tta.ratings import military_left
from engines.tta.state import TtaState

MODE = "short"
#: events dealt face down to each player, face up on the table (L2227-L2229)
DEALT, FACE_UP = 2, 3
#: culture per completed Age II wonder at the end (L2243; the first game's value, PB)
AGE_II_WONDER_CULTURE: int = BOARD.first_game_scoring["age_ii_wonder_culture"]


def deal(st: TtaState, rng: Rng) -> None:
    """The short game's setup on top of the full game's (L2224-L2231): the Age III events
    shuffled, two dealt face down to each player, three face up, one War over Culture face
    up; the rest of Age III leaves the game unseen."""
    military = st.military_decks[3]
    events = [c for c in military if KIND[c] == "event"]
    rest = [c for c in military if KIND[c] != "event"]
    rng.shuffle(events)
    for civ in st.civs:
        civ.short_events = [events.pop() for _ in range(DEALT)]
    st.short_face_up = [events.pop() for _ in range(FACE_UP)]
    rest.remove(wars.CULTURE)
    st.short_war = wars.CULTURE
    st.boxed = [*st.boxed, *events, *rest, *st.civil_decks[3]]
    st.military_decks[3] = []
    st.civil_decks[3] = []


def keep_due(st: TtaState) -> bool:
    """Age I has ended and a player still holds both dealt events (L2237)."""
    return (st.mode == MODE and st.age >= 2
            and any(len(c.short_events) > 1 and st.in_game(s)
                    for s, c in enumerate(st.civs)))


def keep(ctx: TtaCtx) -> None:
    """Every player keeps one of their two events and discards the other face down, all at
    once (L2237-L2239); nothing to do unless ``keep_due``."""
    st = ctx.gs
    if not keep_due(st):
        return
    seats = [s for s, c in enumerate(st.civs) if len(c.short_events) > 1 and st.in_game(s)]
    answers = ctx.ask_all([Question(s, "short_keep", keep_rows(st.civs[s].short_events),
                                    private=True) for s in seats])
    for seat in seats:
        civ = st.civs[seat]
        card = answers[seat].removeprefix("keep:")
        hand = civ.short_events[:]
        hand.remove(card)
        civ.short_events = [card]
        st.boxed = [*st.boxed, *hand]  # face down, out of the game: nobody sees it (L2239)
        ctx.emit("short_event_kept", seat, {})
        ctx.emit("short_event_kept_card", seat, {"card": card, "discard": hand[0]}, [seat])


def keep_rows(cards: list[str]) -> list[OptionRow]:
    """``keep:<card>`` for each of the two events (params: the one kept, the one let go)."""
    rows: list[OptionRow] = []
    for card in dict.fromkeys(cards):
        rest = cards[:]
        rest.remove(card)
        rows.append([f"keep:{card}", "short_keep", {"card": card, "discard": rest[0]}, card])
    return rows


# -- War over Culture from the table ---------------------------------------------------------


def options(st: TtaState, seat: int) -> list[Option]:
    """``war_culture:<played>:<defender>`` for each war card in hand and each defender the
    war rules allow that War over Culture's military actions can be paid against
    (L2233-L2235; the same conditions as ``wars.options``)."""
    war = st.short_war
    if war is None:
        return []
    civ = st.civs[seat]
    cards = [c for c in dict.fromkeys(civ.military) if KIND[c] == "war"]
    if not cards or not wars.may_declare(st, seat):
        return []
    ma = military_left(civ)
    out: list[Option] = []
    for defender in range(st.players):
        if not conflict.may_attack(st, seat, defender) or any(
                check(st, seat, defender) for check in wars.DECLARE_CHECKS):
            continue
        cost = conflict.attack_cost(st, seat, defender, war)
        if cost > ma:
            continue
        out.extend(fast_option(f"war_culture:{card}:{defender}", "declare_war_over_culture",
                               {"card": card, "war": war, "ma": cost, "target_seat": defender},
                               card, None, "play")
                   for card in cards)
    return out


def declare(st: TtaState, seat: int, arg: str) -> list[Event]:
    """Declare the face-up War over Culture by playing a war card: War over Culture's cost,
    the played card to the discards, the war face up until it resolves (ruling C11)."""
    played, _, target = arg.partition(":")
    defender = int(target)
    war = st.short_war
    assert war is not None
    civ = st.civs[seat]
    cost = conflict.attack_cost(st, seat, defender, war)
    civ.military.remove(played)
    civ.ma_spent += cost
    discard_military(st, played)
    events = [event("war_declared", seat, {"card": war, "target_seat": defender, "ma": cost,
                                           "played": played})]
    events.extend(conflict.attacked(st, seat, defender))
    st.wars = [*st.wars, {"card": war, "attacker": seat, "defender": defender,
                          "played": played}]
    return events


# -- the final scoring -----------------------------------------------------------------------


def final_scoring(st: TtaState) -> list[Event]:
    """L2241-L2247: Age II wonders, the face-up events, the kept events shuffled, then the
    full game's ``FINAL_SCORING`` lines. The kept events are revealed: they go to the past
    events in the order scored; the face-up ones stay face up."""
    events: list[Event] = []
    st.final = [{"culture_before": c.culture, "age_ii_wonders": 0, "age_iii_events": 0}
                for c in st.civs]
    for seat, civ in enumerate(st.civs):
        n = AGE_II_WONDER_CULTURE * sum(1 for w in civ.wonders if AGE[w] == 2)
        if n and st.in_game(seat):
            civ.culture += n
            st.final[seat]["age_ii_wonders"] = n
            events.append(event("final_scored", seat, {"line": "age_ii_wonders",
                                                       "culture": n}))
    for card in st.short_face_up:
        events.append(scoring.score_impact(st, card, IMPACT[card](st, st.start)))
    kept = [c for civ in st.civs for c in civ.short_events]
    rng = Rng(st.rng)
    rng.shuffle(kept)
    st.rng = rng.state
    for civ in st.civs:
        civ.short_events = []
    for card in kept:
        events.append(scoring.score_impact(st, card, IMPACT[card](st, st.start)))
    st.past_events = [*st.past_events, *kept]
    events.extend(scoring.final_lines(st))
    return events


def register() -> None:
    """Plug the rules into the seams (idempotent)."""
    add_once(politics.OPTION_SOURCES, options)
    politics.ACTIONS["war_culture"] = declare
    scoring.MODE_SCORING[MODE] = final_scoring


register()
