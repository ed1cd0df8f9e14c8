"""The one observer (rule B4): what view(seat) shows, and that it leaks nothing."""

from __future__ import annotations

import json
import random
import re

from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.stoeptegel import Stoeptegel, giver, shuffled_deck
from cardtable.stoeptegel.rows import CARDS

from .helpers import random_action, table, this_round

VIEW_KEYS = {
    "game", "seat", "players", "round", "phase", "dealer", "to_move", "target", "scores", "hand",
    "playable", "legal", "hand_counts", "stoeptegel", "gave", "stoeptegel_for", "stoeptegel_from",
    "chosen", "chosen_seats", "passed", "passes", "rows", "stock_count", "out_of_game", "reveal",
    "winners", "over", "events", "events_from", "counting_rows", "would_score", "rules",
}  # fmt: skip
SEED = 987_654_321_987_654


def hidden_from(game: Stoeptegel, seat: int) -> set[str]:
    """Codes seat may not know this round: other hands, the stock, stoeptegels it did not give
    or (before play) receive. Jokers are left out: the two are alike and may be public."""
    n = game.players
    hidden = {c.code for s in range(n) if s != seat for c in game.hand(s)}
    hidden |= {c.code for c in game.stock}
    if game.phase != "over":
        for giver_seat in range(n):
            card = game.chosen(giver_seat)
            owner = game.recipient(giver_seat)
            knows = seat == giver_seat or (seat == owner and game.phase == "play")
            if card is not None and not knows:
                hidden.add(card.code)
    hidden.discard("JK")
    return hidden


def leaked(view: dict[str, object], hidden: set[str]) -> set[str]:
    text = json.dumps(this_round(view))  # type: ignore[arg-type]
    return {code for code in re.findall(r'"([2-9TJQKA][SHDC])"', text) if code in hidden}


def test_view_fields_and_json() -> None:
    game = Stoeptegel(4, seed=SEED)
    view = game.view(1)
    assert set(view) == VIEW_KEYS and json.loads(json.dumps(view)) == view
    assert view["stoeptegel_for"] == {"offset": "self", "seat": 1} and view["chosen"] is False
    assert (
        view["legal"] == [] and view["to_move"] is None and view["stock_count"] == game.stock_count
    )
    assert str(SEED) not in json.dumps(view) and "seed" not in json.dumps(view)
    assert leaked(game.view(1), hidden_from(game, 0))  # the check does see another hand
    assert not leaked(view, hidden_from(game, 1))
    for seat in range(4):
        game.choose(seat, game.hand(seat)[0])
    view = game.view(0)
    assert view["to_move"] == 0 and view["stoeptegel"] == game.stoeptegel(0).code
    assert sorted(view["legal"]) == sorted([c.code, r] for c, r in game.legal_plays(0))
    assert view["playable"] == [any(code == c for c, _ in view["legal"]) for code in view["hand"]]
    assert game.view(1)["legal"] == [] and not any(game.view(1)["playable"])
    assert view["rows"][0]["cards"] == [game.rows[0].cards[0].code]
    assert set(view["rows"][0]) == {
        "cards",
        "played",
        "top",
        "counting",
        "counting_index",
        "closed",
        "turned",
    }


def test_choose_phase_fields_round_two() -> None:
    game = Stoeptegel(4, seed=3)
    for seat in range(4):
        game.choose(seat, game.hand(seat)[0])
    for _ in range(4):
        game.pass_turn(game.to_move)
    view = game.view(2)
    assert view["round"] == 2 and view["phase"] == "choose"
    assert view["stoeptegel_for"] == {"offset": "right-hand neighbour", "seat": 1}
    assert view["stoeptegel_from"] == 3 == giver(2, 2, 4)
    reveal = view["reveal"]
    assert reveal["round"] == 1 and len(reveal["stoeptegels"]) == 4
    assert {"seat", "laid", "card_points", "stoeptegel_point", "total"} == set(
        reveal["breakdown"][0]
    )
    game.choose(3, game.hand(3)[0])
    assert game.view(2)["chosen_seats"] == [False, False, False, True]
    assert game.view(2)["stoeptegel"] is None  # seat 3 gave it; seat 2 sees it when play starts
    choose = [e for e in game.view(2)["events"] if e["type"] == "choose"][-1]
    assert "card" not in choose and choose["seat"] == 3 and choose["for"] == 2
    assert "card" in [e for e in game.view(3)["events"] if e["type"] == "choose"][-1]


def test_events_are_filtered_per_seat() -> None:
    game = table(["KC", "8D", "3S"], "9D 8S", stoeptegels=("6D", "2C"), others="QH")
    game.play(0, "9D", 1)
    full = game.events[-1]
    assert full["type"] == "points" and full["stoeptegel"] == "6D"
    mine = game.view(0)["events"][-1]
    theirs = game.view(1)["events"][-1]
    assert mine == full
    assert theirs["type"] == "points" and "stoeptegel" not in theirs and "rows" not in theirs
    assert theirs["rule"] == "B25" and "6D" not in json.dumps(theirs)
    deal = game.view(1)["events"][0]
    assert "hands" not in deal and deal["hand"] == ["QH"] and deal["hand_counts"] == [2, 1]


