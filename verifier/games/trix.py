"""Trix's own properties: contract totals, zero-sum (and each variant's),
choosing contracts over twenty deals, the cards a player may play, and whether
the Trix contract can stall.

The z3 models use 0/1 one-hot variables: for every card, exactly one of
"taken by P0 ... P3" is 1 (with doubling: exactly one of "not doubled,
taken by P_t" / "doubled by P_h, taken by P_t"); for every trick, exactly one
taker; for every Trix place, exactly one player. A player's points are
linear sums of those variables weighted by the rules module's own scoring
(:func:`~spec.games.trix.card_award`, :func:`~spec.games.trix.trick_points`,
:func:`~spec.games.trix.place_points`, called through the module, so that a
rule broken with ``CLAUSES.replaced`` is seen), the same functions the engine
scores deals with; the property ``random_games_agree`` checks that the
engine's deals really score that way.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

import z3

import spec.games.trix as rules_module
from spec.i18n import N_, Msg
from spec.cards import SUIT_ORDER, Card, Rank, Suit, format_card, format_cards, make_deck
from spec.games.trix import (
    CONTRACT_ORDER, KEEP, N_DEALS, PENALISED_CONTRACTS, PLAYERS, REDEAL, SEVEN_OF_HEARTS, Choose, Contract, NoDouble,
    Trix,
    deal_hands, first_dealer, holder_of, stated_total,
)
from verifier.core import HOLDS, REFUTED, REGISTRY, UNKNOWN, Budget, Counterexample, Outcome, Scope
from verifier.api import (
    Claim, Root, Trace, Watch, invariant, small_configs, steered, variants_of, walk, walked, z3_claim,
)
from verifier.sampling import sample
from verifier.z3util import one_hot, prove, value

GAME = "trix"
DECK = make_deck("52")
CONTRACTS = CONTRACT_ORDER


# ------------------------------------------------------------ where the claims hold
#
# Three house rules break the zero total, each in its own way: doubling without paying the holder
# (the extra penalty goes to nobody), a chain Trix contract that stops at a round of passes (players
# left holding cards score nothing), and the 7♥ holder choosing again after all five (some contracts
# are played more than four times). The claims about totals are made where none of them is in force.

def doubling_balanced(rules) -> bool:
    """Doubling is off, or pays the holder what the taker loses beyond the plain penalty."""
    return not rules.doubling or rules.doubling_pays_holder


def trix_always_complete(rules) -> bool:
    """Every Trix deal gives out all four places: the chain restarts after a round of passes, or the
    rows, which never stall (``trix_rows_no_deadlock``), are played."""
    return rules.trix_all_pass == "restart" or rules.trix_layout == "rows"


def five_choices_each(rules) -> bool:
    """Every player chooses exactly five times, each contract once (``choice_rule_consistent``)."""
    return rules.chooser != "seven_of_hearts_repeat"


DOUBLING_SCOPE = Scope("doubling = false, or doubling_pays_holder = true",
                       lambda rules, players: doubling_balanced(rules))
TRIX_SCOPE = Scope("trix_all_pass = restart, or trix_layout = rows",
                   lambda rules, players: trix_always_complete(rules))
DEALS_SCOPE = Scope("doubling = false or doubling_pays_holder = true; trix_all_pass = restart or trix_layout = rows",
                    lambda rules, players: doubling_balanced(rules) and trix_always_complete(rules))
CHOICE_SCOPE = Scope("chooser = rotate, seven_of_hearts or kingdom", lambda rules, players: five_choices_each(rules))
GAME_SCOPE = Scope("doubling = false or doubling_pays_holder = true; trix_all_pass = restart or trix_layout = rows; "
                   "chooser = rotate, seven_of_hearts or kingdom",
                   lambda rules, players: doubling_balanced(rules) and trix_always_complete(rules)
                   and five_choices_each(rules))

#: Where the generic claims of the game's metadata hold: ``zero_sum`` (``INFO.zero_sum``: every finished
#: game's points add up to 0) under the same rules as ``game_zero_sum``.
GENERIC_SCOPES = {"zero_sum": GAME_SCOPE}


def with_rules(game: Trix, **changes) -> Trix:
    """The same game class (possibly a mutant) with some rules fields changed."""
    return type(game)(dataclasses.replace(game.rules, **changes), players=game.players)


# ------------------------------------------------------------ deal models

class DealModel:
    """z3 model of one deal of one contract, over every distribution.

    Trick contracts: every card of the pack and every one of the 13 tricks
    goes to exactly one player, and each player's cards number four times
    their tricks. With doubling, each doublable card also has a holder and
    a choice to double or not. Trix contract: places 1-4 go to distinct
    players (under ``trix_all_pass = "end_deal"`` the last places may go
    unawarded, as when the contract stalls).
    """

    def __init__(self, game: Trix, contract: Contract, s: z3.Solver, tag: str):
        self.game, self.contract, self.tag = game, contract, tag
        terms: list[list[Any]] = [[] for _ in range(PLAYERS)]
        self.options: list[tuple[Card, list, list[tuple[int | None, int]]]] = []
        self.tricks: list[list] = []
        self.places: list[list] = []
        if contract is Contract.TRIX:
            self._trix(s, terms)
        else:
            self._tricks(s, terms)
        self.scores = [z3.Sum(t) if t else z3.IntVal(0) for t in terms]
        self.total = z3.Sum(self.scores)

    def _tricks(self, s: z3.Solver, terms) -> None:
        game, k = self.game, self.contract
        rules = game.rules
        took = [[] for _ in range(PLAYERS)]
        for i, card in enumerate(DECK):
            if rules_module.may_double(k, card, rules):
                opts = [(None, t) for t in range(PLAYERS)] + [(h, t) for h in range(PLAYERS) for t in range(PLAYERS)]
            else:
                opts = [(None, t) for t in range(PLAYERS)]
            xs = one_hot(s, f"{self.tag}_c{i}", len(opts))
            self.options.append((card, xs, opts))
            for x, (h, t) in zip(xs, opts):
                took[t].append(x)
                for q, pts in rules_module.card_award(k, card, t, h, rules):
                    terms[q].append(pts * x)
        per_trick = rules_module.trick_points(k, rules)
        won = [[] for _ in range(PLAYERS)]
        for j in range(13):
            ys = one_hot(s, f"{self.tag}_t{j}", PLAYERS)
            self.tricks.append(ys)
            for p, y in enumerate(ys):
                won[p].append(y)
                if per_trick:
                    terms[p].append(per_trick * y)
        for p in range(PLAYERS):
            s.add(z3.Sum(took[p]) == 4 * z3.Sum(won[p]))

    def _trix(self, s: z3.Solver, terms) -> None:
        game = self.game
        may_stall = game.rules.trix_layout == "chain" and game.rules.trix_all_pass == "end_deal"
        width = PLAYERS + (1 if may_stall else 0)  # last slot: nobody
        for i in range(PLAYERS):
            ys = one_hot(s, f"{self.tag}_place{i + 1}", width)
            self.places.append(ys)
            for p in range(PLAYERS):
                terms[p].append(rules_module.place_points(i + 1, game.rules) * ys[p])
        for p in range(PLAYERS):
            s.add(z3.Sum([ys[p] for ys in self.places]) <= 1)
        if may_stall:
            nobody = [ys[PLAYERS] for ys in self.places]
            s.add(*[nobody[i] <= nobody[i + 1] for i in range(PLAYERS - 1)])
            s.add(nobody[PLAYERS - 2] == nobody[PLAYERS - 1])  # three out: the fourth is last

    def describe(self, m: z3.ModelRef) -> tuple[str, dict[str, str]]:
        """The distribution in card notation: scoring cards, tricks or places."""
        scores = [value(m, x) for x in self.scores]
        deal: dict[str, str] = {}
        if self.contract is Contract.TRIX:
            order = []
            for i, ys in enumerate(self.places):
                who = next(j for j, y in enumerate(ys) if value(m, y) == 1)
                order.append(f"{i + 1}. {'P' + str(who) if who < PLAYERS else 'nobody (stalled)'}")
            deal["places"] = ", ".join(order)
        else:
            pile = [[] for _ in range(PLAYERS)]
            notes = []
            for card, xs, opts in self.options:
                h, t = opts[next(j for j, x in enumerate(xs) if value(m, x) == 1)]
                pile[t].append(card)
                if h is not None:
                    notes.append(f"P{h} holds {format_card(card)} and doubles it, P{t} takes it")
            tricks = [sum(value(m, ys[p]) for ys in self.tricks) for p in range(PLAYERS)]
            for p in range(PLAYERS):
                scoring = [c for c in pile[p] if rules_module.card_points(self.contract, c, self.game.rules)]
                deal[f"P{p} takes"] = (f"{tricks[p]} trick{'s' * (tricks[p] != 1)}: "
                                       + (format_cards(scoring) or "no scoring card")
                                       + f" (+{len(pile[p]) - len(scoring)} others)")
            if notes:
                deal["doubling"] = "; ".join(notes)
        deal["points"] = " ".join(f"P{p} {scores[p]}" for p in range(PLAYERS)) + f"; total {sum(scores)}"
        text = f"{self.contract.label}: " + "; ".join(f"{k}: {v}" for k, v in deal.items())
        return text, deal


def _size(model: DealModel) -> int:
    return sum(len(xs) for _, xs, _ in model.options) + 4 * len(model.tricks) + sum(len(y) for y in model.places)


# ------------------------------------------------------ per-contract totals

def total_proof(game: Trix, contract: Contract, budget: Budget):
    """z3: can one deal of ``contract`` total anything but its stated total?

    Returns ``(verdict, model, deal model, reason)``; ``holds`` means never.
    A fresh solver every time: no proof is cached between properties, so each
    property's time is its own.
    """
    want = stated_total(contract, game.rules)
    box = {}

    def build(s):
        box["m"] = DealModel(game, contract, s, "d")
        s.add(box["m"].total != want)
    ans = prove(build, budget.z3_timeout_ms)
    return ans.verdict, ans.model, box["m"], ans.reason


def _total_claim(contract: Contract):
    """z3: one deal of ``contract`` totals its stated total, however it falls."""
    def claim(game: Trix, solver: z3.Solver) -> Claim:
        want = stated_total(contract, game.rules)
        m = DealModel(game, contract, solver, "d")
        solver.add(m.total != want)
        def refute(model):
            text, deal = m.describe(model)
            return Counterexample(f"the {contract.label} deal does not total {want:+d}: {text}", deal=deal)
        if contract is Contract.TRIX:
            return Claim(Msg("z3, {variables} one-hot variables: every way the 4 finishing places can go to the four "
                             "players gives a total of {total}", variables=_size(m), total=f"{want:+d}"), refute)
        return Claim(Msg("z3, {variables} one-hot variables: every way the 52 cards and 13 tricks can go to the four "
                         "players gives a total of {total}", variables=_size(m), total=f"{want:+d}"), refute)
    return claim


_TOTAL_CLAUSES = {
    Contract.KING: ["trix-card-points", "trix-doubling"],
    Contract.DIAMONDS: ["trix-card-points"],
    Contract.GIRLS: ["trix-card-points", "trix-doubling"],
    Contract.COLLECTIONS: ["trix-trick-points"],
    Contract.TRIX: ["trix-trix-places", "trix-trix-all-pass", "trix-trix-last"],
}
_TOTAL_TITLES = {
    Contract.KING: N_("King: the points of a deal total the stated −75, however the cards and tricks fall"),
    Contract.DIAMONDS: N_("Diamonds: the points of a deal total the stated −130 (−195 at 15 a diamond), however the "
                       "cards and tricks fall"),
    Contract.GIRLS: N_("Girls: the points of a deal total the stated −100, however the cards and tricks fall"),
    Contract.COLLECTIONS: N_("Collections: the points of a deal total the stated −195 (−130 at 10 a trick), however the "
                          "tricks fall"),
    Contract.TRIX: N_("Trix: the points of a deal total the stated +500, whatever the finishing order"),
}
#: every total changes sign under positive_negative (the rules' own stated_total, which the claim uses)
_TOTAL_SCOPES = {Contract.KING: DOUBLING_SCOPE, Contract.GIRLS: DOUBLING_SCOPE, Contract.TRIX: TRIX_SCOPE}
for _k in CONTRACTS:
    z3_claim(GAME, f"{_k.value}_total", title=_TOTAL_TITLES[_k], clauses=_TOTAL_CLAUSES[_k],
             scope=_TOTAL_SCOPES.get(_k))(_total_claim(_k))


@z3_claim(GAME, "contracts_zero_sum", title="The five contracts' totals add up to 0",
          clauses=["trix-zero-sum", "trix-card-points", "trix-trick-points", "trix-trix-places"], scope=DEALS_SCOPE)
def contracts_zero_sum(game: Trix, solver: z3.Solver) -> Claim:
    models = [DealModel(game, k, solver, f"k{i}") for i, k in enumerate(CONTRACTS)]
    solver.add(z3.Sum([m.total for m in models]) != 0)

    def refute(model):
        lines, deal = [], {}
        for m in models:
            text, d = m.describe(model)
            lines.append(text)
            deal[m.contract.label] = d["points"]
        total = sum(value(model, m.total) for m in models)
        return Counterexample(f"one deal of each contract totals {total}, not 0:\n" + "\n".join(lines), deal=deal)
    return Claim(Msg("z3, {variables} one-hot variables: one deal of each contract, each distributed "
                     "independently, always sums to 0", variables=sum(_size(m) for m in models)), refute)


# ------------------------------------------------------- the 20-deal game

def deal_total_set(game: Trix, contract: Contract) -> list[int]:
    """Every total one deal of ``contract`` can have, by exhaustion.

    A deal's total is a sum of independent parts -- each card's award
    (:func:`~spec.games.trix.card_award`, over who holds, doubles and
    takes it), each trick's points, each place's points -- so the possible
    totals are the sums of one value per part. (Any split of the scoring
    cards can be completed so that everyone's cards number four per trick.)
    """
    parts: list[set[int]] = []
    rules = game.rules
    if contract is Contract.TRIX:
        pts = [rules_module.place_points(i, rules) for i in range(1, PLAYERS + 1)]
        if rules.trix_layout == "chain" and rules.trix_all_pass == "end_deal":
            return sorted({0, pts[0], pts[0] + pts[1], sum(pts)})
        return [sum(pts)]
    for card in DECK:
        opts = [(None, t) for t in range(PLAYERS)]
        if rules_module.may_double(contract, card, rules):
            opts += [(h, t) for h in range(PLAYERS) for t in range(PLAYERS)]
        parts.append({sum(pts for _, pts in rules_module.card_award(contract, card, t, h, rules)) for h, t in opts})
    parts += [{rules_module.trick_points(contract, rules)}] * 13
    totals = {0}
    for part in parts:
        totals = {a + b for a in totals for b in part}
    return sorted(totals)


def deal_witness(game: Trix, contract: Contract, total: int, budget: Budget) -> str:
    """z3: a distribution of one deal with the given total, in card notation."""
    box = {}

    def build(s):
        box["m"] = DealModel(game, contract, s, "w")
        s.add(box["m"].total == total)
    ans = prove(build, budget.z3_timeout_ms)
    if ans.verdict != REFUTED:
        return f"(z3 found no distribution: {ans.verdict})"
    return box["m"].describe(ans.model)[0]


class ChoiceModel:
    """z3 model of the source's literal contract choice: the player dealt the
    7♥ chooses every deal, from the contracts they have not chosen yet (any,
    once all five are used).

    ``holder[d][p]``: player ``p`` is dealt the 7♥ in deal ``d`` (and chooses);
    ``x[d][k]``: contract ``k`` is played in deal ``d``; ``has[d][p][k]``:
    ``p`` chose ``k`` before deal ``d``. What may be chosen follows the
    rules' :func:`~spec.games.trix.contract_options` (tabulated over
    the 32 sets of contracts already chosen, or the plain rule when the table
    is exactly that).
    """

    def __init__(self, game: Trix, s: z3.Solver, deals: int = N_DEALS):
        D, P, K = deals, PLAYERS, len(CONTRACTS)
        self.D = D
        B = z3.Bool
        self.x = [[B(f"x_{d}_{k}") for k in range(K)] for d in range(D)]
        self.ch = [[B(f"h_{d}_{p}") for p in range(P)] for d in range(D)]
        for row in self.x + self.ch:
            s.add(z3.PbEq([(v, 1) for v in row], 1))
        self.has = [[[z3.BoolVal(False)] * K for _ in range(P)]]
        for d in range(D):
            self.has.append([[z3.Or(self.has[d][p][k], z3.And(self.ch[d][p], self.x[d][k])) for k in range(K)]
                             for p in range(P)])
        plain = game.rules.order == "free" and options_are_plain(game)
        for d in range(D):
            for p in range(P):
                if plain:
                    left = z3.Not(z3.And(self.has[d][p]))
                    s.add(*[z3.Implies(z3.And(self.ch[d][p], self.x[d][k], left), z3.Not(self.has[d][p][k]))
                            for k in range(K)])
                    continue
                for mask in range(1 << K):
                    chosen = tuple(c for i, c in enumerate(CONTRACTS) if mask >> i & 1)
                    allowed = {CONTRACTS.index(c) for c in rules_module.contract_options(chosen, game.rules)}
                    state = [self.has[d][p][k] if mask >> k & 1 else z3.Not(self.has[d][p][k]) for k in range(K)]
                    s.add(z3.Implies(z3.And(self.ch[d][p], *state),
                                     z3.Or([self.x[d][k] for k in allowed] or [z3.BoolVal(False)])))

    def exhausted(self, d: int) -> z3.BoolRef:
        """The chooser of deal ``d`` has already chosen all five contracts."""
        K = len(CONTRACTS)
        return z3.Or([z3.And(self.ch[d][p], *[self.has[d][p][k] for k in range(K)]) for p in range(PLAYERS)])

    def sequence(self, m: z3.ModelRef) -> list[tuple[int, Contract]]:
        """(holder and chooser, contract) per deal."""
        out = []
        for d in range(self.D):
            p = next(i for i, v in enumerate(self.ch[d]) if value(m, v))
            k = next(i for i, v in enumerate(self.x[d]) if value(m, v))
            out.append((p, CONTRACTS[k]))
        return out


def options_are_plain(game: Trix) -> bool:
    """Whether the rules' :func:`~spec.games.trix.contract_options` is,
    on every set of contracts already chosen, "those not chosen yet, or all
    five when none is left" (checked on all 32 sets)."""
    for mask in range(1 << len(CONTRACTS)):
        chosen = tuple(c for i, c in enumerate(CONTRACTS) if mask >> i & 1)
        left = [c for c in CONTRACTS if c not in chosen] or list(CONTRACTS)
        if sorted(k.value for k in rules_module.contract_options(chosen, game.rules)) != sorted(k.value for k in left):
            return False
    return True


