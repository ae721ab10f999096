"""Durak's own properties, checked for the rules under test and for every variant.

Each property is registered twice over:

* ``NAME`` checks the rules given to the verifier (the defaults are simple
  Durak; ``cardspec verify durak --variant FILE`` checks a variant file);
* ``NAME@PRESET`` applies the settings of one named preset
  (:data:`spec.games.durak.PRESETS`: ``throw_in``, ``transfer``,
  ``all_dealt``, ``reversed``, ``japanese``, ``english_pairs``) over those
  rules and checks the result. With the default rules that is exactly the
  preset, so every variant is checked by the same properties, for 2 to 6
  players. The generic ``cards_conserved`` and ``save_load`` are also
  registered per preset.

The checks watch random games move by move and judge each position against
reference predicates written here from the rulebook, not against the
engine's own helpers, so a broken engine rule is caught.

Termination is checked three ways: random games on the full deck
(``terminates``), and an exhaustive state-graph search with hashing on
small decks for two players (``terminates_2p_small``) and three players
(``terminates_3p_small``), which either finds no cycle (and reports the
longest game) or returns a replayable cycle as the witness.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Sequence

from spec.bouts import OPEN, card_of, format_mask, table_mask
from spec.cards import Suit, format_card, format_cards
from spec.errors import VariantError
from spec.games.durak import LEAD, PASS, PRESETS, Durak, State
from verifier import generic
from verifier.core import HOLDS, REFUTED, REGISTRY, UNKNOWN, Budget, Counterexample, Outcome, Property
from verifier.sampling import Trace, sample

GAME = "durak"
#: The presets checked by the ``NAME@PRESET`` properties (``simple`` is the default rules).
VARIANTS = tuple(v for v in PRESETS if v != "simple")

#: Small configurations of the exhaustive searches: (players, deck size, hand size, deals).
SMALL_2P = (2, 8, 2, 12)
SMALL_3P = (3, 12, 3, 12)
#: Before the 2-player search: a cycle hunt on 12-card deals (players, deck, hand, deals, positions per deal).
HUNT_2P = (2, 12, 3, 3, 20_000)
#: States explored per deal before the search gives up (verdict unknown).
STATE_CAP = 60_000


# ------------------------------------------------------------ reference rules

def ref_beats(game: Durak, trump: Suit, attack: int, cover: int) -> bool:
    """The rulebook's beat rule, written out again: higher card of the suit, or a
    trump on a non-trump; Japanese spades only by spades."""
    a, c = card_of(attack), card_of(cover)
    if c.suit == a.suit:
        return c.rank > a.rank
    if game.rules.spades_by_spades and a.suit == Suit.SPADES:
        return False
    return c.suit == trump


def ref_trump(game: Durak, state: State) -> Suit:
    if game.rules.trump == "diamonds":
        return Suit.DIAMONDS
    return card_of(state.trump_card).suit


def ref_next_with_cards(seat: int, hands: Sequence[int]) -> int:
    n = len(hands)
    for k in range(1, n):
        p = (seat + k) % n
        if hands[p]:
            return p
    return -1


def ids_on_table(table) -> list[int]:
    return [c for pair in table for c in pair if c != OPEN]


def walk(game: Durak, seed: int, cap: int, step: Callable[[Trace, State, tuple, State], None]) -> tuple[Trace, State]:
    """One random game; ``step(trace, before, move, after)`` after every move."""
    trace, rng = Trace(game, seed), random.Random(seed)
    state = game.deal(seed)
    passes = 0
    while not game.is_over(state) and len(trace.moves) < cap:
        moves = game.legal_moves(state)
        if not moves:
            break
        move = moves[rng.randrange(len(moves))]
        trace.moves.append(move)
        after = game.apply(state, move)
        step(trace, state, move, after)
        passes = passes + 1 if state.phase == LEAD and move == PASS else 0
        state = after
        if passes and passes >= sum(1 for h in state.hands if h):
            break   # every player with cards passed the lead in turn: it goes round for ever
    return trace, state


def stuck_passing(game: Durak, trace: Trace, state: State) -> bool:
    """Whether a walk stopped because every player with cards passed the lead in turn."""
    n = sum(1 for h in state.hands if h)
    return not game.is_over(state) and len(trace.moves) >= n and all(m == PASS for m in trace.moves[-n:])


# ----------------------------------------------------------------- properties

def attack_limit(games, budget: Budget) -> Outcome:
    def check(game, seed):
        cap = game.rules.max_bout_cards or 99
        limit = [0]

        def step(trace, before, move, after):
            if after.table and not before.table:          # a new bout: the defender's hand now
                limit[0] = before.hands[after.defender].bit_count()
            elif after.table and after.defender != before.defender:   # transferred to a new defender
                limit[0] = after.hands[after.defender].bit_count()
            if after.table:
                n = len(after.table)
                if n > min(limit[0], cap):
                    raise trace.refute(f"{n} attacking cards against P{after.defender}, who held "
                                       f"{limit[0]} when the bout began (cap {game.rules.max_bout_cards or 'none'})",
                                       after)
        walk(game, seed, budget.max_plays, step)
    return sample(games, budget, check)


def beats_legal(games, budget: Budget) -> Outcome:
    def check(game, seed):
        def step(trace, before, move, after):
            trump = ref_trump(game, after)
            if after.trump != trump:
                raise trace.refute(f"the trump is {after.trump.symbol}, the rules make it {trump.symbol}", after)
            for a, d in after.table:
                if d != OPEN and not ref_beats(game, trump, a, d):
                    raise trace.refute(f"{format_card(card_of(d))} lies on {format_card(card_of(a))} as a beat, "
                                       f"which it does not beat (trump {trump.symbol})", after)
            if move[0] == "b" and not ref_beats(game, trump, move[1], move[2]):
                d = move[2]
                punished = game.rules.reversed and after.hands[before.defender] >> d & 1 \
                    and after.discard == before.discard
                if not punished:
                    raise trace.refute(f"{format_card(card_of(d))} was accepted as a beat of "
                                       f"{format_card(card_of(move[1]))} (trump {trump.symbol})", after)
        walk(game, seed, budget.max_plays, step)
    return sample(games, budget, check)


def transfers_allowed(games, budget: Budget) -> Outcome:
    def check(game, seed):
        rules = game.rules

        def step(trace, before, move, after):
            moved = bool(after.table) and after.defender != before.defender
            if move[0] != "x":
                if moved:
                    raise trace.refute(f"the attack passed from P{before.defender} to P{after.defender} "
                                       f"without a transfer", after)
                return
            c = move[1]
            nxt = ref_next_with_cards(before.defender, before.hands)
            problem = None
            if not rules.transfer:
                problem = "these rules have no transfers"
            elif any(d != OPEN for _, d in before.table):
                problem = "a card of the bout had already been beaten"
            elif before.hands[nxt].bit_count() < len(before.table) + 1:
                problem = (f"P{nxt} holds {before.hands[nxt].bit_count()} cards, fewer than the "
                           f"{len(before.table) + 1} that would attack him")
            elif rules.max_bout_cards and len(before.table) + 1 > rules.max_bout_cards:
                problem = "the bout would pass the cap"
            if problem:
                raise trace.refute(f"P{before.defender} transferred with {format_card(card_of(c))}: {problem}", after)
            right_rank = card_of(c).rank == card_of(before.table[0][0]).rank
            if right_rank and not (moved and after.defender == nxt):
                raise trace.refute(f"a transfer to P{nxt} left P{after.defender} defending", after)
            if not right_rank:
                if not rules.reversed:
                    raise trace.refute(f"{format_card(card_of(c))} transferred an attack of another rank", after)
                if moved or not after.hands[before.defender] >> c & 1:
                    raise trace.refute("a wrong transfer was not punished by taking the bout", after)
        walk(game, seed, budget.max_plays, step)
    return sample(games, budget, check)


def ref_may_throw_now(game: Durak, state: State) -> str | None:
    """The rulebook's throw-in timing, written out again: ``None`` if a throw-in is
    allowed in this position, else why not."""
    r = game.rules
    if state.taking:
        return None if r.throw_in != "none" else "these rules have no throw-ins"
    if r.throw_in != "always":
        return "in simple Durak cards are thrown in only onto a defender who takes"
    covered = sum(1 for _, d in state.table if d != OPEN)
    if not covered:
        return "the defender has not beaten anything yet (throw-ins come after a beat)"
    if covered < len(state.table) and r.throw_in_timing == "after_cover":
        return "some attacking card is still open (after_cover: throw-ins wait for every card to be covered)"
    return None


def ref_someone_can_throw(game: Durak, state: State) -> bool:
    """Whether a thrower other than the defender holds a card he may throw in now
    (any card in reversed Durak, where throw-ins are blind), within the limit."""
    if len(state.table) >= state.limit:
        return False
    r = game.rules
    ranks = {card_of(c).rank for c in ids_on_table(state.table)}
    throwers = [state.attacker] if r.throw_in_by == "attacker" else \
        [p for p in range(game.players) if p != state.defender]
    return any(h and (r.reversed or any(card_of(c).rank in ranks for c in _ids(h)))
               for p, h in enumerate(state.hands) if p in throwers)


def _ids(mask: int) -> list[int]:
    return [i for i in range(52) if mask >> i & 1]


def throw_in_timing(games, budget: Budget) -> Outcome:
    """Throw-ins come only when the rules allow them, and while the defender is
    beating (``while_beating``) the throwers are asked after every beat."""
    def check(game, seed):
        r = game.rules

        def step(trace, before, move, after):
            if move[0] == "i":
                why = ref_may_throw_now(game, before)
                if why:
                    raise trace.refute(f"P{before.thrower} threw in {format_card(card_of(move[1]))}, but {why}", after)
                return
            if move[0] != "b" or not after.table or after.defender != before.defender:
                return   # not a beat, or the bout ended (a last beat, or a reversed penalty)
            still_open = any(d == OPEN for _, d in after.table)
            if not still_open or r.throw_in != "always":
                return
            asked = after.phase != before.phase and game.to_move(after) != after.defender
            can = ref_someone_can_throw(game, after)
            if r.throw_in_timing == "while_beating" and can and not asked:
                raise trace.refute("a beat left attacking cards open and a player could throw in, but the "
                                   "defender was asked to go on (while_beating: the throwers come first)", after)
            if r.throw_in_timing == "after_cover" and asked:
                raise trace.refute(f"a beat left attacking cards open, yet P{game.to_move(after)} was asked to "
                                   "throw in (after_cover: only once every card is covered)", after)
        walk(game, seed, budget.max_plays, step)
    return sample(games, budget, check)


def bouts_end(games, budget: Budget) -> Outcome:
    def check(game, seed):
        n = game.players
        moves_in_bout = [0]
        bound = 4 + 2 * len(game.deck()) + n * (len(game.deck()) + 1)

        def step(trace, before, move, after):
            ended = before.table and not after.table
            if after.table or before.table:
                moves_in_bout[0] += 1
                if moves_in_bout[0] > bound:
                    raise trace.refute(f"a bout has gone on for {moves_in_bout[0]} moves", after)
            if not ended:
                if before.table and after.table and after.discard != before.discard:
                    raise trace.refute("cards were discarded in the middle of a bout", after)
                return
            moves_in_bout[0] = 0
            kind = move[0]
            cards = table_mask(before.table)
            taker = before.defender
            trump = ref_trump(game, before)
            if kind == "b":                       # the last beat: covered if it really beats
                a, d = move[1], move[2]
                cards |= 1 << d
                covered = ref_beats(game, trump, a, d) and all(x != OPEN or y == a for y, x in before.table)
            elif kind in ("i", "x"):              # a card added as the bout ends: a pickup
                c = move[1]
                cards |= 1 << c
                covered = False
                ranks = {card_of(y).rank for y in ids_on_table(before.table)}
                if kind == "i" and card_of(c).rank not in ranks:
                    taker = before.thrower        # reversed: a wrong throw-in is the thrower's
            else:
                covered = kind == "p" and not before.taking and all(x != OPEN for _, x in before.table)
            gained = after.discard & ~before.discard
            takers = [p for p in range(n) if after.hands[p] & cards == cards]
            if covered:
                if gained != cards or takers:
                    raise trace.refute(f"every card of the bout ({format_mask(cards)}) was beaten, but "
                                       f"{format_mask(gained) or 'nothing'} went to the discard", after)
            elif gained:
                raise trace.refute(f"{format_mask(gained)} went to the discard although the bout "
                                   f"({format_mask(cards)}) was not all beaten", after)
            elif takers != [taker]:
                who = ", ".join(f"P{p}" for p in takers) or "nobody"
                raise trace.refute(f"the bout's cards {format_mask(cards)} should go to P{taker}; "
                                   f"{who} holds them", after)
        trace, state = walk(game, seed, budget.max_plays, step)
        if game.is_over(state) and state.table:
            raise trace.refute("the game ended with cards on the table", state)
    return sample(games, budget, check)


def after_bout(games, budget: Budget) -> Outcome:
    def check(game, seed):
        n, size = game.players, game.rules.hand_size

        def step(trace, before, move, after):
            if not (before.table and not after.table):
                return
            laid = table_mask(before.table) | (1 << move[1] if move[0] in ("i", "x") else 0) \
                | (1 << move[2] if move[0] == "b" else 0)
            k = len(before.stock) - len(after.stock)
            if after.stock != before.stock[k:]:
                raise trace.refute("the stock was not drawn from the top", after)
            drawn = before.stock[:k]
            order = [(before.lead + i) % n for i in range(n) if (before.lead + i) % n != before.defender]
            order.append(before.defender)
            pos = 0
            for p in order:
                got = after.hands[p] & sum(1 << c for c in drawn)
                chunk = drawn[pos:pos + got.bit_count()]
                if got != sum(1 << c for c in chunk):
                    raise trace.refute(f"P{p} drew {format_mask(got)}, but in the order "
                                       f"{' '.join(f'P{q}' for q in order)} his turn came to "
                                       f"{format_cards(card_of(c) for c in chunk) or 'nothing'}", after)
                pos += got.bit_count()
                if pos < len(before.stock) and after.hands[p].bit_count() < size:
                    raise trace.refute(f"P{p} holds {after.hands[p].bit_count()} cards after drawing, "
                                       f"with cards still in the stock", after)
                if got and after.hands[p].bit_count() > size:
                    raise trace.refute(f"P{p} drew beyond {size} cards", after)
            if game.is_over(after):
                return
            if after.discard != before.discard:
                want = before.defender if after.hands[before.defender] else \
                    ref_next_with_cards(before.defender, after.hands)
                why = "the defender beat everything"
            else:
                taker = next((p for p in range(n) if after.hands[p] & laid == laid), None)
                if taker is None:
                    raise trace.refute(f"nobody took the bout's cards {format_mask(laid)}", after)
                want, why = ref_next_with_cards(taker, after.hands), f"P{taker} took the cards"
            if after.attacker != want or after.defender != ref_next_with_cards(want, after.hands):
                raise trace.refute(f"{why}, so P{want} should attack P{ref_next_with_cards(want, after.hands)}; "
                                   f"P{after.attacker} attacks P{after.defender}", after)
        walk(game, seed, budget.max_plays, step)
    return sample(games, budget, check)


def ranking_2p(games, budget: Budget) -> Outcome:
    """The step of the two-player termination argument, bout by bout."""
    two = [g for g in games if g.players == 2]
    if not two:
        return Outcome(HOLDS, "no 2-player game in these rules (vacuous)")

    def rank(state: State) -> tuple[int, int, int]:
        in_play = len(state.stock) + sum(h.bit_count() for h in state.hands)
        return len(state.stock), in_play, state.hands[state.attacker].bit_count()

    def check(game, seed):
        last = [None]

        def step(trace, before, move, after):
            if move[0] != "a":
                return
            now = rank(before)
            if last[0] is not None and not now < last[0]:
                raise trace.refute(f"at this attack (stock, cards in play, attacker's hand) is {now}, "
                                   f"not below {last[0]} at the previous one", before)
            last[0] = now
        walk(game, seed, budget.max_plays, step)
    return sample(two, budget, check)


def one_durak(games, budget: Budget) -> Outcome:
    def check(game, seed):
        trace, state = walk(game, seed, budget.max_plays, lambda *a: None)
        if not game.is_over(state):
            return
        out = game.outcome(state)
        holding = [p for p, h in enumerate(state.hands) if h]
        if state.stock or state.table:
            raise trace.refute("the game ended with cards in the stock or on the table", state)
        if len(holding) > 1:
            raise trace.refute(f"the game ended with {len(holding)} players holding cards", state)
        if holding:
            if out.losers != (holding[0],) or out.draw:
                raise trace.refute(f"P{holding[0]} is left holding cards, but the result is {out.describe()}", state)
        elif game.rules.all_out == "draw":
            if not out.draw or out.losers:
                raise trace.refute(f"everyone ran out together, but the result is {out.describe()}", state)
        elif out.losers != (state.defender,):
            raise trace.refute(f"everyone ran out together; the last defender P{state.defender} should "
                               f"lose, but the result is {out.describe()}", state)
        if sorted(out.winners) != sorted(p for p in range(game.players) if p not in out.losers) and not out.draw:
            raise trace.refute(f"the winners {out.winners} are not everyone but the durak", state)
    return sample(games, budget, check)


def terminates(games, budget: Budget) -> Outcome:
    def check(game, seed):
        seen: dict = {}
        repeat: list = []

        def step(trace, before, move, after):
            at = seen.setdefault(after, len(trace.moves))
            if at != len(trace.moves) and not repeat:
                repeat.append((at, len(trace.moves)))
        trace, state = walk(game, seed, budget.max_plays, step)
        if game.is_over(state):
            return
        if stuck_passing(game, trace, state):
            raise trace.refute("nobody can lead a pair: every player with cards passed in turn, so the lead "
                               "goes round the table for ever", state)
        hint = ""
        if repeat:
            a, b = repeat[0]
            cycle = " | ".join(game.format_move(m) for m in trace.moves[a:b])
            hint = f"; the position after move {a} comes back after move {b} (cycle: {cycle})"
        raise trace.refute(f"still going after {len(trace.moves)} moves{hint}", state)
    return sample(games, budget, check)


# ------------------------------------------------------------ exhaustive search

@dataclasses.dataclass(frozen=True)
class Search:
    """The result of one deal's state-graph search."""

    seed: int
    status: str                       # "done", "cycle" or "incomplete"
    states: int
    longest: int = 0                  # moves in the longest game (when done)
    longest_moves: tuple = ()
    prefix: tuple = ()                # moves to the repeating position (cycle)
    cycle: tuple = ()                 # the moves that bring it back


