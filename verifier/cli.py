"""The ``cardspec`` command line."""

from __future__ import annotations

import dataclasses
import json
import os
import random
import statistics
import sys
import time

import click
from rich.console import Console
from rich.markup import escape
from rich.table import Table as RichTable

from spec.engine import Game, Record, check_writable
from spec.errors import CardspecError, one_line, quote
from spec.games import all_games, get_game
from spec.games._durak_solver import MAX_NODES
from spec.i18n import error_text, said, tr
from spec.rules import make_rules
from spec.seatview import deal_line, move_line
from spec.variants import Variant, load_variant
from verifier.core import THOROUGH, VERDICTS, Budget

# Wide enough for the verify table when output is piped (rich assumes 80 columns).
console = Console(highlight=False, width=None if sys.stdout.isatty() else 160)
err = Console(stderr=True, highlight=False)


#: a seed is a 64-bit integer, as a saved record's is
#: Seeds are 0 to 2**63 - 1: Python's random.Random seeds an integer by its absolute value, so a
#: negative seed would deal the same first shuffle as its opposite (records keep accepting them).
SEED = click.IntRange(0, 2**63 - 1)


def fail(message: object) -> None:
    """Bad input: one line on stderr (line breaks escaped) and exit code 2; an error raised with a
    :class:`~spec.i18n.Msg` is said in the language of the locale (``LANG=ru_RU.UTF-8``)."""
    if isinstance(message, BaseException):
        message = said(error_text(message), language_from_env())
    click.echo(f"cardspec: error: {one_line(message)}", err=True)
    sys.exit(2)


def _terminate_as_interrupt() -> None:
    """SIGTERM stops cardspec as Ctrl-C does: the worker processes are stopped and the cache stays whole."""
    import signal
    import threading
    def interrupt(signum, frame):
        raise KeyboardInterrupt
    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGTERM, interrupt)


class CardspecGroup(click.Group):
    """Every :class:`CardspecError` and every usage error becomes one line on stderr and exit code 2."""

    def invoke(self, ctx):
        try:
            return super().invoke(ctx)
        except CardspecError as exc:
            fail(exc)

    def main(self, args=None, prog_name=None, complete_var=None, standalone_mode=True, **extra):
        _terminate_as_interrupt()
        try:
            code = super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
        except click.UsageError as exc:
            sub = exc.ctx.command_path.partition(" ")[2] if exc.ctx else ""
            fail(f"{exc.format_message()} (see 'cardspec {sub + ' ' if sub else ''}--help')")
        except click.ClickException as exc:
            fail(exc.format_message())
        except click.Abort as exc:
            if isinstance(exc.__cause__, KeyboardInterrupt):  # Ctrl-C or SIGTERM, as click reports it
                click.echo("cardspec: interrupted; the results computed so far are in the cache", err=True)
                sys.exit(130)
            click.echo("cardspec: aborted", err=True)
            sys.exit(1)
        except KeyboardInterrupt:
            click.echo("cardspec: interrupted; the results computed so far are in the cache", err=True)
            sys.exit(130)
        if not standalone_mode:
            return code
        sys.exit(code if isinstance(code, int) else 0)


def resolve_variant(game_id: str | None, text: str | None) -> Variant | None:
    """A variant file, or a named preset of the game (``PRESETS`` in its module)."""
    if text is None:
        return None
    if os.path.exists(text) or text.endswith(".toml"):
        variant = load_variant(text)
        if game_id is not None and variant.game.info.id != game_id:
            raise CardspecError(f"{text}: key 'game': the file is for {variant.game.info.id!r}, "
                                f"not {game_id!r}; allowed: {game_id!r}")
        return variant
    if game_id is None:
        raise CardspecError(f"--variant {text}: no such file; a named preset needs a GAME")
    module = sys.modules[get_game(game_id).__module__]
    presets = getattr(module, "PRESETS", {})
    if text not in presets:
        known = ", ".join(sorted(presets)) or "none"
        raise CardspecError(f"--variant {text}: no such file or preset of {game_id}; presets: {known}")
    cls = get_game(game_id)
    return Variant(cls, make_rules(cls.Rules, presets[text]), text)


def make_game(game_id: str, variant: Variant | None, players: int | None) -> Game:
    cls = variant.game if variant else get_game(game_id)
    rules = variant.rules if variant else None
    n = players if players is not None else (variant.players if variant else None)
    return cls(rules, players=n)


@click.group(cls=CardspecGroup)
@click.version_option(package_name="cardspec")
def main() -> None:
    """cardspec: a verified rules reference for traditional card games."""


@main.command("list")
def list_games() -> None:
    """Every game with its id, names, players and deck."""
    table = RichTable("id", "name", "Russian", "players", "deck", "family")
    for gid, cls in all_games().items():
        i = cls.info
        table.add_row(gid, i.name_en, i.name_ru, _players_text(gid, cls), i.deck, i.family)
    console.print(table)


def _counts(allowed: range) -> str:
    return str(allowed.start) if len(allowed) == 1 else f"{allowed.start}-{allowed.stop - 1}"


