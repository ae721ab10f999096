"""Sevens (Семёрки): rows built outward from the sevens, first player out wins.

Source: ``003_7a0ed7952c70980c.txt``, the untitled game of sequences from the
seven of diamonds (lines 47-60), "like Девятка".

The whole 52-card deck is dealt. The holder of 7♦ lays it to open the
diamond row; then, clockwise, each player either extends a row by the next
card up (to the king) or down (to the ace) of its suit, or lays another 7 to
start that suit's row. A player who can lay nothing passes. The first player
with no cards wins.
"""

from __future__ import annotations

from dataclasses import dataclass

from spec.cards import Card, Rank, Suit, SUIT_ORDER, make_deck, sort_key
from spec.clauses import ClauseBook
from spec.dealing import deal_round_robin, rng_for, seats_from, sorted_hand
from spec.engine import Game, GameInfo, Outcome, Source
from spec.moves import move

INFO = GameInfo(
    id="sevens",
    name_en="Sevens",
    name_ru="Семёрки",
    min_players=2,
    max_players=8,
    deck="52",
    family="shedding",
    chance=True,
    hidden_information=True,
    zero_sum=True,  # one winner, no stakes in the source
    source=Source(file="003_7a0ed7952c70980c.txt", title="(untitled) sequences from the 7 of diamonds",
                  lines="47-60"),
)

CLAUSES = ClauseBook(INFO.id)

# ------------------------------------------------------------------ tables

#: Position of each rank in a row: the ace is the lowest end, the king the highest.
ROW_POSITION = {Rank.ACE: 1, **{r: int(r) for r in Rank if Rank.TWO <= r <= Rank.KING}}
#: The rank at each row position (the inverse table).
RANK_AT = {p: r for r, p in ROW_POSITION.items()}
#: The row order the play rules build: A 2 3 ... K (ascending from 7 to K, descending to A).
ROW_ORDER = tuple(RANK_AT[p] for p in range(1, 14))
#: The rank order as the source's header lists it: A, 3, 4, ..., K (no 2; see the errata).
STATED_RANKS = (Rank.ACE,) + tuple(Rank(v) for v in range(3, 14))
SEVEN = ROW_POSITION[Rank.SEVEN]
OPENING_CARD = Card(Rank.SEVEN, Suit.DIAMONDS)
SUIT_INDEX = {s: i for i, s in enumerate(SUIT_ORDER)}
NOT_STARTED = (0, 0)


@dataclass(frozen=True, kw_only=True)
class Rules:
    """Parameters of Sevens. The defaults are the source's rules."""

    pass_when_able: bool = False
    """A player who can lay a card may still pass. Source: a player who has a
    card that fits lays it, so passing is only for a player who cannot
    (``False``); ``True`` is the other reading of that sentence (decision)."""


#: Named variants (``--variant NAME``).
PRESETS = {"voluntary_pass": {"pass_when_able": True}}


# ------------------------------------------------------------------- moves

@move("{card}")
class Lay:
    card: Card


@move("pass")
class Pass:
    pass


PASS = Pass()
LAY = {c: Lay(c) for c in make_deck("52")}  # built once: moves are frozen records


# ------------------------------------------------------------------- state

@dataclass(frozen=True)
class State:
    """``rows[i]`` is the (lowest, highest) row position laid in suit ``SUIT_ORDER[i]``,
    ``(0, 0)`` before its 7 is laid."""

    hands: tuple[tuple[Card, ...], ...]
    rows: tuple[tuple[int, int], ...]
    to_move: int
    seed: int
    laid: int = 0


# ----------------------------------------------------------------- clauses

CLAUSES.note("sevens-players", "Two or more players share the whole 52-card deck (cardspec checks 2 to 8)",
             "",
             unchecked="the player count and deck are metadata: every property runs at every count 2-8")
CLAUSES.note("sevens-dealer", "The dealer is chosen as the players like; cardspec seats the dealer at P0",
             unchecked="choosing the dealer is an agreement at the table: nothing to check")
CLAUSES.note("sevens-ranks", "The rank order: ace low, then 2 to 10, jack, queen, king",
             "spec.games.sevens.ROW_ORDER")


@CLAUSES.rule("sevens-deal", "The whole deck is dealt one at a time from the dealer's left; when the "
              "players do not divide 52, the first players in the deal get one card more")
def deal_hands(cards: tuple[Card, ...], players: int) -> tuple[tuple[Card, ...], ...]:
    per, extra = divmod(len(cards), players)
    order = seats_from(1 % players, players)  # the dealer is P0; the deal starts on the left
    hands = [list(h) for h in deal_round_robin(cards, order, per)]
    for i, seat in enumerate(order[:extra]):
        hands[seat].append(cards[per * players + i])
    return tuple(sorted_hand(h) for h in hands)


@CLAUSES.rule("sevens-first", "The holder of 7♦ moves first")
def first_player(hands) -> int:
    return next(p for p, h in enumerate(hands) if OPENING_CARD in h)


@CLAUSES.rule("sevens-turn", "Turns pass clockwise, to the left")
def next_player(player: int, players: int) -> int:
    return (player + 1) % players


def playable(rows, span: tuple[int, int]) -> frozenset[Card]:
    """Every card that may be laid on these rows (the cards of the clauses below)."""
    if all(r == NOT_STARTED for r in rows):
        return frozenset((OPENING_CARD,))
    out = []
    low, high = span
    for suit, (lo, hi) in zip(SUIT_ORDER, rows):
        if (lo, hi) == NOT_STARTED:
            out.append(Card(Rank.SEVEN, suit))
            continue
        if lo > low:
            out.append(Card(RANK_AT[lo - 1], suit))
        if hi < high:
            out.append(Card(RANK_AT[hi + 1], suit))
    return frozenset(out)


