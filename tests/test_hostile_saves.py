"""Saves from anywhere: whatever a save holds, loading rebuilds the game or raises IllegalMove
(a ValueError) with a reason; nothing else escapes (issue: the browser is untrusted)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable import IllegalMove
from cardtable.stoeptegel import Stoeptegel
from cardtable.tripeaks import TriPeaks


def tripeaks_save() -> str:
    game = TriPeaks(seed=41)
    for _ in range(6):
        game.apply(game.legal_moves()[0])
    game.undo()
    return game.to_json()


def stoeptegel_save() -> str:
    game = Stoeptegel(players=3, seed=5)
    for seat in range(3):
        game.choose(seat, game.hand(seat)[0])
    game.pass_turn(0)
    return game.to_json()


def scenario_save() -> str:
    game = Stoeptegel.scenario(["4S 9D", "QH"], ["KC", "8D", "3S"], ["6D", "2C"], seed=9)
    game.play(0, "4S", 2)
    return game.to_json()


LOADERS = {
    "tripeaks": (TriPeaks.from_json, tripeaks_save),
    "stoeptegel": (Stoeptegel.from_json, stoeptegel_save),
    "scenario": (Stoeptegel.from_json, scenario_save),
}

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**70), 2**70)
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=8)
    | st.sampled_from(["draw", "play", "pass", "choose", "TH", "JK", "AS", "10♥"]),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=6), children, max_size=4)
    ),
    max_leaves=12,
)


def load_or_refuse(loader: Any, text: str) -> None:
    try:
        loader(text)
    except IllegalMove as error:
        assert str(error)


def paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in a JSON document, as a path of keys and indices."""
    found = [prefix]
    if isinstance(value, dict):
        for key, item in value.items():
            found += paths(item, (*prefix, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            found += paths(item, (*prefix, i))
    return found


@pytest.mark.parametrize("kind", sorted(LOADERS))
@settings(max_examples=150, deadline=None)
@given(data=st.data())
def test_any_value_anywhere_in_a_save_is_loaded_or_refused(kind: str, data: Any) -> None:
    loader, make = LOADERS[kind]
    document = json.loads(make())
    places = paths(document)[1:]
    path = data.draw(st.sampled_from(places))
    value = data.draw(json_values)
    target = document
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    load_or_refuse(loader, json.dumps(document))


@pytest.mark.parametrize("kind", sorted(LOADERS))
@given(text=st.text(max_size=40) | st.binary(max_size=40))
def test_any_text_is_loaded_or_refused(kind: str, text: Any) -> None:
    load_or_refuse(LOADERS[kind][0], text)


@pytest.mark.parametrize("kind", sorted(LOADERS))
def test_deep_nesting_is_refused_not_a_recursion_error(kind: str) -> None:
    loader, _ = LOADERS[kind]
    with pytest.raises(IllegalMove, match="nested too deeply"):
        loader("[" * 200_000 + "]" * 200_000)
    with pytest.raises(IllegalMove, match="nested too deeply"):
        loader('{"format": ' + '{"a": ' * 100_000 + "1" + "}" * 100_001)


@pytest.mark.parametrize("kind", sorted(LOADERS))
def test_a_key_given_twice_is_refused(kind: str) -> None:
    loader, make = LOADERS[kind]
    text = make()
    doubled = text[:-1] + ', "version": 1}'
    with pytest.raises(IllegalMove, match="'version' appears twice"):
        loader(doubled)


@pytest.mark.parametrize("kind", sorted(LOADERS))
@pytest.mark.parametrize("version", [True, 1.0, "1", [1], None])
def test_a_version_of_the_wrong_exact_type_is_refused(kind: str, version: object) -> None:
    loader, make = LOADERS[kind]
    document = json.loads(make())
    document["version"] = version
    with pytest.raises(IllegalMove, match="version"):
        loader(json.dumps(document))


@pytest.mark.parametrize(
    ("kind", "key", "value"),
    [
        ("tripeaks", "score", None),  # filled in below: the right score as a float
        ("tripeaks", "seed", 41.0),
        ("tripeaks", "seed", True),
        ("tripeaks", "progressive", 0),
        ("stoeptegel", "scores", None),
        ("stoeptegel", "seed", 5.0),
        ("stoeptegel", "players", 3.0),
        ("stoeptegel", "target", True),
        ("scenario", "scores", None),
    ],
)
def test_header_numbers_of_the_wrong_exact_type_are_refused(
    kind: str, key: str, value: object
) -> None:
    loader, make = LOADERS[kind]
    document = json.loads(make())
    if value is None:  # the right number, as a float: equal in Python, not the same in a save
        right = document[key]
        value = [float(x) for x in right] if isinstance(right, list) else float(right)
    document[key] = value
    with pytest.raises(IllegalMove, match="corrupted"):
        loader(json.dumps(document))


@pytest.mark.parametrize("kind", sorted(LOADERS))
def test_a_move_of_the_wrong_exact_type_is_refused(kind: str) -> None:
    loader, make = LOADERS[kind]
    document = json.loads(make())
    moves = document["moves" if kind == "tripeaks" else "actions"]
    first = moves[0]
    if kind == "tripeaks":
        moves[0] = float(first) if isinstance(first, int) else [first]
    else:
        moves[0] = [first[0], float(first[1]), *first[2:]]
    with pytest.raises(IllegalMove, match="corrupted"):
        loader(json.dumps(document))
    assert loader(make()).to_json() == make()  # the untouched save still loads
