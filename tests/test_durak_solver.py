"""The two-player Durak endgame solver (spec/games/_durak_solver.py).

* Its value equals a plain minimax (no pruning, no table) over every position of small decks:
  every split of one, two or three cards a hand (trumps spades: the cards hold all four suits of
  their ranks, so any other trump is the same position renamed), either attacker, under the default
  rules and under the transfer, throw-in, defender-loses and take-any-time variants; on sampled
  positions of the whole deck too, every move's value and every answer under a narrow window (where
  the table's bounds are read under another window than they were found in).
* The table answers a solved position again at the cost of one position; the budget counts positions;
  a search stops at the first move that wins; rules that loop get no value.
* Its best line replays in the engine and ends with the value it claims; every legal move's
  value is the value after that move.
* The notation round-trips; a bad position is one line and exit 2; a search past its budget is
  reported as unknown.
"""

from __future__ import annotations

import dataclasses
import functools
import itertools
import random
from math import comb

import pytest
from click.testing import CliRunner

from spec.cards import format_cards, parse_cards, parse_suit
from spec.errors import CardspecError
from spec.games._durak_solver import (MAX_NODES, BeyondBudget, Repeated, Solver, _value, format_position,
                                      parse_position, solve_position)
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


def remembered_minimax(game):
    """The plain game value, as :func:`minimax`, remembering each position's value (whole deck sizes fit)."""
    @functools.lru_cache(maxsize=None)
    def value(state) -> int:
        if game.is_over(state):
            return _value(game, state)
        values = [value(game.play(state, m)) for m in game.legal_moves(state)]
        return max(values) if game.to_move(state) == 0 else min(values)
    return value


def sampled(game, seed: int, count: int) -> list[str]:
    """``count`` random positions of the whole deck, three or four cards a hand, in the solver's notation."""
    rng = random.Random(seed)
    deck = list(game.deck())
    texts = []
    for _ in range(count):
        rng.shuffle(deck)
        k = rng.randint(3, 4)
        texts.append(f"trump={deck[-1].suit.symbol}; attacker={rng.randint(0, 1)}; p0={format_cards(deck[:k])}; "
                     f"p1={format_cards(deck[k:2 * k])}")
    return texts


@pytest.mark.parametrize("name", sorted(set(VARIANTS) - {"transfer"}))     # transfer loops on the full deck
def test_every_moves_value_agrees_with_a_plain_minimax_on_sampled_positions_of_the_whole_deck(name):
    """Sampled (seed 11): 30 positions a variant, three or four cards a hand from all 36 cards. The value and
    every move's value, as the command gives them: from one table kept across its searches, so that a bound
    found under one window is read under another."""
    game = Durak(dataclasses.replace(VARIANTS[name], deck_size=36), players=2)
    exact = remembered_minimax(game)
    for text in sampled(game, seed=11, count=30):
        out, state = solve_position(game, text), parse_position(game, text)
        assert out["value"] == exact(state), text
        assert out["moves"] == {game.format_move(m): exact(game.play(state, m)) for m in game.legal_moves(state)}


@pytest.mark.parametrize("name", sorted(set(VARIANTS) - {"transfer"}))
def test_a_search_in_a_narrow_window_returns_a_true_bound_whatever_the_table_holds(name):
    """Sampled (seed 12): 20 positions a variant, three or four cards a hand from all 36 cards, each asked
    under the three windows a search uses, in all six orders, of one solver. An answer at or below the
    window's floor is an upper bound on the value, one at or above its ceiling a lower bound, any other the
    value: so a bound kept in the table from one window must be read for what it is under another."""
    game = Durak(dataclasses.replace(VARIANTS[name], deck_size=36), players=2)
    exact = remembered_minimax(game)
    for text in sampled(game, seed=12, count=20):
        state = parse_position(game, text)
        true = exact(state)
        for windows in itertools.permutations(((-1, 0), (0, 1), (-1, 1))):
            solver = Solver(game)
            for low, high in windows:
                got = solver.value(state, low, high)
                assert (true <= got if got <= low else true >= got if got >= high else got == true), (
                    text, windows, (low, high), got, true)


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


