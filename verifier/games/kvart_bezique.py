"""Kvart-bezique: money conservation (z3), the hand scoring against an independent reading of every
hand, the source's worked examples and claims, the exact score distribution of a dealt hand
(enumeration of multisets with fractions) cross-checked against every hand of a smaller shoe and
against simulation, and the betting rules at every step."""

from __future__ import annotations

import dataclasses
import itertools
import math
from collections import Counter
from fractions import Fraction
from functools import cache

import z3

import spec.games.kvart_bezique as rules_module
from spec.cards import Card, Rank, Suit, format_cards, parse_cards
from spec.games.kvart_bezique import (BEZIQUE, CROWN_3, CROWN_4, DOUBLE_BEZIQUE, KINDS, MARRIAGE, PLAIN, QUAD_OTHER,
                                           QUADS, TRIPLE, KvartBezique, Rules, Scoring, hand_score, hands,
                                           lone_player, score_distribution, showdown_winners)
from spec.i18n import N_, Msg, tr, translated
from spec.stakes import POT, player_account
from verifier.stakes import Settled, balances
from verifier.api import Root, invariant, small_configs, z3_claim
from verifier.core import HOLDS, REFUTED, REGISTRY, Budget, Counterexample, Outcome, Scope

GAME = KvartBezique.info.id

#: the scoring variants every exhaustive check covers: the plain game, the options, trumps (spades)
#: (the names are said in the reader's language where they are words: a :class:`spec.i18n.Msg` is a ``str``)
SCORINGS = {Msg("plain"): PLAIN, "crown_bezique not_added": Scoring(crown_bezique="not_added"),
            "four_aces best_reading": Scoring(four_aces="best_reading"),
            "crown any_suited": Scoring(crown="any_suited"),
            Msg("trump {suit} (cards)", suit="♠"): Scoring(trump=Suit.SPADES),
            Msg("trump {suit} (suit combinations)", suit="♠"): Scoring(trump=Suit.SPADES,
                                                                       doubles="suit_combinations")}


# ------------------------------------------------------------ an independent reading of a hand

def _combos(hand, sc: Scoring):
    """Every combination the hand holds: (name, value, the card positions it uses)."""
    idx = range(len(hand))
    trumps = lambda pos: sc.trump is not None and sc.doubles == "suit_combinations" and all(  # noqa: E731
        hand[i].suit == sc.trump for i in pos)
    dbl = lambda v, pos: 2 * v if trumps(pos) else v  # noqa: E731
    out = []
    for pos in itertools.combinations(idx, 4):
        if len({hand[i].rank for i in pos}) == 1:
            out.append(("quads", dbl(QUADS.get(hand[pos[0]].rank, QUAD_OTHER), pos), frozenset(pos)))
        if len({hand[i].suit for i in pos}) == 1 and (sc.crown == "any_suited" or {hand[i].rank for i in pos} == {
                Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN}):
            out.append(("crown4", dbl(CROWN_4, pos), frozenset(pos)))
    for pos in itertools.combinations(idx, 3):
        if len({hand[i].rank for i in pos}) == 1:
            out.append(("triple", dbl(TRIPLE, pos), frozenset(pos)))
        if len({hand[i].suit for i in pos}) == 1 and (sc.crown == "any_suited" or {hand[i].rank for i in pos} == {
                Rank.KING, Rank.QUEEN, Rank.JACK}):
            out.append(("crown3", dbl(CROWN_3, pos), frozenset(pos)))
    for a, b in itertools.combinations(idx, 2):
        x, y = hand[a], hand[b]
        if x.suit == y.suit and {x.rank, y.rank} == {Rank.KING, Rank.QUEEN}:
            out.append(("marriage", dbl(MARRIAGE, (a, b)), frozenset((a, b))))
        if {x.rank, y.rank} == {Rank.QUEEN, Rank.JACK} and x.suit != y.suit and \
                ({x.suit, y.suit} <= {Suit.SPADES, Suit.CLUBS} or {x.suit, y.suit} <= {Suit.HEARTS, Suit.DIAMONDS}):
            out.append(("bezique", BEZIQUE, frozenset((a, b))))
    return out


