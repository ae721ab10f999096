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
import functools
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Literal, NamedTuple

from spec.cards import (
    SUIT_ORDER, Card, Rank, Suit, as_card, as_cards, check_named_once, format_card, format_cards, make_deck, sort_key,
)
from spec.clauses import ClauseBook
from spec.dealing import Match, deal_round_robin, rng_for, seats_from, sorted_hand
from spec.engine import Game, GameInfo, Outcome, Source, replace
from spec.errors import NotationError, VariantError
from spec.i18n import N_, Msg
from spec.moves import codec, move
from spec.rules import Table, setting
from spec.tricks import Duties, TrickOrder, next_seat

INFO = GameInfo(
    id="trix",
    name_en="Trix",
    name_ru="Трикс",
    min_players=4,
    max_players=4,
    deck="52",
    family=N_("trick-taking compendium"),
    chance=True,
    hidden_information=True,
    zero_sum=True,  # the five contracts' points add up to 0 (property game_zero_sum)
    source=Source(file="003_7a0ed7952c70980c.txt", title=N_("(untitled) Trix"), lines="124-147"),
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
_TRIX = Contract.TRIX

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

    redeal_limit: int = setting(3, range=(0, 10), sweep=(1,))
    """How many times one Trix deal may be redealt at a player's demand
    (four 2s, or three 2s and the 3 of the fourth suit). The source sets no
    limit; decision: three, so every game provably ends. 0 turns redeals off
    (swept at 0 and 1 too: the only threshold is whether one more redeal is allowed)."""

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
#
# One record type per move kind, written as its template. The texts are those
# of the records saved before the kernel ("King", "double K♥", "pass", "7♥"),
# so old records still replay.

def _parse_contract(text: str) -> Contract:
    low = text.lower()
    for c in Contract:
        if low in (c.value, c.russian.lower()):
            return c
    raise NotationError(Msg("{text} is not a contract; contracts: King, Diamonds, Girls, Collections, Trix",
                            text=repr(text)))


# contracts are read in English or Russian and written in English
codec(Contract, "|".join(re.escape(w) for c in Contract for w in (c.value, c.russian)), _parse_contract,
      lambda c: c.label)


@move("{contract}")
class Choose:
    """The chooser names the deal's contract."""

    contract: Contract


@move("double {card}")
class Double:
    """The holder of a doublable card (K♥ in King, a queen in Girls) doubles it."""

    card: Card


@move("nodouble {card}")
class NoDouble:
    """The holder of a doublable card leaves it undoubled."""

    card: Card


@move("redeal")
class Redeal:
    """Trix contract: a player with the right 2s demands a new deal."""


@move("noredeal")
class KeepDeal:
    """Trix contract: a player who may demand a redeal declines."""


@move("pass", "пас")
class Pass:
    """Trix contract: a player who cannot lay a card passes."""


@move("{card}")
class Lay:
    """A card played to a trick or laid in the Trix contract."""

    card: Card


PASS, REDEAL, KEEP = Pass(), Redeal(), KeepDeal()
Move = Choose | Double | NoDouble | Redeal | KeepDeal | Pass | Lay

CHOOSE, ANNOUNCE, REDEALING, PLAY, OVER = "choose", "announce", "redeal", "play", "over"

#: The move kinds of each phase.
PHASE_KINDS: Mapping[str, tuple[type, ...]] = {
    CHOOSE: (Choose,), ANNOUNCE: (Double, NoDouble), REDEALING: (Redeal, KeepDeal), PLAY: (Lay, Pass)}

# moves built once: random play hands out these same objects
_DECK = make_deck("52")
LAYS: Mapping[Card, Lay] = {c: Lay(c) for c in _DECK}
_LAY = LAYS.__getitem__
CHOICES: Mapping[Contract, Choose] = {k: Choose(k) for k in Contract}
ANSWERS: Mapping[Card, tuple[Double, NoDouble]] = {c: (Double(c), NoDouble(c)) for c in _DECK}


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
    match: Match                               # running totals over the twenty deals
    history: tuple[DealResult, ...]
    doubled: tuple[tuple[Card, int], ...]      # (card, holder) doubled in this deal
    pending: tuple                             # cards to announce / seats asked about a redeal
    redeals: int

    @property
    def totals(self) -> tuple[int, ...]:
        return self.match.totals


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
    layout: tuple[Card, ...] = ()   # the last four only matter in the Trix contract (and at the end)
    ends: tuple = ()
    passes: int = 0
    finished: tuple[int, ...] = ()


# ----------------------------------------------------------------- clauses
#
# The rules are small pure functions of cards and rules (who deals, what a
# card costs, which cards may be laid). One clause, ``trix-phases``, offers
# every move: the piece that plays the deal's current step lists its moves
# with those rules, and the clause's ``refused`` names the rule a refused
# move breaks, with a sentence saying why and what is allowed.

CLAUSES.note("trix-players", "Four players, a 52-card pack, ranks 2 (low) to ace (high)", "spec.games.trix.Trix",
             unchecked="the table itself: four seats and a 52-card pack are the game's metadata; the generic "
                       "property cards_conserved checks the pack at every step")


@CLAUSES.rule("trix-direction", "Play and the deal move anticlockwise (to the right)")
def next_player(seat: int) -> int:
    return next_seat(seat, PLAYERS, -1)


@CLAUSES.rule("trix-deal", "The first dealer is chosen by lot; then the deal passes anticlockwise; "
              "13 cards each, one at a time")
def deal_order(dealer: int) -> tuple[int, ...]:
    """Seats in dealing order: from the dealer's right, anticlockwise, dealer last."""
    return seats_from(next_player(dealer), PLAYERS, -1)


_NEXT = tuple(next_player(p) for p in range(PLAYERS))


def next_dealer(dealer: int) -> int:
    return next_player(dealer)


CLAUSES.note("trix-twenty-deals", "A game is twenty deals; each player chooses each of the five contracts once",
             "spec.games.trix.Trix.end_deal")


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


#: Trix's card order and trick duties (the tricks kit): no trumps, 2 low, ace high; follow suit, nothing
#: more -- and, where the hearts rule applies, no heart led while the leader holds another suit.
ORDER = TrickOrder(None)
DUTIES = Duties(follow=True)
HEARTS_BARRED = Duties(follow=True, barred_lead=_HEARTS)


@CLAUSES.rule("trix-hearts-lead", "Hearts may not be led while the leader holds another suit")
def hearts_barred(contract: Contract, first_trick: bool, rules: Rules) -> bool:
    """Whether the bar on leading hearts applies to this lead (option ``hearts_lead``)."""
    where = rules.hearts_lead
    if where == "all_contracts":
        return True
    return contract is Contract.KING if where == "king_only" else first_trick


@CLAUSES.rule("trix-follow-suit", "Follow suit if you can; otherwise play any card")
def trick_duties(barred: bool) -> Duties:
    """The tricks kit's :class:`~spec.tricks.Duties` of a trick contract: follow suit if able, nothing
    more; leading, no heart while holding another suit when the hearts rule applies (``barred``,
    :func:`hearts_barred`)."""
    return HEARTS_BARRED if barred else DUTIES


@CLAUSES.rule("trix-trick-winner", "The highest card of the suit led wins the trick; there are no trumps")
def trick_taker(plays: Sequence[tuple[int, Card]]) -> int:
    return ORDER.winner(plays)


@CLAUSES.rule("trix-next-leader", "The winner of a trick leads to the next")
def next_leader(winner: int) -> int:
    return winner


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
             "(public information; no effect on legal play)",
             unchecked="public information with no effect on what may be played or on the score: "
                       "nothing to check")


