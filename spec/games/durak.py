"""Durak (Дурак): the attack-and-defence shedding game, and its variants.

Source: ``001_55360323bc916247.txt``, "Простой дурак", "Подкидной дурак",
"Переводной дурак", "Наваленный дурак", "Оборотный дурак", "Японский дурак"
(lines 127-165); catalogue entries of ``000_c16f26f3ff8231c5.txt``
("Дурак японский - A", "Дурак английский - Г", "Дурак оборотный").

Players try to shed their cards. In each *bout* one player attacks the next
with one card or several of one rank; the defender beats every attacking
card or takes them all. Everyone then draws back to six, attacker first and
defender last, until the stock (trump card included) is gone. The last
player left holding cards is the *durak* (the fool).

The defaults are the source's simple Durak; the variants are rules fields,
and :data:`PRESETS` names the source's six variants (plus the catalogue's
"English" pairs-only lead).

Representation: a card is an integer id and a hand a bit mask (see
:mod:`spec.bouts`); moves are small tuples, written in the text notation
``attack 7♠ 7♥``, ``beat 7♠ with 9♠``, ``take``, ``throw 8♦``,
``transfer 7♦`` and ``pass``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from spec.bouts import (
    OPEN, RANK_MASK, SAME_RANK, BeatRule, bit, card_of, cards_of, deck_mask, draw_order, draw_up,
    format_mask, ids_of, lead_options, lowest_trump_holder, next_seat_with_cards, parse_card_id,
    table_mask, table_rank_mask,
)
from spec.cards import Card, Suit, format_card
from spec.clauses import ClauseBook
from spec.engine import Game, GameInfo, Outcome, Source
from spec.errors import IllegalMove, NotationError, VariantError
from spec.rules import setting

INFO = GameInfo(
    id="durak",
    name_en="Durak",
    name_ru="Дурак",
    min_players=2,
    max_players=6,
    deck="36",
    family="beating",
    chance=True,
    hidden_information=True,
    zero_sum=True,  # one loser (or nobody), no stakes in the source
    source=Source(file="001_55360323bc916247.txt",
                  title="Простой / Подкидной / Переводной / Наваленный / Оборотный / Японский дурак",
                  lines="127-165"),
)

CLAUSES = ClauseBook(INFO.id)

# ------------------------------------------------------------------- rules


@dataclass(frozen=True, kw_only=True)
class Rules:
    """Parameters of Durak. The defaults are the source's simple Durak (Простой дурак)."""

    deck_size: int = setting(36, range=(8, 52))
    """Cards in the deck: the top ``deck_size / 4`` ranks of each suit. Source: 36
    (six to ace). Smaller decks (12, 16) are for exhaustive checks."""

    hand_size: int = setting(6, range=(1, 13))
    """Cards dealt to each player and drawn back to. Source: six."""

    throw_in: Literal["on_take", "always", "none"] = "on_take"
    """When other players may throw in (подкидывать) cards of ranks already on
    the table. ``on_take``: only onto a defender who takes (simple Durak: the
    source forbids throwing in only once the defender has beaten everything).
    ``always``: also while the defender is beating (throw-in Durak, Подкидной).
    ``none``: never (the issue's summary of simple Durak; a reading, not the source)."""

    throw_in_timing: Literal["while_beating", "after_cover"] = "while_beating"
    """When throw-ins may come in a game that allows them while the defender beats
    (``throw_in = "always"``). ``while_beating`` (source, Подкидной: players throw in
    *while* the defender is beating): the throwers are asked after each beat, even
    with attacking cards still open. ``after_cover``: only once every attacking card
    is covered (the engine before this option; the other reading)."""

    throw_in_by: Literal["all", "attacker"] = "all"
    """Who may throw in (a decision; the source does not say). ``all``: every player
    except the defender, asked in turn from the attacker round the table.
    ``attacker``: only the player attacking the defender."""

    max_bout_cards: int = setting(0, range=(0, 52))
    """A fixed cap on the attacking cards of one bout, 0 for none (a decision: the
    source's only limit is the defender's hand; 6 is a common house rule)."""

    take: Literal["if_unable", "any_time"] = "if_unable"
    """When the defender may take. Source: he must beat every card, and takes
    only when he cannot beat some card (``if_unable``: then taking is his only
    choice, transfer aside). ``any_time``: taking is always allowed (common practice)."""

    transfer: bool = False
    """Transfer Durak (Переводной): before beating anything the defender may lay a
    card of the attacking rank and pass the whole attack to the next player."""

    all_dealt: bool = False
    """All-dealt Durak (Наваленный): the whole deck is dealt at once; no stock."""

    reversed: bool = False
    """Reversed Durak (Оборотный): each player sees every hand but his own. A
    player may then lay any card as a beat, transfer or throw-in; a wrong one
    makes him take all the cards of the bout (see ``durak-reversed-penalty``)."""

    trump: Literal["turned", "diamonds"] = "turned"
    """The trump suit. ``turned``: the card after the deal is turned face up
    (source). ``diamonds``: diamonds are always trump (Japanese Durak, Японский)."""

    spades_by_spades: bool = False
    """Japanese Durak: a spade can be beaten only by a higher spade (not by a trump)."""

    lead: Literal["one_rank", "pair", "pairs_and_one"] = "one_rank"
    """What an attack may be. ``one_rank``: one card or several of one rank
    (source). ``pair``: exactly two cards of one rank; a player without one
    passes the attack on (catalogue, "Дурак английский - Г"). ``pairs_and_one``:
    one card, a pair and one card, or two pairs and one card, all of different
    ranks (catalogue, "Дурак простой - В")."""

    first_attacker: Literal["lowest_trump", "previous_winner"] = "lowest_trump"
    """Who attacks first. Source: in the first game the holder of the lowest trump,
    in later games the winner of the previous game (``previous_winner``: seat
    ``previous_winner``; the winner is defined in ``durak-winner``)."""

    previous_winner: int = setting(0, range=(0, 5))
    """The seat of the previous game's winner, used when ``first_attacker`` is
    ``previous_winner``."""

    all_out: Literal["draw", "defender_loses"] = "draw"
    """When the last players run out of cards in the same bout (a decision; the
    source is silent). ``draw``: nobody is the durak. ``defender_loses``: the
    defender of that last bout is the durak."""

    def __post_init__(self) -> None:
        if self.deck_size % 4:
            raise VariantError("deck_size", f"{self.deck_size} is not a whole number of ranks",
                               "a multiple of 4 from 8 to 52")
        if 2 * self.hand_size > self.deck_size:
            raise VariantError("hand_size", f"two hands of {self.hand_size} need more than "
                               f"{self.deck_size} cards", f"at most {self.deck_size // 2}")


