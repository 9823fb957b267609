"""The undo window of a turn, provisional events, the turn summary and the end-turn
forecast (platform §4.1, §4.2, §5.2; the book lets a player take actions back, L1270-L1280).

Every answer goes through :func:`answer` (``TtaEngine.apply``), which drives the core's
:class:`~engines.core.undo.UndoWindow` kept in ``TtaState.undo``:

- the window **opens** whenever the active seat is asked its own question and no window is
  open: after the automatic start-of-turn steps (replenish, tactic made common), and again
  after whatever closed it if the same seat goes on acting (its event resolved);
- an answer given inside the window is **recorded** (``undo`` takes it back), its events are
  ``provisional`` (the bot shows them on the actor's panel only) and the option is added to
  ``TtaState.turn_log``;
- an ``undo`` takes back every game field but the seats' answer counts
  (``TtaState.answered``): it is an answer like any other, and the question asked again
  after it is a new one (``Prompt.question``), so buttons shown before the answer it took
  back never answer a later question;
- the answer that **closes** it is found after it is applied, whatever the option: the
  generator moved (``st.rng``), a hidden card was revealed (a hidden pile changed size
  other than by a face-down discard: a draw, an event revealed, a card played from the
  military hand), or the next question is not the same seat's own (another seat is asked,
  an event or auction asks anyone: ``st.interrupt``, the turn ended, the game is over).
  So a new option never has to know about undo. Its
  events are public, preceded by one ``turn_actions`` event listing the kept answers
  (``turn_log``) with their costs. The summary tells each answer once and only what the
  events that follow do not: ending the action phase is not logged (``UNTOLD``: the
  production and the next turn tell it), and the face-down discards kept before the last
  one are counted in its ``discarded`` event; a summary left with nothing is not emitted.

``final``: options that will close the window carry ``params.final = True`` so the panel
asks for a confirmation. Which ones is data: ``FINAL_RULES[prefix](st, seat)`` (the option
id before its first colon), else "the option plays a card from the seat's military hand"
(others see it). A module whose option closes the window in another way registers a rule;
``test_tta_undo`` checks in random games that ``final`` and "closed" always agree.

Prompts are cached per state (the last one answered or asked about): ``TtaEngine.prompts``
and the validation in ``apply`` share one computation, built inside ``ratings.reading``
(statics and ratings once per civilization). The cache is keyed on the state object and
dropped at every ``apply``, so it assumes what the engine guarantees: a state changes only
through ``apply``. Tests that edit a state by hand run with ``CACHING = False``
(``tests/engines/tta/conftest.py``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engines.core.contract import UNDO, Event, Option, Prompt
from engines.core.errors import IllegalAnswer, illegal_option, not_your_turn
from engines.core.fast import event, fast_option
from engines.core.undo import undo_option
from engines.tta import prompts as questions
from engines.tta.end_of_turn import draws_due, hook_forecast, production_forecast
from engines.tta.lazy import Compute, lazy_option
from engines.tta.ratings import civil_left, military_left, reading
from engines.tta.state import TtaState, game_fields, stand_in
from engines.tta.turn import discards_needed

#: ``step(st, seat, option_id)``: the engine's application of one legal answer
Step = Callable[[TtaState, int, str], list[Event]]
#: ``FINAL_RULES[prefix](st, seat)``: whether answering that option now closes the window
FinalRule = Callable[[TtaState, int], bool]

#: the state fields an undo takes back: all but the window itself and the seats' answer
#: counts (``TtaState.answered``: an undo is an answer, and the question asked again after
#: it is a new one, ``Prompt.question``)
NOT_TAKEN_BACK: frozenset[str] = frozenset({"undo", "answered"})
GAME_FIELDS: tuple[str, ...] = tuple(f for f in TtaState.model_fields
                                     if f not in NOT_TAKEN_BACK)

#: the cache of prompts is used (tests that edit states by hand turn it off)
CACHING = True
_cache: tuple[TtaState, list[Prompt]] | None = None


def _always(st: TtaState, seat: int) -> bool:
    return True


def _end_closes(st: TtaState, seat: int) -> bool:
    """Ending the action phase ends the turn unless military cards must be discarded
    first (L1680-L1686; ``turn.end_action_phase``)."""
    return st.round == 1 or discards_needed(st) == 0


def _never(st: TtaState, seat: int) -> bool:
    return False


def _last_discard(st: TtaState, seat: int) -> bool:
    return discards_needed(st) <= 1


#: option keys the turn summary leaves out (not added to ``turn_log``): ending the action
#: phase goes without saying, the production and the next turn that follow tell it
UNTOLD: frozenset[str] = frozenset({"end_turn"})

FINAL_RULES: dict[str, FinalRule] = {
    "event": _always,  # preparing an event reveals the top current event (L1347)
    "end": _end_closes,
    "discard": _last_discard,  # a face-down discard reveals nothing; the last ends the turn
    "copy_tactic": _never,  # a common tactic: the copy of it in the hand stays hidden
    "cancel_pact": _always,  # the pact goes to the face-down discard pile (pacts.py)
}

#: option prefixes whose answer always closes the window though no hidden pile changes
#: size: a played aggression goes from the hand to the face-down discards, which looks like
#: a discard, yet it was shown and it changed another civilization (engines/tta/aggressions.py)
CLOSING: frozenset[str] = frozenset({"aggression",
                                    # a declared war lies face up (a pact it ends may go to
                                    # the face-down discards: no pile changes size)
                                    "war",
                                    # the short game's War over Culture: the played war
                                    # card goes to the face-down discards (short_game.py)
                                    "war_culture"})


# -- prompts: cache, final marks, the undo option, the forecast ---------------------------


def prompts(st: TtaState) -> list[Prompt]:
    """The open prompts with the undo window's additions, computed once per position."""
    global _cache
    cached = _cache
    if cached is not None and cached[0] is st and CACHING:
        return cached[1]
    with reading():
        out = decorate(st, questions.prompts(st))
    _cache = (st, out)
    return out


