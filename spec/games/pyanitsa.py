"""Pyanitsa (Пьяница, "Drunkard"): the Russian War.

Source: ``001_55360323bc916247.txt``, «Пьяница» (lines 35-52).

The deck is dealt out equally; nobody looks at their cards. In turn, from the
dealer, each player lays the top card of their face-down pile; the highest
card takes all the cards on the table, which go under the taker's pile. Equal
highest cards start a *dispute* (спор). As written, the first player to get
rid of all their cards wins.

Nobody makes a decision, so a game is fixed by its deal: the questions are
whether it ends, and how long it takes. How the won cards go back under the
pile (``return_order``) decides whether a game can go round for ever.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Literal

from spec import flips
from spec.flips import LAY, UNDER, Lay, Under
from spec.cards import Card, as_cards, check_named_once, Rank, is_deck_spec, make_deck
from spec.clauses import ClauseBook
from spec.dealing import deal_out, deal_round_robin, rng_for, seats_from
from spec.engine import Game, GameInfo, Outcome, Source
from spec.errors import VariantError
from spec.i18n import N_, Msg
from spec.rules import setting

INFO = GameInfo(  # hidden information: the piles are face down, even to their owners
    id="pyanitsa", name_en="Pyanitsa (Drunkard)", name_ru="Пьяница", min_players=2, max_players=8, deck="52",
    family=N_("war"), chance=True, hidden_information=True, zero_sum=True,
    source=Source(file="001_55360323bc916247.txt", title="Пьяница", lines="35-52"))

CLAUSES = ClauseBook(INFO.id)


def _parse_deck(value) -> str:
    if value != "auto" and (not isinstance(value, str) or not is_deck_spec(value) or "x" in value or "+" in value):
        raise ValueError("'auto' (32 cards for two players, 52 for more) or one of '24', '32', '36', '52'")
    return value


@dataclass(frozen=True, kw_only=True)
class Rules:
    """Parameters of Pyanitsa. The defaults are the source's rules or, where it
    is silent, cardspec's decisions (each named below)."""

    deck: str = setting("auto", parse=_parse_deck, sweep=("32", "52", "36", "24"))
    """The deck. Source: 32 cards for two players, 52 for four or more
    (``auto``). Three players: 52 as well (decision; the source is silent).
    Swept: every pack the option allows."""

    ranks: int = setting(0, range=(0, 13), sweep=(2,))
    """Analysis setting, not in the source: keep only the ``ranks`` highest
    ranks of the deck (0 keeps all). Short decks let the verifier search every deal.
    Swept: 2, the shortest deck with a card that beats another."""

    suits: int = setting(4, range=(1, 4))
    """Analysis setting, not in the source: keep only the first ``suits`` suits
    (♠ ♥ ♦ ♣ order). Suits never matter in play."""

    dispute: Literal["new_cards", "first_laid"] = "new_cards"
    """How equal highest cards are settled (the source says both; see the
    errata). ``new_cards``: the tied players each lay another card, and the
    highest of those takes; tied aces go to the ace laid first. ``first_laid``:
    the tied card laid first always takes."""

    return_order: Literal["laid", "reverse", "winner_first", "shuffled", "chosen"] = "laid"
    """The order in which the taken cards go under the taker's pile (decision;
    the source only says "under the pile"). ``laid``: the table's cards turned
    over as a block, so they come back in the order they were laid.
    ``reverse``: the last card laid comes back first. ``winner_first``: the
    taker's own cards first, then the others', each in the order laid.
    ``shuffled``: in a random order (seeded by the deal). ``chosen``: the taker
    puts the cards under one by one, in any order they like."""

    leftover: Literal["aside", "dealt"] = "aside"
    """Cards that do not divide evenly (52 among three players). The source deals the whole deck
    and deals it equally, which cannot both hold. Decision: ``"aside"``, equal piles, the rest
    set aside unseen; ``"dealt"``: every card is dealt, the first players from the dealer's left
    getting one card more."""

    lead: Literal["dealer", "taker"] = "dealer"
    """Who lays first in a trick after the first. The source has the dealer start and the others
    "do the same". Decision: ``"dealer"``, every trick starts from the dealer (or the next player
    with cards); ``"taker"``: the taker of the last trick lays first. The order matters: a tie of
    aces (and every tie under ``dispute = "first_laid"``) goes to the card laid first."""

    objective: Literal["first_out", "all_cards"] = "first_out"
    """Who wins. Source: the first player to get rid of all their cards
    (``first_out``; the game ends then). ``all_cards``: the usual reading of
    War, where a player with no cards drops out and the last player holding
    cards wins."""

    def __post_init__(self) -> None:
        if self.ranks and self.deck != "auto" and self.ranks > len({c.rank for c in make_deck(self.deck)}):
            raise VariantError("ranks", f"{self.ranks} ranks is more than deck {self.deck} has",
                               "0 (all) or at most the deck's number of ranks")