#: Named variants: ``cardspec play durak --variant throw_in``.
PRESETS: dict[str, dict] = {
    "simple": {},
    "throw_in": {"throw_in": "always"},
    "throw_in_after_cover": {"throw_in": "always", "throw_in_timing": "after_cover"},
    "transfer": {"throw_in": "always", "transfer": True},
    "all_dealt": {"all_dealt": True},
    "reversed": {"throw_in": "always", "reversed": True},
    "japanese": {"throw_in": "always", "trump": "diamonds", "spades_by_spades": True},
    "english_pairs": {"lead": "pair"},
    "simple_v": {"lead": "pairs_and_one"},
}

#: Settings that records saved before a rules field existed were played under
#: (the record loader applies them to records without a format version): the
#: engine before ``throw_in_timing`` let throwers in only once every card was covered.
LEGACY_DEFAULTS: dict[str, object] = {"throw_in_timing": "after_cover"}

# phases
LEAD, DEFEND, THROW, OVER = 0, 1, 2, 3
PHASE_NAMES = ("lead", "defend", "throw in", "over")

# moves: plain tuples
TAKE = ("t",)
PASS = ("p",)
# the beat, throw-in and transfer moves, made once (legal_moves hands out the same objects)
_BEATS = tuple(tuple(("b", a, c) for c in range(52)) for a in range(52))
_THROWS = tuple(("i", c) for c in range(52))
_TRANSFERS = tuple(("x", c) for c in range(52))
_NO_CAP = 99


# ------------------------------------------------------------------- state

@dataclass(frozen=True)
class State:
    """A position. Cards are ids and hands bit masks (:mod:`spec.bouts`).

    ``stock[0]`` is the top card and ``stock[-1]`` the turned trump card.
    ``table`` holds ``(attack, cover)`` pairs, cover :data:`~spec.bouts.OPEN`
    while unbeaten. ``lead`` opened the bout (drawing starts with him);
    ``attacker`` attacks the current defender (the last transferer after a
    transfer). ``limit`` is the most attacking cards the bout may hold.
    ``finished`` lists the players who went out, in order. ``ranks`` is the mask
    of every card whose rank is on the table (what may be thrown in).
    """

    hands: tuple[int, ...]
    stock: tuple[int, ...]
    discard: int
    table: tuple[tuple[int, int], ...]
    phase: int
    lead: int
    attacker: int
    defender: int
    limit: int
    thrower: int
    taking: bool
    finished: tuple[int, ...]
    trump: Suit
    trump_card: int
    ranks: int = 0


_new = object.__new__
_setattr = object.__setattr__


