"""Two-deck Pyanitsa benchmark: random games and lays per second (CPU time), deals included.

Prints one JSON document. Run: ``.venv/bin/python bench/bench_pyanitsa_poddavki.py``.
"""

from __future__ import annotations

import json

from benchlib import random_play

from spec.games.pyanitsa_poddavki import Poddavki, Rules

if __name__ == "__main__":
    print(json.dumps({"game": "pyanitsa_poddavki", "random_play": [
        {"rules": name, **random_play(Poddavki(rules), 2.0)} for name, rules in
        (("default", Rules()), ("beggar", Rules(counter="beggar")), ("36 cards", Rules(deck="36")))]}, indent=2))
