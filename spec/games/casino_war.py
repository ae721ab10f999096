"""Casino War: each player against the dealer, one card each, the higher card wins.

Every player bets (and may add a tie bet); the dealer gives each player and
himself one card. A higher card wins even money, a lower one loses the bet.
On a tie the player either surrenders half the bet or goes to war: the bet is
doubled, the dealer burns three cards and deals one more card to everyone at
war and to himself; a card as high as the dealer's or higher wins even money
on the raise and the first bet comes back, a lower one loses both. The tie
bet pays 10 to 1 when the first two cards tie.

Stakes move only through the ledger (:mod:`spec.stakes`): bets lie in the
``pot`` (the table) until they are settled against the ``bank`` (the dealer).
The dealer is a seat of the game -- the last one -- that never chooses: its
result is the bank's, so the players' and the dealer's results sum to zero.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import Literal

from spec import flips
from spec.cards import Card, as_cards, check_named_once, make_deck
from spec.clauses import ClauseBook
from spec.dealing import rng_for
from spec.engine import Game, GameInfo, Outcome, Source
from spec.errors import VariantError
from spec.i18n import N_, Msg
from spec.moves import move
from spec.rules import setting
from spec.stakes import BANK, POT, Amounts, Deltas, Ledger, player_account, settle

INFO = GameInfo(id="casino_war", name_en="Casino War", name_ru="Война с крупье", min_players=2, max_players=7,
                deck="52", family=N_("banking game (chance)"), chance=True, hidden_information=True, zero_sum=True,
                source=Source(file="001_55360323bc916247.txt", title=N_("(untitled) war against a dealer"),
                              lines="115-126"))
CLAUSES = ClauseBook(INFO.id)


@dataclass(frozen=True, kw_only=True)
class Rules:
    """Parameters of Casino War."""

    decks: int = setting(1, range=(1, 8))
    """52-card packs shuffled together (the source allows one or more; decision: one)."""

    min_bet: int = setting(2, range=(1, 100), sweep=(10,))
    """Smallest bet (decision: the source names no amounts). Every bet from the smallest to the largest,
    with every tie bet, is a move of its own: the limits stop at 100 chips so that a table offers at most
    a few thousand."""

    max_bet: int = setting(10, range=(1, 100), sweep=(2,))
    """Largest bet (decision). Swept down to ``min_bet`` (and ``min_bet`` up to it): a table of one bet."""

    bets: Literal["even", "any"] = "even"
    """``even`` (decision): bets are whole even numbers of chips, so half a bet (the surrender) is
    whole; ``any`` allows odd bets, and the house keeps the odd chip of a surrendered bet."""

    max_tie_bet: int = setting(2, range=(0, 100))
    """Largest tie bet (0: no tie bets). Decision: the source names no amount."""

    tie_pays: int = setting(10, range=(1, 100))
    """The tie bet pays this many to one (the source: 10)."""

    burn: int = setting(3, range=(0, 10))
    """Cards burned before the war cards (the source: three)."""

    def __post_init__(self):
        if self.min_bet > self.max_bet:
            raise VariantError("max_bet", f"{self.max_bet} is below min_bet {self.min_bet}",
                               f"at least {self.min_bet}")
        if self.bets == "even" and (self.min_bet % 2 or self.max_bet % 2):
            raise VariantError("min_bet", f"bets {self.min_bet}-{self.max_bet} are not both even "
                               "(bets = 'even')", "even numbers, or bets = 'any'")


PRESETS = {"six_decks": {"decks": 6}, "odd_bets": {"bets": "any", "min_bet": 1, "max_bet": 5},
           "no_tie_bet": {"max_tie_bet": 0}}

# The shoe always serves a round: at most 6 players and the dealer need 2 cards each (first
# card and war card) and the burn at most 10, well under one pack, so every player count of
# INFO plays with any rules.


@move("bet {amount} tie {tie}", "bet {amount}")
class Bet:
    amount: int
    tie: int = 0


@move("war")
class War:
    pass


@move("surrender")
class Surrender:
    pass


WAR, SURRENDER = War(), Surrender()


@dataclass(frozen=True)
class State:
    shoe: tuple[Card, ...]               # face down, top card first
    bets: tuple[int, ...]                # 0: not yet bet
    ties: tuple[int, ...]                # tie bets
    first: tuple[Card, ...]              # each player's first card (empty until dealt)
    dealer: tuple[Card, ...]             # the dealer's cards: first, then war card
    choices: tuple[str, ...]             # "", "war" or "surrender" for each tied player
    war: tuple[Card | None, ...]         # each player's war card
    burned: tuple[Card, ...]
    to_move: int | None
    seed: int = 0


# ------------------------------------------------------------------ clauses

CLAUSES.note("casino-war-shoe", "One or more 52-card packs shuffled together; aces are high",
             "spec.games.casino_war.CasinoWar.deal",
             unchecked="the shuffle is chance; cards_conserved checks the shoe is whole at every step")


def limits(rules: Rules) -> tuple[Amounts, Amounts]:
    """The table's limits on a bet and on a tie bet (the stakes kit's :class:`~spec.stakes.Amounts`)."""
    outside = N_("a bet of {amount} is not allowed: bet {low} to {high} in even chips") if rules.bets == "even" \
        else N_("a bet of {amount} is not allowed: bet {low} to {high}")
    bets = Amounts(rules.min_bet, rules.max_bet, 2 if rules.bets == "even" else 1, outside=outside)
    return bets, Amounts(0, rules.max_tie_bet, outside=N_("a tie bet of {amount} is not allowed: {low} to {high}"))


def _bet_refused(game, state, move) -> tuple[str, str]:
    """Which betting clause refuses ``move``: the bets are closed, the bet or the tie bet is out of limits."""
    if state.first:
        return "casino-war-bet", Msg("the cards are dealt: bets are closed")
    bets, ties = game.limits
    said = bets.why_not(move.amount)
    return ("casino-war-bet", said) if said else ("casino-war-tie-bet", ties.why_not(move.tie))


@CLAUSES.rule("casino-war-bet", "Each player bets first, in seat order, between the table's limits", offers=Bet,
              refused=_bet_refused)
def bet_in_limits(game, state) -> tuple[Bet, ...]:
    """Before the deal, every bet and tie bet within the table's :func:`limits`."""
    return () if state.first else game.bets_allowed


