"""One test (or a few) per rule B1–B27 of rules/stoeptegel.md, and its worked examples."""

from __future__ import annotations

import json

import pytest

from cardtable import Card, IllegalMove
from cardtable.stoeptegel import Stoeptegel, recipient, shuffled_deck
from cardtable.stoeptegel.rows import CARDS

from .helpers import FULL_DECK, all_cards, build_deck, codes, row_codes, table, this_round


def legal(game: Stoeptegel, seat: int = 0) -> set[tuple[str, int]]:
    return {(card.code, row) for card, row in game.legal_plays(seat)}


def fits(rows: list[object], card: str, row: int = 0) -> bool:
    """May seat 0 lay ``card`` on ``row`` of a table with those rows?"""
    game = table(rows, card, stoeptegels=_spare(rows, card))
    ok = game.explain(0, card, row) is None
    assert ok == ((Card.parse(card).code, row) in legal(game))
    return ok


def _spare(rows: list[object], card: str) -> tuple[str, str]:
    used = {Card.parse(c).code for r in rows for c in str(r).split()} | {
        Card.parse(card).code,
        "QC",
    }
    spare = [c for c in ("2C", "3C", "4C", "5C", "6C", "8C") if c not in used]
    return spare[0], spare[1]


def play_all_pass(game: Stoeptegel) -> None:
    """Choose the first card everywhere, then everyone passes: the round ends (B24a)."""
    for seat in range(game.players):
        game.choose(seat, game.hand(seat)[0])
    for _ in range(game.players):
        game.pass_turn(game.to_move)


# ------------------------------------------------------------------ table and deal
def test_b1_deck_of_54_shuffled_portably_from_a_seed() -> None:
    game = Stoeptegel(4, seed=123)
    assert all_cards(game) == FULL_DECK and sum(FULL_DECK.values()) == 54
    again = Stoeptegel(4, seed=123)
    assert [codes(game.hand(s)) for s in range(4)] == [codes(again.hand(s)) for s in range(4)]
    assert row_codes(game) == row_codes(again) and game.stock == again.stock
    assert [codes(Stoeptegel(4, seed=124).hand(s)) for s in range(4)] != [
        codes(game.hand(s)) for s in range(4)
    ]
    # Pinned: SplitMix64 gives these cards on every machine and Python version.
    assert [CARDS[c].code for c in shuffled_deck(2024, 1)[:8]] == [
        "9C",
        "4H",
        "KS",
        "TS",
        "9D",
        "JS",
        "2H",
        "JH",
    ]
    assert [CARDS[c].code for c in shuffled_deck(2024, 2)[:4]] == ["2S", "7D", "3D", "QC"]


def test_b1_two_to_six_players_and_seat_arithmetic() -> None:
    for n in range(2, 7):
        assert Stoeptegel(n, seed=1).players == n
    for bad in (1, 7):
        with pytest.raises(ValueError):
            Stoeptegel(bad, seed=1)
    assert recipient(0, 2, 4) == 3  # right-hand neighbour: seat - 1
    assert recipient(0, 3, 4) == 2  # opposite: seat + n // 2
    assert recipient(0, 3, 3) == 1  # for 3 players opposite is seat + 1
    assert recipient(0, 3, 6) == 3 and recipient(5, 2, 6) == 4
    game = Stoeptegel(3, seed=2)
    for seat in range(3):
        game.choose(seat, game.hand(seat)[0])
    game.pass_turn(0)
    assert game.to_move == 1  # clockwise: seat + 1


def test_b2_deal_hands_rows_and_stock_from_a_fixed_deck() -> None:
    deck = build_deck(3)
    game = Stoeptegel(3, seed=9, deck=deck)
    for seat in range(3):
        assert codes(game.hand(seat)) == sorted(
            deck[6 * seat : 6 * seat + 6], key=lambda c: Card.parse(c)
        )
    assert row_codes(game) == [[deck[18]], [deck[19]], [deck[20]]]
    assert codes(game.stock) == deck[21:]
    assert all(row.played == (False,) for row in game.rows)


def test_b2_starting_joker_leaves_and_is_replaced_by_the_stock() -> None:
    deck = build_deck(2, rows="JK 5H JK", stock="9S 8D")
    game = Stoeptegel(2, seed=9, deck=deck)
    assert row_codes(game) == [["9S"], ["5H"], ["8D"]]
    assert codes(game.out_of_game) == ["JK", "JK"]
    assert game.stock_count == 54 - 12 - 3 - 2
    assert game.events[0]["jokers_removed"] == [0, 2]


