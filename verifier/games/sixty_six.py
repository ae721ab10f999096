"""Sixty-Six's own properties: card points, draws, 66 twice, game points, closing,
the two phases' obligations, text B's deal, marriages, the partie, and one
property settled by the endgame solver."""

from __future__ import annotations

import dataclasses
import time

import z3

from spec.cards import Card, Rank, format_card, format_cards
import spec.games.sixty_six as rules_module
from spec.games._sixty_six_solver import Solver, format_position, opponent_hands, parse_position
from spec.games.sixty_six import (
    CLOSE, DECK, DECK_POINTS, HAND_SIZE, Marry, Play, SixtySix, in_last_phase, may_close,
)
from spec.i18n import N_, Msg
from verifier.api import Claim, Root, Watch, invariant, small_configs, steered, walk, walked, z3_claim
from verifier.core import HOLDS, REFUTED, REGISTRY, UNKNOWN, Budget, Counterexample, Outcome, Scope
from verifier.sampling import sample
from verifier.z3util import value, one_hot_constraints, placed, placement_vars

GAME = "sixty_six"


def _two(games) -> SixtySix:
    """A single two-player game under the rules checked (a partie or three-player variant gives its
    two-player single game, so that the solver and the searches apply)."""
    g = next((g for g in games if g.players == 2), games[0])
    if g.players == 2 and not g.rules.partie:
        return g
    return type(g)(dataclasses.replace(g.rules, partie=False), players=2)


def two_players(games) -> bool:
    """An ``applies`` test: the claim is about two players' points (a three-player point says nothing)."""
    return any(g.players == 2 for g in games)


def all_points(rules) -> int:
    """The points a played-out game deals out without marriages: the pack's 120 and the last trick's bonus."""
    return DECK_POINTS + rules.last_trick_bonus


#: Where ``no_draw``'s draw exists: two totals below the target can add up to every point dealt out.
DRAW_POSSIBLE = Scope("2 × (target − 1) ≥ 120 + last_trick_bonus, so that two players below the target can share "
                      "the points", lambda rules, n: 2 * (rules.target - 1) >= all_points(rules))

#: Where a scored marriage rules a draw out: with the smaller marriage the points exceed what two players below the
#: target can hold.
MARRIAGE_DECIDES = Scope("120 + last_trick_bonus + the smaller marriage > 2 × (target − 1)",
                         lambda rules, n: all_points(rules) + min(rules.marriage_points, rules.trump_marriage_points)
                         > 2 * (rules.target - 1))

#: Where two players could both reach the target if every card were played out: all there is, with every
#: marriage, is at least twice the target.
BOTH_CAN_REACH = Scope("2 × target ≤ 120 + last_trick_bonus + 3 × marriage_points + trump_marriage_points",
                       lambda rules, n: 2 * rules.target
                       <= all_points(rules) + 3 * rules.marriage_points + rules.trump_marriage_points)


def _record_cx(game, seed, moves, text, state=None) -> Counterexample:
    record = game.record(seed, moves)
    lines = [f"{game.info.id}, {game.players} players, deal seed {seed}: {text}",
             "moves: " + (" ".join(record.moves) or "(none)")]
    if state is not None:
        lines.append("position: " + game.describe(state))
    return Counterexample("\n".join(lines), record=record)


# ------------------------------------------------------------ card points

def _piles(n: int, tag: str):
    """One-hot: at[c][p] is 1 when card c lies in player p's tricks."""
    return placement_vars(tag, len(DECK), n)


def _pile_text(model, at, n) -> dict[str, str]:
    split: dict[str, list[Card]] = {f"won {p}": [] for p in range(n)}
    for card, p in zip(DECK, placed(model, at)):
        split[f"won {p}"].append(card)
    return {k: format_cards(v) for k, v in split.items()}


@z3_claim(SixtySix, "card_points_total",
          title="However the cards are divided, their points add up to 120, and with the last trick's bonus to "
                "120 plus that bonus (130 at the default 10)",
          clauses=["sixty-six-card-points", "sixty-six-last-trick"], each=False)
def card_points_total(game, s: z3.Solver):
    n = game.players
    at = _piles(n, "at")
    last = [z3.Int(f"last_{p}") for p in range(n)]
    bonus = game.rules.last_trick_bonus
    totals = [z3.Sum([row[p] * rules_module.card_points((DECK[i],)) for i, row in enumerate(at)]) for p in range(n)]
    s.add(*one_hot_constraints(at))
    s.add(*[z3.Or(x == 0, x == 1) for x in last], z3.Sum(last) == 1)
    cards = z3.Sum(totals)
    s.add(z3.Or(cards != DECK_POINTS, cards + z3.Sum([x * bonus for x in last]) != DECK_POINTS + bonus))

    def refute(model) -> Counterexample:
        deal = _pile_text(model, at, n)
        pts = [value(model, t) for t in totals]
        who = next(p for p in range(n) if value(model, last[p]) == 1)
        text = (f"tricks worth {'+'.join(map(str, pts))} = {sum(pts)} card points, with the last trick (P{who}) "
                f"{sum(pts) + bonus}, not {DECK_POINTS} and {DECK_POINTS + bonus}: "
                + "; ".join(f"{k}: {v}" for k, v in deal.items()))
        return Counterexample(text, deal=deal)
    return Claim(Msg("every division of the {cards} cards among {n} players' tricks (and so among fewer) "
                     "holds {points} card points; the last trick's bonus of {bonus} makes {total}",
                     cards=len(DECK), n=n, points=DECK_POINTS, bonus=bonus, total=DECK_POINTS + bonus),
                 refute)


