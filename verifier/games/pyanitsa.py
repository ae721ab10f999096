"""Pyanitsa: the properties the verifier checks, and the termination search.

Nobody chooses anything in Pyanitsa, so a deal fixes the whole game: it
either ends or repeats a position and goes round for ever. Whether it can
repeat depends on the order in which the taken cards go back under the pile
(``return_order``). For each order the verifier

* explores **every deal** of small decks (every order of the cards, all
  suits treated alike) with the kernel's ``explore``: a
  cycle there is a game that never ends; when there is none, the longest game;
* explores seeded deals of the source's own deck (32 cards, two players) one
  by one, each to its end or its first repeated position;

and reports a replayable witness cycle, or ``unknown`` with what was searched
and the longest game found.

``python -m verifier.games.pyanitsa`` prints the larger searches quoted on the
errata page.
"""

from __future__ import annotations

import dataclasses
import sys
from collections import Counter
from math import factorial

from spec import flips
from spec.i18n import Msg, tr
from spec.cards import SUIT_ORDER, Rank
from spec.games.pyanitsa import Pyanitsa
from verifier.api import Root, evidence, explore, invariant, small_configs, variants_of, walk
from verifier.chance import ends_almost_surely
from verifier.core import ALMOST_SURELY, REFUTED, REGISTRY, UNKNOWN, Budget, Counterexample, Outcome, Scope
from verifier.sampling import sample

GAME = "pyanitsa"


def deals_can_finish(rules, players) -> bool:
    """Whether sampled deals finish: not with more than 36 cards between two players, where all 60 sampled
    deals cycle or outrun 5,000 plays (39 and 52 cards; at 24 to 36 a few of the 60 finish)."""
    return not (players == 2 and len(Pyanitsa(rules, players=players).deck()) > 36)


#: Where the generic claims of the game's metadata are made: ``zero_sum`` is about finished games.
GENERIC_SCOPES = {"zero_sum": Scope("at most 36 cards between two players (with more, no sampled deal "
                                    "finishes)", deals_can_finish)}
ORDERS = ("laid", "reverse", "winner_first", "shuffled", "chosen")
PLOT_ORDERS = ORDERS[:4]
#: The short decks searched exhaustively, by player count: (ranks, suits).
SEARCH_DECKS = {2: ((2, 2), (3, 2), (2, 4), (4, 2)), 3: ((2, 3), (3, 3)), 4: ((2, 4),)}
#: Deals found by the larger exhaustive searches of ``main`` (minutes of CPU), re-checked by every run:
#: (return order, dispute, players) -> (ranks, suits, pile of P0, pile of P1), top card first.
KNOWN_LOOPS = {("winner_first", "new_cards", 2): (5, 2, "10♠ 10♥ J♠ J♥ A♠", "Q♠ Q♥ A♥ K♠ K♥"),
               # the first of all 34,650 deals of 12 cards (3 ranks x 4 suits) that loops when ties go to the
               # first laid card: found in seconds, kept so that the property does not hunt for it each run
               ("winner_first", "first_laid", 2): (3, 4, "Q♠ Q♥ K♠ Q♦ K♥ K♦", "Q♣ A♠ A♥ A♦ K♣ A♣")}
#: Seeded deals of the source's deck explored per order, and the positions allowed per deal.
FULL_DEALS, FULL_CAP = 20, 20_000


def short(game: Pyanitsa, ranks: int, suits: int, **changes) -> Pyanitsa:
    """The same rules on a short deck of the ``ranks`` highest ranks in ``suits`` suits."""
    return type(game)(dataclasses.replace(game.rules, deck="52", ranks=ranks, suits=suits, **changes),
                      players=game.players)


def rank_key(state):
    """A position with the suits forgotten: suits never change what happens next."""
    return (tuple(tuple(c.rank for c in p) for p in state.piles), tuple((p, c.rank) for p, c in state.table),
            state.layer, state.pos, state.tricks, state.gathering)