def _players_text(game_id: str, cls) -> str:
    """The counts the default rules allow, and each preset that allows more (``2 (3 with preset three)``)."""
    allowed = cls().player_range()
    text = _counts(allowed)
    module = sys.modules.get(cls.__module__)
    for name, over in sorted(getattr(module, "PRESETS", {}).items()):
        try:
            more = cls(make_rules(cls.Rules, over), players=_first(cls, over)).player_range()
        except (CardspecError, TypeError, ValueError):
            continue
        if set(more) - set(allowed):
            text += f" ({_counts(more)} with preset {name})"
    return text


def _first(cls, over) -> int:
    """A player count the preset's rules accept (a game object needs one to be made)."""
    rules = make_rules(cls.Rules, over)
    for n in range(cls.info.min_players, cls.info.max_players + 1):
        try:
            cls(rules, players=n)
            return n
        except CardspecError:
            continue
    raise ValueError("no count")


def _cache(no_cache: bool):
    from verifier.cache import ResultCache
    return None if no_cache else ResultCache.default()


def _progress(enabled: bool):
    """A rich progress bar on stderr when both outputs are a terminal (none when either is piped), and its
    callback."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
    shown = enabled and err.is_terminal and sys.stdout.isatty()
    bar = Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                   console=err, transient=True, disable=not shown)
    job = bar.add_task("verifying", total=None)

    def update(done: int, total: int, label: str) -> None:
        bar.update(job, completed=done, total=total, description=f"verifying {label}" if label else "verifying")
    return bar, update


@main.command()
@click.argument("games", nargs=-1)
@click.option("--variant", "variant_path", help="A variant TOML file (or a named preset of the game).")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON document instead of a table.")
@click.option("--details", is_flag=True, help="Print every property's row, not one line per game.")
@click.option("--seed", type=SEED, help=f"Seed for sampled properties.  [default: {Budget.seed}]")
@click.option("--examples", type=click.IntRange(1),
              help=f"Random games per sampled property.  [default: {Budget.examples}; --thorough: "
                   f"{THOROUGH.examples}]")
@click.option("--players", type=int, help="Check one player count only.")
@click.option("--timeout", "timeout_ms", type=click.IntRange(1),
              help=f"z3 timeout per property, in milliseconds.  [default: {Budget.z3_timeout_ms}; --thorough: "
                   f"{THOROUGH.z3_timeout_ms}]")
@click.option("--thorough", is_flag=True,
              help=f"The big budget: {THOROUGH.examples} random games a property, z3 timeout "
                   f"{THOROUGH.z3_timeout_ms // 1000} s, {THOROUGH.max_states:,} states a search, "
                   f"{THOROUGH.max_plays:,} moves a game.")
@click.option("--only", multiple=True, help="Check only these properties (repeatable).")
@click.option("--save-counterexamples", "cx_dir", type=click.Path(file_okay=False),
              help="Write each counterexample's replayable record to this folder.")
@click.option("--workers", type=click.IntRange(1, 256), envvar="CARDSPEC_WORKERS", show_envvar=True,
              help="Local worker processes (default: every core).")
@click.option("--scheduler", help="A Dask scheduler address (tcp://host:port) instead of local workers.")
@click.option("--no-cache", is_flag=True, help="Compute every result again, and keep none.")
def verify(games, variant_path, as_json, details, seed, examples, players, timeout_ms, thorough, only, cx_dir,
           workers, scheduler, no_cache) -> None:
    """Check every property of GAMES (default: all games).

    Results are kept in the result cache (see 'cardspec cache'), which the rulebook build reads too.
    """
    from verifier.runner import verify_many

    first = games[0] if games else None
    variant = resolve_variant(first, variant_path)
    if variant is not None and not games:
        games = (variant.game.info.id,)
    ids = list(dict.fromkeys(games)) or list(all_games())
    for gid in ids:
        get_game(gid)
    budget = _budget(thorough, seed=seed, examples=examples, z3_timeout_ms=timeout_ms)
    if cx_dir is not None:
        _counterexample_folder(cx_dir)  # before the run, so that a bad folder fails at once
    cache = _cache(no_cache)
    start = time.perf_counter()
    bar, update = _progress(not as_json)
    with bar:
        per_game = verify_many([(gid, variant if variant and variant.game.info.id == gid else None, players)
                                for gid in ids], budget=budget, only=only or None, workers=workers,
                               scheduler=scheduler, cache=cache, progress=update)
    wall = time.perf_counter() - start
    results = [r for rows in per_game for r in rows]
    ok = all(r.as_expected for r in results)
    saved = _save_counterexamples(results, cx_dir) if cx_dir is not None else {}
    if as_json:
        doc = {"games": ids, "variant": variant.path or variant.name if variant else None,
               "seed": budget.seed, "examples": budget.examples, "ok": ok,
               "results": [r.to_json() for r in results]}
        click.echo(json.dumps(doc, ensure_ascii=False, indent=2))
        sys.exit(0 if ok else 1)
    title = f"cardspec verify{' --variant ' + escape(one_line(variant.name)) if variant else ''}"
    if details:
        _print_rows(results, title)
    else:
        _print_summary(ids, per_game, title)
        off = [r for r in results if not r.as_expected]
        if off:
            _print_rows(off, "not as expected")
        found = _findings(results)
        if found:
            _print_rows(found, "findings about these rules (outside the claims' scopes)")
    _print_counterexamples(results, saved)
    bad = sum(not r.as_expected for r in results)
    cached = sum(r.cached for r in results)
    console.print(f"\n{len(results)} properties, {bad} not as expected ({cached} read from the cache, "
                  f"{len(results) - cached} computed; {wall:.1f} s)", markup=False)
    sys.exit(0 if ok else 1)


def _budget(thorough: bool, **given) -> Budget:
    """The default or thorough budget, with the options given on the command line."""
    base = THOROUGH if thorough else Budget()
    return dataclasses.replace(base, **{k: v for k, v in given.items() if v is not None})


def _counterexample_folder(cx_dir: str) -> None:
    """Make the folder of ``--save-counterexamples``, or one error line saying why it cannot be written."""
    try:
        os.makedirs(cx_dir, exist_ok=True)
    except OSError as exc:
        raise CardspecError(f"--save-counterexamples {cx_dir}: cannot create the folder ({exc.strerror})") \
            from None
    if not os.access(cx_dir, os.W_OK):
        raise CardspecError(f"--save-counterexamples {cx_dir}: the folder is not writable")


def _save_counterexamples(results, cx_dir: str) -> dict:
    """Write each counterexample's record into ``cx_dir``; (game, property) -> path."""
    from spec.engine import write_atomic
    saved = {}   # the folder was made and checked before the run (_counterexample_folder)
    for r in results:
        if r.counterexample and r.counterexample.record:
            path = os.path.join(cx_dir, f"{r.game}-{r.property.name}.json")
            write_atomic(path, r.counterexample.record.to_json() + "\n")
            saved[(r.game, r.property.name)] = path
    return saved


