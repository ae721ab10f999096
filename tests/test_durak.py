"""Durak: rule unit tests, edge cases, the CLI, and one mutation test per property."""

from __future__ import annotations

import dataclasses
import pathlib
import random

import pytest
from click.testing import CliRunner

from spec.bouts import (
    OPEN, SAME_RANK, bit, card_id, cards_of, format_mask, lead_options, mask_of, next_seat_with_cards, table_rank_mask,
)
from spec.cards import Suit, format_cards, parse_card, parse_cards
from spec.engine import Game, Outcome, Record
from spec.errors import IllegalMove, NotationError, VariantError
from spec.games.durak import (
    DEFEND, LEAD, OVER, PASS, PRESETS, TAKE, THROW, Attack, Beat, BoutEnd, Durak, LeadPhase, Rules, Transfer,
    attack_limit, attack_of, drawing_order, game_winner, is_lead_shape, may_throw_in, may_transfer, next_attacker,
    moves_in_turn, pairs_and_one_leads, result,
)
from spec.rules import make_rules
from tests.helpers import assert_refuted, check
from verifier.cli import main
from verifier.games import durak as vd


def preset(name: str, players: int = 2, **extra) -> Durak:
    return Durak(dataclasses.replace(make_rules(Rules, PRESETS[name]), **extra), players=players)


def mv(game: Durak, text: str):
    return game.parse_move(text)


def cid(text: str) -> int:
    return card_id(parse_card(text))


def hand(state, p) -> str:
    return format_mask(state.hands[p])


def run(game, state, *texts):
    for t in texts:
        state = game.play(state, mv(game, t))
    return state


# ------------------------------------------------------------------ deal

def test_deal_six_each_trump_card_under_the_stock():
    g = Durak(players=4)
    s = g.deal(5)
    assert [h.bit_count() for h in s.hands] == [6] * 4
    assert len(s.stock) == 12 and s.stock[-1] == s.trump_card
    assert s.trump == cards_of(bit(s.trump_card))[0].suit
    assert len(g.deck()) == 36 and sum(len(c) for c in g.zones(s).values()) == 36


def test_six_players_use_the_whole_deck_and_the_last_card_dealt_shows_trump():
    g = Durak(players=6)
    s = g.deal(1)
    assert s.stock == () and all(h.bit_count() == 6 for h in s.hands)
    assert s.hands[5] >> s.trump_card & 1  # dealt last, to seat 5, and kept


def test_all_dealt_deals_the_whole_deck():
    g = preset("all_dealt", players=5)
    s = g.deal(3)
    assert [h.bit_count() for h in s.hands] == [8, 7, 7, 7, 7] and s.stock == ()


def test_lowest_trump_attacks_first():
    g = Durak(players=3)
    s = g.position(["7♥ A♠", "6♥ K♠", "9♦ 10♣"], "Q♥")
    assert s.attacker == 1 and s.defender == 2 and s.trump == Suit.HEARTS
    nobody = g.position(["7♠ A♠", "6♦ K♠", "9♦ 10♣"], "Q♥")
    assert nobody.attacker == 0


def test_previous_winner_attacks_first():
    g = Durak(Rules(first_attacker="previous_winner", previous_winner=2), players=3)
    assert g.deal(0).attacker == 2
    with pytest.raises(VariantError):
        Durak(Rules(first_attacker="previous_winner", previous_winner=3), players=3)


def test_japanese_trump_is_always_diamonds():
    g = preset("japanese")
    for seed in range(5):
        s = g.deal(seed)
        assert s.trump == Suit.DIAMONDS and s.trump_card == -1


# --------------------------------------------------------------- attacks

def test_lead_is_one_card_or_several_of_one_rank():
    g = Durak()
    s = g.position(["7♠ 7♥ 9♦", "6♠ 8♠ 10♠"], "A♣", attacker=0)
    leads = [g.format_move(m) for m in g.legal_moves(s)]
    assert leads == ["attack 7♠", "attack 7♥", "attack 7♠ 7♥", "attack 9♦"]
    with pytest.raises(IllegalMove) as exc:
        g.play(s, mv(g, "attack 7♠ 9♦"))
    assert exc.value.clause == "durak-lead"


def test_attack_no_larger_than_defenders_hand():
    g = Durak()
    s = g.position(["7♠ 7♥ 7♦ 9♦", "6♠ 8♠"], "A♣", attacker=0)
    assert "attack 7♠ 7♥ 7♦" not in [g.format_move(m) for m in g.legal_moves(s)]
    with pytest.raises(IllegalMove) as exc:
        g.play(s, mv(g, "attack 7♠ 7♥ 7♦"))
    assert exc.value.clause == "durak-attack-limit"


def test_english_pairs_lead_or_pass():
    g = preset("english_pairs")
    s = g.position(["7♠ 7♥ 9♦", "6♠ 8♠ 10♠"], "A♣", attacker=0)
    assert [g.format_move(m) for m in g.legal_moves(s)] == ["attack 7♠ 7♥"]
    s = g.position(["7♠ 8♥ 9♦", "6♠ 8♠ 10♠"], "A♣", attacker=0)
    assert g.legal_moves(s) == (PASS,)
    s = g.play(s, PASS)
    assert (s.attacker, s.defender) == (1, 0) and g.legal_moves(s) == (PASS,)


def test_simple_v_lead_shapes():
    g = preset("simple_v")
    s = g.position(["7♠ 7♥ 9♦ 9♣ J♠", "6♠ 8♠ 10♠ Q♠ K♠"], "A♣", attacker=0)
    leads = [g.format_move(m) for m in g.legal_moves(s)]
    assert leads[:5] == ["attack 7♠", "attack 7♥", "attack 9♦", "attack 9♣", "attack J♠"]
    assert "attack 7♠ 7♥ 9♦" in leads and "attack 7♠ 7♥ 9♦ 9♣ J♠" in leads
    assert {len(m.cards) for m in g.legal_moves(s)} == {1, 3, 5}
    assert len(leads) == 5 + 6 + 1
    small = g.position(["7♠ 7♥ 9♦ 9♣ J♠", "6♠ 8♠ 10♠ Q♠"], "A♣", attacker=0)
    assert all(len(m.cards) <= 3 for m in g.legal_moves(small))  # the defender holds four


def test_mixed_attack_cannot_be_transferred():
    g = preset("simple_v", players=3, transfer=True)
    s = g.position(["7♠ 7♥ 9♦ A♠", "7♦ 8♠ J♦ Q♦ K♦", "6♦ 6♥ 10♣ J♣ Q♣ K♣"], "A♣", attacker=0)
    s = run(g, s, "attack 7♠ 7♥ 9♦")
    assert not any(isinstance(m, Transfer) for m in g.legal_moves(s))


# ---------------------------------------------------------------- defence

def test_beat_by_higher_card_of_suit_or_trump():
    g = Durak()
    s = g.position(["7♠", "6♠ 9♠ 6♥ 8♣"], "A♥", attacker=0)
    s = run(g, s, "attack 7♠")
    beats = [g.format_move(m) for m in g.legal_moves(s)]
    assert beats == ["beat 7♠ with 6♥", "beat 7♠ with 9♠"]  # no take while he can beat


def test_must_take_when_a_card_cannot_be_beaten():
    g = Durak()
    s = g.position(["A♠ A♦ 6♣", "6♠ 9♠ 6♦ 8♣"], "K♥", attacker=0)
    s = run(g, s, "attack A♠ A♦")
    assert g.legal_moves(s) == (TAKE,)
    with pytest.raises(IllegalMove) as exc:
        g.play(s, mv(g, "beat A♠ with 6♠"))
    assert exc.value.clause == "durak-beat"


def test_take_any_time_option():
    g = Durak(Rules(take="any_time"))
    s = g.position(["7♠", "9♠ 8♣"], "A♥", attacker=0)
    s = run(g, s, "attack 7♠")
    assert TAKE in g.legal_moves(s)


def test_japanese_spades_only_by_spades():
    g = preset("japanese")
    s = g.position(["7♠ 7♣", "6♦ 8♦ 9♣ 6♠"], "A♥", trump=Suit.DIAMONDS, attacker=0)
    s = run(g, s, "attack 7♣")
    assert sorted(g.format_move(m) for m in g.legal_moves(s)) == ["beat 7♣ with 6♦", "beat 7♣ with 8♦",
                                                                 "beat 7♣ with 9♣"]
    s2 = run(g, g.position(["7♠ 7♣", "6♦ 8♦ 9♣ 6♠"], "A♥", trump=Suit.DIAMONDS, attacker=0), "attack 7♠")
    assert g.legal_moves(s2) == (TAKE,)  # a diamond cannot beat a spade


# ----------------------------------------------------------------- throw-in

def test_simple_durak_throws_in_only_onto_a_taker():
    g = Durak()
    s = g.position(["7♠ 7♥ 9♦", "8♠ 6♣ 10♦"], "A♣", attacker=0)
    s = run(g, s, "attack 7♠", "beat 7♠ with 8♠")
    assert s.phase == LEAD and s.attacker == 1  # discarded, no throw-in after a full beat
    s = g.position(["7♠ 7♥ 9♦", "6♠ 6♥ 10♣"], "A♦", attacker=0)
    s = run(g, s, "attack 7♥", "take")
    assert s.phase == THROW and s.thrower == 0
    assert [g.format_move(m) for m in g.legal_moves(s)] == ["throw 7♠", "pass"]
    s = run(g, s, "throw 7♠")   # nothing more to throw: the bout ends by itself
    assert s.phase == LEAD and s.attacker == 0 and hand(s, 1) == "6♠ 6♥ 7♠ 7♥ 10♣" and hand(s, 0) == "9♦ A♦"


def test_throw_in_while_beating_limited_by_the_hand():
    g = preset("throw_in")
    s = g.position(["7♠ 7♥ 8♥ 9♦", "8♠ 9♥ 6♦"], "A♣", attacker=0)
    s = run(g, s, "attack 7♠", "beat 7♠ with 8♠")
    assert s.phase == THROW and [g.format_move(m) for m in g.legal_moves(s)] == ["throw 7♥", "throw 8♥", "pass"]
    g = preset("throw_in")
    s = g.position(["7♠ 7♥ 7♦ 9♦", "8♠ 6♦"], "A♣", attacker=0)
    s = run(g, s, "attack 7♠", "beat 7♠ with 8♠", "throw 7♥", "take")
    # two attacking cards = the two the defender held: 7♦ may not follow
    assert s.phase == LEAD and s.attacker == 0 and hand(s, 1) == "6♦ 7♠ 7♥ 8♠"


def test_throw_in_while_beating_comes_after_each_beat():
    g = preset("throw_in")
    s = g.position(["7♠ 7♥ 9♦ 10♣", "9♠ 10♥ 6♣ 8♣"], "A♣", attacker=0)
    s = run(g, s, "attack 7♠ 7♥")
    assert g.to_move(s) == 1   # no throw-in before the first beat
    s = run(g, s, "beat 7♠ with 9♠")
    assert s.phase == THROW and s.thrower == 0   # 7♥ still open, P0 may add the 9♦ now
    assert [g.format_move(m) for m in g.legal_moves(s)] == ["throw 9♦", "pass"]
    s2 = run(g, s, "throw 9♦")
    assert g.to_move(s2) == 1 and len(s2.table) == 3
    s3 = run(g, s, "pass")    # nobody throws in: the defender goes on with 7♥ open
    assert g.to_move(s3) == 1 and s3.phase != THROW


