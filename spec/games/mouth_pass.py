"""Mouth pass (Карта по кругу ртом): a party game of passing one card mouth to mouth.

Source: ``001_55360323bc916247.txt``, the untitled party game (lines 105-114).

The players stand in a circle and pass a single card from mouth to mouth,
holding it by sucking in air. Whoever is to blame when the card falls is
out; the last player left wins.

Dropping the card is physical skill, which cardspec models as chance: each
pass fails with probability ``drop`` (a rules parameter), drawn from the
game's seed. The expected number of passes is computed exactly with
fractions (see the properties).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from spec.cards import Card, Rank, Suit
from spec.clauses import ClauseBook
from spec.dealing import rng_for
from spec.engine import Game, GameInfo, Outcome, Source
from spec.i18n import N_, Msg
from spec.moves import move
from spec.rules import setting

INFO = GameInfo(
    id="mouth_pass",
    name_en="Mouth pass",
    name_ru="Карта по кругу ртом",
    min_players=2,
    max_players=12,
    deck="1 card",
    family=N_("party"),
    chance=True,
    hidden_information=False,
    zero_sum=True,
    source=Source(file="001_55360323bc916247.txt", title=N_("(untitled) pass a card by mouth"), lines="105-114"),
)

CLAUSES = ClauseBook(INFO.id)

#: The one card passed round (the source asks for any card, preferably a plastic one).
THE_CARD = Card(Rank.QUEEN, Suit.SPADES)


def _parse_drop(value) -> Fraction:
    try:
        p = Fraction(str(value))
    except (ValueError, ZeroDivisionError):
        raise ValueError("a probability written as a fraction like '1/10' or a decimal like 0.1") from None
    if not 0 < p <= 1:
        raise ValueError("a probability above 0 and at most 1, like '1/10'")
    return p


@dataclass(frozen=True, kw_only=True)
class Rules:
    """Parameters of the mouth pass."""

    drop: Fraction = setting(Fraction(1, 10), parse=_parse_drop, dump=str, sweep=("1", "1/2", "1/3", "1/40"))
    """The chance that a pass fails and the card falls (a model of the
    players' skill, not in the source; default 1/10). Swept: 1 (every pass
    falls: a game is exactly n - 1 passes), 1/2 (preset ``clumsy``), 1/3 and
    1/40 (long games)."""

    at_fault: Literal["receiver", "passer"] = "receiver"
    """Who is out when the card falls (decision; the source says "whoever is
    to blame"). ``receiver``: the player who failed to take it. ``passer``:
    the player who was handing it on."""

    direction: Literal["clockwise", "either"] = "clockwise"
    """Where the card goes (decision; the source only says the players stand
    in a circle). ``clockwise``: always to the next player on the left.
    ``either``: the holder chooses either neighbour."""

    pickup: Literal["next", "partner"] = "next"
    """Who takes the card up after a fall (decision; the source only says who
    is out). ``next``: the next player still in the circle after the one who
    went out. ``partner``: the other player of the failed pass, who stays in
    (the passer, when the receiver is out; the receiver, when the passer is)."""


#: Named variants (``--variant NAME``).
PRESETS = {"passer_out": {"at_fault": "passer"}, "either_way": {"direction": "either"},
           "clumsy": {"drop": Fraction(1, 2)}}


@move("pass to P{to}")
class Pass:
    to: int


_PASS = {k: Pass(k) for k in range(INFO.max_players)}


@dataclass(frozen=True)
class State:
    """``alive``: the seats still in, in circle order; ``holder`` holds the card."""

    alive: tuple[int, ...]
    holder: int
    seed: int
    passes: int = 0
    out: tuple[int, ...] = ()   # the players out, in the order they went out
    dropped: bool = False       # the last pass fell (for the game log)


CLAUSES.note("mouth-players", "Any number of players, any mix; one card, preferably a plastic one",
             unchecked="the player count is metadata: every property runs at each count 2-12")


@CLAUSES.rule("mouth-start", "The card starts in the mouth of the first player (P0, a decision)")
def first_holder(players: int) -> int:
    return 0


CLAUSES.note("mouth-holder", "Only the player holding the card passes it",
             "spec.games.mouth_pass.pass_to_neighbour")


def _refused(game, state, move) -> tuple[str, str]:
    """Which passing clause refuses ``move``: the receiver is out, or not the holder's neighbour."""
    if move.to not in state.alive:
        return "mouth-holder", Msg("P{player} is not in the circle", player=move.to)
    allowed = neighbours(state.alive, state.holder, game.rules.direction)
    return "mouth-neighbour", Msg("P{player} passes to {allowed}, not P{to}", player=state.holder,
                                  allowed=Msg.join(Msg(" or "), [f"P{p}" for p in allowed]), to=move.to)


@CLAUSES.rule("mouth-neighbour", "The card goes to the next player in the circle (either neighbour when "
              "direction is 'either')", offers=Pass, refused=_refused)
def pass_to_neighbour(game, state) -> tuple[Pass, ...]:
    """The holder passes to their neighbour on the left (under ``direction = "either"``, then the one on
    the right): players still in the circle, so this clause also carries ``mouth-holder``."""
    return tuple(map(_PASS.__getitem__, neighbours(state.alive, state.holder, game.rules.direction)))


def neighbours(alive: tuple[int, ...], holder: int, direction: str) -> tuple[int, ...]:
    i = alive.index(holder)
    left = alive[(i + 1) % len(alive)]
    right = alive[(i - 1) % len(alive)]
    return (left,) if direction == "clockwise" or left == right else (left, right)


@CLAUSES.rule("mouth-drop", "A pass fails with probability drop; the player to blame is out")
def falls(rules: Rules, seed: int, passes: int) -> bool:
    """Whether pass number ``passes`` (from 0) falls: one seeded draw per pass."""
    # random() is k / 2**53 for a whole k, so k * den < num * 2**53 is the exact test "below drop"
    # (a Fraction comparison costs a third of a pass)
    k = int(rng_for(seed, 2, passes).random() * 9007199254740992)
    return k * rules.drop.denominator < rules.drop.numerator << 53


@CLAUSES.rule("mouth-blame", "The receiver (or, under at_fault = 'passer', the passer) is to blame")
def to_blame(rules: Rules, passer: int, receiver: int) -> int:
    return receiver if rules.at_fault == "receiver" else passer


@CLAUSES.rule("mouth-pickup", "The next player still in the circle after the one who went out picks the card up "
              "(decision; pickup = partner: the other player of the failed pass)")
def picked_up(alive: tuple[int, ...], gone: int, partner: int | None = None) -> tuple[tuple[int, ...], int]:
    """The circle without ``gone``, and who holds the card now: the next player after ``gone``, or
    ``partner`` (``pickup = "partner"``)."""
    i = alive.index(gone)
    rest = alive[:i] + alive[i + 1:]
    return rest, rest[i % len(rest)] if partner is None else partner


@CLAUSES.rule("mouth-win", "The last player left wins")
def winner(alive: tuple[int, ...]) -> int | None:
    return alive[0] if len(alive) == 1 else None


class MouthPass(Game[State, Pass]):
    info = INFO
    Rules = Rules
    move_kinds = (Pass,)
    over_clause = "mouth-win"

    def deck(self):
        return (THE_CARD,)

    def deal(self, seed: int) -> State:
        return self.position(seed=seed)

    def position(self, holder: int | None = None, out: Sequence[int] = (), *, passes: int = 0, dropped: bool = False,
                 seed: int = 0) -> State:
        """A position of the mouth pass: who is still in the circle and who holds the card (a deal is
        the position with everyone in). The tests start here; no card is named, the one card is always
        the same.

        ``holder``: the seat holding the card (default: the first holder, P0). ``out``: the seats out of
        the circle, in the order they went out; the others stand in the circle in seat order. ``passes``:
        the passes made so far (the next pass falls or not by the seed's draw of that number).
        ``dropped``: whether the last pass fell (the log reads it; it needs a seat out). ``seed``: the
        game's seed (0 for a position set up by hand), which decides every fall. A seat out twice, a seat
        the game does not have, or a holder out of the circle raises :class:`ValueError` naming the seat.
        """
        n = self.players
        holder = first_holder(n) if holder is None else holder
        for i, p in enumerate(out):
            if p in out[:i] or p not in range(n):
                raise ValueError(f"P{p} is out twice" if p in out[:i] else f"P{p} is not a seat of {n} players")
        alive = tuple(p for p in range(n) if p not in out)
        if holder not in alive:
            raise ValueError(f"P{holder} holds the card but is not in the circle {' '.join(f'P{p}' for p in alive)}")
        if dropped and not out:
            raise ValueError("the last pass fell, but nobody is out")
        return State(alive, holder, seed, passes, tuple(out), dropped)

    def to_move(self, state):
        return None if self.is_over(state) else state.holder

    def is_over(self, state):
        return winner(state.alive) is not None

    def apply(self, state, move):
        n = state.passes
        if not falls(self.rules, state.seed, n):
            return State(state.alive, move.to, state.seed, n + 1, state.out)
        gone = to_blame(self.rules, state.holder, move.to)
        partner = (move.to if gone == state.holder else state.holder) if self.rules.pickup == "partner" else None
        alive, holder = picked_up(state.alive, gone, partner)
        return State(alive, holder, state.seed, n + 1, state.out + (gone,), True)

    def outcome(self, state):
        win = winner(state.alive)
        n = self.players
        return Outcome(winners=(win,), losers=state.out, returns=tuple(n - 1 if p == win else -1 for p in range(n)))

    def zones(self, state):
        # the card is in the holder's mouth
        return {f"hand {p}": (THE_CARD,) if p == state.holder else () for p in range(self.players)}

    def hidden_zones(self, state, player):
        return frozenset()  # everyone sees the card and who holds it

    def max_plays(self):
        return None  # a run of successful passes can be as long as you like (with falling probability)

    def describe_move(self, state):
        if state.dropped:
            if self.is_over(state):
                return Msg("dropped: P{player} is out; P{winner} wins", player=state.out[-1], winner=state.alive[0])
            return Msg("dropped: P{player} is out", player=state.out[-1])
        return ""

    def describe(self, state):
        return Msg("circle {players}; P{holder} holds the card", players=" ".join(f"P{p}" for p in state.alive),
                   holder=state.holder)


GAME = MouthPass
