"""Kerosinka (Керосинка): four players, 36 cards, a match of deals to 300 points.

Source: ``003_7a0ed7952c70980c.txt``, "(untitled) Kerosinka" (lines 99-123).

Each deal is nine tricks. The dealer's last card is shown and its suit is
trumps. The 10♥ -- the *kerosinka* -- is the highest trump and belongs to no
suit, so hearts rank without their ten. A player answers the card led with a
card of its suit or of its rank, and only when unable to do either plays a
trump. Taken cards score their points (ace 11, ten 10, king 4, queen 3, jack
2); the first player to reach the target total wins the match.

Seats are numbered clockwise: P1 sits on P0's left. Play and the deal go
clockwise, to the left.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Literal

from spec.cards import Card, Rank, Suit, as_card, as_cards, check_named_once, make_deck
from spec.clauses import ClauseBook
from spec.dealing import Match, deal_round_robin, redraws, rng_for, seats_from, sorted_hand
from spec.engine import Game, GameInfo, Outcome, Source
from spec.i18n import N_, Msg
from spec.rules import Table, setting
from spec.tricks import (Play, SuitlessDuties, TrickOrder, allowed_plays, hand_zones, hands_text, lay, points_in,
                         rank_order, refused_play, seat_trick, take, taken_text, trick_zones)

INFO = GameInfo(
    id="kerosinka",
    name_en="Kerosinka",
    name_ru="Керосинка",
    min_players=4,
    max_players=4,
    deck="36",
    family=N_("trick-taking"),
    chance=True,
    hidden_information=True,
    zero_sum=True,  # winners' gains pay for the losers' losses (property zero_sum)
    source=Source(file="003_7a0ed7952c70980c.txt", title=N_("(untitled) Kerosinka"), lines="99-123"),
)

CLAUSES = ClauseBook(INFO.id)

PLAYERS = 4
HAND_SIZE = 9
DECK = make_deck(INFO.deck)
#: The kerosinka itself: the top trump, a card of no suit.
KEROSINKA = Card(Rank.TEN, Suit.HEARTS)

#: The source's order of every suit, lowest first; hearts have the same order without their ten.
ORDER = rank_order(Rank.SIX, Rank.SEVEN, Rank.EIGHT, Rank.NINE, Rank.JACK, Rank.QUEEN, Rank.KING,
                   Rank.TEN, Rank.ACE)
#: Card points of taken cards (the 6-9 count nothing).
POINTS = Table({Rank.ACE: 11, Rank.TEN: 10, Rank.KING: 4, Rank.QUEEN: 3, Rank.JACK: 2})
#: The points of the whole deck: 4 x (11 + 10 + 4 + 3 + 2) (property deck_points).
DECK_POINTS = 120


@dataclass(frozen=True, kw_only=True)
class Rules:
    """Parameters of Kerosinka. Defaults are the source's rules and, where it
    is silent, the project's decisions."""

    target: int = setting(300, range=(30, 100_000))
    """The match total that wins. Source: "usually 300 or 500"; default 300
    (preset ``to_500``)."""

    answer_to: Literal["led", "previous"] = "led"
    """Which card a player must answer by suit or rank. The source says "the
    card laid", which may be the card that led the trick (default, the usual
    trick-game reading) or the card played just before (``"previous"``)."""

    kerosinka_is_a_ten: bool = True
    """Whether the 10♥ answers a ten led, as a ten (decision: yes -- the source
    takes it out of the hearts, not out of the tens, and a lead of the 10♥ is
    answered with tens). ``False``: it is played only as a trump."""

    turned_kerosinka: Literal["hearts", "redeal"] = "hearts"
    """The source does not say what is trumps when the dealer's last card is
    the 10♥ itself. Default ``"hearts"``, its printed suit; ``"redeal"``:
    the cards are shuffled and dealt again."""

    tie: Literal["share", "counting_order"] = "share"
    """Points are counted after each deal, so several players can pass the
    target in the same deal (see the errata). Default ``"share"``: the highest
    total wins, equal highest totals share the win. ``"counting_order"``: of
    the players at or over the target, the first counted (from the dealer's
    left) wins."""


PRESETS = {"to_500": {"target": 500}, "answer_previous": {"answer_to": "previous"},
           "strict_kerosinka": {"kerosinka_is_a_ten": False, "turned_kerosinka": "redeal"}}


