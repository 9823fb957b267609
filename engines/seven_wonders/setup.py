"""Setting up a game (rulebook "遊戲準備") and dealing each Age (時代概覽).

* Age decks: the cards whose player-count label is at most the number of players;
  ``players + 2`` guilds drawn at random go into Age III; each deck is shuffled.
* Boards: dealt at random (option ``wonders=random``) or chosen one after the other from
  seat 0 on (``wonders=choose``); sides: ``day``, ``night``, ``mixed`` (random per board)
  or ``choose`` (every player picks the side of their board, all at once).
* Every player starts with 3 coins; the starting resource of the board is produced.
* At the start of an Age each player is dealt 7 cards of that Age's deck.
"""

from __future__ import annotations

from engines.core.contract import Event
from engines.core.fast import event
from engines.core.rng import Rng
from engines.seven_wonders.catalogue import GUILDS, age_cards
from engines.seven_wonders.facts import START_COINS, STARTING, WONDER_IDS
from engines.seven_wonders.state import SevenWondersState

WONDER_OPTIONS: tuple[str, ...] = ("random", "choose")
SIDE_OPTIONS: tuple[str, ...] = ("day", "night", "mixed", "choose")
HAND_SIZE = 7


def new_state(players: int, seed: int, wonders: str = "random",
              sides: str = "day") -> SevenWondersState:
    if wonders not in WONDER_OPTIONS:
        raise ValueError(f"wonders must be one of {WONDER_OPTIONS}")
    if sides not in SIDE_OPTIONS:
        raise ValueError(f"sides must be one of {SIDE_OPTIONS}")
    rng = Rng.from_seed(seed)
    n = players
    st = SevenWondersState(players=n, rng=0, wonders_option=wonders, sides_option=sides)
    st.coins = [START_COINS] * n
    st.bank_out = START_COINS * n
    st.board = [""] * n
    st.side = [""] * n
    st.hands = [[] for _ in range(n)]
    st.choice = [[] for _ in range(n)]
    for name in ("buildings", "stage_cards", "stage_ages", "tokens", "choices",
                 "trade_choices", "chains", "free_rules"):
        setattr(st, name, [[] for _ in range(n)])
    st.fixed = [[0] * 7 for _ in range(n)]
    st.colors = [[0] * 7 for _ in range(n)]
    st.science = [[0] * 3 for _ in range(n)]
    st.shields = [0] * n
    st.wildcards = [0] * n
    st.disc_left = [0] * n
    st.disc_right = [0] * n
    st.last_card = [False] * n

    guilds = list(GUILDS)
    rng.shuffle(guilds)
    st.unused_guilds = sorted(guilds[n + 2:])
    decks = []
    for age in (1, 2, 3):
        deck = age_cards(age, n) + (guilds[: n + 2] if age == 3 else [])
        rng.shuffle(deck)
        decks.append(deck)
    st.decks = decks

    if wonders == "random":
        boards = list(WONDER_IDS)
        rng.shuffle(boards)
        for seat in range(n):
            assign_board(st, seat, boards[seat])
    else:
        st.boards_offered = list(WONDER_IDS)
        st.board_picker = 0
    if sides == "mixed":
        st.side = ["day" if rng.below(2) == 0 else "night" for _ in range(n)]
    elif sides in ("day", "night"):
        st.side = [sides] * n
    st.rng = rng.state
    events: list[Event] = []
    if wonders == "choose":
        st.phase = "choose_board"
    elif sides == "choose":
        st.phase = "choose_side"
    else:
        start_age(st, events)
    return st


def assign_board(st: SevenWondersState, seat: int, board: str) -> None:
    st.board[seat] = board
    st.fixed[seat][STARTING[board]] += 1


def choose_board(st: SevenWondersState, seat: int, board: str, events: list[Event]) -> None:
    assign_board(st, seat, board)
    st.boards_offered.remove(board)
    events.append(event("board_chosen", seat, {"board": board}))
    if seat + 1 < st.players:
        st.board_picker = seat + 1
        return
    st.boards_offered = []
    if st.sides_option == "choose":
        st.phase = "choose_side"
    else:
        start_age(st, events)


def choose_side(st: SevenWondersState, seat: int, side: str, events: list[Event]) -> None:
    st.side[seat] = side
    events.append(event("side_chosen", seat, {"board": st.board[seat], "side": side}))
    if all(st.side):
        start_age(st, events)


def start_age(st: SevenWondersState, events: list[Event]) -> None:
    st.age += 1
    st.turn = 1
    deck = st.decks[st.age - 1]
    st.hands = [deck[HAND_SIZE * s: HAND_SIZE * (s + 1)] for s in range(st.players)]
    st.decks[st.age - 1] = []
    st.choice = [[] for _ in range(st.players)]
    st.phase = "play"
    st.step += 1
    events.append(event("age_started", None, {"age": st.age, "direction": direction(st.age)}))


def direction(age: int) -> str:
    """Where hands pass: left in Ages I and III, right in Age II."""
    return "right" if age == 2 else "left"