def test_b2_joker_replaced_by_a_joker_draws_again() -> None:
    game = Stoeptegel(2, seed=9, deck=build_deck(2, rows="JK 5H 6H", stock="JK 9S"))
    assert row_codes(game) == [["9S"], ["5H"], ["6H"]]
    assert all_cards(game) == FULL_DECK


def test_b2_dealer_rotates_and_the_player_left_of_the_dealer_starts() -> None:
    game = Stoeptegel(3, seed=5)
    assert game.dealer == 2 and game.to_move is None
    play_all_pass(game)
    assert game.round == 2 and game.dealer == 0
    for seat in range(3):
        game.choose(seat, game.hand(seat)[0])
    assert game.to_move == 1


def test_b3_stoeptegel_rotation_self_right_opposite_self() -> None:
    game = Stoeptegel(4, seed=77)
    expected = {1: lambda s: s, 2: lambda s: (s - 1) % 4, 3: lambda s: (s + 2) % 4, 4: lambda s: s}
    for round_number in (1, 2, 3, 4):
        assert game.round == round_number
        given = {}
        for seat in range(4):
            card = game.hand(seat)[-1]
            given[seat] = card
            game.choose(seat, card)
        for seat in range(4):
            assert game.stoeptegel(expected[round_number](seat)) == given[seat]
        for _ in range(4):
            game.pass_turn(game.to_move)


def test_b3_choices_are_simultaneous_final_and_a_permutation() -> None:
    game = Stoeptegel(3, seed=8)
    game.choose(2, game.hand(2)[0])  # any order
    assert game.phase == "choose" and game.stoeptegel(2) is None
    with pytest.raises(IllegalMove, match="B3"):
        game.choose(2, game.hand(2)[0])
    game.choose(0, game.hand(0)[1])
    with pytest.raises(IllegalMove, match="B3"):
        game.pass_turn(0)
    game.choose(1, game.hand(1)[2])
    assert game.phase == "play" and game.to_move == 0
    assert [len(game.hand(s)) for s in range(3)] == [5, 5, 5]
    owned = [game.stoeptegel(s) for s in range(3)]
    assert sorted(owned) == sorted(game.chosen(s) for s in range(3))


def test_b4_only_owner_and_giver_know_a_stoeptegel() -> None:
    game = Stoeptegel(4, seed=31)
    play_all_pass(game)  # round 2: to the right-hand neighbour
    gift = game.hand(0)[0]
    game.choose(0, gift)
    assert game.view(0)["gave"] == {"card": gift.code, "to": 3}
    assert game.view(3)["stoeptegel"] is None  # the owner sees it when play starts
    for seat in (1, 2, 3):
        game.choose(seat, game.hand(seat)[0])
    assert game.view(3)["stoeptegel"] == gift.code
    for seat in (1, 2):
        view = game.view(seat)
        assert view["stoeptegel"] != gift.code and view["gave"]["card"] != gift.code
        assert gift.code not in json.dumps(this_round(view))
    assert game.stoeptegel(3) == gift


# ------------------------------------------------------------------ rows and state words
def test_b5_counting_card_is_the_topmost_card_that_is_not_a_played_5() -> None:
    game = table(["9H 5H", "9D 5D 5S", "KS"])
    assert game.rows[0].counting_card == Card.parse("9H") and game.rows[0].top == Card.parse("5H")
    assert game.rows[1].counting_card == Card.parse("9D") and game.rows[1].counting_index == 0


def test_b6_starting_cards_are_inert() -> None:
    assert fits(["2H", "KS", "KD"], "3H")  # a starting 2 does not close
    assert not Stoeptegel.scenario(["3H", "QC"], ["2H", "KS", "KD"], ["2C", "3C"]).rows[0].closed
    assert fits(["7H", "KS", "KD"], "8H") and not fits(["7H", "KS", "KD"], "3H")  # not turned
    assert table(["7H", "KS", "KD"]).rows[0].turned is False
    assert table(["9H", "5H", "KD"]).rows[1].counting_card == Card.parse("5H")  # not transparent
    assert not fits(["9H", "5H", "KD"], "6S", 1)  # 6♠ would fit 6 > 5 only as a ♥
    game = table(["4H", "TH", "KD"], "JS 5H")
    game.play(0, "JS", 1)  # the starting 10 cleared nothing and a starting 4 never slid
    assert row_codes(game)[:2] == [["4H"], ["TH", "JS"]]