def reading_score(hand, sc: Scoring = PLAIN) -> int:
    """The best of every set of combinations that share no card (a crown of three may share one
    card with a bezique, unless the option says not), loose cards scoring their points."""
    hand = tuple(hand)
    combos = _combos(hand, sc)
    if sc.four_aces == "zero" and any(name == "quads" for name, _, _ in combos):
        return next(v for name, v, _ in combos if name == "quads")
    best = 0
    for k in range(len(combos) + 1):
        for chosen in itertools.combinations(combos, k):
            ok = True
            for (n1, _, p1), (n2, _, p2) in itertools.combinations(chosen, 2):
                shared = p1 & p2
                if not shared:
                    continue
                if {n1, n2} == {"crown3", "bezique"} and len(shared) == 1 and sc.crown_bezique == "added":
                    continue
                ok = False
            if not ok:
                continue
            used = frozenset().union(*(p for _, _, p in chosen)) if chosen else frozenset()
            names = [n for n, _, _ in chosen]
            value = sum(v for _, v, _ in chosen)
            if names == ["bezique", "bezique"]:
                value = DOUBLE_BEZIQUE
            loose = sum({Rank.KING: 1, Rank.QUEEN: 1, Rank.JACK: 1, Rank.TEN: 1}.get(hand[i].rank, 0)
                        * (2 if hand[i].suit == sc.trump else 1) for i in range(len(hand)) if i not in used)
            best = max(best, value + loose)
    return best


def hand_text(hand) -> str:
    return format_cards(hand)


#: the clause functions a hand's score is made of: a result remembered for one scoring is reused only while
#: the very same functions are in place (a test that replaces a clause gets a fresh computation)
SCORE_CLAUSES = ("hand_score", "_score", "card_points", "doubled", "is_bezique", "is_marriage", "pair_score",
                 "quads_score", "triple_scores", "crown_scores", "crown_takes_bezique", "two_combinations",
                 "scoring_of", "hands", "deal_chance", "trump_chance", "score_distribution")
_DONE: dict = {}


def remembered(name: str, key, compute):
    """``compute()``, once per property, scoring key and set of clause functions: the exhaustive checks
    depend on the scoring options only, and a sweep asks them again at every player count and betting
    option."""
    token = (name, key, tuple(id(getattr(rules_module, f)) for f in SCORE_CLAUSES))
    if token not in _DONE:
        _DONE[token] = compute()
    return _DONE[token]


def scoring_key(rules: Rules) -> tuple:
    return tuple(getattr(rules, f) for f in ("crown_bezique", "four_aces", "crown", "trump", "trump_doubles"))


def scorings_for(rules: Rules) -> dict[str, Scoring]:
    """The scorings ``score_readings`` checks under ``rules``: each option alone (:data:`SCORINGS`), and the
    rules' own scoring, with every suit as trump in the trump variant."""
    name = ", ".join(f"{f.name} {getattr(rules, f.name)}" for f in dataclasses.fields(rules)
                     if f.name in ("crown_bezique", "four_aces", "crown", "trump", "trump_doubles")
                     and getattr(rules, f.name) != f.default)
    if not name:
        return dict(SCORINGS)
    if rules.trump == "none":
        own = {Msg("rules ({options})", options=name): rules_module.scoring_of(rules, None)}
    else:
        own = {Msg("rules ({options}), trump {suit}", options=name, suit=suit.symbol):
               rules_module.scoring_of(rules, suit) for suit in Suit}
    return {**SCORINGS, **{k: v for k, v in own.items() if v not in SCORINGS.values()}}


@REGISTRY.property(GAME, "score_readings", title="The engine's hand score equals an independent search over "
                   "every way to read the hand's combinations, for all 17,550 four-card hands, under each scoring "
                   "option and the rules' own scoring",
                   clauses=["kvart-points", "kvart-quads", "kvart-triple", "kvart-marriage", "kvart-bezique-pair",
                            "kvart-crown", "kvart-crown-bezique", "kvart-double-bezique", "kvart-score",
                            "kvart-trump"], method="exhaustive")
def score_readings(games, budget: Budget) -> Outcome:
    rules = games[0].rules
    return remembered("score_readings", scoring_key(rules), lambda: _score_readings(rules))