def _holder_note(h: int | None) -> str:
    return "" if h is None else f"7♥ with P{h}, "


class ChoiceRuns:
    """Every way the twenty contract choices can go, exhaustively.

    Who chooses depends only on the deal number, the first 7♥ holder, the
    current 7♥ holder and how many times each player has chosen (the
    arguments of :func:`~spec.games.trix.designated_chooser`), never on
    *which* contracts were chosen; and what a player may choose depends only
    on their own earlier choices (:func:`~spec.games.trix.contract_options`).
    So the search splits in two:

    * *who chooses*: a search over (first holder, choice counts) states,
      deal by deal, over every 7♥ holder -- ``finals`` maps each reachable
      final count vector to one witness run (holders, choosers);
    * *what each player chooses*: for each number of choices ``m``, every
      multiset of contracts a player can end with (states hashed by the
      multiset, as the options depend on the choices made, not their order),
      with one witness sequence and whether the player was ever asked to
      choose with all five already chosen.
    """

    def __init__(self, game: Trix):
        self.game = game
        level = {}
        for first in range(PLAYERS):
            level[(first, (0,) * PLAYERS)] = ((), ())
        self.states = len(level)
        for d in range(N_DEALS):
            nxt = {}
            for (first, counts), (holders, choosers) in level.items():
                for h in ([first] if d == 0 else range(PLAYERS)):
                    p = rules_module.designated_chooser(game.rules.chooser, d, first, h, counts)
                    c = list(counts)
                    c[p] += 1
                    key = (first, tuple(c))
                    if key not in nxt:
                        nxt[key] = (holders + (h,), choosers + (p,))
            level = nxt
            self.states += len(level)
        self.finals = {}
        for (first, counts), run in level.items():
            self.finals.setdefault(counts, (first,) + run)
        self._players: dict[int, dict] = {}

    def player(self, m: int) -> dict[tuple, tuple[tuple[Contract, ...], bool]]:
        """Final multisets (sorted by contract order) of a player who chooses
        ``m`` times -> (a witness sequence, whether they were ever asked
        with all five already chosen)."""
        if m not in self._players:
            order = {k: i for i, k in enumerate(CONTRACTS)}
            level = {((), False): ()}
            for _ in range(m):
                nxt = {}
                for (ms, stuck), seq in level.items():
                    now = stuck or set(seq) >= set(CONTRACTS)
                    for k in rules_module.contract_options(seq, self.game.rules):
                        key = (tuple(sorted(ms + (k,), key=order.__getitem__)), now)
                        nxt.setdefault(key, seq + (k,))
                self.states += len(nxt)
                level = nxt
            out: dict = {}
            for (ms, stuck), seq in level.items():
                if ms not in out or (stuck and not out[ms][1]):
                    out[ms] = (seq, stuck)
            self._players[m] = out
        return self._players[m]