@CLAUSES.rule("trix-doubling", "The holder of the K♥ (of a queen) may double it: the taker scores double, "
              "or the plain penalty if it is the holder")
def may_double(contract: Contract, card: Card, rules: Rules) -> bool:
    """Whether ``card`` may be doubled under ``contract`` (option ``doubling``); its holder is asked, in card
    order, and the scoring is :func:`doubled_award`."""
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


def card_award(contract: Contract, card: Card, taker: int, holder: int | None,
               rules: Rules) -> tuple[tuple[int, int], ...]:
    """(player, points) for ``card`` taken by ``taker`` (:func:`card_points`); ``holder`` doubled it, if anyone
    did (:func:`doubled_award`)."""
    base = card_points(contract, card, rules)
    if not base:
        return ()
    if holder is None:
        return ((taker, base),)
    return doubled_award(base, holder, taker, rules)


@CLAUSES.rule("trix-trix-start", "Trix contract: the dealer starts with a jack, or any card if they hold no jack")
def opening_cards(hand: tuple[Card, ...]) -> tuple[Card, ...]:
    """The cards that may start the chain: the jacks, or any card without one."""
    jacks = tuple(c for c in hand if c.rank is Rank.JACK)
    return jacks if jacks else hand


@CLAUSES.rule("trix-trix-chain", "Trix contract: lay a card one rank above or below the top card, any suit")
def adjacent(rank: int, top: int, wrap: bool) -> bool:
    """One rank apart (ace and 2 too, with ``trix_wrap``)."""
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
def with_pass(lays: tuple[Lay, ...]) -> tuple[Lay, ...] | tuple[Pass]:
    """The moves of the cards one can lay, or a pass when there are none."""
    return lays or (PASS,)


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
    """Four 2s, or three 2s and the 3 of the fourth suit."""
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


# ---------------------------------------------------------- moves and refusals

_PHASE_WORK = {CHOOSE: N_("choose the contract"), ANNOUNCE: N_("say whether they double"),
               REDEALING: N_("demand a redeal or decline"), PLAY: N_("play a card")}
