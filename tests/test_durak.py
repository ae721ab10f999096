"""Durak: rule unit tests, edge cases, the CLI, and one mutation test per property."""

from __future__ import annotations

import dataclasses
import json
import pathlib

import pytest
from click.testing import CliRunner

from spec.bouts import OPEN, SAME_RANK, bit, card_id, cards_of, format_mask, lead_options, mask_of, next_seat_with_cards
from spec.cards import Suit, format_cards, parse_card, parse_cards
from spec.engine import Game, Outcome, Record
from spec.errors import IllegalMove, NotationError, VariantError
from spec.games.durak import (
    LEAD, OVER, PASS, PRESETS, TAKE, THROW, Attack, Beat, BoutEnd, Durak, LeadPhase, Rules, Transfer,
    attack_of, drawing_order, game_winner,
)
from spec.rules import make_rules
from spec.variants import load_variant
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
    s = g.setup(["7♥ A♠", "6♥ K♠", "9♦ 10♣"], "Q♥")
    assert s.attacker == 1 and s.defender == 2 and s.trump == Suit.HEARTS
    nobody = g.setup(["7♠ A♠", "6♦ K♠", "9♦ 10♣"], "Q♥")
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
    s = g.setup(["7♠ 7♥ 9♦", "6♠ 8♠ 10♠"], "A♣", attacker=0)
    leads = [g.format_move(m) for m in g.legal_moves(s)]
    assert leads == ["attack 7♠", "attack 7♥", "attack 7♠ 7♥", "attack 9♦"]
    with pytest.raises(IllegalMove) as exc:
        g.play(s, mv(g, "attack 7♠ 9♦"))
    assert exc.value.clause == "durak-lead"


def test_attack_no_larger_than_defenders_hand():
    g = Durak()
    s = g.setup(["7♠ 7♥ 7♦ 9♦", "6♠ 8♠"], "A♣", attacker=0)
    assert "attack 7♠ 7♥ 7♦" not in [g.format_move(m) for m in g.legal_moves(s)]
    with pytest.raises(IllegalMove) as exc:
        g.play(s, mv(g, "attack 7♠ 7♥ 7♦"))
    assert exc.value.clause == "durak-attack-limit"


def test_english_pairs_lead_or_pass():
    g = preset("english_pairs")
    s = g.setup(["7♠ 7♥ 9♦", "6♠ 8♠ 10♠"], "A♣", attacker=0)
    assert [g.format_move(m) for m in g.legal_moves(s)] == ["attack 7♠ 7♥"]
    s = g.setup(["7♠ 8♥ 9♦", "6♠ 8♠ 10♠"], "A♣", attacker=0)
    assert g.legal_moves(s) == (PASS,)
    s = g.play(s, PASS)
    assert (s.attacker, s.defender) == (1, 0) and g.legal_moves(s) == (PASS,)


def test_simple_v_lead_shapes():
    g = preset("simple_v")
    s = g.setup(["7♠ 7♥ 9♦ 9♣ J♠", "6♠ 8♠ 10♠ Q♠ K♠"], "A♣", attacker=0)
    leads = [g.format_move(m) for m in g.legal_moves(s)]
    assert leads[:5] == ["attack 7♠", "attack 7♥", "attack 9♦", "attack 9♣", "attack J♠"]
    assert "attack 7♠ 7♥ 9♦" in leads and "attack 7♠ 7♥ 9♦ 9♣ J♠" in leads
    assert {len(m.cards) for m in g.legal_moves(s)} == {1, 3, 5}
    assert len(leads) == 5 + 6 + 1
    small = g.setup(["7♠ 7♥ 9♦ 9♣ J♠", "6♠ 8♠ 10♠ Q♠"], "A♣", attacker=0)
    assert all(len(m.cards) <= 3 for m in g.legal_moves(small))  # the defender holds four


def test_mixed_attack_cannot_be_transferred():
    g = preset("simple_v", players=3, transfer=True)
    s = g.setup(["7♠ 7♥ 9♦ A♠", "7♦ 8♠ J♦ Q♦ K♦", "6♦ 6♥ 10♣ J♣ Q♣ K♣"], "A♣", attacker=0)
    s = run(g, s, "attack 7♠ 7♥ 9♦")
    assert not any(isinstance(m, Transfer) for m in g.legal_moves(s))


# ---------------------------------------------------------------- defence

