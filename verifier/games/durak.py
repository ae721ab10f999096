"""Durak's own properties, checked for the rules under test and for every variant.

Each property is registered twice over:

* ``NAME`` checks the rules given to the verifier (the defaults are simple
  Durak; ``cardspec verify durak --variant FILE`` checks a variant file);
* ``NAME@PRESET`` applies the settings of one named preset
  (:data:`spec.games.durak.PRESETS`: ``throw_in``, ``transfer``,
  ``all_dealt``, ``reversed``, ``japanese``, ``english_pairs``) over those
  rules and checks the result. With the default rules that is exactly the
  preset, so every variant is checked by the same properties, for 2 to 6
  players. The generic ``cards_conserved`` and ``save_load`` are also
  registered per preset.

The checks watch random games move by move and judge each position against
reference predicates written here from the rulebook, not against the
engine's own helpers, so a broken engine rule is caught. They are walked
properties (:func:`transitions` makes a move check a watch): the runner plays
the random games of one set of rules once for all of them.

Termination is checked three ways: random games on the full deck
(``terminates``), and an exhaustive state-graph search with hashing on
small decks for two players (``terminates_2p_small``) and three players
(``terminates_3p_small``), which either finds no cycle (and reports the
longest game) or returns a replayable cycle as the witness.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence

from spec.i18n import N_, Msg
from spec.bouts import OPEN, card_id, card_of, format_mask, table_mask
from spec.cards import Suit, format_card, format_cards
from spec.dealing import rng_for
from spec.errors import VariantError
import spec.games.durak as rules_module
from spec.games.durak import LEAD, PASS, PRESETS, Attack, Beat, Durak, State, Take, Throw, Transfer
from spec.moves import move_msg
from verifier import generic
from verifier.api import Exploration, Root, Trace, Walked, Watch, explore, small_configs
from verifier.core import HOLDS, REFUTED, REGISTRY, UNKNOWN, Budget, Counterexample, Outcome, Property, Scope

GAME = "durak"
#: The presets checked by the ``NAME@PRESET`` properties (``simple`` is the default rules).
VARIANTS = tuple(v for v in PRESETS if v != "simple")

#: Small configurations of the exhaustive searches: (players, deck size, hand size, deals).
SMALL_2P = (2, 8, 2, 12)
SMALL_3P = (3, 12, 3, 12)
#: Before the 2-player search: a cycle hunt on 12-card deals (players, deck, hand, deals, positions per deal).
HUNT_2P = (2, 12, 3, 3, 20_000)
#: States explored per deal before the search gives up (verdict unknown).
STATE_CAP = 60_000


# ------------------------------------------------------------ reference rules

def ref_beats(game: Durak, trump: Suit, attack: int, cover: int) -> bool:
    """The rulebook's beat rule, written out again: higher card of the suit, or a
    trump on a non-trump; Japanese spades only by spades."""
    a, c = card_of(attack), card_of(cover)
    if c.suit == a.suit:
        return c.rank > a.rank
    if game.rules.spades_by_spades and a.suit == Suit.SPADES:
        return False
    return c.suit == trump


def ref_trump(game: Durak, state: State) -> Suit:
    if game.rules.trump == "diamonds":
        return Suit.DIAMONDS
    return card_of(state.trump_card).suit


def ref_next_with_cards(seat: int, hands: Sequence[int]) -> int:
    n = len(hands)
    for k in range(1, n):
        p = (seat + k) % n
        if hands[p]:
            return p
    return -1


def ids_on_table(table) -> list[int]:
    return [c for pair in table for c in pair if c != OPEN]


def sig(move) -> tuple:
    """A move as a plain tuple of card ids, for the reference checks: ``("a", mask)``,
    ``("b", attack, cover)``, ``("t",)``, ``("i", card)``, ``("x", card)``, ``("p",)``."""
    if isinstance(move, Beat):
        return ("b", card_id(move.attack), card_id(move.cover))
    if isinstance(move, Throw):
        return ("i", card_id(move.card))
    if isinstance(move, Transfer):
        return ("x", card_id(move.card))
    if isinstance(move, Attack):
        return ("a", sum(1 << card_id(c) for c in move.cards))
    return ("t",) if isinstance(move, Take) else ("p",)


def transitions(check: Callable[[Trace, State, tuple, State], None] | None = None,
                end: Callable[[Trace, State], None] | None = None) -> Watch:
    """A move-by-move check as a :class:`~verifier.api.Watch` on the kernel's random walk:
    ``check(trace, before, move, after)`` after every move, the move as :func:`sig`, and
    ``end(trace, state)`` on the last state. The walk stops early when every player with
    cards has passed the lead in turn (English Durak stalls: the lead goes round for ever)."""
    last: list = [None, 0]   # the previous state, passes of the lead in a row

    def step(trace, state):
        before, last[0] = last[0], state
        if before is None:
            return   # the deal: no move yet
        move = sig(trace.moves[-1])
        if check is not None:
            check(trace, before, move, state)
        last[1] = last[1] + 1 if before.phase == LEAD and move == ("p",) else 0

    def stalled(trace, state) -> bool:
        return last[1] > 0 and last[1] >= sum(1 for h in state.hands if h)
    return Watch(step=step, end=end, stop=stalled)


def stuck_passing(game: Durak, trace: Trace, state: State) -> bool:
    """Whether a walk stopped because every player with cards passed the lead in turn."""
    n = sum(1 for h in state.hands if h)
    return not game.is_over(state) and len(trace.moves) >= n and all(m == PASS for m in trace.moves[-n:])


# ----------------------------------------------------------------- properties

def attack_limit(game: Durak, seed: int, budget: Budget, notes: list) -> Watch:
    cap = game.rules.max_bout_cards or 99
    limit = [0]

    def step(trace, before, move, after):
        if after.table and not before.table:          # a new bout: the defender's hand now
            limit[0] = before.hands[after.defender].bit_count()
        elif after.table and after.defender != before.defender:   # transferred to a new defender
            limit[0] = after.hands[after.defender].bit_count()
        if after.table:
            n = len(after.table)
            if n > min(limit[0], cap):
                raise trace.refute(f"{n} attacking cards against P{after.defender}, who held "
                                   f"{limit[0]} when the bout began (cap {game.rules.max_bout_cards or 'none'})",
                                   after)
    return transitions(step)


def beats_legal(game: Durak, seed: int, budget: Budget, notes: list) -> Watch:
    def step(trace, before, move, after):
        trump = ref_trump(game, after)
        if after.trump != trump:
            raise trace.refute(f"the trump is {after.trump.symbol}, the rules make it {trump.symbol}", after)
        for a, d in after.table:
            if d != OPEN and not ref_beats(game, trump, a, d):
                raise trace.refute(f"{format_card(card_of(d))} lies on {format_card(card_of(a))} as a beat, "
                                   f"which it does not beat (trump {trump.symbol})", after)
        if move[0] == "b" and not ref_beats(game, trump, move[1], move[2]):
            d = move[2]
            punished = game.rules.reversed and after.hands[before.defender] >> d & 1 \
                and after.discard == before.discard
            if not punished:
                raise trace.refute(f"{format_card(card_of(d))} was accepted as a beat of "
                                   f"{format_card(card_of(move[1]))} (trump {trump.symbol})", after)
    return transitions(step)


def transfers_allowed(game: Durak, seed: int, budget: Budget, notes: list) -> Watch:
    rules = game.rules

    def step(trace, before, move, after):
        moved = bool(after.table) and after.defender != before.defender
        if move[0] != "x":
            if moved:
                raise trace.refute(f"the attack passed from P{before.defender} to P{after.defender} "
                                   f"without a transfer", after)
            return
        c = move[1]
        nxt = ref_next_with_cards(before.defender, before.hands)
        problem = None
        if not rules.transfer:
            problem = "these rules have no transfers"
        elif any(d != OPEN for _, d in before.table):
            problem = "a card of the bout had already been beaten"
        elif before.hands[nxt].bit_count() < len(before.table) + 1:
            problem = (f"P{nxt} holds {before.hands[nxt].bit_count()} cards, fewer than the "
                       f"{len(before.table) + 1} that would attack him")
        elif rules.max_bout_cards and len(before.table) + 1 > rules.max_bout_cards:
            problem = "the bout would pass the cap"
        if problem:
            raise trace.refute(f"P{before.defender} transferred with {format_card(card_of(c))}: {problem}", after)
        right_rank = card_of(c).rank == card_of(before.table[0][0]).rank
        if right_rank and not (moved and after.defender == nxt):
            raise trace.refute(f"a transfer to P{nxt} left P{after.defender} defending", after)
        if not right_rank:
            if not rules.reversed:
                raise trace.refute(f"{format_card(card_of(c))} transferred an attack of another rank", after)
            if moved or not after.hands[before.defender] >> c & 1:
                raise trace.refute("a wrong transfer was not punished by taking the bout", after)
    return transitions(step)


def ref_may_throw_now(game: Durak, state: State) -> str | None:
    """The rulebook's throw-in timing, written out again: ``None`` if a throw-in is
    allowed in this position, else why not."""
    r = game.rules
    if state.taking:
        return None if r.throw_in != "none" else "these rules have no throw-ins"
    if r.throw_in != "always":
        return "in simple Durak cards are thrown in only onto a defender who takes"
    covered = sum(1 for _, d in state.table if d != OPEN)
    if not covered:
        return "the defender has not beaten anything yet (throw-ins come after a beat)"
    if covered < len(state.table) and r.throw_in_timing == "after_cover":
        return "some attacking card is still open (after_cover: throw-ins wait for every card to be covered)"
    return None


def ref_someone_can_throw(game: Durak, state: State) -> bool:
    """Whether a thrower other than the defender holds a card he may throw in now
    (any card in reversed Durak, where throw-ins are blind), within the limit."""
    if len(state.table) >= state.limit:
        return False
    r = game.rules
    ranks = {card_of(c).rank for c in ids_on_table(state.table)}
    throwers = [state.attacker] if r.throw_in_by == "attacker" else \
        [p for p in range(game.players) if p != state.defender]
    return any(h and (r.reversed or any(card_of(c).rank in ranks for c in _ids(h)))
               for p, h in enumerate(state.hands) if p in throwers)


def _ids(mask: int) -> list[int]:
    return [i for i in range(52) if mask >> i & 1]


def throw_in_timing(game: Durak, seed: int, budget: Budget, notes: list) -> Watch:
    """Throw-ins come only when the rules allow them, and while the defender is
    beating (``while_beating``) the throwers are asked after every beat."""
    r = game.rules

    def step(trace, before, move, after):
        if move[0] == "i":
            why = ref_may_throw_now(game, before)
            if why:
                raise trace.refute(f"P{before.thrower} threw in {format_card(card_of(move[1]))}, but {why}", after)
            return
        if move[0] != "b" or not after.table or after.defender != before.defender:
            return   # not a beat, or the bout ended (a last beat, or a reversed penalty)
        still_open = any(d == OPEN for _, d in after.table)
        if not still_open or r.throw_in != "always":
            return
        asked = after.phase != before.phase and game.to_move(after) != after.defender
        can = ref_someone_can_throw(game, after)
        if r.throw_in_timing == "while_beating" and can and not asked:
            raise trace.refute("a beat left attacking cards open and a player could throw in, but the "
                               "defender was asked to go on (while_beating: the throwers come first)", after)
        if r.throw_in_timing == "after_cover" and asked:
            raise trace.refute(f"a beat left attacking cards open, yet P{game.to_move(after)} was asked to "
                               "throw in (after_cover: only once every card is covered)", after)
    return transitions(step)


def deal_shape(game: Durak, seed: int, budget: Budget, notes: list) -> Watch:
    """The deal: hand sizes, the stock, the trump card under it, and the first attacker."""
    r, n = game.rules, game.players

    def check(trace, s):
        sizes = [h.bit_count() for h in s.hands]
        want = [r.deck_size // n + (p < r.deck_size % n) for p in range(n)] if r.all_dealt else [r.hand_size] * n
        if sizes != want or len(s.stock) != r.deck_size - sum(want):
            raise trace.refute(f"hands of {sizes} cards and a stock of {len(s.stock)}; the rules deal {want}", s)
        if r.trump == "diamonds":
            if s.trump != Suit.DIAMONDS or s.trump_card != -1:
                raise trace.refute("Japanese Durak: diamonds are trump and no card is turned", s)
        elif s.stock:
            if s.stock[-1] != s.trump_card or card_of(s.trump_card).suit != s.trump:
                raise trace.refute("the turned trump card is not the last card of the stock", s)
        elif not s.hands[(sum(want) - 1) % n] >> s.trump_card & 1:
            raise trace.refute("with no stock the last card dealt shows the trump, and stays with its player", s)
        trumps = [(card_of(c).rank, p) for p, h in enumerate(s.hands) for c in range(52)
                  if h >> c & 1 and card_of(c).suit == s.trump]
        first = r.previous_winner if r.first_attacker == "previous_winner" else (min(trumps)[1] if trumps else 0)
        if s.attacker != first or s.defender != ref_next_with_cards(first, s.hands):
            raise trace.refute(f"P{s.attacker} attacks P{s.defender} first; the rules make it P{first} "
                               f"(lowest trump) against the next player", s)
    return Watch(end=check, cap=0)   # the deal alone: a walk of no moves


def views(game: Durak, seed: int, budget: Budget, notes: list) -> Watch:
    """What each player sees: his own hand (reversed: every hand but his own), never the stock."""
    rev = game.rules.reversed

    def step(trace, before, move, after):
        for p in range(game.players):
            hidden = {f"hand {q}" for q in range(game.players) if (q == p) == rev} | {"stock"}
            if set(game.hidden_zones(after, p)) != hidden:
                raise trace.refute(f"P{p} cannot see {sorted(game.hidden_zones(after, p))}; the rules hide "
                                   f"{sorted(hidden)} from him", after)
    return transitions(step)


def winners_in_order(game: Durak, seed: int, budget: Budget, notes: list) -> Watch:
    """The winners are listed in the order they went out, the first out first (he attacks
    first in the next game); players out in the same bout in drawing order."""
    n, out = game.players, []

    def step(trace, before, move, after):
        if after.stock or not (before.table and not after.table) and not game.is_over(after):
            return
        order = [(before.lead + i) % n for i in range(n) if (before.lead + i) % n != before.defender]
        for p in order + [before.defender]:
            if not after.hands[p] and p not in out:
                out.append(p)

    def end(trace, state):
        if not game.is_over(state):
            return
        res = game.outcome(state)
        want = tuple(p for p in out if p not in res.losers)
        if not res.draw and res.winners != want:
            raise trace.refute(f"the players went out in the order {want}, but the winners are {res.winners}", state)
        winner = rules_module.game_winner(state.finished)
        if out and winner != out[0]:
            raise trace.refute(f"P{out[0]} went out first, but the winner is P{winner}", state)
    return transitions(step, end)


def bouts_end(game: Durak, seed: int, budget: Budget, notes: list) -> Watch:
    n = game.players
    moves_in_bout = [0]
    bound = 4 + 2 * len(game.deck()) + n * (len(game.deck()) + 1)

    def step(trace, before, move, after):
        ended = before.table and not after.table
        if after.table or before.table:
            moves_in_bout[0] += 1
            if moves_in_bout[0] > bound:
                raise trace.refute(f"a bout has gone on for {moves_in_bout[0]} moves", after)
        if not ended:
            if before.table and after.table and after.discard != before.discard:
                raise trace.refute("cards were discarded in the middle of a bout", after)
            return
        moves_in_bout[0] = 0
        kind = move[0]
        cards = table_mask(before.table)
        taker = before.defender
        trump = ref_trump(game, before)
        if kind == "b":                       # the last beat: covered if it really beats
            a, d = move[1], move[2]
            cards |= 1 << d
            covered = ref_beats(game, trump, a, d) and all(x != OPEN or y == a for y, x in before.table)
        elif kind in ("i", "x"):              # a card added as the bout ends: a pickup
            c = move[1]
            cards |= 1 << c
            covered = False
            ranks = {card_of(y).rank for y in ids_on_table(before.table)}
            if kind == "i" and card_of(c).rank not in ranks:
                taker = before.thrower        # reversed: a wrong throw-in is the thrower's
        else:
            covered = kind == "p" and not before.taking and all(x != OPEN for _, x in before.table)
        gained = after.discard & ~before.discard
        takers = [p for p in range(n) if after.hands[p] & cards == cards]
        if covered:
            if gained != cards or takers:
                raise trace.refute(f"every card of the bout ({format_mask(cards)}) was beaten, but "
                                   f"{format_mask(gained) or 'nothing'} went to the discard", after)
        elif gained:
            raise trace.refute(f"{format_mask(gained)} went to the discard although the bout "
                               f"({format_mask(cards)}) was not all beaten", after)
        elif takers != [taker]:
            who = ", ".join(f"P{p}" for p in takers) or "nobody"
            raise trace.refute(f"the bout's cards {format_mask(cards)} should go to P{taker}; "
                               f"{who} holds them", after)

    def end(trace, state):
        if game.is_over(state) and state.table:
            raise trace.refute("the game ended with cards on the table", state)
    return transitions(step, end)


def after_bout(game: Durak, seed: int, budget: Budget, notes: list) -> Watch:
    n, size = game.players, game.rules.hand_size

    def step(trace, before, move, after):
        if not (before.table and not after.table):
            return
        laid = table_mask(before.table) | (1 << move[1] if move[0] in ("i", "x") else 0) \
            | (1 << move[2] if move[0] == "b" else 0)
        k = len(before.stock) - len(after.stock)
        if after.stock != before.stock[k:]:
            raise trace.refute("the stock was not drawn from the top", after)
        drawn = before.stock[:k]
        order = [(before.lead + i) % n for i in range(n) if (before.lead + i) % n != before.defender]
        order.append(before.defender)
        pos = 0
        for p in order:
            got = after.hands[p] & sum(1 << c for c in drawn)
            chunk = drawn[pos:pos + got.bit_count()]
            if got != sum(1 << c for c in chunk):
                raise trace.refute(f"P{p} drew {format_mask(got)}, but in the order "
                                   f"{' '.join(f'P{q}' for q in order)} his turn came to "
                                   f"{format_cards(card_of(c) for c in chunk) or 'nothing'}", after)
            pos += got.bit_count()
            if pos < len(before.stock) and after.hands[p].bit_count() < size:
                raise trace.refute(f"P{p} holds {after.hands[p].bit_count()} cards after drawing, "
                                   f"with cards still in the stock", after)
            if got and after.hands[p].bit_count() > size:
                raise trace.refute(f"P{p} drew beyond {size} cards", after)
        if game.is_over(after):
            return
        if after.discard != before.discard:
            want = before.defender if after.hands[before.defender] else \
                ref_next_with_cards(before.defender, after.hands)
            why = "the defender beat everything"
        else:
            taker = next((p for p in range(n) if after.hands[p] & laid == laid), None)
            if taker is None:
                raise trace.refute(f"nobody took the bout's cards {format_mask(laid)}", after)
            want, why = ref_next_with_cards(taker, after.hands), f"P{taker} took the cards"
        if after.attacker != want or after.defender != ref_next_with_cards(want, after.hands):
            raise trace.refute(f"{why}, so P{want} should attack P{ref_next_with_cards(want, after.hands)}; "
                               f"P{after.attacker} attacks P{after.defender}", after)
    return transitions(step)


def two_players(games: Sequence[Durak]) -> list[Durak]:
    """The two-player games among ``games`` (what ``ranking_2p`` samples)."""
    return [g for g in games if g.players == 2]


def two_player_rank(state: State) -> tuple[int, int, int]:
    """(stock, cards in play, attacker's hand): what the two-player argument says falls at every attack."""
    in_play = len(state.stock) + sum(h.bit_count() for h in state.hands)
    return len(state.stock), in_play, state.hands[state.attacker].bit_count()


def ranking_2p(game: Durak, seed: int, budget: Budget, notes: list) -> Watch:
    """The step of the two-player termination argument, bout by bout (on :func:`two_players` games)."""
    last = [None]

    def step(trace, before, move, after):
        if move[0] != "a":
            return
        now = two_player_rank(before)
        if last[0] is not None and not now < last[0]:
            raise trace.refute(f"at this attack (stock, cards in play, attacker's hand) is {now}, "
                               f"not below {last[0]} at the previous one", before)
        last[0] = now
    return transitions(step)


def one_durak(game: Durak, seed: int, budget: Budget, notes: list) -> Watch:
    def end(trace, state):
        if not game.is_over(state):
            return
        out = game.outcome(state)
        holding = [p for p, h in enumerate(state.hands) if h]
        if state.stock or state.table:
            raise trace.refute("the game ended with cards in the stock or on the table", state)
        if len(holding) > 1:
            raise trace.refute(f"the game ended with {len(holding)} players holding cards", state)
        if holding:
            if out.losers != (holding[0],) or out.draw:
                raise trace.refute(f"P{holding[0]} is left holding cards, but the result is {out.describe()}", state)
        elif game.rules.all_out == "draw":
            if not out.draw or out.losers:
                raise trace.refute(f"everyone ran out together, but the result is {out.describe()}", state)
        elif out.losers != (state.defender,):
            raise trace.refute(f"everyone ran out together; the last defender P{state.defender} should "
                               f"lose, but the result is {out.describe()}", state)
        if sorted(out.winners) != sorted(p for p in range(game.players) if p not in out.losers) and not out.draw:
            raise trace.refute(f"the winners {out.winners} are not everyone but the durak", state)
    return transitions(None, end)


def terminates(game: Durak, seed: int, budget: Budget, notes: list) -> Watch:
    seen: dict = {}
    repeat: list = []

    def step(trace, before, move, after):
        at = seen.setdefault(after, len(trace.moves))
        if at != len(trace.moves) and not repeat:
            repeat.append((at, len(trace.moves)))

    def end(trace, state):
        if game.is_over(state):
            return
        if stuck_passing(game, trace, state):
            raise trace.refute("nobody can lead a pair: every player with cards passed in turn, so the lead "
                               "goes round the table for ever", state)
        hint = ""
        if repeat:
            a, b = repeat[0]
            cycle = " | ".join(game.format_move(m) for m in trace.moves[a:b])
            hint = f"; the position after move {a} comes back after move {b} (cycle: {cycle})"
        raise trace.refute(f"still going after {len(trace.moves)} moves{hint}", state)
    return transitions(step, end)


# ------------------------------------------------------------ exhaustive search

def _take_first(move) -> bool:
    """Search order: taking and passing first (a cycle keeps every card in play and
    needs no throw-ins), otherwise as listed."""
    return not isinstance(move, (Take, type(PASS)))


def search_order(game: Durak) -> Durak:
    """``game`` with its legal moves listed takes and passes first, for :func:`search`."""
    class TakesFirst(type(game)):
        def legal_moves(self, state):
            return tuple(sorted(super().legal_moves(state), key=_take_first))
    return TakesFirst(game.rules, players=game.players)


def search(game: Durak, seed: int, cap: int = STATE_CAP) -> Exploration:
    """Every line of play from one deal, by the kernel's :func:`verifier.api.explore`
    (stopping at the first cycle)."""
    return explore(search_order(game), [Root.deal(game, seed)], max_states=cap, stop_at_cycle=True)


def small_game(game: Durak, players: int, deck: int, hand: int) -> Durak | None:
    try:
        return type(game)(dataclasses.replace(game.rules, deck_size=deck, hand_size=hand), players=players)
    except VariantError:
        return None


@dataclasses.dataclass(frozen=True)
class Deal:
    """What the search found from one deal."""

    seed: int
    status: str                       # "done", "cycle" or "incomplete"
    states: int
    longest: tuple = ()               # the moves of the longest game (when done)
    prefix: tuple = ()                # moves to the repeating position (cycle)
    cycle: tuple = ()                 # the moves that bring it back


def search_deal(game: Durak, seed: int, cap: int = STATE_CAP) -> Deal:
    ex = search(game, seed, cap)
    if ex.cycle is not None:
        _, prefix, loop = ex.cycle
        return Deal(seed, "cycle", ex.states, prefix=prefix, cycle=loop)
    if not ex.complete:
        return Deal(seed, "incomplete", ex.states)
    return Deal(seed, "done", ex.states, longest=ex.longest[1] if ex.longest else ())


def _exhaustive(config: tuple[int, int, int, int], hunt: tuple[int, int, int, int, int] | None = None):
    players, deck, hand, deals = config

    def check(games, budget: Budget) -> Outcome:
        hunted: str = ""
        if hunt is not None:
            hp, hdeck, hhand, hdeals, hcap = hunt
            big = small_game(games[0], hp, hdeck, hhand)
            if big is not None:
                found, seen = [], 0
                for seed in range(hdeals):
                    res = search_deal(big, seed, hcap)
                    seen += res.states
                    if res.status == "cycle":
                        found.append(res)
                if found:
                    shortest = min(found, key=lambda r: (len(r.cycle), len(r.prefix)))
                    return _cycle_outcome(big, shortest, Msg(
                        "{n} players, {deck}-card deck, {hand} cards each: {found} of {deals} deals can cycle, the "
                        "shortest cycle has {moves} moves", n=hp, deck=hdeck, hand=hhand, found=len(found),
                        deals=hdeals, moves=len(shortest.cycle)))
                hunted = Msg(" (before that, {deals} deals of a {deck}-card deck with {hand} cards each: no cycle "
                             "within the first {seen} positions searched)", deals=hdeals, deck=hdeck, hand=hhand,
                             seen=seen)
        game = small_game(games[0], players, deck, hand)
        if game is None:
            return Outcome(HOLDS, Msg("{n} players on {deck} cards is not allowed by these rules (vacuous)", n=players,
                                      deck=deck))
        states, longest, incomplete, cycles, searched = 0, None, [], [], deals
        for seed in range(deals):
            res = search_deal(game, seed)
            states += res.states
            if res.status == "cycle":
                cycles.append(res)
                if len(cycles) == 3:   # enough to show a short witness
                    searched = seed + 1
                    break
            elif res.status == "incomplete":
                incomplete.append(seed)
            elif longest is None or len(res.longest) > len(longest.longest):
                longest = res
        what = Msg("{n} players, {deck}-card deck, {hand} cards each, {deals} deals: {states} positions", n=players,
                   deck=deck, hand=hand, deals=searched, states=states)
        if cycles:
            shortest = min(cycles, key=lambda r: (len(r.cycle), len(r.prefix)))
            return _cycle_outcome(game, shortest, Msg("{what}; {found} of them can cycle, the shortest cycle has "
                                                      "{moves} moves", what=what, found=len(cycles),
                                                      moves=len(shortest.cycle)))
        if incomplete:
            return Outcome(UNKNOWN, Msg("{what}; no cycle, but deals {deals} passed {cap} positions", what=what,
                                        deals=str(incomplete), cap=STATE_CAP))
        moves = Msg.join(" ", map(move_msg, longest.longest))
        return Outcome(HOLDS, Msg("{what}, no cycle; every line of play ends. Longest game: {length} moves (deal seed "
                                  "{seed}: {moves}){hunted}", what=what, length=len(longest.longest),
                                  seed=longest.seed, moves=moves, hunted=hunted))
    return check


def _cycle_outcome(game: Durak, res: Deal, detail: str) -> Outcome:
    start = game.replay(res.seed, res.prefix)
    text = (f"{game.players} players, {game.rules.deck_size}-card deck, {game.rules.hand_size} cards each, "
            f"deal seed {res.seed}: after {len(res.prefix)} moves the position comes back after "
            f"{len(res.cycle)} more, so the game can go on for ever.\n"
            f"start: {game.describe(start)}\n"
            f"prefix: {' | '.join(game.format_move(m) for m in res.prefix) or '(none)'}\n"
            f"cycle: {' | '.join(game.format_move(m) for m in res.cycle)}")
    record = game.record(res.seed, list(res.prefix) + list(res.cycle))
    return Outcome(REFUTED, detail, Counterexample(text, record=record))


@small_configs(GAME)
def small_positions(game: Durak) -> list[Root]:
    """Endgame positions of the game's own rules for the exhaustive part of the kernel's
    invariants (``moves_match_clauses`` among them), from the top three ranks, the rest of
    the deck in the discard: two players with two cards each and two in the stock (none in
    all-dealt Durak); three players with two cards each and no stock (with a stock, throw-in
    Durak for three passes 300,000 positions)."""
    if game.players > 3:
        return []
    r = game.rules
    top = [card_of(c) for c in range(52)][-4 * (r.deck_size // 4):][-12:]
    roots = []
    for seed in range(2):
        cards = list(top)
        rng_for(seed, 7).shuffle(cards)
        hands = [cards[2 * p:2 * p + 2] for p in range(game.players)]
        rest = cards[2 * game.players:2 * game.players + (0 if r.all_dealt or game.players > 2 else 2)]
        trump = Suit.DIAMONDS if r.trump == "diamonds" or not rest else None
        state = game.position(hands, rest, trump=trump)
        roots.append(Root(state, f"small position {seed} ({game.describe(state)})"))
    return roots


# ---------------------------------------------------------------- registration

def preset_games(games: Sequence[Durak], preset: str) -> list[Durak]:
    """The given games with one preset's settings applied over their rules."""
    out = []
    for g in games:
        try:
            out.append(type(g)(dataclasses.replace(g.rules, **PRESETS[preset]), players=g.players))
        except VariantError:
            continue
    return out


def _on_preset(check, preset: str):
    def run(games, budget: Budget) -> Outcome:
        return check(preset_games(games, preset), budget)
    return run


#: name -> (title, clauses, method, check): a :class:`~verifier.api.Walked` check is played on the
#: runner's shared random walk (one for all properties of the same rules); the others run alone.
CHECKS = {
    "attack_limit": (N_("A bout never holds more attacking cards than the defender held when it began"),
                     ("durak-attack-limit", "durak-lead", "durak-throw-in", "durak-transfer"), "hypothesis",
                     Walked(attack_limit)),
    "beats_legal": (N_("Every beaten pair on the table is a legal beat under the trump rules"),
                    ("durak-beat", "durak-trump", "durak-reversed-penalty"), "hypothesis", Walked(beats_legal)),
    "transfers_allowed": (N_("An attack passes to another player only by an allowed transfer"),
                          ("durak-transfer", "durak-reversed-penalty"), "hypothesis", Walked(transfers_allowed)),
    "deal_shape": (N_("The deal gives the rules' hand sizes, turns the trump card under the stock, and the rules' "
                   "first attacker (the lowest trump, or previous_winner) attacks first"),
                   ("durak-deal", "durak-trump", "durak-first-attack"), "hypothesis", Walked(deal_shape)),
    "views": (N_("Each player sees his own hand only (reversed: every hand but his own), never the stock"),
              ("durak-reversed-view",), "hypothesis", Walked(views)),
    "winners_in_order": (N_("The winners are listed in the order they went out; the first out is the winner"),
                         ("durak-winner", "durak-out"), "hypothesis", Walked(winners_in_order)),
    "throw_in_timing": (N_("Throw-ins come only when the rules allow them; while the defender beats "
                        "(while_beating) the throwers are asked after every beat"),
                        ("durak-throw-in", "durak-throwers"), "hypothesis", Walked(throw_in_timing)),
    "bouts_end": (N_("Every bout ends in a discard (all beaten) or a pickup by one player"),
                  ("durak-take", "durak-throw-in", "durak-next-attacker", "durak-reversed-penalty"),
                  "hypothesis", Walked(bouts_end)),
    "after_bout": (N_("After each bout everyone draws from the top of the stock, attacker first and defender "
                   "last, and the right player attacks next"),
                   ("durak-draw", "durak-next-attacker", "durak-out"), "hypothesis", Walked(after_bout)),
    "one_durak": (N_("At the end exactly one player holds cards and is the durak, or nobody does and the "
                  "result is the defined draw"), ("durak-end", "durak-out", "durak-draw"), "hypothesis",
                  Walked(one_durak)),
    "ranking_2p": (N_("Two players: each attack finds (stock, cards in play, attacker's hand) lower than the one "
                   "before, so the game ends"), ("durak-next-attacker", "durak-draw", "durak-end"), "hypothesis",
                   Walked(ranking_2p)),
    "terminates": (N_("Random games on the full deck end"), ("durak-end",), "hypothesis", Walked(terminates)),
    "terminates_2p_small": (N_("Two players, small deck: no line of play cycles (exhaustive)"),
                            ("durak-end", "durak-next-attacker"), "exhaustive", _exhaustive(SMALL_2P, HUNT_2P)),
    "terminates_3p_small": (N_("Three players, small deck: no line of play cycles (exhaustive)"),
                            ("durak-end", "durak-next-attacker"), "exhaustive", _exhaustive(SMALL_3P)),
}

#: The generic properties also checked per preset.
GENERIC = {
    "cards_conserved": (N_("Every card is in exactly one place at every step"), Walked(generic.cards_conserved)),
    "save_load": (N_("A saved game loads back to the same state"), Walked(generic.save_load)),
}

#: Where the generic claims are made: ``zero_sum`` is about finished games, and with ``lead = pair`` the lead
#: can be passed round for ever, so a random game seldom ends (none of 60 within 5,000 plays with 4 players).
GENERIC_SCOPES = {"zero_sum": Scope("lead ≠ pair", lambda rules, players: rules.lead != "pair")}

#: Walked checks about some of the games given: name -> (those games, the verdict's text when there are none).
ONLY = {"ranking_2p": (two_players, Msg("no 2-player game in these rules (vacuous)"))}

#: Honest expectations: (property, preset or None for the rules under test) -> verdict; default holds.
EXPECTED: dict[tuple[str, str | None], str] = {}
for _v in (None,) + VARIANTS:
    EXPECTED[("terminates_3p_small", _v)] = REFUTED
for _name in ("terminates", "terminates_2p_small"):
    EXPECTED[(_name, "english_pairs")] = REFUTED
EXPECTED[("terminates_2p_small", "reversed")] = REFUTED
EXPECTED[("terminates_2p_small", "transfer")] = REFUTED
for _v in ("transfer", "reversed", "english_pairs"):   # the two-player argument does not cover these
    EXPECTED[("ranking_2p", _v)] = REFUTED


def _has_two(games) -> bool:
    return any(g.players == 2 for g in games)


def _has_three_or_more(games) -> bool:
    return any(g.players >= 3 for g in games)


#: Per-player-count claims are skipped when the games checked have no such count.
APPLIES = {"ranking_2p": _has_two, "terminates_2p_small": _has_two, "terminates_3p_small": _has_three_or_more}


def effective(rules, preset: str | None):
    """The rules a property checks: the point's rules, with the preset's settings over them."""
    return rules if preset is None else dataclasses.replace(rules, **PRESETS[preset])


def _covered_by_argument(rules) -> bool:
    """The two-player argument (see the rulebook) covers these rules: no transfer, no reversed
    penalty, and a lead that is never passed on (``lead`` other than ``pair``)."""
    return not rules.transfer and not rules.reversed and rules.lead != "pair"


def _preset_alone(preset: str):
    """Whether the point is the preset's own rules: every option the preset does not set at its default."""
    fields = [f for f in dataclasses.fields(rules_module.Rules) if f.name not in PRESETS[preset]]
    base = rules_module.Rules()
    return lambda rules, players: all(getattr(rules, f.name) == getattr(base, f.name) for f in fields)


#: (property, preset) -> the scope of its claim, as a function of the preset (checked on :func:`effective`
#: rules). The two-player claims hold where the argument covers the rules; random games end unless the
#: lead can be passed round for ever; the refutations found by sampled play of one preset are claimed
#: at that preset's own rules (elsewhere what play finds is a finding about the variant).
ARGUMENT = Msg("transfer = false, reversed = false, lead ≠ pair")


def scope_of(name: str, preset: str | None) -> Scope | None:
    expected = EXPECTED.get((name, preset), HOLDS)
    if name in ("ranking_2p", "terminates_2p_small") and expected == HOLDS:
        return Scope(ARGUMENT, lambda rules, players: _covered_by_argument(effective(rules, preset)))
    if name == "terminates" and expected == HOLDS:
        return Scope("lead ≠ pair", lambda rules, players: effective(rules, preset).lead != "pair")
    if name == "terminates_2p_small" and preset in ("transfer", "reversed"):
        # a cap of one card leaves no transfer and no second card to throw in: both loops need two
        return Scope("max_bout_cards ≠ 1", lambda rules, players: effective(rules, preset).max_bout_cards != 1)
    if name == "ranking_2p" and expected == REFUTED:
        return Scope(Msg("the {preset} preset alone, every other option at its default", preset=preset),
                     _preset_alone(preset))
    return None


def _on_some(check, only: tuple):
    """``check`` on the games of :data:`ONLY` that it is about."""
    pick, vacuous = only

    def run(games, budget: Budget) -> Outcome:
        mine = pick(games)
        return check(mine, budget) if mine else Outcome(HOLDS, vacuous)
    return run


def _add(name: str, title: str, clauses: tuple, method: str, check, preset: str | None = None) -> None:
    """Register a property of :data:`CHECKS` or :data:`GENERIC`, for the rules under test or one preset.

    A walked check tells the runner the game objects it samples (``adapt``), so that it shares
    the walk of the other properties of the same rules; its own ``check`` still picks them itself.
    """
    shared = adapt = None
    if isinstance(check, Walked):
        shared, check = check, check.check
        pick = ONLY.get(name, (None,))[0]
        if pick is not None:
            check = _on_some(check, ONLY[name])
        adapt = pick if preset is None else lambda games: (pick or list)(preset_games(games, preset))
    if preset is not None:
        check = _on_preset(check, preset)   # its title is shown with the preset's name (Property.shown_title)
    REGISTRY.add(Property(GAME, f"{name}@{preset}" if preset else name, title, clauses, method,
                          EXPECTED.get((name, preset), HOLDS), check, applies=APPLIES.get(name),
                          shared=shared, adapt=adapt, scope=scope_of(name, preset)))


def _register() -> None:
    for name, (title, clauses, method, check) in CHECKS.items():
        _add(name, title, clauses, method, check)
    for v in VARIANTS:
        for name, (title, check) in (GENERIC.items() if v != "english_pairs" else ()):
            _add(name, title, (), "hypothesis", check, v)
        for name, (title, clauses, method, check) in CHECKS.items():
            _add(name, title, clauses, method, check, v)


_register()


#: the rulebook's worked endgame: leading the pair of sixes only draws, the lone 6♠ or the K♠ loses, and 8♣ wins
ENDGAME_EXAMPLE = "trump=♠; attacker=0; p0=6♠ 6♥ 8♣ K♠; p1=7♠ 10♠ J♠ A♦"
_ENDGAME_WORDS = {"move": N_("P0's first move"), "value": N_("value"), "result": N_("with best play"),
                  "line": N_("the best play that follows")}


def endgame_table(lang: str = "en", position: str = ENDGAME_EXAMPLE):
    """The endgame solver on the page's worked example, computed when the book is built: every legal first
    move, its exact value (from P0's side), what that means, and a best line after it."""
    from spec.games._durak_solver import MEANINGS, Solver, parse_position
    from spec.i18n import tr
    game = Durak(players=2)
    state, solver = parse_position(game, position), Solver(game)
    rows = []
    for move in game.legal_moves(state):
        after = game.play(state, move)
        value = solver.value(after)
        rows.append([game.format_move(move, lang), f"{value:+d}", tr(lang, MEANINGS[value]),
                     " · ".join(game.format_move(m, lang) for m in solver.line(after))])
    return [tr(lang, w) for w in _ENDGAME_WORDS.values()], rows


def main(argv: Sequence[str] | None = None) -> None:
    """Larger exhaustive searches than the build can afford, e.g.
    ``python -m verifier.games.durak --preset simple --deck 12 --hand 3 --players 2 --deals 3``."""
    import argparse
    import time

    from spec.games.durak import Rules
    from spec.rules import make_rules
    ap = argparse.ArgumentParser(description="Durak: exhaustive state-graph search per deal")
    ap.add_argument("--preset", default="simple", choices=sorted(PRESETS))
    ap.add_argument("--deck", type=int, default=12)
    ap.add_argument("--hand", type=int, default=3)
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--deals", type=int, default=3)
    ap.add_argument("--cap", type=int, default=2_000_000)
    args = ap.parse_args(argv)
    rules = dataclasses.replace(make_rules(Rules, PRESETS[args.preset]), deck_size=args.deck, hand_size=args.hand)
    game = Durak(rules, players=args.players)
    for seed in range(args.deals):
        start = time.perf_counter()
        res = search_deal(game, seed, args.cap)
        what = {"done": f"no cycle, longest game {len(res.longest)} moves",
                "cycle": f"cycle of {len(res.cycle)} moves after {len(res.prefix)}",
                "incomplete": "state cap reached"}[res.status]
        print(f"deal {seed}: {res.states} positions, {what} ({time.perf_counter() - start:.1f} s)", flush=True)


if __name__ == "__main__":
    main()
