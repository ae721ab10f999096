"""Cards, suits, ranks, deck presets and the card notation.

A card prints as ``10♥``, ``Q♠`` or, in ASCII, ``Th``, ``Qs``. The parser
also reads the Russian rank letters of the sources (``Т`` ace, ``К`` king,
``Д`` queen, ``В`` jack) and the jokers ``Jk``/``🃏``.

>>> parse_cards("10♥ Q♠ Ad")
(Card(rank=<Rank.TEN: 10>, suit=<Suit.HEARTS: 'h'>), Card(rank=<Rank.QUEEN: 12>, suit=<Suit.SPADES: 's'>), Card(rank=<Rank.ACE: 14>, suit=<Suit.DIAMONDS: 'd'>))
>>> format_cards(parse_cards("Th Qs Ad"))
'10♥ Q♠ A♦'
>>> format_cards(parse_cards("Т♠ К♥ Д♦ В♣"), style="ru")
'Т♠ К♥ Д♦ В♣'
"""

from __future__ import annotations

import enum
import random
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import NamedTuple

from spec.errors import NotationError, quote
from spec.i18n import Msg

__all__ = [
    "Card", "Rank", "Suit", "DECK_SIZES", "make_deck", "deck_ranks",
    "parse_rank", "parse_card", "parse_cards", "format_card", "format_cards", "format_runs", "shuffled",
    "as_card", "as_cards", "check_named_once",
]


class Suit(str, enum.Enum):
    """The four suits. The value is the ASCII letter (a ``str`` mixin keeps hashing fast)."""

    SPADES = "s"
    HEARTS = "h"
    DIAMONDS = "d"
    CLUBS = "c"

    @property
    def symbol(self) -> str:
        return _SUIT_SYMBOL[self]

    @property
    def russian(self) -> str:
        return _SUIT_RU[self]


_SUIT_SYMBOL = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}
_SUIT_RU = {Suit.SPADES: "пики", Suit.HEARTS: "черви", Suit.DIAMONDS: "бубны", Suit.CLUBS: "трефы"}
# Card order inside a sorted hand or a deck: the usual bridge order.
SUIT_ORDER = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)


class Rank(enum.IntEnum):
    """Ranks in their natural order, 2 lowest and ace highest.

    Games with another ranking (Sixty-Six's A 10 K Q J 9) keep their own
    order table; the integer value here is only the natural order.
    """

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14
    JOKER = 15

    @property
    def label(self) -> str:
        return _RANK_LABEL[self]

    @property
    def russian(self) -> str:
        return _RANK_RU.get(self, _RANK_LABEL[self])


_RANK_LABEL = {r: str(int(r)) for r in Rank if r <= Rank.TEN}
_RANK_LABEL.update({Rank.JACK: "J", Rank.QUEEN: "Q", Rank.KING: "K", Rank.ACE: "A", Rank.JOKER: "Jk"})
_RANK_RU = {Rank.JACK: "В", Rank.QUEEN: "Д", Rank.KING: "К", Rank.ACE: "Т", Rank.JOKER: "Дж"}


class Card(NamedTuple):
    """A playing card. Jokers have ``suit=None``."""

    rank: Rank
    suit: Suit | None

    def __str__(self) -> str:
        return format_card(self)


# ---------------------------------------------------------------- notation

_RANK_PARSE: dict[str, Rank] = {}
for _r in Rank:
    _RANK_PARSE[_RANK_LABEL[_r].upper()] = _r
    _RANK_PARSE[_r.russian.upper()] = _r
_RANK_PARSE["T"] = Rank.TEN  # ASCII ten; the Cyrillic Т is the ace
_RANK_PARSE["1"] = Rank.ACE
_SUIT_PARSE = {"S": Suit.SPADES, "H": Suit.HEARTS, "D": Suit.DIAMONDS, "C": Suit.CLUBS,
               "♠": Suit.SPADES, "♥": Suit.HEARTS, "♦": Suit.DIAMONDS, "♣": Suit.CLUBS,
               "♤": Suit.SPADES, "♡": Suit.HEARTS, "♢": Suit.DIAMONDS, "♧": Suit.CLUBS}
_JOKERS = {"JK", "🃏", "JOKER", "ДЖ"}


