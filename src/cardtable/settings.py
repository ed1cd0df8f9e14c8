"""The settings a table offers for its next deal, and checking the ones a client sends.

A table's settings panel lists :class:`Setting`\\ s: what each is called, the values it offers
and the one in force (Python's traits and the game are the source of truth). A ``new`` intent
may carry any of them (``{"action": "new", "scoring": "multiplier"}``); :func:`take` checks each
against what is offered before anything is dealt, so an unknown setting or a value not offered
is refused with a reason a player understands and nothing changes. They apply to the next deal
only: the game in play is never changed. No Jupyter here.

>>> offered = tripeaks_settings("standard", False, False)
>>> take({"action": "new", "scoring": "multiplier", "version": 3}, offered)
({'action': 'new', 'version': 3}, {'scoring': 'multiplier'})
>>> take({"action": "new", "scoring": "vegas"}, offered)
Traceback (most recent call last):
...
cardtable.errors.IllegalMove: Scoring can be standard or multiplier, not 'vegas': nothing changed.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from . import i18n
from .errors import IllegalMove
from .intents import quote
from .messages import message


@dataclass(frozen=True)
class Setting:
    """One setting: its intent field ``name``, what the panel calls it, the value in force, the
    ``(value, label)`` choices offered and a sentence ``about`` them (citing their rules), in
    the table's language ``lang``."""

    name: str
    label: str
    value: object
    choices: tuple[tuple[object, str], ...]
    about: str = ""
    lang: str = "en"

    def check(self, value: object) -> object:
        """``value`` if it is one of the choices (exactly: ``1`` is not ``True``)."""
        for offered, _label in self.choices:
            if type(offered) is type(value) and offered == value:
                return value
        labels = [label for _value, label in self.choices]
        options = labels[0]
        if len(labels) > 1:
            options = i18n.text("list.or", self.lang, rest=", ".join(labels[:-1]), last=labels[-1])
        raise IllegalMove(message(
            "table.settings.not_offered", label=self.label, options=options, sent=quote(value)
        ))

    def shown(self) -> dict[str, Any]:
        """What the panel draws: ``{"name", "label", "value", "choices"}``."""
        return {
            "name": self.name,
            "label": self.label,
            "value": self.value,
            "choices": [list(choice) for choice in self.choices],
            "about": self.about,
        }


def take(content: object, offered: Sequence[Setting]) -> tuple[object, dict[str, Any]]:
    """Split the settings off a ``new`` intent: the intent without them (for
    :func:`~cardtable.intents.read_intent`) and the checked settings. Any other message passes
    unchanged (a setting on another action is refused there, as any unknown field)."""
    if not isinstance(content, dict) or content.get("action") != "new":
        return content, {}
    by_name = {setting.name: setting for setting in offered}
    rest: dict[str, Any] = {}
    chosen: dict[str, Any] = {}
    for key, value in content.items():
        if key in ("action", "version"):
            rest[key] = value
        elif key in by_name:
            chosen[key] = by_name[key].check(value)
        else:
            raise IllegalMove(message(
                "table.settings.unknown", settings=", ".join(by_name), some=bool(by_name),
                sent=quote(key),
            ))  # fmt: skip
    return rest, chosen


@lru_cache(maxsize=64)
def panel(offered: tuple[Setting, ...], game: str, lang: str) -> dict[str, Any]:
    """The synced ``settings`` trait: the fields, the panel's title and note, and the label of
    its button (which deals with them), from ``{game}.settings.*`` in ``lang``; ``{}`` when
    nothing is offered. Kept per offer: a table asks for the same panel at every move (shared,
    so never changed).

    >>> panel(tripeaks_settings("standard", False, False), "tripeaks", "en")["apply"]
    'Deal with these'
    """
    if not offered:
        return {}
    words = {key: i18n.text(f"{game}.settings.{key}", lang) for key in ("title", "note", "apply")}
    return {"fields": [s.shown() for s in offered], **words}


def four_colour(value: bool, lang: str = "en") -> Setting:
    """The deck's colours, offered by every live table (``table.settings.*`` in ``lang``)."""
    choices = ((False, i18n.text("table.settings.two", lang)),
               (True, i18n.text("table.settings.four", lang)))  # fmt: skip
    words = i18n.text("table.settings.deck", lang), i18n.text("table.settings.deck_about", lang)
    return Setting("four_color", words[0], value, choices, words[1], lang)


@lru_cache(maxsize=64)
def tripeaks_settings(
    scoring: str, progressive: bool, four_color: bool, lang: str = "en"
) -> tuple[Setting, ...]:
    """What a Tri-Peaks table offers for its next deal (rules T6–T8), with the values in force,
    in ``lang``.

    >>> [s.label for s in tripeaks_settings("standard", False, False, "ca")]
    ['Puntuació', 'Rondes', 'Baralla']
    """

    def say(key: str) -> str:
        return i18n.text(f"tripeaks.settings.{key}", lang)

    return (
        Setting("scoring", say("scoring"), scoring,
                (("standard", say("standard")), ("multiplier", say("multiplier"))),
                say("scoring_about"), lang),
        Setting("progressive", say("rounds"), progressive,
                ((False, say("one_round")), (True, say("progressive"))),
                say("rounds_about"), lang),
        four_colour(four_color, lang),
    )  # fmt: skip


TARGETS = (10, 20, 30, 50)
"""The targets a Stoeptegel table offers (rule B27), besides the one in force."""
STRENGTHS = ("random", "greedy", "strong", "expert")
"""The bot strengths a Stoeptegel table offers (``cardtable.stoeptegel.bots``)."""


@lru_cache(maxsize=64)
def stoeptegel_settings(
    target: int, bots: str | None, four_color: bool, lang: str = "en"
) -> tuple[Setting, ...]:
    """What a Stoeptegel table offers for its next game, with the values in force, in ``lang``
    (``stoeptegel.settings.*`` of the catalogs). ``bots`` is the strength every bot plays at,
    or ``None`` (no bots, or bots given one by one): then the strength is not offered.

    >>> [s.name for s in stoeptegel_settings(30, None, False)]
    ['target', 'four_color']
    >>> stoeptegel_settings(30, "greedy", False, "nl")[1].choices[1]
    ('greedy', 'gretig')
    """

    def say(key: str, **fields: Any) -> str:
        return i18n.text(f"stoeptegel.settings.{key}", lang, **fields)

    targets = sorted({*TARGETS, target})
    choices = tuple((t, say("target_choice", count=t)) for t in targets)
    offered = [Setting("target", say("target"), target, choices, say("target_about"), lang)]
    if bots is not None:
        strengths = STRENGTHS if bots in STRENGTHS else (*STRENGTHS, bots)
        named = tuple((s, say(f"bots.{s}") if s in STRENGTHS else s) for s in strengths)
        offered.append(Setting("bots", say("bots"), bots, named, say("bots_about"), lang))
    offered.append(four_colour(four_color, lang))
    return tuple(offered)
