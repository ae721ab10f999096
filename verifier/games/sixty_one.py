"""Sixty-One's own properties: deck value, turnover, termination, one loser."""

from __future__ import annotations

import random
from collections import Counter

import z3

from spec.cards import format_cards, make_deck, shuffled, sort_key
from spec.games.sixty_one import (
    STANDARD_VALUES, STATED_DECK_VALUE, SixtyOne, card_value, hands_stay_full, interval_bound, interval_length,
    least_interval_gain, queue_bound, replay_gap,
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


@REGISTRY.property(GAME, "deal_as_documented", title="The deal: a dealer by lot, three cards each dealt "
                   "one at a time clockwise from the dealer's left, the rest face down as the stock; the "
                   "dealer's left-hand neighbour plays first",
                   clauses=["sixty-one-players", "sixty-one-deal", "sixty-one-first-lead"], method="hypothesis")
def deal_as_documented(games, budget: Budget) -> Outcome:
    def check(game, seed):
        # rebuild the deal from the seed independently of deal(): same lot, same shuffle
        rng, n, k = random.Random(seed), game.players, game.rules.hand_size
        dealer = rng.randrange(n)
        cards = shuffled(game.deck(), rng)
        state, trace = game.deal(seed), Trace(game, seed)
        for i in range(n):
            seat = (dealer + 1 + i) % n  # one card at a time, from the dealer's left
            want = sorted(cards[i::n][:k], key=sort_key)
            if list(state.hands[seat]) != want:
                raise trace.refute(f"P{seat} (dealer P{dealer}) holds {format_cards(state.hands[seat])}, "
                                   f"but dealing one at a time from the dealer's left gives {format_cards(want)}",
                                   state)
        if state.stock != tuple(cards[n * k:]) or state.pile or state.total:
            raise trace.refute("the undealt cards are not the stock, or the game starts with a pile or a total",
                               state)
        if state.to_move != (dealer + 1) % n:
            raise trace.refute(f"P{state.to_move} plays first; the dealer is P{dealer}, so P{(dealer + 1) % n} "
                               f"should", state)
    return sample(games, budget, check)


@REGISTRY.property(GAME, "turns_as_documented", title="On a turn the player may lay any card of their hand "
                   "and no other; play then passes to the left",
                   clauses=["sixty-one-play", "sixty-one-clockwise"], method="hypothesis")
def turns_as_documented(games, budget: Budget) -> Outcome:
    def check(game, seed):
        deck = sorted(set(game.deck()), key=sort_key)
        last = []  # the seat that made the previous play

        def step(trace, state):
            if game.is_over(state):
                return
            p = game.to_move(state)
            held = set(state.hands[p])
            if set(game.legal_moves(state)) != held:
                raise trace.refute(f"P{p} holds {format_cards(state.hands[p])} but may play "
                                   f"{format_cards(game.legal_moves(state))}", state)
            wrong = [c for c in deck if (c in held) != game.can_move(state, c)]
            if wrong:
                raise trace.refute(f"P{p} holds {format_cards(state.hands[p])}; {format_cards(wrong[:1])} is "
                                   f"{'refused' if wrong[0] in held else 'accepted'}", state)
            if last and p != (last[-1] + 1) % game.players:
                raise trace.refute(f"P{p} is to move after P{last[-1]}; play passes left", state)
            last.append(p)
        playout(game, seed, step, budget.max_plays)
    return sample(games, budget, check)


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
                   "whose card reached the losing total, and who pays one point to each other player",
                   clauses=["sixty-one-lose", "sixty-one-stakes"], method="hypothesis")
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
        n = game.players
        want = tuple(-(n - 1) if p == last else 1 for p in range(n))
        if tuple(out.returns) != want:
            raise trace.refute(f"returns {' '.join(map(str, out.returns))}; the loser P{last} should pay "
                               f"one point to each of the {n - 1} others", state)
    return sample(games, budget, check)


@REGISTRY.property(GAME, "replay_gap", title="Under flip order a card is never played again within "
                   "36 - 3n + n plays (the premise of the queue argument)",
                   clauses=["sixty-one-turnover", "sixty-one-draw"], method="hypothesis")
def replay_gap_respected(games, budget: Budget) -> Outcome:
    def check(game, seed):
        rules = game.rules
        if rules.turnover_order != "flip" or not hands_stay_full(rules, game.players):
            return  # the premise is only claimed for flip order with hands refilled at every draw
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
    bound = interval_bound(rules, n)
    if bound is None:
        return UNKNOWN, None, ""
    gain, deck, k = least_interval_gain(rules, n), game.deck(), interval_length(rules, n)
    pick = [z3.Int(f"pick_{i}") for i in range(len(deck))]

    def build(s):
        s.add(*[z3.Or(x == 0, x == 1) for x in pick], z3.Sum(pick) == k)  # any k distinct cards
        s.add(z3.Sum([x * game.value_of(c) for x, c in zip(pick, deck)]) < gain)
    verdict = prove(build, budget.z3_timeout_ms).verdict
    return verdict, bound, (f"interval argument: z3 proves any {k} distinct cards are worth at least {gain}, "
                            f"so each interval between turnovers adds at least {gain}: at most {bound} plays")


