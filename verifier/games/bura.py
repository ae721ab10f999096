"""Bura's own properties: leads, beats (each card separately) and throws checked on
every move against the source written out directly, the trick taker and the draw,
card points and the pot (z3), whether 31 can always be reached, how long a deal
and a match last, and the source's gaps found by search."""

from __future__ import annotations

import dataclasses
import random
from functools import cache
from itertools import combinations, product

import z3

import spec.games.bura as rules_module
from spec.cards import Card, Rank, Suit, format_cards, parse_cards
from spec.dealing import rng_for
from spec.games.bura import (
    CLAIM, DECK, DECK_POINTS, DECKS, HAND_SIZE, POT, TARGET, Bura, State, beat_move, first_dealer, throw_move,
)
from spec.i18n import Msg
from spec.stakes import player_account
from verifier.api import Claim, Root, hunt, invariant, small_configs, steered, walk, z3_claim
from verifier.core import HOLDS, REFUTED, REGISTRY, UNKNOWN, Budget, Counterexample, Outcome, Scope
from verifier.stakes import Settled, balances
from verifier.z3util import one_hot_constraints, placed, placement_vars, value

GAME = "bura"
#: Every player count: the claims about five or six players (and the unplayed cards, which differ at
#: five) change with the count.
SPACE_PLAYERS = (2, 3, 4, 5, 6)

# ------------------------------------------------------ small configurations


def card_value(card: Card) -> int:
    """A card's points, by the game's points clause (read through the module: a test may replace it)."""
    return rules_module.card_points((card,))


@small_configs(GAME)
def small(game):
    """Two players with one card each and six in the stock (both draw back to three after the first trick)
    or two cards each and two in the stock; three players with two cards each and three in the stock; P0 has already taken 25-30 points, so claims can
    be right or wrong; the game ends with this deal. Explored completely."""
    n = game.players
    if n > 3:
        return []
    roots = []
    shapes = [(1, 6)] + [(2, 2)] * 4 if n == 2 else [(2, 3)] * 3
    for seed, (per, stock_n) in enumerate(shapes):
        cards = list(game.deck())
        rng_for(seed, 77).shuffle(cards)
        # P0's taken cards: high cards until 25-30 points
        taken, rest = [], []
        for c in cards:
            pts = sum(map(card_value, taken))
            if pts < 25 and pts + card_value(c) <= 30 and card_value(c):
                taken.append(c)
            else:
                rest.append(c)
        hands = tuple(tuple(sorted(rest[p * per:(p + 1) * per], key=str)) for p in range(n))
        stock = tuple(rest[n * per:n * per + stock_n])
        turned = stock[-1]
        if game.rules.turned_card == "stays":   # the turned card lies on the table, not in the stock
            stock = stock[:-1]
        points = (sum(map(card_value, taken)),) + (0,) * (n - 1)
        state = game.position(hands, stock, turned=turned, won=(taken,) + ((),) * (n - 1), points=points,
                              dealer=seed % n, seed=seed, final=True)
        roots.append(Root(state, f"small deal {seed} ({n} players, {per} cards each, stock "
                                 f"{format_cards(stock)}, P0 has taken {points[0]} points)"))
    return roots


# ------------------------------------------- the source, written out directly
# Independent of the game module's helpers: if they drift from the source,
# these disagree with the engine.

#: The source's list of cards by value, highest first: also their order for beating.
SOURCE_RANKS = (Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.NINE, Rank.EIGHT, Rank.SEVEN, Rank.SIX)
SOURCE_POINTS = {Rank.ACE: 11, Rank.TEN: 10, Rank.KING: 4, Rank.QUEEN: 3, Rank.JACK: 2}


def source_beats(card: Card, other: Card, trump) -> bool:
    """A higher card of the same suit, or a trump over a card that is not one."""
    if card.suit == other.suit:
        return SOURCE_RANKS.index(card.rank) < SOURCE_RANKS.index(other.rank)
    return card.suit == trump


def source_beats_each(cards, target, trump) -> bool:
    """Every card of ``target`` beaten by its own card of ``cards``: some assignment of
    the answer's cards, one to each target card, in which each beats its target."""
    k = len(target)
    if len(cards) != k:
        return False
    for assign in product(range(k), repeat=k):
        if len(set(assign)) == k and all(source_beats(cards[assign[i]], target[i], trump) for i in range(k)):
            return True
    return False


def combination_to_beat(plays) -> tuple[Card, ...]:
    best = plays[0].cards
    for pl in plays[1:]:
        if pl.kind == "beat":
            best = pl.cards
    return best


def _cards(cs) -> str:
    return " ".join(map(str, cs))


