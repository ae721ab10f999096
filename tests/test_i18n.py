"""The catalogue of generated strings: every string the code marks (``N_`` and ``tr``)
has a Russian translation, and every translation still has its string in the code."""

from __future__ import annotations

import re
from pathlib import Path

from babel.messages.extract import extract_from_dir

from spec.i18n import KEYWORDS, LANGUAGES, N_, catalogue, tr, translated

ROOT = Path(__file__).parent.parent
SOURCES = ("spec", "verifier", "docs/_ext")
FIX = ("extract and update the catalogue as docs/dev/conventions.md says, then translate: "
       "spec/locale/ru/LC_MESSAGES/cardspec.po")


def marked() -> set[str]:
    """Every message the code marks, as Babel extracts it with cardspec's method (``babel.cfg``): the
    marked strings, and the words the rules and properties declare (clause summaries and refusals,
    property titles, scopes, rules fields)."""
    found = set()
    for folder in SOURCES:
        for _file, _line, message, _comments, _context in extract_from_dir(
                ROOT / folder, method_map=[("**.py", "spec.i18n:extract")], keywords=KEYWORDS):
            found.add(message if isinstance(message, str) else message[0])
    return found


def test_every_marked_string_is_translated_and_no_translation_is_stale():
    code = marked()
    assert len(code) > 50  # the extraction sees the rulebook's words
    for lang in LANGUAGES:
        have = set(catalogue(lang))
        assert not code - have, f"{lang}: no translation for {sorted(code - have)[:5]}; {FIX}"
        assert not have - code, f"{lang}: translations of strings no longer in the code: {sorted(have - code)[:5]}"


def test_tr_translates_and_falls_back_to_english():
    assert tr("ru", "Sample game") == "Пример партии" and tr("en", "Sample game") == "Sample game"
    assert tr("ru", "a sentence nobody marked") == "a sentence nobody marked"
    assert translated({"a": [N_("players"), "x"]}, "ru") == {"a": ["игроки", "x"]}


def test_the_rules_packed_for_the_browser_translate_from_their_compiled_catalogue(tmp_path):
    """The Play panel's wheel has no .po and Pyodide has no Babel: the packed rules read the compiled
    catalogue, and say every message as the .po does."""
    import subprocess
    import sys
    import zipfile
    sys.path.insert(0, str(ROOT / "docs" / "_ext"))
    try:
        import cardspec_play
    finally:
        sys.path.pop(0)
    wheel = tmp_path / "spec.whl"
    cardspec_play.pack_spec_wheel(str(wheel))
    zipfile.ZipFile(wheel).extractall(tmp_path / "site")
    probe = ("import json, spec.i18n as i; assert not i.catalogue_path('ru').exists(); "
             "print(json.dumps(dict(i.catalogue('ru'))))")
    done = subprocess.run([sys.executable, "-c", probe], cwd=tmp_path / "site", capture_output=True, text=True,
                          env={"PYTHONPATH": str(tmp_path / "site"), "PATH": "/usr/bin:/bin"})
    assert done.returncode == 0, done.stderr[-2000:]
    import json
    assert json.loads(done.stdout) == dict(catalogue("ru"))