_HEARTS_SCOPE = {"all_contracts": "", "king_only": N_(" in the King contract"),
                 "opening_lead": N_(" to the first trick")}


def _neighbours(top: Card, wrap: bool) -> str:
    ranks = [r for r in Rank if Rank.TWO <= r <= Rank.ACE and adjacent(int(r), int(top.rank), wrap)]
    return Msg.join(Msg(" or "), [r.label for r in ranks])


def _choice_refused(game: Trix, state: State, move: Choose) -> tuple[str, str]:
    g, rules = state.game, game.rules
    names = ", ".join(k.label for k in contract_options(g.chosen[g.chooser], rules))
    if rules.order != "free":
        return "trix-contract-choice", Msg("in the {order} order of contracts P{player} must choose {names} next, "
                                           "not {contract}", order=rules.order, player=g.chooser, names=names,
                                           contract=move.contract.label)
    return "trix-contract-choice", Msg("P{player} has already chosen {contract}; still to choose: {names}",
                                       player=g.chooser, contract=move.contract.label, names=names)


def _doubling_refused(game: Trix, state: State, move: Double | NoDouble) -> tuple[str, str]:
    card = format_card(state.game.pending[0])
    return "trix-doubling", Msg("P{player} holds {card} and is asked about it now: 'double {card}' or "
                                "'nodouble {card}'", player=state.to_move, card=card)


def _redeal_refused(game: Trix, state: State, move: Redeal) -> tuple[str, str]:
    return "trix-redeal", Msg("P{player} may not demand a redeal: that needs four 2s, or three 2s and the 3 of "
                              "the fourth suit", player=state.to_move)


def _pass_refused(game: Trix, state: State, move: Pass) -> tuple[str, str]:
    p = state.to_move
    if state.game.contract is not Contract.TRIX:
        return "trix-trix-pass", Msg("P{player} must play a card: passing is only for the Trix contract", player=p)
    layable = [m.card for m in phase_moves(game, state) if type(m) is Lay]
    return "trix-trix-pass", Msg("P{player} can lay {cards} and may not pass", player=p, cards=format_cards(layable))


def _lay_refused(game: Trix, state: State, move: Lay) -> tuple[str, str]:
    """A card of the hand the contract's rule refuses: the trick duties, or the Trix contract's layout."""
    card, p, hand, rules = move.card, state.to_move, state.hands[state.to_move], game.rules
    text = format_card(card)
    if state.game.contract is not Contract.TRIX:
        if state.trick:
            same = game.tricks.duties[False].answers(hand, state.trick[0][1], ORDER)
            return "trix-follow-suit", Msg("{card} does not follow {suit}: P{player} holds {cards} and must follow "
                                           "suit (any card only when out of the suit led)", card=text,
                                           suit=state.trick[0][1].suit.symbol, player=p, cards=format_cards(same))
        others = game.tricks.duties[True].lead_options(hand, ORDER)
        scope = _HEARTS_SCOPE[rules.hearts_lead]
        return "trix-hearts-lead", Msg("{card} may not be led: hearts may not be led{scope} while P{player} holds "
                                       "another suit ({cards})", card=text, scope=Msg(scope) if scope else "",
                                       player=p, cards=format_cards(others))
    if rules.trix_layout == "rows":
        row = state.ends[_SUIT_INDEX[card.suit]]
        s = card.suit.symbol
        if row is None:
            return "trix-trix-rows", Msg("{card} does not fit: the {suit} row is not started, and only the J{suit} "
                                         "starts it", card=text, suit=s)
        fits = [Rank(r).label + s for r in (row[0] - 1, row[1] + 1) if Rank.TWO <= r <= Rank.ACE]
        return "trix-trix-rows", Msg("{card} does not fit the {suit} row ({low}{suit} to {high}{suit}): only {fits} "
                                     "can go there", card=text, suit=s, low=Rank(row[0]).label,
                                     high=Rank(row[1]).label,
                                     fits=Msg.join(Msg(" or "), fits) if fits else Msg("nothing"))
    if not state.layout:
        jacks = [c for c in hand if c.rank is Rank.JACK]
        return "trix-trix-start", Msg("{card} cannot start the Trix contract: P{player} holds {cards} and must start "
                                      "with a jack", card=text, player=p, cards=format_cards(jacks))
    top = state.layout[-1]
    return "trix-trix-chain", Msg("{card} is not next to {top}: lay a card one rank above or below the top card "
                                  "({ranks}, any suit)", card=text, top=format_card(top),
                                  ranks=_neighbours(top, rules.trix_wrap))


_REFUSED = {Choose: _choice_refused, Double: _doubling_refused, NoDouble: _doubling_refused,
            Redeal: _redeal_refused, Pass: _pass_refused, Lay: _lay_refused}