def _findings(results) -> list:
    """Refutations outside a claim's scope: what a house rule breaks that the claim never promised."""
    return [r for r in results if r.expected is None and r.verdict == "refuted"]


def _print_counterexamples(results, saved: dict) -> None:
    """Each counterexample of a result not as expected, or of a finding, with how to replay it."""
    findings = {id(r) for r in _findings(results)}
    for r in results:
        if not r.counterexample or (r.as_expected and id(r) not in findings):
            continue
        scope = r.property.scope_for(r.game)
        how = (f"refuted outside its scope ({escape(scope.text)}): a finding about these rules"
               if id(r) in findings and scope else f"{r.verdict}, expected {r.shown_expected}")
        console.print(f"\n[bold]{r.game}.{r.property.name}[/] is {how}:")
        console.print(r.counterexample.text, markup=False)
        record = r.counterexample.record
        if (r.game, r.property.name) in saved:
            console.print(f"replay: cardspec play --replay {saved[(r.game, r.property.name)]}", markup=False)
        elif record and len(record.moves) <= 60:
            console.print("replay: " + record.to_json(), markup=False)
        elif record:
            console.print(f"replay: {len(record.moves)} moves; write the record with "
                          "--save-counterexamples DIR", markup=False)


def _print_rows(results, title: str) -> None:
    """Today's full table: one row per property."""
    table = RichTable("game", "property", "method", "verdict", "expected", "time", "detail", title=title)
    style = {"holds": "green", "almost_surely": "green", "refuted": "red", "unknown": "yellow"}
    for r in results:
        mark = "" if r.as_expected else " [bold red]✗[/]"
        table.add_row(r.game, r.property.name, r.method, f"[{style[r.verdict]}]{r.verdict}[/]{mark}",
                      r.shown_expected, "cached" if r.cached else f"{r.seconds:.2f}s",
                      escape(r.detail))
    console.print(table)


def _print_summary(ids, per_game, title: str) -> None:
    """One line per game and a total."""
    table = RichTable("game", "properties", "holds", "holds with p = 1", "refuted", "unknown", "not as expected",
                      "seconds", title=title)
    totals = [0] * 6 + [0.0]
    for gid, rows in zip(ids, per_game):
        counts = [len(rows)] + [sum(r.verdict == v for r in rows) for v in VERDICTS]
        off = sum(not r.as_expected for r in rows)
        secs = sum(r.seconds for r in rows if not r.cached)
        computed = any(not r.cached for r in rows)
        table.add_row(gid, *map(str, counts), f"[bold red]{off}[/]" if off else "0",
                      f"{secs:.1f}" if computed else "cached")
        totals = [a + b for a, b in zip(totals, counts + [off, secs])]
    table.add_section()
    table.add_row("total", *map(str, totals[:6]), f"{totals[6]:.1f}")
    console.print(table)


@main.group()
def cache() -> None:
    """The result cache shared by verify, sweep and the rulebook build."""


@cache.command("info")
def cache_info() -> None:
    """Where the cache is and how many results it holds."""
    from verifier.cache import ResultCache
    c = ResultCache.default()
    console.print(f"{c.folder}: {c.count()} results", markup=False)


@cache.command("clear")
def cache_clear() -> None:
    """Remove every cached result."""
    from verifier.cache import ResultCache
    c = ResultCache.default()
    console.print(f"{c.folder}: {c.clear()} results removed", markup=False)


