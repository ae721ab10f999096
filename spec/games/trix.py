"""Trix (Трикс): five contracts over twenty deals, four players, 52 cards.

Source: ``003_7a0ed7952c70980c.txt``, "(untitled) Trix" (lines 124-147).

Each deal is played under one of five contracts. Four are trick-taking
contracts in which certain cards or tricks cost points (King, Diamonds,
Girls, Collections); the fifth, the Trix contract (Клещи), is a shedding game
in which the first players to empty their hands score. A full game is twenty
deals in which every player chooses every contract once; the points of the
five contracts add up to zero.

Seats are numbered clockwise: P1 sits on P0's left. Play and the deal move
anticlockwise, to the right: after P2 comes P1.
"""

from __future__ import annotations

import enum
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Literal, NamedTuple

from spec.cards import SUIT_ORDER, Card, Rank, Suit, format_card, format_cards, make_deck, parse_card, sort_key
from spec.clauses import ClauseBook
from spec.engine import Game, GameInfo, Outcome, Source
from spec.errors import IllegalMove, NotationError, VariantError
from spec.rules import Table, setting
from spec.tricks import follow_suit_options, next_leader, next_seat, winning_play

INFO = GameInfo(
    id="trix",
    name_en="Trix",
    name_ru="Трикс",
    min_players=4,
    max_players=4,
    deck="52",
    family="trick-taking compendium",
    chance=True,
    hidden_information=True,
    zero_sum=True,  # the five contracts' points add up to 0 (property game_zero_sum)
    source=Source(file="003_7a0ed7952c70980c.txt", title="(untitled) Trix", lines="124-147"),
)

CLAUSES = ClauseBook(INFO.id)

PLAYERS = 4
#: A full game: twenty deals, so that each of four players chooses each of five contracts once.
N_DEALS = 20
HAND_SIZE = 13


# --------------------------------------------------------------- contracts

class Contract(enum.Enum):
    """The five contracts. The value is the word used in move notation."""

    KING = "king"
    DIAMONDS = "diamonds"
    GIRLS = "girls"
    COLLECTIONS = "collections"
    TRIX = "trix"

    @property
    def label(self) -> str:
        return self.value.capitalize()

    @property
    def russian(self) -> str:
        return _CONTRACT_RU[self]


_CONTRACT_RU = {Contract.KING: "Кинг", Contract.DIAMONDS: "Бубны", Contract.GIRLS: "Девушки",
                Contract.COLLECTIONS: "Пощечины", Contract.TRIX: "Клещи"}

#: The contracts in the source's numbering (1 to 5): the strict order.
CONTRACT_ORDER: tuple[Contract, ...] = (Contract.KING, Contract.DIAMONDS, Contract.GIRLS,
                                        Contract.COLLECTIONS, Contract.TRIX)
#: The Jordanian order: the fifth contract first, the first last.
JORDAN_ORDER: tuple[Contract, ...] = CONTRACT_ORDER[::-1]
TRICK_CONTRACTS = frozenset(CONTRACT_ORDER[:4])

KING_OF_HEARTS = Card(Rank.KING, Suit.HEARTS)
_HEARTS = Suit.HEARTS
SEVEN_OF_HEARTS = Card(Rank.SEVEN, Suit.HEARTS)

# ------------------------------------------------------------------ tables

#: Points for what is taken in the trick contracts, per scoring scheme.
#: ``source``: the main text. ``fifteen_ten``: the source's variant with 15
#: per diamond and 10 per trick.
SCORING: Mapping[str, Mapping[str, int]] = {
    "source": Table({"king": -75, "diamond": -10, "queen": -25, "trick": -15}),
    "fifteen_ten": Table({"king": -75, "diamond": -15, "queen": -25, "trick": -10}),
}

#: Points of the Trix contract by finishing place (first out scores most).
TRIX_PLACES: Mapping[int, int] = Table({1: 200, 2: 150, 3: 100, 4: 50})

#: The contract totals the source states (-75, -130, -100, -195, +500; sum 0).
STATED_TOTALS: Mapping[Contract, int] = Table({
    Contract.KING: -75, Contract.DIAMONDS: -130, Contract.GIRLS: -100,
    Contract.COLLECTIONS: -195, Contract.TRIX: 500})

#: The same totals under the 15-per-diamond / 10-per-trick variant
#: (13 x 15 and 13 x 10; the source gives the per-card figures only).
FIFTEEN_TEN_TOTALS: Mapping[Contract, int] = Table({
    Contract.KING: -75, Contract.DIAMONDS: -195, Contract.GIRLS: -100,
    Contract.COLLECTIONS: -130, Contract.TRIX: 500})

#: Contracts charged to a player who never chose them (strict-order variant).
PENALISED_CONTRACTS: tuple[Contract, ...] = CONTRACT_ORDER[:3]

ChooserRule = Literal["rotate", "seven_of_hearts", "seven_of_hearts_repeat", "kingdom"]


