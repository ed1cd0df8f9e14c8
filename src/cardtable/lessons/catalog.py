"""The tutorial's exercises, in the order the tutorial teaches their rules.

Each :class:`~cardtable.lessons.tasks.Task` poses one decision: a Tri-Peaks position (built
from a :func:`~cardtable.lessons.decks.lesson_deck`) or a two-player Stoeptegel table (a
``Stoeptegel.scenario``) with seat 0 to move. Its ``answer`` and ``wrong`` are worked
examples that the tests play.

>>> len(TASKS) >= 12, TASKS["tp-wrap"].rule
(True, 'T3')
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from ..cards import SUIT_SYMBOLS, Card
from ..stoeptegel import Stoeptegel
from ..tripeaks import COVERED_BY, TriPeaks
from .decks import CLEARING_ORDER, lesson_deck, perfect_deck
from .tasks import Check, Task, Try, laid

# ---------------------------------------------------------------------------- building blocks

_SEED = 1  # an exercise is the same position every time it is posed (the seed deals nothing seen)


def _tripeaks(
    tableau: Mapping[int, str], waste: str, played: Iterable[int] = ()
) -> Callable[[], TriPeaks]:
    plays = tuple(played)

    def setup() -> TriPeaks:
        game = TriPeaks.from_deck(lesson_deck(tableau, waste), seed=_SEED)
        for position in plays:
            game.play(position)
        return game

    return setup


def _stoeptegel(
    hands: list[object], rows: list[object], stoeptegels: list[object]
) -> Callable[[], Stoeptegel]:
    return lambda: Stoeptegel.scenario(hands=hands, rows=rows, stoeptegels=stoeptegels, seed=_SEED)


def _name(code: str) -> str:
    return str(Card.parse(code))


def _all(*checks: Check) -> Check:
    """Every check in turn; the first that fails says why."""

    def check(before: Any, after: Any, move: Try) -> str | None:
        for one in checks:
            why = one(before, after, move)
            if why is not None:
                return why
        return None

    return check


def _no_draw(why: str) -> Check:
    return lambda before, after, move: why if move == "draw" else None


def _no_pass(why: str = "a card of yours fits a row here: lay it") -> Check:
    return lambda before, after, move: (
        f"Passing is always allowed (rule B23), but {why}." if move == "pass" else None
    )


def _on_row(number: int) -> Check:
    def check(before: Any, after: Any, move: Try) -> str | None:
        card, row = laid(move)
        if row == number:
            return None
        return f"{_name(card)} may go on row {row}, but this exercise asks for row {number}."

    return check


def _with_card(code: str) -> Check:
    def check(before: Any, after: Any, move: Try) -> str | None:
        card, row = laid(move)
        if card == code:
            return None
        return f"{_name(card)} may go on row {row}, but this exercise asks about the {_name(code)}."

    return check


_ANY: Check = lambda before, after, move: None  # noqa: E731  (every legal try is right)


# ---------------------------------------------------------------------------- Tri-Peaks


def _keeps_run(before: Any, after: Any, move: Try) -> str | None:
    if any(m != "draw" for m in after.legal_moves()):
        return None
    waste = after.waste_top
    return (
        f"That plays, but then no face-up card fits the {waste} and your run stops at one "
        f"card: the next would have to be one rank above or below it (rules T3, T5)."
    )


def _uncovers(position: int) -> Check:
    def check(before: Any, after: Any, move: Try) -> str | None:
        if after.is_face_up(position):
            return None
        cover = [p for p in COVERED_BY[position] if after.card_at(p) is not None]
        return (
            f"That plays, but position {position} is still covered by position "
            f"{' and '.join(map(str, cover))}: a card turns up once both cards that overlap it "
            "are gone (rule T1)."
        )

    return check


def _clears_peak(before: Any, after: Any, move: Try) -> str | None:
    if any(after.card_at(p) is None and before.card_at(p) is not None for p in (0, 1, 2)):
        return None
    return (
        "Drawing is always allowed (rule T4), but it costs 5 points and clears no peak: "
        "a peak top fits the waste (rule T6)."
    )


def _peak_position() -> TriPeaks:
    game = TriPeaks.from_deck(perfect_deck(), seed=_SEED)
    for position in CLEARING_ORDER[:25]:  # every card but the three peak tops
        game.play(position)
    return game


TRIPEAKS = [
    Task(
        id="tp-one-up-or-down",
        game="tripeaks",
        title="One up or one down",
        goal="The waste shows 7♦. Play a card of the bottom row onto it.",
        setup=_tripeaks(
            {
                18: "2C",
                19: "JD",
                20: "4H",
                21: "KS",
                22: "8S",
                23: "QC",
                24: "3D",
                25: "TH",
                26: "AC",
                27: "5S",
            },
            waste="7D",
        ),
        check=_no_draw("Drawing is allowed (rule T4), but a bottom-row card fits the 7♦: play it."),
        hint="A card fits when its rank is one above or one below the waste's: a 6 or an 8.",
        solved="8♠ is one above 7♦: suits do not matter, only the rank (rule T3).",
        answer=22,
        wrong=21,
        wrong_reason="T3",
        rule="T3",
    ),
    Task(
        id="tp-wrap",
        game="tripeaks",
        title="Round the corner",
        goal="The waste shows K♣ and there is no queen in sight. Find the card that fits anyway.",
        setup=_tripeaks(
            {
                18: "5C",
                19: "9D",
                20: "3S",
                21: "7H",
                22: "JC",
                23: "4D",
                24: "AH",
                25: "8S",
                26: "TC",
                27: "6H",
            },
            waste="KC",
        ),
        check=_no_draw("Drawing is allowed (rule T4), but one bottom-row card fits the K♣."),
        hint="The ranks wrap round: the king and the ace are neighbours, like the ace and the 2.",
        solved="A♥ on K♣: the ranks wrap round, so an ace goes on a king or a 2 (rule T3).",
        answer=24,
        wrong=22,
        wrong_reason="T3",
        rule="T3",
    ),
    Task(
        id="tp-uncover",
        game="tripeaks",
        title="Turn a card up",
        goal="Turn up the face-down card at position 9 (the positions are labelled).",
        setup=_tripeaks(
            {
                18: "6C",
                19: "7S",
                20: "5H",
                21: "KS",
                22: "2D",
                23: "JH",
                24: "9C",
                25: "QD",
                26: "3S",
                27: "TD",
            },
            waste="5D",
            played=[18],
        ),
        check=_uncovers(9),
        hint="Position 9 lies under positions 18 and 19. One of them is already gone.",
        solved="Position 19 was the last card overlapping position 9, so 9 turned up (rule T1).",
        answer=19,
        wrong=20,
        wrong_reason="still covered by position 19",
        rule="T1",
        show_positions=True,
    ),
    Task(
        id="tp-run",
        game="tripeaks",
        title="Keep the run going",
        goal="Two cards fit the 5♥. Play the one that lets you play another card after it.",
        setup=_tripeaks(
            {
                18: "6S",
                19: "4C",
                20: "7D",
                21: "KS",
                22: "JC",
                23: "9H",
                24: "QD",
                25: "TC",
                26: "2H",
                27: "9S",
            },
            waste="5H",
        ),
        check=_all(_no_draw("A draw ends the run (rule T5): play a card first."), _keeps_run),
        hint="Look one step ahead: after each card, which card would fit on it?",
        solved="6♠, then 7♦ fits on it: the longer a run, the more its cards score (rules T5, T6).",
        answer=18,
        wrong=19,
        wrong_reason="your run stops",
        rule="T5",
    ),
    Task(
        id="tp-draw",
        game="tripeaks",
        title="Stuck? Draw",
        goal="No card of the tableau fits the 9♥. Make the only move there is.",
        setup=_tripeaks(
            {
                18: "2C",
                19: "4D",
                20: "KS",
                21: "6H",
                22: "QC",
                23: "3S",
                24: "JD",
                25: "5C",
                26: "AH",
                27: "7S",
            },
            waste="9H",
        ),
        check=_ANY,
        hint="When nothing fits, the stock gives you a new waste card.",
        solved="A draw turns the stock's top card onto the waste, for 5 points (rules T4, T6).",
        answer="draw",
        wrong=22,
        wrong_reason="T3",
        rule="T4",
    ),
    Task(
        id="tp-peak",
        game="tripeaks",
        title="A peak for a bonus",
        goal="Only the three peak tops are left. Clear one for its bonus.",
        setup=_peak_position,
        check=_clears_peak,
        hint="Which peak top is one rank away from the king on the waste?",
        solved="A peak top scores 15 on top of its place in the run (rule T6).",
        answer=0,
        wrong="draw",
        wrong_reason="clears no peak",
        rule="T6",
        show_positions=True,
    ),
]


# ---------------------------------------------------------------------------- Stoeptegel


def _scores(before: Any, after: Any, move: Try) -> str | None:
    if after.scores[0] > before.scores[0]:
        return None
    card, row = laid(move)
    suit = SUIT_SYMBOLS[before.stoeptegel(0).suit]
    return (
        f"{_name(card)} may go on row {row}, but afterwards no row counts a {suit}, the suit of "
        f"your stoeptegel {before.stoeptegel(0)}: no point (rule B25)."
    )


def _ends_on_row_one(code: str) -> Check:
    def check(before: Any, after: Any, move: Try) -> str | None:
        if after.rows[0].top == Card.parse(code):
            return None
        landed = next(n for n, r in enumerate(after.rows, 1) if r.top == Card.parse(code))
        return (
            f"{_name(code)} may go on row {laid(move)[1]}, but a 4 never stays where it lands: "
            f"it slid on to row {landed} (rule B18)."
        )

    return check


def _clears_row_one(before: Any, after: Any, move: Try) -> str | None:
    return None if len(after.rows[0].cards) == 1 else "Row 1 still holds its cards."


def _closes(before: Any, after: Any, move: Try) -> str | None:
    return None if any(r.closed for r in after.rows) else "No row is closed yet."


STOEPTEGEL = [
    Task(
        id="st-standard",
        game="stoeptegel",
        title="Higher, same suit",
        goal="The rows count 9♥, K♠ and 4♦. Lay a card of your hand on a row.",
        setup=_stoeptegel(["QH 8H 3C", "KH 2D"], ["9H", "KS", "4D"], ["4C", "5C"]),
        check=_no_pass(),
        hint="A card goes on a higher card of its own suit, or on a card of its own rank.",
        solved="Q♥ is a higher heart than 9♥ (rules B9, B7).",
        answer=("QH", 1),
        wrong=("8H", 1),
        wrong_reason="B9",
        rule="B9",
    ),
    Task(
        id="st-score",
        game="stoeptegel",
        title="A card that scores",
        goal="Your stoeptegel is 6♦ and no row counts a ♦. Lay a card that scores a point.",
        setup=_stoeptegel(["8D 9S QC", "KH 4H"], ["KC", "8S", "3H"], ["6D", "2C"]),
        check=_all(_no_pass("a card of yours can make a ♦ count"), _scores),
        hint="You score when, after your card, some row counts a card of your stoeptegel's suit.",
        solved="8♦ on 8♠ (same rank): row 2 now counts a ♦, so your card scores (rules B9, B25).",
        answer=("8D", 2),
        wrong=("9S", 2),
        wrong_reason="B25",
        rule="B25",
    ),
    Task(
        id="st-five",
        game="stoeptegel",
        title="See through the 5",
        goal="Row 1 shows a 5♣ on top. Lay a card on row 1.",
        setup=_stoeptegel(["6C QC 3S", "KH 4H"], ["9C 5C", "KS", "4D"], ["2H", "3H"]),
        check=_all(_no_pass(), _on_row(1)),
        hint="A 5 is transparent: the card beneath it still counts.",
        solved="Row 1 counts the 9♣ beneath the 5♣, and Q♣ is a higher club (rules B19, B9).",
        answer=("QC", 1),
        wrong=("6C", 1),
        wrong_reason="9♣",
        rule="B19",
    ),
    Task(
        id="st-four",
        game="stoeptegel",
        title="Where does the 4 go?",
        goal="Get the 4♠ onto row 1. Lay it where it will slide there.",
        setup=_stoeptegel(["4S 9H", "QH KC"], ["2S", "8D", "3S"], ["6H", "2C"]),
        check=_all(_no_pass("the 4♠ can reach row 1"), _with_card("4S"), _ends_on_row_one("4S")),
        hint="A 4 slides to the next open row on its right; after row 3 comes row 1.",
        solved="Laid on row 3, the 4♠ slides on to the next row on its right, which is row 1 "
        "(rule B18; the wrap from row 3 to row 1 is this project's reading).",
        answer=("4S", 3),
        wrong=("4S", 1),
        wrong_reason="slid on to row 2",
        rule="B18",
    ),
    Task(
        id="st-seven",
        game="stoeptegel",
        title="A row turned around",
        goal="The 7♥ turned row 1 around. Lay a card on row 1.",
        setup=_stoeptegel(["9H 3H KD", "QS 6C"], ["QH 7H", "9S", "4D"], ["2C", "8C"]),
        check=_all(_no_pass(), _on_row(1)),
        hint="On a turned row the next card goes down: a lower card of the same suit.",
        solved="3♥ is a lower heart, and that is what a turned row takes (rules B20, B9).",
        answer=("3H", 1),
        wrong=("9H", 1),
        wrong_reason="lower",
        rule="B20",
    ),
    Task(
        id="st-ten",
        game="stoeptegel",
        title="Sweep a row",
        goal="Sweep row 1 clean: only your card should be left on it.",
        setup=_stoeptegel(["TC TD 6H", "QS KD"], ["3C 9C QC", "8H", "5S"], ["2D", "4D"]),
        check=_all(_no_pass("one of your 10s can sweep row 1"), _clears_row_one),
        hint="A 10 clears the row it lands on, but it goes only on a card of its own suit.",
        solved="10♣ on Q♣: every card beneath the 10 left the game (rules B14, B21).",
        answer=("TC", 1),
        wrong=("TD", 1),
        wrong_reason="B14",
        rule="B21",
    ),
    Task(
        id="st-two",
        game="stoeptegel",
        title="Close a row",
        goal="Close a row with one of your 2s.",
        setup=_stoeptegel(["2S 2H", "QH 6C"], ["KS 7S", "9H", "4D"], ["3C", "8C"]),
        check=_all(_no_pass("one of your 2s can close a row"), _closes),
        hint="The 2 is the lowest card going up, so it never goes up. Where do cards go down?",
        solved="On the turned row 1 a lower spade fits: 2♠ closes the row (rules B10, B17).",
        answer=("2S", 1),
        wrong=("2H", 2),
        wrong_reason="B9",
        rule="B17",
    ),
    Task(
        id="st-jack",
        game="stoeptegel",
        title="The jack",
        goal="Lay your J♣.",
        setup=_stoeptegel(["JC 4H", "QH 6C"], ["9H", "QS", "KD 7D"], ["3C", "8C"]),
        check=_all(_no_pass("your J♣ fits a row"), _with_card("JC")),
        hint="A jack goes on any card below a jack, whatever its suit, but not on a turned row.",
        solved="9♥ ranks below a jack, so the J♣ goes on it whatever the suits (rule B15).",
        answer=("JC", 1),
        wrong=("JC", 2),
        wrong_reason="B15",
        rule="B15",
    ),
    Task(
        id="st-ace",
        game="stoeptegel",
        title="The ace",
        goal="Lay your A♥.",
        setup=_stoeptegel(["AH 9C", "QD 6C"], ["KH", "KS", "5D"], ["3C", "8C"]),
        check=_all(_no_pass("your A♥ fits a row"), _with_card("AH")),
        hint="On an ordinary row an ace goes only on a king, and this project reads: of its suit.",
        solved="A♥ on K♥: an ace goes on a king of its own suit (rule B11, this project's "
        "reading; a Dutch table might allow any king).",
        answer=("AH", 1),
        wrong=("AH", 2),
        wrong_reason="B11",
        rule="B11",
    ),
    Task(
        id="st-pass",
        game="stoeptegel",
        title="Nothing fits",
        goal="The rows count Q♥, K♠ and 9♦. Make your move.",
        setup=_stoeptegel(["3C 6S", "2H 4C"], ["QH", "KS", "9D"], ["5H", "8H"]),
        check=_ANY,
        hint="Look at each card against each row. If none fits, there is still one move.",
        solved="No card of yours fits any row, so you pass; nobody passes for you (rule B23).",
        answer="pass",
        wrong=("6S", 2),
        wrong_reason="B9",
        rule="B23",
    ),
]

TASKS: dict[str, Task] = {task.id: task for task in (*TRIPEAKS, *STOEPTEGEL)}
"""Every exercise by its id, Tri-Peaks first, each game's in teaching order."""