def _penalty(game: Trix, seq: Sequence[Contract], p: int) -> int:
    chosen = [tuple(CONTRACTS)] * PLAYERS
    chosen[p] = tuple(seq)
    return rules_module.missed_penalties(chosen, game.rules)[p]


def game_sum_check(game: Trix, budget: Budget, label: str) -> Outcome:
    """Over every legal sequence of contract choices and every distribution
    of every deal, the twenty deals' points (and any missed-contract
    penalties) add up to 0. For partnership this is pair against pair.

    Deal totals: z3 proves each contract's total constant
    (:func:`total_proof`); where it finds a deal off it, every possible
    total is listed by :func:`deal_total_set`. Choices: :class:`ChoiceRuns`.
    """
    rules = game.rules
    sets = {}
    for k in CONTRACTS:
        verdict, model, m, reason = total_proof(game, k, budget)
        if verdict == UNKNOWN:
            return Outcome(UNKNOWN, Msg("{label}z3 on the {contract} total: {reason}", label=label,
                                        contract=k.label, reason=reason))
        if verdict == HOLDS:
            sets[k] = [stated_total(k, rules)]
        else:  # z3 found a deal off the stated total; list every possible total by exhaustion
            sets[k] = deal_total_set(game, k)
    spread = ", ".join(f"{k.label} {'/'.join(f'{v:+d}' for v in sets[k])}" for k in CONTRACTS)
    runs = ChoiceRuns(game)
    sums_of: dict[tuple[int, int], dict[int, tuple]] = {}   # (player, choices) -> {sum: (seq, totals, penalty)}
    worst = None   # the non-zero game total nearest 0, with its run and picks
    for counts, run in runs.finals.items():
        combos = {0: ()}
        for p, m in enumerate(counts):
            if (p, m) not in sums_of:
                sums = {}
                for ms, (seq, _) in runs.player(m).items():
                    pen = _penalty(game, seq, p)
                    partial = {0: ()}
                    for k in seq:
                        partial = {a + v: w + (v,) for a, w in partial.items() for v in sets[k]}
                    for a, w in partial.items():
                        sums.setdefault(a + pen, (seq, w, pen))
                sums_of[p, m] = sums
            combos = {a + b: w + (b,) for a, w in combos.items() for b in sums_of[p, m]}
        for v in combos:
            if v and (worst is None or (abs(v), v) < (abs(worst[0]), worst[0])):
                worst = (v, run, [sums_of[p, m][b] for p, (m, b) in enumerate(zip(counts, combos[v]))])
    if worst is not None:
        return _game_sum_refuted(game, budget, label, spread, worst[1], worst[2], worst[0], sets)
    who = Msg("pair against pair") if rules.partnership else Msg("all four players")
    extra = Msg("; missed-contract penalties included") if rules.missed_contract_penalty else ""
    return Outcome(HOLDS, Msg("{label}z3 proves every deal total constant ({spread}); an exhaustive search of the "
                              "choices ({states} states: every 7♥ holder, chooser '{chooser}', order '{order}') "
                              "finds every game summing to 0 ({who}){extra}", label=label, spread=spread,
                              states=runs.states, chooser=rules.chooser, order=rules.order, who=who, extra=extra))