def _make(d: dict) -> State:
    """Build a state from a field dict (a fast path for ``apply``)."""
    s = _new(State)
    _setattr(s, "__dict__", d)
    return s


# ----------------------------------------------------------------- clauses

CLAUSES.note("durak-players", "2 to 6 players with a 36-card deck (six to ace)", "spec.games.durak.Rules")


@CLAUSES.rule("durak-deal", "Six cards each, dealt one at a time round the table from seat 0; "
              "all-dealt: the whole deck")
def deal_sizes(rules: Rules, players: int) -> int:
    """How many cards are dealt in all (one at a time, seat 0 first)."""
    deck = rules.deck_size
    return deck if rules.all_dealt else min(deck, rules.hand_size * players)


@CLAUSES.rule("durak-trump", "The next card is turned face up as trump and lies under the stock, drawn "
              "last; if no card is left, the last card dealt shows the trump")
def turn_trump(rules: Rules, rest: Sequence[int], last_dealt: int) -> tuple[Suit, int, tuple[int, ...]]:
    """(trump suit, shown card or -1, stock) after the deal."""
    if rules.trump == "diamonds":
        return Suit.DIAMONDS, -1, tuple(rest)
    if rest:
        return card_of(rest[0]).suit, rest[0], tuple(rest[1:]) + (rest[0],)
    return card_of(last_dealt).suit, last_dealt, ()


@CLAUSES.rule("durak-beat", "A card is beaten by a higher card of its suit or by a trump; Japanese: "
              "spades only by higher spades")
def beat_rule(rules: Rules, trump: Suit) -> BeatRule:
    own = frozenset({Suit.SPADES}) if rules.spades_by_spades else frozenset()
    return BeatRule(trump, own)


@CLAUSES.rule("durak-first-attack", "The holder of the lowest trump attacks first (seat 0 if nobody holds "
              "one); in later games the previous winner")
def first_attacker(rules: Rules, hands: Sequence[int], trump: Suit) -> int:
    if rules.first_attacker == "previous_winner":
        return rules.previous_winner
    seat = lowest_trump_holder(hands, trump)
    return 0 if seat < 0 else seat


@CLAUSES.rule("durak-attack-limit", "A bout never holds more attacking cards than the defender held when "
              "it began (or was transferred to him), nor more than the fixed cap")
def attack_limit(rules: Rules, defender_hand: int) -> int:
    cap = rules.max_bout_cards or _NO_CAP
    return min(defender_hand.bit_count(), cap)


@CLAUSES.rule("durak-lead", "An attack is one card, or several cards of one rank; English: exactly a pair; "
              "simple-V: one card, a pair and a card, or two pairs and a card")
def legal_leads(rules: Rules, hand: int, limit: int) -> list[int]:
    """Every allowed attack, as card masks."""
    if rules.lead == "pair":
        return lead_options(hand, limit, (2,))
    if rules.lead == "pairs_and_one":
        return pairs_and_one_leads(hand, limit)
    return lead_options(hand, limit)


def pairs_and_one_leads(hand: int, limit: int) -> list[int]:
    """"Дурак простой - В": one card; a pair and one card; two pairs and one card.

    The pairs and the single card are of different ranks (a decision: the
    catalogue lists the shapes only). Ordered by size, then by the masks.
    """
    singles = ids_of(hand)
    out = [1 << c for c in singles]
    if limit < 3:
        return out
    pairs = lead_options(hand, 2, (2,))
    threes, fives = [], []
    for i, p in enumerate(pairs):
        for c in singles:
            if not p & SAME_RANK[c]:
                threes.append(p | 1 << c)
        if limit >= 5:
            for q in pairs[i + 1:]:
                if _same_rank(p, q):
                    continue
                for c in singles:
                    if not (p | q) & SAME_RANK[c]:
                        fives.append(p | q | 1 << c)
    return out + sorted(set(threes)) + sorted(set(fives))


def _same_rank(a: int, b: int) -> bool:
    return SAME_RANK[(a & -a).bit_length() - 1] == SAME_RANK[(b & -b).bit_length() - 1]


@CLAUSES.rule("durak-pair-pass", "English: a player who cannot lead a pair passes the attack to the next player")
def must_pass_lead(rules: Rules, leads: Sequence[int]) -> bool:
    return rules.lead == "pair" and not leads


@CLAUSES.rule("durak-take", "The defender must beat every card he can; if some card cannot be beaten "
              "he must take (any_time: he may always take)")
def may_take(rules: Rules, unable: bool) -> bool:
    return rules.take == "any_time" or unable or rules.reversed


@CLAUSES.rule("durak-throw-in", "Cards of a rank already on the table may be thrown in: onto a taking "
              "defender (simple) or also while he beats (throw-in: after each beat, or once all are covered)")
