"""A plain alpha-beta search of Sixty-Six's last phase, written apart from the engine and its solver.

The yardstick of ``bench_sixty_six.py``: the solver (``spec/games/_sixty_six_solver.py``) must be at
least as fast on the same positions. It is also a second opinion on the solver's values, so it shares
nothing with the engine but the card-points table (the clause ``sixty-six-card-points``) and the default
rules' numbers (target 66, marriages 20 and 40, last trick 10, schneider 33): its own move generation,
its own trick winner, its own scoring. No transposition table and no move ordering: cards are tried in
hand order, a marriage before the plain lead of the same card.

Default rules only (``must_head = false``, ``marriage_needs_trick = false``, ``schneider_counts = cards``,
``closer_triple_if = winner_no_trick``), two players, a single game.
"""

from __future__ import annotations

from spec.cards import Card, Rank, Suit
from spec.games.sixty_six import CARD_POINTS, Rules

RULES = Rules()
TARGET, SCHNEIDER, LAST = RULES.target, RULES.schneider, RULES.last_trick_bonus
MARRIAGE, TRUMP_MARRIAGE = RULES.marriage_points, RULES.trump_marriage_points
class AlphaBeta:
    """Minimax with alpha-beta pruning over (P0's game points minus P1's), -3 to 3. Cards are numbered,
    with their suit, points and marriage partner looked up in lists made once."""

    def __init__(self, trump, closed_by=None, close_tricks=None):
        self.trump, self.closed_by, self.close_tricks = trump, closed_by, close_tricks
        self.nodes = 0
        self.cards = sorted({Card(r, s) for r in CARD_POINTS for s in Suit if s is not None})
        self.suit = [c.suit for c in self.cards]
        self.pts = [CARD_POINTS[c.rank] for c in self.cards]
        index = {c: i for i, c in enumerate(self.cards)}
        partner = {Rank.KING: Rank.QUEEN, Rank.QUEEN: Rank.KING}
        self.partner = [index[Card(partner[c.rank], c.suit)] if c.rank in partner else -1 for c in self.cards]
        self.index = index

    # -------------------------------------------------------------- scoring
    def finish(self, winner, card_pts, tricks) -> int:
        """The game points of a finished game, as P0's minus P1's."""
        if winner is not None and self.closed_by in (None, winner):
            loser = 1 - winner
            won = 3 if tricks[loser] == 0 else 2 if card_pts[loser] < SCHNEIDER else 1
        elif self.closed_by is not None:
            winner = 1 - self.closed_by if winner is None else winner
            won = 3 if tricks[winner] == 0 else 2
        else:
            return 0            # nobody reached 66 and nobody closed: a drawn game
        return won if winner == 0 else -won

    # -------------------------------------------------------------- search
    def value(self, hands, leader, led=None, points=(0, 0), card_pts=(0, 0), tricks=(0, 0)) -> int:
        ix = self.index
        hands = tuple(tuple(ix[c] for c in h) for h in hands)
        return self._ab(hands, leader, None if led is None else ix[led], list(points), list(card_pts),
                        list(tricks), -4, 4)

    def _ab(self, hands, leader, led, points, card_pts, tricks, alpha, beta) -> int:
        self.nodes += 1
        me = leader if led is None else 1 - leader
        hand = hands[me]
        best = -4 if me == 0 else 4
        for card, bonus in self._options(hand, led):
            rest = tuple([c for c in hand if c != card])
            hs = (rest, hands[1]) if me == 0 else (hands[0], rest)
            if led is None:
                pts = points
                if bonus:
                    pts = points[:]
                    pts[me] += bonus
                if pts[me] >= TARGET:       # a marriage that reaches 66 ends the game at once
                    v = self.finish(me, card_pts, tricks)
                else:
                    v = self._ab(hs, leader, card, pts, card_pts, tricks, alpha, beta)
            else:
                v = self._trick(hs, leader, led, card, points, card_pts, tricks, alpha, beta)
            if me == 0:
                best, alpha = max(best, v), max(alpha, v)
            else:
                best, beta = min(best, v), min(beta, v)
            if alpha >= beta:
                break
        return best

    def _options(self, hand, led):
        """(card, marriage points) the player may play: any card when leading (with a marriage for a
        king or queen whose partner is held); else follow suit, else trump, else anything."""
        suit = self.suit
        if led is None:
            out = []
            for c in hand:
                if self.partner[c] in hand:
                    out.append((c, TRUMP_MARRIAGE if suit[c] == self.trump else MARRIAGE))
                out.append((c, 0))
            return out
        same = [(c, 0) for c in hand if suit[c] == suit[led]]
        if same:
            return same
        return [(c, 0) for c in hand if suit[c] == self.trump] or [(c, 0) for c in hand]

    def _trick(self, hands, leader, led, card, points, card_pts, tricks, alpha, beta) -> int:
        suit, val = self.suit, self.pts
        if suit[card] == suit[led]:
            w = 1 - leader if val[card] > val[led] else leader
        else:
            w = 1 - leader if suit[card] == self.trump else leader
        empty = not hands[0] and not hands[1]
        pts = val[led] + val[card]
        points, card_pts, tricks = points[:], card_pts[:], tricks[:]
        points[w] += pts + (LAST if empty else 0)
        card_pts[w] += pts
        tricks[w] += 1
        if points[w] >= TARGET:
            return self.finish(w, card_pts, tricks)
        if empty:
            return self.finish(None, card_pts, tricks)
        return self._ab(hands, w, None, points, card_pts, tricks, alpha, beta)


def value_of(state) -> tuple[int, int]:
    """The value of an engine state of the last phase (its fields read once, nothing else used), and the
    nodes searched."""
    search = AlphaBeta(state.trump, state.closed_by, state.close_tricks)
    leader, led = (state.trick[0][0], state.trick[0][1]) if state.trick else (state.to_move, None)
    v = search.value(state.hands, leader, led, state.points, state.card_points, state.tricks)
    return v, search.nodes