@CLAUSES.rule("sevens-hold", "A player lays only a card from their own hand", decides=Lay)
def lay_held(game, state, move) -> str | None:
    if move.card not in state.hands[state.to_move]:
        return f"P{state.to_move} does not hold {move.card}"
    return None


@CLAUSES.rule("sevens-open", "The game opens with 7♦ in the middle of the table", decides=Lay)
def lay_opens(game, state, move) -> str | None:
    if state.laid == 0 and move.card != OPENING_CARD:
        return f"the first card is 7♦, not {move.card}"
    return None


@CLAUSES.rule("sevens-build", "A 7 starts its suit's row; a row grows by the next card up to the king "
              "or down to the ace", decides=Lay)
def lay_builds(game, state, move) -> str | None:
    if state.laid == 0:
        return None  # the opening is sevens-open's to decide
    card = move.card
    lo, hi = state.rows[SUIT_INDEX[card.suit]]
    pos = ROW_POSITION[card.rank]
    if (lo, hi) == NOT_STARTED:
        if pos != SEVEN:
            return f"the {card.suit.symbol} row has not started: it starts with 7{card.suit.symbol}"
        return None
    low, high = game.row_span()
    ends = [f"{RANK_AT[p].label}{card.suit.symbol}" for p in (lo - 1, hi + 1) if low <= p <= high]
    if pos not in (lo - 1, hi + 1) or not low <= pos <= high:
        wanted = " or ".join(ends) if ends else "nothing (the row is complete)"
        return f"{card} does not extend the {card.suit.symbol} row: it takes {wanted}"
    return None


@CLAUSES.rule("sevens-pass", "A player who can lay no card passes (and only then)", decides=Pass)
def pass_when_stuck(game, state, move) -> str | None:
    if game.rules.pass_when_able and state.laid > 0:
        return None
    can = sorted(game.playable_now(state) & set(state.hands[state.to_move]), key=sort_key)
    if can:
        return f"P{state.to_move} can lay {can[0]}, so may not pass"
    return None


@CLAUSES.rule("sevens-win", "The first player to lay all their cards wins, and the game ends")
def winner(hands) -> int | None:
    for p, h in enumerate(hands):
        if not h:
            return p
    return None


# -------------------------------------------------------------------- game

class Sevens(Game[State, Lay | Pass]):
    info = INFO
    Rules = Rules
    move_kinds = (Pass, Lay)
    over_clause = "sevens-win"
    #: the rank order the source states (a class attribute so a test can correct it)
    stated_ranks = STATED_RANKS

    def row_span(self) -> tuple[int, int]:
        """The lowest and highest row positions (ace 1 .. king 13)."""
        return 1, 13

    def playable_now(self, state: State) -> frozenset[Card]:
        return playable(state.rows, self.row_span())

    def deal(self, seed: int) -> State:
        cards = list(self.deck())
        rng_for(seed).shuffle(cards)
        hands = deal_hands(tuple(cards), self.players)
        return State(hands, (NOT_STARTED,) * 4, first_player(hands), seed)

    def to_move(self, state):
        return None if self.is_over(state) else state.to_move

    def is_over(self, state):
        return winner(state.hands) is not None

    def candidates(self, state):
        return (PASS,) + tuple(LAY[c] for c in state.hands[state.to_move])

    def legal_moves(self, state):
        if self.is_over(state):
            return ()
        can = self.playable_now(state)
        lays = tuple(LAY[c] for c in state.hands[state.to_move] if c in can)
        if not lays:
            return (PASS,)
        if self.rules.pass_when_able and state.laid:
            return (PASS,) + lays
        return lays

    def apply(self, state, move):
        p = state.to_move
        nxt = next_player(p, self.players)
        if isinstance(move, Pass):
            return State(state.hands, state.rows, nxt, state.seed, state.laid)
        card = move.card
        i = SUIT_INDEX[card.suit]
        pos = ROW_POSITION[card.rank]
        lo, hi = state.rows[i]
        row = (pos, pos) if (lo, hi) == NOT_STARTED else (min(lo, pos), max(hi, pos))
        hand = tuple(c for c in state.hands[p] if c != card)
        return State(state.hands[:p] + (hand,) + state.hands[p + 1:], state.rows[:i] + (row,) + state.rows[i + 1:],
                     nxt, state.seed, state.laid + 1)

    def outcome(self, state):
        win = winner(state.hands)
        n = self.players
        return Outcome(winners=(win,), returns=tuple(n - 1 if p == win else -1 for p in range(n)))

    def row_cards(self, state) -> tuple[Card, ...]:
        return tuple(Card(RANK_AT[pos], suit) for suit, (lo, hi) in zip(SUIT_ORDER, state.rows)
                     if lo for pos in range(lo, hi + 1))

    def zones(self, state):
        z = {f"hand {i}": h for i, h in enumerate(state.hands)}
        z["rows"] = self.row_cards(state)
        return z

    def max_plays(self):
        # Every lay sheds a card and the game ends when the first hand is empty, so at most
        # 52 - (n - 1) lays; between two lays at most n - 1 passes, since some player can
        # always lay a card (property never_blocked, proved by z3).
        n = self.players
        lays = 52 - (n - 1)
        return lays + (n - 1) * (lays - 1)

    def describe_move(self, state):
        if self.is_over(state):
            return "out of cards"
        return "rows " + " | ".join(f"{RANK_AT[lo].label}-{RANK_AT[hi].label}{s.symbol}"
                                    for s, (lo, hi) in zip(SUIT_ORDER, state.rows) if lo)

    def describe(self, state):
        return "; ".join(f"P{p}: {' '.join(map(str, h))}" for p, h in enumerate(state.hands))


GAME = Sevens
