"""One suite for every game, as OpenSpiel runs one generic test over all its games.

Each test plays a seeded game of every game from the deal to its end (the first of a few seeds
whose game ends: the source's Pyanitsa can loop) and checks, at the states it passes through,
what every game must do alike: an end after which nothing is offered and every move is refused
by the game's end clause, move notation that reads back in English and Russian, a refusal that
names a clause of the game's own book in words, descriptions in both languages, states a bot
imagines that the seat cannot tell from the real one, every card of the deck somewhere, and what a
game stopped now would pay (where the game says) equal at the end to what it pays. A game's own
test file keeps only what is particular to it. The last test breaks a game in each of these ways and
sees each check fail.
"""

from __future__ import annotations

import dataclasses
import functools
import random

import pytest

from spec.engine import Game
from spec.errors import IllegalMove, NotationError
from spec.games import all_games
from spec.i18n import Msg, said
from verifier.api import walk
from tests.helpers import cards_of, check_cards

GAMES = sorted(all_games())
#: the most moves a game is played for, and the seeds tried until one ends
CAP, SEEDS = 30_000, range(1, 40)


def play_out(game):
    """``(states, moves)`` of the first seeded game of ``game`` that ends, from the deal to the end."""
    for seed in SEEDS:
        states = []
        trace, end = walk(game, seed, lambda _, state: states.append(state), cap=CAP)
        if game.is_over(end):
            return states, list(trace.moves)
    pytest.fail(f"{game.info.id}: no game of seeds {SEEDS.start}-{SEEDS.stop - 1} ends within {CAP} moves")


@functools.cache
def played(game_id: str):
    game = all_games()[game_id]()
    return (game, *play_out(game))


def offered(game, states) -> list:
    """Every move offered anywhere in the game, each once, in the order first offered."""
    return list(dict.fromkeys(m for s in states for m in game.legal_moves(s)))


def check_the_end(game, states) -> None:
    end = states[-1]
    assert game.to_move(end) is None and game.legal_moves(end) == ()
    assert all(game.moves_for(end, p) == () for p in range(game.players))
    for move in offered(game, states)[:60]:
        assert game.refusal(end, move) == (game.over_clause, "the game is over: no more moves can be made")
        with pytest.raises(IllegalMove) as exc:
            game.play(end, move)
        assert str(exc.value).endswith(f"[rule {game.over_clause}]")
    assert len(game.outcome(end).returns) == game.players


def check_notation(game, states) -> None:
    for move in offered(game, states):
        for lang in ("en", "ru"):
            text = game.format_move(move, lang)
            try:
                assert game.parse_move(text) == move, (lang, text)
            except NotationError as exc:
                raise AssertionError(f"{lang} {text!r} does not read back: {exc}") from None


def check_refusals(game, states) -> None:
    """At each state, the moves offered elsewhere in the game but not here are refused, each by a
    clause of the game's own book and with a reason; playing one raises the same refusal."""
    book, everything, refused = game.clause_book(), offered(game, states), 0
    for state in states[:-1][:200]:
        here = set(game.legal_moves(state))
        for move in [m for m in everything if m not in here][:12]:
            label, reason = game.refusal(state, move)
            assert label in book and said(reason, "en").strip() and said(reason, "ru").strip()
            with pytest.raises(IllegalMove) as exc:
                game.play(state, move)
            assert str(exc.value).endswith(f"[rule {label}]")
            refused += 1
    # a game whose every state offers every move it ever offers (Casino War's one bet) refuses none
    assert refused or all(set(game.legal_moves(s)) == set(everything) for s in states[:-1])


def check_descriptions(game, states) -> None:
    for state in states[:300]:
        for text in (game.describe(state), game.describe_move(state)):
            en, ru = said(text, "en"), said(text, "ru")
            assert "{" not in en and "{" not in ru, (en, ru)
        assert said(game.describe(state), "en").strip()


def check_redraws(game, states) -> None:
    """What a bot imagines (:func:`spec.bots.determinize`: the cards a seat cannot see dealt afresh, and
    the game's other hidden things drawn again) is a state the seat cannot tell from the real one: it sees
    the same, the same player moves, the cards are the same cards, and the state plays on."""
    from spec.bots import determinize
    for i, state in enumerate(states[:-1][::max(1, len(states) // 40)]):
        for seat in range(game.players):
            imagined = determinize(game, state, seat, random.Random(i * 31 + seat))
            assert game.observe(imagined, seat) == game.observe(state, seat), (i, seat)
            assert game.to_move(imagined) == game.to_move(state) and cards_of(game, imagined) == cards_of(game, state)
            for move in game.legal_moves(imagined)[:3]:
                game.play(imagined, move)


def check_standing(game, states) -> None:
    """Where a game says what it would pay if stopped now (``standing``, by which a bot's playout cut short
    is scored; tests/test_bot_standing.py checks it in a match in progress), it says at the end exactly
    what the game pays."""
    if type(game).standing is not Game.standing:   # the game says
        assert tuple(game.standing(states[-1])) == tuple(game.outcome(states[-1]).returns)


CHECKS = {"end": check_the_end, "notation": check_notation, "refusals": check_refusals,
          "descriptions": check_descriptions, "redraws": check_redraws, "cards": check_cards,
          "standing": check_standing}


@pytest.mark.parametrize("check", sorted(CHECKS))
@pytest.mark.parametrize("game_id", GAMES)
def test_every_game(game_id, check):
    game, states, _ = played(game_id)
    CHECKS[check](game, states)


def broken_games():
    """A game (Svinya) broken once for each check: it offers a pass after the end, writes a lay with
    no card, refuses every move with a reason no clause has, describes a state in a template,
    imagines a seat holding its neighbour's hand, loses sight of a card, and says a game stopped at its
    end would pay nothing."""
    from spec.games.svinya import PASS, Svinya

    class OffersAfterTheEnd(Svinya):
        def legal_moves(self, state):
            return (PASS,) if self.is_over(state) else super().legal_moves(state)

    class DropsTheCard(Svinya):
        def format_move(self, move, lang="en"):
            return super().format_move(move, lang).split()[0]

    class UnknownClause(Svinya):
        def refusal(self, state, move):
            found = super().refusal(state, move)
            return found if found is None else ("svinya-nowhere", found[1])

    class Unformatted(Svinya):
        def describe(self, state):
            return Msg("{{hands}}")   # a template said with its braces

    class ImaginesAnotherHand(Svinya):
        def resample_hidden(self, state, player, rng):   # the seat's own hand swapped with its neighbour's
            hands = list(state.hands)
            other = (player + 1) % self.players
            hands[player], hands[other] = hands[other], hands[player]
            return dataclasses.replace(state, hands=tuple(hands))

    class LosesACard(Svinya):
        def zones(self, state):   # the first card of the first zone that holds one is nowhere
            z = dict(super().zones(state))
            key = next(k for k, cards in z.items() if cards)
            z[key] = tuple(z[key])[1:]
            return z

    class StandsEven(Svinya):
        def standing(self, state):   # a game stopped at its end would pay nobody anything
            return (0,) * self.players

    return {"end": OffersAfterTheEnd, "notation": DropsTheCard, "refusals": UnknownClause,
            "descriptions": Unformatted, "redraws": ImaginesAnotherHand, "cards": LosesACard,
            "standing": StandsEven}


@pytest.mark.parametrize("check", sorted(CHECKS))
def test_each_check_fails_on_a_game_broken_for_it(check):
    game = broken_games()[check](players=3)
    states, _ = play_out(game)
    with pytest.raises(AssertionError):
        CHECKS[check](game, states)
