"""What a table's phones receive in one whole game, played through the bot as the sandbox does.

``python -m bot sandbox --auto`` plays a random game through the real discord.py stack
against SimCord; this plays the same games (the sandbox's ``Sandbox.auto``: same lobby, same
clicks, same random choices for a seed) and counts, from SimCord's backend (every message the
bot created or edited, with its attachments as stored by SimCord's CDN), what each place got:

- the game's thread: messages posted, image messages posted and still there at the end,
  board updates (posts or edits that upload an image), edits;
- each player's DMs: new messages (Discord notifies on these, not on edits), edits;
- each player's ephemeral replies, among them the "✅ You chose…" acknowledgements;
- image bytes uploaded in all (thread, DMs and ephemeral replies).

Turns come from replaying the game's action log with its engine: player turns (Duel: draft
picks and card turns; Innovation and Through the Ages: the engines' ``turn`` events), rounds
in 7 Wonders, where everyone plays at once. Milestones (an Age's end, the final scores) and
each player's private questions out of turn come from the same replay.

Beside each figure, the target of the issue "One table for every game" and ok/OVER:

- image messages left in the thread at the end <= milestones + 1 live board;
- board updates <= 1 per player turn (per round in 7 Wonders; a first round of choices made
  at once, a board or a first meld, is a round), + the final scores' picture;
- image bytes uploaded per game <= 15 MB (10^6 bytes);
- thread messages posted (the lobby aside) <= 1 per turn + milestones;
- new DMs per player <= 1 per own turn + questions out of turn (every question is asked on
  the seat's panel, in its DMs).

The figures are reported, never asserted: the exit status is 0 whatever they are.

    .venv/bin/python benchmarks/table_traffic.py                 # every game at its largest table
    .venv/bin/python benchmarks/table_traffic.py --game tta --seed 3 --games 2
    .venv/bin/python benchmarks/table_traffic.py --quick         # one Duel (make bench)
    .venv/bin/python benchmarks/table_traffic.py --json
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import logging
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any
from unittest import mock

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import simcord  # noqa: E402

from bot.client import CivBot  # noqa: E402
from bot.sandbox import PLAYERS, Sandbox  # noqa: E402
from bot.settings import load_settings  # noqa: E402
from engines.core.contract import Event  # noqa: E402
from engines.registry import get_engine  # noqa: E402
from games.service import engine_options  # noqa: E402
from renderers import kit  # noqa: E402

#: each game at its largest table (Through the Ages: the full game, the lobby's default)
LARGEST = {"duel": 2, "seven_wonders": 7, "innovation": 4, "tta": 4}
SHORT = {"duel": "Duel", "seven_wonders": "7 Wonders", "innovation": "Innovation",
         "tta": "TTA"}
MB = 1_000_000
BYTES_TARGET = 15 * MB
LOADING = 1 << 7  # a deferred ("thinking") response not yet completed
CHOSEN = "✅"  # the start of every "✅ You chose: …" acknowledgement (``turn.chosen``)


# -- what the bot sent, as SimCord's backend stored it ---------------------------------------
@dataclass
class Sent:
    """One message the bot created: where, and what it carried when it first showed."""

    channel_id: int
    message_id: int
    ephemeral: bool
    user_id: int | None  # the interaction's user (who sees an ephemeral reply)
    images: int
    text: str


@dataclass
class Edit:
    channel_id: int
    message_id: int
    ephemeral: bool
    user_id: int | None
    images: int  # attachments uploaded by this edit (0: text, buttons or kept images only)
    completes: bool  # the first content of a deferred response, not a change


class Recorder:
    """Watches SimCord's backend: every message committed and edited, every upload stored.

    Wraps three methods of this one backend instance (no other copy is touched); the
    figures are then read from what it saw and from the backend's final state."""

    def __init__(self, backend: Any) -> None:
        self.backend = backend
        self.bot_id: int = backend.bot_user.id
        self.sent: dict[int, Sent] = {}  # by message id, in order
        self.edits: list[Edit] = []
        #: (channel id, bytes) of every file uploaded
        self.uploads: list[tuple[int, int]] = []
        #: files an edit uploaded that are byte for byte the picture the message had
        self.same_again: list[int] = []
        commit, edit = backend.commit_message, backend.edit_message
        store = backend.cdn.store_attachment

        def store_attachment(attachment_id: int, channel_id: int, filename: str, data: bytes,
                             description: str | None) -> dict[str, Any]:
            self.uploads.append((channel_id, len(data)))
            return store(attachment_id, channel_id, filename, data, description)

        def commit_message(message: Any, *, broadcast: bool = True) -> Any:
            stored = commit(message, broadcast=broadcast)
            if message.author_id == self.bot_id and message.system_metadata is None:
                self.sent[message.id] = Sent(message.channel_id, message.id, message.is_ephemeral,
                                             _user(message), len(message.attachments),
                                             _text(message))
            return stored

        def edit_message(channel_id: int, message_id: int, fields: dict[str, Any]) -> Any:
            old = backend.get_message(channel_id, message_id)
            before = {str(a.get("id")) for a in old.attachments}
            old_blobs = {backend.cdn.get(a["url"]) for a in old.attachments}
            loading = bool(old.flags & LOADING)
            message = edit(channel_id, message_id, fields)
            uploaded = [a for a in message.attachments if str(a.get("id")) not in before]
            new = len(uploaded)
            self.same_again += [a["size"] for a in uploaded
                                if backend.cdn.get(a["url"]) in old_blobs]
            self.edits.append(Edit(channel_id, message_id, message.is_ephemeral, _user(message),
                                   new, loading))
            sent = self.sent.get(message_id)
            if loading and sent is not None:  # the deferred message's real content: the post's
                sent.images, sent.text = len(message.attachments), _text(message)
            return message

        backend.cdn.store_attachment = store_attachment
        backend.commit_message = commit_message
        backend.edit_message = edit_message


