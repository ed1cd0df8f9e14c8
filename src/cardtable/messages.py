"""Sentences as data: what the engines say is a :class:`Message` (an id, its fields, the rules it
cites), and a catalog per language writes it at the edge, for the seat that reads it.

The engines never compose a sentence: a refusal is an :class:`~cardtable.IllegalMove` holding a
message, an event is a record (its ``type`` and fields). Fields are data: cards as wire codes
(``"TH"``), rows and seats as the API's indices (0–2, 0…). :func:`say` renders them the way
every table reads: cards ``10♥``, rows 1–3, seats by name (``Player 2`` where there is none; the
seat at the screen as "you"), then the rule tag, ``(rule B14)``, or ``(house rule: ten_on_ten
on, rule B14)`` where a house reading decided it.

>>> from cardtable.naming import Names
>>> import cardtable.stoeptegel  # registers its sentences: "{card} is not in {seat_s} hand"
>>> note = message("stoeptegel.not_in_hand", "B23", card="9H", seat=1)
>>> say(note)
"9♥ is not in Player 2's hand (rule B23)."
>>> say(note, Names(["You", "Anna"], you=1))
'9♥ is not in your hand (rule B23).'

How a language plugs in (issue 31): the sentences live in the JSON catalogs of
:mod:`cardtable.i18n` (``i18n/en.json``, ``nl.json``, ``ca.json``), one entry per message id;
``say(message, names, lang="nl")`` writes it in Dutch, falling back to English for an id the
language lacks. An entry is a ``str.format`` template over the rendered fields, or a plural or
a choice where the grammar hangs on a field (a count, the seat at the screen: ``seat_you``),
see :mod:`cardtable.i18n`. The cite words are entries too (``cite.rule``, ``cite.rules``,
``cite.house``), so a rule tag reads ``(regel B14)`` on a Dutch table:

>>> say(note, Names(["Jij", "Anna"], you=0, lang="nl"))[-12:]
'(regel B23).'

Until every game's sentences are in the catalogs, a game may still :func:`register` Python
templates for an id the JSON catalogs lack (the catalogs win).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from . import i18n
from .cards import Card
from .naming import Names

Template = str | Callable[[Mapping[str, Any]], str]
"""A sentence of a catalog: a format string over the rendered fields, or a function of them."""

CATALOGS: dict[str, dict[str, Template]] = {"en": {"text": "{text}"}}
"""Language → message id → a registered Python template, for ids the JSON catalogs lack yet.
``"text"`` carries a sentence not yet given an id."""

CARD_FIELDS = frozenset({"card", "top", "counting", "replacement", "stoeptegel"})
"""Fields holding one card's wire code: written ``10♥``."""
CARDS_FIELDS = frozenset({"cards", "covering"})
"""Fields holding a list of wire codes: written ``10♥ and 9♣``."""
ROW_FIELDS = frozenset({"row"})
"""Fields holding a row index 0–2: written 1–3."""
SEAT_FIELDS = frozenset({"seat", "to_move", "handover", "winner", "out_seat"})
"""Fields holding a seat index: written by name (also ``<field>_subject``, ``<field>_s``,
``<field>_you``)."""
SEATS_FIELDS = frozenset({"seats", "winners", "waiting"})
"""Fields holding a list of seat indices: written ``Anna and Bram``."""


@dataclass(frozen=True)
class Message:
    """What to say, as data: ``id`` names the sentence in every catalog, ``fields`` fill it,
    ``rules`` are the rules of Part B it cites (``("B9", "B10")``), ``house`` the house
    readings that decided it (``("ten_on_ten off",)``, Part C)."""

    id: str
    fields: Mapping[str, Any] = field(default_factory=dict)
    rules: tuple[str, ...] = ()
    house: tuple[str, ...] = ()

    @property
    def rule(self) -> str | None:
        """The first rule it cites (``"B2"``), or ``None``."""
        return self.rules[0] if self.rules else None


