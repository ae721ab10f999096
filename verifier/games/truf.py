"""Truf's own properties: bidding, the goal, following, face-down trumps, the trick
order and the scores checked on every move against the source written out
directly; the bid values, the bid sums and each scoring method's range and sum
(z3); and the source's gaps found by search."""

from __future__ import annotations

import dataclasses
import math
import random
from fractions import Fraction

import z3

from spec.i18n import N_, Msg
from spec.cards import Card, Rank, format_cards
from spec.dealing import Match, rng_for
import spec.games.truf as rules_module
from spec.games.truf import (
    DECK, DECK_BID_VALUE, HAND_SIZE, PLAYERS, TRICKS, Truf, deal_hands, tricks_of,
)
from verifier.api import Claim, Root, fresh_solver, hunt, invariant, small_configs, z3_claim
from verifier.core import HOLDS, REFUTED, REGISTRY, UNKNOWN, Budget, Counterexample, Outcome
from verifier.z3util import one_hot_constraints, placed, placement_vars, value

GAME = "truf"

# ------------------------------------------------------ small configurations


@small_configs(GAME)
def small(game):
    """Two cards each from eight seeded shuffles (either direction), the rest left undealt,
    the game ending after this one deal: explored completely (bids, the choice at 13, the play)."""
    roots = []
    for seed in range(8):
        cards = list(DECK)
        rng_for(seed, 77).shuffle(cards)
        if seed % 2 == 0:  # bids that can add up to exactly 13: a ten and a three among the hands
            for want, at in (((Rank.TEN, 0)), ((Rank.THREE, 1))):
                i = next(k for k, c in enumerate(cards) if c.rank == want)
                cards[i], cards[at] = cards[at], cards[i]
        dealer = seed % PLAYERS
        direction = -1 if seed % 4 < 2 else 1
        hands = deal_hands(cards, dealer, direction, 2)
        state = game.position([sorted(h, key=str) for h in hands], dealer=dealer, direction=direction, seed=seed,
                              match=Match.start(PLAYERS, max_deals=1), stock=cards[8:])
        roots.append(Root(state, f"small deal {seed} (2 cards each, dealer P{dealer}, "
                                 f"{'anticlockwise' if direction < 0 else 'clockwise'})"))
    return roots


# ------------------------------------------- the source, written out directly
# Independent of the game module and the tricks kit: if either drifts from the
# source, these disagree with the engine.

SOURCE_VALUE = {Rank.JACK: 0, Rank.QUEEN: 0, Rank.KING: 0, Rank.ACE: 1, Rank.TWO: 2, Rank.THREE: 3,
                Rank.FOUR: 4, Rank.FIVE: 5, Rank.SIX: 6, Rank.SEVEN: 7, Rank.EIGHT: 8, Rank.NINE: 9, Rank.TEN: 10}
SOURCE_ORDER = (Rank.TWO, Rank.THREE, Rank.FOUR, Rank.FIVE, Rank.SIX, Rank.SEVEN, Rank.EIGHT, Rank.NINE,
                Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE)


def source_allows(card: Card, hand, led: Card | None) -> bool:
    """Follow the suit led if able, else any card; the leader plays any card."""
    if led is None:
        return True
    same = [c for c in hand if c.suit == led.suit]
    return card in same if same else True


def source_maker(bids, first: int, direction: int, tie: str) -> int:
    """The highest bid; ties by the rules option (first in bidding order, or the higher card first)."""
    order = [(first + direction * i) % PLAYERS for i in range(PLAYERS)]

    def key(p):
        k = (SOURCE_VALUE[bids[p].rank],)
        if tie == "higher_card":
            k += (SOURCE_ORDER.index(bids[p].rank),)
        return k + (-order.index(p),)
    return max(order, key=key)