def _user(message: Any) -> int | None:
    meta = message.interaction_metadata
    return int(meta["user"]["id"]) if meta else None


def _text(message: Any) -> str:
    parts = [message.content or ""]
    parts += [e.get("description") or e.get("title") or "" for e in message.embeds]
    return "\n".join(p for p in parts if p)


# -- turns, milestones and questions, from the engine's replay of the action log ----------------
@dataclass
class Turns:
    turns: int  # player turns (7 Wonders: rounds)
    own: list[int]  # turns of each seat (7 Wonders: every round is everyone's)
    out_of_turn: list[int]  # private questions put to each seat outside its own turn
    milestones: int  # Ages ended before the game did, + the final scores
    finished: bool


def replay_turns(game: str, players: int, seed: int, options: dict[str, str],
                 answers: list[tuple[int, str]]) -> Turns:
    """Count turns by replaying ``answers`` (the action log) from the seed.

    A seat's question "episode" starts when it is asked something after a step where it
    was not; an episode of a private question outside the seat's own turn is a private
    question out of turn (answered in DMs)."""
    engine = get_engine(game)
    state = engine.new_game(players, seed, options)
    own = [0] * players
    out_of_turn = [0] * players
    ages_ended = 0
    everyone = game == "seven_wonders"  # simultaneous rounds: every question is one's own
    active: int | None = None
    if game == "tta":  # new_game already began the first turn (its event is not returned)
        active = state.current  # type: ignore[attr-defined]
        own[active] += 1
    rounds = 0
    asked_before: set[int] = set()
    opening = {p.seat for p in engine.prompts(state)}
    if len(opening) > 1:  # a first round of choices made at once (a board, a first meld)
        rounds += 1
        if not everyone:
            own = [n + (s in opening) for s, n in enumerate(own)]
    for seat, choice in answers:
        prompts = engine.prompts(state)
        if game == "duel":
            turn = [p.seat for p in prompts if p.kind in ("draft", "turn")]
            if turn:
                active = turn[0]
        asked = {p.seat for p in prompts}
        for p in prompts:  # every question is asked in the seat's DMs, on its panel
            if p.seat not in asked_before and not everyone and p.seat != active:
                out_of_turn[p.seat] += 1
        asked_before = asked
        kind = next((p.kind for p in prompts if p.seat == seat), "")
        events: list[Event] = engine.apply(state, seat, choice)
        if game == "duel" and kind in ("draft", "turn"):
            own[seat] += 1
        for ev in events:
            if ev.provisional:
                continue
            if ev.kind == "turn" and game in ("innovation", "tta") and ev.seat is not None:
                own[ev.seat] += 1
                active = ev.seat
            elif ev.kind == "age_ended":
                ages_ended += 1
                if game == "seven_wonders":
                    rounds += 1
            elif ev.kind == "hands_passed" and game == "seven_wonders":
                rounds += 1
    finished = engine.result(state) is not None
    if finished and game != "innovation" and ages_ended:
        ages_ended -= 1  # the last Age's end is the final scores' picture
    if everyone:
        own = [rounds] * players
    turns = rounds if everyone else sum(own) - (len(opening) - 1 if len(opening) > 1 else 0)
    return Turns(turns, own, out_of_turn, ages_ended + 1, finished)


