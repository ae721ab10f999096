"""Kemps: the properties the verifier checks.

The calls are settled exhaustively: every caller, every single and double
call, every combination of right and wrong suspects and every score the
two partnerships can hold before it, played through the game's own moves
(``call_outcome``). Random play checks the rest, with play policies besides
uniform play: *collecting* (keep the commonest rank, make the gesture with
four of a kind, call a partner who has made it), *passing* (redeals come
often), *never calling*, and *stalling* (under the house limit, a wrong call
at the last quiet turn: the longest games).
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from itertools import product

import spec.games.kemps as rules_module
from spec.cards import SUIT_ORDER, Card, Rank
from spec.dealing import rng_for
from spec.games.kemps import (
    CALLS, DECK, HAND, OPEN, PASS, SIGNAL, TARGET, WORD, DoubleKemps, Kemps, KempsGame, Pass, Signal, State,
    Swap, first_player, four_of_a_kind, hand_key, partner, partnership,
)
from spec.i18n import Msg
from verifier.api import Root, evidence, explore, invariant, small_configs, steered, variants_of, walk
from verifier.core import HOLDS, REFUTED, REGISTRY, UNKNOWN, Budget, Counterexample, Outcome, Scope
from verifier.sampling import sample

GAME = "kemps"
TEAMS = ("P0/P2", "P1/P3")


# ------------------------------------------------------------- play policies

def collecting(state, moves, rng):
    """Make the gesture with four of a kind, call a partner who has made it, else swap towards the
    commonest rank in hand (passing when no swap helps)."""
    p = state.to_move
    if SIGNAL in moves:
        return SIGNAL
    mate = partner(p)
    call = next((m for m in moves if isinstance(m, Kemps) and m.suspect == mate), None)
    if state.signals[mate] and call is not None:
        return call
    counts = Counter(c.rank for c in state.hands[p])
    best, score = [], max(counts.values())
    for m in moves:
        if isinstance(m, Swap):
            after = counts.copy()
            after[m.give.rank] -= 1
            after[m.take.rank] += 1
            s = max(after.values())
            if s > score:
                best, score = [m], s
            elif s == score and best:
                best.append(m)
    return rng.choice(best) if best else PASS


def passing(state, moves, rng):
    """Pass more often than not: redeals come often."""
    return PASS if rng.random() < 0.6 else rng.choice(moves)


def stalling(limit: int):
    """Play out the house limit: swap until the last quiet turn, then make a (usually wrong) single call that
    keeps both scores below 5, so the game lasts as long as the stock allows."""
    def policy(state, moves, rng):
        if state.quiet == limit - 1:
            calls = [m for m in moves if isinstance(m, Kemps) and state.scores[m.suspect % 2] < TARGET - 1
                     and state.scores[state.to_move % 2] < TARGET - 1]
            if calls:
                return rng.choice(calls)
        swaps = [m for m in moves if isinstance(m, Swap)]
        return rng.choice(swaps or list(moves))
    return policy


def never_calling(state, moves, rng):
    """Swap or pass at random, and never call."""
    quiet = [m for m in moves if isinstance(m, (Swap, Pass))]
    return rng.choice(quiet)


# ------------------------------------------------------ small configurations

#: cards left in the stock of a small configuration: too few for any new hand
SMALL_STOCK = 3
#: quiet turns a small configuration leaves before the house limit (``stall_limit``) deals again
SMALL_QUIET = 12
#: (the player who swaps, the player to move, his hand, the open cards, the scores); the three others
#: hold four kings, queens or jacks and have made the gesture
SMALL_SHAPES = (
    (1, 1, "2♠ 2♥ 2♦ 3♠", "2♣ 3♥ 4♠ 5♠", (0, 0)),     # he can collect the 2s and make the gesture
    (2, 3, "3♦ 3♣ 4♥ 5♥", "3♥ 4♦ 3♠ 6♣", (4, 3)),     # a call can spell the word, a double one overshoot
)


@small_configs(GAME)
def small(game):
    """Under ``stock_out = "end"``: three players keep four of a kind after their gesture and the fourth
    swaps with the open cards (he can collect four of a kind and make the gesture too); every call and
    pass is open to everyone. The stock holds :data:`SMALL_STOCK` cards, too few for any new hand, and
    the rest of the deck is put aside, so every call that does not spell the word and every redeal ends
    the game: the positions are finite and explored completely. With a house limit,
    :data:`SMALL_QUIET` quiet turns are left before it deals again.

    Under ``"reshuffle"`` there is none: four passes are always allowed, and they bring four new hands
    (the cards put aside come back under the stock), with which all four players swap again; from any
    position the game reaches the whole space of card positions, and counts its reshuffles without
    end. No position small enough to explore exists there, nor under ``swap_after_gesture = true``, where the
    players who have made the gesture swap too."""
    if game.rules.stock_out != "end" or game.rules.swap_after_gesture:
        return []
    limit = game.rules.stall_limit
    roots = []
    for free, to_move, hand, table, scores in SMALL_SHAPES:
        fours = dict(zip((p for p in range(4) if p != free), (Rank.KING, Rank.QUEEN, Rank.JACK)))
        hands = [hand if p == free else [Card(fours[p], x) for x in SUIT_ORDER] for p in range(4)]
        rest = game.position(hands, table).stock  # the cards no hand and no open card holds, in deck order
        state = game.position(hands, table, stock=rest[:SMALL_STOCK], discards=rest[SMALL_STOCK:], to_move=to_move,
                              scores=scores, signals=[p != free for p in range(4)],
                              quiet=max(0, limit - SMALL_QUIET) if limit else 0, seed=7)
        roots.append(Root(state, f"P{free} swaps with {table}, holding {hand}; the others keep four of a kind; "
                                 f"scores {scores[0]}-{scores[1]}; a {SMALL_STOCK}-card stock"))
    return roots


# --------------------------------------------------------------- invariants

#: where a score cannot pass the word: a double Kemps at four letters stops at five
CAPPED = Scope("overflow = cap", lambda rules, players: rules.overflow == "cap")


@invariant(KempsGame, "score_in_range", title="Each partnership's score stays in 0..5, and the game ends exactly "
           "when one reaches 5 (or the stock runs out under stock_out = 'end'), that partnership winning",
           clauses=["kemps-cap", "kemps-win"], presets=True, scope=CAPPED)
def score_in_range(game, state):
    for team, s in enumerate(state.scores):
        if not 0 <= s <= TARGET:
            return f"partnership {TEAMS[team]} has {s} points, outside 0..{TARGET}"
    reached = [t for t in (0, 1) if state.scores[t] >= TARGET]
    if game.is_over(state) != (bool(reached) or state.ended):
        return f"scores {state.scores[0]}-{state.scores[1]}, game over: {game.is_over(state)}"
    if reached:
        out = game.outcome(state)
        want = tuple(p for p in range(4) if partnership(p) == reached[0])
        if out.winners != want:
            return f"{TEAMS[reached[0]]} spelt {WORD}, but the winners are {out.winners}"
    return None


@invariant(KempsGame, "cards_in_place", title="Four cards in every hand and four open cards at every step; the "
           "deal gives 4 cards each, 4 open and a 32-card stock, and the player on the dealer's left starts",
           clauses=["kemps-deal", "kemps-first", "kemps-new-hand"], presets=True)
def cards_in_place(game, state):
    sizes = [len(h) for h in state.hands]
    if sizes != [HAND] * 4 or len(state.table) != OPEN:
        return f"hands of {sizes} cards and {len(state.table)} open cards, not 4 each and 4"
    if state == game.deal(state.seed):
        if len(state.stock) != len(DECK) - 4 * HAND - OPEN or state.discards:
            return f"the deal leaves {len(state.stock)} cards in the stock"
        if state.to_move != first_player() or first_player() != 1:
            return f"P{state.to_move} starts; the dealer is P0, so P1 (on his left) does"
    return None


# ------------------------------------------------------ moves do what they say

def step_error(game, before, move, after) -> str | None:
    """What is wrong with ``after``, the state after ``move`` from ``before`` (None if nothing)."""
    p = before.to_move
    if isinstance(move, Signal):
        return None if after.to_move == p else f"after P{p}'s gesture P{after.to_move} moves; the gesture takes no turn"
    if game.is_over(after):
        return None
    if after.to_move != (p + 1) % 4:
        return f"P{after.to_move} moves after P{p}; P{(p + 1) % 4} (clockwise) is next"
    redealt = after.last[:1] == ("redeal",)
    if isinstance(move, Pass):
        msg = _pass_error(game, before, redealt)
        if msg:
            return msg
    if redealt:
        return _redeal_error(before, move, after)
    if isinstance(move, Swap):
        return _swap_error(before, move, after)
    if isinstance(move, Pass) and (after.hands != before.hands or after.table != before.table):
        return "a pass moved cards"
    return None


def _pass_error(game, before, redealt: bool) -> str | None:
    """A pass deals every hand again exactly at the fourth pass in a row (or at the house limit)."""
    want = before.passes + 1
    limit = game.rules.stall_limit
    if redealt != (want >= 4 or (limit > 0 and before.quiet + 1 >= limit)):
        return (f"{want} passes in a row ({before.quiet + 1} quiet turns): "
                + ("the hands are dealt again too early" if redealt else "no redeal"))
    return None


def _redeal_error(before, move, after) -> str | None:
    """A redeal throws every hand in (after the swap, if the move was one) and leaves the open cards."""
    p = before.to_move
    held = [set(h) for h in before.hands]
    table = before.table
    if isinstance(move, Swap):  # the swap is made, then the hands are thrown in
        held[p] = held[p] - {move.give} | {move.take}
        table = tuple(move.give if c == move.take else c for c in table)
    if after.table != table:
        return "a redeal changed the open cards"
    old = set().union(*held)
    if any(c in old for h in after.hands for c in h):
        return "after the redeal a player still holds a card of the hands thrown in"
    if not old <= set(after.discards):
        return "the hands thrown in are not put aside"
    return None


def _swap_error(before, move, after) -> str | None:
    """A swap trades the open card taken for the card given, in its place, and touches no other hand."""
    p = before.to_move
    i = before.table.index(move.take)
    if after.table != before.table[:i] + (move.give,) + before.table[i + 1:]:
        return f"after taking {move.take} for {move.give} the open cards are {' '.join(map(str, after.table))}"
    want = sorted([c for c in before.hands[p] if c != move.give] + [move.take], key=str)
    if sorted(after.hands[p], key=str) != want:
        return f"after taking {move.take} for {move.give} P{p} holds {' '.join(map(str, after.hands[p]))}"
    if any(after.hands[q] != before.hands[q] for q in range(4) if q != p):
        return "a swap changed another player's hand"
    return None


@REGISTRY.property(GAME, "moves_as_stated", title="A swap trades one open card for one of the mover's, in its "
                   "place; a pass moves nothing; four passes in a row deal every hand again (the open cards "
                   "stay); turns go clockwise from the dealer's left, a gesture takes no turn",
                   method="hypothesis", clauses=["kemps-swap-table", "kemps-swap-hand", "kemps-pass", "kemps-redeal",
                                                 "kemps-turn", "kemps-stall"])
def moves_as_stated(games, budget: Budget) -> Outcome:
    """Run under the given rules and, for the default rules, under every preset."""
    out = None
    for name, objs in variants_of(games):
        out = _moves_as_stated(objs, budget)
        if out.verdict != HOLDS:
            return out
    detail = Msg("{detail}, under the given rules and every preset", detail=out.detail) \
        if len(variants_of(games)) > 1 else Msg("{detail}, under the given rules", detail=out.detail)
    return Outcome(HOLDS, detail, examples=out.examples, seed=budget.seed)


def _moves_as_stated(games, budget: Budget) -> Outcome:
    def check(game, seed):
        for policy in (None, passing, collecting):
            prev = []

            def step(trace, state):
                if prev:
                    msg = step_error(game, prev[-1], trace.moves[-1], state)
                    if msg:
                        raise trace.refute(msg, state)
                prev.append(state)
            walk(game, seed, step, min(budget.max_plays, 400), policy=policy)
    return sample(games, budget, check)


# ----------------------------------------------------------------- the calls

def call_position(game, caller: int, fours: dict[int, bool], scores: tuple[int, int], stock_left: int) -> State:
    """A position with P``caller`` to move: each seat in ``fours`` holds four of a kind or not, as given.

    Seat ``s`` holds the four cards of rank 2+s, or three cards of rank 7+s and the queen of suit ``s``;
    the 7..10 of clubs are open; ``stock_left`` cards form the stock, the rest of the deck is put aside.
    """
    hands = [[Card(Rank(2 + s), x) for x in SUIT_ORDER] if fours.get(s, False)
             else [Card(Rank(7 + s), x) for x in SUIT_ORDER[:3]] + [Card(Rank.QUEEN, SUIT_ORDER[s])]
             for s in range(4)]
    table = [Card(Rank(7 + s), SUIT_ORDER[3]) for s in range(4)]
    rest = list(game.position(hands, table).stock)  # the cards no hand and no open card holds
    rng_for(99).shuffle(rest)
    return game.position(hands, table, stock=rest[:stock_left], discards=rest[stock_left:], to_move=caller,
                         scores=scores, seed=99)


def stated_award(rules, caller: int, suspects: tuple[int, ...], right: bool) -> tuple[int, int]:
    """The source's scoring, restated independently of the rules module: (partnership, points)."""
    if right:
        return caller % 2, len(suspects)
    if len(suspects) == 1:
        return (suspects[0] % 2, 1) if rules.wrong_call_to == "suspect" else ((caller + 1) % 2, 1)
    return (caller + 1) % 2, 2


