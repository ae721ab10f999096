"""The Play panel's table (spec/web.py), for every game: what the page's script calls through Pyodide.

The browser test (tests/test_browser.py) runs the panel itself in Chromium; here every game's table,
in this process: a view the seat may see, a legal move that plays, a move that a clause refuses (named
with its sentence, in both languages), and a whole game against the bot that reaches its end.
"""

from __future__ import annotations

import json

import pytest

from spec.games import all_games, get_game
from spec.web import WebTable

GAMES = sorted(all_games())
#: games in which the first decisions have no move a clause refuses, and why
NOTHING_TO_REFUSE = {"thirty_one_bank": "a punter may always stand, and buy while the shoe has cards",
                     "casino_war": "every bet the table allows is offered, and war or surrender only after a tie"}


@pytest.mark.parametrize("game_id", GAMES)
def test_the_panel_plays_a_whole_game_and_explains_a_refusal(game_id):
    table = WebTable(game_id, seed=2, seat=0, bot="random")
    refused = None
    for _ in range(5000):
        view = json.loads(table.view())
        if view["over"] or view["stalled"]:   # a War game with a fixed return order can go round for ever
            break
        assert view["to_move"] == 0 and view["moves"], view
        hidden = {name for name, cards in view["zones"] if cards.endswith(" cards") and name != "hand 0"}
        assert all(name != "hand 0" for name in hidden)
        if refused is None:
            refused = _try_a_refused_move(table, view["moves"])
        assert json.loads(table.move(view["moves"][0]))["ok"]
    end = json.loads(table.view())
    assert end["over"] or (end["stalled"] and get_game(game_id)().max_plays() is None), f"{game_id}: stuck"
    decided = any(len(m) > 1 for m in [json.loads(WebTable(game_id, seed=2, bot="random").view())["moves"]])
    if decided and game_id not in NOTHING_TO_REFUSE:
        assert refused, f"{game_id}: no move to refuse was found"


def _try_a_refused_move(table, legal):
    """A move of another state (same kinds, other cards) refused here, with its clause and sentence."""
    game = table.game
    s = game.deal(9)
    for _ in range(300):
        if game.is_over(s):
            break
        for m in game.legal_moves(s):
            text = game.format_move(m)
            if text not in legal:
                answer = json.loads(table.move(text))
                if not answer["ok"] and "label" in answer:
                    assert answer["label"] in game.clause_book() or answer["label"] == game.over_clause
                    assert answer["sentence"]
                    return answer
        s = game.play(s, game.legal_moves(s)[0])
    return None


def test_the_panel_speaks_the_pages_language():
    table = WebTable("sixty_one", seed=4, seat=0, players=2, bot="random", lang="ru")
    view = json.loads(table.view())
    assert any(cards.startswith("карт: ") for _, cards in view["zones"])
    while not json.loads(table.view())["over"]:
        table.move(json.loads(table.view())["moves"][0])
    assert json.loads(table.view())["result"].startswith(("проиграли", "выиграли", "ничья"))
