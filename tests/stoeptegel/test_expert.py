"""ExpertBot: the resampler keeps everything the seat sees, the bot only ever lays legal cards,
and its decisions depend on its view alone (twin games differing in hidden cards)."""

from __future__ import annotations

import math
import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.stoeptegel import Stoeptegel
from cardtable.stoeptegel.bots import ExpertBot, GreedyBot, play_game, play_on, resample

SEEN = ("seat", "players", "round", "phase", "dealer", "to_move", "target", "scores", "hand",
        "hand_counts", "stoeptegel", "gave", "rows", "stock_count")  # fmt: skip


def a_game_in_play(seed: int, players: int) -> Stoeptegel:
    game = Stoeptegel(players, seed)
    play_on(game, [GreedyBot(seed=s) for s in range(players)], until_round=2)
    while game.phase == "choose":
        for s in range(players):
            if game.chosen(s) is None:
                game.choose(s, game.hand(s)[0])
    return game


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10**6), st.integers(2, 6), st.integers(0, 10**6))
def test_every_resampled_world_gives_the_seat_the_same_view(
    seed: int, players: int, draw: int
) -> None:
    game = a_game_in_play(seed, players)
    seat = game.to_move
    view = game.view(seat)
    world = resample(view, random.Random(draw))
    again = world.view(seat)
    assert {k: again[k] for k in SEEN} == {k: view[k] for k in SEEN}
    # A scenario cannot say which out-of-game cards the seat saw leave: all are out there.
    assert set(view["out_of_game"]) <= {c.code for c in world.out_of_game}


def test_the_expert_only_lays_legal_cards_and_wins_games() -> None:
    for seed in range(3):
        game = play_game([ExpertBot(seed=seed), GreedyBot(seed=seed)], seed=seed, target=15)
        assert game.over  # play_game raises IllegalMove on any illegal decision


def test_the_experts_decisions_depend_on_its_view_alone() -> None:
    def twin(other_hand: str, stock: str) -> Stoeptegel:
        return Stoeptegel.scenario(
            hands=["4S 9D QH 7C", other_hand], rows=["KC", "8D", "3S"],
            stoeptegels=["6D", "2C"], stock=stock, seed=4,
        )  # fmt: skip

    a, b = twin("AH 5C JS", "TC JD"), twin("3H 6C KD", "JH TS")
    assert a.view(0) == b.view(0)
    # A fixed number of worlds (no time budget): on a loaded machine the budget would let
    # the two searches see a different number of worlds, whatever the views.
    same = {"budget": math.inf, "max_worlds": 60}
    assert ExpertBot(seed=9, **same).turn(a.view(0)) == ExpertBot(seed=9, **same).turn(b.view(0))


def test_tables_seat_the_expert_by_name_and_strong_stays_the_sampling_bot() -> None:
    from cardtable.stoeptegel.bots import SamplingBot
    from cardtable.stoeptegel.session import make_bot

    assert type(make_bot("expert", 1)) is ExpertBot
    assert type(make_bot("strong", 1)) is SamplingBot


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 10**6), st.integers(2, 6), st.integers(1, 3))
def test_the_worlds_of_a_stoeptegel_choice_hold_each_card_once(
    seed: int, players: int, round_number: int
) -> None:
    """Choosing by search plays rounds out in dealt worlds: every unseen card in one place (a
    hand of six less its stoeptegel, a stoeptegel, the stock), none twice, and the card tried
    is the stoeptegel of the seat it goes to this round (B3: self, neighbour, opposite)."""
    from cardtable.stoeptegel import bots
    from cardtable.stoeptegel.deal import recipient

    game = Stoeptegel(players, seed)
    play_on(game, [GreedyBot(seed=s) for s in range(players)], until_round=round_number)
    if game.phase != "choose" or game.round != round_number:
        return  # the game ended before that round
    view = game.view(0)
    worlds: list[list[int]] = []

    def record(n, me, rows, hands, stoeptegels, stock, *rest):  # type: ignore[no-untyped-def]
        worlds.append([*(c for hand in hands for c in hand), *stoeptegels, *stock])
        tried = Counter(bots._INDEX[c] for c in view["hand"]) - Counter(hands[me])
        assert list(tried) == [stoeptegels[recipient(me, game.round, n)]]
        return 0.0

    real = bots._playout
    bots._playout = record
    try:
        ExpertBot(seed=seed, choose_worlds=2).choose(view)
    finally:
        bots._playout = real
    seen = [c for row in view["rows"] for c in row["cards"]] + list(view["out_of_game"])
    deck = Counter(bots._DECK)  # both jokers are one card index
    assert worlds
    for world in worlds:
        assert Counter(world) + Counter(bots._INDEX[c] for c in seen) == deck