def _score_readings(rules: Rules) -> Outcome:
    scorings = scorings_for(rules)
    for name, sc in scorings.items():
        for hand in hands():
            mine, theirs = rules_module.hand_score(hand, sc), reading_score(hand, sc)
            if mine != theirs:
                return Outcome(REFUTED, Msg.join(": ", [name, hand_text(hand)]),
                               Counterexample(f"{name}: the hand {hand_text(hand)} scores {mine} in the engine, "
                                              f"{theirs} by the independent reading", deal={"hand": hand_text(hand)}))
    return Outcome(HOLDS, Msg("equal on all {hands} hands under each of {n} scorings ({scorings})",
                              hands=len(hands()), n=len(scorings), scorings=Msg.join(", ", scorings)))


# ------------------------------------------------------------ the source's own numbers and claims

#: every value the source states, with its worked examples (hands as written or completed with a fat card)
SOURCE_EXAMPLES = ((Msg("three queens and a king"), "Q♠ Q♣ Q♥ K♥", 7),
                   (Msg("four aces"), "A♠ A♥ A♦ A♣", 0), (Msg("four kings"), "K♠ K♥ K♦ K♣", 8),
                   (Msg("four of another rank"), "J♠ J♥ J♦ J♣", 9),
                   (Msg("a marriage, a king and a ten"), "K♥ Q♥ K♦ 10♦", 6),
                   (Msg("a bezique, a king and a jack"), "Q♠ J♣ K♦ J♦", 6),
                   (Msg("a crown of three (and a fat card)"), "K♠ Q♠ J♠ 9♥", 6),
                   (Msg("a crown of four"), "K♠ Q♠ J♠ 10♠", 9), (Msg("two beziques"), "Q♠ J♣ Q♥ J♦", 9),
                   (Msg("a crown with a bezique"), "K♠ Q♠ J♠ J♣", 10))


def source_scoring(rules, players) -> bool:
    """The source's own reading of the two rules its examples fix: a crown's bezique added (its example
    scores 10) and four aces 0."""
    return rules.crown_bezique == "added" and rules.four_aces == "zero"


@REGISTRY.property(GAME, "source_examples", title="Every value and worked example the source states scores as "
                   "the source says (ten hands)", clauses=["kvart-points", "kvart-quads", "kvart-triple",
                   "kvart-marriage", "kvart-bezique-pair", "kvart-crown", "kvart-crown-bezique",
                   "kvart-double-bezique", "kvart-score"], method="exhaustive",
                   scope=Scope("crown_bezique = added, four_aces = zero", source_scoring))
def source_examples(games, budget: Budget) -> Outcome:
    g = games[0]
    sc = g._scorings[None]
    for what, text, want in SOURCE_EXAMPLES:
        got = rules_module.hand_score(parse_cards(text), sc)
        if got != want:
            return Outcome(REFUTED, what, Counterexample(f"{what}: {text} scores {got}, the source says {want}",
                                                         deal={"hand": text}))
    return Outcome(HOLDS, Msg("all {n} of the source's examples and values", n=len(SOURCE_EXAMPLES)))


def _top(g) -> tuple:
    sc = g._scorings[None]
    return max(((rules_module.hand_score(h, sc), h) for h in hands()), key=lambda x: x[0])


@REGISTRY.property(GAME, "double_bezique_top", title="Two beziques (9) are the top combination, as the source "
                   "says: no hand scores more (every one of the 17,550 hands)",
                   clauses=["kvart-double-bezique", "kvart-crown-bezique"], method="exhaustive", expected=REFUTED,
                   scope=Scope("crown_bezique = added", lambda rules, players: rules.crown_bezique == "added"))
def double_bezique_top(games, budget: Budget) -> Outcome:
    for g in games:
        score, hand = _top(g)
        if score > DOUBLE_BEZIQUE:
            return Outcome(REFUTED, Msg("{hand} scores {score}", hand=hand_text(hand), score=score),
                           Counterexample(f"the hand {hand_text(hand)} scores {score}, more than two beziques "
                                          f"({DOUBLE_BEZIQUE})", deal={"hand": hand_text(hand)}))
    return Outcome(HOLDS, Msg("no hand of the {hands} scores more than {top}", hands=len(hands()),
                              top=DOUBLE_BEZIQUE))


@REGISTRY.property(GAME, "quads_at_least_triple", title="Four of a kind scores at least as much as three of that "
                   "rank with a fat card (every rank)", clauses=["kvart-quads", "kvart-triple", "kvart-score"],
                   method="exhaustive", expected=REFUTED,
                   scope=Scope("four_aces = zero", lambda rules, players: rules.four_aces == "zero"))