@invariant(Bura, "beats_each_card", title="Each card of a combination is beaten separately: the beats offered, "
           "and every beat played, pair each answering card with one card of the best combination so far, each "
           "higher in its suit or a trump; throws as the rules allow",
           clauses=["bura-beat-each", "bura-order", "bura-answer-turn", "bura-throw", "bura-hold"], presets=True)
def beats_each_card(game, state):
    if state.plays and not game.is_over(state):
        hand = state.hands[state.to_move]
        target = combination_to_beat(state.plays)
        subsets = list(combinations(hand, len(target)))
        want_beats = {s for s in subsets if source_beats_each(s, target, state.trump)}
        want_throws = set() if game.rules.must_beat and want_beats else set(subsets)
        moves = game.legal_moves(state)
        beats = {m.cards for m in moves if type(m).__name__ == "Beat"}
        throws = {m.cards for m in moves if type(m).__name__ == "Throw"}
        if beats != want_beats or throws != want_throws or len(moves) != len(beats) + len(throws):
            return (f"P{state.to_move} holds {_cards(hand)} against {_cards(target)} (trumps {state.trump.symbol}): "
                    f"offered beats {sorted(map(_cards, beats))} throws {sorted(map(_cards, throws))}, the source "
                    f"allows beats {sorted(map(_cards, want_beats))} throws {sorted(map(_cards, want_throws))}")
    this_deal = state.last_taker >= 0 and bool(state.won[state.last_taker])
    for plays in (state.plays, state.last_trick if this_deal else ()):
        for i, pl in enumerate(plays):
            if pl.kind == "beat":
                target = combination_to_beat(plays[:i])
                if not source_beats_each(pl.cards, target, state.trump):
                    return (f"P{pl.player} beat {_cards(target)} with {_cards(pl.cards)} (trumps "
                            f"{state.trump.symbol}), which does not beat it card by card")
            if i and len(pl.cards) != len(plays[0].cards):
                return f"P{pl.player} answered {len(plays[0].cards)} led card(s) with {len(pl.cards)}"
    return None


@invariant(Bura, "leads_as_source", title="The leads offered are exactly one card or several cards of one suit "
           "(no more than the shortest hand holds), with a claim beside them while one may be made",
           clauses=["bura-lead-suit", "bura-lead-size", "bura-lead-turn", "bura-claim-turn", "bura-pass"],
           presets=True)
def leads_as_source(game, state):
    if game.is_over(state):
        return None
    moves = set(game.legal_moves(state))
    declared = game.rules.claims == "declared"
    if state.cards_out:
        want = {"pass"} | ({"claim"} if declared and not state.claimed else set())
        got = {str(m) for m in moves}
        if got != want:
            return f"after the last trick P{state.to_move} is offered {sorted(got)}, the source allows {sorted(want)}"
        return None
    if state.plays:
        if any(type(m).__name__ in ("Lead", "Claim", "Pass") for m in moves):
            return "a lead, claim or pass is offered in the middle of a trick"
        return None
    hand = state.hands[state.to_move]
    fewest = min(len(h) for h in state.hands)
    want = {s for k in range(1, fewest + 1) for s in combinations(hand, k) if len({c.suit for c in s}) == 1}
    got = {m.cards for m in moves if type(m).__name__ == "Lead"}
    claim = CLAIM in moves
    if got != want:
        return (f"P{state.to_move} on lead with {_cards(hand)} is offered {sorted(map(_cards, got))}, the source "
                f"allows {sorted(map(_cards, want))}")
    if claim != (declared and not state.claimed):
        return f"P{state.to_move} on lead {'may' if claim else 'may not'} claim, against the rules"
    return None


@invariant(Bura, "trick_taker", title="Each trick goes to the last player who beat, else to the leader, who "
           "takes all its cards and leads next", clauses=["bura-trick"], presets=True)
def trick_taker(game, state):
    if state.plays or not state.last_trick or state.last_taker < 0 or not state.won[state.last_taker]:
        return None
    trick = state.last_trick
    want = trick[0].player
    for pl in trick[1:]:
        if pl.kind == "beat":
            want = pl.player
    if state.last_taker != want:
        return f"the trick {' / '.join(_cards(p.cards) for p in trick)} went to P{state.last_taker}, not P{want}"
    cards = [c for pl in trick for c in pl.cards]
    if not set(cards) <= set(state.won[want]):
        return f"P{want} took the trick but does not hold all its cards"
    if not game.is_over(state) and state.to_move != want:
        return f"P{want} took the trick but P{state.to_move} is to lead"
    return None


