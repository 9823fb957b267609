"""Plays Through the Ages through the bot like its players: each seat the game waits on
answers from the message the bot asked it on (its DM panel, the thread, an ephemeral reply),
with whatever component that message offers — answer buttons, plain and grouped selects,
the "type a number" modal, the turn panel's Confirm — and ``/play`` with an option id when
a question reached the seat with no component at all (counted in ``fallbacks``).

Before and after every answer it checks that no thread line names a military card the table
was never shown (in a hand, a deck, the face-down events or discards) and that no line in a
seat's DMs names one that seat was never shown (``Knowledge``, ``check_hidden``; TTA is
registered for Discord by the test module, not by ``engines.tta``).
"""

from __future__ import annotations

import functools
import random
import re
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import simcord
from simcord.components import walk_components
from simcord.results import to_discord_message

from bot.client import CivBot
from bot.ids import resolve_ref
from engines.core.contract import Prompt
from engines.core.playout import avoided
from engines.tta import catalogue
from engines.tta.engine import TtaEngine
from games.service import engine_options
from tests.bot.bot_helpers import hand_note, pinged_since
from tests.bot.sw_driver import replies

#: a custom id that answers a question, with the pin (version or stamp) and seat it answers
PINNED = re.compile(r"cb:(?P<kind>[osgnk]):(?P<game>\d+):(?P<pin>\d+|t[0-9a-z]+):(?P<seat>\d+):")
#: the control kinds, as the counters name them
KINDS = {"o": "button", "s": "select", "g": "menu", "n": "number", "k": "confirm"}


@functools.cache
def military_names() -> tuple[dict[str, str], dict[str, list[str]]]:
    """Military card id -> English name, and name -> the ids (copies, other ages) bearing it;
    names a civil card shares are left out (the thread names civil cards freely)."""
    civil, military, _board = catalogue._load()
    civil_names = {catalogue.name(card) for card in civil}
    names = {card: catalogue.name(card) for card in military}
    names = {card: text for card, text in names.items() if text not in civil_names}
    ids: dict[str, list[str]] = {}
    for card, text in names.items():
        ids.setdefault(text, []).append(card)
    return names, ids


def military_ids(value: Any) -> set[str]:
    """The military card ids among the scalars of ``value`` (nested lists and dicts, keys
    too), matched whole: ``I_plunder`` is not read inside ``II_plunder``."""
    names = military_names()[0]
    return {v for v in _values(value) if isinstance(v, str) and v in names}


@dataclass
class Knowledge:
    """The military cards each reader has legitimately seen, cumulatively: a reader keeps
    what it was once shown (a "Last: You draw: X" line edited later, X gone since, names
    a card its seat knew when it drew it). Found by replaying the game's log of answers from
    its seed (the service's own ``new_game`` and ``answer``); after each answer it adds:

    * for the table (``None``): the public view, the public events (a card played face
      up: a bonus card, an aggression, a tactic, an event revealed; a war, a pact offered);
    * for each seat: its own view (its military hand, the events it prepared, the short
      game's events dealt to it), the events told to it alone (``visible_to``: Joan of
      Arc's peek) and the provisional events of its own answers (its panel's "Last: ...").

    Nothing else: not the questions the engine asks (a hidden card in one would be a leak
    too); an aggression's defender may name it since the card was played face up.

    Known by id, judged by name (``unknown_names``): the copies of a card share its id,
    some ages share a name (Plunder, Raid...): a name is unknown to a reader only when no
    card bearing it was ever shown to it. A line naming a card the reader also knew
    cannot be told from one naming another copy, and is never flagged."""

    table: set[str] = field(default_factory=set)
    seats: dict[int, set[str]] = field(default_factory=dict)
    state: Any = None  # the replayed state
    replayed: int = 0  # the answers of the log replayed

    def of(self, reader: int | None) -> set[str]:
        """What ``reader`` (None: everyone) knows: the table's knowledge, and its own."""
        return self.table if reader is None else self.table | self.seats[reader]

    async def catch_up(self, bot: CivBot, game_id: int) -> Any:
        """Replay the answers logged since the last call; the state reached (checked: the
        stored one's equal)."""
        service = bot.service
        actions = await service.store.actions(game_id)
        if self.state is not None and len(actions) == self.replayed:
            return self.state  # nothing answered since
        info, stored = await service.load(game_id)
        engine = service.engine(info.game)
        if self.state is None:
            self.state = engine.new_game(len(info.seats), info.seed,
                                         engine_options(engine, info.options))
            self.seats = {seat: set() for seat in range(len(info.seats))}
            self.see(engine, self.state, [], None)
        for action in actions[self.replayed:]:
            self.state, events = engine.answer(self.state, action.seat, action.choice)
            self.see(engine, self.state, events, action.seat)
        self.replayed = len(actions)
        assert engine.dump(self.state) == engine.dump(stored), "the replay of the log differs"
        return self.state

    def see(self, engine: Any, state: Any, events: list[Any], actor: int | None) -> None:
        """Add what ``state``, reached by ``actor``'s answer with ``events``, shows."""
        self.table |= military_ids(engine.view(state, None).model_dump())
        for seat, known in self.seats.items():
            known |= military_ids(engine.view(state, seat).model_dump())
        for e in events:
            cards = military_ids(e.params)
            if e.provisional:  # shown on the actor's panel only (``_note_provisional``)
                seat = actor if actor is not None else e.seat
                if seat is not None and e.visible_for(seat):
                    self.seats[seat] |= cards
            elif e.visible_to is None:
                self.table |= cards
            else:
                for seat in e.visible_to:
                    self.seats[seat] |= cards


