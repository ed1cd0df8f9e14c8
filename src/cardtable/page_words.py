"""The words a table's page writes itself, shared by both tables: the cards' names as a screen
reader hears them, the rule tags, the help button, the exercise bar's and the review's labels.
They are the catalogs' ``page.*`` entries (:mod:`cardtable.i18n`); each game adds its own
(``tripeaks.page.*``, ``stoeptegel``'s ``WORDS``). A table sends them in its language, in its
``notes`` (``notes["words"]``, keyed without the prefix), and ``js/words.js`` fills their
``{fields}``: a plural's form is picked by the page (``Intl.PluralRules``).

>>> SHARED["spoken"].format(rank="10", suit="hearts"), SHARED["rule_tag"]["other"]
('10 of hearts', 'rules {rules}')
>>> words({}, "nl")["spoken"].format(rank="boer", suit="schoppen")
'schoppen boer'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from . import i18n


def entries(prefix: str, lang: str = "en") -> dict[str, Any]:
    """Every catalog entry whose key starts with ``prefix``, keyed by the rest of its key, in
    ``lang`` (English where it lacks one)."""
    keys = [key for key in i18n.catalog("en") if key.startswith(prefix)]
    return {key[len(prefix) :]: i18n.entry(key, lang) for key in keys}


SHARED: dict[str, Any] = entries("page.")
"""Words of both tables, in English (see the module docstring)."""


def words(game: Mapping[str, Any], lang: str = "en") -> dict[str, Any]:
    """A table's words in ``lang``: the shared ones and its game's (``game``, in ``lang``)."""
    return {**entries("page.", lang), **game}
