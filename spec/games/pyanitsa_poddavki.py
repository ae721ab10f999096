"""The two-deck Pyanitsa (Пьяница (Поддавки)): a Beggar-my-neighbour game.

Source: ``001_55360323bc916247.txt``, the untitled two-deck game (lines 53-64);
the catalogue (``000_c16f26f3ff8231c5.txt``) calls it Пьяница (Поддавки).

Two players, each with a whole deck. The players lay their top cards on one
heap in turn until an ace or a king appears. The other player then pays
three cards onto the heap for an ace, two for a king, and the player of the
ace or king takes the heap under their pile and leads again. The game ends
when one player has no cards and the other holds both decks.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Literal

from spec import flips
from spec.flips import Lay, Under
from spec.cards import Card, as_cards, check_named_once, Rank, make_deck
from spec.clauses import ClauseBook
from spec.dealing import rng_for
from spec.engine import Game, GameInfo, Outcome, Source
from spec.i18n import N_, Msg
from spec.rules import setting

INFO = GameInfo(
    id="pyanitsa_poddavki", name_en="Two-deck Pyanitsa", name_ru="Пьяница (Поддавки)", min_players=2,
    max_players=2, deck="2x52", family=N_("war"), chance=True, hidden_information=True, zero_sum=True,
    source=Source(file="001_55360323bc916247.txt", title=N_("(untitled) two decks, ace and king"), lines="53-64"))
CLAUSES = ClauseBook(INFO.id)

#: Cards the other player pays for each honour (source: ace 3, king 2).
PAYMENT = {Rank.ACE: 3, Rank.KING: 2}


@dataclass(frozen=True, kw_only=True)
class Rules:
    """Parameters of the two-deck game."""

    deck: Literal["52", "36"] = "52"
    """Each player's deck (decision: a "whole deck" is read as 52 cards)."""

    ranks: int = setting(0, range=(0, 13))
    """Analysis setting: keep only the highest ``ranks`` ranks (0 keeps all)."""

    suits: int = setting(4, range=(1, 4))
    """Analysis setting: keep only the first ``suits`` suits."""

    counter: Literal["none", "beggar"] = "none"
    """An ace or king turned up while paying (decision). ``none``: as written, the payment is just cards.
    ``beggar``: it passes the demand back, as in Beggar-my-neighbour."""

    return_order: Literal["laid", "reverse", "chosen"] = "laid"
    """How the taken heap goes under the pile (decision, as in Pyanitsa)."""

    objective: Literal["first_out", "all_cards"] = "first_out"
    """Who wins: the source does not say. ``first_out``: the player left without cards (the catalogue's
    name, поддавки, is "give-away"). ``all_cards``: the player holding both decks."""


PRESETS = {"beggar": {"counter": "beggar"}, "chosen": {"return_order": "chosen"}, "short": {"ranks": 4, "suits": 1}}


@dataclass(frozen=True)
class State:
    piles: tuple[tuple[Card, ...], tuple[Card, ...]]
    heap: tuple[Card, ...]
    to_move: int
    seed: int
    demand: int = 0        # cards still to pay
    claimant: int = -1     # who laid the ace or king being paid for
    gathering: bool = False
    over: bool = False


@CLAUSES.rule("poddavki-decks", "Each player has a whole deck of their own, shuffled by its owner")
def own_deck(rules: Rules) -> tuple[Card, ...]:
    return flips.short_deck(make_deck(rules.deck), rules.ranks, rules.suits)


@CLAUSES.rule("poddavki-lot", "Who starts is drawn by lot", unchecked="a lot: nothing to check")
def starter(seed: int) -> int:
    return rng_for(seed, 1).randrange(2)


def _not_laid(game, state, move) -> str:
    if state.gathering:
        return Msg("P{player} puts the heap under their pile first", player=state.to_move)
    return Msg("P{player} {why}", player=state.to_move, why=flips.lay_why_not(move.card, state.piles[state.to_move]))


@CLAUSES.rule("poddavki-top", "A player lays the top card of their pile", offers=Lay, refused=_not_laid)
def lay_top(game, state) -> tuple[Lay, ...]:
    """The top card of the pile (the flips kit's :func:`~spec.flips.lays`); nothing while the heap
    is gathered."""
    return () if state.gathering else flips.lays(state.piles[state.to_move])


def _not_gathered(game, state, move) -> str:
    if not state.gathering:
        return Msg("no heap is being taken")
    return flips.gather_why_not(move.card, state.heap, N_("in the heap"))


@CLAUSES.rule("poddavki-gather", "Under the chosen order the taker puts the heap under their pile card by card",
              offers=Under, refused=_not_gathered)
def gather_any(game, state) -> tuple[Under, ...]:
    """Any card of the heap, each once (the flips kit's :func:`~spec.flips.unders`), while the
    taker gathers; nothing otherwise."""
    return flips.unders(state.heap) if state.gathering else ()


@CLAUSES.rule("poddavki-pay", "An ace demands three cards and a king two; then the heap goes to the player "
              "of the ace or king, who leads next")
def payment(card: Card) -> int:
    return PAYMENT.get(card.rank, 0)


@CLAUSES.rule("poddavki-return", "The taker puts the heap under their pile in the order laid, or reversed")
def returned(rules: Rules, heap: tuple[Card, ...]) -> tuple[Card, ...]:
    """The heap as it goes under the taker's pile (the flips kit's :func:`~spec.flips.in_order`)."""
    return flips.in_order(heap, rules.return_order)