def _played_out_points(game: SixtySix, tag: str):
    """z3 model of two players' final points when every card is played out.

    Returns ``(at, last, plain, trump, totals, constraints)``: the one-hot
    division of the cards, whether P0 took the last trick, each player's plain
    and trump marriages, their totals, and the constraints tying them down.
    """
    rules = game.rules
    at = _piles(2, tag)
    last = z3.Int(f"{tag}_last0")          # 1 when P0 took the last trick
    plain = [z3.Int(f"{tag}_plain_{p}") for p in range(2)]
    trump = [z3.Int(f"{tag}_trump_{p}") for p in range(2)]
    cards = [z3.Sum([row[p] * rules_module.card_points((DECK[i],)) for i, row in enumerate(at)]) for p in range(2)]
    took_last = [last, 1 - last]
    totals = [cards[p] + took_last[p] * rules.last_trick_bonus + plain[p] * rules.marriage_points
              + trump[p] * rules.trump_marriage_points for p in range(2)]
    constraints = one_hot_constraints(at) + [z3.Or(last == 0, last == 1)]
    constraints += [x >= 0 for x in plain + trump] + [z3.Sum(plain) <= 3, z3.Sum(trump) <= 1]
    return at, last, plain, trump, totals, constraints


# ------------------------------------------------------------------ draws

def _no_frills(state, legal):
    """Moves without marriages or closing."""
    return tuple(m for m in legal if m.__class__ is Play)


def find_draw(game: SixtySix, deals: int):
    """A legal game, with no marriage and no closing, that ends drawn: (seed, moves, state) or None."""
    plain = steered(game, _no_frills)
    for seed in range(deals):
        trace, state = walk(plain, seed)
        if game.is_over(state) and game.outcome(state).draw:
            return seed, trace.moves, state
    return None


@REGISTRY.property(GAME, "no_draw",
                   title="A game played without marriages or closing always has a winner (nobody is left below the "
                         "target, 66)",
                   clauses=["sixty-six-draw-game", "sixty-six-win", "sixty-six-last-trick"], method="search",
                   expected=REFUTED, applies=two_players, scope=DRAW_POSSIBLE)
def no_draw(games, budget: Budget) -> Outcome:
    game = _two(games)
    target, total = game.rules.target, all_points(game.rules)
    if 2 * (target - 1) < total:
        return Outcome(HOLDS, Msg("arithmetic: two players below {target} hold at most {most} of the {total} "
                                  "points, so someone reaches {target}", target=target, most=2 * (target - 1),
                                  total=total), method="exhaustive")
    deals = max(2_000, budget.examples * 40)
    found = find_draw(game, deals)
    if found is None:
        return Outcome(UNKNOWN, Msg("a draw is arithmetically possible ({below}+{rest}), but random search over "
                                    "{deals} deals found none", below=target - 1, rest=total - target + 1,
                                    deals=deals))
    seed, moves, state = found
    pts = "/".join(map(str, state.points))
    return Outcome(REFUTED, Msg("search: a witness at deal seed {seed}", seed=seed),
                   _record_cx(game, seed, moves, f"nobody reaches {target}: final points {pts}, a draw", state))


@z3_claim(SixtySix, "no_draw_with_marriage", title="A game in which a marriage was scored can never end drawn",
          clauses=["sixty-six-draw-game", "sixty-six-marriage-points"], applies=two_players, scope=MARRIAGE_DECIDES)
def no_draw_with_marriage(game, s: z3.Solver):
    if game.players != 2:
        return None                      # the argument is about two players' points
    rules = game.rules
    at, last, plain, trump, totals, played_out = _played_out_points(game, "m")
    s.add(*played_out)     # a draw needs every card played: no closing
    s.add(z3.Sum(plain + trump) >= 1)                       # some marriage was scored
    s.add(*[t < rules.target for t in totals])              # ... and nobody reached the target

    def refute(m) -> Counterexample:
        deal = _pile_text(m, at, 2)
        pts = [value(m, t) for t in totals]
        text = (f"points {pts[0]}/{pts[1]} with marriages {value(m, plain[0])}+{value(m, trump[0])} trump / "
                f"{value(m, plain[1])}+{value(m, trump[1])} trump: both below {rules.target}; "
                + "; ".join(f"{k}: {v}" for k, v in deal.items()))
        return Counterexample(text, deal=deal)
    return Claim(Msg("all cards played give {points} points; a scored marriage adds at least {marriage}, more "
                     "than two players below {target} can hold", points=all_points(rules),
                     marriage=min(rules.marriage_points, rules.trump_marriage_points), target=rules.target), refute)


# ---------------------------------------------------------------- 66 twice

@invariant(SixtySix, "one_reaches_66", title="At most one player ever holds the target (66): the game ends when the "
                                            "first does",
           clauses=["sixty-six-win"])
