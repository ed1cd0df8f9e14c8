"""Refusals and events are data, written at the edge (issue 27 §2): an ``IllegalMove`` keeps its
message id, rules and fields; the catalog writes rows 1–3 and players by name."""

from __future__ import annotations

import pickle
import re
from pathlib import Path

import pytest

from cardtable import IllegalMove, i18n
from cardtable.naming import Names
from cardtable.stoeptegel import Stoeptegel
from cardtable.stoeptegel.session import TableSession
from cardtable.tripeaks import TriPeaks

SRC = Path(__file__).resolve().parents[1] / "src/cardtable"


def refused(call) -> IllegalMove:
    with pytest.raises(IllegalMove) as error:
        call()
    return error.value


def started() -> Stoeptegel:
    game = Stoeptegel(players=3, seed=1)
    for seat in range(3):
        game.choose(seat, game.hand(seat)[0])
    return game


def test_a_refusal_keeps_its_id_rule_and_fields_as_the_apis_values():
    game = started()
    error = refused(lambda: game.play(0, game.hand(0)[0], 3))
    assert (error.id, error.rule, error.fields) == ("stoeptegel.no_row", "B2", {"row": 3})
    assert str(error) == (
        "There is no row 4: the rows are 1–3, left to right (the API's row indices are 0–2) "
        "(rule B2)."
    )
    card = game.hand(1)[0]
    error = refused(lambda: game.play(0, card, 0))
    assert error.id == "stoeptegel.not_in_hand" and error.fields == {"card": card.code, "seat": 0}
    assert str(error) == f"{card} is not in Player 1's hand (rule B23)."
    mine = error.told(Names(["You", "Anna", "Bram"], you=0))
    assert mine == f"{card} is not in your hand (rule B23)."


def test_tripeaks_refusals_are_data_too():
    game = TriPeaks(seed=41)
    covered = next(p for p in range(28) if p not in game.legal_moves())
    error = refused(lambda: game.play(covered))
    assert error.id == "tripeaks.face_down" and error.rule == "T1"
    assert str(error).startswith("This card is face down:") and str(error).endswith("(rule T1).")
    assert refused(lambda: game.play(28)).fields == {"sent": "28"}


def test_a_table_says_a_refusal_with_its_names_and_you_for_the_seat_at_the_screen():
    session = TableSession(Stoeptegel(players=3, seed=5), think=None)
    session.handle({"action": "choose", "card": session.game.hand(0)[0].code})
    other = next(c for c in Stoeptegel(players=3, seed=5).hand(1) if c not in session.game.hand(0))
    error = refused(lambda: session.handle({"action": "play", "card": other.code, "row": 0}))
    assert str(error) == f"{other} is not in your hand (rule B23)."
    assert error.fields["seat"] == 0 and "Player 1" in error.told()


def test_a_refusal_crosses_a_process_boundary_as_data():
    game = started()
    error = refused(lambda: game.play(7, "9H", 0))
    again = pickle.loads(pickle.dumps(error))
    assert again.message == error.message and str(again) == str(error)


def test_every_message_id_the_package_raises_has_an_english_sentence():
    used = set()
    for path in SRC.rglob("*.py"):
        used |= set(re.findall(r"""message\(\s*["']([a-z_]+\.[a-z_]+)["']""", path.read_text()))
    assert len(used) > 30
    assert sorted(used - set(i18n.catalog("en"))) == []


def test_catalan_elides_de_before_a_name_that_begins_with_a_vowel() -> None:
    """ "de Anna" is written "d'Anna" in Catalan (in a sentence and in the page's words);
    other languages and other names are left as they are."""
    assert i18n.text("names.possessive", "ca", name="Anna") == "d'Anna"
    assert i18n.text("names.possessive", "ca", name="Bram") == "de Bram"
    assert i18n.text("stoeptegel.words.from", "ca", name="Ot") == "d'Ot"
    assert i18n.text("names.possessive", "nl", name="Anna") == "Anna's"
    # only where the template says "de {field}": a name's own "de" is the player's
    assert i18n.text("names.possessive", "ca", name="Ana de Armas") == "d'Ana de Armas"
