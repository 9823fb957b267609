"""Innovation words and layout: the effect log, card moves between zones, dogma previews,
and the text beside the board (hands, score piles, achievements, supply)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.games._base import GameWords, of_seat
from bot.i18n import name, t
from engines.core.contract import Event, Option, Prompt
from engines.innovation.catalogue import CARDS, POSITIONS
from engines.innovation.view import InnovationView

GAME = "innovation"
MOVES = frozenset({"meld", "tuck", "score", "return", "transfer", "exchange", "remove"})
ICON_EMOJI = {
    "crown": "👑",
    "leaf": "🍃",
    "lightbulb": "💡",
    "castle": "🏰",
    "factory": "🏭",
    "clock": "🕐",
}


def card_age(card: str) -> int | None:
    found = CARDS.get(card)
    return found.age if found is not None else None


def cards_with_ages(lang: str, cards: list[str]) -> str:
    """Card names, each with its age, comma-separated."""
    return ", ".join(
        t(lang, "innovation.card_age", card=name(lang, GAME, c), age=card_age(c)) for c in cards
    )


def seats_text(lang: str, value: Any, names: dict[int, str]) -> str:
    """Seats (a list of numbers or already-joined names) in words; "no one" when empty."""
    if isinstance(value, list):
        value = ", ".join(names.get(s, str(s)) for s in value)
    return str(value) if value else t(lang, "innovation.no_one")


class InnovationWords(GameWords[InnovationView]):
    #: ``turn``: each turn is a board of its own, titled (``table_title``)
    silent_events = frozenset({"action", "dogma_preview", "game_over", "turn"})
    card_colour = 0x8E6FBF

    def private_images(
        self, view: InnovationView, seat: int
    ) -> list[tuple[str, dict[str, Any], str]]:
        # the seat's hand and score pile as cards: ages, colours, icons
        return [("render_hand", {"view": view}, "hand.png")]

    def table_title(self, lang: str, view: InnovationView, names: dict[int, str]) -> str:
        if view.result is not None:
            return t(lang, "board.final")
        if view.current is None or view.turn == 0:
            return t(lang, "innovation.board.setup")
        return t(lang, "innovation.board.title", turn=view.turn, name=names.get(view.current, "?"))

    # -- /card ----------------------------------------------------------------------------
    def card_title(self, lang: str, card_id: str, entry: Mapping[str, Any]) -> str:
        age = entry.get("age")
        return f"{name(lang, GAME, card_id)} ({age})" if age else name(lang, GAME, card_id)

    def card_text(
        self, lang: str, card_id: str, entry: Mapping[str, Any]
    ) -> tuple[str, list[str]]:
        """A card's age, colour and icons, and its dogmas as our paraphrase (the
        catalogue's summaries); a special achievement's condition."""
        card = CARDS.get(card_id)
        if card is None:  # a special achievement
            return name(lang, GAME, card_id), [str(entry.get("condition", ""))]
        title = t(
            lang,
            "innovation.card.title",
            card=name(lang, GAME, card_id),
            age=card.age,
            color=name(lang, GAME, card.color),
        )
        icons = " ".join(
            name(lang, GAME, spot) if spot != "hex" else "⬡"
            for spot in (card.icons.at(p) for p in POSITIONS)
        )
        lines = [
            t(lang, "innovation.card.icons", icons=icons, icon=name(lang, GAME, card.dogma_icon))
        ]
        for dogma in card.dogmas:
            lines.append(t(lang, f"innovation.card.{dogma.kind}", text=dogma.summary))
        return title, lines

    def card_image(self, card_id: str) -> tuple[str, dict[str, Any]] | None:
        return ("render_card", {"card_id": card_id}) if card_id in CARDS else None

    def __init__(self) -> None:
        self._names: dict[int, str] = {}

    # -- words ----------------------------------------------------------------------
    def option(
        self, lang: str, option: Option, params: dict[str, Any]
    ) -> tuple[str, dict[str, Any]]:
        if option.key == "draw" and int(option.params.get("age", 0)) > 10:
            return "draw_end", params
        return option.key, params

    def prompt(
        self, lang: str, prompt: Prompt, params: dict[str, Any]
    ) -> tuple[str, dict[str, Any]]:
        params = dict(params)
        if prompt.kind == "dogma_confirm":
            params["sharers"] = seats_text(lang, params.get("sharers"), {})
            params["demanded"] = seats_text(lang, params.get("demanded"), {})
        if "direction" in prompt.params:
            params["direction"] = t(lang, f"innovation.direction.{prompt.params['direction']}")
        if prompt.kind in ("meld", "tuck") and "max" in prompt.params:
            return f"{prompt.kind}_up_to", params
        return prompt.kind, params

    def _place(self, lang: str, zone: str, seat: Any, names: dict[int, str]) -> str:
        if zone in ("supply", "removed"):
            return t(lang, f"innovation.zone.{zone}")
        owner = seat if isinstance(seat, str) else names.get(seat, str(seat))
        return t(lang, "innovation.place", owner=owner, zone=t(lang, f"innovation.zone.{zone}"))

    def event(self, lang: str, event: Event, params: dict[str, Any]) -> tuple[str, dict[str, Any]]:
        raw = event.params
        params = dict(params)
        kind = event.kind
        if kind in MOVES:
            params["what"] = (
                name(lang, GAME, str(raw["card"]))
                if raw.get("card")
                else t(lang, "innovation.a_card", age=raw.get("age", "?"))
            )
            for end in ("from", "to"):
                zone = str(raw.get(end, ""))
                if raw.get(f"{end}_seat") == event.seat and zone in ("hand", "score", "board"):
                    own = t(lang, f"innovation.zone.{zone}")
                    params[f"{end}_place"] = t(lang, "innovation.place_own", zone=own)
                else:
                    seat = params.get(f"{end}_seat")
                    params[f"{end}_place"] = self._place(lang, zone, seat, {})
            return kind, params
        if kind == "draw":
            return ("draw_private" if raw.get("card") else "draw"), params
        if kind == "dogma":
            params["sharers"] = seats_text(lang, params.get("sharers"), {})
            params["demanded"] = seats_text(lang, params.get("demanded"), {})
        if kind == "special_achievement" and raw.get("via"):
            return "special_achievement_via", params
        if kind == "splay":
            params["direction"] = t(lang, f"innovation.direction.{raw.get('direction')}")
        return kind, params

    def hand_lines(
        self, lang: str, view: InnovationView, seat: int | None, names: dict[int, str]
    ) -> list[str]:
        me = of_seat(getattr(view, "players", []), seat)
        if me is None:
            return []
        none = t(lang, "innovation.none")
        hand = cards_with_ages(lang, me.hand or [])
        score = cards_with_ages(lang, me.score or [])
        lines = [
            t(lang, "innovation.hand.hand", cards=hand or none),
            t(lang, "innovation.hand.score", cards=score or none, total=me.score_total or 0),
        ]
        if me.initial_choice:
            lines.append(
                t(lang, "innovation.hand.initial", card=name(lang, GAME, me.initial_choice))
            )
        return lines

    # -- the text beside the board -------------------------------------------------------
    def seat_lines(
        self, lang: str, view: InnovationView, seat: int, names: dict[int, str]
    ) -> list[str]:
        player = of_seat(getattr(view, "players", []), seat)
        if player is None:
            return []
        none = t(lang, "innovation.none")
        piles = []
        for pile in player.piles:
            if not pile.count:
                continue
            text = name(lang, GAME, pile.top) if pile.top else "?"
            splay = (
                ""
                if pile.splay == "none"
                else " "
                + t(
                    lang,
                    "innovation.splayed",
                    direction=t(lang, f"innovation.direction.{pile.splay}"),
                )
            )
            piles.append(
                t(
                    lang,
                    "innovation.pile",
                    color=name(lang, GAME, pile.color),
                    top=text,
                    count=pile.count,
                    splay=splay,
                )
            )
        icons = " ".join(
            f"{ICON_EMOJI.get(k, k)}{v}" for k, v in player.icons.items() if k in ICON_EMOJI
        )
        achievements = ", ".join(
            t(lang, "innovation.age_n", age=a.age) if a.kind == "age" else name(lang, GAME, a.id)
            for a in player.achievements
        )
        return [
            t(
                lang,
                "innovation.seat.title",
                name=names.get(seat, "?"),
                icons=icons,
            ),
            t(lang, "innovation.seat.piles", piles=" · ".join(piles) or none),
            t(
                lang,
                "innovation.seat.hidden",
                hand=player.hand_count,
                hand_ages=", ".join(map(str, player.hand_ages)) or none,
                score=player.score_count,
                score_ages=", ".join(map(str, player.score_ages)) or none,
                achievements=achievements or none,
            ),
        ]

    def status_lines(self, lang: str, view: InnovationView, names: dict[int, str]) -> list[str]:
        if not hasattr(view, "players"):
            return []
        lines: list[str] = []
        for player in view.players:
            lines += self.seat_lines(lang, view, player.seat, names)
        supply = " ".join(f"{age}:{n}" for age, n in enumerate(view.supply, start=1))
        lines.append(
            t(
                lang,
                "innovation.table",
                supply=supply,
                ages=", ".join(map(str, view.age_achievements)) or t(lang, "innovation.none"),
                specials=", ".join(name(lang, GAME, s) for s in view.special_achievements)
                or t(lang, "innovation.none"),
                goal=view.achievements_to_win,
            )
        )
        return lines
