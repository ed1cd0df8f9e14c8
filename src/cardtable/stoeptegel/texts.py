"""Every sentence and rule fact the Stoeptegel table shows, but its button labels.

The front end holds no rules and writes no prose: it draws what :func:`table_texts` says for
the seat at the screen, from that seat's view only, and the :data:`NOTES` that never change.
A ``{card}`` in a prompt is the card the player has picked, which only the page knows; it
fills that in.

>>> from cardtable.stoeptegel import Stoeptegel
>>> game = Stoeptegel(players=3, seed=5)
>>> texts = table_texts(game.view(0), ["You", "Anna", "Bram"])
>>> texts["for"]
'Stoeptegels this round: each player keeps their own.'
>>> texts["prompt"]["picked"]
'Set {card} aside as your own stoeptegel?'
>>> "tag" in texts["house"], texts["house"]["lines"][3]["text"]
(False, 'A 10 goes only on its own suit, never on a 10 of another suit.')
>>> table_texts(game.view(0), ["Jij", "Anna", "Bram"], lang="nl")["prompt"]["picked"]
'Leg {card} apart als je eigen stoeptegel?'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from ..cards import Card
from ..i18n import entry, text
from ..messages import joined
from ..naming import Names
from ..page_words import words
from .log import round_end_headline, winner_line
from .rules import READINGS, Rules

_S = "stoeptegel."
ROW_NOTE_KEYS = ("turned", "closed", "counting", "see_through", "inert")
"""The rows' badges and cards whose titles :func:`row_notes` writes."""
HELP_RULES = (
    "Goal", "B1", "B2", "B3", "B4", "B23", "B9", "B10", "B5", "B7", "B8", "B6", "B11", "B12",
    "B13", "B14", "B15", "B16", "B17", "B18", "B19", "B20", "B21", "B22", "B24", "B25", "B26",
    "B27",
)  # fmt: skip
"""The how-to-play panel's lines, by the rule each says in the player's words."""
WORD_KEYS = (
    "keys", "hand", "choose_title", "pass_title", "log", "stock", "score", "round", "target",
    "out", "cards", "points", "seat_label", "seat_status", "dealer", "dealer_title",
    "set_aside", "choosing", "thinking", "to_move", "passed", "your_turn", "pick_first",
    "own_label", "not_known", "own_title", "kept", "from", "pick_own", "picks", "gave_title",
    "to", "row", "row_counts", "row_counts_turned", "row_cards", "row_label",
    "row_label_closed", "older", "counts_tag", "start_tag", "lower_tag", "closed_tag",
    "see_through", "would_score", "fits", "fits_none", "and", "chip_scored", "chip_none",
    "breakdown", "final_rows", "counting_title", "closed", "turned", "slid", "swept",
    "joker_to", "joker_gone", "pass_bubble", "choose_button", "pass_button", "new_game",
)  # fmt: skip
"""The words the Stoeptegel page writes itself (``stoeptegel.words.<key>`` of the catalogs,
see :mod:`cardtable.page_words`)."""
PAGE_KEYS = ("connecting", "connected", "no_link", "gone", "refused", "lost")
"""The served page's own lines (its connection), written into the page before it connects
(``served.page.<key>``): ``{name}`` is the seat's name at the table, ``{code} {reason}`` the
socket's close."""


def row_notes(lang: str = "en") -> dict[str, str]:
    """Titles of the rows' badges and cards, in ``lang``."""
    return {key: text(f"{_S}row_note.{key}", lang) for key in ROW_NOTE_KEYS}


def help_lines(lang: str = "en") -> tuple[tuple[str, str], ...]:
    """(rule, sentence) pairs: what the how-to-play panel shows, in ``lang`` (the goal's tag
    too: the rules' numbers are the same in every language)."""
    goal = text(f"{_S}help.goal_tag", lang)
    return tuple(
        (goal if rule == "Goal" else rule, text(f"{_S}help.{rule}", lang)) for rule in HELP_RULES
    )