def test_throw_in_after_cover_waits_for_every_card():
    g = preset("throw_in_after_cover")
    s = g.position(["7♠ 7♥ 9♦ 10♣", "9♠ 10♥ 6♣ 8♣"], "A♣", attacker=0)
    s = run(g, s, "attack 7♠ 7♥", "beat 7♠ with 9♠")
    assert g.to_move(s) == 1
    with pytest.raises(IllegalMove):
        g.play(s, mv(g, "throw 9♦"))
    s = run(g, s, "beat 7♥ with 10♥")
    assert s.phase == THROW and [g.format_move(m) for m in g.legal_moves(s)] == ["throw 9♦", "throw 10♣", "pass"]


def test_throwers_in_turn_and_attacker_only_option():
    g = preset("throw_in", players=3)
    s = g.position(["7♠ 9♦", "8♠ 10♣", "7♥ 8♣"], "A♦", attacker=0)
    s = run(g, s, "attack 7♠", "beat 7♠ with 8♠")
    assert s.thrower == 2  # P0 has nothing to throw, P2 has 7♥ and 8♣
    g1 = preset("throw_in", players=3, throw_in_by="attacker")
    s = g1.position(["7♠ 9♦", "8♠ 10♣", "7♥ 8♣"], "A♦", attacker=0)
    s = run(g1, s, "attack 7♠", "beat 7♠ with 8♠")
    assert s.phase == LEAD and s.attacker == 1


def test_bout_cap_option():
    g = preset("throw_in", max_bout_cards=1)
    s = g.position(["7♠ 7♥", "8♠ 9♥"], "A♣", attacker=0)
    s = run(g, s, "attack 7♠", "beat 7♠ with 8♠")
    assert s.phase == LEAD


# ------------------------------------------------------------------ transfer

def test_transfer_needs_the_next_player_to_hold_enough():
    g = preset("transfer", players=3)
    s = g.position(["7♠ 7♦ 9♦", "7♥ 10♣ J♣", "8♠ Q♦"], "A♣", attacker=0)
    s2 = run(g, s, "attack 7♠")
    assert mv(g, "transfer 7♥") in g.legal_moves(s2)
    s3 = run(g, s2, "transfer 7♥")
    assert (s3.attacker, s3.defender, s3.lead) == (1, 2, 0) and s3.limit == 2
    s4 = run(g, s, "attack 7♠ 7♦")   # 3 cards would go to P2, who holds 2
    assert mv(g, "transfer 7♥") not in g.legal_moves(s4)
    with pytest.raises(IllegalMove) as exc:
        g.play(s4, mv(g, "transfer 7♥"))
    assert exc.value.clause == "durak-transfer"


def test_no_transfer_after_a_beat():
    g = preset("transfer", players=3)
    s = g.position(["7♠ 7♦ 9♦", "7♥ 8♠ J♦", "8♣ Q♦ K♦"], "A♣", attacker=0)
    s = run(g, s, "attack 7♠ 7♦", "beat 7♠ with 8♠")
    assert not any(isinstance(m, Transfer) for m in g.legal_moves(s))


def test_transfer_in_two_players_goes_back_to_the_attacker():
    g = preset("transfer")
    s = g.position(["7♠ 9♦ 10♦", "7♥ 10♣ J♣"], "A♣", attacker=0)
    s = run(g, s, "attack 7♠", "transfer 7♥")
    assert (s.attacker, s.defender) == (1, 0)


# ------------------------------------------------------- after the bout

def test_drawing_order_attacker_first_defender_last():
    assert drawing_order(2, 3, 4) == (2, 0, 1, 3)
    g = Durak(Rules(hand_size=2), players=3)
    s = g.position(["7♠", "8♠", "6♦"], "J♥ Q♥ K♥ A♥", attacker=0)
    s = run(g, s, "attack 7♠", "beat 7♠ with 8♠")
    # the attacker P0 draws first, then P2, the defender P1 last, taking the turned A♥
    assert (hand(s, 0), hand(s, 2), hand(s, 1)) == ("J♥ Q♥", "6♦ K♥", "A♥")
    assert s.stock == () and s.attacker == 1


def test_after_a_pickup_the_next_player_attacks():
    g = Durak(players=3)
    s = g.position(["A♠ 9♦", "6♠ 8♣", "7♦ 9♣"], "K♥", attacker=0)
    s = run(g, s, "attack A♠", "take")
    assert s.attacker == 2 and s.defender == 0


def test_durak_and_draw_at_the_end():
    g = Durak()
    s = g.position(["7♠", "8♠ 6♦"], "", trump=Suit.HEARTS, attacker=0)
    s = run(g, s, "attack 7♠", "beat 7♠ with 8♠")
    assert s.phase == OVER and g.outcome(s) == Outcome(losers=(1,), winners=(0,), returns=(1, -1)) and game_winner(s.finished) == 0
    s = g.position(["7♠", "8♠"], "", trump=Suit.HEARTS, attacker=0)
    s = run(g, s, "attack 7♠", "beat 7♠ with 8♠")
    assert s.phase == OVER and g.outcome(s).draw and not g.outcome(s).losers
    g2 = Durak(Rules(all_out="defender_loses"))
    s = run(g2, g2.position(["7♠", "8♠"], "", trump=Suit.HEARTS, attacker=0), "attack 7♠", "beat 7♠ with 8♠")
    assert g2.outcome(s).losers == (1,)


def test_players_who_are_out_are_skipped():
    g = Durak(players=3)
    s = g.position(["7♠", "8♠ 9♣", "6♦ 10♦"], "", trump=Suit.HEARTS, attacker=0)
    s = run(g, s, "attack 7♠", "beat 7♠ with 8♠")
    assert s.finished == (0,) and (s.attacker, s.defender) == (1, 2)


# ------------------------------------------------------------------ reversed

def test_reversed_view_and_wrong_beat_penalty():
    g = preset("reversed", players=3)
    s = g.position(["7♠ 9♦", "6♠ 8♣", "7♦ 9♣"], "K♥", attacker=0)
    seen = dict(g.observe(s, 1)[1:])
    assert seen["hand 1"] == 2 and format_cards(seen["hand 0"]) == "7♠ 9♦"
    assert format_cards(seen["trump card"]) == "K♥" and seen["stock"] == 0   # the turned trump is seen by all
    plain = Durak(players=3)
    seen = dict(plain.observe(plain.deal(0), 1)[1:])
    assert isinstance(seen["hand 1"], tuple) and seen["hand 0"] == 6  # normally: only his own
    s = run(g, s, "attack 7♠")
    wrong = mv(g, "beat 7♠ with 6♠")
    assert wrong in g.legal_moves(s)   # a blind choice, legal in this variant
    s = g.play(s, wrong)
    assert s.phase == LEAD and hand(s, 1) == "6♠ 7♠ 8♣" and s.attacker == 2


def test_reversed_wrong_throw_in_is_the_throwers():
    g = preset("reversed")
    s = g.position(["7♠ 9♦ 10♦", "8♠ 6♣ J♣"], "K♥", attacker=0)
    s = run(g, s, "attack 7♠", "beat 7♠ with 8♠", "throw 9♦")
    assert hand(s, 0) == "7♠ 8♠ 9♦ 10♦ K♥" and s.attacker == 1 and s.discard.bit_count() == 36 - 7


def test_reversed_wrong_transfer_takes_the_bout():
    g = preset("reversed", transfer=True)
    s = g.position(["7♠ 9♦ 10♦", "8♠ 6♣ J♣"], "K♥", attacker=0)
    s = run(g, s, "attack 7♠", "transfer 6♣")
    assert hand(s, 1) == "6♣ 7♠ 8♠ J♣" and s.attacker == 0


# ----------------------------------------------------------------- notation

def test_notation_round_trips_and_reads_ascii():
    g = preset("transfer")
    for text in ["attack 7♠ 7♥", "beat 7♠ with 9♠", "take", "throw 8♦", "transfer 7♦", "pass"]:
        assert g.format_move(g.parse_move(text)) == text
    assert g.parse_move("attack 7s 7h") == g.parse_move("attack 7♠ 7♥")
    assert g.parse_move("beat Ts with Qs") == Beat(parse_card("10♠"), parse_card("Q♠"))
    assert g.parse_move("attack 7♥, 7♠") == g.parse_move("attack 7♠ 7♥")   # one written form
    assert g.parse_move("done") == PASS
    for bad in ["", "attack", "beat 7♠ 9♠", "attack 2♠", "attack 7♠ 7♠", "fold"]:
        with pytest.raises(NotationError):
            g.parse_move(bad)


def test_record_with_transfer_saves_and_loads(tmp_path):
    g = preset("transfer", players=3)
    s, moves = g.deal(11), []
    import random
    rng = random.Random(11)
    while not g.is_over(s):
        m = rng.choice(g.legal_moves(s))
        moves.append(m)
        s = g.apply(s, m)
    rec = g.record(11, moves)
    rec.save(tmp_path / "game.json")
    game2, state2 = Record.load(tmp_path / "game.json").replay()
    assert state2 == s and game2.rules == g.rules


def test_lead_options_helper():
    hand_ = mask_of(parse_cards("7♠ 7♥ 7♦ 9♦"))
    assert len(lead_options(hand_, 6)) == 8 and len(lead_options(hand_, 1)) == 4
    assert [format_mask(m) for m in lead_options(hand_, 6, (2,))] == ["7♠ 7♥", "7♠ 7♦", "7♥ 7♦"]


def test_rules_are_checked():
    with pytest.raises(VariantError):
        make_rules(Rules, {"deck_size": 30})
    with pytest.raises(VariantError):
        make_rules(Rules, {"throw_in": "sometimes"})
    with pytest.raises(VariantError):
        Durak(Rules(deck_size=12, hand_size=3), players=5)


# ----------------------------------------------------------------------- CLI

@pytest.mark.parametrize("variant", sorted(set(PRESETS) - {"english_pairs"})
                         + ["docs/variants/durak-transfer.toml"])
def test_cli_plays_every_variant(variant, tmp_path):
    out = tmp_path / "game.json"
    res = CliRunner().invoke(main, ["play", "durak", "--variant", variant, "--players", "3", "--seed", "2",
                                    "--save", str(out)])
    assert res.exit_code == 0, res.output
    assert "result:" in res.output
    again = CliRunner().invoke(main, ["play", "--replay", str(out)])
    assert again.exit_code == 0 and again.output.splitlines()[-1] == res.output.splitlines()[-2]


# ------------------------------------------------------------------ mutants

def with_phase(name: str, part: type):
    """A Durak whose phase object ``name`` (``lead_phase``, ``bout_end`` ...) is a ``part`` (a broken one)."""
    class Mutant(Durak):
        def __init__(self, *a, **k):
            super().__init__(*a, **k)
            setattr(self, name, part(self))
            if name == "lead_phase":
                self._moves_of[LEAD], self._handlers[Attack] = self.lead_phase.moves, self.lead_phase.attack
    return Mutant


def with_bout_end(end):
    """A Durak whose end of bout is ``end(part, d, taker)`` (a broken one)."""
    class BrokenEnd(BoutEnd):
        def end(self, d, taker):
            end(self, d, taker)
    return with_phase("bout_end", BrokenEnd)


