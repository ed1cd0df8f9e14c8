"""``json_copy``: what a game hands out is an equal copy that shares no list or dict with it."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from cardtable._json import json_copy

LEAVES = st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text()
JSON_LIKE = st.recursive(
    LEAVES,
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.lists(inner, max_size=4).map(tuple)
        | st.dictionaries(st.text(max_size=3), inner, max_size=4)
    ),
    max_leaves=30,
)


def containers(value: Any) -> list[Any]:
    """Every list, tuple and dict inside ``value``, ``value`` included."""
    found = []
    if isinstance(value, (dict, list, tuple)):
        found.append(value)
        items = value.values() if isinstance(value, dict) else value
        for item in items:
            found.extend(containers(item))
    return found


@given(JSON_LIKE)
def test_a_copy_is_equal_and_shares_no_container(value: Any) -> None:
    copy = json_copy(value)
    assert copy == json.loads(json.dumps(value))  # what a JSON round trip gives
    originals = {id(c) for c in containers(value)}
    assert not any(id(c) in originals for c in containers(copy))


def test_a_subclass_of_a_list_or_dict_comes_back_plain() -> None:
    class Hand(list):  # type: ignore[type-arg]
        pass

    class Event(dict):  # type: ignore[type-arg]
        pass

    event = Event(type="deal", hand=Hand(["TH", "JK"]), rows=(0, 2))
    copy = json_copy(event)
    assert copy == {"type": "deal", "hand": ["TH", "JK"], "rows": [0, 2]}
    assert type(copy) is dict and type(copy["hand"]) is list and type(copy["rows"]) is list