def _take_first(move) -> bool:
    """Search order: taking and passing first (a cycle keeps every card in play and
    needs no throw-ins), otherwise as listed."""
    return move[0] not in ("t", "p")


def explore(game: Durak, seed: int, cap: int = STATE_CAP) -> Search:
    """Every line of play from one deal: a depth-first search with a table of
    positions (states hash; hands are bit masks, so equal positions are equal).

    A position met again while still on the search path is a cycle; otherwise
    the graph is acyclic and the longest path from the deal is the longest game.
    """
    root = game.deal(seed)
    gray = -1
    moves_of = lambda st: sorted(game.legal_moves(st), key=_take_first)  # noqa: E731
    memo: dict = {root: gray}
    best_next: dict = {}
    stack = [[root, moves_of(root), 0, 0, None]]   # state, moves, next, longest, best (move, child)
    path: list = []
    while stack:
        frame = stack[-1]
        s, moves, i = frame[0], frame[1], frame[2]
        if i < len(moves):
            frame[2] = i + 1
            m = moves[i]
            t = game.apply(s, m)
            v = memo.get(t)
            if v is None:
                if len(memo) >= cap:
                    return Search(seed, "incomplete", len(memo))
                memo[t] = gray
                path.append(m)
                stack.append([t, moves_of(t), 0, 0, None])
            elif v == gray:
                at = next(k for k, f in enumerate(stack) if f[0] == t)
                return Search(seed, "cycle", len(memo), prefix=tuple(path[:at]), cycle=tuple(path[at:]) + (m,))
            elif frame[4] is None or v + 1 > frame[3]:
                frame[3], frame[4] = v + 1, (m, t)
        else:
            memo[s] = frame[3]
            if frame[4] is not None:
                best_next[s] = frame[4]
            stack.pop()
            if path:
                m = path.pop()
                parent = stack[-1]
                if parent[4] is None or frame[3] + 1 > parent[3]:
                    parent[3], parent[4] = frame[3] + 1, (m, s)
    line, s = [], root
    while s in best_next:
        m, s = best_next[s]
        line.append(m)
    return Search(seed, "done", len(memo), memo[root], tuple(line))