def unknown_names(known: set[str]) -> dict[str, list[str]]:
    """English name -> card ids, for the military names no card of which is in ``known``:
    the names a reader knowing ``known`` may not read (names a civil card shares are left
    out, see ``military_names``)."""
    return {text: cards for text, cards in military_names()[1].items()
            if known.isdisjoint(cards)}


@functools.cache
def name_pattern(text: str) -> re.Pattern[str]:
    return re.compile(rf"\b{re.escape(text)}\b")


def named_unknown(line: str, unknown: dict[str, list[str]]) -> list[str]:
    """The ``unknown`` names (``unknown_names``) ``line`` names."""
    return [text for text in unknown if name_pattern(text).search(line)]


def where(state: Any, cards: list[str]) -> str:
    """Where the cards bearing a name are now (for a leak's report)."""
    places = [f"seat {seat}'s hand" for seat, civ in enumerate(state.civs)
              if set(civ.military) & set(cards)]
    places += ["the future events"] * bool(set(state.future_events) & set(cards))
    places += ["the current events"] * bool(set(state.current_events) & set(cards))
    places += ["a military deck"] * any(set(d) & set(cards) for d in state.military_decks)
    places += ["the discards"] * any(set(d) & set(cards) for d in state.military_discards)
    return ", ".join(places) or "elsewhere"


def refs(control: dict[str, Any]) -> set[str]:
    """The option refs (``=<id>`` / ``#<index>``) a button or select answers with."""
    if control["type"] == 2:
        ref = str(control["custom_id"]).split(":", 5)[-1]
        return {ref} if ref[:1] in ("=", "#") else set()
    return {o["value"] for o in control.get("options", []) if o["value"][:1] in ("=", "#")}


def _values(params: Any) -> Iterator[Any]:
    """Every scalar in an event's params, nested lists and dicts (keys too) included."""
    if isinstance(params, dict):
        for key, value in params.items():
            yield key
            yield from _values(value)
    elif isinstance(params, list):
        for value in params:
            yield from _values(value)
    else:
        yield params


