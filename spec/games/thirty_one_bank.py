"""Thirty-One against a banker: punters buy cards towards 31 against a banker.

The banker deals three cards to every player and himself. A punter whose
first three cards make 31 is paid at once; a banker with 31 collects from
every punter who has not. Otherwise each punter in turn buys cards one at a
time or stands, and pays 2 on going over 31; then the banker buys or stands.
A banker who goes over pays the punters still in; a banker who stands
compares: a lower punter pays 2, a higher one is paid 2, an equal one is
quits. Rounds are dealt from the same shoe until it cannot serve a whole
deal (a *talia*); then the bank passes to the player on the banker's right.

Stakes move only through the ledger (:mod:`spec.stakes`): every settlement
is a clause stating gains and losses, carried out by payments. The banker is
a seat like any other, so the results of all seats sum to zero.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import cache
from typing import Literal

from spec.cards import Card, as_cards, check_named_once, Rank, make_deck
from spec.clauses import ClauseBook
from spec.dealing import rng_for
from spec.engine import Game, GameInfo, Outcome, Source
from spec.i18n import N_, Msg
from spec.moves import move
from spec.rules import setting
from spec.stakes import Deltas, Ledger, settle, transfer

INFO = GameInfo(id="thirty_one_bank", name_en="Thirty-One against a banker", name_ru="Тридцать одно (против банкомёта)",
                min_players=2, max_players=8, deck="52", family=N_("banking game (adding)"), chance=True,
                hidden_information=True, zero_sum=True,
                source=Source(file="001_55360323bc916247.txt", title=N_("(untitled) Thirty-one against a banker"),
                              lines="1-22"))
CLAUSES = ClauseBook(INFO.id)

TARGET = 31


@dataclass(frozen=True, kw_only=True)
class Rules:
    """Parameters of Thirty-One against a banker."""

    decks: int = setting(1, range=(1, 3))
    """52-card packs in the shoe: one, or two or three with many players (the source)."""

    natural_pays: int = setting(2, range=(1, 100))
    """The agreed sum a natural 31 wins (the source: agreed before the game; decision: 2)."""

    bust_pays: int = setting(2, range=(1, 100))
    """What a punter who goes over 31 pays the banker (the source: 2)."""

    showdown_pays: int = setting(2, range=(1, 100))
    """What a lower punter pays the banker, and a higher punter gets (the source: 2)."""

    banker_bust_pays: int = setting(2, range=(1, 100))
    """What a banker who goes over pays each punter (the source: "pays everyone"; decision: 2)."""

    banker_bust_to: Literal["standing", "all"] = "standing"
    """Whom a busted banker pays: the punters still in (decision), or ``all`` punters not already paid a
    natural, those who went over included (the source's "everyone" read literally)."""

    natural_against_natural: Literal["punter_paid", "quits"] = "punter_paid"
    """A punter's natural 31 against the banker's: paid, as the source's order of events says (default),
    or quits."""

    talias: int = setting(1, range=(1, 8))
    """Talias played; the bank passes to the right after each (decision: one). The source changes to a
    second pack at each talia; cardspec gathers the same cards and shuffles them afresh."""

    bank_passes: bool = True
    """After a talia the bank passes to the player on the banker's right (the source), unless agreed
    that one banker keeps it for the whole game (``False``)."""


PRESETS = {"two_decks": {"decks": 2}, "bust_pays_all": {"banker_bust_to": "all"},
           "naturals_quits": {"natural_against_natural": "quits"}, "three_talias": {"talias": 3}}


@move("buy")
class Buy:
    pass


@move("stand")
class Stand:
    pass


BUY, STAND = Buy(), Stand()
BUY_MOVES, STAND_MOVES = (BUY,), (STAND,)

#: what each seat is doing in the current round
PLAYING, NATURAL, BUST, STANDS = "", "natural", "bust", "stands"


@dataclass(frozen=True)
class State:
    stock: tuple[Card, ...]                 # face down, top card first
    hands: tuple[tuple[Card, ...], ...]
    discards: tuple[Card, ...]
    status: tuple[str, ...]                 # PLAYING, NATURAL, BUST or STANDS, by seat
    banker: int
    to_move: int | None
    talia: int
    ledger: Ledger
    seed: int = 0


# ------------------------------------------------------------------ values

def card_value(card: Card) -> int:
    """A card's count with an ace as 1: a face card 10, the others their number (the table below)."""
    r = card.rank
    if r == Rank.ACE:
        return 1
    return 10 if r >= Rank.TEN else int(r)


_VALUE = {c: card_value(c) for c in make_deck("52")}


@CLAUSES.rule("thirty-one-values", "An ace counts 1 or 11, as its holder likes; a face card 10; the others "
              "their number")
def best_total(cards: Sequence[Card]) -> int:
    """The holder's best count: each ace as 11 where that stays at or under 31, else 1."""
    hard = sum(_VALUE[c] for c in cards)
    aces = sum(1 for c in cards if c.rank == Rank.ACE)
    while aces and hard + 10 <= TARGET:
        hard += 10
        aces -= 1
    return hard


@CLAUSES.rule("thirty-one-bust", "A count over 31 (with every ace as 1) goes over")
def is_bust(cards: Sequence[Card]) -> bool:
    return best_total(cards) > TARGET


@CLAUSES.rule("thirty-one-natural", "Three first cards that make 31 are a natural")
def is_natural(cards: Sequence[Card]) -> bool:
    return len(cards) == 3 and best_total(cards) == TARGET


# ------------------------------------------------------------------ flow

CLAUSES.note("thirty-one-deal", "The banker deals three cards to every player and himself, from his left",
             "spec.games.thirty_one_bank.ThirtyOneBank.deal_round",
             unchecked="the deal is chance; cards_conserved checks the shoe at every step")


@CLAUSES.rule("thirty-one-turn", "Punters buy or stand in turn from the banker's left; the banker acts last")
def next_to_act(status: Sequence[str], banker: int, after: int | None) -> int | None:
    """The next seat still playing after ``after`` (``None``: from the start), punters first, banker last."""
    n = len(status)
    order = [(banker + i) % n for i in range(1, n + 1)]  # punters from the banker's left, banker last
    start = 0 if after is None else order.index(after) + 1
    for seat in order[start:]:
        if status[seat] == PLAYING:
            return seat
    return None


def _dealt(hands: Sequence[Sequence[Card]], banker: int) -> tuple[tuple[str, ...], int | None]:
    """Once ``hands`` are dealt: each seat natural or playing, and who acts first (nobody after the
    banker's natural, which ends the round at once)."""
    status = tuple(NATURAL if is_natural(h) else PLAYING for h in hands)
    return status, None if status[banker] == NATURAL else next_to_act(status, banker, None)


@CLAUSES.rule("thirty-one-buy", "A player may buy one card at a time while the shoe has cards", offers=Buy,
              refused="the shoe is empty: no card can be bought, stand")
def buy_from_shoe(game, state) -> tuple[Buy, ...]:
    return BUY_MOVES if state.stock else ()


@CLAUSES.rule("thirty-one-stand", "A player who is content stands (the banker: 'goes on his own')", offers=Stand,
              refused="P{player} may always stand")
def stand_any_time(game, state) -> tuple[Stand, ...]:
    return STAND_MOVES


@CLAUSES.rule("thirty-one-talia", "Rounds are dealt from one shoe until it cannot serve a whole deal (a talia); "
              "then the bank passes to the right and a fresh shoe is shuffled")
def talia_over(stock_left: int, players: int) -> bool:
    return stock_left < 3 * players


# ------------------------------------------------------------------ settlements

@CLAUSES.rule("thirty-one-natural-paid", "The banker pays a punter's natural the agreed sum")
def natural_paid(punter: int, banker: int, amount) -> Deltas:
    return transfer(banker, punter, amount)


@CLAUSES.rule("thirty-one-banker-natural", "A banker's natural collects the agreed sum from each punter without one")
def banker_natural(punter: int, banker: int, amount) -> Deltas:
    return transfer(punter, banker, amount)


@CLAUSES.rule("thirty-one-bust-pays", "A punter who goes over pays the banker 2")
def bust_paid(punter: int, banker: int, amount) -> Deltas:
    return transfer(punter, banker, amount)


@CLAUSES.rule("thirty-one-banker-bust", "A banker who goes over pays every punter still in")
def banker_bust(punter: int, banker: int, amount) -> Deltas:
    return transfer(banker, punter, amount)


@CLAUSES.rule("thirty-one-showdown", "Against a banker who stands, a lower punter pays 2, a higher one is paid 2, "
              "an equal one is quits")
def showdown(punter: int, banker: int, amount, sign: int) -> Deltas:
    """``sign``: +1 the punter is higher, -1 lower, 0 equal."""
    return transfer(banker, punter, sign * amount)


# ------------------------------------------------------------------ the game

@cache
def shoe_of(decks: int) -> tuple[Card, ...]:
    return make_deck(f"{decks}x52")


class ThirtyOneBank(Game[State, Buy | Stand]):
    info = INFO
    Rules = Rules
    move_kinds = (Buy, Stand)
    over_clause = "thirty-one-talia"

    def deck(self):
        return shoe_of(self.rules.decks)

    def shoe(self, seed: int, talia: int) -> tuple[Card, ...]:
        cards = list(shoe_of(self.rules.decks))
        rng_for(seed, talia).shuffle(cards)
        return tuple(cards)

    def deal(self, seed: int) -> State:
        return self.deal_round(self._between_rounds(self.shoe(seed, 0), self.players - 1, 0, seed))

    def position(self, stock: Sequence[Card] | str | None = None, hands: Sequence[Sequence[Card] | str] | None = None,
                 *, banker: int | None = None, talia: int = 0, seed: int = 0) -> State:
        """A position of Thirty-One against a banker: a talia's shoe before a round is dealt from it, or
        (with ``hands``) a round just dealt that nobody has acted in yet. The verifier's small
        configurations and odds, and the tests, start here.

        ``stock``: the shoe's cards, as :class:`~spec.cards.Card` values or card notation
        (``"K♦ 2♣ 2♦"``), the top card (dealt or bought first) first; no card more often than the
        ``decks`` packs hold it. Default: the whole shoe as ``seed`` shuffles it for talia ``talia``.
        ``hands``: by seat, the three cards each player was dealt; ``None`` (the default) leaves the
        round to be dealt: nobody moves until :meth:`~spec.games.thirty_one_bank.ThirtyOneBank.deal_round`
        (or :meth:`~spec.games.thirty_one_bank.ThirtyOneBank.deal_one`) deals it. With
        hands, a natural is marked but not paid (the ledger is open: nobody has paid or won yet), and the
        first punter still playing from the banker's left acts (nobody, after the banker's natural).
        ``banker``: the seat holding the bank (default: the last). ``talia``: the talia being played,
        from 0; ``seed``: the game's seed, which shuffles the later talias' shoes. A card named more
        often than the shoe holds it, or not in it, raises :class:`ValueError` naming the card.
        """
        n = self.players
        banker = n - 1 if banker is None else banker
        stock = self.shoe(seed, talia) if stock is None else as_cards(stock)
        if hands is None:
            state = self._between_rounds(stock, banker, talia, seed)
        else:
            hands = tuple(map(as_cards, hands))
            status, first = _dealt(hands, banker)
            state = State(stock, hands, (), status, banker, first, talia, Ledger.open(players=n), seed)
        check_named_once(self.deck(), *self.zones(state).values())
        return state

    def _between_rounds(self, stock: tuple[Card, ...], banker: int, talia: int, seed) -> State:
        """Nobody holds cards: the next round is dealt from ``stock``."""
        n = self.players
        return State(stock, ((),) * n, (), (PLAYING,) * n, banker, None, talia, Ledger.open(players=n), seed)

    def deal_round(self, state: State) -> State:
        """Deal rounds until one needs the players' choices, or the last talia is over.

        Each pass deals a round (at least one card) or ends the game, so the loop ends well
        within ``max_plays`` passes; the bound only keeps a broken rule from looping forever."""
        for _ in range(self.max_plays()):
            state, ended = self.deal_one(state)
            if not ended or state.to_move is None and self.last_talia_over(state):
                break
        return state

    def last_talia_over(self, state: State) -> bool:
        return talia_over(len(state.stock), self.players) and state.talia + 1 >= self.rules.talias

    def deal_one(self, state: State) -> tuple[State, bool]:
        """Deal one round (a new talia first if the shoe cannot serve one) and pay the naturals.

        Returns the state and whether the round is already over (the banker's natural), or the
        final state and ``True`` when the last talia is over.
        """
        n, r = self.players, self.rules
        stock, banker, talia = state.stock, state.banker, state.talia
        discards = state.discards + tuple(c for h in state.hands for c in h)
        if talia_over(len(stock), n):
            if talia + 1 >= r.talias:
                return replace(state, to_move=None), True
            talia += 1
            stock, discards = self.shoe(state.seed, talia), ()
            if r.bank_passes:
                banker = (banker - 1) % n  # the bank passes to the right
        order = [(banker + i) % n for i in range(1, n + 1)]
        hands: list[tuple[Card, ...]] = [()] * n
        for k in range(3):  # one card at a time from the banker's left (inline: the kit's checks cost a round)
            for i, seat in enumerate(order):
                hands[seat] += (stock[k * n + i],)
        stock = stock[3 * n:]
        status, first = _dealt(hands, banker)
        led = state.ledger
        banker_31 = status[banker] == NATURAL
        for p in order[:-1]:
            if status[p] == NATURAL and (not banker_31 or r.natural_against_natural == "punter_paid"):
                led = settle(led, natural_paid(p, banker, r.natural_pays), clause="thirty-one-natural-paid")
            elif banker_31 and status[p] != NATURAL:
                led = settle(led, banker_natural(p, banker, r.natural_pays), clause="thirty-one-banker-natural")
        return State(stock, tuple(hands), discards, status, banker, first, talia, led, state.seed), first is None

    def to_move(self, state):
        return state.to_move

    def is_over(self, state):
        return state.to_move is None

    def apply(self, state, move):
        if state.to_move is None:  # a move after the end (only replays on another deal try one) changes nothing
            return state
        after, round_over = self.round_move(state, move)
        return self.deal_round(after) if round_over else after

    def round_move(self, state: State, move) -> tuple[State, bool]:
        """The move within its round: the state after it (the round settled if it is over), and whether it is."""
        p, banker, r = state.to_move, state.banker, self.rules
        status, led, hands, stock = list(state.status), state.ledger, state.hands, state.stock
        if type(move) is Buy:
            hand = hands[p] + (stock[0],)
            hands, stock = hands[:p] + (hand,) + hands[p + 1:], stock[1:]
            if not is_bust(hand):
                return State(stock, hands, state.discards, state.status, banker, p, state.talia, led,
                             state.seed), False
            status[p] = BUST
            if p != banker:
                led = settle(led, bust_paid(p, banker, r.bust_pays), clause="thirty-one-bust-pays")
        else:
            status[p] = STANDS
        nxt = next_to_act(status, banker, p)
        if nxt is None:
            led = self.settle_round(hands, status, banker, led)
        return State(stock, hands, state.discards, tuple(status), banker, nxt, state.talia, led,
                     state.seed), nxt is None

    def settle_round(self, hands, status, banker: int, led: Ledger) -> Ledger:
        """The banker has stood or gone over: pay the punters still in (and, as an option, all)."""
        r = self.rules
        for p, st in enumerate(status):
            if p == banker or st == NATURAL:
                continue
            if status[banker] == BUST:
                if st == STANDS or (st == BUST and r.banker_bust_to == "all"):
                    led = settle(led, banker_bust(p, banker, r.banker_bust_pays), clause="thirty-one-banker-bust")
            elif st == STANDS:
                a, b = best_total(hands[p]), best_total(hands[banker])
                led = settle(led, showdown(p, banker, r.showdown_pays, (a > b) - (a < b)), clause="thirty-one-showdown")
        return led

    # ---------------------------------------------------------- stakes
    def ledger(self, state) -> Ledger:
        return state.ledger

    def outcome(self, state):
        returns = state.ledger.player_returns(Ledger.open(players=self.players), self.players)
        return Outcome(winners=tuple(p for p, x in enumerate(returns) if x > 0),
                       losers=tuple(p for p, x in enumerate(returns) if x < 0), returns=returns, scores=returns)

    # ---------------------------------------------------------- cards
    def zones(self, state):
        return {**{f"hand {p}": h for p, h in enumerate(state.hands)}, "discards": state.discards, "stock": state.stock}

    def max_plays(self):
        # each move buys a card of the shoe or ends a player's turn (one per seat per round,
        # and a round takes at least 3 cards a seat)
        cards = len(shoe_of(self.rules.decks))
        return self.rules.talias * (cards + self.players * (cards // (3 * self.players) + 1))

    def describe(self, state):
        parts = [Msg("banker P{player}", player=state.banker), Msg("talia {n}", n=state.talia + 1),
                 Msg("shoe {n}", n=len(state.stock))]
        parts += [Msg("P{player} {cards} ({total})", player=p, cards=" ".join(map(str, h)), total=best_total(h))
                  for p, h in enumerate(state.hands)]
        return Msg.join("; ", parts)

    def describe_move(self, state):
        hands = Msg.join(" | ", [Msg(N_("P{player} {cards} ({total} over)") if st == BUST else
                                     N_("P{player} {cards} ({total})"), player=p, cards=" ".join(map(str, h)),
                                     total=best_total(h)) for p, (h, st) in enumerate(zip(state.hands, state.status))])
        return Msg("{hands}; purses {purses}", hands=hands,
                   purses=" ".join(f"{x:+d}" for x in self.outcome(state).returns))


GAME = ThirtyOneBank
