"""Pig with shops: the properties the verifier checks."""

from __future__ import annotations

import random

from spec.cards import Rank
import spec.games.svinya as rules_module
from spec.games.svinya import PIG_END, SHOP_TAKES, Draw, Lift, Pass, Svinya, ToPig, ToShop, shed_out
from spec.dealing import rng_for
from spec.i18n import Msg, tr
from verifier.api import (
    Root, Trace, Watch, evidence, explore, invariant, small_configs, variants_of, walk, walked,
)
from verifier.core import HOLDS, REFUTED, REGISTRY, UNKNOWN, Budget, Counterexample, Outcome
from verifier.sampling import sample

GAME = "svinya"


def in_play(state) -> int:
    return sum(map(len, state.hands)) + len(state.talon)


def endgame(game, seed: int, left: int) -> Root:
    """The position of a random game (seed ``seed``) once ``left`` cards or fewer remain in hands and talon,
    as a replayable root."""
    trace, state = walk(game, seed, stop=lambda s: in_play(s) <= left)
    return Root(state, f"deal seed {seed} after {len(trace.moves)} moves", seed, tuple(trace.moves))


ENDGAME_SEEDS = range(12)
#: The largest table the "any number of players" check tries.
MOST_PLAYERS_CHECKED = 30
#: Cards left in hands where the termination search takes over under the default rules.
DEEP_ENDGAME = 18


def endgame_size(game) -> int:
    """Cards left in hands (and talon) where the exhaustive search takes over."""
    return 12 if game.players <= 4 else 10


@small_configs(GAME)
def small(game):
    """Endgames: each of deals 0-11 (2-4 players; 0-3 for more) played at random until 12 cards (10 for more
    than 4 players) or fewer remain in hands and talon; every continuation from there is explored."""
    seeds = ENDGAME_SEEDS if game.players <= 4 else ENDGAME_SEEDS[:4]
    return [endgame(game, seed, endgame_size(game)) for seed in seeds]


# ------------------------------------------------------------- invariants

def runs_of_pigs(cards):
    """Split the set-aside cards into pigs (each from an opener up to the king); ``None`` if they do not split."""
    pigs, cur = [], []
    for c in cards:
        cur.append(c)
        if c.rank == PIG_END:
            pigs.append(cur)
            cur = []
    return None if cur else pigs


def pig_problem(pig, starters, suited: bool = False) -> str | None:
    if not pig:
        return None
    if pig[0].rank not in starters:
        return f"a pig opens with {pig[0]}, not with a {' or '.join(sorted(r.label for r in starters))}"
    for below, card in zip(pig, pig[1:]):
        if card.rank != below.rank + 1:
            return f"{card} lies on {below} in a pig, which rises one rank at a time"
        if suited and card.suit != pig[0].suit:
            return f"{card} lies in a pig opened by {pig[0]}, which keeps its opener's suit (pig_suit = follow)"
    return None


@invariant(Svinya, "pig_rises", title="Every pig opens with a 2 or a 6 (a 6 in the 36-card pack), rises one rank "
           "at a time regardless of suit (in its opener's suit under pig_suit = follow), never holds an ace, and "
           "is set aside as soon as a king ends it; under next_pig = talon no pig is missing while the talon "
           "holds a 2 or a 6",
           clauses=["svinya-pig-open", "svinya-pig-build", "svinya-pig-close", "svinya-aces", "svinya-next-pig"],
           presets=True)
def pig_rises(game, state):
    starters, suited = game.starters, game.rules.pig_suit == "follow"
    msg = pig_problem(state.pig, starters, suited)
    if msg:
        return msg
    if game.rules.next_pig == "talon" and not state.pig:
        opener = next((c for c in state.talon if c.rank in starters), None)
        if opener is not None:
            return f"no pig is open, but the talon holds {opener}, which opens the next pig (next_pig = talon)"
    if state.pig and state.pig[-1].rank == PIG_END:
        return f"the pig ends with {state.pig[-1]} but is still open"
    pigs = runs_of_pigs(state.aside)
    if pigs is None:
        return "the cards set aside do not end with a king: an unfinished pig was set aside"
    for pig in pigs:
        msg = pig_problem(pig, starters, suited)
        if msg:
            return "set aside: " + msg
    return None


