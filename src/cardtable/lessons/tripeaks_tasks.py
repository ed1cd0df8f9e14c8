"""The Tri-Peaks exercises, in the order the tutorial teaches their rules (T1–T9).

Each position offers at least two legal tries besides the answer (a draw counts), and the
catalogued wrong try is the likeliest misconception about the rule.

>>> [task.rule for task in TRIPEAKS][:3]
['T3', 'T3', 'T1']
"""

from __future__ import annotations

from typing import Any

from ..messages import Message, message
from ..tripeaks import COVERED_BY, PEAKS, TriPeaks
from .checks import every, no_draw, tripeaks
from .decks import CLEARING_ORDER, perfect_deck
from .tasks import Check, Task, Try


def _code(game: Any, position: Any) -> str:
    """The wire code of the card at ``position`` (a sentence writes it ``10♥``)."""
    return str(game.card_at(position).code)


def _not(code_rank: str, why: str) -> Check:
    """The card played must not be of rank ``code_rank``; ``why`` is the message id."""

    def check(before: Any, after: Any, move: Try) -> Message | None:
        if move != "draw" and before.card_at(move).code[0] == code_rank:
            return message(why, card=_code(before, move), top=before.waste_top.code)
        return None

    return check


def _keeps_run(before: Any, after: Any, move: Try) -> Message | None:
    if any(m != "draw" for m in after.legal_moves()):
        return None
    return message("lesson.tp.run_stops", "T3", "T5", top=after.waste_top.code)


def _uncovers(position: int) -> Check:
    def check(before: Any, after: Any, move: Try) -> Message | None:
        if after.is_face_up(position):
            return None
        cover = [p for p in COVERED_BY[position] if after.card_at(p) is not None]
        return message("lesson.tp.still_covered", "T1", position=position, n=len(cover),
                       a=cover[0], b=cover[-1])  # fmt: skip

    return check


def _gains(points: int, *rules: str) -> Check:
    """The move must change the score by ``points``; the reason says what it came to."""

    def check(before: Any, after: Any, move: Try) -> Message | None:
        target = before.score + points
        if after.score == target:
            return None
        if move == "draw":
            cost = before.score - after.score
            return message("lesson.tp.draw_costs", *rules, cost=cost, score=after.score,
                           target=target)  # fmt: skip
        return message(
            "lesson.tp.card_scores", *rules, card=_code(before, move), run=after.run,
            peak=move in PEAKS, gained=after.score - before.score, score=after.score,
            target=target,
        )  # fmt: skip

    return check


def _clears_peak(before: Any, after: Any, move: Try) -> Message | None:
    if move in PEAKS:
        return None
    if move == "draw":
        return message("lesson.tp.draw_no_peak")
    return message("lesson.tp.no_peak_top", "T1", "T6", card=_code(before, move))


def _game_goes_on(before: Any, after: Any, move: Try) -> Message | None:
    if not after.over:
        return None
    return message("lesson.tp.game_over", "T9", card=_code(before, move), top=after.waste_top.code)


def _round_two() -> Any:
    """Round 2 of a progressive game, once a perfect deal has been cleared (466 points)."""
    game = TriPeaks.from_deck(perfect_deck(), progressive=True, seed=_ROUND_TWO_SEED)
    for position in CLEARING_ORDER:
        game.play(position)
    return game


_ROUND_TWO_SEED = 4
"""Round 2 of this seed deals 3♠ to the waste and two 4s to the bottom row."""


