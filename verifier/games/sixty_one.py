"""Sixty-One's own properties: deck value, deal and turns, turnover, termination, one loser."""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction

import z3

from spec.i18n import Msg
from spec.cards import format_cards, make_deck, shuffled, sort_key
from spec.dealing import sorted_hand
from spec.games.sixty_one import (
    STANDARD_VALUES, STATED_DECK_VALUE, SixtyOne, card_value, first_card_bound, hands_stay_full, interval_bound,
    interval_length, least_interval_gain, queue_bound, replay_gap,
)
from verifier.api import (
    Claim, Root, Watch, decide, explore, fresh_solver, invariant, sample_unit, small_configs, steered, walked,
    z3_claim,
)
from verifier.conveyor import Conveyor, falling_run, reach
from verifier.core import ALMOST_SURELY, HOLDS, REFUTED, REGISTRY, UNKNOWN, Budget, Counterexample, Outcome, Property, Scope
from verifier.z3util import placed, placements

GAME = "sixty_one"

#: Player counts of the declared variant space: every count of the proved range (2-5) and the
#: first ones past it (6, 7: the boundary moves with the turnover order and the values), and 12.
SPACE_PLAYERS = (2, 3, 4, 5, 6, 7, 12)


def stated_deck_value(game: SixtyOne) -> int:
    """The rulebook's figure (84) for the source deck and values; else the table's sum."""
    if game.rules.deck == "36" and dict(game.rules.values) == dict(STANDARD_VALUES):
        return STATED_DECK_VALUE
    return sum(card_value(c, game.rules) for c in make_deck(game.rules.deck))


# ------------------------------------------------------------ sampled games

#: Plays of a sampled game that the walked properties and invariants check.
SAMPLED_PLAYS = 600


@sample_unit(GAME, Msg("a game up to its play {n}", n=SAMPLED_PLAYS))
def first_plays(game, state) -> bool:
    """With six or more players (and under many house rules) a game can go on for ever, and random
    play then ran on to the 5,000-play cap, at every step of every sampled game: the walked
    properties and invariants check the first 600 plays of each sampled game instead. Every game
    the arguments bound ends well within that with the source's values (at most 275 plays), so
    there nothing changes; the finished games' checks (``one_loser``, the generic ``zero_sum``,
    ``moves_exist`` and ``ends_in_bound``) still follow each game to its end."""
    return state.plays >= SAMPLED_PLAYS


# ------------------------------------------------------ small configurations

#: How close to the losing total a small configuration starts.
MARGIN = 12


@small_configs(GAME)
def endings(game: SixtyOne) -> list[Root]:
    """Set-up positions near the end, from which every continuation is explored:
    every card worth less than 0 already on the pile, the total :data:`MARGIN`
    below the losing total, the rest dealt from a seeded shuffle with more stock
    than the game can last (so no turnover or negative card comes back, and at
    most a dozen plays remain). None when the stock would be too short, or the
    total resets (then a turnover is the interesting part)."""
    rules, n = game.rules, game.players
    negative = tuple(c for c in game.deck() if game.value_of(c) < 0)
    zero = sum(1 for c in game.deck() if game.value_of(c) == 0)
    rest = [c for c in game.deck() if game.value_of(c) >= 0]
    if rules.total_after_turnover != "carries" or len(rest) - n * rules.hand_size <= MARGIN + zero:
        return []
    roots = []
    for seed in range(3):
        cards = shuffled(rest, random.Random(seed))
        hands = tuple(sorted_hand(cards[i * rules.hand_size:(i + 1) * rules.hand_size]) for i in range(n))
        state = game.position(hands, cards[n * rules.hand_size:], negative, total=rules.losing_total - MARGIN,
                              seed=seed)
        roots.append(Root(state, f"set-up {seed}: every negative card played, total {state.total}"))
    return roots


# ---------------------------------------------------------------- the deck

@z3_claim(SixtyOne, "deck_value", title="Hands + stock + pile are worth the deck's value for any "
          "split (84 with the source's deck and values)",
          clauses=["sixty-one-values"], each=False)
def deck_value(game: SixtyOne, s: z3.Solver) -> Claim:
    deck = game.deck()
    places = [f"hand {i}" for i in range(game.players)] + ["stock", "pile"]
    stated = stated_deck_value(game)
    at = placements(s, "at", len(deck), len(places))
    s.add(z3.Sum([x * game.value_of(deck[i]) for i, row in enumerate(at) for x in row]) != stated)

    def refute(model) -> Counterexample:
        split = {p: [] for p in places}
        for card, z in zip(deck, placed(model, at)):
            split[places[z]].append(card)
        worth = sum(game.value_of(c) for c in deck)
        deal = {p: format_cards(cs) for p, cs in split.items() if cs}
        return Counterexample(f"the places are worth {worth}, not {stated}: "
                              + "; ".join(f"{p}: {cs}" for p, cs in deal.items()), deal=deal)
    return Claim(Msg("every split of {n} cards among {players} hands, stock and pile is worth {worth} (and so for fewer "
                     "players)", n=len(deck), players=game.players, worth=stated), refute)


# ------------------------------------------------------- deal and turns

@walked(SixtyOne, "deal_as_documented", title="The deal: a dealer by lot, a hand each (three cards by "
        "default) dealt one at a time clockwise from the dealer's left, the rest face down as the stock; the "
        "dealer's left-hand neighbour plays first",
        clauses=["sixty-one-players", "sixty-one-deal", "sixty-one-first-lead"])
def deal_as_documented(game, seed, budget, notes) -> Watch:
    def end(trace, state):
        # rebuild the deal from the seed independently of deal(): same lot, same shuffle
        rng, n, k = random.Random(seed), game.players, game.rules.hand_size
        dealer = rng.randrange(n)
        cards = shuffled(game.deck(), rng)
        for i in range(n):
            seat = (dealer + 1 + i) % n  # one card at a time, from the dealer's left
            want = sorted(cards[i::n][:k], key=sort_key)
            if list(state.hands[seat]) != want:
                raise trace.refute(f"P{seat} (dealer P{dealer}) holds {format_cards(state.hands[seat])}, "
                                   f"but dealing one at a time from the dealer's left gives {format_cards(want)}",
                                   state)
        if state.stock != tuple(cards[n * k:]) or state.pile or state.total:
            raise trace.refute("the undealt cards are not the stock, or the game starts with a pile or a total",
                               state)
        if state.to_move != (dealer + 1) % n:
            raise trace.refute(f"P{state.to_move} plays first; the dealer is P{dealer}, so P{(dealer + 1) % n} "
                               f"should", state)
    return Watch(end=end, cap=0)  # the deal alone: no move is played


@invariant(SixtyOne, "turns_as_documented", title="On a turn the player may lay any card of their hand "
           "and no other; play passes to the left, one seat a play", clauses=["sixty-one-play", "sixty-one-clockwise"],
           presets=True)
def turns_as_documented(game: SixtyOne, state) -> str | None:
    if game.is_over(state):
        return None
    p = game.to_move(state)
    if p != (state.dealer + 1 + state.plays) % game.players:
        return f"P{p} is to move after {state.plays} plays from P{(state.dealer + 1) % game.players}; play passes left"
    # the moves offered are the hand (clause sixty-one-play offers them, and refuses any other card)
    offered = {m.card for m in game.legal_moves(state)}
    if offered != set(state.hands[p]):
        return f"P{p} holds {format_cards(state.hands[p])} but may play {format_cards(sorted(offered, key=sort_key))}"
    return None


