"""Thirty-One against a banker: money conservation (z3), the round's rules at every step,
and exact odds -- the chance of a natural 31 by deck count, and the banker's edge under a
threshold policy -- by enumeration with fractions, cross-checked by the engine and by simulation."""

from __future__ import annotations

import itertools
import math
from collections import defaultdict
from dataclasses import dataclass
from fractions import Fraction
from functools import cache

import z3

import spec.games.thirty_one_bank as rules_module
from spec.cards import parse_cards
from spec.i18n import N_, Msg, tr, translated
from spec.games.thirty_one_bank import (
    BUST, BUY, NATURAL, PLAYING, STAND, STANDS, TARGET, Rules, ThirtyOneBank, best_total, is_bust, is_natural,
    shoe_of,
)
from verifier.api import Root, invariant, small_configs, z3_claim
from verifier.core import HOLDS, REFUTED, REGISTRY, Budget, Counterexample, Outcome, Scope
from verifier.stakes import Settled, balances

GAME = ThirtyOneBank.info.id
VALUES = tuple(range(1, 11))  # ace (as 1), 2 ... 9, ten-valued


def value_counts(decks: int) -> tuple[int, ...]:
    return (4 * decks,) * 9 + (16 * decks,)


def best_of(hard: int, aces: int) -> int:
    """The best count of a hand with ``hard`` points (aces as 1) and ``aces`` aces: each ace may
    count 11 (two aces and a nine make 31, unlike blackjack's single soft ace)."""
    while aces and hard + 10 <= TARGET:
        hard += 10
        aces -= 1
    return hard


# ------------------------------------------------------------ naturals

@cache
def natural_chance(decks: int) -> Fraction:
    """The chance that three cards from a fresh shoe make 31: enumerate value multisets."""
    return Fraction(sum(ways for _, ways in hands_totalling(TARGET, decks)), math.comb(sum(value_counts(decks)), 3))


def engine_naturals(decks: int = 1) -> Fraction:
    """The engine's own count: every 3-card hand of the shoe through ``is_natural``."""
    shoe = shoe_of(decks)
    hits = sum(1 for h in itertools.combinations(shoe, 3) if is_natural(h))
    return Fraction(hits, math.comb(len(shoe), 3))


# ------------------------------------------------------- the banker's edge

@dataclass(frozen=True)
class Hand:
    counts: tuple[int, ...]   # cards of each value
    ways: int                 # value orders that the policy reaches this hand by
    status: str               # natural, bust or stands
    total: int


def policy_hands(counts: tuple[int, ...], threshold: int) -> list[Hand]:
    """Final hands of a player who takes three cards and buys one more when under ``threshold``."""
    out: dict = defaultdict(int)
    for seq in itertools.product(range(10), repeat=3):
        m = [0] * 10
        for v in seq:
            m[v] += 1
        if any(m[v] > counts[v] for v in range(10)):
            continue
        b = best_of(sum((v + 1) * k for v, k in enumerate(m)), m[0])
        if b >= threshold or b == TARGET:
            out[tuple(m)] += 1
            continue
        for v in range(10):
            if m[v] < counts[v]:
                out[tuple(m[:v] + [m[v] + 1] + m[v + 1:])] += 1
    hands = []
    for m, ways in out.items():
        hard = sum((v + 1) * k for v, k in enumerate(m))
        total = best_of(hard, m[0])
        status = BUST if hard > TARGET else NATURAL if sum(m) == 3 and total == TARGET else STANDS
        hands.append(Hand(m, ways, status, total))
    return hands


def banker_gain(punter: Hand, banker: Hand, rules: Rules = Rules()) -> int:
    """What the banker wins from one punter, by the rules' order: naturals, the punter's buying, the banker's
    (the sums each case pays are the rules')."""
    r = rules
    if punter.status == NATURAL:
        return 0 if banker.status == NATURAL and r.natural_against_natural == "quits" else -r.natural_pays
    if banker.status == NATURAL:
        return r.natural_pays
    if punter.status == BUST:
        both = banker.status == BUST and r.banker_bust_to == "all"
        return r.bust_pays - (r.banker_bust_pays if both else 0)
    if banker.status == BUST:
        return -r.banker_bust_pays
    return r.showdown_pays * ((banker.total > punter.total) - (banker.total < punter.total))


