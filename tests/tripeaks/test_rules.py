"""One test (or more) per rule T1–T10 of rules/tripeaks.md."""

from __future__ import annotations

import pytest

from cardtable import Card, IllegalMove
from cardtable.tripeaks import COVERED_BY, MULTIPLIER, STANDARD, TriPeaks, aisleriot_hint

from .decks import CLEARING_ORDER, build_deck, perfect_deal


def play_all(game: TriPeaks, moves: list) -> None:
    for move in moves:
        game.apply(move)


# T1 ---------------------------------------------------------------------------------------
def test_t1_layout_rows_and_covering_match_the_api_numbering():
    assert [COVERED_BY[p] for p in (0, 1, 2)] == [(3, 4), (5, 6), (7, 8)]
    assert [COVERED_BY[3 + j] for j in range(6)] == [
        (9, 10),
        (10, 11),
        (12, 13),
        (13, 14),
        (15, 16),
        (16, 17),
    ]
    assert all(COVERED_BY[9 + k] == (18 + k, 19 + k) for k in range(9))
    assert all(COVERED_BY[p] == () for p in range(18, 28))


def test_t1_a_card_turns_face_up_exactly_when_both_covering_cards_are_gone():
    game = TriPeaks.from_deck(perfect_deal())
    assert game.exposed() == list(range(18, 28))
    game.play(18)
    assert not game.is_face_up(9)
    assert game.view()["tableau"][9] == {"card": None, "face_up": False}
    game.play(19)
    assert game.is_face_up(9) and not game.is_face_up(10)
    assert game.view()["tableau"][9]["card"] == game.card_at(9).code
    game.play(20)
    assert game.is_face_up(10)


def test_t1_a_covered_card_cannot_be_played_and_the_message_names_what_covers_it():
    game = TriPeaks.from_deck(perfect_deal())
    with pytest.raises(IllegalMove, match=r"face down: .* cover it \(rule T1\)"):
        game.play(9)
    assert not game.can_play(0)


# T2 ---------------------------------------------------------------------------------------
def test_t2_deal_18_down_10_up_1_on_the_waste_23_in_the_stock():
    deck = perfect_deal()
    game = TriPeaks.from_deck(deck)
    assert sum(not game.is_face_up(p) for p in range(18)) == 18
    assert all(game.is_face_up(p) for p in range(18, 28))
    assert game.waste_top == Card.parse(deck[28])
    assert game.stock_count == 23
    assert [c.code for c in game.stock] == deck[29:]
    game.draw()
    assert game.waste_top == Card.parse(deck[29])


def test_t2_same_seed_same_deal_whatever_the_options():
    a = TriPeaks(seed=123)
    b = TriPeaks(seed=123, scoring="multiplier", progressive=True)
    assert [a.card_at(p) for p in range(28)] == [b.card_at(p) for p in range(28)]
    assert a.stock == b.stock and a.waste_top == b.waste_top
    assert [a.card_at(p) for p in range(28)] != [TriPeaks(seed=124).card_at(p) for p in range(28)]


def test_t2_seeded_deal_is_pinned_so_every_machine_and_python_agrees():
    # A golden value: if this changes, saved games and published seeds would deal differently.
    game = TriPeaks(seed=2026)
    assert [game.card_at(p).code for p in range(18, 28)] == GOLDEN_BOTTOM_ROW
    assert game.waste_top.code == GOLDEN_WASTE


def test_t2_a_game_without_seed_records_one():
    game = TriPeaks()
    assert TriPeaks(seed=game.seed).stock == game.stock


def test_t2_from_deck_refuses_a_deck_that_is_not_52_distinct_cards():
    """A bad deal is a bad option: a plain ValueError (or TypeError), not an IllegalMove."""
    deck = perfect_deal()
    bad = [(deck[:51], "52"), ([*deck[:51], deck[0]], "52"), ([*deck[:51], "ZZ"], "not a card")]
    for cards, reason in [*bad, ([*deck[:51], "JK"], "no jokers")]:
        with pytest.raises(ValueError, match=reason) as refused:
            TriPeaks.from_deck(cards)
        assert not isinstance(refused.value, IllegalMove)
    with pytest.raises(TypeError):
        TriPeaks.from_deck(52)


# T3 ---------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("card", "waste", "legal"),
    [
        ("KH", "AS", True),  # K on A
        ("AH", "KS", True),  # A on K
        ("AH", "2S", True),  # A on 2
        ("2H", "AS", True),  # 2 on A
        ("QH", "KS", True),
        ("7D", "6C", True),
        ("7D", "7C", False),
        ("QH", "AS", False),
        ("3H", "KS", False),
    ],
)
def test_t3_one_rank_up_or_down_suits_ignored_wrapping_k_a_2(card, waste, legal):
    game = TriPeaks.from_deck(build_deck({18: card}, waste))
    assert game.can_play(18) is legal
    assert (18 in game.legal_moves()) is legal
    if not legal:
        with pytest.raises(IllegalMove, match=r"one rank above or below .* \(rule T3\)"):
            game.play(18)


