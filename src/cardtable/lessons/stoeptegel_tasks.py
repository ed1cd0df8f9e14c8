"""The Stoeptegel exercises, in the order the tutorial teaches their rules (B3–B27).

Each is a table with seat 0 ("You") to move. Passing is always a legal try (rule B23), and
each table offers at least one card to lay besides the answer; the catalogued wrong try is the
likeliest misconception about the rule.

>>> [task.rule for task in STOEPTEGEL][:3]
['B9', 'B25', 'B23']
"""

from __future__ import annotations

from typing import Any

from ..cards import SUIT_SYMBOLS, Card
from ..messages import Message, message
from .checks import every, no_pass, on_row, scores, stoeptegel, with_card
from .tasks import Check, Task, Try, laid


def _higher_same_suit(before: Any, after: Any, move: Try) -> Message | None:
    card, row = laid(move)
    counting = before.rows[row - 1].counting_card
    if Card.parse(card).suit == counting.suit:
        return None
    return message("lesson.stoeptegel.other_rule", card=card, on=row, counting=counting.code,
                   suit=SUIT_SYMBOLS[counting.suit])  # fmt: skip


def _ends_on_row(number: int, code: str) -> Check:
    def check(before: Any, after: Any, move: Try) -> Message | None:
        if after.rows[number - 1].top == Card.parse(code):
            return None
        landed = next(n for n, r in enumerate(after.rows, 1) if r.top == Card.parse(code))
        return message("lesson.stoeptegel.slid", card=code, on=laid(move)[1], landed=landed)

    return check


def _clears_row_one(before: Any, after: Any, move: Try) -> Message | None:
    if len(after.rows[0].cards) == 1:
        return None
    card, row = laid(move)
    return message("lesson.stoeptegel.row_one_holds", card=card, on=row)


def _closes(before: Any, after: Any, move: Try) -> Message | None:
    if any(r.closed for r in after.rows):
        return None
    card, row = laid(move)
    return message("lesson.stoeptegel.closes_none", card=card, on=row)


def _keeps_suit_counting(suit: str) -> Check:
    def check(before: Any, after: Any, move: Try) -> Message | None:
        if any(r.counting_card.suit == suit for r in after.rows):
            return None
        card, row = laid(move)
        return message("lesson.stoeptegel.suit_gone", card=card, on=row, suit=SUIT_SYMBOLS[suit])

    return check


def _not_mine(before: Any, move: Try) -> Message:
    card, row = laid(move)
    mine, gave = before.stoeptegel(0), before.chosen(0)
    return message("lesson.stoeptegel.not_mine", card=card, on=row, gave=str(gave),
                   stoeptegel=mine.code, seat=1, suit=SUIT_SYMBOLS[mine.suit])  # fmt: skip


def _joker_covered(before: Any, move: Try) -> Message:
    return message("lesson.stoeptegel.joker_covered", on=laid(move)[1])


def _stoeptegel_point(before: Any, after: Any, move: Try) -> Message | None:
    if any(e["type"] == "points" and e["rule"] == "B26" and e["seat"] == 0 for e in after.events):
        return None
    passed = move == "pass"
    return message("lesson.stoeptegel.no_end_point", passed=passed, seat=1,
                   card=None if passed else laid(move)[0])  # fmt: skip


def _wins_alone(before: Any, after: Any, move: Try) -> Message | None:
    if after.winners == [0]:
        return None
    if after.winners:
        return message("lesson.stoeptegel.shared_win", seat=1)
    return message("lesson.stoeptegel.no_heart", card=laid(move)[0])