def _refused(game: Trix, state: State, move: Move) -> tuple[str, str]:
    """Which clause refuses ``move``, and why: a move out of its step, or of a card not held (``trix-phases``),
    else the rule of the step that leaves it out."""
    g, p = state.game, state.to_move
    if type(move) not in PHASE_KINDS[g.phase]:
        allowed = ", ".join(str(m) for m in phase_moves(game, state))
        return "trix-phases", Msg("P{player} must {work} now ({allowed})", player=p, work=Msg(_PHASE_WORK[g.phase]),
                                  allowed=allowed)
    if type(move) is Lay and move.card not in state.hands[p]:
        return "trix-phases", Msg("P{player} does not hold {card}", player=p, card=format_card(move.card))
    return _REFUSED[type(move)](game, state, move)


@CLAUSES.rule("trix-phases", "Each deal: the contract is chosen, the doubling holders answer, redeals are "
              "demanded, then the cards are played; a move only in its phase, with one's own cards",
              offers=(Choose, Double, NoDouble, Redeal, KeepDeal, Pass, Lay), refused=_refused)
def phase_moves(game: Trix, state: State) -> tuple[Move, ...]:
    """The moves of the deal's current step, listed by the piece that plays it with the rules above:
    the choice (:meth:`ChoicePhase.moves`), the trick contracts (:meth:`TrickContract.moves`) or the
    Trix contract (:meth:`LayoutContract.moves`)."""
    g = state.game
    if g.phase == PLAY:  # contracts are compared by identity: an Enum's hash is slow on this hot path
        return game.layout.moves(state) if g.contract is _TRIX else game.tricks.moves(state)
    if g.phase == OVER:
        return ()
    return game.choice.moves(state)


_SUIT_INDEX = {s: i for i, s in enumerate(SUIT_ORDER)}


def deal_hands(seed: int, deal_no: int, redeals: int, dealer: int) -> tuple[tuple[Card, ...], ...]:
    """The hands of a deal: a shuffle derived from the game seed, the deal
    number and the number of redeals, dealt one card at a time."""
    cards = list(_DECK)
    rng_for(seed, deal_no, redeals, radix=DEAL_RADIX).shuffle(cards)
    return tuple(sorted_hand(h) for h in deal_round_robin(cards, deal_order(dealer), HAND_SIZE))


def first_dealer(seed: int) -> int:
    """The first dealer, drawn by lot from the game seed."""
    return rng_for(seed).randrange(PLAYERS)


#: How a shuffle's seed is derived from the game seed, the deal number and the
#: number of redeals (kept from the first version, whose records must replay).
DEAL_RADIX = (1_000_003, 101)


def holder_of(hands: Sequence[tuple[Card, ...]], card: Card) -> int:
    return next(p for p, h in enumerate(hands) if card in h)