def _bot(text: str | None, seed: int):
    from spec.bots import make_bot
    try:
        return make_bot(text or "ismcts", seed=seed)
    except ValueError as exc:
        raise CardspecError(f"--bots: {exc}") from None


def language_from_env() -> str:
    """``ru`` when the locale (``LC_ALL``, ``LC_MESSAGES``, ``LANG``) is Russian, else ``en``."""
    for key in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(key)
        if value:
            return "ru" if value.lower().startswith("ru") else "en"
    return "en"


def _play_seats(game_id, players, seed, variant_path, replay_path, max_moves, seats, bot, lang="en") -> int:
    """Terminal play of ``seats`` against ``bot``; a replayed record resumes where it stopped."""
    from verifier.seat import Session
    moves: list = []
    if replay_path:
        if game_id or players is not None or variant_path:
            raise CardspecError(f"--replay {replay_path}: the record names the game, players and rules; "
                                "give no GAME, --players or --variant with it")
        record = Record.load(replay_path)
        try:
            game = record.game_object()
            record.replay()
        except CardspecError as exc:
            raise CardspecError(f"{replay_path}: {exc}") from None
        seed, moves = record.deal_seed, [game.parse_move(t) for t in record.moves]
    else:
        if game_id is None:
            raise click.UsageError("give a GAME or --replay FILE")
        game = make_game(game_id, resolve_variant(game_id, variant_path), players)
    for n in seats:
        if not 0 <= n < game.players:
            raise CardspecError(f"--seat {n}: no such seat; allowed: 0 to {game.players - 1}")

    def save(path: str, record) -> None:
        check_writable(path)
        record.save(path)

    def ask(prompt: str) -> str:
        return console.input(prompt, markup=False) if console.is_terminal else _read_line(prompt)
    session = Session(game, seed, tuple(dict.fromkeys(seats)), bot, ask, console, moves, max_moves, save, lang)
    try:
        return session.run()
    except KeyboardInterrupt:
        console.print("\n" + tr(lang, "game left unfinished"), markup=False)
        return 130


def _read_line(prompt: str) -> str:
    """A line of piped input (end of input raises ``EOFError``), echoed so that a log reads like a game."""
    console.print(prompt, end="", markup=False)
    line = sys.stdin.readline()
    if not line:
        raise EOFError
    console.print(line.rstrip("\n"), markup=False, highlight=False)
    return line


@main.command()
@click.argument("game_id", metavar="GAME", required=False)
@click.option("--players", type=int)
@click.option("--seed", type=SEED, default=0, show_default=True, help="The deal's seed (0 to 2**63 - 1).")
@click.option("--variant", "variant_path", help="A variant TOML file or a named preset.")
@click.option("--replay", "replay_path", help="Replay a saved record instead of playing at random.")
@click.option("--save", "save_path", help="Save the game's record (JSON) to this file.")
@click.option("--max-moves", type=click.IntRange(1), default=10_000, show_default=True,
              help="Stop a random game after this many moves (some variants can loop for ever).")
@click.option("--seat", "seats", multiple=True, type=int, metavar="N",
              help="Play seat N yourself, at the terminal (repeatable: hot-seat play); with --replay, resume there.")
@click.option("--bots", "bots", metavar="KIND", help="Who plays the other seats: random, greedy[:PLAYOUTS] or "
              "ismcts[:ITERATIONS] (default with --seat: ismcts; without --seat the bots play every seat).")
@click.option("--lang", type=click.Choice(["en", "ru"]), default=None,
              help="The language of the log, or of the session with --seat (default: from LANG).")
def play(game_id, players, seed, variant_path, replay_path, save_path, max_moves, seats, bots, lang) -> None:
    """Play one random game (or replay a record) and print it as a log; with --seat, play a seat yourself
    against bots (type ? at the prompt for your moves)."""
    if save_path is not None:
        check_writable(save_path)  # fail before the game is printed, not after
    bot = _bot(bots, seed) if bots or seats else None
    if seats:
        sys.exit(_play_seats(game_id, players, seed, variant_path, replay_path, max_moves, seats, bot,
                             lang or language_from_env()))
    if replay_path:
        if game_id or players is not None or variant_path:
            raise CardspecError(f"--replay {replay_path}: the record names the game, players and rules; "
                                "give no GAME, --players or --variant with it")
        record = Record.load(replay_path)
        try:
            game = record.game_object()
            record.replay()  # a bad record fails here, naming the move, before anything is printed
        except CardspecError as exc:
            raise CardspecError(f"{replay_path}: {exc}") from None
        seed, moves = record.deal_seed, [game.parse_move(t) for t in record.moves]
    else:
        if game_id is None:
            raise click.UsageError("give a GAME or --replay FILE")
        game = make_game(game_id, resolve_variant(game_id, variant_path), players)
        moves = None
    lang = lang or language_from_env()
    rng = random.Random(seed)
    state = game.deal(seed)
    console.print(tr(lang, "{name} ({name_ru}), {n} players, seed {seed}").format(
        name=game.info.name_en, name_ru=game.info.name_ru, n=game.players, seed=seed), markup=False)
    console.print(deal_line(game, state, lang), markup=False)
    played = []
    step = 0
    while not game.is_over(state):
        if moves is not None:
            if step >= len(moves):
                break
            move = moves[step]
        else:
            legal = game.legal_moves(state)
            if not legal or step >= max_moves:
                break
            move = legal[rng.randrange(len(legal))] if bot is None else bot.choose(game, state, game.to_move(state))
        mover = game.to_move(state)
        state = game.play(state, move)
        played.append(move)
        step += 1
        console.print(move_line(game, step, mover, move, state, lang), markup=False)
    if game.is_over(state):
        console.print(tr(lang, "result: {result}").format(result=game.outcome(state).describe(lang)), markup=False)
    else:
        console.print(tr(lang, "the game has not ended after {n} moves").format(n=step), markup=False)
    if save_path is not None:
        game.record(seed, played).save(save_path)
        console.print(f"saved to {save_path}", markup=False)