@dataclass(frozen=True, kw_only=True)
class Rules:
    """Parameters of Trix. The defaults are the source's rules, and the
    project's decisions where the source is silent or contradicts itself."""

    scoring: Literal["source", "fifteen_ten"] = "source"
    """Points in the trick contracts. Source: ``"source"`` -- King -75,
    -10 a diamond, -25 a queen, -15 a trick. ``"fifteen_ten"``: the source's
    variant with -15 a diamond and -10 a trick."""

    positive_negative: bool = False
    """Source variant: the first four contracts score positive points and the
    Trix contract negative ones (every sign flipped). Default: off."""

    doubling: bool = False
    """Doubling (source, main text): after the King or Girls contract is
    chosen, the holder of the K♥ (or of a queen) may double it; whoever then
    takes it scores twice the penalty, unless it is the holder, who scores the
    plain penalty. Default off (a decision): with doubling the points no
    longer add up to zero, which the source also claims (see the errata)."""

    doubling_pays_holder: bool = False
    """Not from the source (the usual Trix rule): when a doubled card is taken
    by another player, its holder gains the plain penalty (+75, +25), so the
    deal's total is unchanged. Needs ``doubling``."""

    chooser: ChooserRule = "rotate"
    """Who chooses each deal's contract (decision; the source's two
    statements conflict, see the errata). ``"rotate"``: the holder of the 7♥
    in the first deal chooses first, then the choice passes anticlockwise one
    seat a deal, each player choosing a contract they have not chosen yet.
    ``"seven_of_hearts"``: the 7♥ holder of every deal chooses; one who has
    already chosen all five passes the choice anticlockwise to the next player
    with a contract left. ``"seven_of_hearts_repeat"``: the 7♥ holder always
    chooses, and one who has chosen all five chooses again (from all five).
    ``"kingdom"`` (the usual Trix, not from the source): the first 7♥ holder
    chooses for five deals running, then the next player anticlockwise."""

    order: Literal["free", "strict", "jordan"] = "free"
    """The order in which a player chooses their contracts. Source: ``"free"``
    -- any contract not chosen yet. ``"strict"`` (source variant): King,
    Diamonds, Girls, Collections, Trix. ``"jordan"`` (source variant): the
    reverse, Trix first and King last."""

    missed_contract_penalty: bool = False
    """Source variant (with the strict order): at the end of the game a player
    who never chose King, Diamonds or Girls is charged that contract's whole
    total (-75, -130, -100). Default: off."""

    partnership: bool = False
    """Source variant: partners sit opposite (P0 with P2, P1 with P3) and are
    scored together. Default: off (everyone for themselves)."""

    first_lead: Literal["dealer", "after_dealer", "chooser"] = "dealer"
    """Who leads to the first trick. The source does not say (decision):
    ``"dealer"``, as the dealer also starts the Trix contract."""

    hearts_lead: Literal["all_contracts", "king_only", "opening_lead"] = "all_contracts"
    """When hearts may not be led while the leader has another suit. Default
    (the reading of the source's general rule, see the errata):
    ``"all_contracts"`` -- every lead of all four trick contracts.
    ``"king_only"``: only in the King contract (the wording of the King
    paragraph, and the usual Trix). ``"opening_lead"``: only the first lead
    of each deal (a literal reading of "the first move")."""

    trix_layout: Literal["chain", "rows"] = "chain"
    """The Trix contract. Source: ``"chain"`` -- one pile; each card must be
    one rank above or below the top card, of any suit. ``"rows"`` (the usual
    Trix layout, not from the source): four suit rows built from the jacks,
    up to the ace and down to the 2."""

    trix_wrap: bool = False
    """Chain only: whether the ace and the 2 count as neighbours. The source
    lists the ranks 2 to ace and says nothing of wrapping (decision: no)."""

    trix_all_pass: Literal["restart", "end_deal"] = "restart"
    """Chain only: what happens when every player still holding cards has
    passed in a row (the source is silent; decision). ``"restart"``: the next
    player starts afresh with any card. ``"end_deal"``: the contract stops,
    and players still holding cards score nothing."""

    trix_direction: Literal["clockwise", "anticlockwise"] = "clockwise"
    """Turn order in the Trix contract. Source: ``"clockwise"`` -- the only
    contract the source plays clockwise (see the errata)."""

    redeal_limit: int = setting(3, range=(0, 10))
    """How many times one Trix deal may be redealt at a player's demand
    (four 2s, or three 2s and the 3 of the fourth suit). The source sets no
    limit; decision: three, so every game provably ends. 0 turns redeals off."""

    def __post_init__(self) -> None:
        if self.doubling_pays_holder and not self.doubling:
            raise VariantError("doubling_pays_holder", "needs doubling = true", "true only with doubling")
        if self.trix_layout == "rows" and self.trix_wrap:
            raise VariantError("trix_wrap", "the rows layout does not wrap", "false with trix_layout 'rows'")


#: Named presets for ``--variant NAME``.
PRESETS: dict[str, dict] = {
    "strict": {"order": "strict", "missed_contract_penalty": True},
    "fifteen_ten": {"scoring": "fifteen_ten"},
    "positive_negative": {"positive_negative": True},
    "jordan": {"order": "jordan"},
    "partnership": {"partnership": True},
    "doubling": {"doubling": True},
    "rows": {"trix_layout": "rows"},
    "seven_of_hearts": {"chooser": "seven_of_hearts_repeat", "order": "strict", "missed_contract_penalty": True},
    "usual": {"chooser": "kingdom", "hearts_lead": "king_only", "trix_layout": "rows",
              "trix_direction": "anticlockwise", "doubling": True, "doubling_pays_holder": True},
}


