"""``/game log``'s words: a game's transcript (``games.transcript``) as the table reads it.

Each stretch of play (a turn, a round of simultaneous choices) becomes an entry: a heading
naming who answered in it, then its public events in the words the thread uses
(``bot.wording.event_text``; the game's ``silent_events`` left out as the thread leaves
them). Entries with nothing to say (a round still being chosen) are not shown at all.
The chat view pages the latest entries under Discord's 2000 characters; the file holds the
whole game with a header (game, players, options, language, status, result).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from bot.components.lobby import option_words
from bot.delivery.transport import chunks
from bot.games import words_for
from bot.i18n import t
from bot.wording import event_text, game_title, result_lines, seat_names
from engines.core.contract import Engine
from games.service import lobby_options
from games.transcript import Stretch, Transcript

#: messages one ``/game log`` may answer with (each under Discord's 2000 characters)
MAX_PAGES = 3
#: entries shown when ``last`` is not given
DEFAULT_LAST = 20


@dataclass(frozen=True, slots=True)
class Entry:
    """One stretch in words: its number among the entries shown of the game, who answered
    in it, and its lines."""

    number: int
    players: str
    lines: list[str]


def entries(transcript: Transcript) -> list[Entry]:
    """Every stretch of the game that has something public to say, numbered from 1."""
    info = transcript.info
    lang, names = info.language, seat_names(info.seats)
    silent = words_for(info.game).silent_events
    out: list[Entry] = []
    for stretch in transcript.stretches:
        lines = stretch_lines(info.game, lang, stretch, names, silent)
        if lines:
            players = ", ".join(names.get(s, str(s)) for s in stretch.seats)
            out.append(Entry(len(out) + 1, players, lines))
    return out


def stretch_lines(
    game: str, lang: str, stretch: Stretch, names: dict[int, str], silent: frozenset[str]
) -> list[str]:
    """The public events of ``stretch`` in words (never one meant for some seats only)."""
    lines = [
        event_text(game, lang, event, names)
        for event in stretch.events
        if event.visible_to is None and not event.provisional and event.kind not in silent
    ]
    return [line for line in lines if line]


def _winner_line(transcript: Transcript) -> list[str]:
    result = transcript.result
    if result is None:
        return []
    names = seat_names(transcript.info.seats)
    winners = ", ".join(names.get(s, str(s)) for s in result.winners)
    key = "result.winners" if len(result.winners) > 1 else "result.winner"
    return [t(transcript.info.language, key, names=winners)]


def pages(transcript: Transcript, last: int = DEFAULT_LAST) -> list[str]:
    """The latest ``last`` entries as at most ``MAX_PAGES`` messages: older entries are
    dropped (and the reader told how to see them) until the rest fits."""
    info = transcript.info
    lang = info.language
    found = entries(transcript)
    if not found:
        return [t(lang, "log.empty", id=info.id)]
    shown = found[-last:]
    while True:
        head = t(
            lang,
            "log.header",
            game=game_title(lang, info.game),
            id=info.id,
            status=t(lang, f"lobby.status.{info.status}"),
            first=shown[0].number,
            last=shown[-1].number,
            total=len(found),
        )
        lines = [head]
        for entry in shown:
            lines.append(t(lang, "log.entry", n=entry.number, players=entry.players))
            lines += entry.lines
        lines += _winner_line(transcript)
        if shown[0].number > 1:
            lines.append(t(lang, "log.earlier"))
        out = chunks(lines)
        if len(out) <= MAX_PAGES:
            return out
        if len(shown) == 1:
            return out[-MAX_PAGES:]  # one huge entry: its end, where the news is
        shown = shown[1:]


def transcript_text(transcript: Transcript, engine: Engine[Any]) -> str:
    """The whole game in words, for the downloadable ``.txt``: a header (game, players,
    options, language, status, moves, result), the opening position, then every entry;
    public information only."""
    info = transcript.info
    lang, names = info.language, seat_names(info.seats)
    words = words_for(info.game)
    players = ", ".join(names[s] for s in sorted(names))
    chosen = {
        name: info.options.get(name, default)
        for name, (_values, default) in lobby_options(engine).items()
    }
    options = "; ".join(
        t(lang, "lobby.option_value", option=n, value=v)
        for n, v in (option_words(info.game, lang, k, val) for k, val in chosen.items())
    )
    facts = [
        ("log.file.players", players),
        ("lobby.field.options", options or "—"),
        ("lobby.field.language", t(lang, f"language.{lang}")),
        ("lobby.field.status", t(lang, f"lobby.status.{info.status}")),
        ("log.file.moves", str(transcript.moves)),
    ]
    lines = [t(lang, "log.file.title", game=game_title(lang, info.game), id=info.id)]
    lines += [t(lang, "lobby.option_value", option=t(lang, k), value=v) for k, v in facts]
    if transcript.result is not None:
        lines += ["", *result_lines(info.game, lang, info.id, transcript.result, names)]
    lines += ["", *words.opening_lines(lang, transcript.opening, names)]
    for entry in entries(transcript):
        lines += ["", t(lang, "log.file.entry", n=entry.number, players=entry.players)]
        lines += entry.lines
    # A text file shows Discord's bold marks as they are: left out.
    return "\n".join(lines).replace("**", "").strip() + "\n"


def log_json(data: dict[str, object]) -> str:
    """The action log as the downloadable ``.json``."""
    return json.dumps(data, ensure_ascii=False, indent=1) + "\n"
