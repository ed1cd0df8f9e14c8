"""The players' languages: one JSON catalog per language (``en.json``, ``nl.json``,
``ca.json`` beside this module), read by Python and, through the view, by the page.

Why JSON and not gettext: Python's :mod:`gettext` reads only compiled ``.mo`` files (a build
step with ``msgfmt``) and writes plurals as C expressions, while the page needs the same words:
JSON is read by the standard library and by the browser alike, with no dependency. A catalog
maps a key (``"tripeaks.played"``) to an *entry*:

- a string, a :meth:`str.format` template over named fields: ``"{card} does not go on {top}"``;
- a plural, ``{"plural": "count", "one": "…", "other": "…"}``: the form the language's plural
  rule picks for the field named by ``"plural"`` (``count`` when the key is left out);
- a choice, ``{"select": "seat_you", "true": "…", "other": "…"}``: the branch named by the
  field's value (``true``/``false`` for a flag), else ``"other"``.

A branch is itself an entry, so a choice may hold plurals. A language lacking a key falls back
to English, so a table never shows a key.

>>> fill("{card} covers it", {"card": "5♠"})
'5♠ covers it'
>>> cards = {"plural": "n", "one": "{n} kaart", "other": "{n} kaarten"}
>>> fill(cards, {"n": 1}, "nl"), fill(cards, {"n": 3}, "nl")
('1 kaart', '3 kaarten')
>>> fill({"select": "you", "true": "jouw beurt", "other": "de beurt van {name}"},
...      {"you": False, "name": "Anna"})
'de beurt van Anna'
>>> pick("nl-NL"), pick(["fr-FR", "ca-ES"]), pick("xx")
('nl', 'ca', 'en')
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from functools import cache
from importlib import resources
from typing import Any

LANGS = ("en", "nl", "ca")
"""The languages cardtable speaks; English is the fallback of every key."""

Entry = str | Mapping[str, Any]
"""A catalog's sentence: a template, a plural or a choice (see the module docstring)."""


def pick(asked: str | Sequence[str] | None) -> str:
    """The first language of ``asked`` that cardtable speaks (``"nl-NL"`` → ``"nl"``, a list in
    order of preference as a browser's ``navigator.languages``), else ``"en"``."""
    for tag in [asked] if isinstance(asked, str) or asked is None else asked:
        base = str(tag or "").strip().lower().replace("_", "-").split("-")[0]
        if base in LANGS:
            return base
    return "en"


def speaks(asked: str) -> bool:
    """Whether cardtable speaks ``asked`` (``"ca-ES"`` counts as ``"ca"``): a table asked for
    another language plays in English and says so in one line (``text("lang.unknown")``).

    >>> speaks("ca-ES"), speaks("EN"), speaks("fr")
    (True, True, False)
    """
    return str(asked).strip().lower().replace("_", "-").split("-")[0] in LANGS


def plural(lang: str, n: object) -> str:
    """The plural form of ``n`` in ``lang``, as CLDR (and the page's ``Intl.PluralRules``) says
    for a whole count of cards or points: English, Dutch and Catalan say "one" of exactly 1 and
    "other" of the rest, 0 included; Catalan says "many" of a million, two million…
    (*un milió de cartes*, CLDR 42). An entry without a "many" form uses "other".

    >>> [plural("ca", n) for n in (0, 1, 2, 1000000)], plural("nl", 1000000)
    (['other', 'one', 'other', 'many'], 'other')
    """
    if n == 1 and lang in LANGS:
        return "one"
    if lang == "ca" and type(n) is int and n != 0 and n % 1_000_000 == 0:
        return "many"
    return "other"


@cache
def catalog(lang: str) -> Mapping[str, Entry]:
    """The catalog of ``lang`` as read from its JSON file (English for an unknown language)."""
    name = f"{lang if lang in LANGS else 'en'}.json"
    text = resources.files(__package__).joinpath(name).read_text(encoding="utf-8")
    entries: dict[str, Entry] = json.loads(text)
    return entries


def entry(key: str, lang: str = "en") -> Entry:
    """The entry of ``key`` in ``lang``, else in English; :class:`KeyError` if neither has it."""
    found = catalog(lang).get(key)
    return found if found is not None else catalog("en")[key]


def fill(entry: Entry, fields: Mapping[str, Any], lang: str = "en") -> str:
    """``entry`` written with ``fields``: its plural form or branch chosen, then formatted."""
    while not isinstance(entry, str):
        if "select" in entry:
            value = fields.get(entry["select"])
            branch = str(value).lower() if isinstance(value, bool) else str(value)
            entry = entry.get(branch, entry["other"])
        else:
            count = fields.get(entry.get("plural", "count"))
            entry = entry.get(plural(lang, count), entry["other"])
    if lang == "ca":
        entry = _CATALAN_DE.sub(lambda m: _de(m, fields), entry)
    return entry.format(**fields)


# Catalan writes "de" as "d'" before a vowel or an h and a vowel ("d'Anna", "d'Hug", "d'1"),
# not before a semivowel i or u ("de Iolanda"). The catalog's own words are written so; where
# a template says "de {field}", the value filled in decides (js/words.js does the same).
_CATALAN_DE = re.compile(r"\b([Dd])e \{(\w+)\}")
_VOWEL_START = re.compile(
    r"(?:[Hh]?(?![IiUuÍÚíú][AEIOUaeiouÀÈÉÒÓàèéòó])[AEIOUaeiouÀÈÉÍÏÒÓÚÜàèéíïòóúü]|11?(?!\d))"
)


def _de(match: re.Match[str], fields: Mapping[str, Any]) -> str:
    """ "de {name}" as Catalan writes it for the name filled in.

    >>> [fill("de {name}", {"name": n}, "ca") for n in ("Anna", "Hug", "Bram", "Iolanda", "11")]
    ["d'Anna", "d'Hug", 'de Bram', 'de Iolanda', "d'11"]
    """
    d, name = match.groups()
    value = str(fields.get(name, ""))
    return f"{d}'{{{name}}}" if _VOWEL_START.match(value) else match.group(0)


def text(key: str, lang: str = "en", **fields: Any) -> str:
    """The sentence ``key`` in ``lang`` with ``fields``: ``text("cite.rule", rules="T4")``.

    >>> text("cite.rule", "nl", rules="B14"), text("cite.rules", "ca", rules="B9, B10")
    ('regel B14', 'regles B9, B10')
    """
    return fill(entry(key, lang), fields, lang)


def words(keys: Sequence[str], lang: str) -> dict[str, Entry]:
    """The entries of ``keys`` in ``lang`` (English where it lacks one): what a view carries for
    the page to write itself (its ``notes["words"]``)."""
    return {key: entry(key, lang) for key in keys}
