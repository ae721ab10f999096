"""Kemps (Кемпс): two partnerships swap cards with four open ones, and call a partner's four of a kind.

Source: ``003_7a0ed7952c70980c.txt``, "Кемпс" (lines 83-98).

Four players, pair against pair, 52 cards. Each player gets four cards,
four more lie face up in the middle, the rest is a face-down stock. In turn,
clockwise from the dealer's left, a player may take one open card and put
one of his own in its place. Partners agree on a secret gesture that means
"I hold four of a kind". A player who thinks someone holds four of a kind
calls "Kemps" on him: right, and the caller's side scores a letter of
K-E-M-P-S; wrong, and the suspect's side does. "Double Kemps" names two
suspects for two letters. A suspect's cards are put aside and he gets four
new ones from the stock. The first partnership to spell KEMPS (5 points) wins.

The gesture is a move (``signal``) that only the partner sees: ``observe``
shows each player his own and his partner's signal, never an opponent's.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from itertools import combinations
from operator import itemgetter
from typing import Literal

from spec.cards import SUIT_ORDER, Card, Rank, as_cards, check_named_once, make_deck
from spec.clauses import ClauseBook
from spec.dealing import rng_for
from spec.engine import Game, GameInfo, Outcome, Source
from spec.errors import VariantError
from spec.i18n import N_, Msg
from spec.moves import move
from spec.rules import setting

INFO = GameInfo(
    id="kemps",
    name_en="Kemps",
    name_ru="Кемпс",
    min_players=4,
    max_players=4,
    deck="52",
    family=N_("partnership collecting"),
    chance=True,
    hidden_information=True,
    zero_sum=True,  # the winning pair +1 each, the losing pair -1 each
    source=Source(file="003_7a0ed7952c70980c.txt", title="Кемпс", lines="83-98"),
)

CLAUSES = ClauseBook(INFO.id)

# ------------------------------------------------------------------ tables

#: The rank order the source states, 2 low to ace high (the play only compares ranks for equality).
STATED_RANKS = tuple(Rank(v) for v in range(2, 11)) + (Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE)
#: The word a partnership writes, one letter a point.
WORD = "KEMPS"
TARGET = len(WORD)
HAND = 4          #: cards in a hand
OPEN = 4          #: open cards on the table
DEALER = 0        #: cardspec seats the dealer at P0 (chosen by lot or agreement in the source)
#: Points of a right call, by the number of suspects named.
CALL_POINTS = {1: 1, 2: 2}
_SUIT = {s: i for i, s in enumerate(SUIT_ORDER)}


def hand_key(card: Card) -> tuple[int, int]:
    """Hands are kept by rank, so a four of a kind reads as one block."""
    return int(card.rank), _SUIT[card.suit]


_HAND_KEY = {c: hand_key(c) for c in make_deck("52")}.__getitem__


@dataclass(frozen=True, kw_only=True)
class Rules:
    """Parameters of Kemps. The defaults are the source's rules."""

    wrong_call_to: Literal["suspect", "opponents"] = "suspect"
    """Who scores a wrong single Kemps. Source: the suspected player
    (``"suspect"``), so a wrong call on one's own partner still scores for
    the caller's side (see the errata). ``"opponents"``: the caller's
    opponents, as a wrong double Kemps already does."""

    overflow: Literal["cap", "count"] = "cap"
    """A double Kemps (right or wrong) can take a pair from 4 points to 6. ``"cap"`` (decision): the word
    has five letters, so the score stops at 5 and the game is won.
    ``"count"``: the points are added as they come (breaks the 0..5 range)."""

    stock_out: Literal["reshuffle", "end"] = "reshuffle"
    """When the stock has too few cards for new hands (the source is silent).
    ``"reshuffle"`` (decision): the cards put aside are shuffled under the
    stock. ``"end"``: the game ends there and the higher score wins."""

    swap_after_gesture: bool = False
    """Whether a player who has made the gesture may still swap. The source
    says nothing (decision): ``false``, he keeps his four until his hand is
    replaced, so the gesture stays true while his partner can act on it.
    ``true``: he may swap them away, and the gesture he made may no longer
    be true."""

    stall_limit: int = setting(0, range=(0, 1000), sweep=(4, 5, 12))
    """A house rule, not in the source: after this many turns in a row with no
    call (swaps and passes) the hands are thrown in and dealt again, as when
    nobody wants to swap. 0: no limit (the source); then swapping can go on
    for ever. (Swept at 4, the least allowed, where the limit meets the four
    passes of a redeal, at 5 and at the preset's 12.)"""

    def __post_init__(self):
        if self.stall_limit and self.stall_limit < 4:
            raise VariantError("stall_limit", f"{self.stall_limit} turns would cut short a round of four passes",
                               "0 (no limit) or at least 4")


