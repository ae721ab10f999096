"""Sixty-One (Шестьдесят одно): an adding game with a running total.

Source: ``000_c16f26f3ff8231c5.txt``, "Шестьдесят одно" (lines 3-19).

Players take turns laying one card on a common pile and adding its value to
a running total; whoever brings the total to the losing total (61) or more
loses. After each play the player draws back to a full hand; when the stock
is empty the pile is turned over to become the new stock.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Literal

from spec.cards import (
    Card, Rank, as_cards, check_named_once, format_cards, is_deck_spec, make_deck, parse_rank, shuffled, sort_key,
)
from spec.clauses import ClauseBook
from spec.dealing import deal_round_robin, rng_for, seats_from, sorted_hand
from spec.engine import Game, GameInfo, Outcome, Source, replace
from spec.errors import NotationError, VariantError, quote
from spec.i18n import N_, Msg
from spec.moves import move
from spec.rules import Table, setting

INFO = GameInfo(
    id="sixty_one",
    name_en="Sixty-One",
    name_ru="Шестьдесят одно",
    min_players=2,
    max_players=12,
    deck="36",
    family=N_("adding"),
    chance=True,
    hidden_information=True,
    zero_sum=True,  # one loser, no stakes in the source
    source=Source(file="000_c16f26f3ff8231c5.txt", title="Шестьдесят одно", lines="3-19"),
)

CLAUSES = ClauseBook(INFO.id)

# ------------------------------------------------------------------ tables

#: Card values of the source, by rank.
STANDARD_VALUES: Mapping[Rank, int] = Table({
    Rank.ACE: 1, Rank.JACK: 2, Rank.QUEEN: 3, Rank.KING: 4,
    Rank.SIX: 6, Rank.SEVEN: 7, Rank.EIGHT: 8, Rank.NINE: 0, Rank.TEN: -10,
})

#: The rulebook's statement of the 36-card deck's worth under the source values.
STATED_DECK_VALUE = 84


def _rank_of(key) -> Rank:
    try:
        return parse_rank(str(key))
    except NotationError:
        raise ValueError(f"unknown rank {quote(key)}: ranks are 2-10 T J Q K A (or В Д К Т), Jk for a joker") from None


def _parse_values(value) -> Mapping[Rank, int]:
    if not isinstance(value, dict):
        raise ValueError("a table of rank = integer, e.g. { A = 1, 10 = -10 }")
    table = dict(STANDARD_VALUES)
    for key, v in value.items():
        rank = _rank_of(key)
        if isinstance(v, bool) or not isinstance(v, int):
            raise ValueError(f"rank {key} needs an integer value, got {v!r}")
        table[rank] = v
    return Table(table)


def _dump_values(table: Mapping[Rank, int]) -> dict[str, int]:
    return {r.label: v for r, v in sorted(table.items())}


def _parse_deck(value) -> str:
    if not isinstance(value, str) or not is_deck_spec(value):
        raise ValueError("a deck preset: '24', '32', '36', '52', or 'Nx36' for several decks")
    return value


@dataclass(frozen=True, kw_only=True)
class Rules:
    """Parameters of Sixty-One. The defaults are the source's rules."""

    deck: str = setting("36", parse=_parse_deck, sweep=("32", "24", "2x36", "52"))
    """The deck. Source: 36 cards (6 to ace). Any preset may be used if
    ``values`` gives every rank a value. Swept: the shorter packs (the
    32-card pack has the same 5/6-player boundary, the 24-card pack is worth
    0), two packs, and 52 cards (with a table valuing 2-5)."""

    hand_size: int = setting(3, range=(1, 13))
    """Cards held by each player and drawn back to. Source: three."""

    values: Mapping[Rank, int] = setting(STANDARD_VALUES, parse=_parse_values, dump=_dump_values,
                                         sweep=({"10": -12}, {"10": -13}, {"10": 10},
                                                {"2": 2, "3": 3, "4": 4, "5": 5}))
    """Value of each rank. Source: A 1, J 2, Q 3, K 4, 6 6, 7 7, 8 8, 9 0,
    10 -10. In a variant file, a table overriding some ranks. Swept: tens at
    -12 and -13 (the 26 lowest values, the five-player queue argument's sum,
    are 4 and 0: the edge of the 5-player proof), tens at +10 (no negative
    card), and values for 2-5 (for the 52-card pack)."""

    losing_total: int = setting(61, range=(-1000, 1000), sweep=(-10, -9, 14, 15))
    """The player whose card brings the total to this or more loses. Source: 61.
    Swept: -10 and -9 (at -10 or less the first card always loses, the
    lowest value being -10) and 14 and 15 (15 is the lowest losing total at
    which the endless games with six or more players are claimed)."""

    turnover_timing: Literal["at_draw", "keep_last"] = "at_draw"
    """When the pile becomes the stock (a decision; the source only says "when
    the stock runs out"). ``at_draw``: at the moment a player must draw from an
    empty stock, the whole pile, the card just played included, is turned over.
    ``keep_last``: the same moment, but the card just played stays face up to
    start the new pile."""

    turnover_order: Literal["flip", "reverse", "shuffle"] = "flip"
    """Order of the new stock (a decision). ``flip``: the pile is turned over as
    a block, so cards are drawn in the order they were played. ``reverse``: the
    last card played is drawn first. ``shuffle``: shuffled, seeded by the deal."""

    total_after_turnover: Literal["carries", "resets"] = "carries"
    """Whether the running total survives a turnover (a decision). ``carries``:
    the total is a running count of every card played. ``resets``: the total is
    the value of the pile, so it restarts at 0 when the pile is turned over
    (the literal reading of "the sum of the cards lying there")."""

    def __post_init__(self) -> None:
        missing = [r for r in deck_ranks_of(self.deck) if r not in self.values]
        if missing:
            raise VariantError("values", f"no value for rank {missing[0].label} of deck {self.deck}",
                               "a value for every rank of the deck")