def _drop_card(part, d, taker):
    if taker >= 0 and d["table"]:
        d["table"] = d["table"][1:]
    BoutEnd.end(part, d, taker)


def _pass_lead_on(part, d, taker):
    BoutEnd.end(part, d, taker)
    if taker < 0 and d["phase"] == LEAD:
        part.game.lead_phase.pass_on(d)


def _taker_attacks(part, d, taker):
    defender = d["defender"]
    BoutEnd.end(part, d, taker)
    if taker >= 0 and d["phase"] == LEAD and d["hands"][defender]:
        dfd = next_seat_with_cards(defender, d["hands"])
        d.update(lead=defender, attacker=defender, defender=dfd, limit=part.game.bout_limit(d["hands"][dfd]))


DropsCardOnPickup = with_bout_end(_drop_card)
DiscardGoesToAttacker = with_bout_end(lambda part, d, taker: BoutEnd.end(part, d, d["lead"] if taker < 0 else taker))
TakeDiscards = with_bout_end(lambda part, d, taker: BoutEnd.end(part, d, -1))
PassesTheLeadAfterADiscard = with_bout_end(_pass_lead_on)
TakerAttacks = with_bout_end(_taker_attacks)


class LimitOffByOne(Durak):
    def bout_limit(self, defender_hand):
        return super().bout_limit(defender_hand) + 1


class SameSuitAlwaysBeats(Durak):
    def __init__(self, *a, **k):
        super().__init__(*a, **k)
        from spec.bouts import SUIT_MASK, suit_of
        self._beaters = {t: tuple(m | (SUIT_MASK[suit_of(i)] & ~bit(i)) for i, m in enumerate(ms))
                         for t, ms in self._beaters.items()}


class TransferIgnoresHandSize(Durak):
    def transfer_target(self, state):
        if not self.rules.transfer or any(d != OPEN for _, d in state.table):
            return -1
        return next_seat_with_cards(state.defender, state.hands)


class BlamesTheAttacker(Durak):
    def outcome(self, state):
        out = super().outcome(state)
        return dataclasses.replace(out, losers=(state.attacker,)) if out.losers else out


class LazyLead(Durak):
    """The attacker may always pass the lead on: play can go round for ever."""

    def legal_moves(self, state):
        moves = super().legal_moves(state)
        return moves + (PASS,) if state.phase == LEAD and PASS not in moves else moves


class MisnamesTransfers(Durak):
    def format_move(self, move):
        text = super().format_move(move)
        return "throw" + text[8:] if isinstance(move, Transfer) else text


class DefenderDrawsFirst(Durak):
    def __init__(self, *a, **k):
        super().__init__(*a, **k)
        self._draw_orders = {key: order[-1:] + order[:-1] for key, order in self._draw_orders.items()}


class CoversBeforeThrowIns(Durak):
    """Asks the throwers only once every card is covered, whatever the timing says."""

    def __init__(self, *a, **k):
        super().__init__(*a, **k)
        self.throw_in.while_open = False


class ThrowsWhileOpen(Durak):
    """Asks the throwers after every beat even under ``after_cover``."""

    def __init__(self, *a, **k):
        super().__init__(*a, **k)
        self.throw_in.while_open = self.rules.throw_in == "always"


class ThrowsAfterTheLead(Durak):
    """Opens the throwers' turn right after the lead, before any beat."""

    def apply(self, state, move):
        after = super().apply(state, move)
        if isinstance(move, Attack) and self.rules.throw_in == "always":
            d = after.__dict__.copy()
            self.throw_in.open_window(d)
            return dataclasses.replace(after, **d)
        return after


class SeatZeroAttacksFirst(Durak):
    def deal(self, seed):
        s = super().deal(seed)
        return self._bout_start(list(s.hands), s.stock, 0, (), 0, s.trump, s.trump_card)


class SeesOwnCardsReversed(Durak):
    """Reversed Durak shown the usual way: own hand seen, the others hidden."""

    def hidden_zones(self, state, player):
        return Game.hidden_zones(self, state, player)


class WinnersReversed(Durak):
    def outcome(self, state):
        out = super().outcome(state)
        return dataclasses.replace(out, winners=out.winners[::-1])


class LeadOneMore(LeadPhase):
    """The fast lead list lets an attack hold one card more than the limit."""

    def moves(self, state):
        return tuple(attack_of(m) for m in lead_options(state.hands[state.attacker], state.limit + 1))


class FirstRankOnly(LeadPhase):
    """The table's rank mask keeps only the first attacking card's rank (the fast
    path's throw-ins drift from ``durak-throw-in`` on mixed simple-V attacks)."""

    def attack(self, d, mv):
        super().attack(d, mv)
        d["ranks"] = SAME_RANK[card_id(mv.cards[0])]


LeadMaskDrifts = with_phase("lead_phase", LeadOneMore)
TableMaskDrifts = with_phase("lead_phase", FirstRankOnly)


def mgames(cls, rules=None, counts=range(2, 7)):
    return [cls(rules, players=n) for n in counts]


@pytest.mark.parametrize("mutant, name", [(LeadMaskDrifts, "throw_in"), (TableMaskDrifts, "simple_v")])
def test_moves_match_clauses_refutes_a_drifting_fast_path(mutant, name):
    rules = make_rules(Rules, PRESETS[name])
    assert_refuted(check(mgames(mutant, rules, range(2, 4)), "moves_match_clauses"))


@pytest.mark.parametrize("mutant, prop", [
    (DropsCardOnPickup, "cards_conserved"),
    (DropsCardOnPickup, "cards_conserved@transfer"),
    (LimitOffByOne, "attack_limit"),
    (LimitOffByOne, "attack_limit@throw_in"),
    (SameSuitAlwaysBeats, "beats_legal"),
    (SameSuitAlwaysBeats, "beats_legal@japanese"),
    (TransferIgnoresHandSize, "transfers_allowed@transfer"),
    (DiscardGoesToAttacker, "bouts_end"),
    (DiscardGoesToAttacker, "bouts_end@reversed"),
    (BlamesTheAttacker, "one_durak"),
    (DefenderDrawsFirst, "after_bout"),
    (TakerAttacks, "ranking_2p"),
    (PassesTheLeadAfterADiscard, "after_bout@transfer"),
    (LazyLead, "terminates"),
    (LazyLead, "terminates_2p_small"),
    (MisnamesTransfers, "save_load@transfer"),
    (SeatZeroAttacksFirst, "deal_shape"),
    (SeesOwnCardsReversed, "views@reversed"),
    (WinnersReversed, "winners_in_order"),
    (CoversBeforeThrowIns, "throw_in_timing@throw_in"),
    (CoversBeforeThrowIns, "throw_in_timing@japanese"),
    (ThrowsWhileOpen, "throw_in_timing@throw_in_after_cover"),
    (ThrowsAfterTheLead, "throw_in_timing@throw_in"),
])
def test_property_refutes_mutant(mutant, prop):
    assert_refuted(check(mgames(mutant), prop))


def test_a_broken_winner_clause_is_refuted():
    """The outcome names the winner first by the winner clause (``durak-winner``), read through the
    rules module by the property: the last player out named the winner is caught."""
    from spec.games.durak import CLAUSES
    with CLAUSES.replaced("durak-winner", lambda finished: finished[-1]):
        assert_refuted(check(mgames(Durak), "winners_in_order"))


def test_the_three_player_cycle_witness_replays():
    res = check(mgames(Durak), "terminates_3p_small")
    assert_refuted(res)
    rec = res.counterexample.record
    g, end = rec.replay()
    cyc = res.counterexample.text.split("cycle: ")[1].split(" | ")
    start = g.replay(rec.seed, [g.parse_move(m) for m in rec.moves[:len(rec.moves) - len(cyc)]])
    assert start == end and not g.is_over(end)


def test_a_game_that_cannot_cycle_is_not_refuted():
    res = check(mgames(TakeDiscards), "terminates_3p_small")
    assert res.verdict == "holds", res.detail


@pytest.mark.parametrize("prop", ["deal_shape", "views", "winners_in_order", "attack_limit", "beats_legal",
                                  "transfers_allowed", "throw_in_timing", "bouts_end",
                                  "after_bout",
                                  "one_durak", "ranking_2p",
                                  "terminates", "terminates_2p_small"])
def test_properties_hold_for_simple_durak(prop):
    assert check(mgames(Durak), prop).verdict == "holds"


def test_expected_verdicts_are_registered_for_every_variant():
    from verifier.core import REGISTRY
    names = {p.name for p in REGISTRY.for_game("durak")}
    for v in vd.VARIANTS:
        for base in vd.CHECKS:
            assert f"{base}@{v}" in names


def test_exhaustive_search_reports_a_replayable_longest_game():
    g = Durak(Rules(deck_size=8, hand_size=2), players=2)
    res = vd.search_deal(g, 0)
    assert res.status == "done" and res.states == 902 and len(res.longest) == 29
    end = g.replay(0, res.longest)
    assert g.is_over(end)


def test_transfer_two_player_cycle_witness_replays():
    res = check(mgames(Durak), "terminates_2p_small@transfer")
    assert_refuted(res)
    g, end = res.counterexample.record.replay()
    assert g.players == 2 and g.rules.transfer and not g.is_over(end)


# ------------------------------------------------------------ legacy records

#: records saved before the kernel (format 1, read with LEGACY_DEFAULTS); tests/test_records.py replays them
#: to the ends the pre-kernel code gave them
LEGACY = sorted(pathlib.Path(__file__).parent.glob("data/records/durak/*-diverges.json"))


@pytest.mark.parametrize("path", LEGACY, ids=lambda p: p.stem)
def test_legacy_defaults_matter(path):
    """These records take a beat with cards still open and a card someone could
    throw in: read as today's records (``while_beating``) they do not replay."""
    with pytest.raises(IllegalMove):
        dataclasses.replace(Record.load(path), format=2).replay()


# ------------------------------------------------------------ the bouts kit

def test_beat_rule_with_a_ten_above_the_king():
    from spec.bouts import BeatRule, ranks_by_strength
    from spec.tricks import TEN_HIGH_ORDER
    rule = BeatRule(Suit.HEARTS, order=ranks_by_strength(TEN_HIGH_ORDER))
    ten, king, nine, trump = parse_cards("10♠ K♠ 9♠ 9♥")
    assert rule.beats(king, ten) and not rule.beats(ten, king) and rule.beats(nine, king)
    masks = rule.beater_masks()
    assert masks[card_id(king)] >> card_id(ten) & 1 and masks[card_id(ten)] >> card_id(trump) & 1
    assert not masks[card_id(ten)] >> card_id(king) & 1
    assert masks[card_id(parse_card("8♠"))] == 0   # a rank outside the order is in no game of this rule


def test_refusals_say_why():
    g = Durak()
    s = run(g, g.position(["7♠ 8♦", "6♠ 9♠ 6♥ 8♣"], "A♦", attacker=0), "attack 7♠")
    cases = {"beat 7♠ with 6♠": ("durak-beat", "6♠ does not beat 7♠: a beat needs a higher card of the led suit, "
                                                 "or a trump"),
             "beat 7♠ with 10♠": ("durak-own-cards", "P1 does not hold 10♠"),
             "attack 6♠": ("durak-turn", "it is P1's turn to defend (beat an open card, take, or transfer): "
                                         "attack is not possible now"),
             "take": ("durak-take", "P1 can beat every open card, so he must beat them (he may take only when "
                                    "he cannot)"),
             "transfer 6♠": ("durak-transfer", "these rules have no transfers")}
    for text, (label, reason) in cases.items():
        with pytest.raises(IllegalMove) as exc:
            g.play(s, mv(g, text))
        assert (exc.value.clause, exc.value.reason) == (label, reason)


