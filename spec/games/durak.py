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

Representation: inside a state a card is an integer id and a hand a bit mask
(see :mod:`spec.bouts`); moves are typed records (:func:`spec.moves.move`) with
``Card`` fields, written ``attack 7♠ 7♥``, ``beat 7♠ with 9♠``, ``take``,
``throw 8♦``, ``transfer 7♦`` and ``pass``. The turn clause offers the moves the
player in turn may try and each move kind's clauses (the ``decides=`` functions
below) keep the legal ones; the game class delegates the bout to one small
object per phase (lead, defence, throw-in, end of bout), whose move lists are the
fast path of ``legal_moves``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations, product
from typing import Literal

from spec.bouts import (
    CARDS, OPEN, RANK_MASK, RANK_SUBSETS, SAME_RANK, BeatRule, bit, card_of, cards_of, deck_mask, draw_order, draw_up,
    format_mask, ids_of, lead_options, lowest_trump_holder, next_seat_with_cards, table_mask, table_rank_mask,
)
from spec.cards import Card, Suit, as_cards, check_named_once, format_card, format_cards
from spec.clauses import ClauseBook
from spec.dealing import rng_for
from spec.engine import Game, GameInfo, Outcome, Source, replace
from spec.errors import NotationError, VariantError
from spec.i18n import N_, Msg
from spec.moves import move
from spec.rules import setting

