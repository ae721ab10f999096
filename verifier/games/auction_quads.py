"""The auction for fours: money conservation (z3), the auction's rules at every move, the endings,
and exact odds under a stated bidding policy (a closed formula over the positions of each rank's cards,
with fractions), cross-checked against every order of a small stock played by the engine and against
simulation."""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from dataclasses import dataclass
from fractions import Fraction
from functools import cache

import z3

import spec.games.auction_quads as rules_module
from spec.cards import parse_cards
from spec.games.auction_quads import (
    PACK, PASS, AuctionQuads, Bid, State, centre_hidden, opener, ranks_differ,
)
from spec.i18n import Msg, tr
from verifier.api import Root, invariant, small_configs, variants_of, walk, z3_claim
from verifier.core import HOLDS, REFUTED, REGISTRY, UNKNOWN, Budget, Counterexample, Outcome, Scope
from verifier import odds
from verifier.odds import Dist, Odds, Result, chance_plot, first_difference, fmt, tally
from verifier.stakes import Settled, balances
from verifier.sampling import sample

GAME = AuctionQuads.info.id

#: Where the generic claims of the game's metadata hold. ``zero_sum`` (``INFO.zero_sum``): every game's returns
#: sum to 0 when a pot nobody wins goes back to those who paid it in; when it stays on the table, or is split
#: with its odd chips left in it, a game in which the pack runs out does not.
GENERIC_SCOPES = {
    "zero_sum": Scope("no_quads = returned", lambda rules, players: rules.no_quads == "returned"),
}


# ------------------------------------------------------------ the policy

def greedy_move(game: AuctionQuads, state: State, moves=None):
    """The stated policy of the exact odds: bid (one step) for a card of a rank you alone hold, else pass.

    In the blind auction nobody sees the card, so everyone passes.
    """
    moves = game.legal_moves(state) if moves is None else moves
    if centre_hidden(game.rules):
        return PASS
    p, rank = state.to_move, state.centre.rank
    holders = {q for q, hand in enumerate(state.hands) if any(c.rank == rank for c in hand)}
    if holders == {p}:
        for m in moves:
            if type(m) is Bid:
                return m
    return PASS


def greedy_policy(game):
    return lambda state, moves, rng: greedy_move(game, state, moves)


def play_greedy(game: AuctionQuads, state: State) -> State:
    while state.to_move is not None:
        state = game.apply(state, greedy_move(game, state))
    return state


# ------------------------------------------------------------ exact odds

@dataclass(frozen=True)
class RankInStock:
    """One rank as the stock holds it: ``copies`` cards, whether they complete four, and who owns it."""

    copies: int
    completes: bool
    owner: int | None  # the player whose first card has this rank (None: the first opener to see it)


def poly_mul(a: list[int], b: list[int]) -> list[int]:
    out = [0] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        if x:
            for j, y in enumerate(b):
                out[i + j] += x * y
    return out


def incomplete(r: RankInStock) -> list[int]:
    """Ways to choose j of the rank's copies without completing it, by j."""
    top = r.copies - 1 if r.completes else r.copies
    return [math.comb(r.copies, j) for j in range(top + 1)]


def exact_odds_of(players: int, ranks: tuple[RankInStock, ...]) -> Odds:
    """Exact odds for a uniformly shuffled stock holding ``ranks``, every player following ``greedy_move``.

    Under that policy nobody ever bids for a rank another player holds, so a rank's cards all go to one
    player: its first card's holder, or else the opener of the auction where its first card turns up
    (``unbid = "opener"``). Rank R wins at the t-th card auctioned when its last copy is the t-th card
    and no other rank is complete among the t - k cards before it. The positions of R's k copies are
    uniform over the C(N, k) sets; the other cards before the t-th are a uniform (t-k)-subset of the
    other N-k cards, and the number of subsets completing no rank is a coefficient of the product of
    the other ranks' polynomials. Exact in fractions.
    """
    n = players
    total = sum(r.copies for r in ranks)
    polys = [incomplete(r) for r in ranks]
    win = [Fraction(0)] * n
    length: dict[int, Fraction] = defaultdict(Fraction)
    for i, r in enumerate(ranks):
        if not r.completes or r.copies == 0:
            continue
        k = r.copies
        others = [1]
        for j, p in enumerate(polys):
            if j != i:
                others = poly_mul(others, p)
        for t in range(k, total + 1):
            m = t - k
            ways = others[m] if m < len(others) else 0
            if not ways:
                continue
            base = Fraction(ways, math.comb(total - k, m) * math.comb(total, k))
            if r.owner is not None:
                chance = base * math.comb(t - 1, k - 1)
                win[r.owner] += chance
            else:
                chance = Fraction(0)
                for first in range(1, t + 1):  # the auction (1-based) where R's first card turns up
                    spread = math.comb(t - first - 1, k - 2) if k >= 2 and first < t else int(k == 1 and first == t)
                    if spread:
                        win[opener(first - 1, n)] += base * spread
                        chance += base * spread
            length[t] += chance
    everything = [1]
    for p in polys:
        everything = poly_mul(everything, p)
    nobody = Fraction(everything[total]) if total < len(everything) else Fraction(0)
    return Odds(n, tuple(win), nobody, Dist.of(length))