def _off_witnesses(game: Trix, budget: Budget, sets) -> list[str]:
    """For each contract whose deal total can vary, z3's deal with the total
    nearest its usual one, in card notation."""
    out = []
    for k in CONTRACTS:
        want = stated_total(k, game.rules)
        offs = [v for v in sets[k] if v != want]
        if offs:
            v = min(offs, key=lambda x: (abs(x - want), x))
            out.append(f"  a {k.label} deal totalling {v:+d} (z3): {deal_witness(game, k, v, budget)}")
    return out


def _deals(run, picks):
    """Per deal: (holder, chooser, contract, total) from a chooser run and each player's pick."""
    first, holders, choosers = run
    nth = [0] * PLAYERS
    out = []
    for d, p in enumerate(choosers):
        seq, values, _ = picks[p]
        out.append((holders[d], p, seq[nth[p]], values[nth[p]]))
        nth[p] += 1
    return out


def _game_sum_refuted(game, budget, label, spread, run, picks, total, sets) -> Outcome:
    rules = game.rules
    seven = rules.chooser not in ("rotate", "kingdom")
    lines = [f"{label}a {N_DEALS}-deal game whose points add up to {total:+d}, not 0 "
             f"(possible deal totals: {spread}); P{run[0]} holds the 7♥ in deal 1:"]
    deals = _deals(run, picks)
    odd = []
    for d, (h, p, k, v) in enumerate(deals):
        mark = ""
        if v != stated_total(k, rules):
            mark = "  <- not the contract's usual total"
            odd.append(k)
        lines.append(f"  deal {d + 1:2}: {_holder_note(h if seven else None)}P{p} chooses {k.label:11} "
                     f"total {v:+d}{mark}")
    for p, (seq, _, pen) in enumerate(picks):
        if pen:
            missed = ", ".join(k.label for k in PENALISED_CONTRACTS if k not in seq)
            lines.append(f"  end: P{p} never chose {missed}: charged {pen:+d}")
    lines += _off_witnesses(game, budget, sets)
    deal = {f"deal {d + 1}": f"P{p} chooses {k.label}, total {v:+d}" for d, (_, p, k, v) in enumerate(deals)}
    offs = [f"{k.label} {'/'.join(f'{v:+d}' for v in sets[k] if v != stated_total(k, rules))}"
            for k in CONTRACTS if len(sets[k]) > 1 or sets[k][0] != stated_total(k, rules)]
    played = Counter(k for _, _, k, _ in deals)
    reasons = []
    if offs:
        reasons.append(Msg("z3 finds deals off their contract's total ({offs})", offs="; ".join(offs)))
    if any(played[k] != PLAYERS for k in CONTRACTS):
        reasons.append(Msg("the contracts are not each played four times ({counts})",
                           counts=", ".join(f"{k.label} x{played[k]}" for k in CONTRACTS)))
    if any(pen for _, _, pen in picks):
        reasons.append(Msg("players are charged for contracts they never chose"))
    how = Msg.join("; ", reasons) if reasons else Msg("the totals do not cancel")
    return Outcome(REFUTED, Msg("{label}{how}; a legal game can total {total}", label=label, how=how,
                                total=f"{total:+d}"),
                   counterexample=Counterexample("\n".join(lines), deal=deal))