@cache
def banker_edge(threshold: int, decks: int = 1, rules: Rules = Rules()) -> Fraction:
    """The banker's expected gain per round against one punter, with the sums the ``rules`` pay, when both
    take three cards and buy one more below ``threshold`` (first round of a fresh shoe).

    Exact: the punter's cards are taken first and the banker's from the rest (neither's choice depends
    on the other's cards, so the order of drawing does not change the odds); each pair of final hands
    is weighted by the number of ordered ways to draw it, and divided at the end.
    """
    counts = value_counts(decks)
    n = sum(counts)
    hands = policy_hands(counts, threshold)
    sparse = [(h, tuple((v, k) for v, k in enumerate(h.counts) if k)) for h in hands]
    falling = [[math.perm(c, k) for k in range(c + 1)] for c in counts]
    by_size: dict[int, int] = defaultdict(int)
    for hp, sp in sparse:
        for hb, sb in sparse:
            g = banker_gain(hp, hb, rules)
            if not g:
                continue
            used = dict(sp)
            for v, k in sb:
                used[v] = used.get(v, 0) + k
            w = hp.ways * hb.ways * g
            for v, k in used.items():
                if k > counts[v]:
                    w = 0
                    break
                w *= falling[v][k]
            if w:
                by_size[sum(hp.counts) + sum(hb.counts)] += w
    return sum((Fraction(x, math.perm(n, k)) for k, x in by_size.items()), Fraction(0))


EDGE_THRESHOLDS = tuple(range(21, 32))


# ------------------------------------------------------------ properties

@REGISTRY.property(GAME, "odds_exact", title="The chance of a natural 31 (enumeration of value multisets) equals "
                   "the engine's count over every 3-card hand of the rules' shoe",
                   clauses=["thirty-one-values", "thirty-one-natural"], method="exhaustive")
def odds_exact(games, budget: Budget) -> Outcome:
    decks = games[0].rules.decks
    packs = Msg("one pack") if decks == 1 else Msg("{n} packs", n=decks)
    hands = math.comb(len(shoe_of(decks)), 3)
    exact, engine = natural_chance(decks), engine_naturals(decks)
    if exact != engine:
        return Outcome(REFUTED, Msg("enumeration {exact}, engine {engine}", exact=str(exact), engine=str(engine)),
                       Counterexample(f"{packs}: a natural 31 has chance {exact} by enumeration, "
                                      f"{engine} by the engine's is_natural over all {hands} hands", deal={}))
    return Outcome(HOLDS, Msg("both {exact} over all {hands} hands of {packs}", exact=str(exact), hands=hands,
                              packs=packs))


class Policy:
    """Buy one card below a threshold, then stand (the policy of the exact edge)."""

    def __init__(self, threshold: int):
        self.threshold = threshold

    def choose(self, game: ThirtyOneBank, state) -> object:
        hand = state.hands[state.to_move]
        if len(hand) == 3 and best_total(hand) < self.threshold and state.stock:
            return BUY
        return STAND


def simulate_edge(threshold: int, rounds: int, seed: int, cls=ThirtyOneBank, rules: Rules = Rules()) \
        -> tuple[float, float]:
    """Mean and standard deviation of the banker's gain in the first round of ``rounds`` seeded shoes,
    played by the engine (its deal, its naturals, its settlement) under ``rules``."""
    game = cls(rules, players=2)
    policy = Policy(threshold)
    gains = []
    for s in range(seed, seed + rounds):
        state, over = game.deal_one(game.position(seed=s))
        while not over:
            state, over = game.round_move(state, policy.choose(game, state))
        gains.append(state.ledger[f"P{state.banker}"])
    mean = sum(gains) / len(gains)
    sd = math.sqrt(sum((g - mean) ** 2 for g in gains) / (len(gains) - 1))
    return mean, sd


