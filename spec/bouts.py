"""Shared attack-and-defence ("beating") bout logic: Durak, Bura and kin.

A *bout* is one attack on one defender: attacking cards are laid on the
table, the defender covers (beats) each with a card of his own, or takes
them. Games of this family (Дурак, Бура, and the catalogue's other games
"на отбое") differ in how an attack may be made and when it ends, but share
the pieces here:

* a compact card encoding -- a card is an integer id, a set of cards an
  integer bit mask -- so that hands are cheap to copy, compare and hash
  (random play and exhaustive state-graph searches both need that);
* :class:`BeatRule`: which card beats which (a higher card of the same suit,
  or a trump on a non-trump; optionally suits that only their own suit may
  beat, as in Japanese Durak);
* the table of a bout as pairs ``(attack, cover)`` with :data:`OPEN` for a
  card not yet covered;
* lead options (one card or several of one rank, or of one suit:
  :func:`suit_leads`), covers (:meth:`BeatRule.cover_options`: the answers
  that beat an attack of several cards card by card; :func:`cover_assignment`
  for masks), seat order, drawing back to a full hand (:func:`draw_turns`),
  and the holder of the lowest trump.

Each rule that lists a player's options also says why any other move is
refused (:meth:`BeatRule.why_not_cover`, :func:`why_not_suit_lead`); the
two are proved to agree exhaustively over small hands
(``tests/test_kit_bouts.py``).

Ids are rank-major: ``id = (rank - 2) * 4 + suit_index`` with suits in the
order ♠ ♥ ♦ ♣, so the four cards of a rank are four adjacent bits and the
lowest set bit of a suit's cards is its lowest card.

>>> from spec.cards import parse_cards
>>> rule = BeatRule(trump=Suit.HEARTS)
>>> a, b, c = parse_cards("7♠ 9♠ 6♥")
>>> rule.beats(a, b), rule.beats(b, a), rule.beats(b, c)
(True, False, True)
>>> format_mask(mask_of(parse_cards("A♣ 6♠ 6♥")))
'6♠ 6♥ A♣'
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import combinations, permutations
from operator import itemgetter

from spec.cards import SUIT_ORDER, Card, Rank, Suit, format_card, parse_card
from spec.errors import NotationError
from spec.i18n import Msg

__all__ = [
    "OPEN", "CARDS", "card_id", "card_of", "bit", "mask_of", "cards_of", "ids_of", "format_mask",
    "count", "RANK_MASK", "SAME_RANK", "SUIT_MASK", "rank_of", "suit_of", "deck_mask", "BeatRule",
    "ranks_by_strength", "undefended", "all_covered", "table_mask", "table_rank_mask", "lead_options", "suit_leads",
    "why_not_suit_lead", "why_not_held", "cover_assignment", "RANK_SUBSETS",
    "next_seat_with_cards", "draw_order", "draw_turns", "draw_up", "lowest_trump_holder", "parse_card_id",
]

#: The cover of an attacking card that is not yet beaten.
OPEN = -1

_SUIT_INDEX = {s: i for i, s in enumerate(SUIT_ORDER)}

#: Every card of a 52-card deck by id.
CARDS: tuple[Card, ...] = tuple(Card(Rank(i // 4 + 2), SUIT_ORDER[i % 4]) for i in range(52))
_BITS = tuple(1 << i for i in range(52))
#: The four cards of a rank, by rank value (2..14).
RANK_MASK: dict[int, int] = {r: 0xF << ((r - 2) * 4) for r in range(2, 15)}
#: The four cards of a card's rank, by card id.
SAME_RANK: tuple[int, ...] = tuple(0xF << (i // 4 * 4) for i in range(52))
#: The cards of a suit, by suit.
SUIT_MASK: dict[Suit, int] = {s: sum(1 << ((r - 2) * 4 + i) for r in range(2, 15)) for s, i in _SUIT_INDEX.items()}


def card_id(card: Card) -> int:
    return (int(card.rank) - 2) * 4 + _SUIT_INDEX[card.suit]


def card_of(cid: int) -> Card:
    return CARDS[cid]


def bit(cid: int) -> int:
    return _BITS[cid]


def rank_of(cid: int) -> int:
    """The rank value (2..14) of a card id."""
    return cid // 4 + 2


def suit_of(cid: int) -> Suit:
    return SUIT_ORDER[cid % 4]


def mask_of(cards: Iterable[Card]) -> int:
    m = 0
    for c in cards:
        m |= 1 << card_id(c)
    return m


def ids_of(mask: int) -> list[int]:
    """The card ids of a mask, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def cards_of(mask: int) -> tuple[Card, ...]:
    return tuple(CARDS[i] for i in ids_of(mask))