CLAUSES.note("casino-war-tie-bet", "A player may add a tie bet, up to the table's limit",
             "spec.games.casino_war.bet_in_limits")


@CLAUSES.rule("casino-war-deal", "The dealer gives one card face up to each player, in seat order, then one to "
              "himself", unchecked="which card of the shuffled shoe goes to whom is chance; cards_conserved "
              "checks that every card is dealt once")
def first_cards(shoe: tuple[Card, ...], players: int):
    """The players' cards, the dealer's card and the rest of the shoe."""
    return shoe[:players], shoe[players], shoe[players + 1:]


@CLAUSES.rule("casino-war-compare", "The higher card wins; cards of the same rank tie (suits do not count)")
def compare(player: Card, dealer: Card) -> int:
    """+1 the player's card is higher, -1 the dealer's, 0 a tie (the flips kit's :func:`~spec.flips.compare`)."""
    return flips.compare(player, dealer)


def tied(state: State, p: int) -> bool:
    return bool(state.first) and compare(state.first[p], state.dealer[0]) == 0


def _choice_refused(game, state, move) -> str:
    if not state.first:
        return Msg("no cards are dealt yet: every player bets first")
    p = state.to_move
    return Msg("P{player}'s {card} does not tie the dealer's {dealer}: there is nothing to choose", player=p,
               card=str(state.first[p]), dealer=str(state.dealer[0]))


@CLAUSES.rule("casino-war-tie-choice", "Only a player whose card ties the dealer's chooses: surrender or war",
              offers=(War, Surrender), refused=_choice_refused)
def only_tied_choose(game, state) -> tuple[War | Surrender, ...]:
    """Once the cards are dealt, the player to move -- one whose card ties the dealer's -- goes to war or
    surrenders."""
    return (WAR, SURRENDER) if state.first and tied(state, state.to_move) else ()


@CLAUSES.rule("casino-war-burn", "At war the dealer burns three cards, then deals one card to each player at war "
              "and to himself")
def war_deal(shoe: tuple[Card, ...], at_war: list[int], burn: int):
    burned, rest = shoe[:burn], shoe[burn:]
    cards = dict(zip(at_war, rest))
    return burned, cards, rest[len(at_war)], rest[len(at_war) + 1:]


@CLAUSES.rule("casino-war-war-result", "At war a card as high as the dealer's or higher wins")
def war_won(player: Card, dealer: Card) -> bool:
    return compare(player, dealer) >= 0


# Settlements: what each rule says is won and lost; spec.stakes.settle pays them.
# ``a`` is the bet, ``t`` the tie bet; they may be numbers or z3 terms.

def half_down(x):
    """Half of a chip count, rounded down (z3 integer terms divide the same way)."""
    return x // 2 if isinstance(x, int) else x / 2


@CLAUSES.rule("casino-war-placed", "A bet (and a raise, and a tie bet) goes from the player onto the table")
def placed(p: int, a) -> Deltas:
    return ((player_account(p), -a), (POT, a))