@invariant(Svinya, "shops_fall", title="Every shop falls one rank at a time regardless of suit, a king on an ace; "
           "an ace lies in a shop only as its first card", clauses=["svinya-shop-build", "svinya-aces"], presets=True)
def shops_fall(game, state):
    for p, shop in enumerate(state.shops):
        for below, card in zip(shop, shop[1:]):
            if SHOP_TAKES.get(below.rank) != card.rank:
                return f"P{p}'s shop has {card} on {below}"
    return None


@invariant(Svinya, "aces_stay", title="An ace never leaves the hand, talon or shop it was dealt to: aces are "
           "never laid, and an ace on a shop is never lifted", clauses=["svinya-aces"], presets=True)
def aces_stay(game, state):
    for zone in ("pig", "aside"):
        ace = next((c for c in getattr(state, zone) if c.rank == Rank.ACE), None)
        if ace is not None:
            return f"{ace} is on the {'pig' if zone == 'pig' else 'pigs set aside'}"
    for p, shop in enumerate(state.shops):
        if any(c.rank == Rank.ACE for c in shop[1:]):
            return f"an ace was laid on P{p}'s shop ({' '.join(map(str, shop))})"
    return None


@invariant(Svinya, "sheds_to_neighbours", title="Every lay offered onto a shop goes to the right or left "
           "neighbour of the player laying it", clauses=["svinya-neighbours"], presets=True)
def sheds_to_neighbours(game, state):
    p = game.to_move(state)
    if p is None:
        return None
    near = {(p - 1) % game.players, (p + 1) % game.players}  # the rule restated, not the clause's own seats
    for m in game.legal_moves(state):
        if isinstance(m, ToShop) and m.owner not in near:
            return f"P{p} is offered {m}, but P{m.owner} is not beside P{p}"
    return None


@invariant(Svinya, "pig_comes_first", title="A card that fits the pig is never offered for a shop, and only a "
           "card that fits is offered for the pig; every card offered is the player's own; the top of a shop goes "
           "to the pig only when it fits",
           clauses=["svinya-pig-first", "svinya-hold", "svinya-lift"], presets=True)
def pig_comes_first(game, state):
    p = game.to_move(state)
    if p is None:
        return None
    # the pig's build restated: one rank up (a 2 or 6 on no pig), in the opener's suit under pig_suit = follow
    suit = state.pig[0].suit if state.pig and game.rules.pig_suit == "follow" else None

    def fits(card):
        want = card.rank in game.starters if not state.pig else card.rank == state.pig[-1].rank + 1 != PIG_END + 1
        return want and card.rank != Rank.ACE and (suit is None or card.suit == suit)
    for m in game.legal_moves(state):
        if isinstance(m, (ToShop, ToPig)) and m.card not in state.hands[p]:
            return f"P{p} is offered {m} but does not hold {m.card}"
        if isinstance(m, ToShop) and fits(m.card):
            return f"P{p} is offered {m}, but {m.card} fits the pig and must go there"
        if isinstance(m, ToPig) and not fits(m.card):
            return f"P{p} is offered {m}, but {m.card} does not fit the pig"
        if isinstance(m, Lift) and not (state.pig and state.shops[m.owner] and fits(state.shops[m.owner][-1])):
            return f"P{p} is offered {m}, but that card does not fit the pig"
        if isinstance(m, Lift) and (game.rules.lift == "none" or game.rules.lift == "own" and m.owner != p):
            return f"P{p} is offered {m}, which lift = {game.rules.lift} forbids"
    return None


@invariant(Svinya, "first_out_wins", title="The game ends exactly when a hand holds nothing but aces (that player "
           "wins) or when every player has passed in turn; a player passes or draws only when nothing can be "
           "laid or lifted", clauses=["svinya-win", "svinya-blocked", "svinya-stuck"], presets=True)