@main.command()
@click.argument("game_id", metavar="GAME")
@click.option("-n", "count", type=click.IntRange(1), required=True, help="Number of random games.")
@click.option("--players", type=int)
@click.option("--seed", type=SEED, default=0, show_default=True, help="The deal's seed (0 to 2**63 - 1).")
@click.option("--variant", "variant_path", help="A variant TOML file or a named preset.")
@click.option("--cap", type=click.IntRange(1), default=100_000, show_default=True,
              help="Stop a game after this many moves (counted as unfinished).")
def simulate(game_id, count, players, seed, variant_path, cap) -> None:
    """Statistics over N random games: length, and what the outcomes mean for each seat.

    Games with one loser (Sixty-One, Sixty-Six) report losses per seat; games that score every
    seat report the mean score per seat; the others report wins per seat.
    """
    from verifier.census import MEASURE, census
    game = make_game(game_id, resolve_variant(game_id, variant_path), players)
    start = time.perf_counter()
    with err.status("playing", spinner="dots"):
        c = census(game, count, seed=seed, cap=cap, cycles=True)
    secs = time.perf_counter() - start
    table = RichTable("statistic", "value", title=f"{count} random games of {game_id}, {game.players} players, "
                                                  f"seeds {seed}..{seed + count - 1}")
    # an endless game is stopped where it is shown endless, so its length says nothing
    lengths = [n for n, over in zip(c.lengths, c.over) if over] if c.endless else c.lengths
    which = "finished game" if c.endless else "game"
    if lengths:
        table.add_row(f"moves per {which} (mean)", f"{statistics.mean(lengths):.1f}")
        table.add_row(f"moves per {which} (min / median / max)",
                      f"{min(lengths)} / {statistics.median(lengths):g} / {max(lengths)}")
    table.add_row("unfinished (hit the cap)", str(c.unfinished - c.endless))
    table.add_row("endless (a position came back, every move since forced)", str(c.endless))
    if c.finished:
        measure = MEASURE[c.kind]
        for p, v in enumerate(c.per_seat()):
            table.add_row(f"P{p}: {measure}", f"{v:.2f}" if c.kind == "score" else f"{v:g} of {c.finished}")
        if c.draws:
            table.add_row("draws", str(c.draws))
    table.add_row("games per second", f"{count / secs:.0f}")
    console.print(table)


@main.command()
@click.argument("game_id", metavar="GAME", required=False)
@click.option("--all", "every_game", is_flag=True, help="Sweep the declared space of every game.")
@click.option("--grid", "grid_path", help="A grid file (TOML): game, players, properties, [vary] field = [values].")
@click.option("--vary", multiple=True, metavar="FIELD=V1,V2", help="A rules field and the values to try (repeatable); "
              "without it, the game's declared variant space.")
@click.option("--players", "players_text", metavar="RANGE", help="Player counts: 4, 2-12 or 2,4,6 (default: all allowed; "
              "for the declared space, the counts it declares).")
@click.option("--only", multiple=True, help="Check only these properties (repeatable).")
@click.option("--json", "as_json", is_flag=True, help="Print the sweep as one JSON document.")
@click.option("--csv", "csv_path", help="Also write one CSV row per point and property to this file.")
@click.option("--out", "out_path", help="Also write the JSON document to this file (for an atlas page); "
              "with --all, a folder that gets one GAME.json per game.")
@click.option("--workers", type=click.IntRange(1, 256), envvar="CARDSPEC_WORKERS", show_envvar=True,
              help="Local worker processes (default: every core).")
@click.option("--scheduler", help="A Dask scheduler address (tcp://host:port) instead of local workers.")
@click.option("--cache", "cache_dir", help="Folder of finished results, from which an interrupted sweep resumes "
              "(default: the result cache that verify and the rulebook share; see 'cardspec cache info').")
@click.option("--no-cache", is_flag=True, help="Run every task again and keep nothing.")
@click.option("--split", type=click.IntRange(1, 64), default=1, show_default=True,
              help="Split each exhaustive search into this many tasks.")
@click.option("--seed", type=SEED, default=Budget.seed, show_default=True, help="Seed for sampled properties.")
@click.option("--examples", type=click.IntRange(1), default=Budget.examples, show_default=True,
              help="Random games per sampled property.")
