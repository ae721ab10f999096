"""Sixty-Six (Шестьдесят шесть): a two-hand trick-taking game with a stock.

Source: ``000_c16f26f3ff8231c5.txt``, "Шестьдесят шесть" (text A, lines
21-61, twenty numbered rules) and "ШЕСТЬДЕСЯТ ШЕСТЬ" (text B, lines 947-981).
The defaults follow text A for two players.

Each player holds six cards from a 24-card deck; the next card is turned up
for trump and lies under the stock. While the stock lasts any card may be
played and both players draw after each trick, the trick's winner first.
Leading a queen or king whose partner is in the same hand scores a marriage
(20, or 40 in trumps). Once the stock is used up, or closed by a player
while it still holds five cards, suit must be followed, or else a trump
played. Whoever first holds 66 points (card points of the tricks
taken, marriages, 10 for the last trick) wins one, two or three game points.

One game object models one game (one deal). With ``partie = true`` it plays
a whole partie instead: game after game until someone has eight game points.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields
from typing import Any, Literal

from spec.cards import Card, as_card, as_cards, check_named_once, Rank, Suit, format_card, format_cards, make_deck, sort_key
from spec.clauses import ClauseBook
from spec.dealing import Match, deal_round_robin, rng_for, seats_from, sorted_hand
from spec.engine import Game, GameInfo, Outcome, Source
from spec.i18n import N_, Msg
from spec.moves import move
from spec.rules import Table, setting
from spec.tricks import TEN_HIGH_ORDER, Duties, TrickOrder

INFO = GameInfo(
    id="sixty_six",
    name_en="Sixty-Six",
    name_ru="Шестьдесят шесть",
    min_players=2,
    max_players=3,     # three only with ``allow_three`` (text B), see Rules
    deck="24",
    family=N_("trick-taking"),
    chance=True,
    hidden_information=True,
    zero_sum=True,     # game points go to the winner only; nothing is staked
    source=Source(file="000_c16f26f3ff8231c5.txt",
                  title="Шестьдесят шесть (text A); ШЕСТЬДЕСЯТ ШЕСТЬ (text B)",
                  lines="21-61; 947-981"),
)

CLAUSES = ClauseBook(INFO.id)

# ------------------------------------------------------------------ tables

#: Card points by rank (both texts): A 11, 10 10, K 4, Q 3, J 2, 9 nothing.
CARD_POINTS: Mapping[Rank, int] = Table({
    Rank.ACE: 11, Rank.TEN: 10, Rank.KING: 4, Rank.QUEEN: 3, Rank.JACK: 2, Rank.NINE: 0,
})

#: Trick-taking strength, high to low A 10 K Q J 9 (both texts).
RANK_ORDER: Mapping[Rank, int] = TEN_HIGH_ORDER

#: Game points written for a won game (text A rules 18-19, text B the same).
GAME_POINTS: Mapping[str, int] = Table({"single": 1, "double": 2, "triple": 3})

#: Card points in the whole deck, and with the last-trick bonus (checked by the verifier).
DECK_POINTS = 120

HAND_SIZE = 6

#: The deck, built once.
DECK: tuple[Card, ...] = make_deck("24")
assert list(DECK) == sorted(DECK, key=sort_key)      # the deal sorts hands by position in the pack
# Looked up by rank: a rank hashes as an int, a whole card (its suit an Enum) costs ~0.2 µs to hash.
_RANK_PTS = {r: CARD_POINTS[r] for r in CARD_POINTS}
_MARRIAGE_RANKS = frozenset((Rank.KING, Rank.QUEEN))


# ------------------------------------------------------------------- moves
# The written forms are those of the records saved before the kernel: a card
# ("Q♠"), "marry K♥" and "close" (the Russian words are read too).

@move("{card}", kind="play")
class Play:
    """Play ``card`` to the trick: a lead or a follow."""

    card: Card


@move("marry {card}", "марьяж {card}", kind="marriage")
class Marry:
    """Lead ``card`` (a queen or king) and declare the marriage with its partner."""

    card: Card


@move("close", "закрыть", kind="close")
class Close:
    """Close the stock: nobody draws any more."""


#: The moves, built once (a frozen record costs ~0.5 µs to make on a hot path).
CLOSE = Close()
_CLOSING = (CLOSE,)
_PLAYS = tuple(Play(c) for c in DECK)
_PLAY = dict(zip(DECK, _PLAYS))

Move = Play | Marry | Close

_PARTNER = {Card(Rank.KING, s): Card(Rank.QUEEN, s) for s in Suit}
_PARTNER.update({Card(Rank.QUEEN, s): Card(Rank.KING, s) for s in Suit})
_MARRY = {c: Marry(c) for c in _PARTNER}
_MARRY_OF = _MARRY.__getitem__


@dataclass(frozen=True, kw_only=True)
class Rules:
    """Parameters of Sixty-Six. The defaults are text A for two players."""

    target: int = setting(66, range=(1, 230))
    """Points that win the game. Both texts: 66."""

    marriage_points: int = setting(20, range=(0, 200))
    """A marriage in a plain suit. Both texts: 20."""

    trump_marriage_points: int = setting(40, range=(0, 200))
    """The marriage in trumps. Both texts: 40."""

    marriage_needs_trick: bool = False
    """Decision (the texts are silent). ``false``: a marriage counts the moment
    it is declared. ``true`` (the German custom): it counts only once the
    declarer has taken a trick, and is lost if he never does."""

    last_trick_bonus: int = setting(10, range=(0, 100))
    """Points for the last trick. Both texts: 10, with no exception for a
    closed stock."""

    close_min_stock: int = setting(5, range=(0, 18))
    """The stock may be closed only while it holds at least this many cards.
    Both texts: five."""

    close_counts_trump_card: bool = True
    """Decision: whether the turned trump card, which lies under the stock
    (text B says so), counts among those cards. ``false`` counts only the
    face-down cards. With the 24-card deck both readings allow closing at the
    same moments (a verified property)."""

    close_before_first_trick: bool = True
    """Decision: text A says the stock is closed "during the play"; ``true``
    lets the first leader close before the first trick as well. ``false``:
    nobody closes until the first trick is complete."""

    closer: Literal["leader", "either"] = "either"
    """Who may close the stock. ``either`` (both texts: "one of the partners",
    with no word about the lead): any player, at his turn to play, before he
    plays his card; a follower who closes plays that very trick under the
    last-phase rules. ``leader`` (the German custom, and this engine before
    the option existed): only the player about to lead."""

    must_head: bool = False
    """Decision (the texts are silent): once the stock is exhausted or closed,
    whether a player who can win the trick must do so (with a higher card of
    the suit led, or a trump when void). ``false``: following suit, else
    trumping, is all that is required."""

    schneider: int = setting(33, range=(0, 230))
    """A loser with fewer points than this loses double. Both texts: 33."""

    schneider_counts: Literal["cards", "all"] = "cards"
    """What the 33 test counts. ``cards`` (the texts' wording, "cards worth less
    than 33"): card points of the loser's tricks. ``all``: his marriages and
    last-trick bonus too."""

    closer_triple_if: Literal["winner_no_trick", "winner_no_trick_at_close", "closer_no_trick"] = \
        "winner_no_trick"
    """When a failed closer loses triple instead of double (text A rule 19 is
    ambiguous). ``winner_no_trick`` (our reading; text B names the scorer as
    the one without a trick): the opponent who scores took no trick in the
    game. ``winner_no_trick_at_close`` (the German custom): he had no trick when
    the stock was closed. ``closer_no_trick``: the closer took no trick."""

    partie: bool = False
    """``true``: one game object plays a whole partie, deal after deal, until
    someone has ``partie_target`` game points. ``false``: a single game."""

    partie_target: int = setting(8, range=(1, 100))
    """Game points that win a partie. Both texts: eight games, a double or
    triple game counting as two or three."""

    deal_after_draw: Literal["same", "next"] = "same"
    """Decision: who deals after a drawn game (no winner to deal). ``same``:
    the same dealer again. ``next``: the deal passes to the left."""

    allow_three: bool = False
    """Allow three players (text B's claim), with the assumptions of the
    rulebook: six cards each, the 19th card turned for trump."""


PRESETS = {
    "partie": {"partie": True},
    "three": {"allow_three": True},
    "must-head": {"must_head": True},
    "leader-closes": {"closer": "leader"},
    "german": {"marriage_needs_trick": True, "closer_triple_if": "winner_no_trick_at_close",
               "schneider_counts": "all", "closer": "leader"},
}

#: What the engine did before these options existed: records saved without a
#: format version are replayed with these values (``closer`` was "leader").
LEGACY_DEFAULTS = {"closer": "leader"}


# ------------------------------------------------------------------- state

@dataclass(frozen=True)
class State:
    """A position.

    ``stock[0]`` is the next card drawn; while the stock lasts, ``stock[-1]``
    is the turned trump card. ``trick`` holds the (player, card) plays of the
    trick in progress. ``points`` are the totals counting toward 66 (card
    points, marriages, last trick); ``card_points`` only the tricks' cards.
    """

    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]
    trump: Suit
    trick: tuple[tuple[int, Card], ...]
    to_move: int
    piles: tuple[tuple[Card, ...], ...]
    points: tuple[int, ...]
    card_points: tuple[int, ...]
    tricks: tuple[int, ...]
    pending: tuple[int, ...]
    closed_by: int | None
    close_tricks: tuple[int, ...] | None
    dealer: int
    seed: int
    deal_no: int = 0
    totals: tuple[int, ...] = ()
    result: tuple[int, ...] | None = None
    last_result: tuple[int, ...] | None = None
    trump_card: Card | None = None
    #: the hands again, as the moves that play each card (same order): kept alongside so that the
    #: move generator hands them out without rebuilding them (a card's hash costs ~0.2 µs)
    plays: tuple[tuple["Play", ...], ...] = ()
    #: the stock as dealt, as moves: the card drawn from a stock of k cards is the one k from the end
    dealt_stock: tuple["Play", ...] = ()


# ----------------------------------------------------------------- clauses

CLAUSES.note("sixty-six-deck", "24 cards; in each suit A 10 K Q J 9, high to low",
             "spec.games.sixty_six.RANK_ORDER")


@CLAUSES.rule("sixty-six-card-points", "Card points: A 11, 10 10, K 4, Q 3, J 2, 9 nothing")
def card_points(cards) -> int:
    return sum([_RANK_PTS[c[0]] for c in cards])


@CLAUSES.rule("sixty-six-players", "Two players (text A); three only in the consistent variant")
def player_counts(rules: Rules) -> range:
    return range(2, 4) if rules.allow_three else range(2, 3)


@CLAUSES.rule("sixty-six-dealer", "The first dealer is chosen by lot; afterwards the winner of a game deals")
def next_dealer(dealer: int, winners: Sequence[int], players: int, rules: Rules) -> int:
    """The next game's dealer. After a draw (or two winners) see ``deal_after_draw``."""
    if len(winners) == 1:
        return winners[0]
    return dealer if rules.deal_after_draw == "same" else (dealer + 1) % players


@CLAUSES.rule("sixty-six-first-lead", "The loser of the last game (the player left of the dealer) leads first")
def first_leader(dealer: int, players: int) -> int:
    return (dealer + 1) % players


@CLAUSES.rule("sixty-six-deal", "Six cards each; the next card is turned for trump and lies under the stock")
def deal_cards(cards: Sequence[Card], dealer: int, players: int, arrange=sorted_hand):
    """Deal one card at a time from the dealer's left; return (hands, trump card, stock).

    The trump card is the first card after the hands: the 13th with two
    players, the 19th with three. It is drawn last. ``arrange`` puts a hand
    in order (the engine deals positions in the pack, arranged by ``sorted``).
    """
    hands = deal_round_robin(cards, seats_from((dealer + 1) % players, players), HAND_SIZE)
    i = players * HAND_SIZE
    trump_card = cards[i]
    stock = tuple(cards[i + 1:]) + (trump_card,)
    return tuple(arrange(h) for h in hands), trump_card, stock


@CLAUSES.rule("sixty-six-beats", "A card is beaten by a higher card of its suit or by a trump")
def trick_order(trump: Suit) -> TrickOrder:
    """The tricks kit's card order (:class:`~spec.tricks.TrickOrder`) under ``trump``, with this game's ranks,
    A 10 K Q J 9."""
    return TrickOrder(trump, RANK_ORDER)


@CLAUSES.rule("sixty-six-trick", "The highest trump, else the highest card of the suit led, wins the trick")
def trick_winner(plays: Sequence[tuple[int, Card]], order: TrickOrder) -> int:
    """Who wins a complete trick, under the deal's :func:`trick_order`."""
    return order.winner(plays)


@CLAUSES.rule("sixty-six-next-lead", "The winner of a trick leads to the next")
def next_leader(winner: int) -> int:
    return winner


@CLAUSES.rule("sixty-six-draw", "While the stock lasts, the trick's winner draws first, then the others in turn")
def draw_order(winner: int, players: int) -> tuple[int, ...]:
    return tuple((winner + k) % players for k in range(players))


@CLAUSES.rule("sixty-six-last-phase-start", "The last phase begins when the stock is exhausted or closed")
def in_last_phase(stock: tuple[Card, ...], closed_by: int | None) -> bool:
    return closed_by is not None or not stock


# The moves of the three kinds, in the order they are listed: the cards of the hand, the marriages, closing.

@CLAUSES.rule("sixty-six-stock-play", "While the stock lasts any card of the hand may be played: no need to "
                                      "follow or trump", offers=Play, refused="P{player} does not hold {move}")
def hand_cards(game, state) -> tuple[Play, ...]:
    """Every card of the hand, led or followed (the moves are kept in the state beside the hand);
    in the last phase :func:`obey_last_phase` narrows them."""
    return state.plays[state.to_move]


def last_phase_duties(rules: Rules) -> Duties:
    """The tricks kit's :class:`~spec.tricks.Duties`: follow suit, else trump; with ``must_head`` also win the
    trick if able."""
    return Duties(follow=True, trump=True, head=rules.must_head)


def _disobeys(game, state, move) -> str:
    """Why a follower's card breaks the last phase's duties (the duty the tricks kit names), and what is allowed."""
    hand, card, order = state.hands[state.to_move], move.card, game.orders[state.trump]
    allowed = format_cards(game.duties.options(hand, state.trick, order))
    led = state.trick[0][1]
    duty = game.duties.broken(card, hand, state.trick, order)
    if duty == "follow":
        return Msg("{card} does not follow suit: {led} was led; play {allowed}", card=format_card(card),
                   led=format_card(led), allowed=allowed)
    if duty == "trump":
        return Msg("{card} neither follows {suit} nor trumps, and the hand holds a trump; play {allowed}",
                   card=format_card(card), suit=led.suit.symbol, allowed=allowed)
    return Msg("{card} does not win the trick, and the rules (must_head) ask for a card that does: play {allowed}",
               card=format_card(card), allowed=allowed)


@CLAUSES.rule("sixty-six-last-phase", "Stock exhausted or closed: follow suit, else trump (trump on trump)",
              narrows=Play, refused=_disobeys)
def obey_last_phase(game, state, moves: tuple[Play, ...]) -> tuple[Play, ...]:
    """Once the stock is exhausted or closed, a follower follows suit, else trumps (and heads, if the rules
    say): the cards :func:`last_phase_duties` allow. A leader may play anything."""
    if not state.trick or not in_last_phase(state.stock, state.closed_by):
        return moves
    hand = state.hands[state.to_move]
    options = game.duties.options(hand, state.trick, game.orders[state.trump])
    if len(options) == len(hand):
        return moves
    return tuple([m for m in moves if m.card in options])


def marriage_cards(hand: tuple[Card, ...]) -> tuple[Card, ...]:
    """The cards of ``hand`` that declare a marriage when led: each queen and king whose partner is in the hand."""
    return tuple([c for c in hand if c[0] in _MARRIAGE_RANKS and _PARTNER[c] in hand])


def _undeclarable(game, state, move) -> str:
    """Why ``move`` declares no marriage."""
    card, p = move.card, state.to_move
    if card not in _PARTNER:
        return Msg("{card} makes no marriage: a marriage is a king and queen of one suit, declared by leading one "
                   "of them", card=format_card(card))
    if state.trick:
        return Msg("a marriage is declared only when leading, and P{player} is following {card}", player=p,
                   card=format_card(state.trick[0][1]))
    return Msg("P{player} does not hold both {card} and {partner}", player=p, card=format_card(card),
               partner=format_card(_PARTNER[card]))


@CLAUSES.rule("sixty-six-marriage", "A player leading a queen or king whose partner he holds may declare the "
                                    "marriage", offers=Marry, refused=_undeclarable)
def marriages(game, state) -> tuple[Marry, ...]:
    """The leader's :func:`marriage_cards`, each declared by leading it; a follower declares none."""
    if state.trick:
        return ()
    return tuple(map(_MARRY_OF, marriage_cards(state.hands[state.to_move])))


@CLAUSES.rule("sixty-six-marriage-points", "A marriage scores 20, the trump marriage 40; undeclared marriages "
                                           "score nothing")
def marriage_value(suit: Suit, trump: Suit, rules: Rules) -> int:
    return rules.trump_marriage_points if suit == trump else rules.marriage_points


def may_close(stock: tuple[Card, ...], closed_by: int | None, leading: bool, tricks_played: int,
              rules: Rules) -> bool:
    """Whether the player to move may close: the stock open and big enough; the lead, or ``closer = either``."""
    if closed_by is not None or (not leading and rules.closer == "leader"):
        return False
    if tricks_played == 0 and not rules.close_before_first_trick:
        return False
    count = len(stock) if rules.close_counts_trump_card else len(stock) - 1
    return bool(stock) and count >= rules.close_min_stock


def _unclosable(game, state, move) -> str:
    """Why the stock may not be closed now (the first condition of :func:`may_close` that fails)."""
    rules, leading, played = game.rules, not state.trick, sum(state.tricks)
    if state.closed_by is not None:
        return Msg("the stock is already closed (by P{player})", player=state.closed_by)
    if not state.stock:
        return Msg("the stock is used up: there is nothing left to close")
    if not leading and rules.closer == "leader":
        return Msg("only the player about to lead may close the stock (closer = leader)")
    if played == 0 and not rules.close_before_first_trick:
        return Msg("the stock may not be closed before the first trick is complete (close_before_first_trick = false)")
    if rules.close_counts_trump_card:
        return Msg("the stock holds {n} cards, too few to close (at least {least} needed)", n=len(state.stock),
                   least=rules.close_min_stock)
    return Msg("the stock holds {n} cards besides the turned trump, too few to close (at least {least} needed; "
               "close_counts_trump_card = false)", n=len(state.stock) - 1, least=rules.close_min_stock)


@CLAUSES.rule("sixty-six-close", "A player may close the stock at his turn while it holds at least five cards "
                                 "(with closer = leader, only the player on lead)", offers=Close, refused=_unclosable)
def closing(game, state) -> tuple[Close, ...]:
    """Closing, when :func:`may_close` allows it to the player to move (with no stock, without asking it)."""
    if state.stock and may_close(state.stock, state.closed_by, not state.trick, sum(state.tricks), game.rules):
        return _CLOSING
    return ()


@CLAUSES.rule("sixty-six-last-trick", "The last trick earns 10 more points")
def last_trick_points(hands_empty: bool, rules: Rules) -> int:
    return rules.last_trick_bonus if hands_empty else 0


@CLAUSES.rule("sixty-six-win", "Whoever first holds 66 points wins the game, which ends at once")
def reached(points: int, rules: Rules) -> bool:
    return points >= rules.target


@CLAUSES.rule("sixty-six-game-points", "The winner scores 1; 2 if the loser has under 33; 3 if the loser took no trick")
def game_points(loser_measures: Sequence[int], loser_tricks: Sequence[int], rules: Rules) -> int:
    """Game points of a winner; the measures are the losers' points per ``schneider_counts``."""
    if all(t == 0 for t in loser_tricks):
        return GAME_POINTS["triple"]
    if all(m < rules.schneider for m in loser_measures):
        return GAME_POINTS["double"]
    return GAME_POINTS["single"]


@CLAUSES.rule("sixty-six-closer-penalty",
              "A closer who does not reach 66 loses double; triple when the scorer took no trick (our reading)")
def closer_penalty(scorer: int, closer: int, tricks: Sequence[int], close_tricks: Sequence[int],
                   rules: Rules) -> int:
    how = rules.closer_triple_if
    if how == "winner_no_trick":
        triple = tricks[scorer] == 0
    elif how == "winner_no_trick_at_close":
        triple = close_tricks[scorer] == 0
    else:
        triple = tricks[closer] == 0
    return GAME_POINTS["triple"] if triple else GAME_POINTS["double"]


@CLAUSES.rule("sixty-six-draw-game", "If nobody reaches 66 (and nobody closed) the game is drawn: nothing is scored")
def score_game(winner: int | None, points: Sequence[int], card_pts: Sequence[int], tricks: Sequence[int],
               closed_by: int | None, close_tricks: Sequence[int] | None, rules: Rules) -> tuple[int, ...]:
    """Game points of each player for a finished game.

    ``winner`` is the player who reached 66, or ``None`` when the hands ran
    out first. A closer who did not win pays the penalty to the player who
    reached 66, or, if nobody did, to every other player.
    """
    n = len(points)
    out = [0] * n
    if winner is not None and (closed_by is None or closed_by == winner):
        others = [p for p in range(n) if p != winner]
        measure = card_pts if rules.schneider_counts == "cards" else points
        out[winner] = game_points([measure[p] for p in others], [tricks[p] for p in others], rules)
    elif closed_by is not None:
        scorers = [winner] if winner is not None else [p for p in range(n) if p != closed_by]
        for p in scorers:
            out[p] = closer_penalty(p, closed_by, tricks, close_tricks or tricks, rules)
    return tuple(out)


@CLAUSES.rule("sixty-six-partie", "A partie is won by the first to collect eight game points")
def partie_winners(totals: Sequence[int], rules: Rules) -> tuple[int, ...]:
    return tuple(p for p, t in enumerate(totals) if t >= rules.partie_target)


# -------------------------------------------------------------------- game

def _set(t: tuple, i: int, v) -> tuple:
    if len(t) == 2:
        return (v, t[1]) if i == 0 else (t[0], v)
    return t[:i] + (v,) + t[i + 1:]


_FIELDS = tuple(f.name for f in fields(State))
_new = object.__new__
_setattr = object.__setattr__


def _make(*values) -> State:
    """Build a State from all its fields in order, without the frozen ``__init__``'s per-field cost."""
    st = _new(State)
    _setattr(st, "__dict__", dict(zip(_FIELDS, values)))
    return st


def _from_dict(d: dict) -> State:
    st = _new(State)
    _setattr(st, "__dict__", d)
    return st


def plays_of(hands) -> tuple[tuple[Play, ...], ...]:
    """The moves playing each card of each hand, in the hands' order."""
    return tuple(tuple(_PLAY[c] for c in h) for h in hands)


def _given(value, default):
    """A position's argument as a tuple, or its default when not given."""
    return tuple(value) if value is not None else default


def _trump_of(stock: tuple[Card, ...], trump: Suit | None) -> tuple[Card | None, Suit]:
    """(the turned card, the trump suit) of a position: the stock's bottom card is turned unless a suit is named."""
    if trump is not None:
        return None, trump
    if not stock:
        raise ValueError("name the trump suit: the stock is empty")
    return stock[-1], stock[-1].suit


def _evolve(s: State, **changes) -> State:
    """``dataclasses.replace`` for State, cheaply (new hands bring their moves along)."""
    st = _new(State)
    d = dict(s.__dict__)
    d.update(changes)
    if "hands" in changes:
        d["plays"] = plays_of(changes["hands"])
    _setattr(st, "__dict__", d)
    return st


class Scoring:
    """The end of a game: its game points, and in a partie the next deal (one small piece of the game)."""

    def __init__(self, game: "SixtySix"):
        self.game, self.rules, self.players = game, game.rules, game.players

    def finish(self, s: State, winner: int | None) -> State:
        """Score the game (:func:`score_game`); in a partie, deal the next game unless the partie is won."""
        result = score_game(winner, s.points, s.card_points, s.tricks, s.closed_by, s.close_tricks, self.rules)
        if not self.rules.partie:
            return _evolve(s, result=result)
        totals = Match(s.totals).add(result).totals     # the partie's target is partie_winners' to judge
        if partie_winners(totals, self.rules):
            return _evolve(s, result=result, totals=totals)
        winners = [p for p, r in enumerate(result) if r]
        dealer = next_dealer(s.dealer, winners, self.players, self.rules)
        return self.game.new_deal(s.seed, s.deal_no + 1, dealer, totals, result)

    def outcome(self, state: State) -> Outcome:
        n = self.players
        if self.rules.partie:
            won = partie_winners(state.totals, self.rules)
            # the partie is the stake: each loser pays each winner one
            returns = tuple(n - len(won) if p in won else -len(won) for p in range(n))
            return Outcome(winners=won, losers=tuple(p for p in range(n) if p not in won),
                           scores=state.totals, returns=returns)
        # every game point written for a player is paid by each of the others
        paid = sum(state.result)
        returns = tuple(n * r - paid for r in state.result)
        won = tuple(p for p, r in enumerate(state.result) if r)
        if not won:
            return Outcome(scores=state.result, draw=True, returns=returns)
        return Outcome(winners=won, losers=tuple(p for p in range(n) if p not in won),
                       scores=state.result, returns=returns)


class SixtySix(Game[State, Move]):
    info = INFO
    Rules = Rules
    move_kinds = (Close, Marry, Play)      # parse order: the words first, a bare card last
    over_clause = "sixty-six-win"

    def __init__(self, rules=None, *, players=None):
        super().__init__(rules, players=players)
        self._draw_orders = tuple(draw_order(w, self.players) for w in range(self.players))
        self.duties = last_phase_duties(self.rules)
        self.orders = {s: trick_order(s) for s in Suit}
        # where each position of the shuffled pack goes, per dealer: the deal clause run once on positions
        self._layouts = tuple(deal_cards(range(len(DECK)), d, self.players, arrange=tuple)
                              for d in range(self.players))
        self.scoring = Scoring(self)

    def player_range(self) -> range:
        return player_counts(self.rules)

    def deck(self) -> tuple[Card, ...]:
        return DECK         # in display order (new_deal relies on it)

    # ------------------------------------------------------------ dealing
    def deal(self, seed: int) -> State:
        rng = rng_for(seed)             # the first dealer, then the first shuffle, from one generator
        dealer = rng.randrange(self.players)
        n = self.players
        return self.new_deal(seed, 0, dealer, (0,) * n if self.rules.partie else (), None, rng)

    def new_deal(self, seed: int, deal_no: int, dealer: int, totals: tuple[int, ...],
                 last_result, rng=None) -> State:
        n = self.players
        if rng is None:
            rng = rng_for(seed, deal_no)
        # shuffle positions in the pack: the same permutation as shuffling the cards (records replay), and
        # since the pack is in display order, sorting positions sorts the hands without hashing a card
        order = list(range(len(DECK)))
        rng.shuffle(order)
        seats, turned, rest = self._layouts[dealer]
        at = tuple(sorted([order[k] for k in seat]) for seat in seats)
        trump_at, stock_at = order[turned], [order[k] for k in rest]
        hands = tuple(tuple([DECK[i] for i in h]) for h in at)
        plays = tuple(tuple([_PLAYS[i] for i in h]) for h in at)
        trump_card, stock = DECK[trump_at], tuple([DECK[i] for i in stock_at])
        zeros = (0,) * n
        return _make(hands, stock, trump_card.suit, (), first_leader(dealer, n), ((),) * n, zeros, zeros,
                     zeros, zeros, None, None, dealer, seed, deal_no, totals, None, last_result, trump_card, plays,
                     tuple([_PLAYS[i] for i in stock_at]))

    def position(self, hands: Sequence[str | Sequence[Card]], stock: str | Sequence[Card] = (), *,
                 trump: Suit | None = None, trick: Sequence[tuple[int, Card | str]] = (), to_move: int | None = None,
                 piles: Sequence[str | Sequence[Card]] | None = None, taken_points: Sequence[int] | None = None,
                 marriages: Sequence[int] | None = None, tricks: Sequence[int] | None = None,
                 pending: Sequence[int] | None = None, closed_by: int | None = None,
                 close_tricks: Sequence[int] | None = None, dealer: int = 0, seed: int = 0, deal_no: int = 0,
                 totals: Sequence[int] | None = None) -> State:
        """A position of Sixty-Six: a game in progress, between tricks or within one.

        ``hands``: one hand per seat, seat 0 first, each a card-notation string or a tuple of ``Card``.
        ``stock``: the cards still to draw, top card first; its last card, at the bottom, is the
        turned trump card unless ``trump`` (a ``Suit``) is given: then no card is shown (a closed
        stock, or the turned card exchanged). ``trick``: the trick in progress, as ``(player, card)``
        plays, lead first. ``to_move``: by default the player after the last play, else the first
        leader (``sixty-six-first-lead``) of ``dealer``. ``piles``: the cards each player has taken
        (default none); ``taken_points`` their card points (default counted from the piles by
        ``sixty-six-card-points``), ``tricks`` the tricks won (default the piles' cards over the
        players); ``marriages``: the marriage points scored, and ``pending`` those declared before
        their declarer took a trick (default none); the points toward 66 are card points and
        marriages. ``closed_by``: who closed the stock (default nobody), and ``close_tricks`` the
        tricks each held then (default ``tricks``). ``seed``, ``deal_no`` and ``totals`` (a partie's
        running game points, default none yet) place the deal in its game.
        A card named twice or not in the 24-card pack raises ``ValueError`` naming it.
        """
        n, zeros = self.players, (0,) * self.players
        hs, st = tuple(as_cards(h) for h in hands), as_cards(stock)
        played = tuple((p, as_card(c)) for p, c in trick)
        won = tuple(as_cards(pl) for pl in piles) if piles is not None else ((),) * n
        check_named_once(DECK, *hs, *won, st, [c for _, c in played])
        turned, trump = _trump_of(st, trump)
        cp = _given(taken_points, tuple(card_points(w) for w in won))
        tr = _given(tricks, tuple(len(w) // n for w in won))
        if to_move is None:
            to_move = (played[-1][0] + 1) % n if played else first_leader(dealer, n)
        close_tricks = _given(close_tricks, tr if closed_by is not None else None)
        points = tuple(c + m for c, m in zip(cp, _given(marriages, zeros)))
        return _make(hs, st, trump, played, to_move, won, points, cp, tr, _given(pending, zeros), closed_by,
                     close_tricks, dealer, seed, deal_no, _given(totals, zeros if self.rules.partie else ()), None,
                     None, turned, plays_of(hs), plays_of((st,))[0])

    # --------------------------------------------------------------- flow
    def to_move(self, state: State) -> int | None:
        return None if state.result is not None else state.to_move

    def is_over(self, state: State) -> bool:
        return state.result is not None

    def apply(self, s: State, move: Move) -> State:
        rules = self.rules
        d = s.__dict__.copy()
        p = d["to_move"]
        cls = move.__class__
        if cls is Close:
            d["closed_by"] = p
            d["close_tricks"] = d["tricks"]
            return _from_dict(d)
        card = move.card
        if cls is not Play:         # a marriage (a card play is by far the commonest move)
            value = marriage_value(card.suit, d["trump"], rules)
            if rules.marriage_needs_trick and d["tricks"][p] == 0:
                d["pending"] = _set(d["pending"], p, d["pending"][p] + value)
            else:
                d["points"] = _set(d["points"], p, d["points"][p] + value)
        hs, ps = d["hands"], d["plays"]
        hand, mine = hs[p], ps[p]
        i = hand.index(card)
        n = self.players
        if n == 2:      # the common case, without the call to _set (this is the hot path)
            if p:
                hands = d["hands"] = (hs[0], hand[:i] + hand[i + 1:])
                d["plays"] = (ps[0], mine[:i] + mine[i + 1:])
            else:
                hands = d["hands"] = (hand[:i] + hand[i + 1:], hs[1])
                d["plays"] = (mine[:i] + mine[i + 1:], ps[1])
        else:
            hands = d["hands"] = _set(hs, p, hand[:i] + hand[i + 1:])
            d["plays"] = _set(ps, p, mine[:i] + mine[i + 1:])
        trick = d["trick"] = d["trick"] + ((p, card),)
        if cls is Marry and reached(d["points"][p], rules):      # the marriage reached 66 at once
            return self.scoring.finish(_from_dict(d), p)
        if len(trick) < n:
            d["to_move"] = (p + 1) % n
            return _from_dict(d)
        # the trick is complete
        w = trick_winner(trick, self.orders[d["trump"]])
        cards = tuple([c for _, c in trick])
        pts = card_points(cards)
        empty = not any(hands)
        pending = d["pending"]
        gain = pts + pending[w] + last_trick_points(empty, rules)
        pl, po, cp, tr = d["piles"], d["points"], d["card_points"], d["tricks"]
        if n == 2:      # as above: the winner's four tallies without four calls
            if w:
                d["piles"], d["card_points"], d["tricks"] = (pl[0], pl[1] + cards), (cp[0], cp[1] + pts), \
                    (tr[0], tr[1] + 1)
                points = d["points"] = (po[0], po[1] + gain)
            else:
                d["piles"], d["card_points"], d["tricks"] = (pl[0] + cards, pl[1]), (cp[0] + pts, cp[1]), \
                    (tr[0] + 1, tr[1])
                points = d["points"] = (po[0] + gain, po[1])
        else:
            d["piles"] = _set(pl, w, pl[w] + cards)
            points = d["points"] = _set(po, w, po[w] + gain)
            d["card_points"] = _set(cp, w, cp[w] + pts)
            d["tricks"] = _set(tr, w, tr[w] + 1)
        if pending[w]:
            d["pending"] = _set(pending, w, 0)
        stock = d["stock"]
        if stock and d["closed_by"] is None:
            hl, ml = list(hands), list(d["plays"])
            dealt = d["dealt_stock"]
            top = len(dealt) - len(stock)
            for k, seat in enumerate(self._draw_orders[w]):
                hl[seat] += (stock[k],)
                ml[seat] += (dealt[top + k],)
            d["hands"], d["plays"] = tuple(hl), tuple(ml)
            d["stock"] = stock[n:]
        d["trick"] = ()
        d["to_move"] = next_leader(w)
        after = _from_dict(d)
        if reached(points[w], rules):
            return self.scoring.finish(after, w)
        if empty:
            return self.scoring.finish(after, None)
        return after

    def outcome(self, state: State) -> Outcome:
        if state.result is None:
            raise ValueError("the game is not over")
        return self.scoring.outcome(state)

    # -------------------------------------------------------- the cards
    def zones(self, state: State) -> dict[str, tuple[Card, ...]]:
        """Hands, the face-down stock, the turned trump (while it lies under the stock), the trick, the tricks won."""
        z = {f"hand {i}": h for i, h in enumerate(state.hands)}
        stock = state.stock
        turned = stock[-1:] if stock and stock[-1] == state.trump_card else ()
        z["stock"] = stock[:len(stock) - len(turned)]
        z["turned"] = turned
        z["trick"] = tuple(c for _, c in state.trick)
        for i, pile in enumerate(state.piles):
            z[f"won {i}"] = pile
        return z

    def observe(self, state: State, player: int) -> Any:
        """The zones as the kernel shows them, and what is announced: trump, points, tricks, who closed."""
        return (super().observe(state, player), state.trump, state.points, state.pending, state.tricks,
                state.closed_by, state.totals, state.result)

    def max_plays(self) -> int | None:
        """24 card plays (marriages are leads) and at most one closing; a partie may draw for ever."""
        return None if self.rules.partie else len(self.deck()) + 1

    # ------------------------------------------------------------ logs
    def describe_move(self, state: State) -> str:
        pts = "/".join(str(x) for x in state.points)
        text = (Msg("points {points}", points=pts) if state.closed_by is None
                else Msg("points {points}, closed by P{player}", points=pts, player=state.closed_by))
        if state.result is not None:
            return Msg.join("; ", [text, Msg("game points {points}", points="/".join(map(str, state.result)))])
        if state.last_result is not None and not any(state.piles) and not state.trick:
            return Msg.join("; ", [text, Msg("last game {points}, partie {totals}",
                                             points="/".join(map(str, state.last_result)),
                                             totals="/".join(map(str, state.totals)))])
        return text

    def describe(self, state: State) -> str:
        tc = format_card(state.trump_card) if state.trump_card else state.trump.symbol
        hands = Msg.join("; ", [Msg("P{player}: {cards}", player=i, cards=format_cards(h) or "-")
                                for i, h in enumerate(state.hands)])
        trick = format_cards(c for _, c in state.trick) or "-"
        status = (Msg("closed by P{player}", player=state.closed_by) if state.closed_by is not None
                  else Msg("{n} in stock", n=len(state.stock)))
        return Msg("trump {card}; {status}; to move P{player}; {hands}; trick {trick}; points {points}; "
                   "tricks {tricks}", card=tc, status=status, player=state.to_move, hands=hands, trick=trick,
                   points="/".join(map(str, state.points)), tricks="/".join(map(str, state.tricks)))

    # ------------------------------------------------------------- solver
    def exact_move(self, state: State, player: int) -> Move | None:
        """Once the stock is exhausted (not closed), the solver's best move, from the player's view alone:
        the other hand is every card the player has not seen (:func:`seen_position`). Two players and a
        single game only, as the solver plays."""
        if self.players != 2 or self.rules.partie or self.to_move(state) != player:
            return None
        position = seen_position(self, self.observe(state, player), player)
        if position is None:
            return None
        from spec.games._sixty_six_solver import Solver
        return Solver(self).best_move(position)

    def solver_key(self, state: State) -> tuple:
        """What decides the rest of a last-phase game (used by the endgame solver)."""
        return (state.hands, state.trick, state.to_move, state.points, state.card_points, state.tricks,
                state.pending, state.closed_by, state.close_tricks, state.result)


def seen_position(game: SixtySix, view, player: int) -> State | None:
    """The two-player position that ``player``'s view (``SixtySix.observe``) fixes once the stock is
    exhausted: the player's hand, the tricks taken and the card on the table are seen, so the other
    hand is every other card of the pack. ``None`` while the stock lasts, after a closing (the other
    hand is then hidden among the cards not seen) and after the end."""
    (to_move, *zones), trump, points, pending, tricks, closed_by, totals, result = view
    zones = dict(zones)
    if closed_by is not None or zones["stock"] or zones["turned"] or result is not None:
        return None
    mine, table, piles = zones[f"hand {player}"], zones["trick"], (zones["won 0"], zones["won 1"])
    seen = set(mine + table + piles[0] + piles[1])
    theirs = tuple(c for c in DECK if c not in seen)
    hands = (mine, theirs) if player == 0 else (theirs, mine)
    # with two players a card on the table was led by the player not to move
    trick = ((1 - to_move, table[0]),) if table else ()
    return game.position(hands, trump=trump, trick=trick, to_move=to_move, piles=piles,
                         marriages=[points[p] - card_points(piles[p]) for p in (0, 1)], tricks=tricks,
                         pending=pending, totals=totals)


def solve_position(game: SixtySix, text: str) -> dict:
    """Solve a last-phase position written in the position notation (see the solver module)."""
    from spec.games._sixty_six_solver import solve_text
    return solve_text(game, text)


GAME = SixtySix