def small_game(game: Durak, players: int, deck: int, hand: int) -> Durak | None:
    try:
        return type(game)(dataclasses.replace(game.rules, deck_size=deck, hand_size=hand), players=players)
    except VariantError:
        return None


def _exhaustive(config: tuple[int, int, int, int], hunt: tuple[int, int, int, int, int] | None = None):
    players, deck, hand, deals = config

    def check(games, budget: Budget) -> Outcome:
        hunted = ""
        if hunt is not None:
            hp, hdeck, hhand, hdeals, hcap = hunt
            big = small_game(games[0], hp, hdeck, hhand)
            if big is not None:
                found, seen = [], 0
                for seed in range(hdeals):
                    res = explore(big, seed, hcap)
                    seen += res.states
                    if res.status == "cycle":
                        found.append(res)
                if found:
                    shortest = min(found, key=lambda r: (len(r.cycle), len(r.prefix)))
                    return _cycle_outcome(big, shortest, f"{hp} players, {hdeck}-card deck, {hhand} cards each: "
                                                         f"{len(found)} of {hdeals} deals can cycle, the shortest "
                                                         f"cycle has {len(shortest.cycle)} moves")
                hunted = (f" (before that, {hdeals} deals of a {hdeck}-card deck with {hhand} cards each: no "
                          f"cycle within the first {seen} positions searched)")
        game = small_game(games[0], players, deck, hand)
        if game is None:
            return Outcome(HOLDS, f"{players} players on {deck} cards is not allowed by these rules (vacuous)")
        states, longest, incomplete, cycles, searched = 0, None, [], [], deals
        for seed in range(deals):
            res = explore(game, seed)
            states += res.states
            if res.status == "cycle":
                cycles.append(res)
                if len(cycles) == 3:   # enough to show a short witness
                    searched = seed + 1
                    break
            elif res.status == "incomplete":
                incomplete.append(seed)
            elif longest is None or res.longest > longest.longest:
                longest = res
        what = f"{players} players, {deck}-card deck, {hand} cards each, {searched} deals: {states} positions"
        if cycles:
            shortest = min(cycles, key=lambda r: (len(r.cycle), len(r.prefix)))
            return _cycle_outcome(game, shortest, f"{what}; {len(cycles)} of them can cycle, the shortest "
                                                  f"cycle has {len(shortest.cycle)} moves")
        if incomplete:
            return Outcome(UNKNOWN, f"{what}; no cycle, but deals {incomplete} passed {STATE_CAP} positions")
        moves = " ".join(game.format_move(m) for m in longest.longest_moves)
        return Outcome(HOLDS, f"{what}, no cycle; every line of play ends. Longest game: "
                              f"{longest.longest} moves (deal seed {longest.seed}: {moves}){hunted}")
    return check