@click.option("--timeout", "timeout_ms", type=click.IntRange(1), default=Budget.z3_timeout_ms, show_default=True,
              help="z3 timeout per property, in milliseconds.")
@click.option("--max-points", type=click.IntRange(1), default=3000, show_default=True,
              help="Refuse a sweep of more points than this (counted before anything runs; about an hour on a "
                   "laptop's two cores).")
def sweep(game_id, every_game, grid_path, vary, players_text, only, as_json, csv_path, out_path, workers, scheduler,
          cache_dir, no_cache, split, seed, examples, timeout_ms, max_points) -> None:
    """Check a whole space of house rules: GAME's declared variant space, or every combination of
    --vary values and player counts. Exits 1 if a verdict inside a claim's scope is not as expected."""
    grids = _sweep_grids(game_id, every_game, grid_path, vary, players_text, only)
    size = sum(g.size() for g in grids)
    if size > max_points:
        raise CardspecError(f"the sweep has {size:,} points; allowed: at most --max-points {max_points:,} "
                            "(raise it to run a larger sweep, or vary fewer options)")
    for g in grids:
        if not g.points():
            reasons = sorted({why for _, why in g.invalid()})
            raise CardspecError(f"sweep {g.game}: no point of the grid can be played"
                                + (f" ({quote(reasons[0])})" if reasons else "")
                                + "; allowed: rules and player counts the game accepts")
    for path in (csv_path,) if every_game else (csv_path, out_path):
        if path is not None:
            check_writable(path)
    budget = Budget(seed=seed, examples=examples, z3_timeout_ms=timeout_ms)
    if not cache_dir:
        from verifier.cache import default_folder
        cache_dir = default_folder()
    docs = [_run_one_sweep(grid, budget, workers, scheduler, None if no_cache else cache_dir, split, as_json)
            for grid in grids]
    _write_sweeps(docs, csv_path, out_path, every_game)
    off = [(d["game"], r) for d in docs for r in d["results"] if not _row_as_expected(r)]
    if as_json:
        click.echo(json.dumps(docs if every_game else docs[0], ensure_ascii=False, indent=2))
        sys.exit(1 if off else 0)
    for doc in docs:
        _print_sweep(doc, cache_dir, no_cache)
    if every_game:
        points = sum(len({json.dumps(r["point"], sort_keys=True) for r in d["results"]}) for d in docs)
        console.print(f"\n{len(docs)} games, {points} points, {sum(d['tasks'] for d in docs)} results", markup=False)
    if off:
        console.print(f"\n{len(off)} results not as expected:", markup=False)
        for game, r in off:
            console.print(f"  {game}.{r['property']} at {_point_text(r['point'])}: {r['verdict']}, expected "
                          f"{r['expected']}: {r['detail']}", markup=False)
    sys.exit(1 if off else 0)


def _sweep_grids(game_id, every_game, grid_path, vary, players_text, only) -> list:
    """The grids a sweep's arguments name."""
    from verifier.space import declared_space
    from verifier.sweep import Grid
    if every_game:
        if game_id or grid_path or vary:
            raise CardspecError("--all sweeps every game's declared space; give no GAME, --grid or --vary with it")
        from spec.games import all_games
        return [declared_space(g).grid(players_text, only) for g in all_games()]
    if grid_path:
        if vary or players_text or game_id:
            raise CardspecError("--grid FILE already names the game, players and options; "
                                "give either --grid or GAME with --vary/--players")
        grid = Grid.load(grid_path)
        return [Grid._checked(grid.game, grid.vary, grid.players, tuple(only), "--only") if only else grid]
    if game_id is None:
        raise click.UsageError("give a GAME (its declared space, or --vary and --players), --grid FILE or --all")
    if not vary:
        get_game(game_id)
        return [declared_space(game_id).grid(players_text, only)]
    return [Grid.parse(game_id, vary=vary, players=players_text, properties=only)]


def _run_one_sweep(grid, budget, workers, scheduler, cache_dir, split, quiet) -> dict:
    from rich.progress import Progress

    from verifier.sweep import run_sweep
    with Progress(console=err, transient=True, disable=quiet and not err.is_terminal) as bar:
        job = bar.add_task(f"sweep {grid.game}", total=None)
        return run_sweep(grid, budget, workers=workers, scheduler=scheduler, cache_dir=cache_dir, split=split,
                         progress=lambda done, total: bar.update(job, completed=done, total=total))


def _row_as_expected(row: dict) -> bool:
    return row["expected"] is None or row["verdict"] == row["expected"]


def _point_text(point: dict) -> str:
    return (", ".join(f"{k}={v}" for k, v in point["rules"].items()) or "(defaults)") + f", {point['players']}p"


def _write_sweeps(docs: list[dict], csv_path, out_path, every_game: bool) -> None:
    from spec.engine import write_atomic
    from verifier.sweep import to_csv
    if csv_path is not None:
        write_atomic(csv_path, "".join(to_csv(d) for d in docs))
    if out_path is None:
        return
    if not every_game:
        write_atomic(out_path, json.dumps(docs[0], ensure_ascii=False, indent=1) + "\n")
        return
    try:
        os.makedirs(out_path, exist_ok=True)
    except OSError as exc:
        raise CardspecError(f"--out {out_path}: cannot create the folder ({exc.strerror})") from None
    for d in docs:
        write_atomic(os.path.join(out_path, f"{d['game']}.json"), json.dumps(d, ensure_ascii=False, indent=1) + "\n")