@dataclass(frozen=True)
class State:
    hands: tuple[tuple[Card, ...], ...]
    trick: tuple[tuple[int, Card], ...]     # plays of the trick in progress
    won: tuple[tuple[Card, ...], ...]       # cards each player has taken this deal
    to_move: int
    dealer: int
    trump: Suit
    turned: Card                            # the dealer's last card, shown to all
    match: Match
    seed: int = 0
    last_trick: tuple[tuple[int, Card], ...] = ()
    last_winner: int = -1
    stock: tuple[Card, ...] = ()            # cards not dealt: none in a real deal (small test positions)


# ------------------------------------------------------------------ clauses

CLAUSES.note("kerosinka-players", "Four players, the 36-card deck",
             unchecked="fixed by the game's metadata; the generic cards_conserved property checks the 36 cards")
CLAUSES.note("kerosinka-penalty", "A wrong card or cheating loses at once, or pays a fine agreed beforehand",
             unchecked="the engine refuses every wrong card (naming its clause), so the penalty never arises")


@CLAUSES.rule("kerosinka-dealer", "The first dealer is chosen by lot; the deal then passes to the left",
              unchecked="the lot is chance (the seed); the rotation is checked by deal_start")
def dealer_of(first: int, deals_done: int) -> int:
    """The dealer of the next deal: the first dealer, moved left once per deal played (decision)."""
    return (first + deals_done) % PLAYERS


@CLAUSES.rule("kerosinka-deal", "Nine cards each, one at a time, starting on the dealer's left")
def deal_hands(cards: Sequence[Card], dealer: int, per_seat: int = HAND_SIZE) -> tuple[tuple[Card, ...], ...]:
    """Hands in the order received: the dealer's last card is the last card dealt."""
    return deal_round_robin(cards, seats_from((dealer + 1) % PLAYERS, PLAYERS), per_seat)


@CLAUSES.rule("kerosinka-trump", "The dealer's last card is shown to all; its suit is trumps")
def trump_of(turned: Card) -> Suit:
    return turned.suit


@CLAUSES.rule("kerosinka-kerosinka", "The 10♥ is the highest trump and is not a heart; hearts rank without it")
def trick_order(trump: Suit) -> TrickOrder:
    """The card order of a deal: the source's order in every suit, the 10♥ above every trump."""
    return TrickOrder(trump, ORDER, super_trumps=(KEROSINKA,))


@CLAUSES.rule("kerosinka-first-lead", "The player on the dealer's left leads the first trick")
def first_leader(dealer: int) -> int:
    return (dealer + 1) % PLAYERS


def duties(rules: Rules) -> SuitlessDuties:
    """Answer the suit or the rank, else trump; the 10♥ belongs to no suit."""
    return SuitlessDuties(follow=True, follow_rank=True, trump=True, suitless=(KEROSINKA,),
                          suitless_rank=rules.kerosinka_is_a_ten)


def answered(state: State, rules: Rules) -> tuple[tuple[int, Card], ...]:
    """The play a player must answer: the lead, or (``answer_to="previous"``) the card before."""
    if rules.answer_to == "previous":
        return state.trick[-1:]
    return state.trick[:1]


CLAUSES.note("kerosinka-hold", "A player plays one card of their own hand",
             "spec.games.kerosinka.answer_suit_or_rank")
CLAUSES.note("kerosinka-lead", "The leader may play any card", "spec.games.kerosinka.answer_suit_or_rank")
CLAUSES.note("kerosinka-ten-led", "When the 10♥ is led, play a ten; with no ten, a trump",
             "spec.games.kerosinka.answer_suit_or_rank")


def _refused(game, state, move) -> tuple[str, str]:
    """Which of the answering clauses refuses ``move``, and why."""
    plays = answered(state, game.rules)
    follow = "kerosinka-ten-led" if plays and plays[0][1] == KEROSINKA else "kerosinka-follow"
    return refused_play("kerosinka-hold", follow, game.duties, state.to_move, state.hands[state.to_move], plays,
                        game.orders[state.trump], move.card)


@CLAUSES.rule("kerosinka-follow", "Play a card of the suit or the rank of the card laid; "
              "with neither, a trump; with no trump, any card", offers=Play, refused=_refused)