#: Named variants (``--variant NAME``).
PRESETS = {
    "war": {"objective": "all_cards"},
    "winner_first": {"return_order": "winner_first"},
    "first_laid": {"dispute": "first_laid"},
    "short": {"ranks": 4, "suits": 2},
    "chosen": {"return_order": "chosen"},
}


#: The moves are the flips kit's: the (cached) move laying a card, and the one putting a card under the pile.
lay, under = LAY.__getitem__, UNDER.__getitem__


# ------------------------------------------------------------------- state

@dataclass(frozen=True)
class State:
    """``piles[p][0]`` is the top of player ``p``'s face-down pile. ``table`` holds
    (player, card) in the order laid this trick; ``layer`` is the players who
    lay in the current round of the trick (all players with cards, or the
    tied players of a dispute), ``pos`` the next of them to lay."""

    piles: tuple[tuple[Card, ...], ...]
    table: tuple[tuple[int, Card], ...]
    layer: tuple[int, ...]
    pos: int
    aside: tuple[Card, ...]
    seed: int
    tricks: int = 0   # tricks taken; counted only under return_order "shuffled" (it seeds the shuffle)
    taker: int = -1   # who took the last trick (for the game log)
    gathering: bool = False  # the taker is putting the trick under their pile (order "chosen")


_new = object.__new__


def _state(piles, table, layer, pos, aside, seed, tricks, taker=-1, gathering=False) -> State:
    """``State(...)`` without the frozen ``__init__``'s cost per field (the same value: equal, same hash),
    for ``apply``'s hot path."""
    s = _new(State)
    d = s.__dict__
    d["piles"], d["table"], d["layer"], d["pos"], d["aside"] = piles, table, layer, pos, aside
    d["seed"], d["tricks"], d["taker"], d["gathering"] = seed, tricks, taker, gathering
    return s


# ----------------------------------------------------------------- clauses

CLAUSES.note("pyanitsa-players", "Any number of players (cardspec checks 2 to 8)", "",
             unchecked="the player count is metadata: every property runs at each count 2-8")


@CLAUSES.rule("pyanitsa-deck", "Two players use 32 cards; four or more use 52 (three: 52, a decision)")
def deck_for(rules: Rules, players: int) -> tuple[Card, ...]:
    spec = rules.deck if rules.deck != "auto" else ("32" if players == 2 else "52")
    return flips.short_deck(make_deck(spec), rules.ranks, rules.suits)


@CLAUSES.rule("pyanitsa-deal", "The deck is dealt out equally, one at a time from the dealer's left; cards "
              "that would make the shares unequal are set aside unseen (a decision; leftover = dealt: they are "
              "dealt too)")
def deal_piles(cards: tuple[Card, ...], players: int,
               leftover: str = "aside") -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...]]:
    order = seats_from(1 % players, players)
    if leftover == "aside":
        per = len(cards) // players
        return deal_round_robin(cards, order, per), tuple(cards[per * players:])
    return deal_out(cards, order), ()  # the first players in the deal get one card more


@CLAUSES.rule("pyanitsa-order", "The dealer lays first, then the others clockwise; every trick starts "
              "from the dealer (or the next player with cards; a decision: lead = taker starts it from the "
              "taker of the last trick)")
def trick_layer(piles, first: int = 0) -> tuple[int, ...]:
    """The players with cards, clockwise from ``first`` (the dealer P0, or the last taker)."""
    n = len(piles)
    return tuple(p for p in ((first + i) % n for i in range(n)) if piles[p])


def _not_laid(game, state, move) -> str:
    p = state.layer[state.pos]
    if state.gathering:
        return Msg("P{player} has taken the trick and puts its cards under their pile first", player=p)
    return Msg("P{player} {why}: cards are laid unseen, from the top", player=p,
               why=flips.lay_why_not(move.card, state.piles[p]))


