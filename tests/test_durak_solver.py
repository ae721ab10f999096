"""The two-player Durak endgame solver (spec/games/_durak_solver.py).

* Its value equals a plain minimax (no pruning, no table) over every position of small decks:
  every split of one, two or three cards a hand (trumps spades: the cards hold all four suits of
  their ranks, so any other trump is the same position renamed), either attacker, under the default
  rules and under the transfer, throw-in, defender-loses and take-any-time variants.
* Its best line replays in the engine and ends with the value it claims; every legal move's
  value is the value after that move.
* The notation round-trips; a bad position is one line and exit 2; a search past its budget is
  reported as unknown.
"""

from __future__ import annotations

import itertools
import random
from math import comb

import pytest
from click.testing import CliRunner

from spec.cards import format_cards
from spec.games._durak_solver import Solver, _value, format_position, parse_position, solve_position
from spec.games.durak import Durak, Rules
from verifier.cli import main


def minimax(game, state, depth: int = 0) -> int:
    """The plain game value from P0's side: every move, no pruning, no memory."""
    assert depth < 200, "a line of play that long means a loop"
    if game.is_over(state):
        return _value(game, state)
    values = [minimax(game, game.play(state, m), depth + 1) for m in game.legal_moves(state)]
    return max(values) if game.to_move(state) == 0 else min(values)


def positions(game, cards: int, per_hand: int, attackers=(0, 1)):
    """Every position with ``per_hand`` cards in each hand drawn from the ``cards`` lowest cards of the deck,
    trumps spades. The deck runs rank by rank through all four suits, so those cards hold every suit of their
    ranks alike: another trump suit is the same position with two suits' names swapped."""
    deck = list(game.deck())[:cards]
    for p0 in itertools.combinations(deck, per_hand):
        rest = [c for c in deck if c not in p0]
        for p1 in itertools.combinations(rest, per_hand):
            for attacker in attackers:
                yield f"trump=♠; attacker={attacker}; p0={format_cards(p0)}; p1={format_cards(p1)}"


#: (cards per hand, lowest cards of the deck they come from): every split, for each variant
EXHAUSTIVE = ((1, 12), (2, 12), (3, 8))


VARIANTS = {"default": Rules(deck_size=12), "transfer": Rules(deck_size=12, transfer=True),
            "throw_in": Rules(deck_size=16, throw_in="always"),
            "defender_loses": Rules(deck_size=12, all_out="defender_loses"),
            "take_any_time": Rules(deck_size=12, take="any_time")}


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_the_solver_agrees_with_a_plain_minimax_on_every_small_position(name):
    """Exhaustive: one and two cards a hand from the 12 lowest cards, three from the 8 lowest, either
    attacker (7,324 positions a variant)."""
    game = Durak(VARIANTS[name], players=2)
    checked = 0
    for per_hand, cards in EXHAUSTIVE:
        for text in positions(game, cards, per_hand):
            state = parse_position(game, text)
            assert Solver(game).value(state) == minimax(game, state), text
            checked += 1
    assert checked == 2 * sum(comb(c, k) * comb(c - k, k) for k, c in EXHAUSTIVE) == 7324


def test_the_best_line_replays_and_each_moves_value_is_the_value_after_it():
    game = Durak(players=2)
    rng = random.Random(3)
    deck = list(game.deck())
    for _ in range(12):
        rng.shuffle(deck)
        k = rng.randint(2, 5)
        text = f"trump=♦; attacker={rng.randint(0, 1)}; p0={format_cards(deck[:k])}; p1={format_cards(deck[k:2 * k])}"
        out = solve_position(game, text)
        state = parse_position(game, text)
        end = state
        for move in out["line"]:
            end = game.play(end, game.parse_move(move))
        assert game.is_over(end) and _value(game, end) == out["value"], text
        best = max if game.to_move(state) == 0 else min
        assert best(out["moves"].values()) == out["value"]
        for move, value in out["moves"].items():
            assert Solver(game).value(game.play(state, game.parse_move(move))) == value


def test_a_broken_solver_is_caught_by_the_minimax_check():
    """The agreement test can fail: a solver that stops at the first move it likes is wrong somewhere."""
    class Hasty(Solver):
        def ordered(self, state):
            return super().ordered(state)[:1]
    game = Durak(Rules(deck_size=12), players=2)
    wrong = [t for t in positions(game, 8, 2, attackers=(0,))
             if Hasty(game).value(parse_position(game, t)) != minimax(game, parse_position(game, t))]
    assert wrong


def test_the_notation_round_trips():
    game = Durak(players=2)
    text = "trump=♥; attacker=1; p0=6♠ 10♥ A♦; p1=7♣ Q♥"
    assert format_position(game, parse_position(game, text)) == text
    assert format_position(game, parse_position(game, "p1=Q♥ 7♣; p0=A♦ 6♠ 10♥; attacker=1; trump=h")) == text