def source_score(bid: int, took: int, goal: str, rules) -> int:
    """The three methods as the source words them, case by case."""
    gained = took > bid if goal == "most" else took < bid
    lost = took < bid if goal == "most" else took > bid
    diff = abs(took - bid)
    if gained:
        return diff * (rules.gain_factor if rules.scoring == "double_gains" else 1)
    if lost:
        return -diff
    return rules.exact_bonus if rules.scoring == "exact_bonus" else 0


def _flat(view) -> set:
    out = set()
    stack = [view]
    while stack:
        x = stack.pop()
        if isinstance(x, Card):
            out.add(x)
        elif isinstance(x, (tuple, list)):
            stack.extend(x)
    return out


@invariant(Truf, "moves_as_source", title="The moves offered are exactly the source's: a bid of any card of the "
           "hand until all four are in; at a sum of 13 the two goals; then any card to lead, else the suit led if "
           "held, else any card; and every card played followed suit",
           clauses=["truf-bid-turn", "truf-bid", "truf-choose", "truf-play-turn", "truf-hold", "truf-lead",
                    "truf-follow"], presets=True)
def moves_as_source(game, state):
    if state.match.over:
        return None
    p = state.to_move
    hand = state.hands[p]
    offered = set(map(str, game.legal_moves(state)))
    if not state.revealed:
        want = {f"bid {c}" for c in hand}
    elif sum(SOURCE_VALUE[b.rank] for b in state.bids) == TRICKS and state.goal is None:
        want = {"play for most", "play for fewest"}
    else:
        led = state.trick[0][1] if state.trick else None
        want = {str(c) for c in hand if source_allows(c, hand, led)}
    if offered != want:
        return (f"P{p} holds {format_cards(hand)}: offered {' '.join(sorted(offered))}, the source allows "
                f"{' '.join(sorted(want))}")
    for q, card, _ in state.trick[1:]:
        before = state.hands[q] + (card,)
        if not source_allows(card, before, state.trick[0][1]):
            return f"P{q} played {card} onto {state.trick[0][1]} from {format_cards(before)} without following suit"
    return None


@invariant(Truf, "reveal_as_source", title="When the bids are shown: the highest bid's suit is trumps and its "
           "bidder leads; a sum over 13 plays for the most tricks, under 13 for the fewest, at 13 the bidder "
           "chooses; the bid cards are back in their hands",
           clauses=["truf-bid-values", "truf-trump", "truf-contract", "truf-lead"], presets=True)
def reveal_as_source(game, state):
    if not state.revealed or state.trick or any(state.won) or state.match.over:
        return None
    bids = state.bids
    first = (state.dealer + state.direction) % PLAYERS
    maker = source_maker(bids, first, state.direction, game.rules.bid_tie)
    total = sum(SOURCE_VALUE[b.rank] for b in bids)
    shown = " ".join(f"P{p} {b}" for p, b in enumerate(bids))
    if state.maker != maker or state.trump != bids[maker].suit:
        return f"bids {shown}: P{state.maker} names trumps {state.trump.symbol}, the source says P{maker}"
    if state.to_move != maker:
        return f"bids {shown}: P{state.to_move} is to move, the highest bidder P{maker} should"
    want = "most" if total > TRICKS else "fewest" if total < TRICKS else state.goal
    if state.goal != want:
        return f"bids {shown} add up to {total}: the deal is played for the {state.goal}, not the {want}"
    for p, b in enumerate(bids):
        if b not in state.hands[p]:
            return f"P{p}'s bid card {b} is not back in their hand"
    return None


@invariant(Truf, "trick_taker", title="Each trick is taken by the highest trump, else the highest card of the "
           "suit led (2 low, ace high), who leads the next", clauses=["truf-trick"], presets=False)