def _forget() -> None:
    global _cache
    _cache = None


def decorate(st: TtaState, raw: list[Prompt]) -> list[Prompt]:
    """``raw`` with ``final`` marks, the forecast on ``end`` and ``undo`` when allowed, on
    the active seat's own prompt (a question to another seat is asked outside any window);
    every prompt named (``name``). ``raw`` is freshly built (``prompts.prompts``): its
    prompts get their new options in place."""
    if st.interrupt is None:  # else an event or auction asks: outside any window
        current = st.current
        for p in raw:
            if p.seat != current or p.reaction:
                continue
            opts = _marked(st, p.seat, p.options)
            if st.undo.can_undo(p.seat):
                opts = [*opts, undo_option()]
            if opts is not p.options:
                p.__dict__["options"] = opts
    name(st, raw)
    return raw


def name(st: TtaState, prompts: list[Prompt]) -> None:
    """Set the pacing fields of freshly built ``prompts`` (README "Pacing"): ``question``
    is the kind and the number of answers the seat has made (``TtaState.answered``: every
    answer, ``undo`` included, ends the seat's question; while it does not answer, its
    question cannot change: its own turn asks no one else, and the questions an event asks
    at once are each fixed until answered); ``panel`` marks the current seat's own questions
    drawn with a layout (the turn's menus, discards, picks and numbers) and the confirmation
    of a resignation, not a question put to another seat (``reaction``)."""
    answered = st.answered
    for p in prompts:
        d = p.__dict__
        seat = p.seat
        d["question"] = f"{p.kind}.{answered[seat] if seat < len(answered) else 0}"
        d["panel"] = not p.reaction and (p.layout is not None or p.kind == "resign")


