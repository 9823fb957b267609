"""Game setup: tokens, first player, wonders, and the three prepared Age decks.

All randomness comes from the state's ``rng`` integer (``engines.core.rng.Rng``):
5 progress tokens on the board and 5 set aside, 7 coins each, a first player, the
12 wonders shuffled for the draft, each Age deck shuffled with 3 cards returned to the
box unseen, and 3 random guilds shuffled into Age III.
"""

from __future__ import annotations

from engines.core.contract import Event
from engines.core.rng import Rng
from engines.duel.catalogue import FIRST_GAME_WONDERS, MILITARY_TOKENS, WONDERS, deck_cards
from engines.duel.facts import TOKEN_IDS, event
from engines.duel.state import DuelState
from engines.duel.structure import deal

STARTING_COINS = 7
TOKENS_ON_BOARD = 5
CARDS_REMOVED_PER_AGE = 3
GUILDS_PER_GAME = 3
WONDER_OPTIONS = ("draft", "first_game")


def new_state(seed: int, wonders: str = "draft") -> DuelState:
    if wonders not in WONDER_OPTIONS:
        raise ValueError(f"unknown wonders option '{wonders}' (use one of {WONDER_OPTIONS})")
    rng = Rng.from_seed(seed)
    tokens = list(TOKEN_IDS)
    rng.shuffle(tokens)
    first = rng.below(2)
    wonder_ids = list(WONDERS)
    rng.shuffle(wonder_ids)
    decks: list[list[str]] = []
    removed: list[str] = []
    for deck in ("age1", "age2", "age3"):
        cards = deck_cards(deck)
        rng.shuffle(cards)
        removed.extend(cards[:CARDS_REMOVED_PER_AGE])
        decks.append(cards[CARDS_REMOVED_PER_AGE:])
    guilds = deck_cards("guild")
    rng.shuffle(guilds)
    age3 = decks[2] + guilds[:GUILDS_PER_GAME]
    rng.shuffle(age3)
    decks[2] = age3
    st = DuelState(
        wonders_option=wonders,
        rng=rng.state,
        first_player=first,
        current=first,
        decks=decks,
        removed=removed,
        unused_guilds=guilds[GUILDS_PER_GAME:],
        military_tokens=list(MILITARY_TOKENS),
        board_tokens=tokens[:TOKENS_ON_BOARD],
        box_tokens=tokens[TOKENS_ON_BOARD:],
        coins=[STARTING_COINS, STARTING_COINS],
    )
    if wonders == "first_game":
        # the book's "player 1" is the first player (the reference's player A)
        st.wonders[first] = list(FIRST_GAME_WONDERS[0])
        st.wonders[1 - first] = list(FIRST_GAME_WONDERS[1])
        st.wonder_deck = [w for w in wonder_ids if w not in st.wonders[0] + st.wonders[1]]
        st.draft_pick = 8
        start_play(st, [])
    else:
        st.wonder_offer = wonder_ids[:4]
        st.wonder_deck = wonder_ids[4:]
    return st


def start_play(st: DuelState, events: list[Event]) -> None:
    """After the draft: Age I begins with the first player."""
    st.phase = "play"
    st.current = st.first_player
    deal(st, 1)
    events.append(event("age_started", st.current, {"age": 1}))