def quads_at_least_triple(games, budget: Budget) -> Outcome:
    for g in games:
        sc = g._scorings[None]
        for rank in (Rank.NINE, Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE):
            four = tuple(Card(rank, s) for s in Suit)
            fat = Rank.NINE if rank != Rank.NINE else Rank.ACE
            three = four[:3] + (Card(fat, Suit.CLUBS),)
            quads, triple = rules_module.hand_score(four, sc), rules_module.hand_score(three, sc)
            if quads < triple:
                return Outcome(REFUTED, Msg("{four} scores {quads}, {three} {triple}", four=hand_text(four),
                                            quads=quads, three=hand_text(three), triple=triple),
                               Counterexample(f"{hand_text(four)} scores {quads}, less than "
                                              f"{hand_text(three)} ({triple})",
                                              deal={"hands": f"{hand_text(four)} / {hand_text(three)}"}))
    return Outcome(HOLDS, Msg("for all six ranks"))


# ------------------------------------------------------------ exact odds

def brute_distribution(game, rules: Rules, copies: int) -> dict[int, Fraction]:
    """Every 4-card subset of a shoe of ``copies`` packs (and, with trumps, every turned card among the
    rest), each equally likely: the distribution by brute force, for comparison with the multisets."""
    shoe = [c for c in KINDS for _ in range(copies)]
    counts: Counter = Counter()
    total = 0
    game = type(game)(rules)
    for pos in itertools.combinations(range(len(shoe)), 4):
        hand = tuple(shoe[i] for i in pos)
        if rules.trump == "none":
            counts[rules_module.hand_score(hand, game._scorings[None])] += 1
            total += 1
            continue
        for suit in Suit:  # every turned card among the rest, counted by its suit
            turned = sum(1 for i, c in enumerate(shoe) if c.suit == suit and i not in pos)
            counts[rules_module.hand_score(hand, game._scorings[suit])] += turned
            total += turned
    return {s: Fraction(k, total) for s, k in sorted(counts.items())}


def exact_cases(rules: Rules) -> tuple:
    """The shoes ``odds_exact`` compares on, with the scoring options of ``rules``: without trumps, two
    packs; with a turned trump, one pack, each way of doubling."""
    plain = dataclasses.replace(rules, trump="none")
    turned = dataclasses.replace(rules, trump="turned", trump_doubles="cards")
    both = dataclasses.replace(rules, trump="turned", trump_doubles="suit_combinations")
    return ((plain, 2, Msg("every 4-card hand of a 48-card shoe (2 packs): 194,580")),
            (turned, 1, Msg("every 4-card hand of one pack with every turned card: 212,520")),
            (both, 1, Msg("the same, trump combinations doubled")))


@REGISTRY.property(GAME, "odds_exact", title="The exact score distribution (multisets weighted by their "
                   "copies) equals a brute force over every hand of a smaller shoe, and sums to 1, with the "
                   "rules' scoring options, with and without trumps",
                   clauses=["kvart-score", "kvart-trump"], method="exhaustive")
def odds_exact(games, budget: Budget) -> Outcome:
    g = games[0]
    return remembered("odds_exact", (type(g), scoring_key(g.rules)), lambda: _odds_exact(g))


def _odds_exact(g) -> Outcome:
    cases = exact_cases(g.rules)
    for rules, copies, what in cases:
        formula = rules_module.score_distribution(rules, copies)
        brute = brute_distribution(g, rules, copies)
        if formula != brute:
            bad = next(s for s in sorted(set(formula) | set(brute)) if formula.get(s) != brute.get(s))
            return Outcome(REFUTED, Msg("{what}: score {score}", what=what, score=bad),
                           Counterexample(f"{what}: score {bad} has chance {formula.get(bad, 0)} by the multisets, "
                                          f"{brute.get(bad, 0)} by brute force", deal={"copies": str(copies)}))
    for rules in (cases[0][0], cases[1][0]):
        if sum(rules_module.score_distribution(rules).values()) != 1:
            return Outcome(REFUTED, Msg("the 144-card distribution does not sum to 1"),
                           Counterexample("the 144-card distribution does not sum to 1", deal={}))
    return Outcome(HOLDS, Msg("equal on {cases}; the 144-card distributions sum to 1",
                              cases=Msg.join("; ", (w for _, _, w in cases))))