def every_deal(game: Pyanitsa) -> list[Root]:
    """One root per distinct deal of ``game``'s deck, suits treated alike: every sequence of the
    deck's ranks, cut into equal piles (the k-th card of a rank gets the k-th suit)."""
    deck = game.deck()
    counts = Counter(c.rank for c in deck)
    n = game.players
    per = len(deck) // n
    roots, seq = [], []

    def build():
        used = Counter()
        cards = []
        for r in seq:
            cards.append(type(deck[0])(r, SUIT_ORDER[used[r]]))
            used[r] += 1
        piles = [cards[i * per:(i + 1) * per] for i in range(n)]
        roots.append(Root(game.position(piles, cards[per * n:]),
                          "piles " + " | ".join(" ".join(map(str, p)) for p in piles)))

    def rec():
        if len(seq) == per * n:
            build()
            return
        for r in sorted(counts):
            if counts[r]:
                counts[r] -= 1
                seq.append(r)
                rec()
                seq.pop()
                counts[r] += 1
    rec()
    return roots


def chain(game: Pyanitsa, seed: int, cap: int = FULL_CAP):
    """The one game of deal ``seed``, explored to its end or its first repeated position."""
    return explore(game, [Root.deal(game, seed)], stop_at_cycle=True, max_states=cap)


def witness(game: Pyanitsa, seeds=range(300)) -> Counterexample | None:
    """A replayable record of a deal of ``game`` that repeats a position, if one of ``seeds`` does."""
    for seed in seeds:
        ex = chain(game, seed)
        if ex.cycle is not None:
            root, prefix, loop = ex.cycle
            rec = game.record(seed, prefix + loop)
            again = game.replay(seed, prefix)
            assert game.replay(seed, prefix + loop) == again  # the loop returns to the same position
            return Counterexample(
                f"{game.players} players, {len(game.deck())} cards, {game.rules.return_order} order, deal seed "
                f"{seed}: after {len(prefix)} lays the position repeats every {len(loop)} lays, for ever "
                f"(position: {game.describe(again)})", record=rec)
    return None


@small_configs(GAME)
def small(game):
    """Every deal of a short deck (2 ranks: 4 cards for 2 players, 6 for 3, 8 for 4+) plus seeded deals
    of the 4-rank, 2-suit deck; under the chosen order, four seeded deals of the 2-rank deck."""
    suits = 2 if game.players == 2 else min(4, game.players)
    g = short(game, 2, suits)
    if game.rules.return_order == "chosen":  # every order of every trick: keep the graph small
        return [Root.deal(short(game, 2, 2 if game.players <= 4 else 4), s) for s in range(4)]
    roots = every_deal(g) if game.players <= 4 else [Root.deal(g, s) for s in range(20)]
    g4 = short(game, 4, 2)
    return roots + [Root.deal(g4, s) for s in range(10)] if game.players <= 4 else roots


# ------------------------------------------------------------- invariants

@invariant(Pyanitsa, "deal_equal", title="The deal: 32 cards for two players, 52 for more, dealt out in equal "
           "piles with the rest set aside (or, under leftover = dealt, every card dealt, one more to the first "
           "players from the dealer's left), and every trick begins with the dealer (under lead = taker, with "
           "the last taker)", clauses=["pyanitsa-deck", "pyanitsa-deal", "pyanitsa-order"], presets=True)
def deal_equal(game, state):
    n, rules = game.players, game.rules
    if state.taker != -1 or state.table:
        first = state.taker if rules.lead == "taker" and state.taker >= 0 else 0
        want = tuple(p for p in ((first + i) % n for i in range(n)) if state.piles[p])
        if not state.table and state.layer and state.layer != want:
            return f"a trick begins with {state.layer}, not every player with cards clockwise from P{first}"
        return None
    size = sum(map(len, state.piles)) + len(state.aside)
    if rules.deck == "auto" and not rules.ranks and rules.suits == 4 and \
            len(game.deck()) != (32 if n == 2 else 52):
        return f"{n} players play with {len(game.deck())} cards"
    sizes = [len(p) for p in state.piles]
    per, extra = divmod(size, n)
    # the deal goes round from the dealer's left (P1), so P1, P2, ... get the extra cards
    want = [per] * n if rules.leftover == "aside" else [per + (0 < p <= extra) for p in range(n)]
    if sizes != want or len(state.aside) != (extra if rules.leftover == "aside" else 0):
        return f"piles of {sizes} cards, {len(state.aside)} set aside; expected {want}"
    if state.layer != tuple(p for p in range(n) if state.piles[p]):
        return f"the first trick is laid by {state.layer}, not P0 first"
    return None