@pytest.mark.parametrize("text, word", [("trump=♠; attacker=2; p0=6♠; p1=7♠", "attacker"),
                                        ("trump=♠; attacker=0; p0=6♠", "missing p1"),
                                        ("trump=♠; attacker=0; p0=6♠ 6♠; p1=7♠", "named more often"),
                                        ("trump=♠; attacker=0; p0=2♠; p1=7♠", "2♠"),
                                        ("trump=♠; attacker=0; p0=; p1=7♠", "both players"),
                                        ("trump=♠; attacker=0; p0=6♠; p1=7♠; p1=8♠", "once each"),
                                        ("nonsense", "key=value")])
def test_a_bad_position_is_one_line_and_exit_2(text, word):
    out = CliRunner().invoke(main, ["solve", "durak", "--position", text])
    assert out.exit_code == 2 and word in out.output and out.output.strip().count("\n") == 0, out.output


def test_a_search_past_its_budget_is_unknown():
    out = CliRunner().invoke(main, ["solve", "durak", "--position", "trump=♠; attacker=0; p0=6♠ 7♠ 8♠ 9♠ 10♠ J♠; "
                                    "p1=Q♠ K♠ A♠ 6♥ 7♥ 8♥", "--max-nodes", "30", "--json"])
    assert out.exit_code == 0
    import json
    doc = json.loads(out.output)
    assert doc["value"] is None and doc["meaning"].startswith("unknown: beyond the budget of 30")


def test_the_command_prints_the_value_of_every_move():
    out = CliRunner().invoke(main, ["solve", "durak", "--position", "trump=♠; attacker=0; p0=6♠ 7♥ K♦; p1=A♠ 8♥ 9♦"])
    assert out.exit_code == 0 and "value: +0 (a draw" in out.output
    assert "attack 6♠: -1 (P0 is the durak)" in out.output and "attack K♦: +0 (a draw: nobody is the durak)" in out.output


def test_the_answer_is_said_in_the_readers_language():
    """``--lang ru`` (or LANG) says the labels, the meanings and the moves in Russian; ``--json`` stays English."""
    text = "trump=♠; attacker=0; p0=6♠ 6♥ 8♣ K♠; p1=7♠ 10♠ J♠ A♦"
    out = CliRunner().invoke(main, ["solve", "durak", "--position", text, "--lang", "ru"])
    assert out.exit_code == 0, out.output
    assert "оценка: +1 (дурак — P1)" in out.output and "  ход 6♠ 6♥: +0 (ничья: дурака нет)" in out.output
    assert "лучшая игра: ход 8♣ · побить 8♣ картой 7♠ ·" in out.output
    english = CliRunner().invoke(main, ["solve", "durak", "--position", text, "--lang", "en"]).output
    assert "best play: attack 8♣ · beat 8♣ with 7♠ ·" in english and "ход" not in english
    doc = CliRunner().invoke(main, ["solve", "durak", "--position", text, "--json", "--lang", "ru"]).output
    assert '"meaning": "P1 is the durak"' in doc


def test_the_pages_worked_example_says_what_the_solver_finds():
    """The rulebook's table is the solver's answer; its prose (only 8♣ wins, the pair of sixes draws, the lone
    6♠ and the K♠ lose) must stay true of it, in both languages."""
    from verifier.games.durak import endgame_table
    header, rows = endgame_table("en")
    assert {move: value for move, value, _, _ in rows} == {"attack 6♠": "-1", "attack 6♥": "+0",
                                                         "attack 6♠ 6♥": "+0", "attack 8♣": "+1",
                                                         "attack K♠": "-1"}
    page = " ".join(open("docs/games/durak.rst", encoding="utf-8").read().split())
    assert "it only draws; the lone trump six or the king of trumps loses; only the 8♣ wins" in page
    ru_header, ru_rows = endgame_table("ru")
    assert ru_header != header and [r[1] for r in ru_rows] == [r[1] for r in rows]
    assert ru_rows[3][0] == "ход 8♣" and ru_rows[3][2] == "дурак — P1"


def test_a_search_past_its_budget_or_round_a_loop_says_unknown_with_what_it_searched(monkeypatch):
    import spec.games._durak_solver as solver_module
    game = Durak(players=2)
    text = "trump=♥; attacker=1; p0=6♠ 10♥ A♦; p1=7♣ Q♥"
    keys = {"position", "value", "meaning", "line", "moves", "nodes", "seconds"}
    solved = solve_position(game, text)
    assert set(solved) == keys and solved["value"] is not None and 0 <= solved["seconds"] < 60
    out = solve_position(game, text, max_nodes=3)
    assert set(out) == keys and 0 <= out["seconds"] < 60 and out["nodes"] > 3
    assert (out["position"], out["value"], out["meaning"], out["line"], out["moves"]) == (
        text, None, "unknown: beyond the budget of 3 positions", [], {})

    class Looping(solver_module.Solver):   # as a search that comes back to a position on its line
        def value(self, state, *args):
            self.nodes += 1
            raise solver_module.Repeated

    monkeypatch.setattr(solver_module, "Solver", Looping)
    out = solve_position(game, text)
    assert set(out) == keys and 0 <= out["seconds"] < 60 and out["nodes"] == 1
    assert (out["position"], out["value"], out["meaning"], out["line"], out["moves"]) == (
        text, None, "unknown: a line of play repeats a position (these rules can loop)", [], {})