def simulate(game: KvartBezique, games: int, seed: int) -> dict[int, Fraction]:
    """P0's dealt score over ``games`` seeded deals of the engine (deal seeds ``seed`` ...)."""
    counts: Counter = Counter()
    for s in range(seed, seed + games):
        state = game.deal(s)
        counts[rules_module.hand_score(state.hands[0], game.scoring(state))] += 1
    return {k: Fraction(v, games) for k, v in sorted(counts.items())}


def off_by(p: Fraction, freq: Fraction, n: int, z: float = 4.5) -> bool:
    """A frequency further than ``z`` standard errors (plus one game) from its exact chance."""
    sd = math.sqrt(float(p * (1 - p)) / n)
    return abs(float(freq - p)) > z * sd + 1 / n


SIM_GAMES = 4000


@REGISTRY.property(GAME, "odds_simulated", title="The scores of dealt hands agree with the exact distribution "
                   "(each score within 4.5 standard errors), with and without trumps", clauses=["kvart-score"],
                   method="hypothesis", budget={"examples": SIM_GAMES})
def odds_simulated(games, budget: Budget) -> Outcome:
    runs = 0
    for g0 in games:
        other = dataclasses.replace(g0.rules, trump="none" if g0.rules.trump == "turned" else "turned")
        for g in (g0, type(g0)(other, players=g0.players)):  # with and without trumps
            runs += 1
            exact = rules_module.score_distribution(g.rules)
            sim = simulate(g, budget.examples, budget.seed)
            for score in sorted(set(exact) | set(sim)):
                p, f = exact.get(score, Fraction(0)), sim.get(score, Fraction(0))
                if off_by(p, f, budget.examples):
                    return Outcome(REFUTED, Msg("score {score}", score=score), Counterexample(
                        f"{g.players} players, trump {g.rules.trump}, {budget.examples} deals from seed "
                        f"{budget.seed}: score {score} exactly {float(p):.4f}, dealt {float(f):.4f}",
                        record=g.record(budget.seed, ())), budget.examples, budget.seed)
    counts = sorted(g.players for g in games)
    return Outcome(HOLDS, Msg("{deals} deals for each of {runs} rule sets ({span} players, with and without trumps), "
                              "deal seeds {seed} onwards", deals=budget.examples, runs=runs,
                              span=f"{counts[0]}-{counts[-1]}", seed=budget.seed),
                   examples=budget.examples * runs, seed=budget.seed)


# ------------------------------------------------------ money conservation

def _tie_sets(n: int):
    return [c for k in range(2, n + 1) for c in itertools.combinations(range(n), k)]


@z3_claim(KvartBezique, "money_conserved", title="Every settlement rule balances: the players' and the pot's "
          "holdings sum to the same before and after, for every amount, seat and set of tied winners",
          clauses=["kvart-ante", "kvart-bet-paid", "kvart-pot-won", "kvart-pot-split"])
def money_conserved(game, s):
    n = game.players
    amount, pot = z3.Int("amount"), z3.Int("pot")
    s.add(amount >= 0, pot >= 0)
    cases = [Settled(name, rule(amount, seat), f"P{seat} pays")
             for name, rule in (("ante", rules_module.ante_paid), ("bet", rules_module.bet_paid)) for seat in range(n)]
    cases += [Settled("won", rules_module.pot_won(pot, (seat,)), f"P{seat} wins") for seat in range(n)]
    cases += [Settled("split", rules_module.pot_split(pot, seats), "tie of " + " ".join(f"P{p}" for p in seats))
              for seats in _tie_sets(n)]
    return balances(s, cases, {"amount": amount, "pot": pot},
                    Msg("each settlement (ante, bet / make-up / show, pot won, pot split among every set of tied "
                        "players) sums to 0 for every amount and pot (one proof per player count)"),
                    Msg("{n} players, ", n=n))


# --------------------------------------------------------- the rules at play

@small_configs(GAME)
def small(game):
    """Three deals with every purse cut to two chips after the ante: every line of betting, to the end."""
    roots = []
    for seed in range(3):
        state = game.deal(seed)
        roots.append(Root(game.position(state.hands, state.stock, turned=state.turned, purse=2, seed=seed),
                          f"deal seed {seed}, every purse 2 after the ante"))
    return roots


