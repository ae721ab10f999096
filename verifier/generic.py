"""Generic properties, run for every registered game (as OpenSpiel tests every game)."""

from __future__ import annotations

import dataclasses
import random
from collections import Counter

from spec.engine import Record
from spec.i18n import Msg
from spec.errors import IllegalMove
from spec.rules import make_rules
from verifier.api import Invariant, Watch, walked
from verifier.core import HOLDS, REGISTRY, UNKNOWN, Budget, Outcome, Property
from verifier.sampling import describe_census

ALL = "*"


@walked(ALL, "cards_conserved", title="Every card is in exactly one place at every step")
def cards_conserved(game, seed, budget, notes) -> Watch:
    deck = Counter(game.deck())

    def step(trace, state):
        census = game.card_census(state)
        if census != deck:
            raise trace.refute(describe_census(deck, census), state)
    return Watch(step=step)


@walked(ALL, "moves_exist", title="A game that has not ended has a legal move", whole_game=True)
def moves_exist(game, seed, budget, notes) -> Watch:
    def end(trace, state):
        if not game.is_over(state) and not game.legal_moves(state) and len(trace.moves) < budget.max_plays:
            raise trace.refute(f"P{game.to_move(state)} has no legal move but the game is not over", state)
        if game.is_over(state) and game.legal_moves(state):
            raise trace.refute("the game is over but moves are still offered", state)
    return Watch(end=end)


@walked(ALL, "moves_unique_stable", title="Legal moves are unique, legal and in a stable order")
def moves_unique_stable(game, seed, budget, notes) -> Watch:
    def step(trace, state):
        moves = game.legal_moves(state)
        if len(set(moves)) != len(moves):
            dup = [m for m in moves if moves.count(m) > 1][0]
            raise trace.refute(f"move {game.format_move(dup)} is listed twice", state)
        if game.legal_moves(state) != moves:
            raise trace.refute("asking twice gives a different order", state)
        for m in moves:
            if not game.can_move(state, m):
                raise trace.refute(f"listed move {game.format_move(m)} is rejected by check_move", state)
    return Watch(step=step)


@walked(ALL, "only_mover_moves", title="Only the player to move has moves")
def only_mover_moves(game, seed, budget, notes) -> Watch:
    def step(trace, state):
        mover = game.to_move(state)
        for p in range(game.players):
            if p != mover and game.moves_for(state, p):
                raise trace.refute(f"P{p} has moves although P{mover} is to move", state)
    return Watch(step=step)


@walked(ALL, "replay_reproduces", title="Replaying the seed and the move log reproduces the state")
def replay_reproduces(game, seed, budget, notes) -> Watch:
    def end(trace, state):
        try:
            again = game.replay(seed, trace.moves)
        except IllegalMove as exc:
            raise trace.refute(f"the move log does not replay: {exc}", state) from None
        if again != state:
            raise trace.refute("replay ends in a different state", state)
    return Watch(end=end)


@walked(ALL, "save_load", title="A saved game loads back to the same state")
def save_load(game, seed, budget, notes) -> Watch:
    def end(trace, state):
        record = game.record(seed, trace.moves)
        loaded = Record.from_json(record.to_json())
        if loaded != record:
            raise trace.refute("the record changes on a save/load round trip", state)
        if make_rules(game.Rules, loaded.rules) != game.rules:
            raise trace.refute("the rules change on a save/load round trip", state)
        try:
            again = game.replay(loaded.seed, [game.parse_move(m) for m in loaded.moves])
        except IllegalMove as exc:
            raise trace.refute(f"the loaded record does not replay: {exc}", state) from None
        if again != state:
            raise trace.refute("the loaded record replays to a different state", state)
    return Watch(end=end)


@walked(ALL, "ends_in_bound",
        title="Random play ends within the declared maximum length (or the game declares it may not end)",
        whole_game=True)
def ends_in_bound(game, seed, budget, notes) -> Watch:
    bound = game.max_plays()

    def end(trace, state):
        if bound is not None and not game.is_over(state):
            raise trace.refute(f"still going after the declared maximum of {bound} moves", state)
        if game.is_over(state):
            game.outcome(state)
    return Watch(end=end, cap=bound + 1 if bound is not None else None)


# ------------------------------------------------------------------ kernel
# What the kernel promises of every game: the fast move generator is the
# clauses, and the metadata (zero-sum, chance, hidden information) is true.


