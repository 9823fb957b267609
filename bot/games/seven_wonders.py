"""7 Wonders words: hand lines, cities, payments and the round's title."""

from __future__ import annotations

from typing import Any

from bot.games._base import GameWords, of_seat
from bot.i18n import name, t
from engines.core.contract import Event, Option
from engines.seven_wonders.view import SevenWondersView

GAME = "seven_wonders"


def city_line(lang: str, city: Any) -> str:
    """A city's coins, shields, wonder stages and points in one line; before its side is
    chosen, its coins alone (no "stages 0/0 · 0 points" of a wonder not yet known)."""
    if getattr(city, "side", None) is None:
        return t(lang, "seven_wonders.hand.city_unchosen", coins=city.coins)
    return t(
        lang,
        "seven_wonders.hand.city",
        coins=city.coins,
        shields=city.shields,
        stages=city.stages_built,
        total=len(city.stages),
        points=city.victory_points,
    )


def _source(lang: str, source: str) -> str:
    """A coin source in words: ``trade``, a card id, or ``<board>:<stage>``."""
    if source == "trade":
        return t(lang, "seven_wonders.source.trade")
    if ":" in source:
        board, _, stage = source.partition(":")
        return t(lang, "seven_wonders.source.stage", stage=stage, board=name(lang, GAME, board))
    return name(lang, GAME, source)


