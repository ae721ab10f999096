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

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from spec.cards import Card, Rank, Suit, SUIT_ORDER, as_cards, check_named_once, make_deck, sort_key
from spec.clauses import ClauseBook
from spec.dealing import deal_out, rng_for, seats_from, sorted_hand
from spec.engine import Game, GameInfo, Outcome, Source
from spec.i18n import N_, Msg
from spec.moves import move
from spec.rows import Build

INFO = GameInfo(  # zero-sum: one winner, no stakes in the source
    id="sevens", name_en="Sevens", name_ru="Семёрки", min_players=2, max_players=8, deck="52",
    family=N_("shedding"), chance=True, hidden_information=True, zero_sum=True,
    source=Source(file="003_7a0ed7952c70980c.txt", title=N_("(untitled) sequences from the 7 of diamonds"),
                  lines="47-60"))

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
#: A state's row, ``(lowest, highest)`` position, as the rows kit reads it: the ranks at its ends.
ENDS = {NOT_STARTED: (), **{(lo, hi): (RANK_AT[lo], RANK_AT[hi]) for lo in range(1, 14) for hi in range(lo, 14)}}


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
PASSES = (PASS,)
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


@CLAUSES.rule("sevens-ranks", "The rank order: ace low, then 2 to 10, jack, queen, king")
def row_order() -> tuple[Rank, ...]:
    """The ranks of a row, lowest first (:data:`ROW_ORDER`)."""
    return ROW_ORDER


@cache
def row_build(order: tuple[Rank, ...]) -> Build:
    """How the rows are built (the rows kit): one row a suit, started by its 7, growing by the next
    rank of ``order`` at either end."""
    return Build(order=order, starts=frozenset((Rank.SEVEN,)), both_ends=True, suits=SUIT_ORDER,
                 unfit=N_("{card} does not extend {row}: it takes {wants}"),
                 unstarted=N_("{row} has not started: it starts with {wants}"),
                 nothing=N_("nothing (the row is complete)"))


@CLAUSES.rule("sevens-deal", "The whole deck is dealt one at a time from the dealer's left; when the "
              "players do not divide 52, the first players in the deal get one card more")
def deal_hands(cards: tuple[Card, ...], players: int) -> tuple[tuple[Card, ...], ...]:
    # the dealer is P0; the deal starts on the left
    return tuple(sorted_hand(h) for h in deal_out(cards, seats_from(1 % players, players)))


@CLAUSES.rule("sevens-first", "The holder of 7♦ moves first")
def first_player(hands) -> int:
    return next(p for p, h in enumerate(hands) if OPENING_CARD in h)


@CLAUSES.rule("sevens-turn", "Turns pass clockwise, to the left")
def next_player(player: int, players: int) -> int:
    return (player + 1) % players


def _pass_refused(game, state, move) -> str:
    can = min((m.card for m in lay_builds(game, state)), key=sort_key)
    return Msg("P{player} can lay {card}, so may not pass", player=state.to_move, card=str(can))


@CLAUSES.rule("sevens-pass", "A player who can lay no card passes (and only then)", offers=Pass,
              refused=_pass_refused)
def pass_when_stuck(game, state) -> tuple[Pass, ...]:
    """A pass, for a player who can lay nothing (or, with ``pass_when_able``, after the opening)."""
    if game.rules.pass_when_able and state.laid:
        return PASSES
    return () if lay_builds(game, state) else PASSES


CLAUSES.note("sevens-hold", "A player lays only a card from their own hand", "spec.games.sevens.lay_builds")
CLAUSES.note("sevens-open", "The game opens with 7♦ in the middle of the table", "spec.games.sevens.lay_builds")


def _lay_refused(game, state, move) -> tuple[str, str]:
    """Which of the laying clauses refuses ``move``, and why."""
    card, hand = move.card, state.hands[state.to_move]
    if card not in hand:
        return "sevens-hold", Msg("P{player} does not hold {card}", player=state.to_move, card=str(card))
    if not state.laid:
        return "sevens-open", Msg("the first card is 7♦, not {card}", card=str(card))
    i = SUIT_INDEX[card.suit]
    return "sevens-build", game.build.why_not(card, hand, tuple(map(ENDS.__getitem__, state.rows)), i,
                                              Msg("the {suit} row", suit=card.suit.symbol))


