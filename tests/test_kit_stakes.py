"""The stakes kit, proved once: each kit rule's options are exactly the amounts its refusal allows,
exhaustively over small bounds, limits and bankrolls; a settlement is the payments it states."""

from __future__ import annotations

import itertools

import pytest

from spec.errors import IllegalMove, VariantError
from spec.stakes import (BOX, POT, Amounts, Ledger, Raises, check_ordered, next_still_in, paid_out, settle, share,
                         transfer)


def allowed(why_not, amounts) -> tuple[int, ...]:
    """The amounts the refusal lets through, each refused one checked to get a sentence."""
    out = []
    for a in amounts:
        said = why_not(a)
        if said is None:
            out.append(a)
        else:
            assert isinstance(said, str) and said.strip(), a
    return tuple(out)


BOUNDS = [(lo, hi, step) for lo in range(-2, 5) for hi in range(lo - 1, 7) for step in (1, 2, 3)]


@pytest.mark.parametrize("low, high, step", BOUNDS)
def test_amounts_options_are_exactly_the_amounts_not_refused(low, high, step):
    rule = Amounts(low, high, step)
    wider = range(low - 4, high + 5)
    for held in (None, *range(low - 2, high + 3)):
        options = rule.options(held)
        assert options == allowed(lambda a: rule.why_not(a, held), wider), (held, options)
        assert list(options) == sorted(set(options))


@pytest.mark.parametrize("step, limit", [(s, k) for s in (1, 2, 3) for k in range(0, 4)])
def test_raises_options_are_exactly_the_bids_not_refused(step, limit):
    rule = Raises(step, limit)
    for bids in range(0, limit + 3):
        price = step * bids  # the bid standing after ``bids`` bids of one step each
        options = rule.options(price, bids)
        assert options == allowed(lambda a: rule.why_not(a, price, bids), range(-1, price + 3 * step + 2))
        assert len(options) == (bids <= limit)
        for a in range(-1, price + 3 * step + 2):
            assert (rule.broken(a, price, bids) is None) == (a in options)


def test_the_sentences_say_what_is_allowed():
    stakes = Amounts(1, 5, outside="a stake of {amount} is not allowed: stake {low} to {high}")
    assert stakes.why_not(9) == "a stake of 9 is not allowed: stake 1 to 5"
    assert stakes.why_not(0, held=3) == "a stake of 0 is not allowed: stake 1 to 5"   # the bounds come first
    assert stakes.why_not(4, held=3) == "4 is more than the 3 held"
    assert Amounts(1, 5, unpaid="P0 holds {held}, cannot pay {amount}").why_not(4, held=3) == "P0 holds 3, cannot pay 4"
    assert Amounts(1, 6, step=2).why_not(3) == "3 is not allowed: 1 to 6"
    bids = Raises(step=1, limit=3)
    assert bids.why_not(2, 0, 0) == "bids go up by 1: the opening bid is 1, not 2"
    assert bids.why_not(6, 4, 4) == "bids go up by 1: a raise on 4 is 5, not 6"            # the step comes first
    assert bids.why_not(5, 4, 4) == "the bid of 4 has been raised 3 times, the most allowed: only a pass"
    assert bids.broken(5, 4, 4) == "limit" and bids.broken(6, 4, 4) == "step" and bids.broken(5, 4, 3) is None
    assert bids.why_not(5, 4, 3) is None
    capped = Raises(2, 0, capped="{limit} raises at most: {price} stands")
    assert capped.why_not(4, 2, 1) == "0 raises at most: 2 stands"


def pay_in_account_order(ledger, deltas):
    """A settlement as the payments it states: the losers pay the gainers, in account order."""
    payers = [[a, -d] for a, d in deltas if d < 0]
    i = 0
    for payee, gain in deltas:
        while gain > 0:
            amount = min(gain, payers[i][1])
            ledger = ledger.pay(payers[i][0], payee, amount)
            payers[i][1] -= amount
            gain -= amount
            if payers[i][1] == 0:
                i += 1
    return ledger


ACCOUNTS = ("P0", "P1", "pot", "box")


def test_a_settlement_leaves_the_ledger_its_payments_leave():
    start = Ledger.open(players=2, stake=3, pot=1)
    for accounts in itertools.permutations(ACCOUNTS, 3):
        for amounts in itertools.product(range(-3, 4), repeat=2):
            deltas = ((accounts[0], amounts[0]), (accounts[1], amounts[1]), (accounts[2], -sum(amounts)))
            assert settle(start, deltas) == pay_in_account_order(start, deltas), deltas
    assert settle(start, ()) is start


def test_a_settlement_that_does_not_balance_or_names_no_account_is_refused():
    led = Ledger.open(players=2)
    with pytest.raises(ValueError) as err:
        settle(led, (("P0", -2), ("pot", 3)), clause="leak")
    assert str(err.value) == "settlement of clause leak does not balance: gains and losses sum to 1"
    with pytest.raises(KeyError) as err:
        settle(led, (("P0", -2), ("kitty", 2)))
    assert err.value.args[0] == "Ledger.pay: no account 'kitty'"
    assert settle(led, (("kitty", 0), ("P0", -1), ("P1", 1))) == led.pay("P0", "P1", 1)  # nothing paid: no account


