"""Through the Ages words: costs in plain words, the action panel's menus, the
political / event / auction questions, the thread's log (with the full game's per-seat
culture: Age III events' impacts, the global conflict, the final scoring line by line), the
panel text (platform §5.2) and ``/card``.

Every wording falls back to a readable generic wording (``tta.option.generic``,
``tta.prompt.generic``, ``tta.event.generic``) for a kind the catalogue does not know yet,
so an option or event added to the engine never reaches a player as a raw id.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from bot.games._base import GameWords, of_seat
from bot.i18n import has, name, t
from bot.wording import NAMES_PARAM, join
from engines.core.contract import Event, Option, Prompt
from engines.tta.catalogue import CARDS, MILITARY, CivilCard
from engines.tta.view import PlayerView, TtaView

GAME = "tta"
#: cost params of options and events, in the order they are worded
COST_PARAMS = ("ca", "ma", "res", "food", "sci")
#: what an event or an action card gives (``gained``, ``event_effect``), in that order
GAIN_PARAMS = ("food", "resources", "science", "culture", "ma", "mil_res")
#: the action prompt's menus (``Option.group``), each labelled ``tta.group.<group>``, and
#: the political phase's (``POLITICS_MENUS``)
GROUPS = ("take", "build", "upgrade", "play", "other", "turn", "event", "conflict", "pact")
#: the political phase's menus (platform §5.3): its ``play`` options split by kind, an
#: event to prepare, an aggression or war, a pact to offer; "Other" and the buttons stay
POLITICS_MENUS = {"prepare_event": "event", "aggression": "conflict",
                  "declare_war": "conflict", "declare_war_over_culture": "conflict",
                  "offer_pact": "pact"}
#: the end-of-turn forecast's warnings (the ``end`` option's params), in that order
END_WARNINGS = ("uprising", "famine_culture", "corruption", "unused_ca", "unused_ma",
                "discards_needed")
#: aggressions, wars, pacts and resignations: worded by ``TtaWords._conflict``
CONFLICT_EVENTS = frozenset({"aggression", "defended", "aggression_succeeded", "taken",
                             "annexed", "infiltrated", "war_declared", "war_resolved",
                             "war_cancelled", "pact_offered", "pact_accepted", "pact_refused",
                             "pact_cancelled", "pact_ended", "resigned"})
#: how a pact may end (``pact_ended``'s ``reason``), each worded ``pact_ended_<reason>``
PACT_END_REASONS = ("age", "attack", "resigned")
#: the political actions of the full game, by option key: with any of them offered the
#: political phase's question names each kind offered (``tta.politics.<kind>``), in order
POLITICS_KINDS = {"prepare_event": "event", "aggression": "aggression", "declare_war": "war",
                  "declare_war_over_culture": "war", "offer_pact": "pact",
                  "cancel_pact": "cancel_pact", "resign": "resign"}
POLITICS_ORDER = ("event", "aggression", "war", "pact", "cancel_pact", "resign")
#: option keys and event kinds whose science a Scientific Cooperation partner shares
#: (``develop.SCIENCE_SHARES``: params ``partner_seat``, ``partner_sci``)
SHARED_SCIENCE = frozenset({"develop", "revolution"})
SHARED_SCIENCE_EVENTS = frozenset({"developed", "revolution"})
#: answers that close the undo window without a "cannot be undone" confirmation: ending the
#: turn has its own (the forecast's costs), the last discard is the end of the turn
FINAL_UNASKED = frozenset({"end"})
FINAL_UNASKED_PREFIXES = ("discard:",)
#: what ending the turn now gains (the ``end`` option's forecast, ``end_of_turn.FORECASTS``):
#: param -> the card that gives it, worded ``tta.end_gain.<param>``
END_GAINS = {"churchill_culture": "III_winston_churchill"}
#: answers the turn summary (``turn_actions``) leaves out: ending the turn goes without saying
#: (the engine no longer logs it, ``undo_window.UNTOLD``; a state saved before may hold it)
SUMMARY_SKIPS = frozenset({"end_turn"})
#: questions of a colonization auction (their ``card`` is the territory put up)
AUCTION_KINDS = frozenset({"bid", "colonize"})
#: the ``ability`` event's details (a leader's or wonder's own effect)
ABILITY_DETAILS = ("culture", "yellow", "ma", "gain_ca", "mil_sci", "mil_res", "territory",
                   "under", "retired")


def age_text(lang: str, age: Any) -> str:
    """An age number (0-4) as the game writes it: A, I, II, III, IV."""
    return t(lang, f"tta.age.{age}") if has(lang, f"tta.age.{age}") else str(age)


def card_name(lang: str, card: Any) -> str:
    return name(lang, GAME, str(card)) if card else t(lang, "tta.none")


def event_name(lang: str, ident: Any) -> str:
    """An event card's name from the id an event question carries, which may lack the age
    prefix and "Development of" (``foray``: ``I_foray``; ``religion``:
    ``A_development_of_religion``, not the temple)."""
    text = str(ident)
    for candidate in (text, *(f"{age}_{middle}{text}" for middle in ("", "development_of_")
                              for age in ("A", "I", "II", "III"))):
        if candidate in MILITARY:
            return card_name(lang, candidate)
    return card_name(lang, text)


def cards_text(lang: str, cards: Iterable[Any]) -> str:
    """Card names, comma-separated; "none" when there are none."""
    return join(lang, (card_name(lang, c) for c in cards)) or t(lang, "tta.none")


def cost_text(lang: str, raw: Mapping[str, Any]) -> str:
    """What an option or event costs, in plain words ("3 resources, 1 civil action");
    "free" when it costs nothing."""
    parts = [t(lang, f"tta.cost.{k}", n=raw[k]) for k in COST_PARAMS
             if isinstance(raw.get(k), int) and raw[k]]
    return join(lang, parts) or t(lang, "tta.cost.free")


def amounts_text(lang: str, raw: Mapping[str, Any]) -> str:
    """Food and resources to take ("3 food, 2 resources"), the zeros left out."""
    parts = [t(lang, f"tta.cost.{short}", n=raw[k])
             for k, short in (("food", "food"), ("resources", "res"))
             if isinstance(raw.get(k), int) and raw[k]]
    return join(lang, parts) or t(lang, "tta.nothing")


def gains_text(lang: str, gains: Mapping[str, Any]) -> str:
    """Signed amounts ("+2 food, −1 resource"); unknown amounts as ``name +n``."""
    parts = []
    for key, value in gains.items():
        if not isinstance(value, int) or isinstance(value, bool) or not value:
            continue
        sign = "+" if value > 0 else "−"
        if has(lang, f"tta.gain.{key}"):
            parts.append(t(lang, f"tta.gain.{key}", sign=sign, n=abs(value)))
        else:
            parts.append(f"{key.replace('_', ' ')} {sign}{abs(value)}")
    return join(lang, parts) or t(lang, "tta.nothing")


def seat_values_text(lang: str, values: Any, names: Mapping[int, str]) -> str:
    """Culture scored by each seat (a list indexed by seat) with the players' names, in
    seat order, zeros included ("Ana +14, Bo +7, Cy +0")."""
    if not isinstance(values, list):
        return t(lang, "tta.nothing")
    return join(lang, (t(lang, "tta.seat_culture", name=names.get(seat, str(seat)),
                         sign="−" if n < 0 else "+", n=abs(n))
                       for seat, n in enumerate(values) if isinstance(n, int)))


def score_line(lang: str, line: Any) -> str:
    """A line of the full game's final scoring (``final_scored``'s ``line``, a result
    breakdown key) in words: ``tta.score.<line>``, else the card it is named after (a
    leader, a wonder: ``bill_gates`` is Bill Gates), else the id made readable."""
    text = str(line)
    if has(lang, f"tta.score.{text}"):
        return t(lang, f"tta.score.{text}")
    for card in (text, *(f"{age}_{text}" for age in ("III", "II", "I", "A"))):
        if card in CARDS:
            return card_name(lang, card)
    return readable(text)


def share_text(lang: str, raw: Mapping[str, Any], params: Mapping[str, Any]) -> str:
    """A Scientific Cooperation partner's part of a development's science, to follow its
    cost ("; Ana adds 1 science point"), or nothing (``develop.SCIENCE_SHARES``)."""
    if not raw.get("partner_sci") or not isinstance(raw.get("partner_seat"), int):
        return ""
    partner = params.get("partner_seat", raw["partner_seat"])
    return t(lang, "tta.share", partner=partner, n=raw["partner_sci"])


def readable(ident: str) -> str:
    """An id made readable, for kinds the catalogue does not know yet."""
    return ident.replace("_", " ").replace(":", " ").strip().capitalize()


def _details(lang: str, raw: Mapping[str, Any]) -> str:
    """The params of an unknown kind, worded as well as they can be: `` (key value, …)``
    (card ids as names), or nothing."""
    out = []
    for key, value in raw.items():
        if value is None or isinstance(value, dict | list | bool):
            continue
        if isinstance(value, str):
            value = card_name(lang, value)
        out.append(f"{readable(key).lower()} {value}")
    return t(lang, "tta.details", details=join(lang, out)) if out else ""


class TtaEventWords(GameWords[TtaView]):
    """Through the Ages' events in words (the turn's summary, conflicts, production): a
    part of ``TtaWords`` of its own, the largest."""

    def event(self, lang: str, event: Event, params: dict[str, Any]) -> tuple[str, dict[str, Any]]:
        raw = event.params
        params = dict(params)
        kind = event.kind
        if "age" in raw:
            params["age"] = age_text(lang, raw["age"])
        if any(k in raw for k in COST_PARAMS):
            params["cost"] = cost_text(lang, raw)
        by = raw.get("by")
        params["via"] = t(lang, "tta.via", card=card_name(lang, by)) if by else ""
        if kind in SHARED_SCIENCE_EVENTS and "cost" in params:
            params["cost"] += share_text(lang, raw, params)
        if kind == "replenished":
            params["count"] = len(raw.get("dealt") or [])
            params["swept"] = cards_text(lang, raw.get("swept") or [])
            return ("replenished_swept" if raw.get("swept") else "replenished"), params
        if kind in ("impact_scored", "global_conflict"):
            # per-seat culture (an Age III event's impact, the global conflict, L2259)
            params["scores"] = seat_values_text(lang, raw.get("culture"),
                                                params.get(NAMES_PARAM) or {})
            if kind == "impact_scored" and raw.get("final"):
                return "impact_scored_final", params
            return kind, params
        if kind == "final_scored":
            params["line"] = score_line(lang, raw.get("line"))
            return kind, params
        if kind == "age_began" and raw.get("age") == 4:
            return "age_began_last", params  # Age IV: no decks, the last round (L1948)
        if kind == "age_ended":
            lost = list(raw.get("yellow_lost") or [])
            params["yellow_lost"] = lost[0] if lost else 0
            if len(set(lost)) > 1:
                params["yellow_lost"] = join(lang, map(str, lost))
                return "age_ended_uneven", params
            return kind, params
        if kind == "leader" and raw.get("replaced"):
            return "leader_replacing", params
        if kind in ("tactic_played", "tactic_copied") and raw.get("replaced"):
            return f"{kind}_replacing", params
        if kind == "event_revealed" and raw.get("resolved") is False:
            return "event_revealed_unresolved", params
        if kind == "population_lost" and not raw.get("card"):
            return "population_lost_any", params
        if kind in ("action_card", "event_effect"):
            gains = raw.get("gained") if kind == "action_card" else raw
            params["gain"] = gains_text(lang, gains if isinstance(gains, dict) else {})
            if params["gain"] == t(lang, "tta.nothing"):
                # e.g. an ordered action (build, develop…): its own events follow and tell it
                return f"{kind}_plain", params
            return kind, params
        if kind == "colonized":
            units = raw.get("units") or {}
            sent = [t(lang, "tta.units_of", n=n, unit=card_name(lang, u))
                    for u, n in units.items()]
            sent += [card_name(lang, b) for b in raw.get("bonus") or []]
            params["units"] = join(lang, sent) or t(lang, "tta.none")
            return kind, params
        if kind == "production":
            return self._production(lang, raw, params)
        if kind == "ability":
            details = []
            for key in ABILITY_DETAILS:
                value = raw.get(key)
                if value:
                    text_key = f"tta.ability.{key}"
                    details.append(t(lang, text_key, n=value, card=card_name(lang, value)))
            params["details"] = join(lang, details) or t(lang, "tta.nothing")
            return kind, params
        if kind == "drew_military_cards":
            params["cards"] = cards_text(lang, raw.get("cards") or [])
            return kind, params
        if kind == "drew_military" and not raw.get("count"):
            return "drew_military_none", params
        if kind == "discarded" and raw.get("count", 1) != 1:
            return "discarded_many", params
        if kind == "turn_actions":
            actions = self._turn_actions(lang, raw.get("actions") or [])
            if not actions:
                # only what goes without saying (a state saved before the engine left
                # ``end_turn`` out of the summary): not told at all
                return "", params
            params["actions"] = actions
            return kind, params
        if kind in CONFLICT_EVENTS:
            return self._conflict(lang, kind, raw, params)
        if kind == "wonder_stage":
            params["stages"] = raw.get("stages", 1)
        if not has(lang, f"tta.event.{kind}"):
            params["what"] = readable(kind)
            params["details"] = _details(lang, raw)
            return "generic", params
        return kind, params

    def _conflict(
        self, lang: str, kind: str, raw: Mapping[str, Any], params: dict[str, Any]
    ) -> tuple[str, dict[str, Any]]:
        """Aggressions, wars and pacts (issue 10): the kinds whose words depend on how they
        ended (a defense held or not, a war won or tied, a pact's side or end)."""
        names: Mapping[int, str] = params.get(NAMES_PARAM) or {}
        if kind == "defended":
            params["bonus"] = cards_text(lang, raw.get("bonus") or [])
            return ("defended_held" if raw.get("held") else "defended_failed"), params
        if kind == "taken":
            what = "science" if "science" in raw else "culture"
            params["n"] = raw.get(what, 0)
            return f"taken_{what}", params
        if kind == "war_resolved":
            winner = raw.get("winner_seat")
            if winner is None:
                return "war_tied", params
            seats = (raw.get("attacker_seat"), raw.get("defender_seat"))
            loser = seats[1] if winner == seats[0] else seats[0]
            params["loser"] = names.get(loser, str(loser)) if isinstance(loser, int) else "?"
            amounts = join(lang, (t(lang, f"tta.spoils.{k}", n=raw[k])
                                  for k in ("yellow", "science", "culture") if raw.get(k)))
            if raw.get("technologies"):
                # War over Technology: the technologies taken, then the rest as science
                # (ruling C13: the winner may mix)
                techs = cards_text(lang, raw["technologies"])
                params["spoils"] = (t(lang, "tta.spoils.technologies_and", technologies=techs,
                                      amounts=amounts) if amounts else techs)
            elif not amounts:
                return "war_resolved_empty", params  # the loser had nothing of the kind
            else:
                params["spoils"] = amounts
            return kind, params
        if kind == "pact_offered" and raw.get("side"):
            params["side"] = str(raw["side"]).upper()
            return "pact_offered_side", params
        if kind == "pact_accepted" and raw.get("replaced"):
            return "pact_accepted_replacing", params
        if kind == "pact_ended":
            reason = raw.get("reason")
            return f"pact_ended_{reason if reason in PACT_END_REASONS else 'attack'}", params
        if kind == "war_declared" and raw.get("played"):
            return "war_declared_played", params  # War over Culture, another war card played
        if kind == "resigned":
            # the declarers of wars on the resigner score culture all the same (L2071);
            # ``declarers`` holds seats (the interface's name, not ``*_seats``)
            declarers = [names.get(s, str(s)) for s in raw.get("declarers") or []]
            wars = "tta.resigned_wars_one" if len(declarers) == 1 else "tta.resigned_wars"
            params["wars"] = (t(lang, wars, culture=raw.get("culture", 0),
                                declarers=join(lang, declarers)) if declarers else "")
            return ("resigned_last" if raw.get("remaining") == 1 else "resigned"), params
        return kind, params

    def _production(
        self, lang: str, raw: Mapping[str, Any], params: dict[str, Any]
    ) -> tuple[str, dict[str, Any]]:
        """The production phase (L1736-L1766) in one line: gains, then what went wrong."""
        if raw.get("uprising"):
            return "production_uprising", params
        notes = []
        for key in ("consumption", "corruption", "famine_culture", "discontent"):
            value = raw.get(key)
            if value:
                notes.append(t(lang, f"tta.production.{key}", n=value))
        params["notes"] = (t(lang, "tta.production.notes", notes=join(lang, notes))
                           if notes else "")
        return "production", params

    def _turn_actions(self, lang: str, actions: list[Any]) -> str:
        """The undo window's kept answers (``turn_actions``) as short past-tense phrases;
        empty when all go without saying (``SUMMARY_SKIPS``)."""
        out = []
        for action in actions:
            if not isinstance(action, dict):
                continue
            key = str(action.get("key", ""))
            if key in SUMMARY_SKIPS:
                continue
            raw = action.get("params") or {}
            card = action.get("card") or raw.get("card")
            words = {
                "card": card_name(lang, card),
                "to": card_name(lang, raw.get("to")),
                "cost": cost_text(lang, raw),
                "stages": raw.get("stages", 1),
            }
            did = f"tta.did.{key}"
            if card is None and has(lang, f"{did}_hidden"):
                did = f"{did}_hidden"  # a private answer: its key only (no card)
            if not has(lang, did):
                out.append(readable(key).lower())
                continue
            out.append(t(lang, did, **words))
        return join(lang, out)


class TtaWords(TtaEventWords):
    #: told by the result; ``turn``: each turn is a board of its own, titled (``table_title``)
    silent_events = frozenset({"game_over", "turn"})
    #: the ``end`` option's forecast: ending the turn asks for a confirmation when it costs
    #: something (platform §5.2), worded ``tta.warn.<param>``; the menus are worded
    #: ``tta.group.<group>`` (``GameWords.group_label``)
    warn_params = END_WARNINGS

    def table_title(self, lang: str, view: TtaView, names: dict[int, str]) -> str:
        if view.result is not None or view.current is None:
            return t(lang, "board.final")
        return t(lang, "tta.board.title", round=view.round, age=age_text(lang, view.age),
                 name=names.get(view.current, "?"))

    def warnings(self, option: Option) -> dict[str, Any]:
        """The end-of-turn forecast's costs, and for any other answer that closes the undo
        window (``params.final``: it shows a card to the others, asks another seat or uses
        the deck) a reminder that it cannot be taken back (platform §4.1)."""
        found = super().warnings(option)
        if option.key == "resign_confirm":
            # the second confirmation of a resignation says what it really costs
            found["resign"] = True
        elif option.params.get("final") and option.id not in FINAL_UNASKED \
                and not option.id.startswith(FINAL_UNASKED_PREFIXES):
            found["final"] = True
        return found

    def menu_group(self, prompt: Prompt, option: Option) -> str | None:
        """The political phase's cards in a menu per kind (``POLITICS_MENUS``), the
        engine's ``play`` group otherwise."""
        if prompt.kind == "politics" and option.group == "play":
            return POLITICS_MENUS.get(option.key, option.group)
        return option.group

    def turn_status(self, lang: str, view: TtaView, names: dict[int, str]) -> str | None:
        player = of_seat(view.players, view.current)
        if player is None:
            return None
        step = t(lang, f"tta.step.{view.step}") if has(lang, f"tta.step.{view.step}") else ""
        return t(lang, "tta.turn_status", name=names.get(player.seat, "?"),
                 round=view.round, age=age_text(lang, view.age),
                 step=step or readable(view.step).lower(), ca=player.civil_left,
                 ca_total=player.civil_actions, ma=player.military_left,
                 ma_total=player.military_actions)

    def reaction_source(
        self, lang: str, prompt: Prompt, view: TtaView, names: dict[int, str]
    ) -> str | None:
        """The seat whose turn it is and what of theirs asks: the event they revealed
        ("Ana's event Development of Markets") or the territory they put up for auction;
        just their name for any other question out of turn."""
        who = super().reaction_source(lang, prompt, view, names)
        if who is None:
            return None
        raw = prompt.params
        if raw.get("event"):
            return t(lang, "tta.asker.event", name=who, event=event_name(lang, raw["event"]))
        if prompt.kind in AUCTION_KINDS and raw.get("card"):
            return t(lang, "tta.asker.auction", name=who, card=card_name(lang, raw["card"]))
        return who

    # -- options ------------------------------------------------------------------------
    def option(
        self, lang: str, option: Option, params: dict[str, Any]
    ) -> tuple[str, dict[str, Any]]:
        raw = option.params
        params = dict(params)
        params["cost"] = cost_text(lang, raw)
        key = option.key
        if key == "play_action":
            return self._action_card(lang, raw, params)
        if key == "play_leader" and raw.get("replaces"):
            key = "play_leader_replacing"
        elif key == "develop" and raw.get("mil_sci"):
            # part of the science is Churchill's, usable only for unit technologies
            key = "develop_restricted"
            params["by"] = card_name(lang, "III_winston_churchill")
        elif key == "discard" and "value" in raw:
            key = "discard_for_force"  # James Cook: a discard adds to a colonization force
        elif key == "done" and "force" in raw:
            key = "done_force"
        elif key == "end_turn":
            gains = [t(lang, f"tta.end_gain.{k}", n=raw[k], card=card_name(lang, card))
                     for k, card in END_GAINS.items() if raw.get(k)]
            params["gains"] = t(lang, "tta.end_gains", gains=join(lang, gains)) if gains else ""
            warnings = self._end_warnings(lang, raw)
            if warnings:
                params["warnings"] = warnings
                key = "end_turn_warn"
        elif key in ("food", "resources"):  # Markets: which gain
            params["gain"] = amounts_text(lang, raw)
            key = "gain"
        elif key == "plunder_take":  # Plunder: the attacker's mix of food and resources
            params["gain"] = amounts_text(lang, raw)
        elif key == "offer_pact" and raw.get("side"):
            key = "offer_pact_side"  # an unequal pact: the offerer names its side (L2055)
            params["side"] = str(raw["side"]).upper()
        elif key == "mix":  # Foray's gain or Raiders' loss, split (the prompt says which)
            params["food"] = raw.get("food", 0)
            params["resources"] = raw.get("resources", 0)
        elif key == "resign_confirm" and raw.get("remaining") == 1:
            key = "resign_confirm_last"  # the one player left wins at once (L2073)
        if option.key in SHARED_SCIENCE:
            params["cost"] += share_text(lang, raw, params)
        if not has(lang, f"tta.option.{key}"):
            params["what"] = readable(key)
            params["card"] = card_name(lang, option.card) if option.card else ""
            return ("generic_card" if option.card else "generic"), params
        return key, params

    def _action_card(
        self, lang: str, raw: Mapping[str, Any], params: dict[str, Any]
    ) -> tuple[str, dict[str, Any]]:
        """``play_action``: the card, its civil action, then what it does (its target)."""
        params["cost"] = cost_text(lang, {"ca": raw.get("ca", 1)})
        order = raw.get("order")
        if "choices" in raw:
            return "play_action_choose", params
        if order:
            sub = {k: raw[k] for k in ("res", "food", "sci") if k in raw}
            if order == "revolution":
                sub["ca"] = raw.get("ca", 0)
            params["order_cost"] = cost_text(lang, sub)
            params["target"] = card_name(lang, raw.get("target"))
            params["to"] = card_name(lang, raw.get("to"))
            order_key = f"tta.order.{order}"
            params["does"] = (t(lang, order_key, **params) if has(lang, order_key)
                              else readable(str(order)))
            return "play_action_order", params
        gains = {k: raw[k] for k in GAIN_PARAMS if k in raw}
        if gains:
            params["gain"] = gains_text(lang, gains)
            return "play_action_gain", params
        return "play_action", params

    def _end_warnings(self, lang: str, raw: Mapping[str, Any]) -> str:
        """What ending the turn now costs (the engine's forecast), in a few words."""
        parts = []
        for key in END_WARNINGS:
            value = raw.get(key)
            if value:
                parts.append(t(lang, f"tta.warn.{key}", n=value))
        return join(lang, parts)

    # -- prompts ------------------------------------------------------------------------
    def prompt(
        self, lang: str, prompt: Prompt, params: dict[str, Any]
    ) -> tuple[str, dict[str, Any]]:
        raw = prompt.params
        params = dict(params)
        if "age" in raw:
            params["age"] = age_text(lang, raw["age"])
        if "event" in raw:
            params["event"] = event_name(lang, raw["event"])
        if "card" in raw:
            params["card"] = card_name(lang, raw["card"])
        kind = prompt.kind
        if kind == "bid" and raw.get("bidder_seat") is None:
            kind = "bid_first"
        elif kind == "politics":
            offered = {POLITICS_KINDS[o.key] for o in prompt.options if o.key in POLITICS_KINDS}
            if offered - {"event"}:  # more than the first game's events (L1977-L2073)
                params["actions"] = join(lang, (t(lang, f"tta.politics.{k}")
                                                for k in POLITICS_ORDER if k in offered))
                kind = "politics_more"
        elif kind == "pact_offer" and raw.get("side"):  # an unequal pact: the partner's side
            params["side"] = str(raw["side"]).upper()
            kind = "pact_offer_side"
        elif kind == "resign":  # what resigning does to the wars around the seat (L2071)
            params["wars"] = t(lang, "tta.resign_wars", culture=raw.get("war_culture", "?"))
        if kind == "event_choice" and has(lang, f"tta.prompt.event_choice.{raw.get('event')}"):
            kind = f"event_choice.{raw.get('event')}"
        if not has(lang, f"tta.prompt.{kind}"):
            params["what"] = readable(prompt.kind)
            params["details"] = _details(lang, raw)
            return "generic", params
        return kind, params

    # -- events -------------------------------------------------------------------------
    # -- the panel text (platform §5.2) ---------------------------------------------------
    def hand_lines(
        self, lang: str, view: TtaView, seat: int | None, names: dict[int, str]
    ) -> list[str]:
        me = of_seat(getattr(view, "players", []), seat)
        if me is None:
            return []
        return [self._round_line(lang, view, me, names), *self._economy_lines(lang, me),
                self._hand_line(lang, me, own=True)]

    def _round_line(self, lang: str, view: TtaView, me: PlayerView, names: dict[int, str]) -> str:
        step = t(lang, f"tta.step.{view.step}") if has(lang, f"tta.step.{view.step}") else ""
        if view.current is None:
            whose = t(lang, "tta.panel.over")
        elif view.current == me.seat:
            whose = t(lang, "tta.panel.yours", step=step or readable(view.step).lower())
        else:
            whose = t(lang, "tta.panel.theirs", name=names.get(view.current, "?"),
                      step=step or readable(view.step).lower())
        return t(lang, "tta.panel.round", round=view.round, age=age_text(lang, view.age),
                 whose=whose, ca=me.civil_left, ca_total=me.civil_actions, ma=me.military_left,
                 ma_total=me.military_actions)

    def _economy_lines(self, lang: str, me: PlayerView) -> list[str]:
        food, res, sci, cul, happy, strength = me.ratings
        first = t(lang, "tta.panel.stock", food=me.food, food_rate=_signed(food),
                  consumption=me.consumption, resources=me.resources, res_rate=_signed(res),
                  science=me.science, sci_rate=_signed(sci), culture=me.culture,
                  cul_rate=_signed(cul))
        discontent = me.discontent
        if discontent and discontent > me.unused_workers:
            mood = t(lang, "tta.panel.uprising", n=discontent, unused=me.unused_workers)
        elif discontent:
            mood = t(lang, "tta.panel.discontent", n=discontent, unused=me.unused_workers)
        else:
            mood = ""
        second = t(lang, "tta.panel.mood", happy=happy, needed=me.happy_required, mood=mood,
                   strength=strength, workers=me.unused_workers)
        return [first, second]

    def _hand_line(self, lang: str, me: PlayerView, own: bool) -> str:
        civil = cards_text(lang, me.hand)
        if own and me.military is not None:
            military = cards_text(lang, me.military)
        else:
            ages = join(lang, (age_text(lang, a) for a in me.military_ages))
            military = t(lang, "tta.panel.military_hidden", n=me.military_count,
                         ages=ages or t(lang, "tta.none"))
        return t(lang, "tta.panel.hand", civil=civil, military=military)

    # -- the text beside the images -----------------------------------------------------
    def seat_lines(self, lang: str, view: TtaView, seat: int, names: dict[int, str]) -> list[str]:
        player = of_seat(getattr(view, "players", []), seat)
        if player is None:
            return []
        lines = [
            t(lang, "tta.seat.title", name=names.get(seat, "?"),
              government=card_name(lang, player.government),
              leader=card_name(lang, player.leader) if player.leader else t(lang, "tta.none")),
            *self._economy_lines(lang, player),
            self._hand_line(lang, player, own=view.seat == seat),
        ]
        if player.wonders or player.wonder:
            lines.append(t(lang, "tta.seat.wonders", wonders=cards_text(lang, player.wonders),
                           building=card_name(lang, player.wonder) if player.wonder
                           else t(lang, "tta.none")))
        return lines

    def status_lines(self, lang: str, view: TtaView, names: dict[int, str]) -> list[str]:
        if not hasattr(view, "players"):
            return []
        lines = []
        for player in view.players:
            lines.append(t(lang, "tta.status.player", name=names.get(player.seat, "?"),
                           culture=player.culture, cul_rate=_signed(player.ratings[3]),
                           science=player.science, sci_rate=_signed(player.ratings[2]),
                           strength=player.ratings[5], happy=player.ratings[4]))
        return lines

    def opening_lines(self, lang: str, view: TtaView, names: dict[int, str]) -> list[str]:
        start = getattr(view, "start", None)
        if start is None:
            return []
        return [t(lang, "tta.opening", name=names.get(start, "?"))]

    # -- /card --------------------------------------------------------------------------
    card_colour = 0xC8963E

    def card_title(self, lang: str, card_id: str, entry: Mapping[str, Any]) -> str:
        age = entry.get("age")
        return f"{card_name(lang, card_id)} ({age})" if age else card_name(lang, card_id)

    def card_text(
        self, lang: str, card_id: str, entry: Mapping[str, Any]
    ) -> tuple[str, list[str]]:
        """Our paraphrase (``text``), then the card's age, kind, costs, outputs and copies
        from the catalogue."""
        card = CARDS[card_id]
        kind = card_kind(lang, card)
        title = t(lang, "tta.cardinfo.title", card=card_name(lang, card_id), age=card.age,
                  kind=kind)
        lines = [card.text]
        if isinstance(card, CivilCard):
            lines += _civil_facts(lang, card)
        else:
            lines += _military_facts(lang, card)
        if card.deck == "player_board":
            lines.append(t(lang, "tta.cardinfo.board"))
        else:
            c = card.copies
            lines.append(t(lang, "tta.cardinfo.copies", p2=c.p2, p3=c.p3, p4=c.p4))
        return title, lines

    # -- pictures -------------------------------------------------------------------------
    def private_images(self, view: TtaView, seat: int) -> list[tuple[str, dict[str, Any], str]]:
        # the seat's own civilization, military hand included (renderers.tta.render_hand)
        return [("render_hand", {"view": view}, "civilization.png")]

    def seat_image(self, seat: int) -> tuple[str, dict[str, Any]] | None:
        return "render_civ", {"seat": seat}

    def neighbours(self, view: TtaView, seat: int) -> list[int]:
        # every other civilization may be opened from the hand (one image each)
        return [p.seat for p in getattr(view, "players", []) if p.seat != seat]


def _signed(value: int) -> str:
    return f"+{value}" if value >= 0 else f"−{-value}"


def card_kind(lang: str, card: Any) -> str:
    """A card's kind in words: its subtype (lab, infantry…), technology type (farm, mine,
    government…) or category (leader, event, tactic…)."""
    for kind in (getattr(card, "subtype", None), getattr(card, "tech_type", None),
                 card.category):
        if not kind:
            continue
        for key in (f"tta.render.kind.{kind}", f"tta.cardinfo.kind.{kind}"):
            if has(lang, key):
                return t(lang, key)
    return readable(str(card.category))


def _outputs(lang: str, values: Mapping[str, Any]) -> str:
    return gains_text(lang, {k: v for k, v in values.items() if isinstance(v, int)})


def _civil_facts(lang: str, card: Any) -> list[str]:
    """A civil card's costs and what it gives (L844-L851)."""
    lines = []
    if card.science_cost is not None:
        lines.append(t(lang, "tta.cardinfo.science_cost", n=card.science_cost))
    if card.revolution_science_cost is not None:
        lines.append(t(lang, "tta.cardinfo.revolution_cost", n=card.revolution_science_cost))
    if card.build_cost is not None:
        lines.append(t(lang, "tta.cardinfo.build_cost", n=card.build_cost))
    if card.wonder_stage_costs:
        lines.append(t(lang, "tta.cardinfo.stages",
                       costs=" + ".join(map(str, card.wonder_stage_costs))))
    if card.per_worker is not None and any(card.per_worker.model_dump().values()):
        lines.append(t(lang, "tta.cardinfo.per_worker",
                       out=_outputs(lang, card.per_worker.model_dump())))
    static = card.static.model_dump()
    if any(static.values()):
        lines.append(t(lang, "tta.cardinfo.static", out=_outputs(lang, static)))
    return lines


def _military_facts(lang: str, card: Any) -> list[str]:
    """A tactic's army and bonus, a bonus card's values."""
    lines = []
    if card.army:
        units = " + ".join(t(lang, "tta.units_of", n=n, unit=name(lang, GAME, kind))
                           for kind, n in card.army.items())
        if card.obsolete_bonus is not None:
            lines.append(t(lang, "tta.cardinfo.army_obsolete", units=units, bonus=card.bonus,
                           obsolete=card.obsolete_bonus))
        else:
            lines.append(t(lang, "tta.cardinfo.army", units=units, bonus=card.bonus))
    if card.defense is not None or card.colonization is not None:
        lines.append(t(lang, "tta.cardinfo.bonus", defense=card.defense or 0,
                       colonization=card.colonization or 0))
    return lines