def test_b7_ace_is_high_going_up_and_low_going_down() -> None:
    assert fits(["QH", "KS", "KD"], "KH") and fits(["KH", "KS", "KD"], "AH")
    assert not fits(["AH", "KS", "KD"], "2H")  # 2 is not higher than A
    assert not fits(["AH", "KS", "KD"], "KH")  # nor is K
    assert fits(["9H 7H", "KS", "KD"], "AH") and fits(["9H 7H", "KS", "KD"], "2H")


def test_b8_turned_and_closed_rows() -> None:
    game = table(["9H 7H", "9D 7D 5D", "9S 7S 3S"])
    assert [row.turned for row in game.rows] == [True, True, False]
    game = table(["9H 2H", "KS", "KD"], "JK 3H")
    assert game.rows[0].closed and not game.rows[1].closed
    assert all(row != 0 for _, row in game.legal_plays(0))
    assert "B8" in game.explain(0, "JK", 0) and "closed" in game.explain(0, "JK", 0)


# ------------------------------------------------------------------ when a card may be laid
def test_b9_standard_cards_go_higher_in_suit_or_same_rank() -> None:
    assert fits(["6H", "KS", "KD"], "8H") and not fits(["8H", "KS", "KD"], "6H")
    assert fits(["8H", "KS", "KD"], "8S") and not fits(["8H", "KS", "KD"], "9S")
    assert fits(["9H 7H", "KS", "KD"], "6H") and not fits(["9H 7H", "KS", "KD"], "6S")
    game = table(["9H 7H", "KS", "KD"], "8H")
    assert (
        game.explain(0, "8H", 0)
        == "A 7 turned this row around: a card of its suit must be lower here (rule B9)."
    )


def test_b10_the_2_and_the_4_follow_b9_only() -> None:
    assert fits(["9H 7H", "KS", "KD"], "2H") and not fits(["9H", "KS", "KD"], "2H")
    assert fits(["2H", "KS", "KD"], "2S")
    assert (
        fits(["3H", "KS", "KD"], "4H")
        and fits(["4D", "KS", "KC"], "4H")
        and not fits(["9H", "KS", "KD"], "4H")
    )
    assert "B10" in table(["9H", "KS", "KD"], "4H").explain(0, "4H", 0)


def test_b11_ace_on_its_own_king_or_on_a_turned_row() -> None:
    assert fits(["KH", "KS", "KD"], "AH") and not fits(["KS", "9H", "KD"], "AH")
    assert not fits(["QH", "KS", "KD"], "AH") and not fits(["AH", "KS", "KD"], "AS")
    assert fits(["9H 7H", "KS", "KD"], "AS")  # whatever its suit
    assert "B11" in table(["QH", "KS", "KD"], "AH").explain(0, "AH", 0)


def test_b12_five_on_its_suit_or_another_five() -> None:
    assert fits(["9H", "KS", "KD"], "5H") and fits(["AH", "KS", "KD"], "5H")
    assert not fits(["9H", "KS", "KD"], "5S") and fits(["9H 5H", "KS", "KD"], "5S")
    assert fits(["5H", "KS", "KD"], "5S") and fits(["9H 7H", "KS", "KD"], "5H")


def test_b13_seven_on_its_suit_or_another_seven() -> None:
    assert fits(["KH", "KS", "KD"], "7H") and fits(["9H 7H", "KS", "KD"], "7S")
    assert fits(["7H", "KS", "KD"], "7S") and not fits(["9H", "KS", "KD"], "7S")


def test_b14_ten_on_its_suit_only_not_on_another_ten() -> None:
    assert fits(["KH", "KS", "KD"], "TH") and fits(["2H", "KS", "KD"], "TH")
    assert not fits(["TH", "KS", "KD"], "TS")
    assert "B14" in table(["TH", "KS", "KD"], "TS").explain(0, "TS", 0)


