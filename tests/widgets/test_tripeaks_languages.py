"""A Tri-Peaks table in Dutch and in Catalan (issue 31): after a whole game played through the
comm path as the page sends it — refusals, a stale click, the hint, undo and redo, the end
screen, the verdict, the review, the settings, a switch of language — no synced string holds
an English sentence; the page's reported language is followed once, and only when Python chose
none; an unknown language plays in English with a one-line note."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from cardtable import TriPeaksWidget, i18n

from .threads import in_own_thread

ENGLISH = re.compile(
    r"\b(the|The|card|cards|You|you|Deal|deal|Score|score|Hint|Undo|Redo|stock|waste|played|"
    r"drawn|Round|Run|run|peak|peaks|move|moves|game|Settings|Review|review|Step|with|from|"
    r"could|rule|rules|standard|multiplier|Final|won|lost|left|still|face|down|best|points?|"
    r"draw)\b"
)
"""Common English words of the table's sentences (Dutch "is", "of" and Catalan "no" are words
of those languages too, so they are not here)."""
DATA = {"view", "geometry", "hint", "lang", "layout", "tabbable", "tooltip", "version"}
"""Synced traits that hold data, not sentences (cards, positions, events' types)."""
DATA_FIELDS = {"played", "better", "name", "value", "type", "reason", "scoring", "card", "waste"}
"""Fields of a sentence trait that hold data: a move ("draw"), a setting's name and value."""


def strings(value: Any, field: str = "") -> Iterator[str]:
    """Every string a synced value holds, data fields and dict keys left out."""
    if isinstance(value, str):
        if field not in DATA_FIELDS:
            yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from strings(item, key)
    elif isinstance(value, (list, tuple)):
        for index, item in enumerate(value):
            # a settings' choice is [value, label]: its value is data
            if not (field == "choices" and index == 0):
                yield from strings(item, "value" if field == "choices" else field)


def shown(widget: TriPeaksWidget) -> list[str]:
    state = widget.get_state()
    found = []
    for name, value in state.items():
        if name.startswith("_") or name in DATA:
            continue
        found += list(strings(value, name))
    return found


def english(texts: list[str]) -> list[str]:
    # the code that deals the game again is Python, the same in every language; a {field} is
    # filled by the page
    code = re.compile(r"TriPeaksWidget\([^)]*\)|\{\w+\}")
    return sorted({t for t in texts if ENGLISH.search(code.sub("", t))})


def send(widget: TriPeaksWidget, content: dict[str, Any]) -> None:
    """An intent as the page sends it, through the comm's message handler."""
    message = {"content": {"data": {"method": "custom", "content": content}}, "buffers": []}
    widget._handle_msg(message)


def play_through(lang: str) -> tuple[TriPeaksWidget, list[str]]:
    """A whole game at a table in ``lang``, every step's synced strings collected."""
    widget = TriPeaksWidget(seed=6, lang=lang)
    seen = shown(widget)

    def act(action: str, **fields: Any) -> None:
        send(widget, {"action": action, **fields, "version": widget.version})
        seen.extend(shown(widget))

    send(widget, {"action": "page_lang", "langs": ["en-US"]})  # Python chose: not followed
    assert widget.lang == lang
    face_down = next(p for p in range(28) if not widget.view["tableau"][p]["face_up"])
    act("play", position=face_down)  # refused: what covers it (rule T1)
    assert widget.message["kind"] == "error"
    act("play", position=99)  # refused: no such position
    act("undo")  # refused: nothing to undo
    act("redo")
    act("hint")
    send(widget, {"action": "draw", "version": widget.version - 1})  # a stale click
    seen.extend(shown(widget))
    act("new", scoring="vegas")  # a setting not offered
    moves = 0
    while not widget.view["over"]:
        legal = widget.view["legal"]
        move = next((p for p in legal if p != "draw"), "draw")
        act("draw") if move == "draw" else act("play", position=move)
        moves += 1
        if moves == 3:
            act("undo")
            act("redo")
    act("hint")  # refused: the game is over
    act("analyse")
    act("undo")  # refused: undo is closed
    act("review")
    act("download")
    assert widget.ending and widget.analysis and widget.review.get("steps")
    return widget, seen


@pytest.mark.parametrize("lang", ["nl", "ca"])
def test_a_whole_game_in_dutch_or_catalan_shows_no_english_sentence(lang: str) -> None:
    widget, seen = in_own_thread(lambda: play_through(lang), timeout=300)
    assert english(seen) == []
    help_rules = [rule for rule, _ in widget.notes["help"]]
    assert help_rules[1:] == [f"T{n}" for n in range(1, 11)]
    cite = i18n.text("cite.rule", lang, rules="T1")
    assert any(f"({cite})" in text for text in seen)  # a refusal with its rule tag


def test_the_scan_finds_english_on_an_english_table() -> None:
    _widget, seen = in_own_thread(lambda: play_through("en"), timeout=300)
    assert len(english(seen)) > 20


def test_a_table_switches_language_live() -> None:
    def body() -> tuple[list[str], list[str]]:
        widget, _ = play_through("nl")
        widget.lang = "ca"
        after = shown(widget)
        return after, [widget.notes["words"]["help"], widget.review["text"]]

    after, words = in_own_thread(body, timeout=300)
    assert english(after) == []
    assert words[0] == "Com es juga"
    dutch = {i18n.text("tripeaks.page.score", "nl"), i18n.text("tripeaks.help.T5", "nl")}
    assert not dutch & set(after)


def test_the_page_language_is_followed_once_and_only_without_lang() -> None:
    widget = TriPeaksWidget(seed=6)
    assert widget.lang == "en"
    send(widget, {"action": "page_lang", "langs": ["fr-FR", "nl-BE", "ca"]})
    assert widget.lang == "nl" and widget.notes["help"][5][1].startswith("Een reeks")
    send(widget, {"action": "page_lang", "langs": ["ca-ES"]})  # once: the table keeps Dutch
    assert widget.lang == "nl"
    chosen = TriPeaksWidget(seed=6, lang="ca")
    send(chosen, {"action": "page_lang", "langs": ["nl-NL"]})
    assert chosen.lang == "ca"
    for hostile in ({"action": "page_lang", "langs": "nl"}, {"action": "page_lang", "langs": [7]}):
        other = TriPeaksWidget(seed=6)
        send(other, hostile)
        assert other.lang == "en" and other.message.get("kind") != "error"


def test_an_unknown_language_plays_in_english_with_a_note() -> None:
    widget = TriPeaksWidget(seed=6, lang="fr")
    assert widget.lang == "en"
    assert "“fr”" in widget.message["text"] and widget.message["text"].count(".") <= 2
    assert widget.notes["words"]["help"] == "How to play"


def test_a_corrupted_save_is_refused_in_the_tables_language() -> None:
    from cardtable import IllegalMove
    from cardtable.tripeaks import TriPeaks

    game = TriPeaks(seed=6)
    game.draw()
    broken = game.to_json().replace('"moves": ["draw"]', '"moves": [99]')
    with pytest.raises(IllegalMove) as refused:
        TriPeaks.from_json(broken)
    said = {lang: refused.value.told(lang=lang) for lang in i18n.LANGS}
    assert said["en"].startswith("This save is corrupted: move 1 (99) is illegal.")
    assert said["nl"].startswith("Dit bewaarde spel is beschadigd: zet 1 (99) mag niet.")
    assert "Positie 99 bestaat niet" in said["nl"] and "(regel T1)" in said["nl"]
    assert said["ca"].startswith("Aquesta partida desada està malmesa: la jugada 1 (99)")
    assert english([said["nl"], said["ca"]]) == []
