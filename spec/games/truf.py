"""Truf (Труф): four players, 52 cards, a game of thirteen deals.

Source: ``003_7a0ed7952c70980c.txt``, "(untitled) Truf" (lines 158-198).

Each deal, every player bids by laying one card of their hand face down; the
card's *bid value* is a number of tricks (2-10 at face value, the ace 1, the
court cards 0). When all four bids are shown, the suit of the highest bid is
trumps and its bidder leads. If the bids add up to more than 13 the deal is
played for the most tricks, below 13 for the fewest, and at exactly 13 the
trump maker chooses. The bid cards go back to their hands and thirteen tricks
are played, following suit if able; trumps are always played face down and
turned up only when the trick is complete. Each player then scores the
difference between the tricks taken and the bid, positive when it went the
way the deal is played for; three scoring methods differ in what an exact
bid and a gain are worth.

Seats are numbered clockwise: P1 sits on P0's left. The first deal is dealt,
bid and played anticlockwise (to the right), every later deal clockwise.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from spec.cards import Card, Rank, Suit, as_cards, check_named_once, make_deck, sort_key
from spec.clauses import ClauseBook
from spec.dealing import Match, deal_round_robin, redraws, rng_for, seats_from, sorted_hand
from spec.engine import Game, GameInfo, Outcome, Source
from spec.i18n import N_, Msg
from spec.moves import move
from spec.rules import Table, setting
from spec.tricks import NATURAL_ORDER, Duties, Play, TrickOrder, allowed_plays, hands_text, lay, refused_play, take

INFO = GameInfo(
    id="truf",
    name_en="Truf",
    name_ru="Труф",
    min_players=4,
    max_players=4,
    deck="52",
    family=N_("trick-taking"),
    chance=True,
    hidden_information=True,
    zero_sum=False,  # a deal's scores add up to 0 only when the bids add up to 13 (z3, see the errata)
    source=Source(file="003_7a0ed7952c70980c.txt", title=N_("(untitled) Truf"), lines="158-198"),
)

CLAUSES = ClauseBook(INFO.id)

PLAYERS = 4
HAND_SIZE = 13
#: The number the bids' sum is measured against: the tricks of a deal.
TRICKS = 13
DECK = make_deck(INFO.deck)
CLOCKWISE, ANTICLOCKWISE = 1, -1

#: What a card bids, in tricks: court cards 0, the ace 1, 2-10 their face value.
BID_VALUES = Table({**{r: int(r) for r in Rank if Rank.TWO <= r <= Rank.TEN},
                    Rank.JACK: 0, Rank.QUEEN: 0, Rank.KING: 0, Rank.ACE: 1})
#: The bid values of the whole deck: 4 x (1 + 2 + ... + 10) (property deck_values).
DECK_BID_VALUE = 220
#: Ranks of a "low" and of a "high" hand (a hand of only one kind is dealt again).
LOW_RANKS = frozenset(r for r in Rank if r <= Rank.TEN)
HIGH_RANKS = frozenset((Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE))

Method = Literal["difference", "exact_bonus", "double_gains"]
Goal = Literal["most", "fewest"]


def score_ranges(method: str, bonus: int = 5, factor: int = 2) -> tuple[tuple[int, int], tuple[int, int]]:
    """A scoring method's exact range of one player's deal score and of the sum of a deal's four
    scores, over every bid and every split of the 13 tricks, for an exact bonus ``bonus`` (method 2)
    and a gain factor ``factor`` (method 3); proved bounds and reached by z3 (properties ``scores_*``).

    The lowest score is a bid of 0 with all 13 tricks, playing for the fewest; the lowest sum four
    bids of 10 with no exact bid (-27). Method 1's highest score is 13 and its sums at most 0 (the
    sum is minus the distance of the bids' sum from 13); an exact bonus adds ``bonus`` for each exact
    bid (all four exact: 4 x bonus); a factor adds ``factor - 1`` times the gains, at most 13.

    >>> score_ranges("difference"), score_ranges("exact_bonus"), score_ranges("double_gains")
    (((-13, 13), (-27, 0)), ((-13, 13), (-27, 20)), ((-13, 26), (-27, 13)))
    >>> score_ranges("exact_bonus", bonus=20), score_ranges("double_gains", factor=1)
    (((-13, 20), (-27, 80)), ((-13, 13), (-27, 0)))
    """
    if method == "exact_bonus":
        return (-TRICKS, max(TRICKS, bonus)), (-27, 4 * bonus)
    if method == "double_gains":
        return (-TRICKS, TRICKS * factor), (-27, TRICKS * (factor - 1))
    return (-TRICKS, TRICKS), (-27, 0)


@dataclass(frozen=True, kw_only=True)
class Rules:
    """Parameters of Truf. Defaults are the source's rules and, where it is
    silent, the project's decisions."""

    scoring: Method = "difference"
    """The scoring method. The source gives three and prefers none: the
    plain difference (``"difference"``, the first, default), the same with a
    bonus for an exact bid (``"exact_bonus"``, preset), and the same with
    gains multiplied (``"double_gains"``, preset)."""

    exact_bonus: int = setting(5, range=(0, 100), sweep=(13, 14))
    """Method 2: what a player who takes exactly the tricks bid scores instead
    of 0. Source: 5. (Swept at 13 and 14 too: from 14 on an exact bid is the
    best score a player can make, above the 13 of taking every trick.)"""

    gain_factor: int = setting(2, range=(1, 10))
    """Method 3: the factor applied to a positive score. Source: "a factor,
    which may be 2"; default 2."""

    deals: int = setting(13, range=(1, 52))
    """Deals in a game. Source: 13."""

    deal_passes: Literal["left", "right"] = "left"
    """Which way the deal passes from one deal to the next. The source says
    only that the players deal in turn (decision): ``"left"``, clockwise, the
    direction of every deal after the first. ``"right"``: anticlockwise."""

    first_direction: Literal["anticlockwise", "clockwise"] = "anticlockwise"
    """The direction of the first deal; every later deal goes clockwise.
    Source: the first deal anticlockwise (preset ``all_clockwise``: every deal
    clockwise)."""

    bid_tie: Literal["first", "higher_card"] = "first"
    """Who names trumps when two bids share the highest value (the source
    assumes one highest bid). Default ``"first"``: the tied bidder nearest the
    dealer in the direction of play. ``"higher_card"``: among tied bids the
    higher card (so a king beats a jack among bids of 0), then the nearest."""


