"""Shared trick-taking rules: following suit, who wins a trick, who leads next.

Every trick-taking game (Trix, Sixty-Six, Kerosinka, Bura, Truf ...) builds
on these; none of it is private to one game. A game passes its own rank
order (a mapping rank -> strength) and trump suit.

>>> from spec.cards import parse_cards
>>> t = Trick(leader=0, plays=tuple(zip((0, 1, 2), parse_cards("Q♠ A♠ 2♥"))))
>>> trick_winner(t, trump=None), trick_winner(t, trump=Suit.HEARTS)
(1, 2)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from spec.cards import Card, Rank, Suit

#: Natural strength: 2 lowest, ace highest.
NATURAL_ORDER: Mapping[Rank, int] = {r: int(r) for r in Rank}
#: Sixty-Six / Schnapsen family: 9 J Q K 10 A.
TEN_HIGH_ORDER: Mapping[Rank, int] = {Rank.NINE: 0, Rank.JACK: 1, Rank.QUEEN: 2, Rank.KING: 3,
                                      Rank.TEN: 4, Rank.ACE: 5}


@dataclass(frozen=True)
class Trick:
    """A trick in progress or complete: who led and the (player, card) plays in order."""

    leader: int
    plays: tuple[tuple[int, Card], ...] = ()

    @property
    def led(self) -> Suit | None:
        return self.plays[0][1].suit if self.plays else None

    @property
    def cards(self) -> tuple[Card, ...]:
        return tuple(c for _, c in self.plays)


def cards_of_suit(hand: Iterable[Card], suit: Suit | None) -> tuple[Card, ...]:
    return tuple(c for c in hand if c.suit == suit)


def follow_suit_options(hand: Sequence[Card], led: Suit | None) -> tuple[Card, ...]:
    """Must follow suit if able; otherwise any card. Nothing led: any card."""
    if led is None:
        return tuple(hand)
    same = [c for c in hand if c.suit is led]  # a list comprehension: this is on every game's hot path
    return tuple(same) if same else tuple(hand)


def follow_or_trump_options(hand: Sequence[Card], led: Suit | None, trump: Suit | None) -> tuple[Card, ...]:
    """Follow suit if able; else trump if able; else any card."""
    if led is None:
        return tuple(hand)
    same = cards_of_suit(hand, led)
    if same:
        return same
    trumps = cards_of_suit(hand, trump) if trump is not None else ()
    return trumps if trumps else tuple(hand)


def beats(card: Card, best: Card, trump: Suit | None, order: Mapping[Rank, int] = NATURAL_ORDER) -> bool:
    """Whether ``card`` beats the current best card of a trick.

    A higher card of the same suit beats; a trump beats any non-trump.
    """
    if card.suit == best.suit:
        return order[card.rank] > order[best.rank]
    return trump is not None and card.suit == trump


def winning_play(plays: Sequence[tuple[int, Card]], trump: Suit | None,
                 order: Mapping[Rank, int] = NATURAL_ORDER) -> tuple[int, Card]:
    best = plays[0]
    for play in plays[1:]:
        if beats(play[1], best[1], trump, order):
            best = play
    return best


def trick_winner(trick: Trick, trump: Suit | None, order: Mapping[Rank, int] = NATURAL_ORDER) -> int:
    """The player who wins ``trick``: highest trump, else highest card of the suit led."""
    return winning_play(trick.plays, trump, order)[0]


def next_leader(winner: int) -> int:
    """The winner of a trick leads the next (the common rule)."""
    return winner


def points_in(cards: Iterable[Card], points: Mapping[Rank, int]) -> int:
    """Card points in a set of cards (ranks missing from the table count 0)."""
    return sum(points.get(c.rank, 0) for c in cards)


def next_seat(seat: int, players: int, direction: int = 1) -> int:
    """The next seat: ``direction`` 1 is clockwise (to the left), -1 anticlockwise."""
    return (seat + direction) % players


def head_if_able(options: Sequence[Card], plays: Sequence[tuple[int, Card]], trump: Suit | None,
                 order: Mapping[Rank, int] = NATURAL_ORDER) -> tuple[Card, ...]:
    """Of the cards allowed by the following rules, those that would win the trick so far.

    For rules that oblige a player to win the trick when able (to "head" it);
    when no allowed card wins, every allowed card stays allowed.
    """
    if not plays:
        return tuple(options)
    best = winning_play(plays, trump, order)[1]
    winners = tuple(c for c in options if beats(c, best, trump, order))
    return winners if winners else tuple(options)


# --------------------------------------------------------- rank orders and duties
#
# A trick game's card order in one value: which suit a card counts as, and how
# strong it is there. Special cards (a card of no suit that is the top trump, a
# hierarchy of super-trumps above the trumps) are listed explicitly.


#: The strength of the lowest super-trump: every rank's strength in a :class:`TrickOrder` is below it.
SUPER_STRENGTH = 1000


@dataclass(frozen=True)
class TrickOrder:
    """The order of cards in a trick game.

    ``order`` ranks cards of a suit (for example :data:`TEN_HIGH_ORDER`, the
    10 above the king). ``super_trumps`` lists cards, lowest first, that count
    as trumps and beat every other trump, whatever their printed suit (the
    jacks of old Kozel; Kerosinka's 10♥, which belongs to no suit of its own).

    >>> from spec.cards import parse_card, parse_cards
    >>> o = TrickOrder(Suit.CLUBS, super_trumps=parse_cards("J♦ J♥ J♠ J♣"))
    >>> o.suit_of(parse_card("J♥")), o.winner(tuple(enumerate(parse_cards("A♣ J♦ K♣"))))
    (<Suit.CLUBS: 'c'>, 1)
    """

    trump: Suit | None
    order: Mapping[Rank, int] = field(default_factory=lambda: NATURAL_ORDER)
    super_trumps: tuple[Card, ...] = ()

    def __post_init__(self) -> None:
        if max(self.order.values()) >= SUPER_STRENGTH:
            raise ValueError(f"TrickOrder: a rank's strength must be below {SUPER_STRENGTH}, "
                             "where the super-trumps begin")

    def suit_of(self, card: Card) -> Suit | None:
        """The suit a card counts as: a super-trump counts as a trump."""
        return self.trump if card in self.super_trumps else card.suit

    def strength(self, card: Card) -> int:
        """Strength within the card's suit; super-trumps above every ordinary card."""
        if card in self.super_trumps:
            return SUPER_STRENGTH + self.super_trumps.index(card)
        return self.order[card.rank]

    def beats(self, card: Card, best: Card) -> bool:
        """Whether ``card`` beats the best card of the trick so far."""
        suit, top = self.suit_of(card), self.suit_of(best)
        if suit == top:
            return self.strength(card) > self.strength(best)
        return self.trump is not None and suit == self.trump

    def winning_play(self, plays: Sequence[tuple[int, Card]]) -> tuple[int, Card]:
        best = plays[0]
        for play in plays[1:]:
            if self.beats(play[1], best[1]):
                best = play
        return best

    def winner(self, plays: Sequence[tuple[int, Card]]) -> int:
        """The player whose card wins these plays."""
        return self.winning_play(plays)[0]


@dataclass(frozen=True, kw_only=True)
class Duties:
    """What a player must play to a trick, as options (PokerKit-style defaults: none).

    follow
        play a card of the suit led if able;
    follow_rank
        or else (with ``follow``: alternatively) a card of the rank led;
    trump
        unable to follow, play a trump if able;
    head
        among the cards allowed, win the trick if able.
    """

    follow: bool = True
    follow_rank: bool = False
    trump: bool = False
    head: bool = False

    def answers(self, hand: Sequence[Card], led_card: Card, order: TrickOrder) -> tuple[Card, ...]:
        """The cards of ``hand`` that follow ``led_card``: its suit, or (``follow_rank``) its rank."""
        led = order.suit_of(led_card)
        return tuple(c for c in hand if order.suit_of(c) == led
                     or (self.follow_rank and c.rank == led_card.rank and c not in order.super_trumps))

    def options(self, hand: Sequence[Card], plays: Sequence[tuple[int, Card]], order: TrickOrder) -> tuple[Card, ...]:
        """The cards of ``hand`` that may be played to a trick holding ``plays``."""
        if not plays:
            return tuple(hand)
        allowed: tuple[Card, ...] = tuple(hand)
        if self.follow:
            same = self.answers(hand, plays[0][1], order)
            if same:
                allowed = same
            elif self.trump and order.trump is not None:
                trumps = tuple(c for c in hand if order.suit_of(c) == order.trump)
                allowed = trumps or allowed
        if self.head:
            best = order.winning_play(plays)[1]
            winners = tuple(c for c in allowed if order.beats(c, best))
            allowed = winners or allowed
        return allowed

    def why_not(self, card: Card, hand: Sequence[Card], plays: Sequence[tuple[int, Card]],
                order: TrickOrder) -> str | None:
        """A player's sentence saying why ``card`` may not be played here, or ``None``."""
        if card not in hand:
            return f"{card} is not in the hand"
        allowed = self.options(hand, plays, order)
        if card in allowed:
            return None
        if self.follow:
            same = self.answers(hand, plays[0][1], order)
            if same and card not in same:
                return f"{card} does not follow suit: {plays[0][1]} was led and the hand holds {same[0]}"
            # unable to follow, the hand holds a trump (else every card is allowed and cannot head)
            if not same and self.trump and order.trump is not None and order.suit_of(card) != order.trump:
                return f"{card} is neither of the suit led nor a trump, and the hand holds a trump"
        return f"{card} does not win the trick, and another allowed card would"


def lead_options_barring(hand: Sequence[Card], barred: Suit) -> tuple[Card, ...]:
    """The cards that may be led when ``barred`` may not be led while the hand
    holds another suit (Trix's hearts; "hearts not broken" in Hearts-like
    games). A hand of nothing but that suit leads it.

    >>> from spec.cards import parse_cards
    >>> lead_options_barring(parse_cards("2♥ 9♣"), Suit.HEARTS), lead_options_barring(parse_cards("2♥"), Suit.HEARTS)
    ((Card(rank=<Rank.NINE: 9>, suit=<Suit.CLUBS: 'c'>),), (Card(rank=<Rank.TWO: 2>, suit=<Suit.HEARTS: 'h'>),))
    """
    others = [c for c in hand if c.suit is not barred]  # a list comprehension: this is on the hot path
    return tuple(others) if others else tuple(hand)


# ------------------------------------------- rank orders from lists; cards of no suit


def rank_order(*ranks: Rank) -> Mapping[Rank, int]:
    """A rank order from the ranks listed lowest first (Kerosinka's and old
    Kozel's 6 7 8 9 J Q K 10 A, California Jack's 2 ... K A 10).

    >>> o = rank_order(Rank.NINE, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.TEN, Rank.ACE)
    >>> o == TEN_HIGH_ORDER, o[Rank.TEN] > o[Rank.KING]
    (True, True)
    """
    if len(set(ranks)) != len(ranks):
        raise ValueError("rank_order: a rank is listed twice")
    return {r: i for i, r in enumerate(ranks)}


@dataclass(frozen=True, kw_only=True)
class SuitlessDuties(Duties):
    """:class:`Duties` for a deck with cards that belong to no suit.

    A *suitless* card (Kerosinka's 10♥) must also be a super-trump of the
    :class:`TrickOrder`: it wins as a trump, yet is no card of its printed
    suit. Led, it asks for its rank (with ``follow_rank``), else a trump;
    played to another lead it counts as a trump, and -- with
    ``suitless_rank`` -- also answers a lead of its rank. Every other card is
    followed as in :class:`Duties`.

    >>> from spec.cards import parse_card, parse_cards
    >>> ten = parse_card("10♥")
    >>> o = TrickOrder(Suit.CLUBS, super_trumps=(ten,))
    >>> d = SuitlessDuties(follow_rank=True, trump=True, suitless=(ten,))
    >>> hand = parse_cards("10♠ 7♣ 8♥")
    >>> d.options(hand, ((0, ten),), o), d.options(parse_cards("7♣ 8♥"), ((0, ten),), o)
    ((Card(rank=<Rank.TEN: 10>, suit=<Suit.SPADES: 's'>),), (Card(rank=<Rank.SEVEN: 7>, suit=<Suit.CLUBS: 'c'>),))
    >>> d.options(parse_cards("10♥ 9♥"), ((0, parse_card("A♥")),), o)  # the 10♥ is no heart
    (Card(rank=<Rank.NINE: 9>, suit=<Suit.HEARTS: 'h'>),)
    """

    suitless: tuple[Card, ...] = ()
    #: a suitless card answers a lead of its own rank (Kerosinka's 10♥ is a ten)
    suitless_rank: bool = True

    def answers(self, hand: Sequence[Card], led_card: Card, order: TrickOrder) -> tuple[Card, ...]:
        """The cards of ``hand`` that answer ``led_card``: its suit or (``follow_rank``)
        its rank; a suitless card led is answered by its rank only."""
        rank, suitless, supers = led_card.rank, self.suitless, order.super_trumps
        if led_card in suitless:
            return tuple(c for c in hand if c.rank == rank) if self.follow_rank else ()
        led = order.suit_of(led_card)
        out = []
        for c in hand:
            if order.suit_of(c) == led:
                out.append(c)
            elif self.follow_rank and c.rank == rank:
                if c in suitless:
                    if self.suitless_rank:
                        out.append(c)
                elif c not in supers:
                    out.append(c)
        return tuple(out)

    def why_not(self, card: Card, hand: Sequence[Card], plays: Sequence[tuple[int, Card]],
                order: TrickOrder) -> str | None:
        if card not in hand:
            return f"{card} is not in the hand"
        allowed = self.options(hand, plays, order)
        if card in allowed:
            return None
        led_card = plays[0][1]
        if self.follow:
            same = self.answers(hand, led_card, order)
            if same and card not in same:
                rank = f"a card of rank {led_card.rank.label}"
                if led_card in self.suitless:
                    what = rank
                else:
                    suit = order.suit_of(led_card)
                    what = f"a {suit.symbol} card" + (f" or {rank}" if self.follow_rank else "")
                return f"{card} does not answer {led_card}: {led_card} asks for {what}, and the hand holds {same[0]}"
            if not same and self.trump and order.trump is not None and order.suit_of(card) != order.trump:
                return (f"{card} is not a trump: the hand cannot answer {led_card}, so it must play a trump, "
                        f"such as {allowed[0]}")
        return f"{card} does not win the trick, and another allowed card would"


@dataclass(frozen=True, kw_only=True)
class SuitOrTrumpDuties(Duties):
    """The All Fours family's duty (California Jack, Seven-Up): a player who
    holds the suit led or a trump must play one of the two -- trumping is
    allowed even when able to follow; holding neither, any card.

    >>> from spec.cards import parse_card, parse_cards
    >>> o, d = TrickOrder(Suit.CLUBS), SuitOrTrumpDuties()
    >>> d.options(parse_cards("9♠ 2♣ 7♥"), ((0, parse_card("K♠")),), o)
    (Card(rank=<Rank.NINE: 9>, suit=<Suit.SPADES: 's'>), Card(rank=<Rank.TWO: 2>, suit=<Suit.CLUBS: 'c'>))
    >>> d.why_not(parse_card("7♥"), parse_cards("9♠ 2♣ 7♥"), ((0, parse_card("K♠")),), o)
    '7♥ neither follows K♠ nor is a trump, and the hand holds 9♠'
    """

    def options(self, hand: Sequence[Card], plays: Sequence[tuple[int, Card]], order: TrickOrder) -> tuple[Card, ...]:
        if not plays:
            return tuple(hand)
        led, trump = order.suit_of(plays[0][1]), order.trump
        ok = [c for c in hand if order.suit_of(c) in (led, trump)]
        allowed = tuple(ok) if ok else tuple(hand)
        if self.head:
            best = order.winning_play(plays)[1]
            allowed = tuple(c for c in allowed if order.beats(c, best)) or allowed
        return allowed

    def why_not(self, card: Card, hand: Sequence[Card], plays: Sequence[tuple[int, Card]],
                order: TrickOrder) -> str | None:
        if card not in hand:
            return f"{card} is not in the hand"
        allowed = self.options(hand, plays, order)
        if card in allowed:
            return None
        if order.suit_of(card) not in (order.suit_of(plays[0][1]), order.trump):
            return f"{card} neither follows {plays[0][1]} nor is a trump, and the hand holds {allowed[0]}"
        return f"{card} does not win the trick, and another allowed card would"