@invariant(Bura, "draws_as_source", title="After each trick the hands are drawn back to three, one card at a "
           "time from the taker clockwise; when the stock cannot serve everyone nobody draws (or, draw_out, "
           "the stock is drawn to the end); the turned card is drawn last; the cards are out once a hand is "
           "empty after the draw", clauses=["bura-draw", "bura-deal", "bura-last-trick"], presets=True)
def draws_as_source(game, state):
    if state.plays or game.is_over(state):
        return None
    sizes = [len(h) for h in state.hands]
    return _hands_after_draw(game, state, sizes) or _draw_order(game, state, sizes)


def _hands_after_draw(game, state, sizes) -> str | None:
    """The hands' sizes, the cards-out flag and the turned card, as the source has them after a draw."""
    if state.cards_out != (min(sizes) == 0):
        return (f"hands of {sizes} cards after the draw, and the cards are "
                f"{'out' if state.cards_out else 'not out'}")
    if state.stock and not state.aside and any(s != HAND_SIZE for s in sizes):
        if game.rules.short_stock == "draw_out":
            return f"hands of {sizes} cards with {len(state.stock)} cards left in the stock"
        need = HAND_SIZE * game.players - sum(sizes)
        if len(state.stock) >= need:
            return f"hands of {sizes} cards, though the stock of {len(state.stock)} could serve everyone"
    if game.rules.short_stock == "no_draw" and len(set(sizes)) > 1:
        return f"hands of {sizes} cards: without a short draw they stay equal"
    if state.turned in state.stock and state.stock[-1] != state.turned:
        return f"the turned card {state.turned} is not at the bottom of the stock"
    return None


def _draw_order(game, state, sizes) -> str | None:
    """Who drew after the last trick: one card at a time from the taker round, until each holds three."""
    if not (state.drawn and state.last_taker >= 0 and state.won[state.last_taker]):
        return None
    n = game.players
    if game.rules.short_stock == "no_draw" and any(s != HAND_SIZE for s in sizes):
        return f"a draw left hands of {sizes} cards: without a short draw everyone is served or nobody"
    had = list(sizes)
    for p in state.drawn:
        had[p] -= 1
    need = [HAND_SIZE - h for h in had]
    want = []
    while len(want) < len(state.drawn) and any(need):
        for p in ((state.last_taker + i) % n for i in range(n)):
            if need[p] and len(want) < len(state.drawn):
                want.append(p)
                need[p] -= 1
    if tuple(want) != state.drawn:
        return f"after P{state.last_taker}'s trick the cards were drawn by {state.drawn}, not {tuple(want)}"
    return None


@invariant(Bura, "deal_start", title="Each deal: three cards each, the next card turned for trumps and laid under "
           "the stock, the dealer's left leads; the first dealer by lot, and a deal dealt again by the same "
           "dealer, everyone staking again", clauses=["bura-deal", "bura-first-lead", "bura-dealer", "bura-stake",
                                                      "bura-no-winner"], presets=True)
def deal_start(game, state):
    if state.aside or state.turn or game.is_over(state):
        return None
    n = game.players
    stays = game.rules.turned_card == "stays"
    if any(len(h) != HAND_SIZE for h in state.hands) or \
            len(state.stock) != len(game.deck()) - HAND_SIZE * n - stays:
        return f"a deal starts with hands of {[len(h) for h in state.hands]} and a stock of {len(state.stock)}"
    if state.trump != state.turned.suit or (state.turned in state.stock) == stays \
            or not stays and state.stock[-1] != state.turned:
        where = "in" if state.turned in state.stock else "not in"
        return (f"{state.turned} is turned ({where} the stock, which ends with {state.stock[-1]}; turned_card="
                f"{game.rules.turned_card}) and trumps are {state.trump}")
    if state.dealer != first_dealer(state.seed, n):
        return f"P{state.dealer} deals deal {state.deal_no + 1}, but the lot chose P{first_dealer(state.seed, n)}"
    if state.to_move != (state.dealer + 1) % n:
        return f"P{state.to_move} leads, not P{(state.dealer + 1) % n} on the dealer's left"
    stakes = [-state.ledger[player_account(p)] for p in range(n)]
    if state.ledger[POT] < game.rules.ante * n * (state.deal_no + 1):
        return f"deal {state.deal_no + 1}: the pot holds {state.ledger[POT]}, less than every stake so far"
    if any(s < game.rules.ante * (state.deal_no + 1) for s in stakes):
        return f"deal {state.deal_no + 1}: a player has put in less than a stake a deal ({stakes})"
    return None


@invariant(Bura, "points_conserved", title="The cards' points add up to 120 at every step, and each player's "
           "points are those of the cards he has taken", clauses=["bura-points", "bura-players"], presets=True)
