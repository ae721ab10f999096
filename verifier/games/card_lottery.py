"""Card Lottery: money conservation (z3), the lottery and the beating stage at every step, the exact
distribution of the prizes won (dynamic programming over the dealer's deck, with fractions) checked
against every order of a small deck played by the engine and against simulation, and termination:
proved by exhaustive search for two players, refuted by a replayable cycle for three or more."""

from __future__ import annotations

import dataclasses
import itertools
import math
from collections import defaultdict
from fractions import Fraction
from functools import cache

import z3

import spec.games.card_lottery as rules_module
from spec.cards import parse_cards
from spec.games.card_lottery import (
    ANSWERING, BOXING, LEADING, OVER, PACK, PENALTY, STAKING, CardLottery, State, beats, first_leader,
    next_holder, next_leader, penalty_for,
)
from spec.i18n import N_, Msg, tr, translated
from spec.stakes import BOX, POT
from verifier.api import Root, evidence, explore, invariant, small_configs, steered, walk, z3_claim
from verifier.core import HOLDS, REFUTED, REGISTRY, UNKNOWN, Budget, Counterexample, Outcome, Scope
from verifier import odds
from verifier.odds import Dist, chance_plot, fmt
from verifier.stakes import Settled, balances

GAME = CardLottery.info.id
#: Where the generic claims of the game's metadata hold. ``zero_sum`` (``INFO.zero_sum``): every game's
#: returns sum to 0 while the chips left on the table go back to the banker; under ``unclaimed = stays``
#: or ``box_goes = stays`` they stay on the table, as the rulebook says. A generic property takes no
#: per-game scope yet, so the sweep still counts those two points as not as expected (see the report).
GENERIC_SCOPES = {
    "zero_sum": Scope("unclaimed = banker, box_goes = banker",
                      lambda rules, players: rules.unclaimed == "banker" and rules.box_goes == "banker"),
}

#: The player counts swept: the fewest, the next, four (the count whose random games reach a beating
#: stage that cannot end, property can_always_end), a middle and the most.
SPACE_PLAYERS = (2, 3, 4, 9, 17)


# ------------------------------------------------------------ exact odds

@cache
def prize_odds(players: int, *, deck: int = 52, prize_cards: int = 4, per_round: int = 3) -> Dist:
    """The exact distribution of the number of prizes won in one deal: forward dynamic programming over the rounds, with state (prize cards whose twin is still in the
    dealer's deck, banker's cards used, prizes won).

    Assumptions: both decks are shuffled uniformly and independently; a prize card whose twin was dealt in
    an earlier round can never be won; a new prize card is the banker's next card, whose twin is still in
    the dealer's deck with chance (undealt cards that are not twins of prizes on the table) / (banker's
    cards left). A round deals ``players * per_round`` cards, so the prizes on the table whose twins it
    holds follow the hypergeometric law. Exact: every step is a ratio of integers.
    """
    m = players * per_round
    rounds = deck // m
    start = min(prize_cards, deck)
    states: dict[tuple[int, int, int], Fraction] = {(start, start, 0): Fraction(1)}
    for r in range(rounds):
        undealt = deck - m * r
        nxt: dict = defaultdict(Fraction)
        for (alive, used, wins), p in states.items():
            for j in range(min(alive, m) + 1):
                pj = Fraction(math.comb(alive, j) * math.comb(undealt - alive, m - j), math.comb(undealt, m))
                if not pj:
                    continue
                after = {(alive - j, used): Fraction(1)}
                if r < rounds - 1:  # the places won are filled again before another round
                    for _ in range(j):
                        step: dict = defaultdict(Fraction)
                        for (a, u), q in after.items():
                            left = deck - u
                            if not left:  # the banker's deck is spent: the place stays empty
                                step[(a, u)] += q
                                continue
                            live = undealt - m - a
                            if live:
                                step[(a + 1, u + 1)] += q * Fraction(live, left)
                            if left - live:
                                step[(a, u + 1)] += q * Fraction(left - live, left)
                        after = step
                for (a, u), q in after.items():
                    nxt[(a, u, wins + j)] += p * pj * q
        states = nxt
    dist: dict[int, Fraction] = defaultdict(Fraction)
    for (_, _, wins), p in states.items():
        dist[wins] += p
    return Dist.of(dist)


def play_lottery(game: CardLottery, state: State) -> State:
    """Play the lottery stage with the first legal move each time (the amounts do not change who wins)."""
    while state.phase in (BOXING, STAKING):
        state = game.apply(state, game.legal_moves(state)[0])
    return state


#: the small deck of the engine check: both decks are these seven cards
SMALL_DECK = parse_cards("A♠ K♥ Q♦ J♣ 10♠ 9♥ 8♦")
#: (players, prize cards, cards a round): 3 rounds with 2 places, 2 rounds with 3 places
SMALL_SETUPS = ((2, 2, 1), (3, 3, 1))