def _without(hand: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    i = hand.index(card)
    return hand[:i] + hand[i + 1:]


def _prog(g: Progress, **changes) -> Progress:
    """A copy of ``g`` with some fields changed (kept off the per-card hot path)."""
    values = {f: getattr(g, f) for f in Progress.__slots__}
    values.update(changes)
    return Progress(**values)


# ------------------------------------------------------------ the pieces
#
# The game is three pieces and a thin :class:`Trix` that hands each phase to
# its piece; each piece applies the rules above (the module's clauses, called
# by name, so that a test breaks one with ``CLAUSES.replaced``).

class Part:
    """A piece of the game: it reads the rules and may call the other pieces."""

    def __init__(self, game: Trix):
        self.game = game
        self.rules = game.rules


class ChoicePhase(Part):
    """From the deal to the first card: who chooses the contract and what they
    may choose, the doubling announcements, and redeal demands."""

    def begin_deal(self, seed, deal_no, dealer, first, hands, chosen, match, history) -> State:
        holder = holder_of(hands, SEVEN_OF_HEARTS)
        chooser = designated_chooser(self.rules.chooser, deal_no, first, holder, [len(c) for c in chosen])
        prog = Progress(seed, deal_no, dealer, first, chooser, None, CHOOSE, chosen, match, history, (), (), 0)
        return State(prog, hands, chooser, (), ((),) * PLAYERS)

    def moves(self, state: State) -> tuple:
        """The contracts the chooser may name (:func:`contract_options`); the answers about the next card to
        announce (:func:`may_double` made the list); a redeal, if the hand allows it
        (:func:`may_demand_redeal`), or keeping the deal."""
        g = state.game
        if g.phase == CHOOSE:
            return tuple(CHOICES[k] for k in contract_options(g.chosen[g.chooser], self.rules))
        if g.phase == ANNOUNCE:
            return ANSWERS[g.pending[0]]
        return (REDEAL, KEEP) if may_demand_redeal(state.hands[state.to_move]) else (KEEP,)

    def apply(self, state: State, move) -> State:
        phase = state.game.phase
        if phase == CHOOSE:
            return self._choose(state, move)
        if phase == ANNOUNCE:
            return self._announce(state, move)
        return self._answer_redeal(state, move)

    def _choose(self, state: State, move: Choose) -> State:
        g, contract = state.game, move.contract
        chosen = list(g.chosen)
        chosen[g.chooser] = chosen[g.chooser] + (contract,)
        prog = _prog(g, contract=contract, chosen=tuple(chosen))
        pending = (tuple(sorted((c for c in _DECK if may_double(contract, c, self.rules)), key=sort_key))
                   if self.rules.doubling else ())
        if pending:
            prog = _prog(prog, phase=ANNOUNCE, pending=pending)
            return State(prog, state.hands, holder_of(state.hands, pending[0]), (), state.taken)
        return self._after_announcements(prog, state.hands)

    def _announce(self, state: State, move: Double | NoDouble) -> State:
        g = state.game
        pending = g.pending[1:]
        doubled = g.doubled + (((move.card, state.to_move),) if type(move) is Double else ())
        prog = _prog(g, doubled=doubled, pending=pending)
        if pending:
            return State(prog, state.hands, holder_of(state.hands, pending[0]), (), state.taken)
        return self._after_announcements(prog, state.hands)

    def _answer_redeal(self, state: State, move) -> State:
        # One seat at most is ever asked: a redeal needs three 2s or more, and a deal has four.
        g = state.game
        if type(move) is Redeal:
            hands = deal_hands(g.seed, g.deal_no, g.redeals + 1, g.dealer)
            return self._after_announcements(_prog(g, redeals=g.redeals + 1), hands)
        return self._after_announcements(g, state.hands, offer_redeal=False)

    def _after_announcements(self, g: Progress, hands, offer_redeal: bool = True) -> State:
        """Offer a redeal (Trix contract), or hand the deal to its contract."""
        if offer_redeal and g.contract is Contract.TRIX and g.redeals < self.rules.redeal_limit:
            # the order of asking never matters: at most one hand holds three 2s or more
            asked = tuple(p for p in range(PLAYERS) if may_demand_redeal(hands[p]))
            if asked:
                prog = _prog(g, phase=REDEALING, pending=asked)
                return State(prog, hands, asked[0], (), ((),) * PLAYERS)
        return self.game.play_of(g.contract).start(_prog(g, phase=PLAY, pending=()), hands)


class TrickContract(Part):
    """King, Diamonds, Girls and Collections: thirteen tricks without trumps,
    in which what a player takes costs points."""

    def scores(self, contract: Contract, taken: Sequence[tuple[Card, ...]],
               doubled: Sequence[tuple[Card, int]] = ()) -> tuple[int, ...]:
        """Everyone's points for a finished deal of ``contract`` (:func:`card_award`, :func:`trick_points`)."""
        scores = [0] * PLAYERS
        holders = dict(doubled)
        per_trick = trick_points(contract, self.rules)
        for p in range(PLAYERS):
            for card in taken[p]:
                for q, pts in card_award(contract, card, p, holders.get(card), self.rules):
                    scores[q] += pts
            scores[p] += per_trick * (len(taken[p]) // PLAYERS)
        return tuple(scores)

    def start(self, prog: Progress, hands) -> State:
        leader = first_leader(self.rules.first_lead, prog.dealer, prog.chooser)
        return State(prog, hands, leader, (), ((),) * PLAYERS)

    def __init__(self, game: Trix):
        super().__init__(game)
        #: the trick duties (:func:`trick_duties`), without and with the bar on leading hearts
        self.duties = (trick_duties(False), trick_duties(True))

    def moves(self, state: State) -> tuple[Lay, ...]:
        """The cards the trick duties allow (leading, :func:`hearts_barred` says whether hearts are barred)."""
        trick, hand = state.trick, state.hands[state.to_move]
        if trick:  # the hearts rule is about leads only
            return tuple(map(_LAY, self.duties[0].options(hand, trick, ORDER)))
        barred = hearts_barred(state.game.contract, not any(state.taken), self.rules)
        return tuple(map(_LAY, self.duties[barred].lead_options(hand, ORDER)))

    def apply(self, state: State, move: Lay) -> State:
        card = move.card
        p = state.to_move
        hs = state.hands
        hands = hs[:p] + (_without(hs[p], card),) + hs[p + 1:]
        trick = state.trick + ((p, card),)
        if len(trick) < PLAYERS:
            return State(state.game, hands, _NEXT[p], trick, state.taken)
        winner = trick_taker(trick)
        tk = state.taken
        taken = tk[:winner] + (tk[winner] + tuple(c for _, c in trick),) + tk[winner + 1:]
        if not hands[winner]:
            return self.game.end_deal(state.game, hands, taken)
        return State(state.game, hands, next_leader(winner), (), taken)


class LayoutContract(Part):
    """The Trix contract: cards are laid on one chain (the source) or on four
    suit rows (the usual layout), and the first players out score."""

    def scores(self, finished: Sequence[int]) -> tuple[int, ...]:
        """Everyone's points for the order in which they ran out (:func:`place_points`)."""
        scores = [0] * PLAYERS
        for place, p in enumerate(finished, 1):
            scores[p] += place_points(place, self.rules)
        return tuple(scores)

    @staticmethod
    def active(state: State) -> int:
        return PLAYERS - state.hands.count(())

    def rows_of(self, layout: Sequence[Card]) -> tuple:
        """The rows' (lowest, highest) rank per suit that the cards of ``layout`` make in the rows layout (``None``
        for a row not started); ``()`` in the chain."""
        if self.rules.trix_layout != "rows":
            return ()
        ranks = [[int(c.rank) for c in layout if c.suit is suit] for suit in SUIT_ORDER]
        return tuple((min(r), max(r)) if r else None for r in ranks)

    def start(self, prog: Progress, hands) -> State:
        return State(prog, hands, prog.dealer, (), ((),) * PLAYERS, ends=self.rows_of(()))

    def moves(self, state: State) -> tuple[Lay, ...] | tuple[Pass]:
        """The cards that fit the rows (:func:`rows_playable`), start the chain (:func:`opening_cards`)
        or go on its top card (:func:`adjacent`; any card after a round of passes, :func:`all_passed`),
        else a pass (:func:`with_pass`)."""
        hand = state.hands[state.to_move]
        if self.rules.trix_layout == "rows":
            ends = state.ends
            return with_pass(tuple([LAYS[c] for c in hand if rows_playable(c, ends)]))
        if not state.layout:
            return tuple(map(_LAY, opening_cards(hand)))
        if all_passed(state.passes, self.active(state)):
            return tuple(map(_LAY, hand))
        fits = self._chain_fits[state.layout[-1]]
        return with_pass(tuple(filter(None, map(fits.get, hand))))   # the fitting cards' moves

    @functools.cached_property
    def _chain_fits(self) -> Mapping[Card, Mapping[Card, Lay]]:
        """The move of every card that may go on each top card (a table of :func:`adjacent`, built once a
        game)."""
        wrap = self.rules.trix_wrap
        return {t: {c: LAYS[c] for c in _DECK if adjacent(c.rank, t.rank, wrap)} for t in _DECK}

    def apply(self, state: State, move: Lay | Pass) -> State:
        p = state.to_move
        rules = self.rules
        if type(move) is Pass:
            passes = state.passes + 1
            if all_passed(passes, self.active(state)) and (rules.trix_all_pass == "end_deal"
                                                           or rules.trix_layout == "rows"):
                return self.game.end_deal(state.game, state.hands, state.taken, state.layout, state.finished)
            return State(state.game, state.hands, trix_next(p, state.hands, rules), (), state.taken,
                         state.layout, state.ends, passes, state.finished)
        card = move.card
        hands = list(state.hands)
        hands[p] = _without(hands[p], card)
        hands = tuple(hands)
        layout = state.layout + (card,)
        ends = state.ends
        if ends:
            i = _SUIT_INDEX[card.suit]
            row = ends[i]
            r = int(card.rank)
            row = (r, r) if row is None else (min(row[0], r), max(row[1], r))
            ends = ends[:i] + (row,) + ends[i + 1:]
        finished = state.finished
        if not hands[p]:
            finished = finished + (p,)
            if trix_finished(hands):
                left = tuple(q for q in range(PLAYERS) if hands[q])
                return self.game.end_deal(state.game, hands, state.taken, layout, finished + left)
        return State(state.game, hands, trix_next(p, hands, rules), (), state.taken, layout, ends, 0, finished)

    def stalled(self, state: State) -> bool:
        """In the Trix contract's play, no player holding cards can lay one on
        the layout, with at least two players still holding cards: without an
        all-pass rule the contract could not go on."""
        g = state.game
        if g.phase != PLAY or g.contract is not Contract.TRIX or self.active(state) < 2:
            return False
        if self.rules.trix_layout == "rows":
            return not any(rows_playable(c, state.ends) for h in state.hands for c in h)
        if not state.layout:
            return False
        fits = self._chain_fits[state.layout[-1]]
        return not any(c in fits for h in state.hands for c in h)


# -------------------------------------------------------------------- game

class Trix(Game[State, Move]):
    """The twenty-deal game. Each phase is handed to its piece: the choice
    (:class:`ChoicePhase`), the trick contracts (:class:`TrickContract`) and
    the Trix contract (:class:`LayoutContract`). Its moves are offered, and
    refused, by the clause :func:`phase_moves`."""

    info = INFO
    Rules = Rules
    move_kinds = (Pass, Redeal, KeepDeal, Choose, Double, NoDouble, Lay)
    over_clause = "trix-winner"

    def __init__(self, rules: Rules | None = None, *, players: int | None = None):
        super().__init__(rules, players=players)
        self.choice = ChoicePhase(self)
        self.tricks = TrickContract(self)
        self.layout = LayoutContract(self)

    def play_of(self, contract: Contract) -> TrickContract | LayoutContract:
        """The piece that plays ``contract``."""
        return self.layout if contract is Contract.TRIX else self.tricks

    # ---- flow
    def deal(self, seed: int) -> State:
        dealer = first_dealer(seed)
        hands = deal_hands(seed, 0, 0, dealer)
        first = holder_of(hands, SEVEN_OF_HEARTS)
        return self.choice.begin_deal(seed, 0, dealer, first, hands, ((),) * PLAYERS,
                                      Match.start(PLAYERS, max_deals=N_DEALS), ())

    def position(self, hands: Sequence[Sequence[Card] | str], contract: Contract | None = None, *,
                 phase: str | None = None, to_move: int | None = None,
                 trick: Sequence[tuple[int, Card | str]] = (), taken: Sequence[Sequence[Card] | str] | None = None,
                 layout: Sequence[Card] | str = (), passes: int = 0, finished: Sequence[int] = (),
                 dealer: int = 0, chooser: int = 0, first_chooser: int | None = None,
                 chosen: Sequence[Sequence[Contract]] | None = None, deal_no: int = 0,
                 totals: Sequence[int] = (0,) * PLAYERS, doubled: Sequence[tuple[Card | str, int]] = (),
                 pending: Sequence = (), redeals: int = 0, seed: int = 0) -> State:
        """A position of Trix: a deal of the twenty, its step, the hands and what lies on the table. How the
        tests set up play (the verifier's searches start from seeded deals).

        ``hands``: the four hands by seat, each kept in the order given (a deal sorts them). ``contract``: the
        deal's contract, ``None`` while it is being chosen. ``phase``: ``"choose"``, ``"announce"``
        (doubling), ``"redeal"``, ``"play"`` or ``"over"``; default ``"choose"`` without a contract, else
        ``"play"``. ``trick``: the trick in progress, ``(seat, card)`` in the order played. ``taken``: each
        seat's cards taken in tricks this deal. ``layout``: the Trix contract's cards laid, the first laid
        first, the top card last (in the rows layout its rows are read from these cards). ``passes``: passes
        in a row; ``finished``: the seats out of cards, in the order they ran out. ``dealer``: default P0.
        ``chooser``: who chooses (or chose) this deal's contract, default P0; ``first_chooser``: who held the
        7♥ in the first deal, default the chooser. ``chosen``: each seat's contracts chosen so far, default
        the chooser's ``contract`` alone. ``deal_no``: deals played before this one; ``totals``: their
        points by seat. ``doubled``: ``(card, holder)`` doubled this deal; ``pending``: the cards still to
        announce (announce) or the seats asked about a redeal (redeal); ``redeals``: redeals of this deal so
        far; ``seed``: the game's, for the deals to come. ``to_move``: default the chooser, the holder of the
        card announced, the seat asked, the seat after the trick's last play, else the seat that starts play
        (the dealer in the Trix contract, the first leader in the others); nobody once the game is over.
        Cards are :class:`~spec.cards.Card` values or card notation; a card named twice, or not of the 52,
        raises ``ValueError`` (:func:`~spec.cards.check_named_once`)."""
        hands, layout = tuple(map(as_cards, hands)), as_cards(layout)
        taken = tuple(map(as_cards, taken)) if taken is not None else ((),) * PLAYERS
        trick = tuple((p, as_card(c)) for p, c in trick)
        check_named_once(_DECK, *hands, tuple(c for _, c in trick), *taken, layout)
        phase = phase or (CHOOSE if contract is None else PLAY)
        if chosen is None:
            chosen = tuple((contract,) if p == chooser and contract is not None else () for p in range(PLAYERS))
        pending = as_cards(pending) if phase == ANNOUNCE else tuple(pending)
        doubled = tuple((as_card(c), p) for c, p in doubled)
        prog = Progress(seed, deal_no, dealer, chooser if first_chooser is None else first_chooser, chooser,
                        contract, phase, tuple(map(tuple, chosen)), Match(tuple(totals), deal_no, None, N_DEALS), (),
                        doubled, pending, redeals)
        ends = self.layout.rows_of(layout) if contract is _TRIX else ()
        if to_move is None and phase != OVER:
            to_move = self._first_to_move(prog, hands, trick)
        return State(prog, hands, to_move, trick, taken, layout, ends, passes, tuple(finished))

    def _first_to_move(self, g: Progress, hands, trick) -> int:
        """:meth:`position`'s default seat to move: the chooser, the holder of the card announced, the seat asked
        about a redeal, the seat after the trick's last play, else the one that starts play."""
        if g.phase == CHOOSE:
            return g.chooser
        if g.phase == ANNOUNCE:
            return holder_of(hands, g.pending[0])
        if g.phase == REDEALING:
            return g.pending[0]
        if trick:
            return next_player(trick[-1][0])
        return self.play_of(g.contract).start(g, hands).to_move   # as the deal's step into play finds it

    def to_move(self, state: State) -> int | None:
        return state.to_move

    def is_over(self, state: State) -> bool:
        return state.game.phase == OVER

    def apply(self, state: State, move: Move) -> State:
        g = state.game
        if g.phase == PLAY:
            return self.layout.apply(state, move) if g.contract is _TRIX else self.tricks.apply(state, move)
        return self.choice.apply(state, move)

    # ---- scoring and the sequence of deals
    def deal_scores(self, contract: Contract, taken: Sequence[tuple[Card, ...]], finished: Sequence[int],
                    doubled: Sequence[tuple[Card, int]] = ()) -> tuple[int, ...]:
        """Everyone's points for a finished deal."""
        if contract is Contract.TRIX:
            return self.layout.scores(finished)
        return self.tricks.scores(contract, taken, doubled)

    def end_deal(self, g: Progress, hands, taken, layout=(), finished=()) -> State:
        """Score the deal; deal the next one, or end the game after the last (the final position keeps
        the cards where they lie; the Trix contract's order of finishing is in the deal's scores)."""
        scores = self.deal_scores(g.contract, taken, finished, g.doubled)
        match = g.match.add(scores)
        history = g.history + (DealResult(g.contract, g.chooser, scores),)
        if match.over:
            pen = missed_penalties(g.chosen, self.rules)
            match = replace(match, totals=tuple(a + b for a, b in zip(match.totals, pen)))
            prog = _prog(g, phase=OVER, match=match, history=history)   # pending is () in play already
            return State(prog, hands, None, (), taken, layout)
        dealer = next_dealer(g.dealer)
        new_hands = deal_hands(g.seed, g.deal_no + 1, 0, dealer)
        return self.choice.begin_deal(g.seed, g.deal_no + 1, dealer, g.first_chooser, new_hands, g.chosen,
                                      match, history)

    def relabel(self, state: State, mapping: Mapping[Card, Card]) -> State:
        """``state`` with cards renamed (the engine's generic version, written
        out: it need not walk the history, which holds no cards)."""
        def ren(cards):
            return tuple([mapping.get(c, c) for c in cards])
        g = state.game
        # pending: the cards to announce, or the seats asked about a redeal (ints: never a card the mapping renames)
        prog = replace(g, doubled=tuple((mapping.get(c, c), h) for c, h in g.doubled), pending=ren(g.pending))
        return State(prog, tuple(ren(h) for h in state.hands), state.to_move,
                     tuple((p, mapping.get(c, c)) for p, c in state.trick), tuple(ren(t) for t in state.taken),
                     ren(state.layout), state.ends, state.passes, state.finished)

    def outcome(self, state: State) -> Outcome:
        if not self.is_over(state):
            raise ValueError("the game is not over")
        scores = final_scores(state.game.totals, self.rules)
        best = winners(scores)
        # the payoffs are the points: zero-sum when the rules are (a pair's points count for both partners)
        return Outcome(winners=best, scores=scores, draw=len(best) == PLAYERS, returns=scores)

    def standing(self, state: State) -> tuple[int, ...]:
        """The final scores of the deals played so far (a pair's together in partnership)."""
        return final_scores(state.game.totals, self.rules)

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

    # ---- notation (format and parse come from the move templates)
    def describe(self, state: State) -> str:
        return Msg("{head}; {zones}", head=describe_state(state), zones=super().describe(state))

    def describe_move(self, state: State) -> str:
        g = state.game
        if g.phase == CHOOSE and g.history:
            last = g.history[-1]
            return Msg("deal over ({contract}): {scores}; P{player} chooses next", contract=last.contract.label,
                       scores=" ".join(str(s) for s in last.scores), player=g.chooser)
        if g.phase == OVER:
            return Msg("game over: {result}", result=self.outcome(state).message())
        if g.phase == PLAY and g.contract in TRICK_CONTRACTS and not state.trick and any(state.taken):
            return Msg("P{player} took the trick", player=state.to_move)
        return ""


def describe_state(state: State) -> str:
    g = state.game
    parts = [Msg("deal {n}/{deals}, dealer P{player}", n=g.deal_no + 1, deals=N_DEALS, player=g.dealer)]
    if g.contract is not None:
        parts.append(Msg("{contract} chosen by P{player}", contract=g.contract.label, player=g.chooser))
    else:
        parts.append(Msg("P{player} to choose", player=g.chooser))
    if g.doubled:
        parts.append(Msg("doubled {cards}", cards=format_cards(c for c, _ in g.doubled)))
    head = Msg.join(", ", parts)
    tail = [Msg("totals {totals}", totals=" ".join(str(t) for t in g.totals))]
    if state.to_move is not None:
        tail.append(Msg("P{player} to move", player=state.to_move))
    return Msg.join("; ", [head, *tail])



GAME = Trix