def page_texts(lang: str = "en") -> dict[str, str]:
    """The served page's own lines in ``lang`` (:data:`PAGE_KEYS`)."""
    return {key: str(entry(f"served.page.{key}", lang)) for key in PAGE_KEYS}


def stoeptegel_words(lang: str = "en") -> dict[str, Any]:
    """The Stoeptegel page's own words in ``lang`` (:data:`WORD_KEYS`)."""
    return {key: entry(f"{_S}words.{key}", lang) for key in WORD_KEYS}


def notes(lang: str = "en") -> dict[str, Any]:
    """The table's sentences that never change, in ``lang``: sent to a client once (the
    widget's ``notes``), and again when the table's language changes."""
    return {
        "rows": row_notes(lang),
        "scoring": text(_S + "scoring_note", lang),
        "help": [list(line) for line in help_lines(lang)],
        "words": words(stoeptegel_words(lang), lang),
    }


ROW_NOTES = row_notes()
"""Titles of the rows' badges and cards, in English."""
SCORING_NOTE = text(_S + "scoring_note")
HELP = help_lines()
"""The how-to-play panel in English."""
PAGE = page_texts()
"""The served page's own lines in English."""
WORDS = stoeptegel_words()
"""The words the Stoeptegel page writes itself, in English."""
NOTES = notes()
"""The table's sentences that never change, in English."""


def _recipient(view: Mapping[str, Any], names: Names) -> str:
    to = view["stoeptegel_for"]
    if to["offset"] == "self":
        return text(_S + "recipient.self", names.lang)
    where = "right" if to["offset"] == "right-hand neighbour" else "opposite"
    return text(f"{_S}recipient.{where}", names.lang, name=names.object(to["seat"]))


def _prompt(view: Mapping[str, Any], names: Names, hints: bool) -> dict[str, str]:
    """What to do now: ``idle`` with nothing picked, ``picked`` once a card is (its
    ``{card}`` left for the page to fill)."""
    phase, seat, lang = view["phase"], view["seat"], names.lang

    def both(key: str, **fields: Any) -> dict[str, str]:
        said = text(_S + "prompt." + key, lang, **fields)
        return {"idle": said, "picked": said}

    if phase == "choose":
        if view["chosen"]:
            waiting = [names.object(s) for s, done in enumerate(view["chosen_seats"]) if not done]
            return both("waiting", waiting=joined(waiting, lang))
        whom = _recipient(view, names)
        own = view["stoeptegel_for"]["offset"] == "self"
        return {
            "idle": text(_S + "prompt.choose", lang, count=len(view["hand"]), whom=whom),
            "picked": text(_S + ("prompt.choose_own" if own else "prompt.choose_for"), lang,
                           card="{card}", whom=whom),
        }  # fmt: skip
    if phase == "over":
        return both("over")
    if view["to_move"] == seat:
        hinted = "_hints" if hints else ""  # an exercise: nothing that gives the answer away
        return {
            "idle": text(f"{_S}prompt.turn{hinted}", lang),
            "picked": text(f"{_S}prompt.lay{hinted}", lang, card="{card}"),
        }
    return both("other", who=names.subject(view["to_move"]))


def _scoring(view: Mapping[str, Any], lang: str) -> str:
    """Whether the seat's stoeptegel's suit counts now, and where (B25); empty before the seat
    knows its stoeptegel."""
    own = view["stoeptegel"]
    if own is None or view["phase"] != "play":
        return ""
    if own == "JK":
        return text(_S + "scoring.joker", lang)
    symbol = str(Card.parse(own))[-1]
    rows = view["counting_rows"]
    if not rows:
        return text(_S + "scoring.nowhere", lang, suit=symbol)
    return text(_S + "scoring.where", lang, suit=symbol, all=len(rows) == 3,
                rows=joined([str(r + 1) for r in rows], lang))  # fmt: skip


def _for_line(view: Mapping[str, Any], lang: str) -> str:
    offset = view["stoeptegel_for"]["offset"]
    where = {"self": "self", "right-hand neighbour": "right"}.get(offset, "opposite")
    return text(f"{_S}for.{where}", lang)


