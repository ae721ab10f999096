"""Kings (Короли): four players, 36 cards, titles won by tricks counted over deals.

Source: ``001_55360323bc916247.txt``, "(untitled) Kings" (lines 65-86); the
catalogue of ``000_c16f26f3ff8231c5.txt`` has a teaser, "Короли" (line 451).

The match has two parts, each a *stage* played as deals of nine cards each:

* the **introduction**: tricks are chalked up over the deals; the first to
  ten becomes king and leaves, of the other three the first to nine becomes
  prince, of the last two the first to eight becomes soldier, and the last
  one is the peasant. The first two leads of a deal must be trumps.
* a **reign**: the peasant deals, the king and then the prince each take a
  trump from the peasant for a card of their choice, and the king leads every
  trick. The first to nine tricks becomes the new king, and the titles are
  contested again as in the introduction.

Each stage is one small phase object (:class:`Introduction`, :class:`Reign`)
saying who deals, in which order cards go round, who leads and what the
titles cost; the game class runs the tricks. Seats are numbered clockwise.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Literal

from spec.cards import Card, Suit, as_card, as_cards, check_named_once, make_deck
from spec.clauses import ClauseBook
from spec.dealing import deal_round_robin, rng_for, sorted_hand
from spec.engine import Game, GameInfo, Outcome, Source
from spec.errors import VariantError
from spec.i18n import N_, Msg
from spec.moves import move
from spec.rules import Table, setting
from spec.tricks import NATURAL_ORDER, Duties, TrickOrder

INFO = GameInfo(
    id="koroli",
    name_en="Kings",
    name_ru="Короли",
    min_players=4,
    max_players=4,
    deck="36",
    family=N_("trick-taking"),
    chance=True,
    hidden_information=True,
    zero_sum=False,  # no stakes: the result is a ranking by title (property title_points)
    source=Source(file="001_55360323bc916247.txt", title=N_("(untitled) Kings"), lines="65-86"),
)

CLAUSES = ClauseBook(INFO.id)

PLAYERS = 4
HAND_SIZE = 9
DECK = make_deck(INFO.deck)
#: The titles, highest first (a title is its index).
TITLES = (N_("king"), N_("prince"), N_("soldier"), N_("peasant"))
KING, PRINCE, SOLDIER, PEASANT = range(4)
UNTITLED = -1
#: What a title is worth in the final ranking (decision: the source names no stake).
TITLE_POINTS = Table({KING: 3, PRINCE: 2, SOLDIER: 1, PEASANT: 0})


@dataclass(frozen=True, kw_only=True)
class Rules:
    """Parameters of Kings. Defaults are the source's rules and, where it is
    silent, the project's decisions (see the errata)."""

    king_tricks: int = setting(10, range=(1, 40))
    """Introduction: tricks that make the king. Source: ten."""

    prince_tricks: int = setting(9, range=(1, 40))
    """Introduction: tricks that make the prince, of the three left. Source: nine."""

    soldier_tricks: int = setting(8, range=(1, 40))
    """Introduction: tricks that make the soldier, of the two left. Source: eight."""

    reign_king_tricks: int = setting(9, range=(1, 40))
    """Reign: tricks that make the new king. Source: nine."""

    reign_others: Literal["step_down", "same"] = "step_down"
    """Reign: the tricks that make the prince and the soldier, which the source
    does not state. Decision ``"step_down"``: one fewer per title, as in the
    introduction (9, 8, 7); ``"same"``: nine for each."""

    counts_restart: bool = False
    """Whether the tricks chalked up start again from nothing when a title is
    won. Decision ``False``: the source adds each deal's tricks to the record
    and never says it is wiped, so a title can follow another at once;
    ``True``: each title is raced for afresh."""

    void: Literal["any", "trump"] = "any"
    """What a player who cannot follow suit plays; the source is silent.
    Decision ``"any"``: any card; ``"trump"``: a trump if able."""

    prince_trump: Literal["highest", "any"] = "highest"
    """Which of the peasant's trumps the prince takes in a reign; the source says only "another trump".
    Decision ``"highest"``: the highest the peasant holds at that moment, as the king does;
    ``"any"``: any trump of the peasant's that the prince chooses."""

    reigns: int = setting(1, range=(0, 1000))
    """How many reigns are played after the introduction. The source names no
    end (each reign leads to the next); decision: one. ``0``: no end, as
    written (the match never ends)."""

    def __post_init__(self):
        if self.reign_others == "step_down" and self.reign_king_tricks < 3:
            raise VariantError("reign_king_tricks", f"{self.reign_king_tricks} leaves no trick for the soldier "
                               "when each title costs one fewer", "3 to 40 with reign_others = 'step_down'")

    def intro_thresholds(self) -> tuple[int, int, int]:
        return (self.king_tricks, self.prince_tricks, self.soldier_tricks)

    def reign_thresholds(self) -> tuple[int, int, int]:
        k = self.reign_king_tricks
        return (k, k - 1, k - 2) if self.reign_others == "step_down" else (k, k, k)