def trick_taker(game, state):
    if state.trick or not state.last_trick or not state.revealed or not any(state.won):
        return None
    trick = state.last_trick
    led = trick[0][1]

    def strength(card):
        if card.suit == state.trump:
            return (2, SOURCE_ORDER.index(card.rank))
        return (1, SOURCE_ORDER.index(card.rank)) if card.suit == led.suit else (0, 0)
    best = max(trick, key=lambda t: strength(t[1]))[0]
    cards = format_cards(c for _, c, _ in trick)
    if state.last_winner != best:
        return f"trick {cards} (trumps {state.trump.symbol}) went to P{state.last_winner}, the source gives P{best}"
    if state.won[best][-PLAYERS:] != tuple(c for _, c, _ in trick):
        return f"P{best} took {cards} but does not hold it"
    if state.to_move != best:
        return f"P{best} took the trick but P{state.to_move} leads the next"
    return None


@invariant(Truf, "turn_order", title="Bids start beside the dealer and every trick goes round from its leader, "
           "anticlockwise in the first deal and clockwise after", clauses=["truf-direction"], presets=True)
def turn_order(game, state):
    if state.match.over or state.stock:
        return None
    want = -1 if state.match.deals == 0 and game.rules.first_direction == "anticlockwise" else 1
    if state.direction != want:
        return f"deal {state.match.deals + 1} goes {'clockwise' if state.direction > 0 else 'anticlockwise'}"
    if not state.revealed:
        placed_ = sum(b is not None for b in state.bids)
        expect = (state.dealer + want * (1 + placed_)) % PLAYERS
        if state.to_move != expect:
            return f"P{state.to_move} bids, but P{expect} is next from the dealer P{state.dealer}"
    for (a, _, _), (b, _, _) in zip(state.trick, state.trick[1:]):
        if b != (a + want) % PLAYERS:
            return f"P{b} played after P{a} in a deal that goes {'clockwise' if want > 0 else 'anticlockwise'}"
    if state.trick and state.to_move != (state.trick[-1][0] + want) % PLAYERS:
        return f"P{state.to_move} is to play after P{state.trick[-1][0]}"
    return None


@invariant(Truf, "trumps_face_down", title="Every trump in a trick lies face down, hidden from the other players "
           "until the trick is complete; every other card lies face up; bids are hidden until all four are in",
           clauses=["truf-face-down", "truf-bid"], presets=False)
def trumps_face_down(game, state):
    if state.match.over:
        return None
    views: dict[int, set] = {}

    def sees(q, card):
        if q not in views:
            views[q] = _flat(game.observe(state, q))
        return card in views[q]
    for p, card, down in state.trick:
        if down != (card.suit == state.trump):
            return f"P{p}'s {card} lies face {'down' if down else 'up'} with trumps {state.trump.symbol}"
        for q in range(PLAYERS):
            seen = sees(q, card)
            if q != p and down and seen:
                return f"P{q} sees P{p}'s face-down trump {card} before the trick is complete"
            if not seen and (q == p or not down):
                return f"P{q} cannot see P{p}'s {card} in the trick"
    just_shown = state.revealed and not state.trick and not any(state.won)
    if state.revealed and not just_shown:
        return None
    for p, b in enumerate(state.bids):
        if b is None:
            continue
        for q in range(PLAYERS):
            seen = sees(q, b)
            if q != p and not state.revealed and seen:
                return f"P{q} sees P{p}'s face-down bid {b} before all four bids are in"
            if state.revealed and not seen:
                return f"P{q} does not see P{p}'s bid {b}, which was shown"
    return None


@invariant(Truf, "deal_start", title="Each deal: thirteen cards each, none of them a hand of only 2-10s or only "
           "J-A; the first dealer by lot, then the deal passes to the left (to the right under deal_passes = right)",
           clauses=["truf-deal", "truf-redeal", "truf-dealer"], presets=True)
