"""Casino War: money conservation (z3), the surrender as written (z3), the rules at
every step, and the exact expected returns (enumeration over ranks with fractions),
cross-checked against the engine on every order of a small shoe and by simulation."""

from __future__ import annotations

import itertools
import math
from collections import defaultdict
from dataclasses import dataclass
from fractions import Fraction
from functools import cache

import z3

import spec.games.casino_war as rules_module
from spec.cards import Rank, Suit, format_runs, parse_cards
from spec.dealing import rng_for
from spec.flips import compare
from spec.i18n import N_, Msg, tr, translated
from spec.games.casino_war import (
    SURRENDER, WAR, Bet, CasinoWar, Rules, State, limits, shoe_of, surrender_as_written,
)
from verifier.api import Claim, Root, invariant, small_configs, z3_claim
from verifier.core import HOLDS, REFUTED, REGISTRY, Budget, Counterexample, Outcome, Scope
from verifier.stakes import Settled, balances

GAME = CasinoWar.info.id
RANKS = tuple(r for r in Rank if Rank.TWO <= r <= Rank.ACE)


# ------------------------------------------------------------ exact odds

@dataclass(frozen=True)
class WarOdds:
    """Exact chances and expected returns per unit bet, for one player at the table."""

    win: Fraction          # the first card is higher
    lose: Fraction
    tie: Fraction
    war_win: Fraction      # chance of a tie and then a won war
    war: Fraction          # expected return per unit bet, always going to war
    surrender: Fraction    # ... always surrendering
    tie_bet: Fraction      # ... of the tie bet

    def edge(self, name: str) -> Fraction:
        """The house edge: minus the player's expected return."""
        return -getattr(self, name)


def ge_pairs(counts) -> int:
    """Ordered pairs (player card, dealer card) from ``counts`` with the player's rank as high or higher."""
    below = same = 0
    for c in counts:
        same += c * (c - 1)
    total = 0
    for c in counts:  # ranks low to high
        total += c * below
        below += c
    return same + total


