"""Drawing and flipping: the rules the War-like games share.

Pyanitsa, the two-deck Pyanitsa and Casino War turn cards up rather than
choose them. What they have in common lives here, once:

* **laying the top card** of a face-down pile -- the only card a player may
  lay (:func:`lay_options`, :func:`lay_why_not`; as moves, :func:`lays`);
* **gathering by choice**: a taker who may put the taken cards under their
  pile in any order puts one card of them at a time (:func:`gather_options`,
  :func:`gather_why_not`; as moves, :func:`unders`);
* the two **moves**, ``lay {card}`` and ``under {card}`` (:class:`Lay`,
  :class:`Under`, one object per card built once: ``LAY``, ``UNDER``);
* **the order under the pile**: the taken cards turned over as a block, or
  reversed (:func:`in_order`);
* **comparing flipped cards** by rank, suits never counting
  (:func:`compare`, :func:`highest`);
* the analysis setting of a **short deck**, the highest ranks of the first
  suits (:func:`short_deck`).

Each rule with options and refusals gives both from one place: a card is
among the options exactly when its ``why_not`` is ``None``
(tests/test_kit_flips.py checks this over every small pile). The game's
offering clause returns the options and its refusal names its own clause
with the kit's sentence.

>>> from spec.cards import parse_cards
>>> lay_options(parse_cards("9♠ K♦")), lay_why_not(parse_cards("K♦")[0], parse_cards("9♠ K♦"))
((Card(rank=<Rank.NINE: 9>, suit=<Suit.SPADES: 's'>),), 'lays the top card of their pile, not K♦')
>>> highest(tuple(zip((0, 1, 2), parse_cards("10♠ 10♦ 4♠"))))
(0, 1)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from spec.cards import SUIT_ORDER, Card, make_deck
from spec.i18n import N_, Msg
from spec.moves import move

# ------------------------------------------------------------ the moves


@move("lay {card}")
class Lay:
    """Lay the top card of one's face-down pile."""

    card: Card


@move("under {card}")
class Under:
    """A taker who gathers by choice puts one taken card under their pile."""

    card: Card


#: One move object per card of the largest deck, built once (a frozen dataclass costs ~0.5 µs).
LAY = {c: Lay(c) for c in make_deck("52")}
UNDER = {c: Under(c) for c in make_deck("52")}

# ------------------------------------------------------------ laying the top card


def lay_options(pile: Sequence[Card]) -> tuple[Card, ...]:
    """The card a player may lay: the top of their face-down pile (``pile[0]``); none from an empty pile."""
    return tuple(pile[:1])


def lays(pile: Sequence[Card]) -> tuple[Lay, ...]:
    """:func:`lay_options` as moves: the one :class:`Lay` of the top card, or none."""
    top = lay_options(pile)
    return (LAY[top[0]],) if top else ()


def lay_why_not(card: Card, pile: Sequence[Card]) -> str | None:
    """Why ``card`` may not be laid from ``pile`` (a sentence after the player's name), or ``None``."""
    if not pile:
        return Msg("has no card to lay, not {card}", card=str(card))
    if card != pile[0]:
        return Msg("lays the top card of their pile, not {card}", card=str(card))
    return None


# ------------------------------------------------------------ gathering by choice


def gather_options(cards: Iterable[Card]) -> tuple[Card, ...]:
    """The cards a taker may put under their pile next: any taken card still out, each once, in the order laid."""
    return tuple(dict.fromkeys(cards))


def unders(cards: Iterable[Card]) -> tuple[Under, ...]:
    """:func:`gather_options` as moves: an :class:`Under` for each taken card still out."""
    return tuple(map(UNDER.__getitem__, gather_options(cards)))


def gather_why_not(card: Card, cards: Sequence[Card], where: str = N_("on the table")) -> str | None:
    """Why ``card`` may not go under the pile now (``where``: where the taken cards lie, a phrase marked
    with ``N_``), or ``None``."""
    if card not in cards:
        return Msg("{card} is not {where}", card=str(card), where=Msg(where))
    return None


# ------------------------------------------------------------ the order under the pile

#: The orders :func:`in_order` knows; a game may add its own (Pyanitsa's ``winner_first``, ``shuffled``).
ORDERS = ("laid", "reverse")


def in_order(cards: Sequence[Card], order: str) -> tuple[Card, ...]:
    """The taken ``cards`` (in the order laid) as they go under the taker's pile: ``laid``, the face-up
    heap turned over as a block, so the first card laid comes back first; ``reverse``, the last first."""
    if order == "laid":
        return tuple(cards)
    if order == "reverse":
        return tuple(reversed(cards))
    raise ValueError(f"unknown return order {order!r}: one of {', '.join(ORDERS)}")


# ------------------------------------------------------------ comparing flipped cards


def compare(a: Card, b: Card) -> int:
    """+1 when ``a`` is the higher card, -1 when ``b`` is, 0 for equal ranks: suits never count, aces are high."""
    x, y = a.rank, b.rank
    return (x > y) - (x < y)


def highest(plays: Sequence[tuple[int, Card]]) -> tuple[int, ...]:
    """The players of ``plays`` ((player, card), in the order laid) whose card no other card beats
    under :func:`compare`: one player, or the tied players of a war, in the order laid."""
    top = max(c.rank for _, c in plays)
    return tuple(p for p, c in plays if c.rank == top)


# ------------------------------------------------------------ a short deck


def short_deck(cards: Sequence[Card], ranks: int = 0, suits: int = 4) -> tuple[Card, ...]:
    """``cards`` without the cards outside the ``ranks`` highest ranks (0 keeps all) and the first ``suits``
    suits (♠ ♥ ♦ ♣ order): an analysis setting, so that the verifier can search every deal."""
    kept_suits = SUIT_ORDER[:suits]
    order = sorted({c.rank for c in cards})
    kept_ranks = set(order[-ranks:]) if ranks else set(order)
    return tuple(c for c in cards if c.suit in kept_suits and c.rank in kept_ranks)
