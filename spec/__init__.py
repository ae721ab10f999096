"""cardspec rules engine: cards, rules objects, games and records.

The public surface is small:

>>> from spec import get_game
>>> game = get_game("sixty_one")(players=3)
>>> state = game.deal(seed=7)
>>> game.to_move(state) in range(3)
True
"""

from spec.cards import Card, Rank, Suit, format_card, format_cards, make_deck, parse_card, parse_cards
from spec.engine import Game, GameInfo, Outcome, Record
from spec.errors import CardspecError, IllegalMove, NotationError, UnknownGame, VariantError
from spec.games import all_games, get_game
from spec.variants import Variant, load_variant, parse_variant

__all__ = [
    "Card", "Rank", "Suit", "format_card", "format_cards", "make_deck", "parse_card", "parse_cards",
    "Game", "GameInfo", "Outcome", "Record",
    "CardspecError", "IllegalMove", "NotationError", "UnknownGame", "VariantError",
    "all_games", "get_game", "Variant", "load_variant", "parse_variant",
]