def _print_sweep(doc: dict, cache_dir, no_cache: bool) -> None:
    props = sorted({r["property"] for r in doc["results"]})
    points: dict = {}
    for r in doc["results"]:
        points.setdefault((json.dumps(r["point"]["rules"], sort_keys=True), r["point"]["players"]), {})[
            r["property"]] = r["verdict"]
    mark = {"holds": "[green]✓[/]", "almost_surely": "[green]✓¹[/]", "refuted": "[red]✗[/]", "unknown": "[yellow]?[/]"}
    if len(points) <= 40 and len(props) <= 40:
        table = RichTable("rules", "players", *props, title=f"cardspec sweep {doc['game']}: {len(points)} points")
        for (rules, n), verdicts in points.items():
            table.add_row(escape(", ".join(f"{k}={v}" for k, v in json.loads(rules).items()) or "(defaults)"), str(n),
                          *[mark.get(verdicts.get(p, ""), "·") for p in props])
        console.print(table)
    else:
        console.print(f"cardspec sweep {doc['game']}: {len(points)} points, {len(props)} properties "
                      "(--out or --json for the matrix)", markup=False)
    for name, text in doc["summary"].items():
        console.print(f"{name}: {text}", markup=False)
    for s in doc["skipped"]:
        console.print(f"skipped {_point_text(s['point'])}: {s['reason']}", markup=False)
    console.print(f"{doc['tasks']} results, {doc['resumed']} read back from {cache_dir}" if not no_cache
                  else f"{doc['tasks']} results", markup=False)


@main.command()
@click.argument("game_id", metavar="GAME")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON document.")
@click.option("--games", default=10, show_default=True, type=click.IntRange(1, 1000),
              help="Sampled games per preset and player count, played to see which clauses run.")
def clauses(game_id, as_json, games) -> None:
    """Each rule clause of GAME: its predicate, whether it runs in play, the properties that check it,
    or why none can."""
    from verifier.clauseruns import clause_runs
    from verifier.runner import clause_coverage
    get_game(game_id)
    rows = clause_coverage(game_id)
    runs = clause_runs(game_id, seeds=games)
    for r in rows:
        r["runs"] = runs.get(r["label"])
    keys = ("label", "summary", "predicate", "runs", "not_in_play", "properties", "reason")
    if as_json:
        click.echo(json.dumps([{k: r[k] for k in keys} for r in rows], ensure_ascii=False, indent=2))
        return
    table = RichTable("clause", "predicate", "runs in play", "checked by", title=f"clauses of {game_id}")
    for r in rows:
        checked = ", ".join(r["properties"]) or (f"[yellow]not checked:[/] {escape(r['reason'])}" if r["reason"]
                                                 else "[bold red]nothing[/]")
        ran = ("yes" if r["runs"] else f"[yellow]no:[/] {escape(r['not_in_play'])}" if r["not_in_play"]
               else "[bold red]no[/]" if r["runs"] is False else "-")
        table.add_row(r["label"], r["predicate"] or "-", ran, checked)
    console.print(table)
    bare = [r["label"] for r in rows if not r["properties"] and not r["reason"]]
    idle = [r["label"] for r in rows if r["runs"] is False and not r["not_in_play"]]
    console.print(f"{len(rows)} clauses; {len(bare)} with neither a property nor a reason"
                  + (": " + ", ".join(bare) if bare else "")
                  + f"; {len(idle)} that never ran in {games} sampled games per configuration"
                  + (": " + ", ".join(idle) if idle else ""), markup=False)


_BUILDERS = {"html": "html", "epub": "epub", "pdf": "rinoh"}


def rulebook_sources() -> str:
    """The rulebook's Sphinx sources: ``docs/`` of a source checkout, else the copy shipped in the package."""
    package = os.path.dirname(os.path.abspath(__file__))
    for here in (os.path.join(os.path.dirname(package), "docs"), os.path.join(package, "rulebook")):
        if os.path.exists(os.path.join(here, "conf.py")):
            return here
    raise CardspecError(f"{package}: the rulebook's sources are missing from this installation; "
                        "reinstall cardspec (pip install 'cardspec[docs]')")


@main.command()
@click.option("--out", help="Output folder (default docs/_build/FORMAT, or docs/_build/FORMAT-LANG).")
@click.option("--language", default="en", show_default=True, type=click.Choice(["en", "ru"]),
              help="Rulebook language; 'ru' uses the translation in docs/locale.")
@click.option("--format", "fmt", default="html", show_default=True, type=click.Choice(list(_BUILDERS)),
              help="html; epub (Sphinx's builder); pdf (rinohtype, no TeX; without the API reference).")
