"""The bots: legal, seeded, view-only, and in the right order of strength."""

from __future__ import annotations

import copy
import json

import pytest

from cardtable import Card
from cardtable.stoeptegel import Stoeptegel
from cardtable.stoeptegel.bots import BOTS, GreedyBot, RandomBot, SamplingBot, play_game


def checked_game(bots: list[object], seed: int, target: int = 30) -> Stoeptegel:
    """play_game, checking that every choice and move is legal and that views stay untouched."""
    game = Stoeptegel(len(bots), seed=seed, target=target)
    while game.phase != "over":
        if game.phase == "choose":
            for seat, bot in enumerate(bots):
                view = game.view(seat)
                frozen = copy.deepcopy(view)
                card = bot.choose(view)  # type: ignore[attr-defined]
                assert view == frozen and isinstance(card, Card) and card in game.hand(seat)
                game.choose(seat, card)
            continue
        seat = game.to_move
        view = game.view(seat)
        frozen = copy.deepcopy(view)
        move = bots[seat].turn(view)  # type: ignore[attr-defined]
        assert view == frozen
        if move is None:
            game.pass_turn(seat)
        else:
            assert move in game.legal_plays(seat)
            game.play(seat, *move)
    return game


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_every_bot_plays_legally(players: int) -> None:
    names = list(BOTS)
    bots = [BOTS[names[s % 3]](seed=s) for s in range(players)]
    game = checked_game(bots, seed=players, target=12)
    assert game.phase == "over" and game.winners


def test_bots_are_repeatable_from_their_seeds() -> None:
    def run() -> str:
        return play_game(
            [SamplingBot(seed=4), GreedyBot(seed=5), RandomBot(seed=6)], seed=8, target=10
        ).to_json()

    assert run() == run()


def test_a_bot_decides_from_the_view_alone() -> None:
    game = Stoeptegel(3, seed=12)
    for seat in range(3):
        game.choose(seat, game.hand(seat)[0])
    view = json.loads(json.dumps(game.view(0)))  # a plain JSON copy: no game object behind it
    assert SamplingBot(seed=1).turn(view) == SamplingBot(seed=1).turn(game.view(0))


def win_rate(strong: str, weak: str, games: int) -> float:
    wins = 0.0
    for g in range(games):
        bots = [BOTS[strong](seed=2 * g), BOTS[weak](seed=2 * g + 1)]
        if g % 2:
            bots.reverse()  # each bot sits first in half the games
        game = play_game(bots, seed=500 + g // 2)
        seat = g % 2
        if seat in game.winners:
            wins += 1 / len(game.winners)
    return wins / games


def test_greedy_beats_random() -> None:
    assert win_rate("greedy", "random", 40) >= 0.6  # the benchmark: 200 games


def test_sampling_beats_greedy() -> None:
    assert win_rate("sampling", "greedy", 24) >= 0.55  # the benchmark: 200 games
