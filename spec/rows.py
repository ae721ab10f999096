"""Building rows: cards laid in sequence on rows of the table.

A *row* is built along an order of ranks: each card laid on it is the rank
after its last card (or, for a row that grows at both ends, the rank before
its first), and an empty row is started by one of a few ranks. Sevens lays
suit rows outward from the sevens; Svinya builds its pig upward and its
shops downward, regardless of suit. The games say which rows a player may
use and any duty between them (the 7♦ opens Sevens; a card that fits
Svinya's pig must go there); this kit says which card fits which row, and
why another does not.

A row is given by its two ends, ``(first, last)``: the ranks of its first
and last cards along the order (``()`` while it is empty).

>>> from spec.cards import Rank, Suit, parse_card, parse_cards
>>> up = Build(order=(Rank.TWO, Rank.THREE, Rank.FOUR, Rank.FIVE), starts=frozenset((Rank.TWO,)))
>>> up.wants((Rank.TWO, Rank.THREE)), up.fits(parse_card("4♣"), (Rank.TWO, Rank.THREE))
((<Rank.FOUR: 4>,), True)
>>> up.options(parse_cards("4♣ 2♥ 5♠"), ((Rank.TWO, Rank.THREE), ()))
((Card(rank=<Rank.FOUR: 4>, suit=<Suit.CLUBS: 'c'>), 0), (Card(rank=<Rank.TWO: 2>, suit=<Suit.HEARTS: 'h'>), 1))
>>> up.why_not(parse_card("5♠"), parse_cards("4♣ 2♥ 5♠"), ((Rank.TWO, Rank.THREE),), 0, "the pile")
'5♠ does not fit the pile: it takes 4'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from spec.cards import Card, Rank, Suit
from spec.i18n import N_, Msg

#: the article-led form of a wanted card, for a game whose Build says ``article="a "``
N_("a {rank}{suit}")

#: A row's two ends along the build order, ``(first, last)``; ``()`` while it is empty.
Row = tuple[Rank, ...]


@dataclass(frozen=True, kw_only=True)
class Build:
    """How cards are laid on rows (PokerKit-style options; the defaults build up, any suit).

    order
        the ranks of a row in the order it is built, first to last (a rank
        missing from it never goes on such a row);
    starts
        the ranks that start an empty row (none: an empty row takes nothing);
    both_ends
        the row also grows at its first end, by the rank before its first card;
    suits
        suited rows: row ``i`` holds only cards of ``suits[i]`` (empty: any suit).

    How a refusal is worded, with ``{card}``, ``{row}`` (the row's name) and
    ``{wants}`` (the ranks it takes, or the cards when suited):

    unfit
        a card that does not go on a row with cards;
    unstarted
        a card that does not start an empty row;
    nothing
        what a row takes when it takes no card;
    article
        a word before each rank wanted (``"a "``: "it takes a 5").
    """

    order: tuple[Rank, ...]
    starts: frozenset[Rank] = frozenset()
    both_ends: bool = False
    suits: tuple[Suit, ...] = ()
    unfit: str = N_("{card} does not fit {row}: it takes {wants}")
    unstarted: str = N_("{card} does not fit {row}: it takes {wants}")
    nothing: str = N_("nothing")
    article: str = ""
    _at: dict = field(default=None, init=False, repr=False, compare=False)
    _place: dict = field(default=None, init=False, repr=False, compare=False)
    _wants: dict = field(default=None, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if len(set(self.order)) != len(self.order):
            raise ValueError("Build: a rank is listed twice in the order")
        if not self.starts <= set(self.order):
            raise ValueError("Build: a starting rank is not in the order")
        object.__setattr__(self, "_at", {r: i for i, r in enumerate(self.order)})
        object.__setattr__(self, "_place", {s: i for i, s in enumerate(self.suits)})
        object.__setattr__(self, "_wants", {})  # row -> the ranks it takes (rows recur: a cache)

    def wants(self, row: Row) -> tuple[Rank, ...]:
        """The ranks that go on ``row``, in build order: the starts when it is empty, else the
        rank after its last card (and, with ``both_ends``, the rank before its first)."""
        got = self._wants.get(row)
        if got is None:
            if not row:
                got = tuple(r for r in self.order if r in self.starts)
            else:  # an end of a rank outside the order takes nothing there
                at, order, top = self._at, self.order, len(self.order)
                first, last = at.get(row[0], 0), at.get(row[-1], top)
                before = (order[first - 1],) if self.both_ends and first > 0 else ()
                got = before + order[last + 1:last + 2]
            self._wants[row] = got
        return got

    def fits(self, card: Card, row: Row, i: int = 0) -> bool:
        """Whether ``card`` goes on ``row`` (row ``i`` of the layout, for suited rows)."""
        if self.suits and card.suit is not self.suits[i]:
            return False
        return card.rank in self.wants(row)

    def options(self, hand: Sequence[Card], rows: Sequence[Row]) -> tuple[tuple[Card, int], ...]:
        """Every ``(card, i)``: a card of ``hand`` that goes on row ``i`` of ``rows``, in hand
        order, then row order."""
        wants = [self.wants(row) for row in rows]
        if not self.suits:
            return tuple((c, i) for c in hand for i, w in enumerate(wants) if c.rank in w)
        out, place, last = [], self._place, len(rows)
        for c in hand:
            i = place.get(c.suit, last)
            if i < last and c.rank in wants[i]:
                out.append((c, i))
        return tuple(out)

    def said(self, row: Row, i: int = 0) -> str:
        """What ``row`` takes, in words: ``"6♦ or 9♦"``, ``"a 5"``, or ``nothing``."""
        wants = self.wants(row)
        if not wants:
            return Msg(self.nothing)
        suit = self.suits[i].symbol if self.suits else ""
        # the article is part of the template: "a {rank}{suit}" (marked below) reads "{rank}{suit}" in Russian
        return Msg.join(Msg(" or "), [Msg(self.article + "{rank}{suit}", rank=r.label, suit=suit) for r in wants])

    def why_not(self, card: Card, hand: Sequence[Card], rows: Sequence[Row], i: int,
                name: str = "") -> str | None:
        """A player's sentence saying why ``card`` may not go on row ``i`` (called ``name``), or ``None``."""
        if card not in hand:
            return Msg("{card} is not in the hand", card=str(card))
        row = rows[i]
        if self.fits(card, row, i):
            return None
        name = name or Msg("row {i}", i=i)
        if self.suits and card.suit is not self.suits[i]:
            return Msg("{card} does not go on {row}: it holds {suit} cards only", card=str(card), row=name,
                       suit=self.suits[i].symbol)
        return Msg(self.unfit if row else self.unstarted, card=str(card), row=name, wants=self.said(row, i))