def _cycle_outcome(game: Durak, res: Search, detail: str) -> Outcome:
    start = game.replay(res.seed, res.prefix)
    text = (f"{game.players} players, {game.rules.deck_size}-card deck, {game.rules.hand_size} cards each, "
            f"deal seed {res.seed}: after {len(res.prefix)} moves the position comes back after "
            f"{len(res.cycle)} more, so the game can go on for ever.\n"
            f"start: {game.describe(start)}\n"
            f"prefix: {' | '.join(game.format_move(m) for m in res.prefix) or '(none)'}\n"
            f"cycle: {' | '.join(game.format_move(m) for m in res.cycle)}")
    record = game.record(res.seed, list(res.prefix) + list(res.cycle))
    return Outcome(REFUTED, detail, Counterexample(text, record=record))


# ---------------------------------------------------------------- registration

def preset_games(games: Sequence[Durak], preset: str) -> list[Durak]:
    """The given games with one preset's settings applied over their rules."""
    out = []
    for g in games:
        try:
            out.append(type(g)(dataclasses.replace(g.rules, **PRESETS[preset]), players=g.players))
        except VariantError:
            continue
    return out


def _on_preset(check, preset: str):
    def run(games, budget: Budget) -> Outcome:
        return check(preset_games(games, preset), budget)
    return run