@CLAUSES.rule("casino-war-even-money", "A higher first card wins even money: the bet comes back with as much again")
def even_money(p: int, a) -> Deltas:
    return ((POT, -a), (BANK, -a), (player_account(p), 2 * a))


@CLAUSES.rule("casino-war-lost", "A lower first card loses the bet to the dealer")
def bet_lost(p: int, a) -> Deltas:
    return ((POT, -a), (BANK, a))


@CLAUSES.rule("casino-war-surrender", "Surrender: the player loses half the bet and takes back the rest "
              "(the dealer keeps an odd chip)")
def surrendered(p: int, a) -> Deltas:
    back = half_down(a)
    return ((POT, -a), (player_account(p), back), (BANK, a - back))


@CLAUSES.rule("casino-war-war-won", "War won: the raise wins even money and the first bet comes back")
def war_won_paid(p: int, a) -> Deltas:
    return ((POT, -2 * a), (BANK, -a), (player_account(p), 3 * a))


@CLAUSES.rule("casino-war-war-lost", "War lost: the dealer takes the bet and the raise")
def war_lost_paid(p: int, a) -> Deltas:
    return ((POT, -2 * a), (BANK, 2 * a))


@CLAUSES.rule("casino-war-tie-pays", "A tie bet wins 10 to 1 when the first cards tie, and is lost otherwise")
def tie_bet_paid(p: int, t, won: bool, pays: int = 10) -> Deltas:
    if won:
        return ((POT, -t), (BANK, -pays * t), (player_account(p), (pays + 1) * t))
    return ((POT, -t), (BANK, t))


def surrender_as_written(p: int, a) -> Deltas:
    """The source's surrender read in whole chips: the player gets half back and the
    dealer takes half, each half rounded down (checked by ``surrender_as_written_conserved``)."""
    return ((POT, -a), (player_account(p), half_down(a)), (BANK, half_down(a)))


# ------------------------------------------------------------------ the game

@cache
def shoe_of(decks: int) -> tuple[Card, ...]:
    return make_deck(f"{decks}x52")