# -- one game -------------------------------------------------------------------------------
@dataclass
class Player:
    name: str
    own_turns: int
    out_of_turn: int
    dms: int
    dm_images: int
    dm_edits: int
    ephemeral: int
    chosen: int

    @property
    def dm_target(self) -> int:
        return self.own_turns + self.out_of_turn


@dataclass
class Figures:
    game: str
    players: int
    seed: int
    finished: bool
    moves: int
    seconds: float
    turns: int
    milestones: int
    thread_images_posted: int
    thread_images_left: int
    board_updates: int
    image_bytes: int
    images_uploaded: int
    thread_image_bytes: int
    dm_image_bytes: int  # DMs and the ephemeral replies there
    dm_images_uploaded: int
    same_again: int  # images an edit uploaded that were the picture the message had
    same_again_bytes: int
    thread_posted: int
    thread_left: int
    edits: int
    thread_edits: int
    players_: list[Player] = field(default_factory=list)

    def targets(self) -> dict[str, tuple[float, float]]:
        """figure -> (value, target); per-player DMs as the worst player's excess."""
        return {
            "thread_images_left": (self.thread_images_left, self.milestones + 1),
            # the final scores' picture is the end's milestone
            "board_updates": (self.board_updates, self.turns + 1),
            "image_bytes": (self.image_bytes, BYTES_TARGET),
            "thread_posted": (self.thread_posted, self.turns + self.milestones),
            "dms_over_target": (max((p.dms - p.dm_target for p in self.players_), default=0), 0),
        }

    def as_json(self) -> dict[str, Any]:
        out = asdict(self)
        out["players"] = self.players
        out["per_player"] = out.pop("players_")
        for row, p in zip(out["per_player"], self.players_, strict=True):
            row["dm_target"] = p.dm_target
        out["targets"] = {k: {"value": v, "target": t, "ok": v <= t}
                          for k, (v, t) in self.targets().items()}
        return out


async def play(game: str, players: int, seed: int, options: list[str], out: Path,
               after: Callable[[Any, int], Awaitable[None]] | None = None) -> Figures:
    """One sandbox game (``Sandbox.auto``), counted; ``after(env, game_id)`` is awaited
    after each move (the table tests check the thread and the DMs there)."""
    db = out / f"traffic-{game}-{players}-{seed}.db"
    settings = load_settings(discord_token="sandbox", database_url=f"sqlite:///{db}")
    bot = CivBot(settings)
    t0 = time.perf_counter()
    try:
        async with simcord.run(bot) as env:
            recorder = Recorder(env.backend)
            box = Sandbox(env, out, lambda _line: None)
            check = None if after is None else (lambda game_id: after(env, game_id))
            moves = await box.auto(seed, None, game, players, options, after=check)
            service = env.bot.service  # type: ignore[attr-defined]
            game_id = len(box.channel.threads)
            info = await service.get(game_id)
            actions = await service.store.actions(game_id)
            thread_id = box.channel.threads[-1].id
            remaining = [m for m in env.backend.messages[thread_id].values()
                         if m.author_id == recorder.bot_id and not m.is_ephemeral
                         and m.system_metadata is None]
            dm_of = {m.user.dm_channel.id: m.user.id for m in box.members.values()}
            name_of = {m.user.id: n for n, m in box.members.items()}
    finally:
        store = getattr(bot, "store", None)
        if store is not None:
            await store.close()
    seconds = time.perf_counter() - t0
    engine = get_engine(game)
    turns = replay_turns(game, players, info.seed, engine_options(engine, info.options),
                         [(a.seat, a.choice) for a in actions])

    sent = list(recorder.sent.values())
    thread_sent = [s for s in sent if s.channel_id == thread_id and not s.ephemeral]
    thread_edits = [e for e in recorder.edits if e.channel_id == thread_id and not e.ephemeral
                    and not e.completes]
    user_of_seat = {s.seat: s.user_id for s in info.seats}
    people: list[Player] = []
    for seat in range(players):
        uid = user_of_seat[seat]
        dm = [s for s in sent if dm_of.get(s.channel_id) == uid and not s.ephemeral]
        eph = [s for s in sent if s.ephemeral and s.user_id == uid]
        people.append(Player(
            name=name_of.get(uid, PLAYERS[seat]),
            own_turns=turns.own[seat],
            out_of_turn=turns.out_of_turn[seat],
            dms=len(dm),
            dm_images=sum(s.images > 0 for s in dm),
            dm_edits=sum(dm_of.get(e.channel_id) == uid and not e.ephemeral
                         and not e.completes for e in recorder.edits),
            ephemeral=len(eph),
            chosen=sum(s.text.startswith(CHOSEN) for s in eph),
        ))
    return Figures(
        game=game, players=players, seed=seed, finished=info.status == "finished",
        moves=moves, seconds=round(seconds, 1), turns=turns.turns, milestones=turns.milestones,
        thread_images_posted=sum(s.images > 0 for s in thread_sent),
        thread_images_left=sum(bool(m.attachments) for m in remaining),
        board_updates=sum(s.images > 0 for s in thread_sent)
        + sum(e.images > 0 for e in thread_edits),
        image_bytes=sum(size for _, size in recorder.uploads),
        images_uploaded=len(recorder.uploads),
        thread_image_bytes=sum(size for cid, size in recorder.uploads if cid == thread_id),
        dm_image_bytes=sum(size for cid, size in recorder.uploads if cid in dm_of),
        dm_images_uploaded=sum(cid in dm_of for cid, _ in recorder.uploads),
        same_again=len(recorder.same_again), same_again_bytes=sum(recorder.same_again),
        # the lobby (posted by /game new, before the game starts) is not the game's
        thread_posted=len(thread_sent) - (info.lobby_message_id is not None
                                          and any(s.message_id == info.lobby_message_id
                                                  for s in thread_sent)),
        thread_left=len(remaining),
        edits=sum(not e.completes for e in recorder.edits), thread_edits=len(thread_edits),
        players_=people,
    )


