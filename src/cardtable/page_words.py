"""The words a table's page writes itself, shared by both tables: the cards' names as a screen
reader hears them, the rule tags, the help button. Each game adds its own (``WORDS`` of
``tripeaks/texts.py`` and ``stoeptegel/texts.py``); a table sends them once, in its ``notes``
(``notes["words"]``), and ``js/words.js`` fills their ``{fields}``. A word with a count is
``{"one": …, "other": …}``; the page picks the form. A Dutch or Catalan table sends the same
keys in its language (issue 31).

>>> SHARED["spoken"].format(rank="10", suit="hearts"), SHARED["rule_tag"]["other"]
('10 of hearts', 'rules {rules}')
"""

from __future__ import annotations

from typing import Any

SHARED: dict[str, Any] = {
    "joker": "Joker",
    "spoken": "{rank} of {suit}",
    "spoken_joker": "joker",
    "ranks": {"A": "ace", "T": "10", "J": "jack", "Q": "queen", "K": "king"},
    "suits": {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"},
    "face_down": "face-down card",
    "playable": "{card}, playable",
    "playable_note": ", playable",
    "help": "How to play",
    "rule_of": "rule {rule}",
    "rule_tag": {"one": "rule {rules}", "other": "rules {rules}"},
    "rule_title": "{rule}: {text}",
    "see_rules": "see the rules",
    "exercise": "Exercise",
    "solved_first": "Solved at the first try",
    "last_exercise": "That was the last exercise",
    "right": "✓ Right! {feedback}",
    "wrong": "✗ Not that: {feedback}",
    "hint_line": "Hint: {hint}",
    "review": "Review",
    "review_step": "Step",
    "review_score": "Score {score}",
    "review_title": "Step through your moves: where was the game lost?",
    "record_title": "Save this game's record as a JSON file",
    "review_row": "Row {row}",
    "review_hand": "Your hand",
    "review_stoeptegel": "Your stoeptegel",
}
"""Words of both tables (see the module docstring)."""


def words(game: dict[str, Any]) -> dict[str, Any]:
    """A table's words: the shared ones and its game's."""
    return {**SHARED, **game}