# ------------------------------------------------------------------- moves

@dataclass(frozen=True)
class Announce:
    """A doubling announcement: the holder of ``card`` doubles it or not."""

    card: Card
    double: bool


PASS = "pass"          # Trix contract: no card can be laid
REDEAL = "redeal"      # Trix contract: demand a new deal
KEEP = "noredeal"      # Trix contract: decline a redeal one could demand

Move = Card | Contract | Announce | str

CHOOSE, ANNOUNCE, REDEALING, PLAY, OVER = "choose", "announce", "redeal", "play", "over"


# ------------------------------------------------------------------- state

class DealResult(NamedTuple):
    """One finished deal: the contract, who chose it and everyone's points."""

    contract: Contract
    chooser: int
    scores: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Progress:
    """The part of a position that changes only between phases and deals."""

    seed: int
    deal_no: int                 # 0-based
    dealer: int
    first_chooser: int           # holder of the 7♥ in the first deal
    chooser: int
    contract: Contract | None
    phase: str                   # choose, announce, redeal, play, over
    chosen: tuple[tuple[Contract, ...], ...]   # per player, in the order chosen
    totals: tuple[int, ...]
    history: tuple[DealResult, ...]
    doubled: tuple[tuple[Card, int], ...]      # (card, holder) doubled in this deal
    pending: tuple                             # cards to announce / seats asked about a redeal
    redeals: int


@dataclass(frozen=True, slots=True)
class State:
    """A position. ``trick`` holds (player, card) plays; ``layout`` the cards
    laid in the Trix contract (the top card last); ``ends`` the rows'
    (lowest, highest) rank per suit in the rows layout."""

    game: Progress
    hands: tuple[tuple[Card, ...], ...]
    to_move: int | None
    trick: tuple[tuple[int, Card], ...]
    taken: tuple[tuple[Card, ...], ...]
    layout: tuple[Card, ...]
    ends: tuple
    passes: int
    finished: tuple[int, ...]


# ----------------------------------------------------------------- clauses

CLAUSES.note("trix-players", "Four players, a 52-card pack, ranks 2 (low) to ace (high)", "spec.games.trix.Trix")


@CLAUSES.rule("trix-direction", "Play and the deal move anticlockwise (to the right)")
def next_player(seat: int) -> int:
    return next_seat(seat, PLAYERS, -1)


@CLAUSES.rule("trix-deal", "The first dealer is chosen by lot; then the deal passes anticlockwise; "
              "13 cards each, one at a time")
def deal_order(dealer: int) -> tuple[int, ...]:
    """Seats in dealing order: from the dealer's right, anticlockwise, dealer last."""
    return tuple(next_seat(dealer, PLAYERS, -(i + 1)) for i in range(PLAYERS))


_NEXT = tuple(next_player(p) for p in range(PLAYERS))


def next_dealer(dealer: int) -> int:
    return next_player(dealer)


CLAUSES.note("trix-twenty-deals", "A game is twenty deals; each player chooses each of the five contracts once",
             "spec.games.trix.N_DEALS")


