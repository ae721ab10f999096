"""Sixty-One's own properties: deck value, turnover, termination, one loser."""

from __future__ import annotations

import random
from collections import Counter

import z3

from spec.cards import format_cards, make_deck
from spec.games.sixty_one import (
    STANDARD_VALUES, STATED_DECK_VALUE, SixtyOne, card_value, interval_length, least_interval_gain, least_total_after, replay_gap,
)
from verifier.core import HOLDS, REFUTED, REGISTRY, UNKNOWN, Budget, Counterexample, Outcome, Property
from verifier.sampling import Trace, playout, sample
from verifier.z3util import placed, placements, prove

GAME = "sixty_one"


def stated_deck_value(game: SixtyOne) -> int:
    """The rulebook's figure (84) for the source deck and values; else the table's sum."""
    if game.rules.deck == "36" and dict(game.rules.values) == dict(STANDARD_VALUES):
        return STATED_DECK_VALUE
    return sum(card_value(c, game.rules) for c in make_deck(game.rules.deck))


@REGISTRY.property(GAME, "deck_value", title="Hands + stock + pile are worth 84 for any split",
                   clauses=["sixty-one-values"], method="z3")
def deck_value(games, budget: Budget) -> Outcome:
    game = max(games, key=lambda g: g.players)
    deck = game.deck()
    places = [f"hand {i}" for i in range(game.players)] + ["stock", "pile"]
    stated = stated_deck_value(game)
    at: list = []

    def build(s: z3.Solver) -> None:
        at.extend(placements(s, "at", len(deck), len(places)))
        s.add(z3.Sum([x * game.value_of(deck[i]) for i, row in enumerate(at) for x in row]) != stated)

    ans = prove(build, budget.z3_timeout_ms)
    if ans.verdict == HOLDS:
        return Outcome(HOLDS, f"proved for every split of {len(deck)} cards among "
                              f"{game.players} hands, stock and pile (and so for fewer players)")
    if ans.verdict == UNKNOWN:
        return Outcome(UNKNOWN, f"z3: {ans.reason}")
    split = {p: [] for p in places}
    for card, z in zip(deck, placed(ans.model, at)):
        split[places[z]].append(card)
    worth = sum(game.value_of(c) for c in deck)
    deal = {p: format_cards(cs) for p, cs in split.items() if cs}
    text = (f"the places are worth {worth}, not {stated}: "
            + "; ".join(f"{p}: {cs}" for p, cs in deal.items()))
    return Outcome(REFUTED, counterexample=Counterexample(text, deal=deal))


@REGISTRY.property(GAME, "value_conserved", title="During play the value in hands, stock and pile stays "
                   "the deck's value, and the total is the sum of the cards played",
                   clauses=["sixty-one-total", "sixty-one-turnover"], method="hypothesis")
def value_conserved(games, budget: Budget) -> Outcome:
    def check(game, seed):
        worth = stated_deck_value(game)
        carries = game.rules.total_after_turnover == "carries"

        def step(trace, state):
            here = sum(game.value_of(c) for cards in game.zones(state).values() for c in cards)
            if here != worth:
                raise trace.refute(f"the places are worth {here}, not {worth}", state)
            expect = sum(game.value_of(c) for c in trace.moves) if carries else \
                sum(game.value_of(c) for c in state.pile)
            if state.total != expect:
                raise trace.refute(f"the announced total is {state.total}, the cards say {expect}", state)
        playout(game, seed, step, budget.max_plays)
    return sample(games, budget, check)


@REGISTRY.property(GAME, "turnover_as_documented", title="A turnover loses no card and leaves the stock "
                   "in the documented order", clauses=["sixty-one-turnover", "sixty-one-draw"],
                   method="hypothesis")
