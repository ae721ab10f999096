"""Old Kozel (Козёл, old rules): four players, the 32-card pack in two halves,
the four jacks above every trump, a tally of twelve, and the "goat".

Source: ``001_55360323bc916247.txt``, "(untitled) jacks as super-trumps" (lines 87-104).

The shuffled pack is split in two halves of sixteen cards, and each half is
one game of four tricks. In the first half fifteen cards are dealt and the
next card, shown, names trumps and goes to the dealer; the second half is
dealt four cards each under the same trumps. The jacks rank above the
trumps, the club jack highest. A player who takes more than 60 card points
in a game takes 2 from each other player's tally of 12 (1 from the dealer);
taking twelve from one player wins the goat and ends the match.

Seats are numbered clockwise: P1 sits on P0's left.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Literal

from spec.cards import Card, Rank, Suit, as_card, as_cards, check_named_once, make_deck
from spec.clauses import ClauseBook
from spec.dealing import deal_round_robin, rng_for, seats_from, sorted_hand
from spec.engine import Game, GameInfo, Outcome, Source
from spec.i18n import N_, Msg
from spec.rules import Table, setting
from spec.stakes import Ledger, player_account
from spec.tricks import (PLAY, Duties, Play, TrickOrder, hand_zones, hands_text, lay, points_in, rank_order,
                         seat_trick, take, taken_text, trick_zones)

INFO = GameInfo(
    id="kozel_old",
    name_en="Old Kozel",
    name_ru="Козёл (старинные правила)",
    min_players=4,
    max_players=4,
    deck="32",
    family=N_("trick-taking"),
    chance=True,
    hidden_information=True,
    zero_sum=True,  # tally points only move between players (properties zero_sum, stakes_conserved)
    source=Source(file="001_55360323bc916247.txt", title=N_("(untitled) jacks as super-trumps"), lines="87-104"),
)

CLAUSES = ClauseBook(INFO.id)

PLAYERS = 4
HALF = 16
HAND_SIZE = 4
DECK = make_deck(INFO.deck)
#: The jacks above every trump, lowest first: ♦ ♥ ♠ ♣.
JACKS = (Card(Rank.JACK, Suit.DIAMONDS), Card(Rank.JACK, Suit.HEARTS), Card(Rank.JACK, Suit.SPADES),
         Card(Rank.JACK, Suit.CLUBS))
#: Card points (the 9, 8 and 7 are "empty").
POINTS = Table({Rank.ACE: 11, Rank.TEN: 10, Rank.KING: 4, Rank.QUEEN: 3, Rank.JACK: 2})
DECK_POINTS = 120
#: Rank orders, lowest first (the jacks are ranked apart). ``points``: by the points the source
#: lists (the ten above the king); ``natural``: the ten below the jack's place.
ORDERS = {"points": rank_order(Rank.SEVEN, Rank.EIGHT, Rank.NINE, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.TEN,
                               Rank.ACE),
          "natural": rank_order(Rank.SEVEN, Rank.EIGHT, Rank.NINE, Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING,
                                Rank.ACE)}
#: What each player writes for themselves at the start.
TALLY = 12


@dataclass(frozen=True, kw_only=True)
class Rules:
    """Parameters of old Kozel. Defaults are the source's rules and, where it is
    silent, the project's decisions."""

    winning_points: int = setting(61, range=(1, 120))
    """Card points that win a game. Source: 61 ("more than 60")."""

    count: Literal["half", "both"] = "half"
    """What a game is. Source: the points are counted after each game, and a
    game is one half of the pack (default ``"half"``). ``"both"``: the two
    halves under one trump are counted together, as in later Kozel, where 61
    is more than half of the pack's 120 points."""

    follow: Literal["suit", "free"] = "suit"
    """The source states no duty to follow. Decision ``"suit"``: follow suit
    if able (a jack counts as a trump), as in every Kozel; ``"free"``: any card."""

    order: Literal["points", "natural"] = "points"
    """Rank order below the jacks. The source gives card values only; decision
    ``"points"``: A 10 K Q 9 8 7, by value. ``"natural"``: A K Q 10 9 8 7."""

    goat: Literal["from_one", "tally_out"] = "from_one"
    """When the match ends. Source (default ``"from_one"``): a player who has
    taken twelve from any one player wins the goat. ``"tally_out"``: the match
    ends when some player's tally of 12 is used up; the highest tally wins."""


