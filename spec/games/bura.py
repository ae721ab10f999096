"""Bura (Бура): 2-6 players, 36 cards, three cards each, tricks to 31 card points, a pot.

Source: ``001_55360323bc916247.txt``, "(untitled) 31 by tricks" (lines 166-197);
the catalogue of ``000_c16f26f3ff8231c5.txt`` adds the open variant («Бура (Открытая)»).

Everyone stakes the same amount in the pot; three cards each are dealt one at
a time and the next card is turned for trumps. The player on lead lays one
card, or several cards of one suit together. Each other player in turn either
*beats* the combination that is best so far -- every card of it beaten
separately, by a higher card of its suit or by a trump -- or *throws* as many
cards (face down) and lets the trick go. The last player to beat takes the
trick (the leader when nobody beats), everyone draws back to three, winner
first, and the winner leads. A player who believes his tricks hold 31 points
says so: his tricks are counted, and he takes the pot if he is right and
doubles it if he is wrong. A deal in which nobody wins is dealt again by the
same dealer, everyone adding a stake.

Seats are numbered clockwise: P1 sits on P0's left.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations
from typing import Literal

from spec.bouts import BeatRule, draw_turns, suit_leads, why_not_held, why_not_suit_lead
from spec.cards import Card, Rank, Suit, as_card, as_cards, check_named_once, make_deck
from spec.clauses import ClauseBook
from spec.dealing import deal_round_robin, rng_for, seats_from, sorted_hand
from spec.engine import Game, GameInfo, Outcome, Source
from spec.i18n import N_, Msg
from spec.moves import move
from spec.rules import Table, setting
from spec.stakes import POT, Deltas, Ledger, player_account, settle
from spec.tricks import points_in

INFO = GameInfo(
    id="bura",
    name_en="Bura",
    name_ru="Бура",
    min_players=2,
    max_players=6,
    deck="36",
    family=N_("trick-taking"),
    chance=True,
    hidden_information=True,
    zero_sum=True,  # the pot only moves money between the players (property stakes_conserved)
    source=Source(file="001_55360323bc916247.txt", title=N_("(untitled) 31 by tricks"), lines="166-197"),
)

CLAUSES = ClauseBook(INFO.id)

HAND_SIZE = 3
TARGET = 31
DECK = make_deck(INFO.deck)
#: The packs a game may use (``Rules.deck_size``): the rules text's 36 cards, or the catalogue's 32.
DECKS = {36: DECK, 32: make_deck("32")}
#: The source's card values (the 9, 8, 7 and 6 count nothing); their order is also the rank order.
POINTS = Table({Rank.ACE: 11, Rank.TEN: 10, Rank.KING: 4, Rank.QUEEN: 3, Rank.JACK: 2})
#: Rank order for beating, lowest first: the source lists the cards by value, the ten under the ace.
RANKS = (Rank.SIX, Rank.SEVEN, Rank.EIGHT, Rank.NINE, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.TEN, Rank.ACE)
#: The points of the whole deck: 4 x (11 + 10 + 4 + 3 + 2) (property deck_points).
DECK_POINTS = 120


@dataclass(frozen=True, kw_only=True)
class Rules:
    """Parameters of Bura. Defaults are the source's rules and, where it is
    silent, the project's decisions (each one on the errata page)."""

    deck_size: Literal[36, 32] = 36
    """The pack. The rules text gives the values of the cards down to the six, a 36-card pack
    (decision: 36); the catalogue entry «Бура» allows 32 or 36 cards, and ``32`` plays with the
    seven to the ace (the sixes score nothing, so the pack still holds 120 points)."""

    turned_card: Literal["drawn_last", "stays"] = "drawn_last"
    """The card turned for trumps. The source only says the trump is turned (the catalogue: it is
    laid on the table); ``drawn_last`` (decision): it lies face up under the stock and is drawn
    last, as in Durak. ``stays``: it stays on the table, face up, and is never drawn."""

    ante: int = setting(1, range=(1, 1_000_000))
    """What each player puts in the pot before every deal. The source: "the same
    amount" (the catalogue's example is 5 kopecks); decision: 1."""

    must_beat: bool = False
    """Whether a player able to beat the best combination must do so. The
    source says the others "must beat" the lead, but its own worked example
    lets a player who can beat throw two cards instead; default ``False``
    follows the example (errata), ``True`` is preset ``must_beat``."""

    throws: Literal["down", "up"] = "down"
    """How cards that do not beat are laid: face ``down`` (decision: the
    catalogue's open variant differs from Bura only by laying them face up, so
    plain Bura hides them) or face ``up`` (preset ``open``, «Бура (Открытая)»)."""

    short_stock: Literal["no_draw", "draw_out"] = "no_draw"
    """When the stock cannot bring every hand back to three cards: ``no_draw``
    (the source read literally: the players play on with the cards they hold,
    and the rest of the stock stays unplayed) or ``draw_out`` (they draw one at
    a time, winner first, until the stock is empty; a lead may then have no
    more cards than the shortest hand holds)."""

    claims: Literal["declared", "automatic"] = "declared"
    """``declared``: a player must say he has 31 -- on lead, before leading, or
    after taking the last trick -- and a wrong claim doubles the pot (the
    source). ``automatic`` (preset ``automatic``): the deal ends as soon as
    someone's tricks hold 31, as if every player counted perfectly."""