# T4 ---------------------------------------------------------------------------------------
def test_t4_draw_is_allowed_while_plays_exist_and_there_is_no_redeal():
    game = TriPeaks.from_deck(perfect_deal())
    assert game.can_play(18) and "draw" in game.legal_moves()
    for _ in range(23):
        game.draw()
    assert game.stock_count == 0 and "draw" not in game.legal_moves()
    with pytest.raises(IllegalMove, match=r"no redeal \(rule T4\)"):
        game.draw()


# T5 / T6 ----------------------------------------------------------------------------------
def test_t5_t6_perfect_deal_scores_466_with_bonuses_on_the_peak_tops():
    game = TriPeaks.from_deck(perfect_deal())
    play_all(game, CLEARING_ORDER)
    assert game.score == 466 == STANDARD.best_round()
    assert game.won and game.over
    bonuses = [(e["points"], e["reason"]) for e in game.events if e["type"] == "bonus"]
    assert bonuses == [(15, "peak"), (15, "peak"), (30, "last peak")]
    plays = [e for e in game.events if e["type"] == "play"]
    assert [e["points"] for e in plays] == list(range(1, 29))
    assert [e["position"] for e in plays][-3:] == [0, 1, 2]


def test_t5_a_draw_starts_a_new_run():
    game = TriPeaks.from_deck(perfect_deal())
    play_all(game, [18, 19])
    assert game.run == 2 and game.score == 3
    game.draw()
    assert game.run == 0


def test_t6_draw_costs_five_but_the_score_never_goes_below_zero():
    game = TriPeaks.from_deck(perfect_deal())
    game.draw()
    assert game.score == 0
    assert game.last_events == [
        {"type": "draw", "card": game.waste_top.code, "points": 0, "rule": "T6"}
    ]
    game = TriPeaks.from_deck(perfect_deal())
    play_all(game, [18, 19])  # 1 + 2 = 3 points
    game.draw()
    assert game.score == 0
    game = TriPeaks.from_deck(perfect_deal())
    play_all(game, [18, 19, 20, 21])  # 1 + 2 + 3 + 4 = 10
    game.draw()
    assert game.score == 5


# T7 ---------------------------------------------------------------------------------------
def test_t7_multiplier_scores_powers_of_two_and_25_50_bonuses():
    game = TriPeaks.from_deck(perfect_deal(), scoring="multiplier")
    play_all(game, CLEARING_ORDER[:5])
    assert game.score == 1 + 2 + 4 + 8 + 16 == 31
    game = TriPeaks.from_deck(perfect_deal(), scoring="multiplier")
    play_all(game, CLEARING_ORDER)
    assert game.score == 268_435_555 == MULTIPLIER.best_round()
    bonuses = [e["points"] for e in game.events if e["type"] == "bonus"]
    assert bonuses == [25, 25, 50]


def test_t7_multiplier_draws_cost_nothing():
    game = TriPeaks.from_deck(perfect_deal(), scoring="multiplier")
    play_all(game, [18, 19, 20])
    game.draw()
    assert game.score == 7


# T8 ---------------------------------------------------------------------------------------
def test_t8_progressive_redeal_keeps_the_score_and_starts_a_new_run():
    game = TriPeaks.from_deck(perfect_deal(), progressive=True, seed=9)
    play_all(game, CLEARING_ORDER)
    assert game.score == 466 and game.round == 2 and game.run == 0
    assert not game.won and not game.over
    assert game.stock_count == 23 and game.tableau_left == 28
    assert game.exposed() == list(range(18, 28))
    assert [e["type"] for e in game.last_events] == ["play", "bonus", "clear", "deal"]
    cards = [game.card_at(p) for p in range(28)] + game.stock + game.waste
    assert len(set(cards)) == 52
    # Round 2 is the shuffle of round 2 of the seed: replaying gives the same table.
    again = TriPeaks.from_deck(perfect_deal(), progressive=True, seed=9)
    play_all(again, CLEARING_ORDER)
    assert again.stock == game.stock


# T9 ---------------------------------------------------------------------------------------
def test_t9_after_a_win_no_move_is_left_not_even_a_draw():
    game = TriPeaks.from_deck(perfect_deal())
    play_all(game, CLEARING_ORDER)
    assert game.stock_count == 23 and game.legal_moves() == []
    with pytest.raises(IllegalMove, match=r"over: no move is left \(rule T9\)"):
        game.draw()
    with pytest.raises(IllegalMove, match=r"rule T9"):
        game.play(18)
    assert game.hint() is None