def small_game(game: CardLottery, players: int, prize_cards: int, per_round: int) -> CardLottery:
    rules = dataclasses.replace(game.rules, prize_cards=prize_cards, cards_per_round=per_round)
    return type(game)(rules, players=players)


def prizes_won(game: CardLottery, banker_deck, dealer_deck) -> int:
    """How many prizes the lottery pays, the two decks in these orders (top first)."""
    return len(play_lottery(game, game.position(banker_deck, dealer_deck)).won)


def engine_odds(game: CardLottery, deck=SMALL_DECK) -> Dist:
    """The engine's own distribution: every order of the dealer's ``deck`` against the banker's deck in
    its given order (by symmetry, fixing one deck's order changes no chance), each order equally likely."""
    return Dist.frequencies(prizes_won(game, deck, order) for order in itertools.permutations(deck))


#: at most this many ways of dealing the small pack of ``odds_exact`` into rounds are played by the engine
MAX_LAYOUTS = 15_000


def layouts(deck: int, per: int, rounds: int) -> int:
    """The ways of dealing ``rounds`` rounds of ``per`` cards from ``deck`` cards (which cards go in which
    round; the rest stay undealt)."""
    return math.factorial(deck) // (math.factorial(per) ** rounds * math.factorial(deck - rounds * per))


def rules_pack(players: int, per_round: int) -> tuple | None:
    """The small pack of the engine check for these rules: as many rounds as keep the ways of dealing it
    few (three, two or one), and one card more, which stays undealt; ``None`` if one round exceeds the pack."""
    per = players * per_round
    for rounds in (3, 2, 1):
        deck = rounds * per + 1
        if deck <= len(PACK) and layouts(deck, per, rounds) <= MAX_LAYOUTS:
            return PACK[:deck]
    return None


def engine_odds_by_rounds(game: CardLottery, deck) -> tuple[Dist, str | None]:
    """The engine's own distribution over every way of dealing ``deck`` (the dealer's pack) into rounds,
    each as likely as the others (each stands for the same number of orders of the pack); the banker's
    pack is ``deck`` in its given order. Who gets which card of a round cannot change how many prizes are
    won: for each way the round's cards are also dealt in reverse order, and a difference is reported."""
    per = game.players * game.rules.cards_per_round
    rounds = len(deck) // per
    won, problem = [], None

    def ways(left, done):
        if len(done) == rounds:
            yield done, left
            return
        for pick in itertools.combinations(left, per):
            yield from ways(tuple(c for c in left if c not in pick), done + (pick,))
    for i, (dealt, undealt) in enumerate(ways(tuple(deck), ())):
        won.append(prizes_won(game, deck, sum(dealt, ()) + undealt))
        if i < 50 and problem is None and prizes_won(game, deck, sum((d[::-1] for d in dealt), ()) + undealt) != won[-1]:
            problem = (f"dealing the rounds {' / '.join(' '.join(map(str, d)) for d in dealt)} in another order "
                       f"changes the number of prizes won")
    return Dist.frequencies(won), problem


@REGISTRY.property(GAME, "odds_exact", title="The exact distribution of prizes won (dynamic programming) "
                   "equals the engine's own: under the rules under test (their prize places, cards a round and "
                   "player count) over every way of dealing a small pack into rounds, and over every order of a "
                   "7-card dealer's pack in two fixed set-ups (2 players with 2 prize places and 3 rounds; 3 "
                   "players with 3 places and 2 rounds); the full-deck distribution sums to 1",
                   clauses=["lottery-match", "lottery-replace", "lottery-aside", "lottery-round"],
                   method="exhaustive")
def odds_exact(games, budget: Budget) -> Outcome:
    g0 = games[0]
    for players, places, per_round in SMALL_SETUPS:
        g = small_game(g0, players, places, per_round)
        dp = prize_odds(players, deck=len(SMALL_DECK), prize_cards=places, per_round=per_round)
        eng = engine_odds(g)
        if dp != eng:
            return Outcome(REFUTED, Msg("{n} players: the distributions differ", n=players),
                           Counterexample(f"{players} players, {places} prize places, {per_round} card a round, "
                                          f"both decks {' '.join(map(str, SMALL_DECK))}, every dealer's order: "
                                          f"the dynamic programme gives {fmt(dp.chances)}, the engine "
                                          f"{fmt(eng.chances)}", deal={"deck": " ".join(map(str, SMALL_DECK))}))
    checked = []
    for g in games:
        r = g.rules
        deck = rules_pack(g.players, r.cards_per_round)
        if deck is None:
            return Outcome(UNKNOWN, Msg("{n} players: no small pack serves a round", n=g.players), method="exhaustive")
        dp = prize_odds(g.players, deck=len(deck), prize_cards=r.prize_cards, per_round=r.cards_per_round)
        eng, problem = engine_odds_by_rounds(g, deck)
        what = (f"{g.players} players, {r.prize_cards} prize places, {r.cards_per_round} cards a round, both "
                f"decks {' '.join(map(str, deck))}")
        if problem or dp != eng:
            return Outcome(REFUTED, Msg("{n} players: the distributions differ", n=g.players),
                           Counterexample(f"{what}: {problem}" if problem else
                                          f"{what}, every way of dealing the rounds: the dynamic programme gives "
                                          f"{fmt(dp.chances)}, the engine {fmt(eng.chances)}",
                                          deal={"deck": " ".join(map(str, deck))}))
        full = prize_odds(g.players, prize_cards=r.prize_cards, per_round=r.cards_per_round)
        if full.total != 1:
            return Outcome(REFUTED, Msg("the odds do not sum to 1"),
                           Counterexample(f"{g.players} players: the chances sum to {full.total}", deal={}))
        per = g.players * r.cards_per_round
        rounds = len(deck) // per
        checked.append(Msg("{n} players: {cards} cards in {rounds} round(s), {ways} ways", n=g.players,
                           cards=len(deck), rounds=rounds, ways=layouts(len(deck), per, rounds)))
    return Outcome(HOLDS, Msg("equal on both fixed set-ups ({orders} dealer's orders each) and under these rules "
                              "({checked}); the full-deck distribution sums to 1",
                              orders=math.factorial(len(SMALL_DECK)), checked=Msg.join("; ", checked)),
                   method="exhaustive")