def call_situations(game):
    """Every call situation: caller, call, which suspects hold four of a kind, scores before, stock size."""
    for caller in range(4):
        for call in CALLS[caller]:
            suspects = (call.suspect,) if isinstance(call, Kemps) else (call.first, call.second)
            for truth in product((False, True), repeat=len(suspects)):
                fours = dict(zip(suspects, truth))
                for scores in product(range(TARGET), repeat=2):
                    for stock_left in (32, len(suspects) * HAND - 1):
                        yield caller, call, suspects, all(truth), call_position(game, caller, fours, scores, stock_left)


def call_error(game, caller, call, suspects, right, before, after) -> str | None:
    team, points = stated_award(game.rules, caller, suspects, right)
    want = list(before.scores)
    want[team] += points
    if game.rules.overflow == "cap":
        want[team] = min(want[team], TARGET)
    if list(after.scores) != want:
        return (f"scores {before.scores[0]}-{before.scores[1]}, the call is {'right' if right else 'wrong'}: "
                f"{TEAMS[team]} should get {points}, making {want[0]}-{want[1]}, "
                f"but the game makes {after.scores[0]}-{after.scores[1]}")
    if game.is_over(after) or after.ended:
        return None
    for q in range(4):
        if q in suspects:
            if set(after.hands[q]) & set(before.hands[q]):
                return f"P{q}, a suspect, keeps cards he held before the call"
            if not set(before.hands[q]) <= set(after.discards):
                return f"P{q}'s old cards are not put aside"
        elif after.hands[q] != before.hands[q]:
            return f"P{q} was not named, but his hand changed"
    if after.table != before.table:
        return "the open cards changed on a call"
    if after.to_move != (caller + 1) % 4:
        return f"P{after.to_move} moves after P{caller}'s call"
    return None


