"""Exact odds of games of pure chance, and the checks that hold the engine to them (issue #22).

A game of chance states its odds exactly, in fractions, by a closed formula or dynamic programming of
its own. What the games share is here: the odds themselves (:class:`Odds`: each seat's chance of
winning, nobody's, and the distribution of the game's length, a :class:`Dist`), the engine's own
odds counted over every order or arrangement of a small pack (:func:`tally`, :func:`arrangements`),
frequencies over seeded games (:func:`simulate`), the agreement checks (:func:`first_difference` for
exact odds, :func:`off_by` / :func:`first_off` / :func:`mean_off` for frequencies, and the refutations
:func:`frequency_refuted` and :func:`mean_refuted` built on them), and the rulebook's
win and length tables and chance plots. A game keeps its formula, its packs and its playing policy.
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from spec.i18n import N_, Msg, tr
from verifier.core import REFUTED, Counterexample, Outcome

#: what a game's play gives the tally: the seat that won (``None``: nobody), and the game's length
#: (``None``: not counted, as where a length is measured only for games someone wins)
Result = tuple[int | None, int | None]


@dataclass(frozen=True)
class Dist:
    """The chances (or the frequencies) of a whole-number count: ``chances[k]`` for k = 0, 1, ... up to the
    last that has any. They sum to 1, or to less where some games are not counted (then the mean and
    the variance are those of the games counted)."""

    chances: tuple[Fraction, ...]

    @classmethod
    def of(cls, chances: dict[int, Fraction] | Iterable[tuple[int, Fraction]]) -> Dist:
        """From the chance of each count (any order; the counts with none may be left out)."""
        by = dict(chances)
        top = max((k for k, p in by.items() if p), default=-1)
        return cls(tuple(Fraction(by.get(k, 0)) for k in range(top + 1)))

    @classmethod
    def frequencies(cls, values: Iterable[int | None], total: int | None = None) -> Dist:
        """The frequency of each count among ``values``, out of ``total`` (default: how many there are;
        ``None`` values are not counted but make up the total)."""
        values = list(values)
        counts = Counter(v for v in values if v is not None)
        n = len(values) if total is None else total
        return cls.of({k: Fraction(c, n) for k, c in counts.items()})

    def pairs(self) -> tuple[tuple[int, Fraction], ...]:
        """``(count, chance)`` for each count that has a chance."""
        return tuple((k, p) for k, p in enumerate(self.chances) if p)

    def at(self, k: int) -> Fraction:
        return self.chances[k] if 0 <= k < len(self.chances) else Fraction(0)

    @property
    def total(self) -> Fraction:
        return sum(self.chances, Fraction(0))

    @property
    def mean(self) -> Fraction:
        total = self.total
        return sum((k * p for k, p in enumerate(self.chances)), Fraction(0)) / total if total else Fraction(0)

    @property
    def variance(self) -> Fraction:
        total = self.total
        if not total:
            return Fraction(0)
        return sum((k * k * p for k, p in enumerate(self.chances)), Fraction(0)) / total - self.mean ** 2


@dataclass(frozen=True)
class Odds:
    """Exact chances (or frequencies) of one configuration: each seat wins, nobody does, and the game's
    length in the game's own unit (draws, cards auctioned)."""

    players: int
    win: tuple[Fraction, ...]
    nobody: Fraction
    length: Dist

    @property
    def mean_length(self) -> Fraction:
        """The mean length of the games whose length is counted."""
        return self.length.mean


def tally(players: int, results: Iterable[Result]) -> Odds:
    """The odds as frequencies over ``results``, each as likely as the others: every order of a small pack
    played by the engine (then they are the engine's own exact odds) or seeded games."""
    results = list(results)
    n = len(results)
    seats = Counter(w for w, _ in results)
    return Odds(players, tuple(Fraction(seats[p], n) for p in range(players)), Fraction(seats[None], n),
                Dist.frequencies((k for _, k in results), n))