PRESETS = {"both_halves": {"count": "both"}, "free_play": {"follow": "free"},
           "tally_out": {"goat": "tally_out"}}


@dataclass(frozen=True)
class State:
    hands: tuple[tuple[Card, ...], ...]
    trick: tuple[tuple[int, Card], ...]
    won: tuple[tuple[Card, ...], ...]       # cards taken in the current game
    to_move: int
    dealer: int
    trump: Suit
    turned: Card                            # the trump card, shown, the dealer's
    half: int                               # 0 or 1
    stock: tuple[Card, ...]                 # the second half, face down, while the first is played
    tally: Ledger                           # each player's tally (starts at 12)
    taken: tuple[int, ...]                  # taken[w * 4 + p]: what w has taken from p
    carried: tuple[int, ...]                # points of the first half, under count="both"
    deals: int = 0                          # deals (pairs of halves) finished
    seed: int = 0
    last_trick: tuple[tuple[int, Card], ...] = ()
    last_winner: int = -1
    stop_after_half: bool = False           # small test positions: stop when this half ends
    out: tuple[Card, ...] = ()              # the first half's cards, once it is over (face down)


# ------------------------------------------------------------------ clauses

CLAUSES.note("kozel-old-players", "Four players; the pack without sixes (32 cards)",
             unchecked="fixed by the game's metadata; the generic cards_conserved property checks the 32 cards")
CLAUSES.note("kozel-old-advice", "Advice: give your partner low or empty cards, even jacks; keep aces and tens",
             unchecked="strategy advice, not a rule; its mention of a partner is discussed in the errata")


@CLAUSES.rule("kozel-old-halves", "The pack is split in two halves; fifteen cards are dealt, the next card names "
              "trumps for both halves and goes to the dealer; the second half is dealt four each")
def deal_half(cards: Sequence[Card], dealer: int) -> tuple[tuple[Card, ...], ...]:
    """Four cards each from a half of sixteen, one at a time from the dealer's left; the dealer's
    last card is the half's last card (in the first half, the trump card)."""
    return deal_round_robin(cards, seats_from((dealer + 1) % PLAYERS, PLAYERS), HAND_SIZE)


@CLAUSES.rule("kozel-old-dealer", "The first dealer is chosen by lot; the deal passes to the left after both "
              "halves", unchecked="the lot is chance (the seed); the rotation is checked by deal_start")
def dealer_of(first: int, deals_done: int) -> int:
    return (first + deals_done) % PLAYERS


@CLAUSES.rule("kozel-old-jacks", "The jacks beat every trump: clubs, then spades, hearts, diamonds")
def trick_order(trump: Suit, order: str = "points") -> TrickOrder:
    return TrickOrder(trump, ORDERS[order], super_trumps=JACKS)


@CLAUSES.rule("kozel-old-first-lead", "The player on the dealer's left leads each half; the taker of a trick "
              "leads the next")
def first_leader(dealer: int) -> int:
    """Decision: the source does not say who leads."""
    return (dealer + 1) % PLAYERS


@CLAUSES.rule("kozel-old-hold", "A player plays one card of their own hand", offers=Play,
              refused="P{player} does not hold {move}")
def card_held(game, state) -> tuple[Play, ...]:
    return tuple(map(PLAY.__getitem__, state.hands[state.to_move]))


def _not_followed(game, state, move) -> str:
    return game.duties.why_not(move.card, state.hands[state.to_move], state.trick, game.orders[state.trump])


