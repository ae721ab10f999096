"""California Jack: two players, 52 cards with the ten highest, a face-up stock.

Source: ``003_7a0ed7952c70980c.txt``, "(untitled) open stock, 10 high" (lines 1-14).

Six cards each; the rest of the pack lies face up as the stock, and its top
card names trumps. The taker of a trick draws the (visible) top card of the
stock, the other player the next. When the stock is gone the last six cards
are played out. Each deal scores a point for taking the trump ace, the trump
two and the trump jack, and one for "game" -- the most game points (10 = 10,
A = 4, K = 3, Q = 2, J = 1) in the cards taken. A match goes to a target
agreed beforehand.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Literal

from spec.cards import Card, Rank, Suit, as_cards, check_named_once, make_deck
from spec.clauses import ClauseBook
from spec.dealing import Match, deal_round_robin, rng_for, seats_from, sorted_hand
from spec.engine import Game, GameInfo, Outcome, Source
from spec.errors import VariantError
from spec.i18n import N_, Msg
from spec.rules import Table, setting
from spec.tricks import (Play, SuitOrTrumpDuties, TrickOrder, allowed_plays, hands_text, lay, points_in, rank_order,
                         refused_play, seat_trick, take, taken_text, trick_zones)

INFO = GameInfo(
    id="california_jack",
    name_en="California Jack",
    name_ru="Калифорнийский валет",
    min_players=2,
    max_players=2,
    deck="52",
    family=N_("trick-taking (All Fours)"),
    chance=True,
    hidden_information=True,
    zero_sum=True,
    source=Source(file="003_7a0ed7952c70980c.txt", title=N_("(untitled) open stock, 10 high"), lines="1-14"),
)

CLAUSES = ClauseBook(INFO.id)

PLAYERS = 2
HAND_SIZE = 6
DECK = make_deck(INFO.deck)
#: The source's order, lowest first: 2 ... 9 J Q K A 10.
ORDER = rank_order(Rank.TWO, Rank.THREE, Rank.FOUR, Rank.FIVE, Rank.SIX, Rank.SEVEN, Rank.EIGHT, Rank.NINE,
                   Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE, Rank.TEN)
#: Game points of taken cards (for the "game" point).
GAME_POINTS = Table({Rank.TEN: 10, Rank.ACE: 4, Rank.KING: 3, Rank.QUEEN: 2, Rank.JACK: 1})
#: 4 x (10 + 4 + 3 + 2 + 1) (property deck_points).
DECK_GAME_POINTS = 80
#: The trump cards that score a point to whoever takes them, in counting order.
SCORING_TRUMPS = (Rank.ACE, Rank.TWO, Rank.JACK)


@dataclass(frozen=True, kw_only=True)
class Rules:
    """Parameters of California Jack. Defaults are the source's rules and, where it is
    silent, the project's decisions."""

    target: int = setting(10, range=(1, 1000))
    """The points that win the match. The source leaves it to the players; decision 10."""

    deal_batch: int = setting(1, range=(1, 3))
    """Cards given at a time in the deal. Source: one or three (both allowed);
    default 1 (preset ``threes``). 2 is refused."""

    game_tie: Literal["nobody", "non_dealer"] = "nobody"
    """Who scores "game" when both players' game points are equal (40 each); the
    source is silent. Decision ``"nobody"``; ``"non_dealer"`` gives it to the
    dealer's opponent, as in Seven-Up."""

    tie: Literal["count_order", "highest"] = "count_order"
    """Both players can pass the target in one deal. Decision ``"count_order"``:
    the points are counted in the order trump ace, two, jack, then game, and the
    first to reach the target wins. ``"highest"``: the higher total wins
    (equal totals share the win)."""

    def __post_init__(self):
        if self.deal_batch not in (1, 3):
            raise VariantError("deal_batch", f"{self.deal_batch} cards at a time", "1 or 3")


PRESETS = {"threes": {"deal_batch": 3}, "seven_up_tie": {"game_tie": "non_dealer"}, "to_7": {"target": 7}}


@dataclass(frozen=True)
class State:
    hands: tuple[tuple[Card, ...], ...]
    drawn: tuple[tuple[Card, ...], ...]    # cards each drew face up and still holds (the other saw them)
    stock: tuple[Card, ...]                # face up; stock[0] is the top card
    trick: tuple[tuple[int, Card], ...]
    won: tuple[tuple[Card, ...], ...]
    to_move: int
    dealer: int
    trump: Suit
    match: Match
    seed: int = 0
    last_trick: tuple[tuple[int, Card], ...] = ()
    last_winner: int = -1
    winners: tuple[int, ...] = ()          # set when the match ends
    out: tuple[Card, ...] = ()             # cards set aside (small test positions only)
    last_draw: tuple[Card, ...] = ()       # the cards drawn after the last trick: the taker's, the other's


