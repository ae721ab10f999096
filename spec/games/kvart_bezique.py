"""Kvart-bezique: a betting game on four-card hands from six packs.

Six 24-card packs are shuffled together (144 cards); every player antes and
gets four cards. The players bet in turn; when all but two have folded,
either of the two may ask to see, and the higher hand score takes the pot.
A hand scores its card points (king, queen, jack, ten 1 each; ace and nine,
the "fat", 0) unless its cards make combinations, which replace the points
of the cards in them: three of a kind 6; four kings 8, four aces 0, any other
four of a kind 9; a marriage (king and queen of one suit) 4; a bezique (a
queen and a jack of the two different suits of one colour) 4; two beziques
9; a crown (king, queen, jack of one suit) 6, with the ten 9; a bezique made
with a card of a crown is added to it. A trump variant doubles the points of
trump cards.

The rules are the source's, with decisions where it is silent (the size of
the stakes, the table limit, ties, how trumps are chosen); each is a rules
option. Stakes move only through the ledger (:mod:`spec.stakes`): each
settlement is a clause stating gains and losses.
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import Literal

from spec.cards import Card, Rank, Suit, as_cards, check_named_once, deck_ranks, format_cards, make_deck
from spec.clauses import ClauseBook
from spec.dealing import rng_for
from spec.engine import Game, GameInfo, Outcome, Source
from spec.errors import VariantError
from spec.i18n import N_, Msg
from spec.moves import move
from spec.rules import setting
from spec.stakes import POT, Deltas, Ledger, check_ordered, next_still_in, player_account, settle, share, transfer

INFO = GameInfo(id="kvart_bezique", name_en="Kvart-bezique", name_ru="Кварт-безик", min_players=2,
                max_players=6,
                deck="6x24", family=N_("betting game (combinations)"), chance=True, hidden_information=True,
                zero_sum=True, source=Source(file="003_7a0ed7952c70980c.txt",
                                             title=N_("(untitled) 6 x 24-card decks, combinations"), lines="61-82"))
CLAUSES = ClauseBook(INFO.id)
SHOE = make_deck(INFO.deck)
HAND = 4

#: the 24 kinds of card in a pack (six copies of each in the 144-card shoe)
KINDS = tuple(Card(r, s) for s in (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS) for r in deck_ranks(24))
COPIES = 6

#: card points: the "fat" (ace, nine) scores nothing
POINTS = {Rank.KING: 1, Rank.QUEEN: 1, Rank.JACK: 1, Rank.TEN: 1, Rank.ACE: 0, Rank.NINE: 0}
#: four of a kind
QUADS = {Rank.KING: 8, Rank.ACE: 0}
QUAD_OTHER = 9
TRIPLE = 6
MARRIAGE = 4
BEZIQUE = 4
DOUBLE_BEZIQUE = 9
CROWN_3 = 6
CROWN_4 = 9
#: the source's order of the ranks, low to high (used only to break ties, as an option)
RANK_ORDER = (Rank.NINE, Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE)

BLACK = {Suit.SPADES, Suit.CLUBS}


@dataclass(frozen=True, kw_only=True)
class Rules:
    """Parameters of Kvart-bezique."""

    purse: int = setting(20, range=(1, 1000))
    """Chips each player brings to the table (decision: the source names no amount). A player never bets more
    than they hold (table stakes), which is what makes every game end."""

    ante: int = setting(1, range=(1, 100))
    """The stake every player puts in the pot before the deal (the source: an amount agreed beforehand)."""

    min_bet: int = setting(1, range=(1, 100))
    """The smallest bet (the source: no less than the amount agreed beforehand)."""

    max_bet: int = setting(5, range=(1, 100))
    """The table limit on one bet (decision: the source allows any sum; a limit keeps the choices finite)."""

    tie: Literal["split", "high_card"] = "split"
    """Equal scores at the show: ``split`` (decision: the source is silent; the pot is shared, its odd chips
    going to the first tied player from the dealer's left), or ``high_card``: the higher top card in the
    source's rank order (nine, ten, jack, queen, king, ace) wins, then the next; hands equal in ranks split."""

    crown_bezique: Literal["added", "not_added"] = "added"
    """A bezique made with a crown's queen or jack: ``added`` to the crown (the source's worked example, 10),
    or ``not_added`` (the source's word that two beziques, 9, are the top combination)."""

    four_aces: Literal["zero", "best_reading"] = "zero"
    """Four aces: ``zero`` (the source), or ``best_reading``: they may be read as three aces (6), as any other
    hand scores its best reading."""

    crown: Literal["king_queen_jack", "any_suited"] = "king_queen_jack"
    """A crown: ``king_queen_jack`` (decision: the source's example, with the ten for four), or ``any_suited``:
    any three cards of one suit (6), any four (9), reading the source's example as one case among many."""

    trump: Literal["none", "turned"] = "none"
    """``none`` (the plain game) or ``turned``: the trump variant; after the deal the top card of the stock
    is turned face up and its suit is trump (decision: the source does not say how the trump is chosen)."""

    trump_doubles: Literal["cards", "suit_combinations"] = "cards"
    """In the trump variant: ``cards`` (the source: the points of trump cards count double), or
    ``suit_combinations``: a combination whose cards are all trumps (marriage, crown) counts double too."""

    def __post_init__(self):
        check_ordered(self, ("min_bet", "max_bet"))
        if self.ante > self.purse:
            raise VariantError("purse", f"{self.purse} is below the ante {self.ante}", f"at least {self.ante}")


PRESETS = {"trump": {"trump": "turned"},
           "trump_combinations": {"trump": "turned", "trump_doubles": "suit_combinations"},
           "high_card_ties": {"tie": "high_card"}, "double_bezique_top": {"crown_bezique": "not_added"},
           "four_aces_as_three": {"four_aces": "best_reading"}, "suited_crowns": {"crown": "any_suited"}}


@move("bet {amount}")
class Bet:
    amount: int


@move("make up")
class MakeUp:
    pass


@move("show")
class Show:
    pass


@move("fold")
class Fold:
    pass


MAKE_UP, SHOW, FOLD = MakeUp(), Show(), Fold()


@dataclass(frozen=True)
class Scoring:
    """The scoring options of one game (hashable, so hand scores can be cached)."""

    trump: Suit | None = None
    doubles: str = "cards"
    crown_bezique: str = "added"
    four_aces: str = "zero"
    crown: str = "king_queen_jack"


PLAIN = Scoring()


#: The game log's sentence for each kind of move, and the name of the number it says. A state keeps only the
#: kind and its numbers: the sentence is made when the log is read, not at every move of a search.
LOG = {"fold": (N_("P{player} folds"), None),
       "fold_out": (N_("P{player} folds; P{winner} takes the pot unseen"), "winner"),
       "make_up": (N_("P{player} makes up {owed}"), "owed"),
       "bet": (N_("P{player} bets {amount}"), "amount"),
       "show": (N_("P{player} pays {stake} and shows: {shown}"), "stake")}


@dataclass(frozen=True)
class State:
    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]             # face down
    turned: tuple[Card, ...]            # the trump card, face up (trump variant only)
    ledger: Ledger                      # every chip, players and pot
    folded: tuple[bool, ...]
    to_move: int | None                 # None: the game is over
    stake: int = 0                      # the last bet (0: nobody has bet yet)
    bettor: int | None = None           # who made it
    owed: int = 0                       # what ``to_move`` must make up before anyone else moves
    resume: int | None = None           # whose turn comes after the make-up
    shown: bool = False
    winners: tuple[int, ...] = ()
    seed: int = 0
    last: tuple = ()                    # what the last move did, for the game log: (kind of LOG, player, number)