@CLAUSES.rule("kozel-old-follow", "Follow suit if able (a jack is a trump); otherwise any card", narrows=Play,
              refused=_not_followed)
def follows_suit(game, state, moves: tuple[Play, ...]) -> tuple[Play, ...]:
    """The cards of the hand the duty allows (the tricks kit's :class:`~spec.tricks.Duties`; under free
    play, every card); the leader, with nothing to follow, any card."""
    if not state.trick:
        return moves
    allowed = game.duties.options(state.hands[state.to_move], state.trick, game.orders[state.trump])
    return tuple(m for m in moves if m.card in allowed)


@CLAUSES.rule("kozel-old-trick", "The highest jack, else the highest trump, else the highest card of the suit "
              "led takes the trick")
def trick_taker(plays: Sequence[tuple[int, Card]], order: TrickOrder) -> int:
    """Who takes a complete trick, under the deal's :func:`trick_order`."""
    return order.winner(plays)


@CLAUSES.rule("kozel-old-points", "Taken cards score: ace 11, ten 10, king 4, queen 3, jack 2, the rest nothing")
def card_points(won: Sequence[Sequence[Card]], points=POINTS) -> tuple[int, ...]:
    return tuple(points_in(cards, points) for cards in won)


@CLAUSES.rule("kozel-old-61", "A player with more than 60 points wins the game")
def game_winner(points: Sequence[int], winning: int) -> int | None:
    """The player at or over ``winning`` points. At the source's 61 there is at most one (property
    ``one_game_winner``); under a house-rule threshold low enough for two, the one with more points wins,
    and if they are level nobody does (a decision: the source never meets the case)."""
    over = [p for p, x in enumerate(points) if x >= winning]
    if len(over) < 2:
        return over[0] if over else None
    top = max(points[p] for p in over)
    best = [p for p in over if points[p] == top]
    return best[0] if len(best) == 1 else None


@CLAUSES.rule("kozel-old-tally", "Everyone writes 12; the winner of a game takes 2 from each player, 1 from "
              "the dealer")
def payments(winner: int, dealer: int) -> tuple[tuple[int, int], ...]:
    """(payer, amount) for each other player."""
    return tuple((p, 1 if p == dealer else 2) for p in range(PLAYERS) if p != winner)


@CLAUSES.rule("kozel-old-goat", "Whoever takes twelve from one player wins the goat, and the match")
def goat_winner(taken: Sequence[int], tally: Ledger, goat: str) -> tuple[int, ...] | None:
    """The winners if the match is over, else ``None``."""
    if goat == "from_one":
        if max(taken) < TALLY:  # the usual case, on every move
            return None
        return tuple(sorted({w for w in range(PLAYERS) for p in range(PLAYERS) if taken[w * PLAYERS + p] >= TALLY}))
    balances = [tally[player_account(p)] for p in range(PLAYERS)]
    if min(balances) > 0:
        return None
    best = max(balances)
    return tuple(p for p in range(PLAYERS) if balances[p] == best)


# --------------------------------------------------------------------- game

