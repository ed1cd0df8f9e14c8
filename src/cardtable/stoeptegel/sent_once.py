"""What a table sends once instead of with every state: the house rules' texts.

A Stoeptegel state is about 6 KB, and the house rules' help (``texts.house``: the Part C
readings, one line each) was 2.5 KB of it, the same on every move of a game. The widget sends
it in its ``notes`` instead (a trait sent again only when it changes, i.e. when a game with
other rules sits down at the table), and the state without it; the front end reads the house
texts from the state when a state carries them (a served seat's frames) and from the notes
otherwise.

>>> from cardtable.stoeptegel import Stoeptegel
>>> from cardtable.stoeptegel.session import seat_state
>>> view = seat_state(Stoeptegel(players=2, seed=3), 0, ["You", "Anna"])["view"]
>>> lean, notes = house_in_notes(view, {"help": []})
>>> "house" in lean["texts"], notes["house"]["title"], "house" in view["texts"]
(False, 'House readings', True)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def house_in_notes(
    view: Mapping[str, Any], notes: Mapping[str, Any]
) -> tuple[dict[str, Any], dict[str, Any]]:
    """``view`` without its house texts, and ``notes`` with them (under ``house``); a view
    that carries none (the hand-over screen's) leaves both as they are."""
    texts = view.get("texts")
    if not isinstance(texts, Mapping) or "house" not in texts:
        return dict(view), dict(notes)
    lean = {key: value for key, value in texts.items() if key != "house"}
    return {**view, "texts": lean}, {**notes, "house": texts["house"]}