HOUSE_ROW_NOTES = {
    "starting_cards_fire": ("inert",),
    "seven_turns_until_cleared": ("turned",),
}
"""The row notes that a house rule makes untrue (``stoeptegel.house_note.<note>``: what that
table reads)."""


HELP_LINES_OF = {
    "ace_on_any_king": ("B11",), "seven_ignores_rank": ("B13",),
    "seven_turns_until_cleared": ("B8", "B13", "B20"), "ten_on_ten": ("B14",),
    "four_wraps": ("B18",), "ace_on_turned_row_is_high": ("B11",),
    "starting_cards_fire": ("B6", "B8"), "stoeptegels_in_turn": ("B26",),
    "odd_opposite": ("B3",),
}  # fmt: skip
"""The lines of :data:`HELP` (by their rule) that each house reading, played the other way,
makes untrue at that table."""


def house_texts(view: Mapping[str, Any], lang: str = "en") -> dict[str, Any]:
    """The house rules in force at the view's table (Part C): one line per reading, with the
    Dutch words it reads, for the help panel; the ``tag`` the table shows when any differs
    from Part B, and the row notes they change; in ``lang``. Kept per rule set and language
    (a table asks for them at every move): shared, so never changed.

    >>> house = house_texts({"rules": Rules(ten_on_ten=True).to_dict()})
    >>> house["tag"]["label"], [line["setting"] for line in house["lines"] if line["changed"]]
    ('house rules', ['ten_on_ten on'])
    """
    return _house_texts(tuple(sorted(view.get("rules", {}).items())), lang)


@lru_cache(maxsize=32)
def _house_texts(settings: tuple[tuple[str, Any], ...], lang: str) -> dict[str, Any]:
    rules = Rules.from_dict(dict(settings))
    changed = rules.changed()
    lines = []
    for name, reading in READINGS.items():
        differs = name in changed
        lines.append(
            {
                "field": name,
                "rule": reading.rule,
                "setting": rules.describe(name),
                "text": text(f"{_S}reading.{name}.{'other' if differs else 'default'}", lang),
                "dutch": reading.dutch,
                "changed": differs,
            }
        )
    house: dict[str, Any] = {
        "title": text(_S + ("house.title_changed" if changed else "house.title"), lang),
        "intro": text(_S + "house.intro", lang),
        "lines": lines,
        "notes": {note: text(f"{_S}house_note.{note}", lang)
                  for name in changed for note in HOUSE_ROW_NOTES.get(name, ())},
        "superseded": sorted({rule for name in changed for rule in HELP_LINES_OF[name]}),
        "superseded_note": text(_S + "house.superseded", lang),
    }  # fmt: skip
    if changed:
        house["tag"] = {
            "label": text(_S + "house.tag", lang),
            "title": text(_S + "house.tag_title", lang,
                          settings=", ".join(rules.describe(name) for name in changed)),
        }  # fmt: skip
    return house


def table_texts(
    view: Mapping[str, Any], names: Sequence[str], *, hints: bool = True, lang: str = "en"
) -> dict[str, Any]:
    """The table's sentences for the seat whose ``view`` this is (see the module docstring),
    in ``lang``; ``hints=False``: no scoring line, and a prompt that speaks of no glowing row."""
    who = Names(names, view["seat"], lang)
    texts: dict[str, Any] = {
        "for": _for_line(view, lang),
        "prompt": _prompt(view, who, hints),
        "house": house_texts(view, lang),
    }
    scoring = _scoring(view, lang) if hints else ""
    if scoring:
        texts["scoring"] = scoring
    if view["winners"]:
        line = winner_line(view["winners"], view["scores"], who)
        texts["winner"] = text(_S + "winner", lang, line=line)
    reveal = view["reveal"]
    if reveal is not None:
        texts["round_over"] = {
            "title": text(_S + "reveal.title", lang, round=reveal["round"]),
            "headline": round_end_headline(reveal, who),
            "next": text(_S + "reveal.next", lang, round=view["round"]),
        }
    return texts