#: Named variants (``--variant NAME``).
PRESETS = {
    "standard": {"wrong_call_to": "opponents"},
    "house_limit": {"stall_limit": 12, "stock_out": "end"},
}


# ------------------------------------------------------------------- moves

@move("take {take} give {give}")
class Swap:
    take: Card
    give: Card


@move("pass")
class Pass:
    pass


@move("signal")
class Signal:
    pass


@move("kemps P{suspect}")
class Kemps:
    suspect: int


@move("double kemps P{first} P{second}")
class DoubleKemps:
    first: int
    second: int


PASS, SIGNAL = Pass(), Signal()
PASSES, SIGNALS = (PASS,), (SIGNAL,)
DECK = make_deck("52")
#: ``SWAP[take][give]``, built once: moves are frozen records
SWAP = {t: {g: Swap(t, g) for g in DECK if g != t} for t in DECK}
KEMPS = {q: Kemps(q) for q in range(4)}
DOUBLE = {(a, b): DoubleKemps(a, b) for a in range(4) for b in range(4)}
#: each seat's calls, in a stable order: single calls on the others, then double calls on two of them in seat order
SINGLE_CALLS = {p: tuple(KEMPS[q] for q in range(4) if q != p) for p in range(4)}
DOUBLE_CALLS = {p: tuple(DOUBLE[ab] for ab in combinations([q for q in range(4) if q != p], 2)) for p in range(4)}
CALLS = {p: SINGLE_CALLS[p] + DOUBLE_CALLS[p] for p in range(4)}


# ------------------------------------------------------------------- state

@dataclass(frozen=True)
class State:
    """``table``: the four open cards, by position. ``stock[0]`` is its top card.
    ``scores``: partnership 0 (P0 and P2) and partnership 1 (P1 and P3).
    ``signals[p]``: player ``p`` has made the gesture with his current hand.
    ``passes``: passes in a row; ``quiet``: turns in a row with no call (kept
    only under ``stall_limit``). ``last``: the last call or redeal, for the log."""

    hands: tuple[tuple[Card, ...], ...]
    table: tuple[Card, ...]
    stock: tuple[Card, ...]
    discards: tuple[Card, ...]
    to_move: int
    scores: tuple[int, int]
    seed: int
    signals: tuple[bool, ...] = (False,) * 4
    passes: int = 0
    quiet: int = 0
    restocks: int = 0
    ended: bool = False
    last: tuple = ()


# ----------------------------------------------------------------- clauses

CLAUSES.note("kemps-players", "Four players, two partnerships; partners sit opposite (P0 with P2, P1 with P3: "
             "a decision)", "spec.games.kemps.partnership",
             unchecked="the seating is metadata: four players only, and every property reads teams from partnership()")
CLAUSES.note("kemps-deck", "A 52-card deck, ranks 2 to ace; only equal ranks matter",
             "spec.games.kemps.STATED_RANKS")
CLAUSES.note("kemps-gesture", "Before play, partners agree on a gesture meaning 'I hold four of a kind'",
             unchecked="an agreement at the table; what it means is clause kemps-signal")
CLAUSES.note("kemps-dealer", "The dealer is chosen by lot or as the players like; cardspec seats him at P0",
             unchecked="choosing the dealer is an agreement at the table: nothing to check")


