"""The bots' fast playout scores a round as the engine does (rules B24–B26, issue 27 §3): from
any position of a round, greedy players playing it out in ``bots._playout`` and in the engine
end it at the same moment with the same points, under every house rule."""

from __future__ import annotations

import dataclasses
import random

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from cardtable.stoeptegel import Rules, Stoeptegel
from cardtable.stoeptegel.bots import GREEDY, _playout, greedy_move
from cardtable.stoeptegel.legality import legal_pairs
from cardtable.stoeptegel.rows import CARDS, SUIT

HOUSE_RULES = st.builds(
    Rules,
    **{
        field.name: st.sampled_from(["next", "skip"]) if field.type == "str" else st.booleans()
        for field in dataclasses.fields(Rules)
    },
)


def greedy_step(game: Stoeptegel) -> None:
    """The seat to move plays the playout's greedy choice on the engine's own table."""
    state = game._s
    seat, table = state.to_move, state.table
    assert seat is not None
    own = state.stoeptegels[seat]
    assert own is not None
    plays = legal_pairs(state.hands[seat], table.keys, table.legal)
    move = greedy_move(table, plays, SUIT[own]) if plays else None
    if move is None:
        game.pass_turn(seat)
    else:
        game.play(seat, CARDS[move[0]], move[1])


@settings(max_examples=150, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    players=st.integers(2, 6),
    steps=st.integers(0, 25),
    rules=HOUSE_RULES,
)
def test_the_playout_scores_a_round_as_the_engine_does(
    seed: int, players: int, steps: int, rules: Rules
) -> None:
    game = Stoeptegel(players, seed, target=10_000, rules=rules)  # no B27 cut: rounds end
    for seat in range(players):
        game.choose(seat, game.hand(seat)[0])
    moves = random.Random(seed)
    for _ in range(steps):  # some way into the round, by random plays and passes
        seat = game.to_move
        assert seat is not None
        plays = game.legal_plays(seat)
        if plays and moves.random() < 0.8:
            game.play(seat, *moves.choice(plays))
        else:
            game.pass_turn(seat)
        if game.round != 1:
            break
    assume(game.round == 1 and game.phase == "play")
    state = game._s
    me = state.to_move
    assert me is not None
    stoeptegels = [c for c in state.stoeptegels if c is not None]
    predicted = _playout(
        players, me, [list(row) for row in state.table.rows], [list(h) for h in state.hands],
        stoeptegels, list(state.table.stock), state.passes, me, GREEDY, state.rules,
        (state.dealer + 1) % players,
    )  # fmt: skip
    before = list(game.scores)
    while game.round == 1:
        greedy_step(game)
    gained = [after - then for after, then in zip(game.scores, before, strict=True)]
    assert predicted == gained[me] - (sum(gained) - gained[me]) / (players - 1)
