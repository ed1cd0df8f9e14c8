"""What an ``nl`` or ``ca`` table must not show: English words, found in the synced strings.

:func:`sentences` walks a synced state (or a served frame) and yields every string a person
may read; data (event types, phases, setting names, the Dutch rules text the help quotes) is
left out by key. :func:`english` finds the English words in one of them: words no Dutch or
Catalan sentence uses (Dutch writes "is", "of", "hand", "link", "score" and "joker" too, Catalan
"on" and "set", so they are not here).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

ENGLISH = re.compile(
    r"\b(the|card|cards|row|rows|pass|passed|passes|points?|you|your|turn|round|stock|laid|"
    r"lay|with|and|to|closed|turned|every|player|goes|counts|game|must|not|this|set|aside|"
    r"choose|lower|higher|waiting|dealer|scored|house|rules?|reading|target|connection|"
    r"table|seat|goal)\b",
    re.IGNORECASE,
)
DATA_KEYS = frozenset({
    "type", "phase", "offset", "stoeptegel_to", "reason", "field", "setting", "kind", "dutch",
    "action", "method", "odd_opposite", "lang", "name", "format", "game",
})  # fmt: skip
"""Keys whose values are data, not words (an event's ``type`` is ``"pass"``); ``name`` is a
setting's field name (the players' names are in ``names``)."""


def sentences(value: Any, key: str = "") -> Iterator[tuple[str, str]]:
    """``(key, text)`` of every string a person may read in ``value``."""
    if key in DATA_KEYS or key.startswith("_"):  # the widget's own: its bundle, its model
        return
    if isinstance(value, str):
        yield key, value
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from sentences(v, str(k))
    elif isinstance(value, (list, tuple)):
        for v in value:
            yield from sentences(v, key)


def english(text: str) -> list[str]:
    """The English words of ``text`` (with the house rules' setting names, which stay as the
    Python API writes them, left out)."""
    text = re.sub(r"\b[a-z]+(?:_[a-z]+)+ (?:on|off)\b|\{\w+\}", "", text)  # and {fields}
    return ENGLISH.findall(text)


def english_in(states: list[Any]) -> list[tuple[str, str]]:
    """Every ``(key, text)`` of ``states`` with an English word, once each."""
    found = {(key, text) for state in states for key, text in sentences(state) if english(text)}
    return sorted(found)
