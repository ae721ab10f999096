"""The conveyor of shuffled blocks (verifier.conveyor): its shape, its exploration and its falling run,
checked against brute force over cards on small conveyors."""

from __future__ import annotations

import itertools
import random

import pytest

from verifier.conveyor import Conveyor, falling_run, placements, reach, splits


def test_the_shape_comes_from_the_block_size_and_the_lag():
    # ten players under at_draw: stocks of 7, a card laid 9 plays after the block's first draw starts
    # the window: the last 2 of one block and the first 5 of the next
    assert Conveyor.of(7, 9) == Conveyor(size=7, late=2, wait=1)
    assert Conveyor.of(16, 6) == Conveyor(size=16, late=6, wait=0)     # seven players: one stock back
    assert Conveyor.of(9, 9) == Conveyor(size=9, late=0, wait=1)       # nine under keep_last: alternation
    assert Conveyor.of(7, 9).sizes() == (2, 5, 2, 5, 2) and len(Conveyor.of(3, 11).sizes()) == 9


def test_a_split_is_every_late_part_a_block_allows():
    # (early, late) for each late part of 2 cards a block of two low cards and a high one allows
    assert splits((2, 1), 2) == (((1, 0), (1, 1)), ((0, 1), (2, 0)))
    assert splits((1, 0, 3), 0) == (((1, 0, 3), (0, 0, 0)),)


def test_filled_puts_the_cards_into_the_parts_lowest_value_first():
    # four -10s, four 0s, four 1s and four 2s into the parts (2, 5, 2, 5, 2) of ten players under at_draw
    assert Conveyor(7, 2, 1).filled((4, 4, 4, 4)) == ((2, 0, 0, 0), (2, 3, 0, 0), (0, 1, 1, 0), (0, 0, 3, 2),
                                                      (0, 0, 0, 2))


def brute_placements(counts, sizes):
    cards = [v for v, c in enumerate(counts) for _ in range(c)]
    found = set()
    for order in itertools.permutations(cards):
        parts, i = [], 0
        for s in sizes:
            parts.append(tuple(sorted(order[i:i + s])))
            i += s
        found.add(tuple(parts))
    return len(found)


@pytest.mark.parametrize(("counts", "sizes"), [((2, 2), (1, 2, 1)), ((3, 1, 1), (2, 1, 2)), ((1, 2, 2), (1, 3, 1))])
def test_placements_count_every_filling_of_the_parts_by_value(counts, sizes):
    assert placements(counts, sizes) == brute_placements(counts, sizes)


def full_chain(conveyor, cards):
    """The chain over the cards themselves (not their values), explored from one state: every
    ordered partition reachable, by brute force."""
    sizes, start, i = conveyor.sizes(), [], 0
    for s in sizes:
        start.append(frozenset(cards[i:i + s]))
        i += s
    start, seen, todo = tuple(start), set(), [tuple(start)]
    while todo:
        state = todo.pop()
        if state in seen:
            continue
        seen.add(state)
        block = state[0] | state[1]
        for late in itertools.combinations(sorted(block), conveyor.late):
            todo.append(state[2:] + (block - set(late), frozenset(late)))
    return seen


@pytest.mark.parametrize("conveyor", [Conveyor(3, 1, 0), Conveyor(2, 1, 1), Conveyor(3, 2, 1)])
def test_the_chain_on_values_is_the_chain_on_cards_seen_by_value(conveyor):
    """Every placement by value that the value chain reaches is the image of one the card chain
    reaches, and the other way round; and both reach everything here."""
    m = sum(conveyor.sizes())
    values = [v % 2 for v in range(m)]          # cards of two values, alike within a value
    by_value = {tuple(tuple(sum(values[c] == v for c in part) for v in (0, 1)) for part in state)
                for state in full_chain(conveyor, list(range(m)))}
    first = tuple(tuple(sum(values[c] == v for c in range(i, i + s)) for v in (0, 1))
                  for i, s in zip(itertools.accumulate((0,) + conveyor.sizes()), conveyor.sizes()))
    found = reach(conveyor, first)
    assert found.states == len(by_value) == found.placements and found.irreducible


def test_a_conveyor_without_a_late_part_is_not_irreducible():
    """With no late part a block comes back whole: the chain runs round one cycle and reaches few of
    its states, so the stationary argument cannot be made."""
    found = reach(Conveyor(2, 0, 1), ((0, 0), (1, 1), (0, 0), (1, 1), (0, 0)))
    assert found.back and found.states < found.placements and not found.irreducible


def test_the_falling_run_follows_the_sum_played_card_by_card():
    """A simulation of the same shuffles card by card, with the cards laid one round after they are
    drawn, gives the run's figures."""
    conveyor, values = Conveyor(3, 1, 1), (-10, 0, 2)
    start = ((1, 0, 0), (0, 1, 1), (0, 0, 1), (1, 1, 0), (1, 0, 0))   # late, early, late, early, late
    held = [2, -10]                                                   # two players' cards, oldest first
    run = falling_run(conveyor, values, start, held)
    queue, parts, total, highest, trail = list(held), list(start), 0, 0, []
    for turn in range(40):
        block = [a + b for a, b in zip(parts[0], parts[1])]
        cards = sorted(v for v, c in zip(values, block) for _ in range(c))
        early, late = cards[:len(cards) - conveyor.late], cards[len(cards) - conveyor.late:]
        for card in early + late:
            queue.append(card)
            total += queue.pop(0)
            highest = max(highest, total) if turn < run.before + run.turnovers else highest
        trail.append(total)
        parts = parts[2:] + [tuple(early.count(v) for v in values), tuple(late.count(v) for v in values)]
    assert highest == run.highest
    loop = run.before + run.turnovers
    assert trail[loop - 1] - trail[loop + run.turnovers - 1] == run.fall == trail[loop + run.turnovers - 1] - \
        trail[loop + 2 * run.turnovers - 1]


def test_a_random_walk_of_the_chain_falls_at_the_mean_value():
    """The long-run fall that the stationary argument predicts (the mean card value a play) is what
    a long seeded random run of a small irreducible conveyor shows."""
    conveyor, values, counts = Conveyor(3, 1, 1), (-10, 0, 2), (2, 3, 2)
    state, rng, total, plays = ((1, 0, 0), (0, 1, 1), (0, 0, 1), (1, 1, 0), (0, 1, 0)), random.Random(7), 0, 0
    assert tuple(map(sum, zip(*state))) == counts and reach(conveyor, state).irreducible
    for _ in range(20_000):
        block = tuple(map(int.__add__, state[0], state[1]))
        total += sum(v * c for v, c in zip(values, block))
        plays += sum(block)
        cards = [v for v, c in enumerate(block) for _ in range(c)]
        late = rng.sample(cards, conveyor.late)
        late_part = tuple(late.count(v) for v in range(len(values)))
        state = state[2:] + (tuple(b - t for b, t in zip(block, late_part)), late_part)
    mean = sum(v * c for v, c in zip(values, counts)) / sum(counts)
    assert abs(total / plays - mean) < 0.05
