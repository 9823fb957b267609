"""The delivery's records as plain data: what each note holds, read back after a restart,
without Discord (``bot.delivery.ledger``)."""

from __future__ import annotations

import json
import logging

import pytest

from bot.delivery.ledger import (
    LEDGER_NOTE,
    OPEN_NOTE,
    PANEL_NOTE,
    Asked,
    Ledger,
    Panel,
    Records,
    dump_open,
    load_open,
)


class FakeNotes:
    """The service's notes in a dict, counting the writes."""

    def __init__(self) -> None:
        self.notes: dict[tuple[int, str], str] = {}
        self.writes = 0

    async def get_note(self, game_id: int, name: str) -> str | None:
        return self.notes.get((game_id, name))

    async def set_note(self, game_id: int, name: str, value: str) -> None:
        self.notes[game_id, name] = value
        self.writes += 1


@pytest.fixture
def notes() -> FakeNotes:
    return FakeNotes()


def records(notes: FakeNotes) -> Records:
    return Records(lambda: notes)


# -- plain data --------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("done", "mention", "notice", "owed"),
    [
        (False, False, False, True),  # not delivered
        (True, True, False, True),  # delivered, its mention still owed
        (True, False, True, True),  # delivered, its turn notice not yet recorded
        (True, False, False, False),
    ],
)
def test_a_question_is_owed_until_delivered_mentioned_and_noticed(
    done: bool, mention: bool, notice: bool, owed: bool
) -> None:
    assert Asked("t1", done, mention, notice).owed is owed


def test_a_ledger_round_trips_through_its_note() -> None:
    ledger = Ledger({0: Asked("t1", done=True), 2: Asked("7", mention=True, notice=True)})
    ledger.told |= {"thread", "dm:42"}
    again = Ledger.load(ledger.dump())
    assert again == ledger
    assert json.loads(ledger.dump())["told"] == ["dm:42", "thread"]  # stable order


def test_no_note_is_an_empty_ledger() -> None:
    assert Ledger.load(None) == Ledger() == Ledger.load("")


def test_a_panel_round_trips_through_its_note() -> None:
    panel = Panel(10, 20, "3:1", "t5", ephemeral=True, last=["Built a farm."], confirm="end",
                  picture="ab12")
    assert Panel.load(panel.dump()) == panel
    assert Panel.load(Panel(1, 2, "").dump()) == Panel(1, 2, "")
    assert Panel.load("") is None and Panel.load(None) is None
    # a note of an older bot has no picture digest: its next edit uploads the picture again
    older = '[10, 20, "3:1", "t5", false, [], ""]'
    assert Panel.load(older) == Panel(10, 20, "3:1", "t5")


def test_open_prompt_messages_round_trip() -> None:
    entries = [(0, "t1", 10, 100), (1, "4", 11, 101)]
    assert load_open(dump_open(entries)) == entries
    assert load_open(None) == [] and load_open("") == []


# -- records: the notes, cached ------------------------------------------------------------
async def test_the_ledger_is_read_once_and_written_when_changed(notes: FakeNotes) -> None:
    notes.notes[1, LEDGER_NOTE] = Ledger({0: Asked("t1")}).dump()
    kept = records(notes)
    ledger = await kept.ledger(1)
    assert ledger.seats[0] == Asked("t1")
    assert await kept.ledger(1) is ledger  # cached
    await kept.store_ledger(1)
    assert notes.writes == 0  # unchanged since read
    ledger.seats[0].done = True
    await kept.store_ledger(1)
    await kept.store_ledger(1)
    assert notes.writes == 1
    assert Ledger.load(notes.notes[1, LEDGER_NOTE]).seats[0].done


