"""The catalogue data file (docs/catalogue.toml) behind the rulebook's catalogue page."""

import importlib
import pathlib
import re
import tomllib

import pytest

from spec.games import all_games

ROOT = pathlib.Path(__file__).resolve().parent.parent
DATA = ROOT / "docs" / "catalogue.toml"
PLAYERS = re.compile(r"^(?:any|(\d+)|(\d+)-(\d+)|(\d+)\+|(\d+) or (\d+)|up to (\d+))$")
KEYS = {"ru", "en", "kind", "family", "players", "deck", "line", "game", "preset", "see"}


@pytest.fixture(scope="module")
def data():
    with DATA.open("rb") as fh:
        return tomllib.load(fh)


@pytest.fixture(scope="module")
def entries(data):
    return data["entries"]


def test_about_220_entries_in_source_order(entries):
    assert 215 <= len(entries) <= 230
    lines = [e["line"] for e in entries]
    assert lines == sorted(lines) and len(set(lines)) == len(lines)
    assert 63 <= lines[0] and lines[-1] <= 946  # the catalogue's lines in 000


def test_every_entry_has_names_and_a_kind(data, entries):
    for e in entries:
        assert set(e) <= KEYS, e
        assert e["ru"].strip() and e["en"].strip(), e
        assert re.search("[А-Яа-яЁё]", e["ru"]), e  # the title as the source prints it
        assert e["kind"] in data["kinds"], e
        if e["kind"] == "game":
            assert e.get("family") in data["families"], e
        else:
            assert "family" not in e, e


def test_families_and_kinds_have_both_languages(data):
    for table, size in ((data["families"], 4), (data["kinds"], 2)):  # families: full and short names
        for key, names in table.items():
            assert len(names) == size and all(n.strip() for n in names), key
            assert all(re.search("[А-Яа-яЁё]", n) for n in names[1::2]), key


def test_player_counts_are_sane(entries):
    for e in entries:
        if "players" not in e:
            continue
        m = PLAYERS.match(e["players"])
        assert m, e
        numbers = [int(n) for n in m.groups() if n is not None]
        assert all(1 <= n <= 20 for n in numbers), e
        assert numbers == sorted(numbers) and len(set(numbers)) == len(numbers), e


def test_decks_are_stated_as_cards_or_words(entries):
    words = {"any", "full", "2 full", "2 packs", "4 per player", "52 each"}
    for e in entries:
        if "deck" not in e:
            continue
        deck = e["deck"]
        assert deck in words or re.fullmatch(r"(up to )?\d+(x\d+)?( \([\d, ]+\))?((, | or )\d+(x\d+)?)*", deck), e
        for n in map(int, re.findall(r"\d+", deck.replace("x", " "))):
            assert 2 <= n <= 112, e


def test_linked_games_and_presets_exist(entries):
    games = all_games()
    linked = [e for e in entries if "game" in e or "see" in e]
    assert linked, "the catalogue links no cardspec game"
    for e in linked:
        assert not ("game" in e and "see" in e), e
        gid = e.get("game") or e.get("see")
        assert gid in games, e
        if "preset" in e:
            assert "game" in e, e
            module = importlib.import_module(games[gid].__module__)
            assert e["preset"] in getattr(module, "PRESETS", {}), e
    assert {"durak", "sixty_six"} <= {e["game"] for e in linked if "game" in e}


def test_the_page_uses_the_data_file():
    page = (ROOT / "docs" / "catalogue.rst").read_text(encoding="utf-8")
    assert page.count(".. cardspec-catalogue:: catalogue.toml") == 2
    assert "   catalogue\n" in (ROOT / "docs" / "index.rst").read_text(encoding="utf-8")