def test_b15_jack_on_two_to_ten_or_another_jack_never_on_a_turned_row() -> None:
    assert (
        fits(["9H", "KS", "KD"], "JS")
        and fits(["2H", "KS", "KD"], "JS")
        and fits(["TH", "KS", "KD"], "JS")
    )
    assert fits(["JH", "KS", "KD"], "JS")
    assert not fits(["QH", "KS", "KD"], "JS") and not fits(["AH", "KS", "KD"], "JS")
    assert not fits(["9H 7H", "KS", "KD"], "JH")
    assert "B15" in table(["9H 7H", "KS", "KD"], "JH").explain(0, "JH", 0)


def test_b16_joker_on_any_open_row() -> None:
    assert fits(["AH", "KS", "KD"], "JK") and fits(["9H 7H", "KS", "KD"], "JK")
    assert not fits(["9H 2H", "KS", "KD"], "JK")


# ------------------------------------------------------------------ what a laid card does
def test_b17_a_played_two_closes_the_row() -> None:
    game = table(["9H 7H", "KS", "KD"], "2H 3H")
    game.play(0, "2H", 0)
    assert game.rows[0].closed and [e["type"] for e in game.events[-2:]] == ["play", "close"]
    game.pass_turn(1)
    assert game.explain(0, "3H", 0) is not None and ("3H", 0) not in legal(game)


def test_b18_four_slides_right_skipping_closed_rows_wrapping_or_staying() -> None:
    game = table(["3S", "KD 2D", "KC"], "4S 9D", stoeptegels=("2C", "3C"))
    game.play(0, "4S", 0)  # row 1 is closed: the 4 slides on to row 2
    assert row_codes(game) == [["3S"], ["KD", "2D"], ["KC", "4S"]]
    assert game.rows[2].played == (False, True)
    slide = game.events[-1] if game.events[-1]["type"] == "slide" else game.events[-2]
    assert slide == {"type": "slide", "card": "4S", "from": 0, "to": 2, "rule": "B18", "seat": 0}
    game = table(["KC", "8D", "3S"], "4S 9D")
    game.play(0, "4S", 2)  # after row 3 comes row 1 (index 2 -> 0), unchecked
    assert row_codes(game) == [["KC", "4S"], ["8D"], ["3S"]]
    game = table(["KC 2C", "8D 2D", "3S"], "4S 9D", stoeptegels=("5C", "6C"))
    game.play(0, "4S", 2)  # no other row open: it stays
    assert row_codes(game)[2] == ["3S", "4S"]


def test_b18_the_slide_happens_once_and_ends_a_turned_row() -> None:
    game = table(["3S", "9H 7H", "KC"], "4S 9D")
    game.play(0, "4S", 0)
    assert row_codes(game)[1] == ["9H", "7H", "4S"] and not game.rows[1].turned
    assert game.rows[1].counting_card == Card.parse("4S")


def test_b19_five_is_transparent_also_on_a_turned_row() -> None:
    game = table(["9H 7H", "KS", "KD"], "5H 3H", others="QC 8C")
    game.play(0, "5H", 0)
    assert game.rows[0].counting_card == Card.parse("7H") and game.rows[0].turned
    game.pass_turn(1)
    assert ("3H", 0) in legal(game)


def test_b20_seven_turns_the_row_until_another_card_lands() -> None:
    game = table(["9H", "KS", "KD"], "7H 3H", others="QC 8C")
    game.play(0, "7H", 0)
    assert game.rows[0].turned and game.events[-1]["type"] in ("turn", "points")
    game.pass_turn(1)
    game.play(0, "3H", 0)
    assert not game.rows[0].turned


def test_b21_ten_clears_the_cards_beneath_it() -> None:
    game = table(["9H 5H", "KS", "KD"], "TH 3H")
    game.play(0, "TH", 0)
    assert row_codes(game)[0] == ["TH"] and game.rows[0].played == (True,)
    assert {"5H", "9H"} <= set(codes(game.out_of_game))
    clear = next(e for e in game.events if e["type"] == "clear")
    assert clear["removed"] == ["9H", "5H"] and clear["rule"] == "B21"


