"""A turn (rulebook "時代概覽": choose a card, play it, pass the hand) and the end of an Age.

* Every player chooses at once (``choose`` / ``pay`` / ``undo``); a choice can be changed
  or taken back (``undo``) until the last player has chosen (a change that still needs
  its payment leaves the choice made standing until it is paid: the table sees nothing,
  and if the turn resolves meanwhile the choice made is played), then the turn resolves
  at once (``resolve``): every payment leaves first (coins to the bank and to the
  neighbours), then every card is placed (building, wonder stage tucked face down, or sold
  face down to the discard pile), then one-off income is counted in the cities as they
  now stand (so Vineyard, Bazar & co. count the cards the neighbours built this same
  turn), and last the coins from selling and trading arrive: nobody can spend them this
  turn.
* End of the turn (``continue_turn``): on the 6th turn, Babylon (Night stage 1) plays its
  7th card as a turn of its own, then every other 7th card is discarded without coins;
  then each Halikarnassos player who built a "build from the discard pile" stage this
  turn builds one discarded card for free (their own turn, after the 7th cards are
  discarded, so those are among the choices); then hands pass (left in Ages I and III,
  right in Age II), or after the 6th turn the Age ends with the military conflicts.
"""

from __future__ import annotations

from engines.core.contract import Event
from engines.core.fast import event
from engines.seven_wonders.effects import add_building, add_stage, immediate_coins
from engines.seven_wonders.facts import CARD, SELL_COINS, Powers, owns_same_name
from engines.seven_wonders.military import conflicts
from engines.seven_wonders.scoring import winners
from engines.seven_wonders.setup import direction, start_age
from engines.seven_wonders.state import SevenWondersState

LAST_TURN = 6
#: a completed choice: [action, card, left, right, bank, via]
CHOSEN = 6
#: a completed choice still standing while the seat picks the payment of a new action:
#: [action, card, left, right, bank, via, new_action, new_card]
CHANGING = 8


def set_choice(st: SevenWondersState, seat: int, choice: list[object],
               events: list[Event]) -> None:
    """Record ``seat``'s choice (complete or waiting for its payment) and resolve if due.

    A seat that has chosen and picks a new action needing a payment keeps its choice
    (``CHANGING``: nothing public happens, it still counts as chosen) until it pays.
    """
    old = st.choice[seat]
    was_chosen = len(old) >= CHOSEN
    if len(choice) != CHOSEN:  # [action, card]: the payment prompt comes next
        st.choice[seat] = old[:CHOSEN] + choice if was_chosen else choice
        return
    st.choice[seat] = choice
    if was_chosen and old[:CHOSEN] == choice:
        # A change paid exactly as the choice made: nothing changed, so nothing is told
        # (a "changed" event would be false; the payment prompt just closes).
        return
    action, card, left, right, bank, via = choice
    events.append(event("chosen", seat, {"changed": was_chosen}))
    events.append(event("choice_detail", seat, {
        "action": action, "card": card, "left": left, "right": right, "bank": bank,
        "via": via}, [seat]))
    if st.phase == "last_card":
        resolve(st, [seat], events)
        st.last_queue.pop(0)
        continue_turn(st, events)
    else:
        for c in st.choice:
            if len(c) < CHOSEN:
                return
        resolve(st, list(range(st.players)), events)
        if st.turn == LAST_TURN:
            st.last_queue = [s for s in range(st.players) if st.last_card[s] and st.hands[s]]
        continue_turn(st, events)


def withdraw(st: SevenWondersState, seat: int, events: list[Event], told: bool = True) -> None:
    """``undo`` (formerly ``back``) from the payment prompt: the seat chooses from its hand
    again; during a change, the choice it had stands (a new list: prompt caches go by
    identity). ``told``: the seat hears of it (``undone``; ``back`` told nothing)."""
    old = st.choice[seat]
    st.choice[seat] = old[:CHOSEN] if len(old) == CHANGING else []
    if told:
        events.append(event("undone", seat, {"action": old[-2], "card": old[-1]}, [seat]))


def take_back(st: SevenWondersState, seat: int, events: list[Event]) -> None:
    """``undo`` from the ``waiting`` prompt: the seat's choice is taken back and it chooses
    from its hand again, exactly as before it chose (its choice was never public: only the
    seat hears of it; the table sees it choosing again)."""
    action, card = st.choice[seat][:2]
    st.choice[seat] = []
    events.append(event("undone", seat, {"action": action, "card": card}, [seat]))