def may_throw_in(rules: Rules, taking: bool, open_cards: bool = False) -> bool:
    """Whether throw-ins are allowed now: ``taking`` once the defender has said he
    takes, ``open_cards`` while some attacking card is still unbeaten."""
    if rules.throw_in == "none":
        return False
    if taking:
        return True
    return rules.throw_in == "always" and (not open_cards or rules.throw_in_timing == "while_beating")


@CLAUSES.rule("durak-throwers", "Throwers are asked in turn from the attacker round the table, the "
              "defender skipped (or the attacker only)")
def thrower_order(rules: Rules, attacker: int, defender: int, players: int) -> tuple[int, ...]:
    if rules.throw_in_by == "attacker":
        return (attacker,)
    return tuple(p for p in ((attacker + k) % players for k in range(players)) if p != defender)


@CLAUSES.rule("durak-transfer", "Transfer: before beating anything, the defender may add a card of the "
              "attacking rank and pass the attack on, if the next player holds at least as many cards")
def may_transfer(rules: Rules, table: Sequence[tuple[int, int]], next_hand: int) -> bool:
    if not rules.transfer or not table or any(d != OPEN for _, d in table):
        return False
    if any(SAME_RANK[a] != SAME_RANK[table[0][0]] for a, _ in table):
        return False   # an attack of mixed ranks (simple-V leads) cannot be transferred
    n = len(table) + 1
    return next_hand.bit_count() >= n and n <= (rules.max_bout_cards or _NO_CAP)


@CLAUSES.rule("durak-reversed-penalty", "Reversed: a wrong beat, transfer or throw-in makes its player "
              "take every card of the bout, and the bout ends")
