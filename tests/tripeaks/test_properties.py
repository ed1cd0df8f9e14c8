"""Property-based tests of the Tri-Peaks engine over random move sequences, legal and illegal."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable import IllegalMove
from cardtable.tripeaks import COVERED_BY, PEAKS, SIZE, TriPeaks
from cardtable.tripeaks.scoring import SCHEMES

seeds = st.integers(min_value=0, max_value=2**64 - 1)
options = st.fixed_dictionaries(
    {"scoring": st.sampled_from(["standard", "multiplier"]), "progressive": st.booleans()}
)
# An action: a pick among the legal moves, a raw (often illegal) move, undo or redo.
actions = st.lists(
    st.one_of(
        st.tuples(st.just("legal"), st.integers(0, 40)),
        st.tuples(
            st.just("raw"),
            st.one_of(st.integers(-2, 30), st.just("draw"), st.just("pass"), st.none()),
        ),
        st.tuples(st.just("undo"), st.none()),
        st.tuples(st.just("redo"), st.none()),
    ),
    max_size=120,
)


def recomputed_score(game: TriPeaks) -> int:
    """The score rebuilt from the move list alone, by the formulas of rules T5–T8."""
    scheme = SCHEMES[game.scoring]
    score = run = peaks = 0
    for move in game.moves:
        if move == "draw":
            score, run = max(0, score - scheme.draw_cost), 0
            continue
        run += 1
        score += scheme.card_points[run]
        if move in PEAKS:
            peaks += 1
            score += scheme.last_peak_bonus if peaks == 3 else scheme.peak_bonus
            if peaks == 3:  # the tableau is clear: a progressive game deals again (T8)
                peaks = run = 0
    return score


def check_invariants(game: TriPeaks) -> None:
    on_table = [game.card_at(p) for p in range(SIZE)]
    cards = [c for c in on_table if c is not None] + game.stock + game.waste
    assert len(cards) == 52 and len(set(cards)) == 52  # every card accounted for, once
    for p in range(SIZE):
        covers_gone = all(game.card_at(q) is None for q in COVERED_BY[p])
        assert game.is_face_up(p) == (on_table[p] is not None and covers_gone)
    assert game.score == recomputed_score(game)
    assert game.score >= 0


def do(game: TriPeaks, action: tuple) -> None:
    kind, arg = action
    if kind == "legal":
        legal = game.legal_moves()
        if legal:
            game.apply(legal[arg % len(legal)])
    elif kind == "raw":
        before = game.to_json()
        try:
            game.apply(arg)
        except (IllegalMove, TypeError):
            assert game.to_json() == before  # an illegal move never changes anything
    elif kind == "undo":
        game.undo()
    else:
        game.redo()


@settings(max_examples=150, deadline=None)
@given(seeds, options, actions)
def test_random_play_keeps_every_invariant(seed, opts, script):
    game = TriPeaks(seed, **opts)
    for action in script:
        do(game, action)
        check_invariants(game)


@settings(max_examples=100, deadline=None)
@given(seeds, options, actions, st.integers(0, 60))
def test_undo_k_then_redo_k_gives_back_the_identical_game(seed, opts, script, k):
    game = TriPeaks(seed, **opts)
    for action in script:
        do(game, action)
    game._redo.clear()  # start from a game with nothing to redo, so redo restores exactly
    saved, score = game.to_json(), game.score
    k = min(k, len(game.moves))
    undone = [game.undo() for _ in range(k)]
    assert None not in undone
    assert [game.redo() for _ in range(k)] == undone[::-1]
    assert game.to_json() == saved and game.score == score


@settings(max_examples=100, deadline=None)
@given(seeds, options, actions)
def test_json_round_trip_reproduces_the_game(seed, opts, script):
    game = TriPeaks(seed, **opts)
    for action in script:
        do(game, action)
    copy = TriPeaks.from_json(game.to_json())
    assert copy.to_json() == game.to_json()
    assert copy.view() == game.view()
    assert copy.events == game.events
    # …and both continue identically.
    for move in copy.legal_moves()[:1]:
        copy.apply(move)
        game.apply(move)
    assert copy.to_json() == game.to_json()


@settings(max_examples=100, deadline=None)
@given(seeds, options, actions)
def test_view_never_shows_a_face_down_or_stock_card(seed, opts, script):
    game = TriPeaks(seed, **opts)
    for action in script:
        do(game, action)
        text = json.dumps(game.view())
        hidden = [
            game.card_at(p) for p in range(SIZE) if game.card_at(p) and not game.is_face_up(p)
        ]
        for card in hidden + game.stock:
            assert f'"{card.code}"' not in text
        assert "seed" not in text  # nor does the seed (a long one would show as digits:)
        assert game.seed < 10**9 or str(game.seed) not in text


@settings(max_examples=60, deadline=None)
@given(seeds, actions, st.integers(0, 27))
def test_refusals_never_name_a_hidden_card(seed, script, position):
    game = TriPeaks(seed)
    for action in script:
        do(game, action)
    hidden = [game.card_at(p) for p in range(SIZE) if game.card_at(p) and not game.is_face_up(p)]
    try:
        game.play(position)
    except IllegalMove as error:
        for card in hidden + game.stock:
            assert str(card) not in str(error)