def simulate(game: CardLottery, games: int, seed: int) -> Dist:
    """Frequencies of the number of prizes won over ``games`` seeded deals (seeds ``seed`` ...)."""
    return _simulate(type(game), game.rules, game.players, games, seed)


@cache
def _simulate(cls, rules, players: int, games: int, seed: int) -> Dist:
    game = cls(rules, players=players)
    return Dist.frequencies(odds.simulate(lambda s: len(play_lottery(game, game.deal(s)).won), games, seed))


SIM_GAMES = 1000
#: the player counts of the rulebook's tables, and of the simulation check when it is given them
TABLE_COUNTS = (2, 3, 4, 5, 6, 8, 9, 17)


@REGISTRY.property(GAME, "odds_simulated", title="Simulated deals agree with the exact distribution of "
                   "prizes won (each count's chance and the mean) within 4.5 standard errors (the player counts "
                   "of the rulebook's table)", clauses=["lottery-match", "lottery-replace"], method="hypothesis",
                   budget={"examples": SIM_GAMES})
def odds_simulated(games, budget: Budget) -> Outcome:
    chosen = [g for g in games if g.players in TABLE_COUNTS] or list(games)
    for g in chosen:
        exact = prize_odds(g.players, prize_cards=g.rules.prize_cards, per_round=g.rules.cards_per_round)
        sim = simulate(g, budget.examples, budget.seed)
        checks = [(Msg("{k} prizes won", k=k), exact.at(k), sim.at(k))
                  for k in range(max(len(exact.chances), len(sim.chances)))]
        refuted = (odds.frequency_refuted(g, checks, budget.examples, budget.seed, "deals from seed")
                   or odds.mean_refuted(g, exact, sim, budget.examples, budget.seed,
                                        Msg("{n} players: mean", n=g.players), "mean prizes won"))
        if refuted:
            return refuted
    counts = sorted(g.players for g in chosen)
    return Outcome(HOLDS, Msg("{n} simulated deals per player count ({counts}), deal seeds {seed} onwards",
                              n=budget.examples, counts=", ".join(map(str, counts)), seed=budget.seed),
                   examples=budget.examples * len(chosen), seed=budget.seed)


# ------------------------------------------------------ money conservation

@z3_claim(CardLottery, "money_conserved", title="Every settlement rule balances: the players' (banker "
          "included), the pot's and the box's holdings sum to the same before and after, for every amount, "
          "every hand left to the loser and every seat",
          clauses=["lottery-box-paid", "lottery-prize-staked", "lottery-prize-won", "lottery-unclaimed",
                   "lottery-penalty-paid", "lottery-box-emptied"])
def money_conserved(game, s):
    n = game.players
    amount = z3.Int("amount")
    s.add(amount >= 0)
    counts = {suit: z3.Int(f"left_{suit.name.lower()}") for suit in PENALTY}
    for k in counts.values():
        s.add(k >= 0, k <= 13)
    # the settlement clauses, read through the module (a clause a test replaces is the one proved)
    r = game.rules
    cases = [case for seat in range(n) for case in (
        Settled("box", rules_module.box_paid(seat, amount), f"P{seat} pays"),
        Settled("staked", rules_module.prize_staked(seat, amount), f"banker P{seat}"),
        Settled("won", rules_module.prize_won(seat, amount), f"P{seat} wins"),
        Settled("unclaimed", rules_module.prize_unclaimed(seat, amount, r.unclaimed), f"banker P{seat}"),
        Settled("penalty", rules_module.penalty_paid(seat, counts), f"P{seat} loses"),
        Settled("emptied", rules_module.box_emptied(seat, amount, r.box_goes), f"banker P{seat}"))]
    return balances(s, cases, {"amount": amount, **{f"{suit.symbol} left": k for suit, k in counts.items()}},
                    Msg("each settlement (box, prize staked, prize won, unclaimed prizes, penalty, box emptied) "
                        "sums to 0 for every amount, every count of cards left by suit and every seat (one proof per "
                        "player count)"), Msg("{n} players, ", n=n))


