"""The catalogs of every language (issue 31): the same keys in each, the same placeholders as
the English entry in each translation, plurals and choices well formed, the files sorted (so
that two branches' additions merge line by line), and Python's plural rule the page's."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from collections.abc import Iterator
from importlib import resources
from typing import Any

import pytest

from cardtable import i18n
from cardtable.messages import SEAT_FIELDS

FIELD = re.compile(r"\{(\w+)\}")


def templates(entry: Any) -> Iterator[str]:
    """Every template of an entry: itself, or every branch of a plural, a choice or a table."""
    if isinstance(entry, str):
        yield entry
    else:
        for key, branch in entry.items():
            if key not in ("plural", "select"):
                yield from templates(branch)


def fields(entry: Any) -> set[str]:
    return {name for template in templates(entry) for name in FIELD.findall(template)}


FORMS = ("_subject", "_s", "_you")
"""A seat's grammatical forms beside its name (``seat_subject``, ``seat_s``, ``seat_you``)."""


def base(name: str) -> str:
    """The field a placeholder writes: ``seat_s``, ``seat_subject`` and ``seat`` are one seat
    in three grammatical forms, any of which a language may need."""
    for suffix in FORMS:
        if name.endswith(suffix) and len(name) > len(suffix):
            return name[: -len(suffix)]
    return name


def needed(entry: Any) -> set[str]:
    """The fields a translation must write: all but the seats, which a language may say by the
    verb's person alone (Catalan "Has apartat…" is "You set aside…")."""
    names = fields(entry) | set(choices(entry))
    seats = {base(name) for name in names if name.endswith(FORMS)} | SEAT_FIELDS
    return {base(name) for name in fields(entry)} - seats


@pytest.mark.parametrize("lang", ["nl", "ca"])
def test_every_translation_uses_the_english_entrys_placeholders_and_no_other(lang: str) -> None:
    wrong = {}
    for key, entry in i18n.catalog("en").items():
        translated = i18n.catalog(lang)[key]
        unknown = {base(name) for name in fields(translated)} - {base(n) for n in fields(entry)}
        missing = needed(entry) - {base(name) for name in fields(translated)}
        if unknown or missing:
            wrong[key] = {"unknown": unknown, "missing": missing}
    assert wrong == {}


def choices(entry: Any) -> Iterator[str]:
    """The fields an entry's plurals and choices turn on, all through its branches."""
    if isinstance(entry, dict):
        if "select" in entry or "other" in entry:
            yield entry.get("select") or entry.get("plural", "count")
        for key, branch in entry.items():
            if key not in ("plural", "select"):
                yield from choices(branch)


def is_table(entry: Any) -> bool:
    """Ranks, suits: a table of words, not a sentence."""
    return isinstance(entry, dict) and "other" not in entry


@pytest.mark.parametrize("lang", i18n.LANGS)
def test_plurals_and_choices_are_well_formed(lang: str) -> None:
    """A language may add a plural or a choice where its grammar needs one (Dutch "jij hebt" /
    "Anna heeft"), but only over fields the sentence has; a table of words stays one, with the
    same entries."""
    for key, entry in i18n.catalog(lang).items():
        english = i18n.catalog("en")[key]
        assert is_table(entry) == is_table(english), key
        if is_table(entry):
            assert sorted(entry) == sorted(english), key
            continue
        has = {base(name) for name in [*fields(english), *choices(english)]}
        assert {base(name) for name in choices(entry)} <= has | {"count"}, key
        stack = [entry]
        while stack:
            node = stack.pop()
            if isinstance(node, str):
                continue
            assert isinstance(node, dict), key
            if "select" in node:
                assert "other" in node and isinstance(node["select"], str), key
            else:
                assert "other" in node, key
                assert set(node) <= {"plural", "zero", "one", "two", "few", "many", "other"}, key
            stack += [branch for name, branch in node.items() if name not in ("plural", "select")]


@pytest.mark.parametrize("lang", i18n.LANGS)
def test_each_catalog_is_written_sorted_as_the_merge_needs(lang: str) -> None:
    text = resources.files(i18n).joinpath(f"{lang}.json").read_text(encoding="utf-8")
    written = json.dumps(json.loads(text), ensure_ascii=False, indent=1, sort_keys=True) + "\n"
    assert text == written


COUNTS = (0, 1, 2, 5, 21, 100, 1000000)


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_pythons_plural_rule_is_the_pages() -> None:
    script = (
        f"const langs = {json.dumps(list(i18n.LANGS))}; const counts = {json.dumps(COUNTS)};"
        "console.log(JSON.stringify(Object.fromEntries(langs.map((lang) => [lang,"
        " counts.map((n) => new Intl.PluralRules(lang).select(n))]))));"
    )
    done = subprocess.run(["node", "-e", script], capture_output=True, text=True, timeout=60)
    page = json.loads(done.stdout)
    assert page == {lang: [i18n.plural(lang, n) for n in COUNTS] for lang in i18n.LANGS}


@pytest.mark.parametrize("lang", ["nl", "ca"])
def test_every_key_is_in_every_catalog(lang: str) -> None:
    english, other = set(i18n.catalog("en")), set(i18n.catalog(lang))
    assert sorted(english - other) == [] and sorted(other - english) == []


CARD_FIELDS = {"card", "stoeptegel", "gave", "asked", "top", "played", "covering", "laid", "turned"}
"""Placeholders that write a card (``A♠``, ``J♥``, ``8♦``)."""


def test_no_catalan_article_stands_before_a_card() -> None:
    # Catalan's article depends on the card's spoken name: "l'A♠" (l'as), "el 8♦" (el vuit),
    # and the elision is not written by the placeholder; a sentence names a card bare, or after
    # "la carta", as the Catalan catalog does.
    article = re.compile(r"\b(?:el|la|l'|del|al|pel)\s*\{(\w+)\}", re.IGNORECASE)
    wrong = [
        f"{key}: {template}"
        for key, entry in i18n.catalog("ca").items()
        for template in templates(entry)
        if any(name in CARD_FIELDS for name in article.findall(template))
    ]
    assert wrong == []


def test_the_rules_summaries_in_every_language_are_the_help_panels() -> None:
    from pathlib import Path

    from cardtable.tripeaks.texts import help_lines

    text = (Path(__file__).resolve().parents[1] / "docs/rules/tripeaks.help.md").read_text("utf-8")
    for lang in i18n.LANGS:
        lines = help_lines(lang)
        assert [rule for rule, _ in lines][1:] == [f"T{n}" for n in range(1, 11)]
        for rule, summary in lines:
            assert f"- **{rule}** {summary}\n" in text, (lang, rule)
