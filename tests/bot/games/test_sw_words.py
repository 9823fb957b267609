"""7 Wonders words: what the table is told about who is still choosing."""

from bot.games import words_for
from engines.core.contract import Option, Prompt

WORDS = words_for("seven_wonders")
PAY = [Option(id="pay:0:2", key="pay", params={})]


def test_a_seat_paying_for_its_first_choice_is_still_choosing() -> None:
    prompt = Prompt(seat=1, kind="payment", options=PAY, private=True, params={"changing": False})
    assert WORDS.still_choosing(prompt)


def test_a_seat_paying_for_a_change_counts_as_chosen() -> None:
    # its old choice stands until it pays: listing it as choosing would leak the change
    prompt = Prompt(seat=1, kind="payment", options=PAY, private=True, params={"changing": True})
    assert not WORDS.still_choosing(prompt)


def test_a_waiting_seat_is_not_choosing_and_a_hand_is() -> None:
    waiting = Prompt(seat=0, kind="waiting", options=PAY, private=True)
    hand = Prompt(seat=0, kind="hand", options=PAY, private=True)
    assert not WORDS.still_choosing(waiting) and WORDS.still_choosing(hand)