def arrangements(pack: Sequence, kind: Callable) -> Iterable[tuple]:
    """Every distinct order of the kinds of ``pack``'s cards (``kind(card)``), as card orders with the cards
    of one kind in their order in ``pack``. Where cards of a kind play alike, each arrangement stands for
    the same number of orders of the cards themselves, so all are equally likely."""
    by_kind: dict = {}
    for card in pack:
        by_kind.setdefault(kind(card), []).append(card)
    kinds = list(by_kind)
    size = len(pack)

    def place(i: int, free: tuple[int, ...], slots: dict):
        if i == len(kinds):
            order = [None] * size
            for k, where in slots.items():
                for pos, card in zip(where, by_kind[k]):
                    order[pos] = card
            yield tuple(order)
            return
        k = kinds[i]
        for where in itertools.combinations(free, len(by_kind[k])):
            yield from place(i + 1, tuple(x for x in free if x not in where), {**slots, k: where})
    yield from place(0, tuple(range(size)), {})


def simulate(play: Callable[[int], object], games: int, seed: int) -> list:
    """What ``play(deal_seed)`` gives for ``games`` seeded games, deal seeds ``seed`` onwards: the
    frequencies of :func:`tally` or :meth:`Dist.frequencies` compare them with the exact odds."""
    return [play(s) for s in range(seed, seed + games)]


# ------------------------------------------------------------ agreement

FIELDS = ("win", "nobody", "length")


def first_difference(a: Odds, b: Odds) -> str | None:
    """The first of ``win``, ``nobody`` and ``length`` in which two exact odds differ (``None``: equal)."""
    return next((f for f in FIELDS if getattr(a, f) != getattr(b, f)), None)


def off_by(p: Fraction, freq: Fraction, n: int, z: float = 4.5) -> bool:
    """A frequency over ``n`` games further than ``z`` standard errors (plus one game) from its exact
    chance ``p``."""
    return abs(float(freq - p)) > z * math.sqrt(float(p * (1 - p)) / n) + 1 / n


def first_off(checks: Iterable[tuple], n: int, z: float = 4.5):
    """The first ``(what, chance, frequency)`` of ``checks`` whose frequency over ``n`` games is
    :func:`off_by` its chance (``None``: all agree)."""
    return next((c for c in checks if off_by(c[1], c[2], n, z)), None)


def mean_off(exact: Dist, sim: Dist, n: int, z: float = 4.5, slack: float = 0.0) -> bool:
    """A simulated mean over ``n`` games further than ``z`` standard errors (plus ``slack``) from the
    exact mean."""
    return abs(float(sim.mean - exact.mean)) > z * math.sqrt(float(exact.variance) / n) + slack


def frequency_refuted(game, checks: Iterable[tuple], examples: int, seed: int,
                      games: str = "games from deal seed") -> Outcome | None:
    """The refutation of a simulation check: the first ``(what, chance, frequency)`` of ``checks`` that
    is :func:`off_by` over ``examples`` seeded games (``games`` says which, before the first seed), with
    the first game's record; ``None`` when every frequency agrees."""
    off = first_off(checks, examples)
    if off is None:
        return None
    what, p, f = off
    return Outcome(REFUTED, Msg("{n} players: {what}", n=game.players, what=what),
                   Counterexample(f"{game.players} players, {examples} {games} {seed}: {what} exactly "
                                  f"{float(p):.4f}, simulated {float(f):.4f}", record=game.record(seed, ())),
                   examples, seed)


def mean_refuted(game, exact: Dist, sim: Dist, examples: int, seed: int, detail: Msg, what: str,
                 slack: float = 0.0) -> Outcome | None:
    """The refutation of a simulation check when the simulated mean (of ``what``) is :func:`mean_off` the
    exact one, with the first game's record; ``None`` when it agrees."""
    if not mean_off(exact, sim, examples, slack=slack):
        return None
    return Outcome(REFUTED, detail,
                   Counterexample(f"{game.players} players: {what} exactly {float(exact.mean):.3f}, simulated "
                                  f"{float(sim.mean):.3f}", record=game.record(seed, ())), examples, seed)