def test_the_joker_replacement_is_public() -> None:
    game = table(["KS", "9D", "KD"], "JK 3H", stock="5S 8S")
    game.play(0, "JK", 0)
    for seat in (0, 1):
        event = next(e for e in game.view(seat)["events"] if e["type"] == "joker")
        assert event["replacement"] == "5S"
        assert "8S" not in json.dumps(game.view(seat))


@settings(max_examples=10, deadline=None)
@given(st.integers(10**12, 2**64 - 1), st.integers(2, 6), st.integers(0, 2**32))
def test_no_view_shows_another_hand_the_stock_or_an_unknown_stoeptegel(
    seed: int, players: int, policy: int
) -> None:
    rng = random.Random(policy)
    game = Stoeptegel(players, seed=seed, target=6)
    step = 0
    while game.phase != "over":
        if step % 2 == 0 or game.phase == "choose":
            for seat in range(players):
                view = game.view(seat)
                assert not leaked(view, hidden_from(game, seat)), seat
                assert view["stock_count"] == game.stock_count and str(seed) not in json.dumps(view)
        game.apply(random_action(game, rng))
        step += 1
    for seat in range(players):
        assert not leaked(game.view(seat), hidden_from(game, seat))


def safe_action(game: Stoeptegel, rng: random.Random, swapped: set[str]) -> tuple[object, ...]:
    """A random legal action that never uses a swapped card."""
    for _ in range(20):
        action = random_action(game, rng)
        if action[0] == "pass" or action[2] not in swapped:
            return action
    if game.phase == "play":
        return ("pass", game.to_move)
    seat = next(s for s in range(game.players) if game.chosen(s) is None)
    return ("choose", seat, next(c.code for c in game.hand(seat) if c.code not in swapped))


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 2**64 - 1), st.integers(0, 2**32))
def test_games_differing_only_in_hidden_cards_look_the_same(seed: int, policy: int) -> None:
    """Swap a card between seats 2 and 3 and the last two stock cards: seat 0 sees no change."""
    deck = [CARDS[c].code for c in shuffled_deck(seed, 1)]
    a_deck = list(deck)
    i = next(k for k in range(12, 18) if deck[k] != "JK")
    j = next(k for k in range(18, 24) if deck[k] != "JK" and deck[k] != deck[i])
    b_deck = list(deck)
    b_deck[i], b_deck[j] = deck[j], deck[i]
    b_deck[-1], b_deck[-2] = deck[-2], deck[-1]
    swapped = {deck[i], deck[j]}
    a = Stoeptegel(4, seed=seed, deck=a_deck, target=10)
    b = Stoeptegel(4, seed=seed, deck=b_deck, target=10)
    rng = random.Random(policy)
    while a.phase != "over":
        assert a.view(0) == b.view(0) and a.view(1) == b.view(1)
        action = safe_action(a, rng, swapped)
        a.apply(action)
        b.apply(action)
    assert a.view(0) == b.view(0)


def test_a_hidden_stoeptegel_of_the_same_suit_looks_the_same() -> None:
    """Seats 1 and 2 own stoeptegels seat 0 did not give (round 2): swapping them changes
    nothing seat 0 can see until the round ends and the stoeptegels are revealed."""
    hands = ["9D 8S 3H", "QH 5S", "JC 4H", "KD 6S"]
    rows = ["KC", "8D", "3S"]
    a = Stoeptegel.scenario(hands, rows, ["6D", "9C", "4C", "2H"], round=2, seed=1)
    b = Stoeptegel.scenario(hands, rows, ["6D", "4C", "9C", "2H"], round=2, seed=1)
    assert a.view(0) == b.view(0) and a.view(0)["gave"] == {"card": "2H", "to": 3}
    assert a.view(3) != b.view(3)  # seat 3 gave seat 2's stoeptegel: it knows
    rng = random.Random(5)
    while a.round == 2:
        action = random_action(a, rng)
        a.apply(action)
        b.apply(action)
        if a.round == 2:
            assert a.view(0) == b.view(0)


def test_a_view_does_not_grow_with_the_rounds_played() -> None:
    """A view carries this round's events (and the end of the last round), not the history."""
    from cardtable.stoeptegel.bots import GreedyBot

    game = Stoeptegel(4, seed=3, target=10**9)
    bots = [GreedyBot(seed=s) for s in range(4)]
    sizes: dict[int, int] = {}
    while game.round <= 60:
        if game.phase == "choose":
            if game.round in (3, 60):
                sizes[game.round] = len(json.dumps(game.view(0)))
            for seat, bot in enumerate(bots):
                game.choose(seat, bot.choose(game.view(seat)))
            continue
        seat = game.to_move
        move = bots[seat].turn(game.view(seat))
        game.pass_turn(seat) if move is None else game.play(seat, *move)
        view = game.view(seat)
        deals = [e for e in view["events"] if e["type"] == "deal"]
        assert [d["round"] for d in deals] == [game.round]
        assert view["events"] == game.seat_events(seat, view["events_from"])
    assert sizes[60] < 1.5 * sizes[3]
