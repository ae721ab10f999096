"""The example game's properties: an invariant, a z3 claim and small configurations."""

from __future__ import annotations

import z3

from spec.cards import format_cards
from tests.kernel_example import Follow, matches
from verifier.api import Claim, Root, invariant, small_configs, z3_claim
from verifier.core import Counterexample


@small_configs("example_follow")
def small(game):
    """Two cards each: every deal of seeds 0-19 is explored completely."""
    if game.rules.hand_size > 2:
        game = Follow(type(game.rules)(hand_size=2, match_rank=game.rules.match_rank), players=game.players)
    return [Root.deal(game, seed) for seed in range(20)]


@invariant(Follow, "pile_matches", title="Every card on the pile matches the one below it",
           clauses=["follow-match"], presets=True)
def pile_matches(game, state):
    for below, card in zip(state.pile[1:-1], state.pile[2:]):
        if not matches(card, below, game.rules):
            return f"{card} lies on {below}, which it does not match"
    return None


@z3_claim(Follow, "returns_balance", title="The winners' gains pay for the losers' losses, however many win",
          clauses=["follow-end"])
def returns_balance(game, s):
    n = game.players
    win = [z3.Bool(f"win_{p}") for p in range(n)]
    k = z3.Sum([z3.If(w, 1, 0) for w in win])
    ret = [z3.If(w, n - k, -k) for w in win]
    s.add(k >= 1, z3.Sum(ret) != 0)
    return Claim(f"{n} players: any set of winners' returns sums to 0",
                 lambda m: Counterexample(f"winners {[p for p in range(n) if z3.is_true(m.eval(win[p]))]}"
                                          f" {format_cards(())}", deal={}))