# ----------------------------------------------------- the rules, table by table
# Expected values worked out from the rulebook page (docs/games/durak.rst).

_ASCII = str.maketrans({"♠": "s", "♥": "h", "♦": "d", "♣": "c"})


def ascii_id(value):
    """Test ids in ASCII card notation (a mutation run selects tests by id on the command line)."""
    return value.translate(_ASCII) if isinstance(value, str) else None


def ids(text: str) -> tuple[int, ...]:
    return tuple(card_id(c) for c in parse_cards(text))


def hand_mask(text: str) -> int:
    return mask_of(parse_cards(text))


@pytest.mark.parametrize("throw_in, timing, taking, open_cards, allowed", [
    # none: never
    ("none", "while_beating", True, False, False), ("none", "while_beating", False, False, False),
    ("none", "after_cover", True, True, False), ("none", "after_cover", False, True, False),
    # simple Durak: only onto a taker, whatever the timing
    ("on_take", "while_beating", True, True, True), ("on_take", "while_beating", True, False, True),
    ("on_take", "while_beating", False, False, False), ("on_take", "while_beating", False, True, False),
    ("on_take", "after_cover", False, False, False), ("on_take", "after_cover", True, True, True),
    # throw-in Durak, while beating: onto a taker, after a beat with cards open or all covered
    ("always", "while_beating", True, True, True), ("always", "while_beating", False, True, True),
    ("always", "while_beating", False, False, True),
    # throw-in Durak, after cover: not while a card is open, unless he takes
    ("always", "after_cover", True, True, True), ("always", "after_cover", False, True, False),
    ("always", "after_cover", False, False, True),
], ids=ascii_id)
def test_when_throw_ins_are_allowed(throw_in, timing, taking, open_cards, allowed):
    rules = Rules(throw_in=throw_in, throw_in_timing=timing)
    assert may_throw_in(rules, taking, open_cards) is allowed


@pytest.mark.parametrize("extra, table, next_hand, allowed", [
    ({"transfer": False}, [("7♠", OPEN)], "7♥ 8♥ 9♥", False),        # not this variant
    ({}, [], "7♥ 8♥ 9♥", False),                                       # nothing to transfer
    ({}, [("7♠", OPEN)], "7♥ 8♥", True),                               # two cards would attack a hand of two
    ({}, [("7♠", OPEN)], "7♥", False),                                 # ... not a hand of one
    ({}, [("7♠", OPEN), ("7♦", OPEN)], "8♥ 9♥ 10♥", True),
    ({}, [("7♠", OPEN), ("7♦", OPEN)], "8♥ 9♥", False),
    ({}, [("7♠", "8♠")], "7♥ 8♥ 9♥", False),                           # a card is already beaten
    ({}, [("7♠", OPEN), ("7♦", "8♦")], "8♥ 9♥ 10♥", False),
    ({"lead": "pairs_and_one"}, [("7♠", OPEN), ("7♥", OPEN), ("9♦", OPEN)], "A♥ A♦ A♣ K♣", False),  # mixed ranks
    ({"max_bout_cards": 2}, [("7♠", OPEN)], "8♥ 9♥ 10♥", True),        # two cards: within the cap
    ({"max_bout_cards": 1}, [("7♠", OPEN)], "8♥ 9♥ 10♥", False),       # two cards: over the cap
], ids=ascii_id)
def test_when_a_transfer_is_allowed(extra, table, next_hand, allowed):
    rules = dataclasses.replace(Rules(transfer=True), **extra)
    tab = tuple((cid(a), cid(c) if isinstance(c, str) else c) for a, c in table)
    assert may_transfer(rules, tab, hand_mask(next_hand)) is allowed


@pytest.mark.parametrize("cap, defender, limit", [
    (0, "7♠ 8♠ 9♠", 3), (2, "7♠ 8♠ 9♠", 2), (3, "7♠ 8♠ 9♠", 3), (6, "7♠ 8♠ 9♠", 3), (0, "", 0), (1, "A♠", 1),
], ids=ascii_id)
def test_the_attack_limit_is_the_defenders_hand_or_the_cap(cap, defender, limit):
    assert attack_limit(Rules(max_bout_cards=cap), hand_mask(defender)) == limit


@pytest.mark.parametrize("hands, defender, taker, attacker", [
    (["7♠", "8♠", "9♠"], 1, -1, 1),            # a discard: the defender attacks next
    (["7♠", "", "9♠"], 1, -1, 2),              # ... unless he has just gone out
    (["7♠", "", ""], 1, -1, 0),                # ... then the next player with cards, round the table
    (["7♠", "8♠", "9♠"], 1, 1, 2),             # a pickup: the player after the taker
    (["7♠", "8♠", "9♠"], 2, 2, 0),             # ... round the table
    (["7♠", "8♠", "", "9♠"], 1, 1, 3),         # ... skipping a player who is out
    (["7♠", "8♠", "9♠", "10♠"], 3, 3, 0),
], ids=ascii_id)
def test_who_attacks_next(hands, defender, taker, attacker):
    assert next_attacker([hand_mask(h) for h in hands], defender, taker) == attacker


@pytest.mark.parametrize("all_out, hands, finished, last_defender, want", [
    ("draw", ["", "7♠"], (0,), 1, Outcome(losers=(1,), winners=(0,), returns=(1, -1))),
    ("draw", ["", "7♠", ""], (2, 0), 1, Outcome(losers=(1,), winners=(2, 0), returns=(1, -2, 1))),
    ("draw", ["", "", "", "8♦"], (1, 0, 2), 0,
     Outcome(losers=(3,), winners=(1, 0, 2), returns=(1, 1, 1, -3))),
    ("defender_loses", ["", "7♠", ""], (2, 0), 0, Outcome(losers=(1,), winners=(2, 0), returns=(1, -2, 1))),
    ("draw", ["", ""], (0, 1), 1, Outcome(draw=True, returns=(0, 0))),          # both out in the last bout
    ("draw", ["", "", ""], (2, 0, 1), 1, Outcome(draw=True, returns=(0, 0, 0))),
    ("defender_loses", ["", ""], (0, 1), 1, Outcome(losers=(1,), winners=(0,), returns=(1, -1))),
    ("defender_loses", ["", "", ""], (2, 0, 1), 0, Outcome(losers=(0,), winners=(2, 1), returns=(-2, 1, 1))),
], ids=ascii_id)
def test_the_durak_and_the_draw(all_out, hands, finished, last_defender, want):
    assert result(Rules(all_out=all_out), [hand_mask(h) for h in hands], finished, last_defender) == want


@pytest.mark.parametrize("lead, cards, ok", [
    ("one_rank", "7♠", True), ("one_rank", "7♠ 7♥", True), ("one_rank", "7♠ 7♥ 7♦ 7♣", True),
    ("one_rank", "7♠ 8♠", False), ("one_rank", "7♠ 7♥ 9♦", False),
    ("pair", "7♠ 7♥", True), ("pair", "7♠", False), ("pair", "7♠ 7♥ 7♦", False), ("pair", "7♠ 8♠", False),
    ("pair", "7♠ 7♥ 8♠ 8♥", False),
    ("pairs_and_one", "7♠", True), ("pairs_and_one", "7♠ 7♥ 9♦", True), ("pairs_and_one", "9♦ 7♠ 7♥ 9♣ J♠", True),
    ("pairs_and_one", "7♠ 7♥", False), ("pairs_and_one", "7♠ 9♦", False), ("pairs_and_one", "7♠ 7♥ 7♦", False),
    ("pairs_and_one", "7♠ 7♥ 9♦ 9♣", False), ("pairs_and_one", "7♠ 7♥ 7♦ 9♣", False),
    ("pairs_and_one", "7♠ 9♦ J♠", False), ("pairs_and_one", "7♠ 7♥ 9♦ 9♣ J♠ J♥", False),
    ("pairs_and_one", "7♠ 7♥ 9♦ 9♣ J♠ Q♠", False),
], ids=ascii_id)
def test_lead_shapes(lead, cards, ok):
    assert is_lead_shape(Rules(lead=lead), hand_mask(cards)) is ok


@pytest.mark.parametrize("held, limit, count", [
    ("7♠ 7♥ 9♦ 9♣ J♠", 1, 5), ("7♠ 7♥ 9♦ 9♣ J♠", 2, 5),    # singles only below three cards
    ("7♠ 7♥ 9♦ 9♣ J♠", 3, 11), ("7♠ 7♥ 9♦ 9♣ J♠", 4, 11),  # + a pair and a card: 2 pairs x 3 cards
    ("7♠ 7♥ 9♦ 9♣ J♠", 5, 12),                              # + the two pairs and J♠
    ("7♠ 7♥ 7♦ 9♣", 5, 4 + 3),   # three pairs of sevens, each with 9♣; two pairs of one rank are no lead
    ("7♠ 7♥ 9♦ 9♣", 5, 4 + 4),   # each pair with one card of the other rank; no card left for five
    ("7♠ 7♥ 7♦ 9♦ 9♣ J♠", 5, 6 + (3 * 3 + 4) + 3),        # each pair of sevens with the nines and J♠
    ("7♦ 7♣ 8♠ 8♥ J♠", 5, 5 + 6 + 1),
    ("7♠ 7♥ 7♦ 7♣ 9♦", 5, 5 + 6),                         # no five: its pairs would be of one rank
    ("7♠ 7♥ 9♦ 9♣ J♠ J♥ Q♠ Q♥ K♠", 5, 9 + 4 * 7 + 6 * 5),  # four pairs: six ways to choose two
], ids=ascii_id)
def test_simple_v_leads_by_limit(held, limit, count):
    leads = pairs_and_one_leads(hand_mask(held), limit)
    assert len(leads) == len(set(leads)) == count
    assert all(m.bit_count() <= limit and is_lead_shape(Rules(lead="pairs_and_one"), m) for m in leads)


NO_TRANSFER_NOW = ("no transfer now: only before any card is beaten, with an attack of one rank, and when the "
                   "next player holds at least as many cards as would attack him")
LIMIT_2 = "the bout would hold 3 attacking cards; against P1 it may hold at most 2 (his cards when it began, or the cap)"