def test_payments_move_stakes_and_refuse_what_they_cannot():
    led = Ledger.open(players=2, stake=2)
    assert led.pay("P0", "pot", 2).balances == (("P0", 0), ("P1", 2), ("bank", 0), ("pot", 2), ("box", 0))
    assert led.pay("P0", "P0", 2) == led
    with pytest.raises(ValueError, match="must not be negative"):
        led.pay("P0", "pot", -1)
    for payer, payee in (("P9", "pot"), ("P0", "P9"), ("P9", "P9")):
        with pytest.raises(KeyError) as err:
            led.pay(payer, payee, 1)
        assert err.value.args[0] == "Ledger.pay: no account 'P9'"
    with pytest.raises(IllegalMove) as err:
        led.pay("P1", "pot", 3, clause="table-stakes", allow_debt=False)
    assert (err.value.clause, err.value.reason) == ("table-stakes", "P1 holds 2, cannot pay 3")
    assert led.pay("P1", "pot", 2, allow_debt=False)["P1"] == 0
    with pytest.raises(KeyError):
        led.pay("P9", "pot", 1, allow_debt=False)


def test_a_transfer_and_a_payout_balance_and_name_the_accounts():
    led = Ledger.open(players=3, pot=9, box=4)
    assert settle(led, transfer(2, POT, 5)) == led.pay("P2", "pot", 5) and settle(led, transfer(BOX, 1, 4))["box"] == 0
    assert transfer(BOX, 0, 3) == (("box", -3), ("P0", 3)) and transfer(1, 0, -2) == (("P1", 2), ("P0", -2))
    assert paid_out(POT, (2, 0, 7)) == (("pot", -9), ("P0", 2), ("P1", 0), ("P2", 7))
    after = settle(led, paid_out(POT, (2, 0, 7)))
    assert [after[a] for a in ("P0", "P1", "P2", "pot", "box")] == [2, 0, 7, 0, 4] and after.total == led.total


@pytest.mark.parametrize("out, seat, nxt", [((False, False, False), 0, 1), ((False, False, False), 2, 0),
                                             ((False, True, False), 0, 2), ((True, True, False), 2, 2),
                                             ((False, True, True), 0, 0), ((True, True, True), 1, None)])
def test_the_next_seat_still_in_goes_clockwise_past_those_out(out, seat, nxt):
    assert next_still_in(out, seat) == nxt


def test_bounds_in_the_wrong_order_are_refused_on_the_high_key():
    from dataclasses import dataclass

    @dataclass
    class Bounds:
        lo: int
        hi: int
        low: int = 0
        high: int = 0

    check_ordered(Bounds(3, 3), ("lo", "hi"))
    check_ordered(Bounds(1, 2, 5, 9), ("lo", "hi"), ("low", "high"))
    with pytest.raises(VariantError) as e:
        check_ordered(Bounds(1, 2, 5, 4), ("lo", "hi"), ("low", "high"))
    assert str(e.value) == "key 'high': 4 is below low 5; allowed: at least 5"
    with pytest.raises(VariantError) as e:
        check_ordered(Bounds(3, 2, 5, 4), ("lo", "hi"), ("low", "high"))
    assert str(e.value) == "key 'hi': 2 is below lo 3; allowed: at least 3"


def test_a_share_is_whole_chips_and_leaves_fewer_odd_chips_than_the_sharers():
    import z3
    assert [share(pot, 4) for pot in (0, 3, 4, 17)] == [0, 0, 1, 4] and share(9, 2) == 4
    pot = z3.Int("pot")
    for n in (2, 4, 8):                      # the same for the z3 terms money_conserved proves with
        odd = pot - n * share(pot, n)
        solver = z3.Solver()
        solver.add(pot >= 0, z3.Not(z3.And(0 <= odd, odd < n)))
        assert solver.check() == z3.unsat, n


def test_a_sentence_may_name_every_field_of_the_amounts():
    every = "{amount} of {low}-{high} by {step}, {held} held"
    bets = Amounts(2, 8, step=2, outside="out: " + every, unpaid="unpaid: " + every)
    assert bets.why_not(5, held=9) == "out: 5 of 2-8 by 2, 9 held"
    assert bets.why_not(6, held=5) == "unpaid: 6 of 2-8 by 2, 5 held"
    assert (Amounts(1, 3).why_not(4), Amounts(1, 3).why_not(3, held=2)) == ("4 is not allowed: 1 to 3",
                                                                            "3 is more than the 2 held")


def test_a_ledger_names_a_missing_account_pays_nothing_for_zero_and_gives_each_players_gain():
    led = Ledger.open(players=2, stake=2)
    with pytest.raises(KeyError) as err:
        led["P9"]
    assert err.value.args == ("P9",)
    assert led.pay("P0", "pot", 0) == led
    with pytest.raises(ValueError) as err:
        led.pay("P0", "pot", -1)
    assert str(err.value) == "Ledger.pay: the amount must not be negative"
    # a rule that names no clause is refused as the kit's own
    with pytest.raises(IllegalMove) as err:
        led.pay("P1", "pot", 3, allow_debt=False)
    assert err.value.clause == "stakes"
    with pytest.raises(ValueError) as err:
        settle(led, (("P0", -2), ("pot", 3)))
    assert str(err.value) == "settlement of clause stakes does not balance: gains and losses sum to 1"
    assert led.pay("P0", "P1", 1).player_returns(led, 2) == (-1, 1)