#: name -> (title, clauses, method, check)
CHECKS = {
    "attack_limit": ("A bout never holds more attacking cards than the defender held when it began",
                     ("durak-attack-limit", "durak-lead", "durak-throw-in", "durak-transfer"), "hypothesis",
                     attack_limit),
    "beats_legal": ("Every beaten pair on the table is a legal beat under the trump rules",
                    ("durak-beat", "durak-trump", "durak-reversed-penalty"), "hypothesis", beats_legal),
    "transfers_allowed": ("An attack passes to another player only by an allowed transfer",
                          ("durak-transfer", "durak-reversed-penalty"), "hypothesis", transfers_allowed),
    "throw_in_timing": ("Throw-ins come only when the rules allow them; while the defender beats "
                        "(while_beating) the throwers are asked after every beat",
                        ("durak-throw-in", "durak-throwers"), "hypothesis", throw_in_timing),
    "bouts_end": ("Every bout ends in a discard (all beaten) or a pickup by one player",
                  ("durak-take", "durak-throw-in", "durak-next-attacker", "durak-reversed-penalty"),
                  "hypothesis", bouts_end),
    "after_bout": ("After each bout everyone draws from the top of the stock, attacker first and defender "
                   "last, and the right player attacks next",
                   ("durak-draw", "durak-next-attacker", "durak-out"), "hypothesis", after_bout),
    "one_durak": ("At the end exactly one player holds cards and is the durak, or nobody does and the "
                  "result is the defined draw", ("durak-end", "durak-out", "durak-draw"), "hypothesis", one_durak),
    "ranking_2p": ("Two players: each attack finds (stock, cards in play, attacker's hand) lower than the one "
                   "before, so the game ends", ("durak-next-attacker", "durak-draw", "durak-end"), "hypothesis",
                   ranking_2p),
    "terminates": ("Random games on the full deck end", ("durak-end",), "hypothesis", terminates),
    "terminates_2p_small": ("Two players, small deck: no line of play cycles (exhaustive)",
                            ("durak-end", "durak-next-attacker"), "exhaustive", _exhaustive(SMALL_2P, HUNT_2P)),
    "terminates_3p_small": ("Three players, small deck: no line of play cycles (exhaustive)",
                            ("durak-end", "durak-next-attacker"), "exhaustive", _exhaustive(SMALL_3P)),
}