# (preset, players, hands, stock, moves played first, the move, clause, reason); P0 attacks.
REFUSALS = [
    ("simple", 2, ["7♠ 8♦", "6♠ 9♠ 6♥ 8♣"], "A♦", [], "beat 7♠ with 8♦", "durak-turn",
     "it is P0's turn to attack (lead one card, or several of one rank): beat is not possible now"),
    ("simple", 2, ["7♠ 7♥ 9♦", "6♠ 6♥ 10♣"], "A♦", ["attack 7♥", "take"], "take", "durak-turn",
     "it is P0's turn to throw in a card or pass: take is not possible now"),
    ("simple", 2, ["7♠ 7♥ 9♦", "6♠ 6♥ 10♣"], "A♦", ["attack 7♥", "take"], "throw 10♣", "durak-own-cards",
     "P0 does not hold 10♣"),
    ("simple", 2, ["7♠ 7♥ 9♦", "6♠ 6♥ 10♣"], "A♦", ["attack 7♥", "take"], "throw 9♦", "durak-throw-in",
     "9♦ cannot be thrown in: its rank is not on the table"),
    ("simple", 2, ["7♠ 8♦", "6♠ 9♠ 6♥ 8♣"], "A♦", [], "attack 7♠ 8♦", "durak-lead",
     "7♠ 8♦ is not an attack: lead one card, or several of one rank"),
    ("english_pairs", 2, ["7♠ 7♥ 9♦", "6♠ 8♠ 10♠"], "A♣", [], "attack 7♠", "durak-lead",
     "7♠ is not an attack: lead exactly two cards of one rank (English Durak)"),
    ("simple_v", 2, ["7♠ 7♥ 9♦", "6♠ 8♠ 10♠"], "A♣", [], "attack 7♠ 7♥", "durak-lead",
     "7♠ 7♥ is not an attack: lead one card, a pair and a card, or two pairs and a card, all of different ranks"),
    ("simple", 2, ["7♠ 7♥ 7♦ 9♦", "6♠ 8♠"], "A♣", [], "attack 7♠ 7♥ 7♦", "durak-attack-limit", LIMIT_2),
    ("simple", 2, ["7♠ 7♥ 9♦", "6♠ 8♠ 10♠"], "A♣", [], "pass", "durak-pair-pass",
     "the attacker must attack: only in English Durak is the lead passed on"),
    ("english_pairs", 2, ["7♠ 7♥ 9♦", "6♠ 8♠ 10♠"], "A♣", [], "pass", "durak-pair-pass",
     "P0 can lead a pair, so he must attack"),
    ("simple", 2, ["7♠ 8♦", "6♠ 9♠ 6♥ 8♣"], "A♦", ["attack 7♠"], "beat 8♦ with 9♠", "durak-beat",
     "8♦ is not an open attacking card"),
    ("throw_in", 2, ["7♠ 7♥ 10♣", "9♠ 10♥ 6♣ 8♣"], "A♣", ["attack 7♠ 7♥", "beat 7♠ with 9♠"], "beat 7♠ with 10♥",
     "durak-beat", "7♠ is not an open attacking card"),   # P0 holds no nine: the defender goes on
    ("simple", 2, ["7♠ 8♦", "6♠ 9♠ 6♥ 8♣"], "A♦", ["attack 7♠"], "beat 7♠ with 6♥", "durak-beat",
     "6♥ does not beat 7♠: a beat needs a higher card of the led suit, or a trump"),
    ("japanese", 2, ["7♠ 7♣", "6♦ 8♦ 6♣ 6♠"], "", ["attack 7♠"], "beat 7♠ with 6♦", "durak-beat",
     "6♦ does not beat 7♠: a beat needs a higher spade (Japanese)"),
    ("japanese", 2, ["7♠ 7♣", "6♦ 8♦ 6♣ 6♠"], "", ["attack 7♣"], "beat 7♣ with 6♣", "durak-beat",
     "6♣ does not beat 7♣: a beat needs a higher card of the led suit, or a trump"),
    ("simple", 2, ["7♠ 7♦ A♣", "8♠ 9♣ 10♣"], "K♥", ["attack 7♠ 7♦"], "beat 7♠ with 8♠", "durak-take",
     "P1 cannot beat 7♦, so he must take the cards (or transfer)"),
    ("simple", 2, ["7♠ 8♦", "6♠ 9♠ 6♥ 8♣"], "A♦", ["attack 7♠"], "take", "durak-take",
     "P1 can beat every open card, so he must beat them (he may take only when he cannot)"),
    ("simple", 2, ["7♠ 8♦", "6♠ 9♠ 6♥ 8♣"], "A♦", ["attack 7♠"], "transfer 6♠", "durak-transfer",
     "these rules have no transfers"),
    ("transfer", 3, ["7♠ 7♦ 9♦", "7♥ 10♣ J♣", "8♠ Q♦"], "A♣", ["attack 7♠"], "transfer 10♣", "durak-transfer",
     "10♣ cannot transfer an attack of 7s: lay a card of the same rank"),
    ("transfer", 3, ["7♠ 7♦ 9♦", "7♥ 10♣ J♣", "8♠ Q♦"], "A♣", ["attack 7♠ 7♦"], "transfer 7♥", "durak-transfer",
     NO_TRANSFER_NOW),   # three cards would attack P2, who holds two
    ("transfer", 3, ["7♠ 7♦ 9♦", "7♥ 8♠ J♦", "8♣ Q♦ K♦"], "A♣", ["attack 7♠ 7♦", "beat 7♠ with 8♠"],
     "transfer 7♥", "durak-turn",
     "it is P2's turn to throw in a card or pass: transfer is not possible now"),  # P0 has no 7 or 8; P2 has 8♣
    ("transfer", 3, ["7♠ 7♦ 10♦", "7♥ 8♠ J♦", "8♣ Q♦ K♦"], "A♣", ["attack 7♠ 7♦", "beat 7♠ with 8♠", "pass"],
     "transfer 7♥", "durak-transfer", NO_TRANSFER_NOW),   # P2 passed his 8♣: the defender goes on
    # a throw-in at any other time than the throwers' turn is the turn clause's: while he beats in simple Durak,
    # while a card is open when throw-ins wait for the cover, and once the bout is full (P1 held two cards)
    ("simple", 2, ["7♠ 7♥ 9♦", "9♠ 10♥ 6♣ 8♣"], "A♣", ["attack 7♠ 7♥", "beat 7♠ with 9♠"], "throw 9♦", "durak-turn",
     "it is P1's turn to defend (beat an open card, take, or transfer): throw is not possible now"),
    ("throw_in_after_cover", 2, ["7♠ 7♥ 9♦", "9♠ 10♥ 6♣ 8♣"], "A♣", ["attack 7♠ 7♥", "beat 7♠ with 9♠"],
     "throw 9♦", "durak-turn",
     "it is P1's turn to defend (beat an open card, take, or transfer): throw is not possible now"),
    ("throw_in", 2, ["7♠ 7♥ 7♦", "8♦ 9♦"], "A♣", ["attack 7♠ 7♥", "take"], "throw 7♦", "durak-turn",
     "it is P0's turn to attack (lead one card, or several of one rank): throw is not possible now"),
]


@pytest.mark.parametrize("name, players, hands, stock, before, move, label, reason", REFUSALS,
                         ids=[f"{r[0]}:{r[5]}".translate(_ASCII) for r in REFUSALS])
def test_refusals_name_the_clause_and_the_reason(name, players, hands, stock, before, move, label, reason):
    g = preset(name, players=players)
    trump = Suit.DIAMONDS if g.rules.trump == "diamonds" else None
    s = run(g, g.position(hands, stock, trump=trump, attacker=0), *before)
    assert g.refusal(s, mv(g, move)) == (label, reason)
    with pytest.raises(IllegalMove) as exc:
        g.play(s, mv(g, move))
    assert str(exc.value) == f"illegal move {move}: {reason} [rule {label}]"


# Who moves after each step of one bout, under each throw-in reading. P0 attacks 7♠ 7♥; P1 beats 7♠ with
# 9♠, then 7♥ with 10♥; P0 holds 9♦, a rank on the table once 9♠ is down.
TIMING = [
    # rules, after the first beat, after the second beat (throwers passing when asked)
    ({}, (DEFEND, 1), (LEAD, 1)),                                   # simple: no throw-in unless he takes
    ({"throw_in": "none"}, (DEFEND, 1), (LEAD, 1)),
    ({"throw_in": "always"}, (THROW, 0), (THROW, 0)),               # while beating: after each beat
    ({"throw_in": "always", "throw_in_timing": "after_cover"}, (DEFEND, 1), (THROW, 0)),
    ({"throw_in": "always", "throw_in_by": "attacker"}, (THROW, 0), (THROW, 0)),
]


@pytest.mark.parametrize("extra, first, second", TIMING, ids=ascii_id)
def test_who_moves_after_each_beat(extra, first, second):
    g = Durak(Rules(**extra))
    s = run(g, g.position(["7♠ 7♥ 9♦", "9♠ 10♥ 6♣ 8♣"], "A♣", attacker=0), "attack 7♠ 7♥")
    assert (s.phase, g.to_move(s)) == (DEFEND, 1)                   # nobody throws in before the first beat
    s = run(g, s, "beat 7♠ with 9♠")
    assert (s.phase, g.to_move(s)) == first
    if s.phase == THROW:
        assert [g.format_move(m) for m in g.legal_moves(s)] == ["throw 9♦", "pass"]
        s = run(g, s, "pass")
        assert (s.phase, g.to_move(s)) == (DEFEND, 1)              # nobody threw in: the defender goes on
    s = run(g, s, "beat 7♥ with 10♥")
    assert (s.phase, g.to_move(s)) == second
    if s.phase == THROW:
        s = run(g, s, "throw 9♦")
        assert (s.phase, g.to_move(s), len(s.table)) == (DEFEND, 1, 3)   # he answers the new card
        s = run(g, s, "beat 9♦ with 6♣")
        assert s.phase == LEAD and s.discard.bit_count() == 36 - 8 + 6
    assert (s.attacker, s.defender) == (1, 0)                       # a discard: the defender attacks next
    assert hand(s, 0) in ("9♦ A♣", "A♣")                            # the attacker drew the turned trump


@pytest.mark.parametrize("extra, phase, thrower", [
    ({"throw_in": "none"}, LEAD, -1),                                 # he takes the ace alone at once
    ({}, THROW, 0), ({"throw_in": "always"}, THROW, 0),
    ({"throw_in": "always", "throw_in_timing": "after_cover"}, THROW, 0),
], ids=ascii_id)
def test_throw_ins_onto_a_taker(extra, phase, thrower):
    g = Durak(Rules(**extra))
    s = run(g, g.position(["A♠ A♥ 6♦", "6♠ 6♥ 8♦ 10♥"], "7♣", attacker=0), "attack A♠", "take")
    assert (s.phase, s.thrower) == (phase, thrower)
    if phase == THROW:
        s = run(g, s, "throw A♥")          # P0 has no other ace: the bout ends by itself
    assert s.phase == LEAD and hand(s, 1) == "6♠ 6♥ 8♦ 10♥ A♠" + (" A♥" if phase == THROW else "")
    assert (s.attacker, s.defender) == (0, 1)   # after a pickup the player after the taker attacks


def test_a_thrower_is_asked_again_and_the_limit_ends_the_bout():
    g = Durak(players=3)
    s = g.position(["7♠ 7♥ 7♦ 9♦", "6♠ 6♥ 10♣ J♣", "7♣ K♠"], "A♦", attacker=0)
    s = run(g, s, "attack 7♠", "take", "throw 7♥")
    assert s.thrower == 0                  # he may throw in another card at once
    s = run(g, s, "throw 7♦")
    assert s.thrower == 2                  # P0 has no seven left: P2 next
    s = run(g, s, "throw 7♣")              # four attacking cards: the defender held four
    assert s.phase == LEAD and hand(s, 1) == "6♠ 6♥ 7♠ 7♥ 7♦ 7♣ 10♣ J♣"
    assert (s.attacker, s.defender) == (2, 0) and hand(s, 0) == "9♦ A♦"