def partnership(player: int) -> int:
    """Partners sit opposite: P0 and P2 are partnership 0, P1 and P3 partnership 1."""
    return player % 2


def partner(player: int) -> int:
    return (player + 2) % 4


def four_of_a_kind(hand: tuple[Card, ...]) -> bool:
    """Four cards of one rank (hands are kept sorted by rank, so the ends tell)."""
    return len(hand) == HAND and hand[0].rank == hand[-1].rank


@CLAUSES.rule("kemps-deal", "Four cards each, dealt from the dealer's left, then four cards face up in the "
              "middle; the rest is the face-down stock")
def deal_cards(cards: tuple[Card, ...]) -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...], tuple[Card, ...]]:
    hands, rest = draw_hands(cards, first_player())
    return hands, rest[:OPEN], rest[OPEN:]


def draw_hands(stock: tuple[Card, ...], first: int, seats: tuple[int, ...] = (0, 1, 2, 3)):
    """Four cards to each of ``seats``, one at a time from seat ``first`` on; the rest of the stock."""
    order = sorted(seats, key=lambda p: (p - first) % 4)
    got: dict[int, list[Card]] = {p: [] for p in order}
    k = 0
    for _ in range(HAND):
        for p in order:
            got[p].append(stock[k])
            k += 1
    return {p: tuple(sorted(h, key=_HAND_KEY)) for p, h in got.items()}, stock[k:]


@CLAUSES.rule("kemps-first", "The player on the dealer's left moves first")
def first_player() -> int:
    return (DEALER + 1) % 4


@CLAUSES.rule("kemps-turn", "Turns pass clockwise; a call takes the caller's turn, a gesture does not")
def next_player(player: int) -> int:
    return (player + 1) % 4


@CLAUSES.rule("kemps-pass", "A player may decline to swap", offers=Pass, refused="P{player} may always pass")
def may_pass(game, state) -> tuple[Pass, ...]:
    return PASSES


def _signal_refused(game, state, move) -> str:
    p = state.to_move
    if state.signals[p]:
        return Msg("P{player} has already signalled this hand", player=p)
    return Msg("P{player} does not hold four of a kind, so has nothing to signal", player=p)


@CLAUSES.rule("kemps-signal", "Only a player holding four of a kind makes the gesture, once for that hand; "
              "only his partner sees it", offers=Signal, refused=_signal_refused)
def signal_four(game, state) -> tuple[Signal, ...]:
    p = state.to_move
    return SIGNALS if not state.signals[p] and four_of_a_kind(state.hands[p]) else ()


def _swap_refused(game, state, move) -> tuple[str, str]:
    """Which swapping clause refuses ``move``: the card taken is not open, the card given is not the
    player's, or the player keeps his four after the gesture."""
    p = state.to_move
    if move.take not in state.table:
        open_cards = " ".join(map(str, state.table))
        return "kemps-swap-table", Msg("{card} is not on the table; the open cards are {cards}", card=str(move.take),
                                       cards=open_cards)
    if move.give not in state.hands[p]:
        return "kemps-swap-hand", Msg("P{player} does not hold {card}", player=p, card=str(move.give))
    return "kemps-swap-signalled", Msg("P{player} has signalled four of a kind and keeps them: pass or call instead",
                                       player=p)


@CLAUSES.rule("kemps-swap-table", "A swap takes one of the four open cards", offers=Swap, refused=_swap_refused)
def swap_takes_open_card(game, state) -> tuple[Swap, ...]:
    """Each open card, in table order, for each card of the player's own, in hand order; nothing after
    his gesture (:func:`swap_not_after_signal`)."""
    if not swap_not_after_signal(game.rules, state):
        return ()
    give = itemgetter(*state.hands[state.to_move])  # each open card's row of swaps, read four at a time
    a, b, c, d = state.table
    return give(SWAP[a]) + give(SWAP[b]) + give(SWAP[c]) + give(SWAP[d])