PRESETS = {"open": {"throws": "up"}, "must_beat": {"must_beat": True}, "draw_out": {"short_stock": "draw_out"},
           "automatic": {"claims": "automatic"}}


# -------------------------------------------------------------------- moves

def _same_cards(move, other) -> bool:
    """Moves that lay cards together are the same move whatever order the cards are named in."""
    return type(other) is type(move) and len(other.cards) == len(move.cards) and set(other.cards) == set(move.cards)


def _cards_hash(move) -> int:
    return hash((type(move).__name__, frozenset(move.cards)))


@move("lead {cards}")
class Lead:
    cards: tuple[Card, ...]
    __eq__, __hash__ = _same_cards, _cards_hash


@move("beat {cards}")
class Beat:
    cards: tuple[Card, ...]
    __eq__, __hash__ = _same_cards, _cards_hash


@move("throw {cards}")
class Throw:
    cards: tuple[Card, ...]
    __eq__, __hash__ = _same_cards, _cards_hash


@move("claim")
class Claim:
    pass


@move("pass")
class Pass:
    pass


CLAIM, PASS = Claim(), Pass()
CLAIMS, PASSES = (CLAIM,), (PASS,)


#: Each move of some cards, built once (apply and the offers are the hot path).
lead_move, beat_move, throw_move = cache(Lead), cache(Beat), cache(Throw)


@cache
def throws_of(hand: tuple[Card, ...], k: int) -> tuple[Throw, ...]:
    """Every throw of ``k`` cards of a hand (built once per hand)."""
    return tuple(map(throw_move, combinations(hand, k)))


@cache
def leads_of(hand: tuple[Card, ...], most: int) -> tuple[Lead, ...]:
    """The leads of a hand: one card, or up to ``most`` cards of one suit (the bouts kit's
    :func:`~spec.bouts.suit_leads`, built once per hand)."""
    return tuple(map(lead_move, suit_leads(hand, most)))


# -------------------------------------------------------------------- state

@dataclass(frozen=True)
class Play:
    """One player's cards in a trick: the lead, a beat, or a throw."""

    player: int
    cards: tuple[Card, ...]
    kind: Literal["lead", "beat", "throw"]


@dataclass(frozen=True)
class State:
    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]                 # top first; the turned card lies at the bottom, face up (drawn_last)
    turned: Card
    trump: Suit
    plays: tuple[Play, ...]                 # the trick in progress, lead first
    won: tuple[tuple[Card, ...], ...]       # cards each player has taken this deal
    points: tuple[int, ...]                 # their card points (kept, not recounted on every move)
    to_move: int
    claimed: bool                           # the player on lead has claimed this turn
    cards_out: bool                         # the last trick is taken: its taker may still claim
    dealer: int
    deal_no: int
    ledger: Ledger
    seed: int = 0
    winner: int | None = None               # took the pot: the game is over
    last_trick: tuple[Play, ...] = ()
    last_taker: int = -1
    drawn: tuple[int, ...] = ()             # who drew after the last trick, in order
    #: the last claim: (claimer, his points, the pot before it); cleared by the next move
    event: tuple[int, int, int] | None = None
    turn: int = 0                           # moves made in this deal (property deal_ends)
    aside: tuple[Card, ...] = ()            # cards outside a small test position (none in a real deal)
    final: bool = False                     # small test positions: a deal without a winner ends the game
    void: bool = False                      # ... and it has ended so


