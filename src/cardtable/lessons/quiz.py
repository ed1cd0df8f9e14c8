"""The final quiz of each game, "What would you play?": positions from seeded games of the
built-in bots, and a judge that is stronger than the learner.

- Tri-Peaks: a game of seed ``s`` played by the table's own hint (:func:`fair_hint`) for
  ``plies`` moves. The judge is the exact solver (:func:`cardtable.tripeaks.solve`, which sees
  every card, the face-down ones too): a move is right when it keeps the deal clearable, or
  keeps the best score within reach.
- Stoeptegel: a two-player game of seed ``s`` between two :class:`ExpertBot`\\ s (a fixed
  number of worlds a decision, so the game is the same on every machine), at seat 0's turn
  after ``plies`` turns. The judge is ExpertBot's evaluation (:func:`evaluate`: the points for
  you minus Player 2's by the round's end, averaged over 1,000 deals of the cards you cannot
  see, from a fixed seed): a move within :data:`MARGIN` of its best is right.

Both judges take seconds (far more in JupyterLite), so their verdicts are worked out once
and kept in :mod:`~cardtable.lessons.quiz_data`, with the Stoeptegel tables; the tests work
them out again and compare. ``python -m cardtable.lessons.quiz`` prints that module anew.

>>> from cardtable.lessons import TASKS, judge
>>> task = TASKS["tp-quiz-1"]
>>> judge(task, task.answer).solved, judge(task, task.wrong).solved
(True, False)
"""

from __future__ import annotations

import math
import pprint
from collections.abc import Iterable, Mapping
from functools import partial
from typing import Any

from .. import i18n
from ..cards import Card
from ..messages import Message, message, say, words_for
from ..naming import player
from ..stoeptegel import Stoeptegel
from ..stoeptegel.bots import ExpertBot, evaluate, play_on
from ..stoeptegel.rows import CARDS
from ..tripeaks import TriPeaks, solve
from .tasks import Task, Try

TRIPEAKS_SOURCES = ((3, 10), (7, 17), (10, 23), (14, 13), (13, 9))
"""(seed, plies) of each Tri-Peaks quiz position."""
STOEPTEGEL_SOURCES = ((2, 2), (3, 10), (4, 2), (6, 2), (8, 7))
"""(seed, plies) of each Stoeptegel quiz position."""
MARGIN = 0.25
"""A Stoeptegel move within this many points of ExpertBot's best is right."""
WORLDS, JUDGE_SEED = 1000, 2026
"""ExpertBot's evaluation: how many deals of the unseen cards, from which seed."""
_BOT_WORLDS = 24  # each bot decision of the source games: a fixed number of worlds


# ---------------------------------------------------------------------------- the positions
def tripeaks_position(seed: int, plies: int) -> TriPeaks:
    """Seed ``seed``'s deal after the table's hint has played ``plies`` moves."""
    game = TriPeaks(seed=seed)
    for _ in range(plies):
        move = game.hint("fair")
        assert move is not None, "a source game ended early"
        game.apply(move)
    return game


def stoeptegel_table(seed: int, plies: int) -> dict[str, Any]:
    """A two-player game of seed ``seed`` between ExpertBots, at seat 0's turn after ``plies``
    turns, as the ``Stoeptegel.scenario`` options that pose it."""
    game: Any = Stoeptegel(2, seed=seed)  # its views are plain dicts to the bots
    bots = [
        ExpertBot(seed * 10 + s, budget=math.inf, max_worlds=_BOT_WORLDS, choose_worlds=12)
        for s in range(2)
    ]
    def at_the_position(game: Any) -> bool:  # seat 0 to move, ``plies`` turns played
        turns = sum(action[0] != "choose" for action in game.actions)
        return bool(game.to_move == 0 and turns >= plies)

    play_on(game, bots, until=at_the_position)
    assert game.phase == "play", "a source game ended early"
    return {
        "hands": [_codes(game.hand(s)) for s in range(2)],
        "rows": [{"cards": _codes(r.cards), "played": list(r.played)} for r in game.rows],
        "stoeptegels": [_owned(game, s) for s in range(2)],
        "stock": _codes(game.stock),
        "scores": list(game.scores),
        "round": game.round,
        "dealer": game.dealer,
    }


def _codes(cards: Iterable[Card]) -> str:
    return " ".join(c.code for c in cards)


def _owned(game: Stoeptegel, seat: int) -> str:
    card = game.stoeptegel(seat)
    assert card is not None, "play has started: every seat owns its stoeptegel"
    return card.code


# ---------------------------------------------------------------------------- the judges
def tripeaks_replay(seed: int, moves: Iterable[int | str]) -> TriPeaks:
    """Seed ``seed``'s deal after ``moves`` (what the hint played: quick to replay, unlike
    the hint itself)."""
    game = TriPeaks(seed=seed)
    for move in moves:
        game.apply(move)
    return game