def one_reaches_66(game, state):
    target = game.rules.target
    over = [p for p, x in enumerate(state.points) if x >= target]
    if len(over) > 1:
        return f"P{over[0]} and P{over[1]} both hold {target} or more"
    if over and not game.rules.partie and not game.is_over(state):
        return f"P{over[0]} holds {state.points[over[0]]} but the game goes on"
    return None


@z3_claim(SixtySix, "both_66_if_played_out",
          title="Even if every card were played out, two players could not both hold the target (66)",
          clauses=["sixty-six-win", "sixty-six-marriage-points"], expected=REFUTED, applies=two_players,
          scope=BOTH_CAN_REACH)
def both_66_if_played_out(game, s: z3.Solver):
    if game.players != 2:
        return None
    rules = game.rules
    at, last, plain, trump, totals, played_out = _played_out_points(game, "b")
    s.add(*played_out)
    s.add(*[t >= rules.target for t in totals])

    def refute(m) -> Counterexample:
        deal = _pile_text(m, at, 2)
        pts = [value(m, t) for t in totals]
        text = (f"played out, the points could be {pts[0]}/{pts[1]} (marriages P0 {value(m, plain[0])} plain + "
                f"{value(m, trump[0])} trump, P1 {value(m, plain[1])} + {value(m, trump[1])}; last trick "
                f"P{0 if value(m, last) else 1}): " + "; ".join(f"{k}: {v}" for k, v in deal.items())
                + f". The texts give the game to whoever reaches {rules.target} first, and it stops there.")
        return Counterexample(text, deal=deal)
    return Claim(Msg("the most points there are ({points} plus all marriages) cannot give two players {target}",
                     points=all_points(rules), target=rules.target), refute)


# ------------------------------------------------------------ game points

def _score_points(rules) -> tuple[int, ...]:
    """Point totals either side of the rules' schneider line and target (33 and 66 by default), and the
    extremes."""
    edges = (0, rules.schneider - 1, rules.schneider, rules.target - 1, rules.target, 80,
             DECK_POINTS + rules.last_trick_bonus)
    return tuple(sorted({x for x in edges if x >= 0}))


def _score_grid(n: int, rules):
    pts = _score_points(rules)
    seats = (None,) + tuple(range(n))
    for winner in seats:
        for closed in seats:
            for a in pts:
                for b in pts:
                    for ta in (0, 1, 6):
                        for tb in (0, 1, 6):
                            for ca in (0, 1):
                                for cb in (0, 1):
                                    points = (a, b) + (0,) * (n - 2)
                                    tricks = (ta, tb) + (0,) * (n - 2)
                                    close = (min(ca, ta), min(cb, tb)) + (0,) * (n - 2) if closed is not None \
                                        else None
                                    yield winner, points, points, tricks, closed, close


@REGISTRY.property(GAME, "game_points_range",
                   title="A game scores 1, 2 or 3 game points to a winner, or 0 to everyone in a draw",
                   clauses=["sixty-six-game-points", "sixty-six-closer-penalty", "sixty-six-draw-game"],
                   method="exhaustive")
def game_points_range(games, budget: Budget) -> Outcome:
    cases = 0
    for game in games:
        for args in _score_grid(game.players, game.rules):
            cases += 1
            out = rules_module.score_game(*args, game.rules)
            winner, closed = args[0], args[4]
            bad = None
            if any(x not in (0, 1, 2, 3) for x in out):
                bad = "a score outside 0-3"
            elif winner is None and closed is None and any(out):
                bad = "a draw scores points"
            elif (winner is not None or closed is not None) and not any(out):
                bad = "a decided game scores nothing"
            if bad:
                text = (f"{game.players} players, {bad}: winner {winner}, closed by {closed}, points "
                        f"{args[1]}, tricks {args[3]}, tricks at closing {args[5]} -> game points {out}")
                return Outcome(REFUTED, counterexample=Counterexample(
                    text, deal={"scoring input": f"winner={winner} closed_by={closed} points={args[1]} "
                                                 f"tricks={args[3]} close_tricks={args[5]}",
                                "game points": " ".join(map(str, out))}))

    def check(game, seed):
        trace, state = walk(game, seed, cap=budget.max_plays)
        if game.is_over(state) and not game.rules.partie:
            scores = game.outcome(state).scores
            if any(x not in (0, 1, 2, 3) for x in scores) or sum(1 for x in scores if x) > game.players - 1:
                raise trace.refute(f"game points {scores}", state)
    sampled = sample(games, budget, check)
    if sampled.verdict != HOLDS:
        return sampled
    edges = f"{games[0].rules.schneider}/{games[0].rules.target}"
    return Outcome(HOLDS, Msg("every one of {cases} scoring cases at the {edges} boundaries, trick counts 0/1/many, "
                              "with and without closing; and {sampled}", cases=cases, edges=edges,
                              sampled=sampled.detail), examples=sampled.examples,
                   seed=sampled.seed)


# ---------------------------------------------------------------- closing

def _close_count(stock, rules) -> int:
    return len(stock) if rules.close_counts_trump_card else len(stock) - 1