def test_beat_by_higher_card_of_suit_or_trump():
    g = Durak()
    s = g.setup(["7♠", "6♠ 9♠ 6♥ 8♣"], "A♥", attacker=0)
    s = run(g, s, "attack 7♠")
    beats = [g.format_move(m) for m in g.legal_moves(s)]
    assert beats == ["beat 7♠ with 6♥", "beat 7♠ with 9♠"]  # no take while he can beat


def test_must_take_when_a_card_cannot_be_beaten():
    g = Durak()
    s = g.setup(["A♠ A♦ 6♣", "6♠ 9♠ 6♦ 8♣"], "K♥", attacker=0)
    s = run(g, s, "attack A♠ A♦")
    assert g.legal_moves(s) == (TAKE,)
    with pytest.raises(IllegalMove) as exc:
        g.play(s, mv(g, "beat A♠ with 6♠"))
    assert exc.value.clause == "durak-beat"


def test_take_any_time_option():
    g = Durak(Rules(take="any_time"))
    s = g.setup(["7♠", "9♠ 8♣"], "A♥", attacker=0)
    s = run(g, s, "attack 7♠")
    assert TAKE in g.legal_moves(s)


def test_japanese_spades_only_by_spades():
    g = preset("japanese")
    s = g.setup(["7♠ 7♣", "6♦ 8♦ 9♣ 6♠"], "A♥", trump=Suit.DIAMONDS, attacker=0)
    s = run(g, s, "attack 7♣")
    assert sorted(g.format_move(m) for m in g.legal_moves(s)) == ["beat 7♣ with 6♦", "beat 7♣ with 8♦",
                                                                 "beat 7♣ with 9♣"]
    s2 = run(g, g.setup(["7♠ 7♣", "6♦ 8♦ 9♣ 6♠"], "A♥", trump=Suit.DIAMONDS, attacker=0), "attack 7♠")
    assert g.legal_moves(s2) == (TAKE,)  # a diamond cannot beat a spade


# ----------------------------------------------------------------- throw-in

def test_simple_durak_throws_in_only_onto_a_taker():
    g = Durak()
    s = g.setup(["7♠ 7♥ 9♦", "8♠ 6♣ 10♦"], "A♣", attacker=0)
    s = run(g, s, "attack 7♠", "beat 7♠ with 8♠")
    assert s.phase == LEAD and s.attacker == 1  # discarded, no throw-in after a full beat
    s = g.setup(["7♠ 7♥ 9♦", "6♠ 6♥ 10♣"], "A♦", attacker=0)
    s = run(g, s, "attack 7♥", "take")
    assert s.phase == THROW and s.thrower == 0
    assert [g.format_move(m) for m in g.legal_moves(s)] == ["throw 7♠", "pass"]
    s = run(g, s, "throw 7♠")   # nothing more to throw: the bout ends by itself
    assert s.phase == LEAD and s.attacker == 0 and hand(s, 1) == "6♠ 6♥ 7♠ 7♥ 10♣" and hand(s, 0) == "9♦ A♦"


def test_throw_in_while_beating_limited_by_the_hand():
    g = preset("throw_in")
    s = g.setup(["7♠ 7♥ 8♥ 9♦", "8♠ 9♥ 6♦"], "A♣", attacker=0)
    s = run(g, s, "attack 7♠", "beat 7♠ with 8♠")
    assert s.phase == THROW and [g.format_move(m) for m in g.legal_moves(s)] == ["throw 7♥", "throw 8♥", "pass"]
    g = preset("throw_in")
    s = g.setup(["7♠ 7♥ 7♦ 9♦", "8♠ 6♦"], "A♣", attacker=0)
    s = run(g, s, "attack 7♠", "beat 7♠ with 8♠", "throw 7♥", "take")
    # two attacking cards = the two the defender held: 7♦ may not follow
    assert s.phase == LEAD and s.attacker == 0 and hand(s, 1) == "6♦ 7♠ 7♥ 8♠"


def test_throw_in_while_beating_comes_after_each_beat():
    g = preset("throw_in")
    s = g.setup(["7♠ 7♥ 9♦ 10♣", "9♠ 10♥ 6♣ 8♣"], "A♣", attacker=0)
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
    s = g.setup(["7♠ 7♥ 9♦ 10♣", "9♠ 10♥ 6♣ 8♣"], "A♣", attacker=0)
    s = run(g, s, "attack 7♠ 7♥", "beat 7♠ with 9♠")
    assert g.to_move(s) == 1
    with pytest.raises(IllegalMove):
        g.play(s, mv(g, "throw 9♦"))
    s = run(g, s, "beat 7♥ with 10♥")
    assert s.phase == THROW and [g.format_move(m) for m in g.legal_moves(s)] == ["throw 9♦", "throw 10♣", "pass"]