def count(mask: int) -> int:
    return mask.bit_count()


def format_mask(mask: int) -> str:
    return " ".join(format_card(c) for c in cards_of(mask))


def deck_mask(deck_size: int) -> int:
    """The top ``deck_size / 4`` ranks of every suit (36: six to ace)."""
    low = 15 - deck_size // 4
    return sum(RANK_MASK[r] for r in range(low, 15))


def parse_card_id(text: str, deck: int) -> int:
    """Read one card and check it belongs to the deck mask ``deck``."""
    cid = card_id(parse_card(text))
    if not deck >> cid & 1:
        raise NotationError(Msg("card {card} is not in this game's deck", card=repr(text)))
    return cid


# ------------------------------------------------------------------- beating

@dataclass(frozen=True)
class BeatRule:
    """Which card beats which in a bout.

    A card is beaten by a higher card of its own suit, or by any trump when
    it is not a trump itself -- except that a card of a suit in
    ``own_suit_only`` can be beaten only by a higher card of that suit.
    """

    trump: Suit | None
    own_suit_only: frozenset[Suit] = frozenset()
    #: the ranks from lowest to highest when not the natural order, e.g. Bura's
    #: ``(6, 7, 8, 9, J, Q, K, 10, A)`` with the ten above the king (see :func:`ranks_by_strength`);
    #: empty: the natural order (2 lowest, ace highest)
    order: tuple[Rank, ...] = ()
    #: each rank's place in the order, by rank value (-1: a rank the order does not name)
    _strength: tuple[int, ...] = field(init=False, repr=False, compare=False)
    _by = None   # the cards that beat each card, made on first use (see _beaten_by)

    def __post_init__(self) -> None:
        place = {r: i for i, r in enumerate(self.order)} if self.order else {r: int(r) for r in Rank}
        object.__setattr__(self, "_strength", tuple(place.get(r, -1) for r in range(max(Rank) + 1)))

    def beats(self, attack: Card, cover: Card) -> bool:
        if cover.suit == attack.suit:
            strength = self._strength
            return strength[cover.rank] > strength[attack.rank] >= 0
        if self.own_suit_only and attack.suit in self.own_suit_only:
            return False
        return self.trump is not None and cover.suit == self.trump

    def covers(self, attack: Sequence[Card], cover: Sequence[Card]) -> bool:
        """Whether the cards of ``cover`` pair one to one with the cards of ``attack`` so that
        each beats its partner (an attack of several cards is beaten card by card)."""
        k = len(attack)
        if len(cover) != k:
            return False
        by = self._by or self._beaten_by()
        if k == 1:  # the usual cases written out: this is on the hot path
            return cover[0] in by[attack[0]]
        if k == 2:
            a, b = by[attack[0]], by[attack[1]]
            x, y = cover
            return (x in a and y in b) or (y in a and x in b)
        beaten = [by[a] for a in attack]
        return any(all(c in s for c, s in zip(perm, beaten)) for perm in permutations(cover))

    def cover_options(self, attack: Sequence[Card], hand: Sequence[Card]) -> tuple[tuple[Card, ...], ...]:
        """Every answer of ``len(attack)`` cards of ``hand`` that beats ``attack`` card by card,
        in ``itertools.combinations`` order of the hand.

        >>> from spec.cards import parse_cards
        >>> rule = BeatRule(Suit.DIAMONDS)
        >>> [" ".join(map(str, c)) for c in rule.cover_options(parse_cards("Q♠ 7♠"), parse_cards("9♦ J♠ 6♣"))]
        ['9♦ J♠']
        """
        if len(attack) == 1:
            beaten = (self._by or self._beaten_by())[attack[0]]
            return tuple([(c,) for c in hand if c in beaten])
        covers = self.covers
        return tuple([c for c in combinations(hand, len(attack)) if covers(attack, c)])

    def _beaten_by(self) -> dict[Card, frozenset[Card]]:
        """For each card of the 52, the cards that beat it (made once per rule, on first use)."""
        by = _BEATEN_BY.get(self)
        if by is None:
            by = _BEATEN_BY[self] = {a: frozenset(c for c in CARDS if self.beats(a, c)) for a in CARDS}
        object.__setattr__(self, "_by", by)
        return by

    def need(self) -> str:
        """What beats a card under this rule, in words."""
        text = Msg("a higher card of its suit or a trump") if self.trump is not None else \
            Msg("a higher card of its suit")
        notes = ([Msg("trumps {suit}", suit=self.trump.symbol)] if self.trump is not None else []) + \
            [Msg("{suit} only by a higher {suit}", suit=s.symbol) for s in SUIT_ORDER if s in self.own_suit_only]
        return Msg("{need} ({notes})", need=text, notes=Msg.join("; ", notes)) if notes else text

    def why_not_cover(self, attack: Sequence[Card], cover: Sequence[Card], hand: Sequence[Card]) -> str | None:
        """A player's sentence saying why ``cover`` (cards of ``hand``) does not beat ``attack``,
        or ``None`` when it is one of :meth:`cover_options`.

        >>> from spec.cards import parse_cards
        >>> BeatRule(Suit.DIAMONDS).why_not_cover(parse_cards("Q♠ 10♠"), parse_cards("9♠ A♣"), parse_cards("9♠ A♣"))
        '9♠ A♣ do not beat Q♠ 10♠ card by card: each card needs a higher card of its suit or a trump (trumps ♦)'
        """
        held = why_not_held(cover, hand)
        if held:
            return held
        if len(cover) != len(attack):
            return Msg("{n} card(s) to beat: answer with {n}", n=len(attack))
        if self.covers(attack, cover):
            return None
        return Msg("{cover} do not beat {attack} card by card: each card needs {need}",
                   cover=" ".join(map(str, cover)), attack=" ".join(map(str, attack)), need=self.need())

    def beater_masks(self) -> tuple[int, ...]:
        """For each card id, the mask of every card that beats it (computed once per rule)."""
        cached = _BEATER_CACHE.get(self)
        if cached is None:
            cached = _BEATER_CACHE[self] = self._beater_masks()
        return cached

    def _beater_masks(self) -> tuple[int, ...]:
        known = set(self.order) if self.order else None
        out = []
        for a in CARDS:
            m = 0
            if known is None or a.rank in known:
                for i, c in enumerate(CARDS):
                    if (known is None or c.rank in known) and self.beats(a, c):
                        m |= 1 << i
            out.append(m)
        return tuple(out)