@cache
def exact_war(counts: tuple[int, ...], burn: int = 3, pays: int = 10, bet: int = 2) -> WarOdds:
    """Enumerate the first two cards by rank, the burned cards (every sequence of ranks,
    counted by an integer weight) and the two war cards; divide at the end.

    ``counts``: cards of each rank, low to high (``(4 * decks,) * 13`` for full packs). ``bet``
    matters only to the surrender: the player takes back half of it rounded down.
    """
    n = sum(counts)
    pairs = n * (n - 1)
    higher = sum(counts[i] * counts[j] for i in range(len(counts)) for j in range(i))
    tie_w = sum(c * (c - 1) for c in counts)
    war_win = Fraction(0)
    for i, c in enumerate(counts):
        if c < 2:
            continue
        left = counts[:i] + (c - 2,) + counts[i + 1:]
        dist = {left: 1}
        for _ in range(burn):  # each burned card, by rank, weighted by how many there are
            nxt: dict = defaultdict(int)
            for vec, w in dist.items():
                for r, k in enumerate(vec):
                    if k:
                        nxt[vec[:r] + (k - 1,) + vec[r + 1:]] += w * k
            dist = nxt
        m = n - 2
        burns = math.perm(m, burn)
        k = m - burn
        good = sum(w * ge_pairs(vec) for vec, w in dist.items())
        war_win += Fraction(c * (c - 1), pairs) * Fraction(good, burns * k * (k - 1))
    win = Fraction(higher, pairs)
    tie = Fraction(tie_w, pairs)
    lose = 1 - win - tie
    war = win - lose + war_win * 1 + (tie - war_win) * (-2)
    surrender = win - lose - tie * Fraction(bet - bet // 2, bet)
    tie_bet = tie * pays - (1 - tie)
    return WarOdds(win, lose, tie, war_win, war, surrender, tie_bet)


def decks_odds(decks: int, burn: int = 3, pays: int = 10, bet: int = 2) -> WarOdds:
    return exact_war((4 * decks,) * len(RANKS), burn, pays, bet)


def counts_of(cards) -> tuple[int, ...]:
    return tuple(sum(1 for c in cards if c.rank == r) for r in RANKS)


def round_with(game: CasinoWar, start: State, policy, bet: int = 2, tie: int = 1) -> State:
    """One player's round from ``start`` (before the bet: a deal, or a position on a stacked shoe),
    choosing ``policy`` on a tie."""
    state = game.apply(start, Bet(bet, tie))
    while state.to_move is not None:
        state = game.apply(state, policy)
    return state


#: the small shoe whose every order the engine plays: two pairs and three single ranks
SMALL_SHOE = parse_cards("2♠ 2♥ 3♠ 3♥ 4♠ 5♠ 6♠")


def shoe_for(burn: int):
    """The shoe ``odds_exact`` deals from: the 7-card shoe while a war fits in it (a burn of up to
    3), else two pairs and one card each of as many other ranks as are burned: a war's 4 + burn cards."""
    if burn <= len(SMALL_SHOE) - 4:
        return SMALL_SHOE
    return parse_cards("2♠ 2♥ 3♠ 3♥") + tuple(c for c in shoe_of(1) if c.rank > Rank.THREE and c.suit == Suit.CLUBS)[:burn]


def deals(shoe, every: bool | None = None):
    """Every order of ``shoe`` when there are few (or ``every``); else every deal of its cards to the
    places a round of one player uses (the player's and the dealer's first and war cards), the burned
    cards in one order: each deal stands for the same number of orders (a test checks the two agree)."""
    if every if every is not None else math.factorial(len(shoe)) <= 5040:
        yield from itertools.permutations(shoe)
        return
    cards = list(shoe)
    for first in itertools.permutations(range(len(cards)), 2):
        rest = [i for i in range(len(cards)) if i not in first]
        for war in itertools.permutations(rest, 2):
            burned = [i for i in rest if i not in war]
            yield tuple(cards[i] for i in (*first, *burned, *war))


def bets_checked(rules: Rules) -> tuple[int, ...]:
    """The smallest bet the table allows and, where bets may be odd, the next: a surrender's half
    rounds down, so its return per unit depends on the bet's parity."""
    options = limits(rules)[0].options()
    return options[:2] if rules.bets == "any" else options[:1]


def engine_war(game: CasinoWar, shoe=SMALL_SHOE, bet: int = 2, every: bool | None = None) -> dict[str, Fraction]:
    """The engine's expected returns per unit bet on every deal of ``shoe`` (one player; see
    :func:`deals`); the tie bet only where the table allows one."""
    tie = game.rules.max_tie_bet
    totals = {"war": 0, "surrender": 0, "tie_bet": 0}
    count = 0
    for order in deals(shoe, every):
        count += 1
        start = game.position(order)
        for name, policy in (("war", WAR), ("surrender", SURRENDER)):
            end = round_with(game, start, policy, bet, 0)
            totals[name] += game.outcome(end).returns[0]
        if tie:
            end = round_with(game, start, SURRENDER, bet, tie)
            with_tie = game.outcome(end).returns[0]
            plain = round_with(game, start, SURRENDER, bet, 0)
            totals["tie_bet"] += with_tie - game.outcome(plain).returns[0]
    out = {"war": Fraction(totals["war"], count * bet), "surrender": Fraction(totals["surrender"], count * bet)}
    if tie:
        out["tie_bet"] = Fraction(totals["tie_bet"], count * tie)
    return out


@REGISTRY.property(GAME, "odds_exact", title="The exact expected returns (enumeration) equal the engine's own, "
                   "over every order of a 7-card shoe (a shoe of 4 + burn cards, dealt every way, when more "
                   "than 3 are burned), for going to war, surrendering (at the smallest bets allowed) and the "
                   "tie bet (where allowed)",
                   clauses=["casino-war-compare", "casino-war-burn", "casino-war-war-result",
                            "casino-war-even-money", "casino-war-lost", "casino-war-surrender",
                            "casino-war-war-won", "casino-war-war-lost", "casino-war-tie-pays"],
                   method="exhaustive", applies=lambda games: any(g.players == 2 for g in games))
def odds_exact(games, budget: Budget) -> Outcome:
    g = next(x for x in games if x.players == 2)
    r = g.rules
    shoe = shoe_for(r.burn)
    cards = " ".join(map(str, shoe))
    found = []
    for bet in bets_checked(r):
        odds = exact_war(counts_of(shoe), r.burn, r.tie_pays, bet)
        engine = engine_war(g, shoe, bet)
        for name, value in engine.items():
            if getattr(odds, name) != value:
                return Outcome(REFUTED, Msg("{name}: enumeration {exact}, engine {engine}", name=name,
                                            exact=str(getattr(odds, name)), engine=str(value)),
                               Counterexample(f"one player, bet {bet}, every deal of {cards}: expected return of "
                                              f"'{name}' per unit: enumeration {getattr(odds, name)}, engine "
                                              f"{value}", deal={"shoe": cards}))
        if odds.win + odds.lose + odds.tie != 1 or odds.win != odds.lose:
            return Outcome(REFUTED, Msg("the chances do not add up"),
                           Counterexample(f"win {odds.win}, lose {odds.lose}, tie {odds.tie}", deal={}))
        tie = Msg(", tie bet {tie}", tie=str(odds.tie_bet)) if "tie_bet" in engine else ""
        found.append(Msg("bet {bet}: war {war}, surrender {surrender}{tie}", bet=bet, war=str(odds.war),
                         surrender=str(odds.surrender), tie=tie))
    dealt = sum(1 for _ in deals(shoe))
    if len(shoe) == len(SMALL_SHOE):
        text = Msg("equal on all {n} orders of {shoe}, {burn} burned: {found} per unit", n=dealt,
                   shoe=format_runs(shoe), burn=r.burn, found=Msg.join("; ", found))
    else:
        text = Msg("equal on all {n} deals of {shoe}, {burn} burned: {found} per unit", n=dealt,
                   shoe=format_runs(shoe), burn=r.burn, found=Msg.join("; ", found))
    return Outcome(HOLDS, text)


SIM_ROUNDS = 1000


def simulate(game: CasinoWar, rounds: int, seed: int) -> dict[str, tuple[float, float]]:
    """Mean and standard deviation of the return per unit bet over seeded rounds (one player, the
    smallest bet allowed; the tie bet at its limit, where the table allows one)."""
    out = {}
    bet, tie = game.rules.min_bet, game.rules.max_tie_bet
    samples = defaultdict(list)
    for s in range(seed, seed + rounds):
        dealt = game.deal(s)
        war = game.outcome(round_with(game, dealt, WAR, bet, 0)).returns[0]
        surrender = game.outcome(round_with(game, dealt, SURRENDER, bet, 0)).returns[0]
        samples["war"].append(war / bet)
        samples["surrender"].append(surrender / bet)
        if tie:
            with_tie = game.outcome(round_with(game, dealt, SURRENDER, bet, tie)).returns[0]
            samples["tie_bet"].append((with_tie - surrender) / tie)
    for name, xs in samples.items():
        mean = sum(xs) / len(xs)
        sd = math.sqrt(sum((x - mean) ** 2 for x in xs) / (len(xs) - 1))
        out[name] = (mean, sd)
    return out


@REGISTRY.property(GAME, "odds_simulated", title="Simulated rounds agree with the exact expected returns "
                   "(war, surrender at the smallest bet, the tie bet where allowed) within 4.5 standard "
                   "errors, for 1 to 8 decks",
                   clauses=["casino-war-compare", "casino-war-tie-pays"], method="hypothesis",
                   budget={"examples": SIM_ROUNDS}, applies=lambda games: any(g.players == 2 for g in games))
def odds_simulated(games, budget: Budget) -> Outcome:
    base = next(g for g in games if g.players == 2)
    for decks in range(1, 9):
        g = type(base)(Rules(**{**vars(base.rules), "decks": decks}), players=2)
        exact = decks_odds(decks, g.rules.burn, g.rules.tie_pays, g.rules.min_bet)
        for name, (mean, sd) in simulate(g, budget.examples, budget.seed).items():
            want = float(getattr(exact, name))
            if abs(mean - want) > 4.5 * sd / math.sqrt(budget.examples) + 1e-9:
                return Outcome(REFUTED, Msg("{n} decks, {name}", n=decks, name=name),
                               Counterexample(f"{decks} decks, {budget.examples} rounds from deal seed "
                                              f"{budget.seed}: '{name}' returns {want:+.4f} exactly, "
                                              f"{mean:+.4f} simulated", record=g.record(budget.seed, ())),
                               budget.examples, budget.seed)
    what = Msg("war, surrender and tie bet") if base.rules.max_tie_bet else \
        Msg("war and surrender (no tie bet allowed)")
    return Outcome(HOLDS, Msg("{n} simulated rounds for each of 1-8 decks (deal seeds {seed} onwards), {what}, bet "
                              "{bet}", n=budget.examples, seed=budget.seed, what=what, bet=base.rules.min_bet),
                   examples=8 * budget.examples, seed=budget.seed)


# ------------------------------------------------------ money conservation

#: The settlement rules, by the name a counterexample gives them: the clause functions of the rules module.
SETTLEMENTS = {"placed": "placed", "win": "even_money", "lose": "bet_lost", "surrender": "surrendered",
               "war_won": "war_won_paid", "war_lost": "war_lost_paid", "tie": "tie_bet_paid"}


def _bet_term(game, s, name):
    a = z3.Int(name)
    r = game.rules
    s.add(a >= r.min_bet, a <= r.max_bet)
    if r.bets == "even":
        s.add(a % 2 == 0)
    return a


@z3_claim(CasinoWar, "money_conserved", title="Every settlement rule balances: the players', the bank's and "
          "the table's holdings sum to the same before and after, for every bet and tie bet",
          clauses=["casino-war-placed", "casino-war-even-money", "casino-war-lost", "casino-war-surrender",
                   "casino-war-war-won", "casino-war-war-lost", "casino-war-tie-pays"], each=False)
def money_conserved(game, s):
    a = _bet_term(game, s, "bet")
    t = z3.Int("tie_bet")
    r = game.rules
    s.add(t >= 0, t <= r.max_tie_bet)
    cases = []
    for name, function in SETTLEMENTS.items():
        rule = getattr(rules_module, function)  # through the module: a rule replaced by a test is seen
        cases += [Settled(f"{name} ({'won' if won else 'lost'})", rule(0, t, won, r.tie_pays))
                  for won in (True, False)] if name == "tie" else [Settled(name, rule(0, a))]
    return balances(s, cases, {"bet": a, "tie bet": t},
                    Msg("each settlement sums to 0 for every bet of {low} to {high} ({bets}) and every tie bet of 0 "
                        "to {tie}", low=r.min_bet, high=r.max_bet, bets="even" if r.bets == "even" else "any",
                        tie=r.max_tie_bet))


@z3_claim(CasinoWar, "surrender_as_written_conserved", title="The source's surrender in whole chips (half back "
          "to the player, half to the dealer, each rounded down) keeps every chip, for any whole bet",
          clauses=["casino-war-surrender"], expected=REFUTED, each=False)
def surrender_as_written_conserved(game, s):
    a = z3.Int("bet")
    s.add(a >= 1, a <= game.rules.max_bet)
    total = z3.Sum([d for _, d in surrender_as_written(0, a)])
    s.add(total != 0)
    return Claim(Msg("half of every whole bet is paid in whole chips without loss"),
                 lambda m: Counterexample(f"bet {m.eval(a)}: the player gets {m.eval(a / 2)} back and the dealer "
                                          f"takes {m.eval(a / 2)}; {m.eval(-total)} chip(s) vanish", deal={}))


def no_odd_bet(rules, players) -> bool:
    """Whether the table allows no odd bet: even bets, or one even bet only."""
    return rules.bets == "even" or (rules.min_bet == rules.max_bet and rules.min_bet % 2 == 0)


@z3_claim(CasinoWar, "surrender_whole", title="Half of every allowed bet is a whole number of chips",
          clauses=["casino-war-bet", "casino-war-surrender"], each=False,
          scope=Scope("bets = even (or a single even bet)", no_odd_bet))
def surrender_whole(game, s):
    a = _bet_term(game, s, "bet")
    s.add(a % 2 == 1)
    return Claim(Msg("every allowed bet ({bets}) halves exactly", bets=game.rules.bets),
                 lambda m: Counterexample(f"bet {m.eval(a)} is allowed and odd: its half is not whole", deal={}))


# --------------------------------------------------------- the rules at play

#: a shoe of many ties for the small configurations with several players: ranks 2 to 7 of every suit,
#: enough for six players, the dealer, a burn of 10 and everyone's war card
TIES_SHOE = tuple(c for c in shoe_of(1) if c.rank <= Rank.SEVEN)
#: bets offered one by one from the start of each small configuration up to this many; beyond, the
#: configurations start after the smallest bet, and one more offers every bet
EVERY_BET = 30


def _bet(game: CasinoWar, state: State, players: int) -> State:
    """``state`` after the first ``players`` punters bet the smallest bet and the largest tie bet."""
    for _ in range(players):
        state = game.apply(state, Bet(game.rules.min_bet, game.rules.max_tie_bet))
    return state


@small_configs(GAME)
def small(game):
    """One player: every 20th deal of the small shoe (the 7-card one, or 4 + burn cards when more are
    burned), from the bets with every bet allowed (or, with more than 30 bets, after the smallest, plus
    one deal with every bet). More players: the first 12 seeded shuffles of a shoe of ranks 2 to 7 in
    which someone ties the dealer, after everyone's bet, plus the first with every bet of the last player."""
    if game.punters == 1:
        orders = list(deals(shoe_for(game.rules.burn)))
        every = len(game.bets_allowed) <= EVERY_BET
        roots = [Root(game.position(order) if every else _bet(game, game.position(order), 1),
                      f"shoe {' '.join(map(str, order))}") for order in orders[::20]]
        if not every:
            roots.append(Root(game.position(orders[0]), f"every bet, shoe {' '.join(map(str, orders[0]))}"))
        return roots
    roots, seed = [], 0
    while len(roots) < 13:  # shuffles in which some player ties the dealer, so the choices are explored
        shoe = list(TIES_SHOE)
        rng_for(seed).shuffle(shoe)
        dealt = _bet(game, game.position(shoe), game.punters)
        if dealt.to_move is not None:
            if not roots:
                roots.append(Root(_bet(game, game.position(shoe), game.punters - 1),
                                  f"shuffle {seed} of ranks 2-7, every bet of P{game.punters - 1}"))
            roots.append(Root(dealt, f"shuffle {seed} of ranks 2-7, bets in"))
        seed += 1
    return roots


@invariant(CasinoWar, "war_rules", title="The cards are compared by rank; only tied players choose; a war burns "
           "the rules' number of cards (burn, three by default) and pays only as high or higher; every finished round is settled and the table is empty",
           clauses=["casino-war-compare", "casino-war-tie-choice", "casino-war-burn", "casino-war-war-result",
                    "casino-war-bet", "casino-war-tie-bet"], presets=True)
def war_rules(game, state):
    r = game.rules
    for p, a in enumerate(state.bets):
        if a and (not r.min_bet <= a <= r.max_bet or state.ties[p] > r.max_tie_bet):
            return f"P{p} bet {a} (tie {state.ties[p]}) outside the limits"
    if not state.first:
        return None
    for p, choice in enumerate(state.choices):
        tie = compare(state.first[p], state.dealer[0]) == 0
        if choice and not tie:
            return f"P{p} chose {choice} without a tie"
        if (state.war[p] is not None) != (choice == "war" and len(state.dealer) == 2):
            return f"P{p} has a war card without going to war"
    if len(state.dealer) == 2 and len(state.burned) != r.burn:
        return f"{len(state.burned)} cards burned before the war, not {r.burn}"
    if state.to_move is None:
        led = game.ledger(state)
        if led["pot"] != 0:
            return f"the round is over but {led['pot']} chips are still on the table"
        for p, a in enumerate(state.bets):
            first = compare(state.first[p], state.dealer[0])
            want = {1: a, -1: -a}.get(first)
            if first == 0:
                want = {"surrender": -(a - a // 2)}.get(state.choices[p])
                if want is None:
                    want = a if compare(state.war[p], state.dealer[1]) >= 0 else -2 * a  # as high or higher
            tie = state.ties[p] * r.tie_pays if first == 0 else -state.ties[p]
            got = led[f"P{p}"]
            if got != want + tie:
                return f"P{p} ends with {got:+d}, the rules say {want + tie:+d}"
    return None


# ------------------------------------------------------- rulebook tables

def returns_table(lang: str = "en"):
    """Expected return per unit bet, exact (fraction and decimal) and simulated, 1-8 decks."""
    header = translated([N_("decks"), N_("tie chance"), N_("always war"), N_("always surrender"), N_("tie bet")], lang)
    rows = []
    for d in range(1, 9):
        ex = decks_odds(d)
        sim = simulate(CasinoWar(Rules(decks=d), players=2), SIM_ROUNDS, 1)
        rows.append([tr(lang, "{decks} (exact)").format(decks=d), f"{ex.tie} = {float(ex.tie):.5f}",
                     f"{ex.war} = {float(ex.war):+.5f}", f"{ex.surrender} = {float(ex.surrender):+.5f}",
                     f"{ex.tie_bet} = {float(ex.tie_bet):+.5f}"])
        rows.append([tr(lang, "{decks} (simulated)").format(decks=d), "", f"{sim['war'][0]:+.4f}",
                     f"{sim['surrender'][0]:+.4f}", f"{sim['tie_bet'][0]:+.4f}"])
    return header, rows


def edge_table(lang: str = "en"):
    header = translated([N_("decks"), N_("house edge: always war"), N_("house edge: always surrender"),
                         N_("house edge: tie bet")], lang)
    rows = [[str(d)] + [f"{100 * float(decks_odds(d).edge(k)):.3f} %" for k in ("war", "surrender", "tie_bet")]
            for d in range(1, 9)]
    return header, rows


def edge_plot(lang: str = "en"):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    ds = list(range(1, 9))
    fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(8, 3.4))
    for key, label in (("war", N_("always war")), ("surrender", N_("always surrender"))):
        ax1.plot(ds, [100 * float(decks_odds(d).edge(key)) for d in ds], marker="o", label=tr(lang, label))
    ax2.plot(ds, [100 * float(decks_odds(d).edge("tie_bet")) for d in ds], marker="s", color="C3",
             label=tr(lang, "tie bet"))
    for ax in (ax1, ax2):
        ax.set_xlabel(tr(lang, "decks in the shoe"))
        ax.set_ylabel(tr(lang, "house edge, % of the bet"))
        ax.grid(alpha=0.3)
        ax.legend(fontsize=8)
    fig.suptitle(tr(lang, "Casino War: the house edge by number of decks"), fontsize=10)
    fig.tight_layout()
    return fig