# --------------------------------------------------------- the rules at play

#: cards of the small beating positions: every suit, high and low
BEAT_CARDS = parse_cards("A♥ 2♥ K♣ 3♦ Q♠ 4♠")
#: eight cards for the two-player termination search (four each)
BEAT_CARDS_2P = parse_cards("A♥ 2♥ K♣ 7♣ 3♦ 9♦ Q♠ 4♠")


def beating_roots(game: CardLottery, cards=BEAT_CARDS) -> list[Root]:
    """Every split of ``cards`` into equal hands, P0 leading (turning the table round gives the other
    leaders: the beating stage does not depend on who the banker is until the final payment)."""
    n = game.players
    per = len(cards) // n
    roots = {}
    for order in itertools.permutations(cards[:per * n]):
        hands = tuple(tuple(sorted(order[p * per:(p + 1) * per], key=str)) for p in range(n))
        if hands not in roots:
            roots[hands] = Root(game.position(hands=hands), "hands " + " | ".join(
                " ".join(map(str, h)) for h in hands) + ", P0 leads")
    return list(roots.values())


@small_configs(GAME)
def small(game):
    """Beating positions (2 players x 3 cards or 3 players x 2 cards of six; every split) and, with fixed
    chips, two-player deals on 7-card decks (one round; every 60th order of the dealer's deck)."""
    roots = []
    if game.players <= 3:
        roots += beating_roots(game)
    fixed = game.rules.box_min == game.rules.box_max and game.rules.stake_min == game.rules.stake_max
    if game.players == 2 and fixed:
        for order in itertools.islice(itertools.permutations(SMALL_DECK), 0, 5040, 60):
            roots.append(Root(game.position(SMALL_DECK, order), "both decks of 7 cards, the dealer's "
                              + " ".join(map(str, order))))
    return roots


@invariant(CardLottery, "lottery_rules", title="The lottery as written: each prize is paid to the player whose "
           "cards of that round hold its twin, and both leave the game; every other prize card turned up has "
           "no twin in this round's cards; every player gets the same number of cards a round; places won are "
           "filled and staked before the next turn; chips on the table equal the stakes",
           clauses=["lottery-match", "lottery-aside", "lottery-replace", "lottery-round", "lottery-box",
                    "lottery-box-size", "lottery-stake", "lottery-stake-size"], presets=True)
def lottery_rules(game, state):
    for check in (_table_and_turn, _chips_in_limits, _box_holds_the_chips, _prizes_won_leave, _round_turned):
        msg = check(game, state)
        if msg:
            return msg
    return None


def _table_and_turn(game, state):
    """Boxing and staking: the pot holds the chips on the prize cards, places won are filled, the banker stakes."""
    if state.phase not in (BOXING, STAKING):
        return None
    on_table = sum(k for c, k in zip(state.prizes, state.stakes) if c is not None)
    if state.ledger[POT] != on_table:
        return f"the chips on the prize cards are {on_table}, the pot holds {state.ledger[POT]}"
    if state.phase == BOXING and state.banker_stock and None in state.prizes:
        return "a place won was not filled before the next round"
    if state.phase == STAKING and state.to_move != state.banker:
        return f"P{state.to_move} stakes a prize, but P{state.banker} is the banker"
    return None


def _chips_in_limits(game, state):
    r, ev = game.rules, state.last
    if ev and ev[0] == "box" and not r.box_min <= ev[2] <= r.box_max:
        return f"P{ev[1]} put {ev[2]} chips in the box: the limits are {r.box_min} to {r.box_max}"
    if ev and ev[0] == "stake" and not r.stake_min <= ev[2] <= r.stake_max:
        return f"a prize of {ev[2]}: the limits are {r.stake_min} to {r.stake_max}"
    return None


def _box_holds_the_chips(game, state):
    if state.phase != OVER and state.ledger[BOX] != sum(state.paid_in):
        return f"the box holds {state.ledger[BOX]}, the players put in {sum(state.paid_in)}"
    return None


def _prizes_won_leave(game, state):
    for card, p, _ in state.won:
        if state.removed.count(card) != 2:
            return f"{card} was won by P{p} but is not out of the game twice"
    return None


def _round_turned(game, state):
    """Just after the prizes are turned: the round's cards, or (the lottery over) every card dealt."""
    ev = state.last
    if not ev or ev[0] != "turn":
        return None
    if state.phase == BOXING:  # just after a turn: the hands are this round's cards
        return _this_rounds_cards(game, state, state.won[len(state.won) - ev[1]:])
    if state.phase == LEADING and not state.discard:  # the lottery just ended: every card a player got
        return _every_card_dealt(game, state)
    return None


