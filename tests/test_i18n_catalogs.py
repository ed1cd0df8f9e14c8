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


@pytest.mark.parametrize("lang", ["nl", "ca"])
def test_every_key_is_in_every_catalog(lang: str) -> None:
    english, other = set(i18n.catalog("en")), set(i18n.catalog(lang))
    assert sorted(english - other) == [] and sorted(other - english) == []


@pytest.mark.parametrize("lang", ["nl", "ca"])
def test_every_translation_uses_the_english_entrys_placeholders_and_no_other(lang: str) -> None:
    wrong = {
        key: (fields(entry), fields(i18n.catalog(lang)[key]))
        for key, entry in i18n.catalog("en").items()
        if fields(entry) != fields(i18n.catalog(lang)[key])
    }
    assert wrong == {}


def shape(entry: Any) -> Any:
    """An entry's structure, its words left out: what every language must share."""
    if isinstance(entry, str):
        return "text"
    if "select" in entry:  # a choice: the branches may differ only where a language needs one
        return ("select", entry["select"])
    if "other" in entry:
        return ("plural", entry.get("plural", "count"))
    return ("table", sorted(entry))  # ranks, suits: a table of words


@pytest.mark.parametrize("lang", i18n.LANGS)
def test_plurals_and_choices_are_well_formed(lang: str) -> None:
    for key, entry in i18n.catalog(lang).items():
        assert shape(entry) == shape(i18n.catalog("en")[key]), key
        stack = [entry]
        while stack:
            node = stack.pop()
            if isinstance(node, str):
                continue
            assert isinstance(node, dict), key
            if "select" in node:
                assert "other" in node and isinstance(node["select"], str), key
            elif "other" in node:
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