# ------------------------------------------------------------------ clauses

@CLAUSES.rule("bura-players", "Two to six players, the 36-card pack (or, deck_size = 32, the catalogue's 32 cards)")
def pack(rules: "Rules") -> tuple[Card, ...]:
    """The cards of the game: the rules' pack, in a fixed order (shuffled for each deal)."""
    return DECKS[rules.deck_size]

CLAUSES.note("bura-memory", "Taken tricks may not be looked at to count them: each player remembers his points",
             unchecked="a matter of conduct: the engine keeps each player's taken cards out of the others' view "
                       "(hidden_information) and counts them only when a claim is made")


@CLAUSES.rule("bura-stake", "Before each deal every player puts the same amount into the pot")
def ante_deltas(players: int, ante) -> Deltas:
    """Each player's stake goes to the pot (the amount may be a z3 term: property money_conserved)."""
    return tuple((player_account(p), -ante) for p in range(players)) + ((POT, ante * players),)


@CLAUSES.rule("bura-dealer", "The first dealer is chosen by lot; a deal without a winner is dealt again by the "
              "same dealer")
def first_dealer(seed: int, players: int) -> int:
    """The lot (decision: the source names the dealer only for the deal played again)."""
    return rng_for(seed).randrange(players)


@CLAUSES.rule("bura-deal", "Three cards each, one at a time from the dealer's left; the next card is turned: its "
              "suit is trumps, and it lies face up under the stock, drawn last (turned_card = stays: on the "
              "table, never drawn)")
def deal_cards(cards: Sequence[Card], dealer: int, players: int, turned_card: str = "drawn_last"):
    """The hands (as received), the stock (top first) and the turned card.

    Decision: the source only says the trump is turned; the turned card is
    kept at the bottom of the stock and drawn last, as usual in the game
    (``turned_card = "stays"``: it stays on the table and is never drawn)."""
    hands = deal_round_robin(cards, seats_from((dealer + 1) % players, players), HAND_SIZE)
    k = HAND_SIZE * players
    turned = cards[k]
    if turned_card == "stays":
        return hands, tuple(cards[k + 1:]), turned
    return hands, tuple(cards[k + 1:]) + (turned,), turned


@CLAUSES.rule("bura-first-lead", "With two players the one who did not deal leads; with more, the dealer's left")
def first_leader(dealer: int, players: int) -> int:
    return (dealer + 1) % players


@CLAUSES.rule("bura-points", "Taken cards score: ace 11, ten 10, king 4, queen 3, jack 2, nine to six 0")
def card_points(cards: Sequence[Card], points=POINTS) -> int:
    return points_in(cards, points)


@CLAUSES.rule("bura-order", "A card is beaten by a higher card of its suit (A 10 K Q J 9 8 7 6) or by a trump")
def beat_rule(trump: Suit) -> BeatRule:
    """Which card beats which, under ``trump`` (the bouts kit's :class:`~spec.bouts.BeatRule`,
    with the source's order: the ten above the king)."""
    return BeatRule(trump, order=RANKS)


def best_of(plays: Sequence[Play]) -> Play:
    """The combination now to be beaten: the last beat, else the lead (a trick begins with its lead)."""
    for play in reversed(plays[1:]):
        if play.kind == "beat":
            return play
    return plays[0]


def leading(state: State) -> bool:
    return not state.plays and not state.cards_out


# Why a move is refused: the sentences of the clauses that the offering clauses below cover.

CLAUSES.note("bura-lead-turn", "Only the player on lead leads, at the start of a trick",
             "spec.games.bura.lead_one_suit")


_CARDS_OUT = Msg("the cards are out: the last trick's taker may only claim or pass")