@invariant(Pyanitsa, "end_as_written", title="As written the first player out of cards wins (several at once "
           "share); in the war reading the last player holding cards wins", clauses=["pyanitsa-end"],
           presets=True)
def end_as_written(game, state):
    if not game.is_over(state):
        if not state.table and game.rules.objective == "first_out" and any(not p for p in state.piles):
            return "a player is out of cards but the game goes on"
        return None
    win = game.outcome(state).winners
    holding = [p for p, pile in enumerate(state.piles) if pile]
    if game.rules.objective == "first_out":
        out = tuple(p for p, pile in enumerate(state.piles) if not pile)
        if not out or win != out:
            return f"winners {win}, but the players out of cards are {out}"
    elif len(holding) != 1 or win != tuple(holding):
        return f"winners {win}, but {holding} hold cards"
    return None


@REGISTRY.property(GAME, "tricks_settle_as_written", title="Every trick goes to a player who laid the highest "
                   "card of its last round (the first of them for tied aces or under first_laid), and comes "
                   "back under the taker's pile in the return order", method="hypothesis",
                   clauses=["pyanitsa-higher", "pyanitsa-dispute", "pyanitsa-return", "pyanitsa-top"])
def tricks_settle_as_written(games, budget: Budget) -> Outcome:
    groups = variants_of(games) + [(o, [type(g)(dataclasses.replace(g.rules, return_order=o), players=g.players)
                                        for g in games]) for o in PLOT_ORDERS]

    def check(game, seed):
        prev = []

        def step(trace, state):
            if prev and prev[-1].table and not state.table and game.rules.return_order != "chosen":
                msg = settled_wrongly(game, prev[-1], trace.moves[-1].card, state)
                if msg:
                    raise trace.refute(msg, state)
            prev[:] = [state]
        walk(game, seed, step, 1_000)
    objs = [g for _, gs in groups for g in gs]
    return sample(objs, budget, check)


def settled_wrongly(game, before, card, after) -> str | None:
    """Why the trick settled between ``before`` and ``after`` (the last card ``card``) breaks the rules."""
    p = before.layer[before.pos]
    table = before.table + ((p, card),)
    last = table[-len(before.layer):]
    tied = flips.highest(last)  # the kit's rule, proved by tests/test_kit_flips.py
    taker = after.taker
    if taker not in tied:
        return f"P{taker} takes, but the highest card of the last round was laid by {tied}"
    rank = max(c.rank for _, c in last)
    if (game.rules.dispute == "first_laid" or rank == Rank.ACE) and taker != tied[0]:
        return f"P{taker} takes a tie of {rank.label}s that P{tied[0]} laid first"
    pile = before.piles[taker][1:] if taker == p else before.piles[taker]
    got = after.piles[taker][len(pile):]
    order = game.rules.return_order
    cards = [c for _, c in table]
    want = {"laid": cards, "reverse": cards[::-1],
            "winner_first": [c for q, c in table if q == taker] + [c for q, c in table if q != taker]}.get(order)
    if after.piles[taker][:len(pile)] != pile or (want is not None and list(got) != want) or \
            Counter(got) != Counter(cards):
        return f"P{taker}'s pile ends with {' '.join(map(str, got))} after taking {' '.join(map(str, cards))} " \
               f"({order} order)"
    return None


# ------------------------------------------------------------ termination

