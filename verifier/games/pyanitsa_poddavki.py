"""The two-deck Pyanitsa: termination per rules option, searched like Pyanitsa's (work in progress)."""

from __future__ import annotations

import dataclasses
from collections import Counter
from dataclasses import dataclass
from itertools import permutations

from spec.i18n import Msg
import spec.games.pyanitsa_poddavki as rules_module
from spec.games.pyanitsa_poddavki import Poddavki, Rules, State
from verifier.api import Root, explore, invariant, small_configs
from verifier.core import REFUTED, REGISTRY, UNKNOWN, Budget, Counterexample, Outcome, Scope

GAME = "pyanitsa_poddavki"
#: Short decks searched exhaustively (ranks, suits per player's deck).
SEARCH_DECKS = ((3, 1), (4, 1), (3, 2))
#: Seeded full-deck deals the property plays out each run, and the lays followed per deal.
FULL_DEALS, FULL_CAP = 20, 1_000_000
#: The fixed return orders whose termination is open on full decks: (counter, return order).
FIXED = (("none", "laid"), ("none", "reverse"), ("beggar", "laid"))
#: Beggar-my-neighbour's longest known finite game (a 52-card game with four paying ranks), for comparison.
BMN_RECORD = Msg("8,344 cards in 1,164 tricks")
#: What ``main`` found on the rules' own deck (52 cards each), re-checked by every run (its longest game is
#: replayed): (counter, return order) -> the census of seeded deals and the local search from its longest.
#: Census of 2026-12-03 (100,000 deals per option, 3,000 swaps of local search each; about 5 minutes per option on
#: two cores): every deal ended, and no swap from the longest gave a longer game (were one found, its piles would
#: have to be recorded and replayed here too).
CENSUS: dict[tuple[str, str], dict] = {
    ("none", "laid"): {"deals": 100_000, "ended": 100_000, "loops": 0, "seed": 41296, "lays": 11239, "tricks": 1283,
                       "steps": 3000},
    ("none", "reverse"): {"deals": 100_000, "ended": 100_000, "loops": 0, "seed": 28196, "lays": 8072, "tricks": 951,
                          "steps": 3000},
    ("beggar", "laid"): {"deals": 100_000, "ended": 100_000, "loops": 0, "seed": 59295, "lays": 10053, "tricks": 1075,
                         "steps": 3000},
}


def two_cards_to_hide(rules, players) -> bool:
    """Whether the deck has two different cards: with one rank of one suit (``ranks = 1, suits = 1``) both
    packs are the same card, so a face-down pile hides nothing."""
    return len(set(Poddavki(rules, players=players).deck())) >= 2


#: Where the generic claims of the game's metadata hold: ``hidden_information`` needs two different cards.
GENERIC_SCOPES = {"hidden_information": Scope("the deck has two different cards (not ranks = 1 with suits = 1)",
                                              two_cards_to_hide)}


def short(game, ranks, suits, **changes):
    return type(game)(dataclasses.replace(game.rules, ranks=ranks, suits=suits, **changes), players=2)


def rank_key(s: State):
    return (tuple(tuple(c.rank for c in p) for p in s.piles), tuple(c.rank for c in s.heap), s.to_move,
            s.demand, s.claimant, s.gathering, s.over)


def every_deal(game) -> list[Root]:
    """Every pair of orders of the two players' own decks (suits alike), for each starter."""
    from spec.games.pyanitsa_poddavki import own_deck
    deck = own_deck(game.rules)
    orders = {tuple(c.rank for c in p): p for p in permutations(deck)}
    roots = []
    for a in orders.values():
        for b in orders.values():
            for first in (0, 1):
                roots.append(Root(game.position((a, b), to_move=first), f"piles {' '.join(map(str, a))} | "
                                  f"{' '.join(map(str, b))}; P{first} starts"))
    return roots


@small_configs(GAME)
def small(game):
    g = short(game, 3, 1)
    if game.rules.return_order == "chosen":
        return [Root.deal(g, s) for s in range(4)]
    return every_deal(g)


@invariant(Poddavki, "cards_kept_apart", title="Each player's own deck plus the heap always make two whole "
           "decks, and the game ends only with one player empty-handed", clauses=["poddavki-decks", "poddavki-pay",
                                                                                  "poddavki-end"], presets=True)