class CasinoWar(Game[State, Bet | War | Surrender]):
    info = INFO
    Rules = Rules
    move_kinds = (Bet, War, Surrender)
    over_clause = "casino-war-war-result"

    def __init__(self, rules=None, *, players=None):
        super().__init__(rules, players=players)
        #: the players who bet; the dealer is the last seat
        self.punters = self.players - 1
        self.limits = bets, ties = limits(self.rules)
        #: every bet the limits allow, built once
        self.bets_allowed = tuple(Bet(a, t) for a in bets.options() for t in ties.options())

    def deck(self):
        return shoe_of(self.rules.decks)

    def deal(self, seed: int) -> State:
        cards = list(shoe_of(self.rules.decks))
        rng_for(seed).shuffle(cards)
        return self._before_bets(tuple(cards), seed)

    def position(self, shoe: Sequence[Card] | str, *, seed: int = 0) -> State:
        """A position of Casino War: a round before anyone bets, on a shoe stacked by hand. The verifier's
        exact odds and small configurations, and the tests, start here.

        ``shoe``: the cards to deal from, as :class:`~spec.cards.Card` values or card notation
        (``"9♠ 9♥ 2♣"``), the top card (dealt first) first: each player's first card in seat order, the
        dealer's, then the burned cards and the war cards. Any part of the shoe of ``decks`` packs, no
        card more often than the shoe holds it. ``seed``: the deal's seed (0 for a position set up by hand;
        no rule draws from it). No bet is down yet: P0 bets first. A card named more often than the shoe
        holds it, or not in it, raises :class:`ValueError` naming the card.
        """
        state = self._before_bets(as_cards(shoe), seed)
        check_named_once(self.deck(), *self.zones(state).values())
        return state

    def _before_bets(self, shoe: tuple[Card, ...], seed) -> State:
        n = self.punters
        return State(shoe, (0,) * n, (0,) * n, (), (), ("",) * n, (None,) * n, (), 0, seed)

    def to_move(self, state):
        return state.to_move

    def is_over(self, state):
        return state.to_move is None

    def next_tied(self, state: State, after: int) -> int | None:
        for p in range(after + 1, self.punters):
            if tied(state, p):
                return p
        return None

    def apply(self, state, move):
        p = state.to_move
        if p is None:  # a move after the end (only replays on another deal try one) changes nothing
            return state
        n = self.punters
        if type(move) is Bet:
            bets = state.bets[:p] + (move.amount,) + state.bets[p + 1:]
            ties = state.ties[:p] + (move.tie,) + state.ties[p + 1:]
            state = State(state.shoe, bets, ties, (), (), state.choices, state.war, (), p + 1, state.seed)
            if p + 1 < n:
                return state
            # everyone has bet: the cards are dealt
            first, dealer, shoe = first_cards(state.shoe, n)
            state = State(shoe, bets, ties, first, (dealer,), state.choices, state.war, (), None, state.seed)
            return self.after_choice(state, -1)
        choice = "war" if type(move) is War else "surrender"
        choices = state.choices[:p] + (choice,) + state.choices[p + 1:]
        state = State(state.shoe, state.bets, state.ties, state.first, state.dealer, choices, state.war,
                      state.burned, None, state.seed)
        return self.after_choice(state, p)

    def after_choice(self, state: State, p: int) -> State:
        nxt = self.next_tied(state, p)
        if nxt is not None:
            return State(state.shoe, state.bets, state.ties, state.first, state.dealer, state.choices, state.war,
                         state.burned, nxt, state.seed)
        at_war = [q for q, c in enumerate(state.choices) if c == "war"]
        if not at_war:
            return state
        burned, cards, dealer_card, rest = war_deal(state.shoe, at_war, self.rules.burn)
        war = tuple(cards.get(q) for q in range(self.punters))
        return State(rest, state.bets, state.ties, state.first, state.dealer + (dealer_card,), state.choices, war,
                     burned, None, state.seed)

    # ---------------------------------------------------------- stakes
    def ledger(self, state) -> Ledger:
        led = Ledger.open(players=self.punters)
        for p, a in enumerate(state.bets):
            if not a:
                continue
            led = settle(led, placed(p, a), clause="casino-war-placed")
            if state.ties[p]:
                led = settle(led, placed(p, state.ties[p]), clause="casino-war-placed")
            if not state.first:
                continue
            result = compare(state.first[p], state.dealer[0])
            if state.ties[p]:
                led = settle(led, tie_bet_paid(p, state.ties[p], result == 0, self.rules.tie_pays),
                             clause="casino-war-tie-pays")
            if result > 0:
                led = settle(led, even_money(p, a), clause="casino-war-even-money")
            elif result < 0:
                led = settle(led, bet_lost(p, a), clause="casino-war-lost")
            elif state.choices[p] == "surrender":
                led = settle(led, surrendered(p, a), clause="casino-war-surrender")
            elif state.choices[p] == "war":
                led = settle(led, placed(p, a), clause="casino-war-placed")
                if state.war[p] is not None:
                    if war_won(state.war[p], state.dealer[1]):
                        led = settle(led, war_won_paid(p, a), clause="casino-war-war-won")
                    else:
                        led = settle(led, war_lost_paid(p, a), clause="casino-war-war-lost")
        return led

    def outcome(self, state):
        led = self.ledger(state)
        returns = led.player_returns(Ledger.open(players=self.punters), self.punters) + (led[BANK],)
        return Outcome(winners=tuple(p for p, r in enumerate(returns) if r > 0),
                       losers=tuple(p for p, r in enumerate(returns) if r < 0), returns=returns)

    # ---------------------------------------------------------- cards
    def zones(self, state):
        z = {}
        for p in range(self.punters):
            cards = state.first[p:p + 1]  # () before the deal
            if state.war[p] is not None:
                cards += (state.war[p],)
            z[f"hand {p}"] = cards
        z["dealer"] = state.dealer
        z["burned"] = state.burned
        z["shoe"] = state.shoe
        return z

    def hidden_zones(self, state, player):
        return frozenset({"shoe", "burned"})  # the cards dealt lie face up

    def max_plays(self):
        return 2 * self.punters  # a bet each, then at most one choice each

    def describe(self, state):
        if not state.first:
            return Msg("bets {bets}; shoe {n} cards", bets=" ".join(map(str, state.bets)), n=len(state.shoe))
        zones = self.zones(state)
        hands = " ".join(f"P{p} {'/'.join(map(str, zones[f'hand {p}']))}" for p in range(self.punters))
        return Msg("dealer {dealer}; {hands}; table {table}", dealer="/".join(map(str, state.dealer)), hands=hands,
                   table=self.ledger(state)['pot'])

    def describe_move(self, state):
        if not state.first:
            return ""
        text = Msg("dealer {dealer}; {cards}", dealer=str(state.dealer[0]),
                   cards=" ".join(f"P{p} {c}" for p, c in enumerate(state.first)))
        if len(state.dealer) > 1:
            text = Msg("{cards}; burned {burned}; war: dealer {dealer}, {war}", cards=text,
                       burned=" ".join(map(str, state.burned)), dealer=str(state.dealer[1]),
                       war=" ".join(f"P{p} {c}" for p, c in enumerate(state.war) if c is not None))
        if state.to_move is None:
            text = Msg("{cards}; returns {returns}", cards=text,
                       returns=" ".join(f"{r:+d}" for r in self.outcome(state).returns))
        return text


GAME = CasinoWar