def test_a_search_past_its_budget_or_round_a_loop_says_unknown_with_what_it_searched():
    game = Durak(players=2)
    text = "trump=♥; attacker=1; p0=6♠ 10♥ A♦; p1=7♣ Q♥"
    keys = {"position", "value", "meaning", "line", "moves", "nodes", "seconds"}
    solved = solve_position(game, text)
    assert set(solved) == keys and solved["value"] is not None and 0 <= solved["seconds"] < 60
    out = solve_position(game, text, max_nodes=3)
    assert set(out) == keys and 0 <= out["seconds"] < 60 and out["nodes"] > 3
    assert (out["position"], out["value"], out["meaning"], out["line"], out["moves"]) == (
        text, None, "unknown: beyond the budget of 3 positions", [], {})

    looping = Durak(Rules(transfer=True), players=2)
    out = solve_position(looping, LOOPS)
    assert set(out) == keys and 0 <= out["seconds"] < 60 and out["nodes"] >= len(LOOP)
    assert (out["position"], out["value"], out["meaning"], out["line"], out["moves"]) == (
        LOOPS, None, "unknown: a line of play repeats a position (these rules can loop)", [], {})


#: a two-player position under transfer, and moves that bring it back (the rulebook's transfer loop)
LOOPS = "trump=♠; attacker=1; p0=6♥ 6♦ 7♣ Q♦; p1=6♣ 7♥ 8♦ K♦"
LOOP = ("attack 6♣", "transfer 6♥", "take", "pass", "attack 6♦", "transfer 6♥", "take")


def test_rules_that_can_loop_get_no_value():
    """The search and the best line each stop at a position met again on their way, instead of going round."""
    game = Durak(Rules(transfer=True), players=2)
    state = end = parse_position(game, LOOPS)
    for move in LOOP:
        end = game.play(end, game.parse_move(move))
    assert end == state
    with pytest.raises(Repeated):
        Solver(game).value(state)

    class Stubborn(Solver):     # a line that would go round: every position worth 0, the loop's moves first
        def value(self, state, *window):
            return 0

        def ordered(self, state):
            rank = {move: i for i, move in enumerate(LOOP)}
            return sorted(self.game.legal_moves(state), key=lambda m: rank.get(self.game.format_move(m), len(LOOP)))
    with pytest.raises(Repeated):
        Stubborn(game).line(state)


def test_moves_are_tried_cards_first_more_at_once_then_fewer_trumps_then_lower():
    """The search's move order (it changes only the work done and which of equally good moves the line
    shows): checked pair by pair along random play of several rules, each clause met."""
    from spec.games.durak import Pass, Take

    def laid(move):
        return () if isinstance(move, (Take, Pass)) else (getattr(move, "cards", None)
                                                          or (getattr(move, "cover", None) or move.card,))
    rng = random.Random(5)
    met = set()
    for rules in (Rules(), Rules(throw_in="always"), Rules(transfer=True)):
        game = Durak(rules, players=2)
        deck = list(game.deck())
        for _ in range(15):
            rng.shuffle(deck)
            state = game.position([deck[:6], deck[6:12]], trump=deck[-1].suit, attacker=rng.randint(0, 1))
            while not game.is_over(state):
                order = Solver(game).ordered(state)
                assert sorted(map(repr, order)) == sorted(map(repr, game.legal_moves(state)))
                for a, b in zip(order, order[1:]):
                    ca, cb = laid(a), laid(b)
                    trumps = [sum(c.suit == state.trump for c in cs) for cs in (ca, cb)]
                    assert ca or not cb, (a, b)                          # taking and passing last
                    if ca and cb:
                        assert len(ca) >= len(cb), (a, b)
                        met.add("size" if len(ca) > len(cb) else "trumps" if trumps[0] < trumps[1] else "ranks")
                        if len(ca) == len(cb):
                            assert trumps[0] <= trumps[1], (a, b)
                            if trumps[0] == trumps[1]:
                                assert sum(int(c.rank) for c in ca) <= sum(int(c.rank) for c in cb), (a, b)
                    elif ca:
                        met.add("last")
                state = game.play(state, rng.choice(order))
    assert met == {"size", "trumps", "ranks", "last"}


#: positions worth -1, 0 and +1 to P0 (the first two are the module's and the command's examples)
VALUED = {-1: "trump=♠; attacker=0; p0=6♠ 7♥; p1=A♠ 8♥",
          0: "trump=♠; attacker=0; p0=6♠ 7♥ K♦; p1=A♠ 8♥ 9♦",
          1: "trump=♠; attacker=0; p0=6♠ 6♥ 8♣ K♠; p1=7♠ 10♠ J♠ A♦"}


@pytest.mark.parametrize("value", sorted(VALUED))
def test_a_position_solved_once_is_looked_up_not_searched_again(value):
    """The transposition table keeps a finished search's value (or, at the edge of the window, its bound), so
    asking again costs one position, whatever the value."""
    game = Durak(players=2)
    state = parse_position(game, VALUED[value])
    solver = Solver(game)
    assert solver.value(state) == value
    searched = solver.nodes
    assert searched > 1 and solver.value(state) == value and solver.nodes == searched + 1