def parse_suit(text: str) -> Suit:
    """Read a suit as cards write it: ``♠``, ``♤``, ``s`` or ``S`` (and so on for each suit)."""
    suit = _SUIT_PARSE.get(text.strip()) or _SUIT_PARSE.get(text.strip().upper())
    if suit is None:
        raise NotationError(Msg("cannot read suit {text}: suits are ♠ ♥ ♦ ♣ (or ♤ ♡ ♢ ♧, s h d c)", text=quote(text)))
    return suit


def parse_rank(text: str) -> Rank:
    """Read one rank: ``10``, ``T``, ``Q``, ``Д`` (Russian queen), ``A``; ``Jk`` (or ``joker``, ``🃏``) for a joker."""
    t = text.strip().upper()
    rank = Rank.JOKER if t in _JOKERS else _RANK_PARSE.get(t)
    if rank is None:
        raise NotationError(Msg("cannot read rank {text}: ranks are 2-10 T J Q K A (or В Д К Т), Jk for a joker",
                                 text=quote(text)))
    return rank


def parse_card(text: str) -> Card:
    """Read one card: ``10♥``, ``Th``, ``Qs``, ``Т♠`` (Russian ace), ``Jk``."""
    t = text.strip()
    if t.upper() in _JOKERS:
        return Card(Rank.JOKER, None)
    if len(t) < 2:
        raise NotationError(Msg("cannot read card {text}: expected a rank and a suit, like 10♥ or Th", text=quote(text)))
    rank_text, suit_text = t[:-1].upper(), t[-1].upper()
    rank = _RANK_PARSE.get(rank_text)
    suit = _SUIT_PARSE.get(suit_text)
    if rank is None or rank is Rank.JOKER or suit is None:
        raise NotationError(Msg("cannot read card {text}: ranks are 2-10 T J Q K A (or В Д К Т), suits ♠♥♦♣ or s h d c",
                                text=quote(text)))
    return Card(rank, suit)


def parse_cards(text: str) -> tuple[Card, ...]:
    """Read cards separated by spaces or commas."""
    return tuple(parse_card(p) for p in text.replace(",", " ").split())


def as_card(card: Card | str) -> Card:
    """One card given as a :class:`Card` or in card notation (``"10♥"``)."""
    return parse_card(card) if isinstance(card, str) else card


def as_cards(cards: Iterable[Card] | str) -> tuple[Card, ...]:
    """Cards given as :class:`Card` values or in card notation (``"10♥ Q♠"``), as a tuple in that order:
    how a game's ``position(...)`` takes the cards of each place."""
    return parse_cards(cards) if isinstance(cards, str) else tuple(cards)


def check_named_once(deck: Iterable[Card] | Mapping[Card, int], *places: Iterable[Card]) -> None:
    """The sanity check of a position set up by hand: every card named in ``places`` is one of ``deck``,
    named no more often than ``deck`` holds it (a two-pack deck holds each card twice). ``deck`` may be
    given as its cards or, for a big shoe checked often, as a ``Counter`` of them. Raises ``ValueError``
    naming the first card that is not."""
    held = deck if isinstance(deck, Mapping) else Counter(deck)
    for card, times in Counter(c for place in places for c in place).items():
        if times > held.get(card, 0):
            raise ValueError(f"{format_card(card)} is named more often than the deck holds it" if card in held
                             else f"{format_card(card)} is not a card of this deck")


def format_card(card: Card, style: str = "unicode") -> str:
    """Print a card: ``unicode`` (``10♥``), ``ascii`` (``Th``) or ``ru`` (``Т♠``)."""
    if card.rank is Rank.JOKER:
        return "Jk"
    if style == "ascii":
        rank = "T" if card.rank == Rank.TEN else card.rank.label
        return rank + card.suit.value
    if style == "ru":
        return card.rank.russian + card.suit.symbol
    if style == "unicode":
        return card.rank.label + card.suit.symbol
    raise ValueError(f"unknown card style {style!r}; use 'unicode', 'ascii' or 'ru'")


def format_cards(cards: Iterable[Card], style: str = "unicode") -> str:
    return " ".join(format_card(c, style) for c in cards)