async def test_a_restart_reads_what_was_written(notes: FakeNotes) -> None:
    before = records(notes)
    (await before.ledger(1)).seats[3] = Asked("t9", done=True, mention=True)
    await before.store_ledger(1)
    await before.remember(1, (3, "t9", 10, 100))
    await before.set_panel(1, 3, Panel(10, 200, "turn", "t9"))
    after = records(notes)  # a new process over the same database
    assert (await after.ledger(1)).seats == {3: Asked("t9", done=True, mention=True)}
    assert await after.opened(1) == [(3, "t9", 10, 100)]
    assert await after.panel(1, 3) == Panel(10, 200, "turn", "t9")
    assert await after.panel(1, 0) is None


async def test_unreadable_notes_are_logged_and_read_as_empty(
    notes: FakeNotes, caplog: pytest.LogCaptureFixture
) -> None:
    notes.notes[1, LEDGER_NOTE] = "[1, 2"
    notes.notes[1, OPEN_NOTE] = '{"not": "a list"}'
    notes.notes[1, f"{PANEL_NOTE}:0"] = "[1]"
    kept = records(notes)
    with caplog.at_level(logging.WARNING, logger="bot.delivery.ledger"):
        assert await kept.ledger(1) == Ledger()
        assert await kept.opened(1) == []
        assert await kept.panel(1, 0) is None
    assert sum("unreadable note" in r.getMessage() for r in caplog.records) == 3


async def test_open_prompt_messages_are_remembered_and_forgotten(notes: FakeNotes) -> None:
    kept = records(notes)
    await kept.remember(1, (0, "t1", 10, 100))
    await kept.remember(1, (1, "t2", 10, 101))
    await kept.forget(1, 100)
    writes = notes.writes
    await kept.forget(1, 999)  # not tracked: nothing to write
    assert notes.writes == writes
    assert load_open(notes.notes[1, OPEN_NOTE]) == [(1, "t2", 10, 101)]


async def test_a_cleared_panel_is_stored_as_none(notes: FakeNotes) -> None:
    kept = records(notes)
    await kept.set_panel(1, 2, Panel(10, 20, "turn"))
    assert kept.panel_seats(1) == {2}
    await kept.set_panel(1, 2, None)
    assert notes.notes[1, f"{PANEL_NOTE}:2"] == ""
    assert await records(notes).panel(1, 2) is None


async def test_memory_is_dropped_when_a_game_ends_and_the_notes_stay(notes: FakeNotes) -> None:
    kept = records(notes)
    assert not kept.holds(1)
    await kept.ledger(1)
    await kept.remember(1, (0, "t1", 10, 100))
    await kept.panel(1, 0)
    assert kept.holds(1) and not kept.holds(2)
    kept.drop(1)
    assert not kept.holds(1) and kept.panel_seats(1) == set()
    assert await kept.opened(1) == [(0, "t1", 10, 100)]  # read again from the note


async def test_each_pass_starts_from_the_notes(notes: FakeNotes) -> None:
    """The database is the authority: what another process wrote between two passes over
    a game (its ledger, its open prompts, a panel re-posted) is what the next pass reads,
    whatever memory held."""
    kept = records(notes)
    ledger = await kept.ledger(1)
    ledger.seats[0] = Asked("t1", done=True)
    await kept.store_ledger(1)
    await kept.set_panel(1, 0, Panel(10, 11, "1:0", "t1"))
    await kept.remember(1, (0, "t1", 10, 12))
    # another process tells the next answer
    notes.notes[1, LEDGER_NOTE] = Ledger({1: Asked("t2", mention=True)}).dump()
    notes.notes[1, f"{PANEL_NOTE}:0"] = Panel(10, 99, "1:1", "").dump()
    notes.notes[1, OPEN_NOTE] = dump_open([])
    assert (await kept.ledger(1)).seats.keys() == {0}  # within a pass, memory serves
    kept.refresh(1)  # the next pass
    assert (await kept.ledger(1)).seats == {1: Asked("t2", mention=True)}
    panel = await kept.panel(1, 0)
    assert panel is not None and panel.message == 99
    assert await kept.opened(1) == []
    stored = await kept.stored_panel(1, 0)  # a click is checked against the note itself
    assert stored is not None and stored.message == 99