def search(game: Pyanitsa, budget: Budget) -> Outcome:
    """Settle termination for ``game``'s rules as far as the searches go (see the module docstring)."""
    n = game.players
    done, found = [], None
    if n == 2:
        full = []
        for seed in range(FULL_DEALS):
            ex = chain(game, seed)
            if ex.cycle is not None:
                found = witness(game, [seed])
                done.append(Msg("source's deck: deal seed {seed} repeats", seed=seed))
                break
            if ex.complete:
                full.append(len(ex.longest[1]))
        else:
            done.append(Msg("source's deck, deals 0-{last} one by one: {ended} end (longest {longest} lays), "
                            "{unsettled} unsettled within {cap} positions", last=FULL_DEALS - 1, ended=len(full),
                            longest=max(full, default=0), unsettled=FULL_DEALS - len(full), cap=FULL_CAP))
    known = KNOWN_LOOPS.get((game.rules.return_order, game.rules.dispute, n))
    if known is not None and found is None:
        ranks, suits, *piles = known
        g = short(game, ranks, suits)
        root = Root(g.position(piles), f"piles {piles[0]} | {piles[1]}")
        ex = explore(g, [root], stop_at_cycle=True, max_states=100_000)
        if ex.cycle is not None:
            found = _setup_cycle(g, ex)
            done.append(Msg("{cards} cards ({ranks} ranks x {suits} suits): the deal {deal}, found by the search over "
                            "all its deals (python -m verifier.games.pyanitsa), repeats every {period} lays",
                            cards=len(g.deck()), ranks=ranks, suits=suits,
                            deal=Msg("piles {first} | {second}", first=piles[0], second=piles[1]),
                            period=len(ex.cycle[2])))
    decks = SEARCH_DECKS.get(n, ())
    if game.rules.return_order == "chosen":
        decks = decks[:2]  # the taker's choices multiply the positions
    for ranks, suits in decks:
        g = short(game, ranks, suits)
        roots = every_deal(g)
        ex = explore(g, roots, key=rank_key, max_states=budget.max_states)
        what = Msg("{cards} cards ({ranks} ranks x {suits} suits, all {deals} deals, {states} positions)",
                   cards=len(g.deck()), ranks=ranks, suits=suits, deals=len(roots), states=ex.states)
        if ex.cycle is not None:
            found = found or witness(g) or _setup_cycle(g, ex)
            done.append(Msg("{what}: a cycle", what=what))
        elif not ex.complete:
            done.append(Msg("{what}: unfinished", what=what))
        else:
            done.append(Msg("{what}: every deal ends, longest {longest} lays", what=what, longest=len(ex.longest[1])))
    text = Msg("{n} players, {order} order: {done}", n=n, order=game.rules.return_order,
               done=Msg.join("; ", done or [Msg("nothing searched")]))
    if found is not None:
        return Outcome(REFUTED, text, found, method="search")
    return Outcome(UNKNOWN, Msg("{text}; no cycle found, and no proof that none exists", text=text), method="search")


def _setup_cycle(game, ex) -> Counterexample:
    root, prefix, loop = ex.cycle
    return evidence(game, root, prefix + loop, f"the position after {len(prefix)} lays repeats every {len(loop)}")


def _terminates(order: str):
    def check(games, budget: Budget) -> Outcome:
        details, first = [], None
        for game in sorted(games, key=lambda g: g.players):
            g = type(game)(dataclasses.replace(game.rules, return_order=order), players=game.players)
            if g.players > 4:
                continue
            out = search(g, budget)
            details.append(out.detail)
            if out.verdict == REFUTED:
                first = first or out
                break  # one witness settles it
        if first is not None:
            return Outcome(REFUTED, Msg.join(" | ", details), first.counterexample, method="search")
        return Outcome(UNKNOWN, Msg.join(" | ", details), method="search")
    return check


EXPECTED = {"laid": REFUTED, "reverse": REFUTED, "winner_first": REFUTED, "chosen": REFUTED}
#: The player counts at which each order's endless game is known (a witness the search finds), and so
#: where the property speaks: with four players every deal of the 8-card deck ends under every order
#: and the 12-card deck is too big to finish, so nothing is claimed there; winner_first is known to
#: loop with two players only (with three every deal of 6 and 9 cards ends). The shuffled order is
#: claimed below, by the reachability criterion.
WITNESSED = {"laid": (2, 3), "reverse": (2, 3), "winner_first": (2,), "chosen": (2, 3)}
#: Where the known witnesses need the source's lead (every trick from the dealer): under lead = taker
#: the search finds no loop with three players (laid, reverse), nor with two under winner_first when
#: ties go to the first laid card.
SCOPES = {
    "laid": Scope("lead = dealer, or two players", lambda rules, players: rules.lead == "dealer" or players == 2),
    "reverse": Scope("lead = dealer, or two players",
                     lambda rules, players: rules.lead == "dealer" or players == 2),
    "winner_first": Scope("lead = dealer, or dispute = new_cards",
                          lambda rules, players: rules.lead == "dealer" or rules.dispute == "new_cards"),
}
for _order in WITNESSED:
    _counts = WITNESSED[_order]
    _known = Msg("an endless game is known with {counts} players", counts=" or ".join(map(str, _counts)))
    REGISTRY.property(GAME, f"terminates_{_order}", title=Msg("Every game ends when the taken cards go back in "
                      "the {order} order (searched with 2-4 players; {known})", order=_order.replace("_", " "),
                      known=_known),
                      method="search", expected=EXPECTED[_order], clauses=["pyanitsa-return", "pyanitsa-end"],
                      applies=lambda games, counts=_counts: any(g.players in counts for g in games),
                      scope=SCOPES.get(_order))(_terminates(_order))