def test_throwers_in_turn_and_attacker_only_option():
    g = preset("throw_in", players=3)
    s = g.setup(["7♠ 9♦", "8♠ 10♣", "7♥ 8♣"], "A♦", attacker=0)
    s = run(g, s, "attack 7♠", "beat 7♠ with 8♠")
    assert s.thrower == 2  # P0 has nothing to throw, P2 has 7♥ and 8♣
    g1 = preset("throw_in", players=3, throw_in_by="attacker")
    s = g1.setup(["7♠ 9♦", "8♠ 10♣", "7♥ 8♣"], "A♦", attacker=0)
    s = run(g1, s, "attack 7♠", "beat 7♠ with 8♠")
    assert s.phase == LEAD and s.attacker == 1


def test_bout_cap_option():
    g = preset("throw_in", max_bout_cards=1)
    s = g.setup(["7♠ 7♥", "8♠ 9♥"], "A♣", attacker=0)
    s = run(g, s, "attack 7♠", "beat 7♠ with 8♠")
    assert s.phase == LEAD


# ------------------------------------------------------------------ transfer

def test_transfer_needs_the_next_player_to_hold_enough():
    g = preset("transfer", players=3)
    s = g.setup(["7♠ 7♦ 9♦", "7♥ 10♣ J♣", "8♠ Q♦"], "A♣", attacker=0)
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
    s = g.setup(["7♠ 7♦ 9♦", "7♥ 8♠ J♦", "8♣ Q♦ K♦"], "A♣", attacker=0)
    s = run(g, s, "attack 7♠ 7♦", "beat 7♠ with 8♠")
    assert not any(isinstance(m, Transfer) for m in g.legal_moves(s))


def test_transfer_in_two_players_goes_back_to_the_attacker():
    g = preset("transfer")
    s = g.setup(["7♠ 9♦ 10♦", "7♥ 10♣ J♣"], "A♣", attacker=0)
    s = run(g, s, "attack 7♠", "transfer 7♥")
    assert (s.attacker, s.defender) == (1, 0)


# ------------------------------------------------------- after the bout

def test_drawing_order_attacker_first_defender_last():
    assert drawing_order(2, 3, 4) == (2, 0, 1, 3)
    g = Durak(Rules(hand_size=2), players=3)
    s = g.setup(["7♠", "8♠", "6♦"], "J♥ Q♥ K♥ A♥", attacker=0)
    s = run(g, s, "attack 7♠", "beat 7♠ with 8♠")
    # the attacker P0 draws first, then P2, the defender P1 last, taking the turned A♥
    assert (hand(s, 0), hand(s, 2), hand(s, 1)) == ("J♥ Q♥", "6♦ K♥", "A♥")
    assert s.stock == () and s.attacker == 1


def test_after_a_pickup_the_next_player_attacks():
    g = Durak(players=3)
    s = g.setup(["A♠ 9♦", "6♠ 8♣", "7♦ 9♣"], "K♥", attacker=0)
    s = run(g, s, "attack A♠", "take")
    assert s.attacker == 2 and s.defender == 0


def test_durak_and_draw_at_the_end():
    g = Durak()
    s = g.setup(["7♠", "8♠ 6♦"], "", trump=Suit.HEARTS, attacker=0)
    s = run(g, s, "attack 7♠", "beat 7♠ with 8♠")
    assert s.phase == OVER and g.outcome(s) == Outcome(losers=(1,), winners=(0,), returns=(1, -1)) and game_winner(s) == 0
    s = g.setup(["7♠", "8♠"], "", trump=Suit.HEARTS, attacker=0)
    s = run(g, s, "attack 7♠", "beat 7♠ with 8♠")
    assert s.phase == OVER and g.outcome(s).draw and not g.outcome(s).losers
    g2 = Durak(Rules(all_out="defender_loses"))
    s = run(g2, g2.setup(["7♠", "8♠"], "", trump=Suit.HEARTS, attacker=0), "attack 7♠", "beat 7♠ with 8♠")
    assert g2.outcome(s).losers == (1,)


def test_players_who_are_out_are_skipped():
    g = Durak(players=3)
    s = g.setup(["7♠", "8♠ 9♣", "6♦ 10♦"], "", trump=Suit.HEARTS, attacker=0)
    s = run(g, s, "attack 7♠", "beat 7♠ with 8♠")
    assert s.finished == (0,) and (s.attacker, s.defender) == (1, 2)


# ------------------------------------------------------------------ reversed