@CLAUSES.rule("poddavki-end", "When a player has no card to lay, the other takes the heap and the game ends; "
              "the player left without cards wins (or, under all_cards, the one holding both decks)")
def winner(rules: Rules, piles) -> int:
    holder = 0 if piles[0] else 1
    return holder if rules.objective == "all_cards" else 1 - holder


class Poddavki(Game[State, Lay | Under]):
    info = INFO
    Rules = Rules
    move_kinds = (Lay, Under)
    over_clause = "poddavki-end"

    def deck(self):
        return own_deck(self.rules) * 2

    def deal(self, seed):
        mine = own_deck(self.rules)
        piles = []
        for p in range(2):
            cards = list(mine)
            rng_for(seed, 0, p).shuffle(cards)
            piles.append(tuple(cards))
        return State(tuple(piles), (), starter(seed), seed)

    def position(self, piles: Sequence[Sequence[Card] | str], heap: Sequence[Card] | str = (), *, to_move: int = 0,
                 owed: int = 0, gathering: bool = False, seed: int = 0) -> State:
        """A position of the two-deck game: the two face-down piles and the heap between them (as a deal
        leaves them, or stacked by hand). The verifier's searches over every deal of a short deck and its
        full-deck playouts, and the tests, start here.

        ``piles``: P0's and P1's piles, as :class:`~spec.cards.Card` values or card notation
        (``"A♠ 5♦"``), the top card (laid first) first. ``heap``: the cards laid on the heap, in the order
        laid (its top, the last card laid, last); default empty. ``to_move``: the player who lays next
        (default P0), or pays, or gathers. ``owed``: the cards ``to_move`` still owes for the other
        player's ace or king (0: nothing owed). ``gathering``: under the chosen order, ``to_move`` is
        putting the heap under their pile. ``seed``: the deal's seed (0 for a position set up by hand).
        With a pile empty and no heap left to pay onto or gather, the game is over. A card named more
        often than the two decks hold it (twice), or not in them, raises :class:`ValueError` naming it.
        """
        piles, heap = tuple(map(as_cards, piles)), as_cards(heap)
        over = not heap and not gathering and not all(piles)
        state = State(piles, heap, to_move, seed, owed, 1 - to_move if owed else -1, gathering, over)
        check_named_once(self._held, *self.zones(state).values())
        return state

    @cached_property
    def _held(self) -> Counter:
        """How often the two decks hold each card, counted once: a short deck costs a search's every
        position ~0.1 ms to build."""
        return Counter(self.deck())

    def to_move(self, state):
        return None if state.over else state.to_move

    def is_over(self, state):
        return state.over

    def take(self, state, taker, piles, heap, over=False):
        """``taker`` takes the heap (at the end of the game, in the order laid: the order no longer matters)."""
        if self.rules.return_order == "chosen" and not over:
            return State(piles, heap, taker, state.seed, 0, -1, True, False)
        cards = heap if over else returned(self.rules, heap)
        piles = tuple(piles[p] + cards if p == taker else piles[p] for p in range(2))
        return State(piles, (), taker, state.seed, 0, -1, False, over or not piles[1 - taker])

    def apply(self, state, move):
        p = state.to_move
        if state.gathering:
            i = state.heap.index(move.card)
            heap = state.heap[:i] + state.heap[i + 1:]
            piles = tuple(state.piles[q] + (move.card,) if q == p else state.piles[q] for q in range(2))
            return State(piles, heap, p, state.seed, 0, -1, bool(heap), False)
        piles = tuple(state.piles[q][1:] if q == p else state.piles[q] for q in range(2))
        heap = state.heap + (move.card,)
        pay = payment(move.card)
        other = 1 - p
        if state.demand == 0 or (self.rules.counter == "beggar" and pay):
            if pay:
                nxt, demand, claimant = other, pay, p
            else:
                nxt, demand, claimant = other, 0, -1
        else:
            demand, claimant, nxt = state.demand - 1, state.claimant, p
            if demand == 0:
                return self.take(state, claimant, piles, heap, over=not piles[p])
        if not piles[nxt]:  # the player to lay has no cards: the other takes everything
            return self.take(state, 1 - nxt, piles, heap, over=True)
        return State(piles, heap, nxt, state.seed, demand, claimant)

    def outcome(self, state):
        win = winner(self.rules, state.piles)
        return Outcome(winners=(win,), returns=tuple(1 if q == win else -1 for q in range(2)))

    def zones(self, state):
        return {"hand 0": state.piles[0], "hand 1": state.piles[1], "heap": state.heap}

    def hidden_zones(self, state, player):
        return frozenset(("hand 0", "hand 1"))  # face-down piles: nobody looks, owners included

    def relabel(self, state, mapping):
        # Two decks: every card is there twice, so renaming a card everywhere would also rename its
        # twin on the open heap. Swapping two hidden cards means swapping them in the hidden piles only.
        piles = tuple(tuple(mapping.get(c, c) for c in p) for p in state.piles)
        return State(piles, state.heap, state.to_move, state.seed, state.demand, state.claimant,
                     state.gathering, state.over)

    def describe_move(self, state):
        if state.over:
            return Msg("game over")
        if state.demand:
            return Msg("P{player} pays {n}", player=state.to_move, n=state.demand)
        if not state.heap:
            return Msg("heap taken; piles {piles}", piles=" ".join(str(len(p)) for p in state.piles))

        return ""


GAME = Poddavki