def test_the_budget_counts_the_positions_searched():
    """On a line where every turn has one legal move, the search visits each position on it once: that many
    positions is within budget, one fewer is not."""
    game = Durak(players=2)
    state = parse_position(game, "trump=♠; attacker=0; p0=6♠; p1=7♥")
    on_line, end = 0, state
    while not game.is_over(end):
        (move,) = game.legal_moves(end)
        on_line, end = on_line + 1, game.play(end, move)
    solver = Solver(game, max_nodes=on_line)
    assert on_line >= 2 and solver.value(state) == _value(game, end) and solver.nodes == on_line
    with pytest.raises(BeyondBudget):
        Solver(game, max_nodes=on_line - 1).value(state)


def _error(read, *args) -> str:
    """The line of the CardspecError that ``read(*args)`` raises."""
    with pytest.raises(CardspecError) as caught:
        read(*args)
    return str(caught.value)


def _refusal(game, text: str) -> str:
    return _error(parse_position, game, text)


def test_each_bad_position_says_what_is_wrong_and_what_is_allowed():
    game = Durak(players=2)
    keys = "trump, attacker, p0, p1"
    ok = "attacker=0; p0=6♠; p1=7♥"
    assert _refusal(Durak(players=3), f"trump=♠; {ok}") == "the Durak endgame solver plays two players, not 3"
    assert _refusal(game, f"trump=♠; colour=red; {ok}") == (
        f"--position: 'colour=red': write key=value for each of {keys} (once each), separated by ';'")
    assert _refusal(game, "trump=♠; attacker=0") == f"--position: missing p0, p1; allowed keys: {keys}"
    assert _refusal(game, f"trump=q; {ok}") == "--position: trump: " + _error(parse_suit, "q")
    assert _refusal(game, "trump=♠; attacker=0=1; p0=6♠; p1=7♥") == "--position: attacker='0=1': allowed: 0 or 1"
    assert _refusal(game, "trump=♠; attacker=0; p0=Z♠; p1=7♥") == "--position: " + _error(parse_cards, "Z♠")
    assert _refusal(game, "trump=♠; attacker=0; p0=; p1=7♥") == (
        "--position: both players need cards (a player without cards has already gone out)")


def test_a_long_bad_part_is_quoted_only_in_part():
    game = Durak(players=2)
    junk = "".join(str(i % 10) for i in range(100))
    for text in (f"trump=♠; {junk}; attacker=0; p0=6♠; p1=7♥", f"trump=♠; attacker={junk}; p0=6♠; p1=7♥"):
        line = _refusal(game, text)
        assert repr(junk[:40]) in line and repr(junk[:41]) not in line and len(line) < 160, line


def test_a_card_outside_the_deck_is_refused_with_the_whole_deck_listed_suit_by_suit():
    game = Durak(Rules(deck_size=24), players=2)
    line = _refusal(game, "trump=♠; attacker=0; p0=6♠; p1=7♥")
    assert "6♠" in line and "deck_size = 24" in line
    listed = parse_cards(line.split("each once: ")[1])
    assert sorted(listed) == sorted(game.deck())
    runs = [suit for suit, _ in itertools.groupby(c.suit for c in listed)]
    assert len(runs) == len(set(runs)) == 4                  # each suit's cards together
    assert all(int(a.rank) < int(b.rank) for a, b in zip(listed, listed[1:]) if a.suit == b.suit)


def test_the_rulebook_states_the_default_budget():
    from verifier.cli import solve
    page = " ".join(open("docs/games/durak.rst", encoding="utf-8").read().split())
    assert f"{MAX_NODES:,} positions by default" in page
    assert next(p.default for p in solve.params if p.name == "max_nodes") == MAX_NODES


@pytest.mark.parametrize("text", ["trump=♠; attacker=0; p0=9♣ A♦ Q♠; p1=8♦ Q♥ K♣",
                                  "trump=♠; attacker=1; p0=9♥ 9♦ 10♦; p1=9♠ Q♣ A♠"])
def test_a_search_stops_at_the_first_move_that_wins(text):
    """Alpha-beta: once a move gives the player to move the best value there is (+1 for P0, -1 for P1), the
    other moves are not searched: the search costs the position itself plus that move's search."""
    game = Durak(players=2)
    state = parse_position(game, text)
    solver = Solver(game)
    first, *others = solver.ordered(state)
    best = 1 if game.to_move(state) == 0 else -1
    after = Solver(game)
    assert others and after.value(game.play(state, first)) == best
    assert solver.value(state) == best and solver.nodes == 1 + after.nodes