def cards_kept_apart(game, state):
    total = Counter(state.piles[0]) + Counter(state.piles[1]) + Counter(state.heap)
    if any(v != 2 for v in total.values()):
        return "some card is not there exactly twice"
    if state.over and all(state.piles):
        return "the game ended with both players holding cards"
    if state.over:
        out = next(p for p in range(2) if not state.piles[p])
        win = 1 - out if game.rules.objective == "all_cards" else out
        if game.outcome(state).winners != (win,):
            return f"P{out} has no cards, {game.rules.objective} objective, but the winners are " \
                   f"{game.outcome(state).winners}"
    if state.demand and state.claimant != 1 - state.to_move:
        return f"P{state.to_move} pays, but the honour was laid by P{state.claimant}"
    return None


# ------------------------------------------------------------- full decks: long games and loops
#
# Under a fixed return order a deal is one line of play: it ends or it loops. The play depends on each
# card's payment alone (``poddavki-pay``: an ace 3, a king 2, any other card 0), so two positions between
# tricks whose piles hold the same payments in the same places, with the same player to lay, have the same
# future: such a repeat is a loop for ever. Brent's method finds it with constant memory.


@dataclass(frozen=True)
class Played:
    """A full deck's deal played out under a fixed return order."""

    lays: int                          # cards laid (Beggar-my-neighbour's "cards")
    tricks: int                        # heaps taken, the last one included
    over: bool
    loop: tuple[int, int] | None       # (tricks before the loop, tricks per turn of it), if it loops


def between_tricks(state: State) -> tuple:
    """The part of a position between tricks that decides the rest: each pile as its cards' payments."""
    pay = rules_module.payment              # looked up at each call: a test may replace the clause
    return tuple(bytes(map(pay, p)) for p in state.piles), state.to_move


def play_out(game, state: State, cap: int = FULL_CAP) -> Played:
    """Follow the one line of play from ``state`` to its end, a loop, or ``cap`` lays."""
    lays = tricks = 0
    mark, power, period = between_tricks(state), 1, 0
    at = 0                                   # the trick at which ``mark`` was taken
    while not state.over and lays < cap:
        moves = game.legal_moves(state)
        if len(moves) != 1:
            raise ValueError(f"play_out follows one line of play; return_order = {game.rules.return_order!r} "
                             f"offers {len(moves)} moves")
        state = game.apply(state, moves[0])
        lays += 1
        if state.heap or state.gathering:
            continue
        tricks += 1
        if state.over:
            break
        now = between_tricks(state)
        period += 1
        if now == mark:
            return Played(lays, tricks, False, (at, period))
        if period == power:                  # Brent: move the mark up, and wait twice as long
            mark, at, power, period = now, tricks, power * 2, 0
    return Played(lays, tricks, state.over, None)


def census(game, seeds: range, cap: int = FULL_CAP) -> dict:
    """The seeded deals ``seeds`` played out: how many end, loop or outrun ``cap``, and the longest."""
    out = {"deals": len(seeds), "ended": 0, "loops": [], "unfinished": [], "lays": 0,
           "longest": None}
    for seed in seeds:
        got = play_out(game, game.deal(seed), cap)
        out["lays"] += got.lays
        if got.loop:
            out["loops"].append(seed)
        elif not got.over:
            out["unfinished"].append(seed)
        else:
            out["ended"] += 1
            if out["longest"] is None or got.lays > out["longest"][1]:
                out["longest"] = (seed, got.lays, got.tricks)
    return out


def climb(game, piles, first: int, steps: int, seed: int, cap: int = FULL_CAP):
    """A longer game by local search: swap two cards of one pile, keep the swap if the game gets no shorter
    (or loops). Returns the best ``(piles, first, Played)``."""
    import random
    rng = random.Random(seed)
    best = play_out(game, game.position(piles, to_move=first), cap)
    piles = [list(p) for p in piles]
    for _ in range(steps):
        if best.loop or not best.over:
            break
        p = rng.randrange(2)
        i, j = rng.sample(range(len(piles[p])), 2)
        if rules_module.payment(piles[p][i]) == rules_module.payment(piles[p][j]):
            continue                         # the same payments: the same game
        piles[p][i], piles[p][j] = piles[p][j], piles[p][i]
        got = play_out(game, game.position(piles, to_move=first), cap)
        if got.loop or not got.over or got.lays >= best.lays:
            best = got
        else:
            piles[p][i], piles[p][j] = piles[p][j], piles[p][i]
    return tuple(map(tuple, piles)), first, best


