"""Saves: options, seed (or deck, or scenario) and actions; loading replays the rules."""

from __future__ import annotations

import json
import random

import pytest

from cardtable import IllegalMove
from cardtable.stoeptegel import Stoeptegel

from .helpers import build_deck, finish, random_action, table


def played(game: Stoeptegel, steps: int, seed: int = 0) -> Stoeptegel:
    rng = random.Random(seed)
    for _ in range(steps):
        if game.phase == "over":
            break
        game.apply(random_action(game, rng))
    return game


def test_a_game_without_seed_draws_one_and_saves_it() -> None:
    game = Stoeptegel(3)
    data = json.loads(game.to_json())
    assert isinstance(data["seed"], int) and data["seed"] == game.seed
    assert Stoeptegel.from_json(game.to_json()).hand(0) == game.hand(0)


@pytest.mark.parametrize("make", [
    lambda: Stoeptegel(4, seed=21),
    lambda: Stoeptegel(2, seed=5, deck=build_deck(2, rows="JK 5H 6H", stock="JK 9S")),
    lambda: table(["9H 7H 5H", {"cards": "TD 4D", "played": [True, True]}, "KS"], "3H AC JK 9D",
                  others="QH 8H", stock="2S 4C", scores=[3, 7], round=5, seed=8),
])  # fmt: skip
def test_round_trip_keeps_everything_and_continues(make) -> None:  # type: ignore[no-untyped-def]
    for steps in (0, 7, 40, 400):
        game = played(make(), steps)
        loaded = Stoeptegel.from_json(game.to_json())
        assert loaded.to_json() == game.to_json() and loaded.events == game.events
        assert [loaded.view(s) for s in range(game.players)] == [
            game.view(s) for s in range(game.players)
        ]
        rng_a, rng_b = random.Random(9), random.Random(9)
        finish(game, rng_a)
        finish(loaded, rng_b)
        assert loaded.to_json() == game.to_json()


def tampered(text: str, change) -> str:  # type: ignore[no-untyped-def]
    data = json.loads(text)
    change(data)
    return json.dumps(data)


def test_tampered_saves_are_refused() -> None:
    game = played(Stoeptegel(3, seed=44), 30)
    text = game.to_json()
    data = json.loads(text)
    first_play = next(i for i, a in enumerate(data["actions"]) if a[0] == "play")
    other = next(c for c in ("AS", "2S", "3S", "4S") if c != data["actions"][first_play][2])
    changes = [
        lambda d: d["actions"][first_play].__setitem__(2, other),
        lambda d: d["actions"][first_play].__setitem__(1, (d["actions"][first_play][1] + 1) % 3),
        lambda d: d["actions"][first_play].__setitem__(3, 7),
        lambda d: d["actions"].insert(0, ["pass", 0]),
        lambda d: d["actions"].__setitem__(0, ["choose", 0, "XX"]),
        lambda d: d["actions"].append(["dance", 1]),
        lambda d: d["actions"].append("pass"),
        lambda d: d.__setitem__("actions", "many"),
        lambda d: d["scores"].__setitem__(0, d["scores"][0] + 1),
        lambda d: d.__setitem__("players", 9),
        lambda d: d.__setitem__("players", "3"),
        lambda d: d.__setitem__("target", 0),
        lambda d: d.__setitem__("seed", -3),
        lambda d: d.__setitem__("seed", "44"),
        lambda d: d.__setitem__("seed", None),
        lambda d: d.__setitem__("deck", ["AS"] * 54),
        lambda d: d.__setitem__("scenario", {"hands": []}),
        lambda d: d.__setitem__("extra", 1),
        lambda d: d.pop("scores"),
        lambda d: d.__setitem__("format", "cardtable.tripeaks"),
        lambda d: d.__setitem__("version", 2),
    ]
    for change in changes:
        with pytest.raises(IllegalMove, match=r"corrupted|not a saved|version"):
            Stoeptegel.from_json(tampered(text, change))
    for junk in ("", "{", "[]", "null", "42"):
        with pytest.raises(IllegalMove):
            Stoeptegel.from_json(junk)


def test_tampered_scenario_saves_are_refused() -> None:
    game = table(["KC", "8D", "3S"], "9D 8S", stoeptegels=("6D", "2C"), others="QH", seed=2)
    game.play(0, "9D", 1)
    text = game.to_json()
    assert Stoeptegel.from_json(text).to_json() == text
    changes = [
        lambda d: d["scenario"]["hands"][1].append("9D"),  # a card twice
        lambda d: d["scenario"]["rows"][0].__setitem__("played", [True]),
        lambda d: d["scenario"].__setitem__("to_move", 1),  # then the first action is out of turn
        lambda d: d["scenario"]["stoeptegels"].__setitem__(0, "5H"),  # scores no longer match
        lambda d: d["scenario"].pop("stock"),
        lambda d: d.__setitem__("players", 3),
        lambda d: d.__setitem__("deck", ["AS"]),
    ]
    for change in changes:
        with pytest.raises(IllegalMove, match="corrupted"):
            Stoeptegel.from_json(tampered(text, change))