@click.option("--open", "open_it", is_flag=True, help="Open the result (the HTML index, or the EPUB/PDF file).")
def docs(out, language, fmt, open_it) -> None:
    """Build the rulebook (Sphinx, warnings are errors), from a checkout or from the installed package."""
    import importlib.util
    import shutil
    import tempfile
    need = ["sphinx", "furo", "matplotlib"] + (["rinoh"] if fmt == "pdf" else [])
    missing = [m for m in need if importlib.util.find_spec(m) is None]
    if missing:
        raise CardspecError(f"building the rulebook needs {', '.join(missing)}: "
                            "install the docs extra, pip install 'cardspec[docs]'")
    from sphinx.cmd.build import build_main
    suffix = "" if language == "en" else f"-{language}"
    out = os.path.abspath(out or f"docs/_build/{fmt}{suffix}")
    here = rulebook_sources()
    try:
        os.makedirs(out, exist_ok=True)
    except OSError as exc:
        raise CardspecError(f"{out}: cannot create the output folder ({exc.strerror})") from None
    if not os.access(out, os.W_OK):
        raise CardspecError(f"{out}: the output folder is not writable")
    with tempfile.TemporaryDirectory(prefix="cardspec-rulebook-") as tmp:
        # build from a copy: an installed package's folder may be read-only, and Sphinx
        # compiles the translations (.mo) beside their sources
        src = shutil.copytree(here, os.path.join(tmp, "docs"), ignore=shutil.ignore_patterns("_build", "*.mo"))
        err.print(f"building the {language} rulebook ({fmt}) into {out}; its verifier tables are read from the "
                  "result cache, and what it lacks is computed first", markup=False)
        with err.status("sphinx is reading and writing pages", spinner="dots"):
            # doctrees outside the output: the EPUB builder would otherwise try to pack them
            # -j auto: pages are read in parallel (the verifier's results are read once, before)
            code = build_main(["-E", "-W", "-n", "--keep-going", "-q", "-j", "auto", "-b", _BUILDERS[fmt], "-d",
                               os.path.join(tmp, "doctrees"), "-D", f"language={language}", src, out])
    if code != 0:
        sys.exit(code)
    result = os.path.join(out, "index.html")
    if fmt != "html":
        found = sorted(f for f in os.listdir(out) if f.endswith("." + fmt))
        result = os.path.join(out, found[0]) if found else out
    console.print(f"rulebook built: {result}", markup=False)
    if open_it:
        import webbrowser
        webbrowser.open("file://" + result)


@main.command()
@click.argument("game_id", metavar="GAME")
@click.option("--position", required=True, help="The position, in the game's position notation.")
@click.option("--variant", "variant_path", help="A variant TOML file or a named preset.")
@click.option("--max-nodes", type=click.IntRange(1, 10**9), default=MAX_NODES, show_default=True,
              help="Positions the search may visit before it reports the position as beyond its budget (Durak).")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON document.")
@click.option("--lang", type=click.Choice(["en", "ru"]), default=None,
              help="The language of the answer (default: from LANG; --json is always in English).")
def solve(game_id, position, variant_path, max_nodes, as_json, lang) -> None:
    """Exact value of an endgame position (games with a solver: Sixty-Six, two-player Durak with the stock
    empty), a best line, and (Durak) the value of every legal move."""
    game = make_game(game_id, resolve_variant(game_id, variant_path), 2 if game_id == "durak" else None)
    solver = _solver_of(game_id)
    if solver is None:
        have = [g for g in all_games() if _solver_of(g) is not None]
        raise CardspecError(f"no endgame solver for {game_id}; games with one: {', '.join(have) or 'none'}")
    out = solver(game, position, max_nodes=max_nodes) if game_id == "durak" else solver(game, position)
    if as_json:
        click.echo(json.dumps(out, ensure_ascii=False, indent=2))
        return
    lang = lang or language_from_env()
    from spec.games._durak_solver import MEANINGS   # what a value means (only Durak's answer values moves)

    def say(move: str) -> str:   # a move of the answer (English notation) in the reader's language
        return game.format_move(game.parse_move(move), lang)
    value = tr(lang, "unknown") if out["value"] is None else f"{out['value']:+d}"
    lines = [tr(lang, "position: {position}").format(position=out["position"]),
             tr(lang, "value: {value} ({meaning})").format(value=value, meaning=said(out["meaning"], lang)),
             tr(lang, "best play: {line}").format(line=" · ".join(map(say, out["line"])) or "-")]
    lines += [f"  {say(move)}: {v:+d} ({tr(lang, MEANINGS[v])})" for move, v in out.get("moves", {}).items()]
    lines.append(tr(lang, "searched {n} positions in {s:.3f}s").format(n=out["nodes"], s=out["seconds"]))
    for line in lines:
        console.print(line, markup=False)



def _solver_of(game_id: str):
    """A game's endgame solver: ``solve_position`` in its rules module or in ``spec.games._GAME_solver``."""
    import importlib
    found = getattr(sys.modules[get_game(game_id).__module__], "solve_position", None)
    if found is None:
        try:
            found = getattr(importlib.import_module(f"spec.games._{game_id}_solver"), "solve_position", None)
        except ImportError:
            found = None
    return found


if __name__ == "__main__":
    main()
