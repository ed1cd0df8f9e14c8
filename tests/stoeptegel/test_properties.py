"""Property-based tests over random games with random, also illegal, actions."""

from __future__ import annotations

import json
import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable import IllegalMove
from cardtable.cards import deck_with_jokers
from cardtable.stoeptegel import Stoeptegel

from .helpers import FULL_DECK, all_cards, random_action

CODES = sorted({c.code for c in deck_with_jokers(2)})
games = st.fixed_dictionaries(
    {
        "players": st.integers(2, 6),
        "seed": st.integers(0, 2**64 - 1),
        "target": st.integers(3, 20),
        "policy": st.integers(0, 2**32),
    }
)


def raw_action(game: Stoeptegel, rng: random.Random) -> tuple[object, ...]:
    """Anything at all: a choice, play or pass with any seat, card and row, or garbage."""
    seat = rng.choice([*range(-1, game.players + 1), "0", None])
    card = rng.choice([*CODES, "XX", None, 3])
    row = rng.choice([-1, 0, 1, 2, 3, "1", None])
    return rng.choice([("choose", seat, card), ("play", seat, card, row), ("pass", seat), ("nap",)])


def point_events(game: Stoeptegel) -> list[dict[str, object]]:
    return [e for e in game.events if e["type"] == "points"]


@settings(max_examples=25, deadline=None)
@given(games)
def test_random_games_keep_every_invariant(spec: dict[str, int]) -> None:
    rng = random.Random(spec["policy"])
    game = Stoeptegel(spec["players"], seed=spec["seed"], target=spec["target"])
    scores = game.scores
    steps = 0
    while game.phase != "over":
        assert all_cards(game) == FULL_DECK  # the 54 cards are all accounted for
        if rng.random() < 0.3:
            action = raw_action(game, rng)
            before = game.to_json()
            try:
                game.apply(action)
            except IllegalMove:
                assert game.to_json() == before  # an illegal action changes nothing
        else:
            game.apply(random_action(game, rng))
        assert all(new >= old for new, old in zip(game.scores, scores, strict=True))
        scores = game.scores
        steps += 1
        assert steps < 20_000, "a game always ends"
    assert all_cards(game) == FULL_DECK
    # Every point has an event with its reason; together they make the scores.
    total = Counter()
    for event in point_events(game):
        assert event["rule"] in ("B25", "B26") and event["points"] == 1
        total[event["seat"]] += 1
    assert [total[s] for s in range(game.players)] == game.scores
    assert max(game.scores) >= game.target and game.winners
    assert all(game.scores[w] == max(game.scores) for w in game.winners)
    json.dumps(game.events)  # JSON-ready


@settings(max_examples=20, deadline=None)
@given(games, st.floats(0, 1))
def test_json_round_trip_continues_identically(spec: dict[str, int], where: float) -> None:
    rng = random.Random(spec["policy"])
    game = Stoeptegel(spec["players"], seed=spec["seed"], target=spec["target"])
    actions = []
    while game.phase != "over":
        action = random_action(game, rng)
        game.apply(action)
        actions.append(action)
    cut = int(where * len(actions))
    replay = Stoeptegel(spec["players"], seed=spec["seed"], target=spec["target"])
    for action in actions[:cut]:
        replay.apply(action)
    loaded = Stoeptegel.from_json(replay.to_json())
    assert loaded.to_json() == replay.to_json() and loaded.events == replay.events
    for seat in range(game.players):
        assert loaded.view(seat) == replay.view(seat)
    for action in actions[cut:]:
        loaded.apply(action)
    assert loaded.to_json() == game.to_json() and loaded.events == game.events
    assert [loaded.view(s) for s in range(game.players)] == [
        game.view(s) for s in range(game.players)
    ]


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 2**64 - 1), st.integers(2, 6))
def test_same_seed_same_game(seed: int, players: int) -> None:
    a, b = Stoeptegel(players, seed=seed), Stoeptegel(players, seed=seed)
    assert a.to_json() == b.to_json() and a.events == b.events
    assert a.stock == b.stock
    assert all_cards(a) == FULL_DECK


@settings(max_examples=40, deadline=None)
@given(
    games, st.integers(0, 2**32), st.sampled_from(["seat", "card", "row", "kind", "drop", "swap"])
)
def test_a_tampered_save_is_refused_or_still_a_lawful_game(
    spec: dict[str, int], pick: int, how: str
) -> None:
    rng = random.Random(spec["policy"])
    game = Stoeptegel(spec["players"], seed=spec["seed"], target=spec["target"])
    for _ in range(rng.randrange(1, 60)):
        if game.phase == "over":
            break
        game.apply(random_action(game, rng))
    data = json.loads(game.to_json())
    actions = data["actions"]
    k = pick % len(actions)
    action = actions[k]
    if how == "seat":
        action[1] = (action[1] + 1 + pick % 3) % (spec["players"] + 1)
    elif how == "card" and len(action) > 2:
        action[2] = CODES[pick % len(CODES)]
    elif how == "row" and len(action) > 3:
        action[3] = (action[3] + 1 + pick % 3) % 4
    elif how == "kind":
        action[0] = ["choose", "play", "pass"][pick % 3]
    elif how == "drop":
        del actions[k]
    else:
        actions[k], actions[-1] = actions[-1], actions[k]
    text = json.dumps(data)
    try:
        loaded = Stoeptegel.from_json(text)
    except IllegalMove:
        return
    again = Stoeptegel.from_json(loaded.to_json())  # whatever loads is a lawful game
    assert again.to_json() == loaded.to_json()
    assert all_cards(loaded) == FULL_DECK
