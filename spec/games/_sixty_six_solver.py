"""Exact endgame solver for Sixty-Six once the stock is exhausted or closed.

From then on no card is drawn, so if both hands are known the rest of the
game is a finite two-player zero-sum game of perfect information. Its value
(game points of P0 minus those of P1, from -3 to 3) is found by memoised
minimax over the engine itself: the solver asks the game object for the legal
moves and applies them, so it plays by exactly the rules of the game object
(a variant or a deliberately broken rule changes its answers).

The value is found by a few null-window tests ("can P0 force at least v?",
MTD(f)) that fail soft: each returns the bound it proved, not just yes or no.
They share one memo, keyed on the part of the state that decides the rest of
the game, of the bounds known of each position's value between tricks, so a
later test stops wherever an earlier one settled it.

Both readings of who may close (``closer``) give the same values: once the
stock is exhausted or closed nobody can close, so the moves searched are the
same; a position closed by the follower is written with ``led`` and
``closed``.

A note on information: after the stock is *exhausted* each player can know
the other's hand (every other card has been seen). After a *closing* the
opponent's hand is hidden among the unseen cards; the solver then gives the
double-dummy value, the value with both hands shown.

Position notation (``cardspec solve sixty_six --position ...``): ``key=value``
pairs separated by ``;``::

    trump=♥; p0=A♥ 10♥ K♠ Q♠; p1=9♣ J♦ Q♥ A♣; lead=0; points=40,32; tricks=3,2

``trump`` (suit), ``p0``/``p1`` (hands) are required. Optional: ``lead``
(who leads the trick, default 0), ``led`` (the card the leader has already
played to it), ``points`` (card points of the tricks each has taken),
``marriages`` (marriage points each has scored), ``tricks`` (tricks each has
taken), ``closed`` (who closed the stock; absent means the stock is
exhausted), ``close_tricks`` (tricks each held when the stock was closed).
"""

from __future__ import annotations

import time
from collections.abc import Iterable
from functools import cache

from spec.cards import Card, Suit, format_card, parse_cards, parse_suit
from spec.errors import CardspecError, NotationError, quote
from spec.i18n import Msg

KEYS = ("trump", "p0", "p1", "lead", "led", "points", "marriages", "tricks", "closed", "close_tricks")


#: The bounds of every value (game points, P0's minus P1's): nothing yet proved of a position.
FULL = (-3, 3)
NOTHING = (*FULL, None)