@invariant(KvartBezique, "betting_rules", title="Bets stay within the limits and the purses; only the raised "
           "bettor makes up, only two players show, a folded player never moves again",
           clauses=["kvart-turn", "kvart-bet-turn", "kvart-bet-size", "kvart-table-stakes", "kvart-make-up",
                    "kvart-show", "kvart-fold"], presets=True)
def betting_rules(game, state):
    r = game.rules
    for p in range(game.players):
        if state.ledger[player_account(p)] < 0:
            return f"P{p} holds {state.ledger[player_account(p)]}: a payment beyond the purse"
    if state.stake and not r.min_bet <= state.stake <= r.max_bet:
        return f"the bet is {state.stake}, outside {r.min_bet}-{r.max_bet}"
    if state.to_move is not None:
        if state.folded[state.to_move]:
            return f"P{state.to_move} folded but has the turn"
        if state.owed and not 0 < state.owed <= r.max_bet - r.min_bet:
            return f"P{state.to_move} owes {state.owed}"
    if state.shown and state.folded.count(False) != 2:
        return f"a show with {state.folded.count(False)} players in"
    return None


@invariant(KvartBezique, "ends_settled", title="Every game ends with the pot paid out: to the last player in, "
           "or to the higher score at the show (shared on a tie)", presets=True,
           clauses=["kvart-lone", "kvart-showdown", "kvart-pot-won", "kvart-pot-split", "kvart-ante"])
def ends_settled(game, state):
    led = state.ledger
    if state.to_move is not None:
        return "the pot is empty during the betting" if led[POT] < game.players * game.rules.ante else None
    if led[POT] != 0:
        return f"the game is over and the pot still holds {led[POT]}"
    lone = lone_player(state.folded)
    if state.shown:
        seats = [p for p, f in enumerate(state.folded) if not f]
        want = showdown_winners(state.hands, seats, game.scoring(state), game.rules.tie)
    else:
        want = (lone,) if lone is not None else ()
    if tuple(state.winners) != tuple(want):
        return f"the pot went to {state.winners}, the rules say {want}"
    return None


# ------------------------------------------------------- rulebook tables

@cache
def hand_counts() -> Counter:
    return Counter(hand_score(h) for h in hands())


def score_table(lang: str = "en"):
    """Each score's exact chance (a fraction and its value), the plain game and the trump variant, with the
    frequency of P0's score in 4000 simulated deals (seed 1) beside each."""
    plain, trump = score_distribution(Rules()), score_distribution(Rules(trump="turned"))
    sp = simulate(KvartBezique(), SIM_GAMES, 1)
    st = simulate(KvartBezique(Rules(trump="turned")), SIM_GAMES, 1)
    header = translated([N_("score"), N_("hands (of 17,550)"), N_("plain: exact"), N_("simulated"), N_("at least this"),
                         N_("trump: exact"), N_("simulated")], lang)
    rows = []
    for s in sorted(set(plain) | set(trump)):
        p, q = plain.get(s, Fraction(0)), trump.get(s, Fraction(0))
        rows.append([str(s), str(hand_counts().get(s, 0)), f"{p} ≈ {float(p):.5f}", f"{float(sp.get(s, 0)):.4f}",
                     f"{float(sum(v for k, v in plain.items() if k >= s)):.5f}", f"{float(q):.5f}",
                     f"{float(st.get(s, 0)):.4f}"])
    return header, rows


def score_plot(lang: str = "en"):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    dists = [(tr(lang, "plain game"), score_distribution(Rules())),
             (tr(lang, "trump variant"), score_distribution(Rules(trump="turned"))),
             (tr(lang, "trump, combinations doubled"),
              score_distribution(Rules(trump="turned", trump_doubles="suit_combinations")))]
    scores = sorted(set().union(*(d for _, d in dists)))
    fig, ax = plt.subplots(figsize=(7, 3.6))
    width = 0.27
    for i, (label, d) in enumerate(dists):
        ax.bar([s + (i - 1) * width for s in scores], [float(d.get(s, 0)) for s in scores], width, label=label)
    ax.set_xticks(scores)
    ax.set_xlabel(tr(lang, "hand score"))
    ax.set_ylabel(tr(lang, "chance"))
    ax.set_title(tr(lang, "Kvart-bezique: the score of a dealt hand"))
    ax.legend(fontsize=8)
    ax.grid(alpha=0.3, axis="y")
    fig.tight_layout()
    return fig