def closing_allowed(state, rules) -> bool:
    """When the mover may close, restated from the texts and the options (independent of the engine)."""
    if state.result is not None or state.closed_by is not None or not state.stock:
        return False
    if state.trick and rules.closer == "leader":
        return False
    if not rules.close_before_first_trick and sum(state.tricks) == 0:
        return False
    return _close_count(state.stock, rules) >= rules.close_min_stock


@invariant(SixtySix, "close_needs_five",
           title="Closing is legal exactly once, while the stock holds at least close_min_stock cards (five), for a "
                 "player at his turn "
                 "(with closer = leader, only the player on lead); nobody draws after it",
           clauses=["sixty-six-close"])
def close_needs_five(game, state):
    rules = game.rules
    if state.closed_by is not None:
        start = len(DECK) - HAND_SIZE * game.players
        if len(state.stock) != start - game.players * sum(state.close_tricks):
            return (f"the stock closed by P{state.closed_by} after {sum(state.close_tricks)} tricks holds "
                    f"{len(state.stock)} cards: a card was drawn after the closing")
    if game.is_over(state):
        return None
    listed = CLOSE in game.legal_moves(state)
    if listed != closing_allowed(state, rules):
        who = "following" if state.trick else "on lead"
        return (f"closing is {'offered' if listed else 'not offered'} to P{state.to_move} {who} with "
                f"{len(state.stock)} cards in the stock" + (" after it was closed" if state.closed_by is not None
                                                            else "") + f" (closer = {rules.closer})")
    return None


def stock_sizes(players: int) -> range:
    """The stock's sizes at a player's turn, from the deal down: 12, 10, ..., 2 with two players; 6, 3 with three."""
    return range(len(DECK) - HAND_SIZE * players, 0, -players)


def can_ever_close(rules, players: int) -> bool:
    """Whether some closing is allowed under ``rules``: at the first trick it may be made in, the stock counts
    at least ``close_min_stock`` cards."""
    sizes = stock_sizes(players)
    first = sizes[0] if rules.close_before_first_trick else sizes[1]
    return first - (0 if rules.close_counts_trump_card else 1) >= rules.close_min_stock


#: Where a follower may close: ``closer = either`` and a stock big enough at some trick.
FOLLOWER_CLOSES = Scope("closer = either, and close_min_stock small enough for some closing",
                        lambda rules, n: rules.closer == "either" and can_ever_close(rules, n))

#: Where the two readings of the turned trump agree: the stock never holds exactly ``close_min_stock`` cards.
NEVER_AT_THE_LINE = Scope("close_min_stock is no stock size met in play (12, 10, ..., 2 with two players; 6, 3 with "
                          "three)", lambda rules, n: rules.close_min_stock not in stock_sizes(n))


@invariant(SixtySix, "closing_is_the_leaders", title="Only the player about to lead ever closes the stock",
           clauses=["sixty-six-close"], expected=REFUTED, scope=FOLLOWER_CLOSES)
def closing_is_the_leaders(game, state):
    # right after a follower's closing: the closer is to move, in the trick during which he closed
    if state.closed_by is not None and state.trick and state.closed_by == state.to_move \
            and sum(state.tricks) == sum(state.close_tricks) and state.result is None:
        return (f"P{state.closed_by} closed the stock while following "
                f"{format_cards(c for _, c in state.trick)} (closer = {game.rules.closer})")
    return None


def _stock_sizes(game: SixtySix) -> list[int]:
    start = len(game.deal(0).stock)
    return list(range(start, 0, -game.players))


@REGISTRY.property(GAME, "close_reading_immaterial",
                   title="Whether the turned trump counts among the close_min_stock cards (five) never changes when "
                         "closing is allowed",
                   clauses=["sixty-six-close", "sixty-six-deal"], method="exhaustive", scope=NEVER_AT_THE_LINE)
def close_reading_immaterial(games, budget: Budget) -> Outcome:
    checked = []
    for game in games:
        with_card = dataclasses.replace(game.rules, close_counts_trump_card=True)
        without = dataclasses.replace(game.rules, close_counts_trump_card=False)
        for size in _stock_sizes(game):
            stock = DECK[:size]
            a = may_close(stock, None, True, 1, with_card)
            b = may_close(stock, None, True, 1, without)
            checked.append(size)
            if a != b:
                text = (f"{game.players} players: with {size} cards in the stock closing is "
                        f"{'allowed' if a else 'not allowed'} when the turned trump counts and "
                        f"{'allowed' if b else 'not allowed'} when it does not (stock sizes in play: "
                        f"{_stock_sizes(game)})")
                return Outcome(REFUTED, counterexample=Counterexample(
                    text, deal={"stock sizes": " ".join(map(str, _stock_sizes(game))), "differs at": str(size)}))
    return Outcome(HOLDS, Msg("every stock size that occurs at a lead ({sizes}): the stock shrinks by the player "
                              "count, so it never holds exactly {count}", sizes=str(sorted(set(checked), reverse=True)),
                              count=games[0].rules.close_min_stock))


# ------------------------------------------------------------- the phases

@invariant(SixtySix, "stock_play_free",
           title="While the stock lasts any card in hand may be played, led or followed",
           clauses=["sixty-six-stock-play"])