def fmt(x) -> str:
    """Odds in a counterexample: fractions, tuples of them, a distribution as its (count, chance) pairs."""
    if isinstance(x, Dist):
        return fmt(x.pairs())
    if isinstance(x, tuple):
        return "(" + ", ".join(fmt(v) for v in x) + ")"
    return str(x)


# ------------------------------------------------------------ rulebook tables and plots

#: the words of the tables, in the catalogue
WORDS = {"players": N_("players"), "seat": N_("P{seat}"), "nobody": N_("nobody"), "exact": N_("exact"),
         "simulated": N_("simulated")}


def _word(lang: str, key: str) -> str:
    return tr(lang, WORDS[key])


def seat(lang: str, p: int) -> str:
    """A seat's name in a table: P0, P1, ..."""
    return _word(lang, "seat").format(seat=p)


def win_table(lang: str, counts: Iterable[int], exact: Callable[[int], Odds], simulated: Callable[[int], Odds],
              mean: str, nobody: bool = True):
    """Each seat's chance of winning by player count, a row of the exact odds (``exact(n)``) and one of
    the frequencies (``simulated(n)``), with nobody's chance (when ``nobody``) and the mean length (its
    column named ``mean``, in the reader's language)."""
    counts = list(counts)
    width = max(counts)
    header = ([_word(lang, "players")] + [seat(lang, p) for p in range(width)]
              + ([_word(lang, "nobody")] if nobody else []) + [mean])
    rows = []
    for n in counts:
        pad = [""] * (width - n)
        for tag, odds in (("exact", exact(n)), ("simulated", simulated(n))):
            rest = [str(odds.nobody) if tag == "exact" else f"{float(odds.nobody):.4f}"] if nobody else []
            rows.append([f"{n} ({_word(lang, tag)})"] + [f"{float(w):.4f}" for w in odds.win] + pad + rest
                        + [f"{float(odds.mean_length):.3f}"])
    return header, rows


def chance_cells(dist: Dist, counts: Iterable[int], cell: Callable[[Fraction], str], rest_from: int | None = None):
    """The cells of ``dist`` at ``counts`` (each chance through ``cell``), and, given ``rest_from``, one
    more for every count from there on."""
    cells = [cell(dist.at(k)) for k in counts]
    if rest_from is not None:
        cells.append(cell(sum(dist.chances[rest_from:], Fraction(0))))
    return cells


def length_table(lang: str, columns: Sequence[tuple[str, Dist]], counts: Sequence[int], cell, first: str,
                 mean: str):
    """The chance of each length in ``counts`` (a row each; column ``first`` names them), one column per
    ``(label, distribution)``, and a last row (named ``mean``) of the exact mean of each."""
    header = [first] + [label for label, _ in columns]
    cols = [chance_cells(d, counts, cell) for _, d in columns]
    rows = [[str(k)] + [c[i] for c in cols] for i, k in enumerate(counts)]
    rows.append([mean] + [f"{d.mean} = {float(d.mean):.3f}" for _, d in columns])
    return header, rows


def chance_plot(series: Iterable[tuple[str, Sequence, Sequence]], xlabel: str, ylabel: str, title: str, *,
                marker: str = "o", markersize: float | None = None, ncol: int = 1, xticks=None):
    """A line of chances for each ``(label, xs, chances)``, for the rulebook."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    fig, ax = plt.subplots(figsize=(7, 3.6))
    for label, xs, ps in series:
        ax.plot(list(xs), [float(p) for p in ps], marker=marker, markersize=markersize, label=label)
    if xticks is not None:
        ax.set_xticks(xticks)
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    ax.set_title(title)
    ax.legend(fontsize=8, ncol=ncol)
    ax.grid(alpha=0.3)
    fig.tight_layout()
    return fig
