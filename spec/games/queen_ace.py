"""Queen-and-Ace: a pot game of pure chance for three or more players.

Every player stakes chips in a pot; then, starting on the dealer's left,
players draw one card each in turn from the shuffled 52-card pack. A player
who draws a queen is out; the player who draws an ace takes the whole pot.

The rules are the source's, with decisions where it is silent (how much is
staked, what a last player does, what happens to a pot no ace claims); every
decision is a rules option. Stakes move only through the ledger
(:mod:`spec.stakes`): each settlement is a clause stating gains and losses,
and ``money_conserved`` proves with z3 that each one balances.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from spec.cards import Card, Rank, as_cards, check_named_once, make_deck
from spec.clauses import ClauseBook
from spec.dealing import rng_for
from spec.engine import Game, GameInfo, Outcome, Source
from spec.i18n import N_, Msg
from spec.moves import move
from spec.rules import setting
from spec.stakes import POT, Amounts, Deltas, Ledger, check_ordered, next_still_in, paid_out, settle, transfer

INFO = GameInfo(id="queen_ace", name_en="Queen-and-Ace", name_ru="Дама и туз", min_players=3, max_players=12,
                deck="52", family=N_("pot game (chance)"), chance=True, hidden_information=True, zero_sum=True,
                source=Source(file="003_7a0ed7952c70980c.txt", title=N_("(untitled) queen out, ace wins"),
                              lines="148-157"))
CLAUSES = ClauseBook(INFO.id)
PACK = make_deck(INFO.deck)


@dataclass(frozen=True, kw_only=True)
class Rules:
    """Parameters of Queen-and-Ace."""

    min_stake: int = setting(1, range=(1, 100), sweep=(5,))
    """Smallest stake a player may put in the pot (decision: the source names no amount). Swept up to the
    default ``max_stake``, where every stake is the same five chips."""

    max_stake: int = setting(5, range=(1, 100))
    """Largest stake (decision). Equal to ``min_stake``, everyone antes the same (preset ``fixed_ante``)."""

    last_player: Literal["draws_on", "takes_pot"] = "draws_on"
    """When all other players are out: ``draws_on`` (decision: the source ends the game only at an ace),
    or ``takes_pot`` (the last player standing wins at once)."""

    unclaimed_pot: Literal["returned", "stays"] = "returned"
    """When every player has drawn a queen and nobody an ace (possible with 3 or 4 players): ``returned``
    (decision: each stake goes back), or ``stays`` (the pot stays on the table, as the source is silent;
    the players' returns then do not sum to 0)."""

    def __post_init__(self):
        check_ordered(self, ("min_stake", "max_stake"))


PRESETS = {"fixed_ante": {"max_stake": 1}, "last_takes_pot": {"last_player": "takes_pot"},
           "pot_stays": {"unclaimed_pot": "stays"}}


@move("stake {amount}")
class Stake:
    amount: int


@move("draw")
class Draw:
    pass


DRAW = Draw()
DRAWS = (DRAW,)


@dataclass(frozen=True)
class State:
    stock: tuple[Card, ...]             # face down, top card first
    stakes: tuple[int, ...]             # chips each seat put in the pot (0: not yet)
    drawn: tuple[tuple[Card, ...], ...]  # the cards each seat drew, face up
    out: tuple[bool, ...]               # drew a queen
    to_move: int | None                 # None: the game is over
    winner: int | None = None           # took the pot
    seed: int = 0
    last: Card | None = None            # the card drawn last (for the game log)


# ------------------------------------------------------------------ clauses

CLAUSES.note("queen-ace-deck", "Three or more players; one 52-card pack, shuffled by the dealer",
             "spec.games.queen_ace.QueenAce.deal",
             unchecked="the deal is chance; cards_conserved checks the pack is whole at every step")


@CLAUSES.rule("queen-ace-stake-phase", "Everyone stakes before any card is drawn, in turn from the dealer's left")
def stake_before_drawing(stakes: Sequence[int]) -> bool:
    """Whether the stakes are still open: some player has not staked (stakes go in seat order)."""
    return 0 in stakes


def _stake_refused(game, state, move) -> tuple[str, str]:
    """Which stake clause refuses ``move``: the stakes are closed, or the amount is out of bounds."""
    if not stake_before_drawing(state.stakes):
        return "queen-ace-stake-phase", Msg("every player has staked: the drawing has begun, stakes are closed")
    return "queen-ace-stake-size", game.stake_limits.why_not(move.amount)


@CLAUSES.rule("queen-ace-stake-size", "A stake is between the smallest and the largest allowed", offers=Stake,
              refused=_stake_refused)
def stake_in_limits(game, state) -> tuple[Stake, ...]:
    """While the stakes are open, every stake the bounds allow (the stakes kit's :class:`~spec.stakes.Amounts`)."""
    return game.stakes_allowed if stake_before_drawing(state.stakes) else ()


def _draw_refused(game, state, move) -> str:
    waiting = state.stakes.index(0)
    return Msg("P{player} has not staked yet: every stake comes before the first card", player=waiting)


@CLAUSES.rule("queen-ace-draw", "When all have staked, the player in turn draws the top card of the pack",
              offers=Draw, refused=_draw_refused)
def draw_after_stakes(game, state) -> tuple[Draw, ...]:
    return () if stake_before_drawing(state.stakes) else DRAWS


@CLAUSES.rule("queen-ace-turn", "Players draw in turn, clockwise from the dealer's left, skipping those out")
def next_seat(out: Sequence[bool], seat: int) -> int | None:
    return next_still_in(out, seat)


@CLAUSES.rule("queen-ace-queen", "A player who draws a queen is out of the game (their stake stays in the pot)")
def puts_out(card: Card) -> bool:
    return card.rank == Rank.QUEEN


@CLAUSES.rule("queen-ace-ace", "A player who draws an ace takes the whole pot, and the game ends")
def takes_pot(card: Card) -> bool:
    return card.rank == Rank.ACE


@CLAUSES.rule("queen-ace-last-player", "When all the others are out, the last player draws on (or, as an "
              "option, takes the pot at once)")
def last_player_wins(rule: str, out: Sequence[bool]) -> bool:
    """Whether the player left alone takes the pot now, without an ace."""
    return rule == "takes_pot" and out.count(False) == 1


# Settlements: what each rule says is won and lost; spec.stakes.settle pays them.

@CLAUSES.rule("queen-ace-stake-paid", "A stake goes from the player into the pot")
def stake_paid(stakes: Sequence, seat: int) -> Deltas:
    return transfer(seat, POT, stakes[seat])


@CLAUSES.rule("queen-ace-pot-won", "The ace's drawer (or, as an option, the last player left) wins the pot")
def pot_won(stakes: Sequence, seat: int) -> Deltas:
    return transfer(POT, seat, sum(stakes))


@CLAUSES.rule("queen-ace-unclaimed", "If everyone draws a queen and no one an ace, each stake is returned "
              "(or, as an option, the pot stays)")
def pot_unclaimed(stakes: Sequence, out: Sequence[bool], rule: str = "returned") -> Deltas:
    """What the unclaimed pot pays: nothing while any player is in (or when the pot stays); once every
    player is out, each stake back to its owner."""
    if rule == "stays" or not all(out):
        return ()
    return paid_out(POT, stakes)


# ------------------------------------------------------------------ the game

class QueenAce(Game[State, Stake | Draw]):
    info = INFO
    Rules = Rules
    move_kinds = (Draw, Stake)
    over_clause = "queen-ace-ace"

    def __init__(self, rules=None, *, players=None):
        super().__init__(rules, players=players)
        self.stake_limits = Amounts(self.rules.min_stake, self.rules.max_stake,
                                    outside=N_("a stake of {amount} is not allowed: stake {low} to {high}"))
        self.stakes_allowed = tuple(Stake(a) for a in self.stake_limits.options())

    def deck(self):
        return PACK

    def deal(self, seed: int) -> State:
        cards = list(PACK)
        rng_for(seed).shuffle(cards)
        n = self.players
        # The dealer is the last seat; P0 on the dealer's left stakes and draws first.
        return State(tuple(cards), (0,) * n, ((),) * n, (False,) * n, 0, None, seed)

    def to_move(self, state):
        return state.to_move

    def is_over(self, state):
        return state.to_move is None

    def apply(self, state, move):
        p = state.to_move
        if p is None:  # a move after the end (only replays on another deal try one) changes nothing
            return state
        if type(move) is Stake:
            stakes = state.stakes[:p] + (move.amount,) + state.stakes[p + 1:]
            return State(state.stock, stakes, state.drawn, state.out, (p + 1) % self.players, None, state.seed)
        card = state.stock[0]
        drawn = state.drawn[:p] + (state.drawn[p] + (card,),) + state.drawn[p + 1:]
        out, winner = state.out, None
        if takes_pot(card):
            winner, nxt = p, None
        elif puts_out(card):
            out = out[:p] + (True,) + out[p + 1:]
            nxt = next_seat(out, p)
            if nxt is not None and last_player_wins(self.rules.last_player, out):  # the one left, if alone
                winner, nxt = nxt, None
        else:
            nxt = next_seat(out, p)
        return State(state.stock[1:], state.stakes, drawn, out, nxt, winner, state.seed, card)

    def position(self, stock: Sequence[Card] | str, stakes: Sequence[int] | None = None) -> State:
        """A position of Queen-and-Ace: the stakes (some perhaps still to come) and the pack to draw from,
        before any card is drawn. The verifier's small configurations and the tests start here.

        ``stock``: the cards left to draw, as :class:`~spec.cards.Card` values or card notation
        (``"Q♠ 2♣ A♠"``), the top card (drawn first) first; any part of the 52-card pack, each card once.
        ``stakes``: the chips each seat has put in the pot, by seat; 0 for a seat that has not staked yet.
        Stakes go in seat order, so the first seat with 0 has the turn, and with every stake in P0 draws
        first. Default: everyone has staked the smallest amount. Nobody has drawn, nobody is out; the deal
        seed is 0. A card named twice or not in the pack raises :class:`ValueError` naming it.
        """
        stock = as_cards(stock)
        check_named_once(PACK, stock)
        n = self.players
        stakes = tuple(stakes) if stakes is not None else (self.rules.min_stake,) * n
        turn = stakes.index(0) if 0 in stakes else 0
        return State(stock, stakes, ((),) * n, (False,) * n, turn, None, 0)

    def ledger(self, state) -> Ledger:
        """The stakes paid in, and the pot paid out as the rules say, by the settlement clauses."""
        led = Ledger.open(players=self.players)
        for p, s in enumerate(state.stakes):
            if s:
                led = settle(led, stake_paid(state.stakes, p), clause="queen-ace-stake-paid")
        if state.winner is not None:
            led = settle(led, pot_won(state.stakes, state.winner), clause="queen-ace-pot-won")
        return settle(led, pot_unclaimed(state.stakes, state.out, self.rules.unclaimed_pot),
                      clause="queen-ace-unclaimed")

    def outcome(self, state):
        returns = self.ledger(state).player_returns(Ledger.open(players=self.players), self.players)
        winners = () if state.winner is None else (state.winner,)
        losers = tuple(p for p in range(self.players) if p not in winners)
        return Outcome(winners=winners, losers=losers if winners else (), returns=returns,
                       draw=not winners)

    def zones(self, state):
        z = {f"hand {p}": d for p, d in enumerate(state.drawn)}
        z["stock"] = state.stock
        return z

    def hidden_zones(self, state, player):
        return frozenset({"stock"})  # drawn cards lie face up

    def max_plays(self):
        # one stake each, then at most 48 cards that are not aces before an ace
        return self.players + 49

    def describe(self, state):
        pot = sum(state.stakes)
        parts = [Msg("pot {pot}", pot=pot), Msg("stock {n} cards", n=len(state.stock))]
        out = [f"P{p}" for p, o in enumerate(state.out) if o]
        if out:
            parts.append(Msg("out: {players}", players=", ".join(out)))
        return Msg.join("; ", parts)

    def describe_move(self, state):
        card = state.last
        if card is None:
            return Msg("pot {pot}", pot=sum(state.stakes))
        if takes_pot(card):
            return Msg("{card}: takes the pot of {pot}", card=str(card), pot=sum(state.stakes))
        if state.winner is not None:
            return Msg("{card}: out; P{player} is the last player and takes the pot", card=str(card),
                       player=state.winner)
        if state.to_move is None:
            return Msg("{card}: out; everyone is out, no ace", card=str(card))
        return Msg("{card}: out", card=str(card)) if puts_out(card) else str(card)


GAME = QueenAce