def stock_play_free(game, state):
    if game.is_over(state) or in_last_phase(state.stock, state.closed_by):
        return None
    cards = {m.card for m in game.legal_moves(state) if m.__class__ is Play}
    hand = set(state.hands[state.to_move])
    if cards != hand:
        return f"with the stock open, P{state.to_move} may not play {format_cards(sorted(hand - cards, key=str))}"
    return None


def obligations(hand, trick, trump, must_head: bool, order) -> set[Card]:
    """The follower's allowed cards, restated from the texts (independent of the engine)."""
    led = trick[0][1].suit
    same = [c for c in hand if c.suit == led]
    trumps = [c for c in hand if c.suit == trump]
    allowed = same or trumps or list(hand)
    if must_head:
        best = trick[0][1]
        for _, c in trick[1:]:
            if (c.suit == best.suit and order[c.rank] > order[best.rank]) or (c.suit == trump != best.suit):
                best = c
        winners = [c for c in allowed if (c.suit == best.suit and order[c.rank] > order[best.rank])
                   or (c.suit == trump != best.suit)]
        allowed = winners or allowed
    return set(allowed)


def endgame_kinds(game: SixtySix) -> tuple[str, ...]:
    """The ways a last phase starts under these rules (a follower closes only with closer = either)."""
    return ("exhausted", "closed on lead") + (("closed following",) if game.rules.closer == "either" else ())


def endgame_starts(game: SixtySix, count: int):
    """(seed, moves, state) at the start of the last phase, the kinds of :func:`endgame_kinds` in turn:
    the stock exhausted, closed by the leader at his first chance, closed by a follower at his first."""
    kinds = endgame_kinds(game)
    out = []
    seed = 0
    while len(out) < count and seed < 50 * count + 50:
        kind = kinds[len(out) % len(kinds)]

        def choose(state, legal, kind=kind):
            if in_last_phase(state.stock, state.closed_by):
                return ()                                   # stop the walk here
            if CLOSE in legal and (kind == "closed on lead" and not state.trick
                                   or kind == "closed following" and state.trick):
                return (CLOSE,)
            return tuple(m for m in legal if m != CLOSE)
        trace, state = walk(steered(game, choose), seed)
        if not game.is_over(state):
            out.append((seed, trace.moves, state))
        seed += 1
    return out


def endgame_roots(game: SixtySix) -> list[Root]:
    """Small last phases, one of each kind: the stock exhausted, then a trick played (5+5 cards); closed
    by the leader at his last chance, then a trick played; closed by a follower at his last chance (when
    the rules allow it), from that very moment, so that his obligations in the closing trick are explored."""
    roots = []
    for kind in endgame_kinds(game):
        for seed in range(20):
            def choose(state, legal, kind=kind):
                if in_last_phase(state.stock, state.closed_by):
                    done = kind == "closed following" or (not state.trick and sum(map(len, state.hands)) <= 10)
                    return () if done else legal
                last_chance = len(state.stock) <= 3 * game.players
                if CLOSE in legal and last_chance and (kind == "closed on lead") == (not state.trick) \
                        and kind != "exhausted":
                    return (CLOSE,)
                return tuple(m for m in legal if m != CLOSE)
            trace, state = walk(steered(game, choose), seed)
            if not game.is_over(state):
                roots.append(Root(state, f"deal seed {seed} played to a small last phase ({kind})", seed,
                                  tuple(trace.moves)))
                break
    return roots


@small_configs(GAME)
def endgames(game: SixtySix) -> list[Root]:
    """The small last phases of :func:`endgame_roots`; two players and single games only."""
    if game.players != 2 or game.rules.partie:
        return []
    return endgame_roots(game)


@invariant(SixtySix, "last_phase_obligations",
           title="Once the stock is exhausted or closed, the legal plays are exactly: follow suit, else "
                 "trump, else anything (and head the trick when the rules say so)",
           clauses=["sixty-six-last-phase", "sixty-six-last-phase-start"])
def last_phase_obligations(game, state):
    from spec.games.sixty_six import RANK_ORDER
    if game.is_over(state) or not in_last_phase(state.stock, state.closed_by):
        return None
    legal = game.legal_moves(state)
    hand = state.hands[state.to_move]
    cards = {m.card for m in legal if m.__class__ is Play}
    expect = obligations(hand, state.trick, state.trump, game.rules.must_head, RANK_ORDER) \
        if state.trick else set(hand)
    if CLOSE in legal:
        return "closing is offered in the last phase"
    if cards != expect:
        extra, missing = cards - expect, expect - cards
        return (f"P{state.to_move} to {format_cards(c for _, c in state.trick) or 'lead'}: "
                f"allowed {format_cards(sorted(cards, key=str))}, the rule allows "
                f"{format_cards(sorted(expect, key=str))}"
                + (f" (extra {format_cards(sorted(extra, key=str))})" if extra else "")
                + (f" (missing {format_cards(sorted(missing, key=str))})" if missing else ""))
    return None


# ---------------------------------------------------------------- tricks

#: The texts' order, high to low, restated for the checks below (independent of the engine's table).
TEXT_ORDER = ("A", "10", "K", "Q", "J", "9")


def _strength(card: Card) -> int:
    return len(TEXT_ORDER) - TEXT_ORDER.index(card.rank.label)