def _this_rounds_cards(game, state, fresh):
    per = game.rules.cards_per_round
    for p, hand in enumerate(state.hands):
        wins = sum(1 for _, q, _ in fresh if q == p)
        if len(hand) + wins != per:
            return f"P{p} holds {len(hand)} cards of this round and won {wins}: a round deals {per} a player"
        for c, up in zip(state.prizes, state.shown):
            if up and c in hand:
                return f"{c} is turned up and P{p} holds it among this round's cards, but was not paid"
    return None


def _every_card_dealt(game, state):
    per = game.rules.cards_per_round
    dealt = state.round * per
    for p, hand in enumerate(state.hands):
        wins = sum(1 for _, q, _ in state.won if q == p)
        if len(hand) + wins != dealt:
            return f"P{p} holds {len(hand)} cards and won {wins} prizes after {state.round} rounds of {per}"
    if per * game.players <= len(state.dealer_stock):
        return f"the deal stopped with {len(state.dealer_stock)} cards left, enough for another round"
    return None


@invariant(CardLottery, "beating_rules", title="The beating stage as written: a card is led to the next player "
           "holding cards; a beating card beats the led one under the rules' order; a player takes only when he "
           "cannot beat; after a take the next player leads, after a beat the beater (or the next); the player "
           "paid last leads first",
           clauses=["lottery-lead", "lottery-left", "lottery-beats", "lottery-beat", "lottery-take",
                    "lottery-after", "lottery-starter"], presets=True)
def beating_rules(game, state):
    r = game.rules
    ev = state.last
    if not ev:
        return None
    p = state.to_move
    if state.phase in (LEADING, ANSWERING) and not state.hands[p]:
        return f"P{p} has the turn but no cards"
    kind = ev[0]
    if kind == "lead":
        if state.table != ev[2] or p != next_holder(state.hands, ev[1]):
            return f"P{ev[1]} led {ev[2]}, but the table shows {state.table} and P{p} answers"
    elif kind == "beat":
        led, cover = state.discard[-2:]
        if cover != ev[2] or not beats(led, cover, r.beat):
            return f"P{ev[1]} beat {led} with {cover}, which does not beat it ({game.beat_words()})"
        if state.phase != OVER and p != next_leader(state.hands, ev[1], True, r.after_beat):
            return f"after P{ev[1]}'s beat P{p} leads"
    elif kind == "take":
        hand = list(state.hands[ev[1]])
        if ev[2] not in hand:
            return f"P{ev[1]} took {ev[2]} but does not hold it"
        hand.remove(ev[2])
        if not r.take_when_able and any(beats(ev[2], c, r.beat) for c in hand):
            return f"P{ev[1]} took {ev[2]} though he could beat it"
        if state.phase != OVER and p != next_leader(state.hands, ev[1], False, r.after_beat):
            return f"after P{ev[1]}'s take P{p} leads"
    elif kind == "turn" and state.phase == LEADING:
        first = first_leader(state.won, game.players, r.starter)
        want = first if state.hands[first] else next_holder(state.hands, first)
        if p != want:
            return f"P{p} leads first, but the rules name P{want}"
    return None


@invariant(CardLottery, "ends_settled", title="Every ending settles as promised: one player alone holds cards "
           "and pays their penalty (hearts 4, clubs 3, diamonds 2, spades 1) into the box; the unclaimed prizes "
           "and the box go to the banker; each player's chips are what the rules say", presets=True,
           clauses=["lottery-loser", "lottery-penalty", "lottery-penalty-paid", "lottery-box-paid",
                    "lottery-prize-staked", "lottery-prize-won", "lottery-unclaimed", "lottery-box-emptied"])
def ends_settled(game, state):
    if state.phase != OVER:
        return None
    r = game.rules
    holders = [p for p, h in enumerate(state.hands) if h]
    if len(holders) > 1:
        return f"the game ended with {len(holders)} players holding cards"
    if state.loser != (holders[0] if holders else None):
        return f"P{state.loser} is the loser, but the cards are with {holders}"
    if state.loser is not None and state.penalty != penalty_for(state.hands[state.loser]):
        return f"P{state.loser} paid {state.penalty} for {' '.join(map(str, state.hands[state.loser]))}"
    won_chips = sum(k for _, _, k in state.won)
    pot = 0 if r.unclaimed == "banker" else state.staked - won_chips
    box = 0 if r.box_goes == "banker" else sum(state.paid_in) + state.penalty
    if state.ledger[POT] != pot or state.ledger[BOX] != box:
        return f"the pot holds {state.ledger[POT]} and the box {state.ledger[BOX]}; the rules say {pot} and {box}"
    for p in range(game.players):
        want = -state.paid_in[p] + sum(k for _, q, k in state.won if q == p)
        if p == state.loser:
            want -= state.penalty
        if p == state.banker:
            want += -state.staked + (state.staked - won_chips - pot) + (sum(state.paid_in) + state.penalty - box)
        if state.ledger[f"P{p}"] != want:
            return f"P{p} holds {state.ledger[f'P{p}']} chips, the rules give {want}"
    return None