def test_after_a_beaten_throw_in_the_attacker_is_asked_first():
    g = preset("throw_in", players=3)
    s = g.position(["7♠ 9♦", "8♠ 9♣ 10♥", "8♣ J♦"], "A♥", attacker=0)
    s = run(g, s, "attack 7♠", "beat 7♠ with 8♠")
    assert s.thrower == 2                  # P0 holds no 7 or 8
    s = run(g, s, "throw 8♣", "beat 8♣ with 9♣")
    assert s.thrower == 0                  # a nine is on the table now: the round starts from P0


@pytest.mark.parametrize("hands, before, attacker, defender, finished", [
    (["7♠ 9♦", "8♠ 9♣", "6♦ 10♦", "J♦ Q♦"], ["attack 7♠", "beat 7♠ with 8♠"], 1, 2, ()),
    (["7♠ 9♦", "8♠", "6♦ 10♦", "J♦ Q♦"], ["attack 7♠", "beat 7♠ with 8♠"], 2, 3, (1,)),    # the defender is out
    (["7♠", "8♠ 9♣", "6♦ 10♦", "J♦ Q♦"], ["attack 7♠", "beat 7♠ with 8♠"], 1, 2, (0,)),    # the attacker is out
    (["A♠ 9♦", "8♠ 9♣", "6♦ 10♦", "J♦ Q♦"], ["attack A♠", "take"], 2, 3, ()),
    (["A♠", "8♠ 9♣", "6♦ 10♦", "J♦ Q♦"], ["attack A♠", "take"], 2, 3, (0,)),
], ids=ascii_id)
def test_the_next_bout_in_four_player_play(hands, before, attacker, defender, finished):
    g = Durak(players=4)
    s = run(g, g.position(hands, "", trump=Suit.HEARTS, attacker=0), *before)
    assert (s.phase, s.lead, s.attacker, s.defender, s.finished) == (LEAD, attacker, attacker, defender, finished)
    assert s.limit == s.hands[defender].bit_count()


def test_players_out_in_one_bout_rank_in_drawing_order():
    g = Durak(players=3)
    s = run(g, g.position(["7♦", "K♣ 9♣", "6♦"], "", trump=Suit.HEARTS, attacker=2), "attack 6♦", "beat 6♦ with 7♦")
    assert s.finished == (2, 0) and game_winner(s.finished) == 2      # drawing order: attacker P2 first, defender P0 last
    assert g.outcome(s) == Outcome(losers=(1,), winners=(2, 0), returns=(1, -2, 1))


def test_moves_after_the_game_is_over():
    g = preset("transfer")
    s = run(g, g.position(["7♠", "8♠ 6♦"], "", trump=Suit.HEARTS, attacker=0), "attack 7♠", "beat 7♠ with 8♠")
    assert g.is_over(s) and g.to_move(s) is None and g.legal_moves(s) == ()
    for text in ["attack 6♦", "beat 7♠ with 6♦", "take", "throw 6♦", "transfer 6♦", "pass"]:
        assert g.refusal(s, mv(g, text)) == ("durak-end", "the game is over: no more moves can be made")
    assert g.describe_move(s) == "game over"
    assert g.describe(s) == "trump ♥ (none shown); P0 attacks P1; over; table -; P0: -; P1: 6♦; stock 0; discard 35"
    with pytest.raises(ValueError) as exc:
        g.outcome(g.position(["7♠", "8♠ 6♦"], "", trump=Suit.HEARTS, attacker=0))
    assert str(exc.value) == "the game is not over"


def test_describe_a_bout():
    g = preset("throw_in")
    s = g.position(["7♠ 7♥ 9♦", "9♠ 10♥ 6♣ 8♣"], "A♣", attacker=0)
    assert g.describe_move(s) == "next bout: P0 attacks P1; stock 1"
    assert g.describe(s) == ("trump ♣ (A♣); P0 attacks P1; P0 to lead; table -; P0: 7♠ 7♥ 9♦; "
                             "P1: 6♣ 8♣ 9♠ 10♥; stock 1; discard 28")
    s = run(g, s, "attack 7♠ 7♥", "beat 7♠ with 9♠")
    assert g.describe_move(s) == "table 7♠/9♠ 7♥"
    assert g.describe(s) == ("trump ♣ (A♣); P0 attacks P1; P0 to throw in; table 7♠/9♠ 7♥; P0: 9♦; "
                             "P1: 6♣ 8♣ 10♥; stock 1; discard 28")


@pytest.mark.parametrize("rules, players", [
    (Rules(), range(2, 7)), (Rules(deck_size=12, hand_size=3), range(2, 5)),
    (Rules(deck_size=12, hand_size=3, all_dealt=True), range(2, 7)), (Rules(deck_size=12, hand_size=5), range(2, 3)),
    (Rules(first_attacker="previous_winner", previous_winner=2), range(3, 7)),
    (Rules(first_attacker="previous_winner", previous_winner=0), range(2, 7)),
    (Rules(previous_winner=4), range(2, 7)),    # the seat matters only with first_attacker = previous_winner
    (Rules(hand_size=5), range(2, 7)),           # 36 cards deal seven hands of five, but six players at most
], ids=ascii_id)
def test_player_counts(rules, players):
    for n in range(1, 8):
        if n in players:
            assert Durak(rules, players=n).players == n
        else:
            with pytest.raises(VariantError):
                Durak(rules, players=n)


@pytest.mark.parametrize("fields, message", [
    ({"deck_size": 30}, "key 'deck_size': 30 is not a whole number of ranks; allowed: a multiple of 4 from 8 to 52"),
    ({"deck_size": 12, "hand_size": 7}, "key 'hand_size': two hands of 7 need more than 12 cards; allowed: at most 6"),
], ids=ascii_id)
def test_rules_errors_say_what_is_allowed(fields, message):
    with pytest.raises(VariantError) as exc:
        Rules(**fields)
    assert str(exc.value) == message
    assert Rules(deck_size=12, hand_size=6).hand_size == 6   # two hands of six use the whole 12-card deck


def test_position_and_notation_errors():
    g = Durak(Rules(deck_size=12, hand_size=3))
    for hands, stock, message in [(["Q♠"], "", "give 2 hands"),
                                  (["Q♠", "Q♠"], "", "Q♠ is named more often than the deck holds it"),
                                  (["Q♠", "K♠"], "Q♠", "Q♠ is named more often than the deck holds it"),
                                  (["Q♠", "6♠"], "", "6♠ is not a card of this deck"),
                                  (["Q♠", "K♠ Jk"], "", "Jk is not a card of this deck"),
                                  ([parse_cards("Q♠ K♠"), ()], parse_cards("A♥ K♠"), "K♠ is named more often than the deck holds it")]:
        with pytest.raises(ValueError) as exc:
            g.position(hands, stock)
        assert str(exc.value) == message
    # cards as Card tuples build the same position as in notation
    assert g.position([parse_cards("Q♠ K♥"), parse_cards("A♠")], parse_cards("Q♦ A♥")) == \
        g.position(["Q♠ K♥", "A♠"], "Q♦ A♥")
    for text in ["attack 6♠", "throw 6♠", "transfer 6♠", "beat 6♠ with A♠", "beat A♠ with 6♠"]:
        with pytest.raises(NotationError) as exc:
            g.parse_move(text)
        assert str(exc.value) == "card 6♠ is not in this game's deck"
    assert g.parse_move("beat Q♠ with A♠") == Beat(parse_card("Q♠"), parse_card("A♠"))


@pytest.mark.parametrize("card, table, target, wrong", [
    ("9♠", [("7♠", OPEN)], "7♠", False), ("6♠", [("7♠", OPEN)], "7♠", True),   # a beat
    ("6♥", [("7♠", OPEN)], "7♠", False),                                        # a trump beats it
    ("8♦", [("7♠", OPEN), ("7♦", OPEN)], "7♠", True),                           # it would beat the other card
    ("7♦", [("7♠", OPEN)], None, False), ("8♠", [("7♠", OPEN)], None, True),    # a transfer
    ("7♦", [("7♠", OPEN), ("7♥", OPEN)], None, False),
    ("8♦", [("7♠", "8♠")], None, False),                                        # a cover's rank is on the table
    ("7♦", [("7♠", "8♠")], None, False), ("9♠", [("7♠", "8♠")], None, True),
], ids=ascii_id)
def test_reversed_which_blind_cards_are_wrong(card, table, target, wrong):
    from spec.games.durak import beat_rule, is_wrong
    tab = tuple((cid(a), cid(c) if isinstance(c, str) else c) for a, c in table)
    beaters = beat_rule(Rules(**PRESETS["reversed"]), Suit.HEARTS).beater_masks()
    args = (cid(target), beaters) if target else ()
    assert is_wrong(cid(card), tab, *args) is wrong


def test_reversed_blind_moves_and_right_cards():
    g = preset("reversed", players=3, transfer=True)
    s = run(g, g.position(["7♠ 9♦", "9♠ 7♥ 8♣", "6♦ 10♣ J♣"], "K♥", attacker=0), "attack 7♠")
    # any card of his hand may be laid, a take is always allowed (he cannot know he could beat)
    assert {g.format_move(m) for m in g.legal_moves(s)} == {
        "beat 7♠ with 9♠", "beat 7♠ with 7♥", "beat 7♠ with 8♣", "take",
        "transfer 9♠", "transfer 7♥", "transfer 8♣"}
    assert g.refusal(s, TAKE) is None and g.refusal(s, mv(g, "beat 7♠ with 8♣")) is None
    right = run(g, s, "transfer 7♥")       # a right card: an ordinary transfer to P2
    assert (right.attacker, right.defender, right.phase) == (1, 2, DEFEND) and len(right.table) == 2
    beaten = run(g, s, "beat 7♠ with 9♠")  # a right beat: the throwers' turn (P0 holds the 9♦)
    assert (beaten.phase, beaten.thrower, beaten.table) == (THROW, 0, ((cid("7♠"), cid("9♠")),))
    wrong = run(g, beaten, "throw 9♦")     # 9 is on the table: a right throw-in
    assert wrong.phase == DEFEND and len(wrong.table) == 2
    taken = run(g, s, "beat 7♠ with 8♣")   # a wrong beat: he takes both cards, P2 attacks next
    assert hand(taken, 1) == "7♠ 7♥ 8♣ 9♠" and (taken.attacker, taken.defender) == (2, 0)


