"""Terminal play (``cardspec play GAME --seat N``) and the bots.

* Through a pseudo-terminal, for every game: a person's illegal move is refused with the clause
  it breaks, and a whole game against the bots reaches its end.
* The commands: ``?``, ``why``, ``hint``, ``undo``, ``save`` and ``--replay`` to resume; end of
  input ends the game cleanly; bad arguments get one line and exit 2.
* A bot never sees a hidden card: swapping the cards the seat cannot see leaves its choice as it was.
"""

from __future__ import annotations

import os
import random
import re
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from rich.console import Console

from spec.bots import GreedyBot, IsmctsBot, RandomBot, determinize, make_bot
from spec.games import all_games, get_game
from verifier.cli import main
from verifier.seat import Session

GAMES = sorted(all_games())
CARDSPEC = str(Path(sys.executable).parent / "cardspec")


class _Stop(Exception):
    pass


def first_decision(game, seat: int, seed: int):
    """The session and state at the seat's first real decision (``None`` if it never has one)."""
    seen = {}

    def ask(prompt):
        seen["state"] = session.state
        raise _Stop
    session = Session(game, seed, (seat,), RandomBot(seed=seed), ask, Console(file=open(os.devnull, "w")))
    try:
        session.run()
    except _Stop:
        return seen["state"]
    return None


def refused_text(game, state) -> tuple[str, str] | None:
    """A move text that reads as a move, is not legal in ``state``, and has a clause that refuses it."""
    texts, rng = [], random.Random(0)
    s = game.deal(7)
    for _ in range(400):   # the moves of another game: the same kinds, other cards and amounts
        if game.is_over(s):
            break
        moves = game.legal_moves(s)
        texts += [game.format_move(m) for m in moves]
        s = game.play(s, moves[rng.randrange(len(moves))])
    legal = {game.format_move(m) for m in game.legal_moves(state)}
    for text in dict.fromkeys(texts):
        if text in legal:
            continue
        try:
            move = game.parse_move(text)
        except Exception:  # noqa: BLE001 - not a move of this game's notation
            continue
        why = game.refusal(state, move)
        if why is not None:
            return text, why[0]
    return None


#: games in which a person's move is never refused in the games played here, and why
NOTHING_TO_REFUSE = {"thirty_one_bank": "a player may always stand, and buy while the shoe has cards: the shoe of "
                                        "a few players' game never runs out"}


def rehearse(game, seat: int, seed: int, max_moves: int):
    """Play the session in this process as the terminal test will (the person takes the first legal
    move): whether it ends within ``max_moves``, and the first decision at which some move can be
    refused, with that move's text and the clause that refuses it."""
    found = {}
    decisions = [0]

    def ask(prompt):
        state = session.state
        if "bad" not in found:
            bad = refused_text(game, state)
            if bad is not None:
                found["bad"] = (decisions[0],) + bad
        decisions[0] += 1
        return game.format_move(game.legal_moves(state)[0])
    session = Session(game, seed, (seat,), RandomBot(seed=seed), ask, Console(file=open(os.devnull, "w")),
                      max_moves=max_moves)
    session.run()
    return game.is_over(session.state), found.get("bad"), decisions[0]