def deal_start(game, state):
    if state.stock or state.revealed or any(b is not None for b in state.bids) or state.match.over:
        return None
    if any(len(h) != HAND_SIZE for h in state.hands):
        return f"hands of {[len(h) for h in state.hands]} cards at the start of a deal"
    for p, h in enumerate(state.hands):
        if all(SOURCE_VALUE[c.rank] >= 2 for c in h):
            return f"P{p} is dealt only 2-10s: {format_cards(h)}"
        if all(c.rank in (Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE) for c in h):
            return f"P{p} is dealt only court cards and aces: {format_cards(h)}"
    first = rng_for(state.seed).randrange(PLAYERS)  # the lot
    way = 1 if game.rules.deal_passes == "left" else -1
    if state.dealer != (first + way * state.match.deals) % PLAYERS:
        return (f"P{state.dealer} deals deal {state.match.deals + 1}; the first dealer was P{first} and the deal "
                f"passes to the {game.rules.deal_passes}")
    return None


@invariant(Truf, "scores_as_source", title="Each deal's thirteen tricks are scored as the source's method says "
           "(difference; an exact bid 5; gains doubled), the game ends after its deals, the highest total wins",
           clauses=["truf-score-difference", "truf-score-exact", "truf-score-double", "truf-deals"], presets=True)
def scores_as_source(game, state):
    taken = sum(tricks_of(state))
    if len(state.trick) + sum(len(w) for w in state.won) + sum(map(len, state.hands)) \
            + (0 if state.revealed else sum(b is not None for b in state.bids)) + len(state.stock) != len(DECK):
        return "cards are missing from the deal"
    if taken * PLAYERS != sum(len(w) for w in state.won):
        return "a pile of taken cards is not whole tricks"
    fresh = state.match.over or (not state.revealed and not any(b is not None for b in state.bids))
    if not (fresh and state.last_deal):
        return None
    bids, tricks, goal, scores = state.last_deal
    tricks_total = (len(DECK) - len(state.stock)) // PLAYERS
    if sum(tricks) != tricks_total:
        return f"the tricks taken {tricks} do not add up to {tricks_total}"
    want = tuple(source_score(SOURCE_VALUE[b.rank], t, goal, game.rules) for b, t in zip(bids, tricks))
    if tuple(scores) != want:
        return (f"bids {format_cards(bids)}, tricks {' '.join(map(str, tricks))}, played for the {goal}: scored "
                f"{' '.join(map(str, scores))}, the source's {game.rules.scoring} method gives "
                f"{' '.join(map(str, want))}")
    limit = state.match.max_deals
    if state.match.over != (state.match.deals >= limit):
        return f"after {state.match.deals} of {limit} deals the game is {'over' if state.match.over else 'not over'}"
    if state.match.over:
        best = max(state.match.totals)
        if set(game.outcome(state).winners) != {p for p, t in enumerate(state.match.totals) if t == best}:
            return f"totals {state.match.totals}: the winners are not the highest totals"
    return None


# --------------------------------------------------------------------- z3

PLACES = ([f"hand {p}" for p in range(PLAYERS)] + [f"bid {p}" for p in range(PLAYERS)] + ["trick"]
          + [f"won {p}" for p in range(PLAYERS)])


@z3_claim(Truf, "deck_values", title="However the 52 cards lie (hands, bids, trick, taken tricks) their bid values "
          "add up to 220, and once every card is taken in whole tricks the four players' tricks add up to 13",
          clauses=["truf-bid-values", "truf-players"], each=False)
def deck_values(game, s):
    at = placement_vars("at", len(DECK), len(PLACES))
    vals = [rules_module.bid_value(c) for c in DECK]
    per_place = [z3.Sum([row[k] * vals[i] for i, row in enumerate(at)]) for k in range(len(PLACES))]
    counts = [z3.Sum([row[k] for row in at]) for k in range(len(PLACES))]
    s.add(*one_hot_constraints(at))
    tricks = [z3.Int(f"tricks_{p}") for p in range(PLAYERS)]
    won = counts[2 * PLAYERS + 1:]
    all_taken = z3.And(*[counts[k] == 0 for k in range(2 * PLAYERS + 1)],
                       *[w == PLAYERS * t for w, t in zip(won, tricks)])
    s.add(z3.Or(z3.Sum(per_place) != DECK_BID_VALUE, z3.And(all_taken, z3.Sum(tricks) != TRICKS)))

    def refute(model):
        where = placed(model, at)
        deal = {PLACES[k]: format_cards(c for c, w in zip(DECK, where) if w == k) for k in range(len(PLACES))}
        total = sum(value(model, x) for x in per_place)
        return Counterexample(f"the cards' bid values add up to {total}, not {DECK_BID_VALUE}, or the tricks "
                              f"{[value(model, t) for t in tricks]} not to 13: "
                              + "; ".join(f"{k}: {v or '-'}" for k, v in deal.items()), deal=deal)
    return Claim(Msg("every placement of the 52 cards holds bid values 220, and 52 cards taken in whole tricks are "
                     "13 tricks"), refute)