def count(st: TtaState, seat: int) -> None:
    """One more answer of ``seat`` (``TtaState.answered``, padded for an older state)."""
    answered = st.answered
    if len(answered) < st.players:
        answered.extend([0] * (st.players - len(answered)))
    answered[seat] += 1


def _marked(st: TtaState, seat: int, options: list[Option]) -> list[Option]:
    """``options`` with ``final`` set on those that close the window and the forecast on
    ``end`` (the same list when nothing changes). The ``end`` option's params (forecast and
    mark) are computed when first read (``lazy.py``): only a person reads them."""
    out = options
    hand = st.civs[seat].military
    by_id = _rules_by_id()
    for i, o in enumerate(options):
        oid = o.id
        if oid == "end":
            opt = lazy_option(oid, o.key, _end_params(st, seat, o), o.card, o.cost, o.group)
        else:
            rule = by_id.get(oid, _UNSEEN)
            if rule is _UNSEEN:
                rule = by_id[oid] = FINAL_RULES.get(oid.partition(":")[0])
            if rule is None:
                if not hand:
                    continue
                card = o.card
                if card is None or card not in hand:
                    continue
            elif not rule(st, seat):
                continue
            if o.params.get("final") is True:  # marked by its module already
                continue
            opt = fast_option(oid, o.key, {**o.params, "final": True}, o.card, o.cost, o.group)
        if out is options:
            out = options[:]
        out[i] = opt
    return out


#: option id -> the ``FINAL_RULES`` entry of its prefix (the id before its first colon) or
#: None, as the rules were when ``_RULES_SEEN`` was taken
_RULE_BY_ID: dict[str, FinalRule | None] = {}
_RULES_SEEN: dict[str, FinalRule] = {}
_UNSEEN = object()


def _rules_by_id() -> dict[str, Any]:
    """``_RULE_BY_ID``, emptied whenever ``FINAL_RULES`` has changed since it was filled."""
    global _RULES_SEEN
    if FINAL_RULES != _RULES_SEEN:
        _RULE_BY_ID.clear()
        _RULES_SEEN = dict(FINAL_RULES)
    return _RULE_BY_ID


def _final(st: TtaState, seat: int, o: Option, rule: FinalRule | None,
           hand: list[str]) -> bool:
    """Whether answering ``o`` now closes the window (module docstring, ``final``)."""
    return rule(st, seat) if rule is not None else o.card is not None and o.card in hand


def _end_params(st: TtaState, seat: int, end: Option) -> Compute:
    """The ``end`` option's params as they are now, computed when first read: its own, the
    forecast, ``final``. Read before ``st`` is answered again (the bot answers a copy), they
    are ``st``'s; read later (a test or simulation applying answers in place), this
    position is rebuilt from the open undo window (its base and answers: ``rebuild``), or,
    without a window, was kept at once (``stand_in``)."""
    stamp = sum(st.answered)
    window = st.undo
    base, answers = window.base, window.answers[:]
    kept = stand_in(st, seat) if base is None or window.seat != seat else None

    def compute() -> dict[str, Any]:
        if sum(st.answered) == stamp:
            now = st
        elif kept is not None:
            now = kept
        else:
            assert base is not None
            now = rebuild(base, seat, answers)
        with reading():
            params = {**end.params, **forecast(now, seat)}
            if _final(now, seat, end, FINAL_RULES.get("end"), now.civs[seat].military):
                params["final"] = True
        return params

    return compute


#: the engine's step (``TtaEngine.step``, set by ``engine.py``): what ``rebuild`` replays
REPLAY: Step | None = None


def rebuild(base: dict[str, Any], seat: int, answers: list[str]) -> TtaState:
    """The position an undo window reached: a fresh state from its ``base`` with its
    ``answers`` (``seat``'s) applied again, as an undo re-applies them (no hidden card, no
    draw in between: the same position)."""
    assert REPLAY is not None, "engine.py sets undo_window.REPLAY"
    st = TtaState.model_validate(base)
    for option_id in answers:
        REPLAY(st, seat, option_id)
    return st