PRESETS = {
    "fresh_counts": {"counts_restart": True},
    "reign_nines": {"reign_others": "same"},
    "must_trump": {"void": "trump"},
    "two_reigns": {"reigns": 2},
}


# ---------------------------------------------------------------------- moves

@move("{card}")
class Play:
    card: Card


@move("take {take} give {give}")
class Swap:
    take: Card
    give: Card


PLAY = {c: Play(c) for c in DECK}
SWAP = {(a, b): Swap(a, b) for a in DECK for b in DECK if a != b}


# ---------------------------------------------------------------------- state

@dataclass(frozen=True)
class State:
    stage: int                              # 0: the introduction; r >= 1: reign r
    titles: tuple[int, ...]                 # the titles that rule this stage (all UNTITLED in the introduction)
    new: tuple[int, ...]                    # titles won in this stage, UNTITLED while still playing for one
    counts: tuple[int, ...]                 # tricks chalked up towards this stage's titles
    log: tuple[int, ...]                    # who took each chalked trick, in order (who reached a count first)
    hands: tuple[tuple[Card, ...], ...]
    trick: tuple[tuple[int, Card], ...]
    taken: tuple[Card, ...]                 # cards of the tricks taken this deal
    stock: tuple[Card, ...]                 # cards not dealt (fewer than four players), face down
    aside: tuple[Card, ...]                 # cards laid aside by players who won a title mid-deal
    trump: Suit
    turned: Card                            # the card turned up for trumps
    shown: bool                             # the turned card is still where all can see it (not yet taken)
    dealer: int
    to_move: int
    swaps: tuple[int, ...] = ()             # players still to exchange before the first lead
    leads: int = 0                          # tricks led this deal by the current leading role
    deals: int = 0                          # deals dealt in the match
    seed: int = 0
    last_trick: tuple[tuple[int, Card], ...] = ()
    last_winner: int = -1
    over: bool = False
    limit: int = 0                          # a test position's last deal: the match stops when it ends

    @property
    def active(self) -> tuple[int, ...]:
        return tuple(p for p in range(PLAYERS) if self.new[p] == UNTITLED)


#: The match before its first deal: no titles, nothing chalked (start_deal reads only these and the seed).
BEFORE_FIRST_DEAL = State(0, (UNTITLED,) * PLAYERS, (UNTITLED,) * PLAYERS, (0,) * PLAYERS, (), ((),) * PLAYERS, (),
                          (), (), (), Suit.CLUBS, DECK[0], False, -1, 0)


# -------------------------------------------------------------------- clauses

CLAUSES.note("koroli-players", "Four players, the 36-card deck",
             unchecked="fixed by the game's metadata; cards_conserved and deal_start check the 36 cards")
CLAUSES.note("koroli-cut", "In a reign the peasant shuffles and the soldier cuts",
             unchecked="a cut of a seeded shuffle is more chance: nothing to decide")


@CLAUSES.rule("koroli-first-dealer", "The first dealer is chosen by drawing cards: the highest deals")
def first_dealer(seed: int) -> int:
    """Each player draws a card in seat order; the highest rank deals; equal highest
    ranks draw again from the rest of the same shuffle (decision: the source names no tie)."""
    cards = list(DECK)
    rng_for(seed, 0).shuffle(cards)
    drawers, i = list(range(PLAYERS)), 0
    while i + len(drawers) <= len(cards):
        drawn = {p: cards[i + k] for k, p in enumerate(drawers)}
        i += len(drawers)
        top = max(c.rank for c in drawn.values())
        drawers = [p for p in drawers if drawn[p].rank == top]
        if len(drawers) == 1:
            return drawers[0]
    return drawers[0]  # the deck ran out in ties: possible only if every later draw ties, which no tested seed does


@CLAUSES.rule("koroli-deal", "Nine cards each, one at a time; in a four-player deal the dealer turns up "
              "his last card for trumps and keeps it")
def deal_cards(cards: Sequence[Card], order: Sequence[int],
               per_seat: int = HAND_SIZE) -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...]]:
    """Hands by seat (empty for a player out of the stage) in the order received, and the rest (the stock)."""
    got = deal_round_robin(cards, tuple(range(len(order))), per_seat)
    hands = [()] * PLAYERS
    for i, p in enumerate(order):
        hands[p] = got[i]
    return tuple(hands), tuple(cards[per_seat * len(order):])