def test_zones_show_the_turned_trump_until_it_is_played():
    g = Durak()
    s = g.position(["7♠ 9♦", "8♠ 10♣"], "J♥ A♣", attacker=0)
    z = g.zones(s)
    assert (format_cards(z["stock"]), format_cards(z["trump card"]), z["table"]) == ("J♥", "A♣", ())
    assert format_cards(z["hand 0"]) == "7♠ 9♦" and len(z["discard"]) == 30
    s = run(g, s, "attack 7♠")
    assert (format_cards(g.zones(s)["table"]), format_cards(g.zones(s)["trump card"])) == ("7♠", "A♣")
    s = run(g, s, "beat 7♠ with 8♠")       # P0 draws J♥ and the turned A♣: it stays shown
    z = g.zones(s)
    assert (format_cards(z["hand 0"]), format_cards(z["trump card"]), z["stock"]) == ("9♦ J♥", "A♣", ())
    assert sum(len(c) for c in z.values()) == 36
    s = run(g, s, "attack 10♣", "beat 10♣ with A♣")
    z = g.zones(s)
    assert z["trump card"] == () and parse_card("A♣") in z["discard"] and sum(len(c) for c in z.values()) == 36
    assert g.hidden_zones(s, 0) == {"stock", "hand 1"}
    assert preset("reversed", players=3).hidden_zones(s, 1) == {"stock", "hand 1"}
    g = preset("throw_in")                 # the turned trump as a cover, still on the table
    s = run(g, g.position(["7♠ 8♠", "9♠ 10♥ 10♦"], "A♣", attacker=0), "attack 7♠", "beat 7♠ with 9♠",
            "attack 10♥", "beat 10♥ with A♣")
    z = g.zones(s)
    assert s.phase == THROW and z["trump card"] == () and format_cards(z["table"]) == "10♥ A♣"
    big = Durak(Rules(deck_size=52))       # the 2♠, the lowest card of the largest deck, turned as trump
    s = big.position(["7♠", "8♠"], "3♥ 2♠")
    z = big.zones(s)
    assert format_cards(z["trump card"]) == "2♠" and format_cards(z["stock"]) == "3♥"
    assert big.describe(s) == "trump ♠ (2♠); P0 attacks P1; P0 to lead; table -; P0: 7♠; P1: 8♠; stock 2; discard 48"


def test_relabel_renames_every_card():
    g = preset("throw_in")
    before = run(g, g.position(["7♠ 8♦ 9♦", "8♠ 10♣ 9♥"], "J♥ A♣", attacker=0), "attack 7♠", "beat 7♠ with 8♠")
    assert before.phase == THROW         # P0 may throw in the 8♦
    pairs = [("7♠", "J♠"), ("8♠", "Q♠"), ("8♦", "Q♦"), ("A♣", "K♣")]
    swap = {parse_card(a): parse_card(b) for a, b in pairs} | {parse_card(b): parse_card(a) for a, b in pairs}
    after = run(g, g.position(["J♠ Q♦ 9♦", "Q♠ 10♣ 9♥"], "J♥ K♣", attacker=0), "attack J♠", "beat J♠ with Q♠")
    assert g.relabel(before, swap) == after


@pytest.mark.parametrize("name, held", [("simple", "7♠ 7♥ 7♦ 9♦ J♠"), ("english_pairs", "7♠ 7♥ 9♦ 9♣"),
                                        ("simple_v", "7♠ 7♥ 9♦ 9♣ J♠ Q♠"), ("simple_v", "7♠ 7♥ 7♦ 7♣ 9♦ A♦")], ids=ascii_id)
def test_attack_candidates_are_the_documented_sets(name, held):
    """The rulebook: every set of one rank and every two cards of different ranks; for simple-V,
    every set of at most five cards of at most three ranks."""
    from itertools import combinations
    g = preset(name)
    s = g.position([held, "6♠ 6♥ 6♦ 8♠ 8♥ 10♠"], "A♣", attacker=0)
    cards = parse_cards(held)
    want = set()
    for k in range(1, len(cards) + 1):
        for combo in combinations(cards, k):
            ranks = {c.rank for c in combo}
            if (len(ranks) <= 3 and k <= 5) if name == "simple_v" else (len(ranks) == 1 or (k == 2 and len(ranks) == 2)):
                want.add(frozenset(combo))
    offered = moves_in_turn(g, s)
    got = [frozenset(m.cards) for m in offered if isinstance(m, Attack)]
    assert len(got) == len(set(got)) and set(got) == want
    assert set(g.legal_moves(s)) <= set(offered) and offered[-1] == PASS


def test_english_pass_goes_round_the_table():
    g = preset("english_pairs", players=3)
    s = g.position(["7♠ 8♥", "9♦ 10♦", "J♠ J♥ 6♣"], "A♣", attacker=0)
    assert g.legal_moves(s) == (PASS,)
    s = run(g, s, "pass")         # P1 holds no pair either
    assert (s.lead, s.attacker, s.defender, s.limit) == (1, 1, 2, 3) and g.legal_moves(s) == (PASS,)
    s = run(g, s, "pass")
    assert (s.lead, s.attacker, s.defender, s.limit) == (2, 2, 0, 2)
    assert [g.format_move(m) for m in g.legal_moves(s)] == ["attack J♠ J♥"]


@pytest.mark.parametrize("attacker, defender, refusal", [
    ("7♠ 7♥ 9♦", "6♠ 8♠", "P0 can lead a pair, so he must attack"),      # a pair against two cards
    ("7♠ 7♥ 7♦", "6♠ 8♠", "P0 can lead a pair, so he must attack"),      # three of a kind hold a pair
    ("7♠ 7♥ 9♦", "6♠", None),                                             # a pair against one card: pass
    ("7♠ 8♥ 9♦", "6♠ 8♠ 10♠", None),
], ids=ascii_id)
def test_english_pass_only_without_a_pair_to_lead(attacker, defender, refusal):
    g = preset("english_pairs")
    s = g.position([attacker, defender], "A♣", attacker=0)
    assert g.refusal(s, PASS) == (None if refusal is None else ("durak-pair-pass", refusal))
    assert (g.legal_moves(s) == (PASS,)) is (refusal is None)


@pytest.mark.parametrize("defender, sizes", [
    ("6♠", {1: 4}), ("6♠ 8♠", {1: 4, 2: 6}), ("6♠ 8♠ 10♠", {1: 4, 2: 6, 3: 4}),
    ("6♠ 8♠ 10♠ Q♠", {1: 4, 2: 6, 3: 4, 4: 1}), ("6♠ 8♠ 10♠ Q♠ K♠", {1: 4, 2: 6, 3: 4, 4: 1}),
], ids=ascii_id)
def test_four_of_a_kind_leads_within_the_defenders_hand(defender, sizes):
    g = Durak()
    s = g.position(["7♠ 7♥ 7♦ 7♣", defender], "A♣", attacker=0)
    leads = g.legal_moves(s)
    got = {}
    for m in leads:
        got[len(m.cards)] = got.get(len(m.cards), 0) + 1
    assert got == sizes and len(set(leads)) == len(leads)


@pytest.mark.parametrize("take, attack, moves, beat, beat_refusal", [
    # P1 holds 9♠ 10♦ 6♣, trump ♥: 7♠ falls to 9♠ and 7♦ to 10♦; nothing beats 7♣ or the trump 7♥
    ("if_unable", "7♠", {"beat 7♠ with 9♠"}, "beat 7♠ with 9♠", None),
    ("any_time", "7♠", {"beat 7♠ with 9♠", "take"}, "beat 7♠ with 9♠", None),
    ("if_unable", "7♠ 7♣", {"take"}, "beat 7♠ with 9♠", "P1 cannot beat 7♣, so he must take the cards (or transfer)"),
    ("any_time", "7♠ 7♣", {"beat 7♠ with 9♠", "take"}, "beat 7♠ with 9♠", None),  # he may still beat what he can
    ("if_unable", "7♥ 7♦", {"take"}, "beat 7♦ with 10♦", "P1 cannot beat 7♥, so he must take the cards (or transfer)"),
    ("any_time", "7♥ 7♦", {"beat 7♦ with 10♦", "take"}, "beat 7♦ with 10♦", None),
    ("if_unable", "7♠ 7♦", {"beat 7♠ with 9♠", "beat 7♦ with 10♦"}, "beat 7♦ with 10♦", None),
], ids=ascii_id)
def test_take_option(take, attack, moves, beat, beat_refusal):
    g = Durak(Rules(take=take))
    s = run(g, g.position(["7♠ 7♥ 7♦ 7♣", "9♠ 10♦ 6♣"], "K♥", attacker=0), "attack " + attack)
    assert {g.format_move(m) for m in g.legal_moves(s)} == moves
    assert g.refusal(s, mv(g, beat)) == (beat_refusal and ("durak-take", beat_refusal))
    assert (g.refusal(s, TAKE) is None) is ("take" in moves)


def test_the_2_of_spades_as_a_cover_in_the_52_card_deck():
    """Card id 0 (the 2♠) is a real card: covered with it, an attacking card is beaten."""
    for name in ("simple", "throw_in"):
        g = preset(name, deck_size=52)
        s = g.position(["3♥ 3♦ 9♣", "2♠ 4♦ 10♣"], "A♠", attacker=0)
        s = run(g, s, "attack 3♥ 3♦", "beat 3♥ with 2♠")
        assert (s.phase, g.to_move(s)) == (DEFEND, 1) and g.zones(s)["trump card"] == (parse_card("A♠"),)
        s = run(g, s, "beat 3♦ with 4♦")
        assert s.phase == LEAD and (s.attacker, s.defender) == (1, 0)
        assert s.discard.bit_count() == 45 + 4 and s.discard & hand_mask("2♠ 3♥ 3♦ 4♦") == hand_mask("2♠ 3♥ 3♦ 4♦")
        assert (hand(s, 0), hand(s, 1)) == ("9♣ A♠", "10♣")


def test_the_turn_clause_offers_outside_the_lead():
    """In defence the turn clause offers every (table card, hand card) beat, taking, and each card
    transferred; a thrower, each card thrown in and passing; the deciders keep the legal ones."""
    g = Durak()
    s = run(g, g.position(["7♠ 7♥ 7♦ 8♦", "6♠ 9♠ 10♣"], "K♥", attacker=0), "attack 7♠ 7♥")
    want = ["beat 7♠ with 6♠", "beat 7♠ with 9♠", "beat 7♠ with 10♣", "beat 7♥ with 6♠", "beat 7♥ with 9♠",
            "beat 7♥ with 10♣", "take", "transfer 6♠", "transfer 9♠", "transfer 10♣"]
    assert [g.format_move(m) for m in moves_in_turn(g, s)] == want
    s = run(g, s, "take")
    assert [g.format_move(m) for m in moves_in_turn(g, s)] == ["throw 7♦", "throw 8♦", "pass"]
    assert [g.format_move(m) for m in g.legal_moves(s)] == ["throw 7♦", "pass"]
    assert moves_in_turn(g, dataclasses.replace(s, phase=OVER)) == ()


def test_an_offer_that_leaves_out_an_allowed_move_is_a_bug_not_a_refusal():
    from spec.games.durak import CLAUSES
    g = Durak()
    s = g.position(["7♠ 8♦", "6♠ 9♠"], "A♦", attacker=0)
    assert g.refusal(s, mv(g, "attack 7♠")) is None
    with CLAUSES.replaced("durak-turn", lambda game, state: ()):
        with pytest.raises(ValueError) as exc:
            g.refusal(s, mv(g, "attack 7♠"))
        assert g.refusal(s, mv(g, "beat 7♠ with 9♠"))[0] == "durak-turn"      # out of turn all the same
    assert str(exc.value) == "attack 7♠: no decider refuses it, but the turn clause does not offer it"


def test_position_trump_without_a_turned_card():
    g = Durak()
    s = g.position(["7♠", "8♠"])                       # no stock and no trump named: diamonds
    assert (s.trump, s.trump_card, s.stock) == (Suit.DIAMONDS, -1, ())
    s = g.position(["7♠", "8♠"], "J♥ A♣", trump=Suit.HEARTS)   # a trump named: no card is shown
    assert (s.trump, s.trump_card, s.stock) == (Suit.HEARTS, -1, ids("J♥ A♣"))
    assert g.zones(s)["trump card"] == ()


