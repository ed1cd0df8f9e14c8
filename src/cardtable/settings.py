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
from typing import Any

from .errors import IllegalMove
from .i18n import text
from .intents import quote


@dataclass(frozen=True)
class Setting:
    """One setting: its intent field ``name``, what the panel calls it, the value in force, the
    ``(value, label)`` choices offered and a sentence ``about`` them (citing their rules)."""

    name: str
    label: str
    value: object
    choices: tuple[tuple[object, str], ...]
    about: str = ""

    def check(self, value: object) -> object:
        """``value`` if it is one of the choices (exactly: ``1`` is not ``True``)."""
        for offered, _label in self.choices:
            if type(offered) is type(value) and offered == value:
                return value
        labels = [label for _value, label in self.choices]
        options = ", ".join(labels[:-1]) + f" or {labels[-1]}" if len(labels) > 1 else labels[0]
        raise IllegalMove(f"{self.label} can be {options}, not {quote(value)}: nothing changed.")

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
            takes = f"the settings {', '.join(by_name)}" if by_name else "no settings here"
            raise IllegalMove(f"A new deal takes {takes}, not {quote(key)}: nothing changed.")
    return rest, chosen


def panel(offered: Sequence[Setting], *, title: str, note: str, apply: str) -> dict[str, Any]:
    """The synced ``settings`` trait: the fields, the panel's title and note, and the label of
    its button (which deals with them)."""
    return {
        "fields": [s.shown() for s in offered],
        "title": title,
        "note": note,
        "apply": apply,
    }


_FOUR_COLOUR = ((False, "two colours"), (True, "four colours"))
_FOUR_COLOUR_ABOUT = "Four colours: diamonds blue and clubs green, told apart at a glance."


def tripeaks_settings(scoring: str, progressive: bool, four_color: bool) -> list[Setting]:
    """What a Tri-Peaks table offers for its next deal (rules T6–T8), with the values in force."""
    return [
        Setting(
            "scoring",
            "Scoring",
            scoring,
            (("standard", "standard"), ("multiplier", "multiplier")),
            "Standard: a run's cards score 1, 2, 3, 4… and a draw costs 5 (rule T6); multiplier: "
            "they score 1, 2, 4, 8… and draws are free (rule T7).",
        ),
        Setting(
            "progressive",
            "Rounds",
            progressive,
            ((False, "one round"), (True, "progressive")),
            "Progressive: a cleared table is dealt again and the score carries on (rule T8).",
        ),
        Setting("four_color", "Deck", four_color, _FOUR_COLOUR, _FOUR_COLOUR_ABOUT),
    ]


TARGETS = (10, 20, 30, 50)
"""The targets a Stoeptegel table offers (rule B27), besides the one in force."""
STRENGTHS = ("random", "greedy", "strong", "expert")
"""The bot strengths a Stoeptegel table offers (``cardtable.stoeptegel.bots``)."""


def stoeptegel_settings(
    target: int, bots: str | None, four_color: bool, lang: str = "en"
) -> list[Setting]:
    """What a Stoeptegel table offers for its next game, with the values in force, in ``lang``
    (``stoeptegel.settings.*`` of the catalogs). ``bots`` is the strength every bot plays at,
    or ``None`` (no bots, or bots given one by one): then the strength is not offered.

    >>> [s.name for s in stoeptegel_settings(30, None, False)]
    ['target', 'four_color']
    >>> stoeptegel_settings(30, "greedy", False, "nl")[1].choices[1]
    ('greedy', 'gretig')
    """

    def say(key: str, **fields: Any) -> str:
        return text(f"stoeptegel.settings.{key}", lang, **fields)

    targets = sorted({*TARGETS, target})
    choices = tuple((t, say("target_choice", count=t)) for t in targets)
    offered = [Setting("target", say("target"), target, choices, say("target_about"))]
    if bots is not None:
        strengths = STRENGTHS if bots in STRENGTHS else (*STRENGTHS, bots)
        named = tuple((s, say(f"bots.{s}") if s in STRENGTHS else s) for s in strengths)
        offered.append(Setting("bots", say("bots"), bots, named, say("bots_about")))
    colours = ((False, say("two_colours")), (True, say("four_colours")))
    offered.append(Setting("four_color", say("deck"), four_color, colours, say("deck_about")))
    return offered


TRIPEAKS_NOTE = "These apply from the next deal; the game in play is not changed."
