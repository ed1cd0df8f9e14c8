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
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..cards import Card
from ..messages import joined
from ..naming import Names
from ..page_words import words
from .log import round_end_headline, winner_line
from .rules import READINGS, Rules

ROW_NOTES = {
    "turned": (
        "A 7 turned this row around: the next card of its suit must be lower; a 5 or 10 of "
        "its suit, any 7, an ace or a joker goes on whatever its rank (rules B9–B16, B20)."
    ),
    "closed": "Closed by a 2: nothing more goes on this row this round (rule B17).",
    "counting": "the counting card (rule B5)",
    "see_through": "a played 5: see-through, the card beneath counts (rule B19)",
    "inert": "a starting card: it never does anything this round (rule B6)",
}
"""Titles of the rows' badges and cards."""

SCORING_NOTE = (
    "A laid card scores 1 when your stoeptegel's suit counts on a row (B25); the stoeptegel "
    "scores 1 more if it could still be laid at the end of the round (B26)."
)
HELP: tuple[tuple[str, str], ...] = (
    ("Goal", "Be the first to reach the target score; you score by laying cards (rule B27)."),
    ("B2", "Each round everyone gets 6 cards; three starting cards begin the three rows."),
    (
        "B3",
        "First everyone sets one card aside as a stoeptegel: in round 1 for yourself, then "
        "for your right-hand neighbour, then for the player opposite, and so on.",
    ),
    ("B23", "On your turn lay one card on a row, or pass: passing is always allowed."),
    (
        "B9",
        "A card goes on a row's counting card of its own suit when it is higher (on a row a "
        "7 turned around: lower), or on a card of the same rank in another suit.",
    ),
    (
        "B5",
        "The counting card is the top card; when that is a played 5, the card beneath "
        "counts: a 5 is see-through (B19).",
    ),
    (
        "B6",
        "The three starting cards count with their rank and suit, but their powers sleep: "
        "a starting 2 does not close, a 7 does not turn, a 10 clears nothing.",
    ),
    ("B11", "An ace goes only on the king of its suit (or on a turned row)."),
    ("B12", "A 5 goes on its own suit or another 5, whatever the ranks."),
    (
        "B13",
        "A 7 goes on its own suit or another 7, whatever the ranks; it turns the row around "
        "for the next card: one of its suit must be lower (B20).",
    ),
    ("B14", "A 10 goes on its own suit; it sweeps the row: the cards beneath leave (B21)."),
    (
        "B15",
        "A jack goes on any card from 2 to 10 whatever its suit, or on a jack of another "
        "suit; never on a row a 7 turned around.",
    ),
    (
        "B16",
        "A joker goes on any open row; it leaves, and the stock's top card takes its place (B22).",
    ),
    ("B17", "A 2 closes its row: nothing more goes on it this round."),
    (
        "B18",
        "A 4 slides on to the next open row to its right (after row 3 comes row 1); closed "
        "rows are skipped.",
    ),
    (
        "B24",
        "The round ends when everyone passes in a row, or when a player with no cards left "
        "would be on turn again.",
    ),
    ("B25", "Each card you lay scores 1 when your stoeptegel's suit counts on a row after it."),
    ("B26", "At the round's end your stoeptegel scores 1 more if it could still be laid."),
)
"""(rule, sentence) pairs: what the how-to-play panel shows."""
PAGE = {
    "connecting": "Connecting…",
    "connected": "{name} · connected",
    "no_link": "This page needs the link you were given (it holds your seat).",
    "gone": "This link no longer works: ask the host for a new one.",
    "refused": "The table refused this page ({code} {reason}).",
    "lost": "Connection lost: reconnecting…",
}
"""The served page's own lines (its connection), written into the page before it connects;
``{name}`` is the seat's name at the table, ``{code} {reason}`` the socket's close."""
WORDS: dict[str, Any] = {
    "keys": "Click a card, then a row (or drag it) · 1 2 3 lay the picked card · P passes · "
    "Esc drops the pick · choosing, Enter again sets the picked card aside",
    "hand": "your hand",
    "choose_title": "Set the selected card aside as this round's stoeptegel",
    "pass_title": "Pass your turn (P); you can lay again next time",
    "log": "Game log",
    "stock": "stock",
    "score": "score",
    "round": "Round {round}",
    "target": "to {target} points",
    "out": "{count} out of the game",
    "cards": {"one": "{count} card", "other": "{count} cards"},
    "points": {"one": "{count} point", "other": "{count} points"},
    "seat_label": "{name}: {cards}, {points}",
    "seat_status": "{label}, {status}",
    "dealer": "D",
    "dealer_title": "dealer this round",
    "set_aside": "✓ stoeptegel set aside",
    "choosing": "choosing…",
    "thinking": "thinking…",
    "to_move": "to move",
    "passed": "passed",
    "your_turn": "your turn",
    "pick_first": "Pick a card from your hand first, then click a row.",
    "own_label": "your stoeptegel: {card}",
    "not_known": "not known yet",
    "own_title": "Your stoeptegel",
    "kept": "you kept it",
    "from": "from {name}",
    "pick_own": "pick it from your hand",
    "picks": "{name} picks it",
    "gave_title": "You gave",
    "to": "to {name}",
    "row": "Row {row}",
    "row_counts": "counts {card}",
    "row_counts_turned": "counts {card}, turned around: lower cards",
    "row_cards": "{cards} (the last on top)",
    "row_label": "row {row}: {said}",
    "row_label_closed": "row {row}: {said}, closed",
    "older": {"one": "{count} older card beneath", "other": "{count} older cards beneath"},
    "counts_tag": "counts",
    "start_tag": "start",
    "lower_tag": "↓ lower",
    "closed_tag": "closed",
    "see_through": "see-through",
    "would_score": "+1 if laid here",
    "fits": {"one": "fits row {rows}", "other": "fits rows {rows}"},
    "fits_none": "fits no row",
    "and": " and ",
    "chip_scored": "scored 1 point (B25)",
    "chip_none": "no point",
    "breakdown": {
        "player": "Player", "stoeptegel": "Stoeptegel", "laid": "Cards laid (✓ scored)",
        "card_points": "Card points", "stoeptegel_point": "Stoeptegel", "round": "Round",
        "score": "Score",
    },
    "final_rows": "The rows at the end",
    "counting_title": "the counting card (B5)",
    "closed": "closed",
    "turned": "turned",
    "slid": "slid ⟶",
    "swept": "swept!",
    "joker_to": "joker → {card}",
    "joker_gone": "joker gone",
    "pass_bubble": "Pass",
}  # fmt: skip
"""The words the Stoeptegel page writes itself (see :mod:`cardtable.page_words`)."""
NOTES = {
    "rows": ROW_NOTES,
    "scoring": SCORING_NOTE,
    "help": [list(line) for line in HELP],
    "words": words(WORDS),
}
"""The table's sentences that never change: sent to a client once (the widget's ``notes``)."""