# ------------------------------------------------------------------ scoring clauses

CLAUSES.note("kvart-deal", "Six 24-card packs shuffled together (144 cards); four cards to each player, "
             "the rest a face-down stock", "spec.games.kvart_bezique.KvartBezique.deal",
             unchecked="the deal is chance; cards_conserved checks the shoe is whole at every step, "
                       "odds_simulated checks the dealt hands against the exact odds")


@CLAUSES.rule("kvart-points", "King, queen, jack and ten score 1; ace and nine (the fat) score nothing")
def card_points(cards: Sequence[Card], sc: Scoring = PLAIN) -> int:
    return sum(POINTS[c.rank] * (2 if c.suit == sc.trump else 1) for c in cards)


@CLAUSES.rule("kvart-trump", "Trump variant: the points of trump cards count double (as an option, also a "
              "combination all of trumps)")
def doubled(value: int, cards: Sequence[Card], sc: Scoring) -> int:
    if sc.trump is not None and sc.doubles == "suit_combinations" and all(c.suit == sc.trump for c in cards):
        return 2 * value
    return value


@CLAUSES.rule("kvart-bezique-pair", "A bezique is a queen and a jack of the two different suits of one colour")
def is_bezique(a: Card, b: Card) -> bool:
    q, j = (a, b) if a.rank == Rank.QUEEN else (b, a)
    return (q.rank == Rank.QUEEN and j.rank == Rank.JACK and q.suit != j.suit
            and (q.suit in BLACK) == (j.suit in BLACK))