#: one card of each rank, 2 to ace
ONE_SUIT = tuple(c for c in DECK if c.suit == DECK[0].suit)


def _deal_model(game, s, tag=""):
    """Four bid ranks, four trick counts adding up to 13, and the goal the bids give (free at 13)."""
    ranks = [z3.Int(f"rank{tag}_{p}") for p in range(PLAYERS)]
    bids = []
    for p, r in enumerate(ranks):
        s.add(r >= 2, r <= 14)
        v = z3.IntVal(0)
        for card in ONE_SUIT:  # each rank's bid, by the bid values clause
            v = z3.If(r == int(card.rank), rules_module.bid_value(card), v)
        bids.append(v)
    took = [z3.Int(f"took{tag}_{p}") for p in range(PLAYERS)]
    s.add(*[t >= 0 for t in took], z3.Sum(took) == TRICKS)
    total = z3.Sum(bids)
    most = z3.Bool(f"most{tag}")
    s.add(z3.Implies(total > TRICKS, most), z3.Implies(total < TRICKS, z3.Not(most)))
    scores = [rules_module.player_score(b, t, most, game.rules, z3.If) for b, t in zip(bids, took)]
    return ranks, bids, took, most, scores


def _deal_text(model, ranks, took, most, scores) -> Msg:
    shown = dict(bids=" ".join(Rank(value(model, r)).label for r in ranks),
                 tricks=" ".join(str(value(model, t)) for t in took),
                 scores=" ".join(str(value(model, x)) for x in scores))
    if value(model, most):
        return Msg("bids {bids}, tricks {tricks}, played for the most: scores {scores}", **shown)
    return Msg("bids {bids}, tricks {tricks}, played for the fewest: scores {scores}", **shown)


def _with(game, scoring):
    return type(game)(dataclasses.replace(game.rules, scoring=scoring), players=game.players)