SIM_ROUNDS = 1500


@REGISTRY.property(GAME, "odds_simulated", title="Simulation agrees with the exact odds: the chance of a natural "
                   "(1-3 decks) and the banker's edge under the buy-one-below-T policy (with the rules' shoe and "
                   "sums), within 4.5 standard errors",
                   clauses=["thirty-one-natural", "thirty-one-showdown", "thirty-one-bust-pays",
                            "thirty-one-banker-bust"], method="hypothesis", budget={"examples": SIM_ROUNDS},
                   applies=lambda games: any(g.players == 2 for g in games))
def odds_simulated(games, budget: Budget) -> Outcome:
    cls = type(games[0])
    rules = next(g for g in games if g.players == 2).rules
    n = budget.examples
    for decks in (1, 2, 3):
        game = cls(Rules(decks=decks), players=2)
        hits = sum(is_natural(game.deal(s).hands[0]) for s in range(budget.seed, budget.seed + n))
        p = natural_chance(decks)
        if abs(hits / n - float(p)) > 4.5 * math.sqrt(float(p * (1 - p)) / n) + 1 / n:
            return Outcome(REFUTED, Msg("{n} decks: naturals", n=decks),
                           Counterexample(f"{decks} decks, {n} deals from seed {budget.seed}: naturals "
                                          f"{hits / n:.4f}, exactly {float(p):.4f}",
                                          record=game.record(budget.seed, ())), n, budget.seed)
    for t in (24, 27, 30):
        mean, sd = simulate_edge(t, n, budget.seed, cls, rules)
        want = float(banker_edge(t, rules.decks, rules))
        if abs(mean - want) > 4.5 * sd / math.sqrt(n) + 1e-9:
            return Outcome(REFUTED, Msg("threshold {t}", t=t),
                           Counterexample(f"buy one card below {t}: the banker wins {mean:+.4f} a round in {n} "
                                          f"simulated rounds, exactly {want:+.4f}",
                                          record=cls(rules, players=2).record(budget.seed, ())), n, budget.seed)
    return Outcome(HOLDS, Msg("{n} simulated deals for each of 1-3 decks and {n} rounds for each of thresholds "
                              "24, 27, 30 (deal seeds {seed} onwards)", n=n, seed=budget.seed),
                   examples=6 * n, seed=budget.seed)


@z3_claim(ThirtyOneBank, "money_conserved", title="Every settlement rule balances: the players' (banker "
          "included) holdings sum to the same before and after, for every sum paid and every pair of seats",
          clauses=["thirty-one-natural-paid", "thirty-one-banker-natural", "thirty-one-bust-pays",
                   "thirty-one-banker-bust", "thirty-one-showdown"])
def money_conserved(game, s):
    n = game.players
    amount = z3.Int("amount")
    s.add(amount >= 1)
    # the settlement clauses, read through the module (a clause a test replaces is the one proved)
    rules = {"natural": rules_module.natural_paid, "banker_natural": rules_module.banker_natural,
             "bust": rules_module.bust_paid, "banker_bust": rules_module.banker_bust,
             "showdown": rules_module.showdown}
    cases = [Settled(name if sign is None else f"{name} ({sign:+d})",
                     rule(punter, banker, amount) if sign is None else rule(punter, banker, amount, sign),
                     f"punter P{punter}, banker P{banker}")
             for name, rule in rules.items() for punter, banker in itertools.permutations(range(n), 2)
             for sign in ((-1, 0, 1) if name == "showdown" else (None,))]
    return balances(s, cases, {"sum": amount},
                    Msg("each settlement (natural, banker's natural, bust, banker's bust, showdown) sums to 0 for "
                        "every sum paid and every punter and banker (one proof per player count)"),
                    Msg("{n} players, ", n=n))