@REGISTRY.property(GAME, "call_outcome", title="Every call scores exactly as the source states (right: 1, double "
                   "2, to the caller's side; wrong: 1 to the suspect's side, double 2 to the caller's opponents), "
                   "at most 5; the suspects alone get new hands, their old cards put aside",
                   method="exhaustive", clauses=["kemps-score", "kemps-cap", "kemps-new-hand", "kemps-call",
                                                 "kemps-double", "kemps-stock-out"], scope=CAPPED)
def call_outcome(games, budget: Budget) -> Outcome:
    n = 0
    for game in games:
        for caller, call, suspects, right, before in call_situations(game):
            n += 1
            after = game.play(before, call)
            msg = call_error(game, caller, call, suspects, right, before, after)
            if msg is None and not all(0 <= s <= TARGET for s in after.scores):
                msg = f"a call makes the scores {after.scores[0]}-{after.scores[1]}, outside 0..{TARGET}"
            if msg:
                return Outcome(REFUTED, Msg("exhaustive over {n} call situations", n=n), evidence(
                    game, Root(before, f"P{caller} to call"), [call], f"kemps: {msg}"))
    return Outcome(HOLDS, Msg("exhaustive over all {n} call situations (4 callers x 3 single and 3 double calls x "
                              "each right/wrong suspect x scores 0..4 each x full or short stock), through the game's "
                              "moves; every resulting score is in 0..5", n=n))