def forecast(st: TtaState, seat: int) -> dict[str, Any]:
    """What ending the action phase now would cost (platform §5.2): the production phase
    run without changing the state (``end_of_turn.production_forecast``, the function the
    real end of turn applies), the unused actions, the discards and the military draw."""
    civ = st.civs[seat]
    out = production_forecast(st, seat)
    discards = discards_needed(st) if st.round > 1 else 0
    draws = draws_due(st, seat)
    if draws:
        age = st.age
        deck = st.military_decks[age] if age < len(st.military_decks) else []
        pile = st.military_discards[age] if age < len(st.military_discards) else []
        draws = min(draws, len(deck) + len(pile) + discards)  # ruling C4: no more to draw
    return {"uprising": out.uprising, "famine_culture": out.famine_culture,
            "corruption": out.corruption_resources + out.corruption_food,
            "unused_ca": civil_left(civ), "unused_ma": military_left(civ),
            "discards_needed": discards, "draws": draws,
            **hook_forecast(st, seat)}  # the cards' own end-of-turn effects (Churchill)


# -- answers --------------------------------------------------------------------------------


def answer(st: TtaState, seat: int, option_id: str, step: Step) -> list[Event]:
    """Check ``option_id`` against ``seat``'s open prompt, apply it with ``step`` (or take
    back the window's last answer for ``undo``) and keep the window (module docstring).
    ``IllegalAnswer`` before any change."""
    prompt = None
    for p in prompts(st):
        if p.seat == seat:
            prompt = p
            break
    if prompt is None:
        if st.phase == "over":
            raise IllegalAnswer("game_over", "The game is over.")
        raise not_your_turn()
    opt = prompt.option(option_id)
    if opt is None:
        raise illegal_option(option_id)
    window = st.undo
    _forget()
    if option_id == UNDO:
        undone = window.undo(st, restore, lambda s, oid: _reapply(s, seat, oid, step))
        count(st, seat)
        with reading():
            _cache_for(st, questions.prompts(st))
        return [undone]
    inside = window.base is not None and window.seat == seat
    before = _hidden_before(st) if inside else None
    events = step(st, seat, option_id)
    count(st, seat)
    with reading():  # from here on only the window, the turn log and the counts change
        raw = questions.prompts(st)
        if inside:
            after = _hidden_after(st) if window.base is not None else None
            if (window.base is not None and after == before
                    and option_id.partition(":")[0] not in CLOSING
                    and _own_turn(st, raw, seat)):
                window.record(option_id)
                _log(st, prompt, opt)
                for e in events:
                    e.__dict__["provisional"] = True
            else:
                events = [*close(st, seat, events), *events]
        if window.base is None and _own_turn(st, raw, st.current):
            window.open(st.current, take(st))
        _cache_for(st, raw)
    return events


def _cache_for(st: TtaState, raw: list[Prompt]) -> None:
    global _cache
    _cache = (st, decorate(st, raw))


def close(st: TtaState, seat: int, closing: list[Event] | None = None) -> list[Event]:
    """Close the window: nothing before this point can be taken back any more. Returns the
    public ``turn_actions`` summary of the answers it kept that the ``closing`` answer's
    events do not tell (none if that leaves none): the face-down discards kept before
    the last one are counted in its ``discarded`` event, so a discard step reads as one
    line ("discards 3 military cards") and not as a summary repeating the event."""
    st.undo.close()
    kept = st.turn_log
    st.turn_log = []
    told = next((e for e in closing or () if e.kind == "discarded" and e.seat == seat), None)
    if told is not None:
        discards = sum(1 for a in kept if a["key"] == "discard")
        if discards:
            told.params = {**told.params, "count": told.params.get("count", 1) + discards}
            kept = [a for a in kept if a["key"] != "discard"]
    return [event("turn_actions", seat, {"actions": kept})] if kept else []