def is_wrong(rules: Rules, kind: str, card: int, table: Sequence[tuple[int, int]], target: int,
             beaters: Sequence[int]) -> bool:
    """Whether a beat of ``target`` (or a transfer / throw-in) with ``card`` breaks the rules."""
    if kind == "b":
        return not beaters[target] >> card & 1
    ranks = RANK_MASK[table[0][0] // 4 + 2] if kind == "x" else table_rank_mask(table)
    return not ranks >> card & 1


@CLAUSES.rule("durak-reversed-view", "Reversed: a player sees every hand but his own; otherwise only his own")
def visible_hands(rules: Rules, players: int, player: int) -> tuple[int, ...]:
    if rules.reversed:
        return tuple(p for p in range(players) if p != player)
    return (player,)


@CLAUSES.rule("durak-draw", "After the bout everyone draws back to six from the stock: the attacker "
              "first, round the table, the defender last")
def drawing_order(lead: int, defender: int, players: int) -> tuple[int, ...]:
    return draw_order(lead, defender, players)


@CLAUSES.rule("durak-out", "A player with no cards once the stock is gone is out")
def is_out(hand: int, stock: Sequence[int]) -> bool:
    return not hand and not stock


@CLAUSES.rule("durak-next-attacker", "After a discard the defender attacks next; after a pickup, the "
              "player after the one who took (players who are out are skipped)")
def next_attacker(hands: Sequence[int], defender: int, taker: int) -> int:
    if taker < 0:
        return defender if hands[defender] else next_seat_with_cards(defender, hands)
    return next_seat_with_cards(taker, hands)


@CLAUSES.rule("durak-end", "When at most one player holds cards the game ends: that player is the durak; "
              "if nobody does, the game is drawn (or the last defender loses)")
def result(rules: Rules, hands: Sequence[int], finished: Sequence[int], last_defender: int) -> Outcome:
    holding = [p for p, h in enumerate(hands) if h]
    if len(holding) == 1:
        return Outcome(losers=(holding[0],), winners=tuple(finished))
    if rules.all_out == "defender_loses":
        return Outcome(losers=(last_defender,), winners=tuple(p for p in finished if p != last_defender))
    return Outcome(draw=True)


@CLAUSES.rule("durak-winner", "The winner (who attacks first next game) is the first player out; "
              "players out in the same bout rank in drawing order")
def game_winner(state: State) -> int:
    return state.finished[0]


# -------------------------------------------------------------------- game

class Durak(Game[State, tuple]):
    info = INFO
    Rules = Rules

    def __init__(self, rules: Rules | None = None, *, players: int | None = None):
        super().__init__(rules, players=players)
        r = self.rules
        self._deck = deck_mask(r.deck_size)
        self._beaters = {s: beat_rule(r, s).beater_masks() for s in Suit}
        self._throwers = {(a, d): thrower_order(r, a, d, self.players)
                          for a in range(self.players) for d in range(self.players)}
        self._draw_orders = {(a, d): drawing_order(a, d, self.players)
                             for a in range(self.players) for d in range(self.players)}
        self._any_card = r.reversed
        self._hand_size = r.hand_size
        # the clauses' answers for each case, looked up once (random play is hot)
        self._take_anyway = may_take(r, False)
        self._take_if_unable = may_take(r, True)
        self._must_take = self._take_if_unable and not self._take_anyway
        self._throw_on_beat = may_throw_in(r, False)
        self._throw_on_take = may_throw_in(r, True)
        self._throw_while_open = may_throw_in(r, False, True)
        self._plain_leads = r.lead == "one_rank"

    # ------------------------------------------------------------ set-up
    def player_range(self) -> range:
        r = self.rules
        lo = r.previous_winner + 1 if r.first_attacker == "previous_winner" else 2
        hi = 6 if r.all_dealt else min(6, r.deck_size // r.hand_size)
        return range(max(2, lo), hi + 1)

    def deck(self) -> tuple[Card, ...]:
        return cards_of(self._deck)

    def deal(self, seed: int) -> State:
        r, n = self.rules, self.players
        cards = ids_of(self._deck)
        random.Random(seed).shuffle(cards)
        dealt = deal_sizes(r, n)
        hands = [0] * n
        for i in range(dealt):
            hands[i % n] |= bit(cards[i])
        trump, shown, stock = turn_trump(r, cards[dealt:], cards[dealt - 1])
        att = first_attacker(r, hands, trump)
        return self._bout_start(hands, stock, 0, (), att, trump, shown)

    def _bout_start(self, hands, stock, discard, finished, att, trump, shown) -> State:
        dfd = next_seat_with_cards(att, hands)
        return _make({"hands": tuple(hands), "stock": stock, "discard": discard, "table": (),
                      "phase": LEAD, "lead": att, "attacker": att, "defender": dfd,
                      "limit": self.bout_limit(hands[dfd]), "thrower": -1, "taking": False,
                      "finished": finished, "trump": trump, "trump_card": shown, "ranks": 0})

    def setup(self, hands: Sequence[str], stock: str = "", *, trump: Suit | None = None,
              attacker: int | None = None) -> State:
        """A position at the start of a bout, for examples and tests.

        ``hands`` and ``stock`` are card lists in notation (``stock`` top card
        first; its last card is the turned trump card unless ``trump`` is given).
        Every other card of the deck is in the discard. The attacker is chosen
        by ``durak-first-attack`` unless given.
        """
        from spec.cards import parse_cards
        from spec.bouts import card_id, mask_of
        hs = [mask_of(parse_cards(h)) for h in hands]
        if len(hs) != self.players:
            raise ValueError(f"give {self.players} hands")
        st = tuple(card_id(c) for c in parse_cards(stock))
        shown = st[-1] if st and trump is None else -1
        if trump is None:
            trump = card_of(st[-1]).suit if st else Suit.DIAMONDS
        used = 0
        for m in hs + [sum(1 << c for c in st)]:
            if used & m or m & ~self._deck:
                raise ValueError("a card is named twice or is not in the deck")
            used |= m
        att = first_attacker(self.rules, hs, trump) if attacker is None else attacker
        return self._bout_start(hs, st, self._deck & ~used, (), att, trump, shown)

    # -------------------------------------------------------------- flow
    def to_move(self, state: State) -> int | None:
        ph = state.phase
        if ph == LEAD:
            return state.attacker
        if ph == DEFEND:
            return state.defender
        if ph == THROW:
            return state.thrower
        return None

    def is_over(self, state: State) -> bool:
        return state.phase == OVER

    def legal_moves(self, state: State) -> tuple:
        ph = state.phase
        r = self.rules
        if ph == DEFEND:
            return self._defence_moves(state)
        if ph == THROW:
            t = state.thrower
            hand = state.hands[t]
            if len(state.table) < state.limit:
                cand = hand if self._any_card else hand & state.ranks
                moves = []
                while cand:
                    low = cand & -cand
                    moves.append(_THROWS[low.bit_length() - 1])
                    cand ^= low
                moves.append(PASS)
                return tuple(moves)
            return (PASS,)
        if ph == LEAD:
            if self._plain_leads:
                return tuple([("a", m) for m in lead_options(state.hands[state.attacker], state.limit)])
            leads = legal_leads(r, state.hands[state.attacker], state.limit)
            if must_pass_lead(r, leads):
                return (PASS,)
            return tuple([("a", m) for m in leads])
        return ()

    def _defence_moves(self, state: State) -> tuple:
        r = self.rules
        hand = state.hands[state.defender]
        table = state.table
        moves = []
        unable = False
        if self._any_card:
            cards = ids_of(hand)
            for a, d in table:
                if d == OPEN:
                    moves.extend([_BEATS[a][c] for c in cards])
        else:
            beaters = self._beaters[state.trump]
            forced = self._must_take
            for a, d in table:
                if d == OPEN:
                    m = hand & beaters[a]
                    if m:
                        row = _BEATS[a]
                        while m:
                            low = m & -m
                            moves.append(row[low.bit_length() - 1])
                            m ^= low
                    else:
                        unable = True
                        if forced:
                            break   # he must take: no need to list the beats
        if unable and self._must_take:
            moves = [TAKE]
        elif self._take_anyway or (unable and self._take_if_unable):
            moves.append(TAKE)
        if r.transfer and not state.taking:
            nxt = self.transfer_target(state)
            if nxt >= 0:
                cand = hand if self._any_card else hand & RANK_MASK[table[0][0] // 4 + 2]
                moves.extend([_TRANSFERS[c] for c in ids_of(cand)])
        return tuple(moves)

    def bout_limit(self, defender_hand: int) -> int:
        """The most attacking cards a bout against this hand may hold (``durak-attack-limit``)."""
        return attack_limit(self.rules, defender_hand)

    def transfer_target(self, state: State) -> int:
        """The player a transfer would pass the attack to now, or -1 if none is allowed."""
        nxt = next_seat_with_cards(state.defender, state.hands)
        if nxt >= 0 and may_transfer(self.rules, state.table, state.hands[nxt]):
            return nxt
        return -1

    def check_move(self, state: State, move: tuple) -> None:
        if move in self.legal_moves(state):
            return
        raise IllegalMove(self._diagnose(state, move), self._why(state, move), self._fmt(move))

    def _fmt(self, move) -> str:
        try:
            return self.format_move(move)
        except Exception:  # noqa: BLE001 - a malformed move still gets a message
            return repr(move)

    def _diagnose(self, state: State, move) -> str:
        kind = move[0] if isinstance(move, tuple) and move else None
        if state.phase == OVER:
            return "durak-end"
        if kind == "a":
            return "durak-attack-limit" if state.phase == LEAD and move[1].bit_count() > state.limit \
                and move[1] & ~state.hands[state.attacker] == 0 else "durak-lead"
        if kind == "b":
            return "durak-beat" if state.phase == DEFEND else "durak-take"
        if kind == "t":
            return "durak-take"
        if kind == "i":
            return "durak-throw-in"
        if kind == "x":
            return "durak-transfer"
        if kind == "p":
            return "durak-pair-pass" if state.phase == LEAD else "durak-throwers"
        return "durak-lead"

    def _why(self, state: State, move) -> str:
        who = self.to_move(state)
        if state.phase == OVER:
            return "the game is over"
        return f"not allowed for P{who} now ({PHASE_NAMES[state.phase]} phase)"

    # ------------------------------------------------------------- apply
    def apply(self, state: State, move: tuple) -> State:
        d = state.__dict__.copy()
        kind = move[0]
        if kind == "b":
            if self._any_card:
                self._beat(d, move[1], move[2])
            else:   # the common case, inline: cover ``a`` with ``c``
                a, c = move[1], move[2]
                q = d["defender"]
                hands = list(d["hands"])
                hands[q] &= ~(1 << c)
                d["hands"] = tuple(hands)
                table, still_open = [], False
                for x, y in d["table"]:
                    if x == a:
                        table.append((x, c))
                    else:
                        table.append((x, y))
                        if y < 0:
                            still_open = True
                d["table"] = tuple(table)
                d["ranks"] |= SAME_RANK[c]
                if not still_open:
                    self._all_covered(d)
                elif self._throw_while_open:
                    self._open_throw_window(d)
        elif kind == "i":
            self._throw(d, move[1])
        elif kind == "a":
            m = move[1]
            hands = list(d["hands"])
            hands[d["attacker"]] &= ~m
            d["hands"] = tuple(hands)
            cards = ids_of(m)
            d["table"] = tuple([(c, OPEN) for c in cards])
            d["ranks"] = SAME_RANK[cards[0]]
            d["phase"] = DEFEND
        elif kind == "t":
            d["taking"] = True
            if self._throw_on_take:
                t = self._next_thrower(d, -1)
                if t >= 0:
                    d["phase"], d["thrower"] = THROW, t
                    s = _new(State)
                    _setattr(s, "__dict__", d)
                    return s
            self._end_bout(d, d["defender"])
        elif kind == "x":
            self._transfer(d, move[1])
        else:  # pass
            if d["phase"] == LEAD:
                hands = d["hands"]
                att = next_seat_with_cards(d["attacker"], hands)
                dfd = next_seat_with_cards(att, hands)
                d.update(lead=att, attacker=att, defender=dfd, limit=self.bout_limit(hands[dfd]))
            else:
                t = self._next_thrower(d, d["thrower"])
                if t >= 0:
                    d["thrower"] = t
                elif d["taking"]:
                    self._end_bout(d, d["defender"])
                elif any(y < 0 for _, y in d["table"]):
                    d["phase"], d["thrower"] = DEFEND, -1   # nobody threw in: the defender goes on
                else:
                    self._end_bout(d, -1)
        s = _new(State)
        _setattr(s, "__dict__", d)
        return s

    def _beat(self, d: dict, a: int, c: int) -> None:
        q = d["defender"]
        table = d["table"]
        if self._any_card and is_wrong(self.rules, "b", c, table, a, self._beaters[d["trump"]]):
            self._penalty(d, q, c)
            return
        hands = list(d["hands"])
        hands[q] &= ~(1 << c)
        d["hands"] = tuple(hands)
        table = tuple([(x, c) if x == a else (x, y) for x, y in table])
        d["table"] = table
        d["ranks"] |= SAME_RANK[c]
        for _, y in table:
            if y == OPEN:
                if self._throw_while_open:
                    self._open_throw_window(d)
                return
        self._all_covered(d)

    def _all_covered(self, d: dict) -> None:
        """Every attacking card is beaten: throw-ins (if allowed) or the discard."""
        if self._throw_on_beat:
            t = self._next_thrower(d, -1)
            if t >= 0:
                d["phase"], d["thrower"] = THROW, t
                return
        self._end_bout(d, -1)

    def _open_throw_window(self, d: dict) -> None:
        """A beat with attacking cards still open (``while_beating``): the throwers
        are asked first; if nobody can throw in, the defender goes on."""
        t = self._next_thrower(d, -1)
        if t >= 0:
            d["phase"], d["thrower"] = THROW, t

    def _throw(self, d: dict, c: int) -> None:
        t = d["thrower"]
        if self._any_card and is_wrong(self.rules, "i", c, d["table"], -1, ()):
            self._penalty(d, t, c)
            return
        hands = list(d["hands"])
        hands[t] &= ~bit(c)
        d["hands"] = tuple(hands)
        d["table"] = d["table"] + ((c, OPEN),)
        d["ranks"] |= SAME_RANK[c]
        if not d["taking"]:
            d["phase"], d["thrower"] = DEFEND, -1
            return
        nxt = self._next_thrower(d, t, include=True)
        if nxt >= 0:
            d["thrower"] = nxt
        else:
            self._end_bout(d, d["defender"])

    def _transfer(self, d: dict, c: int) -> None:
        q = d["defender"]
        table = d["table"]
        if self._any_card and is_wrong(self.rules, "x", c, table, -1, ()):
            self._penalty(d, q, c)
            return
        hands = list(d["hands"])
        hands[q] &= ~bit(c)
        nxt = next_seat_with_cards(q, hands)
        d["hands"] = tuple(hands)
        d["table"] = table + ((c, OPEN),)
        d["attacker"], d["defender"] = q, nxt
        d["limit"] = self.bout_limit(hands[nxt])

    def _penalty(self, d: dict, taker: int, card: int) -> None:
        hands = list(d["hands"])
        hands[taker] &= ~bit(card)
        d["hands"] = tuple(hands)
        d["table"] = d["table"] + ((card, OPEN),)
        self._end_bout(d, taker)

    def _next_thrower(self, d: dict, after: int, include: bool = False) -> int:
        """The next player in throwing order (after ``after``, or from the start
        with ``after`` -1; ``include`` asks ``after`` again first) who can throw in."""
        table = d["table"]
        if len(table) >= d["limit"]:
            return -1
        order = self._throwers[(d["attacker"], d["defender"])]
        hands = d["hands"]
        ranks = -1 if self._any_card else d["ranks"]
        start = 0 if after < 0 else order.index(after) + (0 if include else 1)
        for i in range(start, len(order)):
            p = order[i]
            if hands[p] & ranks:
                return p
        return -1

    def _end_bout(self, d: dict, taker: int) -> None:
        """Discard (``taker`` -1) or pick up the table, draw, and set up the next bout."""
        hands = list(d["hands"])
        tm = 0
        for a, c in d["table"]:
            tm |= 1 << a
            if c >= 0:
                tm |= 1 << c
        if taker < 0:
            d["discard"] |= tm
        else:
            hands[taker] |= tm
        order = self._draw_orders[(d["lead"], d["defender"])]
        stock = d["stock"]
        if stock:
            stock = draw_up(hands, stock, order, self._hand_size)
        finished = d["finished"]
        if not stock:
            for p in order:
                if is_out(hands[p], stock) and p not in finished:
                    finished += (p,)
        d["hands"], d["stock"], d["finished"], d["table"], d["ranks"] = tuple(hands), stock, finished, (), 0
        d["thrower"], d["taking"] = -1, False
        if self.players - len(finished) <= 1:
            d["phase"] = OVER
            return
        att = next_attacker(hands, d["defender"], taker)
        dfd = next_seat_with_cards(att, hands)
        d["phase"], d["lead"], d["attacker"], d["defender"] = LEAD, att, att, dfd
        d["limit"] = self.bout_limit(hands[dfd])

    # ------------------------------------------------------------ result
    def outcome(self, state: State) -> Outcome:
        if state.phase != OVER:
            raise ValueError("the game is not over")
        return result(self.rules, state.hands, state.finished, state.defender)

    def zones(self, state: State) -> dict[str, tuple[Card, ...]]:
        z = {f"hand {i}": cards_of(h) for i, h in enumerate(state.hands)}
        z["stock"] = tuple(card_of(c) for c in state.stock)
        z["table"] = cards_of(table_mask(state.table))
        z["discard"] = cards_of(state.discard)
        return z

    def visible(self, state: State, player: int) -> dict[str, tuple[Card, ...] | int]:
        """What ``player`` sees: the hands he may look at, the others as card counts,
        the table, the trump card and the stock and discard sizes."""
        seen = set(visible_hands(self.rules, self.players, player))
        out: dict[str, tuple[Card, ...] | int] = {}
        for p, h in enumerate(state.hands):
            out[f"hand {p}"] = cards_of(h) if p in seen else h.bit_count()
        out["table"] = cards_of(table_mask(state.table))
        out["trump card"] = (card_of(state.trump_card),) if state.trump_card >= 0 else ()
        out["stock"] = len(state.stock)
        out["discard"] = state.discard.bit_count()
        return out

    def max_plays(self) -> int | None:
        return None  # 3+ players (and the pairs lead) can loop: see the termination properties

    # ---------------------------------------------------------- notation
    def format_move(self, move: tuple) -> str:
        kind = move[0]
        if kind == "a":
            return "attack " + format_mask(move[1])
        if kind == "b":
            return f"beat {format_card(card_of(move[1]))} with {format_card(card_of(move[2]))}"
        if kind == "i":
            return "throw " + format_card(card_of(move[1]))
        if kind == "x":
            return "transfer " + format_card(card_of(move[1]))
        if kind == "t":
            return "take"
        if kind == "p":
            return "pass"
        raise ValueError(f"not a Durak move: {move!r}")

    def parse_move(self, text: str) -> tuple:
        words = text.replace(",", " ").split()
        forms = "attack C [C ...], beat C with C, take, throw C, transfer C, pass"
        if not words:
            raise NotationError(f"empty move; moves are: {forms}")
        head, rest = words[0].lower(), words[1:]
        card = lambda t: parse_card_id(t, self._deck)  # noqa: E731
        if head == "attack" and rest:
            ids = [card(t) for t in rest]
            if len(set(ids)) != len(ids):
                raise NotationError(f"{text!r}: a card is named twice")
            return ("a", sum(1 << c for c in ids))
        if head == "beat" and len(rest) == 3 and rest[1].lower() == "with":
            return ("b", card(rest[0]), card(rest[2]))
        if head == "throw" and len(rest) == 1:
            return ("i", card(rest[0]))
        if head == "transfer" and len(rest) == 1:
            return ("x", card(rest[0]))
        if head == "take" and not rest:
            return TAKE
        if head in ("pass", "done") and not rest:
            return PASS
        raise NotationError(f"cannot read Durak move {text!r}; moves are: {forms}")

    def describe(self, state: State) -> str:
        hands = "; ".join(f"P{p}: {format_mask(h) or '-'}" for p, h in enumerate(state.hands))
        table = " ".join(format_card(card_of(a)) + ("/" + format_card(card_of(d)) if d != OPEN else "")
                         for a, d in state.table) or "-"
        shown = format_card(card_of(state.trump_card)) if state.trump_card >= 0 else "none shown"
        mover = self.to_move(state)
        who = f"P{mover} to {PHASE_NAMES[state.phase]}" if mover is not None else "over"
        return (f"trump {state.trump.symbol} ({shown}); P{state.attacker} attacks P{state.defender}; {who}; "
                f"table {table}; {hands}; stock {len(state.stock)}; discard {state.discard.bit_count()}")

    def describe_move(self, state: State) -> str:
        if state.phase == OVER:
            return "game over"
        table = " ".join(format_card(card_of(a)) + ("/" + format_card(card_of(d)) if d != OPEN else "")
                         for a, d in state.table)
        if not table:
            return f"next bout: P{state.attacker} attacks P{state.defender}; stock {len(state.stock)}"
        return f"table {table}"


GAME = Durak