def first_out_wins(game, state):
    out = shed_out(state.hands)
    blocked = state.passes >= game.players
    if game.is_over(state) != (bool(out) or blocked):
        return (f"the game {'ended' if game.is_over(state) else 'goes on'} with hands out {list(out)} "
                f"and {state.passes} passes in a row")
    if not game.is_over(state):
        moves = game.legal_moves(state)
        if any(isinstance(m, (Pass, Draw)) for m in moves) and len(moves) > 1:
            return f"P{state.to_move} may pass or draw while able to play: {' '.join(map(str, moves))}"
        return None
    win = game.outcome(state).winners
    if out and win != out:
        return f"P{out[0]} holds only aces, but the winners are {list(win)}"
    if not out:
        seats = (game.position(state.hands, state.shops, state.pig, p, aside=state.aside, talon=state.talon,
                               seed=state.seed) for p in range(game.players))   # each seat to move in turn
        if any(rules_module.pig_first(game, s) or rules_module.lift_fits(game, s) for s in seats):
            return "the game ended blocked, but some player can still lay or lift a card"
        if game.rules.when_stuck == "draw" and state.talon:
            return "the game ended blocked with cards left in the talon to draw"
        left = [sum(c.rank != Rank.ACE for c in h) for h in state.hands]
        want = () if game.rules.blocked == "nobody" else tuple(p for p, k in enumerate(left) if k == min(left))
        if win != want:
            return f"blocked with {left} cards in hand: the winners are {list(win)}, not {list(want)}"
    return None


# ---------------------------------------------------------------- the deal

@REGISTRY.property(GAME, "deal_as_stated", title="The deal: the full pack; the first 2 or 6 from the top opens "
                   "the pig; one card each for the shops, from the dealer's left; the rest dealt one at a time "
                   "from the dealer's left (or a set number each, the rest a talon); the dealer's left starts",
                   method="hypothesis", clauses=["svinya-pig-open", "svinya-shops", "svinya-hands", "svinya-turn"])
def deal_as_stated(games, budget: Budget) -> Outcome:
    def check(game, seed):
        trace = Trace(game, seed)
        state = game.deal(seed)
        cards = list(game.deck())
        rng_for(seed).shuffle(cards)
        n = game.players
        opener = next(c for c in cards if c.rank in game.starters)
        if state.pig != (opener,):
            raise trace.refute(f"the pig opens with {' '.join(map(str, state.pig))}; the first "
                               f"{'/'.join(r.label for r in game.starters)} from the top is {opener}", state)
        rest = [c for c in cards if c != opener]
        order = [(1 + i) % n for i in range(n)]
        for i, p in enumerate(order):
            if state.shops[p] != (rest[i],):
                raise trace.refute(f"P{p}'s shop is {' '.join(map(str, state.shops[p]))}, the "
                                   f"{i + 1}th card taken, {rest[i]}, is theirs", state)
        left = len(rest) - n
        size = game.rules.hand_size
        per, extra = divmod(left, n) if size == 0 else (size, 0)
        want = {p: per + (i < extra) for i, p in enumerate(order)}
        got = {p: len(h) for p, h in enumerate(state.hands)}
        if got != want or len(state.talon) != left - sum(want.values()):
            raise trace.refute(f"hand sizes {[got[p] for p in range(n)]} and talon {len(state.talon)}; expected "
                               f"{[want[p] for p in range(n)]} dealt from P{order[0]}", state)
        if len(cards) != int(game.rules.deck) or state.to_move != order[0]:
            raise trace.refute(f"{len(cards)} cards, P{state.to_move} starts; expected {game.rules.deck} cards "
                               f"and P{order[0]}", state)
    out = None
    for name, objs in variants_of(games):
        out = sample(objs, budget, check)
        if out.verdict != HOLDS:
            return out
    return Outcome(HOLDS, Msg("every preset; {detail}", detail=out.detail), examples=out.examples, seed=out.seed)


@REGISTRY.property(GAME, "any_number_of_players", title="The source's 'any number of players': with one pack, "
                   "every player gets a shop and at least one card in hand", method="exhaustive", expected=REFUTED,
                   clauses=["svinya-players", "svinya-hands"])