@REGISTRY.property(GAME, "count_stays_in_word", title="With the other reading overflow = 'count', the scores "
                   "still stay within 0..5", method="exhaustive", expected=REFUTED, clauses=["kemps-cap"])
def count_stays_in_word(games, budget: Budget) -> Outcome:
    """Refuted: a double Kemps, right or wrong, takes a pair from 4 points to 6 when the points are counted as
    they come."""
    game = games[0]
    game = type(game)(dataclasses.replace(game.rules, overflow="count"))
    n = 0
    for caller, call, suspects, right, before in call_situations(game):
        n += 1
        after = game.play(before, call)
        if not all(0 <= s <= TARGET for s in after.scores):
            return Outcome(REFUTED, Msg("exhaustive over call situations (overflow = 'count'), found at the {n}th", n=n),
                           evidence(game, Root(before, f"P{caller} to call"), [call],
                                    f"kemps, overflow = 'count': '{call}' is {'right' if right else 'wrong'} "
                                    f"and makes the scores {after.scores[0]}-{after.scores[1]}"))
    return Outcome(HOLDS, Msg("exhaustive over all {n} call situations with overflow = 'count'", n=n))


@REGISTRY.property(GAME, "no_sure_point", title="No call is a sure point: every call loses its side the point when "
                   "it is wrong", method="exhaustive", expected=REFUTED, clauses=["kemps-score", "kemps-call"],
                   scope=Scope("wrong_call_to = suspect", lambda rules, players: rules.wrong_call_to == "suspect"))