def test_t9_lost_when_the_stock_is_empty_and_nothing_fits():
    # Draw the stock out, then play until nothing fits: a lost game (unless the deal clears).
    game = TriPeaks(seed=11)
    while game.stock_count:
        assert not game.over
        game.draw()
    while game.legal_moves():
        game.apply(game.legal_moves()[0])
    assert game.over and not game.won and game.stock_count == 0
    with pytest.raises(IllegalMove, match=r"rule T9"):
        game.play(game.exposed()[0])


def test_t9_nothing_is_scored_at_the_end():
    game = TriPeaks.from_deck(perfect_deal())
    play_all(game, CLEARING_ORDER)
    assert game.score == 466  # the 23 stock cards left earn nothing


# T10 --------------------------------------------------------------------------------------
def test_t10_undo_restores_the_score_exactly_even_across_the_floor():
    game = TriPeaks.from_deck(perfect_deal())
    play_all(game, [18, 19])
    game.draw()
    assert game.score == 0
    assert game.undo() == "draw"
    assert game.score == 3 and game.run == 2
    assert game.undo() == 19 and game.score == 1
    assert game.redo() == 19 and game.redo() == "draw" and game.score == 0
    assert game.redo() is None


def test_t10_undo_of_a_win_and_of_a_progressive_redeal():
    game = TriPeaks.from_deck(perfect_deal())
    play_all(game, CLEARING_ORDER)
    game.undo()
    assert not game.won and game.score == 466 - 28 - 30 and game.legal_moves() == [2, "draw"]
    game = TriPeaks.from_deck(perfect_deal(), progressive=True)
    play_all(game, CLEARING_ORDER)
    game.undo()
    assert game.round == 1 and game.tableau_left == 1 and game.exposed() == [2]
    assert game.card_at(2) is not None and game.stock_count == 23


def test_t10_a_new_move_clears_the_redo_list():
    game = TriPeaks.from_deck(perfect_deal())
    game.play(18)
    game.undo()
    game.draw()
    assert game.redo() is None


def test_t10_aisleriot_hint_is_the_playable_card_furthest_down_and_right_else_draw():
    bottom = dict(
        zip(
            range(18, 28), ["2H", "5C", "6C", "7C", "8C", "9C", "5D", "KH", "6D", "9D"], strict=True
        )
    )
    game = TriPeaks.from_deck(build_deck(bottom, "AS"))
    assert game.legal_moves() == [18, 25, "draw"] and aisleriot_hint(game) == 25
    bottom = dict(
        zip(
            range(18, 28), ["5C", "6C", "7C", "8C", "9C", "5D", "6D", "7D", "8D", "9D"], strict=True
        )
    )
    game = TriPeaks.from_deck(build_deck(bottom, "AS"))
    assert game.legal_moves() == ["draw"] and aisleriot_hint(game) == "draw"


def test_t10_hint_is_always_legal_until_the_game_is_over():
    game = TriPeaks(seed=5)
    while not game.over:
        move = game.hint()
        assert move in game.legal_moves()
        game.apply(move)
    assert game.hint() is None


# Malformed input --------------------------------------------------------------------------
@pytest.mark.parametrize("bad", [-1, 28, 3.0, "3", None, True, [1]])
def test_malformed_positions_raise_illegal_move_and_change_nothing(bad):
    game = TriPeaks(seed=1)
    before = game.to_json()
    with pytest.raises(IllegalMove, match="rule T1"):
        game.play(bad)
    assert game.to_json() == before


def test_playing_an_empty_position_is_refused():
    game = TriPeaks.from_deck(perfect_deal())
    game.play(18)
    with pytest.raises(IllegalMove, match="already been played"):
        game.play(18)


def test_unknown_scoring_is_refused():
    with pytest.raises(IllegalMove, match="Unknown scoring"):
        TriPeaks(seed=1, scoring="vegas")


GOLDEN_BOTTOM_ROW = ["AC", "2H", "6H", "TC", "3C", "2C", "QH", "KD", "QD", "4H"]
GOLDEN_WASTE = "5D"


def test_a_failing_observer_cannot_make_an_applied_move_look_refused(caplog):
    game = TriPeaks.from_deck(perfect_deal())
    game.subscribe(lambda _game: 1 / 0)
    seen = []
    game.subscribe(seen.append)
    game.play(18)  # applied: the failure is logged, the other observers still hear of it
    assert game.moves == [18] and seen == [game]
    assert "observer" in caplog.text