def text_beats(card: Card, best: Card, trump) -> bool:
    """Whether ``card`` beats ``best``, restated: higher in its suit, or a trump on a non-trump."""
    if card.suit == best.suit:
        return _strength(card) > _strength(best)
    return card.suit == trump


@REGISTRY.property(GAME, "beats_order",
                   title="The pack is 9 to A in four suits, and a card beats another exactly when it is higher "
                         "in the same suit (A 10 K Q J 9) or a trump played on a plain card",
                   clauses=["sixty-six-deck", "sixty-six-beats"], method="exhaustive")
def beats_order(games, budget: Budget) -> Outcome:
    from spec.cards import Suit
    game = games[0]
    deck = game.deck()
    want = {(r, s) for r in TEXT_ORDER for s in Suit}
    have = {(c.rank.label, c.suit) for c in deck}
    if len(deck) != 24 or have != want:
        text = f"the pack has {len(deck)} cards: {format_cards(deck)}"
        return Outcome(REFUTED, counterexample=Counterexample(text, deal={"deck": format_cards(deck)}))
    cases = 0
    for trump in Suit:
        for best in deck:
            for card in deck:
                if card == best:
                    continue
                cases += 1
                got = rules_module.trick_order(trump).beats(card, best)
                if got != text_beats(card, best, trump):
                    text = (f"trump {trump.symbol}: the engine says {format_card(card)} "
                            f"{'beats' if got else 'does not beat'} {format_card(best)}")
                    return Outcome(REFUTED, counterexample=Counterexample(
                        text, deal={"trump": trump.symbol, "led": format_card(best), "played": format_card(card)}))
    return Outcome(HOLDS, Msg("all {pairs} ordered pairs of the 24 cards under each of the 4 trump suits", pairs=cases))


@walked(SixtySix, "trick_flow",
        title="Every trick goes to its highest trump, else its highest card of the suit led; its winner "
              "leads next and, while the stock lasts, draws first, the others after him in turn",
        clauses=["sixty-six-trick", "sixty-six-next-lead", "sixty-six-draw"])
def trick_flow(game, seed, budget, notes) -> Watch:
    n = game.players
    box = []  # the state before this one (not on the trace: the shared walk's trace is every check's)

    def step(trace, state):
        prev = box[0] if box else None
        box[:] = [state]
        if prev is None or len(prev.trick) != n - 1 or state.deal_no != prev.deal_no \
                or trace.moves[-1] == CLOSE:
            return
        plays = prev.trick + ((prev.to_move, trace.moves[-1].card),)
        best = plays[0]
        for play in plays[1:]:
            if text_beats(play[1], best[1], prev.trump):
                best = play
        w = best[0]
        cards = tuple(c for _, c in plays)
        took = [p for p in range(n) if state.piles[p] != prev.piles[p]]
        if took != [w] or state.piles[w][-n:] != cards:
            raise trace.refute(f"the trick {format_cards(cards)} (trump {prev.trump.symbol}) went to "
                               f"{', '.join(f'P{p}' for p in took) or 'nobody'}, not P{w}", state)
        if state.result is None and state.to_move != w:
            raise trace.refute(f"P{state.to_move} leads after P{w} won the trick", state)
        if prev.stock and prev.closed_by is None and state.result is None:
            for k in range(n):
                seat = (w + k) % n
                if prev.stock[k] not in state.hands[seat]:
                    raise trace.refute(f"P{seat} did not draw {format_card(prev.stock[k])} (card {k + 1} of "
                                       f"the stock; P{w} won the trick and draws first)", state)
    return Watch(step=step)


# ------------------------------------------------------------------ text B

#: Text B turns the 13th card for trump while naming three players.
TEXT_B_TRUMP_POSITION = 13


@REGISTRY.property(GAME, "text_b_thirteenth_card",
                   title="With the player counts the texts name (two in A, three in B), six cards each, the 13th "
                         "card of the pack is free to be turned for trump",
                   clauses=["sixty-six-deal", "sixty-six-players"], method="exhaustive", expected=REFUTED)