@CLAUSES.rule("kvart-marriage", "A marriage is the king and queen of one suit")
def is_marriage(a: Card, b: Card) -> bool:
    return {a.rank, b.rank} == {Rank.KING, Rank.QUEEN} and a.suit == b.suit


def pair_score(a: Card, b: Card, sc: Scoring) -> int | None:
    if is_marriage(a, b):
        return doubled(MARRIAGE, (a, b), sc)
    if is_bezique(a, b):
        return BEZIQUE
    return None


@CLAUSES.rule("kvart-quads", "Four of a kind: kings 8, aces 0, any other rank 9")
def quads_score(hand: Sequence[Card], sc: Scoring = PLAIN) -> int | None:
    if len(hand) == 4 and len({c.rank for c in hand}) == 1:
        return doubled(QUADS.get(hand[0].rank, QUAD_OTHER), hand, sc)
    return None


@CLAUSES.rule("kvart-triple", "Three of a kind score 6, the fourth card its points")
def triple_scores(hand: Sequence[Card], sc: Scoring = PLAIN) -> list[int]:
    out = []
    for rank, k in Counter(c.rank for c in hand).items():
        if k >= 3:  # (four of a kind reads as three only under the option four_aces = "best_reading")
            same = [c for c in hand if c.rank == rank]
            other = [c for c in hand if c.rank != rank]
            for pick in itertools.combinations(range(k), 3):
                left = [same[i] for i in range(k) if i not in pick] + other
                out.append(doubled(TRIPLE, [same[i] for i in pick], sc) + card_points(left, sc))
    return out


@CLAUSES.rule("kvart-crown", "A crown: king, queen, jack of one suit 6, with the ten 9 (the marriage in it not "
              "counted); as an option, any three or four cards of one suit")
def crown_scores(hand: Sequence[Card], sc: Scoring = PLAIN) -> list[int]:
    out = []
    for suit in {c.suit for c in hand}:
        if sc.crown == "any_suited":
            suited = [c for c in hand if c.suit == suit]
            crowns = [list(t) for t in itertools.combinations(suited, 3)]
            if len(suited) == 4:
                out.append(doubled(CROWN_4, suited, sc))
        else:
            crowns = [[Card(Rank.KING, suit), Card(Rank.QUEEN, suit), Card(Rank.JACK, suit)]]
        for crown in crowns:
            rest = list((Counter(hand) - Counter(crown)).elements())
            if len(rest) != len(hand) - 3:
                continue
            if sc.crown != "any_suited" and rest and rest[0] == Card(Rank.TEN, suit):
                out.append(doubled(CROWN_4, crown + rest, sc))
                continue
            extra = card_points(rest, sc)
            if rest and crown_takes_bezique(rest[0], crown, sc):
                extra = BEZIQUE
            out.append(doubled(CROWN_3, crown, sc) + extra)
    return out


