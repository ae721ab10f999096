"""Sixty-One with a shuffled turnover: a play that keeps the total falling for ever (an experiment, not a timing).

The verdict itself is the verifier's (``verifier.games.sixty_one.hoard_outcome``, 7 to 9 players); this script
measures the long-run fall the argument predicts, for 5 to 11 players, on long seeded deals.

The question (issue #26): with ``turnover_order = "shuffle"`` and 5 to 11 players, does every game end with
probability 1? A shuffle that repeats no position's future rules out the cycle witnesses of the other orders.

The play tried here is a hoard. The ``(h - 1) * n`` highest cards (``h`` cards a hand, ``n`` players) are
kept in the hands for good. Each player plays the lowest card he holds outside the hoard, and a hoard card
only when he holds nothing else. Once every hand holds ``h - 1`` hoard cards, the other cards circulate: each
is played, turned over, drawn and played again, and nothing else is ever played. The shuffle decides only who
draws which of them. Each circulating card is then played equally often in the long run, so with a carried
total the total moves by the mean value of the circulating cards a play. Where that mean is below zero the
total falls without bound, and a game that gets there never reaches the losing total with positive
probability.

With the source's deck, values and hand size the mean is 84 - (the 2n highest values), over 36 - 2n cards:
+12/26 for 5 players, 0 for 6, and -8/22, -16/20, -22/18, -28/16, -32/14 for 7 to 11. This script plays seeded
deals with the hoard through the engine, and prints the predicted and the observed rise a play. The
observed rise is sampled: ``--deals`` seeded deals (seeds 0, 1, ...), each cut off after ``--plays`` plays.

Run: ``.venv/bin/python bench/sixty_one_hoarding.py`` (about a minute).
"""

from __future__ import annotations

import argparse
import json
from fractions import Fraction

from spec.cards import sort_key
from spec.games.sixty_one import Rules, SixtyOne, card_value


def hoard_and_rest(game: SixtyOne) -> tuple[set, list]:
    """The hoard (the ``(h - 1) * n`` highest cards, ties broken by the cards' order) and the circulating rest."""
    deck = sorted(game.deck(), key=lambda c: (card_value(c, game.rules), sort_key(c)), reverse=True)
    k = (game.rules.hand_size - 1) * game.players
    return set(deck[:k]), deck[k:]


def predicted_rise(game: SixtyOne) -> Fraction:
    """The mean value of the circulating cards: the total's long-run rise a play under the hoard."""
    _, rest = hoard_and_rest(game)
    return Fraction(sum(card_value(c, game.rules) for c in rest), len(rest))


def hoard_play(game: SixtyOne, seed: int, plays: int) -> tuple[bool, int, int]:
    """Play deal ``seed`` with the hoard for at most ``plays`` plays: (ended, plays made, final total)."""
    hoard, _ = hoard_and_rest(game)
    state, k = game.deal(seed), 0
    while state.loser is None and k < plays:
        moves = game.legal_moves(state)
        free = [m for m in moves if m.card not in hoard] or list(moves)
        state = game.apply(state, min(free, key=lambda m: card_value(m.card, game.rules)))
        k += 1
    return state.loser is not None, k, state.total


def main(deals: int = 3, plays: int = 20_000, timings=("at_draw", "keep_last")) -> list[dict]:
    rows = []
    for timing in timings:
        for n in range(5, 12):
            game = SixtyOne(Rules(turnover_order="shuffle", turnover_timing=timing), players=n)
            runs = [hoard_play(game, seed, plays) for seed in range(deals)]
            rise = predicted_rise(game)
            rows.append({"players": n, "turnover_timing": timing, "predicted_rise_a_play": str(rise),
                         "predicted": round(float(rise), 3), "deals": deals, "plays_cap": plays,
                         "ended": sum(e for e, _, _ in runs),
                         "observed_rise_a_play": [round(t / k, 3) for e, k, t in runs if not e]})
    return rows


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=3)
    ap.add_argument("--plays", type=int, default=20_000)
    args = ap.parse_args()
    print(json.dumps(main(args.deals, args.plays), indent=1))