def points_conserved(game, state):
    zones = game.zones(state)
    pts = rules_module.card_points([c for cards in zones.values() for c in cards])
    if pts != DECK_POINTS:
        return f"the cards in play are worth {pts}, not {DECK_POINTS}"
    for p, won in enumerate(state.won):
        real = sum(SOURCE_POINTS.get(c.rank, 0) for c in won)
        if state.points[p] != real:
            return f"P{p} is credited {state.points[p]} points for {_cards(won)}, worth {real}"
    return None


@invariant(Bura, "claims_settle", title="A claim is counted: with 31 or more the claimer takes the whole pot and "
           "the game ends, with fewer he doubles the pot; nobody else ever wins it",
           clauses=["bura-claim-count", "bura-pot-won", "bura-wrong-claim"], presets=True)
def claims_settle(game, state):
    if state.event is not None:
        p, pts, pot = state.event
        if pts != state.points[p]:
            return f"P{p}'s claim was counted as {pts} points, his tricks hold {state.points[p]}"
        if pts >= TARGET:
            if state.winner != p or state.ledger[POT] != 0:
                return f"P{p} rightly claimed {pts} but the pot holds {state.ledger[POT]} and the winner is {state.winner}"
        elif state.winner is not None or state.ledger[POT] != 2 * pot:
            return f"P{p} wrongly claimed with {pts}: the pot went from {pot} to {state.ledger[POT]}, not {2 * pot}"
    if state.winner is not None and state.points[state.winner] < TARGET:
        return f"P{state.winner} won with only {state.points[state.winner]} points"
    if game.rules.claims == "automatic" and state.winner is None and max(state.points) >= TARGET:
        return f"a player has {max(state.points)} points under automatic claims, and play goes on"
    return None


@invariant(Bura, "deal_ends", title="Every deal ends: it lasts at most (36 // n)·(n + 1) + 2 moves, a bound "
           "at least the most tricks a deal can have (exhaustive over lead sizes, takers and draws) times n plays "
           "and a claim each, plus a claim and a pass", clauses=["bura-draw", "bura-no-winner", "bura-claim-turn"],
           presets=True)
def deal_ends(game, state):
    bound = game.deal_limit()
    need = longest_deal_moves(*_counted(game))
    if bound < need:
        return (f"the engine bounds a deal at {bound} moves, but with {game.players} players and short_stock="
                f"{game.rules.short_stock} a deal can have {most_tricks(*_counted(game))} "
                f"tricks, {need} moves")
    if state.turn > bound:
        return f"deal {state.deal_no + 1} has lasted {state.turn} moves, over the bound {bound}"
    return None


# --------------------------------------------------------------------- z3

#: The values that score. Cards of one value are interchangeable for every total, so a placement is
#: counted per value: how many of the four cards of each value lie in each pile (or stay unplayed).
VALUES = (Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK)


def _placement(s, n: int, unplayed_max: int):
    """How many cards of each scoring value lie in each of ``n`` piles of taken cards and among the
    unplayed cards (at most ``unplayed_max`` of those); the piles' points."""
    x = [[z3.Int(f"x_{r.name}_{k}") for k in range(n + 1)] for r in VALUES]
    for row in x:
        s.add(*[c >= 0 for c in row], z3.Sum(row) == 4)
    worth = [card_value(Card(r, Suit.SPADES)) for r in VALUES]
    piles = [z3.Sum([worth[i] * x[i][k] for i in range(len(VALUES))]) for k in range(n + 1)]
    s.add(z3.Sum([x[i][n] for i in range(len(VALUES))]) <= unplayed_max)
    return x, piles


def _cards_of(model, x, k) -> str:
    """The placement's cards in pile ``k``, suits given in turn (any suits would do)."""
    out = []
    for i, r in enumerate(VALUES):
        before = sum(value(model, x[i][j]) for j in range(k))
        for j in range(value(model, x[i][k])):
            out.append(Card(r, SUITS[before + j]))
    return format_cards(out)


SUITS = tuple(c.suit for c in DECK if c.rank == Rank.ACE)


@z3_claim(Bura, "deck_points", title="However the pack's cards lie (hands, stock, table, taken cards), they are "
          "worth 120 (36 cards, or the 32 of deck_size = 32)", clauses=["bura-points", "bura-players"], each=False)
def deck_points(game, s):
    places = 2 * game.players + 3
    deck = game.deck()
    at = placement_vars("at", len(deck), places)
    pts = [card_value(c) for c in deck]
    s.add(*one_hot_constraints(at))
    total = z3.Sum([row[k] * pts[i] for i, row in enumerate(at) for k in range(places)])
    s.add(total != DECK_POINTS)

    def refute(model):
        where = placed(model, at)
        deal = {f"place {k}": format_cards(c for c, w in zip(deck, where) if w == k) for k in range(places)}
        return Counterexample(f"the cards are worth {value(model, total)}, not {DECK_POINTS}", deal=deal)
    return Claim(Msg("every placement of the {n} cards among {players} hands, {players} piles of taken cards, the stock, "
                     "the turned card and the table holds 120 points", n=len(deck), players=game.players), refute)