CLAUSES.note("kemps-swap-hand", "The card put in its place is one of the player's own",
             "spec.games.kemps.swap_takes_open_card")


@CLAUSES.rule("kemps-swap-signalled", "A player who has made the gesture keeps his four (a decision: the "
              "gesture says he holds them; swap_after_gesture lets him swap)")
def swap_not_after_signal(rules: Rules, state: State) -> bool:
    """Whether the player to move may swap: not once he has made the gesture with this hand, unless
    ``swap_after_gesture`` allows it."""
    return rules.swap_after_gesture or not state.signals[state.to_move]


def _call_refused(game, state, move) -> str:
    others = ", ".join(f"P{q}" for q in range(4) if q != state.to_move)
    return Msg("P{player} calls Kemps on another player: {others}", player=state.to_move, others=others)


@CLAUSES.rule("kemps-call", "A player calls Kemps on one other player, partner or opponent", offers=Kemps,
              refused=_call_refused)
def call_other(game, state) -> tuple[Kemps, ...]:
    return SINGLE_CALLS[state.to_move]


def _double_refused(game, state, move) -> str:
    p, a, b = state.to_move, move.first, move.second
    if a not in range(4) or b not in range(4) or p in (a, b):
        return Msg("P{player} names two other players: {others}", player=p,
                   others=", ".join(f"P{q}" for q in range(4) if q != p))
    return Msg("name the two suspects in seat order: {move}", move=str(DOUBLE[min(a, b), max(a, b)]))


@CLAUSES.rule("kemps-double", "Double Kemps names two other players", offers=DoubleKemps, refused=_double_refused)
def double_others(game, state) -> tuple[DoubleKemps, ...]:
    return DOUBLE_CALLS[state.to_move]


@CLAUSES.rule("kemps-score", "A right call scores 1 point (double: 2) for the caller's side; a wrong single "
              "call scores 1 for the suspect's side, a wrong double 2 for the caller's opponents")
def call_award(rules: Rules, caller: int, suspects: tuple[int, ...], right: bool) -> tuple[int, int]:
    """(partnership, points) won by a call."""
    points = CALL_POINTS[len(suspects)]
    if right:
        return partnership(caller), points
    if len(suspects) == 1 and rules.wrong_call_to == "suspect":
        return partnership(suspects[0]), points
    return 1 - partnership(caller), points


@CLAUSES.rule("kemps-cap", "A score is at most 5: the letters K-E-M-P-S")
def add_points(rules: Rules, scores: tuple[int, int], team: int, points: int) -> tuple[int, int]:
    new = scores[team] + points
    if rules.overflow == "cap":
        new = min(new, TARGET)
    return (new, scores[1]) if team == 0 else (scores[0], new)


@CLAUSES.rule("kemps-new-hand", "After a call the suspect's cards are put aside and he gets four new ones "
              "from the stock")
def replace_hands(game, state: State, seats: tuple[int, ...]) -> State | None:
    """The state with ``seats``' hands put aside and dealt again (``None``: the game ends, stock out)."""
    # the cards put aside before this call or redeal: the stock and they always hold 32 cards
    restocked = restock(game.rules.stock_out, state.seed, state.restocks, state.stock, state.discards,
                        HAND * len(seats))
    if restocked is None:
        return None
    stock, discards, restocks = restocked
    discards += tuple(c for p in seats for c in state.hands[p])
    got, stock = draw_hands(stock, first_player(), seats)
    hands = tuple(got.get(p, h) for p, h in enumerate(state.hands))
    signals = tuple(s and p not in seats for p, s in enumerate(state.signals))
    return State(hands, state.table, stock, discards, state.to_move, state.scores, state.seed, signals,
                 0, 0, restocks, False, state.last)


@CLAUSES.rule("kemps-stock-out", "When the stock is short, the cards put aside so far are shuffled under it "
              "before the new hands are dealt (a decision; stock_out = 'end' ends the game instead)")