# -- printing -------------------------------------------------------------------------------
def _ok(value: float, target: float) -> str:
    return "ok" if value <= target else "OVER"


def print_table(all_figures: list[Figures]) -> None:
    """One column per game; each figure, its value per turn, and its target with ok/OVER."""
    heads = [f"{SHORT.get(f.game, f.game)} {f.players}p s{f.seed}" for f in all_figures]
    width = max(18, *(len(h) + 2 for h in heads))
    label_w = 34

    def row(label: str, cells: list[str]) -> None:
        print(f"{label:<{label_w}}" + "".join(f"{c:>{width}}" for c in cells))

    def per_turn(value: float, f: Figures, fmt: str = "{:.2f}") -> str:
        return fmt.format(value / f.turns) if f.turns else "-"

    row("", heads)
    row("finished / moves / seconds",
        [f"{'yes' if f.finished else 'NO'} / {f.moves} / {f.seconds:.0f}" for f in all_figures])
    row("turns (7 Wonders: rounds)", [str(f.turns) for f in all_figures])
    row("milestones (Ages ended + end)", [str(f.milestones) for f in all_figures])
    print()
    row("thread: image messages posted", [str(f.thread_images_posted) for f in all_figures])
    row("  left at the end", [
        f"{f.thread_images_left} {_ok(f.thread_images_left, f.milestones + 1)}"
        f" (<={f.milestones + 1})" for f in all_figures])
    row("thread: board updates", [f"{f.board_updates} {_ok(f.board_updates, f.turns + 1)}"
                                  f" (<={f.turns + 1})" for f in all_figures])
    row("  per turn", [per_turn(f.board_updates, f) for f in all_figures])
    row("thread: messages posted",
        [f"{f.thread_posted} {_ok(f.thread_posted, f.turns + f.milestones)}"
         f" (<={f.turns + f.milestones})" for f in all_figures])
    row("  per turn", [per_turn(f.thread_posted, f) for f in all_figures])
    row("  left at the end", [str(f.thread_left) for f in all_figures])
    row("thread: messages edited", [str(f.thread_edits) for f in all_figures])
    row("messages edited (everywhere)", [str(f.edits) for f in all_figures])
    row("images uploaded (everywhere)", [str(f.images_uploaded) for f in all_figures])
    row("  of which in DMs", [str(f.dm_images_uploaded) for f in all_figures])
    row("  of which unchanged by an edit", [str(f.same_again) for f in all_figures])
    row("image MB uploaded", [f"{f.image_bytes / MB:.1f} {_ok(f.image_bytes, BYTES_TARGET)} (<=15)"
                              for f in all_figures])
    row("  to the thread", [f"{f.thread_image_bytes / MB:.1f}" for f in all_figures])
    row("  to DMs", [f"{f.dm_image_bytes / MB:.1f}" for f in all_figures])
    row("  unchanged, sent again by an edit", [f"{f.same_again_bytes / MB:.1f}"
                                               for f in all_figures])
    row("  KB per turn", [per_turn(f.image_bytes / 1000, f, "{:.0f}") for f in all_figures])
    row("  KB per image", [f"{f.image_bytes / 1000 / max(1, f.images_uploaded):.0f}"
                           for f in all_figures])
    print()
    row("new DMs per player (worst)", [_worst_dms(f) for f in all_figures])
    row("  per own turn (worst)", [
        f"{max((p.dms / p.own_turns for p in f.players_ if p.own_turns), default=0):.2f}"
        for f in all_figures])
    row("DM images per player (max)", [str(max(p.dm_images for p in f.players_))
                                       for f in all_figures])
    row("DM edits per player (max)", [str(max(p.dm_edits for p in f.players_))
                                      for f in all_figures])
    row("ephemeral replies per player (max)", [str(max(p.ephemeral for p in f.players_))
                                               for f in all_figures])
    row("  '✅ You chose' per player (max)", [str(max(p.chosen for p in f.players_))
                                             for f in all_figures])
    for f in all_figures:
        print(f"\n{SHORT.get(f.game, f.game)} {f.players}p seed {f.seed}, per player: "
              "new DMs (target: own turns + questions out of turn), DM images, "
              "DM edits, ephemeral replies (✅ You chose)")
        for p in f.players_:
            print(f"  {p.name:<7} DMs {p.dms:>4} {_ok(p.dms, p.dm_target):<4} "
                  f"(<={p.own_turns}+{p.out_of_turn})  images {p.dm_images:>4}  "
                  f"edits {p.dm_edits:>4}  ephemeral {p.ephemeral:>4} ({p.chosen})")


