"""No decorative clauses: every tagged predicate of every game runs in sampled play
(every preset, the extreme player counts), or says why it cannot (``not_in_play=``)."""

from __future__ import annotations

import pytest

from spec.games import all_games
from verifier.clauseruns import clause_runs

GAMES = sorted(all_games())


@pytest.mark.parametrize("game_id", GAMES)
def test_every_tagged_clause_runs_in_play(game_id):
    book = all_games()[game_id].clause_book()
    idle = [label for label, ran in clause_runs(game_id, seeds=10).items() if not ran and not book[label].not_in_play]
    assert not idle, (f"{game_id}: these clauses never run in 10 sampled games per preset and player count; "
                      f"make the rules call them, or say why they cannot with not_in_play=: {idle}")


def test_a_clause_the_rules_stop_calling_is_reported(monkeypatch):
    """The check can fail: scores computed by code other than the tagged clause leave it idle."""
    import spec.games.kerosinka as kero
    assert clause_runs("kerosinka", seeds=2)["kerosinka-points"] is True
    monkeypatch.setattr(kero, "deal_scores", lambda won, points=kero.POINTS: tuple(
        sum(points.get(c.rank, 0) for c in cards) for cards in won))
    assert clause_runs("kerosinka", seeds=2)["kerosinka-points"] is False