def text_b_thirteenth_card(games, budget: Budget) -> Outcome:
    checked = 0
    for n in (2, 3):
        for packet in (1, 2, 3, 6):            # cards given at a time
            for first in range(n):             # seat served first
                checked += 1
                owner = {}
                pos = 0
                for _ in range(HAND_SIZE // packet):
                    for k in range(n):
                        for _ in range(packet):
                            pos += 1
                            owner[pos] = (first + k) % n
                where = owner.get(TEXT_B_TRUMP_POSITION)
                if where is not None:
                    pack = DECK
                    hands = {f"hand {p}": format_cards(pack[i - 1] for i in sorted(owner) if owner[i] == p)
                             for p in range(n)}
                    hands["13th card"] = format_card(pack[TEXT_B_TRUMP_POSITION - 1])
                    text = (f"{n} players, six cards each dealt {packet} at a time: {n * HAND_SIZE} cards go to "
                            f"the hands, so the {TEXT_B_TRUMP_POSITION}th card "
                            f"({format_card(pack[TEXT_B_TRUMP_POSITION - 1])} of an unshuffled pack) is in hand "
                            f"{where}, not free to be turned; with two players it is the first card after the "
                            f"hands (our three-player variant turns the 19th)")
                    return Outcome(REFUTED, Msg("{n} players: the {position}th card is dealt to hand {hand}", n=n,
                                                position=TEXT_B_TRUMP_POSITION, hand=where),
                                   Counterexample(text, deal=hands))
    return Outcome(HOLDS, Msg("{n} dealing schemes", n=checked))


# ---------------------------------------------------------------- marriages

def _marriages_first(state, legal):
    """Random play that declares a marriage whenever one is offered (so that many are declared)."""
    marriages = tuple(m for m in legal if m.__class__ is Marry)
    return marriages or legal


@REGISTRY.property(GAME, "marriage_on_lead",
                   title="A marriage is declared only by the leader holding both its queen and king, and scores "
                         "20 (40 in trumps) once",
                   clauses=["sixty-six-marriage", "sixty-six-marriage-points"], method="hypothesis")
def marriage_on_lead(games, budget: Budget) -> Outcome:
    def check(game, seed):
        rules = game.rules
        eager = seed % 2        # half the games declare every marriage offered, half play uniformly

        def step(trace, state):
            prev = trace.__dict__.get("prev")
            trace.prev = state
            if prev is None or not isinstance(trace.moves[-1], Marry) or state.deal_no != prev.deal_no:
                return
            c, p = trace.moves[-1].card, prev.to_move
            partner = Card(Rank.KING if c.rank == Rank.QUEEN else Rank.QUEEN, c.suit)
            if prev.trick or c not in prev.hands[p] or partner not in prev.hands[p]:
                raise trace.refute(f"P{p} may declare {format_card(c)} "
                                   + ("while following" if prev.trick else f"without {format_card(partner)}"),
                                   state)
            got = state.points[p] + state.pending[p] - prev.points[p] - prev.pending[p]
            worth = rules.trump_marriage_points if c.suit == prev.trump else rules.marriage_points
            if got != worth:
                raise trace.refute(f"declaring {format_card(c)} scored {got}, not {worth}", state)
        walk(steered(game, _marriages_first) if eager else game, seed, step, budget.max_plays)
    return sample(games, budget, check)


# ------------------------------------------------------------------- partie

@REGISTRY.property(GAME, "partie_flow",
                   title="In a partie the winner of each game deals the next, its loser leads, game points add up, "
                         "and the partie ends when someone has eight",
                   clauses=["sixty-six-partie", "sixty-six-dealer", "sixty-six-first-lead"], method="hypothesis")
def partie_flow(games, budget: Budget) -> Outcome:
    def check(game0, seed):
        game = type(game0)(dataclasses.replace(game0.rules, partie=True), players=game0.players)
        rules = game.rules

        def step(trace, state):
            prev = trace.__dict__.get("prev")
            trace.prev = state
            if prev is None or state.deal_no == prev.deal_no:
                return
            last = state.last_result
            winners = [p for p, x in enumerate(last) if x]
            expect_dealer = winners[0] if len(winners) == 1 else (
                prev.dealer if rules.deal_after_draw == "same" else (prev.dealer + 1) % game.players)
            if state.dealer != expect_dealer:
                raise trace.refute(f"game {state.deal_no}: P{state.dealer} deals, expected P{expect_dealer}", state)
            if state.to_move != (state.dealer + 1) % game.players:
                raise trace.refute(f"game {state.deal_no}: P{state.to_move} leads, not the loser", state)
            if tuple(a + b for a, b in zip(prev.totals, last)) != state.totals:
                raise trace.refute(f"partie totals {state.totals} do not add the last game {last}", state)
            if max(state.totals) >= rules.partie_target:
                raise trace.refute(f"the partie goes on at {state.totals}", state)
        trace, state = walk(game, seed, step, budget.max_plays)
        if game.is_over(state) and max(state.totals) < rules.partie_target:
            raise trace.refute(f"the partie ended at {state.totals}", state)
    return sample(games, budget, check)


# ------------------------------------------------------- the endgame solver

#: A position after three tricks: P0 is on lead with the trump marriage, the
#: trump ace and the ace of spades, and closes the stock. The turned trump
#: (9♥) and five unknown cards stay in the stock; P1 holds 6 of 11 unseen cards.
GUARANTEE_POSITION = "trump=♥; p0=A♥ K♥ Q♥ A♠ 9♣ J♦; p1=; lead=0; points=9,2; tricks=2,1; closed=0"
GUARANTEE_SEEN = "K♠ J♠ Q♦ 9♦ J♣ 9♠ 9♥"   # won in the three tricks, and the turned trump


def guarantee_hands():
    from spec.cards import parse_cards
    p0 = parse_cards("A♥ K♥ Q♥ A♠ 9♣ J♦")
    seen = set(parse_cards(GUARANTEE_SEEN)) | set(p0)
    pool = [c for c in DECK if c not in seen]
    return p0, pool


#: The stock at that position: the turned trump and five face-down cards (24 - 12 in hands - 6 in tricks).
GUARANTEE_STOCK = len(DECK) - 2 * HAND_SIZE - 6
GUARANTEE_POINTS = (9, 2)


def guarantee_reachable(games) -> bool:
    """Whether the position exists under the rules checked: nobody has reached the target with its 9 and 2
    points, and P0 may close a stock of that size on lead after three tricks (two players)."""
    rules = _two(games).rules
    return two_players(games) and max(GUARANTEE_POINTS) < rules.target \
        and may_close(DECK[:GUARANTEE_STOCK], None, True, 3, rules)


#: The highest target at which the guarantee holds (the solver: it holds at every target from 10 to 84, with and
#: without must_head, and fails at 85; a test checks both sides). The position's value depends on the rules
#: only through the target, the marriage and last-trick points and must_head: both players have taken a trick
#: (so marriage_needs_trick changes nothing), P0 closed on lead, and a winner's game points do not matter.
GUARANTEE_MAX_TARGET = 84

#: Where the closing wins: the texts' marriage and last-trick points, and a target the solver confirmed.
GUARANTEE_SCOPE = Scope("target at most 84, with the texts' marriage and last-trick points (20, 40, 10)",
                        lambda rules, n: rules.target <= GUARANTEE_MAX_TARGET and rules.marriage_points == 20
                        and rules.trump_marriage_points == 40 and rules.last_trick_bonus == 10)


@REGISTRY.property(GAME, "closing_guarantee",
                   title="Holding A K Q of trumps, the ace of spades, 9♣ and J♦ after three tricks (9+2 points), "
                         "closing the stock wins the game against every hand the opponent may hold",
                   clauses=["sixty-six-close", "sixty-six-last-phase", "sixty-six-marriage"], method="exhaustive",
                   applies=guarantee_reachable, scope=GUARANTEE_SCOPE)
def closing_guarantee(games, budget: Budget) -> Outcome:
    game = _two(games)
    p0, pool = guarantee_hands()
    solver = Solver(game)
    start = time.perf_counter()
    count = 0
    for hand in opponent_hands(pool, HAND_SIZE):
        count += 1
        text = GUARANTEE_POSITION.replace("p1=", "p1=" + " ".join(format_card(c) for c in hand))
        state = parse_position(game, text)
        if not solver.at_least(state, 1):
            v = solver.value(state)
            line = " ".join(game.format_move(m) for m in solver.best_line(state))
            cx = (f"after closing, P1 holding {format_cards(hand)} holds P0 to {v:+d} game points "
                  f"(double-dummy); best play: {line}\nposition: {format_position(state)}")
            return Outcome(REFUTED, counterexample=Counterexample(
                cx, deal={"position": format_position(state), "value": str(v), "line": line}))
    secs = time.perf_counter() - start
    return Outcome(HOLDS, Msg("endgame solver: P0 wins against all {hands} hands of 6 from the 11 unseen cards "
                              "({positions} positions searched, {secs}s)", hands=count, positions=solver.nodes,
                              secs=f"{secs:.1f}"), examples=count)


# ------------------------------------------------------------- the value of closing (rulebook table)

#: Seeded deals whose closings the table solves: every position of random stock play (seeded by the deal)
#: where the player to move may close.
CLOSING_DEALS = 300
_CLOSING_WORDS = {"stock": N_("cards in the stock"), "who": N_("closer"), "leader": N_("on lead"),
                  "follower": N_("after the lead"), "positions": N_("positions"), "wins": N_("closer wins"),
                  "points": N_("closer's mean game points"), "all": N_("all")}


def closing_values(game: SixtySix, deals: int = CLOSING_DEALS, solve=None):
    """``(stock size, closer on lead?, closer's game points)`` for every position of ``deals`` seeded deals of
    random stock play where the player to move may close, solved open-handed after the close (the solver's
    double-dummy value: both hands shown; ``solve(game, state)``, another search to compare with)."""
    import random
    out = []
    for seed in range(deals):
        rng, state = random.Random(seed), game.deal(seed)
        while state.result is None and not in_last_phase(state.stock, state.closed_by):
            moves = game.legal_moves(state)
            if CLOSE in moves:
                closed = game.apply(state, CLOSE)
                v = solve(game, closed) if solve else Solver(game).value(closed)
                out.append((len(state.stock), not state.trick, v if state.to_move == 0 else -v))
            plays = [m for m in moves if m != CLOSE]
            state = game.apply(state, plays[rng.randrange(len(plays))])
    return out


def closing_table(lang: str = "en", deals: int = CLOSING_DEALS):
    """How often closing wins for the closer with best play by both, open-handed: by the stock's size at the
    close and whether the closer is on lead (``closer = either`` lets the follower close too)."""
    from spec.i18n import tr
    t = {k: tr(lang, v) for k, v in _CLOSING_WORDS.items()}
    values = closing_values(SixtySix(), deals)
    header = [t["stock"], t["who"], t["positions"], t["wins"], t["points"]]

    def row(size, who, cell):
        return [size, who, len(cell), f"{100 * sum(g > 0 for g in cell) / len(cell):.1f} %",
                f"{sum(cell) / len(cell):+.2f}"]
    rows = []
    for size in sorted({s for s, _, _ in values}, reverse=True):
        for lead, who in ((True, t["leader"]), (False, t["follower"])):
            cell = [g for s, on, g in values if s == size and on == lead]
            if cell:
                rows.append(row(size, who, cell))
    return header, rows + [row(t["all"], t["all"], [g for _, _, g in values])]