#: The generic properties also checked per preset.
GENERIC = {
    "cards_conserved": ("Every card is in exactly one place at every step", generic.cards_conserved),
    "save_load": ("A saved game loads back to the same state", generic.save_load),
}

#: Honest expectations: (property, preset or None for the rules under test) -> verdict; default holds.
EXPECTED: dict[tuple[str, str | None], str] = {}
for _v in (None,) + VARIANTS:
    EXPECTED[("terminates_3p_small", _v)] = REFUTED
for _name in ("terminates", "terminates_2p_small"):
    EXPECTED[(_name, "english_pairs")] = REFUTED
EXPECTED[("terminates_2p_small", "reversed")] = REFUTED
EXPECTED[("terminates_2p_small", "transfer")] = REFUTED
for _v in ("transfer", "reversed", "english_pairs"):   # the two-player argument does not cover these
    EXPECTED[("ranking_2p", _v)] = REFUTED


def _has_two(games) -> bool:
    return any(g.players == 2 for g in games)


def _has_three_or_more(games) -> bool:
    return any(g.players >= 3 for g in games)


#: Per-player-count claims are skipped when the games checked have no such count.
APPLIES = {"ranking_2p": _has_two, "terminates_2p_small": _has_two, "terminates_3p_small": _has_three_or_more}