# ------------------------------------------------------------ termination

@REGISTRY.property(GAME, "beating_ends_2p", title="Two players: every beating stage ends (searched: every "
                   "split of eight cards, four each, every line of play; no position repeats), within the "
                   "declared bound", clauses=["lottery-after", "lottery-loser"],
                   method="exhaustive", applies=lambda games: any(g.players == 2 for g in games))
def beating_ends_2p(games, budget: Budget) -> Outcome:
    for g in games:
        if g.players != 2:
            continue
        roots = beating_roots(g, BEAT_CARDS_2P)
        ex = explore(g, roots, max_states=budget.max_states, stop_at_cycle=True)
        if ex.cycle is not None:
            root, prefix, loop = ex.cycle
            return Outcome(REFUTED, Msg("a beating stage that can go on for ever"),
                           evidence(g, root, tuple(prefix) + tuple(loop),
                                    f"2 players: the position after the first {len(prefix)} moves comes back after "
                                    f"{len(loop)} more"), method="exhaustive")
        if not ex.complete:
            return Outcome(UNKNOWN, Msg("unfinished: {states} states", states=ex.states), method="exhaustive")
        longest = len(ex.longest[1]) if ex.longest else 0
        cards = len(BEAT_CARDS_2P)
        bound = 2 * (cards // 2 + 1) * cards
        if longest > bound:
            root, moves = ex.longest
            return Outcome(REFUTED, Msg("a beating stage longer than the bound"),
                           evidence(g, root, moves, f"{longest} moves with {cards} cards, the bound says {bound}"),
                           method="exhaustive")
        return Outcome(HOLDS, Msg("exhaustive: {splits} splits, {states} states, no cycle; the longest stage has "
                                  "{longest} moves (the bound for {cards} cards: {bound})", splits=len(roots),
                                  states=ex.states, longest=longest, cards=cards, bound=bound), method="exhaustive")
    return Outcome(UNKNOWN, Msg("no two-player game"), method="exhaustive")


def unbeatable_first(game: CardLottery, highest: bool = False):
    """Play that passes cards round for ever if it can: the first chips move in the lottery; lead a card the
    next player cannot beat (the lowest such, or the highest), and take whenever allowed."""
    rule = game.rules.beat

    def prefer(state, moves):
        if state.phase == LEADING:
            nxt = next_holder(state.hands, state.to_move)
            safe = sorted((m for m in moves if not any(beats(m.card, c, rule) for c in state.hands[nxt])),
                          key=lambda m: (PENALTY[m.card.suit], m.card.rank), reverse=highest)
            return tuple(safe[:1]) or moves[:1]
        return moves[-1:]  # the take, when it is offered; else one beat
    return steered(game, prefer)


def find_cycle(g: CardLottery, seeds=range(40)):
    """A seeded deal whose beating stage, played by passing unbeatable cards, repeats a position."""
    for highest in (False, True):
        sg = unbeatable_first(g, highest)
        for seed in seeds:
            trace, state = walk(sg, seed, stop=lambda s: s.phase not in (BOXING, STAKING))
            root = Root(state, f"deal seed {seed}", seed, tuple(trace.moves))
            ex = explore(sg, [root], max_states=5_000, stop_at_cycle=True)
            if ex.cycle is not None:
                return seed, root, ex.cycle
    return None


@REGISTRY.property(GAME, "beating_ends", title="Three or more players: every beating stage ends (searched: "
                   "40 seeded deals per player count played by passing unbeatable cards, for a repeated position)",
                   clauses=["lottery-left", "lottery-take", "lottery-after", "lottery-beats"], method="search",
                   expected=REFUTED, applies=lambda games: any(g.players >= 3 for g in games))
def beating_ends(games, budget: Budget) -> Outcome:
    first, looped, missed = None, [], []
    for g in sorted(games, key=lambda g: g.players):
        if g.players < 3:
            continue
        found = find_cycle(g)
        if found is None:
            missed.append(g.players)
            continue
        looped.append(g.players)
        if first is None:
            seed, root, (_, prefix, loop) = found
            first = evidence(g, root, tuple(prefix) + tuple(loop),
                             f"{g.players} players, deal seed {seed}: after the lottery and {len(prefix)} beating "
                             f"move{'' if len(prefix) == 1 else 's'} the position comes back every {len(loop)} "
                             f"moves: cards the next player cannot beat pass round the table")
    if first is None:
        return Outcome(UNKNOWN, Msg("no repeated position found"), method="search")
    note = Msg("; none found for {counts}", counts=", ".join(map(str, missed))) if missed else ""
    return Outcome(REFUTED, Msg("a beating stage that never ends, for {counts} players{note}",
                                counts=", ".join(map(str, looped)), note=note), first, method="search")


def one_suit_left(state: State) -> bool:
    """Three or more players still hold cards, and every card in play is of one suit."""
    held = [c for h in state.hands for c in h] + ([state.table] if state.table is not None else [])
    return sum(1 for h in state.hands if h) >= 3 and len({c.suit for c in held}) == 1


#: random games searched by can_always_end for a stage left to one suit
DEAD_STAGE_SEEDS = 3000


@REGISTRY.property(GAME, "can_always_end", title="Three or more players: from every position of the beating "
                   "stage some line of play ends it (searched: random games stopped where the players left hold "
                   "one suit only, each such position explored in full for an ending)",
                   clauses=["lottery-beats", "lottery-take", "lottery-loser"], method="search", expected=REFUTED,
                   applies=lambda games: any(g.players >= 3 for g in games),
                   # a higher card of the suit beats under the other readings, so a one-suit stage can end; the
                   # search meets such a stage in four-player games (rarely with three, where it can miss it)
                   scope=Scope("beat = higher_suit, 4 players",
                               lambda rules, players: rules.beat == "higher_suit" and players == 4))
def can_always_end(games, budget: Budget) -> Outcome:
    for g in sorted(games, key=lambda g: (g.players != 4, g.players)):
        if g.players < 3:
            continue
        for seed in range(DEAD_STAGE_SEEDS):
            trace, state = walk(g, seed, cap=budget.max_plays,
                                stop=lambda s: s.phase == LEADING and one_suit_left(s))
            if g.is_over(state) or not one_suit_left(state):
                continue
            ex = explore(g, [Root(state)], max_states=50_000, longest=False)
            if ex.complete and ex.terminals == 0:
                hands = "; ".join(f"P{p} {' '.join(map(str, h))}" for p, h in enumerate(state.hands) if h)
                return Outcome(REFUTED, Msg("{n} players, deal seed {seed}: a stage no play can end", n=g.players,
                                            seed=seed),
                               Counterexample(f"{g.players} players, deal seed {seed}: after {len(trace.moves)} "
                                              f"moves the players left hold {hands}; no card beats another, every "
                                              f"lead is taken, and none of the {ex.states} positions reachable "
                                              f"from here ends the game (exhaustive)",
                                              record=g.record(seed, trace.moves)), method="search")
        break
    return Outcome(UNKNOWN, Msg("no such position found"), method="search")


# ------------------------------------------------------ the source's silences

def lottery_only(game, seed):
    s = game.deal(seed)
    moves = []
    while s.phase in (BOXING, STAKING):
        m = game.legal_moves(s)[0]
        moves.append(m)
        s = game.apply(s, m)
    return s, moves


#: seeded deals searched by someone_paid, and the least exact chance of a deal without a prize at which
#: the search is claimed to find one (it then misses with a chance below one in a million)
NO_PRIZE_SEEDS, NO_PRIZE_LEAST = 3000, Fraction(1, 200)


def no_prize_chance(rules, players: int) -> Fraction:
    """The exact chance that a deal under these rules pays no prize at all (dynamic programming)."""
    return prize_odds(players, prize_cards=rules.prize_cards, per_round=rules.cards_per_round).at(0)


@REGISTRY.property(GAME, "someone_paid", title="Some prize is always won, so the player paid last exists "
                   "(searched: seeded deals where no prize is won)", clauses=["lottery-starter"],
                   method="search", expected=REFUTED,
                   scope=Scope("the exact chance of a deal without a prize is at least 1 in 200",
                               lambda rules, players: no_prize_chance(rules, players) >= NO_PRIZE_LEAST))
def someone_paid(games, budget: Budget) -> Outcome:
    # the chance of a deal without a prize is highest where many cards stay undealt
    for g in sorted(games, key=lambda g: -(len(PACK) % (g.players * g.rules.cards_per_round))):
        for seed in range(NO_PRIZE_SEEDS):
            s, moves = lottery_only(g, seed)
            if not s.won:
                return Outcome(REFUTED, Msg("{n} players, deal seed {seed}: no prize is won", n=g.players, seed=seed),
                               Counterexample(f"{g.players} players, deal seed {seed}: no player holds the twin "
                                              f"of a prize card in its round, so nobody is paid and the source "
                                              f"names no first leader", record=g.record(seed, moves)))
        break
    return Outcome(UNKNOWN, Msg("every searched deal paid a prize"), method="search")


@REGISTRY.property(GAME, "last_paid_unique", title="The player paid last is one player (searched: deals whose "
                   "last winning round pays two players)", clauses=["lottery-starter"], method="search",
                   expected=REFUTED,
                   # with one prize place a round pays one player at most: the claim then holds
                   scope=Scope("prize_cards ≥ 2", lambda rules, players: rules.prize_cards >= 2))
def last_paid_unique(games, budget: Budget) -> Outcome:
    for g in sorted(games, key=lambda g: g.players):
        for seed in range(500):
            s, moves = lottery_only(g, seed)
            if not s.won:
                continue
            rounds = last_round_winners(g, seed)
            if len(rounds) > 1:
                return Outcome(REFUTED, Msg("{n} players, deal seed {seed}: two players paid in the last winning "
                                            "round", n=g.players, seed=seed), Counterexample(
                                   f"{g.players} players, deal seed {seed}: the last round with a prize pays "
                                   + ", ".join(f"P{p} ({c})" for c, p in rounds)
                                   + "; cardspec lets the prize turned last (the later place on the table) decide",
                                   record=g.record(seed, moves)))
        break
    return Outcome(UNKNOWN, Msg("no such deal found"), method="search")


def last_round_winners(game, seed):
    """The (prize, player) pairs paid in the last round that paid any, with distinct players only if several."""
    s = game.deal(seed)
    paid_by_round = []
    while s.phase in (BOXING, STAKING):
        before = len(s.won)
        s = game.apply(s, game.legal_moves(s)[0])
        if len(s.won) > before:
            paid_by_round.append(s.won[before:])
    if not paid_by_round:
        return []
    last = paid_by_round[-1]
    players = {p for _, p, _ in last}
    return [(c, p) for c, p, _ in last] if len(players) > 1 else []


@REGISTRY.property(GAME, "one_loser", title="Every beating stage leaves one player with cards, the loser "
                   "(searched: random games whose last two players run out on the same beat)",
                   clauses=["lottery-loser"], method="search", expected=REFUTED,
                   # where the search meets such a game at every point of the space: not with two players
                   # under same_suit_higher or next_leads, and with seventeen (three cards each) 400 random
                   # games can miss it
                   scope=Scope("3 to 9 players, or 2 with beat ≠ same_suit_higher and after_beat = beater_leads",
                               lambda rules, players: 3 <= players <= 9 or players == 2
                               and rules.beat != "same_suit_higher" and rules.after_beat == "beater_leads"))
def one_loser(games, budget: Budget) -> Outcome:
    for g in sorted(games, key=lambda g: g.players):
        for seed in range(400):
            trace, state = walk(g, seed, cap=budget.max_plays)
            if g.is_over(state) and state.loser is None:
                return Outcome(REFUTED, Msg("{n} players, deal seed {seed}: nobody is left with cards", n=g.players,
                                            seed=seed),
                               Counterexample(f"{g.players} players, deal seed {seed}: the last two players run "
                                              f"out together (a beat with the beater's last card), so nobody "
                                              f"pays a penalty", record=g.record(seed, trace.moves)))
        break
    return Outcome(UNKNOWN, Msg("no such game found"), method="search")


# ------------------------------------------------------- rulebook tables

SHOWN = 10

def per_cent(p: Fraction) -> str:
    """A chance in per cent, two decimals (0 only when exactly 0)."""
    return f"{100 * float(p):.2f}" if p else "0"


def odds_table(lang: str = "en"):
    """The chance (per cent) of k prizes won in a deal, exact then simulated (1000 deals, seeds 1-1000)."""
    header = [tr(lang, "players")] + [str(k) for k in range(SHOWN)] + [f"{SHOWN}+", tr(lang, "mean")]
    rows = []
    for n in TABLE_COUNTS:
        for label, dist in ((N_("{n}: exact"), prize_odds(n)),
                            (N_("{n}: sim."), simulate(CardLottery(players=n), SIM_GAMES, 1))):
            rows.append([tr(lang, label).format(n=n)] + odds.chance_cells(dist, range(SHOWN), per_cent, rest_from=SHOWN)
                        + [f"{float(dist.mean):.3f}"])
    return header, rows


def facts_table(lang: str = "en"):
    """Per player count: rounds, undealt cards, the exact chance of no prize at all, the exact mean."""
    header = translated([N_("players"), N_("rounds"), N_("cards left undealt"), N_("no prize"), N_("mean"),
                         N_("mean per player")], lang)
    rows = []
    for n in TABLE_COUNTS:
        ex, rounds = prize_odds(n), len(PACK) // (3 * n)
        none = ex.at(0)
        rows.append([str(n), str(rounds), str(52 - 3 * n * rounds),
                     f"{none} ≈ {float(none):.2e}" if none else "0", f"{float(ex.mean):.4f}",
                     f"{float(ex.mean / n):.4f}"])
    return header, rows


def odds_plot(lang: str = "en"):
    series = [(tr(lang, "{n} players").format(n=n), range(len(d)), d) for n in (2, 3, 4, 6, 8, 17)
              for d in [prize_odds(n).chances[:15]]]
    return chance_plot(series, tr(lang, "prizes won in a deal"), tr(lang, "chance"),
                       tr(lang, "Card Lottery: prizes won in one deal"), markersize=3, ncol=2, xticks=range(0, 15))