@pytest.mark.parametrize("text, message", [
    ("attack Jk", "card Jk is not in this game's deck"), ("attack 7♠ Jk", "card Jk is not in this game's deck"),
    ("beat Jk with 7♠", "card Jk is not in this game's deck"), ("attack 7♠ 7♠", "attack 7♠ 7♠: name each card once"),
    ("attack Jk Jk", "attack Jk Jk: name each card once"),
], ids=ascii_id)
def test_a_joker_is_no_card_of_the_52_card_deck(text, message):
    with pytest.raises(NotationError) as exc:
        Durak(Rules(deck_size=52)).parse_move(text)
    assert str(exc.value) == message


@pytest.mark.parametrize("lead", ["one_rank", "pair", "pairs_and_one"], ids=ascii_id)
@pytest.mark.parametrize("held, limit", [("7♠ 7♥ 7♦ 9♦ J♠ J♣", 2), ("7♠ 7♥ 7♦ 9♦ J♠ J♣", 6), ("7♠ 9♦", 6)], ids=ascii_id)
def test_legal_leads_are_the_subsets_of_the_lead_shape(lead, held, limit):
    from itertools import combinations

    from spec.games.durak import legal_leads
    cards, rules = parse_cards(held), Rules(lead=lead)
    want = {mask_of(c) for k in range(1, limit + 1) for c in combinations(cards, k) if is_lead_shape(rules, mask_of(c))}
    got = legal_leads(rules, mask_of(cards), limit)
    assert len(got) == len(set(got)) and set(got) == want


def test_one_move_object_per_attack():
    """Attacks are made once per set of cards (``apply`` reads a move's cards by its identity)."""
    g = preset("simple_v")
    s = g.position(["7♠ 7♥ 9♦ 9♣ J♠", "6♠ 8♠ 10♠ Q♠ K♠"], "A♣", attacker=0)
    first, again = g.legal_moves(s), g.legal_moves(s)
    assert all(a is b for a, b in zip(first, again)) and len(first) == 12
    five = hand_mask("7♠ 7♥ 9♦ 9♣ J♠")
    assert attack_of(five) is attack_of(five) and attack_of(five) == mv(g, "attack 7♠ 7♥ 9♦ 9♣ J♠")


# ------------------------------------------------------------ the full deck's deuces and unknown cards
# In a 52-card deck the deuces are the lowest cards; a trump deuce still beats every plain card.

def full(players: int = 2, **extra) -> Durak:
    return Durak(Rules(deck_size=52, **extra), players=players)


def test_an_unbeatable_deuce_makes_the_defender_take():
    g = full()
    s = run(g, g.position(["2♠ 2♦ K♣", "3♦ 5♣ 9♣"], "A♥", attacker=0), "attack 2♠ 2♦")   # no spade, no heart
    assert g.unbeatable(s) == cid("2♠")
    assert [g.format_move(m) for m in g.legal_moves(s)] == ["take"]
    assert g.refusal(s, TAKE) is None
    assert g.refusal(s, mv(g, "beat 2♦ with 3♦")) == (
        "durak-take", "P1 cannot beat 2♠, so he must take the cards (or transfer)")


def test_a_trump_deuce_covers_and_the_bout_ends_when_the_thrower_passes():
    g = full(throw_in="always")
    s = run(g, g.position(["7♥ 7♣ K♦", "2♠ 9♦ 10♦"], "A♠", attacker=0), "attack 7♥", "beat 7♥ with 2♠")
    assert (s.phase, g.to_move(s), s.table) == (THROW, 0, ((cid("7♥"), cid("2♠")),))
    s = run(g, s, "pass")
    assert (s.phase, s.attacker, s.defender) == (LEAD, 1, 0)      # discarded: the defender attacks next
    assert s.discard >> cid("2♠") & 1 and s.discard >> cid("7♥") & 1


def test_reversed_a_thrower_may_lay_any_card_and_a_wrong_one_takes_the_bout():
    g = full(throw_in="always", reversed=True)
    s = run(g, g.position(["7♥ 2♠", "8♥ 9♣ 10♣"], "", attacker=0), "attack 7♥", "beat 7♥ with 8♥")
    assert (s.phase, g.to_move(s)) == (THROW, 0)                 # blind: any card he holds, even a deuce
    assert [g.format_move(m) for m in g.legal_moves(s)] == ["throw 2♠", "pass"]
    s = run(g, s, "throw 2♠")                                     # no deuce on the table: he takes the bout
    assert (hand(s, 0), hand(s, 1)) == ("2♠ 7♥ 8♥", "9♣ 10♣")
    assert (s.phase, s.attacker, s.defender) == (LEAD, 1, 0)


@pytest.mark.parametrize("written, cards", [("attack 2♥ 2♠", "2♠ 2♥"), ("attack 2♣ 2♦ 2♠", "2♠ 2♦ 2♣"),
                                            ("attack A♣ A♠", "A♠ A♣")], ids=ascii_id)
def test_an_attack_has_one_written_form_in_the_full_deck(written, cards):
    g = full()
    a = mv(g, written)
    assert format_cards(a.cards) == cards and g.format_move(a) == "attack " + cards
    assert a == Attack(tuple(parse_cards(cards)[::-1]))


@pytest.mark.parametrize("move, reason", [
    (Attack((parse_card("Jk"),)), "P0 does not hold Jk"),
    (Attack((parse_card("Jk"), parse_card("2♥"))), "P0 does not hold Jk"),
], ids=["joker", "joker and deuce"])
def test_a_card_from_outside_the_deck_is_never_held(move, reason):
    g = full()
    s = g.position(["2♥ 7♠ 7♥", "3♦ 8♦ 9♦"], "A♣", attacker=0)
    assert g.refusal(s, move) == ("durak-own-cards", reason)


@pytest.mark.parametrize("extra, before, stuck, target", [
    ({}, ["attack 7♠"], -1, -1),                                  # he beats it with 9♠; no transfers
    ({}, ["attack 8♦"], cid("8♦"), -1),                           # no higher diamond, no club trump
    ({"transfer": True}, ["attack 7♠"], -1, 2),                   # P2 holds enough cards for two sevens
    ({"transfer": True}, ["attack 7♠ 7♥", "beat 7♠ with 9♠"], -1, -1),   # a card is beaten: too late
], ids=ascii_id)
def test_the_defenders_unbeatable_card_and_transfer_target(extra, before, stuck, target):
    g = Durak(Rules(throw_in="always", **extra), players=3)
    s = run(g, g.position(["7♠ 7♥ 8♦", "9♠ 7♦ 6♥ A♥", "10♥ J♥ Q♥"], "A♣", attacker=0), *before)
    assert s.phase == DEFEND
    assert (g.unbeatable(s), g.transfer_target(s)) == (stuck, target)


@pytest.mark.parametrize("variant", sorted(PRESETS))
def test_every_position_keeps_the_table_ranks_and_no_stray_thrower(variant):
    """``ranks`` is always the mask of the table's ranks, and ``thrower`` names a player only in the
    throwers' turn (positions reached by different paths compare equal)."""
    g = preset(variant, players=3)
    for seed in range(3):
        s, rng = g.deal(seed), random.Random(seed)
        for _ in range(150):
            assert s.ranks == table_rank_mask(s.table)
            assert s.thrower >= 0 if s.phase == THROW else s.thrower == -1
            if g.is_over(s):
                break
            s = g.apply(s, rng.choice(g.legal_moves(s)))


# ------------------------------------------------- the declared space (issue #23)

def _expected(name: str, players: int = 2, **rules):
    from verifier.core import REGISTRY
    return REGISTRY.get("durak", name).expected_for([Durak(make_rules(Rules, rules), players=players)])


def test_the_declared_space_sweeps_the_thresholds_of_the_pack_and_the_cap():
    from verifier.space import declared_space
    space = declared_space("durak")
    assert 24 in space.values["deck_size"] and 6 in space.values["max_bout_cards"]
    assert space.players == (2, 3, 4, 6) and len(space.points()) == 157
    # the 24-card pack is used up by four hands of six: no stock, and no fifth or sixth player
    s = Durak(make_rules(Rules, {"deck_size": 24}), players=4).deal(2)
    assert s.stock == () and all(h.bit_count() == 6 for h in s.hands)
    with pytest.raises(VariantError):
        Durak(make_rules(Rules, {"deck_size": 24}), players=5)


def test_the_two_player_claims_are_made_where_the_argument_covers_the_rules():
    from verifier.core import HOLDS, REFUTED
    for name in ("ranking_2p", "terminates_2p_small", "ranking_2p@throw_in", "terminates_2p_small@japanese"):
        assert _expected(name) == HOLDS
        assert _expected(name, take="any_time", max_bout_cards=1, hand_size=1) == HOLDS
        for house_rule in ({"transfer": True}, {"reversed": True}, {"lead": "pair"}):
            assert _expected(name, **house_rule) is None, (name, house_rule)
    # a preset that sets the lead itself is not moved by the point's lead
    assert _expected("ranking_2p@simple_v", lead="pair") == HOLDS
    assert _expected("terminates") == HOLDS and _expected("terminates", lead="pair") is None
    assert _expected("terminates@english_pairs") == REFUTED
    assert _expected("terminates@throw_in", lead="pair") is None
    assert _expected("terminates_3p_small", players=3, max_bout_cards=1) == REFUTED


def test_the_zero_sum_claim_is_made_where_random_games_end():
    """With ``lead = pair`` a lead can be passed round for ever, and no sampled 4-player game ends: the
    metadata's zero-sum claim (about finished games) is not made there, as ``terminates`` is not."""
    from verifier.core import HOLDS, REGISTRY
    zero_sum = REGISTRY.get("*", "zero_sum")
    for players in (2, 4):
        assert zero_sum.expected_for([Durak(make_rules(Rules, {}), players=players)]) == HOLDS
        assert zero_sum.expected_for([Durak(make_rules(Rules, {"lead": "pair"}), players=players)]) is None
    assert "lead ≠ pair" in zero_sum.shown_title("en", "durak")


def test_the_refutations_of_sampled_play_are_claimed_for_the_preset_alone():
    from verifier.core import REFUTED
    assert _expected("ranking_2p@transfer") == REFUTED
    assert _expected("ranking_2p@transfer", throw_in="none") == REFUTED   # the preset sets throw_in itself
    assert _expected("ranking_2p@transfer", hand_size=1) is None
    assert _expected("ranking_2p@english_pairs", lead="pairs_and_one") == REFUTED
    assert _expected("ranking_2p@reversed", deck_size=52) is None


def test_a_cap_of_one_card_leaves_two_players_no_loop_in_transfer_or_reversed_durak():
    from verifier.core import HOLDS, REFUTED
    assert _expected("terminates_2p_small@transfer") == REFUTED
    assert _expected("terminates_2p_small@transfer", max_bout_cards=1) is None
    assert _expected("terminates_2p_small@reversed", max_bout_cards=6) == REFUTED
    capped = Durak(make_rules(Rules, {"max_bout_cards": 1}), players=2)
    r = check([capped], "terminates_2p_small@transfer")
    assert r.verdict == HOLDS and "no cycle" in r.detail   # a finding about that house rule
    assert not may_transfer(preset("transfer", max_bout_cards=1).rules, ((0, OPEN),), (1 << 10) - 1)