def _recipient(view: Mapping[str, Any], names: Names) -> str:
    to = view["stoeptegel_for"]
    if to["offset"] == "self":
        return "yourself"
    where = "your right-hand neighbour" if to["offset"] == "right-hand neighbour" else (
        "the player opposite you")  # fmt: skip
    return f"{where}, {names.object(to['seat'])}"


def _prompt(view: Mapping[str, Any], names: Names, hints: bool) -> dict[str, str]:
    """What to do now: ``idle`` with nothing picked, ``picked`` once a card is."""
    phase, seat = view["phase"], view["seat"]
    if phase == "choose":
        if view["chosen"]:
            waiting = [names.object(s) for s, done in enumerate(view["chosen_seats"]) if not done]
            text = f"Waiting for {joined(waiting)} to choose…"
            return {"idle": text, "picked": text}
        whom = _recipient(view, names)
        own = whom == "yourself"
        count = len(view["hand"])
        return {
            "idle": f"Choose your stoeptegel: pick one of your {count} cards. "
            f"This round it goes to {whom}.",
            "picked": "Set {card} aside as your own stoeptegel?"
            if own
            else f"Set {{card}} aside as the stoeptegel for {whom}?",
        }
    if phase == "over":
        return {"idle": "The game is over.", "picked": "The game is over."}
    if view["to_move"] == seat:
        if not hints:  # an exercise: nothing that gives the answer away (st-pass)
            return {"idle": "Your turn: pick a card, then a row.", "picked": "Lay {card} on a row."}
        return {
            "idle": "Your turn: pick a card, then a row. Or pass: you always may (rule B23).",
            "picked": "Lay {card} on a row — the glowing rows take it — or pass.",
        }
    text = f"{names.subject(view['to_move'])} is to move."
    return {"idle": text, "picked": text}