def any_number_of_players(games, budget: Budget) -> Outcome:
    """Refuted at the first count (2 to 30) where the rest of the pack cannot give every player a card."""
    game = games[0]
    size = len(game.deck())
    for n in range(2, MOST_PLAYERS_CHECKED + 1):
        left = size - 1 - n
        if left < n:
            return Outcome(REFUTED, Msg("every count from 2 to {n} compared (pack of {size})", n=n, size=size),
                           Counterexample(
                f"{n} players: the pig takes 1 card and the shops {n}, which leaves {max(left, 0)} for {n} hands; "
                f"a player dealt no card holds nothing but aces and has won before play starts. The pack "
                f"serves at most {n - 1} players", deal={"players": str(n), "pack": str(size)}))
    return Outcome(HOLDS, Msg("every count from 2 to {n} players gets a card (pack of {size})",
                              n=MOST_PLAYERS_CHECKED, size=size))


@walked(GAME, "turn_order", title="Turns pass clockwise, one move each, from the dealer's left",
        clauses=["svinya-turn"])
def turn_order(game, seed, budget: Budget, notes) -> Watch:
    prev = []   # the state before this one

    def step(trace, state):
        want = 1 % game.players if not prev else (prev[-1].to_move + 1) % game.players
        if not game.is_over(state) and state.to_move != want:
            raise trace.refute(f"P{state.to_move} moves; P{want} is next", state)
        prev[:] = [state]
    return Watch(step=step)


# ------------------------------------------------------------ termination

@invariant(Svinya, "measure_falls", title="From every position, every legal move but a pass lowers the measure "
           "3 x talon + 2 x hands + shops by at least 1, and a pass changes nothing but the count of passes: so "
           "every game ends within the declared bound", clauses=["svinya-stuck", "svinya-lift", "svinya-blocked"],
           presets=True)
def measure_falls(game, state):
    before = game.measure(state)
    for move in game.legal_moves(state):
        after = game.apply(state, move)
        if isinstance(move, Pass):
            if (after.hands, after.shops, after.pig, after.talon) != (state.hands, state.shops, state.pig,
                                                                        state.talon) \
                    or after.passes != state.passes + 1:
                return f"the pass of P{state.to_move} changes the table or is not counted"
        elif game.measure(after) >= before:
            return f"{move} takes the measure from {before} to {game.measure(after)}"
    return None


@REGISTRY.property(GAME, "endgames_end", title="Every continuation of the endgames ends: no position repeats "
                   "(exhaustive, with the longest endgame found; two to four players)", method="exhaustive",
                   clauses=["svinya-blocked", "svinya-stuck"],
                   applies=lambda games: any(g.players <= 4 for g in games))
def endgames_end(games, budget: Budget) -> Outcome:
    """Searched for two to four players (with more the endgames are too wide to finish): from
    :data:`DEEP_ENDGAME` cards left under the default rules, from :func:`endgame_size` under
    any other rules (a preset, or a variant: 18 cards of the 36-card pack do not finish)."""
    notes = []
    for name, objs in variants_of(games):
        for game in objs:
            if game.players > 4:
                continue
            left = DEEP_ENDGAME if name == "given rules" and game.rules == Svinya.Rules() else endgame_size(game)
            roots = [endgame(game, seed, left) for seed in ENDGAME_SEEDS]
            ex = explore(game, roots, max_states=max(budget.max_states, 1_000_000))
            if ex.cycle is not None:
                root, prefix, loop = ex.cycle
                return Outcome(REFUTED, Msg("{name}, {n} players: explore found a cycle", name=name, n=game.players),
                               evidence(game, root, prefix + loop, f"the loop {' '.join(map(str, loop))} returns "
                                        "to the same position"))
            if not ex.complete:
                return Outcome(UNKNOWN, Msg("{name}, {n} players: search unfinished after {states} states", name=name,
                                            n=game.players, states=ex.states))
            root, moves = ex.longest
            notes.append(Msg("{name}/{n}p from {left} cards: {states} states, longest game {length} moves (deal seed "
                             "{seed}: {random} random moves, then the longest continuation, {moves})", name=name,
                             n=game.players, left=left, states=ex.states, length=len(root.prefix) + len(moves),
                             seed=root.seed, random=len(root.prefix), moves=len(moves)))
    if not notes:
        return Outcome(UNKNOWN, Msg("no player count from 2 to 4 to explore"))
    longest = max(((len(walk(g, s, cap=budget.max_plays)[0].moves), g.players, s) for g in games
                   for s in range(budget.examples)))
    return Outcome(HOLDS, Msg("exhaustive over every continuation of deals {first}-{last}, from the position where that "
                              "many cards are left in hands and talon: {notes}. Longest of {n} random full games per "
                              "count (seeds 0-{last_seed}): {moves} moves ({players} players, seed {seed})",
                              first=ENDGAME_SEEDS.start, last=ENDGAME_SEEDS.stop - 1, notes=Msg.join("; ", notes),
                              n=budget.examples, last_seed=budget.examples - 1, moves=longest[0], players=longest[1],
                              seed=longest[2]))