def tripeaks_verdicts(game: TriPeaks) -> dict[str, Any]:
    """The moves that led to ``game``; the exact solver on it and after each of its legal
    moves: the best score within reach and whether the deal can still be cleared."""
    root = solve(game, objective="score")
    after: dict[str, list[Any]] = {}
    for move in game.legal_moves():
        child = TriPeaks.from_json(game.to_json())
        child.apply(move)
        solution = solve(child, objective="score")
        after[str(move)] = [solution.best_score, solution.winnable]
    return {
        "moves": list(game.moves),
        "best": root.best_score,
        "winnable": root.winnable,
        "after": after,
    }


def stoeptegel_values(game: Stoeptegel) -> dict[str, float]:
    """ExpertBot's evaluation of each move of seat 0 (``"pass"`` or ``"QH 2"``: a card and a
    row, 1–3), rounded to 3 decimals."""
    view: Any = game.view(0)
    values = evaluate(view, JUDGE_SEED, lambda worlds, options: worlds >= WORLDS)
    return {_move_key(m): round(v, 3) for m, v in values.items()}


def _move_key(move: tuple[int, int] | None) -> str:
    return "pass" if move is None else f"{CARDS[move[0]].code} {move[1] + 1}"


def generate() -> dict[str, Any]:
    """Every quiz position and its verdicts, worked out afresh (what ``quiz_data`` keeps)."""
    tables = [stoeptegel_table(*source) for source in STOEPTEGEL_SOURCES]
    return {
        "tripeaks": [tripeaks_verdicts(tripeaks_position(*s)) for s in TRIPEAKS_SOURCES],
        "stoeptegel": [
            {"table": table, "values": stoeptegel_values(_pose(table))} for table in tables
        ],
    }


def _pose(table: Mapping[str, Any]) -> Stoeptegel:
    return Stoeptegel.scenario(**table, seed=1)


# ---------------------------------------------------------------------------- the tasks
def _tp_clause(lang: str, move: str, card: str | None, best: int, winnable: bool) -> str:
    """What the solver says of one move: "after 7♣ (position 16) the deal can still be
    cleared, and 300 is the best score left"."""
    if card is None:
        what = i18n.text("lesson.quiz.tp.a_draw", lang)
    else:
        what = i18n.text("lesson.quiz.tp.card_at", lang, card=str(Card.parse(card)), position=move)
    return i18n.text("lesson.quiz.tp.after", lang, move=what, best=best, winnable=winnable)


def _tp_said(fields: Mapping[str, Any], lang: str) -> dict[str, str]:
    """The solver's clauses of a quiz sentence (its ``said``: move, card, best, clearable)."""
    return {"said_text": "; ".join(_tp_clause(lang, *said) for said in fields["said"])}


words_for(["lesson.quiz.tp.wrong", "lesson.quiz.tp.solved"], _tp_said)


def _tp_card(game: TriPeaks, move: str) -> str | None:
    """The wire code of the card ``move`` plays (``None`` for a draw)."""
    card = None if move == "draw" else game.card_at(int(move))
    return None if card is None else card.code


def _tp_right(verdict: Mapping[str, Any], move: str) -> bool:
    best, winnable = verdict["after"][move]
    return bool(best == verdict["best"] or (verdict["winnable"] and winnable))


def _tripeaks_task(k: int, source: tuple[int, int], verdict: Mapping[str, Any]) -> Task:
    setup = partial(tripeaks_replay, source[0], tuple(verdict["moves"]))
    game = setup()
    moves = list(verdict["after"])
    right = [m for m in moves if _tp_right(verdict, m)]
    wrong = [m for m in moves if m not in right]
    said = {m: (m, _tp_card(game, m), *verdict["after"][m]) for m in moves}
    fields = {"k": k, "n": len(TRIPEAKS_SOURCES), "winnable": verdict["winnable"]}

    def texts(field: str, lang: str) -> str:
        if field == "solved":
            return say(message("lesson.quiz.tp.solved", said=list(said.values())), lang=lang)
        return i18n.text(f"lesson.quiz.tp.{field}", lang, **fields)

    def check(before: Any, after: Any, move: Try) -> Message | None:
        if _tp_right(verdict, str(move)):
            return None
        return message("lesson.quiz.tp.wrong", "T6", "T9", said=[said[str(move)]],
                       start=verdict["best"])  # fmt: skip

    return Task(
        id=f"tp-quiz-{k}",
        game="tripeaks",
        title=texts("title", "en"),
        goal=texts("goal", "en"),
        setup=setup,
        check=check,
        hint=texts("hint", "en"),
        solved=texts("solved", "en"),
        answer=_try(right[0]),
        wrong=_try(min(wrong, key=lambda m: (verdict["after"][m][1], verdict["after"][m][0]))),
        wrong_reason="exact solver",
        wrong_is_legal=True,
        misconception="the move that looks good now (the solver looks to the end)",
        rule="T6",
        show_positions=True,
        texts=texts,
    )