@CLAUSES.rule("koroli-turned-trump", "With fewer than four players the first undealt card is turned up for "
              "trumps; the dealer takes it and lays any card of his in its place")
def turned_card(hands, stock: Sequence[Card], dealer: int) -> Card:
    return stock[0] if stock else hands[dealer][-1]


@CLAUSES.rule("koroli-order", "Cards are highest ace, king, queen, jack, 10 ... 6; the highest trump, else "
              "the highest card of the suit led, takes the trick")
def trick_order(trump: Suit) -> TrickOrder:
    return TrickOrder(trump, NATURAL_ORDER)


@CLAUSES.rule("koroli-count", "Each deal's tricks are added to the chalked record of earlier deals")
def chalk(counts: tuple[int, ...], log: tuple[int, ...], winner: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    counts = counts[:winner] + (counts[winner] + 1,) + counts[winner + 1:]
    return counts, log + (winner,)


def reached_at(log: Sequence[int], player: int, tricks: int) -> int:
    """The trick (index in ``log``) at which ``player`` took his ``tricks``-th trick."""
    seen = 0
    for i, p in enumerate(log):
        if p == player:
            seen += 1
            if seen == tricks:
                return i
    return len(log)


@CLAUSES.rule("koroli-titles", "The first to the king's count of tricks is king and lays his cards aside; "
              "of the rest the first to the prince's count is prince, then the soldier; the last is peasant")
def award_titles(new: tuple[int, ...], counts: tuple[int, ...], log: tuple[int, ...],
                 thresholds: Sequence[int], restart: bool = False) -> tuple[int, ...]:
    """The titles after a trick: as many as the record gives, each to the player who
    reached its count first (one only when the record restarts after a title); the
    last player left is the peasant."""
    new = list(new)
    given = False
    while True:
        active = [p for p in range(PLAYERS) if new[p] == UNTITLED]
        j = PLAYERS - len(active)
        if len(active) == 1:
            new[active[0]] = PEASANT
            return tuple(new)
        t = thresholds[j]
        due = [p for p in active if counts[p] >= t]
        if not due or (given and restart):
            return tuple(new)
        new[min(due, key=lambda p: reached_at(log, p, t))] = j
        given = True


@CLAUSES.rule("koroli-end", "The match ends after the introduction and the agreed number of reigns "
              "(the source names no end); the titles rank the players")
def final_points(titles: Sequence[int], points=TITLE_POINTS) -> tuple[int, ...]:
    return tuple(points[t] for t in titles)


def race_bound(racers: int, tricks: int) -> int:
    """The most tricks a race for one title can last: while ``racers`` players race for a
    title costing ``tricks``, each holds at most tricks - 1, so the racers x (tricks - 1) + 1-th
    trick gives it (property stages_end)."""
    return racers * (tricks - 1) + 1


# -------------------------------------------------------------- stage objects

@CLAUSES.rule("koroli-next-dealer", "In the introduction the deal passes to the left, to the next player still "
              "playing (decision: the source names only the first dealer)")
def dealer_on_left(dealer: int, active: Sequence[int]) -> int:
    return next(p for p in ((dealer + i) % PLAYERS for i in range(1, PLAYERS + 1)) if p in active)


@CLAUSES.rule("koroli-reign-deal", "In a reign the peasant deals (the lowest title still playing); the cards go "
              "round by title, the king first and the dealer last")
def by_title(titles: Sequence[int], active: Sequence[int]) -> tuple[int, ...]:
    return tuple(sorted(active, key=lambda p: titles[p]))


class Introduction:
    """Stage 0: clockwise play, the taker leads, the deal passes left."""

    name = "introduction"

    @staticmethod
    def thresholds(rules: Rules) -> tuple[int, int, int]:
        return rules.intro_thresholds()

    @staticmethod
    def order(active: Sequence[int], start: int) -> tuple[int, ...]:
        """The active seats clockwise from ``start``."""
        return tuple(p for p in ((start + i) % PLAYERS for i in range(PLAYERS)) if p in active)

    @staticmethod
    def next_dealer(state: State | None, active: Sequence[int], seed: int) -> int:
        if state is None:
            return first_dealer(seed)
        return dealer_on_left(state.dealer, active)

    @staticmethod
    def deal_order(state, active, dealer) -> tuple[int, ...]:
        return Introduction.order(active, dealer + 1)

    @staticmethod
    def leader(state: State, active: Sequence[int], winner: int | None) -> int:
        start = state.dealer + 1 if winner is None else winner
        return Introduction.order(active, start)[0]

    @staticmethod
    def play_order(state: State, active: Sequence[int]) -> tuple[int, ...]:
        # clockwise from the player to move (the engine asks only for the one after him)
        return Introduction.order(active, state.to_move)

    @staticmethod
    def swaps(state: State, active: Sequence[int]) -> tuple[int, ...]:
        return (state.dealer,) if len(active) < PLAYERS else ()

    @staticmethod
    def trump_lead_due(state: State) -> bool:
        return state.leads < 2


class Reign:
    """Stage r >= 1: play by title, the highest title left leads every trick,
    the lowest deals; the king and the prince take the peasant's trumps."""

    name = "reign"

    @staticmethod
    def thresholds(rules: Rules) -> tuple[int, int, int]:
        return rules.reign_thresholds()

    @staticmethod
    def by_title(state: State, active: Sequence[int]) -> tuple[int, ...]:
        return by_title(state.titles, active)

    @staticmethod
    def next_dealer(state: State, active: Sequence[int], seed: int) -> int:
        return Reign.by_title(state, active)[-1]

    @staticmethod
    def deal_order(state, active, dealer) -> tuple[int, ...]:
        return Reign.by_title(state, active)

    @staticmethod
    def leader(state: State, active: Sequence[int], winner: int | None) -> int:
        return reign_leader(state.titles, active)

    @staticmethod
    def play_order(state: State, active: Sequence[int]) -> tuple[int, ...]:
        return Reign.by_title(state, active)

    @staticmethod
    def swaps(state: State, active: Sequence[int]) -> tuple[int, ...]:
        if len(active) == PLAYERS:
            return (state.titles.index(KING), state.titles.index(PRINCE))
        return (state.dealer,)

    @staticmethod
    def trump_lead_due(state: State) -> bool:
        # asked before a lead only: the reigning king leads freely; whoever takes his place leads trumps twice
        return state.leads < 2 and state.titles[state.to_move] != KING


def stage_of(state: State):
    return Introduction if state.stage == 0 else Reign


# ------------------------------------------------------------------ deciders

def top_trump(hand: Sequence[Card], trump: Suit) -> Card | None:
    trumps = [c for c in hand if c.suit == trump]
    return max(trumps, key=lambda c: NATURAL_ORDER[c.rank]) if trumps else None


def _swap_refused(game, state, move) -> tuple[str, str]:
    """Which of the exchange clauses refuses ``move``, and why."""
    p = state.to_move
    if not state.swaps or p != state.swaps[0]:
        return "koroli-exchange-turn", Msg("no exchange now: cards are exchanged only before the first lead")
    if move.give not in state.hands[p]:
        return "koroli-exchange-turn", Msg("P{player} does not hold {card}", player=p, card=str(move.give))
    if len(state.active) < PLAYERS:
        return "koroli-dealer-exchange", Msg("the dealer takes the turned card {card}, not {take}",
                                             card=str(state.turned), take=str(move.take))
    return "koroli-exchange", Msg("the peasant P{player} does not hold {card}", player=state.dealer,
                                  card=str(move.take))


@CLAUSES.rule("koroli-exchange-turn", "Before the first lead the exchanges are made in turn; no card is "
              "exchanged during play", offers=Swap, refused=_swap_refused)
def swap_in_turn(game, state) -> tuple[Swap, ...]:
    """The exchanges of the player whose turn it is to exchange: any card of his for the turned card
    (fewer than four players) or for a card of the peasant's."""
    if not state.swaps or state.to_move != state.swaps[0]:
        return ()
    hand = state.hands[state.to_move]
    takes = (state.turned,) if len(state.active) < PLAYERS else state.hands[state.dealer]
    return tuple(SWAP[(a, b)] for a in takes for b in hand)


CLAUSES.note("koroli-dealer-exchange", "With fewer than four players the dealer takes the turned card and "
             "lays one of his cards in its place", "spec.games.koroli.swap_in_turn")


def _prince_chooses(game, state) -> bool:
    """Whether the player exchanging is the prince and may take any trump (``prince_trump = "any"``)."""
    return game.rules.prince_trump == "any" and state.titles[state.to_move] == PRINCE


def _not_top_trump(game, state, move) -> str:
    if _prince_chooses(game, state):
        return Msg("take one of the peasant's trumps ({suit}), not {take}", suit=state.trump.symbol,
                   take=str(move.take))
    return Msg("take the peasant's highest trump, {card}, not {take}",
               card=str(top_trump(state.hands[state.dealer], state.trump)), take=str(move.take))


@CLAUSES.rule("koroli-exchange", "In a four-player reign the king, then the prince, takes the peasant's "
              "highest trump (the prince any trump under prince_trump = 'any') and gives him any card; if the "
              "peasant has no trump, any card he holds", narrows=Swap, refused=_not_top_trump)
def takes_top_trump(game, state, moves: tuple[Swap, ...]) -> tuple[Swap, ...]:
    """The exchanges that take the peasant's highest trump, when he has one (the prince, under
    ``prince_trump = "any"``, any of his trumps)."""
    if not moves or len(state.active) < PLAYERS:
        return moves
    best = top_trump(state.hands[state.dealer], state.trump)
    if best is None:
        return moves
    if _prince_chooses(game, state):
        return tuple(m for m in moves if m.take.suit == state.trump)
    return tuple(m for m in moves if m.take == best)


CLAUSES.note("koroli-play-turn", "A player plays one card of his own hand, once the exchanges are done",
             "spec.games.koroli.follows_suit")
CLAUSES.note("koroli-trump-lead", "The first two leads of a deal are trumps if the leader has one (in a "
             "reign, once the king has left, the first two leads of his successor)", "spec.games.koroli.follows_suit")


def _play_refused(game, state, move) -> tuple[str, str]:
    """Which of the playing clauses refuses ``move``, and why."""
    if state.swaps:
        return "koroli-play-turn", Msg("P{player} must exchange first", player=state.swaps[0])
    hand = state.hands[state.to_move]
    if move.card not in hand:
        return "koroli-play-turn", Msg("P{player} does not hold {card}", player=state.to_move, card=str(move.card))
    if not state.trick:
        return "koroli-trump-lead", Msg("lead a trump ({suit}): this is one of the first two leads",
                                        suit=state.trump.symbol)
    return "koroli-follow", game.duties.why_not(move.card, hand, state.trick, game.orders[state.trump])


@CLAUSES.rule("koroli-follow", "Play a card of the suit led if able (unable: any card, or a trump under "
              "void = 'trump')", offers=Play, refused=_play_refused)
def follows_suit(game, state) -> tuple[Play, ...]:
    """The cards of the hand the tricks kit's :class:`~spec.tricks.Duties` allow to the trick in
    progress; a lead, any card -- a trump if able for the first two leads; nothing before the exchanges."""
    if state.swaps:
        return ()
    hand = state.hands[state.to_move]
    if state.trick:
        return tuple(map(PLAY.__getitem__, game.duties.options(hand, state.trick, game.orders[state.trump])))
    if stage_of(state).trump_lead_due(state):
        trump = state.trump
        trumps = [c for c in hand if c.suit is trump]
        if trumps:
            return tuple(map(PLAY.__getitem__, trumps))
    return tuple(map(PLAY.__getitem__, hand))


@CLAUSES.rule("koroli-reign-lead", "In a reign the highest title still playing leads every trick, whoever "
              "took the last; the others play in order of title")
def reign_leader(titles: Sequence[int], active: Sequence[int]) -> int:
    return min(active, key=lambda p: titles[p])


# ---------------------------------------------------------------------- game

def _opened(state: State, to_move: int | None, swaps: Sequence[int] | None) -> State:
    """A set-up ``state`` with its exchanges (default: those the stage's rules give at the start of a deal,
    before any trick is led or taken) and the seat to move (default: the first to exchange, else the seat after
    the trick's last play, else the stage's leader): :meth:`Koroli.position`'s defaults."""
    stage, active, trick = stage_of(state), state.active, state.trick
    if swaps is None:
        swaps = stage.swaps(state, active) if not trick and not state.taken and not state.leads else ()
    if to_move is None and swaps:
        to_move = swaps[0]
    elif to_move is None and trick:  # the seat after the last play, as apply finds it
        order = stage.play_order(replace(state, to_move=trick[-1][0]), active)
        to_move = order[(order.index(trick[-1][0]) + 1) % len(order)]
    elif to_move is None:
        to_move = stage.leader(state, active, None)
    return replace(state, to_move=to_move, swaps=tuple(swaps))


class Koroli(Game[State, Play | Swap]):
    info = INFO
    Rules = Rules
    move_kinds = (Swap, Play)
    over_clause = "koroli-end"

    def __init__(self, rules=None, *, players=None):
        super().__init__(rules, players=players)
        self.duties = Duties(follow=True, trump=self.rules.void == "trump")
        self.orders = {s: trick_order(s) for s in Suit}
        self.thresholds = (Introduction.thresholds(self.rules), Reign.thresholds(self.rules))

    def deck(self):
        return DECK

    # ------------------------------------------------------------- dealing
    def deal(self, seed: int) -> State:
        return self.start_deal(replace(BEFORE_FIRST_DEAL, seed=seed), first=True)

    def start_deal(self, state: State, first: bool = False) -> State:
        """A new deal of the stage ``state`` is in (its titles, record and deal count)."""
        stage = stage_of(state)
        active = state.active
        dealer = stage.next_dealer(None if first else state, active, state.seed)
        cards = list(DECK)
        rng_for(state.seed, state.deals + 1).shuffle(cards)
        hands, stock = deal_cards(cards, stage.deal_order(state, active, dealer))
        turned = turned_card(hands, stock, dealer)
        s = replace(state, dealer=dealer)  # who exchanges and who leads depend on the dealer and the titles
        swaps = stage.swaps(s, active)
        lead = swaps[0] if swaps else stage.leader(s, active, None)
        return State(state.stage, state.titles, state.new, state.counts, state.log,
                     tuple(sorted_hand(h) for h in hands), (), (), stock, (), turned.suit, turned, True,
                     dealer, lead, swaps, 0, state.deals + 1, state.seed)

    def position(self, hands: Sequence[Sequence[Card] | str], trick: Sequence[tuple[int, Card | str]] = (), *,
                 stage: int = 0, titles: Sequence[int] = (UNTITLED,) * PLAYERS,
                 new: Sequence[int] = (UNTITLED,) * PLAYERS, counts: Sequence[int] = (0,) * PLAYERS,
                 log: Sequence[int] | None = None, stock: Sequence[Card] | str = (),
                 turned: Card | str | None = None, trump: Suit | None = None, shown: bool = True,
                 dealer: int = PLAYERS - 1, to_move: int | None = None, swaps: Sequence[int] | None = None,
                 leads: int = 0, taken: Sequence[Card] | str = (), aside: Sequence[Card] | str = (),
                 deals: int = 1, seed: int = 0, over: bool = False, last_deal: bool = False) -> State:
        """A position of Koroli: a deal of a stage of the match, the hands, the trick on the table and the
        record of tricks towards the titles. How the verifier's small configurations and the tests set up play.

        ``hands``: the four hands by seat (a titled player who left the deal holds none), each kept in the
        order given (a deal sorts them). ``trick``: the plays of the trick in progress, ``(seat, card)`` in
        the order played. ``stage``: 0 the introduction, 1 the first reign and so on; ``titles``: the titles
        that rule it (``KING`` to ``PEASANT``, all ``UNTITLED`` in the introduction); ``new``: the titles
        won so far in it. ``counts``: the tricks chalked towards them by seat; ``log``: who took each, in
        order (default each seat's tricks in seat order). ``stock``: the cards not dealt (fewer than four
        players), top first. ``turned``: the card turned for trumps, default the stock's top card, else the
        dealer's last card; ``trump``: default its suit; ``shown``: it still lies where all can see it.
        ``dealer``: default P3. ``swaps``: the seats still to exchange, default those the stage's rules give
        at the start of a deal (before any trick is led or taken), else none. ``to_move``: default the first
        of ``swaps``, else the seat after the trick's last play, else the stage's leader.
        ``leads``: the tricks led by the current leading role this deal. ``taken`` and ``aside``: the cards
        of this deal's tricks and of the hands laid aside by titles won mid-deal. ``deals``: deals dealt in
        the match (this one included); ``seed``: the match's, for the deals to come; ``over``: the match is
        over; ``last_deal``: the match stops when this deal ends (a small configuration's). Cards are
        :class:`~spec.cards.Card` values or card notation; a card named twice, or not of the 36, raises
        ``ValueError`` (:func:`~spec.cards.check_named_once`)."""
        hands, stock, taken, aside = tuple(map(as_cards, hands)), as_cards(stock), as_cards(taken), as_cards(aside)
        trick = tuple((p, as_card(c)) for p, c in trick)
        check_named_once(DECK, *hands, tuple(c for _, c in trick), stock, taken, aside)
        if turned is None:
            if not stock and not hands[dealer]:
                raise ValueError(f"no card to turn for trumps: P{dealer} deals and holds none, and no stock is given")
            turned = turned_card(hands, stock, dealer)
        turned = as_card(turned)
        check_named_once(DECK, (turned,))
        log = tuple(p for p in range(PLAYERS) for _ in range(counts[p])) if log is None else tuple(log)
        state = State(stage, tuple(titles), tuple(new), tuple(counts), log, hands, trick, taken, stock, aside,
                      turned.suit if trump is None else trump, turned, shown, dealer, -1, (), leads, deals, seed,
                      over=over, limit=int(last_deal))
        return _opened(state, to_move, swaps)

    # ---------------------------------------------------------------- flow
    def to_move(self, state):
        return None if state.over else state.to_move

    def is_over(self, state):
        return state.over

    def apply(self, state, move):
        if type(move) is Swap:
            return self._swap(state, move)
        p, card = state.to_move, move.card
        hands = list(state.hands)
        hands[p] = tuple(c for c in hands[p] if c != card)
        trick = state.trick + ((p, card),)
        active = state.active
        if len(trick) < len(active):
            order = stage_of(state).play_order(state, active)
            nxt = order[(order.index(p) + 1) % len(order)]
            return State(state.stage, state.titles, state.new, state.counts, state.log, tuple(hands), trick,
                         state.taken, state.stock, state.aside, state.trump, state.turned, state.shown,
                         state.dealer, nxt, (), state.leads, state.deals, state.seed,
                         limit=state.limit)  # the last trick is told (describe_move) only between tricks
        return self._end_trick(state, tuple(hands), trick)

    def _swap(self, state: State, move: Swap) -> State:
        p, g = state.to_move, state.dealer
        hands = list(state.hands)
        stock = state.stock
        if len(state.active) < PLAYERS:  # the dealer takes the turned card, lays one in its place
            stock = (move.give,) + stock[1:]
        else:  # the king or the prince takes from the peasant
            hands[g] = sorted_hand(tuple(c for c in hands[g] if c != move.take) + (move.give,))
        hands[p] = sorted_hand(tuple(c for c in hands[p] if c != move.give) + (move.take,))
        swaps = state.swaps[1:]
        nxt = swaps[0] if swaps else stage_of(state).leader(state, state.active, None)
        return State(state.stage, state.titles, state.new, state.counts, state.log, tuple(hands), (), (), stock,
                     state.aside, state.trump, state.turned, state.shown and move.take != state.turned, g, nxt,
                     swaps, 0, state.deals, state.seed, limit=state.limit)

    def _end_trick(self, state: State, hands: tuple, trick: tuple) -> State:
        stage = stage_of(state)
        winner = self.orders[state.trump].winner(trick)
        counts, log = chalk(state.counts, state.log, winner)
        new = award_titles(state.new, counts, log, self.thresholds[state.stage > 0], self.rules.counts_restart)
        taken = state.taken + tuple(c for _, c in trick)
        aside = state.aside
        if new != state.new:  # a title won: its holder lays his cards aside
            hands = list(hands)
            for q in range(PLAYERS):
                if new[q] != state.new[q] and hands[q]:
                    aside += hands[q]
                    hands[q] = ()
            hands = tuple(hands)
            if self.rules.counts_restart:
                counts, log = (0,) * PLAYERS, ()
        stop = state.limit and not any(hands)
        if UNTITLED not in new or stop:  # the stage is decided (or a test position's deal is played out)
            if (self.rules.reigns and state.stage >= self.rules.reigns) or state.limit:
                return State(state.stage, state.titles, new, counts, log, hands, (), taken, state.stock, aside,
                             state.trump, state.turned, state.shown, state.dealer, winner, (), state.leads + 1,
                             state.deals, state.seed, trick, winner, over=True, limit=state.limit)
            # the next reign: the titles just won rule it, nothing chalked yet
            nxt = replace(BEFORE_FIRST_DEAL, stage=state.stage + 1, titles=new, deals=state.deals, seed=state.seed)
            return replace(self.start_deal(nxt), last_trick=trick, last_winner=winner)
        after = replace(state, new=new, counts=counts, log=log)  # what the next deal and the next leader read
        active = after.active
        if not any(hands):  # the deal is played out
            return replace(self.start_deal(after), last_trick=trick, last_winner=winner)
        lead = stage.leader(after, active, winner)
        leads = state.leads + 1
        if state.stage and lead != stage.leader(state, state.active, None):
            leads = 0  # a new leading role (the king has left): its own first two leads
        return State(state.stage, state.titles, new, counts, log, hands, (), taken, state.stock, aside,
                     state.trump, state.turned, state.shown, state.dealer, lead, (), leads, state.deals,
                     state.seed, trick, winner, limit=state.limit)

    # ------------------------------------------------------------- results
    def outcome(self, state):
        titles = state.new  # the titles of the match's last stage (outcome is asked of a finished match)
        if UNTITLED in titles:  # a test position stopped before its stage was decided: titles so far
            return Outcome(winners=tuple(p for p, t in enumerate(titles) if t == KING), scores=state.counts,
                           returns=(0,) * PLAYERS)
        pts = final_points(titles)
        return Outcome(winners=(titles.index(KING),), losers=(titles.index(PEASANT),), scores=pts,
                       returns=pts)

    def standing(self, state):
        """As if the stage ended now: the titles won in it, then the players still racing for one, by
        their chalked tricks (equal counts: who reached the count first), take the titles left."""
        racing = sorted(state.active, key=lambda p: (-state.counts[p], reached_at(state.log, p, state.counts[p])))
        titles = list(state.new)
        for title, p in enumerate(racing, start=PLAYERS - len(racing)):
            titles[p] = title
        return final_points(titles)

    def zones(self, state):
        z = {}
        # a four-player deal's turned card is the dealer's own; a smaller deal's lies on the stock
        # until the dealer takes it (then it is no longer shown)
        in_hand = state.shown and state.turned in state.hands[state.dealer]
        in_stock = state.shown and state.stock[:1] == (state.turned,)
        for p, h in enumerate(state.hands):
            z[f"hand {p}"] = tuple(c for c in h if c != state.turned) if in_hand and p == state.dealer else h
        z["shown"] = (state.turned,) if in_hand or in_stock else ()
        z["trick"] = tuple(c for _, c in state.trick)
        z["taken"] = state.taken
        z["stock"] = state.stock[1:] if in_stock else state.stock
        z["aside"] = state.aside
        return z

    def hidden_zones(self, state, player):
        return super().hidden_zones(state, player) | {"aside"}

    def observe(self, state, player):
        # trumps, the dealer, the titles and the chalked counts are public
        return super().observe(state, player) + (state.trump, state.dealer, state.stage, state.titles, state.new,
                                                 state.counts, state.swaps)

    def stage_bounds(self) -> tuple[int, int]:
        """The most tricks the introduction and a reign can last (property stages_end)."""
        return tuple(sum(race_bound(PLAYERS - j, t) for j, t in enumerate(th)) for th in self.thresholds)

    def max_plays(self):
        if self.rules.reigns == 0:
            return None
        # a deal is cut short only when its stage ends: a stage of T tricks has at most
        # ceil(T / 9) deals, each with at most two exchanges, and four plays a trick
        total = 0
        intro, reign = self.stage_bounds()
        for tricks in (intro,) + (reign,) * self.rules.reigns:
            total += PLAYERS * tricks + 2 * -(-tricks // HAND_SIZE)
        return total

    # -------------------------------------------------------------- display
    def describe(self, state):
        stage = Msg("introduction") if state.stage == 0 else Msg("reign {reign}", reign=state.stage)
        hands = Msg.join(" | ", [Msg("P{player}: {cards}", player=p, cards=" ".join(map(str, h)))
                                 for p, h in enumerate(state.hands) if h])
        fields = dict(stage=stage, deal=state.deals, dealer=state.dealer, card=str(state.turned),
                      suit=state.trump.symbol, hands=hands)
        if state.stage == 0:
            return Msg("{stage}, deal {deal}, P{dealer} deals, turns {card}: trumps {suit}; {hands}", **fields)
        titles = Msg.join(" ", [Msg("P{player}={title}", player=p, title=Msg(TITLES[t]))
                                for p, t in enumerate(state.titles)])
        return Msg("{stage}, deal {deal}, P{dealer} deals, turns {card}: trumps {suit}; titles {titles}; {hands}",
                   titles=titles, **fields)

    def describe_move(self, state):
        if state.trick or state.last_winner < 0:
            return ""
        cards = " ".join(str(c) for _, c in state.last_trick)
        text = Msg("P{player} takes {cards}", player=state.last_winner, cards=cards)
        won = [_titled(p, t) for p, t in enumerate(state.new) if t != UNTITLED]
        if state.over:  # a test position may stop before its stage is decided: only the titles won
            return Msg("{trick}; match over: {titles}", trick=text,
                       titles=Msg.join(", ", won) if won else Msg("no titles"))
        if not state.taken and state.stage and not any(state.counts) and not won:  # a reign begins
            titles = Msg.join(", ", [_titled(p, t) for p, t in enumerate(state.titles)])
            return Msg.join("\n      ", [Msg("{trick}; titles {titles}", trick=text, titles=titles),
                                        self.describe(state)])
        text = Msg("{trick}; tricks {counts}", trick=text, counts=" ".join(map(str, state.counts)))
        if won:
            text = Msg.join("; ", [text, Msg.join(", ", won)])
        if not state.taken:  # a new deal (or a new stage) has begun
            text = Msg.join("\n      ", [text, self.describe(state)])
        return text


def _titled(p: int, t: int) -> Msg:
    """A player and his title, for the game log: ``P2 prince``."""
    return Msg("P{player} {title}", player=p, title=Msg(TITLES[t]))


GAME = Koroli
