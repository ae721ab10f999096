"""Shared trick-taking rules: the order of cards in a trick, and what a player must play to it.

Every trick-taking game (Trix, Sixty-Six, Kerosinka, Truf ...) builds on two
values of this kit: a :class:`TrickOrder` (the trump suit, the game's rank
order, any super-trumps: which card beats which and who wins a trick) and a
:class:`Duties` (what a player must play: lead, follow suit or rank, trump,
head the trick). ``Duties.options`` lists the cards allowed and
``Duties.why_not`` says why any other card is refused, so a game's legal
plays and its refusals come from one rule. The games whose only move in
play is one card into the trick (Kerosinka, old Kozel, California Jack,
Truf) share its :class:`Play` move and the table around it: the plays a duty
allows (:func:`allowed_plays`) and why another is refused
(:func:`refused_play`), a card laid (:func:`lay`) and a trick taken
(:func:`take`), the zones of hands, trick and taken cards, and their words.

>>> from spec.cards import parse_cards
>>> plays = tuple(zip((0, 1, 2), parse_cards("Q♠ A♠ 2♥")))
>>> TrickOrder(None).winner(plays), TrickOrder(Suit.HEARTS).winner(plays)
(1, 2)
>>> Duties().options(parse_cards("K♠ 7♥"), plays[:1], TrickOrder(None))
(Card(rank=<Rank.KING: 13>, suit=<Suit.SPADES: 's'>),)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType

from spec.cards import Card, Rank, Suit
from spec.i18n import Msg
from spec.moves import move

#: Natural strength: 2 lowest, ace highest.
NATURAL_ORDER: Mapping[Rank, int] = {r: int(r) for r in Rank}
#: Sixty-Six / Schnapsen family: 9 J Q K 10 A.
TEN_HIGH_ORDER: Mapping[Rank, int] = {Rank.NINE: 0, Rank.JACK: 1, Rank.QUEEN: 2, Rank.KING: 3,
                                      Rank.TEN: 4, Rank.ACE: 5}


def points_in(cards: Iterable[Card], points: Mapping[Rank, int]) -> int:
    """Card points in a set of cards (ranks missing from the table count 0)."""
    return sum(points.get(c.rank, 0) for c in cards)


def next_seat(seat: int, players: int, direction: int = 1) -> int:
    """The next seat: ``direction`` 1 is clockwise (to the left), -1 anticlockwise."""
    return (seat + direction) % players


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


# --------------------------------------------------------------- the order of cards
#
# A trick game's card order in one value: which suit a card counts as, and how
# strong it is there. Special cards (a card of no suit that is the top trump, a
# hierarchy of super-trumps above the trumps) are listed explicitly.


#: The strength of the lowest super-trump: every rank's strength in a :class:`TrickOrder` is below it.
SUPER_STRENGTH = 1000


@dataclass(frozen=True)
class TrickOrder:
    """The order of cards in a trick game.

    ``trump`` is the trump suit (``None``: no trumps). ``order`` ranks cards
    of a suit (for example :data:`TEN_HIGH_ORDER`, the 10 above the king).
    ``super_trumps`` lists cards, lowest first, that count as trumps and beat
    every other trump, whatever their printed suit (the jacks of old Kozel;
    Kerosinka's 10♥, which belongs to no suit of its own). A higher card of
    the suit beats, a trump beats any other suit, and a card of another suit
    never wins.

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
        if self.super_trumps:
            suit, top = self.suit_of(card), self.suit_of(best)
            if suit == top:
                return self.strength(card) > self.strength(best)
            return self.trump is not None and suit == self.trump
        # no super-trumps: the printed suit and the rank order (the same rule, on the hot path)
        if card.suit == best.suit:
            return self.order[card.rank] > self.order[best.rank]
        return self.trump is not None and card.suit == self.trump

    def winning_play(self, plays: Sequence[tuple[int, Card]]) -> tuple[int, Card]:
        """The ``(player, card)`` play that wins these plays: of equal cards, the first."""
        best = plays[0]
        if self.super_trumps:
            for play in plays[1:]:
                if self.beats(play[1], best[1]):
                    best = play
            return best
        # no super-trumps: :meth:`beats` written out (this runs once a trick in every trick game)
        order, trump = self.order, self.trump
        top = best[1]
        for play in plays[1:]:
            card = play[1]
            if card.suit == top.suit:
                if order[card.rank] > order[top.rank]:
                    best, top = play, card
            elif trump is not None and card.suit == trump:
                best, top = play, card
        return best

    def winner(self, plays: Sequence[tuple[int, Card]]) -> int:
        """The player whose card wins these plays."""
        return self.winning_play(plays)[0]


# ------------------------------------------------------------------ duties


@dataclass(frozen=True, kw_only=True)
class Duties:
    """What a player must play to a trick, as options (PokerKit-style defaults: only following suit).

    follow
        play a card of the suit led if able;
    follow_rank
        or else (with ``follow``: alternatively) a card of the rank led;
    trump
        unable to follow, play a trump if able;
    head
        among the cards allowed, win the trick if able;
    barred_lead
        a suit that may not be led while the hand holds another (Trix's
        hearts; "hearts not broken" in the Hearts family). A hand of nothing
        else leads it.

    :meth:`options` lists the cards allowed, and :meth:`why_not` says why any
    other card is refused, naming the duty it breaks (tests/test_kit_tricks.py
    proves the two agree on every small hand).

    >>> from spec.cards import parse_card, parse_cards
    >>> o, d = TrickOrder(Suit.CLUBS), Duties(trump=True, head=True)
    >>> d.options(parse_cards("7♣ 9♣ 2♦"), ((0, parse_card("A♠")), (1, parse_card("8♣"))), o)
    (Card(rank=<Rank.NINE: 9>, suit=<Suit.CLUBS: 'c'>),)
    >>> Duties(barred_lead=Suit.HEARTS).why_not(parse_card("2♥"), parse_cards("2♥ 9♣"), (), o)
    '2♥ may not be led: ♥ may not be led while the hand holds another suit, such as 9♣'
    """

    follow: bool = True
    follow_rank: bool = False
    trump: bool = False
    head: bool = False
    barred_lead: Suit | None = None

    def lead_options(self, hand: Sequence[Card], order: TrickOrder) -> tuple[Card, ...]:
        """The cards of ``hand`` that may lead a trick: any, but ``barred_lead`` only from a hand of nothing else."""
        barred = self.barred_lead
        if barred is None:
            return tuple(hand)
        if order.super_trumps:
            others = [c for c in hand if order.suit_of(c) != barred]
        else:
            others = [c for c in hand if c.suit is not barred]  # a list comprehension: this is on the hot path
        return tuple(others) if others else tuple(hand)

    def answers(self, hand: Sequence[Card], led_card: Card, order: TrickOrder) -> tuple[Card, ...]:
        """The cards of ``hand`` that follow ``led_card``: its suit, or (``follow_rank``) its rank."""
        if not order.super_trumps:  # the printed suits (the same rule, on the hot path)
            led = led_card.suit
            if self.follow_rank:
                rank = led_card.rank
                return tuple([c for c in hand if c.suit is led or c.rank == rank])
            return tuple([c for c in hand if c.suit is led])
        led = order.suit_of(led_card)
        return tuple(c for c in hand if order.suit_of(c) == led
                     or (self.follow_rank and c.rank == led_card.rank and c not in order.super_trumps))

    def options(self, hand: Sequence[Card], plays: Sequence[tuple[int, Card]], order: TrickOrder) -> tuple[Card, ...]:
        """The cards of ``hand`` that may be played to a trick holding ``plays`` (none: a lead)."""
        if not plays:
            return tuple(hand) if self.barred_lead is None else self.lead_options(hand, order)
        allowed: tuple[Card, ...] = ()
        if self.follow:
            allowed = self.answers(hand, plays[0][1], order)
            if not allowed and self.trump and order.trump is not None:
                trump = order.trump
                if order.super_trumps:
                    allowed = tuple([c for c in hand if order.suit_of(c) == trump])
                else:
                    allowed = tuple([c for c in hand if c.suit is trump])
        allowed = allowed or tuple(hand)
        if self.head:
            best = order.winning_play(plays)[1]
            winners = tuple(c for c in allowed if order.beats(c, best))
            allowed = winners or allowed
        return allowed

    def broken(self, card: Card, hand: Sequence[Card], plays: Sequence[tuple[int, Card]],
               order: TrickOrder) -> str | None:
        """The duty ``card`` breaks here, or ``None`` when it may be played: ``"hand"`` (not held),
        ``"lead"`` (a barred lead), ``"follow"``, ``"trump"`` or ``"head"``. A game that words its
        own refusals picks its sentence by this."""
        if card not in hand:
            return "hand"
        if card in self.options(hand, plays, order):
            return None
        if not plays:
            return "lead"
        return self.broken_follow(card, hand, plays, order)

    def broken_follow(self, card: Card, hand: Sequence[Card], plays: Sequence[tuple[int, Card]],
                      order: TrickOrder) -> str:
        """The duty a follower's refused ``card`` breaks: ``"follow"``, ``"trump"`` or ``"head"``."""
        if self.follow:
            same = self.answers(hand, plays[0][1], order)
            if same and card not in same:
                return "follow"
            # unable to follow, the hand holds a trump (else every card is allowed and cannot head)
            if not same and self.trump and order.trump is not None and order.suit_of(card) != order.trump:
                return "trump"
        return "head"

    def why_not(self, card: Card, hand: Sequence[Card], plays: Sequence[tuple[int, Card]],
                order: TrickOrder) -> str | None:
        """A player's sentence saying why ``card`` may not be played here, or ``None``."""
        duty = self.broken(card, hand, plays, order)
        if duty is None:
            return None
        if duty == "hand":
            return Msg("{card} is not in the hand", card=str(card))
        if duty == "head":
            return Msg("{card} does not win the trick, and another allowed card would", card=str(card))
        if duty == "lead":
            return self.barred(card, self.options(hand, plays, order))
        led_card = plays[0][1]
        if duty == "follow":
            return self.unanswered(card, led_card, self.answers(hand, led_card, order)[0], order)
        return self.untrumped(card, led_card, self.options(hand, plays, order)[0])

    def barred(self, card: Card, allowed: Sequence[Card]) -> str:
        """Why ``card`` may not lead: its suit is barred and the hand holds ``allowed``."""
        return Msg("{card} may not be led: {suit} may not be led while the hand holds another suit, such as "
                   "{other}", card=str(card), suit=self.barred_lead.symbol, other=str(allowed[0]))

    def unanswered(self, card: Card, led_card: Card, held: Card, order: TrickOrder) -> str:
        """Why ``card`` is refused when the hand holds ``held``, which follows ``led_card``."""
        return Msg("{card} does not follow suit: {led} was led and the hand holds {held}", card=str(card),
                   led=str(led_card), held=str(held))

    def untrumped(self, card: Card, led_card: Card, trump: Card) -> str:
        """Why ``card`` is refused when the hand cannot follow ``led_card`` and holds ``trump``."""
        return Msg("{card} is neither of the suit led nor a trump, and the hand holds a trump", card=str(card))


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

    def unanswered(self, card: Card, led_card: Card, held: Card, order: TrickOrder) -> str:
        rank = Msg("a card of rank {rank}", rank=led_card.rank.label)
        if led_card in self.suitless:
            what = rank
        elif self.follow_rank:
            what = Msg("a {suit} card or {rank}", suit=order.suit_of(led_card).symbol, rank=rank)
        else:
            what = Msg("a {suit} card", suit=order.suit_of(led_card).symbol)
        return Msg("{card} does not answer {led}: {led} asks for {what}, and the hand holds {held}", card=str(card),
                   led=str(led_card), what=what, held=str(held))

    def untrumped(self, card: Card, led_card: Card, trump: Card) -> str:
        return Msg("{card} is not a trump: the hand cannot answer {led}, so it must play a trump, such as {trump}",
                   card=str(card), led=str(led_card), trump=str(trump))


@dataclass(frozen=True, kw_only=True)
class SuitOrTrumpDuties(Duties):
    """The All Fours family's duty (California Jack, Seven-Up): a player who
    holds the suit led or a trump must play one of the two -- trumping is
    allowed even when able to follow; holding neither, any card. This duty
    stands for the options ``follow``, ``follow_rank`` and ``trump``, whatever
    their values; ``head`` and ``barred_lead`` apply as in :class:`Duties`.

    >>> from spec.cards import parse_card, parse_cards
    >>> o, d = TrickOrder(Suit.CLUBS), SuitOrTrumpDuties()
    >>> d.options(parse_cards("9♠ 2♣ 7♥"), ((0, parse_card("K♠")),), o)
    (Card(rank=<Rank.NINE: 9>, suit=<Suit.SPADES: 's'>), Card(rank=<Rank.TWO: 2>, suit=<Suit.CLUBS: 'c'>))
    >>> d.why_not(parse_card("7♥"), parse_cards("9♠ 2♣ 7♥"), ((0, parse_card("K♠")),), o)
    '7♥ neither follows K♠ nor is a trump, and the hand holds 9♠'
    """

    @staticmethod
    def suits(led_card: Card, order: TrickOrder) -> tuple[Suit | None, ...]:
        """The suits a card must be of to answer ``led_card``: the suit led, and the trump suit if any."""
        led, trump = order.suit_of(led_card), order.trump
        return (led,) if trump is None else (led, trump)

    def answers(self, hand: Sequence[Card], led_card: Card, order: TrickOrder) -> tuple[Card, ...]:
        """The cards of ``hand`` of the suit of ``led_card`` or trumps."""
        suits = self.suits(led_card, order)
        return tuple([c for c in hand if order.suit_of(c) in suits])

    def options(self, hand: Sequence[Card], plays: Sequence[tuple[int, Card]], order: TrickOrder) -> tuple[Card, ...]:
        if not plays:
            return self.lead_options(hand, order)
        suits = self.suits(plays[0][1], order)
        ok = [c for c in hand if order.suit_of(c) in suits]  # answers(), written out: this is on the hot path
        allowed = tuple(ok) if ok else tuple(hand)
        if self.head:
            best = order.winning_play(plays)[1]
            allowed = tuple(c for c in allowed if order.beats(c, best)) or allowed
        return allowed

    def broken_follow(self, card: Card, hand: Sequence[Card], plays: Sequence[tuple[int, Card]],
                      order: TrickOrder) -> str:
        return "head" if order.suit_of(card) in self.suits(plays[0][1], order) else "follow"

    def unanswered(self, card: Card, led_card: Card, held: Card, order: TrickOrder) -> str:
        return Msg("{card} neither follows {led} nor is a trump, and the hand holds {held}", card=str(card),
                   led=str(led_card), held=str(held))


# ------------------------------------------------------ one card into the trick


@move("{card}")
class Play:
    """Play ``card`` to the trick: a lead or a follow."""

    card: Card


#: One :class:`Play` per card of any pack, built once (a frozen dataclass costs ~0.5 µs a move).
PLAY: Mapping[Card, Play] = MappingProxyType(
    {c: Play(c) for c in [Card(r, s) for s in Suit for r in Rank if r is not Rank.JOKER] + [Card(Rank.JOKER, None)]})


def allowed_plays(duties: Duties, hand: Sequence[Card], plays: Sequence[tuple[int, Card]],
                  order: TrickOrder) -> tuple[Play, ...]:
    """The :class:`Play` of every card of ``hand`` that ``duties`` allow to a trick holding ``plays``,
    in the hand's order; a leader (no ``plays``) any card but a barred lead (:meth:`Duties.lead_options`)."""
    return tuple(map(PLAY.__getitem__, duties.options(hand, plays, order)))


def refused_play(hold: str, follow: str, duties: Duties, player: int, hand: Sequence[Card],
                 plays: Sequence[tuple[int, Card]], order: TrickOrder, card: Card) -> tuple[str, str]:
    """Why ``player`` may not play ``card``, as ``(label, sentence)``: the clause ``hold`` when the
    card is not in ``hand``, else the clause ``follow`` and the duty's :meth:`Duties.why_not`."""
    if card not in hand:
        return hold, Msg("P{player} does not hold {card}", player=player, card=str(card))
    return follow, duties.why_not(card, hand, plays, order)


def seat_trick(trick: Sequence[Card], leader: int, players: int,
               to_move: int | None = None) -> tuple[int, tuple[tuple[int, Card], ...]]:
    """``(to_move, plays)`` of a position's trick given by its cards in the order played: the seat
    to move (default: the ``leader``'s turn come round past the cards played) and each card's seat,
    the last card's the seat before ``to_move``."""
    if to_move is None:
        to_move = (leader + len(trick)) % players
    return to_move, tuple(((to_move - len(trick) + i) % players, c) for i, c in enumerate(trick))


def lay(hands: tuple[tuple[Card, ...], ...], player: int, card: Card) -> tuple[tuple[Card, ...], ...]:
    """The hands once ``player`` has laid ``card`` (held once) out of theirs."""
    hand = hands[player]
    i = hand.index(card)
    return hands[:player] + (hand[:i] + hand[i + 1:],) + hands[player + 1:]


def take(won: tuple[tuple[Card, ...], ...], taker: int,
         plays: Sequence[tuple[int, Card]]) -> tuple[tuple[Card, ...], ...]:
    """Each seat's taken cards once ``taker`` has taken the trick ``plays``, its cards in the order played
    (a play is ``(seat, card)``, or longer with what else the game records of it, as Truf's face down)."""
    return won[:taker] + (won[taker] + tuple([play[1] for play in plays]),) + won[taker + 1:]


def hand_zones(hands: Sequence[Sequence[Card]], shown: Card | None = None,
               holder: int = -1) -> dict[str, tuple[Card, ...]]:
    """The zones ``hand P`` of every seat, then ``shown`` when a card is given: ``shown`` held by
    ``holder`` lies face up (its zone, out of the hand) until played; ``holder`` -1 shows none."""
    z = {f"hand {p}": tuple(h) for p, h in enumerate(hands)}
    if shown is not None:
        face_up = 0 <= holder and shown in hands[holder]
        if face_up:
            z[f"hand {holder}"] = tuple(c for c in hands[holder] if c != shown)
        z["shown"] = (shown,) if face_up else ()
    return z


def trick_zones(plays: Sequence[tuple[int, Card]], won: Sequence[Sequence[Card]]) -> dict[str, tuple[Card, ...]]:
    """The zones ``trick`` (the cards on the table, in the order played; plays as :func:`take` reads
    them) and ``won P`` of every seat."""
    z = {"trick": tuple(play[1] for play in plays)}
    z.update((f"won {p}", tuple(w)) for p, w in enumerate(won))
    return z


def hands_text(hands: Sequence[Sequence[Card]]) -> Msg:
    """Every seat's hand in words: ``P0: 7♠ 9♥ | P1: ...``."""
    return Msg.join(" | ", [Msg("P{player}: {cards}", player=p, cards=" ".join(map(str, h)))
                            for p, h in enumerate(hands)])


def taken_text(taker: int, plays: Sequence[tuple[int, Card]], points: int | None = None) -> Msg:
    """A trick taken, in words: ``P1 takes 7♠ A♠`` and, given its ``points``, `` (15 points)``."""
    cards = " ".join(str(play[1]) for play in plays)
    if points is None:
        return Msg("P{player} takes {cards}", player=taker, cards=cards)
    return Msg("P{player} takes {cards} ({points} points)", player=taker, cards=cards, points=points)