@pytest.mark.parametrize("game_id", GAMES)
def test_a_person_plays_a_whole_game_at_a_terminal_and_an_illegal_move_names_its_clause(game_id):
    pexpect = pytest.importorskip("pexpect")
    game = get_game(game_id)()
    seat, cap = game.players - 1, 4000
    # a deal that ends within the cap (a War game with a fixed return order can go round for ever)
    seed, (ended, bad, decisions) = next((s, r) for s in range(1, 40) for r in [rehearse(game, seat, s, cap)] if r[0])
    child = pexpect.spawn(CARDSPEC, ["play", game_id, "--seat", str(seat), "--bots", "random", "--seed", str(seed),
                                     "--max-moves", str(cap)],
                          encoding="utf-8", timeout=60, dimensions=(60, 200),
                          env={**os.environ, "COLUMNS": "200", **ENGLISH})
    child.delaybeforesend = None
    prompt = f"P{seat}> "
    asked = 0
    try:
        while True:
            i = child.expect_exact([prompt, "game over after", pexpect.EOF])
            if i != 0:
                break
            if bad and asked == bad[0]:
                child.sendline(bad[1])
                child.expect_exact("refused by ")
                child.expect(r"(\S+): ")
                assert child.match.group(1) == bad[2]
                child.expect_exact(f"rulebook: docs/_build/html/games/{game_id}.html#{bad[2]}")
                child.expect_exact(prompt)
            child.sendline("?")
            child.expect(r"legal moves: ([^\r\n]*)\r?\n")
            choice = child.match.group(1).split("  ")[0]
            child.expect_exact(prompt)
            child.sendline(choice)
            asked += 1
        assert i == 1, f"{game_id}: the game did not reach its end: {child.before[-500:]}"
        child.expect(pexpect.EOF)
    finally:
        child.close()
    assert child.exitstatus == 0 and "Traceback" not in (child.before or "")
    assert asked == decisions
    if decisions and game_id not in NOTHING_TO_REFUSE:
        assert bad is not None, f"{game_id}: no decision of the game had a move to refuse"


ENGLISH = {"LANG": "C.UTF-8", "LC_ALL": "", "LC_MESSAGES": ""}


def run(*args, input=None, env=ENGLISH):
    out = CliRunner().invoke(main, ["play", *args], input=input, env=env)
    return out.exit_code, out.output


def test_commands_list_explain_hint_undo_and_save_and_a_saved_game_resumes(tmp_path):
    game = get_game("sixty_one")(players=3)
    state = first_decision(game, 0, 4)
    hand = game.zones(state)["hand 0"]
    mine = str(hand[0])
    lines = ["?", "why 7♠" if "7♠" not in map(str, hand) else "why 8♥", "hint", mine, "undo", mine,
             f"save {tmp_path / 'g.json'}", "quit"]
    code, out = run("sixty_one", "--players", "3", "--seat", "0", "--seed", "4", "--bots", "random",
                    input="\n".join(lines) + "\n")
    assert code == 0, out
    assert "legal moves: " in out and "refused by sixty-one-play" in out and "hint: " in out
    assert "undone: back to move 3" in out and "saved to" in out and "game left unfinished" in out
    code, out2 = run("--replay", str(tmp_path / "g.json"), "--seat", "0", "--bots", "random", input="quit\n")
    assert code == 0 and "P0> " in out2, out2
    assert out2.count(". P") == 0   # resumed after the saved moves: nothing is replayed as a new move


def test_the_session_speaks_russian_with_lang_ru_or_a_russian_locale():
    lines = "?\nwhy K♠\nquit\n"
    for args, env in ((("--lang", "ru"), ENGLISH), ((), {**ENGLISH, "LANG": "ru_RU.UTF-8"})):
        code, out = run("sixty_one", "--players", "2", "--seat", "0", "--seed", "4", "--bots", "random", *args,
                        input=lines, env=env)
        assert code == 0 and "допустимые ходы: " in out and "партия не доиграна" in out, out
        assert "отклонено правилом sixty-one-play" in out and "docs/_build/html-ru/games/sixty_one.html" in out


def test_end_of_input_ends_the_game_cleanly():
    code, out = run("durak", "--seat", "0", "--seed", "2", "--bots", "random", input="")
    assert code == 0 and "game left unfinished" in out and "Traceback" not in out


@pytest.mark.parametrize("args, word", [(["durak", "--seat", "7"], "--seat 7"),
                                        (["durak", "--seat", "0", "--bots", "smart"], "--bots"),
                                        (["durak", "--seat", "0", "--bots", "ismcts:0"], "--bots"),
                                        (["--replay", "nope.json", "--seat", "0"], "nope.json")])