PRESETS = {"exact_bonus": {"scoring": "exact_bonus"}, "double_gains": {"scoring": "double_gains"},
           "all_clockwise": {"first_direction": "clockwise"}, "higher_card": {"bid_tie": "higher_card"}}


# -------------------------------------------------------------------- moves

@move("bid {card}")
class Bid:
    card: Card


@move("play for {goal}")
class Choose:
    goal: Goal


BID = {c: Bid(c) for c in DECK}
CHOOSE = (Choose("most"), Choose("fewest"))


@dataclass(frozen=True)
class State:
    hands: tuple[tuple[Card, ...], ...]
    bids: tuple[Card | None, ...]            # the bid cards (on the table, face down, until all four are in)
    revealed: bool                           # the bids are shown (and back in their hands)
    trick: tuple[tuple[int, Card, bool], ...]  # (player, card, face down) of the trick in progress
    won: tuple[tuple[Card, ...], ...]        # cards each player has taken this deal
    to_move: int
    dealer: int
    direction: int                           # +1 clockwise (to the left), -1 anticlockwise
    trump: Suit | None = None
    maker: int = -1                          # the highest bidder: names trumps, leads, chooses at 13
    goal: str | None = None                  # "most" or "fewest" tricks, once known
    match: Match = Match((0,) * PLAYERS)
    seed: int = 0
    last_trick: tuple[tuple[int, Card, bool], ...] = ()
    last_winner: int = -1
    last_deal: tuple = ()                    # (bid cards, tricks, goal, scores) of the deal just scored
    stock: tuple[Card, ...] = ()             # cards not dealt: none in a real deal (small test positions)