def format_runs(cards: Iterable[Card]) -> str:
    """A set of cards written short: three or more cards of one suit in a row of ranks as a range.

    >>> format_runs(parse_cards("2♠ 2♥ 3♠ 3♥ 4♣ 5♣ 6♣ 7♣"))
    '2♠ 3♠ 2♥ 3♥ 4♣–7♣'
    """
    by_suit: dict = {}
    for c in cards:
        by_suit.setdefault(c.suit, []).append(c)
    parts = []
    for suit in sorted(by_suit, key=lambda s: SUIT_ORDER.index(s) if s in SUIT_ORDER else len(SUIT_ORDER)):
        run: list[Card] = []
        for c in sorted(by_suit[suit], key=lambda c: int(c.rank)) + [None]:
            if c is not None and run and int(c.rank) == int(run[-1].rank) + 1:
                run.append(c)
                continue
            if len(run) >= 3:
                parts.append(f"{format_card(run[0])}–{format_card(run[-1])}")
            else:
                parts += [format_card(x) for x in run]
            run = [c] if c is not None else []
    return " ".join(parts)


# ------------------------------------------------------------------- decks

# Lowest rank of each single-deck preset.
DECK_SIZES = {24: Rank.NINE, 32: Rank.SEVEN, 36: Rank.SIX, 52: Rank.TWO}


def deck_ranks(size: int) -> tuple[Rank, ...]:
    """The ranks of a single-deck preset, low to high."""
    low = DECK_SIZES[size]
    return tuple(r for r in Rank if low <= r <= Rank.ACE)


def make_deck(spec: str | int) -> tuple[Card, ...]:
    """Build a deck from a preset name, in a fixed order.

    ``"36"``; several decks together as ``"2x52"`` (104 cards) or ``"6x24"``
    (144); jokers appended as ``"52+2j"``.

    >>> len(make_deck("36")), len(make_deck("2x52")), len(make_deck("6x24")), len(make_deck("52+2j"))
    (36, 104, 144, 54)

    At most ``MAX_COPIES`` (8) decks and ``MAX_JOKERS`` (8) jokers.
    """
    text = str(spec).strip().lower()
    jokers = 0
    if "+" in text:
        text, _, j = text.partition("+")
        if not (j.endswith("j") and _is_number(j[:-1])):
            raise NotationError(f"deck {str(spec)[:40]!r}: jokers are written like '52+2j'")
        jokers = _bounded(j[:-1])
        if jokers > MAX_JOKERS:
            raise NotationError(f"deck {str(spec)[:40]!r}: at most {MAX_JOKERS} jokers")
    copies = 1
    if "x" in text:
        c, _, text = text.partition("x")
        if not _is_number(c) or _bounded(c) < 1:
            raise NotationError(f"deck {str(spec)[:40]!r}: several decks are written like '2x52'")
        copies = _bounded(c)
        if copies > MAX_COPIES:
            raise NotationError(f"deck {str(spec)[:40]!r}: at most {MAX_COPIES} decks together")
    if not _is_number(text) or _bounded(text) not in DECK_SIZES:
        raise NotationError(f"deck {str(spec)[:40]!r}: allowed sizes are 24, 32, 36, 52, optionally 'Nx' and '+Nj'")
    single = tuple(Card(r, s) for s in SUIT_ORDER for r in deck_ranks(int(text)))
    return single * copies + (Card(Rank.JOKER, None),) * jokers


#: Limits on a deck preset: the largest real games use six decks (Kvart-bezique's 144 cards).
MAX_COPIES = 8
MAX_JOKERS = 8


def _is_number(text: str) -> bool:
    """ASCII digits only (``str.isdigit`` also accepts ``²`` and other digit signs)."""
    return text.isascii() and text.isdigit()


def _bounded(digits: str) -> int:
    """The number, or a million for anything longer (no huge int conversions)."""
    return int(digits) if len(digits) <= 6 else 1_000_000


def is_deck_spec(spec: str) -> bool:
    try:
        make_deck(spec)
    except NotationError:
        return False
    return True


def shuffled(cards: Sequence[Card], rng: random.Random) -> tuple[Card, ...]:
    """A seeded shuffle; chance in cardspec always goes through an explicit RNG."""
    out = list(cards)
    rng.shuffle(out)
    return tuple(out)


_SORT_KEYS: dict[Card, tuple[int, int]] = {
    Card(r, s): (i, int(r)) for i, s in enumerate(SUIT_ORDER) for r in Rank if r is not Rank.JOKER}
_SORT_KEYS[Card(Rank.JOKER, None)] = (len(SUIT_ORDER), int(Rank.JOKER))

#: Stable display and move order: by suit (♠♥♦♣), then rank. A bound dict
#: lookup, so sorting a hand stays in C.
sort_key = _SORT_KEYS.__getitem__