# ------------------------------------------------------- a random return order
#
# Under ``return_order = "shuffled"`` a game can go on for ever only if the shuffles keep coming out the
# way an endless game needs, and a cycle of positions no longer proves a game endless. The claim is that
# every game ends with probability 1, decided by the reachability criterion (verifier.chance): from every
# position reached, some orders of return lead to an end. The orders a shuffle can give are every order
# of the trick's cards, which are the taker's moves under ``"chosen"``: the graph searched is that game's.

#: The short decks whose every deal is searched under a random return, by player count (more players:
#: the 8 cards of 2 ranks, one or two each).
SHUFFLE_DECKS = {2: ((2, 2), (3, 2), (2, 4), (4, 2)), 3: ((2, 3),), 4: ((2, 4),)}
#: Rules whose own deck has at most this many cards are searched at their own deck, every deal: the
#: verdict is then the rules' own, not only the short decks'.
WHOLE = 9
#: ... and has at most this many distinct deals (suits alike): 8 cards of 8 ranks have 40,320, too many.
WHOLE_DEALS = 3_000
#: Deals that never end whatever the orders of return, found by the searches of ``main`` (a minute of
#: CPU) and re-checked by every run: (dispute, players) -> (ranks, suits, pile of P0, pile of P1).
KNOWN_TRAPS = {("first_laid", 2): (3, 4, "Q♠ Q♥ K♠ Q♦ K♥ K♦", "Q♣ A♠ A♥ A♦ K♣ A♣")}
#: Seeds a trick is settled under to see that the shuffle gives every order of its cards.
SUPPORT_SEEDS = 600


def searched_whole(rules, players: int) -> bool:
    """Whether the rules' own deck is small enough to search every deal of (equal piles, or the rest aside)."""
    deck = Pyanitsa(rules, players=players).deck()
    deals = factorial(len(deck))
    for k in Counter(c.rank for c in deck).values():
        deals //= factorial(k)
    return len(deck) <= WHOLE and deals <= WHOLE_DEALS and (rules.leftover == "aside" or len(deck) % players == 0)


def any_order(game: Pyanitsa) -> Pyanitsa:
    """The same rules with every order of return a move (``"chosen"``): the outcomes a shuffle can give."""
    return type(game)(dataclasses.replace(game.rules, return_order="chosen"), players=game.players)


def orders_missed(game: Pyanitsa) -> Msg | None:
    """Why ``game``'s shuffled return is not random enough for the criterion: a trick of two cards, one of
    three and a dispute of four, each settled under :data:`SUPPORT_SEEDS` seeds, must come back under
    the taker's pile in every order. ``None`` when they do."""
    full = dataclasses.replace(game.rules, deck="52", ranks=0, suits=4, objective="all_cards")
    tricks = {2: ("A♠ 2♠", "K♠ 2♥"), 3: ("A♠ 2♠", "K♠ 2♥", "Q♠ 2♦"), 4: ("Q♠ A♠ 2♠", "Q♥ K♥ 2♥")}
    for size, piles in tricks.items():
        g = type(game)(full, players=len(piles))
        if g.rules.dispute == "first_laid" and size == 4:
            continue  # ties go to the first card laid: no dispute, no trick of four
        seen = set()
        for seed in range(SUPPORT_SEEDS):
            state = g.position(piles, seed=seed)
            while state.taker < 0 or state.table:
                state = g.apply(state, g.legal_moves(state)[0])
            seen.add(state.piles[state.taker][-size:])
        if len(seen) < factorial(size):
            return Msg("a trick of {size} cards came back in {seen} of its {orders} orders under {seeds} seeds",
                       size=size, seen=len(seen), orders=factorial(size), seeds=SUPPORT_SEEDS)
    return None