@cache
def exact_odds(players: int, unbid: str = "opener") -> Odds:
    """The full pack: each player's first rank has 3 copies left, the other ranks all 4; a rank nobody
    holds can be completed only when unbid cards go to the opener."""
    ranks = tuple(RankInStock(3, True, p) for p in range(players))
    ranks += tuple(RankInStock(4, unbid == "opener", None) for _ in range(13 - players))
    return exact_odds_of(players, ranks)


def first_cards_differ_chance(players: int) -> Fraction:
    """The chance that the first laying already shows n different ranks: 52·48·44·... over 52·51·50·..."""
    p = Fraction(1)
    for i in range(players):
        p *= Fraction(52 - 4 * i, 52 - i)
    return p


# ----------------------------------------- the first cards, exactly

class ScriptedShuffle:
    """A shuffle that applies one given permutation: every permutation in turn enumerates a shuffle exactly."""

    def __init__(self, perm):
        self.perm = perm

    def shuffle(self, cards):
        cards[:] = [cards[i] for i in self.perm]


def solve_absorption(q: dict, r: dict, transient: list) -> dict:
    """``B = (I - Q)^-1 R`` by Gaussian elimination in fractions: from each transient state, the chance of
    ending in each absorbing one."""
    idx = {s: i for i, s in enumerate(transient)}
    ends = sorted({a for row in r.values() for a in row}, key=str)
    m = len(transient)
    rows = []
    for s in transient:
        row = [Fraction(0)] * m + [r[s].get(a, Fraction(0)) for a in ends]
        row[idx[s]] += 1
        for t, p in q[s].items():
            row[idx[t]] -= p
        rows.append(row)
    for col in range(m):
        pivot = next(i for i in range(col, m) if rows[i][col])
        rows[col], rows[pivot] = rows[pivot], rows[col]
        lead = rows[col][col]
        rows[col] = [x / lead for x in rows[col]]
        for i in range(m):
            if i != col and rows[i][col]:
                f = rows[i][col]
                rows[i] = [x - f * y for x, y in zip(rows[i], rows[col])]
    return {s: {a: rows[idx[s]][m + j] for j, a in enumerate(ends) if rows[idx[s]][m + j]} for s in transient}


def first_laying_odds(game: AuctionQuads, pack, players: int, redeal: str) -> dict:
    """The exact chance of each final set of first cards (in seat order), with the game's own laying step:
    the first laying is uniform over ordered choices from the pack; every further laying's shuffle is
    enumerated permutation by permutation, and the chain of layings solved exactly."""
    import itertools
    layings = list(itertools.permutations(pack, players))
    transient = [f for f in layings if not ranks_differ(f)]
    q: dict = {}
    r: dict = {}
    for f in transient:
        stock = [c for c in pack if c not in f]
        size = len(stock) + (players if redeal == "all" else sum(1 for c in f if sum(d.rank == c.rank for d in f) > 1))
        perms = list(itertools.permutations(range(size)))
        q[f], r[f] = defaultdict(Fraction), defaultdict(Fraction)
        for perm in perms:
            new, _ = rules_module.lay_again(f, stock, redeal, ScriptedShuffle(perm))
            new = tuple(new)
            (r[f] if ranks_differ(new) else q[f])[new] += Fraction(1, len(perms))
    ends = solve_absorption(q, r, transient)
    final: dict = defaultdict(Fraction)
    for f in layings:
        for a, p in ({f: Fraction(1)} if ranks_differ(f) else ends[f]).items():
            final[a] += p / len(layings)
    return dict(final)


