"""What the engines hand out can never reach back into a game, and what they take is checked
by exact type: views and events are copies; cards are cards; decks are checked by code."""

from __future__ import annotations

import json

import pytest

from cardtable import Card
from cardtable.cards import standard_deck
from cardtable.stoeptegel import Stoeptegel
from cardtable.tripeaks import TriPeaks


def edit_everything(value: object) -> None:
    """Change every dict and list inside ``value`` in place."""
    if isinstance(value, dict):
        for item in list(value.values()):
            edit_everything(item)
        value["edited"] = True
    elif isinstance(value, list):
        for item in value:
            edit_everything(item)
        value.append("edited")


def stoeptegel_mid_round() -> Stoeptegel:
    game = Stoeptegel(players=3, seed=17)
    for seat in range(3):
        game.choose(seat, game.hand(seat)[0])
    while game.round == 1 and not game.legal_plays(game.to_move):  # type: ignore[arg-type]
        game.pass_turn(game.to_move)  # type: ignore[arg-type]
    seat = game.to_move
    assert seat is not None
    card, row = game.legal_plays(seat)[0]
    game.play(seat, card, row)
    return game


def test_editing_a_stoeptegel_view_or_its_events_changes_nothing() -> None:
    game = stoeptegel_mid_round()
    save = game.to_json()
    others = [json.dumps(game.view(s)) for s in range(3)]
    events = json.dumps(game.events)
    for seat in range(3):
        edit_everything(game.view(seat))
        edit_everything(game.seat_events(seat))
    edit_everything(game.events)
    assert game.to_json() == save and json.dumps(game.events) == events
    assert [json.dumps(game.view(s)) for s in range(3)] == others


def test_editing_a_tripeaks_view_or_its_events_changes_nothing() -> None:
    game = TriPeaks(seed=8)
    for _ in range(5):
        game.apply(game.legal_moves()[0])
    save, view, events = game.to_json(), json.dumps(game.view()), json.dumps(game.events)
    edit_everything(game.view())
    edit_everything(game.events)
    edit_everything(game.last_events)
    assert game.to_json() == save
    assert json.dumps(game.view()) == view and json.dumps(game.events) == events


@pytest.mark.parametrize(
    ("rank", "suit"), [(1.0, "S"), (True, "S"), (1, b"S"), ("A", "S"), (1, 1), (13.0, "H")]
)
def test_a_card_of_the_wrong_exact_type_is_a_type_error(rank: object, suit: object) -> None:
    with pytest.raises(TypeError, match="an int and its suit a str"):
        Card(rank, suit)  # type: ignore[arg-type]


def test_a_half_joker_and_out_of_range_cards_are_value_errors() -> None:
    for rank, suit in [(None, "S"), (1, None), (0, "S"), (14, "H"), (1, "X")]:
        with pytest.raises(ValueError, match="not a card"):
            Card(rank, suit)


class LookAlike(Card):
    """A card that lies: equal to nothing, a fresh hash each time, and a false code."""

    @property
    def code(self) -> str:  # type: ignore[override]
        return "AS"

    def __eq__(self, other: object) -> bool:
        return False

    def __hash__(self) -> int:
        return id(self)


def test_a_look_alike_card_cannot_deal_a_card_twice() -> None:
    deck = standard_deck()
    twice = [LookAlike(c.rank, c.suit) for c in deck]
    twice[1] = LookAlike(deck[0].rank, deck[0].suit)  # the ace of spades twice, as look-alikes
    with pytest.raises(ValueError, match="each of the 52 cards"):
        TriPeaks.from_deck(twice)
    stoeptegel = [*twice, Card.parse("JK"), Card.parse("JK")]
    with pytest.raises(ValueError, match="each of the 52"):
        Stoeptegel(players=2, deck=stoeptegel)
    game = TriPeaks.from_deck([LookAlike(c.rank, c.suit) for c in deck])  # true to its slots
    assert type(game.card_at(0)) is Card and game.card_at(0) == deck[0]


def test_a_huge_card_text_is_not_echoed() -> None:
    with pytest.raises(ValueError) as refused:
        Card.parse("x" * 2_000_000)
    assert len(str(refused.value)) < 100


def test_an_unseeded_game_draws_a_full_64_bit_seed() -> None:
    seeds = {Stoeptegel(players=2).seed for _ in range(64)} | {TriPeaks().seed for _ in range(64)}
    assert len(seeds) == 128 and all(0 <= s < 2**64 for s in seeds)
    assert max(seeds) >= 2**63  # the top bit is used too (a 1-in-2**128 chance to fail)


def test_the_outcome_of_both_games_as_data() -> None:
    from cardtable import Outcome, Termination
    from cardtable.stoeptegel.bots import GreedyBot, play_game

    from .tripeaks.decks import CLEARING_ORDER, perfect_deal

    cleared = TriPeaks.from_deck(perfect_deal())
    assert cleared.outcome() is None
    for position in CLEARING_ORDER:
        cleared.play(position)
    assert cleared.outcome() == Outcome(Termination.CLEARED, (0,), (cleared.score,))
    blocked = TriPeaks(seed=3)
    while not blocked.over:
        blocked.apply(blocked.legal_moves()[-1])  # always draw: a blocked end
    outcome = blocked.outcome()
    assert outcome is not None and outcome.termination is Termination.BLOCKED
    assert outcome.winners == () and outcome.scores == (blocked.score,)
    game = play_game([GreedyBot(seed=1), GreedyBot(seed=2)], seed=4, target=8)
    assert game.outcome() == Outcome(Termination.TARGET, tuple(game.winners), tuple(game.scores))


def test_the_how_to_play_lines_cite_rules_of_part_b() -> None:
    import re
    from pathlib import Path

    from cardtable.stoeptegel.texts import HELP as STOEPTEGEL_HELP
    from cardtable.tripeaks.texts import HELP as TRIPEAKS_HELP

    rules = Path(__file__).resolve().parent.parent / "docs" / "rules"
    for name, lines in (("tripeaks", TRIPEAKS_HELP), ("stoeptegel", STOEPTEGEL_HELP)):
        part_b = set(re.findall(r"^- ([TB]\d+)\.", (rules / f"{name}.md").read_text(), re.M))
        tags = [rule for rule, _ in lines if rule != "Goal"]
        assert tags and set(tags) <= part_b, (name, set(tags) - part_b)
        for _, text in lines:  # cross references point at rules too
            assert set(re.findall(r"\b([TB]\d+)\b", text)) <= part_b, text