# --------------------------------------------------------- the running total

@invariant(SixtyOne, "value_in_places", title="Hands, stock and pile are always worth the deck's value",
           clauses=["sixty-one-values"], presets=True)
def value_in_places(game: SixtyOne, state) -> str | None:
    here = sum(game.value_of(c) for cards in game.zones(state).values() for c in cards)
    worth = stated_deck_value(game)
    return None if here == worth else f"the places are worth {here}, not {worth}"


@walked(SixtyOne, "value_conserved", title="The announced total is the sum of the cards played "
        "(or, when the total resets at a turnover, the value of the pile)",
        clauses=["sixty-one-total", "sixty-one-turnover"])
def value_conserved(game, seed, budget, notes) -> Watch:
    carries = game.rules.total_after_turnover == "carries"

    def step(trace, state):
        expect = sum(game.value_of(m.card) for m in trace.moves) if carries else \
            sum(game.value_of(c) for c in state.pile)
        if state.total != expect:
            raise trace.refute(f"the announced total is {state.total}, the cards say {expect}", state)
    return Watch(step=step)


# ------------------------------------------------------------ the turnover

@walked(SixtyOne, "turnover_as_documented", title="A turnover loses no card and leaves the stock "
        "in the documented order", clauses=["sixty-one-turnover", "sixty-one-draw"])
def turnover_as_documented(game, seed, budget, notes) -> Watch:
    rules, box = game.rules, []

    def step(trace, state):
        before = box[0] if box else None
        box[:] = [state]
        if before is None or state.turnovers == before.turnovers or game.is_over(state):
            return
        move = trace.moves[-1].card
        played = before.pile + (move,)
        keep = played[-1:] if rules.turnover_timing == "keep_last" else ()
        moving = played[:-1] if keep else played
        need = rules.hand_size - len(before.hands[before.to_move]) + 1
        new_cards = state.stock
        if state.pile != keep:
            raise trace.refute(f"after the turnover the pile is {format_cards(state.pile) or 'empty'}, "
                               f"expected {format_cards(keep) or 'empty'}", state)
        if rules.turnover_order == "shuffle":
            drawn = Counter(state.hands[before.to_move]) - (Counter(before.hands[before.to_move]) - Counter([move]))
            if Counter(new_cards) + drawn != Counter(moving):
                raise trace.refute("the shuffled stock is not the old pile", state)
            return
        expected = moving if rules.turnover_order == "flip" else moving[::-1]
        took = expected[:need]
        if new_cards != expected[need:] or Counter(took) - Counter(state.hands[before.to_move]):
            raise trace.refute(f"expected the {rules.turnover_order} order {format_cards(expected)} "
                               f"(drawing {format_cards(took)}), got stock {format_cards(new_cards)}", state)
    return Watch(step=step)


@walked(SixtyOne, "replay_gap", title="Under flip order a card is never played again within "
        "d - hn + n plays, for d cards and h in a hand (36 - 2n by default: the premise of the queue argument)",
        clauses=["sixty-one-turnover", "sixty-one-draw"])
def replay_gap_respected(game, seed, budget, notes) -> Watch:
    rules = game.rules
    if rules.turnover_order != "flip" or not hands_stay_full(rules, game.players):
        # the premise is only claimed for flip order with hands refilled at every draw: nothing to watch
        return Watch(cap=0)
    gap = replay_gap(rules, game.players)
    copies = Counter(game.deck())  # several packs: copies of a card look alike, each one keeps the gap
    times: dict = {}

    def step(trace, state):
        if trace.moves:
            card, t = trace.moves[-1].card, len(trace.moves)
            recent = [u for u in times.get(card, ()) if t - u < gap] + [t]
            if len(recent) > copies[card]:
                first = recent[-1 - copies[card]]
                raise trace.refute(f"{card} was played at plays {first} and {t}, less than {gap} apart"
                                   + (f" (and the deck has {copies[card]} of it)" if copies[card] > 1 else ""),
                                   state)
            times[card] = recent
    return Watch(step=step)


# ----------------------------------------------------------------- the end

@walked(SixtyOne, "one_loser", title="When a game ends exactly one player has lost: the one "
        "whose card reached the losing total, and who pays one point to each other player",
        clauses=["sixty-one-lose", "sixty-one-stakes"], whole_game=True)
def one_loser(game, seed, budget, notes) -> Watch:
    def end(trace, state):
        problem = loser_problem(game, state)
        if problem:
            raise trace.refute(problem, state)
    return Watch(end=end)


def loser_problem(game: SixtyOne, state) -> str | None:
    """What is wrong with the end of a finished game, if anything."""
    if not game.is_over(state):
        return None
    out, n = game.outcome(state), game.players
    last = (state.dealer + state.plays) % n  # the seat that laid the last card
    if len(out.losers) != 1:
        return f"{len(out.losers)} players lost"
    if out.losers[0] != last or state.total < game.rules.losing_total:
        return f"P{out.losers[0]} lost, but P{last} played the last card (total {state.total})"
    want = tuple(-(n - 1) if p == last else 1 for p in range(n))
    if tuple(out.returns) != want:
        return (f"returns {' '.join(map(str, out.returns))}; the loser P{last} should pay "
                f"one point to each of the {n - 1} others")
    return None


# ------------------------------------------------------------- termination

def _first_card_claim(game: SixtyOne, s: z3.Solver) -> Claim | None:
    """First-card argument: no card is worth less than the losing total, so the first card loses."""
    rules = game.rules
    if first_card_bound(rules) is None:
        return None
    deck = game.deck()
    pick = z3.Int("first_card")
    s.add(pick >= 0, pick < len(deck))
    s.add(z3.Or(*[z3.And(pick == i, z3.IntVal(game.value_of(c)) < rules.losing_total) for i, c in enumerate(deck)]))

    def refute(model) -> Counterexample:
        card = deck[model.eval(pick).as_long()]
        return Counterexample(f"{card} is worth {game.value_of(card)}, less than {rules.losing_total}: "
                              f"laid first it does not lose", deal={"first card": format_cards([card])})
    return Claim(Msg("first-card argument: z3 proves no card is worth less than {total}, so the first card laid loses: "
                     "at most 1 play", total=rules.losing_total), refute)


def _distinct_cards_claim(game: SixtyOne, s: z3.Solver) -> Claim | None:
    """Interval argument: no ``interval_length`` distinct cards sum below the least gain (> 0)."""
    rules, n = game.rules, game.players
    bound = interval_bound(rules, n)
    if bound is None:
        return None
    gain, deck, k = least_interval_gain(rules, n), game.deck(), interval_length(rules, n)
    pick = [z3.Int(f"pick_{i}") for i in range(len(deck))]
    s.add(*[z3.Or(x == 0, x == 1) for x in pick], z3.Sum(pick) == k)  # any k distinct cards
    s.add(z3.Sum([x * game.value_of(c) for x, c in zip(pick, deck)]) < gain)

    def refute(model) -> Counterexample:
        cards = [c for x, c in zip(pick, deck) if model.eval(x).as_long() == 1]
        return Counterexample(f"{k} distinct cards worth less than {gain}: {format_cards(cards)}",
                              deal={"interval": format_cards(cards)})
    return Claim(Msg("interval argument: z3 proves any {k} distinct cards are worth at least {gain}, so each interval "
                     "between turnovers adds at least {gain}: at most {bound} plays", k=k, gain=gain, bound=bound),
                 refute)