def turnover_as_documented(games, budget: Budget) -> Outcome:
    def check(game, seed):
        rng, state, trace = random.Random(seed), game.deal(seed), Trace(game, seed)
        rules = game.rules
        while not game.is_over(state) and len(trace.moves) < budget.max_plays:
            move = rng.choice(game.legal_moves(state))
            before = state
            trace.moves.append(move)
            state = game.apply(state, move)
            if state.turnovers == before.turnovers or game.is_over(state):
                continue
            played = before.pile + (move,)
            keep = played[-1:] if rules.turnover_timing == "keep_last" else ()
            moving = played[:-1] if keep else played
            need = rules.hand_size - len(before.hands[before.to_move]) + 1
            new_cards = state.stock
            if state.pile != keep:
                raise trace.refute(f"after the turnover the pile is {format_cards(state.pile) or 'empty'}, "
                                   f"expected {format_cards(keep) or 'empty'}", state)
            if rules.turnover_order == "shuffle":
                drawn = Counter(state.hands[before.to_move]) - (Counter(before.hands[before.to_move]) - Counter([move]))
                if Counter(new_cards) + drawn != Counter(moving):
                    raise trace.refute("the shuffled stock is not the old pile", state)
                continue
            expected = moving if rules.turnover_order == "flip" else moving[::-1]
            took = expected[:need]
            if new_cards != expected[need:] or Counter(took) - Counter(state.hands[before.to_move]):
                raise trace.refute(f"expected the {rules.turnover_order} order {format_cards(expected)} "
                                   f"(drawing {format_cards(took)}), got stock {format_cards(new_cards)}", state)
    return sample(games, budget, check)


@REGISTRY.property(GAME, "one_loser", title="When a game ends exactly one player has lost: the one "
                   "whose card reached the losing total", clauses=["sixty-one-lose"], method="hypothesis")
def one_loser(games, budget: Budget) -> Outcome:
    def check(game, seed):
        movers = []
        trace, state = playout(game, seed, lambda t, s: movers.append(game.to_move(s)), budget.max_plays)
        if not game.is_over(state):
            return
        out = game.outcome(state)
        last = movers[-2]  # the mover before the final (over) state
        if len(out.losers) != 1:
            raise trace.refute(f"{len(out.losers)} players lost", state)
        if out.losers[0] != last or state.total < game.rules.losing_total:
            raise trace.refute(f"P{out.losers[0]} lost, but P{last} played the last card "
                               f"(total {state.total})", state)
    return sample(games, budget, check)


@REGISTRY.property(GAME, "replay_gap", title="Under flip order a card is never played again within "
                   "36 - 3n + n plays (the premise of the queue argument)",
                   clauses=["sixty-one-turnover", "sixty-one-draw"], method="hypothesis")
def replay_gap_respected(games, budget: Budget) -> Outcome:
    def check(game, seed):
        rules = game.rules
        if rules.turnover_order != "flip" or rules.turnover_timing != "at_draw":
            return  # the premise is only claimed for flip order with at_draw timing
        gap = replay_gap(rules, game.players)
        last: dict = {}

        def step(trace, state):
            if trace.moves:
                card, t = trace.moves[-1], len(trace.moves)
                if card in last and t - last[card] < gap:
                    raise trace.refute(f"{format_cards([card])} was played at plays {last[card]} and {t}, "
                                       f"less than {gap} apart", state)
                last[card] = t
        playout(game, seed, step, budget.max_plays)
    return sample(games, budget, check)


# ------------------------------------------------------------- termination