INFO = GameInfo(
    id="durak",
    name_en="Durak",
    name_ru="Дурак",
    min_players=2,
    max_players=6,
    deck="36",
    family=N_("beating"),
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

    deck_size: int = setting(36, range=(8, 52), sweep=(24,))
    """Cards in the deck: the top ``deck_size / 4`` ranks of each suit. Source: 36
    (six to ace; a decision, see ``durak-players``). Smaller decks (12, 16) are for exhaustive
    checks; 24 is swept as the pack that four hands of six use up (no stock, at most 4 players)."""

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

    max_bout_cards: int = setting(0, range=(0, 52), sweep=(6,))
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

# ------------------------------------------------------------------- moves
# Typed records (spec.moves); the text is the notation of saved records.


@move("attack {cards}")
class Attack:
    """Open a bout: one card, or several of one rank (see ``durak-lead``)."""

    cards: tuple[Card, ...]

    def __post_init__(self) -> None:
        # one written form per attack: the cards in deck order, each once
        ids = sorted(_ID_OF.get(c, -1) for c in self.cards)
        if not ids or len(set(ids)) != len(ids):
            raise NotationError(Msg("attack {cards}: name each card once", cards=" ".join(map(str, self.cards))))
        if ids[0] >= 0:
            object.__setattr__(self, "cards", tuple(CARDS[i] for i in ids))


@move("beat {attack} with {cover}")
class Beat:
    """Cover the open attacking card ``attack`` with ``cover``."""

    attack: Card
    cover: Card


@move("take")
class Take:
    """The defender takes the bout (others may still throw in)."""


@move("throw {card}")
class Throw:
    """Throw in one card."""

    card: Card


@move("transfer {card}")
class Transfer:
    """Lay a card of the attacking rank and pass the attack on."""

    card: Card


@move("pass", "done")
class Pass:
    """A thrower adds nothing; in English Durak, the lead passes on."""


MOVE_KINDS = (Attack, Beat, Take, Throw, Transfer, Pass)
_ID_OF = {c: i for i, c in enumerate(CARDS)}
TAKE, PASS = Take(), Pass()
# the beat, throw-in and transfer moves, made once (legal_moves hands out the same objects)
_BEATS = tuple(tuple(Beat(CARDS[a], CARDS[c]) for c in range(52)) for a in range(52))
_THROWS = tuple(Throw(CARDS[c]) for c in range(52))
_TRANSFERS = tuple(Transfer(CARDS[c]) for c in range(52))
_ATTACKS: dict[int, Attack] = {}
_NO_CAP = 99


def attack_of(mask: int) -> Attack:
    """The attack laying the cards of ``mask`` (one object per mask)."""
    m = _ATTACKS.get(mask)
    if m is None:
        m = _ATTACKS[mask] = Attack(cards_of(mask))
        _MASK_OF[id(m)] = mask
    return m


def plain_leads(hand: int, limit: int) -> tuple[Attack, ...]:
    """The one-rank leads of ``hand`` of at most ``limit`` cards as moves, in
    :func:`~spec.bouts.lead_options` order (the hot path of random play)."""
    out: list = []
    free = limit >= 4
    h = hand
    while h:
        k = ((h & -h).bit_length() - 1) >> 2
        nib = (h >> (4 * k)) & 0xF
        h &= ~(0xF << (4 * k))
        if free:
            out.extend(_RANK_ATTACKS[k][nib])
        else:
            out.extend([a for a, n in _RANK_ATTACKS_SIZED[k][nib] if n <= limit])
    return tuple(out)


def attacks_of(masks: Sequence[int]) -> tuple[Attack, ...]:
    """:func:`attack_of` for many masks."""
    return tuple([attack_of(m) for m in masks])


# The card ids of the moves made once, by object identity (these objects live as long
# as the module, so their ids are never reused): ``apply`` reads them without hashing cards.
_MASK_OF: dict[int, int] = {}
_IDS_OF: dict[int, tuple[int, int]] = {id(_BEATS[a][c]): (a, c) for a in range(52) for c in range(52)}
_IDS_OF.update({id(_THROWS[c]): (c, c) for c in range(52)})
_IDS_OF.update({id(_TRANSFERS[c]): (c, c) for c in range(52)})
_RANK_ATTACKS_SIZED = tuple(tuple(tuple((attack_of(m), n) for m, n in subs) for subs in row) for row in RANK_SUBSETS)
_RANK_ATTACKS = tuple(tuple(tuple(a for a, _ in subs) for subs in row) for row in _RANK_ATTACKS_SIZED)


def _ids(mv) -> tuple[int, int]:
    """(attack, cover) of a beat, (card, card) of a throw-in or transfer, as ids."""
    got = _IDS_OF.get(id(mv))
    if got is not None:
        return got
    if type(mv) is Beat:
        return _ID_OF[mv.attack], _ID_OF[mv.cover]
    return _ID_OF[mv.card], _ID_OF[mv.card]


def mask_of_cards(cards) -> int:
    m = 0
    for c in cards:
        m |= 1 << _ID_OF[c]
    return m


# phases
LEAD, DEFEND, THROW, OVER = 0, 1, 2, 3
#: who is to move, as the log says it (by phase)
_TO_MOVE = (N_("P{player} to lead"), N_("P{player} to defend"), N_("P{player} to throw in"))


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

    # State-graph searches hash and compare millions of positions: compare the field
    # dicts in C, and hash the fields that tell positions of one deal apart.
    def __eq__(self, other: object) -> bool:
        return type(other) is State and self.__dict__ == other.__dict__

    def __hash__(self) -> int:
        return hash((self.hands, self.stock, self.table, self.phase, self.attacker, self.defender, self.thrower))


_new = object.__new__
_setattr = object.__setattr__


def _make(d: dict) -> State:
    """Build a state from a field dict (a fast path for ``apply``)."""
    s = _new(State)
    _setattr(s, "__dict__", d)
    return s


# ----------------------------------------------------------------- clauses
# Pure predicates first; then the clause that offers the moves of the player in
# turn (``offers=``) and the deciders (``decides=``) that keep the legal ones:
# ``legal_moves`` and ``refusal`` are derived from them. The fast move lists of
# the phases below must agree with them (property ``moves_match_clauses``).

CLAUSES.note("durak-players", "2 to 6 players with a 36-card deck (six to ace)", "spec.games.durak.Rules",
             unchecked="a range of player counts: the rules object refuses others, nothing happens in play")


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


def beat_rule(rules: Rules, trump: Suit) -> BeatRule:
    """Which card beats which (clause ``durak-beat``): Japanese spades only by spades."""
    own = frozenset({Suit.SPADES}) if rules.spades_by_spades else frozenset()
    return BeatRule(trump, own)


@CLAUSES.rule("durak-first-attack", "The holder of the lowest trump attacks first (seat 0 if nobody holds "
              "one); in later games the previous winner")
def first_attacker(rules: Rules, hands: Sequence[int], trump: Suit) -> int:
    if rules.first_attacker == "previous_winner":
        return rules.previous_winner
    seat = lowest_trump_holder(hands, trump)
    return 0 if seat < 0 else seat


def attack_limit(rules: Rules, defender_hand: int) -> int:
    """The most attacking cards a bout against this hand may hold (clause ``durak-attack-limit``)."""
    cap = rules.max_bout_cards or _NO_CAP
    return min(defender_hand.bit_count(), cap)


def _rank_counts(mask: int) -> list[int]:
    """How many cards of each rank present in ``mask`` (ranks in order)."""
    out = []
    while mask:
        k = ((mask & -mask).bit_length() - 1) >> 2
        nib = (mask >> (4 * k)) & 0xF
        out.append(nib.bit_count())
        mask &= ~(0xF << (4 * k))
    return out


def is_lead_shape(rules: Rules, mask: int) -> bool:
    """Whether the cards of ``mask`` make an attack of the rules' shape (clause ``durak-lead``).

    ``pairs_and_one`` (catalogue, "Дурак простой - В"): one card; a pair and one
    card; two pairs and one card -- the pairs and the single card of different
    ranks (a decision: the catalogue lists the shapes only).
    """
    counts = _rank_counts(mask)
    if rules.lead == "one_rank":
        return len(counts) == 1
    if rules.lead == "pair":
        return counts == [2]
    return sorted(counts) in ([1], [1, 2], [1, 2, 2])


def legal_leads(rules: Rules, hand: int, limit: int) -> list[int]:
    """Every allowed attack from ``hand``, as card masks (the fast list of ``durak-lead``)."""
    if rules.lead == "pair":
        return lead_options(hand, limit, (2,))
    if rules.lead == "pairs_and_one":
        return pairs_and_one_leads(hand, limit)
    return lead_options(hand, limit)


def pairs_and_one_leads(hand: int, limit: int) -> list[int]:
    """"Дурак простой - В" leads: one card; a pair and one card; two pairs and one card."""
    singles = ids_of(hand)
    out = [1 << c for c in singles]
    if limit < 3:
        return out
    pairs = lead_options(hand, limit, (2,))
    threes, fives = [], []
    for i, p in enumerate(pairs):
        for c in singles:
            if not p & SAME_RANK[c]:
                threes.append(p | 1 << c)
        if limit >= 5:
            for q in pairs[i + 1:]:
                if p & SAME_RANK[q.bit_length() - 1]:
                    continue   # two pairs of one rank
                for c in singles:
                    if not (p | q) & SAME_RANK[c]:
                        fives.append(p | q | 1 << c)
    return out + sorted(set(threes)) + sorted(set(fives))


def can_lead_pair(hand: int, limit: int) -> bool:
    """Whether a pair can be led (clause ``durak-pair-pass``)."""
    return limit >= 2 and any(n >= 2 for n in _rank_counts(hand))


def may_take(rules: Rules, unable: bool) -> bool:
    """Whether the defender may take (clause ``durak-take``): always in reversed Durak,
    where he cannot know whether he could beat."""
    return rules.take == "any_time" or unable or rules.reversed


def may_throw_in(rules: Rules, taking: bool, open_cards: bool = False) -> bool:
    """Whether throw-ins are allowed now (clause ``durak-throw-in``): ``taking`` once the
    defender has said he takes, ``open_cards`` while some attacking card is still unbeaten."""
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


def may_transfer(rules: Rules, table: Sequence[tuple[int, int]], next_hand: int) -> bool:
    """Whether the attack on the table may be transferred to a player holding
    ``next_hand`` (clause ``durak-transfer``)."""
    if not rules.transfer or not table or any(d != OPEN for _, d in table):
        return False
    if any(SAME_RANK[a] != SAME_RANK[table[0][0]] for a, _ in table):
        return False   # an attack of mixed ranks (simple-V leads) cannot be transferred
    n = len(table) + 1
    return next_hand.bit_count() >= n and n <= (rules.max_bout_cards or _NO_CAP)


@CLAUSES.rule("durak-reversed-penalty", "Reversed: a wrong beat, transfer or throw-in is caught at once; its "
              "player takes every card of the bout, and the bout ends")
def is_wrong(card: int, table: Sequence[tuple[int, int]], target: int = OPEN, beaters: Sequence[int] = ()) -> bool:
    """Whether laying ``card`` breaks the rules: on the open attacking card ``target``, a card
    that does not beat it (``beaters``: the beater masks); else (a throw-in or a transfer) a
    card whose rank is not on the table. A transfer comes before any beat, with an attack of
    one rank, so its table shows exactly the attacking rank."""
    if target != OPEN:
        return not beaters[target] >> card & 1
    return not table_rank_mask(table) >> card & 1


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
    """The result, with every player's return: the durak pays one point to each
    other player (a decision: the source plays for no stakes); a draw pays nothing."""
    n = len(hands)
    holding = [p for p, h in enumerate(hands) if h]
    if len(holding) == 1:
        loser = holding[0]
    elif rules.all_out == "defender_loses":
        loser = last_defender
    else:
        return Outcome(draw=True, returns=(0,) * n)
    returns = tuple(-(n - 1) if p == loser else 1 for p in range(n))
    first = (game_winner(finished),) if finished else ()
    return Outcome(losers=(loser,), winners=first + tuple(p for p in finished if p not in first and p != loser),
                   returns=returns)


@CLAUSES.rule("durak-winner", "The winner (who attacks first next game) is the first player out; "
              "players out in the same bout rank in drawing order")
def game_winner(finished: Sequence[int]) -> int:
    """The winner, listed first among the winners (``finished``: the players in the order they went out)."""
    return finished[0]


# ------------------------------------------------------------- deciders
# One per rule a move can break, in the order a player would check them.

_PHASE_KINDS = {LEAD: (Attack, Pass), DEFEND: (Beat, Take, Transfer), THROW: (Throw, Pass), OVER: ()}
_PHASE_TASK = {LEAD: Msg("to attack (lead one card, or several of one rank)"),
               DEFEND: Msg("to defend (beat an open card, take, or transfer)"),
               THROW: Msg("to throw in a card or pass")}


def out_of_turn(game: "Durak", state: State, mv) -> str | None:
    """Why ``mv`` is not a move of the player in turn now (``None`` when its kind is)."""
    if type(mv) in _PHASE_KINDS[state.phase]:
        return None
    return Msg("it is P{player}'s turn {task}: {kind} is not possible now", player=game.to_move(state),
               task=_PHASE_TASK[state.phase], kind=mv.kind)


def _refused(game: "Durak", state: State, mv) -> tuple[str, str]:
    """Why a move the turn clause does not offer is refused: out of turn, else the first decider of
    its kind that refuses it (the offers hold every move the deciders could allow)."""
    reason = out_of_turn(game, state, mv)
    if reason:
        return "durak-turn", reason
    for label, decide in type(game).deciders_for(type(mv)):
        reason = decide(game, state, mv)
        if reason:
            return label, reason
    raise ValueError(f"{game.format_move(mv)}: no decider refuses it, but the turn clause does not offer it")


@CLAUSES.rule("durak-turn", "Moves come in turn: the attacker leads; the defender beats, takes or "
              "transfers; the throwers throw in or pass", offers=MOVE_KINDS, refused=_refused)
def moves_in_turn(game: "Durak", state: State) -> tuple:
    """The moves the player in turn may try, by phase (the deciders below keep the legal ones):
    at the lead, the sets :func:`attack_candidates` lists, and passing the lead; in defence, every
    (table card, hand card) beat, taking, and each card transferred; a thrower, each card thrown in,
    and passing. (Kept for the last state asked about: a refusal asks once per move.)"""
    last, offered = game._offered
    if last is state:
        return offered
    phase = state.phase
    if phase == OVER:
        return ()
    hand = state.hands[game.to_move(state)]
    ids = ids_of(hand)
    if phase == LEAD:
        offered = tuple(map(attack_of, attack_candidates(game.rules, hand))) + (PASS,)
    elif phase == THROW:
        offered = tuple(_THROWS[c] for c in ids) + (PASS,)
    else:
        offered = (tuple(_BEATS[a][c] for a, _ in state.table for c in ids) + (TAKE,)
                   + tuple(_TRANSFERS[c] for c in ids))
    game._offered = (state, offered)
    return offered


def _laid(mv) -> tuple[Card, ...]:
    if type(mv) is Attack:
        return mv.cards
    if type(mv) is Beat:
        return (mv.cover,)
    return (mv.card,)


@CLAUSES.rule("durak-own-cards", "A player lays only cards of his own hand, from the game's deck",
              decides=(Attack, Beat, Throw, Transfer))
def cards_held(game: "Durak", state: State, mv) -> str | None:
    p = game.to_move(state)
    hand = state.hands[p]
    for c in _laid(mv):
        i = _ID_OF.get(c, -1)
        if i < 0 or not hand >> i & 1:
            return Msg("P{player} does not hold {card}", player=p, card=str(c))
    return None


@CLAUSES.rule("durak-lead", "An attack is one card, or several cards of one rank; English: exactly a pair; "
              "simple-V: one card, a pair and a card, or two pairs and a card", decides=Attack)
def lead_has_shape(game: "Durak", state: State, mv: Attack) -> str | None:
    if is_lead_shape(game.rules, mask_of_cards(mv.cards)):
        return None
    return Msg("{cards} is not an attack: {shape}", cards=format_cards(mv.cards), shape=_SHAPES[game.rules.lead])


_SHAPES = {"one_rank": Msg("lead one card, or several of one rank"),
           "pair": Msg("lead exactly two cards of one rank (English Durak)"),
           "pairs_and_one": Msg("lead one card, a pair and a card, or two pairs and a card, all of different ranks")}


@CLAUSES.rule("durak-attack-limit", "A bout never holds more attacking cards than the defender held when "
              "it began (or was transferred to him), nor more than the fixed cap", decides=Attack)
def within_limit(game: "Durak", state: State, mv: Attack) -> str | None:
    """The lead's size. Throw-ins never meet the limit: the throwers' turn ends as soon as the
    bout is full (:meth:`ThrowInPhase.next_thrower`), so ``durak-turn`` refuses a throw-in then."""
    n = len(mv.cards)
    if n <= state.limit:
        return None
    return Msg("the bout would hold {n} attacking cards; against P{player} it may hold at most {limit} (his cards "
               "when it began, or the cap)", n=n, player=state.defender, limit=state.limit)


@CLAUSES.rule("durak-pair-pass", "English: a player who cannot lead a pair passes the attack to the next player",
              decides=Pass)
def pass_lead_without_pair(game: "Durak", state: State, mv: Pass) -> str | None:
    if state.phase != LEAD:
        return None   # a thrower may always pass (``durak-throwers``)
    if game.rules.lead != "pair":
        return Msg("the attacker must attack: only in English Durak is the lead passed on")
    if can_lead_pair(state.hands[state.attacker], state.limit):
        return Msg("P{player} can lead a pair, so he must attack", player=state.attacker)
    return None


@CLAUSES.rule("durak-beat", "A card is beaten by a higher card of its suit or by a trump; Japanese: "
              "spades only by higher spades; reversed: any card may be laid (blind)", decides=Beat)
def beat_is_higher(game: "Durak", state: State, mv: Beat) -> str | None:
    a, c = _ID_OF[mv.attack], _ID_OF[mv.cover]
    if (a, OPEN) not in state.table:
        return Msg("{card} is not an open attacking card", card=str(mv.attack))
    if game.rules.reversed or game.beaters(state)[a] >> c & 1:
        return None
    need = Msg("a higher spade (Japanese)") if game.rules.spades_by_spades and mv.attack.suit == Suit.SPADES \
        else Msg("a higher card of the led suit, or a trump")
    return Msg("{cover} does not beat {attack}: a beat needs {need}", cover=str(mv.cover), attack=str(mv.attack),
               need=need)


@CLAUSES.rule("durak-take", "The defender must beat every card he can; if some card cannot be beaten "
              "he must take (any_time: he may always take)", decides=(Take, Beat))
def take_only_if_unable(game: "Durak", state: State, mv) -> str | None:
    stuck = game.unbeatable(state)
    if type(mv) is Take:
        if may_take(game.rules, stuck >= 0):
            return None
        return Msg("P{player} can beat every open card, so he must beat them (he may take only when he cannot)",
                   player=state.defender)
    if stuck >= 0 and not may_take(game.rules, False):
        return Msg("P{player} cannot beat {card}, so he must take the cards (or transfer)", player=state.defender,
                   card=str(card_of(stuck)))
    return None


@CLAUSES.rule("durak-transfer", "Transfer: before beating anything, the defender may add a card of the "
              "attacking rank and pass the attack on, if the next player holds at least as many cards",
              decides=Transfer)
def transfer_allowed(game: "Durak", state: State, mv: Transfer) -> str | None:
    if not game.rules.transfer:
        return Msg("these rules have no transfers")
    if state.taking or game.transfer_target(state) < 0:
        return Msg("no transfer now: only before any card is beaten, with an attack of one rank, and when the next "
                   "player holds at least as many cards as would attack him")
    a = card_of(state.table[0][0])
    if game.rules.reversed or mv.card.rank == a.rank:
        return None
    return Msg("{card} cannot transfer an attack of {rank}s: lay a card of the same rank", card=str(mv.card),
               rank=a.rank.label)


@CLAUSES.rule("durak-throw-in", "Cards of a rank already on the table may be thrown in: onto a taking "
              "defender (simple) or also while he beats (throw-in: after each beat, or once all are covered)",
              decides=Throw)
def throw_in_allowed(game: "Durak", state: State, mv: Throw) -> str | None:
    """The thrown card's rank. *When* throw-ins come (:func:`may_throw_in`) is the throwers'
    turn: the engine opens it only when they are allowed (:class:`ThrowInPhase`), and at any
    other time ``durak-turn`` refuses a throw-in first."""
    if game.rules.reversed or table_rank_mask(state.table) >> _ID_OF[mv.card] & 1:
        return None
    return Msg("{card} cannot be thrown in: its rank is not on the table", card=str(mv.card))


# ------------------------------------------------------------- phases
# The game delegates to one small object per phase of a bout. Each works on a
# dict of the state's fields (``apply`` copies the state once, then builds a
# new frozen state from the dict: random play is hot).

class LeadPhase:
    """The attacker opens a bout (``durak-lead``, ``durak-attack-limit``, ``durak-pair-pass``)."""

    def __init__(self, game: "Durak"):
        self.game, self.rules = game, game.rules
        self.plain = game.rules.lead == "one_rank"

    def moves(self, state: State) -> tuple:
        hand, limit = state.hands[state.attacker], state.limit
        if self.plain:
            return plain_leads(hand, limit)
        leads = legal_leads(self.rules, hand, limit)
        if self.rules.lead == "pair" and not leads:
            return (PASS,)
        return attacks_of(leads)

    def attack(self, d: dict, mv: Attack) -> None:
        m = _MASK_OF.get(id(mv)) or mask_of_cards(mv.cards)
        hands = list(d["hands"])
        hands[d["attacker"]] &= ~m
        d["hands"] = tuple(hands)
        cards = ids_of(m)
        d["table"] = tuple([(c, OPEN) for c in cards])
        ranks = 0
        for c in cards:   # every rank of the attack (simple-V leads mix ranks)
            ranks |= SAME_RANK[c]
        d["ranks"] = ranks
        d["phase"] = DEFEND

    def pass_on(self, d: dict) -> None:
        """English Durak: the lead passes to the next player with cards."""
        hands = d["hands"]
        att = next_seat_with_cards(d["attacker"], hands)
        dfd = next_seat_with_cards(att, hands)
        d.update(lead=att, attacker=att, defender=dfd, limit=self.game.bout_limit(hands[dfd]))


class DefencePhase:
    """The defender beats, takes or transfers (``durak-beat``, ``durak-take``, ``durak-transfer``)."""

    def __init__(self, game: "Durak"):
        self.game, self.rules = game, game.rules
        self.blind = game.rules.reversed           # reversed Durak: any card may be laid
        self.take_always = may_take(game.rules, False)
        self.must_take = may_take(game.rules, True) and not self.take_always

    def moves(self, state: State) -> tuple:
        g = self.game
        hand = state.hands[state.defender]
        moves: list = []
        unable = False
        if self.blind:
            cards = ids_of(hand)
            for a, d in state.table:
                if d == OPEN:
                    moves.extend([_BEATS[a][c] for c in cards])
        else:
            beaters = g._beaters[state.trump]
            for a, d in state.table:
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
                        if self.must_take:
                            break   # he must take: no need to list the beats
        if unable and self.must_take:
            moves = [TAKE]
        elif self.take_always or unable:
            moves.append(TAKE)
        if self.rules.transfer and not state.taking and g.transfer_target(state) >= 0:
            cand = hand if self.blind else hand & RANK_MASK[state.table[0][0] // 4 + 2]
            moves.extend([_TRANSFERS[c] for c in ids_of(cand)])
        return tuple(moves)

    def beat(self, d: dict, mv: Beat) -> None:
        try:
            a, c = _IDS_OF[id(mv)]
        except KeyError:
            a, c = _ids(mv)
        g = self.game
        if self.blind and is_wrong(c, d["table"], a, g._beaters[d["trump"]]):
            g.bout_end.penalty(d, d["defender"])
            return
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
        if not still_open or g.throw_in.while_open:
            g.throw_in.after_beat(d, still_open)

    def take(self, d: dict) -> None:
        d["taking"] = True
        g = self.game
        if g.throw_in.on_take:
            t = g.throw_in.next_thrower(d, -1)
            if t >= 0:
                d["phase"], d["thrower"] = THROW, t
                return
        g.bout_end.end(d, d["defender"])

    def transfer(self, d: dict, mv: Transfer) -> None:
        c = _ids(mv)[0]
        q = d["defender"]
        table = d["table"]
        if self.blind and is_wrong(c, table):
            self.game.bout_end.penalty(d, q)
            return
        hands = list(d["hands"])
        hands[q] &= ~bit(c)
        nxt = next_seat_with_cards(q, hands)
        d["hands"] = tuple(hands)
        d["table"] = table + ((c, OPEN),)
        d["attacker"], d["defender"] = q, nxt
        d["limit"] = self.game.bout_limit(hands[nxt])


class ThrowInPhase:
    """The throwers add cards of ranks on the table, or pass (``durak-throw-in``,
    ``durak-throwers``); when they come is ``throw_in_timing``."""

    def __init__(self, game: "Durak"):
        self.game, self.rules = game, game.rules
        self.blind = game.rules.reversed
        self.on_take = may_throw_in(game.rules, True)
        self.on_cover = may_throw_in(game.rules, False)
        self.while_open = may_throw_in(game.rules, False, True)

    def moves(self, state: State) -> tuple:
        # the bout is never full here: next_thrower opens the turn only below the limit
        hand = state.hands[state.thrower]
        cand = hand if self.blind else hand & state.ranks
        moves = []
        while cand:
            low = cand & -cand
            moves.append(_THROWS[low.bit_length() - 1])
            cand ^= low
        moves.append(PASS)
        return tuple(moves)

    def after_beat(self, d: dict, still_open: bool) -> None:
        """After a beat: the throwers' turn if the timing allows one and someone can throw
        in; else the defender goes on, or (everything covered) the cards are discarded."""
        if still_open:
            if self.while_open:
                self.open_window(d)
            return
        if self.on_cover:
            t = self.next_thrower(d, -1)
            if t >= 0:
                d["phase"], d["thrower"] = THROW, t
                return
        self.game.bout_end.end(d, -1)

    def open_window(self, d: dict) -> None:
        t = self.next_thrower(d, -1)
        if t >= 0:
            d["phase"], d["thrower"] = THROW, t

    def throw(self, d: dict, mv: Throw) -> None:
        c = _ids(mv)[0]
        t = d["thrower"]
        g = self.game
        if self.blind and is_wrong(c, d["table"]):
            g.bout_end.penalty(d, t)
            return
        hands = list(d["hands"])
        hands[t] &= ~bit(c)
        d["hands"] = tuple(hands)
        d["table"] = d["table"] + ((c, OPEN),)
        d["ranks"] |= SAME_RANK[c]
        if not d["taking"]:
            d["phase"], d["thrower"] = DEFEND, -1   # the defender answers the new card
            return
        nxt = self.next_thrower(d, t, include=True)
        if nxt >= 0:
            d["thrower"] = nxt
        else:
            g.bout_end.end(d, d["defender"])

    def pass_turn(self, d: dict) -> None:
        t = self.next_thrower(d, d["thrower"])
        if t >= 0:
            d["thrower"] = t
        elif d["taking"]:
            self.game.bout_end.end(d, d["defender"])
        elif any(y < 0 for _, y in d["table"]):
            d["phase"], d["thrower"] = DEFEND, -1   # nobody threw in: the defender goes on
        else:
            self.game.bout_end.end(d, -1)

    def next_thrower(self, d: dict, after: int, include: bool = False) -> int:
        """The next player in throwing order (after ``after``, or from the start
        with ``after`` -1; ``include`` asks ``after`` again first) who can throw in."""
        table = d["table"]
        if len(table) >= d["limit"]:
            return -1
        order = self.game._throwers[(d["attacker"], d["defender"])]
        hands = d["hands"]
        ranks = -1 if self.blind else d["ranks"]
        start = 0 if after < 0 else order.index(after) + (0 if include else 1)
        for i in range(start, len(order)):
            p = order[i]
            if hands[p] & ranks:
                return p
        return -1


class BoutEnd:
    """The end of a bout: discard or pickup, drawing, who attacks next, the end of
    the game (``durak-draw``, ``durak-out``, ``durak-next-attacker``, ``durak-end``)."""

    def __init__(self, game: "Durak"):
        self.game = game
        self.hand_size = game.rules.hand_size

    def penalty(self, d: dict, taker: int) -> None:
        """Reversed Durak: a wrong card is caught at once; its player takes the bout (the
        wrong card never left his hand; he picks up the table with it)."""
        self.end(d, taker)

    def end(self, d: dict, taker: int) -> None:
        """Discard (``taker`` -1) or pick up the table, draw, and set up the next bout."""
        g = self.game
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
        order = g._draw_orders[(d["lead"], d["defender"])]
        stock = d["stock"]
        if stock:
            stock = draw_up(hands, stock, order, self.hand_size)
        finished = d["finished"]
        if not stock:
            for p in order:
                if is_out(hands[p], stock) and p not in finished:
                    finished += (p,)
        d["hands"], d["stock"], d["finished"], d["table"], d["ranks"] = tuple(hands), stock, finished, (), 0
        d["thrower"], d["taking"] = -1, False
        if g.players - len(finished) <= 1:
            d["phase"] = OVER
            return
        att = next_attacker(hands, d["defender"], taker)
        dfd = next_seat_with_cards(att, hands)
        d["phase"], d["lead"], d["attacker"], d["defender"] = LEAD, att, att, dfd
        d["limit"] = g.bout_limit(hands[dfd])


def attack_candidates(rules: Rules, hand: int) -> list[int]:
    """The sets of cards of ``hand`` an attack is tried with: every set of one rank, every
    two cards of different ranks, and for the simple-V shapes every set of at most five
    cards of at most three ranks (no lead of any variant is larger). The clauses decide
    which are leads."""
    if rules.lead == "pairs_and_one":
        return _mixed_sets(hand)
    out = lead_options(hand, 4)
    ids = ids_of(hand)
    out += [1 << a | 1 << b for i, a in enumerate(ids) for b in ids[i + 1:] if a >> 2 != b >> 2]
    return out


def _mixed_sets(hand: int) -> list[int]:
    # the non-empty subsets of the hand's cards of each rank it holds, rank by rank
    groups = [[m for m, _ in row[hand >> 4 * k & 0xF]] for k, row in enumerate(RANK_SUBSETS) if hand >> 4 * k & 0xF]
    out = []
    for size in (1, 2, 3):
        for combo in combinations(groups, size):
            for parts in product(*combo):
                m = sum(parts)
                if m.bit_count() <= 5:
                    out.append(m)
    return out


# -------------------------------------------------------------------- game

class TableViews:
    """Where every card is, who sees what, and a position in words (mixed into :class:`Durak`)."""

    def _shown(self, state: State) -> int:
        """The turned trump card's bit while everyone knows where it is (stock or a hand)."""
        tc = state.trump_card
        if tc < 0 or state.discard >> tc & 1 or any(a == tc or c == tc for a, c in state.table):
            return 0
        return 1 << tc

    def zones(self, state: State) -> dict[str, tuple[Card, ...]]:
        shown = self._shown(state)
        z = {f"hand {i}": cards_of(h & ~shown) for i, h in enumerate(state.hands)}
        z["stock"] = tuple(card_of(c) for c in state.stock if not shown >> c & 1)
        z["trump card"] = cards_of(shown)
        z["table"] = cards_of(table_mask(state.table))
        z["discard"] = cards_of(state.discard)
        return z

    def hidden_zones(self, state: State, player: int) -> frozenset[str]:
        """The face-down stock, and the hands ``player`` cannot see (``durak-reversed-view``).
        The turned trump card is seen by all, wherever it is."""
        seen = set(visible_hands(self.rules, self.players, player))
        return frozenset(["stock"] + [f"hand {p}" for p in range(self.players) if p not in seen])

    def relabel(self, state: State, mapping) -> State:
        """``state`` with cards renamed (ids and masks rewritten)."""
        ids = {_ID_OF[a]: _ID_OF[b] for a, b in mapping.items()}
        one = lambda c: ids.get(c, c)  # noqa: E731  (OPEN and "no card", -1, are never keys)
        many = lambda m: sum(1 << one(c) for c in ids_of(m))  # noqa: E731
        table = tuple((one(a), one(c)) for a, c in state.table)
        return replace(state, hands=tuple(many(h) for h in state.hands), stock=tuple(one(c) for c in state.stock),
                       discard=many(state.discard), table=table, trump_card=one(state.trump_card),
                       ranks=table_rank_mask(table))

    def describe(self, state: State) -> str:
        hands = Msg.join("; ", [Msg("P{player}: {cards}", player=p, cards=format_mask(h) or "-")
                                for p, h in enumerate(state.hands)])
        table = " ".join(format_card(card_of(a)) + ("/" + format_card(card_of(d)) if d != OPEN else "")
                         for a, d in state.table) or "-"
        shown = format_card(card_of(state.trump_card)) if state.trump_card >= 0 else Msg("none shown")
        mover = self.to_move(state)
        who = Msg(_TO_MOVE[state.phase], player=mover) if mover is not None else Msg("over")
        return Msg("trump {suit} ({shown}); P{attacker} attacks P{defender}; {who}; table {table}; {hands}; "
                   "stock {stock}; discard {discard}", suit=state.trump.symbol, shown=shown,
                   attacker=state.attacker, defender=state.defender, who=who, table=table, hands=hands,
                   stock=len(state.stock), discard=state.discard.bit_count())

    def describe_move(self, state: State) -> str:
        if state.phase == OVER:
            return Msg("game over")
        table = " ".join(format_card(card_of(a)) + ("/" + format_card(card_of(d)) if d != OPEN else "")
                         for a, d in state.table)
        if not table:
            return Msg("next bout: P{attacker} attacks P{defender}; stock {stock}", attacker=state.attacker,
                       defender=state.defender, stock=len(state.stock))
        return Msg("table {table}", table=table)


class Durak(TableViews, Game[State, Attack | Beat | Take | Throw | Transfer | Pass]):
    """Durak: deals, whose turn, and the state's views; the bout's phases do the rest."""

    info = INFO
    Rules = Rules
    move_kinds = (Attack, Beat, Take, Throw, Transfer, Pass)
    over_clause = "durak-end"

    def __init__(self, rules: Rules | None = None, *, players: int | None = None):
        super().__init__(rules, players=players)
        r, n = self.rules, self.players
        self._deck = deck_mask(r.deck_size)
        self._beaters = {s: beat_rule(r, s).beater_masks() for s in Suit}
        self._throwers = {(a, d): thrower_order(r, a, d, n) for a in range(n) for d in range(n)}
        self._draw_orders = {(a, d): drawing_order(a, d, n) for a in range(n) for d in range(n)}
        self._offered: tuple = (None, ())   # (state, what moves_in_turn offers in it)
        # the bout's phases: lead, defence, throw-in, end of bout
        self.lead_phase, self.defence, self.throw_in, self.bout_end = \
            LeadPhase(self), DefencePhase(self), ThrowInPhase(self), BoutEnd(self)
        self._moves_of = {LEAD: self.lead_phase.moves, DEFEND: self.defence.moves, THROW: self.throw_in.moves,
                          OVER: lambda state: ()}
        self._handlers = {Attack: self.lead_phase.attack, Beat: self.defence.beat, Transfer: self.defence.transfer,
                          Throw: self.throw_in.throw, Take: lambda d, mv: self.defence.take(d),
                          Pass: self._pass}

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
        rng_for(seed).shuffle(cards)
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

    def position(self, hands: Sequence[str | Sequence[Card]], stock: str | Sequence[Card] = (), *,
                 trump: Suit | None = None, attacker: int | None = None) -> State:
        """A position of Durak: the start of a bout, with the table empty and nobody out yet.

        ``hands``: one hand per seat, seat 0 first, each a card-notation string or a tuple of
        ``Card``. ``stock``: the cards still to draw, top card first (notation or ``Card`` tuple);
        its last card, at the bottom, is the turned trump card, seen by all, unless ``trump`` (a
        ``Suit``) is given: then no card is shown. With neither, trumps are diamonds. Every card
        of the deck named nowhere is in the discard. ``attacker``: the seat that attacks, by
        default the one ``durak-first-attack`` chooses; it attacks the next seat holding cards.
        A card named twice or not in this game's deck raises ``ValueError`` naming it.
        """
        hs = [as_cards(h) for h in hands]
        if len(hs) != self.players:
            raise ValueError(f"give {self.players} hands")
        stock_cards = as_cards(stock)
        check_named_once(self.deck(), *hs, stock_cards)
        masks = [mask_of_cards(h) for h in hs]
        used = mask_of_cards(stock_cards) | sum(masks)   # hands and stock are disjoint: checked above
        st = tuple(_ID_OF[c] for c in stock_cards)
        shown = st[-1] if st and trump is None else -1
        if trump is None:
            trump = card_of(st[-1]).suit if st else Suit.DIAMONDS
        att = first_attacker(self.rules, masks, trump) if attacker is None else attacker
        return self._bout_start(masks, st, self._deck & ~used, (), att, trump, shown)

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
        """The fast path kept (issue #22): the phase's own move list, in the order records replay
        by. It lists exactly the moves :func:`moves_in_turn` offers and the deciders keep
        (property ``moves_match_clauses``, exhaustive on small positions); the chain of clauses
        costs over ten times as much (random play of every preset), and Durak's legal moves are
        on the hot path of random play and of every state-graph search."""
        return self._moves_of[state.phase](state)

    def beaters(self, state: State) -> tuple[int, ...]:
        """For each card id, the mask of the cards that beat it (``durak-beat``)."""
        return self._beaters[state.trump]

    def unbeatable(self, state: State) -> int:
        """The first open attacking card the defender holds nothing to beat, or -1."""
        hand, beaters = state.hands[state.defender], self._beaters[state.trump]
        for a, d in state.table:
            if d == OPEN and not hand & beaters[a]:
                return a
        return -1

    def bout_limit(self, defender_hand: int) -> int:
        """The most attacking cards a bout against this hand may hold (``durak-attack-limit``)."""
        return attack_limit(self.rules, defender_hand)

    def transfer_target(self, state: State) -> int:
        """The player a transfer would pass the attack to now, or -1 if none is allowed."""
        nxt = next_seat_with_cards(state.defender, state.hands)
        if nxt >= 0 and may_transfer(self.rules, state.table, state.hands[nxt]):
            return nxt
        return -1

    def apply(self, state: State, move) -> State:
        d = state.__dict__.copy()
        self._handlers[type(move)](d, move)
        s = _new(State)
        _setattr(s, "__dict__", d)
        return s

    def _pass(self, d: dict, mv: Pass) -> None:
        if d["phase"] == LEAD:
            self.lead_phase.pass_on(d)
        else:
            self.throw_in.pass_turn(d)

    # ------------------------------------------------------------ result
    def outcome(self, state: State) -> Outcome:
        if state.phase != OVER:
            raise ValueError("the game is not over")
        return result(self.rules, state.hands, state.finished, state.defender)

    def max_plays(self) -> int | None:
        return None  # 3+ players (and the pairs lead) can loop: see the termination properties

    # ---------------------------------------------------------- notation
    def parse_move(self, text: str):
        mv = super().parse_move(text)
        for c in _laid(mv) if type(mv) not in (Take, Pass) else ():
            if not self._deck >> _ID_OF.get(c, 63) & 1:
                raise NotationError(Msg("card {card} is not in this game's deck", card=str(c)))
        if type(mv) is Beat and not self._deck >> _ID_OF.get(mv.attack, 63) & 1:
            raise NotationError(Msg("card {card} is not in this game's deck", card=str(mv.attack)))
        return mv


GAME = Durak