@CLAUSES.rule("kvart-crown-bezique", "A bezique made with the crown's queen or jack is added to the crown "
              "(as an option, not)")
def crown_takes_bezique(card: Card, crown: Sequence[Card], sc: Scoring) -> bool:
    return sc.crown_bezique == "added" and any(is_bezique(card, c) for c in crown)


@CLAUSES.rule("kvart-double-bezique", "Two beziques score 9; a combination and the other two cards (a second "
              "combination, or their points) add up")
def two_combinations(first: int, second: int, both_bezique: bool) -> int:
    """A hand read as a pair combination (``first``) and the other two cards (``second``: their
    combination, or their card points)."""
    return DOUBLE_BEZIQUE if both_bezique else first + second


@CLAUSES.rule("kvart-score", "A hand scores its best reading: combinations replace the points of their cards, "
              "and share no card (save a crown's bezique)")
def hand_score(hand: Sequence[Card], sc: Scoring = PLAIN) -> int:
    return _score(tuple(sorted(hand)), sc)


@cache
def _score(hand: tuple[Card, ...], sc: Scoring) -> int:
    quads = quads_score(hand, sc)
    if quads is not None and sc.four_aces == "zero":
        return quads  # four of a kind is the hand's one reading (four aces: 0)
    best = card_points(hand, sc) if quads is None else max(quads, card_points(hand, sc))
    best = max([best] + triple_scores(hand, sc) + crown_scores(hand, sc))
    # pairs: one combination and two loose cards, or two combinations
    for i, j in itertools.combinations(range(len(hand)), 2):
        first = pair_score(hand[i], hand[j], sc)
        if first is None:
            continue
        others = [hand[k] for k in range(len(hand)) if k not in (i, j)]
        second = pair_score(*others, sc) if len(others) == 2 else None
        if second is None:
            second, beziques = card_points(others, sc), False
        else:
            beziques = is_bezique(hand[i], hand[j]) and is_bezique(*others)
        best = max(best, two_combinations(first, second, beziques))
    return best


def scoring_of(rules: Rules, trump: Suit | None) -> Scoring:
    return Scoring(trump if rules.trump == "turned" else None, rules.trump_doubles, rules.crown_bezique,
                   rules.four_aces, rules.crown)


# ---------------------------------------------------- exact odds of a dealt hand

def hands() -> list[tuple[Card, ...]]:
    """Every multiset of four cards from the 24 kinds (at most six of a kind: always possible with four)."""
    return list(itertools.combinations_with_replacement(KINDS, HAND))


def deal_chance(hand: Sequence[Card], copies: int = COPIES, kinds: int = len(KINDS)) -> Fraction:
    """The chance of being dealt exactly this multiset from a shoe of ``copies`` packs."""
    ways = 1
    for card, k in Counter(hand).items():
        ways *= math.comb(copies, k)
    return Fraction(ways, math.comb(copies * kinds, len(hand)))


