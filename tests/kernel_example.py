"""A small complete game on the kernel: the worked example of docs/dev/conventions.md.

*Follow* (a Crazy-Eights-like shedding game, invented for the example): 2-4
players, the 24-card deck, five cards each, one card turned up to start the
pile. On your turn lay a card of the top card's suit or rank; if you cannot,
pass. The first player out wins; when everyone passes in a row the game is
blocked and the fewest cards win.
"""

from __future__ import annotations

from dataclasses import dataclass

from spec.cards import Card, as_cards, check_named_once, make_deck
from spec.clauses import ClauseBook
from spec.dealing import deal_round_robin, rng_for, seats_from, sorted_hand
from spec.engine import Game, GameInfo, Outcome, Source
from spec.moves import move
from spec.rules import setting
from spec.tricks import Duties, TrickOrder

# 1. metadata first
INFO = GameInfo(id="example_follow", name_en="Follow", name_ru="Масть или ранг", min_players=2,
                max_players=4, deck="24", family="shedding", chance=True, hidden_information=True,
                zero_sum=True, source=Source(file="(none)", title="worked example", lines="-"))
CLAUSES = ClauseBook(INFO.id)


# 2. rules: frozen, keyword-only, defaults are the standard game
@dataclass(frozen=True, kw_only=True)
class Rules:
    """Parameters of Follow."""

    hand_size: int = setting(5, range=(1, 7))
    """Cards dealt to each player."""

    match_rank: bool = True
    """A card of the top card's rank may be laid on it (else only its suit)."""


PRESETS = {"suit_only": {"match_rank": False}, "small": {"hand_size": 2}}


# 3. moves: typed records with a text template
@move("{card}")
class Lay:
    card: Card


@move("pass")
class Pass:
    pass


PASS = Pass()


# 4. state: frozen
@dataclass(frozen=True)
class State:
    hands: tuple[tuple[Card, ...], ...]
    pile: tuple[Card, ...]
    to_move: int
    passes: int = 0
    seed: int = 0


# 5. clauses: small pure functions, and the rules that run. Each move kind has one clause that
#    offers its moves; the others filter them. legal_moves and the refusals both come from these.
CLAUSES.note("follow-deal", "Five cards each, dealt one at a time; the next card starts the pile",
             "tests.kernel_example.Follow.deal", unchecked="the deal is chance: nothing to decide")

#: the order of cards does not matter in Follow; the tricks kit wants one
ORDER = TrickOrder(None)


def duty(rules: Rules) -> Duties:
    """The tricks kit's duty to answer a card: its suit, or (``match_rank``) its rank."""
    return Duties(follow=True, follow_rank=rules.match_rank)


def matches(card: Card, top: Card, rules: Rules) -> bool:
    return card in duty(rules).answers((card,), top, ORDER)


@CLAUSES.rule("follow-hold", "You may only lay a card you hold", offers=Lay,
              refused="P{player} does not hold {move}")
def lays_held(game, state) -> tuple[Lay, ...]:
    return tuple(Lay(c) for c in state.hands[state.to_move])


def _no_match(game, state, move) -> str:
    top = state.pile[-1]
    wanted = f"a {top.suit.symbol} card" + (f" or a {top.rank.label}" if game.rules.match_rank else "")
    return f"{move.card} does not match {top}: lay {wanted}"


@CLAUSES.rule("follow-match", "Lay a card of the top card's suit or rank", narrows=Lay, refused=_no_match)
def lays_matching(game, state, lays) -> tuple[Lay, ...]:
    answers = duty(game.rules).answers(tuple(m.card for m in lays), state.pile[-1], ORDER)
    return tuple(m for m in lays if m.card in answers)


def _can_lay(game, state, move) -> str:
    return f"P{state.to_move} can lay {game.legal_moves(state)[0]}, so may not pass"


@CLAUSES.rule("follow-pass", "A player who cannot lay a card passes (and only then)", offers=Pass,
              refused=_can_lay)
def pass_when_stuck(game, state) -> tuple[Pass, ...]:
    hand, top = state.hands[state.to_move], state.pile[-1]
    return () if duty(game.rules).answers(hand, top, ORDER) else (PASS,)


@CLAUSES.rule("follow-end", "The first player out wins; if everyone passes in a row, the fewest cards win")
def winners(hands, passes: int) -> tuple[int, ...]:
    if any(not h for h in hands):
        return tuple(p for p, h in enumerate(hands) if not h)
    if passes >= len(hands):
        least = min(len(h) for h in hands)
        return tuple(p for p, h in enumerate(hands) if len(h) == least)
    return ()


# 6. the game: deal, flow, and what a move does (no move generator: the clauses are it)
class Follow(Game[State, Lay | Pass]):
    info = INFO
    Rules = Rules
    move_kinds = (Pass, Lay)
    over_clause = "follow-end"

    def deck(self):
        return make_deck(INFO.deck)

    def deal(self, seed: int) -> State:
        cards = list(self.deck())
        rng_for(seed).shuffle(cards)
        n, k = self.players, self.rules.hand_size
        hands = deal_round_robin(cards, seats_from(0, n), k)
        return State(tuple(sorted_hand(h) for h in hands), (cards[n * k],), 0, 0, seed)

    def position(self, hands, pile, *, to_move: int = 0, passes: int = 0, seed: int = 0) -> State:
        """A position set up by hand, as the verifier's small configurations and the tests build one:
        ``hands`` by seat and the ``pile`` (its last card on top), as cards or card notation; the seat
        ``to_move`` and the run of ``passes`` before it. A card named twice or not in the deck is a
        ``ValueError`` (the kit's :func:`~spec.cards.check_named_once`)."""
        hands, pile = tuple(map(as_cards, hands)), as_cards(pile)
        check_named_once(self.deck(), *hands, pile)
        return State(hands, pile, to_move, passes, seed)

    def to_move(self, state):
        return None if self.is_over(state) else state.to_move

    def is_over(self, state):
        return bool(winners(state.hands, state.passes))

    def apply(self, state, move):
        p, n = state.to_move, self.players
        if move is PASS or isinstance(move, Pass):
            return State(state.hands, state.pile, (p + 1) % n, state.passes + 1, state.seed)
        hand = tuple(c for c in state.hands[p] if c != move.card)
        hands = state.hands[:p] + (hand,) + state.hands[p + 1:]
        return State(hands, state.pile + (move.card,), (p + 1) % n, 0, state.seed)

    def outcome(self, state):
        win = winners(state.hands, state.passes)
        n = self.players
        returns = tuple((n - len(win)) if p in win else -len(win) for p in range(n))
        return Outcome(winners=win, returns=returns)

    def zones(self, state):
        z = {f"hand {i}": h for i, h in enumerate(state.hands)}
        z["pile"] = state.pile
        z["stock"] = tuple(c for c in self.deck() if c not in set(state.pile).union(*state.hands))
        return z

    def max_plays(self):
        # every lay sheds a card; at most n-1 passes come between lays
        return self.players * self.rules.hand_size * self.players + self.players


GAME = Follow
