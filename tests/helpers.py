"""Shared test helpers: a small budget and a mutation runner."""

from __future__ import annotations

from collections import Counter

from verifier.core import REGISTRY, Budget, Property, Result
from verifier.runner import load_properties, run_on

#: Small, fixed budget: tests are deterministic and quick; bigger runs belong in `cardspec verify`.
SMALL = Budget(seed=1, examples=25, z3_timeout_ms=10_000, max_plays=3_000)


def property_of(game_id: str, name: str) -> Property:
    """A registered property of ``game_id``."""
    load_properties()
    return REGISTRY.get(game_id, name)


def in_scope(game_cls, name: str, rules, players: int | None = None) -> bool:
    """Whether property ``name`` makes its claim (has an expected verdict) under ``rules``."""
    return property_of(game_cls.info.id, name).expected_for([game_cls(rules, players=players)]) is not None


def check(games, name: str, budget: Budget = SMALL) -> Result:
    """Run property ``name`` against (possibly mutated) game objects."""
    return run_on(list(games), name, budget)


def assert_refuted(result: Result) -> None:
    """A broken rule must be reported as refuted, with a printable counterexample."""
    assert result.verdict == "refuted", (result.property.name, result.verdict, result.detail)
    assert result.counterexample is not None and result.counterexample.text
    assert result.counterexample.record is not None or result.counterexample.deal is not None


def generic_mutants(cls) -> dict:
    """A deliberately broken subclass of game class ``cls`` for each generic property.

    Every game's tests run these, so no game can pass a generic property by
    construction. The breaks need no knowledge of the game.
    """

    class LosesACard(cls):
        """Loses track of one card: the largest place is short of its last card."""

        def zones(self, state):
            zones = dict(super().zones(state))
            biggest = max(zones, key=lambda z: len(zones[z]))
            zones[biggest] = tuple(zones[biggest])[:-1]
            return zones

    class StuckOnOddHands(cls):
        """Offers no move whenever the cards in hands add up to an odd number, and none
        in a freshly dealt position (so that a game with one decision is caught too)."""

        def legal_moves(self, state):
            held = sum(len(c) for z, c in self.zones(state).items() if z.startswith("hand"))
            fresh = getattr(state, "seed", None) is not None and state == self.deal(state.seed)
            return () if held % 2 or fresh else super().legal_moves(state)

    class DuplicateMoves(cls):
        def legal_moves(self, state):
            moves = super().legal_moves(state)
            return moves + moves[:1]

    class EveryoneMoves(cls):
        def moves_for(self, state, player):
            return self.legal_moves(state)

    class ReplayDiverges(cls):
        """Deals differently the second time the same seed is dealt."""

        def deal(self, seed):
            self._deals = getattr(self, "_deals", 0) + 1
            return super().deal(seed + (self._deals > 1))

    class ForgetsRules(cls):
        """Saves records without their rules overrides (test it with non-default rules)."""

        def record(self, seed, moves):
            rec = super().record(seed, moves)
            return type(rec)(rec.game, rec.players, rec.seed, rec.moves, {})

    class ClaimsShortGames(cls):
        def max_plays(self):
            return 3

    class FastPathDrifts(cls):
        """The fast move generator drops its last move (in a game with one move a turn, its only one)."""

        def legal_moves(self, state):
            return super().legal_moves(state)[:-1]

    class PaysTheFirstSeat(cls):
        """Every finished game gives seat 0 one point more than the rules do; a game
        declared not zero-sum is declared zero-sum instead (so the claim is what breaks)."""

        if not cls.info.zero_sum:
            import dataclasses as _dc
            info = _dc.replace(cls.info, zero_sum=True)

        def outcome(self, state):
            import dataclasses
            out = super().outcome(state)
            returns = tuple(out.returns) or (0,) * self.players
            return dataclasses.replace(out, returns=(returns[0] + 1,) + returns[1:])

    class DealsFromTheGlobalGenerator(cls):
        """Shuffles with Python's global random generator as well as the seed."""

        def deal(self, seed):
            import random
            return super().deal(seed + random.randrange(2))

    class ShowsEveryHand(cls):
        """Every player's view includes every card of every zone; in a game declared
        without hidden information, the other players' hands are hidden instead."""

        def observe(self, state, player):
            return tuple((z, tuple(c)) for z, c in self.zones(state).items())

        if not cls.info.hidden_information:
            def hidden_zones(self, state, player):
                return frozenset(z for z, cards in self.zones(state).items()
                                 if z.startswith("hand ") and z != f"hand {player}" and cards)

    return {"cards_conserved": LosesACard, "moves_exist": StuckOnOddHands,
            "moves_unique_stable": DuplicateMoves, "only_mover_moves": EveryoneMoves,
            "replay_reproduces": ReplayDiverges, "save_load": ForgetsRules, "ends_in_bound": ClaimsShortGames,
            "moves_match_clauses": FastPathDrifts, "zero_sum": PaysTheFirstSeat,
            "chance": DealsFromTheGlobalGenerator, "hidden_information": ShowsEveryHand}


GENERIC_PROPERTIES = ("cards_conserved", "moves_exist", "moves_unique_stable", "only_mover_moves",
                      "replay_reproduces", "save_load", "ends_in_bound", "moves_match_clauses", "zero_sum",
                      "chance", "hidden_information")


def play_moves(game, state, moves: str):
    """Play ``moves`` (one-word moves in the game's notation, e.g. cards ``A♠ 10♥``), each checked."""
    for text in moves.split():
        state = game.play(state, game.parse_move(text))
    return state


def cards_of(game, state) -> Counter:
    """The cards in ``game``'s zones at ``state``, each counted as often as it is there."""
    return Counter(c for cards in game.zones(state).values() for c in cards)


def check_cards(game, states) -> None:
    """Every card is somewhere: at every state, the game's zones (hands, table, stock, tricks won, cards
    out of play) hold the deck's cards, each as often as the deck has it."""
    deck = Counter(game.deck())
    for i, state in enumerate(states):
        held = cards_of(game, state)
        assert held == deck, (i, held - deck, deck - held)