@REGISTRY.property(GAME, "game_zero_sum", title="A full 20-deal game sums to 0 (for every choice sequence "
                   "and distribution)", clauses=["trix-zero-sum", "trix-twenty-deals", "trix-chooser",
                                                 "trix-contract-choice", "trix-missed-penalty"], method="z3",
                   scope=GAME_SCOPE)
def game_zero_sum(games, budget: Budget) -> Outcome:
    return game_sum_check(games[0], budget, "")


#: The source's variants, as rules changes applied on top of the rules being checked.
VARIANTS: dict[str, tuple[str, dict, str, list[str]]] = {
    "strict_order": (N_("strict order of contracts, a player who missed King, Diamonds or Girls charged its total"),
                     {"order": "strict", "missed_contract_penalty": True}, HOLDS,
                     ["trix-contract-choice", "trix-missed-penalty"]),
    "fifteen_ten": (N_("15 a diamond and 10 a trick"), {"scoring": "fifteen_ten"}, HOLDS, ["trix-card-points"]),
    "positive_negative": (N_("the first four contracts positive, the fifth negative"),
                          {"positive_negative": True}, HOLDS, ["trix-card-points", "trix-trix-places"]),
    "jordan": (N_("the reversed (Jordanian) order"), {"order": "jordan"}, HOLDS, ["trix-contract-choice"]),
    "partnership": (N_("partnership play, scored in pairs"), {"partnership": True}, HOLDS, ["trix-partnership"]),
    "doubling": (N_("doubling the K♥ and the queens"), {"doubling": True}, REFUTED, ["trix-doubling"]),
}


def _variant_check(name: str):
    title, changes, _, _ = VARIANTS[name]

    def check(games, budget: Budget) -> Outcome:
        game = with_rules(games[0], **changes)
        return game_sum_check(game, budget, Msg("with {variant}: ", variant=Msg(title)))
    return check


#: Each variant is applied on top of the rules being checked, so its claim is made where those rules are
#: zero-sum (:data:`GAME_SCOPE`); doubling's refutation, where they do not pay the holder.
_VARIANT_SCOPES = {"doubling": Scope("doubling_pays_holder = false",
                                     lambda rules, players: not rules.doubling_pays_holder)}

for _name, (_title, _changes, _expected, _clauses) in VARIANTS.items():
    REGISTRY.property(GAME, f"zero_sum_{_name}", title=Msg("With {variant}, a full game still sums to 0", variant=Msg(_title)),
                      clauses=_clauses + ["trix-zero-sum"], method="z3", expected=_expected,
                      scope=_VARIANT_SCOPES.get(_name, GAME_SCOPE))(_variant_check(_name))


# ------------------------------------------------------ steered random play

def walk_until(game: Trix, seed: int, done: Callable[[Any], bool], step=None) -> tuple[Trace, Any]:
    """:func:`~verifier.api.walk` until ``done(state)`` (or the game's end)."""
    return walk(game, seed, step, cap=game.max_plays(), stop=done)


# ------------------------------------------------------ choosing contracts

def literal_conflict(budget: Budget, deals: int = N_DEALS):
    """z3: the first deal at which the holder of the 7♥, having chosen every
    deal they held it (from the contracts not chosen yet), has none left.
    Returns (deal index, sequence), ``None`` if it cannot happen within
    ``deals`` deals, or ``"unknown"``."""
    for last in range(deals):
        box = {}

        def build(s):
            cm = box["cm"] = ChoiceModel(Trix(), s, deals=last + 1)
            s.add(cm.exhausted(last))
        ans = prove(build, budget.z3_timeout_ms)
        if ans.verdict == REFUTED:
            return last, box["cm"].sequence(ans.model)
        if ans.verdict == UNKNOWN:
            return "unknown"
    return None


def _first_choice_no_double_no_redeal(state, moves):
    """The first contract offered, never double, never demand a redeal; cards at random."""
    phase = state.game.phase
    if phase == "choose":
        return moves[:1]
    if phase == "announce":
        return (NoDouble(state.game.pending[0]),)
    if phase == "redeal":
        return (KEEP,)
    return moves


def concrete_conflict(game: Trix, tries: int = 5_000):
    """A real game (seed and moves) reaching a deal whose 7♥ holder has
    already chosen all five contracts. Contracts are chosen in the listed
    order, nothing is doubled, no redeal is demanded, cards are random."""
    literal = with_rules(game, chooser="seven_of_hearts")
    for seed in range(tries):
        dealer = first_dealer(seed)
        counts = [0] * PLAYERS
        first = None
        target = None
        for d in range(N_DEALS):
            hands = deal_hands(seed, d, 0, dealer)
            h = holder_of(hands, SEVEN_OF_HEARTS)
            first = h if first is None else first
            if counts[h] >= len(CONTRACTS):
                target = d
                break
            counts[rules_module.designated_chooser(literal.rules.chooser, d, first, h, counts)] += 1
            dealer = (dealer - 1) % PLAYERS
        if target is None:
            continue
        trace, state = walk_until(steered(literal, _first_choice_no_double_no_redeal), seed,
                                  lambda st, target=target: st.game.deal_no >= target)
        return seed, target, trace, state
    return None


@REGISTRY.property(GAME, "choice_statements_agree",
                   title="The source's two statements agree: the 7♥ holder chooses every deal, and every player "
                         "chooses each contract exactly once",
                   clauses=["trix-chooser", "trix-contract-choice"], method="z3", expected=REFUTED)
