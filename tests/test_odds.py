"""The exact-odds toolkit (verifier/odds.py) on a tiny game of chance whose odds the test works out
apart from it, and each agreement check shown to fail when the odds disagree."""

from __future__ import annotations

import itertools
import math
import random
from fractions import Fraction

from spec.cards import parse_cards
from verifier import odds
from verifier.odds import Dist, Odds, first_difference, first_off, fmt, mean_off, off_by, tally

#: the tiny game: players draw in turn from this pack; the first to draw an ace wins, and the game's
#: length is the number of cards drawn (no ace: nobody wins, the whole pack drawn)
PACK = parse_cards("A♠ A♥ 2♣ 3♣ 4♣")


def play(players, order):
    for t, card in enumerate(order, 1):
        if card.rank.label == "A":
            return (t - 1) % players, t
    return None, len(order)


def worked_out(players, aces, others) -> Odds:
    """The odds by counting: the first ace is the t-th card when the t-1 before it are others, a chance of
    C(others, t-1) (t-1)! * aces * (pack - t)! / pack! for each t."""
    size = aces + others
    first = {t: Fraction(math.comb(others, t - 1) * math.factorial(t - 1) * aces * math.factorial(size - t),
                         math.factorial(size)) for t in range(1, others + 2) if aces}
    win = [sum((p for t, p in first.items() if (t - 1) % players == seat), Fraction(0)) for seat in range(players)]
    nobody = Fraction(0) if aces else Fraction(1)
    return Odds(players, tuple(win), nobody, Dist.of(first if aces else {size: Fraction(1)}))


def test_every_order_and_every_arrangement_give_the_worked_out_odds():
    for players in (2, 3):
        want = worked_out(players, 2, 3)
        every = tally(players, (play(players, o) for o in itertools.permutations(PACK)))
        kinds = list(odds.arrangements(PACK, lambda c: c.rank.label == "A"))
        assert every == want and tally(players, (play(players, o) for o in kinds)) == want
        assert len(kinds) == len(set(kinds)) == math.comb(5, 2)        # one per placing of the two aces
        assert sum(want.win) + want.nobody == 1 and want.length.total == 1
    nobody = tally(2, (play(2, o) for o in itertools.permutations(parse_cards("2♣ 3♣"))))
    assert nobody == worked_out(2, 0, 2) and nobody.nobody == 1 and nobody.win == (0, 0)


def test_arrangements_keep_the_cards_of_a_kind_in_their_order():
    pack = parse_cards("2♣ 2♥ 3♣ 3♥ 4♣")
    orders = list(odds.arrangements(pack, lambda c: c.rank))
    assert len(orders) == math.factorial(5) // (2 * 2)
    for order in orders:
        assert sorted(order) == sorted(pack)
        for rank in (2, 3):
            suits = [c.suit for c in order if c.rank == rank]
            assert suits == [c.suit for c in pack if c.rank == rank]


def test_a_distribution_counts_and_averages_as_statistics_do():
    values = [3, 1, 1, None, 4, 1, 3]
    d = Dist.frequencies(values)
    counted = [v for v in values if v is not None]
    assert d.chances == tuple(Fraction(counted.count(k), len(values)) for k in range(5))
    assert d.total == Fraction(len(counted), len(values))
    mean = Fraction(sum(counted), len(counted))
    assert d.mean == mean and d.variance == sum((Fraction(v) - mean) ** 2 for v in counted) / len(counted)
    assert d.pairs() == ((1, Fraction(3, 7)), (3, Fraction(2, 7)), (4, Fraction(1, 7))) and d.at(9) == 0
    assert Dist.of({2: Fraction(1), 5: Fraction(0)}).chances == (0, 0, 1)   # no trailing counts without chance
    assert Dist(()).mean == 0 == Dist(()).variance


def test_simulate_plays_the_seeds_in_order_and_tally_counts_them():
    seeds = []

    def deal(seed):
        seeds.append(seed)
        order = list(PACK)
        random.Random(seed).shuffle(order)
        return play(2, order)
    results = odds.simulate(deal, 300, 11)
    assert seeds == list(range(11, 311))
    sim = tally(2, results)
    assert sim.win[0] == Fraction(sum(1 for w, _ in results if w == 0), 300) and sum(sim.win) + sim.nobody == 1
    exact = worked_out(2, 2, 3)
    assert first_off([("P0", exact.win[0], sim.win[0]), ("P1", exact.win[1], sim.win[1])], 300) is None
    assert not mean_off(exact.length, sim.length, 300)


def test_each_agreement_check_fails_when_the_odds_disagree():
    exact = worked_out(2, 2, 3)
    assert first_difference(exact, exact) is None
    assert first_difference(exact, worked_out(3, 2, 3)) == "win"
    assert first_difference(exact, Odds(2, exact.win, Fraction(1, 9), exact.length)) == "nobody"
    assert first_difference(exact, Odds(2, exact.win, exact.nobody, Dist.of({1: Fraction(1)}))) == "length"
    # off_by: 4.5 standard errors plus one game, at 400 games around a chance of 1/2
    edge = Fraction(1, 2) + Fraction(45, 400) + Fraction(1, 400)
    assert not off_by(Fraction(1, 2), edge - Fraction(1, 1000), 400) and off_by(Fraction(1, 2), edge + Fraction(1, 1000), 400)
    assert first_off([("a", Fraction(1, 2), Fraction(1, 2)), ("b", Fraction(1, 2), Fraction(9, 10))], 400)[0] == "b"
    shifted = Dist.of({k + 1: p for k, p in exact.length.pairs()})        # every game one card longer
    assert mean_off(exact.length, shifted, 400) and not mean_off(exact.length, shifted, 400, slack=1.0)
    assert fmt(exact.length) == "((1, 2/5), (2, 3/10), (3, 1/5), (4, 1/10))" and fmt((Fraction(1, 3),)) == "(1/3)"


def test_the_tables_show_each_seat_nobody_and_the_mean():
    exact = {n: worked_out(n, 2, 3) for n in (2, 3)}
    header, rows = odds.win_table("en", (2, 3), exact.get, exact.get, "mean draws")
    assert header == ["players", "P0", "P1", "P2", "nobody", "mean draws"]
    assert rows[0] == ["2 (exact)", f"{float(exact[2].win[0]):.4f}", f"{float(exact[2].win[1]):.4f}", "", "0",
                       f"{float(exact[2].mean_length):.3f}"]
    assert rows[1][0] == "2 (simulated)" and rows[1][4] == "0.0000" and len(rows) == 4
    ru, _ = odds.win_table("ru", (2, 3), exact.get, exact.get, "m", nobody=False)
    assert ru[1:4] == ["И0", "И1", "И2"] and "никто" not in ru
    header, rows = odds.length_table("en", [("two", exact[2].length)], (1, 4, 7), str, "draws", "mean")
    assert header == ["draws", "two"] and rows[:3] == [["1", "2/5"], ["4", "1/10"], ["7", "0"]]
    assert rows[3] == ["mean", f"{exact[2].length.mean} = {float(exact[2].length.mean):.3f}"]
    assert odds.chance_cells(exact[2].length, range(2), str, rest_from=2) == ["0", "2/5", str(Fraction(3, 5))]
    fig = odds.chance_plot([("two", range(4), exact[2].win + (0, 0))], "x", "y", "t")
    assert [line.get_label() for line in fig.axes[0].get_lines()] == ["two"]