def test_every_page_of_the_rulebook_is_in_russian():
    """Every message of every rulebook page has a Russian translation (the API reference, the
    docstrings, is counted apart: bench/translation_coverage.py reports it)."""
    import importlib.util
    spec = importlib.util.spec_from_file_location("translation_coverage", ROOT / "bench" / "translation_coverage.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    report = module.coverage(str(ROOT / "docs"))
    missing = {page: report["pages"][page]["first_missing"] for page in report["untranslated_pages"]}
    assert not missing, ("translate these in docs/locale/ru/LC_MESSAGES/PAGE.po (sphinx-build -b gettext, then "
                         f"sphinx-intl update, as docs/dev/conventions.md says): {missing}")
    assert report["total_without_api"]["percent_messages"] == 100.0


def test_the_english_counter_counts_prose_and_leaves_out_code_and_names():
    import importlib.util
    spec = importlib.util.spec_from_file_location("english_runs", ROOT / "bench" / "english_runs.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    page = ('<nav>one two three four five six</nav><article role="main"><p>Карта 10♥ бьёт: the card is not '
            'allowed here at all, <code>never counted in code blocks here</code> и Sixty-Six Queen-and-Ace '
            'cardspec are names; turnover_order flip.</p><pre>pre is left out of it all</pre></article>')
    parser = module._Main()
    parser.feed(page)
    text = "".join(parser.parts)
    assert module.runs_of(text, module.proper_names()) == ["the card is not allowed here at all"]
    assert module.runs_of("a few words, then a Russian слово and then four words", set()) == []


def _walked_states(game, seed: int = 1, moves: int = 300):
    import random
    rng, state = random.Random(seed), game.deal(seed)
    for _ in range(moves):
        yield state
        legal = () if game.is_over(state) else game.legal_moves(state)
        if not legal:
            return
        state = game.play(state, legal[rng.randrange(len(legal))])


def test_every_zone_of_every_game_is_named_in_both_languages():
    """The Play panel, the terminal seat and the logs name each zone in the reader's language."""
    from spec.games import all_games
    from spec.i18n import Msg, ZONE_NAMES, zone_name
    unnamed = set()
    for gid, cls in sorted(all_games().items()):
        game = cls()
        for state in _walked_states(game):
            for zone in game.zones(state):
                name = zone_name(zone)
                if not isinstance(name, Msg):
                    unnamed.add((gid, zone))
    assert not unnamed, f"zones with no name in spec.i18n.ZONE_NAMES: {sorted(unnamed)}"
    assert all(tr("ru", z) != z for z in ZONE_NAMES)


def _english_words(text: str) -> list[str]:
    """The words of two or more Latin letters (the English counter's words), identifiers left out."""
    text = re.sub(r"«[^»]*»", "", text)   # a move's notation, quoted
    return [w for w in re.findall(r"[A-Za-z][\w]+", text) if not re.search(r"[\d_]", w)]


def test_a_durak_log_and_its_refusals_speak_russian():
    """``cardspec play durak --seed 1 --lang ru`` prints a Russian log, its moves in their Russian form
    too: no English word; a refused move gets a Russian sentence."""
    from click.testing import CliRunner

    from spec.games import get_game
    from spec.i18n import said
    from verifier.cli import main
    out = CliRunner().invoke(main, ["play", "durak", "--seed", "1", "--lang", "ru"])
    assert out.exit_code == 0
    lines = out.output.splitlines()
    assert lines[0].startswith("Дурак (Durak)") and lines[1].startswith("сдача: козырь")
    for line in lines[1:]:
        assert not _english_words(line), line
    game = get_game("durak")()
    refusals = 0
    for state in _walked_states(game, moves=80):
        if game.is_over(state):
            break
        for text in ("attack 6♠", "beat 6♠ with 7♠", "take", "pass", "throw 6♠", "transfer 6♠"):
            why = game.refusal(state, game.parse_move(text))
            if why is not None:
                refusals += 1
                assert not _english_words(said(why[1], "ru")), (text, why[1], said(why[1], "ru"))
    assert refusals > 100


def test_every_move_written_in_russian_reads_back_as_the_same_move():
    """A Russian log writes moves in Russian (``побить 7♠ картой Q♠``), and a Russian player may type them
    so: each legal move of random play, in every game, round-trips through its Russian form."""
    from spec.games import all_games
    spoken = 0
    for gid, cls in sorted(all_games().items()):
        game = cls()
        for state in _walked_states(game, moves=150):
            if game.is_over(state):
                break
            for mv in game.legal_moves(state):
                text = game.format_move(mv, "ru")
                spoken += text != game.format_move(mv)
                assert game.parse_move(text) == mv, (gid, text, mv)
    assert spoken > 1000


def test_every_games_refusals_and_log_speak_russian():
    """In every game, what a Russian reader is told (a refused move's sentence, the log after each move,
    the state) holds no run of five English words, the measure the Russian rulebook is held to
    (bench/english_runs.py); option values and notation quoted in a sentence stay as written."""
    import importlib.util

    from spec.games import all_games
    from spec.i18n import said
    spec_ = importlib.util.spec_from_file_location("english_runs", ROOT / "bench" / "english_runs.py")
    counter = importlib.util.module_from_spec(spec_)
    spec_.loader.exec_module(counter)
    names = counter.proper_names()
    english = []
    for gid, cls in sorted(all_games().items()):
        game = cls()
        seen_moves, said_count = [], 0
        for state in (s for seed in range(1, 41) for s in _walked_states(game, seed, moves=120)):
            if said_count >= 400:
                break
            told = [game.describe(state), game.describe_move(state)]
            if not game.is_over(state):
                legal = game.legal_moves(state)
                seen_moves = (seen_moves + list(legal[:3]))[-40:]
                told += [why[1] for why in (game.refusal(state, m) for m in seen_moves if m not in legal) if why]
            for text in told:
                runs = counter.runs_of(said(text, "ru"), names)
                said_count += 1
                if runs:
                    english.append((gid, runs[0]))
        assert said_count > 50, gid
    assert not english, f"{len(english)} English runs, the first: {english[:5]}; games: {sorted({g for g, _ in english})}"


def test_an_error_line_speaks_the_locales_language(tmp_path):
    """Under a Russian locale an error line is Russian, still one line and exit 2."""
    from click.testing import CliRunner

    from verifier.cli import main
    variant = tmp_path / "v.toml"
    variant.write_text('game = "queen_ace"\n[rules]\nmax_stake = 0\n')
    lines = {}
    for lang in ("C.UTF-8", "ru_RU.UTF-8"):
        out = CliRunner().invoke(main, ["verify", "--variant", str(variant)], env={"LANG": lang, "LC_ALL": ""})
        assert out.exit_code == 2 and out.stderr.count("\n") == 1, out.stderr
        lines[lang] = out.stderr
    assert "key 'rules.max_stake': 0 is out of range; allowed: an integer from" in lines["C.UTF-8"], lines
    assert "ключ 'rules.max_stake': 0 вне допустимых пределов; допустимо: целое число от" in lines["ru_RU.UTF-8"], lines
    out = CliRunner().invoke(main, ["play", "durak", "--seat", "0", "--seed", "1"], input="attack 2♠\nquit\n",
                             env={"LANG": "ru_RU.UTF-8", "LC_ALL": ""})
    assert "карты 2♠ нет в колоде этой игры" in out.output, out.output[-300:]


def test_every_propertys_title_is_said_in_russian():
    """A title made at registration (``With 4 players every game ends``, a table of titles) is a Msg or
    a marked literal, so the Russian page and ``verify --lang`` never show it in English."""
    import importlib

    from spec.games import all_games
    from verifier.core import REGISTRY
    english = []
    for gid in sorted(all_games()):
        importlib.import_module(f"verifier.games.{gid}")
        english += [(gid, p.name) for p in REGISTRY.for_game(gid) if p.shown_title("ru", gid) == p.shown_title("en", gid)]
    assert not english, english


def test_a_property_of_a_preset_is_titled_in_both_languages():
    """Durak checks its invariants under each preset too (``cards_conserved@throw_in``): the title is the
    property's own, translated, with the preset named after it."""
    import verifier.games.durak  # noqa: F401 (registers the properties)
    from verifier.core import REGISTRY
    presets = [p for p in REGISTRY.for_game("durak") if "@" in p.name]
    assert presets
    for p in presets:
        preset = p.name.split("@")[1]
        en, ru = p.shown_title("en"), p.shown_title("ru")
        assert en.startswith(f"{p.title} ({preset})") and ru.startswith(f"{tr('ru', p.title)} ({preset})"), en
        assert ru != en