def _terminates(counter, order):
    def check(games, budget: Budget) -> Outcome:
        game = games[0]
        g = type(game)(dataclasses.replace(game.rules, counter=counter, return_order=order), players=2)
        done, found = [], None
        if order != "chosen":       # under "chosen" the full graph is too big
            full, found = _full_deals(g)
            done.append(full)
            done.extend(_recorded(g, counter, order))
        decks = SEARCH_DECKS[:1] if order == "chosen" else SEARCH_DECKS
        for ranks, suits in decks:
            s = short(g, ranks, suits)
            roots = every_deal(s)
            ex = explore(s, roots, key=rank_key, max_states=budget.max_states)
            what = Msg("{ranks}x{suits} per player (all {deals} deals, {states} positions)", ranks=ranks,
                       suits=suits, deals=len(roots), states=ex.states)
            if ex.cycle is not None:
                found = found or _evidence(s, ex)
                done.append(Msg("{what}: a cycle", what=what))
            elif ex.complete:
                done.append(Msg("{what}: every deal ends, longest {longest} moves", what=what,
                                longest=len(ex.longest[1])))
            else:
                done.append(Msg("{what}: unfinished", what=what))
        text = Msg("counter {counter}, {order} order: {done}", counter=counter, order=order,
                   done=Msg.join("; ", done))
        if found is not None:
            return Outcome(REFUTED, text, found, method="search")
        return Outcome(UNKNOWN, Msg("{text}; no cycle found, and no proof that none exists", text=text),
                       method="search")
    return check


def _full_deals(game) -> tuple[Msg, Counterexample | None]:
    """Seeded full-deck deals ``0 .. FULL_DEALS-1``, each played to its end or a loop (:func:`play_out`)."""
    ends = []
    for seed in range(FULL_DEALS):
        got = play_out(game, game.deal(seed))
        if got.loop:
            return Msg("full decks: deal seed {seed} loops", seed=seed), _loop_evidence(game, seed, got)
        if got.over:
            ends.append(got)
    longest = max(ends, key=lambda p: p.lays, default=Played(0, 0, True, None))
    return Msg("full decks, deals 0-{last} played out: {ended} end, the longest in {lays} cards ({tricks} "
               "tricks)", last=FULL_DEALS - 1, ended=len(ends), lays=longest.lays, tricks=longest.tricks), None


def _loop_evidence(game, seed: int, got: Played) -> Counterexample:
    """The record of a looping deal: its forced lays up to the second time the repeated position is met."""
    at, period = got.loop
    state, moves, tricks = game.deal(seed), [], 0
    while tricks < at + period:
        move = game.legal_moves(state)[0]
        state = game.apply(state, move)
        moves.append(move)
        tricks += not state.heap and not state.gathering
    return Counterexample(f"deal seed {seed}: between tricks, after trick {at} and again after trick {at + period}, "
                          "each pile holds the same payments (ace 3, king 2, other cards 0) in the same places, "
                          "with the same player to lay; the deal loops for ever", record=game.record(seed, moves))


def _recorded(game, counter: str, order: str) -> list[Msg]:
    """The larger searches of :func:`main` (:data:`CENSUS`) on the rules' own deck, their longest games replayed
    now: a stale figure says so."""
    if (counter, order) not in CENSUS or (game.rules.deck, game.rules.ranks, game.rules.suits) != ("52", 0, 4):
        return []
    c = CENSUS[(counter, order)]
    seed_game = play_out(game, game.deal(c["seed"]))
    fresh = (seed_game.lays, seed_game.tricks) == (c["lays"], c["tricks"])
    text = Msg("the census of python -m verifier.games.pyanitsa_poddavki: seeded deals 0-{last}, each played to its "
               "end or a loop: {ended} end and {loops} loop; the longest, deal seed {seed}, lasts {lays} cards "
               "({tricks} tricks); Beggar-my-neighbour's longest known game: {bmn}", last=c["deals"] - 1,
               ended=c["ended"], loops=c["loops"], seed=c["seed"], lays=c["lays"], tricks=c["tricks"], bmn=BMN_RECORD)
    text = Msg("{text}; a local search from it (swapping two cards of a pile, {steps} tries) found no longer "
               "game", text=text, steps=c["steps"])
    if fresh:
        return [Msg("{text} (replayed now)", text=text)]
    return [Msg("{text}; but these rules no longer replay that game to that length: run the census again",
                text=text)]