def restock(rule: str, seed: int, restocks: int, stock: tuple[Card, ...], discards: tuple[Card, ...], need: int):
    """The stock, the cards put aside and the number of reshuffles so far, before ``need`` new cards are
    dealt: as they are while the stock holds enough; when it is short, the cards put aside shuffled under
    it (``None`` under ``stock_out = "end"``: the game ends there)."""
    if len(stock) >= need:
        return stock, discards, restocks
    if rule == "end":
        return None
    pile = list(discards)
    rng_for(seed, 1, restocks).shuffle(pile)
    return stock + tuple(pile), (), restocks + 1


@CLAUSES.rule("kemps-redeal", "When nobody wants to swap (four passes in a row), every hand is thrown in "
              "and four new cards are dealt to each")
def everyone_passed(passes: int) -> bool:
    return passes >= 4


@CLAUSES.rule("kemps-stall", "House rule (stall_limit): after that many turns in a row with no call, the "
              "hands are thrown in and dealt again")
def stalled(rules: Rules, quiet: int) -> bool:
    return bool(rules.stall_limit) and quiet >= rules.stall_limit


@CLAUSES.rule("kemps-win", "The first partnership to spell KEMPS (5 points) wins; if the game ends "
              "otherwise (stock_out = 'end'), the higher score wins or it is a draw")
def winning_side(scores: tuple[int, int], ended: bool) -> int | None:
    """0 or 1 for a winning partnership, -1 for a draw, ``None`` while the game goes on."""
    for team in (0, 1):
        if scores[team] >= TARGET:
            return team
    if ended:
        return 0 if scores[0] > scores[1] else 1 if scores[1] > scores[0] else -1
    return None


# -------------------------------------------------------------------- game

