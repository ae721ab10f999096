"""``Game.standing``: the returns a long match would give if it stopped now, and who uses it.

* Each long match game's standing, worked out by hand from a match in progress: the player ahead on
  the running totals has the best standing.
* A bot's playout cut short and a benchmark game stopped at ``--max-moves`` are scored by it (a
  standing broken in the test is what they report), and by ½ each for a game that has none.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from bench.bench_bots import one_game
from spec.bots import IsmctsBot, RandomBot, playout, scores_now
from spec.dealing import Match
from spec.games import get_game
from spec.stakes import player_account

LONG_MATCHES = ["kozel_old", "trix", "truf", "kerosinka", "koroli", "california_jack"]


def played(game, seed: int, moves: int):
    """The state after ``moves`` random moves of deal ``seed`` (the match still going on)."""
    state, rng = game.deal(seed), random.Random(seed)
    for _ in range(moves):
        legal = game.legal_moves(state)
        state = game.play(state, legal[rng.randrange(len(legal))])
    assert not game.is_over(state)
    return state


def test_truf_stands_on_its_totals():
    game = get_game("truf")()
    state = replace(played(game, 1, 10), match=Match((7, -3, 2, 0), 4, None, 13))
    assert game.standing(state) == (7, -3, 2, 0)


def test_kerosinka_stands_on_the_highest_total_so_far():
    game = get_game("kerosinka")()
    state = played(game, 1, 10)
    assert game.standing(replace(state, match=Match((120, 80, 200, 40), 3, 300))) == (-1, -1, 3, -1)
    assert game.standing(replace(state, match=Match((200, 80, 200, 40), 3, 300))) == (2, -2, 2, -2)


def test_california_jack_stands_on_the_higher_total_so_far():
    game = get_game("california_jack")()
    state = played(game, 1, 4)
    assert game.standing(replace(state, match=Match((4, 6), 3, 10))) == (-1, 1)
    assert game.standing(replace(state, match=Match((6, 6), 3, 10))) == (0, 0)


def test_old_kozel_stands_on_the_tallies():
    game = get_game("kozel_old")()
    state = played(game, 1, 4)
    tally = state.tally.pay(player_account(1), player_account(3), 2).pay(player_account(0), player_account(3), 1)
    assert game.standing(replace(state, tally=tally)) == (-1, -2, 0, 3)


def test_trix_stands_on_the_scores_so_far_and_a_pairs_in_partnership():
    state = None
    for partnership, expected in ((False, (-40, 100, -35, -25)), (True, (-75, 75, -75, 75))):
        game = get_game("trix")(get_game("trix").Rules(partnership=partnership))
        state = played(game, 1, 6)
        progress = replace(state.game, match=Match((-40, 100, -35, -25), 5, None, 20))
        assert game.standing(replace(state, game=progress)) == expected


def test_kings_stands_on_the_titles_won_then_the_tricks_chalked():
    game = get_game("koroli")()
    state = played(game, 1, 6)
    # the introduction: P2 is king; P0 and P3 have 7 tricks, P3 reached 7 first; P1 has 3
    log = (3,) * 7 + (0,) * 7 + (1,) * 3
    s = replace(state, new=(-1, -1, 0, -1), counts=(7, 3, 10, 7), log=log)
    assert game.standing(s) == (1, 0, 3, 2)   # P3 prince, P0 soldier, P1 peasant
    s = replace(state, new=(-1, -1, 0, -1), counts=(8, 3, 10, 7), log=log + (0,))
    assert game.standing(s) == (2, 0, 3, 1)   # more tricks come first


@pytest.mark.parametrize("game_id", LONG_MATCHES)
def test_the_player_ahead_in_a_match_in_progress_has_the_best_standing(game_id):
    """In a random match stopped early, the standing's best seat is a leader of the match's own count."""
    game = get_game(game_id)()
    found = 0
    for seed in range(1, 30):
        state, rng = game.deal(seed), random.Random(seed)
        for _ in range(30 * seed):   # stopped at various points of the match
            if game.is_over(state):
                break
            legal = game.legal_moves(state)
            state = game.play(state, legal[rng.randrange(len(legal))])
        if game.is_over(state):
            continue
        standing = game.standing(state)
        assert standing is not None and len(standing) == game.players
        ahead = leaders(game, state)
        if len(ahead) == 1 and len(set(standing)) > 1:
            found += 1
            assert max(range(game.players), key=standing.__getitem__) == ahead[0], (seed, standing)
    assert found, f"{game_id}: no match with one player ahead: the test proves nothing"


def leaders(game, state) -> tuple[int, ...]:
    """The seats ahead in the game's own running count."""
    gid = game.info.id
    if gid == "kozel_old":
        count = [state.tally[player_account(p)] for p in range(game.players)]
    elif gid == "trix":
        count = list(state.game.totals)
    elif gid == "koroli":
        count = [(-t if t >= 0 else -9, c) for t, c in zip(state.new, state.counts)]
    else:
        count = list(state.match.totals)
    best = max(count)
    return tuple(p for p, c in enumerate(count) if c == best)


def test_a_playout_cut_short_is_scored_by_the_standing(monkeypatch):
    game = get_game("truf")()
    state = played(game, 2, 3)
    assert playout(game, state, random.Random(0), 2) == scores_now(game, state)
    monkeypatch.setattr(type(game), "standing", lambda self, s: (4, 0, 2, 0))   # a standing broken in the test
    assert playout(game, state, random.Random(0), 2) == (1.0, 0.0, 0.5, 0.0)
    monkeypatch.setattr(type(game), "standing", lambda self, s: None)           # no standing: even
    assert playout(game, state, random.Random(0), 2) == (0.5,) * 4


def test_the_benchmark_scores_a_game_stopped_at_max_moves_by_its_standing(monkeypatch):
    game = get_game("kerosinka")()
    monkeypatch.setattr(type(game), "standing", lambda self, s: (3, -1, -1, -1))
    diff, ended, _, _ = one_game(game, 5, 0, IsmctsBot(seed=1, iterations=5), RandomBot(seed=1), 8)
    assert not ended and diff == 1.0          # seat 0 stands best: 1 against the others' 0
    diff, ended, _, _ = one_game(game, 5, 1, IsmctsBot(seed=1, iterations=5), RandomBot(seed=1), 8)
    assert diff == pytest.approx(-1 / 3)      # seat 1: 0 against (1 + 0 + 0) / 3
