"""Terminal play (``cardspec play GAME --seat N``) and the bots.

* Through a pseudo-terminal, for every game: a person's illegal move is refused with the clause
  it breaks, and a whole game against the bots reaches its end.
* The commands: ``?``, ``why``, ``hint``, ``undo``, ``save`` and ``--replay`` to resume; end of
  input ends the game cleanly; bad arguments get one line and exit 2.
* A bot never sees a hidden card: swapping the cards the seat cannot see leaves its choice as it was;
  nor a hidden gesture (Kemps) or a face-down trump (Truf), which the bots redraw; nor, once the
  Sixty-Six stock is out, the other hand, which the exact move rebuilds from the seat's view.
"""

from __future__ import annotations

import os
import random
import re
import sys
from dataclasses import replace
from pathlib import Path

import pytest
from click.testing import CliRunner
from rich.console import Console

from spec.bots import GreedyBot, IsmctsBot, RandomBot, determinize, make_bot
from spec.engine import Game
from spec.games import all_games, get_game, kemps, sixty_six
from spec.games._sixty_six_solver import Solver
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
                                     "california_jack", "koroli", "truf", "kemps"])
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


# ------------------------------------------- hidden information that is not a card: gestures, face-down plays

def with_four(game, state, q: int, seat: int = 0):
    """A Kemps position with P``q`` holding the four cards of a rank ``seat`` sees none of (swapped in)."""
    zones, hidden = game.zones(state), game.hidden_zones(state, seat)
    unseen = [c for z in sorted(hidden) for c in zones[z]]
    rank = next(r for r in sorted({c.rank for c in unseen}) if sum(c.rank == r for c in unseen) == 4
                and all(c.rank != r for c in state.hands[q]))
    four = [c for c in unseen if c.rank == rank]
    state = game.relabel(state, {**dict(zip(four, state.hands[q])), **dict(zip(state.hands[q], four))})
    return replace(state, hands=tuple(tuple(sorted(h, key=kemps.hand_key)) for h in state.hands))


def kemps_gestures():
    """P0 to move; his partner P2 has made the gesture; the opponent P1 holds four of a kind too, and
    has made the gesture or not (which P0 cannot see)."""
    game = get_game("kemps")()
    state = with_four(game, with_four(game, game.deal(3), 2), 1)
    quiet = replace(state, to_move=0, signals=(False, False, True, False))
    return game, quiet, replace(quiet, signals=(False, True, True, False))


class KempsPeeking(kemps.KempsGame):
    """Kemps whose redrawn positions keep the gestures as they really are: a bot that peeks."""

    resample_hidden = Game.resample_hidden


def test_a_bot_never_sees_an_opponents_gesture():
    game, quiet, signalled = kemps_gestures()
    assert game.observe(quiet, 0) == game.observe(signalled, 0)
    for seed in range(4):
        a = IsmctsBot(seed=seed, iterations=40).choose(game, quiet, 0)
        b = IsmctsBot(seed=seed, iterations=40).choose(game, swapped_hidden(game, signalled, 0, random.Random(seed)), 0)
        assert game.format_move(a) == game.format_move(b), seed


def test_a_bot_that_peeks_at_a_gesture_is_caught():
    """The check above can fail: redrawing the hidden cards but keeping the true gestures changes the choice."""
    _, quiet, signalled = kemps_gestures()
    game = KempsPeeking()
    assert any(game.format_move(IsmctsBot(seed=seed, iterations=40).choose(game, quiet, 0))
               != game.format_move(IsmctsBot(seed=seed, iterations=40).choose(game, signalled, 0))
               for seed in range(4))


def test_a_bot_that_peeks_at_a_face_down_bid_is_caught():
    """The swap check of the bots covers Truf's face-down bids: a bot reading them chooses differently."""
    class Peeking(IsmctsBot):
        def decide(self, game, state, seat, moves):
            down = [b for q, b in enumerate(state.bids) if q != seat and b is not None]
            return moves[sum(int(c.rank) for c in down) % len(moves)]
    game = get_game("truf")()
    state = next(s for seed in range(20) for s in [first_decision(game, 0, seed)]
                 if any(b is not None for b in s.bids[1:]))
    choices = {game.format_move(Peeking(seed=5).choose(game, swapped_hidden(game, state, 0, random.Random(k)), 0))
               for k in range(6)}
    assert len(choices) > 1


def test_a_redrawn_kemps_position_agrees_with_the_gestures_seen():
    game, quiet, signalled = kemps_gestures()
    for k in range(6):
        d = determinize(game, signalled, 0, random.Random(k))
        assert game.observe(d, 0) == game.observe(signalled, 0) and game.card_census(d) == game.card_census(quiet)
        assert kemps.four_of_a_kind(d.hands[2])      # the partner's gesture: he keeps four of a kind
        assert not any(d.signals[q] and not kemps.four_of_a_kind(d.hands[q]) for q in (1, 3))
        assert all(list(h) == sorted(h, key=kemps.hand_key) for h in d.hands)
    # an opponent's gesture is redrawn, not read: made or not, the redrawn positions are the same
    assert all(determinize(game, signalled, 0, random.Random(k)) == determinize(game, quiet, 0, random.Random(k))
               for k in range(6))


def truf_face_down():
    """A Truf position with P0 to move and a trump of another player face down in the trick."""
    game = get_game("truf")()
    for seed in range(40):
        state, rng = game.deal(seed), random.Random(seed)
        for _ in range(300):
            if game.to_move(state) == 0 and any(down and q != 0 for q, _, down in state.trick):
                return game, state
            moves = game.legal_moves(state)
            state = game.play(state, moves[rng.randrange(len(moves))])
    raise AssertionError("no face-down trump found")