def has_clause_moves(game) -> bool:
    """The game's moves come from clauses that offer them."""
    book = game.clause_book()
    return bool(book is not None and book.chains())


def offered_moves(game, state) -> tuple:
    """Every move the clauses offer now, before any decider filters them."""
    return tuple(dict.fromkeys(m for c in game.clause_book().chains() for m in c.offer.fn(game, state)))


def moves_mismatch(game, state) -> str | None:
    """How ``legal_moves`` differs from the offered moves the clauses allow one at a time, if it does."""
    fast = game.legal_moves(state)
    if game.is_over(state):
        return f"the game is over but {game.format_move(fast[0])} is offered" if fast else None
    candidates = offered_moves(game, state)
    allowed = [m for m in candidates if game.refusal(state, m) is None]
    fast_set, allowed_set, cand_set = set(fast), set(allowed), set(candidates)
    for m in fast:
        if m not in cand_set:
            refused = game.refusal(state, m)
            why = f": clause {refused[0]} refuses it: {refused[1]}" if refused else ""
            return f"the legal moves include {game.format_move(m)}, which no clause offers{why}"
        if m not in allowed_set:
            label, reason = game.refusal(state, m)
            return f"the legal moves include {game.format_move(m)}, but clause {label} refuses it: {reason}"
    for m in allowed:
        if m not in fast_set:
            return f"the clauses allow {game.format_move(m)}, but the legal moves do not include it"
    return None


_MATCH = Invariant(moves_mismatch, presets=True)
REGISTRY.add(Property(ALL, "moves_match_clauses", "The legal moves are exactly the offered moves the "
                      "clauses allow one at a time, under every preset", (), "exhaustive", HOLDS, _MATCH.check,
                      applies=lambda games: has_clause_moves(games[0]), shared=_MATCH))


def _zero_sum_verdict(out: Outcome, ends: list, games, budget: Budget) -> Outcome:
    """``ends`` holds (players, seed, returns) for each sampled game that finished: a claim about
    finished games says nothing when none did (``reigns = 0`` in Kings, a cap reached first)."""
    if out.verdict != HOLDS:
        return out
    facts = {"games": out.examples, "seed": budget.seed, "finished": len(ends)}
    if not ends:
        return Outcome(UNKNOWN, Msg("none of the {n} sampled games finished within {plays} plays, so no returns "
                                    "were summed", n=out.examples, plays=budget.max_plays), examples=out.examples, seed=budget.seed, facts=facts)
    if games[0].info.zero_sum:
        if len(ends) >= out.examples:
            return out
        return dataclasses.replace(out, detail=Msg("{detail} ({n} of them finished within {plays} plays)",
                                                   detail=out.detail, n=len(ends), plays=budget.max_plays))
    witness = [e for e in ends if sum(e[2]) != 0]
    if witness:
        n, seed, returns = witness[0]
        return Outcome(HOLDS, Msg("not zero-sum, as declared: {n} players, deal seed {seed} ends with returns "
                                  "{returns}", n=n, seed=seed, returns=" ".join(map(str, returns))), examples=out.examples, seed=budget.seed,
                       facts={**facts, "witness": [n, seed, list(returns)]})
    return Outcome(UNKNOWN, Msg("declared not zero-sum, but all {finished} finished games of {n} sampled summed "
                                "to 0", finished=len(ends), n=out.examples), examples=out.examples, seed=budget.seed, facts=facts)


@walked(ALL, "zero_sum", title="The metadata's zero-sum claim: every finished game's returns "
        "sum to 0 (or, for a game that is not zero-sum, some game's do not)", finish=_zero_sum_verdict,
        whole_game=True)
def zero_sum(game, seed, budget, ends) -> Watch:
    claimed = game.info.zero_sum

    def end(trace, state):
        if not game.is_over(state):
            return
        returns = game.outcome(state).returns
        if len(returns) != game.players:
            raise trace.refute(f"the outcome gives {len(returns)} returns for {game.players} players", state)
        if claimed and sum(returns) != 0:
            raise trace.refute(f"returns {' '.join(map(str, returns))} sum to {sum(returns)}, not 0", state)
        ends.append((game.players, seed, returns))
    return Watch(end=end)


@walked(ALL, "chance", title="The metadata's chance claim: the seeded deal is the only source of "
        "randomness (replays do not depend on any other random state)")