def _number(value: float, spec: str, lang: str) -> str:
    """``value`` as ``spec`` formats it, with the language's decimal comma (``+0,25``) and
    thousands point (``1.000``) outside English."""
    text = format(value, spec)
    if lang == "en":
        return text
    return text.replace(",", "\0").replace(".", ",").replace("\0", ".")


def _st_name(key: str, lang: str) -> str:
    """A move, ``"a pass"`` or ``"Q♥ on row 2"``, in ``lang``."""
    if key == "pass":
        return i18n.text("lesson.quiz.st.a_pass", lang)
    card, row = key.split()
    return i18n.text("lesson.quiz.st.card_on", lang, card=str(Card.parse(card)), row=row)


def _st_words(fields: Mapping[str, Any], lang: str) -> dict[str, str]:
    """The words of a Stoeptegel quiz sentence from its data (``rated``: every move and
    its value, best first; ``move``, ``value``, ``gap``: the move tried), in ``lang``."""
    words = {
        "judged": i18n.text("lesson.quiz.st.judged", lang, worlds=_number(WORLDS, ",", lang)),
        "margin": _number(MARGIN, "", lang),
        "other": player(1, lang),
    }
    if "rated" in fields:
        words["rated_text"] = ", ".join(
            f"{_st_name(m, lang)} {_number(v, '+.2f', lang)}" for m, v in fields["rated"]
        )
    if "move" in fields:
        words["move_text"] = _st_name(fields["move"], lang)
        words["value_text"] = _number(fields["value"], "+.2f", lang)
        words["gap_text"] = _number(fields["gap"], ".2f", lang)
    return words


words_for(["lesson.quiz.st.wrong"], _st_words)


def _stoeptegel_task(k: int, source: tuple[int, int], data: Mapping[str, Any]) -> Task:
    table, values = data["table"], data["values"]
    best = max(values.values())
    ranked = sorted(values, key=lambda m: -values[m])
    right = [m for m in ranked if values[m] >= best - MARGIN]
    fields = {"k": k, "n": len(STOEPTEGEL_SOURCES), "round": table["round"],
              "rated": [(m, values[m]) for m in ranked]}  # fmt: skip

    def texts(field: str, lang: str) -> str:
        return i18n.text(f"lesson.quiz.st.{field}", lang, **fields, **_st_words(fields, lang))

    def check(before: Any, after: Any, move: Try) -> Message | None:
        key = "pass" if move == "pass" else f"{move[0]} {move[1]}"  # type: ignore[index]
        value = values[key]
        if value >= best - MARGIN:
            return None
        return message("lesson.quiz.st.wrong", "B25", "B26", move=key, value=value,
                       gap=best - value)  # fmt: skip

    return Task(
        id=f"st-quiz-{k}",
        game="stoeptegel",
        title=texts("title", "en"),
        goal=texts("goal", "en"),
        setup=partial(_pose, table),
        check=check,
        hint=texts("hint", "en"),
        solved=texts("solved", "en"),
        answer=_try(right[0]),
        wrong=_try(ranked[-1]),
        wrong_reason="below its best",
        wrong_is_legal=True,
        misconception="the move that scores now is always best (the evaluation plays the round "
        "out)",
        rule="B25",
        texts=texts,
    )


def _try(key: str) -> Try:
    """A verdict's key as a try: ``"draw"``, ``"pass"``, ``"16"`` or ``"QH 2"``."""
    if key in ("draw", "pass"):
        return key
    if key.isdigit():
        return int(key)
    card, row = key.split()
    return (card, int(row))


def quiz_tasks() -> tuple[list[Task], list[Task]]:
    """The Tri-Peaks and the Stoeptegel quiz tasks, from the kept verdicts."""
    from .quiz_data import DATA

    tripeaks = [
        _tripeaks_task(k, s, v)
        for k, (s, v) in enumerate(zip(TRIPEAKS_SOURCES, DATA["tripeaks"], strict=True), 1)
    ]
    stoeptegel = [
        _stoeptegel_task(k, s, d)
        for k, (s, d) in enumerate(zip(STOEPTEGEL_SOURCES, DATA["stoeptegel"], strict=True), 1)
    ]
    return tripeaks, stoeptegel


def main() -> None:
    """Print ``quiz_data.py`` anew."""
    print('"""The quiz positions\' verdicts, worked out by ``cardtable.lessons.quiz.generate``')
    print('(``python -m cardtable.lessons.quiz``); the tests work them out again."""\n')
    print("from typing import Any\n")
    print("DATA: dict[str, Any] = " + pprint.pformat(generate(), width=96, sort_dicts=True))


if __name__ == "__main__":
    main()
