"""Sevens: the properties the verifier checks."""

from __future__ import annotations

import z3

import spec.games.sevens as rules_module
from spec.cards import SUIT_ORDER, Rank
from spec.games.sevens import NOT_STARTED, OPENING_CARD, RANK_AT, SEVEN, STATED_RANKS, SUIT_INDEX, Lay, Sevens
from spec.i18n import Msg
from verifier.api import Claim, Root, Watch, explore, invariant, small_configs, walk, walked, z3_claim
from verifier.core import HOLDS, REFUTED, REGISTRY, UNKNOWN, Budget, Counterexample, Outcome

GAME = "sevens"


def endgame(game, seed: int, left: int) -> Root:
    """The position of a random game (seed ``seed``) once ``left`` cards remain in hands, as a replayable root."""
    trace, _ = walk(game, seed)
    state, prefix = game.deal(seed), []
    for m in trace.moves:
        if sum(map(len, state.hands)) <= left or game.is_over(state):
            break
        state = game.apply(state, m)
        prefix.append(m)
    return Root(state, f"deal seed {seed} after {len(prefix)} moves", seed, tuple(prefix))


def before_the_end(game, seed: int, moves: int) -> Root:
    """The position ``moves`` moves before the end of a random game (seed ``seed``), after the
    opening at the earliest, as a replayable root: the game is not over there."""
    trace, _ = walk(game, seed)
    prefix = tuple(trace.moves[:max(1, len(trace.moves) - moves)])
    return Root(game.replay(seed, prefix), f"deal seed {seed}, {len(trace.moves) - len(prefix)} moves before "
                f"the end of a random game", seed, prefix)


@small_configs(GAME)
def small(game):
    """Endgames: each of deals 0-11 played at random until 7 cards (2 players) or fewer remain in hands;
    every continuation from there is explored."""
    left = {2: 9, 3: 8, 4: 8}.get(game.players, 7)
    return [endgame(game, seed, left) for seed in range(12)]


# ------------------------------------------------------------- invariants

@invariant(Sevens, "rows_are_runs", title="Every row is an unbroken run of one suit through its 7, "
           "within ace..king, and 7♦ is laid first; every card offered to lay is the mover's own",
           clauses=["sevens-build", "sevens-open", "sevens-ranks", "sevens-hold"], presets=True)
def rows_are_runs(game, state):
    if not game.is_over(state):
        hand = state.hands[state.to_move]
        foreign = [m.card for m in game.legal_moves(state) if isinstance(m, Lay) and m.card not in hand]
        if foreign:
            return f"P{state.to_move} is offered {foreign[0]}, which is not in their hand"
    rows = game.row_cards(state)
    if state.laid != len(rows):
        return f"{state.laid} cards laid but the rows hold {len(rows)}"
    if state.laid and state.rows[SUIT_INDEX[OPENING_CARD.suit]] == NOT_STARTED:
        return "cards are laid but the 7♦ row has not started"
    for suit, (lo, hi) in zip(SUIT_ORDER, state.rows):
        if (lo, hi) != NOT_STARTED and not 1 <= lo <= SEVEN <= hi <= 13:
            return f"the {suit.symbol} row runs {RANK_AT.get(lo, lo)}..{RANK_AT.get(hi, hi)}, not through its 7"
    return None


@invariant(Sevens, "opens_with_seven_of_diamonds", title="The holder of 7♦ moves first, and the deal is the "
           "whole deck, as even as 52 cards allow, extra cards to the first players on the dealer's left",
           clauses=["sevens-first", "sevens-deal"])
def opens_with_7d(game, state):
    if state.laid:
        return None
    if OPENING_CARD not in state.hands[state.to_move]:
        return f"P{state.to_move} moves first but does not hold 7♦"
    sizes = [len(h) for h in state.hands]
    per, extra = divmod(52, game.players)
    want = [per + (1 <= p <= extra or (p == 0 and extra == game.players)) for p in range(game.players)]
    if sizes != want:
        return f"hand sizes {sizes}, expected {want} (dealing one at a time from P1)"
    return None


@invariant(Sevens, "first_out_wins", title="The game ends exactly when a hand is empty, and that player "
           "alone wins", clauses=["sevens-win"])
def first_out_wins(game, state):
    empty = [p for p, h in enumerate(state.hands) if not h]
    if len(empty) > 1:
        return f"players {empty} are both out"
    if game.is_over(state) != bool(empty):
        return "the game's end does not match an empty hand"
    if empty and game.outcome(state).winners != (empty[0],):
        return f"P{empty[0]} is out but the winners are {game.outcome(state).winners}"
    return None


@walked(Sevens, "turn_order", title="Turns pass clockwise from the holder of 7♦",
        clauses=["sevens-turn", "sevens-first"])
def turn_order(game, seed, budget, notes) -> Watch:
    prev = []  # the state before this one

    def step(trace, state):
        if prev and not game.is_over(state):
            want = (prev[0].to_move + 1) % game.players
            if state.to_move != want:
                raise trace.refute(f"P{state.to_move} moves after P{prev[0].to_move}; P{want} is next", state)
        prev[:] = [state]
    return Watch(step=step)


# -------------------------------------------------------------- z3 proof