@dataclass
class TtaDriver:
    """One game through the bot; ``bots`` is the factory's list (the newest bot runs)."""

    env: simcord.Env
    bots: list[CivBot]
    thread: simcord.ChannelHandle
    players: list[simcord.MemberActor]  # by seat
    rng: random.Random
    game_id: int = 1
    #: how often to press "undo" when offered (it restores the turn: pressing it always
    #: would make games endless)
    undo_rate: float = 0.05
    answers: int = 0
    used: Counter[str] = field(default_factory=Counter)  # control kinds pressed
    fallbacks: Counter[str] = field(default_factory=Counter)  # prompt kinds answered by /play
    kinds: Counter[str] = field(default_factory=Counter)  # prompt kinds answered
    #: replies only one seat sees (under its last answer), with who may press them
    ephemeral: dict[int, list[tuple[Any, Any]]] = field(default_factory=dict)
    #: message id -> the lines already checked for hidden names
    checked: dict[int, set[str]] = field(default_factory=dict)
    #: message id -> its text when last checked (unchanged since: nothing new to check)
    texts: dict[int, str] = field(default_factory=dict)
    leaks: list[str] = field(default_factory=list)
    #: what each reader has been shown (``check_hidden``); a driver taking over from
    #: another (``after`` in the tests) may share it
    knowledge: Knowledge = field(default_factory=Knowledge)
    #: how often to end the turn when "end" is offered (shorter turns, shorter games)
    haste: float = 0.0
    keep_turn: bool = False  # the answer being made must not end the turn
    #: seat -> (the question it waits on, the newest message id when it began waiting): the
    #: mention it is owed must come after that (the delivery invariant, ``check_delivered``)
    waiting: dict[int, tuple[str, int]] = field(default_factory=dict)
    mark: int = 0  # the newest message id before the last answer
    turn: tuple[int, int] = (0, -1)  # (round, current seat) of the turn being played
    turn_mark: int = 0  # the newest message id before that turn began
    #: user id -> the newest thread message that mentioned them, as first seen: a mention
    #: notifies when it is posted, and the bot may later edit it away (a question answered
    #: becomes "✅ carol chose: …", her next question of the same event follows unmentioned)
    pinged: dict[int, int] = field(default_factory=dict)
    seen: int = 0  # the newest thread message id read for ``pinged``
    #: options a random player takes only when nothing else is offered (resigning:
    #: ``Engine.playout_avoid``); ``answer_option`` still presses them on purpose
    avoid: frozenset[str] = TtaEngine.playout_avoid
    shunned: set[str] = field(default_factory=set)  # the refs of the question being answered

    @property
    def bot(self) -> CivBot:
        return self.bots[-1]

    async def questions(self) -> dict[int, tuple[Prompt, str]]:
        """The seats the game waits on, with their question and its pin."""
        info = await self.bot.service.get(self.game_id)
        if info.status != "active":
            return {}
        asked = [p for p in await self.bot.service.prompts(self.game_id) if p.blocking]
        pins = await self.bot.delivery.question_pins(info, asked)
        return {p.seat: (p, pins[p.seat]) for p in asked}

    def stored(self, channel: simcord.ChannelHandle) -> list[Any]:
        """The channel's raw messages, newest first (cheap: no conversion)."""
        return sorted(self.env.backend.messages.get(channel.id, {}).values(), key=lambda m: -m.id)

    @staticmethod
    def carries(seat: int, pinned: str, rows: list[dict[str, Any]]) -> bool:
        for control in walk_components(rows):
            m = PINNED.match(str(control.get("custom_id", "")))
            if m and int(m["seat"]) == seat and m["pin"] == pinned:
                return True
        return False

    def find(self, seat: int, pinned: str) -> tuple[Any, Any] | None:
        """(message, clicker) answering ``pinned``: a reply only the seat sees, else the
        newest in its DMs, else the newest in the thread."""
        member = self.players[seat]
        for reply, clicker in reversed(self.ephemeral.get(seat, [])):
            if self.carries(seat, pinned, reply.components):
                return reply, clicker
        for channel, clicker in ((member.user.dm_channel, member.user), (self.thread, member)):
            for raw in self.stored(channel):
                if self.carries(seat, pinned, raw.components):
                    return to_discord_message(self.env, raw), clicker
        return None

    def controls(self, message: Any, seat: int) -> list[dict[str, Any]]:
        rows = (
            message.components
            if isinstance(message, simcord.ResponseMessage)
            else [c.to_dict() for c in message.components]
        )
        out = []
        for control in walk_components(rows):
            m = PINNED.match(str(control.get("custom_id", "")))
            if m and int(m["seat"]) == seat:
                out.append(control)
        return out

    async def version(self) -> int:
        return (await self.bot.service.get(self.game_id)).version

    async def press(self, clicker: Any, message: Any, control: dict[str, Any]) -> Any:
        """Press one control like a player would; the interaction's result."""
        cid = str(control["custom_id"])
        kind = KINDS[cid.split(":")[1]]
        self.used[kind] += 1
        if control["type"] == 2 and kind != "number":
            return await clicker.click(message, custom_id=cid)
        if kind == "number":
            shown = await clicker.click(message, custom_id=cid)
            assert shown.modal is not None, [r.content for r in replies(shown)]
            low, high = (int(x) for x in cid.rsplit(":", 2)[1:])
            field_id = shown.modal["components"][0]["components"][0]["custom_id"]
            return await clicker.submit_modal(shown, {field_id: str(self.rng.randint(low, high))})
        values = [o["value"] for o in control["options"]]
        answers = [v for v in values if not v.startswith("&")]  # not "another page"
        answers = [v for v in answers if v not in self.shunned] or answers
        value = self.rng.choice(answers or values)
        return await clicker.select(message, [value], custom_id=cid)

    def shun(self, prompt: Prompt, controls: list[dict[str, Any]]) -> set[str]:
        """The refs among ``controls`` naming an option of ``prompt`` to avoid (``avoid``)."""
        ids = [o.id for o in prompt.options]
        return {r for c in controls for r in refs(c)
                if avoided(resolve_ref(r, ids) or "", self.avoid)}

    def choose(self, controls: list[dict[str, Any]]) -> dict[str, Any]:
        """A random control; "undo" only now and then, Confirm over Back; none that only
        answers with options to avoid (``shunned``) while there are others."""
        wanted = [c for c in controls if not (refs(c) and refs(c) <= self.shunned)]
        controls = wanted or controls
        confirm = [c for c in controls if str(c["custom_id"]).startswith("cb:k:")]
        if confirm:
            back = [c for c in confirm if c["custom_id"].endswith(":-")]
            if back and self.rng.random() < 0.1:
                return back[0]
            return next((c for c in confirm if c not in back), confirm[0])
        undo = [c for c in controls if str(c["custom_id"]).endswith(":=undo")]
        end = [c for c in controls if str(c["custom_id"]).endswith(":=end")]
        if end and not self.keep_turn and self.rng.random() < self.haste:
            return end[0]
        rest = [c for c in controls if c not in undo and (c not in end or not self.keep_turn)]
        if undo and (not rest or self.rng.random() < self.undo_rate):
            return undo[0]
        return self.rng.choice(rest)

    async def show_hand(self, seat: int, pinned: str) -> tuple[Any, Any] | None:
        """With its DMs closed: press "Show my hand / act" under the newest note that
        mentions the seat; (the private reply, the member) when it answers ``pinned``."""
        member = self.players[seat]
        raw = hand_note(self.stored(self.thread), member.user.id)
        if raw is None:
            return None
        note = to_discord_message(self.env, raw)
        shown = await member.click(note, custom_id=f"cb:h:{self.game_id}")
        self.used["hand"] += 1
        for reply in reversed(replies(shown)):
            if self.carries(seat, pinned, reply.components):
                return reply, member
        return None

    async def play_command(self, seat: int, prompt: Prompt) -> Any:
        """``/play`` in the thread with one of the question's option ids (the fallback)."""
        member = self.players[seat]
        self.fallbacks[prompt.kind] += 1
        option = self.rng.choice([o.id for o in prompt.options
                                  if o.id != "undo" and not avoided(o.id, self.avoid)]
                                 or [o.id for o in prompt.options])
        return await member.slash(self.thread, "play", option=option)

    async def step(self, seat: int | None = None, *, keep_turn: bool = False) -> bool:
        """``seat`` (else a random seat the game waits on) answers its question, not with
        "end" when ``keep_turn``; False once the game is over."""
        questions = await self.questions()
        if not questions:
            return False
        await self.check_hidden()  # what was posted since the last answer (see there)
        seat = self.rng.choice(sorted(questions)) if seat is None else seat
        self.keep_turn = keep_turn
        prompt, pinned = questions[seat]
        before = await self.version()
        self.mark = self.newest_id()
        found = self.find(seat, pinned) or await self.show_hand(seat, pinned)
        if found is None:
            result = await self.play_command(seat, prompt)
        else:
            message, clicker = found
            self.shunned = self.shun(prompt, self.controls(message, seat))
            result = await self.press(clicker, message, self.choose(self.controls(message, seat)))
            await self.check_hidden()  # each line judged as soon as it is shown
            # a page of a menu, a confirmation, a Back: keep pressing until the answer is in
            # (a confirmed option may follow a page, a Back and a second choice)
            for _ in range(12):
                if await self.version() != before:
                    break
                now = await self.questions()
                if seat not in now or now[seat][1] != pinned:
                    break
                shown = self.shown(result, seat)
                if shown is not None:
                    message = shown
                else:
                    again = self.find(seat, pinned)
                    assert again is not None, f"seat {seat}: the question vanished"
                    message, clicker = again
                self.shunned |= self.shun(prompt, self.controls(message, seat))
                control = self.choose(self.controls(message, seat))
                result = await self.press(clicker, message, control)
                await self.check_hidden()
        self.ephemeral[seat] = [
            (r, clicker if found else self.players[seat])
            for r in replies(result)
            if isinstance(r, simcord.ResponseMessage) and r.ephemeral and self.controls(r, seat)
        ]
        assert await self.version() == before + 1, (
            f"seat {seat}'s answer to {prompt.kind} was not taken",
            [r.content for r in replies(result)],
        )
        self.kinds[prompt.kind] += 1
        self.answers += 1
        await self.check_hidden()
        await self.check_delivered()
        return True

    async def answer_option(self, seat: int, option_id: str) -> list[str]:
        """``seat`` answers its question with ``option_id`` from the components the bot gave
        it, as a player would: the button or the menu entry naming it (turning a menu's
        pages if needed), then the panel's Confirm if it asks one; then the usual checks.
        The texts of the messages it pressed on, in order (the question, the confirmation)."""
        await self.check_hidden()  # what was posted since the last answer (see there)
        questions = await self.questions()
        prompt, pinned = questions[seat]
        ids = [o.id for o in prompt.options]
        before = await self.version()
        self.mark = self.newest_id()
        found = self.find(seat, pinned) or await self.show_hand(seat, pinned)
        assert found is not None, f"seat {seat} has no components for {prompt.kind}"
        message, clicker = found
        seen: list[str] = []
        for _ in range(8):
            if await self.version() != before:
                break
            seen.append(message.content)
            controls = self.controls(message, seat)
            confirm = [c for c in controls if str(c["custom_id"]).startswith("cb:k:")
                       and not str(c["custom_id"]).endswith(":-")]
            button = next((c for c in controls if c["type"] == 2 and any(
                resolve_ref(r, ids) == option_id for r in refs(c))), None)
            menu = next((c for c in controls if c["type"] != 2 and any(
                resolve_ref(r, ids) == option_id for r in refs(c))), None)
            if confirm:
                self.used["confirm"] += 1
                result = await clicker.click(message, custom_id=confirm[0]["custom_id"])
            elif button is not None:
                self.used["button"] += 1
                result = await clicker.click(message, custom_id=button["custom_id"])
            elif menu is not None:
                value = next(r for r in refs(menu) if resolve_ref(r, ids) == option_id)
                self.used["menu"] += 1
                result = await clicker.select(message, [value], custom_id=menu["custom_id"])
            else:  # another page of a menu holds it
                pages = [(c, o["value"]) for c in controls if c["type"] != 2
                         for o in c["options"] if o["value"].startswith("&")]
                assert pages, f"{option_id} is on none of seat {seat}'s components"
                control, value = pages[0]
                result = await clicker.select(message, [value], custom_id=control["custom_id"])
            await self.check_hidden()  # each line judged as soon as it is shown
            shown = self.shown(result, seat)
            if shown is not None:
                message = shown
            else:
                again = self.find(seat, pinned)
                if again is None:
                    break
                message, clicker = again
        assert await self.version() == before + 1, f"seat {seat}'s {option_id} was not taken"
        self.kinds[prompt.kind] += 1
        self.answers += 1
        await self.check_hidden()
        await self.check_delivered()
        return seen

    def newest_id(self) -> int:
        places = [self.thread, *(p.user.dm_channel for p in self.players)]
        return max((m.id for c in places for m in self.stored(c)[:1]), default=0)

    async def check_delivered(self) -> None:
        """The delivery invariant (issue "Defects to fix first" #4), after every answer: every
        seat with an open question has live components for it (its panel or a DM, the thread,
        or the "Show my hand" note it has been told about) and has been called back since it
        began waiting (a new panel message in its DMs, or a mention in the thread): once per
        turn, so a question asked again in the same turn (the panel
        coming back after another seat's bid) needs no second mention."""
        for raw in self.stored(self.thread):
            if raw.id <= self.seen:
                break  # newest first: the rest was read before
            for user in raw.ping_user_ids:
                self.pinged[user] = max(self.pinged.get(user, 0), raw.id)
        self.seen = max([self.seen, *(m.id for m in self.stored(self.thread)[:1])])
        questions = await self.questions()
        if not questions:
            return
        _info, state = await self.bot.service.load(self.game_id)
        turn = (state.round, state.current)
        # before the first answer this driver made, whatever was posted counts (the start)
        first = self.turn == (0, -1)
        if self.turn != turn:  # a new turn: its player is owed one mention from now on
            self.turn, self.turn_mark = turn, 0 if first else self.mark
        for seat in list(self.waiting):
            if seat not in questions:
                del self.waiting[seat]
        for seat, (_prompt, pinned) in questions.items():
            user_id = self.players[seat].user.id
            thread = self.stored(self.thread)
            live = self.find(seat, pinned) is not None or hand_note(thread, user_id) is not None
            assert live, f"seat {seat} has no way to answer its question {pinned}"
            since = self.waiting.setdefault(seat, (pinned, 0 if first else self.mark))[1]
            if seat == state.current:
                since = min(since, self.turn_mark)
            # called back: a new panel message in its DMs (a new message notifies, an
            # edit does not), or a thread message that pinged it (no DM reaches it)
            dms = self.stored(self.players[seat].user.dm_channel)
            mentioned = (bool(dms) and dms[0].id > since
                         or pinged_since(thread, user_id, since)
                         or self.pinged.get(user_id, 0) > since)
            assert mentioned, f"seat {seat} was not called back for {pinned}"

    def shown(self, result: Any, seat: int) -> Any:
        """The last reply to a press that shows ``seat`` controls (as stored now, unless it
        is an ephemeral reply), or None."""
        shown = [r for r in replies(result) if self.controls(r, seat)]
        if not shown:
            return None
        message = shown[-1]
        if not isinstance(message, simcord.ResponseMessage) or not message.ephemeral:
            message = self.fresh(message)
        return message

    def fresh(self, message: Any) -> Any:
        """The message as stored now (it may have been edited since it was read)."""
        channel_id = message.channel.id if hasattr(message, "channel") else message.channel_id
        raw = self.env.backend.messages.get(channel_id, {}).get(message.id)
        return message if raw is None else to_discord_message(self.env, raw)

    async def check_hidden(self) -> None:
        """No line new in a thread message names a military card the table was never shown,
        nor a line new in a seat's DMs (or in a reply only it sees) one that seat was never
        shown (``Knowledge``). A line is judged once, when it first appears, by what its
        reader knows then: an edited message keeps the lines it had. Called before every
        answer, after every press and after the answer: what was posted in between (a
        restart's redelivery, a deadline's answer, a script's; a menu's page, a
        confirmation) is judged before the answer can show more."""
        # (channel, seat whose eyes, or None: everyone's; ephemeral thread replies are read
        # as what their one reader may know)
        viewers: list[tuple[simcord.ChannelHandle, int | None]] = [(self.thread, None)]
        viewers += [(p.user.dm_channel, seat) for seat, p in enumerate(self.players)]
        viewers += [(self.thread, seat) for seat in range(len(self.players))]
        new: list[tuple[int | None, str, str]] = []  # (reader, where, line) not judged yet
        for index, (channel, viewer) in enumerate(viewers):
            ephemeral_pass = index > len(self.players)
            whose = ("the thread" if viewer is None
                     else f"a reply only seat {viewer} sees" if ephemeral_pass
                     else f"seat {viewer}'s DMs")
            for raw in self.env.backend.messages.get(channel.id, {}).values():
                if raw.is_ephemeral != ephemeral_pass:
                    continue  # public lines on the public pass, private ones on their reader's
                if ephemeral_pass and (
                        viewer is None or not raw.visible_to(self.players[viewer].user.id)):
                    continue  # (the ephemeral passes always have a reader)
                text = raw.content + "".join(f"\n{e}" for e in getattr(raw, "embeds", []) or [])
                if self.texts.get(raw.id) == text:
                    continue  # unchanged since it was last read
                self.texts[raw.id] = text
                lines = set(text.splitlines())
                seen = self.checked.setdefault(raw.id, set())
                new += [(viewer, whose, line) for line in lines - seen]
                seen |= lines
        if not new:
            return
        state = await self.knowledge.catch_up(self.bot, self.game_id)
        unknown = {viewer: unknown_names(self.knowledge.of(viewer))
                   for viewer in {viewer for viewer, _, _ in new}}
        for viewer, whose, line in new:
            for name in named_unknown(line, unknown[viewer]):
                cards = unknown[viewer][name]
                self.leaks.append(f"{name} ({'/'.join(cards)}, in {where(state, cards)}) "
                                  f"in {whose}: {line}")

    async def play(self, limit: int = 3000) -> int:
        """Answers until the game is over; the number of answers."""
        for _ in range(limit):
            if not await self.step():
                return self.answers
        raise AssertionError("the game did not end")