def resolve(st: SevenWondersState, seats: list[int], events: list[Event]) -> None:
    """Play the completed choices of ``seats`` all at once."""
    n = st.players
    income = [0] * n
    sold = [0] * n
    coins = st.coins
    bank_in = 0
    for s in seats:  # a change still waiting for its payment (CHANGING) is ignored
        c = st.choice[s]
        left, right, bank = c[2], c[3], c[4]
        coins[s] -= left + right + bank
        bank_in += bank
        income[(s + 1) % n] += left  # left neighbour
        income[(s - 1) % n] += right  # right neighbour
    st.bank_in += bank_in
    built: list[tuple[int, Powers, str]] = []
    for s in seats:
        action, card, left, right, bank, via = st.choice[s][:CHOSEN]
        assert isinstance(card, str)
        st.hands[s].remove(card)
        if action == "build":
            add_building(st, s, card)
            cf = CARD[card]
            if cf.income:
                built.append((s, cf, card))
            events.append(event("building_built", s, {
                "card": card, "via": via, "left": left, "right": right, "bank": bank}))
        elif action == "wonder":
            sf = add_stage(st, s, card)
            if sf.income:
                built.append((s, sf, f"{st.board[s]}:{sf.stage}"))
            events.append(event("wonder_stage_built", s, {
                "board": st.board[s], "stage": sf.stage, "left": left, "right": right,
                "bank": bank}))
            events.append(event("wonder_card", s, {"card": card, "stage": sf.stage}, [s]))
            if sf.revive:
                st.revive_queue.append(s)
        else:
            st.discard.append(card)
            sold[s] = SELL_COINS
            events.append(event("card_sold", s, {"coins": SELL_COINS}))
    bank_out = 0
    for s, f, source in built:
        gain = immediate_coins(st, s, f)
        if gain:
            coins[s] += gain
            bank_out += gain
            events.append(event("coins_gained", s, {"amount": gain, "source": source}))
    for s in range(n):
        if sold[s]:
            coins[s] += sold[s]
            bank_out += sold[s]
        if income[s]:
            coins[s] += income[s]
            events.append(event("coins_gained", s, {"amount": income[s], "source": "trade"}))
    st.bank_out += bank_out
    for s in seats:
        st.choice[s] = []
    st.step += 1


def revivable(st: SevenWondersState, seat: int) -> list[str]:
    """Discarded cards ``seat`` may build (not one it already has), sorted, each once."""
    owned = st.buildings[seat]
    return sorted({c for c in st.discard if not owns_same_name(owned, c)})


def revive(st: SevenWondersState, seat: int, card: str, events: list[Event]) -> None:
    """Halikarnassos: build ``card`` from the discard pile for free."""
    st.discard.remove(card)
    add_building(st, seat, card)
    events.append(event("building_built", seat, {"card": card, "via": "discard", "left": 0,
                                                 "right": 0, "bank": 0}))
    gain = immediate_coins(st, seat, CARD[card])
    if gain:
        st.coins[seat] += gain
        st.bank_out += gain
        events.append(event("coins_gained", seat, {"amount": gain, "source": card}))
    st.revive_queue.pop(0)
    st.step += 1
    continue_turn(st, events)


def continue_turn(st: SevenWondersState, events: list[Event]) -> None:
    """Run the end of the turn up to the next decision (or the next turn)."""
    if st.last_queue:
        st.phase = "last_card"
        return
    if st.turn == LAST_TURN:
        left = [c for hand in st.hands for c in hand]
        if left:
            st.discard.extend(left)
            st.hands = [[] for _ in range(st.players)]
            st.step += 1
            events.append(event("last_cards_discarded", None, {"count": len(left)}))
    while st.revive_queue:
        seat = st.revive_queue[0]
        if revivable(st, seat):
            st.phase = "revive"
            return
        st.revive_queue.pop(0)
        events.append(event("revive_skipped", seat, {}))
    if st.turn == LAST_TURN:
        end_age(st, events)
        return
    n = st.players
    hands: list[list[str]] = [[] for _ in range(n)]
    step = 1 if direction(st.age) == "left" else -1
    for s in range(n):
        hands[(s + step) % n] = st.hands[s]
    st.hands = hands
    st.turn += 1
    st.phase = "play"
    st.step += 1
    events.append(event("hands_passed", None, {"direction": direction(st.age),
                                               "turn": st.turn}))


def end_age(st: SevenWondersState, events: list[Event]) -> None:
    conflicts(st, events)
    events.append(event("age_ended", None, {"age": st.age}))
    if st.age == 3:
        st.phase = "over"
        st.winners = winners(st)
        events.append(event("game_over", None, {"winners": list(st.winners)}))
    else:
        start_age(st, events)
