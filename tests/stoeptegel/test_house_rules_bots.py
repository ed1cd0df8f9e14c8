"""The bots play the house rules their view names (``view["rules"]``): in what they may lay,
in what they expect a card to do, in ``resample`` and in ExpertBot's search."""

from __future__ import annotations

import random

import pytest

from cardtable.stoeptegel import Rules, Stoeptegel
from cardtable.stoeptegel.bots import (
    ExpertBot,
    GreedyBot,
    RandomBot,
    SamplingBot,
    play_on,
    resample,
)

from ..test_golden import EVERY_HOUSE_RULE


def wrap_position(rules: Rules) -> Stoeptegel:
    """Seat 0 owns 9♣; K♣ counts on row 1. 4♠ on row 3 wraps onto K♣ (no point) under Part B,
    but stays on row 3 (a point) without the wrap; 5♦ on 8♦ scores under both."""
    return Stoeptegel.scenario(
        ["4S 5D", "QC 3H"], ["KC", "8D", "3S"], ["9C", "6S"], stock="2H 7D 8S", rules=rules
    )


@pytest.mark.parametrize("bot", [GreedyBot(seed=1), ExpertBot(seed=1)])
def test_the_bots_expect_a_4_to_do_what_the_table_says(bot: object) -> None:
    part_b = bot.turn(wrap_position(Rules()).view(0))  # type: ignore[attr-defined]
    no_wrap = bot.turn(wrap_position(Rules(four_wraps=False)).view(0))  # type: ignore[attr-defined]
    assert part_b is not None and part_b[0].code == "5D"
    assert no_wrap is not None and (no_wrap[0].code, no_wrap[1]) == ("4S", 2)


def test_resample_deals_a_world_under_the_same_rules() -> None:
    game = Stoeptegel(3, seed=6, rules=EVERY_HOUSE_RULE)
    for seat in range(3):
        game.choose(seat, game.hand(seat)[0])
    view = game.view(0)
    world = resample(view, random.Random(2))
    assert world.rules == EVERY_HOUSE_RULE
    seen = world.view(0)
    for key in ("rows", "hand", "legal", "stoeptegel", "rules", "would_score", "counting_rows"):
        assert seen[key] == view[key], key


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_bots_play_whole_games_under_every_house_rule(seed: int) -> None:
    bots = [
        ExpertBot(seed=seed, budget=0.002, min_worlds=2, max_worlds=3, choose_worlds=2),
        SamplingBot(seed=seed, rollouts=12, min_worlds=2, max_worlds=3),
        GreedyBot(seed=seed),
        RandomBot(seed=seed),
    ]
    game = play_on(Stoeptegel(4, seed=seed, target=8, rules=EVERY_HOUSE_RULE), bots)
    assert game.over and game.rules == EVERY_HOUSE_RULE  # every move they chose was legal


@pytest.mark.parametrize("seed", [4, 5])
def test_resample_takes_every_position_of_a_house_rules_game(seed: int) -> None:
    """Woken starting cards, rows that stay turned, low aces: every row a house-rules game
    makes is a row a resampled world can be set up with."""
    from .helpers import random_action

    rng = random.Random(seed)
    game = Stoeptegel(3, seed=seed, target=15, rules=EVERY_HOUSE_RULE)
    checked = 0
    while game.phase != "over" and checked < 150:
        if game.phase == "play":
            seat = game.to_move
            assert seat is not None
            view = game.view(seat)
            world = resample(view, rng)
            assert world.view(seat)["rows"] == view["rows"]
            assert world.view(seat)["legal"] == view["legal"]
            checked += 1
        game.apply(random_action(game, rng))
    assert checked