def _evidence(game, ex):
    from verifier.api import evidence
    root, prefix, loop = ex.cycle
    return evidence(game, root, prefix + loop, f"the position after {len(prefix)} moves repeats every {len(loop)}")


for _c, _o, _e in [(c, o, UNKNOWN) for c, o in FIXED] + [("none", "chosen", REFUTED)]:
    REGISTRY.property(GAME, f"terminates_{_c}_{_o}", title=Msg("Every game ends (counter {counter}, {order} order)", counter=_c, order=_o),
                      method="search", expected=_e,
                      clauses=["poddavki-pay", "poddavki-top", "poddavki-return"])(_terminates(_c, _o))


def _shard(job):
    counter, order, start, stop, cap = job
    game = Poddavki(Rules(counter=counter, return_order=order), players=2)
    return census(game, range(start, stop), cap)


def _merged(parts: list[dict]) -> dict:
    out = {"deals": sum(p["deals"] for p in parts), "ended": sum(p["ended"] for p in parts),
           "loops": [s for p in parts for s in p["loops"]], "unfinished": [s for p in parts for s in p["unfinished"]],
           "lays": sum(p["lays"] for p in parts)}
    longest = [p["longest"] for p in parts if p["longest"]]
    out["longest"] = max(longest, key=lambda x: (x[1], -x[0])) if longest else None
    return out


def full_census(counter: str, order: str, deals: int, *, workers: int = 2, scheduler: str | None = None,
                climb_steps: int = 3_000, cap: int = FULL_CAP) -> dict:
    """:func:`census` of the seeded full-deck deals ``0 .. deals-1`` under one option, sharded over local
    processes (``workers``) or a Dask scheduler, then :func:`climb` from the longest."""
    step = max(1, deals // (max(workers, 1) * 8))
    jobs = [(counter, order, a, min(a + step, deals), cap) for a in range(0, deals, step)]
    if scheduler:
        from dask.distributed import Client
        with Client(scheduler) as client:
            parts = client.gather(client.map(_shard, jobs, pure=False))
    elif workers > 1:
        from multiprocessing import get_context
        with get_context("spawn").Pool(workers) as pool:
            parts = pool.map(_shard, jobs)
    else:
        parts = list(map(_shard, jobs))
    got = _merged(parts)
    game = Poddavki(Rules(counter=counter, return_order=order), players=2)
    if got["longest"] is not None:
        seed = got["longest"][0]
        deal = game.deal(seed)
        piles, first, best = climb(game, deal.piles, deal.to_move, climb_steps, seed, cap)
        got["climbed"] = {"steps": climb_steps, "lays": best.lays, "tricks": best.tricks, "over": best.over,
                          "loop": best.loop, "first": first, "piles": [" ".join(map(str, p)) for p in piles]}
    return got


def main(argv=None) -> None:
    """Full decks, per open option: a census of seeded deals, each played to its end or a loop, then a local
    search for longer games from the longest. ``python -m verifier.games.pyanitsa_poddavki --deals 100000``
    (``--scheduler tcp://host:port`` to shard it over a Dask cluster)."""
    import argparse
    import json
    import time
    ap = argparse.ArgumentParser(description="Two-deck Pyanitsa on full decks: long games and loops")
    ap.add_argument("--deals", type=int, default=100_000)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--scheduler", help="a Dask scheduler address instead of local processes")
    ap.add_argument("--climb", type=int, default=3_000, help="swaps tried by the local search per option")
    ap.add_argument("--cap", type=int, default=FULL_CAP, help="lays followed per deal")
    args = ap.parse_args(argv)
    for counter, order in FIXED:
        start = time.perf_counter()
        got = full_census(counter, order, args.deals, workers=args.workers, scheduler=args.scheduler,
                          climb_steps=args.climb, cap=args.cap)
        got["seconds"] = round(time.perf_counter() - start, 1)
        print(json.dumps({"counter": counter, "order": order, **got}, ensure_ascii=False), flush=True)


if __name__ == "__main__":
    main()