def no_sure_point(games, budget: Budget) -> Outcome:
    """Refuted by the source's rule: a wrong Kemps on one's partner scores for the suspect, the caller's own side."""
    game = games[0]
    outcomes: dict = {}
    for caller, call, suspects, right, before in call_situations(game):
        after = game.play(before, call)
        mine = after.scores[caller % 2] > before.scores[caller % 2]
        outcomes.setdefault((caller, call), set()).add((right, mine))
    sure = [(c, m) for (c, m), seen in outcomes.items() if (False, True) in seen]
    if not sure:
        return Outcome(HOLDS, Msg("exhaustive over all call situations of {n} calls: a wrong call never scores for "
                                  "the caller's side", n=len(outcomes)))
    caller, call = sure[0]
    # a replayable game in which such a call is made and is wrong
    for seed in range(500):
        trace, _ = walk(game, seed)
        state = game.deal(seed)
        for i, m in enumerate(trace.moves):
            nxt = game.apply(state, m)
            p = state.to_move
            if isinstance(m, (Kemps, DoubleKemps)) and nxt.last[3] is False and nxt.scores[p % 2] > state.scores[p % 2]:
                named = (m.suspect,) if isinstance(m, Kemps) else (m.first, m.second)
                held = "; ".join(f"P{q} {' '.join(map(str, state.hands[q]))}" for q in named)
                return Outcome(REFUTED, Msg("exhaustive over all call situations: {n} calls score for the caller's "
                                            "side even when wrong", n=len(sure)), Counterexample(
                                   f"deal seed {seed}, move {i + 1}: P{p} calls '{m}' and is wrong ({held}), yet "
                                   f"his side {TEAMS[p % 2]} scores: {state.scores[0]}-{state.scores[1]} becomes "
                                   f"{nxt.scores[0]}-{nxt.scores[1]}", record=game.record(seed, trace.moves[:i + 1])))
            state = nxt
    caller, call = sure[0]
    return Outcome(REFUTED, Msg("exhaustive over all call situations"), evidence(
        game, Root(call_position(game, caller, {}, (0, 0), 32), f"P{caller} to call"), [call],
        f"P{caller} calls {call}, wrong, and his side scores"))


# ------------------------------------------------------------- the gesture

def with_signals(game, state: State, seats, value: bool | None = None) -> State:
    """The position of ``state`` with the gestures of ``seats`` flipped (or set to ``value``)."""
    sig = [(not s if value is None else value) if q in seats else s for q, s in enumerate(state.signals)]
    return game.position(state.hands, state.table, stock=state.stock, discards=state.discards, to_move=state.to_move,
                         scores=state.scores, signals=sig, passes=state.passes, quiet=state.quiet,
                         restocks=state.restocks, ended=state.ended, last=state.last, seed=state.seed)