@z3_claim(Sevens, "never_blocked", title="Whatever the rows, while cards remain in hands some player can lay "
          "one; so, where only a player who cannot lay passes, at most n-1 passes come between two lays and "
          "every game ends within the declared bound",
          clauses=["sevens-pass", "sevens-build", "sevens-deal"], each=False)
def never_blocked(game, s):
    """Rows are (lo, hi) per suit, as places in the rank order of clause sevens-ranks; the whole deck is
    dealt, so every card not on a row is in some hand. The negation: some card is not laid, yet no card
    not laid is playable."""
    order = rules_module.row_order()
    top, seven = len(order) - 1, order.index(Rank.SEVEN)
    started = [z3.Bool(f"started_{x.value}") for x in SUIT_ORDER]
    lo = [z3.Int(f"lo_{x.value}") for x in SUIT_ORDER]
    hi = [z3.Int(f"hi_{x.value}") for x in SUIT_ORDER]
    d = SUIT_INDEX[OPENING_CARD.suit]
    for i in range(4):
        # a row grows one card at a time from its 7, within the order
        s.add(z3.Implies(started[i], z3.And(0 <= lo[i], lo[i] <= seven, seven <= hi[i], hi[i] <= top)))
    s.add(z3.Implies(z3.Or(started), started[d]))  # 7♦ opens
    # a rank missing from the order is never laid
    some_left = z3.Or([z3.BoolVal(len(order) < len(RANK_AT))]
                      + [z3.Or(z3.Not(started[i]), lo[i] > 0, hi[i] < top) for i in range(4)])
    playable = z3.Or([z3.If(started[i], z3.Or(lo[i] > 0, hi[i] < top), True) for i in range(4)])
    s.add(some_left, z3.Not(playable))

    def refute(m):
        rows = []
        for i, suit in enumerate(SUIT_ORDER):
            if z3.is_true(m.eval(started[i])):
                a, b = m.eval(lo[i]).as_long(), m.eval(hi[i]).as_long()
                rows.append(f"{order[a].label}-{order[b].label}{suit.symbol}")
            else:
                rows.append(f"no {suit.symbol} row")
        return Counterexample("rows " + ", ".join(rows) + ": cards remain in hands but none can be laid",
                              deal={"rows": " ".join(rows)})
    return Claim(Msg("every position with cards in hands has a playable card (all row states, z3)"), refute)


# ------------------------------------------------------- the stated ranks

@REGISTRY.property(GAME, "rank_list_matches_rows", title="The source's rank list (A, 3, 4, ..., K) is the "
                   "order the rows are built in", method="exhaustive", expected=REFUTED,
                   clauses=["sevens-ranks"])
def rank_list_matches_rows(games, budget: Budget) -> Outcome:
    game, rows = games[0], rules_module.row_order()
    missing = [r for r in rows if r not in STATED_RANKS]
    extra = [r for r in STATED_RANKS if r not in rows]
    if not missing and not extra and STATED_RANKS == rows:
        return Outcome(HOLDS, Msg("the stated list is the row order {order} (all {n} ranks compared)",
                                  order=" ".join(r.label for r in rows), n=len(rows)))
    # evidence: a game in which a card of a missing rank is laid on a row
    for seed in range(200):
        trace, _ = walk(game, seed)
        for i, m in enumerate(trace.moves):
            if getattr(m, "card", None) is not None and m.card.rank in missing:
                rec = game.record(seed, trace.moves[:i + 1])
                return Outcome(REFUTED, Msg("all {n} ranks compared", n=13), Counterexample(
                    f"the stated list omits {', '.join(r.label for r in missing)}, yet the rows descend "
                    f"6 5 4 3 2 A: in deal seed {seed}, move {i + 1} lays {m.card}", record=rec))
    return Outcome(REFUTED, Msg("all {n} ranks compared", n=13), Counterexample(
        f"stated list {' '.join(r.label for r in STATED_RANKS)} differs from the rows "
        f"{' '.join(r.label for r in rows)}", deal={"stated": " ".join(r.label for r in STATED_RANKS)}))


# ------------------------------------------------------------ termination

@REGISTRY.property(GAME, "voluntary_pass_can_loop", title="With the other reading (a player may pass while "
                   "able to lay), a game can go round for ever", method="search", expected=REFUTED,
                   clauses=["sevens-pass"])
def voluntary_pass_can_loop(games, budget: Budget) -> Outcome:
    """Refuted = a replayable cycle under ``pass_when_able``; the default rules cannot loop (never_blocked).

    The search starts a few moves before the end of random games (so with any number of
    players the position is still open, and its tree is small)."""
    for game in games:
        g = type(game)(type(game.rules)(pass_when_able=True), players=game.players)
        ex = explore(g, [before_the_end(g, seed, 6) for seed in range(3)], stop_at_cycle=True,
                     max_states=budget.max_states)
        if ex.cycle is not None:
            root, prefix, loop = ex.cycle
            rec = g.record(root.seed, tuple(root.prefix) + prefix + loop)
            return Outcome(REFUTED, Msg("{n} players, {option}: explore found a cycle", n=g.players,
                                           option="pass_when_able"), Counterexample(
                f"{root.label}; then {' '.join(map(str, prefix)) or '(nothing)'}; the loop "
                f"{' '.join(map(str, loop))} returns to the same position", record=rec), method="search")
    return Outcome(UNKNOWN, Msg("no cycle found"), method="search")