#: the pack whose layings are solved exactly: three ranks of two suits
LAYING_PACK = parse_cards("2♠ 2♥ 3♠ 3♥ 4♠ 4♥")


@REGISTRY.property(GAME, "first_cards_uniform", title="Either reading of laying again makes every set of first "
                   "cards of different ranks equally likely (exact, every shuffle of a 6-card pack, 2 and 3 "
                   "players)", clauses=["auction-quads-first-cards", "auction-quads-distinct"], method="exhaustive")
def first_cards_uniform(games, budget: Budget) -> Outcome:
    g = games[0]
    for players in (2, 3):
        for redeal in ("repeated", "all"):
            final = first_laying_odds(g, LAYING_PACK, players, redeal)
            want = len(final)
            low, high = min(final, key=final.get), max(final, key=final.get)
            if final[low] != final[high] or sum(final.values()) != 1:
                return Outcome(REFUTED, Msg("{n} players, redeal = {redeal}: not uniform", n=players, redeal=redeal),
                               Counterexample(f"{players} players from {' '.join(map(str, LAYING_PACK))}, redeal = "
                                              f"{redeal!r}: first cards {' '.join(map(str, high))} have chance "
                                              f"{final[high]}, {' '.join(map(str, low))} only {final[low]}",
                                              deal={"pack": " ".join(map(str, LAYING_PACK))}))
            if want != {2: 24, 3: 48}[players]:
                return Outcome(REFUTED, Msg("{n} players: {layings} final layings", n=players, layings=want),
                               Counterexample(f"{players} players, redeal = {redeal!r}: {want} sets of first "
                                              "cards can end the laying", deal={}))
    return Outcome(HOLDS, Msg("exact: with 2 (3) players from {pack}, both readings give each of the 24 (48) "
                              "ordered sets of different ranks the chance 1/24 (1/48)",
                              pack=" ".join(map(str, LAYING_PACK))))


# ------------------------------------------------ the engine's own odds

#: the small configuration every rank order of which the engine plays: the stock, and first cards for up
#: to eight players, all of different ranks (none a six, a seven or a nine)
SMALL_STOCK = parse_cards("2♥ 2♦ 2♣ 3♥ 6♠ 6♥ 6♦ 6♣ 7♠")
SMALL_FIRST_ALL = parse_cards("2♠ 3♠ 4♠ 5♠ 8♠ 10♠ J♠ Q♠")


def stock_ranks(game: AuctionQuads, first, stock) -> tuple[RankInStock, ...]:
    held = {c.rank: p for p, c in enumerate(first)}
    counts = Counter(c.rank for c in stock)
    ranks = []
    for rank, k in sorted(counts.items()):
        owner = held.get(rank)
        needs = 4 - (owner is not None)
        completes = k == needs and (owner is not None or game.rules.unbid == "opener")
        ranks.append(RankInStock(k, completes, owner))
    return tuple(ranks)


def rank(card):
    return card.rank


def ending(end: State) -> Result:
    """Who won a finished game (``None``: nobody) and, if someone did, how many cards were auctioned."""
    return end.winner, None if end.winner is None else end.auction + 1


def engine_odds(game: AuctionQuads, first=None, stock=SMALL_STOCK) -> Odds:
    """The engine's odds: every distinct rank order of the stock played out by the greedy policy.

    Each rank order stands for the same number of card orders, so all are equally likely.
    """
    hands = tuple((c,) for c in (SMALL_FIRST_ALL if first is None else first)[:game.players])
    return tally(game.players, (ending(play_greedy(game, game.position(hands, order)))
                                for order in odds.arrangements(stock, rank)))


def open_auction(games) -> bool:
    """Whether the greedy policy's odds say anything: in the blind auction nobody sees the card, every card
    goes unbid, and the formula (each rank to its first card's holder) does not describe the game."""
    return any(not centre_hidden(g.rules) for g in games)