def _exact_range(game, budget, scoring: str) -> Outcome:
    """z3: the stated range of one score and of a deal's sum are bounds (unsat outside) and are reached (sat at
    each end), for every bid and every split of the 13 tricks."""
    g = _with(game, scoring)
    (lo, hi), (slo, shi) = claimed_ranges(g.rules)
    facts = []
    for what, bounds in ((Msg("a player's score"), (lo, hi)), (Msg("a deal's sum"), (slo, shi))):
        for side, bound in zip(("low", "high"), bounds):
            for mode in ("beyond", "at"):
                s = fresh_solver(budget)
                ranks, bids, took, most, scores = _deal_model(g, s)
                x = scores[0] if what == "a player's score" else z3.Sum(scores)
                if mode == "beyond":
                    s.add(x < bound if side == "low" else x > bound)
                else:
                    s.add(x == bound)
                answer = s.check()
                if answer == z3.unknown:
                    end = Msg("low end") if side == "low" else Msg("high end")
                    return Outcome(UNKNOWN, Msg("z3: {reason} ({what}, {end})", reason=s.reason_unknown(), what=what,
                                                end=end), method="z3")
                if mode == "beyond" and answer == z3.sat:
                    m = s.model()
                    return Outcome(REFUTED, Msg("{what} goes beyond {bound}", what=what, bound=bound), Counterexample(
                        f"{scoring}: {what} is {value(m, x)}, outside [{bounds[0]}, {bounds[1]}]: "
                        + _deal_text(m, ranks, took, most, scores), deal={"scoring": scoring}), method="z3")
                if mode == "at" and answer == z3.unsat:
                    return Outcome(REFUTED, Msg("{what} never reaches {bound}", what=what, bound=bound), Counterexample(
                        f"{scoring}: no bids and tricks give {what} of {bound}; the range [{bounds[0]}, "
                        f"{bounds[1]}] is not tight", deal={"scoring": scoring}), method="z3")
                if mode == "at":
                    facts.append(_deal_text(s.model(), ranks, took, most, scores))
    shown = dict(lo=lo, hi=hi, slo=slo, shi=shi, example=facts[1])
    if scoring == "exact_bonus":
        detail = Msg("proved with an exact bonus of {bonus}: a player's deal score lies in [{lo}, {hi}] and a deal's "
                     "sum in [{slo}, {shi}], both tight (z3, over every bid and split of the tricks; e.g. {example})",
                     bonus=g.rules.exact_bonus, **shown)
    elif scoring == "double_gains":
        detail = Msg("proved with a gain factor of {factor}: a player's deal score lies in [{lo}, {hi}] and a deal's "
                     "sum in [{slo}, {shi}], both tight (z3, over every bid and split of the tricks; e.g. {example})",
                     factor=g.rules.gain_factor, **shown)
    else:
        detail = Msg("proved: a player's deal score lies in [{lo}, {hi}] and a deal's sum in [{slo}, {shi}], both "
                     "tight (z3, over every bid and split of the tricks; e.g. {example})", **shown)
    return Outcome(HOLDS, detail, method="z3")


def claimed_ranges(rules) -> tuple[tuple[int, int], tuple[int, int]]:
    """The ranges the rulebook states for the rules' method, bonus and factor (:func:`~spec.games.truf.score_ranges`)."""
    return rules_module.score_ranges(rules.scoring, rules.exact_bonus, rules.gain_factor)


for _method, _title, _clause in (
        ("difference", N_("Method 1: a player's deal score ranges exactly over -13..13 and a deal's four scores add "
                          "up to between -27 and 0"), "truf-contract"),
        ("exact_bonus", N_("Method 2: a player's deal score ranges exactly over -13..max(13, b) and a deal's sum "
                           "over -27..4b, for the exact bonus b (-13..13 and -27..20 with the source's 5)"),
         "truf-score-exact"),
        ("double_gains", N_("Method 3: a player's deal score ranges exactly over -13..13f and a deal's sum over "
                            "-27..13(f - 1), for the gain factor f (-13..26 and -27..13 with the source's 2)"),
         "truf-score-double")):
    def _check(games, budget, _m=_method):
        return _exact_range(games[0], budget, _m)
    REGISTRY.property(GAME, f"scores_{_method}", title=_title, clauses=["truf-score-difference", _clause],
                      method="z3")(_check)


def _zero_sum_claim(scoring: str):
    def claim(game, s):
        g = _with(game, scoring)
        ranks, bids, took, most, scores = _deal_model(g, s)
        s.add(z3.Sum(scores) != 0)
        return Claim(Msg("{scoring}: every deal's four scores add up to 0", scoring=scoring),
                     lambda m: Counterexample(f"{scoring}: " + _deal_text(m, ranks, took, most, scores)
                                              + f", which add up to {value(m, z3.Sum(scores))}",
                                              deal={"scoring": scoring}))
    return claim


for _method, _clause in (("difference", "truf-score-difference"), ("exact_bonus", "truf-score-exact"),
                         ("double_gains", "truf-score-double")):
    _number = {"difference": 1, "exact_bonus": 2, "double_gains": 3}[_method]
    z3_claim(Truf, f"zero_sum_{_method}", title=Msg("Method {number} ({method}) is zero-sum: every deal's four "
                                                     "scores add up to 0", number=_number, method=_method),
             clauses=[_clause],
             expected=REFUTED, each=False)(_zero_sum_claim(_method))