def choice_statements_agree(games, budget: Budget) -> Outcome:
    found = literal_conflict(budget)
    if found == "unknown":
        return Outcome(UNKNOWN, Msg("z3 gave up"))
    if found is None:
        return Outcome(HOLDS, Msg("z3: within {deals} deals the 7♥ holder always has a contract left", deals=N_DEALS))
    last, seq = found
    lines = [f"z3: if the holder of the 7♥ chooses every deal, deal {last + 1} can come with no contract left "
             f"for the holder:"]
    for d, (h, k) in enumerate(seq):
        note = "  <- has chosen all five already" if d == last else f": chooses {k.label}"
        lines.append(f"  deal {d + 1}: the 7♥ is dealt to P{h}{note}")
    real = concrete_conflict(games[0])
    record = None
    if real is not None:
        seed, target, trace, state = real
        h = holder_of(state.hands, SEVEN_OF_HEARTS)
        chose = ", ".join(k.label for k in state.game.chosen[h])
        lines.append(f"a real game: deal seed {seed}, rules with chooser 'seven_of_hearts': in deal {target + 1} "
                     f"the 7♥ is dealt to P{h}, who has already chosen {chose}")
        lines.append(f"7♥ holders, deals 1-{target + 1}: "
                     + " ".join(f"P{holder_of(deal_hands(seed, d, 0, _dealer(seed, d)), SEVEN_OF_HEARTS)}"
                                for d in range(target + 1)))
        record = trace.game.record(seed, trace.moves)
    deal = {f"deal {d + 1}": f"7♥ with P{h}" for d, (h, _) in enumerate(seq)}
    if real:
        detail = Msg("z3: the 7♥ can reach a player who has chosen all five contracts in deal {deal}; a real deal "
                     "sequence: seed {seed}, deal {real}", deal=last + 1, seed=real[0], real=real[1] + 1)
    else:
        detail = Msg("z3: the 7♥ can reach a player who has chosen all five contracts in deal {deal}", deal=last + 1)
    return Outcome(REFUTED, detail, Counterexample("\n".join(lines), record=record, deal=deal))


def _dealer(seed: int, deal_no: int) -> int:
    return (first_dealer(seed) - deal_no) % PLAYERS


@REGISTRY.property(GAME, "choice_rule_consistent",
                   title="Under the adopted rule the chooser always has a contract left, and in 20 deals every "
                         "player chooses each contract exactly once",
                   clauses=["trix-chooser", "trix-contract-choice", "trix-twenty-deals"], method="exhaustive",
                   scope=CHOICE_SCOPE)
def choice_rule_consistent(games, budget: Budget) -> Outcome:
    game = games[0]
    rules = game.rules
    runs = ChoiceRuns(game)
    for counts, run in runs.finals.items():
        for p, m in enumerate(counts):
            for ms, (seq, stuck) in runs.player(m).items():
                each_once = Counter(seq) == Counter(CONTRACTS)
                if stuck or not each_once:
                    first, holders, choosers = run
                    seven = rules.chooser not in ("rotate", "kingdom")
                    lines = [f"under chooser '{rules.chooser}', order '{rules.order}', P{first} holds the 7♥ in "
                             f"deal 1; P{p} chooses {m} times:"]
                    i = 0
                    for d, q in enumerate(choosers):
                        if q != p:
                            continue
                        flag = "  <- had already chosen all five" if set(seq[:i]) >= set(CONTRACTS) else ""
                        lines.append(f"  deal {d + 1:2}: {_holder_note(holders[d] if seven else None)}"
                                     f"P{p} chooses {seq[i].label}{flag}")
                        i += 1
                    counted = Counter(seq)
                    wrong = [f"{k.label} x{counted[k]}" for k in CONTRACTS if counted[k] != 1]
                    if wrong:
                        lines.append(f"P{p} chooses " + ", ".join(wrong))
                    deal = {f"deal {d + 1}": f"P{q} chooses" for d, q in enumerate(choosers)}
                    if stuck:
                        what = Msg("exhaustive: P{player} is asked to choose with all five chosen ({states} states "
                                   "searched)", player=p, states=runs.states)
                    else:
                        what = Msg("exhaustive: P{player} does not choose each once ({states} states searched)",
                                   player=p, states=runs.states)
                    return Outcome(REFUTED, what,
                                   counterexample=Counterexample("\n".join(lines), deal=deal))
    return Outcome(HOLDS, Msg("exhaustive, {states} states: for every 7♥ holder in every deal (chooser '{chooser}', "
                              "order '{order}') each player chooses five times, each contract once, and is never "
                              "asked with all five chosen", states=runs.states, chooser=rules.chooser,
                              order=rules.order))


# ------------------------------------------------- the Trix contract's end

def _trix_first(state, moves):
    """Choose the Trix contract whenever it may be chosen; otherwise play at random."""
    trix = Choose(Contract.TRIX)
    return (trix,) if state.game.phase == "choose" and trix in moves else moves


def trix_playout(game: Trix, seed: int, on_state: Callable[[Trace, Any], None]) -> None:
    """Random play that chooses the Trix contract as soon as it may, and
    stops when the first Trix deal is over (or the game is)."""
    def trix_done(state):
        return any(d.contract is Contract.TRIX for d in state.game.history)
    walk_until(steered(game, _trix_first), seed, trix_done, on_state)


def _stall_text(game: Trix, state) -> str:
    top = state.layout[-1] if state.layout and game.rules.trix_layout == "chain" else None
    held = "; ".join(f"P{p}: {format_cards(h)}" for p, h in enumerate(state.hands) if h)
    if top is not None:
        where = (f"the top card is {format_card(top)}, played after {format_cards(state.layout)}; "
                 f"no one still holding cards has a card one rank away")
    else:
        rows = []
        for s, row in zip(SUIT_ORDER, state.ends):
            rows.append(f"{s.symbol} " + ("-" if row is None else
                                           f"{Rank(row[0]).label}..{Rank(row[1]).label}"))
        where = "rows " + ", ".join(rows) + "; no card in any hand fits"
    return f"the Trix contract is stuck: {where}. Still holding: {held}"


def _stall_search(game: Trix, budget: Budget) -> Outcome:
    def check(g, seed):
        def on_state(trace, state):
            if g.layout.stalled(state):
                raise trace.refute(_stall_text(g, state), state)
        trix_playout(g, seed, on_state)
    return sample([game], budget, check)


@REGISTRY.property(GAME, "trix_chain_no_deadlock",
                   title="Trix contract as the source describes it (one pile, one rank up or down): play can never "
                         "reach a point where every player holding cards must pass",
                   clauses=["trix-trix-chain", "trix-trix-start", "trix-trix-pass", "trix-trix-all-pass"],
                   method="search", expected=REFUTED)