def _worst_dms(f: Figures) -> str:
    worst = max(f.players_, key=lambda p: p.dms - p.dm_target)
    return f"{worst.dms} {_ok(worst.dms, worst.dm_target)} (<={worst.dm_target})"


# -- command line ---------------------------------------------------------------------------
def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--game", action="append", choices=sorted(LARGEST),
                        help="a game to play (repeatable; default: all four)")
    parser.add_argument("--players", type=int, default=None,
                        help="table size (default: the game's largest table)")
    parser.add_argument("--seed", type=int, default=1, help="first seed (then seed+1, ...)")
    parser.add_argument("--games", type=int, default=1, help="games per game kind")
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                        help="lobby option, e.g. mode=peaceful (repeatable)")
    parser.add_argument("--quick", action="store_true",
                        help="one Duel only (what make bench runs)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--lossless", action="store_true",
                        help="send lossless RGB PNGs (kit.png_bytes), as before the palette")
    parser.add_argument("--out", type=Path, default=None,
                        help="where the sandbox writes images (default: a temporary folder)")
    return parser


async def _main(args: argparse.Namespace) -> list[Figures]:
    games = args.game or (["duel"] if args.quick else list(LARGEST))
    figures = []
    with contextlib.ExitStack() as stack:
        out = args.out or Path(stack.enter_context(tempfile.TemporaryDirectory()))
        out.mkdir(parents=True, exist_ok=True)
        for game in games:
            players = args.players or LARGEST[game]
            for k in range(args.games):
                seed = args.seed + k
                if not args.json:
                    print(f"playing {game} at {players} players, seed {seed}...",
                          file=sys.stderr, flush=True)
                figures.append(await play(game, players, seed, args.option, out))
    return figures


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    logging.basicConfig(level=logging.ERROR)
    with contextlib.ExitStack() as stack:
        if args.lossless:
            stack.enter_context(mock.patch.object(kit, "encode",
                                                  lambda im, colours=256: kit.png_bytes(im)))
        figures = asyncio.run(_main(args))
    if args.json:
        print(json.dumps([f.as_json() for f in figures], indent=2, ensure_ascii=False))
    else:
        print_table(figures)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