def _register() -> None:
    for name, (title, clauses, method, check) in CHECKS.items():
        REGISTRY.add(Property(GAME, name, title, clauses, method, EXPECTED.get((name, None), HOLDS), check,
                              applies=APPLIES.get(name)))
    for v in VARIANTS:
        for name, (title, check) in (GENERIC.items() if v != "english_pairs" else ()):
            REGISTRY.add(Property(GAME, f"{name}@{v}", f"{title} ({v})", (), "hypothesis",
                                  EXPECTED.get((name, v), HOLDS), _on_preset(check, v)))
        for name, (title, clauses, method, check) in CHECKS.items():
            REGISTRY.add(Property(GAME, f"{name}@{v}", f"{title} ({v})", clauses, method,
                                  EXPECTED.get((name, v), HOLDS), _on_preset(check, v), applies=APPLIES.get(name)))


_register()


def main(argv: Sequence[str] | None = None) -> None:
    """Larger exhaustive searches than the build can afford, e.g.
    ``python -m verifier.games.durak --preset simple --deck 12 --hand 3 --players 2 --deals 3``."""
    import argparse
    import time

    from spec.games.durak import Rules
    from spec.rules import make_rules
    ap = argparse.ArgumentParser(description="Durak: exhaustive state-graph search per deal")
    ap.add_argument("--preset", default="simple", choices=sorted(PRESETS))
    ap.add_argument("--deck", type=int, default=12)
    ap.add_argument("--hand", type=int, default=3)
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--deals", type=int, default=3)
    ap.add_argument("--cap", type=int, default=2_000_000)
    args = ap.parse_args(argv)
    rules = dataclasses.replace(make_rules(Rules, PRESETS[args.preset]), deck_size=args.deck, hand_size=args.hand)
    game = Durak(rules, players=args.players)
    for seed in range(args.deals):
        start = time.perf_counter()
        res = explore(game, seed, args.cap)
        what = {"done": f"no cycle, longest game {res.longest} moves",
                "cycle": f"cycle of {len(res.cycle)} moves after {len(res.prefix)}",
                "incomplete": "state cap reached"}[res.status]
        print(f"deal {seed}: {res.states} positions, {what} ({time.perf_counter() - start:.1f} s)", flush=True)


if __name__ == "__main__":
    main()