@REGISTRY.property(GAME, "signal_private", title="The gesture is private: a player's view changes with his "
                   "partner's gesture, never with an opponent's", method="hypothesis",
                   clauses=["kemps-signal"])
def signal_private(games, budget: Budget) -> Outcome:
    def check(game, seed):
        def step(trace, state):
            flipped = [with_signals(game, state, (q,)) for q in range(4)]
            for p in range(4):
                view = game.observe(state, p)
                opponents = (p + 1) % 4, (p + 3) % 4
                for q in opponents:
                    if game.observe(flipped[q], p) != view:
                        raise trace.refute(f"P{p} sees whether P{q}, an opponent, has made the gesture", state)
                if game.observe(flipped[partner(p)], p) == view:
                    raise trace.refute(f"P{p} cannot see his partner P{partner(p)}'s gesture", state)
        for policy in (None, collecting):
            walk(game, seed, step, 150, policy=policy)
    return sample(games, budget, check)


def untrue_gesture(state: State) -> str | None:
    """What is wrong with the gestures standing in ``state``: a player who has made one without four of a kind."""
    for p, s in enumerate(state.signals):
        if s and not four_of_a_kind(state.hands[p]):
            return f"P{p} has made the gesture but holds {' '.join(map(str, state.hands[p]))}"
    return None


@REGISTRY.property(GAME, "signal_truthful", title="A player who has made the gesture holds four of a kind until "
                   "his hand is replaced (every position of the small configurations, random and collecting play)",
                   method="hypothesis", clauses=["kemps-signal", "kemps-swap-signalled"],
                   scope=Scope("swap_after_gesture = false", lambda rules, players: not rules.swap_after_gesture))
def signal_truthful(games, budget: Budget) -> Outcome:
    """Exhaustive over the small configurations (where the rules have them: three gestures stand in every
    position), then sampled: random games rarely hold four of a kind, and under a short house limit with
    ``stock_out = "end"`` they end before anyone collects one."""
    from verifier.api import roots_for
    seen = []
    explored = 0
    for game in games:
        roots = roots_for(game)
        if not roots:
            continue
        ex = explore(game, roots, check=untrue_gesture, max_states=budget.max_states, longest=False)
        if ex.failure is not None:
            root, moves, msg = ex.failure
            return Outcome(REFUTED, Msg("exhaustive search of the small configurations"),
                           evidence(game, root, moves, msg),
                           method="exhaustive")
        if ex.complete:
            explored += ex.states

    def check(game, seed):
        def step(trace, state):
            if any(state.signals):
                seen.append(1)
                msg = untrue_gesture(state)
                if msg:
                    raise trace.refute(msg, state)
        for policy in (None, collecting):
            walk(game, seed, step, min(budget.max_plays, 400), policy=policy)
    out = sample(games, budget, check)
    if out.verdict != HOLDS:
        return out
    small = Msg("every one of the {n} positions of the small configurations, three gestures standing in each; ",
                n=explored) if explored else ""
    if not seen and not explored:
        return Outcome(UNKNOWN, Msg("{n} games, but no gesture was ever made", n=out.examples), examples=out.examples,
                       seed=budget.seed)
    return Outcome(HOLDS, Msg("{small}{detail} (each with uniform and collecting play), gestures seen in {n} positions",
                              small=small, detail=out.detail, n=len(seen)), examples=out.examples, seed=budget.seed)


# ------------------------------------------------------------- termination

def swaps_only(state, moves):
    return tuple(m for m in moves if isinstance(m, Swap)) or moves


@REGISTRY.property(GAME, "swapping_can_loop", title="Swapping can go on for ever: a replayable cycle of swaps "
                   "that comes back to the same position (no call, no pass)", method="search", expected=REFUTED,
                   clauses=["kemps-swap-table", "kemps-swap-hand", "kemps-stall"],
                   scope=Scope("stall_limit = 0", lambda rules, players: rules.stall_limit == 0))