class Solver:
    """Memoised minimax over a two-player last-phase position of a :class:`SixtySix` game."""

    def __init__(self, game):
        if game.players != 2:
            raise CardspecError("the endgame solver is for two players (with three, hands are not a "
                                "two-sided contest)")
        if game.rules.partie:
            raise CardspecError("the endgame solver works on a single game (partie = false)")
        self.game = game
        #: solver key -> (lo, hi, moves): the value is proved to lie in lo..hi; its ordered moves
        self.memo: dict = {}
        self.nodes = 0

    # --------------------------------------------------------------- search
    def bound(self, state, v: int) -> int:
        """A null-window test of "can P0 force at least ``v``?", failing soft: a result ``g >= v`` proves the
        value is at least ``g``, a result ``g < v`` that it is at most ``g``."""
        if state.result is not None:
            return state.result[0] - state.result[1]
        if state.trick:
            return self._reply(state, v)
        key = self.game.solver_key(state)
        lo, hi, moves = self.memo.get(key, NOTHING)     # what earlier tests proved of this position
        if lo >= v:
            return lo
        if hi < v:
            return hi
        self.nodes += 1
        if moves is None:       # kept for the next test of this position (a third of them are tested again)
            moves = self.ordered_moves(state)
        # the follower's answers go to _reply, not through bound (more than half the positions searched are his)
        best = self._best(state, moves, v, self._reply)
        self.memo[key] = (best, hi, moves) if best >= v else (lo, best, moves)
        return best

    def _reply(self, state, v: int) -> int:
        """:meth:`bound` of a position where a card is led and the follower answers. Not memoised: such a
        position is rarely reached twice (the memo is kept between tricks, where the hands transpose), and a
        forced answer (half of them) goes straight on to the next trick."""
        if state.result is not None:        # a marriage that reached 66 ended the game at the lead
            return state.result[0] - state.result[1]
        self.nodes += 1
        moves = self.game.legal_moves(state)
        if len(moves) == 1:
            return self.bound(self.game.apply(state, moves[0]), v)
        return self._best(state, sorted(moves, key=_order_key), v, self.bound)

    def _best(self, state, moves, v: int, value) -> int:
        """The best of ``value(after, v)`` over the positions the moves lead to, for the player to move,
        stopping at the first that settles the test (fail-soft)."""
        apply = self.game.apply
        if state.to_move == 0:
            best = FULL[0]
            for m in moves:
                g = value(apply(state, m), v)
                if g > best:
                    best = g
                    if g >= v:
                        break
        else:
            best = FULL[1]
            for m in moves:
                g = value(apply(state, m), v)
                if g < best:
                    best = g
                    if g < v:
                        break
        return best

    def at_least(self, state, v: int) -> bool:
        """Whether P0 can force a game-point difference of at least ``v``."""
        return self.bound(state, v) >= v

    def value(self, state) -> int:
        """The game-theoretic value: P0's game points minus P1's with best play (MTD(f): null-window tests,
        each moving a bound to what it proved, until the bounds meet)."""
        lo, hi = FULL
        g = 0
        while lo < hi:
            v = g + 1 if g == lo else g     # a test strictly above lo and at most hi
            g = self.bound(state, v)
            if g >= v:
                lo = g
            else:
                hi = g
        return lo

    def ordered_moves(self, state):
        """Likely-best moves first: marriages, then high cards (cuts the yes/no searches short)."""
        moves = self.game.legal_moves(state)
        return sorted(moves, key=_order_key)

    def best_move(self, state):
        """A best move of the player to move: the first of :meth:`ordered_moves` that keeps the value."""
        target = self.value(state)
        # a value is always reached by some move (it is the best of the moves' values)
        return next(m for m in self.ordered_moves(state) if self.value(self.game.apply(state, m)) == target)

    def best_line(self, state) -> list:
        """One optimal line of play from ``state`` (a principal variation): at each turn the best
        move (:meth:`best_move`). The hands run out, so the line ends."""
        line = []
        while state.result is None:
            m = self.best_move(state)
            state = self.game.apply(state, m)
            line.append(m)
        return line


@cache
def _order_key(move):
    """Marriages before plain plays, each from the highest card (nobody closes once the stock is out)."""
    from spec.games.sixty_six import CARD_POINTS, Marry
    return not isinstance(move, Marry), -CARD_POINTS[move.card.rank]


# -------------------------------------------------------------- positions

def _pair(key: str, text: str) -> tuple[int, int]:
    parts = text.replace(" ", "").split(",")
    # ASCII digits only (isdigit also takes ² and other digit signs), and short: no count here reaches 4 digits
    if len(parts) != 2 or not all(p.isascii() and p.isdigit() and len(p) <= 4 for p in parts):
        raise NotationError(f"position: key '{key}': expected two numbers like 30,22, got {quote(text)}")
    return int(parts[0]), int(parts[1])


def _seat(key: str, text: str) -> int:
    t = text.upper().removeprefix("P")          # values come stripped from parse_position
    if t not in ("0", "1"):
        raise NotationError(f"position: key '{key}': expected 0 or 1 (P0 or P1), got {quote(text)}")
    return int(t)


def _suit(text: str) -> Suit:
    """A suit as cards write it (the cards kit's :func:`~spec.cards.parse_suit`), or by its name."""
    t = text.strip().lower()
    for s in Suit:
        if t in (s.name.lower(), s.russian):
            return s
    try:
        return parse_suit(text)
    except NotationError:
        raise NotationError(f"position: key 'trump': expected a suit (♠ ♥ ♦ ♣, ♤ ♡ ♢ ♧ or s h d c), "
                            f"got {quote(text)}") from None