# ------------------------------------------------------------------ clauses

CLAUSES.note("california-jack-players", "Two players, the 52-card pack",
             unchecked="fixed by the game's metadata; the generic cards_conserved property checks the 52 cards")


@CLAUSES.rule("california-jack-dealer", "The first dealer is chosen by lot; then the players deal in turn",
              unchecked="the lot is chance (the seed); the alternation is checked by deal_start")
def dealer_of(first: int, deals_done: int) -> int:
    return (first + deals_done) % PLAYERS


@CLAUSES.rule("california-jack-deal", "Six cards each, one or three at a time; the rest face up as the stock, "
              "whose top card names trumps")
def deal_cards(cards: Sequence[Card], dealer: int, batch: int) -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...]]:
    """Hands (from the dealer's opponent on) and the face-up stock (its top card first)."""
    hands = deal_round_robin(cards, seats_from((dealer + 1) % PLAYERS, PLAYERS), HAND_SIZE, batch=batch)
    return hands, tuple(cards[PLAYERS * HAND_SIZE:])


@CLAUSES.rule("california-jack-order", "The ten ranks above the ace (the two lowest, then up to the nine, jack, "
              "queen, king, ace, ten); a trump beats every other suit")
def trick_order(trump: Suit) -> TrickOrder:
    return TrickOrder(trump, ORDER)


@CLAUSES.rule("california-jack-first-lead", "The dealer leads first; the taker of a trick leads the next")
def first_leader(dealer: int) -> int:
    return dealer


CLAUSES.note("california-jack-hold", "A player plays one card of their own hand",
             "spec.games.california_jack.follow_or_trump")


def _refused(game, state, move) -> tuple[str, str]:
    """Which of the playing clauses refuses ``move``, and why."""
    return refused_play("california-jack-hold", "california-jack-follow", game.duties, state.to_move,
                        state.hands[state.to_move], state.trick, game.orders[state.trump], move.card)


@CLAUSES.rule("california-jack-follow", "The second player must follow suit or trump if able; holding "
              "neither, any card", offers=Play, refused=_refused)
def follow_or_trump(game, state) -> tuple[Play, ...]:
    """The cards of the hand the duty allows (the tricks kit's :class:`~spec.tricks.SuitOrTrumpDuties`);
    the leader, with nothing to answer, any card."""
    return allowed_plays(game.duties, state.hands[state.to_move], state.trick, game.orders[state.trump])


@CLAUSES.rule("california-jack-trick", "The highest trump, else the highest card of the suit led, takes the trick")
def trick_taker(plays: Sequence[tuple[int, Card]], order: TrickOrder) -> int:
    """Who takes a complete trick, under the deal's :func:`trick_order`."""
    return order.winner(plays)


@CLAUSES.rule("california-jack-draw", "The taker of a trick draws the top card of the stock, the other player "
              "the next")
def draws(stock: Sequence[Card]) -> tuple[Card, Card] | None:
    """(taker's card, other's card), or ``None`` when the stock is gone."""
    return (stock[0], stock[1]) if len(stock) >= 2 else None


@CLAUSES.rule("california-jack-game-points", "Game points of the cards taken: 10 = 10, A = 4, K = 3, Q = 2, J = 1, "
              "the rest nothing")
def game_points(cards: Sequence[Card], values=GAME_POINTS) -> int:
    return points_in(cards, values)


@CLAUSES.rule("california-jack-points", "A point each for taking the trump ace, two and jack, and one for game: "
              "the most game points")
def deal_points(won: Sequence[Sequence[Card]], trump: Suit, dealer: int, game_tie: str) -> tuple[tuple[int, str], ...]:
    """The points of a deal in counting order: (player, what), trump ace, two, jack, then game."""
    out = []
    for rank in SCORING_TRUMPS:
        card = Card(rank, trump)
        for p in range(PLAYERS):
            if card in won[p]:
                out.append((p, f"{card}"))
    game = [game_points(w) for w in won]
    if game[0] != game[1]:
        out.append((0 if game[0] > game[1] else 1, "game"))
    elif game_tie == "non_dealer":
        out.append(((dealer + 1) % PLAYERS, "game"))
    return tuple(out)


