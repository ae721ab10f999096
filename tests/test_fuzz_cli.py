"""Fuzzing the command line: every malformed input gets one line on stderr and exit 2.

Hypothesis builds malformed variant files, records, move texts, endgame
positions and arguments, each *malformed by construction* (one corruption
of a valid input), and runs them in-process through the command line's
entry point. Each must exit 2 with exactly one line on stderr, no traceback,
within 5 seconds. Valid inputs made alongside must exit 0.

The number of inputs is ``CARDSPEC_FUZZ_INPUTS`` (default 2,000 in all);
the seed is fixed, so CI runs the same inputs every time.
"""

from __future__ import annotations

import glob
import json
import os
import tempfile
import time

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, seed, settings, strategies as st

from spec.games import all_games
from verifier.cli import main

TOTAL = int(os.environ.get("CARDSPEC_FUZZ_INPUTS", "2000"))
SHARES = {"variant": 0.3, "record": 0.3, "argv": 0.25, "position": 0.15}
#: the hostile inputs that are slower to try (each runs a sweep's counting, a save, a verify): fixed counts
FIXED = {"grid": 60, "save": 40, "name": 30, "cache": 15}
GAMES = sorted(all_games())
WORKDIR = tempfile.mkdtemp(prefix="cardspec-fuzz-")
COUNTS: dict[str, int] = {}


def examples(kind: str) -> int:
    return FIXED[kind] if kind in FIXED else max(10, int(TOTAL * SHARES[kind]))


def fuzz_settings(kind: str):
    return settings(max_examples=examples(kind), database=None, deadline=None, derandomize=False,
                    suppress_health_check=list(HealthCheck), print_blob=False)


def invoke(args: list[str]):
    start = time.perf_counter()
    result = CliRunner().invoke(main, args)
    return result, time.perf_counter() - start


def assert_one_line_exit_2(args, what):
    result, secs = invoke(args)
    err = result.stderr
    assert result.exit_code == 2, (what, args, result.exit_code, err[-400:], repr(result.exception))
    assert err.count("\n") == 1 and err.endswith("\n") and err.startswith("cardspec: error: "), (what, err)
    assert "Traceback" not in err, (what, err)
    assert secs < 5, (what, args, secs)


def write(name: str, data: bytes) -> str:
    path = os.path.join(WORKDIR, name)
    with open(path, "wb") as fh:
        fh.write(data)
    return path


# ------------------------------------------------------------ text pieces

nasty_text = st.one_of(
    st.text(max_size=30),
    st.sampled_from(["", " ", "\n", "a\nb", "\x00", "²", "١٢", "Ⅻ", "🃏", "10♥\n", "'; drop", "${x}", "\r\n",
                     "é" * 200, "x" * 5000]),
)
junk_value = st.one_of(st.none(), st.booleans(), st.integers(-10**20, 10**20), st.floats(allow_nan=True),
                       nasty_text, st.lists(st.integers(), max_size=3), st.dictionaries(st.text(max_size=5),
                                                                                       st.integers(), max_size=2))