_BEATER_CACHE: dict[BeatRule, tuple[int, ...]] = {}
_BEATEN_BY: dict[BeatRule, dict[Card, frozenset[Card]]] = {}


def why_not_held(cards: Sequence[Card], hand: Sequence[Card], holder: str = "") -> str | None:
    """Why ``cards`` are not cards of ``hand``, each named once (``None`` when they are);
    ``holder`` names the player in the sentence.

    >>> from spec.cards import parse_cards
    >>> why_not_held(parse_cards("7♠ 9♦"), parse_cards("7♠ K♠"), "P1"), why_not_held(parse_cards("9♦"), ())
    ('P1 does not hold 9♦', '9♦ is not in the hand')
    """
    if not cards:
        return Msg("name at least one card")
    for c in cards:
        if c not in hand:
            return Msg("{player} does not hold {card}", player=holder, card=str(c)) if holder else \
                Msg("{card} is not in the hand", card=str(c))
    if len(set(cards)) != len(cards):
        return Msg("a card is named twice")
    return None


def ranks_by_strength(strength: Mapping[Rank, int]) -> tuple[Rank, ...]:
    """A rank order for :class:`BeatRule` (ranks lowest first) from a strength table
    (rank -> strength, higher beats lower), such as :data:`spec.tricks.TEN_HIGH_ORDER`
    or one made by :func:`spec.tricks.rank_order`. A rule with an order knows only
    the ranks it names: cards of other ranks are not in its game.

    >>> from spec.cards import parse_cards
    >>> from spec.tricks import TEN_HIGH_ORDER
    >>> rule = BeatRule(trump=Suit.HEARTS, order=ranks_by_strength(TEN_HIGH_ORDER))
    >>> ten, king = parse_cards("10♠ K♠")
    >>> rule.beats(king, ten), rule.beats(ten, king)
    (True, False)
    """
    return tuple(sorted(strength, key=lambda r: strength[r]))


# --------------------------------------------------------------------- table

def undefended(table: Sequence[tuple[int, int]]) -> list[int]:
    """The attacking cards not yet covered, in the order they were laid."""
    return [a for a, d in table if d == OPEN]


def all_covered(table: Sequence[tuple[int, int]]) -> bool:
    return all(d != OPEN for _, d in table)