def _fields(text: str) -> dict[str, str]:
    """The ``key=value`` pairs of a position, each key known and given once."""
    fields: dict[str, str] = {}
    for part in text.split(";"):
        if not part.strip():
            continue
        key, sep, val = part.partition("=")
        key = key.strip().lower()
        if not sep:
            raise NotationError(f"position: cannot read {part.strip()!r}: write key=value pairs separated by ';' "
                                f"(keys: {', '.join(KEYS)})")
        if key not in KEYS:
            raise NotationError(f"position: unknown key '{key}'; allowed: {', '.join(KEYS)}")
        if key in fields:
            raise NotationError(f"position: key '{key}' given twice")
        fields[key] = val.strip()
    for need in ("trump", "p0", "p1"):
        if need not in fields:
            raise NotationError(f"position: key '{need}' is missing (required: trump, p0, p1)")
    return fields


def _cards_of(fields: dict[str, str], key: str, deck) -> tuple[Card, ...]:
    try:
        cs = parse_cards(fields[key])
    except NotationError as exc:
        raise NotationError(f"position: key '{key}': {exc}") from None
    for c in cs:
        if c not in deck:
            raise NotationError(f"position: key '{key}': {format_card(c)} is not in the 24-card deck (9 to A)")
    return cs


def _hands(fields: dict[str, str], deck) -> tuple[tuple, tuple, int]:
    """The two hands, the card led (if any) and the leader, checked against each other."""
    hands = (_cards_of(fields, "p0", deck), _cards_of(fields, "p1", deck))
    led = _cards_of(fields, "led", deck) if "led" in fields else ()
    if len(led) > 1:
        raise NotationError("position: key 'led': at most one card")
    every = hands[0] + hands[1] + led
    dup = [c for c in set(every) if every.count(c) > 1]
    if dup:
        raise NotationError(f"position: {format_card(dup[0])} is given twice")
    lead = _seat("lead", fields.get("lead", "0"))
    follower = 1 - lead
    if led:
        if len(hands[lead]) + 1 != len(hands[follower]):
            raise NotationError(f"position: after led={format_card(led[0])}, P{lead} must hold one card fewer "
                                f"than P{follower} ({len(hands[lead])} and {len(hands[follower])} given)")
    elif len(hands[0]) != len(hands[1]):
        raise NotationError(f"position: hands must be equal in size ({len(hands[0])} and {len(hands[1])} given)")
    if not hands[follower]:
        raise NotationError("position: the hands are empty; the game is already over")
    return hands, led, lead


def _check_counts(pts, tricks, closed, every, in_hands: int, deck) -> None:
    """The tricks, the cards in hand and the card points add up (to the deck, or below it when closed)."""
    played = 2 * (tricks[0] + tricks[1])
    if closed is None:
        if played + len(every) != len(deck):
            raise NotationError(f"position: with the stock exhausted, 2 × tricks + cards in hand must be 24 "
                                f"({played} + {len(every)} given); add closed=P if the stock was closed")
        if pts[0] + pts[1] + in_hands != 120:
            raise NotationError(f"position: the card points of the tricks ({pts[0]}+{pts[1]}) and of the cards "
                                f"in hand ({in_hands}) must add up to 120")
    else:
        if played + len(every) >= len(deck):    # the count is even: at most 22 seen leaves the stock a card
            raise NotationError(f"position: too many cards for a closed stock ({played} in tricks, "
                                f"{len(every)} in hand)")
        if pts[0] + pts[1] + in_hands > 120:
            raise NotationError("position: more than 120 card points in tricks and hands")


def marriage_totals(rules) -> frozenset[int]:
    """The marriage points one player can hold under ``rules``: up to three plain marriages and the trump one."""
    return frozenset(i * rules.marriage_points + j * rules.trump_marriage_points for i in range(4) for j in range(2))


def _scores(fields: dict[str, str], rules) -> tuple[tuple, tuple, tuple]:
    """Card points, marriages and tricks won, by player."""
    pts = _pair("points", fields.get("points", "0,0"))
    mar = _pair("marriages", fields.get("marriages", "0,0"))
    tricks = _pair("tricks", fields.get("tricks", "0,0"))
    for p in (0, 1):
        if pts[p] and not tricks[p]:
            raise NotationError(f"position: P{p} has {pts[p]} card points but no trick (set tricks=...)")
        if mar[p] not in marriage_totals(rules):
            raise NotationError(f"position: key 'marriages': {mar[p]} is not the points of up to three plain "
                                f"marriages ({rules.marriage_points} each) and the trump marriage "
                                f"({rules.trump_marriage_points})")
    return pts, mar, tricks