def open_if_acting(st: TtaState) -> None:
    """Open a window if the active seat is being asked its own question (a new game)."""
    if st.undo.base is None and _own_turn(st, questions.prompts(st), st.current):
        st.undo.open(st.current, take(st))


def _reapply(st: TtaState, seat: int, option_id: str, step: Step) -> None:
    """One kept answer again, as ``answer`` recorded it (an undo's replay)."""
    with reading():  # the prompt as it was offered (the same ``turn_log`` line)
        prompt = next(p for p in decorate(st, questions.prompts(st)) if p.seat == seat)
    opt = prompt.option(option_id)
    assert opt is not None, option_id
    step(st, seat, option_id)
    st.undo.record(option_id)
    _log(st, prompt, opt)


def _own_turn(st: TtaState, raw: list[Prompt], seat: int) -> bool:
    """Whether the one open question is ``seat``'s own turn, not an event's or auction's
    (``st.interrupt``: whoever it asks, its answers are outside any window)."""
    return (len(raw) == 1 and raw[0].seat == seat and st.interrupt is None
            and st.phase != "over")


#: ``(state, its answer count, _hidden(state))`` after the last answer inside a window: the
#: next answer's "before" when nothing changed the state since (``CACHING``: states change
#: only through ``apply``)
_seen: tuple[TtaState, int, tuple[Any, ...]] | None = None


def _hidden_before(st: TtaState) -> tuple[Any, ...]:
    """``_hidden(st)`` before an answer: the one computed after the last answer when
    ``st`` has not been answered since."""
    seen = _seen
    if CACHING and seen is not None and seen[0] is st and seen[1] == sum(st.answered):
        return seen[2]
    return _hidden(st)


def _hidden_after(st: TtaState) -> tuple[Any, ...]:
    """``_hidden(st)`` after an answer (counted), kept for the next one."""
    global _seen
    hidden = _hidden(st)
    _seen = (st, sum(st.answered), hidden)
    return hidden


def _hidden(st: TtaState) -> tuple[Any, ...]:
    """What changes when a hidden card is revealed or the generator is used: the rng, the
    sizes of the decks, of the current events and of the box, and the number of hidden
    military cards (hands, face-down discards and future events together: a discard moves
    one within them, a card played from a hand leaves them)."""
    hidden = len(st.future_events)
    for civ in st.civs:
        hidden += len(civ.military)
    for pile in st.military_discards:
        hidden += len(pile)
    return (st.rng, len(st.current_events), len(st.boxed), hidden,
            *map(len, st.civil_decks), -1, *map(len, st.military_decks))


def _log(st: TtaState, prompt: Prompt, opt: Option) -> None:
    """Add a kept answer to ``turn_log``, unless the summary leaves it out (``UNTOLD``)."""
    if opt.key not in UNTOLD:
        st.turn_log.append(_entry(prompt, opt))


def _entry(prompt: Prompt, opt: Option) -> dict[str, Any]:
    """The ``turn_log`` line of a kept answer: the option's key, card and parameters (its
    costs); nothing but the key for a private prompt's option (a face-down discard)."""
    if prompt.private:
        return {"key": opt.key, "card": None, "params": {}}
    return {"key": opt.key, "card": opt.card, "params": dict(opt.params)}


# -- the window's base ---------------------------------------------------------------------


def take(st: TtaState) -> dict[str, Any]:
    """The game fields as plain JSON values (the window's ``base`` is saved with the state):
    ``st.model_dump(mode="json", exclude=NOT_TAKEN_BACK)``, at a third of its cost (every
    field is a plain value but the civilizations; ``test_tta_undo`` checks the two agree)."""
    return game_fields(st, GAME_FIELDS)


def restore(st: TtaState, base: dict[str, Any]) -> None:
    """Write a fresh copy of ``base`` back into ``st`` (``base`` stays untouched)."""
    fresh = TtaState.model_validate(base).__dict__
    d = st.__dict__
    for k in GAME_FIELDS:
        d[k] = fresh[k]