def swapping_can_loop(games, budget: Budget) -> Outcome:
    """Refuted = a game that never ends; the house limit (stall_limit) forbids it."""
    for game in games:
        g = steered(game, swaps_only)
        for seed in range(3):
            ex = explore(g, [Root.deal(g, seed)], stop_at_cycle=True, max_states=min(budget.max_states, 50_000))
            if ex.cycle is None:
                continue
            root, prefix, loop = ex.cycle
            rec = game.record(seed, tuple(prefix) + tuple(loop))
            again = game.replay(seed, prefix)
            if game.replay(seed, tuple(prefix) + tuple(loop)) != again:
                raise AssertionError("the cycle found does not replay")  # explore's cycles always replay
            return Outcome(REFUTED, Msg("explore (swaps only) found a cycle of {n} swaps from deal seed {seed}",
                                        n=len(loop), seed=seed),
                           Counterexample(f"deal seed {seed}: after {len(prefix)} swaps the next {len(loop)} "
                                          f"({' '.join(map(str, loop[:8]))}{' ...' if len(loop) > 8 else ''}) "
                                          "come back to the same position, so the game can go on for ever",
                                          record=rec), method="search")
    return Outcome(UNKNOWN, Msg("no cycle of swaps found from deal seeds 0-2 (50,000 states each)"), method="search")


@REGISTRY.property(GAME, "ends_within_bound", title="With the house limit (stall_limit, and stock_out = 'end') "
                   "every game ends within the declared bound, even when nobody ever calls",
                   method="hypothesis", clauses=["kemps-stall", "kemps-stock-out", "kemps-redeal"],
                   applies=lambda games: games[0].max_plays() is not None or games[0].rules == KempsGame.Rules())
def ends_within_bound(games, budget: Budget) -> Outcome:
    """Run on the ``house_limit`` preset when given the default rules."""
    from verifier.api import presets_of
    if games[0].max_plays() is None:
        rules = presets_of(KempsGame)["house_limit"]
        games = [type(g)(rules, players=g.players) for g in games]
    longest = []

    def check(game, seed):
        bound = game.max_plays()
        for policy in (None, never_calling, collecting, stalling(game.rules.stall_limit)):
            trace, state = walk(game, seed, cap=bound + 1, policy=policy)
            if not game.is_over(state):
                raise trace.refute(f"still going after the bound of {bound} moves", state)
            longest.append(len(trace.moves))
    out = sample(games, budget, check)
    if out.verdict != HOLDS:
        return out
    return Outcome(HOLDS, Msg("{n} random games, each played uniformly, never calling, collecting and stalling (a "
                              "wrong call at the last quiet turn) (seed {seed}); bound {bound} moves (stall_limit "
                              "{limit}); the longest took {longest}", n=out.examples, seed=budget.seed,
                              bound=games[0].max_plays(), limit=games[0].rules.stall_limit, longest=max(longest)),
                   examples=out.examples, seed=budget.seed)


@REGISTRY.property(GAME, "stock_suffices", title="The stock always holds the cards a call or a redeal needs",
                   method="search", expected=REFUTED, clauses=["kemps-stock-out", "kemps-deal"])
def stock_suffices(games, budget: Budget) -> Outcome:
    """Refuted = a replayable game whose stock runs short (the source does not say what happens then)."""
    game = games[0]
    for seed in range(200):
        for policy in (None, passing):
            trace, state = walk(game, seed, stop=lambda s: s.restocks > 0 or s.ended, policy=policy,
                                cap=budget.max_plays)
            if state.restocks or state.ended:
                last = trace.moves[-1]
                return Outcome(REFUTED, Msg("a random game"), Counterexample(
                    f"deal seed {seed}: move {len(trace.moves)} ({last}) needs new cards, but the 32-card stock is "
                    f"down to {len(game.replay(seed, trace.moves[:-1]).stock)}", record=game.record(seed, trace.moves)),
                    method="search")
    return Outcome(UNKNOWN, Msg("no game of deal seeds 0-199 (uniform or passing play) ran the stock short"),
                   method="search")


# ------------------------------------------------------------ stated facts

@REGISTRY.property(GAME, "stated_facts", title="The source's numbers match the rules: 4 players in 2 "
                   "partnerships, a 52-card deck of ranks 2..A (each in four suits, so every rank can make four of "
                   "a kind), 4 cards each and 4 open, and the target of 5 points is the word KEMPS",
                   method="exhaustive", clauses=["kemps-deck", "kemps-deal", "kemps-win"])