@CLAUSES.rule("trix-chooser", "Who chooses the contract: the 7♥ holder of the first deal, then in turn anticlockwise")
def designated_chooser(rule: ChooserRule, deal_no: int, first: int, holder: int,
                       counts: Sequence[int]) -> int:
    """The player who chooses the contract of deal ``deal_no`` (0-based).

    ``first`` held the 7♥ in the first deal, ``holder`` holds it now;
    ``counts`` is how many contracts each player has chosen so far.
    """
    if rule == "rotate":
        return next_seat(first, PLAYERS, -deal_no)
    if rule == "kingdom":
        return next_seat(first, PLAYERS, -(deal_no // len(CONTRACT_ORDER)))
    if rule == "seven_of_hearts":
        for step in range(PLAYERS):
            seat = next_seat(holder, PLAYERS, -step)
            if counts[seat] < len(CONTRACT_ORDER):
                return seat
    return holder


def choice_order(rules: Rules) -> tuple[Contract, ...]:
    return JORDAN_ORDER if rules.order == "jordan" else CONTRACT_ORDER


@CLAUSES.rule("trix-contract-choice", "The chooser names a contract they have not chosen before "
              "(in the strict orders: the next one)")
def contract_options(chosen: Sequence[Contract], rules: Rules) -> tuple[Contract, ...]:
    """The contracts a chooser who has already chosen ``chosen`` may name."""
    order = choice_order(rules)
    if rules.order != "free":
        return (order[len(chosen) % len(order)],)
    left = tuple(c for c in order if c not in chosen)
    return left if left else order


@CLAUSES.rule("trix-first-lead", "The dealer leads to the first trick (a decision)")
def first_leader(rule: str, dealer: int, chooser: int) -> int:
    if rule == "chooser":
        return chooser
    if rule == "after_dealer":
        return next_player(dealer)
    return dealer


@CLAUSES.rule("trix-follow-suit", "Follow suit if you can; otherwise play any card")
def follow_options(hand: tuple[Card, ...], led: Suit) -> tuple[Card, ...]:
    """The shared rule :func:`spec.tricks.follow_suit_options`."""
    return follow_suit_options(hand, led)


@CLAUSES.rule("trix-hearts-lead", "Hearts may not be led while the leader holds another suit")
def lead_options(hand: tuple[Card, ...], contract: Contract, first_trick: bool, rules: Rules) -> tuple[Card, ...]:
    """The cards a player may lead to a trick."""
    where = rules.hearts_lead
    if where != "all_contracts" and (contract is not Contract.KING if where == "king_only" else not first_trick):
        return hand
    others = [c for c in hand if c[1] is not _HEARTS]
    return tuple(others) if others else hand


@CLAUSES.rule("trix-trick-winner", "The highest card of the suit led wins the trick; there are no trumps")
def trick_taker(plays: Sequence[tuple[int, Card]]) -> int:
    return winning_play(plays, None)[0]


CLAUSES.note("trix-next-leader", "The winner of a trick leads to the next", "spec.tricks.next_leader")


@CLAUSES.rule("trix-card-points", "King: the K♥ costs 75; Diamonds: 10 a diamond; Girls: 25 a queen")
def card_points(contract: Contract, card: Card, rules: Rules) -> int:
    """Points to whoever takes ``card`` in a trick, before any doubling."""
    table = SCORING[rules.scoring]
    if contract is Contract.KING:
        base = table["king"] if card == KING_OF_HEARTS else 0
    elif contract is Contract.DIAMONDS:
        base = table["diamond"] if card.suit is Suit.DIAMONDS else 0
    elif contract is Contract.GIRLS:
        base = table["queen"] if card.rank is Rank.QUEEN else 0
    else:
        base = 0
    return -base if rules.positive_negative else base


@CLAUSES.rule("trix-trick-points", "Collections: 15 for every trick taken")
def trick_points(contract: Contract, rules: Rules) -> int:
    base = SCORING[rules.scoring]["trick"] if contract is Contract.COLLECTIONS else 0
    return -base if rules.positive_negative else base


CLAUSES.note("trix-open-cards", "Diamonds and queens taken lie face up in front of their taker "
             "(public information; no effect on legal play)")


@CLAUSES.rule("trix-doubling", "The holder of the K♥ (of a queen) may double it: the taker scores double, "
              "or the plain penalty if it is the holder")
def may_double(contract: Contract, card: Card, rules: Rules) -> bool:
    if not rules.doubling:
        return False
    if contract is Contract.KING:
        return card == KING_OF_HEARTS
    return contract is Contract.GIRLS and card.rank is Rank.QUEEN


def doubled_award(base: int, holder: int, taker: int, rules: Rules) -> tuple[tuple[int, int], ...]:
    """(player, points) for a doubled card worth ``base`` taken by ``taker``."""
    if taker == holder:
        return ((taker, base),)
    if rules.doubling_pays_holder:
        return ((taker, 2 * base), (holder, -base))
    return ((taker, 2 * base),)


@CLAUSES.rule("trix-trix-start", "Trix contract: the dealer starts with a jack, or any card if they hold no jack")
def opening_cards(hand: tuple[Card, ...]) -> tuple[Card, ...]:
    jacks = tuple(c for c in hand if c.rank is Rank.JACK)
    return jacks if jacks else hand


@CLAUSES.rule("trix-trix-chain", "Trix contract: lay a card one rank above or below the top card, any suit")
def adjacent(rank: int, top: int, wrap: bool) -> bool:
    d = abs(rank - top)
    return d == 1 or (wrap and d == 12)


@CLAUSES.rule("trix-trix-rows", "Usual layout (not from the source): jacks start four suit rows, "
              "built up to the ace and down to the 2")
def rows_playable(card: Card, ends: tuple) -> bool:
    """Whether ``card`` can be laid on rows whose (low, high) ranks per suit are ``ends``."""
    row = ends[_SUIT_INDEX[card.suit]]
    if row is None:
        return card.rank is Rank.JACK
    return card.rank == row[0] - 1 or card.rank == row[1] + 1


@CLAUSES.rule("trix-trix-pass", "Trix contract: a player who cannot lay a card passes (and only then)")
def with_pass(options: tuple[Card, ...]) -> tuple:
    return options if options else (PASS,)


@CLAUSES.rule("trix-trix-all-pass", "Trix contract: when every player still holding cards has passed, "
              "the next player starts afresh with any card (a decision)")
def all_passed(passes: int, active: int) -> bool:
    return passes >= active


@CLAUSES.rule("trix-trix-turn", "Trix contract: play goes clockwise (as the source says)")
def trix_next(seat: int, hands: Sequence[tuple[Card, ...]], rules: Rules) -> int:
    """The next player holding cards, in the Trix contract's direction."""
    step = 1 if rules.trix_direction == "clockwise" else -1
    for i in range(1, PLAYERS + 1):
        nxt = (seat + step * i) % PLAYERS
        if hands[nxt]:
            return nxt
    return seat


@CLAUSES.rule("trix-trix-places", "Trix contract: +200, +150, +100, +50 in the order players run out")
def place_points(place: int, rules: Rules) -> int:
    """Points for finishing ``place`` (1 to 4)."""
    pts = TRIX_PLACES[place]
    return -pts if rules.positive_negative else pts


@CLAUSES.rule("trix-trix-last", "Trix contract: when one player is left holding cards, they take the last place "
              "and the contract ends")
def trix_finished(hands: Sequence[tuple[Card, ...]]) -> bool:
    return sum(1 for h in hands if h) <= 1


@CLAUSES.rule("trix-redeal", "Trix contract: a player with four 2s, or three 2s and the 3 of the fourth suit, "
              "may demand a redeal")
def may_demand_redeal(hand: tuple[Card, ...]) -> bool:
    twos = {c.suit for c in hand if c.rank is Rank.TWO}
    if len(twos) == 4:
        return True
    if len(twos) == 3:
        missing = next(s for s in SUIT_ORDER if s not in twos)
        return Card(Rank.THREE, missing) in hand
    return False


@CLAUSES.rule("trix-missed-penalty", "Strict-order variant: a player who never chose King, Diamonds or Girls "
              "is charged its total")
def missed_penalties(chosen: Sequence[Sequence[Contract]], rules: Rules) -> tuple[int, ...]:
    if not rules.missed_contract_penalty:
        return (0,) * PLAYERS
    return tuple(sum(stated_total(k, rules) for k in PENALISED_CONTRACTS if k not in mine) for mine in chosen)


CLAUSES.note("trix-zero-sum", "The five contracts' points add up to 0 (-75, -130, -100, -195, +500)",
             "spec.games.trix.stated_total")


def stated_total(contract: Contract, rules: Rules) -> int:
    """A contract's total as the source states it (adjusted for its variants)."""
    table = FIFTEEN_TEN_TOTALS if rules.scoring == "fifteen_ten" else STATED_TOTALS
    return -table[contract] if rules.positive_negative else table[contract]


@CLAUSES.rule("trix-partnership", "Partnership variant: partners sit opposite and are scored together")
def final_scores(totals: Sequence[int], rules: Rules) -> tuple[int, ...]:
    """Each player's final score: their own, or their pair's in partnership."""
    if not rules.partnership:
        return tuple(totals)
    return tuple(totals[p] + totals[(p + 2) % PLAYERS] for p in range(PLAYERS))


@CLAUSES.rule("trix-winner", "After twenty deals the highest score wins")
def winners(scores: Sequence[int]) -> tuple[int, ...]:
    best = max(scores)
    return tuple(p for p, s in enumerate(scores) if s == best)


_SUIT_INDEX = {s: i for i, s in enumerate(SUIT_ORDER)}
_DECK = make_deck("52")


def deal_hands(seed: int, deal_no: int, redeals: int, dealer: int) -> tuple[tuple[Card, ...], ...]:
    """The hands of a deal: a shuffle derived from the game seed, the deal
    number and the number of redeals, dealt one card at a time."""
    rng = random.Random((seed * 1_000_003 + deal_no) * 101 + redeals)
    cards = list(_DECK)
    rng.shuffle(cards)
    hands: list[list[Card]] = [[] for _ in range(PLAYERS)]
    order = deal_order(dealer)
    for i, card in enumerate(cards):
        hands[order[i % PLAYERS]].append(card)
    return tuple(tuple(sorted(h, key=sort_key)) for h in hands)


def holder_of(hands: Sequence[tuple[Card, ...]], card: Card) -> int:
    return next(p for p, h in enumerate(hands) if card in h)


def _without(hand: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    i = hand.index(card)
    return hand[:i] + hand[i + 1:]


# -------------------------------------------------------------------- game

class Trix(Game[State, Move]):
    info = INFO
    Rules = Rules

    # ---- scoring hooks (the verifier's z3 models call these same methods)
    def card_points(self, contract: Contract, card: Card) -> int:
        """Points to whoever takes ``card`` under ``contract`` (:func:`card_points`)."""
        return card_points(contract, card, self.rules)

    def trick_points(self, contract: Contract) -> int:
        """Points for each trick taken under ``contract`` (:func:`trick_points`)."""
        return trick_points(contract, self.rules)

    def place_points(self, place: int) -> int:
        """Points for finishing the Trix contract in ``place`` (:func:`place_points`)."""
        return place_points(place, self.rules)

    def card_award(self, contract: Contract, card: Card, taker: int,
                   holder: int | None = None) -> tuple[tuple[int, int], ...]:
        """(player, points) for ``card`` taken by ``taker``; ``holder`` doubled it, if anyone did."""
        base = self.card_points(contract, card)
        if not base:
            return ()
        if holder is None:
            return ((taker, base),)
        return doubled_award(base, holder, taker, self.rules)

    def deal_scores(self, contract: Contract, taken: Sequence[tuple[Card, ...]], finished: Sequence[int],
                    doubled: Sequence[tuple[Card, int]] = ()) -> tuple[int, ...]:
        """Everyone's points for a finished deal."""
        scores = [0] * PLAYERS
        if contract is Contract.TRIX:
            for place, p in enumerate(finished, 1):
                scores[p] += self.place_points(place)
            return tuple(scores)
        holders = dict(doubled)
        per_trick = self.trick_points(contract)
        for p in range(PLAYERS):
            for card in taken[p]:
                for q, pts in self.card_award(contract, card, p, holders.get(card)):
                    scores[q] += pts
            scores[p] += per_trick * (len(taken[p]) // PLAYERS)
        return tuple(scores)

    # ---- predicates the properties mutate
    def designated_chooser(self, deal_no: int, first: int, holder: int, counts: Sequence[int]) -> int:
        """Who chooses the contract of deal ``deal_no`` (:func:`designated_chooser`)."""
        return designated_chooser(self.rules.chooser, deal_no, first, holder, counts)

    def contract_options(self, chosen: Sequence[Contract]) -> tuple[Contract, ...]:
        """What a player who has chosen ``chosen`` may choose (:func:`contract_options`)."""
        return contract_options(chosen, self.rules)

    def rows_playable(self, card: Card, ends: tuple) -> bool:
        """Whether ``card`` fits the rows layout (:func:`rows_playable`)."""
        return rows_playable(card, ends)

    def chain_playable(self, card: Card, top: Card) -> bool:
        """Whether ``card`` may go on ``top`` in the chain (:func:`adjacent`)."""
        return adjacent(card.rank, top.rank, self.rules.trix_wrap)

    def _chain_options(self, hand: tuple[Card, ...], top: Card) -> tuple[Card, ...]:
        """The cards of ``hand`` that may go on ``top`` (a cached table of :meth:`chain_playable`)."""
        table = self.__dict__.get("_chain_table")
        if table is None:
            table = self._chain_table = {(c, t): self.chain_playable(c, t) for c in _DECK for t in _DECK}
        return tuple([c for c in hand if table[c, top]])

    # ---- set-up
    def deal(self, seed: int) -> State:
        dealer = random.Random(seed).randrange(PLAYERS)
        hands = deal_hands(seed, 0, 0, dealer)
        first = holder_of(hands, SEVEN_OF_HEARTS)
        return self._begin_deal(seed, 0, dealer, first, hands, ((),) * PLAYERS, (0,) * PLAYERS, ())

    def _begin_deal(self, seed, deal_no, dealer, first, hands, chosen, totals, history) -> State:
        holder = holder_of(hands, SEVEN_OF_HEARTS)
        chooser = self.designated_chooser(deal_no, first, holder, [len(c) for c in chosen])
        prog = Progress(seed, deal_no, dealer, first, chooser, None, CHOOSE, chosen, totals, history, (), (), 0)
        return State(prog, hands, chooser, (), ((),) * PLAYERS, (), (), 0, ())

    def _after_announcements(self, prog: Progress, hands, offer_redeal: bool = True) -> State:
        """Offer a redeal (Trix contract) or start the play."""
        g = prog
        if offer_redeal and g.contract is Contract.TRIX and g.redeals < self.rules.redeal_limit:
            asked = tuple(p for p in self._trix_seats(g.dealer, hands) if may_demand_redeal(hands[p]))
            if asked:
                prog = _prog(g, phase=REDEALING, pending=asked)
                return State(prog, hands, asked[0], (), ((),) * PLAYERS, (), (), 0, ())
        prog = _prog(g, phase=PLAY, pending=())
        if g.contract is Contract.TRIX:
            ends = (None,) * 4 if self.rules.trix_layout == "rows" else ()
            return State(prog, hands, g.dealer, (), ((),) * PLAYERS, (), ends, 0, ())
        leader = first_leader(self.rules.first_lead, g.dealer, g.chooser)
        return State(prog, hands, leader, (), ((),) * PLAYERS, (), (), 0, ())

    def _trix_seats(self, dealer: int, hands) -> tuple[int, ...]:
        step = 1 if self.rules.trix_direction == "clockwise" else -1
        return tuple((dealer + step * i) % PLAYERS for i in range(PLAYERS))

    # ---- flow
    def to_move(self, state: State) -> int | None:
        return state.to_move

    def is_over(self, state: State) -> bool:
        return state.game.phase == OVER

    def legal_moves(self, state: State) -> tuple:
        g = state.game
        phase = g.phase
        if phase == PLAY:
            if g.contract is Contract.TRIX:
                return self._trix_moves(state)
            hand = state.hands[state.to_move]
            if state.trick:
                return follow_options(hand, state.trick[0][1].suit)
            return lead_options(hand, g.contract, not any(state.taken), self.rules)
        if phase == CHOOSE:
            return self.contract_options(g.chosen[g.chooser])
        if phase == ANNOUNCE:
            card = g.pending[0]
            return (Announce(card, True), Announce(card, False))
        if phase == REDEALING:
            return (REDEAL, KEEP)
        return ()

    def active(self, state: State) -> int:
        return sum(1 for h in state.hands if h)

    def _trix_moves(self, state: State) -> tuple:
        hand = state.hands[state.to_move]
        if self.rules.trix_layout == "rows":
            ends = state.ends
            return with_pass(tuple(c for c in hand if self.rows_playable(c, ends)))
        if not state.layout:
            return opening_cards(hand)
        if all_passed(state.passes, self.active(state)):
            return hand
        return with_pass(self._chain_options(hand, state.layout[-1]))

    def trix_stalled(self, state: State) -> bool:
        """In the Trix contract's play, no player holding cards can lay one on
        the layout, with at least two players still holding cards: without an
        all-pass rule the contract could not go on."""
        g = state.game
        if g.phase != PLAY or g.contract is not Contract.TRIX or self.active(state) < 2:
            return False
        if self.rules.trix_layout == "rows":
            return not any(self.rows_playable(c, state.ends) for h in state.hands for c in h)
        if not state.layout:
            return False
        top = state.layout[-1]
        return not any(self.chain_playable(c, top) for h in state.hands for c in h)

    def check_move(self, state: State, move) -> None:
        legal = self.legal_moves(state)
        if move in legal:
            return
        text = self.format_move(move) if isinstance(move, (Card, Contract, Announce, str)) else repr(move)
        g = state.game
        p = state.to_move
        if g.phase == OVER:
            raise IllegalMove("trix-winner", "the game is over", text)
        if g.phase == CHOOSE:
            if isinstance(move, Contract):
                why = "already chosen" if move in g.chosen[p] else "not next in the order of contracts"
                raise IllegalMove("trix-contract-choice", f"P{p} may not choose {move.label}: {why}", text)
            raise IllegalMove("trix-chooser", f"P{p} must choose a contract first", text)
        if g.phase == ANNOUNCE:
            raise IllegalMove("trix-doubling", f"P{p} must say whether they double "
                              f"{format_card(g.pending[0])}", text)
        if g.phase == REDEALING:
            raise IllegalMove("trix-redeal", f"P{p} must demand a redeal or decline", text)
        if not isinstance(move, Card):
            if move == PASS:
                raise IllegalMove("trix-trix-pass" if g.contract is Contract.TRIX else "trix-follow-suit",
                                  f"P{p} can play a card and may not pass", text)
            raise IllegalMove("trix-follow-suit", f"P{p} must play a card", text)
        if move not in state.hands[p]:
            raise IllegalMove("trix-deal", f"P{p} does not hold {format_card(move)}", text)
        if g.contract is Contract.TRIX:
            if self.rules.trix_layout == "rows":
                raise IllegalMove("trix-trix-rows", f"{format_card(move)} does not fit a row", text)
            if not state.layout:
                raise IllegalMove("trix-trix-start", f"P{p} holds a jack and must start with it", text)
            raise IllegalMove("trix-trix-chain", f"{format_card(move)} is not next to "
                              f"{format_card(state.layout[-1])}", text)
        if state.trick:
            raise IllegalMove("trix-follow-suit", f"P{p} must follow {state.trick[0][1].suit.symbol}", text)
        raise IllegalMove("trix-hearts-lead", f"P{p} may not lead a heart while holding another suit", text)

    def apply(self, state: State, move) -> State:
        g = state.game
        if g.phase == PLAY:
            if g.contract is Contract.TRIX:
                return self._apply_trix(state, move)
            return self._apply_trick(state, move)
        if g.phase == CHOOSE:
            return self._apply_choice(state, move)
        if g.phase == ANNOUNCE:
            pending = g.pending[1:]
            doubled = g.doubled + (((move.card, state.to_move),) if move.double else ())
            prog = _prog(g, doubled=doubled, pending=pending)
            if pending:
                return State(prog, state.hands, holder_of(state.hands, pending[0]), (), state.taken, (), (), 0, ())
            return self._after_announcements(prog, state.hands)
        if g.phase == REDEALING:
            if move == REDEAL:
                hands = deal_hands(g.seed, g.deal_no, g.redeals + 1, g.dealer)
                return self._after_announcements(_prog(g, redeals=g.redeals + 1), hands)
            pending = g.pending[1:]
            if pending:
                return State(_prog(g, pending=pending), state.hands, pending[0], (), state.taken, (), (), 0, ())
            return self._after_announcements(g, state.hands, offer_redeal=False)
        raise IllegalMove("trix-winner", "the game is over", self.format_move(move))

    def _apply_choice(self, state: State, contract: Contract) -> State:
        g = state.game
        chosen = list(g.chosen)
        chosen[g.chooser] = chosen[g.chooser] + (contract,)
        prog = _prog(g, contract=contract, chosen=tuple(chosen))
        pending = tuple(c for c in _DECK if may_double(contract, c, self.rules)) if self.rules.doubling else ()
        if pending:
            pending = tuple(sorted(pending, key=sort_key))
            prog = _prog(prog, phase=ANNOUNCE, pending=pending)
            return State(prog, state.hands, holder_of(state.hands, pending[0]), (), state.taken, (), (), 0, ())
        return self._after_announcements(prog, state.hands)

    def _apply_trick(self, state: State, card: Card) -> State:
        p = state.to_move
        hs = state.hands
        hands = hs[:p] + (_without(hs[p], card),) + hs[p + 1:]
        trick = state.trick + ((p, card),)
        if len(trick) < PLAYERS:
            return State(state.game, hands, _NEXT[p], trick, state.taken, (), (), 0, ())
        winner = trick_taker(trick)
        tk = state.taken
        taken = tk[:winner] + (tk[winner] + tuple(c for _, c in trick),) + tk[winner + 1:]
        if not hands[winner]:
            return self._end_deal(state.game, hands, taken, (), (), ())
        return State(state.game, hands, next_leader(winner), (), taken, (), (), 0, ())

    def _apply_trix(self, state: State, move) -> State:
        p = state.to_move
        rules = self.rules
        if move == PASS:
            passes = state.passes + 1
            active = self.active(state)
            if all_passed(passes, active) and (rules.trix_all_pass == "end_deal" or rules.trix_layout == "rows"):
                return self._end_deal(state.game, state.hands, state.taken, state.layout, state.ends,
                                      state.finished)
            return State(state.game, state.hands, trix_next(p, state.hands, rules), (), state.taken,
                         state.layout, state.ends, passes, state.finished)
        hands = list(state.hands)
        hands[p] = _without(hands[p], move)
        hands = tuple(hands)
        layout = state.layout + (move,)
        ends = state.ends
        if ends:
            i = _SUIT_INDEX[move.suit]
            row = ends[i]
            r = int(move.rank)
            row = (r, r) if row is None else (min(row[0], r), max(row[1], r))
            ends = ends[:i] + (row,) + ends[i + 1:]
        finished = state.finished
        if not hands[p]:
            finished = finished + (p,)
            if trix_finished(hands):
                left = tuple(q for q in range(PLAYERS) if hands[q])
                return self._end_deal(state.game, hands, state.taken, layout, ends, finished + left)
        return State(state.game, hands, trix_next(p, hands, rules), (), state.taken, layout, ends, 0, finished)

    def _end_deal(self, g: Progress, hands, taken, layout, ends, finished) -> State:
        scores = self.deal_scores(g.contract, taken, finished, g.doubled)
        totals = tuple(a + b for a, b in zip(g.totals, scores))
        history = g.history + (DealResult(g.contract, g.chooser, scores),)
        if g.deal_no + 1 >= N_DEALS:
            pen = missed_penalties(g.chosen, self.rules)
            totals = tuple(a + b for a, b in zip(totals, pen))
            prog = _prog(g, phase=OVER, totals=totals, history=history, pending=())
            return State(prog, hands, None, (), taken, layout, ends, 0, finished)
        dealer = next_dealer(g.dealer)
        new_hands = deal_hands(g.seed, g.deal_no + 1, 0, dealer)
        return self._begin_deal(g.seed, g.deal_no + 1, dealer, g.first_chooser, new_hands, g.chosen, totals,
                                history)

    def outcome(self, state: State) -> Outcome:
        if not self.is_over(state):
            raise ValueError("the game is not over")
        scores = final_scores(state.game.totals, self.rules)
        best = winners(scores)
        return Outcome(winners=best, scores=scores, draw=len(best) == PLAYERS)

    def zones(self, state: State) -> dict[str, tuple[Card, ...]]:
        z = {f"hand {i}": h for i, h in enumerate(state.hands)}
        z.update({f"taken {i}": t for i, t in enumerate(state.taken)})
        z["trick"] = tuple(c for _, c in state.trick)
        z["layout"] = state.layout
        return z

    def max_plays(self) -> int:
        """Per deal: one choice, at most four doubling announcements, at most
        four redeal answers per deal dealt, and at most 52 cards each preceded
        by at most four passes (after a full round of passes a card must be laid)."""
        per_deal = 1 + 4 + PLAYERS * (self.rules.redeal_limit + 1) + 52 * (1 + PLAYERS)
        return N_DEALS * per_deal

    # ---- notation
    def format_move(self, move) -> str:
        if isinstance(move, Contract):
            return move.label
        if isinstance(move, Announce):
            return ("double " if move.double else "nodouble ") + format_card(move.card)
        if isinstance(move, str):
            return move
        return format_card(move)

    def parse_move(self, text: str):
        t = text.strip()
        low = t.lower()
        for c in Contract:
            if low in (c.value, c.russian.lower()):
                return c
        if low in (PASS, "пас"):
            return PASS
        if low in (REDEAL, KEEP):
            return low
        word, _, rest = low.partition(" ")
        if word in ("double", "nodouble") and rest:
            return Announce(parse_card(t.split(None, 1)[1]), word == "double")
        try:
            return parse_card(t)
        except NotationError:
            raise NotationError(f"cannot read Trix move {text!r}: a card (7♥), a contract (King, Diamonds, "
                                f"Girls, Collections, Trix), 'double K♥' / 'nodouble K♥', 'pass', "
                                f"'redeal' or 'noredeal'") from None

    def describe(self, state: State) -> str:
        g = state.game
        head = f"deal {g.deal_no + 1}/{N_DEALS}, dealer P{g.dealer}"
        if g.contract is not None:
            head += f", {g.contract.label} chosen by P{g.chooser}"
        else:
            head += f", P{g.chooser} to choose"
        if g.doubled:
            head += ", doubled " + format_cards(c for c, _ in g.doubled)
        head += f"; totals {' '.join(str(t) for t in g.totals)}"
        if state.to_move is not None:
            head += f"; P{state.to_move} to move"
        return head + "; " + super().describe(state)

    def describe_move(self, state: State) -> str:
        g = state.game
        if g.phase == CHOOSE and g.history:
            last = g.history[-1]
            return (f"deal over ({last.contract.label}): {' '.join(str(s) for s in last.scores)}; "
                    f"P{g.chooser} chooses next")
        if g.phase == OVER:
            return f"game over: {self.outcome(state).describe()}"
        if g.phase == PLAY and g.contract in TRICK_CONTRACTS and not state.trick and any(state.taken):
            return f"P{state.to_move} took the trick"
        return ""


def _prog(g: Progress, **changes) -> Progress:
    """A copy of ``g`` with some fields changed (kept off the per-card hot path)."""
    values = {f: getattr(g, f) for f in Progress.__slots__}
    values.update(changes)
    return Progress(**values)


GAME = Trix