@z3_claim(Truf, "difference_sum", title="Method 1: a deal's scores add up to minus the distance of the bids' sum "
          "from 13, so they add up to 0 exactly when the bids add up to 13",
          clauses=["truf-score-difference", "truf-contract"], each=False)
def difference_sum(game, s):
    g = _with(game, "difference")
    ranks, bids, took, most, scores = _deal_model(g, s)
    total = z3.Sum(bids)
    dist = z3.If(total >= TRICKS, total - TRICKS, TRICKS - total)
    s.add(z3.Sum(scores) != -dist)
    return Claim(Msg("method 1: for every bid and split of the tricks, the deal's sum is minus the distance of the "
                     "bids' sum from 13"),
                 lambda m: Counterexample("difference: " + _deal_text(m, ranks, took, most, scores),
                                          deal={"scoring": "difference"}))


@REGISTRY.property(GAME, "bid_sums", title="The bids add up to anything from 0 to 40, so a deal can be played for "
                   "the most tricks, for the fewest, or (at exactly 13) by the bidder's choice",
                   clauses=["truf-bid-values", "truf-contract", "truf-choose"], method="z3")
def bid_sums(games, budget: Budget) -> Outcome:
    game = games[0]
    seen = []
    for label, cond in (("below 0 or above 40", lambda t: z3.Or(t < 0, t > 40)), ("0", lambda t: t == 0),
                        ("40", lambda t: t == 40), ("12", lambda t: t == 12), ("13", lambda t: t == 13),
                        ("14", lambda t: t == 14)):
        s = fresh_solver(budget)
        ranks, bids, took, most, scores = _deal_model(game, s)
        s.add(cond(z3.Sum(bids)))
        answer = s.check()
        if answer == z3.unknown:
            return Outcome(UNKNOWN, Msg("z3: {reason}", reason=s.reason_unknown()), method="z3")
        impossible = label.startswith("below")
        if impossible and answer == z3.sat:
            m = s.model()
            return Outcome(REFUTED, Msg("a bid sum out of range"), Counterexample(
                f"bids {' '.join(Rank(value(m, r)).label for r in ranks)} add up to {value(m, z3.Sum(bids))}",
                deal={}), method="z3")
        if not impossible and answer == z3.unsat:
            return Outcome(REFUTED, Msg("no four cards bid {label}", label=label),
                           Counterexample(f"no four bids add up to {label}", deal={}), method="z3")
        if not impossible:
            m = s.model()
            seen.append(f"{label}: {' '.join(Rank(value(m, r)).label for r in ranks)}")
    return Outcome(HOLDS, Msg("proved: every bid sum lies in 0..40 and the sums 0, 40, 12, 13 and 14 occur "
                              "({examples})", examples="; ".join(seen)), method="z3")


# ------------------------------------------------------------- dealing again

def source_redeal(hands) -> bool:
    """A hand of nothing but 2-10s, or of nothing but jacks, queens, kings and aces."""
    return any(all(SOURCE_VALUE[c.rank] >= 2 for c in h) or all(SOURCE_VALUE[c.rank] <= 1 for c in h)
               for h in hands)