@CLAUSES.rule("sevens-build", "A 7 starts its suit's row; a row grows by the next card up to the king "
              "or down to the ace", offers=Lay, refused=_lay_refused)
def lay_builds(game, state) -> tuple[Lay, ...]:
    """The cards of the hand that fit a row (the rows kit's :class:`~spec.rows.Build`); the
    first card is the 7♦."""
    last = game.last_lays
    if last[0] is state:
        return last[1]
    hand = state.hands[state.to_move]
    if not state.laid:
        lays = (LAY[OPENING_CARD],) if OPENING_CARD in hand else ()
    else:
        lays = tuple(LAY[c] for c, _ in game.build.options(hand, tuple(map(ENDS.__getitem__, state.rows))))
    game.last_lays = (state, lays)  # the pass clause asked first: it is the same state
    return lays


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

    def __init__(self, rules=None, *, players=None):
        super().__init__(rules, players=players)
        self.build = row_build(row_order())
        self.last_lays = (None, ())  # the lays of the last state asked (lay_builds)

    def deal(self, seed: int) -> State:
        cards = list(self.deck())
        rng_for(seed).shuffle(cards)
        hands = deal_hands(tuple(cards), self.players)
        return State(hands, (NOT_STARTED,) * 4, first_player(hands), seed)

    def position(self, hands: Sequence[Sequence[Card] | str], rows: Sequence[Card] | str = (),
                 to_move: int | None = None, *, laid: int | None = None, seed: int = 0) -> State:
        """A position of Sevens: what each player holds and what lies in the four rows. How the verifier's
        small configurations and the tests set up play.

        ``hands``: the hands by seat, each kept in the order given (a deal sorts them). ``rows``: the cards
        laid on the table, in any order; each suit's cards must be one run through its 7 (A low, K high).
        ``to_move``: default the holder of the 7♦ before the first card, else P0. ``laid``: how many cards
        have been laid, default the cards in the rows (it is 0 only before the 7♦ opens the game).
        ``seed``: the deal's. Cards are :class:`~spec.cards.Card` values or card notation; a card named
        twice, or not of the 52, raises ``ValueError`` (:func:`~spec.cards.check_named_once`), as does a
        row that is not a run through its 7."""
        hands, rows = tuple(map(as_cards, hands)), as_cards(rows)
        check_named_once(self.deck(), *hands, rows)
        ends = [NOT_STARTED] * len(SUIT_ORDER)
        for i, suit in enumerate(SUIT_ORDER):
            run = sorted(ROW_POSITION[c.rank] for c in rows if c.suit is suit)
            if not run:
                continue
            if SEVEN not in run or run != list(range(run[0], run[-1] + 1)):
                raise ValueError(f"the {suit.symbol} row is not a run through its 7: {' '.join(map(str, rows))}")
            ends[i] = (run[0], run[-1])
        if to_move is None:
            to_move = first_player(hands) if not rows and any(OPENING_CARD in h for h in hands) else 0
        return State(hands, tuple(ends), to_move, seed, len(rows) if laid is None else laid)

    def to_move(self, state):
        return None if self.is_over(state) else state.to_move

    def is_over(self, state):
        return winner(state.hands) is not None

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
        # always lay a card (property never_blocked, proved by z3) and only a player who
        # cannot lay passes. A player who may pass at will (pass_when_able) can pass for
        # ever: no bound (property voluntary_pass_can_loop).
        if self.rules.pass_when_able:
            return None
        n = self.players
        lays = 52 - (n - 1)
        return lays + (n - 1) * (lays - 1)

    def describe_move(self, state):
        if self.is_over(state):
            return Msg("out of cards")
        return Msg("rows {rows}", rows=" | ".join(f"{RANK_AT[lo].label}-{RANK_AT[hi].label}{s.symbol}"
                                                  for s, (lo, hi) in zip(SUIT_ORDER, state.rows) if lo))

    def describe(self, state):
        return Msg.join("; ", [Msg("P{player}: {cards}", player=p, cards=" ".join(map(str, h)))
                               for p, h in enumerate(state.hands)])



GAME = Sevens
