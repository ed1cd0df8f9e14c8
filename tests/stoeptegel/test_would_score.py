"""The live scoring facts a seat is shown (B25): where its stoeptegel's suit counts now, and for
each of its cards and rows whether laying it would score. Checked against the engine itself:
lay the card on a copy and see whether a point came."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.stoeptegel import Stoeptegel
from cardtable.stoeptegel.bots import RandomBot, play_on


def test_counting_rows_and_would_score_in_a_lesson() -> None:
    # Seat 0 owns 6♦; ♦ counts on row 2 (8♦). 9♦ on row 2 keeps ♦ counting: it scores; the
    # 4♠ slides from row 3 to row 1 and ♦ still counts on row 2: it scores too.
    game = Stoeptegel.scenario(["9D 4S", "QH"], ["KC", "8D", "3S"], ["6D", "2C"], seed=1)
    view = game.view(0)
    assert view["counting_rows"] == [1]
    assert view["would_score"]["9D"] == [None, True, None]
    assert view["would_score"]["4S"] == [None, None, True]
    other = game.view(1)
    assert other["counting_rows"] == [0]  # seat 1 owns 2♣, and ♣ counts on row 1 (K♣)
    assert other["would_score"] == {}  # not its turn


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32), rounds=st.integers(1, 3), moves=st.integers(0, 25))
def test_would_score_says_exactly_what_laying_the_card_does(
    seed: int, rounds: int, moves: int
) -> None:
    game = Stoeptegel(3, seed=seed, target=10**6)
    bots = [RandomBot(seed=s) for s in range(3)]
    play_on(game, bots, until_round=rounds)
    for _ in range(moves):  # a little way into the round
        if game.phase != "play":
            break
        seat = game.to_move
        move = bots[seat].turn(game.view(seat))  # type: ignore[index]
        game.pass_turn(seat) if move is None else game.play(seat, *move)  # type: ignore[arg-type]
    if game.phase != "play":
        return
    seat = game.to_move
    assert seat is not None
    view = game.view(seat)
    legal = {(code, row) for code, row in view["legal"]}
    for code, flags in view["would_score"].items():
        for row, flag in enumerate(flags):
            if (code, row) not in legal:
                assert flag is None
                continue
            if flag is None:  # only a joker with cards left in the stock is left open
                assert code == "JK" and game.stock_count > 0
                continue
            copy = Stoeptegel.from_json(game.to_json())
            before = copy.scores[seat]
            copy.play(seat, code, row)
            assert (copy.scores[seat] > before) == flag, (code, row)