def test_reversed_view_and_wrong_beat_penalty():
    g = preset("reversed", players=3)
    s = g.setup(["7♠ 9♦", "6♠ 8♣", "7♦ 9♣"], "K♥", attacker=0)
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
    s = g.setup(["7♠ 9♦ 10♦", "8♠ 6♣ J♣"], "K♥", attacker=0)
    s = run(g, s, "attack 7♠", "beat 7♠ with 8♠", "throw 9♦")
    assert hand(s, 0) == "7♠ 8♠ 9♦ 10♦ K♥" and s.attacker == 1 and s.discard.bit_count() == 36 - 7


def test_reversed_wrong_transfer_takes_the_bout():
    g = preset("reversed", transfer=True)
    s = g.setup(["7♠ 9♦ 10♦", "8♠ 6♣ J♣"], "K♥", attacker=0)
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

@pytest.mark.parametrize("variant", sorted(set(PRESETS) - {"english_pairs"}) + ["docs/variants/durak-transfer.toml"])
def test_cli_plays_every_variant(variant, tmp_path):
    out = tmp_path / "game.json"
    res = CliRunner().invoke(main, ["play", "durak", "--variant", variant, "--players", "3", "--seed", "2",
                                    "--save", str(out)])
    assert res.exit_code == 0, res.output
    assert "result:" in res.output
    again = CliRunner().invoke(main, ["play", "--replay", str(out)])
    assert again.exit_code == 0 and again.output.splitlines()[-1] == res.output.splitlines()[-2]


def test_variant_files_load():
    import glob
    files = sorted(glob.glob("docs/variants/durak-*.toml"))
    assert len(files) >= 6
    for f in files:
        v = load_variant(f)
        assert v.game is Durak


# ------------------------------------------------------------------ mutants

def with_bout_end(end):
    """A Durak whose end of bout is ``end(part, d, taker)`` (a broken one)."""
    class BrokenEnd(BoutEnd):
        def end(self, d, taker):
            end(self, d, taker)

    class Mutant(Durak):
        phase_classes = Durak.phase_classes[:3] + (BrokenEnd,)
    return Mutant


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


class LeadMaskDrifts(Durak):
    phase_classes = (LeadOneMore,) + Durak.phase_classes[1:]


class TableMaskDrifts(Durak):
    phase_classes = (FirstRankOnly,) + Durak.phase_classes[1:]


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

LEGACY = sorted(pathlib.Path(__file__).parent.glob("data/records/durak/*p.json")) + \
    sorted(pathlib.Path(__file__).parent.glob("data/records/durak/*-diverges.json"))


@pytest.mark.parametrize("path", LEGACY, ids=lambda p: p.stem)
def test_records_saved_before_the_kernel_still_replay(path):
    want = json.loads(path.with_name(path.stem + ".final.json").read_text(encoding="utf-8"))
    rec = Record.load(path)
    assert rec.format == 1   # saved before the kernel: read with LEGACY_DEFAULTS
    game, state = rec.replay()
    assert game.describe(state) == want["describe"]
    assert game.is_over(state) == want["over"]
    if want["over"]:
        assert game.outcome(state).describe() == want["outcome"]


@pytest.mark.parametrize("path", [p for p in LEGACY if p.stem.endswith("-diverges")], ids=lambda p: p.stem)
def test_legacy_defaults_matter(path):
    """These records take a beat with cards still open and a card someone could
    throw in: read as today's records (``while_beating``) they do not replay."""
    with pytest.raises(IllegalMove):
        dataclasses.replace(Record.load(path), format=2).replay()


# ------------------------------------------------------------ the bouts kit

def test_beat_rule_with_a_ten_above_the_king():
    from spec.bouts import BeatRule, rank_order
    from spec.tricks import TEN_HIGH_ORDER
    rule = BeatRule(Suit.HEARTS, order=rank_order(TEN_HIGH_ORDER))
    ten, king, nine, trump = parse_cards("10♠ K♠ 9♠ 9♥")
    assert rule.beats(king, ten) and not rule.beats(ten, king) and rule.beats(nine, king)
    masks = rule.beater_masks()
    assert masks[card_id(king)] >> card_id(ten) & 1 and masks[card_id(ten)] >> card_id(trump) & 1
    assert not masks[card_id(ten)] >> card_id(king) & 1
    assert masks[card_id(parse_card("8♠"))] == 0   # a rank outside the order is in no game of this rule


def test_refusals_say_why():
    g = Durak()
    s = run(g, g.setup(["7♠ 8♦", "6♠ 9♠ 6♥ 8♣"], "A♦", attacker=0), "attack 7♠")
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