@REGISTRY.property(GAME, "odds_exact", title="The exact odds (closed formula) equal the engine's own under the "
                   "greedy policy, over every rank order of a 9-card stock; the full-pack odds sum to 1",
                   clauses=["auction-quads-opener", "auction-quads-unbid", "auction-quads-four",
                            "auction-quads-highest", "auction-quads-close"], method="exhaustive",
                   applies=open_auction)
def odds_exact(games, budget: Budget) -> Outcome:
    checked = []
    for g in games:
        if centre_hidden(g.rules):
            continue  # the greedy policy passes blind: the formula does not apply
        first = SMALL_FIRST_ALL[:g.players]
        formula = exact_odds_of(g.players, stock_ranks(g, first, SMALL_STOCK))
        eng = engine_odds(g)
        bad = first_difference(formula, eng)
        if bad:
            return Outcome(REFUTED, Msg("{n} players: the {odds} odds differ", n=g.players, odds=bad),
                           Counterexample(f"{g.players} players, first cards {' '.join(map(str, first))}, every "
                                          f"rank order of the stock {' '.join(map(str, SMALL_STOCK))}: the "
                                          f"formula gives {bad} {fmt(getattr(formula, bad))}, the engine "
                                          f"{fmt(getattr(eng, bad))}",
                                          deal={"first": " ".join(map(str, first)),
                                                "stock": " ".join(map(str, SMALL_STOCK))}))
        full = exact_odds(g.players, g.rules.unbid)
        if sum(full.win) + full.nobody != 1 or full.length.total + full.nobody != 1:
            return Outcome(REFUTED, Msg("the odds do not sum to 1"),
                           Counterexample(f"{g.players} players: chances sum to {sum(full.win) + full.nobody}",
                                          deal={}))
        checked.append(g.players)
    if not checked:
        return Outcome(UNKNOWN, Msg("no open auction to compare"), method="exhaustive")
    orders = sum(1 for _ in odds.arrangements(SMALL_STOCK, rank))
    return Outcome(HOLDS, Msg("equal for {counts} players: {orders} rank orders each; full-pack odds sum to 1",
                              counts=", ".join(map(str, checked)), orders=orders))


def simulate(game: AuctionQuads, games: int, seed: int) -> tuple[Odds, Fraction]:
    """Frequencies over ``games`` seeded games played by the greedy policy, and the share of deals whose
    first laying needed no second one."""
    policy = greedy_policy(game)
    ends = odds.simulate(lambda s: walk(game, s, policy=policy, cap=game.max_plays())[1], games, seed)
    return tally(game.players, map(ending, ends)), Fraction(sum(end.redeals == 0 for end in ends), games)


SIM_GAMES = 600


@REGISTRY.property(GAME, "odds_simulated", title="Simulated games (greedy policy) agree with the exact odds: "
                   "each seat's chance, nobody's, the mean number of cards auctioned, and the chance that the "
                   "first laying shows different ranks, within 4.5 standard errors",
                   clauses=["auction-quads-four", "auction-quads-opener", "auction-quads-first-cards"],
                   method="hypothesis", budget={"examples": SIM_GAMES}, applies=open_auction)
def odds_simulated(games, budget: Budget) -> Outcome:
    done = []
    for g in games:
        if centre_hidden(g.rules):
            continue
        exact = exact_odds(g.players, g.rules.unbid)
        sim, at_once = simulate(g, budget.examples, budget.seed)
        checks = [(Msg("P{p} wins", p=p), exact.win[p], sim.win[p]) for p in range(g.players)]
        checks += [(Msg("nobody wins"), exact.nobody, sim.nobody),
                   (Msg("the first laying shows different ranks"), first_cards_differ_chance(g.players), at_once)]
        refuted = (odds.frequency_refuted(g, checks, budget.examples, budget.seed, "greedy games from deal seed")
                   or odds.mean_refuted(g, exact.length, sim.length, budget.examples, budget.seed,
                                        Msg("{n} players: mean length", n=g.players), "mean cards auctioned",
                                        slack=0.01))
        if refuted:
            return refuted
        done.append(g.players)
    if not done:
        return Outcome(UNKNOWN, Msg("no open auction to simulate"), method="hypothesis")
    return Outcome(HOLDS, Msg("{n} greedy games per player count ({span}), deal seeds {seed} onwards",
                              n=budget.examples, span=f"{done[0]}-{done[-1]}", seed=budget.seed),
                   examples=budget.examples * len(done), seed=budget.seed)