def _prove_interval(game: SixtyOne, budget: Budget) -> tuple[str, int | None, str]:
    """z3: no ``interval_length`` distinct cards sum below the least gain (>0)."""
    rules, n = game.rules, game.players
    gain = least_interval_gain(rules, n)
    if gain <= 0:
        return UNKNOWN, None, ""
    deck, k = game.deck(), interval_length(rules, n)
    pick = [z3.Int(f"pick_{i}") for i in range(len(deck))]

    def build(s):
        s.add(*[z3.Or(x == 0, x == 1) for x in pick], z3.Sum(pick) == k)  # any k distinct cards
        s.add(z3.Sum([x * game.value_of(c) for x, c in zip(pick, deck)]) < gain)
    verdict = prove(build, budget.z3_timeout_ms).verdict
    bound = max(1, -(-rules.losing_total // gain)) * k
    return verdict, bound, (f"interval argument: z3 proves any {k} distinct cards are worth at least {gain}, "
                            f"so each interval between turnovers adds at least {gain}: at most {bound} plays")


def _prove_queue(game: SixtyOne, budget: Budget) -> tuple[str, int | None, str]:
    """z3: ``T`` plays, no card more than ``ceil(T / gap)`` times, always total the losing total."""
    rules, n = game.rules, game.players
    if rules.turnover_order != "flip":
        return UNKNOWN, None, ""
    deck, gap = game.deck(), replay_gap(rules, n)
    if sum(sorted(game.value_of(c) for c in deck)[:gap]) <= 0:
        return UNKNOWN, None, ""
    plays = 1
    while least_total_after(rules, n, plays) < rules.losing_total:
        plays += 1
    most = -(-plays // gap)
    count = [z3.Int(f"count_{i}") for i in range(len(deck))]

    def build(s):
        s.add(*[z3.And(x >= 0, x <= most) for x in count], z3.Sum(count) == plays)
        s.add(z3.Sum([x * game.value_of(c) for x, c in zip(count, deck)]) < rules.losing_total)
    verdict = prove(build, budget.z3_timeout_ms).verdict
    return verdict, plays, (f"queue argument: a card comes back at most once every {gap} plays, and z3 proves "
                            f"that {plays} plays with no card more than {most} times reach "
                            f"{rules.losing_total}: at most {plays} plays")


def find_cycle(game: SixtyOne, deals: int, cap: int = 3_000, extra: int = 20):
    """Look for a position that repeats with the total not higher.

    Plays the lowest-valued card each turn (ties: the first in move order)
    from seeded deals, hashing every position (hands, stock, pile, player to
    move). Keeps looking ``extra`` deals past the first witness and returns
    the shortest ``(seed, prefix_moves, cycle_moves, change)``, or ``None``.
    """
    best = None
    for seed in range(deals):
        if best is not None and seed > best[0] + extra:
            break
        state = game.deal(seed)
        seen: dict = {}
        moves = []
        while not game.is_over(state) and len(moves) < cap:
            key = (state.hands, state.stock, state.pile, state.to_move)
            if key in seen:
                at, total = seen[key]
                if state.total <= total:
                    found = (seed, moves[:at], moves[at:], state.total - total)
                    if best is None or len(moves) < len(best[1]) + len(best[2]):
                        best = found
                break
            seen[key] = (len(moves), state.total)
            move = min(game.legal_moves(state), key=game.value_of)
            moves.append(move)
            state = game.apply(state, move)
    return best


def repeated_block(cards) -> str:
    """Cards in notation, a repeated block written once with its count: ``(A♠ 10♦) × 3``."""
    n = len(cards)
    for p in range(1, n // 2 + 1):
        if n % p == 0 and list(cards[:p]) * (n // p) == list(cards):
            return f"({format_cards(cards[:p])}) × {n // p}"
    return format_cards(cards)


def _terminates(n: int):
    def check(games, budget: Budget) -> Outcome:
        game = next(g for g in games if g.players == n)
        rules = game.rules
        if rules.turnover_timing == "at_draw" and rules.total_after_turnover == "carries":
            proofs = [_prove_interval(game, budget), _prove_queue(game, budget)]
            proved = [(bound, text) for verdict, bound, text in proofs if verdict == HOLDS]
            if proved:
                bound, _ = min(proved)
                claimed = game.max_plays()
                if claimed is None or claimed < bound:
                    why = "declares no bound" if claimed is None else f"claims {claimed} plays"
                    return Outcome(UNKNOWN, f"proved {bound} plays, but the game {why}", method="z3")
                return Outcome(HOLDS, "; ".join(text for _, text in proved), method="z3")
        # no proof (or a proof timed out): only a witness can settle it now, never a pass
        found = find_cycle(game, deals=max(50, budget.examples))
        if found is None:
            return Outcome(UNKNOWN, f"no proof, and no repeating position found from "
                                    f"{max(50, budget.examples)} deals", method="search")
        seed, prefix, cycle, change = found
        record = game.record(seed, list(prefix) + list(cycle))
        start = game.replay(seed, prefix)
        text = (f"{n} players, deal seed {seed}: after {len(prefix)} plays the position "
                f"(total {start.total}) comes back after {len(cycle)} more plays with the total changed by "
                f"{change}; the cycle repeats for ever below {rules.losing_total}.\n"
                f"start: {game.describe(start)}\ncycle: {repeated_block(cycle)}")
        return Outcome(REFUTED, f"cycle of {len(cycle)} plays after {len(prefix)}",
                       counterexample=Counterexample(text, record=record), method="search")
    return check


for _n in range(2, 13):
    REGISTRY.add(Property(
        GAME, f"terminates_{_n}p", f"With {_n} players every game ends",
        ("sixty-one-turnover", "sixty-one-lose"), "z3" if _n <= 5 else "search",
        HOLDS if _n <= 5 else REFUTED, _terminates(_n),
        applies=lambda games, n=_n: any(g.players == n for g in games)))