def exact_redeal_chance() -> Fraction:
    """The chance that a shuffled deal has an all-low (36 cards 2-10) or all-high (16 cards J-A) hand,
    by inclusion-exclusion over which hands are all-low (a) and all-high (b): every deal counted once."""
    f = math.factorial
    total = f(52) // f(13) ** 4
    p = Fraction(0)
    for a in range(PLAYERS + 1):
        for b in range(PLAYERS + 1 - a):
            if a + b == 0 or 13 * a > 36 or 13 * b > 16:
                continue
            ways = (f(36) // (f(13) ** a * f(36 - 13 * a)) * f(16) // (f(13) ** b * f(16 - 13 * b))
                    * f(52 - 13 * (a + b)) // f(13) ** (PLAYERS - a - b))
            p += (-1) ** (a + b + 1) * math.comb(PLAYERS, a) * math.comb(PLAYERS - a, b) * Fraction(ways, total)
    return p


@REGISTRY.property(GAME, "redeal_chance", title="A deal is dealt again with chance 1657287718/113881258265 "
                   "(about 1.46 %), and the game deals again exactly when the source says",
                   clauses=["truf-redeal"], method="exhaustive", budget={"examples": 10_000})
def redeal_chance(games, budget: Budget) -> Outcome:
    exact = exact_redeal_chance()
    rng = random.Random(budget.seed)
    n = budget.examples
    hits = 0
    for _ in range(n):
        cards = list(DECK)
        rng.shuffle(cards)
        hands = deal_hands(cards, 0, 1)
        want, got = source_redeal(hands), rules_module.needs_redeal(hands)
        if want != got:
            deal = {f"hand {p}": format_cards(sorted(h, key=str)) for p, h in enumerate(hands)}
            return Outcome(REFUTED, Msg("the game and the source disagree on a deal"), Counterexample(
                f"the game {'deals' if got else 'does not deal'} again, the source "
                f"{'does' if want else 'does not'}: " + "; ".join(f"{k}: {v}" for k, v in deal.items()),
                deal=deal), examples=n, seed=budget.seed)
        hits += got
    mean, sd = n * exact, math.sqrt(n * exact * (1 - exact))
    if abs(hits - mean) > 5 * sd:
        return Outcome(REFUTED, Msg("the sampled rate is far from the exact chance"), Counterexample(
            f"{hits} of {n} shuffles dealt again; the exact chance {exact} predicts {float(mean):.1f}",
            deal={"redeals": f"{hits} of {n}"}), examples=n, seed=budget.seed)
    return Outcome(HOLDS, Msg("exact: {exact} = {chance} (inclusion-exclusion over every deal); the game's rule "
                              "agrees with the source on {n} sampled shuffles (seed {seed}), {hits} dealt again "
                              "(expected {expected})", exact=str(exact), chance=f"{float(exact):.5f}", n=n,
                              seed=budget.seed, hits=hits, expected=f"{float(mean):.1f}"),
                   examples=n, seed=budget.seed, method="exhaustive")


# ------------------------------------------------------------- witness hunts

@REGISTRY.property(GAME, "highest_bid_unique", title="The highest bid is always unique (so it names one trump suit, "
                   "as the source assumes)", clauses=["truf-trump"], method="search", expected=REFUTED,
                   budget={"examples": 20})
def highest_bid_unique(games, budget: Budget) -> Outcome:
    def found(game, trace, state):
        if not state.revealed or state.trick or any(state.won) or state.match.over:
            return None
        vals = [rules_module.bid_value(b) for b in state.bids]
        tied = [p for p, v in enumerate(vals) if v == max(vals)]
        if len(tied) > 1:
            return (f"bids {' '.join(f'P{p} {b}' for p, b in enumerate(state.bids))}: P{' and P'.join(map(str, tied))} "
                    f"share the highest bid {max(vals)}; P{state.maker}'s suit is trumps by the tie rule")
        return None
    return hunt(games, budget, found, Msg("deal with two equal highest bids"))


@REGISTRY.property(GAME, "top_total_unique", title="A game never ends with two players sharing the highest total",
                   clauses=["truf-deals"], method="search", expected=REFUTED, budget={"examples": 400})
def top_total_unique(games, budget: Budget) -> Outcome:
    def found(game, trace, state):
        if state.match.over:
            t = state.match.totals
            top = [p for p, x in enumerate(t) if x == max(t)]
            if len(top) > 1:
                return (f"the game ends with totals {' '.join(map(str, t))}: P{' and P'.join(map(str, top))} "
                        "share the top")
        return None
    return hunt(games, budget, found, Msg("game ending with a shared highest total"))
