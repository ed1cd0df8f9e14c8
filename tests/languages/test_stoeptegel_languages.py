"""Issue 31 for the Stoeptegel table: a whole game in Dutch or Catalan, played as the page
plays it (intents through the widget's comm, ``_handle_msg``), shows no English sentence in
anything it syncs — prompts, refusals, the log, the reveal, the end screen, the help, the
settings — and ``table.lang = "ca"`` writes it all again; the catalogs' Stoeptegel and
served entries exist in every language and use every field the English one fills."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from cardtable import StoeptegelWidget
from cardtable.i18n import LANGS, catalog
from cardtable.messages import SEAT_FIELDS

from ..widgets.test_untrusted_browser import custom, frames
from .english import english, english_in

MINE = ("stoeptegel.", "served.")
SEATS = SEAT_FIELDS | {"dealer"}


# ------------------------------------------------------------------ the catalogs
def placeholders(entry: Any) -> set[str]:
    """The fields an entry fills, in any of its branches; a seat's forms (``seat``,
    ``seat_subject``, ``seat_s``) count as one: each language names a seat as its grammar
    wants."""
    if isinstance(entry, str):
        return {re.sub(r"_(subject|s)$", "", name) for name in re.findall(r"\{(\w+)\}", entry)}
    branches = [v for k, v in entry.items() if k not in ("select", "plural")]
    return set().union(*(placeholders(branch) for branch in branches))


def forms(entry: Any) -> set[str]:
    """A table of words' keys (``breakdown``), a plural's or choice's branches left out."""
    if isinstance(entry, dict) and "other" not in entry:
        return set(entry)
    return set()


@pytest.mark.parametrize("lang", [lang for lang in LANGS if lang != "en"])
def test_every_stoeptegel_and_served_entry_is_translated_with_its_fields(lang: str) -> None:
    english_entries = {k: v for k, v in catalog("en").items() if k.startswith(MINE)}
    translated = catalog(lang)
    assert len(english_entries) > 200
    assert sorted(set(english_entries) - set(translated)) == []
    for key, entry in english_entries.items():
        theirs, ours = placeholders(translated[key]), placeholders(entry)
        # A language may leave a seat unnamed where its verb says who ("Has passat": you).
        assert theirs <= ours and ours - theirs <= SEATS, (lang, key, ours ^ theirs)
        assert forms(translated[key]) == forms(entry), (lang, key)
        if isinstance(entry, str) and entry.strip():
            assert translated[key] != entry or not english(re.sub(r"\{\w+\}", "", entry)), key


def test_the_catalog_files_keep_their_keys_sorted() -> None:
    from importlib import resources

    for lang in LANGS:
        text = resources.files("cardtable.i18n").joinpath(f"{lang}.json").read_text("utf-8")
        keys = list(json.loads(text))
        assert keys == sorted(keys), lang


# ------------------------------------------------------------------ a game through the comm
def synced(sent: list[dict[str, Any]]) -> list[Any]:
    """The synced states of the widget's frames."""
    return [frame["state"] for frame in sent if frame.get("method") == "update"]


def play_game(table: StoeptegelWidget, sent: list[dict[str, Any]]) -> dict[str, int]:
    """Play the human seat to the game's end as the page does: each round a refused play and
    a refused pass, a few passes, the log asked for again, the first round reviewed; returns
    what happened."""
    seen = {"refused": 0, "reveals": 0, "rounds": 0, "passes": 0}
    for _ in range(2000):
        view = table.view
        if view["phase"] == "over":
            break
        version = table.version
        if view["phase"] == "choose":
            if not view["chosen"]:
                custom(table, {"action": "pass", "version": version})  # not yet: refused (B3)
                seen["refused"] += table.message.get("kind") == "error"
                custom(table, {"action": "choose", "card": view["hand"][0], "version": version})
                seen["rounds"] += 1
            continue
        assert view["to_move"] == view["seat"], "the bots move at once (think=None)"
        seen["reveals"] += view["reveal"] is not None
        if view["reveal"] is not None and not seen.get("reviewed"):  # the round's review
            custom(table, {"action": "review"})
            assert table.review.get("steps"), table.review
            seen["reviewed"] = 1
        wrong = [(c, r) for c, reasons in table.reasons.items()
                 for r, why in enumerate(reasons) if why is not None]  # fmt: skip
        if wrong and seen["refused"] < 2 * seen["rounds"]:
            card, row = wrong[0]
            custom(table, {"action": "play", "card": card, "row": row, "version": version})
            assert table.message["kind"] == "error", table.message
            seen["refused"] += 1
            custom(table, {"action": "log"})  # a fresh page asks for the round's log
            continue
        legal = view["legal"]
        if legal and len(view["events"]) % 3:
            card, row = legal[0]
            custom(table, {"action": "play", "card": card, "row": row, "version": version})
        else:
            custom(table, {"action": "pass", "version": version})
            seen["passes"] += 1
    assert table.view["phase"] == "over"
    return seen