def _start(players: int, deck: int, stays: bool) -> tuple:
    """The counts after the deal: the stock (less the turned card when it stays on the table), the hands."""
    return deck - HAND_SIZE * players - stays, (HAND_SIZE,) * players


@cache
def _count_graph(players: int, short_stock: str, deck: int = 36, stays: bool = False) -> dict:
    """The deal as counts (cards in the stock, cards in each hand), written from the source: every
    state reachable over every sequence of lead sizes and trick takers, with its successors."""
    start = _start(players, deck, stays)
    graph: dict = {}
    todo = [start]
    while todo:
        st = todo.pop()
        if st in graph:
            continue
        graph[st] = nxt = []
        stock, hands = st
        if min(hands) == 0:
            continue
        for k in range(1, min(hands) + 1):
            for taker in range(players):
                h = [x - k for x in hands]
                need = [HAND_SIZE - x for x in h]
                left = stock
                if short_stock == "draw_out" or left >= sum(need):
                    while left and any(need):
                        for q in ((taker + i) % players for i in range(players)):
                            if need[q] and left:
                                h[q] += 1
                                need[q] -= 1
                                left -= 1
                nxt.append((left, tuple(h)))
                todo.append(nxt[-1])
    return graph


@cache
def most_tricks(players: int, short_stock: str, deck: int = 36, stays: bool = False) -> int:
    """The most tricks a deal can have: the longest path of the count graph (it only loses cards)."""
    graph = _count_graph(players, short_stock, deck, stays)

    @cache
    def longest(st) -> int:
        return max((1 + longest(x) for x in graph[st]), default=0)
    return longest(_start(players, deck, stays))


@cache
def longest_deal_moves(players: int, short_stock: str, deck: int = 36, stays: bool = False) -> int:
    """The most moves of a deal: each trick a claim and one play per player, then a claim and a pass."""
    return most_tricks(players, short_stock, deck, stays) * (players + 1) + 2


def unplayed_counts(players: int, short_stock: str, deck: int = 36, stays: bool = False) -> tuple[int, ...]:
    """How many cards can be left unplayed when a deal's cards run out, over every sequence of lead sizes and
    trick takers: exhaustive over the counts of cards in the stock and the hands (and the turned card, when it
    stays on the table)."""
    graph = _count_graph(players, short_stock, deck, stays)
    return tuple(sorted({stock + sum(hands) + stays for (stock, hands), nxt in graph.items() if min(hands) == 0}))


def _counted(game) -> tuple:
    """The arguments of the count analysis for ``game``'s rules."""
    r = game.rules
    return game.players, r.short_stock, r.deck_size, r.turned_card == "stays"


def _reaches(game, s):
    n = game.players
    most = max(unplayed_counts(*_counted(game)))
    x, piles = _placement(s, n, most)
    s.add(*[piles[p] < TARGET for p in range(n)])

    def refute(model):
        deal = {(f"won {k}" if k < n else "unplayed"): _cards_of(model, x, k) for k in range(n + 1)}
        tot = [value(model, piles[p]) for p in range(n)]
        return Counterexample(f"{n} players, {game.rules.deck_size} cards, short_stock={game.rules.short_stock}: the cards can run out with "
                              f"the taken points {tot}, all under {TARGET} ({most} card(s) at most unplayed)",
                              deal=deal)
    return Claim(Msg("{n} players, {deck} cards, short_stock={short_stock}: at most {most} card(s) stay unplayed (every "
                     "run of the card counts), and however the rest are taken some player has {target}", n=n,
                     deck=game.rules.deck_size, short_stock=game.rules.short_stock, most=most, target=TARGET), refute)


def most_unplayed_points(players: int, short_stock: str, deck: int = 36, stays: bool = False) -> int:
    """The most points the unplayed cards of a deal can hold: the best cards, as many as can stay unplayed."""
    values = sorted(map(card_value, DECKS[deck]), reverse=True)
    return sum(values[:max(unplayed_counts(players, short_stock, deck, stays))])


@z3_claim(Bura, "deal_points_sum", title="When a deal's cards run out, the taken points add up to 120 less the "
          "unplayed cards' points: from 120 − (the best unplayed cards) to 120, each player 0 to 120",
          clauses=["bura-points", "bura-draw"])