def _reached(game: Pyanitsa, roots, what, budget: Budget):
    """The criterion over ``roots`` (every move a chance outcome: nobody chooses), and what it says."""
    reach = ends_almost_surely(game, roots, chance=lambda state: True, key=rank_key, max_states=budget.max_states)
    what = Msg("{what}, {states} positions", what=what, states=reach.states)
    if not reach.complete:
        return reach, Msg("{what}: unfinished", what=what)
    if reach.trapped:
        return reach, Msg("{what}: from {k} of them no order of return ever ends the game", what=what,
                          k=reach.trapped)
    return reach, Msg("{what}: every game ends with probability 1, from every position an end at most {within} "
                      "lays away", what=what, within=reach.within)


def random_return(game: Pyanitsa, budget: Budget) -> Outcome:
    """Does every game of ``game``'s rules end with probability 1 under a random return order?"""
    n, rules = game.players, game.rules
    missed = orders_missed(game)
    if missed is not None:  # not a random order: the criterion does not apply, a witness may still
        found = witness(game, range(FULL_DEALS))
        text = Msg("{n} players: {missed}", n=n, missed=missed)
        return (Outcome(REFUTED, text, found, method="search") if found else
                Outcome(UNKNOWN, Msg("{text}; no repeating deal among seeds 0-{last}", text=text,
                                     last=FULL_DEALS - 1), method="search"))
    g = any_order(game)
    done, trap = [], None
    known = KNOWN_TRAPS.get((rules.dispute, n))
    if known is not None:
        ranks, suits, *piles = known
        gk = short(g, ranks, suits)
        root = Root(gk.position(piles), f"piles {piles[0]} | {piles[1]}")
        reach, said = _reached(gk, [root], Msg("{cards} cards, the deal {deal}", cards=len(gk.deck()),
                                                deal=root.label), budget)
        done.append(said)
        trap = trap or (gk, reach)
    searches = [(short(g, r, s), lambda deals, r=r, s=s: Msg(
                    "{cards} cards ({ranks} ranks x {suits} suits, all {deals} deals)", cards=r * s, ranks=r,
                    suits=s, deals=deals)) for r, s in SHUFFLE_DECKS.get(n, ((2, 4),))]
    own = searched_whole(rules, n)
    if own:
        searches.append((g, lambda deals: Msg("the rules' own {cards} cards, all {deals} deals",
                                              cards=len(g.deck()), deals=deals)))
    for gs, what in searches:
        roots = every_deal(gs)
        reach, said = _reached(gs, roots, what(len(roots)), budget)
        done.append(said)
        if reach.trapped and (trap is None or not trap[1].trapped):
            trap = (gs, reach)
    text = Msg("{n} players: {done}", n=n, done=Msg.join("; ", done))
    if trap is not None and trap[1].trapped:
        gt, reach = trap
        root, moves = reach.trap
        return Outcome(REFUTED, text, evidence(gt, root, moves, (
            f"{n} players, {len(gt.deck())} cards: from the position these moves reach, no order of putting the "
            f"cards back ever ends the game ({reach.trapped} positions lead to no end); the moves are the taker's "
            "orders, each of which a shuffle gives a positive chance")), method="exhaustive")
    if own and reach.almost_surely:  # the last search is the rules' own deck
        return Outcome(ALMOST_SURELY, text, method="exhaustive")
    return Outcome(UNKNOWN, Msg("{text}; the rules' own deck of {cards} cards is not searched whole", text=text,
                                cards=len(game.deck())), method="exhaustive")