def trix_chain_no_deadlock(games, budget: Budget) -> Outcome:
    game = with_rules(games[0], trix_layout="chain")
    out = _stall_search(game, budget)
    if out.verdict == HOLDS:
        return Outcome(UNKNOWN, Msg("no stall found in {n} random Trix deals (not a proof)", n=out.examples),
                       examples=out.examples, seed=out.seed)
    if out.verdict == REFUTED and not out.detail:
        return dataclasses.replace(out, detail=Msg("random play found a stalled Trix contract (after {n} games, "
                                                   "shrunk); the witness replays", n=out.examples))
    return out


def rows_lemma(game: Trix) -> tuple[int, dict[str, str] | None]:
    """Exhaustive: for every state a suit's row can be in (not started, or
    running from some rank up to the jack and from the jack up to some rank),
    with the other suits not started or complete, if a card of that suit is
    still unplayed then one of them fits. Returns (states checked, failure)."""
    checked = 0
    ranks = [r for r in Rank if Rank.TWO <= r <= Rank.ACE]
    row_states = [None] + [(lo, hi) for lo in range(2, 12) for hi in range(11, 15)]
    for i, suit in enumerate(SUIT_ORDER):
        for others in (None, (2, 14)):
            for row in row_states:
                ends = tuple(row if j == i else others for j in range(4))
                unplayed = [Card(r, suit) for r in ranks if row is None or r < row[0] or r > row[1]]
                checked += 1
                if unplayed and not any(rules_module.rows_playable(c, ends) for c in unplayed):
                    laid = "not started" if row is None else \
                        format_cards(Card(Rank(r), suit) for r in range(row[0], row[1] + 1))
                    return checked, {"row " + suit.symbol: laid, "unplayed": format_cards(unplayed),
                                     "playable": "none",
                                     "other rows": "not started" if others is None else "complete"}
    return checked, None


@REGISTRY.property(GAME, "trix_rows_no_deadlock",
                   title="Trix contract with the usual four-row layout: play can never reach a point where every "
                         "player holding cards must pass",
                   clauses=["trix-trix-rows", "trix-trix-pass"], method="exhaustive")
def trix_rows_no_deadlock(games, budget: Budget) -> Outcome:
    game = with_rules(games[0], trix_layout="rows", trix_wrap=False)
    checked, failure = rows_lemma(game)
    if failure is not None:
        text = "a row state in which cards of the suit remain but none fits: " + \
               "; ".join(f"{k}: {v}" for k, v in failure.items())
        return Outcome(REFUTED, counterexample=Counterexample(text, deal=failure))
    out = _stall_search(game, budget)
    if out.verdict != HOLDS:
        return out
    return Outcome(HOLDS, Msg("exhaustive: all {states} row states (41 per suit, other rows empty or complete): "
                              "while a suit has unplayed cards one of them fits, and unplayed cards are in the "
                              "hands of players still in, who must play when able; so a full round of passes "
                              "cannot happen. Also {n} random Trix deals without a stall", states=checked,
                              n=out.examples),
                   examples=out.examples, seed=out.seed)


# ----------------------------------------------------------- engine check

@walked(GAME, "random_games_agree",
        title="In random full games every deal scores its contract's total, each player chooses each "
              "contract once, the game sums to 0 and the best score wins",
        clauses=["trix-zero-sum", "trix-card-points", "trix-trick-points", "trix-trix-places",
                 "trix-chooser", "trix-winner"], whole_game=True, scope=GAME_SCOPE)
def random_games_agree(game, seed, budget: Budget, notes) -> Watch:
    seen = [0]   # deals already checked in this game

    def each_deal(trace, state):
        hist = state.game.history
        if len(hist) > seen[0]:
            last = hist[-1]
            seen[0] = len(hist)
            want = stated_total(last.contract, game.rules)
            if sum(last.scores) != want:
                raise trace.refute(f"deal {len(hist)} ({last.contract.label}) scored "
                                   f"{' '.join(map(str, last.scores))}: total {sum(last.scores)}, "
                                   f"not {want}", state)

    def end(trace, state):
        if not game.is_over(state):
            return
        chosen = state.game.chosen
        for p in range(PLAYERS):
            if sorted(k.value for k in chosen[p]) != sorted(k.value for k in CONTRACTS):
                raise trace.refute(f"P{p} chose {', '.join(k.label for k in chosen[p])}", state)
        if sum(state.game.totals) != 0:
            raise trace.refute(f"the game's points total {sum(state.game.totals)}: "
                               f"{' '.join(map(str, state.game.totals))}", state)
        # the winners, restated: the best final score (a pair's, in partnership)
        t = state.game.totals
        final = [t[p] + t[(p + 2) % PLAYERS] if game.rules.partnership else t[p] for p in range(PLAYERS)]
        best = tuple(p for p in range(PLAYERS) if final[p] == max(final))
        if game.outcome(state).winners != best:
            raise trace.refute(f"final scores {' '.join(map(str, final))}: the winners are "
                               f"{', '.join(f'P{p}' for p in best)}, not "
                               f"{', '.join(f'P{p}' for p in game.outcome(state).winners)}", state)
    # room for the whole 20-deal game, however low the budget's move cap
    return Watch(step=each_deal, end=end, cap=budget.max_plays * 4)


# ----------------------------------------------------- who plays, who takes

def _first_lead_oracle(rule: str, dealer: int, chooser: int) -> int:
    """Who leads to a deal's first trick, restated from the rulebook."""
    return {"dealer": dealer, "after_dealer": (dealer - 1) % PLAYERS, "chooser": chooser}[rule]


def _trick_taker_oracle(plays) -> int:
    """Who takes a trick, restated: the highest card of the suit led (no trumps)."""
    led = plays[0][1].suit
    return max((int(c.rank), p) for p, c in plays if c.suit is led)[1]