def deal_points_sum(game, s):
    n = game.players
    most = max(unplayed_counts(*_counted(game)))
    low = DECK_POINTS - most_unplayed_points(*_counted(game))
    x, piles = _placement(s, n, most)
    taken = z3.Sum(piles[:n])
    s.add(z3.Or(taken < low, taken > DECK_POINTS, taken + piles[n] != DECK_POINTS,
                *[z3.Or(p < 0, p > DECK_POINTS) for p in piles[:n]]))

    def refute(model):
        deal = {(f"won {k}" if k < n else "unplayed"): _cards_of(model, x, k) for k in range(n + 1)}
        return Counterexample(f"{n} players: taken points {[value(model, p) for p in piles[:n]]} add up to "
                              f"{value(model, taken)}, outside {low}-{DECK_POINTS}", deal=deal)
    return Claim(Msg("{n} players, {deck} cards, short_stock={short_stock}: the taken points add up to {low}-120 (the "
                     "rest lie unplayed), each player's between 0 and 120", n=n, deck=game.rules.deck_size,
                     short_stock=game.rules.short_stock, low=low), refute)


@z3_claim(Bura, "reaches_31_two_players", title="Two players: when the cards run out, one of them has 31 "
          "(too few cards stay unplayed to keep both under 31: their number, over every run of the cards, is "
          "in the detail)", clauses=["bura-no-winner", "bura-draw"],
          applies=lambda games: any(g.players == 2 for g in games),
          scope=Scope("turned_card = drawn_last", lambda rules, players: rules.turned_card == "drawn_last"))
def reaches_31_two_players(game, s):
    return _reaches(game, s) if game.players == 2 else None


@z3_claim(Bura, "reaches_31", title="With any number of players, someone has 31 when the cards run out",
          clauses=["bura-no-winner"], expected=REFUTED, applies=lambda games: any(g.players > 2 for g in games),
          scope=Scope("short_stock = no_draw, or 4 players or more",
                      lambda rules, players: rules.short_stock == "no_draw" or players >= 4))
def reaches_31(game, s):
    return _reaches(game, s) if game.players > 2 else None


@z3_claim(Bura, "money_conserved", title="Every settlement (the stakes, the pot won, a wrong claim) balances: "
          "money only moves between the players and the pot", clauses=["bura-stake", "bura-pot-won",
                                                                        "bura-wrong-claim"])
def money_conserved(game, s):
    n, amount = game.players, z3.Int("amount")
    s.add(amount >= 1)
    cases = [Settled("ante", rules_module.ante_deltas(n, amount))]
    cases += [Settled(name, rule(amount, seat), f"P{seat} {who}") for seat in range(n)
              for name, rule, who in (("won", rules_module.pot_won, "claims rightly"),
                                      ("wrong", rules_module.wrong_claim, "claims wrongly"))]
    return balances(s, cases, {"amount": amount}, Msg("each settlement sums to 0 for every seat and amount"),
                    Msg("{n} players, ", n=n))


def _delta(deltas, account):
    return z3.Sum([z3.IntVal(0)] + [d for a, d in deltas if a == account])


@z3_claim(Bura, "settlements_as_source", title="The stakes put the same amount per player in the pot, a right "
          "claim empties the pot into the claimer's hands, and a wrong claim doubles the pot at the claimer's cost",
          clauses=["bura-stake", "bura-pot-won", "bura-wrong-claim", "bura-claim-count"])
def settlements_as_source(game, s):
    """z3 looks for a seat and an amount (the stake, or the pot claimed) at which a settlement clause,
    read through the module (a clause a test replaces is the one proved), is not the source's."""
    n, amount = game.players, z3.Int("amount")
    s.add(amount >= 1)

    def source(name, deltas, seat):
        if name == "ante":
            return z3.And(_delta(deltas, POT) == n * amount,
                          *[_delta(deltas, player_account(p)) == -amount for p in range(n)])
        if name == "won":  # amount is the pot: it empties into the claimer's hands
            return z3.And(amount + _delta(deltas, POT) == 0, _delta(deltas, player_account(seat)) == amount)
        return z3.And(amount + _delta(deltas, POT) == 2 * amount, _delta(deltas, player_account(seat)) == -amount,
                      *[_delta(deltas, player_account(p)) == 0 for p in range(n) if p != seat])
    bad = [(name, seat, z3.Not(source(name, deltas, seat))) for seat in range(n)
           for name, deltas in (("ante", rules_module.ante_deltas(n, amount)),
                                ("won", rules_module.pot_won(amount, seat)),
                                ("wrong", rules_module.wrong_claim(amount, seat)))]
    s.add(z3.Or(*[b for _, _, b in bad]))

    def refute(model):
        amt = value(model, amount)
        for name, seat, b in bad:
            if value(model, b):
                return Counterexample(f"{n} players, amount {amt}: settlement '{name}' for P{seat} breaks the "
                                      "claim", deal={"amount": str(amt), "settlement": name, "seat": f"P{seat}"})
        return Counterexample(f"amount {amt}", deal={"amount": str(amt)})
    return Claim(Msg("for every pot and stake, the stakes add n times the stake, a right claim pays the whole pot to the "
                     "claimer, a wrong one doubles the pot from the claimer alone"), refute)