class SevenWondersWords(GameWords[SevenWondersView]):
    board_renderer = "render_table"
    silent_events = frozenset({"chosen", "choice_detail", "game_over"})

    # -- words ----------------------------------------------------------------------
    def option(
        self, lang: str, option: Option, params: dict[str, Any]
    ) -> tuple[str, dict[str, Any]]:
        raw = option.params
        params = dict(params)
        if option.key == "build":
            via = raw.get("via")
            if via in ("chain", "power") or (via == "free" and not option.cost):
                return f"build_{via}", params
            return "build", params
        if option.key == "pay":
            params["bank_note"] = (
                t(lang, "seven_wonders.note.bank", bank=raw["bank"]) if raw.get("bank") else ""
            )
        return option.key, params

    def event(self, lang: str, event: Event, params: dict[str, Any]) -> tuple[str, dict[str, Any]]:
        raw = event.params
        params = dict(params)
        if event.kind == "building_built" and raw.get("via") in ("chain", "discard"):
            return f"building_built_{raw['via']}", params
        if event.kind == "coins_gained":
            params["source"] = _source(lang, str(raw.get("source", "")))
        if event.kind == "conflict":
            # Each battle is reported from both sides: tell it once, from the winner's side
            # (in a tie, from the lower seat's).
            token = int(raw.get("token", 0))
            params["token"] = abs(token)
            neighbour = int(raw.get("neighbour", 0))
            if token < 0 or (token == 0 and (event.seat or 0) > neighbour):
                return "", params
            return ("conflict_tie" if token == 0 else "conflict_win"), params
        return event.kind, params

    def hand_lines(
        self, lang: str, view: SevenWondersView, seat: int | None, names: dict[int, str]
    ) -> list[str]:
        if seat is None or not hasattr(view, "cities"):
            return []
        city = view.cities[seat]
        lines = [city_line(lang, city)]
        if view.hand:
            lines.append(
                t(
                    lang,
                    "seven_wonders.hand.title",
                    direction=t(lang, f"seven_wonders.direction.{view.direction}"),
                )
            )
        for card in view.hand:
            build = (
                t(lang, "seven_wonders.status.coins", cost=card.build_cost)
                if card.build == "coins"
                else t(lang, f"seven_wonders.status.{card.build}")
            )
            if card.wonder == "coins":
                wonder = t(lang, "seven_wonders.status.coins", cost=card.wonder_cost)
            else:
                wonder = t(lang, f"seven_wonders.stage_status.{card.wonder}")
            lines.append(
                t(
                    lang,
                    "seven_wonders.hand.card",
                    card=name(lang, GAME, card.card),
                    build=build,
                    wonder=wonder,
                    coins=card.sell_coins,
                )
            )
        if view.my_choice is not None:
            lines.append(
                t(
                    lang,
                    "seven_wonders.hand.my_choice",
                    action=t(lang, f"seven_wonders.action.{view.my_choice.action}"),
                    card=name(lang, GAME, view.my_choice.card),
                )
            )
        if view.private_discard:
            cards = ", ".join(name(lang, GAME, c) for c in view.private_discard)
            lines.append(t(lang, "seven_wonders.hand.discard", cards=cards))
        return lines

    def opening_lines(self, lang: str, view: SevenWondersView, names: dict[int, str]) -> list[str]:
        lines: list[str] = []
        if getattr(view, "boards_offered", None):
            boards = ", ".join(name(lang, GAME, b) for b in view.boards_offered)
            lines.append(t(lang, "seven_wonders.opening.offer", boards=boards))
        for city in sorted(getattr(view, "cities", []), key=lambda c: c.seat):
            if not city.board:
                continue
            player, board = names.get(city.seat, "?"), name(lang, GAME, city.board)
            if city.side:
                side = t(lang, f"seven_wonders.side.{city.side}")
                lines.append(
                    t(lang, "seven_wonders.opening.board", name=player, board=board, side=side)
                )
            else:
                lines.append(
                    t(lang, "seven_wonders.opening.board_unsided", name=player, board=board)
                )
        return lines

    # -- rounds ---------------------------------------------------------------------------
    def round_title(self, lang: str, view: SevenWondersView) -> str:
        if view.phase in ("play", "last_card", "revive") and view.age:
            return t(lang, "seven_wonders.round.turn", age=view.age, turn=view.turn)
        return t(lang, f"seven_wonders.round.{view.phase}")

    # -- pictures ---------------------------------------------------------------------
    def private_images(
        self, view: SevenWondersView, seat: int
    ) -> list[tuple[str, dict[str, Any], str]]:
        # The boards to choose from, while a board or a side is chosen (phone-sized).
        if view.phase in ("choose_board", "choose_side"):
            return [("render_sides", {"view": view}, "boards.png")]
        # The hand picture also shows the seat's city and its neighbours.
        if getattr(view, "hand", None):
            return [("render_hand", {"view": view, "seat": seat}, "hand.png")]
        return [("render_city", {"view": view, "seat": seat}, "city.png")]

    def seat_image(self, seat: int) -> tuple[str, dict[str, Any]] | None:
        return "render_city", {"seat": seat}

    def seat_lines(
        self, lang: str, view: SevenWondersView, seat: int, names: dict[int, str]
    ) -> list[str]:
        city = of_seat(view.cities, seat)
        if city is None:
            return []
        none = t(lang, "seven_wonders.hand.none")
        board = name(lang, GAME, city.board) if city.board else none
        side = t(lang, f"seven_wonders.side.{city.side}") if city.side else ""
        lines = [
            t(
                lang,
                "seven_wonders.city.title",
                name=names.get(seat, "?"),
                board=board,
                side=side,
                left=names.get(city.left, "?"),
                right=names.get(city.right, "?"),
            ),
            city_line(lang, city),
        ]
        buildings = ", ".join(name(lang, GAME, b) for b in city.buildings)
        lines.append(t(lang, "seven_wonders.city.buildings", cards=buildings or none))
        tokens = " ".join(f"{tok:+d}" for tok in city.military_tokens)
        science = ", ".join(f"{name(lang, GAME, k)} {v}" for k, v in city.science.items() if v)
        lines.append(
            t(
                lang,
                "seven_wonders.city.more",
                tokens=tokens or none,
                science=science or none,
                hand=city.hand_size,
            )
        )
        return lines

    def neighbours(self, view: SevenWondersView, seat: int) -> list[int]:
        city = of_seat(getattr(view, "cities", []), seat)
        if city is None:
            return []
        return [city.left] if city.left == city.right else [city.left, city.right]