def test_a_redrawn_truf_position_has_trumps_where_they_were_played_face_down():
    game, state = truf_face_down()
    for k in range(6):
        d = determinize(game, state, 0, random.Random(k))
        assert game.observe(d, 0) == game.observe(state, 0) and game.card_census(d) == game.card_census(state)
        assert all(c.suit == d.trump for _, c, down in d.trick if down)
    # the face-down cards are redrawn among the trumps P0 cannot see, not read
    assert len({tuple(c for _, c, down in determinize(game, state, 0, random.Random(k)).trick if down)
                for k in range(12)}) > 1


def swapped_keeping_trumps(game, state, seat: int, rng: random.Random):
    """``state`` with the hidden trumps swapped among their places, and the other hidden cards among theirs:
    a face-down card stays a trump, as the seat knows."""
    zones, hidden = game.zones(state), game.hidden_zones(state, seat)
    mapping = {}
    for trumps in (True, False):
        cards = sorted((c for z in hidden for c in zones[z] if (c.suit == state.trump) == trumps),
                       key=lambda c: (str(c.suit), int(c.rank)))
        fresh = list(cards)
        rng.shuffle(fresh)
        mapping.update(zip(cards, fresh))
    return game.relabel(state, mapping)


@pytest.mark.parametrize("kind", ["ismcts:40", "greedy:2"])
def test_a_bot_never_sees_a_face_down_trump(kind):
    game, state = truf_face_down()
    for k in range(3):
        other = swapped_keeping_trumps(game, state, 0, random.Random(k))
        assert other != state and game.observe(other, 0) == game.observe(state, 0)
        a, b = make_bot(kind, seed=5).choose(game, state, 0), make_bot(kind, seed=5).choose(game, other, 0)
        assert game.format_move(a) == game.format_move(b), k


# ----------------------------------------------------- Sixty-Six: the exact solver once the stock is out

def stock_out_positions(count: int = 12):
    """Sixty-Six positions after the stock is exhausted (never closed), with a choice to make."""
    game, found = get_game("sixty_six")(), []
    for seed in range(200):
        state, rng = game.deal(seed), random.Random(seed)
        while not game.is_over(state) and len(found) < count:
            moves = game.legal_moves(state)
            if not state.stock and len(moves) > 1:
                found.append(state)
                break
            plays = [m for m in moves if not isinstance(m, sixty_six.Close)]
            state = game.play(state, plays[rng.randrange(len(plays))])
    return game, found


def test_with_the_stock_exhausted_ismcts_plays_the_solvers_best_move():
    game, positions = stock_out_positions()
    assert len(positions) == 12
    for state in positions:
        seat = game.to_move(state)
        solver = Solver(game)
        move = IsmctsBot(seed=1, iterations=5).choose(game, state, seat)
        assert solver.value(game.apply(state, move)) == solver.value(state), game.describe(state)


def hidden_hand_replaced(game, state, seat: int):
    """``state`` with the other hand replaced by other cards (the seat's own tricks): the seat sees the same."""
    other = 1 - seat
    fake = (state.piles[seat] + state.hands[seat])[:len(state.hands[other])]
    hands = tuple(fake if p == other else h for p, h in enumerate(state.hands))
    return replace(state, hands=hands, plays=sixty_six.plays_of(hands))


class SixtySixPeeking(sixty_six.SixtySix):
    """Sixty-Six solving the true position: an exact move that peeks."""

    def exact_move(self, state, player):
        return Solver(self).best_move(state) if not state.stock else None


def test_the_exact_move_reads_only_the_seats_view():
    """Replacing the hidden hand leaves the exact move as it was; one that reads the hand is caught."""
    game, positions = stock_out_positions()
    peeking, caught = SixtySixPeeking(), 0
    for state in positions:
        seat = game.to_move(state)
        other = hidden_hand_replaced(game, state, seat)
        assert game.observe(other, seat) == game.observe(state, seat)
        assert game.exact_move(other, seat) == game.exact_move(state, seat) is not None
        assert make_bot("ismcts:5").choose(game, other, seat) == make_bot("ismcts:5").choose(game, state, seat)
        caught += peeking.exact_move(other, seat) != peeking.exact_move(state, seat)
    assert caught


def test_no_exact_move_while_the_stock_lasts_or_after_closing():
    game = get_game("sixty_six")()
    state = game.deal(1)
    assert game.exact_move(state, game.to_move(state)) is None
    closed = game.play(state, next(m for m in game.legal_moves(state) if isinstance(m, sixty_six.Close)))
    assert game.exact_move(closed, game.to_move(closed)) is None


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


def test_ismcts_stakes_the_least_at_queen_and_ace():
    """Each chip staked costs a player in expectation (the others' chance of the pot), though the luck of the
    draw hides it: ISMCTS compares its stakes on the same deals, so it finds the smallest."""
    game = get_game("queen_ace")()
    state = game.deal(0)
    for seed in range(20):
        assert game.format_move(IsmctsBot(seed=seed, iterations=100).choose(game, state, 0)) == "stake 1", seed


def test_bot_names():
    assert isinstance(make_bot("greedy:3"), GreedyBot) and make_bot("greedy:3").playouts == 3
    assert make_bot("ismcts:7").iterations == 7 and isinstance(make_bot("random"), RandomBot)
    for bad in ("smart", "random:3", "ismcts:x", "ismcts:²", "ismcts:0"):
        with pytest.raises(ValueError, match=re.escape(bad)):
            make_bot(bad)