TRIPEAKS = [
    Task(
        id="tp-one-up-or-down",
        game="tripeaks",
        title="One up or one down",
        goal="The waste shows 7♣. Play a card of the bottom row onto it.",
        setup=tripeaks(
            {18: "2H", 19: "JC", 20: "6H", 21: "KS", 22: "8S",
             23: "QD", 24: "3D", 25: "TH", 26: "AD", 27: "5S"},
            waste="7C",
        ),
        check=no_draw(message("lesson.tp.draw_fits", top="7C")),
        hint="A card fits when its rank is one above or one below the waste's: a 6 or an 8.",
        solved="6♥ and 8♠ both fit: one rank below or above 7♣, whatever the suits (rule T3).",
        answer=22,
        wrong=19,
        wrong_reason="T3",
        wrong_is_legal=False,
        misconception="the suit matters (J♣ is a club, like the waste)",
        rule="T3",
    ),
    Task(
        id="tp-wrap",
        game="tripeaks",
        title="Round the corner",
        goal="The waste shows K♣. Play a card onto it that is not a queen.",
        setup=tripeaks(
            {18: "5C", 19: "9D", 20: "2H", 21: "7H", 22: "QS",
             23: "4D", 24: "AD", 25: "8S", 26: "TC", 27: "6H"},
            waste="KC",
        ),
        check=every(
            no_draw(message("lesson.tp.draw_wrap", top="KC")),
            _not("Q", "lesson.tp.other_card"),
        ),
        hint="The ranks wrap round: the king and the ace are neighbours, like the ace and the 2.",
        solved="A♦ on K♣: the ranks wrap round, so an ace goes on a king or a 2 (rule T3).",
        answer=24,
        wrong="draw",
        wrong_reason="wrap round",
        wrong_is_legal=True,
        misconception="nothing goes above a king (no wrap-round), so only a draw is left",
        rule="T3",
    ),
    Task(
        id="tp-uncover",
        game="tripeaks",
        title="Turn a card up",
        goal="Turn up the face-down card at position 14 (the positions are labelled).",
        setup=tripeaks(
            {18: "KC", 19: "9S", 20: "JH", 21: "8D", 22: "5C",
             23: "4S", 24: "3H", 25: "QD", 26: "TC", 27: "7S"},
            waste="5D",
            played=[23],
        ),
        check=_uncovers(14),
        hint="Position 14 lies under positions 23 and 24. One of them is already gone.",
        solved="Position 24 was the last card overlapping position 14, so 14 turned up (rule T1).",
        answer=24,
        wrong=14,
        wrong_reason="rule T1",
        wrong_is_legal=False,
        misconception="one covering card gone frees a card",
        rule="T1",
        show_positions=True,
    ),
    Task(
        id="tp-draw",
        game="tripeaks",
        title="What a draw costs",
        goal="Your score is 3 and two cards fit the 9♥. Make the move that leaves your score at 0.",
        setup=tripeaks(
            {9: "4D", 18: "8C", 19: "9H", 20: "TD", 21: "KS", 22: "QC",
             23: "3S", 24: "JD", 25: "8S", 26: "AH", 27: "2C"},
            waste="7H",
            played=[18, 19],
        ),
        check=_gains(-3, "T4", "T6"),
        hint="A draw is allowed whenever the stock has cards, also when a card fits. "
        "What does it cost?",
        solved="A draw turns the stock's top card onto the waste and ends the run. It costs 5 "
        "points, but the score never goes below 0: 3 becomes 0 (rules T4, T5, T6).",
        answer="draw",
        wrong=20,
        wrong_reason="card 3 of your run",
        wrong_is_legal=True,
        misconception="a draw gains points, or the score can go below 0",
        rule="T6",
    ),
    Task(
        id="tp-run",
        game="tripeaks",
        title="Keep the run going",
        goal="Two cards fit the 5♥. Play the one that lets you play another card after it.",
        setup=tripeaks(
            {18: "6S", 19: "4C", 20: "7D", 21: "KS", 22: "JC",
             23: "9H", 24: "QD", 25: "TC", 26: "2H", 27: "9S"},
            waste="5H",
        ),
        check=every(no_draw(message("lesson.tp.draw_ends_run")), _keeps_run),
        hint="Look one step ahead: after each card, which card would fit on it?",
        solved="6♠, then 7♦ fits on it: the longer a run, the more its cards score (rules T5, T6).",
        answer=18,
        wrong=19,
        wrong_reason="your run stops",
        wrong_is_legal=True,
        misconception="any fitting card will do (no look ahead)",
        rule="T5",
    ),
    Task(
        id="tp-points",
        game="tripeaks",
        title="A run's points",
        goal="Your score is 20 and your run is 4 cards long. Make the move that brings your "
        "score to 25.",
        setup=tripeaks(
            {18: "3D", 19: "4H", 20: "5S", 21: "6C", 9: "7D", 10: "TH", 11: "JS", 3: "QC",
             4: "KD", 0: "AD", 22: "8H", 23: "3C", 24: "6D", 25: "9C", 26: "QH", 27: "4S"},
            waste="2C",
            stock=["9S"],
            played=[18, 19, 20, 21, 9, "draw", 10, 11, 3, 4],
        ),
        check=_gains(5, "T5", "T6"),
        hint="The first card of a run scores 1, the second 2, and so on; a draw costs 5.",
        solved="Q♥ is card 5 of your run and scores 5: 20 + 5 = 25. A draw would have cost 5 "
        "(15), and the A♦, a peak top, scores 5 and a 15-point bonus (40) (rule T6).",
        answer=26,
        wrong="draw",
        wrong_reason="A draw costs 5",
        wrong_is_legal=True,
        misconception="a draw scores 5 points",
        rule="T6",
    ),
    Task(
        id="tp-peak",
        game="tripeaks",
        title="A peak for a bonus",
        goal="Two cards fit the 5♦. Play the one that earns a peak's bonus.",
        setup=tripeaks(
            {18: "6S", 19: "7C", 20: "8D", 21: "9H", 22: "TS", 23: "JC", 9: "QD", 10: "KH",
             11: "AC", 12: "2S", 13: "3D", 3: "4C", 4: "5D", 0: "6H", 5: "4H", 24: "9S",
             25: "KC", 26: "QS", 27: "JH"},
            waste="5H",
            played=[18, 19, 20, 21, 22, 23, 9, 10, 11, 12, 13, 3, 4],
        ),
        check=_clears_peak,
        hint="The three peaks are the three cards of row 1, at the top (positions 0, 1 and 2).",
        solved="6♥ is a peak top: clearing it scores 15 on top of its place in the run, and the "
        "last of the three peak tops scores 30 (rule T6).",
        answer=0,
        wrong=5,
        wrong_reason="no peak top",
        wrong_is_legal=True,
        misconception="a card of a peak's triangle below its top clears the peak",
        rule="T6",
        show_positions=True,
    ),
    Task(
        id="tp-multiplier",
        game="tripeaks",
        title="Multiplier scoring",
        goal="Multiplier scoring (rule T7): your run is 5 cards long. Make the move that scores "
        "57 points.",
        setup=tripeaks(
            {18: "3S", 19: "4D", 20: "5C", 21: "6H", 9: "9D", 10: "TS", 11: "JH", 3: "QS",
             4: "KC", 0: "AH", 22: "7S", 23: "2D", 24: "4C", 25: "QD", 26: "9H", 27: "5S"},
            waste="2H",
            stock=["8C"],
            played=[18, 19, 20, 21, "draw", 9, 10, 11, 3, 4],
            scoring="multiplier",
        ),
        check=_gains(57, "T7"),
        hint="With multiplier scoring the k-th card of a run scores 2 to the power k − 1; a peak "
        "adds 25, and a draw costs nothing.",
        solved="A♥ is card 6 of your run, 2⁵ = 32 points, and a peak top, 25 more: 57 (rule T7).",
        answer=0,
        wrong=25,
        wrong_reason="32 points",
        wrong_is_legal=True,
        misconception="the bonus is the standard 15, or any card of the run scores the same",
        rule="T7",
        show_positions=True,
    ),
    Task(
        id="tp-progressive",
        game="tripeaks",
        title="Progressive rounds",
        goal="Progressive rounds (rule T8): you cleared the tableau with 466 points, and a new "
        "deal lies out. Make the move that brings your score to 467.",
        setup=_round_two,
        check=_gains(1, "T8", "T6"),
        hint="The score carries over into the new round, but does the run?",
        solved="The new round starts a new run: its first card scores 1, and 466 carried over "
        "(rule T8).",
        answer=18,
        wrong="draw",
        wrong_reason="A draw costs 5",
        wrong_is_legal=True,
        misconception="the run carries over into the new round too",
        rule="T8",
    ),
    Task(
        id="tp-end",
        game="tripeaks",
        title="The end of the game",
        goal="The stock is empty and three cards fit the 7♣. Play one so that the game goes on.",
        setup=tripeaks(
            {18: "KD", 19: "8S", 20: "QH", 21: "2S", 22: "6D",
             23: "JC", 24: "3D", 25: "8H", 26: "TS", 27: "5C"},
            waste="AS",
            played=["draw"] * 23,
            last="7C",
        ),
        check=_game_goes_on,
        hint="With the stock empty there is no draw and no redeal. After each card, what fits?",
        solved="After the 6♦ the 5♣ fits: the game goes on. After either 8, nothing would fit "
        "and the stock is empty: the game would be over, and lost (rules T4, T9).",
        answer=22,
        wrong=19,
        wrong_reason="the game is over",
        wrong_is_legal=True,
        misconception="there is always another move (a draw, or a redeal)",
        rule="T9",
    ),
]
