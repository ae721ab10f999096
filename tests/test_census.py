"""The random-play census behind ``cardspec simulate`` and the rulebook's "at a glance" boxes."""

from __future__ import annotations

import dataclasses

from spec.games import all_games, get_game
from spec.i18n import tr
from verifier.census import FAMILIES, census, player_counts, sized_census

SixtyOne = get_game("sixty_one")
Kerosinka = get_game("kerosinka")


def test_one_loser_games_count_losses_per_seat():
    c = census(SixtyOne(players=4), 30, seed=5)
    assert c.kind == "loser" and len(c.lengths) == 30 and c.unfinished == 0
    assert sum(c.per_seat()) == 30


def test_a_second_loser_makes_it_a_scored_or_won_game():
    class TwoLosers(SixtyOne):
        def outcome(self, state):
            out = super().outcome(state)
            return dataclasses.replace(out, losers=out.losers + ((out.losers[0] + 1) % self.players,))
    assert census(TwoLosers(players=3), 10, seed=1).kind != "loser"


def test_scored_games_report_mean_scores():
    c = census(Kerosinka(players=4), 3, seed=2)
    assert c.kind == "score"
    means = c.per_seat()
    assert len(means) == 4 and all(isinstance(m, float) for m in means)


def test_the_cap_counts_unfinished_games():
    c = census(SixtyOne(players=3), 5, seed=0, cap=3)
    assert c.unfinished == 5 and max(c.lengths) == 3


def test_census_is_reproducible_from_its_seed():
    a, b = census(SixtyOne(players=3), 15, seed=9), census(SixtyOne(players=3), 15, seed=9)
    assert a.lengths == b.lengths and a.losers == b.losers


def test_sized_census_shrinks_only_for_long_games():
    assert len(sized_census(SixtyOne(players=2), games=25, long_games=5).lengths) == 25
    assert len(sized_census(SixtyOne(players=2), games=25, long_games=5, long=3).lengths) == 5


def test_player_counts_spread_over_the_range():
    assert player_counts(SixtyOne) == [2, 5, 9, 12]
    assert player_counts(Kerosinka) == [4]


def test_every_family_has_a_russian_name():
    missing = {c.info.family for c in all_games().values()} - set(FAMILIES)
    assert not missing, f"add these families to verifier.census.FAMILIES: {sorted(missing)}"
    untranslated = [f for f in FAMILIES if tr("ru", f) == f]
    assert not untranslated, f"translate these families in spec/locale/ru/LC_MESSAGES/cardspec.po: {untranslated}"



def test_a_game_shown_endless_is_stopped_and_would_never_have_ended():
    from spec.games.pyanitsa import Pyanitsa
    game = Pyanitsa(players=2)
    fast = census(game, 12, seed=0, cap=100_000, cycles=True)
    assert fast.endless and fast.endless == fast.unfinished
    # the same games without the check: every one shown endless is still going at a cap far past where it
    # was stopped, and the others end exactly as before (the check does not change the moves)
    slow = census(game, 12, seed=0, cap=max(fast.lengths) * 20)
    assert slow.over == fast.over
    assert [n for n, o in zip(slow.lengths, slow.over) if o] == [n for n, o in zip(fast.lengths, fast.over) if o]


def test_a_repeat_after_a_choice_proves_nothing():
    from verifier.census import Cycle
    import random
    cycle = Cycle()
    rng = random.Random(0)
    cycle.policy("A", ("forced",), rng)
    assert cycle.stop("A")                      # back at A with only forced moves between
    cycle = Cycle()
    cycle.policy("A", ("forced",), rng)
    cycle.policy("B", ("left", "right"), rng)   # a choice since A: the game need not repeat
    assert not cycle.stop("A")