def parse_position(game, text: str):
    """Turn the position notation into a last-phase engine state; one-line errors."""
    from spec.games.sixty_six import DECK, card_points

    fields = _fields(text)
    trump = _suit(fields["trump"])
    hands, led, lead = _hands(fields, DECK)
    follower = 1 - lead
    every = hands[0] + hands[1] + led
    pts, mar, tricks = _scores(fields, game.rules)
    closed = _seat("closed", fields["closed"]) if "closed" in fields else None
    _check_counts(pts, tricks, closed, every, card_points(every), DECK)
    played = 2 * (tricks[0] + tricks[1])
    close_tricks = _pair("close_tricks", fields["close_tricks"]) if "close_tricks" in fields else None
    if "close_tricks" in fields and closed is None:
        raise NotationError("position: key 'close_tricks' needs closed=P0 or closed=P1")
    total = (pts[0] + mar[0], pts[1] + mar[1])
    for p in (0, 1):
        if total[p] >= game.rules.target:
            raise NotationError(f"position: P{p} already holds {total[p]} points; the game is over")
    rest = tuple(c for c in DECK if c not in every)
    stock = rest[: len(DECK) - played - len(every)]       # empty unless closed (the count was checked)
    trick = ((lead, led[0]),) if led else ()
    # before the first trick the dealer is the player who does not lead; after it a position cannot tell
    # (0 then). Only a partie's next deal reads the dealer, and the solver plays single games.
    return game.position(hands, stock, trump=trump, trick=trick, to_move=follower if led else lead,
                         taken_points=pts, marriages=mar, tricks=tricks, closed_by=closed, close_tricks=close_tricks,
                         dealer=follower if not tricks[0] + tricks[1] else 0, totals=())


def format_position(state) -> str:
    """The position notation of a two-player last-phase state."""
    parts = [f"trump={state.trump.symbol}",
             "p0=" + " ".join(format_card(c) for c in state.hands[0]),
             "p1=" + " ".join(format_card(c) for c in state.hands[1])]
    if state.trick:
        parts += [f"lead={state.trick[0][0]}", f"led={format_card(state.trick[0][1])}"]
    else:
        parts.append(f"lead={state.to_move}")
    marriages = tuple(state.points[p] - state.card_points[p] for p in (0, 1))
    parts += [f"points={state.card_points[0]},{state.card_points[1]}",
              f"tricks={state.tricks[0]},{state.tricks[1]}"]
    if any(marriages):
        parts.append(f"marriages={marriages[0]},{marriages[1]}")
    if state.closed_by is not None:
        parts.append(f"closed={state.closed_by}")
        if state.close_tricks != state.tricks:
            parts.append(f"close_tricks={state.close_tricks[0]},{state.close_tricks[1]}")
    return "; ".join(parts)


def solve_state(game, state, line: bool = True) -> dict:
    """Value, one optimal line and the search effort for a last-phase state."""
    from spec.games.sixty_six import in_last_phase
    if not in_last_phase(state.stock, state.closed_by):
        raise CardspecError("the solver needs a position after the stock is exhausted or closed")
    solver = Solver(game)
    start = time.perf_counter()
    v = solver.value(state)
    secs = time.perf_counter() - start
    best = solver.best_line(state) if line else []
    return {"value": v, "seconds": secs, "nodes": solver.nodes,
            "line": [game.format_move(m) for m in best]}


def solve_text(game, text: str) -> dict:
    state = parse_position(game, text)
    out = solve_state(game, state)
    out["position"] = format_position(state)
    v = out["value"]
    out["meaning"] = (Msg("drawn with best play") if v == 0 else
                      Msg("P{p} wins 1 game point with best play", p=0 if v > 0 else 1) if abs(v) == 1 else
                      Msg("P{p} wins {n} game points with best play", p=0 if v > 0 else 1, n=abs(v)))
    return out


def opponent_hands(pool: Iterable[Card], size: int):
    """Every hand of ``size`` cards from ``pool`` (for properties over hidden hands)."""
    from itertools import combinations
    return combinations(tuple(pool), size)