@invariant(ThirtyOneBank, "round_rules", title="Every seat's state matches its cards: a natural is three cards "
           "making 31, a bust is over 31, no one over 31 plays on; the banker acts only after every punter",
           clauses=["thirty-one-values", "thirty-one-natural", "thirty-one-bust", "thirty-one-turn",
                    "thirty-one-buy", "thirty-one-stand", "thirty-one-talia"], presets=True)
def round_rules(game, state):
    for p, (hand, st) in enumerate(zip(state.hands, state.status)):
        if st == NATURAL and not is_natural(hand):
            return f"P{p} is marked natural with {' '.join(map(str, hand))}"
        if (st == BUST) != is_bust(hand):
            return f"P{p} is marked {st or 'playing'} with {' '.join(map(str, hand))} ({best_total(hand)})"
        if st == STANDS and len(hand) == 3 and is_natural(hand) and p != state.banker:
            return f"P{p} has a natural but was not paid it"
    p = state.to_move
    if p is not None:
        if state.status[p] != PLAYING:
            return f"P{p} has the turn but is {state.status[p]}"
        if p == state.banker and any(st == PLAYING for q, st in enumerate(state.status) if q != p):
            return "the banker acts while a punter is still playing"
    elif len(state.stock) >= 3 * game.players and state.talia + 1 >= game.rules.talias and any(state.hands):
        if any(st == PLAYING for st in state.status):
            return "the game ended in the middle of a round"
    return None


# ------------------------------------------------------- small configurations

#: cards a crafted small configuration deals to the seats it does not set, and the cards left to buy
FILLER = parse_cards("7♣ 8♦ 6♥ 5♣ 9♦ 4♥ 7♦ 8♣ 6♠ 5♦ 9♣ 4♠ 7♥ 8♥ 6♦ 5♥ 9♥ 4♦ 7♠ 8♠ 6♣ 5♠ 9♠ 4♣")
TO_BUY = parse_cards("2♣ 10♦ 3♥ 2♦ J♣ 3♣")
NATURAL_CARDS = {"punter": parse_cards("A♠ K♠ Q♠"), "banker": parse_cards("A♥ K♥ Q♥")}
#: seeded ends of a shoe explored for each rules: how many, and the spare cards beyond a deal
SHOE_ENDS, SPARE = 6, 4


def last_banker(game: ThirtyOneBank) -> int:
    """Who holds the bank in the last talia: the last seat, moved right once a talia if the bank passes."""
    n, r = game.players, game.rules
    return (n - 1 - (r.talias - 1)) % n if r.bank_passes else n - 1


def end_of_shoe(game: ThirtyOneBank, stock, label: str) -> Root:
    """The last talia with ``stock`` left: a round is dealt from it (its naturals paid), and the game ends
    when the shoe cannot serve another, so every state after it can be explored."""
    state = game.position(stock, banker=last_banker(game), talia=game.rules.talias - 1)
    return Root(game.deal_round(state), label)


def dealing(game: ThirtyOneBank, hands: dict[int, tuple], rest=TO_BUY) -> tuple:
    """A stock whose next deal gives ``hands`` (by seat) and filler cards to the other seats, then ``rest``."""
    n, banker = game.players, last_banker(game)
    order = [(banker + i) % n for i in range(1, n + 1)]
    filler = iter(FILLER)
    dealt = {seat: hands.get(seat) or tuple(next(filler) for _ in range(3)) for seat in order}
    return tuple(dealt[seat][k] for k in range(3) for seat in order) + tuple(rest)


@small_configs(GAME)
def small(game):
    """The end of the last talia, at any rules and player count: a punter's natural; the banker's natural
    against a punter's; and the last 3 x players + 4 cards of six seeded shoes (with two players, enough
    for a second round), each dealt and played out."""
    n, banker = game.players, last_banker(game)
    first = (banker + 1) % n
    roots = [end_of_shoe(game, dealing(game, {first: NATURAL_CARDS["punter"]}), "a punter's natural 31"),
             end_of_shoe(game, dealing(game, {first: NATURAL_CARDS["punter"], banker: NATURAL_CARDS["banker"]}),
                         "naturals for the banker and a punter")]
    cards = 3 * n + SPARE + (3 * n if n == 2 else 0)
    for seed in range(SHOE_ENDS):
        shoe = game.shoe(seed, 0)
        roots.append(end_of_shoe(game, shoe[-cards:], f"the last {cards} cards of shoe {seed}"))
    return roots


