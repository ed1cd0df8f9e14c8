"""The engine against an independent reading of Part B (``reference.py``): random games from
random seeds, where after every action the legal plays, the rows, the hands, the stock, the
cards out of the game, whose turn it is and the scores must agree, round after round. The
reference knows only Part B's readings: under the house rules that change what may be laid,
every play where the engine and the reference disagree must be one that rule explains."""

from __future__ import annotations

import random
from collections.abc import Callable

from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.stoeptegel import Rules, Stoeptegel

from . import reference as ref
from .helpers import random_action

Play = tuple[ref.Card, int]


def mirror(game: Stoeptegel) -> ref.Round:
    """The reference's round, read off the engine at the start of play."""
    n = game.players
    stoeptegels = []
    for s in range(n):
        own = game.stoeptegel(s)
        assert own is not None
        stoeptegels.append(ref.card(own.code))
    return ref.Round(
        hands=[[ref.card(c.code) for c in game.hand(s)] for s in range(n)],
        stoeptegels=stoeptegels,
        table=ref.Table(rows_of(game), [ref.card(c.code) for c in game.stock]),
        scores=game.scores,
        to_move=game.to_move or 0,
        target=game.target,
    )


def rows_of(game: Stoeptegel) -> list[ref.Row]:
    return [
        [(ref.card(c.code), p) for c, p in zip(row.cards, row.played, strict=True)]
        for row in game.rows
    ]


def legal_of(game: Stoeptegel, seat: int) -> set[Play]:
    return {(ref.card(c.code), r) for c, r in game.legal_plays(seat)}


@settings(max_examples=30, deadline=None)
@given(st.integers(2, 6), st.integers(0, 2**64 - 1), st.integers(0, 2**32))
def test_the_engine_plays_part_b_as_the_reference_reads_it(
    players: int, seed: int, policy: int
) -> None:
    rng = random.Random(policy)
    game = Stoeptegel(players, seed=seed, target=12)
    model: ref.Round | None = None
    out_at = 0
    rounds = 0
    while game.phase != "over":
        if game.phase == "choose":
            game.apply(random_action(game, rng))
            continue
        if model is None:
            model, out_at = mirror(game), len(game.out_of_game)
            rounds += 1
        seat = game.to_move
        assert seat is not None and seat == model.to_move
        assert legal_of(game, seat) == model.legal(seat)
        action = random_action(game, rng)
        if action[0] == "play":
            model.play(seat, ref.card(action[2]), action[3])
        else:
            model.pass_turn(seat)
        round_before = game.round
        game.apply(action)
        if model.over:  # the round ended on both sides, with the same points (B24-B27)
            assert game.phase == "over" or game.round == round_before + 1
            assert game.scores == model.scores
            model = None
            continue
        assert game.round == round_before and game.phase == "play"
        assert rows_of(game) == model.table.rows
        assert [[ref.card(c.code) for c in game.hand(s)] for s in range(players)] == model.hands
        assert [ref.card(c.code) for c in game.stock] == model.table.stock
        assert [ref.card(c.code) for c in game.out_of_game[out_at:]] == model.table.out
        assert game.scores == model.scores and game.to_move == model.to_move
    assert rounds >= 1


def _counting(row: ref.Row) -> ref.Card:
    return row[ref.counting(row)][0]


def any_king(x: ref.Card, row: ref.Row) -> bool:
    c = _counting(row)
    return x[0] == 1 and not ref.turned(row) and c[0] == 13 and c[1] != x[1]


def ten_on_ten(x: ref.Card, row: ref.Row) -> bool:
    c = _counting(row)
    return x[0] == 10 and c[0] == 10 and c[1] != x[1]


def seven_against_the_direction(x: ref.Card, row: ref.Row) -> bool:
    c, top = _counting(row), row[-1][0]
    if x[0] != 7 or x[1] != c[1] or 7 in (c[0], top[0]):
        return False
    return not (x[0] < c[0] if ref.turned(row) else ref.up(x[0]) > ref.up(c[0]))


DELTAS: list[
    tuple[Rules, Callable[[ref.Card, ref.Row], bool], Callable[[ref.Card, ref.Row], bool]]
] = [
    (Rules(ace_on_any_king=True), any_king, lambda x, row: False),
    (Rules(ten_on_ten=True), ten_on_ten, lambda x, row: False),
    (Rules(seven_ignores_rank=False), lambda x, row: False, seven_against_the_direction),
]
"""(rules, the plays they add to Part B's, the plays they take away), on open rows."""


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(range(len(DELTAS))), st.integers(2, 6), st.integers(0, 2**64 - 1),
       st.integers(0, 2**32))  # fmt: skip
def test_the_legality_house_rules_differ_from_the_reference_exactly_where_they_say(
    which: int, players: int, seed: int, policy: int
) -> None:
    rules, adds, removes = DELTAS[which]
    rng = random.Random(policy)
    game = Stoeptegel(players, seed=seed, target=12, rules=rules)
    while game.phase != "over":
        if game.phase == "play":
            seat = game.to_move
            assert seat is not None
            model = mirror(game)
            rows = model.table.rows
            engine, part_b = legal_of(game, seat), model.legal(seat)
            for x, r in engine - part_b:
                assert not ref.closed(rows[r]) and adds(x, rows[r]), (x, rows[r])
            for x, r in part_b - engine:
                assert removes(x, rows[r]), (x, rows[r])
            for x in model.hands[seat]:  # and every play the rule names does differ
                for r in range(3):
                    if not ref.closed(rows[r]) and adds(x, rows[r]):
                        assert (x, r) in engine
                    if not ref.closed(rows[r]) and removes(x, rows[r]):
                        assert (x, r) not in engine
        game.apply(random_action(game, rng))