def answer_suit_or_rank(game, state) -> tuple[Play, ...]:
    """The cards of the hand the answering duty allows (the tricks kit's :class:`~spec.tricks.SuitlessDuties`);
    the leader, with nothing to answer, any card."""
    return allowed_plays(game.duties, state.hands[state.to_move], answered(state, game.rules), game.orders[state.trump])


@CLAUSES.rule("kerosinka-trick", "The highest trump, else the highest card of the suit led, takes the trick; "
              "its taker leads next")
def trick_taker(plays: Sequence[tuple[int, Card]], order: TrickOrder) -> int:
    """Who takes a complete trick, under the deal's ``trick_order`` (decision: the taker leads the
    next, as usual; the source is silent)."""
    return order.winner(plays)


@CLAUSES.rule("kerosinka-points", "Taken cards score: ace 11, ten 10, king 4, queen 3, jack 2, the rest 0")
def deal_scores(won: Sequence[Sequence[Card]], points=POINTS) -> tuple[int, ...]:
    return tuple(points_in(cards, points) for cards in won)


@CLAUSES.rule("kerosinka-target", "The first player to reach the target total (300 or 500) wins the match")
def match_winners(match: Match, dealer: int, tie: str) -> tuple[int, ...]:
    """The winners of a finished match: the highest total (equal highest share), or under
    ``tie="counting_order"`` the first at or over the target counting from the dealer's left."""
    if tie == "counting_order" and match.target is not None:
        for p in seats_from((dealer + 1) % PLAYERS, PLAYERS):
            if match.totals[p] >= match.target:
                return (p,)
    return match.leaders()


def win_returns(win: Sequence[int]) -> tuple[int, ...]:
    """Each loser pays each winner one (equal highest share the win)."""
    k = len(win)
    return tuple(PLAYERS - k if p in win else -k for p in range(PLAYERS))