@CLAUSES.rule("pyanitsa-top", "A player lays the top card of their pile, unseen", offers=Lay, refused=_not_laid)
def lay_top(game, state) -> tuple[Lay, ...]:
    """The top card of the pile of the player to lay (the flips kit's :func:`~spec.flips.lays`);
    nothing while a taker gathers."""
    return () if state.gathering else flips.lays(state.piles[state.layer[state.pos]])


@CLAUSES.rule("pyanitsa-higher", "The highest card takes the trick; suits do not matter")
def highest(cards: tuple[tuple[int, Card], ...]) -> tuple[int, ...]:
    """The players who laid the highest rank among ``cards`` (in the order laid): the flips kit's
    :func:`~spec.flips.highest`."""
    return flips.highest(cards)


@CLAUSES.rule("pyanitsa-dispute", "Equal highest cards are disputed: the tied players lay new cards and the "
              "highest takes; tied aces, and a dispute no one can continue, go to the card laid first")
def settle(rules: Rules, tied: tuple[int, ...], rank: Rank, piles) -> tuple[int | None, tuple[int, ...]]:
    """``(taker, ())`` when the trick is decided, else ``(None, next layer)``."""
    if len(tied) == 1 or rules.dispute == "first_laid" or rank == Rank.ACE:
        return tied[0], ()
    able = tuple(p for p in tied if piles[p])
    if len(able) >= 2:
        return None, able
    return (able[0] if able else tied[0]), ()


@CLAUSES.rule("pyanitsa-return", "The taker puts the trick under their pile, in the order of return_order")
def returned(rules: Rules, table: tuple[tuple[int, Card], ...], taker: int, seed: int,
             trick: int) -> tuple[Card, ...]:
    """The ``laid`` and ``reverse`` orders are the flips kit's :func:`~spec.flips.in_order`."""
    order = rules.return_order
    if order == "winner_first":
        return tuple(c for p, c in table if p == taker) + tuple(c for p, c in table if p != taker)
    cards = [c for _, c in table]
    if order == "shuffled":
        rng_for(seed, 1, trick).shuffle(cards)
        return tuple(cards)
    return flips.in_order(cards, order)


def _not_gathered(game, state, move) -> str:
    if not state.gathering:
        return Msg("no trick is being gathered: cards go under a pile only after a trick is taken")
    return flips.gather_why_not(move.card, tuple(c for _, c in state.table))


@CLAUSES.rule("pyanitsa-gather", "Under the chosen order the taker puts the trick's cards under their pile "
              "one by one, in any order", offers=Under, refused=_not_gathered)
def gather_any(game, state) -> tuple[Under, ...]:
    """Any card still on the table (the flips kit's :func:`~spec.flips.unders`), while the taker
    gathers; nothing otherwise."""
    return flips.unders(c for _, c in state.table) if state.gathering else ()


@CLAUSES.rule("pyanitsa-end", "As written, the first player to get rid of all their cards wins; in the war "
              "reading a player without cards drops out and the last one holding cards wins")
def winners(rules: Rules, piles) -> tuple[int, ...]:
    """The winners once a trick is settled (empty while the game goes on)."""
    if rules.objective == "first_out":
        return tuple(p for p, pile in enumerate(piles) if not pile)
    holding = [p for p, pile in enumerate(piles) if pile]
    return tuple(holding) if len(holding) == 1 else ()


# -------------------------------------------------------------------- game