def test_b22_joker_leaves_and_the_stock_card_fires_unchecked() -> None:
    game = table(["KS", "9D", "KD"], "JK 3H", stock="2H 8S")
    game.play(0, "JK", 0)
    assert row_codes(game)[0] == ["KS", "2H"] and game.rows[0].closed  # a 2 on K♠: no check
    assert "JK" in codes(game.out_of_game) and game.stock_count == 1
    joker = next(e for e in game.events if e["type"] == "joker")
    assert joker["replacement"] == "2H" and joker["row"] == 0
    game = table(["KS", "9D", "KD"], "JK 3H", stock="4H 8S")
    game.play(0, "JK", 0)  # the replacement 4 slides on
    assert row_codes(game)[:2] == [["KS"], ["9D", "4H"]]
    game = table(["KS", "9D", "KD"], "JK 3H", stock="JK TD")
    game.play(0, "JK", 1)  # a joker replacement leaves too; the 10 then clears
    assert row_codes(game)[1] == ["TD"] and codes(game.out_of_game).count("JK") == 2
    game = table(["KS", "9D", "KD"], "JK 3H")
    game.play(0, "JK", 1)  # empty stock: the joker simply leaves
    assert row_codes(game) == [["KS"], ["9D"], ["KD"]] and game.hand(0) == [Card.parse("3H")]


# ------------------------------------------------------------------ turns and round end
def test_b23_passing_is_always_allowed_and_never_automatic() -> None:
    game = table(["8H", "KS", "KD"], "9H", others="QC 4S")
    assert legal(game) == {("9H", 0)}
    game.pass_turn(0)  # allowed with a legal move
    assert game.to_move == 1 and game.legal_plays(1) == []
    assert game.phase == "play" and game.to_move == 1  # no legal move: still on turn
    with pytest.raises(IllegalMove, match="B23"):
        game.pass_turn(0)
    game.pass_turn(1)


def test_b24a_round_ends_after_every_player_passed_in_a_row() -> None:
    game = Stoeptegel.scenario(["9H 3D", "QC", "KH 3S"], ["8H", "KS", "KD"], ["2C", "3C", "4C"])
    game.pass_turn(0)
    game.pass_turn(1)
    game.play(2, "KH", 0)  # a card resets the passes
    game.pass_turn(0)
    game.pass_turn(1)
    assert game.round == 1 and game.passed == [True, True, False]
    game.pass_turn(2)
    end = next(e for e in game.events if e["type"] == "round_end")
    assert end["reason"] == "passes" and end["rule"] == "B24" and game.round == 2


def test_b24b_round_ends_when_a_player_without_cards_would_be_on_turn_again() -> None:
    game = Stoeptegel.scenario(["9H", "QC 4D", "KH"], ["8H", "KS", "KD"], ["2C", "3C", "4C"])
    game.play(0, "9H", 0)  # seat 0 is out
    assert game.round == 1 and game.to_move == 1
    game.pass_turn(1)
    game.pass_turn(2)
    end = next(e for e in game.events if e["type"] == "round_end")
    assert end["reason"] == "out" and end["rule"] == "B24" and game.round == 2
    assert end["out_seat"] == 0 and end["winner"] is None


# ------------------------------------------------------------------ points
def test_b25_a_card_scores_while_the_stoeptegel_suit_counts_after_resolution() -> None:
    game = table(["KC", "8D", "3S"], "9D 8S", stoeptegels=("6D", "2C"), others="QH")
    game.play(0, "8S", 1)  # 8♠ on 8♦: no ♦ counts any more
    assert game.scores == [0, 0]
    game = table(["KC", "8D", "3S"], "9D 8S", stoeptegels=("6D", "2C"), others="QH")
    game.play(0, "9D", 1)
    assert game.scores == [1, 0]
    points = game.events[-1]
    assert points["type"] == "points" and points["rule"] == "B25" and points["rows"]
    game = table(["KC", "9D 2D", "3S"], "4S", stoeptegels=("6D", "2C"), others="QH")
    game.play(0, "4S", 2)  # closed rows count too (the 2♦)
    assert game.scores == [1, 0]
    game = table(["KC", "8H", "3D"], "4D", stoeptegels=("6H", "2C"), others="QS")
    game.play(0, "4D", 2)  # the 4 slides onto K♣: ♥ still counts on row 1 after resolution
    assert game.scores == [1, 0]
    game = table(["KC", "8H", "3D"], "4D", stoeptegels=("JK", "2C"), others="QS")
    game.play(0, "4D", 2)  # a joker stoeptegel never scores this way
    assert game.scores == [0, 0]
    game = table(["KC", "8H", "3D"], "JK", stoeptegels=("6H", "2C"), others="QS")
    game.play(0, "JK", 0)  # a joker laid with an empty stock still counts as laid
    assert game.scores == [1, 0]