def table_mask(table: Sequence[tuple[int, int]]) -> int:
    """Every card on the table, attacking and covering."""
    m = 0
    for a, d in table:
        m |= _BITS[a]
        if d != OPEN:
            m |= _BITS[d]
    return m


def table_rank_mask(table: Sequence[tuple[int, int]]) -> int:
    """Every card whose rank is on the table (for throwing in)."""
    m = 0
    for a, d in table:
        m |= RANK_MASK[a // 4 + 2]
        if d != OPEN:
            m |= RANK_MASK[d // 4 + 2]
    return m


# ---------------------------------------------------------------------- leads

def _subsets(nibble: int) -> tuple[tuple[int, int], ...]:
    subs, s = [], nibble
    while s:
        subs.append((s, s.bit_count()))
        s = (s - 1) & nibble
    return tuple(sorted(subs))


# (mask, size) of every non-empty subset of the cards of one rank, by rank slot and nibble
_RANK_SUBSETS = tuple(tuple(tuple((m << (4 * k), n) for m, n in _subsets(nib)) for nib in range(16))
                      for k in range(13))
#: ``RANK_SUBSETS[k][nibble]``: (mask, size) of every non-empty subset of the cards
#: ``nibble`` of rank slot ``k`` (rank ``k + 2``), in :func:`lead_options` order
RANK_SUBSETS = _RANK_SUBSETS
# the same masks without sizes, for the common case of no size restriction
_RANK_SUBSET_MASKS = tuple(tuple(tuple(m for m, _ in subs) for subs in row) for row in _RANK_SUBSETS)


def lead_options(hand: int, limit: int, sizes: tuple[int, ...] | None = None) -> list[int]:
    """Every lead of one card or several of one rank, as masks, at most ``limit`` cards.

    ``sizes`` restricts the number of cards (e.g. ``(2,)`` for pairs only).
    Ordered by rank, then by the subset's bits.

    >>> from spec.cards import parse_cards
    >>> [format_mask(m) for m in lead_options(mask_of(parse_cards("7♠ 7♥ 9♦")), 2)]
    ['7♠', '7♥', '7♠ 7♥', '9♦']
    """
    out: list[int] = []
    free = sizes is None and limit >= 4
    h = hand
    while h:
        k = ((h & -h).bit_length() - 1) >> 2
        shift = 4 * k
        nib = (h >> shift) & 0xF
        h &= ~(0xF << shift)
        if free:
            out.extend(_RANK_SUBSET_MASKS[k][nib])
        else:
            out.extend([m for m, n in _RANK_SUBSETS[k][nib] if n <= limit and (sizes is None or n in sizes)])
    return out


_SUIT = itemgetter(1)   # a card's suit (a Card is a named tuple: rank, suit)


def suit_leads(hand: Sequence[Card], most: int) -> tuple[tuple[Card, ...], ...]:
    """Every lead of one card or several cards of one suit from ``hand``, of at most ``most``
    cards (the fewest any player holds: no lead may be larger than a hand that answers it).
    Ordered by size, then in ``itertools.combinations`` order of the hand (Bura's leads).

    >>> from spec.cards import parse_cards
    >>> [" ".join(map(str, s)) for s in suit_leads(parse_cards("7♠ K♠ 9♦"), 3)]
    ['7♠', 'K♠', '9♦', '7♠ K♠']
    """
    out = [(c,) for c in hand] if most >= 1 else []
    for k in range(2, most + 1):
        out.extend([s for s in combinations(hand, k) if len(set(map(_SUIT, s))) == 1])
    return tuple(out)


def why_not_suit_lead(cards: Sequence[Card], hand: Sequence[Card], most: int) -> str | None:
    """A player's sentence saying why ``cards`` are not a lead of :func:`suit_leads`, or ``None``.

    >>> from spec.cards import parse_cards
    >>> why_not_suit_lead(parse_cards("7♠ 9♦"), parse_cards("7♠ K♠ 9♦"), 3)
    '7♠ 9♦ are not of one suit: several cards are led only if of one suit'
    """
    held = why_not_held(cards, hand)
    if held:
        return held
    if len({c.suit for c in cards}) > 1:
        return Msg("{cards} are not of one suit: several cards are led only if of one suit",
                   cards=" ".join(map(str, cards)))
    if len(cards) > most:
        return Msg("a lead of {n} cards, but a player holds only {most}", n=len(cards), most=most)
    return None


def cover_assignment(attacks: Sequence[int], hand: int, beaters: Sequence[int]) -> dict[int, int] | None:
    """Cover every attacking card with its own card of ``hand``, if possible.

    ``beaters[c]`` is the mask of cards that beat card ``c`` (see
    :meth:`BeatRule.beater_masks`). Returns ``{attack: cover}`` or ``None``
    when no assignment exists (a bipartite matching by augmenting paths), for
    games where the defender must beat all or nothing.

    >>> from spec.cards import parse_cards
    >>> b = BeatRule(trump=Suit.HEARTS).beater_masks()
    >>> a = [card_id(c) for c in parse_cards("7♠ 8♠")]
    >>> cover = cover_assignment(a, mask_of(parse_cards("9♠ 6♥")), b)
    >>> sorted((format_card(card_of(x)), format_card(card_of(y))) for x, y in cover.items())
    [('7♠', '9♠'), ('8♠', '6♥')]
    >>> cover_assignment(a, mask_of(parse_cards("9♠ 6♦")), b) is None
    True
    """
    owner: dict[int, int] = {}   # cover card -> attack card

    def place(a: int, seen: set[int]) -> bool:
        for c in ids_of(hand & beaters[a]):
            if c in seen:
                continue
            seen.add(c)
            if c not in owner or place(owner[c], seen):
                owner[c] = a
                return True
        return False

    for a in attacks:
        if not place(a, set()):
            return None
    return {a: c for c, a in owner.items()}


# --------------------------------------------------------------- seats, draw

def next_seat_with_cards(seat: int, hands: Sequence[int], skip: int = -1) -> int:
    """The first other seat after ``seat`` (clockwise) whose hand is not empty
    and is not ``skip``; ``-1`` if there is none."""
    n = len(hands)
    for k in range(1, n):
        p = (seat + k) % n
        if p != skip and hands[p]:
            return p
    return -1


def draw_order(first: int, last: int, players: int) -> tuple[int, ...]:
    """Drawing order after a bout: from ``first`` round the table, ``last`` at the end."""
    return tuple(p for p in ((first + k) % players for k in range(players)) if p != last) + (last,)


def draw_turns(needs: Sequence[int], order: Sequence[int], stock: int, *, one_at_a_time: bool = False,
               all_or_none: bool = False) -> tuple[int, ...]:
    """Who draws each card from the top of a stock of ``stock`` cards, in turn.

    The players of ``order`` draw until each has drawn ``needs[p]`` or the stock is
    empty: each in turn all he needs (Durak), or with ``one_at_a_time`` one card a
    turn round ``order`` (Bura). With ``all_or_none`` nobody draws when the stock
    cannot serve everyone.

    >>> draw_turns([2, 1, 2], (1, 2, 0), 4), draw_turns([2, 1, 2], (1, 2, 0), 4, one_at_a_time=True)
    ((1, 2, 2, 0), (1, 2, 0, 2))
    >>> draw_turns([2, 1, 2], (1, 2, 0), 4, all_or_none=True)
    ()
    """
    wanted = [needs[p] for p in order]
    total = sum(wanted)
    if all_or_none and stock < total:
        return ()
    total = min(total, stock)
    out: list[int] = []
    if one_at_a_time:   # round r: everyone who needs more than r cards draws one
        r = 0
        while len(out) < total:
            for p, n in zip(order, wanted):
                if n > r:
                    out.append(p)
            r += 1
    else:
        for p, n in zip(order, wanted):
            out += [p] * n
    return tuple(out[:total])


def draw_up(hands: list[int], stock: tuple[int, ...], order: Sequence[int],
            hand_size: int) -> tuple[int, ...]:
    """Each player in ``order`` draws from the top of ``stock`` back to ``hand_size``: the
    drawing of :func:`draw_turns` (each in turn all he needs) done on masks, written out for
    Durak's hot path (``tests/test_kit_bouts.py`` proves the two the same).

    ``hands`` is updated in place; returns the rest of the stock.
    """
    for p in order:
        if not stock:
            break
        need = hand_size - hands[p].bit_count()
        if need > 0:
            got, stock = stock[:need], stock[need:]
            for c in got:
                hands[p] |= _BITS[c]
    return stock


def lowest_trump_holder(hands: Sequence[int], trump: Suit) -> int:
    """The seat holding the lowest trump, or ``-1`` if nobody holds one."""
    best, seat = None, -1
    tm = SUIT_MASK[trump]
    for p, h in enumerate(hands):
        t = h & tm
        if t:
            low = (t & -t).bit_length()
            if best is None or low < best:
                best, seat = low, p
    return seat