def deck_ranks_of(spec: str) -> set[Rank]:
    return {c.rank for c in make_deck(spec)}


#: Named variants, usable as ``--variant NAME`` (see also ``docs/variants/``).
PRESETS = {
    "forty_one": {"losing_total": 41, "turnover_order": "reverse"},
    "literal_total": {"total_after_turnover": "resets"},
    "keep_last": {"turnover_timing": "keep_last"},
}


# ------------------------------------------------------------------- moves

@move("{card}")
class Play:
    """Lay one card of your hand on the pile (written as the card: ``10♥``,
    as records saved before the kernel wrote it)."""

    card: Card


#: The one :class:`Play` record of a card (built once: random play is hot).
play_of = cache(Play)


# ------------------------------------------------------------------- state

@dataclass(frozen=True)
class State:
    """A position. ``stock[0]`` is the top card; ``pile[-1]`` was played last."""

    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]
    pile: tuple[Card, ...]
    total: int
    to_move: int
    dealer: int
    seed: int
    plays: int = 0
    turnovers: int = 0
    loser: int | None = None


# ----------------------------------------------------------------- clauses

CLAUSES.note("sixty-one-players", "2 to 12 players, 36 cards, three cards each", "spec.games.sixty_one.Rules")
CLAUSES.note("sixty-one-values", "Card values: A 1, J 2, Q 3, K 4, 6-8 face value, 9 0, 10 -10",
             "spec.games.sixty_one.card_value")


@CLAUSES.rule("sixty-one-deal", "The dealer is chosen by lot; each player gets three cards one at a time")
def deal_order(dealer: int, players: int) -> tuple[int, ...]:
    """Seats in dealing order: from the dealer's left, clockwise."""
    return seats_from((dealer + 1) % players, players)


@CLAUSES.rule("sixty-one-first-lead", "The player to the dealer's left plays first")
def first_player(dealer: int, players: int) -> int:
    return (dealer + 1) % players


@CLAUSES.rule("sixty-one-clockwise", "Play passes clockwise (to the left)")
def next_player(player: int, players: int) -> int:
    return (player + 1) % players


@cache
def playable_cards(hand: tuple[Card, ...]) -> tuple[Play, ...]:
    """Each card of a hand once, as a move, in the hand's order (built once a hand: random play is hot)."""
    return tuple(dict.fromkeys(map(play_of, hand)))  # hands are sorted; multi-decks repeat cards