STOEPTEGEL = [
    Task(
        id="st-standard",
        game="stoeptegel",
        title="Higher, same suit",
        goal="The rows count 8♣, J♦ and 5♠. Lay a card that is higher than a row's counting "
        "card and of its suit.",
        setup=stoeptegel(["KC 6C JH 3D", "QH 2D"], ["8C", "JD", "5S"], ["4H", "9H"]),
        check=every(no_pass(), _higher_same_suit),
        hint="A card goes on a row of its own suit whose counting card is lower, or on a card of "
        "its own rank (rule B9).",
        solved="K♣ is a higher club than 8♣ (rules B9, B7). The J♥ would fit too, by the jack's "
        "rule or by its rank on the J♦.",
        answer=("KC", 1),
        wrong=("KC", 2),
        wrong_reason="B9",
        wrong_is_legal=False,
        misconception="any higher card goes, whatever its suit",
        rule="B9",
    ),
    Task(
        id="st-score",
        game="stoeptegel",
        title="A card that scores",
        goal="Your stoeptegel is 7♠ and no row counts a ♠. Lay a card that scores a point.",
        setup=stoeptegel(["5S 9S QD", "KH 4H"], ["5H", "9C", "JD"], ["7S", "2C"]),
        check=every(no_pass("suit", suit="♠"), scores()),
        hint="You score when, after your card, some row counts a card of your stoeptegel's suit.",
        solved="9♠ on 9♣ (same rank): row 2 now counts a ♠, so your card scores (rules B9, B25).",
        answer=("9S", 2),
        wrong=("5S", 1),
        wrong_reason="B25",
        wrong_is_legal=True,
        misconception="a card of your stoeptegel's suit always scores (a played 5 is see-through: "
        "the 5♥ beneath still counts, rule B19)",
        rule="B25",
    ),
    Task(
        id="st-pass",
        game="stoeptegel",
        title="Pass on purpose",
        goal="Your stoeptegel is 9♣ and only row 1 counts a ♣. Keep a ♣ counting.",
        setup=stoeptegel(["3H JD", "KC 8S"], ["3C", "KH", "QS"], ["9C", "2D"]),
        check=_keeps_suit_counting("C"),
        hint="Whatever you lay goes on row 1. Must you lay a card?",
        solved="Every card of yours would cover the 3♣; you pass, as is always allowed, also "
        "when a card fits, and play on next turn (rule B23).",
        answer="pass",
        wrong=("3H", 1),
        wrong_reason="B23",
        wrong_is_legal=True,
        misconception="you must lay a card when one fits",
        rule="B23",
    ),
    Task(
        id="st-five",
        game="stoeptegel",
        title="See through the 5",
        goal="Row 1 shows a 5♦ on top. Lay a card on row 1.",
        setup=stoeptegel(["8S 6C QC 3H", "KH 4H"], ["8D 5D", "JC", "4S"], ["2H", "9H"]),
        check=every(no_pass(), on_row(1)),
        hint="A 5 is transparent: the card beneath it still counts.",
        solved="Row 1 counts the 8♦ beneath the 5♦, and 8♠ has its rank (rules B19, B9).",
        answer=("8S", 1),
        wrong=("6C", 1),
        wrong_reason="8♦",
        wrong_is_legal=False,
        misconception="the 5 counts: a card higher than the 5 goes on it",
        rule="B19",
    ),
    Task(
        id="st-seven",
        game="stoeptegel",
        title="A row turned around",
        goal="The 7♣ turned row 1 around. Lay a card on row 1.",
        setup=stoeptegel(["9C 3C KD", "QS 6H"], ["KC 7C", "9D", "4S"], ["2H", "8H"]),
        check=every(no_pass(), on_row(1)),
        hint="On a turned row the next card goes down: a lower card of the same suit.",
        solved="3♣ is a lower club, and that is what a turned row takes (rules B20, B9).",
        answer=("3C", 1),
        wrong=("9C", 1),
        wrong_reason="lower",
        wrong_is_legal=False,
        misconception="a higher card of the suit goes, as on an ordinary row",
        rule="B20",
    ),
    Task(
        id="st-two",
        game="stoeptegel",
        title="Close a row",
        goal="Close a row with one of your 2s.",
        setup=stoeptegel(["2D 2C 9C", "QH 6S"], ["JD 7D", "8C", "5H"], ["3S", "8S"]),
        check=every(no_pass("two"), _closes),
        hint="The 2 is the lowest card going up, so it never goes up. Where do cards go down?",
        solved="On the turned row 1 a lower diamond fits: 2♦ closes the row (rules B10, B17).",
        answer=("2D", 1),
        wrong=("2C", 2),
        wrong_reason="B9",
        wrong_is_legal=False,
        misconception="a 2 goes on any row and closes it",
        rule="B17",
    ),
    Task(
        id="st-four",
        game="stoeptegel",
        title="Where does the 4 go?",
        goal="Get the 4♣ onto row 3.",
        setup=stoeptegel(["4C KS", "QH 6D"], ["3C", "9S 7S 2S", "KH"], ["6H", "2D"]),
        check=every(no_pass("four", card="4C"), with_card("4C"), _ends_on_row(3, "4C")),
        hint="A 4 slides on to the next open row on its right; closed rows are skipped.",
        solved="Laid on row 1, the 4♣ slides right, past the closed row 2, on to row 3; the "
        "slide is not checked against the K♥ (rule B18).",
        answer=("4C", 1),
        wrong=("4C", 3),
        wrong_reason="B9",
        wrong_is_legal=False,
        misconception="you lay a 4 where you want it to end",
        rule="B18",
    ),
    Task(
        id="st-ten",
        game="stoeptegel",
        title="Sweep a row",
        goal="Sweep row 1 clean: only your card should be left on it.",
        setup=stoeptegel(["TH TS 9D", "QC KD"], ["4H 8H", "KS", "6D"], ["2C", "3C"]),
        check=every(no_pass("ten"), _clears_row_one),
        hint="A 10 clears the row it lands on, but it goes only on a card of its own suit.",
        solved="10♥ on 8♥: every card beneath the 10 left the game (rules B14, B21).",
        answer=("TH", 1),
        wrong=("TS", 1),
        wrong_reason="B14",
        wrong_is_legal=False,
        misconception="a 10 sweeps any row",
        rule="B21",
    ),
    Task(
        id="st-jack",
        game="stoeptegel",
        title="The jack",
        goal="Lay your J♦.",
        setup=stoeptegel(["JD 8C 4S", "QH 6H"], ["6C", "KH", "QS 7S"], ["3H", "9H"]),
        check=every(no_pass("yours", card="JD"), with_card("JD")),
        hint="A jack goes on any card from 2 to 10, whatever its suit, but never on a turned row.",
        solved="6♣ ranks below a jack, so the J♦ goes on it whatever the suits (rule B15).",
        answer=("JD", 1),
        wrong=("JD", 3),
        wrong_reason="B15",
        wrong_is_legal=False,
        misconception="a jack goes on anything lower, a turned row too",
        rule="B15",
    ),
    Task(
        id="st-ace",
        game="stoeptegel",
        title="The ace",
        goal="Lay your A♦.",
        setup=stoeptegel(["AD 9S", "QH 6C"], ["KC", "KD", "8S"], ["3H", "4H"]),
        check=every(no_pass("yours", card="AD"), with_card("AD")),
        hint="On an ordinary row an ace goes only on a king, and this project reads: of its suit.",
        solved="A♦ on K♦: an ace goes on a king of its own suit (rule B11, this project's "
        "reading; a Dutch table might allow any king).",
        answer=("AD", 2),
        wrong=("AD", 1),
        wrong_reason="B11",
        wrong_is_legal=False,
        misconception="an ace goes on any king",
        rule="B11",
    ),
    Task(
        id="st-joker",
        game="stoeptegel",
        title="The joker's stand-in",
        goal="Your stoeptegel is 6♦ and only row 3 counts a ♦ (the 8♦). Lay your joker and "
        "still score.",
        setup=stoeptegel(
            ["JK 9H QS", "KD 3C"], ["KC", "9S", "8D"], ["6D", "2H"], stock=["KH", "4C", "7S"]
        ),
        check=every(no_pass("joker"), with_card("JK"), scores(_joker_covered)),
        hint="A joker leaves at once, and the stock's top card takes its place on that row.",
        solved="The joker left and the stock's top card took its place on its row, not on "
        "row 3: the 8♦ still counts, so you score (rules B22, B25).",
        answer=("JK", 1),
        wrong=("JK", 3),
        wrong_reason="B22",
        wrong_is_legal=True,
        misconception="the joker stays on the row, or changes nothing there",
        rule="B22",
    ),
    Task(
        id="st-whose",
        game="stoeptegel",
        title="Whose stoeptegel?",
        goal="Round 2, three players. Lay a card that scores a point for you.",
        setup=stoeptegel(
            ["8H KC 5D", "2S 6S", "3S 4D"], ["KD", "8S", "QC"], ["6H", "JS", "9C"], round=2
        ),
        check=every(no_pass("score"), scores(_not_mine)),
        hint="In round 2 the card you set aside went to your right-hand neighbour. Whose card "
        "did you get?",
        solved="Player 2, on your left, gave you the 6♥: your stoeptegel this round. 8♥ on 8♠ "
        "(same rank) makes a ♥ count (rules B3, B25).",
        answer=("8H", 2),
        wrong=("KC", 3),
        wrong_reason="B3",
        wrong_is_legal=True,
        misconception="the card you set aside is yours, whatever the round",
        rule="B3",
    ),
    Task(
        id="st-end-point",
        game="stoeptegel",
        title="The stoeptegel's point",
        goal="Player 2 has no cards left, so the round ends after your move. Earn your "
        "stoeptegel 9♠ its end-of-round point.",
        setup=stoeptegel(["9D 5D KS", ""], ["KH", "3D", "QC"], ["9S", "2C"]),
        check=_stoeptegel_point,
        hint="At the end of the round your stoeptegel scores if it could still be laid on a "
        "row. Which cards could it go on?",
        solved="On 9♦ the 9♠ could be laid (same rank), so at the end of the round it scores 1 "
        "point; nothing is actually laid (rules B26, B24).",
        answer=("9D", 2),
        wrong=("KS", 1),
        wrong_reason="B26",
        wrong_is_legal=True,
        misconception="the stoeptegel scores when its suit counts, as a laid card does",
        rule="B26",
    ),
    Task(
        id="st-win",
        game="stoeptegel",
        title="First to 30",
        goal="You and Player 2 both have 29 points; Player 2 has no cards left. Win the game, "
        "alone.",
        setup=stoeptegel(
            ["KH JC", ""], ["8D", "4H", "JS"], ["7H", "QD"], scores=[29, 29]
        ),
        check=_wins_alone,
        hint="Who reaches 30 during a round wins at once; at the end of a round several may.",
        solved="K♥ on 4♥ scores at once, so you reach 30 and win: the round is not scored "
        "further, so Player 2's stoeptegel point never comes (rule B27).",
        answer=("KH", 2),
        wrong="pass",
        wrong_reason="share the win",
        wrong_is_legal=True,
        misconception="the end-of-round point wins just as well",
        rule="B27",
    ),
]