def _scoring(view: Mapping[str, Any]) -> str:
    """Whether the seat's stoeptegel's suit counts now, and where (B25); empty before the seat
    knows its stoeptegel."""
    own = view["stoeptegel"]
    if own is None or view["phase"] != "play":
        return ""
    if own == "JK":
        return "A joker has no suit: your cards score nothing this round (rule B25)."
    symbol = str(Card.parse(own))[-1]
    rows = view["counting_rows"]
    if not rows:
        return f"{symbol} counts on no row now: a card scores only if {symbol} counts after it."
    where = "every row" if len(rows) == 3 else "row " + " and ".join(str(r + 1) for r in rows)
    return f"{symbol} counts on {where}: every card you lay now scores (rule B25)."


def _for_line(view: Mapping[str, Any]) -> str:
    offset = view["stoeptegel_for"]["offset"]
    if offset == "self":
        return "Stoeptegels this round: each player keeps their own."
    where = "their right-hand neighbour" if offset == "right-hand neighbour" else (
        "the player opposite them")  # fmt: skip
    return f"Stoeptegels this round: each player gives theirs to {where} (rule B3)."


HOUSE_ROW_NOTES = {
    "starting_cards_fire": {
        "inert": "a starting card: it goes off once a card is laid on it "
        "(house rule: starting_cards_fire on, rule B6)",
    },
    "seven_turns_until_cleared": {
        "turned": "A 7 turned this row around, and it stays turned until a 10 clears it: a "
        "card of its suit must be lower (house rule: seven_turns_until_cleared on, rule B20).",
    },
}
"""The row notes that a house rule makes untrue, as that table reads them."""


HELP_LINE_OF = {
    "ace_on_any_king": "B11", "seven_ignores_rank": "B13", "seven_turns_until_cleared": "B13",
    "ten_on_ten": "B14", "four_wraps": "B18", "ace_on_turned_row_is_high": "B11",
    "starting_cards_fire": "B6", "stoeptegels_in_turn": "B26", "odd_opposite": "B3",
}  # fmt: skip
"""The line of :data:`HELP` (by its rule) that each house reading, played the other way,
makes untrue at that table."""


def house_texts(view: Mapping[str, Any]) -> dict[str, Any]:
    """The house rules in force at the view's table (Part C): one line per reading, with the
    Dutch words it reads, for the help panel; the ``tag`` the table shows when any differs
    from Part B, and the row notes they change.

    >>> house = house_texts({"rules": Rules(ten_on_ten=True).to_dict()})
    >>> house["tag"]["label"], [line["setting"] for line in house["lines"] if line["changed"]]
    ('house rules', ['ten_on_ten on'])
    """
    rules = Rules.from_dict(view.get("rules", {}))
    changed = rules.changed()
    lines = []
    for name, reading in READINGS.items():
        differs = name in changed
        lines.append(
            {
                "field": name,
                "rule": reading.rule,
                "setting": rules.describe(name),
                "text": reading.other if differs else reading.default,
                "dutch": reading.dutch,
                "changed": differs,
            }
        )
    house: dict[str, Any] = {
        "title": "House readings at this table (Part C)" if changed else "House readings",
        "intro": "Where the Dutch rules text can be read two ways, this table reads it so:",
        "lines": lines,
        "notes": {k: v for name in changed for k, v in HOUSE_ROW_NOTES.get(name, {}).items()},
        "superseded": sorted({HELP_LINE_OF[name] for name in changed}),
        "superseded_note": "At this table a house rule reads this otherwise: see below.",
    }
    if changed:
        house["tag"] = {
            "label": "house rules",
            "title": "This table plays house rules: "
            + ", ".join(rules.describe(name) for name in changed)
            + ". The ? panel says what each one means.",
        }
    return house


def table_texts(
    view: Mapping[str, Any], names: Sequence[str], *, hints: bool = True
) -> dict[str, Any]:
    """The table's sentences for the seat whose ``view`` this is (see the module docstring);
    ``hints=False``: no scoring line, and a prompt that speaks of no glowing row."""
    who = Names(names, view["seat"])
    texts: dict[str, Any] = {
        "for": _for_line(view),
        "prompt": _prompt(view, who, hints),
        "house": house_texts(view),
    }
    scoring = _scoring(view) if hints else ""
    if scoring:
        texts["scoring"] = scoring
    if view["winners"]:
        texts["winner"] = "★ " + winner_line(view["winners"], view["scores"], who)
    reveal = view["reveal"]
    if reveal is not None:
        texts["round_over"] = {
            "title": f"Round {reveal['round']} is over",
            "headline": round_end_headline(reveal, who),
            "next": f"On to round {view['round']} →",
        }
    return texts