@CLAUSES.rule("sixty-one-play", "On your turn, play any one card from your hand onto the pile", offers=Play,
              refused=lambda game, state, move: Msg("P{player} does not hold {card}: lay one of your cards ({cards})",
                                                    player=state.to_move, card=str(move.card),
                                                    cards=format_cards(state.hands[state.to_move])))
def lay_held(game, state: State) -> tuple[Play, ...]:
    """Any card of the hand may be laid, and nothing else."""
    return playable_cards(state.hands[state.to_move])


def card_value(card: Card, rules: Rules) -> int:
    """The card's value under the rules' value table (suits do not matter)."""
    return rules.values[card.rank]


@CLAUSES.rule("sixty-one-total", "Announce the new total: the old total plus the card's value; it may go below zero")
def new_total(total: int, card: Card, rules: Rules) -> int:
    return total + card_value(card, rules)


@CLAUSES.rule("sixty-one-lose", "Whoever brings the total to 61 or more loses, and the game ends")
def brings_loss(total: int, rules: Rules) -> bool:
    return total >= rules.losing_total


@CLAUSES.rule("sixty-one-draw", "After playing, draw from the stock back to three cards")
def cards_to_draw(hand: tuple[Card, ...], rules: Rules) -> int:
    return max(0, rules.hand_size - len(hand))


@CLAUSES.rule("sixty-one-turnover", "When a player must draw from an empty stock, the pile is turned over as the new stock")
def must_turn_over(stock: tuple[Card, ...], need: int) -> bool:
    return need > 0 and not stock


def turn_over(pile: tuple[Card, ...], rules: Rules, seed: int, turnover: int) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """The new (stock, pile) when the pile is turned over (a shuffle is seeded by
    the deal's seed and the turnover's number)."""
    keep = pile[-1:] if rules.turnover_timing == "keep_last" else ()
    moving = pile[:-1] if keep else pile
    if rules.turnover_order == "flip":
        stock = moving                      # first played is now on top
    elif rules.turnover_order == "reverse":
        stock = moving[::-1]
    else:
        stock = shuffled(moving, rng_for(seed, turnover))
    return stock, keep


@CLAUSES.rule("sixty-one-stakes", "The loser pays one point to every other player (a decision: the source names only a loser)")
def loser_pays_each(loser: int, players: int) -> tuple[int, ...]:
    """Every player's return: +1 to each winner, -(players - 1) to the loser."""
    return tuple(-(players - 1) if p == loser else 1 for p in range(players))


# ------------------------------------------------------------- termination
#
# Three arguments bound the length of a game; the ``terminates_*`` properties
# check their premises with z3. The interval and queue arguments need a
# carried total and hands that are always full after drawing (always under
# ``at_draw``; under ``keep_last`` while at least one card is left outside the
# hands); the first-card argument (a losing total no card is below) needs
# nothing.


def hands_stay_full(rules: Rules, players: int) -> bool:
    """Whether every draw refills the hand. Under ``keep_last`` a turnover
    that would keep the only card outside the hands leaves the drawer short."""
    return rules.turnover_timing == "at_draw" or len(make_deck(rules.deck)) - rules.hand_size * players >= 1


def interval_length(rules: Rules, players: int) -> int:
    """The fewest plays from one turnover to the next.

    After a turnover under ``at_draw`` the stock holds the whole pile; it
    lasts ``deck - hand_size * players`` draws, and the next play turns over
    again. Under ``keep_last`` the card kept on the pile makes every
    interval after the first one play shorter. Between two turnovers no card
    can be played twice (a played card stays on the pile).
    """
    outside = len(make_deck(rules.deck)) - rules.hand_size * players
    return outside + 1 if rules.turnover_timing == "at_draw" else outside


def least_interval_gain(rules: Rules, players: int) -> int:
    """The least the total can rise over one interval: the sum of the
    ``interval_length`` lowest card values (any turnover order)."""
    values = sorted(card_value(c, rules) for c in make_deck(rules.deck))
    return sum(values[:interval_length(rules, players)])


