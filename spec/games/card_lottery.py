"""Card Lottery (Карточная лотерея): a banker's lottery on one deck, drawn by a deal of another,
then a beating stage whose loser pays for the cards left in hand.

Two 52-card decks. The banker lays four cards of his deck face down and puts
chips on each: the prizes. Every round, each player puts chips in the box, the
dealer deals three cards of his deck to each player, and the banker turns the
prize cards up: a player holding the same card takes the chips on it, and that
prize card and its twin leave the game; a new prize card takes the empty place.
Only the three cards of the current round can win; earlier ones are set aside.
When the dealer's deck cannot serve another round, the beating stage begins:
the player paid last leads a card to his left, the next player beats it with a
card of a higher suit or takes it, and play goes on until one player alone has
cards. He pays for each: hearts 4, clubs 3, diamonds 2, spades 1.

The lottery stage (:class:`LotteryStage`) and the beating stage
(:class:`BeatingStage`) are one small object each; the game delegates to them.
Stakes move only through the ledger (:mod:`spec.stakes`): each settlement is a
clause stating gains and losses, and ``money_conserved`` proves with z3 that
each one balances.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from spec.cards import Card, Suit, as_cards, check_named_once, format_cards, make_deck
from spec.clauses import ClauseBook
from spec.dealing import deal_round_robin, rng_for
from spec.engine import Game, GameInfo, Outcome, Source
from spec.i18n import N_, Msg
from spec.moves import move
from spec.rules import setting
from spec.stakes import BOX, POT, Amounts, Deltas, Ledger, check_ordered, settle, transfer

INFO = GameInfo(id="card_lottery", name_en="Card Lottery", name_ru="Карточная лотерея", min_players=2,
                max_players=17, deck="2x52", family=N_("banking game (chance)"), chance=True,
                hidden_information=True, zero_sum=True,
                source=Source(file="003_7a0ed7952c70980c.txt", title="Карточная лотерея", lines="31-46"))
CLAUSES = ClauseBook(INFO.id)
PACK = make_deck("52")

#: Chips the loser pays for each card left, by suit (the source's scale).
PENALTY = {Suit.HEARTS: 4, Suit.CLUBS: 3, Suit.DIAMONDS: 2, Suit.SPADES: 1}
#: Suits from high to low. The source ranks no suits; cardspec reads the order off the penalty scale.
SUIT_RANK = {s: v for s, v in PENALTY.items()}


@dataclass(frozen=True, kw_only=True)
class Rules:
    """Parameters of the Card Lottery."""

    prize_cards: int = setting(4, range=(1, 8))
    """Prize cards the banker keeps on the table (the source: 4)."""

    cards_per_round: int = setting(3, range=(1, 6))
    """Cards the dealer gives each player a round (the source: 3)."""

    box_min: int = setting(0, range=(0, 100))
    """Fewest chips a player puts in the box each round (decision: the source says "any number", read as 0 up)."""

    box_max: int = setting(5, range=(0, 100))
    """Most chips a player puts in the box each round (decision: 5)."""

    stake_min: int = setting(1, range=(1, 100))
    """Fewest chips the banker puts on a prize card (decision: 1; the source: "any number")."""

    stake_max: int = setting(5, range=(1, 100))
    """Most chips the banker puts on a prize card (decision: 5)."""

    beat: Literal["higher_suit", "suit_then_rank", "same_suit_higher"] = "higher_suit"
    """What beats a card: ``higher_suit``, a card of a higher suit (the source's words; suits ranked
    hearts > clubs > diamonds > spades as the penalty scale ranks them: decision);
    ``suit_then_rank``, a higher suit or a higher card of the same suit (using the source's rank list);
    ``same_suit_higher``, a higher card of the same suit (as in Durak)."""

    take_when_able: bool = False
    """May a player who can beat take the card instead? (decision: no; the source lets a player take
    only when he cannot beat.)"""

    starter: Literal["last_paid", "dealer_left"] = "last_paid"
    """Who leads first in the beating stage: ``last_paid``, the player paid the last prize (the source;
    decision: prizes are paid in the order of their places on the table, and if no prize was won the
    dealer's left leads), or ``dealer_left`` (the player on the dealer's left, as in the deal)."""

    after_beat: Literal["beater_leads", "next_leads"] = "beater_leads"
    """Who leads after a beat (the source is silent): ``beater_leads`` (decision), or ``next_leads``
    (the player after the beater, as after a take)."""

    unclaimed: Literal["banker", "stays"] = "banker"
    """Chips on prize cards nobody won when the deal ends: back to the banker (decision), or ``stays``
    on the table (the source is silent)."""

    box_goes: Literal["banker", "stays"] = "banker"
    """The box at the end: to the banker, who runs the lottery (decision), or ``stays`` (the source never
    says whose it is; the players' results then do not sum to 0)."""

    def __post_init__(self):
        check_ordered(self, ("box_min", "box_max"), ("stake_min", "stake_max"))


PRESETS = {"fixed_chips": {"box_min": 1, "box_max": 1, "stake_max": 1},
           "suit_then_rank": {"beat": "suit_then_rank"}, "same_suit": {"beat": "same_suit_higher"},
           "dealer_left_leads": {"starter": "dealer_left"}, "next_leads": {"after_beat": "next_leads"},
           "box_stays": {"box_goes": "stays", "unclaimed": "stays"}}


@move("box {amount}")
class Box:
    amount: int


@move("stake {amount}")
class Stake:
    amount: int


@move("lead {card}")
class Lead:
    card: Card


@move("beat with {card}")
class Beat:
    card: Card


@move("take")
class Take:
    pass


TAKE = Take()
TAKES = (TAKE,)
#: one move object per card, built once
LEAD = {c: Lead(c) for c in PACK}
BEAT = {c: Beat(c) for c in PACK}
LOTTERY, BEATING, OVER = "lottery", "beating", "over"
BOXING, STAKING, LEADING, ANSWERING = "box", "stake", "lead", "answer"


@dataclass(frozen=True)
class State:
    seed: int
    banker: int
    phase: str                              # BOXING, STAKING, LEADING, ANSWERING or OVER
    to_move: int | None
    round: int                              # rounds dealt so far
    banker_stock: tuple[Card, ...]          # the banker's deck, top first
    dealer_stock: tuple[Card, ...]          # the dealer's deck, top first (what is left at the end stays out)
    prizes: tuple[Card | None, ...]         # the prize card in each place on the table
    stakes: tuple[int, ...]                 # chips on each place (0: not staked yet)
    shown: tuple[bool, ...]                 # face up (turned in an earlier round)
    hands: tuple[tuple[Card, ...], ...]     # lottery: this round's cards; beating: all a player's cards
    aside: tuple[tuple[Card, ...], ...]     # earlier rounds' cards, face down beside each player
    removed: tuple[Card, ...]               # prize cards won and their twins: out of the game
    discard: tuple[Card, ...]               # beaten pairs (led card, beating card), in order
    table: Card | None                      # the led card waiting for an answer
    ledger: Ledger
    paid_in: tuple[int, ...]                # chips each player put in the box
    won: tuple[tuple[Card, int, int], ...]  # (prize card, winner, chips) in the order paid
    staked: int = 0                         # chips the banker put on prize cards
    loser: int | None = None
    penalty: int = 0                        # chips the loser paid for his cards
    last: tuple = ()                        # the last event, for the log and the invariants


# ------------------------------------------------------------------ clauses: the lottery

CLAUSES.note("lottery-decks", "Two 52-card decks: one the banker's (prize cards), one the dealer's (hands); "
             "any number of players from two", "spec.games.card_lottery.CardLottery.deal",
             unchecked="the decks are chance; cards_conserved checks both decks are whole at every step")


@CLAUSES.rule("lottery-lot", "The banker and the dealer are chosen by lot (the dealer is the last seat, the "
              "banker another seat drawn from the seed)",
              unchecked="a lot has no rule to check; the seed decides it and replay_reproduces replays it")
def draw_banker(seed: int, players: int) -> int:
    return rng_for(seed, 0).randrange(players - 1)


@CLAUSES.rule("lottery-box", "Every round, before the deal, each player in turn puts chips in the box")
def box_in_turn(state: State) -> bool:
    """Whether chips go in the box now: at the start of a round, before the deal."""
    return state.phase == BOXING


def _box_refused(game, state, move) -> tuple[str, str]:
    """Which box clause refuses ``move``: not the time for chips, or an amount out of bounds."""
    if not box_in_turn(state):
        return "lottery-box", Msg("chips go in the box only at the start of a round, before the deal")
    return "lottery-box-size", game.box_limits.why_not(move.amount)


@CLAUSES.rule("lottery-box-size", "A player puts any number of chips in the box (within the agreed limits)",
              offers=Box, refused=_box_refused)
def box_in_limits(game, state) -> tuple[Box, ...]:
    """In a player's turn at the box, every amount the bounds allow (the stakes kit's
    :class:`~spec.stakes.Amounts`)."""
    return game.boxes_allowed if box_in_turn(state) else ()


@CLAUSES.rule("lottery-stake", "The banker puts chips on each new prize card, face down (in the first round "
              "before the deal, later after it)")
def stake_on_new_card(state: State) -> bool:
    """Whether the banker stakes now: a new prize card waits for its chips."""
    return state.phase == STAKING


def _stake_refused(game, state, move) -> tuple[str, str]:
    """Which stake clause refuses ``move``: no new prize card to stake, or an amount out of bounds."""
    if not stake_on_new_card(state):
        return "lottery-stake", Msg("only the banker stakes, and only on a new prize card before it is turned")
    return "lottery-stake-size", game.stake_limits.why_not(move.amount)


@CLAUSES.rule("lottery-stake-size", "A prize is any number of chips (within the agreed limits)", offers=Stake,
              refused=_stake_refused)
def stake_in_limits(game, state) -> tuple[Stake, ...]:
    """On a new prize card, every prize the bounds allow (the stakes kit's :class:`~spec.stakes.Amounts`)."""
    return game.stakes_allowed if stake_on_new_card(state) else ()


@CLAUSES.rule("lottery-round", "Each round the dealer gives every player the agreed number of cards "
              "(three), from his left, while his deck can serve the whole round")
def round_possible(stock_left: int, players: int, per_round: int) -> bool:
    return stock_left >= players * per_round


@CLAUSES.rule("lottery-match", "A prize card is won by the player whose cards of this round hold the same "
              "card (same rank and suit)")
def prize_holder(prize: Card, hands: Sequence[Sequence[Card]]) -> int | None:
    for p, hand in enumerate(hands):
        if prize in hand:
            return p
    return None


@CLAUSES.rule("lottery-aside", "Only the cards of the current round can win; earlier ones lie face down "
              "beside their owner")
def set_aside(hands, aside) -> tuple:
    return tuple(a + h for a, h in zip(aside, hands))


@CLAUSES.rule("lottery-replace", "A prize card won leaves the game with its twin, and the banker lays the "
              "next card of his deck in its place (before another round)")
def refill(prizes, stakes, shown, stock):
    prizes, stakes, shown = list(prizes), list(stakes), list(shown)
    for i, card in enumerate(prizes):
        if card is None and stock:
            prizes[i], stakes[i], shown[i], stock = stock[0], 0, False, stock[1:]
    return tuple(prizes), tuple(stakes), tuple(shown), stock


# ------------------------------------------------------------------ clauses: the beating stage

@CLAUSES.rule("lottery-starter", "The player paid the last prize leads first (prizes are paid in table "
              "order; with no prize won, or as an option always, the dealer's left leads)")
def first_leader(won: Sequence, players: int, rule: str) -> int:
    if rule == "last_paid" and won:
        return won[-1][1]
    return 0


@CLAUSES.rule("lottery-left", "A card is led to the next player on the left who still has cards; players "
              "without cards are out")
def next_holder(hands: Sequence[Sequence[Card]], seat: int) -> int | None:
    n = len(hands)
    for step in range(1, n):
        p = (seat + step) % n
        if hands[p]:
            return p
    return None


def _lead_refused(game, state, move) -> str:
    if state.phase != LEADING:
        return Msg("no lead now: a led card is waiting to be beaten or taken") if state.phase == ANSWERING \
            else Msg("leading begins only when the lottery's deal is over")
    return Msg("{card} is not in your hand", card=str(move.card))


@CLAUSES.rule("lottery-lead", "The leader leads any card of his hand", offers=Lead, refused=_lead_refused)
def lead_own_card(game, state) -> tuple[Lead, ...]:
    if state.phase != LEADING:
        return ()
    return tuple(map(LEAD.__getitem__, state.hands[state.to_move]))


@CLAUSES.rule("lottery-beats", "A card is beaten by a card of a higher suit (hearts > clubs > diamonds > "
              "spades; as options: higher suit or same suit higher, or same suit higher only)")
def beats(led: Card, cover: Card, rule: str) -> bool:
    if rule == "same_suit_higher":
        return cover.suit == led.suit and cover.rank > led.rank
    hi, lo = SUIT_RANK[cover.suit], SUIT_RANK[led.suit]
    if rule == "suit_then_rank":
        return hi > lo or (hi == lo and cover.rank > led.rank)
    return hi > lo


def _answer_refused(game, state, move) -> tuple[str, str]:
    """Which answering clause refuses ``move``: a beat (no led card, a card not held, one that does not
    beat), or a take (no led card, or a cover in hand)."""
    if type(move) is Take:
        if state.phase != ANSWERING:
            return "lottery-take", Msg("there is no led card to take")
        cover = next(c for c in state.hands[state.to_move] if beats(state.table, c, game.rules.beat))
        return "lottery-take", Msg("you can beat {led} (with {cover}): a player takes only when he cannot beat",
                                   led=str(state.table), cover=str(cover))
    if state.phase != ANSWERING:
        return "lottery-beat", Msg("there is no led card to beat")
    if move.card not in state.hands[state.to_move]:
        return "lottery-beat", Msg("{card} is not in your hand", card=str(move.card))
    return "lottery-beat", Msg("{card} does not beat {led}: {rule}", card=str(move.card), led=str(state.table),
                               rule=game.beat_words())


@CLAUSES.rule("lottery-beat", "The next player may beat the led card with a card of his hand that beats it",
              offers=(Beat, Take), refused=_answer_refused)
def beat_with_own_card(game, state) -> tuple[Beat | Take, ...]:
    """The answers to the led card: a beat with each card of the hand that beats it, then taking the
    card where the player may (:func:`take_when_unable`)."""
    if state.phase != ANSWERING:
        return ()
    led, rule = state.table, game.rules.beat
    covers = tuple([BEAT[c] for c in state.hands[state.to_move] if beats(led, c, rule)])
    return covers + TAKES if take_when_unable(game.rules, covers) else covers


@CLAUSES.rule("lottery-take", "A player who cannot beat takes the led card, and the turn passes to the next "
              "player")
def take_when_unable(rules: Rules, covers: Sequence) -> bool:
    """Whether the answering player may take the led card: when he cannot beat it (``covers``, the cards
    that beat it, is empty), or under ``take_when_able`` always."""
    return rules.take_when_able or not covers


@CLAUSES.rule("lottery-after", "After a take the next player after the taker leads; after a beat the beater "
              "leads (as an option, the player after him)")
def next_leader(hands, answerer: int, beaten: bool, rule: str) -> int | None:
    if beaten and rule == "beater_leads" and hands[answerer]:
        return answerer
    return next_holder(hands, answerer)


@CLAUSES.rule("lottery-loser", "Play goes on until one player alone has cards; he is the loser (if the last "
              "two run out together, nobody is)")
def loser_of(hands: Sequence[Sequence[Card]]) -> tuple[bool, int | None]:
    holders = [p for p, h in enumerate(hands) if h]
    if len(holders) > 1:
        return False, None
    return True, (holders[0] if holders else None)


@CLAUSES.rule("lottery-penalty", "The loser pays for each card left: hearts 4, clubs 3, diamonds 2, spades 1")
def penalty_for(cards: Sequence[Card]) -> int:
    return sum(PENALTY[c.suit] for c in cards)


# ------------------------------------------------------------------ settlements
# What each rule says is won and lost; spec.stakes.settle pays them. Amounts may be z3 terms.

@CLAUSES.rule("lottery-box-paid", "Chips put in the box go from the player to the box")
def box_paid(seat: int, amount) -> Deltas:
    return transfer(seat, BOX, amount)


@CLAUSES.rule("lottery-prize-staked", "A prize goes from the banker onto its card (the pot)")
def prize_staked(banker: int, amount) -> Deltas:
    return transfer(banker, POT, amount)


@CLAUSES.rule("lottery-prize-won", "The holder of the twin takes the chips on the prize card")
def prize_won(seat: int, amount) -> Deltas:
    return transfer(POT, seat, amount)


@CLAUSES.rule("lottery-unclaimed", "Chips on prize cards nobody won go back to the banker when the deal ends "
              "(or, as an option, stay)")
def prize_unclaimed(banker: int, amount, rule: str) -> Deltas:
    if rule == "stays":
        return ()
    return transfer(POT, banker, amount)


@CLAUSES.rule("lottery-penalty-paid", "The loser pays his penalty into the box")
def penalty_paid(loser: int, counts: Mapping[Suit, object]) -> Deltas:
    amount = sum(PENALTY[s] * k for s, k in counts.items())
    return transfer(loser, BOX, amount)


@CLAUSES.rule("lottery-box-emptied", "At the end the box goes to the banker, who runs the lottery (or, as an "
              "option, stays)")
def box_emptied(banker: int, amount, rule: str) -> Deltas:
    if rule == "stays":
        return ()
    return transfer(BOX, banker, amount)


def suit_counts(cards: Sequence[Card]) -> dict[Suit, int]:
    counts = dict.fromkeys(PENALTY, 0)
    for c in cards:
        counts[c.suit] += 1
    return counts


# ------------------------------------------------------------------ the stages

class LotteryStage:
    """The rounds of the lottery: chips in the box, prizes staked, the deal, the prizes turned."""

    def __init__(self, game: "CardLottery"):
        self.game, self.n, self.rules = game, game.players, game.rules

    def box(self, s: State, amount: int) -> State:
        p = s.to_move
        led = settle(s.ledger, box_paid(p, amount), clause="lottery-box-paid")
        paid = s.paid_in[:p] + (s.paid_in[p] + amount,) + s.paid_in[p + 1:]
        if p + 1 < self.n:
            return _replace(s, ledger=led, paid_in=paid, last=("box", p, amount), to_move=p + 1)
        s = _replace(s, ledger=led, paid_in=paid, last=("box", p, amount))
        if s.round:  # later rounds: the deal comes before the new cards are staked
            s = self.deal(s)
        return self.stake_or_turn(s)

    def stake(self, s: State, amount: int) -> State:
        i = s.stakes.index(0)
        led = settle(s.ledger, prize_staked(s.banker, amount), clause="lottery-prize-staked")
        s = _replace(s, stakes=s.stakes[:i] + (amount,) + s.stakes[i + 1:], ledger=led, staked=s.staked + amount,
                     last=("stake", s.banker, amount))
        return self.stake_or_turn(s)

    def stake_or_turn(self, s: State) -> State:
        if any(c is not None and not k for c, k in zip(s.prizes, s.stakes)):
            return _replace(s, phase=STAKING, to_move=s.banker)
        if not s.round:  # the first round is dealt after the first four prizes are staked
            s = self.deal(s)
        return self.turn_up(s)

    def deal(self, s: State) -> State:
        k = self.rules.cards_per_round
        take = self.n * k
        new = deal_round_robin(s.dealer_stock[:take], tuple(range(self.n)), k)
        return _replace(s, aside=set_aside(s.hands, s.aside), hands=new, dealer_stock=s.dealer_stock[take:])

    def turn_up(self, s: State) -> State:
        prizes, stakes, hands = list(s.prizes), list(s.stakes), list(s.hands)
        led, won, removed = s.ledger, s.won, s.removed
        for i, card in enumerate(prizes):
            if card is None:
                continue
            p = prize_holder(card, hands)
            if p is None:
                continue
            led = settle(led, prize_won(p, stakes[i]), clause="lottery-prize-won")
            won += ((card, p, stakes[i]),)
            removed += (card, card)
            hands[p] = tuple(c for c in hands[p] if c != card)
            prizes[i], stakes[i] = None, 0
        s = _replace(s, prizes=tuple(prizes), stakes=tuple(stakes), shown=tuple(c is not None for c in prizes),
                     hands=tuple(hands), ledger=led, won=won, removed=removed, round=s.round + 1,
                     last=("turn", len(won) - len(s.won)))
        if round_possible(len(s.dealer_stock), self.n, self.rules.cards_per_round):
            prizes, stakes, shown, stock = refill(s.prizes, s.stakes, s.shown, s.banker_stock)
            return _replace(s, prizes=prizes, stakes=stakes, shown=shown, banker_stock=stock, phase=BOXING,
                            to_move=0)
        return self.game.beating.begin(s)


class BeatingStage:
    """After the deal: leads to the left, beats and takes, until one player alone has cards."""

    def __init__(self, game: "CardLottery"):
        self.game, self.rules = game, game.rules

    def begin(self, s: State) -> State:
        left = sum(k for c, k in zip(s.prizes, s.stakes) if c is not None)
        led = settle(s.ledger, prize_unclaimed(s.banker, left, self.rules.unclaimed), clause="lottery-unclaimed")
        hands = set_aside(s.hands, s.aside)
        s = _replace(s, ledger=led, hands=hands, aside=((),) * len(hands))  # next_lead sets the phase
        leader = first_leader(s.won, len(hands), self.rules.starter)
        if not hands[leader]:
            leader = next_holder(hands, leader)
        return self.next_lead(s, leader)

    def lead(self, s: State, card: Card) -> State:
        p = s.to_move
        hands = _without(s.hands, p, card)
        return _replace(s, hands=hands, table=card, phase=ANSWERING, to_move=next_holder(hands, p),
                        last=("lead", p, card))

    def beat(self, s: State, card: Card) -> State:
        p = s.to_move
        hands = _without(s.hands, p, card)
        s = _replace(s, hands=hands, discard=s.discard + (s.table, card), table=None, last=("beat", p, card))
        return self.next_lead(s, next_leader(hands, p, True, self.rules.after_beat))

    def take(self, s: State) -> State:
        p = s.to_move
        hands = s.hands[:p] + (s.hands[p] + (s.table,),) + s.hands[p + 1:]
        s = _replace(s, hands=hands, table=None, last=("take", p, s.table))
        return self.next_lead(s, next_leader(hands, p, False, self.rules.after_beat))

    def next_lead(self, s: State, leader: int | None) -> State:
        over, loser = loser_of(s.hands)
        if not over:
            return _replace(s, phase=LEADING, to_move=leader)
        led, penalty = s.ledger, 0
        if loser is not None:
            penalty = penalty_for(s.hands[loser])
            led = settle(led, penalty_paid(loser, suit_counts(s.hands[loser])), clause="lottery-penalty-paid")
        led = settle(led, box_emptied(s.banker, led[BOX], self.rules.box_goes), clause="lottery-box-emptied")
        return _replace(s, ledger=led, phase=OVER, to_move=None, loser=loser, penalty=penalty)


def _without(hands, p, card):
    h = hands[p]
    i = h.index(card)
    return hands[:p] + (h[:i] + h[i + 1:],) + hands[p + 1:]


def _replace(s: State, **changes) -> State:
    # a frozen dataclass's __init__ sets each of its 22 fields through object.__setattr__; copying the
    # instance dictionary builds the same value (equal, same hash) several times faster on the hot path
    new = object.__new__(State)
    d = new.__dict__
    d.update(s.__dict__)
    d.update(changes)
    return new


# ------------------------------------------------------------------ the game

#: how a card is beaten, under each ``Rules.beat``
_BEAT_WORDS = {"higher_suit": Msg("a card of a higher suit beats (hearts > clubs > diamonds > spades)"),
               "suit_then_rank": Msg("a card of a higher suit, or a higher card of the same suit, beats"),
               "same_suit_higher": Msg("only a higher card of the same suit beats")}


class CardLottery(Game[State, Box | Stake | Lead | Beat | Take]):
    info = INFO
    Rules = Rules
    move_kinds = (Take, Box, Stake, Lead, Beat)
    over_clause = "lottery-loser"

    def __init__(self, rules=None, *, players=None):
        super().__init__(rules, players=players)
        r = self.rules
        self.box_limits = Amounts(r.box_min, r.box_max,
                                  outside=N_("{amount} chips cannot go in the box: put {low} to {high}"))
        self.stake_limits = Amounts(r.stake_min, r.stake_max,
                                    outside=N_("a prize of {amount} chips is not allowed: stake {low} to {high}"))
        self.boxes_allowed = tuple(Box(a) for a in self.box_limits.options())
        self.stakes_allowed = tuple(Stake(a) for a in self.stake_limits.options())
        self.lottery = LotteryStage(self)
        self.beating = BeatingStage(self)

    def player_range(self) -> range:
        # every player must get a whole round of cards from one deck
        return range(2, min(INFO.max_players, len(PACK) // self.rules.cards_per_round) + 1)

    def deck(self):
        return PACK + PACK

    def deal(self, seed: int) -> State:
        bank, dealer = list(PACK), list(PACK)
        rng_for(seed, 1).shuffle(bank)
        rng_for(seed, 2).shuffle(dealer)
        return self._before_first_round(tuple(bank), tuple(dealer), draw_banker(seed, self.players), seed)

    def position(self, banker_stock: Sequence[Card] | str = (), dealer_stock: Sequence[Card] | str = (), *,
                 hands: Sequence[Sequence[Card] | str] | None = None, leader: int = 0, banker: int = 0,
                 seed: int = 0) -> State:
        """A position of the Card Lottery: before the first round, or (given ``hands``) at the start of the
        beating stage. The verifier's small configurations and the tests start here.

        ``banker_stock`` and ``dealer_stock``: what is left of the banker's and the dealer's decks, each face
        down with its top card first, as ``Card`` values or card notation (``"A♠ K♥"``); each deck is a
        52-card pack of its own, so a card may be in both. Before the first round the banker lays the top
        ``prize_cards`` of his deck as the prizes, face down with no chips on them yet, and P0 is the first
        to put chips in the box. ``hands`` (by seat): the cards each player holds when the beating stage
        begins, the lottery over (one round dealt, no chips anywhere, no prize places, the decks' rest out
        of play); those cards come from the dealer's deck, and ``leader`` leads first. ``banker``: the
        banker's seat (the dealer is always the last); ``seed``: the deal's seed (0 for a position set up by
        hand). A card named twice in one deck (the dealer's deck and the hands together), or not in the
        pack, raises :class:`ValueError` naming it.
        """
        bank, dealer = as_cards(banker_stock), as_cards(dealer_stock)
        held = None if hands is None else tuple(map(as_cards, hands))
        check_named_once(PACK, bank)
        check_named_once(PACK, dealer, *(held or ()))
        if held is None:
            return self._before_first_round(bank, dealer, banker, seed)
        n = self.players
        return State(seed, banker, LEADING, leader, 1, bank, dealer, (), (), (), held, ((),) * n, (), (), None,
                     Ledger.open(players=n), (0,) * n, ())

    def _before_first_round(self, banker_stock, dealer_stock, banker, seed) -> State:
        n, k = self.players, self.rules.prize_cards
        prizes = tuple(banker_stock[:k]) + (None,) * max(0, k - len(banker_stock))
        return State(seed, banker, BOXING, 0, 0, tuple(banker_stock[k:]), tuple(dealer_stock), prizes, (0,) * k,
                     (False,) * k, ((),) * n, ((),) * n, (), (), None, Ledger.open(players=n), (0,) * n, ())

    def to_move(self, state):
        return state.to_move

    def is_over(self, state):
        return state.to_move is None

    def apply(self, state, move):
        if state.to_move is None:  # a move after the end (only replays on another deal try one) changes nothing
            return state
        kind = type(move)
        if kind is Box:
            return self.lottery.box(state, move.amount)
        if kind is Stake:
            return self.lottery.stake(state, move.amount)
        if kind is Lead:
            return self.beating.lead(state, move.card)
        if kind is Beat:
            return self.beating.beat(state, move.card)
        return self.beating.take(state)

    def ledger(self, state) -> Ledger:
        return state.ledger

    def outcome(self, state):
        returns = state.ledger.player_returns(Ledger.open(players=self.players), self.players)
        losers = () if state.loser is None else (state.loser,)
        return Outcome(losers=losers, winners=tuple(p for p in range(self.players) if p not in losers and losers),
                       returns=returns, draw=not losers)

    def zones(self, state):
        z = {"banker stock": state.banker_stock, "dealer stock": state.dealer_stock,
             "prizes up": tuple(c for c, up in zip(state.prizes, state.shown) if c is not None and up),
             "prizes down": tuple(c for c, up in zip(state.prizes, state.shown) if c is not None and not up)}
        for p in range(self.players):
            z[f"hand {p}"] = state.hands[p]
            z[f"aside {p}"] = state.aside[p]
        z["out"] = state.removed
        z["discard"] = state.discard
        z["table"] = () if state.table is None else (state.table,)
        return z

    def hidden_zones(self, state, player):
        hidden = {"banker stock", "dealer stock", "prizes down"}
        hidden.update(f"{z} {p}" for p in range(self.players) if p != player for z in ("hand", "aside"))
        return frozenset(hidden)

    def relabel(self, state, mapping):
        """``state`` with cards renamed (a fast version of the generic relabelling, tested equal to it)."""
        get = mapping.get

        def cards(cs):
            return tuple(get(c, c) for c in cs)
        # None (an empty prize or table) and the log's words and numbers are not keys: get leaves them as they are
        return _replace(state, banker_stock=cards(state.banker_stock), dealer_stock=cards(state.dealer_stock),
                        prizes=cards(state.prizes), hands=tuple(cards(h) for h in state.hands),
                        aside=tuple(cards(h) for h in state.aside), removed=cards(state.removed),
                        discard=cards(state.discard), table=get(state.table, state.table),
                        won=tuple((get(c, c), p, k) for c, p, k in state.won), last=cards(state.last))

    def max_plays(self):
        if self.players > 2:
            return None  # three or more players can pass unbeatable cards round for ever (see the errata)
        r = self.rules
        rounds = len(PACK) // (2 * r.cards_per_round)
        lottery = rounds * 2 + r.prize_cards * rounds  # the box moves, and at most every prize card staked
        cards = rounds * 2 * r.cards_per_round
        # two players: between two beats the same player leads every card (a take gives the lead back to
        # him) and loses one card a lead; a beat removes two cards. So leads <= (beats + 1) * cards, with
        # beats <= cards / 2, and every lead is answered: plays <= 2 * (cards / 2 + 1) * cards.
        return lottery + (cards + 2) * cards

    def beat_words(self) -> str:
        return _BEAT_WORDS[self.rules.beat]

    def describe(self, state):
        parts = [Msg("banker P{banker}, dealer P{dealer}", banker=state.banker, dealer=self.players - 1),
                 Msg("round {round}", round=state.round)]
        if state.phase != OVER:
            parts += [Msg("box {box}", box=state.ledger[BOX]), Msg("chips on prize cards {chips}", chips=state.ledger[POT])]
        if state.phase in (LEADING, ANSWERING, OVER):
            parts.append(_card_counts(state))
        if state.table is not None:
            parts.append(Msg("led {card}", card=str(state.table)))
        if state.phase == OVER:
            parts.append(Msg("nobody is left with cards: no loser") if state.loser is None
                         else Msg("P{player} is left with {cards}, pays {penalty}", player=state.loser,
                                  cards=format_cards(state.hands[state.loser]), penalty=state.penalty))
            box = sum(state.paid_in) + state.penalty
            parts.append(Msg("the box's {chips} chips go to the banker", chips=box) if self.rules.box_goes == "banker"
                         else Msg("the box keeps {chips} chips", chips=box))
        return Msg.join("; ", parts)

    def describe_move(self, state):
        ev = state.last
        if not ev:
            return ""
        if state.phase == OVER:
            return self.describe(state)
        if ev[0] == "turn":
            paid = state.won[len(state.won) - ev[1]:]
            text = Msg.join(", ", [Msg("P{player} holds {card}, wins {chips}", player=p, card=str(c), chips=k)
                                   for c, p, k in paid]) if paid else Msg("no prize won")
            out = Msg("round {round} turned: {prizes}", round=state.round, prizes=text)
            if state.phase == LEADING:
                return Msg("{turned}; the beating stage: P{player} leads; {counts}", turned=out, player=state.to_move,
                           counts=_card_counts(state))
            return out
        if ev[0] == "take":
            return Msg("takes {card}; P{player} leads", card=str(ev[2]), player=state.to_move)
        if ev[0] == "beat":
            return Msg("beats it; P{player} leads", player=state.to_move)
        if ev[0] == "box":
            return Msg("box {box}", box=state.ledger[BOX])
        if ev[0] == "stake":
            return Msg("on a prize card, face down")
        return ""


def _card_counts(state: State) -> Msg:
    """How many cards each player holds: ``cards P0:3 P1:2``."""
    return Msg("cards {counts}", counts=" ".join(f"P{p}:{len(h)}" for p, h in enumerate(state.hands)))


GAME = CardLottery