@pytest.mark.parametrize("lang", ["nl", "ca"])
def test_a_whole_game_in_dutch_or_catalan_shows_no_english(lang: str) -> None:
    table = StoeptegelWidget(players=3, seed=11, lang=lang, think=None, target=10)
    with frames(table) as sent:
        seen = play_game(table, sent)
        custom(table, {"action": "log"})
    assert seen["rounds"] >= 2 and seen["refused"] >= 2 and seen["passes"] >= 1, seen
    states = [*synced(sent), table.get_state()]
    texts = json.dumps(states, ensure_ascii=False)
    for part in ("round_over", "winner", "headline", "help", "settings", "house", "steps"):
        assert part in texts, part  # the reveal, the end, the help, the settings were synced
    assert english_in(states) == []


def test_the_scan_finds_the_english_of_an_english_game() -> None:
    """The scan can fail: an English table's frames are full of English."""
    table = StoeptegelWidget(players=3, seed=11, think=None, target=10)
    with frames(table) as sent:
        play_game(table, sent)
    found = english_in(synced(sent))
    keys = {key for key, _ in found}
    assert {"text", "idle", "for", "title", "headline"} <= keys, keys


def test_the_language_switches_live_and_writes_everything_again() -> None:
    table = StoeptegelWidget(players=3, seed=4, think=None, target=10)
    with frames(table) as sent:
        custom(table, {"action": "choose", "card": table.view["hand"][0], "version": table.version})
        custom(table, {"action": "pass", "version": table.version})
        before, screen = table.get_state(), table.session.screen()
        assert english_in([before])  # English until now
        table.lang = "ca"
    after = table.get_state()
    assert english_in([after]) == []
    assert english_in(synced(sent)[-1:]) == []  # the switch's own frame carries it all
    log = after["view"]["events"]
    assert log and after["view"]["events_from"] == after["view"]["log_from"]  # the whole log
    assert any("Has passat" in line["text"] for line in log), [e["text"] for e in log]
    # Only the words changed: the same fields, the same cards.
    assert shape(screen) == shape(table.session.screen())


def test_a_table_without_lang_follows_the_page_and_one_with_lang_does_not() -> None:
    follows = StoeptegelWidget(players=2, seed=1, think=None)
    custom(follows, {"action": "page_lang", "langs": ["fr-FR", "nl-NL"]})
    assert follows.lang == "nl" and "Kies je stoeptegel" in follows.view["texts"]["prompt"]["idle"]
    chosen = StoeptegelWidget(players=2, seed=1, think=None, lang="ca")
    custom(chosen, {"action": "page_lang", "langs": ["nl-NL"]})
    assert chosen.lang == "ca" and chosen.notes["help"][0][1].startswith("Guanya")


def shape(value: Any) -> Any:
    """``value`` with every string but a card's code blanked: what crosses, without words."""
    if isinstance(value, dict):
        return {k: shape(v) for k, v in value.items()}
    if isinstance(value, list):
        return [shape(v) for v in value]
    if isinstance(value, str):
        return value if re.fullmatch(r"[2-9TJQKA][SHDC]|JK", value) else ""
    return value


def test_the_rules_document_carries_the_help_lines_in_every_language() -> None:
    """docs/rules/stoeptegel-help.md: every line of the help panel, in each language."""
    from pathlib import Path

    from cardtable.stoeptegel.texts import help_lines

    path = Path(__file__).resolve().parents[2] / "docs/rules/stoeptegel-help.md"
    doc = path.read_text("utf-8")
    for lang in LANGS:
        for rule, line in help_lines(lang):
            assert f"- **{rule}**: {line}\n" in doc, (lang, rule)


HOSTILE = [
    {"action": "choose", "card": "ZZ"},
    {"action": "choose", "card": "x" * 5000},
    {"action": "choose", "card": 12},
    {"action": "choose", "card": ["TH"] * 1000},
    {"action": "play", "card": "TH", "row": "x"},
    {"action": "nope"},
    {"action": "new", "target": "x"},
    "garbage",
    {"action": "pass", "version": -1},
    {"action": "pass", "cheat": 1},
    {"action": "play", "card": "TH", "row": 0, "cheat": 1},
]


@pytest.mark.parametrize("lang", ["nl", "ca"])
def test_a_refusal_of_any_message_speaks_the_table_language(lang: str) -> None:
    """What a hostile page sends is refused in the table's language, word for word (a card
    that is none once came back with English inside, a field's type as "str"), quoted short."""
    table = StoeptegelWidget(players=3, seed=11, lang=lang, think=None)
    for content in HOSTILE:
        custom(table, content)
        said = table.message["text"]
        # What the page sent and the wire's names are quoted ('choose'); an apostrophe inside
        # a word (L'acció, s'ha) opens no quote.
        words = re.sub(r"(?<!\w)'[^']*'", "", said)
        assert table.message["kind"] == "error" and not english(words), (content, said)
        assert not re.search(r"\b(str|int|and)\b", words), (content, said)  # no Python's words
        assert len(said) < 300, said
