"""Every saved game record replays to the same end: one test for every game's records.

``tests/data/records/G/*.json`` are games saved by this and earlier versions of the code: a
record as ``Record.to_json`` writes it, perhaps with other keys beside it, or wrapped as
``{"record": ...}``. ``tests/data/records/expected.json`` holds what each replayed to when it was
saved: the table as ``describe`` says it, whether the game was over, and its outcome. A change that
makes a saved game replay differently -- another deal, another legal move, another score -- fails
here, naming the record. To add a record, save it in its game's folder and run
``python -m tests.test_records --add``: it writes the expectation of each record that has none,
and never replaces one (a changed expectation is a decision: delete the entry by hand, and say why
in the commit).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from spec.engine import Record
from spec.i18n import said

FOLDER = Path(__file__).parent / "data" / "records"
EXPECTED = FOLDER / "expected.json"
RECORD_KEYS = ("format", "game", "players", "seed", "rules", "moves")


def record_of(path: Path) -> Record | None:
    """The record a file holds, or ``None`` for a file that holds other data (expected ends)."""
    data = json.loads(path.read_text(encoding="utf-8"))
    data = data.get("record", data) if isinstance(data, dict) else None
    if not isinstance(data, dict) or "moves" not in data:
        return None
    return Record.from_json(json.dumps({k: data[k] for k in RECORD_KEYS if k in data}), source=str(path))


def saved() -> dict[str, Record]:
    found = {}
    for path in sorted(FOLDER.glob("*/*.json")):
        record = record_of(path)
        if record is not None:
            found[path.relative_to(FOLDER).as_posix()] = record
    return found


def replayed(record: Record) -> dict:
    """What a record replays to, in the words a reader sees (English) and the payoffs."""
    game, state = record.replay()
    end = {"describe": said(game.describe(state), "en"), "over": game.is_over(state)}
    if end["over"]:
        outcome = game.outcome(state)
        end["outcome"] = outcome.describe("en")
        end["returns"] = list(outcome.returns)
    return end


RECORDS = saved()
WANT = json.loads(EXPECTED.read_text(encoding="utf-8")) if EXPECTED.exists() else {}


def test_every_game_with_a_saved_record_has_its_expectation():
    assert RECORDS, f"no records found under {FOLDER}"
    missing = sorted(set(RECORDS) - set(WANT))
    assert not missing, f"records without an expected end: {missing}; run python -m tests.test_records --add"
    assert not set(WANT) - set(RECORDS), f"expectations without a record: {sorted(set(WANT) - set(RECORDS))}"


@pytest.mark.parametrize("name", sorted(RECORDS))
def test_a_saved_record_replays_to_the_same_end(name):
    assert replayed(RECORDS[name]) == WANT.get(name), name


#: rules broken on purpose: no card scores in Kerosinka; nobody wins Svinya by shedding
BROKEN = {"kerosinka-points": lambda won, points=None: (0,) * len(won), "svinya-win": lambda hands: ()}


@pytest.mark.parametrize("label", sorted(BROKEN))
def test_a_rule_broken_through_the_registry_changes_how_a_saved_game_ends(label):
    """The check can fail: with one scoring or winning rule broken, some saved game ends otherwise than
    recorded (another result, or a recorded move that is no longer legal)."""
    from spec.games import get_game
    game = label.split("-")[0]
    names = [n for n in RECORDS if n.startswith(game + "/")]
    differ = []
    with get_game(game).module().CLAUSES.replaced(label, BROKEN[label]):
        for name in names:
            try:
                differ.append(replayed(RECORDS[name]) != WANT[name])
            except Exception:   # a recorded move that the broken rules refuse
                differ.append(True)
    assert names and any(differ)


def add_missing() -> list[str]:
    want = dict(WANT)
    added = [name for name in sorted(RECORDS) if name not in want]
    for name in added:
        want[name] = replayed(RECORDS[name])
    EXPECTED.write_text(json.dumps(dict(sorted(want.items())), ensure_ascii=False, indent=1) + "\n",
                        encoding="utf-8")
    return added


if __name__ == "__main__":
    if sys.argv[1:] != ["--add"]:
        sys.exit("usage: python -m tests.test_records --add")
    print("\n".join(add_missing()) or "every record has its expectation")
