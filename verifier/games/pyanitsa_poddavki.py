"""The two-deck Pyanitsa: termination per rules option, searched like Pyanitsa's (work in progress)."""

from __future__ import annotations

import dataclasses
from collections import Counter
from itertools import permutations

from spec.i18n import Msg
from spec.games.pyanitsa_poddavki import Poddavki, State
from verifier.api import Root, explore, invariant, small_configs
from verifier.core import REFUTED, REGISTRY, UNKNOWN, Budget, Counterexample, Outcome, Scope

GAME = "pyanitsa_poddavki"
#: Short decks searched exhaustively (ranks, suits per player's deck).
SEARCH_DECKS = ((3, 1), (4, 1), (3, 2))
FULL_DEALS, FULL_CAP = 20, 30_000


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
                roots.append(Root(State((a, b), (), first, 0), f"piles {' '.join(map(str, a))} | "
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


def _terminates(counter, order):
    def check(games, budget: Budget) -> Outcome:
        game = games[0]
        g = type(game)(dataclasses.replace(game.rules, counter=counter, return_order=order), players=2)
        done, found = [], None
        ends = []
        for seed in range(FULL_DEALS if order != "chosen" else 0):  # choices: the full graph is too big
            ex = explore(g, [Root.deal(g, seed)], stop_at_cycle=True, max_states=FULL_CAP)
            if ex.cycle is not None:
                root, prefix, loop = ex.cycle
                found = Counterexample(f"deal seed {seed}: the position after {len(prefix)} lays repeats every "
                                       f"{len(loop)}", record=g.record(seed, prefix + loop))
                break
            if ex.complete:
                ends.append(len(ex.longest[1]))
        if order != "chosen":
            done.append(Msg("full decks, deals 0-{last} one by one: {ended} end, longest {longest} moves",
                            last=FULL_DEALS - 1, ended=len(ends), longest=max(ends, default=0)))
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


def _evidence(game, ex):
    from verifier.api import evidence
    root, prefix, loop = ex.cycle
    return evidence(game, root, prefix + loop, f"the position after {len(prefix)} moves repeats every {len(loop)}")


for _c, _o, _e in (("none", "laid", UNKNOWN), ("none", "reverse", UNKNOWN), ("beggar", "laid", UNKNOWN),
                   ("none", "chosen", REFUTED)):
    REGISTRY.property(GAME, f"terminates_{_c}_{_o}", title=Msg("Every game ends (counter {counter}, {order} order)", counter=_c, order=_o),
                      method="search", expected=_e,
                      clauses=["poddavki-pay", "poddavki-top", "poddavki-return"])(_terminates(_c, _o))

