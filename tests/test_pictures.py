"""The engines draw themselves (``_repr_svg_``, ``str``) from a view only: every card in a
picture is one the player may see, twin games that differ only in hidden cards draw the same,
and ``repr`` is code that rebuilds the game."""

from __future__ import annotations

import json
import random
import re
import xml.etree.ElementTree as ET

import pytest

from cardtable import IllegalMove
from cardtable.lessons import lesson_deck
from cardtable.stoeptegel import Stoeptegel, picture
from cardtable.tripeaks import TriPeaks

from .stoeptegel.helpers import hidden_twins, random_action

DRAWN = re.compile(r'data-card="([0-9A-Z]{2})"')


def drawn(svg: str) -> list[str]:
    ET.fromstring(svg)  # well-formed
    return DRAWN.findall(svg)


def played_tripeaks(seed: int, moves: int) -> TriPeaks:
    game, rng = TriPeaks(seed=seed), random.Random(seed)
    for _ in range(moves):
        if game.over:
            break
        game.apply(rng.choice(game.legal_moves()))
    return game


@pytest.mark.parametrize("seed", range(6))
def test_tripeaks_draws_only_what_the_player_sees(seed: int) -> None:
    game = played_tripeaks(seed, 4 * seed)
    view = game.view()
    face_up = {slot["card"] for slot in view["tableau"] if slot and slot["card"]}
    cards = drawn(game._repr_svg_())
    assert set(cards) == face_up | {view["waste"]} and len(cards) == len(face_up) + 1
    face_down = sum(1 for slot in view["tableau"] if slot and slot["card"] is None)
    assert game._repr_svg_().count('class="back"') == face_down + (view["stock_count"] > 0)
    assert str(game) in game._repr_svg_()  # the text board is the picture's description


def test_tripeaks_twins_that_differ_in_hidden_cards_draw_the_same() -> None:
    deck = lesson_deck({}, waste="KS")
    twin = list(deck)
    twin[0], twin[1] = twin[1], twin[0]  # two face-down peak cards swapped
    twin[29], twin[30] = twin[30], twin[29]  # and the stock's first two
    a, b = TriPeaks.from_deck(deck), TriPeaks.from_deck(twin)
    assert a._repr_svg_() == b._repr_svg_() and str(a) == str(b)


def test_tripeaks_text_board_names_the_peaks_waste_stock_and_moves() -> None:
    lines = str(TriPeaks(seed=7, moves=[22, "draw"])).splitlines()
    assert [line.count("##") for line in lines[:3]] == [3, 6, 9]  # the face-down rows
    assert len(lines[3].split()) == 9  # the bottom row less the 7 played
    assert lines[4] == "waste 8♣ · stock 22 · score 0 · run 0 · round 1"
    assert lines[5] == "moves: 24 7♦, draw"


@pytest.mark.parametrize(
    "make",
    [
        lambda: TriPeaks(seed=7, moves=[22, "draw"]),
        lambda: TriPeaks(seed=3, scoring="multiplier", progressive=True),
        lambda: played_tripeaks(11, 30),
        lambda: TriPeaks.from_deck(lesson_deck({}, waste="KS"), moves=["draw"]),
        lambda: TriPeaks.from_deck(lesson_deck({}, waste="KS"), seed=5, progressive=True),
    ],
)
def test_tripeaks_repr_is_code_that_rebuilds_the_game(make: object) -> None:
    game = make()  # type: ignore[operator]
    again = eval(repr(game), {"TriPeaks": TriPeaks})
    assert save(again) == save(game) and repr(again) == repr(game)


def save(game: TriPeaks) -> dict[str, object]:
    """The save, less the seed of a fixed deal played once (it shuffles nothing then)."""
    data = json.loads(game.to_json())
    if game.fixed_deal() and not game.progressive:
        del data["seed"]
    return data


def test_the_example_repr_and_a_bad_move_list() -> None:
    assert repr(TriPeaks(seed=7, moves=[22, "draw"])) == "TriPeaks(seed=7, moves=[22, 'draw'])"
    assert repr(TriPeaks(seed=7)) == "TriPeaks(seed=7)"
    with pytest.raises(IllegalMove, match="T1"):
        TriPeaks(seed=7, moves=[0])  # a face-down peak
    with pytest.raises(TypeError):
        TriPeaks(seed=7, moves="draw")  # type: ignore[arg-type]


# ---------------------------------------------------------------------------- Stoeptegel
def played_stoeptegel(seed: int, actions: int, players: int = 4) -> Stoeptegel:
    game, rng = Stoeptegel(players=players, seed=seed), random.Random(seed)
    for _ in range(actions):
        if game.phase == "over":
            break
        game.apply(random_action(game, rng))
    return game


def visible(game: Stoeptegel, seat: int) -> list[str]:
    view = game.view(seat)
    rows = [code for row in view["rows"] for code in row["cards"]]
    own = [view["stoeptegel"]] if view["stoeptegel"] else []
    return sorted([*view["hand"], *rows, *own])


@pytest.mark.parametrize("seed", range(8))
def test_stoeptegel_draws_one_seats_view_and_nothing_hidden_from_it(seed: int) -> None:
    game = played_stoeptegel(seed, 3 + 7 * seed, players=2 + seed % 5)
    for seat in range(game.players):
        assert sorted(drawn(picture.svg(game.view(seat)))) == visible(game, seat)
    shown = picture.seat_shown(game.view(0))
    assert game._repr_svg_() == picture.svg(game.view(shown))
    if game.phase == "play":
        assert shown == game.to_move


def test_stoeptegel_shows_the_seat_still_choosing() -> None:
    game = Stoeptegel(players=3, seed=4)
    game.choose(0, game.hand(0)[0])
    assert picture.seat_shown(game.view(2)) == 1
    assert "Player 2 (you)" in game._repr_svg_() and "Player 3" in game._repr_svg_()


def test_stoeptegel_twins_that_differ_in_hidden_cards_draw_the_same() -> None:
    a, b = hidden_twins()
    assert a._repr_svg_() == b._repr_svg_()  # seat 0 is to move


def test_stoeptegel_repr_rebuilds_a_game_not_yet_begun() -> None:
    for game in (Stoeptegel(players=4, seed=1), Stoeptegel(players=2, seed=9, target=12)):
        again = eval(repr(game), {"Stoeptegel": Stoeptegel})
        assert again.to_json() == game.to_json()
    deck = Stoeptegel(players=3, seed=5)
    fixed = Stoeptegel(players=3, seed=5, deck=[c.code for s in range(3) for c in deck.hand(s)]
                       + [r.top.code for r in deck.rows] + [c.code for c in deck.stock]
                       + [c.code for c in deck.out_of_game])  # fmt: skip
    assert eval(repr(fixed), {"Stoeptegel": Stoeptegel}).to_json() == fixed.to_json()
    played = played_stoeptegel(1, 10)
    assert repr(played).startswith("<Stoeptegel players=4 round=1 phase=play")
