"""The catalogue of generated strings: every string the code marks (``N_`` and ``tr``)
has a Russian translation, and every translation still has its string in the code."""

from __future__ import annotations

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