def chance(game, seed, budget, notes) -> Watch:
    claimed = game.info.chance

    def end(trace, state):
        first = game.deal(seed)
        saved = random.getstate()
        try:
            random.seed(seed ^ 0x5EED)  # disturb the global generator: a rule that uses it now differs
            again = game.deal(seed)
            if again != first:
                raise trace.refute("dealing the same seed twice gives two deals: the deal draws on randomness "
                                   "outside its seed", again)
            try:
                for m in trace.moves:
                    again = game.apply(again, m)
            except Exception as exc:  # noqa: BLE001 - a move of the first run that no longer fits
                raise trace.refute(f"replaying the same seed and moves fails ({type(exc).__name__}): the rules "
                                   "draw on randomness outside the seeded deal", state) from None
        finally:
            random.setstate(saved)
        if again != state:
            raise trace.refute("replaying the same seed and moves gives another state: the rules draw on "
                               "randomness outside the seeded deal", state)
        if not claimed:
            other = game.deal(seed + 1)
            if other != game.deal(seed):
                raise trace.refute(f"declared without chance, but seeds {seed} and {seed + 1} deal "
                                   "different positions", state)
    return Watch(end=end, cap=min(budget.max_plays, 2_000))


def _hidden_verdict(out: Outcome, seen_hidden: list, games, budget: Budget) -> Outcome:
    if games[0].info.hidden_information and not seen_hidden:
        return Outcome(UNKNOWN, Msg("declared with hidden information, but in {n} sampled games no player had "
                                    "two hidden cards", n=out.examples), examples=out.examples, seed=budget.seed,
                       facts={"games": out.examples, "seed": budget.seed})
    return out


def _unswapped_zone(after, before, a, b) -> str | None:
    """The first zone where ``after`` is not ``before`` with cards ``a`` and ``b`` swapped."""
    swap = {a: b, b: a}
    for z, cards in before.items():  # as multisets: a zone may keep its cards in a canonical order
        if Counter(after.get(z, ())) != Counter(swap.get(c, c) for c in cards):
            return z
    return None


@walked(ALL, "hidden_information", title="The metadata's hidden-information claim: a player's "
        "view does not change when two cards hidden from them are swapped (and, for a game "
        "without hidden information, nothing is hidden)", finish=_hidden_verdict)
def hidden_information(game, seed, budget, seen_hidden) -> Watch:
    claimed = game.info.hidden_information
    rng = random.Random(seed)

    def step(trace, state):
        # every early state, then fewer and fewer (about 50 + 50 ln(n/50) of n): long games stay cheap
        n = len(trace.moves)
        if n >= 50 and rng.random() >= 50 / n:
            return
        zones = game.zones(state)
        for p in range(game.players):
            hidden = game.hidden_zones(state, p)
            cards = [(z, c) for z in sorted(hidden) for c in zones.get(z, ())]
            if not claimed:
                if cards:
                    raise trace.refute(f"declared without hidden information, but P{p} cannot see "
                                       f"{cards[0][0]} ({cards[0][1]})", state)
                continue
            # a card with a copy in sight (several packs) cannot be renamed unseen
            seen = {c for z, held in zones.items() if z not in hidden for c in held}
            distinct = sorted({c for _, c in cards} - seen, key=str)
            if len(distinct) < 2:
                continue
            if not seen_hidden:
                seen_hidden.append(True)
            a, b = rng.sample(distinct, 2)
            swapped = game.relabel(state, {a: b, b: a})
            moved = _unswapped_zone(game.zones(swapped), zones, a, b)
            if moved is not None:
                raise trace.refute(f"relabelling {a} and {b} does not swap them in zone {moved!r}: the check "
                                   f"of P{p}'s view would see nothing", state)
            if game.observe(swapped, p) != game.observe(state, p):
                raise trace.refute(f"P{p}'s view changes when {a} and {b}, both hidden from P{p}, "
                                   "swap places", state)
    return Watch(step=step, cap=min(budget.max_plays, 2_000))


@walked(ALL, "stakes_conserved", title="Stakes only move: the ledger's total never changes",
        applies=lambda games: hasattr(games[0], "ledger"))
def stakes_conserved(game, seed, budget, notes) -> Watch:
    start = game.ledger(game.deal(seed)).total

    def step(trace, state):
        total = game.ledger(state).total
        if total != start:
            raise trace.refute(f"the ledger holds {total}, it started with {start}", state)
    return Watch(step=step)