def test_bad_play_arguments_get_one_line_and_exit_2(args, word):
    out = CliRunner().invoke(main, ["play", *args])
    assert out.exit_code == 2 and word in out.output and out.output.strip().count("\n") == 0, out.output


def test_bots_play_every_seat_without_a_person():
    code, out = run("kerosinka", "--bots", "greedy:1", "--seed", "3", "--max-moves", "40")
    assert code == 0 and out.count(". P") == 40


def swapped_hidden(game, state, seat: int, rng: random.Random):
    """``state`` with the cards ``seat`` cannot see swapped among their places."""
    zones = game.zones(state)
    hidden = game.hidden_zones(state, seat)
    visible = {c for z, cs in zones.items() if z not in hidden for c in cs}
    cards = sorted({c for z, cs in zones.items() if z in hidden for c in cs} - visible,
                   key=lambda c: (str(c.suit), int(c.rank)))
    fresh = list(cards)
    rng.shuffle(fresh)
    return game.relabel(state, dict(zip(cards, fresh)))


@pytest.mark.parametrize("game_id", ["durak", "bura", "sixty_six", "kerosinka", "svinya", "thirty_one_bank",
                                     "california_jack", "koroli"])
@pytest.mark.parametrize("kind", ["ismcts:40", "greedy:2"])
def test_a_bot_never_sees_a_hidden_card(game_id, kind):
    game = get_game(game_id)()
    seat = 0
    state = first_decision(game, seat, 11)
    assert state is not None
    changed = 0
    for k in range(3):
        other = swapped_hidden(game, state, seat, random.Random(k))
        changed += other != state
        a = make_bot(kind, seed=5).choose(game, state, seat)
        b = make_bot(kind, seed=5).choose(game, other, seat)
        assert game.format_move(a) == game.format_move(b), (game_id, kind, k)
    assert changed, f"{game_id}: the swap changed nothing; the test proves nothing"


def test_a_bot_that_peeks_is_caught():
    """The check above can fail: a bot that reads the true hands chooses differently once they are swapped."""
    class Peeking(IsmctsBot):
        def decide(self, game, state, seat, moves):
            other = game.zones(state)["hand 1"]
            return moves[sum(int(c.rank) for c in other) % len(moves)]
    game = get_game("durak")()
    state = first_decision(game, 0, 11)
    choices = {game.format_move(Peeking(seed=5).choose(game, swapped_hidden(game, state, 0, random.Random(k)), 0))
               for k in range(6)}
    assert len(choices) > 1


def test_determinizing_keeps_what_the_seat_sees():
    game = get_game("durak")(players=3)
    state = first_decision(game, 0, 11)
    d = determinize(game, state, 0, random.Random(1))
    assert game.observe(d, 0) == game.observe(state, 0)
    assert d != state and game.card_census(d) == game.card_census(state)


def test_ismcts_beats_random_at_sixty_six():
    """A small, fixed-seed sanity check of strength (the benchmark in bench/bench_bots.py measures it)."""
    game = get_game("sixty_six")()
    wins = 0
    for seed in range(12):
        state, bots = game.deal(seed), {0: IsmctsBot(seed=seed, iterations=60), 1: RandomBot(seed=seed)}
        while not game.is_over(state):
            p = game.to_move(state)
            state = game.play(state, bots[p].choose(game, state, p))
        wins += game.outcome(state).returns[0] > game.outcome(state).returns[1]
    assert wins >= 8, wins


def test_bot_names():
    assert isinstance(make_bot("greedy:3"), GreedyBot) and make_bot("greedy:3").playouts == 3
    assert make_bot("ismcts:7").iterations == 7 and isinstance(make_bot("random"), RandomBot)
    for bad in ("smart", "random:3", "ismcts:x", "ismcts:²", "ismcts:0"):
        with pytest.raises(ValueError, match=re.escape(bad)):
            make_bot(bad)
