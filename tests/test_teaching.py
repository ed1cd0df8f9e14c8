"""What a learner reads is true (issue 25 §1): rows 1–3 and players by name in every sentence,
every help line of the tables true to Part B, every quotation verbatim from the source texts
(cuts marked […]), no strategy tip the rules contradict, and the rules' Part C shipped."""

from __future__ import annotations

import itertools
import json
import re
from pathlib import Path

import pytest

from cardtable import IllegalMove
from cardtable.naming import Names, player
from cardtable.stoeptegel import Stoeptegel
from cardtable.stoeptegel.log import describe
from cardtable.stoeptegel.texts import HELP, ROW_NOTES
from cardtable.tripeaks.texts import HELP as TRIPEAKS_HELP

ROOT = Path(__file__).resolve().parents[1]
SOURCES = {
    "ca": (ROOT / "docs/rules/sources/tripeaks.ca.txt").read_text(encoding="utf-8"),
    "nl": (ROOT / "docs/rules/sources/stoeptegel.nl.txt").read_text(encoding="utf-8"),
}
SHARED = ROOT.parent / "shared"
TUTORIAL = ROOT / "notebooks/tutorial.ipynb"


def tutorial_text() -> str:
    cells = json.loads(TUTORIAL.read_text(encoding="utf-8"))["cells"]
    return "\n".join("".join(cell["source"]) for cell in cells)


def refusal(call) -> str:
    with pytest.raises(IllegalMove) as error:
        call()
    return str(error.value)


def started(players: int = 4) -> Stoeptegel:
    game = Stoeptegel(players=players, seed=1)
    for seat in range(players):
        game.choose(seat, game.hand(seat)[0])
    return game


# ------------------------------------------------------------------ rows 1–3, players by name
def test_a_row_out_of_range_is_named_in_the_rows_own_numbering():
    game = started()
    text = refusal(lambda: game.play(0, game.hand(0)[0], 3))
    assert text.startswith("There is no row 4: the rows are 1–3")
    assert "0, 1 and 2" not in text and "rule B2" in text


def test_refusals_name_players_from_one_never_seat_numbers():
    game = started()
    card = game.hand(1)[0]
    texts = [
        refusal(lambda: game.play(1, card, 0)),  # not their turn
        refusal(lambda: game.play(0, card, 0)),  # not in the hand
        refusal(lambda: game.play(7, card, 0)),  # no such seat
    ]
    assert texts[0] == "It is not Player 2's turn: Player 1 is to move (rule B23)."
    assert texts[1].endswith("is not in Player 1's hand (rule B23).")
    assert "Player 1 to Player 4" in texts[2]
    assert not any(re.search(r"\bseat \d", t, re.I) for t in texts)


def test_the_engines_events_are_records_and_the_log_names_players_from_one():
    """Events hold no sentence (issue 27 §2): the log writes them, players by name."""
    game = Stoeptegel.scenario(["9D", "9H 4C"], ["KC", "8D", "3H"], ["6D", "QH"], seed=5)
    game.play(0, "9D", 1)
    game.pass_turn(1)
    words = [v for e in game.events for v in e.values() if isinstance(v, str) and v.endswith(".")]
    assert words == [], words
    who = Names([player(s) for s in range(game.players)], None)
    sentences = [describe(event, who) for event in game.seat_events(0)]
    assert any("Player 1" in s for s in sentences)
    assert not any(re.search(r"\bseat \d", s, re.I) for s in sentences), sentences


# ------------------------------------------------------------------ the tables' rule lines
def help_line(rule: str) -> str:
    return dict(HELP)[rule]


def test_the_jack_line_says_never_on_a_turned_row():
    """B15: a jack is never laid on a turned row; the engine refuses it and the line says so."""
    game = Stoeptegel.scenario(["7H JS", "3C"], ["9H", "KS", "4D"], ["3D", "2C"])
    game.play(0, "7H", 0)
    game.pass_turn(1)
    assert game.explain(0, "JS", 0) is not None
    assert "never on a row a 7 turned around" in help_line("B15")


def test_the_round_end_line_waits_until_the_player_who_is_out_would_move_again():
    """B24(b): having no cards left does not end the round; being on turn again does."""
    game = Stoeptegel.scenario(["9D", "9H 4C", "3S"], ["KC", "8D", "3H"], ["6D", "QH", "2S"])
    game.play(0, "9D", 1)  # Player 1 is out, and the round goes on
    assert game.phase == "play" and game.round == 1
    assert "would be on turn again" in help_line("B24")
    assert "someone has no cards left" not in help_line("B24")


def test_the_turned_row_lines_name_the_cards_that_go_on_whatever_their_rank():
    """B12, B14, B16: a 5 or a 10 of the 7's suit and a joker go on a turned row whatever the
    rank; 'the next card must be lower' alone would teach otherwise."""
    game = Stoeptegel.scenario(["7H 6C", "TH 5H JK 6H"], ["9H", "KS", "4D"], ["3C", "2C"])
    game.play(0, "7H", 0)
    for card in ("TH", "5H", "JK"):
        assert game.explain(1, card, 0) is None, card
    assert game.explain(1, "6H", 0) is None  # lower: fine
    turned = ROW_NOTES["turned"]
    assert all(word in turned for word in ("5", "10", "joker", "ace", "7"))