# ------------------------------------------------------ money conservation

@z3_claim(AuctionQuads, "money_conserved", title="Every settlement rule balances: the players' and the pot's "
          "holdings sum to the same before and after, for every amount paid in and every seat",
          clauses=["auction-quads-ante", "auction-quads-highest", "auction-quads-pot-won",
                   "auction-quads-unclaimed"])
def money_conserved(game, s):
    n, r = game.players, game.rules
    ante = z3.Int("ante")
    price = z3.Int("price")
    paid = [z3.Int(f"paid_in_{p}") for p in range(n)]
    s.add(ante >= 1, ante <= 100, price >= r.bid_step, price <= r.bid_step * (r.raises + 1))
    for x in paid:
        s.add(x >= ante)  # every player has paid the ante, and perhaps bids
    # the settlement clauses, read through the module (a clause a test replaces is the one proved)
    cases = [case for seat in range(n) for case in (
        Settled("ante", rules_module.ante_paid(ante, seat), f"P{seat} pays"),
        Settled("bid", rules_module.bid_paid(price, seat), f"P{seat} pays"),
        Settled("won", rules_module.pot_won(paid, seat), f"P{seat} wins"))]
    cases += [Settled(f"unclaimed ({rule})", rules_module.pot_unclaimed(paid, rule))
              for rule in ("returned", "stays", "split")]
    return balances(s, cases, {"ante": ante, "price": price, "paid in": paid},
                    Msg("the ante, a bid paid, the pot won and each reading of an unclaimed pot (returned, stays, "
                        "split) sum to 0 for every seat, every ante of 1-100, every price of {low} to {high} and "
                        "every amount paid in (one proof per player count)", low=r.bid_step,
                        high=r.bid_step * (r.raises + 1)),
                    Msg("{n} players, ", n=n))


# --------------------------------------------------------- the rules at play

@small_configs(GAME)
def small(game):
    """Any number of players: P0 holds three twos, the others one card each of other ranks; a 2-card stock
    that completes the twos, and one that completes nothing: every bid of both auctions explored."""
    n = game.players
    hands = ("2♠ 2♥ 2♦",) + tuple((c,) for c in SMALL_FIRST_ALL[1:n])
    return [Root(game.position(hands, stock), f"P0 holds 2♠ 2♥ 2♦; stock {stock}") for stock in ("9♦ 2♣", "9♦ 9♣")]


@invariant(AuctionQuads, "first_ranks_differ", title="The first cards, one before each player, are all of "
           "different ranks", clauses=["auction-quads-distinct", "auction-quads-first-cards"], presets=True)
def first_ranks_differ(game, state):
    first = [h[0] for h in state.hands]
    if not ranks_differ(first):
        return f"the first cards {' '.join(map(str, first))} repeat a rank"
    return None


@invariant(AuctionQuads, "centre_shown_as_ruled", title="The card auctioned is in every player's view in the "
           "open auction, and in no player's view in the blind one", clauses=["auction-quads-open"], presets=True)
def centre_shown_as_ruled(game, state):
    if state.centre is None:
        return None
    blind = centre_hidden(game.rules)
    for p in {0, game.players - 1}:  # every hand lies face up: all players see the same
        shown = any(z == "centre" and v == (state.centre,) for z, v in game.observe(state, p)[1:])
        if shown == blind:
            return f"P{p} {'sees' if shown else 'does not see'} the card auctioned, {state.centre}, in the " \
                   f"{game.rules.auction} auction"
    return None


@invariant(AuctionQuads, "ends_settled", title="Every game ends with four of a kind (whose holder takes the "
           "whole pot) or with the pack out and nobody holding four (the pot settled as the rules say); "
           "before that the pot holds every ante and bid paid", presets=True,
           clauses=["auction-quads-four", "auction-quads-stock-out", "auction-quads-pot-won",
                    "auction-quads-unclaimed", "auction-quads-ante"])