def _prove_queue(game: SixtyOne, budget: Budget) -> tuple[str, int | None, str]:
    """z3: ``T`` plays, no card more than ``ceil(T / gap)`` times, always total the losing total."""
    rules, n = game.rules, game.players
    plays = queue_bound(rules, n)
    if plays is None:
        return UNKNOWN, None, ""
    deck, gap = game.deck(), replay_gap(rules, n)
    most = -(-plays // gap)
    count = [z3.Int(f"count_{i}") for i in range(len(deck))]

    def build(s):
        s.add(*[z3.And(x >= 0, x <= most) for x in count], z3.Sum(count) == plays)
        s.add(z3.Sum([x * game.value_of(c) for x, c in zip(count, deck)]) < rules.losing_total)
    verdict = prove(build, budget.z3_timeout_ms).verdict
    return verdict, plays, (f"queue argument ({rules.turnover_order} order): a card comes back at most once "
                            f"every {gap} plays, and z3 proves that {plays} plays with no card more than "
                            f"{most} times reach {rules.losing_total}: at most {plays} plays")


def cycle_policies(game: SixtyOne, count: int = 6):
    """Deterministic play policies for the witness search, each a function of
    the position only, so a game played by one either ends or repeats.

    ``lowest``: the lowest-valued card (ties: the first in move order). The
    ``noisy`` ones add a fixed per-card jitter to the value, which changes
    which of several low cards is kept back.
    """
    yield "lowest", lambda state, moves: min(moves, key=game.value_of)
    deck = sorted(set(game.deck()), key=sort_key)
    for k in range(count):
        rng = random.Random(k)
        amp = (0.5, 3, 7)[k % 3]
        jitter = {c: rng.random() * amp for c in deck}
        yield f"noisy{k}", lambda state, moves, j=jitter: min(moves, key=lambda c: game.value_of(c) + j[c])


def shuffles_afresh(game: SixtyOne) -> bool:
    """Does every turnover shuffle two or more cards? (``shuffle`` order, unless
    at most one card is outside the hands, as with 12 players.)"""
    outside = len(game.deck()) - game.rules.hand_size * game.players
    moving = outside + 1 if game.rules.turnover_timing == "at_draw" else outside
    return game.rules.turnover_order == "shuffle" and moving >= 2


def _nontrivial_shuffle(game: SixtyOne, before, after) -> bool:
    """Did this play shuffle two or more cards? Such a shuffle is not repeated by a
    repeated position: the next one is drawn afresh (seeded by the turnover number)."""
    return (game.rules.turnover_order == "shuffle" and after.turnovers > before.turnovers
            and len(after.stock) + 1 >= 2)


def find_cycle(game: SixtyOne, deals: int, cap: int = 3_000, extra: int = 20, policies: int = 6):
    """Look for a position that repeats with the total not higher.

    Plays seeded deals under each of :func:`cycle_policies` in turn,
    hashing every position (hands, stock, pile, player to move). A repeat
    with the total not higher is a cycle that can be played for ever --
    unless a shuffle of two or more cards happened inside it (a later
    shuffle need not come out the same), which is not accepted. Under a
    policy, keeps looking ``extra`` deals past the first witness; returns
    the shortest ``(seed, prefix_moves, cycle_moves, change, policy)`` of the
    first policy that finds one, or ``None``.
    """
    for name, policy in cycle_policies(game, policies):
        best = None
        for seed in range(deals):
            if best is not None and seed > best[0] + extra:
                break
            state = game.deal(seed)
            seen: dict = {}
            moves, shuffled_at = [], []
            while not game.is_over(state) and len(moves) < cap:
                key = (state.hands, state.stock, state.pile, state.to_move)
                if key in seen:
                    at, total = seen[key]
                    if state.total <= total and not any(shuffled_at[at:]):
                        found = (seed, moves[:at], moves[at:], state.total - total, name)
                        if best is None or len(moves) < len(best[1]) + len(best[2]):
                            best = found
                    break
                seen[key] = (len(moves), state.total)
                move = policy(state, game.legal_moves(state))
                after = game.apply(state, move)
                moves.append(move)
                shuffled_at.append(_nontrivial_shuffle(game, state, after))
                state = after
        if best is not None:
            return best
    return None


def repeated_block(cards) -> str:
    """Cards in notation, a repeated block written once with its count: ``(A♠ 10♦) × 3``."""
    n = len(cards)
    for p in range(1, n // 2 + 1):
        if n % p == 0 and list(cards[:p]) * (n // p) == list(cards):
            return f"({format_cards(cards[:p])}) × {n // p}"
    return format_cards(cards)


def termination(game: SixtyOne, budget: Budget) -> Outcome:
    """Does every game with ``game.players`` players end? z3 proves a bound where
    an argument applies (:func:`~spec.games.sixty_one.play_bound`); otherwise a
    witness search may find an endless game, and finding none is ``unknown``."""
    n, rules = game.players, game.rules
    proofs = [_prove_interval(game, budget), _prove_queue(game, budget)]
    proved = [(bound, text) for verdict, bound, text in proofs if verdict == HOLDS]
    if proved:
        bound = min(b for b, _ in proved)
        claimed = game.max_plays()
        if claimed is None or claimed < bound:
            why = "declares no bound" if claimed is None else f"claims {claimed} plays"
            return Outcome(UNKNOWN, f"proved {bound} plays, but the game {why}", method="z3")
        return Outcome(HOLDS, "; ".join(text for _, text in proved), method="z3")
    # no proof (or a proof timed out): only a witness can settle it now, never a pass
    if shuffles_afresh(game):
        return Outcome(UNKNOWN, "no proof; and no witness can be replayed: every turnover shuffles two or more "
                                "cards afresh, so a repeated position does not repeat its future (an endless "
                                "game needs the same shuffles for ever)", method="search")
    deals = max(200, budget.examples)
    found = find_cycle(game, deals=deals)
    if found is None:
        return Outcome(UNKNOWN, f"no proof, and no repeating position found from {deals} deals under "
                                f"{len(list(cycle_policies(game)))} play policies", method="search")
    seed, prefix, cycle, change, policy = found
    record = game.record(seed, list(prefix) + list(cycle))
    start = game.replay(seed, prefix)
    text = (f"{n} players, {rules.turnover_order} order, {rules.turnover_timing}, deal seed {seed}, each player "
            f"laying the card the '{policy}' policy picks: after {len(prefix)} plays the position "
            f"(total {start.total}) comes back after {len(cycle)} more plays with the total changed by "
            f"{change}; the cycle repeats for ever below {rules.losing_total}.\n"
            f"start: {game.describe(start)}\ncycle: {repeated_block(cycle)}")
    return Outcome(REFUTED, f"cycle of {len(cycle)} plays after {len(prefix)} ({policy} policy)",
                   counterexample=Counterexample(text, record=record), method="search")


def _terminates(n: int):
    def check(games, budget: Budget) -> Outcome:
        return termination(next(g for g in games if g.players == n), budget)
    return check


for _n in range(2, 13):
    REGISTRY.add(Property(
        GAME, f"terminates_{_n}p", f"With {_n} players every game ends",
        ("sixty-one-turnover", "sixty-one-lose"), "z3" if _n <= 5 else "search",
        HOLDS if _n <= 5 else REFUTED, _terminates(_n),
        applies=lambda games, n=_n: any(g.players == n for g in games)))


# ------------------------------------------------ the rulebook's summary table

#: Rows of the rulebook's termination table: (label, rules overrides).
TERMINATION_ROWS = (
    ("at_draw, flip (default)", {}),
    ("at_draw, reverse", {"turnover_order": "reverse"}),
    ("at_draw, shuffle", {"turnover_order": "shuffle"}),
    ("keep_last, flip", {"turnover_timing": "keep_last"}),
    ("keep_last, reverse", {"turnover_timing": "keep_last", "turnover_order": "reverse"}),
    ("keep_last, shuffle", {"turnover_timing": "keep_last", "turnover_order": "shuffle"}),
    ("preset forty_one", {"losing_total": 41, "turnover_order": "reverse"}),
    ("preset literal_total", {"total_after_turnover": "resets"}),
)


def termination_cell(outcome: Outcome) -> str:
    """``≤N``: z3 proves every game ends within N plays; ``∞``: a replayable endless
    cycle was found; ``?``: neither."""
    if outcome.verdict == HOLDS:
        return "≤" + outcome.detail.rsplit("at most ", 1)[1].split()[0]
    return "∞" if outcome.verdict == REFUTED else "?"


def termination_table(budget: Budget) -> list[tuple[str, list[str]]]:
    """Each row of :data:`TERMINATION_ROWS` with one cell per player count 2-12."""
    from spec.rules import make_rules
    rows = []
    for label, overrides in TERMINATION_ROWS:
        rules = make_rules(SixtyOne.Rules, overrides)
        rows.append((label, [termination_cell(termination(SixtyOne(rules, players=n), budget))
                             for n in range(2, 13)]))
    return rows


def termination_table_rst(budget: Budget) -> str:
    """The table as it appears on the game page (``python -m verifier.games.sixty_one``)."""
    widths = [24] + [5] * 11
    rule = "  ".join("=" * w for w in widths)
    head = "  ".join(f"{h:<{w}}" for h, w in zip(["rules"] + [str(n) for n in range(2, 13)], widths)).rstrip()
    lines = [rule, head, rule]
    for label, cells in termination_table(budget):
        lines.append("  ".join(f"{h:<{w}}" for h, w in zip([label] + cells, widths)).rstrip())
    lines.append(rule)
    return "\n".join(lines)


if __name__ == "__main__":
    print(termination_table_rst(Budget()))