# ------------------------------------------------------------- witness hunts

def _automatic(games, least: int):
    return [type(g)(dataclasses.replace(g.rules, claims="automatic"), players=g.players) for g in games
            if g.players >= least]


def _spread(game):
    """A play policy that keeps every total under 31 when one move can: of the moves offered,
    those after which nobody has 31 (else all of them)."""
    def prefer(state, moves):
        ok = tuple(m for m in moves if max(Bura.apply(game, state, m).points) < TARGET)
        return ok or moves
    return prefer


@REGISTRY.property(GAME, "nobody_reaches_31", title="Five or six players, claims automatic: the cards never run "
                   "out before someone has 31", clauses=["bura-no-winner", "bura-claim-count"], method="search",
                   expected=REFUTED, budget={"examples": 300},
                   applies=lambda games: any(g.players >= 5 for g in games))
def nobody_reaches_31(games, budget: Budget) -> Outcome:
    """Random play steered by ``_spread`` (the witness is legal play, replayable in the real game)."""
    rng = random.Random(budget.seed)
    autos = _automatic(games, 5)
    if not autos:
        return Outcome(UNKNOWN, Msg("no game of five or six players"), method="search")
    for i in range(budget.examples):
        game = autos[rng.randrange(len(autos))]
        seed = rng.randrange(2**31)
        hit = []

        def step(trace, state, game=game):
            if not hit and _deal_ran_out(game, state):
                hit.append(list(trace.moves))
        walk(steered(game, _spread(game)), seed, step, budget.max_plays, stop=lambda st: bool(hit))
        if hit:
            record = game.record(seed, hit[0])
            end = game.replay(seed, [game.parse_move(m) for m in record.moves])
            text = (f"bura, {game.players} players, claims automatic, deal seed {seed}: "
                    f"{_deal_ran_out(game, end)}\nmoves: {' '.join(record.moves)}")
            return Outcome(REFUTED, Msg("found in steered random game {n} (seed {seed})", n=i + 1, seed=budget.seed),
                           Counterexample(text, record=record), examples=i + 1, seed=budget.seed, method="search")
    return Outcome(UNKNOWN, Msg("no deal ran out with nobody at 31 in {n} steered random games (seed {seed})",
                                n=budget.examples, seed=budget.seed),
                   examples=budget.examples, seed=budget.seed, method="search")


def _deal_ran_out(game, state):
    if state.deal_no > 0 and state.turn == 0 and not game.is_over(state):
        return (f"the first deal ran out of cards with nobody at {TARGET} (its last trick went to "
                f"P{state.last_taker}); the cards are dealt again")
    return None


def _never_claim(state, moves):
    return tuple(m for m in moves if m is not CLAIM) or moves


@REGISTRY.property(GAME, "match_ends", title="Every match ends: some deal has a right claim",
                   clauses=["bura-no-winner", "bura-claim-turn"], method="search", expected=REFUTED,
                   budget={"examples": 5},
                   scope=Scope("claims = declared", lambda rules, players: rules.claims == "declared"))
def match_ends(games, budget: Budget) -> Outcome:
    """Players who never claim: every deal ends without a winner and is dealt again, for ever.
    The witness is three deals of such play; the policy continues it without end."""
    def found(game, trace, state):
        if state.deal_no >= 3 and state.turn == 0:
            return (f"three deals pass without a claim, so without a winner (pot now {state.ledger[POT]}); players "
                    "who never claim repeat this for ever")
        return None
    return hunt(list(games), budget, found, Msg("match without a claim"), prefer=_never_claim)


@REGISTRY.property(GAME, "stock_played_out", title="Every card of the stock is played before a deal ends",
                   clauses=["bura-draw"], method="search", expected=REFUTED, budget={"examples": 100},
                   scope=Scope("short_stock = no_draw, and claims = declared or 6 players",
                               lambda rules, players: rules.short_stock == "no_draw"
                               and (rules.claims == "declared" or players >= 6)))