def ends_settled(game, state):
    if state.to_move is not None and (state.passes or state.bids):
        return None  # hands and pot change only when an auction closes: checked as each new one opens
    fours = [p for p, h in enumerate(state.hands) if any(v == 4 for v in Counter(c.rank for c in h).values())]
    if state.to_move is not None and fours:
        return f"P{fours[0]} holds four of a kind but the game goes on"
    led = game.ledger(state)
    paid_in = game.paid_in(state)
    pot = sum(paid_in)
    if state.to_move is not None:
        if led["pot"] != pot:
            return f"the pot holds {led['pot']}, the antes and bids paid are {pot}"
        return None
    if state.winner is not None:
        if fours != [state.winner]:
            return f"P{state.winner} is the winner, but the players holding four are {fours}"
        if led["pot"] != 0 or led[f"P{state.winner}"] != pot - paid_in[state.winner]:
            return f"P{state.winner} won but the ledger shows {dict(led)}"
        return None
    if fours:
        return f"P{fours[0]} holds four of a kind, yet nobody won"
    if state.stock or state.centre is not None:
        return "the game ended with no winner while cards are left to auction"
    rule = game.rules.no_quads
    want = {"returned": 0, "stays": pot, "split": pot % game.players}[rule]
    if led["pot"] != want:
        return f"nobody holds four; the pot holds {led['pot']}, the rule '{rule}' leaves {want}"
    return None


def next_by_the_rules(game: AuctionQuads, before: State, move) -> tuple:
    """What the rules say a move does, written out apart from the engine: (price, high bidder, bids,
    who took the last card, at what price, who moves next)."""
    n, r = game.players, game.rules
    p = before.to_move
    if type(move) is Bid:
        return ("bid", before.price + r.bid_step, p, before.bids + 1, (p + 1) % n)
    passes = before.passes + 1
    if before.high is not None and passes == n - 1:
        return ("sold", before.centre, before.high, before.price)
    if before.high is None and passes == n:
        return ("unbid", before.centre, before.auction % n if r.unbid == "opener" else None, 0)
    return ("pass", before.price, before.high, before.bids, (p + 1) % n)


def engine_did(game: AuctionQuads, before: State, after: State, move) -> tuple:
    if type(move) is Bid:
        return ("bid", after.price, after.high, after.bids, after.to_move)
    if after.last is not before.last and after.last is not None:
        card, taker, price = after.last
        return ("sold" if price else "unbid", card, taker, price)
    return ("pass", after.price, after.high, after.bids, after.to_move)


@REGISTRY.property(GAME, "auction_as_ruled", title="Every move does what the rules say: a bid raises by one "
                   "step, at most the rules' number of raises (three by default), the card goes to the highest bidder "
                   "when the others pass (or, unbid, to the opener), the winner's bid is paid into the pot, the next card's auction opens "
                   "with the next player", method="hypothesis",
                   clauses=["auction-quads-bid-step", "auction-quads-raise-cap", "auction-quads-pass",
                            "auction-quads-close", "auction-quads-highest", "auction-quads-unbid",
                            "auction-quads-opener", "auction-quads-turn"])