def _queue_claim(game: SixtyOne, s: z3.Solver) -> Claim | None:
    """Queue argument: ``T`` plays, no card more than ``ceil(T / gap)`` times, always reach the losing total."""
    rules, n = game.rules, game.players
    plays = queue_bound(rules, n)
    if plays is None:
        return None
    deck, gap = game.deck(), replay_gap(rules, n)
    most = -(-plays // gap)
    # cards of equal value are interchangeable here: one count per value (at most ``most`` times each of
    # its cards), which keeps the problem small enough for z3 with 52 cards or two packs
    by_value: dict[int, list] = {}
    for c in deck:
        by_value.setdefault(game.value_of(c), []).append(c)
    count = {v: z3.Int(f"count_{v}") for v in by_value}
    s.add(*[z3.And(x >= 0, x <= most * len(by_value[v])) for v, x in count.items()],
          z3.Sum(list(count.values())) == plays)
    s.add(z3.Sum([x * v for v, x in count.items()]) < rules.losing_total)

    def refute(model) -> Counterexample:
        used = {"/".join(sorted({str(c.rank) for c in by_value[v]})) + f" (worth {v})": model.eval(x).as_long()
                for v, x in count.items() if model.eval(x).as_long()}
        return Counterexample(f"{plays} plays, no card more than {most} times, staying below "
                              f"{rules.losing_total}: {used}", deal={"plays": str(used)})
    return Claim(Msg("queue argument ({order} order): a card comes back at most once every {gap} plays, and z3 proves "
                     "that {plays} plays with no card more than {most} times reach {total}: at most {plays} plays",
                     order=rules.turnover_order, gap=gap, plays=plays, most=most, total=rules.losing_total), refute)


def cycle_policies(game: SixtyOne, count: int = 6):
    """Deterministic play policies for the witness search, each a function of
    the position only, so a game played by one either ends or repeats.

    ``lowest``: the lowest-valued card (ties: the first in move order). The
    ``noisy`` ones add a fixed per-card jitter to the value, which changes
    which of several low cards is kept back.
    """
    yield "lowest", lambda state, moves: min(moves, key=lambda m: game.value_of(m.card))
    deck = sorted(set(game.deck()), key=sort_key)
    for k in range(count):
        rng = random.Random(k)
        amp = (0.5, 3, 7)[k % 3]
        jitter = {c: rng.random() * amp for c in deck}
        yield f"noisy{k}", lambda state, moves, j=jitter: min(moves, key=lambda m: game.value_of(m.card) + j[m.card])


def along(game: SixtyOne, policy) -> SixtyOne:
    """The same game whose only legal move is the one ``policy(state, moves)`` picks:
    :func:`~verifier.api.explore` then follows one line of play, and its records
    replay in the real game (same id, rules and players)."""
    return steered(game, lambda state, moves: (policy(state, moves),) if moves else ())


def repeat_key(state) -> tuple:
    """What makes a position repeat: the cards' places and the player to move
    (not the total, which a cycle may leave lower, nor the counters)."""
    return state.hands, state.stock, state.pile, state.to_move


def shuffles_afresh(game: SixtyOne) -> bool:
    """Does every turnover shuffle two or more cards? (``shuffle`` order, unless
    at most one card is outside the hands, as with 12 players.) Such a shuffle
    is not repeated by a repeated position: the next one is drawn afresh,
    seeded by the turnover's number."""
    outside = len(game.deck()) - game.rules.hand_size * game.players
    moving = outside + 1 if game.rules.turnover_timing == "at_draw" else outside
    return game.rules.turnover_order == "shuffle" and moving >= 2


def _follow(game: SixtyOne, state, moves):
    for m in moves:
        state = game.apply(state, m)
    return state


def find_cycle(game: SixtyOne, deals: int, cap: int = 3_000, extra: int = 20, policies: int = 6):
    """Look for a position that repeats with the total not higher.

    For each of :func:`cycle_policies` in turn, plays seeded deals along that
    policy with the core :func:`~verifier.api.explore` (positions hashed by
    :func:`repeat_key`); a repeat with the total not higher is a cycle that can
    be played for ever. Under a policy, keeps looking ``extra`` deals past the
    first witness; returns the shortest ``(seed, prefix_moves, cycle_moves,
    change, policy)`` of the first policy that finds one, or ``None``. Not for
    ``shuffle`` order with real shuffles (see :func:`shuffles_afresh`).
    """
    for name, policy in cycle_policies(game, policies):
        line, best = along(game, policy), None
        for seed in range(deals):
            if best is not None and seed > best[0] + extra:
                break
            ex = explore(line, [Root.deal(line, seed)], key=repeat_key, max_states=cap, stop_at_cycle=True,
                         longest=False)
            if ex.cycle is None:
                continue
            root, prefix, loop = ex.cycle
            start = _follow(game, root.state, prefix)  # the moves are legal: explore took them from legal_moves
            end = _follow(game, start, loop)
            if end.total <= start.total and (best is None or len(prefix) + len(loop) < len(best[1]) + len(best[2])):
                best = (seed, prefix, loop, end.total - start.total, name)
        if best is not None:
            return best
    return None


def repeated_block(cards) -> str:
    """Cards in notation, a repeated block written once with its count: ``(A♠ 10♦) × 3``."""
    n = len(cards)
    for p in range(1, n // 2 + 1):
        if n % p == 0 and list(cards[:p]) * (n // p) == list(cards):
            return f"({format_cards(cards[:p])}) × {n // p}"
    return format_cards(cards)


# ------------------------------------------------ a shuffled turnover: the hoard
#
# Under ``shuffle`` order a repeated position is no witness, but one way of playing keeps the total
# falling for ever with a positive chance (the page gives the argument in full). Every player keeps the
# (h - 1) n highest cards for good and lays his one other card; those other cards circulate. At each
# turnover the circulating cards kept out of the new stock (the other hands, and under keep_last the card
# left on the pile) are a random set disjoint from the last one, and the stock between two turnovers is
# drawn whole, so the total's long-run rise a play is the circulating cards' mean value. The figures come
# from the rules' table; the start the argument needs is found by playing seeded deals through the engine.

@dataclass(frozen=True)
class ShuffledTurnover:
    """What every argument about a shuffled turnover with a carried total reads from the rules: the hoard,
    its conveyor and the kept cards' bound."""

    circulating: int   # m = d - (h - 1) n: the cards outside the (h - 1) n highest ones the hands can keep
    worth: int         # their value: the deck's m lowest values
    last: int          # the cards drawn after the hands' last lays before a turnover: n - 1 at_draw, n keep_last
    stock: int         # the cards of each new stock: d - hn + 1 at_draw, d - hn keep_last
    one_pack: bool     # no two cards alike
    most_alike: int    # the most cards of one value


def shuffled_turnover(rules, players: int) -> ShuffledTurnover | None:
    """The figures, read from the deck and the values table; ``None`` unless the order is ``shuffle`` and
    the total carries."""
    if rules.turnover_order != "shuffle" or rules.total_after_turnover != "carries":
        return None
    deck = make_deck(rules.deck)
    values = sorted(rules.values[c.rank] for c in deck)
    at_draw = rules.turnover_timing == "at_draw"
    m = len(deck) - (rules.hand_size - 1) * players
    return ShuffledTurnover(m, sum(values[:m]), players - 1 if at_draw else players,
                            len(deck) - rules.hand_size * players + (1 if at_draw else 0),
                            len(set(deck)) == len(deck), max(Counter(values).values()))


def hoard_premises(rules, players: int) -> tuple[int, int, int] | None:
    """``(m, r, worth)``: how many cards circulate under the hoard, how many of them each new stock
    lacks, and what they are worth (:func:`shuffled_turnover`). ``None`` unless the argument applies:
    ``shuffle`` order, a carried total, one pack (no two cards alike), a negative worth, and ``m >= 2r``
    (the last ``r`` cards drawn before a turnover all come from one stock)."""
    f = shuffled_turnover(rules, players)
    if f is None or f.last < 1 or not f.one_pack or f.circulating < 2 * f.last or f.worth >= 0:
        return None
    return f.circulating, f.last, f.worth


@dataclass(frozen=True)
class Hoard:
    """The hoard of one game and the figures of its argument."""

    hoard: frozenset          # the (h - 1) n highest cards (ties by the cards' order), kept in the hands
    circulating: tuple        # the other cards, which every play moves on
    held: int                 # cards of ``circulating`` that each new stock lacks
    worth: int                # their total value (below zero)
    #: how far the total can rise above its value at a turnover, on the way into a falling loop of shuffles
    margin: int

    @property
    def drift(self) -> Fraction:
        """The total's long-run rise a play: the circulating cards' mean value."""
        return Fraction(self.worth, len(self.circulating))


def by_value(game: SixtyOne) -> list:
    """The deck from the lowest value up (ties in the cards' order): a hoard is its top, the rest circulate."""
    return sorted(game.deck(), key=lambda c: (game.value_of(c), sort_key(c)))


def hoard_of(game: SixtyOne) -> Hoard | None:
    """The hoard, where :func:`hoard_premises` holds for ``game``."""
    premises = hoard_premises(game.rules, game.players)
    if premises is None:
        return None
    m, held, worth = premises
    deck = by_value(game)
    rest, n = deck[:m], game.players
    values = sorted(game.value_of(c) for c in rest)
    # the total is the sum played, Phi = total + the hands' circulating cards rises by each card drawn:
    # at most the positive values a stretch, and total and Phi differ by at most the n cards' extremes
    hands = sum(v for v in values[-n:] if v > 0) - sum(v for v in values[:n] if v < 0)
    margin = hands + 3 * sum(v for v in values if v > 0)
    return Hoard(frozenset(deck[m:]), tuple(rest), held, worth, margin)


def hoard_move(game: SixtyOne, hoard: frozenset, state):
    """The lowest card outside ``hoard`` (a hoard card only when the hand holds nothing else)."""
    moves = game.legal_moves(state)
    free = [m for m in moves if m.card not in hoard] or list(moves)
    return min(free, key=lambda m: game.value_of(m.card))


def falling_loop(hoard: Hoard, kept: frozenset, value) -> int:
    """The fall of the loop of two turnovers entered from ``kept`` (the circulating cards the last new
    stock lacked): keep back next the ``held`` highest cards the stock has, then the ``held`` highest of
    the rest, and so on alternately. A positive fall is a loop that lowers the total by that much."""
    def top(cards):
        return frozenset(sorted(cards, key=value, reverse=True)[:hoard.held])
    first = top(set(hoard.circulating) - kept)
    second = top(set(hoard.circulating) - first)
    return sum(map(value, first)) + sum(map(value, second)) - 2 * hoard.worth


def hoard_start(game: SixtyOne, hoard: Hoard, deals: int, plays: int = 4_000):
    """Play seeded deals with the hoard until a turnover where every hand holds its hoard cards, the
    total is more than :attr:`Hoard.margin` below the losing total and the loop entered from there
    falls. Checks the argument's premise at every turnover on the way: the circulating cards each new
    stock lacks are ``held`` many, and none of those of the turnover before. Returns ``(seed, moves,
    state, fall)``, or a :class:`~spec.i18n.Msg` saying what failed, or ``None`` when no deal gets there."""
    rules, circ = game.rules, set(hoard.circulating)
    for seed in range(deals):
        state, moves, kept, turnovers = game.deal(seed), [], None, 0
        while state.loser is None and len(moves) < plays:
            p = state.to_move
            move = hoard_move(game, hoard.hoard, state)
            moves.append(move)
            state = game.apply(state, move)
            if state.turnovers == turnovers:
                continue
            turnovers = state.turnovers
            settled = all(sum(c in hoard.hoard for c in h) == rules.hand_size - 1 for h in state.hands)
            if not settled:
                continue
            lacked = frozenset(c for q, h in enumerate(state.hands) if q != p for c in h if c in circ) \
                | frozenset(state.pile)
            stock = set(state.stock) | {c for c in state.hands[p] if c in circ}  # the new stock, before p drew
            if (len(lacked) != hoard.held or (kept is not None and kept & lacked) or stock & lacked
                    or stock | lacked != circ):
                return Msg("deal seed {seed}, turnover {k}: the new stock lacks {cards}, not {r} circulating cards "
                           "none of which it lacked before", seed=seed, k=turnovers,
                           cards=format_cards(sorted(circ - stock, key=sort_key)), r=hoard.held)
            kept = lacked
            fall = falling_loop(hoard, lacked, game.value_of)
            if state.total + hoard.margin < rules.losing_total and fall > 0:
                return seed, moves, state, fall
    return None


def hoard_outcome(game: SixtyOne, budget: Budget) -> Outcome | None:
    """The hoard's verdict under a shuffled turnover: refuted (a positive chance of a game that never
    ends), with the start found as a replayable record; ``None`` where the argument does not apply."""
    hoard = hoard_of(game)
    if hoard is None:
        return None
    rules, n = game.rules, game.players
    deals = max(200, budget.examples)
    found = hoard_start(game, hoard, deals)
    if not isinstance(found, tuple):
        why = found or Msg("no deal of seeds 0-{last} reached a low enough total", last=deals - 1)
        return Outcome(UNKNOWN, Msg("the hoard argument: {why}", why=why), method="search")
    seed, moves, state, fall = found
    m, r, mean = len(hoard.circulating), hoard.held, hoard.drift
    keep = sorted(hoard.hoard, key=sort_key)
    text = (f"{n} players, shuffle order, {rules.turnover_timing}, a carried total. Every player keeps the "
            f"{len(keep)} highest cards ({format_cards(keep)}) for good and lays his lowest other card; the other "
            f"{m} cards, worth {hoard.worth}, circulate. Deal seed {seed}, so played: after {len(moves)} plays the "
            f"pile has just been turned over, every hand holds {rules.hand_size - 1} hoard cards, and the total is "
            f"{state.total}.\nFrom there a game never ends with a chance above zero. At each turnover the "
            f"{r} circulating cards the new stock lacks are a random set with none of the last ones, and the "
            f"stock is drawn whole before the next, so the total falls {float(-mean):.3f} a play in the long run "
            f"({mean} a play), for ever with probability 1. Shuffles that keep back the {r} highest cards "
            f"alternately lower it by {fall} every two turnovers without its rising more than {hoard.margin} "
            f"(so never to {rules.losing_total}), as far as wanted; from low enough, it never rises back to "
            f"{rules.losing_total} with a chance of at least one half.")
    return Outcome(REFUTED, Msg("the hoard: {m} cards circulate at {mean} a play; from deal seed {seed}, {plays} plays "
                                "in, at total {total}, a game never ends with a chance above zero", m=m,
                                mean=str(mean), seed=seed, plays=len(moves), total=state.total),
                   counterexample=Counterexample(text, record=game.record(seed, moves)), method="search")


# ------------------------------------------ a shuffled turnover: the hoard's conveyor
#
# With ten or eleven players (the source's figures) the circulating cards are fewer than two kept sets,
# so the cards kept out of a new stock come from two stocks and the chain above does not apply. The
# hoard still makes the total fall: each card is laid one round after it is drawn, so each new stock is
# the late part of one earlier stock and the early part of the next, each stock's split a fresh
# shuffle, and the parts still to come form a Markov chain (verifier.conveyor), explored here exactly.

def conveyor_premises(rules, players: int) -> tuple[Conveyor, int, int] | None:
    """``(conveyor, m, worth)`` where the hoard's cards span more than one stock (``m < 2r``, where
    :func:`hoard_premises` does not apply): ``shuffle`` order, a carried total, one pack, a negative
    worth, and a stock of at least one card between turnovers. A stock holds the cards outside the
    hands once a card is laid (less the card left on the pile under ``keep_last``), and a card is laid
    one round after it is drawn: ``players - 1`` plays before the stock's first draw (``at_draw``:
    the card that forces the turnover is in it), ``players`` under ``keep_last``."""
    f = shuffled_turnover(rules, players)
    if (f is None or f.last < 1 or f.stock < 1 or not f.one_pack or f.circulating >= 2 * f.last
            or rules.hand_size < 2 or f.worth >= 0):
        return None
    return Conveyor.of(f.stock, f.last), f.circulating, f.worth


def hoard_applies(rules, players: int) -> bool:
    """Whether a hoard argument (the kept sets' chain, or the conveyor) applies."""
    return hoard_premises(rules, players) is not None or conveyor_premises(rules, players) is not None


def _class_counts(cards, classes) -> tuple[int, ...]:
    return tuple(sum(c == v for c in cards) for v in classes)


def card_drawn(hand, laid, after):
    """The card a play drew: in ``after`` (the hand after the play) but not in ``hand`` less ``laid``, as
    multisets (two packs hold equal cards); ``None`` when the play drew nothing."""
    left = Counter(hand)
    left[laid] -= 1
    return next(iter(Counter(after) - left), None)


def conveyor_start(game: SixtyOne, hoard: frozenset, conveyor: Conveyor, classes: tuple, deals: int,
                   plays: int = 4_000):
    """Play seeded deals with the hoard until a turnover, enough stocks after every hand holds its
    hoard cards, from which the shuffles of ``verifier.conveyor.falling_run`` lower the total
    without its reaching the losing total. Checks the conveyor's premises on the way: once settled,
    each card laid is the card drawn one round before, turnovers come every ``size`` plays, and each
    new stock is the late part of the stock ``wait + 2`` back and the early part of the one after.
    Returns ``(seed, moves, state, run)``, a :class:`~spec.i18n.Msg` saying what failed, or ``None``."""
    rules, n, size = game.rules, game.players, conveyor.size
    value = game.value_of
    for seed in range(deals):
        state, moves, drawn, starts, settled = game.deal(seed), [], [], [], None
        while state.loser is None and len(moves) < plays:
            p, move = state.to_move, hoard_move(game, hoard, state)
            hand, turnovers = state.hands[p], state.turnovers
            moves.append(move)
            state = game.apply(state, move)
            k = len(drawn)
            drawn.append(card_drawn(hand, move.card, state.hands[p]))
            if settled is None and all(sum(c in hoard for c in h) == rules.hand_size - 1 for h in state.hands):
                settled = k
            if settled is not None and k > settled + n and move.card != drawn[k - n]:
                return Msg("deal seed {seed}, play {k}: {card} is laid, not the card drawn a round before",
                           seed=seed, k=k + 1, card=str(move.card))
            if state.turnovers == turnovers:
                continue
            if settled is not None and starts and starts[-1] > settled and k - starts[-1] != size:
                return Msg("deal seed {seed}, play {k}: a turnover {gap} plays after the last, not {size}",
                           seed=seed, k=k + 1, gap=k - starts[-1], size=size)
            starts.append(k)
            blocks = [drawn[s:s + size] for s in starts[-(conveyor.wait + 3):-1]] + [[drawn[k], *state.stock]]
            if settled is None or len(blocks) < conveyor.wait + 3 or starts[-conveyor.wait - 3] <= settled + n:
                continue
            early = size - conveyor.late
            due = blocks[0][early:] + blocks[1][:early]
            if sorted(due, key=sort_key) != sorted(blocks[-1], key=sort_key):
                return Msg("deal seed {seed}, turnover {t}: the new stock is not the late and early parts the "
                           "conveyor brings", seed=seed, t=state.turnovers)
            parts = [blocks[1][early:]] + [part for b in blocks[2:] for part in (b[:early], b[early:])]
            start = tuple(_class_counts([value(c) for c in part], classes) for part in parts)
            run = falling_run(conveyor, classes, start, [value(c) for c in drawn[k - n + 1:k + 1]],
                              [value(c) for c in state.stock])
            if state.total + run.highest < rules.losing_total and run.fall > 0:
                return seed, moves, state, run
    return None


def conveyor_outcome(game: SixtyOne, budget: Budget) -> Outcome | None:
    """The hoard's verdict where its cards span more than one stock: refuted (a positive chance of a
    game that never ends) when the conveyor's chain, explored exactly, reaches every placement from
    every other and a seeded deal reaches a start from which the falling shuffles stay below the
    losing total; ``None`` where :func:`conveyor_premises` does not hold."""
    premises = conveyor_premises(game.rules, game.players)
    if premises is None:
        return None
    conveyor, m, worth = premises
    rules, n = game.rules, game.players
    deck = by_value(game)
    hoard, values = frozenset(deck[m:]), [game.value_of(c) for c in deck[:m]]
    classes = tuple(sorted(set(values)))
    reached = reach(conveyor, conveyor.filled(_class_counts(values, classes)))
    if not reached.irreducible:
        return Outcome(UNKNOWN, Msg("the hoard's conveyor reaches {states} of its {all} placements of the cards' "
                                    "values, so its long run is not known", states=reached.states,
                                    all=reached.placements), method="exhaustive")
    deals = max(200, budget.examples)
    found = conveyor_start(game, hoard, conveyor, classes, deals)
    if not isinstance(found, tuple):
        why = found or Msg("no deal of seeds 0-{last} reached a low enough total", last=deals - 1)
        return Outcome(UNKNOWN, Msg("the hoard's conveyor: {why}", why=why), method="search")
    seed, moves, state, run = found
    mean, keep = Fraction(worth, m), sorted(hoard, key=sort_key)
    text = (f"{n} players, shuffle order, {rules.turnover_timing}, a carried total. Every player keeps the "
            f"{len(keep)} highest cards ({format_cards(keep)}) for good and lays his lowest other card; the other "
            f"{m} cards, worth {worth}, circulate. Deal seed {seed}, so played: after {len(moves)} plays the pile "
            f"has just been turned over, every hand holds {rules.hand_size - 1} hoard cards, and the total is "
            f"{state.total}.\nFrom there a game never ends with a chance above zero. Each card is laid one round "
            f"after it is drawn, so each stock of {conveyor.size} cards is the last {conveyor.late} cards drawn "
            f"from one earlier stock and the first {conveyor.size - conveyor.late} of the next, each stock's order "
            f"a fresh shuffle. The parts still to come are a Markov chain: on the cards' values it has "
            f"{reached.placements} states, and the verifier explored them all, each reached from each. So every "
            f"stock is in the long run a random set of the circulating cards, and the total falls "
            f"{float(-mean):.3f} a play ({mean} a play), for ever with probability 1. Shuffles that keep back each "
            f"stock's {conveyor.late} highest cards lower it by {run.fall} every {run.turnovers} turnovers without "
            f"its rising more than {run.highest} (so never to {rules.losing_total}), as far as wanted; from low "
            f"enough, it never rises back to {rules.losing_total} with a chance of at least one half.")
    return Outcome(REFUTED, Msg("the hoard's conveyor: {m} cards circulate at {mean} a play ({states} states of "
                                "the shuffles' chain, each reached from each); from deal seed {seed}, {plays} plays "
                                "in, at total {total}, a game never ends with a chance above zero", m=m,
                                mean=str(mean), states=reached.placements, seed=seed, plays=len(moves),
                                total=state.total),
                   counterexample=Counterexample(text, record=game.record(seed, moves)), method="search")


# ------------------------------------------ a shuffled turnover: the kept cards' bound
#
# Where the cards the hands can keep back are worth no more than the whole deck (five and six players with
# the source's figures), no way of playing makes the total fall. Every hand holds, at a turnover, the h - 1
# cards its player kept at his last lay and the card he drew after it; those last draws are the last cards
# of the stock just used up, a fresh shuffle. So the next stock, the cards outside the hands, is worth at
# least D (the deck's lowest values past the kept ones) less those few cards, whose mean given the stock is
# its value times m / N. A potential T - a/(1+a) s (T the total at a turnover, s the new stock's value,
# a = m / N) then rises by D/(1+a) a stock less a martingale step with bounded steps and a variance bounded
# below: with D > 0 the total climbs for ever, with D = 0 its highs climb for ever; either way it reaches
# the losing total with probability 1, whatever the players do.

@dataclass(frozen=True)
class KeptBound:
    """The figures of the kept cards' bound for one game."""

    kept: int     # n (h - 1): the cards the hands keep through their last lays before a turnover
    worth: int    # D: the deck's value less the ``kept`` highest values (at least 0)
    stock: int    # N: the cards of each new stock, every one drawn before the next turnover
    last: int     # m: the stock's last cards, drawn after the hands' last lays (n - 1 at_draw, n keep_last)

    @property
    def rise(self) -> Fraction:
        """The total's least long-run rise a play, whatever the players do: D / (N + m)."""
        return Fraction(self.worth, self.stock + self.last)


def kept_bound_premises(rules, players: int) -> KeptBound | None:
    """The bound's figures (:func:`shuffled_turnover`), where it applies: ``shuffle`` order, a carried
    total, each new stock longer than the draws that follow the hands' last lays, and the deck worth at
    least its ``kept`` highest cards (when exactly, every stock must hold two values: more cards than
    any value has)."""
    f = shuffled_turnover(rules, players)
    if f is None or f.stock <= max(f.last, 1) or f.worth < 0 or (f.worth == 0 and f.stock <= f.most_alike):
        return None
    return KeptBound(players * (rules.hand_size - 1), f.worth, f.stock, f.last)


def _kept_cards_claim(game: SixtyOne, bound: KeptBound, s: z3.Solver) -> Claim:
    """z3: no ``kept`` distinct cards are worth more than the deck less ``worth`` (cards of one value are
    interchangeable: one count a value, which keeps two packs or 52 cards small for z3)."""
    deck = game.deck()
    whole = sum(map(game.value_of, deck))
    have = Counter(map(game.value_of, deck))
    count = {v: z3.Int(f"kept_{v}") for v in have}
    s.add(*[z3.And(x >= 0, x <= have[v]) for v, x in count.items()], z3.Sum(list(count.values())) == bound.kept)
    s.add(z3.Sum([x * v for v, x in count.items()]) > whole - bound.worth)

    def refute(model) -> Counterexample:
        kept = {v: model.eval(x).as_long() for v, x in count.items() if model.eval(x).as_long()}
        return Counterexample(f"{bound.kept} cards worth more than {whole - bound.worth}, by value: {kept}",
                              deal={"kept": str(kept)})
    return Claim(Msg("z3 proves no {k} cards are worth more than {most}", k=bound.kept, most=whole - bound.worth),
                 refute)


def kept_bound_check(game: SixtyOne, bound: KeptBound, deals: int, plays: int = 1_500):
    """The bound's premises, against the engine: seeded games under the hoard and under random play, where
    every play adds its card's value to the total, every stock is drawn whole before the next turnover, and
    each new stock is worth at least ``worth`` less the last ``last`` cards drawn from the one before.
    The premises are about how stocks and hands move, which the losing total does not change: it is raised out
    of reach here, so that each game goes through many turnovers. Returns ``(games, turnovers)`` checked, or a
    :class:`~spec.i18n.Msg` saying what failed."""
    value = game.value_of
    game = type(game)(dataclasses.replace(game.rules, losing_total=10**9), players=game.players)
    hoard = frozenset(by_value(game)[len(game.deck()) - bound.kept:])
    policies = ((Msg("the hoard"), lambda state, rng: hoard_move(game, hoard, state)),
                (Msg("random play"), lambda state, rng: rng.choice(game.legal_moves(state))))
    turnovers = 0
    for name, policy in policies:
        for seed in range(deals):
            rng, state = random.Random(seed), game.deal(seed)
            drawn, stock = [], None
            while state.loser is None and len(drawn) < plays:
                p, move = state.to_move, policy(state, rng)
                hand, total, k = state.hands[p], state.total, state.turnovers
                state = game.apply(state, move)
                if state.total != total + value(move.card):
                    return Msg("deal seed {seed} ({policy}): the total went from {a} to {b} with {card} "
                               "laid", seed=seed, policy=name, a=total, b=state.total, card=str(move.card))
                drawn.append(card_drawn(hand, move.card, state.hands[p]))
                if state.turnovers == k or state.loser is not None:
                    continue
                new = [*state.stock, drawn[-1]]
                if stock is not None:
                    since = drawn[-1 - len(stock):-1]
                    lows = sum(map(value, since[len(since) - bound.last:]))
                    if sorted(since, key=sort_key) != sorted(stock, key=sort_key):
                        return Msg("deal seed {seed} ({policy}), turnover {t}: the last stock was not drawn "
                                   "whole", seed=seed, policy=name, t=state.turnovers)
                    worth = sum(map(value, new))
                    if worth < bound.worth - lows:
                        return Msg("deal seed {seed} ({policy}), turnover {t}: the new stock is worth {s}, "
                                   "less than {d} less the last {m} cards drawn ({lows})", seed=seed, policy=name,
                                   t=state.turnovers, s=worth, d=bound.worth, m=bound.last, lows=lows)
                    turnovers += 1
                stock = new
    return 2 * deals, turnovers


def kept_bound_outcome(game: SixtyOne, budget: Budget) -> Outcome | None:
    """Every game ends with probability 1, whatever the players do, where :func:`kept_bound_premises`
    holds: a z3 proof of the bound on the kept cards, the premises checked against the engine;
    ``None`` elsewhere."""
    bound = kept_bound_premises(game.rules, game.players)
    if bound is None:
        return None
    claim_solver = fresh_solver(budget)
    proof = decide(claim_solver, _kept_cards_claim(game, bound, claim_solver))
    if proof.verdict != HOLDS:
        return Outcome(UNKNOWN, Msg("the kept cards' bound: {why}", why=proof.detail), method="z3")
    checked = kept_bound_check(game, bound, deals=max(10, budget.examples // 10))
    if not isinstance(checked, tuple):
        return Outcome(UNKNOWN, Msg("the kept cards' bound does not apply: {why}", why=checked), method="search")
    rules = game.rules
    a = Fraction(bound.last, bound.stock)
    how = (Msg("the total rises at least {rise} a play in the long run", rise=str(bound.rise)) if bound.worth
           else Msg("no way of playing makes it fall, and the shuffles' ups and downs carry it up without bound"))
    return Outcome(ALMOST_SURELY, Msg(
        "kept cards' bound ({timing}, a carried total): every game ends with probability 1, whatever the players "
        "do. At a turnover the hands hold the {k} cards kept at their last lays and the last {m} cards drawn from "
        "the stock before; {proof}, so each new stock of {N} cards is worth at least {d} less those {m}, whose mean "
        "is {a} of the last stock's worth: {how}. The premises held in {games} seeded games ({turnovers} "
        "turnovers, the hoard and random play)", timing=rules.turnover_timing, k=bound.kept, m=bound.last,
        proof=proof.detail, N=bound.stock, d=bound.worth, a=str(a), how=how, games=checked[0],
        turnovers=checked[1]), method="z3")


def termination(game: SixtyOne, budget: Budget) -> Outcome:
    """Does every game with ``game.players`` players end? z3 proves a bound where
    an argument applies (:func:`~spec.games.sixty_one.play_bound`); otherwise a
    witness search may find an endless game, and finding none is ``unknown``."""
    n, rules = game.players, game.rules
    proved = []
    for build in (_first_card_claim, _distinct_cards_claim, _queue_claim):
        solver = fresh_solver(budget)
        claim = build(game, solver)
        if claim is not None and decide(solver, claim).verdict == HOLDS:
            proved.append((int(claim.proved.rsplit("at most ", 1)[1].split()[0]), claim.proved))
    if proved:
        bound = min(b for b, _ in proved)
        claimed = game.max_plays()
        if claimed is None or claimed < bound:
            why = Msg("declares no bound") if claimed is None else Msg("claims {n} plays", n=claimed)
            return Outcome(UNKNOWN, Msg("proved {bound} plays, but the game {why}", bound=bound, why=why), method="z3")
        return Outcome(HOLDS, Msg.join("; ", (text for _, text in proved)), method="z3")
    # no proof (or a proof timed out): only a witness can settle it now, never a pass
    if shuffles_afresh(game):
        hoarded = hoard_outcome(game, budget) or conveyor_outcome(game, budget) or kept_bound_outcome(game, budget)
        if hoarded is not None:
            return hoarded
        return Outcome(UNKNOWN, Msg("no proof; and no witness can be replayed: every turnover shuffles two or more "
                                    "cards afresh, so a repeated position does not repeat its future (an endless "
                                    "game needs the same shuffles for ever)"), method="search")
    deals = max(200, budget.examples)
    found = find_cycle(game, deals=deals)
    if found is None:
        return Outcome(UNKNOWN, Msg("no proof, and no repeating position found from {deals} deals under {policies} play "
                                    "policies", deals=deals, policies=len(list(cycle_policies(game)))),
                       method="search")
    seed, prefix, cycle, change, policy = found
    record = game.record(seed, list(prefix) + list(cycle))
    start = game.replay(seed, prefix)
    text = (f"{n} players, {rules.turnover_order} order, {rules.turnover_timing}, deal seed {seed}, each player "
            f"laying the card the '{policy}' policy picks: after {len(prefix)} plays the position "
            f"(total {start.total}) comes back after {len(cycle)} more plays with the total changed by "
            f"{change}; the cycle repeats for ever below {rules.losing_total}.\n"
            f"start: {game.describe(start)}\ncycle: {repeated_block([m.card for m in cycle])}")
    return Outcome(REFUTED, Msg("cycle of {n} plays after {prefix} ({policy} policy)", n=len(cycle), prefix=len(prefix),
                                policy=policy),
                   counterexample=Counterexample(text, record=record), method="search")


def _terminates(n: int):
    def check(games, budget: Budget) -> Outcome:
        return termination(next(g for g in games if g.players == n), budget)
    return check


# ---------------------------------------------------- where each claim is made
#
# ``terminates_2p`` ... ``terminates_5p`` claim that every game ends, and
# ``terminates_6p`` ... ``terminates_12p`` that some game does not; whether
# either is true depends on the turnover, the deck, the values, the hand size
# and the losing total, so each is claimed only where it is known to be true.
# A property checks only the game of its own player count, so its scope looks
# at that count alone (a game of another count given with it is no reason to
# withdraw the claim).

def lowest_values(rules, count: int) -> int:
    """The sum of the ``count`` lowest card values of the deck (read from the rules' table)."""
    return sum(sorted(rules.values[c.rank] for c in make_deck(rules.deck))[:max(0, count)])


def end_is_argued(rules, players: int) -> bool:
    """Whether the page's arithmetic shows that every game ends, computed here
    from the deck and the values table (not from the bound functions of the
    rules module, whose results the property then checks with z3):

    * no card is worth less than the losing total (the first card loses); or
    * the total carries, every draw refills the hand (``at_draw``, or
      ``keep_last`` with a card outside the hands), and the lowest
      ``d - h*n + n`` values (``flip`` order: a card comes back at most once in
      that many plays) or the lowest ``d - h*n + 1`` values (``keep_last``:
      ``d - h*n``; the cards of one interval between turnovers) sum above 0.
    """
    deck = make_deck(rules.deck)
    if min(rules.values[c.rank] for c in deck) >= rules.losing_total:
        return True
    outside = len(deck) - rules.hand_size * players
    if rules.total_after_turnover != "carries" or (rules.turnover_timing == "keep_last" and outside < 1):
        return False
    interval = outside + 1 if rules.turnover_timing == "at_draw" else outside
    return (rules.turnover_order == "flip" and lowest_values(rules, outside + players) > 0) \
        or lowest_values(rules, interval) > 0


#: Where the generic claims of the game's metadata are made: ``zero_sum`` is about finished games, so it is
#: claimed where the page's arithmetic shows that every game ends (elsewhere a sampled game may never end).
GENERIC_SCOPES = {"zero_sum": Scope("every game ends by the page's arithmetic (a first card that loses, or the "
                                    "interval or queue argument)", end_is_argued)}


def _ends_scope(n: int) -> Scope:
    return Scope(Msg("no card below the losing total; or a carried total with the lowest d-{n}h+{n} card values (flip "
                     "order) or d-{n}h+1 (keep_last: d-{n}h, with a card outside the hands) summing above 0, for d "
                     "cards and h in a hand", n=n),
                 lambda rules, players: players != n or end_is_argued(rules, players))


#: The lowest losing total at which the endless games are claimed: with the source's deck, values
#: and hand size the witness search finds a cycle for 6 to 12 players under every timing, total and
#: flip or reverse order from 15 up (at 14, not for six players with a resetting total). A cycle
#: that stays below one losing total stays below every higher one, along the same plays.
CYCLES_FROM = 15


def cycles_are_claimed(rules, players: int) -> bool:
    """Where an endless game is claimed: the source's deck, values and hand size, a losing total
    of at least :data:`CYCLES_FROM`, and ``flip`` or ``reverse`` order, either timing, either total,
    where the witness search finds a cycle; ``shuffle`` order with twelve players, whose turnovers move
    at most one card, and where a hoard argument applies (a carried total, 7 to 11 players with the
    source's figures: :func:`hoard_applies`), which shows a positive chance of a game that never ends."""
    return (rules.deck == "36" and rules.hand_size == 3 and rules.losing_total >= CYCLES_FROM
            and all(rules.values[r] == v for r, v in STANDARD_VALUES.items())
            and (rules.turnover_order != "shuffle" or players == 12
                 or hoard_applies(rules, players)))


def _cycles_scope(n: int) -> Scope:
    hoarded = any(hoard_applies(SixtyOne.Rules(turnover_order="shuffle", turnover_timing=t), n)
                  for t in ("at_draw", "keep_last"))
    order = Msg("any order") if n == 12 else Msg("any order (shuffle with a carried total)") if hoarded \
        else Msg("flip or reverse order")
    return Scope(Msg("36 cards, the source's values, 3 cards each, a losing total of {total} or more, {order}",
                     total=CYCLES_FROM, order=order),
                 lambda rules, players: players != n or cycles_are_claimed(rules, players))


for _n in range(2, 13):
    REGISTRY.add(Property(
        GAME, f"terminates_{_n}p", Msg("With {n} players every game ends", n=_n),
        ("sixty-one-turnover", "sixty-one-lose"), "z3" if _n <= 5 else "search",
        HOLDS if _n <= 5 else REFUTED, _terminates(_n),
        applies=lambda games, n=_n: any(g.players == n for g in games),
        scope=_ends_scope(_n) if _n <= 5 else _cycles_scope(_n)))



def with_shuffle(rules):
    """The rules with a shuffled turnover."""
    return dataclasses.replace(rules, turnover_order="shuffle")


def _ends_shuffled(n: int):
    def check(games, budget: Budget) -> Outcome:
        game = next(g for g in games if g.players == n)
        game = type(game)(with_shuffle(game.rules), players=n)
        return kept_bound_outcome(game, budget) or termination(game, budget)
    return check


#: The counts the kept cards' bound settles with the source's figures and nothing else does: 5 and 6 players
#: (2-4 end within a proved number of plays under either timing but keep_last with four; 7-11 can go on for ever)
for _n in (5, 6):
    REGISTRY.add(Property(
        GAME, f"terminates_shuffled_{_n}p",
        Msg("With {n} players and a shuffled turnover (turnover_order = shuffle) every game ends with probability "
            "1, whatever the players do", n=_n),
        ("sixty-one-turnover", "sixty-one-total", "sixty-one-lose"), "z3", ALMOST_SURELY, _ends_shuffled(_n),
        applies=lambda games, n=_n: any(g.players == n for g in games),
        scope=Scope(Msg("a carried total, at least {fewer} cards outside the hands ({more} under keep_last), and the "
                        "lowest d-{n}h+{n} card values summing to 0 or more (exactly 0: each new stock holding more cards "
                        "than the deck has of any one value), for d cards and h in a hand", n=_n, fewer=_n - 1,
                        more=_n + 1),
                    lambda rules, players, n=_n: players != n or kept_bound_premises(with_shuffle(rules), n) is not None)))

# ------------------------------------------------ the rulebook's summary table

#: Rows of the rulebook's termination table: (label, rules overrides).
TERMINATION_ROWS = (
    ("at_draw, flip (default)", {}),
    ("at_draw, reverse", {"turnover_order": "reverse"}),
    ("at_draw, shuffle", {"turnover_order": "shuffle"}),
    ("keep_last, flip", {"turnover_timing": "keep_last"}),
    ("keep_last, reverse", {"turnover_timing": "keep_last", "turnover_order": "reverse"}),
    ("keep_last, shuffle", {"turnover_timing": "keep_last", "turnover_order": "shuffle"}),
    ("preset forty_one", {"losing_total": 41, "turnover_order": "reverse"}),
    ("preset literal_total", {"total_after_turnover": "resets"}),
)


def termination_cell(outcome: Outcome) -> str:
    """``≤N``: z3 proves every game ends within N plays; ``a.s.``: every game ends with probability 1,
    whatever the players do (the kept cards' bound, a shuffled turnover); ``∞``: a replayable endless
    cycle was found; ``∞*``: the hoard argument shows a positive chance of a game that never
    ends (a shuffled turnover); ``?``: none of these."""
    if outcome.verdict == HOLDS:
        return "≤" + outcome.detail.rsplit("at most ", 1)[1].split()[0]
    if outcome.verdict == ALMOST_SURELY:
        return "a.s."
    if outcome.verdict == REFUTED:
        return "∞*" if "hoard cards" in outcome.counterexample.text else "∞"
    return "?"


def termination_table(budget: Budget) -> list[tuple[str, list[str]]]:
    """Each row of :data:`TERMINATION_ROWS` with one cell per player count 2-12."""
    from spec.rules import make_rules
    rows = []
    for label, overrides in TERMINATION_ROWS:
        rules = make_rules(SixtyOne.Rules, overrides)
        rows.append((label, [termination_cell(termination(SixtyOne(rules, players=n), budget))
                             for n in range(2, 13)]))
    return rows


def termination_table_rst(budget: Budget) -> str:
    """The table as it appears on the game page (``python -m verifier.games.sixty_one``)."""
    widths = [24] + [5] * 11
    rule = "  ".join("=" * w for w in widths)
    head = "  ".join(f"{h:<{w}}" for h, w in zip(["rules"] + [f"{n}p" for n in range(2, 13)], widths)).rstrip()
    lines = [rule, head, rule]
    for label, cells in termination_table(budget):
        lines.append("  ".join(f"{h:<{w}}" for h, w in zip([label] + cells, widths)).rstrip())
    lines.append(rule)
    return "\n".join(lines)


if __name__ == "__main__":
    print(termination_table_rst(Budget()))
