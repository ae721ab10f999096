"""The reachability criterion for ending with probability 1 (verifier.chance), on games given by their graph."""

from __future__ import annotations

from verifier.api import Root
from verifier.chance import ends_almost_surely

END = "end"


class Graph:
    """A game given by its positions: each maps to the positions its moves reach; ``end`` is the end."""

    def __init__(self, edges: dict):
        self.edges = edges

    def is_over(self, state):
        return state == END

    def legal_moves(self, state):
        return self.edges[state]

    def apply(self, state, move):
        return move


def reach(edges, roots=("a",), chance=lambda s: True, **kw):
    return ends_almost_surely(Graph(edges), [Root(r, r) for r in roots], chance=chance, **kw)


def test_a_loop_with_a_way_out_ends_with_probability_1():
    r = reach({"a": ["b"], "b": ["a", END]})
    assert r.almost_surely and r.trapped == 0 and r.states == 3 and r.terminals == 1
    assert r.within == 2  # from a: to b, then out


def test_a_closed_loop_is_a_trap_with_the_way_into_it():
    r = reach({"c": ["d", END], "d": ["a"], "a": ["b"], "b": ["a"]}, roots=("c",))
    assert not r.almost_surely and r.trapped == 3  # d, a and b never lead to an end
    root, moves = r.trap
    assert root.state == "c" and moves == ("d",)  # the shortest way in


def test_a_player_who_can_stay_keeps_the_game_going_but_chance_cannot():
    edges = {"a": ["a", END]}
    assert reach(edges).almost_surely                                  # chance leaves sooner or later
    assert reach(edges, chance=lambda s: False).trapped == 1           # a player just stays


def test_a_player_cannot_dodge_a_chance_that_comes_round_again():
    # the player at a must go to b (or end); at b chance may end it: whatever the player does, it ends
    edges = {"a": ["b", END], "b": ["a", END]}
    r = reach(edges, chance=lambda s: s == "b")
    assert r.almost_surely and r.within == 2
    # but if each of b's outcomes is a position the players can hold, they hold all three for ever
    edges = {"a": ["b", END], "b": ["a", "c"], "c": ["c", END]}
    assert reach(edges, chance=lambda s: s == "b").trapped == 3


def test_a_capped_search_proves_nothing():
    r = reach({"a": ["b"], "b": ["c"], "c": [END]}, max_states=2)
    assert not r.complete and not r.almost_surely and r.trap is None and r.within is None