# ------------------------------------------------------- the source's remark

def remove(counts: tuple[int, ...], hand: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(c - k for c, k in zip(counts, hand))


def stand_or_buy(hand: tuple[int, ...], banker_threshold: int, rules: Rules = Rules()) -> tuple[Fraction, Fraction]:
    """The punter's exact expected gain with the value multiset ``hand`` (three cards, alone against the
    banker, after no natural), standing and buying one card, when the banker buys one below ``banker_threshold``."""
    counts = remove(value_counts(rules.decks), hand)
    n = sum(counts)
    hard = sum((v + 1) * k for v, k in enumerate(hand))
    mine = best_of(hard, hand[0])
    bankers = [b for b in policy_hands(counts, banker_threshold)]

    def against(total: int, left: tuple[int, ...]) -> Fraction:
        """Punter standing on ``total`` (over 31: gone over, and paid only if the banker goes over too and
        pays everyone); the banker's hands from ``left`` (no natural for the banker counted as a natural:
        the round is past the naturals only if neither had one -- conditioned below)."""
        num: dict[int, int] = defaultdict(int)
        den: dict[int, int] = defaultdict(int)
        for b in bankers:
            if any(k > c for k, c in zip(b.counts, left)):
                continue
            w = b.ways
            for v, k in enumerate(b.counts):
                if k:
                    w *= math.perm(left[v], k)
            size = sum(b.counts)
            if b.status == NATURAL:
                continue  # conditioned on no banker natural
            if total > TARGET:
                g = -rules.bust_pays + (rules.banker_bust_pays if b.status == BUST and rules.banker_bust_to == "all"
                                        else 0)
            else:
                g = rules.banker_bust_pays if b.status == BUST else \
                    rules.showdown_pays * ((total > b.total) - (total < b.total))
            num[size] += w * g
            den[size] += w
        m = sum(left)
        p_num = sum(Fraction(x, math.perm(m, k)) for k, x in num.items())
        p_den = sum(Fraction(x, math.perm(m, k)) for k, x in den.items())
        return p_num / p_den

    stand = against(mine, counts)
    buy = Fraction(0)
    for v, c in enumerate(counts):
        if not c:
            continue
        new = hand[:v] + (hand[v] + 1,) + hand[v + 1:]
        total = best_of(hard + v + 1, new[0])
        left = remove(counts, (0,) * v + (1,) + (0,) * (9 - v))
        gain = against(total, left)
        buy += Fraction(c, n) * gain
    return stand, buy


def hands_totalling(total: int, decks: int = 1) -> list[tuple[tuple[int, ...], int]]:
    """Three-card value multisets with best count ``total``, with their number of card combinations."""
    counts = value_counts(decks)
    out = []
    for combo in itertools.combinations_with_replacement(range(10), 3):
        m = tuple(combo.count(v) for v in range(10))
        if best_of(sum(v + 1 for v in combo), m[0]) != total:
            continue
        ways = 1
        for v in set(combo):
            ways *= math.comb(counts[v], combo.count(v))
        out.append((m, ways))
    return out


@cache
def remark(total: int, banker_threshold: int, rules: Rules = Rules()) -> tuple[Fraction, Fraction]:
    """A lone punter's exact expected gain at ``total`` (three cards, averaged over every hand of that total),
    standing and buying one card, against a banker who buys one below ``banker_threshold``."""
    hands = hands_totalling(total, rules.decks)
    weight = sum(w for _, w in hands)
    stand = buy = Fraction(0)
    for m, w in hands:
        s, b = stand_or_buy(m, banker_threshold, rules)
        stand += Fraction(w, weight) * s
        buy += Fraction(w, weight) * b
    return stand, buy


REMARK_BANKERS = (22, 25, 27, 29, 31)


def bust_costs_a_showdown(rules, players) -> bool:
    """Whether going over costs a punter at least what losing the showdown does: the source's sums (2 and 2)
    and every rules where the remark was found to hold; with a cheaper bust, buying at 26 can pay."""
    return rules.bust_pays >= rules.showdown_pays


@REGISTRY.property(GAME, "remark_26_27", title="The source's remark: with 26 or 27 a punter gains nothing by "
                   "buying (exact, one punter, against a banker who buys one card below 22, 25, 27, 29 or 31)",
                   clauses=["thirty-one-buy", "thirty-one-showdown", "thirty-one-bust-pays",
                            "thirty-one-banker-bust"], method="exhaustive",
                   applies=lambda games: any(g.players == 2 for g in games),
                   scope=Scope("bust_pays >= showdown_pays", bust_costs_a_showdown))
def remark_26_27(games, budget: Budget) -> Outcome:
    rules = next(g for g in games if g.players == 2).rules
    for total in (26, 27):
        for t in REMARK_BANKERS:
            stand, buy = remark(total, t, rules)
            if buy > stand:
                return Outcome(REFUTED, Msg("at {total}, buying is better against a banker who buys below {t}",
                                            total=total, t=t),
                               Counterexample(f"a punter with {total} on three cards gains {float(stand):+.4f} a "
                                              f"round standing and {float(buy):+.4f} buying, against a banker "
                                              f"who buys one card below {t}", deal={}))
    packs = Msg("one pack") if rules.decks == 1 else Msg("{n} packs", n=rules.decks)
    return Outcome(HOLDS, Msg("standing at 26 and at 27 is better than buying, against a banker buying below "
                              "{thresholds} (exact, every 3-card hand of those totals, {packs})",
                              thresholds=", ".join(map(str, REMARK_BANKERS)), packs=packs))


# ------------------------------------------------------- rulebook tables

def natural_table(lang: str = "en"):
    rows = []
    for d in (1, 2, 3):
        p = natural_chance(d)
        game = ThirtyOneBank(Rules(decks=d), players=2)
        hits = sum(is_natural(game.deal(s).hands[0]) for s in range(1, SIM_ROUNDS + 1))
        rows.append([str(d), f"{p} = {float(p):.5f}", f"{hits / SIM_ROUNDS:.5f}"])
    return translated([N_("decks"), N_("a natural 31: exact"), N_("simulated (1500 deals)")], lang), rows


def edge_table(lang: str = "en"):
    """The banker's edge against one punter, both buying one card below the threshold (one pack)."""
    rows = []
    for th in EDGE_THRESHOLDS:
        e = banker_edge(th)
        mean, _ = simulate_edge(th, SIM_ROUNDS, 1)
        rows.append([str(th), f"{float(e):+.5f}", f"{float(e) / 2:+.5f}", f"{mean:+.4f}"])
    return translated([N_("buy below"), N_("banker's edge a round (exact)"), N_("per chip staked"),
                       N_("simulated (1500 deals)")], lang), rows


def remark_table(lang: str = "en"):
    rows = []
    for total in (25, 26, 27):
        for th in REMARK_BANKERS:
            stand, buy = remark(total, th)
            rows.append([str(total), str(th), f"{float(stand):+.4f}", f"{float(buy):+.4f}"])
    return translated([N_("punter's count"), N_("banker buys below"), N_("standing"), N_("buying")], lang), rows


def edge_plot(lang: str = "en"):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    fig, ax = plt.subplots(figsize=(7, 3.4))
    ax.plot(EDGE_THRESHOLDS, [float(banker_edge(th)) for th in EDGE_THRESHOLDS], marker="o")
    ax.axhline(0, color="grey", lw=0.8)
    ax.set_xlabel(tr(lang, "threshold: buy one card below it"))
    ax.set_ylabel(tr(lang, "banker's gain a round, chips"))
    ax.set_title(tr(lang, "Thirty-One: the banker's edge under a threshold policy"), fontsize=10)
    ax.grid(alpha=0.3)
    fig.tight_layout()
    return fig
