"""What one seat sees of a game, for a person playing it (at the terminal or in the rulebook).

Only the seat's view: the zones it can see, the sizes of the ones it cannot
(:meth:`~spec.engine.Game.hidden_zones`), the public values the game's
:meth:`~spec.engine.Game.observe` adds, and the moves so far with every card the seat
could not see masked; and the lines of a whole game's log, as ``cardspec play`` and the rulebook's
sample games print them. Pure standard library, like the rules.

>>> from spec.games import get_game
>>> game = get_game("sixty_one")(players=2)
>>> state = game.deal(1)
>>> [name for name, _ in zone_rows(game, state, 0)]
['hand 0', 'hand 1', 'stock', 'pile']
>>> zone_rows(game, state, 0)[1]
('hand 1', '3 cards')
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from spec.cards import Card, format_cards
from spec.i18n import said, tr, zone_name

__all__ = ["visible_cards", "masked_move", "zone_rows", "public_values", "show_value", "deal_line", "move_line"]

_CARD = re.compile(r"(10|[2-9TJQKAВДКТ])([♠♥♦♣])")


def visible_cards(game, state, seats: Iterable[int]) -> set[Card]:
    """The cards any of ``seats`` can see in ``state``."""
    zones = game.zones(state)
    out: set[Card] = set()
    for seat in seats:
        hidden = game.hidden_zones(state, seat)
        out |= {c for z, cards in zones.items() if z not in hidden for c in cards}
    return out


def masked_move(game, move, before, after, seats: Iterable[int], lang: str = "en") -> str:
    """A move's text with every card that none of ``seats`` could see, before it or after it, as ``??``."""
    seats = tuple(seats)
    shown = {str(c) for c in visible_cards(game, before, seats) | visible_cards(game, after, seats)}
    return _CARD.sub(lambda m: m.group(0) if m.group(0) in shown else "??", game.format_move(move, lang))


def deal_line(game, state, lang: str = "en") -> str:
    """The first line of a game's log: the deal, in ``lang``."""
    return tr(lang, "deal: {state}").format(state=said(game.describe(state), lang))


def move_line(game, step: int, mover: int, move, after, lang: str = "en") -> str:
    """A line of a game's log: the ``step``-th move, by ``mover``, and what it led to (``after``), in ``lang``."""
    return f"{step:4}. P{mover}: {game.format_move(move, lang):8} {said(game.describe_move(after), lang)}"


def zone_rows(game, state, seat: int, lang: str = "en") -> list[tuple[str, str]]:
    """(zone, its cards) for every zone, the zone named in ``lang`` (:func:`spec.i18n.zone_name`); a
    hidden zone as its number of cards."""
    hidden = game.hidden_zones(state, seat)
    rows = []
    for name, cards in game.zones(state).items():
        label = said(zone_name(name), lang)
        if name in hidden:
            rows.append((label, tr(lang, "{n} cards").format(n=len(cards)) if cards else "-"))
        else:
            rows.append((label, format_cards(cards) or "-"))
    return rows


def public_values(game, state, seat: int) -> str:
    """What the game's observation adds to the zones (trumps, scores, the pot ...), in card notation."""
    seen = game.observe(state, seat)
    extra = seen[1 + len(game.zones(state)):] if isinstance(seen, tuple) else ()
    return ", ".join(show_value(v) for v in extra)


def show_value(value: Any) -> str:
    """A public value in card notation where it holds cards."""
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, (set, frozenset)) and value and all(isinstance(c, Card) for c in value):
        return format_cards(sorted(value, key=lambda c: (str(c.suit), int(c.rank))))
    if isinstance(value, (tuple, list)) and value and all(isinstance(c, Card) for c in value):
        return format_cards(value)
    if isinstance(value, (tuple, list)):
        return "(" + ", ".join(show_value(v) for v in value) + ")"
    if hasattr(value, "symbol"):
        return str(value.symbol)
    return str(value)