def tricks_of(state: State) -> tuple[int, ...]:
    return tuple(len(w) // PLAYERS for w in state.won)


# ------------------------------------------------------------------ clauses

CLAUSES.note("truf-players", "Four players, the 52-card deck, cards ranking 2 (low) to ace (high)",
             unchecked="fixed by the game's metadata; cards_conserved and deck_values check the 52 cards")


@CLAUSES.rule("truf-dealer", "The first dealer is chosen by lot; then the players deal in turn (to the left, "
              "a decision)", unchecked="the lot is chance (the seed); the rotation is checked by deal_start")
def dealer_of(first: int, deals_done: int, rules: Rules) -> int:
    """The dealer after ``deals_done`` more deals: the deal passes one seat a deal, to the left
    (clockwise) or, under ``deal_passes = "right"``, to the right."""
    step = CLOCKWISE if rules.deal_passes == "left" else ANTICLOCKWISE
    return (first + step * deals_done) % PLAYERS


@CLAUSES.rule("truf-direction", "The first deal goes anticlockwise, every later deal clockwise")
def direction_of(deal_no: int, rules: Rules) -> int:
    """The direction of deal ``deal_no`` (0 = the first): dealing, bidding and play all go this way."""
    if deal_no == 0 and rules.first_direction == "anticlockwise":
        return ANTICLOCKWISE
    return CLOCKWISE


@CLAUSES.rule("truf-deal", "Thirteen cards each, one at a time, from the dealer's neighbour in the deal's direction")
def deal_hands(cards: Sequence[Card], dealer: int, direction: int,
               per_seat: int = HAND_SIZE) -> tuple[tuple[Card, ...], ...]:
    return deal_round_robin(cards, seats_from((dealer + direction) % PLAYERS, PLAYERS, direction), per_seat)


@CLAUSES.rule("truf-redeal", "A hand of only 2-10s, or of only court cards and aces, is dealt again")
def needs_redeal(hands: Sequence[Sequence[Card]]) -> bool:
    return any(all(c.rank in LOW_RANKS for c in h) or all(c.rank in HIGH_RANKS for c in h) for h in hands)


@CLAUSES.rule("truf-bid-values", "A bid card's value in tricks: 2-10 their face value, the ace 1, J Q K 0")
def bid_value(card: Card, values=BID_VALUES) -> int:
    return values[card.rank]


CLAUSES.note("truf-bid-turn", "Bids come first: each player in turn, from the dealer's neighbour",
             "spec.games.truf.bid_held")


def _bid_refused(game, state, move) -> tuple[str, str]:
    """Which of the bidding clauses refuses ``move``, and why."""
    if state.revealed:
        if state.goal:
            return "truf-bid-turn", Msg("the bids are already in and shown: now play a card")
        return "truf-bid-turn", Msg("the bids are already in and shown: now play a card, after P{player} chooses "
                                    "most or fewest tricks", player=state.maker)
    return "truf-bid", Msg("P{player} does not hold {card}", player=state.to_move, card=str(move.card))


@CLAUSES.rule("truf-bid", "A bid is one card of the bidder's hand, laid face down", offers=Bid,
              refused=_bid_refused)
def bid_held(game, state) -> tuple[Bid, ...]:
    """Every card of the hand, while the bids are not all in (rule ``truf-bid-turn``); nothing after."""
    if state.revealed:
        return ()
    return tuple(map(BID.__getitem__, state.hands[state.to_move]))


@CLAUSES.rule("truf-trump", "When the bids are shown, the suit of the highest bid is trumps")
def trump_maker(bids: Sequence[Card], first: int, direction: int, tie: str) -> int:
    """The seat of the highest bid. Ties (the source is silent): the first of the tied bidders
    from ``first`` in the direction of play; with ``tie="higher_card"`` the higher card first."""
    order = seats_from(first, PLAYERS, direction)
    best = max(bid_value(bids[p]) for p in order)
    tied = [p for p in order if bid_value(bids[p]) == best]
    if tie == "higher_card" and len(tied) > 1:
        top = max(NATURAL_ORDER[bids[p].rank] for p in tied)
        tied = [p for p in tied if NATURAL_ORDER[bids[p].rank] == top]
    return tied[0]


@CLAUSES.rule("truf-contract", "Bids adding up to more than 13: play for the most tricks; "
              "to fewer than 13: for the fewest")
def goal_of(bid_sum: int) -> str | None:
    """The deal's goal, or ``None`` at exactly 13 (the trump maker chooses)."""
    if bid_sum > TRICKS:
        return "most"
    if bid_sum < TRICKS:
        return "fewest"
    return None


#: A deal's goal in the sentences a reader is told, by goal.
_PLAYED_FOR = {"most": N_("the deal is already played for the most tricks"),
               "fewest": N_("the deal is already played for the fewest tricks")}
_GOAL_NOW = {"most": N_("play for the most tricks"), "fewest": N_("play for the fewest tricks")}
_DEAL_OVER = {"most": N_("P{player} takes {trick}; deal over (played for the most): bids {bids}, tricks {tricks}, "
                         "scores {scores}; totals {totals}"),
              "fewest": N_("P{player} takes {trick}; deal over (played for the fewest): bids {bids}, tricks {tricks}, "
                           "scores {scores}; totals {totals}")}


def _choice_refused(game, state, move) -> str:
    if not state.revealed:
        return Msg("the bids are not all in: lay a bid card")
    return Msg(_PLAYED_FOR[state.goal])


@CLAUSES.rule("truf-choose", "Bids adding up to exactly 13: the trump maker chooses most or fewest tricks",
              offers=Choose, refused=_choice_refused)
def choose_at_thirteen(game, state) -> tuple[Choose, ...]:
    """Both goals, once the bids are shown and add up to 13 (the goal is not yet known); else nothing."""
    return CHOOSE if state.revealed and state.goal is None else ()


CLAUSES.note("truf-play-turn", "Play starts once the bids are back in hand and the goal is known",
             "spec.games.truf.follow_suit")
CLAUSES.note("truf-hold", "A player plays one card of their own hand", "spec.games.truf.follow_suit")
CLAUSES.note("truf-lead", "The highest bidder leads the first trick, the taker of a trick the next; "
             "any card may be led", "spec.games.truf.follow_suit")

#: The duty to follow. The tricks kit reads the card led of a trick's plays, here (player, card, face down).
FOLLOW = Duties(follow=True)


def _play_refused(game, state, move) -> tuple[str, str]:
    """Which of the playing clauses refuses ``move``, and why."""
    p = state.to_move
    if not state.revealed:
        return "truf-play-turn", Msg("P{player} must bid first: lay a card face down with 'bid' and the card",
                                     player=p)
    if state.goal is None:
        return "truf-play-turn", Msg("the bids add up to 13: P{player} first chooses '{most}' or '{fewest}'",
                                     player=state.maker, most=str(CHOOSE[0]), fewest=str(CHOOSE[1]))
    return refused_play("truf-hold", "truf-follow", FOLLOW, p, state.hands[p], state.trick, game.orders[state.trump],
                        move.card)


@CLAUSES.rule("truf-follow", "Follow the suit led if able; otherwise play any card", offers=Play,
              refused=_play_refused)
def follow_suit(game, state) -> tuple[Play, ...]:
    """The cards of the hand the tricks kit's :class:`~spec.tricks.Duties` allow, once the bids are
    in and the goal is known (rule ``truf-play-turn``); the leader, with nothing to follow, any card."""
    if not state.revealed or state.goal is None:  # bidding, or the choice at 13
        return ()
    return allowed_plays(FOLLOW, state.hands[state.to_move], state.trick, game.orders[state.trump])


@CLAUSES.rule("truf-face-down", "Trumps are played face down and turned up when all four have played")
def face_down(card: Card, trump: Suit | None) -> bool:
    return card.suit == trump


@CLAUSES.rule("truf-trick", "The highest trump, else the highest card of the suit led, takes the trick; "
              "its taker leads next")
def trick_taker(plays: Sequence[tuple], order: TrickOrder) -> int:
    """Who takes a complete trick of (player, card, face down) plays."""
    return order.winner(plays)


# scoring: one player's deal score, written for Python ints and for z3 terms alike
# (``if_`` is the conditional), so that z3 proves the ranges of the very code that runs


def py_if(cond, then, other):
    return then if cond else other


@CLAUSES.rule("truf-score-difference", "Method 1: the difference between tricks taken and bid, "
              "positive when it went the deal's way (more tricks playing for most, fewer playing for fewest)")
def difference(bid, took, most, if_=py_if):
    return if_(most, took - bid, bid - took)


@CLAUSES.rule("truf-score-exact", "Method 2: as method 1, but an exact bid scores 5 instead of 0")
def with_exact_bonus(diff, bonus: int, if_=py_if):
    return if_(diff == 0, bonus, diff)


@CLAUSES.rule("truf-score-double", "Method 3: as method 1, but positive scores are multiplied (by 2)")
def with_gains_multiplied(diff, factor: int, if_=py_if):
    return if_(diff > 0, diff * factor, diff)


def player_score(bid, took, most, rules: Rules, if_=py_if):
    """One player's deal score under the rules' scoring method."""
    diff = difference(bid, took, most, if_)
    if rules.scoring == "exact_bonus":
        return with_exact_bonus(diff, rules.exact_bonus, if_)
    if rules.scoring == "double_gains":
        return with_gains_multiplied(diff, rules.gain_factor, if_)
    return diff


@CLAUSES.rule("truf-deals", "A game is thirteen deals; the highest total wins (equal highest share the win)")
def game_winners(match: Match) -> tuple[int, ...]:
    return match.leaders()


# ------------------------------------------------------------------- phases
# One small object per phase: what a move does (what may be played is the move clauses above).


class Bidding:
    """Each player in turn lays a card face down; the fourth bid shows them all."""

    @staticmethod
    def apply(game, state, move):
        p, card = state.to_move, move.card
        hands = lay(state.hands, p, card)
        bids = state.bids[:p] + (card,) + state.bids[p + 1:]
        nxt = (p + state.direction) % PLAYERS
        if nxt != (state.dealer + state.direction) % PLAYERS:
            return State(hands, bids, False, (), state.won, nxt, state.dealer, state.direction, None, -1, None,
                         state.match, state.seed, state.last_trick, state.last_winner, state.last_deal, state.stock)
        return Bidding.reveal(game, state, hands, bids)

    @staticmethod
    def reveal(game, state, hands, bids):
        """All four bids are in: show them, name trumps and the goal; the cards go back to their hands."""
        first = (state.dealer + state.direction) % PLAYERS
        maker = trump_maker(bids, first, state.direction, game.rules.bid_tie)
        hands = tuple(sorted_hand(h + (b,)) for h, b in zip(hands, bids))
        goal = goal_of(sum(map(bid_value, bids)))
        return State(hands, bids, True, (), state.won, maker, state.dealer, state.direction, bids[maker].suit,
                     maker, goal, state.match, state.seed, state.last_trick, state.last_winner, state.last_deal,
                     state.stock)


class Choosing:
    """The bids add up to 13: the trump maker says what the deal is played for."""

    @staticmethod
    def apply(game, state, move):
        return State(state.hands, state.bids, True, (), state.won, state.to_move, state.dealer, state.direction,
                     state.trump, state.maker, move.goal, state.match, state.seed, state.last_trick,
                     state.last_winner, state.last_deal, state.stock)


class Playing:
    """Thirteen tricks; trumps go face down; the last trick ends the deal and scores it."""

    @staticmethod
    def apply(game, state, move):
        p, card = state.to_move, move.card
        hands = lay(state.hands, p, card)
        trick = state.trick + ((p, card, face_down(card, state.trump)),)
        if len(trick) < PLAYERS:
            return State(hands, state.bids, True, trick, state.won, (p + state.direction) % PLAYERS,
                         state.dealer, state.direction, state.trump, state.maker, state.goal, state.match,
                         state.seed, state.last_trick, state.last_winner, state.last_deal, state.stock)
        winner = trick_taker(trick, game.orders[state.trump])
        won = take(state.won, winner, trick)
        if hands[winner]:
            return State(hands, state.bids, True, (), won, winner, state.dealer, state.direction,
                         state.trump, state.maker, state.goal, state.match, state.seed, trick, winner,
                         state.last_deal, state.stock)
        return Playing.score(game, state, hands, won, trick, winner)

    @staticmethod
    def score(game, state, hands, won, trick, winner):
        bids = tuple(map(bid_value, state.bids))
        tricks = tuple(len(w) // PLAYERS for w in won)
        most = state.goal == "most"
        scores = tuple(player_score(b, t, most, game.rules) for b, t in zip(bids, tricks))
        match = state.match.add(scores)
        last = (state.bids, tricks, state.goal, scores)
        if match.over:
            return State(hands, state.bids, True, (), won, winner, state.dealer, state.direction, state.trump,
                         state.maker, state.goal, match, state.seed, trick, winner, last, state.stock)
        nxt = game.start_deal(state.seed, match, dealer_of(state.dealer, 1, game.rules))
        return State(nxt.hands, nxt.bids, False, (), nxt.won, nxt.to_move, nxt.dealer, nxt.direction,
                     match=match, seed=state.seed, last_trick=trick, last_winner=winner, last_deal=last)


def phase_of(state: State):
    if not state.revealed:
        return Bidding
    return Choosing if state.goal is None else Playing


# --------------------------------------------------------------------- game

class Truf(Game[State, Bid | Choose | Play]):
    info = INFO
    Rules = Rules
    move_kinds = (Bid, Choose, Play)
    over_clause = "truf-deals"

    def __init__(self, rules=None, *, players=None):
        super().__init__(rules, players=players)
        self.orders = {s: TrickOrder(s, NATURAL_ORDER) for s in Suit}

    def deck(self):
        return DECK

    def deal(self, seed: int) -> State:
        first = rng_for(seed).randrange(PLAYERS)
        return self.start_deal(seed, Match.start(PLAYERS, max_deals=self.rules.deals), first)

    def new_hands(self, seed: int, deal_no: int, dealer: int, direction: int) -> tuple[tuple[Card, ...], ...]:
        """The sorted hands of deal ``deal_no``; a deal with an all-low or all-high hand is
        shuffled again (attempt 1, 2 ... of the same deal)."""
        for attempt in redraws("truf-redeal"):
            cards = list(DECK)
            rng_for(seed, 1 + deal_no, attempt).shuffle(cards)
            hands = deal_hands(cards, dealer, direction)
            if not needs_redeal(hands):
                return tuple(sorted_hand(h) for h in hands)

    def start_deal(self, seed: int, match: Match, dealer: int) -> State:
        direction = direction_of(match.deals, self.rules)
        hands = self.new_hands(seed, match.deals, dealer, direction)
        return State(hands, (None,) * PLAYERS, False, (), ((),) * PLAYERS, (dealer + direction) % PLAYERS,
                     dealer, direction, match=match, seed=seed)

    def position(self, hands: Sequence[Sequence[Card] | str], *, dealer: int = PLAYERS - 1,
                 direction: int | None = None, to_move: int | None = None, match: Match | None = None,
                 seed: int = 0, stock: Sequence[Card] | str = ()) -> State:
        """A position at the start of a deal, before the first bid: how the verifier's small
        configurations and the tests set up bidding and play.

        ``hands``: the four hands by seat, each kept in the order given (a deal sorts them).
        ``dealer``: default P3. ``direction``: +1 clockwise, -1 anticlockwise; default the deal's own
        by rule ``truf-direction`` (the first deal's is anticlockwise unless the rules say otherwise).
        ``to_move``: the first bidder, default the dealer's neighbour in that direction. ``match``: the
        deals played so far and their totals (default: none yet, of the rules' number of deals).
        ``seed``: the match's, for the deals to come. ``stock``: cards left undealt (a small
        position's). Cards are :class:`~spec.cards.Card` values or card notation; a card named twice,
        or not of the 52, raises ``ValueError`` (:func:`~spec.cards.check_named_once`)."""
        hands, stock = tuple(map(as_cards, hands)), as_cards(stock)
        check_named_once(DECK, *hands, stock)
        match = match or Match.start(PLAYERS, max_deals=self.rules.deals)
        direction = direction_of(match.deals, self.rules) if direction is None else direction
        to_move = (dealer + direction) % PLAYERS if to_move is None else to_move
        return State(hands, (None,) * PLAYERS, False, (), ((),) * PLAYERS, to_move, dealer, direction,
                     match=match, seed=seed, stock=stock)

    def to_move(self, state):
        return None if state.match.over else state.to_move

    def is_over(self, state):
        return state.match.over

    def apply(self, state, move):
        return phase_of(state).apply(self, state, move)

    def outcome(self, state):
        totals = state.match.totals
        return Outcome(winners=game_winners(state.match), scores=totals, returns=totals)

    def standing(self, state):
        """The totals of the deals played so far: the returns are the totals."""
        return state.match.totals

    def zones(self, state):
        z = {}
        for p, h in enumerate(state.hands):
            bid = state.bids[p]
            shown = state.revealed and bid in h
            z[f"hand {p}"] = tuple(c for c in h if c != bid) if shown else h
            z[f"bid {p}"] = (bid,) if shown or (bid is not None and not state.revealed) else ()
        z["trick"] = tuple(c for _, c, down in state.trick if not down)
        for p in range(PLAYERS):
            z[f"down {p}"] = tuple(c for q, c, down in state.trick if down and q == p)
        for p, w in enumerate(state.won):
            z[f"won {p}"] = w
        z["stock"] = state.stock
        return z

    def hidden_zones(self, state, player):
        """Other players' hands, their bids until all four are shown, their face-down trumps, the stock."""
        out = {"stock"}
        for q in range(PLAYERS):
            if q != player:
                out.add(f"hand {q}")
                out.add(f"down {q}")
                if not state.revealed:
                    out.add(f"bid {q}")
        return frozenset(out)

    def resample_hidden(self, state, player, rng):
        """After the hidden cards are dealt afresh: a card another player laid face down in the trick is
        a trump (rule ``truf-face-down``), so each gets a trump the player cannot see, drawn at random
        and swapped with it, and the redrawn position agrees with what the player saw."""
        slots = [c for q, c, down in state.trick if down and q != player]
        if not slots:
            return state
        zones, hidden = self.zones(state), self.hidden_zones(state, player)
        trumps = sorted((c for z in hidden for c in zones[z] if c.suit == state.trump), key=sort_key)
        image = {c: c for c in trumps + slots}
        holder = dict(image)                     # holder[t]: the card whose place t takes
        for card, trump in zip(slots, rng.sample(trumps, len(slots))):
            other = holder[trump]                # swap the images of card and other
            image[card], image[other] = trump, image[card]
            holder[trump], holder[image[other]] = card, other
        return self.relabel(state, {a: b for a, b in image.items() if a != b})

    def observe(self, state, player):
        # who played face up or down, trumps, the goal, the dealer, direction and totals are public
        order = tuple((q, None if down and q != player else c) for q, c, down in state.trick)
        return super().observe(state, player) + (order, state.trump, state.maker, state.goal, state.dealer,
                                                 state.direction, state.match.totals)

    def max_plays(self):
        # a deal: four bids, at most one choice, 52 cards played
        return self.rules.deals * (PLAYERS + 1 + PLAYERS * HAND_SIZE)

    # ------------------------------------------------------------ notation
    def describe(self, state):
        way = Msg("anticlockwise") if state.direction == ANTICLOCKWISE else Msg("clockwise")
        return Msg("deal {deal}, P{dealer} deals, {way}; totals {totals}; {hands}", deal=state.match.deals + 1,
                   dealer=state.dealer, way=way, totals=" ".join(map(str, state.match.totals)),
                   hands=hands_text(state.hands))

    def describe_move(self, state):
        if state.match.over or (not state.revealed and state.last_deal and not any(state.bids)):
            bids, tricks, goal, scores = state.last_deal  # a deal has just been scored
            text = Msg(_DEAL_OVER[goal], player=state.last_winner, trick=self._trick_text(state.last_trick),
                       bids=" ".join(str(bid_value(b)) for b in bids), tricks=" ".join(map(str, tricks)),
                       scores=" ".join(map(str, scores)), totals=" ".join(map(str, state.match.totals)))
            if state.match.over:
                return Msg.join("; ", [text, Msg("game over")])
            return Msg.join("\n      ", [text, self.describe(state)])
        if not state.revealed or state.trick:
            return ""
        if not any(state.won):  # the bids have just been shown (or the goal chosen)
            bids = " ".join(f"P{p} {b} ({bid_value(b)})" for p, b in enumerate(state.bids))
            total = sum(map(bid_value, state.bids))
            goal = (Msg(_GOAL_NOW[state.goal]) if state.goal
                    else Msg("P{player} chooses most or fewest", player=state.maker))
            return Msg("bids {bids}: sum {total}, trumps {suit} (P{player}); {goal}", bids=bids, total=total,
                       suit=state.trump.symbol, player=state.maker, goal=goal)
        return Msg("P{player} takes {trick} (tricks {tricks})", player=state.last_winner,
                   trick=self._trick_text(state.last_trick), tricks=" ".join(map(str, tricks_of(state))))

    @staticmethod
    def _trick_text(trick) -> str:
        return " ".join(f"{c}{'*' if down else ''}" for _, c, down in trick)


GAME = Truf