def lead_turn(state: State) -> str | None:
    """Why the player to move may not lead now (``None``: he is on lead)."""
    if not leading(state):
        if state.cards_out:
            return _CARDS_OUT
        return Msg("a trick is in progress: P{player} must beat or throw {n} card(s)", player=state.to_move,
                   n=len(state.plays[0].cards))
    return None


CLAUSES.note("bura-hold", "A player plays cards of his own hand, each once", "spec.games.bura.lead_one_suit")


def cards_held(state: State, cards: Sequence[Card]) -> str | None:
    """Why ``cards`` are not cards of the mover's hand, each once (``None`` when they are; the
    bouts kit's :func:`~spec.bouts.why_not_held`)."""
    return why_not_held(cards, state.hands[state.to_move], f"P{state.to_move}")


CLAUSES.note("bura-lead-size", "A lead has no more cards than any player holds (decision: a player cannot answer "
             "more cards than he has; it matters only when hands differ, under short_stock=draw_out)",
             "spec.games.bura.lead_one_suit")


def _lead_refused(game, state, move) -> tuple[str, str]:
    """Which clause refuses the lead ``move``, and why."""
    for label, why in (("bura-lead-turn", lead_turn(state)), ("bura-hold", cards_held(state, move.cards))):
        if why:
            return label, why
    label = "bura-lead-suit" if len({c.suit for c in move.cards}) > 1 else "bura-lead-size"
    return label, why_not_suit_lead(move.cards, state.hands[state.to_move], min(map(len, state.hands)))


CLAUSES.note("bura-answer-turn", "Each other player in turn, clockwise from the leader, answers with as many cards "
             "as were led", "spec.games.bura.beat_each_card")


def answer_turn(state: State, cards: Sequence[Card]) -> str | None:
    """Why the player to move may not answer the trick with ``cards`` (``None``: he may)."""
    if not state.plays:
        return Msg("no trick is in progress: lead first") if not state.cards_out else _CARDS_OUT
    k = len(state.plays[0].cards)
    if len(cards) != k:
        return Msg("{n} card(s) were led: answer with {n}", n=k)
    return None


def _answer_refused(game, state, move) -> tuple[str, str]:
    """Which clause refuses the beat or throw ``move``, and why."""
    for label, why in (("bura-hold", cards_held(state, move.cards)), ("bura-answer-turn", answer_turn(state, move.cards))):
        if why:
            return label, why
    if type(move) is Beat:
        rule = game.beat_rules[state.trump]
        return "bura-beat-each", rule.why_not_cover(best_of(state.plays).cards, move.cards, state.hands[state.to_move])
    beat = game.cover_options(state)[0]
    return "bura-throw", Msg("P{player} can beat with {cards}, so must beat (must_beat)", player=state.to_move,
                             cards=" ".join(map(str, beat)))


_AUTOMATIC = Msg("claims are automatic under these rules: a deal ends as soon as someone has 31")
_MID_TRICK = Msg("a trick is in progress: claim when on lead, before leading")


def _no_claim(game, state, move=None) -> str | None:
    """Why the player to move may not claim now (``None``: he may)."""
    if game.rules.claims == "automatic":
        return _AUTOMATIC
    if state.plays:
        return _MID_TRICK
    if state.claimed:
        return Msg("P{player} has already claimed this turn", player=state.to_move)
    return None


# The offering clauses, in the order the legal moves are listed: claim, pass, leads, beats, throws.

@CLAUSES.rule("bura-claim-turn", "A claim of 31 is made by the player on lead before he leads, or by the taker of "
              "the last trick; once a turn; never under automatic claims (decision: only the taker's points "
              "change, and he is the next to lead)", offers=Claim, refused=_no_claim)
def claim_turn(game, state) -> tuple[Claim, ...]:
    return () if _no_claim(game, state) else CLAIMS


@CLAUSES.rule("bura-pass", "After the last trick its taker may pass instead of claiming (decision: the deal then "
              "ends without a winner)", offers=Pass, refused="pass only after the last trick, instead of claiming")
def pass_turn(game, state) -> tuple[Pass, ...]:
    return PASSES if state.cards_out else ()


@CLAUSES.rule("bura-lead-suit", "The leader lays one card, or several cards of one suit together", offers=Lead,
              refused=_lead_refused)