def deals_bound(target: int) -> int:
    """Deals after which some player must have reached ``target``: every deal hands out
    120 points, so the best of four totals is at least 120 x deals / 4 (property match_ends)."""
    return -(-target * PLAYERS // DECK_POINTS)


# --------------------------------------------------------------------- game

def new_deal(seed: int, deal_no: int, dealer: int, rules: Rules) -> tuple[tuple[tuple[Card, ...], ...], Card]:
    """The hands (sorted) and the shown card of deal ``deal_no``; with ``turned_kerosinka="redeal"``
    a deal that shows the 10♥ is shuffled again (attempt 1, 2 ... of the same deal)."""
    for attempt in redraws("kerosinka-trump"):
        cards = list(DECK)
        rng_for(seed, deal_no, attempt).shuffle(cards)
        hands = deal_hands(cards, dealer)
        turned = hands[dealer][-1]
        if turned != KEROSINKA or rules.turned_kerosinka != "redeal":
            return tuple(sorted_hand(h) for h in hands), turned


class Kerosinka(Game[State, Play]):
    info = INFO
    Rules = Rules
    move_kinds = (Play,)
    over_clause = "kerosinka-target"

    def __init__(self, rules=None, *, players=None):
        super().__init__(rules, players=players)
        self.duties = duties(self.rules)
        self.orders = {s: trick_order(s) for s in Suit}

    def deck(self):
        return DECK

    def deal(self, seed: int) -> State:
        first = rng_for(seed).randrange(PLAYERS)
        return self.start_deal(seed, Match.start(PLAYERS, target=self.rules.target), first)

    def start_deal(self, seed: int, match: Match, dealer: int) -> State:
        hands, turned = new_deal(seed, match.deals, dealer, self.rules)
        empty = ((),) * PLAYERS
        return State(hands, (), empty, first_leader(dealer), dealer, trump_of(turned), turned, match, seed)

    def position(self, hands: Sequence[Sequence[Card] | str], trick: Sequence[Card] | str = (), *,
                 dealer: int = PLAYERS - 1, turned: Card | str | None = None, to_move: int | None = None,
                 won: Sequence[Sequence[Card] | str] = ((),) * PLAYERS, stock: Sequence[Card] | str = (),
                 match: Match | None = None, seed: int = 0) -> State:
        """A position of a deal: what each player holds, the trick on the table, who deals and what
        card is shown. How the verifier's small configurations and the tests set up play.

        ``hands``: the four hands by seat, each kept in the order given (a deal sorts them).
        ``trick``: the cards of the trick in progress in the order played, the last by the seat
        before ``to_move``. ``dealer``: default P3, so that P0 leads. ``turned``: the dealer's shown
        card, whose suit is trumps; default the last card of the dealer's hand. ``to_move``: default
        the dealer's left when no card is on the table, else the seat after the trick's last card.
        ``won``: each seat's taken cards. ``stock``: cards left undealt (a small position's).
        ``match``: the running totals (default: none yet, to the rules' target). Cards are
        :class:`~spec.cards.Card` values or card notation; a card named twice, or not of the 36,
        raises ``ValueError`` (:func:`~spec.cards.check_named_once`)."""
        hands, won = tuple(map(as_cards, hands)), tuple(map(as_cards, won))
        trick, stock = as_cards(trick), as_cards(stock)
        if turned is None and not hands[dealer]:
            raise ValueError(f"name the shown card: the dealer P{dealer} holds none")
        turned = hands[dealer][-1] if turned is None else as_card(turned)
        check_named_once(DECK, *hands, trick, *won, stock)
        check_named_once(DECK, (turned,))
        to_move, plays = seat_trick(trick, first_leader(dealer), PLAYERS, to_move)
        match = match or Match.start(PLAYERS, target=self.rules.target)
        return State(hands, plays, won, to_move, dealer, trump_of(turned), turned, match, seed, stock=stock)

    def to_move(self, state):
        return None if state.match.over else state.to_move

    def is_over(self, state):
        return state.match.over

    def apply(self, state, move):
        p = state.to_move
        hands, trick = lay(state.hands, p, move.card), state.trick + ((p, move.card),)
        if len(trick) < PLAYERS:  # hand-built, not dataclasses.replace: this is most moves
            return State(hands, trick, state.won, (p + 1) % PLAYERS, state.dealer, state.trump, state.turned,
                         state.match, state.seed, state.last_trick, state.last_winner, state.stock)
        winner = trick_taker(trick, self.orders[state.trump])
        won = take(state.won, winner, trick)
        if hands[winner]:
            return State(hands, (), won, winner, state.dealer, state.trump, state.turned, state.match, state.seed,
                         trick, winner, state.stock)
        match = state.match.add(deal_scores(won))
        if match.over:
            return replace(state, hands=hands, trick=(), won=won, to_move=winner, match=match, last_trick=trick,
                           last_winner=winner)
        nxt = self.start_deal(state.seed, match, dealer_of(state.dealer, 1))
        return replace(nxt, last_trick=trick, last_winner=winner)

    def outcome(self, state):
        win = match_winners(state.match, state.dealer, self.rules.tie)
        return Outcome(winners=win, scores=state.match.totals, returns=win_returns(win))

    def standing(self, state):
        """As if the match ended now: the highest totals so far win (nobody has the target yet)."""
        return win_returns(match_winners(state.match, state.dealer, self.rules.tie))

    def zones(self, state):
        return {**hand_zones(state.hands, state.turned, state.dealer), **trick_zones(state.trick, state.won),
                "stock": state.stock}

    def observe(self, state, player):
        # trumps, the dealer and the match totals are public
        return super().observe(state, player) + (state.trump, state.dealer, state.match.totals)

    def deal_limit(self) -> int:
        """The most deals a match can last (property match_ends)."""
        return deals_bound(self.rules.target)

    def max_plays(self):
        return PLAYERS * HAND_SIZE * self.deal_limit()

    def describe(self, state):
        return Msg("deal {deal}, P{dealer} deals, shows {card}: trumps {suit}; totals {totals}; {hands}",
                   deal=state.match.deals + 1, dealer=state.dealer, card=str(state.turned), suit=state.trump.symbol,
                   totals=" ".join(map(str, state.match.totals)), hands=hands_text(state.hands))

    def describe_move(self, state):
        if state.trick or not state.last_trick:
            return ""
        cards = tuple(c for _, c in state.last_trick)
        text = taken_text(state.last_winner, state.last_trick, deal_scores((cards,))[0])
        totals = " ".join(map(str, state.match.totals))
        if state.match.over:
            return Msg("{trick}; match over, totals {totals}", trick=text, totals=totals)
        if all(len(h) == HAND_SIZE for h in state.hands):
            return Msg.join("\n      ", [Msg("{trick}; deal over, totals {totals}", trick=text, totals=totals),
                                        self.describe(state)])
        return text


GAME = Kerosinka