def turn_order_error(game: Trix, before, move, after) -> str | None:
    """Restates who moves next, who takes a trick and who deals, independently
    of the engine's clauses, and compares with the step ``before`` -> ``after``."""
    rules, g, h = game.rules, before.game, after.game
    right = lambda seat: (seat - 1) % PLAYERS  # noqa: E731 -- anticlockwise: the seat on the right
    if h.deal_no == g.deal_no + 1 and h.dealer != right(g.dealer):
        return f"deal {h.deal_no + 1} is dealt by P{h.dealer}, not by P{right(g.dealer)} on P{g.dealer}'s right"
    if h.deal_no != g.deal_no or h.phase != "play":
        return None
    if any(len(hand) != 13 for hand in after.hands) and g.phase != "play":
        return "a fresh deal does not give 13 cards each"
    if g.phase != "play":   # the first card of the deal is due
        want = after.game.dealer if h.contract is Contract.TRIX else \
            _first_lead_oracle(rules.first_lead, h.dealer, h.chooser)
        if after.to_move != want:
            return f"P{after.to_move} plays first in {h.contract.label}, not P{want}"
        return None
    p = before.to_move
    if h.contract is Contract.TRIX:
        step = 1 if rules.trix_direction == "clockwise" else -1
        seats = [(p + step * i) % PLAYERS for i in range(1, PLAYERS + 1)]
        want = next((q for q in seats if after.hands[q]), p)
        if after.to_move != want:
            return (f"after P{p} in the Trix contract ({rules.trix_direction}) P{after.to_move} moves, "
                    f"not P{want}")
        return None
    plays = before.trick + ((p, move.card),)
    if len(plays) < PLAYERS:
        if after.to_move != right(p):
            return f"after P{p} plays, P{after.to_move} plays, not P{right(p)} on P{p}'s right"
        return None
    taker = _trick_taker_oracle(plays)
    shown = " ".join(f"P{q} {format_card(c)}" for q, c in plays)
    if after.taken[taker][-PLAYERS:] != tuple(c for _, c in plays):
        return f"the trick {shown} is not taken by P{taker} (highest card of the suit led)"
    if after.to_move != taker:
        return f"the trick {shown} was taken by P{taker}, but P{after.to_move} leads next"
    return None


def check_transitions(games, budget: Budget, error) -> Outcome:
    """Random play under the given rules and every preset; ``error(game,
    before, move, after)`` is asked at every step (one seed a game)."""
    objs = [g for _, gs in variants_of(games) for g in gs]

    def check(game, seed):
        last = []

        def step(trace, state):
            if last:
                msg = error(game, last[0], trace.moves[-1], state)
                if msg:
                    raise trace.refute(msg + _rules_note(game), state)
            last[:] = [state]
        walk(game, seed, step, budget.max_plays)
    out = sample(objs, budget, check)
    if out.verdict == HOLDS:
        return dataclasses.replace(out, detail=Msg("{n} random games over {sets} rule sets (the given rules and "
                                                   "every preset), every move checked", n=out.examples,
                                                   sets=len(objs)))
    return out


def _rules_note(game: Trix) -> str:
    changed = {k: v for k, v in dataclasses.asdict(game.rules).items()
               if v != getattr(type(game.rules)(), k)}
    return f" (rules {changed})" if changed else ""


@REGISTRY.property(GAME, "turn_order",
                   title="Each card is played by the right player: the deal and play pass to the right, the "
                         "dealer (or the first_lead option's player) leads first, the highest card of the suit "
                         "led takes the trick and its taker leads next; the Trix contract goes clockwise",
                   clauses=["trix-direction", "trix-deal", "trix-first-lead", "trix-trick-winner",
                            "trix-next-leader", "trix-trix-turn"], method="hypothesis")
def turn_order(games, budget: Budget) -> Outcome:
    return check_transitions(games, budget, turn_order_error)


# ------------------------------------------- the cards a player may play, restated

def _hearts_barred_oracle(rule: str, contract: Contract, first_trick: bool) -> bool:
    """Whether a lead may not be a heart while the leader holds another suit, restated from the rulebook."""
    return {"all_contracts": True, "king_only": contract is Contract.KING, "opening_lead": first_trick}[rule]


def _redeal_oracle(hand) -> bool:
    """Four 2s, or three 2s and the 3 of the fourth suit, restated."""
    twos = {c.suit for c in hand if c.rank == Rank.TWO}
    missing = [s for s in Suit if s not in twos]
    return len(twos) == 4 or (len(twos) == 3 and Card(Rank.THREE, missing[0]) in hand)


@invariant(Trix, "plays_as_source",
           title="In the trick contracts a player follows suit when able, else plays any card, and leads no "
                 "heart while holding another suit (where the hearts_lead option bars it); a redeal is "
                 "offered exactly to a hand with four 2s, or three 2s and the 3 of the fourth suit",
           clauses=["trix-follow-suit", "trix-hearts-lead", "trix-redeal"], presets=True)
def plays_as_source(game: Trix, state) -> str | None:
    """The legal moves against the rules written out here, independently of the engine's clauses."""
    g, p = state.game, state.to_move
    if g.phase == "redeal":
        may = _redeal_oracle(state.hands[p])
        if (REDEAL in game.legal_moves(state)) != may:
            return (f"P{p} holding {format_cards(state.hands[p])} is {'not ' if may else ''}offered a redeal, "
                    f"which the rule {'allows' if may else 'forbids'}")
        return None
    if g.phase != "play" or g.contract is Contract.TRIX:
        return None
    hand = state.hands[p]
    if state.trick:
        led = state.trick[0][1]
        want = [c for c in hand if c.suit == led.suit] or list(hand)
        what = f"following {format_card(led)}"
    else:
        others = [c for c in hand if c.suit != Suit.HEARTS]
        barred = _hearts_barred_oracle(game.rules.hearts_lead, g.contract, not any(state.taken))
        want = others if barred and others else list(hand)
        what = f"leading in {g.contract.label}"
    got = [m.card for m in game.legal_moves(state)]
    if got != want:
        return (f"P{p} holding {format_cards(hand)}, {what}, may play {format_cards(got)}; the rule allows "
                f"{format_cards(want)}")
    return None


# ------------------------------------------------- small configurations

#: An endgame is explored from the trick at which every hand holds this many cards
#: (trick contracts), or from the point where the hands hold this many cards in all
#: (the Trix contract).
ENDGAME_CARDS = {"tricks": 3, "trix": 8}


@small_configs(GAME)
def last_deal_endgames(game: Trix) -> list[Root]:
    """The end of the twentieth deal, for exhaustive checks: random games are
    played (seeds 0, 1, ...) until the last deal reaches a few cards a hand,
    one root per contract the rules let the last deal have (at most 12 seeds
    tried). Every root is a seed plus moves, so a failure there replays."""
    roots: dict[Contract, Root] = {}

    def small(state) -> bool:
        g = state.game
        if g.deal_no < N_DEALS - 1 or g.phase != "play" or state.trick:
            return False
        held = sum(len(h) for h in state.hands)
        if g.contract is Contract.TRIX:
            return held <= ENDGAME_CARDS["trix"]
        return held <= PLAYERS * ENDGAME_CARDS["tricks"]
    for seed in range(12):
        trace, state = walk_until(game, seed, small)
        k = state.game.contract
        if small(state) and k not in roots:
            roots[k] = Root(state, f"deal seed {seed}, the last deal ({k.label}) from "
                                   f"{sum(len(h) for h in state.hands)} cards in hand", seed, tuple(trace.moves))
        if len(roots) == len(CONTRACTS):
            break
    return [roots[k] for k in CONTRACTS if k in roots]