class Pyanitsa(Game[State, Lay]):
    info = INFO
    Rules = Rules
    move_kinds = (Lay, Under)
    over_clause = "pyanitsa-end"

    def player_range(self) -> range:
        # every player is dealt at least one card (a short deck may have fewer cards than players)
        top = max((n for n in range(self.info.min_players, self.info.max_players + 1)
                   if len(deck_for(self.rules, n)) >= n), default=self.info.min_players - 1)
        return range(self.info.min_players, top + 1)

    def deck(self):
        return deck_for(self.rules, self.players)

    def deal(self, seed: int) -> State:
        cards = list(self.deck())
        rng_for(seed).shuffle(cards)
        piles, aside = deal_piles(tuple(cards), self.players, self.rules.leftover)
        return self.position(piles, aside, seed=seed)

    def position(self, piles: Sequence[Sequence[Card] | str], aside: Sequence[Card] | str = (), *,
                 seed: int = 0) -> State:
        """A position of Pyanitsa: the players' piles as the first trick begins (as a deal leaves them,
        or stacked by hand). The verifier's searches over every deal of a short deck, and the tests,
        start here.

        ``piles``: by seat, each player's face-down pile, as :class:`~spec.cards.Card` values or card
        notation (``"9♠ 7♥"``), the top card (laid first) first; piles may differ in size, and an empty
        one plays no part. ``aside``: cards set aside unseen (the deal's leftover). ``seed``: the deal's
        seed (0 for a position set up by hand), which the shuffled return order draws from. Nothing is on
        the table; the dealer P0 (or the first player after P0 with cards) lays first. A card named
        twice, or not in the rules' deck, raises :class:`ValueError` naming the card.
        """
        piles = tuple(map(as_cards, piles))
        state = State(piles, (), trick_layer(piles), 0, as_cards(aside), seed)
        check_named_once(self._held, *self.zones(state).values())
        return state

    @cached_property
    def _held(self) -> Counter:
        """How often the deck holds each card, counted once: a short deck costs a search's every position
        ~0.1 ms to build."""
        return Counter(self.deck())

    def to_move(self, state):
        return None if self.is_over(state) else state.layer[state.pos]

    def is_over(self, state):
        return not state.layer

    def apply(self, state, move):
        if state.gathering:
            return self.gather(state, move.card)
        p = state.layer[state.pos]
        piles = list(state.piles)
        piles[p] = piles[p][1:]
        table = state.table + ((p, move.card),)
        pos = state.pos + 1
        if pos < len(state.layer):
            return _state(tuple(piles), table, state.layer, pos, state.aside, state.seed, state.tricks)
        rules = self.rules
        layer_cards = table[len(table) - len(state.layer):]
        tied = highest(layer_cards)
        taker, nxt = settle(rules, tied, dict(layer_cards)[tied[0]].rank, piles)
        if taker is None:
            return _state(tuple(piles), table, nxt, 0, state.aside, state.seed, state.tricks)
        if rules.return_order == "chosen":
            return _state(tuple(piles), table, (taker,), 0, state.aside, state.seed, 0, taker, True)
        piles[taker] = piles[taker] + returned(rules, table, taker, state.seed, state.tricks)
        piles = tuple(piles)
        layer = () if winners(rules, piles) else trick_layer(piles, taker if rules.lead == "taker" else 0)
        # a position must repeat exactly when the game repeats, so the trick count is kept only
        # where it changes what happens next (it seeds the shuffle)
        tricks = state.tricks + 1 if rules.return_order == "shuffled" else 0
        return _state(piles, (), layer, 0, state.aside, state.seed, tricks, taker)

    def gather(self, state, card: Card) -> State:
        """The taker puts ``card`` from the table under their pile (order "chosen")."""
        t = state.taker
        piles = list(state.piles)
        piles[t] = piles[t] + (card,)
        table = tuple(x for x in state.table if x[1] != card)
        if table:
            return _state(tuple(piles), table, state.layer, 0, state.aside, state.seed, 0, t, True)
        piles = tuple(piles)
        layer = () if winners(self.rules, piles) else trick_layer(piles, t if self.rules.lead == "taker" else 0)
        return _state(piles, (), layer, 0, state.aside, state.seed, 0, t)

    def outcome(self, state):
        win = winners(self.rules, state.piles)
        n, k = self.players, len(win)
        return Outcome(winners=win, returns=tuple(n - k if p in win else -k for p in range(n)))

    def zones(self, state):
        z = {f"hand {p}": pile for p, pile in enumerate(state.piles)}
        z["table"] = tuple(c for _, c in state.table)
        z["aside"] = state.aside
        return z

    def hidden_zones(self, state, player):
        # nobody looks at any pile, their own included
        return frozenset(z for z in self.zones(state) if z != "table")

    def max_plays(self):
        return None  # whether every game ends depends on return_order: see the properties

    def describe_move(self, state):
        if state.gathering:
            return Msg("P{player} gathers", player=state.taker)
        if state.table:  # a trick goes on; a new round of it (pos 0) is a dispute of the tied players
            return (Msg("dispute: {players}", players=" ".join(f"P{p}" for p in state.layer)) if state.pos == 0
                    else "")
        return Msg("P{player} takes; piles {piles}", player=state.taker,
                   piles=" ".join(str(len(p)) for p in state.piles))

    def describe(self, state):
        return Msg.join("; ", [Msg("P{player}: {cards}", player=p, cards=" ".join(map(str, pile)))
                               for p, pile in enumerate(state.piles)])



GAME = Pyanitsa
