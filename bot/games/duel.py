"""7 Wonders Duel words: trade/chain notes, "I start", and the /hand summary lines."""

from __future__ import annotations

from typing import Any

from bot.games._base import GameWords, of_seat
from bot.i18n import name, t
from engines.core.contract import Event, Option
from engines.duel.view import DuelView


class DuelWords(GameWords[DuelView]):
    def table_title(self, lang: str, view: DuelView, names: dict[int, str]) -> str:
        if view.result is not None or view.active_seat is None:
            return t(lang, "board.final")
        name_ = names.get(view.active_seat, "?")
        if view.age == 0:
            return t(lang, "duel.board.draft", name=name_)
        return t(lang, "duel.board.title", age=view.age, name=name_)

    def option(
        self, lang: str, option: Option, params: dict[str, Any]
    ) -> tuple[str, dict[str, Any]]:
        raw = option.params
        params = dict(params)
        params["trade_note"] = (
            t(lang, "duel.note.trade", trade=raw["trade"]) if raw.get("trade") else ""
        )
        params["chain_note"] = t(lang, "duel.note.chain") if raw.get("chain") else ""
        if option.key == "start" and raw.get("me"):
            return "start_me", params
        return option.key, params

    def event(self, lang: str, event: Event, params: dict[str, Any]) -> tuple[str, dict[str, Any]]:
        raw = event.params
        if event.kind == "building_built":
            if raw.get("via") == "mausoleum":
                return "building_built_mausoleum", params
            if raw.get("chain"):
                return "building_built_chain", params
        return event.kind, params

    def opening_lines(self, lang: str, view: DuelView, names: dict[int, str]) -> list[str]:
        offer = getattr(view, "wonder_offer", None)
        if not offer:
            return []
        wonders = ", ".join(name(lang, "duel", w) for w in offer)
        first = names.get(view.active_seat, "?") if view.active_seat is not None else "?"
        return [t(lang, "duel.opening.offer", wonders=wonders, player=first)]

    def hand_lines(
        self, lang: str, view: DuelView, seat: int | None, names: dict[int, str]
    ) -> list[str]:
        me = of_seat(getattr(view, "players", []), seat)
        if me is None:
            return []
        pawn = view.military_position if seat == 0 else -view.military_position
        none = t(lang, "duel.hand.none")
        wonders = ", ".join(
            name(lang, "duel", w.id) + (" " + t(lang, "duel.hand.built") if w.built else "")
            for w in me.wonders
        )
        tokens = ", ".join(name(lang, "duel", tok) for tok in me.progress_tokens)
        lines = [
            t(lang, "duel.hand.coins", coins=me.coins, points=me.victory_points, pawn=pawn),
            t(lang, "duel.hand.wonders", wonders=wonders or none),
            t(lang, "duel.hand.tokens", tokens=tokens or none),
        ]
        if view.private_token_offer:
            offer = ", ".join(name(lang, "duel", tok) for tok in view.private_token_offer)
            lines.append(t(lang, "duel.hand.library", tokens=offer))
        return lines