def stated_facts(games, budget: Budget) -> Outcome:
    game = games[0]
    deck = game.deck()
    problems = []
    ranks = sorted({c.rank for c in deck})
    stated = rules_module.STATED_RANKS
    if tuple(ranks) != tuple(stated):
        problems.append(f"the deck's ranks {' '.join(r.label for r in ranks)} are not the stated list "
                        f"{' '.join(r.label for r in stated)}")
    for r in stated:
        four = tuple(sorted((c for c in deck if c.rank == r), key=hand_key))
        if len(four) != 4 or not four_of_a_kind(four):
            problems.append(f"the {r.label}s do not make four of a kind")
    if len(deck) != 52 or game.players != 4 or {partnership(p) for p in range(4)} != {0, 1} \
            or [sum(partnership(p) == t for p in range(4)) for t in (0, 1)] != [2, 2]:
        problems.append("not 4 players in two pairs with 52 cards")
    state = game.deal(0)
    if [len(h) for h in state.hands] != [4] * 4 or len(state.table) != 4 or TARGET != len("KEMPS"):
        problems.append("the deal or the target differ from the source")
    if problems:
        return Outcome(REFUTED, Msg("all 13 ranks and the deal compared"), Counterexample(
            "; ".join(problems), deal={z: " ".join(map(str, c)) for z, c in game.zones(state).items()}))
    return Outcome(HOLDS, Msg("all 13 stated ranks (each a four of a kind), 52 cards, 2 pairs, the deal of seed 0 and "
                              "the target compared"))


def stated_moves(rules, state: State) -> tuple:
    """The moves the source allows the player to move, restated apart from the rules module, in the
    order the game lists them: pass; the gesture, with four of a kind not yet signalled; every swap of
    an open card (in table order) for a card of his own (in hand order), unless he has signalled (and
    ``swap_after_gesture`` is off); a Kemps on each other player; a double Kemps on each pair of
    others, in seat order."""
    p, hand = state.to_move, state.hands[state.to_move]
    four = len(hand) == 4 and len({c.rank for c in hand}) == 1
    moves = [PASS] + ([SIGNAL] if four and not state.signals[p] else [])
    if not state.signals[p] or rules.swap_after_gesture:
        moves += [Swap(t, g) for t in state.table for g in hand]
    others = [q for q in range(4) if q != p]
    moves += [Kemps(q) for q in others]
    moves += [DoubleKemps(a, b) for i, a in enumerate(others) for b in others[i + 1:]]
    return tuple(moves)


def moves_difference(legal: tuple, stated: tuple) -> str:
    for m in legal:
        if m not in stated:
            return f"'{m}' is legal, but the source does not allow it"
    for m in stated:
        if m not in legal:
            return f"'{m}' is not legal, but the source allows it"
    return "the legal moves come in another order than the source's"


@REGISTRY.property(GAME, "gesture_moves_match_clauses", title="Where the gesture matters (four of a kind in "
                   "hand, a gesture made), the legal moves are exactly the source's, restated apart from the "
                   "rules, and exactly what the clauses allow one at a time", method="hypothesis",
                   clauses=["kemps-signal", "kemps-swap-signalled", "kemps-swap-table", "kemps-swap-hand",
                            "kemps-pass", "kemps-call", "kemps-double"])
def gesture_moves_match_clauses(games, budget: Budget) -> Outcome:
    """Uniform play rarely holds four of a kind; collecting play does, so the generic comparison is repeated
    there, and the clauses' moves are compared with the source's moves stated here."""
    from verifier.generic import moves_mismatch
    seen = []

    def check(game, seed):
        def step(trace, state):
            if game.is_over(state) or not (any(state.signals) or four_of_a_kind(state.hands[state.to_move])):
                return
            seen.append(1)
            msg = moves_mismatch(game, state)
            if msg:
                raise trace.refute(msg, state)
            legal, stated = game.legal_moves(state), stated_moves(game.rules, state)
            if legal != stated:
                raise trace.refute(f"P{state.to_move}: {moves_difference(legal, stated)}", state)
        walk(game, seed, step, min(budget.max_plays, 400), policy=collecting)
    out = sample(games, budget, check)
    if out.verdict == HOLDS:
        return Outcome(HOLDS, Msg("{detail}, collecting play: {n} positions with four of a kind or a gesture compared",
                                  detail=out.detail, n=len(seen)), examples=out.examples, seed=budget.seed)
    return out