def stock_played_out(games, budget: Budget) -> Outcome:
    def found(game, trace, state):
        if state.cards_out and state.stock:
            return (f"the last trick is taken with {len(state.stock)} card(s) left in the stock "
                    f"({format_cards(state.stock)}): they cannot serve every player, so nobody draws them")
        return None
    return hunt(list(games), budget, found, Msg("deal ending with cards in the stock"),
                prefer=_never_claim, stop=lambda st: st.deal_no > 0)


def _readings(field: str, other):
    def differ(game, trace, state):
        if game.is_over(state) or not state.plays:
            return None
        alt = type(game)(dataclasses.replace(game.rules, **{field: other(getattr(game.rules, field))}),
                         players=game.players)
        mine, theirs = game.legal_moves(state), alt.legal_moves(state)
        if set(mine) != set(theirs):
            return (f"P{state.to_move} holds {_cards(state.hands[state.to_move])} against "
                    f"{_cards(combination_to_beat(state.plays))} (trumps {state.trump.symbol}): {field}="
                    f"{getattr(game.rules, field)!r} allows {len(mine)} answers, {field}="
                    f"{getattr(alt.rules, field)!r} allows {len(theirs)} ({', '.join(map(str, theirs))})")
        return None
    return differ


@REGISTRY.property(GAME, "must_beat_readings_agree", title="Reading 'the others must beat' as a duty, or as the "
                   "worked example does (a player able to beat may throw), allows the same answers",
                   clauses=["bura-throw"], method="search", expected=REFUTED, budget={"examples": 20})
def must_beat_readings_agree(games, budget: Budget) -> Outcome:
    return hunt(list(games), budget, _readings("must_beat", lambda v: not v),
                Msg("position where the readings differ"))


#: The source's worked example: trumps ♦; the leader lays Q♠ 7♠, player A answers 9♦ J♠,
#: player B holds K♦ 8♦ 9♠.
EXAMPLE = {"lead": "Q♠ 7♠", "a": "9♦ J♠", "b": "K♦ 8♦ 9♠"}


def example_position(game) -> State:
    """The example as a three-player position, B to answer (the other cards aside). The example names
    no turned card and nothing A keeps: 7♦ and 7♥, in both packs."""
    return game.position(["", "7♥", EXAMPLE["b"]], turned="7♦", plays=[(0, EXAMPLE["lead"], "lead"),
                                                                     (1, EXAMPLE["a"], "beat")], final=True)


@REGISTRY.property(GAME, "source_example", title="The source's worked example: 9♦ J♠ beats Q♠ 7♠ (trumps ♦); "
                   "the next player, holding K♦ 8♦ 9♠, may beat only with both trumps, or throw 8♦ 9♠ and keep "
                   "the K♦ (the throw refused only under must_beat, the reading the example contradicts)",
                   clauses=["bura-beat-each", "bura-throw", "bura-order"], method="exhaustive")
def source_example(games, budget: Budget) -> Outcome:
    game = type(games[0])(games[0].rules, players=3)
    state = example_position(game)
    lead, a = (parse_cards(EXAMPLE[k]) for k in ("lead", "a"))
    b = parse_cards(EXAMPLE["b"])
    problems = []
    first = game.position(["", a, b], turned="7♦", plays=[(0, lead, "lead")], final=True)   # A to answer
    if game.refusal(first, beat_move(a)) is not None:
        problems.append(Msg("9♦ J♠ is refused as a beat of Q♠ 7♠"))
    moves = set(game.legal_moves(state))
    both = beat_move(tuple(c for c in b if c.suit.value == "d"))
    keep = throw_move(tuple(c for c in b if str(c) != "K♦"))
    if both not in moves:
        problems.append(Msg("B may not beat with K♦ 8♦"))
    if (keep in moves) == game.rules.must_beat:
        problems.append(Msg("B may not throw 8♦ 9♠") if keep not in moves else Msg("B may throw 8♦ 9♠ under must_beat"))
    others = [m for m in moves if type(m).__name__ == "Beat" and m != both]
    if others:
        problems.append(Msg("B may also beat with {move}", move=str(others[0])))
    if problems:
        return Outcome(REFUTED, Msg.join("; ", problems),
                       Counterexample("the source's example position (trumps ♦): Q♠ 7♠ led, 9♦ J♠ beat it, B holds "
                                      f"K♦ 8♦ 9♠: {'; '.join(problems)}",
                                      deal={"lead": EXAMPLE["lead"], "A": EXAMPLE["a"], "B": EXAMPLE["b"]}),
                       method="exhaustive")
    note = Msg("; under must_beat the example's throw is refused") if game.rules.must_beat else ""
    return Outcome(HOLDS, Msg("the one example position, every answer of B checked ({n} offered){note}", n=len(moves),
                              note=note), method="exhaustive")
