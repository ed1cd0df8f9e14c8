"""House rules: the nine places where a Dutch table may read the rules text another way
(``rules/stoeptegel.md``, Part C). Part B's reading is every field's default.

>>> Rules()
Rules()
>>> rules = Rules(ten_on_ten=True, odd_opposite="skip")
>>> rules, rules.changed()
(Rules(ten_on_ten=True, odd_opposite='skip'), {'ten_on_ten': True, 'odd_opposite': 'skip'})
>>> Rules.parse(["ten_on_ten", "four_wraps=off"]) == Rules(ten_on_ten=True, four_wraps=False)
True
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, fields
from typing import NamedTuple

from ..i18n import text


@dataclass(frozen=True)
class Rules:
    """The house rules a table plays (Part C); ``Rules()`` is Part B throughout.

    Each field names one reading. The engine, the views, the saves, the bots, the environments
    and the served table all follow the rules a game was made with (``game.rules``).

    >>> from cardtable.stoeptegel import Stoeptegel
    >>> Stoeptegel(players=2, seed=1, rules=Rules(ten_on_ten=True)).rules.ten_on_ten
    True
    """

    ace_on_any_king: bool = False
    """Part C row B11 ("Aas — mag alleen op een heer"). ``False`` (Part B): an ace goes on an
    ordinary row only when the counting card is the king *of its own suit*. ``True``: on any
    king, whatever its suit. An ace still goes on any turned row, and never on another ace."""

    seven_ignores_rank: bool = True
    """Part C row B13 ("Kleur moet kloppen (of op een andere 7)"). ``True`` (Part B): a 7 goes
    on any card of its suit whatever the rank (7♥ on Q♥), or on another 7. ``False``: the 7
    follows the row's direction like a standard card (rule B9): higher than the counting card
    of its suit on an ordinary row (7♥ on Q♥ refused, on 5♥ allowed), lower on a turned row;
    "or on another 7" still holds."""

    seven_turns_until_cleared: bool = False
    """Part C row B20 ("omgedraaid"). ``False`` (Part B): a played 7 turns its row for the next
    card only: the row is turned while the 7 counts (a played 5 on it is see-through), and the
    first other card laid or slid on it ends that. ``True``: once a played 7 lies on a row, the
    row stays turned, going down, while that 7 lies there: every card laid on it must be lower
    than the counting card (the ace lowest, rule B7), and a card laid or slid on it does *not*
    un-turn it (nor does an ace: it is then simply the lowest card, whatever
    ``ace_on_turned_row_is_high`` says). What clears it is a 10 (rule B21: the cards beneath
    leave, the 7 with them); a 2 closes the row (B17). A jack never goes on it (B15)."""

    ten_on_ten: bool = False
    """Part C row B14 ("10 — ruimt de rij op. Alleen de kleur moet kloppen"). ``False``
    (Part B): a 10 goes only on a counting card of its own suit, never on a 10 of another suit.
    ``True``: the general same-rank rule also lets a 10 go on a 10 of another suit (and it
    clears that row, B21)."""

    four_wraps: bool = True
    """Part C row B18 ("4 — schuift 1 naar rechts"). ``True`` (Part B): a played 4 slides to
    the next open row to its right, after row 3 coming row 1. ``False``: it slides only to the
    right: a 4 laid on the rightmost open row (row 3, or row 2 when row 3 is closed) stays
    where it was laid."""

    ace_on_turned_row_is_high: bool = True
    """Part C row B7 ("Aas en 2 kunnen hier dus ook op"). ``True`` (Part B): an ace laid on a
    turned row counts as the highest card once it lies there (the row is no longer turned), so
    no 2 may follow it. ``False``: that ace keeps the low value it had going down, below a 2:
    every card of its suit goes on it (a 2 first of all), and so does a jack (a jack goes on a
    card lower than a jack, B15). It holds for an ace the stock put down for a joker on a turned
    row too; an ace laid on an ordinary row (on a king) is always high."""

    starting_cards_fire: bool = False
    """Part C row B6 ("De effecten van de drie beginkaarten gaan niet af zolang er niemand op
    heeft aangelegd"). ``False`` (Part B): the three starting cards never fire. ``True``: a
    starting card wakes the moment a card comes to lie on it (laid, slid on by a 4, or put down
    by the stock for a joker; a joker that leaves with an empty stock lays nothing): it becomes
    a played card, and it goes off before the card on it does its own work. A starting 2 then
    closes the row with that card on top (a 10 on it sweeps the 2 away, and the row is open;
    a 4 on it slides on, and the row stays closed); a starting 7 turns the row while it counts
    (a 5 on it is see-through), or, with ``seven_turns_until_cleared``, until a 10 clears it.
    The card laid on a starting card is checked against it as an ordinary card. A starting 4
    does not slide, a starting 5 or 10 has nothing beneath it: they wake to no effect."""

    stoeptegels_in_turn: bool = False
    """Part C row B26 ("Kun je na afloop je stoeptegel ook nog aanleggen"). ``False``
    (Part B): each stoeptegel is checked alone against the rows as the round left them.
    ``True``: they are laid in turn, starting with the player who began the round (left of the
    dealer) and going clockwise: each goes on the leftmost row that takes it then (B9–B16) and
    scores its point; it lies there without effects ("Kaarteffecten gaan daarbij niet meer
    af": a 5 is not see-through, a 7 does not turn, a 2 does not close), so it changes the
    counting card for the next. A joker stoeptegel scores when a row is open and lies nowhere.
    The reveal shows the rows as the round left them and says where each one was laid."""

    odd_opposite: str = "next"
    """Part C row B1 ("ronde 3 voor de speler tegenover je"). ``"next"`` (Part B): "opposite"
    is seat + n//2, so with 3 players it is the next seat (left), with 5 two seats on. ``"skip"``:
    with an odd number of players nobody sits opposite, so the rotation skips that round:
    yourself, your right-hand neighbour, yourself, … With an even number it changes nothing."""

    def __post_init__(self) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            if f.name == "odd_opposite":
                if not isinstance(value, str):
                    raise TypeError(f"odd_opposite is 'next' or 'skip', not {value!r}")
                if value not in ("next", "skip"):
                    raise ValueError(f"odd_opposite is 'next' or 'skip', not {value!r} (rule B1)")
            elif not isinstance(value, bool):
                raise TypeError(f"{f.name} is True or False, not {value!r}")

    def changed(self) -> dict[str, bool | str]:
        """The fields that differ from Part B, in field order."""
        return {
            f.name: getattr(self, f.name)
            for f in fields(self)
            if getattr(self, f.name) != f.default
        }

    def to_dict(self) -> dict[str, bool | str]:
        """All nine fields, JSON-ready (what a view carries)."""
        return {f.name: getattr(self, f.name) for f in fields(self)}

    @classmethod
    def from_dict(cls, data: object) -> Rules:
        """Rules from a mapping of field names (missing fields keep Part B); ``TypeError`` or
        ``ValueError`` naming what is wrong.

        >>> Rules.from_dict({"four_wraps": False})
        Rules(four_wraps=False)
        """
        if not isinstance(data, Mapping):
            raise TypeError(f"house rules are a mapping of field names, not {data!r}")
        unknown = sorted(str(k) for k in data if k not in FIELDS)
        if unknown:
            raise ValueError(
                f"there is no house rule {', '.join(unknown)}: the house rules are "
                f"{', '.join(FIELDS)}"
            )
        return cls(**data)

    @classmethod
    def parse(cls, items: Iterable[str]) -> Rules:
        """Rules from ``name`` (switch on), ``name=on|off|true|false|yes|no`` or
        ``odd_opposite=next|skip``, as ``cardtable serve --rule`` takes them."""
        given: dict[str, bool | str] = {}
        for item in items:
            name, sep, value = item.partition("=")
            name = name.strip()
            if name not in FIELDS:
                raise ValueError(
                    f"there is no house rule {name!r}: the house rules are {', '.join(FIELDS)}"
                )
            if name == "odd_opposite":
                given[name] = value.strip() if sep else "skip"
                continue
            word = value.strip().lower() if sep else "on"
            if word not in _WORDS:
                raise ValueError(f"{name} is on or off, not {value!r}")
            given[name] = _WORDS[word]
        return cls(**given)  # type: ignore[arg-type]

    def describe(self, name: str) -> str:
        """``"ten_on_ten off"``, ``"odd_opposite=skip"``: how a reason names a reading."""
        value = getattr(self, name)
        if isinstance(value, str):
            return f"{name}={value}"
        return f"{name} {'on' if value else 'off'}"

    def __repr__(self) -> str:
        inner = ", ".join(f"{k}={v!r}" for k, v in self.changed().items())
        return f"Rules({inner})"


_WORDS = {"on": True, "true": True, "yes": True, "1": True,
          "off": False, "false": False, "no": False, "0": False}  # fmt: skip
FIELDS: tuple[str, ...] = tuple(f.name for f in fields(Rules))
"""The nine house rules, in the order of Part C's table."""
DEFAULT_RULES = Rules()
"""Part B's reading throughout."""


class Reading(NamedTuple):
    """One house reading: the rule it reads, the Dutch words it reads (verbatim from the rules
    text, ``seeds/004_*.txt``), and Part B's and the other reading, as a player is told them
    (in English; every language's are the catalogs' ``stoeptegel.reading.<field>.default`` and
    ``.other``)."""

    rule: str
    dutch: str
    default: str
    other: str


_DUTCH = {
    "ace_on_any_king": ("B11", "Aas — mag alleen op een heer."),
    "seven_ignores_rank": (
        "B13",
        "7 — de volgende kaart moet lager zijn. Kleur moet kloppen (of op een andere 7).",
    ),
    "seven_turns_until_cleared": ("B20", "Op een rij die door een 7 is omgedraaid mag hij altijd."),
    "ten_on_ten": ("B14", "10 — ruimt de rij op. Alleen de kleur moet kloppen."),
    "four_wraps": (
        "B18",
        "4 — schuift 1 naar rechts. Rijen die door een 2 dicht zijn worden overgeslagen.",
    ),
    "ace_on_turned_row_is_high": ("B7", "Aas en 2 kunnen hier dus ook op."),
    "starting_cards_fire": (
        "B6",
        "De effecten van de drie beginkaarten gaan niet af zolang er niemand op heeft aangelegd.",
    ),
    "stoeptegels_in_turn": (
        "B26",
        "Kun je na afloop je stoeptegel ook nog aanleggen, dan krijg je 1 punt extra. "
        "Kaarteffecten gaan daarbij niet meer af.",
    ),
    "odd_opposite": ("B1", "ronde 3 voor de speler tegenover je"),
}
READINGS: dict[str, Reading] = {
    name: Reading(
        rule,
        dutch,
        text(f"stoeptegel.reading.{name}.default"),
        text(f"stoeptegel.reading.{name}.other"),
    )
    for name, (rule, dutch) in _DUTCH.items()
}
"""The reading of each field, for the help panel and the tutorial."""


def check_rules(rules: object) -> Rules:
    """``rules`` if it is a :class:`Rules` (``None`` means Part B), else ``TypeError``."""
    if rules is None:
        return DEFAULT_RULES
    if not isinstance(rules, Rules):
        raise TypeError(
            f"rules is a cardtable.stoeptegel.Rules, not {type(rules).__name__}: "
            "write rules=Rules(ten_on_ten=True)"
        )
    return rules