def replay_gap(rules: Rules, players: int) -> int:
    """Under ``flip`` order, the fewest plays between two plays of one card.

    Pile and stock together form a queue (cards leave in the order they
    were played, under either timing: the card ``keep_last`` keeps back is
    the newest, which a queue would not hand out yet),
    ``deck - hand_size * players`` long once hands are full; a card played
    now is drawn that many plays later, and its new holder can play it no
    sooner than their next turn, ``players`` plays after that.
    """
    return len(make_deck(rules.deck)) - rules.hand_size * players + players


def least_total_after(rules: Rules, players: int, plays: int) -> int:
    """The lowest total ``plays`` plays can make when no card is played more
    than ``ceil(plays / replay_gap)`` times: the lowest cards, that often each."""
    most = -(-plays // replay_gap(rules, players))
    total, left = 0, plays
    for value in sorted(card_value(c, rules) for c in make_deck(rules.deck)):
        take = min(most, left)
        total, left = total + take * value, left - take
        if not left:
            break
    return total


def interval_bound(rules: Rules, players: int) -> int | None:
    """*Interval argument* (any turnover order): every interval raises the
    total by at least :func:`least_interval_gain`; when that is positive the
    total reaches the losing total within ``ceil(losing_total / gain)``
    intervals, none longer than the first (``deck - hand_size * players + 1`` plays)."""
    if rules.total_after_turnover != "carries" or not hands_stay_full(rules, players):
        return None
    gain = least_interval_gain(rules, players)
    if gain <= 0:
        return None
    first = len(make_deck(rules.deck)) - rules.hand_size * players + 1
    return max(1, -(-rules.losing_total // gain)) * first


def queue_bound(rules: Rules, players: int) -> int | None:
    """*Queue argument* (``flip`` order, either timing): a card is played at
    most once per :func:`replay_gap` plays, so after ``T`` plays the total
    is at least :func:`least_total_after`; the first ``T`` where that
    reaches the losing total bounds the game. It is positive in the long run
    exactly when the ``replay_gap`` lowest values sum to more than zero."""
    if (rules.total_after_turnover != "carries" or rules.turnover_order != "flip"
            or not hands_stay_full(rules, players)):
        return None
    values = sorted(card_value(c, rules) for c in make_deck(rules.deck))
    if sum(values[:replay_gap(rules, players)]) <= 0:
        return None
    plays = 1
    while least_total_after(rules, players, plays) < rules.losing_total:
        plays += 1
    return plays


def first_card_bound(rules: Rules) -> int | None:
    """*First-card argument* (any rules): when no card is worth less than the
    losing total (-10 or less with the source's values), the first card laid
    loses, so the game has one play."""
    lowest = min(card_value(c, rules) for c in make_deck(rules.deck))
    return 1 if lowest >= rules.losing_total else None


def play_bound(rules: Rules, players: int) -> int | None:
    """An upper bound on the number of plays (the best of
    :func:`first_card_bound`, :func:`interval_bound` and :func:`queue_bound`),
    or ``None`` if no argument works."""
    bounds = [b for b in (first_card_bound(rules), interval_bound(rules, players), queue_bound(rules, players))
              if b is not None]
    return min(bounds) if bounds else None


# -------------------------------------------------------------------- game

class SixtyOne(Game[State, Play]):
    info = INFO
    Rules = Rules
    move_kinds = (Play,)
    over_clause = "sixty-one-lose"

    def player_range(self) -> range:
        size = len(make_deck(self.rules.deck))
        top = size // self.rules.hand_size
        if self.rules.turnover_timing == "keep_last":
            # the kept card must leave the drawing player at least one card
            top = min(top, (size - 2) // self.rules.hand_size + 1)
        return range(2, max(2, min(top, 36)) + 1)

    def deck(self) -> tuple[Card, ...]:
        return make_deck(self.rules.deck)

    def value_of(self, card: Card) -> int:
        return card_value(card, self.rules)

    def deal(self, seed: int) -> State:
        rng, n = rng_for(seed), self.players
        dealer = rng.randrange(n)
        cards = shuffled(self.deck(), rng)
        if n * self.rules.hand_size > len(cards):
            raise ValueError(f"{n} hands of {self.rules.hand_size} need more than the {len(cards)} cards of the deck")
        hands = deal_round_robin(cards, deal_order(dealer, n), self.rules.hand_size)
        return State(hands=tuple(sorted_hand(h) for h in hands), stock=tuple(cards[n * self.rules.hand_size:]),
                     pile=(), total=0, to_move=first_player(dealer, n), dealer=dealer, seed=seed)

    def position(self, hands: Sequence[Sequence[Card] | str], stock: Sequence[Card] | str = (),
                 pile: Sequence[Card] | str = (), *, total: int = 0, to_move: int = 0, dealer: int | None = None,
                 plays: int = 0, turnovers: int = 0, loser: int | None = None, seed: int = 0) -> State:
        """A position of Sixty-One: the hands, the stock and the pile, and the running total. How the
        verifier's small configurations and the tests set up play.

        ``hands``: the hands by seat, each kept in the order given (a deal sorts them). ``stock``: the
        cards left to draw, the top card (drawn first) first. ``pile``: the cards played, the first played
        first, the last played (the top) last. ``total``: the running total, default 0 (not the pile's
        value: a turnover may carry a total over). ``to_move``: default P0. ``dealer``: default the seat
        on the right of ``to_move``, as after a deal. ``plays`` and ``turnovers``: how many were made so far
        (a shuffled turnover's seed reads the count). ``loser``: the seat whose card brought the loss, when
        the game is over. ``seed``: the deal's. Cards are :class:`~spec.cards.Card` values or card notation;
        a card named more often than the rules' deck holds it, or not in it, raises ``ValueError``
        (:func:`~spec.cards.check_named_once`)."""
        hands, stock, pile = tuple(map(as_cards, hands)), as_cards(stock), as_cards(pile)
        check_named_once(self.deck(), *hands, stock, pile)
        dealer = (to_move - 1) % self.players if dealer is None else dealer
        return State(hands, stock, pile, total, to_move, dealer, seed, plays, turnovers, loser)

    def to_move(self, state: State) -> int | None:
        return None if state.loser is not None else state.to_move

    def is_over(self, state: State) -> bool:
        return state.loser is not None

    def apply(self, state: State, move: Play) -> State:
        rules, p, card = self.rules, state.to_move, move.card
        hand = list(state.hands[p])
        hand.remove(card)
        pile = state.pile + (card,)
        total = new_total(state.total, card, rules)
        plays = state.plays + 1
        if brings_loss(total, rules):
            hands = state.hands[:p] + (tuple(hand),) + state.hands[p + 1:]
            return replace(state, hands=hands, pile=pile, total=total, plays=plays, loser=p)
        stock, turnovers = state.stock, state.turnovers
        need = cards_to_draw(hand, rules)
        if must_turn_over(stock, need):
            turnovers += 1
            stock, pile = turn_over(pile, rules, state.seed, turnovers)
            if rules.total_after_turnover == "resets":
                total = sum(card_value(c, rules) for c in pile)
        hand.extend(stock[:need])
        stock = stock[need:]
        hand.sort(key=sort_key)
        hands = state.hands[:p] + (tuple(hand),) + state.hands[p + 1:]
        return State(hands, stock, pile, total, next_player(p, self.players), state.dealer,
                     state.seed, plays, turnovers, None)

    def outcome(self, state: State) -> Outcome:
        if state.loser is None:
            raise ValueError("the game is not over")
        return Outcome(losers=(state.loser,), returns=loser_pays_each(state.loser, self.players))

    def zones(self, state: State) -> dict[str, tuple[Card, ...]]:
        z = {f"hand {i}": h for i, h in enumerate(state.hands)}
        z["stock"] = state.stock
        z["pile"] = state.pile
        return z

    def max_plays(self) -> int | None:
        return play_bound(self.rules, self.players)

    def describe_move(self, state: State) -> str:
        if state.loser is not None:
            return Msg("total {total}, P{player} loses", total=state.total, player=state.loser)
        return Msg("total {total}", total=state.total)

    def describe(self, state: State) -> str:
        base = super().describe(state)
        return Msg("total {total}; to move P{player}; {zones}", total=state.total, player=state.to_move, zones=base)



GAME = SixtyOne