class KempsGame(Game[State, Swap | Pass | Signal | Kemps | DoubleKemps]):
    info = INFO
    Rules = Rules
    move_kinds = (Pass, Signal, DoubleKemps, Kemps, Swap)
    over_clause = "kemps-win"

    def deck(self):
        return DECK

    def deal(self, seed: int) -> State:
        cards = list(DECK)
        rng_for(seed).shuffle(cards)
        hands, table, stock = deal_cards(tuple(cards))
        return State(tuple(hands[p] for p in range(4)), table, stock, (), first_player(), (0, 0), seed)

    def position(self, hands: Sequence[Sequence[Card] | str], table: Sequence[Card] | str, *,
                 stock: Sequence[Card] | str | None = None, discards: Sequence[Card] | str = (),
                 to_move: int | None = None, scores: tuple[int, int] = (0, 0),
                 signals: Sequence[bool] = (False,) * 4, passes: int = 0, quiet: int = 0, restocks: int = 0,
                 ended: bool = False, last: tuple = (), seed: int = 0) -> State:
        """A position of the swapping: the four hands, the open cards, the stock and the score. How the
        verifier's small configurations and call situations, and the tests, set up play.

        ``hands``: the four hands by seat (kept in rank order, as in play). ``table``: the four open
        cards, by position. ``stock``: face down, its top card (the next dealt) first; default every
        card named nowhere else, in the deck's order. ``discards``: the cards put aside. ``to_move``:
        default P1, on the dealer's left. ``scores``: the partnerships' letters, P0/P2's first.
        ``signals``: the players who have made the gesture with their hands. ``passes``: passes in a
        row; ``quiet``: turns in a row with no call (under ``stall_limit``); ``restocks``: reshuffles
        so far; ``ended``: the game stopped with the stock out; ``last``: the last call or redeal, for
        the log. ``seed``: the game's, for reshuffles. Cards are :class:`~spec.cards.Card` values or
        card notation; a card named twice, or not of the 52, raises ``ValueError``
        (:func:`~spec.cards.check_named_once`)."""
        hands = tuple(tuple(sorted(as_cards(h), key=_HAND_KEY)) for h in hands)
        table, discards = as_cards(table), as_cards(discards)
        named = (*hands, table, discards)
        if stock is None:  # the rest of the deck
            stock = [c for c in DECK if all(c not in cards for cards in named)]
        stock = as_cards(stock)
        check_named_once(DECK, *named, stock)
        return State(hands, table, stock, discards, first_player() if to_move is None else to_move, tuple(scores),
                     seed, tuple(signals), passes, quiet, restocks, ended, last)

    def to_move(self, state):
        return None if self.is_over(state) else state.to_move

    def is_over(self, state):
        return winning_side(state.scores, state.ended) is not None

    def apply(self, state, move):
        kind = type(move)
        if kind is Swap:
            return self._quiet_turn(self._swap(state, move), passes=0)
        if kind is Pass:
            return self._quiet_turn(state, passes=state.passes + 1)
        if kind is Signal:
            p = state.to_move
            signals = state.signals[:p] + (True,) + state.signals[p + 1:]
            return State(state.hands, state.table, state.stock, state.discards, p, state.scores, state.seed,
                         signals, state.passes, state.quiet, state.restocks, state.ended)
        return self._call(state, (move.suspect,) if kind is Kemps else (move.first, move.second))

    def _swap(self, state, move):
        p = state.to_move
        hand = tuple(sorted([c for c in state.hands[p] if c != move.give] + [move.take], key=_HAND_KEY))
        i = state.table.index(move.take)
        return State(state.hands[:p] + (hand,) + state.hands[p + 1:],
                     state.table[:i] + (move.give,) + state.table[i + 1:], state.stock, state.discards,
                     p, state.scores, state.seed, state.signals, state.passes, state.quiet, state.restocks)

    def _quiet_turn(self, state, passes):
        quiet = state.quiet + 1 if self.rules.stall_limit else 0
        nxt = next_player(state.to_move)
        if everyone_passed(passes) or stalled(self.rules, quiet):
            new = replace_hands(self, state, (0, 1, 2, 3))
            if new is None:
                return replace(state, to_move=nxt, passes=passes, quiet=quiet, ended=True, last=("stock out",))
            return replace(new, to_move=nxt, last=("redeal",))    # new hands: no passes or quiet turns yet
        return State(state.hands, state.table, state.stock, state.discards, nxt, state.scores, state.seed,
                     state.signals, passes, quiet, state.restocks)

    def _call(self, state, suspects):
        p = state.to_move
        right = all(four_of_a_kind(state.hands[q]) for q in suspects)
        team, points = call_award(self.rules, p, suspects, right)
        scores = add_points(self.rules, state.scores, team, points)
        last = ("call", p, suspects, right, team, points)
        nxt = next_player(p)
        scored = State(state.hands, state.table, state.stock, state.discards, nxt, scores, state.seed,
                       state.signals, 0, 0, state.restocks, False, last)
        if winning_side(scores, False) is not None:
            return scored  # the word is spelt: no new cards are needed
        new = replace_hands(self, scored, suspects)
        if new is None:
            return replace(scored, ended=True, last=last + ("stock out",))
        return new

    def outcome(self, state):
        side = winning_side(state.scores, state.ended)
        if side == -1:
            return Outcome(draw=True, scores=state.scores, returns=(0,) * 4)
        winners = tuple(p for p in range(4) if partnership(p) == side)
        losers = tuple(p for p in range(4) if partnership(p) != side)
        return Outcome(winners=winners, losers=losers, scores=state.scores,
                       returns=tuple(1 if partnership(p) == side else -1 for p in range(4)))

    def zones(self, state):
        z = {f"hand {p}": h for p, h in enumerate(state.hands)}
        z["table"] = state.table
        z["stock"] = state.stock
        z["discards"] = state.discards
        return z

    def hidden_zones(self, state, player):
        return frozenset(z for z in ("hand 0", "hand 1", "hand 2", "hand 3", "stock", "discards")
                         if z != f"hand {player}")

    def resample_hidden(self, state, player, rng):
        """After the hidden cards are dealt afresh, what ``player`` cannot know of the gestures. A partner
        who has made the gesture keeps his four (unless ``swap_after_gesture``): he is given the four
        cards of a rank the player sees none of, drawn at random and swapped into his hand. An
        opponent's gesture is never seen: one holding four of a kind in his redrawn hand has made it
        or not, even odds; one without has not (rule ``kemps-signal``). Hands are kept by rank."""
        mate = partner(player)
        if state.signals[mate] and not self.rules.swap_after_gesture:
            zones, hidden = self.zones(state), self.hidden_zones(state, player)
            unseen = [c for z in sorted(hidden) for c in zones[z]]
            ranks = sorted({c.rank for c in unseen if sum(d.rank == c.rank for d in unseen) == HAND})
            rank = ranks[rng.randrange(len(ranks))]
            hand = state.hands[mate]
            four = [c for c in unseen if c.rank == rank and c not in hand]
            given = [c for c in hand if c.rank != rank]
            state = self.relabel(state, {**dict(zip(four, given)), **dict(zip(given, four))})
        hands = tuple(tuple(sorted(h, key=_HAND_KEY)) for h in state.hands)
        signals = tuple(s if q in (player, mate) else four_of_a_kind(hands[q]) and rng.random() < 0.5
                        for q, s in enumerate(state.signals))
        return replace(state, hands=hands, signals=signals)

    def observe(self, state, player):
        """The default view (own hand, open cards, sizes of the rest), the scores and the calls, and the
        gestures the player can see: his own and his partner's, never an opponent's."""
        seen = tuple(state.signals[q] if q in (player, partner(player)) else None for q in range(4))
        return super().observe(state, player) + (state.scores, seen, state.passes, state.quiet,
                                                 state.ended, state.last)

    def max_plays(self):
        # Only with the house limit and no reshuffle: the stock (32 cards) never grows and every call or
        # redeal takes at least 4 cards from it, so at most 9 of them; between two of them come at most
        # stall_limit swaps and passes and 4 gestures (one per player: a gesture is made once for a hand,
        # and hands change only at a call or redeal).
        if self.rules.stall_limit and self.rules.stock_out == "end":
            events = (len(DECK) - HAND * 4 - OPEN) // HAND + 1
            return events * (self.rules.stall_limit + 4 + 1)
        return None

    def describe_move(self, state):
        last = state.last
        if not last:
            return ""
        text = ""
        if last[0] == "call":
            _, p, suspects, right, team, points = last[:6]
            if len(suspects) == 1:
                q = suspects[0]
                verdict = (Msg("P{player} holds four of a kind", player=q) if right
                           else Msg("wrong: P{player} does not hold four of a kind", player=q))
            else:
                a, b = suspects
                verdict = (Msg("P{first} and P{second} hold four of a kind", first=a, second=b) if right
                           else Msg("wrong: P{first} and P{second} do not hold four of a kind", first=a, second=b))
            parts = [verdict, Msg("+{points} to P{first}/P{second}", points=points, first=team, second=team + 2),
                     ", ".join(f"P{t}/P{t + 2} {WORD[:s] or '-'}" for t, s in enumerate(state.scores))]
            if len(last) > 6:
                parts.append(Msg("the stock is out"))
            text = Msg.join("; ", parts)
        elif last[0] == "redeal":
            text = Msg("nobody swaps: every hand thrown in and dealt again")
        elif last[0] == "stock out":
            text = Msg("nobody swaps, and the stock is out")
        if self.is_over(state):
            out = self.outcome(state)
            text = (Msg("{log}; draw", log=text) if out.draw
                    else Msg("{log}; P{first} and P{second} win", log=text, first=out.winners[0],
                             second=out.winners[1]))
        return text

    def describe(self, state):
        sig = " ".join(f"P{p}" for p, s in enumerate(state.signals) if s)
        parts = [Msg("P{player}: {cards}", player=p, cards=" ".join(map(str, h))) for p, h in enumerate(state.hands)]
        parts += [Msg("table {cards}", cards=" ".join(map(str, state.table))),
                  Msg("scores {first}-{second}", first=state.scores[0], second=state.scores[1])]
        if sig:
            parts.append(Msg("gestures {players}", players=sig))
        return Msg.join("; ", parts)


GAME = KempsGame
