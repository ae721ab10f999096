"""Regenerate the legacy-record fixtures (run once, from the pre-kernel code at 8b6b4ca).

Run from an export of that commit, never from the working tree::

    mkdir /tmp/pre && git archive 8b6b4ca | tar -x -C /tmp/pre
    cd /tmp/pre && PYTHONPATH=. python /work/main/tests/data/records/sixty_six/generate.py

Each ``*.json`` is a saved record exactly as ``Game.record(seed, moves).to_json()``
wrote it before the ``closer`` option and the kernel port; ``expected.json`` keeps
what replaying it must give (final result, points, partie totals, deal count).
Do not rerun this on newer code: the point is to keep the old records.
"""

from __future__ import annotations

import json
import pathlib
import random

from spec.cards import format_card, format_cards
from spec.games.sixty_six import PRESETS, SixtySix
from spec.rules import make_rules

HERE = pathlib.Path(__file__).resolve().parent


def random_record(game, seed: int, policy: str):
    """A random legal game; ``close``: the first offer to close is taken; ``marry``: every marriage."""
    rng = random.Random(seed)
    state, moves = game.deal(seed), []
    prefer_close = policy == "close"
    while not game.is_over(state):
        legal = game.legal_moves(state)
        marriages = [m for m in legal if game.format_move(m).startswith("marry")]
        if prefer_close and "close" in legal:
            move, prefer_close = "close", False
        elif policy == "marry" and marriages:
            move = marriages[0]
        else:
            move = legal[rng.randrange(len(legal))]
        moves.append(move)
        state = game.apply(state, move)
    return game.record(seed, moves), state


def main() -> None:
    configs = [("default", {}, 2)] + [(name, rules, 3 if rules.get("allow_three") else 2)
                                      for name, rules in PRESETS.items()]
    expected = {}
    for name, rules, players in configs:
        game = SixtySix(make_rules(SixtySix.Rules, rules), players=players)
        for seed, policy in ((11, "random"), (12, "close"), (13, "marry")):
            record, state = random_record(game, seed, policy)
            while policy == "marry" and not any(m.startswith("marry") for m in record.moves):
                seed += 1               # the first deal from 13 on that offers a marriage
                record, state = random_record(game, seed, policy)
            file = f"{name}-{players}p-seed{seed}.json"
            (HERE / file).write_text(record.to_json() + "\n", encoding="utf-8")
            first = game.deal(seed)
            expected[file] = {"deal": [format_cards(h) for h in first.hands] + [format_card(first.trump_card)],"result": list(state.result), "points": list(state.points),
                              "totals": list(state.totals), "deal_no": state.deal_no,
                              "moves": len(record.moves)}
    (HERE / "expected.json").write_text(json.dumps(expected, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