@REGISTRY.property(GAME, "terminates_shuffled", title=Msg("Every game ends with probability 1 when the taken cards "
                   "go back in a random order (every position reached leads to an end; searched over every deal "
                   "of short decks, and of the rules' own deck where it has at most {whole} cards and {deals} deals)",
                   whole=WHOLE, deals=WHOLE_DEALS),
                   method="exhaustive", expected=ALMOST_SURELY,
                   clauses=["pyanitsa-return", "pyanitsa-gather", "pyanitsa-end"],
                   scope=Scope(Msg("dispute = new_cards, a deck of at most {whole} cards and {deals} deals",
                                   whole=WHOLE, deals=WHOLE_DEALS),
                               lambda rules, players: rules.dispute == "new_cards" and searched_whole(rules, players)))
def terminates_shuffled(games, budget: Budget) -> Outcome:
    details, first = [], None
    for game in sorted(games, key=lambda g: g.players):
        g = type(game)(dataclasses.replace(game.rules, return_order="shuffled"), players=game.players)
        out = random_return(g, budget)
        details.append(out.detail)
        if out.verdict == REFUTED:
            return Outcome(REFUTED, Msg.join(" | ", details), out.counterexample, method=out.method)
        first = out.verdict if first is None or first == out.verdict else UNKNOWN
    return Outcome(first or UNKNOWN, Msg.join(" | ", details), method="exhaustive")

# ------------------------------------------------------------------ plots

def length_plot(lang: str = "en", deals: int = 300):
    """Histogram of game lengths, two players with the source's 32 cards, one panel per return order
    (each deal explored to its end or its first repeated position)."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    fig, axes = plt.subplots(1, 4, figsize=(13, 3.2), sharey=True)
    for ax, order in zip(axes, PLOT_ORDERS):
        game = Pyanitsa(Pyanitsa.Rules(return_order=order), players=2)
        ends, loops = [], 0
        for seed in range(deals):
            if order == "shuffled":
                trace, state = walk(game, seed, cap=FULL_CAP)
                if game.is_over(state):
                    ends.append(len(trace.moves))
                continue
            ex = chain(game, seed)
            if ex.cycle is not None:
                loops += 1
            elif ex.complete:
                ends.append(len(ex.longest[1]))
        ax.hist(ends, bins=30, color="#4a7ab0")
        ax.set_title(tr(lang, "{order}: {ends} end, {loops} loop").format(order=order, ends=len(ends), loops=loops),
                     fontsize=9)
        ax.set_xlabel(tr(lang, "lays until the end"))
    axes[0].set_ylabel(tr(lang, "deals (of {n})").format(n=deals))
    fig.tight_layout()
    return fig


def main(argv=None) -> None:
    """Print the larger exhaustive searches quoted on the errata page (minutes of CPU)."""
    budget = Budget(max_states=5_000_000)
    decks = {2: ((3, 4), (5, 2)), 3: ((3, 3),), 4: ((2, 4), (3, 4))}
    for n, shorts in decks.items():
        for order in PLOT_ORDERS[:3]:
            for dispute in ("new_cards", "first_laid"):
                for ranks, suits in shorts:
                    g = short(Pyanitsa(players=n), ranks, suits, return_order=order, dispute=dispute)
                    roots = every_deal(g)
                    ex = explore(g, roots, key=rank_key, max_states=budget.max_states)
                    result = ("cycle of %d lays" % len(ex.cycle[2]) if ex.cycle else
                              "longest %d lays" % len(ex.longest[1]) if ex.complete else "unfinished")
                    print(f"{n}p {order:12} {dispute:10} {ranks}x{suits}: {len(roots)} deals, {ex.states} "
                          f"positions: {result}", flush=True)
    # a random return: the reachability criterion over every deal (first_laid's 12-card trap is KNOWN_TRAPS)
    for n, ranks, suits in ((2, 3, 4), (2, 5, 2), (3, 3, 3), (4, 3, 4)):
        for dispute in ("new_cards", "first_laid"):
            g = any_order(short(Pyanitsa(players=n), ranks, suits, dispute=dispute))
            roots = every_deal(g)
            reach = ends_almost_surely(g, roots, chance=lambda state: True, key=rank_key, max_states=6_000_000)
            result = ("unfinished" if not reach.complete else f"{reach.trapped} positions lead to no end"
                      if reach.trapped else f"ends with probability 1, an end at most {reach.within} lays away")
            print(f"{n}p shuffled     {dispute:10} {ranks}x{suits}: {len(roots)} deals, {reach.states} positions: "
                  f"{result}", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])