#: Random games per player count that never_blocked plays: with ten players about one game in
#: three hundred blocks, under every rule of the declared space.
BLOCK_HUNT = 600


@REGISTRY.property(GAME, "never_blocked", title="Every game ends with a player out of cards (nobody is ever "
                   "left unable to lay)", method="search", expected=REFUTED,
                   clauses=["svinya-blocked", "svinya-win"], budget={"examples": BLOCK_HUNT})
def never_blocked(games, budget: Budget) -> Outcome:
    """Refuted = a replayable game that ends blocked; the detail counts blocked games among those sampled
    (:data:`BLOCK_HUNT` a count: blocking grows rare as the table grows)."""
    found, counts = None, []
    for game in games:
        blocked = 0
        for i in range(budget.examples):
            seed = random.Random(budget.seed * 1009 + i).randrange(2**32)
            trace, state = walk(game, seed, cap=budget.max_plays)
            if game.is_over(state) and not shed_out(state.hands):
                blocked += 1
                if found is None:
                    found = (game, trace, state)
        counts.append(Msg("{n}p {blocked}/{games}", n=game.players, blocked=blocked, games=budget.examples))
    detail = Msg("random games blocked: {counts} (seed {seed})", counts=Msg.join(", ", counts), seed=budget.seed)
    if found is None:
        return Outcome(UNKNOWN, Msg("no blocked game found; {detail}", detail=detail))
    game, trace, state = found
    left = [sum(c.rank != Rank.ACE for c in h) for h in state.hands]
    return Outcome(REFUTED, detail, Counterexample(
        f"{game.players} players, deal seed {trace.seed}: after {len(trace.moves)} moves every player passes "
        f"in turn with {left} cards (aces not counted) in hand; {game.describe(state)}",
        record=game.record(trace.seed, trace.moves)), examples=budget.examples, seed=budget.seed)


# ------------------------------------------------------------ the page's table

TABLE_COUNTS = (2, 3, 4, 6, 8)
TABLE_GAMES = 200


def blocked_table(lang: str = "en"):
    """Share of random games that end blocked, and the longest game (moves), by preset and player count:
    seeds 0-199 per cell, every move drawn uniformly from the legal ones (seeded by the deal's seed)."""
    from spec.games.svinya import PRESETS, Rules
    from spec.rules import make_rules
    header = [tr(lang, "rules (preset)")] + [tr(lang, "{n} players").format(n=n) for n in TABLE_COUNTS]
    rows = []
    sets = [(tr(lang, "defaults"), {})] + [(name, over) for name, over in PRESETS.items() if name != "blocked_draw"]
    for label, over in sets:
        rules = make_rules(Rules, over)
        row = [label]
        for n in TABLE_COUNTS:
            if n not in Svinya(rules).player_range():
                row.append("—")
                continue
            game, blocked, longest = Svinya(rules, players=n), 0, 0
            for seed in range(TABLE_GAMES):
                trace, state = walk(game, seed)
                blocked += not state.out
                longest = max(longest, len(trace.moves))
            row.append(f"{100 * blocked / TABLE_GAMES:.1f} % ({longest})")
        rows.append(row)
    return header, rows
