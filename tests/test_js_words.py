"""No sentence in js/ beyond button labels (issue 27 §2): every word a person reads on a table
comes from Python (the notes' ``words``, the view's ``texts``); the page holds button labels,
the games' names and the card faces' own marks, nothing else.

The scan reads every string literal of js/**/*.js (a template's text between its ``${…}``)
and every CSS ``content:``; a piece with a word of three letters is a sentence unless it is a
DOM or CSS token (a class, an event, an attribute, a selector, a style) or on the allow-list.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from cardtable import i18n
from cardtable.messages import CATALOGS  # noqa: F401  (the catalogs load: the words are Python's)
from cardtable.page_words import SHARED, entries
from cardtable.stoeptegel.texts import NOTES
from cardtable.tripeaks.texts import WORDS as TRIPEAKS_WORDS

JS = Path(__file__).resolve().parents[1] / "js"
BUTTON_LABELS = {"New game", "Set aside as stoeptegel", "Pass"}
"""Labels still written in js/stoeptegel.js (the Tri-Peaks table's, the exercise bar's, the
review's and the settings' come from the catalogs, issue 31)."""
NAMES = {"Stoeptegel", "Tri-Peaks", "JOKER", "JQK", "last peak", "Home", "End", "Escape"}
"""The games' names, the joker's face (a card's print, like its rank letters) and an event's
data (a bonus's ``reason``), the keys a handler reads (``event.key``)."""
LITERAL = re.compile(r'"((?:[^"\\\n]|\\.)*)"|\'((?:[^\'\\\n]|\\.)*)\'|`((?:[^`\\]|\\.)*)`')
TOKEN = re.compile(
    r"^[a-z][a-zA-Z0-9_:.-]*$"  # a class, an event, an attribute, a key, a word's key
    r"|^--[a-z-]+:?$|;(--)?[a-z-]+:$|^:scope|\(|\[data-|^\.|ct-|__|https?://|px\b"  # CSS, DOM
    r"|^\{[a-z_]+\}$|^-[a-z]+$|^application/"  # a field of Python's sentence, an id, a type
)


def pieces(text: str) -> list[str]:
    """The literal text a JS source holds, its comments left out."""
    found = []
    for line in text.splitlines():
        if line.strip().startswith(("//", "*", "/*", "import ")):
            continue
        for match in LITERAL.finditer(line):
            literal = next(group for group in match.groups() if group is not None)
            found += [part.strip() for part in re.split(r"\$\{[^}]*\}", literal)]
    return found


def sentences(text: str) -> list[str]:
    return [
        piece
        for piece in pieces(text)
        if re.search(r"[A-Za-z]{3,}", piece)
        and not TOKEN.search(piece)
        and piece not in BUTTON_LABELS | NAMES
    ]


def test_the_scan_finds_a_sentence_and_lets_a_token_through():
    source = 'h("span", { class: "ct-x" }, `${n} cards left`); el.title = "How to play";\n'
    assert sentences(source) == ["cards left", "How to play"]
    assert sentences('model.on("change:view", f); h("button", {}, "Pass");\n') == []


@pytest.mark.parametrize("path", sorted(JS.rglob("*.js")), ids=lambda p: str(p.relative_to(JS)))
def test_no_sentence_is_written_in_js(path: Path) -> None:
    assert sentences(path.read_text(encoding="utf-8")) == []


def test_no_css_content_is_a_word():
    for path in sorted(JS.rglob("*.css")):
        for value in re.findall(r"(?<![-\w])content:\s*([^;]+);", path.read_text(encoding="utf-8")):
            assert not re.search(r"[A-Za-z]{3,}", value.replace("attr(", "")) or value.startswith(
                ("attr(", "none")
            ), (path.name, value)


def test_the_js_tests_use_the_words_python_sends():
    sent = json.loads((JS.parent / "tests/js/words.json").read_text(encoding="utf-8"))
    assert sent == {lang: entries("page.", lang) for lang in i18n.LANGS}
    assert sent["en"] == SHARED


def test_every_word_the_page_asks_for_is_sent():
    used = set()
    for path in JS.rglob("*.js"):
        text = path.read_text(encoding="utf-8")
        used |= set(re.findall(r'\bsay\(\s*"([a-z_]+)"', text))
        used |= set(re.findall(r'\blookUp\(\s*"([a-z_]+)"', text))
        for pair in re.findall(r'say\([^()]*\?\s*"([a-z_]+)"\s*:\s*"([a-z_]+)"', text):
            used |= set(pair)
    sent = set(SHARED) | set(NOTES["words"]) | set(TRIPEAKS_WORDS)
    assert len(used) > 60
    assert sorted(used - sent) == []