def auction_as_ruled(games, budget: Budget) -> Outcome:
    groups = variants_of(games)
    per = max(10, budget.examples // len(groups))
    count = 0
    for name, objs in groups:
        def one(g, seed, name=name):
            prev: list = []
            where = "" if name == "given rules" else f" (preset {name})"

            def step(trace, state):
                if prev:
                    before, move = prev[0], trace.moves[-1]
                    want, got = next_by_the_rules(g, before, move), engine_did(g, before, state, move)
                    if want != got:
                        raise trace.refute(f"after '{move}' the rules give {want}, the engine {got}{where}", state)
                    cap = g.rules.bid_step * (g.rules.raises + 1)
                    if state.price > cap or state.bids > g.rules.raises + 1:
                        raise trace.refute(f"the bid stands at {state.price} after {state.bids} bids: more than "
                                           f"{g.rules.raises} raises{where}", state)
                    if want[0] == "sold" and state.paid[want[2]] != before.paid[want[2]] + want[3]:
                        raise trace.refute(f"P{want[2]} took {want[1]} for {want[3]} but paid "
                                           f"{state.paid[want[2]] - before.paid[want[2]]}{where}", state)
                    if want[0] in ("sold", "unbid") and state.to_move is not None \
                            and state.to_move != opener(before.auction + 1, g.players):
                        raise trace.refute(f"the next auction opens with P{state.to_move}, not "
                                           f"P{opener(before.auction + 1, g.players)}{where}", state)
                prev[:] = [state]
            walk(g, seed, step, g.max_plays())
        out = sample(objs, Budget(budget.seed, per, budget.z3_timeout_ms, budget.max_plays), one)
        if out.verdict != HOLDS:
            return out
        count += out.examples or 0
    return Outcome(HOLDS, Msg("sampled {n} random games ({sets} rule sets, seed {seed})", n=count, sets=len(groups),
                              seed=budget.seed),
                   examples=count, seed=budget.seed)


@REGISTRY.property(GAME, "quads_always_made", title="Someone always completes four of a kind before the pack "
                   "runs out (searched: random bidding until a game ends with nobody holding four)",
                   clauses=["auction-quads-stock-out"], method="search", expected=REFUTED)
def quads_always_made(games, budget: Budget) -> Outcome:
    for g in sorted(games, key=lambda g: -g.players):
        for seed in range(200):
            trace, end = walk(g, seed, cap=g.max_plays())
            if g.is_over(end) and end.winner is None:
                held = max(max(Counter(c.rank for c in h).values()) for h in end.hands)
                return Outcome(REFUTED, Msg("{n} players, deal seed {seed}: the pack runs out", n=g.players,
                                            seed=seed),
                               Counterexample(f"{g.players} players, deal seed {seed}: all {len(PACK) - g.players} "
                                              f"cards are auctioned and nobody holds four of a kind (at most "
                                              f"{held} of a rank)", record=g.record(seed, trace.moves)))
    return Outcome(UNKNOWN, Msg("no such game in {n} random games per player count", n=200), method="search")


# ------------------------------------------------------- rulebook tables

TABLE_COUNTS = range(4, 9)

def win_table(lang: str = "en"):
    """Each seat's chance of winning under the greedy policy: exact, then simulated (SIM_GAMES games, seed 1)."""
    return odds.win_table(lang, TABLE_COUNTS, exact_odds, lambda n: simulate(AuctionQuads(players=n), SIM_GAMES, 1)[0],
                          tr(lang, "mean cards auctioned"), nobody=False)


def length_table(lang: str = "en"):
    """The number of cards auctioned under the greedy policy, exactly, for both readings of an unbid card:
    the mean, the likeliest and the largest possible; and P0's chance when unbid cards are set aside."""
    header = [tr(lang, "players"), tr(lang, "mean cards auctioned (to the opener)"), tr(lang, "likeliest"),
              tr(lang, "longest"), tr(lang, "mean cards auctioned (set aside)"), tr(lang, "longest"),
              tr(lang, "{seat} (set aside)").format(seat=odds.seat(lang, 0))]
    rows = []
    for n in TABLE_COUNTS:
        to_opener, aside = exact_odds(n), exact_odds(n, "discarded")
        rows.append([str(n), f"{float(to_opener.mean_length):.3f}",
                     str(max(to_opener.length.pairs(), key=lambda x: x[1])[0]), str(len(to_opener.length.chances) - 1),
                     f"{float(aside.mean_length):.3f}", str(len(aside.length.chances) - 1), str(aside.win[0])])
    return header, rows


def deal_table(lang: str = "en"):
    """The chance that the first laying shows n different ranks, exactly, and the mean number of layings
    when all first cards are laid again (the reading ``redeal = "all"``)."""
    header = [tr(lang, "players"), tr(lang, "first laying differs"), tr(lang, "mean layings ('all')")]
    rows = []
    for n in TABLE_COUNTS:
        p = first_cards_differ_chance(n)
        rows.append([str(n), f"{p} = {float(p):.4f}", f"{float(1 / p):.3f}"])
    return header, rows


def length_plot(lang: str = "en"):
    return chance_plot([(tr(lang, "{n} players").format(n=n), *zip(*exact_odds(n).length.pairs()))
                        for n in TABLE_COUNTS],
                       tr(lang, "cards auctioned until four of a kind"), tr(lang, "chance"),
                       tr(lang, "Auction for fours, greedy bidding: when the game ends"), marker=".")