class KozelOld(Game[State, Play]):
    info = INFO
    Rules = Rules
    move_kinds = (Play,)
    over_clause = "kozel-old-goat"

    def __init__(self, rules=None, *, players=None):
        super().__init__(rules, players=players)
        self.duties = Duties(follow=self.rules.follow == "suit")
        self.orders = {s: trick_order(s, self.rules.order) for s in Suit}

    def deck(self):
        return DECK

    def deal(self, seed: int) -> State:
        first = rng_for(seed).randrange(PLAYERS)
        return self.start_deal(seed, first, Ledger.open(players=PLAYERS, stake=TALLY), (0,) * 16, 0)

    def start_deal(self, seed, dealer, tally, taken, deals) -> State:
        cards = list(DECK)
        rng_for(seed, deals).shuffle(cards)
        hands = deal_half(cards[:HALF], dealer)
        turned = hands[dealer][-1]
        return State(tuple(sorted_hand(h) for h in hands), (), ((),) * PLAYERS, first_leader(dealer), dealer,
                     turned.suit, turned, 0, tuple(cards[HALF:]), tally, taken, (0,) * PLAYERS, deals, seed)

    def position(self, hands: Sequence[Sequence[Card] | str], trick: Sequence[Card] | str = (), *,
                 turned: Card | str, dealer: int = PLAYERS - 1, half: int | None = None,
                 to_move: int | None = None, won: Sequence[Sequence[Card] | str] = ((),) * PLAYERS,
                 stock: Sequence[Card] | str = (), out: Sequence[Card] | str = (), tally: Ledger | None = None,
                 taken: Sequence[int] = (0,) * 16, carried: Sequence[int] = (0,) * PLAYERS, deals: int = 0,
                 seed: int = 0, stop_after_half: bool = False) -> State:
        """A position of a half (a game): what each player holds, the trick on the table, who deals, the
        trump card and the tallies. How the verifier's small configurations and the tests set up play.

        ``hands``: the four hands by seat, each kept in the order given (a deal sorts them).
        ``trick``: the cards of the trick in progress in the order played, the last by the seat
        before ``to_move``. ``turned``: the trump card, whose suit is trumps in both halves (in the
        first it is shown while the dealer holds it). ``dealer``: default P3, so that P0 leads.
        ``half``: 0 (the first) or 1; default the first when a ``stock`` is
        set aside for the second, else the second. ``to_move``: default the dealer's left when no card is
        on the table, else the seat after the trick's last card. ``won``: each seat's taken cards of this
        game. ``stock``: the second half's cards, face down, dealt in order from the first.
        ``out``: the first half's cards, set aside in the second. ``tally``: default 12 each;
        ``taken[w * 4 + p]``: what ``w`` has taken from ``p``; ``carried``: the first half's points
        (``count = "both"``); ``deals``: deals finished; ``seed``: the match's, for the deals to come;
        ``stop_after_half``: the match stops when this half ends (a small configuration's). Cards are
        :class:`~spec.cards.Card` values or card notation; a card named twice, or not of the 32,
        raises ``ValueError`` (:func:`~spec.cards.check_named_once`)."""
        hands, won = tuple(map(as_cards, hands)), tuple(map(as_cards, won))
        trick, stock, out = as_cards(trick), as_cards(stock), as_cards(out)
        turned = as_card(turned)
        check_named_once(DECK, *hands, trick, *won, stock, out)
        check_named_once(DECK, (turned,))
        to_move, plays = seat_trick(trick, first_leader(dealer), PLAYERS, to_move)
        half = (0 if stock else 1) if half is None else half
        tally = Ledger.open(players=PLAYERS, stake=TALLY) if tally is None else tally
        return State(hands, plays, won, to_move, dealer, turned.suit, turned, half, stock, tally, tuple(taken),
                     tuple(carried), deals, seed, stop_after_half=stop_after_half, out=out)

    def to_move(self, state):
        return None if self.is_over(state) else state.to_move

    def is_over(self, state):
        return (not any(state.hands) and not state.trick) or goat_winner(state.taken, state.tally,
                                                                          self.rules.goat) is not None

    def apply(self, state, move):
        p = state.to_move
        hands, trick = lay(state.hands, p, move.card), state.trick + ((p, move.card),)
        if len(trick) < PLAYERS:  # hand-built, not dataclasses.replace: this is most moves
            return State(hands, trick, state.won, (p + 1) % PLAYERS, state.dealer, state.trump, state.turned,
                         state.half, state.stock, state.tally, state.taken, state.carried, state.deals, state.seed,
                         state.last_trick, state.last_winner, state.stop_after_half, state.out)
        winner = trick_taker(trick, self.orders[state.trump])
        won = take(state.won, winner, trick)
        if hands[winner]:
            return State(hands, (), won, winner, state.dealer, state.trump, state.turned, state.half, state.stock,
                         state.tally, state.taken, state.carried, state.deals, state.seed, trick, winner,
                         state.stop_after_half, state.out)
        return self.end_half(state, hands, won, trick, winner)

    def end_half(self, state, hands, won, trick, winner) -> State:
        """Score a finished half, then deal the next half or the next deal (or stop)."""
        pts = card_points(won)
        tally, taken, carried = state.tally, state.taken, (0,) * PLAYERS
        if self.rules.count == "both" and state.half == 0:
            carried = pts
        else:
            if self.rules.count == "both":
                pts = tuple(a + b for a, b in zip(pts, state.carried))
            w = game_winner(pts, self.rules.winning_points)
            if w is not None:
                t = list(taken)
                for payer, amount in payments(w, state.dealer):
                    tally = tally.pay(player_account(payer), player_account(w), amount)
                    t[w * PLAYERS + payer] += amount
                taken = tuple(t)
        done = replace(state, hands=hands, trick=(), won=won, to_move=winner, tally=tally, taken=taken,
                       carried=carried, last_trick=trick, last_winner=winner)
        if state.stop_after_half or goat_winner(taken, tally, self.rules.goat) is not None:
            return done
        if state.half == 0:
            hands = tuple(sorted_hand(h) for h in deal_half(state.stock, state.dealer))
            return replace(done, hands=hands, won=((),) * PLAYERS, to_move=first_leader(state.dealer), half=1,
                           stock=(), out=sum(won, ()))
        nxt = self.start_deal(state.seed, dealer_of(state.dealer, 1), tally, taken, state.deals + 1)
        return replace(nxt, last_trick=trick, last_winner=winner)  # a second half ended: nothing is carried

    def ledger(self, state):
        return state.tally

    def outcome(self, state):
        won = goat_winner(state.taken, state.tally, self.rules.goat) or ()
        start = Ledger.open(players=PLAYERS, stake=TALLY)
        returns = state.tally.player_returns(start, PLAYERS)
        return Outcome(winners=won, scores=tuple(state.tally[player_account(p)] for p in range(PLAYERS)),
                       returns=returns)

    def standing(self, state):
        """The tallies so far: a match stopped now would pay by them, as at its end."""
        return self.outcome(state).returns

    def zones(self, state):
        holder = state.dealer if state.half == 0 else -1  # the trump card lies face up in the first half only
        return {**hand_zones(state.hands, state.turned, holder), **trick_zones(state.trick, state.won),
                "stock": state.stock, "out": state.out}

    def observe(self, state, player):
        return super().observe(state, player) + (state.trump, state.dealer, state.half, state.tally, state.taken,
                                                 state.carried)

    def max_plays(self):
        return None  # a game can pass without a winner, so no bound (property match_unbounded)

    def describe(self, state):
        tallies = " ".join(str(state.tally[player_account(p)]) for p in range(PLAYERS))
        return Msg("deal {deal}, half {half}, P{dealer} deals, trump card {card}: trumps {suit}; tallies {tallies}; "
                   "{hands}", deal=state.deals + 1, half=state.half + 1, dealer=state.dealer, card=str(state.turned),
                   suit=state.trump.symbol, tallies=tallies, hands=hands_text(state.hands))

    def describe_move(self, state):
        if state.trick or not state.last_trick:
            return ""
        cards = tuple(c for _, c in state.last_trick)
        text = taken_text(state.last_winner, state.last_trick, card_points((cards,))[0])
        if self.is_over(state):
            return Msg.join("; ", [text, self.outcome(state).message()])
        if all(len(h) == HAND_SIZE for h in state.hands):
            return Msg.join("\n      ", [Msg("{trick}; half over", trick=text), self.describe(state)])
        return text


GAME = KozelOld
