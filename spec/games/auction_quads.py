"""The auction for fours: players bid for single cards until one holds four of a kind.

Four to eight players put an ante in the pot. One card is laid face up before
each player, all of different ranks (a repeated rank is laid again). Then the
cards of the pack are auctioned one at a time: the card is turned up in the
centre, the players bid a fixed amount for it, raising it at most three
times, and the highest bidder pays the bid into the pot and takes the card.
The first player to hold four cards of one rank takes the whole pot.

The source's text lays the auctioned card face up; its closing note suggests
it may have been auctioned face down. The open auction is the default and the
blind one the rules option ``auction = "blind"``. Where the source is silent
(who bids first, a card nobody bids for, a pack that runs out before anyone
holds four) cardspec decides, and each decision is a rules option. Stakes move
only through the ledger (:mod:`spec.stakes`); ``money_conserved`` proves with
z3 that every settlement rule balances.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from spec.cards import Card, as_cards, check_named_once, make_deck
from spec.clauses import ClauseBook
from spec.dealing import redraws, rng_for
from spec.engine import Game, GameInfo, Outcome, Source
from spec.i18n import N_, Msg
from spec.moves import move
from spec.rules import setting
from spec.stakes import POT, Deltas, Ledger, Raises, paid_out, settle, share, transfer

INFO = GameInfo(id="auction_quads", name_en="Auction for fours", name_ru="Торги за каре", min_players=4,
                max_players=8, deck="52", family=N_("auction game (stakes)"), chance=True, hidden_information=True,
                zero_sum=True, source=Source(file="003_7a0ed7952c70980c.txt", title=N_("(untitled) bidding for cards"),
                                             lines="15-30"))
CLAUSES = ClauseBook(INFO.id)
PACK = make_deck(INFO.deck)


@dataclass(frozen=True, kw_only=True)
class Rules:
    """Parameters of the auction for fours."""

    ante: int = setting(1, range=(1, 100))
    """Chips each player puts in the pot before the deal (the source: an ante, usually 5 cents; one chip
    stands for that unit)."""

    bid_step: int = setting(1, range=(1, 100))
    """The fixed size of a bid and of each raise (the source: usually the ante)."""

    raises: int = setting(3, range=(0, 10))
    """How many times a bid may be raised for one card (the source: three)."""

    auction: Literal["open", "blind"] = "open"
    """``open``: the card auctioned lies face up (the source's text, twice); ``blind``: it lies face down until
    it is won (the reading the source's closing note suggests; preset ``blind``)."""

    unbid: Literal["opener", "discarded"] = "opener"
    """A card nobody bids for: ``opener`` (decision: it goes free to the player it was meant for, who opened
    the auction), or ``discarded`` (it is set aside; preset ``discard_unbid``)."""

    redeal: Literal["repeated", "all"] = "repeated"
    """First cards that share a rank: ``repeated`` (the source: those cards go back, the pack is shuffled and
    they are laid again), or ``all`` (every first card goes back; preset ``redeal_all``)."""

    no_quads: Literal["returned", "stays", "split"] = "returned"
    """The pack runs out and nobody holds four of a kind (the source is silent): ``returned`` (decision:
    every player takes back what they paid in), ``stays`` (the pot stays on the table for the next game;
    preset ``pot_stays``), or ``split`` (equal shares, the odd chips stay in the pot; preset ``split_pot``)."""


PRESETS = {"blind": {"auction": "blind"}, "discard_unbid": {"unbid": "discarded"},
           "redeal_all": {"redeal": "all"}, "pot_stays": {"no_quads": "stays"}, "split_pot": {"no_quads": "split"}}


@move("bid {amount}")
class Bid:
    amount: int


@move("pass")
class Pass:
    pass


PASS = Pass()
PASSES = (PASS,)


@dataclass(frozen=True)
class State:
    hands: tuple[tuple[Card, ...], ...]  # every card a player holds, face up, in the order received
    stock: tuple[Card, ...]              # face down, top card first
    centre: Card | None                  # the card being auctioned (None: the game is over)
    discard: tuple[Card, ...]            # cards nobody bid for (unbid = "discarded")
    auction: int                         # auctions so far (0-based number of the current one)
    to_move: int | None                  # None: the game is over
    price: int = 0                       # the high bid (0: no bid yet)
    high: int | None = None              # the high bidder
    bids: int = 0                        # bids made for this card: the opening bid and the raises
    passes: int = 0                      # passes since the last bid (or since the auction opened)
    paid: tuple[int, ...] = ()           # chips each player has paid for cards won
    winner: int | None = None            # holds four of a kind, took the pot
    redeals: int = 0                     # times the first cards were laid again
    seed: int = 0
    last: tuple | None = None            # (card, taker or None, price) of the auction just closed


# ------------------------------------------------------------------ clauses

CLAUSES.note("auction-quads-pack", "Four to eight players, one 52-card pack; the ranks run from the two to the "
             "ace but are never compared", "spec.games.auction_quads.AuctionQuads.deal",
             unchecked="no rule compares ranks, only equal ranks count; cards_conserved checks the pack")
CLAUSES.note("auction-quads-dealer", "The dealer is chosen by lot; cardspec seats the dealer last, so P0 sits on "
             "the dealer's left", "spec.games.auction_quads.AuctionQuads.deal",
             unchecked="the dealer is chosen by lot: nothing to check")


@CLAUSES.rule("auction-quads-distinct", "The first cards, one before each player, are all of different ranks")
def ranks_differ(cards: Sequence[Card]) -> bool:
    return len({c.rank for c in cards}) == len(cards)


@CLAUSES.rule("auction-quads-first-cards", "First cards of a repeated rank go back into the pack, which is "
              "shuffled, and they are laid again (or, as an option, all first cards are)")
def lay_again(first: Sequence[Card], stock: Sequence[Card], redeal: str, rng) -> tuple[list, list]:
    """One more laying: the first cards going back join the stock, which is shuffled, and new cards are
    laid in their places from it."""
    first, stock = list(first), list(stock)
    if redeal == "all":
        back = list(range(len(first)))
    else:
        seen = Counter(c.rank for c in first)
        back = [p for p, c in enumerate(first) if seen[c.rank] > 1]
    stock += [first[p] for p in back]
    rng.shuffle(stock)
    for p in back:
        first[p] = stock.pop()
    return first, stock


def lay_first_cards(pack: Sequence[Card], players: int, redeal: str, rng) -> tuple[list, list, int]:
    """Shuffle and lay the first cards, laying again (:func:`lay_again`) until their ranks differ; return
    them, the stock (top first) and how often they were laid again."""
    cards = list(pack)
    rng.shuffle(cards)
    first, stock = cards[:players], cards[players:]
    for times in redraws("auction-quads-distinct"):
        if ranks_differ(first):
            return first, stock, times
        first, stock = lay_again(first, stock, redeal, rng)


@CLAUSES.rule("auction-quads-open", "The card auctioned lies face up in the centre (or, as an option, face down "
              "until it is won)")
def centre_hidden(rules: Rules) -> bool:
    return rules.auction == "blind"


@CLAUSES.rule("auction-quads-opener", "The cards are meant for the players in turn from the dealer's left: the "
              "player a card is meant for opens its auction")
def opener(auction: int, players: int) -> int:
    return auction % players


@CLAUSES.rule("auction-quads-turn", "The bidding goes round clockwise from the opener")
def next_bidder(seat: int, players: int) -> int:
    return (seat + 1) % players


def _bid_refused(game, state, move) -> tuple[str, str]:
    """Which bidding clause refuses ``move``: not one step up, or no raise left."""
    broken = game.raising.broken(move.amount, state.price, state.bids)
    label = "auction-quads-bid-step" if broken == "step" else "auction-quads-raise-cap"
    return label, game.raising.why_not(move.amount, state.price, state.bids)


@CLAUSES.rule("auction-quads-bid-step", "A bid is one fixed step above the last: the first bid is one step, each "
              "raise adds one", offers=Bid, refused=_bid_refused)
def bid_one_step_up(game, state) -> tuple[Bid, ...]:
    """The one bid allowed while raises are left (the stakes kit's :class:`~spec.stakes.Raises`: one
    step above the bid standing, at most ``raises`` raises)."""
    return tuple(map(game.bid_moves.__getitem__, game.raising.options(state.price, state.bids)))


CLAUSES.note("auction-quads-raise-cap", "A bid may be raised at most three times; then the others can only pass",
             "spec.games.auction_quads.bid_one_step_up")


@CLAUSES.rule("auction-quads-pass", "A player may always pass instead of bidding", offers=Pass,
              refused="P{player} may always pass")
def may_pass(game, state) -> tuple[Pass, ...]:
    return PASSES


@CLAUSES.rule("auction-quads-close", "The auction closes when all the others pass after a bid, or when "
              "everyone passes and nobody bids")
def auction_closed(high: int | None, passes: int, players: int) -> bool:
    return passes >= (players if high is None else players - 1)


@CLAUSES.rule("auction-quads-unbid", "A card nobody bids for goes free to the opener (or, as an option, is "
              "set aside)")
def unbid_taker(rule: str, opened_by: int) -> int | None:
    return opened_by if rule == "opener" else None


@CLAUSES.rule("auction-quads-four", "The first player to hold four cards of one rank wins, and the game ends")
def makes_four(hand: Sequence[Card], card: Card) -> bool:
    return sum(1 for c in hand if c.rank == card.rank) == 4


@CLAUSES.rule("auction-quads-stock-out", "If the pack runs out and nobody holds four of a kind, the game ends "
              "without a winner (the source is silent)")
def stock_out(stock: Sequence[Card], winner: int | None) -> bool:
    return not stock and winner is None


# Settlements: what each rule says is won and lost; spec.stakes.settle pays them. The
# amounts may be numbers or z3 terms (money_conserved proves each one balances).

@CLAUSES.rule("auction-quads-ante", "Before the deal every player puts the ante in the pot")
def ante_paid(ante, seat: int) -> Deltas:
    return transfer(seat, POT, ante)


@CLAUSES.rule("auction-quads-highest", "The highest bidder pays the bid into the pot and takes the card")
def bid_paid(price, seat: int) -> Deltas:
    return transfer(seat, POT, price)


@CLAUSES.rule("auction-quads-pot-won", "The player with four of a kind takes the whole pot")
def pot_won(paid_in: Sequence, seat: int) -> Deltas:
    return transfer(POT, seat, sum(paid_in))


@CLAUSES.rule("auction-quads-unclaimed", "A pot nobody wins goes back to those who paid it in (or, as options, "
              "stays on the table, or is split equally with the odd chips left in it)")
def pot_unclaimed(paid_in: Sequence, rule: str) -> Deltas:
    if rule == "stays":
        return ()
    if rule == "split":
        return paid_out(POT, (share(sum(paid_in), len(paid_in)),) * len(paid_in))
    return paid_out(POT, paid_in)


def _evolve(state: State, **changes) -> State:
    """``state`` with ``changes``: the frozen record's fields copied at once (its ``__init__`` sets each
    of the 15 fields in turn, several times slower on the hot path); equal to ``dataclasses.replace``."""
    new = object.__new__(State)
    new.__dict__.update(state.__dict__, **changes)
    return new


# ------------------------------------------------------------------ the game

class AuctionQuads(Game[State, Bid | Pass]):
    info = INFO
    Rules = Rules
    move_kinds = (Pass, Bid)
    over_clause = "auction-quads-four"

    def __init__(self, rules=None, *, players=None):
        super().__init__(rules, players=players)
        r = self.rules
        self.raising = Raises(r.bid_step, r.raises)
        #: every bid the raises can reach, as a move
        self.bid_moves = {r.bid_step * k: Bid(r.bid_step * k) for k in range(1, r.raises + 2)}

    def deck(self):
        return PACK

    def deal(self, seed: int) -> State:
        n = self.players
        first, stock, again = lay_first_cards(PACK, n, self.rules.redeal, rng_for(seed))
        return self._first_auction(tuple((c,) for c in first), tuple(stock), again, seed)

    def position(self, hands: Sequence[Sequence[Card] | str], stock: Sequence[Card] | str, *, redeals: int = 0,
                 seed: int = 0) -> State:
        """A position of the auction for fours: the cards each player holds and the stock, as the first
        auction opens (a deal reaches one once the first cards differ in rank). The verifier's small
        configurations and the tests start here.

        ``hands``: by seat, each player's cards, face up, in the order received (the first, laid before
        the player, first); ``Card`` values or card notation (``"2♠ 2♥"``). ``stock``: the cards left,
        face down, top card first; the top card goes up for auction at once, opened by P0 (the dealer's
        left). ``redeals``: how often the first cards were laid again; ``seed``: the deal's seed (0 for a
        position set up by hand). No chip has been bid yet; the pot holds the antes. A card named twice
        or not in the 52-card pack raises :class:`ValueError` naming it.
        """
        hands, stock = tuple(map(as_cards, hands)), as_cards(stock)
        check_named_once(PACK, stock, *hands)
        return self._first_auction(hands, stock, redeals, seed)

    def _first_auction(self, hands, stock, redeals, seed) -> State:
        n = self.players
        return State(hands, stock[1:], stock[0], (), 0, opener(0, n), paid=(0,) * n, redeals=redeals, seed=seed)

    def to_move(self, state):
        return state.to_move

    def is_over(self, state):
        return state.to_move is None

    def apply(self, state, move):
        p = state.to_move
        if p is None:  # a move after the end changes nothing
            return state
        n = self.players
        if type(move) is Bid:
            return _evolve(state, to_move=next_bidder(p, n), price=move.amount, high=p, bids=state.bids + 1,
                           passes=0)
        passes = state.passes + 1
        if not auction_closed(state.high, passes, n):
            return _evolve(state, to_move=next_bidder(p, n), passes=passes)
        if state.high is not None:
            return self.award(state, state.high, state.price)
        return self.award(state, unbid_taker(self.rules.unbid, opener(state.auction, n)), 0)

    def award(self, state: State, taker: int | None, price: int) -> State:
        """The card goes to ``taker`` (None: set aside) for ``price``; the game ends or the next card goes up."""
        card, hands, paid, discard, winner = state.centre, state.hands, state.paid, state.discard, None
        if taker is None:
            discard = discard + (card,)
        else:
            hand = hands[taker] + (card,)
            hands = hands[:taker] + (hand,) + hands[taker + 1:]
            if price:
                paid = paid[:taker] + (paid[taker] + price,) + paid[taker + 1:]
            if makes_four(hand, card):
                winner = taker
        last = (card, taker, price)
        if winner is not None or stock_out(state.stock, winner):
            return _evolve(state, hands=hands, centre=None, discard=discard, to_move=None, price=0, high=None,
                           bids=0, passes=0, paid=paid, winner=winner, last=last)
        nxt = state.auction + 1
        return _evolve(state, hands=hands, stock=state.stock[1:], centre=state.stock[0], discard=discard,
                       auction=nxt, to_move=opener(nxt, self.players), price=0, high=None, bids=0, passes=0,
                       paid=paid, last=last)

    def paid_in(self, state: State) -> tuple[int, ...]:
        """What each player has put in the pot: the ante and every bid won."""
        return tuple(self.rules.ante + x for x in state.paid)

    def ledger(self, state) -> Ledger:
        """The antes and the bids paid in, and the pot paid out as the rules say, by the settlement clauses."""
        led = Ledger.open(players=self.players)
        for p, x in enumerate(state.paid):
            led = settle(led, ante_paid(self.rules.ante, p), clause="auction-quads-ante")
            if x:
                led = settle(led, bid_paid(x, p), clause="auction-quads-highest")
        if state.winner is not None:
            led = settle(led, pot_won(self.paid_in(state), state.winner), clause="auction-quads-pot-won")
        elif state.to_move is None:
            led = settle(led, pot_unclaimed(self.paid_in(state), self.rules.no_quads),
                         clause="auction-quads-unclaimed")
        return led

    def outcome(self, state):
        returns = self.ledger(state).player_returns(Ledger.open(players=self.players), self.players)
        winners = () if state.winner is None else (state.winner,)
        losers = tuple(p for p in range(self.players) if p not in winners) if winners else ()
        return Outcome(winners=winners, losers=losers, returns=returns, draw=not winners)

    def zones(self, state):
        z = {f"hand {p}": h for p, h in enumerate(state.hands)}
        z["centre"] = () if state.centre is None else (state.centre,)
        z["stock"] = state.stock
        z["discard"] = state.discard
        return z

    def hidden_zones(self, state, player):
        # every hand lies face up; the auctioned card too, unless the auction is blind
        return frozenset({"stock", "centre"}) if centre_hidden(self.rules) else frozenset({"stock"})

    def max_plays(self):
        # an auction: at most n-1 passes, the opening bid, each of the raises after at most n-2 passes,
        # then n-1 passes: 2n - 1 + raises (n - 1) moves (5n - 4 with three raises)
        n = self.players
        return (len(PACK) - n) * (2 * n - 1 + self.rules.raises * (n - 1))

    def describe(self, state):
        hands = Msg.join(" | ", [Msg("P{player}: {cards}", player=p, cards=" ".join(map(str, h)))
                                 for p, h in enumerate(state.hands)])
        pot = sum(self.paid_in(state))
        head = Msg("over") if state.centre is None else (
            Msg("centre: face down") if centre_hidden(self.rules) else Msg("centre: {card}", card=str(state.centre)))
        return Msg("{head}; pot {pot}; stock {n}; {hands}", head=head, pot=pot, n=len(state.stock), hands=hands)

    def describe_move(self, state):
        if state.last is None or state.price or state.passes:
            return Msg("high bid {price} (P{player})", price=state.price, player=state.high) \
                if state.high is not None else ""
        card, taker, price = state.last
        card = str(card)
        if taker is None:
            text = Msg("{card}: nobody bids, set aside", card=card)
        elif price:
            text = Msg("{card} to P{player} for {price}", card=card, player=taker, price=price)
        else:
            text = Msg("{card} to P{player} (nobody bid)", card=card, player=taker)
        if state.winner is not None:
            rest = Msg("four of a kind: P{player} takes the pot of {pot}", player=state.winner,
                       pot=sum(self.paid_in(state)))
        elif state.to_move is None:
            rest = Msg("the pack is out, nobody holds four ({no_quads})", no_quads=self.rules.no_quads)
        else:
            rest = Msg("next card face down") if centre_hidden(self.rules) else \
                Msg("up next: {card}", card=str(state.centre))
        return Msg("{first}; {rest}", first=text, rest=rest)



GAME = AuctionQuads