def message(id: str, *rules: str, house: Sequence[str] = (), **fields: Any) -> Message:
    """A :class:`Message`: ``message("tripeaks.stock_empty", "T4")``."""
    return Message(id, fields, tuple(rules), tuple(house))


def register(lang: str, templates: Mapping[str, Template]) -> None:
    """Add a game's sentences to the catalog of ``lang`` (see the module docstring)."""
    CATALOGS.setdefault(lang, {}).update(templates)


Words = Callable[[Mapping[str, Any], str], Mapping[str, str]]
"""A message's own words: from its rendered fields and the language, the fields a part of its
sentence fills in (a clause of the catalog, a suit's name)."""
WORDS: dict[str, Words] = {}
"""Message id → its words (:func:`words_for`)."""


def words_for(ids: Sequence[str], words: Words) -> None:
    """Let the sentences ``ids`` fill fields that ``words`` writes in the reader's language:
    where a clause is shared by many sentences, it is one entry of the catalog."""
    WORDS.update(dict.fromkeys(ids, words))


def joined(words: Sequence[str], lang: str = "en") -> str:
    """ "Anna", "Anna and Bram", "Anna, Bram and you" (``"Anna en Bram"`` in Dutch)."""
    if len(words) <= 1:
        return "".join(words)
    return i18n.text("list.and", lang, rest=", ".join(words[:-1]), last=words[-1])


def card_text(code: str | None, lang: str = "en") -> str:
    """``"TH"`` → ``"10♥"``; ``None`` (a card this seat may not see) → ``"a hidden card"``."""
    return i18n.text("card.hidden", lang) if code is None else str(Card.parse(code))


def render(fields: Mapping[str, Any], names: Names | None = None) -> dict[str, Any]:
    """The fields as a sentence writes them, in the language of ``names`` (see the module
    docstring)."""
    names = names or Names([], None)
    lang = names.lang
    out: dict[str, Any] = {}
    for key, value in fields.items():
        if key in CARD_FIELDS and (value is None or isinstance(value, str)):
            out[key] = card_text(value, lang)
        elif key in CARDS_FIELDS and isinstance(value, (list, tuple)):
            out[key] = joined([card_text(code, lang) for code in value], lang)
        elif key in ROW_FIELDS and type(value) is int:
            out[key] = value + 1
        elif key in SEAT_FIELDS and type(value) is int:
            out[key] = names.object(value)
            out[f"{key}_subject"] = names.subject(value)
            out[f"{key}_s"] = names.possessive(value)
            out[f"{key}_you"] = value == names.you
        elif key in SEATS_FIELDS and isinstance(value, (list, tuple)):
            out[key] = joined([names.object(s) for s in value], lang)
        elif isinstance(value, Message):  # a reason within a reason: a corrupted save's move
            out[key] = say(value, names)
        else:
            out[key] = value
    return out


def say(note: Message, names: Names | None = None, lang: str | None = None) -> str:
    """``note`` in words for the seat ``names.you``, in ``lang`` (by default the language of
    ``names``, else English; see the module docstring)."""
    lang = lang or (names.lang if names else "en")
    if names is None or names.lang != lang:
        names = Names(names.names if names else [], names.you if names else None, lang)

    def write(id: str, fields: Mapping[str, Any]) -> str:
        for language in (lang, "en"):
            if id in i18n.catalog(language):
                return i18n.fill(i18n.catalog(language)[id], fields, language)
            template = CATALOGS.get(language, {}).get(id)
            if template is not None:
                return template(fields) if callable(template) else template.format(**fields)
        raise KeyError(id)

    fields = render(note.fields, names)
    if note.id in WORDS:
        fields.update(WORDS[note.id](fields, lang))
    text = write(note.id, fields)
    if note.rules:
        cite = write("cite.rules" if len(note.rules) > 1 else "cite.rule",
                     {"rules": ", ".join(note.rules)})  # fmt: skip
        if note.house:
            cite = write("cite.house", {"house": ", ".join(note.house), "cite": cite})
        text += f" ({cite})"
    return text if text.endswith((".", "?", "!", "…")) else text + "."