def lead_one_suit(game, state) -> tuple[Lead, ...]:
    """The leads of the player on lead: one card, or several of one suit, no more than the shortest
    hand holds (the bouts kit's :func:`~spec.bouts.suit_leads`)."""
    if state.plays or state.cards_out:   # not leading(state), written out: this is on the hot path
        return ()
    return leads_of(state.hands[state.to_move], min(map(len, state.hands)))


@CLAUSES.rule("bura-beat-each", "To beat a combination, each of its cards is beaten separately by one card of the "
              "answer (the combination to beat is the last one that beat, else the lead)", offers=Beat,
              refused=_answer_refused)
def beat_each_card(game, state) -> tuple[Beat, ...]:
    """The answers that beat the best combination card by card (the bouts kit's
    :meth:`~spec.bouts.BeatRule.cover_options`)."""
    if not state.plays:
        return ()
    return tuple(map(beat_move, game.cover_options(state)))


@CLAUSES.rule("bura-throw", "A player who does not beat lays as many cards face down and lets the trick go "
              "(under must_beat only when he cannot beat)", offers=Throw, refused=_answer_refused)
def throw_allowed(game, state) -> tuple[Throw, ...]:
    if not state.plays or (game.rules.must_beat and game.cover_options(state)):
        return ()
    return throws_of(state.hands[state.to_move], len(state.plays[0].cards))


@CLAUSES.rule("bura-trick", "The last player to beat takes the trick, the leader if nobody beats; the taker leads "
              "next")
def trick_taker(plays: Sequence[Play]) -> int:
    return best_of(plays).player


_seats_from = cache(seats_from)   # the drawing order after each trick, made once per taker


@CLAUSES.rule("bura-draw", "After a trick everyone draws back to three, one card at a time, the taker first and "
              "then clockwise; when the stock cannot serve everyone, the players play on with what they hold")
def draw_up(hands: tuple[tuple[Card, ...], ...], stock: tuple[Card, ...], taker: int, short_stock: str):
    """The hands and stock after the draw, and who drew in order (the bouts kit's
    :func:`~spec.bouts.draw_turns`, one card a turn)."""
    if not stock:
        return hands, stock, ()
    drawn = draw_turns([HAND_SIZE - len(h) for h in hands], _seats_from(taker, len(hands)), len(stock),
                       one_at_a_time=True, all_or_none=short_stock == "no_draw")
    if not drawn:  # an empty stock, every hand full, or (no_draw) a stock too short for everyone
        return hands, stock, ()
    out = [list(h) for h in hands]
    for c, p in zip(stock, drawn):
        out[p].append(c)
    return tuple(sorted_hand(h) for h in out), stock[len(drawn):], drawn


@CLAUSES.rule("bura-last-trick", "The cards are out when, after a trick and the draw, some player holds none: that "
              "was the deal's last trick")
def cards_run_out(hands: Sequence[Sequence[Card]]) -> bool:
    return min(map(len, hands)) == 0


@CLAUSES.rule("bura-claim-count", "A claimer's tricks are counted: with 31 or more he takes the pot and the game "
              "ends; with fewer he doubles the pot and play goes on (decision: the source is silent on what "
              "follows a wrong claim)")
def claim_is_right(points: int) -> bool:
    return points >= TARGET


@CLAUSES.rule("bura-pot-won", "The player who rightly claims 31 takes the whole pot")
def pot_won(pot, seat: int) -> Deltas:
    return ((POT, -pot), (player_account(seat), pot))


@CLAUSES.rule("bura-wrong-claim", "A player who claims 31 wrongly doubles the pot: he pays in as much as it holds")
def wrong_claim(pot, seat: int) -> Deltas:
    return ((player_account(seat), -pot), (POT, pot))


@CLAUSES.rule("bura-no-winner", "When the cards run out and nobody has rightly claimed 31, the deal has no winner: "
              "the cards are shuffled, everyone adds a stake, and the same dealer deals again")
def deal_has_no_winner(state: State) -> bool:
    return state.cards_out and state.winner is None