def toml_value(v) -> str:
    """A TOML rendering of a Python value (None becomes an empty inline table)."""
    if v is None:
        return "{}"
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (int, float)):
        return json.dumps(v) if v == v and abs(v) != float("inf") else "nan"
    if isinstance(v, str):
        return json.dumps(v, ensure_ascii=False)
    if isinstance(v, list):
        return "[" + ", ".join(toml_value(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{" + ", ".join(f"{json.dumps(k, ensure_ascii=False)} = {toml_value(x)}" for k, x in v.items()) + "}"
    raise TypeError(v)


# --------------------------------------------------------------- variants

@st.composite
def bad_variant(draw) -> tuple[bytes, str]:
    game = draw(st.sampled_from(GAMES))
    cls = all_games()[game]
    fields = [f for f in cls.Rules.__dataclass_fields__]
    kind = draw(st.sampled_from(["top_key", "game_type", "game_unknown", "rules_type", "rules_key", "rules_value",
                                 "players", "utf8", "syntax", "deck", "huge_int", "long_key", "dotted_key"]))
    lines = [f'game = "{game}"']
    if kind == "top_key":
        key = draw(st.text(min_size=1, max_size=12).filter(
            lambda k: k not in ("game", "name", "description", "players", "rules")))
        lines.append(f"{json.dumps(key, ensure_ascii=False)} = 1")
    elif kind == "game_type":
        lines = [f"game = {toml_value(draw(st.one_of(st.integers(), st.booleans(), st.lists(st.integers()))))}"]
    elif kind == "game_unknown":
        lines = [f"game = {toml_value(draw(nasty_text.filter(lambda t: t not in GAMES)))}"]
    elif kind == "rules_type":
        lines.append(f"rules = {toml_value(draw(st.one_of(st.integers(), nasty_text, st.lists(st.integers()))))}")
    elif kind == "rules_key":
        key = draw(st.text(min_size=1, max_size=12).filter(lambda k: k not in fields))
        lines += ["[rules]", f"{json.dumps(key, ensure_ascii=False)} = 1"]
    elif kind == "rules_value":
        field = draw(st.sampled_from(fields))
        value = draw(st.one_of(st.lists(st.lists(st.integers(), max_size=2), min_size=1, max_size=2),
                               st.sampled_from(["\n", "²", "nope-nope", "x" * 300]),
                               st.integers(10**7, 10**12), st.integers(-10**12, -10**7)))
        lines += ["[rules]", f"{field} = {toml_value(value)}"]
    elif kind == "players":
        lines.append(f"players = {toml_value(draw(st.one_of(st.integers(-10**9, 1), st.integers(53, 10**9), nasty_text, st.booleans())))}")
    elif kind == "utf8":
        return ("\n".join(lines).encode() + b"\nname = \"\xff\xfe\"\n"), kind
    elif kind == "huge_int":   # json and tomllib refuse integers past 4,300 digits with a ValueError
        field = draw(st.sampled_from(fields))
        lines += ["[rules]", f"{field} = {'9' * draw(st.integers(25, 6000))}"]
    elif kind == "long_key":   # tomllib is quadratic in a key's length
        lines.append("k" * draw(st.integers(201, 60_000)) + " = 1")
    elif kind == "dotted_key":
        lines.append(".".join(["a"] * draw(st.integers(18, 3000))) + " = 1")
    elif kind == "syntax":
        text = "\n".join(lines + ["[rules"]) + draw(st.sampled_from(["", "=", " = 3", "\n[[", "\"\"\""]))
        return text.encode(), kind
    else:
        deck = draw(st.sampled_from(["99999999x36", "2000000x36", "36+99999999j", "²4", "1x", "x36", "36+j",
                                     "0x36", "9x52", "52+9j", "53", "-36"]))
        if "deck" in fields:
            lines += ["[rules]", f'deck = "{deck}"']
        else:
            lines += ["[rules]", f'deck_size = "{deck}"']
    return ("\n".join(lines) + "\n").encode("utf-8"), kind


@fuzz_settings("variant")
@seed(20261130)
@given(bad_variant(), st.integers(0, 10**6))
def test_malformed_variant_files(case, n):
    data, kind = case
    path = write(f"v{n}.toml", data)
    assert_one_line_exit_2(["verify", "--variant", path, "--only", "cards_conserved", "--examples", "1"],
                           f"variant/{kind}: {data[:200]!r}")
    COUNTS["variant"] = COUNTS.get("variant", 0) + 1


# ---------------------------------------------------------------- records

def valid_record(game_id: str, seed_: int) -> dict:
    from verifier.api import walk
    cls = all_games()[game_id]
    game = cls(players=cls().player_range().start)
    trace, _ = walk(game, seed_, cap=40)
    return json.loads(game.record(seed_, trace.moves).to_json())


RECORDS = {g: valid_record(g, 3) for g in GAMES}


@st.composite
def bad_record(draw) -> tuple[bytes, str]:
    game = draw(st.sampled_from(GAMES))
    rec = json.loads(json.dumps(RECORDS[game]))
    kind = draw(st.sampled_from(["not_object", "missing", "wrong_type", "unknown_key", "rules", "move_type",
                                 "move_text", "utf8", "json", "game", "players", "format", "rules_value",
                                 "huge_seed", "long_move"]))
    if kind == "not_object":
        return json.dumps(draw(st.one_of(st.lists(st.integers(), max_size=3), st.none(), st.integers(),
                                         nasty_text))).encode(), kind
    if kind == "missing":
        del rec[draw(st.sampled_from(["game", "players", "seed", "moves"]))]
    elif kind == "wrong_type":
        key = draw(st.sampled_from(["game", "players", "seed", "moves"]))
        good = {"game": str, "players": int, "seed": int, "moves": list}[key]
        rec[key] = draw(junk_value.filter(lambda v: not isinstance(v, good) or isinstance(v, bool)))
    elif kind == "unknown_key":
        rec[draw(st.text(max_size=10).filter(lambda k: k not in rec))] = 1
    elif kind == "rules":
        rec["rules"] = draw(st.one_of(st.lists(st.integers(), max_size=2), st.integers(), nasty_text))
    elif kind == "move_type":
        rec["moves"] = rec["moves"][:3] + [draw(st.one_of(st.integers(), st.none(), st.lists(st.text(), max_size=2),
                                                          st.booleans()))]
    elif kind == "move_text":
        rec["moves"] = rec["moves"][:draw(st.integers(0, 3))] + [draw(st.text(min_size=1, max_size=20)) + "#~"]
    elif kind == "utf8":
        return json.dumps(rec).encode()[:-1] + b'\xff"}', kind
    elif kind == "huge_seed":  # a float format of it overflowed; past 4,300 digits json refuses it
        text = json.dumps(rec)
        return text.replace(f'"seed": {rec["seed"]}', '"seed": ' + "7" * draw(st.integers(20, 6000))).encode(), kind
    elif kind == "long_move":  # an error line must not echo it whole
        rec["moves"] = ["x" * draw(st.integers(100, 200_000))]
    elif kind == "json":
        text = json.dumps(rec, ensure_ascii=False)
        return text[:draw(st.integers(0, len(text) - 1))].encode(), kind
    elif kind == "game":
        rec["game"] = draw(nasty_text.filter(lambda t: t not in GAMES))
    elif kind == "players":
        rec["players"] = draw(st.one_of(st.integers(-10**6, 1), st.integers(53, 10**6)))
    elif kind == "format":
        rec["format"] = draw(st.one_of(st.integers(3, 10**6), st.integers(-10**6, 0), nasty_text, st.booleans()))
    else:
        cls = all_games()[game]
        rec["rules"] = {draw(st.sampled_from(list(cls.Rules.__dataclass_fields__))): draw(
            st.one_of(st.lists(st.lists(st.integers(), max_size=1), min_size=1, max_size=1),
                      st.sampled_from(["\n", "²", "nope-nope"])))}
    return json.dumps(rec, ensure_ascii=False).encode(), kind


@fuzz_settings("record")
@seed(20261130)
@given(bad_record(), st.integers(0, 10**6))
def test_malformed_records(case, n):
    data, kind = case
    path = write(f"r{n}.json", data)
    assert_one_line_exit_2(["play", "--replay", path], f"record/{kind}: {data[:200]!r}")
    COUNTS["record"] = COUNTS.get("record", 0) + 1


# -------------------------------------------------------------- arguments

@st.composite
def bad_argv(draw) -> list[str]:
    game = draw(st.sampled_from(GAMES))
    kind = draw(st.sampled_from(["command", "game", "players", "int", "option", "preset", "save", "missing",
                                 "examples", "seed_range", "replay_conflict"]))
    if kind == "seed_range":   # random.Random seeds -s as s; a seed past 64 bits could not be replayed
        cmd = draw(st.sampled_from([["play"], ["simulate", "-n", "1"], ["verify"], ["sweep"]]))
        value = draw(st.one_of(st.integers(-10**30, -1), st.integers(2**63, 10**30)))
        return [cmd[0], game, *cmd[1:], "--seed", str(value)]
    if kind == "replay_conflict":   # the record names the game, players and rules; nothing may contradict it
        record = write(f"replay-{game}.json", json.dumps(RECORDS[game]).encode())
        other = draw(st.sampled_from([g for g in GAMES if g != game]))
        named, options = draw(st.sampled_from([([other], []), ([game], []), ([], ["--variant", "nope"]),
                                               ([], ["--players", str(RECORDS[game]["players"] + 1)]),
                                               ([game], ["--players", str(RECORDS[game]["players"])])]))
        return ["play", *named, "--replay", record, *options]
    if kind == "command":
        return [draw(st.text(min_size=1, max_size=15).filter(
            lambda c: c not in ("list", "verify", "play", "simulate", "docs", "solve", "clauses")
            and not c.startswith("-")))]
    if kind == "game":
        cmd = draw(st.sampled_from(["verify", "play", "simulate", "clauses"]))
        extra = ["-n", "1"] if cmd == "simulate" else []
        return [cmd, draw(nasty_text.filter(lambda t: t not in GAMES and not t.startswith("-") and t.strip()))] + extra
    if kind == "players":
        cmd = draw(st.sampled_from(["play", "simulate", "verify"]))
        extra = ["-n", "1"] if cmd == "simulate" else []
        count = draw(st.one_of(st.integers(-10**6, 1), st.integers(53, 10**6)))
        return [cmd, game, "--players", str(count)] + extra
    if kind == "int":
        cmd, opt = draw(st.sampled_from([("play", "--seed"), ("simulate", "-n"), ("verify", "--examples"),
                                         ("verify", "--timeout"), ("play", "--max-moves")]))
        return [cmd, game, opt, draw(nasty_text.filter(lambda t: not t.strip().lstrip("+-").isdigit()))]
    if kind == "option":
        return ["verify", game, "--" + draw(st.text(alphabet="abcdefghijklmnopqrstuvwxyz-", min_size=2,
                                                    max_size=10).filter(lambda o: o not in (
                                                        "variant", "json", "seed", "examples", "players",
                                                        "timeout", "only", "save-counterexamples", "help")))]
    if kind == "preset":
        presets = getattr(all_games()[game].module(), "PRESETS", {})   # hypothesis may draw a real one's name
        return ["play", game, "--variant", draw(nasty_text.filter(lambda t: t.strip() and not os.path.exists(t)
                                                                 and not t.startswith("-") and t not in presets))]
    if kind == "save":
        return ["play", game, "--save", draw(st.sampled_from(["/nonexistent/dir/g.json", WORKDIR, "/"]))]
    if kind == "missing":
        return draw(st.sampled_from([["play"], ["simulate", game], ["solve", game], ["clauses"], ["verify", game, "--only"]]))
    return ["simulate", game, "-n", draw(st.sampled_from(["0", "-1", "-100"]))]


@fuzz_settings("argv")
@seed(20261130)
@given(bad_argv())
def test_malformed_arguments(argv):
    assert_one_line_exit_2(argv, f"argv: {argv!r}")
    COUNTS["argv"] = COUNTS.get("argv", 0) + 1


# -------------------------------------------------------------- positions

@fuzz_settings("position")
@seed(20261130)
@given(st.sampled_from(["sixty_six", "durak"]),
       st.one_of(nasty_text, st.text(alphabet="0123456789²³¹/|;:,.-+ AKQJTakqjt♠♥♦♣shdc\n", max_size=40)
                 .map(lambda t: t + "#"),
                 st.sampled_from(["attacker=²", "attacker=" + "9" * 5000, "points=" + "9" * 5000 + ",0"])
                 .map(lambda t: f"trump=♥; p0=A♥; p1=9♥; {t}")))
def test_malformed_positions(game, text):
    assert_one_line_exit_2(["solve", game, "--position", text], f"position {game}: {text!r}")
    COUNTS["position"] = COUNTS.get("position", 0) + 1


# ------------------------------------------------------------------ grids

@st.composite
def bad_grid(draw) -> tuple[bytes, str]:
    game = draw(st.sampled_from(GAMES))
    cls = all_games()[game]
    fields = sorted(cls.Rules.__dataclass_fields__)
    field_ = draw(st.sampled_from(fields))
    kind = draw(st.sampled_from(["huge_int", "date", "dotted_key", "long_key", "top_key", "vary_type", "field",
                                 "players", "too_many", "no_point", "syntax", "utf8"]))
    lines = [f'game = "{game}"']
    if kind == "huge_int":       # tomllib refuses integers past 4,300 digits with a ValueError
        lines += ["[vary]", f"{field_} = [{'9' * draw(st.integers(25, 6000))}]"]
    elif kind == "date":         # a TOML date reached --json's encoder
        lines += ["[vary]", f"{field_} = [{draw(st.sampled_from(['1979-05-27', '07:32:00', '1979-05-27T07:32:00Z']))}]"]
    elif kind == "dotted_key":
        lines += ["[vary]", ".".join(["a"] * draw(st.integers(18, 3000))) + " = [1]"]
    elif kind == "long_key":
        lines += ["[vary]", "k" * draw(st.integers(201, 60_000)) + " = [1]"]
    elif kind == "top_key":
        lines.append(f"{json.dumps(draw(st.text(min_size=1, max_size=12).filter(lambda k: k not in ('game', 'players', 'properties', 'vary'))), ensure_ascii=False)} = 1")
    elif kind == "vary_type":
        lines += ["[vary]", f"{field_} = {toml_value(draw(st.one_of(st.integers(), nasty_text, st.just([]))))}"]
    elif kind == "field":
        lines += ["[vary]", f"{json.dumps(draw(st.text(min_size=1, max_size=12).filter(lambda k: k not in fields)), ensure_ascii=False)} = [1]"]
    elif kind == "players":
        lines.append(f"players = {toml_value(draw(st.one_of(st.integers(-10**6, 1), st.integers(53, 10**6), nasty_text, st.lists(st.integers(53, 99), min_size=1, max_size=2))))}")
    elif kind == "too_many":     # counted and refused before anything runs
        lines += ["[vary]"] + [f"{f} = [{', '.join(map(str, range(40)))}]" for f in fields[:3]]
        if len(fields) < 3:
            lines.append('players = "2-52"')
    elif kind == "no_point":     # every point refused by the rules' checks: exit 2, not "0 tasks"
        lines += ["[vary]", f"{field_} = [{toml_value(draw(st.sampled_from(['nope-nope', '²', 'x' * 300])))}]"]
    elif kind == "syntax":
        return ("\n".join(lines + ["[vary"]) + "\n").encode(), kind
    else:
        return ("\n".join(lines).encode() + b"\n[vary]\nx = [\"\xff\"]\n"), kind
    return ("\n".join(lines) + "\n").encode("utf-8"), kind


@fuzz_settings("grid")
@seed(20261202)
@given(bad_grid(), st.booleans(), st.integers(0, 10**6))
def test_malformed_grids(case, as_json, n):
    data, kind = case
    path = write(f"g{n}.toml", data)
    assert_one_line_exit_2(["sweep", "--grid", path, *(["--json"] if as_json else [])], f"grid/{kind}: {data[:200]!r}")
    COUNTS["grid"] = COUNTS.get("grid", 0) + 1


# ------------------------------------------------------------------ saves

def special_target(kind: str) -> str:
    """A path that must never be replaced by a save: a FIFO, a device, a folder, or one under a file."""
    if kind == "fifo":
        path = os.path.join(WORKDIR, "save-fifo")
        if not os.path.exists(path):
            os.mkfifo(path)
        return path
    if kind == "under_a_file":
        plain = write("save-plain", b"keep")
        return os.path.join(plain, "g.json")
    return {"null": "/dev/null", "zero": "/dev/zero", "full": "/dev/full", "folder": WORKDIR, "empty": "",
            "missing": os.path.join(WORKDIR, "no-such-folder", "g.json")}[kind]


@fuzz_settings("save")
@seed(20261202)
@given(st.sampled_from(GAMES), st.sampled_from(["fifo", "null", "zero", "full", "folder", "empty", "missing",
                                                "under_a_file"]),
       st.sampled_from([["play"], ["play", "--seed", "7"], ["simulate", "-n", "1"]]))
def test_saves_that_must_not_replace_their_target(game, kind, command):
    target = special_target(kind)
    before = os.stat(target) if target and os.path.exists(target) else None
    args = [command[0], game, *command[1:], "--save", target] if command[0] == "play" else \
        ["verify", game, "--only", "cards_conserved", "--examples", "1", "--save-counterexamples", target]
    if command[0] != "play" and kind not in ("under_a_file", "fifo", "null", "empty"):
        return    # a folder of counterexamples may be a folder, or a new one
    assert_one_line_exit_2(args, f"save/{kind}: {args!r}")
    if before is not None:
        after = os.stat(target)
        assert (after.st_ino, after.st_mode, after.st_rdev) == (before.st_ino, before.st_mode, before.st_rdev)
    assert not [n for n in os.listdir(WORKDIR) if n.endswith(".tmp")]
    COUNTS["save"] = COUNTS.get("save", 0) + 1


# ------------------------------------------------- hostile names and caches

def toml_string(text: str) -> str:
    """A TOML basic string of ``text``: control characters escaped, the rest as it is."""
    return '"' + "".join(f"\\u{ord(c):04x}" if ord(c) < 0x20 or ord(c) == 0x7f or c in '"\\' else c
                         for c in text) + '"'


@fuzz_settings("name")
@seed(20261202)
@given(st.sampled_from(GAMES), st.one_of(st.text(max_size=40), st.sampled_from(
    ["[/oops]", "[bold red]x[/]", "\x1b[31mred\x1b[0m", "\x1b]0;title\x07", "\r\x1b[2K", "[link=file:///]x[/link]",
     "\u202eevil", "\x00\x01\x7f", ":smile:", "%s%n{0}"])))
def test_a_variant_name_is_shown_as_text_never_as_markup_or_escapes(game, name):
    cls = all_games()[game]
    path = write(f"n{abs(hash(name)) % 10**6}.toml",
                 f"game = {json.dumps(game)}\nname = {toml_string(name)}\nplayers = {cls().player_range().start}\n"
                 .encode())
    result, secs = invoke(["verify", "--variant", path, "--only", "cards_conserved", "--examples", "1"])
    assert result.exit_code == 0, (name, result.output[-300:], result.stderr[-300:])
    assert "\x1b" not in result.output and "\x07" not in result.output, repr(result.output[-300:])
    assert secs < 5
    COUNTS["name"] = COUNTS.get("name", 0) + 1


@fuzz_settings("cache")
@seed(20261202)
@given(st.one_of(st.binary(max_size=60), junk_value.map(lambda v: json.dumps(v).encode()),
                 st.sampled_from([b"{}", b"[]", b'"holds"', b"null", b'{"format": 1}', b"\xff\xfe",
                                  b'{"format": 9, "key": 1, "game": 2, "property": 3, "outcome": 4}'])))
def test_a_cache_entry_of_any_shape_is_computed_again(entry):
    folder = os.path.join(WORKDIR, "cache")
    args = ["verify", "queen_ace", "--only", "cards_conserved", "--examples", "2", "--json"]
    first = CliRunner().invoke(main, args, env={"CARDSPEC_CACHE_DIR": folder})
    assert first.exit_code == 0, first.output
    entries = glob.glob(os.path.join(folder, "*", "*.json"))
    assert entries
    for name in entries:
        with open(name, "wb") as fh:
            fh.write(entry)
    start = time.perf_counter()
    again = CliRunner().invoke(main, args, env={"CARDSPEC_CACHE_DIR": folder})
    secs = time.perf_counter() - start
    assert again.exit_code == 0 and "Traceback" not in again.output, (entry, again.output[-300:])
    verdicts = [[r["verdict"], r["detail"]] for r in json.loads(first.stdout)["results"]]
    assert verdicts and verdicts == [[r["verdict"], r["detail"]] for r in json.loads(again.stdout)["results"]]
    assert secs < 5
    COUNTS["cache"] = COUNTS.get("cache", 0) + 1


# ---------------------------------------------------------- valid inputs

@pytest.mark.parametrize("game_id", GAMES)
def test_valid_inputs_made_alongside_exit_0(game_id, tmp_path):
    rec = tmp_path / "ok.json"
    rec.write_text(json.dumps(RECORDS[game_id]))
    result, _ = invoke(["play", "--replay", str(rec)])
    assert result.exit_code == 0, result.output
    cls = all_games()[game_id]
    presets = getattr(cls.module(), "PRESETS", {})
    for name, over in list(presets.items())[:2]:
        var = tmp_path / f"{name}.toml"
        var.write_text(f'game = "{game_id}"\nplayers = {cls().player_range().start}\n[rules]\n'
                       + "".join(f"{k} = {toml_value(v)}\n" for k, v in over.items()))
        result, _ = invoke(["verify", "--variant", str(var), "--only", "cards_conserved", "--examples", "2"])
        assert result.exit_code == 0, (name, result.output, result.stderr)


def test_the_fuzz_ran_at_least_the_configured_inputs():
    """Runs last in this file: the four fuzz tests together tried at least TOTAL inputs."""
    assert sum(COUNTS.values()) >= min(TOTAL, 2000) or TOTAL < 2000, COUNTS


@pytest.mark.parametrize("kind", ["fifo", "folder", "device"])
@pytest.mark.parametrize("option", ["--variant", "--replay", "--grid"])
def test_a_file_that_is_not_a_regular_file_is_refused_without_blocking(kind, option):
    path = os.path.join(WORKDIR, f"special-{kind}-{option[2:]}")
    if kind == "fifo" and not os.path.exists(path):
        os.mkfifo(path)
    elif kind == "folder":
        os.makedirs(path, exist_ok=True)
    elif kind == "device":
        path = "/dev/zero"
    args = {"--variant": ["verify", "--variant", path], "--replay": ["play", "--replay", path],
            "--grid": ["sweep", "--grid", path]}[option]
    assert_one_line_exit_2(args, f"{option} {kind}")