def test_b26_a_stoeptegel_that_still_fits_scores_one_at_round_end() -> None:
    game = table(["KC", "8H", "3D 2D"], "9S", stoeptegels=("9H", "QS"), others="5C")
    game.pass_turn(0)
    game.pass_turn(1)
    end = next(e for e in game.events if e["type"] == "round_end")
    assert [s["card"] for s in end["stoeptegels"]] == ["9H", "QS"]
    assert game.scores == [1, 0]  # 9♥ fits on 8♥; Q♠ fits nowhere
    assert (
        end["breakdown"][0]["stoeptegel_point"] == 1
        and end["breakdown"][1]["stoeptegel_point"] == 0
    )
    b26 = [e for e in game.events if e["type"] == "points"]
    assert [(e["seat"], e["rule"]) for e in b26] == [(0, "B26")]
    game = table(["KC 2C", "8H 2H", "3D 2D"], "9S", stoeptegels=("JK", "4C"), others="5C")
    game.pass_turn(0)
    game.pass_turn(1)
    assert game.scores == [0, 0]  # every row closed: not even a joker could be laid


def test_b27_scores_carry_over_and_reaching_the_target_in_a_round_wins_at_once() -> None:
    game = table(["KC", "8D", "3S"], "9D TS", stoeptegels=("6D", "2C"), others="QH", scores=[29, 5])
    game.play(0, "9D", 1)
    assert game.phase == "over" and game.winners == [0] and game.scores == [30, 5]
    end = next(e for e in game.events if e["type"] == "round_end")
    assert end["reason"] == "target" and all(b["stoeptegel_point"] == 0 for b in end["breakdown"])
    assert end["winner"] == 0
    assert game.events[-1]["type"] == "game_over"
    with pytest.raises(IllegalMove, match="B27"):
        game.play(0, "TS", 1)


def test_b27_several_reaching_the_target_at_round_end_share_the_win() -> None:
    game = table(["KC", "8H", "3D"], "9S", stoeptegels=("9H", "4D"), others="5C", scores=[29, 29])
    game.pass_turn(0)
    game.pass_turn(1)
    assert game.scores == [30, 30] and game.winners == [0, 1]
    game = table(["KC", "8H", "3D"], "9S", stoeptegels=("9H", "QS"), others="5C", scores=[29, 29])
    game.pass_turn(0)
    game.pass_turn(1)
    assert game.winners == [0] and game.phase == "over"


def test_b27_scores_carry_over_between_rounds() -> None:
    game = table(["KC", "8H", "3D"], "9S", stoeptegels=("9H", "QS"), others="5C", scores=[3, 4])
    game.pass_turn(0)
    game.pass_turn(1)
    assert game.round == 2 and game.scores == [4, 4] and game.phase == "choose"


# ------------------------------------------------------------------ worked examples
def test_example_row_9h_5h_counts_the_9() -> None:
    rows = ["9H 5H", "KS", "KD"]
    assert table(rows).rows[0].counting_card == Card.parse("9H")
    assert fits(rows, "JS") and fits(rows, "TH") and not fits(rows, "8H")


def test_example_row_9h_7h_5h_is_still_turned() -> None:
    rows = ["9H 7H 5H", "KS", "KD"]
    game = table(rows)
    assert game.rows[0].counting_card == Card.parse("7H") and game.rows[0].turned
    assert fits(rows, "3H") and fits(rows, "AC") and not fits(rows, "QH")


def test_example_four_slides_to_row_one_or_on_to_row_two() -> None:
    game = table(["KC", "8D", "3S"], "4S")
    game.play(0, "4S", 2)
    assert row_codes(game)[0] == ["KC", "4S"]
    game = table(["KC 2C", "8D", "3S"], "4S", stoeptegels=("5C", "6C"))
    game.play(0, "4S", 2)
    assert row_codes(game)[1] == ["8D", "4S"]


def test_example_diamond_stoeptegel_scores_while_a_diamond_counts() -> None:
    game = table(["KC", "8D", "3S"], "4S 8S 9S", stoeptegels=("6D", "2C"), others="QH JH")
    game.play(0, "4S", 2)  # the 4 slides onto K♣; ♦ still counts on row 1
    assert game.scores == [1, 0]
    game.pass_turn(1)
    game.play(0, "8S", 1)  # 8♠ on 8♦: no ♦ counts any more
    assert game.scores == [1, 0]