def test_every_help_line_cites_a_rule_of_part_b():
    rules = (ROOT / "docs/rules/stoeptegel.md").read_text(encoding="utf-8")
    for rule, _ in HELP:
        assert rule == "Goal" or f"- {rule}." in rules, rule
    rules = (ROOT / "docs/rules/tripeaks.md").read_text(encoding="utf-8")
    for rule, _ in TRIPEAKS_HELP:
        assert rule == "Goal" or f"- {rule}." in rules, rule


# ------------------------------------------------------------------ the rules documents
def test_the_shipped_rules_carry_part_c():
    text = (ROOT / "docs/rules/stoeptegel.md").read_text(encoding="utf-8")
    assert "## Part C — house readings" in text
    for rule in ("B11", "B13", "B20", "B14", "B18", "B7", "B6", "B26", "B1"):
        assert f"| {rule} |" in text, rule


@pytest.mark.skipif(not SHARED.is_dir(), reason="the project's shared/ folder is not beside it")
def test_the_shipped_rules_and_sources_are_the_binding_ones():
    for name in ("tripeaks.md", "stoeptegel.md"):
        assert (ROOT / "docs/rules" / name).read_text() == (SHARED / "rules" / name).read_text()
    seeds = sorted((SHARED / "seeds").glob("0*.txt"))
    assert [p.read_text(encoding="utf-8") for p in seeds] == [SOURCES["ca"], SOURCES["nl"]]


# ------------------------------------------------------------------ the tutorial's quotations
def _squash(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def quotations(text: str) -> list[str]:
    """The source-language quotations: in ``> *…* — English`` blockquotes, the italic text
    before each dash (the English after it may have italics of its own)."""
    found = []
    for block in re.findall(r"(?:^>.*\n?)+", text, re.M):
        joined = _squash(re.sub(r"^> ?", "", block, flags=re.M))
        found += re.findall(r"(?:^|(?<=\s))\*([^*]+)\*(?= —|$)", joined)
    return found


def test_the_tutorial_quotes_the_sources_verbatim_with_every_cut_marked():
    sources = {lang: _squash(text) for lang, text in SOURCES.items()}
    found = quotations(tutorial_text())
    assert len(found) >= 25
    for quote in found:
        parts = [p.strip() for p in quote.split("[…]") if p.strip()]
        source = next((s for s in sources.values() if parts[0] in s), None)
        assert source is not None, f"not in either source text: {parts[0]!r}"
        at = 0
        for part in parts:
            where = source.find(part, at)
            assert where >= 0, f"{part!r} is not verbatim (or not in order) in the source"
            if part is not parts[0]:
                assert where > at, f"a cut before {part!r} must be marked […]"
            at = where + len(part)
        for first, second in itertools.pairwise(parts):
            gap = source[source.find(first) + len(first) : source.find(second)]
            assert gap.strip(), f"'[…]' marks no cut between {first!r} and {second!r}"
        start, end = source.find(parts[0]), source.find(parts[-1]) + len(parts[-1])
        if not quote.lstrip().startswith("[…]"):
            assert _sentence_starts(source, start), f"an unmarked cut before {parts[0]!r}"
        if not quote.rstrip().endswith("[…]"):
            assert _sentence_ends(source, end), f"an unmarked cut after {parts[-1]!r}"


def _sentence_starts(source: str, at: int) -> bool:
    before = source[:at].rstrip()
    return not before or before[-1] in ".!?:•" or before.endswith("Opzet")


def _sentence_ends(source: str, at: int) -> bool:
    return at == len(source) or source[at - 1] in ".!?" or source[at:].lstrip()[:1] in ("•", "")


def test_the_tutorial_teaches_no_tip_the_rules_contradict():
    text = tutorial_text()
    wrong = {
        "a 10 never changes a row's suit (B14)": r"sweep it with a 10",
        "a peak top covers nothing (T1)": r"peaks cleared early",
        "the rows are 1–3 (B2)": r"rows are 0, 1 and 2",
        "a draw costs 5 (T6)": r"for 5 points",
    }
    for why, pattern in wrong.items():
        assert not re.search(pattern, text, re.I), why


def test_every_exercise_is_introduced_with_the_cards_its_table_shows():
    """An exercise's one-line introduction names no card its position does not have."""
    from cardtable.lessons import TASKS

    cells = json.loads(TUTORIAL.read_text(encoding="utf-8"))["cells"]
    card = re.compile(r"(?:10|[2-9AJQK])[♠♥♦♣]")
    checked = 0
    for before, cell in itertools.pairwise(cells):
        found = re.search(r'course\.exercise\("([a-z0-9-]+)"\)', "".join(cell["source"]))
        intro = "".join(before["source"])
        if not found or not intro.startswith("**Exercise.**"):
            continue
        task = TASKS[found.group(1)]
        named = set(card.findall(intro))
        assert named <= set(card.findall(task.goal + task.title)), (task.id, named)
        checked += 1
    assert checked >= 20