def trump_chance(hand: Sequence[Card], suit: Suit, copies: int = COPIES) -> Fraction:
    """Given the hand, the chance that the turned card (the top of the other cards) is of ``suit``."""
    left = copies * len(KINDS) - len(hand)
    return Fraction(copies * len(KINDS) // 4 - sum(1 for c in hand if c.suit == suit), left)


@cache
def score_distribution(rules: Rules | None = None, copies: int = COPIES) -> dict[int, Fraction]:
    """Each score's exact chance for one dealt hand (by enumeration of the multisets, with fractions)."""
    rules = rules or Rules()
    out: dict[int, Fraction] = {}
    for hand in itertools.combinations_with_replacement(KINDS, HAND) if copies >= HAND else _limited(copies):
        p = deal_chance(hand, copies)
        if rules.trump == "none":
            s = hand_score(hand, scoring_of(rules, None))
            out[s] = out.get(s, Fraction(0)) + p
            continue
        for suit in Suit:
            s = hand_score(hand, scoring_of(rules, suit))
            out[s] = out.get(s, Fraction(0)) + p * trump_chance(hand, suit, copies)
    return dict(sorted(out.items()))


def _limited(copies: int):
    return (h for h in itertools.combinations_with_replacement(KINDS, HAND)
            if max(Counter(h).values()) <= copies)


# ------------------------------------------------------------------ betting clauses

@CLAUSES.rule("kvart-turn", "The player on the dealer's left opens; the turn goes clockwise, skipping those "
              "who folded")
def next_seat(folded: Sequence[bool], seat: int) -> int | None:
    return next_still_in(folded, seat)


@CLAUSES.rule("kvart-table-stakes", "Nobody pays more than they hold")
def purse(state) -> int:
    """The most the player to move can pay: what they hold (the players' accounts come first in the ledger)."""
    return state.ledger.balances[state.to_move][1]


def _short(state, amount: int) -> str:
    return Msg("P{player} holds {purse}, cannot pay {amount}: fold", player=state.to_move, purse=purse(state),
               amount=amount)


# The move clauses, in the order the moves are listed: a make-up, a show, the bets, a fold.

def _no_make_up(game, state, move) -> str:
    if not state.owed:
        return Msg("nothing to make up: make up only after a raise over your bet")
    return _short(state, state.owed)


@CLAUSES.rule("kvart-make-up", "Whoever is raised over their bet makes up the difference (or folds) before "
              "play goes on", offers=MakeUp, refused=_no_make_up)
def make_up_owed(game, state) -> tuple[MakeUp, ...]:
    """The make-up of what a raise left owing, if the purse holds it."""
    return (MAKE_UP,) if state.owed and state.owed <= purse(state) else ()


def _no_show(game, state, move) -> str:
    if state.owed:
        return Msg("P{player} must first make up {owed} (or fold)", player=state.to_move, owed=state.owed)
    if state.folded.count(False) != 2:
        return Msg("{n} players are in: a show needs exactly two", n=state.folded.count(False))
    if not state.stake:
        return Msg("nobody has bet yet: bet before asking to see")
    return _short(state, state.stake)


@CLAUSES.rule("kvart-show", "With two players left, either may show after a bet, paying the previous bet",
              offers=Show, refused=_no_show)
def show_allowed(game, state) -> tuple[Show, ...]:
    if state.owed or not state.stake or state.folded.count(False) != 2 or state.stake > purse(state):
        return ()
    return (SHOW,)


CLAUSES.note("kvart-bet-turn", "A bet is made in one's own turn, not while one owes a make-up",
             "spec.games.kvart_bezique.bet_in_limits")


def _no_bet(game, state, move) -> tuple[str, str]:
    """Which of the betting clauses refuses ``move``, and why."""
    if state.owed:
        return "kvart-bet-turn", Msg("P{player} must first make up {owed} (or fold): a raise was made over their bet",
                                     player=state.to_move, owed=state.owed)
    lo, hi = max(game.rules.min_bet, state.stake), game.rules.max_bet  # (a bet made is within the limit: lo <= hi)
    if not lo <= move.amount <= hi:
        return "kvart-bet-size", Msg("a bet of {amount} is not allowed: bet {low} to {high}", amount=move.amount,
                                     low=lo, high=hi)
    return "kvart-table-stakes", _short(state, move.amount)


@CLAUSES.rule("kvart-bet-size", "A bet is at least the agreed minimum and the previous bet, at most the table "
              "limit", offers=Bet, refused=_no_bet)
def bet_in_limits(game, state) -> tuple[Bet, ...]:
    """The bets from the agreed minimum or the previous bet up to the table limit or the purse
    (rule ``kvart-table-stakes``); none while a make-up is owed (rule ``kvart-bet-turn``)."""
    if state.owed:
        return ()
    low = game.rules.min_bet
    lo, hi = max(low, state.stake), min(purse(state), game.rules.max_bet)
    return game.bets[lo - low:hi - low + 1] if lo <= hi else ()


@CLAUSES.rule("kvart-fold", "A player may fold at any turn, leaving their chips in the pot", offers=Fold,
              refused="P{player} may always fold")
def fold_allowed(game, state) -> tuple[Fold, ...]:
    return (FOLD,)


# Settlements: what each rule says is won and lost; spec.stakes.settle pays them.

@CLAUSES.rule("kvart-ante", "Before the deal every player puts the ante in the pot")
def ante_paid(amount, seat: int) -> Deltas:
    return transfer(seat, POT, amount)


@CLAUSES.rule("kvart-bet-paid", "A bet, a make-up and a show's payment go from the player into the pot")
def bet_paid(amount, seat: int) -> Deltas:
    return transfer(seat, POT, amount)


@CLAUSES.rule("kvart-pot-won", "The winner takes the whole pot")
def pot_won(pot, seats: Sequence[int]) -> Deltas:
    return transfer(POT, seats[0], pot)


@CLAUSES.rule("kvart-pot-split", "Tied winners share the pot, its odd chips to the first of them from the "
              "dealer's left")
def pot_split(pot, seats: Sequence[int]) -> Deltas:
    each = share(pot, len(seats))
    rest = pot - each * len(seats)
    return ((POT, -pot),) + tuple((player_account(p), each + (rest if i == 0 else 0)) for i, p in enumerate(seats))


@CLAUSES.rule("kvart-lone", "When all but one have folded, the last player takes the pot unseen")
def lone_player(folded: Sequence[bool]) -> int | None:
    left = [p for p, f in enumerate(folded) if not f]
    return left[0] if len(left) == 1 else None


@CLAUSES.rule("kvart-showdown", "At the show the higher score takes the pot; equal scores split it (as an "
              "option, the higher cards decide)")
def showdown_winners(hands: Sequence[Sequence[Card]], seats: Sequence[int], sc: Scoring,
                     tie: str = "split") -> tuple[int, ...]:
    scores = {p: hand_score(hands[p], sc) for p in seats}
    top = max(scores.values())
    best = [p for p in seats if scores[p] == top]
    if len(best) > 1 and tie == "high_card":
        order = {p: sorted((RANK_ORDER.index(c.rank) for c in hands[p]), reverse=True) for p in best}
        high = max(order.values())
        best = [p for p in best if order[p] == high]
    return tuple(best)


# ------------------------------------------------------------------ the game

class KvartBezique(Game[State, Bet | MakeUp | Show | Fold]):
    info = INFO
    Rules = Rules
    move_kinds = (Bet, MakeUp, Show, Fold)
    over_clause = "kvart-showdown"

    def __init__(self, rules=None, *, players=None):
        super().__init__(rules, players=players)
        r = self.rules
        #: every bet the table allows, lowest first (clause ``kvart-bet-size`` offers a slice of it)
        self.bets = tuple(Bet(a) for a in range(r.min_bet, r.max_bet + 1))
        self._scorings = {s: scoring_of(r, s) for s in Suit}
        self._scorings[None] = scoring_of(r, None)
        led = Ledger.open(players=self.players, stake=r.purse)
        for p in range(self.players):
            led = settle(led, ante_paid(r.ante, p), clause="kvart-ante")
        self._anted = led

    def deck(self):
        return SHOE

    def deal(self, seed: int) -> State:
        n = self.players
        order = rng_for(seed).sample(range(len(SHOE)), n * HAND + 1)
        hands = tuple(tuple(SHOE[i] for i in order[p * HAND:(p + 1) * HAND]) for p in range(n))
        turned = (SHOE[order[-1]],) if self.rules.trump == "turned" else ()
        stock = list(SHOE)
        for i in sorted(order if turned else order[:-1], reverse=True):
            del stock[i]
        led = self._anted  # the same for every deal: each purse less the ante
        # The dealer is the last seat; P0 on the dealer's left opens.
        return State(hands, tuple(stock), turned, led, (False,) * n, 0, seed=seed)

    def position(self, hands: Sequence[str | Sequence[Card]], stock: str | Sequence[Card] | None = None, *,
                 turned: str | Sequence[Card] = (), purse: int | None = None, pot: int | None = None,
                 to_move: int = 0, stake: int = 0, bettor: int | None = None, owed: int = 0,
                 resume: int | None = None, seed: int = 0) -> State:
        """A position of Kvart-bezique: the hands dealt and the betting at some point, nobody folded.

        ``hands``: one hand per seat, seat 0 first, each a card-notation string or a tuple of ``Card``.
        ``stock``: the face-down rest of the shoe, top card first; by default every card of the shoe
        not named elsewhere, in the shoe's order. ``turned``: the face-up trump card (a one-card
        list), under ``trump = "turned"``; by default none. ``purse``: the chips each player holds
        now, and ``pot`` the chips in the pot; by default both as the ante (``kvart-ante``) leaves
        them. ``to_move`` (default P0, on the dealer's left), ``stake`` (the last bet, 0 for none)
        by ``bettor``, ``owed`` (what ``to_move`` must make up after a raise, the turn then going
        to ``resume``): the betting so far. ``seed``: the deal's seed, kept for its record.
        The shoe holds each card six times: a card named more often, or one not in the shoe
        (a joker, an eight), raises ``ValueError`` naming it.
        """
        hs = tuple(as_cards(h) for h in hands)
        turned = as_cards(turned)
        named = Counter(c for h in hs for c in h) + Counter(turned)
        if stock is None:          # the shoe's first copies of each card left over, in the shoe's order
            left, rest = Counter(SHOE) - named, []
            for c in SHOE:
                if left[c]:
                    left[c] -= 1
                    rest.append(c)
            stock = rest
        stock = as_cards(stock)
        check_named_once(SHOE, *hs, turned, stock)
        led = self._anted
        if purse is not None or pot is not None:
            led = Ledger.open(players=self.players, stake=led[player_account(0)] if purse is None else purse,
                              pot=led[POT] if pot is None else pot)
        return State(hs, stock, turned, led, (False,) * self.players, to_move, stake, bettor, owed, resume,
                     seed=seed)

    def to_move(self, state):
        return state.to_move

    def is_over(self, state):
        return state.to_move is None

    def scoring(self, state) -> Scoring:
        return self._scorings[state.turned[0].suit if state.turned else None]

    def apply(self, state, move):
        p = state.to_move
        if p is None:
            return state
        kind = type(move)
        if kind is Fold:
            folded = state.folded[:p] + (True,) + state.folded[p + 1:]
            lone = lone_player(folded)
            if lone is not None:
                return self._finish(state, folded, (lone,), ("fold_out", p, lone))
            nxt = state.resume if state.owed else next_seat(folded, p)
            return State(state.hands, state.stock, state.turned, state.ledger, folded, nxt, state.stake,
                         state.bettor, 0, None, False, (), state.seed, ("fold", p, 0))
        if kind is MakeUp:
            led = settle(state.ledger, bet_paid(state.owed, p), clause="kvart-bet-paid")
            return State(state.hands, state.stock, state.turned, led, state.folded, state.resume, state.stake,
                         state.bettor, 0, None, False, (), state.seed, ("make_up", p, state.owed))
        if kind is Show:
            led = settle(state.ledger, bet_paid(state.stake, p), clause="kvart-bet-paid")
            seats = [q for q, f in enumerate(state.folded) if not f]
            win = showdown_winners(state.hands, seats, self.scoring(state), self.rules.tie)
            after = State(state.hands, state.stock, state.turned, led, state.folded, p, state.stake, state.bettor,
                          seed=state.seed)
            return self._finish(after, state.folded, win, ("show", p, state.stake), True)
        # a bet; a raise over the previous bettor makes them make up the difference first
        led = settle(state.ledger, bet_paid(move.amount, p), clause="kvart-bet-paid")
        nxt = next_seat(state.folded, p)
        if state.stake and move.amount > state.stake and state.bettor is not None and state.bettor != p:
            return State(state.hands, state.stock, state.turned, led, state.folded, state.bettor, move.amount, p,
                         move.amount - state.stake, nxt, False, (), state.seed, ("bet", p, move.amount))
        return State(state.hands, state.stock, state.turned, led, state.folded, nxt, move.amount, p, 0, None,
                     False, (), state.seed, ("bet", p, move.amount))

    def _finish(self, state, folded, winners, last, shown=False) -> State:
        pot = state.ledger[POT]
        if len(winners) == 1:
            led = settle(state.ledger, pot_won(pot, winners), clause="kvart-pot-won")
        else:
            led = settle(state.ledger, pot_split(pot, winners), clause="kvart-pot-split")
        return State(state.hands, state.stock, state.turned, led, folded, None, state.stake, state.bettor, 0, None,
                     shown, tuple(winners), state.seed, last)

    def ledger(self, state) -> Ledger:
        return state.ledger

    def outcome(self, state):
        returns = state.ledger.player_returns(Ledger.open(players=self.players, stake=self.rules.purse),
                                              self.players)
        losers = tuple(p for p in range(self.players) if p not in state.winners)
        # no scores: folded hands are never shown (the show's log line gives the two shown)
        return Outcome(winners=state.winners, losers=losers, returns=returns, draw=len(state.winners) > 1)

    def zones(self, state):
        z = {f"hand {p}": h for p, h in enumerate(state.hands)}
        z["trump"] = state.turned
        z["stock"] = state.stock
        return z

    def max_plays(self):
        # every move but a fold pays at least one chip into the pot, out of the purses
        # (less the antes); at most n - 1 folds end it
        n = self.players
        return n * (self.rules.purse - self.rules.ante) + n

    def describe(self, state):
        parts = [Msg("pot {pot}", pot=state.ledger[POT])]
        if state.turned:
            parts.append(Msg("trump {suit}", suit=state.turned[0].suit.symbol))
        parts.append(Msg("purses {purses}", purses=" ".join(f"P{p} {state.ledger[player_account(p)]}"
                                                            for p in range(self.players))))
        if state.stake:
            parts.append(Msg("bet {stake} by P{player}", stake=state.stake, player=state.bettor))
        folded = [f"P{p}" for p, f in enumerate(state.folded) if f]
        if folded:
            parts.append(Msg("folded: {players}", players=" ".join(folded)))
        return Msg.join("; ", parts)

    def describe_move(self, state):
        if not state.last:
            return ""
        kind, p, n = state.last
        template, field = LOG[kind]
        fields = {"player": p, **({field: n} if field else {})}
        if kind == "show":   # the two hands still in, and their scores
            sc = self.scoring(state)
            fields["shown"] = Msg.join(", ", [Msg("P{player} {cards} = {score}", player=q, score=hand_score(h, sc),
                                                  cards=format_cards(h))
                                              for q, (h, out) in enumerate(zip(state.hands, state.folded)) if not out])
        return Msg(template, **fields)


GAME = KvartBezique