def deal_moves_bound(players: int, deck: int = len(DECK)) -> int:
    """Moves a deal can last: every trick plays at least one card from each player and
    its leader may claim once before it; after the last trick, a claim and a pass."""
    tricks = deck // players
    return tricks * (players + 1) + 2


# --------------------------------------------------------------------- game

_new, _setattr = object.__new__, object.__setattr__   # frozen records made from their field dicts (apply is hot)
_PLAY_KIND = {Lead: "lead", Beat: "beat", Throw: "throw"}


class Bura(Game[State, Lead | Beat | Throw | Claim | Pass]):
    info = INFO
    Rules = Rules
    move_kinds = (Claim, Pass, Lead, Beat, Throw)
    over_clause = "bura-claim-count"

    def __init__(self, rules=None, *, players=None):
        super().__init__(rules, players=players)
        self.beat_rules = {s: beat_rule(s) for s in Suit}
        self._covered: tuple = (None, ())   # (state, its covers): the beats and throws of one state share them

    def deck(self):
        return pack(self.rules)

    # ---------------------------------------------------------------- deal
    def deal(self, seed: int) -> State:
        dealer = first_dealer(seed, self.players)
        return self.start_deal(seed, 0, dealer, Ledger.open(players=self.players))

    def start_deal(self, seed: int, deal_no: int, dealer: int, ledger: Ledger) -> State:
        n = self.players
        ledger = settle(ledger, ante_deltas(n, self.rules.ante), clause="bura-stake")
        cards = list(pack(self.rules))
        rng_for(seed, deal_no + 1).shuffle(cards)
        hands, stock, turned = deal_cards(cards, dealer, n, self.rules.turned_card)
        return State(tuple(sorted_hand(h) for h in hands), stock, turned, turned.suit, (), ((),) * n, (0,) * n,
                     first_leader(dealer, n), False, False, dealer, deal_no, ledger, seed)

    def position(self, hands: Sequence[str | Sequence[Card]], stock: str | Sequence[Card] = (), *,
                 turned: str | Card | None = None, plays: Sequence[Play | tuple] = (),
                 won: Sequence[str | Sequence[Card]] | None = None, points: Sequence[int] | None = None,
                 to_move: int | None = None, dealer: int = 0, deal_no: int = 0, ledger: Ledger | None = None,
                 seed: int = 0, final: bool = False) -> State:
        """A position of Bura: a deal in progress, between tricks or within one, nobody having claimed.

        ``hands``: one hand per seat, seat 0 first, each a card-notation string or a tuple of ``Card``.
        ``stock``: the cards still to draw, top card first. ``turned``: the trump card; by default the
        stock's last card, at the bottom (under ``turned_card = "drawn_last"`` the turned card lies
        there until it is drawn; under ``stays`` it is never in the stock). ``plays``: the trick in
        progress, lead first, as :class:`Play` records or ``(player, cards, kind)`` triples with
        ``kind`` one of ``lead``, ``beat``, ``throw``. ``won``: the cards each player has taken
        this deal (default none), and ``points`` their card points (default counted from ``won``
        by ``bura-points``). ``to_move``: by default the player after the last play, or the first
        leader (``bura-first-lead``) of ``dealer``. ``ledger``: by default every player's stake
        just paid into the pot (``bura-stake``). ``seed`` and ``deal_no`` seed the next deal;
        ``final``: a deal without a winner ends the game instead (for small exhaustive searches).
        Every card of the pack named nowhere (the turned card aside) is set aside, out of play.
        A card named twice or not in the pack raises ``ValueError`` naming it.
        """
        n = self.players
        hs, st = tuple(as_cards(h) for h in hands), as_cards(stock)
        pl = tuple(p if isinstance(p, Play) else Play(p[0], as_cards(p[1]), p[2]) for p in plays)
        taken = tuple(as_cards(w) for w in won) if won is not None else ((),) * n
        turned = _turned_card(st, turned)
        named = [c for h in hs + taken + tuple(p.cards for p in pl) for c in h] + list(st)
        # the turned card is checked apart: it may also lie under the stock, or where it was drawn to
        check_named_once(self.deck(), named)
        check_named_once(self.deck(), (turned,))
        if ledger is None:
            ledger = settle(Ledger.open(players=n), ante_deltas(n, self.rules.ante), clause="bura-stake")
        if to_move is None:
            to_move = (pl[-1].player + 1) % n if pl else first_leader(dealer, n)
        pts = tuple(points) if points is not None else tuple(card_points(w) for w in taken)
        out = frozenset(named) | {turned}
        return State(hs, st, turned, turned.suit, pl, taken, pts, to_move, False, False, dealer, deal_no, ledger,
                     seed, aside=tuple(c for c in self.deck() if c not in out), final=final)

    # ---------------------------------------------------------------- flow
    def to_move(self, state):
        return None if state.winner is not None or state.void else state.to_move

    def is_over(self, state):
        return state.winner is not None or state.void

    def deal_limit(self) -> int:
        """The most moves a deal can last (property deal_ends)."""
        return deal_moves_bound(self.players, len(self.deck()))

    def cover_options(self, state: State) -> tuple[tuple[Card, ...], ...]:
        """The answers of the player to move that beat the best combination so far, card by card
        (clause ``bura-beat-each``; computed once per state)."""
        if self._covered[0] is not state:
            rule = self.beat_rules[state.trump]
            self._covered = (state, rule.cover_options(best_of(state.plays).cards, state.hands[state.to_move]))
        return self._covered[1]

    # --------------------------------------------------------------- apply
    def apply(self, state, move):
        p, n = state.to_move, self.players
        kind = type(move)
        if kind is Claim:
            return self._claim(state, p)
        if kind is Pass:   # after the last trick: the deal has no winner (bura-no-winner)
            return self._redeal(state)
        cards = move.cards
        hands = list(state.hands)
        hands[p] = tuple([c for c in hands[p] if c not in cards])
        play = _new(Play)
        _setattr(play, "__dict__", {"player": p, "cards": cards, "kind": _PLAY_KIND[kind]})
        plays = state.plays + (play,)
        if len(plays) < n:
            return _with(state, hands=tuple(hands), plays=plays, to_move=(p + 1) % n, claimed=False, cards_out=False,
                         winner=None, event=None, turn=state.turn + 1)
        return self._take(state, tuple(hands), plays)

    def _take(self, state: State, hands, plays) -> State:
        taker = trick_taker(plays)
        cards = tuple([c for pl in plays for c in pl.cards])
        won = list(state.won)
        won[taker] = won[taker] + cards
        points = list(state.points)
        points[taker] += card_points(cards)
        hands, stock, drawn = draw_up(hands, state.stock, taker, self.rules.short_stock)
        after = _with(state, hands=hands, stock=stock, plays=(), won=tuple(won), points=tuple(points), to_move=taker,
                      claimed=False, cards_out=cards_run_out(hands), winner=None, last_trick=plays, last_taker=taker,
                      drawn=drawn, event=None, turn=state.turn + 1)
        if self.rules.claims == "automatic":
            # the taker's points are the only ones that changed: he claims at once if he has 31
            if claim_is_right(points[taker]):
                ledger = settle(state.ledger, pot_won(state.ledger[POT], taker), clause="bura-pot-won")
                return _with(after, ledger=ledger, winner=taker, event=(taker, points[taker], state.ledger[POT]))
            if deal_has_no_winner(after):
                return self._redeal(after)
        return after

    def _claim(self, state: State, p: int) -> State:
        pot, pts = state.ledger[POT], state.points[p]
        if claim_is_right(pts):
            ledger = settle(state.ledger, pot_won(pot, p), clause="bura-pot-won")
            return _with(state, ledger=ledger, winner=p, claimed=True, event=(p, pts, pot), turn=state.turn + 1)
        ledger = settle(state.ledger, wrong_claim(pot, p), clause="bura-wrong-claim")
        return _with(state, ledger=ledger, claimed=True, event=(p, pts, pot), turn=state.turn + 1)

    def _redeal(self, state: State) -> State:
        if state.final:  # a small test position: no deal follows
            return _with(state, void=True, turn=state.turn + 1, event=None)
        nxt = self.start_deal(state.seed, state.deal_no + 1, state.dealer, state.ledger)
        return _with(nxt, last_trick=state.last_trick, last_taker=state.last_taker, drawn=state.drawn)

    # ------------------------------------------------------------- results
    def outcome(self, state):
        returns = state.ledger.player_returns(Ledger.open(players=self.players), self.players)
        win = () if state.winner is None else (state.winner,)
        return Outcome(winners=win, scores=state.points, returns=returns)

    def ledger(self, state) -> Ledger:
        return state.ledger

    def max_plays(self):
        if self.rules.claims == "automatic" and self.players == 2 and self.rules.turned_card == "drawn_last":
            # the cards cannot run out with both under 31 (z3: reaches_31_two_players): one deal
            return self.deal_limit()
        return None  # a match can be dealt again for ever (property match_ends)

    # --------------------------------------------------------- information
    def zones(self, state):
        z = {f"hand {p}": h for p, h in enumerate(state.hands)}
        if self.rules.turned_card == "stays":   # face up on the table, never drawn
            z["stock"], z["turned"] = state.stock, (state.turned,)
        else:   # face up at the bottom of the stock until it is drawn, last
            z["stock"], z["turned"] = state.stock[:-1], state.stock[-1:]
        up = self.rules.throws == "up"
        z["trick"] = tuple(c for pl in state.plays if up or pl.kind != "throw" for c in pl.cards)
        for p in range(self.players):
            z[f"thrown {p}"] = () if up else tuple(c for pl in state.plays if pl.player == p and pl.kind == "throw"
                                                   for c in pl.cards)
        for p, w in enumerate(state.won):
            z[f"won {p}"] = w
        if state.aside:
            z["aside"] = state.aside
        return z

    def hidden_zones(self, state, player):
        # other hands, the stock, cards thrown face down by others, and others' taken tricks
        seen = {"turned", "trick", f"hand {player}", f"thrown {player}", f"won {player}"}
        return frozenset(z for z in self.zones(state) if z not in seen)

    def observe(self, state, player):
        # trumps, the dealer, the pot and balances, and whether a claim was made are public
        return super().observe(state, player) + (state.trump, state.dealer, state.deal_no, state.ledger,
                                                 state.claimed, state.cards_out)

    # ------------------------------------------------------------ printing
    def describe(self, state):
        hands = Msg.join(" | ", [Msg("P{player}: {cards}", player=p, cards=" ".join(map(str, h)))
                                 for p, h in enumerate(state.hands)])
        return Msg("deal {deal}, P{dealer} deals, turns {card}: trumps {suit}; pot {pot}; {hands}",
                   deal=state.deal_no + 1, dealer=state.dealer, card=str(state.turned), suit=state.trump.symbol,
                   pot=state.ledger[POT], hands=hands)

    def describe_move(self, state):
        if state.event is not None:
            p, pts, pot = state.event
            if state.winner is not None:
                return Msg("P{player} has {points} points and takes the pot of {pot}", player=p, points=pts, pot=pot)
            return Msg("P{player} has only {points} points: the pot doubles to {pot}", player=p, points=pts,
                       pot=state.ledger[POT])
        if state.plays or not state.last_trick:
            return ""
        if state.deal_no and not any(state.won) and all(len(h) == HAND_SIZE for h in state.hands):
            return Msg.join("\n      ", [Msg("nobody claimed 31: dealt again"), self.describe(state)])
        cards = tuple(c for pl in state.last_trick for c in pl.cards)
        text = Msg("P{player} takes {cards} ({points} points); points {scores}", player=state.last_taker,
                   cards=" ".join(map(str, cards)), points=card_points(cards), scores=" ".join(map(str, state.points)))
        return Msg("{trick}; the cards are out", trick=text) if state.cards_out else text


def _turned_card(stock: tuple[Card, ...], turned: str | Card | None) -> Card:
    """The turned card a position names, by default the stock's bottom card."""
    if turned is None:
        if not stock:
            raise ValueError("name the turned card: the stock is empty")
        return stock[-1]
    return as_card(turned)


def _with(state: State, **changes) -> State:
    """``state`` with some fields changed: a frozen state made from its field dict (five
    times faster than ``dataclasses.replace``; ``apply`` is the hot path of random play)."""
    d = state.__dict__.copy()
    d.update(changes)
    after = _new(State)
    _setattr(after, "__dict__", d)
    return after


GAME = Bura