@CLAUSES.rule("california-jack-target", "The first player to reach the agreed number of points wins")
def match_result(totals: Sequence[int], points: Sequence[tuple[int, str]], target: int,
                 tie: str) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(new totals, winners) after a deal's points; no winners while the match goes on."""
    run = list(totals)
    first = None  # under count_order, the first to reach the target as the points are counted
    for p, _ in points:
        run[p] += 1
        if first is None and run[p] >= target:
            first = p
    new = tuple(run)
    if tie == "count_order":
        return new, () if first is None else (first,)
    return new, () if max(new) < target else tuple(p for p in range(PLAYERS) if new[p] == max(new))


def win_returns(win: Sequence[int]) -> tuple[int, ...]:
    """The loser pays the winner one (equal totals share the win)."""
    k = len(win)
    return tuple((PLAYERS - k) if p in win else -k for p in range(PLAYERS))


def least_deal_points(game_tie: str) -> int:
    """The fewest points a deal gives: the trump ace, two and jack are always taken (3), and with
    ``game_tie = "non_dealer"`` game is always scored too (4)."""
    return 4 if game_tie == "non_dealer" else 3


def deals_bound(target: int, least: int = 3) -> int:
    """Deals after which someone has the target: after k deals of at least ``least`` points the
    better total is at least ceil(least k / 2), which reaches ``target`` once least k >= 2 target - 1
    (the fewest deals that do: property ``match_can_last_the_limit``)."""
    return max(1, -(-(2 * target - 1) // least))


# --------------------------------------------------------------------- game

class CaliforniaJack(Game[State, Play]):
    info = INFO
    Rules = Rules
    move_kinds = (Play,)
    over_clause = "california-jack-target"

    def __init__(self, rules=None, *, players=None):
        super().__init__(rules, players=players)
        self.duties = SuitOrTrumpDuties()
        self.orders = {s: trick_order(s) for s in Suit}

    def deck(self):
        return DECK

    def deal(self, seed: int) -> State:
        first = rng_for(seed).randrange(PLAYERS)
        return self.start_deal(seed, Match.start(PLAYERS, target=self.rules.target), first)

    def start_deal(self, seed, match, dealer) -> State:
        cards = list(DECK)
        rng_for(seed, match.deals).shuffle(cards)
        hands, stock = deal_cards(cards, dealer, self.rules.deal_batch)
        return State(tuple(sorted_hand(h) for h in hands), ((), ()), stock, (), ((), ()), first_leader(dealer),
                     dealer, stock[0].suit, match, seed)

    def position(self, hands: Sequence[Sequence[Card] | str], trick: Sequence[Card] | str = (), *,
                 stock: Sequence[Card] | str = (), trump: Suit | None = None, dealer: int = 0,
                 to_move: int | None = None, drawn: Sequence[Sequence[Card] | str] = ((), ()),
                 won: Sequence[Sequence[Card] | str] = ((), ()), out: Sequence[Card] | str = (),
                 match: Match | None = None, seed: int = 0) -> State:
        """A position of a deal: the two hands, the trick on the table and the face-up stock. How the
        verifier's small configurations and the tests set up play.

        ``hands``: the two hands by seat, each kept in the order given (a deal sorts them).
        ``trick``: the card led, if any, played by the seat before ``to_move``. ``stock``: the face-up
        stock, its top card (the next drawn) first. ``trump``: default the suit of the stock's top card,
        as at the deal (name it when the stock is empty). ``dealer``: default P0, who leads.
        ``to_move``: default the dealer when no card is on the table, else his opponent. ``drawn``:
        the cards of each hand drawn face up from the stock. ``won``: each seat's taken cards.
        ``out``: cards set aside (a small position's). ``match``: the running totals (default: none yet,
        to the rules' target). Cards are :class:`~spec.cards.Card` values or card notation; a card named
        twice, or not of the 52, raises ``ValueError`` (:func:`~spec.cards.check_named_once`), as does
        a drawn card not in its hand."""
        hands, drawn, won = (tuple(map(as_cards, x)) for x in (hands, drawn, won))
        trick, stock, out = as_cards(trick), as_cards(stock), as_cards(out)
        check_named_once(DECK, *hands, trick, *won, stock, out)
        stray = next((c for h, d in zip(hands, drawn) for c in d if c not in h), None)
        if stray is not None:
            raise ValueError(f"{stray} is drawn but not in its hand")
        if trump is None and not stock:
            raise ValueError("name trumps: the stock is empty")
        to_move, plays = seat_trick(trick, first_leader(dealer), PLAYERS, to_move)
        match = match or Match.start(PLAYERS, target=self.rules.target)
        trump = stock[0].suit if trump is None else trump
        return State(hands, drawn, stock, plays, won, to_move, dealer, trump, match, seed, out=out)

    def deal_limit(self) -> int:
        return deals_bound(self.rules.target, least_deal_points(self.rules.game_tie))

    def to_move(self, state):
        return None if self.is_over(state) else state.to_move

    def is_over(self, state):
        return bool(state.winners) or not any(state.hands)

    def apply(self, state, move):
        p, card = state.to_move, move.card
        hands, drawn, trick = lay(state.hands, p, card), state.drawn, state.trick + ((p, card),)
        if card in drawn[p]:
            drawn = lay(drawn, p, card)
        if len(trick) < PLAYERS:  # hand-built, not dataclasses.replace: this is half the moves
            return State(hands, drawn, state.stock, trick, state.won, 1 - p, state.dealer, state.trump, state.match,
                         state.seed, state.last_trick, state.last_winner, (), state.out, state.last_draw)
        winner = trick_taker(trick, self.orders[state.trump])
        won, stock = take(state.won, winner, trick), state.stock
        pair = draws(stock)
        if pair is not None:
            hands, drawn = list(hands), list(drawn)
            for who, c in ((winner, pair[0]), (1 - winner, pair[1])):
                hands[who] = sorted_hand(hands[who] + (c,))
                drawn[who] = drawn[who] + (c,)
            hands, drawn, stock = tuple(hands), tuple(drawn), stock[2:]
        last_draw = pair or ()
        if hands[winner]:
            return State(hands, drawn, stock, (), won, winner, state.dealer, state.trump, state.match, state.seed,
                         trick, winner, (), state.out, last_draw)
        pts = deal_points(won, state.trump, state.dealer, self.rules.game_tie)
        totals, winners = match_result(state.match.totals, pts, self.rules.target, self.rules.tie)
        match = Match(totals, state.match.deals + 1, state.match.target, state.match.max_deals)
        if winners or match.over:
            return State(hands, drawn, stock, (), won, winner, state.dealer, state.trump, match, state.seed, trick,
                         winner, winners or match.leaders(), state.out, last_draw)
        return replace(self.start_deal(state.seed, match, dealer_of(state.dealer, 1)), last_trick=trick,
                       last_winner=winner)

    def outcome(self, state):
        win = state.winners
        return Outcome(winners=win, scores=state.match.totals, returns=win_returns(win))

    def standing(self, state):
        """As if the match ended now: the higher total so far wins (equal totals share)."""
        return win_returns(state.winners or state.match.leaders())

    def zones(self, state):
        z = {}
        for p in range(PLAYERS):
            seen = state.drawn[p]
            z[f"hand {p}"] = tuple(c for c in state.hands[p] if c not in seen)
            z[f"drawn {p}"] = seen
        z["stock top"] = state.stock[:1]
        z["stock"] = state.stock[1:]
        return {**z, **trick_zones(state.trick, state.won), "out": state.out}

    def observe(self, state, player):
        return super().observe(state, player) + (state.trump, state.dealer, state.match.totals)

    def max_plays(self):
        return len(DECK) * self.deal_limit()

    def describe(self, state):
        top = str(state.stock[0]) if state.stock else "-"
        return Msg("deal {deal}, P{dealer} deals, trumps {suit}; totals {totals}; stock top {top} ({n} cards); {hands}",
                   deal=state.match.deals + 1, dealer=state.dealer, suit=state.trump.symbol,
                   totals=" ".join(map(str, state.match.totals)), top=top, n=len(state.stock), hands=hands_text(state.hands))

    def describe_move(self, state):
        if state.trick or not state.last_trick:
            return ""
        text = taken_text(state.last_winner, state.last_trick)
        if state.last_draw:
            text = Msg("{trick}, draws {card}; P{other} draws {other_card}", trick=text, card=str(state.last_draw[0]),
                       other=1 - state.last_winner, other_card=str(state.last_draw[1]))
        if self.is_over(state):
            return Msg.join("; ", [text, self.outcome(state).message()])
        if all(len(h) == HAND_SIZE for h in state.hands) and not any(state.won):
            over = Msg("{trick}; deal over, totals {totals}", trick=text, totals=" ".join(map(str, state.match.totals)))
            return Msg.join("\n      ", [over, self.describe(state)])
        return text


GAME = CaliforniaJack
