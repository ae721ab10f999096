"""Regression tests for the hardening causes: records, saves, decks, arguments, one-line errors."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys

import pytest
from click.testing import CliRunner

from spec.cards import make_deck
from spec.engine import Record, write_atomic
from spec.errors import CardspecError, NotationError, VariantError, one_line, quote
from spec.variants import parse_variant
from verifier.cli import main


def run(*args):
    r = CliRunner().invoke(main, list(args))
    return r.exit_code, r.stdout, r.stderr


@pytest.mark.parametrize("text, says", [
    ("[1, 2]", "not a game record: a JSON object"),
    ("null", "not a game record: a JSON object"),
    ('{"game": "sixty_one", "players": 2, "seed": 1, "moves": [], "rules": [1]}', "key 'rules' must be a table"),
    ('{"game": "sixty_one", "players": 2, "seed": 1, "moves": [1]}', "move 1 is int"),
    ('{"game": "sixty_one", "players": true, "seed": 1, "moves": []}', "key 'players' must be a int"),
    ('{"game": "sixty_one", "players": 2, "seed": 1, "moves": [], "format": 7}', "key 'format'"),
    ('{"game": "sixty_one", "players": 2, "seed": 1, "moves": [], "x\\ny": 1}', "unknown key 'x\\ny'"),
])
def test_records_that_are_not_what_they_claim(text, says):
    with pytest.raises(CardspecError) as exc:
        Record.from_json(text)
    assert says in str(exc.value) and "\n" not in str(exc.value)


def test_a_record_that_is_not_utf8_is_one_line(tmp_path):
    path = tmp_path / "r.json"
    path.write_bytes(b'{"game": "\xff"}')
    code, _, err = run("play", "--replay", str(path))
    assert code == 2 and "not UTF-8" in err and err.count("\n") == 1


def test_an_illegal_move_in_a_record_names_the_file_and_move(tmp_path):
    path = tmp_path / "r.json"
    path.write_text(json.dumps({"game": "sixty_one", "players": 2, "seed": 1, "moves": ["Q♠\nQ♠"]}))
    code, _, err = run("play", "--replay", str(path))
    assert code == 2 and err.startswith(f"cardspec: error: {path}: ") and err.count("\n") == 1


@pytest.mark.parametrize("deck, says", [("99999999x36", "at most 8 decks"), ("2000000x36", "at most 8 decks"),
                                        ("36+99999999j", "at most 8 jokers"), ("²4", "allowed sizes"),
                                        ("1" * 5000 + "x36", "at most 8 decks")])
def test_deck_limits(deck, says):
    with pytest.raises(NotationError, match=says):
        make_deck(deck)


def test_a_variant_that_passes_the_field_checks_must_deal():
    with pytest.raises(VariantError, match="cannot deal|hand_size|players"):
        parse_variant({"game": "sixty_one", "rules": {"deck": "24", "hand_size": 13}})


def test_usage_errors_are_one_line():
    for args in (["verify", "--examples", "x"], ["nonsense"], ["play"], ["simulate", "sixty_one", "-n", "0"]):
        code, _, err = run(*args)
        assert code == 2 and err.count("\n") == 1 and err.startswith("cardspec: error: "), (args, err)


def test_players_zero_is_refused_not_defaulted():
    for cmd in (["play", "sixty_one"], ["simulate", "sixty_one", "-n", "1"]):
        code, _, err = run(*cmd, "--players", "0")
        assert code == 2 and "0 players cannot play" in err


def test_user_text_cannot_split_the_error_line():
    assert quote("a\nb") == "'a\\nb'" and one_line("x\ny\r") == "x\\ny\\r"
    code, _, err = run("verify", "sixty\n_one")
    assert code == 2 and err.count("\n") == 1


def test_save_to_a_missing_folder_or_a_folder_fails_before_playing(tmp_path):
    for target in (tmp_path / "missing" / "g.json", tmp_path):
        code, out, err = run("play", "sixty_one", "--save", str(target))
        assert code == 2 and out == "" and err.count("\n") == 1
    assert not [p for p in os.listdir(tmp_path) if p.startswith(".cardspec-")]


def test_saves_are_durable_and_clean(tmp_path, monkeypatch):
    target = tmp_path / "real.json"
    target.write_text("old")
    link = tmp_path / "link.json"
    link.symlink_to(target)
    write_atomic(link, "new\n")
    assert link.is_symlink() and target.read_text() == "new\n"  # written through the link
    umask = os.umask(0)
    os.umask(umask)
    assert stat.S_IMODE(target.stat().st_mode) == 0o666 & ~umask
    synced = []
    monkeypatch.setattr(os, "fsync", lambda fd: synced.append(fd))
    write_atomic(tmp_path / "b.json", "x")
    assert synced  # flushed to disk before the rename

    assert len(synced) >= 2  # the file before the rename, then the folder after it

    def boom(*a):
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(os, "replace", boom)
    with pytest.raises(CardspecError, match="c.json: cannot write .No space left on device"):
        write_atomic(tmp_path / "c.json", "x")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["b.json", "link.json", "real.json"]


def test_a_save_keeps_the_files_mode_and_cleans_up_what_a_killed_save_left(tmp_path):
    target = tmp_path / "game.json"
    target.write_text("old")
    target.chmod(0o600)
    stale = tmp_path / ".game.json.cardspec-999999999-abc.tmp"   # a pid no process has
    stale.write_text("half")
    write_atomic(target, "new\n")
    assert stat.S_IMODE(target.stat().st_mode) == 0o600 and target.read_text() == "new\n"
    assert not stale.exists()


@pytest.mark.parametrize("kind", ["fifo", "device"])
def test_a_save_onto_a_fifo_or_a_device_leaves_it_as_it_was_and_exits_2(tmp_path, kind):
    if kind == "fifo":
        target = tmp_path / "pipe"
        os.mkfifo(target)
    else:
        target = "/dev/null"
    before = os.stat(target)
    out = CliRunner().invoke(main, ["play", "sixty_one", "--players", "2", "--save", str(target)])
    assert out.exit_code == 2 and "not a regular file" in out.output and out.output.count("\n") == 1
    after = os.stat(target)
    assert stat.S_IFMT(after.st_mode) == stat.S_IFMT(before.st_mode) and after.st_ino == before.st_ino


@pytest.mark.parametrize("option", ["--replay", "--variant"])
def test_a_fifo_given_as_input_is_refused_without_blocking(tmp_path, option):
    pipe = tmp_path / "input.toml"
    os.mkfifo(pipe)
    args = ["play", "--replay", str(pipe)] if option == "--replay" else ["verify", "--variant", str(pipe)]
    out = CliRunner().invoke(main, args)
    assert out.exit_code == 2 and "not a regular file" in out.output, out.output


@pytest.mark.parametrize("text, word", [
    ('{"format": 2, "game": "sixty_one", "players": 2, "seed": ' + "9" * 5000 + ', "moves": []}', "5000 digits"),
    ('{"format": 2, "game": "sixty_one", "players": 2, "seed": ' + "9" * 400 + ', "moves": []}', "400 digits"),
    ('{"format": 2, "game": "sixty_one", "players": 2, "seed": 99999999999999999999, "moves": []}', "64-bit")])
def test_huge_numbers_in_a_record_are_one_line(tmp_path, text, word):
    path = tmp_path / "r.json"
    path.write_text(text)
    out = CliRunner().invoke(main, ["play", "--replay", str(path)])
    assert out.exit_code == 2 and word in out.output and out.output.count("\n") == 1, out.output[:300]


@pytest.mark.parametrize("body, word", [
    ('game = "sixty_one"\n[rules]\nlosing_total = ' + "1" * 5000 + "\n", "5000 digits"),
    ('game = "sixty_one"\n' + "a." * 40 + "b = 1\n", "dots"),
    ('game = "sixty_one"\n' + "k" * 200_000 + " = 1\n", "characters")])
def test_hostile_toml_is_refused_before_parsing(tmp_path, body, word):
    import time
    path = tmp_path / "v.toml"
    path.write_text(body)
    start = time.perf_counter()
    out = CliRunner().invoke(main, ["verify", "--variant", str(path)])
    assert out.exit_code == 2 and word in out.output and out.output.count("\n") == 1, out.output[:300]
    assert time.perf_counter() - start < 5
    grid = tmp_path / "g.toml"
    grid.write_text(body.replace('game = "sixty_one"', 'game = "sixty_one"\n[vary]\nx = [1]'))
    out = CliRunner().invoke(main, ["sweep", "--grid", str(grid)])
    assert out.exit_code == 2 and out.output.count("\n") == 1, out.output[:300]


def test_replays_are_byte_identical_under_another_hash_seed(tmp_path):
    """Saved records replay to the same log whatever PYTHONHASHSEED is."""
    from spec.games import all_games
    from verifier.api import walk
    logs = {}
    paths = []
    for gid, cls in sorted(all_games().items()):
        game = cls(players=cls().player_range().start)
        trace, _ = walk(game, 11, cap=200)
        path = tmp_path / f"{gid}.json"
        game.record(11, trace.moves).save(path)
        paths.append(str(path))
    for hashseed in ("0", "12345"):
        env = {**os.environ, "PYTHONHASHSEED": hashseed}
        outs = []
        for p in paths:
            r = subprocess.run([sys.executable, "-m", "verifier.cli", "play", "--replay", p], env=env,
                               capture_output=True)
            assert r.returncode == 0, r.stderr
            outs.append(r.stdout)
        logs[hashseed] = outs
    assert logs["0"] == logs["12345"]


def test_a_sweep_is_counted_and_refused_before_anything_runs():
    import time
    start = time.perf_counter()
    many = [f"--vary=losing_total={','.join(map(str, range(1, 200)))}",
            f"--vary=hand_size={','.join(map(str, range(1, 14)))}"]
    out = CliRunner().invoke(main, ["sweep", "sixty_one", *many, "--players", "2-12"])
    assert out.exit_code == 2 and "28,457 points; allowed: at most --max-points 3,000" in out.output, out.output
    huge = [f"--vary=losing_total={','.join(map(str, range(-999, 1000)))}",
            f"--vary=hand_size={','.join(map(str, range(1, 14)))}", "--vary=turnover_order=flip,reverse,shuffle",
            "--vary=turnover_timing=at_draw,keep_last", "--vary=total_after_turnover=carries,resets"]
    out = CliRunner().invoke(main, ["sweep", "sixty_one", *huge])
    assert out.exit_code == 2 and "points; allowed: at most" in out.output
    assert time.perf_counter() - start < 10


def test_a_sweep_in_which_no_point_can_be_played_exits_2():
    out = CliRunner().invoke(main, ["sweep", "queen_ace", "--vary", "min_stake=100", "--vary", "max_stake=1",
                                    "--players", "3"])
    assert out.exit_code == 2 and "no point of the grid can be played" in out.output, out.output


@pytest.mark.parametrize("peer", ["silent", "http"])
def test_a_scheduler_address_that_never_answers_or_is_not_dask_is_one_line(monkeypatch, peer):
    import socket
    import threading
    import verifier.plan as plan
    monkeypatch.setattr(plan, "CONNECT_SECONDS", 3)
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen()
    held = []

    def answer():
        conn, _ = server.accept()
        held.append(conn)
        if peer == "http":   # a web server: it answers, but not as a Dask scheduler would
            conn.recv(4096)
            conn.sendall(b"HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n")
    threading.Thread(target=answer, daemon=True).start()
    port = server.getsockname()[1]
    out = CliRunner().invoke(main, ["verify", "casino_war", "--no-cache", "--scheduler", f"tcp://127.0.0.1:{port}"])
    server.close()
    assert out.exit_code == 2 and "--scheduler" in out.output and out.output.count("\n") == 1, out.output


def _group_alive(pgid: int) -> bool:
    """Whether a process of the group still runs (a zombie waiting to be reaped does not count)."""
    rows = subprocess.run(["ps", "-e", "-o", "pgid=,stat="], capture_output=True, text=True).stdout.splitlines()
    return any(int(g) == pgid and not st.startswith("Z") for g, st in (r.split() for r in rows if r.strip()))


def test_sigterm_stops_a_sweep_and_its_workers(tmp_path):
    import signal
    import time
    proc = subprocess.Popen([sys.executable, "-m", "verifier.cli", "sweep", "durak", "--workers", "2", "--cache",
                             str(tmp_path / "cache")], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            start_new_session=True)
    time.sleep(6)
    proc.send_signal(signal.SIGTERM)
    try:
        code = proc.wait(timeout=30)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
    assert code == 130 and b"interrupted" in proc.stderr.read()
    # no worker is left in its process group; a terminated worker and the resource tracker take a moment
    # to go on a loaded machine, so wait for them (a worker left running would stay past the deadline)
    deadline = time.monotonic() + 20
    while _group_alive(proc.pid) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert not _group_alive(proc.pid), "a worker of the sweep is still running after SIGTERM"
    for entry in (tmp_path / "cache").rglob("*.json"):
        json.loads(entry.read_text())          # every entry written is whole


@pytest.mark.parametrize("args", [["play", "durak", "--replay", "r.json"], ["play", "--replay", "r.json", "--players", "3"],
                                  ["play", "--replay", "r.json", "--variant", "throw_in"]])
def test_replay_with_a_conflicting_game_players_or_variant_is_refused(args, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    CliRunner().invoke(main, ["play", "durak", "--seed", "1", "--save", "r.json"])
    out = CliRunner().invoke(main, args)
    assert out.exit_code == 2 and "the record names the game, players and rules" in out.output


def test_an_empty_save_and_an_out_of_range_seed_are_refused():
    out = CliRunner().invoke(main, ["play", "sixty_one", "--save", ""])
    assert out.exit_code == 2 and "an empty file name" in out.output and "Sixty-One" not in out.output
    out = CliRunner().invoke(main, ["play", "sixty_one", "--seed", str(2**64), "--save", "x.json"])
    assert out.exit_code == 2 and "--seed" in out.output


def test_user_text_is_quoted_cut_and_never_read_as_markup(tmp_path):
    long_move = "x" * 5_000_000
    out = CliRunner().invoke(main, ["play", "sixty_one", "--seat", "0", "--bots", "random"], input=long_move + "\nquit\n")
    assert out.exit_code == 0 and len(max(out.output.splitlines(), key=len)) < 3000
    variant = tmp_path / "v.toml"
    variant.write_text('game = "sixty_one"\nname = "[/oops] \\u001b[31mred"\nplayers = 2\n')
    out = CliRunner().invoke(main, ["verify", "--variant", str(variant), "--only", "one_loser", "--examples", "2"])
    assert out.exit_code == 0 and "[/oops]" in out.output and "\x1b[31m" not in out.output, out.output[-500:]


def test_list_shows_the_counts_the_default_rules_allow_and_the_preset_that_allows_more():
    out = CliRunner().invoke(main, ["list"], env={"COLUMNS": "200"})
    assert "2 (2-3 with preset three)" in out.output


def test_a_rule_that_grows_without_end_fails_at_once_under_the_test_runs_limits():
    """The memory limit of tests/conftest.py turns a runaway rule into a MemoryError, not a dead machine
    (an allocation past the limit fails at once; a loop of smaller ones fails when it reaches it)."""
    import resource
    soft, _ = resource.getrlimit(resource.RLIMIT_AS)
    assert soft != resource.RLIM_INFINITY and soft <= 6 * 2**30
    with pytest.raises(MemoryError):
        bytearray(soft + 2**30)
    grown = []
    with pytest.raises(MemoryError):
        while True:           # untouched pages: the address space fills, the machine's memory does not
            grown.append(bytearray(2**26))
    grown.clear()


def test_a_save_to_stdout_on_a_pipe_is_refused_before_the_game_is_printed():
    # /dev/stdout is a link through /proc to the pipe, which has no path of its own to rename onto
    r = subprocess.run([sys.executable, "-m", "verifier.cli", "play", "sixty_one", "--save", "/dev/stdout"],
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == 2 and r.stdout == "" and r.stderr.count("\n") == 1, (r.stdout[-300:], r.stderr)
    assert "not a regular file" in r.stderr


def test_a_full_disk_during_a_save_is_one_line_and_leaves_the_old_file(tmp_path, monkeypatch):
    target = tmp_path / "game.json"
    target.write_text("old")

    def full(fd):
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(os, "fsync", full)
    code, _, err = run("play", "sixty_one", "--save", str(target))
    assert code == 2 and err.count("\n") == 1 and "game.json: cannot write (No space left on device)" in err, err
    assert target.read_text() == "old" and sorted(p.name for p in tmp_path.iterdir()) == ["game.json"]


@pytest.mark.parametrize("where", ["under_a_file", "read_only"])
def test_a_counterexample_folder_that_cannot_be_written_fails_before_verifying(tmp_path, monkeypatch, where):
    import verifier.runner
    monkeypatch.setattr(verifier.runner, "verify_many", lambda *a, **k: pytest.fail("verified before the check"))
    if where == "under_a_file":
        (tmp_path / "file").write_text("")
        folder, says = tmp_path / "file" / "cx", "cannot create the folder (Not a directory)"
    else:
        # a read-only mount cannot be made here (and root writes through modes); the system's refusal is
        def read_only(*a, **k):
            raise OSError(30, "Read-only file system")
        monkeypatch.setattr(os, "makedirs", read_only)
        folder, says = tmp_path / "ro", "cannot create the folder (Read-only file system)"
    code, _, err = run("verify", "queen_ace", "--only", "zero_sum", "--save-counterexamples", str(folder))
    assert code == 2 and err.count("\n") == 1 and says in err, err


@pytest.mark.parametrize("body, says", [
    ("[vary]\ntarget = [1979-05-27]\n", "expected an integer, got date"),
    ("[vary]\ntarget = [" + "9" * 5000 + "]\n", "a number of 5000 digits"),
    ("[vary]\n" + ".".join(["a"] * 40) + " = [1]\n", "dots; allowed"),
    ("[vary]\ntarget = [1, 2]\n[vary.x]\n", "vary"),
])
def test_hostile_grids_are_one_line_with_json_too(tmp_path, body, says):
    grid = tmp_path / "g.toml"
    grid.write_text('game = "sixty_six"\n' + body)
    for extra in ([], ["--json"]):
        code, out, err = run("sweep", "--grid", str(grid), *extra)
        assert code == 2 and err.count("\n") == 1 and says in err and "Traceback" not in err, err[:300]
        assert out == ""


@pytest.mark.parametrize("game", ["sixty_six", "durak"])
@pytest.mark.parametrize("suit", ["♥", "♡", "h", "H"])
def test_the_suit_symbols_cards_accept_are_accepted_in_positions(game, suit):
    position = {"sixty_six": f"trump={suit}; p0=A♥ K♠; p1=9♥ Q♠; tricks=5,5; points=51,51",
                "durak": f"trump={suit}; attacker=0; p0=A♥ 7♠; p1=9♥ 6♠"}[game]
    def solved(text):   # the timing line apart
        code, out, err = run("solve", game, "--position", text)
        return code, [line for line in out.splitlines() if not line.startswith("searched")], err
    code, out, err = solved(position)
    assert code == 0 and (code, out, err) == solved(position.replace(f"trump={suit}", "trump=♥")), err


@pytest.mark.parametrize("game_id", sorted(__import__("spec.games", fromlist=["all_games"]).all_games()))
def test_distinct_seeds_deal_distinct_games(game_id):
    from spec.games import all_games
    game = all_games()[game_id]()
    if sum(map(len, game.zones(game.deal(0)).values())) < 8:   # Mouth pass: one card, its chance is a fall
        pytest.skip("the game deals no shuffled deck")
    seeds = [*range(40), 2**31 - 1, 2**31, 2**32, 2**32 + 1, 2**63 - 2, 2**63 - 1]
    deals = {tuple((k, tuple(v)) for k, v in sorted(game.zones(game.deal(s)).items())) for s in seeds}
    assert len(deals) == len(seeds)


def test_own_key_is_the_periodicity_rule_for_keys_of_every_length():
    """own_key's short path for keys of one and two words gives what the general rule gives: a key whose
    32-bit words, each adjusted by its place, repeat with a shorter period seeds like the shorter key."""
    import random
    from spec.dealing import derive_seed, own_key

    def general(value):
        count = max(1, -(-value.bit_length() // 32))
        adjusted = [((value >> (32 * j)) + j) & (2**32 - 1) for j in range(count)]
        return value >= 0 and all(adjusted[:p] * (count // p) != adjusted for p in range(1, count) if count % p == 0)
    rng = random.Random(0)
    values = [rng.getrandbits(rng.randrange(1, 100)) for _ in range(20_000)]
    values += [(w << 32) | (w + 1) for w in range(2_000)] + [2**32 + 1, 2**32 - 1, 0, -5]
    assert [own_key(v) for v in values] == [general(v) for v in values]
    assert not own_key(derive_seed(2**32 + 1, 1)) and own_key(derive_seed(1, 1)) and not own_key((5 << 32) | 6)


def test_a_cache_entry_that_is_a_fifo_is_computed_again_without_blocking(tmp_path):
    from verifier.cache import ResultCache
    from verifier.plan import run_jobs
    from tests.test_plan import _jobs
    cache = ResultCache(str(tmp_path))
    computed = run_jobs(_jobs(), cache=cache)
    entries = sorted(tmp_path.glob("*/*.json"))
    entries[0].unlink()
    os.mkfifo(entries[0])
    reader = ResultCache(str(tmp_path))
    again = run_jobs(_jobs(), cache=reader)   # would block for ever on opening the FIFO
    assert reader.misses + reader.rejected == 1 and sum(map(len, again)) == sum(map(len, computed))


def test_every_test_has_a_time_limit_that_stops_a_loop(tmp_path):
    """pytest-timeout is installed, the project sets a limit, and a test that never ends fails by it."""
    import tomllib
    with open(os.path.join(os.path.dirname(__file__), os.pardir, "pyproject.toml"), "rb") as fh:
        assert 0 < tomllib.load(fh)["tool"]["pytest"]["ini_options"]["timeout"] <= 900
    (tmp_path / "test_loop.py").write_text("def test_loop():\n    while True:\n        pass\n")
    r = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-o", "timeout=2",
                        str(tmp_path / "test_loop.py")], capture_output=True, text=True, timeout=120,
                       cwd=tmp_path)
    assert r.returncode == 1 and "Timeout" in r.stdout, r.stdout[-500:]


def test_old_records_replay_with_the_seeding_they_were_written_under(tmp_path):
    """Format 3 tells seeds 1 and 2**32 + 1 apart (their first Bura deal was the same); a record of
    format 2 still deals as it did when it was written."""
    from spec.dealing import LegacySeed
    from spec.engine import RECORD_FORMAT
    from spec.games import get_game
    game = get_game("bura")()

    def hands(seed, fmt):
        _, state = Record("bura", 2, seed, (), {}, fmt).replay()
        return game.zones(state)
    assert RECORD_FORMAT == 3 and game.record(7, ()).format == 3
    assert hands(2**32 + 1, 2) == hands(1, 2) == game.zones(game.deal(LegacySeed(1)))
    assert hands(2**32 + 1, 3) != hands(1, 3) == hands(1, 2)   # a seed whose key is its own deals as before
    assert isinstance(Record("bura", 2, 5, (), {}, 2).replay()[1].seed, LegacySeed)  # kept for the later deals
    negative = tmp_path / "r.json"
    negative.write_text('{"format": 3, "game": "bura", "players": 2, "seed": -5, "moves": []}')
    code, _, err = run("play", "--replay", str(negative))
    assert code == 2 and "key 'seed': -5 is out of range; allowed: a 64-bit seed from 0" in err, err



def test_cache_entries_are_written_by_the_one_write_layer(tmp_path, monkeypatch):
    """An entry is whole or absent, a temporary left by a killed write is removed by the next write,
    an entry that is a FIFO is left as it is, and a cache that cannot be written only costs time."""
    from verifier.cache import ResultCache
    from verifier.plan import run_jobs
    from tests.test_plan import _jobs
    cache = ResultCache(str(tmp_path))
    run_jobs(_jobs(), cache=cache)
    entry = sorted(tmp_path.glob("*/*.json"))[0]
    stale = entry.parent / f".{entry.name}.cardspec-999999999-x.tmp"   # a pid no process has
    stale.write_text("half")
    entry.unlink()
    run_jobs(_jobs(), cache=ResultCache(str(tmp_path)))
    assert entry.exists() and not stale.exists()
    entry.unlink()
    os.mkfifo(entry)
    run_jobs(_jobs(), cache=ResultCache(str(tmp_path)))
    assert stat.S_ISFIFO(os.stat(entry).st_mode)

    def read_only(*a, **k):
        raise OSError(30, "Read-only file system")
    monkeypatch.setattr(os, "replace", read_only)
    other = tmp_path / "other"
    rows = run_jobs(_jobs(), cache=ResultCache(str(other)))
    assert rows and not list(other.glob("*/*.json")) and not list(other.glob("*/.*.tmp"))


@pytest.mark.parametrize("game_id", sorted(__import__("spec.games", fromlist=["all_games"]).all_games()))
def test_a_legacy_seed_reaches_every_later_deal(game_id):
    """A state keeps the seed it was dealt with as it is, so that an old record's later deals draw as
    they did (docs/dev/conventions.md): a game that kept ``int(seed)`` would deal them afresh."""
    import dataclasses
    import random
    from spec.dealing import LegacySeed
    from spec.games import all_games
    game = all_games()[game_id]()
    state, rng = game.deal(LegacySeed(5)), random.Random(1)
    for _ in range(3000):
        for f in dataclasses.fields(state):
            value = getattr(state, f.name)
            if "seed" in f.name and isinstance(value, int):
                assert isinstance(value, LegacySeed), f"{game_id}: state.{f.name} lost the legacy seed"
        if game.is_over(state) or not game.legal_moves(state):
            break
        moves = game.legal_moves(state)
        state = game.play(state, moves[rng.randrange(len(moves))])
