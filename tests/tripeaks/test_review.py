"""The review judges each move exactly: checked against the solver on every prefix."""

from __future__ import annotations

import random

import pytest

from cardtable.tripeaks import TriPeaks, review, solve
from cardtable.tripeaks.reviews import MoveReview


def random_game(seed: int, moves: int, **options: object) -> TriPeaks:
    rng = random.Random(seed)
    game = TriPeaks(seed=seed, **options)  # type: ignore[arg-type]
    while not game.over and len(game.moves) < moves:
        legal = game.legal_moves()
        plays = [m for m in legal if m != "draw"]
        game.apply(rng.choice(plays) if plays and rng.random() < 0.8 else rng.choice(legal))
    return game


def prefixes(game: TriPeaks):
    replay = game.replay()
    yield replay
    for move in game.moves:
        replay = TriPeaks.from_json(replay.to_json())
        replay.apply(move)
        yield replay


def verdict(game: TriPeaks) -> tuple[bool, int]:
    scored = solve(game, objective="score")
    return scored.winnable, scored.best_score


@pytest.mark.parametrize("seed", [3, 11, 41, 77])
def test_every_entry_is_what_the_solver_says_of_that_prefix(seed):
    game = random_game(seed, 18)
    result = review(game)
    verdicts = [verdict(p) for p in prefixes(game)]
    assert [e.move for e in result.moves] == game.moves
    for entry, before, after in zip(result.moves, verdicts, verdicts[1:], strict=False):
        assert (entry.clearable_before, entry.best_before) == before, entry
        assert (entry.clearable_after, entry.best_after) == after, entry
    clearable = [v[0] for v in verdicts]
    first = next((i for i in range(len(game.moves)) if clearable[i] and not clearable[i + 1]), None)
    if clearable[0]:
        assert result.first_mistake == first


def test_the_better_move_keeps_the_best_and_the_clearing_move_keeps_the_clear():
    checked = 0
    for seed in (5, 8, 13):
        game = random_game(seed, 14)
        for entry, position in zip(review(game).moves, prefixes(game), strict=False):
            assert (entry.better is None) == (entry.loss == 0)
            if entry.better is not None:
                other = TriPeaks.from_json(position.to_json())
                other.apply(entry.better)
                assert verdict(other)[1] == entry.best_before
                checked += 1
            if entry.clearing is not None:
                other = TriPeaks.from_json(position.to_json())
                other.apply(entry.clearing)
                assert solve(other).winnable and entry.lost_the_clear
    assert checked > 0


def test_a_game_that_follows_the_solver_makes_no_mistake():
    game = TriPeaks(seed=7)
    for move in solve(game, objective="score").moves:
        game.apply(move)
    result = review(game)
    assert result.first_mistake is None and all(e.loss == 0 for e in result.moves)
    assert game.won and result.moves[-1].clearable_after


def test_a_deal_that_was_never_clearable_names_the_move_that_lost_the_most():
    seed = next(s for s in range(1, 400) if not solve(TriPeaks(seed=s)).winnable)
    game = random_game(seed, 12)
    result = review(game)
    assert not result.moves[0].clearable_before
    worst = max(e.loss for e in result.moves)
    if worst:
        assert result.moves[result.first_mistake].loss == worst
        assert all(e.loss < worst for e in result.moves[: result.first_mistake])
    else:
        assert result.first_mistake is None


def test_progressive_rounds_are_judged_round_by_round():
    from cardtable.lessons import CLEARING_ORDER, perfect_deck

    game = TriPeaks.from_deck(perfect_deck(), progressive=True, seed=8)
    for position in CLEARING_ORDER:
        game.play(position)
    game.draw()
    result = review(game)
    clearing: MoveReview = result.moves[len(CLEARING_ORDER) - 1]
    assert clearing.round == 1 and clearing.clearable_after and clearing.best_after == 466
    assert result.moves[-1].round == 2 and result.moves[-1].move == "draw"


def test_the_game_is_not_changed():
    game = random_game(9, 10)
    saved = game.to_json()
    review(game)
    assert game.to_json() == saved
