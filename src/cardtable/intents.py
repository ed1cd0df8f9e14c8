"""Checking what a client (the browser) sends before the engine sees it; no Jupyter here.

Whatever arrives from JavaScript is untrusted: a message that is not a dict, an unknown action, a
wrong type, a field the action does not take or a stale click is refused with a reason a player
understands, quoting what was sent in a few dozen characters at most.

>>> read_intent({"action": "play", "position": 3, "version": 2}, {"play": {"position": int}}, 2)
{'action': 'play', 'position': 3}
>>> read_intent({"action": "play", "position": 3, "cheat": 1}, {"play": {"position": int}}, 2)
Traceback (most recent call last):
...
cardtable.errors.IllegalMove: The 'play' action takes 'position' and 'version', not 'cheat'.
"""

from __future__ import annotations

import reprlib
from collections.abc import Mapping
from typing import Any

from . import i18n
from .errors import IllegalMove
from .messages import joined, message, words_for

_QUOTE = reprlib.Repr()
_QUOTE.maxstring = _QUOTE.maxother = 40
_QUOTE.maxlist = _QUOTE.maxdict = _QUOTE.maxtuple = 4
_QUOTE.maxlevel = 2


def _words(fields: Mapping[str, Any], lang: str) -> dict[str, str]:
    """The fields and the type a refusal names, in the reader's words ("text", "tekst")."""
    words = {}
    if "takes" in fields:
        words["takes"] = joined(fields["takes"], lang)
    if "kind" in fields:
        key = f"intent.kind.{fields['kind']}"  # a type with no words yet keeps its name
        words["kind"] = i18n.text(key, lang) if key in i18n.catalog("en") else fields["kind"]
    return words


words_for(["intent.extra", "intent.field"], _words)


def quote(value: object) -> str:
    """A short ``repr`` of what a client sent, for a refusal: never more than a few dozen
    characters, whatever the payload's size or depth.

    >>> quote("x" * 2_000_000)
    "'xxxxxxxxxxxxxxxxx...xxxxxxxxxxxxxxxxxx'"
    """
    return _QUOTE.repr(value)


def read_intent(
    content: object, actions: dict[str, dict[str, type]], version: int
) -> dict[str, Any]:
    """Validate ``content`` against ``actions`` (action name → field name → type); return the
    action and its fields. A ``version`` other than the table's current one is a stale click."""
    if not isinstance(content, dict):
        raise IllegalMove(message("intent.not_an_action"))
    action = content.get("action")
    if type(action) is not str or action not in actions:
        known = ", ".join(repr(name) for name in sorted(actions))  # the wire's names, quoted
        raise IllegalMove(message("intent.unknown", sent=quote(action), known=known))
    fields = actions[action]
    extra = [key for key in content if key not in fields and key not in ("action", "version")]
    if extra:
        sent = ", ".join(quote(k) for k in extra)
        takes = [repr(name) for name in [*fields, "version"]]
        raise IllegalMove(message("intent.extra", action=repr(action), takes=takes, sent=sent))
    sent_version = content.get("version")
    if sent_version is not None and (type(sent_version) is not int or sent_version != version):
        raise IllegalMove(message("intent.stale"))
    intent: dict[str, Any] = {"action": action}
    for field, kind in fields.items():
        value = content.get(field)
        if type(value) is not kind:  # exact: True is not a position
            raise IllegalMove(message(
                "intent.field", action=repr(action), field=field, kind=kind.__name__,
                sent=quote(value),
            ))  # fmt: skip
        intent[field] = value
    return intent
